"""The rules of Splendor Duel: setup, the legal actions of each decision, their effects, the end.

A turn is a chain of decisions by the same seat:

* ``turn``: the optional actions (use privileges, then replenish) and every mandatory action
  are offered together; an optional action leaves the decision open, a mandatory one closes it.
  When no mandatory action is possible, replenishing is the only choice.
* follow-ups of a purchase, in order: ``place_wild``, ``take_token``, ``steal_token`` (the card's
  abilities, in the card's order), then ``choose_royal`` on reaching the 3rd or 6th crown (and
  a ``steal_token`` of that royal card). A follow-up with nothing to choose is skipped.
* ``discard_tokens`` while the seat holds more than 10 tokens, one token per action;
* then the immediate victory check, and the next turn (or an extra one from play again).

All actions are prebuilt at import and shared, so generating legal actions allocates only lists.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from tabletop.core import Action, Deck, Market, Outcome, Rng, TokenPool, TurnOrder

from .actions import (
    Buy, ChooseRoyal, Discard, PlaceWild, Replenish, ReserveCard, ReserveFromDeck, Steal,
    TakeToken, TakeTokens, UsePrivilege,
)
from .components import (
    BOX, CARDS, COST, COST_KINDS, GEMS, GOLD, GRID, JEWEL_CARDS, LEVELS, LINE_MASKS, LINES,
    NON_GOLD, PEARL, ROYAL_CARDS, ROYALS, SPIRAL, TOKEN_KINDS, WILD, cell_name,
)

if TYPE_CHECKING:
    from .state import SplendorDuelState

# ---------------------------------------------------------------------- decisions

TURN = "turn"
PLACE_WILD = "place_wild"
TAKE_TOKEN = "take_token"
STEAL_TOKEN = "steal_token"
CHOOSE_ROYAL = "choose_royal"
DISCARD_TOKENS = "discard_tokens"
OVER = "over"

#: The action types each decision accepts.
DECISION_ACTIONS: dict[str, tuple[type[Action], ...]] = {
    TURN: (UsePrivilege, Replenish, TakeTokens, ReserveCard, ReserveFromDeck, Buy),
    PLACE_WILD: (PlaceWild,),
    TAKE_TOKEN: (TakeToken,),
    STEAL_TOKEN: (Steal,),
    CHOOSE_ROYAL: (ChooseRoyal,),
    DISCARD_TOKENS: (Discard,),
}

MAX_GOLD = BOX.tokens[GOLD]
NO_GOLD: tuple[int, ...] = (0,) * len(COST_KINDS)
#: Every way to split at most all the gold over the cost kinds: the domain of ``Buy.gold``.
GOLD_SPLITS: tuple[tuple[int, ...], ...] = tuple(
    split for split in itertools.product(range(MAX_GOLD + 1), repeat=len(COST_KINDS))
    if sum(split) <= MAX_GOLD
)

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
_LINE_GROUPS = tuple(
    (row * GRID.cols, row << _ROW_BITS, lines) for row, lines in enumerate(_LINES_BY_TOP_ROW)
)
_OPEN_LINES: dict[int, tuple[TakeTokens, ...]] = {}
_OPEN_LINES_LIMIT = 50_000
_RESERVE_CARD_AT = tuple(
    {card.id: ReserveCard(cell, card.id) for card in JEWEL_CARDS} for cell in range(GRID.size)
)
_RESERVE_DECK_AT = tuple(
    {level: ReserveFromDeck(cell, level) for level in LEVELS} for cell in range(GRID.size)
)
_BUY: dict[tuple[str, tuple[int, ...]], Buy] = {
    (card.id, NO_GOLD): Buy(card.id, NO_GOLD) for card in JEWEL_CARDS
}
_PLACE_WILD = {colour: PlaceWild(colour) for colour in GEMS}
_STEAL = {kind: Steal(kind) for kind in NON_GOLD}
_CHOOSE_ROYAL = {card.id: ChooseRoyal(card.id) for card in ROYAL_CARDS}
_DISCARD = {kind: Discard(kind) for kind in TOKEN_KINDS}

_IS_WILD = {card.id: card.colour == WILD for card in JEWEL_CARDS}
#: Per card, its non-zero cost entries as (index in COST_KINDS, count).
_COST_TERMS = {card: tuple((i, n) for i, n in enumerate(cost) if n) for card, cost in COST.items()}
_LINE_SET = frozenset(LINES)


def _buy(card: str, gold: tuple[int, ...]) -> Buy:
    action = _BUY.get((card, gold))
    if action is None:
        action = _BUY[card, gold] = Buy(card, gold)
    return action


# ---------------------------------------------------------------------- setup


def setup(num_players: int, seed: int, options: dict[str, Any], rng: Rng) -> SplendorDuelState:
    """A new game: shuffled decks, the pyramid, the bag emptied onto the board along the
    spiral, privileges and royal cards on the table, the first player (seeded unless the
    ``first_player`` option names one) and 1 privilege for the second player."""
    from .state import SplendorDuelState  # the state module imports this one

    pyramid = []
    for level in LEVELS:
        deck = Deck.shuffled([card.id for card in JEWEL_CARDS if card.level == level], rng)
        pyramid.append(Market.dealt(BOX.pyramid[level], deck))
    bag = [kind for kind in TOKEN_KINDS for _ in range(BOX.tokens[kind])]
    rng.shuffle(bag)
    board: list[str | None] = [None] * GRID.size
    for cell, kind in zip(SPIRAL, bag):
        board[cell] = kind
    first = options["first_player"]
    if first is None:
        first = rng.randbelow(2)
    privileges = [0, 0]
    privileges[1 - first] = 1
    return SplendorDuelState(
        num_players=num_players, seed=seed, options=options, rng=rng,
        turns=TurnOrder.starting_with(2, first),
        board=board,
        bag=TokenPool(dict.fromkeys(TOKEN_KINDS, 0)),
        tokens=[TokenPool(dict.fromkeys(TOKEN_KINDS, 0)) for _ in range(2)],
        privileges=privileges,
        pyramid=pyramid,
        reserved=[[], []], blind=[[], []], cards=[[], []],
        royal_supply=[card.id for card in ROYAL_CARDS],
        royals=[[], []],
    )


# ---------------------------------------------------------------------- legal actions


def legal_actions(state: SplendorDuelState) -> list[Action]:
    """The legal actions of the pending decision."""
    step = state.step
    seat = state.turns.current
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
    for cell, kind in enumerate(state.board):
        if kind is not None:
            if kind == GOLD:
                gold_cells.append(cell)
            else:
                takeable |= 1 << cell
    mandatory: list[Action] = []
    for shift, row_key, lines in _LINE_GROUPS:
        pattern = takeable >> shift & _ROW_PATTERN
        open_lines = _OPEN_LINES.get(row_key | pattern)
        if open_lines is None:
            if len(_OPEN_LINES) >= _OPEN_LINES_LIMIT:
                _OPEN_LINES.clear()  # bounds memory over millions of games
            open_lines = _OPEN_LINES[row_key | pattern] = tuple(
                a for a, m in lines if m & pattern == m
            )
        mandatory.extend(open_lines)
    pyramid = state.pyramid
    face_up = [card for market in pyramid for card in market.slots if card is not None]
    if gold_cells and len(state.reserved[seat]) < BOX.max_reserved:
        decks = [level for level, market in zip(LEVELS, pyramid) if market.deck.cards]
        for cell in gold_cells:
            by_card = _RESERVE_CARD_AT[cell]
            mandatory += [by_card[card] for card in face_up]
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
            optional = [_USE_PRIVILEGE[cell] for cell in range(GRID.size) if takeable >> cell & 1]
        elif takeable:
            last = takeable.bit_length() - 1
            if _can_finish_without_board_gems(state, seat, state.board[last]):
                optional = [_USE_PRIVILEGE[last]]
    if bag_full:
        optional.append(_REPLENISH)
    return optional + mandatory


def _can_finish_without_board_gems(
    state: SplendorDuelState, seat: int, gained: str | None
) -> bool:
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
    bag = state.bag.counts
    if any(n for kind, n in bag.items() if kind != GOLD):
        return True  # replenishing puts a gem or pearl back on the board
    if can_reserve and bag.get(GOLD, 0):
        return True  # replenishing puts gold on the board
    assert gained is not None
    counts = state.tokens[seat].counts
    counts[gained] += 1
    face_up = [card for market in state.pyramid for card in market.slots if card is not None]
    try:
        return bool(_buy_actions(state, seat, face_up))
    finally:
        counts[gained] -= 1


def owed(state: SplendorDuelState, seat: int, card: str) -> list[int]:
    """What ``card`` still costs ``seat`` per cost kind after bonuses (never below zero)."""
    cost = COST[card]
    bonus = state.bonuses(seat)
    need = [cost[i] - bonus[i] if cost[i] > bonus[i] else 0 for i in range(len(GEMS))]
    need.append(cost[-1])  # there are no pearl bonuses
    return need


def _buy_actions(state: SplendorDuelState, seat: int, face_up: list[str]) -> list[Action]:
    bonus = state.bonuses(seat)
    counts = state.tokens[seat].counts
    have = [counts.get(kind, 0) for kind in COST_KINDS]
    gold = counts.get(GOLD, 0)
    # What each kind is worth towards a cost: tokens plus bonuses (pearls have no bonus).
    power = [h + b for h, b in zip(have, bonus)]
    power.append(have[-1])
    can_place_wild = any(bonus)
    actions: list[Action] = []
    for card in face_up + state.reserved[seat]:
        if _IS_WILD[card] and not can_place_wild:
            continue
        terms = _COST_TERMS[card]
        short = 0
        for i, n in terms:
            if n > power[i]:
                short += n - power[i]
        if short > gold:
            continue
        if gold:
            actions.extend(_gold_payments(card, terms, bonus, have, gold))
        else:
            actions.append(_BUY[card, NO_GOLD])
    return actions


def _gold_payments(
    card: str, terms: tuple[tuple[int, int], ...], bonus: list[int], have: list[int], gold: int
) -> list[Buy]:
    """Every way to pay ``card`` with up to ``gold`` gold: per owed kind, from the units the
    tokens cannot cover up to all the units owed."""
    kinds = []
    ranges = []
    for i, n in terms:
        owe = n - bonus[i] if i < len(bonus) else n
        if owe > 0:
            kinds.append(i)
            ranges.append(range(owe - have[i] if owe > have[i] else 0, (owe if owe < gold else gold) + 1))
    payments = []
    split = [0] * len(COST_KINDS)
    for choice in itertools.product(*ranges):
        if sum(choice) <= gold:
            for i, g in zip(kinds, choice):
                split[i] = g
            payments.append(_buy(card, tuple(split)))
    return payments


def wild_targets(state: SplendorDuelState, seat: int) -> list[str]:
    """The colours a wild card may join: those of the seat's cards that have a bonus."""
    return [gem for gem, n in zip(GEMS, state.bonuses(seat)) if n]


