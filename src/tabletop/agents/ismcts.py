"""Information-set Monte Carlo tree search (single observer) that plays every game.

The search follows Cowling, Powley and Whitehouse, *Information Set Monte Carlo Tree Search*
(IEEE TCIAIG 2012), SO-ISMCTS: one tree for the searching seat, every iteration on a fresh
``state.determinize(seat, seed)`` (a world consistent with what the seat has seen), UCT with
availability counts (an action's exploration term counts the iterations in which it was legal,
not the visits of its parent). Each edge holds its statistics from the view of the seat that
acts there, so any number of seats and teams work; results are ``state.returns()`` (by team)
at the end, or the value function's estimate where a rollout is cut short.

Simultaneous choices (every seat of ``acting_seats()`` commits before anything is revealed,
asked one seat at a time) are searched decoupled: the seats of one such round choose from their
own statistics at the same node, so no seat's choice in the tree depends on another's hidden
commit, and the tree branches once on the joint choice.
"""

from __future__ import annotations

import math
import secrets
import time
from collections.abc import Callable, Sequence

from ..core.actions import Action
from ..core.rng import Rng
from ..core.state import State
from .base import check_state

#: Picks the next action of a rollout from ``state``'s legal actions, drawing chance from the
#: search's ``Rng``.
RolloutPolicy = Callable[[State, Rng], Action]
#: Estimates, in [-1, 1], how good an unfinished ``state`` is for ``seat`` (the game's
#: ``returns()`` scale: +1 a certain win of its team, -1 a certain loss).
ValueFunction = Callable[[State, int], float]

#: Rollout decisions played after the tree before the value function is asked (``None``: to the
#: end). Short rollouts valued by the score lead play better than random play to the end in
#: these games, and keep long games (Dozen War: ~1,000 decisions) affordable.
DEFAULT_ROLLOUT_DEPTH = 4
#: The UCT exploration constant for rewards in [-1, 1] (Cowling et al. use 0.7).
DEFAULT_EXPLORATION = 0.7
#: A lead of this fraction of the leading team's points is worth tanh(1) ~ 0.76 (see
#: :func:`score_lead`); the floor keeps early leads of a point or two from counting as sure wins.
LEAD_FRACTION = 0.25
LEAD_FLOOR = 4.0


def random_rollout(state: State, rng: Rng) -> Action:
    """The default rollout policy: a uniformly random legal action."""
    return rng.choice(state.legal_actions())


def lead_values(state: State) -> list[float]:
    """:func:`score_lead` for every seat at once (one ``evaluation()`` call)."""
    if state.outcome is not None:
        return list(state.returns())
    totals = state.evaluation()
    teams = state.teams
    team_totals = [sum(totals[member] for member in team) for team in teams]
    scale = max(LEAD_FLOOR, LEAD_FRACTION * max(abs(total) for total in team_totals))
    values = [0.0] * state.num_players
    for index, team in enumerate(teams):
        best_other = max((t for i, t in enumerate(team_totals) if i != index), default=0)
        value = math.tanh((team_totals[index] - best_other) / scale)
        for member in team:
            values[member] = value
    return values


def score_lead(state: State, seat: int) -> float:
    """The default value function: ``seat``'s team's points minus the best other team's, squashed
    into (-1, 1) by tanh over a quarter of the leading team's points (at least 4); the game's
    ``returns()`` once it is over. Points are ``state.evaluation()`` (the score totals, unless
    the game measures a position otherwise). The lead :class:`~tabletop.agents.GreedyAgent`
    maximizes."""
    return lead_values(state)[seat]


class _Node:
    """One node of the tree: per acting seat, per action, ``[visits, total reward,
    availability]``; the children by action (or by the tuple of a simultaneous round's
    actions)."""

    __slots__ = ("children", "tables")

    def __init__(self) -> None:
        self.tables: dict[int, dict[Action, list[float]]] = {}
        self.children: dict[object, _Node] = {}


