"""Bad input never gets in (issue 9): wrongly typed actions, and refusals that always explain.

The kernel refuses an action whose fields have the wrong exact type before the game is asked;
the game's own ``_why_illegal`` must still never raise, whatever the field values, and name the
field or the rule. The repros of issue 9 that concern Splendor Duel are regression tests here.
"""

from __future__ import annotations

import inspect
from functools import cache
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import tabletop
from games.splendor_duel.splendor_duel_helpers import NO_GOLD, face_up, new, set_board, set_tokens
from tabletop.core import Action, Rng
from tabletop.games.splendor_duel import (
    GAME,
    Buy,
    ReserveFromDeck,
    SplendorDuelState,
    TakeToken,
    UsePrivilege,
)
from tabletop.games.splendor_duel.actions import ACTION_TYPES
from tabletop.games.splendor_duel.decisions import DECISION_ACTIONS
from tabletop.games.splendor_duel.refusals import bad_field


def refused_unchanged(state: SplendorDuelState, action: Any, match: str) -> None:
    before = state.to_dict()
    with pytest.raises(tabletop.IllegalAction, match=match):
        state.apply(action)
    assert state.to_dict() == before


# ---------------------------------------------------------------------- the repros of issue 9


def test_reserving_from_deck_level_2_point_0_is_refused_before_the_gold_moves() -> None:
    state = GAME.new_game(seed=1)
    assert ReserveFromDeck(2, 2) in state.legal_actions()  # equal to the float one
    refused_unchanged(state, ReserveFromDeck(gold=2, level=2.0), "level")  # type: ignore[arg-type]
    assert GAME.state_from_dict(state.to_dict()).to_dict() == state.to_dict()  # it still saves
    state.apply(ReserveFromDeck(2, 2))  # the int one still plays


def test_taking_the_ability_token_at_cell_false_is_refused() -> None:
    state = new()
    set_board(state, {0: "white", 12: "blue"})
    face_up(state, "D1-04")  # white, takes a token of its colour
    set_tokens(state, 0, red=2, black=2)
    state.apply(Buy("D1-04", NO_GOLD))
    assert state.legal_actions() == [TakeToken(0)] == [TakeToken(False)]
    refused_unchanged(state, TakeToken(cell=False), "cell")
    state.apply(TakeToken(0))
    assert state.tokens[0]["white"] == 1


def test_a_privilege_on_cell_none_names_the_field() -> None:
    state = new()
    state.privileges = [1, 0]
    state.forget_legal_actions()
    action = UsePrivilege(cell=None)  # type: ignore[arg-type]
    message = state._why_illegal(action)
    assert message.startswith("UsePrivilege.cell must be a board cell index")
    assert "not supported" not in message
    refused_unchanged(state, action, "cell")


def test_an_unprintable_field_still_gives_a_readable_refusal() -> None:
    state = new()
    assert "not a cell index" in str(UsePrivilege(cell=[1, 2]))  # type: ignore[arg-type]
    assert "paying gold as None" in str(Buy("D1-01", None))
    message = state._why_illegal(Buy("D1-01", (0, 0, 0)))
    assert message.startswith("Buy.gold must be a tuple of 6 non-negative ints")


# ---------------------------------------------------------------------- any value at all

_CELLS = st.integers(-3, 27)
_IDS = st.sampled_from(["D1-01", "D2-05", "D3-13", "R1", "R4", "X9-99", "", "red", "gold", "pearl", "wild"])
_ODD = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(-(10**20), 10**20),
    st.floats(allow_nan=True),
    st.text(max_size=4),
    st.lists(st.one_of(st.none(), _CELLS, st.floats()), max_size=4),
    st.tuples(_CELLS, _CELLS, _CELLS),
    st.dictionaries(st.text(max_size=2), st.integers(), max_size=2),
)
_VALUES = st.one_of(_CELLS, _IDS, st.sampled_from([1, 2, 3, NO_GOLD, (0, 1, 0, 0, 0, 0)]), _ODD)


@cache
def _states() -> tuple[SplendorDuelState, ...]:
    """One state at each decision of the game (and a finished one), from random play."""
    found: dict[str, SplendorDuelState] = {}
    for seed in range(40):
        rng = Rng.from_seed(seed)
        state = GAME.new_game(seed=seed)
        while True:
            found.setdefault(state.decision, state.clone())
            if state.is_terminal:
                break
            state.apply(rng.choice(state.legal_actions()))
        if len(found) == 7:
            break
    return tuple(found.values())


def test_random_play_reaches_every_decision() -> None:
    assert {state.decision for state in _states()} == {
        "turn",
        "place_wild",
        "take_token",
        "steal_token",
        "choose_royal",
        "discard_tokens",
        "over",
    }


@settings(max_examples=300, deadline=None)
@given(
    which=st.integers(0, 6),
    kind=st.sampled_from(ACTION_TYPES),
    values=st.lists(_VALUES, min_size=2, max_size=2),
)
def test_any_field_values_get_a_refusal_that_names_the_field_or_rule(
    which: int, kind: type[Action], values: list[Any]
) -> None:
    state = _states()[which].clone()
    names = inspect.signature(kind).parameters
    action = kind(**dict(zip(names, values)))
    before = state.to_dict()
    message = state._why_illegal(action)
    assert isinstance(message, str) and message
    bad = bad_field(action)
    if bad is not None and not state.is_terminal and isinstance(action, DECISION_ACTIONS[state.decision]):
        assert message == bad and f"{kind.__name__}." in message
    legal = state.legal_actions()
    if action not in legal:
        with pytest.raises(tabletop.IllegalAction):
            state.apply(action)
    assert state.to_dict() == before
