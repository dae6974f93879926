"""The rules: setup, the turn and its follow-up decisions, the end of the game.

A turn is one main action followed by a queue of *tasks* (``state.tasks``, next first). Each
task either resolves by itself (gaining the bought card, refilling the markets, placing coats
of arms, ending the turn) or asks the active player a decision; a decision with exactly one
possible answer is answered automatically, one with none is skipped. Purchases queue
``pay``/``sacrifice``, ``gain``, the card's Orient abilities, the Trading Post token and the
stronghold move, then ``refill``; every turn ends with the conquest purchase, returning tokens
down to 10, the noble visit, the coats of arms, the city claim and ``end_turn``.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any

from tabletop.core import Action, Deck, Market, Outcome, Rng, TokenPool, TurnOrder, winners

from .actions import (
    BuyCard, ChooseNoble, ClaimCity, PairCard, Pass, Pay, PlaceStronghold, RemoveStronghold,
    ReserveCard, ReserveDeck, ReserveNoble, ReturnToken, SacrificeCard, TakeFreeCard, TakeGems,
    TakeTradingToken, TAKE_DOMAIN,
)
from .components import (
    BASE_CARDS, CARD, CARDS, CITY, CITY_TILES, COLOURS, GOLD, NOBLE, NOBLES, ORIENT_CARDS, SETUP,
    TOKEN_KINDS, TRADING_POSTS,
)

if TYPE_CHECKING:
    from .state import CitiesOfSplendorState as St
    from .state import Player

# ---------------------------------------------------------------------- static tables

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
    "pair": ("pair",), "pair_then_free_level1": ("pair", "free:1"),
    "reserve_noble": ("reserve_noble",), "free_level2": ("free:2",),
}
NOBLE_POINTS = {n.id: n.points for n in NOBLES}
NOBLE_REQ = {n.id: tuple(n.requirement.items()) for n in NOBLES}
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
RESERVE_DECK = {(level, orient): ReserveDeck(level, orient) for level in (1, 2, 3) for orient in (False, True)}
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
PASS = Pass()
NO_GOLD = Pay((0,) * len(COLOURS), 0)
_PAY_CACHE: dict[tuple[tuple[int, ...], int], Pay] = {(NO_GOLD.gold, 0): NO_GOLD}

#: The decision each waiting task asks (tasks absent here resolve by themselves).
DECISIONS = {
    "pay": "pay", "sacrifice": "sacrifice", "pair": "pair", "free": "free_card",
    "reserve_noble": "reserve_noble", "post_token": "trading_post_token",
    "stronghold": "stronghold", "conquest": "conquest", "return": "return_tokens",
    "noble": "noble", "city": "city",
}
_DESCRIBE = {
    "turn": "the main action: take gems, reserve a card or buy a card",
    "pay": "how to pay for the card being bought",
    "sacrifice": "which card to discard for the Orient sacrifice card",
    "pair": "which owned card the Orient card is paired with",
    "free_card": "which face-up card to take for free",
    "reserve_noble": "which noble to reserve",
    "trading_post_token": "which gem token the first Trading Post power gives",
    "stronghold": "where to place, move or remove a stronghold",
    "conquest": "whether to buy the card carrying your 3 strongholds",
    "return_tokens": "which token to return (more than 10 held)",
    "noble": "which noble visits",
    "city": "which city to claim",
}
_ACTIONS_OF: dict[str, tuple[type[Action], ...]] = {
    "turn": (TakeGems, ReserveCard, ReserveDeck, BuyCard, Pass),
    "pay": (Pay,), "sacrifice": (SacrificeCard,), "pair": (PairCard,), "free_card": (TakeFreeCard,),
    "reserve_noble": (ReserveNoble,), "trading_post_token": (TakeTradingToken,),
    "stronghold": (PlaceStronghold, RemoveStronghold), "conquest": (BuyCard, Pass),
    "return_tokens": (ReturnToken,), "noble": (ChooseNoble,), "city": (ClaimCity,),
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


_END_TASKS = {module: tuple(end_tasks(module)) for module in ("cities", "trading_posts", "orient", "strongholds", None)}

# ---------------------------------------------------------------------- setup


def setup(num_players: int, seed: int, options: dict[str, Any], rng: Rng) -> St:
    """A new game: tokens by player count, 4 cards per level, nobles or cities by module."""
    from .state import CitiesOfSplendorState, Player

    module = options["module"]
    gems = SETUP.gems_per_colour[str(num_players)]
    bank = TokenPool({**{colour: gems for colour in COLOURS}, GOLD: SETUP.gold})
    markets = [
        Market.dealt(SETUP.face_up_per_level, Deck.shuffled(BASE_CARDS[level], rng)) for level in (1, 2, 3)
    ]
    orient = []
    if module == "orient":
        orient = [
            Market.dealt(SETUP.orient_face_up_per_level, Deck.shuffled(ORIENT_CARDS[level], rng))
            for level in (1, 2, 3)
        ]
    nobles: list[str] = []
    cities: list[str] = []
    if module == "cities":
        for tile in rng.sample(CITY_TILES, SETUP.cities_revealed):
            cities.append(tile.faces[rng.randbelow(2)].id)
    else:
        nobles = rng.sample([n.id for n in NOBLES], num_players + 1)
    strongholds = SETUP.strongholds_per_player if module == "strongholds" else 0
    players = [
        Player(
            tokens=TokenPool({kind: 0 for kind in TOKEN_KINDS}),
            bonuses={colour: 0 for colour in COLOURS},
            strongholds=[None] * strongholds,
        )
        for _ in range(num_players)
    ]
    return CitiesOfSplendorState(
        num_players=num_players, seed=seed, options=options, rng=rng, module=module,
        turns=TurnOrder.starting_with(num_players, 0), bank=bank, markets=markets, orient=orient,
        nobles=nobles, cities=cities, players=players,
    )


# ---------------------------------------------------------------------- small queries


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


def face_up(state: St) -> list[str]:
    """Every face-up card, base markets then Orient markets."""
    cards = [card for m in state.markets for card in m.slots if card is not None]
    for m in state.orient:
        cards.extend(card for card in m.slots if card is not None)
    return cards


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
    gold = player.tokens.counts[GOLD]
    if player.gold_cards:
        gold += 2 * len(player.gold_cards)
    return short <= gold


def meets(bonuses: dict[str, int], requirement: Sequence[tuple[str, int]]) -> bool:
    """Whether ``bonuses`` reach every count of ``requirement``."""
    for colour, n in requirement:
        if bonuses[colour] < n:
            return False
    return True


def city_met(player: Player, face_id: str) -> bool:
    """Whether ``player`` meets a city face: its prestige and its bonuses (same-colour icon too)."""
    face = CITY[face_id]
    if player.prestige < face.prestige:
        return False
    bonuses = player.bonuses
    if not meets(bonuses, tuple(face.bonuses.items())):
        return False
    if face.same_colour:
        return any(
            bonuses[c] >= face.same_colour for c in COLOURS if c not in face.same_colour_excludes
        )
    return True


def nothing_left_to_buy(state: St) -> bool:
    """Whether every development card is gone from the markets, decks and reserves."""
    for market in itertools.chain(state.markets, state.orient):
        if market.deck.cards or any(market.slots):
            return False
    return not any(player.reserved for player in state.players)


# ---------------------------------------------------------------------- decisions


def task_name(task: str) -> str:
    """The kind of a task (``"pair:O1-06"`` -> ``"pair"``)."""
    return task.split(":", 1)[0]


def decision_of(state: St) -> str:
    """The name of the pending decision."""
    if not state.tasks:
        return "turn"
    return DECISIONS[task_name(state.tasks[0])]


def legal_actions(state: St) -> list[Action]:
    """The legal actions of the pending decision."""
    if not state.tasks:
        return turn_actions(state)
    return task_options(state, state.tasks[0])


def turn_actions(state: St) -> list[Action]:
    """The main actions: take gems, reserve, buy; ``Pass`` only when none is possible."""
    turns = state.turns
    seat = turns.order[turns.position]
    player = state.players[seat]
    bank = state.bank.counts
    key = (bank["white"], bank["blue"], bank["green"], bank["red"], bank["black"], 2 in player.posts)
    takes = _TAKES_BY_SUPPLY.get(key)
    if takes is None:
        takes = _TAKES_BY_SUPPLY[key] = _takes(bank, key[-1])
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
    cap = hw + hu + hg + hr + hk + budget
    for market in itertools.chain(state.markets, state.orient):
        for card in market.slots:
            if card is None:
                continue
            if occupied and occupied.get(card, seat) != seat:
                continue
            if may_reserve:
                actions.append(reserve[card])
            if simple and card in plain:
                if total[card] > cap:  # cannot pay even with everything: most cards, early on
                    continue
                w, u, g, r, k = cost5[card]
                if ((w - hw if w > hw else 0) + (u - hu if u > hu else 0) + (g - hg if g > hg else 0)
                        + (r - hr if r > hr else 0) + (k - hk if k > hk else 0)) <= budget:
                    actions.append(buy[card])
            elif can_buy(player, card):
                actions.append(buy[card])
    if may_reserve:
        for level, market in enumerate(state.markets, start=1):
            if market.deck.cards:
                actions.append(RESERVE_DECK[(level, False)])
        for level, market in enumerate(state.orient, start=1):
            if market.deck.cards:
                actions.append(RESERVE_DECK[(level, True)])
    for card in player.reserved:
        if simple and card in plain:
            if total[card] > cap:
                continue
            w, u, g, r, k = cost5[card]
            if ((w - hw if w > hw else 0) + (u - hu if u > hu else 0) + (g - hg if g > hg else 0)
                    + (r - hr if r > hr else 0) + (k - hk if k > hk else 0)) <= budget:
                actions.append(buy[card])
        elif can_buy(player, card):
            actions.append(buy[card])
    if not actions:
        actions.append(PASS)
    return actions


_TAKES_BY_SUPPLY: dict[tuple[int | bool, ...], list[Action]] = {}


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


def payment_options(player: Player, card: str) -> list[Action]:
    """Every way to pay for ``card``: gold units per colour and Orient gold cards spent."""
    bonuses, tokens = player.bonuses, player.tokens.counts
    gold = tokens[GOLD]
    gold_cards = len(player.gold_cards)
    power_three = 3 in player.posts
    most = 2 * gold if power_three else gold + 2 * gold_cards  # units gold can cover at all
    ranges = []
    for colour in COLOURS:
        rest = max(0, CARD[card].cost.get(colour, 0) - bonuses[colour])
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
    pay = _PAY_CACHE.get(key)
    if pay is None:
        pay = _PAY_CACHE[key] = Pay(units, gold_cards)
    return pay


def sacrifice_options(player: Player, colour: str, left: int) -> list[Action]:
    """Owned cards that may be discarded next: paired Orient cards of the colour first.

    When one bonus is still owed, a single-bonus card must be chosen if there is one, so no
    more than the 2 bonuses asked are discarded when that can be avoided.
    """
    mine = [card for card in player.cards if colour_of(player, card) == colour]
    paired = [card for card in mine if card in player.pairs]
    pool = paired or mine
    if left == 1:
        singles = [card for card in pool if BONUS_COUNT[card] == 1]
        pool = singles or pool
    return [SACRIFICE_CARD[card] for card in pool]


def stronghold_options(state: St, seat: int) -> list[Action]:
    """Place or move one of your strongholds onto a face-up card free of others', or remove one."""
    player = state.players[seat]
    occupied = occupants(state)
    targets = [
        card for market in state.markets for card in market.slots
        if card is not None and occupied.get(card, seat) == seat
    ]
    origins: list[str | None] = []
    if None in player.strongholds:
        origins.append(None)
    for card in player.strongholds:
        if card is not None and card not in origins:
            origins.append(card)
    actions: list[Action] = [
        PlaceStronghold(target, origin) for origin in origins for target in targets if target != origin
    ]
    actions.extend(REMOVE[card] for card, owner in occupied.items() if owner != seat)
    return actions


