"""Combat (§12) as one order of events: declaration, targets, a defence window per hit (guard,
defence skill, defence card, each answered by a Lucky Necklace where it is a card),
cancellation, heals, damage, riders, splash, deaths and credits, then counters.

Each step a player decides is its own decision (R12.15), offered to whoever decides it; the
defence-card step is offered to every defending player holding any card, with a pass, so the
decisions offered never reveal a hidden hand.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence
from typing import TYPE_CHECKING, Any

from tabletop.core import Action

from . import interpreter
from .actions import CASTLE_BASE, DefendCard, DefendSkill, Done, Guard, Pass, Target
from .agenda import auto, decision, pop, push
from .board import (
    attack_range,
    castle_at,
    clear_cells,
    direction_index,
    is_enemy,
    is_mountain,
    occupancy,
    ray_cells,
    shoots_over_units,
    spec_of,
    target_alive,
    target_cell,
    targets_in_cell,
)
from .components import CARDS, GENERAL_IDS, GENERALS, SKILLS, ULTIMATE_COST, stats_of
from .model import UNTIL_END_OF_TURN, UNTIL_OWNER_NEXT_TURN_END, Attack, Hit, Task, Unit
from .table import change, damage_castle, damage_unit, designs_in_hand, discard_card, heal

if TYPE_CHECKING:
    from .board import Occupancy
    from .state import DozenWarState

ATTACK_OPS: frozenset[str] = frozenset({"strike", "dice_strike"})


def owner_of(state: DozenWarState, target: int) -> int:
    """The player a target (unit or castle) belongs to."""
    if target >= CASTLE_BASE:
        return state.castles[target - CASTLE_BASE].owner
    return state.units[target].owner


def defending_side(state: DozenWarState, seat: int) -> list[int]:
    """R10.9b: the receiver's owner decides first, then its ally (alliance)."""
    side = [seat]
    for other in range(state.num_players):
        if other != seat and state.side_of[other] == state.side_of[seat] and not state.eliminated[other]:
            side.append(other)
    return side


def attack_mods(card: str) -> dict[str, Any]:
    """The ``attack_mod`` numbers of an attack modifier card (empty for none)."""
    if not card:
        return {}
    for op in CARDS[card].effect:
        if op["op"] == "attack_mod":
            return op
    return {}


# ---------------------------------------------------------------------- declaration (R12.3)


def declare(
    state: DozenWarState, player: int, unit_id: int | None, source: str, card: str, op: dict[str, Any]
) -> None:
    """Start an attack action (a normal attack, a fist skill, an attack-kind card)."""
    state.attack = Attack(player=player, unit=unit_id, source=source, card=card, op=op)
    if op.get("op") != "status":
        state.attacked = True  # R11.8: an attack action this turn
    if unit_id is not None and op.get("op") != "status":
        change(state, unit_id, attacked=True)  # R8.6: attacking ends the unit's actions
    push(state, "attack_end")
    push(state, "next_hit")
    push(state, "attack_targets")
    push(state, "attack_numbers", card=card)
    if card:
        interpreter.card_played(state, player, card)


def selector(state: DozenWarState, attack: Attack) -> dict[str, Any]:
    """The attack's target selector: the op's, or a normal attack's (R12.4)."""
    if attack.op:
        select: dict[str, Any] = attack.op["select"]
        return select
    unit = state.units.get(attack.unit) if attack.unit is not None else None
    over = unit is not None and shoots_over_units(unit)
    return {"side": "enemy", "unit": "any", "or_castle": True, "shape": "attack_range", "over_units": over}


@auto("attack_numbers")
def _numbers(state: DozenWarState, task: Task) -> None:
    """Fix the attack's numbers once its card is settled (R12.3, R5.5a)."""
    pop(state)
    a = state.attack
    assert a is not None
    a.card = task.data["card"]
    fix_numbers(state, a, roll=True)


