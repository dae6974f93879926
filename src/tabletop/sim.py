"""Play many games between agents and collect statistics: in this process, across worker
processes or on a Ray cluster, each finished game optionally streamed to a JSON-lines file."""

from __future__ import annotations

import importlib
import itertools
import json
import logging
import os
import sys
import time
from collections import Counter
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
from pathlib import Path
from types import TracebackType
from typing import TYPE_CHECKING, Any, TextIO

import attrs
import cattrs

from .agents import make_agent
from .core.game import Game
from .core.integers import as_int
from .core.registry import load
from .core.serialize import describe_error, make_converter

if TYPE_CHECKING:
    from matplotlib.figure import Figure

ProgressCallback = Callable[[int, int], None]

#: Where the games are played: in this process, in worker processes, or on a Ray cluster.
BACKENDS = ("serial", "process", "ray")
#: What the first line of a stream file (``out=``) names itself, and the layout's version.
STREAM_FORMAT = "tabletop.simulate"
STREAM_VERSION = 1
#: A run is cut into at least this many chunks per worker, so the workers finish close together.
_CHUNKS_PER_WORKER = 8
#: ... and chunks hold at most this many games, so one worker never sits on a long tail alone.
_MAX_CHUNK = 64
#: Chunks queued per worker: the next one is waiting when a worker finishes, never idle.
_QUEUED_PER_WORKER = 2
#: Seconds between flushes of the stream file: an interrupted run loses at most this much play.
_FLUSH_SECONDS = 1.0


@attrs.frozen
class GameSummary:
    """What one simulated game came to."""

    seed: int
    #: Every seat that won (every member of a winning team); none for a draw.
    winners: tuple[int, ...]
    scores: tuple[int, ...]
    reason: str
    decisions: int
    #: Runs of consecutive decisions by one seat (a turn with several decisions counts once).
    turns: int
    #: The seats that won and lost together in this game (one seat a team unless a team game).
    teams: tuple[tuple[int, ...], ...]
    record: dict[str, Any] | None = None

    @property
    def winning_teams(self) -> tuple[tuple[int, ...], ...]:
        """The teams with a winner among them; none for a draw."""
        winners = self.winners
        return tuple(team for team in self.teams if any(seat in winners for seat in team))


# Stream lines are checked field by field like saves: a line missing a field is refused.
_CONVERTER = make_converter(every_key=True)


@attrs.define
class Tally:
    """Statistics that grow one game at a time, so a run need not keep its games to report them."""

    players: int
    games: int = 0
    #: Games won per seat, shared victories included.
    wins: list[int] = attrs.Factory(lambda self: [0] * self.players, takes_self=True)
    #: Games won per team (a tuple of seats); every team that played is a key.
    team_wins: dict[tuple[int, ...], int] = attrs.Factory(dict)
    draws: int = 0
    shared: int = 0
    reasons: Counter[str] = attrs.Factory(Counter)
    decisions: int = 0
    min_decisions: int | None = None
    max_decisions: int | None = None
    turns: int = 0

    def add(self, summary: GameSummary) -> None:
        """Count one more game."""
        self.games += 1
        for seat in summary.winners:
            self.wins[seat] += 1
        for team in summary.teams:
            self.team_wins.setdefault(team, 0)
        winning = summary.winning_teams
        for team in winning:
            self.team_wins[team] += 1
        self.draws += not summary.winners
        self.shared += len(winning) > 1
        self.reasons[summary.reason] += 1
        self.decisions += summary.decisions
        if self.min_decisions is None or summary.decisions < self.min_decisions:
            self.min_decisions = summary.decisions
        if self.max_decisions is None or summary.decisions > self.max_decisions:
            self.max_decisions = summary.decisions
        self.turns += summary.turns

    @classmethod
    def of(cls, players: int, summaries: Iterable[GameSummary]) -> Tally:
        """The statistics of ``summaries``."""
        tally = cls(players)
        for summary in summaries:
            tally.add(summary)
        return tally


