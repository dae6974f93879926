"""Dozen War – Chiến Thần: grid tactics for 2-4 players (free-for-all, 2 v 2, Engage duel).

The rules are ``/work/shared/reference/dozen_war/RULESET.md`` (every rule has an ID, cited in
the code), transcribed as data in ``data/*.json`` (maps, 12 generals and 36 skills, 30
equipment designs / 60 cards, 20 event designs / 40 cards, 9 tokens) and interpreted by one
effect engine (:mod:`.interpreter`). Combat (§12) is one order of events (:mod:`.combat`),
each step a decision of whoever decides it.

Options:

* ``mode``: ``None`` (default: ``engage`` for 2 players, ``ffa`` for 3-4), ``ffa`` (3 or 4
  players), ``alliance`` (4 players, 2 v 2) or ``engage`` (2 players). R0.4.
* ``generals``: ``draft`` (bans and picks, R7.5a) or ``random`` (R7.5b).

Rulings where RULESET.md is silent (IDs DW-…):

* DW-S1 (R10.4): in alliance mode the teams are seats 0+2 and 1+3; each team rolls once
  (re-rolling ties); inside the winning team the lower seat takes position 1, the other 3.
  The team's starting map piece is placed by its member earlier in turn order (R10.3's default).
* DW-8.16: revival is R8.16's ``revive`` decision: it opens the turn, before the ``turn``
  decision, whenever the player could pay for one (4 coins, a dead general, an own standing
  castle without a general; never in Engage), and offers each revival and ``pass``; it stays
  open after a revival while another is possible. The bonus move of R8.1c is an ordinary
  ``move`` in the ``turn`` decision (no separate ``move_extra`` decision), so the player may
  make it at any time of the turn, as the unit's own move may be made (R8.0). R8.16's
  ``event_choice`` is asked as the generic choices every effect uses: ``select`` (units or
  castles, one by one, ``done`` to stop), ``choose_cell``, ``choose_option`` (a class, a
  soldier type, a die face, a player, a card design), ``discard`` and ``mark_skill``; a
  stolen map piece is placed by ``assign_stolen_piece`` (or ``choose_cell`` when it lies loose).
* DW-6.5: an attack modifier may be played on a fist skill's attack as on a normal attack
  (both are the unit's attack action); the group must fit the attacking unit (R6.4).
* DW-6.6: the hand limit applies in Engage too (a stolen card can take a hand past 6).
* DW-10.9c: the alliance card swap is offered only when both partners hold a card (the
  answer must be a card given back).
* DW-11.2: in Engage each player deploys its general and five soldiers one piece at a time.
* DW-12.3a: a fist skill with a fixed range adds the range of an attack card played on it;
  unit buffs that add range (Viễn Tiễn) change the unit's own attack range, used by normal
  attacks and by selectors measured in ``current`` range. Damage buffs (Ám Kỵ, Lời Chào Của
  Quỷ) and "cannot be guarded" buffs (Săn Người) reach fist skills that deal damage; extra
  strikes and extra targets (Phán Quyết, Thuật Cường Hóa, Ác Mộng Phía Đông) reach normal
  attacks only, and an attack card's extra strike reaches any attack it is played on.
* DW-12.6: the defence-card step is offered to every defending player holding any card, and
  the Lucky Necklace step to every enemy holding any card, each with a pass (R12.15's
  remedy), so the decisions offered never reveal a hand.
* DW-12.7a: heals declared in a defence window (Hồi Sức, Bình Máu) happen even when the hit
  is then cancelled: they are the defending side's own paid effects, possibly on another unit,
  and R12.7's "no trace" is the hit's own damage, riders and splash.
* DW-12.7b: Cán Cân Công Lý's die is rolled once, at the declaration; its heal comes with each
  hit of the attack, as its damage does (an attack card's extra strike heals Mask again).
* DW-13.8a: Phi Thân and Thây Độc swap the receiver with a soldier in another cell: a soldier
  in the receiver's own cell has no cell to swap, so it is not offered.
* DW-11.8a: an attack-kind card cancelled by a Lucky Necklace still counts as the turn's
  attack action for R11.8 (R13.4: the unit that was to attack with it has used its attack;
  the card was played at an enemy).
* DW-13.3a: a buff, heal or selection "up to N" with a single candidate applies to it
  without a decision; with several candidates the player picks one by one and may stop
  after the first.
* DW-13.3b: an attack skill copied by Sao Chép in a defence window does nothing (it has no
  attack to make); copied defence skills act as Grim's own.
* DW-15.8: a thief with no living general and no unit at all leaves a stolen map piece loose
  where the general died.
* DW-7.2a: an eliminated player's turn (if it is the current one) ends at once; its seat
  leaves the turn order when play passes on (so when that elimination ends the game, the
  seat stays in the finished state's order: play never passes on).
* DW-7.2d: when the last players (or teams) still playing are all eliminated by the same
  check (an event's outcome, an attack and its counters), the game ends at once in a draw:
  nobody wins (``winners == ()``), ``outcome.reason`` is ``"all_eliminated"`` (beside R16.6's
  reasons). R7.2b names the one player left the winner, and R7.2 says eliminated players
  take no part in the final scoring, so none of those knocked out together can win.
* DW-14.6a: E11 Sandstorm's -1 range changes the range R12.3 reads (a normal attack's, and a
  selector's measured in ``current`` range); a skill with a fixed range (Hàn Tiễn 4, Ma Kích 3,
  Cán Cân Công Lý 3) and a ``base`` range keep theirs. E11 and E13 reach a unit by its class
  now, so Grim disguised as an archer or a cavalry unit is reached.
* DW-8.10a: digging and handing over do not exclude each other: a general that has dug may
  still hand map pieces over, and one that has handed over may still dig and move (R8.10 and
  R8.11 each end only attacks and skills). A stun stops the giver only: a stunned general may
  receive pieces.
* DW-15.9a: a thief with no living general places a stolen map piece in a cell holding one of
  its soldiers (R15.9), a mountain included (an archer's); it counts for whoever occupies the
  cell (R15.10), and no general can dig it there.
* DW-2.19b: on the warp cell, a dig takes the volcano's last token before a loose piece lying
  there (R2.19a, R8.10); a later dig takes the piece.
* DW-14.2a: E15's "most map pieces" counts R15.10's pieces: loose pieces in the cells a
  player's units occupy count with those its generals hold.
* DW-11.8: Engage's idle count is kept for the first player (the roll's winner) only; an
  attack action is a normal attack, a fist skill or an attack-kind card.
* DW-8.11: a general that handed map pieces over this turn may not receive any until the
  turn ends. R8.11 lets a general give more than once a turn and puts no limit on the
  receiver's attacks and skills, but read literally it lets two generals pass a piece back and
  forth for ever, so a turn (and a game) might never end; a player at the table would not
  expect pieces to come back. Relays (A to B, then B to C) and giving again stay legal, and
  the hand-overs of a turn are finite: no giver ever gets a piece back.
* DW-2.23: a frozen unit may not warp either: freeze forbids everything root does to a unit
  (R13.6), and R2.23 bars rooted units.
* DW-2.23b: a unit that has warped this turn gets no bonus move after moving (R8.1c). R2.23
  (official) lets a unit that moved and then warped only attack, which R8.1c's bonus (authored)
  would undo; a unit's flags cannot tell moved-then-warped from warped-then-moved, so the
  authored bonus gives way for both. A warped unit that has not moved still gets its move,
  bonus included (R2.21).
* DW-7.5a: the draft's bans are public (R7.5a sets banned generals aside in view of all;
  nothing hides them), so observations show them and ``determinize`` keeps them.
* DW-hidden: hands, deck order, event order and the tokens under mountains are hidden; a
  player choosing which card to steal sees the victim's hand for that choice; the partner
  answering an alliance card swap sees the offered card.
"""

