"""The load checks (``_validate``): what no reachable Dozen War state breaks."""

from __future__ import annotations

import operator
from collections.abc import Iterator, Mapping
from itertools import chain, compress
from typing import TYPE_CHECKING, Any

from tabletop.core.describe import shown
from tabletop.core.invariants import counts_add_up, decision_is_open, each_in_one_place
from tabletop.core.outcome import Outcome

from .actions import CASTLE_BASE, OPTIONS
from .agenda import AUTO, DECIDE
from .agenda_checks import (
    MOST_STARS,
    check_ctx,
    check_task_data,
    check_task_order,
    data_dicts,
    data_op,
    is_int,
)
from .board import from_action_cell, occupancy, spec_of
from .components import (
    BANK_COINS,
    CARD_COPIES,
    CARDS,
    CASTLE_HP,
    CLASS_STATS,
    CLASSES,
    ENGAGE_IDLE_LIMIT,
    ENGAGE_TURN_LIMIT,
    EVENT_COPIES,
    EVENTS,
    GENERAL_IDS,
    GENERALS,
    LAST_ROUND,
    MAX_UNITS,
    SKILLS,
    SOLDIER_TYPES,
    TOKENS,
    WARP_ROUND,
    CardDesign,
    MapSpec,
    Skill,
)
from .interpreter import ops_of
from .legal import revivals
from .model import STATUSES, UNTIL_END_OF_TURN, UNTIL_OWNER_NEXT_TURN_END, Attack, Hit
from .scoring import SETUP_TASKS, totals, winners_by
from .table import designs_in_hand
from .tensor import MODIFIERS, MOVEMENT_CARDS, RAYS, REASONS

if TYPE_CHECKING:
    from .state import DozenWarState


def check(state: DozenWarState) -> None:
    """Raise ``ValueError`` naming the first broken invariant."""
    # A valid state passes on whole-collection tests (C-level passes over the units, stacks,
    # tokens and cards: the walk below was a fifth of a trusted load); anything else, or any
    # doubt, takes the walk, which names the first broken invariant as it always has.
    if not _plainly_valid(state):
        _walk(state)
    # Once the seats' lists, the units and the castles are sound: the game's counters.
    _check_counters(state)
    # Last, once the rest holds: edits no check above sees (an attacker moved out of reach of
    # the aim it waits on) loaded, then offered no legal action.
    decision_is_open(state)


#: Per seat: the fields that hold one entry per seat.
_PER_SEAT = (
    "coins",
    "hands",
    "skulls",
    "castles_taken",
    "roster",
    "marks",
    "used_skills",
    "soldier_died",
    "eliminated",
    "home",
    "side_of",
    "hitters",
    "defence_skill_used",
    "defence_card_used",
)
_SEAT_FIELDS = operator.attrgetter(*_PER_SEAT)
_ID = operator.attrgetter("id")
_CELL = operator.attrgetter("cell")
_OWNER = operator.attrgetter("owner")
_HP = operator.attrgetter("hp")
_CLS = operator.attrgetter("cls")
_GENERAL = operator.attrgetter("general")
_GENERAL_AND_CLASS = operator.attrgetter("general", "cls")
_PIECES = operator.attrgetter("pieces")
_CLASSES = frozenset(CLASSES)
_INT = frozenset({int})
#: By unit id: the general that id belongs to, or "" (a soldier's id).
_GENERAL_OF_ID = (*GENERAL_IDS, *("",) * (MAX_UNITS - len(GENERAL_IDS)))
#: A unit's full HP by its (general, class), as ``Unit.max_hp`` gives it, filled in as met.
_FULL_HP: dict[tuple[str, str], int] = {}


def _plainly_valid(state: DozenWarState) -> bool:
    """Whether ``state`` passes every check of :func:`_walk`, told by whole-collection tests;
    ``False`` is no verdict (the walk then decides), so every test here is at least as strict."""
    try:
        return _holds(state)
    except Exception:  # a value of an unexpected type or shape: the walk names it
        return False


def _holds(state: DozenWarState) -> bool:
    n = state.num_players
    if set(map(len, _SEAT_FIELDS(state))) != {n}:
        return False
    spec = spec_of(state)
    size = spec.grid.size
    units = list(state.units.values())
    ids = list(state.units)
    cells = list(map(_CELL, units))
    owners = list(map(_OWNER, units))
    generals = list(map(_GENERAL, units))
    if units:
        # Exact ints only: the walk indexes the board with them (a float fails there).
        if not _CLASSES.issuperset(map(_CLS, units)) or not _INT.issuperset(
            map(type, chain(ids, cells, owners, map(_HP, units)))
        ):
            return False
        hps = list(map(_HP, units))
        full: list[Any] = list(map(_FULL_HP.get, map(_GENERAL_AND_CLASS, units)))
        if None in full:  # (general, class) pairs not met before: a known class, any general
            for unit in units:
                _FULL_HP.setdefault((unit.general, unit.cls), unit.max_hp)
            full = list(map(_FULL_HP.__getitem__, map(_GENERAL_AND_CLASS, units)))
        if (
            list(map(_ID, units)) != ids
            or min(ids) < 0
            or max(ids) >= MAX_UNITS
            or min(cells) < 0
            or max(cells) >= size
            or min(owners) < 0
            or max(owners) >= n
            or min(hps) < 1
            or not all(map(operator.le, hps, full))
            or list(map(_GENERAL_OF_ID.__getitem__, ids)) != generals
        ):
            return False
        allowed = {(seat, general) for seat in range(n) for general in ("", *state.roster[seat])}
        if not allowed.issuperset(zip(owners, generals)):
            return False
    terrain = state.terrain
    if len(set(terrain)) != len(terrain) or (terrain and (min(terrain) < 0 or max(terrain) >= size)):
        return False
    if not _INT.issuperset(map(type, chain(terrain, map(_CELL, state.castles)))):
        return False
    for castle in state.castles:
        if not 0 <= castle.cell < size or not 0 <= castle.owner < n or not 0 <= castle.hp <= CASTLE_HP:
            return False
        if not (castle.taken_by is None or 0 <= castle.taken_by < n):
            return False
    if not all(isinstance(h, str) and h in spec.homes for h in state.home) or len(set(state.home)) != n:
        return False
    if sorted((c.cell, c.owner, c.type) for c in state.castles) != sorted(
        (cell, s, kind) for s in range(n) for cell, kind in spec.homes[state.home[s]].castles
    ):
        return False
    # Stacks (R8.2-R8.4): one owner a cell, at most one general and five soldiers.
    if len(set(zip(cells, owners))) != len(set(cells)):
        return False
    general_cells = list(compress(cells, generals))
    soldier_cells = list(compress(cells, map(operator.not_, generals)))
    if len(set(general_cells)) != len(general_cells):
        return False
    soldier_cells.sort()
    if any(map(operator.eq, soldier_cells, soldier_cells[5:])):  # six soldiers in one cell
        return False
    # R2.8b: a standing castle holds only its owner's units.
    keepers = {castle.cell: castle.owner for castle in state.castles if castle.hp > 0}
    if any(keepers.get(cell, owner) != owner for cell, owner in zip(cells, owners)):
        return False
    _check_tasks(state, spec)
    tokens = list(
        chain(
            chain.from_iterable(state.mountains.values()),
            chain.from_iterable(map(_PIECES, units)),
            chain.from_iterable(state.loose.values()),
            state.spent_tokens,
            [task.data["piece"] for task in state.tasks if "piece" in task.data],
        )
    )
    distinct = set(tokens)
    if len(distinct) != len(tokens) or not distinct <= TOKENS.keys():
        return False
    in_setup = any(task.kind in SETUP_TASKS for task in state.tasks)
    if state.mode != "engage" and not in_setup and len(tokens) != len(TOKENS):
        return False
    cards = [*state.deck, *state.discard, *chain.from_iterable(state.hands)]
    if len(cards) != len(CARD_COPIES) or set(cards) != CARD_COPIES.keys():
        return False
    events = [*state.events, *state.events_done]
    expected = EVENT_COPIES.keys() if state.mode != "engage" else set()
    if len(events) != len(expected) or set(events) != expected:
        return False
    coins = [state.bank, *state.coins]
    if not _INT.issuperset(map(type, coins)) or min(coins) < 0 or sum(coins) != BANK_COINS:
        return False
    _check_pending(state)
    return True


