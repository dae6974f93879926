"""Trusted Dozen War saves (``state_from_dict(data, verify=False)``) with an attack, a hit, a
task, a castle's occupants, the turn's place or an event modifier the rules cannot make: an
attack by no unit or by another seat's, an attack's or a hit's numbers out of range (a negative
heal that took a unit's last HP), a decision for no seat, the turn in the wrong seat's hands, an
enemy inside a standing castle, a turn count that does not fit the turn order, a choice's or a
step's numbers or texts past what the engine asks them with (ids, cells, reaches, faces,
counts, an effect's place, a gained soldier's type, a status, a card; a splash's units).
Each is refused by a ``ValueError`` naming the field or the rule (``test_dozen_war_load_counters`` loads
every state of random play in every mode: no false refusal)."""

from __future__ import annotations

import copy
import functools
import random
from collections.abc import Callable
from typing import Any

import attrs
import pytest

from tabletop.games.dozen_war import GAME
from tabletop.games.dozen_war.agenda_checks import check_ctx
from tabletop.games.dozen_war.board import spec_of
from tabletop.games.dozen_war.components import MAX_UNITS, SKILLS, TOKENS
from tabletop.games.dozen_war.invariants import _ATTACK_BOUNDS
from tabletop.games.dozen_war.scoring import eliminate
from tabletop.games.dozen_war.state import DozenWarState

Save = dict[str, Any]


def _find(players: int, mode: str, seed: int, found: Callable[[DozenWarState], bool]) -> Save:
    """The first state of a random game (and the next seeds') that ``found`` accepts, saved."""
    for attempt in range(seed, seed + 40):
        state = GAME.new_game(players=players, seed=attempt, mode=mode)
        chooser = random.Random(attempt)
        while not state.is_terminal:
            if found(state):
                return state.to_dict()
            state.apply(chooser.choice(state.legal_actions()))
    raise AssertionError("no such state in 40 random games")


def _kinds(state: DozenWarState) -> set[str]:
    return {task.kind for task in state.tasks}


@functools.cache
def _numbers_pending() -> Save:
    """A normal attack declared, its numbers still to fix behind a pending decision."""
    return _find(
        3,
        "ffa",
        1,
        lambda s: (
            s.attack is not None
            and not s.attack.op
            and "attack_numbers" in _kinds(s)
            and s.current_player is not None
        ),
    )


@functools.cache
def _targets_pending() -> Save:
    """A normal attack whose targets are being chosen."""
    return _find(
        3, "ffa", 1, lambda s: s.attack is not None and not s.attack.op and "attack_targets" in _kinds(s)
    )


@functools.cache
def _in_hit() -> Save:
    """A hit in its defence window."""
    return _find(4, "ffa", 1, lambda s: s.hit is not None and s.attack is not None)


@functools.cache
def _mid_turn() -> Save:
    """Round 2 or later of a 3-player game, at a turn other than the round's first."""
    return _find(
        3,
        "ffa",
        1,
        lambda s: s.round >= 2 and s.turns.position >= 1 and [t.kind for t in s.tasks] == ["turn"],
    )


@functools.cache
def _with_modifier() -> Save:
    """An event modifier in force."""
    return _find(4, "ffa", 1, lambda s: bool(s.modifiers))


@functools.cache
def _countering() -> Save:
    """A counter hit waiting on a guard's answer (R12.11)."""
    return _find(4, "ffa", 1, lambda s: "counter" in _kinds(s) and s.current_player is not None)


@functools.cache
def _splashing() -> Save:
    """A splash's target being chosen (R3.4d)."""
    return _find(4, "ffa", 4, lambda s: bool(s.tasks) and s.tasks[-1].kind == "splash_target")


@functools.cache
def _in_effect() -> Save:
    """An effect waiting under a decision it asked for (an ``effect`` task in the agenda)."""
    return _find(4, "ffa", 0, lambda s: any(t.kind == "effect" for t in s.tasks))


@functools.cache
def _with_after() -> Save:
    """A hit with an effect's later operations kept for after it (``hit.after``)."""
    return _find(4, "ffa", 0, lambda s: s.hit is not None and bool(s.hit.after))


@functools.cache
def _along_a_ray() -> Save:
    """An attack whose targets must share one ray (``single_ray`` selectors)."""
    return _find(4, "ffa", 0, lambda s: s.attack is not None and s.attack.ray is not None)


