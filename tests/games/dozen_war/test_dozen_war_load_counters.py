"""Trusted Dozen War saves (``state_from_dict(data, verify=False)``) with a counter the rules
cannot make: a negative skull or captured-castle count, an out-of-range leader, round, turn or
idle count, a moved ``next_unit``, a unit's buffs past what the skills and cards give. Each is
refused by a ``ValueError`` naming the field; every state of random play still loads."""

from __future__ import annotations

import copy
import functools
import random
from collections.abc import Callable
from typing import Any

import pytest

from tabletop.games.dozen_war import GAME
from tabletop.games.dozen_war.actions import EndTurn
from tabletop.games.dozen_war.invariants import _UNIT_BUFFS
from tabletop.games.dozen_war.state import DozenWarState

Save = dict[str, Any]

#: Every mode and player count (R0.4), drafted and dealt generals.
CONFIGS: list[tuple[int, dict[str, str]]] = [
    (2, {"mode": "engage"}),
    (3, {"mode": "ffa"}),
    (4, {"mode": "ffa"}),
    (4, {"mode": "alliance"}),
    (3, {"mode": "ffa", "generals": "random"}),
    (4, {"mode": "ffa", "generals": "random"}),
    (4, {"mode": "alliance", "generals": "random"}),
    (2, {"mode": "engage", "generals": "random"}),
]


def _played(players: int, seed: int, decisions: int, **options: str) -> DozenWarState:
    state = GAME.new_game(players=players, seed=seed, **options)
    chooser = random.Random(seed)
    for _ in range(decisions):
        if state.is_terminal:
            break
        state.apply(chooser.choice(state.legal_actions()))
    return state


@functools.cache
def _save(mode: str) -> Save:
    """A save in play past round 1 (``ffa``, ``alliance``) or past a few turns (``engage``), with
    soldiers on the board."""
    players = {"engage": 2, "ffa": 4, "alliance": 4}[mode]
    state = _played(players, 5, 400 if mode != "engage" else 80, mode=mode)
    assert not state.is_terminal and any(not unit.general for unit in state.units.values())
    assert mode == "engage" or state.round >= 2
    return state.to_dict()


def _soldier(data: Save) -> Save:
    unit: Save = next(u for u in data["units"].values() if not u["general"])
    return unit


def _seat(field: str, value: Any) -> Callable[[Save], None]:
    return lambda data: data[field].__setitem__(0, value)


def _set(field: str, value: Any) -> Callable[[Save], None]:
    return lambda data: data.__setitem__(field, value)


def _buff(field: str, value: Any) -> Callable[[Save], None]:
    return lambda data: _soldier(data).__setitem__(field, value)


def _one_more(field: str) -> Callable[[Save], None]:
    def edit(data: Save) -> None:
        if isinstance(data[field], list):
            data[field][0] += 1
        else:
            data[field] += 1

    return edit


def _take_standing_castle(data: Save) -> None:
    castle = next(c for c in data["castles"] if c["hp"] > 0)
    castle["taken_by"] = (castle["owner"] + 1) % len(data["skulls"])  # taken while standing


def _mark_twice(data: Save) -> None:
    seat = next(s for s, marks in enumerate(data["marks"]) if marks)
    data["marks"][seat].append(data["marks"][seat][0])


