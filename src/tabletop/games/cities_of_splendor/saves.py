"""Loading saves quickly: structure hooks for the parts of a save that every load reads many of.

``state_from_dict`` structures every seat's :class:`~.state.Player` and every market, and
cattrs' generated hooks call one hook per field and per item. A part saved by ``to_dict``
(every field, each of exactly its JSON type) is built here at once; anything else goes to the
converter's own hook, which converts it or names what is wrong. Both give equal objects, so
what loads and every refusal's wording stay the same (the package's ``GAME`` installs them).
"""

from __future__ import annotations

import operator
import typing
from collections.abc import Callable
from itertools import chain
from typing import Any, TypeVar

import attrs

from tabletop.core import Deck, Market, TokenPool

T = TypeVar("T")

_STR = frozenset({str})
_INT = frozenset({int})
_STR_OR_NONE = frozenset({str, type(None)})
_LIST = frozenset({list})

#: The fields of a saved player, by the JSON types they hold.
_PLAYER_LISTS = ("cards", "reserved", "blind", "nobles", "reserved_nobles", "gold_cards")
_PLAYER_FIELDS = frozenset(
    _PLAYER_LISTS + ("tokens", "bonuses", "points", "pairs", "posts", "strongholds", "city")
)
_read_lists = operator.itemgetter(*_PLAYER_LISTS)
_read_player = operator.itemgetter("tokens", "bonuses", "points", "pairs", "posts", "strongholds", "city")
_MARKET_FIELDS = frozenset({"slots", "deck"})
_DECK_FIELDS = frozenset({"cards", "discards"})


def _fields_are(cls: Any, names: frozenset[str]) -> None:
    """Refuse to build a hook for ``cls`` if its fields are not the ones it reads."""
    if frozenset(field.name for field in attrs.fields(cls)) != names:
        raise TypeError(f"the structure hook for {cls.__name__} does not know its fields")


def _strings(items: Any) -> bool:
    return type(items) is list and _STR.issuperset(map(type, items))


def player_structure_hook(
    cls: Callable[..., T], fallback: Callable[[Any, Any], T]
) -> Callable[[Any, Any], T]:
    """A hook structuring a saved player of class ``cls`` (the state's ``Player``), falling
    back to ``fallback`` (the converter's own hook) for anything but a plain save."""
    _fields_are(cls, _PLAYER_FIELDS)

    def structure(data: Any, type_: Any) -> T:
        if type(data) is dict and data.keys() == _PLAYER_FIELDS:
            tokens, bonuses, points, pairs, posts, strongholds, city = _read_player(data)
            lists = _read_lists(data)
            # The containers first, then the items of the same type all at once (one C-level
            # pass each): the strings, the ints and the stronghold places.
            if (
                type(points) is int
                and (city is None or type(city) is str)
                and type(tokens) is dict
                and type(bonuses) is dict
                and type(pairs) is dict
                and type(posts) is list
                and type(strongholds) is list
                and _LIST.issuperset(map(type, lists))
                and _STR.issuperset(map(type, chain(tokens, bonuses, pairs, pairs.values(), *lists)))
                and _INT.issuperset(map(type, chain(tokens.values(), bonuses.values(), posts)))
                and _STR_OR_NONE.issuperset(map(type, strongholds))
                and (not tokens or min(tokens.values()) >= 0)  # a token count is never negative
            ):
                cards, reserved, blind, nobles, reserved_nobles, gold_cards = lists
                return cls(
                    tokens=TokenPool(dict(tokens)),
                    bonuses=dict(bonuses),
                    points=points,
                    cards=cards.copy(),
                    reserved=reserved.copy(),
                    blind=blind.copy(),
                    nobles=nobles.copy(),
                    reserved_nobles=reserved_nobles.copy(),
                    gold_cards=gold_cards.copy(),
                    pairs=dict(pairs),
                    posts=posts.copy(),
                    strongholds=strongholds.copy(),
                    city=city,
                )
        return fallback(data, type_)

    return structure


def market_structure_hook(fallback: Callable[[Any, Any], Market]) -> Callable[[Any, Any], Market]:
    """A hook structuring a saved market (face-up slots and deck), falling back to
    ``fallback`` (the converter's own hook) for anything but a plain save."""
    _fields_are(Market, _MARKET_FIELDS)
    _fields_are(Deck, _DECK_FIELDS)

    def structure(data: Any, type_: Any) -> Market:
        if type(data) is dict and data.keys() == _MARKET_FIELDS:
            slots, deck = data["slots"], data["deck"]
            if (
                type(slots) is list
                and _STR_OR_NONE.issuperset(map(type, slots))
                and type(deck) is dict
                and deck.keys() == _DECK_FIELDS
                and _strings(deck["cards"])
                and _strings(deck["discards"])
            ):
                return Market(slots.copy(), Deck(deck["cards"].copy(), deck["discards"].copy()))
        return fallback(data, type_)

    return structure


#: The state's saved fields that hold one JSON scalar, by its exact type, and those that hold
#: a list of strings or a string or ``None``; every other field goes through its converter hook.
_STATE_SCALARS = {
    "num_players": int,
    "seed": int,
    "determinized": bool,
    "sacrifice_left": int,
    "end_triggered": bool,
    "passes": int,
}
_STATE_STRINGS = ("nobles", "cities", "tasks", "box")
_STATE_OPTIONAL = ("module", "purchase")
_STATE_HOOKED = ("options", "rng", "history", "outcome", "turns", "bank", "markets", "orient", "players")
_read_scalars = operator.itemgetter(*_STATE_SCALARS)
_SCALAR_TYPES = tuple(_STATE_SCALARS.values())
_read_strings = operator.itemgetter(*_STATE_STRINGS)
_read_optional = operator.itemgetter(*_STATE_OPTIONAL)


def state_structure_hook(
    cls: Any, fallback: Callable[[Any, Any], T], converter: Any
) -> Callable[[Any, Any], T]:
    """A hook structuring a saved state of class ``cls``: its plain fields are taken as they
    are and the others go to their converter hooks; anything but a plain save (or a part its
    hook refuses) goes to ``fallback``, the converter's own hook, which names every fault."""
    names = frozenset(field.name for field in attrs.fields(cls) if field.init)
    if names != frozenset((*_STATE_SCALARS, *_STATE_STRINGS, *_STATE_OPTIONAL, *_STATE_HOOKED)):
        raise TypeError(f"the structure hook for {cls.__name__} does not know its fields")
    hints = typing.get_type_hints(cls)
    hooked = [(name, converter.get_structure_hook(hints[name]), hints[name]) for name in _STATE_HOOKED]

    def structure(data: Any, type_: Any) -> T:
        if type(data) is dict and data.keys() == names:
            strings = _read_strings(data)
            if (
                tuple(map(type, _read_scalars(data))) == _SCALAR_TYPES
                and _STR_OR_NONE.issuperset(map(type, _read_optional(data)))
                and _LIST.issuperset(map(type, strings))
                and _STR.issuperset(map(type, chain(*strings)))
            ):
                try:
                    values = {name: hook(data[name], hint) for name, hook, hint in hooked}
                    for name in _STATE_STRINGS:
                        values[name] = data[name].copy()
                    for name in (*_STATE_SCALARS, *_STATE_OPTIONAL):
                        values[name] = data[name]
                    state: T = cls(**values)
                    return state
                except Exception:  # the converter's own hook names every fault, as it always has
                    pass
        return fallback(data, type_)

    return structure
