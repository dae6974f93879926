"""Scores, the end of the game and its Outcome.

The end is triggered at the end of a turn (15 prestige, or with The Cities a city claimed) and
the round is completed. Two further endings make every game end (see the package docstring):
every player in turn passing, and no development card left anywhere at the end of a round.
"""

from __future__ import annotations

import itertools
from typing import TYPE_CHECKING

from tabletop.core import Outcome, score_sheet, winners
from tabletop.core.scoring import ScoreSheet

from .components import GOAL, NOBLE_POINTS

if TYPE_CHECKING:
    from .state import CitiesOfSplendorState as St
    from .state import Player


def scores(state: St) -> list[ScoreSheet]:
    """Per seat: prestige from cards, nobles and Trading Post powers."""
    sheets = []
    for player in state.players:
        nobles = sum(NOBLE_POINTS[n] for n in player.nobles)
        sheets.append(
            score_sheet(
                {
                    "cards": player.points - nobles,
                    "nobles": nobles,
                    "trading_posts": player.prestige - player.points,
                }
            )
        )
    return sheets


def reaches_goal(player: Player) -> bool:
    """Whether ``player`` has the prestige that triggers the end (outside The Cities)."""
    return player.points >= GOAL or bool(player.posts and player.prestige >= GOAL)


def nothing_left_to_buy(state: St) -> bool:
    """Whether every development card is gone from the markets, decks and reserves."""
    for market in itertools.chain(state.markets, state.orient):
        if market.deck.cards or any(market.slots):
            return False
    return not any(player.reserved for player in state.players)


def end_of_turn(state: St) -> bool:
    """Trigger the end if the player who just played may, and end the game if it ends now.

    Returns whether the game is over.
    """
    turns = state.turns
    player = state.players[turns.order[turns.position]]
    if state.module == "cities":
        if player.city is not None:
            state.end_triggered = True
    elif player.points >= GOAL or (player.posts and player.prestige >= GOAL):  # reaches_goal, inline
        state.end_triggered = True
    if state.passes >= state.num_players:
        finish(state, "no_action_possible")
        return True
    if turns.is_last_in_round:
        if state.end_triggered:
            finish(state, "city" if state.module == "cities" else "prestige")
            return True
        if nothing_left_to_buy(state):
            finish(state, "cards_exhausted")
            return True
    return False


def ranking(state: St, reason: str) -> tuple[tuple[int, ...], str]:
    """The winners of a game ending now for ``reason``, and the reason it is recorded under:
    most prestige, then fewest cards; with The Cities only claimants may win (reason ``city``)."""
    players = state.players
    pool = list(range(state.num_players))
    if state.module == "cities":
        claimants = [seat for seat in pool if players[seat].city is not None]
        if claimants:
            pool = claimants
            reason = "city"
    keys = [(players[seat].prestige, -players[seat].card_count) for seat in pool]
    return tuple(pool[i] for i in winners(keys)), reason


def finish(state: St, reason: str) -> None:
    """End the game now for ``reason`` (see :func:`ranking`)."""
    best, reason = ranking(state, reason)
    state.outcome = Outcome(best, tuple(p.prestige for p in state.players), reason)
    state.tasks.clear()
