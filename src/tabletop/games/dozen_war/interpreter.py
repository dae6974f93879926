"""The one effect engine (§13): skills, equipment cards, events and tokens are lists of
operations in ``data/*.json``; this module interprets them.

An effect runs as an ``effect`` task on the agenda: it steps through its operations; one that
needs a choice (a unit, a cell, an option) pushes that decision and the effect carries on when
it is made. In a defence window, operations that act after the hit (counters, pushes,
reflections) are queued on the hit (R12.6) and run after its damage (R12.7 step 7).
"""

from __future__ import annotations

import functools
import itertools
import operator
from collections.abc import Callable, Iterable, Iterator
from typing import TYPE_CHECKING, Any

from tabletop.core import Action

from . import combat
from .actions import CASTLE_BASE, ChooseCell, ChooseOption, Done, MarkSkill, Necklace, Pass, Target
from .agenda import auto, decision, pop, push
from .board import (
    attack_range,
    base_range,
    castle_at,
    cells_within,
    clear_radius,
    from_action_cell,
    is_enemy,
    is_mountain,
    line_clear,
    may_stand,
    occupancy,
    passable,
    ray_cells,
    spec_of,
    to_action_cell,
)
from .components import (
    CARDS,
    EVENTS,
    GENERALS,
    SKILLS,
    SOLDIER_TYPES,
    TOKENS,
    ULTIMATE_COST,
    stats_of,
)
from .model import Task, Unit
from .table import (
    NOBODY,
    change,
    damage_unit,
    designs_in_hand,
    discard_card,
    draw_cards,
    gain_coins,
    heal,
    holds,
    kill,
    living_generals,
    new_soldier,
    pay_coins,
    repair_castle,
    standing_castles,
    take_card,
)

if TYPE_CHECKING:
    from .board import View
    from .state import DozenWarState

#: Operations that act after the hit when used in a defence window (R12.6).
AFTER_OPS = frozenset({"counter_strike", "reflect_damage", "push"})
#: Seat options for choices naming a player (Đánh Cắp).
SEAT_OPTIONS = ("P1", "P2", "P3", "P4")

OpHandler = Callable[["DozenWarState", int, int, dict[str, Any], dict[str, Any], bool], None]
OPS: dict[str, OpHandler] = {}
SelectFinisher = Callable[["DozenWarState", int, dict[str, Any], list[int]], None]
CellFinisher = Callable[["DozenWarState", dict[str, Any], int], None]
OptionFinisher = Callable[["DozenWarState", dict[str, Any], str], None]
FINISH_SELECT: dict[str, SelectFinisher] = {}
FINISH_CELL: dict[str, CellFinisher] = {}
FINISH_OPTION: dict[str, OptionFinisher] = {}


def op(name: str) -> Callable[[OpHandler], OpHandler]:
    """Register the interpreter of one operation."""

    def register(fn: OpHandler) -> OpHandler:
        OPS[name] = fn
        return fn

    return register


def finisher(purpose: str) -> Callable[[CellFinisher], CellFinisher]:
    """Register what a chosen cell does for ``purpose``."""

    def register(fn: CellFinisher) -> CellFinisher:
        FINISH_CELL[purpose] = fn
        return fn

    return register


def on_select(purpose: str) -> Callable[[SelectFinisher], SelectFinisher]:
    """Register what selected units do for ``purpose``."""

    def register(fn: SelectFinisher) -> SelectFinisher:
        FINISH_SELECT[purpose] = fn
        return fn

    return register


def on_option(purpose: str) -> Callable[[OptionFinisher], OptionFinisher]:
    """Register what a chosen option does for ``purpose``."""

    def register(fn: OptionFinisher) -> OptionFinisher:
        FINISH_OPTION[purpose] = fn
        return fn

    return register


def ops_of(ref: list[str] | tuple[str, ...]) -> tuple[dict[str, Any], ...]:
    """The operations an effect reference names: a skill, a card, an event outcome, a token."""
    kind = ref[0]
    if kind == "skill":
        return SKILLS[ref[1]].effect
    if kind == "card":
        return CARDS[ref[1]].effect
    if kind == "event":
        design = EVENTS[ref[1]]
        return (design.low if ref[2] == "low" else design.high).effects
    if kind == "token":
        return TOKENS[ref[1]].effect
    raise ValueError(f"unknown effect source {ref!r}")


def start(
    state: DozenWarState, ref: tuple[str, ...], seat: int, user: int, window: bool = False, **ctx: Any
) -> None:
    """Run the effect ``ref`` for ``seat`` (``user``: the skill's general, the card's unit or
    receiver, ``-1`` for none)."""
    push(state, "effect", seat, ref=list(ref), i=0, user=user, window=window, after=False, ctx=ctx)


@auto("effect")
def _effect(state: DozenWarState, task: Task) -> None:
    ops = ops_of(task.data["ref"])
    i = task.data["i"]
    if i >= len(ops):
        pop(state)
        return
    window = task.data["window"]
    if window and not task.data["after"] and ops[i]["op"] in AFTER_OPS and state.hit is not None:
        state.hit.after.append(
            {
                "ref": task.data["ref"],
                "i": i,
                "seat": task.seat,
                "user": task.data["user"],
                "ctx": task.data["ctx"],
            }
        )
        pop(state)
        return
    state.tasks[-1] = Task("effect", task.seat, dict(task.data, i=i + 1))
    OPS[ops[i]["op"]](state, task.seat, task.data["user"], ops[i], dict(task.data["ctx"]), window)


def _set_ctx(state: DozenWarState, **values: Any) -> None:
    task = state.tasks[-1] if state.tasks else None
    if task is not None and task.kind == "effect":
        ctx = dict(task.data["ctx"])
        ctx.update(values)
        state.tasks[-1] = Task("effect", task.seat, dict(task.data, ctx=ctx))


# ---------------------------------------------------------------------- decisions of effects


def ask_select(
    state: DozenWarState, seat: int, purpose: str, cands: list[int], most: int, **params: Any
) -> None:
    """Ask ``seat`` for up to ``most`` distinct units among ``cands`` (at least one); a single
    candidate is taken without asking (ruling DW-13.3a)."""
    if len(cands) == 1:
        _set_ctx(state, picked=list(cands))
        FINISH_SELECT[purpose](state, seat, params, list(cands))
        return
    push(state, "select", seat, purpose=purpose, cands=sorted(cands), max=most, picked=[], params=params)


def _legal_select(state: DozenWarState, task: Task) -> list[Action]:
    picked = task.data["picked"]
    found: list[Action] = [Target(c) for c in task.data["cands"] if c not in picked]
    if picked:
        found.append(Done())
    return found


