"""``tabletop bench`` (issue 15): loads/s verified and trusted, the previous run's figures
beside this run's with the change, the baseline file it keeps, and a fresh process's speed."""

from __future__ import annotations

import io
import json
from pathlib import Path
from typing import Any

import pytest

import tabletop
from tabletop.bench import (
    BASELINE_FORMAT,
    COLD_GAMES,
    FIGURES,
    WARM_UP_SEEDS,
    ColdResult,
    bench,
    change,
    cold_start,
    configuration_key,
    configurations,
    edge_configurations,
    print_cold,
    read_baseline,
    run,
)
from toy import GAME as TOY


def test_bench_measures_every_figure() -> None:
    r = bench(TOY, 2, {"pile": 15}, seconds=0.2)
    for name, _ in FIGURES:
        assert getattr(r, name) > 0, name
    assert r.mean_saved_actions > 0 and r.mean_decisions > r.mean_saved_actions
    assert r.key == configuration_key("toy", 2, {"pile": 15})


def test_bench_times_new_games_after_warming_up_on_others(monkeypatch: pytest.MonkeyPatch) -> None:
    # The figure is a long run's speed: other games first, untimed, then games never played
    # before (a replayed game would hit caches keyed by its exact positions).
    seeds: list[int] = []
    new_game = TOY.new_game

    def seeded(**kwargs: Any) -> Any:
        seeds.append(kwargs["seed"])
        return new_game(**kwargs)

    monkeypatch.setattr(TOY, "new_game", seeded)
    bench(TOY, 2, {"pile": 15}, seconds=0.2, seed=5)
    warm = [seed for seed in seeds if seed >= WARM_UP_SEEDS]
    assert warm and warm == list(range(WARM_UP_SEEDS + 5, WARM_UP_SEEDS + 5 + len(warm)))
    # Every warm-up game before the first timed one; the timed ones from the seed given on.
    timed = seeds[len(warm) :]
    assert timed[:3] == [5, 6, 7]


def _figures_row(out: str, label: str) -> list[str]:
    rows = [line for line in out.splitlines() if line.startswith(label)]
    assert len(rows) == 1, out
    return rows[0].split()


def test_a_second_run_shows_the_first_beside_it_and_keeps_the_rest(tmp_path: Path) -> None:
    baseline = tmp_path / "bench.json"
    first = io.StringIO()
    results, colds = run([TOY], players=2, seconds=0.2, baseline=baseline, cold=False, out=first)
    assert len(results) == 1 and colds == []
    assert "previous: none" in first.getvalue()
    kept = read_baseline(baseline)
    assert kept["tabletop_bench"] == BASELINE_FORMAT
    assert set(kept["configurations"]) == {results[0].key}
    # Another configuration's figures survive a run that does not measure it.
    kept["configurations"]["other 3 {}"] = {"games_per_second": 1.0}
    baseline.write_text(json.dumps(kept))
    # The previous figures, halved on disk: the change shows about +100%.
    for name, _ in FIGURES:
        kept["configurations"][results[0].key][name] /= 2
    baseline.write_text(json.dumps(kept))

    second = io.StringIO()
    again, _ = run([TOY], players=2, seconds=0.2, baseline=baseline, cold=False, out=second)
    text = second.getvalue()
    previous = _figures_row(text, " " * 29 + "previous")
    changes = _figures_row(text, " " * 29 + "change")
    assert len(previous) == 3 + len(FIGURES) and len(changes) == 1 + len(FIGURES)
    halved = [float(value.replace(",", "")) for value in previous[3:]]
    expected = [getattr(results[0], name) / 2 for name, _ in FIGURES]
    assert halved == pytest.approx(expected, rel=0.01, abs=0.1)
    for cell in changes[1:]:
        assert cell.endswith("%") and float(cell.rstrip("%")) > -100
    kept = read_baseline(baseline)
    assert set(kept["configurations"]) == {again[0].key, "other 3 {}"}
    assert kept["configurations"][again[0].key]["loads_per_second"] == again[0].loads_per_second


def test_no_save_leaves_the_baseline_alone(tmp_path: Path) -> None:
    baseline = tmp_path / "bench.json"
    run([TOY], players=2, seconds=0.2, baseline=baseline, save=False, cold=False, out=io.StringIO())
    assert not baseline.exists()


def test_a_slower_figure_is_named(tmp_path: Path) -> None:
    baseline = tmp_path / "bench.json"
    key = configuration_key("toy", 2, {"partners": False})
    faster = {name: 1e12 for name, _ in FIGURES}
    baseline.write_text(
        json.dumps({"tabletop_bench": BASELINE_FORMAT, "configurations": {key: faster}, "cold": {}})
    )
    out = io.StringIO()
    run([TOY], players=2, seconds=0.2, baseline=baseline, cold=False, out=out)
    assert "slower: " + ", ".join(title for _, title in FIGURES) in out.getvalue()


