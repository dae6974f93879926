"""Scoring by the score pad's rows, the counting rules of yellow cards and guilds, science with
wild symbols placed optimally, and the end of the game.
"""

from __future__ import annotations

import itertools
from typing import TYPE_CHECKING

from tabletop.core import Outcome, ScoreSheet, score_sheet
from tabletop.core.scoring import winners

from .components import BOARDS, CARDS, COLORS, DEFEAT_TOKEN, SCIENCE, CountRule

if TYPE_CHECKING:
    from .state import SevenWondersState

#: The score pad's rows, in its order.
ROWS: tuple[str, ...] = ("military", "treasury", "wonder", "civilian", "commercial", "guilds", "science")


def count_rule(s: SevenWondersState, city: int, rule: CountRule) -> int:
    """What ``rule`` (coins or VP per card, stage or defeat) is worth to ``city`` now."""
    total = 0
    for where in rule.cities:
        target = city if where == "self" else s.left_of(city) if where == "left" else s.right_of(city)
        if rule.per == "card":
            colors = s.views[target].colors
            total += sum(colors[COLORS.index(color)] for color in rule.colors)
        elif rule.per == "wonder_stage":
            total += len(s.tucked[target])
        elif rule.per == "defeat_token":
            total += sum(1 for token in s.tokens[target] if token == DEFEAT_TOKEN)
        else:  # pragma: no cover - the data has no other kind (checked by the data tests)
            raise ValueError(f"unknown counting rule {rule.per!r}")
    return total * rule.amount


def science_points(counts: tuple[int, int, int], wild: int) -> int:
    """Σ count² + 7 × complete sets, with ``wild`` symbols each placed where they score most."""
    best = 0
    for extra in itertools.combinations_with_replacement(range(3), wild):
        c = list(counts)
        for symbol in extra:
            c[symbol] += 1
        best = max(best, sum(x * x for x in c) + 7 * min(c))
    return best


#: Per card id, what it scores: the score pad row of its points ("civilian" for a blue card's
#: fixed points; "commercial" or "guilds" for a counting rule; None if neither), the points or
#: the rule, its science symbol's index (None if none) and whether it is a wild symbol.
_SCORING: dict[str, tuple[str | None, int | CountRule, int | None, bool]] = {}
for _card in CARDS.values():
    _effect = _card.effect
    _row: str | None = None
    _points: int | CountRule = 0
    if _card.color == "blue":
        _row, _points = "civilian", _effect.victory_points
    elif _card.color in ("yellow", "purple") and _effect.victory_points_per is not None:
        _row = "commercial" if _card.color == "yellow" else "guilds"
        _points = _effect.victory_points_per
    _SCORING[_card.id] = (
        _row,
        _points,
        None if _effect.science is None else SCIENCE.index(_effect.science),
        bool(_effect.science_choice),
    )


def _sheet(s: SevenWondersState, city: int, copied: str | None) -> ScoreSheet:
    rows = dict.fromkeys(ROWS, 0)
    rows["military"] = sum(s.tokens[city])
    rows["treasury"] = s.coins[city] // 3
    symbols = [0, 0, 0]
    wild = 0
    for stage in BOARDS[s.boards[city]].sides[s.sides[city]][: len(s.tucked[city])]:
        rows["wonder"] += stage.effect.victory_points
        if stage.effect.science_choice:
            wild += 1
    cards = s.built[city] if copied is None else (*s.built[city], copied)
    for card in cards:
        row, points, symbol, choice = _SCORING[card]
        if row is not None:
            rows[row] += points if isinstance(points, int) else count_rule(s, city, points)
        if symbol is not None:
            symbols[symbol] += 1
        if choice:
            wild += 1
    rows["science"] = science_points((symbols[0], symbols[1], symbols[2]), wild)
    return score_sheet(rows)


def city_sheet(s: SevenWondersState, city: int) -> ScoreSheet:
    """One city's score sheet. Olympia B's copied guild is the neighbours' guild that scores
    most for it (chosen at the end, as the wild science symbols are)."""
    best = _sheet(s, city, None)
    if "copy_neighbor_guild" in s.views[city].powers:
        for neighbour in (s.left_of(city), s.right_of(city)):
            for card in s.built[neighbour]:
                if CARDS[card].is_guild:
                    sheet = _sheet(s, city, card)
                    if sheet["total"] > best["total"]:
                        best = sheet
    return best


def score_sheets(s: SevenWondersState) -> list[ScoreSheet]:
    """Every city's score sheet (the Free City's last with 2 players)."""
    return [city_sheet(s, city) for city in range(s.num_cities)]


def outcome(s: SevenWondersState) -> Outcome:
    """The end of the game: most points among the players (not the Free City); ties go to the
    most coins; still tied, the victory is shared."""
    sheets = [city_sheet(s, seat) for seat in range(s.num_players)]  # not the Free City's
    totals = [sheet["total"] for sheet in sheets]
    top = max(totals)
    best = winners([(total, s.coins[seat]) for seat, total in enumerate(totals)])
    if totals.count(top) == 1:
        reason = "points"
    elif len(best) == 1:
        reason = "coins"
    else:
        reason = "shared"
    return Outcome(tuple(best), tuple(totals), reason)