@decision("select", _legal_select)
def _select(state: DozenWarState, task: Task, action: Action) -> None:
    picked = list(task.data["picked"])
    if isinstance(action, Target):
        picked.append(action.target)
        remaining = [c for c in task.data["cands"] if c not in picked]
        if len(picked) < task.data["max"] and remaining:
            state.tasks[-1] = Task("select", task.seat, dict(task.data, picked=picked))
            return
    pop(state)
    _set_ctx(state, picked=picked)
    FINISH_SELECT[task.data["purpose"]](state, task.seat, task.data["params"], picked)


def ask_cell(state: DozenWarState, seat: int, purpose: str, cells: list[int], **params: Any) -> None:
    """Ask ``seat`` for one of ``cells`` (action numbering)."""
    push(state, "choose_cell", seat, purpose=purpose, cells=sorted(cells), **params)


def _legal_cell(state: DozenWarState, task: Task) -> list[Action]:
    return [ChooseCell(c) for c in task.data["cells"]]


@decision("choose_cell", _legal_cell)
def _choose_cell(state: DozenWarState, task: Task, action: Action) -> None:
    assert isinstance(action, ChooseCell)
    pop(state)
    cell = from_action_cell(spec_of(state), action.cell)
    assert cell is not None
    FINISH_CELL[task.data["purpose"]](state, dict(task.data, seat=task.seat), cell)


def ask_option(state: DozenWarState, seat: int, purpose: str, options: list[str], **params: Any) -> None:
    """Ask ``seat`` for one of ``options``."""
    push(state, "choose_option", seat, purpose=purpose, options=list(options), **params)


def _legal_option(state: DozenWarState, task: Task) -> list[Action]:
    return [ChooseOption(o) for o in task.data["options"]]


@decision("choose_option", _legal_option)
def _choose_option(state: DozenWarState, task: Task, action: Action) -> None:
    assert isinstance(action, ChooseOption)
    pop(state)
    FINISH_OPTION[task.data["purpose"]](state, dict(task.data, seat=task.seat), action.option)


# ---------------------------------------------------------------------- skills and cards in use


def spend_skill(state: DozenWarState, seat: int, skill: str) -> None:
    """R5.2a, R5.2b: mark the skill, pay an ultimate's 2 coins (free in Engage), remember it
    for Sao Chép."""
    state.marks[seat].append(skill)
    if SKILLS[skill].ultimate and state.mode != "engage":
        pay_coins(state, seat, ULTIMATE_COST)
    if skill not in state.used_skills[seat]:
        state.used_skills[seat].append(skill)


def card_played(state: DozenWarState, seat: int, design: str) -> None:
    """R13.4: after a card is played, each enemy in turn order (from the card's player on) may
    cancel it with a Lucky Necklace; the window sits on top of the card's effect."""
    order = list(state.turns.order)
    start_at = order.index(seat) + 1 if seat in order else 0
    seats = [s for s in order[start_at:] + order[:start_at] if is_enemy(state, seat, s)]
    if seats:
        push(state, "necklace_window", seat, seats=seats, card=design)


NECKLACE = "com.day_chuyen_may_man"


def _necklace_budget(state: DozenWarState, seat: int) -> bool:
    if state.mode != "engage":
        return True
    if seat == state.turns.current:
        return not state.card_played
    return not state.defence_card_used[seat]


@auto("necklace_window")
def _necklace_window(state: DozenWarState, task: Task) -> None:
    seats = list(task.data["seats"])
    while seats:
        seat = seats.pop(0)
        if state.hands[seat] and _necklace_budget(state, seat):
            state.tasks[-1] = Task("necklace_window", task.seat, dict(task.data, seats=seats))
            push(state, "necklace", seat)
            return
    pop(state)


def _legal_necklace(state: DozenWarState, task: Task) -> list[Action]:
    # Offered to every enemy holding any card (R12.15), so the offer reveals nothing.
    return [Pass(), Necklace()] if holds(state, task.seat, NECKLACE) else [Pass()]


@decision("necklace", _legal_necklace)
def _necklace(state: DozenWarState, task: Task, action: Action) -> None:
    pop(state)
    if not isinstance(action, Necklace):
        return
    discard_card(state, task.seat, NECKLACE)
    if state.mode == "engage":
        if task.seat == state.turns.current:
            state.card_played = True
        else:
            state.defence_card_used[task.seat] = True
    pop(state)  # the window
    cancelled = state.tasks[-1]
    if cancelled.kind == "attack_numbers":
        # R13.4: the attack goes on without its modifier.
        state.tasks[-1] = Task("attack_numbers", -1, {"card": ""})
    elif cancelled.kind == "effect":
        pop(state)
        ref = cancelled.data["ref"]
        if ref[0] == "card" and CARDS[ref[1]].kind == "attack":
            # R13.4: a unit that was to attack with the card has still used its attack, and
            # the turn made an attack action (ruling DW-11.8a).
            state.attacked = True
            attacker = cancelled.data["ctx"].get("attacker")
            if attacker in state.units:
                change(state, attacker, attacked=True)


# ---------------------------------------------------------------------- selectors (R13.2)


def select_units(state: DozenWarState, seat: int, user: int, sel: Any) -> list[int]:
    """The units a selector allows ``seat`` to choose (``user`` is the skill's unit)."""
    return sorted(_selected(state, seat, user, sel))


def any_selected(state: DozenWarState, seat: int, user: int, sel: Any) -> bool:
    """Whether :func:`select_units` would allow any unit (stopping at the first)."""
    return next(_selected(state, seat, user, sel), None) is not None


_OWNER = operator.attrgetter("owner")
_GENERAL = operator.attrgetter("general")
_ATTACKED = operator.attrgetter("attacked")


#: A selector's words as :func:`_selected` reads them, per selector dict (by ``id``; the entry
#: holds the dict, so its id is not reused while kept): the data's selectors are module
#: constants, read once rather than once per question.
_WORDS: dict[int, tuple[Any, ...]] = {}
#: Entries kept before all are dropped (selectors rebuilt from a save are new dicts).
_WORDS_KEPT = 512


def _words(sel: dict[str, Any]) -> tuple[Any, ...]:
    """The selector, its side, unit kinds (``None``: any), shape, range, whether it is measured
    from any own cavalry unit, over units, whether it skips its user, not attacked only, damaged
    only and the Phục Thù filter."""
    words = _WORDS.get(id(sel))
    if words is None or words[0] is not sel:
        if len(_WORDS) >= _WORDS_KEPT:
            _WORDS.clear()
        kinds = sel.get("unit", "any")
        words = _WORDS[id(sel)] = (
            sel,
            sel.get("side", "own"),
            None if kinds == "any" else kinds,
            sel.get("shape", "anywhere"),
            sel.get("range", 0),
            sel.get("from") == "any_own_cavalry_unit",
            bool(sel.get("over_units", False)),
            not sel.get("include_user", False),
            sel.get("not_attacked"),
            sel.get("damaged_only"),
            sel.get("filter") == "made_a_hit_on_your_units_this_turn",
        )
    return words