def fix_numbers(state: DozenWarState, a: Attack, roll: bool) -> None:
    """Damage, range, hits, guardability, splash and stars of ``a`` (``roll``: the die of a
    dice strike is rolled now; without it, only the geometry is meaningful)."""
    mod = attack_mods(a.card)
    card_star = CARDS[a.card].stars if a.card else 0
    unit = state.units.get(a.unit) if a.unit is not None else None
    op = a.op
    if op:
        sel = op["select"]
        if op["op"] == "dice_strike":
            branch = op["even"] if roll and state.rng.randint(1, 6) % 2 == 0 else op["odd"]
            base = int(branch["damage"])
            a.heal_user = int(branch.get("heal_user", 0))
        else:
            base = int(op.get("damage", 0))
        buff_damage = unit.buff_damage if unit is not None else 0
        a.damage = base + (buff_damage + int(mod.get("damage", 0)) if base > 0 else 0)
        a.range = op_range(state, unit, sel, mod)
        unguardable = (unit is not None and unit.buff_unguardable) or bool(mod.get("unguardable"))
        a.guardable = bool(op.get("guardable", True)) and not unguardable and a.damage > 0
        a.splash = False
        hits = int(op.get("hits", 1))
        per_hit = op.get("targets") == "chosen_per_hit"
        a.max_targets = 0 if per_hit else int(sel.get("max", 1))
        a.extra = int(mod.get("strikes", 0)) + (hits if per_hit else hits - 1)
        a.star = max(_source_stars(state, a), card_star, unit.buff_star if unit is not None else 0)
        if op["op"] == "status":
            a.hostile_status = str(op["status"])
            a.damage = 0
            a.guardable = False
    else:
        assert unit is not None
        stats = stats_of(unit.cls, unit.is_general)
        a.damage = stats.damage + unit.buff_damage + int(mod.get("damage", 0))
        a.range = attack_range(state, unit, int(mod.get("range", 0)))
        a.guardable = not (unit.buff_unguardable or mod.get("unguardable"))
        a.splash = unit.cls == "cavalry"
        a.max_targets = max(1, unit.buff_max_targets)
        a.extra = unit.buff_strikes + int(mod.get("strikes", 0))
        a.star = max(card_star, unit.buff_star)
    a.splash_extra = int(mod.get("splash_extra", 0))


def op_range(state: DozenWarState, unit: Unit | None, sel: dict[str, Any], mod: dict[str, Any]) -> int:
    """R12.3: the range of a skill's or card's strike (``sel``: its selector) with a modifier."""
    reach = sel.get("range")
    if reach == "current" and unit is not None:
        return attack_range(state, unit, int(mod.get("range", 0)))
    if isinstance(reach, int):
        return reach + int(mod.get("range", 0))
    return 0


def has_targets(
    state: DozenWarState, player: int, unit_id: int | None, op: dict[str, Any], card: str, occ: Occupancy
) -> bool:
    """R12.3: whether an attack declared like this would have a legal target."""
    if not op:
        probe = Attack(player=player, unit=unit_id, source="probe", card=card, op=op)
        fix_numbers(state, probe, roll=False)
        return any_candidate(state, probe, occ)
    # Only the range of the numbers fix_numbers would fix bears on the targets.
    unit = state.units.get(unit_id) if unit_id is not None else None
    sel = op["select"]
    return _any_target(state, player, unit, sel, op_range(state, unit, sel, attack_mods(card)), None, occ)


def _source_stars(state: DozenWarState, attack: Attack) -> int:
    if attack.source in SKILLS:
        stars = SKILLS[attack.source].stars
        copied = attack.op.get("_copied_cap")
        return min(stars, int(copied)) if copied is not None else stars
    if attack.source in CARDS:
        return CARDS[attack.source].stars
    return 0


def candidates(state: DozenWarState, attack: Attack, occ: Occupancy, distinct: bool) -> list[int]:
    """Targets legal now for ``attack`` (R12.4, R13.2); ``distinct`` leaves out those chosen."""
    sel = selector(state, attack)
    player = attack.player
    shape = sel.get("shape", "attack_range")
    kinds = sel.get("unit", "any")
    castles = bool(sel.get("or_castle", False))
    spec = spec_of(state)
    unit = state.units.get(attack.unit) if attack.unit is not None else None
    if shape == "anywhere":
        # Only a cell with a unit or a standing castle holds a target.
        ids, keepers = occ.ids, occ.castle_owner
        cells: list[int] = [c for c in range(spec.grid.size) if ids[c] or keepers[c] != -1]
    elif unit is None:
        return []
    elif shape == "radius":
        cells = list(clear_cells(state.mode, tuple(state.terrain), unit.cell, attack.range))
    else:
        over = bool(sel.get("over_units", False)) or (shape == "attack_range" and shoots_over_units(unit))
        cells = [
            c
            for d, c in ray_cells(state, unit.cell, attack.range, over, occ)
            if attack.ray is None or d == attack.ray
        ]
    found = []
    for cell in cells:
        for target in targets_in_cell(state, player, cell, occ, castles):
            if target < CASTLE_BASE and not unit_kind_fits(state.units[target], kinds):
                continue
            if distinct and target in attack.chosen:
                continue
            found.append(target)
    return sorted(found)


