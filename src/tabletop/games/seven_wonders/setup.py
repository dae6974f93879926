"""A new game of 7 Wonders: boards and sides, decks per Age for the player count, the first deal."""

from __future__ import annotations

import functools
from typing import Any

from tabletop.core import Hands, Rng, Simultaneous
from tabletop.core.describe import shown

from . import effects
from .components import BOARDS, CARDS, GUILDS, STARTING_COINS, deck_for
from .state import SevenWondersState


def num_cities(players: int) -> int:
    """Cities at the table: one per player, and the Free City with 2 players."""
    return 3 if players == 2 else players


def check_options(options: dict[str, Any], players: int) -> None:
    """Refuse a ``boards`` list that does not name one distinct board per city."""
    boards = options["boards"]
    if boards == "random":
        return
    cities = num_cities(players)
    if not isinstance(boards, list) or not all(isinstance(b, str) for b in boards):
        raise ValueError(f"option boards must be 'random' or a list of board names, got {shown(boards)}")
    unknown = [b for b in boards if b not in BOARDS]
    if unknown:
        raise ValueError(f"option boards names unknown boards {unknown}; known: {sorted(BOARDS)}")
    if len(boards) != cities or len(set(boards)) != cities:
        raise ValueError(
            f"option boards must name {cities} different boards (one per city"
            + (", the Free City's last" if players == 2 else "")
            + f"), got {boards}"
        )


@functools.cache
def _set_aside(deck_players: int) -> tuple[str, ...]:
    """The cards other than guilds left in the box for this deck size, sorted (cached: sorting
    the box was a large part of setting up a game)."""
    dealt = {card for age in (1, 2, 3) for card in deck_for(age, deck_players)}
    return tuple(sorted(card for card in CARDS if card not in dealt and card not in GUILDS))


# The decks and the box of every deck size, computed from the data at import (a fresh process's
# first games find them ready).
for _players in range(3, 8):
    _set_aside(_players)


def setup(num_players: int, seed: int, options: dict[str, Any], rng: Rng) -> SevenWondersState:
    """Deal the boards, build the three decks and deal Age I."""
    cities = num_cities(num_players)
    deck_players = max(3, num_players)  # the Free City variant uses the 3-player deck
    if options["boards"] == "random":
        names = sorted(BOARDS)
        rng.shuffle(names)
        boards = names[:cities]
    else:
        boards = list(options["boards"])
    side = options["side"]
    sides = [("A", "B")[rng.randbelow(2)] if side == "random" else side for _ in range(cities)]
    guilds = list(GUILDS)
    rng.shuffle(guilds)
    chosen, unused = guilds[: deck_players + 2], guilds[deck_players + 2 :]
    decks = [deck_for(1, deck_players), deck_for(2, deck_players), deck_for(3, deck_players) + chosen]
    for deck in decks:
        rng.shuffle(deck)
    box = list(_set_aside(deck_players)) + sorted(unused)
    state = SevenWondersState(
        num_players=num_players,
        seed=seed,
        options=options,
        rng=rng,
        age=1,
        turn=1,
        boards=boards,
        sides=sides,
        coins=[STARTING_COINS] * cities,
        built=[()] * cities,
        tucked=[()] * cities,
        tucked_known=[()] * cities,
        tokens=[()] * cities,
        hands=Hands.empty(num_players),
        choices=Simultaneous(),
        discard=[],
        discard_known=[],
        decks=decks,
        box=box,
        pile=[],
        holder=-1,
        olympia_used=[0] * cities,
        queue=[],
    )
    effects.start_age(state)
    return state
