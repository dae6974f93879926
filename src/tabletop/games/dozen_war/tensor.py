"""The observation as a fixed-length vector: ``encode(observation(seat), seat)``, a flat list of
floats of length ``shape(players, options)[0]``, read from the observation dict alone (and the
static component data), so nothing hidden reaches it.

Conventions: seats are relative to the viewer (``seat, seat+1, ...`` in seat order; a seat
value is encoded at ``(value - seat) % n``), and alliance teams relative to the viewer's team.
One-hots and multi-hots are 0/1. Counts and amounts are divided by a documented maximum:
``SCALE`` = 10 for coins, cards, skulls, HP and numbers of an attack, the round by 8 (R9.6),
the Engage turn count by 100 (R11.9), the bank by 30 (R2.6a), map tokens under a mountain by 3.
Cells are the map's (rows x cols, row-major): 13 x 13 for ``ffa4`` and ``alliance``, 11 x 11 for
``ffa3``, 8 x 8 for ``engage``. Unit ids index unit slots (``MAX_UNITS`` = 200: a general's id
is its catalog index, soldiers follow). Card copies, event copies, generals, skills and tokens
are multi-hot in catalog order.

Layout, in order (``n`` players, ``N`` cells, ``U`` = ``MAX_UNITS``):

* header — mode one-hot (``MODES``), round, turn number, decision one-hot (``DECISIONS``,
  ``over`` last), ``current_player`` by relative seat (n), turn-order position one-hot (n),
  each relative seat's place in the turn order one-hot (n x n), the bank, the deck's size, the
  discard pile (60 copies), the events left, the events done (40 copies), the banned
  generals (12), whether the volcano stands, the spent tokens (9), the turn flags (acted,
  attack skill used, card played, attacked, Engage idle turns / 5), the leader (relative
  seat; in alliance relative team, 2 slots used), the outcome: over, winners by relative
  seat (n), reason one-hot (``REASONS``), as :func:`tabletop.core.tensors.outcome` writes it.
* per relative seat (n blocks of ``seat_size``) — home one-hot (the map's homes, sorted, 4
  slots), an ally of the viewer (the viewer's own block included), coins, hand size, the hand's
  copies if seen (60: the viewer's own; a steal victim's while choosing; everyone's once over),
  skulls, castles taken, roster: 3 slots one-hot over the 12 generals, skills marked (36),
  skills used (36), a soldier died, eliminated, Engage's defence skill and card used, this
  round's modifiers: amount per (units, stat) of the events' ``round_modifier`` (``MODIFIERS``).
* grid planes (``PLANES`` planes of N cells, plane after plane) — mountain now, tokens under it,
  castle: owner by relative seat (n), type (infantry, cavalry, archer), HP / 2, taken by
  relative seat (n) or by nobody (1); loose map tokens (9); units by relative owner (n x 6):
  general, soldiers of each class (4, counts / 5: a disguise changes a class), HP sum; the
  castles declared as targets of the attack (count), already chosen (count), the castle the hit
  is on; the top task's cells to choose, its candidate castles.
* unit slots (U blocks of ``unit_size``, by unit id) — present, owner by relative seat (n),
  class (4), HP, row / rows, column / cols, map pieces (9), flags (moved, attacked, dug,
  warped, guarded, acted, gave), extra move / 3, buffs (move, damage, range, strikes,
  unguardable, max targets, star), statuses (stun, root, freeze, silence x until end of turn,
  until the owner's next turn end), evasion faces 1-6, movement cards played on it this turn
  (``MOVEMENT_CARDS``: the designs whose buff adds moves), made a hit on the units of
  relative seat (n) this turn; the attack's unit, declared target (count), chosen target
  (count); the hit's target, receiver, guard; heals declared in the window (sum); among the
  top task's candidates, among its picked.
* attack in progress — present, player by relative seat (n), source one-hot (normal, 36
  skills, 30 designs; none for a strike whose effect names no source, as an event's would), card one-hot (none, 30 designs), the 8 numbers (damage, range, star,
  guardable, splash, splash extra, max targets, extra hits), status one-hot (none, 4), ray
  one-hot (none, 8 directions), heal of the user.
* hit in progress — present, its 4 numbers (damage, star, guardable, HP lost), status one-hot,
  cancelled, skill used, card used, the after-hit effects queued: count and fingerprint.
* agenda — its length; the top ``TOP_TASKS`` tasks, top first: kind one-hot (``DECISIONS``),
  seat by relative seat (n, none for -1), the task's data as a feature-hashed bag (``BAG``
  buckets: a count per hashed ``path=value`` leaf, / ``SCALE``) and its fingerprint; the tasks
  below them: count and fingerprint.

Rulings: the agenda's task data and the hit's after-hit effects are open-ended JSON (the effect
engine's parameters): they are encoded as a feature-hashed bag (crc32 of each ``path=value``
leaf, so the same on every run) for learning, plus a fingerprint (crc32 of the canonical JSON,
/ 2**32) so that different data give different tensors; seat numbers inside them are not made
relative. The order of the discard pile, events done, marks, used skills, spent tokens and
banned generals is not encoded (sets: no rule reads their order); the roster's is.
"""

