"""Generic agents: they see a state only through the public contract."""

from __future__ import annotations

import math
import secrets
from collections.abc import Callable
from typing import Protocol

from ..core.actions import Action
from ..core.rng import Rng
from ..core.state import State


class Agent(Protocol):
    """Anything that picks one of ``state.legal_actions()`` for the seat to move."""

    def act(self, state: State) -> Action:
        """The action to play now."""
        ...


def check_state(state: object) -> None:
    """Refuse, by name, a ``state`` an agent cannot act in: no :class:`State`, or a finished one."""
    # Asked of every decision: reading the attribute costs ~70 ns, an isinstance on the State
    # ABC ~270 ns more (a few % of a light game's decision), so what has no is_terminal is refused.
    try:
        over = state.is_terminal  # type: ignore[attr-defined]
    except AttributeError:
        raise ValueError(f"state must be a State, not {type(state).__name__}") from None
    if over:
        raise ValueError("state is over: there is no action to take")


class RandomAgent:
    """Plays a uniformly random legal action, from its own seeded generator."""

    def __init__(self, seed: int | None = None) -> None:
        self.rng = Rng.from_seed(secrets.randbits(63) if seed is None else seed)

    def act(self, state: State) -> Action:
        """A uniformly random legal action."""
        check_state(state)
        return self.rng.choice(state.legal_actions())


class GreedyAgent:
    """Looks one decision ahead and plays what leaves its team furthest ahead on points.

    Each legal action is tried on a determinization of what the agent may know (so it never
    peeks at hidden cards) and valued by :meth:`value`: a move that wins outright is taken, one
    that loses is avoided, an ally's points count as the agent's own. Ties are broken at random.
    """

    def __init__(self, seed: int | None = None) -> None:
        self.rng = Rng.from_seed(secrets.randbits(63) if seed is None else seed)

    def act(self, state: State) -> Action:
        """The legal action with the best one-ply value."""
        check_state(state)
        seat = state.current_player
        legal = state.legal_actions()
        if seat is None or len(legal) == 1:
            return legal[0]
        sample = state.determinize(seat, self.rng.randbelow(1 << 62))
        # The mover's legal actions are the same in the sample; trying the sample's own objects
        # lets apply recognise each by identity instead of comparing it field by field.
        tried = sample.legal_actions()
        if tried != legal:
            tried = legal
        best: list[int] = []
        best_value = -math.inf
        for index, action in enumerate(tried):
            value = self.value(sample.child(action), seat)
            if value > best_value:
                best, best_value = [index], value
            elif value == best_value:
                best.append(index)
        return legal[self.rng.choice(best)]

    @staticmethod
    def value(state: State, seat: int) -> float:
        """How good ``state`` is for ``seat``'s team: its points (``state.evaluation()``, the score
        totals unless the game measures a position otherwise) minus the best opposing team's;
        once decided, +inf for a win of its team alone, -inf for a loss and 0 for a draw or a
        victory shared with another team."""
        teams = state.teams
        mine = next(team for team in teams if seat in team)
        outcome = state.outcome
        if outcome is not None:
            winners = outcome.winners
            winning = [team for team in teams if any(member in winners for member in team)]
            if not winning:
                return 0.0  # a draw
            if mine not in winning:
                return -math.inf
            return math.inf if len(winning) == 1 else 0.0
        totals = state.evaluation()
        others = [sum(totals[member] for member in team) for team in teams if team != mine]
        return sum(totals[member] for member in mine) - max(others, default=0)


def _ismcts(seed: int | None = None) -> Agent:
    from .ismcts import ISMCTSAgent  # imported when asked for: base stays light to import

    return ISMCTSAgent(seed=seed)


#: The agents the simulator and the command line know by name, each made from a seed; a spec
#: string may add an argument (``"ismcts:200"``, see :func:`make_agent`).
AGENT_KINDS: dict[str, Callable[[int | None], Agent]] = {
    "random": RandomAgent,
    "greedy": GreedyAgent,
    "ismcts": _ismcts,
}


def make_agent(kind: str, seed: int | None = None) -> Agent:
    """An agent from a spec string: ``"random"``, ``"greedy"``, ``"ismcts"`` (500 iterations),
    ``"ismcts:200"`` (iterations), ``"ismcts:0.5s"`` (seconds a decision), or
    ``"module:Class"`` / ``"module:Class:arg"`` for a class of one's own (made with ``arg``
    and ``seed=seed`` where it takes one). ``ValueError`` naming what is wrong otherwise."""
    from .spec import agent_from_spec

    return agent_from_spec(kind, seed)
