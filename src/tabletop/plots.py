"""Plots of results where a table is hard to read: a simulation's win rates, score
distributions and game lengths; a tournament's ratings and pairings.

Needs matplotlib (``pip install "tabletop[plot]"``). The functions return a
``matplotlib.figure.Figure`` made without pyplot, so nothing global changes and any backend (or
none: ``figure.savefig``) can show it; a notebook displays it inline.
"""

from __future__ import annotations

import functools
import io
from typing import TYPE_CHECKING

from .sim import SimulationResult
from .tournament import TournamentResult

if TYPE_CHECKING:
    from matplotlib.axes import Axes
    from matplotlib.figure import Figure


@functools.cache
def _figure_type() -> type[Figure]:
    """A Figure that shows itself as a PNG in a notebook (a Figure made without pyplot has no
    picture of its own there until pyplot is imported)."""
    try:
        from matplotlib.figure import Figure
    except ImportError:  # an optional extra: say how to get it
        raise ImportError('plots need matplotlib: pip install "tabletop[plot]"') from None

    class ShownFigure(Figure):
        def _repr_png_(self) -> bytes:
            buffer = io.BytesIO()
            self.savefig(buffer, format="png")
            return buffer.getvalue()

    return ShownFigure


def _figure(width: float, height: float) -> Figure:
    return _figure_type()(figsize=(width, height), layout="constrained")


def _empty(axes: Axes, title: str) -> None:
    axes.set_title(title)
    axes.text(0.5, 0.5, "games not kept by this run", ha="center", va="center", transform=axes.transAxes)
    axes.set_axis_off()


def plot_simulation(result: SimulationResult) -> Figure:
    """Three panels: the win rate of each seat (of each team in a team game) with the draws;
    each seat's final scores as box plots; how many decisions the games took. The last two
    need the games (a run with ``keep_games=False`` keeps only the win rates)."""
    if not isinstance(result, SimulationResult):
        raise ValueError(f"result must be a SimulationResult, not {type(result).__name__}")
    figure = _figure(13, 4)
    wins_axes, scores_axes, length_axes = figure.subplots(1, 3)
    count = max(result.count, 1)
    if result.is_team_game:
        labels = ["+".join(map(str, team)) for team in result.team_wins]
        rates = [wins / count for wins in result.team_wins.values()]
        wins_axes.set_xlabel("team (seats)")
    else:
        labels = [
            f"{seat}: {result.agents[seat % len(result.agents)]}" if result.agents else str(seat)
            for seat in range(result.players)
        ]
        rates = [wins / count for wins in result.wins]
        wins_axes.set_xlabel("seat: agent")
    labels.append("draw")
    rates.append(result.draws / count)
    wins_axes.bar(labels, rates, color=[f"C{i}" for i in range(len(labels) - 1)] + ["grey"])
    wins_axes.set_ylim(0, 1)
    wins_axes.set_ylabel("share of games")
    wins_axes.set_title(f"{result.game}: win rates over {result.count} games")
    wins_axes.tick_params(axis="x", labelrotation=20)
    if not result.games:
        _empty(scores_axes, "final scores")
        _empty(length_axes, "decisions per game")
        return figure
    scores = [[game.scores[seat] for game in result.games] for seat in range(result.players)]
    scores_axes.boxplot(scores, tick_labels=[str(seat) for seat in range(result.players)])
    scores_axes.set_xlabel("seat")
    scores_axes.set_ylabel("final score")
    scores_axes.set_title("final scores")
    decisions = result.decisions
    length_axes.hist(decisions, bins=min(30, max(1, len(set(decisions)))), color="C0")
    length_axes.axvline(result.mean_decisions, color="black", linestyle="--", label="mean")
    length_axes.set_xlabel("decisions")
    length_axes.set_ylabel("games")
    length_axes.set_title("decisions per game")
    length_axes.legend()
    return figure


def plot_tournament(result: TournamentResult) -> Figure:
    """Two panels: each agent's Elo rating with its 95% interval, strongest first; each
    pairing's score rate (the first agent's) with its 95% Wilson interval."""
    if not isinstance(result, TournamentResult):
        raise ValueError(f"result must be a TournamentResult, not {type(result).__name__}")
    figure = _figure(12, max(3.0, 0.45 * max(len(result.ratings), len(result.pairings)) + 1.5))
    rating_axes, pairing_axes = figure.subplots(1, 2)
    ratings = sorted(result.ratings, key=lambda r: r.elo)
    rows = range(len(ratings))
    rating_axes.errorbar(
        [r.elo for r in ratings],
        rows,
        xerr=[[r.elo - r.low for r in ratings], [r.high - r.elo for r in ratings]],
        fmt="o",
        capsize=4,
    )
    rating_axes.set_yticks(list(rows), [r.agent for r in ratings])
    rating_axes.axvline(1500, color="grey", linestyle=":")
    rating_axes.set_xlabel("Elo (mean 1500), 95% interval")
    rating_axes.set_title(f"{result.game}: ratings over {len(result.games)} games")
    pairings = result.pairings
    rows = range(len(pairings))
    pairing_axes.errorbar(
        [p.rate for p in pairings],
        rows,
        xerr=[[p.rate - p.low for p in pairings], [p.high - p.rate for p in pairings]],
        fmt="s",
        capsize=4,
        color="C1",
    )
    pairing_axes.set_yticks(list(rows), [f"{p.first} v {p.second}" for p in pairings])
    pairing_axes.axvline(0.5, color="grey", linestyle=":")
    pairing_axes.set_xlim(0, 1)
    pairing_axes.set_xlabel("first agent's score rate, 95% interval")
    pairing_axes.set_title("pairings")
    return figure
