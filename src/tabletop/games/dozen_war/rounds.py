"""Setup's decisions, rounds and turns (§7.3, §9, §10, §11, §14): the draft, deployment, income,
events, the turn's start and end, the hand limit and the turn-order leadership check."""

from __future__ import annotations

import collections
import itertools
from typing import TYPE_CHECKING, Any

import attrs

from tabletop.core import Action, Rng

from . import interpreter, scoring
from .actions import (
    Ban,
    ChooseOption,
    Deploy,
    Discard,
    Draft,
    EngageArmy,
    Pass,
    Pay,
    PlaceGeneral,
    PlacePiece,
    Reorder,
    Revive,
    Target,
)
from .agenda import auto, decision, pop, push
from .board import from_action_cell, spec_of, to_action_cell
from .components import (
    ENGAGE_HAND,
    ENGAGE_IDLE_LIMIT,
    ENGAGE_SOLDIERS,
    ENGAGE_TURN_LIMIT,
    EVENT_COPIES,
    EVENTS,
    GENERAL_IDS,
    HAND_LIMIT,
    LAST_ROUND,
    REVIVE_COST,
    TOKENS,
    WARP_ROUND,
)
from .legal import revivals
from .model import Task, Unit, unit_evolver
from .table import (
    designs_in_hand,
    discard_card,
    draw_cards,
    gain_coins,
    new_general,
    new_soldier,
    pay_coins,
    pieces_of,
    standing_castles,
    take_card,
    team_pieces,
)

if TYPE_CHECKING:
    from .state import DozenWarState


def roll_order(rng: Rng, seats: list[int]) -> list[int]:
    """R7.4: everyone rolls a d6, highest first; tied players re-roll among themselves."""
    rolls: dict[int, list[int]] = {}
    for seat in seats:
        rolls.setdefault(rng.randint(1, 6), []).append(seat)
    order: list[int] = []
    for value in sorted(rolls, reverse=True):
        group = rolls[value]
        order.extend(group if len(group) == 1 else roll_order(rng, group))
    return order


# ---------------------------------------------------------------------- the draft (R7.5)


def _open_generals(state: DozenWarState) -> list[str]:
    taken = {g for roster in state.roster for g in roster}
    return [g for g in GENERAL_IDS if g not in taken and g not in state.banned]


def _legal_ban(state: DozenWarState, task: Task) -> list[Action]:
    return [Ban(g) for g in _open_generals(state)]


@decision("draft_ban", _legal_ban)
def _ban(state: DozenWarState, task: Task, action: Action) -> None:
    assert isinstance(action, Ban)
    pop(state)
    state.banned.append(action.general)


def _legal_pick(state: DozenWarState, task: Task) -> list[Action]:
    if task.data.get("pool") == "banned":
        taken = {g for roster in state.roster for g in roster}
        return [Draft(g) for g in state.banned if g not in taken]
    return [Draft(g) for g in _open_generals(state)]


@decision("draft_pick", _legal_pick)
def _pick(state: DozenWarState, task: Task, action: Action) -> None:
    assert isinstance(action, Draft)
    pop(state)
    state.roster[task.seat].append(action.general)


@auto("draft_banned_round")
def _banned_round(state: DozenWarState, task: Task) -> None:
    """R7.5a pick round 3: a new roll orders the picks of the banned generals."""
    pop(state)
    for seat in reversed(roll_order(state.rng, list(state.turns.order))):
        push(state, "draft_pick", seat, pool="banned")


@auto("deal_generals")
def _deal(state: DozenWarState, task: Task) -> None:
    """R7.5b: shuffle the 12 skill cards and deal 3 to each player."""
    pop(state)
    pool = list(GENERAL_IDS)
    state.rng.shuffle(pool)
    for seat in state.turns.order:
        state.roster[seat] = [pool.pop() for _ in range(3)]


# ---------------------------------------------------------------------- deployment (R7.7)


