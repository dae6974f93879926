"""The actions of Splendor and its modules, and their fixed integer numbering.

A turn's main action is one of :class:`TakeGems`, :class:`ReserveCard`, :class:`ReserveDeck`,
:class:`BuyCard` (or :class:`Pass` when none is possible). Everything a rule lets the player
choose afterwards is a decision of its own: how to pay (:class:`Pay`, only asked when gold makes
it a real choice), Orient pairing / free cards / noble reservations / sacrifices, the Trading
Post token, stronghold moves, the conquest purchase, tokens returned down to 10, which noble
visits and which city is claimed.
"""

from __future__ import annotations

import itertools

import attrs

from tabletop.core import Action, ActionSpace, Block

from .components import CARDS, CITY_FACES, COLOURS, NOBLES, SETUP, TOKEN_KINDS
from .text import card_words, city_words, noble_words

# The descriptions never fail, whatever an action holds: a wrong value is shown as given (and
# then refused by name), so that a refusal's message can always quote the action.


def _card(card: object, cost: bool = True) -> str:
    """The card described in words (an id the game does not have is shown as given)."""
    return card_words(card, cost) if type(card) is str and card in CARDS else str(card)


def _noble(noble: object) -> str:
    return noble_words(noble) if type(noble) is str and noble in NOBLES else str(noble)


def _amounts(colours: tuple[str, ...], counts: tuple[int, ...]) -> str:
    parts = [f"{n} {c}" for c, n in zip(colours, counts) if n]
    return " + ".join(parts) if parts else "nothing"


@attrs.frozen
class TakeGems(Action):
    """Take gem tokens from the supply: 3 (or fewer) different colours, or 2 of one colour.

    With the second Trading Post power, 2 of one colour come with 1 of another colour:
    ``("red", "red", "blue")``.
    """

    kind = "take_gems"
    colours: tuple[str, ...]

    def __str__(self) -> str:
        colours = self.colours
        if type(colours) is not tuple:
            return f"take {colours!r}"
        return "take " + ", ".join(map(str, colours))


@attrs.frozen
class ReserveCard(Action):
    """Reserve a face-up development card (and take 1 gold if any is left)."""

    kind = "reserve_card"
    card: str

    def __str__(self) -> str:
        return f"reserve {_card(self.card)}"


@attrs.frozen
class ReserveDeck(Action):
    """Reserve the top card of a level's deck unseen by the others (base or Orient deck)."""

    kind = "reserve_deck"
    level: int
    orient: bool = False

    def __str__(self) -> str:
        deck = "Orient deck" if self.orient else "deck"
        return f"reserve the top card of the level-{self.level} {deck}"


@attrs.frozen
class BuyCard(Action):
    """Purchase a face-up card or one of your reserved cards."""

    kind = "buy_card"
    card: str

    def __str__(self) -> str:
        return f"buy {_card(self.card)}"


@attrs.frozen
class Pay(Action):
    """Pay for the card being bought: ``gold[i]`` units of ``COLOURS[i]`` covered by gold.

    Gems pay the rest of the cost left after bonuses. ``gold_cards`` Orient gold cards (2 units
    each, one purchase) are spent first and gold tokens cover the remaining units; with the
    third Trading Post power one gold token covers up to 2 units of one colour.
    """

    kind = "pay"
    gold: tuple[int, ...]
    gold_cards: int = 0

    def __str__(self) -> str:
        gold, cards = self.gold, self.gold_cards
        if type(gold) is not tuple or not all(type(u) is int for u in gold) or type(cards) is not int:
            return f"pay: gold covers {gold!r}, {cards!r} Orient gold card(s)"
        if any(self.gold):
            # "gold covers", not "pay with N gold": with the third Trading Post power one gold
            # token covers 2 units of a colour
            text = f"pay: gold covers {_amounts(COLOURS, self.gold)}, gems the rest"
        else:
            text = "pay with gems only"
        if self.gold_cards:
            text += f" (using {self.gold_cards} Orient gold card{'s' if self.gold_cards > 1 else ''})"
        return text


@attrs.frozen
class ReturnToken(Action):
    """Return one token to the supply (end of turn, down to 10 tokens)."""

    kind = "return_token"
    token: str

    def __str__(self) -> str:
        return f"return 1 {self.token}"


