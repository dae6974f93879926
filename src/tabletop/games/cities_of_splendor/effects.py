"""Carrying out a legal action and everything it triggers, until the next decision.

A turn is one main action followed by a queue of *tasks* (``state.tasks``, next first; the
vocabulary is in :mod:`.decisions`). Each task either resolves by itself (gaining the bought
card, refilling the markets, placing coats of arms, ending the turn) or asks the active player
a decision; a decision with exactly one possible answer is answered automatically, one with
none is skipped. Purchases queue ``pay``/``sacrifice``, ``gain``, the card's Orient abilities,
the Trading Post token and the stronghold move, then ``refill``; every turn ends with the
conquest purchase, returning tokens down to 10, the noble visit, the coats of arms, the city
claim and ``end_turn``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from tabletop.core import Action, IllegalAction

from .actions import (
    NO_GOLD,
    TAKE_COUNTS,
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
    BONUS,
    BONUS_COUNT,
    COST_INDEXED,
    GOLD,
    KIND,
    LOWEST_CITY,
    NOBLE_POINTS,
    POINTS,
    POSTS,
    SACRIFICE,
    TOKEN_LIMIT,
)
from .decisions import ABILITY_TASKS, END_TASKS
from .legal import colour_of, market_of, meets, task_options, visiting_nobles
from .scoring import end_of_turn

if TYPE_CHECKING:
    from .state import CitiesOfSplendorState as St
    from .state import Player


def apply(state: St, action: Action) -> None:
    """Carry out a legal action, then resolve tasks until a decision is pending."""
    if state.tasks:
        _answer(state, action)
    else:
        _main_action(state, action)
    _advance(state)


def _check_numbers(action: Pay | ReserveDeck) -> None:
    """Refuse an action equal to a legal one (``2.0 == 2``, ``False == 0``) whose numbers are
    not of the declared types, before anything changes: the history would hold a value no save
    accepts. ``State.apply`` carries out its own legal instance, so this guards direct calls."""
    if isinstance(action, Pay):
        if (
            type(action.gold_cards) is not int
            or type(action.gold) is not tuple
            or not all(type(units) is int for units in action.gold)
        ):
            raise IllegalAction(f"{action!r}: gold must be a tuple of 5 ints and gold_cards an int")
    elif type(action.level) is not int or type(action.orient) is not bool:
        raise IllegalAction(f"{action!r}: level must be an int and orient a bool")


def _main_action(state: St, action: Action) -> None:
    if type(action) is ReserveDeck:
        _check_numbers(action)
    turns = state.turns
    seat = turns.order[turns.position]  # TurnOrder.current, without a property call per action
    player = state.players[seat]
    tasks = state.tasks
    tasks.extend(END_TASKS[state.module])
    if isinstance(action, Pass):
        state.passes += 1
        return
    state.passes = 0
    if isinstance(action, TakeGems):
        state.bank.move_all_to(player.tokens, TAKE_COUNTS[action.colours])
    elif isinstance(action, BuyCard):
        tasks[0:0] = _begin_purchase(state, seat, action.card)
    elif isinstance(action, ReserveCard):
        market = market_of(state, action.card)
        assert market is not None
        market.take_and_refill(action.card)
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
    if state.bank[GOLD]:
        state.bank.move_to(player.tokens, GOLD)


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
        market.take(market.index(card))
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
    turns = state.turns
    seat = turns.order[turns.position]
    player = state.players[seat]
    tasks = state.tasks
    if isinstance(action, ReturnToken):
        player.tokens.move_to(state.bank, action.token)
        if player.tokens.total() <= TOKEN_LIMIT:
            tasks.pop(0)
    elif isinstance(action, Pay):
        _check_numbers(action)
        tasks.pop(0)
        _pay_for(state, player, action)
    elif isinstance(action, ChooseNoble):
        tasks.pop(0)
        _visit(state, player, action.noble)
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
        market.take(market.index(action.card))
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


def _visit(state: St, player: Player, noble: str) -> None:
    """``noble`` visits ``player``: from the row, or from the player's reserved nobles."""
    if noble in state.nobles:
        state.nobles.remove(noble)
    else:
        player.reserved_nobles.remove(noble)
    player.nobles.append(noble)
    player.points += NOBLE_POINTS[noble]


def _pay_for(state: St, player: Player, pay: Pay) -> None:
    """Spend gems for what bonuses and gold leave, then gold cards and gold tokens."""
    card = state.purchase
    assert card is not None
    bonuses, units = player.bonuses, pay.gold
    spent: dict[str, int] = {}
    for i, colour, n in COST_INDEXED[card]:
        gems = n - bonuses[colour]  # what bonuses leave; gold covers ``units[i]`` of it
        if gems > 0 and gems != units[i]:
            spent[colour] = gems - units[i]
    if 3 in player.posts:
        gold = sum((u + 1) >> 1 for u in pay.gold)
    else:
        gold = max(0, sum(pay.gold) - 2 * pay.gold_cards)
        for _ in range(pay.gold_cards):
            state.box.append(player.gold_cards.pop(0))
    if gold:
        spent[GOLD] = gold
    if spent:
        player.tokens.move_all_to(state.bank, spent)


def _advance(state: St) -> None:
    """Resolve tasks until a decision with a real choice is pending, or the turn ends."""
    tasks = state.tasks
    turns = state.turns
    player = state.players[turns.order[turns.position]]
    counts = player.tokens.counts  # read only, for the two common cases below
    while tasks:
        task = tasks[0]
        if task == "gain":
            tasks.pop(0)
            card = state.purchase
            # a purchase queues one 'gain', after its payment; loading refuses any other queue
            assert card is not None, "a 'gain' task with no purchase in progress"
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
            if not end_of_turn(state):
                state.turns.advance()
            return
        if task == "return" and sum(counts.values()) <= TOKEN_LIMIT:
            tasks.pop(0)  # the common cases, decided without building the options
            continue
        if task == "pay" and not counts[GOLD] and not player.gold_cards:
            tasks.pop(0)  # no gold at all: gems pay everything, nothing to choose
            _pay_for(state, player, NO_GOLD)
            continue
        if task == "noble":
            nobles = visiting_nobles(state, player)
            if len(nobles) <= 1:  # none, or the one that must visit: no choice
                tasks.pop(0)
                if nobles:
                    _visit(state, player, nobles[0])
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
        if (
            position not in player.posts
            and len(player.nobles) >= nobles
            and meets(player.bonuses, requirement)
        ):
            player.posts.append(position)