from __future__ import annotations

import json
import zlib
from collections.abc import Iterator, Mapping
from typing import Any

from tabletop.core.tensors import Vocabulary, outcome, seat_order

from .actions import ACTION_COLS, CASTLE_BASE
from .agenda import AUTO, DECIDE
from .components import (
    BANK_COINS,
    CARD_COPIES,
    CARDS,
    CASTLE_HP,
    CLASSES,
    ENGAGE_IDLE_LIMIT,
    ENGAGE_TURN_LIMIT,
    EVENT_COPIES,
    EVENTS,
    GENERAL_IDS,
    LAST_ROUND,
    MAPS,
    MAX_UNITS,
    MODE_MAP,
    SKILLS,
    TOKENS,
)
from .model import STATUSES, UNTIL_END_OF_TURN, UNTIL_OWNER_NEXT_TURN_END

SCALE = 10.0
MODES: tuple[str, ...] = ("ffa4", "ffa3", "alliance", "engage")
REASONS: tuple[str, ...] = (
    "score",
    "five_map_pieces",
    "last_standing",
    "engage_general_killed",
    "engage_five_idle_turns",
    "engage_turn_limit",
    "engage_draw",
    "all_eliminated",
)
TOP_TASKS = 4
BAG = 32
SOLDIER_SCALE = 5.0
MOUNTAIN_TOKENS = 3.0
#: The most homes on a map, the generals a seat has, the directions a ray may take.
HOMES = 4
ROSTER = 3
RAYS = 8


def _walk(value: Any) -> Iterator[dict[str, Any]]:
    if isinstance(value, dict):
        yield value
        for item in value.values():
            yield from _walk(item)
    elif isinstance(value, (list, tuple)):
        for item in value:
            yield from _walk(item)


#: (units, stat) pairs of the events' round modifiers (R14, E11-E13), from the event data.
MODIFIERS: tuple[tuple[str, str], ...] = tuple(
    sorted(
        {
            (str(op["units"]), str(op["stat"]))
            for design in EVENTS.values()
            for result in (design.low, design.high)
            for op in _walk(list(result.effects))
            if op.get("op") == "round_modifier"
        }
    )
)


#: The movement cards (R6.5): the designs whose buff adds moves, the only ones a unit records
#: as played on it this turn (``boosted_by``).
MOVEMENT_CARDS: tuple[str, ...] = tuple(
    design
    for design, card in CARDS.items()
    if any(op.get("op") == "buff" and op.get("move") for op in _walk(list(card.effect)))
)


def _decisions() -> tuple[str, ...]:
    # Every task kind the engine registers (decisions and automatic steps), then "over".
    return (*sorted(set(AUTO) | set(DECIDE)), "over")


_COPY = {copy: i for i, copy in enumerate(CARD_COPIES)}
_EVENT_COPY = {copy: i for i, copy in enumerate(EVENT_COPIES)}
_DESIGN = {design: i for i, design in enumerate(CARDS)}
_MOVEMENT = {design: i for i, design in enumerate(MOVEMENT_CARDS)}
_GENERAL = {general: i for i, general in enumerate(GENERAL_IDS)}
_SKILL = {skill: i for i, skill in enumerate(SKILLS)}
_TOKEN = {token: i for i, token in enumerate(TOKENS)}
_CLASS = {cls: i for i, cls in enumerate(CLASSES)}
_STATUS = {status: i for i, status in enumerate(STATUSES)}
_DURATION = {UNTIL_END_OF_TURN: 0, UNTIL_OWNER_NEXT_TURN_END: 1}
_MODE = {mode: i for i, mode in enumerate(MODES)}
_REASONS = Vocabulary(REASONS)
_MODIFIER = {pair: i for i, pair in enumerate(MODIFIERS)}
_CASTLE_TYPE = {"infantry": 0, "cavalry": 1, "archer": 2}
#: An attack's source: a normal attack, a skill or a card design.
_SOURCE = {
    "normal": 0,
    **{s: 1 + i for i, s in enumerate(SKILLS)},
    **{d: 1 + len(SKILLS) + i for i, d in enumerate(CARDS)},
}

