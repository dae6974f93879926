"""Games played at once in threads of one process play exactly as they do one at a time.

The games keep module-level caches between decisions (Dozen War's last board view and cell
codes, cost books, shared action objects); a thread switch between reading and using one must
never mix two games' data. The switch interval is cut to a microsecond so that threads switch
inside those few lines; before the caches were made snapshots this gave wrong moves and
crashes in Dozen War.
"""

from __future__ import annotations

import hashlib
import json
import sys
import threading
from collections.abc import Iterator
from typing import Any

import pytest

import tabletop
from tabletop.core import Rng

#: (game, players, options, seeds): a few games each, short enough for threads that switch
#: every microsecond.
CASES: list[tuple[str, int, dict[str, Any], range]] = [
    ("wonders_duel", 2, {}, range(4)),
    ("splendor_duel", 2, {}, range(4)),
    ("cities_of_splendor", 4, {"module": "orient"}, range(3)),
    ("seven_wonders", 3, {}, range(3)),
    ("dozen_war", 2, {"mode": "engage"}, range(4)),
    ("dozen_war", 4, {"mode": "ffa"}, range(3)),
]


def _digest(name: str, players: int, options: dict[str, Any], seed: int) -> str:
    """A hash of every legal-action list and of the final save of one seeded random game."""
    game = tabletop.load(name)
    state = game.new_game(players=players, seed=seed, **options)
    rng = Rng.from_seed(seed)
    digest = hashlib.sha256()
    while not state.is_terminal:
        listed = state.legal_actions()
        digest.update(repr(listed).encode())
        state.apply(rng.choice(listed))
    digest.update(json.dumps(game.state_to_dict(state), sort_keys=True).encode())
    return digest.hexdigest()


@pytest.fixture
def switch_often() -> Iterator[None]:
    """Threads switch every microsecond for the test (the default is 5 ms)."""
    before = sys.getswitchinterval()
    sys.setswitchinterval(1e-6)
    try:
        yield
    finally:
        sys.setswitchinterval(before)


@pytest.mark.parametrize(("name", "players", "options", "seeds"), CASES, ids=lambda case: str(case))
@pytest.mark.usefixtures("switch_often")
def test_games_in_threads_play_as_they_do_alone(
    name: str, players: int, options: dict[str, Any], seeds: range
) -> None:
    alone = {seed: _digest(name, players, options, seed) for seed in seeds}
    together: dict[int, str] = {}
    failures: list[BaseException] = []

    def play(seed: int) -> None:
        try:
            together[seed] = _digest(name, players, options, seed)
        except BaseException as error:  # reported below, in the test's own thread
            failures.append(error)

    threads = [threading.Thread(target=play, args=(seed,)) for seed in seeds]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert not failures, failures
    assert together == alone
