"""The table as an SVG picture (``state.svg(seat)``), drawn from what the viewer may know.

Everything is read from ``observation(seat)`` (a spectator's from seat 0's, leaving out seat
0's hand): the cities in their circle, seat 0 at the bottom and the next seats clockwise (a
city's left neighbour is the next one round the circle), each with its wonder board and the
stages built, its structures counted by colour, coins, military tokens and its hand as a back
with the number of cards (who has chosen this turn is marked); in the middle the Age, the way
hands pass, the decks and the discard pile; under the circle the viewer's own hand face up.
With 2 players the Free City sits in the circle too, marked with the seat that runs it.
"""

from __future__ import annotations

import math
import textwrap
from typing import TYPE_CHECKING, Any

from tabletop.core.svg import (
    PALETTE,
    SEAT_COLOURS,
    Svg,
    card,
    card_back,
    headed,
    seat_panel,
    token,
    winners_text,
)

from .components import BOARDS, CARDS, COLORS

if TYPE_CHECKING:
    from .state import SevenWondersState

WIDTH, HEIGHT = 1000, 960
PANEL_W, PANEL_H = 236, 150
CENTRE_X, CENTRE_Y, RADIUS_X, RADIUS_Y = 500, 376, 372, 272
#: Cost pips: coins and the seven resources.
PIP_FILLS = {
    "coins": PALETTE["gold"],
    "wood": "#a0703c",
    "stone": "#b0b0b0",
    "clay": "#d9764a",
    "ore": "#5b6770",
    "glass": "#7cc3e6",
    "loom": "#c9a0dc",
    "papyrus": "#efe0b0",
}
ROMAN = {1: "I", 2: "II", 3: "III"}
FREE_CITY = "Free City"


def status(view: dict[str, Any]) -> str:
    """The Age and turn and who still has to choose, or how the game ended."""
    outcome = view["outcome"]
    if outcome is not None:
        return f"7 Wonders — game over ({outcome['reason']}): {winners_text(outcome['winners'])} won"
    waiting = ", ".join(map(str, view["acting_seats"])) or "nobody"
    return f"7 Wonders — Age {ROMAN[view['age']]}, turn {view['turn']}: {view['decision']} (waiting for {waiting})"


def draw(state: SevenWondersState, seat: int | None) -> str:
    """The table as ``seat`` sees it (``None``: a spectator, public information only)."""
    view = state.observation(0 if seat is None else seat)
    # a spectator sees no hand: no room is kept for one under the circle
    picture = headed(WIDTH, HEIGHT if seat is not None else HEIGHT - 150, status(view))
    cities = len(view["boards"])
    for city in range(cities):
        angle = math.pi / 2 + 2 * math.pi * city / cities
        x = CENTRE_X + RADIUS_X * math.cos(angle) - PANEL_W / 2
        y = CENTRE_Y + 20 + RADIUS_Y * math.sin(angle) - PANEL_H / 2
        _city(picture, view, city, seat, x, y)
    _centre(picture, view)
    if seat is not None:
        _hand(picture, view["hands"][seat]["cards"], 16, HEIGHT - 146)
    return picture.to_string()


def _centre(picture: Svg, view: dict[str, Any]) -> None:
    x, y = CENTRE_X, CENTRE_Y - 10
    age = view["age"]
    # Ages I and III pass to the left neighbour, the next city clockwise; Age II the other way.
    clockwise = age != 2
    picture.text(x, y - 30, f"Age {ROMAN[age]}", size=22, anchor="middle", weight="bold")
    arrow = "↻" if clockwise else "↺"
    way = "left (clockwise)" if clockwise else "right (counter-clockwise)"
    picture.text(x, y + 6, arrow, size=40, anchor="middle", fill="#8a7f66")
    picture.text(x, y + 28, f"hands pass to the {way}", size=11, anchor="middle")
    decks = ", ".join(f"Age {ROMAN[i + 1]}: {n}" for i, n in enumerate(view["decks"]) if n) or "none"
    picture.text(x, y + 46, f"decks: {decks}", size=11, anchor="middle")
    picture.text(
        x, y + 62, f"discard pile: {view['discard']['count']} cards face down", size=11, anchor="middle"
    )
    outcome = view["outcome"]
    if outcome is not None:
        scores = ", ".join(
            f"{FREE_CITY if i >= len(view['hands']) else i}: {s}" for i, s in enumerate(outcome["scores"])
        )
        picture.text(x, y + 80, f"points: {scores}", size=11, anchor="middle", weight="bold")