@functools.cache
def _choosing(kind: str) -> Save:
    """A ``choose_cell`` or ``select`` decision on top (3 players: the 11x11 map)."""
    return _find(3, "ffa", 0, lambda s: bool(s.tasks) and s.tasks[-1].kind == kind)


@functools.cache
def _selecting(purpose: str) -> Save:
    """A ``select`` of ``purpose`` on top (4 players), asked with its parameters."""
    return _find(
        4,
        "ffa",
        0,
        lambda s: bool(s.tasks) and s.tasks[-1].kind == "select" and s.tasks[-1].data["purpose"] == purpose,
    )


@functools.cache
def _top_with(kind: str, key: str) -> Save:
    """A ``kind`` step on top whose data holds ``key`` (4 players)."""
    return _find(
        4, "ffa", 0, lambda s: bool(s.tasks) and s.tasks[-1].kind == kind and key in s.tasks[-1].data
    )


def _top(key: str, value: Any) -> Callable[[Save], None]:
    return lambda data: data["tasks"][-1]["data"].__setitem__(key, value)


def _units_kept(count: int) -> Callable[[Save], None]:
    def edit(data: Save) -> None:
        task = next(t for t in data["tasks"] if t["kind"] == "splash_target")
        del task["data"]["units"][count:]

    return edit


def _param(key: str, value: Any) -> Callable[[Save], None]:
    return lambda data: data["tasks"][-1]["data"]["params"].__setitem__(key, value)


def _after(key: str, value: Any) -> Callable[[Save], None]:
    return lambda data: data["hit"]["after"][0].__setitem__(key, value)


def _task(kind: str, key: str, value: Any) -> Callable[[Save], None]:
    def edit(data: Save) -> None:
        task = next(t for t in data["tasks"] if t["kind"] == kind)
        task["data"][key] = value

    return edit


def _attack(field: str, value: Any) -> Callable[[Save], None]:
    return lambda data: data["attack"].__setitem__(field, value)


def _hit(field: str, value: Any) -> Callable[[Save], None]:
    return lambda data: data["hit"].__setitem__(field, value)


def _enemy_unit(data: Save) -> int:
    player = data["attack"]["player"]
    return next(int(uid) for uid, unit in data["units"].items() if unit["owner"] != player)


def _dead_unit(data: Save) -> int:
    return next(uid for uid in range(12, 200) if str(uid) not in data["units"])


def _decision_for_nobody(data: Save) -> None:
    data["tasks"][-1]["seat"] = -1


def _turn_to_another_seat(data: Save) -> None:
    turn = data["tasks"][0]
    turn["seat"] = (turn["seat"] + 1) % len(data["skulls"])


def _position_back(data: Save) -> None:
    """Two turns of the round undone in ``position`` (with the turn's seat kept consistent),
    ``turn_number`` left as it was: the round would have more turns than seats."""
    turns = data["turns"]
    turns["position"] = 0
    data["tasks"][0]["seat"] = turns["order"][0]


def _turn_number_behind(data: Save) -> None:
    """Fewer turns played than the rounds before this one and this round's earlier turns."""
    data["turn_number"] = data["round"] - 2 + data["turns"]["position"]


def _enemy_in_castle(data: Save) -> None:
    occupied = {unit["cell"] for unit in data["units"].values()}
    castle = next(c for c in data["castles"] if c["hp"] > 0 and c["cell"] not in occupied)
    enemy = next(u for u in data["units"].values() if u["owner"] != castle["owner"] and not u["general"])
    enemy["cell"] = castle["cell"]


def _modifier(amount: Any) -> Callable[[Save], None]:
    """The first modifier made Tailwind's (E12) move for generals, by ``amount``."""

    def edit(data: Save) -> None:
        seat = data["modifiers"][0][0]
        data["modifiers"][0] = [seat, "own_generals", "move", amount]

    return edit


