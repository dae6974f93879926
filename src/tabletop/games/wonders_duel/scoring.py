"""Victory points by score-pad category."""

from __future__ import annotations

from typing import TYPE_CHECKING

from tabletop.core import ScoreSheet, score_sheet, zone_at

from .city import guild_count
from .components import BLUE, BOARD, CARDS, GREEN, PROGRESS_TOKENS, PURPLE, WONDERS, YELLOW

if TYPE_CHECKING:
    from .state import WondersDuelState


#: The scoring categories of the score pad, in its order.
CATEGORIES = (
    "civilian",
    "science",
    "commercial",
    "guilds",
    "wonders",
    "progress",
    "treasury",
    "military",
)


def score_sheets(s: WondersDuelState) -> list[ScoreSheet]:
    """Each seat's victory points by score-pad category, as if the game ended now."""
    position = s.military.position
    zone = zone_at(BOARD.zones, abs(position))
    military = zone.value if zone is not None else 0
    sheets = []
    for seat in (0, 1):
        by_color = [0] * 7
        guilds = 0
        for card_id in s.cards[seat]:
            card = CARDS[card_id]
            by_color[card.color_index] += card.victory_points
            if card.guild is not None:
                guilds += card.guild.vp_each * guild_count(s, card)
        progress = 0
        for token_id in s.tokens[seat]:
            token = PROGRESS_TOKENS[token_id]
            progress += token.victory_points + token.vp_per_token * len(s.tokens[seat])
        favoured = (position > 0) if seat == 0 else (position < 0)
        sheets.append(
            score_sheet(
                {
                    "civilian": by_color[BLUE],
                    "science": by_color[GREEN],
                    "commercial": by_color[YELLOW],
                    "guilds": guilds + by_color[PURPLE],
                    "wonders": sum(WONDERS[w].victory_points for w in s.built[seat]),
                    "progress": progress,
                    "treasury": s.coins[seat] // 3,
                    "military": military if favoured else 0,
                }
            )
        )
    return sheets
