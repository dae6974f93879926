"""Setting up a game: the three Age decks, the Guilds, the Progress tokens, the coins, the Wonders."""

from __future__ import annotations

from typing import Any

from tabletop.core import Rng, Track, TurnOrder

from .components import BOARD, CARDS, PROGRESS_TOKENS, WONDERS
from .effects import start_age
from .state import WondersDuelState

_AGE_CARDS = tuple(
    tuple(c.id for c in CARDS.values() if c.age == age and not c.is_guild) for age in (1, 2, 3)
)
_GUILDS = tuple(c.id for c in CARDS.values() if c.is_guild)


def setup(num_players: int, seed: int, options: dict[str, Any], rng: Rng) -> WondersDuelState:
    """A new game: decks prepared, tokens placed, 7 coins each, the Wonder draft open."""
    box: list[str] = []
    decks: list[list[str]] = []
    for age_cards in _AGE_CARDS:
        deck = list(age_cards)
        rng.shuffle(deck)
        box += deck[: BOARD.cards_to_box_per_age]
        decks.append(deck[BOARD.cards_to_box_per_age :])
    guilds = list(_GUILDS)
    rng.shuffle(guilds)
    decks[2] += guilds[: BOARD.guilds_in_age_3]
    box += guilds[BOARD.guilds_in_age_3 :]
    rng.shuffle(decks[2])
    tokens = list(PROGRESS_TOKENS)
    rng.shuffle(tokens)
    on_board = BOARD.progress_tokens_on_board
    wonder_deck = list(WONDERS)
    rng.shuffle(wonder_deck)
    beginner = options["wonders"] == "beginner"
    if beginner:
        owned = [list(ws) for ws in BOARD.beginner_wonders]
        wonder_deck = [w for w in wonder_deck if w not in owned[0] and w not in owned[1]]
        offer: list[str] = []
    else:
        owned = [[], []]
        offer = wonder_deck[-4:]
        del wonder_deck[-4:]
    start = BOARD.starting_coins
    state = WondersDuelState(
        num_players=num_players,
        seed=seed,
        options=options,
        rng=rng,
        age=0,
        turns=TurnOrder.starting_with(num_players, 0),
        pending=[],
        draft_pick=8 if beginner else 0,
        wonder_deck=wonder_deck,
        wonder_offer=offer,
        structure=None,
        decks=decks,
        box=box,
        discard=[],
        coins=[start, start],
        bank_paid=2 * start,
        bank_received=0,
        cards=[[], []],
        wonders=owned,
        built=[[], []],
        tucked={},
        returned_wonders=[],
        tokens=[[], []],
        board_tokens=tokens[:on_board],
        set_aside=tokens[on_board:],
        library_offer=[],
        library_known=[],
        library_seat=None,
        reds_before_strategy=None,
        military=Track(-BOARD.capital, BOARD.capital),
        loot=[t.id for t in BOARD.loot],
    )
    if beginner:
        start_age(state, 1, 0)
    return state