#: (what the refusal names, the save, the edit).
EDITS: dict[str, tuple[str, Callable[[], Save], Callable[[Save], None]]] = {
    "attack by no unit id": ("attack.unit", _numbers_pending, _attack("unit", -1)),
    "attack by a unit id past the board's": ("attack.unit", _numbers_pending, _attack("unit", 1000)),
    "normal attack by nobody": ("attack.unit", _numbers_pending, _attack("unit", None)),
    "attack by a bool": ("attack.unit", _numbers_pending, _attack("unit", True)),
    "attack by an enemy's unit": (
        "attack.unit",
        _numbers_pending,
        lambda d: _attack("unit", _enemy_unit(d))(d),
    ),
    "attack by a dead unit before its targets": (
        "attack.unit",
        _targets_pending,
        lambda d: _attack("unit", _dead_unit(d))(d),
    ),
    "attack chosen no unit or castle": ("attack.chosen", _targets_pending, _attack("chosen", [-1])),
    "attack targets past the castles": ("attack.targets", _targets_pending, _attack("targets", [10**6])),
    "heal_user negative": ("attack.heal_user", _in_hit, _attack("heal_user", -1)),
    "attack damage negative": ("attack.damage", _targets_pending, _attack("damage", -3)),
    "attack damage past the data": ("attack.damage", _targets_pending, _attack("damage", 10**6)),
    "attack range past the data": ("attack.range", _targets_pending, _attack("range", 99)),
    "attack extra hits past the data": ("attack.extra", _targets_pending, _attack("extra", 500)),
    "attack splash_extra negative": ("attack.splash_extra", _targets_pending, _attack("splash_extra", -1)),
    "attack max_targets past the data": ("attack.max_targets", _targets_pending, _attack("max_targets", 50)),
    "attack star a float": ("attack.star", _targets_pending, _attack("star", 1.0)),
    "hit damage negative": ("hit.damage", _in_hit, _hit("damage", -2)),
    "hit damage past any attack's": ("hit.damage", _in_hit, _hit("damage", 10**6)),
    "hit star past any source's": ("hit.star", _in_hit, _hit("star", 99)),
    "hit target no unit or castle": ("hit.target", _in_hit, _hit("target", -1)),
    "hit receiver past the castles": ("hit.receiver", _in_hit, _hit("receiver", 10**6)),
    "hit guard no unit id": ("hit.guard", _in_hit, _hit("guard", -4)),
    "hit lost negative": ("hit.lost", _in_hit, _hit("lost", -1)),
    "hit heal negative": ("hit.heals", _in_hit, _hit("heals", [[0, -1]])),
    "hit heal past a heal's": ("hit.heals", _in_hit, _hit("heals", [[0, 50]])),
    "a decision for no seat": ("seat is -1", _numbers_pending, _decision_for_nobody),
    "the turn in another seat's hands": ("'turn'", _mid_turn, _turn_to_another_seat),
    "turn position behind turn_number": ("turns.position", _mid_turn, _position_back),
    "turn_number behind the rounds": ("turn_number", _mid_turn, _turn_number_behind),
    "an enemy inside a standing castle": ("R2.8b", _mid_turn, _enemy_in_castle),
    "a counter credited to no seat": ("data.credit", _countering, _task("counter", "credit", 99)),
    "a counter past any attack's damage": ("data.damage", _countering, _task("counter", "damage", 10**6)),
    "a counter's place past its order": ("data.i", _countering, _task("counter", "i", 99)),
    "a window's place past its order": ("data.i", _in_hit, _task("window", "i", 99)),
    "a splash along no direction": ("data.d", _splashing, _task("splash_target", "d", [0, 0])),
    "a splash off the board": ("data.cell", _splashing, _task("splash_target", "cell", -1)),
    "a splash's damage negative": ("data.damage", _splashing, _task("splash_target", "damage", -1)),
    "a splash carried past a card's": ("data.extra", _splashing, _task("splash_target", "extra", 5)),
    "a splash offering no unit id": ("data.units", _splashing, _task("splash_target", "units", [10**400, 1])),
    "a splash offering one unit twice": ("data.units", _splashing, _task("splash_target", "units", [1, 1])),
    "a splash offering a unit off the board": (
        "data.units",
        _splashing,
        _task("splash_target", "units", [MAX_UNITS - 1, MAX_UNITS - 2]),
    ),
    "a splash offering a single unit": ("data.units", _splashing, _units_kept(1)),
    "an effect's place before its operations": ("data.i", _in_effect, _task("effect", "i", -(2**63))),
    "an effect's place past its operations": ("data.i", _in_effect, _task("effect", "i", 99)),
    "a kept operation past its effect's": ("past the effect's", _with_after, _after("i", 99)),
    "a ray no direction has": ("attack.ray", _along_a_ray, _attack("ray", 10**400)),
    "a ray before the directions": ("attack.ray", _along_a_ray, _attack("ray", -1)),
    "a cell past the map's columns": (
        "data.cells",
        lambda: _choosing("choose_cell"),
        _task("choose_cell", "cells", [11]),  # row 0, column 11 of an 11-column map
    ),
    "a cell past 2**63": (
        "data.cells",
        lambda: _choosing("choose_cell"),
        _task("choose_cell", "cells", [2**63]),
    ),
    "a candidate no unit or castle": (
        "data.cands",
        lambda: _choosing("select"),
        _task("select", "cands", [0, 10**400]),
    ),
    "a pick no unit or castle": ("data.cands", lambda: _choosing("select"), _task("select", "picked", [-1])),
    "a select taking none": ("data.max", lambda: _choosing("select"), _task("select", "max", 0)),
    "a select taking past the ids": (
        "data.max",
        lambda: _choosing("select"),
        _task("select", "max", 10**400),
    ),
    "a buff of more stars than any": ("params.stars", lambda: _selecting("buff"), _param("stars", 6)),
    "a heal past the data's": ("params.amount", lambda: _selecting("heal"), _param("amount", 2**63)),
    "a counter's damage negative": ("params.damage", lambda: _selecting("counter"), _param("damage", -1)),
    "a teleport past the data's reach": (
        "params.within",
        lambda: _selecting("teleport"),
        _param("within", 99),
    ),
    "a swap by no unit": ("user is", lambda: _selecting("swap"), _param("user", -2)),
    "an effect used by no unit": ("user is", _in_effect, _task("effect", "user", 10**400)),
    "a kept operation's user no unit": ("user is", _with_after, _after("user", -5)),
    "a castle past the castles": (
        "data.castle",
        lambda: _top_with("choose_option", "castle"),
        _top("castle", 10**400),
    ),
    "a summon anchored off the map": (
        "data.cell or .anchors",
        lambda: _top_with("choose_option", "anchors"),
        _top("anchors", [-1]),
    ),
    "a summon's reach past the data's": (
        "data.within",
        lambda: _top_with("choose_option", "within"),
        _top("within", -(2**63)),
    ),
    "an evasion face no d6 has": (
        "data.faces",
        lambda: _top_with("choose_option", "faces"),
        _top("faces", [7]),
    ),
    "an evasion counting past any deck": (
        "data.count",
        lambda: _top_with("choose_option", "count"),
        _top("count", 10**400),
    ),
    "a discard of more cards than exist": (
        "data.count",
        lambda: _top_with("discard", "count"),
        _top("count", 61),
    ),
    "a stolen piece's general not on the board": (
        "data.generals",
        lambda: _top_with("assign_stolen_piece", "generals"),
        _top("generals", [10**400]),
    ),
    "a thief's general died off the map": (
        "data.cell or .anchors",
        lambda: _top_with("assign_stolen_piece", "cell"),
        _top("cell", 2**63),
    ),
    "an attack's status no status": (
        "attack.hostile_status",
        _numbers_pending,
        _attack("hostile_status", "x" * 1000),
    ),
    "a hit's status no status": ("hit.hostile_status", _in_hit, _hit("hostile_status", "burn")),
    "an option no choice names": (
        "data.options",
        lambda: _top_with("choose_option", "options"),
        _top("options", [""]),
    ),
    "a gained soldier of no type": (
        "data.params.type",
        lambda: _selecting("gain_soldier"),
        _param("type", ""),
    ),
    "a gained soldier of a type no event gives": (
        "data.params.type",
        lambda: _selecting("gain_soldier"),
        _param("type", "INFANTRY"),
    ),
    "a status no unit can have": (
        "data.params.status",
        lambda: _selecting("status"),
        _param("status", "burn"),
    ),
    "a status lasting as no data says": (
        "data.params.duration",
        lambda: _selecting("status"),
        _param("duration", "turn#"),
    ),
    "a buff from no skill or card": ("data.params.source", lambda: _selecting("buff"), _param("source", "x")),
    "a unit chosen for no attack card": (
        "data.params.source",
        lambda: _selecting("card_attacker"),
        _param("source", ""),
    ),
    "a unit chosen for a skill, not a card": (
        "data.params.source",
        lambda: _selecting("card_attacker"),
        _param("source", next(iter(SKILLS))),
    ),
    "a modifier no event gives": ("modifier", _with_modifier, _modifier(100)),
    "a modifier amount a bool": ("modifier", _with_modifier, _modifier(True)),
}


