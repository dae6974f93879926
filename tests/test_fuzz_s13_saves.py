"""Saves edited by structure (found by the session-13 hostile-input hunt): values of one type
swapped between two places, an int moved by one inside a list, a list reordered, an id copied
over another, an item moved from one list to another, the outcome set or changed. A
determinized save is not replayed on load (its hidden parts were invented), so the game's own
checks are all that stand between such an edit and a state that breaks later; the same goes for
every trusted load (``verify=False``). Each case here loaded and then failed in play."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

import tabletop


def json_copy(data: Any) -> Any:
    return json.loads(json.dumps(data))


@pytest.mark.parametrize("verify", [True, False])
def test_wonders_duel_save_whose_face_down_wonders_went_back_to_the_box_during_the_draft_is_refused(
    verify: bool,
) -> None:
    """Before: a determinized draft save with ``$.wonder_deck`` and ``$.returned_wonders``
    swapped loaded, and the draft's second deal found no Wonders: no legal action before the end."""
    game = tabletop.load("wonders_duel")
    save = json_copy(game.new_game(seed=1).determinize(0, 3).to_dict())
    save["wonder_deck"], save["returned_wonders"] = save["returned_wonders"], save["wonder_deck"]
    with pytest.raises(ValueError, match="went back to the box during the draft"):
        game.state_from_dict(save, verify=verify)


def seven_wonders_midgame(decisions: int) -> Any:
    state: Any = tabletop.load("seven_wonders").new_game(players=3, seed=4)
    rng = random.Random(4)
    for _ in range(decisions):
        state.apply(rng.choice(state.legal_actions()))
    return state


@pytest.mark.parametrize("verify", [True, False])
def test_seven_wonders_save_with_a_later_ages_card_played_is_refused(verify: bool) -> None:
    """Before: a determinized Age I save with a built card swapped for a card of the Age II
    deck loaded, and determinize raised AssertionError (no place for a hidden card)."""
    game = tabletop.load("seven_wonders")
    state = seven_wonders_midgame(12)
    assert state.age == 1 and state.built[0]
    save = json_copy(state.determinize(1, 2).to_dict())
    save["built"][0][0], save["decks"][1][0] = save["decks"][1][0], save["built"][0][0]
    with pytest.raises(ValueError, match="a deck holds another Age's card, or a later Age's card was played"):
        game.state_from_dict(save, verify=verify)


@pytest.mark.parametrize("verify", [True, False])
def test_seven_wonders_save_that_remembers_a_card_in_two_hands_is_refused(verify: bool) -> None:
    """Before: a trusted save in which seat 0 remembered one card in two hands loaded, and
    determinize dealt that card twice (an AssertionError)."""
    game = tabletop.load("seven_wonders")
    state = seven_wonders_midgame(12)
    save = json_copy((state.determinize(0, 2) if verify else state).to_dict())
    memories = save["hands"]["seen"][0]
    full = [other for other in range(1, 3) if memories[other]]
    assert full, "seat 0 has seen another hand"
    source = memories[full[0]][0]
    target = 2 if full[0] == 1 else 1
    memories[target] = [*memories[target][1:], source] if memories[target] else [source]
    with pytest.raises(ValueError, match="seat 0 remembers a card in two hands"):
        game.state_from_dict(save, verify=verify)


@pytest.mark.parametrize("players", [2, 3])
def test_seven_wonders_trusted_save_with_a_free_city_pile_that_does_not_fit_the_turn_is_refused(
    players: int,
) -> None:
    """Before: a 2-player trusted save with the Free City's pile emptied (swapped for a city's
    empty structures) loaded, and the next turn's draw from the pile raised IndexError mid-apply."""
    game = tabletop.load("seven_wonders")
    state: Any = game.new_game(players=players, seed=5)
    rng = random.Random(5)
    for _ in range(3):
        state.apply(rng.choice(state.legal_actions()))
    save = json_copy(state.to_dict())
    if players == 2:  # the pile's cards face down in the discard: every card still in one place
        assert save["pile"]
        save["discard"] += save["pile"]
        save["discard_known"] += [0] * len(save["pile"])
        save["pile"] = []
    else:  # an Age I card of the box (a 4-player card) put in a pile no 3-player game has
        card = next(card for card in save["box"] if card.startswith("I-"))
        save["box"].remove(card)
        save["pile"].append(card)
    with pytest.raises(ValueError, match=r"the Free City's pile holds \d+ cards at turn \d"):
        game.state_from_dict(save, verify=False)