def is_candidate(state: DozenWarState, attack: Attack, target: int, occ: Occupancy) -> bool:
    """Whether the living ``target`` is in :func:`candidates` (not ``distinct``): the same
    tests, at the target's own cell only."""
    sel = selector(state, attack)
    shape = sel.get("shape", "attack_range")
    unit = state.units.get(attack.unit) if attack.unit is not None else None
    cell = target_cell(state, target)
    if shape == "anywhere":
        pass  # every cell holding a target is searched
    elif unit is None:
        return False
    elif shape == "radius":
        if cell not in clear_cells(state.mode, tuple(state.terrain), unit.cell, attack.range):
            return False
    else:
        # ray_cells' walk, along the one ray that leads to the target's cell.
        d = direction_index(spec_of(state).grid.direction_to(unit.cell, cell))
        if d is None or (attack.ray is not None and d != attack.ray):
            return False
        over = bool(sel.get("over_units", False)) or (shape == "attack_range" and shoots_over_units(unit))
        mountain, ids = occ.mountain, occ.ids
        for c in spec_of(state).grid.rays(unit.cell)[d][: attack.range]:
            if c == cell:
                break
            if mountain[c] or (not over and ids[c]):
                return False
        else:
            return False
    if target not in targets_in_cell(state, attack.player, cell, occ, bool(sel.get("or_castle", False))):
        return False
    return target >= CASTLE_BASE or unit_kind_fits(state.units[target], sel.get("unit", "any"))


def any_candidate(state: DozenWarState, attack: Attack, occ: Occupancy) -> bool:
    """Whether :func:`candidates` (not ``distinct``) would find a target: the same tests, each
    cell's targets before its line to the unit, stopping at the first."""
    unit = state.units.get(attack.unit) if attack.unit is not None else None
    return _any_target(state, attack.player, unit, selector(state, attack), attack.range, attack.ray, occ)


def _any_target(
    state: DozenWarState,
    player: int,
    unit: Unit | None,
    sel: dict[str, Any],
    reach: int,
    only_ray: int | None,
    occ: Occupancy,
) -> bool:
    """:func:`any_candidate` for an attack by ``player`` with ``unit``, selector ``sel``, range
    ``reach`` and (when set) its one ray."""
    shape = sel.get("shape", "attack_range")
    kinds = sel.get("unit", "any")
    castles = bool(sel.get("or_castle", False))
    units = state.units
    if shape == "anywhere":
        # Only a cell with a unit or a standing castle holds a target.
        ids, keepers = occ.ids, occ.castle_owner
        cells: Iterable[int] = [c for c in range(spec_of(state).grid.size) if ids[c] or keepers[c] != -1]
    elif unit is None:
        return False
    else:
        # The cells' targets read in place (targets_in_cell's tests, stopping at the first).
        side = state.side_of
        mine = side[player]
        owner, ids, soldiers, mountain, keepers = (
            occ.owner,
            occ.ids,
            occ.soldiers,
            occ.mountain,
            occ.castle_owner,
        )
        any_kind = kinds == "any"
        walks: Iterable[Sequence[int]]
        if shape == "radius":  # the radius's clear cells, none stopping the walk
            walks = (clear_cells(state.mode, tuple(state.terrain), unit.cell, reach),)
            blocked = False
            over = True
        else:  # ray_cells' walk along each ray, stopped by what ends a line of fire
            rays = spec_of(state).grid.rays(unit.cell)
            walks = [ray[:reach] for d, ray in enumerate(rays) if only_ray is None or d == only_ray]
            blocked = True
            over = bool(sel.get("over_units", False)) or (shape == "attack_range" and shoots_over_units(unit))
        for walk in walks:
            for cell in walk:
                here = ids[cell]
                who = owner[cell]
                enemies = who != -1 and who != player and side[who] != mine
                if enemies and (any_kind or any(unit_kind_fits(units[t], kinds) for t in here)):
                    return True
                if castles:
                    keeper = keepers[cell]
                    if (
                        keeper != -1
                        and keeper != player
                        and side[keeper] != mine
                        and not (enemies and here and soldiers[cell])
                    ):
                        return True
                if blocked and (mountain[cell] or (not over and here)):
                    break
        return False
    return any(
        t >= CASTLE_BASE or unit_kind_fits(units[t], kinds)
        for c in cells
        for t in targets_in_cell(state, player, c, occ, castles)
    )


