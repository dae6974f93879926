"""Apply: carrying out a legal action and everything it triggers (§8, chance included).

The decision on top of the agenda handles the action; then the engine runs every automatic
step until the next decision, and after every complete action (R7.1a) the end checks run:
Engage results, five map pieces, eliminations, the last player or team standing.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from tabletop.core import Action

from . import combat, interpreter, rounds, scoring
from .actions import Attack, Dig, EndTurn, HandOver, Move, PlayCard, UseSkill, Warp
from .agenda import AUTO, DECIDE, MID_ACTION, decision, pop, push
from .board import from_action_cell, occupancy, spec_of
from .components import CARDS, GENERAL_IDS, SKILLS, TOKENS
from .legal import lao_moc_units, turn_actions
from .model import unit_evolver
from .table import change, discard_card

if TYPE_CHECKING:
    from .state import DozenWarState


def apply(state: DozenWarState, action: Action) -> None:
    """Carry out ``action`` (already checked legal) and run the engine to the next decision."""
    task = state.tasks[-1]
    DECIDE[task.kind](state, task, action)
    run(state)


def run(state: DozenWarState) -> None:
    """Run automatic steps until a decision is pending or the game is over."""
    while state.outcome is None:
        if not state.tasks:
            raise RuntimeError("the agenda ran empty before the game ended")
        task = state.tasks[-1]
        handler = AUTO.get(task.kind)
        if handler is not None:
            handler(state, task)
            continue
        if task.kind in MID_ACTION:
            return
        scoring.check_end(state)
        if game_over(state) or state.tasks[-1] is task:
            return


def game_over(state: DozenWarState) -> bool:
    """Whether the game has ended. Read through a call: the loop above has narrowed
    ``state.outcome`` to ``None``, and a compiled build would trust that narrowing across the
    calls that end the game."""
    return state.outcome is not None


# ---------------------------------------------------------------------- the turn's actions


def _legal_turn(state: DozenWarState, task: object) -> list[Action]:
    return turn_actions(state)


#: A unit with its cell, moved flag and bonus move given (a move: the most common action).
_moved = unit_evolver("cell", "moved", "extra_move")


@decision("turn", _legal_turn)
def _turn(state: DozenWarState, task: object, action: Action) -> None:
    seat = state.turns.current
    match action:
        case EndTurn():
            pop(state)
            push(state, "end_turn")
            rounds.hand_limit(state, seat)
        case Move(unit=uid, to=code):
            state.acted = True
            units = state.units
            units[uid] = _moved(units[uid], from_action_cell(spec_of(state), code), True, 0)
        case Attack(unit=uid, card=card):
            state.acted = True
            if card:
                discard_card(state, seat, card)
                state.card_played = True
            combat.declare(state, seat, uid, "normal", card, {})
        case UseSkill(skill=skill, card=card, copy=copied):
            state.acted = True
            _use_skill(state, seat, skill, card, copied)
        case PlayCard(card=card):
            state.acted = True
            _play_card(state, seat, card)
        case Dig(general=uid, cell=code):
            state.acted = True
            cell = from_action_cell(spec_of(state), code)
            assert cell is not None
            _dig(state, seat, uid, cell)
        case HandOver(giver=giver, receiver=receiver, count=count):
            state.acted = True
            pieces = state.units[giver].pieces
            # R8.11: ``gave`` stops the giver's attack and skills; it may still give again or dig.
            change(state, giver, pieces=pieces[: len(pieces) - count], gave=True)
            change(state, receiver, pieces=state.units[receiver].pieces + pieces[len(pieces) - count :])
        case Warp(unit=uid):
            state.acted = True
            # R2.23: a unit that had moved may then only attack (its bonus move is gone too).
            change(state, uid, cell=spec_of(state).volcano, warped=True, extra_move=0)
        case _:
            raise ValueError(f"{action} is not a turn action")


def _use_skill(state: DozenWarState, seat: int, skill: str, card: str, copied: str) -> None:
    """R5.3: the player's one attack-icon skill of the turn."""
    entry = SKILLS[skill]
    user = GENERAL_IDS.index(entry.general)
    interpreter.spend_skill(state, seat, skill)
    state.attack_skill_used = True
    change(state, user, acted=True)
    source = copied or skill
    ops = SKILLS[source].effect
    cap = min(SKILLS[copied].stars, int(entry.effect[0].get("star_cap", 3))) if copied else None
    first = ops[0]
    if first["op"] in combat.ATTACK_OPS or (first["op"] == "status" and first.get("hostile")):
        if card:
            discard_card(state, seat, card)
            state.card_played = True
        data = dict(first)
        if cap is not None:
            data["_copied_cap"] = cap
        combat.declare(state, seat, user, source, card, data)
        return
    stars = cap if cap is not None else SKILLS[source].stars
    interpreter.start(state, ("skill", source), seat, user, stars=stars, source=source)


def _play_card(state: DozenWarState, seat: int, design: str) -> None:
    """R6.5: an action or attack-kind card in the own turn; enemies may answer it (R13.4)."""
    discard_card(state, seat, design)
    state.card_played = True
    first = CARDS[design].effect[0]
    if first["op"] == "strike" and first.get("by") == "own_infantry_unit":
        # Lao Móc: R12.3 names the attacking unit before its card may be answered, so a unit
        # that was to attack with a card a Necklace cancels has still used its attack (R13.4).
        units = lao_moc_units(state, seat, design, occupancy(state))
        interpreter.ask_select(state, seat, "card_attacker", units, 1, source=design)
        return
    _start_card(state, seat, design)


@interpreter.on_select("card_attacker")
def _card_attacker(state: DozenWarState, seat: int, params: dict[str, Any], picked: list[int]) -> None:
    _start_card(state, seat, params["source"], attacker=picked[0])


def _start_card(state: DozenWarState, seat: int, design: str, **ctx: Any) -> None:
    """The card's effect, under the window in which enemies may cancel it (R13.4)."""
    interpreter.start(state, ("card", design), seat, -1, stars=CARDS[design].stars, source=design, **ctx)
    interpreter.card_played(state, seat, design)


def _dig(state: DozenWarState, seat: int, uid: int, cell: int) -> None:
    """R8.10, R15.4: take the top token there (a mountain's, or a loose map piece)."""
    change(state, uid, dug=True)
    stack = state.mountains.get(cell)
    if stack:
        token = stack.pop()
        if not stack:
            del state.mountains[cell]
    else:
        pieces = state.loose[cell]
        token = pieces.pop()
        if not pieces:
            del state.loose[cell]
    if TOKENS[token].kind != "map_piece":
        state.spent_tokens.append(token)
    interpreter.start(state, ("token", token), seat, uid, token=token, cell=cell)
