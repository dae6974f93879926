"""What a look-ahead agent weighs in a Dozen War position (``State.evaluation``): not a rule.

Outside Engage it is the score (R16.2). Engage has no score until a general dies (R16.5), so
there the measure is the HP on the board: a general's HP counts ``GENERAL_WEIGHT`` times a
soldier's, since its death loses the game (R11.7), less ``THREAT_WEIGHT`` for each of its HP
the enemy units in reach could strike next turn (a unit is in reach when its move and range
together cover the distance, 8-neighbourhood steps, obstacles and buffs aside). Without the
threat, a search short of the opponent's turn walked its general into the enemy's range; with
it, ISMCTS(500) won 29 of 30 Engage games against random play and 19 of 30 against itself
weighing HP alone (same deals, seats swapped). Both weights are authored.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .board import spec_of
from .components import stats_of
from .scoring import totals

if TYPE_CHECKING:
    from .state import DozenWarState

#: One HP of a general weighs as much as this many HP of soldiers.
GENERAL_WEIGHT = 5
#: What each HP of a general that enemy units in reach could strike takes off its side.
THREAT_WEIGHT = 2


def evaluate(state: DozenWarState) -> list[int]:
    """Per seat, the points a look-ahead agent weighs (see the module docstring)."""
    if state.mode != "engage":
        return list(totals(state))
    units = list(state.units.values())
    values = [0] * state.num_players
    for unit in units:
        values[unit.owner] += unit.hp * GENERAL_WEIGHT if unit.general else unit.hp
    distance = spec_of(state).grid.distance
    # Each unit's reach and damage, read once for every general it might threaten.
    strikers = []
    for unit in units:
        stats = stats_of(unit.cls, unit.is_general)
        strikers.append((unit.owner, unit.cell, stats.move + stats.range, stats.damage))
    for general in units:
        if not general.general:
            continue
        threat = 0
        for owner, cell, reach, damage in strikers:
            if owner != general.owner and distance(cell, general.cell) <= reach:
                threat += damage
        values[general.owner] -= min(threat, general.hp) * THREAT_WEIGHT
    return values
