"""The turn's legal actions kept between decisions (per unit, per unit signature, per setup, the
board view) are the ones a fresh listing gives, through random play and through a game branched
from an earlier clone."""

from __future__ import annotations

import pytest

from tabletop.core import Action, Rng
from tabletop.games.dozen_war import GAME, board, combat, interpreter, legal
from tabletop.games.dozen_war.actions import Move
from tabletop.games.dozen_war.components import CARDS, MAPS, MODE_MAP, SKILLS
from tabletop.games.dozen_war.state import DozenWarState


def _fresh(state: DozenWarState) -> list[Action]:
    """The turn's actions listed with nothing kept from earlier listings (then put back)."""
    blocks, setups, signed = dict(legal._BLOCKS), dict(legal._SETUPS), dict(legal._SIGNED_BLOCKS)
    view, codes = board._LAST_VIEW[0], legal._LAST_CODES[0]
    legal._BLOCKS.clear()
    legal._SETUPS.clear()
    legal._SIGNED_BLOCKS.clear()
    board._LAST_VIEW[0] = legal._LAST_CODES[0] = None
    try:
        return legal.turn_actions(state)
    finally:
        legal._BLOCKS.clear()
        legal._BLOCKS.update(blocks)
        legal._SETUPS.clear()
        legal._SETUPS.update(setups)
        legal._SIGNED_BLOCKS.clear()
        legal._SIGNED_BLOCKS.update(signed)
        board._LAST_VIEW[0], legal._LAST_CODES[0] = view, codes


def step_and_compare(state: DozenWarState, rng: Rng) -> int:
    """Apply one random decision, first checking a turn's listing against a fresh one; 1 if it was
    a turn (checked), else 0."""
    listed = state.legal_actions()
    is_turn = state.decision == "turn"
    if is_turn:
        assert listed == _fresh(state)
    state.apply(rng.choice(listed))
    return int(is_turn)


def _play_and_compare(state: DozenWarState, rng: Rng, decisions: int) -> int:
    """Play ``decisions`` random decisions, checking every turn listing; the turns checked."""
    checked = 0
    for _ in range(decisions):
        if state.is_terminal:
            break
        checked += step_and_compare(state, rng)
    return checked


@pytest.mark.parametrize(
    ("players", "mode"), [(2, "engage"), (3, "ffa"), (4, "ffa"), (4, "alliance")], ids=str
)
def test_kept_turn_actions_equal_a_fresh_listing(players: int, mode: str) -> None:
    state = GAME.new_game(players=players, seed=11, mode=mode, generals="random")
    rng = Rng.from_seed(5)
    checked = _play_and_compare(state, rng, 150)
    branch = state.clone()
    checked += _play_and_compare(state, rng, 150)
    # The branch goes its own way from a state whose units the caches saw long ago.
    checked += _play_and_compare(branch, Rng.from_seed(6), 150)
    assert checked > 50


def test_the_same_move_in_two_branches_shares_the_unit_block() -> None:
    """A search plays the same move in many guesses of one state: each makes its own object of
    the moved unit, and the second lists that unit's block kept for the first (its signature and
    the codes around it are the same), equal to a fresh listing."""
    state = GAME.new_game(players=4, seed=11, mode="ffa", generals="random")
    rng = Rng.from_seed(5)
    shared = 0
    for _ in range(300):
        if state.is_terminal:
            break
        moves = [a for a in state.legal_actions() if isinstance(a, Move)] if state.decision == "turn" else []
        if moves:
            move = rng.choice(moves)
            first, second = state.clone(), state.clone()
            first.apply(move)
            second.apply(move)
            if first.decision == "turn" and move.unit in first.units:
                one, other = first.units[move.unit], second.units[move.unit]
                assert one is not other
                # Emptied first, so that neither table reaches its bound (and is dropped) between
                # the two listings, whatever earlier tests in this process left in them.
                legal._BLOCKS.clear()
                legal._SIGNED_BLOCKS.clear()
                first.legal_actions()
                assert second.legal_actions() == _fresh(second)
                assert legal._BLOCKS[id(other)][4] is legal._BLOCKS[id(one)][4]
                shared += 1
        state.apply(rng.choice(state.legal_actions()))
    assert shared > 10


