"""Saving and loading: the cattrs converter every game uses for states, actions and data.

States and components are attrs classes, so cattrs turns them into JSON-ready dicts and back.
Actions are saved as their fields plus a ``"type"`` tag (the action class's ``kind``), and a
state's caches (fields marked :data:`~tabletop.core.state.TRANSIENT`) are never saved.
"""

from __future__ import annotations

import copy
import json
import marshal
import operator
import types
import typing
from collections.abc import Callable, Iterable, Mapping
from importlib import resources
from itertools import repeat
from typing import Any, TypeVar, get_args, get_origin

import attrs
import cattrs
from cattrs.cols import homogenous_tuple_structure_factory, list_structure_factory
from cattrs.errors import AttributeValidationNote, ForbiddenExtraKeysError
from cattrs.gen import make_dict_structure_fn, make_dict_unstructure_fn, override
from cattrs.v import format_exception

from .actions import Action, field_names, install_snapshot
from .describe import shown
from .state import TRANSIENT
from .tokens import TokenPool

T = TypeVar("T")


def _is_attrs_class(t: Any) -> bool:
    return isinstance(t, type) and attrs.has(t)


def make_converter(action_types: Iterable[type[Action]] = (), *, every_key: bool = False) -> cattrs.Converter:
    """A converter for one game: attrs classes to JSON-ready data, actions tagged by kind.

    With ``every_key`` (saves and records), structuring refuses data that lacks a saved
    field, naming it, instead of filling in the attrs default: a save is the whole truth.
    """
    converter = cattrs.Converter(forbid_extra_keys=True)
    converter.register_unstructure_hook(tuple, lambda value: [converter.unstructure(v) for v in value])

    # JSON keeps ints, floats, strings and booleans apart: a "7", 2.7 or true where an int
    # belongs is refused, not coerced (cattrs' default would call int() and load 2.7 as 2).
    for kind, accepted in ((int, (int,)), (float, (int, float)), (str, (str,)), (bool, (bool,))):
        converter.register_structure_hook(kind, _scalar(kind, accepted))
    # A field's part typed Any (Dozen War's task data) is a copy: cattrs would keep the caller's
    # own lists and dicts in the loaded state, so editing the data after the load changed it.
    converter.register_structure_hook_func(_is_any, _structure_any)
    # Only mapping keys may spell ints as strings, because JSON object keys are always strings.
    # Each value class's hook and what it keeps (see _interning), by class: an int-keyed mapping
    # of one looks its values up all at once while that hook is the one registered.
    values_kept: dict[type, tuple[Callable[[Any, Any], Any], dict[bytes, Any], tuple[str, ...]]] = {}
    converter.register_structure_hook_factory(
        _is_int_keyed,
        lambda t: _int_keyed(converter, get_args(t)[1], values_kept),
    )

    # A list or tuple field takes only a JSON array: cattrs alone would iterate a string or a
    # mapping into a list of its characters or keys.
    converter.register_structure_hook_factory(
        _is_array_type,
        lambda t: _array_only(converter, t),
    )

    # Fields that are not arguments of __init__ (derived data, caches) are never saved.
    def skip_derived(cls: Any) -> dict[str, Any]:
        return {
            f.name: override(omit=True) for f in attrs.fields(cls) if not f.init or f.metadata.get(TRANSIENT)
        }

    converter.register_unstructure_hook_factory(
        _is_attrs_class,
        lambda cls: make_dict_unstructure_fn(cls, converter, **skip_derived(cls)),
    )

    def structure_attrs(cls: Any) -> Callable[[Any, Any], Any]:
        made = make_dict_structure_fn(cls, converter, _cattrs_forbid_extra_keys=True, **skip_derived(cls))
        fn = _every_key(cls, made, skip_derived(cls)) if every_key else made
        kept: dict[bytes, Any] | None = {} if _is_value_class(cls) else None
        names = tuple(field.name for field in attrs.fields(cls) if field.name not in skip_derived(cls))
        if kept is not None:
            fn = _interning(fn, kept, names)

        def structure_mapping(data: Any, type_: Any) -> Any:
            if type(data) is not dict and not isinstance(
                data, Mapping
            ):  # cattrs would fail on it with "no attribute 'keys'"
                raise ValueError(f"expected an object of {cls.__name__}'s fields, got {shown(data)}")
            return fn(data, type_)

        if kept is not None:
            values_kept[cls] = (structure_mapping, kept, names)
        return structure_mapping

    converter.register_structure_hook_factory(_is_attrs_class, structure_attrs)

    # A token pool is saved as its plain {kind: count} mapping.
    converter.register_unstructure_hook(TokenPool, lambda pool: dict(pool.counts))
    pool_counts = converter.get_structure_hook(dict[str, int])

    def structure_pool(data: Any, _: Any) -> TokenPool:
        # The usual case, str kinds and int counts exactly, in two C-level passes over the types;
        # anything else through the hook that converts or names the bad entry.
        if type(data) is dict and set(map(type, data)) <= _STR and set(map(type, data.values())) <= _INT:
            return TokenPool(dict(data))
        return TokenPool(pool_counts(data, dict[str, int]))

    converter.register_structure_hook(TokenPool, structure_pool)

    by_kind: dict[str, type[Action]] = {}
    for action_type in action_types:
        install_snapshot(action_type)  # interned actions are checked against their snapshot
        if action_type.kind in by_kind:
            raise ValueError(f"two action types share the kind {action_type.kind!r}")
        by_kind[action_type.kind] = action_type

    def unstructure_action(action: Action) -> dict[str, Any]:
        data = {"type": action.kind}
        data.update(make_unstructure(type(action))(action))
        return data

    unstructurers: dict[type[Action], Callable[[Any], dict[str, Any]]] = {}

    def make_unstructure(cls: type[Action]) -> Callable[[Any], dict[str, Any]]:
        fn = unstructurers.get(cls)
        if fn is None:
            fn = unstructurers[cls] = make_dict_unstructure_fn(cls, converter)
        return fn

    # Saves and records hold the same few hundred distinct actions again and again, and cattrs
    # builds each anew (most of a long save's load time): a structured action is kept by its
    # exact key (see exact_key: its bytes tell 1, 1.0 and true, and a list from a tuple, apart),
    # so a hit is exactly what cattrs would make of the data. A kept action changed in place
    # since (object.__setattr__) is not reused: it is kept with a reader of its fields' bound
    # ``__eq__`` methods and what that read when it was kept. A bound method (or method-wrapper)
    # equals another only when bound to the very same object, so one ``==`` of the two reads
    # (a C-level compare) tells whether every field still holds the object it was made with.
    interned: dict[bytes, tuple[Action, Callable[[Any], Any], Any]] = {}
    readers: dict[type[Action], Callable[[Any], Any]] = {}

    def keep(key: bytes, action: Action) -> None:
        cls = type(action)
        read = readers.get(cls)
        if read is None:
            names = field_names(cls)
            read = readers[cls] = operator.attrgetter(
                *(f"{name}.__eq__" for name in names) if names else ("__class__",)
            )
        if len(interned) >= _INTERNED_ACTIONS:  # a bound on memory; the common actions come back
            interned.clear()
        interned[key] = (action, read, read(action))

    def structure_action(data: Any, type_: Any) -> Action:
        if type(data) is not dict:
            return structure_action_anew(data)
        try:
            key = _marshal(data, 2)  # exact_key, inline
        except Exception:  # not plain data (a subclass, an object): cattrs names what is wrong
            return structure_action_anew(data)
        hit = interned.get(key)
        if hit is not None and hit[1](hit[0]) == hit[2]:
            return hit[0]
        action = structure_action_anew(data)
        keep(key, action)
        return action

    def structure_action_anew(data: Any) -> Action:
        if not isinstance(data, Mapping):
            raise ValueError(f"an action must be a mapping with a 'type', got {shown(data)}")
        kind = data.get("type")
        cls = by_kind.get(kind) if isinstance(kind, str) else None
        if cls is None:
            raise ValueError(f"unknown action type {kind!r}; known: {sorted(by_kind)}")
        fields = {k: v for k, v in data.items() if k != "type"}
        structure = structurers.get(cls)
        if structure is None:
            structure = make_dict_structure_fn(cls, converter, _cattrs_forbid_extra_keys=True)
            structure = structurers[cls] = _every_key(cls, structure, {}) if every_key else structure
        return structure(fields, cls)  # type: ignore[no-any-return]

    structurers: dict[type[Action], Callable[[Any, Any], Any]] = {}

    converter.register_unstructure_hook(Action, unstructure_action)
    for action_type in by_kind.values():
        converter.register_unstructure_hook(action_type, unstructure_action)
    converter.register_structure_hook(Action, structure_action)

    # A history is a long list of actions, most of them kept already: the whole list is looked
    # up at once (keys, hits and the check that no kept action has changed each one C-level
    # pass), and only a list with a miss, an item that is not plain data or a kept action
    # changed since goes item by item; on any error cattrs' own loop runs, so the message is its.
    each_action = converter.get_structure_hook(list[Action])

    def structure_actions(data: Any, type_: Any) -> list[Action]:
        if type(data) is list:
            try:
                hits = list(map(interned.get, map(_marshal, data, _TWO)))
            except Exception:  # an item that is not plain data: the item-by-item path below
                hits = [None]
            if hits and None not in hits:
                actions, reads, thens = zip(*hits)
                if tuple(map(operator.call, reads, actions)) == thens:
                    return list(actions)
            try:
                return [structure_action(item, Action) for item in data]
            except Exception:
                pass
        return each_action(data, type_)  # type: ignore[no-any-return]

    converter.register_structure_hook_func(lambda t: t == list[Action], structure_actions)
    return converter


