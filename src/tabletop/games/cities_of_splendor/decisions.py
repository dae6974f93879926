"""Tables computed once from the printed data: costs, kinds, the shared action instances,
the decisions each waiting task asks and the tasks that close a turn."""

from __future__ import annotations

import itertools

from tabletop.core import Action

from .actions import (
    TAKE_DOMAIN,
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
from .components import CARDS, CITY, COLOURS, NOBLES, SETUP, TOKEN_KINDS, TRADING_POSTS

COST_ITEMS: dict[str, tuple[tuple[str, int], ...]] = {
    c.id: tuple((colour, c.cost[colour]) for colour in COLOURS if c.cost.get(colour)) for c in CARDS
}
KIND = {c.id: c.kind for c in CARDS}
BONUS = {c.id: c.bonus for c in CARDS}
BONUS_COUNT = {c.id: c.bonus_count for c in CARDS}
POINTS = {c.id: c.points for c in CARDS}
LEVEL = {c.id: c.level for c in CARDS}
IS_ORIENT = {c.id: c.module == "orient" for c in CARDS}
SACRIFICE = {c.id: (c.sacrifice.colour, c.sacrifice.bonuses) for c in CARDS if c.sacrifice}
COST5 = {c.id: tuple(c.cost.get(colour, 0) for colour in COLOURS) for c in CARDS}
TOTAL_COST = {c.id: sum(c.cost.values()) for c in CARDS}
#: Cards bought with tokens and nothing else asked (no pairing, no sacrifice).
PLAIN = frozenset(c.id for c in CARDS if c.kind not in ("pair", "pair_then_free_level1", "sacrifice"))
PAIR_KINDS = frozenset({"pair", "pair_then_free_level1"})
ABILITY_TASKS: dict[str, tuple[str, ...]] = {
    "pair": ("pair",),
    "pair_then_free_level1": ("pair", "free:1"),
    "reserve_noble": ("reserve_noble",),
    "free_level2": ("free:2",),
}
NOBLE_POINTS = {n.id: n.points for n in NOBLES}
NOBLE_REQ5 = {n.id: tuple(n.requirement.get(colour, 0) for colour in COLOURS) for n in NOBLES}
POSTS = tuple((p.position, tuple(p.bonuses.items()), p.nobles) for p in TRADING_POSTS)

GOAL = SETUP.prestige_goal
LOWEST_CITY = min(face.prestige for face in CITY.values())
TOKEN_LIMIT = SETUP.token_limit
MAX_RESERVED = SETUP.max_reserved
TAKE_TWO_MIN = SETUP.take_two_minimum

# One shared instance per action: legal-action lists are built from these, never allocated.
TAKE = {colours: TakeGems(colours) for colours in TAKE_DOMAIN}
#: Available colours (in printed order) -> the "3 different colours" takes among them.
TAKE_DIFFERENT: dict[tuple[str, ...], list[Action]] = {}
for _size in range(1, len(COLOURS) + 1):
    for _avail in itertools.combinations(COLOURS, _size):
        if _size >= 3:
            TAKE_DIFFERENT[_avail] = [TAKE[t] for t in itertools.combinations(_avail, 3)]
        else:  # fewer than 3 colours left: one of each (the project's documented policy)
            TAKE_DIFFERENT[_avail] = [TAKE[_avail]]
RESERVE = {c.id: ReserveCard(c.id) for c in CARDS}
RESERVE_DECK = {
    (level, orient): ReserveDeck(level, orient) for level in (1, 2, 3) for orient in (False, True)
}
BUY = {c.id: BuyCard(c.id) for c in CARDS}
RETURN = {kind: ReturnToken(kind) for kind in TOKEN_KINDS}
VISIT = {n.id: ChooseNoble(n.id) for n in NOBLES}
RESERVE_NOBLE = {n.id: ReserveNoble(n.id) for n in NOBLES}
CLAIM = {face: ClaimCity(face) for face in CITY}
TRADE = {colour: TakeTradingToken(colour) for colour in COLOURS}
PAIR = {c.id: PairCard(c.id) for c in CARDS}
FREE = {c.id: TakeFreeCard(c.id) for c in CARDS}
SACRIFICE_CARD = {c.id: SacrificeCard(c.id) for c in CARDS}
REMOVE = {c.id: RemoveStronghold(c.id) for c in CARDS}
#: (target, origin) -> the stronghold move; strongholds go on base cards only.
PLACE = {
    (target.id, origin): PlaceStronghold(target.id, origin)
    for target in CARDS
    if target.module == "base"
    for origin in [None, *(c.id for c in CARDS if c.module == "base")]
    if origin != target.id
}
PASS = Pass()
NO_GOLD = Pay((0,) * len(COLOURS), 0)
PAY_CACHE: dict[tuple[tuple[int, ...], int], Pay] = {(NO_GOLD.gold, 0): NO_GOLD}

#: The decision each waiting task asks (tasks absent here resolve by themselves).
DECISIONS = {
    "pay": "pay",
    "sacrifice": "sacrifice",
    "pair": "pair",
    "free": "free_card",
    "reserve_noble": "reserve_noble",
    "post_token": "trading_post_token",
    "stronghold": "stronghold",
    "conquest": "conquest",
    "return": "return_tokens",
    "noble": "noble",
    "city": "city",
}
DESCRIBE = {
    "turn": "the main action: take gems, reserve a card or buy a card",
    "pay": "how to pay for the card being bought",
    "sacrifice": "which card to discard for the Orient sacrifice card",
    "pair": "which owned card the Orient card is paired with",
    "free_card": "which face-up card to take for free",
    "reserve_noble": "which noble to reserve",
    "trading_post_token": "which gem token the first Trading Post power gives",
    "stronghold": "where to place, move or remove a stronghold",
    "conquest": "whether to buy the card carrying your 3 strongholds",
    "return_tokens": "which token to return, holding more than 10",
    "noble": "which noble visits",
    "city": "which city to claim",
}
ACTIONS_OF: dict[str, tuple[type[Action], ...]] = {
    "turn": (TakeGems, ReserveCard, ReserveDeck, BuyCard, Pass),
    "pay": (Pay,),
    "sacrifice": (SacrificeCard,),
    "pair": (PairCard,),
    "free_card": (TakeFreeCard,),
    "reserve_noble": (ReserveNoble,),
    "trading_post_token": (TakeTradingToken,),
    "stronghold": (PlaceStronghold, RemoveStronghold),
    "conquest": (BuyCard, Pass),
    "return_tokens": (ReturnToken,),
    "noble": (ChooseNoble,),
    "city": (ClaimCity,),
}


def end_tasks(module: str | None) -> list[str]:
    """The tasks that close every turn under ``module``."""
    tasks = ["conquest"] if module == "strongholds" else []
    tasks += ["return"]
    if module != "cities":
        tasks.append("noble")
    if module == "trading_posts":
        tasks.append("posts")
    if module == "cities":
        tasks.append("city")
    tasks.append("end_turn")
    return tasks


END_TASKS = {
    module: tuple(end_tasks(module)) for module in ("cities", "trading_posts", "orient", "strongholds", None)
}
