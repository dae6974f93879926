"""Fast loading (issue 15): the default load still refuses every tampered save, including a
value equal to the saved one but of another type; the trusted load (``verify=False``) skips
only the replay; structured actions are reused by their JSON text, never after a change."""

from __future__ import annotations

import copy
import json
import re
from typing import Any

import attrs
import cattrs
import pytest

from tabletop.core import Action
from tabletop.core.game import _saves_exactly
from tabletop.core.serialize import describe_error, make_converter
from toy import GAME, Take, ToyState


def json_copy(data: Any) -> Any:
    return json.loads(json.dumps(data))


def played(moves: int = 4, seed: int = 4) -> ToyState:
    state = GAME.new_game(players=3, seed=seed, pile=20)
    for _ in range(moves):
        state.apply(state.legal_actions()[-1])
    return state


@pytest.mark.parametrize("verify", [True, False])
def test_a_save_loads_to_an_equal_state_that_plays_on(verify: bool) -> None:
    state = played()
    for data in (state.to_dict(), json_copy(state.to_dict())):
        loaded = GAME.state_from_dict(data, verify=verify)
        assert loaded == state and loaded.history == state.history
        loaded.apply(Take(1))
        state_next = state.child(Take(1))
        assert loaded == state_next


def test_the_default_load_replays_instead_of_structuring_when_the_save_is_exact() -> None:
    state = played()
    loaded = GAME._replay_save(state.to_dict())
    assert loaded is not None and loaded == state and _saves_exactly(loaded, state.to_dict())
    # A save spelled otherwise (a tuple for a list) is not the replayed state's to_dict: the
    # full load takes it, as before.
    data = state.to_dict()
    data["deck"] = {**data["deck"], "cards": tuple(data["deck"]["cards"])}
    assert not _saves_exactly(loaded, data)
    assert GAME.state_from_dict(data) == state


def _paths_to_ints(value: Any, path: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    """Every path in a save to an int (not a bool) that is not a mapping key."""
    if isinstance(value, dict):
        return [p for key, item in value.items() for p in _paths_to_ints(item, (*path, key))]
    if isinstance(value, list):
        return [p for index, item in enumerate(value) for p in _paths_to_ints(item, (*path, index))]
    return [path] if type(value) is int else []


def _replaced(data: Any, path: tuple[Any, ...], new: Any) -> Any:
    changed = copy.deepcopy(data)
    target = changed
    for step in path[:-1]:
        target = target[step]
    target[path[-1]] = new
    return changed


@pytest.mark.parametrize("verify", [True, False])
def test_an_int_saved_as_an_equal_float_or_bool_is_refused(verify: bool) -> None:
    """``==`` takes 1.0 and True for 1: the fast path must not, anywhere in the save."""
    state = played(moves=6, seed=9)
    data = state.to_dict()
    paths = [p for p in _paths_to_ints(data) if p[0] not in ("game", "format")]
    assert len(paths) > 10
    for path in paths:
        value = _value_at(data, path)
        spellings = [float(value)] + ([bool(value)] if value in (0, 1) else [])
        for spelled in spellings:
            with pytest.raises(ValueError, match=r"is not an int|not valid|must be int"):
                GAME.state_from_dict(_replaced(data, path, spelled), verify=verify)


def _value_at(data: Any, path: tuple[Any, ...]) -> Any:
    for step in path:
        data = data[step]
    return data


def test_the_default_load_refuses_a_tamper_the_trusted_load_lets_through() -> None:
    """What ``verify=False`` gives up, and only that: a change the game's checks cannot see."""
    state = played()
    data = json_copy(state.to_dict())
    data["rng"]["state"] = (data["rng"]["state"] + 1) % (1 << 64)
    with pytest.raises(ValueError, match=r"'rng' is not what its history replays to"):
        GAME.state_from_dict(data)
    assert GAME.state_from_dict(data, verify=False).rng.state == data["rng"]["state"]
    history = json_copy(state.to_dict())
    history["history"] = history["history"][:-1]
    with pytest.raises(ValueError, match="is not what its history replays to"):
        GAME.state_from_dict(history)


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (lambda d: {k: v for k, v in d.items() if k != "format"}, "has no 'format'"),
        (lambda d: {**d, "game": "chess"}, "not a saved toy state"),
        (lambda d: {k: v for k, v in d.items() if k != "pile"}, r"required field missing @ \$\.pile"),
        (lambda d: {**d, "pile": "12"}, r"'12' is not an int"),
        (lambda d: {**d, "pile": -1}, "a pile cannot hold fewer than 0 stones"),
        (
            lambda d: {**d, "history": [{"type": "take", "count": 2.0}]},
            r"is not an int\) @ \$\.history\[0\]\.count",
        ),
        (lambda d: {**d, "history": [{"type": "grab", "count": 2}]}, "unknown action type 'grab'"),
        (lambda d: {**d, "history": {"type": "take"}}, "expected an array"),
        (lambda d: {**d, "options": {**d["options"], "zz": 1}}, "has no option zz"),
        (lambda d: {**d, "options": {"pile": 20}}, "options lack"),
        (lambda d: {**d, "num_players": 9}, "num_players is 9"),
        (lambda d: {**d, "deck": {**d["deck"], "cards": ["1", "1"]}}, "repeats a card"),
        (lambda d: {**d, "deck": {**d["deck"], "cards": ["1", 1]}}, r"1 is not a str"),
        (lambda d: {**d, "deck": {**d["deck"], "cards": ["1", None]}}, r"None is not a str"),
    ],
)
def test_the_trusted_load_refuses_structural_nonsense(change: Any, message: str) -> None:
    data = change(json_copy(played().to_dict()))
    for verify in (False, True):
        with pytest.raises(ValueError, match=message):
            GAME.state_from_dict(data, verify=verify)


