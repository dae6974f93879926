"""RULESET.md rule by rule: combat (§12), soldiers (§3) and skills (§5). Each test names the rule it
states; the worked examples of §17 are in test_dozen_war_examples.py."""

from __future__ import annotations

from games.dozen_war.dozen_war_helpers import (
    acell,
    attack,
    bare,
    castle,
    cell,
    defend,
    general,
    give,
    give_coins,
    hp,
    lucy_hit_while,
    mountain,
    pass_all,
    pass_until,
    play,
    refused,
    soldier,
    target,
    with_status,
)
from tabletop.games.dozen_war.actions import (
    CASTLE_BASE,
    Attack,
    DefendCard,
    DefendSkill,
    Done,
    Guard,
    Move,
    Pass,
    PlayCard,
    UseSkill,
)
from tabletop.games.dozen_war.components import stats_of

# ---------------------------------------------------------------------- §12 combat resolution


def test_r12_2_a_rooted_or_frozen_unit_makes_no_attack() -> None:
    """R12.2: a rooted or frozen unit makes no attack."""
    for status in ("root", "freeze"):
        s = bare()
        inf = soldier(s, 0, "infantry", (5, 5))
        soldier(s, 1, "archer", (5, 6))
        with_status(s, inf, status)
        assert not any(isinstance(a, Attack) for a in s.legal_actions())
        refused(s, Attack(inf), "R12.2")


def test_r12_2_a_stunned_general_makes_no_fist_skill_attack() -> None:
    """R12.2: a stunned general makes no fist skill attack."""
    s = bare()
    kazu = general(s, 0, "kazu", (5, 2))
    general(s, 1, "mask", (5, 4))
    with_status(s, kazu, "stun")
    assert UseSkill("kazu.2") not in s.legal_actions()
    refused(s, UseSkill("kazu.2"), "R13.6")


def test_r12_3_a_declaration_with_no_legal_target_is_refused() -> None:
    """R12.3: a declaration with no legal target is refused."""
    s = bare()
    archer = soldier(s, 0, "archer", (5, 5))
    soldier(s, 1, "archer", (6, 7))  # not on a ray from (5,5)
    soldier(s, 1, "archer", (5, 9))  # on a ray, distance 4 > 3
    assert not any(isinstance(a, Attack) for a in s.legal_actions())
    refused(s, Attack(archer), "R12.3")


def test_r12_3_the_ultimate_is_paid_and_marked_and_the_numbers_fixed_at_declaration() -> None:
    """R12.3: the ultimate is paid and marked and the numbers fixed at declaration."""
    s = bare()
    general(s, 0, "kazu", (5, 2))
    foe = soldier(s, 1, "infantry", (5, 6))
    give_coins(s, 0, 2)
    play(s, UseSkill("kazu.3"))
    # Before any target is chosen: coins gone to the bank, the skill marked, the numbers fixed.
    assert s.decision == "target" and s.coins[0] == 0 and s.bank == 30 and "kazu.3" in s.marks[0]
    assert s.attack is not None and s.attack.star == 3 and s.attack.damage == 1 and not s.attack.guardable
    play(s, target(foe))
    pass_all(s)
    assert hp(s, foe) == 1


def test_r12_4_own_units_and_a_castle_with_an_enemy_soldier_inside_are_no_targets() -> None:
    """R12.4: own units and a castle with an enemy soldier inside are no targets."""
    s = bare()
    cav = soldier(s, 0, "cavalry", (5, 5))
    mine = soldier(s, 0, "archer", (5, 6))
    keep = castle(s, 1, "infantry", (4, 4))
    inside = soldier(s, 1, "archer", (4, 4))
    play(s, Attack(cav))
    legal = s.legal_actions()
    assert target(inside) in legal and target(keep) not in legal and target(mine) not in legal
    refused(s, target(keep), "R2.8")
    refused(s, target(mine), "R12.4")


