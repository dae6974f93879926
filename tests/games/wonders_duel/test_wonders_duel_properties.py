"""Properties over random play: conservation, termination, saving, replay, hidden information."""

from __future__ import annotations

import json
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from games.wonders_duel.wonders_duel_helpers import (
    card_count,
    fresh,
    layout,
    random_game,
)
from tabletop.games.wonders_duel import CARDS, GAME, WondersDuelState
from tabletop.games.wonders_duel.actions import BuildWonder, Construct, Discard
from tabletop.games.wonders_duel.effects import start_age
from tabletop.games.wonders_duel.hidden import back

seeds = st.integers(min_value=0, max_value=2**40)
modes = st.sampled_from(["draft", "beginner"])


@given(seed=seeds, mode=modes)
@settings(max_examples=25, deadline=None)
def test_random_games_conserve_coins_cards_tokens_and_wonders(seed: int, mode: str) -> None:
    trail = random_game(seed, wonders=mode)
    for state in trail:
        state._validate()  # the game's invariants, stated once in invariants.py
    final = trail[-1]
    assert final.outcome is not None
    assert final.outcome.reason in ("military", "science", "civilian")
    turns = sum(isinstance(a, (Construct, Discard, BuildWonder)) for a in final.history)
    if final.outcome.reason == "civilian":
        assert turns == 60 and final.age == 3
    else:
        assert turns <= 60
    assert len(final.history) < 200


@given(seed=seeds, mode=modes)
@settings(max_examples=10, deadline=None)
def test_save_restore_and_replay_are_exact(seed: int, mode: str) -> None:
    trail = random_game(seed, wonders=mode)
    for state in trail[::9] + [trail[-1]]:
        data = json.loads(json.dumps(state.to_dict()))
        restored = GAME.state_from_dict(data)
        assert restored.to_dict() == state.to_dict()
        assert restored.legal_actions() == state.legal_actions()
        assert restored.observation(0) == state.observation(0)
    final = trail[-1]
    assert GAME.replay(json.loads(json.dumps(final.record()))).to_dict() == final.to_dict()


@given(seed=seeds)
@settings(max_examples=10, deadline=None)
def test_determinized_states_look_the_same_and_conserve_everything(seed: int) -> None:
    trail = random_game(seed)
    for state in trail[::5]:
        if state.is_terminal:
            continue
        for seat in (0, 1):
            sample = state.determinize(seat, seed + seat)
            assert sample.observation(seat) == state.observation(seat)
            sample._validate()
            if state.current_player == seat:
                assert sample.legal_actions() == state.legal_actions()


def _rotate(places: list[tuple[list[Any], int]]) -> None:
    """Move the item of each place to the next place, the last one's to the first."""
    values = [container[index] for container, index in places]
    for (container, index), value in zip(places, values[1:] + values[:1]):
        container[index] = value


def scrambled(s: WondersDuelState, seat: int) -> WondersDuelState:
    """A copy of ``s`` that ``seat`` cannot tell apart from it, made without the game's own
    resampling: the hidden cards of each back rotated through their places (face-down slots,
    decks, box), the unrevealed Wonders reversed, the Progress tokens it has not seen rotated."""
    t = s.clone()
    places: dict[object, list[tuple[list[Any], int]]] = {}
    containers: list[list[Any]] = [*t.decks, t.box]
    if t.structure is not None:
        hidden = [i for i, c in enumerate(t.structure.cards) if c is not None and not t.structure.revealed[i]]
        for i in hidden:
            card = t.structure.cards[i]
            assert card is not None
            places.setdefault(back(card), []).append((t.structure.cards, i))
    for container in containers:
        for i, card in enumerate(container):
            places.setdefault(back(card), []).append((container, i))
    for same_back in places.values():
        _rotate(same_back)
    t.wonder_deck.reverse()
    known = t.library_known if t.library_seat == seat else []
    positions = [i for i, token in enumerate(t.set_aside) if token not in known]
    was_known = [t.set_aside.index(token) for token in t.library_known]
    tokens: list[tuple[list[Any], int]] = [(t.set_aside, i) for i in positions]
    if not (t.library_offer and t.current_player == seat):
        tokens += [(t.library_offer, i) for i in range(len(t.library_offer))]
    _rotate(tokens)
    if t.library_seat is not None and t.library_seat != seat:
        t.library_known = [t.set_aside[i] for i in was_known]
    t.forget_legal_actions()
    return t


