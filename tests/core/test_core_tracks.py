"""Track: a pawn between two ends, moves clamped, entered spaces reported; zones."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tabletop.core import Track, Zone, zone_at


def test_move_reports_entered_spaces_in_order() -> None:
    track = Track(-9, 9)
    assert track.move(3) == (1, 2, 3) and track.position == 3
    assert track.move(-5) == (2, 1, 0, -1, -2) and track.position == -2
    assert track.move(0) == () and track.position == -2


def test_move_clamps_at_both_ends() -> None:
    track = Track(-3, 3, 1)
    assert track.move(10) == (2, 3) and track.position == 3 and track.at_end
    assert track.move(1) == () and track.position == 3
    assert track.move(-100) == (2, 1, 0, -1, -2, -3) and track.position == -3 and track.at_end
    assert track.move(-1) == ()
    assert not Track(-3, 3).at_end


def test_position_off_the_track_is_refused() -> None:
    with pytest.raises(ValueError, match=r"position 4 is off the track -3\.\.3"):
        Track(-3, 3, 4)
    with pytest.raises(ValueError):
        Track(1, 5)  # the default position 0 is off this track


def test_copy_is_independent() -> None:
    track = Track(0, 5, 2)
    copy = track.copy()
    copy.move(2)
    assert track.position == 2 and copy.position == 4


def test_zones() -> None:
    zones = [Zone(-9, -6, 10), Zone(-5, -3, 5), Zone(-2, -1, 2), Zone(1, 2, 2)]
    assert zone_at(zones, -7) == Zone(-9, -6, 10)
    assert zone_at(zones, -3) == Zone(-5, -3, 5)
    assert zone_at(zones, 0) is None
    assert zone_at(zones, 2) == Zone(1, 2, 2)
    assert -6 in zones[0] and -5 not in zones[0] and "x" not in zones[0]
    assert Zone(0, 0).value == 0


@settings(max_examples=100, deadline=None)
@given(
    st.integers(min_value=-10, max_value=0),
    st.integers(min_value=0, max_value=10),
    st.lists(st.integers(min_value=-25, max_value=25), max_size=20),
)
def test_moves_stay_on_the_track_and_enter_each_space_between(
    low: int,
    high: int,
    deltas: list[int],
) -> None:
    track = Track(low, high)
    for delta in deltas:
        old = track.position
        entered = track.move(delta)
        new = track.position
        assert low <= new <= high
        assert new == min(high, max(low, old + delta))
        assert len(entered) == abs(new - old)
        if entered:
            assert entered[-1] == new
            step = 1 if new > old else -1
            assert entered == tuple(range(old + step, new + step, step))
