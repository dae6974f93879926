"""The table as text: what ``render()`` prints."""

from __future__ import annotations

from typing import TYPE_CHECKING

from .components import CARDS, GEMS, GRID, LEVELS, ROYALS, SEATS, card_text
from .holdings import bonuses, crowns, prestige, privilege_supply

if TYPE_CHECKING:
    from .state import SplendorDuelState


def render(state: SplendorDuelState) -> str:
    """The table as text, seen by the player to move: the opponent's blind reservations
    show only their level (all cards show once the game is over)."""
    viewer = state.current_player
    lines = []
    if state.outcome is not None:
        winners = ", ".join(f"player {w}" for w in state.outcome.winners)
        lines.append(f"Game over: {winners} won ({state.outcome.reason})")
    else:
        lines.append(f"Player {state.turns.current} to play: {state.step}")
    lines.append(f"Privileges on the table: {privilege_supply(state)}   bag: {state.bag}")
    lines.append("    " + " ".join(f"{f'c{col + 1}':>6}" for col in range(GRID.cols)))
    for row in range(GRID.rows):
        cells = state.board[row * GRID.cols : (row + 1) * GRID.cols]
        lines.append(f"r{row + 1}  " + " ".join(f"{(c or '.'):>6}" for c in cells))
    for level, market in reversed(list(zip(LEVELS, state.pyramid))):
        lines.append(f"Level {level} ({len(market.deck)} in deck):")
        lines.extend(f"  {card_text(c) if c else '(empty slot)'}" for c in market.slots)
    royal_text = [
        f"{r} ({ROYALS[r].points} pt{', ' if ROYALS[r].abilities else ''}"
        f"{', '.join(a.replace('_', ' ') for a in ROYALS[r].abilities)})"
        for r in state.royal_supply
    ]
    lines.append(f"Royal cards: {'; '.join(royal_text) or 'none'}")
    for seat in range(SEATS):
        bonus_text = ", ".join(f"{n} {gem}" for gem, n in zip(GEMS, bonuses(state, seat)) if n) or "none"
        privileges = state.privileges[seat]
        lines.append(
            f"Player {seat}: {prestige(state, seat)} prestige, {crowns(state, seat)} crowns, "
            f"{privileges} privilege{'' if privileges == 1 else 's'}; "
            f"tokens {state.tokens[seat]}; bonuses {bonus_text}"
        )
        lines.append(
            f"  cards: {' '.join(state.cards[seat]) or 'none'}; "
            f"royals: {' '.join(state.royals[seat]) or 'none'}"
        )
        for card in state.reserved[seat]:
            if card not in state.blind[seat]:
                lines.append(f"  reserved: {card_text(card)}")
            elif viewer is not None and seat != viewer:
                lines.append(f"  reserved (blind): a level-{CARDS[card].level} card")
            else:
                lines.append(f"  reserved (blind): {card_text(card)}")
    return "\n".join(lines)
