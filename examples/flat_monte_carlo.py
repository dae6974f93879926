"""A determinized flat Monte Carlo player that works for every tabletop game.

For each legal action it samples what it cannot see (``determinize``), plays the rest of the
game at random and keeps the action with the best average return. Run it against the random
bot:

    python examples/flat_monte_carlo.py splendor_duel --games 10 --playouts 8
"""

from __future__ import annotations

import argparse

import tabletop
from tabletop.agents import RandomAgent
from tabletop.core import Action, Rng, State


class FlatMonteCarlo:
    """Chooses the action whose random playouts (on determinizations) return the most."""

    def __init__(self, playouts: int = 16, seed: int = 0) -> None:
        self.playouts = playouts
        self.rng = Rng.from_seed(seed)

    def act(self, state: State) -> Action:
        seat = state.current_player
        assert seat is not None
        legal = state.legal_actions()
        if len(legal) == 1:
            return legal[0]
        totals = [0.0] * len(legal)
        for _ in range(self.playouts):
            world = state.determinize(seat, self.rng.randbelow(1 << 62))
            # The mover knows everything its own choice depends on, so each of its legal
            # actions is legal in every determinization too.
            for i, action in enumerate(legal):
                totals[i] += self.playout(world.child(action), seat)
        return legal[max(range(len(legal)), key=totals.__getitem__)]

    def playout(self, state: State, seat: int) -> float:
        while not state.is_terminal:
            state.apply(self.rng.choice(state.legal_actions()))
        return state.returns()[seat]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("game")
    parser.add_argument("--games", type=int, default=10)
    parser.add_argument("--playouts", type=int, default=8)
    args = parser.parse_args()
    game = tabletop.load(args.game)
    wins = 0
    for number in range(args.games):
        state = game.new_game(players=2, seed=number)
        players = {0: FlatMonteCarlo(args.playouts, number), 1: RandomAgent(number)}
        while not state.is_terminal:
            seat = state.current_player
            assert seat is not None
            state.apply(players[seat].act(state))
        assert state.outcome is not None
        wins += 0 in state.outcome.winners
        print(f"game {number}: {state.outcome}")
    print(f"flat Monte Carlo won {wins} of {args.games} against random play")


if __name__ == "__main__":
    main()
