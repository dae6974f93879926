"""Carrying out a legal action and everything it triggers: payments, buildings, Wonders,
Progress tokens, the conflict pawn, the end of a turn, of an Age and of the game.

Every function takes the state and changes it in place; :func:`apply_action` may assume the
action is legal (the kernel refuses anything else first).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from tabletop.core import Action, Layout

from .actions import (
    BuildFromDiscard,
    BuildWonder,
    ChooseStarter,
    Construct,
    DestroyCard,
    Discard,
    PickWonder,
    TakeProgressToken,
)
from .city import (
    cost_book,
    count_of,
    derive_city,
    economy_changed,
    guild_count,
    science_symbols,
    wonder_cost,
    wonders_built,
)
from .components import (
    CARDS,
    LOOT_SPACE,
    MAX_WONDERS_BUILT,
    MILITARY_TOKENS,
    PROGRESS_TOKENS,
    RED,
    SHAPES,
    WONDERS,
    YELLOW,
)
from .decisions import (
    CHOOSE_STARTER,
    DRAFT_PICKS,
    GREAT_LIBRARY,
    MAUSOLEUM,
    PROGRESS_TOKEN,
    destroy_entry,
    draft_picker,
)
from .scoring import civilian_end, end_game, military_supremacy, science_supremacy

if TYPE_CHECKING:
    from .state import WondersDuelState


# ---------------------------------------------------------------------- Ages and the structure


#: Per Age, its structure dealt with placeholder cards: which slots are open and face up at
#: the deal depends on the shape alone, so each deal copies it rather than working it out.
_FRESH = tuple(Layout.dealt(shape, [""] * shape.size) for shape in SHAPES)


def start_age(s: WondersDuelState, age: int, first: int) -> None:
    """Deal the Age's structure from its deck; ``first`` plays (or chooses who plays) first."""
    s.age = age
    structure = _FRESH[age - 1].copy()
    deck = s.decks[age - 1]
    if len(deck) != len(structure.cards):  # Layout.dealt's check, kept
        raise ValueError(f"the layout has {len(structure.cards)} slots, got {len(deck)} cards")
    structure.cards[:] = deck
    s.structure = structure
    s.decks[age - 1] = []
    turns = s.turns
    if turns.extra_turns or turns.current != first:
        turns.start_with(first)  # also drops an extra turn won with the last card of an Age


# ---------------------------------------------------------------------- money


def _gain(s: WondersDuelState, seat: int, amount: int) -> None:
    s.coins[seat] += amount
    s.bank_paid += amount


def _lose(s: WondersDuelState, seat: int, amount: int) -> None:
    """The seat returns ``amount`` coins to the bank, or all it has."""
    amount = min(amount, s.coins[seat])
    s.coins[seat] -= amount
    s.bank_received += amount


def _pay(s: WondersDuelState, seat: int, printed: int, trade: int) -> None:
    """Pay a printed cost to the bank and a trade cost to the bank or an Economy opponent."""
    s.coins[seat] -= printed + trade
    s.bank_received += printed
    if trade:
        opponent = 1 - seat
        tokens = s.tokens[opponent]
        if tokens and any(PROGRESS_TOKENS[t].takes_opponent_trade for t in tokens):
            s.coins[opponent] += trade
        else:
            s.bank_received += trade


# ---------------------------------------------------------------------- buildings, Wonders, tokens


def _push(s: WondersDuelState, seat: int, shields: int) -> None:
    """Move the conflict pawn ``shields`` spaces toward the opponent's capital."""
    entered = s.military.move(shields if seat == 0 else -shields)
    for token_id in s.loot:
        if LOOT_SPACE[token_id] in entered:
            kept = []
            for other in s.loot:
                if LOOT_SPACE[other] in entered:
                    token = MILITARY_TOKENS[other]
                    _lose(s, token.victim, token.coins)
                else:
                    kept.append(other)
            s.loot = kept
            break
    if military_supremacy(s):
        end_game(s, (seat,), "military")


def _add_science(s: WondersDuelState, seat: int, symbol: str) -> None:
    """A new science symbol: supremacy with 6 different ones, a Progress token for a pair."""
    symbols = science_symbols(s, seat)
    if science_supremacy(symbols):
        end_game(s, (seat,), "science")
    elif symbols.count(symbol) == 2 and s.board_tokens:
        s.pending.append(PROGRESS_TOKEN)


