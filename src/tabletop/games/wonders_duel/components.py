"""The printed components of 7 Wonders Duel, loaded from ``data/*.json``.

Every class is frozen. Besides the printed fields, cards and wonders carry a few derived
fields (resource needs as index pairs, colour index...) computed once at import so that the
rules never parse data during play.
"""

from __future__ import annotations

from typing import Any

import attrs

from tabletop.core import LayoutShape, Zone
from tabletop.core.serialize import load_data, load_json

#: The five resources, in the order used by every per-resource vector.
RESOURCES: tuple[str, ...] = ("wood", "clay", "stone", "glass", "papyrus")
#: The raw materials (brown cards) and manufactured goods (grey cards).
RAW: frozenset[int] = frozenset({0, 1, 2})
#: The seven card colours, in the order used by per-colour counters.
COLORS: tuple[str, ...] = ("brown", "grey", "blue", "green", "yellow", "red", "purple")
BROWN, GREY, BLUE, GREEN, YELLOW, RED, PURPLE = range(7)


def _pairs(counts: dict[str, int]) -> tuple[tuple[int, int], ...]:
    return tuple((RESOURCES.index(r), n) for r, n in counts.items() if n)


def _mask(resources: list[str]) -> int:
    mask = 0
    for r in resources:
        mask |= 1 << RESOURCES.index(r)
    return mask


def _choice_group(resources: list[str]) -> int:
    """0 for none, 1 for a raw-material choice, 2 for a manufactured-goods choice."""
    if not resources:
        return 0
    indexes = {RESOURCES.index(r) for r in resources}
    if indexes <= RAW:
        return 1
    if not indexes & RAW:
        return 2
    raise ValueError(f"a choice production mixes raw and manufactured resources: {resources}")


@attrs.frozen
class CoinsPer:
    """Coins gained once, on construction, per card of ``counts`` (or per ``"wonder"``)."""

    counts: tuple[str, ...]
    each: int


@attrs.frozen
class GuildRule:
    """A guild: ``counts`` in the city that has most of them gives coins now and VP at the end."""

    counts: tuple[str, ...]
    coins_each: int
    vp_each: int


@attrs.frozen
class Card:
    """One Age or Guild card (a building)."""

    id: str
    name: str
    age: int
    color: str
    coins: int
    resources: dict[str, int]
    chain_from: str | None
    chain_to: str | None
    victory_points: int
    shields: int
    science: str | None
    gain_coins: int
    produces: dict[str, int]
    produces_choice: tuple[str, ...]
    one_coin_trade: tuple[str, ...]
    coins_per: CoinsPer | None
    guild: GuildRule | None
    # derived
    color_index: int = attrs.field(init=False)
    need: tuple[tuple[int, int], ...] = attrs.field(init=False)
    production: tuple[tuple[int, int], ...] = attrs.field(init=False)
    choice_group: int = attrs.field(init=False)
    one_coin_mask: int = attrs.field(init=False)
    #: Whether building it changes what resources cost (production or trade prices).
    changes_costs: bool = attrs.field(init=False)

    def __attrs_post_init__(self) -> None:
        object.__setattr__(self, "color_index", COLORS.index(self.color))
        object.__setattr__(self, "need", _pairs(self.resources))
        object.__setattr__(self, "production", _pairs(self.produces))
        object.__setattr__(self, "choice_group", _choice_group(list(self.produces_choice)))
        object.__setattr__(self, "one_coin_mask", _mask(list(self.one_coin_trade)))
        object.__setattr__(
            self, "changes_costs", bool(self.production or self.choice_group or self.one_coin_mask)
        )

    @property
    def is_guild(self) -> bool:
        """Whether this is a Guild (purple back, shuffled into Age III)."""
        return self.color_index == PURPLE


@attrs.frozen
class CardsFile:
    """The layout of ``data/cards.json``."""

    science_symbols: tuple[str, ...]
    cards: tuple[Card, ...]


