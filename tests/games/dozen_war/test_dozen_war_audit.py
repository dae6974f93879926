"""Audit of Dozen War against RULESET.md (issue 11): one scenario per rule found broken, named
by its rule ID, each failing before its fix."""

from __future__ import annotations

from games.dozen_war.dozen_war_helpers import bare, general, play
from tabletop.games.dozen_war.actions import EndTurn, UseSkill


def test_r13_8_a_buffs_stars_end_with_the_turn() -> None:
    """R13.8, R5.5a: a buff lasts the turn, so its stars no longer raise the unit's later attacks."""
    s = bare()
    soul = general(s, 0, "soul", (5, 5))
    play(s, UseSkill("soul.1"))
    assert s.units[soul].buff_star == 1 and s.units[soul].buff_damage == 1
    play(s, EndTurn())
    assert s.units[soul].buff_damage == 0 and s.units[soul].buff_star == 0
