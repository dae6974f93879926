"""RULESET.md rule by rule: an independent audit (session 14) of the clauses no earlier test stated,
each test named after the rule it states and asserting exact outcomes."""

from __future__ import annotations

import attrs

from games.dozen_war.dozen_war_helpers import (
    acell,
    attack,
    bare,
    castle,
    cell,
    end_round,
    general,
    gid,
    give,
    give_coins,
    hp,
    mountain,
    pass_all,
    pass_until,
    play,
    refused,
    soldier,
    start_turn,
    target,
    with_status,
)
from tabletop.games.dozen_war import GAME, GENERALS, SKILLS
from tabletop.games.dozen_war.actions import (
    Attack,
    Ban,
    DefendCard,
    DefendSkill,
    Dig,
    Draft,
    EndTurn,
    Guard,
    HandOver,
    Move,
    Necklace,
    Pass,
    PlayCard,
    Reorder,
    Revive,
    UseSkill,
    Warp,
)
from tabletop.games.dozen_war.model import Task
from tabletop.games.dozen_war.state import DozenWarState

# ---------------------------------------------------------------------- §2 board


def test_r2_8b_r8_3a_no_unit_passes_through_an_empty_enemy_castle() -> None:
    """R2.8b, R8.3a: an enemy castle is never entered, even empty, nor passed through."""
    s = bare()
    cav = soldier(s, 0, "cavalry", (5, 2))
    castle(s, 1, "archer", (5, 3))
    soldier(s, 1, "infantry", (4, 3))
    soldier(s, 1, "infantry", (6, 3))
    legal = s.legal_actions()
    assert Move(cav, acell(s, (5, 4))) not in legal  # only reachable through the castle
    refused(s, Move(cav, acell(s, (5, 3))), "R2.8b")


def test_r2_8e_a_destroyed_castle_is_a_plain_cell_an_enemy_may_enter() -> None:
    """R2.8e: once destroyed, the castle's cell is plain: the attacker's units may enter it."""
    s = bare()
    inf = soldier(s, 0, "infantry", (2, 5))
    code = castle(s, 1, "archer", (1, 6), hp=1)
    attack(s, inf, code)
    assert s.castles[-1].hp == 0 and s.castles_taken[0] == 1 and s.coins[0] == 1
    cav = soldier(s, 0, "cavalry", (2, 7))
    play(s, Move(cav, acell(s, (1, 6))))
    assert s.units[cav].cell == cell(s, (1, 6))


def test_r2_6a_r12_9_a_kill_coin_the_bank_cannot_pay_is_not_paid() -> None:
    """R2.6a, R12.9: an enemy general killed with an empty bank gives the skull but no coin."""
    s = bare()
    s.coins = [10, 10, 10, 0]
    s.bank = 0
    cav = soldier(s, 0, "cavalry", (5, 5))
    victim = general(s, 1, "lucy", (5, 6), hp=1)
    attack(s, cav, victim)
    assert hp(s, victim) == 0 and s.skulls[0] == 1 and s.coins[0] == 10 and s.bank == 0


def test_r2_6b_r10_10_coins_are_never_given_between_players() -> None:
    """R2.6b: no action of the turn moves coins from one player to another."""
    s = bare(players=4, mode="alliance")
    give_coins(s, 0, 5)
    general(s, 0, "rodoc", (5, 5))
    general(s, 2, "est", (5, 6))
    before = list(s.coins)
    for action in s.legal_actions():
        t = s.clone()
        t.apply(action)
        while t.decision not in ("turn",) and t.outcome is None and t.current_player == 0:
            t.apply(t.legal_actions()[0])
        assert t.coins[2] <= before[2]


def test_r2_21_r2_22_r8_15_any_number_of_units_warp_while_the_cell_has_room() -> None:
    """R2.21, R2.22, R8.15 (the warp action): the controller warps unit after unit; the sixth soldier finds the cell full."""
    s = bare(round_=4)
    castle(s, 0, "infantry", (1, 6))
    soldier(s, 0, "infantry", (6, 6))
    waiting = [soldier(s, 0, "infantry", (1, 6)) for _ in range(5)]
    for uid in waiting[:4]:
        play(s, Warp(uid))
    assert sum(1 for u in s.units.values() if u.cell == cell(s, (6, 6))) == 5
    refused(s, Warp(waiting[4]), "R2.22")


def test_r2_21_a_warped_unit_that_has_not_moved_may_move_and_attack() -> None:
    """R2.21: warping is no move: a unit that had not moved may move after it, then attack."""
    s = bare(round_=4)
    castle(s, 0, "cavalry", (0, 5))
    soldier(s, 0, "infantry", (6, 6))
    cav = soldier(s, 0, "cavalry", (0, 5))
    foe = soldier(s, 1, "infantry", (6, 9))
    play(s, Warp(cav), Move(cav, acell(s, (6, 8))), Attack(cav), target(foe))
    pass_all(s)
    assert s.units[cav].cell == cell(s, (6, 8)) and hp(s, foe) == 1


def test_r2_23_a_general_that_has_dug_or_a_stunned_unit_does_not_warp() -> None:
    """R2.23: a unit that has dug, or is stunned, may not warp."""
    s = bare(round_=4)
    castle(s, 0, "infantry", (1, 6))
    castle(s, 0, "cavalry", (0, 5))
    soldier(s, 0, "infantry", (6, 6))
    mountain(s, (2, 6), ["ruong_vang_mativen"])
    est = general(s, 0, "est", (1, 6))
    cav = soldier(s, 0, "cavalry", (0, 5))
    with_status(s, cav, "stun")
    play(s, Dig(est, acell(s, (2, 6))))
    assert s.units[est].dug
    refused(s, Warp(est), "R2.23")
    refused(s, Warp(cav), "R2.23")


