"""The Gymnasium adapter: every game passes Gymnasium's own check_env, and an episode keeps to the
tabletop game underneath (the seat's turns, masks, rewards, seeds, truncation)."""

from __future__ import annotations

from typing import Any

import pytest

import tabletop
from adapters.adapter_support import cap, need, seat_counts
from tabletop.agents import GreedyAgent

np = need("numpy")
checker = need("gymnasium.utils.env_checker")
adapter = need("tabletop.adapters.gymnasium")


@pytest.mark.parametrize(("name", "players"), seat_counts())
def test_check_env(name: str, players: int) -> None:
    env = adapter.make(name, seat=players - 1, players=players, max_steps=cap(name))
    checker.check_env(env, skip_render_check=True)


@pytest.mark.parametrize("name", tabletop.game_names())
def test_masked_episode_to_the_end(name: str) -> None:
    env = adapter.make(name, seat=1, max_steps=cap(name))
    observation, info = env.reset(seed=6)
    reward: Any = 0.0
    terminated = truncated = False
    while not (terminated or truncated):
        state = env.state_now
        assert state.current_player == 1
        assert np.array_equal(observation, np.asarray(state.observation_tensor(1), np.float32))
        assert np.array_equal(info["action_mask"], np.asarray(state.legal_action_mask(), np.int8))
        action = env.action_space.sample(info["action_mask"])
        observation, reward, terminated, truncated, info = env.step(action)
        assert not info["illegal_action"]
    state = env.state_now
    if terminated:
        assert state.is_terminal and reward == state.returns()[1]
    else:
        assert len(state.history) >= (cap(name) or 0) and reward == 0.0
    assert not info["action_mask"].any()
    with pytest.raises(tabletop.IllegalAction, match="reset"):
        env.step(0)


def test_seeded_episodes_replay() -> None:
    env = adapter.make("splendor_duel", seat=1, opponents="greedy", first_player=0)
    first, _ = env.reset(seed=3)
    record = env.state_now.record()
    again, _ = env.reset(seed=3)
    assert np.array_equal(first, again) and env.state_now.record() == record
    assert record["actions"], "the greedy opponent moved first"


def test_illegal_actions() -> None:
    env = adapter.make("splendor_duel")
    observation, info = env.reset(seed=1)
    illegal = int(np.flatnonzero(info["action_mask"] == 0)[0])
    before = env.state_now.to_dict()
    same, reward, terminated, truncated, info = env.step(illegal)
    assert (reward, terminated, truncated, info["illegal_action"]) == (-1.0, False, False, True)
    assert np.array_equal(same, observation) and env.state_now.to_dict() == before
    strict = adapter.make("splendor_duel", illegal_action_reward=None)
    strict.reset(seed=1)
    with pytest.raises(tabletop.IllegalAction):
        strict.step(illegal)


def test_opponents() -> None:
    env = adapter.make("cities_of_splendor", players=3, opponents=["greedy", GreedyAgent(2)])
    env.reset(seed=2)
    assert env.state_now.current_player == 0
    with pytest.raises(ValueError, match="2 other seats"):
        adapter.make("cities_of_splendor", players=3, opponents=["random"])
    with pytest.raises(ValueError, match="unknown agent"):
        adapter.make("cities_of_splendor", opponents="clever")
    with pytest.raises(ValueError, match="seat must be"):
        adapter.make("cities_of_splendor", seat=2)


@pytest.mark.parametrize("name", tabletop.game_names())
def test_render_after_a_cut_at_another_seats_decision_shows_only_what_the_seat_sees(name: str) -> None:
    """An episode cut by ``max_steps`` at an opponent's decision renders the learner's view: the
    text is the same whatever the opponent's hidden cards (the table text a game draws for the
    seat to move once showed the opponent's blind reserve in Splendor Duel)."""
    from tabletop.adapters._node import Node

    cut_at_other = would_have_leaked = 0
    for steps in range(1, 40):
        env = adapter.make(name, seat=0, max_steps=steps, render_mode="ansi", opponents="greedy")
        env.reset(seed=steps)
        env.action_space.seed(steps)  # its own generator: unseeded, some runs met no hidden card
        state = env.state_now
        while not state.is_terminal and len(state.history) < steps:  # the reset may cut it already
            env.step(env.action_space.sample(env.action_masks()))
        if state.is_terminal or state.current_player == 0:
            continue
        cut_at_other += 1
        shown = env.render()
        for seed in (1, 2):
            guess = state.determinize(0, seed)
            would_have_leaked += guess.render() != state.render()
            env._node = Node(guess)
            assert env.render() == shown
    assert cut_at_other > 0
    if name in ("splendor_duel", "cities_of_splendor", "dozen_war"):
        assert would_have_leaked > 0, "no cut showed a hidden card: the test proves nothing"
