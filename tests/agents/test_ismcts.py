"""ISMCTS: reproducible, blind to what its seat cannot see, and stronger than random play."""

from __future__ import annotations

import importlib
from pathlib import Path
from typing import Any

import pytest

import tabletop
from contract import random_state
from tabletop.agents import Agent, GreedyAgent, ISMCTSAgent, RandomAgent, make_agent, score_lead
from tabletop.core import Action, Rng, State
from toy import GAME as TOY
from toy import SEALED, Take


def _midgame(name: str, players: int, seed: int, decisions: int, **options: Any) -> State:
    """A state ``decisions`` random decisions into a game (fewer if it ends first)."""
    return random_state(tabletop.load(name), seed, decisions, players=players, **options)


def _with_choice(state: State, rng: Rng) -> State:
    """``state`` played on at random until the mover has more than one legal action."""
    while not state.is_terminal and len(state.legal_actions()) == 1:
        state.apply(rng.choice(state.legal_actions()))
    assert not state.is_terminal
    return state


CONFIGS: list[tuple[str, int, dict[str, Any]]] = [
    ("splendor_duel", 2, {}),
    ("wonders_duel", 2, {}),
    ("cities_of_splendor", 4, {}),
    ("seven_wonders", 3, {}),
    ("dozen_war", 2, {}),
]


def test_same_seed_same_state_same_move() -> None:
    state = _with_choice(_midgame("wonders_duel", 2, 3, 20), Rng.from_seed(3))
    first = ISMCTSAgent(60, seed=11)
    moves = [first.act(state), first.act(state)]
    again = ISMCTSAgent(60, seed=11).act(state)
    assert again == moves[0]
    # The statistics repeat too, not only the argmax.
    assert ISMCTSAgent(60, seed=5).root_statistics(state) == ISMCTSAgent(60, seed=5).root_statistics(state)
    assert first.last_iterations == 60


@pytest.mark.parametrize(("name", "players", "options"), CONFIGS)
def test_reads_only_what_its_seat_sees(name: str, players: int, options: dict[str, Any]) -> None:
    """Two states that look the same to the mover, with different hidden parts, get the same
    search and the same move."""
    state = _with_choice(_midgame(name, players, 7, 25, **options), Rng.from_seed(7))
    seat = state.current_player
    assert seat is not None
    twin = state.determinize(seat, 12345)
    assert twin.observation(seat) == state.observation(seat)
    assert twin.to_dict() != state.to_dict()  # the hidden parts (or at least the rng) differ
    a, b = ISMCTSAgent(40, seed=2), ISMCTSAgent(40, seed=2)
    assert a.root_statistics(state) == b.root_statistics(twin)
    assert ISMCTSAgent(40, seed=2).act(state) == ISMCTSAgent(40, seed=2).act(twin)


def test_hidden_simultaneous_commit_does_not_change_the_move() -> None:
    """Seat 0 has bid in secret: seat 1's search is the same whatever the bid was."""
    searches = []
    for bid in (1, 2, 3):
        state = SEALED.new_game(players=2, seed=1, rounds=2)
        state.apply(next(a for a in state.legal_actions() if str(a) == f"bid {bid}"))
        assert state.current_player == 1
        searches.append(ISMCTSAgent(200, seed=4).root_statistics(state))
    assert searches[0] == searches[1] == searches[2]


def test_simultaneous_round_finds_the_dominant_bid() -> None:
    """One round of sealed bids: the higher bid wins, so 3 dominates; each seat searches the round
    from its own statistics (decoupled), seat 1 without the benefit of seeing seat 0's bid."""
    state = SEALED.new_game(players=2, seed=3, rounds=1)
    first = ISMCTSAgent(300, seed=1).act(state)
    assert str(first) == "bid 3"
    state.apply(first)
    assert str(ISMCTSAgent(300, seed=2).act(state)) == "bid 3"


def test_takes_the_winning_stones_and_plays_for_its_team() -> None:
    state = TOY.new_game(players=2, seed=1, pile=3)
    assert ISMCTSAgent(100, seed=1).act(state) == Take(3)
    # Partners: seat 1 leaving 1 or 2 stones lets seat 2 (an opponent) take the last; leaving
    # 4 (taking 1 of 5) forces seat 2 to leave 1-3 for seat 3, its partner.
    team = TOY.new_game(players=4, seed=2, pile=6, partners=True)
    team.apply(Take(1))
    assert team.current_player == 1
    assert ISMCTSAgent(400, seed=3, rollout_depth=None).act(team) == Take(1)


