"""What the actions of Splendor Duel do: moving tokens and cards, abilities, follow-ups, the end.

``apply`` carries out an action already known to be legal (see :mod:`.legal`), with everything
it triggers: the opponent's privilege, refilling the pyramid, the card's abilities and the royal
card queued as follow-up decisions, the 10-token discard, the victory check (:mod:`.scoring`)
and the next turn. Tokens move only through the ``TokenPool`` API, which refuses to go below
zero, so a bug here fails loudly instead of corrupting the counts.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from tabletop.core import Action

from .actions import (
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
from .components import BOX, CARDS, COST_KINDS, GOLD, PEARL, ROYALS, SPIRAL, TOKEN_KINDS
from .decisions import CHOOSE_ROYAL, DISCARD_TOKENS, OVER, PLACE_WILD, STEAL_TOKEN, TAKE_TOKEN, TURN
from .holdings import crowns, privilege_supply, token_count
from .legal import ability_token_cells, owed, stealable, wild_targets
from .scoring import victory

if TYPE_CHECKING:
    from .state import SplendorDuelState


def apply(state: SplendorDuelState, action: Action) -> None:
    """Carry out a legal action and everything it triggers."""
    _HANDLERS[type(action)](state, action)


def gain_privilege(state: SplendorDuelState, seat: int) -> None:
    """``seat`` takes a privilege: from the table, else from the opponent; none beyond 3."""
    privileges = state.privileges
    if privileges[seat] >= BOX.privileges:
        return
    if privilege_supply(state) == 0:
        privileges[1 - seat] -= 1
    privileges[seat] += 1


def refill_board(state: SplendorDuelState) -> None:
    """Draw every token from the bag at random onto the empty cells, in spiral order."""
    bag = state.bag
    counts = bag.counts  # read here; the tokens leave through bag.remove below
    in_bag = [(kind, counts[kind]) for kind in TOKEN_KINDS if counts.get(kind)]  # a fixed order
    drawn = [kind for kind, n in in_bag for _ in range(n)]
    state.rng.shuffle(drawn)
    # The bag always empties: its tokens and the held ones are exactly those off the board.
    for kind, n in in_bag:
        bag.remove(kind, n)
    board = state.board
    for cell in SPIRAL:
        if not drawn:
            break
        if board[cell] is None:
            board[cell] = drawn.pop()
    assert not drawn, "more tokens in the bag than empty cells on the board"


def _use_privilege(state: SplendorDuelState, action: Action) -> None:
    assert isinstance(action, UsePrivilege)
    seat = state.turns.current
    kind = state.board[action.cell]
    assert kind is not None
    state.board[action.cell] = None
    state.tokens[seat].add(kind)
    state.privileges[seat] -= 1


def _replenish(state: SplendorDuelState, action: Action) -> None:
    refill_board(state)
    gain_privilege(state, 1 - state.turns.current)
    state.replenished = True


def _take_tokens(state: SplendorDuelState, action: Action) -> None:
    assert isinstance(action, TakeTokens)
    turns = state.turns
    seat = turns.order[turns.position]  # turns.current, without a property call: every turn passes here
    board, pool = state.board, state.tokens[seat]
    taken = []
    for cell in action.cells:
        kind = board[cell]
        assert kind is not None
        board[cell] = None
        pool.add(kind)
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
    state.tokens[seat].add(GOLD)
    return seat


def _buy_card(state: SplendorDuelState, action: Action) -> None:
    assert isinstance(action, Buy)
    turns = state.turns
    seat = turns.order[turns.position]  # turns.current, without a property call: every turn passes here
    card = CARDS[action.card]
    need = owed(state, seat, action.card)
    payment = {GOLD: sum(action.gold)}
    for kind, n, gold in zip(COST_KINDS, need, action.gold):
        if n > gold:
            payment[kind] = n - gold
    state.tokens[seat].move_all_to(state.bag, payment)
    hand = state.reserved[seat]
    if action.card in hand:
        hand.remove(action.card)
        if action.card in state.blind[seat]:
            state.blind[seat].remove(action.card)
    else:
        state.pyramid[card.level - 1].take_and_refill(action.card)
    crowns_before = crowns(state, seat)
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
    state.tokens[state.turns.current].add(kind)
    _proceed(state)


def _steal(state: SplendorDuelState, action: Action) -> None:
    assert isinstance(action, Steal)
    seat = state.turns.current
    state.tokens[1 - seat].move_to(state.tokens[seat], action.token)
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
    state.tokens[seat].move_to(state.bag, action.token)
    if token_count(state, seat) <= BOX.max_tokens:
        _end_turn(state, seat)


_HANDLERS: dict[type[Action], Callable[[SplendorDuelState, Action], None]] = {
    UsePrivilege: _use_privilege,
    Replenish: _replenish,
    TakeTokens: _take_tokens,
    ReserveCard: _reserve_card,
    ReserveFromDeck: _reserve_from_deck,
    Buy: _buy_card,
    PlaceWild: _place_wild,
    TakeToken: _take_token,
    Steal: _steal,
    ChooseRoyal: _choose_royal,
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
    turns = state.turns
    seat = turns.order[turns.position]  # turns.current, without a property call: every turn passes here
    pending = state.pending
    while pending:
        step = pending.pop(0)
        if _has_choice(state, seat, step):
            state.step = step
            return
    if token_count(state, seat) > BOX.max_tokens:
        state.step = DISCARD_TOKENS
        return
    _end_turn(state, seat)


# ---------------------------------------------------------------------- the end of a turn


def _end_turn(state: SplendorDuelState, seat: int) -> None:
    # Prestige and crowns only grow through a purchase (and the royal card or wild placement
    # that follows it), so a turn without one cannot bring victory.
    outcome = victory(state, seat) if state.ability_card is not None else None
    state.ability_card = None
    if outcome is not None:
        state.outcome = outcome
        state.step = OVER
        return
    state.replenished = False
    state.step = TURN
    state.turns.advance()