def test_r12_4_r2_8c_r2_8d_a_general_does_not_protect_its_castle_and_the_attacker_picks_in_a_stack() -> None:
    """R12.4, R2.8c, R2.8d: a general does not protect its castle and the attacker picks in a stack."""
    s = bare()
    cav = soldier(s, 0, "cavalry", (5, 5))
    keep = castle(s, 1, "infantry", (4, 4))
    est = general(s, 1, "est", (4, 4))
    play(s, Attack(cav))
    legal = s.legal_actions()
    assert target(keep) in legal and target(est) in legal
    play(s, target(keep))
    pass_all(s)
    assert s.castles[keep - CASTLE_BASE].hp == 1 and hp(s, est) == 3


def test_r12_5_an_extra_strike_with_no_legal_target_left_is_lost() -> None:
    """R12.5: an extra strike with no legal target left is lost."""
    s = bare()
    inf = soldier(s, 0, "infantry", (5, 5))
    foe = soldier(s, 1, "archer", (5, 6))
    give(s, 0, "inf.song_kiem")  # +1 strike
    attack(s, inf, foe, "inf.song_kiem")
    # The only target died on hit 1: the second strike has nothing legal and is lost.
    assert hp(s, foe) == 0 and s.decision == "turn" and s.attack is None
    assert s.units[inf].attacked


def test_r12_5_an_extra_strike_may_hit_the_same_unit_again() -> None:
    """R12.5: an extra strike may hit the same unit again."""
    s = bare()
    inf = soldier(s, 0, "infantry", (5, 5))
    foe = soldier(s, 1, "infantry", (5, 6))
    give(s, 0, "inf.song_kiem")
    attack(s, inf, foe, "inf.song_kiem")
    assert hp(s, foe) == 1 and s.decision == "target"
    play(s, target(foe))
    pass_all(s)
    assert hp(s, foe) == 0


def test_r12_8_r8_6_after_the_last_hit_the_attacking_unit_is_done() -> None:
    """R12.8, R8.6: after the last hit the attacking unit is done."""
    s = bare()
    inf = soldier(s, 0, "infantry", (5, 5))
    foe = soldier(s, 1, "infantry", (5, 6))
    play(s, Attack(inf), target(foe))
    assert hp(s, foe) == 1 and s.units[foe].cell == cell(s, (5, 6))  # the attacker does not advance
    assert s.units[inf].cell == cell(s, (5, 5))
    assert not any(getattr(a, "unit", None) == inf for a in s.legal_actions())
    refused(s, Attack(inf), "R8.6")
    refused(s, Move(inf, acell(s, (4, 5))), "R8.8")


def test_r12_9_r12_11_a_counter_kill_credits_the_countering_player() -> None:
    """R12.9, R12.11; R2.11: a skull per enemy general eliminated, here by a counter."""
    s = bare()
    mask = general(s, 0, "mask", (6, 6), hp=1)
    foe = soldier(s, 1, "archer", (6, 7))
    give(s, 1, "arc.dao_gam")
    defend(s, mask, foe, DefendCard("arc.dao_gam"))
    assert hp(s, foe) == 0 and hp(s, mask) == 0
    assert s.skulls == [0, 1, 0, 0] and s.coins[1] == 1 and s.bank == 29


def test_r12_11_a_counter_kill_by_a_cavalry_causes_no_splash() -> None:
    """R12.11: a counter kill by a cavalry causes no splash."""
    s = bare()
    archer = soldier(s, 0, "archer", (6, 5), hp=1)
    behind = soldier(s, 0, "archer", (6, 4))
    cav = soldier(s, 1, "cavalry", (6, 6))
    give(s, 1, "cav.kiem_mot_tay")
    defend(s, archer, cav, DefendCard("cav.kiem_mot_tay"))
    assert hp(s, archer) == 0 and hp(s, behind) == 1


def test_r12_12_two_targets_in_one_cell_each_get_their_own_window() -> None:
    """R12.12: two targets in one cell each get their own window."""
    s = bare()
    general(s, 0, "mask", (2, 1))
    a = soldier(s, 1, "infantry", (2, 2))
    b = soldier(s, 1, "infantry", (2, 2))
    play(s, UseSkill("mask.1"), target(a), target(b))
    if s.decision == "target":
        play(s, Done())
    # Hit 1 on a: its cell-mate b may guard (R3.1a); a may not guard itself.
    assert s.decision == "guard" and Guard(b) in s.legal_actions() and Guard(a) not in s.legal_actions()
    play(s, Guard(b))  # P2 holds no card and no general: hit 1 resolves at once
    # Hit 2 on b: b has guarded this turn, a may guard it.
    assert s.decision == "guard" and Guard(a) in s.legal_actions() and Guard(b) not in s.legal_actions()
    play(s, Pass())
    pass_all(s)
    assert hp(s, a) == 2 and hp(s, b) == 0


