"""Splendor Duel's open take lines, tested at C level when a board pattern is first met (issue 15:
a fresh process meets hundreds in its first game), are those a line-by-line test gives."""

from __future__ import annotations

import pytest

from tabletop.games.splendor_duel import legal


@pytest.mark.parametrize("row", range(len(legal._LINE_GROUPS)))
def test_open_lines_match_the_lines_tested_one_by_one(row: int) -> None:
    _, _, group = legal._LINE_GROUPS[row]
    lines = legal._LINES_BY_TOP_ROW[row]
    assert group[0] == tuple(action for action, _ in lines)
    for pattern in range(1 << legal._ROW_BITS):
        expected = tuple(action for action, mask in lines if mask & pattern == mask)
        assert legal._open_lines(group, pattern) == expected, (row, bin(pattern))