@auto("deploy_soldiers")
def _deploy_soldiers(state: DozenWarState, task: Task) -> None:
    pop(state)
    for castle in state.castles:
        new_soldier(state, castle.owner, castle.type, castle.cell)


def _legal_place_general(state: DozenWarState, task: Task) -> list[Action]:
    seat = task.seat
    spec = spec_of(state)
    placed = {u.general for u in state.units.values() if u.owner == seat and u.general}
    used_cells = {u.cell for u in state.units.values() if u.owner == seat and u.general}
    cells = [c.cell for c in state.castles if c.owner == seat and c.cell not in used_cells]
    return [
        PlaceGeneral(g, to_action_cell(spec, cell))
        for g in state.roster[seat]
        if g not in placed
        for cell in cells
    ]


@decision("deploy_generals", _legal_place_general)
def _place_general(state: DozenWarState, task: Task, action: Action) -> None:
    assert isinstance(action, PlaceGeneral)
    cell = from_action_cell(spec_of(state), action.cell)
    assert cell is not None
    new_general(state, task.seat, action.general, cell)
    if sum(1 for u in state.units.values() if u.owner == task.seat and u.general) == 3:
        pop(state)


def _legal_place_piece(state: DozenWarState, task: Task) -> list[Action]:
    return [PlacePiece(g) for g in state.roster[task.seat]]


@decision("place_start_piece", _legal_place_piece)
def _place_piece(state: DozenWarState, task: Task, action: Action) -> None:
    """R7.2c, R10.3: the starting map piece (the lowest-numbered free one) goes on a general."""
    assert isinstance(action, PlacePiece)
    pop(state)
    held = {p for u in state.units.values() for p in u.pieces}
    piece = next(t for t in TOKENS if TOKENS[t].kind == "map_piece" and t not in held)
    unit = state.units[GENERAL_IDS.index(action.general)]
    state.units[unit.id] = _with_pieces(unit, (*unit.pieces, piece))


def _with_pieces(unit: Unit, pieces: tuple[str, ...]) -> Unit:
    return attrs.evolve(unit, pieces=pieces)


@auto("place_tokens")
def _place_tokens(state: DozenWarState, task: Task) -> None:
    """R15.2: the tokens not dealt are shuffled face down, one per token slot."""
    pop(state)
    held = {p for u in state.units.values() for p in u.pieces}
    tokens = sorted(t for t in TOKENS if t not in held)
    state.rng.shuffle(tokens)
    slots = spec_of(state).token_slots[state.mode]
    if len(slots) != len(tokens):
        raise ValueError(f"{len(tokens)} tokens for {len(slots)} slots")
    state.mountains = {cell: [token] for cell, token in zip(slots, tokens)}


# ---------------------------------------------------------------------- Engage (R11.2)


def _legal_engage_pick(state: DozenWarState, task: Task) -> list[Action]:
    taken = {g for roster in state.roster for g in roster}
    return [Draft(g) for g in GENERAL_IDS if g not in taken]


@decision("engage_pick", _legal_engage_pick)
def _engage_pick(state: DozenWarState, task: Task, action: Action) -> None:
    assert isinstance(action, Draft)
    pop(state)
    state.roster[task.seat].append(action.general)


_MIXES = [
    (i, c, a)
    for i in range(ENGAGE_SOLDIERS + 1)
    for c in range(ENGAGE_SOLDIERS + 1)
    for a in range(ENGAGE_SOLDIERS + 1)
    if i + c + a == ENGAGE_SOLDIERS
]


def _legal_engage_army(state: DozenWarState, task: Task) -> list[Action]:
    return [EngageArmy(*mix) for mix in _MIXES]