def _every_key(
    cls: Any, structure: Callable[[Any, Any], Any], skipped: Mapping[str, Any]
) -> Callable[[Any, Any], Any]:
    """``structure`` refusing a mapping that lacks any saved field of ``cls`` (defaults or not),
    with the error cattrs gives for a missing required field, so the path names the key."""
    saved = [field for field in attrs.fields(cls) if field.name not in skipped]
    names = frozenset(field.name for field in saved)

    def structure_every_key(data: Any, type_: Any) -> Any:
        # A dict with every key passes with one set comparison (a dict's keys view is a set).
        if type(data) is not dict or not data.keys() >= names:
            complain_of_missing(data)
        return structure(data, type_)

    def complain_of_missing(data: Any) -> None:
        if isinstance(data, Mapping):
            missing = [field for field in saved if field.name not in data]
            if missing:
                errors = []
                for field in missing:
                    error = KeyError(field.name)
                    error.__notes__ = [
                        AttributeValidationNote(
                            f"Structuring class {cls.__qualname__} @ attribute {field.name}",
                            field.name,
                            field.type,
                        )
                    ]
                    errors.append(error)
                raise cattrs.ClassValidationError(f"While structuring {cls.__name__}", errors, cls)

    return structure_every_key


def _interning(
    structure: Callable[[Any, Any], Any], kept: dict[bytes, Any], names: tuple[str, ...]
) -> Callable[[Any, Any], Any]:
    """``structure`` for a value class, keeping what it built by the data's :func:`exact_key`.

    Saves repeat the same few values (7 Wonders Duel's three Age structure shapes, whose
    load checks walk every slot, cost a fifth of a trusted load), and an instance of a value
    class can never change, so the kept one is what structuring the same text again would
    build. The key tells 1, 1.0 and true apart; data that failed to load is never kept.
    ``kept`` is where (empty at first). Data whose keys are ``names`` (the saved fields, in
    order, as ``to_dict`` writes them) is kept by the exact key of its values alone: the same
    exactness, without writing the field names out again for every value (a Dozen War unit
    has 25).
    """

    def structure_interned(data: Any, type_: Any) -> Any:
        if type(data) is not dict:
            return structure(data, type_)
        try:
            key = _marshal(tuple(data.values()), 2) if tuple(data) == names else _marshal(data, 2)
        except Exception:  # not plain data (a subclass, an object): cattrs names what is wrong
            return structure(data, type_)
        value = kept.get(key)
        if value is None:
            value = structure(data, type_)
            if len(kept) >= _INTERNED_VALUES:  # a bound on memory; the common values come back
                kept.clear()
            kept[key] = value
        return value

    return structure_interned


