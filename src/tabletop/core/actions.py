"""Actions and the refusal of illegal ones.

Every game defines its actions as frozen, hashable attrs classes deriving from :class:`Action`.
They name components by id and places by index, never hold state objects, and print as a
sentence a person can read.
"""

from __future__ import annotations

import operator
from collections import deque
from collections.abc import Callable, Set
from typing import Any, ClassVar

import attrs


class IllegalAction(ValueError):
    """An action the rules forbid now. The message names the rule; the state is unchanged."""


class Action:
    """Base of every game's action types: frozen attrs classes with a readable ``str()``.

    The kernel keeps one private slot on every action: its field values when a state first
    listed it (see :func:`mark_listed`), so an object changed later with ``object.__setattr__``
    is never taken for what it was.
    """

    __slots__ = ("_tabletop_listed",)

    #: Kernel-private: the field values when first listed (unset until then; see ``mark_listed``)
    #: and, installed on each action type, the field values now (see ``install_snapshot``).
    _tabletop_listed: Any
    _tabletop_fields: Any

    #: The short tag that names this action type in saved games and records.
    kind: ClassVar[str] = "action"


def same_types(value: object, reference: object) -> bool:
    """Whether ``value`` has exactly the type of ``reference``, item by item through tuples.

    Equality is not enough for actions: ``2.0 == 2`` and ``True == 1``, yet a rule written for
    an int must never receive a float or a bool.
    """
    if type(value) is not type(reference):
        return False
    if type(value) is tuple:
        assert isinstance(reference, tuple)
        return len(value) == len(reference) and all(map(same_types, value, reference))
    return True


def field_names(cls: type) -> tuple[str, ...]:
    """The names of an action type's fields, in order (none for a class that is not attrs)."""
    return tuple(field.name for field in attrs.fields(cls)) if attrs.has(cls) else ()


#: The kernel's read-only view of an action's field values, installed on each action class so
#: that a whole list is snapshotted by one C-level ``map`` (see :class:`LegalActions`).
_FIELDS = "_tabletop_fields"
#: An action's field values as the cache snapshots them.
fields_of: Callable[[Any], Any] = operator.attrgetter(_FIELDS)


def install_snapshot(cls: type) -> None:
    """Give action type ``cls`` the property the legal-action cache snapshots it with: its field
    values (one value, or a tuple of several; the class itself when it has none)."""
    if _FIELDS not in cls.__dict__:
        names = field_names(cls)
        setattr(
            cls, _FIELDS, property(operator.attrgetter(*names) if names else operator.attrgetter("__class__"))
        )


def unchanged(now: Any, snapshot: Any) -> bool:
    """Whether field values read now are the very objects snapshotted (one field: the value
    itself; several: a new tuple each time, so its items are compared by identity)."""
    return now is snapshot or (
        type(now) is tuple
        and type(snapshot) is tuple
        and len(now) == len(snapshot)
        and all(map(operator.is_, now, snapshot))
    )


_LISTED = "_tabletop_listed"
#: An action's field values when a state first listed it (``AttributeError`` if none has).
listed_of: Callable[[Any], Any] = operator.attrgetter(_LISTED)


_SINK: deque[Any] = deque(maxlen=0)  # consumes an iterator in C, keeping nothing


def mark_listed(actions: list[Action]) -> None:
    """Record on each of ``actions`` not marked yet its field values: a caller may hold it now.

    Games keep their actions in tables and list the same objects again and again, so after the
    first time this is one C-level pass that finds every object marked already.
    """
    try:
        _SINK.extend(map(listed_of, actions))
    except AttributeError:
        for action in actions:
            if not hasattr(action, _LISTED):
                try:
                    values = fields_of(action)
                except AttributeError:  # a type no game registered (Game installs registered ones)
                    install_snapshot(type(action))
                    values = fields_of(action)
                object.__setattr__(action, _LISTED, values)


def intact(action: Action) -> bool:
    """Whether a listed ``action`` still has the field values it was first listed with."""
    return unchanged(fields_of(action), listed_of(action))


def find_listed(actions: list[Action], action: object, skip: Set[int] = frozenset()) -> int | None:
    """The index in ``actions`` (all marked) of the one equal to ``action`` in type and field
    values as it was listed, skipping objects whose ``id`` is in ``skip``; ``None`` if there is
    none. It never raises, whatever ``action`` is."""
    try:
        target = (type(action), fields_of(action))
        keys = list(zip(map(type, actions), map(listed_of, actions)))
        start = 0
        while True:
            index = keys.index(target, start)
            if id(actions[index]) not in skip:
                return index
            start = index + 1
    except Exception:  # not found (ValueError), not an action, or a value whose == fails
        return None