def test_a_reused_action_is_never_one_changed_in_place() -> None:
    converter = make_converter([Take], every_key=True)
    first = converter.structure({"type": "take", "count": 2}, Action)
    assert converter.structure({"type": "take", "count": 2}, Action) is first  # reused
    object.__setattr__(first, "count", 3)
    again = converter.structure({"type": "take", "count": 2}, Action)
    assert again == Take(2) and again is not first


@pytest.mark.parametrize("count", [2.0, True, "2", None, [2]])
def test_a_reused_action_is_never_taken_for_an_equal_value_of_another_type(count: Any) -> None:
    converter = make_converter([Take], every_key=True)
    assert converter.structure({"type": "take", "count": 1}, Action) == Take(1)
    assert converter.structure({"type": "take", "count": 2}, Action) == Take(2)
    with pytest.raises(Exception) as caught:
        converter.structure({"type": "take", "count": count}, Action)
    assert re.search(r"is not an int|expected int", describe_error(caught.value)), caught.value


def test_a_history_with_a_bad_action_names_its_index() -> None:
    converter = make_converter([Take], every_key=True)
    good = {"type": "take", "count": 1}
    assert converter.structure([good, good], list[Action]) == [Take(1), Take(1)]
    with pytest.raises(Exception) as caught:
        converter.structure([good, {"type": "take", "count": 1.5}], list[Action])
    assert "$[1]" in describe_error(caught.value)


def test_arrays_of_plain_items_keep_their_exact_types() -> None:
    converter = make_converter()
    assert converter.structure([1, 2], list[int]) == [1, 2]
    assert converter.structure((1, None), tuple[int | None, ...]) == (1, None)
    assert converter.structure(["a"], tuple[str, ...]) == ("a",)
    for bad, kind in (([1, True], list[int]), ([1, 2.0], tuple[int, ...]), (["a", 1], list[str])):
        with pytest.raises(cattrs.IterableValidationError) as caught:
            converter.structure(bad, kind)
        assert "is not a" in describe_error(caught.value) and "@ $[1]" in describe_error(caught.value)


def test_a_save_read_from_json_text_takes_the_fast_path_with_int_keys_as_strings() -> None:
    """Dozen War saves dicts keyed by int, which JSON text spells as strings."""
    import tabletop

    game = tabletop.load("dozen_war")
    state = game.new_game(players=2, seed=3)
    for _ in range(12):
        state.apply(state.legal_actions()[0])
    data = json_copy(state.to_dict())
    assert data != state.to_dict()  # the int keys are strings now
    loaded = game._replay_save(data)
    assert loaded is not None and loaded == state and _saves_exactly(loaded, data)
    assert game.state_from_dict(data) == state


def test_a_tampered_save_is_replayed_once(monkeypatch: pytest.MonkeyPatch) -> None:
    """The fast path's replay serves the full load's check: a refusal costs no second replay."""
    state = played()
    data = json_copy(state.to_dict())
    data["rng"]["state"] ^= 1
    calls: list[int] = []
    replay = GAME._replay

    def counted(*args: Any, **kwargs: Any) -> ToyState:
        calls.append(1)
        return replay(*args, **kwargs)

    monkeypatch.setattr(GAME, "_replay", counted)
    with pytest.raises(ValueError, match=r"'rng' is not what its history replays to"):
        GAME.state_from_dict(data)
    assert len(calls) == 1
    GAME.state_from_dict(state.to_dict())
    assert len(calls) == 2


@attrs.frozen
class Mark(Action):
    """Mark some cells (a test action with an array field)."""

    kind = "mark"
    cells: tuple[int, ...]
    note: str | None = None


@pytest.mark.parametrize(
    "data",
    [
        {"type": "mark", "cells": [1, True], "note": None},
        {"type": "mark", "cells": [1, 2.0], "note": None},
        {"type": "mark", "cells": [1, 2], "note": 1},
        {"type": "mark", "cells": [1, 2], "note": None, True: 1},
        {"type": "mark", "cells": "12", "note": None},
        {"type": "mark", "cells": {"1": 2}, "note": None},
    ],
)
def test_a_reused_action_with_an_array_is_never_taken_for_another_spelling(data: dict[Any, Any]) -> None:
    converter = make_converter([Mark], every_key=True)
    for _ in range(2):  # the second time from the kept actions
        assert converter.structure({"type": "mark", "cells": [1, 2], "note": None}, Action) == Mark((1, 2))
        assert converter.structure({"type": "mark", "cells": [1, 2], "note": "x"}, Action) == Mark(
            (1, 2), "x"
        )
        with pytest.raises(Exception) as caught:
            converter.structure(data, Action)
        assert re.search(
            r"is not an int|is not a str|expected an array|extra fields", describe_error(caught.value)
        )


@pytest.mark.parametrize("key", [True, 1, None, 2.5])
def test_a_key_that_is_not_a_string_is_named_not_a_crash(key: Any) -> None:
    """cattrs' own wording of an extra key raised TypeError for a key that is not a string."""
    state = played()
    with pytest.raises(ValueError, match=rf"extra fields found \({re.escape(repr(key))}\) @ \$"):
        GAME.state_from_dict({**state.to_dict(), key: 1})
    with pytest.raises(ValueError, match=rf"extra fields found \({re.escape(repr(key))}, zz\)"):
        GAME.action_from_dict({"type": "take", "count": 1, key: 1, "zz": 2})