#: The ``__setattr__`` of every frozen attrs class (attrs installs one shared function).
_FROZEN_SETATTR = attrs.frozen(type("_Frozen", (), {})).__setattr__


def _is_value_class(cls: Any) -> bool:
    """Whether no instance of the attrs class ``cls`` can change: frozen, every field of an
    immutable type (scalars, tuples of them, value classes), and not an action (actions keep
    their own structuring cache, which watches for changes made behind the class's back)."""
    if cls.__setattr__ is not _FROZEN_SETATTR or issubclass(cls, Action):
        return False
    try:
        hints = typing.get_type_hints(cls)
    except Exception:  # a type that does not resolve: structure it as it is
        return False
    return all(_is_immutable_type(hints.get(field.name)) for field in attrs.fields(cls))


def _is_immutable_type(t: Any) -> bool:
    if t in _IMMUTABLE_SCALARS:
        return True
    origin = get_origin(t)
    if origin is tuple or origin is typing.Union or origin is types.UnionType:
        return all(arg is Ellipsis or _is_immutable_type(arg) for arg in get_args(t))
    return _is_attrs_class(t) and _is_value_class(t)


_IMMUTABLE_SCALARS = (int, str, bool, float, type(None))


def _is_any(t: Any) -> bool:
    return t is Any