@decision("engage_army", _legal_engage_army)
def _engage_army(state: DozenWarState, task: Task, action: Action) -> None:
    assert isinstance(action, EngageArmy)
    pop(state)
    pieces = ["general"] + ["infantry"] * action.infantry + ["cavalry"] * action.cavalry
    pieces += ["archer"] * action.archer
    # The deploy task below this one waits for the army; give it the pieces to place.
    below = state.tasks[-1]
    state.tasks[-1] = Task(below.kind, below.seat, {"pieces": pieces})


def _legal_engage_deploy(state: DozenWarState, task: Task) -> list[Action]:
    spec = spec_of(state)
    occupied = {u.cell for u in state.units.values()}
    cells = [c for c in spec.homes[state.home[task.seat]].deploy_cells if c not in occupied]
    cells = [c for c in cells if c not in state.terrain]
    return [
        Deploy(piece, to_action_cell(spec, c)) for piece in sorted(set(task.data["pieces"])) for c in cells
    ]


@decision("engage_deploy", _legal_engage_deploy)
def _engage_deploy(state: DozenWarState, task: Task, action: Action) -> None:
    assert isinstance(action, Deploy)
    cell = from_action_cell(spec_of(state), action.cell)
    assert cell is not None
    if action.piece == "general":
        new_general(state, task.seat, state.roster[task.seat][0], cell)
    else:
        new_soldier(state, task.seat, action.piece, cell)
    pieces = list(task.data["pieces"])
    pieces.remove(action.piece)
    pop(state)
    if pieces:
        push(state, "engage_deploy", task.seat, pieces=pieces)


@auto("engage_deal")
def _engage_deal(state: DozenWarState, task: Task) -> None:
    """R11.5: 5 cards each, the roll's loser first."""
    pop(state)
    for seat in task.data["order"]:
        draw_cards(state, seat, ENGAGE_HAND)


# ---------------------------------------------------------------------- rounds (R9.0)


@auto("round_start")
def _round_start(state: DozenWarState, task: Task) -> None:
    pop(state)
    push(state, "turn_start")
    if state.mode == "engage":
        return
    for seat in range(state.num_players):
        if state.marks[seat]:
            state.marks[seat] = []
    state.modifiers.clear()
    if state.round == WARP_ROUND:
        # R2.19: the warp opens; a leftover token stays on the warp cell (R2.19a).
        state.volcano_up = False
        volcano = spec_of(state).volcano
        state.terrain = [c for c in state.terrain if c != volcano]
    if state.round < 2:
        return
    # R9.2: income in turn order. The soldiers in each cell are counted once: a new soldier
    # enters its own castle's cell, which no later castle shares.
    soldiers_in = collections.Counter(u.cell for u in state.units.values() if not u.general)
    for seat in state.turns.order:
        gain_coins(state, seat, 1)
        castles = standing_castles(state, seat)
        draw_cards(state, seat, len(castles))
        for index in castles:
            castle = state.castles[index]
            if soldiers_in[castle.cell] < 5:  # R2.8g: lost if the castle is full
                new_soldier(state, seat, castle.type, castle.cell)
    push(state, "event")
    if state.mode == "alliance":
        for team in (1, 0):
            members = [s for s in state.turns.order if state.side_of[s] == team]
            if len(members) == 2 and all(state.hands[s] for s in members):
                push(state, "card_swap_offer", members[0], partner=members[1])


def _legal_offer(state: DozenWarState, task: Task) -> list[Action]:
    return [Pass(), *(ChooseOption(d) for d in designs_in_hand(state, task.seat))]


@decision("card_swap_offer", _legal_offer)
def _offer(state: DozenWarState, task: Task, action: Action) -> None:
    """R10.9c: the earlier member offers a card or passes."""
    pop(state)
    if isinstance(action, ChooseOption):
        push(state, "card_swap_answer", task.data["partner"], offer=action.option, offerer=task.seat)


def _legal_answer(state: DozenWarState, task: Task) -> list[Action]:
    return [Pass(), *(ChooseOption(d) for d in designs_in_hand(state, task.seat))]


