"""The actions of Dozen War: one class per kind of decision (R8.16, R12.15).

Units are named by id (a general's id is its catalog index, soldiers follow), cells by
``row * 13 + col`` on every board (so ``str()`` reads ``(row,col)`` without the board), cards and skills by design id. A target is a unit id or, from
``CASTLE_BASE`` on, a castle index. Each class has a fixed block in the integer action space.
"""

from __future__ import annotations

import itertools
from collections.abc import Iterable
from typing import ClassVar

import attrs

from tabletop.core import Action, ActionSpace, Block

from .components import CARDS, CLASSES, GENERAL_IDS, GENERALS, MAX_UNITS, SKILLS, SOLDIER_TYPES, card_name
from .model import unit_label

#: Targets from here on are castles (index into the state's castle list).
CASTLE_BASE = MAX_UNITS
MAX_CASTLES = 12
#: Actions number cells ``row * ACTION_COLS + col`` on every board (the largest is 13 x 13).
ACTION_COLS = 13
MAX_CELLS = ACTION_COLS * ACTION_COLS
NO_CARD = ""


def cell_label(cell: int) -> str:
    """An action's cell as ``(row,col)``: actions number cells ``row * 13 + col`` on every
    board (13 is the widest), so that a cell reads the same without the board at hand."""
    if isinstance(cell, bool) or not isinstance(cell, int):
        return repr(cell)
    row, col = divmod(cell, ACTION_COLS)
    return f"({row},{col})"


def target_label(target: int) -> str:
    """A target as a person reads it."""
    if isinstance(target, bool) or not isinstance(target, int):
        return repr(target)
    if target >= CASTLE_BASE:
        return f"castle {target - CASTLE_BASE}"
    return unit_label(target)


def _general(general: object) -> str:
    """A general's name, or the id as given when it names no general (refusal texts)."""
    entry = GENERALS.get(general) if isinstance(general, str) else None
    return entry.name if entry is not None else repr(general)


def _card(card: object) -> str:
    return card_name(card) if isinstance(card, str) and card in CARDS else repr(card)


def _skill(skill: object) -> tuple[str, str]:
    """A skill's general's name and the skill's printed name."""
    entry = SKILLS.get(skill) if isinstance(skill, str) else None
    if entry is None:
        return "?", repr(skill)
    return GENERALS[entry.general].name, f"{entry.name_vi} ({entry.name_en})"


def _ints(values: Iterable[int]) -> tuple[int, ...]:
    return values if type(values) is tuple else tuple(values)


# ---------------------------------------------------------------------- setup


@attrs.frozen
class Ban(Action):
    """Draft (R7.5a): set ``general`` aside; it returns in the third pick round."""

    kind: ClassVar[str] = "ban"
    general: str

    def __str__(self) -> str:
        return f"ban {_general(self.general)}"


@attrs.frozen
class Draft(Action):
    """Draft (R7.5a): take ``general``."""

    kind: ClassVar[str] = "draft"
    general: str

    def __str__(self) -> str:
        return f"draft {_general(self.general)}"


@attrs.frozen
class PlaceGeneral(Action):
    """Deploy (R7.7): put ``general`` in the general slot of the castle on ``cell``."""

    kind: ClassVar[str] = "place_general"
    general: str
    cell: int

    def __str__(self) -> str:
        return f"place {_general(self.general)} in the castle at {cell_label(self.cell)}"


@attrs.frozen
class PlacePiece(Action):
    """3-player or alliance setup (R7.2c, R10.3): the starting map piece goes on ``general``."""

    kind: ClassVar[str] = "place_piece"
    general: str

    def __str__(self) -> str:
        return f"put the starting map piece on {_general(self.general)}"


@attrs.frozen
class EngageArmy(Action):
    """Engage (R11.2): 5 soldiers in this mix."""

    kind: ClassVar[str] = "engage_army"
    infantry: int
    cavalry: int
    archer: int

    def __str__(self) -> str:
        return f"take {self.infantry} infantry, {self.cavalry} cavalry, {self.archer} archers"


@attrs.frozen
class Deploy(Action):
    """Engage (R11.2): put a piece (``general`` or a soldier type) on ``cell`` of the own zone."""

    kind: ClassVar[str] = "deploy"
    piece: str
    cell: int

    def __str__(self) -> str:
        return f"deploy {self.piece} on {cell_label(self.cell)}"


# ---------------------------------------------------------------------- the turn


@attrs.frozen
class Revive(Action):
    """R8.14: pay 4 coins; ``general`` returns at full HP into the own castle on ``cell``."""

    kind: ClassVar[str] = "revive"
    general: str
    cell: int

    def __str__(self) -> str:
        return f"revive {_general(self.general)} in the castle at {cell_label(self.cell)} (4 coins)"


