"""A trusted load (``verify=False``, and ``verify=True`` of a determinized save) refuses what play
cannot reach: committed choices that were no legal action, a turn's choices out of order, the
Free City card's holder out of range, seat masks and unseen counts past their bounds. Every
state of random games at 2-7 players still loads."""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

import pytest

from tabletop.core import Rng
from tabletop.games.seven_wonders import CARDS, GAME, SevenWondersState

Save = dict[str, Any]


def _copy(data: Any) -> Save:
    copied: Save = json.loads(json.dumps(data))
    return copied


def _played_until(
    players: int, seed: int, found: Callable[[SevenWondersState], bool], side: str = "A"
) -> SevenWondersState:
    """The first state of a seeded random game for which ``found`` holds."""
    rng = Rng.from_seed(seed)
    state = GAME.new_game(players=players, seed=seed, side=side)
    while not found(state):
        assert not state.is_terminal, "no such state in this game"
        state.apply(rng.choice(state.legal_actions()))
    return state


def _refused(data: Save, words: str, verify: bool = False) -> None:
    with pytest.raises(ValueError, match=words):
        GAME.state_from_dict(data, verify=verify)


def _trading(state: SevenWondersState) -> int | None:
    """A city whose committed choice pays a neighbour for resources."""
    return next(
        (
            city
            for city, a in state.choices.choices.items()
            if getattr(a, "left", 0) or getattr(a, "right", 0)
        ),
        None,
    )


# ---------------------------------------------------------------------- F2: committed choices


@pytest.mark.parametrize(
    ("value", "words"),
    [
        (-5, r"payments are coin counts \(ints >= 0\), got left=\d+, right=-5"),
        (99, r"cannot be paid with \d+ left \+ 99 right"),
    ],
)
def test_a_committed_payment_that_was_no_legal_action_is_refused(value: int, words: str) -> None:
    state = _played_until(3, 4, lambda s: _trading(s) is not None)
    city = _trading(state)
    data = _copy(state.to_dict())
    GAME.state_from_dict(data, verify=False)  # the untouched save loads
    data["choices"]["choices"][str(city)]["right"] = value
    _refused(data, rf"choices: city {city}'s committed choice .* is not one of its legal actions: .*{words}")
    # A determinized save is loaded as edited, with the same checks.
    assert city is not None
    guess = _copy(state.determinize(city, 1).to_dict())
    GAME.state_from_dict(guess, verify=True)
    guess["choices"]["choices"][str(city)]["right"] = value
    _refused(guess, "not one of its legal actions", verify=True)


def test_a_committed_trade_the_city_cannot_afford_is_refused() -> None:
    state = _played_until(3, 4, lambda s: _trading(s) is not None)
    city = _trading(state)
    data = _copy(state.to_dict())
    data["coins"][city] = 0
    _refused(data, rf"choices: city {city}'s committed choice .* not one of its legal actions")


def test_a_committed_free_build_without_olympia_is_refused() -> None:
    state = _played_until(3, 2, lambda s: bool(s.choices.choices))
    data = _copy(state.to_dict())
    choice = data["choices"]["choices"]["0"]
    data["choices"]["choices"]["0"] = {"type": "build_free", "card": choice["card"]}
    if "Olympia" in data["boards"][:1]:  # pragma: no cover - seed 2 deals no Olympia to city 0
        pytest.skip("city 0 is Olympia")
    _refused(data, r"choices: city 0's committed choice .* only Olympia")


def test_a_committed_build_from_the_discard_pile_is_refused() -> None:
    state = _played_until(3, 2, lambda s: bool(s.choices.choices))
    data = _copy(state.to_dict())
    data["choices"]["choices"]["0"] = {
        "type": "build_from_discard",
        "card": data["choices"]["choices"]["0"]["card"],
    }
    _refused(data, "only after Halikarnassos builds its stage")


def _free_city_chose(state: SevenWondersState) -> bool:
    return state.num_players == 2 and 2 in state.choices.choices


def test_a_free_city_discard_when_it_can_build_is_refused() -> None:
    # With seat 0 holding the Free City card, its pick for the Free City comes before seat 1's.
    for seed in range(40):
        state = _played_until(2, seed, lambda s: _free_city_chose(s) or s.is_terminal)
        if state.is_terminal:  # pragma: no cover - the seeds below find one
            continue
        hand = [CARDS[card].kind for card in state.hands.cards[state.holder]]
        data = _copy(state.to_dict())
        own = data["choices"]["choices"][str(state.holder)]["card"]
        if data["choices"]["choices"]["2"]["type"] == "discard":
            continue  # the Free City could build nothing
        rest = list(hand)
        rest.remove(own)
        data["choices"]["choices"]["2"] = {"type": "discard", "card": rest[0]}
        _refused(
            data, "choices: city 2's committed choice .* Free City may discard only when it cannot build"
        )
        return
    pytest.fail("no random game had the Free City choose a build")  # pragma: no cover


def test_the_free_city_chooses_after_its_holders_own_city() -> None:
    state = _played_until(2, 3, lambda s: s.holder == 0 and s.choices.choices.keys() == {0})
    data = _copy(state.to_dict())
    # Seat 0's own pick recorded as the Free City's, seat 0's own city still waiting.
    data["choices"] = {"waiting": [0, 1], "choices": {"2": data["choices"]["choices"]["0"]}}
    _refused(data, r"choices: the cities commit in turn order \[0, 2, 1\]")


