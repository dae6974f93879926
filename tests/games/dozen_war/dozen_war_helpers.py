"""Scenario helpers: a bare board (R17's convention) with exactly the pieces an example lists."""

from __future__ import annotations

from typing import Any

import attrs

from contract import refused_naming
from tabletop.core import Action, TurnOrder
from tabletop.games.dozen_war import GAME, interpreter
from tabletop.games.dozen_war.actions import (
    CASTLE_BASE,
    NO_CARD,
    Attack,
    ChooseCell,
    DefendCard,
    DefendSkill,
    Pass,
    Target,
)
from tabletop.games.dozen_war.board import spec_of, to_action_cell
from tabletop.games.dozen_war.components import CARD_COPIES, EVENTS, GENERAL_IDS
from tabletop.games.dozen_war.effects import run
from tabletop.games.dozen_war.model import UNTIL_END_OF_TURN, Castle, Task, Unit
from tabletop.games.dozen_war.state import DozenWarState
from tabletop.games.dozen_war.table import new_general, new_soldier

#: Every player count and mode (R1, R10, R11) with drafted generals: the configurations random play covers.
EVERY_MODE: list[tuple[int, dict[str, Any]]] = [(2, {}), (3, {}), (4, {}), (4, {"mode": "alliance"})]


def bare(players: int = 4, seat: int = 0, round_: int = 2, **options: Any) -> DozenWarState:
    """It is ``seat``'s turn in round ``round_`` on an empty board of the mode's map: no
    mountains, castles, tokens, units or cards (R17's "bare board")."""
    state = GAME.new_game(players=players, seed=0, generals="random", **options)
    state.units = {}
    state.castles = []
    state.terrain = []
    state.mountains = {}
    state.loose = {}
    state.volcano_up = False
    state.deck = sorted(CARD_COPIES)
    state.hands = [[] for _ in range(players)]
    state.roster = [[] for _ in range(players)]
    state.turns = TurnOrder(list(range(players)), position=seat)
    state.round = round_
    state.tasks = [Task("round_end"), Task("turn", seat)]
    if state.mode != "engage":
        # Every seat keeps one soldier far away, so nobody is eliminated (R7.2) by accident.
        for other in range(players):
            new_soldier(state, other, "infantry", spec_of(state).grid.cell(12, 12 - 2 * other))
    state.forget_legal_actions()
    return state


def start_turn(state: DozenWarState) -> None:
    """Open the current seat's turn as the round does (R8.0a): flags reset, then the ``revive``
    decision if it can revive (R8.14, R8.16), else the ``turn``."""
    state.tasks = [Task("round_end"), Task("turn_start")]
    state.forget_legal_actions()
    run(state)


def cell(state: DozenWarState, rc: tuple[int, int]) -> int:
    """The board cell at ``(row, col)``."""
    return spec_of(state).grid.cell(*rc)


def acell(state: DozenWarState, rc: tuple[int, int]) -> int:
    """An action's cell code for ``(row, col)``."""
    return to_action_cell(spec_of(state), cell(state, rc))


def soldier(state: DozenWarState, owner: int, cls: str, rc: tuple[int, int], hp: int | None = None) -> int:
    """Put a soldier there; its id."""
    unit = new_soldier(state, owner, cls, cell(state, rc))
    if hp is not None:
        state.units[unit.id] = attrs.evolve(unit, hp=hp)
    state.forget_legal_actions()
    return unit.id


def general(
    state: DozenWarState, owner: int, name: str, rc: tuple[int, int], hp: int | None = None, **fields: Any
) -> int:
    """Put a general there (added to the owner's roster); its id."""
    if name not in state.roster[owner]:
        state.roster[owner].append(name)
    unit = new_general(state, owner, name, cell(state, rc))
    state.units[unit.id] = attrs.evolve(unit, hp=unit.hp if hp is None else hp, **fields)
    state.forget_legal_actions()
    return unit.id


def gid(name: str) -> int:
    """A general's unit id."""
    return GENERAL_IDS.index(name)


def castle(state: DozenWarState, owner: int, kind: str, rc: tuple[int, int], hp: int = 2) -> int:
    """Put a castle there; its target code."""
    state.castles.append(Castle(cell=cell(state, rc), owner=owner, type=kind, hp=hp))
    state.forget_legal_actions()
    return CASTLE_BASE + len(state.castles) - 1


def mountain(state: DozenWarState, rc: tuple[int, int], tokens: list[str] | None = None) -> None:
    """Make ``(row, col)`` a mountain (with tokens under it)."""
    state.terrain = sorted({*state.terrain, cell(state, rc)})
    if tokens:
        state.mountains[cell(state, rc)] = list(tokens)
    state.forget_legal_actions()


def give(state: DozenWarState, seat: int, design: str) -> None:
    """Move one card of ``design`` from the deck into ``seat``'s hand."""
    copy = next(c for c in state.deck if CARD_COPIES[c] == design)
    state.deck.remove(copy)
    state.hands[seat].append(copy)
    state.forget_legal_actions()


def with_status(state: DozenWarState, uid: int, status: str) -> None:
    """Give the unit ``status`` (stun, root, freeze, silence …) until the end of this turn, replacing
    any it had."""
    state.units[uid] = attrs.evolve(state.units[uid], statuses=((status, UNTIL_END_OF_TURN),))
    state.forget_legal_actions()


