"""Hostile input at every public door, for every registered game at its fewest and most players
and with every value of each option, from a random point of a random game.

What ``test_fuzz.py`` and the ``test_bad_input*`` modules do not: the options other than the
defaults, actions rebuilt with ``attrs.evolve`` (through their constructor) and actions of
another state of the same game, the query methods (observation, tensors, determinize, action
ids, parsing, pictures, text) with hostile seats and arguments, ``new_game`` and
``observation_shape`` with hostile players, seeds and options, and trusted loads. And what
follows an answer: every call either succeeds, and then the state keeps its invariants and
plays on to its end exactly as its twin that was given the equal legal action does, or is
refused with a ``ValueError`` (``IllegalAction`` is one) and then the state is unchanged: its
``to_dict`` is equal and it plays on exactly as a clone made before the refusal. Any other
exception, a hang (``HANG_SECONDS``) or a loaded save that breaks the game later is a failure.

The default run is small (``EXAMPLES`` per test and game); ``TABLETOP_HOSTILE_EXAMPLES=N``
runs ``N`` examples per test and game (the hard run in the report used thousands).
"""

from __future__ import annotations

import contextlib
import copy
import functools
import io
import json
import math
import os
import random
import re
import signal
import tempfile
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import attrs
import pytest
from hypothesis import HealthCheck, Phase, given, note, settings
from hypothesis import strategies as st

import tabletop
from tabletop import IllegalAction
from tabletop.core import Action, Game, State
from tabletop.core.actions import field_names, same_types

NAMES = tabletop.game_names()
EXAMPLES = int(os.environ.get("TABLETOP_HOSTILE_EXAMPLES", "12"))
HARD = EXAMPLES > 100
#: Decisions played after the attack to see that the game goes on (a finished game is checked
#: whole; a long Dozen War is cut short in the default run to keep it to seconds).
FINISH = 100_000 if HARD else 300
#: Seconds one example may take before it counts as a hang.
HANG_SECONDS = 120 if HARD else 60
#: Random decisions before the attack: a point of the game, or its end (a long game's finished
#: state, outcome and all, is reached only so).
STEPS = st.one_of(st.integers(0, 300), st.integers(0, 300), st.just(100_000))
HOSTILE = settings(
    max_examples=EXAMPLES,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large, HealthCheck.filter_too_much],
    derandomize=not HARD,
    # A hard run reports its first failure as found (the note names the input): shrinking
    # games played to their end would take most of its time.
    phases=[Phase.explicit, Phase.reuse, Phase.generate] if HARD else list(Phase),
)


class IntLike(int):
    """An int subclass (as an IntEnum is): its value is all that may count."""


class StrLike(str):
    """A str subclass."""


class Hang(BaseException):
    """An example ran past ``HANG_SECONDS`` (a BaseException: ``except Exception`` cannot hide it)."""


def _recursive() -> list[Any]:
    loop: list[Any] = []
    loop.append(loop)
    return loop


#: Values of the wrong type, or of the right type and absurd, for any argument or field.
ODD_VALUES: tuple[Any, ...] = (
    2.0,
    0.0,
    -0.0,
    1.5,
    math.nan,
    math.inf,
    -math.inf,
    True,
    False,
    None,
    "",
    "0",
    "x",
    "\x00",
    "é" * 3,
    b"1",
    [],
    [0],
    (),
    (0,),
    (0, 1.0),
    ((0,),),
    {},
    {0: 0},
    frozenset(),
    set(),
    complex(1, 0),
    object(),
    IntLike(0),
    IntLike(1),
    IntLike(2),
    StrLike("x"),
    _recursive(),
    -1,
    -2,
    2**31,
    2**63,
    -(2**63) - 1,
    2**64,
    10**100,
    -(10**100),
)

hostile_values = st.one_of(
    st.sampled_from(ODD_VALUES),
    st.integers(min_value=-(2**70), max_value=2**70),
    st.integers(min_value=-3, max_value=12),
    st.text(max_size=6),
    st.floats(),
    st.lists(st.integers(-2, 5), max_size=3).map(tuple),
)


def json_copy(data: Any) -> Any:
    return json.loads(json.dumps(data))


@contextlib.contextmanager
def no_hang(what: str) -> Iterator[None]:
    """Raise :class:`Hang` naming ``what`` if the block runs past ``HANG_SECONDS``."""

    def alarm(signum: int, frame: object) -> None:
        raise Hang(f"{what} ran past {HANG_SECONDS} s")

    previous = signal.signal(signal.SIGALRM, alarm)
    signal.alarm(HANG_SECONDS)
    try:
        yield
    finally:
        signal.alarm(0)
        signal.signal(signal.SIGALRM, previous)


def outcome_of(call: Callable[[], Any], what: str) -> tuple[bool, Any]:
    """``(True, result)`` if ``call()`` succeeds, ``(False, error)`` if it refuses with a
    ``ValueError``; any other exception fails the test, naming ``what``."""
    try:
        return True, call()
    except ValueError as error:
        text = str(error)
        assert text.strip(), f"{what}: an empty {type(error).__name__}"
        return False, error
    except Exception as error:
        raise AssertionError(f"{what} raised {type(error).__name__}: {error}") from error


# ---------------------------------------------------------------------- configurations


@functools.cache
def configurations(name: str) -> tuple[tuple[int, tuple[tuple[str, Any], ...]], ...]:
    """The game at its fewest and most players with the default options, and with each value
    of each option of fixed choices that the player count allows."""
    game = tabletop.load(name)
    found: list[tuple[int, tuple[tuple[str, Any], ...]]] = []
    for players in sorted({game.min_players, game.max_players}):
        found.append((players, ()))
        for option in game.options.values():
            for value in option.choices or ():
                try:
                    game.resolve_options(players, {option.name: value})
                except ValueError:
                    continue  # a value this player count does not allow (alliance needs 4)
                found.append((players, ((option.name, value),)))
    return tuple(found)


def new_state(name: str, config: int, seed: int) -> State:
    players, options = configurations(name)[config % len(configurations(name))]
    state: State = tabletop.load(name).new_game(players=players, seed=seed, **dict(options))
    return state


def advance(state: State, rng: random.Random, steps: int, seen: list[Action] | None = None) -> State:
    """``state`` after up to ``steps`` random legal decisions; ``seen`` collects legal actions
    met on the way (stale ones later)."""
    for _ in range(steps):
        if state.is_terminal:
            break
        legal = state.legal_actions()
        if seen is not None and rng.random() < 0.3:
            seen.extend(rng.sample(legal, min(3, len(legal))))
        state.apply(rng.choice(legal))
    return state


def finish(state: State, seed: int, what: str) -> dict[str, Any]:
    """Play ``state`` on with random legal decisions (seeded by ``seed``) to its end or
    ``FINISH`` decisions, checking that it always has a legal action and keeps its invariants;
    its ``to_dict`` at the end."""
    rng = random.Random(seed)
    for step in range(FINISH):
        if state.is_terminal:
            break
        legal = state.legal_actions()
        assert legal, f"after {what}: no legal action at {state!r}"
        action = rng.choice(legal)
        try:
            state.apply(action)
        except Exception as error:
            raise AssertionError(
                f"after {what}: the legal {action!r} raised {type(error).__name__}: {error}"
            ) from error
        if step % 50 == 0:
            keeps_invariants(state, what)
    keeps_invariants(state, what)
    return state.to_dict()


