"""Why an action is refused: a message naming the wrong field or the rule, for ``State._why_illegal``."""

from __future__ import annotations

from collections.abc import Callable, Collection
from typing import TYPE_CHECKING, Any

from tabletop.core import Action

from .actions import (
    ACTION_TYPES,
    BuyCard,
    ChooseNoble,
    ClaimCity,
    PairCard,
    Pass,
    Pay,
    PlaceStronghold,
    RemoveStronghold,
    ReserveCard,
    ReserveDeck,
    ReserveNoble,
    ReturnToken,
    SacrificeCard,
    TakeFreeCard,
    TakeGems,
    TakeTradingToken,
)
from .components import (
    CARDS,
    CITY_FACES,
    COLOURS,
    GOLD,
    IS_ORIENT,
    KIND,
    MAX_RESERVED,
    NOBLES,
    PAIR_KINDS,
    SACRIFICE,
    TAKE_TWO_MIN,
    TOKEN_KINDS,
)
from .decisions import ACTIONS_OF, DESCRIBE, decision_of
from .legal import colour_of, market_of, occupants, shortfall

if TYPE_CHECKING:
    from .state import CitiesOfSplendorState as St
    from .state import Player


def why_illegal(state: St, action: Action) -> str:
    """The rule that forbids ``action`` now, or the field of ``action`` that is wrong.

    Never raises, whatever the action's field values: they are checked first, so the rules
    below read only well-typed, known values.
    """
    if state.outcome is not None:
        return f"the game is over ({state.outcome.reason}); no action is legal"
    kind = type(action)
    fields = _FIELDS.get(kind)
    if fields is None:
        return f"{kind.__name__} is not an action of Splendor (its actions are {', '.join(_NAMES)})"
    for field, check in fields:
        wrong = check(getattr(action, field, None))
        if wrong:
            return f"{kind.__name__}.{field}={getattr(action, field, None)!r}: {wrong}"
    decision = decision_of(state)
    if kind not in ACTIONS_OF[decision]:
        return f"{action} is not possible now: {decision!r} is pending ({DESCRIBE[decision]})"
    check_rule = _CHECKS.get(kind)
    if check_rule is not None:
        reason = check_rule(state, state.players[state.turns.current], action)
        if reason:
            return reason
    return f"{action} is not one of the choices for {DESCRIBE[decision]}"


# ---------------------------------------------------------------------- the fields


def _id_of(catalog: Collection[str], what: str) -> Callable[[object], str | None]:
    """A check that a value is the id of one of ``catalog``."""

    def check(value: object) -> str | None:
        if type(value) is not str:
            return f"a {what} is named by its id, a str"
        if value not in catalog:
            return f"there is no {what} {value!r} in the game"
        return None

    return check


_card = _id_of(CARDS, "card")


def _origin(value: object) -> str | None:
    return None if value is None else _card(value)


def _level(value: object) -> str | None:
    if type(value) is not int or not 1 <= value <= 3:
        return "the level is an int, 1, 2 or 3"
    return None


def _flag(value: object) -> str | None:
    return None if type(value) is bool else "must be True or False"


def _colours(value: object) -> str | None:
    if type(value) is not tuple:
        return "the colours taken are a tuple of colour names"
    for colour in value:
        wrong = _colour(colour)
        if wrong:
            return wrong
    return None


def _colour(value: object) -> str | None:
    if type(value) is not str or value not in COLOURS:
        return f"{value!r} is not a gem colour ({', '.join(COLOURS)})"
    return None


def _token(value: object) -> str | None:
    if type(value) is not str or value not in TOKEN_KINDS:
        return f"{value!r} is not a token kind ({', '.join(TOKEN_KINDS)})"
    return None


def _count(value: object) -> bool:
    return type(value) is int and value >= 0


def _gold(value: object) -> str | None:
    if type(value) is not tuple or len(value) != len(COLOURS) or not all(_count(units) for units in value):
        return (
            f"gold covers a tuple of {len(COLOURS)} counts (ints >= 0), one per colour ({', '.join(COLOURS)})"
        )
    return None


def _gold_cards(value: object) -> str | None:
    return None if _count(value) else "the Orient gold cards spent are a count, an int >= 0"


