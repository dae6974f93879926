"""A game's rules object: its name, player counts, options, action space, saving and records."""

from __future__ import annotations

import json
import pickle
import secrets
from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import Any, Generic, TypeVar

import attrs

from .action_space import ActionSpace
from .actions import Action, IllegalAction, install_snapshot, same_types
from .describe import install_new_game, option_text, shown, state_repr
from .integers import as_int
from .notation import Notation
from .outcome import Outcome
from .rng import Rng
from .serialize import describe_error, json_text, make_converter
from .state import State

S = TypeVar("S", bound=State)

#: Seeds are ints of at most this many digits (far beyond any seed a caller draws; Python's
#: int-to-text limit, which every save meets, is 4,300 digits by default).
_SEED_DIGITS = 4_000
_SEED_BOUND = 10**_SEED_DIGITS


@attrs.frozen
class Option:
    """A keyword option of ``new_game``: its default, the values it accepts, what it means."""

    name: str
    default: Any
    doc: str
    #: The accepted values, when they are a fixed set.
    choices: tuple[Any, ...] | None = None
    #: The accepted types, when any value of them will do (``bool`` is never taken for ``int``).
    types: tuple[type, ...] = ()
    #: An extra check that raises ``ValueError`` with a message for a bad value.
    check: Callable[[Any], None] | None = attrs.field(default=None, eq=False)

    def validate(self, value: Any) -> Any:
        """``value`` if this option accepts it; otherwise a ``ValueError`` naming the option."""
        if self.choices is not None:
            if not any(value == c and type(value) is type(c) for c in self.choices):
                raise ValueError(
                    f"option {self.name}={shown(value)} is not valid; choose one of "
                    + ", ".join(repr(c) for c in self.choices)
                )
        elif self.types:
            if isinstance(value, bool) and bool not in self.types:
                ok = False
            else:
                ok = isinstance(value, self.types)
            if not ok:
                names = " or ".join(t.__name__ for t in self.types)
                raise ValueError(f"option {self.name} must be {names}, got {shown(value)}")
        if self.check is not None:  # after the type test, so a check may assume the type
            self.check(value)
        return value

    def __str__(self) -> str:
        return option_text(self)


StateFactory = Callable[[int, int, dict[str, Any], Rng], S]


