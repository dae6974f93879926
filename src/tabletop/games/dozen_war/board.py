"""The board's geometry and what may stand or pass where (§2, R8.1-R8.4, R13.7).

Every function reads the state and the map's precomputed tables (the kernel's
:class:`~tabletop.core.grids.SquareGrid`: neighbour tables, rays, line of fire, breadth-first
reach). Occupancy is computed from the units, never stored in the state; the last view
is reused while the same unit and castle objects stand on the same terrain.
"""

from __future__ import annotations

import functools
import itertools
import operator
from collections.abc import Callable, Iterable
from typing import TYPE_CHECKING, Any

from tabletop.core.grids import DIRECTIONS

from .actions import ACTION_COLS, CASTLE_BASE
from .components import CELL_CAPACITY, MAPS, MODE_MAP, MapSpec, stats_of
from .model import Unit

if TYPE_CHECKING:
    from .state import DozenWarState


class View:
    """The board at one moment, as per-cell arrays, built once per question: the units in each
    cell, their owner, soldier count and whether a general is there; mountains; castles."""

    __slots__ = (
        "castle_index",
        "castle_owner",
        "changed",
        "general",
        "ids",
        "mountain",
        "owner",
        "parent",
        "soldiers",
    )

    def __init__(
        self,
        ids: list[list[int]],
        owner: list[int],
        soldiers: list[int],
        general: list[bool],
        mountain: list[bool],
        castle_owner: list[int],
        castle_index: list[int],
    ) -> None:
        #: The view this one was derived from (see :meth:`derive`) and the cells that differ.
        self.parent: View | None = None
        self.changed: tuple[int, ...] = ()
        self.ids = ids
        self.owner = owner
        self.soldiers = soldiers
        self.general = general
        self.mountain = mountain
        self.castle_owner = castle_owner
        self.castle_index = castle_index

    def __getitem__(self, cell: int) -> list[int]:
        return self.ids[cell]

    def _place(self, units: Iterable[Unit], cells: set[int] | None) -> None:
        """Enter ``units`` in order (only those on ``cells``, unless ``None``) in empty cells."""
        ids, owner, soldiers, general = self.ids, self.owner, self.soldiers, self.general
        for unit in units:
            cell = unit.cell
            if cells is not None and cell not in cells:
                continue
            here = ids[cell]
            if here is _NOBODY:
                ids[cell] = [unit.id]
            else:
                here.append(unit.id)
            owner[cell] = unit.owner
            if unit.general:
                general[cell] = True
            else:
                soldiers[cell] += 1

    def derive(self, units: tuple[Unit, ...], cells: set[int]) -> View:
        """The view of ``units`` (this view's units in the same order, some replaced, removed or
        added at the end; the castles and terrain unchanged) where only ``cells`` may differ
        (every cell a unit left, entered, was removed from or added to): those cells' arrays
        recomputed from their units in order, as a fresh view would hold them."""
        new = View(
            self.ids.copy(),
            self.owner.copy(),
            self.soldiers.copy(),
            self.general.copy(),
            self.mountain,
            self.castle_owner,
            self.castle_index,
        )
        for cell in cells:
            new.ids[cell] = _NOBODY
            new.owner[cell] = -1
            new.soldiers[cell] = 0
            new.general[cell] = False
        # A few cells of many units: those units picked out at C level, then placed.
        new._place(itertools.compress(units, map(cells.__contains__, map(_CELL, units))), None)
        # One level only: a chain of parents would keep every earlier view alive.
        self.parent = None
        new.parent = self
        new.changed = tuple(sorted(cells))
        return new


Occupancy = View


def fresh_view(state: DozenWarState) -> View:
    """The board now, built from the state's units, castles and terrain."""
    size = spec_of(state).grid.size
    # Empty cells share one empty list (a view is read, never changed): a list per cell only
    # where units stand.
    castle_owner = [-1] * size
    castle_index = [-1] * size
    for index, castle in enumerate(state.castles):
        if castle.hp > 0:
            castle_owner[castle.cell] = castle.owner
            castle_index[castle.cell] = index
    view = View(
        [_NOBODY] * size,
        [-1] * size,
        [0] * size,
        [False] * size,
        _mountains(size, tuple(state.terrain)),
        castle_owner,
        castle_index,
    )
    view._place(state.units.values(), None)
    return view


