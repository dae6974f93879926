"""State: refusal before change, child/clone independence, the legal-actions cache, ids, equality."""

from __future__ import annotations

import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tabletop.core import IllegalAction, Rng
from toy import GAME, Take, ToyState


def fresh(seed: int = 3, **options: int) -> ToyState:
    return GAME.new_game(players=3, seed=seed, **options)


def test_illegal_action_is_refused_naming_the_rule_and_changes_nothing() -> None:
    state = fresh(pile=2)
    before = state.to_dict()
    with pytest.raises(IllegalAction, match="cannot take 3: only 2 stones are left") as refused:
        state.apply(Take(3))
    assert isinstance(refused.value, ValueError)
    assert state.to_dict() == before and state.history == []
    state.apply(Take(1))  # still playable afterwards
    assert state.pile == 1


def test_a_value_outside_the_action_space_is_named_by_the_kernel() -> None:
    state = fresh()
    with pytest.raises(
        IllegalAction, match=r"Take\.count=0 is not a value Take\.count can take in this game"
    ):
        state.apply(Take(0))


@pytest.mark.parametrize("thing", [1, "take 1", None, {"type": "take", "count": 1}])
def test_non_actions_are_refused(thing: object) -> None:
    state = fresh()
    before = state.to_dict()
    with pytest.raises(IllegalAction, match="is not an action"):
        state.apply(thing)  # type: ignore[arg-type]
    assert state.to_dict() == before


def test_nothing_is_legal_once_the_game_is_over() -> None:
    state = fresh(pile=1)
    state.apply(Take(1))
    assert state.is_terminal and state.current_player is None and state.decision == "over"
    assert state.legal_actions() == [] and state.legal_action_ids() == []
    before = state.to_dict()
    with pytest.raises(IllegalAction, match=r"the game is over \(last_stone\); no action is legal"):
        state.apply(Take(1))
    assert state.to_dict() == before
    assert state.returns() == (1.0, -1.0, -1.0)


def test_returns_are_zero_until_the_end() -> None:
    assert fresh().returns() == (0.0, 0.0, 0.0)


def test_apply_accepts_an_equal_action_not_only_the_listed_object() -> None:
    state = fresh()
    listed = state.legal_actions()
    state.apply(Take(2))
    assert state.history == [Take(2)] and state.pile == 13
    assert listed == [Take(1), Take(2), Take(3)]


def test_legal_actions_returns_a_fresh_list_each_time() -> None:
    state = fresh()
    first = state.legal_actions()
    first.clear()
    assert state.legal_actions() == [Take(1), Take(2), Take(3)]
    state.legal_actions().append(Take(9))  # a caller's list cannot make an action legal
    with pytest.raises(IllegalAction):
        state.apply(Take(9))


def test_legal_cache_is_invalidated_by_apply() -> None:
    state = fresh(pile=4)
    assert state.legal_actions() == [Take(1), Take(2), Take(3)]
    state.apply(Take(2))
    assert state.legal_actions() == [Take(1), Take(2)]
    with pytest.raises(IllegalAction, match="only 2 stones"):
        state.apply(Take(3))


def test_forget_legal_actions_after_editing_fields_by_hand() -> None:
    state = fresh(pile=4)
    assert state.legal_actions() == [Take(1), Take(2), Take(3)]
    state.pile = 1  # a scenario set up by hand: the cache still describes the old pile
    state.forget_legal_actions()
    assert state.legal_actions() == [Take(1)]


def test_legal_cache_is_not_saved() -> None:
    state = fresh()
    state.legal_actions()
    assert not any("legal" in key for key in state.to_dict())


def test_legal_action_ids_are_the_sorted_encodings() -> None:
    state = fresh(pile=2)
    assert state.legal_action_ids() == [0, 1]
    assert [GAME.decode(i) for i in state.legal_action_ids()] == state.legal_actions()


def test_child_leaves_the_parent_untouched() -> None:
    state = fresh()
    state.legal_actions()
    before = state.to_dict()
    child = state.child(Take(3))
    assert state.to_dict() == before and state.history == []
    assert child.history == [Take(3)] and child.pile == 12
    assert child.points[0]["bonus"] > 0 and state.points[0]["bonus"] == 0
    with pytest.raises(IllegalAction):
        state.child(Take(7))
    assert state.to_dict() == before


def test_clone_is_independent_in_every_mutable_part() -> None:
    state = fresh()
    state.apply(Take(1))
    before = state.to_dict()
    copy = state.clone()
    assert copy == state and copy is not state
    copy.apply(Take(3))
    copy.deck.discard("x")
    copy.turns.grant_extra_turn()
    copy.points[2].add("bonus", 5)
    copy.rng.next64()
    copy.history.append(Take(1))
    assert state.to_dict() == before


