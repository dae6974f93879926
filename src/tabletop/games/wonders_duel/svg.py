"""The table as an SVG picture (``state.svg(seat)``), drawn from what the viewer may know.

Everything is read from ``observation(seat)`` (a spectator's from seat 0's, leaving out The
Great Library's draw, which only the seat choosing from it sees): the military track with
the conflict pawn and the military tokens still on it, the Progress tokens on the board, the
current Age structure in its printed shape (face-down cards as their backs, the cards that can
be taken now outlined, with what they cost the player to move), the Wonder draft while it is on, and both cities (cards by colour,
coins, Wonders built and to build, Progress tokens).
"""

from __future__ import annotations

import re
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

from .city import card_cost
from .components import BOARD, CARDS, COLORS, LOOT_SPACE, MILITARY_TOKENS, PROGRESS_TOKENS, WONDERS
from .decisions import TURN

if TYPE_CHECKING:
    from .state import WondersDuelState

WIDTH, HEIGHT = 1000, 840
#: Cost pips: coins and the five resources, in colours a player tells apart.
PIP_FILLS = {
    "coins": PALETTE["gold"],
    "wood": "#a0703c",
    "clay": "#d9764a",
    "stone": "#b0b0b0",
    "glass": "#7cc3e6",
    "papyrus": "#efe0b0",
}
#: A structure card's size and the half-card grid its slot ids (``r2c5``) are written in.
CARD_W, CARD_H, HALF, ROW = 78, 64, 40, 50
ROMAN = {1: "I", 2: "II", 3: "III"}
_SLOT = re.compile(r"r(\d+)c(\d+)")


def status(view: dict[str, Any]) -> str:
    """Who decides what now, or how the game ended."""
    outcome = view["outcome"]
    if outcome is not None:
        return (
            f"7 Wonders Duel — game over: {outcome['reason']} victory of {winners_text(outcome['winners'])}"
        )
    age = f"Age {ROMAN[view['age']]}" if view["age"] else "Wonder draft"
    pending = f" (then {', '.join(view['pending'])})" if view["pending"] else ""
    return f"7 Wonders Duel — {age}, player {view['current_player']} to play: {view['decision']}{pending}"


def draw(state: WondersDuelState, seat: int | None) -> str:
    """The table as ``seat`` sees it (``None``: a spectator, public information only)."""
    view = state.observation(0 if seat is None else seat)
    picture = headed(WIDTH, HEIGHT, status(view))
    _military(picture, view)
    if view["wonder_offer"]:
        _draft(picture, view)
    else:
        _structure(picture, view, _prices(state, view))
    _side(picture, view, seat)
    for owner in (0, 1):
        _city(picture, view, owner, seat, 16 + owner * 492, 534)
    return picture.to_string()


def _cost(coins: int, resources: dict[str, int]) -> list[tuple[str, int]]:
    return [(PIP_FILLS["coins"], coins)] + [(PIP_FILLS[r], n) for r, n in resources.items()]


def _effect(card_id: str) -> str:
    """A card's effect in a few characters: points, shields, science, production."""
    info = CARDS[card_id]
    parts = []
    if info.victory_points:
        parts.append(f"{info.victory_points}VP")
    if info.shields:
        parts.append("⚔" * info.shields)
    if info.science:
        parts.append(info.science)
    parts += [f"{n}{r[:2]}" for r, n in info.produces.items()]
    if info.produces_choice:
        parts.append("/".join(r[:2] for r in info.produces_choice))
    if info.gain_coins:
        parts.append(f"+{info.gain_coins}$")
    return " ".join(parts)


def _face(picture: Svg, x: float, y: float, card_id: str, w: float = CARD_W, h: float = CARD_H) -> None:
    info = CARDS[card_id]
    card(
        picture,
        x,
        y,
        w,
        h,
        colour=info.color,
        name=info.name,
        corner=ROMAN.get(info.age, ""),
        note=_effect(card_id) or None,
        cost=_cost(info.coins, info.resources),
        title=f"{info.name} ({info.color})",
    )


