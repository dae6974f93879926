"""Stateful fuzzing: a few live states of one game, every public operation interleaved at random.

What ``test_fuzz_hostile.py`` does not: sequences of operations, each on one of several live
states that came from one another (clone, child, ``copy.copy``, ``copy.deepcopy``, pickle,
determinize, a save loaded with and without verification, a record replayed), with queries
(observation, tensor, pictures, text, scores, returns, legal-action lists, ids and masks) in
between, and the data they return changed by the caller afterwards. Each live state has a twin
built by the plainest path (clone and apply); after every operation each state's save equals
its twin's and loads back to it, and no operation on one state changes another, nor does a
refused action or a caller's change to what a query returned.

The default run is small (``EXAMPLES`` per game); ``TABLETOP_STATEFUL_EXAMPLES=N`` runs ``N``
examples per game (with ``TABLETOP_STATEFUL_STEPS`` operations each at most).
"""

from __future__ import annotations

import copy
import json
import os
import pickle
import random
from typing import Any

import pytest
from hypothesis import HealthCheck, Phase, note, settings
from hypothesis import strategies as st
from hypothesis.stateful import (
    RuleBasedStateMachine,
    initialize,
    invariant,
    rule,
    run_state_machine_as_test,
)

import tabletop
from tabletop import IllegalAction
from tabletop.core import Action, Game, State
from test_fuzz_hostile import advance

NAMES = tabletop.game_names()
EXAMPLES = int(os.environ.get("TABLETOP_STATEFUL_EXAMPLES", "6"))
STEPS = int(os.environ.get("TABLETOP_STATEFUL_STEPS", "25"))
HARD = EXAMPLES > 50
#: Live states kept at once (a new one past this replaces a random one).
LIVE = 4
#: Random decisions one "play" rule makes at most.
BURST = 40


def configurations(name: str) -> list[tuple[int, dict[str, Any]]]:
    """The game at its fewest and most players with every combination of its fixed-choice
    options that the player count allows."""
    game = tabletop.load(name)
    found: list[tuple[int, dict[str, Any]]] = []
    for players in sorted({game.min_players, game.max_players}):
        combos: list[dict[str, Any]] = [{}]
        for option in game.options.values():
            if option.choices:
                combos = [{**combo, option.name: value} for combo in combos for value in option.choices]
        for combo in combos:
            try:
                game.resolve_options(players, combo)
            except ValueError:
                continue  # a combination this player count does not allow (alliance needs 4)
            found.append((players, combo))
    return found


def json_copy(data: Any) -> Any:
    return json.loads(json.dumps(data))


def scramble(data: Any) -> None:
    """Change in place every list and dict inside ``data`` (what a careless caller might do to
    a query's answer): nothing of it may be the state's own."""
    if isinstance(data, dict):
        for value in list(data.values()):
            scramble(value)
        for key in list(data):
            data[key] = "scrambled"
        data["scrambled"] = True
    elif isinstance(data, list):
        for value in data:
            scramble(value)
        data.append("scrambled")
        data.reverse()


class Entry:
    """A live state and its twin, built by clone and apply alone from the same operations."""

    def __init__(self, state: State, twin: State, how: str) -> None:
        self.state = state
        self.twin = twin
        self.how = how