def test_r12_13_r5_5c_a_hostile_effect_without_damage_has_no_guard_step_and_its_own_stars() -> None:
    """R12.13, R5.5c: a hostile effect without damage has no guard step and its own stars."""
    s = bare()
    general(s, 0, "neuro", (5, 5))
    lucy = general(s, 1, "lucy", (5, 7))
    soldier(s, 1, "infantry", (5, 8))  # an infantry general's neighbour: could guard a damaging hit
    give(s, 1, "com.quyen_truong_phep_thuat")  # ★3 < ★4: not playable
    give_coins(s, 0, 2)
    play(s, UseSkill("neuro.3"), target(lucy))
    assert s.hit is not None and s.hit.star == 4 and s.hit.damage == 0
    assert s.decision != "guard"
    pass_all(s)
    assert s.units[lucy].has("silence") and hp(s, lucy) == 3


def test_r12_15_the_attacker_chooses_the_splash_unit_when_several_qualify() -> None:
    """R12.15: the attacker chooses the splash unit when several qualify."""
    s = bare()
    cav = soldier(s, 0, "cavalry", (6, 6))
    victim = soldier(s, 1, "archer", (6, 7))
    x = soldier(s, 1, "archer", (6, 7))
    y = soldier(s, 2, "archer", (6, 7))
    play(s, Attack(cav), target(victim))
    assert s.decision == "splash_target" and s.current_player == 0
    assert set(s.legal_actions()) == {target(x), target(y)}
    play(s, target(y))
    assert hp(s, victim) == 0 and hp(s, y) == 0 and hp(s, x) == 1 and s.decision == "turn"


def test_r12_15_a_step_without_a_legal_option_is_skipped() -> None:
    """R12.15: a step without a legal option is skipped."""
    s = bare()
    inf = soldier(s, 0, "infantry", (5, 5))
    foe = soldier(s, 1, "archer", (5, 6))  # P2: no cards, no infantry near, no general
    play(s, Attack(inf))
    assert s.decision == "target"
    play(s, target(foe))
    assert s.decision == "turn" and hp(s, foe) == 0


# ---------------------------------------------------------------------- §3 soldiers


def test_r3_0_soldier_statistics() -> None:
    """R3.0: soldier statistics."""
    table = {"infantry": (2, 1, 1, 1), "archer": (1, 1, 1, 3), "cavalry": (1, 1, 3, 1)}
    for cls, (hp_, dmg, move, rng) in table.items():
        stats = stats_of(cls, False)
        assert (stats.hp, stats.damage, stats.move, stats.range) == (hp_, dmg, move, rng)


def test_r3_0_r8_1a_moves_reach_exactly_the_class_move() -> None:
    """R3.0, R8.1a: moves reach exactly the class move."""
    s = bare()
    inf = soldier(s, 0, "infantry", (5, 5))
    cav = soldier(s, 0, "cavalry", (8, 5))
    legal = s.legal_actions()
    assert Move(inf, acell(s, (6, 6))) in legal and Move(inf, acell(s, (5, 7))) not in legal
    assert Move(cav, acell(s, (11, 8))) in legal and Move(cav, acell(s, (8, 9))) not in legal


def test_r3_1_an_infantry_guards_its_castle() -> None:
    """R3.1: an infantry guards its castle."""
    s = bare()
    archer = soldier(s, 0, "archer", (4, 4))
    keep = castle(s, 1, "cavalry", (4, 6))
    guard = soldier(s, 1, "infantry", (3, 7))
    play(s, Attack(archer), target(keep))
    assert s.decision == "guard"
    play(s, Guard(guard))
    pass_all(s)
    assert s.castles[keep - CASTLE_BASE].hp == 2 and hp(s, guard) == 1


