"""JSON nested deeper than Python's parser goes, and agent specs naming what is no agent class,
at every door that reads text: the command line's record files and ``-o`` values, a simulate
stream being resumed, a bench baseline, an agent spec's argument. Each is refused with a
``ValueError`` (one line and exit status 2 on the command line), never a ``RecursionError``,
``TypeError`` or another error escaping with a traceback.

Found by the session-13 hostile-input hunt: before, ``json.loads`` raised ``RecursionError`` past
every one of these doors, ``module:Class`` with a relative module name (``..:x``) raised
importlib's ``TypeError``, and a class refusing its argument with an error that is no
``ValueError`` (``decimal.Decimal("abc")``) escaped as that error."""

from __future__ import annotations

import contextlib
import io
import json
from pathlib import Path

import pytest

import tabletop
from tabletop import cli
from tabletop.agents import make_agent
from tabletop.bench import read_baseline

#: Deeper than the JSON parser's recursion allows (the default limit is 1,000 frames).
DEEP = "[" * 5_000 + "]" * 5_000
GAME = "splendor_duel"


def run(argv: list[str]) -> tuple[int, str]:
    """``tabletop argv``: its exit status and what it wrote to stderr."""
    err = io.StringIO()
    with contextlib.redirect_stderr(err), contextlib.redirect_stdout(io.StringIO()):
        status = cli.main(argv)
    return status, err.getvalue()


@pytest.mark.parametrize(
    "text", [DEEP, json.dumps({"game": GAME, "players": 2}) + "\n" + DEEP], ids=["one", "lines"]
)
def test_cli_replay_of_json_nested_too_deep_is_a_one_line_error(text: str, tmp_path: Path) -> None:
    path = tmp_path / "record.json"
    path.write_text(text, encoding="utf-8")
    status, err = run(["replay", str(path)])
    assert status == 2
    assert err.count("\n") == 1 and "nested too deep" in err


@pytest.mark.parametrize("command", [["simulate", "seven_wonders", "-n", "1"], ["play", GAME]])
def test_cli_option_value_nested_too_deep_is_a_one_line_error(command: list[str]) -> None:
    status, err = run([*command, "-o", f"boards={DEEP}"])
    assert status == 2
    assert err.count("\n") == 1 and "option boards: the value is nested too deep" in err


def test_resume_of_a_stream_with_a_line_nested_too_deep_is_refused_by_line(tmp_path: Path) -> None:
    path = tmp_path / "games.jsonl"
    tabletop.simulate(GAME, 2, out=path)
    header, _, second = path.read_text(encoding="utf-8").splitlines(keepends=True)
    text = header + DEEP + "\n" + second
    path.write_text(text, encoding="utf-8")
    with pytest.raises(ValueError, match=r"games\.jsonl line 2: maximum recursion depth"):
        tabletop.simulate(GAME, 2, out=path, resume=True)
    assert path.read_text(encoding="utf-8") == text
    path.write_text(DEEP + "\n", encoding="utf-8")  # in place of the header: no stream file
    with pytest.raises(ValueError, match="is not a tabletop simulate output file"):
        tabletop.simulate(GAME, 2, out=path, resume=True)


def test_a_last_line_nested_too_deep_is_a_cut_line_played_again(tmp_path: Path) -> None:
    path = tmp_path / "games.jsonl"
    tabletop.simulate(GAME, 2, out=path)
    header, first, _ = path.read_text(encoding="utf-8").splitlines(keepends=True)
    path.write_text(header + first + DEEP + "\n", encoding="utf-8")
    assert tabletop.simulate(GAME, 2, out=path, resume=True).count == 2


def test_a_bench_baseline_nested_too_deep_is_refused_naming_the_file(tmp_path: Path) -> None:
    path = tmp_path / "baseline.json"
    path.write_text(DEEP, encoding="utf-8")
    with pytest.raises(ValueError, match=r"baseline\.json is not a tabletop bench baseline"):
        read_baseline(path)


@pytest.mark.parametrize(
    ("spec", "words"),
    [
        (f"tabletop.agents:ISMCTSAgent:{DEEP}", "its argument is nested too deep to read"),
        ("..:x", "cannot import module '..'"),
        (".agents:RandomAgent", "cannot import module '.agents'"),
        ('decimal:Decimal:"abc"', r"Decimal\('abc'\) failed"),
    ],
    ids=lambda value: value[:40],
)
def test_an_agent_spec_that_names_no_agent_is_a_value_error(spec: str, words: str) -> None:
    with pytest.raises(ValueError, match=words):
        make_agent(spec, seed=1)


def test_cli_simulate_with_a_spec_whose_class_refuses_its_argument_exits_2() -> None:
    status, err = run(["simulate", GAME, "-n", "1", "--bots", "decimal:Decimal:abc"])
    assert status == 2
    assert err.count("\n") == 1 and "Decimal('abc') failed" in err
