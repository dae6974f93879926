"""Rule cases of the audit (issue 11): rules of RULESET.md (and rulings DW-…) that no scenario
tested by name. Each test names its rule and fails if the engine departs from it."""

from __future__ import annotations

from games.dozen_war.dozen_war_helpers import (
    acell,
    attack,
    bare,
    castle,
    cell,
    defend,
    general,
    gid,
    give,
    hp,
    mountain,
    pass_all,
    play,
    refused,
    soldier,
    start_turn,
    target,
    with_status,
)
from tabletop.core import Rng
from tabletop.games.dozen_war import GAME
from tabletop.games.dozen_war.actions import (
    CASTLE_BASE,
    Attack,
    ChooseOption,
    DefendCard,
    DefendSkill,
    Dig,
    EndTurn,
    Guard,
    Move,
    Pass,
    PlayCard,
    Revive,
    UseSkill,
    Warp,
)
from tabletop.games.dozen_war.effects import run
from tabletop.games.dozen_war.model import Task
from tabletop.games.dozen_war.scoring import finish_by_score
from tabletop.games.dozen_war.state import DozenWarState
from tabletop.games.dozen_war.table import designs_in_hand, draw_cards


def test_dw_2_23_a_frozen_unit_does_not_warp() -> None:
    """Ruling DW-2.23 (R2.23, R13.6): freeze bars the warp as root does."""
    s = bare(round_=4)
    castle(s, 0, "infantry", (1, 6))
    soldier(s, 0, "cavalry", (6, 6))
    frozen = soldier(s, 0, "infantry", (1, 6))
    free = soldier(s, 0, "infantry", (1, 6))
    with_status(s, frozen, "freeze")
    refused(s, Warp(frozen), "R2.23")
    play(s, Warp(free))
    assert s.units[free].cell == cell(s, (6, 6))


def test_dw_2_23b_a_unit_that_moved_and_warped_gets_no_bonus_move() -> None:
    """Ruling DW-2.23b (R2.23 official over R8.1c authored): after moving and then warping a unit
    may only attack, and a move bonus given afterwards does not bring its move back."""
    s = bare(round_=4)
    castle(s, 0, "infantry", (1, 6))
    soldier(s, 0, "cavalry", (6, 6))
    inf = soldier(s, 0, "infantry", (2, 5))
    give(s, 0, "com.thuoc_tang_luc")
    play(s, Move(inf, acell(s, (1, 6))), Warp(inf))
    play(s, PlayCard("com.thuoc_tang_luc"))
    pass_all(s)
    if s.decision == "select":
        play(s, target(inf))
    assert s.units[inf].cell == cell(s, (6, 6)) and s.units[inf].extra_move == 0
    assert not any(isinstance(a, Move) and a.unit == inf for a in s.legal_actions())
    refused(s, Move(inf, acell(s, (6, 5))), "R2.23")


def test_dw_2_23b_a_warped_unit_that_has_not_moved_moves_with_its_bonus() -> None:
    """R2.21: a unit that warped without moving still moves, a bonus given first included."""
    s = bare(round_=4)
    castle(s, 0, "infantry", (1, 6))
    soldier(s, 0, "cavalry", (6, 6))
    inf = soldier(s, 0, "infantry", (1, 6))
    give(s, 0, "com.thuoc_tang_luc")
    play(s, Warp(inf), PlayCard("com.thuoc_tang_luc"))
    pass_all(s)
    if s.decision == "select":
        play(s, target(inf))
    assert s.units[inf].buff_move == 1
    assert Move(inf, acell(s, (6, 4))) in s.legal_actions()  # infantry 1 + bonus 1


def test_dw_7_5a_the_drafts_bans_are_public() -> None:
    """Ruling DW-7.5a (R7.5a): every seat sees the bans, and determinize keeps them."""
    s = GAME.new_game(players=4, seed=3)
    while s.decision == "draft_ban":
        s.apply(s.legal_actions()[0])
    assert len(s.banned) == 4
    for seat in range(4):
        assert s.observation(seat)["banned"] == s.banned
        assert s.determinize(seat, 1).banned == s.banned


