"""The state of one game in progress: the contract every game's state fulfils.

A game subclasses :class:`State` as a mutable attrs class and writes the rules as the
underscore hooks (``_legal_actions``, ``_apply``, ...). The base class supplies the public
contract around them: refusal of illegal actions before anything changes, history, ``child``,
integer action ids, saving and records.
"""

from __future__ import annotations

import abc
import inspect
import types
from collections.abc import Callable, Mapping, Sequence
from typing import TYPE_CHECKING, Any, ClassVar, TypeVar, cast

import attrs

from .actions import (
    Action,
    IllegalAction,
    field_names,
    find_listed,
    intact,
    mark_listed,
    same_types,
    unchanged,
)
from .describe import shown
from .integers import as_int
from .outcome import Outcome
from .rng import Rng
from .scoring import ScoreSheet

if TYPE_CHECKING:
    from .game import Game

S = TypeVar("S", bound="State")

#: Field metadata marking caches that are neither saved nor compared.
TRANSIENT = "tabletop.transient"

F = TypeVar("F", bound=Callable[..., Any])


def as_method(function: F) -> F:
    """A rule function taking the state first (``legal_actions(state)``, ``apply(state, action)``)
    as a hook of the state's class: ``_legal_actions = as_method(legal.legal_actions)``.

    A Python function is returned as it is (it binds as a method; no call in between). A function
    of the compiled build (mypyc) is not a descriptor and would not bind, so it is wrapped.
    """
    if isinstance(function, types.FunctionType):
        return function
    plain = (inspect.Parameter.POSITIONAL_ONLY, inspect.Parameter.POSITIONAL_OR_KEYWORD)
    try:
        parameters = inspect.signature(function).parameters.values()
        fixed = all(p.kind in plain and p.default is p.empty for p in parameters)
        arity = len(parameters) if fixed else 0  # 0: any arguments
    except (TypeError, ValueError):  # no signature to read: any arguments
        arity = 0
    method: Callable[..., Any]
    # A wrapper of the function's own arity: packing arguments into a tuple cost ~1% of a 7
    # Wonders Duel decision in the compiled build.
    if arity == 1:

        def method(self: State) -> Any:
            return function(self)

    elif arity == 2:

        def method(self: State, argument: Any) -> Any:
            return function(self, argument)

    else:

        def method(self: State, *args: Any, **kwargs: Any) -> Any:
            return function(self, *args, **kwargs)

    method.__doc__ = function.__doc__
    return cast(F, method)


