"""Agents, the simulator and the command line, on the toy game registered for the test."""

from __future__ import annotations

import io
import math
from collections.abc import Iterator
from pathlib import Path

import pytest

import tabletop
from sim_support import toy_in_registry
from tabletop import cli
from tabletop.agents import GreedyAgent, RandomAgent, make_agent
from tabletop.core import Outcome
from toy import GAME as TOY
from toy import SEALED, Take


@pytest.fixture
def toy_registered(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """Register the toy game next to the installed ones."""
    with toy_in_registry(monkeypatch):
        yield


def test_random_agent_is_seeded() -> None:
    a, b = RandomAgent(5), RandomAgent(5)
    state = TOY.new_game(players=2, seed=1)
    assert [a.act(state) for _ in range(10)] == [b.act(state) for _ in range(10)]


def test_greedy_agent_takes_a_winning_move() -> None:
    state = TOY.new_game(players=2, seed=1, pile=2)
    assert GreedyAgent(0).act(state) == Take(2)


def test_greedy_agent_takes_the_move_that_scores() -> None:
    # Taking exactly 3 draws a bonus card worth at least 1 point; 1 or 2 score nothing.
    state = TOY.new_game(players=2, seed=1, pile=10)
    assert GreedyAgent(0).act(state) == Take(3)


def test_greedy_agent_counts_an_allys_points_as_its_own() -> None:
    state = TOY.new_game(players=4, seed=1, partners=True)
    state.points[2].add("bonus", 5)  # seat 0's partner
    state.points[1].add("bonus", 3)
    state.points[3].add("bonus", 1)
    assert GreedyAgent.value(state, 0) == 5 - (3 + 1)
    assert GreedyAgent.value(state, 1) == (3 + 1) - 5
    alone = TOY.new_game(players=4, seed=1)
    alone.points[2].add("bonus", 5)
    alone.points[1].add("bonus", 3)
    assert GreedyAgent.value(alone, 0) == 0 - 5  # every other seat is an opponent


def test_greedy_agent_values_a_team_win_a_loss_and_a_draw() -> None:
    state = TOY.new_game(players=4, seed=1, pile=2, partners=True)
    state.apply(Take(2))  # seat 0 takes the last stones: seats 0 and 2 win
    assert [GreedyAgent.value(state, seat) for seat in range(4)] == [math.inf, -math.inf] * 2
    state.outcome = Outcome((), (0, 0, 0, 0), "turn_limit")
    assert [GreedyAgent.value(state, seat) for seat in range(4)] == [0.0] * 4
    shared = SEALED.new_game(players=3, seed=1)
    shared.outcome = Outcome((0, 1), (3, 3, 1), "points")
    assert [GreedyAgent.value(shared, seat) for seat in range(3)] == [0.0, 0.0, -math.inf]


def test_greedy_agent_takes_a_move_that_wins_for_its_team() -> None:
    state = TOY.new_game(players=4, seed=1, pile=6, partners=True)
    state.apply(Take(1))
    state.apply(Take(1))
    state.apply(Take(2))  # seat 2 leaves 2 stones to seat 3
    assert GreedyAgent(0).act(state) == Take(2)


def test_greedy_agent_does_not_peek_at_hidden_cards() -> None:
    state = TOY.new_game(players=2, seed=1, pile=10)
    before = state.to_dict()
    GreedyAgent(0).act(state)
    assert state.to_dict() == before


def test_unknown_agent_names_the_known_ones() -> None:
    with pytest.raises(ValueError, match="unknown agent 'smart'; known agents: random, greedy"):
        make_agent("smart")


def test_simulate_counts_every_game_and_is_reproducible() -> None:
    first = tabletop.simulate(TOY, 30, players=3, seed=4)
    again = tabletop.simulate(TOY, 30, players=3, seed=4)
    assert len(first.games) == 30 and sum(first.wins) == 30
    assert first.end_reasons == {"last_stone": 30}
    assert [g.winners for g in first.games] == [g.winners for g in again.games]
    assert all(g.decisions >= 5 for g in first.games)  # 15 stones, at most 3 at a time
    assert "30 games, 3 players" in first.summary()


def test_simulate_counts_team_wins_and_draws() -> None:
    result = tabletop.simulate(
        TOY, 40, players=4, seed=2, options={"pile": 10, "partners": True, "turn_limit": 5}
    )
    assert result.is_team_game and set(result.team_wins) == {(0, 2), (1, 3)}
    assert 0 < result.draws < 40 and result.shared == 0
    assert sum(result.team_wins.values()) + result.draws == 40
    assert result.wins == [result.team_wins[(0, 2)], result.team_wins[(1, 3)]] * 2
    assert result.end_reasons["turn_limit"] == result.draws
    summary = result.summary()
    assert f"draws: {result.draws}; shared victories: 0" in summary
    assert f"0+2 {result.team_wins[(0, 2)]:>7}" in summary


def test_simulate_counts_shared_victories_seat_by_seat_without_teams() -> None:
    result = tabletop.simulate(SEALED, 60, players=3, seed=1)
    assert not result.is_team_game and result.team_wins == {
        (0,): result.wins[0],
        (1,): result.wins[1],
        (2,): result.wins[2],
    }
    shared = [g for g in result.games if len(g.winners) > 1]
    assert result.shared == len(shared) > 0
    assert result.draws == sum(g.reason == "nobody_scored" for g in result.games)
    assert sum(result.wins) == sum(len(g.winners) for g in result.games)
    assert "team" not in result.summary()


def test_simulate_in_worker_processes_matches_serial(toy_registered: None) -> None:
    serial = tabletop.simulate("toy", 40, players=2, agents=["random", "greedy"], seed=9)
    parallel = tabletop.simulate(
        "toy", 40, players=2, agents=["random", "greedy"], seed=9, workers=2, keep_records=True
    )
    assert [g.winners for g in parallel.games] == [g.winners for g in serial.games]
    assert len(parallel.records) == 40
    assert TOY.replay(parallel.records[0]).outcome is not None


def test_simulate_refuses_bad_arguments() -> None:
    with pytest.raises(ValueError, match="give one agent or 2 agents"):
        tabletop.simulate(TOY, 1, players=2, agents=["random"] * 3)
    with pytest.raises(ValueError, match="workers must be a positive int"):
        tabletop.simulate(TOY, 1, workers=0)
    with pytest.raises(ValueError, match="toy has no option speed"):
        tabletop.simulate(TOY, 1, options={"speed": 2})


def test_cli_parse_options() -> None:
    assert cli.parse_options(["module=orient", "n=3", "x=none", "flag=true"]) == {
        "module": "orient",
        "n": 3,
        "x": None,
        "flag": True,
    }
    with pytest.raises(ValueError, match="NAME=VALUE"):
        cli.parse_options(["module"])


def test_cli_list_shows_installed_games(capsys: pytest.CaptureFixture[str], toy_registered: None) -> None:
    assert cli.main(["list"]) == 0
    out = capsys.readouterr().out
    assert "toy" in out and "Toy take-away (2-4 players)" in out and "pile=15" in out


def test_cli_simulate_saves_records_that_replay(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], toy_registered: None
) -> None:
    path = tmp_path / "games.jsonl"
    assert cli.main(["simulate", "toy", "-n", "5", "--players", "3", "--save", str(path)]) == 0
    out = capsys.readouterr().out
    assert "toy: 5 games, 3 players" in out
    lines = path.read_text().splitlines()
    assert len(lines) == 5
    assert cli.main(["replay", str(path), "--quiet"]) == 0
    assert capsys.readouterr().out.count("Game over") == 5


