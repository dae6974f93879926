"""Legal actions for every decision: the turn's actions here (§8), every other decision's in
the module that rules it (registered on the agenda by kind)."""

from __future__ import annotations

import functools
import itertools
import operator
from collections.abc import Callable, Collection, Iterable, Sequence
from typing import TYPE_CHECKING, Any

from tabletop.core import Action

from . import combat, interpreter
from .actions import ACTION_COLS, Attack, Dig, EndTurn, HandOver, Move, PlayCard, Revive, UseSkill, Warp
from .agenda import LEGAL
from .board import (
    attack_range,
    cells_within,
    clear_cells,
    may_stand,
    move_budget,
    occupancy,
    shoots_over_units,
    spec_of,
    to_action_cell,
)
from .components import (
    CARDS,
    CELL_CAPACITY,
    GENERALS,
    MAPS,
    MODE_MAP,
    REVIVE_COST,
    SKILLS,
    ULTIMATE_COST,
    MapSpec,
    stats_of,
)
from .model import Unit
from .table import dead_generals, designs_in_hand, standing_castles

if TYPE_CHECKING:
    from .board import Occupancy
    from .state import DozenWarState

    #: See :data:`_LAST_CODES`.
    _CodesSnapshot = tuple[Occupancy, int, str, list[int], "CellCodes", int, int, Collection[int]]


def legal_actions(state: DozenWarState) -> list[Action]:
    """Every legal action of the pending decision."""
    task = state.tasks[-1]
    return LEGAL[task.kind](state, task)


def can_attack(unit: Unit) -> bool:
    """R12.2: the unit has not attacked, dug or handed pieces over, and no status stops it."""
    return not (
        unit.attacked
        or unit.dug
        or unit.gave
        or (bool(unit.statuses) and (unit.has("stun") or unit.has("root") or unit.has("freeze")))
    )


def may_use_skills(unit: Unit) -> bool:
    """R5.2c, R5.3a, R8.10: a living general that has not attacked, dug or handed over, and is
    not stunned, may use skills."""
    return not (unit.attacked or unit.dug or unit.gave or (bool(unit.statuses) and unit.has("stun")))


def revivals(state: DozenWarState, seat: int) -> list[Revive]:
    """R8.14: the revivals ``seat`` may pay for now: each dead general into each own standing
    castle without a general, while it has 4 coins (never in Engage, R11)."""
    if state.mode == "engage" or state.coins[seat] < REVIVE_COST:
        return []
    dead = dead_generals(state, seat)
    if not dead:
        return []
    occ = occupancy(state)
    cells = [
        state.castles[i].cell
        for i in standing_castles(state, seat)
        if not any(state.units[u].general for u in occ[state.castles[i].cell])
    ]
    spec = spec_of(state)
    return [Revive(g, to_action_cell(spec, c)) for g in dead for c in cells]


