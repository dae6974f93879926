"""Square grids: cells, the eight directions, straight lines, spirals and movement.

Cells are numbered ``row * cols + col`` from the top-left corner, rows growing downwards. The
topology is immutable and precomputes what rules ask for most (neighbour tables, lines), so a
game stores only its cell contents. Movement helpers (Chebyshev distance, radius, rays, the
cells between two cells, breadth-first reachability within a move budget) and the board's
symmetries (quarter turns, mirrors) serve grid-tactics games; :class:`CellCapacity` states how
many pieces of each kind a cell may hold. A hex topology would offer the same methods.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable, Mapping
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


def _as_dict(limits: Mapping[str, int]) -> dict[str, int]:
    return dict(limits)


@attrs.frozen
class CellCapacity:
    """How many pieces of each kind one cell may hold (``{"soldier": 5, "general": 1}``).

    A kind not named has no limit. The grid does not store contents: a game counts what a cell
    holds and asks :meth:`admits` before it puts one more piece there.
    """

    limits: Mapping[str, int] = attrs.field(converter=_as_dict)

    @limits.validator
    def _check(self, _: object, value: Mapping[str, int]) -> None:
        for kind, limit in value.items():
            if isinstance(limit, bool) or not isinstance(limit, int) or limit < 0:
                raise ValueError(f"the limit for {kind!r} must be an int >= 0, got {limit!r}")

    def admits(self, kind: str, present: int) -> bool:
        """Whether a cell already holding ``present`` pieces of ``kind`` has room for one more."""
        limit = self.limits.get(kind)
        return limit is None or present < limit

    def is_full(self, kind: str, present: int) -> bool:
        """Whether ``present`` pieces of ``kind`` fill the cell (nothing of that kind fits)."""
        return not self.admits(kind, present)


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

    # ------------------------------------------------------------------ distance and movement

    def neighbour_table(self, diagonal: bool = True) -> tuple[tuple[int, ...], ...]:
        """Per cell, its neighbours (8-connected, or 4-connected without ``diagonal``),
        precomputed once: index it in hot loops instead of calling :meth:`neighbours`."""
        return self._neighbours8 if diagonal else self._neighbours4

    @cached_property
    def _neighbours8(self) -> tuple[tuple[int, ...], ...]:
        return tuple(self.neighbours(c, True) for c in range(self.size))

    @cached_property
    def _neighbours4(self) -> tuple[tuple[int, ...], ...]:
        return tuple(self.neighbours(c, False) for c in range(self.size))

    def distance(self, a: int, b: int) -> int:
        """The Chebyshev (king-move) distance between two cells: ``max(|dr|, |dc|)``."""
        ra, ca = divmod(a, self.cols)
        rb, cb = divmod(b, self.cols)
        return max(abs(ra - rb), abs(ca - cb))

    def manhattan(self, a: int, b: int) -> int:
        """The 4-connected step distance between two cells: ``|dr| + |dc|``."""
        ra, ca = divmod(a, self.cols)
        rb, cb = divmod(b, self.cols)
        return abs(ra - rb) + abs(ca - cb)

    def within(self, cell: int, radius: int, include_self: bool = False) -> tuple[int, ...]:
        """Every cell at Chebyshev distance at most ``radius`` from ``cell``, in index order."""
        cols = self.cols
        row, col = divmod(cell, cols)
        first, last = max(0, col - radius), min(cols, col + radius + 1)
        # A row's run of cells at a time (games build their tables from this in a fresh
        # process's first game: hundreds of calls).
        cells: list[int] = []
        for start in range(max(0, row - radius) * cols, min(self.rows, row + radius + 1) * cols, cols):
            cells += range(start + first, start + last)
        if not include_self and radius >= 0 and 0 <= cell < self.size:
            cells.remove(cell)
        return tuple(cells)

    def ray(self, cell: int, direction: tuple[int, int], length: int | None = None) -> tuple[int, ...]:
        """The cells from ``cell`` (excluded) in ``direction`` up to the edge, or ``length`` steps."""
        return self._rays[cell][DIRECTIONS.index(direction)][:length]

    def rays(self, cell: int) -> tuple[tuple[int, ...], ...]:
        """The eight rays from ``cell`` in :data:`DIRECTIONS` order (each up to the edge)."""
        return self._rays[cell]

    @cached_property
    def _rays(self) -> tuple[tuple[tuple[int, ...], ...], ...]:
        # Each of the four axes cuts the grid into lines (runs of cells with a fixed index
        # difference, from an edge to the opposite one): the ray from a cell in a direction is
        # the rest of its line on that side, a slice (a fresh process builds this table in its
        # first game of a grid game: 8 rays a cell).
        rows, cols, size = self.rows, self.cols, self.size
        table: list[list[tuple[int, ...]]] = [[()] * len(DIRECTIONS) for _ in range(size)]
        for forward, (dr, dc) in enumerate(DIRECTIONS[:4]):  # DIRECTIONS[forward + 4] is the opposite
            delta = dr * cols + dc
            # The lines start on the edges the direction leaves from.
            starts: set[int] = set()
            if dr:
                first = 0 if dr > 0 else (rows - 1) * cols
                starts.update(range(first, first + cols))
            if dc:
                starts.update(range(0 if dc > 0 else cols - 1, size, cols))
            for start in starts:
                row, col = divmod(start, cols)
                steps = min(
                    rows - 1 - row if dr > 0 else row if dr < 0 else size,
                    cols - 1 - col if dc > 0 else col if dc < 0 else size,
                )
                line = tuple(range(start, start + delta * (steps + 1), delta)) if steps else (start,)
                for index, cell in enumerate(line):
                    rays = table[cell]
                    rays[forward] = line[index + 1 :]
                    rays[forward + 4] = line[index - 1 :: -1] if index else ()
        return tuple(map(tuple, table))

    def direction_to(self, a: int, b: int) -> tuple[int, int] | None:
        """The unit step from ``a`` toward ``b`` when ``b`` lies on one of the eight rays from
        ``a`` (same row, column or diagonal); ``None`` otherwise or when ``a == b``."""
        ra, ca = divmod(a, self.cols)
        rb, cb = divmod(b, self.cols)
        dr, dc = rb - ra, cb - ca
        if (dr == 0 and dc == 0) or (dr != 0 and dc != 0 and abs(dr) != abs(dc)):
            return None
        return ((dr > 0) - (dr < 0), (dc > 0) - (dc < 0))

    def between(self, a: int, b: int) -> tuple[int, ...] | None:
        """The cells strictly between ``a`` and ``b`` on the ray joining them (the line of
        fire), nearest ``a`` first; ``None`` when ``b`` is not on a ray from ``a``."""
        direction = self.direction_to(a, b)
        if direction is None:
            return None
        return self.ray(a, direction, self.distance(a, b) - 1)

    def reachable(
        self,
        start: int,
        budget: int,
        passable: Callable[[int], bool],
        may_stop: Callable[[int], bool],
        diagonal: bool = True,
    ) -> dict[int, tuple[int, ...]]:
        """Every cell a piece at ``start`` may end a move of 1 to ``budget`` steps on, with a
        shortest path to it (``start`` excluded, the destination included).

        Breadth-first: a step may enter a cell when ``passable(cell)``; the move may end on a
        cell when ``may_stop(cell)``. A cell that is not passable may still end a move when
        ``may_stop`` says so (a climb, an attack position), but the walk does not go on from it.
        """
        table = self.neighbour_table(diagonal)
        paths: dict[int, tuple[int, ...]] = {}
        seen = {start}
        frontier: deque[tuple[int, tuple[int, ...]]] = deque([(start, ())])
        while frontier:
            cell, path = frontier.popleft()
            if len(path) >= budget:
                continue
            for nxt in table[cell]:
                if nxt in seen:
                    continue
                seen.add(nxt)
                route = (*path, nxt)
                if may_stop(nxt):
                    paths[nxt] = route
                if passable(nxt):
                    frontier.append((nxt, route))
        return paths

    # ------------------------------------------------------------------ symmetries

    def rotate(self, cell: int, quarter_turns: int = 1) -> int:
        """The cell that ``cell`` becomes when a square board turns ``quarter_turns`` times a
        quarter clockwise: ``(r, c) -> (c, n-1-r)`` per turn."""
        if self.rows != self.cols and quarter_turns % 2:
            raise ValueError(f"a {self.rows}x{self.cols} board has no quarter-turn symmetry")
        row, col = divmod(cell, self.cols)
        n = self.rows
        for _ in range(quarter_turns % 4):
            row, col = col, n - 1 - row
        return row * self.cols + col

    def mirror(self, cell: int, axis: str = "vertical") -> int:
        """The mirror image of ``cell``: about the vertical centre line (``(r, c) -> (r,
        cols-1-c)``), the horizontal one (``(r, c) -> (rows-1-r, c)``) or the main diagonal
        (``(r, c) -> (c, r)``, square boards only)."""
        row, col = divmod(cell, self.cols)
        if axis == "vertical":
            return row * self.cols + (self.cols - 1 - col)
        if axis == "horizontal":
            return (self.rows - 1 - row) * self.cols + col
        if axis == "diagonal" and self.rows == self.cols:
            return col * self.cols + row
        raise ValueError(f"no mirror axis {axis!r} on a {self.rows}x{self.cols} board")

    # ------------------------------------------------------------------ lines

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