def test_r3_1_an_infantry_two_cells_away_cannot_guard() -> None:
    """R3.1: an infantry two cells away cannot guard."""
    s = bare()
    archer = soldier(s, 0, "archer", (4, 4))
    foe = soldier(s, 1, "archer", (4, 6))
    soldier(s, 1, "infantry", (4, 8))
    play(s, Attack(archer), target(foe))
    assert s.decision == "turn" and hp(s, foe) == 0


def test_r3_2_r3_2a_a_guard_at_one_hp_still_guards_a_two_damage_hit_and_dies() -> None:
    """R3.2, R3.2a: a guard at one hp still guards a two damage hit and dies."""
    s = bare()
    archer = soldier(s, 0, "archer", (4, 4))
    foe = soldier(s, 1, "archer", (4, 6))
    guard = soldier(s, 1, "infantry", (4, 7), hp=1)
    give(s, 0, "arc.ten_xuyen_pha")
    play(s, Attack(archer, "arc.ten_xuyen_pha"), target(foe), Guard(guard))
    pass_all(s)
    assert hp(s, guard) == 0 and hp(s, foe) == 1 and s.skulls[0] == 0


def test_r3_2b_a_guarded_hit_has_no_riders() -> None:
    """R3.2b: a guarded hit has no riders."""
    s = bare()
    general(s, 0, "kazu", (5, 2))
    foe = soldier(s, 1, "archer", (5, 5))
    guard = soldier(s, 1, "infantry", (4, 5))
    play(s, UseSkill("kazu.2"), target(foe), Guard(guard))
    pass_all(s)
    assert hp(s, foe) == 1 and hp(s, guard) == 1
    assert not s.units[foe].has("stun") and not s.units[guard].has("stun")


def test_r3_2d_the_splash_unit_cannot_be_guarded() -> None:
    """R3.2d: the splash unit cannot be guarded."""
    s = bare()
    cav = soldier(s, 0, "cavalry", (6, 5))
    first = soldier(s, 1, "archer", (6, 6))
    second = soldier(s, 1, "archer", (6, 7))
    guard = soldier(s, 1, "infantry", (7, 8))  # within 1 of the splash unit only
    play(s, Attack(cav), target(first))
    assert s.decision == "turn"
    assert hp(s, first) == 0 and hp(s, second) == 0 and hp(s, guard) == 2


def test_r3_3_r3_3a_archers_shoot_over_units_but_not_over_mountains() -> None:
    """R3.3, R3.3a: archers shoot over units but not over mountains."""
    s = bare()
    archer = soldier(s, 0, "archer", (5, 2))
    soldier(s, 2, "infantry", (5, 3))
    over = soldier(s, 1, "archer", (5, 5))
    mountain(s, (3, 2))
    behind = soldier(s, 1, "archer", (2, 2))
    inf = soldier(s, 0, "infantry", (8, 2))
    play(s, Attack(archer))
    legal = s.legal_actions()
    assert target(over) in legal and target(behind) not in legal
    play(s, target(over))
    soldier(s, 1, "archer", (8, 4))
    give(s, 0, "inf.truong_thuong")
    soldier(s, 2, "archer", (8, 3))
    s.forget_legal_actions()
    play(s, Attack(inf, "inf.truong_thuong"))
    assert [a for a in s.legal_actions() if isinstance(a, type(target(0)))] == [
        target(next(u.id for u in s.units.values() if u.cell == cell(s, (8, 3))))
    ]


def test_r3_4c_splash_follows_a_diagonal_ray() -> None:
    """R3.4c: splash follows a diagonal ray."""
    s = bare()
    cav = soldier(s, 0, "cavalry", (5, 5))
    first = soldier(s, 1, "archer", (6, 6))
    diag = soldier(s, 1, "archer", (7, 7))
    side = soldier(s, 1, "archer", (6, 7))
    play(s, Attack(cav), target(first))
    assert hp(s, first) == 0 and hp(s, diag) == 0 and hp(s, side) == 1