class Game(Generic[S]):
    """The rules of one game: everything that does not change while it is played.

    ``setup(num_players, seed, options, rng)`` builds the initial state; the rest of the rules
    live on the state type.
    """

    def __init__(
        self,
        *,
        name: str,
        title: str,
        min_players: int,
        max_players: int,
        state_type: type[S],
        setup: StateFactory[S],
        action_space: ActionSpace,
        action_types: Iterable[type[Action]],
        options: Sequence[Option] = (),
        check_options: Callable[[dict[str, Any], int], None] | None = None,
    ) -> None:
        self.name = name
        self.title = title
        self.min_players = min_players
        self.max_players = max_players
        self.state_type = state_type
        self.options: Mapping[str, Option] = {option.name: option for option in options}
        self.action_space = action_space
        self.action_types = tuple(action_types)
        for action_type in self.action_types:
            install_snapshot(action_type)
        self.converter = make_converter(self.action_types, every_key=True)
        self._setup = setup
        self._check_options = check_options
        state_type.game = self
        # The kernel's one-line repr for every state (attrs would generate a dump of every field).
        state_type.__repr__ = state_repr  # type: ignore[method-assign,assignment]
        self._notation = Notation(self)
        install_new_game(self)  # help(game.new_game) names this game's options

    def __repr__(self) -> str:
        return f"<Game {self.name}: {self.title}, {self.min_players}-{self.max_players} players>"

    def __reduce__(self) -> tuple[Callable[[str], Game[Any]], tuple[str]]:
        """A game pickles (and copies) as its registered name: its rules are code, and its
        converter's hooks could not be pickled (a worker process was refused the game)."""
        from .registry import game_names, load  # the registry builds on this module

        if self.name not in game_names() or load(self.name) is not self:
            raise pickle.PicklingError(f"{self!r} is not the game registered as {self.name!r}")
        return load, (self.name,)

    def __copy__(self) -> Game[S]:
        """The game itself: rules do not change, so a copy of them is they (registered or not)."""
        return self

    def __deepcopy__(self, memo: dict[int, Any]) -> Game[S]:
        """The game itself, as :meth:`__copy__`."""
        return self

    # ------------------------------------------------------------------ new games

    def resolve_options(self, num_players: int, options: Mapping[str, Any]) -> dict[str, Any]:
        """The full option dict for ``options``: defaults filled in, every value checked."""
        self.check_players(num_players)
        if not isinstance(options, Mapping):
            raise ValueError(f"options must be a mapping of option names to values, got {shown(options):.80}")
        # repr() for a name that is not a str: sorting or joining it with str names would raise
        unknown = sorted(
            name if isinstance(name, str) else repr(name) for name in options if name not in self.options
        )
        if unknown:
            valid = ", ".join(self.options) or "none"
            raise ValueError(f"{self.name} has no option {', '.join(unknown)}; valid options: {valid}")
        resolved = {
            name: option.validate(options[name]) if name in options else option.default
            for name, option in self.options.items()
        }
        if self._check_options is not None:
            self._check_options(resolved, num_players)
        return resolved

    def check_players(self, players: Any) -> int:
        """``players`` if it is a valid player count; otherwise a ``ValueError`` with the range."""
        count = as_int(players)
        if count is None:
            raise ValueError(f"players must be an int, got {shown(players)}")
        if not self.min_players <= count <= self.max_players:
            span = (
                str(self.min_players)
                if self.min_players == self.max_players
                else f"{self.min_players} to {self.max_players}"
            )
            raise ValueError(f"{self.title} is played by {span} players, not {count}")
        return count

    def new_game(self, *, players: int | None = None, seed: int | None = None, **options: Any) -> S:
        """A new game: ``players`` seats (default: the minimum), chance seeded by ``seed``.

        Without a seed one is drawn at random and kept in the state, so the game still replays.
        """
        num_players = self.check_players(self.min_players if players is None else players)
        if seed is None:
            seed = secrets.randbits(63)
        elif (number := as_int(seed)) is None:
            raise ValueError(f"seed must be an int, got {shown(seed)}")
        else:
            seed = number  # a numpy integer or an IntEnum is kept as its plain value
        if not -_SEED_BOUND < seed < _SEED_BOUND:
            # The state keeps its seed and a save writes it as JSON text, which Python refuses
            # past 4,300 digits: such a game would play, then fail to save.
            raise ValueError(
                f"seed must have at most {_SEED_DIGITS:,} digits, got one of {seed.bit_length():,} bits"
            )
        resolved = self.resolve_options(num_players, options)
        return self._setup(num_players, seed, resolved, Rng.from_seed(seed))

    # ------------------------------------------------------------------ tensors

    def observation_shape(self, players: int, **options: Any) -> tuple[int, ...]:
        """The shape ``(n,)`` of every seat's ``observation_tensor`` in a game of ``players``
        seats with these options (defaults filled in); ``NotImplementedError`` for a game
        without tensors."""
        num_players = self.check_players(players)
        resolved = self.resolve_options(num_players, options)
        shape = self.state_type._observation_shape
        if shape is State._observation_shape:
            raise NotImplementedError(f"{self.name} has no observation tensor (no _observation_shape)")
        return shape(num_players, resolved)

    # ------------------------------------------------------------------ actions as integers

    @property
    def num_distinct_actions(self) -> int:
        """The size of the fixed integer action space."""
        return self.action_space.size

    def encode(self, action: Action) -> int:
        """The stable integer id of ``action``."""
        return self.action_space.encode(action)

    def decode(self, action_id: int) -> Action:
        """The action with integer id ``action_id``."""
        return self.action_space.decode(action_id)

    def parse_action(self, text: str, state: S | None = None) -> Action:
        """The action whose ``str()`` is ``text`` (case, spacing and spaces around commas aside):
        ``game.parse_action(str(action)) == action`` for every action of the game.

        With ``state``, its legal action of that text is returned (or, when none is, the game's
        action, which ``state.apply`` refuses by rule). Text that is no action of the game is a
        ``ValueError`` naming it and suggesting the closest texts (of ``state``'s legal actions,
        when given). The first parse without a state indexes the game's action space once.
        """
        return self._notation.parse(text, state)

    # ------------------------------------------------------------------ saving and records

    def state_to_dict(self, state: S) -> dict[str, Any]:
        """The JSON-ready dict of ``state`` (see :meth:`State.to_dict`), with its format version."""
        self._check_state(state)
        data: dict[str, Any] = {"game": self.name, "format": SAVE_FORMAT}
        data.update(self.converter.unstructure(state, self.state_type))
        return data

    def state_from_dict(self, data: Mapping[str, Any], *, verify: bool = True) -> S:
        """The state saved by ``to_dict``; a ``ValueError`` naming what is wrong otherwise.

        A save is refused unless it is of this game and format, has every key, holds this
        game's options exactly as ``resolve_options`` gives them, passes the game's own checks,
        and (unless it is ``determinized``) is the state its record replays to.

        ``verify=False`` is for trusted data only (saves this program wrote itself, states sent
        between its own processes): the replay is skipped, so loading no longer costs time in
        proportion to the history, and everything else above is still checked. A save edited
        by hand in a way those checks cannot see (a card moved between two hidden places, the
        rng's state) then loads as edited; with the default nothing edited loads.

        A save marked ``determinized`` (a :meth:`State.determinize` guess or a state played on
        from one) has no record to replay: its hidden parts were invented. It is checked by the
        game's own rules only, with either ``verify``, so an edit those rules cannot see loads
        as edited, as with ``verify=False``; the loaded state stays determinized (its
        ``record()`` refuses). Load determinized saves from trusted sources only.
        """
        if type(verify) is not bool:  # a truthy 1 or "no" must not choose the trusted path by accident
            raise ValueError(f"verify must be True or False, got {shown(verify)}")
        self._check_header(data)
        again = self._replay_save(data) if verify else None
        if again is not None and _saves_exactly(again, data):
            return again
        fields = dict(data)  # (the header checked: both keys are there)
        del fields["game"], fields["format"]
        try:
            state = self.converter.structure(fields, self.state_type)
        except Exception as error:
            raise ValueError(f"malformed {self.name} state: {describe_error(error)}") from None
        if not self.min_players <= state.num_players <= self.max_players:
            raise ValueError(
                f"inconsistent {self.name} state: num_players is {state.num_players}, "
                f"outside {self.min_players}..{self.max_players}"
            )
        self._check_saved_outcome(state)
        try:  # the game's own checks first: they name what is wrong most precisely
            state._validate()
        except (ValueError, LookupError, TypeError) as error:
            raise ValueError(f"inconsistent {self.name} state: {error}") from None
        self._check_saved_options(state.options, state.num_players)
        if verify and not state.determinized:  # a determinized state's parts were invented: no record
            self._check_replays(state, data, again)
        return state

    def _check_saved_outcome(self, state: S) -> None:
        """Refuse a loaded outcome that does not fit the table: one score per seat, winners
        distinct seats (a finished save cut short would load, then fail in ``scores()``)."""
        outcome = state.outcome
        if outcome is None:
            return
        seats = state.num_players
        if len(outcome.scores) != seats:
            raise ValueError(
                f"inconsistent {self.name} state: outcome.scores has {len(outcome.scores)} entries "
                f"for {seats} seats"
            )
        if len(set(outcome.winners)) != len(outcome.winners) or not all(
            0 <= seat < seats for seat in outcome.winners
        ):
            raise ValueError(
                f"inconsistent {self.name} state: outcome.winners {list(outcome.winners)} are not "
                f"distinct seats of 0..{seats - 1}"
            )

    def _check_state(self, state: object) -> None:
        """Refuse what is no state of this game (None, another game's state) by name: it would
        fail on a missing attribute, or be saved under this game's name."""
        if not isinstance(state, self.state_type):
            raise ValueError(f"{shown(state):.80} is not a {self.name} state")

    def _check_header(self, data: Mapping[str, Any]) -> None:
        """Refuse ``data`` unless it is a mapping saved by this game in this format."""
        if not isinstance(data, Mapping):
            raise ValueError(f"a saved {self.name} state must be a mapping, got {type(data).__name__}")
        if data.get("game") != self.name:
            raise ValueError(
                f"this is not a saved {self.name} state: its 'game' is {shown(data.get('game'))}"
            )
        version = data.get("format")
        if type(version) is not int or version != SAVE_FORMAT:
            found = "has no 'format'" if "format" not in data else f"is format {shown(version)}"
            raise ValueError(f"this {self.name} save {found}; this tabletop reads format {SAVE_FORMAT}")

    def _replay_save(self, data: Mapping[str, Any]) -> S | None:
        """The state ``data``'s history replays to from its seed and options as they stand in
        it, or ``None`` if they are not plainly there or do not replay (the full load then names
        what is wrong).

        When ``data`` is exactly that state's save (:func:`_saves_exactly`), that state is what
        the full load would return: a state a legal replay reaches passes the game's checks and
        holds resolved options. So an exact save is loaded without structuring it or comparing
        it key by key, and any other is refused or accepted by the full load as before.
        """
        if type(data) is not dict or data.get("determinized") is not False:
            return None
        players, seed, options, history = (
            data.get(key) for key in ("num_players", "seed", "options", "history")
        )
        if type(players) is not int or type(seed) is not int or type(options) is not dict:
            return None
        if type(history) is not list:
            return None
        try:
            actions = [self.converter.structure(item, Action) for item in history]
            return self._replay(players, seed, options, actions, "history")
        except Exception:  # whatever is wrong, the full load reports it as it always has
            return None

    def _check_saved_options(self, options: dict[str, Any], num_players: int) -> None:
        """Refuse saved options that are not exactly what ``resolve_options`` makes of them."""
        try:
            resolved = self.resolve_options(num_players, options)
        except ValueError as error:
            raise ValueError(f"inconsistent {self.name} state: options: {error}") from None
        missing = [name for name in resolved if name not in options]
        if missing:
            raise ValueError(f"inconsistent {self.name} state: options lack {', '.join(map(repr, missing))}")
        for name, value in resolved.items():
            if not same_types(options[name], value) or options[name] != value:
                raise ValueError(
                    f"inconsistent {self.name} state: option {name}={options[name]!r} is not valid"
                )

    def _check_replays(self, state: S, data: Mapping[str, Any], again: S | None = None) -> None:
        """Refuse ``state`` unless replaying its history from its seed gives it exactly
        (``again``, when that replay has been made already)."""
        if again is None:
            try:
                again = self._replay(state.num_players, state.seed, state.options, state.history, "history")
            except ValueError as error:
                raise ValueError(f"inconsistent {self.name} state: {error}") from None
        replayed = again.to_dict()
        if replayed == data:  # the usual case: one comparison with the JSON as it came
            return
        # The JSON may spell int keys as strings or arrays as tuples: compare like with like.
        saved = state.to_dict()
        for key in saved:
            if saved[key] != replayed.get(key):
                raise ValueError(
                    f"inconsistent {self.name} state: {key!r} is not what its history replays to "
                    f"(saved {_short(saved[key])}, replayed {_short(replayed.get(key))})"
                )

    def action_to_dict(self, action: Action) -> dict[str, Any]:
        """An action as JSON-ready data with its ``"type"``; ``ValueError`` for what is no action
        of this game (its fields are saved as they are: ``state.apply`` is what checks them)."""
        if type(action) not in self.action_types:
            raise ValueError(f"{shown(action):.80} is not an action of {self.name}")
        data: dict[str, Any] = self.converter.unstructure(action, Action)
        return data

    def action_from_dict(self, data: Any) -> Action:
        """The action saved by :meth:`action_to_dict`; ``ValueError`` naming what is wrong."""
        try:
            return self.converter.structure(data, Action)
        except Exception as error:
            raise ValueError(f"malformed {self.name} action {shown(data)}: {describe_error(error)}") from None

    def record(self, state: S) -> dict[str, Any]:
        """What it takes to replay ``state``: game, players, seed, options and the actions.

        A determinized state has no record (``ValueError``): its hidden parts were invented.
        """
        self._check_state(state)
        if state.determinized:
            raise ValueError(
                f"a determinized {self.name} state has no record: its hidden parts were invented "
                "by determinize, so no seed and list of actions lead to it"
            )
        return {
            "game": self.name,
            "players": state.num_players,
            "seed": state.seed,
            "options": dict(state.options),
            "actions": [self.action_to_dict(action) for action in state.history],
        }

    def replay(self, record: Mapping[str, Any], *, observe: Observer[S] | None = None) -> S:
        """The state a record describes, rebuilt by replaying its actions from the seed.

        ``observe(number, state, action)``, if given, sees each action before it is applied
        (the command line prints the game with it). A record without ``options`` uses the
        defaults; every other key is required, and each error is a ``ValueError`` naming it.
        """
        if not isinstance(record, Mapping):
            raise ValueError(f"a {self.name} record must be a mapping, got {type(record).__name__}")
        if observe is not None and not callable(observe):  # else a TypeError at the first action
            raise ValueError(f"observe must be a function (number, state, action), got {shown(observe):.80}")
        if record.get("game") != self.name:
            raise ValueError(f"this is not a {self.name} record: its 'game' is {shown(record.get('game'))}")
        for key in ("players", "seed", "actions"):
            if key not in record:
                raise ValueError(f"the {self.name} record has no {key!r}")
        options = record.get("options", {})
        if not isinstance(options, Mapping) or not all(isinstance(name, str) for name in options):
            raise ValueError(
                f"the record's 'options' must be a mapping of option names, got {shown(options)}"
            )
        actions = record["actions"]
        if not isinstance(actions, list):
            raise ValueError(f"the record's 'actions' must be a list, got {type(actions).__name__}")
        seed = as_int(record["seed"])
        if seed is None:  # None would draw a random seed
            raise ValueError(f"the record's 'seed': seed must be an int, got {shown(record['seed'])}")
        try:
            players = self.check_players(record["players"])  # None would mean the minimum
        except ValueError as error:
            raise ValueError(f"the record's 'players': {error}") from None
        try:
            self.resolve_options(players, options)
        except ValueError as error:
            raise ValueError(f"the record's 'options': {error}") from None
        return self._replay(players, seed, options, actions, "actions", observe)

    def replay_html(self, record: Mapping[str, Any], seat: int | None = None) -> str:
        """The replay of ``record`` as one self-contained HTML page, drawn as ``seat`` sees it
        (``None``: a spectator): every position's picture with the action that led to it,
        buttons, arrow keys and a slider, and the final result (see :mod:`tabletop.viewer`)."""
        from ..viewer import replay_html  # the viewer builds on the kernel, not the other way

        return replay_html(self, record, seat)

    def _replay(
        self,
        players: int,
        seed: int,
        options: Mapping[str, Any],
        actions: Sequence[Any],
        key: str,
        observe: Observer[S] | None = None,
    ) -> S:
        """A new game with ``actions`` (saved dicts or actions) applied in turn; a
        ``ValueError`` naming ``key``, the action's number and why, at the first that fails."""
        state = self.new_game(players=players, seed=seed, **options)
        for number, item in enumerate(actions):
            try:
                action = item if isinstance(item, Action) else self.action_from_dict(item)
            except ValueError as error:
                raise ValueError(f"the record's {key!r}[{number}]: {error}") from None
            if observe is not None:
                observe(number, state, action)
            try:
                state.apply(action)
            except IllegalAction as error:
                what = "record action" if key == "actions" else f"{key} action"
                raise ValueError(f"{what} #{number} ({_describe(action)}) is illegal: {error}") from None
        return state


def _saves_exactly(state: State, data: Mapping[str, Any]) -> bool:
    """Whether ``data`` is ``state.to_dict()`` in every value and type: ``==`` takes 1.0 and
    True for 1, and the JSON texts tell them apart; a save read from a JSON file spells int
    keys as strings, as the JSON text of the state does."""
    try:
        saved = state.to_dict()
        text = json_text(saved)
        return text == json_text(data) and (saved == data or json.loads(text) == data)
    except Exception:  # a value JSON does not hold: not a save as to_dict writes them
        return False


def _describe(action: Action) -> str:
    """``str(action)``, or its repr when the game cannot print its impossible values."""
    try:
        return str(action)
    except Exception:
        return repr(action)


def _short(value: Any, limit: int = 120) -> str:
    text = repr(value)
    return text if len(text) <= limit else text[: limit - 3] + "..."


#: The version of the save format ``to_dict`` writes and ``state_from_dict`` reads.
SAVE_FORMAT = 1

Observer = Callable[[int, S, Action], None]


__all__ = ["SAVE_FORMAT", "Game", "Option", "Outcome"]
