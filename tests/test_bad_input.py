"""Issue 9's repros at kernel and command-line level, for every registered game.

Each test states one thing a caller can rely on (README, "What a caller can rely on") and runs
against every game installed, so a game that lands later is held to it the day it registers.
The per-game repros (each game's refusals and impossible positions) live in the games' tests.
"""

from __future__ import annotations

import copy
import json
import random
from pathlib import Path
from typing import Any

import pytest

import tabletop
from tabletop import IllegalAction, cli
from tabletop.core import Action, Game, State
from tabletop.core.actions import field_names
from tabletop.core.game import SAVE_FORMAT

NAMES = tabletop.game_names()
PYTHON_WORDS = ("unhashable type", "not supported between", "is not iterable", "KeyError", "has no attribute")


def json_copy(data: Any) -> Any:
    return json.loads(json.dumps(data))


def midgame(name: str, steps: int = 12, seed: int = 5) -> State:
    game = tabletop.load(name)
    state: State = game.new_game(seed=seed)
    rng = random.Random(seed)
    for _ in range(steps):
        if state.is_terminal:
            break
        state.apply(rng.choice(state.legal_actions()))
    return state


def with_field(action: Action, field: str, value: Any) -> Action:
    """A copy of ``action`` with ``field`` set to ``value``, bypassing its constructor."""
    changed = copy.copy(action)
    object.__setattr__(changed, field, value)
    return changed


def refused(state: State, action: object, *words: str) -> str:
    """``apply`` raises IllegalAction whose message has ``words`` and no Python internals; the
    state is unchanged. Returns the message."""
    before = state.to_dict()
    with pytest.raises(IllegalAction) as error:
        state.apply(action)  # type: ignore[arg-type]
    text = str(error.value)
    for word in words:
        assert word in text, text
    assert not any(word in text for word in PYTHON_WORDS), text
    assert state.to_dict() == before
    return text


def int_fields(state: State) -> list[tuple[Action, str]]:
    """Legal actions with a field holding an int (or a tuple of ints), and that field."""
    found = []
    for action in state.legal_actions():
        for field in field_names(type(action)):
            value = getattr(action, field)
            if type(value) is int or (type(value) is tuple and value and type(value[0]) is int):
                found.append((action, field))
    return found


# ---------------------------------------------------------------------- 1. exact action types


def float_twin(value: Any) -> Any:
    return float(value) if type(value) is int else (float(value[0]), *value[1:])


@pytest.mark.parametrize("name", NAMES)
def test_an_action_equal_to_a_legal_one_but_of_another_type_is_refused_by_field(name: str) -> None:
    """Repro 1: ``2.0 == 2`` and ``True == 1``, yet a float or a bool is never taken for an int."""
    checked = 0
    for steps in (0, 3, 8, 20):
        state = midgame(name, steps)
        for action, field in int_fields(state)[:4]:
            value = getattr(action, field)
            refused(state, with_field(action, field, float_twin(value)), f"{type(action).__name__}.{field}=")
            if type(value) is int and value in (0, 1):
                refused(state, with_field(action, field, bool(value)), f"{field}=", "bool")
            checked += 1
    if checked == 0:
        pytest.skip(f"{name} has no int fields in its first decisions")


