"""Hidden information, exactly: every output meant for a seat is the same in states that seat
cannot tell apart.

``state.determinize(seat, seed)`` keeps what ``seat`` sees and redeals the rest (hands, deck
orders, face-down cards, hidden commits). So whatever is computed for ``seat`` must come out
equal on the true state ``S`` and on two determinizations ``D1``, ``D2`` of it: a difference is
a leak of something ``seat`` cannot know. The outputs checked, for every game and setting:

- the state: ``observation``, ``observation_tensor``, ``svg(seat)`` and the spectator's
  ``svg()``, ``current_player``, ``decision``, ``acting_seats()``, ``is_terminal``, the status
  line (``repr`` up to the history count, which a determinized state does not have),
  ``returns()``, ``teams`` and ``scores()``; when ``seat`` is to move also ``legal_actions()``
  (the list in order, each action's ``str`` and ``repr``), ``legal_action_ids()``, the text of
  the table (``str(state)``: it shows the mover's hand), the decision help the terminal game
  prints, and actions read back from their text (``parse_action``);
- the adapters, each built on ``S`` and on ``D``: OpenSpiel's information state and observation
  strings and tensors, current player, legal actions, their strings and mask, ``str``, returns,
  and a world from ``resample_from_infostate``; PettingZoo's AEC ``observe``/``last`` and
  selected agent, the parallel environment's observation, mask and acting seats; Gymnasium's
  observation, ``info`` and ``action_masks()``; the environments' text renders for the mover;
- the agents: ``GreedyAgent`` and ``ISMCTSAgent`` with the same seed choose the same action;
- a determinization is a whole game: its legal actions can be played (a guess that kept a true
  hidden card once made a legal answer raise).

``scores()``: DESIGN.md lists it beside ``to_dict()`` without saying for whom it is; every game
computes it from public parts only (built cards, nobles, coins, tokens, never a hand or a
reserved card), and it is checked here as a seat's output, so a game counting hidden points
would be caught. The terminal game (``tabletop play``) and the replay page are checked by their
own tests below: they name another seat's action only when the person could tell it, and
print no seed (it deals every hidden card).

The sampled points of each random game are the first few of every decision kind (draft picks,
defence windows, steals, event choices...), states where an Age or a round has just turned,
evenly spaced others and the end. Each setting also checks that the determinizations did redeal
something (a check of equal outputs on equal states would prove nothing).

``TABLETOP_HIDDEN_HEAVY=1`` plays more games with more points per game (minutes, not seconds).
"""

from __future__ import annotations

import functools
import importlib
import io
import json
import os
import re
from collections.abc import Callable
from types import ModuleType
from typing import Any

import pytest

import tabletop
from contract import random_game_states
from tabletop.agents import GreedyAgent, ISMCTSAgent, RandomAgent
from tabletop.core import Rng, State
from tabletop.core.describe import decision_help, kind_label
from tabletop.games.dozen_war.components import CARD_COPIES
from tabletop.games.dozen_war.state import DozenWarState
from tabletop.play import Session
from toy import GAME as TOY
from toy import ToyState

HEAVY = os.environ.get("TABLETOP_HIDDEN_HEAVY") == "1"
#: Random games per setting, and the points of each: per decision kind, spread evenly, and where
#: an Age or round turns.
GAMES = 3 if HEAVY else 1
PER_KIND = 6 if HEAVY else 1
SPREAD = 12 if HEAVY else 1
TURNS = 8 if HEAVY else 1
#: Points per game at which the adapters and the agents are checked too (the costliest checks).
ADAPTER_POINTS = 1_000 if HEAVY else 2
AGENT_POINTS = 12 if HEAVY else 1
#: About how many of a determinized state's legal actions are played, to show it is consistent.
PLAYED = 1_000 if HEAVY else 6

Options = dict[str, Any]
#: What ``repr`` says of a state's history, which a determinized state does not keep.
_HISTORY_COUNT = re.compile(r"(determinized, )?after \d+ actions?")


def _configs() -> list[Any]:
    found: list[tuple[str, int, Options]] = [
        ("wonders_duel", 2, {"wonders": "draft"}),
        ("wonders_duel", 2, {"wonders": "beginner"}),
        ("splendor_duel", 2, {}),
    ]
    for module in ("cities", "trading_posts", "orient", "strongholds", None):
        found += [("cities_of_splendor", players, {"module": module}) for players in (2, 3, 4)]
    for side in ("A", "B"):
        found += [("seven_wonders", players, {"side": side}) for players in range(2, 8)]
    for generals in ("draft", "random"):
        found += [
            ("dozen_war", 2, {"mode": "engage", "generals": generals}),
            ("dozen_war", 3, {"mode": "ffa", "generals": generals}),
            ("dozen_war", 4, {"mode": "ffa", "generals": generals}),
            ("dozen_war", 4, {"mode": "alliance", "generals": generals}),
        ]
    return [
        pytest.param(name, players, options, id=f"{name}-{players}p-" + "-".join(map(str, options.values())))
        for name, players, options in found
    ]