def turn_actions(state: DozenWarState) -> list[Action]:
    """The actions of the ``turn`` decision (R8.0): moves, attacks, skills, cards, digs,
    hand-overs, warps and ending the turn. Revival is the ``revive`` decision before it."""
    seat = state.turns.current
    spec = spec_of(state)
    occ = occupancy(state)
    engage = state.mode == "engage"
    found: list[Action] = []
    hand = designs_in_hand(state, seat)
    cards_ok = not (engage and state.card_played)
    everyone = state.units.values()
    mine = sorted(itertools.compress(everyone, map(seat.__eq__, map(_OWNER, everyone))), key=_BY_ID)
    classes = frozenset(map(_CLS, mine))
    key = (
        seat,
        state.mode,
        tuple(state.side_of),
        tuple(state.modifiers),
        tuple(hand) if cards_ok else (),
        classes,
    )
    setup = _SETUPS.get(key)
    if setup is None:
        # Per class, the attack modifier cards that fit it (R6.4) with the range each adds: only
        # those bear on a unit of that class.
        modifiers = tuple(d for d in hand if d in _MODIFIERS) if cards_ok else ()
        fitting = (
            {cls: _fitting(modifiers, cls) for cls in classes} if modifiers else dict.fromkeys(classes, ())
        )
        # Everything a unit's moves and attacks depend on besides the unit and its neighbourhood.
        common = (state.mode, tuple(state.side_of), tuple(m for m in state.modifiers if m[0] == seat))
        contexts = {cls: _context((*common, fits)) for cls, fits in fitting.items()}
        if len(_SETUPS) >= _SETUPS_KEPT:
            _SETUPS.clear()
        setup = _SETUPS[key] = (fitting, contexts)
    fitting, contexts = setup
    # The codes, their stamp, the stamp of the codes they were updated from and the cells
    # changed: an entry checked against those earlier codes whose cells all kept their codes holds.
    codes, stamp, parent, changed = _cell_codes(state, seat, occ, engage)
    blocks = _BLOCKS
    kept = blocks.get
    signed = _SIGNED_BLOCKS
    alike = signed.get
    for unit in mine:
        entry = kept(id(unit))
        context = contexts[unit.cls]
        if entry is not None and entry[0] is unit and entry[1] == context:
            checked = entry[6]
            if checked == stamp:
                found += entry[4]
                continue
            if (checked == parent and entry[5].isdisjoint(changed)) or entry[2](codes) == entry[3]:
                entry[6] = stamp
                found += entry[4]
                continue
        # Another object of the same unit with the same moves and reach (flags reset, HP lost,
        # a search replaying a move) and the same codes around it lists the same block.
        budget = move_budget(state, unit)
        reach = attack_range(state, unit) if can_attack(unit) else None
        signature = (unit.id, unit.owner, unit.cell, unit.cls, unit.general, budget, reach, id(context))
        shared = alike(signature)
        if shared is not None and shared[2](codes) == shared[3]:
            entry = [unit, *shared[1:6], stamp]
        else:
            (zone, zone_cells), block = _unit_block(
                state, spec, unit, budget, reach, fitting[unit.cls], codes, engage
            )
            entry = [unit, context, zone, zone(codes), block, zone_cells, stamp]
            if len(signed) >= _BLOCKS_KEPT:
                signed.clear()
            # The entry holds the context, so no other object takes its id while it is kept.
            signed[signature] = entry
        if len(blocks) >= _BLOCKS_KEPT:
            blocks.clear()
        blocks[id(unit)] = entry
        found += entry[4]
    if not state.attack_skill_used:
        for unit in mine:
            # R13.6: a rooted general uses no attack-icon skills (the only ones listed here).
            if unit.general and may_use_skills(unit) and not (unit.statuses and unit.has("root")):
                found.extend(_skill_actions(state, seat, unit, fitting[unit.cls], occ, codes))
    if cards_ok:
        for design in hand:
            if design in _ACTIONS and _card_playable(state, seat, design, occ, codes):
                play = _PLAYS.get(design)
                if play is None:
                    play = _PLAYS[design] = PlayCard(design)
                found.append(play)
    if not engage:
        generals = [unit for unit in mine if unit.general]
        found.extend(_digs(state, generals))
        found.extend(_hand_overs(state, generals))
        found.extend(_warps(state, seat, mine, occ))
    found.append(_END_TURN)
    return found


#: Per seat, mode, sides, round modifiers, hand (none where no card may be played) and unit
#: classes: the fitting attack modifier cards and the contexts per class (never changed).
_SETUPS: dict[tuple[Any, ...], tuple[dict[str, Any], dict[str, Any]]] = {}
#: Setups kept before all are dropped.
_SETUPS_KEPT = 4096
#: One object per context value, so that a unit's signature names its context by id.
_CONTEXTS: dict[tuple[Any, ...], tuple[Any, ...]] = {}


def _context(value: tuple[Any, ...]) -> tuple[Any, ...]:
    """The one context object equal to ``value``."""
    kept = _CONTEXTS.get(value)
    if kept is None:
        if len(_CONTEXTS) >= _SETUPS_KEPT:
            _CONTEXTS.clear()
        kept = _CONTEXTS[value] = value
    return kept


_BY_ID = operator.attrgetter("id")
_OWNER = operator.attrgetter("owner")
_CLS = operator.attrgetter("cls")
_CELL = operator.attrgetter("cell")

#: Per attack modifier card (R6.4, R12.3): its group and the range it adds.
_MODIFIERS: dict[str, tuple[str, int]] = {
    design: (card.group, int(combat.attack_mods(design).get("range", 0)))
    for design, card in CARDS.items()
    if card.kind == "attack_modifier"
}
#: The cards that may be played as an action (R6.5, R6.8): action, both-icon and attack kinds.
_ACTIONS = frozenset(
    design for design, card in CARDS.items() if card.kind in ("action", "action_or_defence", "attack")
)


@functools.cache
def _fitting(modifiers: tuple[str, ...], cls: str) -> tuple[tuple[str, int], ...]:
    """The attack modifier cards among ``modifiers`` that fit a unit of ``cls`` (R6.4), in order,
    each with the range it adds."""
    return tuple((d, _MODIFIERS[d][1]) for d in modifiers if _MODIFIERS[d][0] in ("common", cls))


#: Move actions are immutable values: one object per (unit, cell), shared by every state.
_MOVES: dict[tuple[int, int], Move] = {}
#: Per (unit, mode): per board cell of the mode's map, that unit's move there (from _MOVES), or
#: ``None`` until one is listed (a game lists a unit's moves to a fraction of the cells).
_MOVE_ROWS: dict[tuple[int, str], list[Move | None]] = {}


