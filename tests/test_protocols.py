"""The Python protocols of every public type: pickling and copying, ``==`` and ``hash``, ``repr``.

A game pickles as its registered name and copies as itself; a state, an action or an outcome
comes back from pickle or copy equal (and, where hashable, with the same hash); the kernel's
mutable components copy independently with ``copy.copy`` as with their ``copy()``; comparing
with another type is ``False``, never an error.
"""

from __future__ import annotations

import copy
import pickle
import random
from collections.abc import Callable
from typing import Any

import pytest

import tabletop
import toy
from tabletop.core import (
    Deck,
    Hands,
    Layout,
    LayoutShape,
    Market,
    Outcome,
    Rng,
    Simultaneous,
    State,
    TokenPool,
    TurnOrder,
)
from test_fuzz_hostile import advance

NAMES = tabletop.game_names()


def _played(name: str, seed: int, steps: int) -> State:
    return advance(tabletop.load(name).new_game(seed=seed), random.Random(seed), steps)


def _unpickled(value: Any) -> Any:
    return pickle.loads(pickle.dumps(value))


#: Something of no type of the library's.
FOREIGN: object = 1


@pytest.mark.parametrize("name", NAMES)
def test_a_game_pickles_and_copies_as_the_registered_game(name: str) -> None:
    # The converter's hooks (lambdas) made pickling a game a PicklingError, so a worker of a
    # process pool could not be handed the game itself.
    game = tabletop.load(name)
    assert pickle.loads(pickle.dumps(game)) is game
    assert copy.copy(game) is game
    assert copy.deepcopy(game) is game
    assert game != FOREIGN and game != name


def test_a_game_that_is_not_the_registered_one_refuses_to_pickle_by_name() -> None:
    with pytest.raises(pickle.PicklingError, match="not the game registered as 'toy'"):
        pickle.dumps(toy.GAME)
    assert copy.copy(toy.GAME) is toy.GAME


@pytest.mark.parametrize("name", NAMES)
def test_states_actions_and_outcomes_pickle_and_copy_equal(name: str) -> None:
    for steps in (0, 30, 100_000):
        state = _played(name, 4, steps)
        for again in (pickle.loads(pickle.dumps(state)), copy.copy(state), copy.deepcopy(state)):
            assert again == state and again is not state
            assert type(again).game is state.game
        with pytest.raises(TypeError):
            hash(state)  # mutable: unhashable
        assert state != FOREIGN and state != state.to_dict()
        repr(state)
        str(state)
        guess = state.determinize(0, 9)
        assert repr(guess).startswith(f"<{type(state).__name__} determinized, ")
        str(guess)
        for action in state.legal_actions()[:20]:
            for again_action in (
                pickle.loads(pickle.dumps(action)),
                copy.copy(action),
                copy.deepcopy(action),
            ):
                assert again_action == action and hash(again_action) == hash(action)
            assert action != FOREIGN and action != None  # noqa: E711 - comparing with None must not raise
            assert str(action) and repr(action)
        if state.outcome is not None:
            outcome = state.outcome
            assert pickle.loads(pickle.dumps(outcome)) == outcome
            assert hash(pickle.loads(pickle.dumps(outcome))) == hash(outcome)
            assert outcome != FOREIGN and outcome != Outcome(
                outcome.winners, outcome.scores, outcome.reason + "x"
            )


def _commit(moves: Simultaneous) -> None:
    moves.commit(0, tabletop.load("splendor_duel").new_game(seed=1).legal_actions()[0])


#: Each mutable kernel component, a way to make one, and a change to make to it.
COMPONENTS: list[tuple[Callable[[], Any], Callable[[Any], Any]]] = [
    (lambda: TokenPool.of({"red": 2}), lambda pool: pool.add("red", 1)),
    (lambda: Deck(["a", "b", "c"]), lambda deck: deck.draw()),
    (lambda: Hands.dealt([["a", "b"], ["c"]]), lambda hands: hands.add(0, "z")),
    (lambda: Market(["a", None], Deck(["c", "d"])), lambda market: market.take_and_refill("a")),
    (
        lambda: Layout.dealt(LayoutShape(covered_by=((), (0,)), face_up=(True, False)), ["a", "b"]),
        lambda layout: layout.take(0),
    ),
    (lambda: TurnOrder([0, 1, 2]), lambda turns: turns.eliminate(1)),
    (lambda: Simultaneous([0, 1]), _commit),
]


@pytest.mark.parametrize(
    ("make", "change"),
    COMPONENTS,
    ids=["TokenPool", "Deck", "Hands", "Market", "Layout", "TurnOrder", "Simultaneous"],
)
def test_copy_copy_of_a_kernel_component_is_independent(
    make: Callable[[], Any], change: Callable[[Any], Any]
) -> None:
    # copy.copy copied field by field and shared the lists and dicts, so changing the copy
    # changed the original too (as it did for a State before its __copy__).
    original = make()
    for copier in (copy.copy, copy.deepcopy, _unpickled):
        before = repr(original)
        twin = copier(original)
        change(twin)
        assert repr(original) == before, f"changing a {copier} of {before} changed it"


def test_an_rng_copied_any_way_draws_the_same_numbers() -> None:
    rng = Rng.from_seed(5)
    rng.next64()
    copies = [rng.copy(), copy.copy(rng), copy.deepcopy(rng), pickle.loads(pickle.dumps(rng))]
    expected = [rng.next64() for _ in range(3)]
    for other in copies:
        assert [other.next64() for _ in range(3)] == expected
    assert rng != FOREIGN