_NCOPY, _NEVENT, _NDESIGN = len(CARD_COPIES), len(EVENT_COPIES), len(CARDS)
_NGEN, _NSKILL, _NTOKEN, _NCLASS = len(GENERAL_IDS), len(SKILLS), len(TOKENS), len(CLASSES)


def _mode_key(players: int, mode: Any) -> str:
    if mode is None:
        mode = "engage" if players == 2 else "ffa"
    return f"ffa{players}" if mode == "ffa" else str(mode)


class Layout:
    """Where each section of the tensor starts, and its sizes, for one player count and mode
    (the attribute names follow the module doc's sections)."""

    def __init__(self, players: int, mode: str) -> None:
        n = self.n = players
        spec = MAPS[MODE_MAP[mode]]
        self.rows, self.cols = spec.grid.rows, spec.grid.cols
        self.cells = spec.grid.rows * spec.grid.cols
        self.homes = {home: i for i, home in enumerate(sorted(spec.homes))}
        self.decisions = {kind: i for i, kind in enumerate(_decisions())}
        nd = len(self.decisions)
        at = 0
        self.mode = at
        at += len(MODES)
        self.round = at
        at += 2  # round, turn number
        self.decision = at
        at += nd
        self.current = at
        at += n
        self.position = at
        at += n
        self.order = at
        at += n * n
        self.piles = at  # bank, deck, discard copies, events left, events done, banned, volcano, spent
        at += 2 + _NCOPY + 1 + _NEVENT + _NGEN + 1 + _NTOKEN
        self.flags = at
        at += 5
        self.leader = at
        at += n
        self.outcome = at
        at += 1 + n + len(REASONS)
        # per relative seat
        self.seat_size = HOMES + 4 + _NCOPY + 2 + ROSTER * _NGEN + 2 * _NSKILL + 4 + len(MODIFIERS)
        self.seats = at
        at += n * self.seat_size
        # planes
        self.p_mountain = 0
        self.p_tokens = 1
        self.p_castle_owner = 2
        self.p_castle_type = self.p_castle_owner + n
        self.p_castle_hp = self.p_castle_type + 3
        self.p_castle_taken = self.p_castle_hp + 1  # n seats, then nobody
        self.p_loose = self.p_castle_taken + n + 1
        self.p_units = self.p_loose + _NTOKEN  # per relative owner: general, 4 classes, HP
        self.p_targets = self.p_units + 6 * n  # declared, chosen, hit
        self.p_task_cells = self.p_targets + 3
        self.p_task_castles = self.p_task_cells + 1
        self.planes_count = self.p_task_castles + 1
        self.planes = at
        at += self.planes_count * self.cells
        # unit slots
        self.u_owner = 1
        self.u_class = self.u_owner + n
        self.u_hp = self.u_class + _NCLASS
        self.u_cell = self.u_hp + 1
        self.u_pieces = self.u_cell + 2
        self.u_flags = self.u_pieces + _NTOKEN  # 7 flags, extra move
        self.u_buffs = self.u_flags + 8
        self.u_statuses = self.u_buffs + 7
        self.u_evasion = self.u_statuses + 2 * len(STATUSES)
        self.u_boosted = self.u_evasion + 6
        self.u_hitter = self.u_boosted + len(MOVEMENT_CARDS)
        self.u_combat = self.u_hitter + n  # attacker, declared, chosen, hit target, receiver, guard, heals
        self.u_task = self.u_combat + 7  # candidate, picked
        self.unit_size = self.u_task + 2
        self.units = at
        at += MAX_UNITS * self.unit_size
        # attack, hit, agenda
        self.attack = at
        at += 1 + n + len(_SOURCE) + 1 + _NDESIGN + 8 + 1 + len(STATUSES) + 1 + RAYS + 1
        self.hit = at
        at += 1 + 4 + 1 + len(STATUSES) + 3 + 2
        self.agenda = at
        self.task_size = nd + n + 1 + BAG + 1
        at += 1 + TOP_TASKS * self.task_size + 2
        self.size = at


_LAYOUT_CACHE: dict[tuple[int, str], Layout] = {}