def _walk(state: DozenWarState) -> None:
    """Every check, thing by thing: ``ValueError`` naming the first broken invariant."""
    n = state.num_players
    for name in _PER_SEAT:
        if len(getattr(state, name)) != n:
            raise ValueError(f"{name} has {len(getattr(state, name))} entries for {n} seats")
    spec = spec_of(state)
    grid = spec.grid
    for uid, unit in state.units.items():
        if uid != unit.id or not 0 <= uid < MAX_UNITS:
            raise ValueError(f"unit {uid} is stored under the wrong id or out of range")
        if unit.cls not in CLASSES:  # an unknown class loaded, and the tensor raised KeyError
            raise ValueError(f"unit {uid}'s class {unit.cls!r} is not one of {CLASSES}")
        if not 0 <= unit.cell < grid.size:
            raise ValueError(f"unit {uid} stands off the board (cell {unit.cell})")
        if not 0 <= unit.owner < n:
            raise ValueError(f"unit {uid} belongs to seat {unit.owner}, outside 0..{n - 1}")
        if unit.general and unit.general not in GENERALS:  # before max_hp, which looks it up
            raise ValueError(f"unit {uid}'s general {unit.general!r} is no general")
        if not 1 <= unit.hp <= unit.max_hp:
            raise ValueError(f"unit {uid} has {unit.hp} HP, outside 1..{unit.max_hp}")
        if unit.general:
            if unit.general not in GENERALS or GENERAL_IDS.index(unit.general) != uid:
                raise ValueError(f"general unit {uid} is {unit.general!r}")
            if unit.general not in state.roster[unit.owner]:
                raise ValueError(f"{unit.general} stands for seat {unit.owner}, which did not take it")
        elif uid < len(GENERAL_IDS):
            raise ValueError(f"soldier {uid} uses a general's id")
    # Before occupancy: its board view is indexed by mountain cells, castle cells and owners.
    if len(set(state.terrain)) != len(state.terrain) or not all(0 <= c < grid.size for c in state.terrain):
        raise ValueError(f"the mountain cells {state.terrain} are not distinct cells of the board")
    for index, castle in enumerate(state.castles):
        if not 0 <= castle.cell < grid.size:
            raise ValueError(f"castle {index} stands off the board (cell {castle.cell})")
        if not 0 <= castle.owner < n or not (castle.taken_by is None or 0 <= castle.taken_by < n):
            raise ValueError(f"castle {index} belongs to seat {castle.owner}, taken by {castle.taken_by}")
    # Homes and castles never move (R2.8): a castle elsewhere loaded, and units later stacked on it.
    if not all(isinstance(h, str) and h in spec.homes for h in state.home) or len(set(state.home)) != n:
        raise ValueError(f"home {state.home} is not distinct homes of the map {sorted(spec.homes)}")
    castles = sorted((c.cell, c.owner, c.type) for c in state.castles)
    if castles != sorted(
        (cell, s, kind) for s in range(n) for cell, kind in spec.homes[state.home[s]].castles
    ):
        raise ValueError(f"the castles (cell, seat, type) {castles} are not those of the seats' homes")
    occ = occupancy(state)
    for cell, ids in enumerate(occ.ids):
        if not ids:
            continue  # an empty cell holds no stack
        owners = {state.units[u].owner for u in ids}
        generals = sum(1 for u in ids if state.units[u].general)
        if len(owners) > 1 or generals > 1 or len(ids) - generals > 5:
            raise ValueError(f"cell {cell} holds an impossible stack {sorted(ids)} (R8.2-R8.4)")
        keeper = occ.castle_owner[cell]
        if keeper != -1 and keeper not in owners:
            raise ValueError(
                f"cell {cell}, seat {keeper}'s standing castle, holds seat {owners.pop()}'s units "
                f"{sorted(ids)}: only the owner's units enter a castle (R2.8b)"
            )
    for index, castle in enumerate(state.castles):
        if not 0 <= castle.hp <= CASTLE_HP:
            raise ValueError(f"castle {index} has {castle.hp} HP")
    _check_tasks(state, spec)
    token_places: list[tuple[str, list[str]]] = [
        (f"mountain {c}", list(s)) for c, s in state.mountains.items()
    ]
    token_places += [(f"unit {u.id}", list(u.pieces)) for u in state.units.values()]
    token_places += [(f"loose at {c}", list(p)) for c, p in state.loose.items()]
    token_places += [("spent", list(state.spent_tokens))]
    # A stolen map piece waits in its thief's pending decision until it is placed (R15.8).
    token_places += [
        (f"pending {task.kind}", [task.data["piece"]]) for task in state.tasks if "piece" in task.data
    ]
    where = each_in_one_place(token_places, what="token")
    unknown = [t for t in where if t not in TOKENS]
    if unknown:
        raise ValueError(f"unknown tokens {unknown}")
    in_setup = any(task.kind in SETUP_TASKS for task in state.tasks)
    if state.mode != "engage" and not in_setup:
        each_in_one_place(token_places, TOKENS, what="token")
    card_places = [("deck", state.deck), ("discard", state.discard)]
    card_places += [(f"hand {s}", h) for s, h in enumerate(state.hands)]
    each_in_one_place(card_places, CARD_COPIES, what="equipment card")
    event_places = [("event deck", state.events), ("events done", state.events_done)]
    each_in_one_place(event_places, EVENT_COPIES if state.mode != "engage" else (), what="event card")
    parts = {"bank": state.bank, **{f"seat {s}": c for s, c in enumerate(state.coins)}}
    counts_add_up(parts, BANK_COINS, what="coins")
    _check_pending(state)


def _check_pending(state: DozenWarState) -> None:
    """The outcome, or else the pending decision."""
    n = state.num_players
    if state.outcome is not None and not set(state.outcome.reason.split("+")) <= set(REASONS):  # the tensor's
        raise ValueError(f"outcome reason {state.outcome.reason!r} is not one of {', '.join(REASONS)}")
    if state.outcome is not None:
        _check_outcome(state, state.outcome)
    if state.outcome is None:
        if not state.tasks:
            raise ValueError("the game is not over but nothing is pending")
        for task in state.tasks:
            if task.kind not in AUTO and task.kind not in DECIDE:
                raise ValueError(f"unknown task {task.kind!r}")
        if state.tasks[-1].kind in AUTO:
            raise ValueError(f"the pending task {state.tasks[-1].kind!r} is not a decision")
        if not 0 <= state.tasks[-1].seat < n:
            raise ValueError(f"the pending decision belongs to seat {state.tasks[-1].seat}")
        check_task_order(state.tasks)


def _check_outcome(state: DozenWarState, outcome: Outcome) -> None:
    """Nothing changes a seat's score after the end, so the outcome's scores are the totals
    (R16.2), and a win on score goes to the best key (R16.1-R16.4). A trusted save given a
    skull more once kept the old scores. Each reason has its winners (R16.6)."""
    if tuple(outcome.scores) != totals(state):
        raise ValueError(
            f"outcome scores {list(outcome.scores)} are not the seats' totals {list(totals(state))} "
            "(R16.2: skulls, 2 a castle taken, map pieces held; nothing changes them after the end)"
        )
    given = winners_by(state, outcome.reason)
    if given is None:
        raise ValueError(
            f"outcome reason is {outcome.reason!r}, but the final state does not end that way "
            f"({_ENDS[outcome.reason]})"
        )
    if tuple(outcome.winners) != given:
        raise ValueError(
            f"outcome winners {list(outcome.winners)} for {outcome.reason!r}; the final state gives "
            f"{list(given)} ({_ENDS[outcome.reason]})"
        )