def unit_kind_fits(unit: Any, kinds: Any) -> bool:
    """R13.2 ``unit``: ``any``, ``general``, ``soldier``, a class word, or a list of them."""
    if isinstance(kinds, list):
        return any(unit_kind_fits(unit, k) for k in kinds)
    if kinds == "any":
        return True
    if kinds == "general":
        return bool(unit.general)
    if kinds == "soldier":
        return not unit.general
    if kinds == "infantry_soldier":
        return not unit.general and unit.cls == "infantry"
    return bool(unit.cls == kinds)


@auto("attack_targets")
def _attack_targets(state: DozenWarState, task: Task) -> None:
    pop(state)
    a = state.attack
    assert a is not None
    if a.max_targets < 1:
        return
    occ = occupancy(state)
    # Nothing is chosen yet at the declaration: any candidate is a new one.
    if any_candidate(state, a, occ) if not a.chosen else candidates(state, a, occ, True):
        push(state, "target", a.player, phase="declare")


def _legal_target(state: DozenWarState, task: Task) -> list[Action]:
    a = state.attack
    assert a is not None
    declaring = task.data["phase"] == "declare"
    found: list[Action] = [Target(t) for t in candidates(state, a, occupancy(state), declaring)]
    if declaring and a.chosen:
        found.append(Done())
    return found


@decision("target", _legal_target)
def _target(state: DozenWarState, task: Task, action: Action) -> None:
    a = state.attack
    assert a is not None
    if isinstance(action, Done):
        pop(state)
        return
    assert isinstance(action, Target)
    if not a.chosen and selector(state, a).get("single_ray") and a.unit is not None:
        grid = spec_of(state).grid
        a.ray = direction_index(
            grid.direction_to(state.units[a.unit].cell, target_cell(state, action.target))
        )
    a.chosen.append(action.target)
    a.targets.append(action.target)
    if (
        task.data["phase"] != "declare"
        or len(a.chosen) >= a.max_targets
        or not candidates(state, a, occupancy(state), True)
    ):
        pop(state)


# ---------------------------------------------------------------------- hits (R12.5)


@auto("next_hit")
def _next_hit(state: DozenWarState, task: Task) -> None:
    a = state.attack
    assert a is not None
    if a.unit is not None and a.unit not in state.units:
        pop(state)  # the attacking unit died (a counter): its remaining hits are lost
        return
    occ = occupancy(state)
    while a.targets:
        target = a.targets.pop(0)
        if target_alive(state, target) and is_candidate(state, a, target, occ):
            start_hit(state, target)
            return
    if a.extra > 0:
        a.extra -= 1
        if any_candidate(state, a, occ):
            push(state, "target", a.player, phase="hit")
            return
        a.extra = 0
    pop(state)


def start_hit(state: DozenWarState, target: int) -> None:
    """Open the hit's defence window (R12.6) and queue its resolution (R12.7)."""
    a = state.attack
    assert a is not None
    state.hit = Hit(
        target=target,
        receiver=target,
        damage=a.damage,
        star=a.star,
        guardable=a.guardable and a.damage > 0,
        hostile_status=a.hostile_status,
    )
    owner = owner_of(state, target)
    if a.unit is not None and target < CASTLE_BASE and a.unit not in state.hitters[owner]:
        state.hitters[owner].append(a.unit)
    push(state, "resolve_hit")
    push(state, "window", stage="guard", order=defending_side(state, owner), i=0)


@auto("window")
def _window(state: DozenWarState, task: Task) -> None:
    """Walk the window's steps (guard, defence skill, defence card) and seats until someone
    has something to decide; each step is used at most once per hit for the whole side."""
    stages = ("guard", "skill", "card")
    stage = task.data["stage"]
    order = task.data["order"]
    i = task.data["i"]
    while True:
        if i >= len(order):
            index = stages.index(stage) + 1
            if index == len(stages):
                pop(state)
                return
            stage, i = stages[index], 0
            continue
        seat = order[i]
        if _has_options(state, stage, seat):
            state.tasks[-1] = Task("window", -1, {"stage": stage, "order": order, "i": i})
            kind = {"guard": "guard", "skill": "defence_skill", "card": "defence_card"}[stage]
            push(state, kind, seat)
            return
        i += 1


