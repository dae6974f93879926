"""Bad input never gets in: random wrong input thrown at every door of every registered game.

The doors are ``State.apply``, ``Game.state_from_dict`` and ``Game.replay``. The input is
ill-typed fields (floats and bools for ints, ``None``, lists, strings), other games' actions,
stale actions, legal action objects changed in place, and saves and records with keys deleted,
numbers made negative or huge, ids duplicated or swapped and values of the wrong type. Each
door must refuse with a clear ``IllegalAction``/``ValueError`` (never another exception, never
a Python-internal message) and change nothing; whatever it accepts must round-trip and replay.

The checks are plain functions of a ``random.Random`` so that ``scripts/soak.py --fuzz`` runs
the same ones at scale; hypothesis draws the seeds here (a failure prints the seed to rerun).
"""

from __future__ import annotations

import copy
import functools
import json
import random
from collections.abc import Iterator
from typing import Any

import attrs
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import tabletop
from tabletop import IllegalAction
from tabletop.core import Action, Game, State
from tabletop.core.actions import field_names, same_types

#: Every registered game at its fewest and most players: games that land later are fuzzed too.
CONFIGS = [
    (name, players)
    for name in tabletop.game_names()
    for players in sorted({tabletop.load(name).min_players, tabletop.load(name).max_players})
]

#: Values of the wrong type (or absurd size) for any field.
BAD_VALUES: tuple[Any, ...] = (
    2.0,
    0.5,
    True,
    False,
    None,
    [],
    [1],
    "x",
    "",
    -1,
    -7,
    10**9,
    2**70,
    (),
    (1.5,),
    {},
)

#: Words of Python's own error messages: a refusal must be written for the caller, not leak these.
INTERNAL = (
    "unhashable type",
    "not supported between instances",
    "object is not iterable",
    "object is not subscriptable",
    "has no attribute",
    "object is not callable",
    "takes no arguments",
    "missing 1 required positional argument",
)


def json_copy(data: Any) -> Any:
    return json.loads(json.dumps(data))


@attrs.frozen
class Pool:
    """Seeded states of one game configuration, with their saves and records, to fuzz from."""

    game: Game[Any]
    states: tuple[State, ...]
    saves: tuple[dict[str, Any], ...]
    records: tuple[dict[str, Any], ...]
    stale: tuple[Action, ...]


@functools.cache
def pool(name: str, players: int) -> Pool:
    """States at a few depths of two random games (and the end of each), plus determinized ones."""
    game = tabletop.load(name)
    states: list[State] = []
    for seed in (1, 2):
        rng = random.Random(seed)
        state = game.new_game(players=players, seed=seed)
        step = 0
        while not state.is_terminal and step < 3000:
            if step in (0, 3, 12, 40):
                states.append(state.clone())
            state.apply(rng.choice(state.legal_actions()))
            step += 1
        states.append(state)
    live = [state for state in states if not state.is_terminal]
    guesses = [state.determinize(state.current_player or 0, seed=9) for state in live[1:3]]
    stale = tuple(action for state in live for action in state.legal_actions()[:6])
    return Pool(
        game=game,
        states=tuple(states + guesses),
        saves=tuple(json_copy(state.to_dict()) for state in states + guesses),
        records=tuple(json_copy(state.record()) for state in states),
        stale=stale,
    )


@functools.cache
def foreign_actions(name: str) -> tuple[Action, ...]:
    """Actions of every other registered game."""
    found: list[Action] = []
    for other, players in CONFIGS:
        if other != name:
            found.extend(pool(other, players).stale[:8])
    return tuple(found)


def refusal_is_clear(error: Exception, what: str) -> None:
    """A refusal's message is written for the caller: not empty, not a Python internal error."""
    text = str(error)
    assert text.strip(), f"{what}: empty {type(error).__name__}"
    leaked = [words for words in INTERNAL if words in text]
    assert not leaked, f"{what}: the refusal leaks a Python error ({leaked[0]!r}): {text}"


# ---------------------------------------------------------------------- apply


