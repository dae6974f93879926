"""Actions and the refusal of illegal ones.

Every game defines its actions as frozen, hashable attrs classes deriving from :class:`Action`.
They name components by id and places by index, never hold state objects, and print as a
sentence a person can read.
"""

from __future__ import annotations

import operator
from collections import deque
from collections.abc import Callable, Set
from typing import Any, ClassVar, SupportsIndex

import attrs


class IllegalAction(ValueError):
    """An action the rules forbid now. The message names the rule; the state is unchanged."""


class Action:
    """Base of every game's action types: frozen attrs classes with a readable ``str()``.

    The kernel keeps one private slot on every action: its field values when it was made (see
    :func:`snapshot`), so an object changed later with ``object.__setattr__`` is never taken for
    what it was. Copies and unpickled actions are made through ``__init__``'s hook too.
    """

    __slots__ = ("_tabletop_listed",)

    #: Kernel-private: the field values when the action was made (see ``snapshot``) and,
    #: installed on each action type, the field values now (see ``install_snapshot``).
    _tabletop_listed: Any
    _tabletop_fields: Any

    #: The short tag that names this action type in saved games and records.
    kind: ClassVar[str] = "action"

    def __attrs_post_init__(self) -> None:
        # attrs calls an inherited post-init hook from every subclass's generated __init__: so
        # each action records its field values once, when made, and listing it costs nothing.
        # (snapshot() inlined: games build some actions on the fly.)
        try:
            values = self._tabletop_fields
        except AttributeError:  # the type's first action: it gets its read-only view now
            install_snapshot(type(self))
            values = self._tabletop_fields
        _SET_LISTED(self, values)

    def __reduce_ex__(self, protocol: SupportsIndex) -> str | tuple[Any, ...]:
        # copy, deepcopy and pickle rebuild an attrs action from its __getstate__ without
        # calling __init__: rebuilt here, so the copy has its snapshot too.
        getstate = getattr(self, "__getstate__", None)
        if getstate is None or not attrs.has(type(self)):
            return super().__reduce_ex__(protocol)
        return (_rebuilt, (type(self), getstate()))


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


#: The kernel's read-only view of an action's field values, installed on each action class
#: (by ``Game``, or by the type's first action): what a snapshot records and is compared with.
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


def unchanged(now: Any, then: Any) -> bool:
    """Whether field values read now are the very objects snapshotted (one field: the value
    itself; several: a new tuple each time, so its items are compared by identity)."""
    return now is then or (
        type(now) is tuple
        and type(then) is tuple
        and len(now) == len(then)
        and all(map(operator.is_, now, then))
    )


_LISTED = "_tabletop_listed"
#: An action's field values when it was made (``AttributeError`` for one made past ``__init__``).
listed_of: Callable[[Any], Any] = operator.attrgetter(_LISTED)


_SET_LISTED: Callable[[Any, Any], None] = Action.__dict__[_LISTED].__set__  # the slot, past frozen


def snapshot(action: Action) -> None:
    """Record on ``action`` its field values now, as the ones it is listed with: every action
    does this once, when made (and a copy when copied), so a later change is always seen."""
    try:
        values = fields_of(action)
    except AttributeError:  # the type's first action: it gets its read-only view now
        install_snapshot(type(action))
        values = fields_of(action)
    _SET_LISTED(action, values)


def _rebuilt(cls: type[Action], state: Any) -> Action:
    """An action of type ``cls`` restored from attrs' ``__getstate__`` data, with its snapshot."""
    new = object.__new__(cls)
    new.__setstate__(state)  # type: ignore[attr-defined]
    snapshot(new)
    return new


_SINK: deque[Any] = deque(maxlen=0)  # consumes an iterator in C, keeping nothing


def mark_listed(actions: list[Action]) -> None:
    """Record on each of ``actions`` not marked yet its field values.

    Every action made through ``__init__`` (or copied) is marked already: this is a check for
    the rare object made otherwise, one C-level pass when all are marked.
    """
    try:
        _SINK.extend(map(listed_of, actions))
    except AttributeError:
        for action in actions:
            if not hasattr(action, _LISTED):
                snapshot(action)


def intact(action: Action) -> bool:
    """Whether a marked ``action`` still has the field values it was made with."""
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