def _advance_window(state: DozenWarState, used: bool) -> None:
    """After the decision on top is popped: the window moves to the next seat, or (a use) to
    the next step."""
    task = state.tasks[-1]
    assert task.kind == "window"
    stages = ("guard", "skill", "card")
    data = dict(task.data)
    if used:
        index = stages.index(data["stage"]) + 1
        if index == len(stages):
            data["i"] = len(data["order"])
            data["stage"] = "card"
        else:
            data["stage"], data["i"] = stages[index], 0
            # R10.9b: the receiver's owner decides first at each step; after the ally's guard
            # (or a redirect) that is the new receiver's owner.
            hit = state.hit
            if hit is not None and state.mode == "alliance":
                data["order"] = defending_side(state, owner_of(state, hit.receiver))
    else:
        data["i"] += 1
    state.tasks[-1] = Task("window", -1, data)


def _has_options(state: DozenWarState, stage: str, seat: int) -> bool:
    hit = state.hit
    assert hit is not None
    if stage == "guard":
        return hit.guardable and hit.guard is None and bool(guards_for(state, seat, hit.receiver))
    if stage == "skill":
        return not hit.skill_used and any_defence_skill(state, seat)
    if hit.card_used or not state.hands[seat]:
        return False
    return not (state.mode == "engage" and state.defence_card_used[seat])


def guards_for(state: DozenWarState, seat: int, receiver: int) -> list[int]:
    """R3.1: ``seat``'s infantry that may take a hit on ``receiver`` (a unit or castle)."""
    grid = spec_of(state).grid
    if receiver >= CASTLE_BASE:
        cell = state.castles[receiver - CASTLE_BASE].cell
        receiver_is_soldier = False
    else:
        target = state.units[receiver]
        cell = target.cell
        receiver_is_soldier = not target.general
    found = []
    units = state.units
    ids = occupancy(state).ids
    # Within distance 1: the receiver's cell and its 8 neighbours, read from the board's view.
    for near in (cell, *grid.neighbour_table()[cell]):
        for uid in ids[near]:
            unit = units[uid]
            if unit.owner != seat or unit.cls != "infantry" or unit.id == receiver or unit.guarded:
                continue
            if unit.has("stun"):
                continue
            if unit.general and not receiver_is_soldier:
                continue  # R3.1b: an infantry general guards soldiers only
            found.append(unit.id)
    return sorted(found)


def _legal_guard(state: DozenWarState, task: Task) -> list[Action]:
    receiver = task.data["target"] if task.data.get("counter") else state.hit.receiver  # type: ignore[union-attr]
    return [Pass(), *(Guard(u) for u in guards_for(state, task.seat, receiver))]


@decision("guard", _legal_guard)
def _guard(state: DozenWarState, task: Task, action: Action) -> None:
    pop(state)
    if task.data.get("counter"):
        _counter_guard(state, task, action)
        return
    hit = state.hit
    assert hit is not None
    if isinstance(action, Guard):
        change(state, action.unit, guarded=True)
        hit.guard = action.unit
        hit.receiver = action.unit
    _advance_window(state, isinstance(action, Guard))


# ---------------------------------------------------------------------- defence skills and cards


def defence_skills(state: DozenWarState, seat: int) -> list[DefendSkill]:
    """R12.6 step 2: the defence skills ``seat`` may use on the current hit."""
    if not _defence_window_open(state, seat):
        return []
    return list(_defence_uses(state, seat, state.units.values()))


def any_defence_skill(state: DozenWarState, seat: int) -> bool:
    """Whether :func:`defence_skills` would offer anything (the same tests, stopping at the
    first use found)."""
    if not _defence_window_open(state, seat):
        return False
    # A general's unit id is its index in GENERAL_IDS and it stands for a seat that took it
    # (invariants.check): the seat's generals are found from its roster, no unit scan.
    units = state.units
    generals = (units.get(GENERAL_INDEX[g]) for g in state.roster[seat] if DEFENCE_SKILLS[g])
    return next(_defence_uses(state, seat, (u for u in generals if u is not None)), None) is not None