def test_r3_4g_splash_never_hits_own_units_and_does_hit_a_third_player() -> None:
    """R3.4g: splash never hits own units and does hit a third player."""
    s = bare()
    cav = soldier(s, 0, "cavalry", (6, 5))
    first = soldier(s, 1, "archer", (6, 6))
    own = soldier(s, 0, "archer", (6, 7))
    play(s, Attack(cav), target(first))
    assert hp(s, first) == 0 and hp(s, own) == 1
    t = bare()
    cav = soldier(t, 0, "cavalry", (6, 5))
    first = soldier(t, 1, "archer", (6, 6))
    third = general(t, 2, "lucy", (6, 7), hp=1)
    play(t, Attack(cav), target(first))
    assert hp(t, third) == 0 and t.skulls[0] == 1 and t.coins[0] == 1


def test_r3_4h_r3_4b_the_splash_unit_does_not_splash_further() -> None:
    """R3.4h, R3.4b: the splash unit does not splash further."""
    s = bare()
    cav = soldier(s, 0, "cavalry", (6, 5))
    row = [soldier(s, 1, "archer", (6, c)) for c in (6, 7, 8)]
    play(s, Attack(cav), target(row[0]))
    assert [hp(s, u) for u in row] == [0, 0, 1]


def test_r3_4_no_kill_no_splash() -> None:
    """R3.4: no kill no splash."""
    s = bare()
    cav = soldier(s, 0, "cavalry", (6, 5))
    first = soldier(s, 1, "infantry", (6, 6))
    behind = soldier(s, 1, "archer", (6, 7))
    attack(s, cav, first)
    assert hp(s, first) == 1 and hp(s, behind) == 1


# ---------------------------------------------------------------------- §5 skills


def test_r5_2_a_defence_skill_is_never_used_in_the_own_turn() -> None:
    """R5.2: a defence skill is never used in the own turn."""
    s = bare()
    general(s, 0, "lucy", (5, 5))
    soldier(s, 1, "archer", (5, 6))
    assert UseSkill("lucy.1") not in s.legal_actions()
    refused(s, UseSkill("lucy.1"), "R5.2")


def test_r5_2_r5_3b_a_fist_skill_is_the_generals_attack() -> None:
    """R5.2, R5.3b: a fist skill is the generals attack."""
    s = bare()
    mask = general(s, 0, "mask", (2, 1))
    a = soldier(s, 1, "archer", (2, 2))
    soldier(s, 1, "archer", (4, 1))
    play(s, UseSkill("mask.1"), target(a))
    while s.decision == "target":
        play(s, Done())
    pass_all(s)
    assert s.units[mask].attacked
    refused(s, Attack(mask), "R8.6")
    refused(s, Move(mask, acell(s, (1, 1))), "R8.8")


def test_r5_2c_a_dead_general_uses_no_skill() -> None:
    """R5.2c: a dead general uses no skill."""
    s = bare()
    siri = general(s, 0, "siri", (5, 5))
    general(s, 0, "mask", (8, 8))
    del s.units[siri]
    s.forget_legal_actions()
    assert UseSkill("siri.1") not in s.legal_actions()
    refused(s, UseSkill("siri.1"), "R5.2c")


def test_r5_2c_a_silenced_general_uses_no_defence_skill() -> None:
    """R5.2c: a silenced general uses no defence skill."""
    s, lucy = lucy_hit_while("silence")
    assert s.decision != "defence_skill" and hp(s, lucy) == 2


def test_r5_4_one_defence_skill_per_hit() -> None:
    """R5.4; R8.13: in the opponent's turn a hit on your unit opens your defence window."""
    s = bare()
    archer = soldier(s, 0, "archer", (5, 4))
    lucy = general(s, 1, "lucy", (5, 7))
    play(s, Attack(archer), target(lucy))
    assert s.decision == "defence_skill"
    legal = s.legal_actions()
    assert DefendSkill("lucy.1") in legal and DefendSkill("lucy.2") in legal
    play(s, DefendSkill("lucy.2"))
    # Bắn Trả used: Phân Ảnh is not offered for the same hit; the hit lands.
    assert s.decision != "defence_skill"
    pass_all(s)
    assert hp(s, lucy) == 2 and hp(s, archer) == 0


