"""Hidden information (R6.3, R15.3): what each seat may know, and the resampling behind
``determinize``.

Hidden: the other players' hands (their sizes are public), the order of the equipment and
event decks, and which token lies under which mountain (which mountains still hold tokens is
public). A seat choosing a card to steal sees the victim's hand for that choice; the partner
answering an alliance card swap sees the offered card. Everything else is public.
``determinize`` redeals the unseen cards and tokens from a canonical (sorted) order with the
state's reseeded rng, so it depends only on the seat's observation and the seed.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import attrs

from tabletop.core.serialize import deep_copy

from .components import CARD_COPIES
from .table import designs_in_hand

if TYPE_CHECKING:
    from .state import DozenWarState


def _seen_hand(state: DozenWarState, seat: int) -> int | None:
    """The other seat whose hand ``seat`` is looking at now (a steal's choice), if any."""
    if not state.tasks:
        return None
    task = state.tasks[-1]
    if task.kind == "choose_option" and task.data.get("purpose") == "steal" and task.seat == seat:
        victim: int = task.data["victim"]
        return victim
    return None


def _task_view(state: DozenWarState, seat: int) -> list[dict[str, Any]]:
    view = []
    for task in state.tasks:
        # A deep copy: the lists and dicts inside a task's data are shared by the state's clones
        # (a task is never mutated), so a caller editing its view must not reach them.
        data = deep_copy(task.data)
        if task.kind == "card_swap_answer" and state.side_of[seat] != state.side_of[task.seat]:
            data.pop("offer", None)  # only the two allies see the offered card
        if task.kind == "choose_option" and data.get("purpose") in ("steal",) and task.seat != seat:
            data.pop("options", None)
        view.append({"kind": task.kind, "seat": task.seat, "data": data})
    return view


def observation(state: DozenWarState, seat: int) -> dict[str, Any]:
    """What ``seat`` may know, JSON-ready."""
    seen = _seen_hand(state, seat)
    hands: list[Any] = []
    for other, hand in enumerate(state.hands):
        if other in (seat, seen) or state.outcome is not None:
            hands.append(sorted(hand))
        else:
            hands.append(len(hand))
    return {
        "mode": state.mode,
        "round": state.round,
        "turn_number": state.turn_number,
        "order": list(state.turns.order),
        "position": state.turns.position,
        "current_player": state.current_player,
        "decision": state.decision,
        "home": list(state.home),
        "side_of": list(state.side_of),
        "units": [
            {
                "id": u.id,
                "owner": u.owner,
                "class": u.cls,
                "general": u.general,
                "hp": u.hp,
                "cell": u.cell,
                "pieces": list(u.pieces),
                "flags": [u.moved, u.attacked, u.dug, u.warped, u.guarded, u.acted, u.gave, u.extra_move],
                "buffs": [
                    u.buff_move,
                    u.buff_damage,
                    u.buff_range,
                    u.buff_strikes,
                    u.buff_unguardable,
                    u.buff_max_targets,
                    u.buff_star,
                ],
                "statuses": [list(s) for s in u.statuses],
                "evasion": list(u.evasion),
                "boosted_by": list(u.boosted_by),
            }
            for u in sorted(state.units.values(), key=lambda u: u.id)
        ],
        "castles": [[c.cell, c.owner, c.type, c.hp, c.taken_by] for c in state.castles],
        "mountains": {str(cell): len(stack) for cell, stack in sorted(state.mountains.items())},
        "volcano_up": state.volcano_up,
        "terrain": list(state.terrain),
        "loose": {str(cell): sorted(p) for cell, p in sorted(state.loose.items())},
        "spent_tokens": list(state.spent_tokens),
        "coins": list(state.coins),
        "bank": state.bank,
        "hands": hands,
        "deck": len(state.deck),
        "discard": list(state.discard),
        "events": len(state.events),
        "events_done": list(state.events_done),
        "skulls": list(state.skulls),
        "castles_taken": list(state.castles_taken),
        "roster": [list(r) for r in state.roster],
        "banned": list(state.banned),
        "marks": [list(m) for m in state.marks],
        "used_skills": [list(u) for u in state.used_skills],
        "soldier_died": list(state.soldier_died),
        "eliminated": list(state.eliminated),
        "leader": state.leader,
        "modifiers": [list(m) for m in state.modifiers],
        "turn_flags": [
            state.acted,
            state.attack_skill_used,
            state.card_played,
            state.attacked,
            state.idle_turns,
        ],
        "defence_used": [list(state.defence_skill_used), list(state.defence_card_used)],
        "hitters": [list(h) for h in state.hitters],
        "agenda": _task_view(state, seat),
        "attack": None if state.attack is None else _attack_view(state),
        "hit": None if state.hit is None else _hit_view(state),
        "outcome": None
        if state.outcome is None
        else {"winners": list(state.outcome.winners), "reason": state.outcome.reason},
    }


def _attack_view(state: DozenWarState) -> dict[str, Any]:
    a = state.attack
    assert a is not None
    return {
        "player": a.player,
        "unit": a.unit,
        "source": a.source,
        "card": a.card,
        "numbers": [a.damage, a.range, a.star, a.guardable, a.splash, a.splash_extra, a.max_targets, a.extra],
        "status": a.hostile_status,
        "targets": list(a.targets),
        "chosen": list(a.chosen),
        "ray": a.ray,
        "heal_user": a.heal_user,
    }


def _hit_view(state: DozenWarState) -> dict[str, Any]:
    h = state.hit
    assert h is not None
    return {
        "target": h.target,
        "receiver": h.receiver,
        "numbers": [h.damage, h.star, h.guardable, h.lost],
        "status": h.hostile_status,
        "guard": h.guard,
        "cancelled": h.cancelled,
        "used": [h.skill_used, h.card_used],
        "heals": [list(x) for x in h.heals],
        "after": deep_copy(h.after),  # its entries hold dicts shared with clones
    }


def resample(state: DozenWarState, seat: int) -> None:
    """Redeal, with ``state.rng``, the cards and tokens ``seat`` cannot see (canonical order)."""
    seen = _seen_hand(state, seat)
    kept: dict[int, list[str]] = {}
    for task in state.tasks:
        if task.kind == "card_swap_answer" and state.side_of[seat] == state.side_of[task.seat]:
            offerer = task.data["offerer"]
            if offerer != seat:
                # The partner knows one card of the offerer's hand: keep one copy of it there.
                design = task.data["offer"]
                copy = min(c for c in state.hands[offerer] if CARD_COPIES[c] == design)
                kept[offerer] = [copy]
    # Once the game is over every hand is shown (see observation): none is redealt.
    over = state.outcome is not None
    hidden_seats = [s for s in range(state.num_players) if s != seat and s != seen and not over]
    pool = list(state.deck)
    sizes = {}
    for other in hidden_seats:
        keep = kept.get(other, [])
        rest = [c for c in state.hands[other] if c not in keep]
        sizes[other] = len(rest)
        pool.extend(rest)
    pool.sort()
    state.rng.shuffle(pool)
    for other in hidden_seats:
        n = sizes[other]
        state.hands[other] = kept.get(other, []) + pool[:n]
        pool = pool[n:]
    state.deck = pool
    for index, task in enumerate(state.tasks):  # a pending steal offers the victim's redealt hand
        data = task.data
        if (
            task.kind == "choose_option"
            and data.get("purpose") == "steal"
            and data.get("victim") in hidden_seats
        ):
            options = designs_in_hand(state, data["victim"])  # a new task: tasks are shared, never changed
            state.tasks[index] = attrs.evolve(task, data={**data, "options": options})
        if (
            task.kind == "card_swap_answer"
            and data["offerer"] in hidden_seats
            and state.side_of[seat] != state.side_of[task.seat]
        ):  # an enemy does not see the offered card: one of the offerer's redealt cards is offered
            offer = CARD_COPIES[state.rng.choice(sorted(state.hands[data["offerer"]]))]
            state.tasks[index] = attrs.evolve(task, data={**data, "offer": offer})
    tokens = sorted(t for stack in state.mountains.values() for t in stack)
    state.rng.shuffle(tokens)
    for cell in sorted(state.mountains):
        stack = state.mountains[cell]
        state.mountains[cell] = [tokens.pop() for _ in stack]
    events = sorted(state.events)
    state.rng.shuffle(events)
    state.events = events
