"""The printed components of 7 Wonders, loaded from ``data/*.json``: 148 Age cards (one entry per
physical copy) and 7 Wonder boards with both sides.

Every class is frozen. Cards and stages carry a few derived fields (the cost as a vector over
:data:`RESOURCES`, the card's *kind*) computed once at import, so the rules never parse data
during play.
"""

from __future__ import annotations

import functools
from collections.abc import Mapping
from types import MappingProxyType

import attrs

from tabletop.core.serialize import load_data

#: The seven resources, in the order of every per-resource vector: four raw materials (brown
#: cards) then three manufactured goods (grey cards). ``loom`` is the textile.
RESOURCES: tuple[str, ...] = ("wood", "stone", "clay", "ore", "glass", "loom", "papyrus")
RAW: tuple[str, ...] = RESOURCES[:4]
MANUFACTURED: tuple[str, ...] = RESOURCES[4:]
#: The three science symbols.
SCIENCE: tuple[str, ...] = ("compass", "gear", "tablet")
#: The card colours.
COLORS: tuple[str, ...] = ("brown", "grey", "blue", "yellow", "red", "green", "purple")
#: Military tokens won at the end of Ages I, II, III; a defeat is always -1.
VICTORY_TOKENS: Mapping[int, int] = MappingProxyType({1: 1, 2: 3, 3: 5})
DEFEAT_TOKEN = -1
STARTING_COINS = 3
DISCARD_COINS = 3
HAND_SIZE = 7
TURNS_PER_AGE = 6
#: Price of one resource bought from a neighbour, without and with a discount.
PRICE, DISCOUNT_PRICE = 2, 1


def vector(resources: Mapping[str, int]) -> tuple[int, ...]:
    """``resources`` as a vector over :data:`RESOURCES`."""
    unknown = set(resources) - set(RESOURCES)
    if unknown:
        raise ValueError(f"unknown resources {sorted(unknown)}")
    return tuple(resources.get(r, 0) for r in RESOURCES)


@attrs.frozen
class Cost:
    """Coins (paid to the bank) and resources."""

    coins: int = 0
    resources: dict[str, int] = attrs.field(factory=dict)

    @property
    def vector(self) -> tuple[int, ...]:
        """The resources as a vector over :data:`RESOURCES`."""
        return vector(self.resources)


@attrs.frozen
class TradeDiscount:
    """From the turn after it is built: buy ``resources`` from ``neighbors`` at ``price``."""

    resources: tuple[str, ...]
    neighbors: tuple[str, ...]
    price: int
    starts: str


@attrs.frozen
class CountRule:
    """``amount`` coins or VP per ``per`` (``card`` of ``colors``, ``wonder_stage``,
    ``defeat_token``) in ``cities`` (``self``, ``left``, ``right``)."""

    amount: int
    per: str
    cities: tuple[str, ...]
    timing: str
    colors: tuple[str, ...] = ()


@attrs.frozen
class Effect:
    """What a card or a wonder stage gives (every field optional)."""

    produces: dict[str, int] = attrs.field(factory=dict)
    produces_choice: tuple[str, ...] = ()
    #: Whether neighbours may buy this production (brown and grey cards only).
    tradable: bool = False
    victory_points: int = 0
    shields: int = 0
    science: str | None = None
    #: One symbol of these, chosen at the end of the game (Scientists Guild, Babylon).
    science_choice: tuple[str, ...] = ()
    #: Coins taken from the bank once, when built.
    coins: int = 0
    trade_discount: TradeDiscount | None = None
    coins_per: CountRule | None = None
    victory_points_per: CountRule | None = None
    #: A wonder power: ``play_seventh_card``, ``build_free_once_per_age``,
    #: ``build_from_discard`` or ``copy_neighbor_guild``.
    special: str | None = None


@attrs.frozen
class Card:
    """One physical Age card."""

    id: str
    name: str
    age: int
    color: str
    #: The "3+".."7+" marking of this copy; None for the guilds.
    min_players: int | None
    cost: Cost
    free_if_built: tuple[str, ...]
    effect: Effect
    text: str
    #: The card's kind: its id without the player marking. Copies of one kind are the same
    #: card, so actions name kinds.
    kind: str = attrs.field(init=False)
    cost_vector: tuple[int, ...] = attrs.field(init=False)

    @kind.default
    def _kind(self) -> str:
        return self.id.rsplit("-", 1)[0] if self.min_players is not None else self.id

    @cost_vector.default
    def _cost_vector(self) -> tuple[int, ...]:
        return self.cost.vector

    @property
    def is_guild(self) -> bool:
        """Whether this is one of the ten guilds (purple, no player marking)."""
        return self.color == "purple"


@attrs.frozen
class Stage:
    """One wonder stage: its cost and what it gives."""

    cost: Cost
    effect: Effect
    text: str
    cost_vector: tuple[int, ...] = attrs.field(init=False)

    @cost_vector.default
    def _cost_vector(self) -> tuple[int, ...]:
        return self.cost.vector


@attrs.frozen
class Board:
    """A wonder board: its starting resource (sold to neighbours) and its two sides."""

    name: str
    wonder: str
    starting_resource: str
    sides: dict[str, tuple[Stage, ...]]


@attrs.frozen
class _CardFile:
    source: str
    cards: list[Card]


@attrs.frozen
class _BoardFile:
    source: str
    special_abilities: dict[str, str]
    boards: list[Board]


_PACKAGE = "tabletop.games.seven_wonders.data"
_cards = load_data(_PACKAGE, "cards.json", _CardFile)
_boards = load_data(_PACKAGE, "wonders.json", _BoardFile)

#: Every physical Age card, by id.
CARDS: Mapping[str, Card] = MappingProxyType({card.id: card for card in _cards.cards})
#: The copies of each kind, by kind, sorted (the first is the one an action takes first).
KINDS: Mapping[str, tuple[str, ...]] = MappingProxyType(
    {
        kind: tuple(sorted(c.id for c in _cards.cards if c.kind == kind))
        for kind in dict.fromkeys(c.kind for c in _cards.cards)
    }
)
#: The wonder boards, by name.
BOARDS: Mapping[str, Board] = MappingProxyType({board.name: board for board in _boards.boards})
#: The wonder powers, by name: the rulebook's wording.
SPECIAL_ABILITIES: Mapping[str, str] = MappingProxyType(dict(_boards.special_abilities))
#: The guilds' ids.
GUILDS: tuple[str, ...] = tuple(c.id for c in _cards.cards if c.is_guild)
#: A kind's name (kinds of one name share it: Loom of Age I and of Age II).
KIND_NAMES: Mapping[str, str] = MappingProxyType({k: CARDS[ids[0]].name for k, ids in KINDS.items()})


def deck_for(age: int, players: int) -> list[str]:
    """The non-guild cards of ``age`` for ``players`` (cards marked at most that many), by id."""
    return list(_deck(age, players))


@functools.cache
def _deck(age: int, players: int) -> tuple[str, ...]:
    # Cached: every new game deals its three decks from it.
    return tuple(
        sorted(
            c.id
            for c in CARDS.values()
            if c.age == age and c.min_players is not None and c.min_players <= players
        )
    )
