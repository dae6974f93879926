"""Bad input to the notation and to ``tabletop play`` (issue 9's standard for this session's API):
a ``ValueError`` naming what is wrong, never a Python error from inside, and nothing changed;
and the documented round trip ``parse_action(str(action)) == action`` on live states."""

from __future__ import annotations

import io
import random
from contextlib import redirect_stdout
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import tabletop
from ids import stable
from tabletop import cli
from tabletop.agents import make_agent
from tabletop.core import State
from tabletop.core.actions import field_names
from tabletop.core.notation import normalize
from tabletop.play import QUIT, Session, reader

NAMES = tabletop.game_names()
NOT_STATES = [0, 2.0, True, "state", [0], {"game": "x"}, b"x", object()]


def configs(name: str) -> list[tuple[int, dict[str, Any]]]:
    """Every player count with the default options, and every choice of every option at the
    fewest players it is played by (the choices of a game are few)."""
    game = tabletop.load(name)
    counts = range(game.min_players, game.max_players + 1)
    found: list[tuple[int, dict[str, Any]]] = [(n, {}) for n in counts]
    for option in game.options.values():
        for choice in option.choices or ():
            for players in counts:
                try:
                    game.resolve_options(players, {option.name: choice})
                except ValueError:
                    continue
                found.append((players, {option.name: choice}))
                break
    return found


def random_states(name: str, players: int, options: dict[str, Any], seed: int) -> list[State]:
    """The start and a few states along one random game (at most 60 actions in)."""
    game = tabletop.load(name)
    state: State = game.new_game(players=players, seed=seed, **options)
    rng = random.Random(seed)
    states = [state.clone()]
    for step in range(60):
        if state.is_terminal:
            break
        state.apply(rng.choice(state.legal_actions()))
        if step % 15 == 7:
            states.append(state.clone())
    return states


@pytest.mark.parametrize("name", NAMES)
def test_every_legal_action_of_random_states_reads_back_with_exact_field_types(name: str) -> None:
    game = tabletop.load(name)
    checked = 0
    for number, (players, options) in enumerate(configs(name)):
        for state in random_states(name, players, options, seed=100 + number):
            legal = state.legal_actions()
            for action in random.Random(number).sample(legal, min(len(legal), 6)):
                text = str(action)
                for parsed in (game.parse_action(text), state.parse_action(text.upper())):
                    assert parsed == action, (text, parsed)
                    assert type(parsed) is type(action)
                    for field in field_names(type(action)):
                        assert type(getattr(parsed, field)) is type(getattr(action, field)), (text, field)
                own = state.parse_action(text)
                assert any(own is listed for listed in legal)  # the state's own object
                checked += 1
    assert checked > 0


@pytest.mark.parametrize("name", NAMES)
@pytest.mark.parametrize("bad", NOT_STATES, ids=stable)
def test_a_state_argument_that_is_no_state_is_a_value_error(name: str, bad: object) -> None:
    game = tabletop.load(name)
    text = str(game.new_game(seed=1).legal_actions()[0])
    with pytest.raises(ValueError, match=f"state must be a {name} state"):
        game.parse_action(text, bad)


@pytest.mark.parametrize("name", NAMES)
def test_another_games_state_is_refused_not_searched_for_its_own_action(name: str) -> None:
    """Before: ``game.parse_action(text, other_state)`` returned the other game's action."""
    game = tabletop.load(name)
    for other in NAMES:
        if other == name:
            continue
        state = tabletop.load(other).new_game(seed=2)
        before = state.to_dict()
        with pytest.raises(ValueError, match=f"state must be a {name} state"):
            game.parse_action(str(state.legal_actions()[0]), state)
        assert state.to_dict() == before


@settings(max_examples=60, deadline=None)
@given(text=st.text(max_size=80), name=st.sampled_from(NAMES), with_state=st.booleans())
def test_parse_action_of_any_text_gives_an_action_or_a_value_error(
    text: str, name: str, with_state: bool
) -> None:
    game = tabletop.load(name)
    state: State = game.new_game(seed=3)
    before = state.to_dict()
    try:
        action = game.parse_action(text, state if with_state else None)
    except ValueError as error:
        assert "is not an action of" in str(error) or "ambiguous" in str(error)
    else:
        assert game.parse_action(str(action)) == action
    assert state.to_dict() == before


@pytest.mark.parametrize("bad", ["", " \t ", "\x00", ",,,", "é" * 500, "take " * 2000, "0" * 5000])
def test_odd_text_is_a_value_error_naming_it(bad: str) -> None:
    for name in NAMES:
        game = tabletop.load(name)
        for state in (None, game.new_game(seed=4)):
            with pytest.raises(ValueError, match="is not an action of"):
                game.parse_action(bad, state)


