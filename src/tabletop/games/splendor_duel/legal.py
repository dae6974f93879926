"""Legal actions: every choice the rules allow for the pending decision of a Splendor Duel turn.

The decisions themselves are named in :mod:`.decisions`; what the actions do is in
:mod:`.effects`; why an action is refused, in :mod:`.refusals`.

All actions are prebuilt at import and shared, so generating legal actions allocates only lists.
Token pools are read here through their ``counts`` dicts (never written: tokens move only in
:mod:`.effects`, through the ``TokenPool`` API), which saves a method call per kind in the
hottest loops.
"""

from __future__ import annotations

import itertools
from operator import add
from typing import TYPE_CHECKING, cast

from tabletop.core import Action

from .actions import (
    NO_GOLD,
    Buy,
    ChooseRoyal,
    Discard,
    PlaceWild,
    Replenish,
    ReserveCard,
    ReserveFromDeck,
    Steal,
    TakeToken,
    TakeTokens,
    UsePrivilege,
)
from .components import (
    BOX,
    CARDS,
    COST,
    COST_KINDS,
    GEMS,
    GOLD,
    GRID,
    LEVELS,
    LINE_MASKS,
    LINES,
    NON_GOLD,
    ROYALS,
    TOKEN_KINDS,
    WILD,
)
from .decisions import CHOOSE_ROYAL, DISCARD_TOKENS, PLACE_WILD, STEAL_TOKEN, TAKE_TOKEN, TURN
from .holdings import bonuses

if TYPE_CHECKING:
    from .state import SplendorDuelState

# ---------------------------------------------------------------------- prebuilt actions

_REPLENISH = Replenish()
_USE_PRIVILEGE = tuple(UsePrivilege(cell) for cell in range(GRID.size))
_TAKE_TOKEN = tuple(TakeToken(cell) for cell in range(GRID.size))
_TAKE_LINE = tuple(TakeTokens(line) for line in LINES)
# The take actions grouped by the top row of their line, each with its cell mask shifted so
# that bit 0 is the first cell of that row: a line spans at most 3 rows, so which lines of a
# group are open depends only on 15 bits of the board, and the answer is cached per pattern.
_ROW_BITS = GRID.cols * 3
_ROW_PATTERN = (1 << _ROW_BITS) - 1
_LINES_BY_TOP_ROW = tuple(
    tuple(
        (action, mask >> (row * GRID.cols))
        for action, mask in zip(_TAKE_LINE, LINE_MASKS)
        if min(action.cells) // GRID.cols == row
    )
    for row in range(GRID.rows)
)
_ROW_MASK = (1 << GRID.cols) - 1


def _row_table(masks: tuple[int, ...], offset: int) -> tuple[int, ...]:
    """Per content of row ``offset`` of a group's window (its 5 bits of the pattern), the lines
    of ``masks`` with every cell they have in that row present: one byte per line, 1 for those."""
    flags = [0] * (1 << GRID.cols)
    for index, mask in enumerate(masks):
        flags[mask >> offset * GRID.cols & _ROW_MASK] |= 1 << 8 * index
    # A line whose cells in the row are all in a content is in every content holding it too.
    for bit in (1 << col for col in range(GRID.cols)):
        for content in range(1 << GRID.cols):
            if content & bit:
                flags[content] |= flags[content ^ bit]
    return tuple(flags)


#: A group's take actions and a :func:`_row_table` per row of its window.
_LineGroup = tuple[tuple[TakeTokens, ...], tuple[int, ...], tuple[int, ...], tuple[int, ...]]


def _line_groups() -> tuple[tuple[int, int, _LineGroup], ...]:
    """Per group of :data:`_LINES_BY_TOP_ROW`: its shift, its key bits and its :data:`_LineGroup`."""
    groups = []
    made: dict[tuple[int, ...], tuple[tuple[int, ...], tuple[int, ...], tuple[int, ...]]] = {}
    for row, lines in enumerate(_LINES_BY_TOP_ROW):
        masks = tuple(m for _, m in lines)
        tables = made.get(masks)
        if tables is None:  # the first three groups' lines have the same shifted masks
            tables = made[masks] = (_row_table(masks, 0), _row_table(masks, 1), _row_table(masks, 2))
        groups.append((row * GRID.cols, row << _ROW_BITS, (tuple(a for a, _ in lines), *tables)))
    return tuple(groups)


