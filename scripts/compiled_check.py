"""Build tabletop's optional mypyc-compiled package in scratch virtual environments and check it
against the pure-Python one: the same games, byte for byte, and how much faster.

    python scripts/compiled_check.py [--workdir DIR] [--games N] [--seconds S] [--rounds R]

1. ``git archive HEAD`` of this checkout into ``DIR/source`` (committed work only, as a clean
   clone has it).
2. Two virtual environments, ``DIR/pure`` (``pip install SOURCE``) and ``DIR/compiled``
   (``TABLETOP_COMPILE=1 pip install SOURCE``), each with pip's default build isolation; the
   compiled build's time is printed.
3. Each environment plays the same seeded random games of every game and configuration of
   ``tabletop bench`` and hashes, per game, every decision's legal action ids, an observation
   and a determinized state along the way and the final ``to_dict()``: the digests must be equal.
4. Decisions per CPU second of those games, pure and compiled in turn ``R`` times (the same load
   on a shared machine for both), and the compiled/pure ratio per configuration (the median).

It exits 1 if the builds play differently or one of them fails. ``python scripts/compiled_check.py
fingerprint [--pure] [--games N]`` is the per-process part: it prints one JSON line of digests
and timings for the ``tabletop`` it imports; ``--pure`` imports every ``tabletop`` module from its
``.py`` source even where a compiled one lies beside it (what the test of the compiled build
compares with).
"""

from __future__ import annotations

import argparse
import hashlib
import importlib.machinery
import importlib.util
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Sequence
from importlib.machinery import ModuleSpec
from pathlib import Path
from types import ModuleType
from typing import Any

REPO = Path(__file__).resolve().parents[1]


class _SourceFirst:
    """A meta path finder that loads ``tabletop`` modules from their ``.py`` files even where a
    compiled extension of the same name lies beside them (so one installation can play both)."""

    @classmethod
    def find_spec(
        cls, name: str, path: Sequence[str] | None = None, target: ModuleType | None = None
    ) -> ModuleSpec | None:
        if name != "tabletop" and not name.startswith("tabletop."):
            return None
        spec = importlib.machinery.PathFinder.find_spec(name, path)
        origin = spec.origin if spec is not None else None
        if origin is None or not origin.endswith(tuple(importlib.machinery.EXTENSION_SUFFIXES)):
            return spec
        stem = Path(origin).name.split(".")[0]
        return importlib.util.spec_from_file_location(name, Path(origin).with_name(stem + ".py"))


def compiled_modules() -> list[str]:
    """The imported ``tabletop`` modules that are compiled extensions (none in the pure package)."""
    suffixes = tuple(importlib.machinery.EXTENSION_SUFFIXES)
    return sorted(
        name
        for name, module in list(sys.modules.items())
        if name.startswith("tabletop") and str(getattr(module, "__file__", "")).endswith(suffixes)
    )


def _digest(value: Any) -> str:
    return hashlib.sha256(json.dumps(value, sort_keys=True, default=repr).encode()).hexdigest()


def _play(game: Any, players: int, options: dict[str, Any], seed: int, trail: list[Any] | None) -> int:
    """One seeded random game; with a ``trail``, what it produced along the way is appended."""
    from tabletop.core.rng import Rng

    rng = Rng.from_seed(seed)
    state = game.new_game(players=players, seed=seed, **options)
    decisions = 0
    while not state.is_terminal:
        legal = state.legal_actions()
        if trail is not None and decisions % 16 == 0:  # the search's and adapters' paths too
            seat = state.current_player
            seat = 0 if seat is None else seat
            trail.append(state.legal_action_ids())
            trail.append(state.observation(seat))
            trail.append(state.determinize(seat, seed + decisions).to_dict())
            trail.append(state.scores())
        state.apply(rng.choice(legal))
        decisions += 1
    if trail is not None:
        trail.append(state.to_dict())
        trail.append(state.returns())
    return decisions


def fingerprint(games_per_configuration: int, seconds: float, only: Sequence[str] = ()) -> dict[str, Any]:
    """Play seeded random games of every registered game and bench configuration; per
    configuration the digest of what they produced, then the decisions and CPU seconds of random
    play over the same seeds for about ``seconds`` (none if 0). ``only`` names the games to play
    (default: all)."""
    from tabletop.bench import configurations
    from tabletop.core.registry import game_names, load

    results: dict[str, Any] = {}
    for name in only or game_names():
        game = load(name)
        for players, options in configurations(game):
            # Dozen War's three- and four-player games are long: fewer of them keep the check quick.
            count = games_per_configuration if name != "dozen_war" or players == 2 else 1
            trail: list[Any] = []
            for seed in range(count):
                _play(game, players, options, seed, trail)
            decisions = 0
            played = 0
            start = time.process_time()
            while time.process_time() - start < seconds:
                decisions += _play(game, players, options, played % count, None)
                played += 1
            cpu = time.process_time() - start
            key = f"{name} {players} {json.dumps(options, sort_keys=True)}"
            results[key] = {"digest": _digest(trail), "decisions": decisions, "cpu": cpu}
    return {"compiled": compiled_modules(), "configurations": results}