def _city(picture: Svg, view: dict[str, Any], city: int, seat: int | None, x: float, y: float) -> None:
    players = len(view["hands"])
    board = BOARDS[view["boards"][city]]
    side = view["sides"][city]
    coins = view["coins"][city]
    text = f"{board.name} {side}"
    if city < players:
        seat_panel(
            picture,
            x,
            y,
            PANEL_W,
            PANEL_H,
            seat=city,
            viewer=seat,
            text=text,
            to_play=city in view["acting_seats"],
        )
    else:
        picture.rect(x, y, PANEL_W, PANEL_H, fill="#f3efe4", stroke=PALETTE["muted"], rx=8)
        holder = view["holder"]
        picture.text(x + 8, y + 20, f"{FREE_CITY}: {text}", size=14, weight="bold", fill=PALETTE["ink"])
        picture.text(
            x + PANEL_W - 8,
            y + 36,
            f"run by player {holder}",
            size=10,
            anchor="end",
            fill=SEAT_COLOURS[holder],
        )
    token(picture, x + 20, y + 44, 13, "gold", coins)
    military = view["tokens"][city]
    picture.text(x + 40, y + 48, f"military {sum(military):+d} ({len(military)} tokens)", size=10)
    if city in view["choices"]["chosen"]:
        picture.text(x + PANEL_W - 8, y + 50, "chosen ✔", size=10, anchor="end", weight="bold")
    stages = board.sides[side]
    built = len(view["tucked"][city])
    for i, stage in enumerate(stages):
        sx = x + 8 + i * ((PANEL_W - 16) / len(stages))
        w = (PANEL_W - 16) / len(stages) - 4
        with picture.group():
            picture.element("title", f"stage {i + 1}: {stage.text}")
            done = i < built
            picture.rect(
                sx, y + 58, w, 22, fill=PALETTE["gold"] if done else "#e6dfcc", stroke=PALETTE["ink"], rx=3
            )
            label = f"{i + 1}: {stage.text}"
            picture.text(sx + 3, y + 73, label[: int(w / 5.2)], size=9)
    counts = [[CARDS[c].name for c in view["built"][city] if CARDS[c].color == colour] for colour in COLORS]
    for i, (colour, names) in enumerate(zip(COLORS, counts)):
        cx = x + 8 + i * 32
        with picture.group():
            picture.element("title", f"{colour}: " + (", ".join(names) or "none"))
            fill = PALETTE[colour] if names else "#ffffff"
            picture.rect(
                cx, y + 88, 28, 34, fill=fill, stroke=PALETTE["ink"] if names else PALETTE["muted"], rx=3
            )
            if names:
                picture.text(
                    cx + 14,
                    y + 110,
                    len(names),
                    size=13,
                    anchor="middle",
                    weight="bold",
                    fill="#ffffff" if colour not in ("yellow", "grey") else PALETTE["ink"],
                )
    if city < players:
        hand = view["hands"][city]
        count = len(hand["cards"]) if "cards" in hand else hand["count"]
        if count:
            card_back(picture, x + PANEL_W - 34, y + 88, 26, 34, label=count)
        picture.text(x + 8, y + 138, f"hand: {count} card{'s' if count != 1 else ''}", size=10)
    else:
        pile = view["pile"]
        count = len(pile) if isinstance(pile, list) else pile
        picture.text(x + 8, y + 138, f"pile: {count} card{'s' if count != 1 else ''}", size=10)


def _hand(picture: Svg, cards: list[str], x: float, y: float) -> None:
    picture.text(x, y - 8, f"Your hand ({len(cards)} cards)", size=13, weight="bold")
    for i, (name, fill) in enumerate(PIP_FILLS.items()):
        token(picture, x + 200 + i * 74, y - 12, 6, fill)
        picture.text(x + 209 + i * 74, y - 8, name, size=10)
    for i, card_id in enumerate(cards):
        info = CARDS[card_id]
        cost = [(PIP_FILLS["coins"], info.cost.coins)] + [
            (PIP_FILLS[r], n) for r, n in info.cost.resources.items()
        ]
        card(
            picture,
            x + i * 138,
            y,
            130,
            130,
            colour=info.color,
            name=info.name,
            corner=ROMAN[info.age],
            cost=cost,
            title=f"{info.name}: {info.text}",
        )
        picture.lines(x + i * 138 + 6, y + 52, textwrap.wrap(info.text, 24)[:4], size=9)
