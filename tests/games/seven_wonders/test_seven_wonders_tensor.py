"""The observation tensor (issue 12): a fixed shape per player count, every observed thing in it,
equal observations giving equal tensors, seat-relative blocks, and its speed."""

from __future__ import annotations

import copy
import json
import math
from collections.abc import Callable
from typing import Any

import pytest

from contract import check_tensors_distinguish, random_game_states, tensor_microseconds
from tabletop.games.seven_wonders import GAME, SevenWondersState
from tabletop.games.seven_wonders.tensor import CARD_INDEX, CITY, HAND, encode


def states(players: int, seed: int, side: str = "A") -> list[SevenWondersState]:
    """Every state of one random game, the last terminal."""
    return random_game_states(GAME, players, seed, side=side)


@pytest.mark.parametrize("players", range(2, 8))
def test_the_shape_is_fixed_per_player_count_and_every_entry_a_finite_float(players: int) -> None:
    (size,) = GAME.observation_shape(players)
    assert GAME.observation_shape(players, side="B") == (size,)
    assert GAME.observation_shape(players, side="random", boards="random") == (size,)
    for state in states(players, players, side="random")[::5]:
        assert state.observation_shape == (size,)
        for seat in range(players):
            tensor = state.observation_tensor(seat)
            assert len(tensor) == size
            assert all(type(x) is float and math.isfinite(x) for x in tensor)
    assert len({GAME.observation_shape(p) for p in range(2, 8)}) == 6


@pytest.mark.parametrize("players", [2, 3, 7])
def test_equal_observations_give_equal_tensors(players: int) -> None:
    for state in states(players, 11)[::3]:
        for seat in range(players):
            tensor = state.observation_tensor(seat)
            assert state.determinize(seat, 5).observation_tensor(seat) == tensor
            assert encode(json.loads(json.dumps(state.observation(seat))), seat) == tensor


@pytest.mark.parametrize("players", [2, 3, 5])
def test_different_observations_give_different_tensors(players: int) -> None:
    assert check_tensors_distinguish(GAME, players, range(3), side="random") > 40 * players


def _mid_game(players: int) -> SevenWondersState:
    """A state in Age II with tucked cards, known discards and tokens, the step under way."""
    for seed in range(50):
        for state in states(players, seed, side="B"):
            view = state.observation(0)
            if (
                view["age"] == 2
                and view["choices"]["mine"]
                and view["discard"]["known"]
                and any(view["tucked"])
                and any("back:" in card for cards in view["tucked"] for card in cards)
            ):
                return state
    raise AssertionError("no such state in 50 games")  # pragma: no cover - random play reaches one


def _other_card(view: dict[str, Any]) -> str:
    used = json.dumps(view)
    return next(card for card in CARD_INDEX if f'"{card}"' not in used)


def _changes(view: dict[str, Any]) -> dict[str, Callable[[dict[str, Any]], None]]:
    """A change of each observed entry, keyed by what it changes."""
    spare = _other_card(view)

    def hand_card(v: dict[str, Any]) -> None:
        v["hands"][0]["cards"][0] = spare

    def seen_card(v: dict[str, Any]) -> None:
        v["hands"][1]["seen"].append(spare)

    def tucked(v: dict[str, Any]) -> None:
        cards = next(cards for cards in v["tucked"] if cards)
        cards[0] = "back:3" if cards[0] != "back:3" else "back:1"

    def mine(v: dict[str, Any]) -> None:
        action = v["choices"]["mine"][0][1]
        action["type"] = "discard" if action["type"] != "discard" else "build_stage"

    return {
        "age": lambda v: v.update(age=3),
        "turn": lambda v: v.update(turn=v["turn"] % 6 + 1),
        "decision": lambda v: v.update(decision="seventh_card"),
        "current_player": lambda v: v.update(current_player=None),
        "acting_seats": lambda v: v.update(acting_seats=[]),
        "coins": lambda v: v["coins"].__setitem__(1, v["coins"][1] + 1),
        "boards": lambda v: v["boards"].reverse(),
        "sides": lambda v: v["sides"].__setitem__(0, "A" if v["sides"][0] == "B" else "B"),
        "built": lambda v: v["built"][2].append(spare),
        "tucked": tucked,
        "tokens": lambda v: v["tokens"][0].append(-1),
        "olympia_used": lambda v: v["olympia_used"].__setitem__(1, 2),
        "queue": lambda v: v["queue"].append(["build_from_discard", 1]),
        "hands": hand_card,
        "hands seen": seen_card,
        "hands count": lambda v: v["hands"][1].update(count=v["hands"][1]["count"] + 1),
        "hands unseen": lambda v: v["hands"][1].update(unseen=v["hands"][1]["unseen"] + 1),
        "choices chosen": lambda v: v["choices"].update(chosen=[], waiting=sorted(v["choices"]["chosen"])),
        "choices mine": mine,
        "discard count": lambda v: v["discard"].update(count=v["discard"]["count"] + 1),
        "discard known": lambda v: v["discard"]["known"].pop(),
        "discard backs": lambda v: v["discard"]["backs"].append(3),
        "pile": lambda v: v.update(pile=v["pile"] + 1 if isinstance(v["pile"], int) else [spare]),
        "decks": lambda v: v["decks"].__setitem__(2, v["decks"][2] + 1),
        "box": lambda v: v["box"].append(spare),
        "box_guilds": lambda v: v.update(box_guilds=v["box_guilds"] + 1),
        "outcome": lambda v: v.update(
            outcome={"winners": [1], "scores": [40] * len(v["hands"]), "reason": "coins"}
        ),
        "holder": lambda v: v.update(holder=1 - v["holder"]),
    }


@pytest.mark.parametrize("players", [2, 4])
def test_every_observed_entry_changes_the_tensor(players: int) -> None:
    state = _mid_game(players)
    view = state.observation(0)
    tensor = encode(view, 0)
    changes = _changes(view)
    # Every key of the observation but the seat itself (the layout is relative to it) is covered.
    assert {name.split()[0] for name in changes} >= set(view) - {"seat"}
    for name, change in changes.items():
        if name in ("holder", "pile") and players > 2:
            continue  # no Free City: the pile is always 0 and the holder -1, not encoded
        changed = copy.deepcopy(view)
        change(changed)
        assert changed != view, name
        assert encode(changed, 0) != tensor, f"changing {name} leaves the tensor as it was"


def test_blocks_are_seat_relative() -> None:
    state = _mid_game(4)
    for seat in range(4):
        view = state.observation(seat)
        tensor = state.observation_tensor(seat)
        size = len(tensor)
        hands = size - HAND * 4
        own = [card for card, i in CARD_INDEX.items() if tensor[hands + 2 + i] == 1.0]
        assert own == sorted(view["hands"][seat]["cards"], key=CARD_INDEX.__getitem__)
        cities = hands - CITY * 4
        # The first city block is the seat's own: its coins, then its left neighbour's.
        assert tensor[cities + 11] == view["coins"][seat] / 10
        assert tensor[cities + CITY + 11] == view["coins"][(seat + 1) % 4] / 10


def test_speed() -> None:
    for players in (3, 7):
        micro = tensor_microseconds(GAME, players, 1, side="A")
        print(f"7 Wonders {players}p: {micro:.0f} µs per observation_tensor")
        assert micro < 2000
