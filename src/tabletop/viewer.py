"""A replay as one self-contained HTML page: every position's picture, the action that led to it,
buttons, arrow keys and a slider to step through them, and the final result.

The page needs no network and no server: the pictures are inline SVG and the player is a few
lines of inline JavaScript. A long game's pictures differ little from one position to the next,
so each picture is cut into its elements, every distinct element is stored once, and each
position is stored as the edits that turn the previous position's list of elements into its own
(a 1,000-position Dozen War game takes a few MB instead of ~70 MB).

What a viewer sees is exact: the pictures are ``state.svg(seat)``, and another seat's action is
named only when the viewer could tell which it was (see :func:`action_seen`); otherwise the caption says only who acted and the kind of action.
"""

from __future__ import annotations

import html
import json
import re
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

from .core.actions import Action
from .core.state import State

if TYPE_CHECKING:
    from .core.game import Game

#: One SVG element's tag with the text that follows it (up to the next tag).
_TOKEN = re.compile(r"<[^>]*>[^<]*")

#: Redeals of what a viewer knows (``determinize``) an action of another seat must be legal in
#: to be named: an action open to the actor only through cards the viewer cannot see (a card
#: in a hidden hand) is missing from most redeals, from all eight but by a rare chance.
REDEALS = 8


def _observed(state: State, viewer: int | None) -> Any:
    """What ``viewer`` knows of ``state`` (a spectator: what every seat's view agrees on)."""
    if viewer is not None:
        return state.observation(viewer)
    return _agreed([state.observation(seat) for seat in range(state.num_players)])


def _agreed(views: Sequence[Any]) -> Any:
    """The parts every view in ``views`` holds alike; the rest is replaced by ``"?"``."""
    first = views[0]
    if isinstance(first, dict) and all(isinstance(v, dict) and v.keys() == first.keys() for v in views):
        return {key: _agreed([v[key] for v in views]) for key in first}
    if isinstance(first, list) and all(isinstance(v, list) and len(v) == len(first) for v in views):
        return [_agreed([v[i] for v in views]) for i in range(len(first))]
    return first if all(v == first for v in views) else "?"


def action_seen(before: State, action: Action, viewer: int | None) -> bool:
    """Whether ``viewer`` (a seat, or ``None`` for a spectator) can tell which action
    ``before.current_player`` took.

    A seat sees its own actions. Another seat's is named only when all of these hold: it was
    not a face-down choice beside others' (a simultaneous step); the viewer knew it was open to
    the actor (it is legal in each of :data:`REDEALS` redeals of what the viewer knows, so
    naming it reveals no hidden card); and no other legal action of its kind with another text
    would have left the viewer observing the same. A spectator sees what every other seat sees;
    in a two-player game, where the one other seat may know an action only as the owner of what
    it names (a card taken from its hand), the spectator must moreover tell it apart by what
    both seats' views agree on. The caption names the kind of action in any case.
    """
    actor = before.current_player
    if viewer is not None and viewer == actor:
        return True
    if len(before.acting_seats()) > 1:
        return False
    if viewer is None:
        others = [seat for seat in range(before.num_players) if seat != actor]
        if not all(_seen_by(before, action, seat) for seat in others):
            return False
        return len(others) > 1 or _distinct(before, action, None)
    return _seen_by(before, action, viewer)


def _seen_by(before: State, action: Action, viewer: int) -> bool:
    """Whether seat ``viewer`` tells ``action`` apart (see :func:`action_seen`)."""
    if not before.determinized:
        for seed in range(REDEALS):
            if action not in before.determinize(viewer, seed=seed).legal_actions():
                return False
    return _distinct(before, action, viewer)


def _distinct(state: State, action: Action, viewer: int | None) -> bool:
    """Whether every legal action of ``state`` of ``action``'s kind and another text leaves
    ``viewer`` observing other than ``action`` does."""
    seen = _observed(state.child(action), viewer)
    text, kind = str(action), action.kind
    return not any(
        other.kind == kind and str(other) != text and _observed(state.child(other), viewer) == seen
        for other in state.legal_actions()
    )