@attrs.frozen
class Move(Action):
    """R8.1: move ``unit`` along a path to ``to``."""

    kind: ClassVar[str] = "move"
    unit: int
    to: int

    def __str__(self) -> str:
        return f"move {unit_label(self.unit)} to {cell_label(self.to)}"


@attrs.frozen
class Attack(Action):
    """R8.6, R12.3: ``unit`` makes its normal attack, with attack modifier ``card`` (or none);
    the targets are chosen next."""

    kind: ClassVar[str] = "attack"
    unit: int
    card: str = NO_CARD

    def __str__(self) -> str:
        extra = f" with {_card(self.card)}" if self.card else ""
        return f"{unit_label(self.unit)} attacks{extra}"


@attrs.frozen
class UseSkill(Action):
    """R5.3: use ``skill`` in the own turn (a fist skill may carry attack modifier ``card``;
    Sao Chép names the ``copy``)."""

    kind: ClassVar[str] = "use_skill"
    skill: str
    card: str = NO_CARD
    copy: str = ""

    def __str__(self) -> str:
        who, name = _skill(self.skill)
        text = f"{who} uses {name}"
        if self.copy:
            text += f" copying {_skill(self.copy)[1]}"
        if self.card:
            text += f" with {_card(self.card)}"
        return text


@attrs.frozen
class PlayCard(Action):
    """R6.5: play an action or attack-kind card in the own turn."""

    kind: ClassVar[str] = "play_card"
    card: str

    def __str__(self) -> str:
        return f"play {_card(self.card)}"


@attrs.frozen
class Dig(Action):
    """R8.10: ``general`` digs the token of the mountain (or loose piece) on ``cell``."""

    kind: ClassVar[str] = "dig"
    general: int
    cell: int

    def __str__(self) -> str:
        return f"{unit_label(self.general)} digs at {cell_label(self.cell)}"


@attrs.frozen
class HandOver(Action):
    """R8.11: ``giver`` passes ``count`` map pieces to the adjacent own general ``receiver``."""

    kind: ClassVar[str] = "hand_over"
    giver: int
    receiver: int
    count: int

    def __str__(self) -> str:
        return f"{unit_label(self.giver)} hands {self.count} map piece(s) to {unit_label(self.receiver)}"


@attrs.frozen
class Warp(Action):
    """R2.21: move ``unit`` from an own castle onto the warp cell."""

    kind: ClassVar[str] = "warp"
    unit: int

    def __str__(self) -> str:
        return f"warp {unit_label(self.unit)} to the warp point"


@attrs.frozen
class EndTurn(Action):
    """R8.12: end the turn."""

    kind: ClassVar[str] = "end_turn"

    def __str__(self) -> str:
        return "end the turn"


# ---------------------------------------------------------------------- choices within a step


@attrs.frozen
class Target(Action):
    """Choose a unit or castle: an attack's target, a selector's pick, a splash unit."""

    kind: ClassVar[str] = "target"
    target: int

    def __str__(self) -> str:
        return f"choose {target_label(self.target)}"


@attrs.frozen
class ChooseCell(Action):
    """Choose a cell (a summon, a teleport, a dodge, a loose piece's place)."""

    kind: ClassVar[str] = "choose_cell"
    cell: int

    def __str__(self) -> str:
        return f"choose {cell_label(self.cell)}"


@attrs.frozen
class ChooseOption(Action):
    """Choose one named option (a class, a soldier type, a die face, a seat, a card)."""

    kind: ClassVar[str] = "choose_option"
    option: str

    def __str__(self) -> str:
        return f"choose {self.option}"


@attrs.frozen
class Done(Action):
    """Stop choosing more (``up to N`` selections)."""

    kind: ClassVar[str] = "done"

    def __str__(self) -> str:
        return "done choosing"


@attrs.frozen
class Pass(Action):
    """Decline an optional step (a defence step, a payment, an offer, a revival)."""

    kind: ClassVar[str] = "pass"

    def __str__(self) -> str:
        return "pass"


@attrs.frozen
class Guard(Action):
    """R3.1: infantry ``unit`` takes the hit instead."""

    kind: ClassVar[str] = "guard"
    unit: int

    def __str__(self) -> str:
        return f"guard with {unit_label(self.unit)}"


@attrs.frozen
class DefendSkill(Action):
    """R12.6 step 2: use defence skill ``skill`` (Sao Chép names the ``copy``)."""

    kind: ClassVar[str] = "defend_skill"
    skill: str
    copy: str = ""

    def __str__(self) -> str:
        who, name = _skill(self.skill)
        text = f"defend with {who}'s {name}"
        return text + (f" copying {_skill(self.copy)[1]}" if self.copy else "")


@attrs.frozen
class DefendCard(Action):
    """R12.6 step 3: play defence card ``card``."""

    kind: ClassVar[str] = "defend_card"
    card: str

    def __str__(self) -> str:
        return f"defend with {_card(self.card)}"