#: Per outcome reason, when a game ends so and who wins (R16.6).
_ENDS = {
    "score": "R16.1-R16.4: at the end of round 8, the best key of score, map pieces, standing castles, coins",
    "five_map_pieces": "R7.1a: the team still playing that holds five map pieces",
    "last_standing": "R7.1: the one team left, its seats still playing",
    "all_eliminated": "DW-7.2d: every seat eliminated, the last ones together: a draw, no winner",
    "engage_general_killed": "R11.7: Engage, the seat whose general lives",
    "engage_draw": "R11.7: Engage, both generals dead, no winner",
    "engage_turn_limit": "R11.9: Engage drawn after the 100th turn, no winner",
    "engage_five_idle_turns": "R11.8: Engage, the first player's fifth idle turn loses",
}


#: What an army deployed in engage mode is made of.
DEPLOYABLE = ("general", *SOLDIER_TYPES)
#: The steps of a reaction window (R10.9), in the order the window walks them.
WINDOW_STAGES = ("guard", "skill", "card")


def _is_token(value: object) -> bool:
    return isinstance(value, str) and value in TOKENS


_DURATIONS = (UNTIL_END_OF_TURN, UNTIL_OWNER_NEXT_TURN_END)
_MOVEMENT = frozenset(MOVEMENT_CARDS)
_MODIFIERS = frozenset(MODIFIERS)

#: How deep a task's data may nest: the engine writes at most 5 levels (its ``ctx`` and
#: ``params``); a trusted save's hundreds of levels loaded and then broke ``to_dict``.
_MAX_TASK_NESTING = 32


def _nesting(value: object) -> int:
    """How many dicts and lists deep ``value`` goes, counted without recursion (and stopping
    past :data:`_MAX_TASK_NESTING`), so no depth makes it fail."""
    deepest, stack = 0, [(value, 0)]
    while stack:
        item, level = stack.pop()
        if level > deepest:
            deepest = level
            if level > _MAX_TASK_NESTING:
                break
        if isinstance(item, dict):
            stack.extend((inner, level + 1) for inner in item.values())
        elif isinstance(item, (list, tuple)):
            stack.extend((inner, level + 1) for inner in item)
    return deepest


def _is_ref(ref: object) -> bool:
    """Whether ``ref`` names an effect source the interpreter finds (``ops_of``): ``[kind, id]``
    of a skill, card or token, or ``["event", id, "low" | "high"]``."""
    if not isinstance(ref, (list, tuple)) or not ref or not all(isinstance(part, str) for part in ref):
        return False
    kind, *rest = ref
    if kind == "event":
        return len(rest) == 2 and rest[0] in EVENTS and rest[1] in ("low", "high")
    catalog: Mapping[str, Any] | None = {"skill": SKILLS, "card": CARDS, "token": TOKENS}.get(kind)
    return catalog is not None and len(rest) == 1 and rest[0] in catalog


def check_turn_order(state: DozenWarState) -> None:
    """The turn order holds every seat still playing and no eliminated one (R7.2a), but the
    seat in turn once the game is over: DW-7.2a lets an eliminated current seat leave the order
    when play passes on, which it never does after the end (an attacker knocked out by a
    counter, the last players out together: DW-7.2d)."""
    n = state.num_players
    stays = state.turns.current if state.outcome is not None else None
    for seat in state.turns.order:
        if not is_int(seat) or not 0 <= seat < n:
            raise ValueError(f"turns.order holds {seat!r}, no seat of 0..{n - 1}")
        if state.eliminated[seat] and seat != stays:
            raise ValueError(f"eliminated[{seat}] is set but seat {seat} is still in the turn order")
    # A seat still playing but out of the order never gets a turn: the game stalled mid-play.
    missing = [seat for seat in range(n) if not state.eliminated[seat] and seat not in state.turns.order]
    if missing:
        raise ValueError(f"turns.order {state.turns.order} lacks seat(s) {missing}, which are still playing")


