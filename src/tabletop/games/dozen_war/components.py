"""The components of Dozen War – Chiến Thần, loaded from ``data/*.json``.

Generals and their 36 skills, the 30 equipment designs (60 cards), the 20 event designs (40
cards), the 9 tokens and the three maps are data transcribed from the reference ruleset; this
module loads them into frozen attrs classes (every catalog a mapping by id) and derives, once
at import, the tables the rules read in their hot loops (per map: the grid, mountain cells,
castle cells, zones, neighbour tables).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Final

import attrs
import cattrs

from tabletop.core.grids import CellCapacity, SquareGrid
from tabletop.core.serialize import load_json

_PACKAGE = "tabletop.games.dozen_war.data"
#: Reads the reference files, which carry notes and provenance beside the fields the rules use.
_READER = cattrs.Converter()

SOLDIER_TYPES: Final = ("infantry", "cavalry", "archer")
CLASSES: Final = ("infantry", "cavalry", "archer", "alchemist")
#: R8.3: a cell holds at most 5 soldiers and 1 general.
CELL_CAPACITY: Final = CellCapacity({"soldier": 5, "general": 1})
#: R2.6a: the bank's coins.
BANK_COINS: Final = 30
#: R2.5: the ultimate's price and a revival's price.
ULTIMATE_COST: Final = 2
REVIVE_COST: Final = 4
#: R6.6: the hand limit at the end of a turn.
HAND_LIMIT: Final = 6
#: R9.6: the last round.
LAST_ROUND: Final = 8
#: R2.19: the round at whose start the volcano is removed.
WARP_ROUND: Final = 4
#: R7.1: map pieces for the instant win.
PIECES_TO_WIN: Final = 5
#: R11.5, R11.8, R11.9: Engage's hand, idle-turn limit and turn limit.
ENGAGE_HAND: Final = 5
ENGAGE_SOLDIERS: Final = 5
ENGAGE_IDLE_LIMIT: Final = 5
ENGAGE_TURN_LIMIT: Final = 100
#: R2.8: a castle's hit points.
CASTLE_HP: Final = 2


@attrs.frozen
class Stats:
    """One class's numbers for a general or a soldier (R3.0, R4.1-R4.4)."""

    hp: int
    damage: int
    move: int
    range: int
    passive: str | None
    can_climb_mountain: bool = False
    mountain_range_bonus: int = 0


@attrs.frozen
class UnitClass:
    """A class (infantry, cavalry, archer, alchemist): its general's and soldier's stats."""

    id: str
    general: Stats
    soldier: Stats | None


@attrs.frozen
class Skill:
    """One of a general's 3 skills (R5): icon ``timing`` (attack / defence / both), stars,
    whether it is the general's attack (``fist``; ``None`` = as copied), whether it is the
    ultimate (slot 3), its defence ``trigger`` and its ``effect`` in the R13 vocabulary."""

    id: str
    general: str
    slot: int
    name_vi: str
    name_en: str
    stars: int
    timing: str
    fist: bool | None
    ultimate: bool
    trigger: dict[str, Any] | None
    effect: tuple[dict[str, Any], ...]
    text: str


@attrs.frozen
class General:
    """One of the 12 generals: its class and its 3 skills (ids, slot order)."""

    id: str
    name: str
    cls: str
    hp: int
    damage: int
    skills: tuple[str, ...]


@attrs.frozen
class CardDesign:
    """An equipment design (R6): its group (infantry, archer, cavalry, common), icon, stars,
    copies, kind (R6.5) and effect."""

    id: str
    name_vi: str
    name_en: str
    group: str
    timing: str
    stars: int
    copies: int
    kind: str
    effect: tuple[dict[str, Any], ...]
    text: str


@attrs.frozen
class EventOutcome:
    """One outcome of an event: the die faces that give it and its effects."""

    roll: tuple[int, ...]
    effects: tuple[dict[str, Any], ...]
    text: str


@attrs.frozen
class EventDesign:
    """An event design (R14): who is affected, the cost for ``payers``, the low and high outcomes."""

    id: str
    name_vi: str
    name_en: str
    copies: int
    affects: dict[str, Any]
    cost: int
    low: EventOutcome
    high: EventOutcome


@attrs.frozen
class Token:
    """One of the 9 tokens (R15.1): a map piece, a treasure or a curse."""

    id: str
    kind: str
    name_en: str
    effect: tuple[dict[str, Any], ...]


@attrs.frozen
class Home:
    """A player's home: its castles ``(cell, type)`` (Engage: its deploy cells)."""

    name: str
    castles: tuple[tuple[int, str], ...]
    deploy_cells: tuple[int, ...]


@attrs.frozen
class MapSpec:
    """One board (R2.1f): size, mountains with roles, the volcano, homes, zones, token slots."""

    id: str
    grid: SquareGrid
    volcano: int | None
    mountains: tuple[tuple[int, str], ...]
    homes: dict[str, Home]
    home_assignment: dict[str, dict[str, str]]
    token_slots: dict[str, tuple[int, ...]]
    zones: dict[str, frozenset[int]]

    #: Every mountain cell, the volcano included.
    mountain_cells: frozenset[int] = attrs.field(init=False)

    def __attrs_post_init__(self) -> None:
        object.__setattr__(self, "mountain_cells", frozenset(cell for cell, _ in self.mountains))


def _cell(grid: SquareGrid, rc: Any) -> int:
    return grid.cell(int(rc[0]), int(rc[1]))