def _run(command: Sequence[str], **kwargs: Any) -> subprocess.CompletedProcess[str]:
    print("+", " ".join(command), flush=True)
    return subprocess.run(command, check=True, text=True, **kwargs)


def _venv(where: Path, source: Path, compile_: bool) -> tuple[Path, float]:
    """A virtual environment at ``where`` with tabletop installed from ``source``; its python and
    the install's wall-clock seconds."""
    _run([sys.executable, "-m", "venv", str(where)])
    python = where / "bin" / "python"
    env = dict(os.environ)
    env.pop("PYTHONPATH", None)
    env.pop("TABLETOP_COMPILE", None)
    if compile_:
        env["TABLETOP_COMPILE"] = "1"
    start = time.perf_counter()
    _run([str(python), "-m", "pip", "install", "--quiet", str(source)], env=env)
    return python, time.perf_counter() - start


def _fingerprint_in(python: Path, games: int, seconds: float, workdir: Path) -> dict[str, Any]:
    env = {key: value for key, value in os.environ.items() if key != "PYTHONPATH"}
    done = _run(
        [
            str(python),
            str(Path(__file__).resolve()),
            "fingerprint",
            "--games",
            str(games),
            "--seconds",
            str(seconds),
        ],
        capture_output=True,
        cwd=workdir,  # not the source tree: the installed package is what is imported
        env=env,
    )
    result: dict[str, Any] = json.loads(done.stdout.strip().splitlines()[-1])
    return result


def check(workdir: Path, games: int, rounds: int, seconds: float) -> int:
    """Build both packages under ``workdir``, compare their games and speed; 0 if they agree."""
    source = workdir / "source"
    source.mkdir(parents=True)
    archive = subprocess.run(["git", "-C", str(REPO), "archive", "HEAD"], check=True, capture_output=True)
    subprocess.run(["tar", "-x", "-C", str(source)], input=archive.stdout, check=True)
    pure, pure_seconds = _venv(workdir / "pure", source, compile_=False)
    compiled, compiled_seconds = _venv(workdir / "compiled", source, compile_=True)
    print(f"install: pure {pure_seconds:.0f} s, compiled {compiled_seconds:.0f} s (wall clock)")
    ratios: dict[str, list[float]] = {}
    digests: dict[str, tuple[str, str]] = {}
    for _ in range(rounds):
        one = _fingerprint_in(pure, games, seconds, workdir)
        other = _fingerprint_in(compiled, games, seconds, workdir)
        if one["compiled"] or not other["compiled"]:
            print(
                f"the builds are not what they should be: pure compiles {one['compiled']}, compiled {other['compiled']}"
            )
            return 1
        for key, figures in one["configurations"].items():
            theirs = other["configurations"][key]
            digests[key] = (figures["digest"], theirs["digest"])
            speed = (theirs["decisions"] / theirs["cpu"]) / (figures["decisions"] / figures["cpu"])
            ratios.setdefault(key, []).append(speed)
    print(f"compiled modules ({len(other['compiled'])}): {', '.join(other['compiled'])}")
    different = [key for key, (a, b) in digests.items() if a != b]
    for key, values in ratios.items():
        mark = "DIFFERENT GAMES" if key in different else "same games"
        print(f"{key:<60} compiled/pure decisions per CPU s {statistics.median(values):5.2f}  {mark}")
    return 1 if different else 0


def main(argv: Sequence[str] | None = None) -> int:
    """The command line: ``check`` (the default) or ``fingerprint``."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("command", nargs="?", choices=("check", "fingerprint"), default="check")
    parser.add_argument(
        "--game", action="append", default=[], help="only this game (fingerprint; repeatable)"
    )
    parser.add_argument("--games", type=int, default=8, help="seeded games per configuration")
    parser.add_argument(
        "--seconds", type=float, default=0.5, help="CPU seconds of timed play per configuration"
    )
    parser.add_argument("--rounds", type=int, default=3, help="pure/compiled timing rounds (check)")
    parser.add_argument(
        "--workdir", type=Path, help="where to build (check; default: a new temporary folder)"
    )
    parser.add_argument(
        "--pure", action="store_true", help="import tabletop from .py files only (fingerprint)"
    )
    args = parser.parse_args(argv)
    if args.command == "fingerprint":
        if args.pure:
            sys.meta_path.insert(0, _SourceFirst)
        print(json.dumps(fingerprint(args.games, args.seconds, args.game)))
        return 0
    if args.workdir is not None:
        args.workdir.mkdir(parents=True, exist_ok=False)
        return check(args.workdir, args.games, args.rounds, args.seconds)
    with tempfile.TemporaryDirectory(prefix="tabletop-compiled-") as scratch:
        return check(Path(scratch), args.games, args.rounds, args.seconds)


if __name__ == "__main__":
    sys.exit(main())
