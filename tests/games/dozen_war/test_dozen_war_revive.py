"""R8.14, R8.16: revival is the ``revive`` decision that opens a turn (pass allowed), offered
only while the player can pay for one into a free castle of its own; the turn comes after."""

from __future__ import annotations

import random

import attrs
import pytest

from contract import random_state
from games.dozen_war.dozen_war_helpers import (
    acell,
    bare,
    castle,
    cell,
    engage_duel,
    general,
    give_coins,
    play,
    refused,
    soldier,
    start_turn,
)
from tabletop.games.dozen_war import GAME
from tabletop.games.dozen_war.actions import EndTurn, Move, Pass, Revive
from tabletop.games.dozen_war.state import DozenWarState


def _ready(coins: int = 4, dead: tuple[str, ...] = ("est",)) -> DozenWarState:
    """P1 at the start of a round-5 turn with ``dead`` generals, two own castles and ``coins``."""
    s = bare(round_=5)
    give_coins(s, 0, coins)
    castle(s, 0, "infantry", (1, 6))
    castle(s, 0, "archer", (0, 7))
    s.roster[0] += list(dead)
    return s


def test_the_turn_opens_with_the_revive_decision_and_a_pass() -> None:
    s = _ready()
    start_turn(s)
    assert s.decision == "revive" and s.current_player == 0
    assert s.legal_actions() == [Revive("est", acell(s, (1, 6))), Revive("est", acell(s, (0, 7))), Pass()]
    play(s, Pass())
    assert s.decision == "turn" and s.coins[0] == 4 and not any(u.general for u in s.units.values())
    assert not any(isinstance(a, Revive) for a in s.legal_actions())
    refused(s, Revive("est", acell(s, (1, 6))), "R8.14, R8.16")


def test_after_a_revival_the_general_acts_this_turn() -> None:
    s = _ready()
    start_turn(s)
    play(s, Revive("est", acell(s, (0, 7))))
    assert s.decision == "turn" and s.coins[0] == 0
    est = next(u for u in s.units.values() if u.general == "est")
    assert est.cell == cell(s, (0, 7)) and est.hp == 3 and not est.moved
    assert any(isinstance(a, Move) and a.unit == est.id for a in s.legal_actions())


def test_the_decision_stays_open_while_another_revival_is_possible() -> None:
    s = _ready(coins=9, dead=("est", "lucy"))
    start_turn(s)
    play(s, Revive("est", acell(s, (1, 6))))
    assert s.decision == "revive"
    assert s.legal_actions() == [Revive("lucy", acell(s, (0, 7))), Pass()]
    play(s, Revive("lucy", acell(s, (0, 7))))
    # 1 coin left and both castles hold a general: the turn goes on.
    assert s.decision == "turn" and s.coins[0] == 1


@pytest.mark.parametrize("why", ["three coins", "no dead general", "castles taken", "no castle"])
def test_no_revive_decision_when_no_revival_is_possible(why: str) -> None:
    s = _ready(coins=3 if why == "three coins" else 4, dead=() if why == "no dead general" else ("est",))
    if why == "castles taken":  # one holds a general, the other is destroyed
        general(s, 0, "lucy", (1, 6))
        s.castles[1] = attrs.evolve(s.castles[1], hp=0)
    if why == "no castle":
        s.castles = []
    start_turn(s)
    assert s.decision == "turn"
    assert not any(isinstance(a, Revive) for a in s.legal_actions())


def test_engage_has_no_revival() -> None:
    s = engage_duel()
    start_turn(s)
    assert s.decision == "turn"
    refused(s, Revive("est", 0), "R11.1")


def test_the_turns_actions_wait_for_the_revive_decision() -> None:
    s = _ready()
    mover = soldier(s, 0, "infantry", (9, 9))
    start_turn(s)
    refused(s, Move(mover, acell(s, (9, 8))), "R8.16")
    refused(s, EndTurn(), "R8.16")
    refused(s, Revive("est", acell(s, (12, 12))), "R8.14")
    refused(s, Revive("lucy", acell(s, (1, 6))), "R8.14")


def _random(seed: int) -> DozenWarState:
    state = random_state(GAME, seed, 0, players=4, generals="random")
    assert isinstance(state, DozenWarState)
    return state


def _revive_state() -> DozenWarState:
    """A random 4-player game at its first revive decision."""
    for seed in range(SEEDS):
        state = _random(seed)
        rng = random.Random(seed)
        while not state.is_terminal:
            if state.decision == "revive":
                return state
            state.apply(rng.choice(state.legal_actions()))
    raise AssertionError("no revive decision in the seeded games")


def _trusted_tasks(state: DozenWarState, tasks: list[dict[str, object]]) -> DozenWarState:
    data = state.to_dict()
    data["tasks"] = tasks
    return GAME.state_from_dict(data, verify=False)


def test_a_save_at_the_revive_decision_loads_and_plays_on() -> None:
    s = _revive_state()
    loaded = GAME.state_from_dict(s.to_dict(), verify=False)
    assert loaded.decision == "revive" and loaded.legal_actions() == s.legal_actions()


@pytest.mark.parametrize("edit", ["another seat's", "below a choice", "nothing to revive", "after acting"])
def test_a_revive_decision_the_engine_could_not_have_written_is_refused(edit: str) -> None:
    s = _revive_state()
    seat = s.current_player
    assert seat is not None
    tasks = s.to_dict()["tasks"]
    revive = tasks[-1]
    assert revive["kind"] == "revive"
    if edit == "another seat's":
        tasks[-1] = {**revive, "seat": (seat + 1) % 4}
    elif edit == "below a choice":
        tasks.append({"kind": "discard", "seat": seat, "data": {"count": 1}})
    elif edit == "nothing to revive":
        s.bank, s.coins[seat] = s.bank + s.coins[seat], 0
    else:
        s.acted = True
    with pytest.raises(ValueError, match=r"revive"):
        _trusted_tasks(s, tasks)


def test_random_play_opens_turns_with_revivals_only_when_possible() -> None:
    """Over random 4-player games: ``revive`` is only ever a turn's first decision, with a pass,
    and each revival costs its player 4 coins and keeps its turn."""
    seen = revived = 0
    for seed in range(SEEDS):
        state = _random(seed)
        rng = random.Random(seed)
        while not state.is_terminal:
            legal = state.legal_actions()
            seat = state.current_player
            assert seat is not None
            if state.decision == "revive":
                seen += 1
                assert legal[-1] == Pass() and len(legal) > 1
                assert all(isinstance(a, Revive) for a in legal[:-1])
                assert state.coins[seat] >= 4 and not state.acted and state.tasks[-2].kind == "turn"
            elif state.decision == "turn":
                assert not any(isinstance(a, Revive) for a in legal)
            action = rng.choice(legal)
            coins = state.coins[seat]
            state.apply(action)
            if isinstance(action, Revive):
                revived += 1
                assert state.coins[seat] == coins - 4 and state.current_player == seat
    assert seen and revived


#: Random games enough to meet a revive decision and a revival.
SEEDS = 6
