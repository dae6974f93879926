"""Scores, the end checks after every complete action, and the Outcome (§7, §10, §11, §16).

``scores()`` gives each seat ``skulls``, ``castles`` (captured, 2 points each), ``map_pieces``
and ``total``. ``Outcome.reason`` is one of R16.6's words, or ``all_eliminated`` (DW-7.2d).
"""

from __future__ import annotations

import itertools
import operator
from typing import TYPE_CHECKING

from tabletop.core import Outcome
from tabletop.core.scoring import ScoreSheet, score_sheet

from .components import ENGAGE_IDLE_LIMIT, ENGAGE_TURN_LIMIT, LAST_ROUND, PIECES_TO_WIN, TOKENS
from .table import held_pieces, pieces_of, standing_castles

if TYPE_CHECKING:
    from .state import DozenWarState


#: R16.2: points per captured castle.
CASTLE_POINTS = 2


def scores(state: DozenWarState) -> list[ScoreSheet]:
    """R16.2: skulls + 2 per captured castle + map pieces, per seat; R16.5: Engage has no
    score (a win, a loss or a draw), so every Engage sheet is 0 (its skulls stay counted in
    the state, where the board and the observation show them)."""
    if state.mode == "engage":
        return [score_sheet(dict.fromkeys(("skulls", "castles", "map_pieces"), 0)) for _ in state.skulls]
    held = held_pieces(state)
    return [
        score_sheet(
            {
                "skulls": state.skulls[seat],
                "castles": CASTLE_POINTS * state.castles_taken[seat],
                "map_pieces": held[seat],
            }
        )
        for seat in range(state.num_players)
    ]


def totals(state: DozenWarState) -> tuple[int, ...]:
    """Each seat's score total (R16.2): :func:`scores`' totals, without the sheets (a search
    weighs every position it rolls out to by them)."""
    if state.mode == "engage":
        return (0,) * state.num_players
    return tuple(map(_total, state.skulls, state.castles_taken, held_pieces(state)))


def _total(skulls: int, castles_taken: int, pieces: int) -> int:
    """R16.2: one seat's total."""
    return skulls + CASTLE_POINTS * castles_taken + pieces


def _finish(state: DozenWarState, winners: tuple[int, ...], reason: str) -> None:
    state.outcome = Outcome(winners=tuple(sorted(winners)), scores=totals(state), reason=reason)
    state.tasks.clear()
    state.attack = None
    state.hit = None


def finish_draw(state: DozenWarState, reason: str) -> None:
    """A draw: nobody wins (R11.7, R11.9, DW-7.2d)."""
    _finish(state, (), reason)


def finish_engage_idle(state: DozenWarState, first: int) -> None:
    """R11.8: the first player loses after 5 own turns in a row without an attack action."""
    _finish(state, tuple(s for s in range(state.num_players) if s != first), "engage_five_idle_turns")


def _members(state: DozenWarState, team: int) -> tuple[int, ...]:
    return tuple(s for s in range(state.num_players) if state.side_of[s] == team)


def ranking_key(state: DozenWarState, seats: tuple[int, ...]) -> tuple[int, int, int, int]:
    """R7.1b, R16.3-R16.4: score, map pieces, own standing castles, coins (summed over the
    non-eliminated members of a team)."""
    live = [s for s in seats if not state.eliminated[s]]
    sheets = scores(state)
    return (
        sum(sheets[s]["total"] for s in live),
        sum(pieces_of(state, s) for s in live),
        sum(len(standing_castles(state, s)) for s in live),
        sum(state.coins[s] for s in live),
    )


def score_winners(state: DozenWarState) -> tuple[int, ...]:
    """R16.1-R16.4: the seats still playing of the team or teams with the best key, in order
    (a full tie shares the win)."""
    teams = sorted({state.side_of[s] for s in range(state.num_players) if not state.eliminated[s]})
    keys = {team: ranking_key(state, _members(state, team)) for team in teams}
    best = max(keys.values())
    return tuple(
        sorted(
            s
            for team in teams
            if keys[team] == best
            for s in _members(state, team)
            if not state.eliminated[s]
        )
    )


def winners_by(state: DozenWarState, reason: str) -> tuple[int, ...] | None:
    """The winners a game over for ``reason`` has, read off its final state, in order; ``None``
    where the state does not end that way (the load checks hold a save's outcome to it)."""
    n = state.num_players
    engage = state.mode == "engage"
    live = tuple(s for s in range(n) if not state.eliminated[s])
    if reason.startswith("engage_") != engage:
        return None
    if reason == "score":
        return score_winners(state) if state.round == LAST_ROUND else None
    if reason == "last_standing":
        return live if len({state.side_of[s] for s in live}) == 1 else None
    if reason == "all_eliminated":
        return () if not live else None
    if reason == "five_map_pieces":
        held = held_pieces(state)
        for team in sorted(set(state.side_of)):
            members = tuple(s for s in _members(state, team) if not state.eliminated[s])
            if sum(held[s] for s in members) >= PIECES_TO_WIN:
                return members
        return None
    generals = {unit.owner for unit in state.units.values() if unit.general}
    if reason == "engage_general_killed":
        return tuple(sorted(generals)) if len(generals) == 1 else None
    if reason == "engage_draw":
        return () if not generals else None
    if reason == "engage_turn_limit":
        return () if state.turn_number == ENGAGE_TURN_LIMIT else None
    if reason == "engage_five_idle_turns":
        first = state.turns.first
        return tuple(s for s in range(n) if s != first) if state.idle_turns == ENGAGE_IDLE_LIMIT else None
    return None


