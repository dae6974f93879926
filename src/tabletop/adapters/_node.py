"""The pending decision of a tabletop state by integer id: what every adapter steps through."""

from __future__ import annotations

from ..core.actions import Action, IllegalAction
from ..core.integers import as_int
from ..core.state import State


def action_id(value: object) -> int:
    """``value`` as an action id: an int or a numpy integer; ``IllegalAction`` naming it for
    anything else (``int()`` would make 1.5, True or "3" some id, and a list a TypeError)."""
    number = as_int(value)
    if number is None:
        raise IllegalAction(f"an action id is an int, got {value!r:.80}")
    return number


def check_seed(seed: object) -> None:
    """Refuse a reset seed that is not ``None`` or an int >= 0 (as tabletop refuses 1.5, True
    and "3" for a seed; gymnasium refuses negative ones) by name."""
    if seed is not None and (isinstance(seed, bool) or not isinstance(seed, int) or seed < 0):
        raise ValueError(f"seed must be None or an int >= 0, got {seed!r:.80}")


class Node:
    """A tabletop state and its pending decision's legal actions by id, listed once per decision.

    Adapters speak integer ids; applying the state's own listed action object (not a freshly
    decoded one) keeps ``apply`` on its fast path.
    """

    __slots__ = ("_by_id", "_ids", "state")

    def __init__(self, state: State) -> None:
        self.state = state
        self._ids: list[int] | None = None
        self._by_id: dict[int, Action] = {}

    def legal_ids(self) -> list[int]:
        """The sorted ids of the legal actions (empty once the game is over)."""
        ids = self._ids
        if ids is None:
            encode = self.state.game.encode
            self._by_id = {encode(action): action for action in self.state.legal_actions()}
            ids = self._ids = sorted(self._by_id)
        return ids

    def apply_id(self, action_id: int) -> None:
        """Apply the legal action with id ``action_id``; ``IllegalAction`` (nothing changes) if
        no legal action has that id."""
        if self._ids is None:
            self.legal_ids()
        action = self._by_id.get(action_id)
        if action is None:
            raise IllegalAction(
                f"action id {action_id!r} is not legal for the {self.state.decision!r} decision "
                f"(legal ids: {self._ids})"
            )
        self.state.apply(action)
        self._ids = None

    def copy(self) -> Node:
        """An independent node over a clone of the state (the listed actions are shared)."""
        node = Node(self.state.clone())
        node._ids, node._by_id = self._ids, self._by_id
        return node