def _moves_to(uid: int, mode: str, cells: list[int]) -> list[Action]:
    """The shared moves of unit ``uid`` to ``cells`` (board cells of the mode's map)."""
    row = _MOVE_ROWS.get((uid, mode))
    if row is None:
        row = _MOVE_ROWS[uid, mode] = [None] * MAPS[MODE_MAP[mode]].grid.size
    found: list[Any] = list(map(row.__getitem__, cells))
    if not all(found):  # a move never listed before (a move object is always true)
        grid = MAPS[MODE_MAP[mode]].grid
        codes = _action_cells(grid.cols, grid.size)
        for index, cell in enumerate(cells):
            if found[index] is None:
                key = (uid, codes[cell])
                move = _MOVES.get(key)
                if move is None:
                    move = _MOVES.setdefault(key, Move(uid, codes[cell]))
                found[index] = row[cell] = move
    return found


#: Attack actions likewise: one object per (unit, card).
_ATTACKS: dict[tuple[int, str], Attack] = {}

#: Per unit object (by ``id``; the entry holds the unit, so the id is not reused while it is
#: kept): the context, the getter of its neighbourhood's cells, their values then, and the moves
#: and attacks listed for it. A unit is frozen, so the same object with the same context and
#: neighbourhood has the same moves and attacks: most units are untouched by one action.
#: The entry also holds the set of those cells and the stamp of the codes it was last checked on.
_BLOCKS: dict[int, list[Any]] = {}
#: Entries kept before all are dropped: a few hundred turns' worth (a state has some 60 units),
#: few enough that the garbage collector's full passes over them stay short.
_BLOCKS_KEPT = 2048
#: The same entries per unit signature: its id, owner, cell, class, general, move budget and
#: reach (``None``: it may not attack), and the context (by id: one object per value, see
#: :func:`_context`; each entry holds its context, so the id stays that object's). A block is
#: a function of those and of the codes its zone reads, so an entry holds where the zone's
#: codes are the entry's.
_SIGNED_BLOCKS: dict[tuple[Any, ...], list[Any]] = {}


def _unit_block(
    state: DozenWarState,
    spec: MapSpec,
    unit: Unit,
    budget: int,
    reach: int | None,
    fits: tuple[tuple[str, int], ...],
    board: CellCodes,
    engage: bool,
) -> tuple[tuple[Callable[[CellCodes], Any], frozenset[int]], list[Action]]:
    """R8.1, R12.2-R12.4: one unit's moves (up to ``budget`` steps) and normal attacks (at
    ``reach``, ``None``: none; with each attack modifier card that fits it, ``fits``: with the range
    each adds), and a getter of the cells they depend on (with the set of those cells): those
    within its move budget and those on its rays within its longest reach. ``board`` is the
    unit's owner's cell codes."""
    uid = unit.id
    found = _moves_to(uid, state.mode, _destinations(spec, unit, budget, board[0], engage))
    longest = 0
    stopping = 2
    if reach is not None:
        cell = unit.cell
        targets = board[1]
        stopping = 3 if unit.cls == "archer" else 2  # R3.3: archers shoot over units, not mountains
        stops = board[stopping]
        longest = reach
        plain = _reaches(_aimed(spec.id, cell, reach), targets, stops)
        if plain:
            found.append(_attack(uid, ""))
        for design, extra in fits:
            longest = max(longest, reach + extra)
            if (plain and not extra) or (
                extra and _reaches(_aimed(spec.id, cell, reach + extra), targets, stops)
            ):
                found.append(_attack(uid, design))
    near = 0 if unit.general else 4
    return _zone(state.mode, unit.cell, budget, longest, stopping, near), found


def _destinations(spec: MapSpec, unit: Unit, budget: int, moves: list[int], engage: bool) -> list[int]:
    """:func:`~.board.destinations`' cells in order, read from the owner's move codes."""
    if budget <= 0:
        return []
    general = bool(unit.general)
    climber = not general and stats_of(unit.cls, False).can_climb_mountain
    end = _MAY_END[engage, general, climber]
    here = unit.cell
    ends = end.__getitem__
    codes = moves.__getitem__
    if budget == 1:
        near = _SORTED_NEIGHBOURS[spec.id][here]
        found = list(itertools.compress(near, map(ends, map(codes, near))))
    else:
        # The kernel's breadth-first reach (SquareGrid.reachable) level by level, without paths:
        # every cell first seen within the budget is reached, and walked on from when its code
        # lets the unit pass; those whose code lets the move end there are the destinations.
        table = _NEIGHBOUR_SETS[spec.id]
        passing = _MAY_PASS[engage, general]
        seen = {here}
        frontier = [here]
        passes = passing.__getitem__
        for _ in range(budget):
            ahead = set().union(*map(table.__getitem__, frontier))
            ahead -= seen
            seen |= ahead
            frontier = list(itertools.compress(ahead, map(passes, map(codes, ahead))))
            if not frontier:
                break
        seen.discard(here)
        found = sorted(itertools.compress(seen, map(ends, map(codes, seen))))
    volcano = spec.volcano
    if climber and volcano in found and moves[volcano] & _MOUNTAIN:
        found.remove(volcano)  # R2.2a: nobody climbs the volcano
    return found


