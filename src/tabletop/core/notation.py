"""Actions written as text: the notation is exactly what ``str(action)`` prints.

A game needs no parser of its own. Every action of its fixed integer space prints as a
sentence, so the text of each id, normalized (case, runs of spaces, spaces around commas), is
indexed once per game, lazily, on the first parse. Two different actions that print the same
would make the notation ambiguous: such a text is refused by name (and the tests hold every
registered game to none). With a state, the text is first matched against its legal actions,
which needs no index at all.
"""

from __future__ import annotations

import difflib
import itertools
import re
from collections.abc import Callable, Iterable
from typing import TYPE_CHECKING, Any

from .actions import Action
from .describe import shown
from .state import State

if TYPE_CHECKING:
    from .game import Game

_SPACES = re.compile(r"\s+")
_COMMAS = re.compile(r"\s*,\s*")


def normalize(text: str) -> str:
    """``text`` as the notation compares it: lower case, single spaces, ``", "`` after commas."""
    if not isinstance(text, str):
        raise ValueError(f"an action is written as a str, got {shown(text):.80}")
    return _COMMAS.sub(", ", _SPACES.sub(" ", text.strip().lower()))


class Notation:
    """The text of every action of one game and the action it stands for."""

    __slots__ = ("_game", "_index")

    def __init__(self, game: Game[Any]) -> None:
        self._game = game
        #: normalized text -> action id; a text printed by several actions maps to all of theirs.
        #: (Only the normalized texts are kept: the printed ones would double its memory.)
        self._index: dict[str, int | tuple[int, ...]] | None = None

    def _texts(self) -> dict[str, int | tuple[int, ...]]:
        index = self._index
        if index is None:
            index = {}
            for action_id, action in enumerate(_every_action(self._game)):
                key = normalize(str(action))
                found = index.get(key)
                if found is None:
                    index[key] = action_id
                else:
                    index[key] = (*found, action_id) if isinstance(found, tuple) else (found, action_id)
            self._index = index
        return index

    def ambiguous(self) -> list[list[Action]]:
        """The groups of different actions that print the same text (none, for a sound game)."""
        decode = self._game.decode
        return [[decode(i) for i in ids] for ids in self._texts().values() if isinstance(ids, tuple)]

    def __contains__(self, text: object) -> bool:
        """Whether ``text`` is the text of an action of the game."""
        return isinstance(text, str) and normalize(text) in self._texts()

    def parse(self, text: str, state: State | None = None) -> Action:
        """The action that prints as ``text`` (see :meth:`Game.parse_action`)."""
        if not isinstance(text, str):
            raise ValueError(f"an action is written as a str, got {shown(text)}")
        key = normalize(text)
        if state is not None:
            # Another game's state would hand back one of its own actions as if it were ours.
            if not isinstance(state, State) or state.game.name != self._game.name:
                raise ValueError(f"state must be a {self._game.name} state, got {shown(state):.80}")
            for action in state.legal_actions():
                if normalize(str(action)) == key:
                    return action
        found = self._texts().get(key)
        if found is None:
            if state is None:
                raise ValueError(_unknown(self._game.name, text, list(self._texts()), self._printed))
            # Suggest what may be played now.
            offered = {normalize(str(action)): str(action) for action in state.legal_actions()}
            raise ValueError(_unknown(self._game.name, text, list(offered), offered.__getitem__))
        if isinstance(found, tuple):
            listed = "; ".join(repr(self._game.decode(i)) for i in found)
            raise ValueError(f"{text!r} is ambiguous in {self._game.name}: it is printed by {listed}")
        return self._game.decode(found)

    def _printed(self, key: str) -> str:
        """The text as the action of normalized text ``key`` prints it."""
        found = self._texts()[key]
        return str(self._game.decode(found[0] if isinstance(found, tuple) else found))


def _every_action(game: Game[Any]) -> Iterable[Action]:
    """Every action of ``game``'s space in id order, built block by block (as ``decode`` would
    build each, at a fraction of the cost of decoding ids one by one)."""
    for block in game.action_space.blocks:
        names = [name for name, _ in block.fields]
        for values in itertools.product(*(domain for _, domain in block.fields)):
            yield block.action_type(**dict(zip(names, values)))


def _unknown(game: str, text: str, pool: list[str], printed: Callable[[str], str]) -> str:
    """Why ``text`` is no action of ``game``, with the closest of the normalized texts ``pool``
    as hints (each as ``printed`` gives it)."""
    key = normalize(text)
    # A game's whole space is large (difflib compares every candidate): keep the texts that
    # begin with the most words typed, or one text per first word when none begins like it.
    words = key.split()
    for depth in range(1, len(words) + 1):
        prefix = " ".join(words[:depth])
        narrower = [candidate for candidate in pool if candidate.startswith(prefix)]
        if not narrower:
            if depth == 1:
                pool = list({candidate.split(" ", 1)[0]: candidate for candidate in pool}.values())
            break
        pool = narrower
    if len(pool) > _MOST_COMPARED:
        pool = sorted(pool, key=lambda candidate: abs(len(candidate) - len(key)))[:_MOST_COMPARED]
    close = difflib.get_close_matches(key, pool, n=3, cutoff=0.5)
    hint = "; did you mean " + " or ".join(repr(printed(c)) for c in close) + "?" if close else ""
    return f"{text!r} is not an action of {game}{hint}"


#: The most texts a suggestion compares ``text`` with (each costs difflib a few microseconds).
_MOST_COMPARED = 2000