def ability_token_cells(state: SplendorDuelState) -> list[int]:
    """The board cells holding a token of the colour of the card whose ability resolves."""
    colour = CARDS[state.ability_card].colour if state.ability_card else None
    return [cell for cell, kind in enumerate(state.board) if kind == colour]


def stealable(state: SplendorDuelState, seat: int) -> list[str]:
    """The gem and pearl kinds the opponent of ``seat`` holds (gold cannot be stolen)."""
    counts = state.tokens[1 - seat].counts
    return [kind for kind in NON_GOLD if counts.get(kind, 0)]


# ---------------------------------------------------------------------- effects


def apply(state: SplendorDuelState, action: Action) -> None:
    """Carry out a legal action and everything it triggers."""
    _HANDLERS[type(action)](state, action)


def gain_privilege(state: SplendorDuelState, seat: int) -> None:
    """``seat`` takes a privilege: from the table, else from the opponent; none beyond 3."""
    privileges = state.privileges
    if privileges[seat] >= BOX.privileges:
        return
    if state.privilege_supply == 0:
        privileges[1 - seat] -= 1
    privileges[seat] += 1


def refill_board(state: SplendorDuelState) -> None:
    """Draw every token from the bag at random onto the empty cells, in spiral order."""
    bag = state.bag.counts
    drawn = [kind for kind in TOKEN_KINDS for _ in range(bag.get(kind, 0))]
    state.rng.shuffle(drawn)
    board = state.board
    for cell in SPIRAL:
        if not drawn:
            break
        if board[cell] is None:
            kind = board[cell] = drawn.pop()
            bag[kind] -= 1