# ---------------------------------------------------------------------- §3 soldiers


def test_r3_1c_a_guard_spent_in_one_turn_guards_again_in_the_next_players_turn() -> None:
    """R3.1c, R8.0a: the guard limit is per turn of any player: the next player's turn opens it again."""
    s = bare()
    a1 = soldier(s, 0, "archer", (5, 2))
    victim = soldier(s, 1, "archer", (5, 5))
    guard = soldier(s, 1, "infantry", (6, 5))
    play(s, Attack(a1), target(victim), Guard(guard))
    pass_all(s)
    assert hp(s, guard) == 1 and hp(s, victim) == 1
    play(s, EndTurn())
    assert s.current_player == 1
    play(s, EndTurn())
    assert s.current_player == 2
    a3 = soldier(s, 2, "archer", (8, 5))
    play(s, Attack(a3), target(victim))
    assert s.decision == "guard" and Guard(guard) in s.legal_actions()
    play(s, Guard(guard))
    pass_all(s)
    assert hp(s, guard) == 0 and hp(s, victim) == 1


def test_r3_4d_splash_stops_at_a_cell_holding_only_the_attackers_units() -> None:
    """R3.4d step 3: a plain cell with no enemy unit (here the attacker's own) ends the splash."""
    s = bare()
    cav = soldier(s, 0, "cavalry", (5, 4))
    victim = soldier(s, 1, "archer", (5, 5))
    soldier(s, 0, "infantry", (5, 6))
    beyond = soldier(s, 1, "archer", (5, 7))
    attack(s, cav, victim)
    assert hp(s, victim) == 0 and hp(s, beyond) == 1


def test_r3_4d_splash_stops_at_a_mountain_holding_the_attackers_soldier() -> None:
    """R3.4d step 3: a mountain with no enemy soldier on it stops the splash."""
    s = bare()
    cav = soldier(s, 0, "cavalry", (5, 4))
    victim = soldier(s, 1, "archer", (5, 5))
    mountain(s, (5, 6))
    soldier(s, 0, "archer", (5, 6))
    beyond = soldier(s, 1, "archer", (5, 7))
    attack(s, cav, victim)
    assert hp(s, victim) == 0 and hp(s, beyond) == 1


def test_r3_4d_splash_into_an_enemy_castle_hits_the_unit_inside_not_the_castle() -> None:
    """R3.4d step 3, R3.4e: a castle cell holding enemy units: the splash hits a unit inside."""
    s = bare()
    cav = soldier(s, 0, "cavalry", (5, 4))
    victim = soldier(s, 1, "archer", (5, 5))
    castle(s, 2, "archer", (5, 6))
    inside = soldier(s, 2, "archer", (5, 6))
    attack(s, cav, victim)
    assert hp(s, victim) == 0 and hp(s, inside) == 0 and s.castles[-1].hp == 2


def test_r3_4g_splash_kills_a_third_players_general_for_a_skull_and_its_pieces() -> None:
    """R3.4g, R12.9: a general killed by splash credits the attacker with a skull, a coin and its pieces."""
    s = bare()
    cav = soldier(s, 0, "cavalry", (5, 4))
    general(s, 0, "est", (9, 9))
    victim = soldier(s, 1, "archer", (5, 5))
    lucy = general(s, 2, "lucy", (5, 6), hp=1, pieces=("map_piece_1",))
    attack(s, cav, victim)
    assert hp(s, lucy) == 0 and s.skulls == [1, 0, 0, 0] and s.coins[0] == 1
    assert s.units[gid("est")].pieces == ("map_piece_1",)


def test_r3_2_a_guard_at_two_hp_is_turned_face_down_and_the_receiver_keeps_its_hp() -> None:
    """R3.2, R3.2a: the guard loses exactly 1 (2 -> 1) against a 2-damage hit; the target is untouched."""
    s = bare()
    cav = soldier(s, 0, "cavalry", (5, 4))
    victim = general(s, 1, "lucy", (5, 5))
    guard = soldier(s, 1, "infantry", (4, 5))
    give(s, 0, "cav.dai_dao")
    play(s, Attack(cav, "cav.dai_dao"), target(victim))
    pass_until(s, "guard")
    play(s, Guard(guard))
    pass_all(s)
    assert hp(s, guard) == 1 and hp(s, victim) == 3


# ---------------------------------------------------------------------- §9 rounds


def test_r9_2_r2_6a_income_in_turn_order_until_the_bank_runs_dry() -> None:
    """R9.2, R2.6a: income goes player by player in turn order; a bank with 2 coins pays the first two."""
    s = bare(round_=3)
    s.turns.order = [2, 3, 0, 1]
    s.turns.position = 3
    s.coins = [10, 10, 4, 4]
    s.bank = 2
    s.events = []
    end_round(s)
    assert s.round == 4 and s.coins == [10, 10, 5, 5] and s.bank == 0


def test_r9_11_the_first_check_at_the_end_of_round_one_compares_with_no_leader() -> None:
    """R9.11: at the end of round 1 a strict leader is new (nobody led before): it reorders."""
    s = bare(round_=1)
    assert s.leader is None
    general(s, 2, "rodoc", (0, 8), pieces=("map_piece_1",))
    end_round(s)
    assert s.decision == "reorder" and s.current_player == 2 and s.leader == 2


def test_r9_11_a_tie_at_the_top_with_pieces_gives_no_leader() -> None:
    """R9.11: two players tied for the most pieces: no strict leader, nobody reorders."""
    s = bare(round_=2)
    general(s, 0, "est", (0, 0), pieces=("map_piece_1",))
    general(s, 2, "rodoc", (0, 8), pieces=("map_piece_2",))
    end_round(s)
    assert s.decision != "reorder" and s.leader is None and s.turns.order == [0, 1, 2, 3]