_CELL = operator.attrgetter("cell")
_ID = operator.attrgetter("id")
#: What a view reads of a unit besides its id.
_PLACE = operator.attrgetter("cell", "owner", "general")

#: The unit ids of every empty cell in a view (never changed).
_NOBODY: list[int] = []


@functools.cache
def _mountains(size: int, terrain: tuple[int, ...]) -> list[bool]:
    """Per cell, whether it is a mountain (shared by every view of that terrain, never changed)."""
    mountain = [False] * size
    for cell in terrain:
        mountain[cell] = True
    return mountain


def spec_of(state: DozenWarState) -> MapSpec:
    """The map this game is played on."""
    return MAPS[MODE_MAP[state.mode]]


@functools.cache
def cells_within(mode: str, cell: int, radius: int, include_self: bool = False) -> tuple[int, ...]:
    """The cells within ``radius`` of ``cell`` on the mode's map (the grid's ``within``, kept)."""
    return MAPS[MODE_MAP[mode]].grid.within(cell, radius, include_self)


@functools.cache
def clear_radius(mode: str, terrain: tuple[int, ...], anchor: int, radius: int) -> frozenset[int]:
    """The cells within ``radius`` of ``anchor`` (itself included) with no mountain of
    ``terrain`` strictly between them on a ray (R2.1d for radius effects, as
    :func:`not_blocked_by_mountain` reads it), kept per map, terrain, cell and radius."""
    grid = MAPS[MODE_MAP[mode]].grid
    mountains = set(terrain)
    # Only a cell on a ray can have a mountain between: those beyond a ray's first mountain
    # (within the radius) are out.
    blocked: set[int] = set()
    for ray in grid.rays(anchor):
        for index, cell in enumerate(ray[: max(radius - 1, 0)]):
            if cell in mountains:
                blocked.update(ray[index + 1 : radius])
                break
    return frozenset(grid.within(anchor, radius, include_self=True)) - blocked


@functools.cache
def clear_cells(mode: str, terrain: tuple[int, ...], anchor: int, radius: int) -> tuple[int, ...]:
    """The cells of :func:`clear_radius` other than ``anchor``, in :func:`cells_within` order."""
    clear = clear_radius(mode, terrain, anchor, radius)
    return tuple(cell for cell in cells_within(mode, anchor, radius) if cell in clear)


def to_action_cell(spec: MapSpec, cell: int) -> int:
    """A board cell as actions number it (``row * 13 + col``)."""
    row, col = divmod(cell, spec.grid.cols)
    return row * ACTION_COLS + col


def from_action_cell(spec: MapSpec, code: int) -> int | None:
    """The board cell an action's cell names, or ``None`` when it is off this board."""
    row, col = divmod(code, ACTION_COLS)
    if 0 <= row < spec.grid.rows and 0 <= col < spec.grid.cols:
        return row * spec.grid.cols + col
    return None


