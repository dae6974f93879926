"""The legal actions of every decision: a turn's card (build, wonder stage, discard), the Free
City's card, Babylon B's 7th card, Halikarnassos' build from the discard pile."""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING

from tabletop.core import Action

from .actions import BUILD_FREE, DISCARD, FROM_DISCARD, build, build_stage
from .city import GUARD, pack
from .components import BOARDS, CARDS
from .trading import NO_PAYMENT

if TYPE_CHECKING:
    from .state import SevenWondersState


def legal_actions(s: SevenWondersState) -> list[Action]:
    """Every legal action of the pending decision."""
    if s.queue:
        kind, city = s.queue[0]
        if kind == "build_from_discard":
            return discard_builds(s, city)
        return card_actions(s, city, seventh_hand(s, city))
    # The kernel asks only while the game is not over. With more than 2 players the city
    # choosing is the first waiting and holds its seat's hand (turn_city and turn_hand, inline).
    if s.num_players > 2:
        deciding = s.choices.waiting[0]
        return card_actions(s, deciding, s.hands.cards[deciding])
    deciding = s.turn_city()
    if deciding < 2:  # a player's own city (turn_hand, inline)
        return card_actions(s, deciding, s.hands.cards[deciding])
    return card_actions(s, deciding, turn_hand(s, deciding))


def seventh_hand(s: SevenWondersState, city: int) -> tuple[str, ...]:
    """The card(s) a city may play as its 7th card: its seat's last card, or for the Free City
    the last card of its pile."""
    if city >= s.num_players:
        return tuple(s.pile)
    return s.hands.cards[city]


def turn_hand(s: SevenWondersState, city: int) -> tuple[str, ...]:
    """The cards ``city`` chooses from this turn: its seat's hand; for the Free City, the
    holder's hand less the card the holder chose for its own city."""
    if city < s.num_players:
        return s.hands.cards[city]
    seat = s.holder
    hand = s.hands.cards[seat]
    own = s.choices.choices.get(seat)
    if own is not None:
        kind: str = own.card  # type: ignore[attr-defined]
        for i, card in enumerate(hand):
            if _KIND_OF[card] == kind:
                return hand[:i] + hand[i + 1 :]
    return hand


#: Per card id, its kind (a plain dict: read for every card of every decision).
_KIND_OF: dict[str, str] = {card.id: card.kind for card in CARDS.values()}
_KIND_OF_GET = _KIND_OF.__getitem__


#: Per card kind (its copies are the same card), what the hot loop below reads: name, chain
#: sources (None if none), coin cost, resource cost (packed), the build paid with no trade (as
#: by chain) and Olympia's free build.
_INFO = {
    card.kind: (
        card.name,
        frozenset(card.free_if_built) or None,
        card.cost.coins,
        pack(card.cost_vector),
        build(card.kind, 0, 0),
        BUILD_FREE[card.kind],
    )
    for card in CARDS.values()
}
#: Per kind, its discard and its wonder stage paid with no trade.
_DISCARD_OF = DISCARD.__getitem__
_OWN_STAGE_OF = {kind: build_stage(kind, 0, 0) for kind in _INFO}.__getitem__


#: Per board, then side, each wonder stage's coin cost and packed resource cost, then None (no
#: stage left): indexed by the stages built. (Two lookups by a string, whose hash is kept, cost
#: less than building and hashing a pair.)
_STAGE_COSTS: dict[str, dict[str, tuple[tuple[int, int] | None, ...]]] = {
    board.name: {
        side: (*((stage.cost.coins, pack(stage.cost_vector)) for stage in stages), None)
        for side, stages in board.sides.items()
    }
    for board in BOARDS.values()
}


def card_actions(s: SevenWondersState, city: int, hand: tuple[str, ...]) -> list[Action]:
    """What ``city`` may do with one card of ``hand``: build it (each undominated payment a
    separate action; free by chain; free with Olympia's power), build the next wonder stage
    with it, or discard it. The Free City must build if it can, and by chain when it can."""
    view = s.views[city]
    coins = s.coins[city]
    names = view.names
    market = s.markets[city] or s.market(city)
    known_builds = market.built
    must_build = city >= s.num_players
    stage = _STAGE_COSTS[s.boards[city]][s.sides[city]][len(s.tucked[city])]
    # Packed production (see city.pack): ``made - cost & GUARD == GUARD`` when the city makes
    # all of a cost, and likewise with ``reach`` when it could make or buy all of it.
    made = view.production.fixed_bits | GUARD
    reach = market.reach | GUARD
    # The next wonder stage: paid with the city's own resources (own_stage_ok), or else the
    # stage actions of each kind at the splits of its purchase (shared by every decision with
    # them), the first ``affordable`` of which cost no more than the city can spend.
    own_stage_ok = any_stage = False
    stage_priced = NO_PAYMENT
    affordable = 0
    if stage is not None:
        stage_coins, stage_bits = stage
        stage_spend = coins - stage_coins
        if (made - stage_bits) & GUARD == GUARD:
            own_stage_ok = any_stage = stage_spend >= 0
        elif (reach - stage_bits) & GUARD == GUARD:
            stage_priced = market.priced(stage_bits)
            for a, b in stage_priced.splits:
                if a + b > stage_spend:
                    break
                affordable += 1
            any_stage = affordable > 0
    stage_table = stage_priced.stages
    olympia = "build_free_once_per_age" in view.powers and s.olympia_used[city] != s.age
    builds: list[Action] = []
    add = builds.append
    # Each kind once, in hand order (copies of a kind are the same card).
    kinds: Iterable[str] = dict.fromkeys(map(_KIND_OF_GET, hand))
    chained_kinds = []
    for kind in kinds:
        name, chains, coin_cost, bits, plain_build, free_build = _INFO[kind]
        if name in names:
            continue
        if chains is not None and not names.isdisjoint(chains):
            # The rulebook lets Olympia build any structure free (whatever it costs, even
            # nothing), except that the Free City builds a card it can chain by chain.
            if must_build:
                chained_kinds.append(kind)
            elif olympia:
                add(free_build)
            add(plain_build)
            continue
        if olympia:
            add(free_build)
        if coin_cost > coins:
            continue
        # (Most cards cost no resource, or coins only: no arithmetic on the packed ints.)
        if not bits or (made - bits) & GUARD == GUARD:  # the city makes it all: no need to trade
            add(plain_build)
        elif (reach - bits) & GUARD == GUARD:  # else no one has enough to sell
            options = known_builds.get(kind)
            if options is None:
                options = market.actions(kind, bits)
            spend = coins - coin_cost
            for total, action in options:
                if total > spend:
                    break
                add(action)
    if any_stage:
        # The Free City may not use a card it can chain for a stage.
        staged = [kind for kind in kinds if kind not in chained_kinds] if chained_kinds else kinds
        if own_stage_ok:
            builds += map(_OWN_STAGE_OF, staged)
        else:
            for kind in staged:
                stage_options = stage_table.get(kind)
                if stage_options is None:
                    stage_options = stage_priced.stage_actions(kind)
                builds += stage_options[:affordable]
    if not (must_build and builds):
        builds += map(_DISCARD_OF, kinds)
    return builds


def discard_builds(s: SevenWondersState, city: int) -> list[Action]:
    """Halikarnassos: every kind in the discard pile the city does not hold yet, free."""
    names = s.views[city].names
    kinds = sorted({CARDS[card].kind for card in s.discard if CARDS[card].name not in names})
    return [FROM_DISCARD[kind] for kind in kinds]
