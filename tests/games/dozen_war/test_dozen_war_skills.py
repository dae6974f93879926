"""Every one of the 36 skills in a scenario (R4.6, `generals.json`), on a bare board.

Skills the worked examples already show are named there: Khiên Rồng (WE-04, WE-07c), Khóa
Xích (WE-07a), Chiến Thần (WE-19), Ma Kích (WE-07c), Hàn Tiễn (WE-07b), Phân Ảnh (WE-19),
Triệu Gọi Ám Hồn (WE-11); each still has its own test here.
"""

from __future__ import annotations

from games.dozen_war.dozen_war_helpers import (
    acell,
    attack,
    bare,
    cell,
    choose_cell,
    defend,
    general,
    gid,
    give,
    give_coins,
    hp,
    pass_all,
    pass_until,
    play,
    refused,
    select_if_asked,
    soldier,
    target,
)
from tabletop.core import Rng
from tabletop.games.dozen_war.actions import (
    Attack,
    ChooseOption,
    DefendCard,
    DefendSkill,
    Done,
    Guard,
    Move,
    Pass,
    Target,
    UseSkill,
)
from tabletop.games.dozen_war.components import GENERALS


def test_est_phi_than_swaps_and_the_soldier_takes_the_hit() -> None:
    s = bare()
    est = general(s, 1, "est", (5, 5))
    sold = soldier(s, 1, "infantry", (5, 8))
    cav = soldier(s, 0, "cavalry", (5, 4))
    defend(s, cav, est, DefendSkill("est.1"))  # the one soldier in reach needs no choice
    assert s.units[est].cell == cell(s, (5, 8)) and s.units[sold].cell == cell(s, (5, 5))
    assert hp(s, est) == 3 and hp(s, sold) == 1


def test_est_guards_then_phi_than_and_the_soldier_swapped_in_takes_the_full_hit() -> None:
    """R12.6: a redirect after the guard step changes the receiver at once; R12.7 step 3: only a
    guard loses exactly 1 HP, any other receiver the hit's damage (here 2: Đại Đao)."""
    s = bare()
    cav = soldier(s, 0, "cavalry", (6, 6))
    archer = soldier(s, 1, "archer", (6, 7))
    est = general(s, 1, "est", (5, 7))
    swapped = soldier(s, 1, "infantry", (5, 9))
    give(s, 0, "cav.dai_dao")
    play(s, Attack(cav, "cav.dai_dao"), target(archer))
    pass_until(s, "guard")
    play(s, Guard(est))
    pass_until(s, "defence_skill")
    play(s, DefendSkill("est.1"))
    select_if_asked(s, swapped)
    assert s.units[est].cell == cell(s, (5, 9)) and hp(s, est) == GENERALS["est"].hp
    assert hp(s, swapped) == 0 and hp(s, archer) == 1


def test_est_phuc_thu_strikes_back_at_the_hitters() -> None:
    s = bare()
    general(s, 1, "est", (5, 8))
    victim = soldier(s, 1, "infantry", (5, 6))
    cav = soldier(s, 0, "cavalry", (5, 5))
    defend(s, cav, victim, DefendSkill("est.2"))
    assert hp(s, victim) == 1
    select_if_asked(s, cav)
    assert hp(s, cav) == 0  # a counter: only a guard could have saved it


def test_est_ultimate_more_move_and_four_targets() -> None:
    s = bare()
    est = general(s, 0, "est", (5, 5))
    foes = [soldier(s, 1, "archer", rc) for rc in ((4, 4), (4, 5), (4, 6))]
    give_coins(s, 0, 2)
    play(s, UseSkill("est.3"))
    assert s.coins[0] == 0 and s.units[est].buff_move == 2
    play(s, Attack(est), *(target(f) for f in foes))
    pass_all(s)
    assert all(hp(s, f) == 0 for f in foes)


def test_kazu_khien_rong_cancels_a_hit_on_a_soldier_next_to_him() -> None:
    s = bare()
    general(s, 1, "kazu", (5, 7))
    victim = soldier(s, 1, "archer", (5, 6))
    cav = soldier(s, 0, "cavalry", (5, 5))
    defend(s, cav, victim, DefendSkill("kazu.1"))
    assert hp(s, victim) == 1


def test_kazu_khoa_xich_two_damage_and_stun() -> None:
    s = bare()
    general(s, 0, "kazu", (5, 2))
    foe = general(s, 1, "mask", (5, 5))
    play(s, UseSkill("kazu.2"), target(foe))
    pass_all(s)
    assert hp(s, foe) == 1 and s.units[foe].has("stun")


