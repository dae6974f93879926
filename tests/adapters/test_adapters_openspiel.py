"""The OpenSpiel adapter: every game passes pyspiel's own random simulation test at every player
count, MCTSBot plays a full game of each, and states serialize as tabletop saves."""

from __future__ import annotations

import random
from typing import Any

import pytest

import tabletop
from adapters.adapter_support import cap, need, seat_counts

pyspiel = need("pyspiel")
np = need("numpy")
adapter = need("tabletop.adapters.openspiel")


def _load(name: str, **params: Any) -> Any:
    limit = cap(name)
    if limit is not None:
        params.setdefault("max_game_length", limit)
    return pyspiel.load_game(adapter.PREFIX + name, params)


def _played(game: Any, rng: random.Random, steps: int) -> Any:
    """A new state of ``game`` after ``steps`` random actions."""
    state = game.new_initial_state()
    for _ in range(steps):
        state.apply_action(rng.choice(state.legal_actions()))
    return state


def test_every_game_is_registered() -> None:
    names = set(pyspiel.registered_names())
    for name in tabletop.game_names():
        assert adapter.PREFIX + name in names
    assert adapter.register() == tuple(adapter.PREFIX + name for name in tabletop.game_names())


@pytest.mark.parametrize(("name", "players"), seat_counts())
def test_random_sim_test(name: str, players: int) -> None:
    # serialize=False: pyspiel serializes a SAMPLED_STOCHASTIC game with Game::GetRNGState, which
    # a game written in Python cannot provide; test_serialize_round_trip covers serialization.
    game = _load(name, players=players, seed=players)
    pyspiel.random_sim_test(game, num_sims=1, serialize=False, verbose=False)


@pytest.mark.parametrize(("name", "players"), seat_counts())
def test_game_type_and_info(name: str, players: int) -> None:
    table = tabletop.load(name)
    game = _load(name, players=players)
    kind = game.get_type()
    assert kind.short_name == adapter.PREFIX + name
    assert (kind.min_num_players, kind.max_num_players) == (table.min_players, table.max_players)
    assert kind.dynamics == pyspiel.GameType.Dynamics.SEQUENTIAL
    assert kind.chance_mode == pyspiel.GameType.ChanceMode.SAMPLED_STOCHASTIC
    assert kind.information == pyspiel.GameType.Information.IMPERFECT_INFORMATION
    assert kind.reward_model == pyspiel.GameType.RewardModel.TERMINAL
    zero_sum = kind.utility == pyspiel.GameType.Utility.ZERO_SUM
    assert zero_sum == (players == 2), "no game here has equal teams but at 2 players by default"
    assert game.num_players() == players
    assert game.num_distinct_actions() == table.num_distinct_actions
    state = table.new_game(players=players, seed=1)
    assert game.observation_tensor_shape() == list(state.observation_shape)
    assert game.information_state_tensor_shape() == list(state.observation_shape)


def test_team_games_are_zero_sum() -> None:
    game = _load("dozen_war", players=4, mode="alliance")
    assert game.get_type().utility == pyspiel.GameType.Utility.ZERO_SUM
    assert game.utility_sum() == 0.0
    assert _load("dozen_war", players=4).get_type().utility == pyspiel.GameType.Utility.GENERAL_SUM


@pytest.mark.parametrize("name", tabletop.game_names())
def test_tensors_and_strings_are_the_observation(name: str) -> None:
    game = _load(name, seed=4)
    state = _played(game, random.Random(4), 6)
    table = state.tabletop
    for seat in range(game.num_players()):
        expected = np.asarray(table.observation_tensor(seat), np.float32)
        assert np.array_equal(np.asarray(state.observation_tensor(seat), np.float32), expected)
        assert np.array_equal(np.asarray(state.information_state_tensor(seat), np.float32), expected)
        assert state.observation_string(seat) == state.information_state_string(seat)
    assert state.legal_actions() == table.legal_action_ids()
    mask = state.legal_actions_mask()
    assert mask == table.legal_action_mask()
    action = state.legal_actions()[0]
    assert state.action_to_string(state.current_player(), action) == str(table.game.decode(action))


