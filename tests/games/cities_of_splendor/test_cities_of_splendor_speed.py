"""Tables Cities of Splendor makes at import for speed (so a fresh process is not slower) give
exactly what working the answer out gives."""

from __future__ import annotations

import random

from tabletop.games.cities_of_splendor import legal
from tabletop.games.cities_of_splendor.components import COLOURS, TAKE_TWO_MIN


def test_the_takes_of_a_supply_are_those_of_its_kind() -> None:
    rng = random.Random(15)
    supplies = [tuple(rng.randrange(0, 8) for _ in COLOURS) for _ in range(2000)]
    supplies += [(0,) * 5, (TAKE_TWO_MIN,) * 5, (TAKE_TWO_MIN - 1,) * 5, (1, 0, TAKE_TWO_MIN, 7, 3)]
    for counts in supplies:
        for power_two in (False, True):
            kinds = tuple(0 if n == 0 else 2 if n >= TAKE_TWO_MIN else 1 for n in counts)
            worked_out = legal._takes(dict(zip(COLOURS, counts)), power_two)
            assert legal._TAKES_BY_KIND[(*kinds, power_two)] == worked_out, (counts, power_two)
    assert len(legal._TAKES_BY_KIND) == 2 * 3 ** len(COLOURS)
