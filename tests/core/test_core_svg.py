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


def test_attribute_texts_are_the_same_the_first_time_and_after() -> None:
    """Texts are kept per value once written: a value seen before is written as it was, zero
    keeps its sign, subclasses print themselves, and a bad value is refused every time."""

    class Half(float):
        def __format__(self, spec: str) -> str:
            return "0.5"

    class Shout(str):
        def __str__(self) -> str:
            return "LOUD"

    def drawn(**attributes: object) -> dict[str, str]:
        picture = Svg(10, 10)
        picture.element("g", None, **attributes)
        group = ET.fromstring(picture.to_string()).find(f"{NS}g")
        assert group is not None
        return dict(group.attrib)

    values: dict[str, object] = {
        "x": 1.125,
        "y": -0.0,
        "width": 0.0,
        "height": Half(3.0),
        "fill": "a<b&\"c'",
        "class_": Shout("quiet"),
    }
    expected = {"x": "1.12", "y": "-0", "width": "0", "height": "0.5", "fill": "a<b&\"c'", "class": "LOUD"}
    assert drawn(**values) == expected
    assert drawn(**values) == expected  # now from the kept texts
    assert drawn(y=0.0, width=-0.0) == {"y": "0", "width": "-0"}
    assert drawn(height=3.0) == {"height": "3"}  # the subclass's text is not kept for its value
    assert drawn(class_="quiet") == {"class": "quiet"}
    for bad in (float("nan"), float("inf")):
        for _ in range(2):
            with pytest.raises(ValueError, match="attribute x must be a finite number"):
                drawn(x=bad)
    for _ in range(2):
        with pytest.raises(ValueError, match="attribute fill holds"):
            drawn(fill="bad\x00")
        with pytest.raises(ValueError, match="attribute x must be a finite number"):
            drawn(x="12")


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