def _check_tasks(state: DozenWarState, spec: MapSpec) -> None:
    """The agenda's free-form data the engine indexes with, and who is still playing: what
    broke here loaded and then raised ``TypeError``/``IndexError`` mid-play."""
    n = state.num_players
    for seat in range(n):  # ids the board and the tensor look up: one unknown loaded, then KeyError
        if not {*state.marks[seat], *state.used_skills[seat]} <= SKILLS.keys():
            raise ValueError(f"marks[{seat}] {state.marks[seat]} or used_skills[{seat}] name no skill")
        if not set(state.roster[seat]) <= GENERALS.keys():
            raise ValueError(f"roster[{seat}] {state.roster[seat]} names no general")
    # Each ban sets aside one open general (R7.5a): another id loaded and broke the tensor.
    if not set(state.banned) <= GENERALS.keys() or len(set(state.banned)) != len(state.banned):
        raise ValueError(f"banned {state.banned} names what is no general, or one twice")
    # What the tensor looks up on a unit: an unknown status or boost loaded and raised KeyError,
    # an evasion face outside 1-6 wrote into another unit's slots.
    for uid, unit in state.units.items():
        if unit.statuses or unit.evasion or unit.boosted_by:
            if not all(name in STATUSES and turns in _DURATIONS for name, turns in unit.statuses):
                raise ValueError(
                    f"unit {uid}'s statuses {unit.statuses!r} are not of {STATUSES} and a duration"
                )
            if not all(is_int(face) and 1 <= face <= 6 for face in unit.evasion):
                raise ValueError(f"unit {uid}'s evasion faces {unit.evasion!r} are not die faces 1-6")
            if not _MOVEMENT.issuperset(unit.boosted_by) or len(set(unit.boosted_by)) != len(unit.boosted_by):
                raise ValueError(f"unit {uid} is boosted by {unit.boosted_by!r}, not distinct movement cards")
    # The round's event modifiers (R14): a seat and a (units, stat) pair an event card gives; a
    # trusted save with one's fields reordered loaded, and the tensor raised KeyError.
    for seat, units, stat, amount in state.modifiers:
        if not 0 <= seat < n or (units, stat) not in _MODIFIERS:
            raise ValueError(f"the modifier {(seat, units, stat)!r} is no seat's event modifier")
        if not is_int(amount) or (units, stat, amount) not in _MODIFIER_AMOUNTS:
            raise ValueError(
                f"the modifier {(seat, units, stat, amount)!r} changes {stat} by {shown(amount)}, "
                "which no event does (R14, events.json round_modifier)"
            )
    check_turn_order(state)
    for index, task in enumerate(state.tasks):
        where = f"tasks[{index}] ({task.kind!r})"
        if not is_int(task.seat) or not -1 <= task.seat < n:
            raise ValueError(f"{where}.seat is {task.seat!r}, neither -1 nor a seat of 0..{n - 1}")
        # A decision is a seat's to take (-1 is for the engine's own steps); the turn is the
        # current player's. A decision with no seat loaded and was offered to nobody.
        if task.seat == -1 and task.kind in DECIDE:
            raise ValueError(f"{where}.seat is -1, but a decision is some seat's to take")
        if task.kind == "turn" and task.seat != state.turns.current:
            raise ValueError(
                f"{where}.seat is {task.seat}, but the turn is seat {state.turns.current}'s (turns.order, R9.0)"
            )
        data = task.data
        if not isinstance(data, dict):
            raise ValueError(f"{where}.data is {type(data).__name__}, not a dict")
        if _nesting(data) > _MAX_TASK_NESTING:  # loaded, then to_dict recursed past Python's limit
            raise ValueError(f"{where}.data is nested more than {_MAX_TASK_NESTING} deep")
        if "ref" in data and not _is_ref(data["ref"]):  # read when the effect goes on: a ValueError mid-apply
            raise ValueError(f"{where}.data.ref is {data['ref']!r}, no skill, card, event outcome or token")
        check_task_data(where, task.kind, data)
        if task.kind == "effect" and not 0 <= data["i"] <= len(ops_of(data["ref"])):
            raise ValueError(
                f"{where}.data.i is {shown(data['i'])}, outside the effect's operations "
                f"0..{len(ops_of(data['ref']))}"
            )
        if isinstance(data.get("ctx"), dict):
            check_ctx(f"{where}.data.ctx", data["ctx"], spec)
        if "piece" in data and not _is_token(data["piece"]):
            raise ValueError(f"{where}.data.piece is {data['piece']!r}, no token")
        # The army still to deploy (R11.6): a general and soldiers, at least one piece.
        if "pieces" in data and (
            not isinstance(data["pieces"], list)
            or not data["pieces"]
            or not all(p in DEPLOYABLE for p in data["pieces"])
        ):
            raise ValueError(f"{where}.data.pieces is {data['pieces']!r}, not a list of {DEPLOYABLE}")
        for key in ("order", "seats"):  # seats asked in turn (a window, the Necklace's)
            if key in data and (
                not isinstance(data[key], list)
                or not all(is_int(s) and 0 <= s < n for s in data[key])
                or len(set(data[key])) != len(data[key])
            ):
                raise ValueError(f"{where}.data.{key} is {data[key]!r}, not distinct seats of 0..{n - 1}")
        # The unit a choice or a guard is about stands on the board: a choice is answered (a
        # guard given) before anything else happens, so it cannot have died meanwhile.
        if task.kind in ("choose_cell", "choose_option", "guard"):
            key = "target" if task.kind == "guard" else "unit"
            if key in data and data[key] not in state.units:
                raise ValueError(f"{where}.data.{key} is {shown(data[key])}, no unit on the board")
        # A splash offers the enemies standing in the cell it reached, the moment it reaches it.
        if task.kind == "splash_target" and not (
            len(data["units"]) > 1 and all(unit in state.units for unit in data["units"])
        ):
            raise ValueError(
                f"{where}.data.units is {shown(data['units'])}, not two or more units on the board (R3.4d)"
            )
        for key in ("partner", "offerer", "victim", "owner"):  # one seat each
            if key in data and not (is_int(data[key]) and 0 <= data[key] < n):
                raise ValueError(f"{where}.data.{key} is {shown(data[key])}, no seat of 0..{n - 1}")
        _check_task_numbers(where, task.kind, data, n, spec)
        _check_choice_numbers(where, state, task.kind, data, spec)
        # The cells a decision offers, as actions number them (``to_action_cell``).
        if "cells" in data and (
            not isinstance(data["cells"], list)
            or not all(is_int(c) and from_action_cell(spec, c) is not None for c in data["cells"])
        ):
            raise ValueError(f"{where}.data.cells is {data['cells']!r}, not a list of cells of the board")
        if "options" in data and not all(option in OPTIONS for option in data["options"]):
            raise ValueError(
                f"{where}.data.options is {shown(data['options'])}, not all options a choice names"
            )
        if "stage" in data and (
            data["stage"] not in WINDOW_STAGES
            if task.kind == "window"
            else not isinstance(data["stage"], str)
        ):
            raise ValueError(f"{where}.data.stage is {data['stage']!r}, none of {WINDOW_STAGES}")
    # The revive decision (R8.14) opens the current player's turn, only while it can revive: a
    # save with one elsewhere loaded and offered a revival after the turn's first action.
    for index, task in enumerate(state.tasks):
        if task.kind == "revive" and (
            index != len(state.tasks) - 1
            or index == 0
            or task.seat != state.turns.current
            or state.tasks[index - 1].seat != task.seat
            or state.acted
            or not revivals(state, task.seat)
        ):
            raise ValueError(
                f"tasks[{index}] (revive) is not seat {state.turns.current}'s revival opening its turn "
                "(R8.14: the top task, before any action, while a dead general can be revived)"
            )
    # The draft's picks must find generals (R7.5a): each ban sets one aside for the banned round,
    # so a save with a ban lost loaded, and a pick later had no legal action.
    kinds = [(task.kind, task.data.get("pool")) for task in state.tasks]
    taken = {general for roster in state.roster for general in roster}
    bans = kinds.count(("draft_ban", None))
    banned_picks = kinds.count(("draft_pick", "banned"))
    if ("draft_banned_round", None) in kinds:
        banned_picks += len(state.turns.order)
    if len([g for g in state.banned if g not in taken]) + bans < banned_picks:
        raise ValueError(
            f"banned {state.banned} leaves too few generals for the {banned_picks} banned-round picks"
        )
    open_ = [g for g in GENERAL_IDS if g not in taken and g not in state.banned]
    if len(open_) < bans + kinds.count(("draft_pick", None)):
        raise ValueError(f"the draft has {len(open_)} generals left for its bans and picks")
    _check_rosters(state)
    _check_attack(state, spec)
    _check_sides_and_tokens(state, spec)
    _check_offers(state)


def _check_offers(state: DozenWarState) -> None:
    """The cards a pending choice shows are in the hand they come from: a steal offers the
    victim's designs (``interpreter``), an ally's swap a card the offerer holds (R10.9c). Hands
    edited under them loaded, then the chosen card was found in no hand mid-apply. (The victim
    and the offerer are seats at the table: ``_check_tasks`` checked every seat a task names.)"""
    for index, task in enumerate(state.tasks):
        data = task.data
        if task.kind == "choose_option" and data["purpose"] == "steal":
            victim = data["victim"]
            if data["options"] != designs_in_hand(state, victim):
                raise ValueError(
                    f"tasks[{index}] (steal) offers {data['options']}, not the designs in seat {victim}'s hand"
                )
        elif task.kind == "card_swap_answer":
            offerer = data["offerer"]
            if data["offer"] not in designs_in_hand(state, offerer):
                raise ValueError(
                    f"tasks[{index}] (card_swap_answer) offers {data['offer']!r}, which seat {offerer} does not hold"
                )


def _check_sides_and_tokens(state: DozenWarState, spec: MapSpec) -> None:
    """The teams as setup makes them (R10.4 and ruling DW-S1: seats 0+2 and 1+3 in the
    alliance, a side per seat otherwise), and, until the tokens are placed, one token for each
    mountain slot once the starting map pieces are given (R15.2): either edited loaded, then left
    a seat without a legal action or raised mid-setup."""
    n = state.num_players
    sides = [0, 1, 0, 1] if state.mode == "alliance" else list(range(n))
    if state.side_of != sides:
        raise ValueError(f"side_of is {state.side_of}, not the {state.mode} teams {sides}")
    if any(task.kind == "place_tokens" for task in state.tasks):
        given = sum(len(unit.pieces) for unit in state.units.values())
        given += sum(1 for task in state.tasks if task.kind == "place_start_piece")
        slots = len(spec.token_slots[state.mode])
        if len(TOKENS) - given != slots:
            raise ValueError(
                f"{given} starting map piece(s) given or to give leave {len(TOKENS) - given} tokens "
                f"for the {slots} mountain slots"
            )


#: Generals each seat plays with: three (R7.5: dealt, or drafted in two pick rounds and the
#: banned round), one in Engage (R11.2).
ROSTER_SIZE = 3
ENGAGE_ROSTER_SIZE = 1


