"""The rules of 7 Wonders Duel: legal actions, their effects, the end of Ages and of the game.

Every function takes the state and reads or changes it in place; ``_apply`` may assume the
action is legal (the kernel refuses anything else first).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from tabletop.core import Action, Outcome, ScoreSheet, winners

from .actions import (
    DESTROY,
    FROM_DISCARD,
    PICK,
    STARTER,
    TAKE_TOKEN,
    TURN_ACTIONS,
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
    card_cost,
    cost_book,
    count_of,
    derive_city,
    economy_changed,
    guild_count,
    science_symbols,
    wonder_cost,
)
from .components import BOARD, CARDS, PROGRESS_TOKENS, RED, WONDERS, YELLOW
from .scoring import score_sheets
from .structures import start_age, take_card

if TYPE_CHECKING:
    from .state import WondersDuelState

_LOOT = {token.id: token for token in BOARD.loot}
#: The pawn position at which each military token is looted (positive: seat 1's side).
_LOOT_SPACE = {t.id: t.first if t.victim == 1 else -t.first for t in BOARD.loot}
_CAPITAL = BOARD.capital
_MAX_WONDERS = BOARD.max_wonders_built


def wonders_built(s: WondersDuelState) -> int:
    """Wonders built in both cities together."""
    return len(s.built[0]) + len(s.built[1])


# ---------------------------------------------------------------------- legal actions


def draft_picker(pick: int) -> int:
    """The seat that drafts the ``pick``-th Wonder: 0,1,1,0 then 1,0,0,1."""
    first = pick // 4
    return first if pick % 4 in (0, 3) else 1 - first


def legal_actions(s: WondersDuelState) -> list[Action]:
    """The legal actions of the pending decision."""
    if s.age == 0:
        return [PICK[w] for w in s.wonder_offer]
    if s.chooser is not None:
        return list(STARTER)
    seat = s.active
    if s.pending:
        kind, _, color = s.pending[-1].partition(":")
        if kind == "progress_token":
            return [TAKE_TOKEN[t] for t in s.board_tokens]
        if kind == "great_library":
            return [TAKE_TOKEN[t] for t in s.library_offer]
        if kind == "mausoleum":
            return [FROM_DISCARD[c] for c in dict.fromkeys(s.discard)]
        # destroy
        return [DESTROY[c] for c in s.cards[1 - seat] if CARDS[c].color == color]
    structure = s.structure
    assert structure is not None
    coins = s.coins[seat]
    book = s.costs[seat] or cost_book(s, seat)
    totals = book.totals
    affordable = []
    if len(s.built[0]) + len(s.built[1]) < _MAX_WONDERS:
        for wonder_id in s.wonders[seat]:
            total = totals.get(wonder_id)
            if total is None:
                total = book.wonder(wonder_id)
            if total <= coins:
                affordable.append(wonder_id)
    out: list[Action] = []
    append = out.append
    cards = structure.cards
    chains = s.chains[seat]
    for slot in s.open_slots:
        card = cards[slot]
        card_id, construct_it, discard_it, build_with, chain = TURN_ACTIONS[card]  # type: ignore[index]
        if chain is not None and chain in chains:
            append(construct_it)
        else:
            total = totals.get(card_id)
            if total is None:
                total = sum(book.card(card_id))
            if total <= coins:
                append(construct_it)
        append(discard_it)
        for wonder_id in affordable:
            append(build_with[wonder_id])
    return out


def why_illegal(s: WondersDuelState, action: Action) -> str:
    """The rule that forbids ``action`` now."""
    decision = s.decision
    who = f"player {s.current_player}"
    expected = {
        "draft_wonder": PickWonder,
        "choose_starter": ChooseStarter,
        "turn": (Construct, Discard, BuildWonder),
        "progress_token": TakeProgressToken,
        "great_library": TakeProgressToken,
        "mausoleum": BuildFromDiscard,
        "destroy": DestroyCard,
    }[decision]
    if not isinstance(action, expected):  # type: ignore[arg-type]
        return f"{action} is not an answer to the pending decision: {who} must decide {decision!r}"
    seat = s.active
    if isinstance(action, PickWonder):
        return f"{action} is not possible: only the revealed Wonders of the draft can be picked"
    if isinstance(action, ChooseStarter):
        return f"seat {action.seat} does not exist: the next Age begins with player 0 or player 1"
    if isinstance(action, TakeProgressToken):
        if decision == "great_library":
            return f"{action} is not possible: The Great Library offers only the 3 tokens drawn"
        return f"{action} is not possible: a science pair takes one of the Progress tokens on the board"
    if isinstance(action, BuildFromDiscard):
        return f"{action} is not possible: The Mausoleum builds a card of the discard pile only"
    if isinstance(action, DestroyCard):
        color = s.pending[-1].partition(":")[2]
        return f"{action} is not possible: the Wonder destroys one of the opponent's {color} cards"
    assert isinstance(action, (Construct, Discard, BuildWonder))
    structure = s.structure
    assert structure is not None
    name = CARDS[action.card].name if action.card in CARDS else action.card
    if action.card not in structure.cards:
        return f"{name} is not in the Age {s.age} structure: a turn takes a card of the structure"
    slot = structure.cards.index(action.card)
    covering = [
        structure.cards[o] for o in structure.shape.covered_by[slot] if structure.cards[o] is not None
    ]
    if covering:
        by = " and ".join(
            CARDS[c].name if structure.revealed[structure.cards.index(c)] else "a face-down card"
            for c in covering
            if c is not None
        )
        return f"{name} is covered by {by}: only cards that no other card covers may be taken"
    coins = s.coins[seat]
    if isinstance(action, Construct):
        printed, trade, _ = card_cost(s, seat, action.card)
        return (
            f"cannot afford {name}: it costs {printed + trade} coins ({printed} printed + {trade} "
            f"for resources bought) and player {seat} has {coins}"
        )
    if isinstance(action, BuildWonder):
        wonder = WONDERS[action.wonder].name
        if action.wonder in s.returned_wonders:
            return f"{wonder} went back to the box: only {_MAX_WONDERS} Wonders are built in a game"
        if action.wonder in s.built[seat]:
            return f"{wonder} is already built: a Wonder is built only once"
        if action.wonder not in s.wonders[seat]:
            return f"{wonder} is not one of player {seat}'s Wonders"
        if wonders_built(s) >= _MAX_WONDERS:
            return f"{_MAX_WONDERS} Wonders are already built: no more Wonders can be built"
        cost = wonder_cost(s, seat, action.wonder)
        return f"cannot afford {wonder}: its resources cost {cost} coins and player {seat} has {coins}"
    return f"{action} is not legal now"


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


# ---------------------------------------------------------------------- effects


def _push(s: WondersDuelState, seat: int, shields: int) -> None:
    """Move the conflict pawn ``shields`` spaces toward the opponent's capital."""
    entered = s.military.move(shields if seat == 0 else -shields)
    for token_id in s.loot:
        if _LOOT_SPACE[token_id] in entered:
            kept = []
            for other in s.loot:
                if _LOOT_SPACE[other] in entered:
                    token = _LOOT[other]
                    _lose(s, token.victim, token.coins)
                else:
                    kept.append(other)
            s.loot = kept
            break
    if abs(s.military.position) >= _CAPITAL:
        _end(s, (seat,), "military")


