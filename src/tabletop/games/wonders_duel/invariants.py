"""What every reachable 7 Wonders Duel state satisfies: the one statement of the game's invariants.

:func:`check` raises ``ValueError`` naming the first thing that is inconsistent. Loading a save
calls it (``WondersDuelState._validate``) and the property tests call it after every step, so a
saved state the rules could never reach is refused. It is not called during play.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from typing import TYPE_CHECKING

from tabletop.core import winners

from .city import science_symbols
from .components import BOARD, CARDS, PROGRESS_TOKENS, SHAPES, WONDERS
from .decisions import draft_picker
from .scoring import score_sheets

if TYPE_CHECKING:
    from .state import WondersDuelState

_SEATS = 2
_DRAFT_PICKS = 8
_WONDERS_EACH = 4
_CAPITAL = BOARD.capital
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
_LOOT_SPACE = {t.id: t.first if t.victim == 1 else -t.first for t in BOARD.loot}
_LIBRARY = next(w.id for w in WONDERS.values() if w.progress_from_box)
_LIBRARY_DRAW = WONDERS[_LIBRARY].progress_from_box
_DESTROYS = {f"destroy:{w.destroys}" for w in WONDERS.values() if w.destroys is not None}
_PENDING = {"progress_token", "great_library", "mausoleum", *_DESTROYS}
_REASONS = ("military", "science", "civilian")


def _back(card_id: str) -> int | str:
    card = CARDS[card_id]
    return "guild" if card.is_guild else card.age


def _unique(kind: str, known: Mapping[str, object], places: list[tuple[str, list[str]]]) -> None:
    """Each id of ``places`` known and in one place only; every known id somewhere."""
    where: dict[str, str] = {}
    for place, ids in places:
        for item in ids:
            if item not in known:
                raise ValueError(f"unknown {kind} {item!r} in {place}")
            if item in where:
                raise ValueError(f"{kind} {item!r} is in two places: {where[item]} and {place}")
            where[item] = place
    missing = [item for item in known if item not in where]
    if missing:
        raise ValueError(f"{kind}s missing from every place: {missing}")


def check(s: WondersDuelState) -> None:
    """Raise ``ValueError`` naming the first invariant of 7 Wonders Duel that ``s`` breaks."""
    _check_seats(s)
    _check_coins(s)
    _check_cards(s)
    _check_wonders(s)
    _check_tokens(s)
    _check_military(s)
    _check_decision(s)
    _check_outcome(s)


def _check_seats(s: WondersDuelState) -> None:
    for name in ("coins", "cards", "wonders", "built", "tokens"):
        value = getattr(s, name)
        if len(value) != _SEATS:
            raise ValueError(f"{name} has {len(value)} entries, one per seat means {_SEATS}")
    for name in ("active", "chooser", "library_seat"):
        seat = getattr(s, name)
        if seat is not None and not 0 <= seat < _SEATS:
            raise ValueError(f"{name} is seat {seat}, outside 0..{_SEATS - 1}")
    if not 0 <= s.age <= 3:
        raise ValueError(f"age is {s.age}: 0 (the Wonder draft) or Ages 1..3")
    if len(s.decks) != 3:
        raise ValueError(f"decks has {len(s.decks)} entries, one per Age means 3")
    if s.options.get("wonders") not in ("draft", "beginner"):
        raise ValueError(f"option wonders is {s.options.get('wonders')!r}, not 'draft' or 'beginner'")


def _check_coins(s: WondersDuelState) -> None:
    for seat, coins in enumerate(s.coins):
        if coins < 0:
            raise ValueError(f"player {seat} has {coins} coins: a player cannot hold fewer than 0")
    start = _SEATS * BOARD.starting_coins
    if s.bank_paid < start:
        raise ValueError(f"bank_paid is {s.bank_paid}, less than the {start} starting coins")
    if s.bank_received < 0:
        raise ValueError(f"bank_received is {s.bank_received}, below 0")
    held = sum(s.coins)
    if held != s.bank_paid - s.bank_received:
        raise ValueError(
            f"the players hold {held} coins but the bank paid out {s.bank_paid} and took in "
            f"{s.bank_received} (a net {s.bank_paid - s.bank_received})"
        )


def _check_cards(s: WondersDuelState) -> None:
    structure = s.structure
    if (structure is None) != (s.age == 0):
        raise ValueError(
            f"age is {s.age} but the structure is {'missing' if structure is None else 'dealt'}: "
            "there is a structure exactly from Age 1 on"
        )
    places: list[tuple[str, list[str]]] = []
    if structure is not None:
        places.append(("the structure", [c for c in structure.cards if c is not None]))
    places += [(f"decks[{i}]", deck) for i, deck in enumerate(s.decks)]
    places += [("the box", s.box), ("the discard pile", s.discard)]
    places += [(f"player {seat}'s city", city) for seat, city in enumerate(s.cards)]
    places.append(("the tucked cards", list(s.tucked.values())))
    _unique("card", CARDS, places)
    box = Counter(_back(c) for c in s.box)
    if box != _BOX:
        raise ValueError(f"the box holds {dict(box)} cards by back; setup puts {dict(_BOX)} there for good")
    for index, deck in enumerate(s.decks):
        age = index + 1
        wrong = [c for c in deck if CARDS[c].age != age]
        if wrong:
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
    wrong = [c for c in structure.cards if c is not None and CARDS[c].age != s.age]
    if wrong:
        raise ValueError(f"the Age {s.age} structure holds cards of another Age: {wrong}")
    shape = structure.shape
    for slot, card in enumerate(structure.cards):
        uncovered = all(structure.cards[o] is None for o in shape.covered_by[slot])
        if card is None and not uncovered:
            covering = [o for o in shape.covered_by[slot] if structure.cards[o] is not None]
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
    _unique("Wonder", WONDERS, places)
    built = [w for b in s.built for w in b]
    if set(s.tucked) != set(built):
        raise ValueError(
            f"tucked cards are under {sorted(s.tucked)} but the built Wonders are {sorted(built)}"
        )
    if not 0 <= s.draft_pick <= _DRAFT_PICKS or s.draft_pick % 4 == 3:
        raise ValueError(f"draft_pick is {s.draft_pick}: the draft stands at 0-2 or 4-8")
    if (s.age == 0) != (s.draft_pick < _DRAFT_PICKS):
        raise ValueError(f"age is {s.age} with {s.draft_pick} Wonders drafted: Age I begins at 8")
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
        return
    if s.wonder_offer:
        raise ValueError(f"the draft is over but Wonders are still offered: {s.wonder_offer}")
    if len(built) > BOARD.max_wonders_built:
        raise ValueError(f"{len(built)} Wonders are built; at most {BOARD.max_wonders_built} are")
    if len(built) == BOARD.max_wonders_built:
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


def _check_tokens(s: WondersDuelState) -> None:
    places = [
        ("the board", s.board_tokens),
        ("the set-aside tokens", s.set_aside),
        ("the Great Library's draw", s.library_offer),
    ]
    places += [(f"player {seat}'s tokens", t) for seat, t in enumerate(s.tokens)]
    _unique("Progress token", PROGRESS_TOKENS, places)
    unseen = len(PROGRESS_TOKENS) - BOARD.progress_tokens_on_board
    library = s.library_seat
    if library is not None and _LIBRARY not in s.built[library]:
        raise ValueError(f"library_seat is player {library}, who has not built {WONDERS[_LIBRARY].name}")
    if s.library_offer and len(s.library_offer) != _LIBRARY_DRAW:
        raise ValueError(f"the Great Library's draw holds {len(s.library_offer)} tokens, not {_LIBRARY_DRAW}")
    kept = 1 if library is not None else 0
    if len(s.set_aside) + len(s.library_offer) + kept != unseen:
        raise ValueError(
            f"{len(s.set_aside)} tokens set aside, {len(s.library_offer)} drawn and {kept} kept by "
            f"the Great Library: setup sets {unseen} aside and only that Wonder takes any"
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


def _check_military(s: WondersDuelState) -> None:
    track = s.military
    if (track.low, track.high) != (-_CAPITAL, _CAPITAL):
        raise ValueError(f"the military track runs {track.low}..{track.high}, not {-_CAPITAL}..{_CAPITAL}")
    if len(set(s.loot)) != len(s.loot):
        raise ValueError(f"loot repeats a military token: {s.loot}")
    for token in s.loot:
        if token not in _LOOT_SPACE:
            raise ValueError(f"unknown military token {token!r} in loot")
        space = _LOOT_SPACE[token]
        if track.position >= space > 0 or track.position <= space < 0:
            raise ValueError(
                f"military token {token!r} is still on the board but the pawn at {track.position} "
                f"has reached its space {space}"
            )
    for token in _LOOT_SPACE:  # the pawn passes the nearer token of a side on the way
        nearer = next(
            (
                t
                for t in _LOOT_SPACE
                if _LOOT_SPACE[t] * _LOOT_SPACE[token] > 0 and abs(_LOOT_SPACE[t]) < abs(_LOOT_SPACE[token])
            ),
            None,
        )
        if token not in s.loot and nearer is not None and nearer in s.loot:
            raise ValueError(f"military token {token!r} is looted but the nearer {nearer!r} is not")


def _check_decision(s: WondersDuelState) -> None:
    if len(s.pending) > 1:
        raise ValueError(f"pending is {s.pending}: a step leaves at most one sub-decision owed")
    for entry in s.pending:
        if entry not in _PENDING:
            raise ValueError(f"unknown pending decision {entry!r}; one of {sorted(_PENDING)}")
    over = s.outcome is not None
    if s.pending and (over or s.age == 0 or s.chooser is not None):
        raise ValueError(f"pending is {s.pending} during {s.decision!r}: sub-decisions follow a turn")
    if s.play_again and (over or s.age == 0 or s.chooser is not None):
        raise ValueError(f"play_again is set during {s.decision!r}: it belongs to a turn in progress")
    if s.age == 0 and s.active != draft_picker(s.draft_pick):
        raise ValueError(
            f"player {s.active} is drafting pick {s.draft_pick}, which belongs to player "
            f"{draft_picker(s.draft_pick)}"
        )
    top = s.pending[-1] if s.pending else None
    if (top == "great_library") != bool(s.library_offer):
        raise ValueError(
            f"pending is {s.pending} with {len(s.library_offer)} tokens drawn by the Great "
            "Library: the draw is open exactly while its owner chooses"
        )
    if top == "great_library" and _LIBRARY not in s.built[s.active]:
        raise ValueError(f"player {s.active} chooses a Great Library token without that Wonder")
    if top == "progress_token" and not s.board_tokens:
        raise ValueError("a Progress token is owed but none is left on the board")
    if top == "mausoleum" and not s.discard:
        raise ValueError("The Mausoleum's build is owed but the discard pile is empty")
    if top is not None and top.startswith("destroy:"):
        color = top.partition(":")[2]
        if not any(CARDS[c].color == color for c in s.cards[1 - s.active]):
            raise ValueError(f"a {color} card is to be destroyed but player {1 - s.active} has none")
    structure = s.structure
    if s.chooser is not None:
        if s.age < 2 or structure is None or any(c is None for c in structure.cards):
            raise ValueError(
                f"chooser is player {s.chooser} in age {s.age}: the choice of who begins Ages II "
                "and III comes before any card of the new structure is taken"
            )
        if s.active != s.chooser:
            raise ValueError(f"chooser is player {s.chooser} but player {s.active} is active")
        position = s.military.position
        weaker = 1 if position > 0 else 0 if position < 0 else None
        if weaker is not None and s.chooser != weaker:
            raise ValueError(
                f"chooser is player {s.chooser} but the pawn at {position} makes player {weaker} "
                "the weaker military player, who chooses"
            )
    if not over and structure is not None and not s.pending and not structure.open:
        raise ValueError(f"the Age {s.age} structure is empty, nothing is pending and the game goes on")


def _check_outcome(s: WondersDuelState) -> None:
    distinct = [len(set(science_symbols(s, seat))) for seat in range(_SEATS)]
    position = s.military.position
    outcome = s.outcome
    if outcome is None:
        if abs(position) >= _CAPITAL:
            raise ValueError(f"the pawn is on a capital ({position}) but the game goes on")
        for seat, count in enumerate(distinct):
            if count >= 6:
                raise ValueError(f"player {seat} has {count} different science symbols but the game goes on")
        return
    if outcome.reason not in _REASONS:
        raise ValueError(f"outcome reason is {outcome.reason!r}, not one of {_REASONS}")
    sheets = score_sheets(s)
    totals = tuple(sheet["total"] for sheet in sheets)
    if tuple(outcome.scores) != totals:
        raise ValueError(f"outcome scores are {list(outcome.scores)}, the final score is {list(totals)}")
    if outcome.reason == "military":
        expected: tuple[int, ...] = (1 if position < 0 else 0,)
        if abs(position) < _CAPITAL:
            raise ValueError(f"the game ended on military supremacy with the pawn at {position}")
    elif outcome.reason == "science":
        expected = tuple(seat for seat in range(_SEATS) if distinct[seat] >= 6)
        if len(expected) != 1:
            raise ValueError(f"the game ended on scientific supremacy with {distinct} different symbols")
    else:
        if s.age != 3 or s.structure is None or any(c is not None for c in s.structure.cards):
            raise ValueError("the game ended on civilian victory before the Age III structure was empty")
        expected = winners([(sheet["total"], sheet["civilian"]) for sheet in sheets])
    if tuple(outcome.winners) != expected:
        raise ValueError(
            f"outcome winners are {list(outcome.winners)}; the {outcome.reason} end gives {list(expected)}"
        )
