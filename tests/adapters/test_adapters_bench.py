"""``tabletop bench --adapters`` measures every adapter against the bare API."""

from __future__ import annotations

import pytest

import tabletop
from adapters.adapter_support import need
from tabletop.bench import bench_adapters
from tabletop.cli import main

for extra in ("pyspiel", "pettingzoo", "gymnasium"):
    need(extra)


def test_every_way_of_stepping_is_measured() -> None:
    result = bench_adapters(tabletop.load("wonders_duel"), 2, {}, seconds=0.05)
    rates = (result.bare, result.observed, result.openspiel, result.openspiel_observed)
    assert all(rate > 0 for rate in rates + (result.pettingzoo, result.gymnasium))


def test_the_command(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["bench", "wonders_duel", "--adapters", "--seconds", "0.02"]) == 0
    header, row = capsys.readouterr().out.strip().splitlines()
    assert header.split()[:4] == ["game", "players", "bare", "+obs"]
    assert row.split()[:2] == ["wonders_duel", "2"] and len(row.split()) == len(header.split())