def test_kazu_xich_quy_pulls_the_survivor_next_to_him() -> None:
    s = bare()
    general(s, 0, "kazu", (5, 2))
    foe = soldier(s, 1, "infantry", (5, 6))
    soldier(s, 1, "infantry", (4, 6))  # could guard, but the hit cannot be guarded
    give_coins(s, 0, 2)
    play(s, UseSkill("kazu.3"), target(foe))
    pass_all(s)
    assert hp(s, foe) == 1 and s.units[foe].cell == cell(s, (5, 3))


def test_rodoc_battle_cry_gives_two_infantry_more_move() -> None:
    s = bare()
    rodoc = general(s, 0, "rodoc", (5, 5))
    inf = soldier(s, 0, "infantry", (5, 7))
    play(s, UseSkill("rodoc.1"), target(inf), target(rodoc))
    assert s.units[inf].buff_move == 2 and s.units[rodoc].buff_move == 2
    assert Move(inf, acell(s, (5, 10))) in s.legal_actions()


def test_rodoc_chien_than_hits_up_to_four_on_one_ray() -> None:
    s = bare()
    general(s, 0, "rodoc", (6, 2))
    a = soldier(s, 1, "archer", (6, 3))
    b = soldier(s, 2, "archer", (6, 5))
    off = soldier(s, 1, "archer", (7, 3))
    play(s, UseSkill("rodoc.2"), target(a))
    assert target(off) not in s.legal_actions()  # one ray only
    play(s, target(b))
    pass_all(s)
    assert hp(s, a) == 0 and hp(s, b) == 0 and hp(s, off) == 1


def test_rodoc_hoi_suc_heals_before_damage() -> None:
    s = bare()
    general(s, 1, "rodoc", (5, 8))
    victim = soldier(s, 1, "infantry", (5, 6), hp=1)
    cav = soldier(s, 0, "cavalry", (5, 5))
    give_coins(s, 1, 2)
    play(s, Attack(cav), target(victim))
    pass_until(s, "defence_skill")
    play(s, DefendSkill("rodoc.3"))
    select_if_asked(s, victim)
    assert hp(s, victim) == 1 and s.coins[1] == 0


def test_mask_ma_kich_two_targets_no_splash() -> None:
    s = bare()
    general(s, 0, "mask", (2, 1))
    a = soldier(s, 1, "archer", (2, 3))
    behind = soldier(s, 1, "archer", (2, 4))
    play(s, UseSkill("mask.1"), target(a), Done())
    pass_all(s)
    assert hp(s, a) == 0 and hp(s, behind) == 1


def test_mask_phan_quyet_one_more_strike() -> None:
    s = bare()
    general(s, 0, "mask", (3, 3))
    cav = soldier(s, 0, "cavalry", (5, 5))
    a = soldier(s, 1, "infantry", (5, 6))
    b = soldier(s, 1, "infantry", (4, 4))
    play(s, UseSkill("mask.2"), target(cav))
    attack(s, cav, a)
    play(s, target(b))
    pass_all(s)
    assert hp(s, a) == 1 and hp(s, b) == 1


def test_mask_can_can_cong_ly_damage_and_heal_by_the_die() -> None:
    s = bare()
    mask = general(s, 0, "mask", (5, 2), hp=1)
    foe = general(s, 1, "lucy", (5, 5))
    soldier(s, 1, "infantry", (5, 4))  # units in between do not stop it; no guard allowed
    give_coins(s, 0, 2)
    die = s.rng.copy().randint(1, 6)
    play(s, UseSkill("mask.3"), target(foe))
    pass_all(s)
    even = die % 2 == 0
    assert hp(s, foe) == (1 if even else 2) and hp(s, mask) == (3 if even else 2)


def test_dw_12_7b_can_can_cong_ly_heals_with_each_hit_of_the_attack() -> None:
    """Ruling DW-12.7b: one die at the declaration (odd: 1 damage, heal 1); Thuốc Hồi Sức's extra
    strike is a second hit, and Mask heals again with it."""
    s = bare()
    seed = next(k for k in range(100) if Rng.from_seed(k).randint(1, 6) % 2)
    s.rng = Rng.from_seed(seed)
    mask = general(s, 0, "mask", (5, 2), hp=1)
    foe = general(s, 1, "lucy", (5, 4))
    give_coins(s, 0, 2)
    give(s, 0, "com.thuoc_hoi_suc")
    play(s, UseSkill("mask.3", "com.thuoc_hoi_suc"), target(foe))
    while s.decision != "turn":
        legal = s.legal_actions()
        s.apply(Target(foe) if Target(foe) in legal else Pass())
    assert hp(s, foe) == GENERALS["lucy"].hp - 2 and hp(s, mask) == 3