def _add_science(s: WondersDuelState, seat: int, symbol: str) -> None:
    """A new science symbol: supremacy with 6 different ones, a Progress token for a pair."""
    symbols = science_symbols(s, seat)
    if len(set(symbols)) >= 6:
        _end(s, (seat,), "science")
    elif symbols.count(symbol) == 2 and s.board_tokens:
        s.pending.append("progress_token")


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
        s.chains[seat].add(card.chain_to)
    if card.changes_costs:
        for resource, units in card.production:
            s.produce[seat][resource] += units
        if card.choice_group:
            s.choice[seat][card.choice_group - 1] += 1
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
    if wonders_built(s) == _MAX_WONDERS:
        for owner in (0, 1):
            s.returned_wonders += s.wonders[owner]
            s.wonders[owner] = []
    if wonder.choice_group:
        s.choice[seat][wonder.choice_group - 1] += 1
        economy_changed(s)
    if wonder.gain_coins:
        _gain(s, seat, wonder.gain_coins)
    if wonder.opponent_loses_coins:
        _lose(s, 1 - seat, wonder.opponent_loses_coins)
    if wonder.shields:
        _push(s, seat, wonder.shields)
        if s.outcome is not None:
            return
    if wonder.play_again or any(PROGRESS_TOKENS[t].wonders_play_again for t in s.tokens[seat]):
        s.play_again = True
    if wonder.destroys is not None and any(CARDS[c].color == wonder.destroys for c in s.cards[1 - seat]):
        s.pending.append(f"destroy:{wonder.destroys}")
    if wonder.build_from_discard and s.discard:
        s.pending.append("mausoleum")
    if wonder.progress_from_box and s.set_aside:
        count = wonder.progress_from_box
        s.library_offer = s.set_aside[-count:]
        del s.set_aside[-count:]
        s.pending.append("great_library")


