"""Players that work with every game: a uniform random player, a one-ply greedy player and
information-set Monte Carlo tree search; :func:`make_agent` makes any of them from a spec."""

from .base import AGENT_KINDS, Agent, GreedyAgent, RandomAgent, make_agent
from .ismcts import ISMCTSAgent, random_rollout, score_lead

__all__ = [
    "AGENT_KINDS",
    "Agent",
    "GreedyAgent",
    "ISMCTSAgent",
    "RandomAgent",
    "make_agent",
    "random_rollout",
    "score_lead",
]
