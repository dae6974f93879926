"""Every registered tabletop game as an OpenSpiel game: ``pyspiel.load_game("tabletop_<name>")``.

Importing this module registers each game once (``register()`` again picks up games installed
since). Game parameters:

- ``players`` (int, default the game's minimum) and each of the game's options: an option whose
  default is a bool, int, float or str is a parameter of that type; any other (``None``, a list)
  is a string parameter holding the value's JSON (``first_player="null"``,
  ``boards='["Rhodos", "Giza"]'``). A string parameter is the option's value when the option
  accepts that very string, otherwise its JSON (``module="null"`` is base Splendor).
- ``seed`` (int, default -1): the seed of the first new game; each further ``new_initial_state``
  takes the next seed of a generator seeded with it. -1 draws every game's seed at random.
- ``max_game_length`` (int, default 10,000): decisions after which a game still running is
  ended as a draw (every return 0), so ``GameInfo.max_game_length`` is a true bound. No game
  comes near it in play (random play: at most ~1,200 decisions, Dozen War at 4 players); a
  caller may lower it to cap long games (some tests do for Dozen War at 3-4 players).

The declarations, and why:

- **Chance is SAMPLED_STOCHASTIC.** Shuffles and dice come from the state's own seeded rng
  inside ``apply``: there are no chance nodes. A clone copies the rng, so search over clones
  (MCTS) replays the same future draws; information-set search samples worlds with
  ``resample_from_infostate`` (the tabletop ``determinize``), which OpenSpiel's Python
  ``ISMCTSBot`` calls (``pyspiel.ISMCTSBot``, in C++, cannot reach a Python state's).
- **Information is IMPERFECT for every game**: each state holds its future chance (deck
  order, dice) and usually private cards that no observation shows.
- **Dynamics are SEQUENTIAL, 7 Wonders included.** Its simultaneous picks are asked seat by
  seat with each commit hidden from the others until all are in, which is exactly OpenSpiel's
  turn-based form of a simultaneous game; its steps also hold sequential decisions (a wonder's
  free build from the discard, Babylon's seventh card) that simultaneous nodes could not hold
  alone, and MCTSBot and most OpenSpiel algorithms take sequential games only.
  ``State.acting_seats()`` (and the PettingZoo ``parallel_env``) offer the joint form.
- **Utility** is ZERO_SUM when the seats form two teams of equal size (every 2-player game,
  Dozen War's 2 v 2), else GENERAL_SUM; returns are ``state.returns()`` (+1 for the winning
  team, -1 for the rest, 0 for all in a draw), rewards only at the end.
- **Observations**: the observation tensor is ``observation_tensor(seat)``; the information
  state is that same observation (tabletop observations are not perfect recall: they hold what
  a seat may know now, not the order of past events). The strings are the observation as
  compact JSON. Actions print as their ``str()``. ``serialize()`` holds a tabletop save
  (``to_dict``), which loading replays and checks; a state pickles as that text and a game as
  its parameters. ``pyspiel.serialize_game_and_state`` (and so ``random_sim_test(...,
  serialize=True)``) fails for every Python SAMPLED_STOCHASTIC game: it asks the game for
  ``GetRNGState``, which pyspiel's binding of Python games does not route to Python.
"""

from __future__ import annotations

import json
import math
import numbers
import random
import secrets
from typing import Any

import numpy as np
import pyspiel  # type: ignore[import-not-found]

from ..core.actions import IllegalAction
from ..core.game import Game
from ..core.registry import game_names, load
from ..core.state import State
from ._arrays import float32
from ._node import Node

#: The prefix of every tabletop game's short name in pyspiel.
PREFIX = "tabletop_"
#: The default ``max_game_length`` parameter: decisions before a running game ends as a draw.
DEFAULT_MAX_GAME_LENGTH = 10_000
_RESERVED = ("players", "seed", "max_game_length")


def register(names: tuple[str, ...] | None = None) -> tuple[str, ...]:
    """Register the named tabletop games (default: every installed one) with pyspiel, skipping
    those already registered; the pyspiel short names of all of them."""
    registered = set(pyspiel.registered_names())
    short_names = []
    for name in game_names() if names is None else names:
        short = PREFIX + name
        if short not in registered:
            game = load(name)
            # pyspiel keeps the creator until the process exits, after Python has finalized:
            # a class (its own __mro__ holds it) is never freed then, a plain closure would be.
            creator = type(f"Tabletop_{name}", (TabletopGame,), {"tabletop_name": name})
            pyspiel.register_game(_game_type(game, _parameter_spec(game)), creator)
        short_names.append(short)
    return tuple(short_names)