def test_time_budget_runs_and_plays() -> None:
    state = _with_choice(_midgame("splendor_duel", 2, 4, 10), Rng.from_seed(4))
    agent = ISMCTSAgent(seconds=0.05, seed=1)
    assert agent.act(state) in state.legal_actions()
    assert agent.last_iterations >= 1


def test_rollout_policy_and_value_hooks_are_used() -> None:
    state = _with_choice(_midgame("cities_of_splendor", 2, 5, 12), Rng.from_seed(5))
    calls = {"rollout": 0, "value": 0}

    def rollout(s: State, rng: Rng) -> Action:
        calls["rollout"] += 1
        return rng.choice(s.legal_actions())

    def value(s: State, seat: int) -> float:
        calls["value"] += 1
        return score_lead(s, seat)

    ISMCTSAgent(30, seed=1, rollout=rollout, rollout_depth=3, value=value).act(state)
    assert calls["rollout"] > 0 and calls["value"] >= 30 * state.num_players
    # Depth 0: the value function judges every new leaf, no rollout move is played.
    calls.update(rollout=0, value=0)
    ISMCTSAgent(30, seed=1, rollout=rollout, rollout_depth=0, value=value).act(state)
    assert calls["rollout"] == 0 and calls["value"] > 0


def test_score_lead_is_by_team_and_bounded() -> None:
    state = TOY.new_game(players=4, seed=2, pile=15, partners=True)
    for count in (3, 3, 1):  # seats 0 and 1 draw bonus cards
        state.apply(Take(count))
    values = [score_lead(state, seat) for seat in range(4)]
    assert values[0] == values[2] and values[1] == values[3]
    assert all(-1 < v < 1 for v in values) and values[0] == -values[1] != 0


@pytest.mark.parametrize(("name", "players", "options"), CONFIGS)
def test_evaluation_is_the_score_totals_unless_the_game_says(
    name: str, players: int, options: dict[str, Any]
) -> None:
    state = _midgame(name, players, 4, 40, **options)
    totals = [sheet["total"] for sheet in state.scores()]
    if name == "dozen_war":  # Engage has no score: it weighs the HP on the board instead
        assert totals == [0, 0] and list(state.evaluation()) != totals
    else:
        assert list(state.evaluation()) == totals


def test_score_lead_and_greedy_weigh_the_games_evaluation(monkeypatch: pytest.MonkeyPatch) -> None:
    state = TOY.new_game(players=2, seed=2, pile=15)
    assert score_lead(state, 0) == 0 == GreedyAgent.value(state, 0)  # no points yet
    monkeypatch.setattr(type(state), "evaluation", lambda self: [8, 0])
    assert score_lead(state, 0) > 0 > score_lead(state, 1)
    assert GreedyAgent.value(state, 0) == 8 == -GreedyAgent.value(state, 1)


@pytest.mark.parametrize(
    "kwargs",
    [
        {"iterations": 0},
        {"iterations": -5},
        {"iterations": 2.0},
        {"iterations": True},
        {"iterations": None},
        {"seconds": 0},
        {"seconds": -1.0},
        {"seconds": float("inf")},
        {"rollout_depth": -1},
        {"exploration": -0.1},
    ],
)
def test_refuses_bad_settings(kwargs: dict[str, Any]) -> None:
    with pytest.raises(ValueError, match=next(iter(kwargs)) if kwargs != {"iterations": None} else "budget"):
        ISMCTSAgent(**kwargs)


def test_every_game_plays_to_the_end_with_a_tiny_budget() -> None:
    for name, players, options in CONFIGS[:4]:
        state = tabletop.load(name).new_game(players=players, seed=9, **options)
        agents = [ISMCTSAgent(3, seed=seat, rollout_depth=2) for seat in range(players)]
        while not state.is_terminal:
            seat = state.current_player
            assert seat is not None
            state.apply(agents[seat].act(state))


def test_beats_random_play_in_wonders_duel() -> None:
    """ISMCTS(100) against RandomAgent, ten seeded games with seats alternating: it wins at
    least eight (it wins all ten as written; the margin absorbs changes to the rules' code)."""
    game = tabletop.load("wonders_duel")
    wins = 0
    for number in range(10):
        me = number % 2
        state = game.new_game(players=2, seed=100 + number)
        agents: dict[int, Agent] = {me: ISMCTSAgent(100, seed=number), 1 - me: RandomAgent(number)}
        while not state.is_terminal:
            seat = state.current_player
            assert seat is not None
            state.apply(agents[seat].act(state))
        wins += state.returns()[me] > 0
    assert wins >= 8