def keeps_invariants(state: State, what: str) -> None:
    """The game's own checks pass, its save loads back to it (trusted: no replay) and the
    scores, returns, pictures and text can be made."""
    try:
        state._validate()
        data = state.to_dict()
        assert state.game.state_from_dict(json_copy(data), verify=False).to_dict() == data, "save"
        state.scores()
        state.returns()
        repr(state)
        str(state)
    except Exception as error:
        raise AssertionError(f"after {what}: {state!r} breaks {type(error).__name__}: {error}") from error


def same_run(state: State, twin: State, seed: int, what: str) -> None:
    """``state`` and ``twin`` are saved alike and play on alike to the end."""
    assert state.to_dict() == twin.to_dict(), f"after {what}: the state differs from its twin"
    assert state.legal_actions() == twin.legal_actions(), f"after {what}: other legal actions"
    assert finish(state, seed, what) == finish(twin, seed, what), f"after {what}: plays on otherwise"


def guessed(state: State, data: st.DataObject, seed: int) -> State:
    """``state`` determinized for any seat (not only the mover's, as a search does), once or
    twice over (a guess made from a guess), with a seed that may be huge or negative."""
    for _ in range(data.draw(st.integers(1, 2), label="guesses")):
        seat = data.draw(st.integers(0, state.num_players - 1), label="guessing seat")
        key = data.draw(st.sampled_from([seed, -seed - 1, seed + 2**64, IntLike(seed)]), label="guess seed")
        state = state.determinize(seat, key)
        assert type(state.seed) is int, f"determinize kept a seed of type {type(state.seed).__name__}"
        keeps_invariants(state, f"determinize({seat}, {key!r})")
    return state


# ---------------------------------------------------------------------- actions


@functools.cache
def foreign_actions(name: str) -> tuple[Action, ...]:
    """A few legal actions of every other registered game, from a few points of its play."""
    found: list[Action] = []
    rng = random.Random(name)
    for other in NAMES:
        if other == name:
            continue
        for config in range(len(configurations(other))):
            state = new_state(other, config, 1)
            for _ in range(3):
                found.extend(state.legal_actions()[:4])
                advance(state, rng, 7)
    return tuple(found)


@st.composite
def tampered_actions(draw: st.DrawFn, state: State, stale: list[Action], other: State) -> tuple[object, str]:
    """Something to pass to ``state.apply`` and what it is: a legal action rebuilt with one
    field changed, an action of another game or of ``other`` state, or a stale one."""
    legal = state.legal_actions()
    kind = draw(st.sampled_from(["evolve", "evolve", "evolve", "mix", "foreign", "other", "stale"]))
    if kind in ("evolve", "mix") and legal:
        action = draw(st.sampled_from(legal))
        fields = field_names(type(action))
        if fields:
            field = draw(st.sampled_from(fields))
            if kind == "mix":  # the field of another legal action: well typed, often illegal here
                value = draw(st.sampled_from([getattr(a, field, None) for a in legal]))
            else:
                value = draw(near(getattr(action, field)))
            try:
                built = attrs.evolve(action, **{field: value})  # type: ignore[misc]
            except (ValueError, TypeError):  # the constructor refuses: never reaches the state
                return action, f"legal {action!r}"
            return built, f"{action!r} evolved with {field}={value!r}"
    if kind == "foreign" and foreign_actions(state.game.name):
        action = draw(st.sampled_from(foreign_actions(state.game.name)))
        return action, f"foreign {action!r}"
    if kind == "other" and other.legal_actions():
        action = draw(st.sampled_from(other.legal_actions()))
        return action, f"{action!r} of another state"
    if stale:
        action = draw(st.sampled_from(stale))
        return action, f"stale {action!r}"
    value = draw(hostile_values)
    return value, f"non-action {value!r}"


def near(value: Any) -> st.SearchStrategy[Any]:
    """Values like ``value`` but wrong: another type, out of range, or any hostile value."""
    options: list[st.SearchStrategy[Any]] = [hostile_values]
    if type(value) is int:
        options += [
            st.sampled_from([float(value), str(value), IntLike(value), value + 1, value - 1, -value - 1]),
            st.sampled_from([bool(value)] if value in (0, 1) else [value + 2**64]),
        ]
    elif type(value) is str:
        options += [st.sampled_from([value.upper(), value + " ", StrLike(value), value.encode(), [value]])]
    elif type(value) is tuple:
        options += [
            st.sampled_from([list(value), value[:-1], value + value[-1:], value[::-1], (*value, None)]),
            st.lists(st.sampled_from([*value, *ODD_VALUES[:12]]), max_size=4).map(tuple),
        ]
        if value:
            options += [near(value[0]).map(lambda first: (first, *value[1:]))]
    elif value is None:
        options += [st.sampled_from([0, "", (), False])]
    return st.one_of(*options)


def attack(state: State, action: object, what: str, seed: int) -> None:
    """``state.apply(action)``: refused with nothing changed, or carried out as the equal legal
    action (equal in value and in each field's type), the game going on exactly as with it."""
    legal = state.legal_actions()
    before = state.to_dict()
    twin = state.clone()
    done, result = outcome_of(lambda: state.apply(action), f"apply({what})")  # type: ignore[arg-type]
    if not done:
        assert isinstance(result, IllegalAction), f"apply({what}) raised a bare {type(result).__name__}"
        assert state.to_dict() == before, f"apply({what}) was refused but changed the state"
        same_run(state, twin, seed, f"the refused {what}")
        return
    own = state.history[-1]
    assert any(
        own is candidate
        and all(same_types(getattr(action, f), getattr(own, f)) for f in field_names(type(own)))
        for candidate in legal
    ), f"apply({what}) carried out {own!r}, not one of the legal actions of the same types"
    twin.apply(own)
    same_run(state, twin, seed, f"the accepted {what}")


@pytest.mark.parametrize("name", NAMES)
@HOSTILE
@given(data=st.data(), config=st.integers(0, 63), seed=st.integers(0, 2**32), steps=STEPS)
def test_apply_of_tampered_foreign_and_stale_actions(
    name: str, data: st.DataObject, config: int, seed: int, steps: int
) -> None:
    rng = random.Random(seed)
    stale: list[Action] = []
    state = advance(new_state(name, config, seed), rng, steps, stale)
    other = advance(new_state(name, config + 1, seed + 1), rng, rng.randrange(60))
    if data.draw(st.integers(0, 3), label="determinized") == 0 and not state.is_terminal:
        # A search's guess: its legal actions are the true ones only for the mover.
        stale += state.legal_actions()[:3]
        state = guessed(state, data, seed)
    action, what = data.draw(tampered_actions(state, stale, other))
    note(f"{state!r}: {what}")
    with no_hang(what):
        attack(state, action, what, seed)


# ---------------------------------------------------------------------- queries


