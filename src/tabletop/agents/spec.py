"""Agents named by spec strings: the simulator's, the tournament's and the command line's way
of saying which player to make (``"greedy"``, ``"ismcts:200"``, ``"mybots:Clever:3"``)."""

from __future__ import annotations

import importlib
import inspect
import json
import math
from typing import Any

from .base import AGENT_KINDS, Agent


def agent_from_spec(spec: str, seed: int | None = None) -> Agent:
    """The agent ``spec`` names (see :func:`tabletop.agents.make_agent`), made with ``seed``."""
    if not isinstance(spec, str):
        raise ValueError(f"an agent spec is a string such as 'ismcts:500', got {spec!r}")
    kind, sep, argument = spec.partition(":")
    if kind in AGENT_KINDS:
        if not sep:
            return AGENT_KINDS[kind](seed)
        if kind != "ismcts":
            raise ValueError(f"agent {kind!r} takes no argument, got {spec!r}")
        from .ismcts import ISMCTSAgent

        iterations, seconds = parse_budget(argument)
        return ISMCTSAgent(iterations, seconds=seconds, seed=seed)
    if not sep:
        known = ", ".join(AGENT_KINDS)
        raise ValueError(
            f"unknown agent {spec!r}; known agents: {known} (or module:Class for one's own class)"
        )
    return _user_agent(spec, kind, argument, seed)


def parse_budget(text: str) -> tuple[int | None, float | None]:
    """An ISMCTS budget: ``"500"`` (iterations) or ``"0.5s"`` (seconds per decision) as
    ``(iterations, seconds)``, the other ``None``; ``ValueError`` for anything else."""
    what = f"the ismcts budget is a positive number of iterations (ismcts:500) or seconds (ismcts:0.5s), got {text!r}"
    if text.endswith("s"):
        try:
            seconds = float(text[:-1])
        except ValueError:
            raise ValueError(what) from None
        if not (math.isfinite(seconds) and seconds > 0):
            raise ValueError(what)
        return None, seconds
    if not (text.isascii() and text.isdigit()) or int(text) < 1:  # refuses "-5", "1.5", "abc"
        raise ValueError(what)
    return int(text), None


def _user_agent(spec: str, module_name: str, rest: str, seed: int | None) -> Agent:
    """``module:Class`` or ``module:Class:arg``: the user's class, made with ``arg`` (JSON if it
    parses, else the text) and ``seed=`` when its constructor takes a seed."""
    class_name, sep, argument = rest.partition(":")
    if not module_name or not class_name:
        raise ValueError(f"an agent of one's own is named module:Class, got {spec!r}")
    try:
        module = importlib.import_module(module_name)
    except (ImportError, TypeError) as error:  # TypeError: a relative name such as '..'
        raise ValueError(f"agent {spec!r}: cannot import module {module_name!r} ({error})") from None
    factory = getattr(module, class_name, None)
    if factory is None or not callable(factory):
        raise ValueError(f"agent {spec!r}: module {module_name!r} has no class {class_name!r}")
    # Only a class is made: a spec string must not call whatever function a module has
    # (``os:system:...`` would run a command before failing as an agent).
    if not isinstance(factory, type):
        raise ValueError(
            f"agent {spec!r}: {module_name}.{class_name} is a {type(factory).__name__}, not a class"
        )
    args: list[Any] = []
    if sep:
        try:
            args.append(json.loads(argument))
        except json.JSONDecodeError:
            args.append(argument)
        except RecursionError:  # nested deeper than the parser goes: no argument anyone meant
            raise ValueError(f"agent {spec!r}: its argument is nested too deep to read") from None
    kwargs: dict[str, Any] = {}
    if _takes_seed(factory):
        kwargs["seed"] = seed
    try:
        agent = factory(*args, **kwargs)
    except Exception as error:  # the class's own refusal, of whatever type (decimal's is no ValueError)
        raise ValueError(
            f"agent {spec!r}: {class_name}({', '.join(map(repr, args))}) failed: {error}"
        ) from None
    if not callable(getattr(agent, "act", None)):
        raise ValueError(f"agent {spec!r}: {class_name} objects have no act(state) method")
    result: Agent = agent
    return result


def _takes_seed(factory: Any) -> bool:
    try:
        parameters = inspect.signature(factory).parameters
    except (TypeError, ValueError):  # a builtin without a signature
        return False
    return "seed" in parameters or any(p.kind is inspect.Parameter.VAR_KEYWORD for p in parameters.values())