def _parameter_spec(game: Game[Any]) -> dict[str, Any]:
    clash = sorted(set(game.options) & set(_RESERVED))
    if clash:
        raise ValueError(f"{game.name}'s options {clash} clash with the adapter's own parameters")
    spec: dict[str, Any] = {
        "players": game.min_players,
        "seed": -1,
        "max_game_length": DEFAULT_MAX_GAME_LENGTH,
    }
    for name, option in game.options.items():
        default = option.default
        spec[name] = default if isinstance(default, (bool, int, float, str)) else json.dumps(default)
    return spec


def _game_type(
    game: Game[Any], spec: dict[str, Any], utility: Any = None, players: tuple[int, int] | None = None
) -> Any:
    low, high = players or (game.min_players, game.max_players)
    if utility is None:  # the registry's entry: zero-sum only if every player count is
        utility = (
            pyspiel.GameType.Utility.ZERO_SUM
            if game.max_players == 2
            else pyspiel.GameType.Utility.GENERAL_SUM
        )
    return pyspiel.GameType(
        short_name=PREFIX + game.name,
        long_name=f"tabletop {game.title}",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.SAMPLED_STOCHASTIC,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=utility,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=high,
        min_num_players=low,
        provides_information_state_string=True,
        provides_information_state_tensor=True,
        provides_observation_string=True,
        provides_observation_tensor=True,
        provides_factored_observation_string=False,
        parameter_specification=spec,
    )


def _option_value(game: Game[Any], name: str, value: Any) -> Any:
    """The option value a pyspiel parameter stands for (see the module docstring)."""
    option = game.options[name]
    if not isinstance(value, str) or isinstance(option.default, str):
        try:
            return option.validate(value)
        except ValueError:
            if not isinstance(value, str):
                raise
    try:
        return json.loads(value)
    except json.JSONDecodeError:
        return value  # new_game names the option and why the value is refused


class _Spec:
    """What every state of one pyspiel game shares: the tabletop game, its settings, and the
    generator of new games' seeds. Never copied by clones; pickled by its settings."""

    def __init__(self, name: str, players: int, options: dict[str, Any], seed: int, cap: int) -> None:
        self.name = name
        self.game = load(name)
        self.players = players
        self.options = options
        self.seed = seed
        self.cap = cap
        self._seeds = random.Random(seed) if seed >= 0 else None
        self._next: tuple[int, State] | None = None
        self._next_tensors: dict[int, np.ndarray[Any, Any]] = {}

    def upcoming(self) -> tuple[int, State]:
        """The next new game's seed and initial state, made once and kept until it is taken."""
        if self._next is None:
            seed = secrets.randbits(63) if self._seeds is None else self._seeds.getrandbits(63)
            self._next = (seed, self.game.new_game(players=self.players, seed=seed, **self.options))
        return self._next

    def upcoming_tensor(self, seat: int) -> tuple[int, np.ndarray[Any, Any]]:
        """The upcoming game's seed and ``seat``'s observation tensor in it (kept too)."""
        seed, state = self.upcoming()
        tensor = self._next_tensors.get(seat)
        if tensor is None:
            tensor = self._next_tensors[seat] = float32(state.observation_tensor(seat))
        return seed, tensor

    def take(self, promised: int | None) -> State:
        """A new game: the upcoming one, or the one of seed ``promised`` if it was shown before."""
        seed, state = self.upcoming()
        if promised is None or promised == seed:
            self._next = None
            self._next_tensors = {}
            return state
        again: State = self.game.new_game(players=self.players, seed=promised, **self.options)
        return again

    def __deepcopy__(self, memo: dict[int, Any]) -> _Spec:
        return self

    def __reduce__(self) -> tuple[Any, ...]:
        return (_Spec, (self.name, self.players, self.options, self.seed, self.cap))


class _Table:
    """The tabletop state behind one pyspiel state, made when first needed: pyspiel makes a new
    initial state for every clone, load and even every tensor it returns (to learn the tensor's
    shape), so a state that is only observed is shown the upcoming game without taking it, and
    keeps that game's seed for when it is played. Deep copies clone; pickles are saves."""

    __slots__ = ("_node", "_promised", "offset", "spec")

    def __init__(self, spec: _Spec, node: Node | None = None, offset: int = 0) -> None:
        self.spec = spec
        self._node = node
        self._promised: int | None = None
        #: Decisions played before the tabletop state's history began (a resampled state's
        #: history starts empty), so ``max_game_length`` ends every world at the same move.
        self.offset = offset

    @property
    def node(self) -> Node:
        node = self._node
        if node is None:
            node = self._node = Node(self.spec.take(self._promised))
        return node

    def seen(self) -> State:
        """The state to observe: this one, or the upcoming game if this one is not made yet."""
        if self._node is not None:
            return self._node.state
        self._promised, state = self.spec.upcoming()
        return state

    def write_tensor(self, seat: int, out: np.ndarray[Any, Any]) -> None:
        """Write ``seat``'s observation tensor of :meth:`seen` into ``out`` (the upcoming game's
        is kept as an array: pyspiel asks for one with every tensor, to learn the shape)."""
        if self._node is not None:
            float32(self._node.state.observation_tensor(seat), out)
        else:
            self._promised, out[:] = self.spec.upcoming_tensor(seat)

    def __deepcopy__(self, memo: dict[int, Any]) -> _Table:
        return _Table(self.spec, self.node.copy(), self.offset)

    def __reduce__(self) -> tuple[Any, ...]:
        return (_load_table, (self.spec, json.dumps(self.node.state.to_dict()), self.offset))