def machine_for(name: str) -> type[RuleBasedStateMachine]:
    """A state machine playing ``name`` in a random configuration."""
    game: Game[Any] = tabletop.load(name)
    configs = configurations(name)

    class Machine(RuleBasedStateMachine):
        def __init__(self) -> None:
            super().__init__()
            self.live: list[Entry] = []
            self.seen: list[Action] = []  # actions met on the way, stale later
            self.rng = random.Random(0)

        # ------------------------------------------------------------------ helpers

        def add(self, entry: Entry) -> None:
            assert entry.state is not entry.twin
            if len(self.live) >= LIVE:
                self.live.pop(self.rng.randrange(len(self.live)))
            self.live.append(entry)

        def pick(self, index: int) -> Entry:
            return self.live[index % len(self.live)]

        def saves(self, but: Entry | None = None) -> list[tuple[Entry, dict[str, Any]]]:
            return [(entry, entry.state.to_dict()) for entry in self.live if entry is not but]

        def untouched(self, before: list[tuple[Entry, dict[str, Any]]], what: str) -> None:
            for entry, data in before:
                assert entry.state.to_dict() == data, f"{what} changed the other state {entry.how}"

        def remember(self, actions: list[Action]) -> None:
            if actions and len(self.seen) < 200:
                self.seen.append(self.rng.choice(actions))

        # ------------------------------------------------------------------ rules

        @initialize(config=st.integers(0, len(configs) - 1), seed=st.integers(0, 2**32))
        def start(self, config: int, seed: int) -> None:
            players, options = configs[config]
            self.rng = random.Random(seed)
            note(f"{name} players={players} options={options} seed={seed}")
            state = game.new_game(players=players, seed=seed, **options)
            self.add(Entry(state, game.new_game(players=players, seed=seed, **options), "new_game"))

        @rule(index=st.integers(0, LIVE - 1), steps=st.integers(1, BURST), ask=st.integers(0, 6))
        def play(self, index: int, steps: int, ask: int) -> None:
            """Random legal decisions, the action taken from the twin's list (the state itself is
            asked for its list never, once or twice before each), or the state's own equal
            action, the one its id decodes to, the one its text parses to, or after the state
            was told to forget its list."""
            entry = self.pick(index)
            others = self.saves(entry)
            for _ in range(steps):
                if entry.twin.is_terminal:
                    break
                legal = entry.twin.legal_actions()
                self.remember(legal)
                for _ in range(ask % 3 if ask < 3 else 0):
                    assert entry.state.legal_actions() == legal, f"{entry.how}: other legal actions"
                action = self.rng.choice(legal)
                if ask == 3:
                    action = entry.state.legal_actions()[legal.index(action)]
                elif ask == 4:
                    action = game.decode(game.encode(action))
                elif ask == 5:
                    action = entry.state.parse_action(str(action))
                elif ask == 6:
                    entry.state.forget_legal_actions()
                entry.state.apply(action)
                entry.twin.apply(action)
            self.untouched(others, f"playing {entry.how}")

        @rule(index=st.integers(0, LIVE - 1), source=st.integers(0, 2), pos=st.integers(0, 10**6))
        def apply_wrong(self, index: int, source: int, pos: int) -> None:
            """A stale action, or one of another live state: refused with nothing changed, or
            carried out as the equal legal one."""
            entry = self.pick(index)
            pool = self.seen if source == 0 else self.pick(index + source).state.legal_actions()
            if not pool:
                return
            action = pool[pos % len(pool)]
            before = entry.state.to_dict()
            others = self.saves(entry)
            legal = entry.twin.legal_actions()
            try:
                entry.state.apply(action)
            except IllegalAction:
                assert action not in legal, f"{entry.how}: the legal {action!r} was refused"
                assert entry.state.to_dict() == before, f"{entry.how}: a refused {action!r} changed it"
            else:
                assert action in legal, f"{entry.how}: the illegal {action!r} was carried out"
                entry.twin.apply(action)
            self.untouched(others, f"apply({action!r}) to {entry.how}")

        @rule(index=st.integers(0, LIVE - 1), how=st.sampled_from(["clone", "copy", "deepcopy", "pickle"]))
        def duplicate(self, index: int, how: str) -> None:
            entry = self.pick(index)
            state = entry.state
            if how == "clone":
                new = state.clone()
            elif how == "copy":
                new = copy.copy(state)
            elif how == "deepcopy":
                new = copy.deepcopy(state)
            else:
                new = pickle.loads(pickle.dumps(state))
            assert type(new) is type(entry.state) and new is not entry.state
            self.add(Entry(new, entry.twin.clone(), f"{how} of {entry.how}"))

        @rule(index=st.integers(0, LIVE - 1), pos=st.integers(0, 10**6))
        def child(self, index: int, pos: int) -> None:
            entry = self.pick(index)
            legal = entry.twin.legal_actions()
            if not legal:
                return
            action = legal[pos % len(legal)]
            others = self.saves()
            new = entry.state.child(action)
            twin = entry.twin.clone()
            twin.apply(action)
            self.untouched(others, f"child of {entry.how}")
            self.add(Entry(new, twin, f"child of {entry.how}"))

        @rule(index=st.integers(0, LIVE - 1), seat=st.integers(0, 6), seed=st.integers(-(2**64), 2**64))
        def determinize(self, index: int, seat: int, seed: int) -> None:
            entry = self.pick(index)
            seat %= entry.state.num_players
            others = self.saves()
            new = entry.state.determinize(seat, seed)
            self.untouched(others, f"determinize of {entry.how}")
            twin = entry.twin.determinize(seat, seed)
            assert new.to_dict() == twin.to_dict(), f"determinize({seat}, {seed}) of {entry.how} differs"
            self.add(Entry(new, twin, f"determinize({seat}, {seed}) of {entry.how}"))

        @rule(index=st.integers(0, LIVE - 1), verify=st.booleans(), twice=st.booleans())
        def reload(self, index: int, verify: bool, twice: bool) -> None:
            """The state replaced by its save loaded back (through JSON text or as the dict
            itself, which the caller then changes); loaded twice, both stay live."""
            entry = self.pick(index)
            data = entry.state.to_dict()
            loaded = game.state_from_dict(data if twice else json_copy(data), verify=verify)
            if twice:
                again = game.state_from_dict(data, verify=verify)
                scramble(data)  # the caller's dict is the caller's: no loaded state may hold it
                self.add(Entry(again, entry.twin.clone(), f"second load of {entry.how}"))
            entry.state = loaded
            entry.how = f"load(verify={verify}) of {entry.how}"

        @rule(index=st.integers(0, LIVE - 1))
        def replay(self, index: int) -> None:
            entry = self.pick(index)
            if entry.state.determinized:
                return
            record = entry.state.record()
            again = game.replay(record)
            self.add(Entry(again, entry.twin.clone(), f"replay of {entry.how}"))
            scramble(record)  # the record is the caller's: the replayed state holds none of it

        @rule(index=st.integers(0, LIVE - 1), seat=st.integers(0, 6))
        def look(self, index: int, seat: int) -> None:
            """Every query for one seat; the caller then changes what came back."""
            entry = self.pick(index)
            state = entry.state
            seat %= state.num_players
            before = self.saves()
            view = state.observation(seat)
            assert view == entry.twin.observation(seat), f"{entry.how}: another observation"
            answers: list[Any] = [view, state.to_dict(), state.scores(), state.legal_actions()]
            answers.append(state.observation_tensor(seat))
            answers.append(state.legal_action_mask())
            answers.append(state.legal_action_ids())
            if not state.determinized:
                answers.append(state.record())
            state.svg(seat)
            state.svg(None)
            state.render()
            str(state)
            repr(state)
            state.returns()
            state.acting_seats()
            state.team_of(seat)
            if not state.is_terminal:
                state.current_player  # noqa: B018 - a query that must change nothing
                state.decision  # noqa: B018
            for answer in answers:
                scramble(answer)
            self.untouched(before, f"queries of {entry.how}")

        # ------------------------------------------------------------------ invariants

        @invariant()
        def twins_agree(self) -> None:
            for entry in self.live:
                data = entry.state.to_dict()
                assert data == entry.twin.to_dict(), f"{entry.how} differs from its twin"
                assert entry.state == entry.twin
                assert game.state_from_dict(json_copy(data), verify=False).to_dict() == data, (
                    f"{entry.how}: the trusted load differs"
                )
                # What no save holds (a cache a query may keep) answers as the twin's too.
                state, twin = entry.state, entry.twin
                assert state.legal_actions() == twin.legal_actions(), f"{entry.how}: other legal actions"
                assert state.scores() == twin.scores(), f"{entry.how}: other scores"
                assert state.returns() == twin.returns(), f"{entry.how}: other returns"
                assert str(state) == str(twin), f"{entry.how}: another text"
                for seat in {0, state.num_players - 1}:
                    assert state.observation(seat) == twin.observation(seat), f"{entry.how}: other view"

    Machine.__name__ = Machine.__qualname__ = f"{name}Machine"
    return Machine