#: The first operations of every skill and card.
_FIRSTS = [entry.effect[0] for entry in SKILLS.values() if entry.effect] + [
    entry.effect[0] for entry in CARDS.values() if entry.effect
]
#: Every strike, and every teleport and summon, among them.
_STRIKES = [op for op in _FIRSTS if op["op"] in combat.ATTACK_OPS]
_PLACINGS = [op for op in _FIRSTS if op["op"] in ("teleport", "summon")]


@pytest.mark.parametrize(
    ("players", "mode"), [(2, "engage"), (3, "ffa"), (4, "ffa"), (4, "alliance")], ids=str
)
def test_code_read_checks_agree_with_the_engine(players: int, mode: str) -> None:
    """The listing's strike, teleport and summon checks read from the cell codes give what the
    engine's own tests give, for every such operation, unit and card range, through random play."""
    state = GAME.new_game(players=players, seed=23, mode=mode, generals="random")
    rng = Rng.from_seed(7)
    compared = 0
    for _ in range(120):
        if state.is_terminal:
            break
        if state.decision == "turn":
            seat = state.turns.current
            occ = board.occupancy(state)
            codes = legal._cell_codes(state, seat, occ, mode == "engage")[0]
            mine = [u for u in state.units.values() if u.owner == seat]
            for op in _STRIKES:
                for unit in [None, *mine]:
                    for card in ("", "arc.cung_thep"):
                        uid = None if unit is None else unit.id
                        expected = combat.has_targets(state, seat, uid, op, card, occ)
                        assert legal._strike_possible(state, seat, unit, op, card, occ, codes) == expected
                        compared += 1
            for op in _PLACINGS:
                for user in [-1, *(u.id for u in mine if u.general)]:
                    expected = interpreter.effect_possible(state, seat, user, op, window=False)
                    check = legal._teleport_possible if op["op"] == "teleport" else legal._summon_possible
                    assert check(state, seat, user, op, codes) == expected
                    compared += 1
        state.apply(rng.choice(state.legal_actions()))
    assert compared > 1000


def test_clear_radius_is_the_cells_with_no_mountain_between() -> None:
    """R2.1d for radius effects: the cells a radius reaches are those with no mountain strictly
    between them and its anchor on a ray, on every map, for random terrain and radii."""
    rng = Rng.from_seed(3)
    for mode in MODE_MAP:
        grid = MAPS[MODE_MAP[mode]].grid
        for _ in range(5):
            terrain = tuple(sorted(rng.sample(range(grid.size), grid.size // 6)))
            for anchor in range(grid.size):
                for radius in range(5):
                    lines = [(c, grid.between(anchor, c)) for c in grid.within(anchor, radius, True)]
                    expected = {
                        c for c, between in lines if between is None or not set(between) & set(terrain)
                    }
                    assert board.clear_radius(mode, terrain, anchor, radius) == expected


_VIEW_ARRAYS = ("ids", "owner", "soldiers", "general", "mountain", "castle_owner", "castle_index")


@pytest.mark.parametrize(("players", "mode"), [(2, "engage"), (4, "ffa"), (4, "alliance")], ids=str)
def test_a_kept_board_view_equals_a_fresh_one(players: int, mode: str) -> None:
    """The board view updated from the last one (units replaced, removed by deaths or added by
    summons and revivals) holds what a view built afresh holds, after every decision."""
    state = GAME.new_game(players=players, seed=31, mode=mode, generals="random")
    rng = Rng.from_seed(9)
    counts = set()
    while not state.is_terminal:
        state.apply(rng.choice(state.legal_actions()))
        kept, fresh = board.occupancy(state), board.fresh_view(state)
        for name in _VIEW_ARRAYS:
            assert getattr(kept, name) == getattr(fresh, name), name
        counts.add(len(state.units))
    assert len(counts) > 3  # units died or joined along the way