@attrs.define
class SimulationResult:
    """Statistics over a batch of simulated games."""

    game: str
    players: int
    agents: tuple[str, ...]
    seconds: float
    #: The games' summaries, in seed order; empty when the run was asked not to keep them.
    games: list[GameSummary]
    #: The statistics of every game of the batch, kept or not.
    tally: Tally = attrs.Factory(lambda self: Tally.of(self.players, self.games), takes_self=True)
    #: Games of the batch read back from a stream file rather than played by this run.
    resumed: int = 0

    @property
    def count(self) -> int:
        """Games in the batch (kept or not)."""
        return self.tally.games

    @property
    def wins(self) -> list[int]:
        """Games won per seat, shared victories included."""
        return list(self.tally.wins)

    @property
    def team_wins(self) -> dict[tuple[int, ...], int]:
        """Games won per team (a team being a tuple of seats), shared victories included."""
        return dict(sorted(self.tally.team_wins.items()))

    @property
    def is_team_game(self) -> bool:
        """Whether some game had a team of more than one seat."""
        return any(len(team) > 1 for team in self.tally.team_wins)

    @property
    def draws(self) -> int:
        """Games that ended with no winner."""
        return self.tally.draws

    @property
    def shared(self) -> int:
        """Games that ended in a shared victory: won by more than one team (or seat)."""
        return self.tally.shared

    @property
    def end_reasons(self) -> dict[str, int]:
        """How many games ended for each reason, most common first (ties by name)."""
        return dict(sorted(self.tally.reasons.items(), key=lambda item: (-item[1], item[0])))

    @property
    def decisions(self) -> list[int]:
        """Decisions per game, of the games kept."""
        return [summary.decisions for summary in self.games]

    @property
    def mean_decisions(self) -> float:
        """Average decisions per game."""
        return self.tally.decisions / self.count if self.count else 0.0

    @property
    def mean_rounds(self) -> float:
        """Average turns per seat per game (a round gives every seat one turn)."""
        return self.tally.turns / self.count / self.players if self.count else 0.0

    @property
    def games_per_second(self) -> float:
        """Throughput of this run (wall clock; games resumed from a file do not count)."""
        played = self.count - self.resumed
        return played / self.seconds if self.seconds else float("inf")

    @property
    def records(self) -> list[dict[str, Any]]:
        """The records of the games, when they were kept."""
        return [summary.record for summary in self.games if summary.record is not None]

    def plot(self) -> Figure:
        """Win rates per seat (or team), score distributions and decisions per game as a
        matplotlib figure (``pip install "tabletop[plot]"``; see :mod:`tabletop.plots`)."""
        from .plots import plot_simulation  # matplotlib only when a plot is asked for

        return plot_simulation(self)

    def summary(self) -> str:
        """A small text table of the results."""
        n = self.count
        resumed = f"; {self.resumed} resumed from a file" if self.resumed else ""
        lines = [
            f"{self.game}: {n} games, {self.players} players ({', '.join(self.agents)}){resumed}",
            f"{'seat':>6} {'agent':>8} {'wins':>7} {'win %':>7}",
        ]
        for seat, wins in enumerate(self.wins):
            lines.append(f"{seat:>6} {self.agents[seat]:>8} {wins:>7} {100 * wins / max(n, 1):>6.1f}%")
        if self.is_team_game:
            lines.append(f"{'team':>15} {'wins':>7} {'win %':>7}")
            for team, wins in self.team_wins.items():
                seats = "+".join(map(str, team))
                lines.append(f"{seats:>15} {wins:>7} {100 * wins / max(n, 1):>6.1f}%")
        lines.append(f"draws: {self.draws}; shared victories: {self.shared}")
        lines.append("end reasons: " + ", ".join(f"{r} {c}" for r, c in self.end_reasons.items()))
        lines.append(
            f"decisions per game: mean {self.mean_decisions:.1f}, min {self.tally.min_decisions or 0}, "
            f"max {self.tally.max_decisions or 0}; rounds per game: mean {self.mean_rounds:.1f}"
        )
        played_decisions = self.tally.decisions * (n - self.resumed) / n if n else 0
        lines.append(
            f"{self.seconds:.2f} s, {self.games_per_second:.1f} games/s, "
            f"{played_decisions / self.seconds if self.seconds else 0:.0f} decisions/s"
        )
        return "\n".join(lines)


