"""Rules cross-check (brief H6): end conditions and tie-breaks of base Splendor and The Cities
(official wording quoted in /work/shared/reference/splendor/README.md, sections 4 and 5) that
the other files do not pin down yet."""

from __future__ import annotations

from games.cities_of_splendor.helpers import end_turn_quietly, fresh, with_bonuses
from tabletop.games.cities_of_splendor import TakeGems


def test_a_noble_visit_reaching_fifteen_triggers_the_end() -> None:
    # Base item 6 and 8: the noble's 3 points count like a card's; the round is completed.
    state = fresh(None, 2)
    state.nobles = ["N01", "N03", "N05"]  # N01: 4 green 4 red
    with_bonuses(state, 0, green=4, red=4)
    state.players[0].points = 12
    state.apply(TakeGems(("white", "blue", "black")))
    assert state.players[0].nobles == ["N01"] and state.players[0].prestige == 15
    assert state.end_triggered and not state.is_terminal and state.current_player == 1
    end_turn_quietly(state)
    assert state.outcome is not None and state.outcome.winners == (0,)
    assert state.outcome.reason == "prestige"


def test_the_last_seat_of_the_round_claiming_a_city_ends_the_game_at_once() -> None:
    # Cities: "complete the current round": the claim on the round's last turn ends it.
    state = fresh("cities", 3)
    state.cities = ["C3a", "C1a", "C2a"]  # 17 prestige, nothing else
    end_turn_quietly(state)
    end_turn_quietly(state)
    state.players[2].points = 17
    end_turn_quietly(state)
    assert state.players[2].city == "C3a"
    assert state.outcome is not None and state.outcome.winners == (2,)
    assert state.outcome.reason == "city"


def test_a_later_claimant_in_the_same_round_with_more_prestige_wins() -> None:
    # Cities: "If several players took a city tile, the highest prestige among them wins."
    state = fresh("cities", 3)
    state.cities = ["C3a", "C1a", "C2a"]
    state.players[0].points = 17
    end_turn_quietly(state)  # seat 0 claims C3a and triggers the end
    assert state.players[0].city == "C3a" and state.end_triggered
    end_turn_quietly(state)  # seat 1 meets nothing
    with_bonuses(state, 2, red=4, black=3)
    state.players[2].points = 18
    end_turn_quietly(state)  # seat 2 claims C1a on the round's last turn
    assert state.players[2].city == "C1a"
    assert state.outcome is not None and state.outcome.winners == (2,)
    assert state.outcome.scores == (17, 0, 18)
