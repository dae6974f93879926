"""What every reachable 7 Wonders Duel state satisfies: the one statement of the game's invariants.

:func:`check` raises ``ValueError`` naming the first thing that is inconsistent. Loading a save
calls it (``WondersDuelState._validate``) and the property tests call it after every step, so a
saved state the rules could never reach is refused. It is not called during play.
"""

from __future__ import annotations

from collections import Counter
from itertools import pairwise
from typing import TYPE_CHECKING

from tabletop.core.invariants import counts_add_up, each_once

from .city import science_symbols
from .components import BOARD, CARDS, LOOT_SPACE, MAX_WONDERS_BUILT, PROGRESS_TOKENS, RED, SHAPES, WONDERS
from .decisions import (
    CHOOSE_STARTER,
    DESTROY,
    DRAFT_PICKS,
    GREAT_LIBRARY,
    MAUSOLEUM,
    PROGRESS_TOKEN,
    destroy_entry,
    draft_picker,
)
from .hidden import back
from .scoring import REASONS, SCIENCE_SUPREMACY, civilian_winners, score_sheets

if TYPE_CHECKING:
    from .state import WondersDuelState

_SEATS = 2
_WONDERS_EACH = 4
_CAPITAL = BOARD.capital
_SLOTS = tuple(shape.size for shape in SHAPES)
#: Per Age (1-3), the cards of its deck before the structure is dealt (Age III: with its Guilds).
_DECK_SIZE = tuple(
    sum(1 for c in CARDS.values() if c.age == age and not c.is_guild)
    - BOARD.cards_to_box_per_age
    + (BOARD.guilds_in_age_3 if age == 3 else 0)
    for age in (1, 2, 3)
)
#: What the box holds from setup on: per card back, how many cards.
_BOX = Counter(
    {
        1: BOARD.cards_to_box_per_age,
        2: BOARD.cards_to_box_per_age,
        3: BOARD.cards_to_box_per_age,
        "guild": sum(1 for c in CARDS.values() if c.is_guild) - BOARD.guilds_in_age_3,
    }
)
_LIBRARY = next(w.id for w in WONDERS.values() if w.progress_from_box)
_LIBRARY_DRAW = WONDERS[_LIBRARY].progress_from_box
_PENDING = {
    PROGRESS_TOKEN,
    GREAT_LIBRARY,
    MAUSOLEUM,
    CHOOSE_STARTER,
    *(destroy_entry(w.destroys) for w in WONDERS.values() if w.destroys is not None),
}
#: Per Age (1-3), the ids of its cards (the Guilds are Age III cards).
_OF_AGE = {age: frozenset(c.id for c in CARDS.values() if c.age == age) for age in (1, 2, 3)}
#: Every card's back (see :func:`.hidden.back`), looked up once.
_BACK = {card_id: back(card_id) for card_id in CARDS}
#: Per military token, the token of the same side nearer the middle (None for the nearest).
_NEARER = {
    token: next(
        (t for t, other in LOOT_SPACE.items() if other * space > 0 and abs(other) < abs(space)),
        None,
    )
    for token, space in LOOT_SPACE.items()
}
_STRATEGY = {t.id: t.red_shield_bonus for t in PROGRESS_TOKENS.values() if t.red_shield_bonus}
_THEOLOGY = {t.id for t in PROGRESS_TOKENS.values() if t.wonders_play_again}


def check(s: WondersDuelState) -> None:
    """Raise ``ValueError`` naming the first invariant of 7 Wonders Duel that ``s`` breaks."""
    _check_seats(s)
    _check_coins(s)
    _check_cards(s)
    _check_wonders(s)
    _check_tokens(s)
    _check_military(s)
    _check_turns(s)
    _check_decision(s)
    _check_science(s)
    _check_outcome(s)


