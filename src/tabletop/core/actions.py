"""Actions and the refusal of illegal ones.

Every game defines its actions as frozen, hashable attrs classes deriving from :class:`Action`.
They name components by id and places by index, never hold state objects, and print as a
sentence a person can read.
"""

from __future__ import annotations

import operator
from collections.abc import Callable, Iterable
from typing import Any, ClassVar

import attrs


class IllegalAction(ValueError):
    """An action the rules forbid now. The message names the rule; the state is unchanged."""


class Action:
    """Base of every game's action types: frozen attrs classes with a readable ``str()``."""

    __slots__ = ()

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


_Getter = Callable[[Any], Any]
_GETTERS: dict[type, _Getter] = {}


def field_names(cls: type) -> tuple[str, ...]:
    """The names of an action type's fields, in order (none for a class that is not attrs)."""
    return tuple(field.name for field in attrs.fields(cls)) if attrs.has(cls) else ()


def _getter(cls: type) -> _Getter:
    getter = _GETTERS.get(cls)
    if getter is None:
        names = field_names(cls)
        getter = _GETTERS[cls] = operator.attrgetter(*names) if names else _no_fields
    return getter


def _no_fields(action: Any) -> tuple[()]:
    return ()


class LegalActions(list[Action]):
    """A state's cached legal actions, each snapshotted (its field values) before any caller
    can hold it.

    Action objects are frozen, but ``object.__setattr__`` can still change one that a caller
    holds. ``apply`` finds the action by identity (the fast path: agents pass one of these
    objects) and checks it against its snapshot, so a changed object is never taken for the
    legal action it was. An object reaches a caller only through ``legal_actions()`` (which
    snapshots the whole list) or through the history (its own snapshot is taken when it is
    applied), so a list no caller has seen, as in a replay, costs no snapshots at all.
    """

    __slots__ = ("_all", "_prints")

    def __init__(self, actions: Iterable[Action]) -> None:
        super().__init__(actions)
        self._prints: dict[int, tuple[_Getter, Any]] = {}
        self._all = False

    def handed_out(self) -> list[Action]:
        """A copy of the list for a caller, every action snapshotted first."""
        if not self._all:
            prints = self._prints
            for action in self:
                if id(action) not in prints:
                    getter = _GETTERS.get(type(action)) or _getter(type(action))
                    prints[id(action)] = (getter, getter(action))
            self._all = True
        return list(self)

    def holds(self, action: object) -> bool:
        """Whether ``action`` is one of these very objects, unchanged since a caller got it."""
        entry = self._prints.get(id(action))  # ids are unique among live objects, and this
        return entry is not None and _unchanged(action, entry)  # list keeps its own alive

    def release(self, action: Action) -> bool:
        """Whether ``action``, an item of this list, is unchanged, snapshotting it if no caller
        has had it yet (it is about to go into a history, where callers can reach it)."""
        entry = self._prints.get(id(action))
        if entry is None:
            getter = _GETTERS.get(type(action)) or _getter(type(action))
            self._prints[id(action)] = (getter, getter(action))
            return True
        return _unchanged(action, entry)


def _unchanged(action: object, entry: tuple[_Getter, Any]) -> bool:
    getter, snapshot = entry
    now = getter(action)
    if now is snapshot:  # one field (or none): the very same value object
        return True
    # Several fields: the getter builds a new tuple, so compare its items by identity.
    return (
        type(now) is tuple
        and type(snapshot) is tuple
        and len(now) == len(snapshot)
        and all(map(operator.is_, now, snapshot))
    )
