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
    was. An object reaches a caller only through ``legal_actions()``, which snapshots the whole
    list (one C-level pass), or through the history, where it goes by :meth:`release`; a list
    no caller has seen, as in a replay, is never snapshotted whole.
    """

    __slots__ = ("released", "seen")

    #: Per action, its field values when the list was handed out (``None`` until then).
    seen: list[Any] | None
    #: Snapshots of actions that went into a history before the list was handed out.
    released: dict[int, Any] | None

    @classmethod
    def of(cls, actions: Iterable[Action]) -> LegalActions:
        """The cache for ``actions``, none of them seen by a caller yet."""
        legal = cls(actions)
        legal.seen = legal.released = None
        return legal

    def hand_out(self) -> None:
        """Snapshot every action: a caller is about to get them."""
        try:
            seen = self.seen = list(map(fields_of, self))
        except AttributeError:  # a type no game registered (the kernel installs registered ones)
            for action in self:
                install_snapshot(type(action))
            seen = self.seen = list(map(fields_of, self))
        if self.released:  # these went into a history first: keep what they were then
            for index, snapshot in self.released.items():
                seen[index] = snapshot

    def holds(self, action: object) -> bool:
        """Whether ``action`` is one of these very objects, unchanged since a caller got it."""
        seen = self.seen
        if seen is None:
            return False
        for index, candidate in enumerate(self):
            if candidate is action:
                return unchanged(fields_of(action), seen[index])
        return False

    def release(self, index: int) -> bool:
        """Whether the action at ``index`` is unchanged, snapshotting it if no caller has had it
        yet (it is about to go into a history, where callers can reach it)."""
        action = self[index]
        seen = self.seen
        if seen is not None:
            return unchanged(fields_of(action), seen[index])
        released = self.released
        if released is None:
            released = self.released = {}
        if index in released:
            return unchanged(fields_of(action), released[index])
        install_snapshot(type(action))
        released[index] = fields_of(action)
        return True
