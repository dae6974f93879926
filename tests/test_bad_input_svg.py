"""Bad input to the pictures: ``state.svg(seat)`` and the public ``Svg`` builder refuse what they
cannot draw with a ``ValueError`` naming it (never a Python error from inside, never a document
that does not parse); and every seat's picture of a finished game of every option draws."""

from __future__ import annotations

import math
import xml.etree.ElementTree as ET
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import tabletop
from ids import stable
from tabletop.core import Rng, State
from tabletop.core.svg import (
    Svg,
    card,
    card_back,
    card_stack,
    ink_on,
    number,
    seat_panel,
    text_picture,
    token,
    winners_text,
)

NAMES = tabletop.game_names()
BAD_SEATS: list[object] = [2.0, True, False, "0", [0], -1, 7, 10**30, math.nan, b"0", object()]


def finished(name: str, players: int, seed: int, **options: Any) -> State:
    state: State = tabletop.load(name).new_game(players=players, seed=seed, **options)
    rng = Rng.from_seed(seed)
    while not state.is_terminal:
        state.apply(rng.choice(state.legal_actions()))
    return state


@pytest.mark.parametrize("name", NAMES)
def test_every_seat_draws_a_finished_game_of_every_option(name: str) -> None:
    game = tabletop.load(name)
    for option in game.options.values():
        for number_, choice in enumerate(option.choices or ()):
            players = next(
                n
                for n in range(game.min_players, game.max_players + 1)
                if _plays(game, n, {option.name: choice})
            )
            state = finished(name, players, 60 + number_, **{option.name: choice})
            for seat in (None, *range(state.num_players)):
                root = ET.fromstring(state.svg(seat))
                assert root.tag == "{http://www.w3.org/2000/svg}svg"


def _plays(game: tabletop.Game[Any], players: int, options: dict[str, Any]) -> bool:
    try:
        game.resolve_options(players, options)
    except ValueError:
        return False
    return True


@pytest.mark.parametrize("name", NAMES)
@pytest.mark.parametrize("seat", BAD_SEATS, ids=stable)
def test_a_seat_that_is_not_one_is_refused_by_name_and_changes_nothing(name: str, seat: object) -> None:
    state: State = tabletop.load(name).new_game(seed=8)
    before = state.to_dict()
    with pytest.raises(ValueError, match="seat must be an int in"):
        state.svg(seat)  # type: ignore[arg-type]
    assert state.to_dict() == before


@settings(max_examples=40, deadline=None)
@given(seat=st.one_of(st.none(), st.integers(), st.floats(), st.booleans(), st.text(max_size=3)))
def test_svg_of_any_seat_value_is_a_picture_or_a_value_error(seat: object) -> None:
    state: State = tabletop.load("splendor_duel").new_game(seed=9)
    try:
        picture = state.svg(seat)  # type: ignore[arg-type]
    except ValueError as error:
        assert "seat must be an int in [0, 2)" in str(error)
    else:
        assert seat is None or (type(seat) is int and 0 <= seat < 2)
        ET.fromstring(picture)


# ---------------------------------------------------------------------- the Svg builder


@pytest.mark.parametrize("bad", [None, "10", True, math.nan, math.inf, -1, [10]], ids=repr)
def test_a_picture_size_that_is_no_finite_non_negative_number_is_refused(bad: object) -> None:
    with pytest.raises(ValueError, match="width"):
        Svg(bad, 10)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="height"):
        Svg(10, bad)  # type: ignore[arg-type]


