"""Every event (§14, both outcomes, who is affected) and every token (§15); the round's steps
(income, the warp opening, marks cleared), eliminations and the victories of §16."""

from __future__ import annotations

import attrs
import pytest

from games.dozen_war.dozen_war_helpers import (
    acell,
    bare,
    castle,
    cell,
    eliminate,
    engage_duel,
    general,
    give,
    give_coins,
    hp,
    mountain,
    play,
    refused,
    run_event,
    soldier,
    target,
)
from tabletop.games.dozen_war import GAME
from tabletop.games.dozen_war.actions import (
    CASTLE_BASE,
    Attack,
    ChooseOption,
    Dig,
    Discard,
    EndTurn,
    HandOver,
    MarkSkill,
    Move,
    Pass,
    Target,
)
from tabletop.games.dozen_war.board import spec_of
from tabletop.games.dozen_war.components import CARD_COPIES, EVENTS, TOKENS
from tabletop.games.dozen_war.rounds import _affected
from tabletop.games.dozen_war.state import DozenWarState


def test_e01_tax_and_e14_harvest_coins() -> None:
    s = bare()
    run_event(s, "E01", "low")
    assert s.coins[0] == 0  # nothing to pay
    run_event(s, "E01", "high")
    run_event(s, "E14", "high")
    assert s.coins[0] == 3 and s.bank == 27
    run_event(s, "E14", "low")
    run_event(s, "E01", "low")
    assert s.coins[0] == 3


@pytest.mark.parametrize(
    ("design", "key", "cards"),
    [
        ("E02", "high", 1),
        ("E02", "low", 0),
        ("E18", "high", 2),
        ("E18", "low", 1),
        ("E09", "low", 2),
        ("E09", "high", 3),
    ],
)
def test_card_draw_events(design: str, key: str, cards: int) -> None:
    s = bare()
    run_event(s, design, key)
    assert len(s.hands[0]) == cards


def test_e03_reinforcements_and_e10_mercenaries() -> None:
    s = bare()
    keep = castle(s, 0, "archer", (0, 7))
    run_event(s, "E03", "high")
    assert sum(1 for u in s.units.values() if u.cell == cell(s, (0, 7)) and u.cls == "archer") == 1
    run_event(s, "E10", "low")
    assert sum(1 for u in s.units.values() if u.cell == cell(s, (0, 7)) and u.cls == "infantry") == 1
    run_event(s, "E10", "high")
    play(s, ChooseOption("cavalry"))
    assert sum(1 for u in s.units.values() if u.cell == cell(s, (0, 7))) == 3
    assert keep == CASTLE_BASE


def test_e04_desertion_and_e17_sabotage_choices() -> None:
    s = bare()
    extra = soldier(s, 0, "archer", (5, 5))
    run_event(s, "E04", "low")
    assert s.decision == "select"
    play(s, Target(extra))
    assert extra not in s.units and s.skulls == [0, 0, 0, 0]
    give(s, 0, "cav.dai_dao")
    run_event(s, "E17", "low")
    play(s, Discard("cav.dai_dao"))
    assert s.hands[0] == [] and any(CARD_COPIES[c] == "cav.dai_dao" for c in s.discard)


def test_e05_spring_e06_plague_e15_rumour_never_kill() -> None:
    s = bare()
    est = general(s, 0, "est", (5, 5), hp=1, pieces=("map_piece_1",))
    kazu = general(s, 0, "kazu", (6, 6), hp=2)
    run_event(s, "E06", "low")
    assert hp(s, est) == 1 and hp(s, kazu) == 1
    run_event(s, "E05", "high")
    assert hp(s, est) == 2 and hp(s, kazu) == 2
    run_event(s, "E15", "low")
    assert hp(s, est) == 1 and hp(s, kazu) == 2


def test_e07_tremor_hurts_soldiers_in_the_centre() -> None:
    s = bare()
    inside = soldier(s, 0, "infantry", (6, 7))
    outside = soldier(s, 0, "archer", (1, 1))
    run_event(s, "E07", "low")
    assert hp(s, inside) == 1 and hp(s, outside) == 1


