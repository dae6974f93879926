"""Pictures of a table as SVG: a small document builder the games draw their states with.

A game's ``_svg(seat)`` hook builds an :class:`Svg` from what ``seat`` may know and returns
its text. No images are shipped: every picture is rectangles, circles, lines, paths and text,
so it is self-contained, small and safe to inline in HTML (every value is escaped here).
"""

from __future__ import annotations

import math
import re
from collections.abc import Iterable, Iterator
from contextlib import contextmanager
from typing import Any
from xml.sax.saxutils import escape

#: Colours a player at the table would recognise, by name; games take theirs from here so the
#: same gem or resource looks the same in every picture.
PALETTE: dict[str, str] = {
    "white": "#f4f1ea",
    "blue": "#2f6db5",
    "green": "#2e8b57",
    "red": "#c0392b",
    "black": "#2b2b2b",
    "pearl": "#e8d8f0",
    "gold": "#d4a017",
    "brown": "#8b5a2b",
    "grey": "#9e9e9e",
    "yellow": "#e6c229",
    "purple": "#7d3c98",
    "table": "#f7f3e8",
    "ink": "#222222",
    "back": "#6d5a44",
    "muted": "#bdb6a6",
}

#: Colours that tell the seats apart (seat 0 first).
SEAT_COLOURS: tuple[str, ...] = ("#1f77b4", "#d62728", "#2ca02c", "#9467bd", "#ff7f0e", "#8c564b", "#e377c2")

#: Text colour that reads on each palette colour: dark on light fills, white on dark ones.
_DARK_FILLS = {"#2f6db5", "#2e8b57", "#c0392b", "#2b2b2b", "#8b5a2b", "#7d3c98", "#6d5a44", "#222222"}


def ink_on(fill: str) -> str:
    """A text colour that reads on ``fill`` (white on the palette's dark colours)."""
    if not isinstance(fill, str):
        raise ValueError(f"fill must be an SVG colour (a str), got {fill!r:.80}")
    return "#ffffff" if fill in _DARK_FILLS or fill in SEAT_COLOURS else PALETTE["ink"]


#: What an attribute value must escape (inside double quotes): markup, quotes and the
#: whitespace XML would otherwise normalise away.
_ATTRIBUTE_ESCAPES = str.maketrans(
    {"&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "\n": "&#10;", "\r": "&#13;", "\t": "&#9;"}
)
#: Python-style attribute names already turned into SVG's (a picture writes thousands).
_NAMES: dict[str, str] = {}
#: What a tag or attribute name may be: a name written as is into the document could otherwise
#: carry markup (``'g onload="..."'``).
_NAME = re.compile(r"[A-Za-z_][A-Za-z0-9_.:-]*\Z")
#: Tags already checked against ``_NAME``.
_TAGS: set[str] = set()
#: Characters no XML document may hold (escaping cannot make them legal).
_NOT_XML = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\ud800-\udfff\ufffe\uffff]")
#: Attributes that are numbers in SVG: text there (a ``"nan"``, a ``"12"``) is a caller's mistake.
_NUMERIC = frozenset(
    (
        "x",
        "y",
        "width",
        "height",
        "cx",
        "cy",
        "r",
        "rx",
        "ry",
        "x1",
        "y1",
        "x2",
        "y2",
        "font_size",
        "stroke_width",
    )
)


def number(name: str, value: object) -> float:
    """``value`` when it is a finite int or float (not a bool); else a ``ValueError`` naming ``name``."""
    if isinstance(value, bool) or not isinstance(value, (int, float)) or not math.isfinite(value):
        raise ValueError(f"{name} must be a finite number, got {value!r:.80}")
    return value


def _xml_text(name: str, text: str) -> str:
    """``text``, refused by ``name`` when it holds a character no XML document may hold."""
    bad = _NOT_XML.search(text)
    if bad is not None:
        raise ValueError(f"{name} holds {bad.group()!r}, which no SVG document may hold")
    return text


#: Attribute texts already written, per float and per str value: a picture repeats its
#: coordinates, colours and classes many times. Zero is not kept (``-0.0 == 0.0`` but they are
#: written differently); each table is emptied when full.
_FLOAT_TEXTS: dict[float, str] = {}
_STR_TEXTS: dict[str, str] = {}
_TEXTS_KEPT = 8192


