"""Legal actions for every decision: the turn's actions here (§8), every other decision's in
the module that rules it (registered on the agenda by kind)."""

from __future__ import annotations

import functools
from typing import TYPE_CHECKING

from tabletop.core import Action

from . import combat, interpreter
from .actions import ACTION_COLS, Attack, Dig, EndTurn, HandOver, Move, PlayCard, Revive, UseSkill, Warp
from .agenda import LEGAL
from .board import (
    attack_range,
    attack_reaches_target,
    destinations,
    may_stand,
    occupancy,
    spec_of,
    to_action_cell,
)
from .components import CARDS, GENERALS, REVIVE_COST, SKILLS, ULTIMATE_COST
from .model import Unit
from .table import dead_generals, designs_in_hand, standing_castles

if TYPE_CHECKING:
    from .board import Occupancy
    from .state import DozenWarState


def legal_actions(state: DozenWarState) -> list[Action]:
    """Every legal action of the pending decision."""
    task = state.tasks[-1]
    return LEGAL[task.kind](state, task)


def can_attack(unit: Unit) -> bool:
    """R12.2: the unit has not attacked, dug or handed pieces over, and no status stops it."""
    return not (
        unit.attacked or unit.dug or unit.gave or unit.has("stun") or unit.has("root") or unit.has("freeze")
    )


def may_use_skills(unit: Unit) -> bool:
    """R5.2c, R5.3a, R8.10: a living general that has not attacked, dug or handed over, and is
    not stunned, may use skills."""
    return not (unit.attacked or unit.dug or unit.gave or unit.has("stun"))


def turn_actions(state: DozenWarState) -> list[Action]:
    """The actions of the ``turn`` decision (R8.0): revivals first, then moves, attacks,
    skills, cards, digs, hand-overs, warps and ending the turn."""
    seat = state.turns.current
    spec = spec_of(state)
    occ = occupancy(state)
    engage = state.mode == "engage"
    found: list[Action] = []
    if not engage and not state.acted and state.coins[seat] >= REVIVE_COST:
        dead = dead_generals(state, seat)
        if dead:
            cells = [
                state.castles[i].cell
                for i in standing_castles(state, seat)
                if not any(state.units[u].general for u in occ[state.castles[i].cell])
            ]
            found.extend(Revive(g, to_action_cell(spec, c)) for g in dead for c in cells)
    hand = designs_in_hand(state, seat)
    cards_ok = not (engage and state.card_played)
    modifiers = [d for d in hand if CARDS[d].kind == "attack_modifier"] if cards_ok else []
    mine = sorted((u for u in state.units.values() if u.owner == seat), key=lambda u: u.id)
    codes = _action_cells(spec.grid.cols, spec.grid.size)
    for unit in mine:
        uid = unit.id
        for cell in sorted(destinations(state, unit, occ)):
            key = (uid, codes[cell])
            move = _MOVES.get(key)
            if move is None:
                move = _MOVES[key] = Move(*key)
            found.append(move)
        if can_attack(unit):
            reach = attack_range(state, unit)
            plain = attack_reaches_target(state, unit, reach, occ)
            if plain:
                found.append(Attack(unit.id))
            for design in modifiers:
                if not _group_fits(design, unit):
                    continue
                extra = int(combat.attack_mods(design).get("range", 0))
                if (plain and not extra) or (
                    extra and attack_reaches_target(state, unit, reach + extra, occ)
                ):
                    found.append(Attack(unit.id, design))
    if not state.attack_skill_used:
        for unit in mine:
            if unit.general and may_use_skills(unit):
                found.extend(_skill_actions(state, seat, unit, modifiers, occ))
    if cards_ok:
        for design in hand:
            if _card_playable(state, seat, design, occ):
                found.append(PlayCard(design))
    if not engage:
        found.extend(_digs(state, seat, mine))
        found.extend(_hand_overs(state, mine))
        found.extend(_warps(state, seat, mine, occ))
    found.append(EndTurn())
    return found


#: Move actions are immutable values: one object per (unit, cell), shared by every state.
_MOVES: dict[tuple[int, int], Move] = {}


