"""Game discovery: every game registers itself under the entry-point group ``tabletop.games``,
so a third-party package adds a game by declaring one entry point, without touching tabletop."""

from __future__ import annotations

from functools import cache
from importlib.metadata import EntryPoint, entry_points
from typing import Any

from .game import Game

GROUP = "tabletop.games"


@cache
def _entry_points() -> dict[str, EntryPoint]:
    return {ep.name: ep for ep in entry_points(group=GROUP)}


def game_names() -> tuple[str, ...]:
    """The names of every installed game, sorted."""
    return tuple(sorted(_entry_points()))


def load(name: str) -> Game[Any]:
    """The game registered as ``name``; a ``ValueError`` listing the known games otherwise."""
    if not isinstance(name, str):
        raise ValueError(f"a game name is a str, got {name!r}; known games: {', '.join(game_names())}")
    return _load(name)


@cache
def _load(name: str) -> Game[Any]:
    entry = _entry_points().get(name)
    if entry is None:
        known = ", ".join(game_names()) or "none installed"
        raise ValueError(f"unknown game {name!r}; known games: {known}")
    game = entry.load()
    if not isinstance(game, Game):
        raise ValueError(f"entry point {entry.value!r} for {name!r} is not a tabletop Game")
    return game
