"""RULESET.md rule by rule: the board, terrain, coins and castles (§2), generals (§4) and equipment
cards (§6). Each test names the rule it states."""

from __future__ import annotations

import attrs

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
)
from tabletop.games.dozen_war import GAME
from tabletop.games.dozen_war.actions import (
    CASTLE_BASE,
    Attack,
    Dig,
    Guard,
    Move,
    PlayCard,
    UseSkill,
)
from tabletop.games.dozen_war.components import stats_of

# ---------------------------------------------------------------------- §2.1 grid, distance, lines


def test_r2_1a_r2_1e_a_cell_has_eight_neighbours_and_diagonal_attacks_are_normal() -> None:
    """R2.1a, R2.1e: a cell has eight neighbours and diagonal attacks are normal."""
    s = bare()
    inf = soldier(s, 0, "infantry", (5, 5))
    moves = {a.to for a in s.legal_actions() if isinstance(a, Move) and a.unit == inf}
    assert moves == {acell(s, (5 + dr, 5 + dc)) for dr in (-1, 0, 1) for dc in (-1, 0, 1) if dr or dc}
    foe = soldier(s, 1, "archer", (6, 6))
    play(s, Attack(inf), target(foe))
    assert hp(s, foe) == 0


def test_r2_1b_distance_is_chebyshev_three_diagonal_steps_reach_three_away() -> None:
    """R2.1b: distance is chebyshev three diagonal steps reach three away."""
    s = bare()
    cav = soldier(s, 0, "cavalry", (5, 5))
    legal = s.legal_actions()
    assert Move(cav, acell(s, (8, 8))) in legal and Move(cav, acell(s, (2, 8))) in legal
    assert Move(cav, acell(s, (9, 8))) not in legal


def test_r2_1c_an_archer_shoots_only_along_the_eight_rays() -> None:
    """R2.1c: an archer shoots only along the eight rays."""
    s = bare()
    archer = soldier(s, 0, "archer", (5, 5))
    on_rays = [soldier(s, 1, "infantry", rc) for rc in ((2, 2), (2, 8), (8, 5), (5, 2))]
    off = [soldier(s, 1, "infantry", rc) for rc in ((3, 4), (7, 6), (8, 4))]
    play(s, Attack(archer))
    legal = s.legal_actions()
    assert all(target(u) in legal for u in on_rays) and not any(target(u) in legal for u in off)


def test_r2_1d_castles_do_not_block_a_line_of_fire() -> None:
    """R2.1d: castles do not block a line of fire."""
    s = bare()
    inf = soldier(s, 0, "infantry", (5, 4))
    give(s, 0, "inf.truong_thuong")  # range 2
    castle(s, 2, "cavalry", (5, 5))  # an empty castle between
    foe = soldier(s, 1, "archer", (5, 6))
    play(s, Attack(inf, "inf.truong_thuong"))
    assert target(foe) in s.legal_actions()


def test_r2_1f_r2_8a_r7_8_the_four_player_homes_and_castles() -> None:
    """R2.1f, R2.8a, R7.8; R2.1: the board shows castles and mountains as maps.json draws them."""
    s = GAME.new_game(players=4, seed=5, generals="random")
    expected = {
        "N": {(0, 5): "cavalry", (1, 6): "infantry", (0, 7): "archer"},
        "E": {(5, 12): "cavalry", (6, 11): "infantry", (7, 12): "archer"},
        "S": {(12, 7): "cavalry", (11, 6): "infantry", (12, 5): "archer"},
        "W": {(7, 0): "cavalry", (6, 1): "infantry", (5, 0): "archer"},
    }
    for position, seat in enumerate(s.turns.order):
        home = "NESW"[position]
        assert s.home[seat] == home
        mine = {c.cell: c.type for c in s.castles if c.owner == seat}
        assert mine == {cell(s, rc): kind for rc, kind in expected[home].items()}
        assert all(c.hp == 2 for c in s.castles)
    mountains = {(3, 6), (6, 9), (9, 6), (6, 3), (3, 3), (3, 9), (9, 9), (9, 3), (6, 6)}
    assert set(s.terrain) == {cell(s, rc) for rc in mountains}


