"""The public contract, checked over a random playthrough of any game.

``check_contract(game, players, seed)`` plays one random game and asserts everything DESIGN.md
promises about states, actions, saving, records, hidden information, the seats that act,
teams and returns. ``check_information_sets(game, players, seed)`` plays one and asserts that
``determinize`` depends only on what the seat sees; ``check_tensors_distinguish`` that the
observation tensor holds everything the observation does. The contract tests run them all for every
registered game; a game's own tests may call them with particular options.
"""

from __future__ import annotations

import json
import math
import time
from collections.abc import Iterable, Iterator
from typing import Any, TypeVar

import attrs
import pytest

import tabletop
from tabletop.core import Game, Rng, State


def roundtrip_json(data: Any) -> Any:
    return json.loads(json.dumps(data))


def check_teams_and_returns(state: State) -> None:
    """Teams split the seats; returns are equal within a team, zero in a draw and until the end,
    and otherwise +1 for the winning teams and -1 for the rest."""
    n = state.num_players
    teams = state.teams
    assert sorted(seat for team in teams for seat in team) == list(range(n)), f"teams {teams}"
    for team in teams:
        assert all(state.team_of(seat) == team for seat in team)
    returns = state.returns()
    assert len(returns) == n
    for team in teams:
        assert len({returns[seat] for seat in team}) == 1, f"returns {returns} split team {team}"
    outcome = state.outcome
    if outcome is None or outcome.is_draw:
        assert returns == (0.0,) * n
        return
    won = [team for team in teams if set(team) & set(outcome.winners)]
    for team in won:  # a team game names every member of the winning team
        assert set(team) <= set(outcome.winners), f"winners {outcome.winners} split team {team}"
    if len(won) == len(teams):
        assert returns == (0.0,) * n
    else:
        assert sorted(returns) == [-1.0] * (n - len(outcome.winners)) + [1.0] * len(outcome.winners)
        assert all(returns[seat] == 1.0 for seat in outcome.winners)


def check_hidden_commits(state: State) -> None:
    """At a simultaneous node, what the mover picks is hidden from every other seat."""
    seat = state.current_player
    assert seat is not None
    others = [other for other in range(state.num_players) if other != seat]
    legal = state.legal_actions()
    first = state.child(legal[0])
    views = [first.observation(other) for other in others]
    for action in legal[1:]:
        child = state.child(action)
        for other, view in zip(others, views):
            assert child.observation(other) == view, (
                f"seat {other} can tell seat {seat}'s hidden {action} from {legal[0]} "
                f"(decision {state.decision!r}, acting seats {state.acting_seats()})"
            )


def check_determinized_save(game: Game[Any], state: State, seat: int) -> None:
    """A determinized state has no record, and its save round-trips."""
    sample = state.determinize(seat, 7)
    assert sample.determinized and sample.seed == 7 and sample.history == []
    with pytest.raises(ValueError, match=r"determinized .* has no record"):
        sample.record()
    data = roundtrip_json(sample.to_dict())
    assert data["determinized"] is True
    restored = game.state_from_dict(data)
    assert restored.to_dict() == sample.to_dict() and restored.determinized


def check_information_set(state: State, seat: int) -> None:
    """``determinize(seat, seed)`` depends only on ``observation(seat)`` and the seed: a
    determinized state looks the same to ``seat``, and determinizing it again gives what
    determinizing the true state gives."""
    sample = state.determinize(seat, 99)
    assert sample.observation(seat) == state.observation(seat)
    again, direct = sample.determinize(seat, 5).to_dict(), state.determinize(seat, 5).to_dict()
    if again != direct:
        differ = sorted(key for key in direct if again.get(key) != direct[key])
        raise AssertionError(
            f"determinize({seat}, 5) depends on more than observation({seat}): "
            f"the fields {differ} differ between two states seat {seat} cannot tell apart"
        )


def check_tensors(game: Game[Any], state: State) -> None:
    """Every seat's observation tensor has the game's shape and only finite floats, and equals
    the tensor of a determinized state (equal observations, equal tensors); the action mask is
    1 exactly at the legal action ids."""
    shape = state.observation_shape
    assert shape == game.observation_shape(state.num_players, **state.options)
    assert len(shape) == 1 and shape[0] > 0, f"observation_shape {shape} is not flat"
    for seat in range(state.num_players):
        tensor = state.observation_tensor(seat)
        assert len(tensor) == shape[0]
        bad = [i for i, x in enumerate(tensor) if type(x) is not float or not math.isfinite(x)]
        assert not bad, f"seat {seat}'s tensor has entries that are not finite floats at {bad[:5]}"
        sample = state.determinize(seat, 3)
        assert sample.observation_tensor(seat) == tensor, (
            f"seat {seat}'s tensor differs in a state with the same observation({seat})"
        )
        view = roundtrip_json(state.observation(seat))  # a saved view encodes the same
        assert type(state)._encode_observation(view, seat) == tensor
    mask = state.legal_action_mask()
    assert len(mask) == game.num_distinct_actions and set(mask) <= {0, 1}
    assert [i for i, bit in enumerate(mask) if bit] == state.legal_action_ids()


