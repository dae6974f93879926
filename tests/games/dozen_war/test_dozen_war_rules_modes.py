"""RULESET.md rule by rule: game identity and options (§0-§1), setup (§7.3-§7.9), the alliance game
(§10) and Engage (§11). Each test names the rule it states."""

from __future__ import annotations

import pytest

from games.dozen_war.dozen_war_helpers import (
    acell,
    attack,
    bare,
    castle,
    cell,
    eliminate,
    end_round,
    engage_duel,
    general,
    give,
    hp,
    play,
    refused,
    soldier,
    start_turn,
    target,
)
from tabletop.core import Rng, TurnOrder
from tabletop.games.dozen_war import GAME
from tabletop.games.dozen_war.actions import (
    Attack,
    EndTurn,
    Move,
    Necklace,
    Pass,
    PlayCard,
    Reorder,
    Revive,
    Target,
    UseSkill,
)
from tabletop.games.dozen_war.components import CARD_COPIES, GENERAL_IDS, REVIVE_COST, TOKENS, ULTIMATE_COST
from tabletop.games.dozen_war.rounds import roll_order
from tabletop.games.dozen_war.state import DozenWarState


def _setup(s: DozenWarState) -> list[tuple[str, int]]:
    """Take the first legal choice until the first turn; the decisions met and who took them."""
    seen = []
    while s.decision != "turn":
        seat = s.current_player
        assert seat is not None
        seen.append((s.decision, seat))
        s.apply(s.legal_actions()[0])
    return seen


# ---------------------------------------------------------------------- §0-§1


def test_r0_1_r0_4_modes_by_player_count_and_their_defaults() -> None:
    """R0.1, R0.4: modes by player count and their defaults."""
    assert GAME.new_game(players=2, seed=1).mode == "engage"
    assert GAME.new_game(players=3, seed=1).mode == "ffa3"
    assert GAME.new_game(players=4, seed=1).mode == "ffa4"
    assert GAME.new_game(players=4, seed=1, mode="alliance").mode == "alliance"
    for options in (
        {"players": 3, "mode": "alliance"},
        {"players": 4, "mode": "engage"},
        {"players": 2, "mode": "ffa"},
        {"players": 5},
        {"players": 1},
        {"players": 4, "generals": "auction"},
    ):
        with pytest.raises(ValueError):
            GAME.new_game(seed=1, **options)


def test_r1_1_the_box_contents_as_data() -> None:
    """R1.1; R6.1, R4.0, R5.1: 60 equipment cards, 12 generals with 3 skills each."""
    s = GAME.new_game(players=4, seed=1)
    assert len(CARD_COPIES) == 60 and len(s.deck) == 60 and len(s.events) == 40
    assert len(GENERAL_IDS) == 12 and len(TOKENS) == 9 and s.bank == 30 and sum(s.coins) == 0


# ---------------------------------------------------------------------- §7.3-§7.9 setup


def test_r7_4_ties_are_rerolled_among_the_tied_players_only(monkeypatch: pytest.MonkeyPatch) -> None:
    """R7.4, R0.3: one d6 each; ties are re-rolled among the tied players only."""
    rolls = iter([4, 6, 4, 2, 3, 5])  # seats 0-3 roll 4, 6, 4, 2; seats 0 and 2 re-roll 3, 5
    faces: set[tuple[int, int]] = set()

    def roll(self: Rng, low: int, high: int) -> int:
        faces.add((low, high))
        return next(rolls)

    monkeypatch.setattr(Rng, "randint", roll)
    assert roll_order(Rng.from_seed(0), [0, 1, 2, 3]) == [1, 2, 0, 3]
    assert faces == {(1, 6)}


def test_r7_5a_r7_6_r10_5_the_four_player_draft_order_by_position() -> None:
    """R7.5a, R7.6, R10.5; R7.5: the generals option "draft" (the default) deals generals by draft."""
    s = GAME.new_game(players=4, seed=1)
    p = s.turns.order  # positions 1-4; one roll only (R7.6): the order does not change in setup
    seen = [seat for decision, seat in _setup(s) if decision.startswith("draft")]
    bans, picks = seen[:4], seen[4:]
    assert bans == [p[3], p[2], p[1], p[0]]
    assert picks[:4] == [p[0], p[1], p[2], p[3]] and picks[4:8] == [p[1], p[0], p[3], p[2]]
    assert sorted(picks[8:]) == sorted(p)  # round 3: one banned general each, in a new roll's order
    assert s.turns.order == p
    assert all(len(r) == 3 for r in s.roster) and len({g for r in s.roster for g in r}) == 12


