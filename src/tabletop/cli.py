"""The ``tabletop`` command: list games, play one in the terminal, simulate, replay, benchmark."""

from __future__ import annotations

import argparse
import json
import math
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any, TextIO

from . import __version__
from .agents import AGENT_KINDS, make_agent
from .bench import DEFAULT_BASELINE, print_adapter_bench
from .bench import run as run_bench
from .core.registry import game_names, load
from .play import play
from .sim import BACKENDS, STREAM_FORMAT, ProgressBar, simulate


def parse_options(pairs: Sequence[str]) -> dict[str, Any]:
    """``["module=orient", "first_player=1"]`` as a dict; values are JSON where they parse."""
    options: dict[str, Any] = {}
    for pair in pairs:
        key, sep, text = pair.partition("=")
        if not sep or not key:
            raise ValueError(f"an option is written NAME=VALUE, got {pair!r}")
        if text in ("none", "None"):
            options[key] = None
            continue
        try:
            options[key] = json.loads(text)
        except json.JSONDecodeError:
            options[key] = text
        except RecursionError:  # nested past the parser's depth: no option value
            raise ValueError(f"option {key}: the value is nested too deep to read") from None
    return options


def cmd_list(args: argparse.Namespace) -> int:
    """``tabletop list``: every installed game, its player counts and options."""
    for name in game_names():
        game = load(name)
        span = (
            f"{game.min_players}"
            if game.min_players == game.max_players
            else f"{game.min_players}-{game.max_players}"
        )
        print(f"{name:<20} {game.title} ({span} players)")
        for option in game.options.values():
            choices = " | ".join(repr(c) for c in option.choices) if option.choices is not None else ""
            print(
                f"{'':<22}{option.name}={option.default!r}  {option.doc}"
                + (f" [{choices}]" if choices else "")
            )
    return 0


def cmd_play(args: argparse.Namespace, stdin: TextIO | None = None) -> int:
    """``tabletop play``: people choose for their seat(s) by number, by an action's text or by
    filtering the list (see :mod:`tabletop.play`); bots play the rest."""
    game = load(args.game)
    options = parse_options(args.option)
    state = game.new_game(players=args.players, seed=args.seed, **options)
    humans = set(args.seat) if args.seat is not None else {0}
    for seat in sorted(humans):
        if not 0 <= seat < state.num_players:
            raise ValueError(
                f"--seat {seat} is not a seat of this {state.num_players}-player game: "
                f"seats are 0 to {state.num_players - 1}"
            )
    bots = {  # seeded by the game's seed, so that a game without --seed gets new bots too
        seat: make_agent(args.bots, state.seed * 7919 + seat)
        for seat in range(state.num_players)
        if seat not in humans
    }
    return play(state, humans, bots, args.bots, sys.stdin if stdin is None else stdin, sys.stdout)


def cmd_simulate(args: argparse.Namespace) -> int:
    """``tabletop simulate``: many bot games, a progress bar on a terminal and a summary table."""
    agents = args.bots.split(",")
    agent_arg: str | list[str] = agents[0] if len(agents) == 1 else agents
    if args.records and args.out is None:
        raise ValueError("--records puts the records in the --out FILE lines: give --out too")
    with ProgressBar() as progress:
        result = simulate(
            args.game,
            args.n,
            players=args.players,
            agents=agent_arg,
            seed=args.seed,
            workers=args.workers,
            options=parse_options(args.option),
            keep_records=args.save is not None or args.records,
            progress=progress,
            backend=args.backend,
            address=args.address,
            out=args.out,
            resume=args.resume,
            # The games are in the file: millions of them need not sit in memory too.
            keep_games=args.out is None or args.save is not None,
        )
    print(result.summary())
    if args.out is not None:
        print(f"games streamed to {args.out} (a header line, then one JSON line per game)")
    if args.save is not None:
        path = Path(args.save)
        with path.open("w", encoding="utf-8") as handle:
            for record in result.records:
                handle.write(json.dumps(record) + "\n")
        print(f"records saved to {path} (one JSON record per line)")
    return 0