def task_options(state: St, task: str) -> list[Action]:
    """The answers to the decision ``task`` asks (empty: nothing to decide, skip it)."""
    seat = state.turns.order[state.turns.position]
    player = state.players[seat]
    name = task_name(task)
    if name == "return":
        if player.tokens.total() <= TOKEN_LIMIT:
            return []
        return [RETURN[kind] for kind in TOKEN_KINDS if player.tokens.counts[kind]]
    if name == "noble":
        return [VISIT[n] for n in itertools.chain(state.nobles, player.reserved_nobles)
                if meets(player.bonuses, NOBLE_REQ[n])]
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
        return [TRADE[c] for c in COLOURS if state.bank.counts[c]]
    if name == "sacrifice":
        return sacrifice_options(player, task.split(":", 1)[1], state.sacrifice_left)
    raise AssertionError(f"task {task!r} asks no decision")


# ---------------------------------------------------------------------- effects


def apply(state: St, action: Action) -> None:
    """Carry out a legal action, then resolve tasks until a decision is pending."""
    if state.tasks:
        _answer(state, action)
    else:
        _main_action(state, action)
    _advance(state)


def _main_action(state: St, action: Action) -> None:
    seat = state.turns.order[state.turns.position]
    player = state.players[seat]
    tasks = state.tasks
    tasks.extend(_END_TASKS[state.module])
    if isinstance(action, Pass):
        state.passes += 1
        return
    state.passes = 0
    if isinstance(action, TakeGems):
        bank, mine = state.bank.counts, player.tokens.counts
        for colour in action.colours:
            bank[colour] -= 1
            mine[colour] += 1
    elif isinstance(action, BuyCard):
        tasks[0:0] = _begin_purchase(state, seat, action.card)
    elif isinstance(action, ReserveCard):
        market = market_of(state, action.card)
        assert market is not None
        slot = market.slots.index(action.card)
        market.slots[slot] = None
        market.refill(slot)
        _release_strongholds(state, action.card)
        _reserve(state, player, action.card)
    elif isinstance(action, ReserveDeck):
        markets = state.orient if action.orient else state.markets
        card = markets[action.level - 1].deck.draw()
        player.blind.append(card)
        _reserve(state, player, card)
    else:  # pragma: no cover - legality was checked by State.apply
        raise AssertionError(f"unexpected main action {action!r}")