@pytest.mark.parametrize("name", NAMES)
def test_live_states_stay_independent_through_any_sequence_of_operations(name: str) -> None:
    run_state_machine_as_test(
        machine_for(name),
        settings=settings(
            max_examples=EXAMPLES,
            stateful_step_count=STEPS,
            deadline=None,
            derandomize=not HARD,
            suppress_health_check=list(HealthCheck),
            # Shrinking a game of many live states takes minutes: a failure is reported as found
            # (the steps and the seed are printed), which replays it exactly.
            phases=[Phase.explicit, Phase.reuse, Phase.generate],
        ),
    )


# ---------------------------------------------------------------------- regressions found by it


def _after_steps(state: State, seed: int, steps: int) -> State:
    return advance(state, random.Random(seed), steps)


@pytest.mark.parametrize("steps", [0, 30, 120])
def test_dozen_war_observation_edited_by_the_caller_changes_neither_the_state_nor_its_clones(
    steps: int,
) -> None:
    # The agenda's view copied each task's data one level deep: its lists and dicts (a deal's
    # order, an effect's context) were the task's own, shared by every clone, so a caller
    # editing the view changed the game, and it failed later with KeyError 'scrambled'.
    game = tabletop.load("dozen_war")
    for players, options in ((2, {"mode": "engage", "generals": "draft"}), (4, {"mode": "alliance"})):
        state = _after_steps(game.new_game(players=players, seed=0, **options), 1, steps)
        twin = state.clone()
        before = state.to_dict()
        for seat in range(players):
            scramble(state.observation(seat))
        assert state.to_dict() == before
        assert twin.to_dict() == before


@pytest.mark.parametrize("verify", [False, True])
def test_a_save_edited_after_it_was_loaded_does_not_change_the_loaded_state(verify: bool) -> None:
    # cattrs kept a value typed Any (Dozen War's task data, an attack's op, a hit's queued
    # effects) as the caller's own list or dict, so editing the dict after a trusted load (or a
    # determinized one, which is never replayed) changed the state loaded from it.
    game = tabletop.load("dozen_war")
    for players, options in ((2, {"mode": "engage", "generals": "draft"}), (4, {"mode": "ffa"})):
        for steps in (0, 40, 150):
            state = _after_steps(game.new_game(players=players, seed=3, **options), 3, steps)
            data = state.determinize(0, 5).to_dict() if verify else state.to_dict()
            first = game.state_from_dict(data, verify=verify)
            second = game.state_from_dict(data, verify=verify)
            expected = json_copy(first.to_dict())
            scramble(data)
            assert json_copy(first.to_dict()) == expected
            assert json_copy(second.to_dict()) == expected
