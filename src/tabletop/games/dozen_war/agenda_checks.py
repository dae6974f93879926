"""The agenda a save holds, as the engine writes it: the order its tasks are pushed in, the
keys and types of each task's data, each choice's parameters and what an effect keeps in its
context. Part of the load checks (:mod:`.invariants`); a trusted save breaking any of these
loaded, then failed an assertion or raised mid-apply."""

from __future__ import annotations

import json
from collections.abc import Callable, Collection, Iterator, Mapping
from typing import Any

from tabletop.core.describe import shown

from .actions import CASTLE_BASE
from .components import CARDS, CLASSES, EVENTS, MAX_UNITS, SKILLS, TOKENS, MapSpec
from .interpreter import FINISH_CELL, FINISH_OPTION, FINISH_SELECT
from .model import STATUSES, Task

_CLASSES = frozenset(CLASSES)


#: The round's own steps: each replaces the last, so one of them is always the agenda's bottom
#: task and none ever lies above another task.
ROUND_STEPS = frozenset({"round_start", "round_end", "turn_start", "turn", "end_turn"})
#: The task directly below each task that is pushed at one place in the engine, onto a known
#: task: setup's agenda (``setup.new_state``, the draft, Engage's armies), an attack's steps
#: (``combat.declare`` and the hit's window), the Lucky Necklace's window and the alliance's
#: card swap. Tasks pushed from many places (effects, choices, discards, events) are not listed.
#: A trusted save with these out of order loaded, then failed an assertion or found no legal
#: action a few decisions later.
TASK_BELOW: dict[str, frozenset[str]] = {
    kind: frozenset(below)
    for kind, below in {
        "place_tokens": ("round_start",),
        "place_start_piece": ("place_tokens", "place_start_piece"),
        "deploy_generals": ("place_tokens", "place_start_piece", "deploy_generals"),
        "deploy_soldiers": ("deploy_generals",),
        "deal_generals": ("deploy_soldiers",),
        "draft_banned_round": ("deploy_soldiers",),
        "draft_pick": ("deploy_soldiers", "draft_banned_round", "draft_pick"),
        "draft_ban": ("draft_pick", "draft_ban"),
        "engage_deal": ("round_start",),
        "engage_deploy": ("engage_deal", "engage_pick"),
        "engage_army": ("engage_deploy",),
        "engage_pick": ("engage_army",),
        "revive": ("turn",),
        "attack_end": ("turn", "effect"),
        "next_hit": ("attack_end",),
        "attack_targets": ("next_hit",),
        "attack_numbers": ("attack_targets",),
        "target": ("next_hit",),
        "resolve_hit": ("next_hit",),
        "window": ("resolve_hit",),
        "guard": ("window", "counter"),
        "defence_skill": ("window",),
        "defence_card": ("window",),
        "necklace_window": ("attack_numbers", "effect"),
        "necklace": ("necklace_window",),
        "card_swap_offer": ("event", "card_swap_offer"),
        "card_swap_answer": ("event", "card_swap_offer"),
    }.items()
}


def check_task_order(tasks: list[Task]) -> None:
    """The agenda is a stack the engine built: a round step at the bottom and nowhere else, each
    task of ``TASK_BELOW`` on one it can be pushed onto, and Engage's army waiting to be placed
    (an ``engage_deploy`` with its pieces) only on top."""
    if tasks[0].kind not in ROUND_STEPS:
        raise ValueError(f"tasks[0] is {tasks[0].kind!r}, not one of the round's steps {sorted(ROUND_STEPS)}")
    for index in range(1, len(tasks)):
        kind = tasks[index].kind
        below = tasks[index - 1].kind
        if kind in ROUND_STEPS:
            raise ValueError(f"tasks[{index}] is the round step {kind!r}, which is only ever the bottom task")
        allowed = TASK_BELOW.get(kind)
        if allowed is not None and below not in allowed:
            raise ValueError(
                f"tasks[{index}] ({kind!r}) lies on {below!r}; the engine puts it only on {sorted(allowed)}"
            )
    for index, task in enumerate(tasks):
        if task.kind == "engage_deploy" and ("pieces" in task.data) != (index == len(tasks) - 1):
            raise ValueError(
                f"tasks[{index}] (engage_deploy) {'has' if 'pieces' in task.data else 'lacks'} the army to "
                "place: only the top one is placing an army, the ones below wait for their army"
            )