@attrs.frozen
class Necklace(Action):
    """R13.4: play the Lucky Necklace to cancel the card just played."""

    kind: ClassVar[str] = "necklace"

    def __str__(self) -> str:
        return "cancel that card with the Lucky Necklace"


@attrs.frozen
class Discard(Action):
    """R6.6 and events: discard one card of design ``card``."""

    kind: ClassVar[str] = "discard"
    card: str

    def __str__(self) -> str:
        return f"discard {_card(self.card)}"


@attrs.frozen
class Pay(Action):
    """R14.2: pay the event's cost and roll."""

    kind: ClassVar[str] = "pay"

    def __str__(self) -> str:
        return "pay for the event"


@attrs.frozen
class Reorder(Action):
    """R9.11: the new strict leader sets the order of the next round."""

    kind: ClassVar[str] = "reorder"
    order: tuple[int, ...] = attrs.field(converter=_ints)

    def __str__(self) -> str:
        return "set the turn order " + ", ".join(
            f"P{s + 1}" if isinstance(s, int) else repr(s) for s in self.order
        )


@attrs.frozen
class MarkSkill(Action):
    """E20: mark ``skill`` as used this round."""

    kind: ClassVar[str] = "mark_skill"
    skill: str

    def __str__(self) -> str:
        return f"mark {_skill(self.skill)[1]} as used"


ACTION_TYPES: tuple[type[Action], ...] = (
    Ban,
    Draft,
    PlaceGeneral,
    PlacePiece,
    EngageArmy,
    Deploy,
    Revive,
    Move,
    Attack,
    UseSkill,
    PlayCard,
    Dig,
    HandOver,
    Warp,
    EndTurn,
    Target,
    ChooseCell,
    ChooseOption,
    Done,
    Pass,
    Guard,
    DefendSkill,
    DefendCard,
    Necklace,
    Discard,
    Pay,
    Reorder,
    MarkSkill,
)

_CELLS = tuple(range(MAX_CELLS))
_UNITS = tuple(range(MAX_UNITS))
_GENERAL_UNITS = tuple(range(len(GENERAL_IDS)))
_CARD_OR_NONE = (NO_CARD, *CARDS)
_SKILL_OR_NONE = ("", *SKILLS)
_ORDERS = tuple(
    order
    for n in (2, 3, 4)
    for order in itertools.permutations(range(4), n)
    if sorted(order) == list(range(n))
)
#: Every option a ChooseOption may name: classes, soldier types, die faces, seats, card designs.
OPTIONS = tuple(
    dict.fromkeys((*CLASSES, *SOLDIER_TYPES, *(str(f) for f in range(1, 7)), "P1", "P2", "P3", "P4", *CARDS))
)
_MIX = tuple(range(6))

ACTION_SPACE = ActionSpace(
    [
        Block(Ban, (("general", GENERAL_IDS),)),
        Block(Draft, (("general", GENERAL_IDS),)),
        Block(PlaceGeneral, (("general", GENERAL_IDS), ("cell", _CELLS))),
        Block(PlacePiece, (("general", GENERAL_IDS),)),
        Block(EngageArmy, (("infantry", _MIX), ("cavalry", _MIX), ("archer", _MIX))),
        Block(Deploy, (("piece", ("general", *SOLDIER_TYPES)), ("cell", _CELLS))),
        Block(Revive, (("general", GENERAL_IDS), ("cell", _CELLS))),
        Block(Move, (("unit", _UNITS), ("to", _CELLS))),
        Block(Attack, (("unit", _UNITS), ("card", _CARD_OR_NONE))),
        Block(UseSkill, (("skill", tuple(SKILLS)), ("card", _CARD_OR_NONE), ("copy", _SKILL_OR_NONE))),
        Block(PlayCard, (("card", tuple(CARDS)),)),
        Block(Dig, (("general", _GENERAL_UNITS), ("cell", _CELLS))),
        Block(
            HandOver, (("giver", _GENERAL_UNITS), ("receiver", _GENERAL_UNITS), ("count", (1, 2, 3, 4, 5)))
        ),
        Block(Warp, (("unit", _UNITS),)),
        Block(EndTurn, ()),
        Block(Target, (("target", tuple(range(CASTLE_BASE + MAX_CASTLES))),)),
        Block(ChooseCell, (("cell", _CELLS),)),
        Block(ChooseOption, (("option", OPTIONS),)),
        Block(Done, ()),
        Block(Pass, ()),
        Block(Guard, (("unit", _UNITS),)),
        Block(DefendSkill, (("skill", tuple(SKILLS)), ("copy", _SKILL_OR_NONE))),
        Block(DefendCard, (("card", tuple(CARDS)),)),
        Block(Necklace, ()),
        Block(Discard, (("card", tuple(CARDS)),)),
        Block(Pay, ()),
        Block(Reorder, (("order", _ORDERS),)),
        Block(MarkSkill, (("skill", tuple(SKILLS)),)),
    ]
)