def _selected(state: DozenWarState, seat: int, user: int, sel: Any) -> Iterator[int]:
    """The ids :func:`select_units` allows, in the board's unit order."""
    if sel == "user":
        if user in state.units:
            yield user
        return
    (
        _,
        side,
        kinds,
        shape,
        reach,
        from_cavalry,
        over_units,
        skip_user,
        not_attacked,
        damaged_only,
        hit_yours,
    ) = _words(sel)
    origin = state.units.get(user)
    # The board's arrays only where a line of fire is drawn (building them costs more than
    # the rest of a selection).
    occ = occupancy(state) if shape == "attack_range" or shape == "ray" else None
    if from_cavalry:
        anchors = [u.cell for u in state.units.values() if u.owner == seat and u.cls == "cavalry"]
    elif origin is not None:
        anchors = [origin.cell]
    else:
        anchors = []
    if shape == "attack_range" and origin is not None and occ is not None:
        reach = attack_range(state, origin) if reach == "current" else base_range(state, origin)
        over = over_units or origin.cls == "archer"
        allowed = {c for _, c in ray_cells(state, origin.cell, reach, over, occ)}
    else:
        allowed = None
    sides = state.side_of
    my_side = sides[seat]
    #: Per anchor, the cells a radius reaches (built at the first unit that gets that far).
    zones: list[frozenset[int]] | None = None
    # The units of the selector's side, picked out at C level where their owner alone decides.
    units: Iterable[Unit] = state.units.values()
    if side == "own":
        if state.hit is not None:  # only then may an ally's receiver count as one's own
            units = (u for u in units if u.owner == seat or _ally_receiver(state, seat, u.id))
        else:
            units = itertools.compress(units, map(seat.__eq__, map(_OWNER, units)))
    elif side == "enemy":
        foes = [owner != seat and sides[owner] != my_side for owner in range(len(sides))]
        units = itertools.compress(units, map(foes.__getitem__, map(_OWNER, units)))
    elif side == "active_enemy":
        current = state.turns.current
        if current == seat or sides[current] == my_side:
            return
        units = itertools.compress(units, map(current.__eq__, map(_OWNER, units)))
    # The filters that read one field, at C level (each test below only drops units, so their
    # order does not matter).
    if kinds == "general":
        units = filter(_GENERAL, units)
        kinds = None
    if not_attacked:
        units = itertools.filterfalse(_ATTACKED, units)
    for unit in units:
        if skip_user and unit.id == user:
            continue
        if damaged_only and unit.hp >= unit.max_hp:
            continue
        if kinds is not None and not combat.unit_kind_fits(unit, kinds):
            continue
        if hit_yours and not _hit_yours(state, seat, unit.id):
            continue
        if shape == "radius":
            if zones is None:
                terrain = tuple(state.terrain)
                zones = [clear_radius(state.mode, terrain, a, int(reach)) for a in anchors]
            cell = unit.cell
            if not any(cell in zone for zone in zones):
                continue
        elif shape == "attack_range":
            if allowed is None or unit.cell not in allowed:
                continue
        elif shape == "ray":
            if origin is None or occ is None:
                continue
            if not line_clear(state, origin.cell, unit.cell, over_units, occ):
                continue
            if spec_of(state).grid.distance(origin.cell, unit.cell) > int(reach):
                continue
        yield unit.id


def _ally_receiver(state: DozenWarState, seat: int, uid: int) -> bool:
    """R10.9d: in the window of a hit on the ally's unit, that receiver counts as ``seat``'s own."""
    hit = state.hit
    return (
        hit is not None
        and hit.receiver == uid
        and uid in state.units
        and state.side_of[state.units[uid].owner] == state.side_of[seat]
    )


def _hit_yours(state: DozenWarState, seat: int, uid: int) -> bool:
    """Phục Thù's filter: ``uid`` made a hit on ``seat``'s units this turn; in the window of a
    hit on the ally's unit that receiver counts as ``seat``'s own (R10.9d), so the unit making
    the current hit qualifies too."""
    attack = state.attack
    return uid in state.hitters[seat] or (state.hit is not None and attack is not None and attack.unit == uid)


def legal_cells_for(state: DozenWarState, unit_id: int, cells: list[int]) -> list[int]:
    """The cells among ``cells`` where the unit may stand after a jump (R13.7, never a mountain)."""
    unit = state.units[unit_id]
    occ = occupancy(state)
    return [c for c in cells if c != unit.cell and may_stand(state, unit, c, occ)]


# ---------------------------------------------------------------------- buffs and movement


def buff_candidates(
    state: DozenWarState, seat: int, user: int, spec: dict[str, Any], source: str
) -> list[int]:
    """The units a buff may reach; a movement card skips units it already reached this turn
    (R6.5)."""
    cands = select_units(state, seat, user, spec["select"])
    if source in CARDS and spec.get("move"):
        cands = [u for u in cands if source not in state.units[u].boosted_by]
    return cands


def any_buff_candidate(state: DozenWarState, seat: int, user: int, spec: dict[str, Any], source: str) -> bool:
    """Whether :func:`buff_candidates` would find any unit (stopping at the first)."""
    found = _selected(state, seat, user, spec["select"])
    if source in CARDS and spec.get("move"):
        units = state.units
        return any(source not in units[u].boosted_by for u in found)
    return next(found, None) is not None


@op("buff")
def _buff(
    state: DozenWarState, seat: int, user: int, spec: dict[str, Any], ctx: dict[str, Any], window: bool
) -> None:
    source = str(ctx.get("source", ""))
    cands = buff_candidates(state, seat, user, spec, source)
    most = 1 if spec["select"] == "user" else int(spec["select"].get("max", 1))
    if len(cands) <= 1 or spec["select"] == "user":
        _apply_buff(state, ctx.get("stars", 0), spec, cands[:1] if len(cands) == 1 else cands, source)
        return
    ask_select(state, seat, "buff", cands, most, spec=spec, stars=ctx.get("stars", 0), source=source)


@on_select("buff")
def _buff_selected(state: DozenWarState, seat: int, params: dict[str, Any], picked: list[int]) -> None:
    _apply_buff(state, params["stars"], params["spec"], picked, params["source"])