def _load_classes() -> dict[str, UnitClass]:
    raw = load_json(_PACKAGE, "generals.json")["classes"]
    found = {}
    for cls in CLASSES:
        entry = raw[cls]
        found[cls] = UnitClass(
            id=cls,
            general=_READER.structure(entry["general"], Stats),
            soldier=None if entry["soldier"] is None else _READER.structure(entry["soldier"], Stats),
        )
    return found


def _load_generals() -> tuple[dict[str, General], dict[str, Skill]]:
    generals: dict[str, General] = {}
    skills: dict[str, Skill] = {}
    for entry in load_json(_PACKAGE, "generals.json")["generals"]:
        ids = []
        for raw in entry["skills"]:
            skill_id = f"{entry['id']}.{raw['slot']}"
            ids.append(skill_id)
            skills[skill_id] = _READER.structure(
                dict(raw, id=skill_id, general=entry["id"], trigger=raw.get("trigger")), Skill
            )
        generals[entry["id"]] = General(
            id=entry["id"],
            name=entry["name"],
            cls=entry["class"],
            hp=entry["hp"],
            damage=entry["damage"],
            skills=tuple(ids),
        )
    return generals, skills


def _load_events() -> dict[str, EventDesign]:
    found = {}
    for raw in load_json(_PACKAGE, "events.json")["events"]:
        found[raw["id"]] = EventDesign(
            id=raw["id"],
            name_vi=raw["name_vi"],
            name_en=raw["name_en"],
            copies=raw["copies"],
            affects=raw["affects"],
            cost=(raw.get("cost") or {}).get("coins", 0),
            low=_READER.structure(raw["outcomes"]["low"], EventOutcome),
            high=_READER.structure(raw["outcomes"]["high"], EventOutcome),
        )
    return found


def _load_maps() -> dict[str, MapSpec]:
    found = {}
    for raw in load_json(_PACKAGE, "maps.json")["maps"]:
        grid = SquareGrid(raw["rows"], raw["cols"])
        homes = {}
        for name, home in raw["homes"].items():
            homes[name] = Home(
                name=name,
                castles=tuple((_cell(grid, c["cell"]), c["type"]) for c in home.get("castles", ())),
                deploy_cells=tuple(sorted(_cell(grid, c) for c in home.get("deploy_cells", ()))),
            )
        found[raw["id"]] = MapSpec(
            id=raw["id"],
            grid=grid,
            volcano=None if raw["volcano"] is None else _cell(grid, raw["volcano"]),
            mountains=tuple((_cell(grid, m["cell"]), m["role"]) for m in raw["mountains"]),
            homes=homes,
            home_assignment=raw["home_assignment"],
            token_slots={
                mode: tuple(_cell(grid, c) for c in cells) for mode, cells in raw["token_slots"].items()
            },
            zones={
                name: frozenset(_cell(grid, c) for c in zone["cells"]) for name, zone in raw["zones"].items()
            },
        )
    return found


CLASS_STATS: Final[Mapping[str, UnitClass]] = _load_classes()
_GENERALS_AND_SKILLS = _load_generals()
GENERALS: Final[Mapping[str, General]] = _GENERALS_AND_SKILLS[0]
SKILLS: Final[Mapping[str, Skill]] = _GENERALS_AND_SKILLS[1]
CARDS: Final[Mapping[str, CardDesign]] = {
    raw["id"]: _READER.structure(raw, CardDesign) for raw in load_json(_PACKAGE, "equipment.json")["cards"]
}
#: The 60 equipment cards by copy id (``"inf.bua_chien#1"``) -> design id.
CARD_COPIES: Final[Mapping[str, str]] = {
    f"{design.id}#{n}": design.id for design in CARDS.values() for n in range(1, design.copies + 1)
}
EVENTS: Final[Mapping[str, EventDesign]] = _load_events()
#: The 40 event cards by copy id (``"E01#1"``) -> design id.
EVENT_COPIES: Final[Mapping[str, str]] = {
    f"{design.id}#{n}": design.id for design in EVENTS.values() for n in range(1, design.copies + 1)
}
TOKENS: Final[Mapping[str, Token]] = {
    raw["id"]: _READER.structure(raw, Token) for raw in load_json(_PACKAGE, "tokens.json")["tokens"]
}
MAPS: Final[Mapping[str, MapSpec]] = _load_maps()
#: R2.1f: the map of each mode (the free-for-all by player count).
MODE_MAP: Final = {
    "ffa4": "chien_than_4p",
    "alliance": "chien_than_4p",
    "ffa3": "chien_than_3p",
    "engage": "engage",
}
#: The general ids in catalog order: a general's unit id is its index here.
GENERAL_IDS: Final = tuple(GENERALS)
#: Soldier unit ids start after the generals'; the space holds this many soldiers at once.
MAX_SOLDIERS: Final = 188
MAX_UNITS: Final = len(GENERAL_IDS) + MAX_SOLDIERS


def ultimate_of(general: str) -> str:
    """The id of a general's ultimate (its slot-3 skill, R5.2b)."""
    return GENERALS[general].skills[2]


def stats_of(cls: str, is_general: bool) -> Stats:
    """The base stats of a general or soldier of class ``cls``."""
    entry = CLASS_STATS[cls]
    stats = entry.general if is_general else entry.soldier
    if stats is None:
        raise ValueError(f"there are no {cls} soldiers")
    return stats


def card_name(design: str) -> str:
    """A card's printed name with its English gloss."""
    card = CARDS[design]
    return f"{card.name_vi} ({card.name_en})"


def skill_name(skill: str) -> str:
    """A skill's printed name with its general."""
    entry = SKILLS[skill]
    return f"{GENERALS[entry.general].name}'s {entry.name_vi} ({entry.name_en})"
