"""The reinforcement-learning loop with tabletop games, without training anything heavy.

1. A PettingZoo environment played by a masked random policy: the loop a learner runs, with
   its observations (float32 tensors), action masks and end-of-game rewards.
2. OpenSpiel's MCTS (random rollouts) against a tabletop agent, through the OpenSpiel adapter.

Needs the extras: ``pip install "tabletop[pettingzoo,openspiel]"``. Then:

    python examples/rl_loop.py wonders_duel --episodes 3 --simulations 8
"""

from __future__ import annotations

import argparse
from typing import Any

import numpy as np

from tabletop.adapters import openspiel as spiel
from tabletop.adapters import pettingzoo as zoo
from tabletop.agents import GreedyAgent


def masked_random_episodes(name: str, episodes: int, seed: int = 0) -> list[dict[str, float]]:
    """Play ``episodes`` games of ``name`` in its PettingZoo AEC environment with a uniformly
    random policy over the legal ids; each game's total reward per agent."""
    env = zoo.env(name)
    rng = np.random.default_rng(seed)
    totals = []
    for episode in range(episodes):
        env.reset(seed=seed + episode)
        total = dict.fromkeys(env.possible_agents, 0.0)
        for agent in env.agent_iter():
            observation, reward, terminated, truncated, _ = env.last()
            total[agent] += float(reward)
            if terminated or truncated:
                action = None
            else:  # a policy network would read observation["observation"] here
                # The int8 mask read as bools: np.flatnonzero is ~13x faster on those.
                action = int(rng.choice(np.flatnonzero(observation["action_mask"].view(bool))))
            env.step(action)
        totals.append(total)
    return totals


def mcts_against_greedy(name: str, simulations: int, seed: int = 0) -> tuple[list[float], int]:
    """One game of ``name``: OpenSpiel's MCTSBot in seat 0, tabletop's GreedyAgent in the others;
    the returns and the number of decisions."""
    import pyspiel  # type: ignore[import-not-found]
    from open_spiel.python.algorithms import mcts  # type: ignore[import-untyped]

    game = pyspiel.load_game(spiel.PREFIX + name, {"seed": seed})
    evaluator = mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=np.random.RandomState(seed))
    bot = mcts.MCTSBot(
        game,
        uct_c=2.0,
        max_simulations=simulations,
        evaluator=evaluator,
        random_state=np.random.RandomState(seed),
    )
    greedy = GreedyAgent(seed)
    state: Any = game.new_initial_state()
    while not state.is_terminal():
        if state.current_player() == 0:
            action = bot.step(state)
        else:  # a tabletop agent plays on the state underneath; its action goes in as an id
            table = state.tabletop
            action = table.game.encode(greedy.act(table))
        state.apply_action(action)
    return list(state.returns()), len(state.history())


def main(argv: list[str] | None = None) -> None:
    """Run both parts and print what happened."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("game", nargs="?", default="wonders_duel")
    parser.add_argument("--episodes", type=int, default=3)
    parser.add_argument("--simulations", type=int, default=8, help="MCTS simulations per move")
    args = parser.parse_args(argv)
    for number, total in enumerate(masked_random_episodes(args.game, args.episodes)):
        print(f"PettingZoo episode {number}: rewards {total}")
    returns, decisions = mcts_against_greedy(args.game, args.simulations)
    print(f"OpenSpiel MCTS (seat 0) against GreedyAgent: returns {returns} after {decisions} decisions")


if __name__ == "__main__":
    main()
