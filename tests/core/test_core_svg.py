"""The SVG builder every game draws with: valid XML whatever the text, values escaped."""

from __future__ import annotations

import xml.etree.ElementTree as ET

import pytest

from tabletop.core.svg import Svg, ink_on, text_picture
from tabletop.games import splendor_duel

NS = "{http://www.w3.org/2000/svg}"


def test_text_is_escaped_and_the_document_parses() -> None:
    picture = Svg(100, 50, title="a <b> & 'c'")
    picture.text(1, 2, '<script>alert("x")</script> & more', class_="label")
    picture.rect(0, 0, 10, 10, fill="red", rx=2.5)
    root = ET.fromstring(picture.to_string())
    assert root.tag == f"{NS}svg"
    assert root.find(f"{NS}title") is not None and root.find(f"{NS}title").text == "a <b> & 'c'"  # type: ignore[union-attr]
    text = root.find(f"{NS}text")
    assert text is not None and text.text == '<script>alert("x")</script> & more'
    assert text.get("class") == "label" and text.get("font-size") == "12"
    assert root.find(f"{NS}script") is None


def test_attribute_names_and_values() -> None:
    picture = Svg(10, 10)
    picture.circle(5, 5, 2.0, fill="#fff", stroke_width=1.25, opacity=None)
    circle = ET.fromstring(picture.to_string()).find(f"{NS}circle")
    assert circle is not None
    assert circle.get("stroke-width") == "1.25" and circle.get("r") == "2" and "opacity" not in circle.attrib


def test_groups_nest_and_close() -> None:
    picture = Svg(10, 10)
    with picture.group(transform="translate(1,1)"):
        picture.line(0, 0, 1, 1)
    group = ET.fromstring(picture.to_string()).find(f"{NS}g")
    assert group is not None and group.find(f"{NS}line") is not None


def test_text_picture_has_a_line_per_line() -> None:
    root = ET.fromstring(text_picture(["one", "  two", ""]))
    assert [t.text for t in root.iter(f"{NS}text")] == ["one", "  two", None]


def test_ink_reads_on_dark_and_light_fills() -> None:
    assert ink_on("#2b2b2b") == "#ffffff"
    assert ink_on("#f4f1ea") != "#ffffff"


def test_state_svg_checks_the_seat() -> None:
    state = splendor_duel.GAME.new_game(seed=1)
    ET.fromstring(state.svg())
    ET.fromstring(state.svg(1))
    for bad in (2, -1, True, 1.0, "0"):
        with pytest.raises(ValueError, match="seat"):
            state.svg(bad)  # type: ignore[arg-type]
    assert state.svg() in state._repr_html_() and state._repr_svg_() == state.svg()