def _check_seats(s: WondersDuelState) -> None:
    for name in ("coins", "cards", "wonders", "built", "tokens"):
        value = getattr(s, name)
        if len(value) != _SEATS:
            raise ValueError(f"{name} has {len(value)} entries, one per seat means {_SEATS}")
    if s.library_seat is not None and not 0 <= s.library_seat < _SEATS:
        raise ValueError(f"library_seat is seat {s.library_seat}, outside 0..{_SEATS - 1}")
    if sorted(s.turns.order) != list(range(_SEATS)):
        raise ValueError(f"turns.order is {s.turns.order}: the seats 0..{_SEATS - 1}, each once")
    if not 0 <= s.age <= 3:
        raise ValueError(f"age is {s.age}: 0 (the Wonder draft) or Ages 1..3")
    if len(s.decks) != 3:
        raise ValueError(f"decks has {len(s.decks)} entries, one per Age means 3")
    if s.options.get("wonders") not in ("draft", "beginner"):
        raise ValueError(f"option wonders is {s.options.get('wonders')!r}, not 'draft' or 'beginner'")


def _check_coins(s: WondersDuelState) -> None:
    start = _SEATS * BOARD.starting_coins
    if s.bank_paid < start:
        raise ValueError(f"bank_paid is {s.bank_paid}, less than the {start} starting coins")
    if s.bank_received < 0:
        raise ValueError(f"bank_received is {s.bank_received}, below 0")
    parts = {f"player {seat}": coins for seat, coins in enumerate(s.coins)}
    parts["returned to the bank"] = s.bank_received
    try:
        counts_add_up(parts, s.bank_paid, what="coins")
    except ValueError as error:  # every coin paid out is held by a player or back in the bank
        raise ValueError(f"the bank paid out {s.bank_paid} coins: {error}") from None


def _taken_from_structures(s: WondersDuelState) -> int:
    """How many cards the players have taken from the Age structures so far."""
    if s.structure is None:
        return 0
    taken_now = sum(1 for c in s.structure.cards if c is None)
    return sum(_SLOTS[: s.age - 1]) + taken_now


def _check_cards(s: WondersDuelState) -> None:
    structure = s.structure
    if (structure is None) != (s.age == 0):
        raise ValueError(
            f"age is {s.age} but the structure is {'missing' if structure is None else 'dealt'}: "
            "there is a structure exactly from Age 1 on"
        )
    places: list[tuple[str, list[str]]] = []
    present = [] if structure is None else [c for c in structure.cards if c is not None]
    if structure is not None:
        places.append(("the structure", present))
    places += [(f"decks[{i}]", deck) for i, deck in enumerate(s.decks)]
    places += [("the box", s.box), ("the discard pile", s.discard)]
    places += [(f"player {seat}'s city", city) for seat, city in enumerate(s.cards)]
    places.append(("the tucked cards", list(s.tucked.values())))
    each_once(places, CARDS, what="card")
    box = Counter(map(_BACK.__getitem__, s.box))  # every id is known: checked just above
    if box != _BOX:
        raise ValueError(f"the box holds {dict(box)} cards by back; setup puts {dict(_BOX)} there for good")
    for index, deck in enumerate(s.decks):
        age = index + 1
        if not _OF_AGE[age].issuperset(deck):
            wrong = [c for c in deck if CARDS[c].age != age]
            raise ValueError(f"decks[{index}] (Age {age}) holds cards of another Age: {wrong}")
        expected = _DECK_SIZE[index] if age > s.age else 0
        if len(deck) != expected:
            state = "dealt" if age <= s.age else "not dealt yet"
            raise ValueError(
                f"decks[{index}] holds {len(deck)} cards; Age {age} is {state} in age {s.age}, "
                f"so it holds {expected}"
            )
    if structure is None:
        return
    if structure.shape != SHAPES[s.age - 1]:
        raise ValueError(f"the structure does not have the shape of the Age {s.age} structure")
    if not _OF_AGE[s.age].issuperset(present):
        wrong = [c for c in present if CARDS[c].age != s.age]
        raise ValueError(f"the Age {s.age} structure holds cards of another Age: {wrong}")
    shape = structure.shape
    cards = structure.cards
    for slot, card in enumerate(cards):
        uncovered = True  # plain loops: a load walks every slot's covering cards
        for other in shape.covered_by[slot]:
            if cards[other] is not None:
                uncovered = False
                break
        if card is None and not uncovered:
            covering = [o for o in shape.covered_by[slot] if cards[o] is not None]
            raise ValueError(
                f"structure slot {slot} is empty but slots {covering} still cover it: "
                "only uncovered cards can be taken"
            )
        if structure.revealed[slot] != (shape.face_up[slot] or uncovered):
            raise ValueError(
                f"structure slot {slot} is {'face up' if structure.revealed[slot] else 'face down'}"
                f" but is dealt {'face up' if shape.face_up[slot] else 'face down'} and "
                f"{'uncovered' if uncovered else 'covered'}: a card turns face up when uncovered"
            )