def test_r2_1f_the_three_player_and_engage_maps() -> None:
    """R2.1f: the three player and engage maps."""
    s = GAME.new_game(players=3, seed=5, generals="random")
    mountains = {(5, 5), (3, 3), (3, 7), (7, 5), (1, 5), (5, 1), (5, 9), (4, 2), (4, 8)}
    assert set(s.terrain) == {cell(s, rc) for rc in mountains}
    assert {(c.cell, c.type) for c in s.castles if s.home[c.owner] == "S"} == {
        (cell(s, (9, 5)), "infantry"),
        (cell(s, (10, 4)), "cavalry"),
        (cell(s, (10, 6)), "archer"),
    }
    e = GAME.new_game(players=2, seed=5)
    assert set(e.terrain) == {cell(e, (3, 2)), cell(e, (4, 5))} and e.castles == []


# ---------------------------------------------------------------------- §2.2 mountains


def test_r2_3_r2_3e_infantry_and_archers_climb_cavalry_and_generals_do_not() -> None:
    """R2.3, R2.3e: infantry and archers climb cavalry and generals do not."""
    s = bare()
    mountain(s, (5, 5))
    inf = soldier(s, 0, "infantry", (5, 4))
    archer = soldier(s, 0, "archer", (4, 4))
    cav = soldier(s, 0, "cavalry", (6, 4))
    est = general(s, 0, "est", (4, 5))
    legal = s.legal_actions()
    up = acell(s, (5, 5))
    assert Move(inf, up) in legal and Move(archer, up) in legal
    assert Move(cav, up) not in legal and Move(est, up) not in legal
    refused(s, Move(cav, up), "R2.3")
    play(s, Move(inf, up))
    assert Move(archer, up) not in s.legal_actions()  # R2.3b: one soldier per mountain


def test_r2_3a_climbing_ends_the_move() -> None:
    """R2.3a: climbing ends the move."""
    s = bare()
    mountain(s, (5, 5))
    for rc in ((4, 5), (6, 5), (4, 6), (6, 6), (4, 4), (6, 4)):
        mountain(s, rc)
    inf = soldier(s, 0, "infantry", (5, 4))
    s.units[inf] = attrs.evolve(s.units[inf], buff_move=2)
    s.forget_legal_actions()
    # With 3 steps the infantry may stop on (5,5) but never climb over it to (5,6).
    legal = s.legal_actions()
    assert Move(inf, acell(s, (5, 5))) in legal and Move(inf, acell(s, (5, 6))) not in legal


def test_r2_3c_a_soldier_on_a_mountain_does_not_open_the_line_through_it() -> None:
    """R2.3c: a soldier on a mountain does not open the line through it."""
    s = bare()
    mountain(s, (5, 5))
    soldier(s, 0, "archer", (5, 5))
    archer = soldier(s, 0, "archer", (5, 3))
    soldier(s, 1, "archer", (5, 6))
    # The only enemy lies behind the mountain (5,5), own archer on it or not: nothing to shoot.
    assert Attack(archer) not in s.legal_actions()
    s2 = bare()
    mountain(s2, (5, 5))
    top = soldier(s2, 1, "infantry", (5, 5))
    shooter = soldier(s2, 0, "archer", (5, 3))
    play(s2, Attack(shooter), target(top))
    assert hp(s2, top) == 1  # the soldier on the mountain is an end of the line: it is hit


def test_r2_3d_digging_works_with_a_soldier_on_the_mountain() -> None:
    """R2.3d; R2.14, R2.16: a general digs the hidden token; a map piece goes on its card."""
    s = bare()
    mountain(s, (3, 6), ["map_piece_1"])
    soldier(s, 1, "archer", (3, 6))
    est = general(s, 0, "est", (2, 6))
    play(s, Dig(est, acell(s, (3, 6))))
    assert s.units[est].pieces == ("map_piece_1",)


# ---------------------------------------------------------------------- §2.3 coins, §2.4 castles