def _defence_window_open(state: DozenWarState, seat: int) -> bool:
    hit = state.hit
    assert hit is not None
    if state.mode == "engage" and state.defence_skill_used[seat]:
        return False
    receiver = state.units.get(hit.receiver) if hit.receiver < CASTLE_BASE else None
    return receiver is None or not receiver.has("freeze")


def _defence_uses(state: DozenWarState, seat: int, units: Iterable[Unit]) -> Iterator[DefendSkill]:
    """The uses of defence skills by ``seat``'s generals among ``units``, in their order."""
    hit = state.hit
    assert hit is not None
    marks = state.marks[seat]
    for general in units:
        if general.owner != seat or not general.general or general.has("stun") or general.has("silence"):
            continue
        for skill_id in DEFENCE_SKILLS[general.general]:
            entry = SKILLS[skill_id]
            if skill_id in marks:
                continue
            if entry.ultimate and state.mode != "engage" and state.coins[seat] < ULTIMATE_COST:
                continue
            if entry.effect[0]["op"] == "copy_skill":
                for copied in copyable(state, seat, ("defence", "both")):
                    cap = min(SKILLS[copied].stars, int(entry.effect[0].get("star_cap", 3)))
                    if cap >= hit.star and interpreter.usable_in_window(state, seat, general.id, copied):
                        yield DefendSkill(skill_id, copied)
                continue
            if entry.stars < hit.star:
                continue
            if interpreter.usable_in_window(state, seat, general.id, skill_id):
                yield DefendSkill(skill_id)


#: Per general: its skills with a defence icon (defence or both), in slot order.
DEFENCE_SKILLS: dict[str, tuple[str, ...]] = {
    g.id: tuple(k for k in g.skills if SKILLS[k].timing in ("defence", "both")) for g in GENERALS.values()
}
#: A general's unit id: its index in GENERAL_IDS.
GENERAL_INDEX: dict[str, int] = {g: i for i, g in enumerate(GENERAL_IDS)}


def copyable(state: DozenWarState, seat: int, timings: tuple[str, ...]) -> list[str]:
    """Sao Chép: skills an enemy general has used earlier in this game, with these icons."""
    found = set()
    for other in range(state.num_players):
        if is_enemy(state, seat, other):
            for skill_id in state.used_skills[other]:
                entry = SKILLS[skill_id]
                if entry.timing in timings and entry.effect[0]["op"] != "copy_skill":
                    found.add(skill_id)
    return sorted(found)


def _legal_defence_skill(state: DozenWarState, task: Task) -> list[Action]:
    return [Pass(), *defence_skills(state, task.seat)]


@decision("defence_skill", _legal_defence_skill)
def _defence_skill(state: DozenWarState, task: Task, action: Action) -> None:
    pop(state)
    hit = state.hit
    assert hit is not None
    if not isinstance(action, DefendSkill):
        _advance_window(state, False)
        return
    hit.skill_used = True
    seat = task.seat
    entry = SKILLS[action.skill]
    interpreter.spend_skill(state, seat, action.skill)
    if state.mode == "engage":
        state.defence_skill_used[seat] = True
    _advance_window(state, True)
    user = next(u.id for u in state.units.values() if u.general == entry.general)
    source = action.copy or action.skill
    interpreter.start(state, ("skill", source), seat, user, window=True)


def defence_cards(state: DozenWarState, seat: int) -> list[DefendCard]:
    """R12.6 step 3: the defence cards ``seat`` may play on the current hit."""
    hit = state.hit
    assert hit is not None
    found = []
    for design in designs_in_hand(state, seat):
        card = CARDS[design]
        if card.kind not in ("defence", "action_or_defence") or card.stars < hit.star:
            continue
        if interpreter.card_fits_window(state, seat, design):
            found.append(DefendCard(design))
    return found


def _legal_defence_card(state: DozenWarState, task: Task) -> list[Action]:
    return [Pass(), *defence_cards(state, task.seat)]


@decision("defence_card", _legal_defence_card)
def _defence_card(state: DozenWarState, task: Task, action: Action) -> None:
    pop(state)
    hit = state.hit
    assert hit is not None
    if not isinstance(action, DefendCard):
        _advance_window(state, False)
        return
    hit.card_used = True
    seat = task.seat
    if state.mode == "engage":
        state.defence_card_used[seat] = True
    _advance_window(state, True)
    discard_card(state, seat, action.card)
    interpreter.start(
        state,
        ("card", action.card),
        seat,
        -1,
        window=True,
        receiver_info=interpreter.receiver_info(state),
    )
    interpreter.card_played(state, seat, action.card)