def _check_wonders(s: WondersDuelState) -> None:
    places = [("the face-down Wonders", s.wonder_deck), ("the Wonder offer", s.wonder_offer)]
    places += [(f"player {seat}'s Wonders", w) for seat, w in enumerate(s.wonders)]
    places += [(f"player {seat}'s built Wonders", b) for seat, b in enumerate(s.built)]
    places.append(("the returned Wonders", s.returned_wonders))
    each_once(places, WONDERS, what="Wonder")
    built = [w for b in s.built for w in b]
    if set(s.tucked) != set(built):
        raise ValueError(
            f"tucked cards are under {sorted(s.tucked)} but the built Wonders are {sorted(built)}"
        )
    if not 0 <= s.draft_pick <= DRAFT_PICKS or s.draft_pick % 4 == 3:
        raise ValueError(f"draft_pick is {s.draft_pick}: the draft stands at 0-2 or 4-8")
    if (s.age == 0) != (s.draft_pick < DRAFT_PICKS):
        raise ValueError(f"age is {s.age} with {s.draft_pick} Wonders drafted: Age I begins at 8")
    if s.options.get("wonders") == "beginner" and s.draft_pick != DRAFT_PICKS:  # the sets are dealt
        raise ValueError(
            f"draft_pick is {s.draft_pick}, but with option wonders='beginner' there is no draft"
        )
    if s.age == 0:
        picks = [draft_picker(p) for p in range(s.draft_pick)]
        for seat in range(_SEATS):
            if len(s.wonders[seat]) != picks.count(seat):
                raise ValueError(
                    f"player {seat} owns {len(s.wonders[seat])} Wonders after {s.draft_pick} "
                    f"draft picks; the draft order gives {picks.count(seat)}"
                )
        offer = 4 - s.draft_pick % 4
        if len(s.wonder_offer) != offer:
            raise ValueError(
                f"the Wonder offer has {len(s.wonder_offer)} after {s.draft_pick} picks, not {offer}"
            )
        if built:
            raise ValueError(f"Wonders are built during the draft: {built}")
        if s.returned_wonders:  # else the face-down Wonders the draft deals from could be there
            raise ValueError(f"{s.returned_wonders} went back to the box during the draft")
        return
    if s.wonder_offer:
        raise ValueError(f"the draft is over but Wonders are still offered: {s.wonder_offer}")
    if len(built) > MAX_WONDERS_BUILT:
        raise ValueError(f"{len(built)} Wonders are built; at most {MAX_WONDERS_BUILT} are")
    if len(built) == MAX_WONDERS_BUILT:
        if any(s.wonders) or len(s.returned_wonders) != 1:
            raise ValueError(
                f"{len(built)} Wonders are built: the last unbuilt Wonder goes back to the box, "
                f"but the players still own {s.wonders} and {s.returned_wonders} went back"
            )
    elif s.returned_wonders:
        raise ValueError(f"{s.returned_wonders} went back to the box with only {len(built)} Wonders built")
    for seat in range(_SEATS):
        owned = len(s.wonders[seat]) + len(s.built[seat])
        if owned > _WONDERS_EACH or (not s.returned_wonders and owned != _WONDERS_EACH):
            raise ValueError(f"player {seat} has {owned} Wonders; each player drafts {_WONDERS_EACH}")
        if s.options.get("wonders") == "beginner":
            dealt = BOARD.beginner_wonders[seat]
            alien = [w for w in s.wonders[seat] + s.built[seat] if w not in dealt]
            if alien:
                raise ValueError(f"player {seat} has {alien}, not among the beginner Wonders it is dealt")


