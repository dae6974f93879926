"""The actions of 7 Wonders and their fixed integer space.

Actions name a card by its *kind* (the card id without its player marking: copies of a kind
are the same card), and payments by the coins given to the left and to the right neighbour
for their resources. The coins a card costs at the bank are not part of the action: they are
printed on the card.
"""

from __future__ import annotations

from typing import ClassVar

import attrs

from tabletop.core import Action, ActionSpace, Block

from .components import KIND_NAMES, KINDS

#: The most coins a single purchase can send to one neighbour: 7 resources at 2 coins (Palace).
MAX_PAYMENT = 14
_PAYMENTS = tuple(range(MAX_PAYMENT + 1))


def card_name(kind: object) -> str:
    """The printed name of a kind, or the value itself if it names no kind."""
    return KIND_NAMES.get(kind, repr(kind)) if isinstance(kind, str) else repr(kind)


#: Names printed on cards of two Ages (Press, Loom, Glassworks in I and II).
_TWO_AGES = frozenset(name for name in KIND_NAMES.values() if list(KIND_NAMES.values()).count(name) > 1)


def _card(kind: object) -> str:
    """The kind's name as an action prints it: with its Age where two Ages print that name, so
    that no two actions print the same (the notation ``game.parse_action`` reads)."""
    name = card_name(kind)
    if name in _TWO_AGES and isinstance(kind, str):
        return f"{name} (Age {kind.partition('-')[0]})"
    return name


def _paying(left: int, right: int) -> str:
    parts = []
    if left:
        parts.append(f"{left} to the left")
    if right:
        parts.append(f"{right} to the right")
    return f" paying {' and '.join(parts)}" if parts else ""


@attrs.frozen
class Build(Action):
    """Build the card as a structure, paying its cost; ``left``/``right`` coins buy resources
    from the neighbours (both 0 when the city produces them or builds by chain)."""

    kind: ClassVar[str] = "build"
    card: str
    left: int = 0
    right: int = 0

    def __str__(self) -> str:
        return f"build {_card(self.card)}{_paying(self.left, self.right)}"


@attrs.frozen
class BuildFree(Action):
    """Olympia (A, stage 2): build the card for free, once per Age."""

    kind: ClassVar[str] = "build_free"
    card: str

    def __str__(self) -> str:
        return f"build {_card(self.card)} free (Olympia)"


@attrs.frozen
class BuildStage(Action):
    """Build the next wonder stage, tucking the card face down under the board."""

    kind: ClassVar[str] = "build_stage"
    card: str
    left: int = 0
    right: int = 0

    def __str__(self) -> str:
        return f"build a wonder stage with {_card(self.card)}{_paying(self.left, self.right)}"


@attrs.frozen
class Discard(Action):
    """Discard the card face down for 3 coins."""

    kind: ClassVar[str] = "discard"
    card: str

    def __str__(self) -> str:
        return f"discard {_card(self.card)} for 3 coins"


@attrs.frozen
class BuildFromDiscard(Action):
    """Halikarnassos: build a card of the discard pile for free."""

    kind: ClassVar[str] = "build_from_discard"
    card: str

    def __str__(self) -> str:
        # Two Ages print cards of one name (Press in I and II): the kind's Age tells them apart.
        age = (
            f", Age {self.card.partition('-')[0]}"
            if isinstance(self.card, str) and self.card in KIND_NAMES
            else ""
        )
        return f"build {card_name(self.card)}{age} from the discard pile (Halikarnassos)"


ACTION_TYPES: tuple[type[Action], ...] = (Build, BuildFree, BuildStage, Discard, BuildFromDiscard)

_kinds = tuple(KINDS)

#: The fixed integer numbering of every action.
ACTION_SPACE = ActionSpace(
    [
        Block(Build, (("card", _kinds), ("left", _PAYMENTS), ("right", _PAYMENTS))),
        Block(BuildFree, (("card", _kinds),)),
        Block(BuildStage, (("card", _kinds), ("left", _PAYMENTS), ("right", _PAYMENTS))),
        Block(Discard, (("card", _kinds),)),
        Block(BuildFromDiscard, (("card", _kinds),)),
    ]
)

# Shared instances handed out as legal actions (payments are made lazily: few ever occur).
BUILD_FREE = {k: BuildFree(k) for k in _kinds}
DISCARD = {k: Discard(k) for k in _kinds}
FROM_DISCARD = {k: BuildFromDiscard(k) for k in _kinds}
_builds: dict[tuple[str, int, int], Build] = {}
_stages: dict[tuple[str, int, int], BuildStage] = {}


def build(card: str, left: int, right: int) -> Build:
    """The shared :class:`Build` instance."""
    key = (card, left, right)
    action = _builds.get(key)
    if action is None:
        action = _builds[key] = Build(card, left, right)
    return action


def build_stage(card: str, left: int, right: int) -> BuildStage:
    """The shared :class:`BuildStage` instance."""
    key = (card, left, right)
    action = _stages.get(key)
    if action is None:
        action = _stages[key] = BuildStage(card, left, right)
    return action
