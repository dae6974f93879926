"""Victory points by score-pad category, the three ways the game ends, and the Outcome."""

from __future__ import annotations

from typing import TYPE_CHECKING

from tabletop.core import Outcome, ScoreSheet, score_sheet, winners, zone_at

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
#: ``outcome.reason`` of each way the game ends.
REASONS = ("military", "science", "civilian")
#: Different science symbols that win at once.
SCIENCE_SUPREMACY = 6


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


# ---------------------------------------------------------------------- the end of the game


def military_supremacy(s: WondersDuelState) -> bool:
    """Whether the conflict pawn stands on a capital (its opponent wins at once)."""
    return abs(s.military.position) >= BOARD.capital


def science_supremacy(symbols: list[str]) -> bool:
    """Whether a seat showing ``symbols`` has 6 different ones (it wins at once)."""
    return len(set(symbols)) >= SCIENCE_SUPREMACY


def civilian_winners(sheets: list[ScoreSheet]) -> tuple[int, ...]:
    """After Age III: most victory points, ties broken by blue-card points, then shared."""
    return winners([(sheet["total"], sheet["civilian"]) for sheet in sheets])


def civilian_end(s: WondersDuelState) -> None:
    """The last card of Age III is taken: the game ends on points."""
    sheets = score_sheets(s)
    end_game(s, civilian_winners(sheets), "civilian", sheets)


def end_game(
    s: WondersDuelState, won: tuple[int, ...], reason: str, sheets: list[ScoreSheet] | None = None
) -> None:
    """Set the Outcome; nothing more is pending or owed."""
    sheets = sheets or score_sheets(s)
    s.outcome = Outcome(tuple(won), tuple(sheet["total"] for sheet in sheets), reason)
    s.pending.clear()
    if s.turns.extra_turns:  # play stops with the seat that ended it; its extra turn is dropped
        s.turns.start_with(s.turns.current)