def test_r5_5b_a_defence_with_fewer_stars_is_refused_naming_the_rule() -> None:
    """R5.5b: a defence with fewer stars is refused naming the rule."""
    s = bare()
    general(s, 0, "kazu", (5, 5))
    lucy = general(s, 1, "lucy", (5, 7))
    general(s, 1, "rodoc", (8, 8))
    soldier(s, 1, "infantry", (8, 9), hp=1)  # Hồi Sức (★3) has a legal heal: the window opens
    give_coins(s, 1, 2)
    play(s, UseSkill("kazu.2"), target(lucy))
    assert s.decision == "defence_skill" and s.hit is not None and s.hit.star == 2
    assert DefendSkill("rodoc.3") in s.legal_actions() and DefendSkill("lucy.1") not in s.legal_actions()
    refused(s, DefendSkill("lucy.1"), "R5.5b")
    pass_all(s)
    assert hp(s, lucy) == 1


def test_r5_3_one_attack_icon_skill_per_player_per_turn() -> None:
    """R5.3: one attack icon skill per player per turn."""
    s = bare()
    general(s, 0, "rodoc", (5, 5))
    general(s, 0, "siri", (8, 8))
    soldier(s, 0, "infantry", (5, 6))
    play(s, UseSkill("rodoc.1"), target(next(u.id for u in s.units.values() if u.cell == cell(s, (5, 6)))))
    while s.decision in ("target", "select"):
        play(s, Done())
    assert s.decision == "turn"
    assert UseSkill("siri.1") not in s.legal_actions()
    refused(s, UseSkill("siri.1"), "R5.3")


def test_r3_4d_splash_passes_a_castle_holding_only_the_attackers_units() -> None:
    """R3.4d: splash passes a castle holding only the attackers units."""
    s = bare()
    cav = soldier(s, 0, "cavalry", (8, 4))
    castle(s, 0, "archer", (8, 6))
    own = soldier(s, 0, "archer", (8, 6))
    victim = soldier(s, 2, "archer", (8, 5))
    beyond = soldier(s, 1, "archer", (8, 7))
    play(s, Attack(cav), target(victim))
    assert hp(s, victim) == 0 and hp(s, beyond) == 0 and hp(s, own) == 1


def test_r3_4d_splash_through_a_castle_onto_an_enemy_soldier_on_a_mountain() -> None:
    """R3.4d: splash through a castle onto an enemy soldier on a mountain."""
    s = bare()
    cav = soldier(s, 0, "cavalry", (8, 4))
    keep = castle(s, 3, "archer", (8, 6))
    mountain(s, (8, 7))
    victim = soldier(s, 2, "archer", (8, 5))
    on_top = soldier(s, 1, "archer", (8, 7))
    play(s, Attack(cav), target(victim))
    assert hp(s, victim) == 0 and hp(s, on_top) == 0 and s.castles[keep - CASTLE_BASE].hp == 2


def test_r3_2b_a_guard_that_dies_still_stops_the_splash() -> None:
    """R3.2b: a guard that dies still stops the splash."""
    s = bare()
    cav = soldier(s, 0, "cavalry", (6, 5))
    victim = soldier(s, 1, "archer", (6, 6))
    guard = soldier(s, 1, "infantry", (6, 7), hp=1)
    behind = soldier(s, 1, "archer", (5, 7))
    play(s, Attack(cav), target(victim), Guard(guard))
    pass_all(s)
    assert hp(s, victim) == 1 and hp(s, guard) == 0 and hp(s, behind) == 1


def test_r3_1b_an_infantry_general_does_not_guard_a_castle() -> None:
    """R3.1b: an infantry general does not guard a castle."""
    s = bare()
    archer = soldier(s, 0, "archer", (4, 4))
    keep = castle(s, 1, "cavalry", (4, 6))
    kazu = general(s, 1, "kazu", (3, 6))
    play(s, Attack(archer), target(keep))
    assert s.decision == "turn" and s.castles[keep - CASTLE_BASE].hp == 1 and hp(s, kazu) == 3