def is_int(value: object) -> bool:
    """An int saved as one: not a bool, a float or a subclass (JSON gives plain ints)."""
    return type(value) is int


def _bool(value: object) -> bool:
    return type(value) is bool


def _str(value: object) -> bool:
    return type(value) is str


def _dict(value: object) -> bool:
    return type(value) is dict


def _ints(value: object) -> bool:
    return type(value) is list and all(type(item) is int for item in value)


def _strs(value: object) -> bool:
    return type(value) is list and all(type(item) is str for item in value)


_Check = Callable[[object], bool]


def _one_of(*names: Collection[str]) -> _Check:
    """A check that a value is a name in one of ``names``."""
    return lambda value: type(value) is str and any(value in group for group in names)


#: An event design, a card design or none, a card design.
_event, _card_or_none, _card = _one_of(EVENTS), _one_of(CARDS, ("",)), _one_of(CARDS)
#: The data each task kind is pushed with (``push`` and ``ask_*`` calls), as the keys its
#: handler reads and the type of each: one set of keys per way the engine pushes it.
TASK_DATA: dict[str, tuple[dict[str, _Check], ...]] = {
    "assign_stolen_piece": ({"cell": is_int, "generals": _ints, "piece": _str},),
    "attack_numbers": ({"card": _card_or_none},),
    "card_swap_answer": ({"offer": _card, "offerer": is_int},),
    "card_swap_offer": ({"partner": is_int},),
    "counter": ({"credit": is_int, "damage": is_int, "i": is_int, "order": _ints, "target": is_int},),
    "discard": ({"count": is_int},),
    "draft_pick": ({}, {"pool": _one_of(("banned",))}),
    "effect": ({"after": _bool, "ctx": _dict, "i": is_int, "ref": _strs, "user": is_int, "window": _bool},),
    "engage_deal": ({"order": _ints},),
    "engage_deploy": ({}, {"pieces": _strs}),
    "event_pay": ({"event": _event},),
    "event_roll": ({"event": _event},),
    "guard": ({}, {"counter": _bool, "target": is_int}),
    "necklace_window": ({"card": _card, "seats": _ints},),
    "splash": ({"cell": is_int, "d": _ints, "damage": is_int, "extra": is_int, "units": _ints},),
    "splash_target": ({"cell": is_int, "d": _ints, "damage": is_int, "extra": is_int, "units": _ints},),
    "steal_piece": ({"cell": is_int, "piece": _str},),
    "target": ({"phase": _one_of(("declare", "hit"))},),
    "window": ({"i": is_int, "order": _ints, "stage": _str},),
}
#: The choices the effect interpreter asks: the keys every one has, and the extra parameters
#: its purposes pass (``ask_cell``, ``ask_option``, ``ask_select``), each of one type.
CHOICE_DATA: dict[str, dict[str, _Check]] = {
    "choose_cell": {"cells": _ints, "purpose": _str},
    "choose_option": {"options": _strs, "purpose": _str},
    "select": {"cands": _ints, "max": is_int, "params": _dict, "picked": _ints, "purpose": _str},
}
CHOICE_PARAMS: dict[str, _Check] = {
    "anchors": _ints,
    "castle": is_int,
    "cls": _one_of(CLASSES),
    "count": is_int,
    "dodge": _bool,
    "faces": _ints,
    "may_act": _bool,
    "owner": is_int,
    "piece": _str,
    "unit": is_int,
    "victim": is_int,
    "within": is_int,
}


def data_dicts() -> Iterator[dict[str, Any]]:
    """Every dict the data's skills, cards, event outcomes and tokens hold: each operation, and
    each dict nested in one (selectors, a dice strike's branches, nested operations)."""
    stack: list[object] = [
        *(skill.effect for skill in SKILLS.values()),
        *(card.effect for card in CARDS.values()),
        *(outcome.effects for event in EVENTS.values() for outcome in (event.low, event.high)),
        *(token.effect for token in TOKENS.values()),
    ]
    while stack:
        item = stack.pop()
        if isinstance(item, dict):
            yield item
            stack.extend(item.values())
        elif isinstance(item, (list, tuple)):
            stack.extend(item)


def _operations() -> frozenset[str]:
    """Every operation the data's skills, cards, events and tokens hold, nested ones included,
    as canonical JSON."""
    return frozenset(json.dumps(item, sort_keys=True) for item in data_dicts() if "op" in item)


OPERATIONS = _operations()