def _pairs(s: WondersDuelState, seat: int) -> int:
    """The science symbols the seat shows twice (each pair earns a Progress token)."""
    symbols = Counter(CARDS[c].science for c in s.cards[seat] if CARDS[c].science is not None)
    return sum(1 for count in symbols.values() if count >= 2)


def _check_tokens(s: WondersDuelState) -> None:
    places = [
        ("the board", s.board_tokens),
        ("the set-aside tokens", s.set_aside),
        ("the Great Library's draw", s.library_offer),
    ]
    places += [(f"player {seat}'s tokens", t) for seat, t in enumerate(s.tokens)]
    each_once(places, PROGRESS_TOKENS, what="Progress token")
    library = s.library_seat
    if library is not None and _LIBRARY not in s.built[library]:
        raise ValueError(f"library_seat is player {library}, who has not built {WONDERS[_LIBRARY].name}")
    if s.library_offer and len(s.library_offer) != _LIBRARY_DRAW:
        raise ValueError(f"the Great Library's draw holds {len(s.library_offer)} tokens, not {_LIBRARY_DRAW}")
    # Setup sets these aside; only The Great Library takes any (one, for its owner).
    counts_add_up(
        {
            "the set-aside tokens": len(s.set_aside),
            "the Great Library's draw": len(s.library_offer),
            "the Great Library's owner": 1 if library is not None else 0,
        },
        len(PROGRESS_TOKENS) - BOARD.progress_tokens_on_board,
        what="tokens set aside at setup",
    )
    if library is not None and s.library_offer:
        raise ValueError("the Great Library's draw is open after its owner chose")
    known = s.library_known
    if (library is None and known) or (
        library is not None and (len(known) != _LIBRARY_DRAW - 1 or not set(known) <= set(s.set_aside))
    ):
        raise ValueError(
            f"library_known is {known}: the {_LIBRARY_DRAW - 1} set-aside tokens the Great "
            "Library's owner saw and returned (none before)"
        )


def _pushes(s: WondersDuelState, seat: int) -> int:
    """The spaces the seat's buildings and Wonders have pushed the pawn: every red card its
    shields, every built Wonder its own, and Strategy one more for each red card built after
    its owner took it (``reds_before_strategy`` says how many came before)."""
    pushed = sum(CARDS[c].shields for c in s.cards[seat])
    pushed += sum(WONDERS[w].shields for w in s.built[seat])
    bonus = sum(_STRATEGY.get(t, 0) for t in s.tokens[seat])
    if bonus and s.reds_before_strategy is not None:
        reds = sum(1 for c in s.cards[seat] if CARDS[c].color_index == RED)
        pushed += bonus * (reds - s.reds_before_strategy)
    return pushed


def _check_military(s: WondersDuelState) -> None:
    track = s.military
    if (track.low, track.high) != (-_CAPITAL, _CAPITAL):
        raise ValueError(f"the military track runs {track.low}..{track.high}, not {-_CAPITAL}..{_CAPITAL}")
    owner = next((seat for seat in range(_SEATS) if any(t in _STRATEGY for t in s.tokens[seat])), None)
    before = s.reds_before_strategy
    reds = 0 if owner is None else sum(1 for c in s.cards[owner] if CARDS[c].color_index == RED)
    if (owner is None) != (before is None) or (before is not None and not 0 <= before <= reds):
        raise ValueError(
            f"reds_before_strategy is {before}: the red cards Strategy's owner had built when taking "
            f"it ({'none owns it' if owner is None else f'player {owner} has {reds} now'})"
        )
    position = track.position
    pushed = (_pushes(s, 0), _pushes(s, 1))
    net = pushed[0] - pushed[1]  # player 0 pushes toward +, player 1 toward -
    if s.outcome is not None and s.outcome.reason == "military" and abs(position) == _CAPITAL:
        reached = net * position >= _CAPITAL * _CAPITAL  # the last push may overshoot the capital
    else:
        reached = position == net
    if not reached:
        raise ValueError(
            f"the pawn is at {position} but the shields built put it at {net} (player 0's red cards "
            "and Wonders push toward +, player 1's toward -, Strategy adds one per later red card)"
        )
    if len(set(s.loot)) != len(s.loot):
        raise ValueError(f"loot repeats a military token: {s.loot}")
    for token in s.loot:
        if token not in LOOT_SPACE:
            raise ValueError(f"unknown military token {token!r} in loot")
        space = LOOT_SPACE[token]
        if position >= space > 0 or position <= space < 0:
            raise ValueError(
                f"military token {token!r} is still on the board but the pawn at {position} "
                f"has reached its space {space}"
            )
    for token, space in LOOT_SPACE.items():  # the pawn passes the nearer token of a side on the way
        nearer = _NEARER[token]
        if token not in s.loot and nearer is not None and nearer in s.loot:
            raise ValueError(f"military token {token!r} is looted but the nearer {nearer!r} is not")
        if token not in s.loot and (pushed[0] < space if space > 0 else pushed[1] < -space):
            raise ValueError(
                f"military token {token!r} is looted but the pawn never reached its space {space}: "
                f"player {0 if space > 0 else 1} has not built that many shields"
            )