def test_numbers_names_and_text_that_would_break_the_document_are_refused() -> None:
    picture = Svg(100, 100)
    with pytest.raises(ValueError, match="attribute x must be a finite number"):
        picture.rect("1", 0, 1, 1)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="attribute cx must be a finite number"):
        picture.circle(math.nan, 0, 1)
    with pytest.raises(ValueError, match="attribute r must be a finite number"):
        picture.circle(0, 0, True)
    with pytest.raises(ValueError, match="is not a tag name"):
        picture.element('g onload="alert(1)"')
    with pytest.raises(ValueError, match="is not an attribute name"):
        picture.element("g", **{'x="1" onload': 2})
    with pytest.raises(ValueError, match="text holds"):
        picture.text(0, 0, "a\x00b")
    with pytest.raises(ValueError, match="attribute fill holds"):
        picture.rect(0, 0, 1, 1, fill="\x1b")
    with pytest.raises(ValueError, match="title must be a str"):
        Svg(10, 10, title=3)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="title holds"):
        Svg(10, 10, title="\ud800")
    with pytest.raises(ValueError, match="points must be"):
        picture.polygon(3)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="x must be a finite number"):
        picture.polygon([(None, 1)])  # type: ignore[list-item]
    with pytest.raises(ValueError, match="size must be a finite number"):
        picture.lines(0, 0, ["a"], size=None)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="content must be a str"):
        picture.element("text", 3)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="lines must be a list of str"):
        text_picture([3])  # type: ignore[list-item]
    for size in (None, 0, -2, math.nan):
        with pytest.raises(ValueError, match="size must be"):
            text_picture(["a"], size=size)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="count must be a non-negative int"):
        card_stack(picture, 0, 0, 1, 1, "3", colour="red")  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="seat must be a non-negative int"):
        seat_panel(picture, 0, 0, 1, 1, seat="x", viewer=None, text="t", to_play=True)  # type: ignore[arg-type]
    # nothing refused was drawn: the document still parses, with no shape in it
    root = ET.fromstring(picture.to_string())
    assert [child.tag.rsplit("}", 1)[1] for child in root] == ["rect"]  # the table's background


@settings(max_examples=60, deadline=None)
@given(
    content=st.text(max_size=30),
    value=st.one_of(st.text(max_size=10), st.integers(), st.floats(), st.booleans(), st.none()),
)
def test_any_text_and_attribute_value_gives_a_parsing_document_or_a_value_error(
    content: str, value: object
) -> None:
    picture = Svg(50, 50, title="t")
    try:
        picture.text(1, 2, content, fill=value)  # type: ignore[arg-type]
        picture.rect(0, 0, 1, 1, rx=value)
    except ValueError as error:
        assert "holds" in str(error) or "must be a finite number" in str(error)
    ET.fromstring(picture.to_string())


def test_number_passes_finite_numbers_only() -> None:
    assert number("n", 2) == 2 and number("n", -2.5) == -2.5
    for bad in (True, "1", None, math.inf, math.nan):
        with pytest.raises(ValueError, match="n must be a finite number"):
            number("n", bad)


def test_the_drawing_helpers_refuse_positions_sizes_and_colours_they_cannot_draw() -> None:
    """Before: a list as a colour raised 'unhashable type', None as a position a TypeError from
    the helpers' arithmetic."""
    picture = Svg(100, 100)
    with pytest.raises(ValueError, match="a colour is a palette name"):
        token(picture, 1, 1, 1, ["red"])  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="x must be a finite number"):
        card_stack(picture, None, 0, 1, 1, 2, colour="red")  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="a shape's size is not negative"):
        card(picture, 0, 0, -1, 1, colour="red")
    with pytest.raises(ValueError, match="y must be a finite number"):
        card_back(picture, 0, math.inf, 1, 1)
    with pytest.raises(ValueError, match="y must be a finite number"):
        picture.lines(0, None, ["a"])  # type: ignore[arg-type]
    assert [child.tag.rsplit("}", 1)[1] for child in ET.fromstring(picture.to_string())] == ["rect"]


@settings(max_examples=150, deadline=None)
@given(
    helper=st.sampled_from(["card", "card_back", "token", "card_stack"]),
    values=st.lists(
        st.one_of(st.floats(), st.integers(), st.text(max_size=4), st.none(), st.booleans()),
        min_size=6,
        max_size=6,
    ),
)
def test_the_drawing_helpers_draw_or_refuse_any_arguments(helper: str, values: list[Any]) -> None:
    picture = Svg(100, 100)
    x, y, w, h, colour, label = values
    try:
        if helper == "card":
            card(picture, x, y, w, h, colour=colour, name=label)
        elif helper == "card_back":
            card_back(picture, x, y, w, h, label=label, colour=colour)
        elif helper == "token":
            token(picture, x, y, w, colour, label)
        else:
            card_stack(picture, x, y, w, h, label, colour=colour)
    except ValueError:
        pass
    ET.fromstring(picture.to_string())


def test_ink_and_winners_text_refuse_what_is_no_colour_or_seats() -> None:
    assert winners_text((0, 2)) == "player 0 and player 2" and winners_text([]) == "nobody (a draw)"
    for bad in (3, "01", [True], [0.0], None):
        with pytest.raises(ValueError, match="winners must be seats"):
            winners_text(bad)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="fill must be an SVG colour"):
        ink_on(["#000"])  # type: ignore[arg-type]
