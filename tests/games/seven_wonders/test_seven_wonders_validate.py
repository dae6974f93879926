"""Loading refuses impossible saves by name; refusals never crash on odd field values; render."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import tabletop
from games.seven_wonders.seven_wonders_helpers import table
from tabletop.games.seven_wonders import GAME, Build, BuildFree, BuildFromDiscard, BuildStage, Discard


def saved(players: int = 3) -> dict[str, Any]:
    state = table(players=players)
    state.apply(state.legal_actions()[0])
    data: dict[str, Any] = json.loads(json.dumps(state.to_dict()))
    return data


@pytest.mark.parametrize(
    ("tamper", "words"),
    [
        (lambda d: d["built"].__setitem__(0, [d["hands"]["cards"][1][0]]), "is both in"),
        (lambda d: (d["discard"].append("nope"), d["discard_known"].append(0)), "not a known card"),
        (lambda d: d["box"].pop(), "in no place"),
        (lambda d: d["coins"].__setitem__(1, -2), "never negative"),
        (lambda d: d["boards"].__setitem__(2, "Atlantis"), "not a board"),
        (lambda d: d["boards"].__setitem__(2, "Gizah"), "share a board"),
        (lambda d: d["sides"].__setitem__(0, "C"), "'A' or 'B'"),
        (lambda d: d.__setitem__("turn", 7), "turn 1-6"),
        (lambda d: d["coins"].append(3), "one entry per city"),
        (lambda d: d["olympia_used"].__setitem__(0, 1), "olympia_used is 1, but it has built no stage"),
        (lambda d: d.__setitem__("holder", 1), "holder"),
        (lambda d: d["queue"].append(["dance", 0]), "unknown decision"),
        (lambda d: d["discard_known"].append(1), "discard_known"),
        (lambda d: d["choices"].__setitem__("waiting", []), "must wait"),
    ],
)
def test_impossible_saves_are_refused_by_name(tamper: Any, words: str) -> None:
    data = saved()
    GAME.state_from_dict(data)  # the untampered save loads
    tamper(data)
    with pytest.raises(ValueError, match=words):
        GAME.state_from_dict(data)


@pytest.mark.parametrize("players", [2, 3, 7])
def test_more_coins_than_a_game_can_pay_out_are_refused(players: int) -> None:
    """The bank has no limit, but it pays a card at a time: 10**400 coins once loaded trusted
    and the observation tensor raised OverflowError. The bound is a whole game's most."""
    cities = 3 if players == 2 else players
    data = saved(players)
    data["coins"][0] = 10**400
    for verify in (True, False):
        with pytest.raises(ValueError, match=r"coins together: a game pays out at most \d+ \(3 a city"):
            GAME.state_from_dict(data, verify=verify)
    # Every coin two Ages of random play gathered is far inside the bound.
    state = table(players=players)
    rng = random.Random(players)
    while state.age < 3:
        state.apply(rng.choice(state.legal_actions()))
    most = cities * (3 + 25 * 28)
    assert sum(state.coins) < most / 10
    data = json.loads(json.dumps(state.to_dict()))
    data["coins"][1] += most - sum(state.coins)  # exactly the bound: trusted, it loads
    GAME.state_from_dict(data, verify=False).observation_tensor(0)
    data["coins"][1] += 1
    with pytest.raises(ValueError, match=f"hold {most + 1} coins together: a game pays out at most {most} "):
        GAME.state_from_dict(data, verify=False)


@pytest.mark.parametrize("players", [2, 4])
def test_a_finished_games_outcome_is_what_its_score_sheets_give(players: int) -> None:
    state = table(players=players)
    rng = random.Random(players)
    while not state.is_terminal:
        state.apply(rng.choice(state.legal_actions()))
    data = json.loads(json.dumps(state.to_dict()))
    assert GAME.state_from_dict(data, verify=False).outcome == state.outcome
    data["coins"][0] += 30  # 10 more treasury points the outcome does not show
    with pytest.raises(ValueError, match=r"outcome is Outcome\(.*\), but the cities' score sheets"):
        GAME.state_from_dict(data, verify=False)
    data = json.loads(json.dumps(state.to_dict()))
    assert state.outcome is not None
    data["outcome"]["winners"] = [seat for seat in range(players) if seat not in state.outcome.winners][:1]
    with pytest.raises(ValueError, match="score sheets and coins give"):
        GAME.state_from_dict(data, verify=False)


def test_a_two_player_save_needs_a_holder() -> None:
    data = saved(players=2)
    GAME.state_from_dict(data)
    data["holder"] = -1
    with pytest.raises(ValueError, match="holder"):
        GAME.state_from_dict(data)


_values = st.one_of(
    st.none(), st.integers(-3, 40), st.text(max_size=12), st.sampled_from(["I-altar", "III-palace", "I-loom"])
)


@given(st.sampled_from([Build, BuildFree, BuildStage, Discard, BuildFromDiscard]), _values, _values, _values)
@settings(max_examples=150, deadline=None)
def test_refusals_never_crash_on_any_field_value(kind: Any, card: Any, left: Any, right: Any) -> None:
    state = table(seed=2)
    before = state.to_dict()
    fields = (
        {"card": card}
        if kind in (BuildFree, Discard, BuildFromDiscard)
        else {"card": card, "left": left, "right": right}
    )
    action = kind(**fields)
    if action in state.legal_actions():
        return
    with pytest.raises(tabletop.IllegalAction) as refused:
        state.apply(action)
    assert str(refused.value)
    assert state.to_dict() == before


def test_render_shows_every_city_the_prices_and_only_the_viewers_hand() -> None:
    state = table(players=3)
    text = state.render()
    assert "player 0: Gizah A" in text and "player 2: Ephesos A" in text
    assert "buys from the left at  W2 S2 C2 O2 G2 L2 P2" in text
    assert text.count("hand: 7 cards") == 3
    assert "player 0's hand:" in text and "player 1's hand:" not in text
    two = table(players=2)
    assert "Free City: Ephesos A" in two.render() and "holds the Free City card" in two.render()