def test_cities_commit_in_order_and_every_city_chooses() -> None:
    state = _played_until(4, 5, lambda s: s.choices.choices.keys() == {0, 1})
    data = _copy(state.to_dict())
    # City 0's pick withdrawn and city 2's (a discard: always legal) recorded instead.
    out_of_order = _copy(data)
    discard = {"type": "discard", "card": CARDS[data["hands"]["cards"][2][0]].kind}
    out_of_order["choices"] = {
        "waiting": [0, 3],
        "choices": {"1": data["choices"]["choices"]["1"], "2": discard},
    }
    _refused(out_of_order, r"choices: the cities commit in turn order \[0, 1, 2, 3\]")
    missing = _copy(data)
    missing["choices"]["waiting"] = [3]  # city 2 neither waits nor has chosen
    _refused(missing, "choices: every city chooses each turn")


def test_no_turn_is_under_way_while_a_decision_is_owed() -> None:
    state = _played_until(3, 1, lambda s: bool(s.queue), side="B")
    data = _copy(state.to_dict())
    seat = next(seat for seat, hand in enumerate(data["hands"]["cards"]) if hand)
    data["choices"] = {
        "waiting": [other for other in range(3) if other != seat],
        "choices": {str(seat): {"type": "discard", "card": CARDS[data["hands"]["cards"][seat][0]].kind}},
    }
    _refused(data, "choices: a turn is under way .* while a decision is owed")


# ---------------------------------------------------------------------- F7: counters and masks


def _mid_game(players: int, seed: int = 2, decisions: int = 30) -> Save:
    rng = Rng.from_seed(seed)
    state = GAME.new_game(players=players, seed=seed)
    for _ in range(decisions):
        state.apply(rng.choice(state.legal_actions()))
    assert state.discard and any(state.tucked)
    return _copy(state.to_dict())


@pytest.mark.parametrize(
    ("players", "tamper", "words"),
    [
        (
            4,
            lambda d: d.__setitem__("holder", 10**20),
            "holder must be a seat with 2 players and -1 otherwise",
        ),
        (4, lambda d: d.__setitem__("holder", 0), "holder must be a seat with 2 players and -1 otherwise"),
        (
            2,
            lambda d: d.__setitem__("holder", 10**20),
            "holder must be a seat with 2 players and -1 otherwise",
        ),
        (4, lambda d: d["discard_known"].__setitem__(0, -1), r"discard_known holds a bit per seat \(0 to 15"),
        (
            4,
            lambda d: d["discard_known"].__setitem__(0, 2**40),
            r"discard_known holds a bit per seat \(0 to 15",
        ),
        (4, lambda d: d["discard_known"].__setitem__(0, 16), r"discard_known holds a bit per seat \(0 to 15"),
        (2, lambda d: d["discard_known"].__setitem__(0, 4), r"discard_known holds a bit per seat \(0 to 3"),
        (4, lambda d: _tucked(d).__setitem__(0, -1), r"tucked_known holds a bit per seat \(0 to 15"),
        (4, lambda d: _tucked(d).__setitem__(0, 2**40), r"tucked_known holds a bit per seat \(0 to 15"),
        (
            4,
            lambda d: d["hands"]["unseen"][0].__setitem__(1, 10**20),
            "hands.unseen must be all 0 with 4 players",
        ),
        (4, lambda d: d["hands"]["unseen"][2].__setitem__(2, 1), "hands.unseen must be all 0 with 4 players"),
        (2, lambda d: d["hands"]["unseen"][1 - d["holder"]].__setitem__(d["holder"], 10**20), "hands.unseen"),
        (2, lambda d: d["hands"]["unseen"][1 - d["holder"]].__setitem__(d["holder"], 2), "at most one"),
        (2, lambda d: d["hands"]["unseen"][d["holder"]].__setitem__(1 - d["holder"], 1), "holder's hand"),
        (2, lambda d: d["hands"]["unseen"][0].__setitem__(0, 1), "hands.unseen"),
    ],
)
def test_counters_and_masks_past_their_bounds_are_refused(
    players: int, tamper: Callable[[Save], Any], words: str
) -> None:
    data = _mid_game(players)
    GAME.state_from_dict(data, verify=False)  # the untouched save loads
    tamper(data)
    _refused(data, words)


def _tucked(data: Save) -> list[int]:
    """The first city's list of tucked cards' masks that has one (to be edited in place)."""
    masks: list[int] = next(known for known in data["tucked_known"] if known)
    return masks


# ---------------------------------------------------------------------- no false refusals

_SIDES = ("A", "B", "random")


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6, 7])
def test_every_state_of_random_games_loads_trusted(players: int) -> None:
    """Every state of 15 random games a player count (sides A, B, random), as saved; and, now
    and then, each acting seat's determinized guess, trusted and verified."""
    guesses = 0
    for game in range(15):
        seed = 100 * players + game
        rng = Rng.from_seed(seed)
        state = GAME.new_game(players=players, seed=seed, side=_SIDES[game % 3])
        step = 0
        while True:
            GAME.state_from_dict(_copy(state.to_dict()), verify=False)
            if state.is_terminal:
                break
            if step % 9 == game % 9:
                for seat in state.acting_seats():
                    guess = _copy(state.determinize(seat, step).to_dict())
                    GAME.state_from_dict(guess, verify=False)
                    GAME.state_from_dict(guess, verify=True)
                    guesses += 1
            state.apply(rng.choice(state.legal_actions()))
            step += 1
    assert guesses
