"""Layout: cards covering cards; a card is taken once uncovered and turned up when uncovered."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tabletop.core import Layout, LayoutShape

#     [0]          back row, face up
#   [1] [2]        middle row, face down
#  [3] [4] [5]     front row, face up
PYRAMID = LayoutShape(
    covered_by=((1, 2), (3, 4), (4, 5), (), (), ()),
    face_up=(True, False, False, True, True, True),
)


def dealt() -> Layout:
    return Layout.dealt(PYRAMID, ["A", "B", "C", "D", "E", "F"])


def test_shape_derives_what_each_slot_covers() -> None:
    assert PYRAMID.size == 6
    assert PYRAMID.covers == ((), (0,), (0,), (1,), (1, 2), (2,))


def test_shape_validation() -> None:
    with pytest.raises(ValueError, match="same slots"):
        LayoutShape(covered_by=((), ()), face_up=(True,))
    with pytest.raises(ValueError, match="slot 0 is covered by an invalid slot 5"):
        LayoutShape(covered_by=((5,), ()), face_up=(True, True))
    with pytest.raises(ValueError, match="slot 1 is covered by an invalid slot 1"):
        LayoutShape(covered_by=((), (1,)), face_up=(True, True))
    with pytest.raises(ValueError, match="invalid slot -1"):
        LayoutShape(covered_by=((-1,),), face_up=(True,))


def test_dealt_needs_one_card_per_slot() -> None:
    with pytest.raises(ValueError, match="the layout has 6 slots, got 5 cards"):
        Layout.dealt(PYRAMID, ["A"] * 5)
    layout = dealt()
    assert layout.revealed == [True, False, False, True, True, True]
    assert layout.remaining() == 6


def test_only_uncovered_cards_are_accessible() -> None:
    layout = dealt()
    assert layout.accessible() == [3, 4, 5]
    assert not layout.is_accessible(1)
    with pytest.raises(ValueError, match="layout slot 1 is empty or covered"):
        layout.take(1)
    assert layout.cards == ["A", "B", "C", "D", "E", "F"]


def test_uncovering_turns_face_down_cards_up() -> None:
    layout = dealt()
    assert layout.take(3) == ("D", [])  # slot 1 is still under slot 4
    assert layout.take(4) == ("E", [1])  # slot 1 uncovered; slot 2 still under 5
    assert layout.revealed[1] and not layout.revealed[2]
    assert layout.accessible() == [1, 5]
    assert layout.take(5) == ("F", [2])
    assert layout.take(1) == ("B", [])  # slot 0 still under slot 2
    assert layout.take(2) == ("C", [])  # slot 0 uncovered but it was face up already
    assert layout.accessible() == [0]
    assert layout.take(0) == ("A", [])
    assert layout.remaining() == 0 and layout.accessible() == []
    with pytest.raises(ValueError, match="empty or covered"):
        layout.take(0)


def test_copy_shares_the_shape_but_not_the_cards() -> None:
    layout = dealt()
    copy = layout.copy()
    copy.take(4)
    copy.take(3)
    assert copy.shape is layout.shape
    assert layout.cards == ["A", "B", "C", "D", "E", "F"]
    assert layout.revealed == [True, False, False, True, True, True]


@settings(max_examples=60, deadline=None)
@given(st.lists(st.integers(min_value=0, max_value=10), min_size=6, max_size=6))
def test_any_taking_order_takes_every_card_once_and_shows_every_accessible_card(
    picks: list[int],
) -> None:
    layout = dealt()
    taken = []
    for pick in picks:
        open_slots = layout.accessible()
        assert open_slots, "cards remain but none is accessible"
        slot = open_slots[pick % len(open_slots)]
        was_down = [s for s in range(6) if not layout.revealed[s]]
        card, turned = layout.take(slot)
        taken.append(card)
        assert all(layout.revealed[s] for s in layout.accessible())
        assert set(turned) == {s for s in was_down if layout.revealed[s]}
        # The accessible list kept up to date equals the one recomputed from scratch.
        assert layout.accessible() == [s for s in range(6) if layout.is_accessible(s)]
    assert sorted(taken) == ["A", "B", "C", "D", "E", "F"]
    assert layout.remaining() == 0


def test_refresh_after_placing_cards_by_hand() -> None:
    layout = dealt()
    assert layout.accessible() == [3, 4, 5]
    layout.cards[3] = layout.cards[4] = None  # a scenario set up by hand
    layout.refresh()
    assert layout.accessible() == [1, 5]


def test_loaded_layout_knows_its_accessible_slots() -> None:
    from tabletop.core.serialize import make_converter

    layout = dealt()
    layout.take(3)
    layout.take(4)
    converter = make_converter()
    loaded = converter.structure(converter.unstructure(layout), Layout)
    assert "open" not in converter.unstructure(layout)
    assert loaded.accessible() == layout.accessible() == [1, 5]


def test_a_covering_cycle_is_refused() -> None:
    with pytest.raises(ValueError, match="cover each other"):
        LayoutShape(covered_by=((1,), (2,), (0,)), face_up=(True, True, True))


def test_a_layout_with_the_wrong_number_of_cards_is_refused() -> None:
    with pytest.raises(ValueError, match="the layout has 6 slots, got 2 cards"):
        Layout(PYRAMID, ["A", "B"], [True, True])
