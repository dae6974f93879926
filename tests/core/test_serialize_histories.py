"""A history loads in one pass over its kept actions (issue 15), and never reuses a kept action
that has changed since it was kept: not when it changed to another value, nor to an equal value
of another type (``True`` for ``1``), nor inside a kept tuple."""

from __future__ import annotations

import re
from typing import Any

import attrs
import pytest

from tabletop.core import Action
from tabletop.core.serialize import describe_error, make_converter
from toy import Take


@attrs.frozen
class Mark(Action):
    """Mark cells (an action with a tuple field and an optional one)."""

    kind = "mark"
    cells: tuple[int, ...]
    note: str | None = None


@attrs.frozen
class Rest(Action):
    """An action without fields."""

    kind = "rest"


HISTORY: list[dict[str, Any]] = [
    {"type": "take", "count": 1},
    {"type": "mark", "cells": [1, 2], "note": None},
    {"type": "rest"},
    {"type": "take", "count": 2},
    {"type": "take", "count": 1},
    {"type": "mark", "cells": [1, 2], "note": "x"},
]
EXPECTED = [Take(1), Mark((1, 2)), Rest(), Take(2), Take(1), Mark((1, 2), "x")]


def structure_history(converter: Any, data: Any) -> list[Action]:
    return converter.structure(data, list[Action])  # type: ignore[no-any-return]


def test_a_history_loaded_again_is_made_of_the_kept_actions() -> None:
    converter = make_converter([Take, Mark, Rest], every_key=True)
    first = structure_history(converter, HISTORY)
    again = structure_history(converter, [dict(item) for item in HISTORY])
    assert first == again == EXPECTED
    assert all(a is b for a, b in zip(first, again)) and again is not first
    assert [type(a.count) for a in again if isinstance(a, Take)] == [int, int, int]


@pytest.mark.parametrize(
    ("field", "value"),
    [("count", 3), ("count", True), ("count", 1.0)],
)
def test_a_kept_action_changed_in_place_is_not_reused_by_a_history(field: str, value: Any) -> None:
    converter = make_converter([Take, Mark, Rest], every_key=True)
    first = structure_history(converter, HISTORY)
    object.__setattr__(first[0], field, value)  # also first[4]: the same kept action
    again = structure_history(converter, HISTORY)
    assert again == EXPECTED and again[0] is not first[0] and type(again[0].count) is int  # type: ignore[attr-defined]
    assert again[1] is first[1] and again[3] is first[3]  # the unchanged ones are still reused


def test_a_kept_tuple_replaced_by_an_equal_one_of_other_items_is_not_reused() -> None:
    converter = make_converter([Take, Mark, Rest], every_key=True)
    first = structure_history(converter, HISTORY)
    object.__setattr__(first[1], "cells", (True, 2.0))  # == (1, 2), but not what the data makes
    again = structure_history(converter, HISTORY)
    assert again[1] is not first[1] and again[1].cells == (1, 2)  # type: ignore[attr-defined]
    assert list(map(type, again[1].cells)) == [int, int]  # type: ignore[attr-defined]


@pytest.mark.parametrize(
    "bad",
    [
        {"type": "take", "count": True},
        {"type": "take", "count": 1.0},
        {"type": "take", "count": "1"},
        {"type": "mark", "cells": (1, 2.0), "note": None},
        {"type": "take"},
        {"type": "nothing"},
        ["take", 1],
        None,
    ],
)
def test_a_history_with_a_bad_item_after_kept_ones_names_it(bad: Any) -> None:
    converter = make_converter([Take, Mark, Rest], every_key=True)
    structure_history(converter, HISTORY)
    with pytest.raises(Exception) as caught:
        structure_history(converter, [*HISTORY, bad])
    assert re.search(r"\[6\]|index 6|@ index 6", describe_error(caught.value)), describe_error(caught.value)


@attrs.frozen
class Spot:
    """A value class (frozen, immutable fields): kept by its exact key."""

    x: int
    name: str


@attrs.define
class Board:
    spots: dict[int, Spot]


def test_an_int_keyed_mapping_of_kept_values_loads_as_item_by_item() -> None:
    converter = make_converter(every_key=True)
    data = {"spots": {"1": {"x": 1, "name": "a"}, "7": {"x": 2, "name": "b"}}}
    first = converter.structure(data, Board)
    again = converter.structure({"spots": dict(data["spots"])}, Board)
    assert first == again == Board({1: Spot(1, "a"), 7: Spot(2, "b")})
    assert again.spots[7] is first.spots[7] and list(again.spots) == [1, 7]


@pytest.mark.parametrize(
    ("spots", "named"),
    [
        ({"1": {"x": True, "name": "a"}, "x": {"x": 1, "name": "a"}}, r"spots\.1\.x|is not an int"),
        ({"x": {"x": 1, "name": "a"}, "1": {"x": True, "name": "a"}}, r"invalid literal for int"),
        ({"1": {"x": 1.0, "name": "a"}}, r"is not an int"),
        ({"1": {"x": 1, "name": "a"}, "2": {"x": 1}}, r"name"),
    ],
)
def test_an_int_keyed_mapping_with_a_bad_item_after_kept_ones_names_the_first(
    spots: dict[str, Any], named: str
) -> None:
    converter = make_converter(every_key=True)
    converter.structure({"spots": {"1": {"x": 1, "name": "a"}}}, Board)  # kept
    with pytest.raises(Exception) as caught:
        converter.structure({"spots": spots}, Board)
    assert re.search(named, describe_error(caught.value)), describe_error(caught.value)


def test_an_int_keyed_mapping_goes_through_a_hook_registered_for_its_values_later() -> None:
    converter = make_converter(every_key=True)
    data = {"spots": {"1": {"x": 1, "name": "a"}}}
    converter.structure(data, Board)  # kept by the converter's own hook
    converter.register_structure_hook(Spot, lambda d, _: Spot(d["x"] + 1, d["name"]))
    converter.register_structure_hook(
        Board, lambda d, _: Board(converter.structure(d["spots"], dict[int, Spot]))
    )
    assert converter.structure(data, Board) == Board({1: Spot(2, "a")})


@pytest.mark.parametrize(
    "other",
    [
        {"x": True, "name": "a"},
        {"x": 1.0, "name": "a"},
        {"name": "a", "x": 1},  # the same values, keys in another order: kept by the whole data
        {"x": 1, "name": "a", "y": 2},
    ],
)
def test_a_value_kept_by_its_values_is_never_taken_for_other_data(other: dict[str, Any]) -> None:
    converter = make_converter(every_key=True)
    kept = converter.structure({"x": 1, "name": "a"}, Spot)

    def alone(data: dict[str, Any]) -> Spot:
        return converter.structure(data, Spot)

    def in_a_mapping(data: dict[str, Any]) -> Spot:
        return converter.structure({"spots": {"3": data}}, Board).spots[3]

    for structure in (alone, in_a_mapping):
        try:
            loaded = structure(other)
        except Exception as error:
            assert re.search(r"is not an int|extra fields", describe_error(error)), describe_error(error)
        else:
            assert loaded == kept and list(map(type, attrs.astuple(loaded))) == [int, str]
