"""The converter: every kernel class round-trips through JSON text; malformed data names its field."""

from __future__ import annotations

import json
from typing import Any

import attrs
import cattrs
import pytest

from tabletop.core import (
    Action,
    Deck,
    Layout,
    LayoutShape,
    Market,
    Outcome,
    Rng,
    SquareGrid,
    TokenPool,
    Track,
    TurnOrder,
    Zone,
)
from tabletop.core.serialize import describe_error, load_data, make_converter


@attrs.frozen
class Hop(Action):
    kind = "hop"
    to: int
    label: str = "x"


@attrs.frozen
class Rest(Action):
    kind = "rest"


@attrs.define
class Holder:
    """A state-like attrs class holding kernel parts, as a game's state does."""

    pools: list[TokenPool]
    track: Track
    turns: TurnOrder
    history: list[Action]


CONVERTER = make_converter([Hop, Rest])
SHAPE = LayoutShape(covered_by=((1, 2), (), ()), face_up=(False, True, True))


def through_json(value: Any, cls: Any) -> Any:
    text = json.dumps(CONVERTER.unstructure(value, cls))
    return CONVERTER.structure(json.loads(text), cls)


def structure_error(data: Any, cls: Any) -> str:
    with pytest.raises(Exception) as caught:
        CONVERTER.structure(data, cls)
    return describe_error(caught.value)


EXAMPLES: list[tuple[Any, Any]] = [
    (Rng.from_seed(123), Rng),
    (Rng((1 << 64) - 1), Rng),
    (TokenPool.of(red=2, gold=1), TokenPool),
    (TokenPool(), TokenPool),
    (Deck(["a", "b"], ["c"]), Deck),
    (Market(["a", None, "b"], Deck(["c"], ["d"])), Market),
    (Layout(SHAPE, [None, "b", "c"], [False, True, True]), Layout),
    (SHAPE, LayoutShape),
    (SquareGrid(3, 4), SquareGrid),
    (Track(-9, 9, -4), Track),
    (Zone(1, 3, 5), Zone),
    (TurnOrder([2, 0, 1], 1, 2, 4), TurnOrder),
    (Outcome((0, 2), (5, 1, 5), "points"), Outcome),
    (Hop(3, "far"), Action),
    (Rest(), Action),
    (
        Holder([TokenPool.of(a=1), TokenPool()], Track(0, 5, 2), TurnOrder([0, 1]), [Hop(1), Rest()]),
        Holder,
    ),
]


@pytest.mark.parametrize(("value", "cls"), EXAMPLES, ids=lambda v: type(v).__name__)
def test_round_trip_through_json_text(value: Any, cls: Any) -> None:
    restored = through_json(value, cls)
    assert type(restored) is type(value)
    assert restored == value
    assert CONVERTER.unstructure(restored, cls) == CONVERTER.unstructure(value, cls)


def test_derived_fields_are_not_saved_but_rebuilt() -> None:
    data = CONVERTER.unstructure(SHAPE)
    assert set(data) == {"covered_by", "face_up"}
    assert through_json(SHAPE, LayoutShape).covers == SHAPE.covers


def test_grid_caches_are_not_saved() -> None:
    grid = SquareGrid(3, 3)
    grid.lines(2)  # fill the cache
    assert CONVERTER.unstructure(grid) == {"rows": 3, "cols": 3}


def test_saved_forms_are_plain() -> None:
    assert CONVERTER.unstructure(TokenPool.of(red=2)) == {"red": 2}
    assert CONVERTER.unstructure(Hop(3), Action) == {"type": "hop", "to": 3, "label": "x"}
    assert CONVERTER.unstructure(Hop(3)) == {"type": "hop", "to": 3, "label": "x"}
    assert CONVERTER.unstructure(Outcome((0,), (1, 2), "r")) == {
        "winners": [0],
        "scores": [1, 2],
        "reason": "r",
    }


def test_actions_are_tagged_by_kind() -> None:
    assert CONVERTER.structure({"type": "rest"}, Action) == Rest()
    assert "unknown action type 'fly'; known: ['hop', 'rest']" in structure_error({"type": "fly"}, Action)
    assert "must be a mapping" in structure_error(["hop", 3], Action)
    assert "to" in structure_error({"type": "hop"}, Action)
    assert "extra fields found (speed)" in structure_error({"type": "hop", "to": 1, "speed": 2}, Action)


def test_two_action_types_with_one_kind_are_refused() -> None:
    @attrs.frozen
    class OtherHop(Action):
        kind = "hop"

    with pytest.raises(ValueError, match="two action types share the kind 'hop'"):
        make_converter([Hop, OtherHop])