def random_state(game: Game[Any], seed: int, decisions: int, **options: Any) -> State:
    """A game of the minimum player count after ``decisions`` random decisions (or at its end)."""
    state: State = game.new_game(seed=seed, **options)
    rng = Rng.from_seed(seed)
    for _ in range(decisions):
        if state.is_terminal:
            break
        state.apply(rng.choice(state.legal_actions()))
    return state


def refused_naming(state: State, action: Any, *words: str) -> str:
    """``apply`` refuses ``action`` with ``IllegalAction`` whose message holds each of ``words``,
    and changes nothing; the message."""
    before = state.to_dict()
    with pytest.raises(tabletop.IllegalAction) as error:
        state.apply(action)
    message = str(error.value)
    for word in words:
        assert word in message, message
    assert state.to_dict() == before
    return message


AnyState = TypeVar("AnyState", bound=State)


def random_game_states(game: Game[AnyState], players: int, seed: int, **options: Any) -> list[AnyState]:
    """Every state of one random game (``seed`` deals and picks the moves), the last terminal."""
    state = game.new_game(players=players, seed=seed, **options)
    rng = Rng.from_seed(seed)
    found = [state.clone()]
    while not state.is_terminal:
        state.apply(rng.choice(state.legal_actions()))
        found.append(state.clone())
    return found


def check_tensors_distinguish(
    game: Game[Any], players: int, seeds: Iterable[int], every: int = 1, **options: Any
) -> int:
    """Play a random game per seed and check that, per seat, states whose observations differ
    give different tensors (every observed thing is in the tensor), at every ``every``-th
    decision and the end; return how many distinct observations were compared. The games are
    pooled: within one game most states differ in some count that only grows, so a field left
    out would rarely show."""
    seen: list[dict[tuple[float, ...], str]] = [{} for _ in range(players)]
    for seed in seeds:
        rng = Rng.from_seed(seed)
        state: State = game.new_game(players=players, seed=seed, **options)
        decisions = 0
        while True:
            if decisions % every == 0 or state.is_terminal:
                for seat in range(players):
                    view = json.dumps(state.observation(seat), sort_keys=True)
                    known = seen[seat].setdefault(tuple(state.observation_tensor(seat)), view)
                    assert known == view, (
                        f"seat {seat}: two different observations give the same tensor:\n{known}\n{view}"
                    )
            if state.is_terminal:
                break
            state.apply(rng.choice(state.legal_actions()))
            decisions += 1
    return sum(len(views) for views in seen)


Path = tuple[str | int, ...]


def _leaves(value: Any, path: Path = ()) -> Iterator[tuple[Path, Any]]:
    """Every leaf of a JSON value (a scalar, None or an empty container) with its path."""
    if isinstance(value, dict) and value:
        for key, item in value.items():
            yield from _leaves(item, (*path, key))
    elif isinstance(value, list) and value:
        for index, item in enumerate(value):
            yield from _leaves(item, (*path, index))
    else:
        yield path, value


def _pattern(path: Path) -> Path:
    """``path`` with list indices made ``"*"``: where alike values sit in every observation."""
    return tuple("*" if isinstance(step, int) else step for step in path)


def _replaced(view: Any, path: Path, value: Any) -> Any:
    """A copy of ``view`` with the leaf at ``path`` replaced by ``value``."""
    if not path:
        return value
    copy = dict(view) if isinstance(view, dict) else list(view)
    copy[path[0]] = _replaced(view[path[0]], path[1:], value)  # type: ignore[index]
    return copy


def _nodes(value: Any, path: Path = ()) -> Iterator[tuple[Path, Any]]:
    """Every value inside a JSON value, containers included, with its path."""
    yield path, value
    if isinstance(value, dict):
        for key, item in value.items():
            yield from _nodes(item, (*path, key))
    elif isinstance(value, list):
        for index, item in enumerate(value):
            yield from _nodes(item, (*path, index))


