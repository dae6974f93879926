"""The shortcuts 7 Wonders Duel takes for speed give exactly what the plain rules give: the trade
cost against a brute-force search over every way to use choice productions and waivers, and
cost books shared between states against costs worked out afresh."""

from __future__ import annotations

import itertools
import random

from games.wonders_duel.wonders_duel_helpers import fresh
from tabletop.core.rng import Rng
from tabletop.games.wonders_duel.city import card_cost, cost_book, prices, wonder_cost
from tabletop.games.wonders_duel.components import BLUE, CARDS, PROGRESS_TOKENS, WONDERS
from tabletop.games.wonders_duel.economy import trade_cost


def brute_trade_cost(
    need: tuple[tuple[int, int], ...],
    produce: list[int],
    unit: list[int],
    choice_raw: int,
    choice_made: int,
    waived: int,
) -> int:
    """The cheapest purchase over every set of missing units the choices (raw materials for
    ``choice_raw``, manufactured goods for ``choice_made``, one unit each) and then the waiver
    (``waived`` units of any kind) cover."""
    missing = [
        (resource, unit[resource])
        for resource, units in need
        for _ in range(max(0, units - produce[resource]))
    ]
    best = sum(price for _, price in missing)
    indexes = range(len(missing))
    raw = [i for i in indexes if missing[i][0] < 3]
    made = [i for i in indexes if missing[i][0] >= 3]
    for by_raw in itertools.combinations(raw, min(choice_raw, len(raw))):
        for by_made in itertools.combinations(made, min(choice_made, len(made))):
            rest = [i for i in indexes if i not in by_raw and i not in by_made]
            for by_waiver in itertools.combinations(rest, min(waived, len(rest))):
                best = min(best, sum(missing[i][1] for i in rest if i not in by_waiver))
    return best


def test_trade_cost_is_the_cheapest_of_every_assignment() -> None:
    rng = random.Random(8)
    needs = [card.need for card in CARDS.values() if card.need] + [w.need for w in WONDERS.values()]
    for _ in range(3000):
        need = rng.choice(needs)
        produce = [rng.choice((0, 0, 0, 1, 2)) for _ in range(5)]
        unit = [rng.choice((1, 2, 2, 3, 4)) for _ in range(5)]
        choice_raw, choice_made = rng.choice((0, 0, 1, 2)), rng.choice((0, 0, 1, 2))
        waived = rng.choice((0, 0, 2))
        expected = brute_trade_cost(need, produce, unit, choice_raw, choice_made, waived)
        assert trade_cost(need, produce, unit, choice_raw, choice_made, waived) == expected, (
            need,
            produce,
            unit,
            choice_raw,
            choice_made,
            waived,
        )


def test_shared_cost_books_give_the_costs_worked_out_afresh() -> None:
    blue_off = {t: PROGRESS_TOKENS[t].blue_discount for t in PROGRESS_TOKENS}
    wonder_off = {t: PROGRESS_TOKENS[t].wonder_discount for t in PROGRESS_TOKENS}
    for seed in range(12):
        state = fresh(seed=seed)
        rng = Rng.from_seed(seed)
        while not state.is_terminal:
            seat = state.current_player
            assert seat is not None
            if state.structure is not None:
                book = cost_book(state, seat)
                choice_raw, choice_made = state.choice[seat]
                unit = prices(state, seat)
                for slot in state.open_slots:
                    card = CARDS[str(state.structure.cards[slot])]
                    waived = sum(blue_off[t] for t in state.tokens[seat]) if card.color_index == BLUE else 0
                    trade = brute_trade_cost(
                        card.need, list(state.produce[seat]), unit, choice_raw, choice_made, waived
                    )
                    printed, paid, chained = card_cost(state, seat, card.id)
                    if not chained:
                        assert (printed, paid) == (card.coins, trade) == book.card(card.id)
                for wonder_id in state.wonders[seat]:
                    waived = sum(wonder_off[t] for t in state.tokens[seat])
                    trade = brute_trade_cost(
                        WONDERS[wonder_id].need,
                        list(state.produce[seat]),
                        unit,
                        choice_raw,
                        choice_made,
                        waived,
                    )
                    assert wonder_cost(state, seat, wonder_id) == trade
            state.apply(rng.choice(state.legal_actions()))