def test_r2_19a_the_volcanos_token_is_dug_on_or_next_to_the_warp_cell() -> None:
    """R2.19, R2.19a, R15.5: once the volcano is gone its token stays on the warp cell, dug by a
    general standing on it or next to it."""
    s = bare(round_=4)
    warp = (6, 6)
    s.mountains[cell(s, warp)] = ["ruong_vang_mativen"]
    est = general(s, 0, "est", warp)
    kazu = general(s, 0, "kazu", (5, 5))
    rodoc = general(s, 0, "rodoc", (4, 4))
    assert Dig(est, acell(s, warp)) in s.legal_actions()
    assert Dig(kazu, acell(s, warp)) in s.legal_actions()
    refused(s, Dig(rodoc, acell(s, warp)), "R8.10")
    play(s, Dig(kazu, acell(s, warp)))
    assert s.coins[0] == 2 and cell(s, warp) not in s.mountains


def test_r8_14a_a_revived_general_keeps_its_skill_marks() -> None:
    """R8.14, R8.14a: a revived general returns at full HP, may act, but its skills marked this
    round stay marked."""
    s = bare(seat=0, round_=5)
    castle(s, 0, "infantry", (1, 6))
    s.roster[0].append("soul")
    s.marks[0].append("soul.1")
    s.coins[0], s.bank = 4, s.bank - 4
    start_turn(s)
    play(s, Revive("soul", acell(s, (1, 6))))
    soul = s.units[gid("soul")]
    assert soul.hp == 3 and s.coins[0] == 0 and not soul.moved
    assert UseSkill("soul.1") not in s.legal_actions()
    refused(s, UseSkill("soul.1"), "R5.2a")


def test_r3_2c_a_guarding_general_that_dies_is_the_attackers_kill() -> None:
    """R3.1b, R3.2, R3.2c, R12.9: an infantry general at 1 HP guards a soldier and dies; the
    attacker gains the skull, the coin and its map piece."""
    s = bare()
    est = general(s, 1, "est", (5, 6), hp=1, pieces=("map_piece_1",))
    guarded = soldier(s, 1, "archer", (5, 5))
    general(s, 0, "kazu", (9, 9))
    attacker = soldier(s, 0, "infantry", (5, 4))
    play(s, Attack(attacker), target(guarded), Guard(est))
    pass_all(s)
    assert hp(s, est) == 0 and hp(s, guarded) == 1
    assert s.skulls[0] == 1 and s.coins[0] == 1 and s.units[gid("kazu")].pieces == ("map_piece_1",)


def _cavalry_kills_before_a_mountain(behind: tuple[int, int]) -> tuple[int, int]:
    """P1 cavalry (6,6) kills a P2 archer at (6,7); mountain (6,8); a P3 infantry at ``behind``.
    The infantry's HP afterwards and the archer's."""
    s = bare()
    mountain(s, (6, 8))
    cav = soldier(s, 0, "cavalry", (6, 6))
    first = soldier(s, 1, "archer", (6, 7))
    other = soldier(s, 2, "infantry", behind)
    attack(s, cav, first)
    return hp(s, other), hp(s, first)


def test_r3_4d_splash_onto_a_mountain_takes_only_the_soldier_on_it() -> None:
    """R3.4d step 3: the next cell is a mountain: the enemy soldier on it takes the splash; a
    bare mountain stops the splash."""
    assert _cavalry_kills_before_a_mountain((6, 8)) == (1, 0)
    assert _cavalry_kills_before_a_mountain((6, 9)) == (2, 0)


