"""What may be done now: the main actions of a turn and the answers to each pending decision.

The main-action generator is the hot loop of random play and search, so its common case
(a card paid with tokens) is inlined, and the hot paths read the token pools' count dicts
directly (reading only: every change goes through the ``TokenPool`` API in :mod:`.effects`).
"""

from __future__ import annotations

import itertools
from collections.abc import Sequence
from typing import TYPE_CHECKING

from tabletop.core import Action, Market

from .actions import (
    BUY,
    CLAIM,
    FREE,
    PAIR,
    PASS,
    PAY_CACHE,
    PLACE,
    REMOVE,
    RESERVE,
    RESERVE_DECK,
    RESERVE_NOBLE,
    RETURN,
    SACRIFICE_CARD,
    TAKE,
    TAKE_DIFFERENT,
    TRADE,
    VISIT,
    Pay,
)
from .components import (
    BONUS,
    BONUS_COUNT,
    CARDS,
    CITY_FACES,
    COLOURS,
    COST5,
    COST_ITEMS,
    GOLD,
    IS_ORIENT,
    KIND,
    LEVEL,
    MAX_RESERVED,
    NOBLE_REQ5,
    PAIR_KINDS,
    PLAIN,
    SACRIFICE,
    SETUP,
    TAKE_TWO_MIN,
    TOKEN_KINDS,
    TOKEN_LIMIT,
    TOTAL_COST,
)
from .decisions import task_name

if TYPE_CHECKING:
    from .state import CitiesOfSplendorState as St
    from .state import Player


def colour_of(player: Player, card: str) -> str | None:
    """The bonus colour ``card`` gives ``player`` (a paired Orient card takes its pair's)."""
    colour = BONUS[card]
    return colour if colour is not None else player.pairs.get(card)


def occupants(state: St) -> dict[str, int]:
    """Face-up card -> the seat whose strongholds are on it."""
    occupied: dict[str, int] = {}
    for seat, player in enumerate(state.players):
        for card in player.strongholds:
            if card is not None:
                occupied[card] = seat
    return occupied


def market_of(state: St, card: str) -> Market | None:
    """The market where ``card`` lies face up, if any."""
    level = LEVEL[card] - 1
    market = state.orient[level] if IS_ORIENT[card] and state.orient else state.markets[level]
    return market if card in market.slots else None


def shortfall(player: Player, card: str) -> int:
    """How many gold tokens ``player`` needs to buy ``card`` (gold units for Orient gold cards)."""
    bonuses = player.bonuses
    tokens = player.tokens.counts
    short = 0
    if 3 in player.posts:  # each gold token covers 2 of one colour
        for colour, n in COST_ITEMS[card]:
            s = n - bonuses[colour] - tokens[colour]
            if s > 0:
                short += (s + 1) >> 1
    else:
        for colour, n in COST_ITEMS[card]:
            s = n - bonuses[colour] - tokens[colour]
            if s > 0:
                short += s
    return short


def can_buy(player: Player, card: str) -> bool:
    """Whether ``player`` can pay for ``card`` now (tokens, gold, sacrifices, pairing)."""
    kind = KIND[card]
    if kind == "sacrifice":
        colour, count = SACRIFICE[card]
        return player.bonuses[colour] >= count
    if kind in PAIR_KINDS and not any(player.bonuses.values()):
        return False
    short = shortfall(player, card)
    if not short:
        return True
    gold = player.tokens[GOLD]
    if player.gold_cards:
        gold += 2 * len(player.gold_cards)
    return short <= gold


def meets(bonuses: dict[str, int], requirement: Sequence[tuple[str, int]]) -> bool:
    """Whether ``bonuses`` reach every count of ``requirement``."""
    return all(bonuses[colour] >= n for colour, n in requirement)


def visiting_nobles(state: St, player: Player) -> list[str]:
    """The nobles whose requirement ``player``'s bonuses meet: available or reserved by them."""
    bonuses = player.bonuses
    bw, bu, bg, br, bk = (
        bonuses["white"],
        bonuses["blue"],
        bonuses["green"],
        bonuses["red"],
        bonuses["black"],
    )
    found = []
    for noble in itertools.chain(state.nobles, player.reserved_nobles):
        w, u, g, r, k = NOBLE_REQ5[noble]
        if bw >= w and bu >= u and bg >= g and br >= r and bk >= k:
            found.append(noble)
    return found


