"""Streaming simulated games to a JSON-lines file, resuming an interrupted run, progress display."""

from __future__ import annotations

import io
import json
import sys
import types
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import attrs
import pytest

import tabletop
from sim_support import toy_in_registry
from tabletop import cli, sim
from toy import GAME as TOY


@pytest.fixture
def toy_registered(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """Register the toy game next to the installed ones."""
    with toy_in_registry(monkeypatch):
        yield


def lines(path: Path) -> list[dict[str, Any]]:
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines()]


def test_out_streams_a_header_and_a_line_per_game(tmp_path: Path) -> None:
    path = tmp_path / "games.jsonl"
    result = tabletop.simulate(TOY, 12, players=3, seed=5, out=path, keep_records=True)
    header, *games = lines(path)
    assert header == {
        "format": "tabletop.simulate",
        "version": 1,
        "game": "toy",
        "players": 3,
        "agents": ["random"] * 3,
        "options": {"pile": 15, "partners": False, "turn_limit": None},
        "records": True,
    }
    assert sorted(game["seed"] for game in games) == list(range(5, 17))
    assert [sim._CONVERTER.structure(game, sim.GameSummary) for game in games] == result.games
    assert TOY.replay(games[0]["record"]).outcome is not None


def test_statistics_without_keeping_the_games(tmp_path: Path) -> None:
    options = {"pile": 10, "partners": True, "turn_limit": 5}
    kept = tabletop.simulate(TOY, 40, players=4, seed=2, options=options)
    lean = tabletop.simulate(TOY, 40, players=4, seed=2, options=options, keep_games=False)
    assert lean.games == [] and lean.count == 40
    assert lean.tally == kept.tally
    assert (lean.wins, lean.team_wins, lean.draws, lean.end_reasons) == (
        kept.wins,
        kept.team_wins,
        kept.draws,
        kept.end_reasons,
    )
    assert lean.summary().splitlines()[:-1] == kept.summary().splitlines()[:-1]  # all but the timing


