"""RULESET.md §17: every worked example as a scenario (WE-01 … WE-19)."""

from __future__ import annotations

from collections.abc import Callable

from games.dozen_war.dozen_war_helpers import (
    acell,
    attack,
    bare,
    castle,
    cell,
    choose_cell,
    defend,
    end_round,
    engage_duel,
    general,
    gid,
    give,
    hp,
    mountain,
    pass_all,
    pass_until,
    play,
    refused,
    soldier,
    start_turn,
    target,
)
from tabletop.games.dozen_war.actions import (
    CASTLE_BASE,
    Attack,
    DefendCard,
    DefendSkill,
    Dig,
    EndTurn,
    Guard,
    Move,
    Pass,
    Pay,
    Reorder,
    Revive,
    Target,
    UseSkill,
    Warp,
)
from tabletop.games.dozen_war.effects import run
from tabletop.games.dozen_war.model import Task
from tabletop.games.dozen_war.rounds import _affected
from tabletop.games.dozen_war.scoring import finish_by_score
from tabletop.games.dozen_war.state import DozenWarState


def test_we01_cavalry_kill_with_splash_in_a_line() -> None:
    s = bare()
    cav = soldier(s, 0, "cavalry", (6, 6))
    a1 = soldier(s, 1, "archer", (6, 7))
    a2 = soldier(s, 1, "archer", (6, 8))
    play(s, Attack(cav), target(a1))
    assert hp(s, a1) == 0 and hp(s, a2) == 0
    assert s.units[cav].attacked and s.skulls[0] == 0 and s.coins[0] == 0
    assert s.decision == "turn"


def test_we01_variant_overkill_splash_with_dai_dao() -> None:
    s = bare()
    cav = soldier(s, 0, "cavalry", (6, 6))
    a1 = soldier(s, 1, "archer", (6, 7))
    inf = soldier(s, 1, "infantry", (6, 8))
    give(s, 0, "cav.dai_dao")
    play(s, Attack(cav, "cav.dai_dao"), target(a1))
    assert s.decision == "guard"  # the infantry at (6,8) is within 1 of (6,7)
    play(s, Pass())
    pass_all(s)
    assert hp(s, a1) == 0 and hp(s, inf) == 0  # the splash deals the hit's full 2


def test_we01_variant_a_guard_stops_the_splash() -> None:
    s = bare()
    cav = soldier(s, 0, "cavalry", (6, 6))
    a1 = soldier(s, 1, "archer", (6, 7))
    inf = soldier(s, 1, "infantry", (6, 8))
    play(s, Attack(cav), target(a1), Guard(inf))
    assert hp(s, a1) == 1 and hp(s, inf) == 1


def test_we02_splash_onto_a_second_unit_in_the_same_cell() -> None:
    s = bare()
    mask = general(s, 0, "mask", (5, 5))
    archer = soldier(s, 1, "archer", (5, 6))
    lucy = general(s, 1, "lucy", (5, 6))
    far = soldier(s, 1, "archer", (5, 7))
    soldier(s, 1, "infantry", (4, 6))
    play(s, Attack(mask), target(archer))
    assert s.decision == "guard"
    play(s, Pass())
    # Phân Ảnh protects only Lucy herself: not offered for the archer.
    if s.decision == "defence_skill":
        assert DefendSkill("lucy.1") not in s.legal_actions()
    pass_all(s)
    assert hp(s, archer) == 0 and hp(s, lucy) == 2 and hp(s, far) == 1


def test_we03a_no_splash_from_a_mountain() -> None:
    s = bare()
    mountain(s, (4, 5))
    on_top = soldier(s, 1, "archer", (4, 5))
    behind = soldier(s, 1, "archer", (4, 6))
    cav = soldier(s, 0, "cavalry", (4, 4))
    play(s, Attack(cav), target(on_top))
    assert hp(s, on_top) == 0 and hp(s, behind) == 1


def test_we03b_splash_passes_through_an_empty_castle() -> None:
    s = bare()
    keep = castle(s, 2, "archer", (8, 6))
    p3 = soldier(s, 2, "archer", (8, 5))
    p2 = soldier(s, 1, "archer", (8, 7))
    cav = soldier(s, 0, "cavalry", (8, 4))
    play(s, Attack(cav), target(p3))
    assert hp(s, p3) == 0 and hp(s, p2) == 0
    assert s.castles[keep - CASTLE_BASE].hp == 2