def _check_rosters(state: DozenWarState) -> None:
    """Each seat's generals and the picks still to come make its roster's size: a save with a
    pick task lost loaded, and the seat's general deployment later had no legal action."""
    everyone = [general for roster in state.roster for general in roster]
    if len(set(everyone)) != len(everyone):
        raise ValueError(f"rosters {state.roster} hold a general twice: each is dealt or picked once")
    tasks = state.tasks
    if state.mode == "engage":
        size, pending = ENGAGE_ROSTER_SIZE, [task.seat for task in tasks if task.kind == "engage_pick"]
    elif any(task.kind == "deal_generals" for task in tasks):
        size, pending = 0, []
    else:
        size, pending = ROSTER_SIZE, [task.seat for task in tasks if task.kind == "draft_pick"]
        if any(task.kind == "draft_banned_round" for task in tasks):
            pending += state.turns.order  # the banned round gives each seat one pick
    # Setup's per-seat steps: each seat deploys its generals (all of them, one task) and places a
    # starting map piece at most once; a task's seat edited loaded, and a seat with its generals
    # all placed was asked to place more, with no legal action.
    # Engage's setup: each seat's pick, army and deployment are pushed together (one seat), and
    # a seat places its army only once it has picked its general.
    for index, task in enumerate(tasks):
        if task.kind in ("engage_army", "engage_pick") and tasks[index - 1].seat != task.seat:
            raise ValueError(
                f"tasks[{index}] ({task.kind}) is seat {task.seat}'s, the task below another seat's"
            )
        if task.kind == "engage_deploy" and "pieces" in task.data and not state.roster[task.seat]:
            raise ValueError(
                f"tasks[{index}] (engage_deploy): seat {task.seat} places an army with no general picked"
            )
    for kind in ("deploy_generals", "place_start_piece", "engage_deploy"):
        seats = [task.seat for task in tasks if task.kind == kind]
        if len(set(seats)) != len(seats):
            raise ValueError(f"the {kind} tasks are for seats {seats}: a seat's step is pushed once")
    deploying = {task.seat for task in tasks if task.kind == "deploy_generals"}
    if deploying:
        on_board = [0] * state.num_players
        for unit in state.units.values():
            if unit.general:
                on_board[unit.owner] += 1
        for seat, count in enumerate(on_board):
            if (count < ROSTER_SIZE) != (seat in deploying):
                raise ValueError(
                    f"seat {seat} has {count} general(s) deployed but "
                    f"{'no' if seat not in deploying else 'a'} deploy_generals task pending"
                )
    for seat, roster in enumerate(state.roster):
        if len(roster) + pending.count(seat) != size:
            raise ValueError(
                f"roster[{seat}] has {len(roster)} general(s) and {pending.count(seat)} pick(s) to come, "
                f"not the {size} each seat plays with"
            )


#: The keys of an after-hit effect queued in a hit's window (``combat`` makes an effect task of each).
_AFTER_KEYS = frozenset({"seat", "ref", "i", "user", "ctx"})


def _most(key: str, *ops: str) -> int:
    """The largest whole number ``key`` holds in the data's operations (of ``ops``, if named)."""
    values = [spec.get(key) for spec in data_dicts() if not ops or spec.get("op") in ops]
    return max([value for value in values if type(value) is int], default=0)


def _attack_bounds() -> dict[str, int]:
    """The most each of an attack's numbers can be (``combat.fix_numbers``): a base (a class's
    stat or the strike's own number), an attack modifier card's and a round event's additions,
    and the turn's buffs on the attacking unit, each at its most in the data."""
    stats = [s for entry in CLASS_STATS.values() for s in (entry.general, entry.soldier) if s is not None]
    mod = ("attack_mod",)
    strikes = ("strike", "dice_strike", "status")
    damage = max(max(s.damage for s in stats), _most("damage")) + _most("damage", *mod)
    reach = max(max(s.range + s.mountain_range_bonus for s in stats), _most("range"))
    return {
        "damage": damage + _BUFF_BOUNDS["damage"],
        "range": reach + _most("range", *mod) + _BUFF_BOUNDS["range"] + _most("amount", "round_modifier"),
        "extra": _most("strikes", *mod) + _most("hits", *strikes) + _BUFF_BOUNDS["strikes"],
        "splash_extra": _most("splash_extra", *mod),
        "max_targets": max(1, _most("max"), _BUFF_BOUNDS["max_targets"]),
        "star": MOST_STARS,
        "heal_user": _most("heal_user"),
    }


#: What a heal declared in a hit's window can restore (R12.7 step 2).
_MOST_HEAL = _most("amount", "heal")
#: The event modifiers as (units, stat, amount), as the events give them (R14).
_MODIFIER_AMOUNTS = frozenset(
    (spec["units"], spec["stat"], spec["amount"])
    for spec in data_dicts()
    if spec.get("op") == "round_modifier"
)


def _check_attack(state: DozenWarState, spec: MapSpec) -> None:
    """The attack and the hit in progress are there exactly while the agenda's steps for them
    are (``combat.declare`` to ``attack_end``; a hit from its window on), and what a hit queued
    for after its damage names an effect: each missing or malformed one loaded, then failed an
    assertion or raised ``KeyError`` mid-apply."""
    kinds = {task.kind for task in state.tasks}
    if (state.attack is not None) != ("attack_end" in kinds):
        raise ValueError(
            f"attack is {'set' if state.attack is not None else 'None'} but the agenda "
            f"{'lacks' if state.attack is not None else 'has'} the attack's steps (attack_end)"
        )
    attack = state.attack
    if attack is not None:
        if not (is_int(attack.player) and 0 <= attack.player < state.num_players):
            raise ValueError(
                f"attack.player is {shown(attack.player)}, no seat of 0..{state.num_players - 1}"
            )
        if attack.op and not data_op(attack.op):
            raise ValueError(f"attack.op is {shown(attack.op)}, no operation of a skill, card or event")
        # "" for a strike whose effect names no source (``interpreter``'s strikes of an event).
        if attack.source not in SKILLS and attack.source not in CARDS and attack.source not in ("normal", ""):
            raise ValueError(f"attack.source is {attack.source!r}: 'normal', a skill or a card")
        if attack.card and attack.card not in CARDS:
            raise ValueError(f"attack.card is {attack.card!r}, no card")
        if attack.hostile_status not in _HOSTILE:
            raise ValueError(
                f"attack.hostile_status is {shown(attack.hostile_status)}, not '' or a status {STATUSES}"
            )
        if attack.ray is not None and not (is_int(attack.ray) and 0 <= attack.ray < RAYS):
            raise ValueError(
                f"attack.ray is {shown(attack.ray)}, neither None nor one of the {RAYS} directions"
            )
        _check_attacker(state, attack, kinds)
        top = _id_top(state)
        for name, listed in (("targets", attack.targets), ("chosen", attack.chosen)):
            if not all(is_int(item) and 0 <= item < top for item in listed):
                raise ValueError(
                    f"attack.{name} is {shown(listed)}, not unit or castle ids of 0..{top - 1} (R12.4)"
                )
        for name, most in _ATTACK_BOUNDS.items():
            value = getattr(attack, name)
            if not is_int(value) or not 0 <= value <= most:
                raise ValueError(
                    f"attack.{name} is {shown(value)}, outside 0..{most}: what a strike, a modifier card, "
                    "an event and the turn's buffs can make it (R12.3)"
                )
    hit = state.hit
    if hit is None:
        if "resolve_hit" in kinds:
            raise ValueError("the agenda resolves a hit (resolve_hit) but hit is None")
        return
    if state.attack is None:
        raise ValueError("hit is set but no attack is in progress")
    _check_hit_numbers(state, hit)
    if hit.hostile_status not in _HOSTILE:
        raise ValueError(f"hit.hostile_status is {shown(hit.hostile_status)}, not '' or a status {STATUSES}")
    n = state.num_players
    for index, entry in enumerate(hit.after):
        where = f"hit.after[{index}]"
        if not isinstance(entry, dict) or entry.keys() != _AFTER_KEYS:
            raise ValueError(f"{where} is {shown(entry)}, not a dict of {sorted(_AFTER_KEYS)}")
        if not _is_ref(entry["ref"]):
            raise ValueError(f"{where}.ref is {shown(entry['ref'])}, no skill, card, event outcome or token")
        if not (is_int(entry["seat"]) and 0 <= entry["seat"] < n):
            raise ValueError(f"{where}.seat is {shown(entry['seat'])}, no seat of 0..{n - 1}")
        if not (is_int(entry["i"]) and entry["i"] >= 0) or not is_int(entry["user"]):
            raise ValueError(
                f"{where}.i or .user is not a count: {shown(entry['i'])}, {shown(entry['user'])}"
            )
        if not -1 <= entry["user"] < _id_top(state):
            raise ValueError(f"{where}.user is {entry['user']}, neither -1 nor a unit or castle id")
        if entry["i"] >= len(ops_of(entry["ref"])):
            raise ValueError(
                f"{where}.i is {entry['i']}, past the effect's {len(ops_of(entry['ref']))} operations"
            )
        if not isinstance(entry["ctx"], dict) or _nesting(entry["ctx"]) > _MAX_TASK_NESTING:
            raise ValueError(f"{where}.ctx is not a dict nested at most {_MAX_TASK_NESTING} deep")
        check_ctx(f"{where}.ctx", entry["ctx"], spec)