CONFIGS = _configs()


# ---------------------------------------------------------------------------- the sampled points


def _sample_points(game: Any, players: int, seed: int, options: Options) -> list[State]:
    """Copies of chosen states of one random game (see the module docstring); both tests of a
    setting share them (no check changes a state)."""
    return list(_points(game.name, players, seed, json.dumps(options)))


@functools.cache
def _points(name: str, players: int, seed: int, options: str) -> tuple[State, ...]:
    played: list[State] = random_game_states(tabletop.load(name), players, seed, **json.loads(options))
    chosen = {len(played) - 1}
    by_kind: dict[str, list[int]] = {}
    turned: list[int] = []
    for index, each in enumerate(played[:-1]):
        by_kind.setdefault(each.decision, []).append(index)
        if index and any(
            getattr(each, name, None) != getattr(played[index - 1], name, None) for name in ("age", "round")
        ):
            turned += [index - 1, index]  # the last decision of an Age or round, and the first after
    for indices in by_kind.values():
        chosen.update(indices[:: max(1, len(indices) // PER_KIND)][:PER_KIND])
    chosen.update(turned[:: max(1, len(turned) // (2 * TURNS))][: 2 * TURNS])
    chosen.update(range(0, len(played), max(1, len(played) // SPREAD)))
    return tuple(played[i] for i in sorted(chosen))


def _hidden_parts(state: State) -> dict[str, Any]:
    """``to_dict()`` without what every determinization sets anew (seed, rng, history, flag)."""
    return {k: v for k, v in state.to_dict().items() if k not in ("seed", "rng", "history", "determinized")}


# ---------------------------------------------------------------------------- the outputs


def seat_outputs(state: State, seat: int, pictures: bool = True) -> dict[str, Any]:
    """Everything the library computes for ``seat`` from ``state`` (see the module docstring);
    the pictures (the costliest, ~5 ms each in Dozen War) only if ``pictures``."""
    out: dict[str, Any] = {
        "observation": state.observation(seat),
        "observation_tensor": state.observation_tensor(seat),
        "current_player": state.current_player,
        "decision": state.decision,
        "acting_seats()": state.acting_seats(),
        "is_terminal": state.is_terminal,
        "status line": state._status(),
        "repr but its history count": _HISTORY_COUNT.sub("", repr(state)),
        "returns()": state.returns(),
        "teams": state.teams,
        "scores()": state.scores(),
    }
    if pictures:
        out["svg(seat)"] = state.svg(seat)
        out["svg() of a spectator"] = state.svg()
    if seat == state.current_player:
        legal = state.legal_actions()
        out.update(
            {
                "legal_actions()": legal,
                "legal action texts": [str(action) for action in legal],
                "legal action reprs": [repr(action) for action in legal],
                "legal_action_ids()": state.legal_action_ids(),
                "str(state)": _HISTORY_COUNT.sub("", str(state)),  # the kernel's default is the repr
                "decision help": decision_help(state),
                "parse_action": [repr(state.parse_action(str(action))) for action in legal[:4]],
            }
        )
    return out


def _module(name: str) -> ModuleType | None:
    try:
        return importlib.import_module(name)
    except ImportError:
        if os.environ.get("CI") == "true":
            raise
        return None


class Adapters:
    """One setting's adapters, each able to wrap any state of the setting: what each gives a seat."""

    def __init__(self, name: str, players: int, options: Options) -> None:
        self.players = players
        self.spiel = _module("pyspiel")
        self.openspiel = _module("tabletop.adapters.openspiel") if self.spiel else None
        self.pettingzoo = _module("tabletop.adapters.pettingzoo")
        self.gymnasium = _module("tabletop.adapters.gymnasium")
        self.node = importlib.import_module("tabletop.adapters._node").Node if self.gymnasium else None
        if self.openspiel is not None and self.spiel is not None:
            params = {
                "players": players,
                **{k: v if isinstance(v, (bool, int, str)) else json.dumps(v) for k, v in options.items()},
            }
            self.spiel_game = self.spiel.load_game(self.openspiel.PREFIX + name, params)
        if self.pettingzoo is not None:
            self.aec = self.pettingzoo.env(name, players=players, render_mode="ansi", **options)
            self.aec.reset(seed=1)
            self.parallel = self.pettingzoo.parallel_env(name, players=players, render_mode="ansi", **options)
            self.parallel.reset(seed=1)
        if self.gymnasium is not None:
            self.gym = [
                self.gymnasium.TabletopEnv(name, seat=seat, players=players, render_mode="ansi", **options)
                for seat in range(players)
            ]

    def spiel_state(self, state: State) -> Any:
        """A pyspiel state over ``state`` (no decisions played before it)."""
        assert self.openspiel is not None and self.node is not None
        wrapped = self.spiel_game.new_initial_state()
        wrapped._t = self.openspiel._Table(wrapped._t.spec, self.node(state.clone()), 0)
        return wrapped

    def outputs(self, state: State, seat: int) -> dict[str, Any]:
        """What each installed adapter gives ``seat`` when built on ``state``."""
        out: dict[str, Any] = {}
        if self.openspiel is not None:
            out.update(_spiel_outputs(self.spiel_state(state), seat))
        if self.pettingzoo is not None and self.node is not None:
            agent = f"player_{seat}"
            aec = self.aec
            aec._table.node = self.node(state.clone())
            aec._select()
            out["pettingzoo observe"] = _plain(aec.observe(agent))
            out["pettingzoo agent_selection"] = aec.agent_selection
            if aec.agent_selection == agent:
                out["pettingzoo last()"] = _plain(aec.last())
            parallel = self.parallel
            parallel._table.node = self.node(state.clone())
            out["pettingzoo parallel observation"] = _plain(parallel._observe_all()[agent])
            out["pettingzoo parallel acting seats"] = sorted(parallel._legal)
            if seat == state.current_player:
                out["pettingzoo render()"] = aec.render()
        if self.gymnasium is not None and self.node is not None:
            env = self.gym[seat]
            env._node = self.node(state.clone())
            out["gymnasium observation"] = _plain(env._observation())
            out["gymnasium info"] = _plain(env._info())
            out["gymnasium action_masks()"] = _plain(env.action_masks())
            if seat == state.current_player:
                out["gymnasium render()"] = env.render()
        return out


def _spiel_outputs(wrapped: Any, seat: int) -> dict[str, Any]:
    out: dict[str, Any] = {
        "openspiel current_player()": wrapped.current_player(),
        "openspiel is_terminal()": wrapped.is_terminal(),
        "openspiel returns()": wrapped.returns(),
        "openspiel information_state_string": wrapped.information_state_string(seat),
        "openspiel information_state_tensor": list(wrapped.information_state_tensor(seat)),
        "openspiel observation_string": wrapped.observation_string(seat),
        "openspiel observation_tensor": list(wrapped.observation_tensor(seat)),
    }
    if seat == wrapped.current_player():
        legal = wrapped.legal_actions()
        out.update(
            {
                "openspiel legal_actions()": legal,
                "openspiel legal_actions_mask()": wrapped.legal_actions_mask(seat),
                "openspiel action strings": [wrapped.action_to_string(seat, action) for action in legal],
                "openspiel str()": str(wrapped),
            }
        )
    return out


def _plain(value: Any) -> Any:
    """``value`` with numpy arrays as (dtype, bytes), so outputs compare with ``==``."""
    if hasattr(value, "tobytes") and hasattr(value, "dtype"):
        return (value.dtype.str, value.shape, value.tobytes())
    if isinstance(value, dict):
        return {key: _plain(item) for key, item in value.items()}
    if isinstance(value, (list, tuple)):
        return [_plain(item) for item in value]
    return value


def _agent_moves(state: State) -> dict[str, Any]:
    return {
        "GreedyAgent(seed=5).act": GreedyAgent(seed=5).act(state),
        "ISMCTSAgent(16, seed=5).act": ISMCTSAgent(16, seed=5).act(state),
    }


# ---------------------------------------------------------------------------- the checks


def check_seat(
    state: State,
    seat: int,
    samples: tuple[int, int],
    outputs: Callable[[State, int], dict[str, Any]] = seat_outputs,
    where: str = "",
    play: bool = True,
) -> bool:
    """Assert that ``outputs(x, seat)`` is equal for ``state`` and two determinizations of it
    for ``seat``, and (if ``play``) that the determinizations' legal actions can be played;
    return whether they redealt anything."""
    first, second = (state.determinize(seat, sample) for sample in samples)
    for sample in (first, second):
        # A guess for the mover starts with the true state's legal actions (the kernel reuses
        # them): forgotten here, so that the guess's own cards decide them and are checked.
        sample.forget_legal_actions()
    truth = outputs(state, seat)
    for sample in (first, second):
        guess = outputs(sample, seat)
        for key, value in truth.items():
            assert guess.get(key) == value, (
                f"{where}seat {seat}'s {key} differs in a state with the same observation({seat}) "
                f"(decision {state.decision!r}, {len(state.history)} actions in, seat "
                f"{state.current_player} to move)"
            )
    assert repr(first) == repr(second)
    for sample in (first, second) if play else ():  # a guess is a whole game: its actions play
        legal = sample.legal_actions()
        for action in legal[:: max(1, len(legal) // PLAYED)]:
            sample.child(action)
    hidden = _hidden_parts(state)
    return _hidden_parts(first) != hidden or _hidden_parts(second) != hidden


@pytest.mark.parametrize(("name", "players", "options"), CONFIGS)
def test_every_seat_facing_output_hides_what_the_seat_cannot_see(
    name: str, players: int, options: Options
) -> None:
    game = tabletop.load(name)
    adapters = Adapters(name, players, options)
    redealt = checked = 0
    for seed in range(GAMES):
        points = _sample_points(game, players, 100 + seed, options)
        with_adapters = set(range(0, len(points), max(1, len(points) // ADAPTER_POINTS)))
        for index, state in enumerate(points):
            where = f"{name} {players}p {options} seed {100 + seed}: "
            for seat in range(players):
                samples = (index * 10 + seat, index * 10 + seat + 5)
                # Default run: pictures for the mover only (tests/pictures.py draws every seat's
                # at the start, two middle states and the end of a game).
                pictures = HEAVY or seat == state.current_player
                outputs = functools.partial(seat_outputs, pictures=pictures)
                redealt += check_seat(state, seat, samples, outputs, where)
                if index in with_adapters:
                    check_seat(state, seat, samples, adapters.outputs, where, play=False)
                checked += 1
            mover = state.current_player
            if index in with_adapters and mover is not None and adapters.spiel is not None:
                # OpenSpiel's own sampled world for the mover (an offset keeps max_game_length).
                wrapped = adapters.spiel_state(state)
                world = wrapped.resample_from_infostate(
                    mover, adapters.spiel.UniformProbabilitySampler(index, 0.0, 1.0)
                )
                assert _spiel_outputs(world, mover) == _spiel_outputs(wrapped, mover), where
    assert redealt > checked // 2, f"only {redealt} of {checked} determinizations redealt anything"


@pytest.mark.parametrize(("name", "players", "options"), CONFIGS)
def test_agents_choose_from_what_the_mover_sees(name: str, players: int, options: Options) -> None:
    game = tabletop.load(name)
    for seed in range(GAMES):
        points = [
            state
            for state in _sample_points(game, players, 100 + seed, options)
            if not state.is_terminal and len(state.legal_actions()) > 1
        ]
        for state in points[:: max(1, len(points) // AGENT_POINTS)][:AGENT_POINTS]:
            mover = state.current_player
            assert mover is not None
            where = f"{name} {players}p {options} seed {100 + seed}: "
            check_seat(state, mover, (3, 4), lambda s, seat: _agent_moves(s), where, play=False)


# ---------------------------------------------------------------------------- the check can fail


def test_the_check_catches_a_text_that_shows_a_hidden_card(monkeypatch: pytest.MonkeyPatch) -> None:
    state = TOY.new_game(players=2, seed=1)
    assert check_seat(state, 0, (1, 2))
    monkeypatch.setattr(ToyState, "render", lambda self: f"next bonus card: {self.deck.cards[-1]}")
    with pytest.raises(AssertionError, match=r"seat 0's str\(state\) differs"):
        check_seat(state, 0, (1, 2))


def test_the_check_catches_legal_actions_ordered_by_a_hidden_card(monkeypatch: pytest.MonkeyPatch) -> None:
    state = TOY.new_game(players=2, seed=1)
    listed = ToyState._legal_actions

    def ordered_by_the_deck(self: ToyState) -> list[Any]:
        actions = listed(self)
        return actions[::-1] if int(self.deck.cards[-1]) % 2 else actions

    monkeypatch.setattr(ToyState, "_legal_actions", ordered_by_the_deck)
    with pytest.raises(AssertionError, match=r"seat 0's legal_actions\(\) differs"):
        for seed in range(20):
            check_seat(state, 0, (seed, seed + 100))


def test_the_check_catches_an_agent_that_reads_the_true_state() -> None:
    state = TOY.new_game(players=2, seed=1)

    def peeking(s: State, seat: int) -> dict[str, Any]:
        return {"a move chosen by the top card": s.to_dict()["deck"]}

    with pytest.raises(AssertionError, match="a move chosen by the top card differs"):
        check_seat(state, 0, (1, 2), peeking)


# ---------------------------------------------------------------------------- leaks found and fixed


def _at_decision(name: str, players: int, seed: int, decision: str, **options: Any) -> State:
    """The first state of a random game (``seed``) deciding ``decision``."""
    state: State = tabletop.load(name).new_game(players=players, seed=seed, **options)
    rng = Rng.from_seed(seed)
    while state.decision != decision:
        assert not state.is_terminal, f"no {decision!r} in game {seed}"
        state.apply(rng.choice(state.legal_actions()))
    return state


def test_dozen_war_card_swap_offer_is_redealt_for_an_enemy() -> None:
    """R10.9c: an alliance's offered card is seen by the two allies only. An enemy's
    determinization kept the true offer: it depended on a card the enemy cannot see, and when the
    offerer's redealt hand lacked it the partner's legal answer raised ValueError."""
    state = _at_decision("dozen_war", 4, 0, "card_swap_offer", mode="alliance")
    assert isinstance(state, DozenWarState)
    offerer, partner = state.current_player, state.tasks[-1].data["partner"]
    offers = [action for action in state.legal_actions() if str(action) != "pass"]
    assert offerer is not None and len(offers) > 1
    first, second = state.child(offers[0]), state.child(offers[1])
    enemies = [seat for seat in range(4) if state.side_of[seat] != state.side_of[offerer]]
    for enemy in enemies:
        assert first.observation(enemy) == second.observation(enemy)
        for seed in range(6):
            guess = first.determinize(enemy, seed)
            assert guess.to_dict() == second.determinize(enemy, seed).to_dict()
            offered = guess.tasks[-1].data["offer"]
            assert offered in {CARD_COPIES[card] for card in guess.hands[offerer]}
            for answer in guess.legal_actions():
                guess.child(answer)  # the partner's every legal answer can be played
    assert first.observation(partner) != second.observation(partner)  # the ally sees the offer


def test_a_replay_page_for_a_seat_does_not_print_the_seed() -> None:
    """The seed deals every hidden card (hands, deck orders): a page replaying a game as a seat
    or a spectator, which names another seat's action only when the viewer could tell it,
    printed it in its subtitle."""
    game = tabletop.load("seven_wonders")
    state = game.new_game(players=3, seed=987_654_321)
    rng = Rng.from_seed(1)
    for _ in range(6):
        state.apply(rng.choice(state.legal_actions()))
    for seat in (None, 0, 1, 2):
        page = game.replay_html(state.record(), seat)
        assert "987654321" not in page and "987_654_321" not in page


def test_the_terminal_game_does_not_name_a_bots_face_down_choice() -> None:
    """7 Wonders: a card discarded for coins or tucked under a wonder stage stays face down. The
    terminal game revealed each bot's simultaneous choice by its text ("chose: discard Clay Pit
    for 3 coins"); now by its kind, as the replay page does (a card built shows on the table)."""
    game = tabletop.load("seven_wonders")
    out = io.StringIO()
    bots: dict[int, Any] = {0: RandomAgent(1), 1: RandomAgent(2)}
    session = Session(game.new_game(players=3, seed=4), {2}, bots, "random", lambda prompt: "1", out)
    assert session.run() == 0
    kinds = {kind_label(action_type) for action_type in game.action_types}
    revealed = [line.split(" chose: ", 1)[1] for line in out.getvalue().splitlines() if " chose: " in line]
    assert "discard" in revealed and set(revealed) <= kinds, sorted(set(revealed) - kinds)[:3]


class _LastLegal:
    """A bot that plays the last legal action (an offer of a card rather than a pass)."""

    def act(self, state: State) -> Any:
        return state.legal_actions()[-1]


def test_the_terminal_game_does_not_name_an_enemys_offered_card() -> None:
    """R10.9c: only the two allies see the card one offers the other. The terminal game printed
    every bot's action by its text to the person, the enemies' offer and answer included."""
    state = _at_decision("dozen_war", 4, 0, "card_swap_offer", mode="alliance")
    assert isinstance(state, DozenWarState)
    offerer = state.current_player
    assert offerer is not None
    person = next(seat for seat in range(4) if state.side_of[seat] != state.side_of[offerer])
    offer = str(state.legal_actions()[-1])
    assert offer != "pass"
    bots: dict[int, Any] = {seat: _LastLegal() for seat in range(4) if seat != person}
    out = io.StringIO()
    Session(state, {person}, bots, "last", lambda prompt: None, out).run()  # quits when asked
    screen = out.getvalue()
    assert f"seat {offerer} (last): choose option (hidden from you)" in screen
    assert offer not in screen
