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


# ---------------------------------------------------------------------- the adapters' overhead


@attrs.frozen
class AdapterBench:
    """Decisions per second of random play, bare and through each adapter (0 when its extra is
    not installed). ``bare`` is ``legal_action_ids`` + ``apply`` of a decoded id; ``observed``
    adds the mover's ``observation_tensor``, which every adapter step with an observation pays."""

    game: str
    players: int
    bare: float
    observed: float
    openspiel: float
    openspiel_observed: float
    pettingzoo: float
    gymnasium: float


def _rate(step: Any, seconds: float) -> float:
    """Decisions per CPU second of ``step()`` (which plays one decision, or a few, and says how
    many): CPU time, so that other work on a shared machine does not skew the ratios."""
    decisions = 0
    start = time.process_time()
    deadline = start + seconds
    while time.process_time() < deadline or decisions == 0:
        decisions += step()
    return decisions / (time.process_time() - start)


def bench_adapters(
    game: Game[Any], players: int, options: Mapping[str, Any], seconds: float = 2.0
) -> AdapterBench:
    """Random play for about ``seconds`` per way of stepping a game (see :class:`AdapterBench`)."""
    import random

    rng = random.Random(0)
    seeds = itertools.count()

    def bare_loop(observe: bool) -> Any:
        box: list[State] = [game.new_game(players=players, seed=next(seeds), **options)]

        def step() -> int:
            state = box[0]
            if state.is_terminal:
                state = box[0] = game.new_game(players=players, seed=next(seeds), **options)
            if observe:
                state.observation_tensor(state.current_player or 0)
            state.apply(game.decode(rng.choice(state.legal_action_ids())))
            return 1

        return step

    bare = _rate(bare_loop(False), seconds)
    observed = _rate(bare_loop(True), seconds)
    openspiel = openspiel_observed = pettingzoo = gymnasium = 0.0
    try:
        from .adapters import openspiel as spiel
    except ImportError:
        pass
    else:
        openspiel, openspiel_observed = (
            _rate(_openspiel_loop(spiel, game.name, players, options, rng, observe), seconds)
            for observe in (False, True)
        )
    try:
        from .adapters import pettingzoo as zoo
    except ImportError:
        pass
    else:
        pettingzoo = _rate(_pettingzoo_loop(zoo, game.name, players, options, rng), seconds)
    try:
        from .adapters import gymnasium as gym
    except ImportError:
        pass
    else:
        gymnasium = _rate(_gymnasium_loop(gym, game.name, players, options, rng), seconds)
    return AdapterBench(
        game.name, players, bare, observed, openspiel, openspiel_observed, pettingzoo, gymnasium
    )


def _openspiel_loop(
    spiel: Any, name: str, players: int, options: Mapping[str, Any], rng: Any, observe: bool
) -> Any:
    import json

    params: dict[str, Any] = {"players": players, "seed": 0}
    params.update(
        {k: v if isinstance(v, (bool, int, float, str)) else json.dumps(v) for k, v in options.items()}
    )
    game = spiel.pyspiel.load_game(spiel.PREFIX + name, params)
    box = [game.new_initial_state()]

    def step() -> int:
        state = box[0]
        if state.is_terminal():
            state = box[0] = game.new_initial_state()
        if observe:
            state.observation_tensor(state.current_player())
        state.apply_action(rng.choice(state.legal_actions()))
        return 1

    return step


def _pettingzoo_loop(zoo: Any, name: str, players: int, options: Mapping[str, Any], rng: Any) -> Any:
    import numpy as np

    env = zoo.env(name, players=players, **options)
    env.reset(seed=0)

    def step() -> int:
        observation, _, terminated, truncated, _ = env.last()
        if terminated or truncated:
            env.reset()
            return 0
        # A policy reads the int8 mask as bools: np.flatnonzero on int8 is ~13x slower.
        env.step(rng.choice(np.flatnonzero(observation["action_mask"].view(np.bool_)).tolist()))
        return 1

    return step


def _gymnasium_loop(gym: Any, name: str, players: int, options: Mapping[str, Any], rng: Any) -> Any:
    import numpy as np

    env = gym.make(name, players=players, **options)
    env.reset(seed=0)

    def step() -> int:
        before = len(env.state_now.history)
        legal = np.flatnonzero(info_box[0]["action_mask"].view(np.bool_))
        _, _, terminated, truncated, info = env.step(int(legal[rng.randrange(len(legal))]))
        info_box[0] = info
        played = len(env.state_now.history) - before  # the seat's decision and the opponents'
        if terminated or truncated:
            info_box[0] = env.reset()[1]
        return played

    info_box = [env.reset(seed=0)[1]]
    return step


def print_adapter_bench(
    names: list[str], players: int | None, options: Mapping[str, Any], seconds: float
) -> int:
    """``tabletop bench --adapters``: decisions/s bare and through each adapter, and the ratios."""
    print(
        f"{'game':<20} {'players':>7} {'bare':>8} {'+obs':>8} {'spiel':>8} {'×bare':>6} "
        f"{'spiel+obs':>9} {'×+obs':>6} {'zoo':>8} {'×+obs':>6} {'gym':>8} {'×+obs':>6}"
    )
    for name in names:
        game = _registry_load(name)
        counts = [players] if players is not None else sorted({game.min_players, game.max_players})
        for count in counts:
            r = bench_adapters(game, count, {**DEFAULT_OPTIONS.get(name, {}), **options}, seconds)

            def ratio(slow: float, fast: float) -> str:
                return f"{fast / slow:>6.2f}" if slow else f"{'-':>6}"

            print(
                f"{name:<20} {count:>7} {r.bare:>8,.0f} {r.observed:>8,.0f} {r.openspiel:>8,.0f} "
                f"{ratio(r.openspiel, r.bare)} {r.openspiel_observed:>9,.0f} {ratio(r.openspiel_observed, r.observed)} "
                f"{r.pettingzoo:>8,.0f} {ratio(r.pettingzoo, r.observed)} {r.gymnasium:>8,.0f} "
                f"{ratio(r.gymnasium, r.observed)}",
                flush=True,
            )
    return 0


def _registry_load(name: str) -> Game[Any]:
    from .core.registry import load

    return load(name)
