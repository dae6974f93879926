"""Every one of the 30 equipment designs in a scenario (R6, `equipment.json`), plus the card
rules: groups (R6.4), kinds and limits (R6.5), the hand limit (R6.6), the Necklace (R13.4)."""

from __future__ import annotations

import pytest

from games.dozen_war.dozen_war_helpers import (
    acell,
    attack,
    bare,
    castle,
    cell,
    choose_cell,
    defend,
    general,
    give,
    hp,
    mountain,
    pass_all,
    play,
    refused,
    select_if_asked,
    soldier,
    target,
)
from tabletop.games.dozen_war.actions import (
    Attack,
    ChooseOption,
    DefendCard,
    Discard,
    Done,
    EndTurn,
    Move,
    Necklace,
    Pass,
    PlayCard,
)
from tabletop.games.dozen_war.components import CARD_COPIES
from tabletop.games.dozen_war.state import DozenWarState


def _attack_with(
    card: str, cls: str, foe_cls: str = "infantry", distance: int = 1
) -> tuple[DozenWarState, int, int]:
    s = bare()
    me = soldier(s, 0, cls, (5, 2))
    foe = soldier(s, 1, foe_cls, (5, 2 + distance))
    give(s, 0, card)
    attack(s, me, foe, card)
    return s, me, foe


@pytest.mark.parametrize("card", ["inf.bua_chien", "arc.ten_xuyen_pha", "cav.dai_dao"])
def test_damage_modifiers_add_one_damage(card: str) -> None:
    cls = {"inf": "infantry", "arc": "archer", "cav": "cavalry"}[card[:3]]
    s, _, foe = _attack_with(card, cls)
    assert hp(s, foe) == 0  # 2 damage on a 2-HP infantry
    assert CARD_COPIES and card not in [CARD_COPIES[c] for c in s.hands[0]]


@pytest.mark.parametrize(
    ("card", "cls"),
    [("inf.song_kiem", "infantry"), ("arc.no_sat", "archer"), ("com.thuoc_hoi_suc", "cavalry")],
)
def test_strike_modifiers_add_a_second_hit(card: str, cls: str) -> None:
    s, _, foe = _attack_with(card, cls)
    play(s, target(foe))
    pass_all(s)
    assert hp(s, foe) == 0


@pytest.mark.parametrize(("card", "cls"), [("inf.truong_thuong", "infantry"), ("arc.cung_thep", "archer")])
def test_range_modifiers_reach_one_cell_further(card: str, cls: str) -> None:
    reach = 2 if cls == "infantry" else 4
    s, _, foe = _attack_with(card, cls, distance=reach)
    assert hp(s, foe) == 1


def test_chuy_xich_range_and_damage() -> None:
    s, _, foe = _attack_with("inf.chuy_xich", "infantry", distance=2)
    assert hp(s, foe) == 0


@pytest.mark.parametrize(("card", "cls"), [("cav.giao_thep", "cavalry"), ("com.lo_phep_thuat", "archer")])
def test_unguardable_modifiers_skip_the_guard(card: str, cls: str) -> None:
    s = bare()
    me = soldier(s, 0, cls, (5, 2))
    foe = soldier(s, 1, "archer", (5, 3))
    soldier(s, 1, "infantry", (4, 3))
    give(s, 0, card)
    play(s, Attack(me, card), target(foe))
    assert s.decision != "guard"
    pass_all(s)
    assert hp(s, foe) == 0


def test_thuong_ky_si_splash_goes_one_more_cell() -> None:
    s = bare()
    cav = soldier(s, 0, "cavalry", (5, 2))
    first = soldier(s, 1, "archer", (5, 3))
    second = soldier(s, 1, "archer", (5, 4))
    third = soldier(s, 1, "archer", (5, 5))
    give(s, 0, "cav.thuong_ky_si")
    attack(s, cav, first, "cav.thuong_ky_si")
    assert hp(s, first) == 0 and hp(s, second) == 0 and hp(s, third) == 0


