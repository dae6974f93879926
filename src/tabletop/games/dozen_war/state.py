"""The state of a Dozen War game: its data fields and the contract's thin methods.

The rules live in the modules named for their job: :mod:`.legal` (legal actions),
:mod:`.effects` (apply and the engine's agenda), :mod:`.combat` (§12), :mod:`.interpreter`
(§13), :mod:`.rounds` (§9, §14), :mod:`.refusals`, :mod:`.hidden`, :mod:`.scoring`,
:mod:`.text`, :mod:`.invariants`.
"""

from __future__ import annotations

import functools
from typing import Any

import attrs

from tabletop.core import Action, State, TurnOrder
from tabletop.core.scoring import ScoreSheet

from . import effects, hidden, invariants, legal, refusals, scoring, svg, tensor, text
from .evaluation import evaluate
from .model import Attack, Castle, Hit, Task, Unit


@attrs.define(slots=True, kw_only=True, eq=False)
class DozenWarState(State):
    """A game of Dozen War in progress (2-4 seats; seat = player)."""

    mode: str
    #: Per seat: its team (alliance: 0 or 1; otherwise its own seat).
    side_of: list[int]
    #: Per seat: its home on the map (``"N"``, ``"NW"``, ``"north"``...), R7.8.
    home: list[str]
    turns: TurnOrder
    round: int = 1
    #: Turns played in the whole game (Engage's turn limit, R11.9).
    turn_number: int = 0
    units: dict[int, Unit] = attrs.field(factory=dict)
    castles: list[Castle] = attrs.field(factory=list)
    #: Mountain cell -> token ids under it, the top one last (R15.2).
    mountains: dict[int, list[str]] = attrs.field(factory=dict)
    #: The mountain cells now (R2.2): the map's, less the volcano once removed (R2.19).
    terrain: list[int] = attrs.field(factory=list)
    volcano_up: bool = True
    #: Cell -> loose map pieces lying there (R15.9).
    loose: dict[int, list[str]] = attrs.field(factory=dict)
    #: Treasures and curses that took effect and left the game (R2.18).
    spent_tokens: list[str] = attrs.field(factory=list)
    coins: list[int]
    bank: int
    hands: list[list[str]]
    deck: list[str]
    discard: list[str] = attrs.field(factory=list)
    events: list[str] = attrs.field(factory=list)
    events_done: list[str] = attrs.field(factory=list)
    skulls: list[int]
    castles_taken: list[int]
    #: Per seat: its generals (3, or Engage's 1), dead or alive.
    roster: list[list[str]]
    #: Per seat: skill ids marked as used (this round; Engage: this match), R5.2a.
    marks: list[list[str]]
    #: Per seat: skills its generals have used in this game (Grim's Sao Chép copies them).
    used_skills: list[list[str]]
    #: Per seat: whether one of its soldiers has died in this game (Neuro's Triệu Gọi).
    soldier_died: list[bool]
    eliminated: list[bool]
    #: R9.11: the strict leader found at the previous check (a seat, or a team in alliance).
    leader: int | None = None
    #: This round's event modifiers: (seat, units, stat, amount), R14 (E11-E13).
    modifiers: list[tuple[int, str, str, int]] = attrs.field(factory=list)
    #: This turn: whether the player took any action (revival comes first, R8.14), used its
    #: one attack-icon skill (R5.3), played its one Engage card (R11.6), and made an attack.
    acted: bool = False
    attack_skill_used: bool = False
    card_played: bool = False
    attacked: bool = False
    #: This turn, per seat: Engage's one defence skill and one defence card (R11.6).
    defence_skill_used: list[bool]
    defence_card_used: list[bool]
    #: This turn, per seat: enemy units that made a hit on its units (Est's Phục Thù).
    hitters: list[list[int]]
    #: Engage (R11.8): the first player's consecutive turns without an attack action.
    idle_turns: int = 0
    #: The engine's agenda, the current task last (see :mod:`.effects`).
    tasks: list[Task] = attrs.field(factory=list)
    attack: Attack | None = None
    hit: Hit | None = None
    #: Draft (R7.5a): generals set aside by bans.
    banned: list[str] = attrs.field(factory=list)
    next_unit: int = 12

    # ------------------------------------------------------------------ the contract

    @property
    def current_player(self) -> int | None:
        if self.outcome is not None or not self.tasks:
            return None
        return self.tasks[-1].seat

    @property
    def decision(self) -> str:
        if self.outcome is not None:
            return "over"
        return self.tasks[-1].kind if self.tasks else "over"

    @property
    def teams(self) -> tuple[tuple[int, ...], ...]:
        """The teams: alliance mode's two pairs, otherwise one seat a team."""
        return _teams(tuple(self.side_of))

    def _legal_actions(self) -> list[Action]:
        return legal.legal_actions(self)

    def _apply(self, action: Action) -> None:
        effects.apply(self, action)

    def _why_illegal(self, action: Action) -> str:
        return refusals.why_illegal(self, action)

    def _validate(self) -> None:
        invariants.check(self)

    def scores(self) -> list[ScoreSheet]:
        return scoring.scores(self)

    def evaluation(self) -> list[int]:
        """The score totals; in Engage, which has no score, the HP on the board, a general's
        weighing most and less when enemies can reach it (:mod:`.evaluation`)."""
        return evaluate(self)

    def _observation(self, seat: int) -> dict[str, Any]:
        return hidden.observation(self, seat)

    def _resample(self, seat: int) -> None:
        hidden.resample(self, seat)

    _encode_observation = staticmethod(tensor.encode)
    _observation_shape = staticmethod(tensor.shape)

    def render(self) -> str:
        return text.render(self)

    def _svg(self, seat: int | None) -> str:
        return svg.draw(self, seat)

    def clone(self) -> DozenWarState:
        new = self._bare_clone()  # field by field: search code clones on every node
        new.mode = self.mode
        new.side_of = self.side_of
        new.home = self.home
        new.turns = self.turns.copy()
        new.round = self.round
        new.turn_number = self.turn_number
        new.units = self.units.copy()
        new.castles = self.castles.copy()
        new.mountains = {cell: stack.copy() for cell, stack in self.mountains.items()}
        new.terrain = self.terrain
        new.volcano_up = self.volcano_up
        new.loose = {cell: pieces.copy() for cell, pieces in self.loose.items()}
        new.spent_tokens = self.spent_tokens.copy()
        new.coins = self.coins.copy()
        new.bank = self.bank
        new.hands = [hand.copy() for hand in self.hands]
        new.deck = self.deck.copy()
        new.discard = self.discard.copy()
        new.events = self.events.copy()
        new.events_done = self.events_done.copy()
        new.skulls = self.skulls.copy()
        new.castles_taken = self.castles_taken.copy()
        new.roster = [r.copy() for r in self.roster]
        new.marks = [m.copy() for m in self.marks]
        new.used_skills = [u.copy() for u in self.used_skills]
        new.soldier_died = self.soldier_died.copy()
        new.eliminated = self.eliminated.copy()
        new.leader = self.leader
        new.modifiers = self.modifiers.copy()
        new.acted = self.acted
        new.attack_skill_used = self.attack_skill_used
        new.card_played = self.card_played
        new.attacked = self.attacked
        new.defence_skill_used = self.defence_skill_used.copy()
        new.defence_card_used = self.defence_card_used.copy()
        new.hitters = [h.copy() for h in self.hitters]
        new.idle_turns = self.idle_turns
        new.tasks = self.tasks.copy()
        new.attack = None if self.attack is None else self.attack.copy()
        new.hit = None if self.hit is None else self.hit.copy()
        new.banned = self.banned.copy()
        new.next_unit = self.next_unit
        return new


@functools.lru_cache(maxsize=64)
def _teams(side_of: tuple[int, ...]) -> tuple[tuple[int, ...], ...]:
    """The seats of each side, sides in order (a search asks at every position it weighs)."""
    groups: dict[int, list[int]] = {}
    for seat, team in enumerate(side_of):
        groups.setdefault(team, []).append(seat)
    return tuple(tuple(seats) for _, seats in sorted(groups.items()))