def play_one(
    game: Game[Any],
    players: int,
    seed: int,
    agents: Sequence[str],
    options: Mapping[str, Any],
    keep_record: bool = False,
    max_decisions: int = 1_000_000,
) -> GameSummary:
    """Play one game to the end with the named agents (one per seat)."""
    state = game.new_game(players=players, seed=seed, **options)
    seats = [make_agent(kind, seed * 7919 + seat) for seat, kind in enumerate(agents)]
    decisions = turns = 0
    last_seat: int | None = None
    while not state.is_terminal:
        if decisions >= max_decisions:
            raise RuntimeError(f"{game.name} seed {seed} did not end within {max_decisions} decisions")
        seat = state.current_player
        assert seat is not None
        if seat != last_seat:
            turns += 1
            last_seat = seat
        state.apply(seats[seat].act(state))
        decisions += 1
    outcome = state.outcome
    assert outcome is not None
    return GameSummary(
        seed=seed,
        winners=outcome.winners,
        scores=outcome.scores,
        reason=outcome.reason,
        decisions=decisions,
        turns=turns,
        teams=state.teams,
        record=state.record() if keep_record else None,
    )


@attrs.frozen
class _Job:
    """What every game of a run shares; small, so it travels to worker processes and actors."""

    game: str
    players: int
    agents: tuple[str, ...]
    options: dict[str, Any]
    keep_records: bool


def _warm_up(job: _Job) -> None:
    """Load the game and play one game with random agents, once per worker process or actor.

    Games build lookup tables and caches on first use (data files, legal-move tables); doing it
    before the first chunk keeps that cost off the clock of the chunks. Random agents keep the
    warm-up cheap whatever agents the run uses, and no cache changes what a game does, so the
    results do not depend on it.
    """
    play_one(load(job.game), job.players, 0, ("random",) * job.players, job.options)


def _play_chunk(job: _Job, seeds: list[int]) -> list[GameSummary]:
    game = load(job.game)
    return [play_one(game, job.players, seed, job.agents, job.options, job.keep_records) for seed in seeds]