def _use_privilege(state: SplendorDuelState, action: Action) -> None:
    assert isinstance(action, UsePrivilege)
    seat = state.turns.current
    kind = state.board[action.cell]
    assert kind is not None
    state.board[action.cell] = None
    state.tokens[seat].counts[kind] += 1
    state.privileges[seat] -= 1


def _replenish(state: SplendorDuelState, action: Action) -> None:
    refill_board(state)
    gain_privilege(state, 1 - state.turns.current)
    state.replenished = True


def _take_tokens(state: SplendorDuelState, action: Action) -> None:
    assert isinstance(action, TakeTokens)
    seat = state.turns.current
    board, counts = state.board, state.tokens[seat].counts
    taken = []
    for cell in action.cells:
        kind = board[cell]
        assert kind is not None
        board[cell] = None
        counts[kind] += 1
        taken.append(kind)
    if (len(taken) == 3 and taken[0] == taken[1] == taken[2]) or taken.count(PEARL) == 2:
        gain_privilege(state, 1 - seat)
    _proceed(state)


def _reserve_card(state: SplendorDuelState, action: Action) -> None:
    assert isinstance(action, ReserveCard)
    seat = _take_gold(state, action.gold)
    state.pyramid[CARDS[action.card].level - 1].take_and_refill(action.card)
    state.reserved[seat].append(action.card)
    _proceed(state)


