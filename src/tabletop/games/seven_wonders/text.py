"""The table as text: every city, its neighbours' trade prices, hand sizes (cards only for the
viewer's own hand)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from .actions import card_name
from .components import BOARDS, CARDS, COLORS, RESOURCES, SCIENCE
from .scoring import city_sheet

if TYPE_CHECKING:
    from .state import SevenWondersState

_SHORT = {"wood": "W", "stone": "S", "clay": "C", "ore": "O", "glass": "G", "loom": "L", "papyrus": "P"}


def _prices(prices: tuple[int, ...]) -> str:
    return " ".join(f"{_SHORT[r]}{p}" for r, p in zip(RESOURCES, prices))


def _city_name(s: SevenWondersState, city: int) -> str:
    return "Free City" if city >= s.num_players else f"player {city}"


def render(s: SevenWondersState, viewer: int | None) -> str:
    """The table as ``viewer`` sees it (no hand shown when ``viewer`` is None)."""
    lines = [f"7 Wonders, {s.num_players} players, Age {s.age}, turn {s.turn}"]
    if s.outcome is not None:
        lines[0] += f" (over: {s.outcome.reason}, winners {list(s.outcome.winners)})"
    for city in range(s.num_cities):
        view = s.views[city]
        stages = BOARDS[s.boards[city]].sides[s.sides[city]]
        sheet = city_sheet(s, city)
        science = [sum(1 for c in s.built[city] if CARDS[c].effect.science == symbol) for symbol in SCIENCE]
        holder = " (holds the Free City card)" if s.num_players == 2 and s.holder == city else ""
        lines.append("")
        lines.append(
            f"{_city_name(s, city)}{holder}: {s.boards[city]} {s.sides[city]}, {s.coins[city]} coins, "
            f"stages {len(s.tucked[city])}/{len(stages)}, shields {view.shields}, "
            f"tokens {list(s.tokens[city])}, science {dict(zip(SCIENCE, science))}, "
            f"{sheet['total']} points now"
        )
        for color in COLORS:
            names = [CARDS[c].name for c in s.built[city] if CARDS[c].color == color]
            if names:
                lines.append(f"  {color}: {', '.join(names)}")
        lines.append(f"  buys from the left at  {_prices(view.left_price)}")
        lines.append(f"  buys from the right at {_prices(view.right_price)}")
        if city < s.num_players:
            lines.append(f"  hand: {s.hands.count(city)} cards")
    lines.append("")
    lines.append(f"discard pile: {len(s.discard)} cards face down; Free City pile: {len(s.pile)}")
    if viewer is not None and s.outcome is None:
        hand = s.hands.cards[viewer]
        lines.append(f"player {viewer}'s hand: {', '.join(card_name(CARDS[c].kind) for c in hand)}")
        lines.append(f"player {viewer} decides: {s.decision}")
    return "\n".join(lines)