def test_r3_1c_a_second_guard_in_one_turn_is_refused_naming_the_rule() -> None:
    """R3.1c: a second guard in one turn is refused naming the rule."""
    s = bare()
    a1 = soldier(s, 0, "archer", (5, 2))
    a2 = soldier(s, 0, "archer", (8, 6))
    first = soldier(s, 1, "archer", (5, 5))
    second = soldier(s, 1, "archer", (5, 6))
    guard = soldier(s, 1, "infantry", (6, 5))
    play(s, Attack(a1), target(first), Guard(guard))
    soldier(s, 1, "infantry", (6, 7))  # a fresh guard, so the step opens for the second hit
    play(s, Attack(a2), target(second))
    assert s.decision == "guard" and Guard(guard) not in s.legal_actions()
    refused(s, Guard(guard), "R3.1c")


def test_r3_4a_a_cavalry_soldier_splashes_onto_a_cell_mate_before_the_next_cell() -> None:
    """R3.4a: a cavalry soldier splashes onto a cell mate before the next cell."""
    s = bare()
    cav = soldier(s, 0, "cavalry", (5, 4))
    victim = soldier(s, 1, "archer", (5, 5))
    mate = general(s, 1, "lucy", (5, 5))
    behind = soldier(s, 1, "archer", (5, 6))
    attack(s, cav, victim)
    assert hp(s, victim) == 0 and hp(s, mate) == 2 and hp(s, behind) == 1


def test_r3_4e_r3_4f_the_castle_takes_no_splash_and_overkill_splashes_in_full() -> None:
    """R3.4e, R3.4f: the castle takes no splash and overkill splashes in full."""
    s = bare()
    cav = soldier(s, 0, "cavalry", (5, 4))
    victim = soldier(s, 1, "archer", (5, 5))
    keep = castle(s, 1, "archer", (5, 6))
    beyond = general(s, 1, "kazu", (5, 7))
    give(s, 0, "cav.dai_dao")
    attack(s, cav, victim, "cav.dai_dao")
    assert hp(s, victim) == 0 and s.castles[keep - CASTLE_BASE].hp == 2 and hp(s, beyond) == 1


def test_r5_4a_a_counter_on_a_general_opens_no_defence_skill() -> None:
    """R5.4a: a counter on a general opens no defence skill."""
    s = bare()
    lucy = general(s, 0, "lucy", (5, 4))
    foe = soldier(s, 1, "archer", (5, 6))
    give(s, 1, "arc.dao_gam")
    give(s, 0, "arc.bom_khoi")
    play(s, Attack(lucy), target(foe))
    pass_until(s, "defence_card")
    play(s, DefendCard("arc.dao_gam"))
    if s.decision == "necklace":  # P1 holds a card: it is asked whether it has a Necklace
        play(s, Pass())
    # The counter lands: no defence skill (Phân Ảnh) and no card (Bom Khói) was offered.
    assert s.decision == "turn" and hp(s, foe) == 0 and hp(s, lucy) == 2


def test_r5_5_r6_2_equal_stars_the_defence_card_wins_and_stops_the_rider() -> None:
    """R5.5, R6.2: equal stars the defence card wins and stops the rider."""
    s = bare()
    general(s, 0, "kazu", (5, 2))
    foe = soldier(s, 1, "cavalry", (5, 5))
    give(s, 1, "cav.khien_go")
    play(s, UseSkill("kazu.2"), target(foe))
    pass_until(s, "defence_card")
    play(s, DefendCard("cav.khien_go"))
    pass_all(s)
    assert hp(s, foe) == 1 and not s.units[foe].has("stun") and "kazu.2" in s.marks[0]


def test_r12_5_a_declared_target_out_of_range_when_its_hit_starts_is_skipped() -> None:
    """R12.5: Tên Lưới pushes Rodoc after hit 1, so Lucy, declared for hit 2, is out of reach."""
    s = bare()
    rodoc = general(s, 0, "rodoc", (6, 4))
    inf = soldier(s, 1, "infantry", (6, 5))
    lucy = general(s, 1, "lucy", (6, 8))
    general(s, 1, "raen", (3, 7))  # Rodoc is on Raen's SW ray, 3 away
    play(s, UseSkill("rodoc.2"), target(inf), target(lucy))
    while s.decision == "target":
        play(s, Done())
    pass_until(s, "defence_skill")
    play(s, DefendSkill("raen.2"))
    pass_all(s)
    assert s.units[rodoc].cell == cell(s, (10, 0)) and s.units[rodoc].has("root")
    assert hp(s, inf) == 1 and hp(s, lucy) == 3 and s.decision == "turn"


