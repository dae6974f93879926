"""The Fisher-Yates plan of Rng.shuffle, worked out at C level (issue 15: a fresh process works
one out per deck size in its first games), is the plan of the step-by-step grouping."""

from __future__ import annotations

from tabletop.core.rng import _shuffle_plan


def _step_by_step(length: int) -> tuple[tuple[int, tuple[tuple[int, int], ...]], ...]:
    groups = []
    i = length - 1
    while i > 0:
        steps = []
        span = 1
        while i > 0 and span * (i + 1) <= 1 << 64:
            span *= i + 1
            steps.append((i, i + 1))
            i -= 1
        groups.append((span, tuple(steps)))
    return tuple(groups)


def test_shuffle_plans_match_the_step_by_step_grouping() -> None:
    for length in range(0, 400):
        assert _shuffle_plan(length) == _step_by_step(length), length
