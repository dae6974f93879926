"""The table's bookkeeping every rule shares: coins and the bank, the deck and hands, units
appearing, healing, taking damage and dying, with the credits of R12.9 and map pieces (R15)."""

from __future__ import annotations

import itertools
import operator
from typing import TYPE_CHECKING, Any

import attrs

from .agenda import push
from .components import CARD_COPIES, CASTLE_HP, GENERAL_IDS, GENERALS, stats_of
from .model import Unit, evolve_unit

if TYPE_CHECKING:
    from .state import DozenWarState

NOBODY = -1


# ---------------------------------------------------------------------- coins and cards


def gain_coins(state: DozenWarState, seat: int, amount: int) -> None:
    """R2.6a: take up to ``amount`` coins from the bank (what it has)."""
    paid = min(amount, state.bank)
    state.bank -= paid
    state.coins[seat] += paid


def pay_coins(state: DozenWarState, seat: int, amount: int) -> None:
    """R2.6a: pay up to ``amount`` coins to the bank (never below 0)."""
    paid = min(amount, state.coins[seat])
    state.coins[seat] -= paid
    state.bank += paid


def draw_cards(state: DozenWarState, seat: int, count: int) -> None:
    """R6.7: draw from the top; an empty deck reshuffles the discard pile; nothing if both are empty."""
    hand = state.hands[seat]
    for _ in range(count):
        if not state.deck:
            if not state.discard:
                return
            state.deck = sorted(state.discard)
            state.discard.clear()
            state.rng.shuffle(state.deck)
        hand.append(state.deck.pop())


def take_card(state: DozenWarState, seat: int, design: str) -> str:
    """Remove one card of ``design`` from ``seat``'s hand and return its copy id."""
    hand = state.hands[seat]
    for copy in hand:
        if CARD_COPIES[copy] == design:
            hand.remove(copy)
            return copy
    raise ValueError(f"seat {seat} holds no {design}")


def discard_card(state: DozenWarState, seat: int, design: str) -> None:
    """A card of ``design`` leaves ``seat``'s hand for the discard pile."""
    state.discard.append(take_card(state, seat, design))


def holds(state: DozenWarState, seat: int, design: str) -> bool:
    """Whether ``seat`` holds a card of ``design``."""
    return any(CARD_COPIES[copy] == design for copy in state.hands[seat])


def designs_in_hand(state: DozenWarState, seat: int) -> list[str]:
    """The distinct designs in ``seat``'s hand, sorted."""
    return sorted(set(map(CARD_COPIES.__getitem__, state.hands[seat])))


# ---------------------------------------------------------------------- units


def put_unit(state: DozenWarState, unit: Unit) -> None:
    """Store ``unit`` (a new or changed unit)."""
    state.units[unit.id] = unit


def change(state: DozenWarState, unit_id: int, **fields: Any) -> Unit:
    """Replace a unit with some fields changed; the new unit."""
    new = evolve_unit(state.units[unit_id], **fields)
    state.units[unit_id] = new
    return new


def new_soldier(state: DozenWarState, seat: int, cls: str, cell: int, may_act: bool = True) -> Unit:
    """A soldier from the unlimited supply (R1.1), with the lowest free soldier id."""
    uid = len(GENERAL_IDS)
    while uid in state.units:
        uid += 1
    unit = Unit(id=uid, owner=seat, cls=cls, general="", hp=stats_of(cls, False).hp, cell=cell)
    if not may_act:
        unit = attrs.evolve(unit, moved=True, attacked=True)
    state.units[uid] = unit
    return unit


def new_general(state: DozenWarState, seat: int, general: str, cell: int) -> Unit:
    """A general entering the board at full HP with no tokens and no statuses (R7.7, R8.14)."""
    uid = GENERAL_IDS.index(general)
    entry = GENERALS[general]
    unit = Unit(id=uid, owner=seat, cls=entry.cls, general=general, hp=entry.hp, cell=cell)
    state.units[uid] = unit
    return unit


def heal(state: DozenWarState, unit_id: int, amount: int) -> None:
    """+``amount`` HP, never above maximum (R12.10: an infantry at 2 is face up again)."""
    unit = state.units.get(unit_id)
    if unit is not None:
        change(state, unit_id, hp=min(unit.max_hp, unit.hp + amount))


