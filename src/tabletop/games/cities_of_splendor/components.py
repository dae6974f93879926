"""The printed components of Splendor and the Cities of Splendor box, loaded from ``data/``.

Development cards (90 base + 30 Orient), noble tiles, the 7 two-sided city tiles, the 5 powers
of the "Route to the Orient" board and the setup numbers. Everything here is frozen; what
changes during play lives in :mod:`.state`.
"""

from __future__ import annotations

import attrs

from tabletop.core.serialize import load_data

_PACKAGE = "tabletop.games.cities_of_splendor.data"

#: The five gem colours in the printed order; ``gold`` is the wild token.
COLOURS: tuple[str, ...] = ("white", "blue", "green", "red", "black")
GOLD = "gold"
TOKEN_KINDS: tuple[str, ...] = COLOURS + (GOLD,)

#: The modules of the Cities of Splendor box (``None`` plays base Splendor).
MODULES: tuple[str | None, ...] = ("cities", "trading_posts", "orient", "strongholds", None)


@attrs.frozen
class Sacrifice:
    """What an Orient sacrifice card costs instead of tokens: bonuses of one colour to discard."""

    colour: str
    bonuses: int


@attrs.frozen
class Card:
    """A development card. ``kind`` is ``"standard"`` for base cards, else the Orient ability."""

    id: str
    module: str
    level: int
    kind: str
    bonus: str | None
    bonus_count: int
    points: int
    cost: dict[str, int]
    sacrifice: Sacrifice | None


@attrs.frozen
class Noble:
    """A noble tile: its prestige and the bonuses that make it visit."""

    id: str
    points: int
    requirement: dict[str, int]
    name: str


@attrs.frozen
class CityFace:
    """One side of a city tile: the prestige and bonuses needed to claim it.

    ``same_colour`` is N for the "N bonuses of one colour of your choice" icon (0 when absent);
    that colour may not be one in ``same_colour_excludes`` (the colours the face names).
    """

    id: str
    prestige: int
    bonuses: dict[str, int]
    same_colour: int
    same_colour_excludes: tuple[str, ...]


@attrs.frozen
class CityTile:
    """A two-sided city tile."""

    tile: int
    faces: tuple[CityFace, CityFace]


@attrs.frozen
class TradingPost:
    """A power of the Route to the Orient board, its requirement and its official wording."""

    position: int
    power: str
    bonuses: dict[str, int]
    nobles: int
    text: str


@attrs.frozen
class Setup:
    """The setup and limit numbers of the base game and the modules."""

    gems_per_colour: dict[str, int]
    gold: int
    face_up_per_level: int
    orient_face_up_per_level: int
    max_reserved: int
    token_limit: int
    prestige_goal: int
    cities_revealed: int
    strongholds_per_player: int
    take_two_minimum: int


CARDS: tuple[Card, ...] = tuple(load_data(_PACKAGE, "development_cards.json", list[Card]))
NOBLES: tuple[Noble, ...] = tuple(load_data(_PACKAGE, "nobles.json", list[Noble]))
CITY_TILES: tuple[CityTile, ...] = tuple(load_data(_PACKAGE, "cities.json", list[CityTile]))
TRADING_POSTS: tuple[TradingPost, ...] = tuple(load_data(_PACKAGE, "trading_posts.json", list[TradingPost]))
SETUP: Setup = load_data(_PACKAGE, "setup.json", Setup)

CARD: dict[str, Card] = {card.id: card for card in CARDS}
NOBLE: dict[str, Noble] = {noble.id: noble for noble in NOBLES}
CITY: dict[str, CityFace] = {face.id: face for tile in CITY_TILES for face in tile.faces}
BASE_CARDS: dict[int, tuple[str, ...]] = {
    level: tuple(c.id for c in CARDS if c.module == "base" and c.level == level) for level in (1, 2, 3)
}
ORIENT_CARDS: dict[int, tuple[str, ...]] = {
    level: tuple(c.id for c in CARDS if c.module == "orient" and c.level == level) for level in (1, 2, 3)
}
