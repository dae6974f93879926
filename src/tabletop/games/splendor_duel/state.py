"""The state of a Splendor Duel game: what changes during play, and what each seat may see.

The rules themselves live in :mod:`.rules` (legal actions), :mod:`.effects` (what actions do)
and :mod:`.refusals` (why one is illegal). This module holds the data, the derived counts the
rules read (bonuses, prestige, crowns), the copies for search (``clone``, ``determinize``) and
the views (``observation``, ``render``).
"""

from __future__ import annotations

from typing import Any

import attrs

from tabletop.core import Action, Market, State, TokenPool, TurnOrder, score_sheet
from tabletop.core.scoring import ScoreSheet

from . import effects, invariants, refusals, rules
from .components import BOX, CARDS, GEMS, GRID, LEVELS, ROYALS, WILD, card_text

_GEM_INDEX = {gem: i for i, gem in enumerate(GEMS)}
_WILD_INDEX = -1
#: Per card: the index of its bonus colour in GEMS (-1 for a wild card, -2 for no bonus),
#: and how many bonuses it gives.
_BONUS = {
    card.id: (
        _GEM_INDEX.get(card.colour, _WILD_INDEX if card.colour == WILD else -2),
        card.bonus,
    )
    for card in CARDS.values()
}
_POINTS_CROWNS = {card.id: (card.points, card.crowns) for card in CARDS.values()}


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

    # ------------------------------------------------------------------ the contract

    @property
    def current_player(self) -> int | None:
        return None if self.outcome is not None else self.turns.current

    @property
    def decision(self) -> str:
        return "over" if self.outcome is not None else self.step

    def _legal_actions(self) -> list[Action]:
        return rules.legal_actions(self)

    def _apply(self, action: Action) -> None:
        effects.apply(self, action)

    def _why_illegal(self, action: Action) -> str:
        return refusals.why_illegal(self, action)

    def _validate(self) -> None:
        """Refuse a state the rules cannot reach (see :mod:`.invariants`)."""
        invariants.check(self)

    def clone(self) -> SplendorDuelState:
        new = SplendorDuelState(
            **self._copy_base(),
            turns=self.turns.copy(),
            step=self.step,
            pending=self.pending.copy(),
            replenished=self.replenished,
            ability_card=self.ability_card,
            board=self.board.copy(),
            bag=self.bag.copy(),
            tokens=[pool.copy() for pool in self.tokens],
            privileges=self.privileges.copy(),
            pyramid=[market.copy() for market in self.pyramid],
            reserved=[hand.copy() for hand in self.reserved],
            blind=[hand.copy() for hand in self.blind],
            cards=[tableau.copy() for tableau in self.cards],
            wild_colours=self.wild_colours.copy(),
            royal_supply=self.royal_supply.copy(),
            royals=[taken.copy() for taken in self.royals],
        )
        new._legal = self._legal
        return new

    # ------------------------------------------------------------------ derived counts

    @property
    def privilege_supply(self) -> int:
        """Privilege scrolls left on the table."""
        return BOX.privileges - self.privileges[0] - self.privileges[1]

    def colour_of(self, card: str) -> str:
        """The colour a purchased card counts as: its own, or the one a wild card joined."""
        colour = CARDS[card].colour
        if colour == WILD:
            return self.wild_colours.get(card, WILD)
        return colour

    def bonuses(self, seat: int) -> list[int]:
        """Bonuses per gem colour (in ``GEMS`` order); a wild card counts once placed."""
        counts = [0, 0, 0, 0, 0]
        for card in self.cards[seat]:
            index, bonus = _BONUS[card]
            if index >= 0:
                counts[index] += bonus
            elif index == _WILD_INDEX:
                colour = self.wild_colours.get(card)
                if colour is not None:
                    counts[_GEM_INDEX[colour]] += bonus
        return counts

    def tallies(self, seat: int) -> tuple[int, int, list[int]]:
        """Prestige (cards and royals), crowns, and prestige per gem colour, in one pass."""
        prestige = crowns = 0
        by_colour = [0, 0, 0, 0, 0]
        for card in self.cards[seat]:
            index, _ = _BONUS[card]
            points, card_crowns = _POINTS_CROWNS[card]
            prestige += points
            crowns += card_crowns
            if index == _WILD_INDEX:
                colour = self.wild_colours.get(card)
                index = -2 if colour is None else _GEM_INDEX[colour]
            if index >= 0:
                by_colour[index] += points
        for royal in self.royals[seat]:
            prestige += ROYALS[royal].points
        return prestige, crowns, by_colour

    def colour_prestige(self, seat: int) -> dict[str, int]:
        """Prestige on the cards of each gem colour (wild cards in the colour they joined)."""
        points = dict.fromkeys(GEMS, 0)
        for card_id in self.cards[seat]:
            colour = self.colour_of(card_id)
            if colour in points:
                points[colour] += CARDS[card_id].points
        return points

    def prestige(self, seat: int) -> int:
        """Prestige points: jewel cards plus royal cards."""
        return sum(CARDS[c].points for c in self.cards[seat]) + sum(
            ROYALS[r].points for r in self.royals[seat]
        )

    def crowns(self, seat: int) -> int:
        """Crowns on the seat's purchased jewel cards."""
        return sum(CARDS[c].crowns for c in self.cards[seat])

    def token_count(self, seat: int) -> int:
        """Tokens held (gems, pearls and gold)."""
        return sum(self.tokens[seat].counts.values())

    def scores(self) -> list[ScoreSheet]:
        return [
            score_sheet(
                {
                    "cards": sum(CARDS[c].points for c in self.cards[seat]),
                    "royals": sum(ROYALS[r].points for r in self.royals[seat]),
                }
            )
            for seat in range(2)
        ]

    # ------------------------------------------------------------------ hidden information

    def _observation(self, seat: int) -> dict[str, Any]:
        """What ``seat`` knows: everything but deck order, the rng and the opponent's blind
        reservations (of those, only their level shows)."""
        players = []
        for other in range(2):
            reserved = []
            for card in self.reserved[other]:
                blind = card in self.blind[other]
                shown = card if other == seat or not blind else None
                reserved.append({"card": shown, "level": CARDS[card].level, "blind": blind})
            players.append(
                {
                    "tokens": self.tokens[other].as_dict(),
                    "privileges": self.privileges[other],
                    "cards": list(self.cards[other]),
                    "royals": list(self.royals[other]),
                    "reserved": reserved,
                    "prestige": self.prestige(other),
                    "crowns": self.crowns(other),
                    "bonuses": dict(zip(GEMS, self.bonuses(other))),
                }
            )
        return {
            "seat": seat,
            "to_play": self.current_player,
            "decision": self.decision,
            "pending": list(self.pending),
            "ability_card": self.ability_card,
            "replenished": self.replenished,
            "extra_turns": self.turns.extra_turns,
            "board": list(self.board),
            "bag": self.bag.as_dict(),
            "privilege_supply": self.privilege_supply,
            "pyramid": {str(level): list(m.slots) for level, m in zip(LEVELS, self.pyramid)},
            "deck_sizes": {str(level): len(m.deck) for level, m in zip(LEVELS, self.pyramid)},
            "royal_supply": list(self.royal_supply),
            "wild_colours": dict(self.wild_colours),
            "players": players,
            "outcome": None
            if self.outcome is None
            else {
                "winners": list(self.outcome.winners),
                "reason": self.outcome.reason,
            },
        }

    def _resample(self, seat: int) -> None:
        """Deck order and the opponent's blind reservations resampled, level by level, from
        the cards ``seat`` has not seen."""
        rng = self.rng
        opponent = 1 - seat
        hand = self.reserved[opponent]
        hidden = set(self.blind[opponent])
        hidden_slots = [i for i, card in enumerate(hand) if card in hidden]
        for level, market in zip(LEVELS, self.pyramid):
            slots = [i for i in hidden_slots if CARDS[hand[i]].level == level]
            unseen = market.deck.cards + [hand[i] for i in slots]
            rng.shuffle(unseen)
            for i in slots:
                hand[i] = unseen.pop()
            market.deck.cards = unseen
        self.blind[opponent] = [hand[i] for i in hidden_slots]

    # ------------------------------------------------------------------ text

    def render(self) -> str:
        """The table as text, seen by the player to move: the opponent's blind reservations
        show only their level (all cards show once the game is over)."""
        viewer = self.current_player
        lines = []
        if self.outcome is not None:
            winners = ", ".join(f"player {w}" for w in self.outcome.winners)
            lines.append(f"Game over: {winners} won ({self.outcome.reason})")
        else:
            lines.append(f"Player {self.turns.current} to play: {self.step}")
        lines.append(f"Privileges on the table: {self.privilege_supply}   bag: {self.bag}")
        lines.append("    " + " ".join(f"{f'c{col + 1}':>6}" for col in range(GRID.cols)))
        for row in range(GRID.rows):
            cells = self.board[row * GRID.cols : (row + 1) * GRID.cols]
            lines.append(f"r{row + 1}  " + " ".join(f"{(c or '.'):>6}" for c in cells))
        for level, market in reversed(list(zip(LEVELS, self.pyramid))):
            lines.append(f"Level {level} ({len(market.deck)} in deck):")
            lines.extend(f"  {card_text(c) if c else '(empty slot)'}" for c in market.slots)
        royal_text = [
            f"{r} ({ROYALS[r].points} pt{', ' if ROYALS[r].abilities else ''}"
            f"{', '.join(a.replace('_', ' ') for a in ROYALS[r].abilities)})"
            for r in self.royal_supply
        ]
        lines.append(f"Royal cards: {'; '.join(royal_text) or 'none'}")
        for seat in range(2):
            bonuses = ", ".join(f"{n} {gem}" for gem, n in zip(GEMS, self.bonuses(seat)) if n) or "none"
            privileges = self.privileges[seat]
            lines.append(
                f"Player {seat}: {self.prestige(seat)} prestige, {self.crowns(seat)} crowns, "
                f"{privileges} privilege{'' if privileges == 1 else 's'}; "
                f"tokens {self.tokens[seat]}; bonuses {bonuses}"
            )
            lines.append(
                f"  cards: {' '.join(self.cards[seat]) or 'none'}; "
                f"royals: {' '.join(self.royals[seat]) or 'none'}"
            )
            for card in self.reserved[seat]:
                if card not in self.blind[seat]:
                    lines.append(f"  reserved: {card_text(card)}")
                elif viewer is not None and seat != viewer:
                    lines.append(f"  reserved (blind): a level-{CARDS[card].level} card")
                else:
                    lines.append(f"  reserved (blind): {card_text(card)}")
        return "\n".join(lines)