class ISMCTSAgent:
    """Single-observer information-set MCTS for the seat to move, in every game.

    ``iterations`` (default 500) bounds each decision's search, or ``seconds`` its time (then
    the search is not reproducible). ``rollout`` picks rollout moves (default uniformly random);
    after ``rollout_depth`` rollout decisions (``None``: to the end) ``value(state, seat)``
    estimates the result (default :func:`score_lead`). With the same ``seed`` and an iteration
    budget, the same position gives the same move. The search reads only what the seat to move
    may know: every iteration starts from ``state.determinize(seat, ...)``.
    """

    def __init__(
        self,
        iterations: int | None = 500,
        *,
        seconds: float | None = None,
        seed: int | None = None,
        exploration: float = DEFAULT_EXPLORATION,
        rollout: RolloutPolicy | None = None,
        rollout_depth: int | None = DEFAULT_ROLLOUT_DEPTH,
        value: ValueFunction | None = None,
    ) -> None:
        if seconds is not None:
            if isinstance(seconds, bool) or not isinstance(seconds, (int, float)) or not seconds > 0:
                raise ValueError(f"seconds must be a positive number, got {seconds!r}")
            if not math.isfinite(seconds):
                raise ValueError(f"seconds must be finite, got {seconds!r}")
        if iterations is not None and (
            isinstance(iterations, bool) or not isinstance(iterations, int) or iterations < 1
        ):
            raise ValueError(f"iterations must be a positive int, got {iterations!r}")
        if iterations is None and seconds is None:
            raise ValueError("give iterations or seconds: the search needs a budget")
        if rollout_depth is not None and (
            isinstance(rollout_depth, bool) or not isinstance(rollout_depth, int) or rollout_depth < 0
        ):
            raise ValueError(f"rollout_depth must be an int >= 0 or None, got {rollout_depth!r}")
        if (
            isinstance(exploration, bool)
            or not isinstance(exploration, (int, float))
            or not 0 < exploration < math.inf  # inf makes every bound infinite: a blind search
        ):
            raise ValueError(f"exploration must be a finite positive number, got {exploration!r}")
        # The hooks are called deep in the search: refuse what cannot be called before it starts.
        for name, hook in (("rollout", rollout), ("value", value)):
            if hook is not None and not callable(hook):
                raise ValueError(f"{name} must be callable or None, got {hook!r}")
        self.iterations = None if seconds is not None else iterations
        self.seconds = seconds
        self.exploration = float(exploration)
        self.rollout = rollout or random_rollout
        self.rollout_depth = rollout_depth
        self.value = value
        self.rng = Rng.from_seed(secrets.randbits(63) if seed is None else seed)
        #: Iterations run by the last :meth:`act` (0 when it had a single legal action).
        self.last_iterations = 0

    def __repr__(self) -> str:
        budget = f"seconds={self.seconds}" if self.seconds is not None else f"iterations={self.iterations}"
        return f"ISMCTSAgent({budget}, rollout_depth={self.rollout_depth})"

    def act(self, state: State) -> Action:
        """The action the search visited most at the root."""
        check_state(state)
        seat = state.current_player
        legal = state.legal_actions()
        self.last_iterations = 0
        if seat is None or len(legal) == 1:
            return legal[0]
        root = self.search(state, seat)
        table = root.tables[seat]
        best = legal[0]
        best_visits = -1.0
        for action in legal:  # the caller's own objects, in its order: ties go to the first listed
            entry = table.get(action)
            if entry is not None and entry[0] > best_visits:
                best, best_visits = action, entry[0]
        return best

    def root_statistics(self, state: State) -> dict[Action, tuple[int, float]]:
        """Search ``state`` for the seat to move; per legal action (in the state's order) its
        visits and mean reward, ``(0, 0.0)`` for one the budget left untried."""
        check_state(state)
        seat = state.current_player
        if seat is None:
            raise ValueError("the game is over: there is nothing to search")
        table = self.search(state, seat).tables.get(seat, {})
        # Every legal action, in the state's order: one the budget left untried has no visits.
        stats: dict[Action, tuple[int, float]] = {}
        for action in state.legal_actions():
            entry = table.get(action, (0.0, 0.0))
            stats[action] = (int(entry[0]), entry[1] / entry[0] if entry[0] else 0.0)
        return stats

    def search(self, state: State, seat: int) -> _Node:
        """Run one decision's search for ``seat`` from its view of ``state``; the root node."""
        root = _Node()
        rng = self.rng
        count = 0
        if self.iterations is not None:
            for _ in range(self.iterations):
                self._iterate(state.determinize(seat, rng.randbelow(1 << 62)), root, rng)
            count = self.iterations
        else:
            assert self.seconds is not None
            deadline = time.perf_counter() + self.seconds
            while count == 0 or time.perf_counter() < deadline:
                self._iterate(state.determinize(seat, rng.randbelow(1 << 62)), root, rng)
                count += 1
        self.last_iterations = count
        return root

    def _iterate(self, state: State, root: _Node, rng: Rng) -> None:
        """One iteration on the determinization ``state``: select and expand, roll out, back up."""
        exploration = self.exploration
        path: list[tuple[list[float], int]] = []
        node = root
        while True:
            acting = state.acting_seats()
            if not acting:
                break
            key: object
            if len(acting) == 1:
                mover = acting[0]
                entry, action = _select(node, mover, state.legal_actions(), rng, exploration)
                path.append((entry, mover))
                state.apply(action)
                key = action
            else:
                key = _simultaneous(state, node, acting, path, rng, exploration)
            child = node.children.get(key)
            if child is None:
                node.children[key] = _Node()
                break  # one new node per iteration; the rollout starts below it
            node = child
        limit = self.rollout_depth
        rollout = self.rollout
        depth = 0
        while state.outcome is None and (limit is None or depth < limit):
            state.apply(rollout(state, rng))
            depth += 1
        if state.outcome is not None:
            rewards: Sequence[float] = state.returns()
        elif self.value is None:
            rewards = lead_values(state)
        else:
            value = self.value
            rewards = [value(state, s) for s in range(state.num_players)]
        for entry, mover in path:
            entry[0] += 1
            entry[1] += rewards[mover]


