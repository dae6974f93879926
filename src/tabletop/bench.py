"""The project's benchmark: random-play throughput, clone and load speed per game and
configuration, the previous run's figures beside them, and the speed of a fresh process.

This is a measurement tool, not a timed test: ``tabletop bench [GAME]`` prints the figures and
keeps them in a JSON file (:data:`DEFAULT_BASELINE`), so that the next run shows the change.
Figures are per CPU second of this process (``time.process_time``): on a shared machine other
work slows them less than it would wall-clock figures.
"""

from __future__ import annotations

import itertools
import json
import os
import subprocess
import sys
import time
from collections.abc import Callable, Iterator, Mapping, Sequence
from pathlib import Path
from typing import Any, TextIO

import attrs

from .core.game import Game
from .core.rng import Rng
from .core.state import State


@attrs.frozen
class BenchResult:
    """Throughput of one game configuration, per CPU second."""

    game: str
    players: int
    options: dict[str, Any]
    games_per_second: float
    decisions_per_second: float
    clones_per_second: float
    mean_decisions: float
    #: ``state_from_dict`` of mid-game saves read from JSON text, verified by replay (the default).
    loads_per_second: float = 0.0
    #: The same saves loaded with ``verify=False`` (trusted data: every check but the replay).
    trusted_loads_per_second: float = 0.0
    #: The mean number of actions in those saves' histories (the replay's length).
    mean_saved_actions: float = 0.0

    @property
    def key(self) -> str:
        """The configuration's name in the baseline file: game, players and options."""
        return configuration_key(self.game, self.players, self.options)


#: The figures of a :class:`BenchResult` that are compared with the previous run, and their
#: column titles.
FIGURES: tuple[tuple[str, str], ...] = (
    ("games_per_second", "games/s"),
    ("decisions_per_second", "decisions/s"),
    ("clones_per_second", "clones/s"),
    ("loads_per_second", "loads/s"),
    ("trusted_loads_per_second", "trusted loads/s"),
)

#: Where ``tabletop bench`` keeps its figures unless told otherwise (in the current directory).
DEFAULT_BASELINE = ".tabletop-bench.json"


def configuration_key(game: str, players: int, options: Mapping[str, Any]) -> str:
    """``"game players {options as sorted JSON}"``: one configuration's name in the baseline."""
    return f"{game} {players} {json.dumps(dict(options), sort_keys=True)}"


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
    game: Game[Any],
    players: int | None = None,
    options: Mapping[str, Any] | None = None,
    *,
    defaults: bool = True,
) -> Iterator[tuple[int, dict[str, Any]]]:
    """The player counts (fewest and most, or the game's entry in :data:`PLAYER_COUNTS`) times
    every value of each option with fixed choices, unless fixed by the caller or (with
    ``defaults``, what the benchmark plays) by :data:`DEFAULT_OPTIONS`."""
    default_counts = PLAYER_COUNTS.get(game.name, (game.min_players, game.max_players))
    counts = [players] if players is not None else sorted(set(default_counts))
    fixed = {**(DEFAULT_OPTIONS.get(game.name, {}) if defaults else {}), **(options or {})}
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


def edge_configurations(
    game: Game[Any], players: int | None = None, options: Mapping[str, Any] | None = None
) -> list[tuple[int, dict[str, Any]]]:
    """The game at its fewest and most players (or only ``players``), each with the options of
    :data:`DEFAULT_OPTIONS` that the caller did not fix: what the adapter and search benchmarks play."""
    counts = [players] if players is not None else sorted({game.min_players, game.max_players})
    chosen = {**DEFAULT_OPTIONS.get(game.name, {}), **(options or {})}
    return [(count, dict(chosen)) for count in counts]


def _rate_of(work: Callable[[], int], seconds: float) -> float:
    """Units per CPU second of ``work()`` (which does some and says how many), repeated for
    about ``seconds`` and at least once."""
    done = 0
    start = time.process_time()
    while True:
        done += work()
        elapsed = time.process_time() - start
        if elapsed >= seconds:
            return done / elapsed


