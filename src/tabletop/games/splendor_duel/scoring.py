"""Scores and the end of the game: the three immediate victory conditions and the Outcome."""

from __future__ import annotations

from typing import TYPE_CHECKING

from tabletop.core import Outcome, score_sheet
from tabletop.core.scoring import ScoreSheet

from .components import BOX, SEATS
from .holdings import card_prestige, prestige, royal_prestige, tallies

if TYPE_CHECKING:
    from .state import SplendorDuelState


def scores(state: SplendorDuelState) -> list[ScoreSheet]:
    """Per seat: prestige on jewel cards and on royal cards."""
    return [
        score_sheet({"cards": card_prestige(state, seat), "royals": royal_prestige(state, seat)})
        for seat in range(SEATS)
    ]


def victory_reasons(state: SplendorDuelState, seat: int) -> list[str]:
    """The victory conditions ``seat`` meets now, in rulebook order."""
    points, crowns, by_colour = tallies(state, seat)
    reasons = []
    if points >= BOX.victory.prestige:
        reasons.append("prestige")
    if crowns >= BOX.victory.crowns:
        reasons.append("crowns")
    if max(by_colour) >= BOX.victory.colour_prestige:
        reasons.append("colour_prestige")
    return reasons


def victory(state: SplendorDuelState, seat: int) -> Outcome | None:
    """The game's outcome if ``seat``, whose turn ends now, meets a victory condition.

    Only the player whose turn ends is checked, so there is never a tie; the reason joins every
    condition met with ``+``; the scores are prestige points.
    """
    reasons = victory_reasons(state, seat)
    if not reasons:
        return None
    return Outcome((seat,), tuple(prestige(state, other) for other in range(SEATS)), "+".join(reasons))
