"""Soak test: many random games per game configuration, every state checked.

Each step validates the state's invariants (``_validate``); every ``--deep`` steps it also
round-trips the save, clones, determinizes for every seat and checks the observation. Not part
of the test suite (it runs for minutes); run it after changing rules:

    python scripts/soak.py --games 2000 --workers 2
"""

from __future__ import annotations

import argparse
import json
import time
from concurrent.futures import ProcessPoolExecutor
from typing import Any

import tabletop
from tabletop.bench import configurations
from tabletop.core import Rng


def soak(name: str, players: int, options: dict[str, Any], seeds: range, deep: int) -> tuple[str, int, int]:
    game = tabletop.load(name)
    rng = Rng.from_seed(seeds.start)
    steps = 0
    for seed in seeds:
        state = game.new_game(players=players, seed=seed, **options)
        while not state.is_terminal:
            state._validate()
            if steps % deep == 0:
                data = json.loads(json.dumps(state.to_dict()))
                assert game.state_from_dict(data).to_dict() == data, (name, seed, "save")
                for seat in range(players):
                    guess = state.determinize(seat, steps)
                    guess._validate()
                    assert guess.observation(seat) == state.observation(seat), (name, seed, "view")
            state.apply(rng.choice(state.legal_actions()))
            steps += 1
            if steps > 50_000_000:
                raise RuntimeError("runaway")
        state._validate()
        assert game.replay(state.record()).to_dict() == state.to_dict(), (name, seed, "replay")
    return f"{name} {players}p {options}", len(seeds), steps


def main() -> None:
    parser = argparse.ArgumentParser(description="random-play soak with invariant checks")
    parser.add_argument("games", nargs="*", default=None, help="game names (default: all)")
    parser.add_argument("--games", dest="count", type=int, default=500, help="games per configuration")
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--deep", type=int, default=23, help="deep checks every N steps")
    parser.add_argument("--seed", type=int, default=10_000)
    args = parser.parse_args()
    jobs = []
    for name in args.games or tabletop.game_names():
        for players, options in configurations(tabletop.load(name)):
            for start in range(args.seed, args.seed + args.count, 100):
                seeds = range(start, min(start + 100, args.seed + args.count))
                jobs.append((name, players, options, seeds, args.deep))
    began = time.perf_counter()
    totals: dict[str, list[int]] = {}
    with ProcessPoolExecutor(args.workers) as pool:
        for label, games, steps in pool.map(soak, *zip(*jobs)):
            entry = totals.setdefault(label, [0, 0])
            entry[0] += games
            entry[1] += steps
    for label, (games, steps) in totals.items():
        print(f"{label:<55} {games:>6} games {steps:>10} states checked")
    print(f"all clean in {time.perf_counter() - began:.0f} s")


if __name__ == "__main__":
    main()