def test_r2_6a_a_payout_the_bank_cannot_cover_pays_what_it_has() -> None:
    """R2.6a: a payout the bank cannot cover pays what it has."""
    s = bare()
    s.coins = [30, 0, 0, 0]
    s.bank = 0
    cav = soldier(s, 0, "cavalry", (5, 5))
    foe = general(s, 1, "lucy", (5, 6), hp=1)
    attack(s, cav, foe)
    assert s.skulls[0] == 1 and s.coins[0] == 30 and s.bank == 0


def test_r2_8_r2_8e_a_destroyed_castle_becomes_a_plain_cell_and_its_general_stays() -> None:
    """R2.8, R2.8e: a destroyed castle becomes a plain cell and its general stays."""
    s = bare()
    keep = castle(s, 1, "cavalry", (4, 4), hp=1)
    est = general(s, 1, "est", (4, 4))
    inf = soldier(s, 0, "infantry", (4, 5))
    attack(s, inf, keep)
    lost = s.castles[keep - CASTLE_BASE]
    assert lost.hp == 0 and lost.taken_by == 0 and s.castles_taken[0] == 1 and s.coins[0] == 1
    assert hp(s, est) == 3 and s.units[est].cell == cell(s, (4, 4))
    assert s.scores()[0]["castles"] == 2 and s.scores()[0]["total"] == 2  # R16.2: 2 points a castle
    archer = soldier(s, 0, "archer", (3, 3))
    assert Move(archer, acell(s, (4, 3))) in s.legal_actions()
    castle(s, 1, "infantry", (2, 2), hp=2)
    assert Move(archer, acell(s, (2, 2))) not in s.legal_actions()  # R2.8b: a standing enemy castle


def test_r2_8f_a_skill_that_may_target_castles_damages_them_without_riders() -> None:
    """R2.8f: a skill that may target castles damages them without riders."""
    s = bare()
    general(s, 0, "kazu", (5, 2))
    keep = castle(s, 1, "infantry", (5, 4))
    play(s, UseSkill("kazu.2"), target(keep))
    pass_all(s)
    assert s.castles[keep - CASTLE_BASE].hp == 0 and s.castles_taken[0] == 1


def test_r2_8f_a_general_only_attack_card_cannot_target_a_castle() -> None:
    """R2.8f: a general only attack card cannot target a castle."""
    s = bare()
    keep = castle(s, 1, "infantry", (5, 4))
    foe = general(s, 1, "lucy", (9, 9))
    give(s, 0, "com.thich_khach")
    play(s, PlayCard("com.thich_khach"))
    legal = s.legal_actions()
    assert target(foe) in legal and target(keep) not in legal


# ---------------------------------------------------------------------- §4 generals


def test_r4_1_to_r4_4_general_statistics() -> None:
    """R4.1-R4.4: general statistics."""
    table = {
        "infantry": (3, 1, 1, 1),
        "alchemist": (3, 1, 1, 1),
        "cavalry": (3, 1, 3, 1),
        "archer": (3, 1, 1, 3),
    }
    for cls, (hp_, dmg, move, rng) in table.items():
        stats = stats_of(cls, True)
        assert (stats.hp, stats.damage, stats.move, stats.range) == (hp_, dmg, move, rng)


def test_r4_2_there_are_no_alchemist_soldiers() -> None:
    """R4.2: there are no alchemist soldiers."""
    try:
        stats_of("alchemist", False)
    except ValueError as error:
        assert "alchemist" in str(error)
    else:
        raise AssertionError("an alchemist soldier has stats")


def test_r4_3_a_cavalry_generals_path_may_turn_around_a_blocker() -> None:
    """R4.3: a cavalry generals path may turn around a blocker."""
    s = bare()
    mask = general(s, 0, "mask", (5, 5))
    for rc in ((4, 6), (5, 6), (6, 6)):
        mountain(s, rc)
    # (4,7) is 2 away and both short ways are walled: the 3-step path turns round the wall.
    assert Move(mask, acell(s, (4, 7))) in s.legal_actions()
    play(s, Move(mask, acell(s, (4, 7))))


def test_r4_4_an_archer_general_shoots_three_along_rays_over_units_and_never_climbs() -> None:
    """R4.4: an archer general shoots three along rays over units and never climbs."""
    s = bare()
    lucy = general(s, 0, "lucy", (5, 5))
    soldier(s, 2, "infantry", (5, 6))
    far = soldier(s, 1, "infantry", (5, 8))
    beyond = soldier(s, 1, "infantry", (5, 9))
    mountain(s, (4, 5))
    assert Move(lucy, acell(s, (4, 5))) not in s.legal_actions()
    play(s, Attack(lucy))
    legal = s.legal_actions()
    assert target(far) in legal and target(beyond) not in legal