#: Per map and cell, its neighbours in index order, and as a set.
_SORTED_NEIGHBOURS = {
    name: tuple(tuple(sorted(cells)) for cells in spec.grid.neighbour_table()) for name, spec in MAPS.items()
}
_NEIGHBOUR_SETS = {
    name: tuple(frozenset(cells) for cells in spec.grid.neighbour_table()) for name, spec in MAPS.items()
}


def _reaches(
    aim: tuple[tuple[int, ...], tuple[tuple[int, ...], ...]], targets: list[int], stops: list[Any]
) -> bool:
    """:func:`~.board.attack_reaches_target` read from the cell codes: a target on a ray within
    reach before anything that stops the line of fire (``aim``: :func:`_aimed`'s cells and rays)."""
    aimed, walks = aim
    if not any(map(targets.__getitem__, aimed)):
        return False  # most units: no target on their rays at all, whatever stands between
    for ray in walks:
        for cell in ray:
            if targets[cell]:
                return True
            if stops[cell]:
                break
    return False


@functools.cache
def _aimed(map_id: str, cell: int, reach: int) -> tuple[tuple[int, ...], tuple[tuple[int, ...], ...]]:
    """The cells on the rays from ``cell`` within ``reach`` on the map ``map_id``, and those
    rays (cut at ``reach``) in direction order."""
    walks = tuple(ray[:reach] for ray in MAPS[map_id].grid.rays(cell))
    # Joined and filtered at C level: a fresh process meets some 70 of these in its first game.
    return tuple(itertools.chain.from_iterable(walks)), tuple(filter(None, walks))


def _attack(uid: int, design: str) -> Attack:
    """The shared attack action of a unit with a card (``""``: none)."""
    key = (uid, design)
    attack = _ATTACKS.get(key)
    if attack is None:
        attack = _ATTACKS[key] = Attack(uid, design)
    return attack


#: Codes of a cell for one player's moves: what R8.3a and R13.7 read (see :func:`_cell_codes`).
_MOUNTAIN, _FRIENDLY, _FULL, _GENERAL, _OCCUPIED = 1, 2, 4, 8, 16
#: Moves, targets, blockers, mountains, the move codes as a soldier's moves read them (no
#: general bit: R8.3-R8.4 stop generals at generals, soldiers only at full cells), and per cell
#: whether an enemy unit is there (the cell's owner an enemy: R12.4) and whether an enemy unit
#: or an enemy castle is (what a strike that may hit castles finds there, R2.8).
CellCodes = tuple[list[int], list[int], list[int], list[bool], list[int], list[int], list[int]]


def _cell_codes(
    state: DozenWarState, seat: int, occ: Occupancy, engage: bool
) -> tuple[CellCodes, int, int, Collection[int]]:
    """The board as ``seat``'s units' moves and attacks see it, per cell: a move code (mountain,
    friendly, full of soldiers, a general there, occupied where that matters: Engage, a
    mountain), whether an enemy target is there (R12.4, R2.8) and whether it stops a line of fire
    (R2.1d). Coarser than the board, so a unit's own neighbours moving about leave most codes as
    they were. With the codes: their stamp (unique to them), the stamp of the codes they were
    updated from (-1: none) and the cells whose codes may differ from those."""
    last = _LAST_CODES[0]  # one immutable snapshot: another thread may replace it meanwhile
    if last is not None and last[1] == seat and last[2] == state.mode and last[3] == state.side_of:
        if occ is last[0]:
            return last[4:]
        if occ.parent is last[0]:
            # The view was updated from the one these codes were built on (same castles and
            # terrain): only its changed cells can have other codes.
            codes = _changed_codes(state, seat, occ, engage, last[4])
            last = (occ, seat, state.mode, last[3], codes, next(_STAMPS), last[5], occ.changed)
            _LAST_CODES[0] = last
            return last[4:]
    codes = _all_codes(state, seat, occ, engage)
    last = (occ, seat, state.mode, list(state.side_of), codes, next(_STAMPS), -1, ())
    _LAST_CODES[0] = last
    return last[4:]


#: The last cell codes built, as one tuple replaced whole (so that threads playing at once never
#: read parts of two): the view, seat, mode and sides they were built from, the codes, their
#: stamp, the stamp of the codes they were updated from (-1: none) and the cells changed since.
_LAST_CODES: list[_CodesSnapshot | None] = [None]
_STAMPS = itertools.count()