def living_generals(state: DozenWarState, seat: int) -> list[Unit]:
    """``seat``'s generals on the board."""
    return [u for u in state.units.values() if u.owner == seat and u.general]


def dead_generals(state: DozenWarState, seat: int) -> list[str]:
    """``seat``'s generals not on the board, in roster order."""
    alive = {u.general for u in living_generals(state, seat)}
    return [g for g in state.roster[seat] if g not in alive]


def standing_castles(state: DozenWarState, seat: int) -> list[int]:
    """Indexes of ``seat``'s standing castles."""
    return [i for i, c in enumerate(state.castles) if c.owner == seat and c.hp > 0]


# ---------------------------------------------------------------------- map pieces


def pieces_of(state: DozenWarState, seat: int) -> int:
    """R15.10: pieces on ``seat``'s living generals + loose pieces in cells its units occupy."""
    return held_pieces(state)[seat]


_PIECES = operator.attrgetter("pieces")


def held_pieces(state: DozenWarState) -> list[int]:
    """:func:`pieces_of` for every seat at once (one pass over the units)."""
    held = [0] * state.num_players
    units = state.units.values()
    for unit in itertools.compress(units, map(_PIECES, units)):
        held[unit.owner] += len(unit.pieces)
    loose = state.loose
    if loose:
        # A loose stack counts once for each seat with a unit in its cell.
        there = {(unit.owner, unit.cell) for unit in units if unit.cell in loose}
        for seat, cell in there:
            held[seat] += len(loose[cell])
    return held


def team_pieces(state: DozenWarState, team: int) -> int:
    """A team's map pieces (R10.2): the sum over its members."""
    held = held_pieces(state)
    return sum(held[s] for s in range(state.num_players) if state.side_of[s] == team)


def drop_loose(state: DozenWarState, cell: int, pieces: tuple[str, ...] | list[str]) -> None:
    """Map pieces lie loose in ``cell`` (R15.9)."""
    if pieces:
        state.loose.setdefault(cell, []).extend(pieces)


# ---------------------------------------------------------------------- damage, deaths, credits


def damage_unit(state: DozenWarState, unit_id: int, amount: int, credit: int) -> bool:
    """The unit loses ``amount`` HP (never below 0); at 0 it dies with ``credit`` (a seat, or
    ``NOBODY``). Whether it died."""
    unit = state.units.get(unit_id)
    if unit is None or amount <= 0:
        return False
    hp = max(0, unit.hp - amount)
    if hp > 0:
        change(state, unit_id, hp=hp)
        return False
    kill(state, unit_id, credit)
    return True


def kill(state: DozenWarState, unit_id: int, credit: int) -> None:
    """R12.9: the unit leaves the board; an enemy general's death gives ``credit`` a skull, a
    coin and its map pieces (R15.8, one decision per piece); otherwise its pieces drop (R15.9)."""
    unit = state.units.pop(unit_id)
    if not unit.general:
        state.soldier_died[unit.owner] = True
        return
    if credit == NOBODY or credit == unit.owner:
        drop_loose(state, unit.cell, unit.pieces)
        return
    state.skulls[credit] += 1
    if state.mode != "engage":  # R11.1: Engage has no coins
        gain_coins(state, credit, 1)
    for piece in unit.pieces:
        push(state, "steal_piece", credit, piece=piece, cell=unit.cell)


def damage_castle(state: DozenWarState, index: int, amount: int, credit: int) -> None:
    """A castle loses HP; at 0 it is destroyed and ``credit`` takes it (2 points, +1 coin, R2.8e)."""
    castle = state.castles[index]
    hp = max(0, castle.hp - amount)
    if hp > 0:
        state.castles[index] = attrs.evolve(castle, hp=hp)
        return
    state.castles[index] = attrs.evolve(castle, hp=0, taken_by=credit)
    if credit != NOBODY:
        state.castles_taken[credit] += 1
        gain_coins(state, credit, 1)


def repair_castle(state: DozenWarState, index: int, amount: int) -> None:
    """E19: a damaged standing castle regains HP, never above 2 (R2.8h)."""
    castle = state.castles[index]
    state.castles[index] = attrs.evolve(castle, hp=min(CASTLE_HP, castle.hp + amount))
