"""SquareGrid's ray table, computed as ranges (issue 15: a fresh process builds it in its first
game), holds the rays a walk of single steps gives."""

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
