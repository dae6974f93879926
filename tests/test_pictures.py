"""Every registered game's pictures (``state.svg(seat)``): valid SVG for every seat and a
spectator at the start, middle and end of random games with the fewest and the most players,
nothing hidden from the viewer in them, and fast enough to draw a replay of a whole game."""

from __future__ import annotations

import time

import pytest

import tabletop
from pictures import check_picture, check_pictures, sample_states
from tabletop.core import Rng

NAMES = tabletop.game_names()


@pytest.mark.parametrize("name", NAMES)
def test_pictures_parse_and_hide_what_the_viewer_cannot_see(name: str) -> None:
    game = tabletop.load(name)
    for players, seed in ((game.min_players, 11), (game.max_players, 12)):
        assert check_pictures(game, players, seed) > 0


@pytest.mark.parametrize("name", NAMES)
def test_every_decision_is_drawn(name: str) -> None:
    """The first state of every kind of decision in random games (and every 20th state) draws
    for the seat deciding and for a spectator: no decision leaves the picture half-made."""
    game = tabletop.load(name)
    for players, seed in ((game.min_players, 41), (game.max_players, 42)):
        state = game.new_game(players=players, seed=seed)
        rng = Rng.from_seed(seed)
        seen: set[str] = set()
        step = 0
        while not state.is_terminal:
            if state.decision not in seen or step % 20 == 0:
                seen.add(state.decision)
                check_picture(state.svg(state.current_player))
                check_picture(state.svg())
            state.apply(rng.choice(state.legal_actions()))
            step += 1


@pytest.mark.parametrize("name", NAMES)
def test_every_game_draws_its_own_table(name: str) -> None:
    """No game falls back to the kernel's text picture."""
    state = tabletop.load(name).new_game(seed=1)
    assert 'font-family="monospace"' not in state.svg()


def _formatting_seconds() -> float:
    """CPU seconds this machine takes for a fixed piece of string formatting (40,000 short
    tags, the best of three): work of the kind drawing is, as a yardstick for its speed."""
    best = float("inf")
    for _ in range(3):
        start = time.process_time()
        for _ in range(20):
            "".join(f'<rect x="{i}" y="{i * 2}" width="{i % 7}"/>' for i in range(2000))
        best = min(best, time.process_time() - start)
    return best


#: A picture costs less than this share of :func:`_formatting_seconds`: a replay of a whole game
#: draws in a blink. Measured against the machine rather than in seconds, so that a slow machine
#: does not fail it and a fast one does not hide a slowdown (the slowest game, Dozen War, draws
#: in about 0.3 of it).
PICTURE_SHARE = 0.6


@pytest.mark.parametrize("name", NAMES)
def test_drawing_is_fast(name: str) -> None:
    game = tabletop.load(name)
    states = sample_states(game, game.max_players, 9)
    calls = 0
    start = time.process_time()
    for state in states:
        for seat in (None, *range(state.num_players)):
            state.svg(seat)
            calls += 1
    per_picture = (time.process_time() - start) / calls
    yardstick = _formatting_seconds()
    assert per_picture < PICTURE_SHARE * yardstick, (
        f"{name}: {per_picture * 1000:.1f} ms per picture, "
        f"{per_picture / yardstick:.2f} of the formatting yardstick ({yardstick * 1000:.1f} ms)"
    )
