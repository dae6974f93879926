"""Game: options, new_game input checks, saving/loading and records, on the toy game."""

from __future__ import annotations

import json
from typing import Any

import pytest

from tabletop.core import Game, Option, Rng
from toy import GAME, Take, ToyState


def json_copy(data: Any) -> Any:
    return json.loads(json.dumps(data))


#: The toy game's options when none are given.
DEFAULTS = {"pile": 15, "partners": False, "turn_limit": None}


# ---------------------------------------------------------------------- Option


def test_option_with_choices_is_strict_about_type() -> None:
    option = Option("variant", "base", "which rules", choices=("base", "expert", 1))
    assert option.validate("expert") == "expert"
    assert option.validate(1) == 1
    for bad in ("Expert", True, 1.0, None):
        with pytest.raises(
            ValueError, match=r"option variant=.* is not valid; choose one of 'base', 'expert', 1"
        ):
            option.validate(bad)


def test_option_with_types_never_takes_bool_for_int() -> None:
    option = Option("pile", 15, "stones", types=(int,))
    assert option.validate(3) == 3
    for bad in (True, "3", 3.0, None):
        with pytest.raises(ValueError, match="option pile must be int, got"):
            option.validate(bad)
    assert Option("fast", False, "speed", types=(bool,)).validate(True) is True
    with pytest.raises(ValueError, match="must be int or float"):
        Option("x", 0, "doc", types=(int, float)).validate("1")


def test_option_check_runs_on_values_of_the_right_type() -> None:
    def positive(value: int) -> None:
        if value < 1:
            raise ValueError(f"option pile must be positive, got {value}")

    option = Option("pile", 15, "stones", types=(int,), check=positive)
    assert option.validate(4) == 4
    with pytest.raises(ValueError, match="must be positive, got 0"):
        option.validate(0)
    # An ill-typed value is refused by type, by name, before the check could crash on it.
    with pytest.raises(ValueError, match="option pile must be int"):
        option.validate(object())
    with pytest.raises(ValueError, match="option pile must be int"):
        option.validate("4")


def test_option_without_constraints_accepts_anything() -> None:
    marker = object()
    assert Option("anything", None, "doc").validate(marker) is marker


# ---------------------------------------------------------------------- new_game


def test_game_attributes() -> None:
    assert (GAME.name, GAME.min_players, GAME.max_players) == ("toy", 2, 4)
    assert GAME.num_distinct_actions == 3
    assert [GAME.decode(i) for i in range(3)] == [Take(1), Take(2), Take(3)]
    assert GAME.encode(Take(3)) == 2
    assert ToyState.game is GAME
    assert repr(GAME) == "<Game toy: Toy take-away, 2-4 players>"


def test_new_game_defaults() -> None:
    state = GAME.new_game(seed=4)
    assert state.num_players == 2 and state.seed == 4 and state.options == DEFAULTS
    assert state.pile == 15 and state.history == [] and not state.is_terminal


def test_new_game_passes_options_and_seed() -> None:
    state = GAME.new_game(players=3, seed=9, pile=5)
    assert (state.num_players, state.pile, state.options) == (3, 5, {**DEFAULTS, "pile": 5})
    assert state.rng != Rng.from_seed(9)  # the setup shuffled with it
    assert GAME.new_game(players=3, seed=9, pile=5) == state


def test_same_seed_same_game_different_seed_different_deck() -> None:
    decks = {tuple(GAME.new_game(seed=s).deck.cards) for s in range(20)}
    assert len(decks) > 15
    assert GAME.new_game(seed=1).to_dict() == GAME.new_game(seed=1).to_dict()


def test_unseeded_game_keeps_its_seed_and_replays() -> None:
    state = GAME.new_game()
    assert isinstance(state.seed, int)
    state.apply(Take(3))
    assert GAME.replay(json_copy(state.record())).to_dict() == state.to_dict()
    assert GAME.new_game().seed != state.seed  # 63 random bits


@pytest.mark.parametrize("players", [1, 5, 0, -2])
def test_player_count_out_of_range(players: int) -> None:
    with pytest.raises(ValueError, match=f"Toy take-away is played by 2 to 4 players, not {players}"):
        GAME.new_game(players=players)


@pytest.mark.parametrize("players", ["2", 2.0, True])
def test_player_count_must_be_an_int(players: Any) -> None:
    with pytest.raises(ValueError, match="players must be an int"):
        GAME.new_game(players=players)


@pytest.mark.parametrize("seed", ["7", 7.0, True, [7]])
def test_seed_must_be_an_int(seed: Any) -> None:
    with pytest.raises(ValueError, match="seed must be an int"):
        GAME.new_game(seed=seed)


