"""Short labels of cards, nobles, cities and tokens for the text view of a state.

Colours are written with one letter: w(hite), u (blue), g(reen), r(ed), k (black), and ``*``
for gold, as Splendor players often note them.
"""

from __future__ import annotations

from collections.abc import Iterable

from .components import CARD, CITY
from .tables import COST_ITEMS, NOBLE_POINTS, NOBLE_REQ

LETTER = {"white": "w", "blue": "u", "green": "g", "red": "r", "black": "k", "gold": "*"}


def amounts(items: Iterable[tuple[str, int]]) -> str:
    """``[("white", 3), ("black", 1)]`` -> ``"3w1k"``."""
    return "".join(f"{n}{LETTER[colour]}" for colour, n in items if n)


def card_text(card: str) -> str:
    """``L1-04(0w/2u2k)``: id, points and bonus colour, then the cost (``-2k``: discard 2 black)."""
    info = CARD[card]
    bonus = LETTER[info.bonus] * info.bonus_count if info.bonus else ("=" if "pair" in info.kind else "*")
    cost = amounts(COST_ITEMS[card])
    if info.sacrifice:
        cost = f"-{info.sacrifice.bonuses}{LETTER[info.sacrifice.colour]}"
    return f"{card}({info.points}{bonus}/{cost})"


def hidden_card_text(card: str) -> str:
    """A card reserved unseen, as its owner's opponents see it: deck and level only."""
    return f"{card[:2]}-??"


def noble_text(noble: str) -> str:
    """``N01(3/4g4r)``: id, points, requirement."""
    return f"{noble}({NOBLE_POINTS[noble]}/{amounts(NOBLE_REQ[noble])})"


def city_text(city: str) -> str:
    """``C6a(14/4g+4=)``: id, prestige, bonuses (``+4=``: 4 of one other colour)."""
    face = CITY[city]
    req = amounts(face.bonuses.items())
    if face.same_colour:
        req += f"+{face.same_colour}="
    return f"{city}({face.prestige}/{req})"