def data_op(value: object) -> bool:
    """Whether ``value`` is one of the data's operations, as an attack or a choice keeps it (a
    copied skill's star cap, ``_copied_cap``, added)."""
    if type(value) is not dict:
        return False
    op = {key: item for key, item in value.items() if key != "_copied_cap"}
    if "_copied_cap" in value and not is_int(value["_copied_cap"]):
        return False
    try:
        return json.dumps(op, sort_keys=True) in OPERATIONS
    except (TypeError, ValueError, RecursionError):  # not JSON data: no operation of the data
        return False


def _op_values(op: str, key: str) -> frozenset[str]:
    """The values the data's ``op`` operations give ``key`` (a status's duration, a gained
    soldier's type)."""
    return frozenset(item[key] for item in data_dicts() if item.get("op") == op and key in item)


#: The parameters a ``select`` keeps for its purpose's finisher (``ask_select`` calls); a text
#: is one the asking operation can pass (a gained soldier's type of '' loaded, and the pick
#: then raised ``KeyError``).
SELECT_PARAMS: dict[str, _Check] = {
    "amount": is_int,
    "cells": is_int,
    "damage": is_int,
    "dodge": _bool,
    "duration": _one_of(_op_values("status", "duration")),
    "op": data_op,
    "source": _one_of(SKILLS, CARDS, ("",)),  # a buff's source (none for an event's), a card's
    "spec": data_op,
    "stars": is_int,
    "status": _one_of(STATUSES),
    "type": _one_of(_op_values("gain_soldier", "type")),
    "user": is_int,
    "window": _bool,
    "within": is_int,
}


#: The parameters each purpose of a choice is asked with (every ``ask_cell``, ``ask_option``
#: and ``ask_select`` call): its finisher reads each of them.
PURPOSE_PARAMS: dict[tuple[str, str], frozenset[str]] = {
    (kind, purpose): frozenset(params)
    for kind, purpose, params in (
        ("choose_cell", "teleport", ("unit", "dodge")),
        ("choose_cell", "dodge", ("unit",)),
        ("choose_cell", "summon", ("cls", "may_act", "owner")),
        ("choose_cell", "loose_piece", ("piece",)),
        ("choose_option", "evasion", ("unit", "faces", "count")),
        ("choose_option", "summon_type", ("anchors", "within", "may_act")),
        ("choose_option", "transform", ("unit",)),
        ("choose_option", "convert_type", ("unit",)),
        ("choose_option", "steal", ("victim",)),
        ("choose_option", "steal_from", ()),
        ("choose_option", "gain_soldier_type", ("castle",)),
        ("select", "buff", ("spec", "stars", "source")),
        ("select", "push", ("user", "cells")),
        ("select", "status", ("status", "duration")),
        ("select", "teleport", ("within", "dodge")),
        ("select", "swap", ("user",)),
        ("select", "redirect", ()),
        ("select", "heal", ("amount", "window")),
        ("select", "counter", ("damage",)),
        ("select", "convert", ()),
        ("select", "card_attacker", ("source",)),
        ("select", "gain_soldier", ("type",)),
        ("select", "lose_soldier", ()),
        ("select", "castle_hp", ("amount",)),
    )
}


