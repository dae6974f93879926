"""The unit replacement every rule uses: ``evolve_unit`` and ``unit_evolver`` give exactly what
``attrs.evolve`` gives, and refuse a name that is no field."""

from __future__ import annotations

from typing import Any

import attrs
import pytest

from tabletop.games.dozen_war.model import Unit, evolve_unit, unit_evolver

# Every field away from its default, so a field read from the wrong place shows.
UNIT = Unit(
    id=20,
    owner=2,
    cls="archer",
    general="",
    hp=1,
    cell=33,
    pieces=("map_piece_1",),
    moved=True,
    attacked=True,
    dug=True,
    warped=True,
    guarded=True,
    acted=True,
    gave=True,
    extra_move=2,
    buff_move=1,
    buff_damage=2,
    buff_range=3,
    buff_strikes=1,
    buff_unguardable=True,
    buff_max_targets=2,
    buff_star=3,
    statuses=(("stun", 1),),
    boosted_by=("giay_gio",),
    evasion=(5, 6),
)


def test_every_field_of_the_sample_unit_is_set() -> None:
    # ``general`` compared with a general's id: a soldier's "" is the default.
    defaults = Unit(id=0, owner=0, cls="infantry", general="tyrion", hp=2, cell=0)
    same = [f.name for f in attrs.fields(Unit) if getattr(UNIT, f.name) == getattr(defaults, f.name)]
    assert same == []


@pytest.mark.parametrize(
    "changes",
    [
        {"cell": 34, "moved": True, "extra_move": 0},
        {"moved": False, "attacked": False, "dug": False, "warped": False, "guarded": False},
        {"statuses": (), "buff_move": 0, "evasion": (), "boosted_by": ()},
        {"hp": 2},
        {"owner": 1, "cls": "infantry", "pieces": ()},
        {},
    ],
)
def test_evolve_unit_is_attrs_evolve(changes: dict[str, Any]) -> None:
    before = attrs.asdict(UNIT)
    expected = attrs.evolve(UNIT, **changes)
    assert evolve_unit(UNIT, **changes) == expected
    assert unit_evolver(*changes)(UNIT, *changes.values()) == expected
    assert attrs.asdict(UNIT) == before  # the old unit is untouched


def test_unknown_or_repeated_fields_are_refused() -> None:
    with pytest.raises(TypeError, match="no field 'colour'"):
        evolve_unit(UNIT, colour="red")
    with pytest.raises(TypeError, match="named twice"):
        unit_evolver("hp", "hp")