def _reserve(state: St, player: Player, card: str) -> None:
    player.reserved.append(card)
    if state.bank.counts[GOLD]:
        state.bank.counts[GOLD] -= 1
        player.tokens.counts[GOLD] += 1


def _release_strongholds(state: St, card: str) -> None:
    """A card leaving the table gives its strongholds back to their owner."""
    if state.module != "strongholds":
        return
    for player in state.players:
        strongholds = player.strongholds
        for i, where in enumerate(strongholds):
            if where == card:
                strongholds[i] = None


def _begin_purchase(state: St, seat: int, card: str) -> list[str]:
    """Take ``card`` from its place; return the tasks that complete the purchase."""
    player = state.players[seat]
    if card in player.reserved:
        player.reserved.remove(card)
        if card in player.blind:
            player.blind.remove(card)
    else:
        market = market_of(state, card)
        assert market is not None
        market.slots[market.slots.index(card)] = None
        _release_strongholds(state, card)
    state.purchase = card
    tasks = []
    if KIND[card] == "sacrifice":
        colour, count = SACRIFICE[card]
        state.sacrifice_left = count
        tasks.append("sacrifice:" + colour)
    else:
        tasks.append("pay")
    tasks.append("gain")
    if 1 in player.posts:
        tasks.append("post_token")
    if state.module == "strongholds":
        tasks.append("stronghold")
    tasks.append("refill")
    return tasks


