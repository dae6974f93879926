"""The kernel's doors for bad input, on the toy game: saves (format, every key, exact options,
a history that replays to the state), the action space's check of an action's type and
fields, and the legal-action cache that never takes a changed object for what it was."""

from __future__ import annotations

import copy
import json
from typing import Any

import attrs
import pytest

from tabletop import IllegalAction
from tabletop.core import Action, ActionSpace, Block
from tabletop.core.actions import find_listed, intact, mark_listed, same_types
from tabletop.core.game import SAVE_FORMAT
from toy import GAME, Take, ToyState


def json_copy(data: Any) -> Any:
    return json.loads(json.dumps(data))


def played(moves: int = 3, seed: int = 4) -> ToyState:
    state = GAME.new_game(players=3, seed=seed, pile=20)
    for _ in range(moves):
        state.apply(state.legal_actions()[-1])
    return state


# ---------------------------------------------------------------------- saves


def test_a_save_names_its_format_and_loads_exactly() -> None:
    state = played()
    data = json_copy(state.to_dict())
    assert list(data)[:2] == ["game", "format"] and data["format"] == SAVE_FORMAT
    assert GAME.state_from_dict(data) == state


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (
            lambda d: {k: v for k, v in d.items() if k != "format"},
            "this toy save has no 'format'; this tabletop reads format 1",
        ),
        (lambda d: {**d, "format": 2}, "this toy save is format 2; this tabletop reads format 1"),
        (lambda d: {**d, "format": True}, "is format True"),
        (lambda d: {k: v for k, v in d.items() if k != "takes"}, r"required field missing @ \$\.takes"),
        (
            lambda d: {k: v for k, v in d.items() if k != "determinized"},
            r"required field missing @ \$\.determinized",
        ),
        (
            lambda d: {**d, "turns": {k: v for k, v in d["turns"].items() if k != "round"}},
            r"missing @ \$\.turns\.round",
        ),
        (lambda d: {**d, "turns": "ab"}, r"expected an object of TurnOrder's fields, got 'ab'\) @ \$\.turns"),
        (lambda d: {**d, "history": [{"type": ["take"], "count": 1}]}, r"unknown action type \['take'\]"),
        (lambda d: {**d, "history": [{"type": "take"}]}, r"required field missing @ \$\.history\[0\]\.count"),
        (lambda d: {**d, "options": {**d["options"], "zz": 1}}, "toy has no option zz"),
        (lambda d: {**d, "options": {"pile": 20}}, "options lack 'partners', 'turn_limit'"),
        (lambda d: {**d, "options": {**d["options"], "pile": 20.0}}, "option pile must be int, got 20.0"),
        (lambda d: {**d, "options": {**d["options"], "partners": 0}}, "option partners=0 is not valid"),
        (lambda d: {**d, "options": {**d["options"], "partners": True}}, "partners needs 4 players"),
    ],
)
def test_bad_saves_are_refused_naming_what_is_wrong(change: Any, message: str) -> None:
    data = json_copy(played().to_dict())
    with pytest.raises(ValueError, match=message):
        GAME.state_from_dict(change(data))


def test_a_save_must_be_the_state_its_history_replays_to() -> None:
    state = played(moves=3)
    data = json_copy(state.to_dict())
    # Each of these passes the game's own checks; only replaying the history shows them wrong.
    with pytest.raises(
        ValueError, match=r"'pile' is not what its history replays to \(saved 10, replayed 11\)"
    ):
        GAME.state_from_dict({**data, "pile": data["pile"] - 1})
    with pytest.raises(ValueError, match="'rng' is not what its history replays to"):
        GAME.state_from_dict({**data, "rng": {"state": 5}})
    with pytest.raises(ValueError, match=r"'options' is not what its history replays to|'pile'"):
        GAME.state_from_dict({**data, "options": {**data["options"], "pile": 21}})
    with pytest.raises(
        ValueError,
        match=r"history action #0 \(take 7\) is illegal: Take\.count=7 is not a value Take\.count can take",
    ):
        GAME.state_from_dict({**data, "history": [{"type": "take", "count": 7}] + data["history"][1:]})
    with pytest.raises(ValueError, match="is not what its history replays to"):
        GAME.state_from_dict({**data, "history": data["history"][:-1]})


def test_loading_never_changes_its_input_and_accepts_int_keys_or_tuples() -> None:
    state = played()
    data = state.to_dict()
    given = copy.deepcopy(data)
    assert GAME.state_from_dict(data) == state
    assert data == given
    as_tuples = {**data, "turns": {**data["turns"], "order": tuple(data["turns"]["order"])}}
    assert GAME.state_from_dict(as_tuples) == state  # compared like with like, not as JSON text


def test_a_determinized_save_is_not_replayed_but_its_options_are_checked() -> None:
    guess = played().determinize(1, seed=3)
    data = json_copy(guess.to_dict())
    assert GAME.state_from_dict(data) == guess
    assert GAME.state_from_dict({**data, "pile": data["pile"] - 1}).pile == data["pile"] - 1
    with pytest.raises(ValueError, match="toy has no option zz"):
        GAME.state_from_dict({**data, "options": {**data["options"], "zz": 1}})


def test_a_record_replays_through_an_observer_that_sees_each_action_first() -> None:
    state = played(moves=4)
    seen: list[tuple[int, int | None, Action]] = []
    again = GAME.replay(
        json_copy(state.record()), observe=lambda n, s, a: seen.append((n, s.current_player, a))
    )
    assert again == state
    assert [n for n, _, _ in seen] == [0, 1, 2, 3] and [a for _, _, a in seen] == state.history
    assert [seat for _, seat, _ in seen] == [0, 1, 2, 0]


