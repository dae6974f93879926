"""Hypothesis over random play in every mode: cards, tokens and coins conserved, HP within
bounds, stacks legal (the load checks after every step), every game ends, save and replay exact."""

from __future__ import annotations

import json
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from games.dozen_war.dozen_war_helpers import EVERY_MODE
from tabletop.core import Rng
from tabletop.games.dozen_war import GAME
from tabletop.games.dozen_war.invariants import check

CONFIGS: list[tuple[int, dict[str, Any]]] = [*EVERY_MODE, (4, {"generals": "random"})]


@given(st.integers(0, 2**31), st.sampled_from(CONFIGS))
@settings(max_examples=6, deadline=None)
def test_random_play_keeps_every_invariant_and_ends(seed: int, config: tuple[int, dict[str, Any]]) -> None:
    players, options = config
    state = GAME.new_game(players=players, seed=seed, **options)
    rng = Rng.from_seed(seed)
    steps = 0
    while not state.is_terminal:
        assert steps < 6000, "the game did not end"
        state.apply(rng.choice(state.legal_actions()))
        steps += 1
        if steps % 5 == 0:
            check(state)  # cards, tokens, coins in one place each; HP 1..max; stacks legal
    assert state.outcome is not None and state.outcome.reason in {
        "five_map_pieces",
        "last_standing",
        "score",
        "engage_general_killed",
        "engage_draw",
        "engage_five_idle_turns",
        "engage_turn_limit",
        "all_eliminated",
    }
    saved = json.loads(json.dumps(state.to_dict()))
    assert GAME.state_from_dict(saved).to_dict() == state.to_dict()
    assert GAME.replay(json.loads(json.dumps(state.record()))).to_dict() == state.to_dict()