def _chunks(seeds: Iterable[int], count: int, workers: int) -> Iterator[list[int]]:
    """The ``count`` seeds in chunks sized for ``workers`` workers, made as they are asked for."""
    size = max(1, min(_MAX_CHUNK, count // (workers * _CHUNKS_PER_WORKER)))
    it = iter(seeds)
    while chunk := list(itertools.islice(it, size)):
        yield chunk


def _run_serial(game: Game[Any], job: _Job, seeds: Iterable[int]) -> Iterator[list[GameSummary]]:
    for seed in seeds:
        yield [play_one(game, job.players, seed, job.agents, job.options, job.keep_records)]


def _run_process(job: _Job, seeds: Iterable[int], count: int, workers: int) -> Iterator[list[GameSummary]]:
    chunks = _chunks(seeds, count, workers)
    pool = ProcessPoolExecutor(max_workers=workers, initializer=_warm_up, initargs=(job,))
    try:
        pending: set[Future[list[GameSummary]]] = {
            pool.submit(_play_chunk, job, part)
            for part in itertools.islice(chunks, workers * _QUEUED_PER_WORKER)
        }
        while pending:
            done, pending = wait(pending, return_when=FIRST_COMPLETED)
            for future in done:
                part = next(chunks, None)
                if part is not None:  # queue the next chunk before handing this one over
                    pending.add(pool.submit(_play_chunk, job, part))
                yield future.result()
    finally:
        # An interrupted run (Ctrl-C, an error while writing) drops the chunks not started yet.
        pool.shutdown(wait=True, cancel_futures=True)


class _RayWorker:
    """A Ray actor that keeps one warmed-up worker for a whole run."""

    def __init__(self, job: _Job) -> None:
        _warm_up(job)
        self.job = job

    def ready(self) -> bool:
        """True once the actor is up and warmed up."""
        return True

    def play(self, seeds: list[int]) -> list[GameSummary]:
        """Play the games of these seeds."""
        return _play_chunk(self.job, seeds)


def _import_ray() -> Any:
    try:
        return importlib.import_module("ray")
    except ImportError:
        raise ValueError("backend 'ray' needs Ray: pip install 'tabletop[ray]'") from None


def _ray_workers(ray: Any, workers: int | None, address: str | None) -> tuple[int, bool]:
    """Connect to (or start) a Ray cluster; the actor count and whether this run started Ray."""
    started = not ray.is_initialized()
    if started:
        # A local cluster gets as many CPUs as workers (all of them when unsaid); an existing
        # cluster at ``address`` keeps its own resources.
        ray.init(
            address=address,
            num_cpus=workers if address is None else None,
            include_dashboard=False,
            logging_level=logging.WARNING,
            log_to_driver=False,
        )
    if workers is None:
        workers = max(1, int(ray.cluster_resources().get("CPU", 1)))
    return workers, started


def _run_ray(
    job: _Job, seeds: Iterable[int], count: int, workers: int | None, address: str | None
) -> Iterator[list[GameSummary]]:
    ray = _import_ray()
    actor_count, started = _ray_workers(ray, workers, address)
    actors: list[Any] = []
    try:
        actor_class = ray.remote(num_cpus=1)(_RayWorker)
        actors = [actor_class.remote(job) for _ in range(actor_count)]
        chunks = _chunks(seeds, count, actor_count)
        # Work goes only to actors that have started: one the cluster has no CPU for (more
        # workers than CPUs) would hold its queued chunks, and the run, until the end of time.
        starting = {actor.ready.remote(): actor for actor in actors}
        playing: dict[Any, Any] = {}
        more = True

        def feed(actor: Any) -> None:
            nonlocal more
            part = next(chunks, None) if more else None
            if part is None:
                more = False
            else:
                playing[actor.play.remote(part)] = actor

        while playing or (more and starting):
            ready = ray.wait([*playing, *starting], num_returns=1)[0][0]
            if ready in starting:
                actor = starting.pop(ready)
                ray.get(ready)  # raises here if the actor failed to warm up
                for _ in range(_QUEUED_PER_WORKER):
                    feed(actor)
            else:
                feed(playing.pop(ready))
                yield ray.get(ready)
    finally:
        for actor in actors:
            ray.kill(actor)
        if started:
            ray.shutdown()


def _stream_header(job: _Job) -> dict[str, Any]:
    header = {
        "format": STREAM_FORMAT,
        "version": STREAM_VERSION,
        "game": job.game,
        "players": job.players,
        "agents": list(job.agents),
        "options": job.options,
        "records": job.keep_records,
    }
    try:  # compared with a file's header, so in the form it takes once read back
        loaded: dict[str, Any] = json.loads(json.dumps(header))
    except TypeError as error:
        raise ValueError(f"options must be JSON values to stream the games to a file: {error}") from None
    return loaded


def _read_stream(path: Path, header: dict[str, Any], take: Callable[[GameSummary], None]) -> int:
    """Hand each game of a stream file for this run to ``take``; the end of its last whole line.

    A file that is empty or holds the start of this run's header line alone gives ``0``: start
    afresh. A last line cut short by an interrupted run is left out (its game is played again).
    """
    refused = f"{path} is not a tabletop simulate output file; refusing to append to it"
    with path.open("rb") as handle:
        first = handle.readline()
        if not first.endswith(b"\n"):
            if (json.dumps(header) + "\n").encode().startswith(first):
                return 0
            raise ValueError(refused)
        try:
            theirs = json.loads(first)
        except (json.JSONDecodeError, RecursionError):  # RecursionError: nested past the parser's depth
            theirs = None
        if not isinstance(theirs, dict) or theirs.get("format") != STREAM_FORMAT:
            raise ValueError(refused)
        for key in ("version", "game", "players", "agents", "options", "records"):
            if theirs.get(key) != header[key]:
                raise ValueError(
                    f"{path} was written with {key} {theirs.get(key)!r}, not {header[key]!r}: "
                    "resume a run into the file written for it"
                )
        end = handle.tell()
        number = 1
        while line := handle.readline():
            number += 1
            try:
                if not line.endswith(b"\n"):
                    raise ValueError("the line is cut short")
                summary = _CONVERTER.structure(json.loads(line), GameSummary)
                _check_summary(summary, header["players"])
            except (ValueError, cattrs.BaseValidationError, RecursionError) as error:
                if handle.read(1):  # only the last line may be broken, by an interrupted write
                    raise ValueError(f"{path} line {number}: {describe_error(error)}") from None
                break
            take(summary)
            end = handle.tell()
    return end


def _check_summary(summary: GameSummary, players: int) -> None:
    """Refuse a stream line whose game no ``players`` seats could have played (a tampered file:
    a winner or team with a seat out of range would be counted against a seat that is not)."""
    seats = list(range(players))
    if len(summary.scores) != players:
        raise ValueError(f"scores has {len(summary.scores)} entries for {players} players")
    if len(set(summary.winners)) != len(summary.winners) or not set(summary.winners) <= set(seats):
        raise ValueError(f"winners {list(summary.winners)} are not distinct seats 0 to {players - 1}")
    if sorted(seat for team in summary.teams for seat in team) != seats:
        raise ValueError(
            f"teams {[list(team) for team in summary.teams]} do not split the seats 0 to {players - 1}"
        )
    if summary.decisions < 0 or summary.turns < 0:
        raise ValueError(
            f"a game has no negative counts: decisions {summary.decisions}, turns {summary.turns}"
        )


class _Stream:
    """The stream file of a run: a header line, then one JSON line per finished game."""

    def __init__(self, path: Path, header: dict[str, Any], end: int) -> None:
        if end:
            os.truncate(path, end)  # drop a line cut short by an interrupted run
            self.handle: TextIO = path.open("a", encoding="utf-8")
        else:
            self.handle = path.open("w", encoding="utf-8")
            self.handle.write(json.dumps(header) + "\n")
            # On disk before any worker is forked: a child must not inherit unwritten lines.
            self.handle.flush()
        self.flushed = time.perf_counter()

    def write(self, summaries: Iterable[GameSummary]) -> None:
        """Append these games; flush now and then so an interruption loses little."""
        handle = self.handle
        for summary in summaries:
            handle.write(json.dumps(_CONVERTER.unstructure(summary)) + "\n")
        now = time.perf_counter()
        if now - self.flushed >= _FLUSH_SECONDS:
            handle.flush()
            self.flushed = now

    def close(self) -> None:
        """Flush and close the file."""
        self.handle.close()


class ProgressBar:
    """A ``progress`` callback for :func:`simulate` that shows itself only on a terminal.

    On a terminal it is a tqdm bar (with ``tabletop[progress]`` installed) or else a counter
    line; on anything else (a pipe, a file, CI logs) it prints nothing. Use it as a context
    manager so the display is closed when the run ends.
    """

    #: Seconds between redraws of the plain counter (tqdm throttles itself).
    INTERVAL = 0.1

    def __init__(self, stream: TextIO | None = None, unit: str = "game") -> None:
        if stream is not None and not all(
            callable(getattr(stream, name, None)) for name in ("write", "isatty")
        ):
            raise ValueError(
                f"stream must be a text stream (with write and isatty) or None, got {stream!r:.80}"
            )
        if not isinstance(unit, str):
            raise ValueError(f"unit must be a str, got {unit!r:.80}")
        self.stream = sys.stderr if stream is None else stream
        self.shown = self.stream.isatty()
        self.unit = unit
        self.bar: Any = None
        self.drawn = 0.0
        try:
            self.tqdm: Any = importlib.import_module("tqdm") if self.shown else None
        except ImportError:
            self.tqdm = None

    def __call__(self, done: int, total: int) -> None:
        """Show that ``done`` of ``total`` are finished."""
        if not self.shown:
            return
        if self.tqdm is not None:
            if self.bar is None:
                self.bar = self.tqdm.tqdm(total=total, initial=done, unit=self.unit, file=self.stream)
            else:
                self.bar.update(done - self.bar.n)
            return
        now = time.perf_counter()
        if now - self.drawn >= self.INTERVAL or done == total:
            self.drawn = now
            print(f"\r{done}/{total} {self.unit}s", end="", file=self.stream, flush=True)

    def close(self) -> None:
        """End the display (the next output starts on a line of its own)."""
        if self.bar is not None:
            self.bar.close()
            self.bar = None
        elif self.shown and self.drawn:
            print(file=self.stream, flush=True)
            self.drawn = 0.0

    def __enter__(self) -> ProgressBar:
        return self

    def __exit__(
        self, kind: type[BaseException] | None, error: BaseException | None, trace: TracebackType | None
    ) -> None:
        self.close()


def simulate(
    game: str | Game[Any],
    n: int = 100,
    *,
    players: int | None = None,
    agents: str | Sequence[str] = "random",
    seed: int = 0,
    workers: int | None = None,
    options: Mapping[str, Any] | None = None,
    keep_records: bool = False,
    progress: ProgressCallback | None = None,
    backend: str | None = None,
    address: str | None = None,
    out: str | os.PathLike[str] | None = None,
    resume: bool = False,
    keep_games: bool = True,
) -> SimulationResult:
    """Play ``n`` games and return their statistics.

    Game ``i`` uses seed ``seed + i``, so a batch gives the same games whatever the backend and
    the number of workers. ``agents`` names one agent kind for every seat or one per seat.

    ``backend`` is ``"serial"`` (this process), ``"process"`` (``workers`` worker processes,
    default: one per CPU this process may use) or ``"ray"`` (``workers`` actors on the Ray
    cluster at ``address``, or on a local one started for the run and shut down after;
    default: one per cluster CPU). By default a run is serial with one worker and uses
    processes with more. Worker processes and actors load the game by name, so it must be a
    registered game; each plays one warm-up game before its first chunk.

    ``out`` streams one JSON line per finished game (its summary, with its record when
    ``keep_records``) after a header line naming the game, players, agents and options. With
    ``resume`` the games already in ``out`` are read back, not played again, and the rest are
    appended; a file written for another configuration is refused with a ``ValueError``.
    ``keep_games=False`` keeps only the statistics in the result, not every game's summary.
    ``progress(done, n)`` is called as games finish.
    """
    if isinstance(game, str):
        rules = load(game)
    elif isinstance(game, Game):
        rules = game
    else:
        raise ValueError(f"game must be a game's name or a Game, got {game!r:.80}")
    num_players = rules.check_players(rules.min_players if players is None else players)
    if isinstance(agents, str):
        kinds = (agents,) * num_players
    elif isinstance(agents, Sequence) and all(isinstance(kind, str) for kind in agents):
        kinds = tuple(agents)
    else:
        raise ValueError(
            f"agents must be an agent's name or a list of names, one per seat; got {agents!r:.80}"
        )
    if len(kinds) != num_players:
        raise ValueError(f"give one agent or {num_players} agents (one per seat), got {len(kinds)}")
    for kind in kinds:
        make_agent(kind, 0)  # refuse an unknown agent name before any game starts
    if isinstance(n, bool) or not isinstance(n, int) or n < 0:
        raise ValueError(f"n must be a non-negative int, got {n!r}")
    if (number := as_int(seed)) is None:
        raise ValueError(f"seed must be an int, got {seed!r}")
    seed = number  # a numpy integer is written to the results as its plain value
    if workers is not None and (isinstance(workers, bool) or not isinstance(workers, int) or workers < 1):
        raise ValueError(f"workers must be a positive int, got {workers!r}")
    if backend is None:
        backend = "process" if workers is not None and workers > 1 else "serial"
    if backend not in BACKENDS:
        raise ValueError(f"unknown backend {backend!r}; backends: {', '.join(BACKENDS)}")
    if backend == "serial" and workers not in (None, 1):
        raise ValueError(f"the serial backend plays in this process: workers must be 1, got {workers}")
    if address is not None and backend != "ray":
        raise ValueError("address names a Ray cluster: give it with backend 'ray'")
    for flag, value in (("keep_records", keep_records), ("resume", resume), ("keep_games", keep_games)):
        if not isinstance(value, bool):
            raise ValueError(f"{flag} must be True or False, got {value!r:.80}")
    if progress is not None and not callable(progress):
        raise ValueError(f"progress must be a function of (done, n) or None, got {progress!r:.80}")
    if address is not None and not isinstance(address, str):
        raise ValueError(f"address must be a str (a Ray cluster's address) or None, got {address!r:.80}")
    if options is not None and not isinstance(options, Mapping):
        raise ValueError(f"options must be a mapping of option names to values, got {options!r:.80}")
    if resume and out is None:
        raise ValueError("resume reads the games already played from out: give out too")
    if out is not None:
        _check_out(out)
    if backend != "serial" and rules is not _registered(rules.name):
        raise ValueError(f"backend {backend!r} needs a registered game (workers load it by name)")
    opts = rules.resolve_options(num_players, dict(options or {}))  # refuse bad options up front
    if backend == "ray":
        _import_ray()  # before any file is written
    job = _Job(rules.name, num_players, kinds, opts, keep_records)

    start = time.perf_counter()
    tally = Tally(num_players)
    kept: list[GameSummary] = []
    stream: _Stream | None = None
    # When resuming, a flag per game of the run (a byte, not a set of ints: runs of millions of
    # games); otherwise none, not a byte per game never to be read (n=10**9 took a gigabyte).
    try:
        in_file = bytearray(n if resume else 0)
    except (MemoryError, OverflowError):
        raise ValueError(f"n={n} is more games than a resumed run can track (a byte a game)") from None
    if out is not None:
        path = Path(out)
        header = _stream_header(job)
        end = 0
        if resume and path.exists():

            def take(summary: GameSummary) -> None:
                index = summary.seed - seed
                if 0 <= index < n and not in_file[index]:  # a seed of this run, first time seen
                    in_file[index] = 1
                    tally.add(summary)
                    if keep_games:
                        kept.append(summary)

            end = _read_stream(path, header, take)
        stream = _Stream(path, header, end)
    resumed = tally.games
    count = n - resumed
    seeds = (seed + index for index in range(n) if not (in_file and in_file[index]))
    if progress is not None and resumed:
        progress(resumed, n)
    try:
        if backend == "serial" or not count:
            batches = _run_serial(rules, job, seeds)
        elif backend == "process":
            batches = _run_process(job, seeds, count, workers or _usable_cpus())
        else:
            batches = _run_ray(job, seeds, count, workers, address)
        for batch in batches:
            for summary in batch:
                tally.add(summary)
            if keep_games:
                kept.extend(batch)
            if stream is not None:
                stream.write(batch)
            if progress is not None:
                progress(tally.games, n)
    finally:
        if stream is not None:
            stream.close()
    kept.sort(key=lambda summary: summary.seed)
    seconds = time.perf_counter() - start
    return SimulationResult(rules.name, num_players, kinds, seconds, kept, tally, resumed)


def _check_out(out: object) -> None:
    """Refuse an ``out`` no stream file can be written at, before any game is played."""
    if not isinstance(out, (str, os.PathLike)):
        raise ValueError(f"out must be a file's path, got {out!r:.80}")
    path = Path(out)
    if path.is_dir():
        raise ValueError(f"out {str(path)!r} is a directory: give the path of a file to write the games to")
    if not path.parent.is_dir():
        raise ValueError(f"out {str(path)!r}: there is no directory {str(path.parent)!r} to write it in")


def _usable_cpus() -> int:
    # The CPUs this process may run on (taskset, container limits), not all the machine has.
    if hasattr(os, "sched_getaffinity"):
        return len(os.sched_getaffinity(0))
    return os.cpu_count() or 1


def _registered(name: str) -> Game[Any] | None:
    try:
        return load(name)
    except ValueError:
        return None
