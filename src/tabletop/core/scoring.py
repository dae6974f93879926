"""Score sheets and rankings with tie-breaks."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, TypeAlias

#: One seat's score: points per category, plus ``"total"``.
ScoreSheet: TypeAlias = dict[str, int]


def score_sheet(categories: Mapping[str, int]) -> ScoreSheet:
    """A score sheet with the categories in the given order and their ``"total"`` last."""
    sheet = dict(categories)
    sheet.pop("total", None)
    sheet["total"] = sum(sheet.values())
    return sheet


def ranking(keys: Sequence[Sequence[Any]]) -> list[tuple[int, ...]]:
    """Seats grouped from best to worst by their comparison keys (larger is better).

    ``keys[seat]`` is a tuple such as ``(prestige, -cards)``: the first entry ranks, the later
    ones break ties. Seats with equal keys share a place.
    """
    order = sorted(range(len(keys)), key=lambda seat: tuple(keys[seat]), reverse=True)
    groups: list[tuple[int, ...]] = []
    for seat in order:
        if groups and tuple(keys[groups[-1][0]]) == tuple(keys[seat]):
            groups[-1] = groups[-1] + (seat,)
        else:
            groups.append((seat,))
    return groups


def winners(keys: Sequence[Sequence[Any]]) -> tuple[int, ...]:
    """The seats tied for first place under ``ranking``."""
    return ranking(keys)[0] if keys else ()