def _apply_buff(
    state: DozenWarState, stars: int, spec: dict[str, Any], picked: list[int], source: str
) -> None:
    """R13.3 ``buff``: this turn's move, damage, range, strikes, guardability, targets; a move
    granted after the unit moved is one more move of up to that many steps (R8.1c)."""
    for uid in picked:
        unit = state.units.get(uid)
        if unit is None:
            continue
        move = spec.get("move", 0)
        if move == "base_move":
            move = stats_of(unit.cls, unit.is_general).move
        fields: dict[str, Any] = {}
        if move:
            fields["buff_move"] = unit.buff_move + int(move)
            # R8.1c's bonus move after moving, but not for a unit that warped this turn (ruling
            # DW-2.23b: R2.23, official, lets a unit that moved and then warped only attack).
            if unit.moved and not unit.warped:
                fields["extra_move"] = unit.extra_move + int(move)
        attack_changes = False
        for key, name in (("damage", "buff_damage"), ("range", "buff_range"), ("strikes", "buff_strikes")):
            if spec.get(key):
                fields[name] = getattr(unit, name) + int(spec[key])
                attack_changes = True
        if spec.get("unguardable"):
            fields["buff_unguardable"] = True
            attack_changes = True
        if spec.get("max_targets"):
            fields["buff_max_targets"] = int(spec["max_targets"])
            attack_changes = True
        if attack_changes:
            fields["buff_star"] = max(unit.buff_star, stars)
        if move and source in CARDS:
            fields["boosted_by"] = (*unit.boosted_by, source)
        change(state, uid, **fields)


def pull(state: DozenWarState, puller: int, target: int) -> None:
    """R13.3 ``pull``: the target moves next to the puller on the ray between them, if that
    cell is free of units and legal for it."""
    grid = spec_of(state).grid
    src = state.units[puller].cell
    dst_unit = state.units[target]
    direction = grid.direction_to(src, dst_unit.cell)
    if direction is None:
        return
    cell = grid.step(src, direction)
    if cell is None or cell == dst_unit.cell:
        return
    occ = occupancy(state)
    if occ[cell] or is_mountain(state, cell) or not may_stand(state, dst_unit, cell, occ):
        return

    if castle_at(state, cell) is not None:
        return
    change(state, target, cell=cell)


@op("push")
def _push(
    state: DozenWarState, seat: int, user: int, spec: dict[str, Any], ctx: dict[str, Any], window: bool
) -> None:
    if spec.get("requires_user_alive") and user not in state.units:
        return
    cands = select_units(state, seat, user, spec["select"])
    if not cands:
        _set_ctx(state, picked=[])
        return
    ask_select(state, seat, "push", cands, 1, user=user, cells=int(spec.get("max_cells", 1)))


@on_select("push")
def _push_selected(state: DozenWarState, seat: int, params: dict[str, Any], picked: list[int]) -> None:
    grid = spec_of(state).grid
    origin = state.units.get(params["user"])
    for uid in picked:
        unit = state.units.get(uid)
        if unit is None or origin is None:
            continue
        direction = grid.direction_to(origin.cell, unit.cell)
        if direction is None:
            continue
        cell = unit.cell
        for _ in range(params["cells"]):
            nxt = grid.step(cell, direction)
            occ = occupancy(state)
            if nxt is None or not may_stand(state, unit, nxt, occ) or not passable(state, unit, nxt, occ):
                break
            cell = nxt
        change(state, uid, cell=cell)


@op("status")
def _status(
    state: DozenWarState, seat: int, user: int, spec: dict[str, Any], ctx: dict[str, Any], window: bool
) -> None:
    if "select" not in spec:
        for uid in ctx.get("picked", []):
            if uid in state.units:
                combat.add_status(state, uid, spec["status"], spec["duration"])
        return
    cands = select_units(state, seat, user, spec["select"])
    if cands:
        ask_select(
            state,
            seat,
            "status",
            cands,
            int(spec["select"].get("max", 1)),
            status=spec["status"],
            duration=spec["duration"],
        )


@on_select("status")
def _status_selected(state: DozenWarState, seat: int, params: dict[str, Any], picked: list[int]) -> None:
    for uid in picked:
        combat.add_status(state, uid, params["status"], params["duration"])


@op("teleport")
def _teleport(
    state: DozenWarState, seat: int, user: int, spec: dict[str, Any], ctx: dict[str, Any], window: bool
) -> None:
    if window and state.hit is not None:
        cands = [state.hit.receiver]
    else:
        cands = select_units(state, seat, user, spec["select"])
    cands = [u for u in cands if teleport_cells(state, u, int(spec["within"]))]
    if not cands:
        return
    if len(cands) == 1:
        _ask_teleport(
            state, seat, cands[0], int(spec["within"]), window and bool(spec.get("dodge_when_defending"))
        )
        return
    ask_select(state, seat, "teleport", cands, 1, within=int(spec["within"]), dodge=False)


def teleport_cells(state: DozenWarState, uid: int, within: int) -> list[int]:
    """Legal landing cells of a jump within ``within`` (no path, never a mountain)."""
    unit = state.units.get(uid)
    if unit is None:
        return []
    return legal_cells_for(state, uid, list(cells_within(state.mode, unit.cell, within)))


def teleport_possible(state: DozenWarState, uid: int, within: int) -> bool:
    """Whether :func:`teleport_cells` has any cell (stopping at the first)."""
    unit = state.units.get(uid)
    if unit is None:
        return False
    occ = occupancy(state)
    here = unit.cell
    return any(c != here and may_stand(state, unit, c, occ) for c in cells_within(state.mode, here, within))


def _ask_teleport(state: DozenWarState, seat: int, uid: int, within: int, dodge: bool) -> None:
    spec = spec_of(state)
    cells = [to_action_cell(spec, c) for c in teleport_cells(state, uid, within)]
    ask_cell(state, seat, "teleport", cells, unit=uid, dodge=dodge)


@on_select("teleport")
def _teleport_selected(state: DozenWarState, seat: int, params: dict[str, Any], picked: list[int]) -> None:
    _ask_teleport(state, seat, picked[0], params["within"], params["dodge"])


@finisher("teleport")
def _teleport_cell(state: DozenWarState, data: dict[str, Any], cell: int) -> None:
    change(state, data["unit"], cell=cell)
    if data.get("dodge") and state.hit is not None:
        state.hit.cancelled = True


@op("dodge_move")
def _dodge(
    state: DozenWarState, seat: int, user: int, spec: dict[str, Any], ctx: dict[str, Any], window: bool
) -> None:
    if state.hit is None:
        return
    cells = dodge_cells(state, state.hit.receiver, int(spec["steps"]))
    spec_map = spec_of(state)
    if cells:
        ask_cell(state, seat, "dodge", [to_action_cell(spec_map, c) for c in cells], unit=state.hit.receiver)


def dodge_cells(state: DozenWarState, uid: int, steps: int) -> list[int]:
    """Phong Bộ: cells within ``steps`` steps through any units, never through mountains."""
    unit = state.units.get(uid)
    if unit is None:
        return []
    occ = occupancy(state)
    grid = spec_of(state).grid
    reach = grid.reachable(
        unit.cell,
        steps,
        lambda c: not is_mountain(state, c),
        lambda c: may_stand(state, unit, c, occ),
    )
    return sorted(reach)


