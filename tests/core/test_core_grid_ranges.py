"""SquareGrid's rays and squares, computed as ranges (issue 15: a fresh process builds its tables
from them in its first game), are the cells a walk of single steps, or a test cell by cell, gives."""

from __future__ import annotations

import pytest

from tabletop.core.grids import DIRECTIONS, SquareGrid


def _walked(grid: SquareGrid, cell: int, direction: tuple[int, int]) -> tuple[int, ...]:
    run = []
    nxt = grid.step(cell, direction)
    while nxt is not None:
        run.append(nxt)
        nxt = grid.step(nxt, direction)
    return tuple(run)


@pytest.mark.parametrize("rows, cols", [(1, 1), (1, 6), (6, 1), (3, 10), (10, 3), (5, 5), (9, 13), (13, 9)])
def test_rays_are_the_single_step_walks(rows: int, cols: int) -> None:
    grid = SquareGrid(rows, cols)
    for cell in range(grid.size):
        assert grid.rays(cell) == tuple(_walked(grid, cell, d) for d in DIRECTIONS), cell


def _within_cell_by_cell(grid: SquareGrid, cell: int, radius: int, include_self: bool) -> tuple[int, ...]:
    row, col = divmod(cell, grid.cols)
    return tuple(
        r * grid.cols + c
        for r in range(max(0, row - radius), min(grid.rows, row + radius + 1))
        for c in range(max(0, col - radius), min(grid.cols, col + radius + 1))
        if include_self or r != row or c != col
    )


@pytest.mark.parametrize("rows, cols", [(1, 1), (1, 6), (6, 1), (3, 10), (5, 5), (9, 13)])
def test_within_is_the_cell_by_cell_square(rows: int, cols: int) -> None:
    grid = SquareGrid(rows, cols)
    for cell in range(-cols - 1, grid.size + cols + 1):  # off the grid too: nothing is checked
        for radius in range(-2, max(rows, cols) + 1):
            for include_self in (False, True):
                expected = _within_cell_by_cell(grid, cell, radius, include_self)
                assert grid.within(cell, radius, include_self) == expected, (cell, radius, include_self)
