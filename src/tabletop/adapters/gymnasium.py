"""Any registered tabletop game as a single-agent Gymnasium environment: one seat learns, tabletop
agents play the others.

``TabletopEnv(name, seat=0, opponents="random", players=None, max_steps=None,
illegal_action_reward=-1.0, render_mode=None, **options)`` (or ``make(name, ...)``):

- The observation is the seat's ``observation_tensor`` (float32, an unbounded ``Box``); the
  action space is ``Discrete(num_distinct_actions)``; ``info["action_mask"]`` (int8) marks the
  legal ids, for masked policies (``action_space.sample(info["action_mask"])``).
- ``opponents``: ``"random"``, ``"greedy"``, any object with ``act(state) -> action``, or a list
  of those for the other seats in seat order. Agents named by kind are reseeded by every
  ``reset(seed=...)``, so a seeded episode replays exactly; agent objects are used as given.
- The reward is 0 until the end, then the seat's ``state.returns()`` entry (+1 its team wins,
  -1 it loses, 0 a draw). ``terminated`` once the game is over; ``truncated`` after
  ``max_steps`` decisions of the game (every seat's), if set.
- An illegal action id changes nothing and earns ``illegal_action_reward`` with
  ``info["illegal_action"] = True`` (so unmasked agents and ``check_env``'s random actions
  get a signal, not a crash); with ``illegal_action_reward=None`` it raises
  ``tabletop.IllegalAction``.
"""

from __future__ import annotations

import math
import numbers
import random
import secrets
from collections.abc import Sequence
from typing import Any, SupportsFloat

import gymnasium
import numpy as np
from gymnasium import spaces

from ..agents import Agent, make_agent
from ..core.actions import IllegalAction
from ..core.game import Game
from ..core.registry import load
from ..core.state import State
from ._arrays import float32
from ._node import Node, action_id, check_seed

Opponent = str | Agent