@pytest.mark.parametrize(
    ("data", "cls", "where"),
    [
        ({}, Rng, "$.state"),
        ({"state": "seven"}, Rng, "$.state"),
        ({"cards": [], "discards": [], "extra": 1}, Deck, "extra fields found (extra)"),
        ({"low": 0, "high": "x", "position": 0}, Track, "$.high"),
        ({"slots": [None], "deck": {"cards": 3}}, Market, "$.deck.cards"),
        (
            {
                "pools": [{"a": 1}, {"b": -2}],
                "track": {"low": 0, "high": 5, "position": 0},
                "turns": {"order": [0, 1]},
                "history": [],
            },
            Holder,
            "$.pools[1]",
        ),
        (
            {
                "pools": [],
                "track": {"low": 0, "high": 5},
                "turns": {"order": [0, 1]},
                "history": [{"type": "hop", "to": "far"}],
            },
            Holder,
            "$.history[0].to",
        ),
    ],
)
def test_malformed_data_names_the_field(data: Any, cls: Any, where: str) -> None:
    assert where in structure_error(data, cls)


@pytest.mark.parametrize(
    ("data", "cls", "where"),
    [
        ({"state": "7"}, Rng, "$.state"),
        ({"state": 7.5}, Rng, "$.state"),
        ({"state": True}, Rng, "$.state"),
        ({"cards": [1, 2]}, Deck, "$.cards"),
        ({"type": "hop", "to": 2.7}, Action, "$.to"),
        ({"type": "hop", "to": "2"}, Action, "$.to"),
        ({"winners": [0], "scores": [1], "reason": 3}, Outcome, "$.reason"),
    ],
)
def test_wrongly_typed_values_are_refused_not_coerced(data: Any, cls: Any, where: str) -> None:
    # JSON keeps ints, strings and floats apart; a "7" or 2.7 where an int belongs is corruption.
    assert where in structure_error(data, cls)


def test_validation_messages_survive_into_the_description() -> None:
    message = structure_error({"low": 0, "high": 3, "position": 9}, Track)
    assert "position 9 is off the track 0..3" in message
    message = structure_error(
        {"pools": [{"b": -2}], "track": {"low": 0, "high": 5}, "turns": {"order": [0]}, "history": []},
        Holder,
    )
    assert "$.pools[0]" in message and "non-negative" in message


def test_describe_error_passes_plain_errors_through() -> None:
    assert describe_error(ValueError("plain")) == "plain"
    error = cattrs.ClassValidationError("x", [KeyError("k")], Rng)
    assert describe_error(error)


def test_load_data_reads_package_json_and_names_bad_fields(
    tmp_path: Any,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    package = tmp_path / "fake_game_data"
    (package / "data").mkdir(parents=True)
    (package / "__init__.py").write_text("")
    (package / "data" / "good.json").write_text(json.dumps([{"low": 0, "high": 2, "position": 1}]))
    (package / "data" / "bad.json").write_text(json.dumps([{"low": 0, "high": 2}, {"low": 0}]))
    monkeypatch.syspath_prepend(str(tmp_path))
    assert load_data("fake_game_data", "data/good.json", list[Track]) == [Track(0, 2, 1)]
    with pytest.raises(ValueError, match=r"fake_game_data/data/bad.json: .*\$\[1\]\.high"):
        load_data("fake_game_data", "data/bad.json", list[Track])


def test_int_keyed_mappings_survive_json_text_but_values_stay_strict() -> None:
    # JSON turns int keys into strings; those (and only those) are read back as ints.
    assert through_json({1: 3, 2: 4}, dict[int, int]) == {1: 3, 2: 4}
    assert "'3' is not an int" in structure_error({"1": "3"}, dict[int, int])
    assert "one" in structure_error({"one": 3}, dict[int, int])
    assert through_json({"a": 1.5, "b": 2}, dict[str, float]) == {"a": 1.5, "b": 2.0}


def test_a_string_or_mapping_where_an_array_belongs_is_refused() -> None:
    # cattrs alone would load cards "abc" as ['a', 'b', 'c'] and a mapping as its keys.
    assert "$.cards" in structure_error({"cards": "abc"}, Deck)
    assert "expected an array" in structure_error({"cards": {"x": 1}}, Deck)
    assert "expected an array" in structure_error("ab", tuple[str, ...])
    assert "expected 2 items" in structure_error([1], tuple[int, str])
    assert through_json((1, "a"), tuple[int, str]) == (1, "a")