def occupancy(state: DozenWarState) -> View:
    """The board now, as per-cell arrays (indexing it gives the unit ids in a cell)."""
    units = tuple(state.units.values())
    castles = state.castles
    last = _LAST_VIEW[0]  # one immutable snapshot: another thread may replace it meanwhile
    # Units and castles are frozen: the same objects in the same order (and the same terrain)
    # make the same view, so a question asked again before anything moved reuses it.
    if (
        last is not None
        and len(castles) == len(last[2])
        and all(map(operator.is_, castles, last[2]))
        and last[3] == state.mode
        and last[4] == state.terrain
    ):
        before = last[1]
        touched: tuple[Unit, ...] = ()
        aligned = True
        if len(units) == len(before):
            if all(map(operator.is_, units, before)):
                view: View = last[0]
                return view
        elif len(units) > len(before):
            # Units added (summons, revivals) come last in the board's order.
            touched = units[len(before) :]
        else:
            # Units removed (deaths): the others keep their order.
            ids = set(map(_ID, units))
            alive = list(map(ids.__contains__, map(_ID, before)))
            touched = tuple(itertools.compress(before, map(operator.not_, alive)))
            before = tuple(itertools.compress(before, alive))
            aligned = len(before) == len(units)  # otherwise some were added too: built afresh
        # Most actions replace a unit or two: the same ids in the same order (so the same
        # cell order within each cell) let the view be updated at the cells they touch. A
        # unit whose place (cell, owner, general or not) is the same touches none: a turn's
        # start replaces every unit with flags, and the view stays as it was.
        if aligned and len(touched) <= _DERIVE_MOST:
            changed = list(itertools.compress(range(len(before)), map(operator.is_not, units, before)))
            if all(units[i].id == before[i].id for i in changed):
                moved = [i for i in changed if _PLACE(units[i]) != _PLACE(before[i])]
                if len(moved) + len(touched) <= _DERIVE_MOST:
                    view = last[0]
                    if moved or touched:
                        cells = {before[i].cell for i in moved} | {units[i].cell for i in moved}
                        cells.update(map(_CELL, touched))
                        view = view.derive(units, cells)
                    _LAST_VIEW[0] = (view, units, last[2], state.mode, last[4])
                    return view
    view = fresh_view(state)
    _LAST_VIEW[0] = (view, units, tuple(castles), state.mode, list(state.terrain))
    return view


#: The last view built, with the units, castles, mode and terrain it was built from: one tuple
#: replaced whole, so that threads playing at once never read parts of two.
_LAST_VIEW: list[Any] = [None]
#: The most replaced units for which a view is updated rather than built afresh.
_DERIVE_MOST = 4


def is_mountain(state: DozenWarState, cell: int) -> bool:
    """Whether ``cell`` is a mountain now (the volcano until it is removed, R2.19)."""
    return cell in state.terrain


def castle_at(state: DozenWarState, cell: int) -> int | None:
    """The index of the standing castle on ``cell``, if any."""
    for index, castle in enumerate(state.castles):
        if castle.cell == cell and castle.hp > 0:
            return index
    return None


def is_enemy(state: DozenWarState, a: int, b: int) -> bool:
    """Whether players ``a`` and ``b`` are enemies (conventions: every other player; in
    alliance mode the other team)."""
    return a != b and state.side_of[a] != state.side_of[b]


def passable(state: DozenWarState, unit: Unit, cell: int, occ: View) -> bool:
    """R8.3a (Engage R11.3): whether ``unit`` may pass through ``cell`` during a move."""
    if occ.mountain[cell]:
        return False
    owner = occ.owner[cell]
    if owner != -1 and owner != unit.owner:
        return False
    castle = occ.castle_owner[cell]
    if castle != -1 and castle != unit.owner:
        return False
    if state.mode == "engage":
        return True
    if occ.soldiers[cell] >= CELL_CAPACITY.limits["soldier"]:
        return False  # R8.3: nobody passes through a full cell
    return not (unit.general and occ.general[cell])


def may_stand(state: DozenWarState, unit: Unit, cell: int, occ: View, climbing: bool = False) -> bool:
    """R13.7: whether ``unit`` may end in ``cell`` (a move with ``climbing``: R2.3a)."""
    here = occ.ids[cell]
    if occ.mountain[cell]:
        if not climbing or unit.general or not stats_of(unit.cls, False).can_climb_mountain:
            return False
        if cell == spec_of(state).volcano:
            return False  # R2.2a: nobody climbs the volcano
        return not any(uid != unit.id for uid in here)  # R2.3b: one soldier on a mountain
    castle = occ.castle_owner[cell]
    if castle != -1 and castle != unit.owner:
        return False
    owner = occ.owner[cell]
    if owner != -1 and owner != unit.owner:
        return False
    inside = unit.id in here
    if state.mode == "engage":
        return not here or (inside and len(here) == 1)  # R11.3: one unit per cell
    if unit.general:
        return not occ.general[cell] or inside
    return CELL_CAPACITY.admits("soldier", occ.soldiers[cell] - (1 if inside else 0))


