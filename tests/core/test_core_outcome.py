"""Outcomes and returns: draws, shared victories, teams; the seats that act; team_of."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tabletop.core import Outcome
from toy import GAME, Take, ToyState


def finished(players: int = 4, **options: object) -> ToyState:
    """A toy game from 5 stones: seat 0 takes 1, seat 1 takes 3 and then seat 2 takes the
    last stone (unless the turn limit strikes first)."""
    state = GAME.new_game(players=players, seed=1, pile=5, **options)
    for count in (1, 3, 1):
        if not state.is_terminal:
            state.apply(Take(count))
    return state


# ---------------------------------------------------------------------- Outcome alone


def test_a_game_without_winners_is_a_draw_worth_nothing_to_anyone() -> None:
    draw = Outcome((), (3, 5, 1), "turn_limit")
    assert draw.is_draw
    assert draw.returns == (0.0, 0.0, 0.0)
    assert draw.team_returns([(0, 2), (1,)]) == (0.0, 0.0, 0.0)


def test_one_winner_against_the_rest() -> None:
    outcome = Outcome((1,), (3, 9, 4), "points")
    assert not outcome.is_draw
    assert outcome.returns == (-1.0, 1.0, -1.0)


def test_a_shared_victory_of_some_seats_wins_for_each_of_them() -> None:
    assert Outcome((0, 2), (5, 1, 5), "points").returns == (1.0, -1.0, 1.0)


def test_a_shared_victory_of_every_seat_is_worth_nothing() -> None:
    outcome = Outcome((0, 1), (2, 2), "points")
    assert not outcome.is_draw
    assert outcome.returns == (0.0, 0.0)
    assert Outcome((0, 1, 2, 3), (1, 1, 1, 1), "r").team_returns([(0, 2), (1, 3)]) == (0.0,) * 4


def test_team_returns_give_every_member_of_the_winning_team_the_win() -> None:
    teams = [(0, 2), (1, 3)]
    assert Outcome((0, 2), (4, 0, 1, 0), "r").team_returns(teams) == (1.0, -1.0, 1.0, -1.0)
    # One member named is enough: a team wins or loses as one.
    assert Outcome((3,), (0, 0, 0, 2), "r").team_returns(teams) == (-1.0, 1.0, -1.0, 1.0)
    # Two winning teams out of three: a shared victory; the third team loses.
    assert Outcome((0, 1), (1, 1, 0), "r").team_returns([(0,), (1,), (2,)]) == (1.0, 1.0, -1.0)


@settings(max_examples=60, deadline=None)
@given(st.integers(2, 7).flatmap(lambda n: st.tuples(st.just(n), st.lists(st.integers(0, n - 1)))))
def test_team_returns_are_equal_within_each_team(case: tuple[int, list[int]]) -> None:
    players, won = case
    teams = [tuple(range(start, players, 2)) for start in (0, 1)]  # evens against odds
    result = Outcome(tuple(sorted(set(won))), (0,) * players, "r").team_returns(teams)
    assert set(result) <= {-1.0, 0.0, 1.0}
    for team in teams:
        assert len({result[seat] for seat in team}) == 1
    if not won or {seat % 2 for seat in won} == {0, 1}:
        assert result == (0.0,) * players  # a draw, or both teams won
    else:
        assert sorted(result) == sorted([1.0] * len(teams[won[0] % 2]) + [-1.0] * len(teams[1 - won[0] % 2]))


# ---------------------------------------------------------------------- on a state


def test_each_seat_is_its_own_team_by_default() -> None:
    state = GAME.new_game(players=3, seed=1)
    assert state.teams == ((0,), (1,), (2,))
    assert [state.team_of(seat) for seat in range(3)] == [(0,), (1,), (2,)]


def test_a_team_game_declares_its_teams_and_they_are_not_saved() -> None:
    state = GAME.new_game(players=4, seed=1, partners=True)
    assert state.teams == ((0, 2), (1, 3))
    assert state.team_of(2) == (0, 2) and state.team_of(1) == (1, 3)
    assert "teams" not in state.to_dict()
    assert GAME.state_from_dict(state.to_dict()).teams == ((0, 2), (1, 3))


@pytest.mark.parametrize("seat", [-1, 4, True, "0"])
def test_team_of_refuses_a_seat_that_does_not_exist(seat: object) -> None:
    with pytest.raises(ValueError, match=r"seat must be an int in \[0, 4\)"):
        GAME.new_game(players=4, seed=1).team_of(seat)  # type: ignore[arg-type]


def test_partners_need_four_seats() -> None:
    with pytest.raises(ValueError, match="partners needs 4 players, not 3"):
        GAME.new_game(players=3, partners=True)


def test_in_a_team_game_the_whole_team_wins_and_returns_are_per_team() -> None:
    state = finished(partners=True)
    assert state.outcome is not None and state.outcome.winners == (0, 2)  # seat 2 took the last
    assert state.returns() == (1.0, -1.0, 1.0, -1.0)


def test_returns_are_per_team_even_when_a_game_names_one_member() -> None:
    state = finished(partners=True)
    state.outcome = Outcome((2,), (0, 0, 0, 0), "last_stone")
    assert state.returns() == (1.0, -1.0, 1.0, -1.0)


def test_without_teams_only_the_taker_wins() -> None:
    state = finished()
    assert state.outcome is not None and state.outcome.winners == (2,)
    assert state.returns() == (-1.0, -1.0, 1.0, -1.0)


def test_a_drawn_game_returns_zero_to_every_seat() -> None:
    state = finished(turn_limit=2)
    assert state.outcome is not None
    assert state.outcome.is_draw and state.outcome.reason == "turn_limit" and state.pile == 1
    assert state.returns() == (0.0, 0.0, 0.0, 0.0)
    assert state.legal_actions() == [] and state.acting_seats() == ()


def test_turn_limit_must_be_positive() -> None:
    with pytest.raises(ValueError, match="turn_limit must be at least 1, got 0"):
        GAME.new_game(turn_limit=0)


# ---------------------------------------------------------------------- acting seats


def test_only_the_current_player_acts_by_default_and_nobody_once_it_is_over() -> None:
    state = GAME.new_game(players=3, seed=1, pile=4)
    assert state.acting_seats() == (0,)
    state.apply(Take(1))
    assert state.acting_seats() == (1,)
    state.apply(Take(3))
    assert state.is_terminal and state.acting_seats() == ()
