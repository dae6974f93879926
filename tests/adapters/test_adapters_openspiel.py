"""The OpenSpiel adapter: every game passes pyspiel's own random simulation test at every player
count, MCTSBot plays a full game of each, and states serialize as tabletop saves."""

from __future__ import annotations

import pickle
import random
from typing import Any

import pytest

import tabletop
from adapters.adapter_support import cap, need, seat_counts

pyspiel = need("pyspiel")
np = need("numpy")
adapter = need("tabletop.adapters.openspiel")


def _load(name: str, **params: Any) -> Any:
    limit = cap(name, params.get("players"))
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
    # serialize=False: the test's serialize step is SerializeGameAndState, which asks a
    # SAMPLED_STOCHASTIC game for Game::GetRNGState, and pyspiel's binding of Python games does
    # not route that virtual to Python (test_pyspiel_cannot_serialize_python_sampled_games);
    # test_serialize_round_trip and test_pickle_round_trip cover serialization instead.
    # Uncapped: every game plays to its own end (Dozen War at 4 players: ~1,000 decisions, ~17 s).
    game = pyspiel.load_game(adapter.PREFIX + name, {"players": players, "seed": players})
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


_GameBase: Any = pyspiel.Game
_StateBase: Any = pyspiel.State


class _SampledToy(_GameBase):  # type: ignore[misc]
    """The smallest Python SAMPLED_STOCHASTIC game: one move, then over."""

    def __init__(self, params: Any = None) -> None:
        super().__init__(_TOY_TYPE, _TOY_INFO, params or {})

    def new_initial_state(self) -> Any:
        return _ToyState(self)


class _ToyState(_StateBase):  # type: ignore[misc]
    def __init__(self, game: Any) -> None:
        super().__init__(game)
        self.done = False

    def current_player(self) -> int:
        return int(pyspiel.PlayerId.TERMINAL) if self.done else 0

    def _legal_actions(self, player: int) -> list[int]:
        return [0]

    def _apply_action(self, action: int) -> None:
        self.done = True

    def is_terminal(self) -> bool:
        return self.done

    def returns(self) -> list[float]:
        return [0.0]

    def __str__(self) -> str:
        return str(self.done)


_TOY_TYPE = pyspiel.GameType(
    short_name="tabletop_test_sampled_toy",
    long_name="sampled toy",
    dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
    chance_mode=pyspiel.GameType.ChanceMode.SAMPLED_STOCHASTIC,
    information=pyspiel.GameType.Information.PERFECT_INFORMATION,
    utility=pyspiel.GameType.Utility.GENERAL_SUM,
    reward_model=pyspiel.GameType.RewardModel.TERMINAL,
    max_num_players=1,
    min_num_players=1,
    provides_information_state_string=False,
    provides_information_state_tensor=False,
    provides_observation_string=False,
    provides_observation_tensor=False,
    parameter_specification={},
)
_TOY_INFO = pyspiel.GameInfo(
    num_distinct_actions=1,
    max_chance_outcomes=0,
    num_players=1,
    min_utility=0.0,
    max_utility=0.0,
    utility_sum=0.0,
    max_game_length=1,
)


def test_pyspiel_cannot_serialize_python_sampled_games() -> None:
    # Why random_sim_test runs with serialize=False: any Python SAMPLED_STOCHASTIC game, even this
    # toy with no tabletop code, fails in SerializeGameAndState. When an open_spiel release routes
    # GetRNGState to Python this test fails: then give TabletopGame get_rng_state/set_rng_state
    # and turn serialize=True on.
    if "tabletop_test_sampled_toy" not in pyspiel.registered_names():
        pyspiel.register_game(_TOY_TYPE, _SampledToy)
    toy = pyspiel.load_game("tabletop_test_sampled_toy")
    state = toy.new_initial_state()
    # The state part works (pyspiel pickles a Python state's __dict__): the game's RNG is the gap.
    assert "__dict__=" in state.serialize()
    with pytest.raises(pyspiel.SpielError, match="GetRNGState unimplemented"):
        pyspiel.serialize_game_and_state(toy, state)
    game = _load("splendor_duel", seed=1)
    with pytest.raises(pyspiel.SpielError, match="GetRNGState unimplemented"):
        pyspiel.serialize_game_and_state(game, game.new_initial_state())


@pytest.mark.parametrize("name", tabletop.game_names())
def test_pickle_round_trip(name: str) -> None:
    # OpenSpiel's own games_sim_test pickles states; pyspiel's pickling goes through
    # SerializeGameAndState, so the adapter pickles a game as its parameters and a state as its
    # serialize() text.
    game = _load(name, seed=6)
    rng = random.Random(6)
    state = _played(game, rng, 9)
    again = pickle.loads(pickle.dumps(state))
    assert type(again) is type(state)
    assert str(again) == str(state)
    assert again.history() == state.history()
    assert again.tabletop.to_dict() == state.tabletop.to_dict()
    assert str(again.get_game()) == str(game)
    action = rng.choice(state.legal_actions())
    state.apply_action(action)
    again.apply_action(action)
    assert again.tabletop.to_dict() == state.tabletop.to_dict()
    assert str(pickle.loads(pickle.dumps(game))) == str(game)