@attrs.frozen
class Wonder:
    """One of the 12 Wonders."""

    id: str
    name: str
    resources: dict[str, int]
    victory_points: int
    shields: int
    gain_coins: int
    opponent_loses_coins: int
    play_again: bool
    destroys: str | None
    produces_choice: tuple[str, ...]
    build_from_discard: bool
    progress_from_box: int
    # derived
    need: tuple[tuple[int, int], ...] = attrs.field(init=False)
    choice_group: int = attrs.field(init=False)

    def __attrs_post_init__(self) -> None:
        object.__setattr__(self, "need", _pairs(self.resources))
        object.__setattr__(self, "choice_group", _choice_group(list(self.produces_choice)))


@attrs.frozen
class ProgressToken:
    """One of the 10 Progress tokens: immediate gains, end-game VP and lasting powers."""

    id: str
    name: str
    gain_coins: int
    victory_points: int
    science: str | None
    #: Mathematics: VP at the end per Progress token owned (itself included).
    vp_per_token: int
    #: Strategy: extra shields on every red card built afterwards.
    red_shield_bonus: int
    #: Masonry: resource units waived on every blue card built afterwards.
    blue_discount: int
    #: Architecture: resource units waived on every Wonder built afterwards.
    wonder_discount: int
    #: Urbanism: coins gained for every later construction made free by a chain.
    chain_coins: int
    #: Economy: the coins the opponent spends on trading come to the owner.
    takes_opponent_trade: bool
    #: Theology: every Wonder built afterwards has Play Again.
    wonders_play_again: bool
    text: str


@attrs.frozen
class LootToken:
    """A military token: ``victim`` loses ``coins`` when the pawn first reaches ``first`` on their side."""

    id: str
    victim: int
    first: int
    coins: int


@attrs.frozen
class StructureSlot:
    """One slot of an Age structure: dealt face up or down, covered by the listed slots."""

    id: str
    face_up: bool
    covered_by: tuple[int, ...]


@attrs.frozen
class Board:
    """The board, the setup numbers and the three Age structures."""

    starting_coins: int
    capital: int
    #: The military zones by distance from the centre; ``value`` is their VP for the leader.
    zones: tuple[Zone, ...]
    loot: tuple[LootToken, ...]
    structures: tuple[tuple[StructureSlot, ...], ...]
    beginner_wonders: tuple[tuple[str, ...], ...]
    cards_to_box_per_age: int
    guilds_in_age_3: int
    progress_tokens_on_board: int
    max_wonders_built: int


_PACKAGE = "tabletop.games.wonders_duel.data"
_cards_file = load_data(_PACKAGE, "cards.json", CardsFile)

#: Every Age and Guild card by id, in data order.
CARDS: dict[str, Card] = {card.id: card for card in _cards_file.cards}
#: The seven science symbols (six on green cards, ``scales`` on the Law token).
SCIENCE_SYMBOLS: tuple[str, ...] = _cards_file.science_symbols
#: Every Wonder by id.
WONDERS: dict[str, Wonder] = {w.id: w for w in load_data(_PACKAGE, "wonders.json", tuple[Wonder, ...])}
#: Every Progress token by id.
PROGRESS_TOKENS: dict[str, ProgressToken] = {
    t.id: t for t in load_data(_PACKAGE, "progress_tokens.json", tuple[ProgressToken, ...])
}
#: The board and setup.
BOARD: Board = load_data(_PACKAGE, "board.json", Board)
#: The four military tokens by id.
MILITARY_TOKENS: dict[str, LootToken] = {token.id: token for token in BOARD.loot}
#: Wonders built in a game at most (the eighth goes back to the box).
MAX_WONDERS_BUILT: int = BOARD.max_wonders_built
#: Per military token, the pawn position that loots it (read from player 0's side: positive
#: positions stand on player 1's half of the track).
LOOT_SPACE: dict[str, int] = {t.id: t.first if t.victim == 1 else -t.first for t in BOARD.loot}
#: The three Age structures as kernel layout shapes.
SHAPES: tuple[LayoutShape, ...] = tuple(
    LayoutShape(
        covered_by=tuple(slot.covered_by for slot in structure),
        face_up=tuple(slot.face_up for slot in structure),
    )
    for structure in BOARD.structures
)


def raw_data(name: str) -> Any:
    """The parsed JSON of one data file (for tests and tools)."""
    return load_json(_PACKAGE, name)
