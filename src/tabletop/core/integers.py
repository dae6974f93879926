"""What counts as an integer where a caller passes a count, a seat, a seed or an action id."""

from __future__ import annotations

import operator


def as_int(value: object) -> int | None:
    """``value`` as a plain ``int`` when it is an integer: an ``int``, an ``int`` subclass such as
    an ``IntEnum``, or a numpy integer (what ``argmax`` over a legal-action mask returns).
    ``None`` for anything else: a ``bool`` (``True`` is no seat), a float (even ``2.0``), a string.

    The result is always an exact ``int``, so a state, a save or a record never holds a numpy
    value that JSON cannot write.
    """
    if type(value) is int:
        return value
    if isinstance(value, bool) or not hasattr(type(value), "__index__"):
        return None
    try:
        return operator.index(value)  # type: ignore[arg-type]  # checked: it has __index__
    except TypeError:  # numpy's bool declares __index__ and raises in it
        return None
