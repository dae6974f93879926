"""Actions written as text (issue 14): ``game.parse_action`` reads back what ``str(action)`` prints,
for every action of every registered game, with the exact field types."""

from __future__ import annotations

import random
import time
from typing import Any

import pytest

import tabletop
from tabletop import IllegalAction
from tabletop.core.actions import field_names, same_types
from tabletop.core.notation import normalize

GAMES = tabletop.game_names()


def _sample(game: tabletop.Game[Any], size: int) -> list[int]:
    """Every id of a small space; else the first and last id of every block and a seeded sample."""
    if game.num_distinct_actions <= size:
        return list(range(game.num_distinct_actions))
    ends, offset = [], 0
    for block in game.action_space.blocks:
        ends += [offset, offset + block.size - 1]
        offset += block.size
    return ends + random.Random(game.name).sample(range(game.num_distinct_actions), size)


@pytest.mark.parametrize("name", GAMES)
def test_actions_of_the_space_read_back_from_their_text(name: str) -> None:
    # Every text is indexed (and checked unique below); parsing a sample of them back is enough
    # to hold decode, str and the index together, and keeps this test fast.
    game = tabletop.load(name)
    started = time.process_time()
    for action_id in _sample(game, 6000):
        action = game.decode(action_id)
        parsed = game.parse_action(str(action))
        assert parsed == action and type(parsed) is type(action), (action_id, str(action))
        for field in field_names(type(action)):
            assert same_types(getattr(parsed, field), getattr(action, field)), (action, field)
    # The index is built once per game, lazily: the whole space in well under a few seconds.
    assert time.process_time() - started < 10


@pytest.mark.parametrize("name", GAMES)
def test_no_two_actions_print_the_same_text(name: str) -> None:
    assert tabletop.load(name)._notation.ambiguous() == []


@pytest.mark.parametrize("name", GAMES)
def test_with_a_state_the_legal_action_itself_is_returned_whatever_the_case_and_spacing(name: str) -> None:
    game = tabletop.load(name)
    state = game.new_game(players=game.max_players, seed=3)
    rng = random.Random(3)
    for _ in range(40):
        if state.is_terminal:
            break
        legal = state.legal_actions()
        action = rng.choice(legal)
        messy = "  " + str(action).upper().replace(" ", "   ").replace(", ", " ,") + "\t"
        found = game.parse_action(messy, state)
        assert found == action and found in legal
        assert any(found is listed for listed in state.legal_actions())
        state.apply(found)


def test_state_parse_action_is_the_game_parse_with_that_state() -> None:
    state = tabletop.load("wonders_duel").new_game(seed=2)
    action = state.legal_actions()[-1]
    assert any(state.parse_action(str(action).upper()) is listed for listed in state.legal_actions())
    with pytest.raises(ValueError, match="did you mean"):
        state.parse_action(str(action) + "x")


def test_the_text_of_an_action_that_is_not_legal_now_parses_and_apply_refuses_it() -> None:
    game = tabletop.load("splendor_duel")
    state = game.new_game(seed=1)
    legal = {str(action) for action in state.legal_actions()}
    text = next(
        str(game.decode(i)) for i in range(game.num_distinct_actions) if str(game.decode(i)) not in legal
    )
    action = game.parse_action(text, state)
    assert str(action) == text
    before = state.to_dict()
    with pytest.raises(IllegalAction):
        state.apply(action)
    assert state.to_dict() == before


def test_unknown_text_is_a_value_error_naming_it_with_close_matches() -> None:
    game = tabletop.load("splendor_duel")
    state = game.new_game(seed=1)
    with pytest.raises(ValueError, match=r"'take the tokenz at r1c1' is not an action of splendor_duel"):
        game.parse_action("take the tokenz at r1c1")
    with pytest.raises(ValueError, match=r"did you mean 'take the tokens at") as caught:
        game.parse_action("take the tokenz at r1c1", state)
    # With a state the suggestions are its legal actions.
    legal = {str(action) for action in state.legal_actions()}
    suggested = str(caught.value).split("did you mean ", 1)[1].rstrip("?").split(" or ")
    assert suggested and all(text.strip("'") in legal for text in suggested)
    with pytest.raises(ValueError, match=r"not an action of splendor_duel$"):
        game.parse_action("zzzz qqqq")


@pytest.mark.parametrize("bad", [None, 3, b"replenish the board from the bag", ["buy"]])
def test_text_that_is_not_a_str_is_refused_by_name(bad: object) -> None:
    game = tabletop.load("splendor_duel")
    with pytest.raises(ValueError, match="an action is written as a str"):
        game.parse_action(bad)  # type: ignore[arg-type]


def test_normalize_ignores_case_runs_of_spaces_and_spaces_around_commas() -> None:
    assert normalize("  Take the Tokens at R1C1 ,r1c2\t") == "take the tokens at r1c1, r1c2"
    assert normalize("a,b") == normalize("a , b") == "a, b"


def test_seven_wonders_names_the_age_of_a_card_two_ages_print() -> None:
    game = tabletop.load("seven_wonders")
    press_one = game.parse_action("discard Press (Age I) for 3 coins")
    press_two = game.parse_action("discard Press (Age II) for 3 coins")
    assert press_one != press_two
    assert str(game.parse_action("build Lumber Yard")) == "build Lumber Yard"  # one Age: no label