@decision("card_swap_answer", _legal_answer)
def _answer(state: DozenWarState, task: Task, action: Action) -> None:
    """R10.9c: the partner gives a card back (the swap happens) or refuses (nothing changes)."""
    pop(state)
    if isinstance(action, ChooseOption):
        offerer = task.data["offerer"]
        given = take_card(state, offerer, task.data["offer"])
        returned = take_card(state, task.seat, action.option)
        state.hands[task.seat].append(given)
        state.hands[offerer].append(returned)


# ---------------------------------------------------------------------- events (§14)


def _affected(state: DozenWarState, design: str) -> list[int]:
    affects = EVENTS[design].affects
    who = affects["who"]
    seats = [s for s in state.turns.order if not state.eliminated[s]]
    if who in ("all", "payers"):
        return seats
    if who == "zone":
        zone = spec_of(state).zones[affects["zone"]]
        generals_only = affects.get("unit") == "general"
        return [
            s
            for s in seats
            if any(
                u.owner == s and u.cell in zone and (u.general or not generals_only)
                for u in state.units.values()
            )
        ]
    if who == "most_map_pieces":
        if state.mode == "alliance":
            counts = {s: team_pieces(state, state.side_of[s]) for s in seats}
        else:
            counts = {s: pieces_of(state, s) for s in seats}
        best = max(counts.values(), default=0)
        if best < affects.get("min_pieces", 1):
            return []
        return [s for s in seats if counts[s] == best]
    if who == "fewest_castles":
        counts = {s: len(standing_castles(state, s)) for s in seats}
        fewest = min(counts.values())
        return [s for s in seats if counts[s] == fewest]
    raise ValueError(f"unknown event audience {who!r}")


@auto("event")
def _event(state: DozenWarState, task: Task) -> None:
    """R14.1-R14.3: reveal the top event; each affected player in turn order rolls and applies it."""
    pop(state)
    if not state.events:
        return
    card = state.events.pop()
    state.events_done.append(card)
    design = EVENT_COPIES[card]
    paying = EVENTS[design].cost > 0
    for seat in reversed(_affected(state, design)):
        if paying:
            if state.coins[seat] >= EVENTS[design].cost:
                push(state, "event_pay", seat, event=design)
        else:
            push(state, "event_roll", seat, event=design)


def _legal_pay(state: DozenWarState, task: Task) -> list[Action]:
    return [Pay(), Pass()]


@decision("event_pay", _legal_pay)
def _pay(state: DozenWarState, task: Task, action: Action) -> None:
    pop(state)
    if isinstance(action, Pay):
        pay_coins(state, task.seat, EVENTS[task.data["event"]].cost)
        push(state, "event_roll", task.seat, event=task.data["event"])


@auto("event_roll")
def _event_roll(state: DozenWarState, task: Task) -> None:
    """R14.3: 1-3 low, 4-6 high; the outcome applies at once."""
    pop(state)
    design = EVENTS[task.data["event"]]
    roll = state.rng.randint(1, 6)
    outcome = design.low if roll in design.low.roll else design.high
    key = "low" if outcome is design.low else "high"
    interpreter.start(state, ("event", design.id, key), task.seat, -1, zone=design.affects.get("zone", ""))


# ---------------------------------------------------------------------- turns (§8)


#: A unit with its turn flags given (R8.0a): cleared at each turn's start.
_clear_turn_flags = unit_evolver(
    "moved", "attacked", "dug", "warped", "guarded", "acted", "gave", "extra_move"
)
#: A unit with its statuses and this turn's buffs given (R8.12): expired at each turn's end.
_expire_turn_effects = unit_evolver(
    "statuses",
    "buff_move",
    "buff_damage",
    "buff_range",
    "buff_strikes",
    "buff_unguardable",
    "buff_max_targets",
    "buff_star",
    "evasion",
    "boosted_by",
)