def test_we04_guard_absorbs_two_for_one_then_khien_rong() -> None:
    s = bare()
    a1 = soldier(s, 0, "archer", (6, 6))
    a2 = soldier(s, 0, "archer", (3, 9))
    kazu = general(s, 1, "kazu", (6, 9))
    guard = soldier(s, 1, "infantry", (6, 10))
    give(s, 0, "arc.ten_xuyen_pha")
    play(s, Attack(a1, "arc.ten_xuyen_pha"), target(kazu))
    assert s.attack is not None and s.attack.damage == 2 and s.attack.star == 1
    play(s, Guard(guard))
    pass_all(s)
    assert hp(s, guard) == 1 and hp(s, kazu) == 3
    play(s, Attack(a2), target(kazu))
    # The guard has guarded this turn; Kazu guards soldiers only.
    assert s.decision == "defence_skill"
    assert Guard(guard) not in s.legal_actions()
    play(s, DefendSkill("kazu.1"))
    pass_all(s)
    assert hp(s, kazu) == 3 and "kazu.1" in s.marks[1]


def test_we05_archer_on_a_mountain_and_lines_of_fire() -> None:
    s = bare()
    mountain(s, (6, 3))
    archer = soldier(s, 0, "archer", (6, 2))
    east = soldier(s, 1, "infantry", (6, 7))
    north = soldier(s, 1, "infantry", (2, 3))
    too_far = soldier(s, 1, "infantry", (6, 8))
    off_ray = soldier(s, 1, "infantry", (7, 5))
    play(s, Move(archer, acell(s, (6, 3))))
    assert s.units[archer].cell == cell(s, (6, 3))
    play(s, Attack(archer))
    legal = s.legal_actions()
    assert target(east) in legal and target(north) in legal
    assert target(too_far) not in legal and target(off_ray) not in legal


def test_we05_mountains_block_archers_units_block_the_others() -> None:
    s = bare()
    mountain(s, (6, 3))
    soldier(s, 0, "archer", (6, 3))
    behind = soldier(s, 0, "archer", (6, 1))
    victim = soldier(s, 1, "infantry", (6, 4))
    assert Attack(behind) not in s.legal_actions()  # the mountain (6,3) is between
    del victim
    s2 = bare()
    shooter = soldier(s2, 0, "archer", (9, 0))
    soldier(s2, 2, "archer", (9, 1))
    over = soldier(s2, 1, "archer", (9, 3))
    play(s2, Attack(shooter))
    assert target(over) in s2.legal_actions()
    s3 = bare()
    spear = soldier(s3, 0, "infantry", (9, 0))
    soldier(s3, 2, "cavalry", (9, 1))
    past = soldier(s3, 1, "archer", (9, 2))
    give(s3, 0, "inf.truong_thuong")
    play(s3, Attack(spear, "inf.truong_thuong"))
    assert target(past) not in s3.legal_actions()


def test_we05_cavalry_and_generals_never_climb() -> None:
    s = bare()
    mountain(s, (6, 3))
    cav = soldier(s, 0, "cavalry", (6, 2))
    est = general(s, 0, "est", (5, 3))
    legal = s.legal_actions()
    assert Move(cav, acell(s, (6, 3))) not in legal and Move(est, acell(s, (6, 3))) not in legal
    refused(s, Move(cav, acell(s, (6, 3))), "R2.2")


def test_we06_castle_refused_while_a_soldier_is_inside_then_destroyed() -> None:
    s = bare()
    keep = castle(s, 1, "archer", (1, 6))
    inside = soldier(s, 1, "archer", (1, 6))
    cav = soldier(s, 0, "cavalry", (2, 6))
    archer = soldier(s, 0, "archer", (4, 6))
    inf = soldier(s, 0, "infantry", (2, 5))
    trial = s.clone()
    play(trial, Attack(archer))
    refused(trial, target(keep), "R2.8")
    play(s, Attack(cav), target(inside))
    assert hp(s, inside) == 0 and s.castles[0].hp == 2
    play(s, Attack(archer), target(keep))
    assert s.castles[0].hp == 1
    play(s, Attack(inf), target(keep))
    assert s.castles[0].hp == 0 and s.castles_taken[0] == 1 and s.coins[0] == 1
    assert s.scores()[0]["castles"] == 2


