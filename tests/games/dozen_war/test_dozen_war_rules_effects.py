"""RULESET.md rule by rule: the effect vocabulary and legal cells (§13), events (§14) and tokens (§15).
Each test names the rule it states."""

from __future__ import annotations

from collections.abc import Callable, Iterator

import pytest

from games.dozen_war.dozen_war_helpers import (
    acell,
    bare,
    castle,
    cell,
    choose_cell,
    general,
    give,
    hp,
    lucy_hit_while,
    mountain,
    pass_until,
    play,
    refused,
    run_event,
    soldier,
    target,
    with_status,
)
from tabletop.core import Rng
from tabletop.games.dozen_war import GAME
from tabletop.games.dozen_war.actions import (
    Attack,
    ChooseCell,
    DefendSkill,
    Dig,
    Guard,
    Move,
    Necklace,
    Pass,
    PlayCard,
    UseSkill,
)
from tabletop.games.dozen_war.components import CARDS, EVENTS, SKILLS, TOKENS
from tabletop.games.dozen_war.effects import run
from tabletop.games.dozen_war.model import Task
from tabletop.games.dozen_war.rounds import _affected
from tabletop.games.dozen_war.state import DozenWarState

# ---------------------------------------------------------------------- §13 effects


def test_r13_2_single_ray_targets_all_share_the_first_targets_ray() -> None:
    """R13.2: single ray targets all share the first targets ray."""
    s = bare()
    general(s, 0, "mask", (5, 5))
    east = soldier(s, 1, "archer", (5, 6))
    east2 = soldier(s, 1, "archer", (5, 8))
    south = soldier(s, 1, "archer", (7, 5))
    play(s, UseSkill("mask.1"))
    assert target(south) in s.legal_actions()
    play(s, target(east))
    legal = s.legal_actions()
    assert target(east2) in legal and target(south) not in legal


def test_r13_5_a_within_trigger_measures_from_the_skills_general() -> None:
    """R13.5: a within trigger measures from the skills general."""
    for distance, offered in ((3, True), (4, False)):
        s = bare()
        general(s, 1, "est", (5, 6 + distance))
        victim = soldier(s, 1, "archer", (5, 6))
        cav = soldier(s, 0, "cavalry", (5, 5))
        soldier(s, 1, "infantry", (12, 0))  # P2's anchor is far away
        play(s, Attack(cav), target(victim))
        assert (s.decision == "defence_skill" and DefendSkill("est.2") in s.legal_actions()) == offered


def test_r13_7_a_summon_never_lands_on_a_mountain_an_enemy_castle_or_a_full_cell() -> None:
    """R13.7: a summon never lands on a mountain an enemy castle or a full cell."""
    s = bare()
    general(s, 0, "est", (5, 5))
    mountain(s, (4, 4))
    castle(s, 1, "infantry", (4, 5))
    for _ in range(5):
        soldier(s, 0, "infantry", (4, 6))
    soldier(s, 2, "archer", (5, 4))
    give(s, 0, "com.ken_goi_quan")
    play(s, PlayCard("com.ken_goi_quan"))
    while s.decision in ("necklace", "defence_card"):
        play(s, Pass())
    cells = {a.cell for a in s.legal_actions() if isinstance(a, ChooseCell)}
    # Est's own cell is legal for a soldier; (5,4) holds P3's unit.
    assert cells == {acell(s, rc) for rc in ((5, 5), (5, 6), (6, 4), (6, 5), (6, 6))}


def test_r13_7_a_teleport_never_lands_on_a_mountain_or_beside_another_players_unit_in_its_cell() -> None:
    """R13.7: a teleport never lands on a mountain or beside another players unit in its cell."""
    s = bare()
    ranus = general(s, 0, "ranus", (5, 5))
    mountain(s, (9, 9))
    soldier(s, 1, "archer", (9, 8))
    castle(s, 2, "cavalry", (8, 8))
    play(s, UseSkill("ranus.1"))
    cells = {a.cell for a in s.legal_actions() if isinstance(a, ChooseCell)}
    assert acell(s, (9, 9)) not in cells and acell(s, (9, 8)) not in cells and acell(s, (8, 8)) not in cells
    assert acell(s, (9, 7)) in cells
    play(s, choose_cell(s, (9, 7)))
    assert s.units[ranus].cell == cell(s, (9, 7))