def test_r7_5a_the_three_player_draft_order_and_three_unused_generals() -> None:
    """R7.5a: the three player draft order and three unused generals."""
    s = GAME.new_game(players=3, seed=2)
    p = s.turns.order
    seen = [seat for decision, seat in _setup(s) if decision.startswith("draft")]
    assert seen[:3] == [p[2], p[1], p[0]]
    assert seen[3:6] == [p[0], p[1], p[2]] and seen[6:9] == [p[2], p[1], p[0]]
    assert sorted(seen[9:]) == sorted(p)
    assert len({g for r in s.roster for g in r}) == 9


def test_r7_5b_random_generals_three_distinct_each() -> None:
    """R7.5b: random generals three distinct each."""
    s = GAME.new_game(players=4, seed=3, generals="random")
    seen = {decision for decision, _ in _setup(s)}
    assert not any(d.startswith("draft") for d in seen)
    assert all(len(r) == 3 for r in s.roster) and len({g for r in s.roster for g in r}) == 12


def test_r7_7_r7_9_deploy_one_soldier_per_castle_and_one_general_per_castle() -> None:
    """R7.7, R7.9: deploy one soldier per castle and one general per castle."""
    s = GAME.new_game(players=4, seed=3, generals="random")
    seen = _setup(s)
    deployers = [seat for decision, seat in seen if decision == "deploy_generals"]
    assert deployers == [seat for seat in s.turns.order for _ in range(3)]  # position order, 3 each
    for keep in s.castles:
        here = [u for u in s.units.values() if u.cell == keep.cell]
        soldiers = [u for u in here if not u.general]
        generals = [u for u in here if u.general]
        assert len(soldiers) == 1 and soldiers[0].cls == keep.type and soldiers[0].owner == keep.owner
        assert len(generals) == 1 and generals[0].owner == keep.owner
    assert s.coins == [0, 0, 0, 0] and all(h == [] for h in s.hands) and s.round == 1


# ---------------------------------------------------------------------- §10 alliance


def test_r10_1_r10_4_r10_7_teams_alternate_and_hold_neighbouring_homes() -> None:
    """R10.1, R10.4, R10.7: teams alternate and hold neighbouring homes."""
    s = GAME.new_game(players=4, seed=6, mode="alliance", generals="random")
    _setup(s)
    p = s.turns.order
    assert s.side_of[p[0]] == s.side_of[p[2]] != s.side_of[p[1]] == s.side_of[p[3]]
    assert [s.home[seat] for seat in p] == ["N", "S", "E", "W"]
    assert sorted(sorted(team) for team in s.teams) == sorted([sorted((p[0], p[2])), sorted((p[1], p[3]))])


def test_r10_11_no_attack_on_an_ally() -> None:
    """R10.11: no attack on an ally."""
    s = bare(mode="alliance")
    s.side_of = [0, 1, 0, 1]
    inf = soldier(s, 0, "infantry", (5, 5))
    soldier(s, 2, "archer", (5, 6))  # the ally's: neither a target nor a cell to enter (R10.10)
    assert Attack(inf) not in s.legal_actions()
    refused(s, Attack(inf), "R12.3")
    assert Move(inf, acell(s, (5, 6))) not in s.legal_actions()


# ---------------------------------------------------------------------- §11 Engage