@given(seed=seeds, mode=modes)
@settings(max_examples=8, deadline=None)
def test_determinize_depends_only_on_what_the_seat_sees(seed: int, mode: str) -> None:
    """Two states a seat cannot tell apart give equal determinized states (information sets)."""
    changed = 0
    for state in random_game(seed, wonders=mode)[::3]:
        for seat in (0, 1):
            other = scrambled(state, seat)
            other._validate()
            assert other.observation(seat) == state.observation(seat)
            changed += other.to_dict() != state.to_dict()
            assert other.determinize(seat, 5).to_dict() == state.determinize(seat, 5).to_dict()
            sample = state.determinize(seat, 99)
            assert sample.determinize(seat, 5).to_dict() == state.determinize(seat, 5).to_dict()
    assert changed  # the scrambling did hide something to resample


def test_face_down_guild_slots_stay_guilds_when_resampled() -> None:
    s = fresh(3)
    s.box += [c for c in layout(s).cards if c is not None]
    start_age(s, 3, 0)
    guild_slots = [
        i
        for i, c in enumerate(layout(s).cards)
        if c is not None and CARDS[c].is_guild and not layout(s).revealed[i]
    ]
    hidden = [i for i, c in enumerate(layout(s).cards) if not layout(s).revealed[i]]
    seen_changes = False
    for seed in range(30):
        sample = s.determinize(0, seed)
        for i in hidden:
            card = layout(sample).cards[i]
            assert card is not None
            assert CARDS[card].is_guild == (i in guild_slots)
            assert CARDS[card].age == 3
            seen_changes |= card != layout(s).cards[i]
        assert sample.observation(0) == s.observation(0)
        assert card_count(sample) == 73  # a hand-made state: Age II's deck was skipped
    assert seen_changes


def test_observation_hides_face_down_cards_box_and_set_aside_tokens() -> None:
    s = fresh(1)
    text = json.dumps(s.observation(0))
    for card in s.box:
        assert card not in text
    for slot, hidden in enumerate(layout(s).cards):
        if hidden is not None and not layout(s).revealed[slot]:
            assert hidden not in text
    for deck in s.decks:
        for card in deck:
            assert f'"{card}"' not in text
    for token in s.set_aside:
        assert token not in text
    assert s.observation(0)["set_aside_count"] == 5


def test_states_differing_only_in_hidden_cards_give_equal_observations() -> None:
    s = fresh(2)
    other = s.clone()
    hidden = [i for i in range(20) if not layout(other).revealed[i]]
    a, b = hidden[0], hidden[1]
    cards = layout(other).cards
    cards[a], cards[b] = cards[b], cards[a]
    other.box.reverse()
    other.set_aside.reverse()
    assert other.to_dict() != s.to_dict()
    assert other.observation(0) == s.observation(0) and other.observation(1) == s.observation(1)


def test_clone_is_independent() -> None:
    s = fresh(4)
    copy = s.clone()
    before = s.to_dict()
    copy.apply(copy.legal_actions()[0])
    assert s.to_dict() == before and copy.to_dict() != before


def test_same_seed_same_game() -> None:
    a, b = random_game(77), random_game(77)
    assert a[-1].to_dict() == b[-1].to_dict()
    assert GAME.new_game(seed=1).to_dict() != GAME.new_game(seed=2).to_dict()


def test_render_names_the_decision() -> None:
    s = fresh(0)
    text = s.render()
    assert "decision 'turn'" in text and "player 0 to play" in text and "(face down)" in text


def test_beginner_option_fulfils_the_contract() -> None:
    from contract import check_contract

    final = check_contract(GAME, 2, 5, wonders="beginner")
    assert final.options == {"wonders": "beginner"}