def _check_choice_numbers(
    where: str, state: DozenWarState, kind: str, data: dict[str, Any], spec: MapSpec
) -> None:
    """The numbers a choice or a step was asked with, within what the engine asks them with: a
    castle by its index, cells of the board (a summon's anchors, where a thief's general died),
    a reach the data gives, dice faces, a count of cards or faces, generals on the board. Each
    of these loaded at 10**400 or -2**63 and then raised ``IndexError`` mid-play. A select's
    candidates, picks, size and numbers, and an effect's user, are bounded the same way."""
    if "castle" in data and not 0 <= data["castle"] < len(state.castles):
        raise ValueError(
            f"{where}.data.castle is {shown(data['castle'])}, no castle of 0..{len(state.castles) - 1}"
        )
    cells = [data["cell"]] if is_int(data.get("cell")) else []
    if not all(0 <= cell < spec.grid.size for cell in chain(cells, data.get("anchors", ()))):
        raise ValueError(f"{where}.data.cell or .anchors is not all cells of the map: {shown(data)}")
    low, high = _SELECT_PARAM_RANGES["within"]
    if "within" in data and not low <= data["within"] <= high:
        raise ValueError(f"{where}.data.within is {shown(data['within'])}, outside {low}..{high}")
    if not all(1 <= face <= 6 for face in data.get("faces", ())):
        raise ValueError(f"{where}.data.faces is {shown(data['faces'])}, not all faces of a d6 (R0.3)")
    if "count" in data and not 0 <= data["count"] <= _MOST_COUNT:
        raise ValueError(f"{where}.data.count is {shown(data['count'])}, outside 0..{_MOST_COUNT}")
    if not all(general in state.units for general in data.get("generals", ())):
        raise ValueError(f"{where}.data.generals is {shown(data['generals'])}, not all units on the board")
    # The units or castles a select offers and has taken, how many it may take, and the
    # numbers it was asked with (``interpreter.ask_select``).
    top = _id_top(state)
    if kind == "select":
        if not all(0 <= item < top for item in chain(data["cands"], data["picked"])):
            raise ValueError(
                f"{where}.data.cands or .picked is {shown(data['cands'])}, {shown(data['picked'])}: "
                f"not all unit or castle ids of 0..{top - 1}"
            )
        if not 1 <= data["max"] <= top:
            raise ValueError(f"{where}.data.max is {shown(data['max'])}, outside 1..{top}")
        for key, (low, high) in _SELECT_PARAM_RANGES.items():
            if key in data["params"] and not low <= data["params"][key] <= high:
                raise ValueError(
                    f"{where}.data.params.{key} is {shown(data['params'][key])}, outside {low}..{high}"
                )
    # The unit using an effect (a skill's general, a card's unit or receiver), -1 for none.
    user = data["params"].get("user") if kind == "select" else data.get("user")
    if user is not None and not -1 <= user < top:
        raise ValueError(f"{where}.data user is {shown(user)}, neither -1 nor a unit or castle id")


def _id_top(state: DozenWarState) -> int:
    """One past the last target id of this board: units are 0..MAX_UNITS-1, its castles follow
    from ``CASTLE_BASE``."""
    return CASTLE_BASE + len(state.castles)


#: The most a step counts: the cards a discard asks for (never more than the deck), or the
#: faces of an evasion (six).
_MOST_COUNT = len(CARD_COPIES)


#: What a hit may inflict besides damage (none, or a status, R13.6).
_HOSTILE = frozenset(("", *STATUSES))


#: The eight directions of a ray (R2.1d), as a splash keeps its line (``combat._splash``).
_DIRECTIONS = frozenset((dx, dy) for dx in (-1, 0, 1) for dy in (-1, 0, 1) if (dx, dy) != (0, 0))


def _check_task_numbers(where: str, kind: str, data: dict[str, Any], n: int, spec: MapSpec) -> None:
    """A counter's or a splash's numbers within what an attack makes, its credit a seat (or
    nobody), its place in its seats' order within the order, a splash's line a direction and
    its cell on the board: a credit of 99 loaded and a kill then indexed past the seats; a
    splash along no direction walked an empty castle forever."""
    if "credit" in data and not (is_int(data["credit"]) and -1 <= data["credit"] < n):
        raise ValueError(f"{where}.data.credit is {shown(data['credit'])}, neither -1 (nobody) nor a seat")
    if "order" in data and "i" in data and not (is_int(data["i"]) and 0 <= data["i"] <= len(data["order"])):
        raise ValueError(f"{where}.data.i is {shown(data['i'])}, outside its order's 0..{len(data['order'])}")
    if kind == "counter" and not 0 <= data["damage"] <= _ATTACK_BOUNDS["damage"]:
        raise ValueError(
            f"{where}.data.damage is {shown(data['damage'])}, outside 0..{_ATTACK_BOUNDS['damage']}"
        )
    if kind in ("splash", "splash_target"):
        units = data["units"]
        if not all(0 <= unit < MAX_UNITS for unit in units) or len(set(units)) != len(units):
            raise ValueError(f"{where}.data.units is {shown(units)}, not distinct unit ids (R3.4d)")
        if tuple(data["d"]) not in _DIRECTIONS:
            raise ValueError(f"{where}.data.d is {shown(data['d'])}, not one of the 8 directions (R3.4d)")
        if not 0 <= data["cell"] < spec.grid.size:
            raise ValueError(f"{where}.data.cell is {shown(data['cell'])}, off the board")
        for key in ("damage", "extra"):
            most = _ATTACK_BOUNDS["damage" if key == "damage" else "splash_extra"]
            if not 0 <= data[key] <= most:
                raise ValueError(f"{where}.data.{key} is {shown(data[key])}, outside 0..{most} (R3.4d-R3.4h)")


def _check_attacker(state: DozenWarState, attack: Attack, kinds: set[str]) -> None:
    """R12.3: a normal attack is made by a unit, a strike by its user (a card's by the player or
    a named unit); the unit is the attacker's own and on the board until the attack's numbers
    and targets are fixed (later a counter may kill it, R12.8). A save naming no unit loaded,
    then failed an assertion fixing the numbers."""
    unit = attack.unit
    if unit is None:
        if not attack.op:
            raise ValueError("attack.unit is None, but a normal attack is made by a unit (R12.3)")
        return
    if not (is_int(unit) and 0 <= unit < MAX_UNITS):
        raise ValueError(f"attack.unit is {shown(unit)}, neither None nor a unit id of 0..{MAX_UNITS - 1}")
    if "attack_numbers" in kinds or "attack_targets" in kinds:
        attacker = state.units.get(unit)
        if attacker is None or attacker.owner != attack.player:
            raise ValueError(
                f"attack.unit {unit} is no unit of seat {attack.player} on the board, but the attack's "
                "numbers or targets are still to be fixed (R12.3: the attacker's own unit attacks)"
            )