def twin(value: Any, rng: random.Random) -> Any:
    """A value equal to ``value`` (or nearly) but of another type: what ``==`` cannot see."""
    if isinstance(value, bool):
        return int(value)
    if isinstance(value, int):
        return rng.choice([float(value), bool(value) if value in (0, 1) else float(value), str(value)])
    if isinstance(value, tuple) and value:
        items = list(value)
        i = rng.randrange(len(items))
        items[i] = twin(items[i], rng)
        return rng.choice([tuple(items), list(value)])
    if isinstance(value, str):
        return rng.choice([value.encode(), [value], None])
    return rng.choice(BAD_VALUES)


def with_field(action: Action, field: str, value: Any) -> Action:
    """A copy of ``action`` with ``field`` set to ``value``, bypassing any constructor check."""
    changed = copy.copy(action)
    object.__setattr__(changed, field, value)
    return changed


def bad_action(p: Pool, state: State, rng: random.Random) -> tuple[object, str]:
    """Something to pass to ``state.apply``, and what it is."""
    legal = state.legal_actions()
    kind = rng.randrange(6)
    if kind <= 1 and legal:
        action = rng.choice(legal)
        fields = field_names(type(action))
        if fields:
            field = rng.choice(fields)
            value = twin(getattr(action, field), rng) if kind == 0 else rng.choice(BAD_VALUES)
            return with_field(action, field, value), f"{action!r} with {field}={value!r}"
    if kind == 2 and foreign_actions(p.game.name):
        action = rng.choice(foreign_actions(p.game.name))
        return action, f"foreign {action!r}"
    if kind == 3:
        action = rng.choice(p.stale)
        return action, f"stale {action!r}"
    if kind == 4:
        action = p.game.decode(rng.randrange(p.game.num_distinct_actions))
        return action, f"decoded {action!r}"
    thing = rng.choice([None, "take", 3, {"type": "x"}, legal[:1], object()])
    return thing, f"non-action {thing!r}"


def check_apply(state: State, action: object, what: str) -> None:
    """``apply`` refuses ``action`` clearly and changes nothing, or carries out an equal legal one."""
    before, legal = state.to_dict(), state.legal_actions()
    judge_apply(state, action, what, before, legal, attempt(state, action))


def attempt(state: State, action: object) -> IllegalAction | None:
    """``state.apply(action)``: the refusal, or ``None`` if it was carried out."""
    try:
        state.apply(action)  # type: ignore[arg-type]
    except IllegalAction as error:
        return error
    return None


def judge_apply(
    state: State,
    action: object,
    what: str,
    before: dict[str, Any],
    legal: list[Action],
    error: IllegalAction | None,
) -> None:
    """A refusal is clear and changed nothing (and the game's explanation does not crash); an
    accepted action was one of ``legal`` in value and types, and the state it made saves."""
    if error is not None:
        refusal_is_clear(error, f"apply({what})")
        assert state.to_dict() == before, f"apply({what}) was refused but changed the state"
        misfit = state.game.action_space.why_not(action)
        if not state.is_terminal and (misfit is None or misfit.typed):  # the rules see it: no crash
            assert isinstance(action, Action)
            try:
                state._why_illegal(action)
            except Exception as crash:
                raise AssertionError(
                    f"{type(state).__name__}._why_illegal({what}) raised {type(crash).__name__}: {crash}"
                ) from crash
        return
    done = state.history[-1]
    assert any(
        done == own and all(same_types(getattr(done, f), getattr(own, f)) for f in field_names(type(own)))
        for own in legal
    ), f"apply({what}) carried out {done!r}, which was not legal"
    text = state.to_dict()
    assert state.game.state_from_dict(json_copy(text)).to_dict() == text, f"after {what}: save"


