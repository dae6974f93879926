"""examples/rl_loop.py keeps working: the PettingZoo loop and OpenSpiel's MCTS against a tabletop
agent, each through a whole game."""

from __future__ import annotations

import runpy
from pathlib import Path

from adapters.adapter_support import need

need("pettingzoo")
need("pyspiel")

EXAMPLE = Path(__file__).parents[2] / "examples" / "rl_loop.py"


def test_rl_loop_plays_whole_games() -> None:
    module = runpy.run_path(str(EXAMPLE))
    totals = module["masked_random_episodes"]("wonders_duel", 2)
    assert len(totals) == 2
    for total in totals:
        assert sorted(total.values()) in ([-1.0, 1.0], [0.0, 0.0])
    returns, decisions = module["mcts_against_greedy"]("splendor_duel", 2)
    assert decisions > 0 and sorted(returns) in ([-1.0, 1.0], [0.0, 0.0])
