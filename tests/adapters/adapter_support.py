"""What the adapter tests share: their optional extras, and the games and settings they play."""

from __future__ import annotations

import importlib
import os
from types import ModuleType
from typing import Any

import pytest

import tabletop

#: Dozen War's free-for-all games (3-4 players) run ~1,000 decisions at ~5k decisions/s: the
#: suites play it with this cap (its 2-player Engage, ~90-260 decisions, is cheap in full).
LONG_GAME_CAP = 60
LONG_GAMES = frozenset({"dozen_war"})


def need(module: str) -> ModuleType:
    """Import an adapter's extra; outside CI a missing one skips the test, in CI it fails."""
    if os.environ.get("CI") == "true":
        return importlib.import_module(module)
    found: ModuleType = pytest.importorskip(module, reason=f"the extra providing {module} is not installed")
    return found


def cap(name: str, players: int | None = None) -> int | None:
    """The decision cap the suites give a game: ``LONG_GAME_CAP`` for the slow long ones; given
    ``players``, only where that count is long (more than 2)."""
    long = name in LONG_GAMES and (players is None or players > 2)
    return LONG_GAME_CAP if long else None


def seat_counts() -> list[Any]:
    """``(game, players)`` for every registered game and player count, as pytest params."""
    return [
        pytest.param(name, players, id=f"{name}-{players}p")
        for name in tabletop.game_names()
        for players in range(tabletop.load(name).min_players, tabletop.load(name).max_players + 1)
    ]
