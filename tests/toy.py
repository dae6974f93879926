"""A tiny game for testing the kernel on its own: take-away with a hidden bonus deck.

Two to four seats in turn take 1-3 stones from a pile; taking the last stone wins. Taking
exactly 3 draws a hidden card from a shuffled deck and scores its value. It exercises every
part of the contract: options, chance, hidden information, extra turns and the action space.
Two options reach the rest of the kernel: ``partners`` (four seats, 0 and 2 against 1 and 3:
the team of the seat taking the last stone wins) and ``turn_limit`` (the game is drawn once
that many takes leave stones in the pile). ``SEALED`` below is a second tiny game, of sealed
bids, for simultaneous choices (several acting seats, commits hidden until all are in).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

import attrs

from tabletop.core import (
    Action,
    ActionSpace,
    Block,
    Deck,
    Game,
    Option,
    Outcome,
    Rng,
    Simultaneous,
    State,
    TokenPool,
    TurnOrder,
    score_sheet,
)
from tabletop.core.scoring import ScoreSheet


@attrs.frozen
class Take(Action):
    """Take ``count`` stones."""

    kind = "take"
    count: int

    def __str__(self) -> str:
        return f"take {self.count}"


def _relative(values: list[Any], seat: int) -> list[Any]:
    """``values`` per seat, the observing seat first and then the others in turn."""
    return values[seat:] + values[:seat]


def _one_hot(index: int | None, size: int) -> list[float]:
    """``size`` zeros with a 1 at ``index`` (all zeros for ``None``)."""
    vector = [0.0] * size
    if index is not None:
        vector[index] = 1.0
    return vector


def encode_toy(view: dict[str, Any], seat: int) -> list[float]:
    """The toy observation as floats: pile, deck size and takes as raw counts; the observing
    seat one-hot; points seat-relative; the seat to play seat-relative one-hot (last: nobody)."""
    n = len(view["points"])
    to_play = view["to_play"]
    return [
        float(view["pile"]),
        float(view["deck_size"]),
        float(view["takes"]),
        *_one_hot(view["seat"], n),
        *map(float, _relative(view["points"], seat)),
        *_one_hot(n if to_play is None else (to_play - seat) % n, n + 1),
    ]


def toy_shape(num_players: int, options: Mapping[str, Any]) -> tuple[int, ...]:
    """Three counts, the seat, the points and the seat to play (or nobody)."""
    return (3 + num_players * 3 + 1,)


@attrs.define(slots=True, kw_only=True, eq=False)
class ToyState(State):
    pile: int
    turns: TurnOrder
    deck: Deck
    points: list[TokenPool]
    takes: int = 0

    _encode_observation = staticmethod(encode_toy)
    _observation_shape = staticmethod(toy_shape)

    @property
    def current_player(self) -> int | None:
        return None if self.outcome else self.turns.current

    @property
    def decision(self) -> str:
        return "over" if self.outcome else "take"

    def _legal_actions(self) -> list[Action]:
        return [Take(n) for n in (1, 2, 3) if n <= self.pile]

    @property
    def teams(self) -> tuple[tuple[int, ...], ...]:
        if self.options.get("partners"):
            return ((0, 2), (1, 3))
        return super().teams

    def _validate(self) -> None:
        if self.pile < 0:
            raise ValueError(f"pile is {self.pile}: a pile cannot hold fewer than 0 stones")
        if self.takes < 0:
            raise ValueError(f"takes is {self.takes}: a count of takes cannot be negative")
        if len(set(self.deck.cards)) != len(self.deck.cards):
            raise ValueError(f"deck.cards repeats a card: {self.deck.cards}")

    def _why_illegal(self, action: Action) -> str:
        if isinstance(action, Take) and action.count > self.pile:
            return f"cannot take {action.count}: only {self.pile} stones are left"
        return super()._why_illegal(action)

    def _apply(self, action: Action) -> None:
        assert isinstance(action, Take)
        seat = self.turns.current
        self.pile -= action.count
        if action.count == 3 and self.deck:
            self.points[seat].add("bonus", int(self.deck.draw()))
        self.takes += 1
        totals = tuple(p["bonus"] for p in self.points)
        if self.pile == 0:
            self.outcome = Outcome(self.team_of(seat), totals, "last_stone")
        elif self.takes == self.options.get("turn_limit"):
            self.outcome = Outcome((), totals, "turn_limit")
        else:
            self.turns.advance()

    def clone(self) -> ToyState:
        new = ToyState(
            **self._copy_base(),
            pile=self.pile,
            turns=self.turns.copy(),
            deck=self.deck.copy(),
            points=[p.copy() for p in self.points],
            takes=self.takes,
        )
        return new

    def scores(self) -> list[ScoreSheet]:
        return [score_sheet({"bonus": p["bonus"]}) for p in self.points]

    def _observation(self, seat: int) -> dict[str, Any]:
        return {
            "pile": self.pile,
            "deck_size": len(self.deck),
            "seat": seat,
            "points": [p["bonus"] for p in self.points],
            "to_play": self.current_player,
            "takes": self.takes,
        }

    def _resample(self, seat: int) -> None:
        # Sorted first, so that the true order cannot leak into the sample.
        self.deck.cards.sort()
        self.deck.shuffle(self.rng)


def _check_options(options: dict[str, Any], num_players: int) -> None:
    if options["partners"] and num_players != 4:
        raise ValueError(f"partners needs 4 players, not {num_players}")
    if options["turn_limit"] is not None:
        _at_least_one("turn_limit")(options["turn_limit"])


def _setup(num_players: int, seed: int, options: dict[str, Any], rng: Rng) -> ToyState:
    return ToyState(
        num_players=num_players,
        seed=seed,
        options=options,
        rng=rng,
        pile=options["pile"],
        turns=TurnOrder.starting_with(num_players, 0),
        deck=Deck.shuffled([str(v) for v in range(1, 8)], rng),
        points=[TokenPool() for _ in range(num_players)],
    )


GAME = Game(
    name="toy",
    title="Toy take-away",
    min_players=2,
    max_players=4,
    state_type=ToyState,
    setup=_setup,
    action_space=ActionSpace([Block(Take, (("count", (1, 2, 3)),))]),
    action_types=[Take],
    options=[
        Option("pile", 15, "stones in the pile at the start", types=(int,)),
        Option("partners", False, "four seats, 0 and 2 against 1 and 3", choices=(False, True)),
        Option("turn_limit", None, "takes after which the game is drawn", types=(int, type(None))),
    ],
    check_options=_check_options,
)


# ---------------------------------------------------------------------- a simultaneous toy


@attrs.frozen
class Bid(Action):
    """Bid ``value`` in secret."""

    kind = "bid"
    value: int

    def __str__(self) -> str:
        return f"bid {self.value}"


_BID_VALUES = (1, 2, 3)


def _bid_one_hot(value: int | None) -> list[float]:
    """No bid, 1, 2 or 3 as a one-hot of four."""
    return _one_hot(0 if value is None else value, 1 + len(_BID_VALUES))


def encode_sealed(view: dict[str, Any], seat: int) -> list[float]:
    """The sealed-bid observation as floats, seat-relative: the round (raw), points (raw), a flag
    and the shown bids (raw, 0 before any), the seats that have bid and those waiting
    (multi-hot), my bid (one-hot: none, 1, 2, 3) and, in the ``leak`` variant, each seat's
    pending bid the same way."""
    n = len(view["points"])
    shown = view["shown"]
    chosen = [0.0] * n
    waiting = [0.0] * n
    for other in view["bids"]["chosen"]:
        chosen[(other - seat) % n] = 1.0
    for other in view["bids"]["waiting"]:
        waiting[(other - seat) % n] = 1.0
    tensor = [
        float(view["round"]),
        *map(float, _relative(view["points"], seat)),
        1.0 if shown else 0.0,
        *(map(float, _relative(shown, seat)) if shown else [0.0] * n),
        *chosen,
        *waiting,
        *_bid_one_hot(view["my_bid"]),
    ]
    if "pending" in view:
        pending: list[int | None] = [None] * n
        for other, bid in view["pending"].items():
            pending[int(other)] = int(bid.split()[-1])
        for value in _relative(pending, seat):
            tensor.extend(_bid_one_hot(value))
    return tensor


def sealed_shape(num_players: int, options: Mapping[str, Any]) -> tuple[int, ...]:
    """The counts, bids and seats of :func:`encode_sealed`; four more per seat with ``leak``."""
    pending = (1 + len(_BID_VALUES)) * num_players if options["leak"] else 0
    return (2 + 4 * num_players + 1 + len(_BID_VALUES) + pending,)


@attrs.define(slots=True, kw_only=True, eq=False)
class SealedState(State):
    """Sealed bids: every round each seat bids 1-3 in secret (asked one seat at a time, the
    bids hidden until all are in); then the bids are shown and the highest bid that no other
    seat matched scores its value. After ``rounds`` rounds the most points win; a game where
    nobody scored is a draw. The ``leak`` option shows the pending bids to everyone: a broken
    variant, for proving that the contract tests catch a leak."""

    bids: Simultaneous
    points: list[int]
    shown: list[int] = attrs.field(factory=list)
    round: int = 0

    _encode_observation = staticmethod(encode_sealed)
    _observation_shape = staticmethod(sealed_shape)

    @property
    def current_player(self) -> int | None:
        return None if self.outcome is not None else self.bids.waiting[0]

    def acting_seats(self) -> tuple[int, ...]:
        return () if self.outcome is not None else self.bids.to_choose

    @property
    def decision(self) -> str:
        return "over" if self.outcome else "bid"

    def _legal_actions(self) -> list[Action]:
        return [Bid(value) for value in (1, 2, 3)]

    def _validate(self) -> None:
        seats = sorted([*self.bids.waiting, *self.bids.choices])
        if seats != ([] if self.outcome else list(range(self.num_players))):
            raise ValueError(f"bids: seats {seats} wait or have bid, not each seat once")
        if any(not isinstance(bid, Bid) for bid in self.bids.choices.values()):
            raise ValueError("bids: a pending choice is not a bid")

    def _apply(self, action: Action) -> None:
        assert isinstance(action, Bid)
        bids = self.bids
        bids.commit(bids.waiting[0], action)
        if not bids.all_in:
            return
        shown = [bid.value for bid in bids.reveal().values() if isinstance(bid, Bid)]
        unmatched = [value for value in shown if shown.count(value) == 1]
        if unmatched:
            best = max(unmatched)
            self.points[shown.index(best)] += best
        self.shown = shown
        self.round += 1
        if self.round < self.options["rounds"]:
            bids.begin(range(self.num_players))
            return
        top = max(self.points)
        winners = tuple(s for s, p in enumerate(self.points) if p == top) if top else ()
        self.outcome = Outcome(winners, tuple(self.points), "points" if top else "nobody_scored")

    def clone(self) -> SealedState:
        return SealedState(
            **self._copy_base(),
            bids=self.bids.copy(),
            points=self.points.copy(),
            shown=self.shown,  # replaced, never mutated
            round=self.round,
        )

    def scores(self) -> list[ScoreSheet]:
        return [score_sheet({"points": p}) for p in self.points]

    def _observation(self, seat: int) -> dict[str, Any]:
        mine = self.bids.choice_of(seat)
        view: dict[str, Any] = {
            "round": self.round,
            "points": list(self.points),
            "shown": list(self.shown),
            "bids": self.bids.public_view(),
            "my_bid": mine.value if isinstance(mine, Bid) else None,
        }
        if self.options["leak"]:
            view["pending"] = {str(s): str(bid) for s, bid in self.bids.choices.items()}
        return view

    def _resample(self, seat: int) -> None:
        choices = self.bids.choices
        for other in sorted(choices):
            if other != seat:
                choices[other] = Bid(1 + self.rng.randbelow(3))


def _at_least_one(name: str) -> Callable[[Any], None]:
    def check(value: Any) -> None:
        if value < 1:
            raise ValueError(f"{name} must be at least 1, got {value}")

    return check


def _setup_sealed(num_players: int, seed: int, options: dict[str, Any], rng: Rng) -> SealedState:
    return SealedState(
        num_players=num_players,
        seed=seed,
        options=options,
        rng=rng,
        bids=Simultaneous(waiting=list(range(num_players))),
        points=[0] * num_players,
    )


SEALED = Game(
    name="sealed",
    title="Sealed bids",
    min_players=2,
    max_players=4,
    state_type=SealedState,
    setup=_setup_sealed,
    action_space=ActionSpace([Block(Bid, (("value", (1, 2, 3)),))]),
    action_types=[Bid],
    options=[
        Option("rounds", 3, "rounds of bidding", types=(int,), check=_at_least_one("rounds")),
        Option(
            "leak", False, "show the pending bids to every seat (a broken variant)", choices=(False, True)
        ),
    ],
)