#: The first seed of :func:`bench`'s warm-up games: far from the timed games' (from its
#: ``seed`` on), so that no timed game was played before it is timed (a replayed game hits
#: caches keyed by its exact positions, which a long run of new games never hits).
WARM_UP_SEEDS = 1 << 32


def _play_for(
    game: Game[Any], players: int, options: Mapping[str, Any], seconds: float, first: int, rng: Rng
) -> tuple[int, int, float]:
    """Random games from seed ``first`` on, choices from ``rng``, for about ``seconds`` of CPU
    and at least one game: the games and decisions played and the CPU seconds they took."""
    games = decisions = 0
    start = time.process_time()
    deadline = start + seconds
    while time.process_time() < deadline or games == 0:
        state = game.new_game(players=players, seed=first + games, **options)
        while not state.is_terminal:
            state.apply(rng.choice(state.legal_actions()))
            decisions += 1
        games += 1
    return games, decisions, time.process_time() - start


def bench(
    game: Game[Any], players: int, options: Mapping[str, Any], seconds: float = 2.0, seed: int = 0
) -> BenchResult:
    """Play random games for about ``seconds`` in a warm process, then time ``clone()`` and
    ``state_from_dict`` (verified and trusted) on mid-game states of a few more random games.

    The figures are a long run's speed: about ``seconds / 2`` of other games (seeds from
    :data:`WARM_UP_SEEDS` on) come first, untimed, so that the memo caches and the interpreter's
    specialised code are as a long run has them. A fresh process's first games are slower;
    :func:`cold_start` measures them apart."""
    _play_for(game, players, options, seconds / 2, WARM_UP_SEEDS + seed, Rng.from_seed(WARM_UP_SEEDS + seed))
    rng = Rng.from_seed(seed)
    games, decisions, elapsed = _play_for(game, players, options, seconds, seed, rng)
    # Clone and load speed, timed apart, on states halfway through a few more random games.
    middles: list[State] = []
    for extra in range(8):
        state = game.new_game(players=players, seed=seed + games + extra, **options)
        trail = []
        while not state.is_terminal:
            trail.append(state.clone())
            state.apply(rng.choice(state.legal_actions()))
        middles.append(trail[len(trail) // 2])

    def clone_all() -> int:
        for state in middles:
            state.clone()
        return len(middles)

    clones = _rate_of(clone_all, min(1.0, seconds / 2))
    # Saves as a file gives them back (int keys as strings), one a call: a verified load of
    # a long Dozen War save takes a good part of a second.
    saves = [json.loads(json.dumps(state.to_dict())) for state in middles]
    turn = itertools.cycle(saves)

    def load_one(verify: bool) -> int:
        game.state_from_dict(next(turn), verify=verify)
        return 1

    loads = _rate_of(lambda: load_one(True), min(0.5, seconds / 4))
    trusted = _rate_of(lambda: load_one(False), min(0.5, seconds / 4))
    return BenchResult(
        game=game.name,
        players=players,
        options=dict(options),
        games_per_second=games / elapsed,
        decisions_per_second=decisions / elapsed,
        clones_per_second=clones,
        mean_decisions=decisions / games,
        loads_per_second=loads,
        trusted_loads_per_second=trusted,
        mean_saved_actions=sum(len(state.history) for state in middles) / len(middles),
    )


# ---------------------------------------------------------------------- a fresh process


@attrs.frozen
class ColdResult:
    """How fast a fresh process plays its first games, against the same games in a warm one.

    Both are decisions per CPU second of the same seeded random games (the first game alone,
    and the first :data:`COLD_GAMES` together): played in a new process right after the game is
    loaded, and in a second new process after about a bench run's worth of other games. The warm
    process plays them for the first time, as a long run meets each of its games: replaying games
    a process has just played would hit caches that only a replay can hit. A ratio of 1.0 means a
    fresh process is at its warm speed from the first game.
    """

    game: str
    players: int
    options: dict[str, Any]
    first_game_cold: float
    first_game_warm: float
    first_games_cold: float
    first_games_warm: float

    @property
    def first_game_ratio(self) -> float:
        """Cold over warm decisions/s of the first game."""
        return self.first_game_cold / self.first_game_warm if self.first_game_warm else 0.0

    @property
    def first_games_ratio(self) -> float:
        """Cold over warm decisions/s of the first :data:`COLD_GAMES` games."""
        return self.first_games_cold / self.first_games_warm if self.first_games_warm else 0.0


#: How many games the cold figure covers (the first one is also reported alone).
COLD_GAMES = 10


def cold_start(game: Game[Any], players: int, options: Mapping[str, Any], seconds: float = 2.0) -> ColdResult:
    """Measure :class:`ColdResult` in two new Python processes (so that no cache of this one
    counts), the warm one warming up for about ``seconds``; ``ValueError`` if one fails."""
    request = {
        "game": game.name,
        "module": game.state_type.__module__,
        "players": players,
        "options": dict(options),
        "seconds": seconds,
    }
    cold = _cold_process(game, {**request, "warm_up": False})
    warm = _cold_process(game, {**request, "warm_up": True})
    return ColdResult(
        game=game.name,
        players=players,
        options=dict(options),
        first_game_cold=cold["first_game"],
        first_game_warm=warm["first_game"],
        first_games_cold=cold["first_games"],
        first_games_warm=warm["first_games"],
    )


def _cold_process(game: Game[Any], request: Mapping[str, Any]) -> dict[str, float]:
    """Run :func:`_cold_child` in a new process and return its figures."""
    env = dict(os.environ)
    # The child imports what this process can (a game registered by hand, as tests do).
    env["PYTHONPATH"] = os.pathsep.join(path for path in sys.path if path)
    done = subprocess.run(
        [
            sys.executable,
            "-c",
            "import sys, tabletop.bench as b; b._cold_child(sys.argv[1])",
            json.dumps(request),
        ],
        capture_output=True,
        text=True,
        env=env,
        check=False,
    )
    if done.returncode != 0:
        last = (done.stderr.strip().splitlines() or ["no message"])[-1]
        raise ValueError(f"the cold-start process for {game.name} failed: {last}")
    figures: dict[str, float] = json.loads(done.stdout.strip().splitlines()[-1])
    return figures


def _cold_child(text: str) -> None:
    """The new process of :func:`cold_start`: warm up on other games when asked, time the
    first :data:`COLD_GAMES` seeded games, and print the figures as one JSON line."""
    request = json.loads(text)
    name = request["game"]
    from .core.registry import load

    try:
        game = load(name)
    except ValueError:  # not installed: a game object in the module of its state type
        import importlib

        module = importlib.import_module(request["module"])
        game = next(v for v in vars(module).values() if isinstance(v, Game) and v.name == name)
    players, options = request["players"], request["options"]

    def play(seed: int) -> tuple[int, float]:
        rng = Rng.from_seed(seed)
        start = time.process_time()
        state = game.new_game(players=players, seed=seed, **options)
        decisions = 0
        while not state.is_terminal:
            state.apply(rng.choice(state.legal_actions()))
            decisions += 1
        return decisions, time.process_time() - start

    if request["warm_up"]:
        # Other games than the timed ones (seeds from COLD_GAMES on), for about ``seconds``.
        deadline = time.process_time() + request["seconds"]
        seed = COLD_GAMES
        while time.process_time() < deadline:
            play(seed)
            seed += 1
    games = [play(seed) for seed in range(COLD_GAMES)]

    def speed(played: list[tuple[int, float]]) -> float:
        spent = sum(t for _, t in played)
        return sum(d for d, _ in played) / spent if spent > 0 else 0.0

    print(json.dumps({"first_game": speed(games[:1]), "first_games": speed(games)}))


# ---------------------------------------------------------------------- the previous run


def read_baseline(path: Path) -> dict[str, Any]:
    """The figures a previous run kept in ``path`` (empty if there is none); ``ValueError``
    naming the file if it is not a baseline this version wrote."""
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        return {"configurations": {}, "cold": {}}
    try:
        data = json.loads(text)
    except (json.JSONDecodeError, RecursionError) as error:  # RecursionError: nested past the parser's depth
        raise ValueError(f"{path} is not a tabletop bench baseline: {error}") from None
    if (
        not isinstance(data, dict)
        or data.get("tabletop_bench") != BASELINE_FORMAT
        or not isinstance(data.get("configurations"), dict)
        or not isinstance(data.get("cold"), dict)
    ):
        raise ValueError(
            f"{path} is not a tabletop bench baseline of format {BASELINE_FORMAT} "
            "(remove it, or name another with --baseline)"
        )
    return data


#: The version of the baseline file's layout and of what its figures measure (2: random play
#: timed in a warmed-up process; format 1's figures included a fresh process's first games,
#: so they are not set beside these).
BASELINE_FORMAT = 2


def write_baseline(
    path: Path, previous: Mapping[str, Any], results: Sequence[BenchResult], colds: Sequence[ColdResult]
) -> None:
    """Keep this run's figures in ``path``, with the previous run's for configurations not run
    now (a run of one game keeps the others' figures)."""
    when = time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime())
    configurations = dict(previous.get("configurations", {}))
    for r in results:
        configurations[r.key] = {
            **{name: getattr(r, name) for name, _ in FIGURES},
            "mean_decisions": r.mean_decisions,
            "mean_saved_actions": r.mean_saved_actions,
            "when": when,
        }
    cold = dict(previous.get("cold", {}))
    for c in colds:
        cold[c.game] = {
            "players": c.players,
            "options": c.options,
            "first_game_ratio": c.first_game_ratio,
            "first_games_ratio": c.first_games_ratio,
            "first_game_cold": c.first_game_cold,
            "first_games_warm": c.first_games_warm,
            "when": when,
        }
    data = {"tabletop_bench": BASELINE_FORMAT, "configurations": configurations, "cold": cold}
    temporary = path.with_name(path.name + ".tmp")
    temporary.write_text(json.dumps(data, indent=1, sort_keys=True) + "\n", encoding="utf-8")
    temporary.replace(path)  # a run stopped half-way never leaves half a file


def change(now: float, before: Any) -> str:
    """``now`` against ``before`` in percent (``"+4.7%"``), or ``"-"`` without a previous figure."""
    if not isinstance(before, (int, float)) or isinstance(before, bool) or before <= 0:
        return "-"
    return f"{(now / before - 1) * 100:+.1f}%"


#: A figure this much lower than the previous run's is named at the end of its change row.
SLOWER = 0.05

_WIDTHS = (9, 12, 10, 9, 16)


def _row(label: str, cells: Sequence[str], tail: str = "") -> str:
    return f"{label:<59}" + " ".join(f"{cell:>{w}}" for cell, w in zip(cells, _WIDTHS)) + tail


def print_result(r: BenchResult, previous: Mapping[str, Any] | None, out: TextIO | None = None) -> None:
    """Three rows for one configuration: the figures, the previous run's, and the change."""
    out = sys.stdout if out is None else out  # sys.stdout now, as a test may have replaced it
    text = ",".join(f"{k}={v}" for k, v in r.options.items()) or "-"
    now = [getattr(r, name) for name, _ in FIGURES]
    shown = [f"{now[0]:,.1f}"] + [f"{value:,.0f}" for value in now[1:]]
    label = f"{r.game:<20} {r.players:>7} {text:<30}"
    print(_row(label, shown, f" {r.mean_decisions:>14.1f} {r.mean_saved_actions:>13.1f}"), file=out)
    if previous is None:
        print(_row(f"{'':<29}previous: none", []).rstrip(), file=out, flush=True)
        return
    before = [previous.get(name) for name, _ in FIGURES]
    print(
        _row(
            f"{'':<29}previous ({str(previous.get('when', '?'))[5:16].replace('T', ' ')})",
            [
                f"{b:,.1f}" if i == 0 and isinstance(b, (int, float)) else _number(b)
                for i, b in enumerate(before)
            ],
        ),
        file=out,
    )
    slower = [
        title
        for (_, title), n, b in zip(FIGURES, now, before)
        if isinstance(b, (int, float)) and b > 0 and n < b * (1 - SLOWER)
    ]
    tail = f"  slower: {', '.join(slower)}" if slower else ""
    print(_row(f"{'':<29}change", [change(n, b) for n, b in zip(now, before)], tail), file=out, flush=True)


def _number(value: Any) -> str:
    return f"{value:,.0f}" if isinstance(value, (int, float)) and not isinstance(value, bool) else "-"


def print_cold(c: ColdResult, previous: Mapping[str, Any] | None, out: TextIO | None = None) -> None:
    """One row: a fresh process's speed as a share of its warm speed, now and last time."""
    out = sys.stdout if out is None else out  # sys.stdout now, as a test may have replaced it
    text = ",".join(f"{k}={v}" for k, v in c.options.items()) or "-"

    def share(value: Any) -> str:
        return f"{value:.0%}" if isinstance(value, float) else "-"

    # The previous cold start counts only if it was of this configuration (it is kept per game).
    same = previous is not None and (previous.get("players"), previous.get("options")) == (
        c.players,
        json.loads(json.dumps(c.options)),
    )
    before = previous if previous is not None and same else {}
    print(
        f"{c.game:<20} {c.players:>7} {text:<30} {share(c.first_game_ratio):>10} "
        f"{share(c.first_games_ratio):>14} {c.first_games_cold:>12,.0f} {c.first_games_warm:>12,.0f}"
        f"   was {share(before.get('first_game_ratio'))} / {share(before.get('first_games_ratio'))}",
        file=out,
        flush=True,
    )


def run(
    games: Sequence[Game[Any]],
    *,
    players: int | None = None,
    options: Mapping[str, Any] | None = None,
    seconds: float = 2.0,
    baseline: Path | None = Path(DEFAULT_BASELINE),
    save: bool = True,
    cold: bool = True,
    out: TextIO | None = None,
) -> tuple[list[BenchResult], list[ColdResult]]:
    """``tabletop bench``: every configuration of ``games`` with the previous run's figures
    from ``baseline`` beside it, then each game's cold start; the figures are kept in
    ``baseline`` unless ``save`` is false."""
    out = sys.stdout if out is None else out  # sys.stdout now, as a test may have replaced it
    previous = read_baseline(baseline) if baseline is not None else {"configurations": {}, "cold": {}}
    print(
        _row(
            f"{'game':<20} {'players':>7} {'options':<30}",
            [title for _, title in FIGURES],
            f" {'decisions/game':>14} {'saved actions':>13}",
        ),
        file=out,
    )
    results: list[BenchResult] = []
    for game in games:
        for count, chosen in configurations(game, players, options):
            r = bench(game, count, chosen, seconds=seconds)
            results.append(r)
            print_result(r, previous["configurations"].get(r.key), out)
    colds: list[ColdResult] = []
    if cold:
        print(
            f"\ncold start: a new process per game; its first game's and first {COLD_GAMES} games' "
            "decisions/s as a share of the same games' speed in a process warmed up on others",
            file=out,
        )
        print(
            f"{'game':<20} {'players':>7} {'options':<30} {'first game':>10} {f'first {COLD_GAMES} games':>14} "
            f"{'cold dec/s':>12} {'warm dec/s':>12}",
            file=out,
        )
        for game in games:
            first = next(configurations(game, players, options), None)
            if first is None:
                continue
            c = cold_start(game, first[0], first[1], seconds=seconds)
            colds.append(c)
            print_cold(c, previous["cold"].get(c.game), out)
    if save and baseline is not None:
        write_baseline(baseline, previous, results, colds)
        print(f"\nfigures kept in {baseline} (the next run shows them as previous)", file=out)
    return results, colds


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
        for count, chosen in edge_configurations(game, players, options):
            r = bench_adapters(game, count, chosen, seconds)

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
