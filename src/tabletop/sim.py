"""Play many games between agents and collect statistics, serially or across processes."""

from __future__ import annotations

import time
from collections import Counter
from collections.abc import Callable, Mapping, Sequence
from concurrent.futures import ProcessPoolExecutor, as_completed
from typing import Any

import attrs

from .agents import make_agent
from .core.game import Game
from .core.registry import load

ProgressCallback = Callable[[int, int], None]


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


@attrs.define
class SimulationResult:
    """Statistics over a batch of simulated games."""

    game: str
    players: int
    agents: tuple[str, ...]
    seconds: float
    games: list[GameSummary]

    @property
    def wins(self) -> list[int]:
        """Games won per seat, shared victories included."""
        counts = [0] * self.players
        for summary in self.games:
            for seat in summary.winners:
                counts[seat] += 1
        return counts

    @property
    def team_wins(self) -> dict[tuple[int, ...], int]:
        """Games won per team (a team being a tuple of seats), shared victories included."""
        counts: dict[tuple[int, ...], int] = {}
        for summary in self.games:
            for team in summary.teams:
                counts.setdefault(team, 0)
            for team in summary.winning_teams:
                counts[team] += 1
        return counts

    @property
    def is_team_game(self) -> bool:
        """Whether some game had a team of more than one seat."""
        return any(len(team) > 1 for summary in self.games for team in summary.teams)

    @property
    def draws(self) -> int:
        """Games that ended with no winner."""
        return sum(not summary.winners for summary in self.games)

    @property
    def shared(self) -> int:
        """Games that ended in a shared victory: won by more than one team (or seat)."""
        return sum(len(summary.winning_teams) > 1 for summary in self.games)

    @property
    def end_reasons(self) -> dict[str, int]:
        """How many games ended for each reason, most common first."""
        return dict(Counter(summary.reason for summary in self.games).most_common())

    @property
    def decisions(self) -> list[int]:
        """Decisions per game."""
        return [summary.decisions for summary in self.games]

    @property
    def mean_decisions(self) -> float:
        """Average decisions per game."""
        return sum(self.decisions) / len(self.games) if self.games else 0.0

    @property
    def mean_rounds(self) -> float:
        """Average turns per seat per game (a round gives every seat one turn)."""
        if not self.games:
            return 0.0
        return sum(summary.turns for summary in self.games) / len(self.games) / self.players

    @property
    def games_per_second(self) -> float:
        """Throughput over the whole batch (wall clock)."""
        return len(self.games) / self.seconds if self.seconds else float("inf")

    @property
    def records(self) -> list[dict[str, Any]]:
        """The records of the games, when they were kept."""
        return [summary.record for summary in self.games if summary.record is not None]

    def summary(self) -> str:
        """A small text table of the results."""
        n = len(self.games)
        lines = [
            f"{self.game}: {n} games, {self.players} players ({', '.join(self.agents)})",
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
        decisions = self.decisions or [0]
        lines.append(
            f"decisions per game: mean {self.mean_decisions:.1f}, min {min(decisions)}, "
            f"max {max(decisions)}; rounds per game: mean {self.mean_rounds:.1f}"
        )
        lines.append(
            f"{self.seconds:.2f} s, {self.games_per_second:.1f} games/s, "
            f"{sum(decisions) / self.seconds if self.seconds else 0:.0f} decisions/s"
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


def _play_chunk(
    name: str,
    players: int,
    seeds: list[int],
    agents: Sequence[str],
    options: Mapping[str, Any],
    keep_records: bool,
) -> list[GameSummary]:
    game = load(name)
    return [play_one(game, players, seed, agents, options, keep_records) for seed in seeds]


def simulate(
    game: str | Game[Any],
    n: int = 100,
    *,
    players: int | None = None,
    agents: str | Sequence[str] = "random",
    seed: int = 0,
    workers: int = 1,
    options: Mapping[str, Any] | None = None,
    keep_records: bool = False,
    progress: ProgressCallback | None = None,
) -> SimulationResult:
    """Play ``n`` games and return their statistics.

    Game ``i`` uses seed ``seed + i``, so a batch is reproducible whatever ``workers`` is.
    ``agents`` names one agent kind for every seat or one per seat (``"random"``, ``"greedy"``).
    With ``workers > 1`` the games are spread over that many processes (the game must then be
    a registered one, given by name or object).
    """
    rules = load(game) if isinstance(game, str) else game
    num_players = rules.check_players(rules.min_players if players is None else players)
    kinds = (agents,) * num_players if isinstance(agents, str) else tuple(agents)
    if len(kinds) != num_players:
        raise ValueError(f"give one agent or {num_players} agents (one per seat), got {len(kinds)}")
    for kind in kinds:
        make_agent(kind, 0)  # refuse an unknown agent name before any game starts
    if isinstance(n, bool) or not isinstance(n, int) or n < 0:
        raise ValueError(f"n must be a non-negative int, got {n!r}")
    if isinstance(workers, bool) or not isinstance(workers, int) or workers < 1:
        raise ValueError(f"workers must be a positive int, got {workers!r}")
    opts = dict(options or {})
    rules.resolve_options(num_players, opts)  # refuse bad options up front, in this process
    seeds = [seed + i for i in range(n)]
    start = time.perf_counter()
    summaries: list[GameSummary] = []
    if workers == 1 or n <= 1:
        for i, game_seed in enumerate(seeds):
            summaries.append(play_one(rules, num_players, game_seed, kinds, opts, keep_records))
            if progress is not None:
                progress(i + 1, n)
    else:
        if rules is not _registered(rules.name):
            raise ValueError("workers > 1 needs a registered game (worker processes load it by name)")
        chunk = max(1, min(50, n // (workers * 4) or 1))
        chunks = [seeds[i : i + chunk] for i in range(0, n, chunk)]
        with ProcessPoolExecutor(max_workers=workers) as pool:
            futures = [
                pool.submit(_play_chunk, rules.name, num_players, part, kinds, opts, keep_records)
                for part in chunks
            ]
            for future in as_completed(futures):
                summaries.extend(future.result())
                if progress is not None:
                    progress(len(summaries), n)
        summaries.sort(key=lambda summary: summary.seed)
    seconds = time.perf_counter() - start
    return SimulationResult(rules.name, num_players, kinds, seconds, summaries)


def _registered(name: str) -> Game[Any] | None:
    try:
        return load(name)
    except ValueError:
        return None
