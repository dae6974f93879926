"""Checks that every game's loaded saves must pass: each component in one place, counts adding up.

Games state their invariants in their own ``invariants.py`` and call these helpers for the two
checks every game needs, so the wording of a refusal is the same in every game. Each helper
raises ``ValueError`` naming what is wrong; none is on a hot path (loading and the property
tests call them, ``apply`` and ``clone`` never do).
"""

from __future__ import annotations

import operator
from collections.abc import Collection, Hashable, Iterable, Mapping, Sequence
from typing import TYPE_CHECKING

from .serialize import describe_error

if TYPE_CHECKING:
    from .state import State
    from .turns import TurnOrder


def each_in_one_place(
    places: Iterable[tuple[str, Iterable[Hashable]]],
    expected: Collection[Hashable] | None = None,
    *,
    what: str = "card",
) -> dict[Hashable, str]:
    """Where each item is, given ``(place name, items there)`` pairs; ``ValueError`` if an item
    stands in two places (or twice in one), is not one of ``expected``, or (with ``expected``)
    is in no place at all.

    The returned mapping (item -> place) lets a game check more about where things are.
    """
    where: dict[Hashable, str] = {}
    for place, items in places:
        for item in items:
            if expected is not None:
                try:
                    known = item in expected
                except TypeError:  # an unhashable item read from a tampered save
                    known = False
                if not known:
                    raise ValueError(f"{place} holds {item!r}, which is not a known {what}")
            try:
                previous = where.get(item)
            except TypeError:
                raise ValueError(f"{place} holds {item!r}, which is not a {what} id") from None
            if previous is not None:
                same = "twice" if previous == place else f"both in {previous} and"
                raise ValueError(f"{what} {item!r} is {same} in {place}")
            where[item] = place
    if expected is not None and len(where) != len(expected):
        missing = [item for item in expected if item not in where]
        shown = ", ".join(repr(item) for item in missing[:5]) + (", ..." if len(missing) > 5 else "")
        raise ValueError(f"{len(missing)} {what}(s) are in no place: {shown}")
    return where


def each_once(
    places: Sequence[tuple[str, Collection[Hashable]]], expected: Collection[Hashable], *, what: str = "card"
) -> None:
    """:func:`each_in_one_place` with ``expected`` when no mapping is needed: the same refusals
    and messages, but a valid save (every item of ``expected`` exactly once) passes on two
    C-level set operations instead of a walk over every item (a third of some trusted loads)."""
    keys = expected.keys() if isinstance(expected, Mapping) else expected
    try:
        if sum(map(len, map(_ITEMS, places))) == len(expected) and keys == set().union(*map(_ITEMS, places)):
            return
    except TypeError:  # an unhashable item read from a tampered save: named below
        pass
    each_in_one_place(places, expected, what=what)


def counts_add_up(parts: Mapping[str, int], total: int, *, what: str) -> None:
    """``ValueError`` unless every part is a non-negative int and the parts sum to ``total``.

    ``parts`` names where the things are (``{"bank": 12, "seat 0": 3}``); ``what`` names them
    (``"coins"``, ``"red tokens"``).
    """
    # The usual case, plain non-negative ints that add up, in C-level passes; else the walk
    # below names the first bad part.
    counts = parts.values()
    if _INT.issuperset(map(type, counts)) and min(counts, default=0) >= 0 and sum(counts) == total:
        return
    for place, count in parts.items():
        if isinstance(count, bool) or not isinstance(count, int):
            raise ValueError(f"{place} holds {count!r} {what}, which is not a count")
        if count < 0:
            raise ValueError(f"{place} holds {count} {what}: a count is never negative")
    found = sum(parts.values())
    if found != total:
        listed = ", ".join(f"{place} {count}" for place, count in parts.items())
        raise ValueError(f"{what} add up to {found}, not {total} ({listed})")


_ITEMS = operator.itemgetter(1)  # a (place name, items) pair's items
_INT = frozenset({int})


def decision_is_open(state: State) -> None:
    """``ValueError`` unless a game in progress offers its mover a legal action: every state a
    game reaches before its end has one. For a game whose load checks cannot see every edit that
    would leave a decision empty (an agenda of pending steps): it lists the legal actions, which
    the state keeps, so the caller's first ``legal_actions()`` costs nothing more."""
    if state.outcome is not None:
        return
    try:
        legal = state.legal_actions()
    except Exception as error:  # a state the checks passed but its rules cannot read
        raise ValueError(
            f"its legal actions cannot be listed ({type(error).__name__}: {describe_error(error)})"
        ) from None
    if not legal:
        raise ValueError(f"the game is not over but its {state.decision!r} decision offers no legal action")


def turns_fit_history(state: State, turns: TurnOrder) -> None:
    """``ValueError`` unless ``turns`` counts no more turns passed on (every seat's in each round
    before this one, plus the position in this one) than ``state`` played actions: for a game
    whose turn order never loses a seat, where every turn takes at least one action. A
    determinized state has no history to count (its round is the true game's)."""
    passed = len(turns.order) * (turns.round - 1) + turns.position
    if passed > len(state.history) and not state.determinized:
        raise ValueError(
            f"turns.round is {turns.round} (position {turns.position}): {passed} turns passed on, "
            f"but only {len(state.history)} actions were played"
        )