def test_r14_5_r7_2a_an_eliminated_player_never_rolls_and_its_coins_went_to_the_bank() -> None:
    """R14.5, R7.2a: an eliminated seat takes no income and no event outcome."""
    s = bare(round_=3)
    s.coins = [0, 0, 0, 3]
    s.bank = 27
    harvest = next(c for c in s.events if c.startswith("E14#"))
    s.events = [harvest]
    anchor = next(u for u in s.units.values() if u.owner == 3)
    s.units[anchor.id] = attrs.evolve(anchor, hp=1)
    cav = soldier(s, 0, "cavalry", (12, 7))
    attack(s, cav, anchor.id)
    assert s.eliminated[3] and s.coins[3] == 0 and s.bank == 30
    end_round(s)
    while s.decision != "turn":
        play(s, s.legal_actions()[0])
    assert s.coins[3] == 0 and all(c >= 2 for c in s.coins[:3])
    assert s.coins[0] + s.coins[1] + s.coins[2] + s.bank == 30


# ---------------------------------------------------------------------- §10 alliance, §16 scoring


def test_r16_4_alliance_tie_breaks_sum_the_teams_standing_castles() -> None:
    """R16.4, R7.1b: equal team scores and pieces: the team with more standing castles in total wins."""
    s = bare(players=4, seat=3, round_=8, mode="alliance")
    castle(s, 0, "infantry", (1, 6))
    castle(s, 2, "infantry", (6, 11))
    castle(s, 1, "infantry", (11, 6))
    s.coins = [0, 5, 0, 5]
    s.bank = 20
    play(s, EndTurn())
    assert s.outcome is not None and s.outcome.reason == "score"
    team = s.side_of[0]
    assert s.outcome.winners == tuple(x for x in range(4) if s.side_of[x] == team)


def test_r12_9_r2_8f_a_castle_destroyed_by_a_fist_skill_is_taken_with_its_coin() -> None:
    """R12.9, R2.8f: Khóa Xích (target "or castle") destroys a 2-HP castle: 2 points and +1 coin, no stun."""
    s = bare()
    kazu = general(s, 0, "kazu", (4, 6))
    code = castle(s, 1, "archer", (1, 6))
    play(s, UseSkill("kazu.2"), target(code))
    pass_all(s)
    assert s.castles[-1].hp == 0 and s.castles_taken == [1, 0, 0, 0] and s.coins[0] == 1
    assert s.scores()[0]["total"] == 2 and s.units[kazu].attacked


# ---------------------------------------------------------------------- §8 turns, §12 combat


def test_r8_1c_a_move_bonus_after_moving_allows_one_more_move_of_up_to_the_bonus() -> None:
    """R8.1c: Soul moves 3, then Ám Kỵ (+1 move): one more move of 1 step, no more."""
    s = bare()
    soul = general(s, 0, "soul", (5, 2))
    play(s, Move(soul, acell(s, (5, 5))))
    refused(s, Move(soul, acell(s, (5, 6))), "R8.1")
    play(s, UseSkill("soul.1"))
    pass_all(s)
    legal = s.legal_actions()
    assert Move(soul, acell(s, (5, 6))) in legal and Move(soul, acell(s, (5, 7))) not in legal
    play(s, Move(soul, acell(s, (4, 6))))
    refused(s, Move(soul, acell(s, (3, 6))), "R8.1")


def test_r12_7_r3_2b_a_redirected_hit_carries_no_rider_and_thay_doc_still_counters() -> None:
    """R12.7 step 4, R12.6, R12.11: Hàn Tiễn (★3, freeze) redirected by Thây Độc (★3) hurts the
    swapped soldier without freezing it; the attacking Raen takes Thây Độc's 1 counter damage."""
    s = bare()
    give_coins(s, 0, 2)
    give_coins(s, 1, 2)
    raen = general(s, 0, "raen", (5, 1))
    soul = general(s, 1, "soul", (5, 5))
    swap = soldier(s, 1, "infantry", (7, 7))
    play(s, UseSkill("raen.3"), target(soul))
    pass_until(s, "defence_skill")
    play(s, DefendSkill("soul.3"))
    if s.decision == "select":
        play(s, target(swap))
    pass_all(s)
    assert s.units[soul].cell == cell(s, (7, 7)) and s.units[swap].cell == cell(s, (5, 5))
    assert hp(s, soul) == 3 and hp(s, swap) == 1 and s.units[swap].statuses == ()
    assert hp(s, raen) == 2 and s.coins == [0, 0, 0, 0] and s.bank == 30


def test_r11_6_engage_skills_once_per_match_and_the_ultimate_is_free() -> None:
    """R11.6, R5.2a: in Engage the ultimate costs no coin, and a used skill stays marked for the match."""
    s = bare(players=2, seat=0)
    general(s, 0, "est", (7, 7))
    lucy = general(s, 1, "lucy", (0, 0))
    s.tasks = [Task("turn", 0)]
    s.forget_legal_actions()
    assert s.coins == [0, 0]
    play(s, UseSkill("est.3"))
    pass_all(s)
    assert "est.3" in s.marks[0] and s.coins == [0, 0]
    play(s, EndTurn())
    assert s.current_player == 1
    play(s, EndTurn())
    assert s.current_player == 0 and "est.3" in s.marks[0]
    refused(s, UseSkill("est.3"), "R5.2a")
    assert hp(s, lucy) == 3