# ---------------------------------------------------------------------- §14 events


def test_r14_1_r14_6_forty_event_cards_twenty_designs_shuffled_by_the_seed() -> None:
    """R14.1, R14.6: forty event cards twenty designs shuffled by the seed."""
    s = GAME.new_game(players=4, seed=1, generals="random")
    t = GAME.new_game(players=4, seed=2, generals="random")
    assert len(s.events) == 40 and sorted(s.events) == sorted(t.events) and s.events != t.events
    designs = sorted({c.split("#")[0] for c in s.events})
    assert designs == [f"E{n:02d}" for n in range(1, 21)]
    assert all(sum(c.startswith(d + "#") for c in s.events) == 2 for d in designs)
    who = {d: EVENTS[d].affects["who"] for d in designs}
    assert who["E07"] == "zone" and who["E08"] == "zone" and who["E15"] == "most_map_pieces"
    assert who["E16"] == "fewest_castles" and {d for d in designs if who[d] == "payers"} == {
        "E09",
        "E10",
        "E18",
    }
    assert [EVENTS[d].cost for d in ("E09", "E10", "E18")] == [2, 1, 1]


def _dice(rolls: list[int]) -> Iterator[int]:
    yield from rolls
    raise AssertionError("more rolls than expected")


def test_r14_3_r2_26_one_roll_each_in_turn_order_one_to_three_low(monkeypatch: pytest.MonkeyPatch) -> None:
    """R14.3, R2.26: one roll each in turn order one to three low."""
    s = bare(round_=2)
    s.coins = [1, 1, 1, 1]
    s.bank = 26
    s.turns.order = [2, 0, 3, 1]
    s.turns.position = 1
    tax = next(c for c in s.events if c.startswith("E01#"))
    s.events.remove(tax)
    s.events.append(tax)
    s.tasks = [Task("round_end"), Task("turn", 0), Task("event")]
    rolls = _dice([2, 5, 3, 6])
    monkeypatch.setattr(Rng, "randint", lambda self, low, high: next(rolls))
    s.forget_legal_actions()
    run(s)
    # Turn order P3, P1, P4, P2 rolls 2, 5, 3, 6: low, high, low, high.
    assert s.coins == [2, 2, 0, 0] and s.bank == 26 and s.events_done == [tax]


def test_r14_2_r14_5_nobody_holds_a_map_piece_so_the_rumour_touches_nobody() -> None:
    """R14.2, R14.5: nobody holds a map piece so the rumour touches nobody."""
    s = bare()
    assert _affected(s, "E15") == []
    general(s, 2, "lucy", (5, 5), pieces=("map_piece_1",))
    general(s, 1, "mask", (7, 7), pieces=("map_piece_2",))
    assert _affected(s, "E15") == [1, 2]
    s.eliminated[1] = True
    assert _affected(s, "E15") == [2] and 1 not in _affected(s, "E01")


def test_r14_2_the_fewest_castles_event_names_every_player_tied_for_fewest() -> None:
    """R14.2: the fewest castles event names every player tied for fewest."""
    s = bare()
    castle(s, 0, "infantry", (0, 0))
    castle(s, 1, "infantry", (0, 4))
    assert _affected(s, "E16") == [2, 3]


def test_r14_5_alliance_rumour_compares_teams() -> None:
    """R14.5: alliance rumour compares teams."""
    s = bare(mode="alliance")
    s.side_of = [0, 1, 0, 1]
    general(s, 0, "est", (0, 0), pieces=("map_piece_1",))
    general(s, 2, "kazu", (0, 4), pieces=("map_piece_2",))
    general(s, 1, "mask", (4, 4), pieces=("map_piece_3",))
    assert _affected(s, "E15") == [0, 2]


