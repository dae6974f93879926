"""The state of a Splendor Duel game: its data, and the contract block that hands each job to
the module named for it (:mod:`.legal`, :mod:`.effects`, :mod:`.refusals`, :mod:`.hidden`,
:mod:`.scoring`, :mod:`.text`, :mod:`.invariants`; the derived counts are in :mod:`.holdings`).
"""

from __future__ import annotations

from typing import Any

import attrs

from tabletop.core import Action, Market, State, TokenPool, TurnOrder
from tabletop.core.scoring import ScoreSheet

from . import effects, hidden, holdings, invariants, legal, refusals, scoring, svg, tensor, text


@attrs.define(slots=True, kw_only=True, eq=False)
class SplendorDuelState(State):
    """A Splendor Duel game in progress (always two seats, 0 and 1)."""

    turns: TurnOrder
    #: The pending decision: ``turn``, ``place_wild``, ``take_token``, ``steal_token``,
    #: ``choose_royal`` or ``discard_tokens``; ``over`` at the end.
    step: str = "turn"
    #: Follow-up decisions queued behind the current one (abilities, then the royal card).
    pending: list[str] = attrs.field(factory=list)
    #: Whether the player replenished the board this turn (no privilege may be used after).
    replenished: bool = False
    #: The jewel card bought this turn, if any: its abilities resolve (its colour, its wild
    #: placement), and only a turn with a purchase can end in victory.
    ability_card: str | None = None
    #: The 25 cells, row by row: a token kind or ``None`` for an empty cell.
    board: list[str | None]
    bag: TokenPool
    #: Tokens held, per seat.
    tokens: list[TokenPool]
    #: Privilege scrolls held, per seat; the table holds the rest of the 3.
    privileges: list[int]
    #: The pyramid, one market per level (index 0 is level 1), each fed by its own deck.
    pyramid: list[Market]
    #: Reserved cards per seat, in the order they were reserved.
    reserved: list[list[str]]
    #: The reserved cards that were taken unseen from the top of a deck (a subset of reserved).
    blind: list[list[str]]
    #: Purchased jewel cards per seat.
    cards: list[list[str]]
    #: The colour each purchased wild card joined.
    wild_colours: dict[str, str] = attrs.field(factory=dict)
    #: Royal cards still on the table.
    royal_supply: list[str]
    #: Royal cards taken, per seat.
    royals: list[list[str]]

    _encode_observation = staticmethod(tensor.encode_observation)
    _observation_shape = staticmethod(tensor.observation_shape)

    # ------------------------------------------------------------------ the contract

    @property
    def current_player(self) -> int | None:
        return None if self.outcome is not None else self.turns.current

    @property
    def decision(self) -> str:
        return "over" if self.outcome is not None else self.step

    def _legal_actions(self) -> list[Action]:
        return legal.legal_actions(self)

    def _apply(self, action: Action) -> None:
        effects.apply(self, action)

    def _why_illegal(self, action: Action) -> str:
        return refusals.why_illegal(self, action)

    def _validate(self) -> None:
        """Refuse a state the rules cannot reach (see :mod:`.invariants`)."""
        invariants.check(self)

    def scores(self) -> list[ScoreSheet]:
        return scoring.scores(self)

    def _observation(self, seat: int) -> dict[str, Any]:
        return hidden.observation(self, seat)

    def _resample(self, seat: int) -> None:
        hidden.resample(self, seat)

    def render(self) -> str:
        """The table as text, seen by the player to move (see :mod:`.text`)."""
        return text.render(self)

    def _svg(self, seat: int | None) -> str:
        return svg.draw(self, seat)

    def clone(self) -> SplendorDuelState:
        """An independent copy; cards, tokens and the static components are shared values."""
        new = self._bare_clone()  # field by field: search code clones on every node
        new.turns = self.turns.copy()
        new.step = self.step
        new.pending = self.pending.copy()
        new.replenished = self.replenished
        new.ability_card = self.ability_card
        new.board = self.board.copy()
        new.bag = self.bag.copy()
        tokens, reserved, blind = self.tokens, self.reserved, self.blind
        cards, royals = self.cards, self.royals
        new.tokens = [tokens[0].copy(), tokens[1].copy()]
        new.privileges = self.privileges.copy()
        new.pyramid = [market.copy() for market in self.pyramid]
        new.reserved = [reserved[0].copy(), reserved[1].copy()]
        new.blind = [blind[0].copy(), blind[1].copy()]
        new.cards = [cards[0].copy(), cards[1].copy()]
        new.wild_colours = self.wild_colours.copy()
        new.royal_supply = self.royal_supply.copy()
        new.royals = [royals[0].copy(), royals[1].copy()]
        return new

    # ------------------------------------------------------------------ derived counts

    @property
    def privilege_supply(self) -> int:
        """Privilege scrolls left on the table."""
        return holdings.privilege_supply(self)

    def colour_of(self, card: str) -> str:
        """The colour a purchased card counts as: its own, or the one a wild card joined."""
        return holdings.colour_of(self, card)

    def bonuses(self, seat: int) -> list[int]:
        """Bonuses per gem colour (in ``GEMS`` order); a wild card counts once placed."""
        return holdings.bonuses(self, seat)

    def prestige(self, seat: int) -> int:
        """Prestige points: jewel cards plus royal cards."""
        return holdings.prestige(self, seat)

    def crowns(self, seat: int) -> int:
        """Crowns on the seat's purchased jewel cards."""
        return holdings.crowns(self, seat)

    def colour_prestige(self, seat: int) -> dict[str, int]:
        """Prestige on the cards of each gem colour (wild cards in the colour they joined)."""
        return holdings.colour_prestige(self, seat)