def _check_turns(s: WondersDuelState) -> None:
    turns = s.turns
    if turns.extra_turns > 1:
        raise ValueError(f"turns.extra_turns is {turns.extra_turns}: Play Again gives one extra turn")
    if turns.extra_turns and (s.outcome is not None or s.age == 0 or CHOOSE_STARTER in s.pending):
        raise ValueError(f"an extra turn is owed during {s.decision!r}: Play Again belongs to a turn")
    if turns.extra_turns and not s.pending:
        raise ValueError(
            "an extra turn is owed at a turn's first decision: Play Again's extra turn is owed only "
            "while the turn that earned it is still being resolved"
        )
    if turns.extra_turns:
        seat = turns.current
        theology = any(t in _THEOLOGY for t in s.tokens[seat])
        if not any(WONDERS[w].play_again or theology for w in s.built[seat]):
            raise ValueError(
                f"player {seat} is owed an extra turn without a built Wonder that plays again (or Theology)"
            )
    # Play passes on when the draft's picker changes (0,1,1,0 1,0,0,1: none with the Wonders
    # dealt), then at most once a card taken (not to an extra turn, nor from an Age's last card:
    # the next Age's starter is set, not passed to); a round ends every second pass, so the
    # passes so far are 2 a round before this one and this round's position.
    drafted = 0 if s.options.get("wonders") == "beginner" else _draft_passes(s.draft_pick)
    most = drafted + _taken_from_structures(s) - max(0, s.age - 1)
    passes = 2 * (turns.round - 1) + turns.position
    if passes > most:
        raise ValueError(
            f"turns.round {turns.round} and turns.position {turns.position} mean {passes} passes of play, "
            f"but the draft and the cards taken allow at most {most}"
        )


def _draft_passes(picks: int) -> int:
    """How often the draft's picker changed in its first ``picks`` picks (the last Wonder of each
    four goes to the first picker unpicked)."""
    seats = [draft_picker(p) for p in range(min(picks, DRAFT_PICKS - 1) + 1) if p % 4 != 3]
    return sum(a != b for a, b in pairwise(seats))


