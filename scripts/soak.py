"""Soak test: many random games per game configuration, every state checked.

Each step validates the state's invariants (``_validate``); every ``--deep`` steps it also
round-trips the save, clones, determinizes for every seat and checks the observation. With
``--fuzz N`` every deep check also throws N random bad actions and N mutated saves at the state,
and N mutated records at each finished game (the checks of ``tests/test_fuzz.py``: clear
refusals, nothing changed, whatever is accepted round-trips and replays). Not part of the test
suite (it runs for minutes); run it after changing rules:

    python scripts/soak.py --games 2000 --workers 2 --fuzz 3
"""

from __future__ import annotations

import argparse
import copy
import json
import random
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import Any

import tabletop
from tabletop.bench import configurations
from tabletop.core import Rng

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))  # the fuzz checks


def fuzz_state(name: str, players: int, state: Any, data: dict[str, Any], tries: int, seed: int) -> None:
    """``tries`` bad actions and mutated saves thrown at ``state`` (the fuzz test's checks)."""
    import test_fuzz as fuzz  # tests/ is on the path: one copy of the checks, here and in CI

    pool = fuzz.pool(name, players)
    for attempt in range(tries):
        rng = random.Random(seed * 7919 + attempt)
        target = state.clone()
        if attempt % 4 == 0:
            fuzz.check_changed_in_place(target, rng)
        else:
            action, what = fuzz.bad_action(pool, target, rng)
            fuzz.check_apply(target, action, what)
        changed = copy.deepcopy(data)
        fuzz.check_load(pool.game, changed, fuzz.mutate(changed, rng))


def fuzz_record(state: Any, tries: int, seed: int) -> None:
    """``tries`` mutated copies of ``state``'s record thrown at ``replay``."""
    import test_fuzz as fuzz

    record = json.loads(json.dumps(state.record()))
    for attempt in range(tries):
        changed = copy.deepcopy(record)
        fuzz.check_replay(state.game, changed, fuzz.mutate(changed, random.Random(seed * 104_729 + attempt)))


def soak(
    name: str, players: int, options: dict[str, Any], seeds: range, deep: int, fuzz: int = 0
) -> tuple[str, int, int]:
    game = tabletop.load(name)
    rng = Rng.from_seed(seeds.start)
    steps = 0
    for seed in seeds:
        state = game.new_game(players=players, seed=seed, **options)
        while not state.is_terminal:
            state._validate()
            if steps % deep == 0:
                data = json.loads(json.dumps(state.to_dict()))
                loaded = game.state_from_dict(data).to_dict()  # int keys come back as ints, not str
                assert json.loads(json.dumps(loaded)) == data, (name, seed, "save")
                for seat in range(players):
                    guess = state.determinize(seat, steps)
                    guess._validate()
                    assert guess.observation(seat) == state.observation(seat), (name, seed, "view")
                if fuzz:
                    try:
                        fuzz_state(name, players, state, data, fuzz, steps)
                    except AssertionError as error:
                        raise AssertionError(
                            f"{name} {players}p {options} seed {seed} step {steps}: {error}"
                        ) from None
            state.apply(rng.choice(state.legal_actions()))
            steps += 1
            if steps > 50_000_000:
                raise RuntimeError("runaway")
        state._validate()
        assert game.replay(state.record()).to_dict() == state.to_dict(), (name, seed, "replay")
        if fuzz:
            try:
                fuzz_record(state, fuzz, seed)
            except AssertionError as error:
                raise AssertionError(f"{name} {players}p {options} seed {seed} record: {error}") from None
    return f"{name} {players}p {options}", len(seeds), steps


def main() -> None:
    parser = argparse.ArgumentParser(description="random-play soak with invariant checks")
    parser.add_argument("games", nargs="*", default=None, help="game names (default: all)")
    parser.add_argument("--games", dest="count", type=int, default=500, help="games per configuration")
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--deep", type=int, default=23, help="deep checks every N steps")
    parser.add_argument("--seed", type=int, default=10_000)
    parser.add_argument(
        "--fuzz",
        type=int,
        default=0,
        metavar="N",
        help="at each deep check throw N bad actions and N mutated saves, and N mutated records per game",
    )
    args = parser.parse_args()
    jobs = []
    for name in args.games or tabletop.game_names():
        # Every option's every value (7 Wonders' sides B and random, Dozen War's draft too),
        # not only what the benchmark plays.
        for players, options in configurations(tabletop.load(name), defaults=False):
            for start in range(args.seed, args.seed + args.count, 100):
                seeds = range(start, min(start + 100, args.seed + args.count))
                jobs.append((name, players, options, seeds, args.deep, args.fuzz))
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