def test_e08_gold_vein_is_for_generals_in_the_foothills() -> None:
    s = bare()
    general(s, 1, "est", (2, 6))
    soldier(s, 2, "infantry", (2, 6))
    assert _affected(s, "E08") == [1]
    run_event(s, "E08", "high", seat=1)
    assert s.coins[1] == 2


def test_e11_e12_e13_round_modifiers() -> None:
    s = bare()
    archer = soldier(s, 0, "archer", (5, 2))
    cav = soldier(s, 0, "cavalry", (8, 8))
    est = general(s, 0, "est", (2, 2))
    foe = soldier(s, 1, "infantry", (5, 5))
    run_event(s, "E11", "low")
    run_event(s, "E12", "high")
    run_event(s, "E13", "low")
    legal = s.legal_actions()
    assert Attack(archer) not in legal  # range 3 - 1
    assert Move(est, acell(s, (2, 4))) in legal and Move(cav, acell(s, (8, 11))) not in legal
    assert Move(cav, acell(s, (8, 10))) in legal
    del foe


def test_e16_last_stand_for_the_fewest_castles() -> None:
    s = bare()
    for seat in (0, 1, 2):
        castle(s, seat, "infantry", (0, 2 * seat))
    assert _affected(s, "E16") == [3]
    run_event(s, "E16", "high", seat=3)
    assert s.coins[3] == 1 and len(s.hands[3]) == 1


def test_e19_castle_repair_and_e20_mana_drought() -> None:
    s = bare()
    castle(s, 0, "infantry", (0, 2), hp=1)
    run_event(s, "E19", "high")
    assert s.castles[0].hp == 2
    general(s, 0, "soul", (5, 5))
    run_event(s, "E20", "low")
    assert s.decision == "mark_skill"
    play(s, MarkSkill("soul.1"))
    assert "soul.1" in s.marks[0]


def test_every_event_outcome_runs_without_choices_left_hanging() -> None:
    for design in EVENTS:
        for key in ("low", "high"):
            s = bare()
            general(s, 0, "est", (6, 5), hp=2)
            soldier(s, 0, "archer", (6, 7))
            castle(s, 0, "infantry", (0, 2), hp=1)
            give(s, 0, "cav.dai_dao")
            run_event(s, design, key)
            while s.decision != "turn":
                play(s, s.legal_actions()[0])


def test_round_start_income_then_event_and_the_warp_opens_in_round_four() -> None:
    s = GAME.new_game(players=4, seed=2, generals="random")
    while s.round < 4 or s.decision != "turn":
        legal = s.legal_actions()
        s.apply(next((a for a in legal if isinstance(a, (EndTurn, Pass, Discard))), legal[0]))
    assert not s.volcano_up and cell_of_volcano(s) not in s.terrain
    assert len(s.events_done) == 3 and all(c > 0 for c in s.coins)


def cell_of_volcano(s: DozenWarState) -> int:
    volcano = spec_of(s).volcano
    assert volcano is not None
    return volcano


# ---------------------------------------------------------------------- tokens (§15)


@pytest.mark.parametrize("token", sorted(TOKENS))
def test_every_token_when_dug(token: str) -> None:
    s = bare()
    est = general(s, 0, "est", (2, 6))
    give(s, 0, "cav.dai_dao")
    give(s, 0, "arc.no_sat")
    give(s, 0, "com.binh_mau")
    give_coins(s, 0, 1)
    mountain(s, (3, 6), [token])
    play(s, Dig(est, acell(s, (3, 6))))
    kind = TOKENS[token].kind
    if kind == "map_piece":
        assert s.units[est].pieces == (token,) and s.scores()[0]["map_pieces"] == 1
    elif token == "ruong_vang_mativen":
        assert s.coins[0] == 3
    elif token == "kho_vu_khi_co":
        assert len(s.hands[0]) == 5
    elif token == "loi_nguyen_mau":
        assert hp(s, est) == 1
    else:
        assert s.decision == "discard"
        play(s, Discard("cav.dai_dao"), Discard("arc.no_sat"))
        assert len(s.hands[0]) == 1 and s.coins[0] == 0
    if kind != "map_piece":
        assert token in s.spent_tokens
    refused(s, Dig(est, acell(s, (3, 6))), "R8.10")


