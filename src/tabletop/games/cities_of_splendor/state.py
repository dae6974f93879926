"""What changes while Splendor is played: the supply, the markets, the players' tableaux.

The rules live beside it: :mod:`.legal` (what may be done), :mod:`.rules` (what it does),
:mod:`.refusals` (why something may not be done). This module holds the state's shape,
copying, the views of it (scores, observation, text) and determinization.
"""

from __future__ import annotations

from typing import Any

import attrs

from tabletop.core import Action, Market, State, TokenPool, TurnOrder, score_sheet
from tabletop.core.scoring import ScoreSheet

from . import invariants, legal, refusals, rules
from .components import CARD, COLOURS, TOKEN_KINDS, TRADING_POSTS
from .tables import NOBLE_POINTS
from .text import (
    LETTER,
    POST_WORDS,
    amounts,
    card_text,
    city_text,
    hidden_card_text,
    legend,
    noble_text,
)


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
    #: What remains to resolve this turn, next first (see :mod:`.rules`); empty = main action.
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

    # ------------------------------------------------------------------ the rules

    @property
    def current_player(self) -> int | None:
        return None if self.outcome is not None else self.turns.current

    @property
    def decision(self) -> str:
        if self.outcome is not None:
            return "over"
        return legal.decision_of(self)

    def _legal_actions(self) -> list[Action]:
        return legal.legal_actions(self)

    def _apply(self, action: Action) -> None:
        rules.apply(self, action)

    def _why_illegal(self, action: Action) -> str:
        return refusals.why_illegal(self, action)

    def _validate(self) -> None:
        """Every invariant of :mod:`.invariants` (a loaded save must be a reachable state)."""
        invariants.check(self)

    # ------------------------------------------------------------------ copies

    def clone(self) -> CitiesOfSplendorState:
        new = CitiesOfSplendorState(
            **self._copy_base(),
            module=self.module,
            turns=self.turns.copy(),
            bank=self.bank.copy(),
            markets=[m.copy() for m in self.markets],
            orient=[m.copy() for m in self.orient],
            nobles=self.nobles.copy(),
            cities=self.cities.copy(),
            players=[p.copy() for p in self.players],
            tasks=self.tasks.copy(),
            purchase=self.purchase,
            sacrifice_left=self.sacrifice_left,
            end_triggered=self.end_triggered,
            passes=self.passes,
            box=self.box.copy(),
        )
        new._legal = self._legal
        return new

    def _resample(self, seat: int) -> None:
        """Resample the deck orders and the other players' blind reservations."""
        rng = self.rng
        for orient, markets in ((False, self.markets), (True, self.orient)):
            for level, market in enumerate(markets, start=1):
                holders: list[tuple[Player, int]] = []
                pool = list(market.deck.cards)
                for other, player in enumerate(self.players):
                    if other == seat:
                        continue
                    for i, card in enumerate(player.reserved):
                        info = CARD[card]
                        if (
                            card in player.blind
                            and info.level == level
                            and (info.module == "orient") == orient
                        ):
                            holders.append((player, i))
                            pool.append(card)
                rng.shuffle(pool)
                for player, i in holders:
                    old = player.reserved[i]
                    player.reserved[i] = card = pool.pop()
                    player.blind[player.blind.index(old)] = card
                market.deck.cards[:] = pool

    # ------------------------------------------------------------------ views

    def scores(self) -> list[ScoreSheet]:
        sheets = []
        for player in self.players:
            nobles = sum(NOBLE_POINTS[n] for n in player.nobles)
            sheets.append(
                score_sheet(
                    {
                        "cards": player.points - nobles,
                        "nobles": nobles,
                        "trading_posts": player.prestige - player.points,
                    }
                )
            )
        return sheets

    def _observation(self, seat: int) -> dict[str, Any]:
        players = []
        for other, player in enumerate(self.players):
            reserved: list[Any] = []
            for card in player.reserved:
                if other != seat and card in player.blind:
                    info = CARD[card]
                    reserved.append({"level": info.level, "orient": info.module == "orient"})
                else:
                    reserved.append(card)
            players.append(
                {
                    "tokens": {kind: player.tokens[kind] for kind in TOKEN_KINDS},
                    "bonuses": dict(player.bonuses),
                    "prestige": player.prestige,
                    "cards": list(player.cards),
                    "reserved": reserved,
                    "nobles": list(player.nobles),
                    "reserved_nobles": list(player.reserved_nobles),
                    "gold_cards": list(player.gold_cards),
                    "pairs": dict(player.pairs),
                    "posts": list(player.posts),
                    "strongholds": list(player.strongholds),
                    "city": player.city,
                }
            )
        return {
            "seat": seat,
            "module": self.module,
            "to_play": self.current_player,
            "decision": self.decision,
            "round": self.turns.round,
            "first_player": self.turns.first,
            "bank": {kind: self.bank[kind] for kind in TOKEN_KINDS},
            "markets": [list(m.slots) for m in self.markets],
            "deck_sizes": [len(m.deck) for m in self.markets],
            "orient_markets": [list(m.slots) for m in self.orient],
            "orient_deck_sizes": [len(m.deck) for m in self.orient],
            "nobles": list(self.nobles),
            "cities": list(self.cities),
            "players": players,
            "pending": list(self.tasks),
            "purchase": self.purchase,
            "sacrifice_left": self.sacrifice_left,
            "end_triggered": self.end_triggered,
            "passes": self.passes,
            "box": list(self.box),
            "outcome": None
            if self.outcome is None
            else {
                "winners": list(self.outcome.winners),
                "reason": self.outcome.reason,
            },
        }

    def render(self) -> str:
        """The table as text, seen by the player to move: others' blind reservations hidden."""
        viewer = self.current_player
        lines = [f"Splendor ({self.module or 'base game'}), round {self.turns.round}", legend(self.module)]
        lines.append("supply: " + " ".join(f"{self.bank[k]}{LETTER[k]}" for k in TOKEN_KINDS))
        for level in (3, 2, 1):
            row = [card_text(c) if c else "--" for c in self.markets[level - 1].slots]
            if self.orient:
                row += ["|"] + [card_text(c) if c else "--" for c in self.orient[level - 1].slots]
                deck = f"{len(self.markets[level - 1].deck):2d}+{len(self.orient[level - 1].deck)}"
            else:
                deck = f"{len(self.markets[level - 1].deck):2d}"
            lines.append(f"L{level} [{deck}] " + "  ".join(row))
        if self.module == "trading_posts":
            lines.append(
                "trading posts: "
                + "  ".join(
                    f"{post.position}({amounts((c, post.bonuses.get(c, 0)) for c in COLOURS)}"
                    f"{'+noble' if post.nobles else ''}: {POST_WORDS[post.position]})"
                    for post in TRADING_POSTS
                )
            )
        if self.nobles:
            lines.append("nobles: " + "  ".join(noble_text(n) for n in self.nobles))
        if self.cities:
            claimed = {p.city for p in self.players}
            lines.append(
                "cities: "
                + "  ".join(city_text(c) + (" (claimed)" if c in claimed else "") for c in self.cities)
            )
        for seat, player in enumerate(self.players):
            mark = ">" if seat == viewer else " "
            bonuses = amounts((c, player.bonuses[c]) for c in COLOURS) or "none"
            tokens = amounts((k, player.tokens[k]) for k in TOKEN_KINDS) or "none"
            extra = []
            if player.reserved:
                shown = [
                    hidden_card_text(c)
                    if c in player.blind and viewer is not None and seat != viewer
                    else card_text(c)
                    for c in player.reserved
                ]
                extra.append("reserved " + " ".join(shown))
            if player.nobles:
                extra.append("nobles " + ",".join(player.nobles))
            if player.reserved_nobles:
                extra.append("reserved nobles " + ",".join(player.reserved_nobles))
            if player.gold_cards:
                extra.append(f"{len(player.gold_cards)} Orient gold card(s)")
            if player.posts:
                extra.append("trading posts " + ",".join(map(str, sorted(player.posts))))
            if any(player.strongholds):
                extra.append("strongholds on " + ",".join(c or "-" for c in player.strongholds))
            if player.city:
                extra.append(f"city {player.city}")
            lines.append(
                f"{mark}P{seat}: {player.prestige:2d} prestige, {len(player.cards)} cards, "
                f"bonuses {bonuses}, tokens {tokens}" + ("; " + "; ".join(extra) if extra else "")
            )
        if self.outcome is not None:
            lines.append(f"game over ({self.outcome.reason}): winners {list(self.outcome.winners)}")
        else:
            doing = f" (buying {card_text(self.purchase)})" if self.purchase else ""
            lines.append(f"P{viewer} to decide: {self.decision}{doing}")
        return "\n".join(lines)
