"""The state of a 7 Wonders game: its data fields and the contract block, delegating to the rule
modules.

Cities are indexed like seats; with 2 players a third city, the Free City, has index 2 and is
run by the seat holding the Free City card (``holder``). Seats sit clockwise in index order:
a city's left neighbour is the next index round the table (the rulebook's "left", where Age I
hands go).
"""

from __future__ import annotations

from typing import Any

import attrs

from tabletop.core import Action, Hands, ScoreSheet, Simultaneous, State
from tabletop.core.state import TRANSIENT, as_method

from . import effects, hidden, invariants, legal, refusals, scoring, svg, tensor, text
from .city import CityView, derive
from .trading import Market

_transient = {TRANSIENT: True}


@attrs.define(slots=True, kw_only=True, eq=False)
class SevenWondersState(State):
    """A 7 Wonders game in progress."""

    #: The current Age (1-3) and turn within it (1-6).
    age: int
    turn: int
    #: Per city: its wonder board's name and side ("A" or "B").
    boards: list[str]
    sides: list[str]
    coins: list[int]
    #: Per city: the structures built, by card id, in order.
    built: list[tuple[str, ...]]
    #: Per city: the cards tucked under its built wonder stages, in stage order.
    tucked: list[tuple[str, ...]]
    #: Per city and tucked card: the seats that know it (a bit per seat).
    tucked_known: list[tuple[int, ...]]
    #: Per city: its military tokens (+1/+3/+5 victories, -1 defeats).
    tokens: list[tuple[int, ...]]
    #: The hand each seat holds, and what each seat has seen of each hand.
    hands: Hands
    #: The turn's hidden choices, keyed by city.
    choices: Simultaneous
    #: The face-down discard pile (one for the whole game), and per card the seats that know it.
    discard: list[str]
    discard_known: list[int]
    #: The decks of Ages I-III not yet dealt (a dealt Age's deck is empty).
    decks: list[list[str]]
    #: Cards out of this game: those marked for more players and the guilds not drawn.
    box: list[str]
    #: 2 players: the Free City's face-down pile; the seat holding the Free City card.
    pile: list[str]
    holder: int
    #: Per city: the Age in which Olympia's free build was last used (0: never).
    olympia_used: list[int]
    #: Decisions still owed after the turn, in order: ("seventh_card" | "build_from_discard", city).
    queue: list[tuple[str, int]]

    # Derived from the cities, rebuilt on load; clone shares them (they are immutable).
    views: list[CityView] = attrs.field(factory=list, metadata=_transient)
    markets: list[Market | None] = attrs.field(factory=list, metadata=_transient)

    def __attrs_post_init__(self) -> None:
        if not self.views:
            try:
                self.refresh()
            except (LookupError, TypeError, ValueError, AttributeError):
                return  # a save naming unknown components: _validate says which

    def refresh(self) -> None:
        """Rebuild every city's derived view (after loading or editing cities by hand)."""
        self.views = [
            derive(board, side, built, len(tucked))
            for board, side, built, tucked in zip(self.boards, self.sides, self.built, self.tucked)
        ]
        self.markets = [None] * len(self.boards)

    # ------------------------------------------------------------------ cities and seats

    @property
    def num_cities(self) -> int:
        """How many cities are at the table (3 with 2 players: the Free City joins)."""
        return len(self.boards)

    def left_of(self, city: int) -> int:
        """The city to the left of ``city`` (where Age I hands go)."""
        return (city + 1) % len(self.boards)

    def right_of(self, city: int) -> int:
        """The city to the right of ``city``."""
        return (city - 1) % len(self.boards)

    def controller(self, city: int) -> int:
        """The seat deciding for ``city``: its own seat, or the Free City card's holder."""
        return city if city < self.num_players else self.holder

    def market(self, city: int) -> Market:
        """The payment options of ``city`` this turn (cached until a city changes)."""
        found = self.markets[city]
        if found is None:
            views = self.views
            cities = len(views)
            # trading.market written out: with 2 players half the decisions make a new market.
            found = self.markets[city] = Market(
                views[city].production,
                views[(city + 1) % cities].production,
                views[(city - 1) % cities].production,
                city < self.num_players,
            )
        return found

    @property
    def deciding_city(self) -> int | None:
        """The city the current decision is for (None once the game is over)."""
        if self.outcome is not None:
            return None
        if self.queue:
            return self.queue[0][1]
        return self.turn_city()

    def turn_city(self) -> int:
        """The city choosing now during a turn (no decision owed after it is pending)."""
        waiting = self.choices.waiting
        first = waiting[0]
        # With more players each city is its own seat's, and waiting is sorted. With 2 the
        # lowest seat with a city waiting decides, for the first of its cities waiting (the
        # Free City, index 2, is the holder's): seat 0's own city when it waits, the Free City
        # when it is all that waits or seat 0 holds it, else seat 1's city.
        if first == 0 or self.num_players > 2:
            return first
        if first == 2 or (self.holder == 0 and waiting[-1] == 2):
            return 2
        return 1

    # ------------------------------------------------------------------ the contract

    @property
    def current_player(self) -> int | None:
        """The lowest seat that still has to choose (None once the game is over)."""
        city = self.deciding_city
        return None if city is None else self.controller(city)

    def acting_seats(self) -> tuple[int, ...]:
        """Every seat that still has to choose at this node: all seats yet to commit during a
        turn, else the one seat owing a decision."""
        if self.outcome is not None:
            return ()
        if self.queue:
            return (self.controller(self.queue[0][1]),)
        return tuple(sorted({self.controller(city) for city in self.choices.waiting}))

    @property
    def decision(self) -> str:
        """``turn``, ``free_city`` (2 players: the holder's pick for the Free City),
        ``seventh_card`` (Babylon B), ``build_from_discard`` (Halikarnassos), or ``over``."""
        if self.outcome is not None:
            return "over"
        if self.queue:
            return self.queue[0][0]
        city = self.deciding_city
        return "free_city" if city is not None and city >= self.num_players else "turn"

    # The rule modules' functions are the hooks themselves: one Python call fewer per decision.
    _legal_actions = as_method(legal.legal_actions)
    _apply = as_method(effects.apply_action)

    def _why_illegal(self, action: Action) -> str:
        return refusals.why_illegal(self, action)

    def _validate(self) -> None:
        """Refuse a loaded state the rules cannot reach (see :mod:`.invariants`)."""
        invariants.check(self)
        # The views were derived when the loaded fields were set (__attrs_post_init__) unless a
        # component was unknown, which the checks above refuse: deriving them again was a third
        # of a trusted load.
        if not self.views:
            self.refresh()

    def scores(self) -> list[ScoreSheet]:
        """Each seat's points by score-pad row (see the package docstring), as if the game
        ended now."""
        return scoring.score_sheets(self)[: self.num_players]

    def clone(self) -> SevenWondersState:
        """An independent copy; components, views and markets are shared (immutable)."""
        new = self._bare_clone()  # field by field: search code clones on every node
        new.age = self.age
        new.turn = self.turn
        new.boards = self.boards
        new.sides = self.sides
        new.coins = self.coins.copy()
        new.built = self.built.copy()
        new.tucked = self.tucked.copy()
        new.tucked_known = self.tucked_known.copy()
        new.tokens = self.tokens.copy()
        new.hands = self.hands.copy()
        new.choices = self.choices.copy()
        new.discard = self.discard.copy()
        new.discard_known = self.discard_known.copy()
        new.decks = [deck.copy() for deck in self.decks]
        new.box = self.box
        new.pile = self.pile.copy()
        new.holder = self.holder
        new.olympia_used = self.olympia_used.copy()
        new.queue = self.queue.copy()
        new.views = self.views.copy()
        new.markets = self.markets.copy()
        return new

    # ------------------------------------------------------------------ hidden information

    def _observation(self, seat: int) -> dict[str, Any]:
        return hidden.observation(self, seat)

    def _resample(self, seat: int) -> None:
        hidden.resample(self, seat)

    _encode_observation = staticmethod(tensor.encode)
    _observation_shape = staticmethod(tensor.shape)

    def render(self) -> str:
        """The table as text, from the deciding seat's side (its hand only)."""
        return text.render(self, self.current_player)

    def _svg(self, seat: int | None) -> str:
        return svg.draw(self, seat)