def test_r11_8_a_fist_skill_is_an_attack_action_that_resets_the_idle_count() -> None:
    """R11.8: a fist skill aimed at an enemy counts as the first player's attack action; a buff does not."""
    s = bare(players=2, seat=0)
    general(s, 0, "lucy", (3, 3))
    general(s, 1, "siri", (7, 7))
    foe = soldier(s, 1, "cavalry", (3, 5))
    s.tasks = [Task("turn", 0)]
    s.forget_legal_actions()
    for _ in range(3):
        play(s, EndTurn(), EndTurn())
    play(s, EndTurn(), EndTurn())
    assert s.idle_turns == 4 and s.outcome is None
    play(s, UseSkill("lucy.3"))
    while s.decision != "turn":
        play(s, target(foe) if s.decision == "target" else Pass())
    assert hp(s, foe) == 0
    play(s, EndTurn())
    assert s.idle_turns == 0 and s.outcome is None


def _engage_cavalry_duel(card: str) -> tuple[DozenWarState, int, int]:
    """Engage, seat 0's turn: its cavalry next to seat 1's; seat 0 holds a Necklace and ``card``,
    seat 1 a Khiên Gỗ. The state, the attacking cavalry and its target."""
    s = bare(players=2, seat=0)
    general(s, 0, "siri", (7, 0))
    general(s, 1, "lucy", (0, 7))
    cav = soldier(s, 0, "cavalry", (3, 3))
    foe = soldier(s, 1, "cavalry", (3, 4))
    s.tasks = [Task("turn", 0)]
    give(s, 0, "com.day_chuyen_may_man")
    give(s, 0, card)
    give(s, 1, "cav.khien_go")
    return s, cav, foe


def test_r11_6_r13_4_in_engage_the_attackers_necklace_is_its_card_of_the_turn() -> None:
    """R11.6, R13.4: the attacker's Necklace on the defender's card is its one card of its own turn."""
    s, cav, foe = _engage_cavalry_duel("inf.giay_nhanh_nhen")
    inf = soldier(s, 0, "infantry", (6, 6))
    play(s, Attack(cav), target(foe))
    pass_until(s, "defence_card")
    play(s, DefendCard("cav.khien_go"))
    assert s.decision == "necklace" and s.current_player == 0
    play(s, Necklace())
    pass_all(s)
    assert hp(s, foe) == 0 and s.decision == "turn"
    assert not any(isinstance(a, PlayCard) for a in s.legal_actions())
    refused(s, PlayCard("inf.giay_nhanh_nhen"), "R11.6")
    assert s.units[inf].moved is False


def test_r11_6_in_engage_no_necklace_after_the_own_card_of_the_turn() -> None:
    """R11.6: an attacker that has played its card of the turn cannot answer the defender's card."""
    s, cav, foe = _engage_cavalry_duel("cav.dai_dao")
    play(s, Attack(cav, "cav.dai_dao"))
    pass_until(s, "target")
    play(s, target(foe))
    pass_until(s, "defence_card")
    play(s, DefendCard("cav.khien_go"))
    assert s.decision != "necklace"  # the card limit is public: asking would reveal nothing
    refused(s, Necklace(), "R")
    pass_all(s)
    assert hp(s, foe) == 1 and len(s.hands[0]) == 1


def test_r12_14_r3_1_a_player_level_attack_can_be_guarded() -> None:
    """R12.14, R3.1, R3.2a: Thích Khách on Lucy: an adjacent infantry guards it for exactly 1 HP."""
    s = bare()
    lucy = general(s, 1, "lucy", (5, 5))
    guard = soldier(s, 1, "infantry", (5, 6))
    give(s, 0, "com.thich_khach")
    play(s, PlayCard("com.thich_khach"))
    pass_until(s, "target")
    play(s, target(lucy))
    assert s.decision == "guard" and s.current_player == 1
    play(s, Guard(guard))
    pass_all(s)
    assert hp(s, lucy) == 3 and hp(s, guard) == 1 and s.decision == "turn"


def test_r8_10_r8_11_a_general_that_dug_a_piece_may_still_hand_it_over() -> None:
    """R8.10, R8.11: digging forbids moving, attacking and skills, not handing pieces over."""
    s = bare()
    est = general(s, 0, "est", (2, 6))
    kazu = general(s, 0, "kazu", (2, 7))
    mountain(s, (3, 6), ["map_piece_1"])
    play(s, Dig(est, acell(s, (3, 6))))
    assert s.units[est].pieces == ("map_piece_1",)
    play(s, HandOver(est, kazu, 1))
    assert s.units[est].pieces == () and s.units[kazu].pieces == ("map_piece_1",)


def test_r15_9_a_general_that_attacked_does_not_take_a_loose_piece() -> None:
    """R15.9, R8.10: taking a loose piece is a dig, with the dig's conditions."""
    s = bare()
    est = general(s, 0, "est", (5, 5))
    foe = soldier(s, 1, "infantry", (5, 6))
    s.loose[cell(s, (5, 5))] = ["map_piece_1"]
    attack(s, est, foe)
    refused(s, Dig(est, acell(s, (5, 5))), "R8.10")
    assert s.loose == {cell(s, (5, 5)): ["map_piece_1"]}


def test_r3_4d_r2_8e_splash_does_not_pass_a_destroyed_castles_cell() -> None:
    """R3.4d, R2.8e: a destroyed castle's cell is a plain cell: an empty one stops the splash."""
    s = bare()
    cav = soldier(s, 0, "cavalry", (8, 4))
    victim = soldier(s, 2, "archer", (8, 5))
    castle(s, 2, "archer", (8, 6), hp=0)
    beyond = soldier(s, 1, "archer", (8, 7))
    attack(s, cav, victim)
    assert hp(s, victim) == 0 and hp(s, beyond) == 1


