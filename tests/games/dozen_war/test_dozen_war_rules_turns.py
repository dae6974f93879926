"""RULESET.md rule by rule: turn actions (§8) and the round structure (§9). Each test names the rule
it states; the worked examples of §17 are in test_dozen_war_examples.py."""

from __future__ import annotations

import attrs

from games.dozen_war.dozen_war_helpers import (
    acell,
    bare,
    castle,
    cell,
    eliminate,
    end_round,
    general,
    give,
    hp,
    mountain,
    pass_until,
    play,
    refused,
    soldier,
    start_turn,
    target,
    with_status,
)
from tabletop.core import Action
from tabletop.games.dozen_war import GAME
from tabletop.games.dozen_war.actions import (
    Attack,
    DefendCard,
    Discard,
    Done,
    EndTurn,
    Guard,
    HandOver,
    Move,
    Pass,
    Reorder,
    Revive,
    UseSkill,
)
from tabletop.games.dozen_war.board import spec_of
from tabletop.games.dozen_war.state import DozenWarState

#: Events that change no coin, card or soldier count, so the round's income can be read exactly.
_QUIET_EVENTS = ("E11", "E12", "E13", "E05", "E11", "E12", "E13")


def _idle(state: DozenWarState) -> Action:
    """The do-nothing choice: end the turn, pass, or the first discard or event choice."""
    legal = state.legal_actions()
    for kind in (EndTurn, Pass, Discard):
        for action in legal:
            if isinstance(action, kind):
                return action
    return legal[0]


def _quiet_game(players: int = 4) -> DozenWarState:
    """A new free-for-all game at its first turn, its event deck topped with the quiet events."""
    s = GAME.new_game(players=players, seed=3, generals="random")
    while s.decision != "turn":
        s.apply(s.legal_actions()[0])
    quiet = []
    for design in _QUIET_EVENTS:
        copy = next(c for c in s.events if c.startswith(design + "#") and c not in quiet)
        quiet.append(copy)
    s.events = [c for c in s.events if c not in quiet] + quiet[::-1]  # drawn from the end
    s.forget_legal_actions()
    return s


def _to_round(s: DozenWarState, round_: int) -> None:
    """Idle until the first turn of ``round_``."""
    while not (s.round == round_ and s.decision == "turn") and s.outcome is None:
        s.apply(_idle(s))


# ---------------------------------------------------------------------- §8 turn actions


def test_r8_0_actions_in_any_order_and_a_wrong_kind_of_action_names_r8_0() -> None:
    """R8.0: actions in any order and a wrong kind of action names r8 0."""
    s = bare()
    inf = soldier(s, 0, "infantry", (5, 5))
    archer = soldier(s, 0, "archer", (5, 2))
    foe = soldier(s, 1, "infantry", (5, 6))
    play(s, Attack(inf), target(foe))  # attack with one unit, then move another
    play(s, Move(archer, acell(s, (4, 2))))
    assert hp(s, foe) == 1 and s.units[archer].cell == cell(s, (4, 2))
    refused(s, Guard(inf), "R8.0")
    refused(s, Done(), "R8.0")


def test_r8_0a_turn_flags_reset_at_the_start_of_every_turn() -> None:
    """R8.0a: turn flags reset at the start of every turn."""
    s = _quiet_game()
    first = s.current_player
    assert first is not None
    mover = next(u for u in s.units.values() if u.owner == first and u.cls == "cavalry" and not u.general)
    to = next(a for a in s.legal_actions() if isinstance(a, Move) and a.unit == mover.id)
    play(s, to, EndTurn())
    assert s.current_player != first and s.decision == "turn"
    moved = s.units[mover.id]
    assert not (moved.moved or moved.attacked or moved.dug or moved.warped or moved.guarded)


def test_r8_1_r8_1b_one_move_per_unit_and_a_stack_moves_one_unit_at_a_time() -> None:
    """R8.1, R8.1b: one move per unit and a stack moves one unit at a time."""
    s = bare()
    a = soldier(s, 0, "infantry", (5, 5))
    b = soldier(s, 0, "infantry", (5, 5))
    play(s, Move(a, acell(s, (4, 5))))
    assert s.units[b].cell == cell(s, (5, 5)) and Move(b, acell(s, (6, 5))) in s.legal_actions()
    refused(s, Move(a, acell(s, (3, 5))), "R8.1")


def test_r8_1c_a_stunned_or_rooted_unit_cannot_move() -> None:
    """R8.1c: a stunned or rooted unit cannot move."""
    for status in ("stun", "root"):
        s = bare()
        cav = soldier(s, 0, "cavalry", (5, 5))
        with_status(s, cav, status)
        assert not any(isinstance(a, Move) and a.unit == cav for a in s.legal_actions())
        refused(s, Move(cav, acell(s, (5, 6))), "R13.6")


