"""The table as text (:func:`render`), and the labels of cards, nobles, cities and tokens in it.

The table view writes colours with one letter: w(hite), u (blue), g(reen), r(ed), k (black),
and ``*`` for gold, as Splendor players often note them (:func:`legend` says so on screen).
Actions describe the components they name in words (:func:`card_words`, :func:`noble_words`,
:func:`city_words`).

This module reads only :mod:`.components` at run time, so that :mod:`.actions` can use it.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING

from .components import CARDS, CITY_FACES, COLOURS, NOBLES, TOKEN_KINDS, TRADING_POSTS

if TYPE_CHECKING:
    from .state import CitiesOfSplendorState as St

LETTER = {"white": "w", "blue": "u", "green": "g", "red": "r", "black": "k", "gold": "*"}

#: What each Trading Post power does, in a few words (by position on the board).
POST_WORDS = {
    1: "1 gem after each purchase",
    2: "+1 gem of another colour with 2 of one colour",
    3: "each gold covers 2 of one colour",
    4: "5 prestige",
    5: "1 prestige per own coat of arms",
}


def legend(module: str | None) -> str:
    """The key to the table view of ``module``, shown at the top of ``render()``."""
    parts = [
        "key: w white, u blue, g green, r red, k black, * gold",
        "a card is id(points bonus/cost)",
        "L1 [36]: cards left in the deck",
    ]
    if module == "orient":
        parts[2] = "L1 [36+8]: cards left in the base+Orient decks"
        parts.append("= a pair card, * a gold card, -2k: discard 2 black bonuses")
    if module == "cities":
        parts.append("a city is id(prestige/bonuses), +4=: 4 bonuses of one colour")
    else:
        parts.append("a noble is id(points/bonuses)")
    return "; ".join(parts)


def amounts(items: Iterable[tuple[str, int]]) -> str:
    """``[("white", 3), ("black", 1)]`` -> ``"3w1k"``."""
    return "".join(f"{n}{LETTER[colour]}" for colour, n in items if n)


def _cost_items(card: str) -> list[tuple[str, int]]:
    cost = CARDS[card].cost
    return [(colour, cost[colour]) for colour in COLOURS if cost.get(colour)]


def card_text(card: str) -> str:
    """``L1-04(0w/2u2k)``: id, points and bonus colour, then the cost (``-2k``: discard 2 black)."""
    info = CARDS[card]
    bonus = LETTER[info.bonus] * info.bonus_count if info.bonus else ("=" if "pair" in info.kind else "*")
    cost = amounts(_cost_items(card))
    if info.sacrifice:
        cost = f"-{info.sacrifice.bonuses}{LETTER[info.sacrifice.colour]}"
    return f"{card}({info.points}{bonus}/{cost})"


def hidden_card_text(card: str) -> str:
    """A card reserved unseen, as its owner's opponents see it: deck and level only."""
    return f"{card[:2]}-??"


def noble_text(noble: str) -> str:
    """``N01(3/4g4r)``: id, points, requirement."""
    info = NOBLES[noble]
    return f"{noble}({info.points}/{amounts((c, info.requirement.get(c, 0)) for c in COLOURS)})"


def city_text(city: str) -> str:
    """``C6a(14/4g+4=)``: id, prestige, bonuses (``+4=``: 4 of one other colour)."""
    face = CITY_FACES[city]
    req = amounts((c, face.bonuses.get(c, 0)) for c in COLOURS)
    if face.same_colour:
        req += f"+{face.same_colour}="
    return f"{city}({face.prestige}/{req})"


def _words(items: Iterable[tuple[str, int]]) -> str:
    return " + ".join(f"{n} {colour}" for colour, n in items if n) or "nothing"


_ABILITY_WORDS = {
    "double_gold": "Orient gold card worth 2 gold for one purchase",
    "pair": "pair card: 1 bonus of the owned card it pairs with",
    "pair_then_free_level1": "pair card, then a free face-up level-1 card",
    "reserve_noble": "reserve a noble",
    "free_level2": "a free face-up level-2 card",
}


def card_words(card: str, cost: bool = True) -> str:
    """``L1-04 (white bonus, 0 points; costs 2 blue + 2 black)``: a card as a person reads it.

    ``cost=False`` leaves the price out (for a card taken free, paired with or discarded).
    """
    info = CARDS[card]
    parts = []
    if info.bonus:
        parts.append(
            f"{info.bonus} bonus" if info.bonus_count == 1 else f"{info.bonus_count} {info.bonus} bonuses"
        )
    if info.kind in _ABILITY_WORDS:
        parts.append(_ABILITY_WORDS[info.kind])
    parts.append(f"{info.points} point{'s' if info.points != 1 else ''}")
    if not cost:
        return f"{card} ({', '.join(parts)})"
    if info.sacrifice:
        price = f"costs {info.sacrifice.bonuses} {info.sacrifice.colour} bonuses discarded"
    else:
        price = "costs " + _words(_cost_items(card))
    return f"{card} ({', '.join(parts)}; {price})"


