"""Every registered game fulfils the public contract (DESIGN.md), checked the day it lands."""

from __future__ import annotations

import copy
import json
import pickle
from collections.abc import Callable
from typing import Any

import pytest

import tabletop
from contract import (
    check_contract,
    check_hidden_commits,
    check_information_set,
    check_information_sets,
    check_teams_and_returns,
    check_tensors,
    check_tensors_distinguish,
    random_state,
)
from tabletop.core import Outcome, State
from tabletop.core.rng import Rng
from toy import GAME as TOY
from toy import SEALED, Bid, Take, ToyState, encode_toy

NAMES = tabletop.game_names()


@pytest.mark.parametrize("name", NAMES)
def test_load_returns_the_package_game(name: str) -> None:
    game = tabletop.load(name)
    module = __import__(f"tabletop.games.{name}", fromlist=["GAME"])
    assert game is module.GAME
    assert game.name == name and game.title
    assert 1 <= game.min_players <= game.max_players


@pytest.mark.parametrize("name", NAMES)
@pytest.mark.parametrize("extreme", ["min", "max"])
def test_random_games_fulfil_the_contract(name: str, extreme: str) -> None:
    game = tabletop.load(name)
    players = game.min_players if extreme == "min" else game.max_players
    for seed in range(4):
        check_contract(game, players, seed)


@pytest.mark.parametrize("name", NAMES)
@pytest.mark.parametrize("extreme", ["min", "max"])
def test_determinize_depends_only_on_what_the_seat_sees(name: str, extreme: str) -> None:
    game = tabletop.load(name)
    players = game.min_players if extreme == "min" else game.max_players
    for seed in range(2):
        assert check_information_sets(game, players, seed) > 0


@pytest.mark.parametrize("name", NAMES)
@pytest.mark.parametrize("extreme", ["min", "max"])
def test_observation_tensors_hold_everything_observed(name: str, extreme: str) -> None:
    game = tabletop.load(name)
    players = game.min_players if extreme == "min" else game.max_players
    # Every 7th decision: Dozen War's tensors are 20-30k floats over 1,000-decision games.
    assert check_tensors_distinguish(game, players, range(3), every=7) > players


def test_toy_game_fulfils_the_contract() -> None:
    for seed in range(5):
        check_contract(TOY, 3, seed, heavy_every=1)
        check_information_sets(TOY, 3, seed, every=1)


def test_toy_team_game_and_draws_fulfil_the_contract() -> None:
    reasons = set()
    for seed in range(12):
        final = check_contract(TOY, 4, seed, heavy_every=1, pile=10, partners=True, turn_limit=5)
        assert final.outcome is not None
        reasons.add(final.outcome.reason)
    assert reasons == {"last_stone", "turn_limit"}  # wins and draws were both checked


def test_simultaneous_toy_game_fulfils_the_contract() -> None:
    for players in (2, 4):
        for seed in range(4):
            check_contract(SEALED, players, seed, heavy_every=1)
            check_information_sets(SEALED, players, seed, every=1)


def test_toy_tensors_hold_everything_observed() -> None:
    for players in (2, 4):
        assert check_tensors_distinguish(TOY, players, range(10)) > players
        assert check_tensors_distinguish(SEALED, players, range(10)) > players
        assert check_tensors_distinguish(SEALED, players, range(10), leak=True) > players