def _check_hit_numbers(state: DozenWarState, hit: Hit) -> None:
    """The hit's target and receiver are a unit or a castle, its guard a unit, its damage and
    stars within the attack's, the heals declared in its window within a heal's (R12.6-R12.7):
    a negative heal loaded and took a unit's last HP."""
    top = _id_top(state)
    for name, value in (("target", hit.target), ("receiver", hit.receiver)):
        if not (is_int(value) and 0 <= value < top):
            raise ValueError(
                f"hit.{name} is {shown(value)}: a unit id of 0..{MAX_UNITS - 1} or a castle "
                f"{CASTLE_BASE}..{top - 1} (R12.5)"
            )
    if hit.guard is not None and not (is_int(hit.guard) and 0 <= hit.guard < MAX_UNITS):
        raise ValueError(f"hit.guard is {shown(hit.guard)}, neither None nor a unit id (R3.2a)")
    for name, most in (("damage", _ATTACK_BOUNDS["damage"]), ("star", _ATTACK_BOUNDS["star"])):
        value = getattr(hit, name)
        if not is_int(value) or not 0 <= value <= most:
            raise ValueError(
                f"hit.{name} is {shown(value)}, outside 0..{most}, what an attack can have (R12.3)"
            )
    if not (is_int(hit.lost) and 0 <= hit.lost <= max(hit.damage, 1)):
        raise ValueError(
            f"hit.lost is {shown(hit.lost)}, outside 0..{max(hit.damage, 1)} (the HP the hit took)"
        )
    for entry in hit.heals:
        if not (
            isinstance(entry, (tuple, list))
            and len(entry) == 2
            and is_int(entry[0])
            and 0 <= entry[0] < MAX_UNITS
            and is_int(entry[1])
            and 1 <= entry[1] <= _MOST_HEAL
        ):
            raise ValueError(
                f"hit.heals holds {shown(entry)}, not a (unit id, HP of 1..{_MOST_HEAL}) heal (R12.7 step 2)"
            )


# ---------------------------------------------------------------------- the game's counters


def _buff_ops(effect: object) -> Iterator[dict[str, Any]]:
    """Every ``buff`` operation (R13.3) in an effect, nested ones included."""
    stack = [effect]
    while stack:
        item = stack.pop()
        if isinstance(item, dict):
            if item.get("op") == "buff":
                yield item
            stack.extend(item.values())
        elif isinstance(item, (list, tuple)):
            stack.extend(item)


def _buff_bounds() -> dict[str, int]:
    """The most each of a unit's buff fields can hold, read off the skills and cards
    (``generals.json``, ``equipment.json``; events and tokens give no unit buffs). Buffs last the
    turn (R8.12) and add up (``interpreter._apply_buff``). In one turn a skill is used at most
    once (R5.2a: marked for the round; Engage: the match) and Sao Chép copies one used skill once
    a round, so a unit gets each skill's buff once plus one copy of the largest; a movement card
    design boosts a unit once a turn (R6.5), any other card buff once per copy of the design.
    ``base_move`` counts as the fastest class's move. Targets are set, not added (the largest
    ``max_targets``); stars are the highest of a buffing skill or card (R5.5a)."""
    base_move = max(
        stats.move
        for entry in CLASS_STATS.values()
        for stats in (entry.general, entry.soldier)
        if stats is not None
    )

    def amount(spec: dict[str, Any], key: str) -> int:
        value = spec.get(key, 0)
        return base_move if value == "base_move" else int(value)

    bounds: dict[str, int] = {}
    for key in ("move", "damage", "range", "strikes"):
        by_skill = [amount(spec, key) for skill in SKILLS.values() for spec in _buff_ops(skill.effect)]
        by_card = [
            amount(spec, key) * (1 if spec.get("move") else design.copies)
            for design in CARDS.values()
            for spec in _buff_ops(design.effect)
        ]
        bounds[key] = sum(by_skill) + max(by_skill, default=0) + sum(by_card)
    sources: list[Skill | CardDesign] = [*SKILLS.values(), *CARDS.values()]
    specs = [spec for source in sources for spec in _buff_ops(source.effect)]
    bounds["max_targets"] = max((int(spec.get("max_targets", 0)) for spec in specs), default=0)
    bounds["star"] = max((source.stars for source in sources if any(_buff_ops(source.effect))), default=0)
    return bounds


_BUFF_BOUNDS = _buff_bounds()
_ATTACK_BOUNDS = _attack_bounds()
#: The integer parameters a select is asked with (``interpreter.ask_select``) and the range the
#: asking operations give each: a heal's amount, a push's cells, a counter's damage, a teleport's
#: or a summon's reach, a buff's stars. The user (a unit, -1 for none) is checked with the ids.
_SELECT_PARAM_RANGES = {
    "amount": (0, max(d["amount"] for d in data_dicts() if d.get("op") == "heal")),
    "cells": (0, max(d["max_cells"] for d in data_dicts() if d.get("op") == "push")),
    "damage": (0, _ATTACK_BOUNDS["damage"]),
    "within": (0, max(d["within"] for d in data_dicts() if is_int(d.get("within")))),
    "stars": (0, MOST_STARS),
}
#: A unit's counted buffs and the most each can hold (the bonus move of R8.1c is granted by
#: the same move buffs, so it is bounded as they are).
_UNIT_BUFFS = {
    "extra_move": _BUFF_BOUNDS["move"],
    "buff_move": _BUFF_BOUNDS["move"],
    "buff_damage": _BUFF_BOUNDS["damage"],
    "buff_range": _BUFF_BOUNDS["range"],
    "buff_strikes": _BUFF_BOUNDS["strikes"],
    "buff_max_targets": _BUFF_BOUNDS["max_targets"],
    "buff_star": _BUFF_BOUNDS["star"],
}
_BUFFS = operator.attrgetter(*_UNIT_BUFFS)
_BUFF_MOST = tuple(_UNIT_BUFFS.values())
_NO_BUFFS = (0,) * len(_UNIT_BUFFS)
#: A roster's skills (R5.1: each general's three), by roster.
_OWN_SKILLS: dict[tuple[str, ...], frozenset[str]] = {}


def _own_skills(roster: tuple[str, ...]) -> frozenset[str]:
    skills = _OWN_SKILLS.get(roster)
    if skills is None:
        skills = _OWN_SKILLS[roster] = frozenset(s for general in roster for s in GENERALS[general].skills)
    return skills


#: The mountain cells of each map (R2.2), with and without the volcano (R2.19), as setup lists them.
_TERRAIN: dict[tuple[str, bool], list[int]] = {}


def _terrain(spec: MapSpec, volcano_up: bool) -> list[int]:
    key = (spec.id, volcano_up)
    cells = _TERRAIN.get(key)
    if cells is None:
        cells = _TERRAIN[key] = sorted(c for c in spec.mountain_cells if volcano_up or c != spec.volcano)
    return cells