def _military(picture: Svg, view: dict[str, Any]) -> None:
    """The track from player 0's capital (left, -9) to player 1's (right, +9)."""
    capital = BOARD.capital
    step, x0, y = 44, 500 - 44 * capital, 52
    for position in range(-capital, capital + 1):
        distance = abs(position)
        zone = next((z for z in BOARD.zones if z.first <= distance <= z.last), None)
        fill = "#e9e1cc" if zone is None else ("#f1d7d2", "#e6b3aa", "#d88c80")[BOARD.zones.index(zone)]
        if distance == capital:
            fill = SEAT_COLOURS[0 if position < 0 else 1]
        picture.rect(
            x0 + (position + capital) * step - step / 2, y, step - 2, 30, fill=fill, stroke="#8a7f66", rx=3
        )
        if zone is not None and distance == zone.first:
            picture.text(x0 + (position + capital) * step - step / 2 + 3, y + 27, f"{zone.value}VP", size=8)
    picture.text(x0 - step / 2, y - 4, "player 0's capital", size=10)
    picture.text(x0 + 2 * capital * step + step / 2, y - 4, "player 1's capital", size=10, anchor="end")
    for token_id in view["loot"]:
        space = LOOT_SPACE[token_id]
        cx = x0 + (space + capital) * step - 1
        picture.rect(cx - 14, y + 32, 28, 14, fill="#f0d98c", stroke=PALETTE["ink"], rx=3)
        picture.text(
            cx, y + 43, f"-{MILITARY_TOKENS[token_id].coins}$", size=10, anchor="middle", weight="bold"
        )
    pawn = x0 + (view["military"] + capital) * step - 1
    picture.polygon(
        [(pawn, y + 3), (pawn + 11, y + 15), (pawn, y + 27), (pawn - 11, y + 15)],
        fill="#c0392b",
        stroke=PALETTE["ink"],
    )
    picture.text(pawn, y + 19, abs(view["military"]), size=10, anchor="middle", fill="#ffffff", weight="bold")


def _structure(picture: Svg, view: dict[str, Any], prices: dict[str, str]) -> None:
    structure = view["structure"]
    if not structure:
        return
    slots = BOARD.structures[view["age"] - 1]
    picture.text(16, 128, f"Age {ROMAN[view['age']]} structure", size=13, weight="bold")
    for slot, card_id in zip(slots, structure):
        if card_id is None:
            continue
        match = _SLOT.fullmatch(slot.id)
        assert match is not None, slot.id
        row, col = int(match.group(1)), int(match.group(2))
        x, y = 16 + (col - 1) * HALF, 140 + row * ROW
        if card_id.startswith("back:"):
            back = card_id.removeprefix("back:")
            guild = back == "guild"
            label = "Guild" if guild else ROMAN[int(back.removeprefix("age"))]
            card_back(picture, x, y, CARD_W, CARD_H, label=label, colour="purple" if guild else "back")
            continue
        if _uncovered(structure, slot.covered_by):
            picture.rect(x - 3, y - 3, CARD_W + 6, CARD_H + 6, fill="#f5c542", rx=7)
        _face(picture, x, y, card_id)
        if card_id in prices:
            picture.rect(x + CARD_W - 34, y + 2, 32, 14, fill="#fff7d6", stroke=PALETTE["ink"], rx=3)
            picture.text(x + CARD_W - 18, y + 13, prices[card_id], size=10, anchor="middle", weight="bold")


def _uncovered(structure: list[str | None], covered_by: tuple[int, ...]) -> bool:
    """Whether every card that covered a slot has been taken (its card can be taken now)."""
    return all(structure[other] is None for other in covered_by)


def _prices(state: WondersDuelState, view: dict[str, Any]) -> dict[str, str]:
    """What each card that can be taken now costs the player to move, in coins (``chain``
    when it is free by a chain): worked out from the two cities, which are public."""
    player = view["current_player"]
    structure = view["structure"]
    if view["decision"] != TURN or player is None or not structure:
        return {}
    slots = BOARD.structures[view["age"] - 1]
    found = {}
    for slot, card_id in zip(slots, structure):
        if card_id is None or card_id.startswith("back:"):
            continue
        if _uncovered(structure, slot.covered_by):
            printed, trade, chained = card_cost(state, player, card_id)
            found[card_id] = "chain" if chained else f"{printed + trade}$"
    return found