def layout(players: int, mode: str) -> Layout:
    """The offsets of the sections for ``players`` and a mode key (``ffa4``, ``engage``...)."""
    found = _LAYOUT_CACHE.get((players, mode))
    if found is None:
        found = _LAYOUT_CACHE[players, mode] = Layout(players, mode)
    return found


def shape(num_players: int, options: Mapping[str, Any]) -> tuple[int, ...]:
    """The shape ``(size,)`` of every seat's tensor for ``num_players`` and the ``mode`` option
    (the map's size sets the grid planes)."""
    return (layout(num_players, _mode_key(num_players, options.get("mode"))).size,)


def _fingerprint(value: Any) -> float:
    """A number that differs, but for a 1 in 2**32 chance, between different JSON values."""
    return zlib.crc32(json.dumps(value, sort_keys=True, separators=(",", ":")).encode()) / 2.0**32


def _leaves(value: Any, path: str) -> Iterator[str]:
    if isinstance(value, dict):
        for key in sorted(value):
            yield from _leaves(value[key], f"{path}.{key}")
    elif isinstance(value, list):
        for i, item in enumerate(value):
            yield from _leaves(item, f"{path}[{i}]")
    else:
        yield f"{path}={json.dumps(value)}"


def _bag(out: list[float], at: int, value: Any) -> None:
    for leaf in _leaves(value, ""):
        out[at + zlib.crc32(leaf.encode()) % BAG] += 1.0 / SCALE


