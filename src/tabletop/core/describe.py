"""Texts for people at a Python prompt or a terminal: a state's one-line repr, the options of
``new_game`` in its docstring and signature, names for kinds of action, and the help for a
decision (drawn from the action types' docstrings, which state the rules of each kind)."""

from __future__ import annotations

import inspect
import re
import types
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from .actions import Action, field_names

if TYPE_CHECKING:
    from .game import Game, Option
    from .state import State


def shown(value: object) -> str:
    """``repr(value)``, for a message that names a value it refuses; a value whose ``repr``
    fails (nested deeper than Python's recursion limit, as hostile JSON can be, or an object
    whose ``__repr__`` raises) is named by its type instead, so the refusal still reads."""
    try:
        return repr(value)
    except Exception:  # RecursionError, or whatever a caller's __repr__ raises
        return f"<a {type(value).__name__} that cannot be shown>"


def state_repr(state: State) -> str:
    """``<SplendorDuelState after 12 actions, seat 1 to decide: turn>``: the state's type, how
    many actions it has seen and its public status line (the table itself is ``str``)."""
    count = len(state.history)
    made = "determinized, " if state.determinized else ""
    return (
        f"<{type(state).__name__} {made}after {count} action{'' if count == 1 else 's'}, {state._status()}>"
    )


def option_text(option: Option) -> str:
    """``name: the values it takes (default ...) - what it means``, one line."""
    if option.choices is not None:
        values = _either([repr(choice) for choice in option.choices])
    elif option.types:
        values = "any " + _either([kind.__name__ for kind in option.types])
    else:
        values = "any value"
    return f"{option.name}: {values} (default {option.default!r}) - {option.doc}"


def _either(words: Sequence[str]) -> str:
    return words[0] if len(words) == 1 else ", ".join(words[:-1]) + " or " + words[-1]


def install_new_game(game: Game[Any]) -> None:
    """Give ``game`` its own ``new_game``: the same code, with a signature naming every option
    and its default and a docstring listing each option's values, so ``help(game.new_game)``
    and editors show them."""
    method = type(game).new_game
    function = types.FunctionType(
        method.__code__, method.__globals__, method.__name__, method.__defaults__, method.__closure__
    )
    function.__kwdefaults__ = method.__kwdefaults__
    function.__qualname__ = f"{game.name}.new_game"
    function.__doc__ = new_game_doc(game)
    plain = inspect.signature(method)
    parameters = [p for p in plain.parameters.values() if p.kind is not inspect.Parameter.VAR_KEYWORD]
    parameters += [
        inspect.Parameter(name, inspect.Parameter.KEYWORD_ONLY, default=option.default)
        for name, option in game.options.items()
    ]
    function.__signature__ = plain.replace(  # type: ignore[attr-defined]
        parameters=parameters, return_annotation=game.state_type.__name__
    )
    game.new_game = types.MethodType(function, game)  # type: ignore[method-assign]


def new_game_doc(game: Game[Any]) -> str:
    """The docstring of ``game.new_game``: the kernel's, then the game's player counts and options."""
    from .game import Game

    doc = inspect.cleandoc(Game.new_game.__doc__ or "").replace(
        "A new game", f"A new game of {game.title}", 1
    )
    span = (
        f"{game.min_players}"
        if game.min_players == game.max_players
        else f"{game.min_players} to {game.max_players}"
    )
    lines = [doc, "", f"players: {span} (default {game.min_players})"]
    if game.options:
        lines += ["", "Options (keyword arguments):"]
        lines += [f"    {option_text(option)}" for option in game.options.values()]
    else:
        lines += ["", f"{game.title} has no options."]
    return "\n".join(lines)


def kind_label(action_type: type[Action]) -> str:
    """A readable name for a kind of action: its ``kind`` tag (or class name) in words."""
    kind = action_type.kind if action_type.kind != Action.kind else _snake(action_type.__name__)
    return kind.replace("_", " ")


def _snake(name: str) -> str:
    return re.sub(r"(?<!^)(?=[A-Z])", "_", name).lower()


def rule_text(action_type: type[Action]) -> str:
    """The first paragraph of an action type's docstring in one line: a field it names in
    ``code`` as ``<field>`` (the part of the action a player fills in), other code plain."""
    doc = inspect.cleandoc(action_type.__doc__ or "")
    paragraph = " ".join(doc.split("\n\n", 1)[0].split())
    fields = set(field_names(action_type))
    return _CODE.sub(lambda m: f"<{m[1]}>" if m[1] in fields else m[1], paragraph)


_CODE = re.compile(r"``([^`]+)``")


def decision_help(state: State) -> str:
    """What is being decided now and the rule of each kind of action it allows, for a person."""
    if state.outcome is not None:
        return "The game is over: no decision is pending."
    legal = state.legal_actions()
    kinds: dict[type[Action], tuple[int, Action]] = {}  # per kind: how many, the first
    for action in legal:
        count, first = kinds.get(type(action), (0, action))
        kinds[type(action)] = (count + 1, first)
    lines = [
        f"Seat {state.current_player} decides {state.decision.replace('_', ' ')!r} "
        f"({len(legal)} legal action{'' if len(legal) == 1 else 's'}), one of:"
    ]
    for action_type, (count, example) in kinds.items():
        lines.append(f"  {kind_label(action_type)} ({count}): {rule_text(action_type)}")
        lines.append(f"      e.g. {example}")
    return "\n".join(lines)