def _reserve_from_deck(state: SplendorDuelState, action: Action) -> None:
    assert isinstance(action, ReserveFromDeck)
    seat = _take_gold(state, action.gold)
    card = state.pyramid[action.level - 1].deck.draw()
    state.reserved[seat].append(card)
    state.blind[seat].append(card)
    _proceed(state)


def _take_gold(state: SplendorDuelState, cell: int) -> int:
    seat = state.turns.current
    state.board[cell] = None
    state.tokens[seat].counts[GOLD] += 1
    return seat


def _buy_card(state: SplendorDuelState, action: Action) -> None:
    assert isinstance(action, Buy)
    seat = state.turns.current
    card = CARDS[action.card]
    need = owed(state, seat, action.card)
    pool, bag = state.tokens[seat].counts, state.bag.counts
    for kind, n, gold in zip(COST_KINDS, need, action.gold):
        if n:
            pool[kind] -= n - gold
            bag[kind] += n - gold
            pool[GOLD] -= gold
            bag[GOLD] += gold
    hand = state.reserved[seat]
    if action.card in hand:
        hand.remove(action.card)
        if action.card in state.blind[seat]:
            state.blind[seat].remove(action.card)
    else:
        state.pyramid[card.level - 1].take_and_refill(action.card)
    crowns_before = state.crowns(seat)
    state.cards[seat].append(action.card)
    state.ability_card = action.card
    pending = state.pending
    for ability in card.abilities:
        if ability == "wild_bonus":
            pending.append(PLACE_WILD)
        elif ability == "play_again":
            state.turns.grant_extra_turn()
        elif ability == "take_token_of_card_colour":
            pending.append(TAKE_TOKEN)
        elif ability == "take_privilege":
            gain_privilege(state, seat)
        elif ability == "steal_token":
            pending.append(STEAL_TOKEN)
    crowns_after = crowns_before + card.crowns
    for threshold in BOX.royal_crowns:
        if crowns_before < threshold <= crowns_after:
            pending.append(CHOOSE_ROYAL)
    _proceed(state)


def _place_wild(state: SplendorDuelState, action: Action) -> None:
    assert isinstance(action, PlaceWild) and state.ability_card is not None
    state.wild_colours[state.ability_card] = action.colour
    _proceed(state)


def _take_token(state: SplendorDuelState, action: Action) -> None:
    assert isinstance(action, TakeToken)
    kind = state.board[action.cell]
    assert kind is not None
    state.board[action.cell] = None
    state.tokens[state.turns.current].counts[kind] += 1
    _proceed(state)


def _steal(state: SplendorDuelState, action: Action) -> None:
    assert isinstance(action, Steal)
    seat = state.turns.current
    state.tokens[1 - seat].counts[action.token] -= 1
    state.tokens[seat].counts[action.token] += 1
    _proceed(state)


