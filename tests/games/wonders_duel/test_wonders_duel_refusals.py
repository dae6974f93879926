"""Bad input never gets in (issue 9): any action of this game, whatever its field values, is
refused with a message naming the field or the rule, and the state is left unchanged."""

from __future__ import annotations

import json
from functools import cache
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import tabletop
from games.wonders_duel.wonders_duel_helpers import fresh, open_card, random_game, refused
from tabletop.core import Action
from tabletop.games.wonders_duel import (
    CARDS,
    GAME,
    PROGRESS_TOKENS,
    WONDERS,
    BuildFromDiscard,
    BuildWonder,
    ChooseStarter,
    Construct,
    DestroyCard,
    Discard,
    PickWonder,
    TakeProgressToken,
    WondersDuelState,
)
from tabletop.games.wonders_duel.refusals import why_illegal

DECISIONS = (
    "draft_wonder",
    "turn",
    "progress_token",
    "great_library",
    "destroy",
    "mausoleum",
    "choose_starter",
)


@cache
def _at_each_decision() -> dict[str, WondersDuelState]:
    """One state of random play for every decision of the game."""
    found: dict[str, WondersDuelState] = {}
    for seed in range(400):
        for state in random_game(seed):
            if not state.is_terminal:
                found.setdefault(state.decision, state)
        if len(found) == len(DECISIONS):
            return found
    raise AssertionError(f"random play reached only {sorted(found)}")


def at(decision: str) -> WondersDuelState:
    return _at_each_decision()[decision].clone()


# ---------------------------------------------------------------------- the repros


@pytest.mark.parametrize("seat", [1.0, True, 0.0, False])
def test_choose_starter_takes_an_int_seat_only(seat: Any) -> None:
    s = at("choose_starter")
    refused(s, ChooseStarter(seat), "seat")
    assert f"ChooseStarter.seat={seat!r} is not a seat" in why_illegal(s, ChooseStarter(seat))


def test_construct_with_no_card_is_refused_by_name() -> None:
    s = fresh()
    nothing: Any = None  # the wrong type is the test
    refused(s, Construct(nothing), "card")
    assert why_illegal(s, Construct(nothing)).startswith("Construct.card=None is not a card")


def test_build_wonder_naming_no_wonder_is_refused_in_play_and_in_a_replay() -> None:
    s = fresh()
    card = open_card(s)
    action = BuildWonder("ZZ-99", card)
    refused(s, action, "wonder")
    assert why_illegal(s, action).startswith("BuildWonder.wonder='ZZ-99' is not a Wonder")
    record = s.record()
    record["actions"].append({"type": "build_wonder", "wonder": "ZZ-99", "card": card})
    with pytest.raises(ValueError, match="wonder"):
        GAME.replay(json.loads(json.dumps(record)))


def test_pick_wonder_with_a_list_is_refused_by_name() -> None:
    s = at("draft_wonder")
    a_list: Any = []  # the wrong type is the test
    refused(s, PickWonder(a_list), "wonder")
    assert why_illegal(s, PickWonder(a_list)).startswith("PickWonder.wonder=[] is not a Wonder")


def test_every_action_describes_itself_whatever_its_fields() -> None:
    values: list[Any] = [None, [], 2.5, {"a": 1}, "ZZ-99"]
    for value in values:
        for action_type in (Construct, Discard, DestroyCard, BuildFromDiscard):
            assert repr(value) in str(action_type(value))
        assert repr(value) in str(PickWonder(value)) and repr(value) in str(TakeProgressToken(value))
        assert repr(value) in str(BuildWonder(value, value))


# ---------------------------------------------------------------------- any value at all

_odd = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(min_value=-3, max_value=3),
    st.floats(allow_nan=False, min_value=-2, max_value=2),
    st.text(max_size=4),
    st.lists(st.integers(), max_size=2),
    st.dictionaries(st.text(max_size=1), st.integers(), max_size=1),
)
_cards = st.one_of(_odd, st.sampled_from(sorted(CARDS)))
_wonders = st.one_of(_odd, st.sampled_from(sorted(WONDERS)))
_tokens = st.one_of(_odd, st.sampled_from(sorted(PROGRESS_TOKENS)))
_actions = st.one_of(
    st.builds(PickWonder, _wonders),
    st.builds(Construct, _cards),
    st.builds(Discard, _cards),
    st.builds(BuildWonder, _wonders, _cards),
    st.builds(TakeProgressToken, _tokens),
    st.builds(DestroyCard, _cards),
    st.builds(BuildFromDiscard, _cards),
    st.builds(ChooseStarter, _odd),
)


@given(decision=st.sampled_from(DECISIONS), action=_actions)
@settings(max_examples=300, deadline=None)
def test_any_action_is_refused_by_name_or_applied(decision: str, action: Action) -> None:
    s = at(decision)
    legal = s.legal_actions()
    if not any(action == candidate and type(action) is type(candidate) for candidate in legal):
        message = why_illegal(s, action)  # the game's own explanation never raises
        assert isinstance(message, str) and message
    before = s.to_dict()
    try:
        s.apply(action)
    except tabletop.IllegalAction as error:
        assert str(error)
        assert s.to_dict() == before
    else:  # applied: it was one of the legal actions, and the result saves and loads
        assert action in legal
        GAME.state_from_dict(json.loads(json.dumps(s.to_dict())))