def _read_records(path: Path) -> list[dict[str, Any]]:
    text = path.read_text(encoding="utf-8").strip()
    try:
        data = json.loads(text)
    except RecursionError:  # nested past the parser's depth: no record
        raise ValueError(f"{path} holds JSON nested too deep to read") from None
    except json.JSONDecodeError:
        try:  # JSON lines (an empty file is none): checked below as a list is
            data = [json.loads(line) for line in text.splitlines() if line.strip()]
        except RecursionError:
            raise ValueError(f"{path} holds JSON nested too deep to read") from None
        except json.JSONDecodeError as error:
            raise ValueError(f"{path} is neither a JSON record nor JSON lines: {error}") from None
    records = data if isinstance(data, list) else [data]
    if records and isinstance(records[0], dict) and records[0].get("format") == STREAM_FORMAT:
        records = _streamed_records(path, records[1:])
    if not records:
        raise ValueError(f"{path} holds no records")
    if not all(isinstance(record, dict) for record in records):
        raise ValueError(f"{path} must hold a record object, a list of them, or one per line")
    return records


def _streamed_records(path: Path, lines: list[Any]) -> list[Any]:
    """The records of a ``simulate --out FILE --records`` stream's game lines (after its header)."""
    records = [line.get("record") if isinstance(line, dict) else line for line in lines]
    if any(record is None for record in records):
        raise ValueError(f"{path} was streamed without --records: its game lines hold no record to replay")
    return records


def cmd_replay(args: argparse.Namespace) -> int:
    """``tabletop replay``: replay saved records with ``game.replay``, action by action or only
    to the end; a record that does not replay is an error naming the record and the problem."""
    path = Path(args.file)
    records = _read_records(path)
    numbers: Sequence[int] = range(len(records))
    if args.index is not None:
        if not 0 <= args.index < len(records):
            raise ValueError(
                f"{path} holds {len(records)} record(s): --index must be 0 to {len(records) - 1}, "
                f"got {args.index}"
            )
        numbers = [args.index]

    def show(number: int, state: Any, action: Any) -> None:
        try:
            text = str(action)
        except Exception:  # a game cannot print an action with impossible values; replay refuses it next
            text = repr(action)
        print(f"{number:>4}. seat {state.current_player}: {text}")

    if args.html is not None:
        if len(numbers) != 1:
            raise ValueError(f"{path} holds {len(records)} records: --html needs --index N to choose one")
        record = records[numbers[0]]
        game = load(record.get("game"))  # type: ignore[arg-type]  # load() refuses a bad name clearly
        try:
            page = game.replay_html(record, seat=args.seat)
        except ValueError as error:
            raise ValueError(f"record {numbers[0]}: {error}") from None
        Path(args.html).write_text(page, encoding="utf-8")
        print(f"wrote {args.html}: {len(page):,} bytes, {len(record['actions'])} actions")
        return 0

    for number in numbers:
        record = records[number]
        actions = record.get("actions")
        print(
            f"== record {number} of {len(records)} in {path.name}: {record.get('game')}, "
            f"{record.get('players')} players, seed {record.get('seed')}, options {record.get('options', {})}, "
            f"{len(actions) if isinstance(actions, list) else '?'} actions"
        )
        try:
            game = load(record.get("game"))  # type: ignore[arg-type]  # load() refuses a missing or non-str name clearly
            state = game.replay(record, observe=None if args.quiet else show)
        except ValueError as error:
            raise ValueError(f"record {number}: {error}") from None
        print(state.render())
        if state.outcome is not None:
            o = state.outcome
            print(f"Game over ({o.reason}): winner(s) {list(o.winners)}, scores {list(o.scores)}")
        else:
            print(f"(the record stops before the end; seat {state.current_player} decides {state.decision})")
    return 0


