"""Audit of Dozen War against RULESET.md (issue 11): one scenario per rule found broken, named
by its rule ID, each failing before its fix."""

from __future__ import annotations

from games.dozen_war.dozen_war_helpers import (
    acell,
    attack,
    bare,
    castle,
    cell,
    general,
    give,
    hp,
    mountain,
    pass_all,
    play,
    refused,
    soldier,
    target,
    with_status,
)
from tabletop.games.dozen_war.actions import (
    Attack,
    ChooseCell,
    DefendCard,
    DefendSkill,
    Dig,
    EndTurn,
    Guard,
    HandOver,
    Move,
    Pass,
    UseSkill,
    Warp,
)


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


def test_dw_8_11_a_giver_takes_no_piece_back_so_hand_overs_end() -> None:
    """DW-8.11: a general that gave this turn receives nothing until the turn ends, so two
    generals cannot pass a piece back and forth for ever; a relay and giving again stay legal,
    and the next turn the giver may receive again."""
    s = bare()
    est = general(s, 0, "est", (5, 5), pieces=("map_piece_1", "map_piece_2"))
    kazu = general(s, 0, "kazu", (5, 6))
    rodoc = general(s, 0, "rodoc", (4, 6))
    play(s, HandOver(est, kazu, 1))
    assert not any(isinstance(a, HandOver) and a.receiver == est for a in s.legal_actions())
    refused(s, HandOver(kazu, est, 1), "DW-8.11")
    play(s, HandOver(kazu, rodoc, 1), HandOver(est, rodoc, 1))  # a relay, then Est gives again
    assert [len(s.units[u].pieces) for u in (est, kazu, rodoc)] == [0, 0, 2]
    assert not any(isinstance(a, HandOver) for a in s.legal_actions())
    refused(s, HandOver(rodoc, est, 1), "DW-8.11")
    play(s, EndTurn())
    assert not s.units[est].gave and not s.units[kazu].gave


def test_r2_19_to_r2_23_a_refused_warp_names_the_rule_it_breaks() -> None:
    """WE-09's refusals, each naming its own rule: the warp is shut before round 4 (R2.19),
    needs control (R2.20), starts in an own castle (R2.21), not after an attack (R2.23), and
    the warp cell holds one general (R2.22)."""
    shut = bare(round_=3)
    shut.volcano_up = True
    castle(shut, 0, "infantry", (1, 6))
    early = soldier(shut, 0, "infantry", (1, 6))
    refused(shut, Warp(early), "R2.19")
    s = bare(round_=4)
    castle(s, 0, "infantry", (1, 6))
    castle(s, 0, "archer", (0, 7))
    kazu = general(s, 0, "kazu", (1, 6))
    archer = soldier(s, 0, "archer", (0, 7))
    outside = soldier(s, 0, "infantry", (2, 5))
    enemy = soldier(s, 1, "infantry", (3, 7))
    refused(s, Warp(kazu), "R2.20")
    general(s, 0, "est", (6, 6))
    refused(s, Warp(outside), "R2.21")
    refused(s, Warp(kazu), "R2.22")
    play(s, Attack(archer), target(enemy))
    refused(s, Warp(archer), "R2.23")


def test_r10_9d_an_ally_jumps_the_partners_general_away_with_nhan_dich_chuyen() -> None:
    """R10.9b, R10.9d: in the window of a hit on the partner's general, the ally's Nhẫn Dịch
    Chuyển treats that general as its own: it jumps away and the hit is cancelled."""
    s = bare(players=4, seat=1, mode="alliance")
    kazu = general(s, 0, "kazu", (5, 5))
    cav = soldier(s, 1, "cavalry", (5, 6))
    give(s, 2, "com.nhan_dich_chuyen")
    play(s, Attack(cav), target(kazu), Pass())  # P1 passes on Khiên Rồng
    assert s.decision == "defence_card" and s.current_player == 2
    play(s, DefendCard("com.nhan_dich_chuyen"))
    pass_all(s)
    assert s.decision == "choose_cell" and s.current_player == 2
    landing = next(a for a in s.legal_actions() if isinstance(a, ChooseCell))
    play(s, landing)
    pass_all(s)
    assert s.units[kazu].hp == 3 and s.units[kazu].cell != cell(s, (5, 5))


def test_r11_1_engage_pays_no_coin_for_a_kill() -> None:
    """R11.1: Engage has no coins, so killing the enemy general pays nothing (R2.6 is for
    Chiến Thần); the kill still wins (R11.7)."""
    s = bare(players=2, seat=0)
    siri = general(s, 0, "siri", (4, 3))
    lucy = general(s, 1, "lucy", (3, 4), hp=1)
    attack(s, siri, lucy)
    assert s.outcome is not None and s.outcome.winners == (0,)
    assert s.coins == [0, 0]