def _add_choice(s: WondersDuelState, seat: int, group: int) -> None:
    """One more choice production of ``group`` (1: raw materials, 2: manufactured goods)."""
    raw, made = s.choice[seat]
    s.choice[seat] = (raw + 1, made) if group == 1 else (raw, made + 1)


def construct(s: WondersDuelState, seat: int, card_id: str, by_chain: bool) -> None:
    """Put a building in the seat's city and resolve its immediate effects."""
    card = CARDS[card_id]
    s.cards[seat].append(card_id)
    if card.color_index == YELLOW:
        s.yellow[seat] += 1
    tokens = s.tokens[seat]
    if by_chain and tokens:
        bonus = sum(PROGRESS_TOKENS[t].chain_coins for t in tokens)
        if bonus:
            _gain(s, seat, bonus)
    if card.chain_to is not None:
        s.chains[seat] = s.chains[seat] | {card.chain_to}
    if card.changes_costs:
        if card.production:
            produce = list(s.produce[seat])
            for resource, units in card.production:
                produce[resource] += units
            s.produce[seat] = tuple(produce)
        if card.choice_group:
            _add_choice(s, seat, card.choice_group)
        s.one_coin[seat] |= card.one_coin_mask
        economy_changed(s)
    if card.gain_coins:
        _gain(s, seat, card.gain_coins)
    if card.coins_per is not None:
        count = sum(count_of(s, seat, what) for what in card.coins_per.counts)
        _gain(s, seat, card.coins_per.each * count)
    if card.guild is not None and card.guild.coins_each:
        _gain(s, seat, card.guild.coins_each * guild_count(s, card))
    if card.shields:
        bonus = 0
        if card.color_index == RED and tokens:
            bonus = sum(PROGRESS_TOKENS[t].red_shield_bonus for t in tokens)
        _push(s, seat, card.shields + bonus)
    if card.science is not None and s.outcome is None:
        _add_science(s, seat, card.science)


def build_wonder(s: WondersDuelState, seat: int, wonder_id: str, card_id: str) -> None:
    """Build a Wonder with ``card_id`` tucked under it and resolve its effects."""
    wonder = WONDERS[wonder_id]
    s.wonders[seat].remove(wonder_id)
    s.built[seat].append(wonder_id)
    s.tucked[wonder_id] = card_id
    if wonders_built(s) == MAX_WONDERS_BUILT:
        for owner in (0, 1):
            s.returned_wonders += s.wonders[owner]
            s.wonders[owner] = []
    if wonder.choice_group:
        _add_choice(s, seat, wonder.choice_group)
        economy_changed(s)
    if wonder.gain_coins:
        _gain(s, seat, wonder.gain_coins)
    if wonder.opponent_loses_coins:
        _lose(s, 1 - seat, wonder.opponent_loses_coins)
    if wonder.shields:
        _push(s, seat, wonder.shields)
        if s.outcome is not None:
            return
    if (wonder.play_again or any(PROGRESS_TOKENS[t].wonders_play_again for t in s.tokens[seat])) and not (
        s.turns.extra_turns
    ):
        s.turns.grant_extra_turn()  # Theology on a Play Again Wonder still gives one, not two
    if wonder.destroys is not None and any(CARDS[c].color == wonder.destroys for c in s.cards[1 - seat]):
        s.pending.append(destroy_entry(wonder.destroys))
    if wonder.build_from_discard and s.discard:
        s.pending.append(MAUSOLEUM)
    if wonder.progress_from_box and s.set_aside:
        count = wonder.progress_from_box
        s.library_offer = s.set_aside[-count:]
        del s.set_aside[-count:]
        s.pending.append(GREAT_LIBRARY)


def gain_token(s: WondersDuelState, seat: int, token_id: str) -> None:
    """The seat takes a Progress token and its immediate effects."""
    token = PROGRESS_TOKENS[token_id]
    s.tokens[seat].append(token_id)
    if token.blue_discount or token.wonder_discount:
        economy_changed(s)
    if token.gain_coins:
        _gain(s, seat, token.gain_coins)
    if token.red_shield_bonus:  # recorded for the load checks: only later red cards gain it
        s.reds_before_strategy = count_of(s, seat, "red")
    if token.science is not None:
        _add_science(s, seat, token.science)


