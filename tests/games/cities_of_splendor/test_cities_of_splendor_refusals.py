"""Bad input: any action of this game's types, with any field values, is refused by name and
changes nothing (issue 9). The repros of the issue are regression tests; a fuzz test throws
arbitrary field values at every decision of every module."""

from __future__ import annotations

import functools
import inspect
import json
from typing import Any

import attrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import tabletop
from contract import refused_naming
from tabletop.core import Action, Rng
from tabletop.games.cities_of_splendor import (
    GAME,
    MODULES,
    CitiesOfSplendorState,
    Pay,
    PlaceStronghold,
    ReserveDeck,
    effects,
    refusals,
)
from tabletop.games.cities_of_splendor.actions import ACTION_TYPES


def first(module: str | None, decision: str, players: int = 2, seed: int = 0) -> CitiesOfSplendorState:
    """The first state at ``decision`` in seeded random games (seed ``seed``, then the next)."""
    for attempt in range(seed, seed + 100):
        state = GAME.new_game(players=players, seed=attempt, module=module)
        rng = Rng.from_seed(attempt)
        while not state.is_terminal:
            if state.decision == decision:
                return state
            state.apply(rng.choice(state.legal_actions()))
    raise AssertionError(f"no random game reached {decision!r}")


def refused_unchanged(state: CitiesOfSplendorState, action: Any, *names: str) -> str:
    """``action`` is refused with ``IllegalAction`` naming each of ``names``; nothing changes,
    and the state still works (decision, legal actions, save). Returns the message."""
    before = state.to_dict()
    message = refused_naming(state, action, *names)
    assert state.decision and state.legal_actions()
    assert GAME.state_from_dict(json.loads(json.dumps(before))).to_dict() == before
    return message


# ---------------------------------------------------------------------- the repros


def test_a_pay_equal_to_a_legal_one_with_a_float_is_refused_before_paying() -> None:
    """Issue 9: ``Pay(gold=(0,1,0,0,0), gold_cards=0.0)`` at 2 players, seed 0, first ``pay``
    paid the gems, then raised, and ``state.decision`` raised ``KeyError: 'gain'``."""
    state = first("cities", "pay")
    for legal in state.legal_actions():
        assert isinstance(legal, Pay)
        refused_unchanged(state, Pay(legal.gold, float(legal.gold_cards)), "gold_cards")  # type: ignore[arg-type]
        refused_unchanged(state, Pay(legal.gold, False), "gold_cards")
        floats = tuple(float(units) for units in legal.gold)
        refused_unchanged(state, Pay(floats, legal.gold_cards), "gold")  # type: ignore[arg-type]
    state.apply(state.legal_actions()[0])  # the real payment still goes through
    assert state.decision


def test_the_game_itself_refuses_numbers_of_the_wrong_type_before_changing_anything() -> None:
    """Even past ``State.apply`` (which finds its own legal action first), carrying out an
    action whose numbers are floats or bools changes nothing."""
    paying = first("cities", "pay")
    legal = paying.legal_actions()[0]
    assert isinstance(legal, Pay)
    turn = GAME.new_game(players=2, seed=0, module="cities")
    wrongs: list[tuple[CitiesOfSplendorState, Action]] = [
        (paying, Pay(legal.gold, 0.0)),  # type: ignore[arg-type]
        (paying, Pay(legal.gold, False)),
        (paying, Pay(tuple(map(float, legal.gold)), legal.gold_cards)),  # type: ignore[arg-type]
        (turn, ReserveDeck(2.0)),  # type: ignore[arg-type]
        (turn, ReserveDeck(2, 0)),  # type: ignore[arg-type]
    ]
    for state, wrong in wrongs:
        before = state.to_dict()
        with pytest.raises(tabletop.IllegalAction, match="must be"):
            effects.apply(state, wrong)
        assert state.to_dict() == before


