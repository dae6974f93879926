"""Round-robin tournaments: seat balance, repeatability, ratings and refusals."""

from __future__ import annotations

import json
import math
from collections import Counter
from pathlib import Path

import pytest

from tabletop.cli import main
from tabletop.core import Action, State
from tabletop.tournament import bradley_terry, tournament, wilson
from toy import GAME as TOY
from toy import Take


class Perfect:
    """Take-away played perfectly: leave the opponent a multiple of four stones when possible."""

    name = "perfect"

    def act(self, state: State) -> Action:
        pile = state.observation(state.current_player or 0)["pile"]
        move = Take(pile % 4 or 1)
        return move if move in state.legal_actions() else state.legal_actions()[0]


def test_seeded_tiny_tournament_repeats_and_balances_seats() -> None:
    first = tournament(TOY, ["random", "greedy", "ismcts:20"], games=4, seed=3, bootstrap=20)
    again = tournament(TOY, ["random", "greedy", "ismcts:20"], games=4, seed=3, bootstrap=20)
    assert first.to_json() == again.to_json()
    assert first.agents == ("random", "greedy", "ismcts:20")
    assert len(first.games) == 3 * 4 and [p.games for p in first.pairings] == [4, 4, 4]
    for pairing in first.pairings:
        assert pairing.first_wins + pairing.second_wins + pairing.draws == 4
        assert pairing.low <= pairing.rate <= pairing.high
    # Each agent of a pairing sits in each seat equally often; each deal is played both ways.
    for pair in ((0, 1), (0, 2), (1, 2)):
        games = [g for g in first.games if g.pairing == pair]
        assert Counter((seat, agent) for g in games for seat, agent in enumerate(g.seats)) == {
            (seat, agent): 2 for seat in range(2) for agent in pair
        }
        assert Counter(g.seed for g in games) == {3: 2, 4: 2}
    json.dumps(first.to_json())  # JSON-ready
    assert "ismcts:20" in first.table() and "95% interval" in first.table()


def test_team_games_give_each_agent_a_whole_team() -> None:
    result = tournament(
        TOY, ["random", "greedy"], games=2, players=4, options={"partners": True}, bootstrap=0
    )
    assert [g.seats for g in result.games] == [(0, 1, 0, 1), (1, 0, 1, 0)]
    assert all(g.score in (0.0, 1.0) for g in result.games)  # one team wins: never shared


def test_ratings_order_a_planted_strong_and_weak_pair() -> None:
    result = tournament(TOY, [Perfect(), "random"], games=20, seed=1, bootstrap=50)
    perfect, random_ = result.ratings
    assert perfect.agent == "perfect" and random_.agent == "random"
    assert perfect.elo > random_.elo + 200 and perfect.low > random_.high
    assert result.pairings[0].rate > 0.8
    assert math.isclose((perfect.elo + random_.elo) / 2, 1500)


def test_a_clean_sweep_has_a_rating_interval_of_some_width() -> None:
    """4-0 is not proof that one more game could not go the other way: the bootstrap redraws
    games from frequencies smoothed by the prior, so the interval is not a single point (a plain
    resample of a sweep is the sweep every time)."""
    result = tournament(TOY, [Perfect(), "random"], games=4, seed=1, bootstrap=200)
    perfect, random_ = result.ratings
    assert result.pairings[0].first_wins == 4
    assert perfect.high - perfect.low > 50 and perfect.stderr > 10
    assert perfect.low <= perfect.elo <= perfect.high and random_.low <= random_.elo <= random_.high


def test_bradley_terry_and_wilson_known_values() -> None:
    # 80-20 with the half-win prior: the odds 80.5/20.5 are 400 log10 of them apart on Elo.
    low, high = bradley_terry([[0, 80], [20, 0]])
    assert math.isclose(low - high, 400 * math.log10(80.5 / 20.5), rel_tol=1e-6)
    # Transitive: a beats b beats c gives a > b > c.
    a, b, c = bradley_terry([[0, 7, 9], [3, 0, 7], [1, 3, 0]])
    assert a > b > c
    lo, hi = wilson(8, 10)
    assert math.isclose(lo, 0.4902, abs_tol=1e-4) and math.isclose(hi, 0.9433, abs_tol=1e-4)
    assert wilson(0, 0) == (0.0, 1.0)


def test_workers_give_the_same_results() -> None:
    one = tournament("wonders_duel", ["random", "greedy"], games=4, seed=2, bootstrap=10)
    two = tournament("wonders_duel", ["random", "greedy"], games=4, seed=2, bootstrap=10, workers=2)
    assert one.to_json() == two.to_json()


@pytest.mark.parametrize(
    ("agents", "kwargs", "message"),
    [
        (["random", "ismcts:abc"], {}, "ismcts budget"),
        (["random", "ismcts:0"], {}, "ismcts budget"),
        (["random", "ismcts:-5"], {}, "ismcts budget"),
        (["random", "no_such_module_xyz:Bot"], {}, "cannot import module"),
        (["random", "tabletop.agents:NoSuchBot"], {}, "has no class"),
        (["random"], {}, "at least two agents"),
        (["random", "greedy"], {"games": 0}, "games"),
        (["random", "greedy"], {"workers": 0}, "workers"),
        (["random", object()], {}, "act"),
        (["random", "greedy"], {"players": 9}, "players"),
    ],
)
def test_refusals(agents: list[object], kwargs: dict[str, int], message: str) -> None:
    with pytest.raises(ValueError, match=message):
        tournament("wonders_duel", agents, **kwargs)  # type: ignore[arg-type]


def test_an_unregistered_game_refuses_workers() -> None:
    with pytest.raises(ValueError, match="registered"):
        tournament(TOY, ["random", "greedy"], games=2, workers=2)


def test_command_line(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "t.json"
    code = main(["tournament", "wonders_duel", "--agents", "random,greedy", "-n", "2", "--json", str(out)])
    assert code == 0
    printed = capsys.readouterr().out
    assert "random" in printed and "greedy" in printed and "elo" in printed
    data = json.loads(out.read_text())
    assert data["agents"] == ["random", "greedy"] and len(data["games"]) == 2
    assert main(["tournament", "wonders_duel", "--agents", "random,ismcts:0", "-n", "2"]) == 2
    assert "ismcts budget" in capsys.readouterr().err


def test_a_result_without_resamples_is_strict_json() -> None:
    """``bootstrap=0`` measures no standard error: NaN in the result, ``None`` in its JSON."""
    result = tournament(TOY, ["random", "greedy"], games=2, seed=1, bootstrap=0)
    assert all(math.isnan(r.stderr) for r in result.ratings)
    data = json.loads(json.dumps(result.to_json(), allow_nan=False))
    assert [r["stderr"] for r in data["ratings"]] == [None, None]