def test_we07a_two_stars_beat_phan_anh_but_not_bom_khoi() -> None:
    s = bare()
    kazu = general(s, 0, "kazu", (5, 5))
    lucy = general(s, 1, "lucy", (5, 7))
    give(s, 1, "arc.bom_khoi")
    play(s, UseSkill("kazu.2"), target(lucy))
    assert s.decision == "defence_card"  # Phân Ảnh (★1) is not offered against ★2
    play(s, DefendCard("arc.bom_khoi"))
    pass_all(s)
    assert hp(s, lucy) == 3 and not s.units[lucy].has("stun")
    assert s.units[kazu].attacked and "kazu.2" in s.marks[0]


def test_we07b_three_stars_need_quyen_truong() -> None:
    s = bare()
    general(s, 0, "raen", (5, 3))
    lucy = general(s, 1, "lucy", (5, 7))
    give(s, 1, "arc.bom_khoi")
    give(s, 1, "com.quyen_truong_phep_thuat")
    s.coins[0] = 2
    s.bank -= 2
    play(s, UseSkill("raen.3"), target(lucy))
    pass_until(s, "defence_card")
    legal = s.legal_actions()
    assert DefendCard("arc.bom_khoi") not in legal
    play(s, DefendCard("com.quyen_truong_phep_thuat"))
    pass_all(s)
    assert hp(s, lucy) == 3 and not s.units[lucy].has("freeze") and s.coins[0] == 0


def test_we07c_equal_stars_defence_wins_then_a_guard() -> None:
    s = bare()
    general(s, 0, "mask", (2, 1))
    first = soldier(s, 1, "infantry", (2, 2))
    second = soldier(s, 1, "infantry", (2, 3))
    general(s, 1, "kazu", (3, 2))
    play(s, UseSkill("mask.1"), target(first), target(second))
    play(s, Pass())  # no guard on hit 1
    play(s, DefendSkill("kazu.1"))
    assert hp(s, first) == 2
    assert s.decision == "guard"
    play(s, Guard(first))
    pass_all(s)
    assert hp(s, first) == 1 and hp(s, second) == 2


def test_we07d_a_normal_attack_is_zero_stars_dai_dao_makes_it_one() -> None:
    s = bare()
    cav = soldier(s, 0, "cavalry", (5, 5))
    soldier(s, 1, "infantry", (5, 6))
    give(s, 0, "cav.dai_dao")
    trial = s.clone()
    play(trial, Attack(cav))
    assert trial.attack is not None and trial.attack.star == 0
    play(s, Attack(cav, "cav.dai_dao"))
    assert s.attack is not None and s.attack.star == 1


def test_we08_digging_a_home_mountain() -> None:
    checks: list[tuple[str, Callable[[DozenWarState, int], bool]]] = [
        ("map_piece_1", lambda s, est: s.units[est].pieces == ("map_piece_1",)),
        ("ruong_vang_mativen", lambda s, est: s.coins[0] == 2),
        ("loi_nguyen_mau", lambda s, est: s.units[est].hp == 1),
    ]
    for token, check in checks:
        s = bare()
        est = general(s, 0, "est", (1, 6))
        mountain(s, (3, 6), [token])
        assert Dig(est, acell(s, (3, 6))) not in s.legal_actions()  # distance 2
        refused(s, Dig(est, acell(s, (3, 6))), "R8.10")
        play(s, Move(est, acell(s, (2, 6))), Dig(est, acell(s, (3, 6))))
        assert check(s, est)
        assert cell(s, (3, 6)) not in s.mountains
        legal = s.legal_actions()
        assert not any(
            isinstance(a, (Move, Attack, UseSkill)) and getattr(a, "unit", None) == est for a in legal
        )
        assert not any(isinstance(a, Dig) for a in legal)


def test_we08_a_general_that_used_a_skill_cannot_dig_nor_can_a_soldier() -> None:
    s = bare()
    soul = general(s, 0, "soul", (2, 6))
    sold = soldier(s, 0, "infantry", (2, 5))
    mountain(s, (3, 6), ["map_piece_1"])
    assert Dig(soul, acell(s, (3, 6))) in s.legal_actions()
    refused(s, Dig(sold, acell(s, (3, 6))), "R8")
    play(s, UseSkill("soul.1"))
    assert Dig(soul, acell(s, (3, 6))) not in s.legal_actions()