def _gain(state: St, player: Player, card: str) -> None:
    """``card`` joins ``player``'s tableau; its Orient ability is queued next."""
    kind = KIND[card]
    if kind == "double_gold":
        player.gold_cards.append(card)
        return
    player.cards.append(card)
    player.points += POINTS[card]
    colour = BONUS[card]
    if colour is not None:
        player.bonuses[colour] += BONUS_COUNT[card]
    follow = ABILITY_TASKS.get(kind)
    if follow:
        state.tasks[0:0] = [t + ":" + card if t == "pair" else t for t in follow]


def _answer(state: St, action: Action) -> None:
    """Resolve the pending decision with ``action``."""
    seat = state.turns.order[state.turns.position]
    player = state.players[seat]
    tasks = state.tasks
    if isinstance(action, ReturnToken):
        player.tokens.move_to(state.bank, action.token)
        if player.tokens.total() <= TOKEN_LIMIT:
            tasks.pop(0)
    elif isinstance(action, Pay):
        tasks.pop(0)
        _pay_for(state, player, action)
    elif isinstance(action, ChooseNoble):
        tasks.pop(0)
        noble = action.noble
        if noble in state.nobles:
            state.nobles.remove(noble)
        else:
            player.reserved_nobles.remove(noble)
        player.nobles.append(noble)
        player.points += NOBLE_POINTS[noble]
    elif isinstance(action, ClaimCity):
        tasks.pop(0)
        player.city = action.city
    elif isinstance(action, BuyCard):  # the conquest purchase
        tasks.pop(0)
        tasks[0:0] = _begin_purchase(state, seat, action.card)
    elif isinstance(action, Pass):  # conquest declined
        tasks.pop(0)
    elif isinstance(action, PlaceStronghold):
        tasks.pop(0)
        player.strongholds[player.strongholds.index(action.origin)] = action.card
    elif isinstance(action, RemoveStronghold):
        tasks.pop(0)
        for other in state.players:
            if action.card in other.strongholds:
                other.strongholds[other.strongholds.index(action.card)] = None
                break
    elif isinstance(action, TakeTradingToken):
        tasks.pop(0)
        state.bank.move_to(player.tokens, action.colour)
    elif isinstance(action, PairCard):
        own = tasks.pop(0).split(":", 1)[1]
        colour = colour_of(player, action.card)
        assert colour is not None
        player.pairs[own] = colour
        player.bonuses[colour] += 1
    elif isinstance(action, TakeFreeCard):
        tasks.pop(0)
        market = market_of(state, action.card)
        assert market is not None
        market.slots[market.slots.index(action.card)] = None
        _gain(state, player, action.card)
    elif isinstance(action, ReserveNoble):
        tasks.pop(0)
        state.nobles.remove(action.noble)
        player.reserved_nobles.append(action.noble)
    elif isinstance(action, SacrificeCard):
        card = action.card
        colour = colour_of(player, card)
        assert colour is not None
        player.cards.remove(card)
        player.pairs.pop(card, None)
        player.bonuses[colour] -= BONUS_COUNT[card]
        player.points -= POINTS[card]
        state.box.append(card)
        state.sacrifice_left -= BONUS_COUNT[card]
        if state.sacrifice_left <= 0:
            state.sacrifice_left = 0
            tasks.pop(0)
    else:  # pragma: no cover - legality was checked by State.apply
        raise AssertionError(f"unexpected answer {action!r}")