@auto("turn_start")
def _turn_start(state: DozenWarState, task: Task) -> None:
    """R8.0a: every unit's turn flags reset; the current player takes its turn."""
    pop(state)
    seat = state.turns.current
    if state.eliminated[seat]:
        raise ValueError(f"seat {seat} is eliminated but in the turn order")
    units = state.units
    for uid, unit in units.items():
        if (
            unit.moved
            or unit.attacked
            or unit.dug
            or unit.warped
            or unit.guarded
            or unit.acted
            or unit.gave
            or unit.extra_move
        ):
            units[uid] = _clear_turn_flags(unit, False, False, False, False, False, False, False, 0)
    state.acted = state.attack_skill_used = state.card_played = state.attacked = False
    for s in range(state.num_players):
        state.defence_skill_used[s] = state.defence_card_used[s] = False
        state.hitters[s] = []
    push(state, "turn", seat)
    if revivals(state, seat):
        push(state, "revive", seat)


def _legal_revive(state: DozenWarState, task: Task) -> list[Action]:
    return [*revivals(state, task.seat), Pass()]


@decision("revive", _legal_revive)
def _revive(state: DozenWarState, task: Task, action: Action) -> None:
    """R8.14: at the very start of the turn, pay 4 coins a general to revive dead generals one
    by one, or pass on to the turn (R8.16: a decision of its own, pass allowed)."""
    if isinstance(action, Revive):
        cell = from_action_cell(spec_of(state), action.cell)
        assert cell is not None
        pay_coins(state, task.seat, REVIVE_COST)
        new_general(state, task.seat, action.general, cell)
        if revivals(state, task.seat):
            return
    pop(state)


@auto("end_turn")
def _end_turn(state: DozenWarState, task: Task) -> None:
    """R8.12: statuses and buffs of this turn expire; Engage's clocks tick; play passes on."""
    pop(state)
    seat = state.turns.current
    units = state.units
    for uid, unit in list(units.items()):
        statuses = unit.statuses
        if statuses:  # most units carry none: no filtering to do
            statuses = tuple(
                (name, code)
                for name, code in statuses
                if code != 1 and not (code == 2 and unit.owner == seat)
            )
        if (
            statuses != unit.statuses
            or unit.buff_move
            or unit.buff_damage
            or unit.buff_range
            or unit.buff_strikes
            or unit.buff_unguardable
            or unit.buff_max_targets
            or unit.buff_star
            or unit.evasion
            or unit.boosted_by
        ):
            units[uid] = _expire_turn_effects(unit, statuses, 0, 0, 0, 0, False, 0, 0, (), ())
    state.turn_number += 1
    if state.mode == "engage":
        if seat == state.turns.first:
            state.idle_turns = 0 if state.attacked else state.idle_turns + 1
            if state.idle_turns >= ENGAGE_IDLE_LIMIT:
                scoring.finish_engage_idle(state, seat)
                return
        if state.turn_number >= ENGAGE_TURN_LIMIT:
            scoring.finish_draw(state, "engage_turn_limit")
            return
        state.turns.advance()
        push(state, "turn_start")
        return
    if state.turns.is_last_in_round:
        push(state, "round_end")
    else:
        state.turns.advance()
        scoring.drop_eliminated(state)
        push(state, "turn_start")


def _legal_discard(state: DozenWarState, task: Task) -> list[Action]:
    return [Discard(d) for d in designs_in_hand(state, task.seat)]


@decision("discard", _legal_discard)
def _discard(state: DozenWarState, task: Task, action: Action) -> None:
    """R6.6 and events: discard one card (repeated while ``count`` remains)."""
    assert isinstance(action, Discard)
    pop(state)
    discard_card(state, task.seat, action.card)
    left = task.data["count"] - 1
    if left > 0 and state.hands[task.seat]:
        push(state, "discard", task.seat, count=left)