def _structure_any(value: Any, _: Any) -> Any:
    """An ``Any`` value as it is, but a list or dict copied all the way down."""
    if type(value) is dict or type(value) is list:
        return deep_copy(value)
    return value


def deep_copy(data: T) -> T:
    """A copy of JSON-ready ``data`` that shares nothing mutable with it (``copy.deepcopy``,
    but marshal copies plain data several times faster)."""
    try:
        copied: T = marshal.loads(marshal.dumps(data))  # type: ignore[arg-type]  # checked by marshal
    except ValueError:  # an object marshal cannot write (a subclass of str, an attrs value...)
        return copy.deepcopy(data)
    return copied


def _scalar(kind: type, accepted: tuple[type, ...]) -> Callable[[Any, Any], Any]:
    def structure(value: Any, _: Any) -> Any:
        if type(value) is kind:  # the usual case, and the value as it is
            return value
        if not isinstance(value, accepted) or (isinstance(value, bool) and kind is not bool):
            raise ValueError(f"{shown(value)} is not {'an' if kind is int else 'a'} {kind.__name__}")
        return kind(value)

    return structure


def _is_array_type(t: Any) -> bool:
    origin: Any = get_origin(t) or t
    return origin is list or origin is tuple


def _array_only(converter: cattrs.Converter, t: Any) -> Callable[[Any, Any], Any]:
    args = get_args(t)
    origin = get_origin(t) or t
    inner: Callable[[Any, Any], Any]
    if origin is list:
        inner = list_structure_factory(t if args else list[Any], converter)
    elif not args or (len(args) == 2 and args[1] is Ellipsis):
        inner = homogenous_tuple_structure_factory(t if args else tuple[Any, ...], converter)
    else:  # a fixed-length tuple such as tuple[int, str]

        def inner(data: Any, _: Any) -> tuple[Any, ...]:
            if len(data) != len(args):
                raise ValueError(f"expected {len(args)} items, got {len(data)}")
            return tuple(converter.structure(v, a) for v, a in zip(data, args))

    # Arrays of plain ints, strings or bools (or None where optional) are most of a save: when
    # every item already has exactly an accepted type, one C-level pass over the types replaces
    # a hook call per item, with the same result; anything else takes the item-by-item path,
    # which converts or names the bad item.
    plain = _plain_items(args[0]) if args and (origin is list or args[-1] is Ellipsis) else None
    make = list if origin is list else tuple
    if plain is not None:
        exact = plain

        def structure(data: Any, type_: Any) -> Any:
            if not isinstance(data, (list, tuple)):
                raise ValueError(f"expected an array, got {shown(data)}")
            if set(map(type, data)) <= exact:
                return make(data)
            return inner(data, type_)

        return structure

    def structure_any(data: Any, type_: Any) -> Any:
        if not isinstance(data, (list, tuple)):
            raise ValueError(f"expected an array, got {shown(data)}")
        return inner(data, type_)

    return structure_any


_PLAIN: dict[Any, frozenset[type]] = {
    int: frozenset({int}),
    str: frozenset({str}),
    bool: frozenset({bool}),
    int | None: frozenset({int, type(None)}),
    str | None: frozenset({str, type(None)}),
}


def _plain_items(item_type: Any) -> frozenset[type] | None:
    """The exact item types an array of ``item_type`` keeps as they are, if it is a plain one."""
    try:
        return _PLAIN.get(item_type)
    except TypeError:  # an unhashable type argument
        return None


def _is_int_keyed(t: Any) -> bool:
    origin: Any = get_origin(t)
    return (origin is dict or origin is Mapping) and get_args(t)[:1] == (int,)


def _int_keyed(
    converter: cattrs.Converter,
    value_type: Any,
    values_kept: Mapping[type, tuple[Callable[[Any, Any], Any], dict[bytes, Any], tuple[str, ...]]],
) -> Callable[[Any, Any], Any]:
    def structure(data: Any, _: Any) -> dict[int, Any]:
        if type(data) is not dict and not isinstance(data, Mapping):
            raise ValueError(f"expected a mapping, got {shown(data)}")
        # The usual case, string keys, all at once: the keys in one pass, and the values in one
        # too (found among the values kept by their exact key when they are all there, else
        # through their hook). On any error the item-by-item loop below runs, and raises the
        # error it always has (it meets the items in their order, key before value).
        if type(data) is dict and _STR.issuperset(map(type, data)):
            try:
                hook = converter.get_structure_hook(value_type)
                interning = values_kept.get(value_type)
                values = data.values()
                if (
                    interning is not None
                    and interning[0] is hook
                    and _DICT.issuperset(map(type, values))
                    and _same_keys(values, interning[2])
                ):
                    hits = list(
                        map(interning[1].get, map(_marshal, map(tuple, map(dict.values, values)), _TWO))
                    )
                    if not any(map(operator.is_, hits, _NONE)):  # (not `in`: that calls each __eq__)
                        return dict(zip(map(int, data), hits))
                return dict(zip(map(int, data), map(hook, data.values(), repeat(value_type))))
            except Exception:
                pass
        return {
            (int(key) if isinstance(key, str) else converter.structure(key, int)): converter.structure(
                value, value_type
            )
            for key, value in data.items()
        }

    return structure