@finisher("dodge")
def _dodge_cell(state: DozenWarState, data: dict[str, Any], cell: int) -> None:
    change(state, data["unit"], cell=cell)
    if state.hit is not None:
        state.hit.cancelled = True


# ---------------------------------------------------------------------- defence operations


@op("cancel_hit")
def _cancel(
    state: DozenWarState, seat: int, user: int, spec: dict[str, Any], ctx: dict[str, Any], window: bool
) -> None:
    if state.hit is not None:
        state.hit.cancelled = True


def swap_partners(state: DozenWarState, seat: int, user: int, sel: dict[str, Any]) -> list[int]:
    """Phi Thân, Thây Độc: own soldiers within range that can trade cells with the user (R13.7:
    both cells stay legal; a swap never puts a unit on a mountain, R2.3a)."""
    me = state.units.get(user)
    if me is None:
        return []
    occ = occupancy(state)
    found = []
    for uid in select_units(state, seat, user, sel):
        other = state.units[uid]
        if occ.mountain[other.cell] or occ.mountain[me.cell] or other.cell == me.cell:
            continue
        if state.mode == "engage":
            found.append(uid)  # one unit per cell on both sides: a plain exchange
            continue
        # The general arrives where the soldier was (no other general there, its own cell or
        # an own castle); the soldier arrives where the general was (room for a soldier).
        if me.general and occ.general[other.cell]:
            continue
        if occ.soldiers[me.cell] >= 5:
            continue
        found.append(uid)
    return found


@op("swap_redirect")
def _swap(
    state: DozenWarState, seat: int, user: int, spec: dict[str, Any], ctx: dict[str, Any], window: bool
) -> None:
    cands = swap_partners(state, seat, user, spec["with"])
    if cands:
        ask_select(state, seat, "swap", cands, 1, user=user)


@on_select("swap")
def _swap_selected(state: DozenWarState, seat: int, params: dict[str, Any], picked: list[int]) -> None:
    me = state.units[params["user"]]
    other = state.units[picked[0]]
    change(state, me.id, cell=other.cell)
    change(state, other.id, cell=me.cell)
    if state.hit is not None:
        state.hit.receiver = other.id


@op("redirect")
def _redirect(
    state: DozenWarState, seat: int, user: int, spec: dict[str, Any], ctx: dict[str, Any], window: bool
) -> None:
    if state.hit is None:
        return
    cands = [u.id for u in state.units.values() if u.owner == seat and u.id != state.hit.receiver]
    if cands:
        ask_select(state, seat, "redirect", cands, 1)


@on_select("redirect")
def _redirect_selected(state: DozenWarState, seat: int, params: dict[str, Any], picked: list[int]) -> None:
    if state.hit is not None:
        state.hit.receiver = picked[0]


@op("heal")
def _heal(
    state: DozenWarState, seat: int, user: int, spec: dict[str, Any], ctx: dict[str, Any], window: bool
) -> None:
    cands = select_units(state, seat, user, spec["select"])
    if not cands:
        return
    ask_select(state, seat, "heal", cands, 1, amount=int(spec["amount"]), window=window)


@on_select("heal")
def _heal_selected(state: DozenWarState, seat: int, params: dict[str, Any], picked: list[int]) -> None:
    for uid in picked:
        if params["window"] and state.hit is not None:
            state.hit.heals.append((uid, params["amount"]))  # R12.7 step 2: before damage
        else:
            heal(state, uid, params["amount"])


def _counter_range_ok(
    state: DozenWarState, striker_cell: int, striker_cls: str, striker_general: bool, target_cell: int
) -> bool:
    """``range: base``: the target within the striker's base attack geometry (over units for
    archers, never through mountains)."""
    stats = stats_of(striker_cls, striker_general)
    reach = stats.range
    if not striker_general and is_mountain(state, striker_cell):
        reach += stats.mountain_range_bonus
    grid = spec_of(state).grid
    if (
        grid.direction_to(striker_cell, target_cell) is None
        or grid.distance(striker_cell, target_cell) > reach
    ):
        return False
    return line_clear(state, striker_cell, target_cell, striker_cls == "archer", occupancy(state))


@op("counter_strike")
def _counter_strike(
    state: DozenWarState, seat: int, user: int, spec: dict[str, Any], ctx: dict[str, Any], window: bool
) -> None:
    if spec.get("requires_user_alive") and user not in state.units:
        return
    attack = state.attack
    damage = int(spec.get("damage", 1))
    if spec.get("select") == "attacking_unit":
        if attack is None or attack.unit is None or attack.unit not in state.units:
            return
        target = state.units[attack.unit]
        if spec.get("range") == "base":
            striker = ctx.get("receiver_info")
            if striker is None:
                return
            if not _counter_range_ok(state, striker[0], striker[1], bool(striker[2]), target.cell):
                return
        combat.counter(state, attack.unit, damage, seat)
        return
    cands = select_units(state, seat, user, spec["select"])
    if not cands:
        return
    ask_select(state, seat, "counter", cands, int(spec["select"].get("max", 1)), damage=damage)


@on_select("counter")
def _counter_selected(state: DozenWarState, seat: int, params: dict[str, Any], picked: list[int]) -> None:
    for uid in reversed(picked):
        combat.counter(state, uid, params["damage"], seat)


@op("reflect_damage")
def _reflect(
    state: DozenWarState, seat: int, user: int, spec: dict[str, Any], ctx: dict[str, Any], window: bool
) -> None:
    attack, hit = state.attack, state.hit
    if attack is None or hit is None or attack.unit is None or hit.lost <= 0:
        return
    combat.counter(state, attack.unit, hit.lost, seat)


@op("dice_evasion")
def _evasion(
    state: DozenWarState, seat: int, user: int, spec: dict[str, Any], ctx: dict[str, Any], window: bool
) -> None:
    ask_option(
        state, seat, "evasion", [str(f) for f in range(1, 7)], unit=user, faces=[], count=int(spec["faces"])
    )


@on_option("evasion")
def _evasion_face(state: DozenWarState, data: dict[str, Any], option: str) -> None:
    faces = [*data["faces"], int(option)]
    if len(faces) < data["count"]:
        rest = [str(f) for f in range(1, 7) if f not in faces]
        ask_option(state, data["seat"], "evasion", rest, unit=data["unit"], faces=faces, count=data["count"])
        return
    if data["unit"] in state.units:
        change(state, data["unit"], evasion=tuple(sorted(faces)))


# ---------------------------------------------------------------------- summons and changes