def gain_token(s: WondersDuelState, seat: int, token_id: str) -> None:
    """The seat takes a Progress token and its immediate effects."""
    token = PROGRESS_TOKENS[token_id]
    s.tokens[seat].append(token_id)
    if token.blue_discount or token.wonder_discount:
        economy_changed(s)
    if token.gain_coins:
        _gain(s, seat, token.gain_coins)
    if token.science is not None:
        _add_science(s, seat, token.science)


# ---------------------------------------------------------------------- applying actions


def apply_action(s: WondersDuelState, action: Action) -> None:
    """Carry out a legal action and everything it triggers."""
    seat = s.active
    kind = type(action)
    if kind is Construct or kind is Discard or kind is BuildWonder:
        card_id: str = action.card  # type: ignore[attr-defined]
        take_card(s, card_id)
        if kind is Construct:
            printed, trade, chained = card_cost(s, seat, card_id)
            _pay(s, seat, printed, trade)
            construct(s, seat, card_id, chained)
        elif kind is Discard:
            gain = 2 + s.yellow[seat]
            s.coins[seat] += gain
            s.bank_paid += gain
            s.discard.append(card_id)
        else:
            wonder_id: str = action.wonder  # type: ignore[attr-defined]
            _pay(s, seat, 0, wonder_cost(s, seat, wonder_id))
            build_wonder(s, seat, wonder_id, card_id)
    elif kind is TakeProgressToken:
        token_id: str = action.token  # type: ignore[attr-defined]
        if s.pending.pop() == "great_library":
            s.library_offer.remove(token_id)
            s.library_known = s.library_offer
            s.library_seat = seat
            s.set_aside += s.library_offer
            s.library_offer = []
        else:
            s.board_tokens.remove(token_id)
        gain_token(s, seat, token_id)
    elif kind is DestroyCard:
        s.pending.pop()
        card_id = action.card  # type: ignore[attr-defined]
        s.cards[1 - seat].remove(card_id)
        s.discard.append(card_id)
        derive_city(s, 1 - seat)
    elif kind is BuildFromDiscard:
        s.pending.pop()
        card_id = action.card  # type: ignore[attr-defined]
        s.discard.remove(card_id)
        construct(s, seat, card_id, False)
    elif kind is ChooseStarter:
        s.active = action.seat  # type: ignore[attr-defined]
        s.chooser = None
        return
    else:
        assert isinstance(action, PickWonder)
        _draft(s, action.wonder)
        return
    _after_step(s)


def _draft(s: WondersDuelState, wonder_id: str) -> None:
    s.wonders[s.active].append(wonder_id)
    s.wonder_offer.remove(wonder_id)
    s.draft_pick += 1
    if s.draft_pick % 4 == 3:  # the last Wonder of the four goes to the first picker
        s.wonders[draft_picker(s.draft_pick)].append(s.wonder_offer.pop())
        s.draft_pick += 1
        if s.draft_pick == 8:
            start_age(s, 1, 0)
            return
        s.wonder_offer = s.wonder_deck[-4:]
        del s.wonder_deck[-4:]
    s.active = draft_picker(s.draft_pick)


def _after_step(s: WondersDuelState) -> None:
    """Once nothing is pending, end the turn: next player, Play Again, or the end of the Age."""
    if s.outcome is not None or s.pending:
        return
    if s.open_slots:
        if s.play_again:
            s.play_again = False
        else:
            s.active = 1 - s.active
        return
    s.play_again = False  # Play Again is lost with the last card of an Age
    if s.age == 3:
        sheets = score_sheets(s)
        keys = [(sheet["total"], sheet["civilian"]) for sheet in sheets]
        _end(s, winners(keys), "civilian", sheets)
        return
    position = s.military.position
    s.chooser = 1 if position > 0 else 0 if position < 0 else s.active
    start_age(s, s.age + 1, s.chooser)


def _end(
    s: WondersDuelState, won: tuple[int, ...], reason: str, sheets: list[ScoreSheet] | None = None
) -> None:
    sheets = sheets or score_sheets(s)
    s.outcome = Outcome(tuple(won), tuple(sheet["total"] for sheet in sheets), reason)
    s.pending.clear()
    s.play_again = False
    s.chooser = None


# ---------------------------------------------------------------------- hidden information
