"""The examples keep working: each runs on the toy game."""

from __future__ import annotations

import runpy
from pathlib import Path

import tabletop
from toy import GAME as TOY

EXAMPLES = Path(__file__).parent.parent / "examples"


def test_flat_monte_carlo_beats_random_play_on_the_toy_game() -> None:
    module = runpy.run_path(str(EXAMPLES / "flat_monte_carlo.py"))
    player = module["FlatMonteCarlo"](playouts=30, seed=1)
    # From 5 stones, taking 2 or 3 lets the opponent take the rest and win; taking 1 leaves 4,
    # from which the opponent cannot win at once. Random playouts find that.
    state = TOY.new_game(players=2, seed=3, pile=5)
    assert str(player.act(state)) == "take 1"


def test_the_notebook_tour_runs_cell_by_cell() -> None:
    import json

    notebook = json.loads((EXAMPLES / "tour.ipynb").read_text(encoding="utf-8"))
    namespace: dict[str, object] = {}
    cells = [c for c in notebook["cells"] if c["cell_type"] == "code"]
    assert cells
    for number, cell in enumerate(cells):
        exec(compile("".join(cell["source"]), f"tour.ipynb cell {number}", "exec"), namespace)
    state = namespace["state"]
    assert isinstance(state, tabletop.State) and state.is_terminal
