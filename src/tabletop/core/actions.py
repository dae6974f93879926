"""Actions and the refusal of illegal ones.

Every game defines its actions as frozen, hashable attrs classes deriving from :class:`Action`.
They name components by id and places by index, never hold state objects, and print as a
sentence a person can read.
"""

from __future__ import annotations

import operator
from collections.abc import Callable, Iterable, Set
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


class LegalActions(list[Action]):
    """A state's cached legal actions, each snapshotted (its field values, by identity) before a
    caller can hold it. Made by :meth:`of`.

    Action objects are frozen, but ``object.__setattr__`` can still change one a caller holds.
    ``apply`` finds the action by identity (the fast path: agents pass one of these objects) and
    compares it with its snapshot, so a changed object is never taken for the legal action it
    was. Objects reach callers through ``legal_actions()`` and through the history; both come
    after :meth:`snapshot` (one C-level pass over the list).
    """

    __slots__ = ("seen",)

    #: Per action, its field values as the state listed it (``None`` until a caller may hold it).
    seen: list[Any] | None

    @classmethod
    def of(cls, actions: Iterable[Action]) -> LegalActions:
        """The cache for ``actions``, not snapshotted yet."""
        legal = cls(actions)
        legal.seen = None
        return legal

    def snapshot(self) -> list[Any]:
        """Snapshot every action, now that a caller may get one (``seen``)."""
        try:
            seen = self.seen = list(map(fields_of, self))
        except AttributeError:  # a type no game registered (the kernel installs registered ones)
            for action in self:
                install_snapshot(type(action))
            seen = self.seen = list(map(fields_of, self))
        return seen

    def holds(self, action: object) -> bool:
        """Whether ``action`` is one of these very objects, unchanged since it was snapshotted."""
        seen = self.seen
        if seen is None:
            return False
        for index, candidate in enumerate(self):
            if candidate is action:
                return unchanged(fields_of(action), seen[index])
        return False

    def find(self, action: object, skip: Set[int] = frozenset()) -> int | None:
        """The index of the listed action equal to ``action`` in type and field values, as the
        state listed it (its snapshot), skipping objects whose ``id`` is in ``skip``; ``None``
        if there is none. It never raises, whatever ``action`` is."""
        seen = self.seen if self.seen is not None else self.snapshot()
        try:
            target = (type(action), fields_of(action))
            keys = list(zip(map(type, self), seen))
            start = 0
            while True:
                index = keys.index(target, start)
                if id(self[index]) not in skip:
                    return index
                start = index + 1
        except Exception:  # not found (ValueError), not an action, or a value whose == fails
            return None

    def intact(self, index: int) -> bool:
        """Whether the action at ``index`` still has the field values it was listed with."""
        seen = self.seen if self.seen is not None else self.snapshot()
        return unchanged(fields_of(self[index]), seen[index])