def cmd_bench(args: argparse.Namespace) -> int:
    """``tabletop bench``: games/s, decisions/s, clones/s and loads/s per game configuration
    beside the previous run's (kept in ``--baseline``), then each game's cold start."""
    names = [args.game] if args.game else list(game_names())
    if not (math.isfinite(args.seconds) and args.seconds > 0):  # inf would never end, nan or -1 time nothing
        raise ValueError(f"--seconds must be a positive number of seconds, got {args.seconds}")
    rules = [load(name) for name in names]
    if args.players is not None and not any(g.min_players <= args.players <= g.max_players for g in rules):
        raise ValueError(f"--players {args.players}: no game benchmarked here is played by that many")
    if args.adapters:
        return print_adapter_bench(names, args.players, parse_options(args.option), args.seconds)
    if args.search:
        from .agents.speed import print_search_bench

        return print_search_bench(names, args.players, parse_options(args.option), args.seconds)
    run_bench(
        rules,
        players=args.players,
        options=parse_options(args.option),
        seconds=args.seconds,
        baseline=Path(args.baseline),
        save=not args.no_save,
        cold=not args.no_cold,
    )
    return 0


def cmd_tournament(args: argparse.Namespace) -> int:
    """``tabletop tournament``: a round robin between agents, its ratings and pairings."""
    from .tournament import tournament

    agents = [spec.strip() for spec in args.agents.split(",") if spec.strip()]
    show = sys.stderr.isatty()

    def progress(done: int, total: int) -> None:
        if show:  # a count on a terminal only: a log stays quiet
            print(f"\r{done}/{total} games", end="\n" if done == total else "", file=sys.stderr, flush=True)

    result = tournament(
        args.game,
        agents,
        args.n,
        players=args.players,
        seed=args.seed,
        options=parse_options(args.option),
        workers=args.workers,
        progress=progress,
    )
    print(result.table())
    if args.json is not None:
        Path(args.json).write_text(json.dumps(result.to_json(), indent=1) + "\n", encoding="utf-8")
        print(f"results saved to {args.json} (JSON)")
    return 0