def test_r14_4_an_event_kills_soldiers_crediting_nobody_and_a_soldier_that_does_not_fit_is_lost() -> None:
    """R14.4; R2.24, R2.27: events harm or help; E07 touches only the centre zone."""
    s = bare()
    archer = soldier(s, 0, "archer", (6, 7))
    inf = soldier(s, 0, "infantry", (5, 5))
    run_event(s, "E07", "low")
    assert hp(s, archer) == 0 and hp(s, inf) == 1 and s.skulls == [0, 0, 0, 0] and s.coins == [0, 0, 0, 0]
    t = bare()
    castle(t, 0, "cavalry", (0, 0))
    for _ in range(5):
        soldier(t, 0, "cavalry", (0, 0))
    before = len(t.units)
    run_event(t, "E03", "high")
    while t.decision != "turn":
        play(t, t.legal_actions()[0])
    assert len(t.units) == before


# ---------------------------------------------------------------------- §15 tokens


def test_r15_2_r7_3_four_players_one_token_under_each_of_the_nine_mountains() -> None:
    """R15.2, R7.3; R2.15, R15.1: five map pieces, two treasures, two curses."""
    s = GAME.new_game(players=4, seed=4, generals="random")
    while s.decision != "turn":
        s.apply(s.legal_actions()[0])
    assert sorted(len(t) for t in s.mountains.values()) == [1] * 9
    assert set(s.mountains) == set(s.terrain)
    assert sorted(t for ts in s.mountains.values() for t in ts) == sorted(
        ["map_piece_1", "map_piece_2", "map_piece_3", "map_piece_4", "map_piece_5"]
        + ["ruong_vang_mativen", "kho_vu_khi_co", "loi_nguyen_mau", "loi_nguyen_hoang_tan"]
    )


def test_r15_2_r7_2c_three_players_each_start_with_a_piece_and_six_tokens_lie_under_home_and_border() -> None:
    """R15.2, R7.2c: three players each start with a piece and six tokens lie under home and border."""
    s = GAME.new_game(players=3, seed=4, generals="random")
    while s.decision != "turn":
        s.apply(s.legal_actions()[0])
    held = [sum(len(u.pieces) for u in s.units.values() if u.owner == seat) for seat in range(3)]
    assert held == [1, 1, 1]
    under = {c for c, t in s.mountains.items() if t}
    assert under == {cell(s, rc) for rc in ((3, 3), (3, 7), (7, 5), (1, 5), (5, 1), (5, 9))}
    assert sum(len(t) for t in s.mountains.values()) == 6


def test_r15_2_r10_3_alliance_one_piece_per_team_and_seven_tokens() -> None:
    """R15.2, R10.3: alliance one piece per team and seven tokens."""
    s = GAME.new_game(players=4, seed=4, generals="random", mode="alliance")
    while s.decision != "turn":
        s.apply(s.legal_actions()[0])
    teams: dict[int, int] = {}
    for u in s.units.values():
        teams[s.side_of[u.owner]] = teams.get(s.side_of[u.owner], 0) + len(u.pieces)
    assert teams == {0: 1, 1: 1}
    under = {c for c, t in s.mountains.items() if t}
    empty = {cell(s, (3, 9)), cell(s, (9, 3))}
    assert len(under) == 7 and not (under & empty) and all(len(t) == 1 for t in s.mountains.values() if t)


def test_r15_2_engage_has_no_tokens() -> None:
    """R15.2: engage has no tokens."""
    s = GAME.new_game(players=2, seed=4)
    assert not any(s.mountains.values()) and s.loose == {}


def test_r15_3_which_mountain_holds_a_token_is_public_its_identity_is_not() -> None:
    """R15.3: which mountain holds a token is public its identity is not."""
    s = bare()
    mountain(s, (3, 3), ["map_piece_1"])
    mountain(s, (9, 9), ["loi_nguyen_mau"])
    t = bare()
    mountain(t, (3, 3), ["loi_nguyen_mau"])
    mountain(t, (9, 9), ["map_piece_1"])
    u = bare()
    mountain(u, (3, 3), ["loi_nguyen_mau"])
    mountain(u, (9, 9))
    for seat in range(4):
        assert s.observation(seat) == t.observation(seat)
        assert s.observation(seat) != u.observation(seat)