def city_met(player: Player, face_id: str) -> bool:
    """Whether ``player`` meets a city face: its prestige and its bonuses (same-colour icon too)."""
    face = CITY_FACES[face_id]
    if player.prestige < face.prestige:
        return False
    bonuses = player.bonuses
    if not meets(bonuses, tuple(face.bonuses.items())):
        return False
    if face.same_colour:
        return any(bonuses[c] >= face.same_colour for c in COLOURS if c not in face.same_colour_excludes)
    return True


def legal_actions(state: St) -> list[Action]:
    """The legal actions of the pending decision."""
    if not state.tasks:
        return turn_actions(state)
    return task_options(state, state.tasks[0])


def turn_actions(state: St) -> list[Action]:
    """The main actions: take gems, reserve, buy; ``Pass`` only when none is possible."""
    turns = state.turns
    seat = turns.order[turns.position]  # TurnOrder.current, without a property call
    player = state.players[seat]
    bank = state.bank.counts
    key = (bank["white"], bank["blue"], bank["green"], bank["red"], bank["black"], 2 in player.posts)
    takes = _TAKES_BY_SUPPLY.get(key)
    if takes is None:  # a supply not met yet: its takes are those of its kind, found by index
        takes = _TAKES_BY_SUPPLY[key] = _takes_of_supply(key)
    actions: list[Action] = takes.copy()
    may_reserve = len(player.reserved) < MAX_RESERVED
    occupied = occupants(state) if state.module == "strongholds" else None
    # What the player can put towards a cost, per colour, and the gold to cover the rest;
    # the common case (a standard card, no third Trading Post power) is inlined for speed.
    bonuses, tokens = player.bonuses, player.tokens.counts
    hw = bonuses["white"] + tokens["white"]
    hu = bonuses["blue"] + tokens["blue"]
    hg = bonuses["green"] + tokens["green"]
    hr = bonuses["red"] + tokens["red"]
    hk = bonuses["black"] + tokens["black"]
    budget = tokens[GOLD] + 2 * len(player.gold_cards)
    simple = 3 not in player.posts
    buy, reserve, plain, cost5, total = BUY, RESERVE, PLAIN, COST5, TOTAL_COST
    # No card costs more than everything the player can put towards it (bonuses, gems, gold):
    # tested inline before the call, it rules out most cards early on. With the third Trading
    # Post power one gold covers 2 units, so there is no such quick bound.
    cap = hw + hu + hg + hr + hk + budget if simple else 1 << 30

    def affordable(card: str) -> bool:
        if simple and card in plain:
            w, u, g, r, k = cost5[card]
            short = (
                (w - hw if w > hw else 0)
                + (u - hu if u > hu else 0)
                + (g - hg if g > hg else 0)
                + (r - hr if r > hr else 0)
                + (k - hk if k > hk else 0)
            )
            return short <= budget
        return can_buy(player, card)

    for market in itertools.chain(state.markets, state.orient):
        for card in market.slots:
            if card is None:
                continue
            if occupied and occupied.get(card, seat) != seat:
                continue
            if may_reserve:
                actions.append(reserve[card])
            if total[card] <= cap and affordable(card):
                actions.append(buy[card])
    if may_reserve:
        for level, market in enumerate(state.markets, start=1):
            if market.deck.cards:
                actions.append(RESERVE_DECK[(level, False)])
        for level, market in enumerate(state.orient, start=1):
            if market.deck.cards:
                actions.append(RESERVE_DECK[(level, True)])
    for card in player.reserved:
        if total[card] <= cap and affordable(card):
            actions.append(buy[card])
    if not actions:
        actions.append(PASS)
    return actions