def test_we08_a_cavalry_general_moves_two_steps_and_digs() -> None:
    s = bare()
    mask = general(s, 0, "mask", (0, 5))
    mountain(s, (3, 6), ["map_piece_1"])
    play(s, Move(mask, acell(s, (2, 5))), Dig(mask, acell(s, (3, 6))))
    assert s.units[mask].pieces == ("map_piece_1",)


def test_we09_warp() -> None:
    s = bare(round_=4)
    castle(s, 0, "cavalry", (0, 5))
    castle(s, 0, "infantry", (1, 6))
    castle(s, 0, "archer", (0, 7))
    cav = soldier(s, 0, "cavalry", (4, 5))
    kazu = general(s, 0, "kazu", (1, 6))
    inf = soldier(s, 0, "infantry", (2, 5))
    archer = soldier(s, 0, "archer", (0, 7))
    enemy = soldier(s, 1, "infantry", (3, 7))
    assert not any(isinstance(a, Warp) for a in s.legal_actions())  # nobody on the warp
    play(s, Move(cav, acell(s, (6, 6))))
    play(s, Warp(kazu))
    assert s.units[kazu].cell == cell(s, (6, 6))
    assert Move(kazu, acell(s, (6, 5))) in s.legal_actions()
    play(s, Move(inf, acell(s, (1, 6))), Warp(inf))
    legal = s.legal_actions()
    assert not any(isinstance(a, Move) and a.unit == inf for a in legal)
    play(s, Attack(archer), target(enemy))
    assert Warp(archer) not in s.legal_actions()
    s3 = bare(round_=3)
    s3.volcano_up = True
    castle(s3, 0, "infantry", (1, 6))
    soldier(s3, 0, "cavalry", (6, 6))
    waiting = soldier(s3, 0, "infantry", (1, 6))
    assert Warp(waiting) not in s3.legal_actions()


def test_we10_revive() -> None:
    s = bare(players=4, seat=1, round_=5)
    castle(s, 1, "cavalry", (5, 12))
    castle(s, 1, "infantry", (6, 11))
    castle(s, 1, "archer", (7, 12), hp=0)
    general(s, 1, "soul", (6, 11))
    s.roster[1].append("raen")
    s.coins[1] = 5
    s.bank -= 5
    start_turn(s)
    # R8.16: the turn opens with the revive decision, which only (5,12) can take.
    assert s.decision == "revive" and s.current_player == 1
    assert s.legal_actions() == [Revive("raen", acell(s, (5, 12))), Pass()]
    refused(s, Revive("raen", acell(s, (6, 11))), "R8.14")
    refused(s, Revive("raen", acell(s, (7, 12))), "R8.14")
    play(s, Revive("raen", acell(s, (5, 12))))
    raen = s.units[gid("raen")]
    assert raen.hp == 3 and raen.cell == cell(s, (5, 12)) and raen.pieces == () and s.coins[1] == 1
    assert s.decision == "turn" and any(isinstance(a, Move) and a.unit == raen.id for a in s.legal_actions())
    # Refused with 3 coins: no revive decision opens the turn.
    s2 = bare(players=4, seat=1, round_=5)
    castle(s2, 1, "cavalry", (5, 12))
    s2.roster[1].append("raen")
    s2.coins[1] = 3
    s2.bank -= 3
    start_turn(s2)
    assert s2.decision == "turn"
    refused(s2, Revive("raen", acell(s2, (5, 12))), "R8.14: a revival costs 4 coins")
    # Refused after another action: with 5 coins the turn opened with the revive decision;
    # P2 passed and moved, so revival is over for this turn.
    s2.coins[1] = 5
    s2.bank -= 2
    mover = soldier(s2, 1, "infantry", (9, 9))
    start_turn(s2)
    assert s2.decision == "revive"
    play(s2, Pass(), Move(mover, acell(s2, (9, 8))))
    refused(s2, Revive("raen", acell(s2, (5, 12))), "R8.14, R8.16")


