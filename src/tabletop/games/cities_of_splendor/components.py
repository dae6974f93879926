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


# Every catalog is a mapping by id, in the printed order of the data files.
CARDS: dict[str, Card] = {card.id: card for card in load_data(_PACKAGE, "development_cards.json", list[Card])}
NOBLES: dict[str, Noble] = {noble.id: noble for noble in load_data(_PACKAGE, "nobles.json", list[Noble])}
#: The city tiles by their printed number.
CITY_TILES: dict[int, CityTile] = {
    tile.tile: tile for tile in load_data(_PACKAGE, "cities.json", list[CityTile])
}
#: Both faces of every city tile, by face id (``"C1a"``, ``"C1b"``...).
CITY_FACES: dict[str, CityFace] = {face.id: face for tile in CITY_TILES.values() for face in tile.faces}
#: The powers of the Route to the Orient board by position (1-5).
TRADING_POSTS: dict[int, TradingPost] = {
    post.position: post for post in load_data(_PACKAGE, "trading_posts.json", list[TradingPost])
}
SETUP: Setup = load_data(_PACKAGE, "setup.json", Setup)

BASE_CARDS: dict[int, tuple[str, ...]] = {
    level: tuple(c.id for c in CARDS.values() if c.module == "base" and c.level == level)
    for level in (1, 2, 3)
}
ORIENT_CARDS: dict[int, tuple[str, ...]] = {
    level: tuple(c.id for c in CARDS.values() if c.module == "orient" and c.level == level)
    for level in (1, 2, 3)
}

# ---------------------------------------------------------------------- lookups for the hot paths
# Plain dicts of one field each, computed once: the rules read these instead of the attrs
# objects because attribute chains cost measurably in legal-move generation.

COST_ITEMS: dict[str, tuple[tuple[str, int], ...]] = {
    c.id: tuple((colour, c.cost[colour]) for colour in COLOURS if c.cost.get(colour)) for c in CARDS.values()
}
#: (index in COLOURS, colour, units) of every colour a card costs.
COST_INDEXED: dict[str, tuple[tuple[int, str, int], ...]] = {
    c.id: tuple((i, colour, c.cost[colour]) for i, colour in enumerate(COLOURS) if c.cost.get(colour))
    for c in CARDS.values()
}
KIND = {c.id: c.kind for c in CARDS.values()}
BONUS = {c.id: c.bonus for c in CARDS.values()}
BONUS_COUNT = {c.id: c.bonus_count for c in CARDS.values()}
POINTS = {c.id: c.points for c in CARDS.values()}
LEVEL = {c.id: c.level for c in CARDS.values()}
IS_ORIENT = {c.id: c.module == "orient" for c in CARDS.values()}
SACRIFICE = {c.id: (c.sacrifice.colour, c.sacrifice.bonuses) for c in CARDS.values() if c.sacrifice}
COST5 = {c.id: tuple(c.cost.get(colour, 0) for colour in COLOURS) for c in CARDS.values()}
TOTAL_COST = {c.id: sum(c.cost.values()) for c in CARDS.values()}
#: Cards bought with tokens and nothing else asked (no pairing, no sacrifice).
PLAIN = frozenset(
    c.id for c in CARDS.values() if c.kind not in ("pair", "pair_then_free_level1", "sacrifice")
)
PAIR_KINDS = frozenset({"pair", "pair_then_free_level1"})
NOBLE_POINTS = {n.id: n.points for n in NOBLES.values()}
NOBLE_REQ5 = {n.id: tuple(n.requirement.get(colour, 0) for colour in COLOURS) for n in NOBLES.values()}
#: (position, requirement items, nobles needed) of every Trading Post power.
POSTS = tuple((p.position, tuple(p.bonuses.items()), p.nobles) for p in TRADING_POSTS.values())

GOAL = SETUP.prestige_goal
LOWEST_CITY = min(face.prestige for face in CITY_FACES.values())
TOKEN_LIMIT = SETUP.token_limit
MAX_RESERVED = SETUP.max_reserved
TAKE_TWO_MIN = SETUP.take_two_minimum
