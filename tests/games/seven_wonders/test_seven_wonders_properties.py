"""Properties over random play for every player count, and the payment options against a
brute-force enumeration."""

from __future__ import annotations

import itertools
import json
from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tabletop.core import Rng
from tabletop.games.seven_wonders import BOARDS, CARDS, GAME, SevenWondersState
from tabletop.games.seven_wonders.city import CityView, derive
from tabletop.games.seven_wonders.components import RESOURCES
from tabletop.games.seven_wonders.invariants import check
from tabletop.games.seven_wonders.trading import payment_splits


def play_random(players: int, seed: int, side: str) -> tuple[SevenWondersState, Counter[tuple[int, str]]]:
    """A random game, checking the invariants after every action; the decisions per city."""
    state = GAME.new_game(players=players, seed=seed, side=side)
    rng = Rng.from_seed(seed)
    decisions: Counter[tuple[int, str]] = Counter()
    while not state.is_terminal:
        city = state.deciding_city
        assert city is not None
        decisions[city, state.decision] += 1
        state.apply(rng.choice(state.legal_actions()))
        check(state)
        assert min(state.coins) >= 0
    # The views kept up to date card by card equal the ones derived from scratch.
    for city in range(state.num_cities):
        view = derive(state.boards[city], state.sides[city], state.built[city], len(state.tucked[city]))
        assert state.views[city] == view
    return state, decisions


@pytest.mark.parametrize("players", range(2, 8))
@given(st.integers(0, 2**32), st.sampled_from(["A", "B", "random"]))
@settings(max_examples=5, deadline=None)
def test_random_games_conserve_cards_and_end_after_eighteen_picks(players: int, seed: int, side: str) -> None:
    state, decisions = play_random(players, seed, side)
    cities = state.num_cities
    in_play = 3 * 7 * max(3, players)
    placed = sum(len(b) + len(t) for b, t in zip(state.built, state.tucked)) + len(state.discard)
    assert placed == in_play and not any(state.decks) and not state.pile
    for city in range(cities):
        picks = decisions[city, "turn"] + decisions[city, "free_city"]
        assert picks == 18, (city, picks)
        # Babylon B may play a 7th card in each Age from the one its stage 2 is built in.
        assert decisions[city, "seventh_card"] <= 3
        if decisions[city, "seventh_card"]:
            assert state.boards[city] == "Babylon" and state.sides[city] == "B"
        stages = BOARDS[state.boards[city]].sides[state.sides[city]][: len(state.tucked[city])]
        from_discard = sum(1 for stage in stages if stage.effect.special == "build_from_discard")
        assert decisions[city, "build_from_discard"] <= from_discard
    assert state.outcome is not None and len(state.outcome.scores) == players


@pytest.mark.parametrize("players", range(2, 8))
@given(st.integers(0, 2**32))
@settings(max_examples=2, deadline=None)
def test_saves_and_records_restore_exactly(players: int, seed: int) -> None:
    state = GAME.new_game(players=players, seed=seed, side="random")
    rng = Rng.from_seed(seed)
    steps = 0
    while not state.is_terminal:
        if steps % 17 == 0:
            data = json.loads(json.dumps(state.to_dict()))
            again = GAME.state_from_dict(data)
            assert again.to_dict() == state.to_dict()
            assert again.legal_actions() == state.legal_actions()
        state.apply(rng.choice(state.legal_actions()))
        steps += 1
    assert GAME.replay(json.loads(json.dumps(state.record()))).to_dict() == state.to_dict()


# ---------------------------------------------------------------------- payments, brute force


def brute_force(
    cost: tuple[int, ...], own: CityView, left: CityView, right: CityView
) -> tuple[set[tuple[int, int]], set[tuple[int, int]]]:
    """Every (left, right) payment, found by fixing each "one of these" card's resource first
    (the city's own cards make something it lacks when they can; a setting that leaves more to
    buy than another, a card making what is already made, buys nothing the rules allow), then
    splitting what is still missing unit by unit: (the undominated ones, all of them)."""

    def options(masks: tuple[int, ...]) -> list[tuple[int, ...]]:
        return [tuple(k for k in range(7) if m >> k & 1) for m in masks]

    lacking = [k for k in range(7) if cost[k] > own.fixed[k]]
    own_options = [tuple(k for k in option if k in lacking) or (-1,) for option in options(own.choices)]
    settings = set()
    for mine in itertools.product(*own_options):
        have = list(own.fixed)
        for k in mine:
            if k >= 0:
                have[k] += 1
        settings.add(tuple(max(0, c - h) for c, h in zip(cost, have)))
    least = [m for m in settings if not any(o != m and all(a <= b for a, b in zip(o, m)) for o in settings)]
    found: set[tuple[int, int]] = set()
    for missing in least:
        for sold_left in itertools.product(*options(left.trade_choices)):
            left_has = list(left.trade_fixed)
            for k in sold_left:
                left_has[k] += 1
            for sold_right in itertools.product(*options(right.trade_choices)):
                right_has = list(right.trade_fixed)
                for k in sold_right:
                    right_has[k] += 1
                per_resource = []
                for k in range(7):
                    n = missing[k]
                    per_resource.append(
                        [
                            (a * own.left_price[k], (n - a) * own.right_price[k])
                            for a in range(n + 1)
                            if a <= left_has[k] and n - a <= right_has[k]
                        ]
                    )
                for combo in itertools.product(*per_resource):
                    found.add((sum(a for a, _ in combo), sum(b for _, b in combo)))
    best = {x for x in found if not any(y[0] <= x[0] and y[1] <= x[1] and y != x for y in found)}
    return best, found


_PRODUCERS = sorted(
    {c.id for c in CARDS.values() if c.effect.produces or c.effect.produces_choice}
    | {c.id for c in CARDS.values() if c.effect.trade_discount is not None}
)


@given(
    st.lists(st.sampled_from(_PRODUCERS), max_size=5, unique=True),
    st.lists(st.sampled_from(_PRODUCERS), max_size=4, unique=True),
    st.lists(st.sampled_from(_PRODUCERS), max_size=4, unique=True),
    st.sampled_from(sorted(BOARDS)),
    st.tuples(*[st.integers(0, 2) for _ in RESOURCES]),
)
@settings(max_examples=300, deadline=None)
def test_payment_options_match_a_brute_force_search(
    own: list[str], left: list[str], right: list[str], board: str, cost: tuple[int, ...]
) -> None:
    boards = [b for b in sorted(BOARDS) if b != board][:2]
    views = [
        derive(board, "A", own, 0),
        derive(boards[0], "A", left, 0),
        derive(boards[1], "B", right, 1),
    ]
    best, every = brute_force(cost, *views)
    assert set(payment_splits(cost, views[0], views[1], views[2])) == best
    assert set(payment_splits(cost, views[0], views[1], views[2], prune=False)) == every
    # Asked again (now from the caches), the answers are the same.
    assert set(payment_splits(cost, views[0], views[1], views[2])) == best
    assert set(payment_splits(cost, views[0], views[1], views[2], prune=False)) == every
