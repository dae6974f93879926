"""Random games checked against independent oracles written from the rulebook: which cards a city
may build (by chain, its own production or its neighbours' brown, grey and board resources, with
the coins it held when the turn began), the coins after every turn, the military tokens of every
Age, and the final score pad with each guild and yellow card counted by its printed text."""

from __future__ import annotations

import itertools
import random

import pytest

from tabletop.core import Action
from tabletop.games.seven_wonders import (
    BOARDS,
    CARDS,
    GAME,
    Build,
    BuildFree,
    BuildStage,
    Discard,
    SevenWondersState,
)
from tabletop.games.seven_wonders.components import RESOURCES, Effect
from tabletop.games.seven_wonders.legal import turn_hand
from tabletop.games.seven_wonders.scoring import city_sheet

#: (seed, players): every count with side "random", a few seeds each (2 players: the Free City).
GAMES = [(seed, players) for players in range(2, 8) for seed in (1, 2)]


def _effects(s: SevenWondersState, city: int) -> list[tuple[Effect, str]]:
    """What a city's structures and built stages give, with the card colour ("stage" for stages)."""
    found = [(CARDS[c].effect, CARDS[c].color) for c in s.built[city]]
    stages = BOARDS[s.boards[city]].sides[s.sides[city]][: len(s.tucked[city])]
    return found + [(stage.effect, "stage") for stage in stages]


def _production(s: SevenWondersState, city: int, for_sale: bool) -> tuple[list[int], list[list[int]]]:
    """Fixed production and the "one of these" options; for sale: only the board and the brown
    and grey cards."""
    fixed = [0] * 7
    fixed[RESOURCES.index(BOARDS[s.boards[city]].starting_resource)] += 1
    options = []
    for effect, color in _effects(s, city):
        if for_sale and color not in ("brown", "grey"):
            continue
        for resource, amount in effect.produces.items():
            fixed[RESOURCES.index(resource)] += amount
        if effect.produces_choice:
            options.append([RESOURCES.index(r) for r in effect.produces_choice])
    return fixed, options


def _cheapest(s: SevenWondersState, city: int, cost: tuple[int, ...]) -> int | None:
    """The fewest coins to the neighbours that pay ``cost`` (None: it cannot be paid)."""
    n = s.num_cities
    left, right = (city + 1) % n, (city - 1) % n
    prices = [[2] * 7, [2] * 7]
    for effect, _ in _effects(s, city):
        if effect.trade_discount is not None:
            for side, where in enumerate(("left", "right")):
                if where in effect.trade_discount.neighbors:
                    for r in effect.trade_discount.resources:
                        prices[side][RESOURCES.index(r)] = 1
    own, own_options = _production(s, city, False)
    sold = [_production(s, left, True), _production(s, right, True)]
    best = None
    for mine in itertools.product(*own_options):
        need = list(cost)
        for k, made in enumerate(own):
            need[k] -= made
        for k in mine:
            need[k] -= 1
        for picks in itertools.product(*sold[0][1], *sold[1][1]):
            have = [list(sold[0][0]), list(sold[1][0])]
            for i, k in enumerate(picks):
                have[0 if i < len(sold[0][1]) else 1][k] += 1
            total = 0
            for k in range(7):
                wanted = max(0, need[k])
                first = 0 if prices[0][k] <= prices[1][k] else 1
                bought = min(wanted, have[first][k])
                if wanted - bought > have[1 - first][k]:
                    break
                total += bought * prices[first][k] + (wanted - bought) * prices[1 - first][k]
            else:
                best = total if best is None else min(best, total)
    return best


def _check_builds(s: SevenWondersState, legal: list[Action]) -> None:
    city = s.deciding_city
    assert city is not None
    free_city = city >= s.num_players
    names = {CARDS[c].name for c in s.built[city]}
    stages = BOARDS[s.boards[city]].sides[s.sides[city]]
    stage = None
    if len(s.tucked[city]) < len(stages):
        stage = _cheapest(s, city, stages[len(s.tucked[city])].cost_vector)
    stage_payable = stage is not None and stage <= s.coins[city]
    can_build = False
    for card_id in set(turn_hand(s, city)):
        card = CARDS[card_id]
        chained = card.name not in names and bool(names & set(card.free_if_built))
        if card.name in names:
            expected = False
        elif chained:
            expected = True
        else:
            cheapest = _cheapest(s, city, card.cost_vector)
            expected = cheapest is not None and cheapest + card.cost.coins <= s.coins[city]
        assert any(isinstance(a, Build) and a.card == card.kind for a in legal) == expected, card_id
        # The Free City builds a card it can chain, by chain: not on its wonder.
        tucked = stage_payable and not (free_city and chained)
        assert any(isinstance(a, BuildStage) and a.card == card.kind for a in legal) == tucked, card_id
        can_build = can_build or expected or tucked
    # The Free City discards only when it can build nothing (Olympia's power aside).
    if not any(isinstance(a, BuildFree) for a in legal):
        assert any(isinstance(a, Discard) for a in legal) == (not (free_city and can_build))


def _count(
    s: SevenWondersState, city: int, per: str, cities: tuple[str, ...], colors: tuple[str, ...]
) -> int:
    n = s.num_cities
    total = 0
    for where in cities:
        target = {"self": city, "left": (city + 1) % n, "right": (city - 1) % n}[where]
        if per == "card":
            total += sum(1 for c in s.built[target] if CARDS[c].color in colors)
        else:
            total += len(s.tucked[target])
    return total


