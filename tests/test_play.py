"""``tabletop play`` (issue 14): every game is played to its end by typed text through
``cmd_play``, by a scripted person who knows only what the screen shows: the listed actions.

The person lists the actions when the menu summarizes them, then types an action's text (in
random case and spacing), its number, or a word or two of it to filter the list and then the
number it is listed under; once a game they ask for help and undo a decision.
"""

from __future__ import annotations

import io
import json
import random
import re
from contextlib import redirect_stdout
from typing import Any, TextIO, cast

import pytest

import tabletop
from tabletop import cli
from tabletop.agents import make_agent
from tabletop.core.describe import kind_label, rule_text
from tabletop.games.splendor_duel.actions import Buy
from tabletop.play import Session, reader

HEADER = re.compile(r"^seat (\d+) decides: (\S+) \((\d+) actions?\)$", re.M)
LISTED = re.compile(r"^ {4} *(\d+)\. (.+)$", re.M)
#: What the screen says when typed text chose nothing: never, for this person.
MISTAKES = ("is not an action of", "not now:", "is not on the list", "no legal action's text")


class Person:
    """Reads the screen (``screen``) at each prompt and types the next line."""

    def __init__(self, game: str, screen: io.StringIO, seed: int, undo_at: int = 3, help_at: int = 2) -> None:
        self.game = tabletop.load(game)
        self.screen = screen
        self.seen = 0
        self.rng = random.Random(seed)
        self.undo_at, self.help_at = undo_at, help_at
        self.decisions = 0
        self.total = 0  # actions of the pending decision
        self.listed: dict[int, str] = {}  # what the screen lists for it: number -> text
        self.target: tuple[int, str] | None = None  # the action being filtered for
        self.typed: dict[str, int] = {"text": 0, "number": 0, "filter": 0, "list": 0}
        self.lines = 0

    def readline(self) -> str:
        self.lines += 1
        if self.lines > 50_000:
            return "q\n"  # the test fails on the missing "Game over"
        self.screen.seek(self.seen)  # read on from where the last prompt was (to the end, where
        new = self.screen.read()  # the game goes on writing)
        self.seen = self.screen.tell()
        headers = list(HEADER.finditer(new))
        if headers:  # a new decision: its menu follows the last header
            self.decisions += 1
            self.total = int(headers[-1].group(3))
            new = new[headers[-1].end() :]
            self.listed, self.target = {}, None
            if self.decisions == self.undo_at:
                return "undo\n"
            if self.decisions == self.help_at:
                return "help\n"
        shown = {int(m.group(1)): m.group(2) for m in LISTED.finditer(new)}
        if self.target is not None:  # the filtered list is on the screen: pick the target's number
            number, action = self.target
            assert shown.get(number) == action, (number, action, new)
            self.target = None
            return f"{number}\n"
        self.listed.update(shown)
        if len(self.listed) < self.total:
            self.typed["list"] += 1
            return "list\n"
        assert len(self.listed) == self.total and set(self.listed) == set(range(1, self.total + 1))
        number, action = self.rng.choice(sorted(self.listed.items()))
        how = self.rng.choice(("text", "text", "number", "filter"))
        if how == "filter":
            words = action.split()
            typed = " ".join(self.rng.sample(words, min(2, len(words))))
            if not self._is_an_action(typed):  # else it would be taken as that action
                self.typed[how] += 1
                self.target = (number, action)
                return typed + "\n"
            how = "number"
        self.typed[how] += 1
        if how == "number":
            return f"{number}\n"
        mangled = "".join(c.upper() if self.rng.random() < 0.3 else c for c in action)
        return "  " + mangled.replace(" ", self.rng.choice((" ", "  "))) + " \n"

    def _is_an_action(self, text: str) -> bool:
        return text in self.game._notation


def _configurations() -> list[tuple[str, int]]:
    found = []
    for name in tabletop.game_names():
        game = tabletop.load(name)
        found += [(name, players) for players in sorted({game.min_players, min(game.max_players, 4)})]
    return found


@pytest.mark.parametrize(("name", "players"), _configurations())
def test_a_whole_game_is_played_by_typed_text(name: str, players: int) -> None:
    seat = players - 1  # the last seat: in a simultaneous step the bots choose first
    screen = io.StringIO()
    person = Person(name, screen, seed=players)
    args = cli.build_parser().parse_args(
        ["play", name, "--players", str(players), "--seed", "2", "--bots", "random", "--seat", str(seat)]
    )
    with redirect_stdout(screen):
        assert cli.cmd_play(args, stdin=cast(TextIO, person)) == 0
    out = screen.getvalue()
    assert "\nGame over (" in out, out[-3000:]
    assert not [mistake for mistake in MISTAKES if mistake in out]
    assert "undone: back to your decision after" in out
    assert "legal action" in out and "Commands:" in out  # the help
    assert person.typed["text"] and person.typed["number"] and person.typed["filter"]
    assert person.decisions > 3


def test_people_can_play_every_seat_with_no_bot() -> None:
    screen = io.StringIO()
    person = Person("wonders_duel", screen, seed=5)
    args = cli.build_parser().parse_args(
        ["play", "wonders_duel", "--seed", "5", "--seat", "0", "--seat", "1"]
    )
    with redirect_stdout(screen):
        assert cli.cmd_play(args, stdin=cast(TextIO, person)) == 0
    out = screen.getvalue()
    assert "\nGame over (" in out and "undone: back to your decision after" in out
    assert "(greedy):" not in out  # nobody but the people played
    assert "seat 0> " in out and "seat 1> " in out


