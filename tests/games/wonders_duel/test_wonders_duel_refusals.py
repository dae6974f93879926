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
from games.wonders_duel.wonders_duel_helpers import (
    fresh,
    give,
    layout,
    open_card,
    random_game,
    refused,
    to_discard,
)
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


# ---------------------------------------------------------------------- hidden information
# A refusal is told to the deciding seat: it must read the same whatever lies where that seat
# cannot see (a face-down structure card, an undealt deck, the box), as observation(seat) does.


def _unseen_cards(s: WondersDuelState) -> list[str]:
    """The cards whose place the deciding seat cannot know: none of the face-up structure,
    the cities, the discard pile or the tucked cards shows them."""
    view = s.observation(s.turns.current)
    shown = {card for card in view["structure"] if card is not None and card in CARDS}
    shown.update(view["discard"], *view["cards"], view["tucked"].values())
    return sorted(card for card in CARDS if card not in shown)


def _taking(card: str, wonder: str) -> list[Action]:
    return [Construct(card), Discard(card), BuildWonder(wonder, card)]


def _refusals_naming_unseen(s: WondersDuelState) -> set[str]:
    """Every refusal of a turn's action naming an unseen card, the card's name blanked."""
    wonder = s.wonders[s.turns.current][0] if s.wonders[s.turns.current] else sorted(WONDERS)[0]
    said: set[str] = set()
    for card in _unseen_cards(s):
        for action in _taking(card, wonder):
            said.add(refused(s, action).replace(CARDS[card].name, "<card>"))
    return said


def test_a_card_out_of_sight_is_refused_alike_wherever_it_is() -> None:
    # Face down in the structure (so covered), in the box, in the Age II and III decks: the
    # old message told "covered by Baths and Logging Camp" from "not in the Age 1 structure".
    s = fresh(1)
    structure = layout(s)
    face_down = [c for c, shown in zip(structure.cards, structure.revealed) if c is not None and not shown]
    assert face_down and s.box and s.decks[1]
    unseen = _unseen_cards(s)
    assert set(face_down) | set(s.box) | set(s.decks[1]) <= set(unseen)
    # Construct, Discard and a Wonder's tucked card alike, whichever unseen card they name
    assert _refusals_naming_unseen(s) == {
        "<card> is not a face-up card of the Age 1 structure: a turn takes a face-up card of "
        "the structure that no other card covers"
    }


def test_age_three_guilds_in_play_are_not_told_by_refusals() -> None:
    # Which 3 of the 7 Guilds are in play is hidden until they are turned face up.
    for s in random_game(3):
        if s.decision == "turn" and s.age == 3:
            break
    else:
        raise AssertionError("random play never reached Age III")
    guilds = [c for c in _unseen_cards(s) if CARDS[c].is_guild]
    in_play = [c for c in layout(s).cards if c is not None and c in guilds]
    assert in_play and len(in_play) < len(guilds)
    messages = {refused(s, Construct(g)).replace(CARDS[g].name, "<card>") for g in guilds}
    assert messages == {
        "<card> is not a face-up card of the Age 3 structure: a turn takes a face-up card of "
        "the structure that no other card covers"
    }


def test_public_places_of_a_card_may_still_be_told() -> None:
    s = fresh(1)
    give(s, 1, "lumber_yard")
    to_discard(s, "quarry")
    refused(s, Construct("lumber_yard"), "Lumber Yard is in player 1's city", "no other card covers")
    refused(s, Discard("quarry"), "Quarry is in the discard pile", "no other card covers")
    covered = next(
        c
        for i, (c, shown) in enumerate(zip(layout(s).cards, layout(s).revealed))
        if c is not None and shown and i not in s.open_slots
    )
    refused(s, Construct(covered), f"{CARDS[covered].name} is covered by", "no other card covers")
    later = next(t for t in random_game(0) if t.decision == "turn" and t.tucked)
    wonder, tucked = next(iter(later.tucked.items()))
    refused(later, Construct(tucked), f"{CARDS[tucked].name} is tucked under {WONDERS[wonder].name}")


@pytest.mark.parametrize("seed", [0, 5])
def test_refusals_are_the_same_in_every_state_the_seat_cannot_tell_apart(seed: int) -> None:
    # A determinized state deals the unseen cards, Wonders and tokens anew: nothing the deciding
    # seat is told may change, whatever action it tries.
    actions = [GAME.decode(i) for i in range(GAME.num_distinct_actions)]
    for index, s in enumerate(random_game(seed)):
        if s.is_terminal or index % 3:
            continue
        seat = s.current_player
        assert seat is not None
        guess = s.determinize(seat, seed=index)
        guess.forget_legal_actions()
        legal = set(s.legal_actions())
        assert legal == set(guess.legal_actions())
        for action in actions:
            if action not in legal:
                assert why_illegal(s, action) == why_illegal(guess, action), action