def _check_counters(state: DozenWarState) -> None:
    """The round, the turn and idle counts, the leader, skulls and captured castles, the
    terrain, each seat's marked skills and hitters, and each unit's buffs hold what the rules
    can make them: each out of range loaded, then showed in the scores and observations (a
    negative skull count scored), reordered the turns (``leader``) or gave a unit hundreds of
    strikes. Cheap: a few comparisons, and the buffs read in one pass over the units."""
    n = state.num_players
    engage = state.mode == "engage"
    rnd = state.round
    last = 1 if engage else LAST_ROUND
    if not is_int(rnd) or not 1 <= rnd <= last:
        raise ValueError(
            f"round is {shown(rnd)}, outside 1..{last} (R9.6: rounds 1-8; Engage has no rounds, R11.1)"
        )
    turns = state.turns
    if not (is_int(turns.extra_turns) and turns.extra_turns == 0):
        raise ValueError(
            f"turns.extra_turns is {shown(turns.extra_turns)}: no rule gives an extra turn (R8, R9.0)"
        )
    number = state.turn_number
    over = state.outcome is not None
    idle = state.idle_turns
    if engage:
        # R11.9: the game is drawn once the 100th turn ends; the players alternate, two turns a
        # cycle of the turn order (the last turn ends the game before play passes on).
        most = ENGAGE_TURN_LIMIT if over else ENGAGE_TURN_LIMIT - 1
        if not is_int(number) or not 0 <= number <= most:
            raise ValueError(f"turn_number is {shown(number)}, outside 0..{most} (R11.9: 100 turns)")
        place = 2 * (turns.round - 1) + turns.position
        if place != number and not (over and place == number - 1):
            raise ValueError(
                f"turns.round {turns.round} and turns.position {turns.position} are not turn {number + 1} "
                "of Engage's alternation (turn_number counts the turns played, two a cycle)"
            )
        # R11.8: the first player's own turns in a row with no attack action; the fifth ends the game.
        most = min(ENGAGE_IDLE_LIMIT if over else ENGAGE_IDLE_LIMIT - 1, (number + 1) // 2)
        if not is_int(idle) or not 0 <= idle <= most:
            raise ValueError(
                f"idle_turns is {shown(idle)}, outside 0..{most} (R11.8: the first player's idle "
                f"turns, of its {(number + 1) // 2} turns played; {ENGAGE_IDLE_LIMIT} lose)"
            )
    else:
        # Every round ends after at least one turn and at most one turn a seat (no extra turns).
        if not is_int(number) or not rnd - 1 <= number <= rnd * n:
            raise ValueError(
                f"turn_number is {shown(number)}, outside {rnd - 1}..{rnd * n}: round {rnd} of "
                f"{n} seats (R9.0: each seat one turn a round)"
            )
        if turns.round != rnd:
            raise ValueError(
                f"turns.round is {shown(turns.round)} but round is {rnd} (R9.0: one cycle a round)"
            )
        # turn_number counts the turns ended: the earlier rounds' (at least one a round, at
        # most a turn a seat) and this round's before the current player's (turns.position, less
        # one for each seat eliminated since it played; the last turn of a game counts before
        # play passes on).
        before = number - turns.position
        gone = n - len(turns.order)
        if not rnd - 1 <= before <= (rnd - 1) * n + gone + over:
            raise ValueError(
                f"turn_number {number} and turns.position {turns.position} do not fit round {rnd}: "
                f"{before} turn(s) before this round's current one, of {n} seats a round (R9.0)"
            )
        if not (is_int(idle) and idle == 0):
            raise ValueError(f"idle_turns is {shown(idle)}: only Engage counts idle turns (R11.8)")
    # R9.11: the strict leader, a seat (alliance, R10.7a: a team), found at each round's end.
    leader = state.leader
    if leader is not None and (
        engage or rnd == 1 or not is_int(leader) or not 0 <= leader < (2 if state.mode == "alliance" else n)
    ):
        raise ValueError(
            f"leader is {shown(leader)}: None until the end of round 1, then a "
            f"{'team 0 or 1' if state.mode == 'alliance' else f'seat of 0..{n - 1}'} or None "
            "(R9.11, R10.7a; Engage has no rounds)"
        )
    # Soldiers take the lowest free id (``table.new_soldier``): nothing moves next_unit off the
    # first soldier id setup gives.
    if not (is_int(state.next_unit) and state.next_unit == len(GENERAL_IDS)):
        raise ValueError(
            f"next_unit is {shown(state.next_unit)}, not {len(GENERAL_IDS)}: the first soldier id, "
            "which no action changes (soldiers take the lowest free id)"
        )
    # R12.9: a castle is destroyed only by an attack, and taken by the attacking player; events
    # never destroy one (R14.4) and none is rebuilt (R2.8h repairs standing castles only).
    taken = [0] * n
    for index, castle in enumerate(state.castles):
        if (castle.taken_by is None) != (castle.hp > 0) or not (
            castle.taken_by is None or is_int(castle.taken_by)
        ):
            raise ValueError(
                f"castle {index} has {castle.hp} HP and taken_by {castle.taken_by}: a castle is "
                "taken (by a seat) exactly when it is destroyed (R12.9)"
            )
        if castle.taken_by is not None:
            taken[castle.taken_by] += 1
    if state.castles_taken != taken or not _INT.issuperset(map(type, state.castles_taken)):
        raise ValueError(
            f"castles_taken is {state.castles_taken}, but the destroyed castles were taken {taken} "
            "times by each seat (R12.9: each destroyed castle is its destroyer's)"
        )
    # R2.11, R12.9: a skull per enemy general killed. A general dies once per time it entered the
    # board: each seat's generals at setup, and revivals, at most one a general (and a castle)
    # at the start of a turn (R8.14), none in Engage (R11.1). No exact count is kept (a general
    # killed by an event or its own side gives none), so this is an upper bound.
    skulls = state.skulls
    if not _INT.issuperset(map(type, skulls)) or min(skulls) < 0:
        raise ValueError(f"skulls are {skulls}: counts of enemy generals killed, 0 or more (R2.11)")
    if engage:
        most = ENGAGE_ROSTER_SIZE * (n - 1)
        if max(skulls) > most:
            raise ValueError(f"skulls are {skulls}: Engage has {most} enemy general to kill (R11.2)")
    else:
        most = ROSTER_SIZE * (n + number + 1)
        if sum(skulls) > most:
            raise ValueError(
                f"skulls are {skulls}: more than the {most} general deaths {n} seats of {ROSTER_SIZE} "
                f"generals and {number + 1} turn(s) of revivals allow (R2.11, R8.14)"
            )
    # R5.2a: a skill is marked once (until the round's marks clear), and only the seat's own
    # generals' skills are used and marked (Sao Chép marks Grim's own; E20 an own general's).
    for seat in range(n):
        marks, used, hitters = state.marks[seat], state.used_skills[seat], state.hitters[seat]
        if marks or used:
            own = _own_skills(tuple(state.roster[seat]))
            for name, listed in (("marks", marks), ("used_skills", used)):
                if len(set(listed)) != len(listed) or not own.issuperset(listed):
                    raise ValueError(
                        f"{name}[{seat}] {listed} are not distinct skills of seat {seat}'s generals (R5.2a)"
                    )
        if hitters and (
            not all(is_int(u) and 0 <= u < MAX_UNITS for u in hitters) or len(set(hitters)) != len(hitters)
        ):
            raise ValueError(f"hitters[{seat}] {hitters} are not distinct unit ids of 0..{MAX_UNITS - 1}")
    # R2.2, R2.19: the map's mountains; the volcano leaves at the start of round 4.
    volcano_up = state.volcano_up
    spec = spec_of(state)
    if (
        type(volcano_up) is not bool
        or (not volcano_up and (engage or spec.volcano is None or rnd < WARP_ROUND))
        or (volcano_up and not engage and rnd > WARP_ROUND)
    ):
        raise ValueError(
            f"volcano_up is {shown(volcano_up)} in round {rnd}: the volcano stands until the start "
            f"of round {WARP_ROUND} (R2.19)"
        )
    if state.terrain != _terrain(spec, volcano_up):
        raise ValueError(
            f"terrain {state.terrain} is not the map's mountains {_terrain(spec, volcano_up)} "
            "(R2.2; the volcano is removed at round 4's start, R2.19)"
        )
    # Each unit's buffs (this turn's, R8.12): whole ints within what the skills and cards give.
    # Most units carry none: the distinct buff tuples are few (the loader made them ints).
    units = state.units
    for values in set(map(_BUFFS, units.values())):
        if values != _NO_BUFFS and not (
            all(map(operator.le, _NO_BUFFS, values)) and all(map(operator.le, values, _BUFF_MOST))
        ):
            for uid, unit in units.items():
                for (name, most), value in zip(_UNIT_BUFFS.items(), _BUFFS(unit)):
                    if not is_int(value) or not 0 <= value <= most:
                        raise ValueError(
                            f"unit {uid}'s {name} is {shown(value)}, outside 0..{most}: what the "
                            "skills and cards can give in a turn (R13.3 buff, R5.2a, R6.5)"
                        )