def _check_decision(s: WondersDuelState) -> None:
    if len(s.pending) > 1:
        raise ValueError(f"pending is {s.pending}: a step leaves at most one sub-decision owed")
    for entry in s.pending:
        if entry not in _PENDING:
            raise ValueError(f"unknown pending decision {entry!r}; one of {sorted(_PENDING)}")
    over = s.outcome is not None
    if s.pending and (over or s.age == 0):
        raise ValueError(f"pending is {s.pending} during {s.decision!r}: sub-decisions follow a turn")
    current = s.turns.current
    if s.age == 0 and current != draft_picker(s.draft_pick):
        raise ValueError(
            f"player {current} is drafting pick {s.draft_pick}, which belongs to player "
            f"{draft_picker(s.draft_pick)}"
        )
    top = s.pending[-1] if s.pending else None
    if (top == GREAT_LIBRARY) != bool(s.library_offer):
        raise ValueError(
            f"pending is {s.pending} with {len(s.library_offer)} tokens drawn by the Great "
            "Library: the draw is open exactly while its owner chooses"
        )
    if top == GREAT_LIBRARY and _LIBRARY not in s.built[current]:
        raise ValueError(f"player {current} chooses a Great Library token without that Wonder")
    if top == PROGRESS_TOKEN and not s.board_tokens:
        raise ValueError("a Progress token is owed but none is left on the board")
    if top == MAUSOLEUM and not s.discard:
        raise ValueError("The Mausoleum's build is owed but the discard pile is empty")
    if top is not None and top.partition(":")[0] == DESTROY:
        color = top.partition(":")[2]
        if not any(CARDS[c].color == color for c in s.cards[1 - current]):
            raise ValueError(f"a {color} card is to be destroyed but player {1 - current} has none")
    structure = s.structure
    if top == CHOOSE_STARTER:
        if s.age < 2 or structure is None or any(c is None for c in structure.cards):
            raise ValueError(
                f"player {current} chooses who begins in age {s.age}: the choice of who begins Ages "
                "II and III comes before any card of the new structure is taken"
            )
        position = s.military.position
        if position == 0:
            raise ValueError(
                "a choice of who begins is pending with the pawn on the middle space, where the "
                "player who took the last card of the Age simply begins"
            )
        weaker = 1 if position > 0 else 0
        if current != weaker:
            raise ValueError(
                f"player {current} chooses who begins but the pawn at {position} makes player "
                f"{weaker} the weaker military player, who chooses"
            )
    if not over and structure is not None and not s.pending and not structure.open:
        raise ValueError(f"the Age {s.age} structure is empty, nothing is pending and the game goes on")


def _check_science(s: WondersDuelState) -> None:
    """Tokens from the board come one per science pair, while the board has any."""
    top = s.pending[-1] if s.pending else None
    for seat in range(_SEATS):
        from_board = len(s.tokens[seat]) - (1 if s.library_seat == seat else 0)
        owed = 1 if top == PROGRESS_TOKEN and s.turns.current == seat else 0
        pairs = _pairs(s, seat)
        if from_board + owed > pairs or (s.outcome is None and s.board_tokens and from_board + owed < pairs):
            raise ValueError(
                f"player {seat} has {from_board} Progress tokens from the board and {owed} owed for "
                f"{pairs} science pairs: each pair takes one while the board has any"
            )


def _check_outcome(s: WondersDuelState) -> None:
    distinct = [len(set(science_symbols(s, seat))) for seat in range(_SEATS)]
    position = s.military.position
    outcome = s.outcome
    if outcome is None:
        if abs(position) >= _CAPITAL:
            raise ValueError(f"the pawn is on a capital ({position}) but the game goes on")
        for seat, count in enumerate(distinct):
            if count >= SCIENCE_SUPREMACY:
                raise ValueError(f"player {seat} has {count} different science symbols but the game goes on")
        return
    if outcome.reason not in REASONS:
        raise ValueError(f"outcome reason is {outcome.reason!r}, not one of {REASONS}")
    sheets = score_sheets(s)
    totals = tuple(sheet["total"] for sheet in sheets)
    if tuple(outcome.scores) != totals:
        raise ValueError(f"outcome scores are {list(outcome.scores)}, the final score is {list(totals)}")
    if outcome.reason == "military":
        expected: tuple[int, ...] = (1 if position < 0 else 0,)
        if abs(position) < _CAPITAL:
            raise ValueError(f"the game ended on military supremacy with the pawn at {position}")
    elif outcome.reason == "science":
        expected = tuple(seat for seat in range(_SEATS) if distinct[seat] >= SCIENCE_SUPREMACY)
        if len(expected) != 1:
            raise ValueError(f"the game ended on scientific supremacy with {distinct} different symbols")
    else:
        if s.age != 3 or s.structure is None or any(c is not None for c in s.structure.cards):
            raise ValueError("the game ended on civilian victory before the Age III structure was empty")
        expected = civilian_winners(sheets)
    if tuple(outcome.winners) != expected:
        raise ValueError(
            f"outcome winners are {list(outcome.winners)}; the {outcome.reason} end gives {list(expected)}"
        )
