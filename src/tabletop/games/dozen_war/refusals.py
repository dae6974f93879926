"""Why an action is illegal, naming the rule it breaks (never crashing on any field value)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from tabletop.core import Action

from .actions import (
    CASTLE_BASE,
    Attack,
    DefendCard,
    DefendSkill,
    Dig,
    EndTurn,
    Guard,
    HandOver,
    Move,
    PlayCard,
    Revive,
    Target,
    UseSkill,
    Warp,
)
from .board import castle_at, from_action_cell, is_enemy, is_mountain, occupancy, spec_of
from .components import CARDS, GENERAL_IDS, GENERALS, REVIVE_COST, SKILLS, ULTIMATE_COST

if TYPE_CHECKING:
    from .model import Unit
    from .state import DozenWarState

#: The action types each decision takes, for the refusal of an action of the wrong kind.
_DECISION_RULE = {
    "turn": "R8.0",
    "revive": "R8.14",
    "target": "R12.3",
    "guard": "R3.1",
    "defence_skill": "R12.6",
    "defence_card": "R12.6",
    "necklace": "R13.4",
    "splash_target": "R3.4d",
    "assign_stolen_piece": "R15.8",
    "draft_ban": "R7.5a",
    "draft_pick": "R7.5a",
    "deploy_generals": "R7.7",
    "place_start_piece": "R7.2c",
    "discard": "R6.6",
    "reorder": "R9.11",
    "event_pay": "R14.2",
    "engage_pick": "R11.2",
    "engage_army": "R11.2",
    "engage_deploy": "R11.2",
}


def why_illegal(state: DozenWarState, action: Action) -> str:
    """The rule ``action`` breaks now."""
    try:
        reason = _specific(state, action)
    except (KeyError, IndexError, TypeError, ValueError, AttributeError):
        reason = None
    decision = state.decision
    rule = _DECISION_RULE.get(decision, "R8.16")
    if decision == "reorder" and state.mode == "alliance":
        rule = "R9.11, R10.7a"  # the leading team only chooses which team starts
    try:
        text = str(action)
    except Exception:  # a field of a foreign type: the refusal still names the rule
        text = repr(action)
    return reason or f"{rule}: {text} is not one of the legal actions for the {decision!r} decision"


def _own_unit(state: DozenWarState, uid: object) -> str | None:
    seat = state.current_player
    unit = state.units.get(uid) if isinstance(uid, int) else None
    if unit is None:
        return f"R8.1: there is no unit {uid!r} on the board"
    if unit.owner != seat:
        return f"R8.1: {unit.label()} belongs to P{unit.owner + 1}, not to P{(seat or 0) + 1}"
    return None


def _specific(state: DozenWarState, action: Action) -> str | None:
    decision = state.decision
    seat = state.current_player
    if seat is None:
        return None
    if decision == "turn":
        return _turn(state, seat, action)
    if decision == "revive":
        if isinstance(action, Revive):
            return _revive(state, seat, action, at_start=True)
        if isinstance(action, (Move, Attack, UseSkill, PlayCard, Dig, HandOver, Warp, EndTurn)):
            return f"R8.14, R8.16: {action} comes after the revive decision that opens the turn: revive or pass first"
    if decision == "target" and isinstance(action, Target):
        if action.target >= CASTLE_BASE:
            index = action.target - CASTLE_BASE
            castle = state.castles[index]
            if castle.hp <= 0:
                return f"R2.8e: castle {index} is destroyed"
            occ = occupancy(state)
            if any(not state.units[u].general for u in occ[castle.cell]):
                return f"R2.8: castle {index} cannot be attacked while a soldier is inside"
        unit = state.units.get(action.target) if action.target < CASTLE_BASE else None
        if action.target < CASTLE_BASE and unit is None:
            return f"R12.5: there is no unit {action.target} to hit"
        if unit is not None and not is_enemy(state, seat, unit.owner):
            return f"R12.4: {unit.label()} is not an enemy unit"
        return f"R12.4, R2.1d: {action} is out of range or its line of fire is blocked"
    if decision == "guard" and isinstance(action, Guard):
        unit = state.units.get(action.unit)
        if unit is None or unit.owner != seat or unit.cls != "infantry":
            return f"R3.1: only your own infantry can guard, not {action.unit}"
        if unit.guarded:
            return f"R3.1c: {unit.label()} has already guarded this turn"
        if unit.has("stun"):
            return f"R3.1d, R13.6: {unit.label()} is stunned and cannot guard"
        task = state.tasks[-1]
        receiver = (
            task.data["target"] if task.data.get("counter") else state.hit.receiver if state.hit else -1
        )
        if unit.id == receiver:
            return f"R3.1a: {unit.label()} cannot guard itself"
        if unit.general and (receiver >= CASTLE_BASE or state.units[receiver].general):
            return f"R3.1b: {unit.label()} guards only a soldier, not a general or a castle"
        return f"R3.1, R3.1b: {unit.label()} is not within 1 cell of a unit it may guard"
    if isinstance(action, DefendSkill) and state.hit is not None:
        return _defence_skill_refusal(state, action)
    if isinstance(action, DefendCard) and state.hit is not None:
        return _defence_card_refusal(state, seat, action)
    return None


def _defence_skill_refusal(state: DozenWarState, action: DefendSkill) -> str:
    """The rule a defence skill breaks on the current hit (R5.2-R5.5, R11.6, R12.6, R13.5-R13.6)."""
    hit = state.hit
    assert hit is not None
    entry = SKILLS.get(action.skill)
    if entry is None:
        return f"R12.6: unknown skill {action.skill!r}"
    owner = next((s for s in range(state.num_players) if entry.general in state.roster[s]), None)
    if owner is None:
        return f"R5.1: {GENERALS[entry.general].name} is nobody's general in this game"
    name = entry.name_vi
    if entry.timing == "attack":
        return f"R5.2: {name} is an attack skill, used only in your own turn"
    if owner == state.turns.current:
        return f"R5.2, R5.4a: {name} is not used in your own turn (only a guard answers a counter)"
    if action.skill in state.marks[owner]:
        return f"R5.2a: {name} is already marked this round"
    user = state.units.get(GENERAL_IDS.index(entry.general))
    if user is None:
        return f"R5.2c: {GENERALS[entry.general].name} is dead"
    if user.has("stun") or user.has("silence"):
        return f"R5.2c, R13.6: {user.label()} is stunned or silenced"
    receiver = state.units.get(hit.receiver) if hit.receiver < CASTLE_BASE else None
    if receiver is not None and receiver.has("freeze"):
        return f"R13.6: {receiver.label()} is frozen: no defence skill protects it"
    if state.mode == "engage" and state.defence_skill_used[owner]:
        return "R11.6: one defence skill per opponent turn in Engage"
    if hit.skill_used:
        return "R5.4, R12.6: one defence skill per hit"
    if entry.ultimate and state.mode != "engage" and state.coins[owner] < ULTIMATE_COST:
        return f"R5.2b: {name} costs {ULTIMATE_COST} coins"
    if not action.copy and entry.stars < hit.star:
        return f"R5.5b: {name} has {entry.stars} stars, fewer than the hit's {hit.star}"
    return f"R13.5: {name} does not fit this hit"


def _defence_card_refusal(state: DozenWarState, seat: int, action: DefendCard) -> str:
    """The rule a defence card breaks on the current hit (R5.4a, R5.5b, R6.3-R6.5, R11.6, R12.6)."""
    hit = state.hit
    assert hit is not None
    card = CARDS.get(action.card)
    if card is None:
        return f"R12.6: unknown card {action.card!r}"
    if not any(c.startswith(action.card + "#") for c in state.hands[seat]):
        return f"R6.3: you hold no {card.name_vi}"
    if card.kind not in ("defence", "action_or_defence"):
        return f"R6.5: {card.name_vi} is not a defence card"
    if seat == state.turns.current:
        return f"R5.4a: {card.name_vi} cannot answer in your own turn (only a guard answers a counter)"
    if hit.card_used:
        return "R6.5, R12.6: one defence card per hit"
    if state.mode == "engage" and state.defence_card_used[seat]:
        return "R11.6: one defence card per opponent turn in Engage"
    if card.stars < hit.star:
        return f"R5.5b: {card.name_vi} has {card.stars} stars, fewer than the hit's {hit.star}"
    return f"R6.4, R12.6: {card.name_vi} cannot protect this receiver"


def _turn(state: DozenWarState, seat: int, action: Action) -> str | None:
    match action:
        case Move(unit=uid, to=code):
            problem = _own_unit(state, uid)
            if problem:
                return problem
            unit = state.units[uid]
            if unit.attacked:
                return f"R8.8: {unit.label()} has attacked this turn and cannot move"
            if unit.dug:
                return f"R8.10: {unit.label()} has dug this turn and cannot move"
            if unit.has("stun") or unit.has("root") or unit.has("freeze"):
                return f"R13.6: {unit.label()} is stunned, rooted or frozen"
            if unit.moved and unit.warped and not unit.extra_move:
                return f"R2.23: {unit.label()} moved, then warped: it may only attack now"
            if unit.moved and not unit.extra_move:
                return f"R8.1: {unit.label()} has already moved this turn"
            cell = from_action_cell(spec_of(state), code)
            if cell is None:
                return f"R8.1a: {code} is off the board"
            if is_mountain(state, cell):
                return f"R2.2, R2.3{_mountain_rule(state, unit, cell)}: {unit.label()} cannot end a move on that mountain"
            castle = castle_at(state, cell)
            if castle is not None and state.castles[castle].owner != seat:
                ally = not is_enemy(state, seat, state.castles[castle].owner)
                return f"R2.8b{', R10.10' if ally else ''}: only the owner's units enter a castle"
            here = [state.units[u] for u in occupancy(state)[cell]]
            others = [u for u in here if u.owner != seat]
            if others:
                ally = any(not is_enemy(state, seat, u.owner) for u in others)
                return f"R8.2{', R10.10' if ally else ''}: units cannot enter a cell holding another player's unit"
            return f"R8.1a, R8.2, R8.3{_full_rule(state, unit, here)}: no legal path of that length reaches that cell"
        case Attack(unit=uid, card=card):
            problem = _own_unit(state, uid)
            if problem:
                return problem
            unit = state.units[uid]
            if unit.attacked:
                return f"R8.6: {unit.label()} has already attacked this turn"
            if unit.dug or unit.gave:
                return f"R8.10, R8.11: {unit.label()} dug or handed pieces over this turn"
            if unit.has("stun") or unit.has("root") or unit.has("freeze"):
                return f"R12.2, R13.6: {unit.label()} is stunned, rooted or frozen"
            if card and card not in CARDS:
                return f"R6.5: unknown card {card!r}"
            if card and CARDS[card].kind != "attack_modifier":
                return f"R6.5: {CARDS[card].name_vi} is not an attack modifier"
            if card and CARDS[card].group not in ("common", unit.cls):
                return f"R6.4: {CARDS[card].name_vi} is a {CARDS[card].group} card"
            return f"R12.3: {unit.label()} has no legal target"
        case UseSkill(skill=skill):
            entry = SKILLS.get(skill)
            if entry is None:
                return f"R5.1: unknown skill {skill!r}"
            if entry.general not in state.roster[seat]:
                return f"R5.1: {GENERALS[entry.general].name} is not your general"
            if entry.timing == "defence":
                return f"R5.2: {entry.name_vi} is a defence skill"
            if skill in state.marks[seat]:
                if state.mode == "engage":
                    return f"R5.2a, R11.6: {entry.name_vi} has been used this match"
                return f"R5.2a: {entry.name_vi} is already marked this round"
            if state.attack_skill_used:
                return "R5.3: you have used your one attack-icon skill this turn"
            if entry.ultimate and state.mode != "engage" and state.coins[seat] < ULTIMATE_COST:
                return f"R5.2b: {entry.name_vi} costs {ULTIMATE_COST} coins"
            user = state.units.get(GENERAL_IDS.index(entry.general))
            if user is None:
                return f"R5.2c: {GENERALS[entry.general].name} is dead"
            if user.attacked:
                return f"R8.7: {user.label()} has attacked this turn and can use no more skills"
            if user.dug or user.gave:
                return f"R8.10, R8.11: {user.label()} dug or handed pieces over this turn"
            if user.has("stun"):
                return f"R13.6: {user.label()} is stunned"
            if user.has("root"):
                return f"R13.6: {user.label()} is rooted: no attack-icon skill"
            if entry.fist and user.has("freeze"):
                return f"R12.2, R13.6: {user.label()} is frozen: no attack"
            return f"R5.2c, R5.3a, R6.8: {entry.name_vi} cannot be used now"
        case PlayCard(card=card):
            if card not in CARDS:
                return f"R6.1: unknown card {card!r}"
            if not any(c.startswith(card + "#") for c in state.hands[seat]):
                return f"R6.3: you hold no {CARDS[card].name_vi}"
            if state.mode == "engage" and state.card_played:
                return "R11.6: one equipment card per turn in Engage"
            return f"R6.5, R6.8: {CARDS[card].name_vi} cannot be played now"
        case Dig(general=uid):
            problem = _own_unit(state, uid)
            if problem:
                return problem
            return "R8.10, R15.6: that general cannot dig there now"
        case HandOver(receiver=receiver) if (
            isinstance(receiver, int) and receiver in state.units and (state.units[receiver].owner != seat)
        ):
            return "R8.11, R10.11: map pieces pass only between your own generals, never to an ally"
        case HandOver(receiver=receiver) if (
            isinstance(receiver, int) and receiver in state.units and state.units[receiver].gave
        ):
            return "DW-8.11: a general that handed map pieces over this turn takes none back this turn"
        case HandOver():
            return "R8.11: that hand-over is not allowed (adjacent own generals, giver has pieces and has not acted)"
        case Warp(unit=uid):
            return _warp(state, seat, uid)
        case Revive():
            return _revive(state, seat, action, at_start=False)
    return None


def _revive(state: DozenWarState, seat: int, action: Revive, at_start: bool) -> str:
    """The rule a revival breaks (R8.14, R10.11, R11): in the ``revive`` decision that opens the
    turn (``at_start``) or anywhere later."""
    if state.mode == "engage":
        return "R11.1, R8.14: Engage has no coins or castles, so no revival"
    if state.coins[seat] < REVIVE_COST:
        return f"R8.14: a revival costs {REVIVE_COST} coins"
    cell = from_action_cell(spec_of(state), action.cell)
    castle = castle_at(state, cell) if cell is not None else None
    if castle is not None and state.castles[castle].owner != seat:
        return "R8.14, R10.11: a general is revived only in its own player's castle, never an ally's"
    if not at_start:
        return "R8.14, R8.16: revival only at the very start of the turn (the revive decision), before any other action"
    if action.general not in state.roster[seat]:
        return f"R8.14: {action.general!r} is not one of your generals"
    if any(u.general == action.general for u in state.units.values()):
        return f"R8.14: {action.general!r} is alive"
    return "R8.14: a general is revived only into an own standing castle without a general"


def _mountain_rule(state: DozenWarState, unit: Unit, cell: int) -> str:
    """The mountain rule a move ending on ``cell`` breaks, beyond R2.2-R2.3 (with a leading comma)."""
    if cell == spec_of(state).volcano:
        return ", R2.2a"  # nobody climbs the standing volcano
    if unit.is_general or unit.cls == "cavalry":
        return ""  # R2.3 itself: cavalry and generals never go up
    if any(u.cell == cell for u in state.units.values()):
        return ", R2.3b"  # one soldier per mountain
    return ", R2.3a"  # climbing is the last step of a move in reach


def _full_rule(state: DozenWarState, unit: Unit, here: list[Unit]) -> str:
    """The capacity rule a move ending among ``here`` (own units) breaks (with a leading comma)."""
    if state.mode == "engage" and here:
        return ", R11.3"  # one unit per cell
    if unit.is_general and any(u.is_general for u in here):
        return ", R8.3a, R8.4"  # two generals never share a cell
    return ""


def _warp(state: DozenWarState, seat: int, uid: object) -> str:
    """The warp rule a refused warp breaks (R2.19-R2.23)."""
    problem = _own_unit(state, uid)
    if problem:
        return problem
    unit = state.units[uid]  # type: ignore[index]
    warp = spec_of(state).volcano
    if warp is None or state.volcano_up:
        return "R2.19: the warp point opens only at the start of round 4"
    if not any(u.owner == seat and u.cell == warp for u in state.units.values()):
        return "R2.20: you control the warp point only while one of your units stands on it"
    castle = castle_at(state, unit.cell)
    if castle is None or state.castles[castle].owner != seat:
        return f"R2.21: {unit.label()} is not in one of your castles"
    if unit.attacked or unit.dug or unit.has("stun") or unit.has("root") or unit.has("freeze"):
        return f"R2.23: {unit.label()} has attacked or dug this turn, or is stunned or rooted"
    return "R2.22: the warp cell holds at most 5 soldiers and 1 general"