def test_r8_2_nobody_passes_a_cell_holding_only_an_enemy_general() -> None:
    """R8.2: nobody passes a cell holding only an enemy general."""
    s = bare()
    cav = soldier(s, 0, "cavalry", (5, 1))
    general(s, 1, "est", (5, 2))
    for rc in ((4, 2), (6, 2), (4, 1), (6, 1), (4, 0), (6, 0)):
        soldier(s, 1, "archer", rc)
    # Every way out of (5,1) but (5,0) runs through a cell holding an enemy unit.
    assert [a for a in s.legal_actions() if isinstance(a, Move) and a.unit == cav] == [
        Move(cav, acell(s, (5, 0)))
    ]
    refused(s, Move(cav, acell(s, (5, 3))), "R8")
    refused(s, Move(cav, acell(s, (5, 2))), "R8.2")


def test_r8_3_a_full_cell_takes_no_soldier_but_a_general_may_stop_there() -> None:
    """R8.3: a full cell takes no soldier but a general may stop there."""
    s = bare()
    for _ in range(5):
        soldier(s, 0, "infantry", (5, 5))
    inf = soldier(s, 0, "infantry", (5, 4))
    est = general(s, 0, "est", (4, 4))
    legal = s.legal_actions()
    assert Move(inf, acell(s, (5, 5))) not in legal and Move(est, acell(s, (5, 5))) in legal
    refused(s, Move(inf, acell(s, (5, 5))), "R8")


def test_r8_4_two_generals_never_share_a_cell() -> None:
    """R8.4; R4.5: at most one general per cell."""
    s = bare()
    general(s, 0, "est", (5, 5))
    kazu = general(s, 0, "kazu", (5, 4))
    assert Move(kazu, acell(s, (5, 5))) not in s.legal_actions()
    refused(s, Move(kazu, acell(s, (5, 5))), "R8")


def test_r8_9_an_infantry_guards_the_enemys_counter() -> None:
    """R8.9: an infantry guards the enemys counter."""
    s = bare()
    archer = soldier(s, 0, "archer", (6, 5))
    guard = soldier(s, 0, "infantry", (6, 4))
    cav = soldier(s, 1, "cavalry", (6, 6))
    give(s, 1, "cav.kiem_mot_tay")
    play(s, Attack(archer), target(cav))
    pass_until(s, "defence_card")
    play(s, DefendCard("cav.kiem_mot_tay"))
    pass_until(s, "guard")
    assert s.current_player == 0
    play(s, Guard(guard))
    assert hp(s, cav) == 0 and hp(s, archer) == 1 and hp(s, guard) == 1


def test_r8_9a_r5_3a_a_buff_skill_spends_neither_the_generals_move_nor_its_attack() -> None:
    """R8.9a, R5.3a: a buff skill spends neither the generals move nor its attack."""
    s = bare()
    rodoc = general(s, 0, "rodoc", (5, 5))
    inf = soldier(s, 0, "infantry", (4, 4))
    foe = soldier(s, 1, "archer", (5, 9))
    play(s, UseSkill("rodoc.1"), target(inf), target(rodoc))
    assert s.decision == "turn" and not s.units[rodoc].moved and not s.units[rodoc].attacked
    play(s, Move(rodoc, acell(s, (5, 8))), Attack(rodoc), target(foe))
    assert hp(s, foe) == 0


def test_r8_12_r6_6_the_hand_limit_applies_at_the_end_of_the_own_turn_only() -> None:
    """R8.12, R6.6: the hand limit applies at the end of the own turn only."""
    s = bare()
    for design in (
        "cav.dai_dao",
        "cav.khien_go",
        "arc.no_sat",
        "arc.bom_khoi",
        "inf.bua_chien",
        "inf.song_kiem",
    ):
        give(s, 0, design)
        give(s, 1, design)
    give(s, 0, "com.binh_mau")
    give(s, 1, "com.binh_mau")
    play(s, EndTurn())
    assert s.decision == "discard" and s.current_player == 0 and len(s.hands[1]) == 7
    play(s, Discard("com.binh_mau"))
    assert (
        len(s.hands[0]) == 6
        and s.decision == "turn"
        and s.current_player == 1
        and "com.binh_mau#1" in s.discard
    )


def test_r8_16_the_setup_decisions_are_named_as_the_ruleset_lists() -> None:
    """R8.16: the setup decisions are named as the ruleset lists."""
    names: set[str] = set()
    s = GAME.new_game(players=3, seed=1, generals="draft")
    while s.decision != "turn":
        names.add(s.decision)
        s.apply(s.legal_actions()[0])
    assert names == {"draft_ban", "draft_pick", "deploy_generals", "place_start_piece"}
    e = GAME.new_game(players=2, seed=1)
    names = set()
    while e.decision != "turn":
        names.add(e.decision)
        e.apply(e.legal_actions()[0])
    assert "engage_deploy" in names and names <= {"engage_pick", "engage_army", "engage_deploy"}


