"""The table as an SVG picture (``state.svg(seat)``), drawn from what the viewer may know.

Everything is read from ``observation(seat)`` (a spectator's picture from seat 0's,
leaving out the one thing only seat 0 knows: its own blind reservations), so no hidden card
can reach the picture. The board's tokens, the bag, the pyramid with its deck counts, the
privileges and royal cards on the table, and per player: tokens, purchased cards stacked by
colour (bonuses, points, crowns), royal cards and reservations (an opponent's blind ones as
backs showing their level).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from tabletop.core.svg import (
    PALETTE,
    Svg,
    card,
    card_back,
    card_stack,
    headed,
    seat_panel,
    token,
    winners_text,
)

from .components import CARDS, COLOURLESS, COST_KINDS, GEMS, GRID, LEVELS, ROYALS, SEATS, TOKEN_KINDS, WILD

if TYPE_CHECKING:
    from .state import SplendorDuelState

WIDTH, HEIGHT = 1000, 664
CARD_W, CARD_H = 60, 84
CELL = 44
#: Short words for the abilities printed on cards.
ABILITY_MARKS = {
    "play_again": "again",
    "wild_bonus": "wild",
    "take_token_of_card_colour": "+token",
    "take_privilege": "+priv",
    "steal_token": "steal",
}
#: How each card colour is painted (wild cards in a neutral grey, point cards muted).
CARD_FILLS = {WILD: "grey", COLOURLESS: "muted"}


def status(view: dict[str, Any]) -> str:
    """Who decides what now, or how the game ended."""
    outcome = view["outcome"]
    if outcome is not None:
        return f"Splendor Duel — game over: {winners_text(outcome['winners'])} won ({outcome['reason']})"
    pending = f" (then {', '.join(view['pending'])})" if view["pending"] else ""
    return f"Splendor Duel — player {view['to_play']} to play: {view['decision']}{pending}"


def draw(state: SplendorDuelState, seat: int | None) -> str:
    """The table as ``seat`` sees it (``None``: a spectator, public information only)."""
    view = state.observation(0 if seat is None else seat)
    picture = headed(WIDTH, HEIGHT, status(view))
    _board(picture, view)
    _pyramid(picture, view)
    _royals(picture, view["royal_supply"], 770, 50)
    for owner in range(SEATS):
        _player(picture, view, owner, seat, 16 + owner * 492, 380)
    return picture.to_string()


def _jewel(picture: Svg, x: float, y: float, card_id: str) -> None:
    info = CARDS[card_id]
    marks = [f"+{info.bonus}"] if info.bonus and info.colour != COLOURLESS else []
    marks += [ABILITY_MARKS[a] for a in info.abilities]
    corner = f"{info.points}" + (f" ♛{info.crowns}" if info.crowns else "")
    card(
        picture,
        x,
        y,
        CARD_W,
        CARD_H,
        colour=CARD_FILLS.get(info.colour, info.colour),
        name=card_id,
        corner=corner,
        note=" ".join(marks) or None,
        cost=[(kind, info.cost[kind]) for kind in COST_KINDS],
        title=f"{card_id}: {info.colour}, {info.points} points, {info.crowns} crowns",
    )


def _board(picture: Svg, view: dict[str, Any]) -> None:
    x0, y0 = 16, 50
    picture.rect(
        x0 - 4, y0 - 4, GRID.cols * CELL + 8, GRID.rows * CELL + 8, fill="#e9e1cc", stroke="#8a7f66", rx=6
    )
    for cell, kind in enumerate(view["board"]):
        row, col = divmod(cell, GRID.cols)
        cx, cy = x0 + col * CELL + CELL / 2, y0 + row * CELL + CELL / 2
        picture.rect(
            cx - CELL / 2 + 1, cy - CELL / 2 + 1, CELL - 2, CELL - 2, fill="#f3ecd9", stroke="#cbbf9f"
        )
        if kind is not None:
            token(picture, cx, cy, CELL * 0.38, kind, kind[0].upper() if kind in ("pearl", "gold") else None)
    y = y0 + GRID.rows * CELL + 22
    picture.text(x0, y, "Bag:", size=12, weight="bold")
    bag = view["bag"]
    for i, kind in enumerate(TOKEN_KINDS):
        token(picture, x0 + 46 + i * 27, y - 4, 11, kind, bag.get(kind, 0))
    y += 30
    picture.text(x0, y, f"Privileges on the table: {view['privilege_supply']}", size=12, weight="bold")
    for i in range(view["privilege_supply"]):
        _privilege(picture, x0 + 170 + i * 22, y - 13)


def _privilege(picture: Svg, x: float, y: float) -> None:
    picture.rect(x, y, 16, 16, fill="#f0d98c", stroke=PALETTE["ink"], rx=3)
    picture.text(x + 8, y + 12, "P", size=11, anchor="middle", weight="bold")


def _pyramid(picture: Svg, view: dict[str, Any]) -> None:
    x0, y = 270, 62
    for level in reversed(LEVELS):
        slots = view["pyramid"][str(level)]
        x = x0 + (5 - len(slots)) * (CARD_W + 8) / 2
        card_back(picture, x0 - 0, y, CARD_W * 0.8, CARD_H, label=view["deck_sizes"][str(level)])
        picture.text(x0 + CARD_W * 0.4, y - 3, f"level {level}", size=9, anchor="middle")
        for i, card_id in enumerate(slots):
            cx = x + CARD_W + 8 + i * (CARD_W + 8)
            if card_id is None:
                picture.rect(cx, y, CARD_W, CARD_H, stroke=PALETTE["muted"], rx=5, stroke_dasharray="4 3")
            else:
                _jewel(picture, cx, y, card_id)
        y += CARD_H + 12


def _royals(picture: Svg, royals: list[str], x: float, y: float, label: str = "Royal cards") -> None:
    picture.text(x, y - 6, label, size=12, weight="bold")
    for i, royal_id in enumerate(royals):
        royal = ROYALS[royal_id]
        card(
            picture,
            x + (i % 2) * (CARD_W + 8),
            y + (i // 2) * (CARD_H + 8),
            CARD_W,
            CARD_H,
            colour="yellow",
            name=royal_id,
            corner=royal.points,
            note=" ".join(ABILITY_MARKS[a] for a in royal.abilities) or None,
            title=f"royal card {royal_id}: {royal.points} points",
        )


def _player(picture: Svg, view: dict[str, Any], owner: int, seat: int | None, x: float, y: float) -> None:
    player = view["players"][owner]
    crowns, privileges = player["crowns"], player["privileges"]
    seat_panel(
        picture,
        x - 6,
        y - 20,
        480,
        276,
        seat=owner,
        viewer=seat,
        text=f"{player['prestige']} prestige, {crowns} crown{'s' if crowns != 1 else ''}, "
        f"{privileges} privilege{'s' if privileges != 1 else ''}",
        to_play=view["outcome"] is None and view["to_play"] == owner,
    )
    tokens = player["tokens"]
    picture.text(x, y + 30, f"Tokens ({sum(tokens.values())}):", size=12)
    for i, kind in enumerate(TOKEN_KINDS):
        token(picture, x + 100 + i * 30, y + 26, 12, kind, tokens.get(kind, 0))
    for i in range(player["privileges"]):
        _privilege(picture, x + 320 + i * 22, y + 18)
    stacks: dict[str, list[str]] = {colour: [] for colour in (*GEMS, COLOURLESS)}
    for card_id in player["cards"]:
        colour = CARDS[card_id].colour
        # a wild card waiting for its colour (the place_wild decision) has a pile of its own
        stacks.setdefault(view["wild_colours"].get(card_id, colour), []).append(card_id)
    sy = y + 48
    for i, (colour, cards) in enumerate(stacks.items()):
        _stack(picture, x + i * (CARD_W + 6), sy, colour, cards, player["bonuses"].get(colour, 0))
    ry = sy + CARD_H + 28
    picture.text(x, ry - 6, "Reserved", size=12, weight="bold")
    for i, entry in enumerate(player["reserved"]):
        cx = x + i * (CARD_W + 6)
        # The viewer's own blind reservations show; anyone else's only by level.
        if entry["card"] is not None and (not entry["blind"] or owner == seat):
            _jewel(picture, cx, ry, entry["card"])
        else:
            card_back(picture, cx, ry, CARD_W, CARD_H, label=f"L{entry['level']}")
    if player["royals"]:
        _royals(picture, player["royals"], x + 3 * (CARD_W + 6) + 24, ry, "Royal cards")


def _stack(picture: Svg, x: float, y: float, colour: str, cards: list[str], bonus: int) -> None:
    """The purchased cards of one colour as a stack: how many, bonuses, points and crowns."""
    points = sum(CARDS[c].points for c in cards)
    crowns = sum(CARDS[c].crowns for c in cards)
    card_stack(
        picture,
        x,
        y,
        CARD_W,
        CARD_H,
        len(cards),
        empty=colour if colour != COLOURLESS else "points",
        colour=CARD_FILLS.get(colour, colour),
        name=f"{len(cards)} card{'s' if len(cards) > 1 else ''}",
        corner=points,
        note=((f"+{bonus} " if bonus else "") + (f"♛{crowns}" if crowns else "")) or None,
        title=" ".join(cards),
    )