# ---------------------------------------------------------------------- applying actions


def apply_action(s: WondersDuelState, action: Action) -> None:
    """Carry out a legal action and everything it triggers."""
    turns = s.turns
    seat = turns.order[turns.position]  # turns.current, without a property call on this hot path
    structure = s.structure
    match action:
        # Class patterns without captures, the fields read after: the fastest match there is.
        # The three turn actions take their card from the structure here, inline.
        case Discard():  # the turn's actions first: they are most of the game
            card_id = action.card
            assert structure is not None
            structure.take(structure.cards.index(card_id))
            gain = 2 + s.yellow[seat]
            s.coins[seat] += gain
            s.bank_paid += gain
            s.discard.append(card_id)
        case Construct():
            card_id = action.card
            assert structure is not None
            structure.take(structure.cards.index(card_id))
            chain = CARDS[card_id].chain_from  # card_cost, inline: free by chain or paid
            if chain is not None and chain in s.chains[seat]:
                construct(s, seat, card_id, True)
            else:
                printed, trade = (s.costs[seat] or cost_book(s, seat)).card(card_id)
                _pay(s, seat, printed, trade)
                construct(s, seat, card_id, False)
        case BuildWonder():
            wonder_id, card_id = action.wonder, action.card
            assert structure is not None
            structure.take(structure.cards.index(card_id))
            _pay(s, seat, 0, wonder_cost(s, seat, wonder_id))
            build_wonder(s, seat, wonder_id, card_id)
        case TakeProgressToken():
            token_id = action.token
            if s.pending.pop() == GREAT_LIBRARY:
                s.library_offer.remove(token_id)
                s.library_known = s.library_offer
                s.library_seat = seat
                s.set_aside += s.library_offer
                s.library_offer = []
            else:
                s.board_tokens.remove(token_id)
            gain_token(s, seat, token_id)
        case DestroyCard():
            card_id = action.card
            s.pending.pop()
            s.cards[1 - seat].remove(card_id)
            s.discard.append(card_id)
            derive_city(s, 1 - seat)
        case BuildFromDiscard():
            card_id = action.card
            s.pending.pop()
            s.discard.remove(card_id)
            construct(s, seat, card_id, False)
        case ChooseStarter():
            s.pending.pop()
            s.turns.start_with(action.seat)
            return
        case PickWonder():
            _draft(s, action.wonder)
            return
        case _:
            raise TypeError(f"{action!r} is not a 7 Wonders Duel action")
    # Once nothing is pending the turn ends: play passes on (an extra turn keeps the seat),
    # or the Age ends with its last card. Written here rather than called: it runs every turn.
    if s.outcome is not None or s.pending:
        return
    assert structure is not None
    if structure.open:
        turns.advance()
    else:
        _end_age(s)


def _draft(s: WondersDuelState, wonder_id: str) -> None:
    s.wonders[s.turns.current].append(wonder_id)
    s.wonder_offer.remove(wonder_id)
    s.draft_pick += 1
    if s.draft_pick % 4 == 3:  # the last Wonder of the four goes to the first picker
        s.wonders[draft_picker(s.draft_pick)].append(s.wonder_offer.pop())
        s.draft_pick += 1
        if s.draft_pick == DRAFT_PICKS:
            start_age(s, 1, 0)
            return
        s.wonder_offer = s.wonder_deck[-4:]
        del s.wonder_deck[-4:]
    if draft_picker(s.draft_pick) != s.turns.current:  # the draft order 0,1,1,0 1,0,0,1
        s.turns.advance()


def _end_age(s: WondersDuelState) -> None:
    """The last card of an Age is taken: the game ends on points after Age III, else the next
    Age is dealt and the weaker military player chooses who begins it; with the pawn on the
    middle space the player who took the last card begins ("the last active player", the
    rulebook's End of an Age). An extra turn won with that card is lost (start_age, end_game
    drop it)."""
    if s.age == 3:
        civilian_end(s)
        return
    position = s.military.position
    if position == 0:
        start_age(s, s.age + 1, s.turns.current)
        return
    start_age(s, s.age + 1, 1 if position > 0 else 0)
    s.pending.append(CHOOSE_STARTER)
