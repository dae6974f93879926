"""Every registered tabletop game as a PettingZoo environment.

``env(name, players=None, max_steps=None, render_mode=None, **options)`` is an AEC environment
(one seat acts at a time, as the tabletop contract asks); ``parallel_env(...)`` is the
parallel form for games with simultaneous choices (7 Wonders' picks): every seat that must
still choose at a node (``state.acting_seats()``) acts in one ``step``.

- Agents are ``"player_0"``... in seat order.
- Each observation is ``{"observation": float32 array, "action_mask": int8 array}``: the seat's
  ``observation_tensor`` and a ``num_distinct_actions`` mask of its legal ids (all zeros when
  it is not the seat's turn). The observation space is an unbounded ``Box`` (the games scale
  their entries differently; each game's tensor module documents its ranges); the action
  space is ``Discrete(num_distinct_actions)``.
- Rewards are 0 until the end, then ``state.returns()``; every agent is then terminated.
  ``max_steps`` (default none) truncates a game after that many decisions, with rewards 0.
- ``reset(seed=...)`` starts a new game from that seed (without one, the next seed of the
  environment's generator); the game's options are fixed when the environment is made.
- An illegal action raises ``tabletop.IllegalAction`` and changes nothing.
"""

from __future__ import annotations

import random
import secrets
from collections.abc import Mapping
from typing import Any

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv, ParallelEnv  # type: ignore[import-untyped]

from ..core.actions import IllegalAction
from ..core.game import Game
from ..core.registry import load
from ..core.state import State
from ._arrays import float32
from ._node import Node, action_id, check_seed

Observation = dict[str, np.ndarray[Any, Any]]


class _Table:
    """What both environments share: the game, its settings, the spaces and the node."""

    def __init__(
        self,
        name: str,
        players: int | None,
        max_steps: int | None,
        render_mode: str | None,
        options: dict[str, Any],
    ) -> None:
        self.game: Game[Any] = load(name)
        self.players = self.game.check_players(self.game.min_players if players is None else players)
        if max_steps is not None and (
            isinstance(max_steps, bool) or not isinstance(max_steps, int) or max_steps < 1
        ):
            raise ValueError(f"max_steps must be a positive int or None, got {max_steps!r}")
        if render_mode not in (None, "ansi"):
            raise ValueError(f"render_mode must be None or 'ansi', got {render_mode!r}")
        self.max_steps = max_steps
        self.options = options
        first: State = self.game.new_game(players=self.players, seed=0, **options)  # checks the options
        self.size = self.game.num_distinct_actions
        self.observation_space = spaces.Dict(
            {
                "observation": spaces.Box(-np.inf, np.inf, first.observation_shape, np.float32),
                "action_mask": spaces.Box(0, 1, (self.size,), np.int8),
            }
        )
        self.action_space = spaces.Discrete(self.size)
        self.agents = [f"player_{seat}" for seat in range(self.players)]
        self.seats = {agent: seat for seat, agent in enumerate(self.agents)}
        self.node = Node(first)
        self._seeds = random.Random(secrets.randbits(63))

    def new_game(self, seed: int | None) -> None:
        check_seed(seed)
        if seed is not None:
            self._seeds = random.Random(seed)
        self.node = Node(
            self.game.new_game(players=self.players, seed=self._seeds.getrandbits(63), **self.options)
        )

    def observe(self, seat: int, ids: list[int] | None) -> Observation:
        mask = np.zeros(self.size, np.int8)
        if ids:
            mask[ids] = 1
        tensor = float32(self.node.state.observation_tensor(seat))
        return {"observation": tensor, "action_mask": mask}

    def truncated(self) -> bool:
        return self.max_steps is not None and len(self.node.state.history) >= self.max_steps

    def rewards(self) -> dict[str, float]:
        return dict(zip(self.agents, self.node.state.returns()))


class _Environment:
    """What both environments share: the table, the spaces, rendering."""

    #: Whether ``step`` takes every acting seat's action at once.
    parallel = False

    def __init__(
        self,
        name: str,
        players: int | None = None,
        max_steps: int | None = None,
        render_mode: str | None = None,
        **options: Any,
    ) -> None:
        self._table = _Table(name, players, max_steps, render_mode, options)
        self.metadata = {
            "render_modes": ["ansi"],
            "name": f"tabletop_{name}",
            "is_parallelizable": self.parallel,
        }
        self.render_mode = render_mode
        self.possible_agents = list(self._table.agents)
        self.agents = list(self.possible_agents)

    @property
    def state_now(self) -> State:
        """The tabletop state underneath (the whole truth: do not show it to a seat)."""
        return self._table.node.state

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        """Every agent's observation space (one object, as the API asks)."""
        return self._table.observation_space

    def action_space(self, agent: str) -> spaces.Space[Any]:
        """Every agent's action space: ``Discrete(num_distinct_actions)`` (one object)."""
        return self._table.action_space

    def render(self) -> str | None:
        """The table as text (``render_mode="ansi"``); nothing otherwise."""
        return self._table.node.state.render() if self.render_mode == "ansi" else None

    def close(self) -> None:
        """Nothing to release."""