def test_we11_killing_a_general_steals_its_map_pieces_then_splash() -> None:
    s = bare()
    siri = general(s, 1, "siri", (7, 7), hp=1, pieces=("map_piece_1", "map_piece_2"))
    archer = soldier(s, 1, "archer", (7, 8))
    cav = soldier(s, 0, "cavalry", (7, 6))
    est = general(s, 0, "est", (0, 0))
    mask = general(s, 0, "mask", (0, 2))
    attack(s, cav, siri)
    assert s.skulls[0] == 1 and s.coins[0] == 1
    assert s.decision == "assign_stolen_piece"
    play(s, Target(est), Target(mask))
    assert s.units[est].pieces == ("map_piece_2",) or s.units[est].pieces == ("map_piece_1",)
    assert len(s.units[est].pieces) + len(s.units[mask].pieces) == 2
    assert hp(s, archer) == 0


def test_we11_variant_no_living_general_pieces_lie_loose() -> None:
    s = bare()
    siri = general(s, 1, "siri", (7, 7), hp=1, pieces=("map_piece_1", "map_piece_2"))
    cav = soldier(s, 0, "cavalry", (7, 6))
    attack(s, cav, siri)
    # P1 has soldiers in two cells: it chooses where each piece lies (one decision per piece).
    play(s, choose_cell(s, (7, 6)), choose_cell(s, (7, 6)))
    assert sorted(s.loose[cell(s, (7, 6))]) == ["map_piece_1", "map_piece_2"]
    assert s.scores()[0]["map_pieces"] == 2


def test_we11_variant_soul_dies_paying_hp_and_drops_his_piece() -> None:
    s = bare()
    soul = general(s, 0, "soul", (7, 7), hp=1, pieces=("map_piece_1",))
    general(s, 0, "est", (0, 0))
    play(s, UseSkill("soul.2"))
    assert soul not in s.units and s.skulls == [0, 0, 0, 0]
    assert s.loose[cell(s, (7, 7))] == ["map_piece_1"]
    # soul.2's notes: the soldier is still placed, within 1 of Soul's cell (that cell included).
    assert s.decision == "choose_cell" and choose_cell(s, (7, 7)) in s.legal_actions()
    play(s, choose_cell(s, (7, 7)))
    new = next(u for u in s.units.values() if u.cell == cell(s, (7, 7)))
    assert new.cls == "cavalry" and new.owner == 0 and s.decision == "turn"


def _we12(reflect: bool) -> tuple[DozenWarState, int, int]:
    s = bare(round_=6)
    est = general(s, 0, "est", (0, 0), pieces=("map_piece_1", "map_piece_2"))
    mask = general(s, 0, "mask", (4, 3), hp=1, pieces=("map_piece_3",))
    rodoc = general(s, 2, "rodoc", (4, 4), hp=1, pieces=("map_piece_4", "map_piece_5"))
    if reflect:
        give(s, 2, "inf.khien_ma_thuat")
    play(s, Attack(mask), target(rodoc))
    if reflect:
        pass_until(s, "defence_card")
        play(s, DefendCard("inf.khien_ma_thuat"))
    pass_all(s)
    while s.decision == "assign_stolen_piece":
        play(s, Target(est))
    return s, est, mask


def test_we12_five_map_pieces_win_at_once() -> None:
    s, _, _ = _we12(reflect=False)
    assert s.outcome is not None and s.outcome.winners == (0,) and s.outcome.reason == "five_map_pieces"


def test_we12_variant_the_reflection_kills_mask_and_p1_holds_four() -> None:
    s, _, mask = _we12(reflect=True)
    assert s.outcome is None
    assert mask not in s.units
    # P3 takes the piece; with Rodoc dead it lies loose where a P3 soldier stands (R15.8).
    assert s.skulls[2] == 1 and s.coins[2] == 1
    assert ["map_piece_3"] in s.loose.values()
    assert s.scores()[0]["map_pieces"] == 4


