"""What every Splendor Duel state the rules can reach satisfies, stated once.

``check`` raises ``ValueError`` naming the first broken invariant. Loading a save calls it
(``SplendorDuelState._validate``), so a save that is well formed but impossible in the game is
refused with a message a person can act on; the property tests call it after every random step.
Each check holds in every reachable state (the reason is given where it is not obvious) and is
cheap: loading is not a hot path, but ``apply``, ``clone`` and ``legal_actions`` never call it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from tabletop.core.invariants import counts_add_up, each_once, turns_fit_history

from .components import BOX, CARDS, GEMS, GRID, LEVELS, ROYALS, SEATS, TOKEN_KINDS, WILD
from .decisions import (
    CHOOSE_ROYAL,
    DECISION_ACTIONS,
    DISCARD_TOKENS,
    FOLLOW_UPS,
    OVER,
    PLACE_WILD,
    STEAL_TOKEN,
    TAKE_TOKEN,
    TURN,
)
from .holdings import crowns, prestige, token_count
from .legal import ability_token_cells, stealable, wild_targets
from .scoring import victory_reasons

if TYPE_CHECKING:
    from .state import SplendorDuelState


def check(state: SplendorDuelState) -> None:
    """Raise ``ValueError`` naming what is inconsistent in ``state``."""
    _check_shapes(state)
    _check_turns(state)
    _check_cards(state)
    _check_tokens(state)
    _check_privileges_and_royals(state)
    _check_wild_colours(state)
    _check_decision(state)
    _check_end(state)


def _check_shapes(state: SplendorDuelState) -> None:
    """Per-seat lists hold one entry per seat; the board and the pyramid have the box's size."""
    for name in ("tokens", "privileges", "reserved", "blind", "cards", "royals"):
        value = getattr(state, name)
        if len(value) != SEATS:
            raise ValueError(f"{name} has {len(value)} entries, one per seat means {SEATS}")
    if sorted(state.turns.order) != list(range(SEATS)):
        raise ValueError(f"turns.order is {state.turns.order}: it must list seats 0 and 1 once")
    first = state.options.get("first_player")
    if first is not None and state.turns.order[0] != first:
        raise ValueError(
            f"the first_player option is {first} but turns.order starts with {state.turns.order[0]}"
        )
    if len(state.board) != GRID.size:
        raise ValueError(f"the board has {len(state.board)} cells, not {GRID.size}")
    if len(state.pyramid) != len(LEVELS):
        raise ValueError(f"the pyramid has {len(state.pyramid)} levels, not {len(LEVELS)}")
    for level, market in zip(LEVELS, state.pyramid):
        if len(market.slots) != BOX.pyramid[level]:
            raise ValueError(f"pyramid level {level} has {len(market.slots)} slots, not {BOX.pyramid[level]}")


def _check_turns(state: SplendorDuelState) -> None:
    """At most one extra turn is owed, and only by a purchase of this turn; the round is no
    further on than the actions played allow."""
    turns = state.turns
    if turns.extra_turns > 1:
        raise ValueError(
            f"turns.extra_turns is {turns.extra_turns}: at most 1 extra turn is ever owed (one is "
            "granted per turn at most, since no play-again card has a crown to bring royal card R2, "
            "and it is taken as soon as the turn ends)"
        )
    if turns.extra_turns and state.outcome is None:
        card, seat = state.ability_card, turns.current
        granted = card is not None and (
            "play_again" in CARDS[card].abilities
            or any("play_again" in ROYALS[royal].abilities for royal in state.royals[seat])
        )
        if not granted:
            raise ValueError(
                "turns.extra_turns is 1, but no card bought this turn or royal card of the seat "
                "to play grants one (an extra turn is owed only until the turn that earned it ends)"
            )
    turns_fit_history(state, turns)


