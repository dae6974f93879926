"""The quick hook that structures a saved unit gives exactly what the converter's own hook gives:
equal units with fields of the same types for every unit of random play, and the same error for
a unit that is not plainly saved."""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

import attrs
import pytest

from tabletop.core import Rng
from tabletop.core.serialize import make_converter
from tabletop.games.dozen_war import GAME
from tabletop.games.dozen_war.model import Unit

#: cattrs' own hook for a unit, as every game's converter builds it (no quick path).
_OWN: Callable[[Any, Any], Unit] = make_converter(GAME.action_types, every_key=True).get_structure_hook(Unit)
_QUICK: Callable[[Any, Any], Unit] = GAME.converter.get_structure_hook(Unit)


def _typed(unit: Unit) -> list[tuple[type, Any]]:
    """The unit's fields with their types, nested tuples' items included."""
    found: list[tuple[type, Any]] = []
    for value in attrs.astuple(unit, recurse=False):
        found.append((type(value), value))
        if isinstance(value, tuple):
            found.extend((type(item), item) for item in value)
    return found


def _saved_units(players: int, mode: str, seed: int) -> list[dict[str, Any]]:
    """Every unit as saves of a random game hold it, once a decision."""
    state = GAME.new_game(players=players, seed=seed, mode=mode, generals="random")
    rng = Rng.from_seed(seed)
    units: list[dict[str, Any]] = []
    while not state.is_terminal:
        state.apply(rng.choice(state.legal_actions()))
        units.extend(json.loads(json.dumps(state.to_dict()))["units"].values())
    return units


@pytest.mark.parametrize(("players", "mode"), [(2, "engage"), (4, "ffa")], ids=str)
def test_saved_units_structure_as_cattrs_does(players: int, mode: str) -> None:
    units = _saved_units(players, mode, 7)
    assert any(u["statuses"] for u in units) or mode == "engage"
    for data in units:
        assert _typed(_QUICK(data, Unit)) == _typed(_OWN(data, Unit))


def _plain() -> dict[str, Any]:
    data: dict[str, Any] = json.loads(
        json.dumps(
            {
                **attrs.asdict(Unit(id=3, owner=1, cls="archer", general="g", hp=2, cell=5)),
                "pieces": ["piece_1"],
                "statuses": [["stun", 1]],
                "evasion": [2],
            }
        )
    )
    return data


@pytest.mark.parametrize(
    "change",
    [
        {"hp": "2"},
        {"hp": True},
        {"hp": 2.0},
        {"moved": 1},
        {"cls": None},
        {"pieces": "piece_1"},
        {"pieces": [1]},
        {"evasion": [True]},
        {"statuses": [["stun"]]},
        {"statuses": [["stun", "1"]]},
        {"statuses": [["stun", 1, 2]]},
        {"statuses": "stun"},
        {"boosted_by": None},
        {"extra": 1},
    ],
    ids=str,
)
def test_a_unit_not_plainly_saved_gets_cattrs_answer(change: dict[str, Any]) -> None:
    data = {**_plain(), **change}
    try:
        expected: Any = _typed(_OWN(data, Unit))
    except Exception as error:  # the converter's own refusal, whatever it is
        expected = (type(error), str(error))
    try:
        got: Any = _typed(_QUICK(data, Unit))
    except Exception as error:
        got = (type(error), str(error))
    assert got == expected


def test_a_unit_lacking_a_field_is_refused_by_name() -> None:
    data = _plain()
    del data["evasion"]
    with pytest.raises(Exception) as quick:
        _QUICK(data, Unit)
    with pytest.raises(Exception) as own:
        _OWN(data, Unit)
    assert (type(quick.value), str(quick.value)) == (type(own.value), str(own.value))
    state = GAME.new_game(players=4, seed=1, mode="ffa", generals="random")
    rng = Rng.from_seed(1)
    while not state.units:
        state.apply(rng.choice(state.legal_actions()))
    bad = json.loads(json.dumps(state.to_dict()))
    del next(iter(bad["units"].values()))["evasion"]
    with pytest.raises(ValueError, match="evasion"):
        GAME.state_from_dict(bad, verify=False)