def test_r7_2_a_player_with_only_soldiers_left_plays_on_and_falls_with_the_last() -> None:
    """R7.2, R7.2a: no castle and no living general, but a soldier: still in; its last soldier's
    death eliminates it at once (coins to the bank, hand to the discard pile)."""
    s = bare()
    give_coins(s, 1, 6)
    give(s, 1, "cav.khien_go")
    s.roster[1].append("lucy")  # dead: not on the board
    anchor = next(u for u in s.units.values() if u.owner == 1)
    last = soldier(s, 1, "archer", (5, 6))
    cav = soldier(s, 0, "cavalry", (5, 5))
    del s.units[anchor.id]
    s.forget_legal_actions()
    assert not s.eliminated[1]
    attack(s, cav, last)
    assert s.eliminated[1] and s.coins[1] == 0 and s.bank == 30 and s.hands[1] == []
    assert any(c.startswith("cav.khien_go#") for c in s.discard) and 1 not in s.turns.order


def test_r3_4b_each_strike_of_a_multi_strike_cavalry_attack_splashes_on_its_own_kill() -> None:
    """R3.4b: Phán Quyết gives a cavalry +1 strike; each killing strike splashes along its own line."""
    s = bare()
    general(s, 0, "mask", (9, 9))
    cav = soldier(s, 0, "cavalry", (9, 8))
    first = soldier(s, 1, "archer", (9, 7))
    behind_first = soldier(s, 1, "archer", (9, 6))
    second = soldier(s, 2, "archer", (8, 8))
    behind_second = soldier(s, 3, "archer", (7, 8))
    play(s, UseSkill("mask.2"))
    if s.decision == "select":
        play(s, target(cav))
    pass_all(s)
    play(s, Attack(cav), target(first))
    pass_all(s)
    assert hp(s, first) == 0 and hp(s, behind_first) == 0
    assert s.decision == "target"
    play(s, target(second))
    pass_all(s)
    assert hp(s, second) == 0 and hp(s, behind_second) == 0 and s.units[cav].attacked


def test_r15_5_r15_2_the_standing_volcano_is_dug_from_next_to_it_and_the_warp_stays() -> None:
    """R15.5, R15.2: in a 4-player game the volcano holds one token under the warp point; a general
    next to the standing volcano digs it; the volcano still stands and still blocks."""
    s = GAME.new_game(players=4, seed=5, generals="random")
    while s.decision != "turn":
        s.apply(s.legal_actions()[0])
    seat = s.current_player
    assert seat is not None and s.volcano_up
    volcano = cell(s, (6, 6))
    assert len(s.mountains[volcano]) == 1
    digger = next(u for u in s.units.values() if u.owner == seat and u.general)
    s.units[digger.id] = attrs.evolve(digger, cell=cell(s, (5, 6)))
    s.forget_legal_actions()
    token = s.mountains[volcano][0]
    play(s, Dig(digger.id, acell(s, (6, 6))))
    assert volcano not in s.mountains and s.volcano_up and volcano in s.terrain
    assert token in s.units[digger.id].pieces or token in s.spent_tokens


def test_r12_1_r12_6_after_a_guard_the_later_steps_protect_the_guard_not_the_target() -> None:
    """R12.1, R12.6: the guard becomes the receiver (R12.1's term), so Lucy's Phân Ảnh (receiver: Lucy) no longer fits
    and an archer card cannot protect the infantry guard (R6.4); Khiên Ma Thuật (infantry) can."""
    s = bare()
    cav = soldier(s, 0, "cavalry", (5, 4))
    lucy = general(s, 1, "lucy", (5, 5))
    guard = soldier(s, 1, "infantry", (4, 5))
    give(s, 1, "arc.bom_khoi")
    give(s, 1, "inf.khien_ma_thuat")
    play(s, Attack(cav), target(lucy), Guard(guard))
    assert DefendSkill("lucy.1") not in s.legal_actions()
    pass_until(s, "defence_card")
    legal = s.legal_actions()
    assert DefendCard("arc.bom_khoi") not in legal and DefendCard("inf.khien_ma_thuat") in legal
    refused(s, DefendCard("arc.bom_khoi"), "R6.4")
    play(s, DefendCard("inf.khien_ma_thuat"))
    pass_all(s)
    assert hp(s, guard) == 1 and hp(s, lucy) == 3 and hp(s, cav) == 0


# ---------------------------------------------------------------------- refusals name the exact rule


def test_r8_4_r8_3_r2_2a_r2_3b_a_refused_move_names_the_rule_its_cell_breaks() -> None:
    """R8.4, R8.3, R2.2a, R2.3b: a move refused for its last cell names that cell's own rule, and nothing changes."""
    s = bare()
    est = general(s, 0, "est", (5, 5))
    general(s, 0, "kazu", (5, 6))
    refused(s, Move(est, acell(s, (5, 6))), "R8.4")
    inf = soldier(s, 0, "infantry", (7, 5))
    for _ in range(5):
        soldier(s, 0, "infantry", (7, 6))
    refused(s, Move(inf, acell(s, (7, 6))), "R8.3")
    s.volcano_up = True
    mountain(s, (6, 6))
    archer = soldier(s, 0, "archer", (6, 7))
    refused(s, Move(archer, acell(s, (6, 6))), "R2.2a")
    mountain(s, (3, 3))
    soldier(s, 0, "archer", (3, 3))
    climber = soldier(s, 0, "archer", (3, 4))
    refused(s, Move(climber, acell(s, (3, 3))), "R2.3b")


def test_r10_10_r11_3_a_move_onto_an_allys_cell_or_castle_or_an_own_unit_in_engage_names_its_rule() -> None:
    """R10.10: allies never share a cell nor enter each other's castles; R11.3: in Engage a unit never
    ends its move on its own unit."""
    s = bare(mode="alliance")
    mover = soldier(s, 0, "infantry", (5, 5))
    soldier(s, 2, "infantry", (5, 6))
    castle(s, 2, "archer", (4, 4))
    refused(s, Move(mover, acell(s, (5, 6))), "R10.10")
    refused(s, Move(mover, acell(s, (4, 4))), "R10.10")
    e = bare(players=2)
    e.tasks = [Task("turn", 0)]
    first = soldier(e, 0, "infantry", (1, 1))
    soldier(e, 0, "infantry", (1, 2))
    refused(e, Move(first, acell(e, (1, 2))), "R11.3")


