"""Simultaneous choices: hidden commits, who still chooses, reveal, copies and saving."""

from __future__ import annotations

import json

import attrs
import cattrs
import pytest

from tabletop.core import Action, Simultaneous
from tabletop.core.serialize import make_converter


@attrs.frozen
class Pick(Action):
    kind = "pick"
    card: str


def test_commits_are_hidden_until_all_are_in() -> None:
    step = Simultaneous()
    assert not step.is_open
    step.begin([2, 0, 1])
    assert step.to_choose == (0, 1, 2) and not step.all_in
    step.commit(1, Pick("x"))
    assert step.public_view() == {"chosen": [1], "waiting": [0, 2]}
    assert step.choice_of(1) == Pick("x") and step.choice_of(0) is None
    with pytest.raises(ValueError, match="still have to choose"):
        step.reveal()
    with pytest.raises(ValueError, match="not waiting"):
        step.commit(1, Pick("y"))
    step.commit(0, Pick("y"))
    step.commit(2, Pick("z"))
    assert step.all_in and step.is_open
    assert list(step.reveal().items()) == [(0, Pick("y")), (1, Pick("x")), (2, Pick("z"))]
    assert not step.is_open and step.public_view() == {"chosen": [], "waiting": []}


def test_the_public_view_is_the_same_whatever_was_chosen() -> None:
    one, two = Simultaneous(), Simultaneous()
    one.begin([0, 1])
    two.begin([0, 1])
    one.commit(0, Pick("a"))
    two.commit(0, Pick("b"))
    assert one.public_view() == two.public_view()


def test_a_new_step_waits_for_the_old_one() -> None:
    step = Simultaneous()
    step.begin([0])
    with pytest.raises(ValueError, match="not resolved"):
        step.begin([1])
    with pytest.raises(ValueError, match="sorted"):
        Simultaneous([1, 0])
    with pytest.raises(ValueError, match="both wait"):
        Simultaneous([0], {0: Pick("a")})


def test_copy_is_independent_and_saving_round_trips() -> None:
    step = Simultaneous()
    step.begin([0, 1, 2])
    step.commit(1, Pick("x"))
    copy = step.copy()
    copy.commit(0, Pick("y"))
    assert step.to_choose == (0, 2) and step.choices == {1: Pick("x")}
    converter = make_converter([Pick])
    data = json.loads(json.dumps(converter.unstructure(copy)))
    assert data["choices"] == {"0": {"type": "pick", "card": "y"}, "1": {"type": "pick", "card": "x"}}
    assert converter.structure(data, Simultaneous) == copy
    with pytest.raises(cattrs.ClassValidationError):
        converter.structure({**data, "choices": {"0": {"type": "nope"}}}, Simultaneous)