def move_budget(state: DozenWarState, unit: Unit) -> int:
    """How many steps ``unit`` may take with its next move (0: it may not move, R8.1c)."""
    if (
        unit.attacked
        or unit.dug
        or (bool(unit.statuses) and (unit.has("stun") or unit.has("root") or unit.has("freeze")))
    ):
        return 0
    if unit.moved:
        return unit.extra_move
    base = stats_of(unit.cls, unit.is_general).move + unit.buff_move
    return max(0, base + round_modifier(state, unit, "move"))


def round_modifier(state: DozenWarState, unit: Unit, stat: str) -> int:
    """The sum of this round's event modifiers on ``stat`` for ``unit`` (R14, E11-E13)."""
    total = 0
    for player, units, name, amount in state.modifiers:
        if player != unit.owner or name != stat:
            continue
        if (
            (units == "own_generals" and unit.general)
            or (units == "own_archer_units" and unit.cls == "archer")
            or (units == "own_cavalry_units" and unit.cls == "cavalry")
        ):
            total += amount
    return total


def _step_tests(
    state: DozenWarState, unit: Unit, occ: View
) -> tuple[Callable[[int], bool], Callable[[int], bool]]:
    """R8.3a and R13.7 for one unit as two tests over the view's arrays: may it pass through a
    cell, and may it end its move there (a climb included, R2.3a)."""
    owner = unit.owner
    mountain, keepers, owners, ids = occ.mountain, occ.castle_owner, occ.owner, occ.ids
    soldiers, generals = occ.soldiers, occ.general
    climber = not unit.general and stats_of(unit.cls, False).can_climb_mountain
    volcano = spec_of(state).volcano
    engage = state.mode == "engage"
    general = bool(unit.general)
    full = CELL_CAPACITY.limits["soldier"]

    def friendly(cell: int) -> bool:
        keeper = keepers[cell]
        who = owners[cell]
        return (keeper == -1 or keeper == owner) and (who == -1 or who == owner)

    def may_pass(cell: int) -> bool:
        if mountain[cell] or not friendly(cell):
            return False
        return engage or (soldiers[cell] < full and not (general and generals[cell]))

    def may_end(cell: int) -> bool:
        if mountain[cell]:
            return climber and cell != volcano and not ids[cell]
        if not friendly(cell):
            return False
        if engage:
            return not ids[cell]
        return not generals[cell] if general else soldiers[cell] < full

    return may_pass, may_end


def destinations(state: DozenWarState, unit: Unit, occ: View) -> dict[int, tuple[int, ...]]:
    """R8.1a: every cell ``unit`` may end its next move on, with a path to it (the kernel's
    breadth-first reach over its neighbour tables)."""
    budget = move_budget(state, unit)
    if budget <= 0:
        return {}
    grid = spec_of(state).grid
    may_pass, may_end = _step_tests(state, unit, occ)
    if budget == 1:  # most units: a single step, no path search needed
        return {c: (c,) for c in grid.neighbour_table()[unit.cell] if may_end(c)}
    return grid.reachable(unit.cell, budget, may_pass, may_end)


def base_range(state: DozenWarState, unit: Unit) -> int:
    """R13.2 ``base``: the class range, +1 for an archer soldier on a mountain (R2.3)."""
    stats = stats_of(unit.cls, unit.is_general)
    bonus = stats.mountain_range_bonus if not unit.general and is_mountain(state, unit.cell) else 0
    return stats.range + bonus


def attack_range(state: DozenWarState, unit: Unit, card_range: int = 0) -> int:
    """R12.3: the unit's range now, buffs, cards and this round's modifiers included; an
    event never takes it below 1 (E11)."""
    value = base_range(state, unit) + unit.buff_range + card_range
    modifier = round_modifier(state, unit, "range")
    return max(min(value, 1), value + modifier) if modifier < 0 else value + modifier