@pytest.mark.parametrize(
    "text", ["{", "[]", json.dumps({"tabletop_bench": 99, "configurations": {}, "cold": {}})]
)
def test_a_file_that_is_not_a_baseline_is_refused_naming_it(tmp_path: Path, text: str) -> None:
    baseline = tmp_path / "bench.json"
    baseline.write_text(text)
    with pytest.raises(ValueError, match=r"bench\.json is not a tabletop bench baseline"):
        run([TOY], players=2, seconds=0.2, baseline=baseline, cold=False, out=io.StringIO())
    assert baseline.read_text() == text


def test_change_in_percent() -> None:
    assert change(150.0, 100.0) == "+50.0%"
    assert change(90.0, 100) == "-10.0%"
    assert change(90.0, None) == change(90.0, 0) == change(1.0, True) == "-"


def test_cold_start_is_measured_in_a_new_process() -> None:
    """The toy game is not installed: the new process finds it by its state type's module."""
    c = cold_start(TOY, 2, {"pile": 30}, seconds=0.1)
    assert c.first_game_cold > 0 and c.first_game_warm > 0
    assert c.first_games_cold > 0 and c.first_games_warm > 0
    assert 0 < c.first_game_ratio < 10 and 0 < c.first_games_ratio < 10
    assert COLD_GAMES > 1


def test_a_run_reports_and_keeps_the_cold_start(tmp_path: Path) -> None:
    baseline = tmp_path / "bench.json"
    out = io.StringIO()
    _, colds = run([TOY], players=2, seconds=0.1, baseline=baseline, out=out)
    assert [c.game for c in colds] == ["toy"]
    assert "cold start" in out.getvalue() and "was - / -" in out.getvalue()
    kept = read_baseline(baseline)["cold"]["toy"]
    assert kept["first_game_ratio"] == colds[0].first_game_ratio
    out = io.StringIO()
    run([TOY], players=2, seconds=0.1, baseline=baseline, out=out)
    assert f"was {colds[0].first_game_ratio:.0%}" in out.getvalue()


def test_a_cold_start_is_set_beside_the_previous_one_of_its_configuration_only() -> None:
    """The baseline keeps one cold start per game: one of another player count or options is
    no previous figure (a 2-player cold start was shown beside the 4-player one of the run before)."""
    c = ColdResult("toy", 2, {"pile": 30}, 50.0, 100.0, 90.0, 100.0)
    kept = {"first_game_ratio": 0.25, "first_games_ratio": 0.75}
    for players, options, shown in [
        (2, {"pile": 30}, "was 25% / 75%"),
        (4, {"pile": 30}, "was - / -"),
        (2, {"pile": 15}, "was - / -"),
    ]:
        out = io.StringIO()
        print_cold(c, {**kept, "players": players, "options": options}, out)
        assert out.getvalue().rstrip().endswith(shown)


def test_the_command_keeps_its_figures_where_told(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    from tabletop.cli import main

    monkeypatch.chdir(tmp_path)  # the default baseline is in the current directory
    args = ["bench", "wonders_duel", "-o", "wonders=beginner", "--seconds", "0.2", "--no-cold"]
    assert main([*args, "--no-save"]) == 0
    assert not (tmp_path / ".tabletop-bench.json").exists()
    assert main([*args, "--baseline", "kept.json"]) == 0
    kept = read_baseline(tmp_path / "kept.json")
    assert list(kept["configurations"]) == [configuration_key("wonders_duel", 2, {"wonders": "beginner"})]
    assert main(args) == 0 and (tmp_path / ".tabletop-bench.json").exists()
    out = capsys.readouterr().out
    assert out.count("previous: none") == 3 and "trusted loads/s" in out
    assert main(args) == 0
    assert "previous (" in capsys.readouterr().out
    (tmp_path / "bad.json").write_text("[]")
    assert main([*args, "--baseline", "bad.json"]) == 2
    assert "bad.json is not a tabletop bench baseline" in capsys.readouterr().err


def test_the_adapter_and_search_benchmarks_play_the_default_options_unless_fixed() -> None:
    dozen_war = tabletop.load("dozen_war")
    assert edge_configurations(dozen_war) == [(2, {"generals": "random"}), (4, {"generals": "random"})]
    assert edge_configurations(dozen_war, 3, {"generals": "draft"}) == [(3, {"generals": "draft"})]
    assert edge_configurations(TOY) == [(TOY.min_players, {}), (TOY.max_players, {})]


def test_configurations_without_the_defaults_vary_every_option() -> None:
    """What the soak plays: 7 Wonders' every side and Dozen War's drafted generals too."""
    seven = tabletop.load("seven_wonders")
    assert {options["side"] for _, options in configurations(seven)} == {"A"}
    every = list(configurations(seven, defaults=False))
    assert {options["side"] for _, options in every} == {"A", "B", "random"}
    assert {players for players, _ in every} == {2, 3, 5, 7}
    dozen_war = list(configurations(tabletop.load("dozen_war"), defaults=False))
    assert {options["generals"] for _, options in dozen_war} == {"draft", "random"}
    assert {(players, options["mode"]) for players, options in dozen_war} == {
        (2, "engage"),
        (3, "ffa"),
        (4, "ffa"),
        (4, "alliance"),
    }