def test_hand_over_and_loose_pieces_are_dug_from_the_own_cell() -> None:
    s = bare()
    est = general(s, 0, "est", (5, 5), pieces=("map_piece_1", "map_piece_2"))
    kazu = general(s, 0, "kazu", (5, 6))
    play(s, HandOver(est, kazu, 2))
    assert s.units[kazu].pieces == ("map_piece_1", "map_piece_2") and s.units[est].gave
    assert not any(isinstance(a, Attack) and a.unit == est for a in s.legal_actions())
    s.loose[cell(s, (5, 6))] = ["map_piece_3"]
    s.forget_legal_actions()
    play(s, Dig(kazu, acell(s, (5, 6))))
    assert len(s.units[kazu].pieces) == 3 and cell(s, (5, 6)) not in s.loose


# ---------------------------------------------------------------------- victory (§7, §10, §16)


def test_elimination_and_last_standing() -> None:
    s = bare()
    eliminate(s, 2, 3)
    last = next(u.id for u in s.units.values() if u.owner == 1)
    s.units[last] = attrs.evolve(s.units[last], hp=1)
    cav = soldier(s, 0, "cavalry", (12, 9))
    play(s, Attack(cav), target(last))
    # R7.2: no castle, no general, no soldier: P2 is out, and P1 is the last one standing.
    assert s.eliminated[1] and s.outcome is not None
    assert s.outcome.reason == "last_standing" and s.outcome.winners == (0,)


def test_an_eliminated_player_leaves_the_order_and_its_hand_goes_to_the_discard() -> None:
    s = bare()
    victim = next(u.id for u in s.units.values() if u.owner == 2)
    s.units[victim] = attrs.evolve(s.units[victim], hp=1)
    give(s, 2, "cav.dai_dao")
    give_coins(s, 2, 3)
    archer = soldier(s, 0, "archer", (12, 5))
    play(s, Attack(archer), target(victim), Pass())  # P3 holds a card: its defence-card step
    assert s.eliminated[2] and 2 not in s.turns.order and s.hands[2] == [] and s.coins[2] == 0
    assert s.outcome is None and s.bank == 30


def test_alliance_five_pieces_count_per_team() -> None:
    s = bare(mode="alliance", seat=2)
    s.side_of = [0, 1, 0, 1]
    general(s, 0, "est", (0, 0), pieces=("map_piece_1", "map_piece_2"))
    general(s, 2, "kazu", (0, 4), pieces=("map_piece_3", "map_piece_4"))
    mover = general(s, 2, "rodoc", (3, 3), pieces=("map_piece_5",))
    play(s, Move(mover, acell(s, (3, 4))))
    assert s.outcome is not None and s.outcome.winners == (0, 2) and s.outcome.reason == "five_map_pieces"
    assert s.returns() == (1.0, -1.0, 1.0, -1.0)


def test_score_at_the_end_of_round_eight() -> None:
    s = bare(round_=8, seat=3)
    s.skulls = [0, 2, 0, 0]
    play(s, EndTurn())
    assert s.outcome is not None and s.outcome.reason == "score" and s.outcome.winners == (1,)
    assert s.outcome.scores == (0, 2, 0, 0)


def test_engage_turn_limit_is_a_draw() -> None:
    s = engage_duel(order=(1, 0), turn_number=99)
    play(s, EndTurn())
    assert s.outcome is not None and s.outcome.reason == "engage_turn_limit" and s.outcome.winners == ()


def test_refusals_name_the_rule_and_change_nothing() -> None:
    s = bare()
    mine = soldier(s, 0, "infantry", (5, 5))
    theirs = soldier(s, 1, "infantry", (5, 7))
    refused(s, Move(theirs, acell(s, (5, 8))), "R8.1")
    refused(s, Move(mine, acell(s, (5, 7))), "R8")
    refused(s, Move(mine, acell(s, (12, 0))), "R8.1a")
    play(s, Move(mine, acell(s, (5, 6))), Attack(mine), target(theirs))
    refused(s, Move(mine, acell(s, (5, 5))), "R8.8")
    refused(s, Attack(mine), "R8.6")
    refused(s, Move(999, 3), "R8.1")
    refused(s, Attack(-4, "nonsense"), "R8.1")