def test_the_issues_own_repros_of_ill_typed_fields_are_refused_by_name() -> None:
    if "splendor_duel" in NAMES:
        from tabletop.games.splendor_duel import ReserveFromDeck, TakeToken, UsePrivilege

        state: State = tabletop.load("splendor_duel").new_game(seed=1)
        refused(state, ReserveFromDeck(gold=2, level=2.0), "ReserveFromDeck.level=2.0", "float")  # type: ignore[arg-type]
        refused(state, TakeToken(cell=False), "TakeToken.cell=False", "bool")
        refused(state, UsePrivilege(cell=None), "UsePrivilege.cell=None")  # type: ignore[arg-type]
    if "wonders_duel" in NAMES:
        from tabletop.games.wonders_duel import BuildWonder, ChooseStarter, Construct, PickWonder

        state = tabletop.load("wonders_duel").new_game(seed=1)
        refused(state, ChooseStarter(seat=1.0), "ChooseStarter.seat=1.0")  # type: ignore[arg-type]
        refused(state, ChooseStarter(seat=True), "ChooseStarter.seat=True")
        refused(state, Construct(card=None), "Construct.card=None")  # type: ignore[arg-type]
        refused(state, PickWonder(wonder=[]), "PickWonder.wonder=[]")  # type: ignore[arg-type]
        block = next(b for b in state.game.action_space.blocks if b.action_type is BuildWonder)
        card = str(dict(block.fields)["card"][0])
        refused(state, BuildWonder(wonder="ZZ-99", card=card), "BuildWonder.wonder='ZZ-99'")


@pytest.mark.parametrize("name", NAMES)
def test_apply_carries_out_the_states_own_action_not_the_callers_copy(name: str) -> None:
    state = midgame(name, 4)
    legal = state.legal_actions()
    fresh = state.game.decode(state.game.encode(legal[0]))
    assert fresh == legal[0]
    state.apply(fresh)
    assert state.history[-1] is legal[0]


# ---------------------------------------------------------------------- 2, 3. refusals name the field


@pytest.mark.parametrize("name", NAMES)
@pytest.mark.parametrize("bad", [None, [], ["x"], "ZZ-99", -7, 10**9, 2.5, {}, ("ZZ", None)])
def test_any_value_in_any_field_is_refused_naming_the_type_field_and_value(name: str, bad: Any) -> None:
    """Repros 2 and 3: a wrong value never crashes the refusal nor leaks Python's message."""
    game = tabletop.load(name)
    state = midgame(name, 6)
    for block in game.action_space.blocks:
        if not block.fields or block.size == 0:
            continue
        sample = game.decode(_first_id(game, block))
        for field, _ in block.fields:
            action = with_field(sample, field, bad)
            if game.action_space.why_not(action) is None:
                continue  # a value this field may hold (a stronghold's origin may be None)
            text = refused(state, action)
            assert f"{type(sample).__name__}.{field}=" in text, text


def _first_id(game: Game[Any], block: Any) -> int:
    offset = 0
    for other in game.action_space.blocks:
        if other is block:
            return offset
        offset += other.size
    raise AssertionError("block not in its space")


@pytest.mark.parametrize("name", NAMES)
def test_other_games_actions_and_non_actions_are_refused_by_name(name: str) -> None:
    state = midgame(name, 3)
    for other in NAMES:
        if other != name:
            foreign = midgame(other, 2).legal_actions()[0]
            refused(state, foreign, f"{type(foreign).__name__} is not an action of this game")
    for thing in (None, "take", 3, {"type": "x"}):
        refused(state, thing, "is not an action")


@pytest.mark.parametrize("name", NAMES)
def test_a_crashing_explanation_never_escapes_apply(name: str, monkeypatch: pytest.MonkeyPatch) -> None:
    state = midgame(name, 3)
    legal = set(map(state.game.encode, state.legal_actions()))
    illegal = next(state.game.decode(i) for i in range(state.game.num_distinct_actions) if i not in legal)

    def crash(self: State, action: Action) -> str:
        raise KeyError("boom")

    monkeypatch.setattr(type(state), "_why_illegal", crash)
    text = refused(state, illegal)
    assert "is not one of the legal actions" in text


# ---------------------------------------------------------------------- 9. shared action objects


@pytest.mark.parametrize("name", NAMES)
def test_a_legal_action_changed_in_place_is_never_taken_for_what_it_was(name: str) -> None:
    """Repro 9: legal action objects are shared; one changed with object.__setattr__ is refused,
    or carried out only as the equal legal action the state lists itself."""
    state = midgame(name, 5)
    for action in state.legal_actions():
        for field in field_names(type(action)):
            original = getattr(action, field)
            twin = state.clone()
            before = twin.to_dict()
            try:
                object.__setattr__(action, field, float_twin(original) if type(original) is int else None)
                with pytest.raises(IllegalAction, match=f"{field}="):
                    twin.apply(action)
            finally:
                object.__setattr__(action, field, original)
            assert twin.to_dict() == before
            twin.apply(action)  # put back, it is the legal action again
            return
    pytest.skip(f"{name}'s first legal actions have no fields")