from __future__ import annotations

from typing import Any

from tabletop.core import Game, Option, Rng

from . import setup as _setup
from .actions import ACTION_SPACE, ACTION_TYPES
from .components import CARDS, EVENTS, GENERALS, MAPS, SKILLS, TOKENS
from .state import DozenWarState

__all__ = ["CARDS", "EVENTS", "GAME", "GENERALS", "MAPS", "SKILLS", "TOKENS", "DozenWarState"]


def _check_options(options: dict[str, Any], players: int) -> None:
    mode = options["mode"]
    if mode is None:
        options["mode"] = "engage" if players == 2 else "ffa"
        mode = options["mode"]
    allowed = {"engage": (2,), "ffa": (3, 4), "alliance": (4,)}[mode]
    if players not in allowed:
        raise ValueError(
            f"mode {mode!r} is played by {' or '.join(map(str, allowed))} players, not {players}"
        )


def _new_game(num_players: int, seed: int, options: dict[str, Any], rng: Rng) -> DozenWarState:
    return _setup.new_game(DozenWarState, num_players, seed, options, rng)


GAME: Game[DozenWarState] = Game(
    name="dozen_war",
    title="Dozen War – Chiến Thần",
    min_players=2,
    max_players=4,
    state_type=DozenWarState,
    setup=_new_game,
    action_space=ACTION_SPACE,
    action_types=ACTION_TYPES,
    options=(
        Option(
            "mode",
            None,
            "ffa (3-4 players), alliance (4 players, 2 v 2) or engage (2 players); "
            "by default engage for 2 players, ffa for 3-4",
            choices=("ffa", "alliance", "engage"),
        ),
        Option("generals", "draft", "draft (bans and picks) or random", choices=("draft", "random")),
    ),
    check_options=_check_options,
)