def test_we13_scores_and_tie_breaks() -> None:
    s = bare(round_=8)
    s.skulls = [3, 1, 2, 0]
    s.castles_taken = [1, 1, 0, 0]
    general(s, 0, "est", (0, 0), pieces=("map_piece_1",))
    general(s, 1, "kazu", (0, 4), pieces=("map_piece_2", "map_piece_3", "map_piece_4"))
    general(s, 2, "rodoc", (0, 8), pieces=("map_piece_5",))
    s.eliminated[3] = True
    assert [sheet["total"] for sheet in s.scores()][:3] == [6, 6, 3]
    finish_by_score(s)
    assert s.outcome is not None and s.outcome.winners == (1,) and s.outcome.reason == "score"
    t = bare(round_=8)
    t.skulls = [2, 2, 0, 0]
    t.castles_taken = [1, 1, 0, 0]
    general(t, 0, "est", (0, 0), pieces=("map_piece_1", "map_piece_2"))
    general(t, 1, "kazu", (0, 4), pieces=("map_piece_3", "map_piece_4"))
    for kind, rc in (("infantry", (10, 0)), ("cavalry", (10, 2)), ("archer", (10, 4))):
        castle(t, 0, kind, rc)
    castle(t, 1, "infantry", (10, 8))
    castle(t, 1, "archer", (10, 10))
    t.eliminated[2] = t.eliminated[3] = True
    finish_by_score(t)
    assert t.outcome is not None and t.outcome.winners == (0,)
    u = bare(round_=8)
    u.skulls = [2, 2, 0, 0]
    u.eliminated[2] = u.eliminated[3] = True
    u.coins = [1, 1, 0, 0]
    u.bank -= 2
    finish_by_score(u)
    assert u.outcome is not None and u.outcome.winners == (0, 1)


def test_we14_a_counter_can_only_be_guarded() -> None:
    for guarded in (True, False):
        s = bare()
        a = soldier(s, 0, "archer", (6, 6))
        guard = soldier(s, 0, "infantry", (5, 6))
        b = soldier(s, 1, "archer", (6, 9))
        give(s, 1, "arc.dao_gam")
        give(s, 0, "arc.bom_khoi")
        play(s, Attack(a), target(b))
        pass_until(s, "defence_card")
        play(s, DefendCard("arc.dao_gam"))
        pass_until(s, "guard")
        assert s.current_player == 0
        assert DefendCard("arc.bom_khoi") not in s.legal_actions()
        play(s, Guard(guard) if guarded else Pass())
        assert hp(s, b) == 0
        if guarded:
            assert hp(s, guard) == 1 and hp(s, a) == 1
        else:
            assert hp(s, a) == 0 and s.skulls[1] == 0


def test_we15_movement_and_blocking() -> None:
    s = bare()
    cav = soldier(s, 0, "cavalry", (6, 2))
    soldier(s, 1, "infantry", (6, 4))
    full = [soldier(s, 0, "infantry", (5, 3)) for _ in range(5)]
    est = general(s, 0, "est", (4, 2))
    assert Move(cav, acell(s, (6, 5))) in s.legal_actions()  # round by (7,3), (7,4)
    # Enemies on (6,3), (7,3) and (7,4) leave one way in three steps, (5,3) -> (5,4) -> (6,5),
    # which passes the full cell: refused; with 4 soldiers there, legal.
    for rc in ((7, 3), (7, 4), (6, 3)):
        soldier(s, 1, "infantry", rc)
    s.forget_legal_actions()
    assert Move(cav, acell(s, (6, 5))) not in s.legal_actions()
    refused(s, Move(cav, acell(s, (6, 5))), "R8")
    last = s.units.pop(full[-1])
    s.forget_legal_actions()
    assert Move(cav, acell(s, (6, 5))) in s.legal_actions()
    s.units[last.id] = last
    s.forget_legal_actions()
    play(s, Move(est, acell(s, (5, 3))))
    kazu = general(s, 0, "kazu", (4, 3))
    assert Move(kazu, acell(s, (5, 3))) not in s.legal_actions()