def test_simultaneous_choices_of_bots_stay_face_down_until_revealed() -> None:
    screen = io.StringIO()
    person = Person("seven_wonders", screen, seed=1, undo_at=0, help_at=0)
    args = cli.build_parser().parse_args(
        ["play", "seven_wonders", "--players", "3", "--seed", "4", "--bots", "random", "--seat", "2"]
    )
    with redirect_stdout(screen):
        assert cli.cmd_play(args, stdin=cast(TextIO, person)) == 0
    out = screen.getvalue()
    assert "\nGame over (" in out
    # Seats 0 and 1 choose first each turn: the person sees that they have chosen, not what,
    # and every face-down choice is shown once the turn is revealed.
    before_first_prompt = out[: out.index("seat 2> ")]
    assert "seat 0 (random) has chosen, face down" in before_first_prompt
    assert "seat 0 (random) chose:" not in before_first_prompt
    assert out.count("has chosen, face down") == out.count(") chose: ")


def _session(name: str, answers: list[str], **options: Any) -> tuple[Session, io.StringIO]:
    game = tabletop.load(name)
    state = game.new_game(seed=1, **options)
    out = io.StringIO()
    stdin = io.StringIO("".join(line + "\n" for line in answers))
    session = Session(state, {0}, {1: make_agent("random", 5)}, "random", reader(stdin, out), out)
    return session, out


def test_menu_groups_by_kind_filters_and_explains_what_typed_text_did_not_choose() -> None:
    answers = ["reserve deck", "take the tokenz at r1c1", "take r9c9", "q"]
    session, out = _session("splendor_duel", answers, first_player=0)
    assert session.run() == 0
    text = out.getvalue()
    # 161 actions: summarized per kind, each with its count, numbers and an example.
    assert "seat 0 decides: turn (149 actions)" in text
    assert "  take tokens: 104 actions, 1-104 (type 'take tokens' to list them)" in text
    assert "9 of 149 actions match 'reserve deck':" in text
    assert "did you mean 'take the tokens at r1c1'" in text
    assert "'take r9c9' is not an action of splendor_duel" in text
    assert "game abandoned; its record:" in text
    record = json.loads(text.rstrip().splitlines()[-1])
    assert record["actions"] == []


def test_an_action_of_the_game_that_is_not_legal_now_is_refused_with_the_rule() -> None:
    text = str(Buy("D1-01"))  # a card in no hand and not face up at the start
    session, out = _session("splendor_duel", [text, "q"], first_player=0)
    session.run()
    text = out.getvalue()
    assert "not now: " in text
    assert session.state.history == []


def test_undo_goes_back_to_the_persons_previous_decision_and_quitting_prints_a_replayable_record() -> None:
    session, out = _session("wonders_duel", ["undo", "1", "1", "undo", "2", "q"])
    session.run()
    text = out.getvalue()
    assert "nothing to undo: this is your first decision" in text
    assert text.count("undone: back to your decision after") == 1
    record = json.loads(text.rstrip().splitlines()[-1])
    game = tabletop.load("wonders_duel")
    assert game.replay(record).to_dict() == session.state.to_dict()
    # After the undo the person chose 2 where they had chosen 1: the record holds the new choice.
    first_after_undo = record["actions"][-1]
    assert game.action_from_dict(first_after_undo) in session.state.history


def test_help_states_the_rule_of_each_kind_of_action_the_decision_allows() -> None:
    session, out = _session("splendor_duel", ["help", "q"], first_player=0)
    session.run()
    text = out.getvalue()
    assert "Seat 0 decides 'turn' (149 legal actions), one of:" in text
    assert "take tokens (104): Mandatory: take the 1-3 tokens on <cells>, a straight" in text
    assert "      e.g. take the tokens at r1c1\n" in text  # each kind with an example


@pytest.mark.parametrize("name", tabletop.game_names())
def test_every_kind_of_action_of_every_game_has_a_rule_for_help(name: str) -> None:
    for action_type in tabletop.load(name).action_types:
        rule = rule_text(action_type)
        assert len(rule) > 10 and "``" not in rule and "\n" not in rule, (action_type, rule)
        assert kind_label(action_type) == action_type.kind.replace("_", " ")


def test_a_seat_outside_the_game_is_refused_by_the_command() -> None:
    args = cli.build_parser().parse_args(["play", "splendor_duel", "--seat", "2"])
    with pytest.raises(ValueError, match="--seat 2 is not a seat of this 2-player game"):
        cli.cmd_play(args, stdin=io.StringIO(""))


def test_bots_are_seeded_by_the_games_seed_so_an_unseeded_game_gets_new_bots(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Without ``--seed`` the deal is new every time, and the bots must be too: they were all
    seeded as if the seed were 0 (the same tie-breaks in every session)."""
    seeds: list[int] = []

    def recording(kind: str, seed: int) -> Any:
        seeds.append(seed)
        return make_agent(kind, seed)

    monkeypatch.setattr(cli, "make_agent", recording)
    games = []
    for _ in range(2):
        args = cli.build_parser().parse_args(["play", "splendor_duel", "--bots", "random"])
        with redirect_stdout(io.StringIO()) as screen:
            assert cli.cmd_play(args, stdin=io.StringIO("")) == 0
        games.append(json.loads(screen.getvalue().strip().splitlines()[-1])["seed"])
    assert games[0] != games[1]
    assert seeds == [seed * 7919 + 1 for seed in games]
    args = cli.build_parser().parse_args(["play", "splendor_duel", "--bots", "random", "--seed", "3"])
    with redirect_stdout(io.StringIO()):
        assert cli.cmd_play(args, stdin=io.StringIO("")) == 0
    assert seeds[-1] == 3 * 7919 + 1