def _same_keys(mappings: Iterable[dict[str, Any]], names: tuple[str, ...]) -> bool:
    """Whether every one of ``mappings`` (at least one) has exactly the keys ``names``, in order."""
    keys = list(map(tuple, mappings))
    # Compared with the first one's keys after that is checked: the keys of a JSON document's
    # objects are the same string objects (the decoder shares them), so each compare is by identity.
    return keys[0] == names and all(map(keys[0].__eq__, keys))


def _format_exception(error: BaseException, type_: Any) -> str:
    if isinstance(error, ForbiddenExtraKeysError):
        # cattrs joins the extra keys as strings: a key that is not one (JSON has none, a dict
        # built in Python may) would raise TypeError instead of naming it.
        names = sorted(key if type(key) is str else repr(key) for key in error.extra_fields)
        return f"extra fields found ({', '.join(names)})"
    text = format_exception(error, type_)
    if isinstance(error, ValueError) and str(error):  # keep the validator's own reason
        text = f"{text} ({error})"
    return text


def describe_error(error: Exception) -> str:
    """One line naming every field that failed to load, from a cattrs or validation error."""
    if isinstance(error, (cattrs.ClassValidationError, cattrs.IterableValidationError)):
        return "; ".join(cattrs.transform_error(error, format_exception=_format_exception))
    return str(error)


def load_json(package: str, name: str) -> Any:
    """Parse a JSON file shipped as package data (``package`` is a dotted module path)."""
    with resources.files(package).joinpath(name).open(encoding="utf-8") as handle:
        return json.load(handle)


def load_data(package: str, name: str, cls: type[T], converter: cattrs.Converter | None = None) -> T:
    """Load a package data JSON file into ``cls`` (e.g. ``list[Card]``), naming any bad field."""
    conv = converter or _DATA_CONVERTER
    try:
        return conv.structure(load_json(package, name), cls)
    except Exception as error:  # a data file that does not load is a packaging bug
        raise ValueError(f"{package}/{name}: {describe_error(error)}") from error


def _refuse_non_json(value: Any) -> Any:
    raise TypeError(f"{value!r} is not JSON")


# The C encoder json.dumps builds anew at every call, built once: a key for every action of a
# save costs half as much. Without the C accelerator (another Python), json.dumps does.
_c_encoder = getattr(json.encoder, "c_make_encoder", None)
_encode: Callable[[Any, int], Any] | None = (
    _c_encoder(
        None, _refuse_non_json, json.encoder.encode_basestring_ascii, None, ":", ",", False, False, True
    )
    if _c_encoder is not None
    else None
)


def json_text(value: Any) -> str:
    """``value`` as compact JSON text (int keys written as strings, as JSON has them), refusing
    anything JSON does not hold (``TypeError``); 1, 1.0 and true each have their own text."""
    if _encode is None:
        return json.dumps(value, separators=(",", ":"))
    return "".join(_encode(value, 0))


_STR = frozenset({str})
_INT = frozenset({int})

_marshal = marshal.dumps
_NONE = repeat(None)
_DICT = frozenset({dict})
_TWO = repeat(2)  # marshal's format 2 for every item of a map (an endless iterator, shared)


def exact_key(data: Any) -> bytes:
    """Bytes that only data of exactly the same values and exact types gives: ``1``, ``1.0`` and
    ``True`` differ, as do a list and a tuple; ``ValueError`` for what marshal cannot write
    (instances of subclasses, such as an IntEnum or a str subclass, and arbitrary objects).

    marshal format 2 keeps no back-references, so equal data always gives equal bytes. Bytes
    and a bytearray give the same key; no saved field takes either, so neither is ever kept.
    """
    return _marshal(data, 2)


#: How many structured actions a converter keeps by their JSON text (see ``make_converter``).
_INTERNED_ACTIONS = 1 << 16

#: How many values of one value class a converter keeps by their JSON text (see ``_interning``).
_INTERNED_VALUES = 1 << 12

_DATA_CONVERTER = make_converter()