def _check_cards(state: SplendorDuelState) -> None:
    """Each of the 67 jewel cards is in exactly one place, of the right level in the pyramid."""
    places: list[tuple[str, list[str]]] = []
    for level, market in zip(LEVELS, state.pyramid):
        if market.deck.discards:
            raise ValueError(
                f"pyramid level {level} has discards {market.deck.discards}: "
                "Splendor Duel discards no jewel card"
            )
        places.append((f"pyramid level {level} deck", market.deck.cards))
        places.append((f"pyramid level {level} slots", [card for card in market.slots if card is not None]))
    for seat in range(SEATS):
        places.append((f"reserved[{seat}]", state.reserved[seat]))
        places.append((f"cards[{seat}]", state.cards[seat]))
    each_once(places, CARDS, what="jewel card")
    for level, market in zip(LEVELS, state.pyramid):
        ids = _OF_LEVEL[level]
        if ids.issuperset(market.deck.cards) and ids.issuperset(market.slots):
            pass  # the usual case, in two set operations; otherwise the card at fault is named
        else:
            _name_wrong_level(level, market.deck.cards, market.slots)
        if None in market.slots and market.deck.cards:
            raise ValueError(
                f"pyramid level {level} has an empty slot while its deck holds "
                f"{len(market.deck.cards)} cards (a slot is refilled at once while the deck lasts)"
            )
    for seat in range(SEATS):
        reserved, blind = state.reserved[seat], state.blind[seat]
        if len(reserved) > BOX.max_reserved:
            raise ValueError(
                f"reserved[{seat}] holds {len(reserved)} cards, more than the {BOX.max_reserved} allowed"
            )
        stray = [card for card in blind if card not in reserved]
        if stray or len(set(blind)) != len(blind):
            raise ValueError(f"blind[{seat}] is {blind}: it must list reserved cards of that seat, each once")


#: Per pyramid level, the ids of its cards, and None (an empty slot).
_OF_LEVEL: dict[int, frozenset[str | None]] = {
    level: frozenset({None, *(card.id for card in CARDS.values() if card.level == level)}) for level in LEVELS
}


def _name_wrong_level(level: int, deck: list[str], slots: list[str | None]) -> None:
    """Refuse the first card of the level's deck or slots that belongs to another level."""
    for where, cards in ((f"pyramid level {level} deck", deck), (f"pyramid level {level} slots", slots)):
        for card in cards:
            if card is not None and CARDS[card].level != level:
                raise ValueError(f"{where} holds {card}, a level-{CARDS[card].level} card")


def _check_tokens(state: SplendorDuelState) -> None:
    """Every pool names each token kind, none below zero; the 25 tokens are all somewhere."""
    kinds = set(TOKEN_KINDS)
    pools = [("bag", state.bag), *((f"tokens[{seat}]", pool) for seat, pool in enumerate(state.tokens))]
    for name, pool in pools:
        if set(pool.counts) != kinds:
            extra, lacking = sorted(set(pool.counts) - kinds), sorted(kinds - set(pool.counts))
            raise ValueError(
                f"{name} must count exactly the kinds {', '.join(TOKEN_KINDS)}"
                + (f"; unknown: {', '.join(extra)}" if extra else "")
                + (f"; missing: {', '.join(lacking)}" if lacking else "")
            )
    on_board = dict.fromkeys(TOKEN_KINDS, 0)
    for cell, token in enumerate(state.board):
        if token is None:
            continue
        if token not in kinds:
            raise ValueError(f"board cell {cell} holds {token!r}, which is not a token kind")
        on_board[token] += 1
    for kind in TOKEN_KINDS:
        parts = {name: pool.counts[kind] for name, pool in pools}
        parts["the board"] = on_board[kind]
        counts_add_up(parts, BOX.tokens[kind], what=f"{kind} tokens")


def _check_privileges_and_royals(state: SplendorDuelState) -> None:
    """Privileges: 3 in all. Royal cards: 4 in all, one taken per crown threshold reached."""
    privileges = state.privileges
    # The table holds what the seats do not; a negative count anywhere means too many held.
    parts = {f"privileges[{seat}]": privileges[seat] for seat in range(SEATS)}
    parts["the table"] = BOX.privileges - sum(privileges)
    counts_add_up(parts, BOX.privileges, what="privileges")
    royal_places = [("royal_supply", state.royal_supply)]
    royal_places += [(f"royals[{seat}]", state.royals[seat]) for seat in range(SEATS)]
    each_once(royal_places, ROYALS, what="royal card")
    # A royal card is chosen right after the purchase that reaches a threshold (the supply of 4
    # never runs out: each seat takes at most 2); until then the choice is pending.
    current = state.turns.current
    owed = [state.step, *state.pending].count(CHOOSE_ROYAL)
    for seat in range(SEATS):
        held = crowns(state, seat)
        reached = sum(1 for threshold in BOX.royal_crowns if held >= threshold)
        waiting = owed if seat == current else 0
        if len(state.royals[seat]) + waiting != reached:
            raise ValueError(
                f"seat {seat} has {held} crowns, so {reached} royal card(s) taken or being "
                f"chosen, but holds {len(state.royals[seat])} with {waiting} choice(s) pending"
            )