def _attributes(attributes: dict[str, object]) -> str:
    parts = []
    for name, value in attributes.items():
        if value is None or value is False:
            continue
        key = _NAMES.get(name)
        if key is None:
            if not _NAME.match(name):
                raise ValueError(f"{name!r:.80} is not an attribute name")
            key = _NAMES[name] = name.rstrip("_").replace("_", "-")
        if isinstance(value, float):
            # Exact floats and strs from the tables when seen before (a subclass may print
            # itself otherwise).
            cached = _FLOAT_TEXTS.get(value) if type(value) is float else None
            text = cached if cached is not None else _float_text(name, value)
        elif isinstance(value, int) and value is not True:
            text = str(value)  # digits need no escaping
        elif name in _NUMERIC:
            raise ValueError(f"attribute {name} must be a finite number, got {value!r:.80}")
        else:
            cached = _STR_TEXTS.get(value) if type(value) is str else None
            text = cached if cached is not None else _str_text(name, str(value))
        parts.append(f' {key}="{text}"')
    return "".join(parts)


def _float_text(name: str, value: float) -> str:
    """A float attribute's text (two decimals at most), refused by ``name`` when not finite."""
    if not math.isfinite(value):
        raise ValueError(f"attribute {name} must be a finite number, got {value!r}")
    text = f"{value:.2f}".rstrip("0").rstrip(".")
    if value and type(value) is float:
        if len(_FLOAT_TEXTS) >= _TEXTS_KEPT:
            _FLOAT_TEXTS.clear()
        _FLOAT_TEXTS[value] = text
    return text


def _str_text(name: str, value: str) -> str:
    """A text attribute escaped, refused by ``name`` when it holds what no XML may hold (the
    text kept for ``value``, a plain str: ``str()`` of a subclass is one)."""
    text = _xml_text(f"attribute {name}", value).translate(_ATTRIBUTE_ESCAPES)
    if len(_STR_TEXTS) >= _TEXTS_KEPT:
        _STR_TEXTS.clear()
    _STR_TEXTS[value] = text
    return text


class Svg:
    """An SVG document being drawn: shapes are appended in order (later ones on top).

    Attribute names are written Python-style (``font_size``, ``class_``) and become SVG's
    (``font-size``, ``class``); ``None`` leaves an attribute out.
    """

    def __init__(self, width: float, height: float, *, title: str | None = None) -> None:
        if number("width", width) < 0 or number("height", height) < 0:
            raise ValueError(f"a picture's width and height are not negative, got {width!r} x {height!r}")
        if title is not None and not isinstance(title, str):
            raise ValueError(f"title must be a str or None, got {title!r:.80}")
        self.width = width
        self.height = height
        self._parts: list[str] = []
        self._title = "" if title is None else f"<title>{escape(_xml_text('title', title))}</title>"

    def element(self, tag: str, content: str | None = None, /, **attributes: object) -> None:
        """Append any element; ``content`` is text (escaped here)."""
        if tag not in _TAGS:
            if not isinstance(tag, str) or not _NAME.match(tag):
                raise ValueError(f"{tag!r:.80} is not a tag name")
            _TAGS.add(tag)
        attrs = _attributes(attributes)
        if content is None:
            self._parts.append(f"<{tag}{attrs}/>")
        elif not isinstance(content, str):
            raise ValueError(f"an element's content must be a str or None, got {content!r:.80}")
        else:
            self._parts.append(f"<{tag}{attrs}>{escape(_xml_text(tag, content))}</{tag}>")

    def rect(
        self,
        x: float,
        y: float,
        w: float,
        h: float,
        *,
        fill: str = "none",
        stroke: str | None = None,
        **attributes: object,
    ) -> None:
        """A rectangle (``rx`` rounds its corners)."""
        self.element("rect", x=x, y=y, width=w, height=h, fill=fill, stroke=stroke, **attributes)

    def circle(
        self,
        cx: float,
        cy: float,
        r: float,
        *,
        fill: str = "none",
        stroke: str | None = None,
        **attributes: object,
    ) -> None:
        """A circle."""
        self.element("circle", cx=cx, cy=cy, r=r, fill=fill, stroke=stroke, **attributes)

    def line(
        self, x1: float, y1: float, x2: float, y2: float, *, stroke: str = "#222222", **attributes: object
    ) -> None:
        """A straight line."""
        self.element("line", x1=x1, y1=y1, x2=x2, y2=y2, stroke=stroke, **attributes)

    def polygon(
        self, points: Iterable[tuple[float, float]], *, fill: str = "none", **attributes: object
    ) -> None:
        """A closed polygon through ``points``."""
        try:
            pairs = [(number("x", x), number("y", y)) for x, y in points]
        except TypeError:  # not an iterable of pairs
            raise ValueError(f"points must be (x, y) pairs of numbers, got {points!r:.80}") from None
        text = " ".join(f"{x:g},{y:g}" for x, y in pairs)
        self.element("polygon", points=text, fill=fill, **attributes)

    def text(
        self,
        x: float,
        y: float,
        content: object,
        *,
        size: float = 12,
        anchor: str = "start",
        fill: str = "#222222",
        weight: str | None = None,
        family: str = "sans-serif",
        **attributes: object,
    ) -> None:
        """One line of text whose baseline starts (or is centred, ``anchor="middle"``) at ``x, y``."""
        self.element(
            "text",
            str(content),
            x=x,
            y=y,
            font_size=size,
            text_anchor=anchor,
            fill=fill,
            font_weight=weight,
            font_family=family,
            **attributes,
        )

    def lines(
        self,
        x: float,
        y: float,
        contents: Iterable[object],
        *,
        size: float = 12,
        fill: str = "#222222",
        family: str = "sans-serif",
    ) -> float:
        """Lines of text from ``x, y`` down; returns the ``y`` below the last one."""
        step = number("size", size) * 1.3
        number("y", y)
        for content in contents:
            self.text(x, y, content, size=size, fill=fill, family=family, style="white-space:pre")
            y += step
        return y

    @contextmanager
    def group(self, **attributes: object) -> Iterator[None]:
        """A ``<g>`` around what is drawn inside the ``with`` block (``transform``, ``class_``...)."""
        self._parts.append(f"<g{_attributes(attributes)}>")
        try:
            yield
        finally:
            self._parts.append("</g>")

    def to_string(self) -> str:
        """The document as SVG text (an ``<svg>`` element with its namespace)."""
        head = (
            f'<svg xmlns="http://www.w3.org/2000/svg" width="{self.width:g}" height="{self.height:g}" '
            f'viewBox="0 0 {self.width:g} {self.height:g}">'
        )
        background = (
            f'<rect x="0" y="0" width="{self.width:g}" height="{self.height:g}" fill="{PALETTE["table"]}"/>'
        )
        return head + self._title + background + "".join(self._parts) + "</svg>"

    __str__ = to_string