@pytest.mark.parametrize("name", tabletop.game_names())
def test_serialize_round_trip(name: str) -> None:
    game = _load(name, seed=9)
    rng = random.Random(9)
    state = _played(game, rng, 12)
    text = state.serialize()
    again = game.deserialize_state(text)
    assert str(again) == str(state)
    assert again.history() == state.history()
    assert again.tabletop.to_dict() == state.tabletop.to_dict()
    while not state.is_terminal():  # both play on alike: the rng came back too
        action = rng.choice(state.legal_actions())
        assert again.legal_actions() == state.legal_actions()
        state.apply_action(action)
        again.apply_action(action)
    assert again.returns() == state.returns()


@pytest.mark.parametrize("name", tabletop.game_names())
def test_mcts_bot_plays_a_full_game(name: str) -> None:
    mcts = need("open_spiel.python.algorithms.mcts")
    game = _load(name, seed=2)
    evaluator = mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=np.random.RandomState(2))
    bot = mcts.MCTSBot(
        game, uct_c=2.0, max_simulations=3, evaluator=evaluator, random_state=np.random.RandomState(2)
    )
    state = game.new_initial_state()
    rng = random.Random(2)
    while not state.is_terminal():
        legal = state.legal_actions()
        action = bot.step(state) if state.current_player() == 0 else rng.choice(legal)
        assert action in legal
        state.apply_action(action)
    returns = state.returns()
    assert len(returns) == game.num_players()
    if state.tabletop.is_terminal:
        assert tuple(returns) == state.tabletop.returns()
    else:  # cut short at max_game_length: a draw
        assert len(state.history()) == game.max_game_length() and returns == [0.0] * game.num_players()


def test_options_are_game_parameters() -> None:
    first = _load("splendor_duel", first_player="1", seed=3).new_initial_state()
    assert first.tabletop.options["first_player"] == 1
    assert first.current_player() == 1
    default = _load("splendor_duel", seed=3)
    assert str(default) == "tabletop_splendor_duel(first_player=null,max_game_length=10000,players=2,seed=3)"
    with pytest.raises(ValueError, match="first_player"):
        _load("splendor_duel", first_player="2")
    with pytest.raises(pyspiel.SpielError, match="Unknown parameter 'colour'"):
        _load("splendor_duel", colour="red")


def test_seed_parameter() -> None:
    one, two = _load("splendor_duel", seed=5), _load("splendor_duel", seed=5)
    firsts = [one.new_initial_state().tabletop.seed for _ in range(3)]
    assert firsts == [two.new_initial_state().tabletop.seed for _ in range(3)]
    assert len(set(firsts)) == 3, "each new game of one pyspiel game takes the next seed"
    free = _load("splendor_duel")
    assert free.new_initial_state().tabletop.seed != free.new_initial_state().tabletop.seed


def test_max_game_length_ends_a_game_as_a_draw() -> None:
    game = _load("splendor_duel", max_game_length=5, seed=1)
    state = game.new_initial_state()
    while not state.is_terminal():
        state.apply_action(state.legal_actions()[0])
    assert len(state.history()) == 5
    assert state.current_player() == pyspiel.PlayerId.TERMINAL
    assert state.returns() == [0.0, 0.0]
    assert state.legal_actions() == []


def test_an_illegal_id_changes_nothing() -> None:
    game = _load("splendor_duel", seed=1)
    state = game.new_initial_state()
    illegal = next(i for i in range(game.num_distinct_actions()) if i not in state.legal_actions())
    before = state.tabletop.to_dict()
    with pytest.raises(Exception, match="not legal"):
        state.apply_action(illegal)
    assert state.tabletop.to_dict() == before


def test_observing_a_new_state_shows_the_game_it_plays() -> None:
    # pyspiel makes (and observes) a new initial state with every tensor it returns, to learn the
    # tensor's shape: neither that nor observing a state before playing it may change the games.
    observed, plain = _load("splendor_duel", seed=5), _load("splendor_duel", seed=5)
    first = observed.new_initial_state()
    tensor = first.observation_tensor(1)
    text = first.observation_string(1)
    for _ in range(3):
        observed.new_initial_state().observation_tensor(0)
    assert tensor == pytest.approx(first.tabletop.observation_tensor(1))
    assert text == first.observation_string(1)
    seeds = [first.tabletop.seed] + [observed.new_initial_state().tabletop.seed for _ in range(2)]
    assert seeds == [plain.new_initial_state().tabletop.seed for _ in range(3)]
