"""Short labels of cards, nobles, cities and tokens for the text view of a state and for actions.

The table view writes colours with one letter: w(hite), u (blue), g(reen), r(ed), k (black),
and ``*`` for gold, as Splendor players often note them (:func:`legend` says so on screen).
Actions describe the components they name in words (:func:`card_words`, :func:`noble_words`,
:func:`city_words`).

This module reads only :mod:`.components`, so that :mod:`.actions` can use it.
"""

from __future__ import annotations

from collections.abc import Iterable

from .components import CARD, CITY, COLOURS, NOBLE

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
    cost = CARD[card].cost
    return [(colour, cost[colour]) for colour in COLOURS if cost.get(colour)]


def card_text(card: str) -> str:
    """``L1-04(0w/2u2k)``: id, points and bonus colour, then the cost (``-2k``: discard 2 black)."""
    info = CARD[card]
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
    info = NOBLE[noble]
    return f"{noble}({info.points}/{amounts((c, info.requirement.get(c, 0)) for c in COLOURS)})"


def city_text(city: str) -> str:
    """``C6a(14/4g+4=)``: id, prestige, bonuses (``+4=``: 4 of one other colour)."""
    face = CITY[city]
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
    info = CARD[card]
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
    info = NOBLE[noble]
    return (
        f"{noble} ({info.points} points; {_words((c, info.requirement.get(c, 0)) for c in COLOURS)} bonuses)"
    )


def city_words(city: str) -> str:
    """``C6a (14 prestige, 4 green bonuses + 4 of one other colour)``."""
    face = CITY[city]
    needs = [f"{face.prestige} prestige"]
    if any(face.bonuses.values()):
        needs.append(_words((c, face.bonuses.get(c, 0)) for c in COLOURS) + " bonuses")
    if face.same_colour:
        other = " other" if face.same_colour_excludes else ""
        needs.append(f"{face.same_colour} bonuses of one{other} colour")
    return f"{city} ({', '.join(needs)})"
