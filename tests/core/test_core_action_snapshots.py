"""Every action records its field values when it is made (issue 8: listing an action costs no
pass over the list): copies and unpickled actions too, and an object changed before any state
listed it is still never taken for what it was."""

from __future__ import annotations

import copy
import pickle

import attrs
import pytest

from tabletop import IllegalAction
from tabletop.core import Action
from tabletop.core.actions import intact, listed_of
from toy import GAME, Take, ToyState


@attrs.frozen
class Pair(Action):
    """Two fields: the snapshot is a tuple compared item by item."""

    kind = "pair"
    a: int
    b: tuple[int, ...]


@pytest.mark.parametrize(
    "made",
    [
        lambda: Take(2),
        lambda: copy.copy(Take(2)),
        lambda: copy.deepcopy(Take(2)),
        lambda: pickle.loads(pickle.dumps(Take(2))),
        lambda: attrs.evolve(Take(1), count=2),
        lambda: Pair(1, (2, 3)),
        lambda: copy.deepcopy(Pair(1, (2, 3))),
        lambda: pickle.loads(pickle.dumps(Pair(1, (2, 3)))),
    ],
)
def test_every_way_of_making_an_action_records_its_values(made: object) -> None:
    action = made()  # type: ignore[operator]
    assert intact(action)
    before = listed_of(action)
    name = "count" if isinstance(action, Take) else "a"
    object.__setattr__(action, name, 7)
    assert not intact(action) and listed_of(action) is before
    object.__setattr__(action, name, 2 if isinstance(action, Take) else 1)
    assert intact(action)


def test_a_copy_equals_its_original_and_keeps_its_own_snapshot() -> None:
    one = Pair(1, (2, 3))
    two = copy.deepcopy(one)
    assert two == one and two is not one and hash(two) == hash(one)
    object.__setattr__(one, "b", (9,))
    assert not intact(one) and intact(two)


def test_a_table_action_changed_before_any_state_listed_it_is_refused(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    shared = {n: Take(n) for n in (1, 2, 3)}  # a game's table, made at import
    object.__setattr__(shared[1], "count", 3)  # changed before any state listed it
    monkeypatch.setattr(
        ToyState, "_legal_actions", lambda self: [shared[n] for n in (1, 2) if n <= self.pile]
    )
    state = GAME.new_game(players=2, seed=1, pile=5)
    before = state.to_dict()
    try:
        listed = state.legal_actions()
        assert listed[0] is shared[1]
        with pytest.raises(IllegalAction):  # it says 3 now, and 3 is not legal
            state.apply(listed[0])
        with pytest.raises(IllegalAction):  # the only object made as 1 says 3: no 1 to carry out
            state.apply(Take(1))
        assert state.to_dict() == before
    finally:
        object.__setattr__(shared[1], "count", 1)
    state.apply(listed[0])  # put back: it is what it was made as
    assert state.history == [Take(1)] and state.history[0] is shared[1]