def test_thuong_ky_si_carries_the_splash_through_an_empty_castle_not_a_mountain() -> None:
    """The card's extra cell follows R3.4d's "same rules": an empty castle lets it through to the
    next cell, a mountain with no enemy soldier on it stops it."""
    s = bare()
    cav = soldier(s, 0, "cavalry", (6, 2))
    first = soldier(s, 1, "archer", (6, 3))
    second = soldier(s, 1, "archer", (6, 4))
    castle(s, 2, "infantry", (6, 5))
    beyond = soldier(s, 1, "archer", (6, 6))
    give(s, 0, "cav.thuong_ky_si")
    attack(s, cav, first, "cav.thuong_ky_si")
    assert hp(s, first) == 0 and hp(s, second) == 0 and hp(s, beyond) == 0
    s = bare()
    cav = soldier(s, 0, "cavalry", (6, 2))
    first = soldier(s, 1, "archer", (6, 3))
    second = soldier(s, 1, "archer", (6, 4))
    mountain(s, (6, 5))
    beyond = soldier(s, 1, "archer", (6, 6))
    give(s, 0, "cav.thuong_ky_si")
    attack(s, cav, first, "cav.thuong_ky_si")
    assert hp(s, second) == 0 and hp(s, beyond) == 1


def test_group_cards_only_for_their_class() -> None:
    s = bare()
    archer = soldier(s, 0, "archer", (5, 2))
    soldier(s, 1, "infantry", (5, 3))
    give(s, 0, "inf.bua_chien")
    assert Attack(archer, "inf.bua_chien") not in s.legal_actions()
    refused(s, Attack(archer, "inf.bua_chien"), "R6.4")


def _defend(card: str, victim_cls: str, attacker_cls: str = "infantry") -> tuple[DozenWarState, int, int]:
    s = bare()
    victim = soldier(s, 1, victim_cls, (5, 6))
    attacker = soldier(s, 0, attacker_cls, (5, 5))
    give(s, 1, card)
    defend(s, attacker, victim, DefendCard(card))
    return s, victim, attacker


@pytest.mark.parametrize(
    ("card", "cls"),
    [("arc.bom_khoi", "archer"), ("cav.khien_go", "cavalry"), ("com.quyen_truong_phep_thuat", "infantry")],
)
def test_cancel_cards(card: str, cls: str) -> None:
    s, victim, _ = _defend(card, cls)
    assert hp(s, victim) == (2 if cls == "infantry" else 1)


def test_quyen_truong_protects_a_castle() -> None:
    s = bare()
    keep = castle(s, 1, "archer", (5, 6))
    attacker = soldier(s, 0, "infantry", (5, 5))
    give(s, 1, "com.quyen_truong_phep_thuat")
    defend(s, attacker, keep, DefendCard("com.quyen_truong_phep_thuat"))
    assert s.castles[0].hp == 2


def test_khien_ma_thuat_reflects_the_hp_lost() -> None:
    s, victim, attacker = _defend("inf.khien_ma_thuat", "infantry")
    assert hp(s, victim) == 1 and hp(s, attacker) == 1


def test_ao_choang_redirects_to_another_unit() -> None:
    s = bare()
    victim = soldier(s, 1, "archer", (5, 6))
    decoy = general(s, 1, "kazu", (9, 9))
    attacker = soldier(s, 0, "infantry", (5, 5))
    give(s, 1, "arc.ao_choang_phep_thuat")
    defend(s, attacker, victim, DefendCard("arc.ao_choang_phep_thuat"))
    select_if_asked(s, decoy)
    assert hp(s, victim) == 1 and hp(s, decoy) == 2


def test_dao_gam_counter_even_if_dead() -> None:
    s, victim, attacker = _defend("arc.dao_gam", "archer", "cavalry")
    assert hp(s, victim) == 0 and hp(s, attacker) == 0