def check_task_data(where: str, kind: str, data: dict[str, Any]) -> None:
    """A task's data has the keys its kind is pushed with, each of its type (a choice's purpose
    one the interpreter finishes): a key dropped or two values swapped loaded, then raised
    ``KeyError`` or ``TypeError`` mid-apply."""
    base = CHOICE_DATA.get(kind)
    if base is not None:
        finishers: Mapping[str, object] = (
            FINISH_CELL
            if kind == "choose_cell"
            else FINISH_OPTION
            if kind == "choose_option"
            else FINISH_SELECT
        )
        missing = base.keys() - data.keys()
        unknown = (
            data.keys() - base.keys() - CHOICE_PARAMS.keys()
            if kind != "select"
            else data.keys() - base.keys()
        )
        if missing or unknown:
            raise ValueError(f"{where}.data lacks {sorted(missing)} or has unknown {sorted(unknown)}")
        for key, value in data.items():
            if not (base.get(key) or CHOICE_PARAMS[key])(value):
                raise ValueError(f"{where}.data.{key} is {shown(value)}, not of its type")
        if data["purpose"] not in finishers:
            raise ValueError(f"{where}.data.purpose is {shown(data['purpose'])}, no {kind} purpose")
        for key, value in data["params"].items() if kind == "select" else ():
            if key not in SELECT_PARAMS or not SELECT_PARAMS[key](value):
                raise ValueError(
                    f"{where}.data.params.{key} is {shown(value)}, no parameter of a select or not a value "
                    "its operation passes"
                )
        given = (data["params"] if kind == "select" else data).keys() - base.keys()
        wanted = PURPOSE_PARAMS.get((kind, data["purpose"]))
        if wanted is not None and given != wanted:
            raise ValueError(
                f"{where}.data: a {kind} for {data['purpose']!r} is asked with {sorted(wanted)}, not {sorted(given)}"
            )
        if data["purpose"] == "card_attacker" and data["params"]["source"] not in CARDS:
            raise ValueError(
                f"{where}.data.params.source is {shown(data['params']['source'])}: the attack card "
                "a unit is chosen for (R6.8)"
            )
        return
    shapes = TASK_DATA.get(kind, ({},))
    for shape in shapes:
        if data.keys() == shape.keys():
            for key, check in shape.items():
                if not check(data[key]):
                    raise ValueError(f"{where}.data.{key} is {shown(data[key])}, not of its type")
            return
    raise ValueError(
        f"{where}.data has the keys {sorted(data)}; {kind} is pushed with "
        + " or ".join(str(sorted(shape)) for shape in shapes)
    )


#: What an effect's context may keep, each of its type: the skill's or card's stars and id (an
#: own-turn use), a token dug and its cell, an event's zone, the units picked so far, a copied
#: skill's star cap, the infantry unit a Lao Móc attacks with, the cell of a user paying HP, the
#: receiver a counter remembers (checked below).
#: The most stars a skill or card has (R5.5a).
MOST_STARS = max(max(skill.stars for skill in SKILLS.values()), max(card.stars for card in CARDS.values()))
_CTX_KEYS: dict[str, _Check] = {
    "stars": is_int,
    "source": _one_of(SKILLS, CARDS),
    "token": _one_of(TOKENS),
    "cell": is_int,
    "zone": _str,
    "picked": _ints,
    "cap": is_int,
    "attacker": is_int,
    "anchor": is_int,
    "receiver_info": lambda value: True,
}


def check_ctx(where: str, ctx: dict[str, Any], spec: MapSpec) -> None:
    """What an effect keeps in its context that the engine indexes with: the receiver a counter
    remembers (``interpreter.receiver_info``: cell, class, whether a general); a shuffled one
    loaded, then raised ``KeyError`` when the counter struck."""
    unknown = ctx.keys() - _CTX_KEYS.keys()
    if unknown:
        raise ValueError(f"{where} has {sorted(unknown)}, which no effect keeps")
    for key, value in ctx.items():
        if key != "receiver_info" and not _CTX_KEYS[key](value):
            raise ValueError(f"{where}.{key} is {shown(value)}, not of its type")
    for pair in (("stars", "source"), ("token", "cell")):  # started together (``interpreter.start``)
        if (pair[0] in ctx) != (pair[1] in ctx):
            raise ValueError(f"{where} has one of {list(pair)} without the other")
    for key in ("anchor", "cell"):
        if key in ctx and not 0 <= ctx[key] < spec.grid.size:
            raise ValueError(f"{where}.{key} is {shown(ctx[key])}, not a cell of the map")
    if "attacker" in ctx and not 0 <= ctx["attacker"] < MAX_UNITS:
        raise ValueError(f"{where}.attacker is {shown(ctx['attacker'])}, no unit id of 0..{MAX_UNITS - 1}")
    top = CASTLE_BASE + sum(len(home.castles) for home in spec.homes.values())
    if not all(0 <= item < top for item in ctx.get("picked", ())):
        raise ValueError(f"{where}.picked is {shown(ctx['picked'])}, not unit or castle ids of 0..{top - 1}")
    for key in ("stars", "cap"):
        if key in ctx and not 0 <= ctx[key] <= MOST_STARS:
            raise ValueError(f"{where}.{key} is {shown(ctx[key])}, outside 0..{MOST_STARS} stars (R5.5a)")
    info = ctx.get("receiver_info")
    if info is not None and not (
        isinstance(info, list)
        and len(info) == 3
        and is_int(info[0])
        and 0 <= info[0] < spec.grid.size
        and info[1] in _CLASSES
        and type(info[2]) is bool
    ):
        raise ValueError(f"{where}.receiver_info is {shown(info)}, not [cell, class, is a general]")
