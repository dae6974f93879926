"""Round-robin tournaments between agents: win rates with confidence intervals and ratings.

Every pair of agents plays ``games`` games. In a pairing the seats are split between the two
agents by team (a free-for-all: alternate seats; 2 v 2: one team each), and each deal is played
twice with the split reversed, so each agent sits in every seat equally often and both meet the
same cards. A game counts 1 for the agent whose seats won alone, 0 for the other, and 1/2 each
for a draw or a victory shared across the two. Ratings are a Bradley-Terry fit (Hunter's MM
algorithm) on the Elo scale, with bootstrap intervals from redrawing each pairing's games from
their outcome frequencies, smoothed by the fit's prior.
"""

from __future__ import annotations

import bisect
import itertools
import math
from collections.abc import Callable, Iterator, Mapping, Sequence
from concurrent.futures import ProcessPoolExecutor
from typing import Any

import attrs
import cattrs

from .agents import Agent, make_agent
from .core.game import Game
from .core.integers import as_int
from .core.registry import load
from .core.rng import Rng

#: The z value of a two-sided 95% interval.
Z95 = 1.959963984540054
#: Bootstrap resamples behind the rating intervals.
BOOTSTRAP = 200
#: Half a win given to each side of every pairing before the fit, so an agent that wins every
#: game keeps a finite rating (the estimate then says "at least this much stronger").
PRIOR_WINS = 0.5


@attrs.frozen
class GameResult:
    """One tournament game: which agent sat where and what came of it."""

    #: The two agents (indexes into the tournament's ``agents``).
    pairing: tuple[int, int]
    #: The game's number in its pairing.
    index: int
    seed: int
    #: Per seat, the index of the agent playing it.
    seats: tuple[int, ...]
    winners: tuple[int, ...]
    scores: tuple[int, ...]
    #: The first agent's result: 1 a win, 0 a loss, 0.5 a draw or a victory shared with the other.
    score: float
    decisions: int


@attrs.frozen
class PairingResult:
    """How ``first`` did against ``second``: its score rate and a 95% Wilson interval."""

    first: str
    second: str
    games: int
    first_wins: int
    second_wins: int
    #: Draws and victories shared by both agents' seats (each counts 1/2 to both).
    draws: int
    #: ``(first_wins + draws / 2) / games``.
    rate: float
    low: float
    high: float


@attrs.frozen
class Rating:
    """An agent's Bradley-Terry rating on the Elo scale (the agents' mean is 1500), with the
    bootstrap standard error and 95% interval."""

    agent: str
    elo: float
    stderr: float
    low: float
    high: float
    #: Its score over all its games (wins plus half the draws, over games).
    score: float
    games: int


@attrs.frozen
class TournamentResult:
    """Everything a tournament found: the games, each pairing and the ratings."""

    game: str
    players: int
    options: dict[str, Any]
    seed: int
    agents: tuple[str, ...]
    pairings: tuple[PairingResult, ...]
    ratings: tuple[Rating, ...]
    games: tuple[GameResult, ...]

    def to_json(self) -> dict[str, Any]:
        """The whole result as JSON-ready data (a standard error that no resample measured,
        ``bootstrap=0``, is ``None``: JSON has no NaN)."""
        data: dict[str, Any] = cattrs.Converter().unstructure(self)
        for rating in data["ratings"]:
            if math.isnan(rating["stderr"]):
                rating["stderr"] = None
        return data

    def table(self) -> str:
        """The ratings and the pairings as a text table."""
        width = max(12, *(len(name) for name in self.agents))
        lines = [
            f"{self.game}, {self.players} players, {len(self.games)} games"
            + (f", options {self.options}" if self.options else ""),
            "",
            f"{'agent':<{width}} {'elo':>7} {'±se':>6} {'95% interval':>15} {'score':>7} {'games':>6}",
        ]
        for r in sorted(self.ratings, key=lambda r: -r.elo):
            lines.append(
                f"{r.agent:<{width}} {r.elo:>7.0f} {r.stderr:>6.0f} {f'{r.low:.0f}..{r.high:.0f}':>15} "
                f"{r.score:>7.1%} {r.games:>6}"
            )
        lines += [
            "",
            f"{'first':<{width}} {'second':<{width}} {'games':>6} {'wins':>5} {'losses':>6} {'draws':>5} "
            f"{'score':>7} {'95% interval':>15}",
        ]
        for p in self.pairings:
            lines.append(
                f"{p.first:<{width}} {p.second:<{width}} {p.games:>6} {p.first_wins:>5} {p.second_wins:>6} "
                f"{p.draws:>5} {p.rate:>7.1%} {f'{p.low:.1%}..{p.high:.1%}':>15}"
            )
        return "\n".join(lines)


