"""Measure ISMCTS against RandomAgent and GreedyAgent in every game at 2 and 4 players.

Plays deals in turn across every configuration and opponent (each deal twice, the seats
swapped: seat-balanced), appending each game to a JSON-lines file as it finishes, so a run can
stop at any time and resume; ``--report`` prints the table for the README (win rates with 95%
Wilson intervals and the number of games behind each).

    python scripts/strength.py --out strength.jsonl --games 200          # play (resumable)
    python scripts/strength.py --out strength.jsonl --only dozen_war:4   # one configuration
    python scripts/strength.py --out strength.jsonl --workers 8          # 8 deals at a time
    python scripts/strength.py --report strength.jsonl                   # the table
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from collections.abc import Iterator
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
from pathlib import Path
from typing import Any

import tabletop
from tabletop.tournament import tournament, wilson

#: (game, players): every game at 2 and 4 players where it allows them, default options.
CONFIGS: tuple[tuple[str, int], ...] = (
    ("wonders_duel", 2),
    ("splendor_duel", 2),
    ("cities_of_splendor", 2),
    ("cities_of_splendor", 4),
    ("seven_wonders", 2),
    ("seven_wonders", 4),
    ("dozen_war", 2),
    ("dozen_war", 4),
)
OPPONENTS = ("random", "greedy")
#: Deal k of a configuration is tournament seed BASE_SEED + k.
BASE_SEED = 10_000


def _read(path: Path) -> list[dict[str, Any]]:
    if not path.exists():
        return []
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines() if line.strip()]


def _jobs(configs: list[tuple[str, int]], games: int, done: set[tuple[str, int, str, int]]) -> Iterator[Any]:
    """(game, players, opponent, deal) in the order they are played: deal by deal across every
    configuration, so a run stopped early has some games of each."""
    for deal in range((games + 1) // 2):
        for name, players in configs:
            for opponent in OPPONENTS:
                if (name, players, opponent, deal) not in done:
                    yield name, players, opponent, deal


def _deal(name: str, players: int, opponent: str, deal: int, spec: str) -> list[dict[str, Any]]:
    """Deal ``deal`` of a configuration played twice, the seats swapped: one line per game."""
    start = time.process_time()
    result = tournament(name, [spec, opponent], 2, players=players, seed=BASE_SEED + deal, bootstrap=0)
    seconds = (time.process_time() - start) / 2
    return [
        {
            "game": name,
            "players": players,
            "opponent": opponent,
            "ismcts": spec,
            "deal": deal,
            "seed": game.seed,
            "seats": list(game.seats),
            "winners": list(game.winners),
            "scores": list(game.scores),
            "score": game.score,
            "decisions": game.decisions,
            "cpu_seconds": round(seconds, 2),
        }
        for game in result.games
    ]


def play(
    out: Path,
    configs: list[tuple[str, int]],
    games: int,
    iterations: int,
    minutes: float | None,
    workers: int = 1,
) -> None:
    """Play the missing deals of ``configs`` into ``out`` (two games a deal) until done or out of
    time, ``workers`` deals at a time in worker processes; each deal is written as it finishes,
    so the file's order may differ from the deals' (the report and the resume do not read it)."""
    done = {(r["game"], r["players"], r["opponent"], r["deal"]) for r in _read(out)}
    deadline = None if minutes is None else time.monotonic() + 60 * minutes
    spec = f"ismcts:{iterations}"
    jobs = _jobs(configs, games, done)
    with out.open("a", encoding="utf-8") as handle, ProcessPoolExecutor(workers) as pool:
        running: set[Future[list[dict[str, Any]]]] = set()
        while True:
            while len(running) < workers and (deadline is None or time.monotonic() <= deadline):
                job = next(jobs, None)
                if job is None:
                    break
                name, players, opponent, deal = job
                running.add(pool.submit(_deal, name, players, opponent, deal, spec))
            if not running:
                return
            finished, running = wait(running, return_when=FIRST_COMPLETED)
            for future in finished:
                lines = future.result()
                handle.writelines(json.dumps(line) + "\n" for line in lines)
                handle.flush()
                first = lines[0]
                print(
                    f"{first['game']}:{first['players']} vs {first['opponent']} deal {first['deal']}: "
                    f"{[line['score'] for line in lines]}",
                    flush=True,
                )


def report(path: Path) -> str:
    """The README table: per configuration and opponent, ISMCTS's score rate and its interval."""
    rows: dict[tuple[str, int, str], list[dict[str, Any]]] = {}
    for r in _read(path):
        rows.setdefault((r["game"], r["players"], r["opponent"]), []).append(r)
    lines = [
        "| game | players | vs random: score (95% CI) | games | vs greedy: score (95% CI) | games | CPU s/game |",
        "|---|---|---|---|---|---|---|",
    ]
    for name, players in CONFIGS:
        cells = []
        seconds = []
        for opponent in OPPONENTS:
            games = rows.get((name, players, opponent), [])
            if not games:
                cells += ["-", "0"]
                continue
            points = sum(g["score"] for g in games)
            low, high = wilson(points, len(games))
            cells += [f"{points / len(games):.0%} ({low:.0%}-{high:.0%})", str(len(games))]
            seconds += [g["cpu_seconds"] for g in games]
        cpu = f"{sum(seconds) / len(seconds):.0f}" if seconds else "-"
        lines.append(f"| {name} | {players} | {' | '.join(cells)} | {cpu} |")
    return "\n".join(lines)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=Path("strength.jsonl"), help="the JSON-lines file")
    parser.add_argument("--games", type=int, default=200, help="games per configuration and opponent")
    parser.add_argument("--iterations", type=int, default=500, help="ISMCTS iterations per decision")
    parser.add_argument("--minutes", type=float, default=None, help="stop starting deals after this long")
    parser.add_argument("--workers", type=int, default=1, help="deals played at once, in worker processes")
    parser.add_argument(
        "--only", action="append", default=[], metavar="GAME:PLAYERS", help="only these configurations"
    )
    parser.add_argument("--report", type=Path, default=None, metavar="FILE", help="print the table of FILE")
    args = parser.parse_args()
    if args.report is not None:
        print(report(args.report))
        return 0
    configs = list(CONFIGS)
    if args.only:
        wanted = {(name, int(players)) for name, _, players in (o.partition(":") for o in args.only)}
        configs = [c for c in CONFIGS if c in wanted]
        if not configs:
            print(f"no configuration matches {args.only}", file=sys.stderr)
            return 2
    for name, _ in configs:
        tabletop.load(name)  # an unknown game fails now, not after hours
    if args.workers < 1:
        print(f"--workers must be at least 1, got {args.workers}", file=sys.stderr)
        return 2
    play(args.out, configs, args.games, args.iterations, args.minutes, args.workers)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