def _takes(bank: dict[str, int], power_two: bool) -> list[Action]:
    """The gem takes a supply allows (with or without the second Trading Post power)."""
    available = tuple(c for c in COLOURS if bank[c])
    actions: list[Action] = list(TAKE_DIFFERENT[available]) if available else []
    for colour in COLOURS:
        if bank[colour] >= TAKE_TWO_MIN:
            others = [TAKE[(colour, colour, o)] for o in available if o != colour] if power_two else None
            if others:
                actions.extend(others)
            else:
                actions.append(TAKE[(colour, colour)])
    return actions


#: The same by the kind of supply of each colour (0: none, 1: fewer than TAKE_TWO_MIN, 2: at
#: least that), all 486 made at import: the takes depend on nothing else, and a fresh process
#: would otherwise work them out for every new supply it meets.
_TAKES_BY_KIND: dict[tuple[int | bool, ...], list[Action]] = {
    (*kinds, power_two): _takes(dict(zip(COLOURS, ((0, 1, TAKE_TWO_MIN)[k] for k in kinds))), power_two)
    for kinds in itertools.product(range(3), repeat=len(COLOURS))
    for power_two in (False, True)
}


def _kind_weights(place: int) -> dict[int, int]:
    """A count of one colour in the bank -> its kind (0, 1 or 2, as above) times ``place``."""
    most = max(SETUP.gems_per_colour.values())
    return {n: place * (0 if n <= 0 else 2 if n >= TAKE_TWO_MIN else 1) for n in range(most + 1)}


#: The gem takes by the bank's count of each colour and whether the second Trading Post power
#: is held (the key turn_actions builds): filled as supplies are met, each from the index below.
_TAKES_BY_SUPPLY: dict[tuple[int | bool, ...], list[Action]] = {}

# The takes of a supply's kind as a list indexed by the kinds as a number in base 3 (the second
# power adds 243): a supply met for the first time costs five dict lookups, not a generator
# working out its kinds, so a fresh process fills the memo above at little cost. (The memo stays:
# a hit on its tuple key is cheaper than adding the five weights every time.)
_WHITE, _BLUE, _GREEN, _RED, _BLACK = (_kind_weights(3**place) for place in reversed(range(len(COLOURS))))
_POWER_TWO = 3 ** len(COLOURS)
_TAKES_BY_INDEX: list[list[Action]] = [
    _TAKES_BY_KIND[(*kinds, power_two)]
    for power_two in (False, True)
    for kinds in itertools.product(range(3), repeat=len(COLOURS))
]


def _takes_of_supply(key: tuple[int | bool, ...]) -> list[Action]:
    """The takes of a supply (``turn_actions``' key: five counts, then the second power)."""
    white, blue, green, red, black, power_two = key
    try:
        return _TAKES_BY_INDEX[
            _WHITE[white]
            + _BLUE[blue]
            + _GREEN[green]
            + _RED[red]
            + _BLACK[black]
            + (_POWER_TWO if power_two else 0)
        ]
    except KeyError:  # a count no game reaches (a state edited by hand): its kind worked out
        kinds = (0 if n <= 0 else 2 if n >= TAKE_TWO_MIN else 1 for n in key[:-1])
        return _TAKES_BY_KIND[(*kinds, power_two)]


def payment_options(player: Player, card: str) -> list[Action]:
    """Every way to pay for ``card``: gold units per colour and Orient gold cards spent."""
    bonuses, tokens = player.bonuses, player.tokens.counts
    gold = tokens[GOLD]
    gold_cards = len(player.gold_cards)
    power_three = 3 in player.posts
    most = 2 * gold if power_three else gold + 2 * gold_cards  # units gold can cover at all
    ranges = []
    for colour in COLOURS:
        rest = max(0, CARDS[card].cost.get(colour, 0) - bonuses[colour])
        ranges.append(range(max(0, rest - tokens[colour]), min(rest, most) + 1))
    options: list[Action] = []
    for units in itertools.product(*ranges):
        if power_three:
            if sum((u + 1) >> 1 for u in units) <= gold:
                options.append(_pay(units, 0))
            continue
        total = sum(units)
        for used in range(min(gold_cards, (total + 1) >> 1) + 1):
            if total - 2 * used <= gold:
                options.append(_pay(units, used))
    return options