def check_every_observed_leaf_is_encoded(
    game: Game[Any], players: int, seeds: Iterable[int], every: int = 9, **options: Any
) -> set[Path]:
    """Change each leaf of sampled observations, one at a time, and check the tensor changes:
    a number by +1, a flag flipped, anything else (a name, ``None``, an empty list) to other
    values seen at that place (its path with list indices as ``"*"``) in the pooled games.
    Every place that had another value to try must have been checked at least once (a change
    the encoder refuses, a name outside its vocabulary or more entries than slots, does not
    count); return the places checked."""
    views: list[tuple[int, dict[str, Any]]] = []
    for seed in seeds:
        rng = Rng.from_seed(seed)
        state: State = game.new_game(players=players, seed=seed, **options)
        decisions = 0
        while True:
            if decisions % every == 0 or state.is_terminal:
                views.extend((seat, state.observation(seat)) for seat in range(players))
            if state.is_terminal:
                break
            state.apply(rng.choice(state.legal_actions()))
            decisions += 1
    seen: dict[Path, dict[str, Any]] = {}
    for _, view in views:
        for path, value in _nodes(view):
            seen.setdefault(_pattern(path), {})[json.dumps(value, sort_keys=True)] = value
    encode = type(game.new_game(players=players, seed=0, **options))._encode_observation
    checked: set[Path] = set()
    tried: set[Path] = set()
    for seat, view in views:
        tensor = encode(view, seat)
        for path, value in _leaves(view):
            where = _pattern(path)
            others: list[Any]
            if type(value) is bool:
                others = [not value]
            elif type(value) is int:
                others = [value + 1]
            else:
                others = [other for other in seen[where].values() if other != value][:3]
            for other in others:
                tried.add(where)
                try:
                    changed = encode(_replaced(view, path, other), seat)
                except (ValueError, KeyError, IndexError, TypeError):
                    continue
                assert changed != tensor, (
                    f"seat {seat}: {'.'.join(map(str, path))} = {value!r} changed to {other!r} "
                    "leaves the tensor unchanged"
                )
                checked.add(where)
    missed = sorted(map(str, tried - checked))
    assert not missed, f"the encoder refused every change tried at {missed}"
    return checked


def tensor_microseconds(game: Game[Any], players: int, seed: int, **options: Any) -> float:
    """The mean µs of CPU per ``observation_tensor(seat)`` call (the observation included) over
    every seat of every state of one random game (CPU time: other work on a shared machine does
    not count against it)."""
    rng = Rng.from_seed(seed)
    state: State = game.new_game(players=players, seed=seed, **options)
    states = [state.clone()]
    while not state.is_terminal:
        state.apply(rng.choice(state.legal_actions()))
        states.append(state.clone())
    start = time.process_time()
    for each in states:
        for seat in range(players):
            each.observation_tensor(seat)
    return (time.process_time() - start) / (len(states) * players) * 1e6