def _choose_royal(state: SplendorDuelState, action: Action) -> None:
    assert isinstance(action, ChooseRoyal)
    seat = state.turns.current
    state.royal_supply.remove(action.card)
    state.royals[seat].append(action.card)
    for ability in ROYALS[action.card].abilities:
        if ability == "steal_token":
            state.pending.insert(0, STEAL_TOKEN)
        elif ability == "play_again":
            state.turns.grant_extra_turn()
        elif ability == "take_privilege":
            gain_privilege(state, seat)
    _proceed(state)


def _discard(state: SplendorDuelState, action: Action) -> None:
    assert isinstance(action, Discard)
    seat = state.turns.current
    state.tokens[seat].counts[action.token] -= 1
    state.bag.counts[action.token] += 1
    if state.token_count(seat) <= BOX.max_tokens:
        _end_turn(state, seat)


_HANDLERS: dict[type[Action], Callable[[SplendorDuelState, Action], None]] = {
    UsePrivilege: _use_privilege, Replenish: _replenish, TakeTokens: _take_tokens,
    ReserveCard: _reserve_card, ReserveFromDeck: _reserve_from_deck, Buy: _buy_card,
    PlaceWild: _place_wild, TakeToken: _take_token, Steal: _steal, ChooseRoyal: _choose_royal,
    Discard: _discard,
}


def _has_choice(state: SplendorDuelState, seat: int, step: str) -> bool:
    if step == PLACE_WILD:
        return bool(wild_targets(state, seat))
    if step == TAKE_TOKEN:
        return bool(ability_token_cells(state))
    if step == STEAL_TOKEN:
        return bool(stealable(state, seat))
    if step == CHOOSE_ROYAL:
        return bool(state.royal_supply)
    raise AssertionError(f"unknown follow-up {step!r}")


def _proceed(state: SplendorDuelState) -> None:
    """After a mandatory action or a follow-up: the next follow-up with a choice, else the
    10-token discard, else the end of the turn."""
    seat = state.turns.current
    pending = state.pending
    while pending:
        step = pending.pop(0)
        if _has_choice(state, seat, step):
            state.step = step
            return
    if state.token_count(seat) > BOX.max_tokens:
        state.step = DISCARD_TOKENS
        return
    _end_turn(state, seat)


# ---------------------------------------------------------------------- the end


def victory_reasons(state: SplendorDuelState, seat: int) -> list[str]:
    """The victory conditions ``seat`` meets now, in rulebook order."""
    prestige, crowns, by_colour = state.tallies(seat)
    reasons = []
    if prestige >= BOX.victory.prestige:
        reasons.append("prestige")
    if crowns >= BOX.victory.crowns:
        reasons.append("crowns")
    if max(by_colour) >= BOX.victory.colour_prestige:
        reasons.append("colour_prestige")
    return reasons


def _end_turn(state: SplendorDuelState, seat: int) -> None:
    # Prestige and crowns only grow through a purchase (and the royal card or wild placement
    # that follows it), so a turn without one cannot bring victory.
    reasons = victory_reasons(state, seat) if state.ability_card is not None else None
    state.ability_card = None
    if reasons:
        state.outcome = Outcome((seat,), (state.prestige(0), state.prestige(1)), "+".join(reasons))
        state.step = OVER
        return
    state.replenished = False
    state.step = TURN
    state.turns.advance()


# ---------------------------------------------------------------------- refusals


def _at(board: list[str | None], cell: int) -> str | None:
    """The token on ``cell``, or ``None`` for an empty cell or a cell off the board."""
    return board[cell] if 0 <= cell < len(board) else None


def _place(cell: int) -> str:
    """A cell's name, or a note that it is off the board."""
    return cell_name(cell) if 0 <= cell < GRID.size else f"cell {cell} (off the 5x5 board)"


def why_illegal(state: SplendorDuelState, action: Action) -> str:
    """The rule that forbids ``action`` now."""
    step = state.step
    seat = state.turns.current
    accepted = DECISION_ACTIONS.get(step, ())
    if not isinstance(action, accepted):
        names = ", ".join(t.kind for t in accepted)
        return f"{action} is not possible now: the pending decision is {step!r} (actions: {names})"
    if step == TURN:
        if legal_actions(state) == [_REPLENISH] and not isinstance(action, Replenish):
            return ("no mandatory action is possible, so the board must be replenished first "
                    "(forced replenish)")
        return _why_turn(state, seat, action)
    if isinstance(action, Discard):
        return f"cannot discard {action.token}: you hold none"
    if isinstance(action, PlaceWild):
        return (f"a wild card must join a colour of which you own a card with a bonus; "
                f"{action.colour} is not one of {wild_targets(state, seat)}")
    if isinstance(action, TakeToken):
        return (f"the ability takes a token of the card's colour from the board; "
                f"{_place(action.cell)} holds {_at(state.board, action.cell) or 'nothing'}")
    if isinstance(action, Steal):
        return f"cannot steal {action.token}: the opponent holds none (and gold is never stolen)"
    if isinstance(action, ChooseRoyal):
        return f"royal card {action.card} is not on the table"
    return f"{action} is not legal now"