def test_a_seed_too_long_to_save_is_refused_and_the_longest_allowed_one_saves() -> None:
    # A save writes the seed as JSON text, which Python refuses past 4,300 digits.
    for seed in (10**4000, -(10**4000)):
        with pytest.raises(ValueError, match="seed must have at most 4,000 digits"):
            GAME.new_game(seed=seed)
    for seed in (10**4000 - 1, -(10**4000) + 1):
        state = GAME.new_game(seed=seed)
        assert GAME.state_from_dict(json.loads(json.dumps(state.to_dict()))).seed == seed


def test_unknown_and_ill_typed_options_are_refused_by_name() -> None:
    with pytest.raises(ValueError, match="toy has no option colour, size; valid options: pile"):
        GAME.new_game(colour="red", size=3)
    with pytest.raises(ValueError, match="option pile must be int, got 'x'"):
        GAME.new_game(pile="x")


def test_resolve_options_fills_defaults_and_calls_the_game_check() -> None:
    calls: list[tuple[dict[str, Any], int]] = []

    def check(options: dict[str, Any], players: int) -> None:
        calls.append((dict(options), players))
        if options["pile"] < players:
            raise ValueError("pile must hold a stone per player")

    game = Game(
        name="toy_checked",
        title="Checked toy",
        min_players=2,
        max_players=3,
        state_type=type("CheckedToy", (ToyState,), {}),
        setup=GAME._setup,
        action_space=GAME.action_space,
        action_types=GAME.action_types,
        options=list(GAME.options.values()),
        check_options=check,
    )
    assert game.resolve_options(2, {}) == DEFAULTS
    with pytest.raises(ValueError, match="a stone per player"):
        game.new_game(players=3, pile=2)
    assert calls == [(DEFAULTS, 2), ({**DEFAULTS, "pile": 2}, 3)]
    no_options = Game(
        name="bare",
        title="Bare",
        min_players=1,
        max_players=1,
        state_type=type("BareToy", (ToyState,), {}),
        setup=GAME._setup,
        action_space=GAME.action_space,
        action_types=GAME.action_types,
    )
    with pytest.raises(ValueError, match="bare has no option pile; valid options: none"):
        no_options.resolve_options(1, {"pile": 3})


# ---------------------------------------------------------------------- saving


def played(seed: int = 5, moves: int = 3) -> ToyState:
    state = GAME.new_game(players=3, seed=seed)
    for i in range(moves):
        state.apply(state.legal_actions()[(seed + i) % len(state.legal_actions())])
    return state


def test_state_round_trips_through_json_text() -> None:
    state = played()
    data = json_copy(state.to_dict())
    assert data["game"] == "toy"
    restored = GAME.state_from_dict(data)
    assert restored == state
    assert restored.to_dict() == state.to_dict()
    assert restored.legal_actions() == state.legal_actions()
    assert restored.history == state.history


def test_finished_state_round_trips_with_its_outcome() -> None:
    state = GAME.new_game(seed=2, pile=3)
    state.apply(Take(3))
    restored = GAME.state_from_dict(json_copy(state.to_dict()))
    assert restored.outcome == state.outcome and restored.is_terminal


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (lambda d: [d], "a saved toy state must be a mapping, got list"),
        (lambda d: {**d, "game": "chess"}, "this is not a saved toy state: its 'game' is 'chess'"),
        (lambda d: {k: v for k, v in d.items() if k != "game"}, "its 'game' is None"),
        (
            lambda d: {k: v for k, v in d.items() if k != "pile"},
            r"malformed toy state: required field missing @ \$\.pile",
        ),
        (lambda d: {**d, "pile": "3"}, r"malformed toy state: .*\$\.pile"),
        (lambda d: {**d, "pile": 2.5}, r"malformed toy state: .*\$\.pile"),
        (lambda d: {**d, "extra": 1}, r"extra fields found \(extra\)"),
        (lambda d: {**d, "deck": {**d["deck"], "cards": [1]}}, r"\$\.deck\.cards\[0\]"),
        (lambda d: {**d, "points": [{"bonus": -1}, {}, {}]}, r"non-negative.*\$\.points\[0\]"),
        (lambda d: {**d, "history": [{"type": "fly"}]}, r"unknown action type 'fly'.*\$\.history\[0\]"),
        (lambda d: {**d, "rng": {"state": None}}, r"\$\.rng\.state"),
    ],
)
def test_malformed_saves_are_refused_naming_the_field(change: Any, message: str) -> None:
    data = json_copy(played().to_dict())
    with pytest.raises(ValueError, match=message):
        GAME.state_from_dict(change(data))