def test_r15_6_a_mountain_with_no_token_cannot_be_dug() -> None:
    """R15.6: a mountain with no token cannot be dug."""
    s = bare()
    mountain(s, (3, 6))
    est = general(s, 0, "est", (2, 6))
    assert not any(isinstance(a, Dig) for a in s.legal_actions())
    refused(s, Dig(est, acell(s, (3, 6))), "R15.6")


def test_r15_9_r15_10_a_loose_piece_counts_for_whoever_occupies_its_cell() -> None:
    """R15.9, R15.10: a loose piece counts for whoever occupies its cell."""
    s = bare()
    inf = soldier(s, 0, "infantry", (5, 5))
    s.loose[cell(s, (5, 5))] = ["map_piece_1"]
    general(s, 0, "est", (0, 0), pieces=("map_piece_2",))
    s.forget_legal_actions()
    assert s.scores()[0]["map_pieces"] == 2
    play(s, Move(inf, acell(s, (5, 6))))
    assert s.scores()[0]["map_pieces"] == 1 and all(sheet["map_pieces"] == 0 for sheet in s.scores()[1:])
    assert s.loose[cell(s, (5, 5))] == ["map_piece_1"]  # it moves with nobody


def test_r15_9_a_soldier_cannot_take_a_loose_piece_only_a_general_by_digging() -> None:
    """R15.9: a soldier cannot take a loose piece only a general by digging."""
    s = bare()
    soldier(s, 0, "infantry", (5, 5))
    s.loose[cell(s, (5, 5))] = ["map_piece_1"]
    s.forget_legal_actions()
    assert not any(isinstance(a, Dig) for a in s.legal_actions())
    est = general(s, 0, "est", (5, 5))
    play(s, Dig(est, acell(s, (5, 5))))
    assert s.units[est].pieces == ("map_piece_1",) and cell(s, (5, 5)) not in s.loose


def test_r15_8_r2_17_the_thief_puts_each_stolen_piece_on_a_living_general_of_its_choice() -> None:
    """R15.8, R2.17: the thief puts each stolen piece on a living general of its choice."""
    s = bare()
    est = general(s, 0, "est", (0, 0))
    kazu = general(s, 0, "kazu", (0, 4))
    cav = soldier(s, 0, "cavalry", (7, 6))
    siri = general(s, 1, "siri", (7, 7), hp=1, pieces=("map_piece_1", "map_piece_2"))
    play(s, Attack(cav), target(siri))
    pass_until(s, "assign_stolen_piece")
    assert s.current_player == 0
    play(s, target(est))
    play(s, target(kazu))
    assert len(s.units[est].pieces) == len(s.units[kazu].pieces) == 1
    assert sorted(s.units[est].pieces + s.units[kazu].pieces) == ["map_piece_1", "map_piece_2"]
    assert s.skulls[0] == 1 and s.coins[0] == 1


def test_r2_18_a_curse_is_never_stolen_or_dropped() -> None:
    """R2.18: a curse is never stolen or dropped."""
    s = bare()
    est = general(s, 0, "est", (2, 6), hp=3)
    mountain(s, (3, 6), ["loi_nguyen_mau"])
    play(s, Dig(est, acell(s, (3, 6))))
    assert hp(s, est) == 1 and s.units[est].pieces == () and s.spent_tokens == ["loi_nguyen_mau"]
    assert s.mountains.get(cell(s, (3, 6)), []) == [] and s.loose == {}


def _status_matrix(status: str) -> tuple[bool, bool, bool, bool]:
    """What a general with ``status`` may still do: a buff skill, a fist skill, an attack, a move."""
    s = bare()
    rodoc = general(s, 0, "rodoc", (5, 5))
    soldier(s, 0, "infantry", (5, 6))
    soldier(s, 1, "archer", (4, 5))
    with_status(s, rodoc, status)
    legal = s.legal_actions()
    return (
        UseSkill("rodoc.1") in legal,
        UseSkill("rodoc.2") in legal,
        Attack(rodoc) in legal,
        any(isinstance(a, Move) and a.unit == rodoc for a in legal),
    )


