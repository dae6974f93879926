"""The engine's agenda: a stack of tasks, each a decision or an automatic step.

A rule that needs a player's choice pushes a decision task and returns; the choice's handler
carries on. Automatic steps (a round's start, a hit's resolution, an effect's next operation)
run as soon as they reach the top. Handlers register here by task kind, so the modules that
hold the rules (rounds, combat, interpreter) never import one another's internals.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from tabletop.core import Action

from .model import Task

if TYPE_CHECKING:
    from .state import DozenWarState

AutoHandler = Callable[["DozenWarState", Task], None]
DecisionHandler = Callable[["DozenWarState", Task, Action], None]
LegalHandler = Callable[["DozenWarState", Task], list[Action]]

AUTO: dict[str, AutoHandler] = {}
DECIDE: dict[str, DecisionHandler] = {}
LEGAL: dict[str, LegalHandler] = {}

#: Decisions taken inside an action (R7.1a: the end checks wait until the action is complete).
MID_ACTION = frozenset(
    {
        "target",
        "guard",
        "defence_skill",
        "defence_card",
        "necklace",
        "splash_target",
        "assign_stolen_piece",
        "select",
        "choose_cell",
        "choose_option",
    }
)


def auto(kind: str) -> Callable[[AutoHandler], AutoHandler]:
    """Register the handler of an automatic step."""

    def register(fn: AutoHandler) -> AutoHandler:
        AUTO[kind] = fn
        return fn

    return register


def decision(kind: str, legal: LegalHandler) -> Callable[[DecisionHandler], DecisionHandler]:
    """Register a decision: its legal actions and what a chosen action does."""

    def register(fn: DecisionHandler) -> DecisionHandler:
        DECIDE[kind] = fn
        LEGAL[kind] = legal
        return fn

    return register


def push(state: DozenWarState, kind: str, seat: int = -1, **data: Any) -> None:
    """Put a task on top of the agenda (it runs or is decided next)."""
    state.tasks.append(Task(kind, seat, data))


def pop(state: DozenWarState) -> Task:
    """Take the top task off the agenda."""
    return state.tasks.pop()


def top(state: DozenWarState) -> Task:
    """The current task."""
    return state.tasks[-1]
