"""The public contract, checked over a random playthrough of any game.

``check_contract(game, players, seed)`` plays one random game and asserts everything DESIGN.md
promises about states, actions, saving, records and hidden information. The contract tests run
it for every registered game; a game's own tests may call it with particular options.
"""

from __future__ import annotations

import json
from typing import Any

import pytest

import tabletop
from tabletop.core import Game, Rng, State


def roundtrip_json(data: Any) -> Any:
    return json.loads(json.dumps(data))


def check_state(game: Game[Any], state: State, rng: Rng, heavy: bool) -> None:
    """Everything that must hold of one non-terminal state."""
    assert not state.is_terminal and state.outcome is None
    seat = state.current_player
    assert isinstance(seat, int) and 0 <= seat < state.num_players
    assert isinstance(state.decision, str) and state.decision
    legal = state.legal_actions()
    assert legal, f"no legal action in a non-terminal state (decision {state.decision})"
    assert len(set(legal)) == len(legal), "legal_actions() repeats an action"
    ids = state.legal_action_ids()
    assert ids == sorted(game.encode(a) for a in legal)
    assert len(set(ids)) == len(ids)
    for action in legal:
        assert 0 <= game.encode(action) < game.num_distinct_actions
        assert game.decode(game.encode(action)) == action
        assert str(action)
        assert game.action_from_dict(roundtrip_json(game.action_to_dict(action))) == action
    if not heavy:
        return
    before = state.to_dict()
    # An illegal action is refused with IllegalAction and changes nothing.
    legal_ids = set(ids)
    for _ in range(20):
        other = rng.randbelow(game.num_distinct_actions)
        if other not in legal_ids:
            with pytest.raises(tabletop.IllegalAction) as refused:
                state.apply(game.decode(other))
            assert str(refused.value)
            assert state.to_dict() == before
            break
    # Saving round-trips exactly, through JSON text.
    restored = game.state_from_dict(roundtrip_json(before))
    assert restored.to_dict() == before
    assert restored.legal_actions() == legal
    # clone and child leave the original untouched.
    copy = state.clone()
    assert copy.to_dict() == before
    action = rng.choice(legal)
    child = state.child(action)
    copy.apply(action)
    assert state.to_dict() == before
    assert child.to_dict() == copy.to_dict()
    assert restored.child(action).to_dict() == child.to_dict()
    # Observations are JSON-ready; a determinized state looks the same to that seat.
    for observer in range(state.num_players):
        observation = state.observation(observer)
        assert roundtrip_json(observation) == observation
        sample = state.determinize(observer, rng.randbelow(1 << 30))
        assert sample.observation(observer) == observation
        assert sample.current_player == state.current_player
        if observer == state.current_player:  # what the mover may do depends on what it knows
            assert sorted(map(game.encode, sample.legal_actions())) == ids
        assert state.to_dict() == before


def check_contract(
    game: Game[Any],
    players: int,
    seed: int,
    max_decisions: int = 20_000,
    heavy_every: int = 7,
    **options: Any,
) -> State:
    """Play one random game, checking the contract along the way; return the final state."""
    rng = Rng.from_seed(seed)
    state = game.new_game(players=players, seed=seed, **options)
    twin = game.new_game(players=players, seed=seed, **options)
    assert state.to_dict() == twin.to_dict(), "the same seed must give the same game"
    decisions = 0
    while not state.is_terminal:
        assert decisions < max_decisions, f"{game.name} did not end in {max_decisions} decisions"
        check_state(game, state, rng, heavy=decisions % heavy_every == 0)
        action = rng.choice(state.legal_actions())
        state.apply(action)
        twin.apply(action)
        decisions += 1
    assert state.to_dict() == twin.to_dict(), "the same seed and actions must give the same game"
    assert state.current_player is None
    assert state.legal_actions() == []
    outcome = state.outcome
    assert outcome is not None and outcome.winners and outcome.reason
    assert all(0 <= w < players for w in outcome.winners)
    assert len(outcome.scores) == players
    sheets = state.scores()
    assert len(sheets) == players and all("total" in sheet for sheet in sheets)
    with pytest.raises(tabletop.IllegalAction):
        state.apply(game.decode(0))
    final = state.to_dict()
    assert game.state_from_dict(roundtrip_json(final)).to_dict() == final
    assert game.replay(roundtrip_json(state.record())).to_dict() == final
    assert len(state.history) == decisions
    return state
