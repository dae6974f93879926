"""How fast random play could be with legal-action listing free: the ceiling a faster listing
can reach, per benchmark configuration.

For each configuration a child process plays seeded random games and records every legal list
its states give. This process then warms up on other seeds, times random play on seeds it has
not seen (the benchmark's figure, warm), and replays the recorded games with each listing read
back from the recording, so that only ``apply``, ``new_game``, the kernel and the agent's choice
cost time. The recorded games are never played in this process before they are timed, so no
cache of theirs is warm. Not part of the test suite:

    python scripts/ceiling.py dozen_war --seconds 4
"""

from __future__ import annotations

import argparse
import pickle
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import tabletop
from tabletop.bench import configurations
from tabletop.core import Rng

#: Seeds of the recorded, warm-up and timed games (apart, so no game is played twice).
RECORDED, WARM_UP, TIMED = 1_000_000, 2_000_000, 3_000_000


def play(game: Any, players: int, options: dict[str, Any], first: int, count: int) -> int:
    """Play ``count`` random games from seed ``first`` on; the decisions made."""
    rng = Rng.from_seed(0)
    decisions = 0
    for seed in range(first, first + count):
        state = game.new_game(players=players, seed=seed, **options)
        while not state.is_terminal:
            state.apply(rng.choice(state.legal_actions()))
            decisions += 1
    return decisions


def record(name: str, players: int, options: dict[str, Any], count: int, first: int, path: str) -> None:
    """Play the recorded games, keeping every legal list in order, and pickle them to ``path``."""
    game = tabletop.load(name)
    cls = type(game.new_game(players=players, seed=0, **options))
    listed: list[Any] = []
    listing = cls._legal_actions

    def keep(state: Any) -> Any:
        found = listing(state)
        listed.append(found)
        return found

    cls._legal_actions = keep
    play(game, players, options, first, count)
    Path(path).write_bytes(pickle.dumps(listed))


def measure(
    name: str, players: int, options: dict[str, Any], count: int, offset: int
) -> tuple[float, float, float, float]:
    """Games/s and decisions/s of warm random play, and both with the listing free (``offset``:
    added to every seed, so that repeated rounds play other games)."""
    game = tabletop.load(name)
    with tempfile.TemporaryDirectory() as folder:
        path = str(Path(folder) / "lists.pickle")
        subprocess.run(
            [
                sys.executable,
                __file__,
                "--record",
                path,
                name,
                str(players),
                repr(options),
                str(count),
                str(RECORDED + offset),
            ],
            check=True,
        )
        listed: Iterator[Any] = iter(pickle.loads(Path(path).read_bytes()))
    play(game, players, options, WARM_UP + offset, max(2, count // 4))
    start = time.process_time()
    decisions = play(game, players, options, TIMED + offset, count)
    full = time.process_time() - start
    cls = type(game.new_game(players=players, seed=0, **options))
    listing = cls._legal_actions
    cls._legal_actions = lambda state: next(listed)
    try:
        start = time.process_time()
        replayed = play(game, players, options, RECORDED + offset, count)
        free = time.process_time() - start
    finally:
        cls._legal_actions = listing
    return count / full, decisions / full, count / free, replayed / free


def main() -> None:
    if sys.argv[1:2] == ["--record"]:
        path, game_name, seats, chosen, number, first = sys.argv[2:8]
        record(game_name, int(seats), eval(chosen), int(number), int(first), path)  # our own repr of a dict
        return
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("games", nargs="*", help="games (default: all)")
    parser.add_argument(
        "--seconds", type=float, default=3.0, help="about this long per configuration and round"
    )
    parser.add_argument(
        "--rounds", type=int, default=3, help="rounds per configuration: each figure is the best"
    )
    args = parser.parse_args()
    print(f"{'':48} {'warm random play':>22} {'every listing free':>22}")
    print(
        f"{'configuration':48} {'games/s':>9} {'decisions/s':>12} {'games/s':>9} {'decisions/s':>12} {'listing':>8}"
    )
    for name in args.games or tabletop.game_names():
        game = tabletop.load(name)
        for players, options in configurations(game):
            # One game first, to size the runs to about --seconds each.
            start = time.process_time()
            play(game, players, options, WARM_UP - 1, 1)
            count = max(2, int(args.seconds / 2 / max(time.process_time() - start, 1e-4)))
            rounds = [measure(name, players, options, count, 10_000 * r) for r in range(args.rounds)]
            games, decisions, free_games, ceiling = (max(figures) for figures in zip(*rounds))
            label = f"{name} {players} {','.join(f'{k}={v}' for k, v in sorted(options.items()))}"
            share = 1 - decisions / ceiling  # the listing's share of the time
            print(
                f"{label:48} {games:>9,.0f} {decisions:>12,.0f} {free_games:>9,.0f} {ceiling:>12,.0f} {share:>8.0%}",
                flush=True,
            )


if __name__ == "__main__":
    main()