def queries(
    state: State, draw: Callable[[st.SearchStrategy[Any]], Any], seed: int
) -> tuple[Callable[[], Any], str]:
    """One of the state's or game's query methods, called with hostile arguments."""
    game: Game[Any] = state.game
    seat = draw(st.one_of(hostile_values, st.integers(-1, state.num_players)))
    value = draw(hostile_values)
    options = draw(hostile_options(game))
    legal = state.legal_actions()
    evolved: object = value
    if legal:
        action = draw(st.sampled_from(legal))
        fields = field_names(type(action))
        if fields:
            field = draw(st.sampled_from(fields))
            with contextlib.suppress(ValueError, TypeError):
                evolved = attrs.evolve(action, **{field: draw(near(getattr(action, field)))})
    saved_action: Any = value
    if legal and draw(st.integers(0, 3)):  # a legal action's saved dict, edited
        saved_action = json_copy(game.action_to_dict(draw(st.sampled_from(legal))))
        draw(st.one_of(one_edit(saved_action), hostile_json(saved_action)))
    kind = draw(
        st.sampled_from(
            [
                "observation",
                "observation_tensor",
                "determinize_seat",
                "determinize_seed",
                "team_of",
                "svg",
                "encode",
                "encode_evolved",
                "decode",
                "parse_text",
                "parse_state",
                "state_parse",
                "child",
                "observation_shape",
                "replay_html",
                "game_helpers",
                "plain",
                "action_from_dict",
                "resolve_options",
                "replay_observe",
            ]
        )
    )
    calls: dict[str, tuple[Callable[[], Any], str]] = {
        "observation": (lambda: state.observation(seat), f"observation({seat!r})"),
        "observation_tensor": (lambda: state.observation_tensor(seat), f"observation_tensor({seat!r})"),
        "determinize_seat": (lambda: state.determinize(seat, 1), f"determinize({seat!r}, 1)"),
        "determinize_seed": (
            lambda: state.determinize(state.current_player or 0, value),
            f"determinize(seat to move, {value!r})",
        ),
        "team_of": (lambda: state.team_of(seat), f"team_of({seat!r})"),
        "svg": (lambda: state.svg(seat), f"svg({seat!r})"),
        "encode": (lambda: game.encode(value), f"encode({value!r})"),
        "encode_evolved": (lambda: encode_evolved(game, evolved), f"encode({evolved!r})"),
        "decode": (lambda: game.decode(value), f"decode({value!r})"),
        "parse_text": (lambda: game.parse_action(value), f"game.parse_action({value!r})"),
        "parse_state": (
            lambda: game.parse_action(str(legal[0]) if legal else "x", value),
            f"game.parse_action(text, state={value!r})",
        ),
        "state_parse": (lambda: state.parse_action(value), f"state.parse_action({value!r})"),
        "child": (lambda: state.child(value), f"child({value!r})"),
        "observation_shape": (
            lambda: game.observation_shape(seat, **options),
            f"observation_shape({seat!r}, **{options!r})",
        ),
        "replay_html": (lambda: game.replay_html(state.record(), seat), f"replay_html(record, {seat!r})"),
        "game_helpers": (
            lambda: game_helpers(game, value),
            f"state_to_dict/record/action_to_dict({value!r})",
        ),
        "plain": (lambda: plain_queries(state), "legal_action_mask/ids, scores, returns, render, record"),
        "action_from_dict": (
            lambda: applied_from_dict(state, saved_action, seed),
            f"apply(action_from_dict({saved_action!r:.200}))",
        ),
        "resolve_options": (
            lambda: game.resolve_options(seat, options),
            f"resolve_options({seat!r}, {options!r})",
        ),
        "replay_observe": (
            lambda: game.replay(state.record(), observe=value),
            f"replay(record, observe={value!r})",
        ),
    }
    return calls[kind]


def applied_from_dict(state: State, saved: Any, seed: int) -> None:
    """``action_from_dict(saved)`` (an edited save of a legal action), and the action it gives
    attacking a clone of ``state``: refused with nothing changed or played as the legal one."""
    action = state.game.action_from_dict(saved)
    assert isinstance(action, Action), f"action_from_dict({saved!r}) gave {action!r}"
    attack(state.clone(), action, f"action_from_dict({saved!r:.200})", seed)


def encode_evolved(game: Game[Any], action: Any) -> int:
    """``game.encode(action)``, which must refuse an action outside the space, and give the id
    of an action inside it that decodes to it, field types included."""
    code = game.encode(action)
    again = game.decode(code)
    assert again == action and all(
        same_types(getattr(action, f), getattr(again, f)) for f in field_names(type(action))
    ), f"encode({action!r}) gave the id of {again!r}"
    return code


def game_helpers(game: Game[Any], value: object) -> None:
    """The game's save helpers given what is not its state or action (foreign ones too)."""
    foreign = [
        *foreign_actions(game.name)[:3],
        tabletop.load(next(n for n in NAMES if n != game.name)).new_game(),
    ]
    for thing in (value, *foreign):
        for helper in (game.state_to_dict, game.record, game.action_to_dict):
            done, _ = outcome_of(lambda: helper(thing), f"{helper.__name__}({thing!r})")  # noqa: B023
            assert not done, f"{game.name}: {helper.__name__}({thing!r}) answered"


def plain_queries(state: State) -> None:
    """Every argument-free query: none may fail on any state."""
    mask = state.legal_action_mask()
    ids = state.legal_action_ids()
    assert [i for i, bit in enumerate(mask) if bit] == ids
    assert [state.game.decode(i) for i in ids] == sorted(state.legal_actions(), key=state.game.encode)
    state.acting_seats()
    state.scores()
    state.returns()
    state.render()
    state.svg()
    repr(state)
    if not state.determinized:
        assert state.game.replay(json_copy(state.record())).to_dict() == state.to_dict()


@pytest.mark.parametrize("name", NAMES)
@HOSTILE
@given(data=st.data(), config=st.integers(0, 63), seed=st.integers(0, 2**32), steps=STEPS)
def test_queries_with_hostile_arguments_answer_or_refuse_and_change_nothing(
    name: str, data: st.DataObject, config: int, seed: int, steps: int
) -> None:
    state = advance(new_state(name, config, seed), random.Random(seed), steps)
    if data.draw(st.booleans(), label="determinized") and not state.is_terminal:
        state = guessed(state, data, seed)
    call, what = queries(state, data.draw, seed)
    note(f"{state!r}: {what}")
    before = state.to_dict()
    twin = state.clone()
    with no_hang(what):
        done, result = outcome_of(call, what)
        assert state.to_dict() == before, f"{what} changed the state"
        if done and isinstance(result, State) and result is not state:
            keeps_invariants(result, what)
            finish(result, seed, what)
        same_run(state, twin, seed, what)


# ---------------------------------------------------------------------- new games


@st.composite
def hostile_options(draw: st.DrawFn, game: Game[Any]) -> dict[str, Any]:
    """Options with hostile names or values (or none)."""
    options: dict[str, Any] = {}
    for name, option in game.options.items():
        if draw(st.booleans()):
            choices = list(option.choices or ()) + ["A", "B", "cities", ["A"], ["Rhodos", "Giza"]]
            options[name] = draw(st.one_of(st.sampled_from(choices), hostile_values))
    if draw(st.integers(0, 5)) == 0:
        options[draw(st.sampled_from(["zz", "Players", "mode ", ""]))] = draw(hostile_values)
    return options


