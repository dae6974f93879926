"""What the turn's listing keeps between decisions (board views, cell codes, per unit moves and
attacks) never changes what it lists: through games played in turns with each other, so that
each game's listing starts from what another game left, every turn's actions are those a listing
with nothing kept gives."""

from __future__ import annotations

import pytest

from games.dozen_war.test_dozen_war_speed import step_and_compare
from tabletop.core import Rng
from tabletop.games.dozen_war import GAME


@pytest.mark.parametrize(
    ("players", "mode", "generals"),
    [(2, "engage", "random"), (3, "ffa", "draft"), (4, "ffa", "random"), (4, "alliance", "draft")],
    ids=str,
)
def test_games_in_turns_list_what_a_fresh_listing_lists(players: int, mode: str, generals: str) -> None:
    games = [GAME.new_game(players=players, seed=seed, mode=mode, generals=generals) for seed in (3, 4)]
    rng = Rng.from_seed(8)
    checked = 0
    for step in range(900):
        if step == 300:  # a branch of the first game, from a state its caches saw long ago
            games.append(games[0].clone())
        state = games[rng.randbelow(len(games))]
        if state.is_terminal:
            continue
        checked += step_and_compare(state, rng)
    assert checked > 150