class TabletopAECEnv(_Environment, AECEnv[str, Observation, int]):  # type: ignore[misc]
    """A tabletop game as a PettingZoo AEC environment (see the module docstring); call
    ``reset`` before the first step."""

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """A new game (``options`` are ignored: the game's options are fixed at creation)."""
        self._table.new_game(seed)
        self.agents = list(self.possible_agents)
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {agent: {} for agent in self.agents}
        self._select()

    def _select(self) -> None:
        seat = self._table.node.state.current_player
        self.agent_selection = self.agents[0] if seat is None else self._table.agents[seat]

    def observe(self, agent: str) -> Observation:
        """``agent``'s observation tensor and action mask (zeros unless it is to act)."""
        seat = self._table.seats.get(agent)
        if seat is None:
            raise ValueError(f"no agent {agent!r:.80}; the agents are {self.possible_agents}")
        node = self._table.node
        acting = (
            node.state.current_player == seat
            and not self.terminations.get(agent, True)  # an agent removed once done acts no more
            and not self.truncations.get(agent, True)
        )
        return self._table.observe(seat, node.legal_ids() if acting else None)

    def step(self, action: int | None) -> None:
        """Apply the selected agent's action (an integer id; ``None`` for an agent that is done)."""
        if not self.agents:  # every agent done and removed: nothing is to act
            raise IllegalAction("the game is over and every agent is done: call reset()")
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        if action is None:
            raise IllegalAction(f"{agent} must act: an action id, not None")
        self._table.node.apply_id(action_id(action))
        self._cumulative_rewards[agent] = 0.0
        self._clear_rewards()
        state = self._table.node.state
        if state.is_terminal:
            self.rewards = self._table.rewards()
            self.terminations = dict.fromkeys(self.agents, True)
        elif self._table.truncated():
            self.truncations = dict.fromkeys(self.agents, True)
        self._select()
        self._accumulate_rewards()


class TabletopParallelEnv(_Environment, ParallelEnv[str, Observation, int]):  # type: ignore[misc]
    """A tabletop game as a PettingZoo parallel environment: each ``step`` takes the actions of
    every seat that must still choose at this node (``state.acting_seats()``); the others' entries
    are ignored (their masks are all zeros). Call ``reset`` before the first step."""

    parallel = True
    _legal: dict[int, list[int]]  # per acting seat, its legal ids (set by reset and step)

    def legal_ids(self) -> dict[int, list[int]]:
        """Per acting seat, its legal ids at this node.

        A simultaneous step asks seats one at a time and no seat's choices depend on another's
        hidden commit, so each later seat's choices are read on a copy in which the earlier
        seats committed any legal action. The acting seats are the ones the state asks in a row
        until one is asked again: a seat choosing twice in one step (for the 2-player game's Free
        City too) makes its second choice in the next ``step``.
        """
        node = self._table.node
        seats = node.state.acting_seats()
        if len(seats) <= 1:
            return {seat: node.legal_ids() for seat in seats}
        legal: dict[int, list[int]] = {}
        probe = node.copy()
        while True:
            seat = probe.state.current_player
            if seat is None or seat in legal or seat not in seats:
                return legal
            legal[seat] = probe.legal_ids()
            if len(legal) == len(seats):
                return legal
            probe.apply_id(legal[seat][0])

    def _observe_all(self) -> dict[str, Observation]:
        self._legal = self.legal_ids()
        return {
            agent: self._table.observe(self._table.seats[agent], self._legal.get(self._table.seats[agent]))
            for agent in self.agents
        }

    def reset(
        self, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[dict[str, Observation], dict[str, dict[str, Any]]]:
        """A new game; every agent's first observation (``options`` are ignored)."""
        self._table.new_game(seed)
        self.agents = list(self.possible_agents)
        return self._observe_all(), {agent: {} for agent in self.agents}

    def step(
        self, actions: dict[str, int]
    ) -> tuple[
        dict[str, Observation],
        dict[str, float],
        dict[str, bool],
        dict[str, bool],
        dict[str, dict[str, Any]],
    ]:
        """Apply the acting seats' actions together; an illegal or missing one raises
        ``IllegalAction`` before any is applied."""
        if not isinstance(actions, Mapping):
            raise IllegalAction(f"actions must be a dict of agent names to action ids, got {actions!r:.80}")
        if not self.agents:  # the game ended (or was cut) at the last step
            raise IllegalAction("the game is over: call reset()")
        unknown = [name for name in actions if name not in self.agents]
        if unknown:  # a misspelt or finished agent's action would be dropped unseen
            raise IllegalAction(f"actions name no live agent: {unknown!r:.120}; the agents are {self.agents}")
        chosen: dict[int, int] = {}
        for seat, ids in self._legal.items():
            agent = self._table.agents[seat]
            choice = actions.get(agent)
            if choice is None or action_id(choice) not in ids:
                raise IllegalAction(f"{agent} must choose one of its legal ids here, got {choice!r}")
            chosen[seat] = action_id(choice)
        node = self._table.node
        while chosen:  # in the order the state asks them
            mover = node.state.current_player
            assert mover is not None
            node.apply_id(chosen.pop(mover))
        state = node.state
        done = state.is_terminal
        cut = not done and self._table.truncated()
        rewards = self._table.rewards() if done else dict.fromkeys(self.agents, 0.0)
        terminations = dict.fromkeys(self.agents, done)
        truncations = dict.fromkeys(self.agents, cut)
        observations = self._observe_all()
        infos: dict[str, dict[str, Any]] = {agent: {} for agent in self.agents}
        if done or cut:
            self.agents = []
        return observations, rewards, terminations, truncations, infos


def env(name: str, **kwargs: Any) -> TabletopAECEnv:
    """The AEC environment of game ``name`` (keywords: ``players``, ``max_steps``,
    ``render_mode`` and the game's options)."""
    return TabletopAECEnv(name, **kwargs)


def parallel_env(name: str, **kwargs: Any) -> TabletopParallelEnv:
    """The parallel environment of game ``name`` (the same keywords as :func:`env`)."""
    return TabletopParallelEnv(name, **kwargs)
