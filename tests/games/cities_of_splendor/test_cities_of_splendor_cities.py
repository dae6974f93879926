"""The Cities: setup, every city face type, the claim choice and the end of the round."""

from __future__ import annotations

import pytest

from games.cities_of_splendor.helpers import end_turn_quietly, fresh, refused, with_bonuses
from tabletop.games.cities_of_splendor import CITY_FACES, CITY_TILES, ClaimCity


@pytest.mark.parametrize("players", [2, 3, 4])
def test_three_cities_on_random_sides_and_no_nobles(players: int) -> None:
    sides: set[str] = set()
    for seed in range(12):
        state = fresh("cities", players, seed)
        assert len(state.cities) == 3 and state.nobles == []
        tiles = {tile.tile for tile in CITY_TILES.values() for face in tile.faces if face.id in state.cities}
        assert len(tiles) == 3  # three different tiles
        sides.update(face[-1] for face in state.cities)
    assert sides == {"a", "b"}


def test_prestige_and_bonuses_both_needed_then_the_round_is_completed() -> None:
    state = fresh("cities", 3)
    state.cities = ["C1a", "C3a", "C7b"]  # 13 + 4 red + 3 black
    with_bonuses(state, 0, red=4, black=3)
    state.players[0].points = 12
    end_turn_quietly(state)
    assert state.players[0].city is None and not state.end_triggered
    end_turn_quietly(state)
    end_turn_quietly(state)
    state.players[0].points = 13
    end_turn_quietly(state)  # the only city met is claimed automatically
    assert state.players[0].city == "C1a" and state.end_triggered
    assert not state.is_terminal and state.current_player == 1
    end_turn_quietly(state)
    end_turn_quietly(state)
    assert state.outcome is not None
    assert state.outcome.winners == (0,) and state.outcome.reason == "city"


def test_fifteen_prestige_alone_does_not_end_the_game() -> None:
    state = fresh("cities", 2)
    state.cities = ["C1a", "C2a", "C4a"]
    state.players[0].points = 25
    for _ in range(4):
        end_turn_quietly(state)
    assert not state.is_terminal and not state.end_triggered


def test_no_bonus_face_needs_only_prestige() -> None:
    state = fresh("cities", 2)
    state.cities = ["C3a", "C1a", "C2a"]  # 17 prestige, nothing else
    state.players[0].points = 17
    end_turn_quietly(state)
    assert state.players[0].city == "C3a"


def test_one_of_each_colour_face() -> None:
    state = fresh("cities", 2)
    state.cities = ["C3b", "C1a", "C2a"]  # 16 + 1 of each colour
    with_bonuses(state, 0, white=1, blue=1, green=1, red=1)
    state.players[0].points = 16
    end_turn_quietly(state)
    assert state.players[0].city is None
    with_bonuses(state, 0, black=1)
    state.players[0].points = 16
    end_turn_quietly(state)
    end_turn_quietly(state)
    assert state.players[0].city == "C3b"


def test_n_of_one_colour_of_your_choice() -> None:
    state = fresh("cities", 2)
    state.cities = ["C5a", "C1a", "C2a"]  # 15 + 5 of one colour
    with_bonuses(state, 0, blue=4, red=4)
    state.players[0].points = 15
    end_turn_quietly(state)
    assert state.players[0].city is None  # 4 + 4 is not 5 of one colour
    with_bonuses(state, 0, red=1)
    state.players[0].points = 15
    end_turn_quietly(state)
    end_turn_quietly(state)
    assert state.players[0].city == "C5a"


def test_four_green_and_four_of_another_colour() -> None:
    state = fresh("cities", 2)
    state.cities = ["C6a", "C1a", "C2a"]  # 14 + 4 green + 4 of a colour other than green
    with_bonuses(state, 0, green=8)
    state.players[0].points = 14
    end_turn_quietly(state)
    assert state.players[0].city is None  # 8 green do not count twice
    with_bonuses(state, 0, black=4)
    state.players[0].points = 14
    end_turn_quietly(state)
    end_turn_quietly(state)
    assert state.players[0].city == "C6a"
    assert CITY_FACES["C6a"].same_colour_excludes == ("green",)