def text_picture(lines: list[str], *, title: str | None = None, size: float = 13) -> str:
    """A picture of some lines of monospaced text (the fallback for a game that draws nothing)."""
    if not isinstance(lines, list) or not all(isinstance(line, str) for line in lines):
        raise ValueError(f"lines must be a list of str, got {lines!r:.80}")
    if number("size", size) <= 0:
        raise ValueError(f"size must be positive, got {size!r}")
    width = 16 + size * 0.62 * max((len(line) for line in lines), default=10)
    height = 16 + size * 1.3 * max(len(lines), 1)
    picture = Svg(width, height, title=title)
    picture.lines(8, 8 + size, lines, size=size, family="monospace")
    return picture.to_string()


def _box(x: float, y: float, w: float, h: float) -> None:
    """Refuse a position or size that is no finite number (the helpers do arithmetic on them
    before any attribute is written), or a negative size."""
    number("x", x)
    number("y", y)
    if number("w", w) < 0 or number("h", h) < 0:
        raise ValueError(f"a shape's size is not negative, got {w!r} x {h!r}")


def fill_of(colour: str) -> str:
    """The palette's colour for a name (``"blue"``), or ``colour`` itself when it is not one."""
    if not isinstance(colour, str):
        raise ValueError(f"a colour is a palette name or an SVG colour (a str), got {colour!r:.80}")
    return PALETTE.get(colour, colour)


def token(picture: Svg, cx: float, cy: float, r: float, colour: str, label: object = None) -> None:
    """A round token or gem of ``colour`` (a palette name or any colour), ``label`` on it."""
    _box(cx, cy, r, r)
    fill = fill_of(colour)
    picture.circle(cx, cy, r, fill=fill, stroke=PALETTE["ink"], stroke_width=1)
    if label is not None:
        picture.text(
            cx, cy + r * 0.38, label, size=r * 1.05, anchor="middle", fill=ink_on(fill), weight="bold"
        )


def card(
    picture: Svg,
    x: float,
    y: float,
    w: float,
    h: float,
    *,
    colour: str,
    name: object = None,
    corner: object = None,
    note: object = None,
    cost: Iterable[tuple[str, object]] = (),
    title: str | None = None,
) -> None:
    """A face-up card: a rounded rectangle with a band of ``colour`` on top carrying ``corner``
    (points, an age), ``name`` under the band, ``note`` above the cost, and the cost as pips
    (``(colour, count)``) along the bottom. ``title`` is the tooltip."""
    _box(x, y, w, h)
    fill = fill_of(colour)
    with picture.group():
        if title is not None:
            picture.element("title", title)
        picture.rect(x, y, w, h, fill="#ffffff", stroke=PALETTE["ink"], rx=5, stroke_width=1)
        band = min(h * 0.28, 22)
        picture.rect(x, y, w, band, fill=fill, stroke=PALETTE["ink"], rx=5, stroke_width=1)
        size = max(8.0, min(band * 0.7, 14))
        if corner is not None:
            picture.text(
                x + 4, y + band * 0.5 + size * 0.36, corner, size=size, fill=ink_on(fill), weight="bold"
            )
        text_size = max(8.0, min(w / 6, 11))
        if name is not None:
            # a long name gets smaller type rather than overflowing the card
            name_size = max(6.0, min(text_size, (w - 4) / (0.56 * max(len(str(name)), 1))))
            picture.text(x + w / 2, y + band + text_size + 2, name, size=name_size, anchor="middle")
        pips = [(kind, count) for kind, count in cost if count]
        r = min(w / (2.4 * max(len(pips), 1)), h * 0.09, 8)
        if note is not None:
            picture.text(x + w / 2, y + h - 2 * r - 6, note, size=text_size, anchor="middle")
        for i, (kind, count) in enumerate(pips):
            token(picture, x + r + 3 + i * (2 * r + 2), y + h - r - 3, r, kind, count)


