"""ActionSpace: a stable bijection between a game's actions and 0..size-1."""

from __future__ import annotations

import attrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tabletop.core import Action, ActionSpace, Block


@attrs.frozen
class Pass(Action):
    kind = "pass"


@attrs.frozen
class Move(Action):
    kind = "move"
    src: int
    dst: int


@attrs.frozen
class Pick(Action):
    kind = "pick"
    card: str


@attrs.frozen
class Foreign(Action):
    kind = "foreign"


def small_space() -> ActionSpace:
    return ActionSpace(
        [
            Block(Pass, ()),
            Block(Move, (("src", (0, 1, 2)), ("dst", (10, 20)))),
            Block(Pick, (("card", ("a", "b", "c", "d")),)),
        ]
    )


def test_size_is_the_sum_of_block_products() -> None:
    space = small_space()
    assert [b.size for b in space.blocks] == [1, 6, 4]
    assert space.size == 11


def test_encode_decode_round_trip_over_every_id() -> None:
    space = small_space()
    actions = [space.decode(i) for i in range(space.size)]
    assert len(set(actions)) == space.size
    assert [space.encode(a) for a in actions] == list(range(space.size))


def test_ids_are_block_offset_plus_mixed_radix() -> None:
    space = small_space()
    assert space.decode(0) == Pass()
    assert space.encode(Move(0, 10)) == 1
    assert space.encode(Move(0, 20)) == 2  # the last field varies fastest
    assert space.encode(Move(1, 10)) == 3
    assert space.encode(Move(2, 20)) == 6
    assert space.encode(Pick("a")) == 7
    assert space.encode(Pick("d")) == 10


def test_foreign_action_type_is_refused() -> None:
    with pytest.raises(ValueError, match="Foreign is not an action of this game"):
        small_space().encode(Foreign())


@pytest.mark.parametrize("action", [Move(3, 10), Move(0, 15), Pick("z")])
def test_field_outside_its_domain_is_refused(action: Action) -> None:
    with pytest.raises(ValueError, match="outside the action space"):
        small_space().encode(action)


def test_unhashable_field_value_is_refused_as_value_error() -> None:
    with pytest.raises(ValueError, match=r"Pick\.card"):
        small_space().encode(Pick(["a"]))  # type: ignore[arg-type]


@pytest.mark.parametrize("bad", [-1, 11, 1000, "3", 1.0, None, True])
def test_out_of_range_ids_are_refused(bad: object) -> None:
    with pytest.raises(ValueError, match=r"action id must be an int in \[0, 11\)"):
        small_space().decode(bad)  # type: ignore[arg-type]


def test_two_blocks_for_one_type_are_refused() -> None:
    with pytest.raises(ValueError, match="Pass has two blocks"):
        ActionSpace([Block(Pass, ()), Block(Pass, ())])


def test_repeated_domain_value_is_refused() -> None:
    with pytest.raises(ValueError, match=r"Pick\.card domain repeats a value"):
        ActionSpace([Block(Pick, (("card", ("a", "a")),))])


def test_empty_domain_block_takes_no_ids() -> None:
    space = ActionSpace(
        [
            Block(Pick, (("card", ()),)),
            Block(Pass, ()),
            Block(Move, (("src", ()), ("dst", (1,)))),
        ]
    )
    assert space.size == 1
    assert space.decode(0) == Pass()
    assert space.encode(Pass()) == 0


@settings(max_examples=40, deadline=None)
@given(
    st.integers(min_value=1, max_value=5),
    st.integers(min_value=1, max_value=5),
    st.integers(min_value=1, max_value=6),
    st.booleans(),
)
def test_round_trip_for_any_domain_sizes(srcs: int, dsts: int, cards: int, pass_first: bool) -> None:
    blocks = [
        Block(Move, (("src", tuple(range(srcs))), ("dst", tuple(range(100, 100 + dsts))))),
        Block(Pick, (("card", tuple("abcdef"[:cards])),)),
    ]
    blocks.insert(0 if pass_first else 2, Block(Pass, ()))
    space = ActionSpace(blocks)
    assert space.size == srcs * dsts + cards + 1
    decoded = [space.decode(i) for i in range(space.size)]
    assert len(set(decoded)) == space.size
    for i, action in enumerate(decoded):
        assert space.encode(action) == i