def test_kiem_mot_tay_counter_within_one() -> None:
    s, victim, attacker = _defend("cav.kiem_mot_tay", "cavalry")
    assert hp(s, victim) == 0 and hp(s, attacker) == 1


def test_luoi_sat_roots_an_attacking_unit() -> None:
    s = bare()
    victim = soldier(s, 1, "cavalry", (5, 6))
    attacker = soldier(s, 0, "infantry", (5, 5))
    other = soldier(s, 0, "cavalry", (6, 7))
    give(s, 1, "cav.luoi_sat")
    defend(s, attacker, victim, DefendCard("cav.luoi_sat"))
    select_if_asked(s, other)
    assert hp(s, victim) == 0 and s.units[other].has("root")
    assert not any(isinstance(a, Move) and a.unit == other for a in s.legal_actions())


def test_binh_mau_heals_before_damage_as_defence() -> None:
    s = bare()
    victim = soldier(s, 1, "infantry", (5, 6), hp=1)
    attacker = soldier(s, 0, "infantry", (5, 5))
    give(s, 1, "com.binh_mau")
    defend(s, attacker, victim, DefendCard("com.binh_mau"))
    select_if_asked(s, victim)
    assert hp(s, victim) == 1


def test_binh_mau_as_an_action_heals_a_general() -> None:
    s = bare()
    est = general(s, 0, "est", (5, 5), hp=2)
    give(s, 0, "com.binh_mau")
    play(s, PlayCard("com.binh_mau"))
    pass_all(s)
    assert hp(s, est) == 3


def test_danh_cap_steals_a_card() -> None:
    s = bare()
    give(s, 0, "com.danh_cap")
    give(s, 2, "cav.dai_dao")
    play(s, PlayCard("com.danh_cap"))
    pass_all(s)
    play(s, ChooseOption("cav.dai_dao"))
    assert [CARD_COPIES[c] for c in s.hands[0]] == ["cav.dai_dao"] and s.hands[2] == []


def test_danh_cap_in_a_window_takes_from_the_attacker() -> None:
    s = bare()
    victim = soldier(s, 1, "infantry", (5, 6))
    attacker = soldier(s, 0, "infantry", (5, 5))
    give(s, 1, "com.danh_cap")
    give(s, 0, "com.binh_mau")
    defend(s, attacker, victim, DefendCard("com.danh_cap"))
    play(s, ChooseOption("com.binh_mau"))
    pass_all(s)
    assert [CARD_COPIES[c] for c in s.hands[1]] == ["com.binh_mau"] and hp(s, victim) == 1


def test_nhan_dich_chuyen_action_and_dodge() -> None:
    s = bare()
    est = general(s, 0, "est", (5, 5))
    give(s, 0, "com.nhan_dich_chuyen")
    play(s, PlayCard("com.nhan_dich_chuyen"))
    pass_all(s)
    play(s, choose_cell(s, (9, 9)))
    assert s.units[est].cell == cell(s, (9, 9))
    t = bare()
    victim = general(t, 1, "kazu", (5, 6))
    attacker = soldier(t, 0, "infantry", (5, 5))
    give(t, 1, "com.nhan_dich_chuyen")
    defend(t, attacker, victim, DefendCard("com.nhan_dich_chuyen"))
    play(t, choose_cell(t, (8, 8)))
    pass_all(t)
    assert hp(t, victim) == 3 and t.units[victim].cell == cell(t, (8, 8))


def test_giay_nhanh_nhen_and_thuoc_tang_luc_add_move() -> None:
    s = bare()
    inf = soldier(s, 0, "infantry", (5, 5))
    give(s, 0, "inf.giay_nhanh_nhen")
    give(s, 0, "com.thuoc_tang_luc")
    play(s, PlayCard("inf.giay_nhanh_nhen"))
    pass_all(s)
    play(s, target(inf), Done())
    assert s.units[inf].buff_move == 1
    play(s, PlayCard("com.thuoc_tang_luc"))
    pass_all(s)
    play(s, target(inf))
    assert s.units[inf].buff_move == 2
    assert Move(inf, acell(s, (5, 8))) in s.legal_actions()


