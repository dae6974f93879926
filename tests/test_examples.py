"""The examples keep working: each runs on the toy game."""

from __future__ import annotations

import runpy
from pathlib import Path
from xml.etree import ElementTree

import pytest

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


def test_the_notebook_tour_ships_executed_with_its_pictures() -> None:
    nbformat = pytest.importorskip("nbformat", reason="nbformat is in the dev extra")
    notebook = nbformat.read(str(EXAMPLES / "tour.ipynb"), as_version=4)
    nbformat.validate(notebook)
    cells = [c for c in notebook.cells if c.cell_type == "code"]
    # Run top to bottom in one go: every cell numbered in order, none with an error.
    assert [c.execution_count for c in cells] == list(range(1, len(cells) + 1))
    outputs = [o for c in cells for o in c.outputs]
    assert all(o.output_type != "error" for o in outputs)
    shown = [kind for o in outputs for kind in o.get("data", {})]
    assert shown.count("image/svg+xml") >= 2  # the table at the start and at the end
    assert "image/png" in shown  # the simulation's plot
    svg = next(o.data["image/svg+xml"] for o in outputs if "image/svg+xml" in o.get("data", {}))
    ElementTree.fromstring(svg)  # a picture, not an error message
