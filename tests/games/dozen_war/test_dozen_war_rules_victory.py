"""RULESET.md rule by rule: victory and elimination (§7.1-§7.2) and game end and scoring (§16).
Each test names the rule it states."""

from __future__ import annotations

import attrs

from games.dozen_war.dozen_war_helpers import (
    bare,
    castle,
    cell,
    defend,
    eliminate,
    end_round,
    engage_duel,
    general,
    give,
    play,
    soldier,
    target,
)
from tabletop.core import Rng
from tabletop.games.dozen_war.actions import Attack, DefendCard
from tabletop.games.dozen_war.components import stats_of
from tabletop.games.dozen_war.evaluation import GENERAL_WEIGHT, THREAT_WEIGHT
from tabletop.games.dozen_war.invariants import check_turn_order
from tabletop.games.dozen_war.scoring import finish_by_score, totals
from tabletop.games.dozen_war.table import held_pieces, pieces_of


def test_r16_2_the_score_is_skulls_plus_two_per_castle_plus_map_pieces() -> None:
    """R16.2: the score is skulls plus two per castle plus map pieces."""
    s = bare(round_=8)
    s.skulls = [2, 0, 0, 0]
    s.castles_taken = [1, 0, 0, 0]
    s.coins = [5, 0, 0, 0]
    s.bank = 25
    general(s, 0, "est", (0, 0), hp=1, pieces=("map_piece_1",))
    castle(s, 0, "infantry", (0, 2))
    sheet = s.scores()[0]
    # R16.6: the sheet's keys; coins, cards, HP and own castles do not score.
    assert sheet == {"skulls": 2, "castles": 2, "map_pieces": 1, "total": 5}


def test_r15_10_loose_pieces_count_for_the_seat_in_their_cell() -> None:
    """R15.10, R16.2: a seat holds the pieces on its generals and the loose pieces in cells its
    units stand in, a stack once however many of its units stand there. ``scores``, ``totals``
    and ``pieces_of`` agree."""
    s = bare(round_=8)
    s.skulls = [1, 0, 3, 0]
    s.castles_taken = [0, 2, 0, 0]
    general(s, 0, "est", (0, 0), pieces=("map_piece_1",))
    soldier(s, 0, "infantry", (4, 4))
    soldier(s, 0, "infantry", (4, 4))
    soldier(s, 1, "archer", (9, 9))
    soldier(s, 2, "cavalry", (6, 6))
    s.loose = {cell(s, (4, 4)): ["map_piece_2", "map_piece_3"], cell(s, (9, 9)): ["map_piece_4"]}
    assert held_pieces(s) == [pieces_of(s, seat) for seat in range(4)] == [3, 1, 0, 0]
    assert [sheet["total"] for sheet in s.scores()] == list(totals(s)) == [4, 5, 3, 0]


def test_r7_1b_r16_3_equal_score_pieces_and_castles_more_coins_wins() -> None:
    """R7.1b, R16.3: equal score pieces and castles more coins wins."""
    s = bare(round_=8)
    eliminate(s, 2, 3)
    s.skulls = [1, 1, 0, 0]
    s.coins = [2, 3, 0, 0]
    s.bank = 25
    finish_by_score(s)
    assert s.outcome is not None and s.outcome.winners == (1,) and s.outcome.reason == "score"


def test_r16_3_an_eliminated_player_is_never_ranked_whatever_its_skulls() -> None:
    """R16.3: an eliminated player is never ranked whatever its skulls."""
    s = bare(round_=8)
    eliminate(s, 3)
    s.skulls = [1, 0, 0, 9]
    finish_by_score(s)
    assert s.outcome is not None and s.outcome.winners == (0,)


def test_r7_2_r7_2a_a_player_with_a_castle_left_is_not_eliminated() -> None:
    """R7.2, R7.2a: a player with a castle left is not eliminated."""
    s = bare()
    castle(s, 1, "infantry", (0, 0))
    victim = next(u.id for u in s.units.values() if u.owner == 1)
    s.units[victim] = attrs.evolve(s.units[victim], hp=1)
    archer = soldier(s, 0, "archer", (12, 7))
    play(s, Attack(archer), target(victim))
    assert not s.eliminated[1] and 1 in s.turns.order


def test_r7_2a_an_eliminated_players_skulls_and_castles_stay_but_never_score() -> None:
    """R7.2a: an eliminated players skulls and castles stay but never score."""
    s = bare()
    s.skulls[2] = 4
    s.castles_taken[2] = 1
    victim = next(u.id for u in s.units.values() if u.owner == 2)
    s.units[victim] = attrs.evolve(s.units[victim], hp=1)
    archer = soldier(s, 0, "archer", (12, 5))
    play(s, Attack(archer), target(victim))
    assert s.eliminated[2] and s.skulls[2] == 4 and s.castles_taken[2] == 1
    finish_by_score(s)
    assert s.outcome is not None and 2 not in s.outcome.winners


def test_r7_2b_r16_1_the_last_team_standing_wins_at_once_in_alliance() -> None:
    """R7.2b, R16.1: the last team standing wins at once in alliance."""
    s = bare(mode="alliance")
    s.side_of = [0, 1, 0, 1]
    eliminate(s, 3)
    last = next(u.id for u in s.units.values() if u.owner == 1)
    s.units[last] = attrs.evolve(s.units[last], hp=1)
    archer = soldier(s, 0, "archer", (12, 7))
    play(s, Attack(archer), target(last))
    assert s.outcome is not None and s.outcome.reason == "last_standing" and s.outcome.winners == (0, 2)


