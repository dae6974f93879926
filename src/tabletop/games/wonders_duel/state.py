"""The state of a 7 Wonders Duel game: what changes during play, and the views of it.

Seat 0 drafts first and begins Age I (the rulebook's first player); seat 1 is the other. The conflict pawn
position is read from seat 0's side: positive values stand on seat 1's half of the track.
"""

from __future__ import annotations

from typing import Any

import attrs

from tabletop.core import Action, Layout, ScoreSheet, State, Track, TurnOrder
from tabletop.core.state import TRANSIENT, as_method

from . import effects, hidden, invariants, legal, refusals, scoring, svg, tensor, text
from .city import derive_city
from .decisions import DRAFT_WONDER, OVER, TURN
from .economy import CostBook

_transient = {TRANSIENT: True}


@attrs.define(slots=True, kw_only=True, eq=False)
class WondersDuelState(State):
    """A 7 Wonders Duel game in progress."""

    #: 0 during the Wonder draft, then the current Age (1-3).
    age: int
    #: Whose turn it is: ``turns.current`` drafts, plays a turn, or (at the start of Ages II
    #: and III) chooses who begins; an extra turn (Play Again) is ``turns.extra_turns``.
    turns: TurnOrder
    #: Sub-decisions still owed by the current seat, the last one first ("progress_token",
    #: "great_library", "mausoleum", "destroy:brown", "destroy:grey", "choose_starter").
    pending: list[str]
    #: How many Wonders have been drafted (0-8).
    draft_pick: int
    #: Face-down Wonders: not yet revealed during the draft, or never used.
    wonder_deck: list[str]
    #: The Wonders revealed and not yet drafted.
    wonder_offer: list[str]
    #: The current Age structure (None during the draft).
    structure: Layout | None
    #: The decks of Ages I-III not yet dealt (a dealt Age's deck is empty).
    decks: list[list[str]]
    #: Cards returned to the box unseen at setup (3 per Age and the 4 unused Guilds).
    box: list[str]
    #: The discard pile: cards discarded for coins and cards destroyed.
    discard: list[str]
    coins: list[int]
    #: Coins the (unlimited) bank has paid out, the starting coins included, and taken in:
    #: the players hold exactly the difference.
    bank_paid: int
    bank_received: int
    #: Buildings constructed, per seat, in order.
    cards: list[list[str]]
    #: Wonders owned and not yet built, per seat.
    wonders: list[list[str]]
    #: Wonders built, per seat, in order.
    built: list[list[str]]
    #: The Age card tucked under each built Wonder.
    tucked: dict[str, str]
    #: The Wonder returned to the box once seven are built.
    returned_wonders: list[str]
    #: Progress tokens owned, per seat.
    tokens: list[list[str]]
    #: Progress tokens face up on the board.
    board_tokens: list[str]
    #: Progress tokens set aside at setup (only The Great Library reaches them).
    set_aside: list[str]
    #: The three tokens drawn by The Great Library, while its owner chooses.
    library_offer: list[str]
    #: The two tokens The Great Library's owner saw and returned to the box.
    library_known: list[str]
    library_seat: int | None
    #: The red cards its owner had built when it took Strategy (None before): Strategy adds its
    #: shield to later red cards only, so this is what says where the pawn must stand.
    reds_before_strategy: int | None
    military: Track
    #: Military tokens still on the board.
    loot: list[str]

    # Derived from the cities, rebuilt on load; clone copies them.
    # The per-seat values below are immutable (tuples, frozensets) and replaced when they
    # change, which is rare, so a clone copies only the outer lists.
    #: Units of each resource produced by each seat's brown and grey cards.
    produce: list[tuple[int, ...]] = attrs.field(factory=lambda: [(0,) * 5, (0,) * 5], metadata=_transient)
    #: Each seat's choice productions: (raw-material choices, manufactured-goods choices).
    choice: list[tuple[int, int]] = attrs.field(factory=lambda: [(0, 0), (0, 0)], metadata=_transient)
    #: Per seat, a bit per resource that the seat buys at a fixed 1 coin.
    one_coin: list[int] = attrs.field(factory=lambda: [0, 0], metadata=_transient)
    #: Chain symbols shown in each seat's city.
    chains: list[frozenset[str]] = attrs.field(
        factory=lambda: [frozenset(), frozenset()], metadata=_transient
    )
    #: Yellow cards in each seat's city (discarding earns 2 + this).
    yellow: list[int] = attrs.field(factory=lambda: [0, 0], metadata=_transient)
    #: Per seat, the cost book of its economic situation (None: to be looked up).
    costs: list[CostBook | None] = attrs.field(factory=lambda: [None, None], metadata=_transient)
    #: Whether the fields above are already filled (a clone passes them).
    derived: bool = attrs.field(default=False, metadata=_transient)

    _encode_observation = staticmethod(tensor.encode_observation)
    _observation_shape = staticmethod(tensor.observation_shape)

    def __attrs_post_init__(self) -> None:
        if not self.derived:
            try:
                for seat in (0, 1):
                    derive_city(self, seat)
            except (LookupError, TypeError):
                return  # a save naming unknown components or seats: _validate says which
            self.derived = True

    # ------------------------------------------------------------------ the decision

    @property
    def open_slots(self) -> list[int]:
        """The structure slots whose card may be taken now, in slot order (a live view)."""
        structure = self.structure
        return structure.open if structure is not None else []

    @property
    def current_player(self) -> int | None:
        """The seat deciding now (``turns.current``); None once the game is over."""
        if self.outcome is not None:
            return None
        turns = self.turns  # turns.current, without a second property call: asked every step
        return turns.order[turns.position]

    @property
    def decision(self) -> str:
        """``draft_wonder``, ``turn``, ``progress_token``, ``great_library``, ``destroy``,
        ``mausoleum``, ``choose_starter``, or ``over``."""
        if self.outcome is not None:
            return OVER
        if self.age == 0:
            return DRAFT_WONDER
        if self.pending:
            return self.pending[-1].partition(":")[0]
        return TURN

    # The two hooks on every step are the rule functions themselves (each takes the state as
    # its first argument), which saves a call per decision over a delegating method.
    _legal_actions = as_method(legal.legal_actions)
    _apply = as_method(effects.apply_action)

    def _why_illegal(self, action: Action) -> str:
        return refusals.why_illegal(self, action)

    def _validate(self) -> None:
        """Refuse a loaded state the rules cannot reach (see :mod:`.invariants`)."""
        invariants.check(self)
        if not self.derived:  # unreachable once the ids and seats are known; kept for safety
            for seat in (0, 1):
                derive_city(self, seat)
            self.derived = True

    def scores(self) -> list[ScoreSheet]:
        """Each seat's victory points by score-pad row (see the package docstring), as if the
        game ended now."""
        return scoring.score_sheets(self)

    # ------------------------------------------------------------------ copies

    def clone(self) -> WondersDuelState:
        """An independent copy; the static components and cost books are shared."""
        new = self._bare_clone()  # field by field: search code clones on every node
        cards, wonders, built, tokens = self.cards, self.wonders, self.built, self.tokens
        structure = self.structure
        new.age = self.age
        new.turns = self.turns.copy()
        new.pending = self.pending.copy()
        new.draft_pick = self.draft_pick
        new.wonder_deck = self.wonder_deck.copy()
        new.wonder_offer = self.wonder_offer.copy()
        new.structure = None if structure is None else structure.copy()
        new.decks = [d.copy() for d in self.decks]
        new.box = self.box.copy()
        new.discard = self.discard.copy()
        new.coins = self.coins.copy()
        new.bank_paid = self.bank_paid
        new.bank_received = self.bank_received
        new.cards = [cards[0].copy(), cards[1].copy()]
        new.wonders = [wonders[0].copy(), wonders[1].copy()]
        new.built = [built[0].copy(), built[1].copy()]
        new.tucked = self.tucked.copy()
        new.returned_wonders = self.returned_wonders.copy()
        new.tokens = [tokens[0].copy(), tokens[1].copy()]
        new.board_tokens = self.board_tokens.copy()
        new.set_aside = self.set_aside.copy()
        new.library_offer = self.library_offer.copy()
        new.library_known = self.library_known.copy()
        new.library_seat = self.library_seat
        new.reds_before_strategy = self.reds_before_strategy
        new.military = self.military.copy()
        new.loot = self.loot.copy()
        new.produce = self.produce.copy()
        new.choice = self.choice.copy()
        new.one_coin = self.one_coin.copy()
        new.chains = self.chains.copy()
        new.yellow = self.yellow.copy()
        new.costs = self.costs.copy()
        new.derived = True
        return new

    # ------------------------------------------------------------------ hidden information

    def _observation(self, seat: int) -> dict[str, Any]:
        """What ``seat`` may know (see :func:`.hidden.observation`)."""
        return hidden.observation(self, seat)

    def _resample(self, seat: int) -> None:
        """Hidden cards redealt among the places with the same back, unrevealed Wonders and
        unseen tokens reshuffled, so that ``observation(seat)`` is unchanged."""
        hidden.resample_hidden(self, seat)

    # ------------------------------------------------------------------ text

    def render(self) -> str:
        """The table as text for a person (public information only)."""
        return text.render(self)

    def _svg(self, seat: int | None) -> str:
        return svg.draw(self, seat)