def hand_limit(state: DozenWarState, seat: int) -> None:
    """R6.6: at the end of the own turn, discard down to 6 (one decision per card)."""
    excess = len(state.hands[seat]) - HAND_LIMIT
    if excess > 0:
        push(state, "discard", seat, count=excess)


# ---------------------------------------------------------------------- the round's end (R9.11)


@auto("round_end")
def _round_end(state: DozenWarState, task: Task) -> None:
    pop(state)
    if state.round >= LAST_ROUND:
        scoring.finish_by_score(state)
        return
    state.turns.advance()  # back to position 0
    scoring.drop_eliminated(state)
    state.round += 1
    push(state, "round_start")
    seats = [s for s in state.turns.order]
    if state.mode == "alliance":
        counts = {t: team_pieces(state, t) for t in (0, 1)}
    else:
        counts = {s: pieces_of(state, s) for s in seats}
    best = max(counts.values())
    leaders = [k for k, v in counts.items() if v == best]
    leader = leaders[0] if len(leaders) == 1 else None
    if leader is not None and leader != state.leader and len(seats) > 1:
        chooser = (
            leader
            if state.mode != "alliance"
            else min((s for s in seats if state.side_of[s] == leader), key=seats.index)
        )
        push(state, "reorder", chooser)
    state.leader = leader


def _legal_reorder(state: DozenWarState, task: Task) -> list[Action]:
    order = list(state.turns.order)
    if state.mode == "alliance":
        # R10.7a: the leading team only chooses which team starts: the rotation of the order
        # from that team's first player in it (after an elimination the first two seats may
        # be team-mates, so the whole order is read).
        firsts: dict[int, list[int]] = {}
        for i, seat in enumerate(order):
            firsts.setdefault(state.side_of[seat], order[i:] + order[:i])
        return [Reorder(tuple(firsts[t])) for t in sorted(firsts)]
    return [Reorder(p) for p in itertools.permutations(sorted(order))]


@decision("reorder", _legal_reorder)
def _reorder(state: DozenWarState, task: Task, action: Action) -> None:
    assert isinstance(action, Reorder)
    pop(state)
    state.turns.reorder(action.order)


# ---------------------------------------------------------------------- stolen map pieces (R15.8)


@auto("steal_piece")
def _steal_piece(state: DozenWarState, task: Task) -> None:
    seat = task.seat
    generals = sorted(u.id for u in state.units.values() if u.owner == seat and u.general)
    if len(generals) == 1:
        pop(state)
        _give_piece(state, generals[0], task.data["piece"])
        return
    if generals:
        state.tasks[-1] = Task("assign_stolen_piece", seat, dict(task.data, generals=generals))
        return
    cells = sorted({u.cell for u in state.units.values() if u.owner == seat})
    pop(state)
    if len(cells) == 1 or not cells:
        # Ruling DW-15.8: a thief with no unit at all drops the piece where the general died.
        cell = cells[0] if cells else task.data["cell"]
        state.loose.setdefault(cell, []).append(task.data["piece"])
        return
    spec = spec_of(state)
    interpreter.ask_cell(
        state, seat, "loose_piece", [to_action_cell(spec, c) for c in cells], piece=task.data["piece"]
    )


def _give_piece(state: DozenWarState, unit_id: int, piece: str) -> None:
    unit = state.units[unit_id]
    state.units[unit_id] = attrs.evolve(unit, pieces=(*unit.pieces, piece))


def _legal_assign(state: DozenWarState, task: Task) -> list[Action]:
    return [Target(g) for g in task.data["generals"]]


@decision("assign_stolen_piece", _legal_assign)
def _assign(state: DozenWarState, task: Task, action: Action) -> None:
    assert isinstance(action, Target)
    pop(state)
    _give_piece(state, action.target, task.data["piece"])


@interpreter.finisher("loose_piece")
def _loose_piece(state: DozenWarState, data: dict[str, Any], cell: int) -> None:
    state.loose.setdefault(cell, []).append(data["piece"])
