"""TokenPool: a multiset that never goes negative; moves conserve totals; refusals change nothing."""

from __future__ import annotations

from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tabletop.core import TokenPool

KINDS = ("red", "blue", "gold")


def test_of_merges_mapping_and_keywords() -> None:
    pool = TokenPool.of({"red": 1, "blue": 2}, red=3, gold=1)
    assert pool.as_dict() == {"red": 3, "blue": 2, "gold": 1}
    assert pool["red"] == 3 and pool["pearl"] == 0
    assert pool.total() == len(pool) == 6


@pytest.mark.parametrize("bad", [-1, 1.5, "2"])
def test_construction_refuses_bad_counts(bad: object) -> None:
    with pytest.raises(ValueError, match="'red' must be a non-negative int"):
        TokenPool({"red": bad})  # type: ignore[dict-item]


def test_equality_ignores_kinds_at_zero_and_pools_are_unhashable() -> None:
    assert TokenPool.of(red=2, blue=0) == TokenPool.of(red=2)
    assert TokenPool.of(red=2) != TokenPool.of(red=1)
    assert TokenPool.of(red=2) != {"red": 2}
    with pytest.raises(TypeError):
        hash(TokenPool())


def test_iteration_and_items_show_only_present_kinds() -> None:
    pool = TokenPool.of(red=2, blue=0, gold=1)
    assert list(pool) == ["red", "gold"]
    assert list(pool.items()) == [("red", 2), ("gold", 1)]
    assert str(pool) == "2 red, 1 gold"
    assert str(TokenPool.of(red=0)) == "nothing"


def test_contains() -> None:
    pool = TokenPool.of(red=2, gold=1)
    assert pool.contains({"red": 2, "gold": 1})
    assert pool.contains({})
    assert not pool.contains({"red": 3})
    assert not pool.contains({"blue": 1})


def test_add_and_remove() -> None:
    pool = TokenPool()
    pool.add("red", 3)
    pool.remove("red", 2)
    assert pool.as_dict() == {"red": 1}
    with pytest.raises(ValueError, match="negative"):
        pool.add("red", -1)
    with pytest.raises(ValueError, match=r"cannot remove 2 'red' token\(s\): the pool holds 1"):
        pool.remove("red", 2)
    with pytest.raises(ValueError, match="cannot remove -1"):
        pool.remove("red", -1)
    assert pool.as_dict() == {"red": 1}


def test_move_to_refusal_changes_neither_pool() -> None:
    a, b = TokenPool.of(red=1), TokenPool.of(blue=1)
    with pytest.raises(ValueError):
        a.move_to(b, "red", 2)
    with pytest.raises(ValueError):
        a.move_to(b, "red", -1)
    assert a.as_dict() == {"red": 1} and b.as_dict() == {"blue": 1}


def test_move_all_to_is_all_or_nothing() -> None:
    a, b = TokenPool.of(red=2, gold=1), TokenPool()
    with pytest.raises(ValueError, match="cannot move"):
        a.move_all_to(b, {"red": 1, "gold": 2})
    with pytest.raises(ValueError, match="cannot move"):
        a.move_all_to(b, {"red": 3, "gold": -1})
    for wanted in ({"red": 1, "gold": -1}, {"red": 1, "blue": 1}):  # the bad kind comes last
        with pytest.raises(ValueError, match="cannot move"):
            a.move_all_to(b, wanted)
    assert a.as_dict() == {"red": 2, "gold": 1} and b.as_dict() == {}
    a.move_all_to(b, {"red": 1, "gold": 1})
    assert a.as_dict() == {"red": 1} and b.as_dict() == {"red": 1, "gold": 1}


def test_copy_is_independent() -> None:
    pool = TokenPool.of(red=1)
    copy = pool.copy()
    copy.add("red")
    copy.add("blue")
    assert pool.as_dict() == {"red": 1}


ops = st.lists(
    st.tuples(
        st.sampled_from(["move", "move_all", "remove"]),
        st.integers(min_value=0, max_value=2),
        st.integers(min_value=0, max_value=2),
        st.dictionaries(st.sampled_from(KINDS), st.integers(min_value=-1, max_value=4), max_size=3),
    ),
    max_size=40,
)
pools = st.lists(
    st.dictionaries(st.sampled_from(KINDS), st.integers(min_value=0, max_value=5)),
    min_size=3,
    max_size=3,
)


def snapshot(places: list[TokenPool]) -> list[dict[str, int]]:
    return [dict(p.counts) for p in places]


def totals(places: list[TokenPool]) -> Counter[str]:
    total: Counter[str] = Counter()
    for p in places:
        total.update(p.as_dict())
    return total


@settings(max_examples=80, deadline=None)
@given(pools, ops)
def test_moves_conserve_totals_never_go_negative_and_refusals_change_nothing(
    start: list[dict[str, int]],
    operations: list[tuple[str, int, int, dict[str, int]]],
) -> None:
    places = [TokenPool(dict(c)) for c in start]
    before_all = totals(places)
    removed: Counter[str] = Counter()
    for op, i, j, wanted in operations:
        before = snapshot(places)
        src, dst = places[i], places[j]
        try:
            if op == "move":
                for kind, n in wanted.items():
                    src.move_to(dst, kind, n)
                    before = snapshot(places)  # each single move is its own step
            elif op == "move_all":
                src.move_all_to(dst, wanted)
            else:
                for kind, n in wanted.items():
                    src.remove(kind, n)
                    removed[kind] += n
                    before = snapshot(places)
        except ValueError:
            assert snapshot(places) == before, "a refused transfer changed a pool"
        for p in places:
            assert all(isinstance(n, int) and n >= 0 for n in p.counts.values())
        assert totals(places) + removed == before_all