def _pay_for(state: St, player: Player, pay: Pay) -> None:
    """Spend gems for what bonuses and gold leave, then gold cards and gold tokens."""
    card = state.purchase
    assert card is not None
    bank, mine, bonuses = state.bank.counts, player.tokens.counts, player.bonuses
    cost = CARD[card].cost
    for colour, units in zip(COLOURS, pay.gold):
        gems = max(0, cost.get(colour, 0) - bonuses[colour]) - units
        if gems:
            mine[colour] -= gems
            bank[colour] += gems
    if 3 in player.posts:
        gold = sum((u + 1) >> 1 for u in pay.gold)
    else:
        gold = max(0, sum(pay.gold) - 2 * pay.gold_cards)
        for _ in range(pay.gold_cards):
            state.box.append(player.gold_cards.pop(0))
    if gold:
        mine[GOLD] -= gold
        bank[GOLD] += gold


def _advance(state: St) -> None:
    """Resolve tasks until a decision with a real choice is pending, or the turn ends."""
    tasks = state.tasks
    seat = state.turns.order[state.turns.position]
    player = state.players[seat]
    while tasks:
        task = tasks[0]
        if task == "gain":
            tasks.pop(0)
            card = state.purchase
            assert card is not None
            state.purchase = None
            _gain(state, player, card)
            continue
        if task == "refill":
            tasks.pop(0)
            for market in state.markets:
                market.fill()
            for market in state.orient:
                market.fill()
            continue
        if task == "posts":
            tasks.pop(0)
            _place_coats_of_arms(player)
            continue
        if task == "end_turn":
            tasks.pop(0)
            _end_turn(state)
            return
        if task == "return" and sum(player.tokens.counts.values()) <= TOKEN_LIMIT:
            tasks.pop(0)  # the common cases, decided without building the options
            continue
        if task == "pay" and not player.tokens.counts[GOLD] and not player.gold_cards:
            tasks.pop(0)  # no gold at all: gems pay everything, nothing to choose
            _pay_for(state, player, NO_GOLD)
            continue
        if task == "noble" and not state.nobles and not player.reserved_nobles:
            tasks.pop(0)
            continue
        if task == "city" and (player.city is not None or player.prestige < LOWEST_CITY):
            tasks.pop(0)
            continue
        options = task_options(state, task)
        if not options:
            # a purchase was only legal because it can be paid: no way to pay is a rules bug
            assert not task.startswith(("pay", "sacrifice")), f"no way to {task}: a rules bug"
            tasks.pop(0)
            continue
        if len(options) == 1:
            _answer(state, options[0])
            continue
        state._legal = options
        return


