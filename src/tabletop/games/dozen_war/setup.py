"""A new game (R7.3-R7.9, R10.3-R10.5, R11.2): rolls, homes, castles, generals, tokens, decks.

Every die roll comes from the state's rng. What players choose during setup (bans and picks,
where each general stands, who carries the starting map piece, Engage's army and deployment)
is asked as decisions; the agenda below is pushed here and run by :mod:`.effects`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from tabletop.core import Rng, TurnOrder

from . import effects
from .agenda import push
from .components import BANK_COINS, CARD_COPIES, EVENT_COPIES, GENERAL_IDS, MAPS, MODE_MAP
from .model import Castle
from .rounds import roll_order

if TYPE_CHECKING:
    from .state import DozenWarState


def mode_of(num_players: int, options: dict[str, Any]) -> str:
    """The data key of the mode (R0.4): ``ffa4``, ``ffa3``, ``alliance`` or ``engage``."""
    mode = options["mode"]
    if mode == "ffa":
        return f"ffa{num_players}"
    return str(mode)


def new_game(
    state_type: type[DozenWarState], num_players: int, seed: int, options: dict[str, Any], rng: Rng
) -> DozenWarState:
    """The state at the first decision of setup (``state_type`` is the game's state class)."""
    mode = mode_of(num_players, options)
    seats = list(range(num_players))
    if mode == "alliance":
        # R10.4: each team rolls once (ties re-rolled); the winner's team takes positions 1
        # and 3. Ruling DW-S1: teams are seats 0+2 and 1+3; inside a team the lower seat
        # takes the earlier position.
        first_team = roll_order(rng, [0, 1])[0]
        a, b = (first_team, first_team + 2), (1 - first_team, 3 - first_team)
        positions = [a[0], b[0], a[1], b[1]]
        side_of = [0, 1, 0, 1]
    else:
        positions = roll_order(rng, seats)
        side_of = seats.copy()
    spec = MAPS[MODE_MAP[mode]]
    home = [""] * num_players
    if mode == "engage":
        # R11.2: the roll's loser deploys north and chooses first; the winner moves first.
        home[positions[0]] = "south"
        home[positions[1]] = "north"
    else:
        for k, seat in enumerate(positions, start=1):
            home[seat] = spec.home_assignment[mode][str(k)]
    castles = [
        Castle(cell=cell, owner=seat, type=kind, hp=2)
        for seat in positions
        for cell, kind in spec.homes[home[seat]].castles
    ]
    deck = sorted(CARD_COPIES)
    rng.shuffle(deck)
    events = sorted(EVENT_COPIES) if mode != "engage" else []
    rng.shuffle(events)
    state = state_type(
        num_players=num_players,
        seed=seed,
        options=options,
        rng=rng,
        mode=mode,
        side_of=side_of,
        home=home,
        turns=TurnOrder(positions.copy()),
        castles=castles,
        terrain=sorted(spec.mountain_cells),
        coins=[0] * num_players,
        bank=BANK_COINS,
        hands=[[] for _ in seats],
        deck=deck,
        events=events,
        skulls=[0] * num_players,
        castles_taken=[0] * num_players,
        roster=[[] for _ in seats],
        marks=[[] for _ in seats],
        used_skills=[[] for _ in seats],
        soldier_died=[False] * num_players,
        eliminated=[False] * num_players,
        defence_skill_used=[False] * num_players,
        defence_card_used=[False] * num_players,
        hitters=[[] for _ in seats],
        next_unit=len(GENERAL_IDS),
    )
    # The agenda runs bottom to top: the last push is the first task.
    push(state, "round_start")
    if mode == "engage":
        winner, loser = positions
        push(state, "engage_deal", order=[loser, winner])
        for seat in (winner, loser):
            push(state, "engage_deploy", seat)
            push(state, "engage_army", seat)
            push(state, "engage_pick", seat)
    else:
        push(state, "place_tokens")
        if mode in ("ffa3", "alliance"):
            holders = positions if mode == "ffa3" else positions[:2]
            for seat in reversed(holders):
                push(state, "place_start_piece", seat)
        for seat in reversed(positions):
            push(state, "deploy_generals", seat)
        push(state, "deploy_soldiers")
        if options["generals"] == "random":
            push(state, "deal_generals")
        else:
            push_draft(state, positions)
    effects.run(state)
    return state


def push_draft(state: DozenWarState, positions: list[int]) -> None:
    """R7.5a: bans in reverse position order, two snake pick rounds, then the banned generals
    by a new roll (pushed in reverse, since the agenda is a stack)."""
    n = len(positions)
    picks_two = [1, 0, 3, 2] if n == 4 else [2, 1, 0]
    order: list[tuple[str, int]] = [("draft_ban", positions[i]) for i in reversed(range(n))]
    order += [("draft_pick", positions[i]) for i in range(n)]
    order += [("draft_pick", positions[i]) for i in picks_two]
    push(state, "draft_banned_round")
    for kind, seat in reversed(order):
        push(state, kind, seat)