def test_r5_5a_movement_buffs_leave_an_attack_at_zero_stars_damage_buffs_raise_it() -> None:
    """R5.5a: Tiếng Thét (move) and Giày Nhanh Nhẹn (move) add no star; Ám Kỵ (damage) does."""
    s = bare()
    rodoc = general(s, 0, "rodoc", (5, 5))
    inf = soldier(s, 0, "infantry", (5, 4))
    soldier(s, 1, "archer", (5, 6))
    play(s, UseSkill("rodoc.1"), target(inf), target(rodoc), Attack(rodoc))
    assert s.attack is not None and s.attack.star == 0
    t = bare()
    soul = general(t, 0, "soul", (5, 5))
    soldier(t, 1, "archer", (5, 6))
    play(t, UseSkill("soul.1"), Attack(soul))
    assert t.attack is not None and (t.attack.star, t.attack.damage) == (1, 2)
    u = bare()
    inf = soldier(u, 0, "infantry", (5, 5))
    soldier(u, 1, "archer", (5, 6))
    give(u, 0, "inf.giay_nhanh_nhen")
    play(u, PlayCard("inf.giay_nhanh_nhen"))
    while u.decision != "turn":
        play(u, target(inf) if target(inf) in u.legal_actions() else Done())
    play(u, Attack(inf))
    assert u.attack is not None and u.attack.star == 0


def test_r12_14_a_player_level_attack_credits_the_player_and_its_reflection_hits_nothing() -> None:
    """R12.14: Thích Khách kills Kazu; Khiên Ma Thuật (★4) may answer it, but there is no unit to
    reflect onto; the skull and coin go to the player."""
    s = bare()
    kazu = general(s, 1, "kazu", (5, 5), hp=1)
    give(s, 0, "com.thich_khach")
    give(s, 1, "inf.khien_ma_thuat")
    play(s, PlayCard("com.thich_khach"))
    while s.decision == "necklace":
        play(s, Pass())
    play(s, target(kazu))
    assert s.decision == "defence_card"
    play(s, DefendCard("inf.khien_ma_thuat"))
    pass_all(s)
    assert hp(s, kazu) == 0 and s.skulls[0] == 1 and s.coins[0] == 1 and s.decision == "turn"


def test_r3_4g_r10_10_splash_never_hits_an_allied_unit() -> None:
    """R3.4g: in alliance mode the next cell holds only the attacker's ally's unit: no splash."""
    s = bare(mode="alliance")
    s.side_of = [0, 1, 0, 1]
    cav = soldier(s, 0, "cavalry", (6, 5))
    victim = soldier(s, 1, "archer", (6, 6))
    ally = soldier(s, 2, "archer", (6, 7))
    beyond = soldier(s, 3, "archer", (6, 8))
    play(s, Attack(cav), target(victim))
    assert hp(s, victim) == 0 and hp(s, ally) == 1 and hp(s, beyond) == 1 and s.decision == "turn"


def test_r12_6_r5_2b_a_defence_ultimate_costs_two_coins_in_the_window() -> None:
    """R12.6 step 2, R5.2b: Hồi Sức is offered only to a defender holding 2 coins, who pays them."""
    for coins in (1, 2):
        s = bare()
        general(s, 0, "kazu", (5, 2))
        lucy = general(s, 1, "lucy", (5, 5))
        general(s, 1, "rodoc", (8, 8))
        hurt = soldier(s, 1, "infantry", (8, 9), hp=1)
        give_coins(s, 1, coins)
        play(s, UseSkill("kazu.2"), target(lucy))
        assert (s.decision == "defence_skill") == (coins == 2)
        if coins == 2:
            play(s, DefendSkill("rodoc.3"))
            while s.decision != "turn":
                legal = s.legal_actions()
                play(s, target(hurt) if target(hurt) in legal else legal[0])
            assert s.coins[1] == 0 and s.bank == 30 and hp(s, hurt) == 2 and "rodoc.3" in s.marks[1]
        assert hp(s, lucy) == 1