@attrs.define(slots=True, kw_only=True, eq=False)
class State(abc.ABC):
    """A game in progress. Mutable: ``apply`` changes it; ``clone`` and ``child`` copy it."""

    if TYPE_CHECKING:  # declared for type checkers only: a runtime annotation could not resolve
        #: The rules object this state belongs to; set by :class:`~tabletop.core.game.Game`.
        game: ClassVar[Game[Any]]

    num_players: int
    seed: int
    options: dict[str, Any]
    rng: Rng
    history: list[Action] = attrs.field(factory=list)
    outcome: Outcome | None = None
    #: True for a state made by :meth:`determinize` (and its descendants): its hidden parts
    #: were invented, so no seed and list of actions lead to it and it has no :meth:`record`.
    #: False for every real game.
    determinized: bool = False
    #: The cached legal actions of the pending decision. A game may set it at the end of
    #: ``_apply`` when it has computed the next decision's list anyway, and a clone may share
    #: it: the list is replaced, never mutated.
    _legal: list[Action] | None = attrs.field(
        default=None, init=False, repr=False, metadata={TRANSIENT: True}
    )

    # ------------------------------------------------------------------ the rules (per game)

    @property
    @abc.abstractmethod
    def current_player(self) -> int | None:
        """The seat that must decide now; ``None`` once the game is over."""

    @property
    @abc.abstractmethod
    def decision(self) -> str:
        """A short name for what is being decided now (``"turn"``, ``"discard_tokens"``...)."""

    @abc.abstractmethod
    def _legal_actions(self) -> list[Action]:
        """Every legal action for the pending decision (empty once terminal)."""

    @abc.abstractmethod
    def _apply(self, action: Action) -> None:
        """Carry out a legal action, including the chance events it triggers."""

    @abc.abstractmethod
    def clone(self: S) -> S:
        """An independent copy, cheap enough for tree search."""

    @abc.abstractmethod
    def scores(self) -> list[ScoreSheet]:
        """The current score breakdown of every seat: points per category and ``"total"``."""

    def evaluation(self) -> Sequence[float]:
        """Per seat, the points a look-ahead agent weighs while the game is on: the score totals,
        unless the game gives its own measure (one whose score says nothing before the end, as
        Dozen War's Engage, does)."""
        return [sheet["total"] for sheet in self.scores()]

    @abc.abstractmethod
    def _observation(self, seat: int) -> dict[str, Any]:
        """What ``seat`` may know, as JSON-ready data (``seat`` is already checked)."""

    @abc.abstractmethod
    def _resample(self, seat: int) -> None:
        """Redeal, in place and with ``self.rng``, everything ``seat`` cannot see, consistently
        with what it has seen (called on a fresh clone by :meth:`determinize`).

        Canonically: the redeal starts from an order that depends only on what ``seat`` sees
        (sort the unseen cards before shuffling them), never from the true order, and every
        field it leaves alone follows from ``observation(seat)``; so a determinized state
        depends only on ``observation(seat)`` and the seed, as the contract tests check.
        """

    def _validate(self) -> None:
        """Raise ``ValueError`` naming what is wrong if a loaded state breaks the game's
        invariants (a card in two places, tokens that do not add up, a seat out of range).

        ``state_from_dict`` calls it after the structure has loaded; the default checks nothing.
        """
        return None  # a hook with a default, not an abstract method

    def _why_illegal(self, action: Action) -> str:
        """Which rule forbids ``action`` now; games override this to name the rule exactly."""
        return f"{action} is not one of the legal actions for the {self.decision!r} decision"

    def render(self) -> str:
        """The state as text a person can read at the table."""
        return repr(self)

    def _svg(self, seat: int | None) -> str:
        """The table drawn as SVG for ``seat`` (``None``: a spectator), from what it may know.

        Games override this (``svg.draw(self, seat)``); the default draws the public status
        and, for a seat, its observation as text.
        """
        from .svg import text_picture

        lines = self._view_lines(seat)
        return text_picture(lines, title=f"{self.game.title}: {lines[0]}")

    def _view_lines(self, seat: int | None) -> list[str]:
        """The public status line and, for a seat, each entry of its observation: what that seat
        may know, as lines of text (where a game draws nothing for it)."""
        lines = [self._status()]
        if seat is not None:
            lines += [f"{key}: {value}" for key, value in self.observation(seat).items()]
        return lines

    # A game gives its state both tensor hooks as static methods (``_encode_observation =
    # staticmethod(tensor.encode_observation)``): with no ``self`` to read, the encoder sees only
    # the observation, so nothing hidden can reach the tensor.
    @staticmethod
    def _encode_observation(view: dict[str, Any], seat: int) -> list[float]:
        """``view`` (what ``observation(seat)`` returned) as a flat list of floats, of the length
        ``_observation_shape`` gives; reads nothing but ``view`` and static component data."""
        raise NotImplementedError  # the public methods name the game

    @staticmethod
    def _observation_shape(num_players: int, options: Mapping[str, Any]) -> tuple[int, ...]:
        """The shape ``(n,)`` of every seat's observation tensor for this player count and
        resolved options."""
        raise NotImplementedError  # the public methods name the game

    # ------------------------------------------------------------------ the contract

    @property
    def is_terminal(self) -> bool:
        """Whether the game is over."""
        return self.outcome is not None

    def acting_seats(self) -> tuple[int, ...]:
        """Every seat that must still choose at this node, ``current_player`` among them;
        ``()`` once the game is over.

        By default only ``current_player``. A simultaneous game (every seat commits a hidden
        choice, asked one seat at a time) names every seat that has not committed yet, so an
        adapter can ask them all at once; the order of the asking never shows in what a seat
        observes.
        """
        seat = self.current_player
        return () if seat is None or self.outcome is not None else (seat,)

    @property
    def teams(self) -> tuple[tuple[int, ...], ...]:
        """The seats that win and lose together: every seat in exactly one team.

        By default every seat is a team of its own; a team game overrides this (from its rules
        and options: it is never saved). A team game lists every member of the winning team in
        ``outcome.winners``.
        """
        return tuple((seat,) for seat in range(self.num_players))

    def team_of(self, seat: int) -> tuple[int, ...]:
        """The team ``seat`` belongs to: its members, ``seat`` among them."""
        seat = self._check_seat(seat)
        for team in self.teams:
            if seat in team:
                return team
        raise ValueError(f"seat {seat} is in none of the teams {self.teams}")

    def legal_actions(self) -> list[Action]:
        """The legal actions for the pending decision; never empty before the end."""
        legal = self._legal
        if legal is None:
            legal = self._legal = [] if self.outcome is not None else self._legal_actions()
        # No pass over them: every action keeps its field values from when it was made (see
        # core.actions.snapshot), which apply's fast path compares with.
        return legal.copy()

    def apply(self, action: Action) -> None:
        """Carry out ``action``; an illegal one raises :class:`IllegalAction` and changes nothing.

        The state carries out its own legal action equal to ``action``: equal in value and in
        the exact type of every field (a float or a bool is never taken for an int).
        """
        legal = self._legal
        if legal is None:
            legal = self._legal = [] if self.outcome is not None else self._legal_actions()
        for candidate in legal:  # the fast path: agents pass one of these objects, unchanged
            if candidate is action:
                try:
                    then = action._tabletop_listed
                except AttributeError:  # never handed to a caller: not the fast path
                    action = self._own_equal(action)
                    break
                now = action._tabletop_fields
                if now is not then and not unchanged(now, then):
                    action = self._own_equal(action)
                break
        else:
            action = self._own_equal(action)
        self._legal = None
        self._apply(action)
        self.history.append(action)

    def _own_equal(self, action: object) -> Action:
        """This state's legal action equal to ``action`` (in value and in the exact type of each
        field); otherwise ``IllegalAction`` naming what is wrong (the action's type, a field, or
        the rule), the state unchanged."""
        if self.outcome is not None:
            raise IllegalAction(f"the game is over ({self.outcome.reason}); no action is legal")
        legal = self._legal
        assert legal is not None
        mark_listed(legal)  # the one found goes into the history, where callers reach it
        spoiled: set[int] = set()  # listed objects changed in place since they were listed
        index = find_listed(legal, action)
        while index is not None:
            candidate = legal[index]
            if not intact(candidate):
                # Changed behind the state's back: list the legal actions afresh, without it (a
                # game may list the same object again), and keep none of it as the cache.
                spoiled.add(id(candidate))
                self._legal = None
                legal = self._legal_actions()
                mark_listed(legal)
                index = find_listed(legal, action, spoiled)
                continue
            if all(same_types(getattr(action, f), getattr(candidate, f)) for f in field_names(type(action))):
                return candidate
            break  # equal but of another type (2.0 for 2): refused below, naming the field
        misfit = self.game.action_space.why_not(action)
        if misfit is not None:
            # Ill-typed values never reach the game's rules; a well-typed value outside the
            # domain may still get the rule's own words ("never gold") after the kernel's.
            rule = self._explain(action) if misfit.typed and isinstance(action, Action) else None
            raise IllegalAction(misfit.reason if rule is None else f"{misfit.reason}: {rule}")
        assert isinstance(action, Action)
        if index is not None:  # the action space allows either type: still not the legal one
            raise IllegalAction(f"{action!r} differs in a field's type from the legal {legal[index]!r}")
        raise IllegalAction(self._explain(action) or self._generic_refusal(action))

    def _explain(self, action: Action) -> str | None:
        """The game's own reason for refusing ``action``, or ``None`` if it gives none or its
        explanation fails (a bug the fuzz test reports, but never a crash in the caller's face)."""
        try:
            reason = self._why_illegal(action)
        except Exception:
            return None
        if not isinstance(reason, str) or not reason or reason == self._generic_refusal(action):
            return None
        return reason

    def _generic_refusal(self, action: Action) -> str:
        try:
            return State._why_illegal(self, action)
        except Exception:  # a game's str() of an action with impossible values
            return f"{action!r} is not one of the legal actions for the {self.decision!r} decision"

    def observation(self, seat: int) -> dict[str, Any]:
        """What ``seat`` may know, as JSON-ready data: hidden information removed.

        Two states that differ only in what ``seat`` cannot see give equal observations.
        """
        seat = self._check_seat(seat)
        return self._observation(seat)

    def observation_tensor(self, seat: int) -> list[float]:
        """``observation(seat)`` as a flat list of floats of length ``observation_shape[0]``
        (pure Python; adapters make arrays of it). Computed from the observation alone, so
        nothing hidden leaks and equal observations give equal tensors."""
        seat = self._check_seat(seat)
        encode = type(self)._encode_observation
        if encode is State._encode_observation:
            raise NotImplementedError(f"{self.game.name} has no observation tensor (no _encode_observation)")
        tensor = encode(self._observation(seat), seat)  # the seat is checked above
        (size,) = self.observation_shape
        if len(tensor) != size:
            raise ValueError(
                f"{self.game.name}'s observation tensor for seat {seat} has {len(tensor)} entries, "
                f"not the {size} of its observation_shape"
            )
        return tensor

    @property
    def observation_shape(self) -> tuple[int, ...]:
        """The shape of this game's observation tensors: ``game.observation_shape`` for this
        state's player count and options."""
        shape = type(self)._observation_shape
        if shape is State._observation_shape:
            raise NotImplementedError(f"{self.game.name} has no observation tensor (no _observation_shape)")
        return shape(self.num_players, self.options)

    def legal_action_mask(self) -> list[int]:
        """A list of ``game.num_distinct_actions`` 0/1 ints: 1 exactly at :meth:`legal_action_ids`."""
        mask = [0] * self.game.num_distinct_actions
        encode = self.game.encode
        for action in self.legal_actions():
            mask[encode(action)] = 1
        return mask

    def determinize(self: S, seat: int, seed: int) -> S:
        """A full state consistent with ``observation(seat)``: what ``seat`` cannot see is
        resampled and the rng reseeded, both from ``seed`` (for information-set search).

        It depends only on ``observation(seat)`` and ``seed``: two states that look the same to
        ``seat`` give equal determinized states (equal ``to_dict()``). So nothing of the true
        game may survive in it: its ``seed`` is ``seed``, its ``history`` is empty (the true
        actions would replay the true deck order, and in a simultaneous game they hold the other
        seats' hidden choices) and ``determinized`` is true, so its :meth:`record` refuses.
        The mover's legal actions are the same as here when ``seat`` is the mover, and a list
        this state has made of them is reused rather than made again (a search determinizes
        every iteration): :meth:`forget_legal_actions` makes the guess list them itself.
        """
        seat = self._check_seat(seat)
        number = as_int(seed)
        if number is None:
            raise ValueError(f"seed must be an int, got {shown(seed)}")
        seed = number  # as new_game: a numpy integer or an IntEnum is kept as its plain value
        new = self.clone()
        new.seed = seed
        new.history = []
        new.determinized = True
        new.rng = Rng.from_seed(seed)
        new._legal = None  # computed for the true hidden cards, not the resampled ones
        new._resample(seat)
        if seat == self.current_player:
            # The mover's legal actions are part of what it knows (the same in every state it
            # cannot tell from this one): a search asking them of each guess reuses this list.
            new._legal = self._legal
        return new

    def _check_seat(self, seat: int) -> int:
        """``seat`` as a plain int (a numpy integer is one); ``ValueError`` if it is no seat."""
        number = as_int(seat)
        if number is None or not 0 <= number < self.num_players:
            raise ValueError(f"seat must be an int in [0, {self.num_players}), got {shown(seat)}")
        return number

    def forget_legal_actions(self) -> None:
        """Drop the cached legal actions: call it after editing a state's fields by hand."""
        self._legal = None

    def child(self: S, action: Action) -> S:
        """A new state with ``action`` applied; this one is untouched."""
        new = self.clone()
        new.apply(action)
        return new

    def legal_action_ids(self) -> list[int]:
        """The sorted integer ids of :meth:`legal_actions`."""
        encode = self.game.encode
        return sorted(encode(action) for action in self.legal_actions())

    def returns(self) -> tuple[float, ...]:
        """Per seat: the game's result as a number, by team (0 for everyone until the end).

        +1 for every member of a winning team and -1 for every other seat; 0 for everyone in a
        draw or when every team wins. Members of one team always get equal returns.
        """
        if self.outcome is None:
            return (0.0,) * self.num_players
        return self.outcome.team_returns(self.teams)

    def to_dict(self) -> dict[str, Any]:
        """The whole truth as JSON-ready data; ``game.state_from_dict`` restores it exactly."""
        return self.game.state_to_dict(self)

    def record(self) -> dict[str, Any]:
        """``{game, players, seed, options, actions}``; ``game.replay`` rebuilds this state.

        A determinized state has none: ``ValueError``.
        """
        return self.game.record(self)

    def parse_action(self, text: str) -> Action:
        """The action whose ``str()`` is ``text``: this state's legal one when there is one
        (``game.parse_action(text, state)``; ``ValueError`` with suggestions for unknown text)."""
        return self.game.parse_action(text, self)

    def svg(self, seat: int | None = None) -> str:
        """The table drawn as an SVG document, as ``seat`` sees it: nothing hidden from that seat
        is drawn. ``None`` draws it for a spectator: public information only."""
        if seat is not None:
            seat = self._check_seat(seat)
        return self._svg(seat)

    def _status(self) -> str:
        """Who decides what now, or how the game ended: one public line."""
        if self.outcome is not None:
            winners = ", ".join(map(str, self.outcome.winners)) or "nobody (a draw)"
            return f"game over ({self.outcome.reason}): won by seat {winners}"
        return f"seat {self.current_player} to decide: {self.decision}"

    def __str__(self) -> str:
        return self.render()

    def _repr_svg_(self) -> str:
        """The spectator's picture, for notebooks."""
        return self.svg()

    def _repr_html_(self) -> str:
        """The spectator's picture and the status line, for notebooks."""
        import html

        return f"<div>{self.svg()}<p>{html.escape(self._status())}</p></div>"

    def __eq__(self, other: object) -> bool:
        if type(other) is not type(self):
            return NotImplemented
        return self.to_dict() == other.to_dict()

    __hash__ = None  # type: ignore[assignment]

    def __copy__(self: S) -> S:
        """``copy.copy(state)``: an independent copy, as :meth:`clone`. A field-by-field copy
        would share the board, hands and history with this state, so that playing either would
        change both."""
        return self.clone()

    def __deepcopy__(self: S, memo: dict[int, Any]) -> S:
        """``copy.deepcopy(state)``: an independent copy, as :meth:`clone` (which shares only
        values never changed in place)."""
        return self.clone()

    def _bare_clone(self: S) -> S:
        """A new state of this type holding copies of this one's base fields (options are never
        changed in place, so they are shared) and its listed legal actions (a list never changed
        in place), for a game's ``clone`` to add its own fields to. Made without ``__init__``:
        search clones on every node, and a keyword call of a few dozen fields costs more than
        the copies themselves. A clone made so must set every field (the contract test checks)."""
        new = object.__new__(type(self))
        new.num_players = self.num_players
        new.seed = self.seed
        new.options = self.options
        new.rng = self.rng.copy()
        new.history = self.history.copy()
        new.outcome = self.outcome
        new.determinized = self.determinized
        new._legal = self._legal
        return new

    def _copy_base(self) -> dict[str, Any]:
        """The base fields, copied as :meth:`_bare_clone` copies them, as keyword arguments for a
        ``clone`` that builds its state through ``__init__``."""
        return {
            "num_players": self.num_players,
            "seed": self.seed,
            "options": self.options,
            "rng": self.rng.copy(),
            "history": self.history.copy(),
            "outcome": self.outcome,
            "determinized": self.determinized,
        }