@attrs.frozen
class ChooseNoble(Action):
    """Receive this noble's visit (when several qualify at the end of the turn)."""

    kind = "choose_noble"
    noble: str

    def __str__(self) -> str:
        return f"receive the visit of noble {_noble(self.noble)}"


@attrs.frozen
class ClaimCity(Action):
    """Claim this city tile (when several qualify at the end of the turn)."""

    kind = "claim_city"
    city: str

    def __str__(self) -> str:
        city = self.city
        return f"claim city {city_words(city) if type(city) is str and city in CITY_FACES else city}"


@attrs.frozen
class TakeTradingToken(Action):
    """First Trading Post power: after a purchase, take 1 gem token of this colour."""

    kind = "take_trading_token"
    colour: str

    def __str__(self) -> str:
        return f"take 1 {self.colour} (trading post)"


@attrs.frozen
class PairCard(Action):
    """Orient: pair the card just acquired with this owned card (1 bonus of its colour)."""

    kind = "pair_card"
    card: str

    def __str__(self) -> str:
        return f"pair with {_card(self.card, cost=False)}"


@attrs.frozen
class TakeFreeCard(Action):
    """Orient: take this face-up card at no cost."""

    kind = "take_free_card"
    card: str

    def __str__(self) -> str:
        return f"take for free {_card(self.card, cost=False)}"


@attrs.frozen
class ReserveNoble(Action):
    """Orient: reserve this available noble; from now on only you can receive its visit."""

    kind = "reserve_noble"
    noble: str

    def __str__(self) -> str:
        return f"reserve noble {_noble(self.noble)}"


@attrs.frozen
class SacrificeCard(Action):
    """Orient: discard this owned card to pay a sacrifice card's bonuses."""

    kind = "sacrifice_card"
    card: str

    def __str__(self) -> str:
        return f"discard {_card(self.card, cost=False)}"


@attrs.frozen
class PlaceStronghold(Action):
    """Strongholds: put one of your strongholds on a face-up card.

    ``origin`` is ``None`` to take it from your supply, else the card it is moved from.
    """

    kind = "place_stronghold"
    card: str
    origin: str | None = None

    def __str__(self) -> str:
        if self.origin is None:
            return f"place a stronghold from your supply on {self.card}"
        return f"move a stronghold from {self.origin} to {self.card}"


@attrs.frozen
class RemoveStronghold(Action):
    """Strongholds: return another player's stronghold on this card to its owner."""

    kind = "remove_stronghold"
    card: str

    def __str__(self) -> str:
        return f"remove another player's stronghold from {self.card}"


@attrs.frozen
class Pass(Action):
    """Do nothing: decline the conquest purchase, or a turn where no action is possible."""

    kind = "pass"

    def __str__(self) -> str:
        return "pass"


def _take_domain() -> tuple[tuple[str, ...], ...]:
    takes: list[tuple[str, ...]] = []
    for size in (1, 2, 3):
        takes.extend(itertools.combinations(COLOURS, size))
    for colour in COLOURS:
        takes.append((colour, colour))
    for colour in COLOURS:
        takes.extend((colour, colour, other) for other in COLOURS if other != colour)
    return tuple(takes)


#: Every way to take gems, in a fixed order.
TAKE_DOMAIN = _take_domain()
#: Most units of one colour gold can cover (the largest printed cost of one colour).
MAX_GOLD_PER_COLOUR = max(max(card.cost.values(), default=0) for card in CARDS.values())
#: Most units gold can cover in one purchase (the largest printed total cost).
MAX_GOLD_UNITS = max(sum(card.cost.values()) for card in CARDS.values())
#: Every gold allocation over the five colours that one purchase can use.
GOLD_DOMAIN: tuple[tuple[int, ...], ...] = tuple(
    vector
    for vector in itertools.product(range(MAX_GOLD_PER_COLOUR + 1), repeat=len(COLOURS))
    if sum(vector) <= MAX_GOLD_UNITS
)
MAX_GOLD_CARDS = sum(1 for card in CARDS.values() if card.kind == "double_gold")

CARD_IDS = tuple(CARDS)
NOBLE_IDS = tuple(NOBLES)

ACTION_TYPES: tuple[type[Action], ...] = (
    TakeGems,
    ReserveCard,
    ReserveDeck,
    BuyCard,
    Pay,
    ReturnToken,
    ChooseNoble,
    ClaimCity,
    TakeTradingToken,
    PairCard,
    TakeFreeCard,
    ReserveNoble,
    SacrificeCard,
    PlaceStronghold,
    RemoveStronghold,
    Pass,
)

