"""Setting up a game: the three Age decks, the Guilds, the Progress tokens, the coins, the Wonders."""

from __future__ import annotations

from typing import Any

from tabletop.core import Rng, Track

from .components import BOARD, CARDS, PROGRESS_TOKENS, WONDERS
from .structures import start_age
from .state import WondersDuelState

_AGE_CARDS = tuple(
    tuple(c.id for c in CARDS.values() if c.age == age and not c.is_guild) for age in (1, 2, 3)
)
_GUILDS = tuple(c.id for c in CARDS.values() if c.is_guild)
_LIMIT = 1 << 63


def _step_groups(length: int) -> tuple[tuple[int, tuple[tuple[int, int], ...]], ...]:
    """Fisher-Yates steps ``(index, range)`` from the top, grouped so that the product of the
    ranges of a group (its ``span``) stays below 2**63."""
    groups = []
    i = length - 1
    while i > 0:
        steps = []
        span = 1
        while i > 0 and span * (i + 1) < _LIMIT:
            span *= i + 1
            steps.append((i, i + 1))
            i -= 1
        groups.append((span, tuple(steps)))
    return tuple(groups)


_GROUPS = {length: _step_groups(length) for length in range(64)}


def shuffle(items: list[str], rng: Rng) -> None:
    """Shuffle in place, uniformly, drawing one random number per group of Fisher-Yates steps.

    The swap indices of several steps are the mixed-radix digits of a single uniform draw
    below the product of their ranges, so the permutation is exactly as uniform as a plain
    Fisher-Yates shuffle, with about one draw per 20 cards instead of one per card.
    """
    for span, steps in _GROUPS[len(items)]:
        code = rng.randbelow(span)
        for i, radix in steps:
            code, j = divmod(code, radix)
            items[i], items[j] = items[j], items[i]


def setup(num_players: int, seed: int, options: dict[str, Any], rng: Rng) -> WondersDuelState:
    """A new game: decks prepared, tokens placed, 7 coins each, the Wonder draft open."""
    box: list[str] = []
    decks: list[list[str]] = []
    for age_cards in _AGE_CARDS:
        deck = list(age_cards)
        shuffle(deck, rng)
        box += deck[: BOARD.cards_to_box_per_age]
        decks.append(deck[BOARD.cards_to_box_per_age :])
    guilds = list(_GUILDS)
    shuffle(guilds, rng)
    decks[2] += guilds[: BOARD.guilds_in_age_3]
    box += guilds[BOARD.guilds_in_age_3 :]
    shuffle(decks[2], rng)
    tokens = list(PROGRESS_TOKENS)
    shuffle(tokens, rng)
    on_board = BOARD.progress_tokens_on_board
    wonder_deck = list(WONDERS)
    shuffle(wonder_deck, rng)
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
        num_players=num_players, seed=seed, options=options, rng=rng,
        age=0, active=0, pending=[], chooser=None, play_again=False, draft_pick=8 if beginner else 0,
        wonder_deck=wonder_deck, wonder_offer=offer, structure=None, decks=decks, box=box,
        discard=[], coins=[start, start], bank_paid=2 * start, bank_received=0,
        cards=[[], []], wonders=owned, built=[[], []], tucked={}, returned_wonders=[],
        tokens=[[], []], board_tokens=tokens[:on_board], set_aside=tokens[on_board:],
        library_offer=[], library_known=[], library_seat=None,
        military=Track(-BOARD.capital, BOARD.capital), loot=[t.id for t in BOARD.loot],
    )
    if beginner:
        start_age(state, 1, 0)
    return state