def test_a_movement_card_reaches_a_unit_once_per_turn() -> None:
    s = bare()
    inf = soldier(s, 0, "infantry", (5, 5))
    for other in [u.id for u in s.units.values() if u.owner == 0 and u.id != inf]:
        del s.units[other]
    give(s, 0, "com.thuoc_tang_luc")
    give(s, 0, "com.thuoc_tang_luc")
    play(s, PlayCard("com.thuoc_tang_luc"))
    pass_all(s)
    assert s.units[inf].buff_move == 1
    assert PlayCard("com.thuoc_tang_luc") not in s.legal_actions()
    refused(s, PlayCard("com.thuoc_tang_luc"), "R6.5")


def test_a_move_bonus_after_moving_gives_one_more_move() -> None:
    s = bare()
    inf = soldier(s, 0, "infantry", (5, 5))
    give(s, 0, "com.thuoc_tang_luc")
    play(s, Move(inf, acell(s, (5, 6))))
    assert not any(isinstance(a, Move) and a.unit == inf for a in s.legal_actions())
    play(s, PlayCard("com.thuoc_tang_luc"))
    pass_all(s)
    play(s, target(inf))
    assert Move(inf, acell(s, (5, 7))) in s.legal_actions()
    assert Move(inf, acell(s, (5, 8))) not in s.legal_actions()


@pytest.mark.parametrize(
    ("card", "cls"), [("com.trieu_goi_am_ky", "cavalry"), ("com.ken_goi_quan", "archer")]
)
def test_summon_cards(card: str, cls: str) -> None:
    s = bare()
    general(s, 0, "est", (5, 5))
    give(s, 0, card)
    play(s, PlayCard(card))
    pass_all(s)
    play(s, choose_cell(s, (4, 4)))
    new = next(u for u in s.units.values() if u.cell == cell(s, (4, 4)))
    assert new.cls == cls and new.owner == 0 and not new.moved


def test_lao_moc_pulls_the_survivor() -> None:
    s = bare()
    inf = soldier(s, 0, "infantry", (5, 2))
    foe = soldier(s, 1, "infantry", (5, 5))
    give(s, 0, "inf.lao_moc")
    play(s, PlayCard("inf.lao_moc"))
    pass_all(s)
    play(s, target(inf), target(foe))
    pass_all(s)
    assert hp(s, foe) == 1 and s.units[foe].cell == cell(s, (5, 3)) and s.units[inf].attacked


def test_lao_moc_names_its_infantry_before_the_necklace_which_leaves_it_spent() -> None:
    """R12.3: the attacking unit is named before enemies may answer its card; R13.4: a Lao Móc
    cancelled by a Necklace does nothing, and the unit that was to attack with it has still used
    its attack (no attack, no move); the other infantry keeps its own."""
    s = bare()
    inf = soldier(s, 0, "infantry", (5, 2))
    other = soldier(s, 0, "infantry", (7, 2))
    soldier(s, 1, "archer", (6, 3))  # within both infantry's reach
    give(s, 0, "inf.lao_moc")
    give(s, 1, "com.day_chuyen_may_man")
    play(s, PlayCard("inf.lao_moc"))
    assert s.decision == "select" and s.current_player == 0
    assert target(inf) in s.legal_actions() and target(other) in s.legal_actions()
    play(s, target(inf))
    assert s.decision == "necklace" and s.current_player == 1
    play(s, Necklace())
    pass_all(s)
    assert s.decision == "turn" and s.units[inf].attacked and not s.units[other].attacked
    mine = {(type(a), getattr(a, "unit", None)) for a in s.legal_actions()}
    assert (Attack, inf) not in mine and (Move, inf) not in mine
    assert (Attack, other) in mine and (Move, other) in mine
    assert "inf.lao_moc" not in s.hands[0] and not s.hands[1]


