"""What a Python user sees (issue 14): ``repr(state)`` is one short line, ``str(state)`` is the
table, and ``help(game.new_game)`` / ``game.options`` name every option, its values and default."""

from __future__ import annotations

import inspect
import random
import re

import pytest

import tabletop

GAMES = tabletop.game_names()
SHORT = re.compile(r"<(\w+State) (determinized, )?after (\d+) actions?, (.+)>")


def _configurations() -> list[tuple[str, int]]:
    found = []
    for name in GAMES:
        game = tabletop.load(name)
        found += [(name, players) for players in sorted({game.min_players, game.max_players})]
    return found


@pytest.mark.parametrize(("name", "players"), _configurations())
def test_repr_is_one_short_line_and_str_is_the_table(name: str, players: int) -> None:
    game = tabletop.load(name)
    state = game.new_game(players=players, seed=5)
    rng = random.Random(5)
    for step in range(3000):
        if step % 25 == 0 or state.is_terminal:
            text = repr(state)
            match = SHORT.fullmatch(text)
            assert match is not None, text
            assert match.group(1) == type(state).__name__ == game.state_type.__name__
            assert int(match.group(3)) == len(state.history)
            if state.is_terminal:
                assert match.group(4).startswith("game over (")
            else:
                assert match.group(4) == f"seat {state.current_player} to decide: {state.decision}"
            assert len(text) < 120 and "\n" not in text
            assert str(state) == state.render() and "\n" in str(state)
        if state.is_terminal:
            break
        state.apply(rng.choice(state.legal_actions()))
    assert state.is_terminal


def test_a_determinized_state_says_so_in_its_repr() -> None:
    state = tabletop.load("splendor_duel").new_game(seed=1)
    assert repr(state.determinize(0, seed=2)).startswith("<SplendorDuelState determinized, after 0 actions")


@pytest.mark.parametrize("name", GAMES)
def test_help_of_new_game_names_every_option_its_values_and_default(name: str) -> None:
    game = tabletop.load(name)
    doc = inspect.getdoc(game.new_game) or ""
    assert game.title in doc and "players" in doc and "seed" in doc
    signature = inspect.signature(game.new_game)
    assert list(signature.parameters)[:2] == ["players", "seed"]
    assert signature.return_annotation == game.state_type.__name__
    for option in game.options.values():
        line = str(option)
        assert line in doc  # the docstring lists each option as str(option) describes it
        assert line.startswith(f"{option.name}: ") and f"(default {option.default!r})" in line
        assert option.doc in line
        for choice in option.choices or ():
            assert repr(choice) in line
        for kind in option.types:
            assert kind.__name__ in line
        parameter = signature.parameters[option.name]
        assert parameter.kind is inspect.Parameter.KEYWORD_ONLY and parameter.default == option.default
    # The documented method is still the kernel's: same results, same refusals.
    assert game.new_game(seed=4).to_dict() == tabletop.Game.new_game(game, seed=4).to_dict()
    with pytest.raises(ValueError, match="has no option nonsense"):
        game.new_game(nonsense=1)


def test_every_game_gets_its_own_new_game_docstring() -> None:
    docs = {inspect.getdoc(tabletop.load(name).new_game) for name in GAMES}
    assert len(docs) == len(GAMES)