def test_equality_is_by_saved_content_and_states_are_unhashable() -> None:
    a, b = fresh(seed=1), fresh(seed=1)
    assert a == b
    b.apply(Take(1))
    assert a != b
    assert a != fresh(seed=2)
    assert (a == "state") is False
    with pytest.raises(TypeError):
        hash(a)


def test_str_renders() -> None:
    assert str(fresh())


@settings(max_examples=40, deadline=None)
@given(st.integers(min_value=0, max_value=10_000), st.lists(st.integers(0, 2), max_size=30))
def test_same_seed_and_actions_give_identical_saves(seed: int, picks: list[int]) -> None:
    a, b = fresh(seed=seed), fresh(seed=seed)
    chooser = Rng.from_seed(seed)
    for pick in picks:
        if a.is_terminal:
            break
        legal = a.legal_actions()
        action = legal[pick % len(legal)]
        snapshot = a.clone()
        a.apply(action)
        b.apply(action)
        assert json.dumps(a.to_dict()) == json.dumps(b.to_dict())
        assert snapshot.child(action) == a
        illegal = Take(4 + chooser.randbelow(3))
        before = a.to_dict()
        if not a.is_terminal:
            with pytest.raises(IllegalAction):
                a.apply(illegal)
        assert a.to_dict() == before
    assert GAME.replay(json.loads(json.dumps(a.record()))) == a
    assert GAME.state_from_dict(json.loads(json.dumps(a.to_dict()))) == a


def test_determinize_reseeds_drops_the_cache_and_leaves_the_original_alone() -> None:
    state = fresh()
    legal = state.legal_actions()
    before = state.to_dict()
    guess = state.determinize(1, seed=5)
    assert guess._legal is None  # a game cannot forget: the kernel drops it
    assert guess.legal_actions() == legal
    assert state.to_dict() == before
    assert sorted(guess.deck.cards) == sorted(state.deck.cards)
    again = state.determinize(1, seed=5)
    assert again.to_dict() == guess.to_dict()  # the same seed resamples the same way


def test_a_guess_for_the_mover_reuses_its_legal_actions_and_can_list_them_itself() -> None:
    state = fresh()
    mover = state.current_player
    assert mover is not None
    legal = state.legal_actions()
    guess = state.determinize(mover, seed=5)
    assert guess._legal is state._legal  # made once for every guess of a search
    assert guess.legal_actions() == legal
    guess.forget_legal_actions()
    assert guess.legal_actions() == legal  # listed from the guess's own cards: the same
    other = (mover + 1) % state.num_players
    assert state.determinize(other, seed=5)._legal is None
    guess.apply(legal[0])  # the shared list is the guess's own: playing it leaves the truth alone
    assert state.legal_actions() == legal and state._legal is not None


def test_a_determinized_state_keeps_nothing_of_the_true_game() -> None:
    state = fresh()
    state.apply(Take(1))
    guess = state.determinize(2, seed=17)
    assert guess.seed == 17 and guess.history == [] and guess.determinized
    assert guess.rng != state.rng
    assert state.seed == 3 and state.history == [Take(1)] and not state.determinized
    assert not state.to_dict()["determinized"]
    child = guess.child(Take(3))  # play goes on from the sample, still marked as invented
    assert child.determinized and child.history == [Take(3)] and child.clone().determinized


def test_determinize_depends_only_on_what_the_seat_sees() -> None:
    # Other seeds deal other deck orders, and the same position is reached by other actions.
    a, b = fresh(seed=1), fresh(seed=2)
    a.apply(Take(1))
    a.apply(Take(2))
    b.apply(Take(2))
    b.apply(Take(1))
    assert a.deck.cards != b.deck.cards and a.history != b.history
    for seat in range(3):
        assert a.observation(seat) == b.observation(seat)
        assert a.determinize(seat, 5).to_dict() == b.determinize(seat, 5).to_dict()
        sample = a.determinize(seat, 99)
        assert sample.determinize(seat, 5).to_dict() == a.determinize(seat, 5).to_dict()
    assert a.determinize(0, 5).to_dict() != a.determinize(0, 6).to_dict()


@pytest.mark.parametrize("seat", [-1, 3, True, "0"])
def test_observation_and_determinize_refuse_a_seat_that_does_not_exist(seat: object) -> None:
    state = fresh()
    with pytest.raises(ValueError, match=r"seat must be an int in \[0, 3\)"):
        state.observation(seat)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match=r"seat must be an int in \[0, 3\)"):
        state.determinize(seat, 1)  # type: ignore[arg-type]


def test_determinize_refuses_a_seed_that_is_not_an_int() -> None:
    with pytest.raises(ValueError, match="seed must be an int"):
        fresh().determinize(0, "x")  # type: ignore[arg-type]
