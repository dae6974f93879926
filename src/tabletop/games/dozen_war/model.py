"""The pieces of a Dozen War game in progress: units, castles, pending tasks and the attack in
progress. They are small attrs classes the state holds; the rules modules read and replace them.

Units and castles are frozen (a change replaces the object), so a clone copies only the
containers that hold them. Tasks are the engine's agenda: the top task is either a decision
(``current_player`` decides it) or an automatic step the engine carries out at once.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import attrs

from .components import GENERAL_IDS, GENERALS, stats_of

#: Status codes (R13.6): how long a status lasts.
UNTIL_END_OF_TURN = 1
UNTIL_OWNER_NEXT_TURN_END = 2
STATUSES = ("stun", "root", "freeze", "silence")


@attrs.frozen
class Unit:
    """A soldier or general on the board, with its per-turn flags (R8.0a), buffs and statuses.

    ``cls`` is the unit's class now (Grim's disguise changes it, R4.6 Giả Dạng); ``general`` is
    the general's id, ``""`` for a soldier. ``pieces`` are the map-piece token ids a general holds.
    """

    id: int
    owner: int
    cls: str
    general: str
    hp: int
    cell: int
    pieces: tuple[str, ...] = ()
    moved: bool = False
    attacked: bool = False
    dug: bool = False
    warped: bool = False
    guarded: bool = False
    #: A general that used a skill this turn (no more skills, no dig, no hand-over: R5.3a, R8.10, R8.11).
    acted: bool = False
    #: A general that handed map pieces over this turn: it may not attack (R8.11).
    gave: bool = False
    #: Move granted after the unit had moved (R8.1c): one more move of up to this many steps.
    extra_move: int = 0
    buff_move: int = 0
    buff_damage: int = 0
    buff_range: int = 0
    buff_strikes: int = 0
    buff_unguardable: bool = False
    buff_max_targets: int = 0
    #: R5.5a: the highest stars among the attack-icon buffs that change this unit's attacks.
    buff_star: int = 0
    #: Status name -> duration code (UNTIL_END_OF_TURN or UNTIL_OWNER_NEXT_TURN_END).
    statuses: tuple[tuple[str, int], ...] = ()
    #: Movement cards played on this unit this turn (R6.5: each at most once per unit per turn).
    boosted_by: tuple[str, ...] = ()
    #: Phân Bóng (R13.3 dice_evasion): the named die faces protecting this unit this turn.
    evasion: tuple[int, ...] = ()

    @property
    def is_general(self) -> bool:
        """Whether the unit is a general."""
        return self.general != ""

    @property
    def max_hp(self) -> int:
        """Full HP: a general's printed HP, a soldier's class HP."""
        if self.general:
            return GENERALS[self.general].hp
        return stats_of(self.cls, False).hp

    def has(self, status: str) -> bool:
        """Whether the unit carries ``status`` now."""
        return bool(self.statuses) and any(name == status for name, _ in self.statuses)

    def label(self) -> str:
        """A short readable name: the general's name, or the soldier's class and id."""
        if self.general:
            return GENERALS[self.general].name
        return f"{self.cls} #{self.id}"


#: A unit's fields in order, and their positions.
_UNIT_FIELDS = tuple(a.name for a in attrs.fields(Unit))
_UNIT_INDEX = {name: i for i, name in enumerate(_UNIT_FIELDS)}


def evolve_unit(unit: Unit, **changes: Any) -> Unit:
    """``attrs.evolve(unit, **changes)``. Units are replaced on most actions (a move, each
    unit's flags at a turn's start): each set of changed fields gets its own constructor call,
    written once, that reads the other fields straight off the unit."""
    return unit_evolver(*changes)(unit, *changes.values())


#: Changed fields (in the caller's order) -> a function of the unit and their new values.
_EVOLVERS: dict[tuple[str, ...], Callable[..., Unit]] = {}


def unit_evolver(*names: str) -> Callable[..., Unit]:
    """A function ``(unit, *values)`` giving ``evolve_unit(unit, **dict(zip(names, values)))``,
    for the hottest callers: no keyword arguments to gather."""
    make = _EVOLVERS.get(names)
    if make is None:
        make = _EVOLVERS[names] = _evolver(names)
    return make


def _evolver(names: tuple[str, ...]) -> Callable[..., Unit]:
    if len(set(names)) != len(names):
        raise TypeError(f"Unit fields named twice in {names}")
    for name in names:
        if name not in _UNIT_INDEX:
            raise TypeError(f"Unit has no field {name!r}")
    # Field names are identifiers (attrs checks them): the new values are passed as ``new_<name>``.
    params = "".join(f", new_{name}" for name in names)
    values = ", ".join(f"new_{name}" if name in names else f"unit.{name}" for name in _UNIT_FIELDS)
    namespace: dict[str, Any] = {"Unit": Unit}
    exec(f"def make(unit{params}):\n    return Unit({values})\n", namespace)
    make: Callable[..., Unit] = namespace["make"]
    return make


def unit_label(unit_id: int) -> str:
    """A unit id as a person reads it (without a state): a general's name or ``soldier #id``."""
    if isinstance(unit_id, bool) or not isinstance(unit_id, int):
        return repr(unit_id)
    if 0 <= unit_id < len(GENERAL_IDS):
        return GENERALS[GENERAL_IDS[unit_id]].name
    return f"soldier #{unit_id}"


