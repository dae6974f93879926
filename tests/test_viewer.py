"""The replay page: what it holds (every position's picture, the captions a viewer may read,
the result), how its pictures are packed, and ``tabletop replay --html``."""

from __future__ import annotations

import json
import random
import re
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

import tabletop
from tabletop.cli import main
from tabletop.viewer import _decode_pictures, _edits, _encode_pictures


def _played(name: str, players: int, seed: int, actions: int | None = None) -> Any:
    game = tabletop.load(name)
    state = game.new_game(players=players, seed=seed)
    rng = random.Random(seed)
    while not state.is_terminal and (actions is None or len(state.history) < actions):
        state.apply(rng.choice(state.legal_actions()))
    return state


def _payload(page: str) -> dict[str, Any]:
    match = re.search(r'<script type="application/json" id="data">(.*?)</script>', page, re.S)
    assert match is not None
    data: dict[str, Any] = json.loads(match.group(1))
    return data


@pytest.mark.parametrize("seat", [None, 1])
def test_the_page_holds_every_position_as_the_seat_sees_it_and_the_result(seat: int | None) -> None:
    state = _played("splendor_duel", 2, seed=5)
    record = state.record()
    page = state.game.replay_html(record, seat=seat)
    data = _payload(page)
    pictures = _decode_pictures(data)
    assert len(pictures) == len(data["captions"]) == len(state.history) + 1
    for number in (0, 7, len(state.history)):
        before = state.game.replay({**record, "actions": record["actions"][:number]})
        assert pictures[number] == before.svg(seat)
    assert data["captions"][0] == "the start"
    assert data["captions"][3].endswith(str(state.history[2]))  # Splendor Duel hides no action
    outcome = state.outcome
    assert f"Game over ({outcome.reason})" in page
    for score in outcome.scores:
        assert f"<td>{score}</td>" in page
    # Self-contained: nothing is fetched (the only URL is the SVG namespace).
    assert set(re.findall(r"https?://[^\s\"'\\]+", page)) <= {"http://www.w3.org/2000/svg"}
    assert "src=" not in page and "<link" not in page


def test_a_long_game_stays_small_and_a_stopped_record_says_so() -> None:
    state = _played("wonders_duel", 2, seed=2)
    page = state.game.replay_html(state.record())
    raw = sum(len(p) for p in _decode_pictures(_payload(page)))
    assert len(page) < raw / 5  # each element is stored once, each position as its edits
    short = _played("wonders_duel", 2, seed=2, actions=5)
    assert "The record stops before the end" in short.game.replay_html(short.record())


def test_simultaneous_choices_of_other_seats_are_not_named() -> None:
    state = _played("seven_wonders", 3, seed=1, actions=6)
    record = state.record()
    for seat in (None, 0):
        captions = _payload(state.game.replay_html(record, seat=seat))["captions"][1:]
        for number, caption in enumerate(captions):
            before = state.game.replay({**record, "actions": record["actions"][:number]})
            action = state.history[number]
            if before.current_player == seat:
                assert caption == f"seat {seat}: {action}"
            elif len(before.acting_seats()) > 1:  # a face-down choice while others still choose
                assert caption.endswith("(hidden from this view)")
                assert str(action) not in caption
            elif action.kind != "build":  # the last choice of a turn: a build shows when revealed,
                assert str(action) not in caption  # a discard or a tucked card never does


@pytest.mark.parametrize("seat", [True, 2, -1, "0"])
def test_a_bad_seat_is_refused(seat: Any) -> None:
    state = _played("splendor_duel", 2, seed=5, actions=3)
    with pytest.raises(ValueError, match="seat"):
        state.game.replay_html(state.record(), seat=seat)


@given(st.lists(st.lists(st.integers(0, 5), max_size=12), min_size=1, max_size=6))
def test_edits_turn_each_list_into_the_next(lists: list[list[int]]) -> None:
    previous: list[int] = []
    for ids in lists:
        rebuilt = list(previous)
        for start, end, new in reversed(_edits(previous, ids)):
            rebuilt[start:end] = new
        assert rebuilt == ids
        previous = ids


def test_pictures_round_trip_through_their_encoding() -> None:
    pictures = ['<svg a="1"><text>x &lt; y</text></svg>', "<svg a='1'><text>y</text><g/></svg>", "<svg/>"]
    assert _decode_pictures(_encode_pictures(pictures)) == pictures


def test_the_command_writes_the_page(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    state = _played("splendor_duel", 2, seed=5, actions=10)
    records = tmp_path / "games.jsonl"
    records.write_text(json.dumps(state.record()) + "\n", encoding="utf-8")
    out = tmp_path / "replay.html"
    assert main(["replay", str(records), "--html", str(out), "--seat", "0"]) == 0
    assert out.read_text(encoding="utf-8") == state.game.replay_html(state.record(), seat=0)
    assert "10 actions" in capsys.readouterr().out
    records.write_text(json.dumps([state.record(), state.record()]), encoding="utf-8")
    capsys.readouterr()
    assert main(["replay", str(records), "--html", str(out)]) == 2
    assert "--html needs --index N" in capsys.readouterr().err
    assert main(["replay", str(records), "--html", str(out), "--index", "1"]) == 0