def _load_table(spec: _Spec, save: str, offset: int = 0) -> _Table:
    return _Table(spec, Node(spec.game.state_from_dict(json.loads(save))), offset)


class TabletopGame(pyspiel.Game):  # type: ignore[misc]
    """One tabletop game as a pyspiel game, for one player count and set of options."""

    #: The tabletop game's name; each registered game is a subclass setting it.
    tabletop_name: str = ""

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        params = params or {}
        name = self.tabletop_name
        game = load(name)
        spec = _parameter_spec(game)
        unknown = sorted(set(params) - set(spec))
        if unknown:
            raise ValueError(
                f"{PREFIX}{name} has no parameter {', '.join(unknown)}; valid: {', '.join(spec)}"
            )
        values = {**spec, **params}
        players = game.check_players(values["players"])
        cap = values["max_game_length"]
        if isinstance(cap, bool) or not isinstance(cap, int) or cap < 1:
            raise ValueError(f"max_game_length must be a positive int, got {cap!r}")
        if values["seed"] < -1:  # -1 alone means "draw each game's seed"
            raise ValueError(f"seed must be -1 (random) or an int >= 0, got {values['seed']!r}")
        # pyspiel fills in every default; a game's own default may not be a value it accepts
        # when given (Dozen War's mode None means "by the player count"), so defaults stay out.
        options = {
            key: _option_value(game, key, values[key]) for key in game.options if values[key] != spec[key]
        }
        self.spec = _Spec(name, players, options, int(values["seed"]), cap)
        first = game.new_game(players=players, seed=0, **options)  # checks the options, gives teams
        sizes = {len(team) for team in first.teams}
        zero_sum = len(first.teams) == 2 and len(sizes) == 1
        utility = pyspiel.GameType.Utility.ZERO_SUM if zero_sum else pyspiel.GameType.Utility.GENERAL_SUM
        game_type = _game_type(game, spec, utility, (game.min_players, game.max_players))
        info = pyspiel.GameInfo(
            num_distinct_actions=game.num_distinct_actions,
            max_chance_outcomes=0,
            num_players=players,
            min_utility=-1.0,
            max_utility=1.0,
            utility_sum=0.0 if zero_sum else None,
            max_game_length=cap,
        )
        super().__init__(game_type, info, params)
        self._size = first.observation_shape[0]

    def __reduce__(self) -> tuple[Any, ...]:
        # pyspiel pickles a game through Game::Serialize, which asks a SAMPLED_STOCHASTIC game for
        # GetRNGState: pyspiel's Python-game binding (PyGame) does not route that to Python, so
        # the pickle would fail. A game is its parameters: it loads again with them (the stream
        # of new games' seeds, if ``seed`` was given, starts over).
        return (pyspiel.load_game, (self.get_type().short_name, self.get_parameters()))

    def new_initial_state(self) -> TabletopState:
        """A new game, seeded as the ``seed`` parameter says."""
        return TabletopState(self)

    def make_py_observer(self, iig_obs_type: Any = None, params: Any = None) -> TabletopObserver:
        """The observer of both the observation and the information state (the same view)."""
        if params:
            raise ValueError(f"observation parameters are not supported; got {params}")
        if iig_obs_type is not None and (
            not iig_obs_type.public_info or iig_obs_type.private_info != pyspiel.PrivateInfoType.SINGLE_PLAYER
        ):
            raise ValueError(
                f"only a seat's own view (public and its private information) is offered, not {iig_obs_type}"
            )
        return TabletopObserver(self._size)


