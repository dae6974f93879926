"""Registry: games found by entry point; an unknown name lists the known ones."""

from __future__ import annotations

from collections.abc import Iterator
from importlib.metadata import EntryPoint

import pytest

import tabletop
from tabletop.core import registry
from toy import GAME as TOY


@pytest.fixture
def fake_entry_points(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """Install a toy game and a broken entry point, with the load cache cleared around the test."""
    points = {
        "toy": EntryPoint("toy", "toy:GAME", registry.GROUP),
        "broken": EntryPoint("broken", "toy:Take", registry.GROUP),
    }
    registry._load.cache_clear()
    monkeypatch.setattr(registry, "_entry_points", lambda: points)
    yield
    registry._load.cache_clear()


def test_game_names_are_sorted_and_unique() -> None:
    names = tabletop.game_names()
    assert list(names) == sorted(set(names))
    assert registry.game_names() == names


def test_unknown_game_lists_every_known_one() -> None:
    with pytest.raises(ValueError, match="unknown game 'chess'; known games: ") as refused:
        tabletop.load("chess")
    for name in tabletop.game_names():
        assert name in str(refused.value)


def test_a_registered_game_loads_and_is_cached(fake_entry_points: None) -> None:
    assert tabletop.game_names() == ("broken", "toy")
    assert tabletop.load("toy") is TOY
    assert tabletop.load("toy") is TOY


def test_an_entry_point_that_is_not_a_game_is_refused(fake_entry_points: None) -> None:
    with pytest.raises(ValueError, match="entry point 'toy:Take' for 'broken' is not a tabletop Game"):
        tabletop.load("broken")


def test_no_games_installed(monkeypatch: pytest.MonkeyPatch) -> None:
    registry._load.cache_clear()
    monkeypatch.setattr(registry, "_entry_points", lambda: {})
    try:
        with pytest.raises(ValueError, match="known games: none installed"):
            tabletop.load("toy")
    finally:
        registry._load.cache_clear()


def test_a_name_that_is_not_a_string_is_refused_clearly() -> None:
    with pytest.raises(ValueError, match=r"a game name is a str, got \['x'\]; known games: "):
        registry.load(["x"])  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="a game name is a str, got 7"):
        tabletop.load(7)  # type: ignore[call-overload]