def _lucy_hit_with_a_card_in_hand(status: str) -> tuple[DozenWarState, int]:
    """A cavalry attacks Lucy (who has ``status``); P2 holds a card, so the hit's window stays open at
    the defence-card step (DW-12.6); the state there and Lucy's id."""
    s = bare()
    cav = soldier(s, 0, "cavalry", (5, 6))
    lucy = general(s, 1, "lucy", (5, 7))
    with_status(s, lucy, status)
    give(s, 1, "inf.bua_chien")
    play(s, Attack(cav), target(lucy))
    assert s.decision == "defence_card" and s.current_player == 1
    return s, lucy


def test_r13_6_r5_2c_a_silenced_or_frozen_lucys_phan_anh_is_refused_naming_r13_6() -> None:
    """R13.6, R5.2c: no defence skill of a silenced general, nor for a frozen receiver; the refusal
    names R13.6 and changes nothing."""
    for status in ("silence", "freeze", "stun"):
        s, lucy = _lucy_hit_with_a_card_in_hand(status)
        refused(s, DefendSkill("lucy.1"), "R13.6")
        pass_all(s)
        assert hp(s, lucy) == 2


def test_r3_1d_r3_1a_r3_1b_a_refused_guard_names_why() -> None:
    """R3.1d: a stunned infantry does not guard; R3.1a: never itself; R3.1b: an infantry general
    guards soldiers only."""
    s = bare()
    archer = soldier(s, 0, "archer", (5, 2))
    lucy = general(s, 1, "lucy", (5, 5))
    stunned = soldier(s, 1, "infantry", (5, 6))
    kazu = general(s, 1, "kazu", (4, 5))
    soldier(s, 1, "infantry", (6, 5))
    with_status(s, stunned, "stun")
    play(s, Attack(archer), target(lucy))
    assert s.decision == "guard"
    refused(s, Guard(stunned), "R3.1d")
    refused(s, Guard(kazu), "R3.1b")
    t = bare()
    archer = soldier(t, 0, "archer", (5, 2))
    inf = soldier(t, 1, "infantry", (5, 5))
    soldier(t, 1, "infantry", (5, 6))
    play(t, Attack(archer), target(inf))
    assert t.decision == "guard"
    refused(t, Guard(inf), "R3.1a")


def test_r5_4a_a_defence_card_or_skill_against_a_counter_is_refused_naming_r5_4a() -> None:
    """R5.4a, R12.11: the attacker answers Dao Găm's counter with a guard only: its Bom Khói and
    Lucy's Phân Ảnh are refused naming R5.4a."""
    s = bare()
    lucy = general(s, 0, "lucy", (6, 6))
    soldier(s, 0, "infantry", (5, 6))
    foe = soldier(s, 1, "archer", (6, 9))
    give(s, 0, "arc.bom_khoi")
    give(s, 1, "arc.dao_gam")
    play(s, Attack(lucy), target(foe))
    pass_until(s, "defence_card")
    play(s, DefendCard("arc.dao_gam"))
    while s.decision == "necklace":
        play(s, Pass())
    assert s.decision == "guard" and s.current_player == 0
    refused(s, DefendCard("arc.bom_khoi"), "R5.4a")
    refused(s, DefendSkill("lucy.1"), "R5.4a")
    play(s, Pass())
    pass_all(s)
    assert hp(s, foe) == 0 and hp(s, lucy) == 2


def test_r13_6_a_rooted_general_uses_no_attack_icon_skill_a_frozen_one_only_a_buff() -> None:
    """R13.6: root forbids a general's attack-icon skills; freeze forbids attacks (a fist skill), not
    a buff; each refusal names R13.6 and changes nothing."""
    rooted = bare()
    soul = general(rooted, 0, "soul", (5, 5))
    with_status(rooted, soul, "root")
    refused(rooted, UseSkill("soul.1"), "R13.6")
    frozen = bare()
    kazu = general(frozen, 0, "kazu", (5, 5))
    foe = soldier(frozen, 1, "infantry", (5, 7))
    with_status(frozen, kazu, "freeze")
    refused(frozen, UseSkill("kazu.2"), "R13.6")
    buffed = bare()
    soul = general(buffed, 0, "soul", (5, 5))
    with_status(buffed, soul, "freeze")
    play(buffed, UseSkill("soul.1"))
    assert "soul.1" in buffed.marks[0] and hp(frozen, foe) == 2


def test_r5_2_r11_6_a_defence_skill_in_the_own_turn_and_a_second_use_in_engage_name_their_rules() -> None:
    """R5.2: a defence skill is never used in the own turn (even after the turn's attack skill);
    R11.6: in Engage a used skill stays used for the match."""
    s = bare()
    general(s, 0, "soul", (5, 5))
    general(s, 0, "lucy", (7, 7))
    play(s, UseSkill("soul.1"))
    pass_all(s)
    refused(s, UseSkill("lucy.1"), "R5.2")
    e = bare(players=2)
    e.tasks = [Task("turn", 0)]
    general(e, 0, "siri", (0, 0))
    general(e, 1, "lucy", (7, 7))
    play(e, UseSkill("siri.1"))
    pass_all(e)
    play(e, EndTurn(), EndTurn())
    refused(e, UseSkill("siri.1"), "R11.6")