def wilson(successes: float, n: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval of a proportion ``successes / n`` (``(0, 1)`` when ``n`` is 0)."""
    if n <= 0:
        return 0.0, 1.0
    p = successes / n
    denominator = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denominator
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denominator
    return max(0.0, centre - half), min(1.0, centre + half)


def bradley_terry(
    wins: Sequence[Sequence[float]], prior: float = PRIOR_WINS, iterations: int = 10_000
) -> list[float]:
    """Elo ratings (mean 1500) fitted by Bradley-Terry maximum likelihood with Hunter's MM
    updates, from ``wins[i][j]``: what agent ``i`` scored against ``j`` (draws as halves).
    Every pair that met gets ``prior`` extra wins each way."""
    n = len(wins)
    met = [[wins[i][j] + wins[j][i] > 0 for j in range(n)] for i in range(n)]
    w = [[wins[i][j] + (prior if met[i][j] else 0.0) for j in range(n)] for i in range(n)]
    total = [sum(row) for row in w]
    strength = [1.0] * n
    for _ in range(iterations):
        new = []
        for i in range(n):
            denominator = sum(
                (w[i][j] + w[j][i]) / (strength[i] + strength[j]) for j in range(n) if j != i and met[i][j]
            )
            new.append(total[i] / denominator if denominator else strength[i])
        centre = math.exp(sum(math.log(s) for s in new if s > 0) / n) if all(s > 0 for s in new) else 1.0
        new = [s / centre for s in new]
        change = max(abs(a - b) for a, b in zip(new, strength))
        strength = new
        if change < 1e-10:
            break
    return [1500.0 + 400.0 * math.log10(s) for s in strength]


def tournament(
    game: str | Game[Any],
    agents: Sequence[str | Agent],
    games: int = 100,
    *,
    players: int | None = None,
    seed: int = 0,
    options: Mapping[str, Any] | None = None,
    workers: int = 1,
    bootstrap: int = BOOTSTRAP,
    progress: Callable[[int, int], None] | None = None,
) -> TournamentResult:
    """A round robin: every pair of ``agents`` (spec strings such as ``"ismcts:500"`` or
    objects with ``act``) plays ``games`` games (an even number seats both agents equally).

    Game ``k`` of a pairing is dealt from seed ``seed + k // 2``, the seats split the other way
    round for odd ``k``. Spec agents are made afresh for every game from a seed of the game's, so
    a tournament of spec agents repeats exactly, whatever ``workers``; agent objects are used as
    given (with ``workers > 1`` each worker process has its own copy).
    """
    if not isinstance(game, (str, Game)):
        raise ValueError(f"game must be a game's name or a Game, got {game!r}")
    if isinstance(agents, (str, bytes)) or not isinstance(agents, Sequence):
        raise ValueError(f"agents must be a list of agent specs or agents, got {agents!r}")
    if (number := as_int(seed)) is None:
        raise ValueError(f"seed must be an int, got {seed!r}")
    seed = number  # a numpy integer is written to the results as its plain value
    if options is not None and not isinstance(options, Mapping):
        raise ValueError(f"options must be a mapping of option names to values, got {options!r}")
    if isinstance(bootstrap, bool) or not isinstance(bootstrap, int) or bootstrap < 0:
        raise ValueError(f"bootstrap must be an int >= 0 (resamples), got {bootstrap!r}")
    if progress is not None and not callable(progress):
        raise ValueError(f"progress must be callable or None, got {progress!r}")
    rules = load(game) if isinstance(game, str) else game
    count = rules.min_players if players is None else players
    options = dict(options or {})
    rules.resolve_options(count, options)  # a bad option or player count is refused before play
    if isinstance(games, bool) or not isinstance(games, int) or games < 1:
        raise ValueError(f"games must be a positive int (games per pairing), got {games!r}")
    if isinstance(workers, bool) or not isinstance(workers, int) or workers < 1:
        raise ValueError(f"workers must be a positive int, got {workers!r}")
    if workers > 1 and _registered(rules.name) is not rules:
        raise ValueError(
            f"workers > 1 needs a registered game (worker processes load it by name): {rules.name!r}"
        )
    if len(agents) < 2:
        raise ValueError(f"a tournament needs at least two agents, got {len(agents)}")
    for agent in agents:
        if isinstance(agent, str):
            make_agent(agent, 0)  # refuse a bad spec before any game starts
        elif not callable(getattr(agent, "act", None)):
            raise ValueError(f"agent {agent!r} has no act(state) method")
    names = _names(agents)
    teams = rules.new_game(players=count, seed=seed, **options).teams
    tasks = [
        _Task(rules.name, count, options, (a, b), seed + k // 2, _split(teams, count, k % 2 == 1), seed, k)
        for a, b in itertools.combinations(range(len(agents)), 2)
        for k in range(games)
    ]
    results: list[GameResult] = []
    for result in _run(tasks, list(agents), workers, rules):
        results.append(result)
        if progress is not None:
            progress(len(results), len(tasks))
    results.sort(key=lambda r: (r.pairing, r.index))
    pairings = tuple(_pairing(names, results, a, b) for a, b in itertools.combinations(range(len(agents)), 2))
    ratings = _ratings(names, results, bootstrap, seed)
    return TournamentResult(rules.name, count, options, seed, names, pairings, ratings, tuple(results))


@attrs.frozen
class _Task:
    game: str
    players: int
    options: dict[str, Any]
    pairing: tuple[int, int]
    seed: int
    #: Per seat: 0 for the pairing's first agent, 1 for its second.
    sides: tuple[int, ...]
    tournament_seed: int
    index: int


def _registered(name: str) -> Game[Any] | None:
    try:
        return load(name)
    except ValueError:
        return None


def _split(teams: Sequence[Sequence[int]], players: int, flipped: bool) -> tuple[int, ...]:
    """Per seat, which of the two agents plays it: alternate teams (so in a free-for-all
    alternate seats, in a team game whole teams), the other way round when ``flipped``."""
    sides = [0] * players
    for index, team in enumerate(teams):
        for seat in team:
            sides[seat] = (index + flipped) % 2
    return tuple(sides)


def _names(agents: Sequence[str | Agent]) -> tuple[str, ...]:
    names: list[str] = []
    for agent in agents:
        name = agent if isinstance(agent, str) else str(getattr(agent, "name", type(agent).__name__))
        base, number = name, 2
        while name in names:  # the same spec twice is two entrants
            name, number = f"{base}#{number}", number + 1
        names.append(name)
    return tuple(names)


def _agent_seed(task: _Task, seat: int) -> int:
    """A seed for the agent in ``seat`` of ``task`` that no other game or seat shares."""
    rng = Rng.from_seed(task.tournament_seed)
    mixed = rng.next64() ^ (task.pairing[0] * 1_000_003 + task.pairing[1] * 10_007 + task.index * 101 + seat)
    return Rng.from_seed(mixed & ((1 << 63) - 1)).next64() >> 1


def _play(task: _Task, agents: Sequence[str | Agent], rules: Game[Any] | None = None) -> GameResult:
    if rules is None:
        rules = load(task.game)
    state = rules.new_game(players=task.players, seed=task.seed, **task.options)
    seats = tuple(task.pairing[side] for side in task.sides)
    players = [
        make_agent(entry, _agent_seed(task, seat)) if isinstance(entry, str) else entry
        for seat, entry in ((seat, agents[index]) for seat, index in enumerate(seats))
    ]
    decisions = 0
    while not state.is_terminal:
        seat = state.current_player
        assert seat is not None
        state.apply(players[seat].act(state))
        decisions += 1
    outcome = state.outcome
    assert outcome is not None
    first, second = task.pairing
    first_won = any(seats[w] == first for w in outcome.winners)
    second_won = any(seats[w] == second for w in outcome.winners)
    score = 1.0 if first_won and not second_won else 0.0 if second_won and not first_won else 0.5
    return GameResult(
        task.pairing, task.index, task.seed, seats, outcome.winners, outcome.scores, score, decisions
    )


def _play_all(tasks: Sequence[_Task], agents: Sequence[str | Agent]) -> list[GameResult]:
    return [_play(task, agents) for task in tasks]


def _run(
    tasks: Sequence[_Task], agents: Sequence[str | Agent], workers: int, rules: Game[Any]
) -> Iterator[GameResult]:
    """The games' results as they finish: here (with ``rules``, registered or not), or in
    ``workers`` processes a few games at a time (which load the game by its registered name)."""
    if workers == 1:
        for task in tasks:
            yield _play(task, agents, rules)
        return
    size = max(1, min(8, len(tasks) // (4 * workers)))
    with ProcessPoolExecutor(max_workers=workers) as pool:
        futures = [pool.submit(_play_all, tasks[i : i + size], agents) for i in range(0, len(tasks), size)]
        for future in futures:
            yield from future.result()


def _pairing(names: Sequence[str], results: Sequence[GameResult], a: int, b: int) -> PairingResult:
    scores = [r.score for r in results if r.pairing == (a, b)]
    wins = sum(1 for s in scores if s == 1.0)
    losses = sum(1 for s in scores if s == 0.0)
    draws = len(scores) - wins - losses
    points = wins + draws / 2
    low, high = wilson(points, len(scores))
    rate = points / len(scores) if scores else 0.0
    return PairingResult(names[a], names[b], len(scores), wins, losses, draws, rate, low, high)


def _fit(count: int, by_pairing: Mapping[tuple[int, int], Sequence[float]]) -> list[float]:
    wins = [[0.0] * count for _ in range(count)]
    for (a, b), scores in by_pairing.items():
        total = sum(scores)
        wins[a][b] += total
        wins[b][a] += len(scores) - total
    return bradley_terry(wins)


def _outcomes(scores: Sequence[float]) -> tuple[list[float], list[float]]:
    """A pairing's distinct game scores and their running weights: how often each came, with
    the fit's prior (``PRIOR_WINS`` wins each way) added to the win and the loss."""
    weight = dict.fromkeys((0.0, 1.0), PRIOR_WINS)
    for score in scores:
        weight[score] = weight.get(score, 0.0) + 1
    values = sorted(weight)
    return values, list(itertools.accumulate(weight[v] for v in values))


def _redraw(values: list[float], running: list[float], n: int, rng: Rng) -> list[float]:
    """``n`` game scores drawn from a pairing's smoothed outcome frequencies (see :func:`_outcomes`)."""
    total = running[-1]
    return [
        values[min(bisect.bisect_right(running, rng.random() * total), len(values) - 1)] for _ in range(n)
    ]


def _ratings(
    names: Sequence[str], results: Sequence[GameResult], bootstrap: int, seed: int
) -> tuple[Rating, ...]:
    """Bradley-Terry Elo of every agent; the spread over ``bootstrap`` resamples of each
    pairing's games gives the standard error and the 95% interval (percentiles).

    A resample redraws each pairing's games from their outcome frequencies with the fit's prior
    added (a smoothed bootstrap): a plain resample of a clean sweep is that sweep every time, so
    a 4-0 record had an interval of zero width, as if one game more could not change it."""
    count = len(names)
    by_pairing: dict[tuple[int, int], list[float]] = {}
    for r in results:
        by_pairing.setdefault(r.pairing, []).append(r.score)
    elo = _fit(count, by_pairing)
    rng = Rng.from_seed(seed)
    samples: list[list[float]] = [[] for _ in range(count)]
    outcomes = {pair: _outcomes(scores) for pair, scores in by_pairing.items()}
    for _ in range(bootstrap):
        resampled = {pair: _redraw(*outcomes[pair], len(by_pairing[pair]), rng) for pair in by_pairing}
        for i, value in enumerate(_fit(count, resampled)):
            samples[i].append(value)
    ratings = []
    for i, name in enumerate(names):
        played = [r for r in results if i in r.pairing]
        points = sum(r.score if r.pairing[0] == i else 1 - r.score for r in played)
        values = sorted(samples[i])
        if values:
            mean = sum(values) / len(values)
            stderr = math.sqrt(sum((v - mean) ** 2 for v in values) / max(1, len(values) - 1))
            low, high = (
                values[int(0.025 * (len(values) - 1))],
                values[math.ceil(0.975 * (len(values) - 1))],
            )
        else:
            stderr, low, high = math.nan, elo[i], elo[i]
        ratings.append(
            Rating(name, elo[i], stderr, low, high, points / len(played) if played else 0.0, len(played))
        )
    return tuple(ratings)