def noble_words(noble: str) -> str:
    """``N01 (3 points; 4 green + 4 red bonuses)``."""
    info = NOBLES[noble]
    return (
        f"{noble} ({info.points} points; {_words((c, info.requirement.get(c, 0)) for c in COLOURS)} bonuses)"
    )


def city_words(city: str) -> str:
    """``C6a (14 prestige, 4 green bonuses + 4 of one other colour)``."""
    face = CITY_FACES[city]
    needs = [f"{face.prestige} prestige"]
    if any(face.bonuses.values()):
        needs.append(_words((c, face.bonuses.get(c, 0)) for c in COLOURS) + " bonuses")
    if face.same_colour:
        other = " other" if face.same_colour_excludes else ""
        needs.append(f"{face.same_colour} bonuses of one{other} colour")
    return f"{city} ({', '.join(needs)})"


def render(state: St) -> str:
    """The table as text, seen by the player to move: others' blind reservations hidden."""
    viewer = state.current_player
    module = state.module
    lines = [f"Splendor ({module or 'base game'}), round {state.turns.round}", legend(module)]
    lines.append("supply: " + " ".join(f"{state.bank[k]}{LETTER[k]}" for k in TOKEN_KINDS))
    for level in (3, 2, 1):
        row = [card_text(c) if c else "--" for c in state.markets[level - 1].slots]
        if state.orient:
            row += ["|"] + [card_text(c) if c else "--" for c in state.orient[level - 1].slots]
            deck = f"{len(state.markets[level - 1].deck):2d}+{len(state.orient[level - 1].deck)}"
        else:
            deck = f"{len(state.markets[level - 1].deck):2d}"
        lines.append(f"L{level} [{deck}] " + "  ".join(row))
    if module == "trading_posts":
        lines.append(
            "trading posts: "
            + "  ".join(
                f"{post.position}({amounts((c, post.bonuses.get(c, 0)) for c in COLOURS)}"
                f"{'+noble' if post.nobles else ''}: {POST_WORDS[post.position]})"
                for post in TRADING_POSTS.values()
            )
        )
    if state.nobles:
        lines.append("nobles: " + "  ".join(noble_text(n) for n in state.nobles))
    if state.cities:
        claimed = {p.city for p in state.players}
        lines.append(
            "cities: "
            + "  ".join(city_text(c) + (" (claimed)" if c in claimed else "") for c in state.cities)
        )
    for seat, player in enumerate(state.players):
        mark = ">" if seat == viewer else " "
        bonuses = amounts((c, player.bonuses[c]) for c in COLOURS) or "none"
        tokens = amounts((k, player.tokens[k]) for k in TOKEN_KINDS) or "none"
        extra = []
        if player.reserved:
            shown = [
                hidden_card_text(c)
                if c in player.blind and viewer is not None and seat != viewer
                else card_text(c)
                for c in player.reserved
            ]
            extra.append("reserved " + " ".join(shown))
        if player.nobles:
            extra.append("nobles " + ",".join(player.nobles))
        if player.reserved_nobles:
            extra.append("reserved nobles " + ",".join(player.reserved_nobles))
        if player.gold_cards:
            extra.append(f"{len(player.gold_cards)} Orient gold card(s)")
        if player.posts:
            extra.append("trading posts " + ",".join(map(str, sorted(player.posts))))
        if any(player.strongholds):
            extra.append("strongholds on " + ",".join(c or "-" for c in player.strongholds))
        if player.city:
            extra.append(f"city {player.city}")
        lines.append(
            f"{mark}P{seat}: {player.prestige:2d} prestige, {len(player.cards)} cards, "
            f"bonuses {bonuses}, tokens {tokens}" + ("; " + "; ".join(extra) if extra else "")
        )
    if state.outcome is not None:
        lines.append(f"game over ({state.outcome.reason}): winners {list(state.outcome.winners)}")
    else:
        doing = f" (buying {card_text(state.purchase)})" if state.purchase else ""
        lines.append(f"P{viewer} to decide: {state.decision}{doing}")
    return "\n".join(lines)