#: Per group: a pattern not cached below is worked out from its tables at once, as the lines
#: present in all three rows (a fresh process meets some 160 patterns in its first game, a warm
#: one some 50 a game).
_LINE_GROUPS = _line_groups()
_OPEN_LINES: dict[int, tuple[TakeTokens, ...]] = {}
_OPEN_LINES_LIMIT = 50_000
#: Each cell's bit in a set of cells.
_CELL_BITS = tuple(1 << cell for cell in range(GRID.size))
#: Per board content, whether a privilege may take it (``get(kind, True)``: any gem or pearl).
_UNTAKEABLE: dict[str | None, bool] = {None: False, GOLD: False}
_TAKEABLE = (True,) * GRID.size
_RESERVE_CARD_AT = tuple(
    {card.id: ReserveCard(cell, card.id) for card in CARDS.values()} for cell in range(GRID.size)
)
_RESERVE_DECK_AT = tuple(
    {level: ReserveFromDeck(cell, level) for level in LEVELS} for cell in range(GRID.size)
)
_BUY: dict[tuple[str, tuple[int, ...]], Buy] = {
    (card.id, NO_GOLD): Buy(card.id, NO_GOLD) for card in CARDS.values()
}
_PLACE_WILD = {colour: PlaceWild(colour) for colour in GEMS}
_STEAL = {kind: Steal(kind) for kind in NON_GOLD}
_CHOOSE_ROYAL = {card: ChooseRoyal(card) for card in ROYALS}
_DISCARD = {kind: Discard(kind) for kind in TOKEN_KINDS}

#: Per card, its non-zero cost entries as (index in COST_KINDS, count).
_COST_TERMS = {card: tuple((i, n) for i, n in enumerate(cost) if n) for card, cost in COST.items()}
# Cards as bits of a set, to find at once the few cards a buyer may afford: per cost kind and
# what the buyer can put towards it (tokens, bonuses and all their gold), the cards costing no
# more of that kind. A card outside their intersection cannot be bought; one inside can when
# the buyer has no gold (nothing else to check), else after the exact sum of what is missing.
_CARD_BIT = {card: 1 << i for i, card in enumerate(CARDS)}
_ALL_CARDS = (1 << len(CARDS)) - 1
_WILD_CARDS = sum(_CARD_BIT[card.id] for card in CARDS.values() if card.colour == WILD)
_MOST = tuple(max(cost[i] for cost in COST.values()) for i in range(len(COST_KINDS)))
_WITHIN = tuple(
    tuple(sum(_CARD_BIT[card] for card, cost in COST.items() if cost[i] <= worth) for worth in range(most))
    for i, most in enumerate(_MOST)
)


#: The gold payments of a card, by the card, the gold held and what _gold_payments bounds: a
#: few per card, and built from the same shared actions whoever asks.
_PAYMENTS: dict[tuple[str, int, tuple[int, ...]], tuple[Buy, ...]] = {}
_NONE_HELD = (0,) * len(COST_KINDS)


def _buy(card: str, gold: tuple[int, ...]) -> Buy:
    action = _BUY.get((card, gold))
    if action is None:
        action = _BUY[card, gold] = Buy(card, gold)
    return action


# ---------------------------------------------------------------------- legal actions


def legal_actions(state: SplendorDuelState) -> list[Action]:
    """The legal actions of the pending decision."""
    step = state.step
    turns = state.turns
    seat = turns.order[turns.position]  # turns.current, without a property call: every turn passes here
    if step == TURN:
        return _turn_actions(state, seat)
    if step == DISCARD_TOKENS:
        return [_DISCARD[kind] for kind, n in state.tokens[seat].counts.items() if n]
    if step == PLACE_WILD:
        return [_PLACE_WILD[c] for c in wild_targets(state, seat)]
    if step == TAKE_TOKEN:
        return [_TAKE_TOKEN[cell] for cell in ability_token_cells(state)]
    if step == STEAL_TOKEN:
        return [_STEAL[kind] for kind in stealable(state, seat)]
    if step == CHOOSE_ROYAL:
        return [_CHOOSE_ROYAL[card] for card in state.royal_supply]
    return []