@attrs.frozen
class Castle:
    """One castle cell (R2.8): its owner, type, HP (0 = destroyed) and who destroyed it."""

    cell: int
    owner: int
    type: str
    hp: int
    taken_by: int | None = None

    @property
    def standing(self) -> bool:
        """Whether the castle still stands."""
        return self.hp > 0


@attrs.frozen
class Task:
    """One item of the engine's agenda: a decision for ``seat`` or an automatic step.

    ``data`` holds the step's parameters as JSON-ready values; it is never mutated (a changed
    task is a new task).
    """

    kind: str
    seat: int = -1
    data: dict[str, Any] = attrs.field(factory=dict)


@attrs.define(slots=True)
class Attack:
    """The attack action in progress (R12.1-R12.3): fixed at declaration, then hit by hit.

    ``source`` is ``"normal"``, a skill id or a card design id; ``op`` the strike operation of
    a skill or card (empty for a normal attack). ``targets`` are declared targets still to be
    hit, in order; ``chosen`` every target declared so far. A target is a unit id, or
    ``CASTLE_BASE + index`` for a castle. ``extra`` counts the hits still to come whose target
    is chosen when each starts (extra strikes, "chosen per hit").
    """

    player: int
    unit: int | None
    source: str
    card: str
    op: dict[str, Any]
    damage: int = 1
    range: int = 1
    star: int = 0
    guardable: bool = True
    splash: bool = False
    splash_extra: int = 0
    max_targets: int = 1
    extra: int = 0
    #: The status a no-damage hostile effect applies (Thuốc Câm, R12.13).
    hostile_status: str = ""
    targets: list[int] = attrs.field(factory=list)
    chosen: list[int] = attrs.field(factory=list)
    #: The ray every target must share (``single_ray`` selectors), as a direction index.
    ray: int | None = None
    #: Cán Cân Công Lý: the user's heal, which happens even if the hit is cancelled.
    heal_user: int = 0

    def copy(self) -> Attack:
        """An independent copy."""
        return attrs.evolve(self, targets=self.targets.copy(), chosen=self.chosen.copy())


@attrs.define(slots=True)
class Hit:
    """One hit of the attack in progress (R12.5-R12.7): its declared target, the receiver, the
    window's uses and what is queued for after the damage."""

    target: int
    receiver: int
    damage: int
    star: int
    guardable: bool
    hostile_status: str = ""
    guard: int | None = None
    cancelled: bool = False
    skill_used: bool = False
    card_used: bool = False
    #: Heals declared in the window: (unit id, amount), before damage (R12.7 step 2).
    heals: list[tuple[int, int]] = attrs.field(factory=list)
    #: After-hit effects queued in the window, in order (counters, pushes, roots, reflects).
    after: list[dict[str, Any]] = attrs.field(factory=list)
    #: HP the receiver actually lost (for Khiên Ma Thuật's reflection).
    lost: int = 0

    def copy(self) -> Hit:
        """An independent copy."""
        return attrs.evolve(self, heals=self.heals.copy(), after=self.after.copy())