@pytest.mark.parametrize("name", NAMES)
@HOSTILE
@given(data=st.data())
def test_new_game_with_hostile_players_seed_and_options(name: str, data: st.DataObject) -> None:
    game = tabletop.load(name)
    players = data.draw(st.one_of(st.integers(game.min_players - 1, game.max_players + 1), hostile_values))
    seed = data.draw(st.one_of(st.integers(0, 2**32), hostile_values))
    options = data.draw(hostile_options(game))
    what = f"new_game(players={players!r}, seed={seed!r}, **{options!r})"
    note(what)
    with no_hang(what):
        done, state = outcome_of(lambda: game.new_game(players=players, seed=seed, **options), what)
        if not done:
            return
        keeps_invariants(state, what)
        expected = game.min_players if players is None else players  # None: the fewest
        assert state.num_players == expected and type(state.num_players) is int, what
        assert type(state.seed) is int, f"{what}: the state's seed is a {type(state.seed).__name__}"
        data_ = json_copy(state.to_dict())
        loaded = game.state_from_dict(data_)
        assert loaded.to_dict() == state.to_dict(), f"{what}: the save does not load back"
        record = json_copy(state.record())
        end = finish(state, 1, what)
        again = game.replay(record)
        assert finish(again, 1, what) == end, f"{what}: the record does not replay"
        shape = game.observation_shape(expected, **options)
        assert shape == state.observation_shape, f"{what}: observation_shape differs from the state's"


def test_load_of_names_that_are_not_games_is_a_value_error() -> None:
    for name in ODD_VALUES + ("Splendor_Duel", " splendor_duel", "core", "games", "__init__"):
        done, _ = outcome_of(lambda: tabletop.load(name), f"load({name!r})")  # noqa: B023
        assert not done, f"load({name!r}) gave a game"


# ---------------------------------------------------------------------- simulate, tournament, command line