def test_resume_plays_only_the_missing_games_after_a_cut_line(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = tmp_path / "games.jsonl"
    tabletop.simulate(TOY, 10, players=2, seed=3, out=path)
    text = path.read_text(encoding="utf-8")
    path.write_text(text[: len(text) - 20], encoding="utf-8")  # an interrupted write
    played: list[int] = []
    original = sim.play_one

    def counting(*args: Any, **kwargs: Any) -> sim.GameSummary:
        summary = original(*args, **kwargs)
        played.append(summary.seed)
        return summary

    with monkeypatch.context() as patch:
        patch.setattr(sim, "play_one", counting)
        resumed = tabletop.simulate(TOY, 15, players=2, seed=3, out=path, resume=True)
    assert played == [12, *range(13, 18)]  # the cut game (seed 12) again, then the new ones
    assert resumed.resumed == 9 and resumed.count == 15
    fresh = tabletop.simulate(TOY, 15, players=2, seed=3)
    assert resumed.games == fresh.games and resumed.tally == fresh.tally
    assert sorted(game["seed"] for game in lines(path)[1:]) == list(range(3, 18))
    assert "9 resumed from a file" in resumed.summary()


def test_resume_of_a_finished_run_plays_nothing_and_counts_only_the_seeds_asked(tmp_path: Path) -> None:
    path = tmp_path / "games.jsonl"
    tabletop.simulate(TOY, 10, seed=0, out=path)
    before = path.read_text(encoding="utf-8")
    again = tabletop.simulate(TOY, 4, seed=2, out=path, resume=True, keep_games=False)
    assert again.count == again.resumed == 4 and again.games == []
    assert again.tally == tabletop.simulate(TOY, 4, seed=2).tally
    assert path.read_text(encoding="utf-8") == before


def test_resume_without_a_file_starts_one(tmp_path: Path) -> None:
    path = tmp_path / "new.jsonl"
    result = tabletop.simulate(TOY, 3, out=path, resume=True)
    assert result.resumed == 0 and len(lines(path)) == 4


def test_out_without_resume_starts_the_file_afresh(tmp_path: Path) -> None:
    path = tmp_path / "games.jsonl"
    tabletop.simulate(TOY, 6, out=path)
    tabletop.simulate(TOY, 2, seed=50, out=path)
    assert [game["seed"] for game in lines(path)[1:]] == [50, 51]


@pytest.mark.parametrize(
    ("change", "field"),
    [
        ({"players": 3}, "players"),
        ({"agents": ["random", "greedy"]}, "agents"),
        ({"options": {"pile": 9}}, "options"),
        ({"keep_records": True}, "records"),
        ({"game": "sealed"}, "game"),
    ],
)
def test_resume_refuses_a_file_written_for_another_run(
    tmp_path: Path, change: dict[str, Any], field: str
) -> None:
    from toy import SEALED

    path = tmp_path / "games.jsonl"
    tabletop.simulate(TOY, 3, players=2, out=path)
    before = path.read_bytes()
    arguments: dict[str, Any] = {"players": 2, "out": path, "resume": True, **change}
    game = SEALED if arguments.pop("game", None) else TOY
    if game is SEALED:
        arguments["players"] = 3
    with pytest.raises(ValueError, match=f"was written with {field} "):
        tabletop.simulate(game, 5, **arguments)
    assert path.read_bytes() == before


def test_resume_refuses_a_file_that_is_not_a_stream_or_is_broken_inside(tmp_path: Path) -> None:
    other = tmp_path / "records.jsonl"
    for text in ('{"game": "toy"}\n', '{"game": "toy"}'):  # one line, with or without its newline
        other.write_text(text, encoding="utf-8")
        with pytest.raises(ValueError, match="is not a tabletop simulate output file"):
            tabletop.simulate(TOY, 2, out=other, resume=True)
        assert other.read_text(encoding="utf-8") == text
    path = tmp_path / "games.jsonl"
    tabletop.simulate(TOY, 4, out=path)
    header, first, *rest = path.read_text(encoding="utf-8").splitlines(keepends=True)
    damaged = json.loads(first)
    del damaged["turns"]
    path.write_text(header + json.dumps(damaged) + "\n" + "".join(rest), encoding="utf-8")
    with pytest.raises(ValueError, match=r"games.jsonl line 2: .*turns"):
        tabletop.simulate(TOY, 4, out=path, resume=True)


def test_a_cut_header_starts_the_file_afresh(tmp_path: Path) -> None:
    path = tmp_path / "games.jsonl"
    path.write_text('{"format": "tabletop.simu', encoding="utf-8")
    result = tabletop.simulate(TOY, 2, out=path, resume=True)
    assert result.resumed == 0 and lines(path)[0]["format"] == "tabletop.simulate"


def test_resume_needs_out() -> None:
    with pytest.raises(ValueError, match="resume reads the games already played from out"):
        tabletop.simulate(TOY, 2, resume=True)


def test_cli_streams_and_resumes(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], toy_registered: None
) -> None:
    path = tmp_path / "games.jsonl"
    assert cli.main(["simulate", "toy", "-n", "4", "--out", str(path), "--records"]) == 0
    assert "games streamed to" in capsys.readouterr().out
    assert cli.main(["simulate", "toy", "-n", "7", "--out", str(path), "--records", "--resume"]) == 0
    assert "toy: 7 games, 2 players (random, random); 4 resumed from a file" in capsys.readouterr().out
    assert all(game["record"] for game in lines(path)[1:]) and len(lines(path)) == 8
    assert cli.main(["simulate", "toy", "-n", "7", "--out", str(path), "--resume"]) == 2
    assert "was written with records True, not False" in capsys.readouterr().err
    assert cli.main(["simulate", "toy", "-n", "2", "--records"]) == 2
    assert "--records puts the records in the --out FILE lines" in capsys.readouterr().err


class FakeTerminal(io.StringIO):
    def isatty(self) -> bool:
        return True


def test_progress_bar_is_quiet_off_a_terminal() -> None:
    stream = io.StringIO()
    with sim.ProgressBar(stream) as progress:
        tabletop.simulate(TOY, 5, progress=progress)
    assert stream.getvalue() == ""


def test_progress_bar_without_tqdm_counts_on_a_terminal(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "tqdm", None)  # as if tabletop[progress] were not installed
    stream = FakeTerminal()
    with sim.ProgressBar(stream) as progress:
        tabletop.simulate(TOY, 5, progress=progress)
    assert stream.getvalue().endswith("\r5/5 games\n")


@attrs.define
class FakeBar:
    total: int
    n: int
    closed: bool = False

    def update(self, step: int) -> None:
        self.n += step

    def close(self) -> None:
        self.closed = True


def test_progress_bar_uses_tqdm_on_a_terminal(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    bars: list[FakeBar] = []

    def tqdm(total: int, initial: int, unit: str, file: Any) -> FakeBar:
        bars.append(FakeBar(total, initial))
        return bars[-1]

    monkeypatch.setitem(sys.modules, "tqdm", types.SimpleNamespace(tqdm=tqdm))
    path = tmp_path / "games.jsonl"
    tabletop.simulate(TOY, 3, out=path)
    with sim.ProgressBar(FakeTerminal()) as progress:
        tabletop.simulate(TOY, 8, out=path, resume=True, progress=progress)
    assert bars == [FakeBar(total=8, n=8, closed=True)]  # started at the 3 resumed games


def test_progress_bar_with_the_real_tqdm() -> None:
    pytest.importorskip("tqdm", reason="tqdm comes with the progress extra")
    stream = FakeTerminal()
    with sim.ProgressBar(stream) as progress:
        tabletop.simulate(TOY, 6, progress=progress)
    assert "6/6" in stream.getvalue()