def test_r3_1d_a_stunned_infantry_does_not_guard() -> None:
    """R3.1d, R13.6: a guard must be able to act: a stunned infantry is not offered."""
    s = bare()
    victim = soldier(s, 1, "archer", (5, 5))
    stunned = soldier(s, 1, "infantry", (5, 6))
    attacker = soldier(s, 0, "infantry", (5, 4))
    with_status(s, stunned, "stun")
    play(s, Attack(attacker), target(victim))
    assert s.decision != "guard"
    pass_all(s)
    assert hp(s, victim) == 0 and hp(s, stunned) == 2


def test_r11_6_engage_one_defence_card_per_opponent_turn() -> None:
    """R11.6: in the opponent's turn a player uses at most one defence card in total."""
    s = bare(players=2, seat=0)
    general(s, 0, "est", (7, 7))
    general(s, 1, "kazu", (0, 0))
    a1 = soldier(s, 0, "cavalry", (3, 2))
    a2 = soldier(s, 0, "cavalry", (3, 5))
    c1 = soldier(s, 1, "cavalry", (3, 3))
    c2 = soldier(s, 1, "cavalry", (3, 6))
    give(s, 1, "cav.khien_go")
    give(s, 1, "cav.khien_go")
    defend(s, a1, c1, DefendCard("cav.khien_go"))
    assert hp(s, c1) == 1
    play(s, Attack(a2), target(c2))
    assert s.decision == "turn"  # no window step left for P2: its card of the turn is spent
    assert hp(s, c2) == 0 and len(s.hands[1]) == 1


def test_r10_10_allies_never_share_or_cross_a_cell_or_a_castle() -> None:
    """R10.10, R2.8b, R8.3a: a unit may not enter or pass its ally's cell or castle."""
    s = bare(players=4, seat=0, mode="alliance")
    assert s.side_of[0] == s.side_of[2]
    cav = soldier(s, 0, "cavalry", (6, 2))
    soldier(s, 2, "infantry", (6, 3))
    castle(s, 2, "archer", (5, 3))
    soldier(s, 2, "infantry", (7, 3))
    legal = s.legal_actions()
    for rc in ((6, 3), (5, 3), (7, 3), (6, 4)):
        assert Move(cav, acell(s, rc)) not in legal
    assert Move(cav, acell(s, (4, 4))) in legal  # around the allied wall


def test_r6_7_an_empty_deck_reshuffles_the_discard_pile() -> None:
    """R6.7: a draw from an empty deck shuffles the discard pile into a new deck; with both
    empty the draw gives nothing."""
    s = bare()
    s.discard = s.deck[:3]
    s.deck = []
    draw_cards(s, 0, 2)
    assert len(s.hands[0]) == 2 and len(s.deck) == 1 and s.discard == []
    draw_cards(s, 0, 3)
    assert len(s.hands[0]) == 3 and s.deck == [] and s.discard == []


def test_r8_12_statuses_of_the_turn_expire_and_a_stun_lasts_the_owners_next_turn() -> None:
    """R8.12, R13.6: Khóa Xích's stun lasts until the end of the target owner's next turn."""
    s = bare(players=2, seat=0)
    kazu = general(s, 0, "kazu", (3, 3))
    foe = general(s, 1, "lucy", (3, 5))
    s.tasks = [Task("turn", 0)]
    s.forget_legal_actions()
    play(s, UseSkill("kazu.2"), target(foe))
    pass_all(s)
    assert hp(s, foe) == 1 and s.units[foe].has("stun")
    play(s, EndTurn())
    assert s.current_player == 1 and s.units[foe].has("stun")
    assert not any(isinstance(a, (Move, Attack)) and a.unit == foe for a in s.legal_actions())
    play(s, EndTurn())
    assert not s.units[foe].has("stun") and s.units[kazu].hp == 3


def _start_round(s: DozenWarState) -> None:
    s.tasks = [Task("round_start")]
    s.events = []  # no event card: only the income is looked at
    s.forget_legal_actions()
    run(s)


