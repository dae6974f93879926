"""What every reachable state satisfies: the checks a loaded save must pass.

:func:`check` raises ``ValueError`` naming the first broken invariant. ``state_from_dict``
calls it (through ``State._validate``) and the property tests call it after every random
step, so this module is the single statement of the game's invariants. It is never called
by ``apply``, ``clone`` or ``legal_actions``.

Checked, in this order (later checks rely on earlier ones):

* the module, the turn order (seats 0..n-1 in order, no extra turns), per-seat list lengths;
* every card id is known and in the module's box, every card is in exactly one place (with
  ``each_in_one_place``: market slots and decks of its own level, reserves, tableaux, gold cards,
  the box, the purchase in progress) and together they are the whole box (90, 120 with the Orient);
* tokens: only the 6 kinds, none negative, supply + hands = the setup totals for the player
  count (4/5/7 gems per colour, 5 gold; ``counts_add_up``); only the player in mid-turn may hold more than 10;
* nobles (known, in one place, n + 1 of them, none with The Cities), cities (3 faces of
  different tiles, claims distinct);
* bonuses and printed prestige equal what the tableau and nobles give; pairs, gold cards,
  blind reservations (listed in reserve order), the reserve limit of 3; outside The Orient
  (where a sacrifice can take bonuses away) every visiting noble is met;
* Trading Post coats of arms (known, earned, and placed on every power met once the turn's
  coats of arms are placed), strongholds (3 each, on face-up base cards, one owner per card),
  city claims (a claimed city is met; no player without a city meets an unclaimed one once
  the turn's claim is past), pieces of a module not played being absent;
* the pending decision: the queued tasks are known, belong to the module, end with the
  turn's closing tasks in order and start with a decision; a purchase's tasks come in their
  order, each once, and end with one refill; its Orient ability tasks are what is left of the
  last gained card's abilities, its Trading Post token is taken exactly when the buyer holds
  power 1, and it moves a stronghold with The Strongholds; no face-up slot is empty while its
  deck has cards unless a refill is pending; a purchase in progress is paid or sacrificed
  next; the sacrifice count; the end trigger (set exactly when a player who has played this
  round reached the goal); passes; the outcome (its scores are the prestige, its reason is one
  the state shows, its winners are the ranking's); and the pending decision has at least one
  legal action.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from typing import TYPE_CHECKING, NoReturn

from tabletop.core.invariants import counts_add_up, each_in_one_place, turns_fit_history

from .components import (
    BASE_CARDS,
    BONUS,
    BONUS_COUNT,
    CARDS,
    CITY_FACES,
    CITY_TILES,
    COLOURS,
    GOAL,
    GOLD,
    KIND,
    MAX_RESERVED,
    MODULES,
    NOBLE_POINTS,
    NOBLES,
    ORIENT_CARDS,
    PAIR_KINDS,
    POINTS,
    POSTS,
    SACRIFICE,
    SETUP,
    TOKEN_KINDS,
    TOKEN_LIMIT,
)
from .decisions import ABILITY_TASKS, END_TASKS, PURCHASE_RANK, SILENT_TASKS, TASK_MODULE, task_name
from .legal import city_met, meets
from .scoring import nothing_left_to_buy, ranking, reaches_goal

if TYPE_CHECKING:
    from .state import CitiesOfSplendorState as St

_TILE_OF = {face.id: tile.tile for tile in CITY_TILES.values() for face in tile.faces}
_POST_POSITIONS = {position for position, _, _ in POSTS}

# Loading checks every save: the sets below, made once, let a state that passes a check (every
# loaded save does) pass it with a few set operations; only a failing one is gone through item
# by item, which finds the first fault and names it.
#: The cards in the box: without and with the Orient module.
_BOX = {
    False: frozenset(BASE_CARDS[1] + BASE_CARDS[2] + BASE_CARDS[3]),
    True: frozenset(
        BASE_CARDS[1] + BASE_CARDS[2] + BASE_CARDS[3] + ORIENT_CARDS[1] + ORIENT_CARDS[2] + ORIENT_CARDS[3]
    ),
}
#: The cards a market may hold, by (Orient market?, level).
_MARKET_CARDS = {
    (orient, level): frozenset((ORIENT_CARDS if orient else BASE_CARDS)[level])
    for orient in (False, True)
    for level in (1, 2, 3)
}
_GOLD_CARDS = frozenset(card for card, kind in KIND.items() if kind == "double_gold")
_PAIR_CARDS = frozenset(card for card, kind in KIND.items() if kind in PAIR_KINDS)
_TOKEN_KINDS = frozenset(TOKEN_KINDS)
_COLOUR_SET = frozenset(COLOURS)
_INT = frozenset({int})
#: The tasks an Orient ability queues (:data:`.decisions.ABILITY_TASKS`), by their kind.
_ABILITY_NAMES = frozenset(task_name(task) for tasks in ABILITY_TASKS.values() for task in tasks)


def check(state: St) -> None:
    """Raise ``ValueError`` naming the first invariant ``state`` breaks."""
    _check_shape(state)
    _check_cards(state)
    _check_tokens(state)
    _check_nobles_and_cities(state)
    _check_players(state)
    _check_modules(state)
    _check_pending(state)


def _fail(message: str) -> NoReturn:
    raise ValueError(message)


def _repeated(items: Iterable[str]) -> list[str]:
    listed = list(items)
    if len(set(listed)) == len(listed):  # the usual case, without building a Counter
        return []
    return sorted(item for item, n in Counter(listed).items() if n > 1)


# ---------------------------------------------------------------------- shape


def _check_shape(state: St) -> None:
    n = state.num_players
    if state.module not in MODULES:
        _fail(f"module is {state.module!r}, not one of {list(MODULES)}")
    if state.options.get("module", state.module) != state.module:
        _fail(f"module is {state.module!r} but options say {state.options['module']!r}")
    turns = state.turns
    if turns.order != list(range(n)):
        _fail(f"turns.order is {turns.order}: this game always plays seats 0..{n - 1} in order")
    if turns.extra_turns:
        _fail(f"turns.extra_turns is {turns.extra_turns}: Splendor has no extra turns")
    turns_fit_history(state, turns)  # every turn takes an action, a pass at least
    if len(state.players) != n:
        _fail(f"players lists {len(state.players)} seats for num_players {n}")
    if len(state.markets) != 3:
        _fail(f"markets has {len(state.markets)} levels, expected 3")
    orient_levels = 3 if state.module == "orient" else 0
    if len(state.orient) != orient_levels:
        _fail(
            f"orient has {len(state.orient)} markets, expected {orient_levels} with module {state.module!r}"
        )
    for name, markets, size in (
        ("markets", state.markets, SETUP.face_up_per_level),
        ("orient", state.orient, SETUP.orient_face_up_per_level),
    ):
        for level, market in enumerate(markets, start=1):
            if len(market.slots) != size:
                _fail(f"{name} level {level} has {len(market.slots)} face-up slots, expected {size}")
            if market.deck.discards:
                _fail(
                    f"{name} level {level} deck has discards {market.deck.discards}: nothing is discarded to a deck"
                )
    strongholds = SETUP.strongholds_per_player if state.module == "strongholds" else 0
    for seat, player in enumerate(state.players):
        if len(player.strongholds) != strongholds:
            _fail(
                f"player {seat} has {len(player.strongholds)} strongholds, expected {strongholds} "
                f"with module {state.module!r}"
            )


# ---------------------------------------------------------------------- cards


def _cards_in_place(state: St) -> bool:
    """Whether every card lies in a market of its own level and module or in another place,
    each once, and together they are the module's whole box: when so, :func:`_check_cards`
    finds nothing (the markets' count is checked before)."""
    box = _BOX[state.module == "orient"]
    every: list[str] = []
    for orient, markets in ((False, state.markets), (True, state.orient)):
        for level, market in enumerate(markets, start=1):
            allowed = _MARKET_CARDS.get((orient, level))
            face_up = [card for card in market.slots if card is not None]
            if (
                allowed is None
                or not allowed.issuperset(face_up)
                or not allowed.issuperset(market.deck.cards)
            ):
                return False
            every += face_up
            every += market.deck.cards
    for player in state.players:
        every += player.cards
        every += player.reserved
        every += player.gold_cards
    every += state.box
    if state.purchase is not None:
        every.append(state.purchase)
    return len(every) == len(box) and box.issuperset(every) and len(set(every)) == len(every)


def _check_cards(state: St) -> None:
    if _cards_in_place(state):
        return
    box = _BOX[state.module == "orient"]
    places: list[tuple[str, list[str]]] = []
    for name, markets in (("markets", state.markets), ("orient", state.orient)):
        orient = name == "orient"
        for level, market in enumerate(markets, start=1):
            for where, cards in (
                (f"{name} level {level} slots", [c for c in market.slots if c is not None]),
                (f"{name} level {level} deck", market.deck.cards),
            ):
                for card in cards:
                    info = CARDS.get(card)
                    if info is None:
                        _fail(f"{where} holds unknown card {card!r}")
                    elif info.level != level or (info.module == "orient") != orient:
                        _fail(f"{where} holds {card!r}, a level-{info.level} {info.module} card")
                places.append((where, cards))
    for seat, player in enumerate(state.players):
        places += [
            (f"player {seat} cards", player.cards),
            (f"player {seat} reserved", player.reserved),
            (f"player {seat} gold_cards", player.gold_cards),
        ]
    places.append(("box", state.box))
    if state.purchase is not None:
        places.append(("purchase", [state.purchase]))
    for where, cards in places:  # an Orient card out of its module is worth its own message
        for card in cards:
            if card in CARDS and card not in box:
                _fail(f"{where} holds {card!r}, an Orient card, but the module is {state.module!r}")
    each_in_one_place(places, box, what="card")


# ---------------------------------------------------------------------- tokens


def _check_tokens(state: St) -> None:
    gems = SETUP.gems_per_colour[str(state.num_players)]
    expected = {**dict.fromkeys(COLOURS, gems), GOLD: SETUP.gold}
    if not _tokens_add_up([state.bank.counts] + [player.tokens.counts for player in state.players], expected):
        pools = [("supply", state.bank.counts)] + [
            (f"player {seat} tokens", player.tokens.counts) for seat, player in enumerate(state.players)
        ]
        for where, counts in pools:
            if set(counts) != _TOKEN_KINDS:
                _fail(f"{where} lists token kinds {sorted(counts)}, expected {sorted(TOKEN_KINDS)}")
        for kind in TOKEN_KINDS:
            counts_add_up(
                {where: counts[kind] for where, counts in pools},
                expected[kind],
                what=f"{kind} tokens ({state.num_players} players play with {expected[kind]})",
            )
    mid_turn = state.turns.current if state.tasks else None
    for seat, player in enumerate(state.players):
        held = player.tokens.total()
        if held > TOKEN_LIMIT and seat != mid_turn:
            _fail(f"player {seat} holds {held} tokens outside their turn; the limit is {TOKEN_LIMIT}")
        # Nothing after the return step gives tokens: a turn over the limit still has it to come.
        if held > TOKEN_LIMIT and "return" not in state.tasks:
            _fail(
                f"player {seat} holds {held} tokens, over the limit of {TOKEN_LIMIT}, but the turn's "
                "return of tokens is not among its tasks"
            )


def _tokens_add_up(pools: list[dict[str, int]], expected: dict[str, int]) -> bool:
    """Whether every pool lists exactly the token kinds, each count a non-negative int (never a
    bool), and each kind's counts add up to ``expected``: when so, the checks above pass."""
    for counts in pools:
        if counts.keys() != _TOKEN_KINDS or not _INT.issuperset(map(type, counts.values())):
            return False
        if min(counts.values()) < 0:
            return False
    return all(sum([counts[kind] for counts in pools]) == total for kind, total in expected.items())


# ---------------------------------------------------------------------- tableaux


def _check_players(state: St) -> None:
    for seat, player in enumerate(state.players):
        who = f"player {seat}"
        if len(player.reserved) > MAX_RESERVED:
            _fail(f"{who} has {len(player.reserved)} reserved cards; the limit is {MAX_RESERVED}")
        if player.blind:  # (an empty list passes both checks)
            if _repeated(player.blind) or not set(player.blind) <= set(player.reserved):
                _fail(f"{who} blind {player.blind} is not a subset of reserved {player.reserved}")
            blind = set(player.blind)
            if player.blind != [card for card in player.reserved if card in blind]:
                _fail(f"{who} blind {player.blind} does not list the blind reservations in reserve order")
        if not _GOLD_CARDS.isdisjoint(player.cards):
            for card in player.cards:
                if KIND[card] == "double_gold":
                    _fail(f"{who} cards holds {card!r}, an Orient gold card (it belongs in gold_cards)")
        if not _GOLD_CARDS.issuperset(player.gold_cards):
            for card in player.gold_cards:
                if KIND[card] != "double_gold":
                    _fail(f"{who} gold_cards holds {card!r}, which is not an Orient gold card")
        pairs = player.pairs
        for card, colour in pairs.items():
            if card not in player.cards or card not in _PAIR_CARDS:
                _fail(f"{who} pairs {card!r}, which is not a pair card in their tableau")
            if colour not in _COLOUR_SET:
                _fail(f"{who} pairs {card!r} with colour {colour!r}, not one of {list(COLOURS)}")
        bonuses = dict.fromkeys(COLOURS, 0)
        for card in player.cards:
            gives = BONUS[card]  # colour_of, inline: a paired card gives its pair's colour
            if gives is None:
                gives = pairs.get(card)
            if gives is not None:
                bonuses[gives] += BONUS_COUNT[card]
        if player.bonuses != bonuses:
            _fail(f"{who} bonuses are {player.bonuses}; their cards give {bonuses}")
        points = sum(map(POINTS.__getitem__, player.cards)) + sum(
            map(NOBLE_POINTS.__getitem__, player.nobles)
        )
        if player.points != points:
            _fail(f"{who} points are {player.points}; their cards and nobles give {points}")
        if state.module != "orient":  # only an Orient sacrifice ever takes a bonus away
            for noble in player.nobles:
                if not meets(player.bonuses, tuple(NOBLES[noble].requirement.items())):
                    _fail(f"{who} was visited by noble {noble!r} without meeting its requirement")


def _check_nobles_and_cities(state: St) -> None:
    nobles = state.nobles + [n for p in state.players for n in p.nobles + p.reserved_nobles]
    if not _nobles_once(nobles):
        for where, held in [("nobles", state.nobles)] + [
            (f"player {seat} {name}", nobles)
            for seat, p in enumerate(state.players)
            for name, nobles in (("nobles", p.nobles), ("reserved_nobles", p.reserved_nobles))
        ]:
            for noble in held:
                if noble not in NOBLES:
                    _fail(f"{where} holds unknown noble {noble!r}")
        each_in_one_place(
            [("nobles", state.nobles)]
            + [
                (f"player {seat} {name}", held)
                for seat, p in enumerate(state.players)
                for name, held in (("nobles", p.nobles), ("reserved_nobles", p.reserved_nobles))
            ],
            what="noble",
        )
    expected = 0 if state.module == "cities" else state.num_players + 1
    if len(nobles) != expected:
        _fail(
            f"{len(nobles)} nobles in play; module {state.module!r} with {state.num_players} players "
            f"plays {expected}"
        )
    cities = SETUP.cities_revealed if state.module == "cities" else 0
    if len(state.cities) != cities:
        _fail(f"{len(state.cities)} cities in play; module {state.module!r} plays {cities}")
    for face in state.cities:
        if face not in CITY_FACES:
            _fail(f"cities holds unknown city face {face!r}")
    tiles = _repeated(str(_TILE_OF[face]) for face in state.cities)
    if tiles:
        _fail(f"cities {state.cities} show city tile(s) {tiles} twice (a tile has one face up)")
    claimed = [p.city for p in state.players if p.city is not None]
    for seat, player in enumerate(state.players):
        if player.city is not None and player.city not in state.cities:
            _fail(f"player {seat} claimed city {player.city!r}, which is not in play {state.cities}")
    if _repeated(claimed):
        _fail(f"city {_repeated(claimed)} is claimed by two players")


def _nobles_once(nobles: list[str]) -> bool:
    """Whether every noble in ``nobles`` is known and listed once: then the checks of the
    nobles' places pass."""
    distinct = set(nobles)
    return len(distinct) == len(nobles) and NOBLES.keys() >= distinct


def _check_claims(state: St, seat: int) -> None:
    """A claimed city is met; a player without a city meets no unclaimed one after the city
    claim of their turn (prestige and bonuses never drop with The Cities)."""
    player = state.players[seat]
    if player.city is not None:
        if player.city in CITY_FACES and not city_met(player, player.city):
            _fail(f"player {seat} claimed city {player.city!r} without meeting it")
        return
    if seat == state.turns.current and "city" in state.tasks:
        return  # the claim of this turn is still to come
    claimed = {p.city for p in state.players}
    for face in state.cities:
        if face not in claimed and city_met(player, face):
            _fail(
                f"player {seat} meets city {face!r} but has not claimed it (a met city is claimed at "
                "the end of the turn)"
            )


def _check_modules(state: St) -> None:
    module = state.module
    for seat, player in enumerate(state.players):
        who = f"player {seat}"
        if module != "orient":
            for name, pieces in (
                ("reserved_nobles", player.reserved_nobles),
                ("gold_cards", player.gold_cards),
                ("pairs", list(player.pairs)),
            ):
                if pieces:
                    _fail(
                        f"{who} has {name} {pieces}, but only the Orient module has them (module {module!r})"
                    )
        if player.posts:
            if module != "trading_posts":
                _fail(f"{who} has trading posts {player.posts}, but the module is {module!r}")
            if _repeated(str(p) for p in player.posts) or not set(player.posts) <= _POST_POSITIONS:
                _fail(f"{who} trading posts {player.posts} must be distinct positions among 1-5")
            for position, requirement, nobles in POSTS:
                if position in player.posts and (
                    len(player.nobles) < nobles or not meets(player.bonuses, requirement)
                ):
                    _fail(
                        f"{who} has a coat of arms on trading post {position} without meeting its requirement"
                    )
        if player.city is not None and module != "cities":
            _fail(f"{who} claimed city {player.city!r}, but the module is {module!r}")
        if module == "trading_posts" and not (seat == state.turns.current and "posts" in state.tasks):
            # coats of arms are placed at the end of every turn, on every power then met
            for position, requirement, nobles in POSTS:
                if (
                    position not in player.posts
                    and len(player.nobles) >= nobles
                    and meets(player.bonuses, requirement)
                ):
                    _fail(
                        f"{who} meets the requirement of trading post {position} but has no coat of arms "
                        "on it (they are placed at the end of the turn the requirement is met)"
                    )
        if module == "cities":
            _check_claims(state, seat)
    if state.box and module != "orient":
        _fail(f"box holds {state.box}, but only the Orient module puts cards out of the game")
    if module == "strongholds":
        face_up = {card for market in state.markets for card in market.slots if card is not None}
        owner: dict[str, int] = {}
        for seat, player in enumerate(state.players):
            for card in player.strongholds:
                if card is None:
                    continue
                if card not in face_up:
                    _fail(f"player {seat} has a stronghold on {card!r}, which is not a face-up base card")
                if owner.setdefault(card, seat) != seat:
                    _fail(f"card {card!r} carries strongholds of players {owner[card]} and {seat}")


# ---------------------------------------------------------------------- the pending decision


def _check_pending(state: St) -> None:
    tasks = state.tasks
    module = state.module
    current = state.turns.current
    if state.outcome is not None:
        if tasks or state.purchase is not None or state.sacrifice_left:
            _fail(
                f"the game is over but tasks {tasks}, purchase {state.purchase!r} or "
                f"sacrifice_left {state.sacrifice_left} remain"
            )
        scores = tuple(p.prestige for p in state.players)
        if tuple(state.outcome.scores) != scores:
            _fail(
                f"outcome scores {list(state.outcome.scores)} differ from the players' prestige {list(scores)}"
            )
        _check_outcome(state)
    end = END_TASKS[module]
    names = [task_name(t) for t in tasks]
    for task, name in zip(tasks, names):
        if name not in PURCHASE_RANK and name not in end:
            _fail(f"unknown task {task!r} (module {module!r})")
        if TASK_MODULE.get(name, module) != module:
            _fail(f"task {task!r} belongs to the {TASK_MODULE[name]!r} module, not {module!r}")
        argument = task.split(":", 1)[1] if ":" in task else None
        if name == "sacrifice":
            if argument not in COLOURS:
                _fail(f"task {task!r} names no colour")
        elif name == "pair":
            card = argument
            if card not in state.players[current].cards or KIND[card] not in PAIR_KINDS:
                _fail(f"task {task!r}: {card!r} is not a pair card in player {current}'s tableau")
        elif name == "free":
            if argument not in ("1", "2"):
                _fail(f"task {task!r}: free cards are of level 1 or 2")
        elif argument is not None:
            _fail(f"task {task!r} takes no argument")
    closing = [name for name in names if name in end]
    if tasks and (
        closing != list(end[len(end) - len(closing) :])
        or names[len(names) - len(closing) :] != closing
        or not closing
    ):
        _fail(f"tasks {tasks} must end with the turn's closing tasks {list(end)} (a suffix, in order)")
    if tasks and names[0] in SILENT_TASKS:
        _fail(f"tasks {tasks} start with {tasks[0]!r}, which resolves by itself: no decision is pending")
    opening = names[: len(names) - len(closing)]
    if opening:  # a purchase in progress: its tasks in their order, the refill once and last
        ranks = [PURCHASE_RANK[name] for name in opening]
        if opening[-1] != "refill" or opening.count("refill") != 1 or ranks != sorted(ranks):
            _fail(
                f"tasks {tasks}: a purchase's tasks come in the order pay or sacrifice, gain, "
                "abilities, trading post token, stronghold, and end with one refill"
            )
    if "refill" not in names:  # every action ends with a refill (a reservation refills at once)
        for name, markets in (("markets", state.markets), ("orient", state.orient)):
            for level, market in enumerate(markets, start=1):
                if None in market.slots and market.deck.cards:
                    _fail(
                        f"{name} level {level} has an empty slot while its deck holds "
                        f"{len(market.deck.cards)} card(s) and no refill is pending: slots are "
                        "refilled after every action"
                    )
    buying = "gain" in names
    if buying != (state.purchase is not None):
        _fail(f"purchase is {state.purchase!r} but tasks {tasks} {'do' if buying else 'do not'} gain a card")
    if ("pay" in names or "sacrifice" in names) and state.purchase is None:
        _fail(f"tasks {tasks} pay for a card, but no purchase is in progress")
    if state.purchase is not None:
        card = state.purchase
        first = "sacrifice" if KIND[card] == "sacrifice" else "pay"
        if names[:2] != [first, "gain"]:
            _fail(f"purchase {card!r} is in progress but tasks {tasks} do not {first} for it next")
    if opening:
        _check_purchase_tasks(state, tasks[: len(opening)], opening)
    sacrificing = bool(names) and names[0] == "sacrifice"
    if sacrificing and state.purchase is not None:  # (a sacrifice with no purchase failed above)
        colour, count = SACRIFICE[state.purchase]
        if tasks[0] != "sacrifice:" + colour or not 0 < state.sacrifice_left <= count:
            _fail(
                f"sacrifice for {state.purchase!r} owes {count} {colour} bonus(es) but the task is "
                f"{tasks[0]!r} with sacrifice_left {state.sacrifice_left}"
            )
    elif state.sacrifice_left:
        _fail(f"sacrifice_left is {state.sacrifice_left} but no sacrifice is pending")
    if not 0 <= state.passes <= state.num_players or (
        state.outcome is None and state.passes == state.num_players
    ):
        _fail(
            f"passes is {state.passes}; with {state.num_players} players the game ends at {state.num_players}"
        )
    _check_end_trigger(state)
    if state.outcome is None:
        legal = state._legal_actions()
        if not legal:
            _fail(f"player {current} has no legal action for the {state.decision!r} decision")
        # Kept as the state's cache of its legal actions (a loaded state is asked for them next),
        # as apply keeps the list it worked out: it is replaced, never changed.
        state._legal = legal


def _check_purchase_tasks(state: St, tasks: list[str], names: list[str]) -> None:
    """The tasks of the purchase in progress (``tasks``, of kinds ``names``, already in their
    order): each once, and each with its cause.

    One purchase queues its payment (or sacrifice), the gain, the Trading Post token (when the
    buyer has a coat of arms on power 1), the stronghold move (with The Strongholds) and the
    refill, once each. Gaining an Orient card queues its abilities first in the queue; a card
    taken free by an ability resolves its own ability, but only once the ability that took it
    has left the queue (a free card is always its card's last ability), so the abilities still
    queued are the unresolved end of the last gained card's, and each kind is queued once.
    """
    twice = _repeated(names)
    if twice:
        _fail(
            f"tasks {tasks} queue {twice} more than once: a purchase pays (or sacrifices), gains, "
            "resolves the gained card's Orient abilities, takes the trading post token, moves a "
            "stronghold and refills once each"
        )
    current = state.turns.current
    player = state.players[current]
    abilities = [task for task, name in zip(tasks, names) if name in _ABILITY_NAMES]
    if abilities:
        source = player.cards[-1] if player.cards else None
        kind = KIND[source] if source is not None else None
        queued = [
            f"{task}:{source}" if task == "pair" else task for task in ABILITY_TASKS.get(kind or "", ())
        ]
        if (
            tasks[: len(abilities)] != abilities
            or len(abilities) > len(queued)
            or queued[len(queued) - len(abilities) :] != abilities
        ):
            _fail(
                f"tasks {tasks}: the Orient ability tasks {abilities} are not what the last card "
                f"player {current} gained, {source!r} (ability {kind!r}), leaves to resolve: the "
                f"end of {queued}, first in the queue"
            )
        if source in player.pairs and abilities[0].startswith("pair:"):
            _fail(f"tasks {tasks} pair {source!r}, which player {current} has already paired")
    first = min(PURCHASE_RANK[name] for name in names)  # how far the purchase has got
    if "post_token" in names:
        if 1 not in player.posts:
            _fail(
                f"tasks {tasks} take a trading post token, but player {current} has no coat of arms "
                "on trading post 1 (only its power gives a token with a purchase)"
            )
    elif 1 in player.posts and first < PURCHASE_RANK["post_token"]:
        _fail(
            f"tasks {tasks}: player {current} has a coat of arms on trading post 1, but the purchase "
            "takes no token (trading post power 1 gives one with every purchase)"
        )
    if state.module == "strongholds" and "stronghold" not in names and first < PURCHASE_RANK["stronghold"]:
        _fail(f"tasks {tasks}: with The Strongholds every purchase moves a stronghold before the refill")


_REASONS = ("prestige", "city", "no_action_possible", "cards_exhausted")


def _check_outcome(state: St) -> None:
    """The reason is one the state shows, and the winners are those the ranking gives."""
    outcome = state.outcome
    assert outcome is not None
    reason = outcome.reason
    shows = {
        "prestige": state.module != "cities" and state.end_triggered,
        "city": state.module == "cities" and state.end_triggered,
        "no_action_possible": state.passes == state.num_players,
        "cards_exhausted": nothing_left_to_buy(state),
    }
    if reason not in _REASONS:
        _fail(f"outcome reason {reason!r} is not one of {list(_REASONS)}")
    if reason == "city":  # a claim turns any ending of The Cities into a city victory
        if not any(p.city is not None for p in state.players):
            _fail("outcome reason is 'city' but no city is claimed")
    elif not shows[reason]:
        _fail(f"outcome reason is {reason!r} but the state does not end that way")
    best, _ = ranking(state, reason)
    if tuple(outcome.winners) != best:
        _fail(f"outcome winners {list(outcome.winners)}; the ranking gives {list(best)}")


def _check_end_trigger(state: St) -> None:
    """The end is triggered by a player who ended a turn at the goal (with The Cities: who
    claimed a city), and only this round: points and claims change only in a player's own
    turn, so a player who had reached it in an earlier round would have ended the game."""
    cities = state.module == "cities"
    if cities:
        claimed = any(p.city is not None for p in state.players)
        if state.end_triggered != claimed:
            _fail(
                f"end_triggered is {state.end_triggered} but "
                f"{'a city is' if claimed else 'no city is'} claimed"
            )
    if state.outcome is not None:
        return
    current = state.turns.current
    triggered = False
    for seat, player in enumerate(state.players):
        reached = player.city is not None if cities else reaches_goal(player)
        if not reached or (seat == current and state.tasks):
            continue  # the player in mid-turn triggers the end only when the turn ends
        if seat >= current:
            what = (
                f"claimed city {player.city!r}" if cities else f"has {player.prestige} prestige (goal {GOAL})"
            )
            _fail(
                f"player {seat} {what} but has yet to play this round: they reached it in an earlier "
                "round, which would have ended the game"
            )
        triggered = True
    if triggered and not state.end_triggered:
        reacher = next(
            seat
            for seat, p in enumerate(state.players)
            if seat < current and (p.city if cities else reaches_goal(p))
        )
        _fail(
            f"player {reacher} has {state.players[reacher].prestige} prestige (goal {GOAL}) but end_triggered is False"
        )
    if state.end_triggered and not triggered:
        _fail("end_triggered is True but no player who has played this round reached the goal")
