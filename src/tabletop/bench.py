"""The project's benchmark: random-play throughput and clone speed, per game and configuration.

This is a measurement tool, not a timed test: ``tabletop bench [GAME]`` prints the figures.
"""

from __future__ import annotations

import itertools
import time
from collections.abc import Iterator, Mapping
from typing import Any

import attrs

from .core.game import Game
from .core.rng import Rng
from .core.state import State


@attrs.frozen
class BenchResult:
    """Throughput of one game configuration."""

    game: str
    players: int
    options: dict[str, Any]
    games_per_second: float
    decisions_per_second: float
    clones_per_second: float
    mean_decisions: float


#: Games benchmarked at more player counts than their fewest and most, and with some options
#: fixed unless the caller sets them: 7 Wonders at 3, 5 and 7 players and the 2-player Free
#: City variant, side A (the side its peers implement); Dozen War at 2, 3 and 4 players (its
#: modes follow from the count and the mode option) with randomly dealt generals.
PLAYER_COUNTS: dict[str, tuple[int, ...]] = {"seven_wonders": (2, 3, 5, 7), "dozen_war": (2, 3, 4)}
DEFAULT_OPTIONS: dict[str, dict[str, Any]] = {
    "seven_wonders": {"side": "A"},
    "dozen_war": {"generals": "random"},
}


def configurations(
    game: Game[Any], players: int | None = None, options: Mapping[str, Any] | None = None
) -> Iterator[tuple[int, dict[str, Any]]]:
    """The player counts (fewest and most, or the game's entry in :data:`PLAYER_COUNTS`) times
    every value of each option with fixed choices, unless fixed by the caller."""
    default_counts = PLAYER_COUNTS.get(game.name, (game.min_players, game.max_players))
    counts = [players] if players is not None else sorted(set(default_counts))
    fixed = {**DEFAULT_OPTIONS.get(game.name, {}), **(options or {})}
    varying = [o for o in game.options.values() if o.choices is not None and o.name not in fixed]
    for count in counts:
        for values in itertools.product(*(o.choices or () for o in varying)):
            chosen = dict(fixed)
            chosen.update({o.name: v for o, v in zip(varying, values)})
            try:
                game.resolve_options(count, chosen)
            except ValueError:
                continue  # a combination the game does not allow
            yield count, chosen


def bench(
    game: Game[Any], players: int, options: Mapping[str, Any], seconds: float = 2.0, seed: int = 0
) -> BenchResult:
    """Play random games for about ``seconds``, then time ``clone()`` on mid-game states."""
    rng = Rng.from_seed(seed)
    games = decisions = 0
    start = time.perf_counter()
    deadline = start + seconds
    while time.perf_counter() < deadline or games == 0:
        state = game.new_game(players=players, seed=seed + games, **options)
        while not state.is_terminal:
            state.apply(rng.choice(state.legal_actions()))
            decisions += 1
        games += 1
    elapsed = time.perf_counter() - start
    # Clone speed, timed apart, on states halfway through a few more random games.
    middles: list[State] = []
    for extra in range(8):
        state = game.new_game(players=players, seed=seed + games + extra, **options)
        trail = []
        while not state.is_terminal:
            trail.append(state.clone())
            state.apply(rng.choice(state.legal_actions()))
        middles.append(trail[len(trail) // 2])
    reps = 0
    clone_start = time.perf_counter()
    clone_deadline = clone_start + min(1.0, seconds / 2)
    while time.perf_counter() < clone_deadline:
        for state in middles:
            state.clone()
        reps += len(middles)
    clone_elapsed = time.perf_counter() - clone_start
    return BenchResult(
        game=game.name,
        players=players,
        options=dict(options),
        games_per_second=games / elapsed,
        decisions_per_second=decisions / elapsed,
        clones_per_second=reps / clone_elapsed if clone_elapsed else 0.0,
        mean_decisions=decisions / games,
    )