# ---------------------------------------------------------------------- 4, 6. saves


@pytest.mark.parametrize("name", NAMES)
def test_saves_carry_the_format_and_other_versions_are_refused_naming_both(name: str) -> None:
    game = tabletop.load(name)
    data = json_copy(midgame(name).to_dict())
    assert data["format"] == SAVE_FORMAT == 1
    with pytest.raises(ValueError, match=f"has no 'format'; this tabletop reads format {SAVE_FORMAT}"):
        game.state_from_dict({k: v for k, v in data.items() if k != "format"})
    for other in (2, 0, "1", None):
        with pytest.raises(
            ValueError, match=f"is format {other!r}; this tabletop reads format {SAVE_FORMAT}"
        ):
            game.state_from_dict({**data, "format": other})


@pytest.mark.parametrize("name", NAMES)
def test_a_save_missing_any_key_is_refused_naming_it(name: str) -> None:
    """Repro 6: no silent defaults, at the top level or inside."""
    game = tabletop.load(name)
    data = json_copy(midgame(name).to_dict())
    for key in data:
        if key in ("game", "format"):
            continue
        with pytest.raises(ValueError, match=rf"\$\.{key}\b|{key}"):
            game.state_from_dict({k: v for k, v in data.items() if k != key})
    nested = [(key, inner) for key, value in data.items() if isinstance(value, dict) for inner in value]
    for key, inner in nested[:6]:
        if key == "options":
            continue
        changed = copy.deepcopy(data)
        del changed[key][inner]
        with pytest.raises(ValueError, match=rf"{inner}"):
            game.state_from_dict(changed)


@pytest.mark.parametrize("name", NAMES)
def test_saved_options_must_be_exactly_the_resolved_ones(name: str) -> None:
    """Repro 4: unknown, missing or wrong options are refused by name."""
    game = tabletop.load(name)
    data = json_copy(midgame(name).to_dict())
    with pytest.raises(ValueError, match="zz"):
        game.state_from_dict({**data, "options": {**data["options"], "zz": 1}})
    for option in data["options"]:
        with pytest.raises(ValueError, match=option):
            game.state_from_dict(
                {**data, "options": {k: v for k, v in data["options"].items() if k != option}}
            )
        with pytest.raises(ValueError, match=option):
            game.state_from_dict({**data, "options": {**data["options"], option: [1]}})


@pytest.mark.parametrize("name", NAMES)
def test_a_save_whose_history_does_not_replay_to_it_is_refused(name: str) -> None:
    """Repro 4: an impossible history action, or a history that leads elsewhere, is refused."""
    game = tabletop.load(name)
    state = midgame(name)
    data = json_copy(state.to_dict())
    assert game.state_from_dict(data) == state
    # An action of this game with an impossible value, as the first of the history.
    block = next(b for b in game.action_space.blocks if b.fields and type(b.fields[0][1][0]) in (int, str))
    sample = game.action_to_dict(game.decode(_first_id(game, block)))
    field = block.fields[0][0]
    bad = {**sample, field: -7 if type(sample[field]) is int else "ZZ-99"}
    with pytest.raises(ValueError, match=r"history action #0 .* is illegal"):
        game.state_from_dict({**data, "history": [bad, *data["history"][1:]]})
    # A true history cut short: it replays to an earlier state, so some field differs.
    with pytest.raises(ValueError, match="is not what its history replays to"):
        game.state_from_dict({**data, "history": data["history"][:-1]})
    # The seed is part of the truth too.
    with pytest.raises(ValueError, match="inconsistent"):
        game.state_from_dict({**data, "seed": data["seed"] + 1})