def test_r13_6_what_each_status_forbids() -> None:
    """R13.6: what each status forbids."""
    assert _status_matrix("stun") == (False, False, False, False)
    assert _status_matrix("root") == (False, False, False, False)
    assert _status_matrix("freeze") == (True, False, False, False)
    assert _status_matrix("silence") == (True, True, True, True)


def test_r13_6_a_stunned_generals_owner_still_plays_cards_for_it_and_a_rooted_infantry_guards() -> None:
    """R13.6: a stunned generals owner still plays cards for it and a rooted infantry guards."""
    s = bare()
    est = general(s, 0, "est", (5, 5), hp=2)
    with_status(s, est, "stun")
    give(s, 0, "com.binh_mau")
    assert PlayCard("com.binh_mau") in s.legal_actions()
    t = bare()
    archer = soldier(t, 0, "archer", (5, 2))
    victim = soldier(t, 1, "archer", (5, 5))
    guard = soldier(t, 1, "infantry", (5, 6))
    with_status(t, guard, "root")
    play(t, Attack(archer), target(victim), Guard(guard))
    assert hp(t, victim) == 1 and hp(t, guard) == 1


def test_r13_6_no_defence_skill_for_a_frozen_receiver() -> None:
    """R13.6: no defence skill for a frozen receiver."""
    s, lucy = lucy_hit_while("freeze")
    assert s.decision == "turn" and hp(s, lucy) == 2


#: R13.3's operations, as the table names them.
_OPERATIONS = {
    "strike", "dice_strike", "attack_mod", "buff", "cancel_hit", "swap_redirect", "redirect", "dodge_move",
    "teleport", "counter_strike", "reflect_damage", "heal", "summon", "pay_hp", "status", "push", "pull",
    "transform_self", "convert_soldier", "copy_skill", "dice_evasion", "cancel_card", "steal_card", "coins",
    "draw_cards", "discard_cards", "gain_soldier", "lose_soldier", "damage_soldiers", "general_hp",
    "castle_hp", "round_modifier", "mark_skill", "hold_map_piece", "nothing",
}  # fmt: skip


def _ops(effects: object) -> set[str]:
    """Every ``op`` named in an effect list, riders (``then``) included."""
    found: set[str] = set()
    if isinstance(effects, dict):
        if isinstance(effects.get("op"), str):
            found.add(effects["op"])
        for value in effects.values():
            found |= _ops(value)
    elif isinstance(effects, (list, tuple)):
        for item in effects:
            found |= _ops(item)
    return found


def test_r13_1_r13_3_every_skill_card_event_and_token_is_written_in_the_one_vocabulary() -> None:
    """R13.1, R13.3: the data's fields, and every effect op is one of R13.3's operations."""
    used: set[str] = set()
    for skill in SKILLS.values():
        assert skill.timing in ("attack", "defence", "both") and skill.stars >= 1 and skill.text
        assert (skill.trigger is not None) == (skill.timing == "defence") or skill.timing == "both"
        used |= _ops(skill.effect)
    for card in CARDS.values():
        assert card.group in ("infantry", "archer", "cavalry", "common") and card.kind and card.text
        used |= _ops(card.effect)
    for event in EVENTS.values():
        used |= _ops(event.low.effects) | _ops(event.high.effects)
    for token in TOKENS.values():
        used |= _ops(token.effect)
    assert used <= _OPERATIONS and len(used) > 25