def test_cli_replays_a_stream_written_with_records(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], toy_registered: None
) -> None:
    """``simulate --out FILE --records`` streams a header, then a line per game holding its
    record: ``replay`` reads those records; a stream without them is refused by name."""
    path = tmp_path / "stream.jsonl"
    assert cli.main(["simulate", "toy", "-n", "4", "--out", str(path), "--records"]) == 0
    capsys.readouterr()
    assert cli.main(["replay", str(path), "--quiet"]) == 0
    assert capsys.readouterr().out.count("Game over") == 4
    bare = tmp_path / "bare.jsonl"
    assert cli.main(["simulate", "toy", "-n", "2", "--out", str(bare)]) == 0
    capsys.readouterr()
    assert cli.main(["replay", str(bare)]) == 2
    assert "streamed without --records" in capsys.readouterr().err


def test_cli_replay_reports_a_bad_file(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "bad.json"
    path.write_text("{not json")
    assert cli.main(["replay", str(path)]) == 2
    assert "neither a JSON record nor JSON lines" in capsys.readouterr().err


def test_cli_unknown_game_is_one_clear_line(capsys: pytest.CaptureFixture[str]) -> None:
    assert cli.main(["simulate", "chess", "-n", "1"]) == 2
    err = capsys.readouterr().err
    assert err.startswith("tabletop: error: unknown game 'chess'; known games:")


def test_cli_play_takes_numbers_and_explains_bad_choices(
    capsys: pytest.CaptureFixture[str], toy_registered: None
) -> None:
    # Seat 0 is the person; 9 is off the list, "x" is no action's text, then 3 and so on.
    answers = io.StringIO("9\nx\n3\n3\n3\n3\n3\n3\n")
    args = cli.build_parser().parse_args(["play", "toy", "--seed", "1", "--bots", "random"])
    assert cli.cmd_play(args, stdin=answers) == 0
    out = capsys.readouterr().out
    assert "9 is not on the list: type 1 to 3" in out
    assert "'x' is not an action of toy" in out
    assert "Game over" in out or "game abandoned" in out


def test_cli_bench_prints_a_row_per_configuration(
    capsys: pytest.CaptureFixture[str], toy_registered: None
) -> None:
    assert cli.main(["bench", "toy", "--seconds", "0.05", "--no-save", "--no-cold"]) == 0
    rows = [line.split() for line in capsys.readouterr().out.splitlines() if line.startswith("toy")]
    # Fewest and most players; at 4 seats once alone and once as partners (a choice option).
    assert [row[1] for row in rows] == ["2", "4", "4"]
    for row in rows:  # games/s, decisions/s and clones/s are positive numbers
        assert all(float(value.replace(",", "")) > 0 for value in row[3:6])