def engage_duel(order: tuple[int, int] = (0, 1), turn_number: int | None = None) -> DozenWarState:
    """A 2-player Engage game (R11) at seat 0's turn: Siri (seat 0) and Lucy (seat 1) in opposite
    corners, ``order`` the turn order, no round tasks (Engage has no rounds), ``turn_number`` turns
    played if given."""
    state = bare(players=2, seat=0)
    general(state, 0, "siri", (0, 0))
    general(state, 1, "lucy", (7, 7))
    state.tasks = [Task("turn", 0)]
    if turn_number is not None:
        state.turn_number = turn_number
    state.turns.order = list(order)
    state.turns.position = order.index(0)
    state.forget_legal_actions()
    return state


def lucy_hit_while(status: str) -> tuple[DozenWarState, int]:
    """A cavalry attacks Lucy, whose Phân Ảnh could cancel the hit, while she has ``status``: the
    state once the attack is declared, and Lucy's id."""
    state = bare()
    cav = soldier(state, 0, "cavalry", (5, 6))
    lucy = general(state, 1, "lucy", (5, 7))
    with_status(state, lucy, status)
    play(state, Attack(cav), target(lucy))
    return state, lucy


def eliminate(state: DozenWarState, *seats: int) -> None:
    """Knock ``seats`` out (R7.2): their far-away anchor soldiers (and any other unit of theirs)
    leave, they leave the turn order, and the first seat left is to play."""
    for seat in seats:
        for uid in [u.id for u in state.units.values() if u.owner == seat]:
            del state.units[uid]
        state.eliminated[seat] = True
    state.turns.order = [seat for seat in state.turns.order if seat not in seats]
    state.turns.position = 0
    state.forget_legal_actions()


def end_round(state: DozenWarState) -> None:
    """Run the end of the round now, as after the last seat's turn (R9.10-R9.11: the leader and a
    new turn order); the round's other tasks are dropped."""
    state.tasks = [Task("round_end")]
    state.turns.position = len(state.turns.order) - 1
    state.forget_legal_actions()
    run(state)


def unit(state: DozenWarState, uid: int) -> Unit | None:
    """The unit with that id, or ``None`` if it died."""
    return state.units.get(uid)


def hp(state: DozenWarState, uid: int) -> int:
    """A unit's HP, 0 once dead."""
    found = state.units.get(uid)
    return 0 if found is None else found.hp


def play(state: DozenWarState, *actions: Action) -> None:
    """Apply the actions in order (each must be legal)."""
    for action in actions:
        legal = state.legal_actions()
        assert action in legal, f"{action} is not legal at {state.decision}: {[str(a) for a in legal]}"
        state.apply(action)


def pass_until(state: DozenWarState, decision: str) -> None:
    """Pass every optional step until ``decision`` is pending."""
    while state.decision != decision:
        assert Pass() in state.legal_actions(), f"no pass at {state.decision}"
        state.apply(Pass())


def pass_all(state: DozenWarState) -> None:
    """Pass every optional defence step until play is back at the ``turn`` decision."""
    while state.decision in ("guard", "defence_skill", "defence_card", "necklace"):
        state.apply(Pass())


def attack(state: DozenWarState, attacker: int, victim: int, card: str = NO_CARD) -> None:
    """``attacker`` attacks ``victim`` (a unit id or castle code), with the attack modifier
    ``card`` if given, and every optional step after it is passed."""
    play(state, Attack(attacker, card), target(victim))
    pass_all(state)


def defend(
    state: DozenWarState, attacker: int, victim: int, defence: DefendCard | DefendSkill, *choices: Action
) -> None:
    """``attacker`` attacks ``victim`` (a unit id or castle code); every optional step before the
    defence window is passed, the defender answers there with ``defence`` and its ``choices``, and
    every optional step after it is passed too."""
    play(state, Attack(attacker), target(victim))
    pass_until(state, "defence_skill" if isinstance(defence, DefendSkill) else "defence_card")
    play(state, defence, *choices)
    pass_all(state)


def select_if_asked(state: DozenWarState, uid: int) -> None:
    """Choose ``uid`` if an effect asks which unit (``select``), then pass every optional step."""
    if state.decision == "select":
        play(state, target(uid))
    pass_all(state)


def refused(state: DozenWarState, action: Action, rule: str) -> None:
    """The action is refused naming ``rule``, and nothing changes."""
    refused_naming(state, action, rule)


def target(code: int) -> Target:
    """Choose a unit or castle."""
    return Target(code)


def choose_cell(state: DozenWarState, rc: tuple[int, int]) -> ChooseCell:
    """Choose a cell."""
    return ChooseCell(acell(state, rc))


def give_coins(state: DozenWarState, seat: int, amount: int) -> None:
    """Move ``amount`` coins from the bank to ``seat`` (the bank keeps the total, R2.5)."""
    state.coins[seat] += amount
    state.bank -= amount


def run_event(state: DozenWarState, design: str, key: str, seat: int = 0) -> None:
    """Resolve event ``design``'s ``key`` ("low" or "high") for ``seat`` now, as a round does."""
    zone = EVENTS[design].affects.get("zone", "")
    interpreter.start(state, ("event", design, key), seat, -1, zone=zone)
    state.forget_legal_actions()
    run(state)