# ---------------------------------------------------------------------- §9 the round


def test_r9_1_round_one_has_no_income_and_no_event() -> None:
    """R9.1: round one has no income and no event."""
    s = _quiet_game()
    assert s.round == 1 and s.coins == [0, 0, 0, 0] and s.bank == 30
    assert all(h == [] for h in s.hands) and s.events_done == []
    soldiers = [u for u in s.units.values() if not u.general]
    assert len(soldiers) == 12 and len([u for u in s.units.values() if u.general]) == 12


def test_r9_2_to_r9_10_income_events_and_the_warp_round_by_round() -> None:
    """R9.2-R9.10 (R9.3 and R9.5: rounds 3 and 5-7 repeat round 2)."""
    s = _quiet_game()
    for round_ in range(2, 9):
        _to_round(s, round_)
        assert s.coins == [round_ - 1] * 4 and s.bank == 30 - 4 * (round_ - 1)  # R2.4, R9.8
        assert len(s.events_done) == round_ - 1  # R2.25, R9.7: one event a round from round 2
        assert s.volcano_up == (round_ < 4)  # R9.4: the warp opens at the start of round 4
        first = s.current_player
        assert first is not None
        # R9.9: 3 cards a round, and the hand limit (R6.6) cut it to 6 at the end of each turn.
        assert len(s.hands[first]) == min(3 * (round_ - 1), 6 + 3)
        # R9.10, R2.8g: one soldier a round into each castle, lost beyond 5.
        for keep in s.castles:
            inside = [u for u in s.units.values() if u.cell == keep.cell and not u.general]
            assert len(inside) == min(round_, 5) and all(u.cls == keep.type for u in inside)
    while s.outcome is None:
        s.apply(_idle(s))
    assert s.round == 8 and len(s.events_done) == 7 and s.outcome.reason == "score"  # R9.6, R2.28


def test_r9_7_r2_26_the_event_comes_after_income_and_each_player_rolls() -> None:
    """R9.7, R2.26: the event comes after income and each player rolls."""
    s = _quiet_game()
    _to_round(s, 1)
    tax = next(c for c in s.events if c.startswith("E01#"))
    s.events.remove(tax)
    s.events.append(tax)
    while s.round == 1 or s.decision != "turn":
        s.apply(_idle(s))
    # Everyone got a coin first; then E01 took it back (low) or paid one more (high).
    assert s.events_done[-1].startswith("E01") and all(c in (0, 2) for c in s.coins)
    assert sum(s.coins) + s.bank == 30


def test_r9_11_the_lead_ends_on_a_tie_and_a_retaken_lead_reorders_again() -> None:
    """R9.11: the lead ends on a tie and a retaken lead reorders again."""
    s = bare(round_=5)
    s.leader = 2
    p1 = general(s, 0, "est", (0, 0), pieces=("map_piece_1", "map_piece_2"))
    general(s, 2, "rodoc", (0, 8), pieces=("map_piece_3", "map_piece_4"))
    end_round(s)
    assert s.decision != "reorder" and s.leader is None and s.turns.order == [0, 1, 2, 3]
    s.units[p1] = attrs.evolve(s.units[p1], pieces=("map_piece_1", "map_piece_2", "map_piece_5"))
    end_round(s)
    assert s.decision == "reorder" and s.current_player == 0


def test_r9_6_r16_1_the_game_ends_with_scoring_after_round_eights_last_turn() -> None:
    """R9.6, R16.1: the game ends with scoring after round eights last turn."""
    s = bare(round_=8, seat=3)
    general(s, 0, "est", (0, 0), pieces=("map_piece_1",))
    play(s, EndTurn())
    assert s.outcome is not None and s.outcome.reason == "score" and s.outcome.winners == (0,)


def test_r9_0_marks_clear_at_the_start_of_each_round() -> None:
    """R9.0; R2.10: a mana mark lasts until the next round."""
    s = _quiet_game()
    seat = s.current_player
    assert seat is not None
    s.marks[seat] = [f"{s.roster[seat][0]}.1"]
    s.forget_legal_actions()
    _to_round(s, 2)
    assert s.marks == [[], [], [], []]


def test_r2_19_the_volcano_blocks_until_round_four_then_its_cell_is_plain() -> None:
    """R2.19: the volcano blocks until round four then its cell is plain."""
    s = _quiet_game()
    volcano = spec_of(s).volcano
    assert volcano is not None and volcano in s.terrain
    _to_round(s, 4)
    assert volcano not in s.terrain and not s.volcano_up


