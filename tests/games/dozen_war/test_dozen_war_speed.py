"""The turn's legal actions kept between decisions (per unit, the board view) are the ones a fresh
listing gives, through random play and through a game branched from an earlier clone."""

from __future__ import annotations

import pytest

from tabletop.core import Action, Rng
from tabletop.games.dozen_war import GAME, board, legal
from tabletop.games.dozen_war.state import DozenWarState


def _fresh(state: DozenWarState) -> list[Action]:
    """The turn's actions listed with nothing kept from earlier listings (then put back)."""
    blocks = dict(legal._BLOCKS)
    view, codes = board._LAST_VIEW[0], legal._LAST_CODES[0]
    legal._BLOCKS.clear()
    board._LAST_VIEW[0] = legal._LAST_CODES[0] = None
    try:
        return legal.turn_actions(state)
    finally:
        legal._BLOCKS.clear()
        legal._BLOCKS.update(blocks)
        board._LAST_VIEW[0], legal._LAST_CODES[0] = view, codes


def step_and_compare(state: DozenWarState, rng: Rng) -> int:
    """Apply one random decision, first checking a turn's listing against a fresh one; 1 if it was
    a turn (checked), else 0."""
    listed = state.legal_actions()
    is_turn = state.decision == "turn"
    if is_turn:
        assert listed == _fresh(state)
    state.apply(rng.choice(listed))
    return int(is_turn)


def _play_and_compare(state: DozenWarState, rng: Rng, decisions: int) -> int:
    """Play ``decisions`` random decisions, checking every turn listing; the turns checked."""
    checked = 0
    for _ in range(decisions):
        if state.is_terminal:
            break
        checked += step_and_compare(state, rng)
    return checked


@pytest.mark.parametrize(
    ("players", "mode"), [(2, "engage"), (3, "ffa"), (4, "ffa"), (4, "alliance")], ids=str
)
def test_kept_turn_actions_equal_a_fresh_listing(players: int, mode: str) -> None:
    state = GAME.new_game(players=players, seed=11, mode=mode, generals="random")
    rng = Rng.from_seed(5)
    checked = _play_and_compare(state, rng, 150)
    branch = state.clone()
    checked += _play_and_compare(state, rng, 150)
    # The branch goes its own way from a state whose units the caches saw long ago.
    checked += _play_and_compare(branch, Rng.from_seed(6), 150)
    assert checked > 50