def _simultaneous(
    state: State,
    node: _Node,
    acting: tuple[int, ...],
    path: list[tuple[list[float], int]],
    rng: Rng,
    exploration: float,
) -> tuple[Action, ...]:
    """Play one round of simultaneous choices, each seat from its own statistics at ``node``
    (decoupled UCT); the round's actions in the order they were asked."""
    remaining = set(acting)
    chosen: list[Action] = []
    while True:
        mover = state.current_player
        assert mover is not None
        entry, action = _select(node, mover, state.legal_actions(), rng, exploration)
        path.append((entry, mover))
        state.apply(action)
        chosen.append(action)
        remaining.discard(mover)
        # The round goes on while exactly the seats yet to choose are asked.
        if not remaining or set(state.acting_seats()) != remaining:
            return tuple(chosen)


def _select(
    node: _Node, mover: int, legal: list[Action], rng: Rng, exploration: float
) -> tuple[list[float], Action]:
    """``mover``'s choice at ``node`` among ``legal``: an untried action at random if any, else
    the best UCB score with availability counts (each legal action's availability goes up)."""
    table = node.tables.get(mover)
    if table is None:
        table = node.tables[mover] = {}
    entries = list(map(table.get, legal))  # one lookup per action, at C speed
    if None in entries:
        for entry in entries:  # the tried ones were available in this iteration too
            if entry is not None:
                entry[2] += 1.0
        untried = [action for action, entry in zip(legal, entries) if entry is None]
        action = untried[rng.randbelow(len(untried))] if len(untried) > 1 else untried[0]
        created = table[action] = [0.0, 0.0, 1.0]
        return created, action
    log = math.log
    sqrt = math.sqrt
    best_score = -math.inf
    best_index = 0
    for index, entry in enumerate(entries):
        assert entry is not None
        entry[2] += 1.0
        visits = entry[0]
        score = entry[1] / visits + exploration * sqrt(log(entry[2]) / visits)
        if score > best_score:
            best_score, best_index = score, index
    best = entries[best_index]
    assert best is not None
    return best, legal[best_index]
