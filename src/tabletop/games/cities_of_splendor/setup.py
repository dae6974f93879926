"""Setting up a new game: tokens by player count, 4 cards per level, nobles or cities by module."""

from __future__ import annotations

from typing import Any

from tabletop.core import Deck, Market, Rng, TokenPool, TurnOrder

from .components import BASE_CARDS, CITY_TILES, COLOURS, GOLD, NOBLES, ORIENT_CARDS, SETUP, TOKEN_KINDS
from .state import CitiesOfSplendorState, Player

_TILES = tuple(CITY_TILES.values())
_NOBLE_IDS = tuple(NOBLES)


def setup(num_players: int, seed: int, options: dict[str, Any], rng: Rng) -> CitiesOfSplendorState:
    """A new game of ``options["module"]`` (``None``: base Splendor); seat 0 plays first."""
    module = options["module"]
    gems = SETUP.gems_per_colour[str(num_players)]
    bank = TokenPool({**{colour: gems for colour in COLOURS}, GOLD: SETUP.gold})
    markets = [
        Market.dealt(SETUP.face_up_per_level, Deck.shuffled(BASE_CARDS[level], rng)) for level in (1, 2, 3)
    ]
    orient = []
    if module == "orient":
        orient = [
            Market.dealt(SETUP.orient_face_up_per_level, Deck.shuffled(ORIENT_CARDS[level], rng))
            for level in (1, 2, 3)
        ]
    nobles: list[str] = []
    cities: list[str] = []
    if module == "cities":
        for tile in rng.sample(_TILES, SETUP.cities_revealed):
            cities.append(tile.faces[rng.randbelow(2)].id)
    else:
        nobles = rng.sample(list(_NOBLE_IDS), num_players + 1)
    strongholds = SETUP.strongholds_per_player if module == "strongholds" else 0
    players = [
        Player(
            tokens=TokenPool({kind: 0 for kind in TOKEN_KINDS}),
            bonuses={colour: 0 for colour in COLOURS},
            strongholds=[None] * strongholds,
        )
        for _ in range(num_players)
    ]
    return CitiesOfSplendorState(
        num_players=num_players,
        seed=seed,
        options=options,
        rng=rng,
        module=module,
        turns=TurnOrder.starting_with(num_players, 0),
        bank=bank,
        markets=markets,
        orient=orient,
        nobles=nobles,
        cities=cities,
        players=players,
    )
