"""Short labels of cards, nobles and cities for the text view of a state."""

from __future__ import annotations

from .components import CARD, CITY
from .tables import COST_ITEMS, NOBLE_POINTS, NOBLE_REQ

def card_text(card: str) -> str:
    """A short label: ``L1-04(2r/3w1k)`` = id, points and bonus, cost."""
    info = CARD[card]
    bonus = (info.bonus or "-")[0] if info.bonus != "black" else "k"
    cost = "".join(f"{n}{c[0] if c != 'black' else 'k'}" for c, n in COST_ITEMS[card])
    if info.sacrifice:
        cost = f"-{info.sacrifice.bonuses}{info.sacrifice.colour[0]}"
    return f"{card}({info.points}{bonus}/{cost})"


def noble_text(noble: str) -> str:
    """A short label of a noble tile: id, points, requirement."""
    req = "".join(f"{n}{c[0] if c != 'black' else 'k'}" for c, n in NOBLE_REQ[noble])
    return f"{noble}({NOBLE_POINTS[noble]}/{req})"


def city_text(city: str) -> str:
    """A short label of a city face: id, prestige, bonuses."""
    face = CITY[city]
    req = "".join(f"{n}{c[0] if c != 'black' else 'k'}" for c, n in face.bonuses.items())
    if face.same_colour:
        req += f"+{face.same_colour}="
    return f"{city}({face.prestige}/{req})"
