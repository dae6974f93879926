"""Values nested deeper than Python's recursion limit (a list in a list... 5,000 deep, as a JSON
file read with a raised limit or built by a fuzzer can be), and objects whose ``repr`` raises, at
every door of every game: each is refused with a ``ValueError`` that still reads, and nothing
changes. Found by the session-13 hostile-input hunt: the refusals named the value with ``repr``,
which raised ``RecursionError`` (or the object's own error) in place of the refusal, at 17 doors
of the kernel (the queries' seats and seeds among them) and two games' options; and Dozen War
loaded a trusted save whose task data nested hundreds deep, whose ``to_dict`` then raised
``RecursionError``."""

from __future__ import annotations

import json
import random
from collections.abc import Callable
from typing import Any

import attrs
import pytest

import tabletop
from tabletop.core import State
from tabletop.core.actions import field_names
from tabletop.core.describe import shown

NAMES = tabletop.game_names()
DEPTH = 5_000


def deep_list() -> list[Any]:
    value: list[Any] = []
    for _ in range(DEPTH):
        value = [value]
    return value


def deep_dict() -> dict[str, Any]:
    value: dict[str, Any] = {}
    for _ in range(DEPTH):
        value = {"a": value}
    return value


class Unshowable:
    """An object whose ``repr`` raises (as a caller's buggy class may)."""

    def __repr__(self) -> str:
        raise RuntimeError("no repr")


HOSTILE: list[Callable[[], Any]] = [deep_list, deep_dict, Unshowable]


def test_shown_is_repr_or_names_the_type() -> None:
    assert shown([1, "a"]) == "[1, 'a']"
    assert shown(deep_list()) == "<a list that cannot be shown>"
    assert shown(Unshowable()) == "<a Unshowable that cannot be shown>"


def played(name: str) -> State:
    state: State = tabletop.load(name).new_game(seed=1)
    rng = random.Random(1)
    for _ in range(5):
        state.apply(rng.choice(state.legal_actions()))
    return state


def refused(call: Callable[[], Any], what: str) -> None:
    try:
        call()
    except ValueError as error:
        assert str(error), what
    else:
        raise AssertionError(f"{what} was taken")


@pytest.mark.parametrize("name", NAMES)
@pytest.mark.parametrize("make", HOSTILE, ids=lambda make: make.__name__)
def test_the_doors_refuse_a_value_they_cannot_show(name: str, make: Callable[[], Any]) -> None:
    game = tabletop.load(name)
    state = played(name)
    before = state.to_dict()
    value = make()
    action = state.legal_actions()[0]
    record = state.record()
    saved_action = game.action_to_dict(action)
    calls: dict[str, Callable[[], Any]] = {
        "players": lambda: game.new_game(players=value),
        "seed": lambda: game.new_game(seed=value),
        "parse_action": lambda: game.parse_action(value),
        "state.parse_action": lambda: state.parse_action(value),
        "apply": lambda: state.apply(value),
        "decode": lambda: game.decode(value),
        "encode": lambda: game.encode(value),
        "action_from_dict": lambda: game.action_from_dict(value),
        "replay observe": lambda: game.replay(record, observe=value),
        "verify": lambda: game.state_from_dict(before, verify=value),
        "state_to_dict": lambda: game.state_to_dict(value),
        "observation": lambda: state.observation(value),
        "observation_tensor": lambda: state.observation_tensor(value),
        "svg": lambda: state.svg(value),
        "team_of": lambda: state.team_of(value),
        "determinize seat": lambda: state.determinize(value, 1),
        "determinize seed": lambda: state.determinize(0, value),
    }
    for option in game.options:
        calls[f"option {option}"] = lambda option=option: game.new_game(**{option: value})  # type: ignore[misc]
    for key in ("game", "seed", "options", "players", "actions"):
        calls[f"record {key}"] = lambda key=key: game.replay({**record, key: value})  # type: ignore[misc]
    for key in ("game", "format"):
        for verify in (True, False):
            calls[f"save {key} {verify}"] = lambda key=key, verify=verify: game.state_from_dict(  # type: ignore[misc]
                {**before, key: value}, verify=verify
            )
    for field in field_names(type(action)):
        odd = attrs.evolve(action, **{field: value})  # type: ignore[misc]
        calls[f"apply {field}"] = lambda odd=odd: state.apply(odd)  # type: ignore[misc]
        calls[f"encode {field}"] = lambda odd=odd: game.encode(odd)  # type: ignore[misc]
    if not isinstance(value, Unshowable):  # JSON values only: a save holds nothing else
        for field in saved_action:
            calls[f"saved action {field}"] = lambda field=field: game.action_from_dict(  # type: ignore[misc]
                {**saved_action, field: value}
            )
    for what, call in calls.items():
        refused(call, f"{name}: {what}")
    assert state.to_dict() == before


@pytest.mark.parametrize("verify", [True, False])
@pytest.mark.parametrize("depth", [40, 500])
def test_dozen_war_save_whose_task_data_nests_past_what_the_engine_writes_is_refused(
    verify: bool, depth: int
) -> None:
    game = tabletop.load("dozen_war")
    save = json.loads(json.dumps(played("dozen_war").to_dict()))
    nested: dict[str, Any] = {}
    for _ in range(depth):
        nested = {"a": nested}
    save["tasks"][-1]["data"]["zz"] = nested
    with pytest.raises(ValueError, match=r"tasks\[\d+\] \('\w+'\)\.data is nested more than 32 deep"):
        game.state_from_dict(save, verify=verify)