def _check_wild_colours(state: SplendorDuelState) -> None:
    """A wild card bought joins a colour of the buyer's at once (a bonus card of that colour
    must be there first); only the card being resolved may still wait for its colour."""
    owner = {card: seat for seat in range(SEATS) for card in state.cards[seat]}
    for card, colour in state.wild_colours.items():
        seat = owner.get(card)
        if seat is None or CARDS[card].colour != WILD:
            raise ValueError(f"wild_colours names {card!r}, which is not a purchased wild card")
        if colour not in GEMS:
            raise ValueError(
                f"wild card {card} joined {colour!r}, which is not a gem colour ({', '.join(GEMS)})"
            )
        if not any(CARDS[other].colour == colour and CARDS[other].bonus for other in state.cards[seat]):
            raise ValueError(
                f"wild card {card} joined {colour!r}, but seat {seat} has no {colour} card to join"
            )
    for seat in range(SEATS):
        for card in state.cards[seat]:
            if (
                CARDS[card].colour == WILD
                and card not in state.wild_colours
                and not (state.step == PLACE_WILD and card == state.ability_card)
            ):
                raise ValueError(
                    f"wild card {card} of seat {seat} has joined no colour and is not "
                    "the card whose colour is being chosen"
                )


def _check_decision(state: SplendorDuelState) -> None:
    """The pending decision and its bookkeeping agree with each other and with the table."""
    step, pending, seat = state.step, state.pending, state.turns.current
    if step not in DECISION_ACTIONS and step != OVER:
        raise ValueError(f"step {step!r} is not a decision ({', '.join([*DECISION_ACTIONS, OVER])})")
    unknown = [entry for entry in pending if entry not in FOLLOW_UPS]
    if unknown:
        raise ValueError(f"pending holds {unknown[0]!r}, not a follow-up ({', '.join(FOLLOW_UPS)})")
    if pending and step not in FOLLOW_UPS:
        raise ValueError(f"pending is {pending} during {step!r}: follow-ups queue only behind follow-ups")
    if step == TURN and state.replenished and state.bag.total():
        raise ValueError(
            f"the board was replenished this turn, but the bag holds {state.bag}: replenishing "
            "empties the bag, and only a purchase or a discard (after the turn's mandatory "
            "action) puts tokens back"
        )
    card = state.ability_card
    if card is not None:
        if step in (TURN, OVER):
            raise ValueError(f"ability_card is {card} during {step!r}: it is cleared when a turn ends")
        if not state.cards[seat] or state.cards[seat][-1] != card:
            raise ValueError(
                f"ability_card is {card}, but it is not the last card seat {seat} (to play) bought"
            )
    elif step in FOLLOW_UPS:
        raise ValueError(f"step is {step!r} but no card was bought this turn (ability_card is None)")
    if step == PLACE_WILD:
        if card is None or CARDS[card].colour != WILD or card in state.wild_colours:
            raise ValueError(f"step is 'place_wild' but {card} is not a wild card waiting for a colour")
    elif step in (TAKE_TOKEN, STEAL_TOKEN) and card is not None:
        abilities = CARDS[card].abilities
        if step == TAKE_TOKEN and "take_token_of_card_colour" not in abilities:
            raise ValueError(f"step is 'take_token' but {card} has no such ability")
        royal_steals = any("steal_token" in ROYALS[r].abilities for r in state.royals[seat])
        if step == STEAL_TOKEN and "steal_token" not in abilities and not royal_steals:
            raise ValueError(f"step is 'steal_token' but neither {card} nor a royal card steals")
    if card is not None and step in FOLLOW_UPS:
        _check_follow_ups(state, seat, card, [step, *pending])
    # A follow-up becomes the decision only when it offers a choice; else it is skipped.
    if (
        (step == PLACE_WILD and not wild_targets(state, seat))
        or (step == TAKE_TOKEN and not ability_token_cells(state))
        or (step == STEAL_TOKEN and not stealable(state, seat))
        or (step == CHOOSE_ROYAL and not state.royal_supply)
    ):
        raise ValueError(f"step is {step!r} but it offers seat {seat} nothing to choose")
    for other in range(SEATS):
        held = token_count(state, other)
        if held <= BOX.max_tokens:
            if step == DISCARD_TOKENS and other == seat:
                raise ValueError(
                    f"step is 'discard_tokens' but seat {seat} holds {held} tokens, "
                    f"not more than {BOX.max_tokens}"
                )
        elif step == OVER or other != seat:
            raise ValueError(f"seat {other} holds {held} tokens: a turn ends with at most {BOX.max_tokens}")