def _turn_actions(state: SplendorDuelState, seat: int) -> list[Action]:
    takeable = 0
    gold_cells = []
    bits = _CELL_BITS  # shared ints: no new one a cell
    board = state.board
    for cell, kind in enumerate(board):
        if kind is not None:
            if kind == GOLD:
                gold_cells.append(cell)
            else:
                takeable |= bits[cell]
    mandatory: list[Action] = []
    for shift, row_key, group in _LINE_GROUPS:
        pattern = takeable >> shift & _ROW_PATTERN
        open_lines = _OPEN_LINES.get(row_key | pattern)
        if open_lines is None:
            if len(_OPEN_LINES) >= _OPEN_LINES_LIMIT:
                _OPEN_LINES.clear()  # bounds memory over millions of games
            open_lines = _OPEN_LINES[row_key | pattern] = _open_lines(group, pattern)
        mandatory.extend(open_lines)
    pyramid = state.pyramid
    slots: list[str | None] = []
    for market in pyramid:
        slots += market.slots
    # Holes only once a deck has run out: most turns keep the list as it is.
    face_up = [card for card in slots if card is not None] if None in slots else cast("list[str]", slots)
    if gold_cells and len(state.reserved[seat]) < BOX.max_reserved:
        decks = [level for level, market in zip(LEVELS, pyramid) if market.deck.cards]
        for cell in gold_cells:
            by_card = _RESERVE_CARD_AT[cell]
            mandatory += map(by_card.__getitem__, face_up)
            by_level = _RESERVE_DECK_AT[cell]
            mandatory += [by_level[level] for level in decks]
    mandatory.extend(_buy_actions(state, seat, face_up))
    bag_full = any(state.bag.counts.values())
    if not mandatory:
        # Forced replenish. The bag cannot be empty here: both players start a turn with at
        # most 10 tokens, so at least 5 of the 25 are on the board or in the bag, and a board
        # without gems or pearls holds at most the 3 gold; later in the turn, a privilege that
        # would leave nothing to do is not offered (_can_finish_without_board_gems).
        return [_REPLENISH] if bag_full else []
    if state.replenished:
        return mandatory
    optional: list[Action] = []
    if state.privileges[seat]:
        if takeable & (takeable - 1):  # two or more gems/pearls: one stays for a line
            # The cells of takeable, picked at C level: an empty or gold cell maps to False.
            optional = list(itertools.compress(_USE_PRIVILEGE, map(_UNTAKEABLE.get, board, _TAKEABLE)))
        elif takeable:
            last = takeable.bit_length() - 1
            if _can_finish_without_board_gems(state, seat, state.board[last]):
                optional = [_USE_PRIVILEGE[last]]
    if bag_full:
        optional.append(_REPLENISH)
    return optional + mandatory


def _open_lines(group: _LineGroup, pattern: int) -> tuple[TakeTokens, ...]:
    """The take actions of a group of :data:`_LINE_GROUPS` whose cells all hold a gem or pearl
    (``pattern``: the group's 3-row window of takeable cells), in order."""
    actions, first, second, third = group
    cols = GRID.cols
    opened = first[pattern & _ROW_MASK] & second[pattern >> cols & _ROW_MASK] & third[pattern >> 2 * cols]
    # One byte per line, 1 when open: picked at C level.
    return tuple(itertools.compress(actions, opened.to_bytes(len(actions), "little")))


def _can_finish_without_board_gems(state: SplendorDuelState, seat: int, gained: str | None) -> bool:
    """Whether the turn could still end with a mandatory action once ``seat`` has taken the
    last gem or pearl on the board (gaining ``gained``) with a privilege.

    The rulebook does not say what happens when a privilege leaves no mandatory action
    possible (no gem or pearl left, the bag empty, nothing to reserve or buy); every turn must
    end with one, so such a privilege is not offered.
    """
    cards_left = any(m.deck.cards or any(m.slots) for m in state.pyramid)
    can_reserve = len(state.reserved[seat]) < BOX.max_reserved and cards_left
    if can_reserve and GOLD in state.board:
        return True
    bag = state.bag
    if any(bag[kind] for kind in NON_GOLD):
        return True  # replenishing puts a gem or pearl back on the board
    if can_reserve and bag[GOLD]:
        return True  # replenishing puts gold on the board
    assert gained is not None
    face_up = [card for market in state.pyramid for card in market.slots if card is not None]
    return bool(_buy_actions(state, seat, face_up, gained))