# ---------------------------------------------------------------------- the action space's check


@attrs.frozen
class Move(Action):
    kind = "move"
    cell: int
    path: tuple[int, ...]
    name: str | None


SPACE = ActionSpace([Block(Move, (("cell", (0, 1, 2)), ("path", ((0, 1), (1, 2))), ("name", (None, "a"))))])


@pytest.mark.parametrize(
    ("action", "reason", "typed"),
    [
        (Move(1, (0, 1), "a"), None, True),
        (Move(1, (0, 1), None), None, True),
        (Move(1.0, (0, 1), "a"), "Move.cell=1.0 is a float, not an int", False),  # type: ignore[arg-type]
        (Move(True, (0, 1), "a"), "Move.cell=True is a bool, not an int", False),
        (Move(None, (0, 1), "a"), "Move.cell=None is None, not an int", False),  # type: ignore[arg-type]
        (Move([1], (0, 1), "a"), "Move.cell=[1] is a list, not an int", False),  # type: ignore[arg-type]
        (Move(7, (0, 1), "a"), "Move.cell=7 is not a value Move.cell can take in this game", True),
        (Move(1, (0.0, 1), "a"), "Move.path=(0.0, 1) has items of the wrong type, unlike (0, 1)", False),  # type: ignore[arg-type]
        (Move(1, ([0], 1), "a"), "Move.path=([0], 1) holds an item of the wrong type", False),  # type: ignore[arg-type]
        (Move(1, (5, 6, 7), "a"), "Move.path=(5, 6, 7) is not a value Move.path can take in this game", True),
        (Move(1, (5.0,), "a"), "Move.path=(5.0,) is not a value Move.path can take in this game", False),  # type: ignore[arg-type]
        (Move(1, (0, 1), 3), "Move.name=3 is an int, not None or a str", False),  # type: ignore[arg-type]
        (Take(1), "Take is not an action of this game", False),
        ("take", "'take' is not an action", False),
    ],
)
def test_why_not_names_the_type_field_and_value(action: object, reason: str | None, typed: bool) -> None:
    misfit = SPACE.why_not(action)
    if reason is None:
        assert misfit is None
    else:
        assert misfit is not None and (misfit.reason, misfit.typed) == (reason, typed)


def test_same_types_looks_through_tuples() -> None:
    assert same_types((1, ("a", 2)), (3, ("b", 4)))
    assert not same_types((1, ("a", 2.0)), (1, ("a", 2)))
    assert not same_types(True, 1) and not same_types(1, True) and not same_types((1,), [1])


# ---------------------------------------------------------------------- the legal-action cache


def test_listed_actions_keep_the_values_they_were_listed_with() -> None:
    one, two = Take(1), Take(2)
    listed: list[Action] = [one, two]
    assert intact(one) and intact(two)  # marked when made: listing needs no pass
    mark_listed(listed)
    assert find_listed(listed, Take(2)) == 1 and intact(one) and intact(two)
    object.__setattr__(two, "count", 3)
    assert not intact(two)
    assert find_listed(listed, Take(2)) == 1 and find_listed(listed, Take(3)) is None  # as listed
    assert find_listed(listed, Take(2), skip={id(two)}) is None
    mark_listed(listed)  # listing it again keeps what it was first listed with
    assert not intact(two)
    object.__setattr__(two, "count", 2)
    assert intact(two)
    for odd in (Take(2.0), Take([2]), "take", None, 2):  # type: ignore[arg-type]
        assert find_listed(listed, odd) in (None, 1)  # never raises; 2.0 == 2 is left to the type check


def test_an_action_changed_in_place_is_never_carried_out_as_what_it_was() -> None:
    state = GAME.new_game(players=2, seed=1, pile=2)
    take_one, _ = state.legal_actions()
    clone = state.clone()  # shares the cache
    object.__setattr__(take_one, "count", 3)
    with pytest.raises(IllegalAction, match="cannot take 3: only 2 stones are left"):
        state.apply(take_one)
    object.__setattr__(take_one, "count", 2)  # now equal to the other legal action
    clone.apply(take_one)
    assert clone.pile == 0 and clone.history[-1] is not take_one and clone.history[-1] == Take(2)
    object.__setattr__(take_one, "count", 1)
    state.apply(take_one)
    assert state.pile == 1 and state.history == [Take(1)]


def test_a_game_handing_out_one_shared_object_again_never_applies_it_changed(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    shared = {n: Take(n) for n in (1, 2, 3)}  # as a game's module-level table of actions would be
    monkeypatch.setattr(
        ToyState, "_legal_actions", lambda self: [shared[n] for n in (1, 2, 3) if n <= self.pile]
    )
    state = GAME.new_game(players=2, seed=1, pile=5)
    listed = state.legal_actions()
    object.__setattr__(shared[1], "count", 2)
    try:
        state.apply(Take(2))  # equal to the changed shared[1] (listed first) and to shared[2]
    finally:
        object.__setattr__(shared[1], "count", 1)
    assert state.history[-1] is shared[2] and state.pile == 3
    assert listed[0] is shared[1]


def test_an_explanation_that_crashes_gives_the_generic_reason(monkeypatch: pytest.MonkeyPatch) -> None:
    state = GAME.new_game(players=2, seed=1, pile=2)

    def crash(self: ToyState, action: Action) -> str:
        raise TypeError("'<=' not supported between instances of 'int' and 'NoneType'")

    monkeypatch.setattr(ToyState, "_why_illegal", crash)
    with pytest.raises(
        IllegalAction, match=r"^take 3 is not one of the legal actions for the 'take' decision$"
    ):
        state.apply(Take(3))
