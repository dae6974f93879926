"""The rules: setup, carrying out actions, the end of the turn and of the game.

A turn is one main action followed by a queue of *tasks* (``state.tasks``, next first). Each
task either resolves by itself (gaining the bought card, refilling the markets, placing coats
of arms, ending the turn) or asks the active player a decision; a decision with exactly one
possible answer is answered automatically, one with none is skipped. Purchases queue
``pay``/``sacrifice``, ``gain``, the card's Orient abilities, the Trading Post token and the
stronghold move, then ``refill``; every turn ends with the conquest purchase, returning tokens
down to 10, the noble visit, the coats of arms, the city claim and ``end_turn``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from tabletop.core import Action, Deck, Market, Outcome, Rng, TokenPool, TurnOrder, winners

from .actions import (
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
from .components import BASE_CARDS, CARD, CITY_TILES, COLOURS, GOLD, NOBLES, ORIENT_CARDS, SETUP, TOKEN_KINDS
from .legal import colour_of, market_of, meets, nothing_left_to_buy, task_options, visiting_nobles
from .tables import (
    ABILITY_TASKS,
    BONUS,
    BONUS_COUNT,
    END_TASKS,
    GOAL,
    KIND,
    LOWEST_CITY,
    NO_GOLD,
    NOBLE_POINTS,
    POINTS,
    POSTS,
    SACRIFICE,
    TOKEN_LIMIT,
)

if TYPE_CHECKING:
    from .state import CitiesOfSplendorState as St
    from .state import Player


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
        num_players=num_players,
        seed=seed,
        options=options,
        rng=rng,
        module=module,
        turns=TurnOrder.starting_with(num_players, 0),
        bank=bank,
        markets=markets,
        orient=orient,
        nobles=nobles,
        cities=cities,
        players=players,
    )


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
    tasks.extend(END_TASKS[state.module])
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


def _end_turn(state: St) -> None:
    seat = state.turns.order[state.turns.position]
    player = state.players[seat]
    if state.module == "cities":
        if player.city is not None:
            state.end_triggered = True
    elif player.points >= GOAL or (player.posts and player.prestige >= GOAL):
        state.end_triggered = True
    if state.passes >= state.num_players:
        _finish(state, "no_action_possible")
        return
    turns = state.turns
    if turns.position == len(turns.order) - 1:  # the last seat of the round has played
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