@pytest.mark.parametrize("name", EDITS)
def test_an_impossible_attack_hit_or_turn_is_refused_naming_it(name: str) -> None:
    what, save, edit = EDITS[name]
    data = copy.deepcopy(save())
    GAME.state_from_dict(copy.deepcopy(data), verify=False)  # unedited: loads
    edit(data)
    with pytest.raises(ValueError, match=what.replace(".", r"\.")):
        GAME.state_from_dict(data, verify=False)


def test_the_attack_bounds_are_read_off_the_data() -> None:
    # Damage: a strike's 2, a modifier card's 1, the turn's buffs' 3. Range: the longest reach
    # of the data (4), a card's 1, buffs' 2, an event's 1. Hits beyond the first: a card's
    # strike (1), a strike's 2 hits, buffs' 3. Heal: Cán Cân Công Lý's even branch heals 2.
    assert _ATTACK_BOUNDS == {
        "damage": 2 + 1 + 3,
        "range": 4 + 1 + 2 + 1,
        "extra": 1 + 2 + 3,
        "splash_extra": 1,
        "max_targets": 4,
        "star": 5,
        "heal_user": 2,
    }


def test_an_attack_at_its_bounds_loads() -> None:
    data = copy.deepcopy(_targets_pending())
    for name, most in _ATTACK_BOUNDS.items():
        data["attack"][name] = most
    GAME.state_from_dict(data, verify=False)


