"""The examples keep working: each runs on the toy game."""

from __future__ import annotations

import runpy
from pathlib import Path

from toy import GAME as TOY

EXAMPLES = Path(__file__).parent.parent / "examples"


def test_flat_monte_carlo_beats_random_play_on_the_toy_game() -> None:
    module = runpy.run_path(str(EXAMPLES / "flat_monte_carlo.py"))
    player = module["FlatMonteCarlo"](playouts=30, seed=1)
    # From 5 stones, taking 2 or 3 lets the opponent take the rest and win; taking 1 leaves 4,
    # from which the opponent cannot win at once. Random playouts find that.
    state = TOY.new_game(players=2, seed=3, pile=5)
    assert str(player.act(state)) == "take 1"