def _changed_codes(
    state: DozenWarState, seat: int, occ: Occupancy, engage: bool, before: CellCodes
) -> CellCodes:
    """:func:`_all_codes` from the codes of ``occ``'s parent view, recomputing the changed cells
    alone (each cell's codes read only that cell's units and castle)."""
    return _recode(
        state,
        seat,
        occ,
        engage,
        (
            before[0].copy(),
            before[1].copy(),
            before[2].copy(),
            before[4].copy(),
            before[5].copy(),
            before[6].copy(),
        ),
        occ.changed,
    )


def _all_codes(state: DozenWarState, seat: int, occ: Occupancy, engage: bool) -> CellCodes:
    """:func:`_cell_codes` built afresh: the empty board's codes, recomputed where a unit or a
    standing castle is (a map's castles stand on distinct cells)."""
    moves, targets, blockers = _templates(state.mode, tuple(state.terrain))
    cells = set(map(_CELL, state.units.values()))
    cells.update(castle.cell for castle in state.castles if castle.hp > 0)
    return _recode(
        state,
        seat,
        occ,
        engage,
        (moves.copy(), targets.copy(), blockers.copy(), moves.copy(), targets.copy(), targets.copy()),
        cells,
    )


def _recode(
    state: DozenWarState,
    seat: int,
    occ: Occupancy,
    engage: bool,
    lists: tuple[list[int], list[int], list[int], list[int], list[int], list[int]],
    cells: Iterable[int],
) -> CellCodes:
    """The codes of ``cells`` set in these lists (moves, targets, blockers, soldiers' moves,
    enemy units, enemy units or castles) from the empty board's and the view's."""
    moves, targets, blockers, soldier_moves, foes, hostile = lists
    template_moves, _, template_blockers = _templates(state.mode, tuple(state.terrain))
    side = state.side_of
    mine = side[seat]
    ids, owner, soldiers, general, mountain = occ.ids, occ.owner, occ.soldiers, occ.general, occ.mountain
    keepers = occ.castle_owner
    full = CELL_CAPACITY.limits["soldier"]
    for cell in cells:
        code = template_moves[cell]
        target = foe = 0
        blocker = template_blockers[cell]
        if ids[cell]:
            who = owner[cell]
            if who != seat:
                code &= ~_FRIENDLY
                if side[who] != mine:
                    target = foe = 1
            if soldiers[cell] >= full:
                code |= _FULL
            if general[cell]:
                code |= _GENERAL
            if engage or mountain[cell]:
                code |= _OCCUPIED
            blocker = 1
        keeper = keepers[cell]
        enemy_castle = 0
        if keeper != -1 and keeper != seat:
            code &= ~_FRIENDLY
            if side[keeper] != mine:
                enemy_castle = 1
                if not soldiers[cell]:
                    target = 1
        moves[cell] = code
        soldier_moves[cell] = code & ~_GENERAL
        targets[cell] = target
        blockers[cell] = blocker
        foes[cell] = foe
        hostile[cell] = foe | enemy_castle
    return moves, targets, blockers, mountain, soldier_moves, foes, hostile


def _end_code(code: int, engage: bool, general: bool, climber: bool) -> bool:
    """R13.7 (R2.3a, R11.3, R8.2-R8.4): whether a unit may end a move on a cell of this code
    (the volcano apart)."""
    if code & _MOUNTAIN:
        return climber and not code & _OCCUPIED
    if not code & _FRIENDLY:
        return False
    if engage:
        return not code & _OCCUPIED
    return not code & (_GENERAL if general else _FULL)


def _pass_code(code: int, engage: bool, general: bool) -> bool:
    """R8.3a (R11.3): whether a unit may pass through a cell of this code."""
    if code & _MOUNTAIN or not code & _FRIENDLY:
        return False
    return engage or not (code & _FULL or (general and code & _GENERAL))


_FLAGS = (False, True)
#: Per (engage, general, climber): per move code, whether a move may end there.
_MAY_END = {
    (e, g, c): tuple(_end_code(code, e, g, c) for code in range(32))
    for e in _FLAGS
    for g in _FLAGS
    for c in _FLAGS
}
#: Per (engage, general): per move code, whether a move may pass through.
_MAY_PASS = {(e, g): tuple(_pass_code(code, e, g) for code in range(32)) for e in _FLAGS for g in _FLAGS}


@functools.cache
def _templates(mode: str, terrain: tuple[int, ...]) -> tuple[list[int], list[int], list[int]]:
    """The codes of an empty board (mountains only): copied, then the units and castles set."""
    size = MAPS[MODE_MAP[mode]].grid.size
    moves = [_FRIENDLY] * size
    blockers = [0] * size
    for cell in terrain:
        moves[cell] = _MOUNTAIN
        blockers[cell] = 1
    return moves, [0] * size, blockers