def test_dw_12_7a_a_heal_declared_in_the_window_stands_when_the_hit_is_cancelled() -> None:
    """Ruling DW-12.7a: Rodoc's Hồi Sức heals the receiver, then Quyền Trượng cancels the hit: the
    heal (paid for) stays; the cancelled hit does no damage."""
    s = bare()
    general(s, 1, "rodoc", (5, 8))
    guarded = soldier(s, 1, "infantry", (5, 6), hp=1)
    cav = soldier(s, 0, "cavalry", (5, 5))
    give_coins(s, 1, 2)
    give(s, 1, "com.quyen_truong_phep_thuat")
    play(s, Attack(cav), target(guarded))
    pass_until(s, "defence_skill")
    play(s, DefendSkill("rodoc.3"))
    if s.decision == "select":  # the one damaged infantry needs no choice
        play(s, target(guarded))
    pass_until(s, "defence_card")
    play(s, DefendCard("com.quyen_truong_phep_thuat"))
    pass_all(s)
    assert hp(s, guarded) == 2 and s.coins[1] == 0


def test_dw_13_8a_phi_than_needs_a_soldier_in_another_cell() -> None:
    """Ruling DW-13.8a: an own soldier in Est's cell is no cell to swap to; one beside him is."""
    for beside in (False, True):
        s = bare()
        est = general(s, 1, "est", (5, 5))
        soldier(s, 1, "archer", (5, 6) if beside else (5, 5))
        cav = soldier(s, 0, "cavalry", (5, 4))
        play(s, Attack(cav), target(est))
        pass_until(s, "defence_skill")
        assert (DefendSkill("est.1") in s.legal_actions()) is beside


def test_soul_am_ky_more_damage_and_move() -> None:
    s = bare()
    soul = general(s, 0, "soul", (5, 5))
    foe = soldier(s, 1, "infantry", (5, 9))
    play(s, UseSkill("soul.1"))
    play(s, Move(soul, acell(s, (5, 8))), Attack(soul), target(foe))
    pass_all(s)
    assert hp(s, foe) == 0


def test_soul_trieu_goi_am_hon_pays_hp_and_summons_a_cavalry_that_acts() -> None:
    s = bare()
    soul = general(s, 0, "soul", (5, 5))
    play(s, UseSkill("soul.2"), choose_cell(s, (5, 6)))
    assert hp(s, soul) == 2
    new = next(u for u in s.units.values() if u.cell == cell(s, (5, 6)))
    assert new.cls == "cavalry" and not new.moved
    assert Move(new.id, acell(s, (5, 9))) in s.legal_actions()


def test_soul_thay_doc_swaps_and_counters() -> None:
    s = bare()
    soul = general(s, 1, "soul", (5, 5))
    sold = soldier(s, 1, "infantry", (5, 7))
    attacker = soldier(s, 0, "infantry", (5, 4))
    give_coins(s, 1, 2)
    defend(s, attacker, soul, DefendSkill("soul.3"))
    assert s.units[soul].cell == cell(s, (5, 7)) and hp(s, sold) == 1 and hp(s, attacker) == 1


def test_siri_san_nguoi_cannot_be_guarded() -> None:
    s = bare()
    siri = general(s, 0, "siri", (5, 5))
    foe = soldier(s, 1, "archer", (5, 6))
    soldier(s, 1, "infantry", (5, 7))
    play(s, UseSkill("siri.1"), Attack(siri), target(foe))
    assert s.decision != "guard"
    pass_all(s)
    assert hp(s, foe) == 0


def test_siri_phong_bo_dodges() -> None:
    s = bare()
    siri = general(s, 1, "siri", (5, 5))
    cav = soldier(s, 0, "cavalry", (5, 4))
    defend(s, cav, siri, DefendSkill("siri.2"), choose_cell(s, (5, 8)))
    assert hp(s, siri) == 3 and s.units[siri].cell == cell(s, (5, 8))