def encode(view: dict[str, Any], seat: int) -> list[float]:
    """``view`` (``observation(seat)``) as the flat vector the module doc lays out."""
    n = len(view["coins"])
    mode = view["mode"]
    lay = layout(n, mode)
    out = [0.0] * lay.size
    cells, cols = lay.cells, lay.cols

    relative = [(s - seat) % n for s in range(n)]
    rel = relative.__getitem__

    # header
    out[lay.mode + _MODE[mode]] = 1.0
    out[lay.round] = view["round"] / LAST_ROUND
    out[lay.round + 1] = view["turn_number"] / ENGAGE_TURN_LIMIT
    out[lay.decision + lay.decisions[view["decision"]]] = 1.0
    current = view["current_player"]
    if current is not None:
        out[lay.current + rel(current)] = 1.0
    if view["position"] < n:
        out[lay.position + view["position"]] = 1.0
    for place, s in enumerate(view["order"]):
        out[lay.order + n * rel(s) + place] = 1.0
    at = lay.piles
    out[at] = view["bank"] / BANK_COINS
    out[at + 1] = view["deck"] / SCALE
    at += 2
    for copy in view["discard"]:
        out[at + _COPY[copy]] = 1.0
    at += _NCOPY
    out[at] = view["events"] / SCALE
    at += 1
    for copy in view["events_done"]:
        out[at + _EVENT_COPY[copy]] = 1.0
    at += _NEVENT
    for general in view["banned"]:
        out[at + _GENERAL[general]] = 1.0
    at += _NGEN
    out[at] = 1.0 if view["volcano_up"] else 0.0
    for token in view["spent_tokens"]:
        out[at + 1 + _TOKEN[token]] = 1.0
    flags = view["turn_flags"]
    for i in range(4):
        out[lay.flags + i] = 1.0 if flags[i] else 0.0
    out[lay.flags + 4] = flags[4] / ENGAGE_IDLE_LIMIT
    side_of = view["side_of"]
    leader = view["leader"]
    if leader is not None:
        out[lay.leader + ((leader - side_of[seat]) % 2 if mode == "alliance" else rel(leader))] = 1.0
    outcome(out, lay.outcome, view["outcome"], seat_order(seat, n), _REASONS)

    # per relative seat
    marks, used, roster = view["marks"], view["used_skills"], view["roster"]
    skull, taken, coins, hands = view["skulls"], view["castles_taken"], view["coins"], view["hands"]
    died, gone = view["soldier_died"], view["eliminated"]
    defence_skill, defence_card = view["defence_used"]
    for s in range(n):
        b = lay.seats + lay.seat_size * rel(s)
        out[b + lay.homes[view["home"][s]]] = 1.0
        b += HOMES
        out[b] = 1.0 if side_of[s] == side_of[seat] else 0.0
        out[b + 1] = coins[s] / SCALE
        hand = hands[s]
        if isinstance(hand, list):
            out[b + 2] = len(hand) / SCALE
            for copy in hand:
                out[b + 3 + _COPY[copy]] = 1.0
        else:
            out[b + 2] = hand / SCALE
        b += 3 + _NCOPY
        out[b] = skull[s] / SCALE
        out[b + 1] = taken[s] / SCALE
        b += 2
        for slot, general in enumerate(roster[s]):
            out[b + _NGEN * slot + _GENERAL[general]] = 1.0
        b += ROSTER * _NGEN
        for skill in marks[s]:
            out[b + _SKILL[skill]] = 1.0
        b += _NSKILL
        for skill in used[s]:
            out[b + _SKILL[skill]] = 1.0
        b += _NSKILL
        out[b] = 1.0 if died[s] else 0.0
        out[b + 1] = 1.0 if gone[s] else 0.0
        out[b + 2] = 1.0 if defence_skill[s] else 0.0
        out[b + 3] = 1.0 if defence_card[s] else 0.0
    for owner, units, stat, amount in view["modifiers"]:
        b = lay.seats + lay.seat_size * rel(owner) + lay.seat_size - len(MODIFIERS)
        out[b + _MODIFIER[units, stat]] += amount / SCALE

    # grid planes
    planes = lay.planes
    for cell in view["terrain"]:
        out[planes + lay.p_mountain * cells + cell] = 1.0
    for cell, count in view["mountains"].items():
        out[planes + lay.p_tokens * cells + int(cell)] = count / MOUNTAIN_TOKENS
    castles = view["castles"]
    for cell, owner, kind, hp, taken_by in castles:
        out[planes + (lay.p_castle_owner + rel(owner)) * cells + cell] = 1.0
        out[planes + (lay.p_castle_type + _CASTLE_TYPE[kind]) * cells + cell] = 1.0
        out[planes + lay.p_castle_hp * cells + cell] = hp / CASTLE_HP
        if taken_by is not None:
            by = n if taken_by < 0 else rel(taken_by)
            out[planes + (lay.p_castle_taken + by) * cells + cell] = 1.0
    for cell, tokens in view["loose"].items():
        for token in tokens:
            out[planes + (lay.p_loose + _TOKEN[token]) * cells + int(cell)] += 1.0

    # units: planes and slots (offsets in locals: this loop runs for every unit on the board)
    units_at = lay.units
    size = lay.unit_size
    unit_planes = planes + lay.p_units * cells
    rows = lay.rows
    u_owner, u_class, u_hp, u_cell = lay.u_owner, lay.u_class, lay.u_hp, lay.u_cell
    u_pieces, u_flags, u_buffs, u_statuses = lay.u_pieces, lay.u_flags, lay.u_buffs, lay.u_statuses
    u_evasion, u_boosted = lay.u_evasion, lay.u_boosted
    soldier = 1.0 / SOLDIER_SCALE
    for unit in view["units"]:
        uid = unit["id"]
        if not 0 <= uid < MAX_UNITS:
            raise ValueError(f"unit id {uid} is outside the {MAX_UNITS} unit slots")
        b = units_at + size * uid
        owner = relative[unit["owner"]]
        cls = _CLASS[unit["class"]]
        cell = unit["cell"]
        hp = unit["hp"]
        plane = unit_planes + 6 * owner * cells + cell
        if unit["general"]:
            out[plane] += 1.0
        else:
            out[plane + (1 + cls) * cells] += soldier
        out[plane + 5 * cells] += hp / SCALE
        out[b] = 1.0
        out[b + u_owner + owner] = 1.0
        out[b + u_class + cls] = 1.0
        out[b + u_hp] = hp / SCALE
        out[b + u_cell] = (cell // cols + 1) / rows
        out[b + u_cell + 1] = (cell % cols + 1) / cols
        for token in unit["pieces"]:
            out[b + u_pieces + _TOKEN[token]] = 1.0
        unit_flags = unit["flags"]
        if any(unit_flags):
            for i in range(7):
                if unit_flags[i]:
                    out[b + u_flags + i] = 1.0
            out[b + u_flags + 7] = unit_flags[7] / 3.0
        buffs = unit["buffs"]
        if any(buffs):
            for i, buff in enumerate(buffs):
                out[b + u_buffs + i] = float(buff)
        for status, duration in unit["statuses"]:
            out[b + u_statuses + 2 * _STATUS[status] + _DURATION[duration]] = 1.0
        for face in unit["evasion"]:
            out[b + u_evasion + face - 1] = 1.0
        for design in unit["boosted_by"]:
            out[b + u_boosted + _MOVEMENT[design]] = 1.0
    for s, hitters in enumerate(view["hitters"]):
        for uid in hitters:
            out[units_at + size * uid + lay.u_hitter + rel(s)] = 1.0

    def mark(target: int, unit_offset: int, plane: int | None) -> None:
        """A unit or castle reference: a unit slot's entry, or the castle's cell in a plane."""
        if target >= CASTLE_BASE:
            if plane is not None:
                out[planes + plane * cells + castles[target - CASTLE_BASE][0]] += 1.0
        elif 0 <= target < MAX_UNITS:
            out[units_at + size * target + unit_offset] += 1.0

    combat = lay.u_combat
    attack = view["attack"]
    if attack is not None:
        b = lay.attack
        out[b] = 1.0
        out[b + 1 + rel(attack["player"])] = 1.0
        b += 1 + n
        source = _SOURCE.get(attack["source"])  # None: a strike whose effect names no source
        if source is not None:
            out[b + source] = 1.0
        b += len(_SOURCE)
        out[b + (0 if not attack["card"] else 1 + _DESIGN[attack["card"]])] = 1.0
        b += 1 + _NDESIGN
        for i, number in enumerate(attack["numbers"]):
            out[b + i] = number / SCALE
        b += 8
        out[b + (0 if not attack["status"] else 1 + _STATUS[attack["status"]])] = 1.0
        b += 1 + len(STATUSES)
        out[b + (0 if attack["ray"] is None else 1 + attack["ray"])] = 1.0
        out[b + 1 + RAYS] = attack["heal_user"] / SCALE
        if attack["unit"] is not None:
            mark(attack["unit"], combat, None)
        for target in attack["targets"]:
            mark(target, combat + 1, lay.p_targets)
        for target in attack["chosen"]:
            mark(target, combat + 2, lay.p_targets + 1)
    hit = view["hit"]
    if hit is not None:
        b = lay.hit
        out[b] = 1.0
        for i, number in enumerate(hit["numbers"]):
            out[b + 1 + i] = number / SCALE
        b += 5
        out[b + (0 if not hit["status"] else 1 + _STATUS[hit["status"]])] = 1.0
        b += 1 + len(STATUSES)
        out[b] = 1.0 if hit["cancelled"] else 0.0
        out[b + 1] = 1.0 if hit["used"][0] else 0.0
        out[b + 2] = 1.0 if hit["used"][1] else 0.0
        out[b + 3] = len(hit["after"]) / SCALE
        out[b + 4] = _fingerprint(hit["after"])
        mark(hit["target"], combat + 3, lay.p_targets + 2)
        mark(hit["receiver"], combat + 4, None)
        if hit["guard"] is not None:
            mark(hit["guard"], combat + 5, None)
        for uid, amount in hit["heals"]:
            if 0 <= uid < MAX_UNITS:
                out[units_at + size * uid + combat + 6] += amount / SCALE

    # agenda, top first
    agenda = view["agenda"]
    b = lay.agenda
    out[b] = len(agenda) / SCALE
    b += 1
    for task in agenda[: -TOP_TASKS - 1 : -1]:
        out[b + lay.decisions[task["kind"]]] = 1.0
        task_seat = task["seat"]
        out[b + len(lay.decisions) + (n if task_seat < 0 else rel(task_seat))] = 1.0
        bag = b + len(lay.decisions) + n + 1
        _bag(out, bag, task["data"])
        out[bag + BAG] = _fingerprint(task["data"])
        b += lay.task_size
    below = agenda[:-TOP_TASKS]
    at = lay.agenda + 1 + TOP_TASKS * lay.task_size
    out[at] = len(below) / SCALE
    if below:
        out[at + 1] = _fingerprint(below)
    if agenda:
        data = agenda[-1]["data"]
        task_cells = planes + lay.p_task_cells * cells
        for code in data.get("cells", ()):
            # A choice's cells are numbered as actions number them (13 a row on every map).
            row, col = divmod(code, ACTION_COLS)
            out[task_cells + row * cols + col] = 1.0
        for target in data.get("cands", ()):
            if isinstance(target, int):
                mark(target, lay.u_task, lay.p_task_castles)
        for target in data.get("picked", ()):
            if isinstance(target, int):
                mark(target, lay.u_task + 1, None)
    return out


__all__ = [
    "BAG",
    "MODES",
    "MODIFIERS",
    "MOVEMENT_CARDS",
    "REASONS",
    "SCALE",
    "TOP_TASKS",
    "Layout",
    "encode",
    "layout",
    "shape",
]
