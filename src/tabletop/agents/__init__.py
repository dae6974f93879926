"""Players that work with every game: a uniform random player and a one-ply greedy player."""

from .base import AGENT_KINDS, Agent, GreedyAgent, RandomAgent, make_agent

__all__ = ["AGENT_KINDS", "Agent", "GreedyAgent", "RandomAgent", "make_agent"]