def _getter(cells: list[int]) -> Callable[[Sequence[int]], Any]:
    """A C-level getter of ``cells``' entries of a per-cell list (comparable, not a tuple)."""
    if not cells:
        return lambda codes: None
    return operator.itemgetter(*cells)


@functools.cache
def _zone(
    mode: str, cell: int, budget: int, reach: int, stopping: int, moving: int
) -> tuple[Callable[[CellCodes], Any], frozenset[int]]:
    """A getter of the codes a unit on ``cell`` moving up to ``budget`` steps and shooting up
    to ``reach`` along its rays depends on: the move codes of its own cell and of those within
    ``budget`` steps, the targets on its rays within ``reach``, and before that what stops its
    line of fire (``stopping``: the codes' index of blockers, or of mountains for archers;
    ``moving``: the index of the move codes the unit's moves read, a general's or a soldier's)."""
    near, near_cells = _near_zone(mode, cell, budget)
    aimed, passed, ray_cells = _ray_zone(mode, cell, reach)
    if len(ray_cells) < 2:  # no cell lies before another on a ray: nothing can stop a shot
        return lambda codes: (near(codes[moving]), aimed(codes[1])), near_cells | ray_cells

    def key(codes: CellCodes) -> Any:
        targets = aimed(codes[1])
        # With no target on its rays a unit has no attack, whatever stands between, so a unit
        # passing through them (most moves) leaves its block as it was.
        return near(codes[moving]), targets, passed(codes[stopping]) if 1 in targets else None

    return key, near_cells | ray_cells


@functools.cache
def _near_zone(mode: str, cell: int, budget: int) -> tuple[Callable[[Sequence[int]], Any], frozenset[int]]:
    """A getter of the cell ``cell`` and those within ``budget`` steps of it, and their set."""
    near_cells = frozenset((cell, *MAPS[MODE_MAP[mode]].grid.within(cell, max(budget, 0))))
    return _getter(sorted(near_cells)), near_cells


@functools.cache
def _ray_zone(
    mode: str, cell: int, reach: int
) -> tuple[Callable[[Sequence[int]], Any], Callable[[Sequence[int]], Any], frozenset[int]]:
    """Getters of the cells on the rays from ``cell`` within ``reach`` and of those before each
    ray's last, and the set of them all."""
    aimed, rays = _aimed(MODE_MAP[mode], cell, reach)
    passed_cells = {c for ray in rays for c in ray[:-1]}
    return _getter(sorted(set(aimed))), _getter(sorted(passed_cells)), frozenset(aimed)


