"""The PettingZoo adapter: every game passes PettingZoo's own api_test and parallel_api_test, and
the environments keep to the tabletop game underneath (rewards, masks, seeds, truncation)."""

from __future__ import annotations

import random
from typing import Any

import pytest

import tabletop
from adapters.adapter_support import cap, need, seat_counts

np = need("numpy")
need("pettingzoo")
api = need("pettingzoo.test")
adapter = need("tabletop.adapters.pettingzoo")


def _kwargs(name: str, players: int | None = None) -> dict[str, Any]:
    return {"players": players, "max_steps": cap(name)}


@pytest.mark.parametrize(("name", "players"), seat_counts())
def test_api_test(name: str, players: int) -> None:
    env = adapter.env(name, **_kwargs(name, players))
    api.api_test(env, num_cycles=60)


@pytest.mark.parametrize(("name", "players"), seat_counts())
def test_parallel_api_test(name: str, players: int) -> None:
    env = adapter.parallel_env(name, **_kwargs(name, players))
    api.parallel_api_test(env, num_cycles=60)


@pytest.mark.parametrize("name", tabletop.game_names())
def test_aec_game_to_the_end(name: str) -> None:
    env = adapter.env(name, **_kwargs(name))
    env.reset(seed=3)
    rng = np.random.default_rng(3)
    totals = dict.fromkeys(env.possible_agents, 0.0)
    decisions = 0
    for agent in env.agent_iter():
        observation, reward, terminated, truncated, _ = env.last()
        totals[agent] += reward
        if terminated or truncated:
            env.step(None)
            continue
        state = env.state_now
        seat = env.possible_agents.index(agent)
        assert state.current_player == seat
        assert np.array_equal(observation["action_mask"], np.asarray(state.legal_action_mask(), np.int8))
        assert np.array_equal(
            observation["observation"], np.asarray(state.observation_tensor(seat), np.float32)
        )
        env.step(int(rng.choice(np.flatnonzero(observation["action_mask"].view(bool)))))
        decisions += 1
    state = env.state_now
    if state.is_terminal:
        assert tuple(totals.values()) == state.returns()
    else:
        assert decisions == cap(name) and set(totals.values()) == {0.0}


def test_reset_seed_replays_the_game() -> None:
    env = adapter.env("splendor_duel")
    env.reset(seed=11)
    first = env.state_now.to_dict()
    env.step(int(np.flatnonzero(env.observe(env.agent_selection)["action_mask"])[0]))
    env.reset(seed=11)
    assert env.state_now.to_dict() == first
    env.reset()
    env.reset(seed=12)
    assert env.state_now.to_dict() != first


def test_an_illegal_action_changes_nothing() -> None:
    env = adapter.env("splendor_duel")
    env.reset(seed=1)
    mask = env.observe(env.agent_selection)["action_mask"]
    before = env.state_now.to_dict()
    with pytest.raises(tabletop.IllegalAction):
        env.step(int(np.flatnonzero(mask == 0)[0]))
    with pytest.raises(tabletop.IllegalAction):
        env.step(None)
    assert env.state_now.to_dict() == before


def test_parallel_steps_take_every_simultaneous_pick() -> None:
    env = adapter.parallel_env("seven_wonders", players=4)
    observations, _ = env.reset(seed=5)
    masks = {agent: observation["action_mask"] for agent, observation in observations.items()}
    assert all(mask.any() for mask in masks.values()), "every city picks a card at once"
    rng = random.Random(5)
    actions = {agent: rng.choice(np.flatnonzero(mask).tolist()) for agent, mask in masks.items()}
    before = len(env.state_now.history)
    with pytest.raises(tabletop.IllegalAction):
        env.step({**actions, "player_2": int(np.flatnonzero(masks["player_2"] == 0)[0])})
    assert len(env.state_now.history) == before, "nothing applied"
    env.step(actions)
    assert len(env.state_now.history) == before + 4
    table = env.state_now
    for seat, action in enumerate(actions.values()):
        assert table.game.encode(table.history[before + seat]) == action


def test_parallel_step_refuses_an_action_for_no_live_agent() -> None:
    """A misspelt agent's action would be dropped unseen; it is refused and nothing applied."""
    env = adapter.parallel_env("seven_wonders", players=3)
    observations, _ = env.reset(seed=3)
    actions = {
        agent: int(np.flatnonzero(observation["action_mask"])[0])
        for agent, observation in observations.items()
    }
    before = env.state_now.to_dict()
    for extra in ("player_3", "Player_0", 0):
        with pytest.raises(tabletop.IllegalAction, match="name no live agent"):
            env.step({**actions, extra: 0})
    assert env.state_now.to_dict() == before
    env.step(actions)


def test_parallel_game_to_the_end() -> None:
    env = adapter.parallel_env("seven_wonders", players=3)
    observations, _ = env.reset(seed=2)
    rng = random.Random(2)
    while env.agents:
        actions = {
            agent: rng.choice(np.flatnonzero(observation["action_mask"]).tolist() or [0])
            for agent, observation in observations.items()
        }
        observations, rewards, terminations, _, _ = env.step(actions)
    assert all(terminations.values())
    assert tuple(rewards.values()) == env.state_now.returns()