def _draft(picture: Svg, view: dict[str, Any]) -> None:
    picture.text(16, 128, f"Wonders offered (pick {view['draft_pick'] + 1})", size=13, weight="bold")
    for i, wonder_id in enumerate(view["wonder_offer"]):
        _wonder(picture, 16 + (i % 2) * 240, 140 + (i // 2) * 70, wonder_id, built=False, w=230, h=60)
    picture.text(16, 300, f"{view['unrevealed_wonders']} Wonders not yet revealed", size=11)


def _wonder(picture: Svg, x: float, y: float, wonder_id: str, *, built: bool, w: float, h: float) -> None:
    """A Wonder tile: its name and effects; its cost while it is still to build."""
    wonder = WONDERS[wonder_id]
    effects = [f"{wonder.victory_points}VP"] if wonder.victory_points else []
    effects += ["⚔" * wonder.shields] if wonder.shields else []
    effects += [f"+{wonder.gain_coins}$"] if wonder.gain_coins else []
    effects += [f"-{wonder.opponent_loses_coins}$ to the rival"] if wonder.opponent_loses_coins else []
    effects += ["again"] if wonder.play_again else []
    with picture.group():
        picture.element("title", wonder.name + (" (built)" if built else ""))
        picture.rect(x, y, w, h, fill=PALETTE["gold"] if built else "#ece6d6", stroke=PALETTE["ink"], rx=5)
        picture.text(x + 6, y + 14, wonder.name + ("  ✔ built" if built else ""), size=11, weight="bold")
        picture.text(x + w - 6, y + h - 6, " ".join(effects), size=10, anchor="end")
        if not built:
            for i, (fill, count) in enumerate((f, n) for f, n in _cost(0, wonder.resources) if n):
                token(picture, x + 12 + i * 20, y + h - 11, 8, fill, count)


def _side(picture: Svg, view: dict[str, Any], seat: int | None) -> None:
    """The right-hand column: Progress tokens on the board, decks, discard, The Great Library."""
    x, y = 600, 128
    picture.text(x, y, "Progress tokens on the board", size=13, weight="bold")
    for i, token_id in enumerate(view["board_tokens"]):
        _progress(picture, x + 22 + i * 58, y + 30, token_id)
    y += 78
    picture.text(x, y, f"Discard pile: {len(view['discard'])} cards", size=12, weight="bold")
    for i, card_id in enumerate(view["discard"][-8:]):
        picture.text(
            x + 10,
            y + 16 + i * 14,
            CARDS[card_id].name,
            size=10,
            fill=PALETTE[CARDS[card_id].color] if CARDS[card_id].color != "grey" else PALETTE["ink"],
        )
    y += 140
    decks = ", ".join(f"Age {ROMAN[i + 1]}: {n}" for i, n in enumerate(view["deck_sizes"]) if n)
    picture.text(x, y, f"Cards still to deal: {decks or 'none'}", size=11)
    offer = view["library_offer"]
    if seat is not None and isinstance(offer, list) and offer:
        picture.text(x, y + 22, "The Great Library offers you:", size=12, weight="bold")
        for i, token_id in enumerate(offer):
            _progress(picture, x + 22 + i * 58, y + 50, token_id)
    elif offer:
        picture.text(
            x,
            y + 22,
            f"The Great Library: {len(offer) if isinstance(offer, list) else offer} tokens drawn",
            size=11,
        )
    _legend(picture, x, y + 90)


def _legend(picture: Svg, x: float, y: float) -> None:
    picture.text(x, y, "Cost pips:", size=10)
    for i, (name, fill) in enumerate(PIP_FILLS.items()):
        token(picture, x + 66 + i * 54, y - 4, 6, fill)
        picture.text(x + 74 + i * 54, y, name, size=10)


def _progress(picture: Svg, cx: float, cy: float, token_id: str, r: float = 18) -> None:
    """A Progress token: a green disc with its name under it."""
    name = PROGRESS_TOKENS[token_id].name
    with picture.group():
        picture.element("title", name)
        token(picture, cx, cy, r, "green", name[:2])
        picture.text(cx, cy + r + 11, name, size=9, anchor="middle")


def _city(picture: Svg, view: dict[str, Any], owner: int, seat: int | None, x: float, y: float) -> None:
    seat_panel(
        picture,
        x - 6,
        y - 20,
        480,
        306,
        seat=owner,
        viewer=seat,
        text=f"{view['coins'][owner]} coins, {len(view['cards'][owner])} buildings",
        to_play=view["outcome"] is None and view["current_player"] == owner,
    )
    token(picture, x + 440, y - 5, 13, "gold", view["coins"][owner])
    column = 0
    for colour in COLORS:
        names = [CARDS[c].name for c in view["cards"][owner] if CARDS[c].color == colour]
        if not names:
            continue
        cx = x + column * 67
        for i, name in enumerate(names):
            fill = PALETTE[colour]
            picture.rect(cx, y + 12 + i * 19, 64, 17, fill=fill, stroke=PALETTE["ink"], rx=3)
            picture.text(
                cx + 32,
                y + 24 + i * 19,
                name[:12],
                size=8,
                anchor="middle",
                fill="#ffffff" if colour not in ("yellow", "grey") else PALETTE["ink"],
            )
        column += 1
    wy = y + 168
    built, unbuilt = view["built_wonders"][owner], view["wonders"][owner]
    for i, wonder_id in enumerate([*built, *unbuilt]):
        _wonder(picture, x + (i % 2) * 236, wy + (i // 2) * 42, wonder_id, built=i < len(built), w=230, h=38)
    for i, token_id in enumerate(view["tokens"][owner]):
        _progress(picture, x + 24 + i * 64, y + 258, token_id, r=11)
