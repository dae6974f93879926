"""Checks every game's pictures share: ``check_pictures`` plays a random game and asserts that
every picture of a few of its states (start, middle, end) is an SVG document and that a seat's
picture depends only on what the seat sees (and a spectator's only on what everyone sees)."""

from __future__ import annotations

import xml.etree.ElementTree as ET
from typing import Any

from tabletop.core import Game, Rng, State

SVG = "{http://www.w3.org/2000/svg}svg"


def sample_states(game: Game[Any], players: int, seed: int, **options: Any) -> list[State]:
    """The start, two middle states and the end of one random game."""
    state: State = game.new_game(players=players, seed=seed, **options)
    rng = Rng.from_seed(seed)
    played = [state.clone()]
    while not state.is_terminal:
        state.apply(rng.choice(state.legal_actions()))
        played.append(state.clone())
    picks = {0, len(played) // 3, 2 * len(played) // 3, len(played) - 1}
    return [played[i] for i in sorted(picks)]


def check_picture(picture: str) -> ET.Element:
    """The picture parses as an SVG document of a readable size."""
    root = ET.fromstring(picture)
    assert root.tag == SVG, root.tag
    assert float(root.attrib["width"]) >= 600 and float(root.attrib["height"]) >= 300
    return root


def check_pictures(game: Game[Any], players: int, seed: int, **options: Any) -> int:
    """Check the pictures of the sampled states of one random game for every viewer; return
    how many pictures were checked."""
    checked = 0
    for state in sample_states(game, players, seed, **options):
        public = state.svg()
        check_picture(public)
        for seat in range(state.num_players):
            own = state.svg(seat)
            check_picture(own)
            for sample_seed in (1, 2):
                sample = state.determinize(seat, sample_seed)
                # the picture depends only on what the seat sees...
                assert sample.svg(seat) == own, (game.name, players, seat, options)
                # ...and a spectator's only on what everyone sees
                assert sample.svg() == public, (game.name, players, seat, options)
            checked += 1
    return checked