def finish_by_score(state: DozenWarState) -> None:
    """R16.1-R16.4: at the end of round 8 the best key wins."""
    _finish(state, score_winners(state), "score")


def eliminate(state: DozenWarState, seat: int) -> None:
    """R7.2a: the player leaves the order; hand to the discard pile, coins to the bank."""
    state.eliminated[seat] = True
    state.discard.extend(sorted(state.hands[seat]))
    state.hands[seat] = []
    state.bank += state.coins[seat]
    state.coins[seat] = 0
    if seat != state.turns.current:
        state.turns.eliminate(seat)
        return
    # The current player's turn ends at once; end_turn hands play on and drops the seat.
    while state.tasks and state.tasks[-1].kind != "turn":
        state.tasks.pop()
    if state.tasks:
        state.tasks.pop()
    from .agenda import push

    push(state, "end_turn")


def drop_eliminated(state: DozenWarState) -> None:
    """Eliminated seats that are not the current one leave the turn order (R9.11: skipped)."""
    for seat in range(state.num_players):
        if state.eliminated[seat] and seat in state.turns.order and seat != state.turns.current:
            state.turns.eliminate(seat)


#: Setup's tasks: the end checks wait until setup is over.
SETUP_TASKS = frozenset(
    {
        "draft_ban",
        "draft_pick",
        "draft_banned_round",
        "deal_generals",
        "deploy_soldiers",
        "deploy_generals",
        "place_start_piece",
        "place_tokens",
        "engage_pick",
        "engage_army",
        "engage_deploy",
        "engage_deal",
    }
)


_KIND = operator.attrgetter("kind")
_PIECES = operator.attrgetter("pieces")
_OWNER = operator.attrgetter("owner")
_GENERAL = operator.attrgetter("general")


def check_end(state: DozenWarState) -> None:
    """R7.1a: the checks after a complete action (from the end of setup on)."""
    if not SETUP_TASKS.isdisjoint(map(_KIND, state.tasks)):
        return
    # This runs after every complete action: the units (the most objects) are read only where
    # they can decide, and then at C level.
    units = state.units.values()
    n = state.num_players
    if state.mode == "engage":
        alive = set(map(_OWNER, itertools.compress(units, map(_GENERAL, units))))
        dead = [s for s in range(n) if s not in alive]
        if len(dead) == 2:
            finish_draw(state, "engage_draw")
        elif dead:
            _finish(state, tuple(s for s in range(n) if s not in dead), "engage_general_killed")
        return
    # R15: each map piece is in one place (invariants.check): under a mountain, spent, pending
    # in a task (a stolen piece), on a unit or loose. Those of the first three count for nobody:
    # while they leave fewer than five for the board, no team can hold five and no unit is read.
    tasks = state.tasks
    away = sum(map(MAP_PIECES.__contains__, itertools.chain.from_iterable(state.mountains.values())))
    away += sum(map(MAP_PIECES.__contains__, state.spent_tokens))
    away += sum(1 for task in tasks if task.data.get("piece") in MAP_PIECES)
    if len(MAP_PIECES) - away >= PIECES_TO_WIN:
        _five_pieces(state)
        if state.outcome is not None:
            return
    # Eliminating a seat moves no unit and no castle: who has either is read once, the few
    # castles first (every seat still playing has one, most of the game: no unit to read).
    holders = {c.owner for c in state.castles if c.hp > 0}
    eliminated = state.eliminated
    missing = _SEATS[n] - holders
    if missing and not all(eliminated[s] for s in missing):
        holders.update(map(_OWNER, units))
        for seat in range(n):
            if eliminated[seat] or seat in holders:
                continue
            eliminate(state, seat)
    if True in eliminated:
        alive_teams = {state.side_of[s] for s in range(n) if not eliminated[s]}
    else:
        alive_teams = set(state.side_of)
    if len(alive_teams) == 1:
        team = alive_teams.pop()
        _finish(state, tuple(s for s in _members(state, team) if not state.eliminated[s]), "last_standing")
    elif not alive_teams:
        # DW-7.2d: the last players (teams) went out together: nobody is left to win.
        finish_draw(state, "all_eliminated")


#: Seats 0..n-1 per player count.
_SEATS = tuple(frozenset(range(n)) for n in range(9))
#: The map-piece tokens (R15.1).
MAP_PIECES = frozenset(t for t, token in TOKENS.items() if token.kind == "map_piece")


def _five_pieces(state: DozenWarState) -> None:
    """R7.1: a team (its members still playing) holding five map pieces wins."""
    # No team holds more pieces than lie on the board in all: most checks stop at this sum.
    on_board = sum(map(len, map(_PIECES, state.units.values()))) + sum(map(len, state.loose.values()))
    if on_board < PIECES_TO_WIN:
        return
    held = held_pieces(state)
    for team in sorted(set(state.side_of)):
        members = _members(state, team)
        if sum(held[s] for s in members if not state.eliminated[s]) >= PIECES_TO_WIN:
            _finish(state, tuple(s for s in members if not state.eliminated[s]), "five_map_pieces")
            return
