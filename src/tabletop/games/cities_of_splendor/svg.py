"""The table as an SVG picture (``state.svg(seat)``), drawn from what the viewer may know.

Everything is read from ``observation(seat)`` (a spectator's from seat 0's, leaving out the
one thing only seat 0 knows: the cards it reserved unseen): the token supply, the three-level
market with its deck counts (and the Orient cards beside it), the module's tiles (nobles,
cities or the Trading Posts' powers; strongholds as seat-coloured flags on the cards they
stand on) and per player: prestige, tokens, cards stacked by bonus colour, reservations
(another player's blind ones as backs showing their deck), nobles, Orient gold cards, coats of
arms and the city claimed.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from tabletop.core.svg import (
    PALETTE,
    SEAT_COLOURS,
    Svg,
    card,
    card_back,
    card_stack,
    headed,
    ink_on,
    seat_panel,
    token,
    winners_text,
)

from .components import CARDS, CITY_FACES, COLOURS, NOBLES, TOKEN_KINDS, TRADING_POSTS
from .text import POST_WORDS

if TYPE_CHECKING:
    from .state import CitiesOfSplendorState

WIDTH = 1000
CARD_W, CARD_H = 62, 86
PANEL_W, PANEL_H = 484, 232
#: Orient abilities in a word or two, printed on the card.
ABILITY_MARKS = {
    "double_gold": "gold x2",
    "pair": "pair",
    "pair_then_free_level1": "pair+L1",
    "double_bonus": "",
    "free_level2": "free L2",
    "sacrifice": "",
    "reserve_noble": "noble",
    "standard": "",
}


def status(view: dict[str, Any]) -> str:
    """Who decides what now, or how the game ended."""
    module = view["module"] or "base game"
    outcome = view["outcome"]
    if outcome is not None:
        return (
            f"Splendor ({module}) — game over ({outcome['reason']}): {winners_text(outcome['winners'])} won"
        )
    doing = f", buying {view['purchase']}" if view["purchase"] else ""
    ending = " — last round" if view["end_triggered"] else ""
    return f"Splendor ({module}), round {view['round']} — player {view['to_play']} to decide: {view['decision']}{doing}{ending}"


def draw(state: CitiesOfSplendorState, seat: int | None) -> str:
    """The table as ``seat`` sees it (``None``: a spectator, public information only)."""
    view = state.observation(0 if seat is None else seat)
    players = len(view["players"])
    rows = (players + 1) // 2
    picture = headed(WIDTH, 400 + rows * (PANEL_H + 12), status(view))
    # a flag for every stronghold on a card: how many stand there is what a conquest needs
    flags: dict[str, list[int]] = {}
    for owner, player in enumerate(view["players"]):
        for card_id in player["strongholds"]:
            if card_id is not None:
                flags.setdefault(card_id, []).append(owner)
    _market(picture, view, flags)
    _tiles(picture, view)
    for owner in range(players):
        x = 16 + (owner % 2) * (PANEL_W + 8)
        _player(picture, view, owner, seat, x, 420 + (owner // 2) * (PANEL_H + 12))
    return picture.to_string()


def _development(
    picture: Svg, x: float, y: float, card_id: str, w: float = CARD_W, h: float = CARD_H
) -> None:
    info = CARDS[card_id]
    if info.bonus is not None:
        colour, bonus = info.bonus, f"+{info.bonus_count}" if info.bonus_count > 1 else ""
    else:
        colour, bonus = ("gold" if info.kind == "double_gold" else "muted"), ""
    note = " ".join(part for part in (bonus, ABILITY_MARKS[info.kind]) if part)
    cost: list[tuple[str, object]] = [(c, info.cost.get(c, 0)) for c in COLOURS]
    if info.sacrifice is not None:
        note = f"{note} -{info.sacrifice.bonuses} {info.sacrifice.colour}".strip()
        cost = []
    card(
        picture,
        x,
        y,
        w,
        h,
        colour=colour,
        name=card_id,
        corner=info.points or "",
        note=note or None,
        cost=cost,
        title=f"{card_id}: {info.kind} {info.bonus or ''} card, {info.points} points",
    )


def _market(picture: Svg, view: dict[str, Any], flags: dict[str, list[int]]) -> None:
    x0, y = 16, 44
    bank = view["bank"]
    picture.text(x0, y + 12, "Supply:", size=12, weight="bold")
    for i, kind in enumerate(TOKEN_KINDS):
        token(picture, x0 + 74 + i * 32, y + 8, 13, kind, bank[kind])
    y += 34
    orient = bool(view["orient_markets"])
    for level in (3, 2, 1):
        card_back(picture, x0, y, CARD_W * 0.8, CARD_H, label=view["deck_sizes"][level - 1])
        picture.text(x0 + CARD_W * 0.4, y + CARD_H - 6, f"L{level}", size=9, anchor="middle", fill="#ffffff")
        slots = [
            (x0 + CARD_W * 0.8 + 8 + i * (CARD_W + 6), c) for i, c in enumerate(view["markets"][level - 1])
        ]
        if orient:
            ox = x0 + CARD_W * 0.8 + 14 + 4 * (CARD_W + 6)
            card_back(
                picture,
                ox,
                y,
                CARD_W * 0.8,
                CARD_H,
                label=view["orient_deck_sizes"][level - 1],
                colour="purple",
            )
            picture.text(ox + CARD_W * 0.4, y + CARD_H - 6, "Orient", size=9, anchor="middle", fill="#ffffff")
            slots += [
                (ox + CARD_W * 0.8 + 8 + i * (CARD_W + 6), c)
                for i, c in enumerate(view["orient_markets"][level - 1])
            ]
        for x, card_id in slots:
            if card_id is None:
                picture.rect(x, y, CARD_W, CARD_H, stroke=PALETTE["muted"], rx=5, stroke_dasharray="4 3")
                continue
            _development(picture, x, y, card_id)
            for i, owner in enumerate(flags.get(card_id, ())):
                _flag(picture, x + CARD_W - 10 - i * 12, y + 2, owner)
        y += CARD_H + 8


def _flag(picture: Svg, x: float, y: float, owner: int) -> None:
    """A stronghold of ``owner``: a small flag in its seat colour."""
    colour = SEAT_COLOURS[owner]
    picture.line(x, y, x, y + 24, stroke=PALETTE["ink"], stroke_width=1.5)
    picture.polygon(
        [(x, y), (x + 13, y + 5), (x, y + 10)], fill=colour, stroke=PALETTE["ink"], stroke_width=0.5
    )


def _tiles(picture: Svg, view: dict[str, Any]) -> None:
    """The module's tiles on the right: nobles, cities or the Trading Posts' powers."""
    x0, y = 640 if view["orient_markets"] else 560, 60
    if view["nobles"]:
        per_row = 4 if view["orient_markets"] else 5
        picture.text(x0, y, "Nobles", size=13, weight="bold")
        for i, noble in enumerate(view["nobles"]):
            _noble(picture, x0 + (i % per_row) * 80, y + 8 + (i // per_row) * 84, noble)
        y += 8 + ((len(view["nobles"]) + per_row - 1) // per_row) * 84 + 14
    if view["cities"]:
        claimed = {p["city"] for p in view["players"]}
        picture.text(x0, y, "Cities", size=13, weight="bold")
        for i, city in enumerate(view["cities"]):
            _city(picture, x0, y + 8 + i * 66, city, city in claimed)
        y += 8 + len(view["cities"]) * 66 + 14
    if view["module"] == "trading_posts":
        picture.text(x0, y, "Trading Posts", size=13, weight="bold")
        for i, post in enumerate(TRADING_POSTS.values()):
            py = y + 8 + i * 42
            owners = [o for o, p in enumerate(view["players"]) if post.position in p["posts"]]
            picture.rect(x0, py, 340, 38, fill="#efe6cf", stroke=PALETTE["ink"], rx=5)
            picture.text(x0 + 6, py + 14, f"{post.position}. {POST_WORDS[post.position]}", size=10)
            pips = [(c, n) for c, n in post.bonuses.items() if n]
            for j, (colour, n) in enumerate(pips):
                token(picture, x0 + 14 + j * 20, py + 28, 8, colour, n)
            if post.nobles:
                picture.text(x0 + 14 + len(pips) * 20, py + 32, f"+{post.nobles} noble", size=10)
            for j, owner in enumerate(owners):
                picture.circle(x0 + 326 - j * 16, py + 28, 6, fill=SEAT_COLOURS[owner], stroke=PALETTE["ink"])


def _noble(picture: Svg, x: float, y: float, noble: str) -> None:
    info = NOBLES[noble]
    with picture.group():
        picture.element("title", f"{info.name} ({noble}): {info.points} points")
        picture.rect(x, y, 72, 76, fill="#efe6cf", stroke=PALETTE["ink"], rx=5)
        picture.text(x + 6, y + 18, info.points, size=15, weight="bold")
        picture.text(x + 66, y + 16, noble, size=9, anchor="end")
        _bonuses_needed(picture, x + 6, y + 50, info.requirement, 17)


def _bonuses_needed(picture: Svg, x: float, y: float, needs: dict[str, int], size: float) -> float:
    """Card-shaped squares of each colour with the number of bonuses a tile asks; the x after
    the last."""
    for colour, n in needs.items():
        if n:
            picture.rect(x, y, size, size * 1.15, fill=PALETTE[colour], stroke=PALETTE["ink"], rx=2)
            text = ink_on(PALETTE[colour])
            picture.text(x + size / 2, y + size * 0.82, n, size=size * 0.62, anchor="middle", fill=text)
            x += size + 4
    return x


def _city(picture: Svg, x: float, y: float, city: str, claimed: bool) -> None:
    face = CITY_FACES[city]
    picture.rect(x, y, 300, 58, fill="#d9cdb0" if claimed else "#efe6cf", stroke=PALETTE["ink"], rx=6)
    picture.text(
        x + 8,
        y + 20,
        f"{city}: {face.prestige} prestige" + (" (claimed)" if claimed else ""),
        size=12,
        weight="bold",
    )
    end = _bonuses_needed(picture, x + 8, y + 30, face.bonuses, 20)
    if face.same_colour:
        other = " other" if face.same_colour_excludes else ""
        picture.text(end + 6, y + 46, f"+ {face.same_colour} of one{other} colour", size=11)


def _player(picture: Svg, view: dict[str, Any], owner: int, seat: int | None, x: float, y: float) -> None:
    player = view["players"][owner]
    seat_panel(
        picture,
        x - 6,
        y - 20,
        PANEL_W,
        PANEL_H,
        seat=owner,
        viewer=seat,
        text=f"{player['prestige']} prestige, {len(player['cards'])} cards",
        to_play=view["outcome"] is None and view["to_play"] == owner,
    )
    tokens = player["tokens"]
    for i, kind in enumerate(TOKEN_KINDS):
        token(picture, x + 12 + i * 28, y + 22, 11, kind, tokens[kind])
    extras = []
    if player["gold_cards"]:
        extras.append(f"{len(player['gold_cards'])} Orient gold card(s)")
    if player["posts"]:
        extras.append("coats of arms on " + ", ".join(map(str, sorted(player["posts"]))))
    if view["module"] == "strongholds":
        extras.append(f"{player['strongholds'].count(None)} strongholds in supply")
    if player["city"]:
        extras.append(f"city {player['city']}")
    picture.text(x + 180, y + 26, "; ".join(extras), size=10)
    # a pair card counts as the colour of the card it joined
    colour_of = {c: CARDS[c].bonus or player["pairs"].get(c) for c in player["cards"]}
    for i, colour in enumerate(COLOURS):
        cards = [c for c in player["cards"] if colour_of[c] == colour]
        _stack(picture, x + i * 54, y + 40, colour, cards, player["bonuses"][colour])
    others = [c for c in player["cards"] if colour_of[c] is None]
    if others:
        _stack(picture, x + 5 * 54, y + 40, "muted", others, 0)
    ry = y + 124
    blind = set(player["blind"])
    for i, entry in enumerate(player["reserved"]):
        rx = x + i * 52
        if isinstance(entry, str) and (i not in blind or owner == seat):
            _development(picture, rx, ry, entry, 48, 76)
        else:
            level = CARDS[entry].level if isinstance(entry, str) else entry["level"]
            orient = CARDS[entry].module == "orient" if isinstance(entry, str) else entry["orient"]
            card_back(picture, rx, ry, 48, 76, label=f"L{level}", colour="purple" if orient else "back")
    nobles = [*player["nobles"], *player["reserved_nobles"]]
    for i, noble in enumerate(nobles):
        _noble(picture, x + 170 + i * 78, ry, noble)
        if noble in player["reserved_nobles"]:
            picture.text(x + 206 + i * 78, ry + 40, "reserved", size=9, anchor="middle")


def _stack(picture: Svg, x: float, y: float, colour: str, cards: list[str], bonus: int) -> None:
    """The cards of one bonus colour as a stack: how many, the bonuses and points they give."""
    points = sum(CARDS[c].points for c in cards)
    card_stack(
        picture,
        x,
        y,
        48,
        70,
        len(cards),
        colour=colour,
        name=f"{len(cards)} card{'s' if len(cards) > 1 else ''}",
        corner=points or "",
        note=f"+{bonus}" if bonus else None,
        title=" ".join(cards),
    )