def _caption(before: State, action: Action, viewer: int | None) -> str:
    seat = before.current_player
    if action_seen(before, action, viewer):
        return f"seat {seat}: {action}"
    return f"seat {seat}: {action.kind.replace('_', ' ')} (hidden from this view)"


def _result(state: State) -> str:
    """The final result as HTML, or a note that the record stops before the end."""
    outcome = state.outcome
    if outcome is None:
        return html.escape(
            f"The record stops before the end: seat {state.current_player} decides {state.decision}."
        )
    winners = ", ".join(f"seat {s}" for s in outcome.winners) or "nobody (a draw)"
    rows = "".join(
        f"<tr><td>seat {seat}</td><td>{html.escape(str(score))}</td>"
        f"<td>{'won' if seat in outcome.winners else ''}</td></tr>"
        for seat, score in enumerate(outcome.scores)
    )
    return (
        f"<p>Game over ({html.escape(str(outcome.reason))}): won by {winners}.</p>"
        f"<table><tr><th>seat</th><th>score</th><th></th></tr>{rows}</table>"
    )


def _encode_pictures(pictures: Sequence[str]) -> dict[str, Any]:
    """The pictures as ``{"parts": [...], "edits": [...]}``: every distinct element once, and
    for each picture the edits ``[start, end, [part ids]]`` that make its list of part ids from
    the previous picture's (the first from an empty list). :func:`_decode_pictures` inverts it."""
    index: dict[str, int] = {}
    parts: list[str] = []
    edits: list[list[list[Any]]] = []
    previous: list[int] = []
    for picture in pictures:
        ids = []
        for token in _TOKEN.findall(picture):
            number = index.get(token)
            if number is None:
                number = index[token] = len(parts)
                parts.append(token)
            ids.append(number)
        edits.append(_edits(previous, ids))
        previous = ids
    return {"parts": parts, "edits": edits}


def _edits(old: list[int], new: list[int]) -> list[list[Any]]:
    """Edits ``[start, end, ids]`` (ascending, apart) that turn ``old`` into ``new``: the common
    head and tail are kept; between them, when both have the same length (a piece moved, a
    number changed), only the runs that differ are replaced, else the whole middle is.

    A general diff (difflib) finds smaller edits but took ~40 ms a picture of Dozen War."""
    head = 0
    limit = min(len(old), len(new))
    while head < limit and old[head] == new[head]:
        head += 1
    tail = 0
    while tail < limit - head and old[-1 - tail] == new[-1 - tail]:
        tail += 1
    old_end, new_end = len(old) - tail, len(new) - tail
    if old_end - head != new_end - head:
        return [[head, old_end, new[head:new_end]]] if head < old_end or head < new_end else []
    edits: list[list[Any]] = []
    i = head
    while i < old_end:
        if old[i] == new[i]:
            i += 1
            continue
        j = i + 1
        while j < old_end and (old[j] != new[j] or old[j + 1 : j + 3] != new[j + 1 : j + 3]):
            j += 1  # runs closer than three equal ids apart are merged: fewer, longer edits
        edits.append([i, j, new[i:j]])
        i = j
    return edits


def _decode_pictures(data: Mapping[str, Any]) -> list[str]:
    """The pictures :func:`_encode_pictures` encoded (what the page's script does)."""
    parts = data["parts"]
    pictures = []
    ids: list[int] = []
    for edits in data["edits"]:
        for start, end, new in reversed(edits):  # from the end, so earlier offsets stay valid
            ids[start:end] = new
        pictures.append("".join(parts[i] for i in ids))
    return pictures


