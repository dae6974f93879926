"""Bad input to ``simulate`` and ``tabletop simulate`` (issue 9's standard for this session's API):
every argument a caller could get wrong is refused up front with a ``ValueError`` naming it,
before any game is played or any file written; a tampered stream file is refused by line."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

import tabletop
from tabletop import cli
from tabletop.sim import ProgressBar

GAME = "splendor_duel"

BAD_ARGUMENTS: list[tuple[str, object, str]] = [
    ("game", 3, "game must be a game's name or a Game"),
    ("game", None, "game must be a game's name or a Game"),
    ("game", "chess", "unknown game 'chess'"),
    ("n", -1, "n must be a non-negative int"),
    ("n", 2.0, "n must be a non-negative int"),
    ("n", True, "n must be a non-negative int"),
    ("n", "3", "n must be a non-negative int"),
    ("seed", 2.0, "seed must be an int"),
    ("seed", None, "seed must be an int"),
    ("players", True, "players must be an int"),
    ("players", 9, "played by 2 players, not 9"),
    ("agents", 3, "agents must be an agent's name or a list of names"),
    ("agents", None, "agents must be an agent's name or a list of names"),
    ("agents", ["random", 3], "agents must be an agent's name or a list of names"),
    ("agents", ["random"], "give one agent or 2 agents"),
    ("workers", 0, "workers must be a positive int"),
    ("workers", -1, "workers must be a positive int"),
    ("workers", 2.0, "workers must be a positive int"),
    ("workers", True, "workers must be a positive int"),
    ("backend", "threads", "unknown backend 'threads'"),
    ("backend", 3, "unknown backend 3"),
    ("options", 3, "options must be a mapping"),
    ("options", [("first_player", 0)], "options must be a mapping"),
    ("options", {1: 2}, "has no option 1; valid options: first_player"),
    ("options", {"first_player": 0.0}, "first_player=0.0 is not valid"),
    ("keep_records", 1, "keep_records must be True or False"),
    ("keep_games", None, "keep_games must be True or False"),
    ("resume", "yes", "resume must be True or False"),
    ("progress", 3, "progress must be a function"),
    ("address", 3, "address names a Ray cluster: give it with backend 'ray'"),
    ("out", 3, "out must be a file's path"),
]


@pytest.mark.parametrize(("argument", "value", "words"), BAD_ARGUMENTS, ids=lambda v: repr(v)[:30])
def test_a_bad_argument_is_refused_by_name_before_any_game_is_played(
    argument: str, value: object, words: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    kwargs: dict[str, Any] = {"game": GAME, "n": 2, argument: value}
    with pytest.raises(ValueError, match=words.replace("(", r"\(")):
        tabletop.simulate(**kwargs)
    assert list(tmp_path.iterdir()) == []


def test_an_address_that_is_no_str_is_refused_before_ray_is_imported() -> None:
    with pytest.raises(ValueError, match="address must be a str"):
        tabletop.simulate(GAME, 1, backend="ray", address=3)  # type: ignore[arg-type]


def test_out_at_a_directory_or_in_a_missing_one_is_refused_naming_it(tmp_path: Path) -> None:
    """Before: IsADirectoryError / FileNotFoundError from open(), after the run had begun."""
    with pytest.raises(ValueError, match="is a directory: give the path of a file"):
        tabletop.simulate(GAME, 1, out=tmp_path)
    with pytest.raises(ValueError, match="there is no directory"):
        tabletop.simulate(GAME, 1, out=tmp_path / "missing" / "games.jsonl")
    with pytest.raises(ValueError, match="is a directory"):
        tabletop.simulate(GAME, 1, out="")
    assert list(tmp_path.iterdir()) == []


def test_no_games_is_an_empty_result_and_a_header_only_file(tmp_path: Path) -> None:
    path = tmp_path / "games.jsonl"
    result = tabletop.simulate(GAME, 0, out=path)
    assert result.count == 0 and result.games == [] and result.tally.wins == [0, 0]
    assert "draws: 0" in result.summary()  # no division by the zero games
    assert [json.loads(line)["format"] for line in path.read_text().splitlines()] == ["tabletop.simulate"]
    again = tabletop.simulate(GAME, 0, out=path, resume=True)
    assert again.count == 0


def stream(tmp_path: Path, count: int = 3) -> tuple[Path, str, list[dict[str, Any]]]:
    path = tmp_path / "games.jsonl"
    tabletop.simulate(GAME, count, out=path)
    header, *games = path.read_text(encoding="utf-8").splitlines(keepends=True)
    return path, header, [json.loads(line) for line in games]


@pytest.mark.parametrize(
    ("field", "value", "words"),
    [
        ("winners", [7], "winners \\[7\\] are not distinct seats 0 to 1"),
        ("winners", [0, 0], "winners \\[0, 0\\] are not distinct seats"),
        ("winners", [-1], "are not distinct seats"),
        ("scores", [1], "scores has 1 entries for 2 players"),
        ("teams", [[0], [5]], "do not split the seats 0 to 1"),
        ("teams", [[0]], "do not split the seats"),
        ("decisions", -3, "no negative counts"),
        ("seed", "x", "seed"),
        ("winners", "01", "winners"),
    ],
    ids=repr,
)
def test_resume_refuses_a_tampered_game_line_naming_the_line(
    field: str, value: object, words: str, tmp_path: Path
) -> None:
    """Before: a winner out of range raised IndexError from the tally."""
    path, header, games = stream(tmp_path)
    games[0][field] = value
    text = header + "".join(json.dumps(game) + "\n" for game in games)
    path.write_text(text, encoding="utf-8")
    with pytest.raises(ValueError, match=f"games.jsonl line 2: .*{words}"):
        tabletop.simulate(GAME, 3, out=path, resume=True)
    assert path.read_text(encoding="utf-8") == text


@pytest.mark.parametrize(
    "content", [b"", b"\xff\xfe\x00\n", b"garbage\n{}\n", b"[]\n", b"null\n{}"], ids=repr
)
def test_resume_on_a_file_that_is_no_stream_refuses_or_starts_afresh(content: bytes, tmp_path: Path) -> None:
    path = tmp_path / "games.jsonl"
    path.write_bytes(content)
    if content == b"":  # an empty file is a run that had not begun
        assert tabletop.simulate(GAME, 2, out=path, resume=True).count == 2
        return
    with pytest.raises(ValueError, match="is not a tabletop simulate output file"):
        tabletop.simulate(GAME, 2, out=path, resume=True)
    assert path.read_bytes() == content


def test_resume_on_another_games_file_names_the_difference(tmp_path: Path) -> None:
    path = tmp_path / "games.jsonl"
    tabletop.simulate("wonders_duel", 1, out=path)
    before = path.read_bytes()
    with pytest.raises(ValueError, match="was written with game 'wonders_duel', not 'splendor_duel'"):
        tabletop.simulate(GAME, 1, out=path, resume=True)
    assert path.read_bytes() == before


@pytest.mark.parametrize(
    ("argv", "words"),
    [
        (["-n", "1", "--out", "."], "is a directory"),
        (["-n", "1", "--workers", "0"], "workers must be a positive int"),
        (["-n", "1", "--backend", "serial", "--workers", "2"], "workers must be 1"),
        (["-n", "-1"], "n must be a non-negative int"),
        (["-n", "1", "--resume"], "resume reads the games already played from out"),
        (["-n", "1", "--option", "first_player=2"], "first_player=2 is not valid"),
        (["-n", "1", "--option", "1=2"], "has no option 1"),
    ],
)
def test_cli_simulate_reports_bad_input_in_one_line(
    argv: list[str], words: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert cli.main(["simulate", GAME, *argv]) == 2
    err = capsys.readouterr().err
    assert err.startswith("tabletop: error: ") and words in err and err.count("\n") == 1, err


@pytest.mark.parametrize(
    ("stream", "unit"), [(3, "game"), ("stderr", "game"), (None, 3), (None, None)], ids=repr
)
def test_a_progress_bar_on_no_stream_or_with_no_unit_name_is_refused(stream: object, unit: object) -> None:
    """Before: ProgressBar(3) raised AttributeError (no isatty)."""
    with pytest.raises(ValueError, match=r"stream must be a text stream|unit must be a str"):
        ProgressBar(stream, unit)  # type: ignore[arg-type]


def test_a_huge_n_holds_no_byte_per_game_unless_resuming(tmp_path: Path) -> None:
    """Before: simulate(n=10**9) allocated a gigabyte of resume flags before its first game, and
    n=10**20 raised OverflowError."""
    import tracemalloc

    def stop(done: int, total: int) -> None:
        raise KeyboardInterrupt

    tracemalloc.start()
    try:
        with pytest.raises(KeyboardInterrupt):
            tabletop.simulate(GAME, 10**9, progress=stop)
        assert tracemalloc.get_traced_memory()[1] < 100_000_000
    finally:
        tracemalloc.stop()
    with pytest.raises(ValueError, match="more games than a resumed run can track"):
        tabletop.simulate(GAME, 10**20, out=tmp_path / "games.jsonl", resume=True)
    assert list(tmp_path.iterdir()) == []