def _place_coats_of_arms(player: Player) -> None:
    """Trading Posts: a coat of arms on every power whose requirement the player meets."""
    for position, requirement, nobles in POSTS:
        if position not in player.posts and len(player.nobles) >= nobles and meets(player.bonuses, requirement):
            player.posts.append(position)


def _end_turn(state: St) -> None:
    seat = state.turns.order[state.turns.position]
    player = state.players[seat]
    if state.module == "cities":
        if player.city is not None:
            state.end_triggered = True
    elif player.prestige >= GOAL:
        state.end_triggered = True
    if state.passes >= state.num_players:
        _finish(state, "no_action_possible")
        return
    if state.turns.is_last_in_round:
        if state.end_triggered:
            _finish(state, "city" if state.module == "cities" else "prestige")
            return
        if nothing_left_to_buy(state):
            _finish(state, "cards_exhausted")
            return
    state.turns.advance()


def _finish(state: St, reason: str) -> None:
    """Most prestige wins, then fewest cards; with The Cities only claimants may win."""
    players = state.players
    prestige = tuple(p.prestige for p in players)
    pool = list(range(state.num_players))
    if state.module == "cities":
        claimants = [seat for seat in pool if players[seat].city is not None]
        if claimants:
            pool = claimants
            reason = "city"
    keys = [(prestige[seat], -players[seat].card_count) for seat in pool]
    best = tuple(pool[i] for i in winners(keys))
    state.outcome = Outcome(best, prestige, reason)
    state.tasks.clear()


# ---------------------------------------------------------------------- refusals


