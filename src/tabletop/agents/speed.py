"""``tabletop bench --search``: ISMCTS iterations per second per game, and what they cost.

An iteration determinizes the position, walks the tree applying actions, plays a short rollout
and values its end; so its price is ``determinize`` + a few ``legal_actions``/``apply`` + a
``scores`` call. The figures are CPU time (``time.process_time``), which other work on a shared
machine does not inflate, on positions a quarter, half and three quarters into random games.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Mapping
from typing import Any

import attrs

from ..core.game import Game
from ..core.rng import Rng
from ..core.state import State
from .ismcts import ISMCTSAgent


@attrs.frozen
class SearchBench:
    """ISMCTS speed in one configuration, and the costs behind it (microseconds of CPU)."""

    game: str
    players: int
    iterations_per_second: float
    determinize_us: float
    clone_us: float
    apply_us: float
    scores_us: float


def positions(game: Game[Any], players: int, options: Mapping[str, Any], games: int = 3) -> list[State]:
    """States a quarter, half and three quarters into ``games`` seeded random games, each moved on
    to the next decision with a choice."""
    rng = Rng.from_seed(0)
    found: list[State] = []
    for seed in range(games):
        state = game.new_game(players=players, seed=seed, **options)
        trail: list[State] = []
        while not state.is_terminal:
            if len(state.legal_actions()) > 1:
                trail.append(state.clone())
            state.apply(rng.choice(state.legal_actions()))
        found += [trail[len(trail) * k // 4] for k in (1, 2, 3) if trail]
    return found


def _per_call(states: list[State], call: Callable[[State], object], seconds: float) -> float:
    """CPU microseconds per ``call(state)``, over the states in turn for about ``seconds``."""
    count = 0
    start = time.process_time()
    while count == 0 or time.process_time() - start < seconds:
        for state in states:
            call(state)
        count += len(states)
    return (time.process_time() - start) / count * 1e6


def bench_search(
    game: Game[Any], players: int, options: Mapping[str, Any], seconds: float = 2.0, iterations: int = 100
) -> SearchBench:
    """ISMCTS (default settings, ``iterations`` a decision) on :func:`positions` for about
    ``seconds`` of CPU, then the unit costs for a quarter of that each."""
    states = positions(game, players, options)
    agent = ISMCTSAgent(iterations, seed=0)
    done = 0
    start = time.process_time()
    while done == 0 or time.process_time() - start < seconds:
        for state in states:
            agent.act(state)
            done += agent.last_iterations
    rate = done / (time.process_time() - start)
    part = seconds / 4
    clone = _per_call(states, lambda s: s.clone(), part)
    rng = Rng.from_seed(1)

    def step(state: State) -> None:
        state.clone().apply(rng.choice(state.legal_actions()))

    return SearchBench(
        game=game.name,
        players=players,
        iterations_per_second=rate,
        determinize_us=_per_call(states, lambda s: s.determinize(s.current_player or 0, 7), part),
        clone_us=clone,
        # A fresh clone lists its legal actions (the cache is shared, but apply clears it).
        apply_us=_per_call(states, step, part) - clone,
        scores_us=_per_call(states, lambda s: s.scores(), part),
    )


def print_search_bench(
    names: list[str], players: int | None, options: Mapping[str, Any], seconds: float
) -> int:
    """``tabletop bench --search``: a row per game and player count (fewest and most)."""
    from ..bench import edge_configurations
    from ..core.registry import load

    print(
        f"{'game':<20} {'players':>7} {'iterations/s':>12} {'determinize':>11} {'clone':>7} "
        f"{'apply':>7} {'scores':>7}   (µs of CPU each)"
    )
    for name in names:
        game = load(name)
        for count, chosen in edge_configurations(game, players, options):
            r = bench_search(game, count, chosen, seconds)
            print(
                f"{name:<20} {count:>7} {r.iterations_per_second:>12,.0f} {r.determinize_us:>11.1f} "
                f"{r.clone_us:>7.1f} {r.apply_us:>7.1f} {r.scores_us:>7.1f}",
                flush=True,
            )
    return 0