def replay_html(game: Game[Any], record: Mapping[str, Any], seat: int | None = None) -> str:
    """One self-contained HTML page replaying ``record`` as ``seat`` sees it (``None``: a
    spectator): each position's picture and the action that led to it, stepped through by
    buttons, the arrow keys (Home/End for the ends) and a slider, and the final result."""
    if seat is not None:
        if isinstance(seat, bool) or not isinstance(seat, int):
            raise ValueError(f"seat must be an int or None, got {seat!r}")
        players = record.get("players") if isinstance(record, Mapping) else None
        if isinstance(players, int) and not 0 <= seat < players:
            raise ValueError(f"seat must be 0 to {players - 1} for this record, got {seat}")
    pictures: list[str] = []
    captions = ["the start"]

    def observe(number: int, state: State, action: Action) -> None:
        pictures.append(state.svg(seat))
        captions.append(_caption(state, action, seat))

    final = game.replay(record, observe=observe)
    pictures.append(final.svg(seat))
    data = {"captions": captions, **_encode_pictures(pictures)}
    # Inside <script> only "<" could end the block early; JSON reads \u003c back as "<".
    payload = json.dumps(data, separators=(",", ":"), ensure_ascii=False).replace("<", "\\u003c")
    view = "a spectator" if seat is None else f"seat {seat}"
    title = html.escape(f"{game.title}: replay as {view}")
    return _PAGE.format(
        title=title,
        subtitle=html.escape(
            # No seed: it deals every hidden card, which the page shows no seat.
            f"{final.num_players} players, options {dict(final.options)}, {len(captions) - 1} actions"
        ),
        last=len(captions) - 1,
        result=_result(final),
        payload=payload,
        script=_SCRIPT,
    )


_SCRIPT = """
(function () {
  "use strict";
  var data = JSON.parse(document.getElementById("data").textContent);
  var parts = data.parts, frames = [], ids = [];
  data.edits.forEach(function (edits) {
    for (var k = edits.length - 1; k >= 0; k--) {
      var e = edits[k];
      Array.prototype.splice.apply(ids, [e[0], e[1] - e[0]].concat(e[2]));
    }
    frames.push(ids.slice());
  });
  var last = frames.length - 1, shown = -1, at = 0;
  var picture = document.getElementById("picture"), slider = document.getElementById("slider");
  var move = document.getElementById("move"), caption = document.getElementById("caption");
  function show(n) {
    at = Math.max(0, Math.min(last, n));
    if (at === shown) { return; }
    shown = at;
    picture.innerHTML = frames[at].map(function (i) { return parts[i]; }).join("");
    slider.value = String(at);
    move.textContent = "move " + at + " of " + last;
    caption.textContent = data.captions[at];
  }
  document.getElementById("first").addEventListener("click", function () { show(0); });
  document.getElementById("back").addEventListener("click", function () { show(at - 1); });
  document.getElementById("forward").addEventListener("click", function () { show(at + 1); });
  document.getElementById("end").addEventListener("click", function () { show(last); });
  slider.addEventListener("input", function () { show(Number(slider.value)); });
  document.addEventListener("keydown", function (event) {
    var to = {ArrowLeft: at - 1, ArrowRight: at + 1, Home: 0, End: last}[event.key];
    if (to === undefined || event.target === slider) { return; }
    event.preventDefault();
    show(to);
  });
  show(0);
}());
"""

_PAGE = """<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'; \
script-src 'unsafe-inline'">
<title>{title}</title>
<style>
body {{ font-family: sans-serif; margin: 1em; background: #fbfaf6; color: #222; }}
#controls {{ display: flex; gap: .5em; align-items: center; margin: .5em 0; }}
#slider {{ flex: 1; }}
#caption {{ font-weight: bold; min-height: 1.3em; }}
#picture svg {{ max-width: 100%; height: auto; }}
table {{ border-collapse: collapse; }} td, th {{ padding: 2px 10px; text-align: left; }}
</style></head><body>
<h1>{title}</h1>
<p>{subtitle}</p>
<div id="controls">
<button id="first" title="first position (Home)">|&#x25C0;</button>
<button id="back" title="back (left arrow)">&#x25C0;</button>
<input id="slider" type="range" min="0" max="{last}" value="0" aria-label="position">
<button id="forward" title="forward (right arrow)">&#x25B6;</button>
<button id="end" title="last position (End)">&#x25B6;|</button>
<span id="move"></span>
</div>
<div id="caption"></div>
<div id="picture"></div>
<h2>Result</h2>
<div id="result">{result}</div>
<script type="application/json" id="data">{payload}</script>
<script>{script}</script>
</body></html>
"""