def check_state(game: Game[Any], state: State, rng: Rng, heavy: bool) -> None:
    """Everything that must hold of one non-terminal state."""
    assert not state.is_terminal and state.outcome is None
    seat = state.current_player
    assert isinstance(seat, int) and 0 <= seat < state.num_players
    acting = state.acting_seats()
    assert seat in acting, f"acting_seats() {acting} leaves out the current player {seat}"
    assert len(set(acting)) == len(acting) and all(0 <= s < state.num_players for s in acting)
    assert isinstance(state.decision, str) and state.decision
    legal = state.legal_actions()
    assert legal, f"no legal action in a non-terminal state (decision {state.decision})"
    assert len(set(legal)) == len(legal), "legal_actions() repeats an action"
    ids = state.legal_action_ids()
    assert ids == sorted(game.encode(a) for a in legal)
    assert len(set(ids)) == len(ids)
    for action in legal:
        assert 0 <= game.encode(action) < game.num_distinct_actions
        assert game.decode(game.encode(action)) == action
    # Text and the JSON round trip are slower: a sample of each decision's actions (every action
    # type turns up over a game).
    for action in legal if len(legal) <= 8 else [rng.choice(legal) for _ in range(8)]:
        assert str(action)
        assert game.action_from_dict(roundtrip_json(game.action_to_dict(action))) == action
    if not heavy:
        return
    before = state.to_dict()
    check_tensors(game, state)
    check_teams_and_returns(state)
    if len(acting) > 1:
        check_hidden_commits(state)
    check_determinized_save(game, state, seat)
    assert state.to_dict() == before
    # An illegal action is refused with IllegalAction and changes nothing.
    legal_ids = set(ids)
    for _ in range(20):
        other = rng.randbelow(game.num_distinct_actions)
        if other not in legal_ids:
            with pytest.raises(tabletop.IllegalAction) as refused:
                state.apply(game.decode(other))
            assert str(refused.value)
            assert state.to_dict() == before
            break
    # Saving round-trips exactly, through JSON text.
    restored = game.state_from_dict(roundtrip_json(before))
    assert restored.to_dict() == before
    assert restored.legal_actions() == legal
    # clone and child leave the original untouched.
    copy = state.clone()
    # Clones built field by field (object.__new__) must still set every field, saved or not.
    assert [f.name for f in attrs.fields(type(state)) if not hasattr(copy, f.name)] == []
    assert copy.to_dict() == before
    action = rng.choice(legal)
    child = state.child(action)
    copy.apply(action)
    assert state.to_dict() == before
    assert child.to_dict() == copy.to_dict()
    assert restored.child(action).to_dict() == child.to_dict()
    # Observations are JSON-ready; a determinized state looks the same to that seat.
    for observer in range(state.num_players):
        observation = state.observation(observer)
        assert roundtrip_json(observation) == observation
        sample = state.determinize(observer, rng.randbelow(1 << 30))
        assert sample.observation(observer) == observation
        assert sample.current_player == state.current_player
        if observer == state.current_player:  # what the mover may do depends on what it knows
            assert sorted(map(game.encode, sample.legal_actions())) == ids
        assert state.to_dict() == before


def is_heavy_step(decision: int, every: int) -> bool:
    """Whether the full checks run at this decision: every ``every``-th of the first ten
    ``every``s, then at 20, 40, 80... ``every``s. Loading a save replays its history, so checks
    at every 7th step of a 1,000-decision game would cost quadratic time; geometric spacing keeps
    the replays to about twice the game's length, and the early steps stay densely checked."""
    if decision % every:
        return False
    tens, rest = divmod(decision // every, 10)
    return tens <= 1 or (rest == 0 and tens & (tens - 1) == 0)


def check_contract(
    game: Game[Any],
    players: int,
    seed: int,
    max_decisions: int = 20_000,
    heavy_every: int = 7,
    **options: Any,
) -> State:
    """Play one random game, checking the contract along the way; return the final state."""
    rng = Rng.from_seed(seed)
    state: State = game.new_game(players=players, seed=seed, **options)
    twin: State = game.new_game(players=players, seed=seed, **options)
    assert state.to_dict() == twin.to_dict(), "the same seed must give the same game"
    decisions = 0
    while not state.is_terminal:
        assert decisions < max_decisions, f"{game.name} did not end in {max_decisions} decisions"
        check_state(game, state, rng, heavy=is_heavy_step(decisions, heavy_every))
        action = rng.choice(state.legal_actions())
        state.apply(action)
        twin.apply(action)
        decisions += 1
    assert state.to_dict() == twin.to_dict(), "the same seed and actions must give the same game"
    assert state.current_player is None
    assert state.legal_actions() == [] and state.acting_seats() == ()
    outcome = state.outcome
    assert outcome is not None and outcome.reason
    assert outcome.is_draw == (outcome.winners == ())
    assert all(0 <= w < players for w in outcome.winners)
    assert list(outcome.winners) == sorted(set(outcome.winners))
    check_teams_and_returns(state)
    check_tensors(game, state)
    assert len(outcome.scores) == players
    sheets = state.scores()
    assert len(sheets) == players and all("total" in sheet for sheet in sheets)
    with pytest.raises(tabletop.IllegalAction):
        state.apply(game.decode(0))
    final = state.to_dict()
    assert game.state_from_dict(roundtrip_json(final)).to_dict() == final
    assert game.replay(roundtrip_json(state.record())).to_dict() == final
    assert len(state.history) == decisions
    return state


def check_information_sets(game: Game[Any], players: int, seed: int, every: int = 7, **options: Any) -> int:
    """Play one random game and check :func:`check_information_set` for every seat at every
    ``every``-th state; return how many states were checked."""
    rng = Rng.from_seed(seed)
    state: State = game.new_game(players=players, seed=seed, **options)
    checked = decisions = 0
    while not state.is_terminal:
        if decisions % every == 0:
            for seat in range(players):
                check_information_set(state, seat)
            checked += 1
        state.apply(rng.choice(state.legal_actions()))
        decisions += 1
    return checked
