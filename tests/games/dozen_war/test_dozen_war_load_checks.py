"""The load checks' quick path (issue 15): a valid state passes on whole-collection tests, and
it never passes what the thing-by-thing walk refuses, so every refusal is the walk's own."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import attrs
import pytest

from contract import random_state
from tabletop.games.dozen_war import GAME
from tabletop.games.dozen_war.invariants import _plainly_valid, _walk, check
from tabletop.games.dozen_war.state import DozenWarState


def _played(players: int, seed: int, steps: int, **options: str) -> DozenWarState:
    state = random_state(GAME, seed, steps, players=players, **options)
    assert isinstance(state, DozenWarState)
    return state


@pytest.fixture(scope="module")
def states() -> list[DozenWarState]:
    return [
        _played(2, 1, 60, generals="random", mode="engage"),
        _played(3, 2, 150, generals="random"),
        _played(4, 3, 200, generals="random", mode="alliance"),
    ]


def test_a_state_of_play_passes_on_the_quick_path(states: list[DozenWarState]) -> None:
    for state in states:
        assert _plainly_valid(state)
        check(state)


def _first(state: DozenWarState, soldier: bool) -> int:
    return min(uid for uid, unit in state.units.items() if bool(unit.general) != soldier)


def _unit_edit(soldier: bool, **changes: Any) -> Callable[[DozenWarState], None]:
    def edit(state: DozenWarState) -> None:
        uid = _first(state, soldier)
        state.units[uid] = attrs.evolve(state.units[uid], **changes)

    return edit


def _stack_soldiers(state: DozenWarState) -> None:
    soldiers = [uid for uid, unit in state.units.items() if not unit.general]
    for uid in soldiers[:6]:
        state.units[uid] = attrs.evolve(state.units[uid], cell=state.units[soldiers[0]].cell)


def _share_a_cell(state: DozenWarState) -> None:
    mine, theirs = (next(u for u in state.units.values() if u.owner == seat) for seat in (0, 1))
    state.units[mine.id] = attrs.evolve(mine, cell=theirs.cell)


EDITS: dict[str, Callable[[DozenWarState], object]] = {
    "unit cell off the board": _unit_edit(True, cell=10_000),
    "unit cell a float": _unit_edit(True, cell=2.0),
    "unit hp above full": _unit_edit(True, hp=99),
    "unit hp zero": _unit_edit(True, hp=0),
    "unit of an unknown class": _unit_edit(True, cls="dragon"),
    "soldier named a general": _unit_edit(True, general="mask"),
    "general under another's id": _unit_edit(False, general="zzz"),
    "unit of no seat": _unit_edit(True, owner=7),
    "six soldiers in one cell": _stack_soldiers,
    "two seats in one cell": _share_a_cell,
    "a card twice": lambda state: state.deck.append(state.deck[0]),
    "a card lost": lambda state: state.deck.pop(),
    "a token twice": lambda state: state.spent_tokens.append(next(iter(state.mountains.values()))[0]),
    "a coin made": lambda state: state.coins.__setitem__(0, state.coins[0] + 1),
    "a seat list short": lambda state: state.skulls.pop(),
    "a mountain off the board": lambda state: state.terrain.append(-1),
}


@pytest.mark.parametrize("edit", EDITS.values(), ids=EDITS.keys())
def test_the_quick_path_never_passes_what_the_walk_refuses(
    states: list[DozenWarState], edit: Callable[[DozenWarState], object]
) -> None:
    for state in states:
        edited = state.clone()
        try:
            edit(edited)
        except (StopIteration, IndexError, ValueError):
            continue  # an edit this position has nothing for
        with pytest.raises((ValueError, LookupError, TypeError)):
            _walk(edited)
        assert not _plainly_valid(edited)
        with pytest.raises((ValueError, LookupError, TypeError)):
            check(edited)