def test_several_cities_met_the_player_chooses_one() -> None:
    state = fresh("cities", 2)
    state.cities = ["C3a", "C1a", "C2a"]
    with_bonuses(state, 0, red=4, black=3)
    state.players[0].points = 17
    end_turn_quietly(state)
    assert state.decision == "city" and state.current_player == 0
    assert sorted(a.city for a in state.legal_actions() if isinstance(a, ClaimCity)) == ["C1a", "C3a"]
    refused(state, ClaimCity("C2a"), "you do not meet city C2a")
    refused(state, ClaimCity("C4a"), "city C4a is not in play")
    state.apply(ClaimCity("C1a"))
    assert state.players[0].city == "C1a" and state.current_player == 1
    # the claimed tile is gone; the other player may still claim another one this round
    with_bonuses(state, 1, red=4, black=3)
    state.players[1].points = 13
    end_turn_quietly(state)
    assert state.players[1].city is None
    assert state.outcome is not None and state.outcome.winners == (0,)


def test_several_claimants_most_prestige_then_fewest_cards_then_shared() -> None:
    state = fresh("cities", 2)
    state.cities = ["C3a", "C5b", "C2a"]  # 17 / 12 + 6 of one colour
    with_bonuses(state, 1, blue=6)
    state.players[0].points = 17
    state.players[1].points = 18
    end_turn_quietly(state)
    end_turn_quietly(state)
    assert [p.city for p in state.players] == ["C3a", "C5b"]
    assert state.outcome is not None and state.outcome.winners == (1,)

    state = fresh("cities", 2)
    state.cities = ["C3a", "C5b", "C2a"]
    with_bonuses(state, 1, blue=6)
    with_bonuses(state, 0, red=4, white=3)
    state.players[0].points = state.players[1].points = 17
    end_turn_quietly(state)
    end_turn_quietly(state)
    assert state.outcome is not None and state.outcome.winners == (1,)  # 6 cards against 7

    state = fresh("cities", 2)
    state.cities = ["C3a", "C5b", "C2a"]
    with_bonuses(state, 1, blue=6)
    with_bonuses(state, 0, red=3, white=3)
    state.players[0].points = state.players[1].points = 17
    end_turn_quietly(state)
    end_turn_quietly(state)
    assert state.outcome is not None and state.outcome.winners == (0, 1)


def test_a_non_claimant_with_more_prestige_does_not_win() -> None:
    state = fresh("cities", 2)
    state.cities = ["C3a", "C1a", "C2a"]
    state.players[0].points = 17
    state.players[1].points = 30  # no bonuses: meets no city (C3a is taken)
    end_turn_quietly(state)
    end_turn_quietly(state)
    assert state.outcome is not None and state.outcome.winners == (0,)
    assert state.outcome.scores == (17, 30)


@pytest.mark.parametrize("face", sorted(CITY_FACES))
def test_every_face_is_claimed_exactly_at_its_requirements(face: str) -> None:
    info = CITY_FACES[face]
    needed = dict.fromkeys(("white", "blue", "green", "red", "black"), 0)
    needed.update(info.bonuses)
    if info.same_colour:
        free = next(c for c in needed if c not in info.same_colour_excludes and not needed[c])
        needed[free] = info.same_colour

    def claims(points: int, bonuses: dict[str, int]) -> bool:
        state = fresh("cities", 2)
        state.cities = [face] + [f for f in ("C3a", "C4a", "C2b") if f[:2] != face[:2]][:2]
        state.players[0].points = points
        state.players[0].bonuses = dict(bonuses)
        end_turn_quietly(state)
        return state.players[0].city == face

    assert claims(info.prestige, needed)
    assert not claims(info.prestige - 1, needed)
    for colour, count in needed.items():
        if count:
            assert not claims(info.prestige, {**needed, colour: count - 1})