_Check = Callable[[object], str | None]
#: Per action type, each field and the check of its value (declared type, known id, range).
_FIELDS: dict[type[Action], tuple[tuple[str, _Check], ...]] = {
    TakeGems: (("colours", _colours),),
    ReserveCard: (("card", _card),),
    ReserveDeck: (("level", _level), ("orient", _flag)),
    BuyCard: (("card", _card),),
    Pay: (("gold", _gold), ("gold_cards", _gold_cards)),
    ReturnToken: (("token", _token),),
    ChooseNoble: (("noble", _id_of(NOBLES, "noble")),),
    ClaimCity: (("city", _id_of(CITY_FACES, "city")),),
    TakeTradingToken: (("colour", _colour),),
    PairCard: (("card", _card),),
    TakeFreeCard: (("card", _card),),
    ReserveNoble: (("noble", _id_of(NOBLES, "noble")),),
    SacrificeCard: (("card", _card),),
    PlaceStronghold: (("card", _card), ("origin", _origin)),
    RemoveStronghold: (("card", _card),),
    Pass: (),
}
assert set(_FIELDS) == set(ACTION_TYPES), "every action type has its field checks"
_NAMES = tuple(kind.__name__ for kind in ACTION_TYPES)


# ---------------------------------------------------------------------- the rules


def _why_take(state: St, player: Player, action: Any) -> str | None:
    colours: tuple[str, ...] = action.colours
    bank = state.bank
    counts = [colours.count(c) for c in colours]
    if not colours or len(colours) > 3 or max(counts) > 2 or (2 in counts and colours[0] != colours[1]):
        return (
            "take 3 gems of different colours, or 2 of one colour (with the second Trading "
            "Post power: 2 of one colour, then 1 of another)"
        )
    for colour in dict.fromkeys(colours):  # in the order given, so the message is stable
        if bank[colour] < colours.count(colour):
            return f"the supply has only {bank[colour]} {colour} token(s)"
    if len(colours) >= 2 and colours[0] == colours[1]:
        if bank[colours[0]] < TAKE_TWO_MIN:
            return (
                f"taking 2 {colours[0]} tokens needs at least {TAKE_TWO_MIN} {colours[0]} "
                f"in the supply before taking (there are {bank[colours[0]]})"
            )
        if len(colours) == 3 and 2 not in player.posts:
            return "taking 1 more token with 2 of one colour needs the second Trading Post power"
        if len(colours) == 2 and 2 in player.posts:
            return (
                "the second Trading Post power makes you take 1 gem of another colour "
                "with 2 of the same colour"
            )
        return None
    available = sum(1 for c in COLOURS if bank[c])
    if len(colours) < min(3, available):
        return (
            f"take 3 gems of different colours; fewer only when fewer colours are left "
            f"({available} colours are available)"
        )
    return None


def _why_occupied(state: St, seat: int, card: str) -> str | None:
    if state.module != "strongholds":
        return None
    owner = occupants(state).get(card)
    if owner is not None and owner != seat:
        return (
            f"{card} carries player {owner}'s stronghold: only the stronghold's owner may buy or reserve it"
        )
    return None


def _why_reserve(state: St, player: Player, action: Any) -> str | None:
    if len(player.reserved) >= MAX_RESERVED:
        return f"a player may hold at most {MAX_RESERVED} reserved cards"
    if isinstance(action, ReserveDeck):
        if action.orient and not state.orient:
            return "there are Orient decks only with The Orient module"
        deck = "Orient deck" if action.orient else "deck"
        return f"the level-{action.level} {deck} is empty"
    if market_of(state, action.card) is None:
        return f"{action.card} is not face up on the table"
    return _why_occupied(state, state.turns.current, action.card)


def _why_buy(state: St, player: Player, action: Any) -> str | None:
    card = action.card
    seat = state.turns.current
    if state.tasks:  # the conquest purchase
        return f"only the card carrying your 3 strongholds may be bought now, not {card}"
    if card not in player.reserved:
        if market_of(state, card) is None:
            return f"{card} is neither face up on the table nor reserved by you"
        occupied = _why_occupied(state, seat, card)
        if occupied:
            return occupied
    kind = KIND[card]
    if kind == "sacrifice":
        colour, count = SACRIFICE[card]
        return (
            f"{card} is bought by discarding {count} {colour} bonuses and you have {player.bonuses[colour]}"
        )
    if kind in PAIR_KINDS and not any(player.bonuses.values()):
        return f"{card} must be paired: it cannot be bought without a card with a gem bonus"
    return (
        f"cannot afford {card}: it needs {shortfall(player, card)} gold beyond your bonuses "
        f"and gems, and you have {player.tokens[GOLD]} gold"
        + (f" and {len(player.gold_cards)} Orient gold card(s)" if player.gold_cards else "")
    )