def test_lao_moc_strikes_with_the_infantry_named_when_it_was_played() -> None:
    s = bare()
    inf = soldier(s, 0, "infantry", (5, 2))
    other = soldier(s, 0, "infantry", (7, 2))
    foe = soldier(s, 1, "archer", (6, 3))
    give(s, 0, "inf.lao_moc")
    play(s, PlayCard("inf.lao_moc"), target(other))
    pass_all(s)
    play(s, target(foe))
    pass_all(s)
    assert hp(s, foe) == 0 and s.units[other].attacked and not s.units[inf].attacked


def test_thich_khach_hits_a_general_anywhere() -> None:
    s = bare()
    foe = general(s, 2, "lucy", (12, 0))
    give(s, 0, "com.thich_khach")
    play(s, PlayCard("com.thich_khach"))
    pass_all(s)
    play(s, target(foe))
    pass_all(s)
    assert hp(s, foe) == 2


def test_lucky_necklace_cancels_an_attack_modifier() -> None:
    s = bare()
    me = soldier(s, 0, "infantry", (5, 2))
    foe = soldier(s, 1, "infantry", (5, 3))
    give(s, 0, "inf.bua_chien")
    give(s, 1, "com.day_chuyen_may_man")
    play(s, Attack(me, "inf.bua_chien"))
    assert s.decision == "necklace" and s.current_player == 1
    play(s, Necklace())
    play(s, target(foe))
    pass_all(s)
    assert hp(s, foe) == 1 and len(s.discard) == 2


def test_lucky_necklace_cancels_an_action_card() -> None:
    s = bare()
    inf = soldier(s, 0, "infantry", (5, 5))
    give(s, 0, "com.thuoc_tang_luc")
    give(s, 3, "com.day_chuyen_may_man")
    play(s, PlayCard("com.thuoc_tang_luc"))
    play(s, Pass(), Pass()) if s.current_player == 1 else None
    while s.decision == "necklace" and s.current_player != 3:
        play(s, Pass())
    play(s, Necklace())
    assert s.units[inf].buff_move == 0 and s.decision == "turn"


def test_the_necklace_step_is_offered_to_every_enemy_holding_a_card() -> None:
    s = bare()
    me = soldier(s, 0, "infantry", (5, 2))
    soldier(s, 1, "infantry", (5, 3))
    give(s, 0, "inf.bua_chien")
    give(s, 2, "cav.dai_dao")
    play(s, Attack(me, "inf.bua_chien"))
    assert s.decision == "necklace" and s.current_player == 2 and s.legal_actions() == [Pass()]


def test_hand_limit_discards_down_to_six() -> None:
    s = bare()
    for design in (
        "inf.bua_chien",
        "inf.song_kiem",
        "arc.no_sat",
        "arc.bom_khoi",
        "cav.dai_dao",
        "cav.khien_go",
        "com.binh_mau",
        "com.lo_phep_thuat",
    ):
        give(s, 0, design)
    play(s, EndTurn())
    assert s.decision == "discard" and s.current_player == 0
    play(s, Discard("inf.bua_chien"), Discard("arc.no_sat"))
    assert len(s.hands[0]) == 6 and s.decision == "turn" and s.current_player == 1


def test_engage_one_card_per_turn() -> None:
    s = bare(players=2)
    me = soldier(s, 0, "infantry", (3, 2))
    soldier(s, 1, "infantry", (3, 3))
    general(s, 0, "est", (7, 7))
    general(s, 1, "kazu", (0, 0))
    give(s, 0, "inf.bua_chien")
    give(s, 0, "com.thuoc_tang_luc")
    play(s, PlayCard("com.thuoc_tang_luc"))
    pass_all(s)
    select_if_asked(s, me)
    assert Attack(me, "inf.bua_chien") not in s.legal_actions()
    assert Attack(me) in s.legal_actions()
