"""Square grids: cells, the eight directions, straight lines and spirals.

Cells are numbered ``row * cols + col`` from the top-left corner, rows growing downwards. The
topology is immutable and precomputes what rules ask for most (neighbours, lines), so a game
stores only its cell contents. A hex topology would offer the same methods.
"""

from __future__ import annotations

from functools import cached_property

import attrs

#: The eight directions as (row step, column step), clockwise from up.
DIRECTIONS: tuple[tuple[int, int], ...] = (
    (-1, 0),
    (-1, 1),
    (0, 1),
    (1, 1),
    (1, 0),
    (1, -1),
    (0, -1),
    (-1, -1),
)
#: The four orthogonal directions, clockwise from up.
ORTHOGONAL: tuple[tuple[int, int], ...] = ((-1, 0), (0, 1), (1, 0), (0, -1))

UP, RIGHT, DOWN, LEFT = ORTHOGONAL


@attrs.frozen
class SquareGrid:
    """A ``rows`` x ``cols`` board of cells."""

    rows: int = attrs.field(validator=attrs.validators.gt(0))
    cols: int = attrs.field(validator=attrs.validators.gt(0))

    @property
    def size(self) -> int:
        """The number of cells."""
        return self.rows * self.cols

    def cell(self, row: int, col: int) -> int:
        """The index of the cell at ``(row, col)`` (0-based)."""
        if not (0 <= row < self.rows and 0 <= col < self.cols):
            raise ValueError(f"({row}, {col}) is off the {self.rows}x{self.cols} grid")
        return row * self.cols + col

    def coords(self, cell: int) -> tuple[int, int]:
        """The ``(row, col)`` of a cell index."""
        if not 0 <= cell < self.size:
            raise ValueError(f"cell {cell} is off the {self.rows}x{self.cols} grid")
        return divmod(cell, self.cols)

    def step(self, cell: int, direction: tuple[int, int]) -> int | None:
        """The neighbour of ``cell`` in ``direction``, or ``None`` off the edge."""
        row, col = divmod(cell, self.cols)
        row, col = row + direction[0], col + direction[1]
        if 0 <= row < self.rows and 0 <= col < self.cols:
            return row * self.cols + col
        return None

    def neighbours(self, cell: int, diagonal: bool = True) -> tuple[int, ...]:
        """The cells touching ``cell`` (8-connected, or 4-connected without ``diagonal``)."""
        dirs = DIRECTIONS if diagonal else ORTHOGONAL
        return tuple(n for d in dirs if (n := self.step(cell, d)) is not None)

    def lines(self, length: int) -> tuple[tuple[int, ...], ...]:
        """Every straight run of ``length`` adjacent cells along a row, column or diagonal.

        Each run appears once (not again reversed); a run of length 1 is a single cell.
        """
        return self._lines_by_length.get(length, ()) if length > 0 else ()

    def lines_up_to(self, length: int) -> tuple[tuple[int, ...], ...]:
        """Every straight run of 1 to ``length`` cells."""
        return tuple(line for n in range(1, length + 1) for line in self.lines(n))

    @cached_property
    def _lines_by_length(self) -> dict[int, tuple[tuple[int, ...], ...]]:
        longest = max(self.rows, self.cols)
        found: dict[int, list[tuple[int, ...]]] = {n: [] for n in range(1, longest + 1)}
        found[1] = [(c,) for c in range(self.size)]
        # Half of the eight directions: each line once, read forwards.
        for direction in ((0, 1), (1, 0), (1, 1), (1, -1)):
            for start in range(self.size):
                run = [start]
                while len(run) < longest:
                    nxt = self.step(run[-1], direction)
                    if nxt is None:
                        break
                    run.append(nxt)
                    found[len(run)].append(tuple(run))
        return {n: tuple(runs) for n, runs in found.items()}

    def spiral(self, start: int, first: tuple[int, int], clockwise: bool = True) -> tuple[int, ...]:
        """Every cell once, walking a square spiral out from ``start``.

        The walk goes 1 step in ``first``, turns, 1 step, turns, 2, 2, 3, 3, ...; cells off the
        board are skipped, so the spiral also covers rectangular boards.
        """
        order = [start]
        row, col = divmod(start, self.cols)
        d = ORTHOGONAL.index(first)
        turn = 1 if clockwise else -1
        run = 1
        limit = 4 * max(self.rows, self.cols) ** 2
        while len(order) < self.size and run < limit:
            for _ in range(2):
                dr, dc = ORTHOGONAL[d]
                for _ in range(run):
                    row, col = row + dr, col + dc
                    if 0 <= row < self.rows and 0 <= col < self.cols:
                        order.append(row * self.cols + col)
                d = (d + turn) % 4
            run += 1
        return tuple(order)