def check_changed_in_place(state: State, rng: random.Random) -> None:
    """A legal action object changed with ``object.__setattr__`` is never taken for what it was."""
    legal = state.legal_actions()
    if not legal:
        return
    action = rng.choice(legal)
    fields = field_names(type(action))
    relisted = state.clone()
    relisted.forget_legal_actions()
    if not fields or any(other is action for other in relisted.legal_actions()):
        # An object the game keeps in a table of its own and lists again is the game's data:
        # changing it edits the game, whose own rules use it too (DESIGN.md, the legal-action
        # snapshot). The kernel's side of that is tested on the toy, in test_core_loading.py.
        return
    field = rng.choice(fields)
    original = getattr(action, field)
    others = [getattr(other, field) for other in legal if type(other) is type(action)]
    value = rng.choice([*others, twin(original, rng), rng.choice(BAD_VALUES)])
    what = f"{type(action).__name__} changed in place to {field}={value!r}"
    before = state.to_dict()  # now: a game may share the object with its history, and module tables
    try:
        object.__setattr__(action, field, value)
        error = attempt(state, action)
    finally:  # so always put it back before anything else reads it
        object.__setattr__(action, field, original)
    judge_apply(state, with_field(action, field, value), what, before, legal, error)


# ---------------------------------------------------------------------- saves and records


def places(data: Any, path: str = "$") -> Iterator[tuple[Any, Any, str]]:
    """Every (container, key, path) below ``data``: dict keys and list indexes."""
    items: list[tuple[Any, Any]] = (
        list(data.items())
        if isinstance(data, dict)
        else list(enumerate(data))
        if isinstance(data, list)
        else []
    )
    for key, value in items:
        where = f"{path}.{key}" if isinstance(data, dict) else f"{path}[{key}]"
        yield data, key, where
        yield from places(value, where)


def mutate(data: Any, rng: random.Random) -> str:
    """Change ``data`` (a save or record, in place) in one random way; say how."""
    spots = list(places(data))
    container: Any  # a dict or a list, whichever the change picks
    kind = rng.randrange(6)
    if kind == 0:  # a key deleted
        dicts = [(c, k, w) for c, k, w in spots if isinstance(c, dict)]
        container, key, where = rng.choice(dicts)
        del container[key]
        return f"deleted {where}"
    if kind == 1:  # a number made negative or huge
        numbers = [(c, k, w) for c, k, w in spots if type(c[k]) is int]
        if numbers:
            container, key, where = rng.choice(numbers)
            container[key] = rng.choice([-1, -5, -container[key] - 1, 10**9, container[key] + 1])
            return f"{where} = {container[key]}"
    if kind == 2:  # ids duplicated
        strings = [(c, k, w) for c, k, w in spots if isinstance(c, list) and type(c[k]) is str and len(c) > 1]
        if strings:
            container, key, where = rng.choice(strings)
            other = rng.randrange(len(container))
            container[key] = container[other]
            return f"{where} = {container[key]!r} (duplicated)"
    if kind == 3:  # two ids or numbers swapped between places
        leaves = [(c, k, w) for c, k, w in spots if type(c[k]) in (str, int)]
        if len(leaves) > 1:
            (c1, k1, w1), (c2, k2, w2) = rng.sample(leaves, 2)
            c1[k1], c2[k2] = c2[k2], c1[k1]
            return f"swapped {w1} and {w2}"
    if kind == 4:  # a list item deleted or repeated
        lists = [(c, k, w) for c, k, w in spots if isinstance(c, list)]
        if lists:
            container, key, where = rng.choice(lists)
            if rng.random() < 0.5:
                del container[key]
                return f"deleted {where}"
            container.insert(key, copy.deepcopy(container[key]))
            return f"repeated {where}"
    container, key, where = rng.choice(spots)  # a value of the wrong type
    container[key] = copy.deepcopy(rng.choice(BAD_VALUES))
    return f"{where} = {container[key]!r}"