def summon_cells(
    state: DozenWarState, seat: int, anchors: list[int], within: int, cls: str, occ: View | None = None
) -> list[int]:
    """Legal cells for a new soldier of ``cls`` within ``within`` of any anchor cell (R13.7)."""
    grid = spec_of(state).grid
    occ = occ or occupancy(state)
    probe = _probe(seat, cls)
    found = set()
    for anchor in anchors:
        for cell in grid.within(anchor, within, include_self=True):
            if may_stand(state, probe, cell, occ):
                found.add(cell)
    return sorted(found)


@functools.cache
def _probe(seat: int, cls: str) -> Any:
    """A stand-in soldier of ``seat`` and ``cls`` for R13.7's tests (frozen, so shared)."""
    return Unit(id=-1, owner=seat, cls=cls, general="", hp=1, cell=-1)


def summon_anchors(state: DozenWarState, seat: int, user: int, spec: dict[str, Any]) -> list[int]:
    """The cells a summon is measured from: the user, or any own living general."""
    if spec.get("anchor") == "any_own_living_general":
        # living_generals' cells, the seat's units picked out at C level.
        units = state.units.values()
        return [u.cell for u in itertools.compress(units, map(seat.__eq__, map(_OWNER, units))) if u.general]
    unit = state.units.get(user)
    return [unit.cell] if unit is not None else []


def summon_possible(
    state: DozenWarState, seat: int, user: int, spec: dict[str, Any], anchors: list[int] | None = None
) -> bool:
    """Whether a summon has a legal cell (and its requirement holds), measured from ``anchors``
    (``None``: :func:`summon_anchors`)."""
    if spec.get("requires") == "one_of_your_soldiers_died_this_game" and not state.soldier_died[seat]:
        return False
    types = SOLDIER_TYPES if spec["soldier"] == "any" else (spec["soldier"],)
    if anchors is None:
        anchors = summon_anchors(state, seat, user, spec)
    occ = occupancy(state)
    within = int(spec["within"])
    # summon_cells' test, stopping at the first cell some type may stand on.
    return any(
        may_stand(state, probe, cell, occ)
        for probe in [_probe(seat, t) for t in types]
        for anchor in anchors
        for cell in cells_within(state.mode, anchor, within, True)
    )


@op("summon")
def _summon(
    state: DozenWarState, seat: int, user: int, spec: dict[str, Any], ctx: dict[str, Any], window: bool
) -> None:
    anchors = summon_anchors(state, seat, user, spec)
    if not anchors and "anchor" in ctx and spec.get("anchor") == "user":
        # The user died paying for the summon (Triệu Gọi Ám Hồn): the soldier is still placed,
        # measured from the cell it stood on.
        anchors = [ctx["anchor"]]
    if not summon_possible(state, seat, user, spec, anchors):
        return
    if spec["soldier"] == "any":
        types = [t for t in SOLDIER_TYPES if summon_cells(state, seat, anchors, int(spec["within"]), t)]
        ask_option(
            state,
            seat,
            "summon_type",
            types,
            anchors=anchors,
            within=int(spec["within"]),
            may_act=bool(spec.get("may_act", True)),
        )
        return
    _ask_summon_cell(
        state, seat, spec["soldier"], anchors, int(spec["within"]), bool(spec.get("may_act", True))
    )


def _ask_summon_cell(
    state: DozenWarState, seat: int, cls: str, anchors: list[int], within: int, may_act: bool
) -> None:
    spec = spec_of(state)
    cells = [to_action_cell(spec, c) for c in summon_cells(state, seat, anchors, within, cls)]
    ask_cell(state, seat, "summon", cells, cls=cls, may_act=may_act, owner=seat)


@on_option("summon_type")
def _summon_type(state: DozenWarState, data: dict[str, Any], option: str) -> None:
    _ask_summon_cell(state, data["seat"], option, data["anchors"], data["within"], data["may_act"])


@finisher("summon")
def _summon_cell(state: DozenWarState, data: dict[str, Any], cell: int) -> None:
    may_act = data["may_act"] and data["owner"] == state.turns.current
    new_soldier(state, data["owner"], data["cls"], cell, may_act=may_act)


@op("pay_hp")
def _pay_hp(
    state: DozenWarState, seat: int, user: int, spec: dict[str, Any], ctx: dict[str, Any], window: bool
) -> None:
    unit = state.units.get(user)
    if unit is not None:
        _set_ctx(state, anchor=unit.cell)  # where a later summon is measured from if it dies
    damage_unit(state, user, int(spec["amount"]), NOBODY)


@op("transform_self")
def _transform(
    state: DozenWarState, seat: int, user: int, spec: dict[str, Any], ctx: dict[str, Any], window: bool
) -> None:
    unit = state.units.get(user)
    if unit is None:
        return
    ask_option(state, seat, "transform", [c for c in spec["into"] if c != unit.cls], unit=user)


@on_option("transform")
def _transform_chosen(state: DozenWarState, data: dict[str, Any], option: str) -> None:
    if data["unit"] in state.units:
        change(state, data["unit"], cls=option)


@op("convert_soldier")
def _convert(
    state: DozenWarState, seat: int, user: int, spec: dict[str, Any], ctx: dict[str, Any], window: bool
) -> None:
    cands = select_units(state, seat, user, spec["select"])
    if cands:
        ask_select(state, seat, "convert", cands, 1)


@on_select("convert")
def _convert_selected(state: DozenWarState, seat: int, params: dict[str, Any], picked: list[int]) -> None:
    unit = state.units[picked[0]]
    options = [t for t in SOLDIER_TYPES if t != unit.cls]
    if is_mountain(state, unit.cell):
        options = [t for t in options if stats_of(t, False).can_climb_mountain]
    if options:
        ask_option(state, seat, "convert_type", options, unit=unit.id)


@on_option("convert_type")
def _convert_type(state: DozenWarState, data: dict[str, Any], option: str) -> None:
    if data["unit"] in state.units:
        change(state, data["unit"], cls=option, hp=stats_of(option, False).hp)


@op("steal_card")
def _steal(
    state: DozenWarState, seat: int, user: int, spec: dict[str, Any], ctx: dict[str, Any], window: bool
) -> None:
    if window and state.attack is not None:
        victims = [state.attack.player]
    else:
        victims = [
            s for s in range(state.num_players) if is_enemy(state, seat, s) and not state.eliminated[s]
        ]
    victims = [v for v in victims if state.hands[v]]
    if not victims:
        return
    if len(victims) == 1:
        ask_option(state, seat, "steal", designs_in_hand(state, victims[0]), victim=victims[0])
        return
    ask_option(state, seat, "steal_from", [SEAT_OPTIONS[v] for v in victims])