def test_siri_am_phong_three_more_move() -> None:
    s = bare()
    general(s, 0, "siri", (5, 5))
    inf = soldier(s, 0, "infantry", (5, 6))
    give_coins(s, 0, 2)
    play(s, UseSkill("siri.3"), target(inf))
    assert Move(inf, acell(s, (5, 10))) in s.legal_actions()


def test_raen_vien_tien_one_more_range() -> None:
    s = bare()
    general(s, 0, "raen", (3, 1))
    archer = soldier(s, 0, "archer", (5, 1))
    foe = soldier(s, 1, "infantry", (5, 5))
    assert Attack(archer) not in s.legal_actions()
    play(s, UseSkill("raen.1"), target(archer))
    attack(s, archer, foe)
    assert hp(s, foe) == 1


def test_raen_ten_luoi_pushes_and_roots_after_the_hit() -> None:
    s = bare()
    general(s, 1, "raen", (5, 8))
    victim = soldier(s, 1, "infantry", (5, 6))
    attacker = soldier(s, 0, "infantry", (5, 5))
    defend(s, attacker, victim, DefendSkill("raen.2"))
    assert s.units[attacker].cell == cell(s, (5, 1))  # 4 cells along the line from Raen
    assert s.units[attacker].has("root")


def test_xacnas_loi_chao_one_more_damage() -> None:
    s = bare()
    xacnas = general(s, 0, "xacnas", (5, 2))
    foe = soldier(s, 1, "infantry", (5, 5))
    # Xacnas is the only archer in reach: the buff needs no choice (ruling DW-13.3a).
    play(s, UseSkill("xacnas.1"), Attack(xacnas), target(foe))
    pass_all(s)
    assert hp(s, foe) == 0


def test_xacnas_bao_phi_dao_two_targets_in_radius() -> None:
    s = bare()
    general(s, 0, "xacnas", (5, 5))
    a = soldier(s, 1, "archer", (7, 6))  # not on a ray: a radius needs none
    b = soldier(s, 1, "archer", (3, 4))
    play(s, UseSkill("xacnas.2"), target(a), target(b))
    pass_all(s)
    assert hp(s, a) == 0 and hp(s, b) == 0


def test_xacnas_phan_bong_named_faces_decide() -> None:
    s = bare()
    xacnas = general(s, 1, "xacnas", (5, 6))
    cav = soldier(s, 0, "cavalry", (5, 5))
    give_coins(s, 1, 2)
    play(s, Attack(cav), target(xacnas))
    pass_until(s, "defence_skill")
    play(s, DefendSkill("xacnas.3"), ChooseOption("1"))
    die = s.rng.copy().randint(1, 6)
    play(s, ChooseOption("2"))
    pass_all(s)
    assert s.units[xacnas].evasion == (1, 2)
    assert hp(s, xacnas) == (2 if die in (1, 2) else 3)


def test_lucy_phan_anh_cancels_a_hit_on_her() -> None:
    s = bare()
    lucy = general(s, 1, "lucy", (5, 6))
    cav = soldier(s, 0, "cavalry", (5, 5))
    defend(s, cav, lucy, DefendSkill("lucy.1"))
    assert hp(s, lucy) == 3


def test_lucy_ban_tra_hits_back_two_units() -> None:
    s = bare()
    general(s, 1, "lucy", (5, 8))
    victim = soldier(s, 1, "infantry", (4, 5))
    attacker = soldier(s, 0, "cavalry", (5, 5))
    other = soldier(s, 0, "archer", (5, 6))
    defend(s, attacker, victim, DefendSkill("lucy.2"))
    play(s, target(attacker), target(other))
    pass_all(s)
    assert hp(s, attacker) == 0 and hp(s, other) == 0


def test_lucy_dien_cuong_two_hits_chosen_per_hit() -> None:
    s = bare()
    general(s, 0, "lucy", (5, 2))
    foe = general(s, 1, "kazu", (5, 5))
    give_coins(s, 0, 2)
    play(s, UseSkill("lucy.3"), target(foe))
    pass_all(s)
    play(s, target(foe))
    pass_all(s)
    assert hp(s, foe) == 0


def test_grim_gia_dang_takes_the_cavalry_move() -> None:
    s = bare()
    grim = general(s, 0, "grim", (5, 5))
    play(s, UseSkill("grim.1"), ChooseOption("cavalry"))
    assert s.units[grim].cls == "cavalry" and s.units[grim].hp == 3
    assert Move(grim, acell(s, (5, 8))) in s.legal_actions()