def test_pay_with_no_gold_vector_names_the_field() -> None:
    """Issue 9: ``Pay(gold=None)`` said ``'NoneType' object is not iterable``."""
    state = first("cities", "pay")
    for gold in (None, [0, 1, 0, 0, 0], (0, 1), (0, -1, 0, 0, 0), "01000"):
        message = refused_unchanged(state, Pay(gold), "Pay.gold")  # type: ignore[arg-type]
        assert "NoneType" not in message and "iterable" not in message


def test_a_stronghold_move_naming_no_card_is_refused_by_name() -> None:
    """Issue 9: ``PlaceStronghold(card=None, origin=None)`` raised ``KeyError``."""
    state = first("strongholds", "stronghold")
    refused_unchanged(state, PlaceStronghold(None, None), "PlaceStronghold.card")  # type: ignore[arg-type]
    refused_unchanged(state, PlaceStronghold("L1-01", []), "PlaceStronghold.origin")  # type: ignore[arg-type]
    assert "card" in refusals.why_illegal(state, PlaceStronghold(None, None))  # type: ignore[arg-type]


def test_refusals_name_the_field_or_the_rule_directly() -> None:
    state = GAME.new_game(players=2, seed=1, module=None)
    assert refusals.why_illegal(state, Pay(None)).startswith("Pay.gold=None: gold covers")  # type: ignore[arg-type]
    assert "is not an action of Splendor" in refusals.why_illegal(state, Foreign())


@attrs.frozen
class Foreign(Action):
    """An action of another game."""

    kind = "foreign"


# ---------------------------------------------------------------------- the fuzz test


@functools.cache
def states_at_every_decision() -> tuple[CitiesOfSplendorState, ...]:
    """One state per decision each module asks, plus a finished game."""
    found: dict[tuple[str | None, str], CitiesOfSplendorState] = {}
    for module in MODULES:
        for seed in range(6):
            state = GAME.new_game(players=2 + seed % 3, seed=seed, module=module)
            rng = Rng.from_seed(seed)
            while not state.is_terminal:
                found.setdefault((module, state.decision), state.clone())
                state.apply(rng.choice(state.legal_actions()))
            found.setdefault((module, "over"), state)
    return tuple(found.values())


VALUES = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(-3, 10**12),
    st.floats(allow_nan=True),
    st.text(max_size=6),
    st.sampled_from(["L1-01", "O2-03", "N01", "C1a", "red", "gold", "L9-99", "white"]),
    st.lists(st.integers(0, 3), max_size=6),
    st.tuples(st.integers(0, 3), st.integers(0, 3), st.integers(0, 3), st.integers(0, 3), st.integers(0, 3)),
    st.tuples(st.sampled_from(["red", "blue", "gold", "x"]), st.sampled_from(["red", "blue", "white"])),
    st.dictionaries(st.text(max_size=2), st.integers(), max_size=2),
)


def build(kind: type[Action], values: list[Any]) -> Action:
    """An action of ``kind`` holding ``values`` in its fields, whatever they are."""
    names = list(inspect.signature(kind).parameters)
    return kind(**dict(zip(names, values)))


@settings(max_examples=300, deadline=None)
@given(
    kind=st.sampled_from(ACTION_TYPES),
    values=st.lists(VALUES, min_size=2, max_size=2),
    pick=st.integers(0, 10**6),
)
def test_any_field_values_are_refused_by_name_or_applied(
    kind: type[Action], values: list[Any], pick: int
) -> None:
    states = states_at_every_decision()
    state = states[pick % len(states)].clone()
    action = build(kind, values)
    assert str(action)  # an action describes itself whatever it holds
    reason = refusals.why_illegal(state, action)
    assert isinstance(reason, str) and reason
    before = state.to_dict()
    try:
        state.apply(action)
    except tabletop.IllegalAction as error:
        assert str(error)
        assert state.to_dict() == before
        return
    # accepted: it was legal, field types and all, and the state is whole
    assert json.loads(json.dumps(state.to_dict())) == state.to_dict()
    state._validate()