def test_r4_1_an_infantry_general_guards_a_soldier_but_not_a_general() -> None:
    """R4.1: an infantry general guards a soldier but not a general."""
    s = bare()
    archer = soldier(s, 0, "archer", (5, 2))
    kazu = general(s, 1, "kazu", (4, 5))
    foe = soldier(s, 1, "archer", (5, 5))
    play(s, Attack(archer), target(foe))
    assert s.decision == "guard" and Guard(kazu) in s.legal_actions()
    play(s, Guard(kazu))
    pass_all(s)
    assert hp(s, kazu) == 2 and hp(s, foe) == 1
    t = bare()
    archer = soldier(t, 0, "archer", (5, 2))
    general(t, 1, "kazu", (4, 5))
    lucy = general(t, 1, "lucy", (5, 5))
    play(t, Attack(archer), target(lucy))
    assert t.decision != "guard"


# ---------------------------------------------------------------------- §6 equipment cards


def test_r6_3_cards_are_played_by_the_player_even_with_no_living_general() -> None:
    """R6.3: cards are played by the player even with no living general."""
    s = bare()
    cav = soldier(s, 0, "cavalry", (5, 5))
    foe = soldier(s, 1, "infantry", (5, 6))
    give(s, 0, "cav.dai_dao")
    attack(s, cav, foe, "cav.dai_dao")
    assert hp(s, foe) == 0 and not any(u.general and u.owner == 0 for u in s.units.values())


def test_r6_3_a_hand_is_hidden_and_its_size_public() -> None:
    """R6.3: a hand is hidden and its size public."""
    s = bare()
    give(s, 0, "cav.dai_dao")
    give(s, 0, "arc.no_sat")
    seen = repr(s.observation(1))
    assert "dai_dao" not in seen and "no_sat" not in seen
    assert "dai_dao" in repr(s.observation(0))


def test_r6_4_an_alchemist_uses_only_common_cards() -> None:
    """R6.4: an alchemist uses only common cards."""
    s = bare()
    ranus = general(s, 0, "ranus", (5, 5))
    soldier(s, 1, "infantry", (5, 6))
    give(s, 0, "inf.bua_chien")
    give(s, 0, "com.lo_phep_thuat")
    legal = s.legal_actions()
    assert Attack(ranus, "com.lo_phep_thuat") in legal and Attack(ranus, "inf.bua_chien") not in legal
    refused(s, Attack(ranus, "inf.bua_chien"), "R6.4")


def test_r6_8_a_card_with_no_legal_effect_cannot_be_played() -> None:
    """R6.8: a card with no legal effect cannot be played."""
    s = bare()
    general(s, 0, "est", (5, 5))  # full HP: Bình Máu has nobody to heal
    give(s, 0, "com.binh_mau")
    assert PlayCard("com.binh_mau") not in s.legal_actions()
    refused(s, PlayCard("com.binh_mau"), "R6")
    s.units[0] = attrs.evolve(s.units[0], hp=2)
    s.forget_legal_actions()
    assert PlayCard("com.binh_mau") in s.legal_actions()


def test_r2_8h_r12_10_a_heal_never_reaches_a_castle_and_turns_an_infantry_face_up() -> None:
    """R2.8h, R12.10: a heal never reaches a castle and turns an infantry face up."""
    s = bare()
    castle(s, 0, "infantry", (0, 0), hp=1)
    give(s, 0, "com.binh_mau")
    assert PlayCard("com.binh_mau") not in s.legal_actions()  # only a damaged castle: nothing to heal
    inf = soldier(s, 0, "infantry", (5, 5), hp=1)
    play(s, PlayCard("com.binh_mau"))
    while s.decision != "turn":
        play(s, target(inf) if target(inf) in s.legal_actions() else s.legal_actions()[0])
    assert hp(s, inf) == 2 and s.castles[0].hp == 1
