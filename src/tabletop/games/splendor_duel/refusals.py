"""Why an action is refused: a message naming the rule that forbids it now.

Only called for an action that is not among the legal ones (the base class checks that first),
so each branch can assume the action broke the rule it names. Any field value at all gets a
message, never an exception: a field of the wrong type (``None``, a list, a float, a bool for
an int) is named first, then the rule that a well-typed but wrong value breaks (a cell off the
board, a card that is not there, a level with no deck).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from tabletop.core import Action

from .actions import (
    Buy,
    ChooseRoyal,
    Discard,
    PlaceWild,
    Replenish,
    ReserveCard,
    ReserveFromDeck,
    Steal,
    TakeToken,
    TakeTokens,
    UsePrivilege,
)
from .components import BOX, CARDS, COST_KINDS, GOLD, GRID, LEVELS, LINES, WILD, cell_name
from .decisions import DECISION_ACTIONS, TURN
from .holdings import bonuses
from .legal import legal_actions, owed, wild_targets

if TYPE_CHECKING:
    from .state import SplendorDuelState

_LINE_SET = frozenset(LINES)
#: Each line by its set of cells: a line's cells named in another order are that line.
_LINE_OF_CELLS = {frozenset(line): line for line in LINES}
_CELL = f"a board cell index (an int from 0 to {GRID.size - 1})"
#: Per action type, its fields and what each must be: ``int`` (exactly, not a bool), ``str``,
#: ``cells`` (a tuple of ints) or ``gold`` (a tuple of one non-negative int per cost kind).
_FIELDS: dict[type[Action], tuple[tuple[str, str, str], ...]] = {
    UsePrivilege: (("cell", "int", _CELL),),
    Replenish: (),
    TakeTokens: (("cells", "cells", "a tuple of 1 to 3 board cell indices (ints)"),),
    ReserveCard: (("gold", "int", _CELL), ("card", "str", "a jewel card id (a str such as 'D1-01')")),
    ReserveFromDeck: (("gold", "int", _CELL), ("level", "int", f"a deck level (an int in {LEVELS})")),
    Buy: (
        ("card", "str", "a jewel card id (a str such as 'D1-01')"),
        (
            "gold",
            "gold",
            f"a tuple of {len(COST_KINDS)} non-negative ints (gold per {', '.join(COST_KINDS)})",
        ),
    ),
    PlaceWild: (("colour", "str", "a gem colour (a str)"),),
    TakeToken: (("cell", "int", _CELL),),
    Steal: (("token", "str", "a token kind (a str)"),),
    ChooseRoyal: (("card", "str", "a royal card id (a str such as 'R1')"),),
    Discard: (("token", "str", "a token kind (a str)"),),
}
_MISSING = object()


def _is_int(value: object) -> bool:
    return type(value) is int  # a bool or a float equal to an int is not an index


def _fits(value: object, shape: str) -> bool:
    if shape == "int":
        return _is_int(value)
    if shape == "str":
        return isinstance(value, str)
    if shape == "cells":
        return isinstance(value, tuple) and all(_is_int(cell) for cell in value)
    return (
        isinstance(value, tuple)
        and len(value) == len(COST_KINDS)
        and all(type(n) is int and n >= 0 for n in value)
    )


def bad_field(action: Action) -> str | None:
    """A message naming the first field of ``action`` whose value has the wrong type (or a
    gold split of the wrong shape), or ``None`` when every field is well typed."""
    for name, shape, wanted in _FIELDS.get(type(action), ()):
        value = getattr(action, name, _MISSING)
        if value is _MISSING:
            return f"{type(action).__name__} has no {name} field"
        if not _fits(value, shape):
            return f"{type(action).__name__}.{name} must be {wanted}, not {value!r}"
    return None


def _describe(action: Action) -> str:
    """The action as a sentence, or by its kind if it cannot print itself."""
    try:
        return str(action)
    except Exception:  # an action of another game, or one built bypassing its fields
        return f"{getattr(action, 'kind', type(action).__name__)} action {action!r}"


def _at(board: list[str | None], cell: int) -> str | None:
    """The token on ``cell``, or ``None`` for an empty cell or a cell off the board."""
    return board[cell] if 0 <= cell < len(board) else None


def why_illegal(state: SplendorDuelState, action: Action) -> str:
    """The rule that forbids ``action`` now."""
    step = state.step
    seat = state.turns.current
    accepted = DECISION_ACTIONS.get(step, ())
    if not isinstance(action, accepted):
        names = ", ".join(t.kind for t in accepted)
        return f"{_describe(action)} is not possible now: the pending decision is {step!r} (actions: {names})"
    bad = bad_field(action)
    if bad is not None:
        return bad
    if step == TURN:
        if legal_actions(state) == [Replenish()] and not isinstance(action, Replenish):
            return (
                "no mandatory action is possible, so the board must be replenished first (forced replenish)"
            )
        return _why_turn(state, seat, action)
    if isinstance(action, Discard):
        return f"cannot discard {action.token}: you hold none"
    if isinstance(action, PlaceWild):
        return (
            f"a wild card must join a colour of which you own a card with a bonus; "
            f"{action.colour} is not one of {wild_targets(state, seat)}"
        )
    if isinstance(action, TakeToken):
        colour = CARDS[state.ability_card].colour if state.ability_card else "?"
        return (
            f"the ability takes a {colour} token (the card's colour) from the board; "
            f"{cell_name(action.cell)} holds {_at(state.board, action.cell) or 'nothing'}"
        )
    if isinstance(action, Steal):
        if action.token == GOLD:
            return 'the steal ability never takes gold ("You cannot take a Gold token from your opponent")'
        return f"cannot steal {action.token}: the opponent holds none"
    if isinstance(action, ChooseRoyal):
        return f"royal card {action.card} is not on the table"
    return f"{_describe(action)} is not legal now"


def _why_turn(state: SplendorDuelState, seat: int, action: Action) -> str:
    board = state.board
    if isinstance(action, UsePrivilege):
        if state.replenished:
            return "privileges must be used before replenishing the board, not after"
        if not state.privileges[seat]:
            return "you hold no privilege to use"
        if _at(board, action.cell) not in (None, GOLD):
            return (
                "this privilege would take the last gem or pearl and leave no mandatory "
                "action possible, and every turn must end with a mandatory action"
            )
        held = _at(board, action.cell)
        return (
            f"a privilege takes one gem or pearl from the board (never gold); "
            f"{cell_name(action.cell)} holds {held or 'nothing'}"
        )
    if isinstance(action, Replenish):
        if state.replenished:
            return "the board was already replenished this turn"
        return "cannot replenish the board: the bag is empty"
    if isinstance(action, TakeTokens):
        # The cells of a line in another order (reversed, the middle first) name that line.
        reordered = None
        if action.cells not in _LINE_SET and len(set(action.cells)) == len(action.cells):
            reordered = _LINE_OF_CELLS.get(frozenset(action.cells))
        if action.cells not in _LINE_SET and reordered is None:
            return (
                "tokens must be taken from 1 to 3 adjacent cells in one straight line "
                "(row, column or diagonal)"
            )
        # What is on the cells comes first: naming them in another order would not help.
        for cell in action.cells:
            if board[cell] is None:
                return f"the line has a gap: {cell_name(cell)} is empty (no gaps allowed)"
            if board[cell] == GOLD:
                return f"gold cannot be taken with a line: {cell_name(cell)} holds gold"
        if reordered is not None:
            return f"name the line's cells in reading order: {', '.join(map(cell_name, reordered))}"
        return f"{_describe(action)} is not legal now"
    if isinstance(action, (ReserveCard, ReserveFromDeck)):
        if len(state.reserved[seat]) >= BOX.max_reserved:
            return f"you already hold {BOX.max_reserved} reserved cards, the limit"
        if GOLD not in board:
            return "reserving needs gold, and there is no gold on the board"
        if _at(board, action.gold) != GOLD:
            return f"reserving takes a gold token; {cell_name(action.gold)} holds no gold"
        if isinstance(action, ReserveCard):
            return f"card {action.card} is not face up in the pyramid"
        if action.level not in LEVELS:
            return f"there is no level-{action.level} deck (levels are {', '.join(map(str, LEVELS))})"
        return f"the level-{action.level} deck is empty"
    if isinstance(action, Buy):
        return _why_buy(state, seat, action)
    return f"{_describe(action)} is not legal now"


def _why_buy(state: SplendorDuelState, seat: int, action: Buy) -> str:
    card = action.card
    if card not in state.reserved[seat] and not any(card in m.slots for m in state.pyramid):
        return f"card {card} is neither face up in the pyramid nor reserved by you"
    if CARDS[card].colour == WILD and not any(bonuses(state, seat)):
        return f"{card} is a wild-bonus card: you need a card with a bonus to buy it"
    need = owed(state, seat, card)
    pool = state.tokens[seat]
    gold = pool[GOLD]
    short = sum(max(0, n - pool[kind]) for kind, n in zip(COST_KINDS, need))
    if short > gold:
        owed_text = ", ".join(f"{n} {kind}" for kind, n in zip(COST_KINDS, need) if n)
        return (
            f"cannot afford {card}: after bonuses it costs {owed_text}; you lack {short} and hold {gold} gold"
        )
    if sum(action.gold) > gold:
        return f"the payment uses {sum(action.gold)} gold but you hold {gold}"
    for kind, n, g in zip(COST_KINDS, need, action.gold):
        if g > n:
            return f"the payment puts {g} gold on {kind} but only {n} {kind} is owed"
        if n - g > pool[kind]:
            return f"the payment needs {n - g} {kind} tokens but you hold {pool[kind]}"
    return f"{_describe(action)} is not legal now"
