"""The RL adapters at the edges of an episode, found by the session-13 hostile-input hunt: what
comes before the first reset, after the end, a cut game, another game's save and arguments of
the wrong kind. Each is refused by name (``ValueError``; ``IllegalAction`` is one) and changes
nothing, or answers as it should.

Before: a Gymnasium environment stepped before ``reset`` played the learner's id for whichever
seat was to move (seat 0's decision for a learner in seat 1); ``illegal_action_reward="x"`` was
kept and handed back as the reward; a PettingZoo AEC ``step`` or ``observe`` after every agent was
done raised ``KeyError``, as did ``observe`` of an agent that does not exist; a parallel
``step`` after the end answered as if a step had been played; pyspiel's ``apply_action`` on a
state cut at ``max_game_length`` (terminal) applied the action; ``deserialize_state`` took a
state another game had saved; ``seed=-5`` drew random seeds as -1 does; and
``resample_from_infostate`` with no sampler raised ``TypeError``."""

from __future__ import annotations

from typing import Any

import pytest

from adapters.adapter_support import need

np = need("numpy")
gym = need("tabletop.adapters.gymnasium")
zoo = need("tabletop.adapters.pettingzoo")
pyspiel = need("pyspiel")
spiel = need("tabletop.adapters.openspiel")

from tabletop import IllegalAction  # noqa: E402 - after the extras, which may skip the module


def test_gymnasium_step_before_reset_never_plays_another_seats_decision() -> None:
    env = gym.TabletopEnv("splendor_duel", seat=1, first_player=0)
    state = env.state_now
    assert state.current_player == 0
    before = state.to_dict()
    for legal in state.legal_action_ids():
        with pytest.raises(IllegalAction, match=r"seat 1 is not to act: call reset\(\) before step\(\)"):
            env.step(legal)
    assert env.state_now.to_dict() == before
    env.reset(seed=1)
    assert env.state_now.current_player == 1
    env.step(int(np.flatnonzero(env.action_masks())[0]))  # after reset the learner plays


@pytest.mark.parametrize("reward", ["x", True, None, float("nan"), [1], -1, -0.5, np.float32(-2)], ids=repr)
def test_gymnasium_illegal_action_reward_is_a_number_or_none(reward: Any) -> None:
    if isinstance(reward, (str, bool, list)) or (isinstance(reward, float) and reward != reward):
        with pytest.raises(ValueError, match="illegal_action_reward must be a number or None"):
            gym.TabletopEnv("splendor_duel", illegal_action_reward=reward)
        return
    env = gym.TabletopEnv("splendor_duel", illegal_action_reward=reward)
    env.reset(seed=1)
    illegal = int(np.flatnonzero(env.action_masks() == 0)[0])
    if reward is None:
        with pytest.raises(IllegalAction):
            env.step(illegal)
    else:
        assert env.step(illegal)[1] == reward


def test_pettingzoo_aec_after_every_agent_is_done_refuses_by_name() -> None:
    env = zoo.env("splendor_duel", max_steps=4)
    env.reset(seed=1)
    for _ in env.agent_iter(100):
        observation, _, terminated, truncated, _ = env.last()
        env.step(None if terminated or truncated else int(np.flatnonzero(observation["action_mask"])[0]))
    assert env.agents == []
    before = env.state_now.to_dict()
    for action in (None, 0):
        with pytest.raises(IllegalAction, match=r"every agent is done: call reset\(\)"):
            env.step(action)
    for agent in env.possible_agents:  # a done agent's last view: nothing to act on
        assert not env.observe(agent)["action_mask"].any()
    assert env.state_now.to_dict() == before
    env.reset(seed=2)
    assert env.agents == env.possible_agents


@pytest.mark.parametrize("agent", ["player_9", "", None, 0, "Player_0"], ids=repr)
def test_pettingzoo_observe_of_no_agent_is_a_value_error(agent: Any) -> None:
    env = zoo.env("splendor_duel")
    env.reset(seed=1)
    with pytest.raises(ValueError, match="no agent"):
        env.observe(agent)


def test_pettingzoo_parallel_step_after_the_end_is_refused() -> None:
    env = zoo.parallel_env("seven_wonders", players=3, max_steps=6)
    observations, _ = env.reset(seed=1)
    while env.agents:
        picks = {
            agent: int(np.flatnonzero(seen["action_mask"])[0])
            for agent, seen in observations.items()
            if seen["action_mask"].any()
        }
        observations, *_ = env.step(picks)
    before = env.state_now.to_dict()
    for actions in ({}, {"player_0": 0}):
        with pytest.raises(IllegalAction, match=r"the game is over: call reset\(\)"):
            env.step(actions)
    assert env.state_now.to_dict() == before


def test_openspiel_apply_action_on_a_state_cut_at_max_game_length_is_refused() -> None:
    game = pyspiel.load_game("tabletop_splendor_duel", {"seed": 1, "max_game_length": 3})
    state = game.new_initial_state()
    for _ in range(3):
        state.apply_action(state.legal_actions()[0])
    assert state.is_terminal() and state.legal_actions() == []
    before = state.tabletop.to_dict()
    for legal in state.tabletop.legal_action_ids():
        with pytest.raises(IllegalAction, match=r"the game is over \(max_game_length 3\)"):
            state.apply_action(legal)
    assert state.tabletop.to_dict() == before and state.history() == state.clone().history()


@pytest.mark.parametrize(
    ("theirs", "params"),
    [
        ("tabletop_splendor_duel", {}),
        ("tabletop_wonders_duel", {"max_game_length": 50}),
        ("tabletop_wonders_duel", {"wonders": "beginner"}),
    ],
    ids=repr,
)
def test_openspiel_deserialize_state_of_another_games_save_is_refused(
    theirs: str, params: dict[str, Any]
) -> None:
    other = pyspiel.load_game(theirs, params).new_initial_state()
    other.apply_action(other.legal_actions()[0])
    mine = pyspiel.load_game("tabletop_wonders_duel")
    with pytest.raises(ValueError, match=r"this state was saved by tabletop_\w+ \(2 players"):
        mine.deserialize_state(other.serialize())
    same = pyspiel.load_game(theirs, params)  # the very game it was saved by: loads, clones
    again = same.deserialize_state(other.serialize())
    assert again.tabletop.to_dict() == other.tabletop.to_dict()
    assert again.clone().tabletop.to_dict() == other.tabletop.to_dict()


@pytest.mark.parametrize("seed", [-2, -5, -(2**31)], ids=repr)
def test_openspiel_seed_below_minus_one_is_refused(seed: int) -> None:
    with pytest.raises(ValueError, match="seed must be -1 \\(random\\) or an int >= 0"):
        pyspiel.load_game("tabletop_splendor_duel", {"seed": seed})


@pytest.mark.parametrize("sampler", [None, 3, "x", lambda: None, lambda: "x", lambda: True, lambda: 1.0])
def test_openspiel_resample_with_a_sampler_giving_no_probability_is_a_value_error(sampler: Any) -> None:
    state = pyspiel.load_game("tabletop_splendor_duel").new_initial_state()
    with pytest.raises(ValueError, match="probability_sampler must"):
        state.resample_from_infostate(0, sampler)
    world = state.resample_from_infostate(0, lambda: np.float32(0.25))  # numpy floats are numbers
    assert world.tabletop.observation(0) == state.tabletop.observation(0)