def _check_end(state: SplendorDuelState) -> None:
    """The game is over exactly when the player to move has just met a victory condition."""
    outcome, seat = state.outcome, state.turns.current
    if outcome is None:
        if state.step == OVER:
            raise ValueError("step is 'over' but there is no outcome")
        # Prestige and crowns only grow through a purchase, and the victory check follows it.
        for other in range(SEATS):
            if other == seat and state.ability_card is not None:
                continue
            reasons = victory_reasons(state, other)
            if reasons:
                raise ValueError(
                    f"seat {other} meets the victory condition(s) {'+'.join(reasons)}, "
                    "but the game is not over"
                )
        return
    if state.step != OVER:
        raise ValueError(f"the game is over but step is {state.step!r}, not 'over'")
    met = "+".join(victory_reasons(state, seat))
    scores = tuple(prestige(state, other) for other in range(SEATS))
    if tuple(outcome.winners) != (seat,) or outcome.reason != met:
        raise ValueError(
            f"the outcome says seat(s) {list(outcome.winners)} won by {outcome.reason!r}, but the "
            f"seat that ended the game ({seat}) meets {met or 'no victory condition'}"
        )
    if tuple(outcome.scores) != scores:
        raise ValueError(f"the outcome scores are {list(outcome.scores)}, but the prestige is {list(scores)}")
    loser = victory_reasons(state, 1 - seat)
    if loser:
        raise ValueError(f"seat {1 - seat} meets {'+'.join(loser)} but did not win")


#: The follow-up each card ability queues, in the card's printed order (effects.py's _buy).
_QUEUED = {"wild_bonus": PLACE_WILD, "take_token_of_card_colour": TAKE_TOKEN, "steal_token": STEAL_TOKEN}


def _check_follow_ups(state: SplendorDuelState, seat: int, card: str, queue: list[str]) -> None:
    """``queue`` (the decision, then what is pending) is what the purchase of ``card`` queued,
    less what is done: a suffix of its abilities' follow-ups then one royal choice per crown
    threshold it crossed; or, after a royal card that steals, that steal then royal choices."""
    bought = [_QUEUED[a] for a in CARDS[card].abilities if a in _QUEUED]
    after = crowns(state, seat)
    before = after - CARDS[card].crowns
    crossed = sum(before < threshold <= after for threshold in BOX.royal_crowns)
    full = [*bought, *[CHOOSE_ROYAL] * crossed]
    if queue == full[len(full) - len(queue) :]:
        return
    royal_steals = any("steal_token" in ROYALS[r].abilities for r in state.royals[seat])
    royal_left = len(queue) - 1  # royal choices still queued behind a royal card's steal
    behind_royal = queue[0] == STEAL_TOKEN and queue[1:] == [CHOOSE_ROYAL] * royal_left
    if royal_steals and behind_royal and royal_left < crossed:
        return
    raise ValueError(
        f"the decision and pending are {queue}, which buying {card} does not queue: its abilities' "
        f"follow-ups {bought}, then {crossed} royal choice(s) for the crowns it brought, each "
        "once and in that order (a royal card that steals puts its steal first)"
    )
