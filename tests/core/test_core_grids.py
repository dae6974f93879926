"""SquareGrid: cells, neighbours, straight lines and spirals."""

from __future__ import annotations

import itertools

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tabletop.core import SquareGrid
from tabletop.core.grids import DIRECTIONS, DOWN, LEFT, ORTHOGONAL, RIGHT, UP

dims = st.integers(min_value=1, max_value=7)
fast = settings(max_examples=60, deadline=None)


def test_size_cell_and_coords() -> None:
    grid = SquareGrid(3, 4)
    assert grid.size == 12
    assert grid.cell(0, 0) == 0 and grid.cell(1, 2) == 6 and grid.cell(2, 3) == 11
    assert grid.coords(6) == (1, 2)
    for bad in ((3, 0), (0, 4), (-1, 0)):
        with pytest.raises(ValueError, match=r"is off the 3x4 grid"):
            grid.cell(*bad)
    for cell in (-1, 12):
        with pytest.raises(ValueError, match=f"cell {cell} is off the 3x4 grid"):
            grid.coords(cell)


def test_empty_grid_is_refused() -> None:
    with pytest.raises(ValueError):
        SquareGrid(0, 3)
    with pytest.raises(ValueError):
        SquareGrid(3, -1)


def test_direction_tables() -> None:
    assert ORTHOGONAL == (UP, RIGHT, DOWN, LEFT) == ((-1, 0), (0, 1), (1, 0), (0, -1))
    assert len(set(DIRECTIONS)) == 8 and set(ORTHOGONAL) <= set(DIRECTIONS)


def test_step_and_neighbours() -> None:
    grid = SquareGrid(3, 3)
    assert grid.step(4, UP) == 1 and grid.step(4, (1, 1)) == 8
    assert grid.step(0, UP) is None and grid.step(2, RIGHT) is None and grid.step(3, LEFT) is None
    assert sorted(grid.neighbours(4)) == [0, 1, 2, 3, 5, 6, 7, 8]
    assert sorted(grid.neighbours(4, diagonal=False)) == [1, 3, 5, 7]
    assert sorted(grid.neighbours(0)) == [1, 3, 4]
    assert sorted(grid.neighbours(0, diagonal=False)) == [1, 3]
    assert sorted(grid.neighbours(1)) == [0, 2, 3, 4, 5]
    assert SquareGrid(1, 1).neighbours(0) == ()


@fast
@given(dims, dims, st.booleans())
def test_neighbourhood_is_symmetric_and_touching(rows: int, cols: int, diagonal: bool) -> None:
    grid = SquareGrid(rows, cols)
    for cell in range(grid.size):
        r, c = grid.coords(cell)
        for other in grid.neighbours(cell, diagonal):
            orow, ocol = grid.coords(other)
            assert max(abs(r - orow), abs(c - ocol)) == 1
            assert diagonal or abs(r - orow) + abs(c - ocol) == 1
            assert cell in grid.neighbours(other, diagonal)


def test_lines_on_5x5() -> None:
    grid = SquareGrid(5, 5)
    assert len(grid.lines(1)) == 25
    # length 2: 5 rows x 4 + 5 cols x 4 + 2 diagonal directions x 4 x 4
    assert len(grid.lines(2)) == 20 + 20 + 32
    # length 3: 5 x 3 + 5 x 3 + 2 x 3 x 3
    assert len(grid.lines(3)) == 15 + 15 + 18
    assert len(grid.lines(5)) == 5 + 5 + 2
    assert grid.lines(6) == () and grid.lines(0) == () and grid.lines(-2) == ()
    assert (0, 6, 12, 18, 24) in grid.lines(5) and (4, 8, 12, 16, 20) in grid.lines(5)
    assert len(grid.lines_up_to(3)) == 25 + 72 + 48


def expected_lines(rows: int, cols: int, k: int) -> int:
    if k == 1:
        return rows * cols
    horizontal = rows * max(0, cols - k + 1)
    vertical = cols * max(0, rows - k + 1)
    diagonal = 2 * max(0, rows - k + 1) * max(0, cols - k + 1)
    return horizontal + vertical + diagonal


@fast
@given(dims, dims, st.integers(min_value=1, max_value=8))
def test_lines_are_straight_adjacent_runs_each_counted_once(rows: int, cols: int, k: int) -> None:
    grid = SquareGrid(rows, cols)
    lines = grid.lines(k)
    assert len(lines) == expected_lines(rows, cols, k)
    assert len({frozenset(line) for line in lines}) == len(lines), "a run appears twice"
    for line in lines:
        assert len(line) == k
        coords = [grid.coords(c) for c in line]
        steps = {(b[0] - a[0], b[1] - a[1]) for a, b in itertools.pairwise(coords)}
        assert len(steps) <= 1 and steps <= set(DIRECTIONS)


SPIRAL_5X5 = [
    (3, 3),
    (4, 3),
    (4, 2),
    (3, 2),
    (2, 2),
    (2, 3),
    (2, 4),
    (3, 4),
    (4, 4),
    (5, 4),
    (5, 3),
    (5, 2),
    (5, 1),
    (4, 1),
    (3, 1),
    (2, 1),
    (1, 1),
    (1, 2),
    (1, 3),
    (1, 4),
    (1, 5),
    (2, 5),
    (3, 5),
    (4, 5),
    (5, 5),
]


def test_spiral_from_the_centre_going_down_clockwise() -> None:
    grid = SquareGrid(5, 5)
    walk = grid.spiral(grid.cell(2, 2), DOWN, clockwise=True)
    assert [(r + 1, c + 1) for r, c in map(grid.coords, walk)] == SPIRAL_5X5


def test_counterclockwise_spiral_is_the_mirror_image() -> None:
    grid = SquareGrid(5, 5)
    walk = grid.spiral(grid.cell(2, 2), DOWN, clockwise=False)
    mirrored = [(r, 6 - c) for r, c in SPIRAL_5X5]
    assert [(r + 1, c + 1) for r, c in map(grid.coords, walk)] == mirrored


@fast
@given(dims, dims, st.data(), st.sampled_from(ORTHOGONAL), st.booleans())
def test_spiral_visits_every_cell_once(
    rows: int,
    cols: int,
    data: st.DataObject,
    first: tuple[int, int],
    clockwise: bool,
) -> None:
    grid = SquareGrid(rows, cols)
    start = data.draw(st.integers(min_value=0, max_value=grid.size - 1))
    walk = grid.spiral(start, first, clockwise)
    assert walk[0] == start
    assert sorted(walk) == list(range(grid.size))
    # It grows ring by ring: the Chebyshev distance from the start never decreases by a ring.
    r0, c0 = grid.coords(start)
    rings = [max(abs(r - r0), abs(c - c0)) for r, c in map(grid.coords, walk)]
    assert rings == sorted(rings)
