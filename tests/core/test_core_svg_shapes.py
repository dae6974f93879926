"""The shared shapes of core/svg.py (cards, backs, tokens, stacks, seat panels) and the
escaping of attribute values they rely on."""

from __future__ import annotations

import xml.etree.ElementTree as ET

from tabletop.core.svg import PALETTE, SEAT_COLOURS, Svg, card, card_back, card_stack, seat_panel, token

NS = "{http://www.w3.org/2000/svg}"


def _root(picture: Svg) -> ET.Element:
    return ET.fromstring(picture.to_string())


def test_attribute_values_keep_quotes_markup_and_whitespace() -> None:
    value = "a \"b\" 'c' <d> & e\nf\tg"
    picture = Svg(10, 10)
    picture.rect(0, 0, 1, 1, class_=value, rx=3, opacity=0.5, hidden=False)
    rect = _root(picture).find(f"{NS}rect[@class]")
    assert rect is not None
    assert rect.get("class") == value and rect.get("rx") == "3" and rect.get("opacity") == "0.5"
    assert "hidden" not in rect.attrib


def test_a_card_shows_its_corner_name_note_and_cost_pips() -> None:
    picture = Svg(200, 200)
    card(
        picture,
        0,
        0,
        60,
        84,
        colour="blue",
        name="D1-09",
        corner=3,
        note="+1",
        cost=[("red", 2), ("white", 0)],
        title="tip",
    )
    root = _root(picture)
    texts = [t.text for t in root.iter(f"{NS}text")]
    assert texts == ["3", "D1-09", "+1", "2"]  # a zero cost draws no pip
    assert [c.get("fill") for c in root.iter(f"{NS}circle")] == [PALETTE["red"]]
    assert any(r.get("fill") == PALETTE["blue"] for r in root.iter(f"{NS}rect"))
    assert root.find(f"{NS}g/{NS}title") is not None


def test_backs_tokens_and_stacks() -> None:
    picture = Svg(300, 100)
    card_back(picture, 0, 0, 40, 60, label="L3")
    token(picture, 60, 20, 10, "gold", 4)
    card_stack(picture, 100, 0, 40, 60, 0, empty="green")
    card_stack(picture, 160, 10, 40, 60, 5, colour="green", name="5 cards")
    root = _root(picture)
    texts = [t.text for t in root.iter(f"{NS}text")]
    assert texts == ["L3", "4", "green", "5 cards"]
    dashed = [r for r in root.iter(f"{NS}rect") if r.get("stroke-dasharray")]
    assert len(dashed) == 1  # the empty stack's outline
    shadows = [r for r in root.iter(f"{NS}rect") if r.get("x") in ("163", "166")]
    assert len(shadows) == 2  # a pile shows at most three edges behind the top card


def test_a_seat_panel_names_the_seat_and_the_viewer() -> None:
    picture = Svg(300, 100)
    seat_panel(picture, 0, 0, 200, 80, seat=1, viewer=1, text="3 coins", to_play=True)
    seat_panel(picture, 0, 0, 200, 80, seat=2, viewer=1, text="4 coins", to_play=False)
    root = _root(picture)
    headings = [(t.text, t.get("fill")) for t in root.iter(f"{NS}text")]
    assert headings == [("Player 1 (you): 3 coins", SEAT_COLOURS[1]), ("Player 2: 4 coins", SEAT_COLOURS[2])]
    assert len(list(root.iter(f"{NS}polygon"))) == 1  # only the seat to play is marked