# ---------------------------------------------------------------------- resolution (R12.7)


@auto("resolve_hit")
def _resolve(state: DozenWarState, task: Task) -> None:
    pop(state)
    a = state.attack
    hit = state.hit
    assert a is not None and hit is not None
    mark = len(state.tasks)
    receiver = hit.receiver
    receiver_unit = state.units.get(receiver) if receiver < CASTLE_BASE else None
    # Step 1: cancellation (Phân Bóng's roll included).
    evading = not hit.cancelled and receiver_unit is not None and bool(receiver_unit.evasion)
    if evading and receiver_unit is not None and state.rng.randint(1, 6) not in receiver_unit.evasion:
        hit.cancelled = True
    if a.heal_user and a.unit is not None:
        heal(state, a.unit, a.heal_user)  # Cán Cân Công Lý: even if cancelled
    # Step 2: heals declared in the window.
    for unit_id, amount in hit.heals:
        heal(state, unit_id, amount)
    credit = a.player
    if not hit.cancelled:
        if hit.hostile_status:
            if receiver_unit is not None and receiver in state.units:
                _add_status(state, receiver, hit.hostile_status, UNTIL_END_OF_TURN)
        elif receiver >= CASTLE_BASE:
            before = state.castles[receiver - CASTLE_BASE].hp
            damage_castle(state, receiver - CASTLE_BASE, hit.damage, credit)
            hit.lost = before - state.castles[receiver - CASTLE_BASE].hp
        elif receiver_unit is not None:
            cell = receiver_unit.cell
            # R3.2a, R12.7: the guard loses 1 HP; a unit a redirect made the receiver after the
            # guard (Phi Thân) is no guard and takes the hit's damage.
            amount = 1 if receiver == hit.guard else hit.damage
            hit.lost = min(amount, receiver_unit.hp)
            died = damage_unit(state, receiver, amount, credit)
            if hit.guard is None and receiver == hit.target:
                _riders(state, a, receiver, died)
                if died and a.splash and not is_mountain(state, cell):
                    _splash(state, a, cell, mark)
    # Step 7: queued after-hit effects and counters, after the deaths' own steps.
    after = [
        Task(
            "effect",
            entry["seat"],
            {
                "ref": entry["ref"],
                "i": entry["i"],
                "user": entry["user"],
                "window": True,
                "after": True,
                "ctx": entry.get("ctx", {}),
            },
        )
        for entry in hit.after
    ]
    for item in reversed(after):
        state.tasks.insert(mark, item)


def _add_status(state: DozenWarState, unit_id: int, status: str, code: int) -> None:
    unit = state.units[unit_id]
    statuses = tuple((n, c) for n, c in unit.statuses if n != status) + ((status, code),)
    change(state, unit_id, statuses=statuses)


def add_status(state: DozenWarState, unit_id: int, status: str, duration: str) -> None:
    """R13.6: a status until the end of this turn or of its owner's next turn."""
    code = UNTIL_OWNER_NEXT_TURN_END if duration == "end_of_target_owner_next_turn" else UNTIL_END_OF_TURN
    _add_status(state, unit_id, status, code)


def _riders(state: DozenWarState, a: Attack, receiver: int, died: bool) -> None:
    """R12.7 step 4: a hit's riders reach the declared target only (a unit, alive if stated)."""
    for rider in a.op.get("then", ()):
        condition = rider.get("if", "target_hit")
        if died and condition == "target_hit_and_alive":
            continue
        if receiver not in state.units:
            continue
        if rider["op"] == "status":
            add_status(state, receiver, rider["status"], rider["duration"])
        elif rider["op"] == "pull" and a.unit is not None and a.unit in state.units:
            interpreter.pull(state, a.unit, receiver)


def _splash(state: DozenWarState, a: Attack, cell: int, mark: int) -> None:
    """R3.4d: the splash unit: another enemy in the killed unit's cell, else along the line."""
    assert a.unit is not None
    attacker = state.units.get(a.unit)
    if attacker is None:
        return
    grid = spec_of(state).grid
    direction = grid.direction_to(attacker.cell, cell)
    if direction is None:
        return
    occ = occupancy(state)
    found = _splash_candidates(state, a.player, cell, direction, occ, first=True)
    if found is None:
        return
    where, units = found
    state.tasks.insert(
        mark,
        Task(
            "splash",
            a.player,
            {
                "units": units,
                "cell": where,
                "d": list(direction),
                "damage": a.damage,
                "extra": a.splash_extra,
            },
        ),
    )