class TabletopState(pyspiel.State):  # type: ignore[misc]
    """A pyspiel state over a tabletop state (``tabletop``)."""

    def __init__(self, game: TabletopGame) -> None:
        super().__init__(game)
        # The one Python attribute: pyspiel's Clone deep-copies each, and serialize pickles them.
        self._t: _Table = _Table(game.spec)

    @property
    def tabletop(self) -> State:
        """The tabletop state underneath (the whole truth: do not show it to a seat)."""
        return self._t.node.state

    def _ended(self, node: Node) -> bool:
        t = self._t
        return node.state.outcome is not None or len(node.state.history) + t.offset >= t.spec.cap

    def resample_from_infostate(self, player_id: int, probability_sampler: Any) -> TabletopState:
        """A state ``player_id`` cannot tell from this one (equal observation and information
        state strings and tensors, same legal actions when it is the mover): the tabletop
        ``determinize(player_id, seed)`` with the seed drawn from ``probability_sampler`` (a
        callable giving floats in [0, 1), such as ``pyspiel.UniformProbabilitySampler``), for
        OpenSpiel's Python ``ISMCTSBot``. Its history starts empty (determinize keeps nothing of
        the true game); ``max_game_length`` still counts the decisions played before it."""
        t = self._t
        if isinstance(player_id, bool) or not isinstance(player_id, int):
            raise ValueError(f"player_id must be an int, got {player_id!r}")
        if not callable(probability_sampler):
            raise ValueError(
                f"probability_sampler must be a callable giving floats, got {probability_sampler!r:.80}"
            )
        drawn = probability_sampler()
        draw = float(drawn) if isinstance(drawn, numbers.Real) and not isinstance(drawn, bool) else math.nan
        if not 0.0 <= draw < 1.0:
            raise ValueError(f"probability_sampler must give floats in [0, 1), gave {drawn!r:.80}")
        world = t.node.state.determinize(player_id, int(draw * 2**63))
        new = TabletopState(self.get_game())
        new._t = _Table(t.spec, Node(world), t.offset + len(t.node.state.history))
        return new

    def __setattr__(self, name: str, value: Any) -> None:
        # pyspiel's Clone and deserialize_state set each saved Python attribute on a new initial
        # state of this game: a table of another game, player count or options is refused (a
        # clone's table shares this game's settings object, so it passes on identity).
        mine = self.__dict__.get("_t")
        if mine is not None and name == "_t":
            if not isinstance(value, _Table):
                raise ValueError(f"a {PREFIX}{mine.spec.name} state's table cannot be {value!r:.80}")
            theirs = value.spec
            if theirs is not mine.spec and _settings(theirs) != _settings(mine.spec):
                raise ValueError(
                    f"this state was saved by {_settings(theirs)}, not by {_settings(mine.spec)}"
                )
        super().__setattr__(name, value)

    def __reduce__(self) -> tuple[Any, ...]:
        # pyspiel pickles a state through SerializeGameAndState, which fails for a Python
        # SAMPLED_STOCHASTIC game (see TabletopGame.__reduce__); its own serialize() works.
        return (_deserialize_state, (self.get_game(), self.serialize()))

    def current_player(self) -> int:
        """The seat to move, or ``pyspiel.PlayerId.TERMINAL``."""
        node = self._t.node
        if self._ended(node):
            return int(pyspiel.PlayerId.TERMINAL)
        seat = node.state.current_player
        assert seat is not None
        return seat

    def _legal_actions(self, player: int) -> list[int]:
        return self._t.node.legal_ids()

    def _apply_action(self, action: int) -> None:
        node = self._t.node
        if self._ended(node):  # cut at max_game_length: pyspiel applies to a terminal state unasked
            raise IllegalAction(f"the game is over (max_game_length {self._t.spec.cap}): no action is legal")
        node.apply_id(action)

    def _action_to_string(self, player: int, action: int) -> str:
        return str(self._t.spec.game.decode(action))

    def is_terminal(self) -> bool:
        """Whether the game is over (or reached ``max_game_length``: a draw)."""
        return self._ended(self._t.node)

    def returns(self) -> list[float]:
        """``state.returns()``: 0 for every seat until the end and after a game cut short."""
        return list(self._t.node.state.returns())

    def __str__(self) -> str:
        return self._t.node.state.render()


def _settings(spec: _Spec) -> str:
    """What makes two pyspiel games' states interchangeable: game, players, options, length cap."""
    return f"{PREFIX}{spec.name} ({spec.players} players, options {spec.options}, max_game_length {spec.cap})"


def _deserialize_state(game: TabletopGame, text: str) -> TabletopState:
    state: TabletopState = game.deserialize_state(text)
    return state


class TabletopObserver:
    """OpenSpiel's Python observer interface over ``observation_tensor`` and ``observation``."""

    def __init__(self, size: int) -> None:
        self.tensor = np.zeros(size, np.float32)
        self.dict = {"observation": self.tensor}

    def set_from(self, state: TabletopState, player: int) -> None:
        """Fill ``tensor`` with ``player``'s observation tensor of ``state``."""
        state._t.write_tensor(player, self.tensor)

    def string_from(self, state: TabletopState, player: int) -> str:
        """``player``'s observation of ``state`` as compact JSON with sorted keys."""
        return json.dumps(state._t.seen().observation(player), sort_keys=True, separators=(",", ":"))


register()