ACTION_SPACE = ActionSpace(
    [
        Block(TakeGems, (("colours", TAKE_DOMAIN),)),
        Block(ReserveCard, (("card", CARD_IDS),)),
        Block(ReserveDeck, (("level", (1, 2, 3)), ("orient", (False, True)))),
        Block(BuyCard, (("card", CARD_IDS),)),
        Block(Pay, (("gold", GOLD_DOMAIN), ("gold_cards", tuple(range(MAX_GOLD_CARDS + 1))))),
        Block(ReturnToken, (("token", TOKEN_KINDS),)),
        Block(ChooseNoble, (("noble", NOBLE_IDS),)),
        Block(ClaimCity, (("city", tuple(CITY_FACES)),)),
        Block(TakeTradingToken, (("colour", COLOURS),)),
        Block(PairCard, (("card", CARD_IDS),)),
        Block(TakeFreeCard, (("card", CARD_IDS),)),
        Block(ReserveNoble, (("noble", NOBLE_IDS),)),
        Block(SacrificeCard, (("card", CARD_IDS),)),
        Block(PlaceStronghold, (("card", CARD_IDS), ("origin", (None,) + CARD_IDS))),
        Block(RemoveStronghold, (("card", CARD_IDS),)),
        Block(Pass, ()),
    ]
)

# ---------------------------------------------------------------------- shared instances
# One instance per action: legal-action lists are built from these, never allocated, and
# ``State.apply`` finds an agent's choice among them by identity.

TAKE = {colours: TakeGems(colours) for colours in TAKE_DOMAIN}
#: The tokens each take moves, by colour.
TAKE_COUNTS = {colours: {c: colours.count(c) for c in colours} for colours in TAKE_DOMAIN}
#: Available colours (in printed order) -> the "3 different colours" takes among them.
TAKE_DIFFERENT: dict[tuple[str, ...], list[Action]] = {}
for _size in range(1, len(COLOURS) + 1):
    for _avail in itertools.combinations(COLOURS, _size):
        if _size >= 3:
            TAKE_DIFFERENT[_avail] = [TAKE[t] for t in itertools.combinations(_avail, 3)]
        else:  # fewer than 3 colours left: one of each (the project's documented policy)
            TAKE_DIFFERENT[_avail] = [TAKE[_avail]]
RESERVE = {card: ReserveCard(card) for card in CARDS}
RESERVE_DECK = {
    (level, orient): ReserveDeck(level, orient) for level in (1, 2, 3) for orient in (False, True)
}
BUY = {card: BuyCard(card) for card in CARDS}
RETURN = {kind: ReturnToken(kind) for kind in TOKEN_KINDS}
VISIT = {noble: ChooseNoble(noble) for noble in NOBLES}
RESERVE_NOBLE = {noble: ReserveNoble(noble) for noble in NOBLES}
CLAIM = {face: ClaimCity(face) for face in CITY_FACES}
TRADE = {colour: TakeTradingToken(colour) for colour in COLOURS}
PAIR = {card: PairCard(card) for card in CARDS}
FREE = {card: TakeFreeCard(card) for card in CARDS}
SACRIFICE_CARD = {card: SacrificeCard(card) for card in CARDS}
REMOVE = {card: RemoveStronghold(card) for card in CARDS}
#: (target, origin) -> the stronghold move; strongholds go on base cards only.
PLACE = {
    (target.id, origin): PlaceStronghold(target.id, origin)
    for target in CARDS.values()
    if target.module == "base"
    for origin in [None, *(c.id for c in CARDS.values() if c.module == "base")]
    if origin != target.id
}
PASS = Pass()
NO_GOLD = Pay((0,) * len(COLOURS), 0)
#: The payments by (gold units per colour, gold cards): every payment with gold tokens alone is
#: made at import (252 of them), so base play never builds one; the rarer ones (Orient gold
#: cards, the third Trading Post power's 2 units a token) are added when first met.
PAY_CACHE: dict[tuple[tuple[int, ...], int], Pay] = {(NO_GOLD.gold, 0): NO_GOLD}
PAY_CACHE.update(
    ((units, 0), Pay(units, 0))
    for units in itertools.product(range(SETUP.gold + 1), repeat=len(COLOURS))
    if 0 < sum(units) <= SETUP.gold
)
