"""Bad input to the API that landed late this session (agents' spec strings, ISMCTS parameters
and act, the tournament, the replay page, plots): each is refused by a ``ValueError`` naming the
argument, before anything runs."""

from __future__ import annotations

import math
from typing import Any

import pytest

import tabletop
from tabletop.agents import ISMCTSAgent, make_agent
from tabletop.tournament import tournament, wilson

GAME = "splendor_duel"

BAD_SPECS = [
    "",
    ":",
    "ismcts:",
    "ismcts:0",
    "ismcts:-1",
    "ismcts:1.5",
    "ismcts:0s",
    "ismcts:nans",
    "ismcts:infs",
    "ismcts:1e400s",
    "ismcts:²",
    "ismcts:" + "9" * 5000,
    "random:1",
    "nosuchmodule:Agent",
    "math:pi",
    "x" * 10_000,
]


@pytest.mark.parametrize("spec", BAD_SPECS, ids=lambda spec: repr(spec[:20]))
def test_a_bad_agent_spec_is_a_value_error(spec: str) -> None:
    with pytest.raises(ValueError):
        make_agent(spec, 0)


@pytest.mark.parametrize(
    "kwargs",
    [
        {"iterations": 0},
        {"iterations": 2.0},
        {"iterations": True},
        {"seconds": -1},
        {"seconds": math.nan},
        {"seconds": math.inf},
        {"rollout_depth": 2.0},
        {"rollout_depth": -1},
        {"iterations": None, "seconds": None},
    ],
    ids=repr,
)
def test_bad_ismcts_parameters_are_value_errors(kwargs: dict[str, Any]) -> None:
    with pytest.raises(ValueError):
        ISMCTSAgent(**kwargs)


@pytest.mark.parametrize("seed", [2.0, "x", True], ids=repr)
def test_an_agent_seed_that_is_not_an_int_is_a_value_error(seed: object) -> None:
    with pytest.raises(ValueError, match="seed"):
        make_agent("ismcts:5", seed)  # type: ignore[arg-type]


@pytest.mark.parametrize("hook", ["rollout", "value"])
def test_an_ismcts_hook_that_is_not_callable_is_refused_at_construction(hook: str) -> None:
    with pytest.raises(ValueError, match=hook):
        ISMCTSAgent(5, seed=1, **{hook: 3})  # type: ignore[arg-type]


@pytest.mark.parametrize("exploration", [0, -1, math.inf, math.nan, True, "1", None], ids=repr)
def test_ismcts_exploration_must_be_a_finite_positive_number(exploration: Any) -> None:
    # inf made every child's bound infinite (a blind search); nan compared false everywhere
    with pytest.raises(ValueError, match="exploration"):
        ISMCTSAgent(5, seed=1, exploration=exploration)


@pytest.mark.parametrize("spec", ["random", "greedy", "ismcts:5"])
@pytest.mark.parametrize("bad", [None, 3, "state"], ids=repr)
def test_an_agent_asked_to_act_in_no_state_refuses_by_name(spec: str, bad: Any) -> None:
    with pytest.raises(ValueError, match="state"):
        make_agent(spec, 1).act(bad)


@pytest.mark.parametrize("spec", ["random", "greedy", "ismcts:5"])
def test_an_agent_asked_to_act_in_a_finished_game_refuses_by_name(spec: str) -> None:
    state = tabletop.load(GAME).new_game(seed=3)
    player = make_agent("random", 3)  # always the first action may never end the game
    while not state.is_terminal:
        state.apply(player.act(state))
    with pytest.raises(ValueError, match="state is over"):
        make_agent(spec, 1).act(state)


@pytest.mark.parametrize(
    ("kwargs", "words"),
    [
        ({"agents": ["random"]}, "at least two agents"),
        ({"agents": ["random", 3]}, "has no act"),
        ({"agents": ["random", "nope"]}, "unknown agent"),
        ({"agents": ["random", "greedy"], "games": 0}, "games must be a positive int"),
        ({"agents": ["random", "greedy"], "games": 2.0}, "games must be a positive int"),
        ({"agents": ["random", "greedy"], "workers": 0}, "workers must be a positive int"),
        ({"agents": ["random", "greedy"], "players": 9}, "played by 2 players"),
    ],
    ids=repr,
)
def test_tournament_refuses_bad_arguments_by_name(kwargs: dict[str, Any], words: str) -> None:
    with pytest.raises(ValueError, match=words):
        tournament(GAME, **kwargs)


@pytest.mark.parametrize(
    "kwargs",
    [
        {"game": 3},
        {"agents": None},
        {"agents": "random"},
        {"seed": None},
        {"seed": True},
        {"bootstrap": 2.0},
        {"bootstrap": -1},
        {"progress": 3},
        {"options": 3},
    ],
    ids=repr,
)
def test_tournament_refuses_unchecked_arguments_by_name(kwargs: dict[str, Any]) -> None:
    arguments: dict[str, Any] = {"game": GAME, "agents": ["random", "greedy"], "games": 1, **kwargs}
    (name,) = kwargs
    with pytest.raises(ValueError, match=name):
        tournament(arguments.pop("game"), **arguments)


@pytest.mark.parametrize("args", [(-1, 10), (11, 10)], ids=repr)
def test_wilson_refuses_counts_that_are_no_proportion(args: tuple[float, int]) -> None:
    with pytest.raises(ValueError):
        wilson(*args)


def test_replay_html_refuses_bad_records_and_seats() -> None:
    game = tabletop.load(GAME)
    record = game.new_game(seed=2).record()
    bad_records: list[Any] = [
        None,
        {},
        3,
        [],
        {"game": GAME},
        {**record, "seed": 2.0},
        {**record, "players": 3},
    ]
    for bad in bad_records:
        with pytest.raises(ValueError):
            game.replay_html(bad)
    with pytest.raises(ValueError):
        game.replay_html(tabletop.load("wonders_duel").new_game(seed=1).record())
    for seat in (2.0, True, 5, -1, "0"):
        with pytest.raises(ValueError, match="seat"):
            game.replay_html(record, seat)  # type: ignore[arg-type]


@pytest.mark.parametrize("bad", [None, 3, "x"], ids=repr)
def test_plots_of_what_is_no_result_are_value_errors(bad: Any) -> None:
    pytest.importorskip("matplotlib")
    from tabletop.plots import plot_simulation, plot_tournament

    with pytest.raises(ValueError, match="result"):
        plot_simulation(bad)
    with pytest.raises(ValueError, match="result"):
        plot_tournament(bad)