def test_the_contract_catches_a_tensor_that_reads_more_than_the_observation(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    def encode_with_the_deck(self: ToyState, seat: int) -> list[float]:
        return [float(card) for card in self.deck.cards[:1]]  # a hidden card: leaks

    state = TOY.new_game(players=2, seed=1)
    check_tensors(TOY, state)
    monkeypatch.setattr(ToyState, "observation_tensor", encode_with_the_deck)
    monkeypatch.setattr(ToyState, "_observation_shape", staticmethod(lambda players, options: (1,)))
    with pytest.raises(AssertionError, match="differs in a state with the same observation"):
        check_tensors(TOY, state)


def test_the_contract_catches_a_tensor_that_drops_part_of_the_observation(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    def without_takes(view: dict[str, Any], seat: int) -> list[float]:
        return encode_toy({**view, "takes": 0}, seat)

    monkeypatch.setattr(ToyState, "_encode_observation", staticmethod(without_takes))
    with pytest.raises(AssertionError, match="two different observations give the same tensor"):
        check_tensors_distinguish(TOY, 2, range(40), pile=6)


def test_the_contract_catches_a_hidden_choice_that_shows() -> None:
    state = SEALED.new_game(players=3, seed=1, leak=True)
    state.apply(Bid(2))
    assert state.acting_seats() == (1, 2)
    with pytest.raises(AssertionError, match="seat 0 can tell seat 1's hidden bid 2 from bid 1"):
        check_hidden_commits(state)
    with pytest.raises(AssertionError, match="can tell"):
        check_contract(SEALED, 3, 1, leak=True)


def test_the_contract_catches_a_resample_that_leaks_the_true_order(monkeypatch: pytest.MonkeyPatch) -> None:
    state = TOY.new_game(players=2, seed=1)
    check_information_set(state, 0)

    def shuffle_as_dealt(self: ToyState, seat: int) -> None:
        self.deck.shuffle(self.rng)  # from the true order: the sample depends on it

    monkeypatch.setattr(ToyState, "_resample", shuffle_as_dealt)
    with pytest.raises(AssertionError, match=r"the fields \['deck'\] differ"):
        check_information_set(state, 0)


def test_the_contract_catches_a_team_split_by_the_outcome() -> None:
    state = TOY.new_game(players=4, seed=1, pile=1, partners=True)
    state.apply(Take(1))
    check_teams_and_returns(state)
    state.outcome = Outcome((0,), (0, 0, 0, 0), "last_stone")  # seat 2, seat 0's partner, left out
    with pytest.raises(AssertionError, match=r"winners \(0,\) split team \(0, 2\)"):
        check_teams_and_returns(state)


def test_unknown_game_lists_the_known_ones() -> None:
    with pytest.raises(ValueError, match=r"unknown game 'chess'; known games: .*splendor_duel"):
        tabletop.load("chess")


@pytest.mark.parametrize("name", NAMES)
def test_player_count_out_of_range_says_the_range(name: str) -> None:
    game = tabletop.load(name)
    with pytest.raises(ValueError, match=f"{game.min_players}.*players, not {game.max_players + 1}"):
        game.new_game(players=game.max_players + 1)
    with pytest.raises(ValueError, match="players must be an int"):
        game.new_game(players="2")  # type: ignore[arg-type]


@pytest.mark.parametrize("name", NAMES)
def test_unknown_option_names_the_valid_ones(name: str) -> None:
    game = tabletop.load(name)
    with pytest.raises(ValueError, match=f"{name} has no option colour; valid options: "):
        game.new_game(players=game.min_players, colour="blue")


@pytest.mark.parametrize("name", NAMES)
def test_ill_typed_option_is_refused_by_name(name: str) -> None:
    game = tabletop.load(name)
    for option in game.options.values():
        with pytest.raises(ValueError, match=option.name):
            bad: dict[str, Any] = {option.name: object()}
            game.new_game(players=game.min_players, **bad)


@pytest.mark.parametrize("name", NAMES)
def test_foreign_and_malformed_saves_are_refused(name: str) -> None:
    game = tabletop.load(name)
    state = game.new_game(players=game.min_players, seed=1)
    data = json.loads(json.dumps(state.to_dict()))
    with pytest.raises(ValueError, match="is not a saved"):
        game.state_from_dict({**data, "game": "other"})
    with pytest.raises(ValueError, match="must be a mapping"):
        game.state_from_dict([data])  # type: ignore[arg-type]
    broken = dict(data)
    del broken["rng"]
    with pytest.raises(ValueError, match=r"malformed .*\$\.rng"):
        game.state_from_dict(broken)
    with pytest.raises(ValueError, match=r"malformed .*\$\.seed"):
        game.state_from_dict({**data, "seed": "seven"})
    with pytest.raises(ValueError, match=r"extra fields found \(bogus\)"):
        game.state_from_dict({**data, "bogus": 1})


@pytest.mark.parametrize("name", NAMES)
def test_bad_records_are_refused_by_field(name: str) -> None:
    game = tabletop.load(name)
    state = game.new_game(players=game.min_players, seed=3)
    state.apply(state.legal_actions()[0])
    record = state.record()
    with pytest.raises(ValueError, match=r"is not a .* record"):
        game.replay({**record, "game": "other"})
    with pytest.raises(ValueError, match="has no 'seed'"):
        game.replay({k: v for k, v in record.items() if k != "seed"})
    with pytest.raises(ValueError, match="unknown action type 'fly'"):
        game.replay({**record, "actions": [{"type": "fly"}]})
    legal_ids = set(state.legal_action_ids())
    illegal = next(i for i in range(game.num_distinct_actions) if i not in legal_ids)
    bad = {**record, "actions": record["actions"] + [game.action_to_dict(game.decode(illegal))]}
    with pytest.raises(ValueError, match=r"record action #1 .* is illegal"):
        game.replay(bad)


@pytest.mark.parametrize("name", NAMES)
def test_states_render_for_people_and_notebooks(name: str) -> None:
    game = tabletop.load(name)
    state = game.new_game(players=game.min_players, seed=5)
    text = state.render()
    assert text and str(state) == text
    assert not text.startswith(type(state).__name__ + "("), "render() should not be the repr"
    html = state._repr_html_()
    assert html.startswith("<div><svg") and "to decide:" in html


@pytest.mark.parametrize("name", NAMES)
@pytest.mark.parametrize("how", [copy.copy, copy.deepcopy, lambda state: pickle.loads(pickle.dumps(state))])
def test_copies_are_independent_of_their_original(name: str, how: Callable[[State], State]) -> None:
    """``copy.copy``, ``copy.deepcopy`` and pickling give a state that plays on exactly like a
    clone and never changes the original (a shallow copy once shared its board with it)."""
    game = tabletop.load(name)
    state = random_state(game, 5, 40)
    before = game.state_to_dict(state)
    copied, twin = how(state), state.clone()
    assert type(copied) is type(state) and game.state_to_dict(copied) == before
    rng, same = Rng.from_seed(3), Rng.from_seed(3)
    while not twin.is_terminal:
        listed = copied.legal_actions()
        assert listed == twin.legal_actions()
        pick = rng.randbelow(len(listed))
        assert same.randbelow(len(listed)) == pick
        copied.apply(listed[pick])
        twin.apply(twin.legal_actions()[pick])
    assert copied.is_terminal and game.state_to_dict(copied) == game.state_to_dict(twin)
    assert game.state_to_dict(state) == before