#: (field the refusal names, modes the edit is made in, the edit).
EDITS: dict[str, tuple[str, tuple[str, ...], Callable[[Save], None]]] = {
    "skulls negative": ("skulls", ("ffa", "alliance", "engage"), _seat("skulls", -7)),
    "skulls past every general death": ("skulls", ("ffa", "alliance", "engage"), _seat("skulls", 10**6)),
    "skulls a float": ("skulls", ("ffa",), _seat("skulls", 1.0)),
    "castles_taken negative": ("castles_taken", ("ffa", "alliance", "engage"), _seat("castles_taken", -2)),
    "castles_taken one more than destroyed": (
        "castles_taken",
        ("ffa", "alliance"),
        _one_more("castles_taken"),
    ),
    "castle taken while standing": ("taken_by", ("ffa", "alliance"), _take_standing_castle),
    "leader past the seats": ("leader", ("ffa", "alliance", "engage"), _set("leader", 99)),
    "leader negative": ("leader", ("ffa", "alliance"), _set("leader", -1)),
    "leader a seat that is no team": ("leader", ("alliance",), _set("leader", 2)),
    "leader in Engage": ("leader", ("engage",), _set("leader", 0)),
    "leader a bool": ("leader", ("ffa",), _set("leader", True)),
    "next_unit negative": ("next_unit", ("ffa", "engage"), _set("next_unit", -5)),
    "next_unit moved": ("next_unit", ("ffa",), _set("next_unit", 13)),
    "round negative": ("round", ("ffa", "alliance", "engage"), _set("round", -100)),
    "round past the last": ("round", ("ffa",), _set("round", 9)),
    "round in Engage": ("round", ("engage",), _set("round", 2)),
    "turn_number negative": ("turn_number", ("ffa", "alliance", "engage"), _set("turn_number", -100)),
    "turn_number past the turn limit": ("turn_number", ("engage",), _set("turn_number", 10**6)),
    "turn_number past the rounds' turns": ("turn_number", ("ffa",), _set("turn_number", 500)),
    "idle_turns negative": ("idle_turns", ("ffa", "engage"), _set("idle_turns", -100)),
    "idle_turns past the idle limit": ("idle_turns", ("engage",), _set("idle_turns", 5)),
    "idle_turns outside Engage": ("idle_turns", ("ffa",), _set("idle_turns", 1)),
    "turns.extra_turns": (
        "extra_turns",
        ("ffa", "engage"),
        lambda data: data["turns"].__setitem__("extra_turns", 1),
    ),
    "turns.round off the round": (
        "turns.round",
        ("ffa", "engage"),
        lambda data: _one_more("round")(data["turns"]),
    ),
    "a skill marked twice": ("marks", ("ffa", "alliance"), _mark_twice),
    "another seat's skill marked": (
        "marks",
        ("ffa",),
        lambda data: data["marks"][0].append(data["roster"][1][0] + ".1"),
    ),
    "hitters no unit id": ("hitters", ("ffa", "engage"), lambda data: data["hitters"].__setitem__(0, [-1])),
    "the volcano back after round 4": ("volcano_up", ("ffa",), _set("volcano_up", True)),
    "the volcano gone in Engage": ("volcano_up", ("engage",), _set("volcano_up", False)),
    "a mountain lost": ("terrain", ("ffa", "engage"), lambda data: data["terrain"].pop()),
    "buff_strikes past the skills": ("buff_strikes", ("ffa", "engage"), _buff("buff_strikes", 10**6)),
    "buff_damage negative": ("buff_damage", ("ffa", "engage"), _buff("buff_damage", -50)),
    "buff_range past the skills": ("buff_range", ("alliance",), _buff("buff_range", 10**6)),
    "buff_move negative": ("buff_move", ("ffa",), _buff("buff_move", -1)),
    "extra_move negative": ("extra_move", ("ffa", "engage"), _buff("extra_move", -3)),
    "buff_max_targets negative": ("buff_max_targets", ("ffa",), _buff("buff_max_targets", -2)),
    "buff_max_targets past the skills": ("buff_max_targets", ("ffa",), _buff("buff_max_targets", 5)),
    "buff_star past every buffing source": ("buff_star", ("ffa",), _buff("buff_star", 4)),
    "buff_damage a float": ("buff_damage", ("ffa",), _buff("buff_damage", 1.0)),
}


@pytest.mark.parametrize("name", EDITS)
def test_an_impossible_counter_is_refused_naming_the_field(name: str) -> None:
    field, modes, edit = EDITS[name]
    for mode in modes:
        data = copy.deepcopy(_save(mode))
        edit(data)
        with pytest.raises(ValueError, match=field.replace(".", r"\.")):
            GAME.state_from_dict(data, verify=False)


@pytest.mark.parametrize("mode", ["ffa", "engage"])
def test_a_determinized_save_with_an_impossible_counter_is_refused_on_a_verified_load(mode: str) -> None:
    state = GAME.state_from_dict(_save(mode), verify=False)
    seat = state.current_player
    assert seat is not None
    determinized = state.determinize(seat, 1).to_dict()
    GAME.state_from_dict(copy.deepcopy(determinized), verify=True)  # unedited: loads
    for field, value in (
        ("skulls", [-7] + [0] * (state.num_players - 1)),
        ("leader", 99),
        ("turn_number", -1),
    ):
        data = copy.deepcopy(determinized)
        data[field] = value
        with pytest.raises(ValueError, match=field):
            GAME.state_from_dict(data, verify=True)


def test_buffs_at_their_bounds_load_and_one_past_is_refused() -> None:
    for field, most in _UNIT_BUFFS.items():
        data = copy.deepcopy(_save("ffa"))
        _soldier(data)[field] = most
        GAME.state_from_dict(data, verify=False)
        _soldier(data)[field] = most + 1
        with pytest.raises(ValueError, match=field):
            GAME.state_from_dict(data, verify=False)