@functools.cache
def _action_cells(cols: int, size: int) -> tuple[int, ...]:
    """Per board cell, the cell code actions use (``row * 13 + col``)."""
    return tuple((c // cols) * ACTION_COLS + c % cols for c in range(size))


def _skill_actions(
    state: DozenWarState,
    seat: int,
    unit: Unit,
    fits: tuple[tuple[str, int], ...],
    occ: Occupancy,
    codes: CellCodes,
) -> list[Action]:
    """R5.2, R5.3, R13: the uses of the attack-icon skills of a general that may use skills and
    is not rooted (``fits``: the attack modifier cards that fit it, with their ranges; ``codes``:
    ``seat``'s cell codes of ``occ``)."""
    found: list[Action] = []
    marks = state.marks[seat]
    for skill_id, ultimate, copying in _attack_skills(unit.general):
        if skill_id in marks:
            continue
        if ultimate and state.mode != "engage" and state.coins[seat] < ULTIMATE_COST:
            continue
        if copying:
            for copied in combat.copyable(state, seat, ("attack", "both")):
                found.extend(_skill_uses(state, seat, unit, skill_id, copied, fits, occ, codes))
            continue
        found.extend(_skill_uses(state, seat, unit, skill_id, "", fits, occ, codes))
    return found


@functools.cache
def _attack_skills(general: str) -> tuple[tuple[str, bool, bool], ...]:
    """The general's attack-icon skills (R5.3a), each with whether it is an ultimate and
    whether it copies another skill (Sao Chép)."""
    return tuple(
        (skill_id, SKILLS[skill_id].ultimate, SKILLS[skill_id].effect[0]["op"] == "copy_skill")
        for skill_id in GENERALS[general].skills
        if SKILLS[skill_id].timing in ("attack", "both")
    )


#: How a skill's first operation is checked (see :func:`_skill_uses`).
_STRIKE, _HOSTILE, _TELEPORT, _SUMMON, _OTHER = range(5)
#: Per skill: how its first operation is checked, and that operation.
_FIRST_OPS: dict[str, tuple[int, dict[str, Any]]] = {}
for _skill_id, _entry in SKILLS.items():
    _first = _entry.effect[0]
    _FIRST_OPS[_skill_id] = (
        _STRIKE
        if _first["op"] in combat.ATTACK_OPS
        else _HOSTILE
        if _first["op"] == "status" and _first.get("hostile")
        else _TELEPORT
        if _first["op"] == "teleport"
        else _SUMMON
        if _first["op"] == "summon"
        else _OTHER,
        _first,
    )


def _skill_uses(
    state: DozenWarState,
    seat: int,
    unit: Unit,
    skill_id: str,
    copied: str,
    fits: tuple[tuple[str, int], ...],
    occ: Occupancy,
    codes: CellCodes,
) -> list[Action]:
    """The uses of one attack-icon skill (``copied``: the skill it copies, ``""``: none) by a
    general that may use it, not rooted, with each fitting attack modifier card where a strike
    (R6.4)."""
    how, first = _FIRST_OPS[copied or skill_id]
    if how == _STRIKE:
        if not can_attack(unit):
            return []
        uses: list[Action] = []
        plain = _strike_possible(state, seat, unit, first, "", occ, codes)
        if plain:
            uses.append(_use(skill_id, "", copied))
        for design, extra in fits:
            # A card without range finds the targets the skill finds alone (only range moves them).
            if extra == 0:
                if plain:
                    uses.append(_use(skill_id, design, copied))
            elif _strike_possible(state, seat, unit, first, design, occ, codes):
                uses.append(_use(skill_id, design, copied))
        return uses
    if how == _HOSTILE:
        return (
            [_use(skill_id, "", copied)]
            if interpreter.any_selected(state, seat, unit.id, first["select"])
            else []
        )
    if how == _TELEPORT:
        if unit.attacked:
            return []
        return [_use(skill_id, "", copied)] if _teleport_possible(state, seat, unit.id, first, codes) else []
    if how == _SUMMON:
        return [_use(skill_id, "", copied)] if _summon_possible(state, seat, unit.id, first, codes) else []
    if interpreter.effect_possible(state, seat, unit.id, first, window=False):
        return [_use(skill_id, "", copied)]
    return []


def _strike_possible(
    state: DozenWarState,
    seat: int,
    unit: Unit | None,
    op: dict[str, Any],
    card: str,
    occ: Occupancy,
    codes: CellCodes,
) -> bool:
    """:func:`~.combat.has_targets` for a strike ``op`` by ``seat`` with ``unit`` (``None``: by
    the player) and ``card``, read at C level from ``seat``'s cell codes of ``occ`` where they
    decide it exactly: a selector of any unit kind (the codes' enemy units, or enemy units and
    castles: R2.8's castle with enemy soldiers inside is a target cell all the same), or of
    generals anywhere. Targets are tested before what stops a line of fire, as its walk does."""
    sel = op["select"]
    shape = sel.get("shape", "attack_range")
    kinds = sel.get("unit", "any")
    castles = bool(sel.get("or_castle", False))
    if kinds == "any":
        targets = codes[6] if castles else codes[5]
        if shape == "anywhere":
            return any(targets)
        if unit is None:
            return False
        reach = combat.op_range(state, unit, sel, combat.attack_mods(card))
        if shape == "radius":
            return any(
                map(targets.__getitem__, clear_cells(state.mode, tuple(state.terrain), unit.cell, reach))
            )
        map_id = MODE_MAP[state.mode]
        cell = unit.cell
        over = bool(sel.get("over_units", False)) or (shape == "attack_range" and shoots_over_units(unit))
        return _reaches(_aimed(map_id, cell, reach), targets, codes[3] if over else codes[2])
    if kinds == "general" and shape == "anywhere" and not castles:
        return any(map(operator.and_, codes[5], occ.general))
    return combat.has_targets(state, seat, None if unit is None else unit.id, op, card, occ)


def _teleport_possible(
    state: DozenWarState, seat: int, user: int, op: dict[str, Any], codes: CellCodes
) -> bool:
    """:func:`~.interpreter.effect_possible` of a teleport ``op`` outside a window (``user``: the
    skill's general, -1: a card's), R13.7's test read from ``seat``'s move codes: a unit of
    ``seat`` that does not climb may end where a move of it may (the cell it stands on apart)."""
    within = int(op["within"])
    units = state.units
    engage = state.mode == "engage"
    moves = codes[0]
    for uid in interpreter.select_units(state, seat, user, op["select"]):
        unit = units[uid]
        if unit.owner != seat:  # an ally's receiver (R10.9d): the codes are seat's
            return interpreter.effect_possible(state, seat, user, op, window=False)
        if _may_end_in(
            _MAY_END[engage, bool(unit.general), False], moves, cells_within(state.mode, unit.cell, within)
        ):
            return True
    return False


def _may_end_in(end: tuple[bool, ...], moves: list[int], cells: Iterable[int]) -> bool:
    """Whether a move that ``end`` (a row of :data:`_MAY_END`) judges may end on one of ``cells``
    by their ``moves`` codes."""
    return any(map(end.__getitem__, map(moves.__getitem__, cells)))


def _summon_possible(
    state: DozenWarState, seat: int, user: int, op: dict[str, Any], codes: CellCodes
) -> bool:
    """:func:`~.interpreter.summon_possible` with R13.7's test read from ``seat``'s move codes: a
    new soldier of ``seat`` (of any class: none climbs when summoned) may stand where a soldier's
    move may end."""
    if op.get("requires") == "one_of_your_soldiers_died_this_game" and not state.soldier_died[seat]:
        return False
    end = _MAY_END[state.mode == "engage", False, False]
    moves = codes[0]
    within = int(op["within"])
    return any(
        _may_end_in(end, moves, cells_within(state.mode, anchor, within, True))
        for anchor in interpreter.summon_anchors(state, seat, user, op)
    )


#: Skill uses, cards played and the end of a turn, shared like moves: one object per value.
_USES: dict[tuple[str, str, str], UseSkill] = {}
_PLAYS: dict[str, PlayCard] = {}
_END_TURN = EndTurn()


def _use(skill_id: str, design: str, copied: str) -> UseSkill:
    """The shared use of a skill (with an attack card, and the skill it copies; ``""``: none)."""
    key = (skill_id, design, copied)
    use = _USES.get(key)
    if use is None:
        use = _USES[key] = UseSkill(*key)
    return use


def _card_playable(state: DozenWarState, seat: int, design: str, occ: Occupancy, codes: CellCodes) -> bool:
    """R6.5, R6.8: an action, both-icon or attack-kind card with a legal effect now (``codes``:
    ``seat``'s cell codes of ``occ``)."""
    card = CARDS[design]
    if card.kind not in ("action", "action_or_defence", "attack"):
        return False
    first = card.effect[0]
    if first["op"] == "strike":
        if first.get("by") == "player":
            return _strike_possible(state, seat, None, first, "", occ, codes)
        return any(
            u.owner == seat
            and u.cls == "infantry"
            and can_attack(u)
            and _strike_possible(state, seat, u, first, "", occ, codes)
            for u in state.units.values()
        )  # lao_moc_units, stopping at the first
    if first["op"] == "buff":
        return interpreter.any_buff_candidate(state, seat, -1, first, design)
    if first["op"] == "heal":
        return interpreter.any_selected(state, seat, -1, first["select"])
    if first["op"] == "teleport":
        return _teleport_possible(state, seat, -1, first, codes)
    if first["op"] == "summon":
        return _summon_possible(state, seat, -1, first, codes)
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
    spec = spec_of(state)
    mountains = state.mountains
    here = unit.cell
    found = list(filter(mountains.get, _SORTED_NEIGHBOURS[spec.id][here]))  # those with a token stack
    if (here == spec.volcano and not state.volcano_up and mountains.get(here)) or state.loose.get(here):
        found.append(here)
        found.sort()
    return found


def _digs(state: DozenWarState, generals: list[Unit]) -> list[Action]:
    """R8.10: the digs of the turn's own living ``generals``."""
    spec = spec_of(state)
    found: list[Action] = []
    for unit in generals:
        if unit.attacked or unit.acted or unit.dug or (unit.statuses and unit.has("stun")):
            continue
        for cell in diggable_cells(state, unit):
            found.append(Dig(unit.id, to_action_cell(spec, cell)))
    return found


def _hand_overs(state: DozenWarState, generals: list[Unit]) -> list[Action]:
    """R8.11: the hand-overs of map pieces between the turn's own living ``generals``."""
    if len(generals) < 2:
        return []
    grid = spec_of(state).grid
    found: list[Action] = []
    for giver in generals:
        if not giver.pieces or giver.attacked or giver.acted or (giver.statuses and giver.has("stun")):
            continue
        for receiver in generals:
            # DW-8.11: a general that gave this turn takes none back, so hand-overs cannot cycle.
            if (
                receiver.id != giver.id
                and not receiver.gave
                and grid.distance(giver.cell, receiver.cell) <= 1
            ):
                found.extend(
                    HandOver(giver.id, receiver.id, n) for n in range(1, min(5, len(giver.pieces)) + 1)
                )
    return found


def _warps(state: DozenWarState, seat: int, mine: list[Unit], occ: Occupancy) -> list[Action]:
    spec = spec_of(state)
    warp = spec.volcano
    # Only the warp cell's units are read to see whether one of them is the player's.
    if warp is None or state.volcano_up or not any(state.units[u].owner == seat for u in occ.ids[warp]):
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
