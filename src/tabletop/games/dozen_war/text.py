"""``render()``: the board as a grid a person can read in a terminal, then each player's side.

Each cell is 5 characters: ``.`` empty; ``^`` a mountain (``^3`` with a token count),
``V`` the volcano, ``@`` the open warp point; a castle ``[1C2]`` (owner, type initial, HP);
units as owner digit + piece + HP: a general by its name's first letter in capitals, a
soldier by ``i``/``c``/``a``; ``+n`` when more units share the cell, ``[`` in front when they
stand in a castle, ``^`` on a mountain, ``@`` on the warp point; ``*`` loose map pieces. Under
the board: each player's coins, skulls, captured castles, map pieces, cards, generals (HP,
place, pieces, statuses), standing castles, dead generals and (the player to move's only, or
everyone's once the game is over) hand.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .board import occupancy, spec_of
from .components import CARD_COPIES, GENERALS, card_name
from .table import dead_generals, pieces_of

if TYPE_CHECKING:
    from .state import DozenWarState


def _cell_text(state: DozenWarState, cell: int, units: list[int]) -> str:
    spec = spec_of(state)
    text = ""
    for castle in state.castles:
        if castle.cell == cell and castle.hp > 0:
            text = f"[{castle.owner + 1}{castle.type[0].upper()}{castle.hp}]"
    if cell == spec.volcano:
        text = "V" if state.volcano_up else "@"
    elif cell in state.terrain:
        text = "^"
    if cell in state.mountains:
        text += str(len(state.mountains[cell]))
    if units:
        ordered = sorted(units, key=lambda u: (not state.units[u].general, u))
        first = state.units[ordered[0]]
        piece = GENERALS[first.general].name[0] if first.general else first.cls[0]
        unit_text = f"{first.owner + 1}{piece}{first.hp}"
        if len(units) > 1:
            unit_text += f"+{len(units) - 1}"
        # Units in a castle keep a "[" in front, on a mountain its "^".
        text = unit_text if not text else text[0] + unit_text
    if state.loose.get(cell):
        text += "*"
    return (text or ".").ljust(7)[:7]


def render(state: DozenWarState) -> str:
    """The table as text: the board, then each player's side, then what is being decided."""
    spec = spec_of(state)
    grid = spec.grid
    occ = occupancy(state)
    lines = [f"Dozen War ({state.mode}), round {state.round}"]
    lines.append("     " + "".join(f"{c:<7}" for c in range(grid.cols)))
    for row in range(grid.rows):
        cells = "".join(
            _cell_text(state, row * grid.cols + col, occ[row * grid.cols + col]) for col in range(grid.cols)
        )
        lines.append(f"{row:>3}  {cells.rstrip()}")
    lines.append("")
    viewer = state.current_player
    for seat in range(state.num_players):
        status = " (eliminated)" if state.eliminated[seat] else ""
        lines.append(
            f"P{seat + 1} {state.home[seat]}{status}: {state.coins[seat]} coins, {state.skulls[seat]} skulls, "
            f"{state.castles_taken[seat]} castles taken, {pieces_of(state, seat)} map pieces, "
            f"{len(state.hands[seat])} cards"
        )
        for unit in sorted(state.units.values(), key=lambda u: u.id):
            if unit.owner == seat and unit.general:
                row, col = divmod(unit.cell, grid.cols)
                extra = f", {len(unit.pieces)} map pieces" if unit.pieces else ""
                statuses = "".join(f", {name}" for name, _ in unit.statuses)
                lines.append(
                    f"    {unit.label()} ({unit.cls}) {unit.hp}/{unit.max_hp} at ({row},{col}){extra}{statuses}"
                )
        castles = [
            f"{c.type} ({c.cell // grid.cols},{c.cell % grid.cols}) {c.hp} HP"
            for c in state.castles
            if c.owner == seat and c.hp > 0
        ]
        if castles:
            lines.append("    castles: " + ", ".join(castles))
        dead = dead_generals(state, seat)
        if dead:
            lines.append("    dead: " + ", ".join(GENERALS[g].name for g in dead))
        if seat == viewer or state.outcome is not None:
            lines.append(
                "    hand: " + ", ".join(card_name(CARD_COPIES[c]) for c in sorted(state.hands[seat]))
            )
    lines.append("")
    if state.outcome is not None:
        winners = ", ".join(f"P{s + 1}" for s in state.outcome.winners) or "nobody (a draw)"
        lines.append(f"Game over ({state.outcome.reason}): {winners}")
    else:
        lines.append(f"P{(viewer or 0) + 1} decides: {state.decision}")
    return "\n".join(lines)