def test_we16_turn_order_leadership() -> None:
    s = bare(round_=3)
    general(s, 0, "est", (0, 0), pieces=("map_piece_1",))
    general(s, 2, "rodoc", (0, 8), pieces=("map_piece_2", "map_piece_3"))
    general(s, 3, "mask", (12, 8), pieces=("map_piece_4",))
    end_round(s)
    assert s.decision == "reorder" and s.current_player == 2
    play(s, Reorder((2, 0, 3, 1)))
    assert s.turns.order == [2, 0, 3, 1] and s.leader == 2
    # Still the strict leader at the next check: no change.
    end_round(s)
    assert s.decision != "reorder" and s.leader == 2
    alliance = bare(mode="alliance", round_=3)
    general(alliance, 1, "kazu", (12, 0), pieces=("map_piece_1", "map_piece_2"))
    general(alliance, 3, "mask", (12, 8), pieces=("map_piece_3",))
    general(alliance, 0, "est", (0, 0), pieces=("map_piece_4",))
    general(alliance, 2, "rodoc", (0, 8), pieces=("map_piece_5",))
    alliance.side_of = [0, 1, 0, 1]
    end_round(alliance)
    assert alliance.decision == "reorder"
    play(alliance, Reorder((1, 2, 3, 0)))
    assert alliance.turns.order == [1, 2, 3, 0]


def test_we17_payers_only_those_who_can_pay_are_asked() -> None:
    s = bare(round_=3)
    s.tasks = [Task("round_end"), Task("turn", 0), Task("event")]
    s.coins = [1, 3, 1, 3]
    s.bank -= 8
    chosen = next(c for c in s.events if c.startswith("E09"))
    s.events.remove(chosen)
    s.events.append(chosen)
    run(s)
    assert s.decision == "event_pay" and s.current_player == 1
    play(s, Pay())
    assert s.coins[1] == 1 and len(s.hands[1]) in (2, 3)
    assert s.decision == "event_pay" and s.current_player == 3
    play(s, Pass())
    assert s.coins[3] == 3 and s.hands[3] == [] and s.decision == "turn"


def test_we17_zone_events_touch_only_players_in_the_zone() -> None:
    s = bare(round_=5)
    s.tasks = [Task("round_end"), Task("turn", 0), Task("event")]
    p2 = soldier(s, 1, "archer", (6, 7))
    soldier(s, 3, "infantry", (5, 5))
    far = soldier(s, 0, "archer", (0, 0))
    chosen = next(c for c in s.events if c.startswith("E07"))
    s.events.remove(chosen)
    s.events.append(chosen)
    assert _affected(s, "E07") == [1, 3]
    run(s)
    assert hp(s, far) == 1 and hp(s, p2) in (0, 1)


def test_we18_engage_both_generals_die_in_one_action_draw() -> None:
    s = bare(players=2, seat=0)
    siri = general(s, 0, "siri", (4, 3), hp=1)
    lucy = general(s, 1, "lucy", (3, 4), hp=1)
    give(s, 1, "arc.dao_gam")
    defend(s, siri, lucy, DefendCard("arc.dao_gam"))
    assert s.outcome is not None and s.outcome.winners == () and s.outcome.reason == "engage_draw"
    assert s.returns() == (0.0, 0.0)


def test_we18_engage_five_idle_turns_lose() -> None:
    s = engage_duel()
    for _ in range(5):
        assert s.current_player == 0
        play(s, EndTurn())
        if s.outcome is None:
            play(s, EndTurn())
    assert (
        s.outcome is not None and s.outcome.winners == (1,) and s.outcome.reason == "engage_five_idle_turns"
    )


def test_we19_one_skill_several_hits_separate_windows() -> None:
    s = bare()
    mountain(s, (6, 5))
    rodoc = general(s, 0, "rodoc", (6, 2))
    inf = soldier(s, 1, "infantry", (6, 3))
    lucy = general(s, 1, "lucy", (6, 4))
    beyond = soldier(s, 2, "archer", (6, 6))
    play(s, UseSkill("rodoc.2"))
    legal = s.legal_actions()
    assert target(inf) in legal and target(lucy) in legal and target(beyond) not in legal
    play(s, target(inf), target(lucy))
    while hp(s, inf) == 2:  # hit 1: no guard exists; P2 passes Bắn Trả
        play(s, Pass())
    play(s, Pass())  # hit 2: the wounded infantry could guard Lucy; P2 declines
    assert s.decision == "defence_skill"
    play(s, DefendSkill("lucy.1"))
    pass_all(s)
    assert hp(s, lucy) == 3
    assert s.units[rodoc].attacked and "rodoc.2" in s.marks[0] and s.attack_skill_used
    assert not any(isinstance(a, UseSkill) for a in s.legal_actions())