def _splash_candidates(
    state: DozenWarState, player: int, cell: int, direction: tuple[int, int], occ: Occupancy, first: bool
) -> tuple[int, list[int]] | None:
    grid = spec_of(state).grid

    def enemies_in(c: int) -> list[int]:
        return sorted(u for u in occ[c] if is_enemy(state, player, state.units[u].owner))

    if first:
        here = enemies_in(cell)
        if here:
            return cell, here
    nxt = grid.step(cell, direction)
    while nxt is not None:
        if is_mountain(state, nxt):
            units = [u for u in enemies_in(nxt) if not state.units[u].general]
            return (nxt, units) if units else None
        units = enemies_in(nxt)
        if units:
            return nxt, units
        if castle_at(state, nxt) is None:
            return None
        nxt = grid.step(nxt, direction)  # R3.4d: an empty castle lets the splash through
    return None


@auto("splash")
def _splash_task(state: DozenWarState, task: Task) -> None:
    units = [u for u in task.data["units"] if u in state.units]
    if not units:
        pop(state)
        return
    if len(units) == 1:
        pop(state)
        _splash_hit(state, task, units[0])
        return
    state.tasks[-1] = Task("splash_target", task.seat, dict(task.data, units=units))


def _legal_splash(state: DozenWarState, task: Task) -> list[Action]:
    return [Target(u) for u in task.data["units"]]


@decision("splash_target", _legal_splash)
def _splash_target(state: DozenWarState, task: Task, action: Action) -> None:
    assert isinstance(action, Target)
    pop(state)
    _splash_hit(state, task, action.target)


def _splash_hit(state: DozenWarState, task: Task, unit_id: int) -> None:
    """R3.4f-R3.4h: the full damage, nothing protects; Thương Kỵ Sĩ carries it one cell on."""
    cell = state.units[unit_id].cell
    damage_unit(state, unit_id, task.data["damage"], task.seat)
    if task.data["extra"] > 0:
        direction = (task.data["d"][0], task.data["d"][1])
        # "Same rules": R3.4d step 3 from the splashed cell (mountains stop it, empty castles
        # let it through).
        found = _splash_candidates(state, task.seat, cell, direction, occupancy(state), False)
        if found is not None:
            nxt, units = found
            push(
                state,
                "splash",
                task.seat,
                units=units,
                cell=nxt,
                d=task.data["d"],
                damage=task.data["damage"],
                extra=0,
            )


# ---------------------------------------------------------------------- counters (R12.11)


def counter(state: DozenWarState, target: int, damage: int, credit: int) -> None:
    """A counter hit on ``target``: only a guard of its side can answer it."""
    if target not in state.units:
        return
    push(
        state,
        "counter",
        -1,
        target=target,
        damage=damage,
        credit=credit,
        order=defending_side(state, state.units[target].owner),
        i=0,
    )


@auto("counter")
def _counter(state: DozenWarState, task: Task) -> None:
    target = task.data["target"]
    if target not in state.units:
        pop(state)
        return
    order = task.data["order"]
    i = task.data["i"]
    while i < len(order):
        if guards_for(state, order[i], target):
            state.tasks[-1] = Task("counter", -1, dict(task.data, i=i))
            push(state, "guard", order[i], counter=True, target=target)
            return
        i += 1
    pop(state)
    damage_unit(state, target, task.data["damage"], task.data["credit"])


def _counter_guard(state: DozenWarState, task: Task, action: Action) -> None:
    below = state.tasks[-1]
    assert below.kind == "counter"
    if isinstance(action, Guard):
        pop(state)
        change(state, action.unit, guarded=True)
        damage_unit(state, action.unit, 1, below.data["credit"])
        return
    state.tasks[-1] = Task("counter", -1, dict(below.data, i=below.data["i"] + 1))


@auto("attack_end")
def _attack_end(state: DozenWarState, task: Task) -> None:
    """R12.8: the attacking unit's actions end; the end checks follow the complete action."""
    pop(state)
    state.attack = None
    state.hit = None