def test_r10_11_r8_14_no_revival_in_the_allys_castle() -> None:
    """R10.11, R8.14: a dead general is never revived into the ally's castle; the refusal names R10.11."""
    s = bare(players=4, seat=0, round_=5, mode="alliance")
    give_coins(s, 0, 4)
    castle(s, 0, "infantry", (1, 6))
    castle(s, 2, "infantry", (6, 11))
    s.roster[0].append("est")
    start_turn(s)
    legal = s.legal_actions()
    assert s.decision == "revive"
    assert Revive("est", acell(s, (1, 6))) in legal and Revive("est", acell(s, (6, 11))) not in legal
    refused(s, Revive("est", acell(s, (6, 11))), "R10.11")


def test_r7_1_r15_10_moving_onto_a_loose_piece_for_the_fifth_wins_at_once() -> None:
    """R7.1, R7.1a, R15.10: a soldier stepping into a cell with a loose map piece makes its player
    hold five: the game ends at once (five_map_pieces)."""
    s = bare(round_=3)
    general(s, 0, "est", (0, 0), pieces=("map_piece_1", "map_piece_2", "map_piece_3", "map_piece_4"))
    inf = soldier(s, 0, "infantry", (5, 5))
    s.loose[cell(s, (5, 6))] = ["map_piece_5"]
    assert s.scores()[0]["map_pieces"] == 4
    play(s, Move(inf, acell(s, (5, 6))))
    assert s.outcome is not None and s.outcome.reason == "five_map_pieces" and s.outcome.winners == (0,)


def test_r2_3a_r13_7_phi_than_never_swaps_est_onto_a_mountain() -> None:
    """R2.3a, R13.3 swap_redirect: a swap must leave both cells legal, so Est never swaps with his
    soldier standing on a mountain; with a soldier on a plain cell the swap is offered."""
    s = bare()
    cav = soldier(s, 0, "cavalry", (5, 4))
    est = general(s, 1, "est", (5, 5))
    mountain(s, (5, 7))
    perched = soldier(s, 1, "archer", (5, 7))
    play(s, Attack(cav), target(est))
    assert DefendSkill("est.1") not in s.legal_actions()  # only Phục Thù is offered
    refused(s, DefendSkill("est.1"), "R13.5")
    t = bare()
    cav = soldier(t, 0, "cavalry", (5, 4))
    est = general(t, 1, "est", (5, 5))
    mountain(t, (5, 7))
    soldier(t, 1, "archer", (5, 7))
    plain = soldier(t, 1, "archer", (7, 7))
    play(t, Attack(cav), target(est))
    assert t.decision == "defence_skill"
    play(t, DefendSkill("est.1"))
    if t.decision == "select":
        assert target(perched) not in t.legal_actions()
        play(t, target(plain))
    pass_all(t)
    assert t.units[est].cell == cell(t, (7, 7)) and hp(t, plain) == 0 and hp(t, est) == 3


# ---------------------------------------------------------------------- rules no test named yet


def test_r0_2_a_player_may_draft_generals_of_one_class() -> None:
    """R0.2: factions are colour only: the first picker takes an infantry general in each of its
    free pick rounds (R7.5a), whatever the others do."""
    s = GAME.new_game(players=4, seed=1)
    while s.decision == "draft_ban":
        play(
            s,
            next(
                a for a in s.legal_actions() if isinstance(a, Ban) and GENERALS[a.general].cls != "infantry"
            ),
        )
    first = s.current_player
    assert first is not None
    while s.decision == "draft_pick" and len(s.roster[first]) < 2:
        wanted = s.current_player == first
        play(
            s,
            next(
                a
                for a in s.legal_actions()
                if isinstance(a, Draft) and (GENERALS[a.general].cls == "infantry") == wanted
            ),
        )
    assert len(s.roster[first]) == 2 and all(GENERALS[g].cls == "infantry" for g in s.roster[first])


def test_r2_13_r4_6_generals_hp_is_a_number_and_each_ultimate_is_slot_three() -> None:
    """R2.13: a general's HP is an integer 0-3; R4.6: the roster's classes and ultimates."""
    classes = {g: GENERALS[g].cls for g in GENERALS}
    assert classes == {
        "est": "infantry", "kazu": "infantry", "rodoc": "infantry",
        "mask": "cavalry", "soul": "cavalry", "siri": "cavalry",
        "raen": "archer", "xacnas": "archer", "lucy": "archer",
        "grim": "alchemist", "neuro": "alchemist", "ranus": "alchemist",
    }  # fmt: skip
    ultimates = {k.split(".")[0]: SKILLS[k].name_vi for k in SKILLS if SKILLS[k].ultimate}
    assert ultimates == {
        "est": "Ác Mộng Phía Đông", "kazu": "Xích Quỷ Kazu", "rodoc": "Hồi Sức", "mask": "Cán Cân Công Lý",
        "soul": "Thây Độc", "siri": "Ám Phong", "raen": "Hàn Tiễn", "xacnas": "Phân Bóng",
        "lucy": "Điên Cuồng", "grim": "Sao Chép", "neuro": "Thuốc Câm", "ranus": "Bùng Cháy",
    }  # fmt: skip
    assert all(k.endswith(".3") for k in SKILLS if SKILLS[k].ultimate)
    s = bare()
    lucy = general(s, 1, "lucy", (5, 5))
    cav = soldier(s, 0, "cavalry", (5, 4))
    attack(s, cav, lucy)
    assert isinstance(s.units[lucy].hp, int) and s.units[lucy].hp == 2


def test_r10_6_alliance_rounds_are_the_four_player_rounds() -> None:
    """R10.6, R9.2: in alliance mode round 2 gives each player a coin, a card per castle and a
    soldier per castle, then the event, as in the 4-player game."""
    s = GAME.new_game(players=4, seed=4, mode="alliance", generals="random")
    while s.round < 2 or s.decision != "turn":
        legal = s.legal_actions()
        s.apply(next((a for a in legal if isinstance(a, (EndTurn, Pass))), legal[0]))
    assert len(s.events_done) == 1
    assert sum(s.coins) + s.bank == 30 and all(0 <= c <= 3 for c in s.coins)
    assert all(len(hand) >= 1 for hand in s.hands)
    for keep in s.castles:
        inside = [u for u in s.units.values() if u.cell == keep.cell and not u.general]
        assert len(inside) >= 1 and all(u.cls == keep.type for u in inside)