def test_r9_2_income_per_standing_castle_and_a_full_castle_loses_its_soldier() -> None:
    """R9.2, R2.7, R9.9, R9.10, R2.8g: from round 2 each player takes 1 coin, 1 card per
    standing castle and 1 soldier into each standing castle, lost when it holds 5; a destroyed
    castle gives nothing. Round 1 has no income (R9.1)."""
    s = bare(round_=2)
    full = castle(s, 0, "infantry", (1, 6))
    for _ in range(5):
        soldier(s, 0, "infantry", (1, 6))
    castle(s, 0, "cavalry", (0, 5), hp=1)
    castle(s, 0, "archer", (0, 7), hp=0)
    _start_round(s)
    assert s.coins == [1, 1, 1, 1] and [len(h) for h in s.hands] == [2, 0, 0, 0]
    full_cell = s.castles[full - CASTLE_BASE].cell
    assert sum(1 for u in s.units.values() if u.cell == full_cell) == 5
    assert [u.cls for u in s.units.values() if u.cell == cell(s, (0, 5))] == ["cavalry"]
    assert not any(u.cell == cell(s, (0, 7)) for u in s.units.values())
    first = bare(round_=1)
    castle(first, 0, "cavalry", (0, 5))
    _start_round(first)
    assert first.coins == [0, 0, 0, 0] and first.hands[0] == []
    assert not any(u.cell == cell(first, (0, 5)) for u in first.units.values())


def test_r16_4_alliance_scores_sum_the_members_still_in_the_game() -> None:
    """R10.2, R10.12, R16.4: a team's score is the sum of its non-eliminated members'; an
    eliminated member's skulls do not count and it is not among the winners."""
    s = bare(round_=8, mode="alliance")
    assert s.side_of == [0, 1, 0, 1]
    s.skulls = [3, 2, 5, 2]
    s.eliminated[2] = True
    finish_by_score(s)
    assert s.outcome is not None and s.outcome.winners == (1, 3) and s.outcome.reason == "score"


def test_r7_1a_the_fifth_piece_dug_wins_at_once_even_in_round_one() -> None:
    """R7.1, R7.1a, R15.4: a dig that brings a player to 5 map pieces ends the game at once."""
    s = bare(round_=1)
    est = general(s, 0, "est", (2, 6), pieces=("map_piece_1", "map_piece_2"))
    general(s, 0, "kazu", (8, 8), pieces=("map_piece_3", "map_piece_4"))
    mountain(s, (3, 6), ["map_piece_5"])
    play(s, Dig(est, acell(s, (3, 6))))
    assert s.outcome is not None and s.outcome.winners == (0,) and s.outcome.reason == "five_map_pieces"


def test_r2_20_the_warp_is_not_shared_and_control_ends_when_the_last_unit_leaves() -> None:
    """WE-09's last lines (R2.20, R10.10): while P1 holds the warp cell its ally may neither warp
    nor enter it; when P1's last unit leaves, P1 can warp no more."""
    s = bare(players=4, seat=2, round_=4, mode="alliance")
    castle(s, 2, "infantry", (6, 11))
    waiting = soldier(s, 2, "infantry", (6, 11))
    beside = soldier(s, 2, "infantry", (6, 7))
    soldier(s, 0, "infantry", (6, 6))  # P1, the ally, holds the warp
    legal = s.legal_actions()
    assert Warp(waiting) not in legal and Move(beside, acell(s, (6, 6))) not in legal
    mine = bare(round_=4)
    castle(mine, 0, "infantry", (1, 6))
    later = soldier(mine, 0, "infantry", (1, 6))
    holder = soldier(mine, 0, "infantry", (6, 6))
    assert Warp(later) in mine.legal_actions()
    play(mine, Move(holder, acell(mine, (5, 6))))
    refused(mine, Warp(later), "R2.20")