def test_the_buff_bounds_are_read_off_the_skills_and_cards() -> None:
    # Moves: the skills' 2+2+1+3+2+1 (= 11), one Sao Chép copy of the largest (3), the two
    # movement cards (1 and the fastest class's 3); damage, range, strikes as the skills give.
    assert _UNIT_BUFFS == {
        "extra_move": 18,
        "buff_move": 18,
        "buff_damage": 3,
        "buff_range": 2,
        "buff_strikes": 3,
        "buff_max_targets": 4,
        "buff_star": 1,
    }


@pytest.mark.parametrize("config", range(len(CONFIGS)))
def test_every_state_of_random_play_saves_and_loads(config: int) -> None:
    """No false refusal: each state of a whole random game, in every mode, loads trusted."""
    players, options = CONFIGS[config]
    state = GAME.new_game(players=players, seed=config, **options)
    chooser = random.Random(config)
    while True:
        GAME.state_from_dict(state.to_dict(), verify=False)
        if state.is_terminal:
            break
        state.apply(chooser.choice(state.legal_actions()))


def test_engage_lost_to_idle_turns_saves_and_loads() -> None:
    """R11.8's end (the fifth idle turn) with every count at its limit still loads."""
    state = GAME.new_game(players=2, seed=7, mode="engage")
    chooser = random.Random(7)
    while not state.is_terminal:
        actions = state.legal_actions()
        ends = [a for a in actions if isinstance(a, EndTurn)]
        state.apply(ends[0] if ends else chooser.choice(actions))
        GAME.state_from_dict(state.to_dict(), verify=False)
    assert state.outcome is not None and state.outcome.reason == "engage_five_idle_turns"
    assert state.idle_turns == 5


@functools.cache
def _finished_on_score() -> Save:
    """A 3-player game played to the end of round 8 (seed 0: scores 5, 2, 1; seat 0 wins)."""
    state = _played(3, 0, 10**6, mode="ffa")
    assert state.outcome is not None and state.outcome.reason == "score"
    return state.to_dict()


def test_a_finished_games_outcome_keeps_to_its_totals_and_best_key() -> None:
    """Nothing changes a seat's score after the end: a trusted save with a skull more once kept
    the old scores; one with other winners or another reason kept them."""
    data = copy.deepcopy(_finished_on_score())
    assert GAME.state_from_dict(data, verify=False).to_dict() == data
    data["skulls"][0] += 1
    with pytest.raises(
        ValueError, match=r"outcome scores \[5, 2, 1\] are not the seats' totals \[6, 2, 1\] \(R16.2"
    ):
        GAME.state_from_dict(data, verify=False)
    data = copy.deepcopy(_finished_on_score())
    data["outcome"]["winners"] = [1]
    with pytest.raises(
        ValueError, match=r"outcome winners \[1\] for 'score'; the final state gives \[0\] \(R16.1"
    ):
        GAME.state_from_dict(data, verify=False)
    data["outcome"]["reason"] = "last_standing"  # three seats still play
    with pytest.raises(
        ValueError, match=r"reason is 'last_standing', but the final state does not end that way \(R7.1"
    ):
        GAME.state_from_dict(data, verify=False)
    data["outcome"]["reason"] = "all_eliminated"  # a draw, but three seats still play
    data["outcome"]["winners"] = []
    with pytest.raises(
        ValueError, match=r"reason is 'all_eliminated', but the final state does not end that way \(DW-7.2d"
    ):
        GAME.state_from_dict(data, verify=False)
    data["outcome"]["winners"] = [1]
    data["outcome"]["reason"] = "engage_draw"  # not an Engage game
    with pytest.raises(ValueError, match="outcome reason is 'engage_draw', but the final state does not"):
        GAME.state_from_dict(data, verify=False)


@pytest.mark.parametrize("winners", [[1], [0, 1], []])
def test_an_engage_win_goes_to_the_seat_whose_general_lives(winners: list[int]) -> None:
    """R11.7: seed 0's Engage ends with seat 1's general killed; no other winners load."""
    state = _played(2, 0, 10**6, mode="engage")
    assert state.outcome is not None and state.outcome.reason == "engage_general_killed"
    assert state.outcome.winners == (0,)
    data = state.to_dict()
    assert GAME.state_from_dict(data, verify=False).to_dict() == data
    data["outcome"]["winners"] = winners
    with pytest.raises(ValueError, match=r"for 'engage_general_killed'; the final state gives \[0\] \(R11.7"):
        GAME.state_from_dict(data, verify=False)