def test_make_agent_specs() -> None:
    assert isinstance(make_agent("random", 1), RandomAgent)
    assert isinstance(make_agent("greedy", 1), GreedyAgent)
    default = make_agent("ismcts", 1)
    assert isinstance(default, ISMCTSAgent) and default.iterations == 500
    counted = make_agent("ismcts:200", 1)
    assert isinstance(counted, ISMCTSAgent) and counted.iterations == 200
    timed = make_agent("ismcts:0.5s", 1)
    assert isinstance(timed, ISMCTSAgent) and timed.seconds == 0.5 and timed.iterations is None
    own = make_agent("tabletop.agents:ISMCTSAgent:25", 3)
    assert isinstance(own, ISMCTSAgent) and own.iterations == 25
    assert isinstance(make_agent("tabletop.agents.base:RandomAgent"), RandomAgent)


@pytest.mark.parametrize(
    ("spec", "message"),
    [
        ("ismcts:abc", "ismcts budget"),
        ("ismcts:0", "ismcts budget"),
        ("ismcts:-5", "ismcts budget"),
        ("ismcts:1.5", "ismcts budget"),
        ("ismcts:0s", "ismcts budget"),
        ("ismcts:", "ismcts budget"),
        ("greedy:3", "takes no argument"),
        ("smart", "unknown agent"),
        ("no_such_module_xyz:Bot", "cannot import module"),
        ("tabletop.agents:NoSuchBot", "has no class"),
        ("tabletop.agents:Agent", "failed|act"),
        ("math:pi", "has no class"),
        ("os:getcwd", "is a builtin_function_or_method, not a class"),
        ("json:dumps:3", "is a function, not a class"),
        (":Bot", "module:Class"),
    ],
)
def test_make_agent_refuses_bad_specs(spec: str, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        make_agent(spec, 0)


def test_user_classes_by_module_and_name(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    (tmp_path / "my_bots.py").write_text(
        "class First:\n"
        "    def act(self, state):\n"
        "        return state.legal_actions()[0]\n\n"
        "class Seeded:\n"
        "    def __init__(self, depth=1, seed=None):\n"
        "        self.depth, self.seed = depth, seed\n\n"
        "    def act(self, state):\n"
        "        return state.legal_actions()[-1]\n\n"
        "class Mute:\n"
        "    pass\n\n"
        "def factory(seed=None):\n"
        "    CALLED.append(seed)\n"
        "    return First()\n\n"
        "CALLED = []\n",
        encoding="utf-8",
    )
    monkeypatch.syspath_prepend(str(tmp_path))
    assert type(make_agent("my_bots:First", 5)).__name__ == "First"  # made without a seed
    seeded = make_agent("my_bots:Seeded:3", 5)
    assert (vars(seeded)["depth"], vars(seeded)["seed"]) == (3, 5)
    named = make_agent("my_bots:Seeded:deep", 5)
    assert vars(named)["depth"] == "deep"  # not JSON: the text itself
    with pytest.raises(ValueError, match="no act"):
        make_agent("my_bots:Mute")
    with pytest.raises(ValueError, match="failed"):
        make_agent("my_bots:First:3")  # First takes no argument
    # A function is not called: a spec names a class, and must not run any code a module has.
    with pytest.raises(ValueError, match=r"my_bots\.factory is a function, not a class"):
        make_agent("my_bots:factory", 5)
    assert vars(importlib.import_module("my_bots"))["CALLED"] == []


def test_availability_counts_every_iteration_an_action_was_legal() -> None:
    """An action's availability counts every iteration since it was first tried in which it was
    legal (Cowling et al.'s n'), those that expanded a sibling included. The root's actions are
    legal in every determinization and the first iterations try one each, so the k-th tried has
    been available in the last ``iterations - k + 1``; the iterations that expanded a sibling
    were left out, so every root action had the last-tried one's count (too little exploration)."""
    state = _with_choice(_midgame("cities_of_splendor", 4, 3, 10), Rng.from_seed(3))
    seat = state.current_player
    assert seat is not None
    root = ISMCTSAgent(40, seed=2).search(state, seat)
    table = root.tables[seat]
    tried = len(state.legal_actions())
    assert len(table) == tried > 1
    assert sorted(entry[2] for entry in table.values()) == [float(n) for n in range(41 - tried, 41)]


def test_root_statistics_name_every_legal_action_in_order() -> None:
    """With fewer iterations than legal actions some go untried: they are listed with no visits
    (they were left out, so a caller reading each legal action's statistics met a KeyError)."""
    state = _with_choice(_midgame("cities_of_splendor", 4, 3, 10), Rng.from_seed(3))
    legal = state.legal_actions()
    assert len(legal) > 3
    stats = ISMCTSAgent(3, seed=2).root_statistics(state)
    assert list(stats) == legal
    assert sorted(visits for visits, _ in stats.values()) == [0] * (len(legal) - 3) + [1, 1, 1]
