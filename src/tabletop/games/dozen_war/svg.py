"""The table as an SVG picture (``state.svg(seat)``), drawn from what the viewer may know.

Everything is read from ``observation(seat)`` (a spectator's from seat 0's, leaving out seat
0's hand): the map with its home zones tinted by owner, mountains (with how many tokens still
lie under each, never which), the volcano or the warp point, castles (owner, type, HP),
units in their owner's colour (a general by its name's first letters, a soldier by its class
letter, HP beside), loose map pieces; beside the map each player's coins, skulls, castles
taken, map pieces, generals (HP, statuses, the dead crossed out) and hand: the viewer's own
cards by name, everyone else's as backs with their number (all hands show once the game is
over, as the rules reveal them).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from tabletop.core.svg import PALETTE, SEAT_COLOURS, Svg, card_back, headed, seat_panel, token, winners_text

from .components import CARD_COPIES, GENERALS, MAPS, MODE_MAP, card_name

if TYPE_CHECKING:
    from .state import DozenWarState

WIDTH = 1000
BOARD_SIZE = 580
PANEL_X, PANEL_W = 612, 380
CLASS_LETTERS = {"infantry": "i", "cavalry": "c", "archer": "a", "alchemist": "m"}


def status(view: dict[str, Any]) -> str:
    """The round and who decides what now, or how the game ended."""
    outcome = view["outcome"]
    if outcome is not None:
        return f"Dozen War ({view['mode']}) — game over ({outcome['reason']}): {winners_text(outcome['winners'])}"
    return f"Dozen War ({view['mode']}), round {view['round']} — player {view['current_player']} to decide: {view['decision']}"


def draw(state: DozenWarState, seat: int | None) -> str:
    """The table as ``seat`` sees it (``None``: a spectator, public information only)."""
    view = state.observation(0 if seat is None else seat)
    players = len(view["home"])
    panel_h = 212
    height = max(BOARD_SIZE + 110, 44 + players * (panel_h + 8) + 70)
    picture = headed(WIDTH, height, status(view))
    _board(picture, view)
    for owner in range(players):
        _player(picture, view, owner, seat, 44 + owner * (panel_h + 8), panel_h)
    y = 44 + players * (panel_h + 8) + 16
    picture.text(PANEL_X, y, f"Equipment deck: {view['deck']}, discard: {len(view['discard'])}", size=11)
    picture.text(PANEL_X, y + 16, f"Events left: {view['events']}; bank: {view['bank']} coins", size=11)
    if view["banned"]:
        banned = ", ".join(GENERALS[g].name for g in view["banned"])
        picture.text(PANEL_X, y + 32, f"Banned: {banned}", size=11)
    return picture.to_string()


def _board(picture: Svg, view: dict[str, Any]) -> None:
    spec = MAPS[MODE_MAP[view["mode"]]]
    grid = spec.grid
    cell = BOARD_SIZE / max(grid.rows, grid.cols)
    x0, y0 = 16, 44

    def corner(index: int) -> tuple[float, float]:
        row, col = divmod(index, grid.cols)
        return x0 + col * cell, y0 + row * cell

    owner_of_home = {home: seat for seat, home in enumerate(view["home"])}
    tint: dict[int, str] = {}
    for name, cells in spec.zones.items():
        if name.startswith("home:") and name[5:] in owner_of_home:
            for index in cells:
                tint[index] = SEAT_COLOURS[owner_of_home[name[5:]]]
    for index in range(grid.rows * grid.cols):
        x, y = corner(index)
        picture.rect(x, y, cell, cell, fill="#eee6d0", stroke="#cbbf9f", stroke_width=0.5)
        if index in tint:
            picture.rect(x, y, cell, cell, fill=tint[index], fill_opacity=0.13)
    for index in view["terrain"]:
        x, y = corner(index)
        fill = "#b23a1e" if index == spec.volcano else "#8d7b62"
        picture.polygon(
            [(x + cell / 2, y + 3), (x + cell - 3, y + cell - 3), (x + 3, y + cell - 3)],
            fill=fill,
            stroke=PALETTE["ink"],
            stroke_width=0.5,
        )
    if spec.volcano is not None and not view["volcano_up"]:
        x, y = corner(spec.volcano)
        picture.circle(
            x + cell / 2, y + cell / 2, cell * 0.35, fill="#c9b8f0", stroke="#5b3f9e", stroke_width=2
        )
        picture.text(x + cell / 2, y + cell / 2 + 4, "warp", size=cell * 0.22, anchor="middle")
    for index, tokens in view["mountains"].items():
        x, y = corner(int(index))
        token(picture, x + cell - 8, y + 8, 7, "gold", tokens)
    for castle_cell, owner, kind, hp, _taken_by in view["castles"]:
        x, y = corner(castle_cell)
        standing = hp > 0
        fill = SEAT_COLOURS[owner] if standing else PALETTE["muted"]
        picture.rect(
            x + 2,
            y + 2,
            cell - 4,
            cell - 4,
            fill=fill,
            fill_opacity=0.35 if standing else 0.6,
            stroke=fill,
            stroke_width=2,
            rx=2,
        )
        picture.text(
            x + 4,
            y + cell - 5,
            f"{kind[0].upper()}{hp}" if standing else "ruin",
            size=cell * 0.22,
            fill=PALETTE["ink"],
        )
    by_cell: dict[int, list[dict[str, Any]]] = {}
    for unit in view["units"]:
        by_cell.setdefault(unit["cell"], []).append(unit)
    for index, units in by_cell.items():
        x, y = corner(index)
        units.sort(key=lambda u: (u["general"] is None, u["id"]))
        if len(units) == 1:
            _unit(picture, x + cell / 2, y + cell / 2, cell * 0.34, units[0])
            continue
        for i, unit in enumerate(units[:4]):
            dx, dy = (i % 2) * cell / 2, (i // 2) * cell / 2
            _unit(picture, x + cell / 4 + dx, y + cell / 4 + dy, cell * 0.2, unit)
        if len(units) > 4:
            picture.text(
                x + cell - 2, y + cell - 2, f"+{len(units) - 4}", size=cell * 0.2, anchor="end", weight="bold"
            )
    for index, pieces in view["loose"].items():
        x, y = corner(int(index))
        picture.text(x + 3, y + 12, "★" * len(pieces), size=11, fill=PALETTE["gold"])
    for col in range(grid.cols):
        picture.text(x0 + col * cell + cell / 2, y0 - 3, col, size=8, anchor="middle", fill="#8a7f66")
    for row in range(grid.rows):
        picture.text(x0 - 3, y0 + row * cell + cell / 2 + 3, row, size=8, anchor="end", fill="#8a7f66")


def _unit(picture: Svg, cx: float, cy: float, r: float, unit: dict[str, Any]) -> None:
    colour = SEAT_COLOURS[unit["owner"]]
    general = unit["general"]
    name = GENERALS[general].name if general else f"{unit['class']} soldier"
    with picture.group():
        statuses = ", ".join(status for status, *_ in unit["statuses"])
        picture.element(
            "title",
            f"{name} (player {unit['owner']}): {unit['hp']} HP" + (f", {statuses}" if statuses else ""),
        )
        if general:
            picture.circle(cx, cy, r, fill=colour, stroke=PALETTE["ink"], stroke_width=2)
            label = GENERALS[general].name[:2]
        else:
            picture.circle(cx, cy, r * 0.8, fill="#ffffff", stroke=colour, stroke_width=2.5)
            label = CLASS_LETTERS[unit["class"]]
        picture.text(
            cx,
            cy + r * 0.3,
            label,
            size=r * 0.85,
            anchor="middle",
            weight="bold",
            fill="#ffffff" if general else colour,
        )
        picture.text(
            cx + r * 0.75,
            cy - r * 0.55,
            unit["hp"],
            size=max(7.0, r * 0.6),
            fill=PALETTE["ink"],
            weight="bold",
        )
        if unit["pieces"]:
            picture.text(cx - r, cy - r * 0.5, "★", size=max(8.0, r * 0.7), fill=PALETTE["gold"])


def _player(picture: Svg, view: dict[str, Any], owner: int, seat: int | None, y: float, h: float) -> None:
    x = PANEL_X
    out = " (eliminated)" if view["eliminated"][owner] else ""
    seat_panel(
        picture,
        x - 6,
        y,
        PANEL_W,
        h,
        seat=owner,
        viewer=seat,
        text=f"home {view['home'][owner]}{out}",
        to_play=view["outcome"] is None and view["current_player"] == owner,
    )
    units = [u for u in view["units"] if u["owner"] == owner]
    pieces = sum(len(u["pieces"]) for u in units)
    token(picture, x + 12, y + 38, 11, "gold", view["coins"][owner])
    picture.text(
        x + 28,
        y + 42,
        f"coins · {view['skulls'][owner]} skulls · {view['castles_taken'][owner]} castles taken · {pieces} map pieces",
        size=10,
    )
    alive = {u["general"]: u for u in units if u["general"]}
    gy = y + 60
    for general in view["roster"][owner]:
        info = GENERALS[general]
        unit = alive.get(general)
        if unit is None:
            picture.text(
                x + 4,
                gy,
                f"{info.name} ({info.cls})",
                size=11,
                fill=PALETTE["muted"],
                text_decoration="line-through",
            )
        else:
            statuses = ", ".join(status for status, *_ in unit["statuses"])
            row, col = divmod(unit["cell"], MAPS[MODE_MAP[view["mode"]]].grid.cols)
            extra = f" · {statuses}" if statuses else ""
            picture.text(
                x + 4,
                gy,
                f"{info.name} ({info.cls}) {unit['hp']}/{info.hp} HP at ({row},{col}){extra}",
                size=11,
            )
        gy += 15
    soldiers = [u for u in units if not u["general"]]
    if soldiers:
        counts = {cls: sum(1 for u in soldiers if u["class"] == cls) for cls in CLASS_LETTERS}
        text = ", ".join(f"{n} {cls}" for cls, n in counts.items() if n)
        picture.text(x + 4, gy, f"soldiers: {text} ({sum(u['hp'] for u in soldiers)} HP in all)", size=10)
    hand = view["hands"][owner]
    hy = y + 138
    if isinstance(hand, list) and (owner == seat or view["outcome"] is not None):
        picture.text(x + 4, hy, f"hand ({len(hand)}):", size=10, weight="bold")
        for i, copy in enumerate(hand):
            picture.text(
                x + 10 + (i % 2) * 184, hy + 14 + (i // 2) * 13, card_name(CARD_COPIES[copy])[:34], size=9
            )
    else:
        count = len(hand) if isinstance(hand, list) else hand
        picture.text(x + 4, hy, f"hand: {count} card{'s' if count != 1 else ''}", size=10, weight="bold")
        for i in range(count):
            card_back(picture, x + 4 + i * 26, hy + 8, 22, 32)
