"""Plots of simulation and tournament results: what each panel shows, drawn with Agg."""

from __future__ import annotations

import io

import pytest

import tabletop
from tabletop.plots import plot_tournament
from tabletop.tournament import tournament

matplotlib = pytest.importorskip("matplotlib", reason="plots need the plot extra (matplotlib)")
matplotlib.use("Agg")
from matplotlib.patches import Rectangle  # noqa: E402  (after the skip: matplotlib is optional)


def _png(figure: object) -> bytes:
    buffer = io.BytesIO()
    figure.savefig(buffer, format="png")  # type: ignore[attr-defined]
    return buffer.getvalue()


def test_a_simulation_plots_win_rates_scores_and_lengths() -> None:
    result = tabletop.simulate("splendor_duel", 12, agents=["random", "greedy"], seed=3)
    figure = result.plot()
    wins, scores, lengths = figure.axes
    heights = [bar.get_height() for bar in wins.patches if isinstance(bar, Rectangle)]
    assert heights == pytest.approx([w / 12 for w in result.wins] + [result.draws / 12])
    assert [t.get_text() for t in wins.get_xticklabels()] == ["0: random", "1: greedy", "draw"]
    assert [t.get_text() for t in scores.get_xticklabels()] == ["0", "1"]
    assert (
        sum(bar.get_height() for bar in lengths.patches if isinstance(bar, Rectangle)) == 12
    )  # every game in the histogram
    assert _png(figure).startswith(b"\x89PNG")
    assert figure._repr_png_().startswith(b"\x89PNG")  # type: ignore[attr-defined]  # a notebook shows it


def test_a_team_game_plots_its_teams_and_a_run_without_games_only_wins() -> None:
    result = tabletop.simulate(
        "dozen_war", 2, players=4, seed=1, options={"mode": "alliance"}, keep_games=False
    )
    figure = result.plot()
    wins = figure.axes[0]
    assert [t.get_text() for t in wins.get_xticklabels()][:-1] == [
        "+".join(map(str, team)) for team in result.team_wins
    ]
    assert not figure.axes[1].axison  # no games kept: the panel says so instead
    _png(figure)


def test_a_tournament_plots_ratings_and_pairings() -> None:
    result = tournament("splendor_duel", ["random", "greedy"], games=4, seed=2, bootstrap=20)
    figure = plot_tournament(result)
    ratings, pairings = figure.axes
    strongest = max(result.ratings, key=lambda r: r.elo).agent
    assert [t.get_text() for t in ratings.get_yticklabels()][-1] == strongest
    assert [t.get_text() for t in pairings.get_yticklabels()] == [
        f"{p.first} v {p.second}" for p in result.pairings
    ]
    _png(figure)