def test_r10_9ab_the_ally_guards_and_defends_after_the_receivers_owner() -> None:
    """R10.9a, R10.9b, R12.6: the ally's infantry may guard; at the card step the receiver's
    owner decides first, then the ally; one card per hit for the whole team."""
    s = bare(players=4, seat=1, mode="alliance")
    victim = soldier(s, 0, "infantry", (5, 5))
    ally_guard = soldier(s, 2, "infantry", (5, 6))
    attacker = soldier(s, 1, "infantry", (5, 4))
    give(s, 0, "inf.bua_chien")  # the owner holds a card it cannot use here
    give(s, 2, "com.quyen_truong_phep_thuat")
    play(s, Attack(attacker), target(victim))
    assert s.decision == "guard" and s.current_player == 2
    play(s, Pass())
    assert s.decision == "defence_card" and s.current_player == 0
    play(s, Pass())
    assert s.decision == "defence_card" and s.current_player == 2
    play(s, DefendCard("com.quyen_truong_phep_thuat"))
    pass_all(s)
    assert hp(s, victim) == 2 and hp(s, ally_guard) == 2 and s.decision == "turn"


def test_r10_9c_allies_swap_one_card_for_one_when_equipment_is_dealt() -> None:
    """R10.9c, R9.0 step 4: the member earlier in turn order offers a card, the partner gives
    one back; the other team may pass (nothing changes)."""
    s = bare(players=4, round_=3, mode="alliance")
    for seat, design in ((0, "inf.bua_chien"), (2, "arc.no_sat"), (1, "cav.dai_dao"), (3, "cav.khien_go")):
        give(s, seat, design)
    s.tasks = [Task("round_start")]
    s.events = []
    run(s)
    assert s.decision == "card_swap_offer" and s.current_player == 0
    play(s, ChooseOption("inf.bua_chien"))
    assert s.decision == "card_swap_answer" and s.current_player == 2
    assert s.observation(1)["agenda"][-1]["data"].get("offer") is None  # hidden from the enemies
    play(s, ChooseOption("arc.no_sat"))
    assert designs_in_hand(s, 0) == ["arc.no_sat"] and designs_in_hand(s, 2) == ["inf.bua_chien"]
    assert s.decision == "card_swap_offer" and s.current_player == 1
    play(s, Pass())
    assert designs_in_hand(s, 1) == ["cav.dai_dao"] and s.decision == "turn"


def test_r2_2a_the_standing_volcano_blocks_lines_and_nobody_climbs_it() -> None:
    """R2.2, R2.2a: until round 4 the volcano is a mountain: it stops an archer's shot and no
    unit, not even a climbing soldier, ends a move on it."""
    s = bare(round_=3)
    mountain(s, (6, 6))
    s.volcano_up = True
    archer = soldier(s, 0, "archer", (6, 4))
    climber = soldier(s, 0, "infantry", (6, 5))
    foe = soldier(s, 1, "infantry", (6, 7))
    legal = s.legal_actions()
    assert Move(climber, acell(s, (6, 6))) not in legal and Attack(archer) not in legal
    assert Move(climber, acell(s, (5, 6))) in legal and hp(s, foe) == 2


def test_r2_1d_a_radius_skill_does_not_reach_behind_a_mountain_on_a_ray() -> None:
    """R2.1d (radius effects), R2.2: Bùng Cháy needs no line, but a target straight behind a
    mountain is out of reach; one off every ray is not."""
    s = bare()
    general(s, 0, "ranus", (5, 5))
    mountain(s, (5, 6))
    hidden = soldier(s, 1, "archer", (5, 7))
    knight_move = soldier(s, 1, "archer", (6, 7))
    s.coins[0], s.bank = 2, s.bank - 2
    s.forget_legal_actions()
    play(s, UseSkill("ranus.3"))
    legal = s.legal_actions()
    assert target(knight_move) in legal and target(hidden) not in legal