def test_a_seat_eliminated_after_its_turn_in_the_round_still_loads() -> None:
    """R7.2a mid-round: the seat that played first this round is knocked out during a later
    turn, so the turn order shrinks and the current player's place (``turns.position``) drops
    by one while ``turn_number`` still counts that seat's turn. Every state on loads."""
    data = _find(4, "ffa", 1, lambda s: s.round >= 2 and s.turns.position == 2 and s.tasks[-1].kind == "turn")
    state = GAME.state_from_dict(data, verify=False)
    gone, current = state.turns.order[0], state.turns.current
    for uid in [u.id for u in state.units.values() if u.owner == gone]:
        del state.units[uid]  # killed by this turn's attacks (no general of theirs was on the board)
    for index, castle in enumerate(state.castles):
        if castle.owner == gone and castle.hp > 0:
            state.castles[index] = attrs.evolve(castle, hp=0, taken_by=current)
            state.castles_taken[current] += 1
    eliminate(state, gone)
    state.forget_legal_actions()
    assert state.turns.position == 1 and gone not in state.turns.order
    chooser = random.Random(3)
    for _ in range(300):
        GAME.state_from_dict(state.to_dict(), verify=False)
        if state.is_terminal:
            break
        state.apply(chooser.choice(state.legal_actions()))


@pytest.mark.parametrize(
    ("key", "value"),
    [
        ("attacker", -1),
        ("attacker", 10**6),
        ("cell", -1),
        ("anchor", 10**6),
        ("picked", [-3]),
        ("stars", 99),
        ("cap", -1),
    ],
)
def test_an_effects_context_out_of_range_is_refused_naming_the_key(key: str, value: Any) -> None:
    """The unit, cells, picks and stars an effect keeps between its steps (Lao Móc's attacker,
    a token's cell, a selection's picks, a copied skill's star cap): an attacker of -1 loaded."""
    spec = spec_of(GAME.new_game(players=4, seed=1, mode="ffa"))
    ctx: dict[str, Any] = {key: value}
    if key == "stars":
        ctx["source"] = next(iter(SKILLS))
    if key == "cell":
        ctx["token"] = next(iter(TOKENS))
    with pytest.raises(ValueError, match=f"ctx.{key} is"):
        check_ctx("ctx", ctx, spec)
    check_ctx("ctx", {**ctx, key: [0] if key == "picked" else 0}, spec)  # in range: passes
