"""What changes while Splendor is played: the supply, the markets, the players' tableaux.

This module holds the state's data and the contract block only; each method delegates to the
module named for its job: :mod:`.legal` (what may be done), :mod:`.effects` (what it does),
:mod:`.refusals` (why something may not be done), :mod:`.hidden` (observation and
determinization), :mod:`.scoring`, :mod:`.text` (render) and :mod:`.invariants` (load checks).
"""

from __future__ import annotations

from typing import Any

import attrs

from tabletop.core import Action, Market, State, TokenPool, TurnOrder
from tabletop.core.scoring import ScoreSheet

from . import effects, hidden, invariants, legal, refusals, scoring, svg, tensor, text
from .decisions import decision_of


@attrs.define(slots=True, kw_only=True, eq=False)
class Player:
    """One seat's tokens and tableau."""

    tokens: TokenPool
    #: Bonuses per colour from owned cards (double-bonus cards count 2, paired cards 1).
    bonuses: dict[str, int]
    #: Prestige printed on owned cards and visiting nobles (Trading Post points come on top).
    points: int = 0
    cards: list[str] = attrs.field(factory=list)
    reserved: list[str] = attrs.field(factory=list)
    #: The reserved cards taken unseen from a deck: only their owner knows them.
    blind: list[str] = attrs.field(factory=list)
    nobles: list[str] = attrs.field(factory=list)
    #: Orient: nobles reserved by this player; only this player can receive their visit.
    reserved_nobles: list[str] = attrs.field(factory=list)
    #: Orient: unspent gold cards (2 gold for one purchase each).
    gold_cards: list[str] = attrs.field(factory=list)
    #: Orient: pair card -> the bonus colour it took from the owned card it is paired with.
    pairs: dict[str, str] = attrs.field(factory=dict)
    #: Trading Posts: positions (1-5) of the powers carrying this player's coat of arms.
    posts: list[int] = attrs.field(factory=list)
    #: Strongholds: where each of the 3 strongholds is (a face-up card id, ``None`` in supply).
    strongholds: list[str | None] = attrs.field(factory=list)
    #: The Cities: the city face this player claimed.
    city: str | None = None

    def copy(self) -> Player:
        """An independent copy."""
        # Filled slot by slot rather than through __init__: clone() runs on every search node.
        new = object.__new__(Player)
        new.tokens = self.tokens.copy()
        new.bonuses = self.bonuses.copy()
        new.points = self.points
        new.cards = self.cards.copy()
        new.reserved = self.reserved.copy()
        new.blind = self.blind.copy()
        new.nobles = self.nobles.copy()
        new.reserved_nobles = self.reserved_nobles.copy()
        new.gold_cards = self.gold_cards.copy()
        new.pairs = self.pairs.copy()
        new.posts = self.posts.copy()
        new.strongholds = self.strongholds.copy()
        new.city = self.city
        return new

    @property
    def prestige(self) -> int:
        """Prestige: cards, nobles and the Trading Post powers 4 and 5."""
        total = self.points
        posts = self.posts
        if posts:
            if 4 in posts:
                total += 5
            if 5 in posts:
                total += len(posts)
        return total

    @property
    def card_count(self) -> int:
        """Development cards in front of the player (the base tie-break counts them)."""
        return len(self.cards) + len(self.gold_cards)


@attrs.define(slots=True, kw_only=True, eq=False)
class CitiesOfSplendorState(State):
    """A game of Splendor, alone or with one Cities of Splendor module."""

    module: str | None
    turns: TurnOrder
    bank: TokenPool
    #: The base market of each level (index 0 = level 1): 4 face-up slots and the deck.
    markets: list[Market]
    #: The Orient market of each level: 2 face-up slots and the Orient deck (empty list otherwise).
    orient: list[Market]
    #: Noble tiles still available (face up).
    nobles: list[str]
    #: The Cities: the 3 city faces in play (claimed ones stay listed; players record claims).
    cities: list[str]
    players: list[Player]
    #: What remains to resolve this turn, next first (see :mod:`.decisions`); empty = main action.
    tasks: list[str] = attrs.field(factory=list)
    #: The card being purchased, taken from its place and not yet paid for.
    purchase: str | None = None
    #: Orient sacrifice: bonuses still to discard.
    sacrifice_left: int = 0
    #: Whether the end of the game has been triggered (15 prestige, or a city claimed).
    end_triggered: bool = False
    #: Consecutive turns on which no action was possible.
    passes: int = 0
    #: Cards out of the game: spent Orient gold cards and sacrificed cards.
    box: list[str] = attrs.field(factory=list)

    _encode_observation = staticmethod(tensor.encode_observation)
    _observation_shape = staticmethod(tensor.observation_shape)

    # ------------------------------------------------------------------ the contract

    @property
    def current_player(self) -> int | None:
        return None if self.outcome is not None else self.turns.current

    @property
    def decision(self) -> str:
        if self.outcome is not None:
            return "over"
        return decision_of(self)

    def _legal_actions(self) -> list[Action]:
        return legal.legal_actions(self)

    def _apply(self, action: Action) -> None:
        effects.apply(self, action)

    def _why_illegal(self, action: Action) -> str:
        return refusals.why_illegal(self, action)

    def _validate(self) -> None:
        """Every invariant of :mod:`.invariants` (a loaded save must be a reachable state)."""
        invariants.check(self)

    def _observation(self, seat: int) -> dict[str, Any]:
        return hidden.observation(self, seat)

    def _resample(self, seat: int) -> None:
        """Redeal the decks and the other players' blind reservations (see :mod:`.hidden`)."""
        hidden.resample(self, seat)

    def scores(self) -> list[ScoreSheet]:
        return scoring.scores(self)

    def render(self) -> str:
        """The table as text, seen by the player to move: others' blind reservations hidden."""
        return text.render(self)

    def _svg(self, seat: int | None) -> str:
        return svg.draw(self, seat)

    def clone(self) -> CitiesOfSplendorState:
        new = self._bare_clone()  # field by field: search code clones on every node
        new.module = self.module
        new.turns = self.turns.copy()
        new.bank = self.bank.copy()
        new.markets = [m.copy() for m in self.markets]
        new.orient = [m.copy() for m in self.orient]
        new.nobles = self.nobles.copy()
        new.cities = self.cities.copy()
        new.players = [p.copy() for p in self.players]
        new.tasks = self.tasks.copy()
        new.purchase = self.purchase
        new.sacrifice_left = self.sacrifice_left
        new.end_triggered = self.end_triggered
        new.passes = self.passes
        new.box = self.box.copy()
        return new