def card_back(
    picture: Svg, x: float, y: float, w: float, h: float, *, label: object = "", colour: str = "back"
) -> None:
    """A face-down card: the back, ``label`` (a level, an Age, a count) on it."""
    _box(x, y, w, h)
    fill = fill_of(colour)
    picture.rect(x, y, w, h, fill=fill, stroke=PALETTE["ink"], rx=5, stroke_width=1)
    picture.rect(x + 4, y + 4, w - 8, h - 8, fill="none", stroke=ink_on(fill), rx=3, stroke_opacity=0.5)
    if label != "":
        size = max(8.0, min(w / 4, 16))
        picture.text(
            x + w / 2,
            y + h / 2 + size * 0.36,
            label,
            size=size,
            anchor="middle",
            fill=ink_on(fill),
            weight="bold",
        )


def headed(width: float, height: float, heading: str) -> Svg:
    """A picture whose first line, and tooltip, is ``heading`` (who decides what now, or how the
    game ended)."""
    picture = Svg(width, height, title=heading)
    picture.text(16, 24, heading, size=15, weight="bold")
    return picture


def winners_text(winners: Iterable[int]) -> str:
    """``player 0 and player 2``, or ``nobody (a draw)``."""
    seats = list(winners) if isinstance(winners, Iterable) and not isinstance(winners, str) else None
    if seats is None or not all(type(seat) is int for seat in seats):
        raise ValueError(f"winners must be seats (ints), got {winners!r:.80}")
    return " and ".join(f"player {seat}" for seat in seats) or "nobody (a draw)"


def card_stack(
    picture: Svg, x: float, y: float, w: float, h: float, count: int, *, empty: str = "", **face: Any
) -> None:
    """``count`` cards piled up (up to four edges show behind), the top one drawn by :func:`card`
    with ``face``; when there are none, a dashed outline saying ``empty``."""
    _box(x, y, w, h)
    if isinstance(count, bool) or not isinstance(count, int) or count < 0:
        raise ValueError(f"count must be a non-negative int, got {count!r:.80}")
    if not count:
        picture.rect(x, y, w, h, stroke=PALETTE["muted"], rx=5, stroke_dasharray="4 3")
        if empty:
            picture.text(x + w / 2, y + h / 2, empty, size=9, anchor="middle", fill=PALETTE["muted"])
        return
    for shadow in range(min(count, 4) - 1, 0, -1):
        picture.rect(x + shadow * 3, y - shadow * 3, w, h, fill="#ffffff", stroke=PALETTE["ink"], rx=5)
    card(picture, x, y, w, h, **face)


def seat_panel(
    picture: Svg,
    x: float,
    y: float,
    w: float,
    h: float,
    *,
    seat: int,
    viewer: int | None,
    text: str,
    to_play: bool,
) -> None:
    """The box a seat's holdings are drawn in, headed ``Player 3 (you): <text>`` in the seat's
    colour (``(you)`` when ``viewer`` is that seat); the seat to play is marked with a triangle."""
    _box(x, y, w, h)
    if isinstance(seat, bool) or not isinstance(seat, int) or seat < 0:
        raise ValueError(f"seat must be a non-negative int, got {seat!r:.80}")
    picture.rect(x, y, w, h, fill="#fbf8f0", stroke=PALETTE["muted"], rx=8)
    colour = SEAT_COLOURS[seat % len(SEAT_COLOURS)]
    tx, ty = x + 8, y + 20
    if to_play:
        picture.polygon([(tx, ty - 11), (tx + 9, ty - 5.5), (tx, ty)], fill=colour)
        tx += 13
    you = " (you)" if seat == viewer else ""
    picture.text(tx, ty, f"Player {seat}{you}: {text}", size=14, fill=colour, weight="bold")