def build_parser() -> argparse.ArgumentParser:
    """The argument parser of the ``tabletop`` command."""
    parser = argparse.ArgumentParser(
        prog="tabletop", description="Tabletop game rules: play, simulate, replay, benchmark."
    )
    parser.add_argument("--version", action="version", version=f"tabletop {__version__}")
    commands = parser.add_subparsers(dest="command", required=True)

    commands.add_parser("list", help="list the installed games and their options").set_defaults(run=cmd_list)

    def game_args(p: argparse.ArgumentParser) -> None:
        p.add_argument("game", help="game name (see: tabletop list)")
        p.add_argument("--players", type=int, default=None, help="number of players (default: the fewest)")
        p.add_argument(
            "-o",
            "--option",
            action="append",
            default=[],
            metavar="NAME=VALUE",
            help="a game option (repeatable)",
        )

    play = commands.add_parser("play", help="play a game in the terminal against bots")
    game_args(play)
    play.add_argument("--seed", type=int, default=None, help="seed for chance (default: random)")
    play.add_argument("--seat", type=int, action="append", help="the seat you play (repeatable; default 0)")
    play.add_argument("--bots", choices=sorted(AGENT_KINDS), default="greedy", help="the bots' kind")
    play.set_defaults(run=cmd_play)

    sim = commands.add_parser("simulate", help="play many games between bots and summarize")
    game_args(sim)
    sim.add_argument("-n", type=int, default=100, help="number of games")
    sim.add_argument(
        "--bots",
        default="random",
        help="one agent spec, or one per seat separated by commas (random, greedy, ismcts[:N|:Ss], module:Class)",
    )
    sim.add_argument("--seed", type=int, default=0, help="game i uses seed + i")
    sim.add_argument(
        "--workers",
        type=int,
        default=None,
        help="worker processes or Ray actors (default: 1 without --backend, else one per CPU)",
    )
    sim.add_argument(
        "--backend",
        choices=BACKENDS,
        default=None,
        help="serial, process (worker processes) or ray (a Ray cluster; needs tabletop[ray])",
    )
    sim.add_argument(
        "--address", default=None, help="the Ray cluster to join (default: start a local one for the run)"
    )
    sim.add_argument(
        "--out",
        default=None,
        metavar="FILE",
        help="stream one JSON line per finished game to FILE (after a header line)",
    )
    sim.add_argument(
        "--resume", action="store_true", help="keep the games already in --out FILE and play the rest"
    )
    sim.add_argument("--records", action="store_true", help="put each game's record in the --out lines")
    sim.add_argument(
        "--save", default=None, metavar="FILE", help="save every game's record to FILE (JSON lines)"
    )
    sim.set_defaults(run=cmd_simulate)

    rep = commands.add_parser("replay", help="replay saved records and show how they went")
    rep.add_argument(
        "file", help="a record (JSON), a list of records, JSON lines, or a simulate --out --records stream"
    )
    rep.add_argument("-q", "--quiet", action="store_true", help="show only the final state")
    rep.add_argument(
        "--index",
        type=int,
        default=None,
        metavar="N",
        help="replay only record N of the file (0 is the first)",
    )
    rep.add_argument(
        "--html",
        default=None,
        metavar="OUT",
        help="write the replay as one self-contained HTML page to OUT (pictures, buttons, arrow keys)",
    )
    rep.add_argument(
        "--seat", type=int, default=None, help="with --html: draw what this seat sees (default: a spectator)"
    )
    rep.set_defaults(run=cmd_replay)

    ben = commands.add_parser("bench", help="random games/s, decisions/s, clones/s and loads/s per game")
    ben.add_argument("game", nargs="?", default=None, help="one game (default: all)")
    ben.add_argument("--players", type=int, default=None, help="only this player count")
    ben.add_argument(
        "-o", "--option", action="append", default=[], metavar="NAME=VALUE", help="fix an option"
    )
    ben.add_argument("--seconds", type=float, default=2.0, help="seconds of play per configuration")
    ben.add_argument(
        "--adapters",
        action="store_true",
        help="decisions/s bare and through the OpenSpiel/PettingZoo/Gym adapters",
    )
    ben.add_argument(
        "--search", action="store_true", help="ISMCTS iterations/s and the determinize/clone/apply costs"
    )
    ben.add_argument(
        "--baseline",
        default=DEFAULT_BASELINE,
        metavar="FILE",
        help="the previous run's figures, shown beside this run's, which replace them (default: %(default)s)",
    )
    ben.add_argument("--no-save", action="store_true", help="leave the baseline file as it was")
    ben.add_argument("--no-cold", action="store_true", help="skip the cold start (a new process per game)")
    ben.set_defaults(run=cmd_bench)
    tour = commands.add_parser("tournament", help="a round robin between agents: win rates and ratings")
    game_args(tour)
    tour.add_argument(
        "--agents",
        default="random,greedy,ismcts:500",
        help="agent specs separated by commas: random, greedy, ismcts[:ITERATIONS|:SECONDSs], module:Class[:arg]",
    )
    tour.add_argument("-n", type=int, default=100, help="games per pairing (even: seats balanced)")
    tour.add_argument("--seed", type=int, default=0, help="game k of a pairing is dealt from seed + k // 2")
    tour.add_argument("--workers", type=int, default=1, help="worker processes")
    tour.add_argument("--json", default=None, metavar="PATH", help="save the results as JSON to PATH")
    tour.set_defaults(run=cmd_tournament)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; errors in the input are reported in one line, exit status 2."""
    args = build_parser().parse_args(argv)
    try:
        return int(args.run(args))
    except (ValueError, OSError) as error:
        print(f"tabletop: error: {error}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        return 130


if __name__ == "__main__":
    raise SystemExit(main())