def owed(state: SplendorDuelState, seat: int, card: str) -> list[int]:
    """What ``card`` still costs ``seat`` per cost kind after bonuses (never below zero)."""
    cost = COST[card]
    bonus = bonuses(state, seat)
    need = [cost[i] - bonus[i] if cost[i] > bonus[i] else 0 for i in range(len(GEMS))]
    need.append(cost[-1])  # there are no pearl bonuses
    return need


def _buy_actions(
    state: SplendorDuelState, seat: int, face_up: list[str], gained: str | None = None
) -> list[Action]:
    """Every purchase ``seat`` can make now (of ``face_up`` or its reserved cards); with
    ``gained``, as if it held one more token of that kind."""
    bonus = bonuses(state, seat)
    counts = state.tokens[seat].counts  # read only: tokens move through the TokenPool API
    have = list(map(counts.get, COST_KINDS, _NONE_HELD))
    gold = counts.get(GOLD, 0)
    if gained is not None:
        if gained == GOLD:
            gold += 1
        else:
            have[COST_KINDS.index(gained)] += 1
    # What each kind is worth towards a cost: tokens plus bonuses (pearls have no bonus).
    power = list(map(add, have, bonus))
    power.append(have[-1])
    within = _ALL_CARDS if any(bonus) else _ALL_CARDS ^ _WILD_CARDS  # a wild card joins a bonus
    for worth, most, cards in zip(power, _MOST, _WITHIN):
        worth += gold
        if worth < most:
            within &= cards[worth]
    actions: list[Action] = []
    for card in face_up + state.reserved[seat]:
        if not _CARD_BIT[card] & within:
            continue
        if gold:
            terms = _COST_TERMS[card]
            short = 0
            for i, n in terms:
                if n > power[i]:
                    short += n - power[i]
            if short > gold:
                continue
            actions.extend(_gold_payments(card, terms, bonus, have, gold))
        else:
            actions.append(_BUY[card, NO_GOLD])
    return actions


def _gold_payments(
    card: str, terms: tuple[tuple[int, int], ...], bonus: list[int], have: list[int], gold: int
) -> tuple[Buy, ...]:
    """Every way to pay ``card`` with up to ``gold`` gold: per owed kind, from the units the
    tokens cannot cover up to all the units owed."""
    bounds: list[int] = []  # per owed kind: its index, and the fewest and most units gold may pay of it
    for i, n in terms:
        owe = n - bonus[i] if i < len(bonus) else n
        if owe > 0:
            bounds += (i, owe - have[i] if owe > have[i] else 0, owe if owe < gold else gold)
    key = (card, gold, tuple(bounds))
    payments = _PAYMENTS.get(key)
    if payments is None:
        payments = _PAYMENTS[key] = _list_payments(card, gold, bounds)
    return payments


def _list_payments(card: str, gold: int, bounds: list[int]) -> tuple[Buy, ...]:
    payments = []
    split = [0] * len(COST_KINDS)
    kinds = bounds[0::3]
    for choice in itertools.product(*(range(low, high + 1) for low, high in zip(bounds[1::3], bounds[2::3]))):
        if sum(choice) <= gold:
            for i, g in zip(kinds, choice):
                split[i] = g
            payments.append(_buy(card, tuple(split)))
    return tuple(payments)


def wild_targets(state: SplendorDuelState, seat: int) -> list[str]:
    """The colours a wild card may join: those of the seat's cards that have a bonus."""
    return [gem for gem, n in zip(GEMS, bonuses(state, seat)) if n]


def ability_token_cells(state: SplendorDuelState) -> list[int]:
    """The board cells holding a token of the colour of the card whose ability resolves."""
    colour = CARDS[state.ability_card].colour if state.ability_card else None
    return [cell for cell, kind in enumerate(state.board) if kind == colour]


def stealable(state: SplendorDuelState, seat: int) -> list[str]:
    """The gem and pearl kinds the opponent of ``seat`` holds (gold cannot be stolen)."""
    counts = state.tokens[1 - seat].counts
    return [kind for kind in NON_GOLD if counts.get(kind, 0)]