def _why_turn(state: SplendorDuelState, seat: int, action: Action) -> str:
    board = state.board
    if isinstance(action, UsePrivilege):
        if state.replenished:
            return "privileges must be used before replenishing the board, not after"
        if not state.privileges[seat]:
            return "you hold no privilege to use"
        if _at(board, action.cell) not in (None, GOLD):
            return ("this privilege would take the last gem or pearl and leave no mandatory "
                    "action possible, and every turn must end with a mandatory action")
        held = _at(board, action.cell)
        return (f"a privilege takes one gem or pearl from the board (never gold); "
                f"{_place(action.cell)} holds {held or 'nothing'}")
    if isinstance(action, Replenish):
        if state.replenished:
            return "the board was already replenished this turn"
        return "cannot replenish the board: the bag is empty"
    if isinstance(action, TakeTokens):
        if action.cells[::-1] in _LINE_SET:
            return (f"name the line's cells in reading order: "
                    f"{', '.join(cell_name(c) for c in action.cells[::-1])}")
        if action.cells not in _LINE_SET:
            return ("tokens must be taken from 1 to 3 adjacent cells in one straight line "
                    "(row, column or diagonal)")
        for cell in action.cells:
            if board[cell] is None:
                return f"the line has a gap: {cell_name(cell)} is empty (no gaps allowed)"
            if board[cell] == GOLD:
                return f"gold cannot be taken with a line: {cell_name(cell)} holds gold"
        return f"{action} is not legal now"
    if isinstance(action, (ReserveCard, ReserveFromDeck)):
        if len(state.reserved[seat]) >= BOX.max_reserved:
            return f"you already hold {BOX.max_reserved} reserved cards, the limit"
        if GOLD not in board:
            return "reserving needs gold, and there is no gold on the board"
        if _at(board, action.gold) != GOLD:
            return f"reserving takes a gold token; {_place(action.gold)} holds no gold"
        if isinstance(action, ReserveCard):
            return f"card {action.card} is not face up in the pyramid"
        if action.level not in LEVELS:
            return f"there is no level-{action.level} deck (levels are {', '.join(map(str, LEVELS))})"
        return f"the level-{action.level} deck is empty"
    if isinstance(action, Buy):
        return _why_buy(state, seat, action)
    return f"{action} is not legal now"


def _why_buy(state: SplendorDuelState, seat: int, action: Buy) -> str:
    card = action.card
    if card not in state.reserved[seat] and not any(card in m.slots for m in state.pyramid):
        return f"card {card} is neither face up in the pyramid nor reserved by you"
    if _IS_WILD[card] and not any(state.bonuses(seat)):
        return f"{card} is a wild-bonus card: you need a card with a bonus to buy it"
    need = owed(state, seat, card)
    counts = state.tokens[seat].counts
    gold = counts.get(GOLD, 0)
    short = sum(max(0, n - counts.get(kind, 0)) for kind, n in zip(COST_KINDS, need))
    if short > gold:
        owed_text = ", ".join(f"{n} {kind}" for kind, n in zip(COST_KINDS, need) if n)
        return (f"cannot afford {card}: after bonuses it costs {owed_text}; you lack {short} "
                f"and hold {gold} gold")
    if sum(action.gold) > gold:
        return f"the payment uses {sum(action.gold)} gold but you hold {gold}"
    for kind, n, g in zip(COST_KINDS, need, action.gold):
        if g > n:
            return f"the payment puts {g} gold on {kind} but only {n} {kind} is owed"
        if n - g > counts.get(kind, 0):
            return f"the payment needs {n - g} {kind} tokens but you hold {counts.get(kind, 0)}"
    return f"{action} is not legal now"