def test_r8_10_r2_23_a_refused_move_after_a_dig_or_a_warp_names_that_rule() -> None:
    """WE-08, WE-09: a general that dug cannot move (R8.10); a unit that moved into its castle
    and warped may only attack (R2.23); each refusal names its rule."""
    s = bare(round_=4)
    est = general(s, 0, "est", (2, 6))
    mountain(s, (3, 6), ["ruong_vang_mativen"])
    castle(s, 0, "infantry", (1, 6))
    soldier(s, 0, "cavalry", (6, 6))
    inf = soldier(s, 0, "infantry", (2, 5))
    play(s, Dig(est, acell(s, (3, 6))))
    refused(s, Move(est, acell(s, (2, 7))), "R8.10")
    play(s, Move(inf, acell(s, (1, 6))), Warp(inf))
    refused(s, Move(inf, acell(s, (6, 5))), "R2.23")


def test_r8_7_a_skill_refused_after_the_generals_attack_names_r8_7() -> None:
    """R8.7, R5.3a: a general that has attacked uses no more skills; the refusal says so."""
    s = bare()
    soul = general(s, 0, "soul", (5, 5))
    foe = soldier(s, 1, "infantry", (5, 6))
    attack(s, soul, foe)
    refused(s, UseSkill("soul.1"), "R8.7")


def test_r12_2_an_attack_refused_for_a_stunned_unit_names_r13_6() -> None:
    """R12.2, R13.6: a stunned, rooted or frozen unit makes no attack; the refusal says why."""
    for status in ("stun", "root", "freeze"):
        s = bare()
        mine = soldier(s, 0, "infantry", (5, 5))
        soldier(s, 1, "infantry", (5, 6))
        with_status(s, mine, status)
        refused(s, Attack(mine), "R13.6")


def test_r10_11_map_pieces_are_never_handed_to_the_ally() -> None:
    """R8.11, R10.11: a hand-over goes to an own general only; to the ally's it is refused."""
    s = bare(players=4, seat=0, mode="alliance")
    est = general(s, 0, "est", (5, 5), pieces=("map_piece_1",))
    ally = general(s, 2, "kazu", (5, 6))
    assert not any(isinstance(a, HandOver) for a in s.legal_actions())
    refused(s, HandOver(est, ally, 1), "R10.11")


def test_r10_9d_phuc_thu_strikes_the_unit_that_hit_the_allys_receiver() -> None:
    """R10.9b, R10.9d, Est's Phục Thù: used for the ally's unit, the hit's receiver counts as
    Est's owner's own, so the attacking unit has "made a hit on your units" and takes 1."""
    s = bare(players=4, seat=1, mode="alliance")
    victim = soldier(s, 0, "archer", (5, 5))
    general(s, 2, "est", (5, 7))
    cav = soldier(s, 1, "cavalry", (5, 4))
    play(s, Attack(cav), target(victim))
    assert s.decision == "defence_skill" and s.current_player == 2
    play(s, DefendSkill("est.2"))
    pass_all(s)
    assert hp(s, victim) == 0 and hp(s, cav) == 0 and s.decision == "turn"


def test_r10_9d_hoi_suc_heals_the_allys_receiver_before_the_damage() -> None:
    """R10.9b, R10.9d, R12.7 step 2: in the window of a hit on the partner's infantry, Rodoc's
    Hồi Sức treats that receiver as one of "your" infantry units: healed first, it survives."""
    s = bare(players=4, seat=1, mode="alliance")
    victim = soldier(s, 0, "infantry", (5, 5), hp=1)
    general(s, 2, "rodoc", (5, 7))
    s.coins[2], s.bank = 2, s.bank - 2
    cav = soldier(s, 1, "cavalry", (5, 4))
    play(s, Attack(cav), target(victim))
    assert s.decision == "defence_skill" and s.current_player == 2
    play(s, DefendSkill("rodoc.3"))
    pass_all(s)
    assert hp(s, victim) == 1 and s.coins[2] == 0 and hp(s, cav) == 1


def test_r10_9b_after_the_allys_guard_the_guards_owner_decides_first() -> None:
    """R10.9b: at each step the receiver's owner decides first; once the ally's infantry has
    guarded, the receiver is the ally's, so the ally is asked first for a defence card."""
    s = bare(players=4, seat=1, mode="alliance")
    victim = soldier(s, 0, "archer", (5, 5))
    guard = soldier(s, 2, "infantry", (5, 6))
    attacker = soldier(s, 1, "infantry", (5, 4))
    give(s, 0, "inf.bua_chien")
    give(s, 2, "inf.bua_chien")
    play(s, Attack(attacker), target(victim), Guard(guard))
    assert s.decision == "defence_card" and s.current_player == 2
    play(s, Pass())
    assert s.decision == "defence_card" and s.current_player == 0
    pass_all(s)
    assert hp(s, guard) == 1 and hp(s, victim) == 1