class TabletopEnv(gymnasium.Env[np.ndarray[Any, Any], np.int64]):
    """One seat of a tabletop game against tabletop agents (see the module docstring)."""

    metadata = {"render_modes": ["ansi"]}  # noqa: RUF012 - gymnasium's own class attribute

    def __init__(
        self,
        name: str,
        seat: int = 0,
        opponents: Opponent | Sequence[Opponent] = "random",
        players: int | None = None,
        max_steps: int | None = None,
        illegal_action_reward: float | None = -1.0,
        render_mode: str | None = None,
        **options: Any,
    ) -> None:
        self.game: Game[Any] = load(name)
        self.players = self.game.check_players(self.game.min_players if players is None else players)
        if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < self.players:
            raise ValueError(f"seat must be an int in [0, {self.players}), got {seat!r}")
        if max_steps is not None and (
            isinstance(max_steps, bool) or not isinstance(max_steps, int) or max_steps < 1
        ):
            raise ValueError(f"max_steps must be a positive int or None, got {max_steps!r}")
        if render_mode not in (None, "ansi"):
            raise ValueError(f"render_mode must be None or 'ansi', got {render_mode!r}")
        if illegal_action_reward is not None and (
            isinstance(illegal_action_reward, bool)
            or not isinstance(illegal_action_reward, numbers.Real)
            or math.isnan(illegal_action_reward)
        ):  # else step would hand the learner that value as its reward
            raise ValueError(
                f"illegal_action_reward must be a number or None, got {illegal_action_reward!r:.80}"
            )
        others = [other for other in range(self.players) if other != seat]
        kinds: list[Any] = (
            [opponents] * len(others)
            if isinstance(opponents, str) or not isinstance(opponents, Sequence)
            else list(opponents)
        )
        if len(kinds) != len(others):
            raise ValueError(f"opponents lists {len(kinds)} agents for the {len(others)} other seats")
        self._kinds: dict[int, Opponent] = dict(zip(others, kinds))
        for kind in self._kinds.values():
            if isinstance(kind, str):
                make_agent(kind)  # an unknown kind is named now, not at the first reset
            elif not callable(getattr(kind, "act", None)):
                raise ValueError(
                    f"an opponent is 'random', 'greedy' or an object with act(state), got {kind!r}"
                )
        self.seat = seat
        self.max_steps = max_steps
        self.illegal_action_reward = illegal_action_reward
        self.render_mode = render_mode
        self.options = options
        first: State = self.game.new_game(players=self.players, seed=0, **options)  # checks the options
        self.observation_space = spaces.Box(-np.inf, np.inf, first.observation_shape, np.float32)
        self.action_space = spaces.Discrete(self.game.num_distinct_actions)
        self._node = Node(first)
        self._agents: dict[int, Agent] = {}
        self._seeds = random.Random(secrets.randbits(63))

    @property
    def state_now(self) -> State:
        """The tabletop state underneath (the whole truth: do not show it to the learner)."""
        return self._node.state

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[np.ndarray[Any, Any], dict[str, Any]]:
        """A new game (from ``seed`` if given); the others play until the seat is to act.
        ``options`` are ignored: the game's options are fixed when the environment is made."""
        check_seed(seed)
        super().reset(seed=seed)
        if seed is not None:
            self._seeds = random.Random(seed)
        game_seed = self._seeds.getrandbits(63)
        self._agents = {
            other: make_agent(kind, game_seed + other) if isinstance(kind, str) else kind
            for other, kind in self._kinds.items()
        }
        self._node = Node(self.game.new_game(players=self.players, seed=game_seed, **self.options))
        self._play_others()
        return self._observation(), self._info()

    def step(
        self, action: np.int64 | int
    ) -> tuple[np.ndarray[Any, Any], SupportsFloat, bool, bool, dict[str, Any]]:
        """Play the seat's action id, then the others until the seat is to act again."""
        node = self._node
        state = node.state
        if state.is_terminal or self._cut():
            raise IllegalAction("the episode is over: call reset()")
        if state.current_player != self.seat:  # before the first reset: another seat's decision
            raise IllegalAction(f"seat {self.seat} is not to act: call reset() before step()")
        chosen = action_id(action)  # an ill-typed id is refused, not rewarded as an illegal one
        try:
            node.apply_id(chosen)
        except IllegalAction:
            if self.illegal_action_reward is None:
                raise
            return self._observation(), self.illegal_action_reward, False, False, self._info(illegal=True)
        self._play_others()
        reward = state.returns()[self.seat] if state.is_terminal else 0.0
        return self._observation(), reward, state.is_terminal, self._cut(), self._info()

    def _cut(self) -> bool:
        state = self._node.state
        return self.max_steps is not None and not state.is_terminal and len(state.history) >= self.max_steps

    def _play_others(self) -> None:
        state = self._node.state
        while not state.is_terminal and state.current_player != self.seat and not self._cut():
            seat = state.current_player
            assert seat is not None
            state.apply(self._agents[seat].act(state))

    def _observation(self) -> np.ndarray[Any, Any]:
        return float32(self._node.state.observation_tensor(self.seat))

    def _info(self, illegal: bool = False) -> dict[str, Any]:
        mask = np.zeros(self.game.num_distinct_actions, np.int8)
        state = self._node.state
        if state.current_player == self.seat and not self._cut():
            mask[self._node.legal_ids()] = 1
        return {"action_mask": mask, "illegal_action": illegal}

    def action_masks(self) -> np.ndarray[Any, Any]:
        """The legal-id mask now (the method sb3-contrib's MaskablePPO looks for)."""
        mask: np.ndarray[Any, Any] = self._info()["action_mask"]
        return mask

    def render(self) -> str | None:
        """The table as the learning seat may see it, as text (``render_mode="ansi"``); nothing
        otherwise. A game draws its table text for the seat to move, so while another seat is to
        move (an episode cut by ``max_steps`` at its decision) this is the public status and the
        seat's observation instead: the other seat's hand is never shown."""
        if self.render_mode != "ansi":
            return None
        state = self._node.state
        if state.current_player is None or state.current_player == self.seat:
            return state.render()
        return "\n".join(state._view_lines(self.seat))


def make(name: str, **kwargs: Any) -> TabletopEnv:
    """The single-agent environment of game ``name`` (the keywords of :class:`TabletopEnv`)."""
    return TabletopEnv(name, **kwargs)