@pytest.mark.parametrize("name", NAMES)
def test_a_determinized_save_loads_without_a_replay(name: str) -> None:
    state = midgame(name)
    if state.is_terminal:
        pytest.skip("the game ended early")
    guess = state.determinize(state.current_player or 0, seed=3)
    data = json_copy(guess.to_dict())
    assert state.game.state_from_dict(data) == guess


# ---------------------------------------------------------------------- 5, 7. records


@pytest.mark.parametrize("name", NAMES)
def test_bad_records_are_one_line_value_errors_naming_the_key(name: str) -> None:
    game = tabletop.load(name)
    record = json_copy(midgame(name).record())
    changes: list[tuple[dict[str, Any], str]] = [
        ({"options": [1]}, "'options'"),
        ({"options": {1: 2}}, "'options'"),
        ({"options": {"zz": 1}}, "'options'"),
        ({"players": 2.0}, "'players'"),
        ({"players": None}, "'players'"),
        ({"seed": None}, "'seed'"),
        ({"seed": 1.5}, "'seed'"),
        ({"actions": [{"type": []}]}, "'actions'[0]"),
        ({"actions": [{"type": "zz"}]}, "'actions'[0]"),
    ]
    for change, key in changes:
        with pytest.raises(ValueError) as error:
            game.replay({**record, **change})
        text = str(error.value)
        assert key in text and "\n" not in text, text
        assert not any(word in text for word in PYTHON_WORDS), text


# ---------------------------------------------------------------------- 7, 8. the command line


def write_records(tmp_path: Path, records: list[Any]) -> Path:
    path = tmp_path / "records.jsonl"
    path.write_text("".join(json.dumps(record) + "\n" for record in records), encoding="utf-8")
    return path


@pytest.mark.parametrize(
    ("change", "words"),
    [
        ({"players": None}, "'players'"),
        ({"seed": None}, "'seed'"),
        ({"options": [1]}, "'options'"),
        ({"actions": [{"type": "zz"}]}, "'actions'[0]"),
    ],
)
def test_cli_replay_is_game_replay_with_one_line_errors(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], change: dict[str, Any], words: str
) -> None:
    name = NAMES[0]
    record = {**json_copy(midgame(name, 3).record()), **change}
    record = {k: v for k, v in record.items() if v is not None}  # a missing key, not a null
    for quiet in ([], ["-q"]):
        assert cli.main(["replay", str(write_records(tmp_path, [record])), *quiet]) == 2
        err = capsys.readouterr().err
        assert err.count("\n") == 1 and err.startswith("tabletop: error: record 0: ") and words in err, err


def test_cli_replay_heads_each_record_and_picks_one_by_index(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    name = NAMES[0]
    records = [json_copy(midgame(name, 3, seed=seed).record()) for seed in (1, 2, 3)]
    path = write_records(tmp_path, records)
    assert cli.main(["replay", str(path), "-q"]) == 0
    heads = [line for line in capsys.readouterr().out.splitlines() if line.startswith("== record")]
    assert [head.split(":")[0] for head in heads] == [
        f"== record {i} of 3 in records.jsonl" for i in range(3)
    ]
    assert cli.main(["replay", str(path), "--index", "1"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("== record 1 of 3") and "seed 2" in out.splitlines()[0]
    assert "== record 0" not in out and "== record 2" not in out
    for index in ("3", "-1"):
        assert cli.main(["replay", str(path), "--index", index]) == 2
        assert "--index must be 0 to 2" in capsys.readouterr().err


@pytest.mark.parametrize("seat", ["5", "-1", "2"])
def test_cli_play_refuses_a_seat_the_game_does_not_have(
    seat: str, capsys: pytest.CaptureFixture[str]
) -> None:
    name = next(n for n in NAMES if tabletop.load(n).min_players == 2)
    assert cli.main(["play", name, "--players", "2", "--seat", seat]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and f"--seat {seat} is not a seat of this 2-player game" in err