def check_load(game: Game[Any], data: dict[str, Any], what: str) -> None:
    """``state_from_dict`` refuses ``data`` clearly, or what it loads round-trips and replays."""
    given = copy.deepcopy(data)
    try:
        state = game.state_from_dict(data)
    except ValueError as error:
        refusal_is_clear(error, f"state_from_dict({what})")
        assert data == given, f"state_from_dict({what}) changed its input"
        return
    text = state.to_dict()
    assert game.state_from_dict(json_copy(text)).to_dict() == text, (
        f"accepted save ({what}) does not round-trip"
    )
    if not state.determinized:
        assert game.replay(json_copy(state.record())).to_dict() == text, (
            f"accepted save ({what}) does not replay"
        )


def check_replay(game: Game[Any], record: dict[str, Any], what: str) -> None:
    """``replay`` refuses ``record`` clearly, or what it rebuilds round-trips and replays."""
    try:
        state = game.replay(record)
    except ValueError as error:
        refusal_is_clear(error, f"replay({what})")
        return
    text = state.to_dict()
    assert game.replay(json_copy(state.record())).to_dict() == text, (
        f"accepted record ({what}) does not replay"
    )
    assert game.state_from_dict(json_copy(text)).to_dict() == text, f"accepted record ({what}) does not load"


def mutated_record(p: Pool, rng: random.Random) -> tuple[dict[str, Any], str]:
    """A record of the pool changed in one random way: its keys, or one of its actions."""
    record = copy.deepcopy(rng.choice(p.records))
    actions = record["actions"]
    kind = rng.randrange(4)
    if kind == 0 and actions:  # an action swapped for another game's, or for a stale one of this game
        i = rng.randrange(len(actions))
        foreign = foreign_actions(p.game.name)
        if foreign and rng.random() < 0.5:
            other = rng.choice(foreign)
            actions[i] = json_copy(
                {"type": other.kind, **{f: getattr(other, f) for f in field_names(type(other))}}
            )
        else:
            actions[i] = p.game.action_to_dict(rng.choice(p.stale))
        return record, f"actions[{i}] = {actions[i]}"
    if kind == 1 and actions:  # one field of one action given a value of another type
        i = rng.randrange(len(actions))
        fields = [key for key in actions[i] if key != "type"]
        if fields:
            field = rng.choice(fields)
            actions[i][field] = copy.deepcopy(rng.choice(BAD_VALUES))
            return record, f"actions[{i}].{field} = {actions[i][field]!r}"
    if kind == 2:
        key = rng.choice(["players", "seed", "options"])
        record[key] = rng.choice([*BAD_VALUES, {"zz": 1}, {1: 2}])
        return record, f"{key} = {record[key]!r}"
    return record, mutate(record, rng)


# ---------------------------------------------------------------------- the tests

SEEDS = st.integers(min_value=0, max_value=2**32 - 1)
FUZZ = settings(deadline=None, suppress_health_check=[HealthCheck.too_slow])


@pytest.mark.parametrize(("name", "players"), CONFIGS)
@settings(FUZZ, max_examples=150)
@given(seed=SEEDS)
def test_apply_refuses_bad_actions_and_changes_nothing(name: str, players: int, seed: int) -> None:
    p = pool(name, players)
    rng = random.Random(seed)
    state = rng.choice(p.states).clone()
    if rng.random() < 0.2:
        check_changed_in_place(state, rng)
    else:
        action, what = bad_action(p, state, rng)
        check_apply(state, action, what)


@pytest.mark.parametrize(("name", "players"), CONFIGS)
@settings(FUZZ, max_examples=100)
@given(seed=SEEDS)
def test_state_from_dict_refuses_mutated_saves(name: str, players: int, seed: int) -> None:
    p = pool(name, players)
    rng = random.Random(seed)
    data = copy.deepcopy(rng.choice(p.saves))
    what = "; ".join(mutate(data, rng) for _ in range(rng.choice([1, 1, 2])))
    check_load(p.game, data, what)


@pytest.mark.parametrize(("name", "players"), CONFIGS)
@settings(FUZZ, max_examples=60)
@given(seed=SEEDS)
def test_replay_refuses_mutated_records(name: str, players: int, seed: int) -> None:
    p = pool(name, players)
    record, what = mutated_record(p, random.Random(seed))
    check_replay(p.game, record, what)