@functools.cache
def _action_cells(cols: int, size: int) -> tuple[int, ...]:
    """Per board cell, the cell code actions use (``row * 13 + col``)."""
    return tuple((c // cols) * ACTION_COLS + c % cols for c in range(size))


def _group_fits(design: str, unit: Unit) -> bool:
    """R6.4: a group card for a unit of that class; common cards for any unit."""
    group = CARDS[design].group
    return group == "common" or group == unit.cls


def _skill_actions(
    state: DozenWarState, seat: int, unit: Unit, modifiers: list[str], occ: Occupancy
) -> list[Action]:
    found: list[Action] = []
    for skill_id in GENERALS[unit.general].skills:
        entry = SKILLS[skill_id]
        if entry.timing not in ("attack", "both") or skill_id in state.marks[seat]:
            continue
        if entry.ultimate and state.mode != "engage" and state.coins[seat] < ULTIMATE_COST:
            continue
        if entry.effect[0]["op"] == "copy_skill":
            for copied in combat.copyable(state, seat, ("attack", "both")):
                found.extend(_skill_uses(state, seat, unit, skill_id, copied, modifiers, occ))
            continue
        found.extend(_skill_uses(state, seat, unit, skill_id, "", modifiers, occ))
    return found


def _skill_uses(
    state: DozenWarState,
    seat: int,
    unit: Unit,
    skill_id: str,
    copied: str,
    modifiers: list[str],
    occ: Occupancy,
) -> list[Action]:
    source = copied or skill_id
    first = SKILLS[source].effect[0]
    if unit.has("root") and SKILLS[skill_id].timing in ("attack", "both"):
        return []  # R13.6: a rooted general uses no attack-icon skills
    if first["op"] in combat.ATTACK_OPS:
        if not can_attack(unit):
            return []
        uses: list[Action] = []
        if combat.has_targets(state, seat, unit.id, first, "", occ):
            uses.append(UseSkill(skill_id, "", copied))
        for design in modifiers:
            if _group_fits(design, unit) and combat.has_targets(state, seat, unit.id, first, design, occ):
                uses.append(UseSkill(skill_id, design, copied))
        return uses
    if first["op"] == "status" and first.get("hostile"):
        return (
            [UseSkill(skill_id, "", copied)]
            if interpreter.select_units(state, seat, unit.id, first["select"])
            else []
        )
    if first["op"] == "teleport" and unit.attacked:
        return []
    if interpreter.effect_possible(state, seat, unit.id, first, window=False):
        return [UseSkill(skill_id, "", copied)]
    return []


def _card_playable(state: DozenWarState, seat: int, design: str, occ: Occupancy) -> bool:
    """R6.5, R6.8: an action, both-icon or attack-kind card with a legal effect now."""
    card = CARDS[design]
    if card.kind not in ("action", "action_or_defence", "attack"):
        return False
    first = card.effect[0]
    if first["op"] == "strike":
        if first.get("by") == "player":
            return combat.has_targets(state, seat, None, first, "", occ)
        return bool(lao_moc_units(state, seat, design, occ))
    if first["op"] == "buff":
        return bool(interpreter.buff_candidates(state, seat, -1, first, design))
    if first["op"] == "heal":
        return bool(interpreter.select_units(state, seat, -1, first["select"]))
    return interpreter.effect_possible(state, seat, -1, first, window=False)


def lao_moc_units(state: DozenWarState, seat: int, design: str, occ: Occupancy) -> list[int]:
    """Lao Móc: the own infantry units that could make this attack now."""
    first = CARDS[design].effect[0]
    return sorted(
        u.id
        for u in state.units.values()
        if u.owner == seat
        and u.cls == "infantry"
        and can_attack(u)
        and combat.has_targets(state, seat, u.id, first, "", occ)
    )


def diggable_cells(state: DozenWarState, unit: Unit) -> list[int]:
    """R8.10, R2.19a, R15.9: cells whose token this general could dig now."""
    grid = spec_of(state).grid
    volcano = spec_of(state).volcano
    found = []
    for cell, stack in state.mountains.items():
        if not stack:
            continue
        distance = grid.distance(unit.cell, cell)
        if distance == 1 or (distance == 0 and cell == volcano and not state.volcano_up):
            found.append(cell)
    if state.loose.get(unit.cell):
        found.append(unit.cell)
    return sorted(set(found))


def _digs(state: DozenWarState, seat: int, mine: list[Unit]) -> list[Action]:
    spec = spec_of(state)
    found: list[Action] = []
    for unit in mine:
        if not unit.general or unit.attacked or unit.acted or unit.dug or unit.has("stun"):
            continue
        for cell in diggable_cells(state, unit):
            found.append(Dig(unit.id, to_action_cell(spec, cell)))
    return found


def _hand_overs(state: DozenWarState, mine: list[Unit]) -> list[Action]:
    grid = spec_of(state).grid
    found: list[Action] = []
    generals = [u for u in mine if u.general]
    for giver in generals:
        if not giver.pieces or giver.attacked or giver.acted or giver.has("stun"):
            continue
        for receiver in generals:
            if receiver.id != giver.id and grid.distance(giver.cell, receiver.cell) <= 1:
                found.extend(
                    HandOver(giver.id, receiver.id, n) for n in range(1, min(5, len(giver.pieces)) + 1)
                )
    return found


def _warps(state: DozenWarState, seat: int, mine: list[Unit], occ: Occupancy) -> list[Action]:
    spec = spec_of(state)
    warp = spec.volcano
    if warp is None or state.volcano_up or not any(u.cell == warp for u in mine):
        return []
    castle_cells = {state.castles[i].cell for i in standing_castles(state, seat)}
    found: list[Action] = []
    for unit in mine:
        if unit.cell not in castle_cells or unit.attacked or unit.dug or unit.has("stun") or unit.has("root"):
            continue
        if unit.has("freeze"):
            continue
        if may_stand(state, unit, warp, occ):
            found.append(Warp(unit.id))
    return found