def test_dw_15_8_a_thief_with_no_unit_leaves_the_piece_where_the_general_died() -> None:
    """R12.14, R15.8 and ruling DW-15.8: Thích Khách kills a general for a player with no unit
    on the board (a castle keeps it in the game): the skull and coin are its, the stolen piece
    lies loose where the general died and counts for whoever stands there."""
    s = bare()
    for uid in [u.id for u in s.units.values() if u.owner == 0]:
        del s.units[uid]
    castle(s, 0, "archer", (0, 7))
    foe = general(s, 2, "lucy", (5, 5), hp=1, pieces=("map_piece_1",))
    soldier(s, 2, "infantry", (5, 5))
    give(s, 0, "com.thich_khach")
    play(s, PlayCard("com.thich_khach"))
    pass_all(s)
    play(s, target(foe))
    pass_all(s)
    assert hp(s, foe) == 0 and s.skulls[0] == 1 and s.coins[0] == 1
    assert s.loose == {cell(s, (5, 5)): ["map_piece_1"]} and s.scores()[2]["map_pieces"] == 1


def test_r8_3a_a_general_never_passes_a_cell_holding_a_general() -> None:
    """R8.3a, R8.4: a cavalry general may not pass through a cell holding its own other
    general; a soldier may."""
    s = bare()
    siri = general(s, 0, "siri", (6, 2))
    general(s, 0, "est", (6, 3))
    for rc in ((5, 2), (7, 2), (5, 3), (7, 3)):
        mountain(s, rc)
    cav = soldier(s, 0, "cavalry", (6, 1))
    legal = s.legal_actions()
    assert Move(siri, acell(s, (6, 4))) not in legal
    assert Move(cav, acell(s, (6, 4))) in legal


def test_r2_3b_one_soldier_per_mountain_and_it_may_step_onto_the_next_mountain() -> None:
    """R2.3a, R2.3b: a mountain holds one soldier of any player; a soldier on a mountain may
    step straight onto a neighbouring free mountain."""
    s = bare()
    mountain(s, (4, 4))
    mountain(s, (4, 5))
    mountain(s, (4, 6))
    up = soldier(s, 0, "archer", (4, 5))
    soldier(s, 1, "infantry", (4, 6))
    below = soldier(s, 0, "infantry", (5, 5))
    legal = s.legal_actions()
    assert Move(up, acell(s, (4, 4))) in legal and Move(up, acell(s, (4, 6))) not in legal
    assert Move(below, acell(s, (4, 5))) not in legal and Move(below, acell(s, (4, 4))) in legal


def test_r10_9d_khien_rong_cancels_a_hit_on_the_allys_soldier_next_to_kazu() -> None:
    """R10.9a, R10.9b, R10.9d: Kazu may guard the ally's soldier next to him (R3.1b), and his
    Khiên Rồng treats that soldier as one of "your" soldiers."""
    s = bare(players=4, seat=1, mode="alliance")
    archer = soldier(s, 0, "archer", (5, 5))
    general(s, 2, "kazu", (5, 6))
    attacker = soldier(s, 1, "infantry", (5, 4))
    play(s, Attack(attacker), target(archer))
    assert s.decision == "guard" and s.current_player == 2
    play(s, Pass())
    assert s.decision == "defence_skill" and s.current_player == 2
    play(s, DefendSkill("kazu.1"))
    pass_all(s)
    assert hp(s, archer) == 1 and "kazu.1" in s.marks[2]


def test_r16_5_engage_has_no_score_even_after_a_kill() -> None:
    # Seed 4 of random Engage play ends with P1 killing P2's general: a skull in the state.
    state = GAME.new_game(players=2, seed=4)
    rng = Rng.from_seed(4)
    while not state.is_terminal:
        state.apply(rng.choice(state.legal_actions()))
    assert state.outcome is not None and state.outcome.reason == "engage_general_killed"
    assert state.outcome.winners == (0,) and state.skulls == [1, 0]
    assert [sheet["total"] for sheet in state.scores()] == [0, 0]
    assert [sheet["skulls"] for sheet in state.scores()] == [0, 0]
    assert state.outcome.scores == (0, 0)
    # Other modes still score the skull (R16.2).
    ffa = GAME.new_game(players=3, seed=4)
    ffa.skulls[1] = 2
    assert ffa.scores()[1]["skulls"] == 2 and ffa.scores()[1]["total"] >= 2