# ---------------------------------------------------------------------- tabletop play


def play(name: str, lines: str) -> str:
    """What ``tabletop play NAME`` shows when a person types ``lines`` (then the input ends)."""
    out = io.StringIO()
    args = cli.build_parser().parse_args(["play", name, "--seed", "1"])
    with redirect_stdout(out):
        assert cli.cmd_play(args, stdin=io.StringIO(lines)) == 0
    return out.getvalue()


@pytest.mark.parametrize(
    "typed",
    ["²", "٣٣٣٣", "9" * 5000, "0" * 5000 + "1", "1" * 30, "0", "-1", "1.5", "1e9", "\x00", "undo", "", "  "],
    ids=repr,
)
def test_play_answers_any_typed_line_and_ends_cleanly_at_the_end_of_input(typed: str) -> None:
    """Before: '²' (a digit to isdigit, not to int) and numbers of over 4,300 digits ended the
    game with a ValueError from int()."""
    shown = play("splendor_duel", typed + "\n")
    assert shown.rstrip().endswith("]}") and "game abandoned; its record:" in shown
    after = shown.split("seat 0> ", 1)[1]
    assert "Traceback" not in after


def test_a_long_number_is_shown_cut_short_and_a_padded_one_is_read() -> None:
    shown = play("splendor_duel", "9" * 5000 + "\n")
    assert "999999999999... is not on the list: type 1 to" in shown
    assert "9" * 13 not in shown
    chosen = play("splendor_duel", "0" * 5000 + "1\n")
    assert "is not on the list" not in chosen and chosen.count("seat 0> ") >= 2


def test_undo_at_the_first_decision_and_zero_change_nothing() -> None:
    shown = play("wonders_duel", "undo\n0\n")
    assert "nothing to undo: this is your first decision" in shown
    assert "0 is not on the list: type 1 to" in shown
    assert '"actions": []' in shown


@pytest.mark.parametrize("bad", [3, None, b"take", ["take"]], ids=repr)
def test_normalize_refuses_what_is_no_text(bad: object) -> None:
    """Before: normalize(3) raised AttributeError (no strip)."""
    with pytest.raises(ValueError, match="an action is written as a str"):
        normalize(bad)  # type: ignore[arg-type]


@settings(max_examples=25, deadline=None)
@given(lines=st.lists(st.text(alphabet=st.characters(blacklist_characters="\n\r"), max_size=40), max_size=4))
def test_play_survives_any_typed_lines(lines: list[str]) -> None:
    shown = play("wonders_duel", "".join(line + "\n" for line in lines if line.strip().lower() not in QUIT))
    assert "game abandoned; its record:" in shown


def test_a_session_without_a_player_for_every_seat_is_refused() -> None:
    """Before: a seat that was in neither humans nor bots was asked as a person's, and a state
    that was no State failed with AttributeError once the game began."""
    state: State = tabletop.load("splendor_duel").new_game(seed=1)
    bot = make_agent("random", 1)
    out = io.StringIO()
    read = reader(io.StringIO(""), out)
    tables: list[tuple[Any, Any, Any, str]] = [
        (None, {0}, {1: bot}, "state must be a game's State"),
        (state, {0}, {}, "every seat is played by a person or a bot"),
        (state, {0, 1}, {1: bot}, "never both"),
        (state, {5}, {1: bot}, "humans must be a set of seats 0 to 1"),
        (state, [0], {1: bot}, "humans must be a set"),
        (state, {True}, {1: bot}, "humans must be a set"),
        (state, {0}, {1: "random"}, "bots must map seats to agents"),
        (state, {0}, {2.0: bot}, "bots must map seats to agents"),
    ]
    for table, humans, bots, words in tables:
        with pytest.raises(ValueError, match=words):
            Session(table, humans, bots, "random", read, out)
    with pytest.raises(ValueError, match="read must be a function"):
        Session(state, {0}, {1: bot}, "random", None, out)  # type: ignore[arg-type]
    assert out.getvalue() == ""


@pytest.mark.parametrize(("stdin", "out"), [(3, io.StringIO()), (io.StringIO(), None)], ids=stable)
def test_a_reader_of_no_stream_is_refused(stdin: Any, out: Any) -> None:
    with pytest.raises(ValueError, match="stdin must be a text stream to read and out one to write"):
        reader(stdin, out)
