"""What Cities of Splendor makes at import so that a fresh process plays at full speed from its
first game gives the actions working them out gives: the takes of every kind of supply (the
memo of supplies met is filled from them, a dict lookup each) and the plain payments."""

from __future__ import annotations

import random

import pytest

from tabletop.core import Rng
from tabletop.games.cities_of_splendor import GAME, TakeGems, actions, legal
from tabletop.games.cities_of_splendor.components import COLOURS, TAKE_TWO_MIN


@pytest.mark.parametrize("power_two", [False, True])
def test_the_takes_listed_for_a_supply_are_those_worked_out_for_it(power_two: bool) -> None:
    rng = random.Random(f"takes {power_two}")
    state = GAME.new_game(players=4, seed=3, module="trading_posts")
    state.players[0].posts = [2] if power_two else []
    supplies = [tuple(rng.randrange(0, 8) for _ in COLOURS) for _ in range(300)]
    # The edges, and counts beyond any game's (a state edited by hand).
    supplies += [(0,) * 5, (TAKE_TWO_MIN,) * 5, (TAKE_TWO_MIN - 1,) * 5, (9, 0, 12, 1, 3), (40, 1, 0, 2, 7)]
    for counts in supplies:
        worked_out = legal._takes(dict(zip(COLOURS, counts)), power_two)
        assert legal._takes_of_supply((*counts, power_two)) == worked_out, counts
        state.bank.counts.update(zip(COLOURS, counts))
        for _ in range(2):  # the supply met for the first time, then again (from the memo)
            state.forget_legal_actions()
            listed = [a for a in legal.turn_actions(state) if isinstance(a, TakeGems)]
            assert listed == worked_out, counts


def test_random_play_builds_no_payment() -> None:
    """Every payment with gold tokens alone is made at import (those with Orient gold cards or
    the third Trading Post power are made when first met)."""
    known_pays = len(actions.PAY_CACHE)
    for module in ("cities", "strongholds", None):
        for players in (2, 4):
            state = GAME.new_game(players=players, seed=7, module=module)
            rng = Rng.from_seed(7)
            while not state.is_terminal:
                state.apply(rng.choice(state.legal_actions()))
    assert len(actions.PAY_CACHE) == known_pays
