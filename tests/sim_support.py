"""Shared by the simulation tests: the toy game in the registry, as worker processes see it."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from importlib.metadata import EntryPoint

import pytest

from tabletop.core import registry


@contextmanager
def toy_in_registry(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """Register the toy game next to the installed ones (forked workers inherit it)."""
    fake = dict(registry._entry_points())
    fake["toy"] = EntryPoint(name="toy", value="toy:GAME", group=registry.GROUP)
    monkeypatch.setattr(registry, "_entry_points", lambda: fake)
    registry._load.cache_clear()
    try:
        yield
    finally:
        registry._load.cache_clear()