def test_actions_round_trip_and_malformed_ones_are_refused() -> None:
    assert GAME.action_to_dict(Take(2)) == {"type": "take", "count": 2}
    assert GAME.action_from_dict({"type": "take", "count": 2}) == Take(2)
    for bad, why in [
        ({"type": "take"}, "count"),
        ({"type": "take", "count": "2"}, "count"),
        ({"type": "take", "count": 2, "x": 1}, r"extra fields found \(x\)"),
        ({"type": "fly"}, "unknown action type 'fly'; known: \\['take'\\]"),
        ("take 2", "must be a mapping"),
    ]:
        with pytest.raises(ValueError, match=f"malformed toy action .*{why}"):
            GAME.action_from_dict(bad)


# ---------------------------------------------------------------------- records


def test_record_and_replay() -> None:
    state = played(seed=8, moves=4)
    record = json_copy(state.record())
    assert record == {
        "game": "toy",
        "players": 3,
        "seed": 8,
        "options": DEFAULTS,
        "actions": [GAME.action_to_dict(a) for a in state.history],
    }
    assert GAME.replay(record) == state
    assert GAME.replay({k: v for k, v in record.items() if k != "options"}) == state


def test_a_determinized_state_has_no_record_but_its_save_round_trips() -> None:
    state = played(seed=8, moves=4)
    guess = state.determinize(1, seed=21)
    assert (guess.seed, guess.history, guess.determinized) == (21, [], True)
    with pytest.raises(ValueError, match="a determinized toy state has no record: its hidden parts"):
        guess.record()
    with pytest.raises(ValueError, match="a determinized toy state has no record"):
        guess.child(Take(1)).record()  # its descendants are determinized too
    data = json_copy(guess.to_dict())
    assert data["determinized"] is True and data["seed"] == 21 and data["history"] == []
    restored = GAME.state_from_dict(data)
    assert restored == guess and restored.determinized
    assert not GAME.state_from_dict(json_copy(state.to_dict())).determinized
    assert state.record()["actions"]  # the true game keeps its record


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (lambda r: [r], "a toy record must be a mapping, got list"),
        (lambda r: {**r, "game": "chess"}, "this is not a toy record: its 'game' is 'chess'"),
        (lambda r: {k: v for k, v in r.items() if k != "players"}, "the toy record has no 'players'"),
        (lambda r: {k: v for k, v in r.items() if k != "seed"}, "the toy record has no 'seed'"),
        (lambda r: {k: v for k, v in r.items() if k != "actions"}, "the toy record has no 'actions'"),
        (lambda r: {**r, "options": [1]}, "the record's 'options' must be a mapping"),
        (lambda r: {**r, "options": {"colour": 1}}, "toy has no option colour"),
        (lambda r: {**r, "actions": {"0": {}}}, "the record's 'actions' must be a list, got dict"),
        (lambda r: {**r, "players": 9}, "not 9"),
        (lambda r: {**r, "players": None}, "players must be an int"),
        (lambda r: {**r, "seed": "8"}, "seed must be an int"),
        (lambda r: {**r, "seed": None}, "seed must be an int"),
        (lambda r: {**r, "actions": [{"type": "fly"}]}, "unknown action type 'fly'"),
        (lambda r: {**r, "actions": [{"type": "take", "count": 4}]}, "outside|illegal"),
        (
            lambda r: {**r, "actions": r["actions"] + [{"type": "take", "count": 3}]},
            r"record action #1 \(take 3\) is illegal: cannot take 3: only 2 stones are left",
        ),
    ],
)
def test_bad_records_are_refused(change: Any, message: str) -> None:
    state = GAME.new_game(seed=8, pile=3)
    state.apply(Take(1))
    record = json_copy(state.record())
    with pytest.raises(ValueError, match=message):
        GAME.replay(change(record))


def test_a_save_that_breaks_the_games_invariants_is_refused_by_name() -> None:
    import json

    from toy import GAME as TOY_GAME

    data = json.loads(json.dumps(TOY_GAME.new_game(players=2, seed=1).to_dict()))
    with pytest.raises(ValueError, match=r"inconsistent toy state: pile is -1"):
        TOY_GAME.state_from_dict({**data, "pile": -1})
    deck = dict(data["deck"], cards=["3", "3"])
    with pytest.raises(ValueError, match=r"inconsistent toy state: deck\.cards repeats a card"):
        TOY_GAME.state_from_dict({**data, "deck": deck})
    with pytest.raises(ValueError, match=r"num_players is 9, outside 2..4"):
        TOY_GAME.state_from_dict({**data, "num_players": 9})
    turns = dict(data["turns"], position=5)
    with pytest.raises(ValueError, match=r"malformed toy state: .*turn position 5 is outside"):
        TOY_GAME.state_from_dict({**data, "turns": turns})