def why_illegal(state: St, action: Action) -> str:
    """The rule that forbids ``action`` now."""
    decision = decision_of(state)
    allowed = _ACTIONS_OF[decision]
    if type(action) not in allowed:
        return (f"{action} is not possible now: {decision!r} is pending "
                f"({_DESCRIBE[decision]})")
    unknown = _unknown_component(action)
    if unknown:
        return unknown
    seat = state.turns.order[state.turns.position]
    player = state.players[seat]
    check = _CHECKS.get(type(action))
    if check is not None:
        reason = check(state, player, action)
        if reason:
            return reason
    return f"{action} is not one of the choices for {_DESCRIBE[decision]}"


def _unknown_component(action: Action) -> str | None:
    """A message when ``action`` names a card, noble, city or colour the game does not have."""
    for name, known in (("card", CARD), ("origin", CARD), ("noble", NOBLE), ("city", CITY)):
        value = getattr(action, name, None)
        if value is not None and value not in known:
            return f"there is no {name if name != 'origin' else 'card'} {value!r} in the game"
    colours = getattr(action, "colours", None) or (getattr(action, "colour", None),)
    token = getattr(action, "token", None)
    for colour in colours:
        if colour is not None and colour not in COLOURS:
            return f"{colour!r} is not a gem colour ({', '.join(COLOURS)})"
    if token is not None and token not in TOKEN_KINDS:
        return f"{token!r} is not a token kind ({', '.join(TOKEN_KINDS)})"
    return None


def _why_take(state: St, player: Player, action: Any) -> str | None:
    colours: tuple[str, ...] = action.colours
    bank = state.bank.counts
    counts = [colours.count(c) for c in colours]
    if not colours or len(colours) > 3 or max(counts) > 2 or (2 in counts and colours[0] != colours[1]):
        return ("take 3 gems of different colours, or 2 of one colour (with the second Trading "
                "Post power: 2 of one colour, then 1 of another)")
    for colour in set(colours):
        if bank[colour] < colours.count(colour):
            return f"the supply has only {bank[colour]} {colour} token(s)"
    if len(colours) >= 2 and colours[0] == colours[1]:
        if bank[colours[0]] < TAKE_TWO_MIN:
            return (f"taking 2 {colours[0]} tokens needs at least {TAKE_TWO_MIN} {colours[0]} "
                    f"in the supply before taking (there are {bank[colours[0]]})")
        if len(colours) == 3 and 2 not in player.posts:
            return "taking 1 more token with 2 of one colour needs the second Trading Post power"
        if len(colours) == 2 and 2 in player.posts:
            return ("the second Trading Post power makes you take 1 gem of another colour "
                    "with 2 of the same colour")
        return None
    available = sum(1 for c in COLOURS if bank[c])
    if len(colours) < min(3, available):
        return (f"take 3 gems of different colours; fewer only when fewer colours are left "
                f"({available} colours are available)")
    return None


def _why_occupied(state: St, seat: int, card: str) -> str | None:
    if state.module != "strongholds":
        return None
    owner = occupants(state).get(card)
    if owner is not None and owner != seat:
        return (f"{card} carries player {owner}'s stronghold: only the stronghold's owner may "
                "buy or reserve it")
    return None


def _why_reserve(state: St, player: Player, action: Any) -> str | None:
    if len(player.reserved) >= MAX_RESERVED:
        return f"a player may hold at most {MAX_RESERVED} reserved cards"
    if isinstance(action, ReserveDeck):
        if action.orient and not state.orient:
            return "there are Orient decks only with The Orient module"
        return f"the level-{action.level} deck is empty" if action.level in (1, 2, 3) else None
    if market_of(state, action.card) is None:
        return f"{action.card} is not face up on the table"
    return _why_occupied(state, state.turns.order[state.turns.position], action.card)


