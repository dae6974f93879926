"""A fixed integer numbering of a game's actions, for reinforcement learning and compact logs.

An :class:`ActionSpace` is built from blocks, one per action type: each block lists, in order,
the finite domain of every field. An action's id is the block's offset plus the mixed-radix
number of its field values' positions in those domains, so ids are stable as long as the
domains (which come from the game's data) are.
"""

from __future__ import annotations

import bisect
from collections.abc import Hashable, Sequence
from typing import Any

import attrs

from .actions import Action, same_types
from .describe import shown
from .integers import as_int


@attrs.frozen
class Block:
    """One action type and the ordered domain of each of its fields."""

    action_type: type[Action]
    fields: tuple[tuple[str, tuple[Hashable, ...]], ...]

    @property
    def size(self) -> int:
        """How many distinct actions of this type the block numbers."""
        n = 1
        for _, domain in self.fields:
            n *= len(domain)
        return n


class ActionSpace:
    """Encodes actions as integers ``0 <= id < size`` and decodes them back."""

    __slots__ = ("_by_type", "_index", "_kinds", "_offsets", "blocks", "size")

    def __init__(self, blocks: Sequence[Block]) -> None:
        self.blocks = tuple(blocks)
        self._offsets: list[int] = []
        self._by_type: dict[type[Action], tuple[int, Block]] = {}
        self._index: dict[type[Action], tuple[dict[Hashable, int], ...]] = {}
        #: Per action type and field: the exact types of the field's domain values.
        self._kinds: dict[type[Action], tuple[tuple[type, ...], ...]] = {}
        offset = 0
        for block in self.blocks:
            if block.action_type in self._by_type:
                raise ValueError(f"action type {block.action_type.__name__} has two blocks")
            self._offsets.append(offset)
            self._by_type[block.action_type] = (offset, block)
            indexes = []
            for name, domain in block.fields:
                index = {value: i for i, value in enumerate(domain)}
                if len(index) != len(domain):
                    raise ValueError(f"{block.action_type.__name__}.{name} domain repeats a value")
                indexes.append(index)
            self._index[block.action_type] = tuple(indexes)
            self._kinds[block.action_type] = tuple(
                tuple(dict.fromkeys(type(value) for value in domain)) for _, domain in block.fields
            )
            offset += block.size
        self.size = offset

    def encode(self, action: Action) -> int:
        """The integer id of ``action``; a ``ValueError`` if it is outside this space."""
        entry = self._by_type.get(type(action))
        if entry is None:
            raise ValueError(f"{type(action).__name__} is not an action of this game")
        offset, block = entry
        code = 0
        for (name, domain), index in zip(block.fields, self._index[type(action)]):
            value = getattr(action, name)
            try:
                position = index[value]
            except (KeyError, TypeError):
                raise ValueError(
                    f"{type(action).__name__}.{name}={shown(value)} is outside the action space"
                ) from None
            reference = domain[position]  # 1.0 and True find 1's entry: an id is for the exact type
            if value is not reference and not same_types(value, reference):
                misfit = self.why_not(action)
                raise ValueError(misfit.reason if misfit else f"{shown(action)} is outside the action space")
            code = code * len(domain) + position
        return offset + code

    def decode(self, action_id: int) -> Action:
        """The action numbered ``action_id``; a ``ValueError`` if no action has that id."""
        number = as_int(action_id)  # a numpy integer (argmax over a mask) is an id too
        if number is None or not 0 <= number < self.size:
            raise ValueError(f"action id must be an int in [0, {self.size}), got {shown(action_id)}")
        action_id = number
        which = bisect.bisect_right(self._offsets, action_id) - 1
        block = self.blocks[which]
        code = action_id - self._offsets[which]
        values: dict[str, Any] = {}
        for name, domain in reversed(block.fields):
            code, position = divmod(code, len(domain))
            values[name] = domain[position]
        return block.action_type(**values)

    def why_not(self, action: object) -> Misfit | None:
        """Why ``action`` cannot be an action of this game, or ``None`` if it can.

        The reason names what is wrong: not an action, an action type of another game, or the
        field whose value has the wrong type (a float or a bool where an int belongs, a list)
        or lies outside the field's domain. It never raises, whatever the field values are.
        """
        if not isinstance(action, Action):
            return Misfit(f"{shown(action)} is not an action", typed=False)
        cls = type(action)
        entry = self._by_type.get(cls)
        if entry is None:
            return Misfit(f"{cls.__name__} is not an action of this game", typed=False)
        name = cls.__name__
        for (field, domain), index, kinds in zip(entry[1].fields, self._index[cls], self._kinds[cls]):
            try:
                value = getattr(action, field)
            except AttributeError:
                return Misfit(f"{name}.{field} has no value", typed=False)
            if type(value) not in kinds:
                expected = " or ".join(_type_name(kind) for kind in kinds) or "nothing"
                return Misfit(
                    f"{name}.{field}={shown(value)} is {_type_name(type(value))}, not {expected}", False
                )
            try:
                position = index.get(value)
            except TypeError:  # an unhashable item inside a tuple
                return Misfit(f"{name}.{field}={shown(value)} holds an item of the wrong type", typed=False)
            if position is None:
                # A tuple outside the domain is still typed if its items have the items' types.
                item_kinds = {
                    type(item) for reference in domain if type(reference) is tuple for item in reference
                }
                typed = type(value) is not tuple or all(type(item) in item_kinds for item in value)
                return Misfit(
                    f"{name}.{field}={shown(value)} is not a value {name}.{field} can take in this game",
                    typed,
                )
            if not same_types(value, domain[position]):
                return Misfit(
                    f"{name}.{field}={shown(value)} has items of the wrong type, unlike {domain[position]!r}",
                    False,
                )
        return None


@attrs.frozen
class Misfit:
    """Why a value cannot be an action of a game: ``reason`` names the action type, field and
    value; ``typed`` says whether every field at least has the right type (so only a domain
    is missed, and the game's own rules may say more about it)."""

    reason: str
    typed: bool


def _type_name(kind: type) -> str:
    if kind is type(None):
        return "None"
    article = "an" if kind.__name__[:1] in "aeiou" else "a"
    return f"{article} {kind.__name__}"