def test_r7_1b_r16_6_players_tied_to_the_last_tie_break_share_the_score_win() -> None:
    """R7.1b, R16.6: players tied to the last tie break share the score win."""
    s = bare(round_=8)
    finish_by_score(s)
    assert s.outcome is not None and s.outcome.reason == "score"
    assert s.outcome.winners == (0, 1, 2, 3)  # all tied to the last tie-break: a shared win


def test_r10_2_r16_4_alliance_teams_tied_on_score_the_team_with_more_map_pieces_wins() -> None:
    """R10.2, R16.4: alliance teams tied on score the team with more map pieces wins."""
    s = bare(mode="alliance", round_=8)
    s.side_of = [0, 1, 0, 1]
    s.skulls = [2, 0, 0, 1]
    general(s, 1, "mask", (4, 4), pieces=("map_piece_1",))
    finish_by_score(s)
    assert s.outcome is not None and s.outcome.winners == (1, 3) and s.outcome.reason == "score"


def test_r16_5_engage_has_no_score_so_agents_weigh_the_hp_on_the_board() -> None:
    # Siri (seat 0) and Lucy (seat 1) at full HP in opposite corners, and a soldier each.
    state = engage_duel()
    siri, lucy = (u for u in state.units.values() if u.general)
    soldier(state, 0, "infantry", (1, 0))
    soldier(state, 1, "archer", (6, 7), hp=1)
    assert [sheet["total"] for sheet in state.scores()] == [0, 0]
    infantry_hp = next(u.hp for u in state.units.values() if u.owner == 0 and not u.general)
    assert state.evaluation() == [GENERAL_WEIGHT * siri.hp + infantry_hp, GENERAL_WEIGHT * lucy.hp + 1]
    # A general's HP weighs more than a soldier's: its death ends the game (R11.7).
    state.units[lucy.id] = attrs.evolve(lucy, hp=lucy.hp - 1)
    assert state.evaluation()[1] == GENERAL_WEIGHT * (lucy.hp - 1) + 1


def test_r16_5_a_general_in_reach_of_enemies_weighs_less() -> None:
    state = engage_duel()
    siri = next(u for u in state.units.values() if u.general and u.owner == 0)
    alone = state.evaluation()[0]
    cavalry = soldier(state, 1, "cavalry", (2, 2))  # two steps from Siri: in its move and range
    damage = stats_of("cavalry", False).damage
    assert state.evaluation()[0] == alone - min(damage, siri.hp) * THREAT_WEIGHT
    # Out of reach, the same soldier threatens nothing.
    state.units[cavalry] = attrs.evolve(state.units[cavalry], cell=cell(state, (5, 5)))
    assert state.evaluation()[0] == alone


def test_r16_2_outside_engage_agents_weigh_the_score() -> None:
    state = bare(players=4)
    state.skulls[2] = 3
    castle(state, 0, "infantry", (0, 0))
    assert state.evaluation() == [sheet["total"] for sheet in state.scores()] == [0, 0, 3, 0]


def test_dw_7_2d_players_knocked_out_together_by_an_event_draw() -> None:
    """DW-7.2d: E04 Desertion rolled low by every player, each holding one soldier and nothing
    else (no castle, no general): all four are eliminated by the same event outcome. Nobody is
    left to win (R7.2b) and eliminated players do not score (R7.2): a draw."""
    for seed in range(200):
        s = bare(round_=1)
        s.events.append("E04#1")  # the next round's event
        s.rng = Rng.from_seed(seed)
        end_round(s)
        if all(s.eliminated):
            break
    else:
        raise AssertionError("no seed below 200 rolls E04 low for all four players")
    assert not s.units and s.is_terminal
    assert s.outcome is not None and s.outcome.reason == "all_eliminated" and s.outcome.winners == ()
    assert s.returns() == (0.0, 0.0, 0.0, 0.0) and s.legal_actions() == []
    # The finished state's turn order passes the load checks: its seat in turn is out but stays.
    check_turn_order(s)


def test_dw_7_2a_an_attacker_knocked_out_by_a_counter_leaves_the_last_player_the_winner() -> None:
    """R7.2, R7.2b, DW-7.2a: the player in turn loses its last unit to a counter (Kiếm Một Tay)
    while one other player is left: that player wins at once, and the finished state, its
    eliminated seat in turn still in the order (play never passes on), is a valid state."""
    s = bare()
    eliminate(s, 1, 3)
    for uid in [u.id for u in s.units.values() if u.owner == 0]:
        del s.units[uid]  # seat 0's far-away anchor: the archer below is all it has
    archer = soldier(s, 0, "archer", (6, 5), hp=1)
    cavalry = soldier(s, 2, "cavalry", (6, 6))
    give(s, 2, "cav.kiem_mot_tay")
    defend(s, archer, cavalry, DefendCard("cav.kiem_mot_tay"))
    assert s.eliminated == [True, True, False, True] and archer not in s.units
    assert s.outcome is not None and s.outcome.reason == "last_standing" and s.outcome.winners == (2,)
    assert s.turns.current == 0 and 0 in s.turns.order
    check_turn_order(s)
