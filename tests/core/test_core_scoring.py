"""Score sheets, rankings with tie-breaks, winners; Outcome returns."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from tabletop.core import Outcome, ranking, score_sheet, winners


def test_score_sheet_keeps_order_and_puts_total_last() -> None:
    sheet = score_sheet({"cards": 5, "nobles": 3, "coins": 0})
    assert list(sheet) == ["cards", "nobles", "coins", "total"]
    assert sheet["total"] == 8
    assert score_sheet({"total": 99, "a": 1}) == {"a": 1, "total": 1}
    assert score_sheet({}) == {"total": 0}


def test_ranking_groups_ties_and_breaks_them_by_later_keys() -> None:
    keys = [(10, -3), (12, 0), (10, -2), (10, -3)]
    assert ranking(keys) == [(1,), (2,), (0, 3)]
    assert winners(keys) == (1,)
    assert winners([(7, 1), (7, 1)]) == (0, 1)
    assert winners([(7, 2), (7, 1)]) == (0,)
    assert winners([]) == () and ranking([]) == []


def test_ranking_accepts_lists_as_keys() -> None:
    assert ranking([[1, 2], [1, 3]]) == [(1,), (0,)]


@settings(max_examples=80, deadline=None)
@given(st.lists(st.tuples(st.integers(0, 3), st.integers(0, 2)), max_size=8))
def test_ranking_partitions_seats_best_first(keys: list[tuple[int, int]]) -> None:
    groups = ranking(keys)
    seats = [seat for group in groups for seat in group]
    assert sorted(seats) == list(range(len(keys)))
    for group in groups:
        assert len({keys[s] for s in group}) == 1
        assert list(group) == sorted(group)
    group_keys = [keys[g[0]] for g in groups]
    assert group_keys == sorted(set(group_keys), reverse=True)
    if keys:
        assert set(winners(keys)) == {s for s, k in enumerate(keys) if k == max(keys)}


def test_outcome_returns() -> None:
    assert Outcome((1,), (3, 9, 4), "points").returns == (-1.0, 1.0, -1.0)
    assert Outcome((0, 2), (5, 1, 5), "points").returns == (1.0, -1.0, 1.0)
    assert Outcome((0, 1), (2, 2), "draw").returns == (0.0, 0.0)