def _why_buy(state: St, player: Player, action: Any) -> str | None:
    card = action.card
    seat = state.turns.order[state.turns.position]
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
        return (f"{card} is bought by discarding {count} {colour} bonuses and you have "
                f"{player.bonuses[colour]}")
    if kind in PAIR_KINDS and not any(player.bonuses.values()):
        return f"{card} must be paired: it cannot be bought without a card with a gem bonus"
    return (f"cannot afford {card}: it needs {shortfall(player, card)} gold beyond your bonuses "
            f"and gems, and you have {player.tokens[GOLD]} gold"
            + (f" and {len(player.gold_cards)} Orient gold card(s)" if player.gold_cards else ""))


def _why_pay(state: St, player: Player, action: Any) -> str | None:
    return (f"{action} is not a possible payment for {state.purchase}: gold may only cover what "
            f"your bonuses leave, gems pay the rest, and you hold {player.tokens[GOLD]} gold"
            + (f" and {len(player.gold_cards)} Orient gold card(s)" if player.gold_cards else ""))


def _why_return(state: St, player: Player, action: Any) -> str | None:
    if not player.tokens[action.token]:
        return f"you hold no {action.token} token to return"
    return None


def _why_noble(state: St, player: Player, action: Any) -> str | None:
    noble = action.noble
    if noble not in state.nobles and noble not in player.reserved_nobles:
        return f"noble {noble} is not available to visit you"
    return f"noble {noble} does not visit you: your bonuses do not meet {dict(NOBLE[noble].requirement)}"


def _why_city(state: St, player: Player, action: Any) -> str | None:
    city = action.city
    if city not in state.cities:
        return f"city {city} is not in play"
    if any(p.city == city for p in state.players):
        return f"city {city} has already been claimed"
    face = CITY[city]
    return (f"you do not meet city {city}: it needs {face.prestige} prestige and the bonuses "
            f"{dict(face.bonuses)}" + (f" plus {face.same_colour} of one colour" if face.same_colour else ""))


def _why_stronghold(state: St, player: Player, action: Any) -> str | None:
    seat = state.turns.order[state.turns.position]
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
        "free of other colours")


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
    return (f"discard the paired Orient cards of {colour} first, and no more than the bonuses "
            "owed when a single-bonus card will do")


def _why_pass(state: St, player: Player, action: Any) -> str | None:
    return "you may pass only when no action is possible"


_CHECKS: dict[type[Action], Callable[[St, Player, Any], str | None]] = {
    TakeGems: _why_take, ReserveCard: _why_reserve, ReserveDeck: _why_reserve, BuyCard: _why_buy,
    Pay: _why_pay, ReturnToken: _why_return, ChooseNoble: _why_noble, ClaimCity: _why_city,
    PlaceStronghold: _why_stronghold, RemoveStronghold: _why_stronghold, PairCard: _why_pair,
    TakeFreeCard: _why_free, SacrificeCard: _why_sacrifice, Pass: _why_pass,
}


# ---------------------------------------------------------------------- text


def card_text(card: str) -> str:
    """A short label: ``L1-04(2r/3w1k)`` = id, points and bonus, cost."""
    info = CARD[card]
    bonus = (info.bonus or "-")[0] if info.bonus != "black" else "k"
    cost = "".join(f"{n}{c[0] if c != 'black' else 'k'}" for c, n in COST_ITEMS[card])
    if info.sacrifice:
        cost = f"-{info.sacrifice.bonuses}{info.sacrifice.colour[0]}"
    return f"{card}({info.points}{bonus}/{cost})"


def noble_text(noble: str) -> str:
    """A short label of a noble tile: id, points, requirement."""
    req = "".join(f"{n}{c[0] if c != 'black' else 'k'}" for c, n in NOBLE_REQ[noble])
    return f"{noble}({NOBLE_POINTS[noble]}/{req})"


def city_text(city: str) -> str:
    """A short label of a city face: id, prestige, bonuses."""
    face = CITY[city]
    req = "".join(f"{n}{c[0] if c != 'black' else 'k'}" for c, n in face.bonuses.items())
    if face.same_colour:
        req += f"+{face.same_colour}="
    return f"{city}({face.prestige}/{req})"
