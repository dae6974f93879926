"""SquareGrid: cells, neighbours, straight lines and spirals."""

from __future__ import annotations

import itertools

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tabletop.core import SquareGrid
from tabletop.core.grids import DIRECTIONS, DOWN, LEFT, ORTHOGONAL, RIGHT, UP, CellCapacity

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


# ---------------------------------------------------------------------- distance and movement


def test_chebyshev_distance_and_radius() -> None:
    grid = SquareGrid(5, 5)
    centre = grid.cell(2, 2)
    assert grid.distance(centre, grid.cell(0, 0)) == 2
    assert grid.distance(centre, grid.cell(2, 3)) == 1
    assert grid.manhattan(centre, grid.cell(0, 0)) == 4
    assert len(grid.within(centre, 1)) == 8
    assert len(grid.within(centre, 1, include_self=True)) == 9
    assert grid.within(0, 1) == (1, 5, 6)
    assert len(grid.within(centre, 2)) == 24


@given(dims, dims, st.integers(0, 3), st.data())
@fast
def test_within_is_the_chebyshev_ball(rows: int, cols: int, radius: int, data: st.DataObject) -> None:
    grid = SquareGrid(rows, cols)
    cell = data.draw(st.integers(0, grid.size - 1))
    expected = tuple(c for c in range(grid.size) if c != cell and grid.distance(c, cell) <= radius)
    assert grid.within(cell, radius) == expected


def test_rays_between_and_direction() -> None:
    grid = SquareGrid(5, 5)
    assert grid.ray(grid.cell(2, 2), (0, 1)) == (grid.cell(2, 3), grid.cell(2, 4))
    assert grid.ray(grid.cell(2, 2), (-1, -1), 1) == (grid.cell(1, 1),)
    assert len(grid.rays(0)) == 8 and grid.rays(0)[0] == ()
    assert grid.direction_to(grid.cell(4, 0), grid.cell(1, 3)) == (-1, 1)
    assert grid.direction_to(grid.cell(0, 0), grid.cell(1, 2)) is None
    assert grid.direction_to(3, 3) is None
    assert grid.between(grid.cell(0, 0), grid.cell(0, 3)) == (1, 2)
    assert grid.between(grid.cell(0, 0), grid.cell(1, 1)) == ()
    assert grid.between(grid.cell(0, 0), grid.cell(1, 2)) is None


@given(dims, dims, st.data())
@fast
def test_between_cells_are_on_the_ray_and_closer(rows: int, cols: int, data: st.DataObject) -> None:
    grid = SquareGrid(rows, cols)
    a = data.draw(st.integers(0, grid.size - 1))
    b = data.draw(st.integers(0, grid.size - 1))
    cells = grid.between(a, b)
    direction = grid.direction_to(a, b)
    if direction is None:
        assert cells is None
        return
    assert cells is not None and len(cells) == grid.distance(a, b) - 1
    assert b in grid.ray(a, direction)
    for i, cell in enumerate(cells, start=1):
        assert grid.distance(a, cell) == i


def test_neighbour_tables_match_neighbours() -> None:
    grid = SquareGrid(4, 6)
    for cell in range(grid.size):
        assert grid.neighbour_table()[cell] == grid.neighbours(cell)
        assert grid.neighbour_table(diagonal=False)[cell] == grid.neighbours(cell, diagonal=False)


def test_reachable_walks_around_blocks_and_stops_where_allowed() -> None:
    grid = SquareGrid(3, 5)
    wall = {grid.cell(0, 2), grid.cell(1, 2)}
    start = grid.cell(0, 0)
    paths = grid.reachable(start, 3, lambda c: c not in wall, lambda c: c not in wall)
    target = grid.cell(1, 3)
    assert target in paths and len(paths[target]) == 3
    assert paths[target][1] == grid.cell(2, 2)  # round the wall's foot
    assert grid.cell(0, 4) not in paths  # 4 steps away round the wall
    assert start not in paths
    # A may-stop cell that is not passable ends the walk there (a climb).
    climb = grid.reachable(start, 3, lambda c: c not in wall, lambda c: True)
    assert grid.cell(0, 2) in climb and grid.cell(0, 3) not in climb
    orthogonal = grid.reachable(start, 1, lambda c: True, lambda c: True, diagonal=False)
    assert set(orthogonal) == {grid.cell(0, 1), grid.cell(1, 0)}


@given(dims, dims, st.integers(0, 4), st.sets(st.integers(0, 48)), st.data())
@fast
def test_reachable_paths_are_legal_and_shortest(
    rows: int, cols: int, budget: int, blocked: set[int], data: st.DataObject
) -> None:
    grid = SquareGrid(rows, cols)
    start = data.draw(st.integers(0, grid.size - 1))
    paths = grid.reachable(start, budget, lambda c: c not in blocked, lambda c: c not in blocked)
    for end, path in paths.items():
        assert 1 <= len(path) <= budget and path[-1] == end and end not in blocked
        previous = start
        for cell in path:
            assert grid.distance(previous, cell) == 1 and cell not in blocked
            previous = cell
        assert len(path) >= grid.distance(start, end)
    if not blocked:
        assert set(paths) == set(grid.within(start, budget))


def test_rotation_and_mirrors() -> None:
    grid = SquareGrid(13, 13)
    north = grid.cell(1, 6)
    assert grid.coords(grid.rotate(north)) == (6, 11)
    assert grid.coords(grid.rotate(north, 2)) == (11, 6)
    assert grid.rotate(north, 4) == north
    assert grid.coords(grid.mirror(grid.cell(1, 1))) == (1, 11)
    assert grid.coords(grid.mirror(grid.cell(1, 1), "horizontal")) == (11, 1)
    assert grid.coords(grid.mirror(grid.cell(1, 2), "diagonal")) == (2, 1)
    with pytest.raises(ValueError, match="no quarter-turn symmetry"):
        SquareGrid(2, 3).rotate(0)
    with pytest.raises(ValueError, match="no mirror axis"):
        SquareGrid(2, 3).mirror(0, "diagonal")


@given(dims, st.data())
@fast
def test_symmetries_are_distance_preserving_bijections(n: int, data: st.DataObject) -> None:
    grid = SquareGrid(n, n)
    a = data.draw(st.integers(0, grid.size - 1))
    b = data.draw(st.integers(0, grid.size - 1))
    for image in (grid.rotate, grid.mirror, lambda c: grid.mirror(c, "diagonal")):
        assert sorted(image(c) for c in range(grid.size)) == list(range(grid.size))
        assert grid.distance(image(a), image(b)) == grid.distance(a, b)


def test_cell_capacity() -> None:
    capacity = CellCapacity({"soldier": 5, "general": 1})
    assert capacity.admits("soldier", 4) and not capacity.admits("soldier", 5)
    assert capacity.is_full("general", 1) and not capacity.is_full("general", 0)
    assert capacity.admits("token", 1000)  # a kind without a limit
    with pytest.raises(ValueError, match="must be an int >= 0"):
        CellCapacity({"soldier": -1})
