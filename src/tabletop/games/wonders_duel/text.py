"""The table as text, for a person at a terminal."""

from __future__ import annotations

from typing import TYPE_CHECKING

from .components import BOARD, CARDS, PROGRESS_TOKENS, WONDERS

if TYPE_CHECKING:
    from .state import WondersDuelState


def render(s: WondersDuelState) -> str:
    """The table as text."""
    lines = [f"7 Wonders Duel — Age {s.age or 'draft'}, decision {s.decision!r}"]
    if s.outcome is not None:
        lines.append(f"over: {s.outcome.reason} victory of {', '.join(f'player {w + 1}' for w in s.outcome.winners)}")
    else:
        lines.append(f"player {(s.current_player or 0) + 1} to play")
    lines.append(f"military pawn: {s.military.position:+d} (positive: toward player 2's capital); "
                 f"tokens left: {', '.join(s.loot) or 'none'}")
    lines.append(f"progress tokens on the board: {', '.join(PROGRESS_TOKENS[t].name for t in s.board_tokens)}")
    if s.wonder_offer:
        lines.append("wonders offered: " + ", ".join(WONDERS[w].name for w in s.wonder_offer))
    if s.structure is not None:
        accessible = set(s.structure.open)
        for slot, card_id in enumerate(s.structure.cards):
            if card_id is None:
                continue
            label = CARDS[card_id].name if s.structure.revealed[slot] else "(face down)"
            mark = "*" if slot in accessible else " "
            lines.append(f"  {mark} {BOARD.structures[s.age - 1][slot].id:6} {label}")
    for seat in (0, 1):
        lines.append(
            f"player {seat + 1}: {s.coins[seat]} coins; cards: "
            + (", ".join(CARDS[c].name for c in s.cards[seat]) or "none")
        )
        lines.append(
            "  wonders built: " + (", ".join(WONDERS[w].name for w in s.built[seat]) or "none")
            + "; to build: " + (", ".join(WONDERS[w].name for w in s.wonders[seat]) or "none")
            + "; tokens: " + (", ".join(PROGRESS_TOKENS[t].name for t in s.tokens[seat]) or "none")
        )
    if s.discard:
        lines.append("discard pile: " + ", ".join(CARDS[c].name for c in s.discard))
    return "\n".join(lines)
