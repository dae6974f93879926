"""The table as text, for a person at a terminal.

Only public information is shown (face-down cards by their back, nothing of the box or of the
set-aside Progress tokens), so it can be printed for either player.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .city import card_cost, science_symbols, wonder_cost
from .components import BOARD, CARDS, PROGRESS_TOKENS, RESOURCES, WONDERS, Card, Wonder

if TYPE_CHECKING:
    from .state import WondersDuelState


def _amounts(resources: dict[str, int]) -> str:
    return ", ".join(f"{n} {r}" if n > 1 else r for r, n in resources.items())


def _cost(coins: int, resources: dict[str, int]) -> str:
    parts = ([f"{coins} coin{'s' if coins > 1 else ''}"] if coins else []) + (
        [_amounts(resources)] if resources else []
    )
    return ", ".join(parts) or "free"


def _price(coins: int) -> str:
    return " — free for you" if coins == 0 else f" — costs you {coins} coin{'s' if coins > 1 else ''}"


def card_text(card: Card) -> str:
    """A card in one line: colour, printed cost, chain and effects."""
    effects = []
    if card.produces:
        effects.append("produces " + _amounts(card.produces))
    if card.produces_choice:
        effects.append("produces one of " + "/".join(card.produces_choice))
    if card.one_coin_trade:
        effects.append("buys " + "/".join(card.one_coin_trade) + " at 1 coin")
    if card.victory_points:
        effects.append(f"{card.victory_points} VP")
    if card.shields:
        effects.append(f"{card.shields} shield{'s' if card.shields > 1 else ''}")
    if card.science:
        effects.append(f"science {card.science}")
    if card.gain_coins:
        effects.append(f"+{card.gain_coins} coins")
    if card.coins_per is not None:
        effects.append(f"+{card.coins_per.each} coins per {'/'.join(card.coins_per.counts)} of yours")
    if card.guild is not None:
        counted = "3 coins" if card.guild.counts == ("coins",) else "/".join(card.guild.counts)
        if card.guild.coins_each:
            effects.append(f"+{card.guild.coins_each} coin per {counted} now")
        effects.append(f"{card.guild.vp_each} VP per {counted} at the end (city with the most)")
    if card.chain_from:
        effects.append(f"free with {card.chain_from}")
    if card.chain_to:
        effects.append(f"shows {card.chain_to}")
    return f"{card.name} ({card.color}; {_cost(card.coins, card.resources)}): {', '.join(effects) or 'no effect'}"


def wonder_text(wonder: Wonder) -> str:
    """A Wonder in one line: cost and effects."""
    effects = [f"{wonder.victory_points} VP"] if wonder.victory_points else []
    if wonder.shields:
        effects.append(f"{wonder.shields} shield{'s' if wonder.shields > 1 else ''}")
    if wonder.gain_coins:
        effects.append(f"+{wonder.gain_coins} coins")
    if wonder.opponent_loses_coins:
        effects.append(f"opponent loses {wonder.opponent_loses_coins} coins")
    if wonder.produces_choice:
        effects.append("produces one of " + "/".join(wonder.produces_choice))
    if wonder.destroys:
        effects.append(f"destroys an opponent's {wonder.destroys} card")
    if wonder.build_from_discard:
        effects.append("builds a discarded card for free")
    if wonder.progress_from_box:
        effects.append(f"a Progress token among {wonder.progress_from_box} set aside")
    if wonder.play_again:
        effects.append("play again")
    return f"{wonder.name} ({_cost(0, wonder.resources)}): {', '.join(effects)}"


def _military(s: WondersDuelState) -> str:
    position = s.military.position
    side = "centre" if position == 0 else f"player {1 if position > 0 else 0}'s side"
    tokens = []
    for token in BOARD.loot:
        if token.id in s.loot:
            space = token.first if token.victim == 1 else -token.first
            tokens.append(f"{space:+d} (player {token.victim} loses {token.coins})")
    return (
        f"military pawn: {position:+d}, {side} (player 0's capital -9, player 1's +9); "
        f"military tokens: {', '.join(tokens) or 'none'}"
    ).replace("+0,", "0,", 1)


def _city(s: WondersDuelState, seat: int) -> list[str]:
    produce = ", ".join(f"{n} {RESOURCES[r]}" for r, n in enumerate(s.produce[seat]) if n) or "nothing"
    choice = [c for c in s.cards[seat] if CARDS[c].produces_choice]
    choice_text = [CARDS[c].name for c in choice] + [
        WONDERS[w].name for w in s.built[seat] if WONDERS[w].produces_choice
    ]
    science = sorted(set(science_symbols(s, seat)))
    lines = [
        f"player {seat}: {s.coins[seat]} coins; produces {produce}"
        + (f" (+ one unit each from {', '.join(choice_text)})" if choice_text else "")
        + (f"; science: {', '.join(science)}" if science else ""),
        "  cards: " + (", ".join(f"{CARDS[c].name} ({CARDS[c].color})" for c in s.cards[seat]) or "none"),
        "  wonders built: "
        + (", ".join(WONDERS[w].name for w in s.built[seat]) or "none")
        + "; tokens: "
        + (", ".join(PROGRESS_TOKENS[t].name for t in s.tokens[seat]) or "none"),
    ]
    to_play = s.decision == "turn" and s.current_player == seat
    for wonder_id in s.wonders[seat]:
        price = _price(wonder_cost(s, seat, wonder_id)) if to_play else ""
        lines.append(f"  to build: {wonder_text(WONDERS[wonder_id])}{price}")
    return lines


def render(s: WondersDuelState) -> str:
    """The table as text: the structure with costs for the player to move, both cities."""
    lines = [f"7 Wonders Duel — Age {s.age or 'draft'}, decision {s.decision!r}"]
    if s.outcome is not None:
        winners = " and ".join(f"player {w}" for w in s.outcome.winners)
        lines.append(f"over: {s.outcome.reason} victory of {winners}")
    else:
        lines.append(f"player {s.current_player} to play")
    lines.append(_military(s))
    lines.append(
        "progress tokens on the board: "
        + (", ".join(PROGRESS_TOKENS[t].name for t in s.board_tokens) or "none")
    )
    if s.wonder_offer:
        lines.append("wonders offered:")
        lines += [f"  {wonder_text(WONDERS[w])}" for w in s.wonder_offer]
    structure = s.structure
    if structure is not None:
        seat = s.current_player if s.decision == "turn" else None
        lines.append(f"Age {s.age} structure (* can be taken now):")
        accessible = set(structure.open)
        for slot, card_id in enumerate(structure.cards):
            if card_id is None:
                continue
            card = CARDS[card_id]
            if not structure.revealed[slot]:
                label = "(face down, guild)" if card.is_guild else "(face down)"
            elif slot in accessible:
                label = card_text(card)
                if seat is not None:
                    printed, trade, chained = card_cost(s, seat, card_id)
                    label += " — free for you by chain" if chained else _price(printed + trade)
            else:
                label = f"{card.name} ({card.color})"
            mark = "*" if slot in accessible else " "
            lines.append(f"  {mark} {BOARD.structures[s.age - 1][slot].id:6} {label}")
    for seat_ in (0, 1):
        lines += _city(s, seat_)
    if s.discard:
        lines.append("discard pile: " + ", ".join(CARDS[c].name for c in s.discard))
    return "\n".join(lines)