def test_r15_7_r2_18_a_treasure_leaves_the_game_when_dug_and_never_moves() -> None:
    """R15.7, R2.18: a dug treasure acts once and is spent; the digger holds no token afterwards, so a
    kill steals nothing."""
    s = bare()
    est = general(s, 0, "est", (2, 6), hp=1)
    mountain(s, (3, 6), ["ruong_vang_mativen"])
    play(s, Dig(est, acell(s, (3, 6))))
    assert s.units[est].pieces == () and "ruong_vang_mativen" in s.spent_tokens and s.coins[0] == 2
    play(s, EndTurn())
    archer = soldier(s, 1, "archer", (2, 8))
    general(s, 1, "lucy", (9, 9))
    attack(s, archer, est)
    assert hp(s, est) == 0 and s.units[gid("lucy")].pieces == () and s.loose == {}


def test_r10_7a_a_reorder_that_breaks_the_alternation_is_refused_naming_r10_7a() -> None:
    """R10.7a: the leading team only picks which team starts; any other order is refused."""
    s = bare(players=4, seat=3, round_=3, mode="alliance")
    team_b = [seat for seat in range(4) if s.side_of[seat] == s.side_of[1]]
    general(s, team_b[0], "rodoc", (0, 8), pieces=("map_piece_1",))
    end_round(s)
    assert s.decision == "reorder"
    assert {a.order for a in s.legal_actions() if isinstance(a, Reorder)} == {(0, 1, 2, 3), (1, 2, 3, 0)}
    refused(s, Reorder((1, 0, 3, 2)), "R10.7a")


def test_r2_28_r2_9_three_players_eight_rounds_and_the_seventh_event_ends_the_game() -> None:
    """R2.9, R2.28, R9.6: the round marker runs 1 to 8; the 7th event is round 8's, and the game ends
    with scoring once round 8 is played."""
    s = GAME.new_game(players=3, seed=6, generals="random")
    seen = set()
    while s.outcome is None:
        seen.add(s.round)
        if s.round == 8 and s.decision == "turn":
            assert len(s.events_done) == 7 and s.events_done[-1] not in s.events
        legal = s.legal_actions()
        s.apply(next((a for a in legal if isinstance(a, (EndTurn, Pass))), legal[0]))
    assert seen == set(range(1, 9)) and s.outcome.reason == "score"


def test_r3_4i_r8_5_cavalry_has_no_bonus_against_archers_and_flags_mark_what_acted() -> None:
    """R3.4i: "cavalry counters archers" is flavour: a cavalry hit on an archer general deals its
    usual 1; R8.5: the unit's flags, not a turned piece, record that it attacked."""
    s = bare()
    cav = soldier(s, 0, "cavalry", (5, 4))
    raen = general(s, 1, "raen", (5, 5))
    attack(s, cav, raen)
    assert hp(s, raen) == 2
    flags = s.units[cav]
    assert flags.attacked and not flags.moved and not flags.dug and not flags.warped


def test_r10_8_r10_9_an_alliance_turn_has_the_free_for_all_actions_and_the_allys_support() -> None:
    """R10.8: the free-for-all actions; R10.9: the ally's infantry guards my soldier."""
    s = bare(players=4, seat=1, mode="alliance")
    mine = soldier(s, 0, "archer", (5, 5))
    ally_guard = soldier(s, 2, "infantry", (5, 6))
    attacker = soldier(s, 1, "infantry", (5, 4))
    legal = s.legal_actions()
    assert Attack(attacker) in legal and Move(attacker, acell(s, (4, 4))) in legal and EndTurn() in legal
    play(s, Attack(attacker), target(mine))
    assert s.decision == "guard" and s.current_player == 2
    play(s, Guard(ally_guard))
    pass_all(s)
    assert hp(s, mine) == 1 and hp(s, ally_guard) == 1


def test_r2_12_the_turn_order_the_crests_show_is_public() -> None:
    """R2.12: the crests only show the turn order: every seat's observation holds the same order."""
    s = GAME.new_game(players=4, seed=1, generals="random")
    orders = {tuple(s.observation(seat)["order"]) for seat in range(4)}
    assert orders == {tuple(s.turns.order)}


def test_c10_r2_2_han_tien_and_bung_chay_pass_units_but_not_mountains() -> None:
    """§18 C10, R2.2: S7's "through obstacles" means units only: Hàn Tiễn (ray, over units) reaches
    past a unit but not past a mountain; Bùng Cháy (radius 2) cannot reach a target on a ray behind a
    mountain."""
    s = bare()
    give_coins(s, 0, 4)
    general(s, 0, "raen", (5, 1))
    past_unit = soldier(s, 1, "archer", (5, 4))
    soldier(s, 2, "infantry", (5, 2))
    mountain(s, (3, 1))
    behind_mountain = soldier(s, 1, "archer", (2, 1))
    play(s, UseSkill("raen.3"))
    legal = s.legal_actions()
    assert target(past_unit) in legal and target(behind_mountain) not in legal
    refused(s, target(behind_mountain), "R2.1d")
    t = bare()
    give_coins(t, 0, 2)
    general(t, 0, "ranus", (8, 8))
    mountain(t, (8, 9))
    hidden = soldier(t, 1, "archer", (8, 10))
    beside = soldier(t, 1, "archer", (9, 10))
    play(t, UseSkill("ranus.3"))
    legal = t.legal_actions()
    assert target(beside) in legal and target(hidden) not in legal