def _pay(units: tuple[int, ...], gold_cards: int) -> Pay:
    key = (units, gold_cards)
    pay = PAY_CACHE.get(key)
    if pay is None:
        pay = PAY_CACHE[key] = Pay(units, gold_cards)
    return pay


def sacrifice_options(player: Player, colour: str, left: int) -> list[Action]:
    """Owned cards that may be discarded next: paired Orient cards of the colour first.

    No more bonuses than the ``left`` still owed are discarded when that can be avoided: where
    some card lets the rest be paid exactly (in the same order of priority), only such cards
    are offered (with 1 owed, a single-bonus card; with 2, not a single that leaves only
    double-bonus cards).
    """
    mine = [card for card in player.cards if colour_of(player, card) == colour]
    paired = [card for card in mine if card in player.pairs]
    pool = paired or mine
    exact = [card for card in pool if _pays_exactly(player, mine, card, left)]
    return [SACRIFICE_CARD[card] for card in exact or pool]


def _pays_exactly(player: Player, cards: list[str], card: str, left: int) -> bool:
    """Whether discarding ``card`` of ``cards`` (the colour's) and then more of them, paired
    ones first, can pay exactly the ``left`` bonuses owed."""
    owed = left - BONUS_COUNT[card]
    if owed <= 0:
        return owed == 0
    rest = [other for other in cards if other != card]
    paired = [other for other in rest if other in player.pairs]
    return any(_pays_exactly(player, rest, other, owed) for other in paired or rest)


def stronghold_options(state: St, seat: int) -> list[Action]:
    """Place or move one of your strongholds onto a face-up card free of others', or remove one."""
    player = state.players[seat]
    occupied = occupants(state)
    targets = [
        card
        for market in state.markets
        for card in market.slots
        if card is not None and occupied.get(card, seat) == seat
    ]
    origins: list[str | None] = []
    if None in player.strongholds:
        origins.append(None)
    for card in player.strongholds:
        if card is not None and card not in origins:
            origins.append(card)
    place = PLACE
    actions: list[Action] = [
        place[(target, origin)] for origin in origins for target in targets if target != origin
    ]
    actions.extend(REMOVE[card] for card, owner in occupied.items() if owner != seat)
    return actions


def task_options(state: St, task: str) -> list[Action]:
    """The answers to the decision ``task`` asks (empty: nothing to decide, skip it)."""
    seat = state.turns.current
    player = state.players[seat]
    name = task_name(task)
    if name == "return":
        if player.tokens.total() <= TOKEN_LIMIT:
            return []
        return [RETURN[kind] for kind in TOKEN_KINDS if player.tokens[kind]]
    if name == "noble":
        return [VISIT[n] for n in visiting_nobles(state, player)]
    if name == "pay":
        assert state.purchase is not None
        return payment_options(player, state.purchase)
    if name == "city":
        if player.city is not None:
            return []
        claimed = {p.city for p in state.players}
        return [CLAIM[f] for f in state.cities if f not in claimed and city_met(player, f)]
    if name == "stronghold":
        return stronghold_options(state, seat)
    if name == "conquest":
        card = player.strongholds[0]
        if card is not None and player.strongholds.count(card) == 3 and can_buy(player, card):
            return [BUY[card], PASS]
        return []
    if name == "pair":
        own = task.split(":", 1)[1]
        return [PAIR[c] for c in player.cards if c != own and colour_of(player, c) is not None]
    if name == "free":
        level = int(task.split(":", 1)[1])
        cards = [c for c in state.markets[level - 1].slots if c is not None]
        if state.orient:
            cards.extend(c for c in state.orient[level - 1].slots if c is not None)
        return [FREE[c] for c in cards]
    if name == "reserve_noble":
        return [RESERVE_NOBLE[n] for n in state.nobles]
    if name == "post_token":
        return [TRADE[c] for c in COLOURS if state.bank[c]]
    if name == "sacrifice":
        return sacrifice_options(player, task.split(":", 1)[1], state.sacrifice_left)
    raise AssertionError(f"task {task!r} asks no decision")
