"""``tabletop bench --search``: the ISMCTS speed figures are measured and printed."""

from __future__ import annotations

import pytest

from tabletop.agents.speed import bench_search, positions
from tabletop.cli import main
from toy import GAME as TOY


def test_bench_search_measures_every_cost() -> None:
    states = positions(TOY, 2, {"pile": 15})
    assert states and all(len(s.legal_actions()) > 1 for s in states)
    result = bench_search(TOY, 2, {"pile": 15}, seconds=0.04, iterations=20)
    assert result.game == "toy" and result.iterations_per_second > 0
    assert min(result.determinize_us, result.clone_us, result.scores_us) > 0


def test_bench_search_command(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["bench", "wonders_duel", "--search", "--seconds", "0.05"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert "iterations/s" in lines[0] and lines[1].split()[:2] == ["wonders_duel", "2"]