@pytest.mark.parametrize("name", tabletop.game_names())
def test_resample_from_infostate_is_the_seats_view(name: str) -> None:
    game = _load(name, seed=7)
    state = _played(game, random.Random(7), 10)
    mover = state.current_player()
    seats = range(game.num_players())
    worlds = [
        state.resample_from_infostate(seat, pyspiel.UniformProbabilitySampler(s, 0.0, 1.0))
        for seat in seats
        for s in (1, 2)
    ]
    for index, world in enumerate(worlds):
        seat = index // 2
        assert type(world) is type(state) and world.tabletop.determinized
        assert world.information_state_string(seat) == state.information_state_string(seat)
        assert world.observation_tensor(seat) == state.observation_tensor(seat)
        if seat == mover:
            assert world.legal_actions() == state.legal_actions()
    again = state.resample_from_infostate(0, pyspiel.UniformProbabilitySampler(1, 0.0, 1.0))
    assert again.tabletop.to_dict() == worlds[0].tabletop.to_dict(), "seeded by the sampler alone"
    assert worlds[0].tabletop.to_dict() != worlds[1].tabletop.to_dict()
    with pytest.raises(ValueError, match="probability_sampler"):
        state.resample_from_infostate(0, lambda: 1.5)
    with pytest.raises(ValueError, match="seat"):
        state.resample_from_infostate(game.num_players(), pyspiel.UniformProbabilitySampler(1, 0.0, 1.0))


def test_resampled_worlds_end_at_the_same_max_game_length() -> None:
    game = _load("splendor_duel", seed=1, max_game_length=12)
    state = _played(game, random.Random(1), 10)
    world = state.resample_from_infostate(0, pyspiel.UniformProbabilitySampler(4, 0.0, 1.0))
    assert world.tabletop.history == []
    for _ in range(2):
        assert not world.is_terminal()
        world.apply_action(world.legal_actions()[0])
    assert world.is_terminal() and world.returns() == [0.0, 0.0]


def test_ismcts_bot_plays_a_full_game() -> None:
    # OpenSpiel's Python ISMCTSBot samples each simulation's world with resample_from_infostate.
    # (pyspiel.ISMCTSBot, in C++, cannot reach a Python state's resample_from_infostate.)
    ismcts = need("open_spiel.python.algorithms.ismcts")
    mcts = need("open_spiel.python.algorithms.mcts")
    game = _load("wonders_duel", seed=3)
    evaluator = mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=np.random.RandomState(2))
    bot = ismcts.ISMCTSBot(game, evaluator, 2.0, 4, random_state=np.random.RandomState(2))
    sampled: list[Any] = []
    resample = adapter.TabletopState.resample_from_infostate

    def counting(state: Any, player: int) -> Any:
        world = resample(state, player, pyspiel.UniformProbabilitySampler(len(sampled), 0.0, 1.0))
        sampled.append(world)
        return world

    bot.set_resampler(counting)
    state = _bot_plays_seat_0(game, bot, random.Random(3))
    assert state.tabletop.is_terminal and tuple(state.returns()) == state.tabletop.returns()
    assert len(sampled) >= 4 and all(world.tabletop.determinized for world in sampled)


def _bot_plays_seat_0(game: Any, bot: Any, rng: random.Random) -> Any:
    """A new game of ``game`` played to its end: ``bot`` plays seat 0 (asked only when it has a
    choice), ``rng`` the other seats at random."""
    state = game.new_initial_state()
    while not state.is_terminal():
        legal = state.legal_actions()
        if state.current_player() == 0 and len(legal) > 1:
            action = bot.step(state)
            assert action in legal
        else:
            action = rng.choice(legal)
        state.apply_action(action)
    return state


@pytest.mark.parametrize("name", tabletop.game_names())
def test_mcts_bot_plays_a_full_game(name: str) -> None:
    # Every game at its fewest players, uncapped: Dozen War's 2-player Engage ends in ~90-260
    # decisions (its ~1,000 are free-for-all at 4 players), about 2 s of CPU here.
    mcts = need("open_spiel.python.algorithms.mcts")
    game = pyspiel.load_game(adapter.PREFIX + name, {"seed": 2})
    evaluator = mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=np.random.RandomState(2))
    bot = mcts.MCTSBot(
        game, uct_c=2.0, max_simulations=3, evaluator=evaluator, random_state=np.random.RandomState(2)
    )
    state = _bot_plays_seat_0(game, bot, random.Random(2))
    assert game.max_game_length() == adapter.DEFAULT_MAX_GAME_LENGTH
    assert state.tabletop.is_terminal, "played to the game's own end, not cut short"
    assert tuple(state.returns()) == state.tabletop.returns()
    assert len(state.history()) == len(state.tabletop.history)


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