def _expected_coins(
    s: SevenWondersState, start: list[int], picks: dict[int, Action], stages: list[int]
) -> list[int]:
    """The coins after a turn: payments from the start-of-turn coins, to the bank and to the
    neighbours, 3 per discard, and what was built pays (counted with the turn's cards placed)."""
    n = s.num_cities
    coins = list(start)
    for city, action in picks.items():
        effect = None
        if isinstance(action, (Build, BuildStage)):
            coins[city] -= action.left + action.right
            coins[(city + 1) % n] += action.left
            coins[(city - 1) % n] += action.right
        if isinstance(action, (Build, BuildFree)):
            card = CARDS[s.built[city][-1]]
            coins[city] -= card.cost.coins if isinstance(action, Build) else 0
            effect = card.effect
        elif isinstance(action, BuildStage):
            effect = BOARDS[s.boards[city]].sides[s.sides[city]][stages[city]].effect
        else:
            coins[city] += 3
        if effect is not None:
            coins[city] += effect.coins
            rule = effect.coins_per
            if rule is not None:
                coins[city] += rule.amount * _count(s, city, rule.per, rule.cities, rule.colors)
    return coins


_GUILD_COLORS = {
    "Workers Guild": ("brown", 1),
    "Craftsmens Guild": ("grey", 2),
    "Traders Guild": ("yellow", 1),
    "Philosophers Guild": ("green", 1),
    "Spies Guild": ("red", 1),
    "Magistrates Guild": ("blue", 1),
}
_YELLOW_POINTS = {"Haven": ("brown", 1), "Lighthouse": ("yellow", 1), "Chamber of Commerce": ("grey", 2)}


def _score(s: SevenWondersState, city: int, copied: str | None) -> int:
    """The score pad's total, each guild and Age III yellow card counted from its printed text."""
    n = s.num_cities
    neighbours = ((city + 1) % n, (city - 1) % n)
    mine = [CARDS[c] for c in s.built[city]] + ([CARDS[copied]] if copied else [])

    def own(color: str) -> int:
        return sum(1 for c in s.built[city] if CARDS[c].color == color)

    stages = BOARDS[s.boards[city]].sides[s.sides[city]][: len(s.tucked[city])]
    total = sum(s.tokens[city]) + s.coins[city] // 3 + sum(stage.effect.victory_points for stage in stages)
    wild = sum(1 for stage in stages if stage.effect.science_choice)
    for card in mine:
        total += card.effect.victory_points
        if card.name in _GUILD_COLORS:
            color, points = _GUILD_COLORS[card.name]
            total += points * sum(1 for nb in neighbours for c in s.built[nb] if CARDS[c].color == color)
        elif card.name in _YELLOW_POINTS:
            color, points = _YELLOW_POINTS[card.name]
            total += points * own(color)
        elif card.name == "Arena":
            total += len(s.tucked[city])
        elif card.name == "Strategists Guild":
            total += sum(s.tokens[nb].count(-1) for nb in neighbours)
        elif card.name == "Shipowners Guild":
            total += own("brown") + own("grey") + own("purple")
        elif card.name == "Builders Guild":
            total += sum(len(s.tucked[c]) for c in (city, *neighbours))
        elif card.name == "Scientists Guild":
            wild += 1
    symbols = [sum(1 for c in mine if c.effect.science == k) for k in ("compass", "gear", "tablet")]
    science = 0
    for extra in itertools.product(range(3), repeat=wild):
        counts = list(symbols)
        for k in extra:
            counts[k] += 1
        science = max(science, sum(x * x for x in counts) + 7 * min(counts))
    return total + science


@pytest.mark.parametrize(("seed", "players"), GAMES)
def test_random_games_match_the_oracles(seed: int, players: int) -> None:
    s = GAME.new_game(players=players, seed=seed, side="random")
    rnd = random.Random(seed)
    picks: dict[int, Action] = {}
    start, stages = list(s.coins), [len(t) for t in s.tucked]
    while not s.is_terminal:
        legal = s.legal_actions()
        action = rnd.choice(legal)
        if s.decision not in ("turn", "free_city"):
            s.apply(action)
            start, stages, picks = list(s.coins), [len(t) for t in s.tucked], {}
            continue
        _check_builds(s, legal)
        city = s.deciding_city
        assert city is not None
        picks[city] = action
        age, tokens = s.age, [len(t) for t in s.tokens]
        s.apply(action)
        if len(picks) < s.num_cities:
            continue
        assert s.coins == _expected_coins(s, start, picks, stages)
        if s.age != age or s.is_terminal:  # the Age ended: a battle with each neighbour
            shields = [sum(e.shields for e, _ in _effects(s, c)) for c in range(s.num_cities)]
            for c in range(s.num_cities):
                won = {1: 1, 2: 3, 3: 5}[age]
                expected = [
                    won if shields[c] > shields[o] else -1
                    for o in ((c + 1) % s.num_cities, (c - 1) % s.num_cities)
                    if shields[c] != shields[o]
                ]
                assert sorted(s.tokens[c][tokens[c] :]) == sorted(expected)
        start, stages, picks = list(s.coins), [len(t) for t in s.tucked], {}
    for city in range(s.num_cities):
        copies: list[str | None] = [None]
        if "copy_neighbor_guild" in s.views[city].powers:
            for nb in ((city + 1) % s.num_cities, (city - 1) % s.num_cities):
                copies += [c for c in s.built[nb] if CARDS[c].is_guild]
        assert city_sheet(s, city)["total"] == max(_score(s, city, copy) for copy in copies)