@on_option("steal_from")
def _steal_from(state: DozenWarState, data: dict[str, Any], option: str) -> None:
    victim = SEAT_OPTIONS.index(option)
    ask_option(state, data["seat"], "steal", designs_in_hand(state, victim), victim=victim)


@on_option("steal")
def _steal_card(state: DozenWarState, data: dict[str, Any], option: str) -> None:
    card = take_card(state, data["victim"], option)
    state.hands[data["seat"]].append(card)


# ---------------------------------------------------------------------- attacks as operations


@op("strike")
def _strike(
    state: DozenWarState, seat: int, user: int, spec: dict[str, Any], ctx: dict[str, Any], window: bool
) -> None:
    if window:
        return  # an attack skill copied into a defence window has no attack to make
    op_data = dict(spec)
    if "cap" in ctx:
        op_data["_copied_cap"] = ctx["cap"]
    unit: int | None = None if spec.get("by") == "player" else user
    if spec.get("by") == "own_infantry_unit":
        # Lao Móc: the infantry unit named when the card was played (``effects._play_card``).
        unit = ctx.get("attacker")
        if unit not in state.units:
            return
    combat.declare(state, seat, unit, ctx.get("source", ""), "", op_data)


OPS["dice_strike"] = _strike


# ---------------------------------------------------------------------- events and tokens (§14, §15)


@op("nothing")
def _nothing(
    state: DozenWarState, seat: int, user: int, spec: dict[str, Any], ctx: dict[str, Any], window: bool
) -> None:
    return None


@op("hold_map_piece")
def _hold(
    state: DozenWarState, seat: int, user: int, spec: dict[str, Any], ctx: dict[str, Any], window: bool
) -> None:
    unit = state.units.get(user)
    if unit is not None:
        change(state, user, pieces=(*unit.pieces, ctx["token"]))
    else:
        state.loose.setdefault(ctx["cell"], []).append(ctx["token"])


@op("coins")
def _coins(
    state: DozenWarState, seat: int, user: int, spec: dict[str, Any], ctx: dict[str, Any], window: bool
) -> None:
    amount = int(spec["amount"])
    if amount > 0:
        gain_coins(state, seat, amount)
    else:
        pay_coins(state, seat, -amount)


@op("draw_cards")
def _draw(
    state: DozenWarState, seat: int, user: int, spec: dict[str, Any], ctx: dict[str, Any], window: bool
) -> None:
    draw_cards(state, seat, int(spec["amount"]))


@op("discard_cards")
def _discard(
    state: DozenWarState, seat: int, user: int, spec: dict[str, Any], ctx: dict[str, Any], window: bool
) -> None:
    if state.hands[seat]:
        push(state, "discard", seat, count=int(spec["amount"]))


@op("general_hp")
def _general_hp(
    state: DozenWarState, seat: int, user: int, spec: dict[str, Any], ctx: dict[str, Any], window: bool
) -> None:
    scope = spec["scope"]
    amount = int(spec["amount"])
    floor = int(spec.get("floor", 0))
    if scope == "digger":
        units = [state.units[user]] if user in state.units else []
    else:
        units = living_generals(state, seat)
        if scope == "own_generals_holding_map_pieces":
            units = [u for u in units if u.pieces]
    for unit in units:
        if amount > 0:
            heal(state, unit.id, amount)
        else:
            change(state, unit.id, hp=max(min(floor, unit.hp), unit.hp + amount))


@op("damage_soldiers")
def _damage_soldiers(
    state: DozenWarState, seat: int, user: int, spec: dict[str, Any], ctx: dict[str, Any], window: bool
) -> None:
    zone = spec_of(state).zones[ctx["zone"]]
    for unit in sorted(state.units.values(), key=lambda u: u.id):
        if unit.owner == seat and not unit.general and unit.cell in zone:
            damage_unit(state, unit.id, int(spec["amount"]), NOBODY)


@op("round_modifier")
def _round_modifier(
    state: DozenWarState, seat: int, user: int, spec: dict[str, Any], ctx: dict[str, Any], window: bool
) -> None:
    state.modifiers.append((seat, str(spec["units"]), str(spec["stat"]), int(spec["amount"])))


@op("gain_soldier")
def _gain_soldier(
    state: DozenWarState, seat: int, user: int, spec: dict[str, Any], ctx: dict[str, Any], window: bool
) -> None:
    castles = standing_castles(state, seat)
    if spec["where"] == "chosen_own_castle_with_room":
        occ = occupancy(state)
        castles = [
            i for i in castles if sum(1 for u in occ[state.castles[i].cell] if not state.units[u].general) < 5
        ]
    if not castles:
        return
    ask_select(state, seat, "gain_soldier", [CASTLE_BASE + i for i in castles], 1, type=spec["type"])


@on_select("gain_soldier")
def _gain_soldier_castle(state: DozenWarState, seat: int, params: dict[str, Any], picked: list[int]) -> None:
    index = picked[0] - CASTLE_BASE
    kind = params["type"]
    if kind == "any":
        ask_option(state, seat, "gain_soldier_type", list(SOLDIER_TYPES), castle=index)
        return
    _add_castle_soldier(state, seat, index, state.castles[index].type if kind == "castle_type" else kind)


@on_option("gain_soldier_type")
def _gain_soldier_type(state: DozenWarState, data: dict[str, Any], option: str) -> None:
    castle = state.castles[data["castle"]]
    _add_castle_soldier(state, castle.owner, data["castle"], option)


def _add_castle_soldier(state: DozenWarState, seat: int, index: int, kind: str) -> None:
    cell = state.castles[index].cell
    occ = occupancy(state)
    if sum(1 for u in occ[cell] if not state.units[u].general) < 5:  # R2.8g: lost otherwise
        new_soldier(state, seat, kind, cell)


@op("lose_soldier")
def _lose_soldier(
    state: DozenWarState, seat: int, user: int, spec: dict[str, Any], ctx: dict[str, Any], window: bool
) -> None:
    cands = [u.id for u in state.units.values() if u.owner == seat and not u.general]
    if cands:
        ask_select(state, seat, "lose_soldier", cands, 1)


@on_select("lose_soldier")
def _lose_selected(state: DozenWarState, seat: int, params: dict[str, Any], picked: list[int]) -> None:
    kill(state, picked[0], NOBODY)


@op("castle_hp")
def _castle_hp(
    state: DozenWarState, seat: int, user: int, spec: dict[str, Any], ctx: dict[str, Any], window: bool
) -> None:
    damaged = [i for i in standing_castles(state, seat) if state.castles[i].hp < 2]
    if damaged:
        ask_select(
            state, seat, "castle_hp", [CASTLE_BASE + i for i in damaged], 1, amount=int(spec["amount"])
        )


@on_select("castle_hp")
def _castle_selected(state: DozenWarState, seat: int, params: dict[str, Any], picked: list[int]) -> None:
    repair_castle(state, picked[0] - CASTLE_BASE, params["amount"])