def test_r11_2_the_loser_of_the_roll_chooses_and_deploys_north_first_the_winner_starts() -> None:
    """R11.2: the loser of the roll chooses and deploys north first the winner starts."""
    s = GAME.new_game(players=2, seed=1)
    first, second = s.turns.order
    seen = _setup(s)
    deciders = [seat for _, seat in seen]
    assert deciders[0] == second and deciders[-1] == first
    assert s.current_player == first
    north = [u for u in s.units.values() if u.owner == second]
    south = [u for u in s.units.values() if u.owner == first]
    assert all(u.cell // 8 <= 1 for u in north) and all(u.cell // 8 >= 6 for u in south)
    for army in (north, south):
        assert len(army) == 6 and sum(1 for u in army if u.general) == 1
    assert s.roster[0] != s.roster[1]


def test_r11_5_five_cards_each_and_no_further_draws() -> None:
    """R11.5: five cards each and no further draws."""
    s = GAME.new_game(players=2, seed=1)
    _setup(s)
    assert [len(h) for h in s.hands] == [5, 5] and len(s.deck) == 50
    for _ in range(6):
        play(s, EndTurn())
    assert [len(h) for h in s.hands] == [5, 5] and len(s.deck) == 50 and s.coins == [0, 0]


def test_r11_3_one_unit_per_cell_own_units_may_be_passed_but_not_joined() -> None:
    """R11.3: one unit per cell own units may be passed but not joined."""
    s = bare(players=2)
    cav = soldier(s, 0, "cavalry", (4, 4))
    soldier(s, 0, "infantry", (4, 5))
    legal = s.legal_actions()
    assert Move(cav, acell(s, (4, 5))) not in legal and Move(cav, acell(s, (4, 6))) in legal
    soldier(s, 1, "infantry", (5, 4))
    for rc in ((3, 3), (3, 4), (3, 5), (4, 3), (5, 3), (5, 5)):
        soldier(s, 1, "archer", rc)
    s.forget_legal_actions()
    # Only through the own infantry at (4,5): enemies are never passed.
    moves = {a.to for a in s.legal_actions() if isinstance(a, Move) and a.unit == cav}
    assert acell(s, (4, 6)) in moves and acell(s, (5, 6)) in moves and acell(s, (6, 4)) not in moves


def test_r11_4_engage_splash_goes_to_the_next_cell() -> None:
    """R11.4: engage splash goes to the next cell."""
    s = bare(players=2)
    cav = soldier(s, 0, "cavalry", (4, 4))
    first = soldier(s, 1, "archer", (4, 5))
    second = soldier(s, 1, "archer", (4, 6))
    general(s, 0, "siri", (7, 0))
    general(s, 1, "lucy", (0, 7))
    attack(s, cav, first)
    assert s.units.get(first) is None and s.units.get(second) is None


def test_r11_8_the_second_player_has_no_idle_limit_and_an_attack_resets_the_count() -> None:
    """R11.8: the second player has no idle limit and an attack resets the count."""
    s = engage_duel()
    cav = soldier(s, 0, "cavalry", (3, 3))
    soldier(s, 1, "infantry", (3, 4))
    soldier(s, 1, "infantry", (3, 7))
    for _ in range(4):
        play(s, EndTurn(), EndTurn())
    play(s, Attack(cav), target(next(u.id for u in s.units.values() if u.cell == cell(s, (3, 4)))))
    while s.decision != "turn":
        s.apply(s.legal_actions()[-1])
    play(s, EndTurn())
    for _ in range(4):
        play(s, EndTurn(), EndTurn())
    # P1: 4 idle turns since its attack; P2: 9 idle turns and no limit.
    assert s.outcome is None and s.current_player == 1
    play(s, EndTurn(), EndTurn())
    assert (
        s.outcome is not None and s.outcome.reason == "engage_five_idle_turns" and s.outcome.winners == (1,)
    )


def test_r11_9_the_game_goes_on_until_the_hundredth_turn() -> None:
    """R11.9: the game goes on until the hundredth turn."""
    s = engage_duel(order=(1, 0), turn_number=98)
    play(s, EndTurn())
    assert s.outcome is None
    play(s, EndTurn())
    assert s.outcome is not None and s.outcome.reason == "engage_turn_limit" and s.outcome.winners == ()


def test_r10_7a_the_leading_team_only_chooses_which_team_starts() -> None:
    """R10.7a: the leading team only chooses which team starts."""
    s = bare(mode="alliance", round_=3)
    s.side_of = [0, 1, 0, 1]
    s.turns.order = [1, 2, 3, 0]
    general(s, 0, "est", (0, 0), pieces=("map_piece_1",))
    end_round(s)
    assert s.decision == "reorder" and s.current_player in (0, 2)
    assert set(s.legal_actions()) == {Reorder((1, 2, 3, 0)), Reorder((2, 3, 0, 1))}
    play(s, Reorder((2, 3, 0, 1)))
    assert s.turns.order == [2, 3, 0, 1]


def test_r10_7a_after_an_elimination_each_team_may_still_start() -> None:
    """R10.7a with seat 2 out (order 1, 3, 0: the first two seats team-mates): the rotations from
    each team's first player in the order, keeping the order among them."""
    s = bare(mode="alliance", round_=3)
    s.side_of = [0, 1, 0, 1]
    eliminate(s, 2)
    s.turns = TurnOrder([1, 3, 0], position=0)
    general(s, 1, "kazu", (12, 0), pieces=("map_piece_1", "map_piece_2"))
    general(s, 0, "est", (0, 0), pieces=("map_piece_3",))
    end_round(s)
    assert s.decision == "reorder" and s.current_player == 1
    assert set(s.legal_actions()) == {Reorder((1, 3, 0)), Reorder((0, 1, 3))}


def test_r11_7_r16_5_engage_the_player_whose_general_dies_loses_and_nothing_scores() -> None:
    """R11.7, R16.5: a general at 0 HP loses Engage for its owner; Engage has no score."""
    s = bare(players=2)
    cav = soldier(s, 0, "cavalry", (3, 3))
    general(s, 0, "siri", (7, 0))
    lucy = general(s, 1, "lucy", (3, 4), hp=1)
    attack(s, cav, lucy)
    assert s.outcome is not None and s.outcome.reason == "engage_general_killed"
    assert s.outcome.winners == (0,) and s.returns() == (1.0, -1.0)
    assert [sheet["total"] for sheet in s.scores()] == [0, 0] and s.coins == [0, 0]


def test_r2_5_coins_buy_an_ultimate_for_two_and_a_revival_for_four() -> None:
    """R2.5, R2.6a: an ultimate costs 2 coins, a revival 4; without them the option is refused."""
    assert (ULTIMATE_COST, REVIVE_COST) == (2, 4)
    s = bare()
    general(s, 0, "siri", (5, 5))
    s.coins[0] = 1
    s.bank -= 1
    s.forget_legal_actions()
    assert UseSkill("siri.3") not in s.legal_actions()
    refused(s, UseSkill("siri.3"), "R5.2b")
    t = bare(round_=5)
    t.coins[0] = 3
    t.bank -= 3
    castle(t, 0, "infantry", (1, 6))
    t.roster[0].append("est")
    start_turn(t)
    assert not any(isinstance(a, Revive) for a in t.legal_actions())
    refused(t, Revive("est", acell(t, (1, 6))), "R8.14")


def test_r11_6_in_engage_the_necklace_is_the_defenders_card_of_that_turn() -> None:
    """R11.6: after a Necklace the defender is offered no defence card in the same turn."""
    s = bare(players=2)
    general(s, 0, "siri", (7, 0))
    general(s, 1, "lucy", (0, 7))
    cav = soldier(s, 0, "cavalry", (3, 3))
    foe = soldier(s, 1, "cavalry", (3, 4))
    give(s, 0, "cav.dai_dao")
    give(s, 1, "com.day_chuyen_may_man")
    give(s, 1, "cav.khien_go")
    play(s, Attack(cav, "cav.dai_dao"))
    assert s.decision == "necklace" and s.current_player == 1
    play(s, Necklace(), target(foe))
    seen = set()
    while s.decision != "turn":
        seen.add(s.decision)
        play(s, Pass())
    assert "defence_card" not in seen and hp(s, foe) == 0 and len(s.hands[1]) == 1


def test_r11_8_an_attack_kind_card_counts_as_the_first_players_attack_action() -> None:
    """R11.8: Thích Khách aimed at the enemy general resets the idle count."""
    s = engage_duel()
    for _ in range(4):
        play(s, EndTurn(), EndTurn())
    assert s.idle_turns == 4
    give(s, 0, "com.thich_khach")
    play(s, PlayCard("com.thich_khach"))
    while s.decision != "turn":
        legal = s.legal_actions()
        s.apply(next((a for a in legal if isinstance(a, Target)), legal[0]))
    play(s, EndTurn())
    assert s.outcome is None and s.idle_turns == 0


def test_dw_11_8a_an_attack_card_cancelled_by_a_necklace_still_counts_as_an_attack_action() -> None:
    """Ruling DW-11.8a (R13.4): Lao Móc played at the enemy and cancelled resets the idle count;
    its infantry has used its attack."""
    s = engage_duel()
    for _ in range(4):
        play(s, EndTurn(), EndTurn())
    inf = soldier(s, 0, "infantry", (3, 3))
    soldier(s, 1, "archer", (3, 4))
    give(s, 0, "inf.lao_moc")
    give(s, 1, "com.day_chuyen_may_man")
    s.forget_legal_actions()
    play(s, PlayCard("inf.lao_moc"), Necklace())
    assert s.decision == "turn" and s.units[inf].attacked
    play(s, EndTurn())
    assert s.outcome is None and s.idle_turns == 0