def test_r8_3_a_general_may_stop_in_a_full_cell_but_never_pass_through_it() -> None:
    """R8.3: a general may stop in a full cell but never pass through it."""
    s = bare()
    for _ in range(5):
        soldier(s, 0, "infantry", (5, 5))
    mask = general(s, 0, "mask", (5, 4))
    for rc in ((4, 4), (4, 5), (6, 4), (6, 5), (4, 3), (6, 3), (5, 3)):
        mountain(s, rc)
    legal = s.legal_actions()
    assert Move(mask, acell(s, (5, 5))) in legal and Move(mask, acell(s, (5, 6))) not in legal


def test_r8_11_a_general_that_used_a_skill_hands_nothing_over_and_a_giver_uses_no_skill() -> None:
    """R8.11: a general that used a skill hands nothing over and a giver uses no skill."""
    s = bare()
    rodoc = general(s, 0, "rodoc", (5, 5), pieces=("map_piece_1",))
    kazu = general(s, 0, "kazu", (5, 6))
    soldier(s, 0, "infantry", (5, 4))
    play(s, UseSkill("rodoc.1"))
    while s.decision != "turn":
        play(s, s.legal_actions()[0])
    assert HandOver(rodoc, kazu, 1) not in s.legal_actions()
    refused(s, HandOver(rodoc, kazu, 1), "R8.11")
    t = bare()
    rodoc = general(t, 0, "rodoc", (5, 5), pieces=("map_piece_1",))
    kazu = general(t, 0, "kazu", (5, 6))
    play(t, HandOver(rodoc, kazu, 1))
    assert UseSkill("rodoc.1") not in t.legal_actions()


def test_r5_3_a_both_icon_skill_used_in_the_own_turn_is_the_turns_attack_skill() -> None:
    """R5.3: a both icon skill used in the own turn is the turns attack skill."""
    s = bare()
    general(s, 0, "grim", (5, 5))
    general(s, 0, "rodoc", (8, 8))
    soldier(s, 0, "infantry", (8, 9))
    assert UseSkill("rodoc.1") in s.legal_actions()
    play(s, UseSkill("grim.1"))
    while s.decision != "turn":
        play(s, s.legal_actions()[0])
    assert not any(isinstance(a, UseSkill) for a in s.legal_actions())


def test_r9_11_the_leader_reorders_only_the_players_still_in_the_game() -> None:
    """R9.11: the leader reorders only the players still in the game."""
    s = bare(round_=3)
    general(s, 2, "rodoc", (0, 8), pieces=("map_piece_1",))
    eliminate(s, 3)
    end_round(s)
    assert s.decision == "reorder" and s.current_player == 2
    orders = {a.order for a in s.legal_actions() if isinstance(a, Reorder)}
    assert len(orders) == 6 and all(sorted(order) == [0, 1, 2] for order in orders)


def test_r8_14_a_general_is_revived_into_an_own_castle_full_of_soldiers() -> None:
    """R8.14: a general is revived into an own castle full of soldiers."""
    s = bare(round_=5)
    s.coins = [4, 0, 0, 0]
    s.bank = 26
    castle(s, 0, "infantry", (1, 6))
    for _ in range(5):
        soldier(s, 0, "infantry", (1, 6))
    s.roster[0].append("est")
    start_turn(s)
    play(s, Revive("est", acell(s, (1, 6))))
    est = s.units[0]
    assert est.cell == cell(s, (1, 6)) and est.hp == 3 and est.pieces == () and est.statuses == ()
    assert s.coins[0] == 0 and s.bank == 30


def test_r6_7_with_deck_and_discard_both_empty_income_draws_nothing() -> None:
    """R6.7, R9.9: a draw from an empty deck and an empty discard pile gives nothing."""
    s = bare(round_=2)
    s.deck = []
    s.discard = []
    castle(s, 0, "infantry", (0, 0))
    end_round(s)
    assert s.round == 3 and s.hands[0] == [] and s.coins[0] == 1 and s.decision == "turn"


def test_r8_14_several_generals_may_be_revived_at_the_start_of_one_turn() -> None:
    """R8.14: 4 coins per general, each into its own free castle."""
    s = bare(round_=5)
    s.coins = [8, 0, 0, 0]
    s.bank = 22
    castle(s, 0, "infantry", (1, 6))
    castle(s, 0, "archer", (0, 7))
    s.roster[0] += ["est", "lucy"]
    start_turn(s)
    play(s, Revive("est", acell(s, (1, 6))))
    assert [a for a in s.legal_actions() if isinstance(a, Revive)] == [Revive("lucy", acell(s, (0, 7)))]
    play(s, Revive("lucy", acell(s, (0, 7))))
    assert (
        s.coins[0] == 0
        and s.bank == 30
        and {s.units[0].cell, s.units[8].cell}
        == {
            cell(s, (1, 6)),
            cell(s, (0, 7)),
        }
    )