def _why_pay(state: St, player: Player, action: Any) -> str | None:
    return (
        f"{action} is not a possible payment for {state.purchase}: gold may only cover what "
        f"your bonuses leave, gems pay the rest, and you hold {player.tokens[GOLD]} gold"
        + (f" and {len(player.gold_cards)} Orient gold card(s)" if player.gold_cards else "")
    )


def _why_return(state: St, player: Player, action: Any) -> str | None:
    if not player.tokens[action.token]:
        return f"you hold no {action.token} token to return"
    return None


def _why_noble(state: St, player: Player, action: Any) -> str | None:
    noble = action.noble
    if noble not in state.nobles and noble not in player.reserved_nobles:
        return f"noble {noble} is not available to visit you"
    return f"noble {noble} does not visit you: your bonuses do not meet {dict(NOBLES[noble].requirement)}"


def _why_city(state: St, player: Player, action: Any) -> str | None:
    city = action.city
    if city not in state.cities:
        return f"city {city} is not in play"
    if any(p.city == city for p in state.players):
        return f"city {city} has already been claimed"
    face = CITY_FACES[city]
    return (
        f"you do not meet city {city}: it needs {face.prestige} prestige and the bonuses "
        f"{dict(face.bonuses)}" + (f" plus {face.same_colour} of one colour" if face.same_colour else "")
    )


def _why_stronghold(state: St, player: Player, action: Any) -> str | None:
    seat = state.turns.current
    if isinstance(action, RemoveStronghold):
        owner = occupants(state).get(action.card)
        if owner is None or owner == seat:
            return f"there is no other player's stronghold on {action.card}"
        return None
    if action.origin is not None and action.origin not in player.strongholds:
        return f"you have no stronghold on {action.origin} to move"
    if action.origin is None and None not in player.strongholds:
        return "all your strongholds are on the table: move one instead"
    if market_of(state, action.card) is None or IS_ORIENT[action.card]:
        return f"{action.card} is not a face-up card on the table"
    if action.card == state.purchase:
        return f"{action.card} is being bought"
    return _why_occupied(state, seat, action.card) and (
        f"{action.card} carries another player's stronghold: a stronghold goes only on a card "
        "free of other colours"
    )


def _why_pair(state: St, player: Player, action: Any) -> str | None:
    if action.card not in player.cards or colour_of(player, action.card) is None:
        return f"a pair card is paired with a card you own that has a gem bonus, not {action.card}"
    return None


def _why_free(state: St, player: Player, action: Any) -> str | None:
    level = state.tasks[0].split(":", 1)[1]
    return f"take a face-up level-{level} card (base or Orient), not {action.card}"


def _why_sacrifice(state: St, player: Player, action: Any) -> str | None:
    colour = state.tasks[0].split(":", 1)[1]
    if action.card in player.reserved:
        return "reserved cards cannot be discarded for a sacrifice"
    if action.card not in player.cards or colour_of(player, action.card) != colour:
        return f"discard an owned card with a {colour} bonus, not {action.card}"
    return (
        f"discard the paired Orient cards of {colour} first, and no more than the bonuses "
        "owed when a single-bonus card will do"
    )


def _why_pass(state: St, player: Player, action: Any) -> str | None:
    return "you may pass only when no action is possible"


_CHECKS: dict[type[Action], Callable[[St, Player, Any], str | None]] = {
    TakeGems: _why_take,
    ReserveCard: _why_reserve,
    ReserveDeck: _why_reserve,
    BuyCard: _why_buy,
    Pay: _why_pay,
    ReturnToken: _why_return,
    ChooseNoble: _why_noble,
    ClaimCity: _why_city,
    PlaceStronghold: _why_stronghold,
    RemoveStronghold: _why_stronghold,
    PairCard: _why_pair,
    TakeFreeCard: _why_free,
    SacrificeCard: _why_sacrifice,
    Pass: _why_pass,
}