#: Fewer examples for the doors that play whole games (a simulation, a tournament, the CLI).
FEW = settings(HOSTILE, max_examples=max(4, EXAMPLES // 4))


def _not_a_long_run(value: Any) -> bool:
    """False for a valid count that would play long (n=2**63 is a hang, not a refusal)."""
    return not (isinstance(value, int) and not isinstance(value, bool) and value > 2)


def _not_a_count_of_workers(value: Any) -> bool:
    """False for a positive int: worker processes are no hostile input, and cost a fork each."""
    return not (isinstance(value, int) and not isinstance(value, bool) and value > 1)


small_counts = st.one_of(st.sampled_from([0, 1, 2]), hostile_values.filter(_not_a_long_run))
no_workers = st.one_of(st.sampled_from([None, 1]), hostile_values.filter(_not_a_count_of_workers))
agent_specs = st.sampled_from(["random", "greedy", "ismcts:2", "ismcts:0", "ismcts:-1", "", "x", "random:1"])


@FEW
@given(data=st.data())
def test_simulate_and_tournament_with_hostile_arguments_play_or_refuse(data: st.DataObject) -> None:
    from tabletop.sim import simulate
    from tabletop.tournament import tournament

    name = data.draw(st.sampled_from(NAMES))
    game = tabletop.load(name)
    players = data.draw(st.one_of(st.integers(game.min_players - 1, game.max_players + 1), hostile_values))
    seed = data.draw(st.one_of(st.integers(-(2**70), 2**70), hostile_values))
    options = data.draw(hostile_options(game))
    n = data.draw(small_counts)
    if data.draw(st.booleans()):
        agents: Any = data.draw(st.one_of(agent_specs, st.lists(agent_specs, max_size=5), hostile_values))
        kwargs: dict[str, Any] = {
            "workers": data.draw(no_workers),
            "backend": data.draw(st.one_of(st.sampled_from([None, "serial"]), hostile_values)),
            "keep_records": data.draw(st.one_of(st.booleans(), hostile_values)),
        }
        what = f"simulate({name!r}, {n!r}, players={players!r}, seed={seed!r}, agents={agents!r}, options={options!r}, {kwargs})"
        call: Callable[[], Any] = lambda: simulate(  # noqa: E731
            name, n, players=players, seed=seed, agents=agents, options=options, **kwargs
        )
    else:
        agents = data.draw(st.one_of(st.lists(agent_specs, min_size=2, max_size=3), hostile_values))
        bootstrap = data.draw(st.one_of(st.sampled_from([0, 5]), hostile_values.filter(_not_a_long_run)))
        workers: Any = data.draw(no_workers)
        what = f"tournament({name!r}, {agents!r}, {n!r}, players={players!r}, seed={seed!r}, options={options!r}, workers={workers!r}, bootstrap={bootstrap!r})"
        call = lambda: tournament(  # noqa: E731
            name, agents, n, players=players, seed=seed, options=options, workers=workers, bootstrap=bootstrap
        )
    note(what)
    with no_hang(what):
        done, result = outcome_of(call, what)
    if not done:
        return
    assert type(result.players) is int and game.min_players <= result.players <= game.max_players, what
    if what.startswith("simulate"):
        assert result.count == len(result.games) == n, f"{what}: {result.count} games"
    else:
        assert (
            len(result.games) == sum(pairing.games for pairing in result.pairings) == n * len(result.pairings)
        ), f"{what}: {len(result.games)} games"


def token(value: Any) -> str:
    """A command-line word for ``value``: its JSON where it has one, else its str."""
    try:
        return json.dumps(value, allow_nan=True)
    except (TypeError, ValueError):
        return str(value)


@st.composite
def command_lines(draw: st.DrawFn, folder: str) -> list[str]:
    """``tabletop`` arguments with hostile words: a game, counts, seeds, options, files."""
    name = draw(st.one_of(st.sampled_from(NAMES), st.sampled_from(["", "x", "Splendor_Duel", "-n"])))
    words = draw(
        st.one_of(st.integers(-3, 4), st.integers(-(2**70), 2**70), hostile_values)
        .map(token)
        .map(lambda w: [w])
    )
    command = draw(st.sampled_from(["list", "simulate", "tournament", "replay", "replay", "replay"]))
    if command == "list":
        return ["list"]
    if command == "replay":
        return [
            "replay",
            draw(replay_file(folder)),
            *draw(
                st.lists(
                    st.sampled_from(
                        [
                            ["-q"],
                            ["--index", *words],
                            ["--index", "0"],
                            ["--html", f"{folder}/page.html"],
                            ["--seat", *words],
                        ]
                    ),
                    max_size=3,
                ).map(lambda parts: [w for part in parts for w in part])
            ),
        ]
    argv = [command, name, "-n", draw(small_counts.map(token))]
    if command == "tournament":  # not the default agents: ismcts:500 takes minutes a game
        argv += ["--agents", "random,greedy"]
    game = tabletop.load(name) if name in NAMES else None
    extras = [
        ["--players", *words],
        ["--seed", *words],
        ["--seed", token(draw(st.integers(-(2**70), 2**70)))],
    ]
    if game is not None:
        for option, value in draw(hostile_options(game)).items():
            extras.append(["-o", f"{option}={token(value)}"])
    extras.append(["-o", draw(st.sampled_from(["x", "=1", "a=", "players=2", "seed=1"]))])
    if command == "simulate":
        extras += [
            ["--bots", draw(agent_specs)],
            ["--bots", "random,greedy,random,random,random"],
            ["--workers", "0"],
            ["--backend", "serial"],
            ["--records", "--out", f"{folder}/games.jsonl"],
            ["--save", f"{folder}/records.jsonl"],
            ["--save", folder],
        ]
    else:
        extras += [
            ["--agents", ",".join(draw(st.lists(agent_specs, max_size=3)))],
            ["--workers", token(draw(no_workers))],
            ["--json", f"{folder}/t.json"],
            ["--json", folder],
        ]
    for part in draw(st.lists(st.sampled_from(extras), max_size=4)):
        argv += part
    return argv


@st.composite
def replay_file(draw: st.DrawFn, folder: str) -> str:
    """A file for ``tabletop replay``: a record (edited or not), a list or lines of them, or junk."""
    name = draw(st.sampled_from(NAMES))
    record: Any = copy.deepcopy(draw(st.sampled_from([d for d, _ in donors(name, "record")[:2]])))
    if draw(st.booleans()):
        draw(hostile_edits(record, name, "record"))
    shape = draw(st.sampled_from(["one", "list", "lines", "empty", "junk", "odd", "odd lines"]))
    text = {
        "one": json.dumps(record),
        "list": json.dumps([record, record]),
        "lines": json.dumps(record) + "\n" + json.dumps(record) + "\n",
        "empty": draw(st.sampled_from(["", "  \n", "[]", "{}", "null"])),
        "junk": draw(st.text(max_size=20)),
        "odd": token(draw(hostile_values)),
        "odd lines": "\n".join(token(v) for v in draw(st.lists(hostile_values, min_size=2, max_size=3))),
    }[shape]
    path = f"{folder}/record.json"
    with open(path, "w", encoding="utf-8") as handle:
        handle.write(text)
    return path


@FEW
@given(data=st.data())
def test_the_command_line_with_hostile_arguments_exits_0_or_2(data: st.DataObject) -> None:
    """``tabletop.cli.main``: an answer (0) or a one-line error (2, argparse's usage error
    included), never a traceback."""
    from tabletop import cli

    with tempfile.TemporaryDirectory() as folder:
        argv = data.draw(command_lines(folder))
        what = f"tabletop {' '.join(argv)}"
        note(what)
        out, err = io.StringIO(), io.StringIO()
        with no_hang(what), contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
            try:
                status: object = cli.main(argv)
            except SystemExit as exit_:  # argparse refuses a word its types do not read
                status = exit_.code
            except Exception as error:
                raise AssertionError(f"{what} raised {type(error).__name__}: {error}") from error
        assert status in (0, 2), f"{what} exited {status!r}"
        if status == 2:
            assert err.getvalue().strip(), f"{what} failed without a word"


# ---------------------------------------------------------------------- saves and records


def edits(data: Any, path: str = "$") -> Iterator[tuple[Any, Any, str]]:
    """Every (container, key, path) below ``data``."""
    if isinstance(data, dict):
        for key, value in data.items():
            where = f"{path}.{key}"
            yield data, key, where
            yield from edits(value, where)
    elif isinstance(data, list):
        for index, value in enumerate(data):
            where = f"{path}[{index}]"
            yield data, index, where
            yield from edits(value, where)


@st.composite
def one_edit(draw: st.DrawFn, data: Any) -> str:
    """Change ``data`` (JSON, in place) by one random edit; say which."""
    spots = list(edits(data))
    kind = draw(st.sampled_from(["delete", "type", "number", "add", "truncate", "swap", "id", "bool"]))
    if kind == "delete":
        dicts = [(c, k, w) for c, k, w in spots if isinstance(c, dict)]
        if dicts:
            container, key, where = draw(st.sampled_from(dicts))
            del container[key]
            return f"{where} deleted"
    if kind == "number":
        numbers = [(c, k, w) for c, k, w in spots if type(c[k]) in (int, float)]
        if numbers:
            container, key, where = draw(st.sampled_from(numbers))
            old = container[key]
            container[key] = draw(
                st.sampled_from([old + 1, old - 1, -old - 1, 0, old * 2 + 7, 10**6, 2**64, -(2**63)])
            )
            return f"{where}: {old!r} -> {container[key]!r}"
    if kind == "add":
        places: list[tuple[Any, str]] = [(c[k], w) for c, k, w in spots if isinstance(c[k], dict)]
        container, where = draw(st.sampled_from(places or [(data, "$")]))
        key = draw(st.sampled_from(["zz", "0", "7", "history", "seat", "1.5", ""]))
        container[key] = draw(st.sampled_from([0, 1, "x", [], {}, None]))
        return f"{where}.{key} = {container[key]!r} added"
    if kind == "truncate":
        lists = [(c[k], w) for c, k, w in spots if isinstance(c[k], list) and c[k]]
        if lists:
            target, where = draw(st.sampled_from(lists))
            keep = draw(st.integers(0, len(target) - 1))
            del target[keep:]
            return f"{where} cut to {keep} items"
    if kind == "swap":
        containers = [(c[k], w) for c, k, w in spots if isinstance(c[k], (list, dict)) and len(c[k]) > 1]
        if containers:
            target, where = draw(st.sampled_from(containers))
            keys = list(range(len(target))) if isinstance(target, list) else list(target)
            a, b = draw(st.lists(st.sampled_from(keys), min_size=2, max_size=2, unique=True))
            target[a], target[b] = target[b], target[a]
            return f"{where}: {a!r} and {b!r} swapped"
    if kind == "id":
        strings = [(c, k, w) for c, k, w in spots if type(c[k]) is str]
        if strings:
            container, key, where = draw(st.sampled_from(strings))
            old = container[key]
            others = [c[k] for c, k, _ in strings]  # another id of the save: well formed, misplaced
            container[key] = draw(st.sampled_from([*others, "", "zz", old + "+" + old, old.upper()]))
            return f"{where}: {old!r} -> {container[key]!r}"
    if kind == "bool":
        bools = [(c, k, w) for c, k, w in spots if type(c[k]) is bool]
        if bools:
            container, key, where = draw(st.sampled_from(bools))
            container[key] = not container[key]
            return f"{where} flipped"
    if not spots:
        return "nothing"
    container, key, where = draw(st.sampled_from(spots))
    old = container[key]
    container[key] = draw(st.sampled_from([None, 1.0, True, "1", [], {}, [[]], {"x": 1}, 10**30]))
    return f"{where}: {type(old).__name__} -> {container[key]!r}"


#: JSON values a file may hold (Python's json reads NaN and Infinity too) in place of any other.
JSON_ODD: tuple[Any, ...] = (
    True,
    False,
    1.5,
    -1,
    0,
    2**64,
    -(2**63) - 1,
    10**100,
    math.nan,
    math.inf,
    "",
    "x",
    None,
    [],
    {},
)


@st.composite
def hostile_json(draw: st.DrawFn, data: Any) -> str:
    """Put a hostile JSON value (a bool, a float, NaN, a huge or negative number) anywhere."""
    spots = list(edits(data))
    if not spots:
        return "nothing"
    container, key, where = draw(st.sampled_from(spots))
    old = container[key]
    container[key] = draw(st.sampled_from(JSON_ODD))
    return f"{where}: {old!r:.40} -> {container[key]!r}"


def paths(data: Any) -> dict[tuple[Any, ...], Any]:
    """Every path below ``data`` (keys and indices) and the value there."""
    found: dict[tuple[Any, ...], Any] = {}

    def walk(value: Any, path: tuple[Any, ...]) -> None:
        found[path] = value
        items = (
            value.items() if isinstance(value, dict) else enumerate(value) if isinstance(value, list) else ()
        )
        for key, item in items:
            walk(item, (*path, key))

    walk(data, ())
    return found


@st.composite
def graft(draw: st.DrawFn, data: Any, donors: tuple[tuple[Any, str], ...]) -> str:
    """Replace a part of ``data`` by what a donor (another game's save or record, or another
    state's of the same game) holds at the same path: well formed, and wrong here."""
    donor, whose = draw(st.sampled_from(donors))
    here = paths(data)
    there = paths(donor)
    common = [path for path in there if path and path in here and there[path] != here[path]]
    if not common:
        return "nothing"
    path = draw(st.sampled_from(common))
    container = functools.reduce(lambda value, key: value[key], path[:-1], data)
    container[path[-1]] = copy.deepcopy(there[path])
    return f"{'.'.join(map(str, path))} taken from {whose}"


@st.composite
def reorder(draw: st.DrawFn, record: dict[str, Any]) -> str:
    """The record's actions out of order: two swapped, one moved, repeated or dropped, a run
    reversed."""
    actions = record.get("actions")
    if not isinstance(actions, list) or len(actions) < 2:
        return "nothing"
    last = len(actions) - 1
    i = draw(st.integers(0, last))
    j = draw(st.integers(0, last).filter(lambda k: k != i))
    kind = draw(st.sampled_from(["swap", "move", "repeat", "drop", "reverse"]))
    if kind == "swap":
        actions[i], actions[j] = actions[j], actions[i]
    elif kind == "move":
        actions.insert(j, actions.pop(i))
    elif kind == "repeat":
        actions.insert(j, copy.deepcopy(actions[i]))
    elif kind == "drop":
        del actions[i]
    else:
        low, high = min(i, j), max(i, j)
        actions[low : high + 1] = actions[low : high + 1][::-1]
    return f"actions {kind} {i}, {j}"


@functools.cache
def donors(name: str, kind: str) -> tuple[tuple[Any, str], ...]:
    """Saves (``kind`` "save") or records of a few states of every game, the game's own first,
    and what each is (:func:`graft` copies from them, never changes them)."""
    found: list[tuple[Any, str]] = []
    rng = random.Random(kind)
    for other in sorted(NAMES, key=lambda n: n != name):
        for config in (0, len(configurations(other)) - 1):
            state = advance(new_state(other, config, 5), rng, rng.randrange(1, 90))
            found.append(
                (json_copy(state.record() if kind == "record" else state.to_dict()), f"a {other} {kind}")
            )
            if kind == "save" and not state.is_terminal:
                found.append((json_copy(state.determinize(0, 5).to_dict()), f"a determinized {other} save"))
    return tuple(found)


@st.composite
def hostile_edits(draw: st.DrawFn, data: Any, name: str, kind: str) -> str:
    """One or two edits of a save or record (``kind``): any :func:`one_edit`, a hostile JSON
    value, a graft from another save or record, actions out of order."""
    done: list[str] = []
    for _ in range(draw(st.integers(1, 2), label="edits")):
        how = draw(st.sampled_from(["one", "one", "one", "json", "graft", "reorder"]))
        if how == "json":
            done.append(draw(hostile_json(data)))
        elif how == "graft":
            done.append(draw(graft(data, donors(name, kind))))
        elif how == "reorder" and kind == "record":
            done.append(draw(reorder(data)))
        else:
            done.append(draw(one_edit(data)))
    return " and ".join(done)


def check_loaded(game: Game[Any], state: State, what: str, seed: int) -> None:
    """A state that loaded keeps its invariants, answers every query and plays on to its end."""
    keeps_invariants(state, what)
    for seat in range(state.num_players):
        view = state.observation(seat)
        json.dumps(view)
        state.svg(seat)
        state.observation_tensor(seat)
        if not state.is_terminal:
            keeps_invariants(state.determinize(seat, seed), f"determinize {seat} {what}")
    state.legal_action_mask()
    finish(state, seed, what)


@pytest.mark.parametrize("name", NAMES)
@HOSTILE
@given(
    data=st.data(),
    config=st.integers(0, 63),
    seed=st.integers(0, 2**32),
    steps=STEPS,
    verify=st.booleans(),
    guess=st.booleans(),
)
def test_a_save_with_hostile_edits_is_refused_or_loads_a_state_that_plays_on(
    name: str, data: st.DataObject, config: int, seed: int, steps: int, verify: bool, guess: bool
) -> None:
    game = tabletop.load(name)
    state = advance(new_state(name, config, seed), random.Random(seed), steps)
    if guess and not state.is_terminal:
        state = guessed(state, data, seed)
    save = json_copy(state.to_dict())
    what = data.draw(hostile_edits(save, name, "save"))
    what = f"{state!r} saved with {what} (verify={verify})"
    note(what)
    given_ = copy.deepcopy(save)
    with no_hang(what):
        done, loaded = outcome_of(
            lambda: game.state_from_dict(save, verify=verify), f"state_from_dict: {what}"
        )
        assert save == given_, f"state_from_dict changed its input: {what}"
        if done:
            check_loaded(game, loaded, what, seed)


@pytest.mark.parametrize("name", NAMES)
@HOSTILE
@given(data=st.data(), config=st.integers(0, 63), seed=st.integers(0, 2**32), steps=STEPS)
def test_a_record_with_hostile_edits_is_refused_or_replays_a_state_that_plays_on(
    name: str, data: st.DataObject, config: int, seed: int, steps: int
) -> None:
    game = tabletop.load(name)
    state = advance(new_state(name, config, seed), random.Random(seed), steps)
    record = json_copy(state.record())
    what = f"{state!r}'s record with {data.draw(hostile_edits(record, name, 'record'))}"
    note(what)
    with no_hang(what):
        done, replayed = outcome_of(lambda: game.replay(record), f"replay: {what}")
        if done:
            check_loaded(game, replayed, what, seed)


# ---------------------------------------------------------------------- what the fuzzer found


def test_dozen_war_trusted_save_whose_turn_order_lacks_a_playing_seat_is_refused() -> None:
    """Found: ``$.turns.order`` cut to one seat of four loaded with ``verify=False`` and the game
    stalled 18 decisions later with no legal action (deploy_generals of a seat out of the order)."""
    game = tabletop.load("dozen_war")
    save = json_copy(game.new_game(players=4, seed=0).to_dict())
    save["turns"]["order"] = save["turns"]["order"][:1]
    with pytest.raises(
        ValueError, match=r"turns.order \[3\] lacks seat\(s\) \[0, 1, 2\], which are still playing"
    ):
        game.state_from_dict(save, verify=False)


def test_encode_refuses_a_float_or_a_bool_in_place_of_an_int() -> None:
    """Found: ``encode(ReserveDeck(level=1.0))`` gave the id of ``level=1`` (1.0 and True find
    1's entry in the index), so a wrong type got an id that decodes to another action."""
    game = tabletop.load("cities_of_splendor")
    action = next(a for a in game.new_game(seed=1).legal_actions() if type(a).__name__ == "ReserveDeck")
    for bad, kind in ((1.0, "a float"), (True, "a bool")):
        with pytest.raises(ValueError, match=f"ReserveDeck.level={bad!r} is {kind}, not an int"):
            game.encode(attrs.evolve(action, level=bad))  # type: ignore[misc]
    assert game.decode(game.encode(action)) == action


def test_new_game_keeps_an_int_subclass_of_players_or_seed_as_a_plain_int() -> None:
    """Found: ``new_game(players=IntLike(2), seed=IntLike(3))`` kept the subclass objects in the
    state (its num_players and seed, then its saves and records)."""
    for name in NAMES:
        game = tabletop.load(name)
        state = game.new_game(players=IntLike(game.min_players), seed=IntLike(3))
        assert type(state.num_players) is int and type(state.seed) is int
        assert state.to_dict() == game.new_game(players=game.min_players, seed=3).to_dict()


@pytest.mark.parametrize(
    ("edit", "words"),
    [
        (("castles", 3, "cell", 161), "are not those of the seats' homes"),
        (("castles", 0, "type", "zz"), "are not those of the seats' homes"),
        (("home", 0, None, "zz"), "is not distinct homes of the map"),
    ],
)
def test_dozen_war_trusted_save_with_a_castle_or_home_moved_is_refused(
    edit: tuple[str, int, str | None, Any], words: str
) -> None:
    """Found: a trusted load of a save whose castle 3 was moved from cell 77 to cell 161 (another
    castle's) loaded, and 101 decisions later units stood on an impossible stack there."""
    game = tabletop.load("dozen_war")
    save = json_copy(game.new_game(players=4, seed=1).to_dict())
    key, index, field, value = edit
    if field is None:
        save[key][index] = value
    else:
        save[key][index][field] = value
    with pytest.raises(ValueError, match=words):
        game.state_from_dict(save, verify=False)


def test_seven_wonders_trusted_save_of_another_age_is_refused() -> None:
    """Found: a new game's trusted save with ``$.age`` 1 -> 2 loaded, and ``determinize`` raised
    AssertionError ("Age 1: 13 hidden cards for 0 places")."""
    game = tabletop.load("seven_wonders")
    save = json_copy(game.new_game(players=3, seed=0).to_dict())
    save["age"] = 2
    with pytest.raises(ValueError, match="age 2: the hands must hold Age 2 cards"):
        game.state_from_dict(save, verify=False)


@pytest.mark.parametrize("token", [0, 2, -3, 7])
def test_seven_wonders_trusted_save_with_an_unknown_military_token_is_refused(token: object) -> None:
    """Found: a trusted save with a military token -1 changed to 0 loaded, and
    ``observation_tensor`` raised KeyError: 0."""
    game = tabletop.load("seven_wonders")
    state = game.new_game(players=3, seed=0)
    rng = random.Random(0)
    while not any(state.tokens):  # to the first battle
        state.apply(rng.choice(state.legal_actions()))
    save = json_copy(state.to_dict())
    city = next(city for city, tokens in enumerate(save["tokens"]) if tokens)
    save["tokens"][city][0] = token
    with pytest.raises(ValueError, match=f"city {city}'s military tokens"):
        game.state_from_dict(save, verify=False)


def test_the_games_save_helpers_refuse_what_is_not_their_state_or_action() -> None:
    """Found: ``game.state_to_dict``, ``game.record`` and ``game.action_to_dict`` of None raised
    AttributeError, and ``splendor_duel.record(a wonders_duel state)`` gave a record labelled
    splendor_duel holding 7 Wonders Duel's options."""
    game = tabletop.load("splendor_duel")
    other = tabletop.load("wonders_duel").new_game(seed=1)
    for helper in (game.state_to_dict, game.record):
        for thing in (None, other, "x"):
            with pytest.raises(ValueError, match="is not a splendor_duel state"):
                helper(thing)  # type: ignore[arg-type]
    for action in (None, other.legal_actions()[0], "x"):
        with pytest.raises(ValueError, match="is not an action of splendor_duel"):
            game.action_to_dict(action)  # type: ignore[arg-type]


def test_dozen_war_save_with_an_unknown_skill_mark_is_refused() -> None:
    """Found: a determinized save (never replayed, even verified) with ``$.marks[3][0]`` 'mask.1'
    changed to a card id loaded, and ``observation_tensor`` raised KeyError."""
    game = tabletop.load("dozen_war")
    save = json_copy(game.new_game(players=4, seed=1).determinize(0, 1).to_dict())
    for key, words in (
        ("marks", "name no skill"),
        ("used_skills", "name no skill"),
        ("roster", "names no general"),
    ):
        broken = copy.deepcopy(save)
        broken[key][0] = ["E11#1"]
        with pytest.raises(ValueError, match=words):
            game.state_from_dict(broken)


def test_seven_wonders_save_that_saw_what_is_no_card_is_refused() -> None:
    """Found: a determinized save with ``$.hands.seen[1][3][0]`` changed to 'seven_wonders' loaded,
    and ``observation_tensor`` raised KeyError."""
    game = tabletop.load("seven_wonders")
    save = json_copy(game.new_game(players=4, seed=1).determinize(1, 1).to_dict())
    save["hands"]["seen"][1][1][0] = "seven_wonders"
    with pytest.raises(ValueError, match=r"hands\.seen names what is no card"):
        game.state_from_dict(save)


def test_dozen_war_save_with_a_unit_of_no_class_is_refused() -> None:
    """Found: a determinized trusted save with ``$.units.2.cls`` 'infantry' changed to a general's
    id loaded, and ``observation_tensor`` raised KeyError."""
    game = tabletop.load("dozen_war")
    state = game.new_game(players=4, seed=1)
    rng = random.Random(1)
    while not state.units:  # to the first deployment
        state.apply(rng.choice(state.legal_actions()))
    save = json_copy(state.determinize(0, 1).to_dict())
    unit = next(iter(save["units"]))
    save["units"][unit]["cls"] = "kho_vu_khi_co"
    with pytest.raises(ValueError, match="class 'kho_vu_khi_co' is not one of"):
        game.state_from_dict(save, verify=False)


@pytest.mark.parametrize("used", [-1, 4, 2**64])
def test_seven_wonders_save_with_olympia_used_past_the_age_is_refused(used: int) -> None:
    """Found: a determinized save with ``olympia_used`` 2**64 loaded, and ``observation_tensor``
    raised ValueError (outside 0..3) for a state that had been accepted."""
    game = tabletop.load("seven_wonders")
    save = json_copy(game.new_game(players=3, seed=1).determinize(0, 1).to_dict())
    save["olympia_used"][0] = used
    with pytest.raises(ValueError, match="olympia_used"):
        game.state_from_dict(save)


def test_determinize_keeps_an_int_subclass_of_seed_as_a_plain_int() -> None:
    """Found: ``determinize(0, IntLike(3))`` kept the subclass object as the guess's seed (then in
    its saves), as ``new_game`` once did."""
    for name in NAMES:
        state = tabletop.load(name).new_game(seed=1)
        guess = state.determinize(0, IntLike(3))
        assert type(guess.seed) is int
        assert guess.to_dict() == state.determinize(0, 3).to_dict()


@pytest.mark.parametrize("text", ["", "\n \n", "1\n2\n", '[1]\n"x"\n', "null\nnull"])
def test_cli_replay_of_a_file_of_no_record_objects_is_a_one_line_error(
    text: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Found: ``tabletop replay`` of JSON lines that are not objects ("1\\n2") raised
    AttributeError ('int' object has no attribute 'get'), and of an empty file exited 0 having
    replayed nothing."""
    from tabletop import cli

    path = tmp_path / "records.jsonl"
    path.write_text(text, encoding="utf-8")
    assert cli.main(["replay", str(path)]) == 2
    assert re.search("holds no records|must hold a record object", capsys.readouterr().err)


@pytest.mark.parametrize(
    ("words", "message"),
    [
        (["--seconds", "inf"], "--seconds must be a positive number"),
        (["--seconds", "nan"], "--seconds must be a positive number"),
        (["--seconds", "-1"], "--seconds must be a positive number"),
        (["--seconds", "0.01", "--players", "9"], "--players 9: no game benchmarked here"),
    ],
)
def test_cli_bench_refuses_seconds_and_players_it_cannot_time(
    words: list[str], message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    """Found: ``tabletop bench --seconds inf`` never ended, ``nan`` and ``-1`` printed figures of
    one game, and ``--players 9`` for Splendor Duel printed an empty table and exited 0."""
    from tabletop import cli

    assert cli.main(["bench", "splendor_duel", *words, "--no-save", "--no-cold"]) == 2
    assert message in capsys.readouterr().err


@pytest.mark.parametrize("observe", [3, "x", [], True])
def test_replay_refuses_an_observer_that_is_no_function(observe: object) -> None:
    """Found: ``game.replay(record, observe=3)`` raised TypeError ('int' object is not
    callable) at the record's first action."""
    game = tabletop.load("splendor_duel")
    state = game.new_game(seed=1)
    state.apply(state.legal_actions()[0])
    with pytest.raises(ValueError, match="observe must be a function"):
        game.replay(state.record(), observe=observe)  # type: ignore[arg-type]


@pytest.mark.parametrize("name", ["dozen_war", "seven_wonders"])
@pytest.mark.parametrize("reason", ["", "zz", "points+zz", "score+"])
def test_trusted_save_of_a_finished_game_with_an_unknown_reason_is_refused(name: str, reason: str) -> None:
    """Found (a probe of outcome fields): a finished Dozen War or 7 Wonders trusted save with
    ``$.outcome.reason`` changed to '' loaded, and ``observation_tensor`` raised KeyError: ''."""
    game = tabletop.load(name)
    state = game.new_game(seed=3)
    rng = random.Random(1)
    while not state.is_terminal:
        state.apply(rng.choice(state.legal_actions()))
    save = json_copy(state.to_dict())
    save["outcome"]["reason"] = reason
    with pytest.raises(ValueError, match="outcome reason"):
        game.state_from_dict(save, verify=False)


@pytest.mark.parametrize("bad", [1.5, math.inf, None, [1], (0,), "3", True])
def test_the_rl_adapters_refuse_an_action_id_or_seed_that_is_no_int_by_name(bad: object) -> None:
    """Found (a probe of the adapters): gymnasium ``step(inf)`` raised OverflowError and
    ``step([1])`` TypeError, ``step(1.5)``/``step(True)``/``step("3")`` played id 1 or 3 when
    legal; PettingZoo's ``parallel_env.step(3)`` raised AttributeError; ``reset(seed=[1])``
    raised TypeError and gymnasium's ``reset(seed=-1)`` its own Error, not a ValueError."""
    gym = pytest.importorskip("tabletop.adapters.gymnasium")
    zoo = pytest.importorskip("tabletop.adapters.pettingzoo")
    env = gym.make("splendor_duel")
    env.reset(seed=1)
    aec = zoo.env("splendor_duel")
    aec.reset(seed=1)
    parallel = zoo.parallel_env("splendor_duel")
    parallel.reset(seed=1)
    before = [env.state_now.to_dict(), aec.state_now.to_dict(), parallel.state_now.to_dict()]
    for step in (
        env.step,
        aec.step,
        lambda a: parallel.step(dict.fromkeys(parallel.agents, a)),
        parallel.step,
    ):
        with pytest.raises(ValueError, match=r"action id is an int|must choose|dict of agent names|must act"):
            step(bad)
    assert [env.state_now.to_dict(), aec.state_now.to_dict(), parallel.state_now.to_dict()] == before
    for reset in (env.reset, aec.reset, parallel.reset):
        if bad is not None:
            with pytest.raises(ValueError, match=r"seed must be None or an int >= 0"):
                reset(seed=bad)
        with pytest.raises(ValueError, match=r"seed must be None or an int >= 0"):
            reset(seed=-1)


def test_seven_wonders_save_whose_hands_were_swapped_under_a_committed_choice_is_refused() -> None:
    """Found: a determinized save (not replayed, even verified) with ``$.hands.cards`` 0 and 1
    swapped loaded while city 0's BuildStage of II-loom waited for the reveal, and the reveal
    raised ValueError ("no card of kind 'II-loom' among ...") for a legal action."""
    game = tabletop.load("seven_wonders")
    state = game.new_game(players=2, seed=554749, side="random")
    rng = random.Random(554749)
    while not state.choices.choices:  # to a committed, unrevealed choice
        state.apply(rng.choice(state.legal_actions()))
    save = json_copy(state.determinize(1, 5).to_dict())
    city = next(iter(save["choices"]["choices"]))
    cards = save["hands"]["cards"]
    other = next(seat for seat in range(len(cards)) if str(seat) != city)
    cards[int(city)], cards[other] = cards[other], cards[int(city)]
    with pytest.raises(ValueError, match="is of a card its hand does not hold"):
        game.state_from_dict(save)


def test_wonders_duel_trusted_save_of_a_draft_with_the_beginner_option_is_refused() -> None:
    """Found: a new game's trusted save with ``$.options`` taken from a beginner game's save
    loaded mid-draft, and 51 decisions later its own check refused the Wonders drafted ("not
    among the beginner Wonders it is dealt")."""
    game = tabletop.load("wonders_duel")
    save = json_copy(game.new_game(seed=6499).to_dict())
    save["options"] = {"wonders": "beginner"}
    with pytest.raises(ValueError, match="with option wonders='beginner' there is no draft"):
        game.state_from_dict(save, verify=False)


@pytest.mark.parametrize("edit", ["drop the ban", "ban a drafted general"])
def test_dozen_war_save_of_a_draft_that_lost_a_ban_is_refused(edit: str) -> None:
    """Found: a determinized save (not replayed) one ban into a 4-player draft with ``$.banned``
    cut to 0 items loaded, and 14 decisions later the banned round's pick had no legal action."""
    from tabletop.games.dozen_war import GENERALS

    game = tabletop.load("dozen_war")
    state = game.new_game(players=4, seed=1, generals="draft")
    rng = random.Random(1)
    while not state.banned:
        state.apply(rng.choice(state.legal_actions()))
    save = json_copy(state.determinize(1, -2).to_dict())
    if edit == "drop the ban":
        save["banned"] = []
    else:  # every general banned: the bans and picks to come find none
        taken = set(save["banned"])
        save["banned"] += [g for g in GENERALS if g not in taken]
    with pytest.raises(ValueError, match=r"too few generals|generals left for its bans and picks"):
        game.state_from_dict(save)


def test_dozen_war_determinize_resamples_the_cards_a_pending_steal_offers() -> None:
    """Found (hard run, seed 808): determinize(1, ...) at seat 3's
    ``choose_option`` of a steal from seat 2 resampled seat 2's hand, but the task's options
    still name the true cards, so the legal ChooseOption raised ValueError ("seat 2 holds no
    arc.ao_choang_phep_thuat")."""
    state = advance(new_state("dozen_war", 8, 472), random.Random(472), 81)
    assert state.decision == "choose_option"
    guess = state.determinize(1, 18_446_744_073_709_552_088)
    for action in guess.legal_actions():
        guess.child(action)  # every legal action applies