def unmarked_skills(state: DozenWarState, seat: int) -> list[str]:
    """E20: the unused skills of ``seat``'s living generals."""
    return [
        s
        for unit in living_generals(state, seat)
        for s in GENERALS[unit.general].skills
        if s not in state.marks[seat]
    ]


@op("mark_skill")
def _mark_skill(
    state: DozenWarState, seat: int, user: int, spec: dict[str, Any], ctx: dict[str, Any], window: bool
) -> None:
    if unmarked_skills(state, seat):
        push(state, "mark_skill", seat)


def _legal_mark(state: DozenWarState, task: Task) -> list[Action]:
    return [MarkSkill(s) for s in sorted(unmarked_skills(state, task.seat))]


@decision("mark_skill", _legal_mark)
def _mark(state: DozenWarState, task: Task, action: Action) -> None:
    assert isinstance(action, MarkSkill)
    pop(state)
    state.marks[task.seat].append(action.skill)


# ---------------------------------------------------------------------- usability checks


def trigger_fits(state: DozenWarState, seat: int, user: int, skill_id: str) -> bool:
    """R13.5: whether the current hit's receiver fits the skill's trigger."""
    hit = state.hit
    if hit is None:
        return False
    trigger = SKILLS[skill_id].trigger or {}
    receiver = hit.receiver
    is_unit = receiver < CASTLE_BASE
    rule = trigger.get("receiver", "any")
    grid = spec_of(state).grid
    me = state.units.get(user)
    if me is None:
        return False
    target = state.units.get(receiver) if is_unit else None
    if rule in ("user", "user_when_defending"):
        return receiver == user
    if rule == "user_or_own_soldier_within":
        if receiver == user:
            return True
        return (
            target is not None
            and not target.general
            and grid.distance(me.cell, target.cell) <= int(trigger["within"])
        )
    if rule == "own_unit":
        return target is not None and grid.distance(me.cell, target.cell) <= int(trigger["within"])
    if rule == "any_own_unit":
        return target is not None
    return True


def usable_in_window(state: DozenWarState, seat: int, user: int, skill_id: str) -> bool:
    """Whether ``skill_id`` (used by the general ``user``) fits the current hit and has a
    legal effect (R12.6 step 2, R6.8)."""
    if not trigger_fits(state, seat, user, skill_id):
        return False
    first = SKILLS[skill_id].effect[0]
    return effect_possible(state, seat, user, first, window=True)


def effect_possible(state: DozenWarState, seat: int, user: int, spec: dict[str, Any], window: bool) -> bool:
    """R6.8: whether an operation would have any legal effect now."""
    kind = spec["op"]
    hit = state.hit
    if kind == "cancel_hit":
        return hit is not None and _protects(state, spec.get("protects"), hit.receiver)
    if kind == "swap_redirect":
        return bool(swap_partners(state, seat, user, spec["with"]))
    if kind == "dodge_move":
        return hit is not None and bool(dodge_cells(state, hit.receiver, int(spec["steps"])))
    if kind == "teleport":
        if window:
            return (
                hit is not None
                and hit.receiver < CASTLE_BASE
                and bool(teleport_cells(state, hit.receiver, int(spec["within"])))
            )
        within = int(spec["within"])
        return any(teleport_possible(state, u, within) for u in _selected(state, seat, user, spec["select"]))
    if kind in ("heal", "buff", "convert_soldier"):
        sel = spec.get("select")
        if sel == "user" or (isinstance(sel, dict) and _user_qualifies(state, user, sel)):
            return True  # the user itself is a candidate: no need to look further
        return any_selected(state, seat, user, sel)
    if kind == "summon":
        return summon_possible(state, seat, user, spec)
    if kind == "redirect":
        return (
            hit is not None
            and _protects(state, spec.get("protects"), hit.receiver)
            and any(u.owner == seat and u.id != hit.receiver for u in state.units.values())
        )
    if kind == "steal_card":
        if window:
            return state.attack is not None and bool(state.hands[state.attack.player])
        return any(state.hands[s] for s in range(state.num_players) if is_enemy(state, seat, s))
    if kind == "status" and "select" in spec:
        return any_selected(state, seat, user, spec["select"])
    if kind in ("reflect_damage", "counter_strike"):
        return hit is None or _protects(state, spec.get("protects"), hit.receiver)
    return True


def _user_qualifies(state: DozenWarState, user: int, sel: dict[str, Any]) -> bool:
    """Whether a selector that may pick its own user (``include_user``) picks it now."""

    unit = state.units.get(user)
    _, side, kinds, _, _, _, _, skip_user, not_attacked, damaged_only, _ = _words(sel)
    if unit is None or skip_user or side != "own":
        return False
    if not_attacked and unit.attacked:
        return False
    if damaged_only and unit.hp >= unit.max_hp:
        return False
    return kinds is None or combat.unit_kind_fits(unit, kinds)


def _protects(state: DozenWarState, protects: str | None, receiver: int) -> bool:
    if protects is None or protects == "receiver_any":
        return True
    if receiver >= CASTLE_BASE:
        return False
    unit = state.units.get(receiver)
    if unit is None:
        return False
    return {"receiver_archer": "archer", "receiver_cavalry": "cavalry", "receiver_infantry": "infantry"}.get(
        protects
    ) == unit.cls


def card_fits_window(state: DozenWarState, seat: int, design: str) -> bool:
    """R6.4, R12.6 step 3: the card's group fits the receiver and it has a legal effect."""
    hit = state.hit
    if hit is None:
        return False
    card = CARDS[design]
    receiver = hit.receiver
    if card.group != "common":
        unit = state.units.get(receiver) if receiver < CASTLE_BASE else None
        if unit is None or unit.cls != card.group:
            return False
    first = card.effect[0]
    if first["op"] == "teleport":
        unit = state.units.get(receiver) if receiver < CASTLE_BASE else None
        # R10.9d: in a window an ally's receiver counts as one of "your" generals.
        if unit is None or not unit.general or state.side_of[unit.owner] != state.side_of[seat]:
            return False
    if first["op"] == "counter_strike" and first.get("by") == "receiver" and receiver >= CASTLE_BASE:
        return False
    return effect_possible(state, seat, -1, first, window=True)


def receiver_info(state: DozenWarState) -> list[Any] | None:
    """The receiver's cell, class and whether it is a general, kept for counters by a receiver
    that may die first (Dao Găm, Kiếm Một Tay: "even if it died")."""
    hit = state.hit
    if hit is None or hit.receiver >= CASTLE_BASE or hit.receiver not in state.units:
        return None
    unit = state.units[hit.receiver]
    return [unit.cell, unit.cls, bool(unit.general)]