def test_grim_cai_tao_nhanh_converts_a_soldier() -> None:
    s = bare()
    general(s, 0, "grim", (5, 5))
    sold = soldier(s, 0, "archer", (5, 7))
    play(s, UseSkill("grim.2"), ChooseOption("infantry"))
    assert s.units[sold].cls == "infantry" and hp(s, sold) == 2


def test_grim_sao_chep_copies_an_enemy_skill() -> None:
    s = bare()
    grim = general(s, 0, "grim", (5, 5))
    s.used_skills[1].append("soul.1")
    give_coins(s, 0, 2)
    play(s, UseSkill("grim.3", copy="soul.1"))
    assert s.units[grim].buff_damage == 1 and "grim.3" in s.marks[0] and s.coins[0] == 0
    refused(s, UseSkill("grim.1"), "R5.3")


def test_neuro_trieu_goi_needs_a_dead_soldier() -> None:
    s = bare()
    general(s, 0, "neuro", (5, 5))
    assert UseSkill("neuro.1") not in s.legal_actions()
    s.soldier_died[0] = True
    s.forget_legal_actions()
    play(s, UseSkill("neuro.1"), ChooseOption("archer"), choose_cell(s, (4, 4)))
    assert any(u.cls == "archer" and u.cell == cell(s, (4, 4)) for u in s.units.values())


def test_neuro_thuoc_cam_two_units_more_move() -> None:
    s = bare()
    neuro = general(s, 0, "neuro", (5, 5))
    inf = soldier(s, 0, "infantry", (5, 7))
    play(s, UseSkill("neuro.2"), target(inf), Done())
    assert s.units[inf].buff_move == 2 and s.units[neuro].buff_move == 0


def test_neuro_thuoc_cam_silences_a_general() -> None:
    s = bare()
    general(s, 0, "neuro", (5, 5))
    lucy = general(s, 1, "lucy", (5, 7))
    give_coins(s, 0, 2)
    play(s, UseSkill("neuro.3"), target(lucy))
    pass_all(s)
    assert s.units[lucy].has("silence")
    cav = soldier(s, 0, "cavalry", (5, 8))
    s.forget_legal_actions()
    play(s, Attack(cav), target(lucy))
    assert s.decision != "defence_skill"  # silenced: Phân Ảnh is not offered


def test_ranus_dich_chuyen_jumps() -> None:
    s = bare()
    ranus = general(s, 0, "ranus", (5, 5))
    play(s, UseSkill("ranus.1"), choose_cell(s, (9, 9)))
    assert s.units[ranus].cell == cell(s, (9, 9)) and not s.units[ranus].moved


def test_ranus_thuat_cuong_hoa_strike_and_move() -> None:
    s = bare()
    ranus = general(s, 0, "ranus", (5, 5))
    play(s, UseSkill("ranus.2"))  # Ranus alone is in reach (ruling DW-13.3a)
    assert s.units[ranus].buff_strikes == 1 and s.units[ranus].buff_move == 1


def test_ranus_bung_chay_up_to_four_in_radius_two() -> None:
    s = bare()
    general(s, 0, "ranus", (5, 5))
    foes = [soldier(s, 1, "archer", rc) for rc in ((3, 4), (7, 6), (5, 7), (6, 3))]
    give_coins(s, 0, 2)
    play(s, UseSkill("ranus.3"), *(target(f) for f in foes))
    pass_all(s)
    assert all(hp(s, f) == 0 for f in foes)


def test_ultimates_cost_two_coins_and_are_free_in_engage() -> None:
    s = bare()
    general(s, 0, "ranus", (5, 5))
    soldier(s, 1, "archer", (3, 4))
    assert UseSkill("ranus.3") not in s.legal_actions()
    refused(s, UseSkill("ranus.3"), "R5.2b")
    duel = bare(players=2)
    general(duel, 0, "ranus", (3, 3))
    soldier(duel, 1, "archer", (4, 4))
    assert UseSkill("ranus.3") in duel.legal_actions()


def test_each_skill_once_per_round() -> None:
    s = bare()
    general(s, 0, "soul", (5, 5))
    s.marks[0].append("soul.1")
    s.forget_legal_actions()
    refused(s, UseSkill("soul.1"), "R5.2a")
    assert gid("soul") in s.units and Pass() not in s.legal_actions()
