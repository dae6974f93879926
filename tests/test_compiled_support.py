"""What lets the rule modules be compiled (the optional build, issue 15) without changing what
they do: ``as_method`` makes a rule function taking the state first a hook of the state's class
(the function itself in the pure package; wrapped in the compiled build, whose functions do not
bind as methods), and the compiled classes a state holds pickle as what they are made of."""

from __future__ import annotations

import operator
import pickle

import tabletop
from tabletop.core.rng import Rng
from tabletop.core.state import as_method
from tabletop.games.wonders_duel.economy import CostBook


def _first(items: list[int], *more: int) -> int:
    return items[0] + sum(more)


class _Items(list[int]):
    first = as_method(_first)
    size = as_method(len)  # a built-in function: not a descriptor, like a compiled one
    at = as_method(operator.getitem)  # two arguments
    most = as_method(max)  # no signature to read


class _Text(str):
    words = as_method(str.split)  # defaults: any arguments


def test_a_python_function_is_the_hook_itself() -> None:
    assert as_method(_first) is _first
    assert _Items([4, 5]).first() == 4
    assert _Items([4, 5]).first(1, 2) == 7


def test_a_function_that_does_not_bind_is_called_with_the_state_first() -> None:
    assert _Items([4, 5, 6]).size() == 3
    assert _Items([4, 5, 6]).at(1) == 5
    assert _Items([4, 9, 6]).most() == 9
    assert _Items([4, 9, 6]).most(key=lambda item: -item) == 4
    assert _Text("a b").words() == ["a", "b"] and _Text("a-b").words("-", maxsplit=1) == ["a", "b"]
    assert as_method(len).__doc__ == len.__doc__


def test_the_wonders_games_hooks_play_through_as_method() -> None:
    for name in ("wonders_duel", "seven_wonders"):
        game = tabletop.load(name)
        state = game.new_game(players=game.min_players, seed=3)
        rng = Rng.from_seed(3)
        for _ in range(30):
            state.apply(rng.choice(state.legal_actions()))
        assert state.history and len(state.history) == 30


def test_a_cost_book_pickles_as_its_situation() -> None:
    book = CostBook((1, 0, 2, 0, 0), 1, 0, (2, 3, 2, 4, 2), 0, 2)
    costs = [book.card(card) for card in ("lumber_yard", "stable", "baths")]
    copied = pickle.loads(pickle.dumps(book))
    assert type(copied) is CostBook and copied is not book
    assert [copied.card(card) for card in ("lumber_yard", "stable", "baths")] == costs
    assert copied.produce == book.produce and copied.wonder_waived == 2


def test_a_market_and_its_prices_pickle_as_what_they_are_made_of() -> None:
    game = tabletop.load("seven_wonders")
    state = game.new_game(players=3, seed=4)
    rng = Rng.from_seed(4)
    for _ in range(12):
        state.apply(rng.choice(state.legal_actions()))
    market = state.markets[0] or state.market(0)
    copied = pickle.loads(pickle.dumps(market))
    assert type(copied) is type(market) and copied is not market
    assert (copied.own, copied.left, copied.right, copied.prune) == (
        market.own,
        market.left,
        market.right,
        market.prune,
    )
    for bits in (0, 1, 1 << 8, 3 << 16, (1 << 8) + (2 << 24)):
        assert copied.splits(bits) == market.splits(bits)
        priced = pickle.loads(pickle.dumps(market.priced(bits)))
        assert priced.splits == market.priced(bits).splits
        assert priced.build_actions("lumber_yard") == market.priced(bits).build_actions("lumber_yard")