def shoots_over_units(unit: Unit) -> bool:
    """R3.3: archers (soldier or general, Grim disguised as one) shoot over units."""
    return unit.cls == "archer"


def line_clear(state: DozenWarState, src: int, dst: int, over_units: bool, occ: View) -> bool:
    """R2.1d: no mountain strictly between, and (unless ``over_units``) no unit either;
    ``False`` when ``dst`` is not on a ray from ``src``."""
    between = spec_of(state).grid.between(src, dst)
    if between is None:
        return False
    mountain = occ.mountain
    ids = occ.ids
    return not any(mountain[c] or (not over_units and ids[c]) for c in between)


def not_blocked_by_mountain(state: DozenWarState, src: int, dst: int) -> bool:
    """R2.1d for radius effects: a target on a ray behind a mountain is out of reach."""
    between = spec_of(state).grid.between(src, dst)
    return between is None or not any(is_mountain(state, c) for c in between)


def ray_cells(
    state: DozenWarState, src: int, reach: int, over_units: bool, occ: View
) -> list[tuple[int, int]]:
    """The cells ``(direction index, cell)`` along the 8 rays within ``reach`` that a line of
    fire from ``src`` reaches (R2.1d): a mountain ends the ray after itself (a soldier on it is
    a target, R2.3c), a unit ends it for non-archers after its cell."""
    found = []
    mountain = occ.mountain
    ids = occ.ids
    for d, ray in enumerate(spec_of(state).grid.rays(src)):
        for cell in ray[:reach]:
            found.append((d, cell))
            if mountain[cell] or (not over_units and ids[cell]):
                break
    return found


def attack_reaches_target(state: DozenWarState, unit: Unit, reach: int, occ: View) -> bool:
    """R12.4 for a normal attack, answered fast: whether any enemy unit, or enemy castle with
    no soldier inside, lies on a ray within ``reach`` with a clear line of fire."""
    over = unit.cls == "archer"
    side = state.side_of
    mine = side[unit.owner]
    mountain, owner, ids, castle_owner = occ.mountain, occ.owner, occ.ids, occ.castle_owner
    for ray in spec_of(state).grid.rays(unit.cell):
        for cell in ray[:reach]:
            who = owner[cell]
            if who != -1 and side[who] != mine:
                return True
            keeper = castle_owner[cell]
            if keeper != -1 and side[keeper] != mine and not occ.soldiers[cell]:
                return True
            if mountain[cell] or (not over and ids[cell]):
                break
    return False


def targets_in_cell(state: DozenWarState, player: int, cell: int, occ: View, castles: bool) -> list[int]:
    """R12.4: the enemy units of ``player`` in ``cell`` and, with ``castles``, the enemy
    castle there when no enemy soldier is inside (R2.8)."""
    owner = occ.owner[cell]
    found = list(occ.ids[cell]) if owner != -1 and is_enemy(state, player, owner) else []
    if castles:
        castle_owner = occ.castle_owner[cell]
        if (
            castle_owner != -1
            and is_enemy(state, player, castle_owner)
            and not (found and occ.soldiers[cell])
        ):
            found.append(CASTLE_BASE + occ.castle_index[cell])
    return found


def direction_index(direction: tuple[int, int] | None) -> int | None:
    """The index of a unit step in the kernel's 8 directions."""
    return None if direction is None else DIRECTIONS.index(direction)


def target_cell(state: DozenWarState, target: int) -> int:
    """The cell of a target (unit or castle)."""
    if target >= CASTLE_BASE:
        return state.castles[target - CASTLE_BASE].cell
    return state.units[target].cell


def target_alive(state: DozenWarState, target: int) -> bool:
    """Whether a target is still on the board (a standing castle, a living unit)."""
    if target >= CASTLE_BASE:
        index = target - CASTLE_BASE
        return 0 <= index < len(state.castles) and state.castles[index].hp > 0
    return target in state.units