def test_r13_4_the_necklace_is_offered_in_turn_order_after_the_cards_player_and_the_first_cancels() -> None:
    """R13.4: enemies are asked in turn order starting after the card's player; the first Necklace
    played cancels the attack modifier and the attack goes on without it."""

    def setup() -> tuple[DozenWarState, int, int]:
        s = bare()
        s.turns.order = [0, 2, 1, 3]
        cav = soldier(s, 0, "cavalry", (5, 5))
        foe = soldier(s, 1, "infantry", (5, 6))
        give(s, 0, "cav.dai_dao")
        give(s, 1, "cav.khien_go")
        give(s, 2, "com.day_chuyen_may_man")
        give(s, 3, "com.day_chuyen_may_man")
        play(s, Attack(cav, "cav.dai_dao"))
        return s, cav, foe

    s, _, _ = setup()
    asked = []
    while s.decision == "necklace":
        asked.append(s.current_player)
        play(s, Pass())
    assert asked == [2, 1, 3] and s.decision == "target"
    t, _, foe = setup()
    play(t, Necklace())
    assert t.decision == "target" and t.attack is not None and t.attack.damage == 1
    assert any(c.startswith("cav.dai_dao#") for c in t.discard)
    play(t, target(foe))
    while t.decision != "turn":
        play(t, Pass())
    assert hp(t, foe) == 1 and t.hands[2] == [] and len(t.hands[3]) == 1  # the second Necklace is kept


def test_r7_2_r7_1a_an_event_that_kills_a_players_last_unit_eliminates_it() -> None:
    """R7.2, R7.1a, R14.4: the check runs after an event outcome; nobody is credited."""
    s = bare()
    for uid in [u.id for u in s.units.values() if u.owner == 1]:
        del s.units[uid]
    last = soldier(s, 1, "archer", (6, 7))
    run_event(s, "E07", "low", seat=1)
    assert hp(s, last) == 0 and s.eliminated[1] and 1 not in s.turns.order and s.skulls == [0, 0, 0, 0]


def test_r2_6a_r14_4_an_event_payout_is_limited_by_the_bank() -> None:
    """R2.6a, R14.4: E14 high pays 2, but the bank holds only 1."""
    s = bare()
    s.coins = [29, 0, 0, 0]
    s.bank = 1
    run_event(s, "E14", "high")
    assert s.coins[0] == 30 and s.bank == 0


def _pushed(block: Callable[[DozenWarState], object]) -> tuple[int, int]:
    """Where Raen's Tên Lưới pushes P1's infantry from (5,5) (4 cells west along Raen's ray), with
    ``block`` set up first."""
    s = bare()
    general(s, 1, "raen", (5, 8))
    victim = soldier(s, 1, "infantry", (5, 6))
    attacker = soldier(s, 0, "infantry", (5, 5))
    block(s)
    play(s, Attack(attacker), target(victim))
    pass_until(s, "defence_skill")
    play(s, DefendSkill("raen.2"))
    while s.decision != "turn":
        play(s, Pass())
    row, col = divmod(s.units[attacker].cell, 13)
    return row, col


def test_r13_3_r2_3a_a_push_stops_before_any_cell_the_unit_could_not_enter() -> None:
    """R13.3 push, R2.3a, R13.7: never onto a mountain, an enemy unit, another player's castle or
    a full cell; through an own castle it goes on."""
    assert _pushed(lambda s: None) == (5, 1)
    assert _pushed(lambda s: mountain(s, (5, 3))) == (5, 4)
    assert _pushed(lambda s: soldier(s, 2, "archer", (5, 2))) == (5, 3)
    assert _pushed(lambda s: [soldier(s, 0, "archer", (5, 3)) for _ in range(5)]) == (5, 4)
    assert _pushed(lambda s: castle(s, 1, "infantry", (5, 3))) == (5, 4)
    assert _pushed(lambda s: castle(s, 0, "infantry", (5, 3))) == (5, 1)


def test_r13_3_a_pull_never_ends_in_a_castle() -> None:
    """R13.3 pull: only into an empty legal cell next to the user, never a castle."""
    for own_castle, end in ((False, (5, 3)), (True, (5, 6))):
        s = bare()
        general(s, 0, "kazu", (5, 2))
        foe = soldier(s, 1, "infantry", (5, 6))
        s.coins[0] = 2
        s.bank -= 2
        if own_castle:
            castle(s, 0, "infantry", (5, 3))
        play(s, UseSkill("kazu.3"), target(foe))
        while s.decision != "turn":
            play(s, Pass())
        assert s.units[foe].cell == cell(s, end) and hp(s, foe) == 1
