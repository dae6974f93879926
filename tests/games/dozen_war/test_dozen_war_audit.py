"""Audit of Dozen War against RULESET.md (issue 11): one scenario per rule found broken, named
by its rule ID, each failing before its fix."""

from __future__ import annotations

from games.dozen_war.dozen_war_helpers import acell, bare, general, mountain, play
from tabletop.games.dozen_war.actions import Dig, EndTurn, HandOver, UseSkill


def test_r13_8_a_buffs_stars_end_with_the_turn() -> None:
    """R13.8, R5.5a: a buff lasts the turn, so its stars no longer raise the unit's later attacks."""
    s = bare()
    soul = general(s, 0, "soul", (5, 5))
    play(s, UseSkill("soul.1"))
    assert s.units[soul].buff_star == 1 and s.units[soul].buff_damage == 1
    play(s, EndTurn())
    assert s.units[soul].buff_damage == 0 and s.units[soul].buff_star == 0


def test_r8_11_a_general_may_give_more_than_once_and_still_dig() -> None:
    """R8.11: a general may give more than once per turn; giving is neither an attack nor a
    skill, so the giver may still dig (R8.10)."""
    s = bare()
    est = general(s, 0, "est", (5, 5), pieces=("map_piece_1", "map_piece_2"))
    kazu = general(s, 0, "kazu", (5, 6))
    rodoc = general(s, 0, "rodoc", (4, 4))
    mountain(s, (6, 5), ["ruong_vang_mativen"])
    play(s, HandOver(est, kazu, 1), HandOver(est, rodoc, 1))
    assert len(s.units[kazu].pieces) == 1 and len(s.units[rodoc].pieces) == 1
    play(s, Dig(est, acell(s, (6, 5))))
    assert s.coins[0] == 2
