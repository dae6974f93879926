"""7 Wonders (Antoine Bauza, Repos Production 2010), first edition, base game: 3-7 players,
wonder sides A and B, and the official 2-player variant with the Free City.

Over three Ages of six turns, every seat picks one card of its hand in secret; all picks are
revealed and resolved together, then the hands pass on (left in Ages I and III, right in Age
II). A card is built as a structure (paying its cost, buying resources from the two
neighbours, or free by chain), used to build the next wonder stage (tucked face down), or
discarded for 3 coins. The 7th card of each Age is discarded. Military conflicts with both
neighbours close every Age; after Age III the most victory points win (ties: most coins, then
a shared victory).

Seats and cities: city ``i`` is seat ``i``'s; seats sit clockwise in index order, so a city's
left neighbour is the next index round the table (the rulebook's "left": Age I hands go
there). With 2 players a third city, the Free City, has index 2 and is run by the seat holding
the Free City card (``state.holder``).

Decisions (``state.decision``) and their actions (cards are named by *kind*, the card id without
its player marking: copies of one kind are the same card):

* ``turn`` — :class:`Build` (with the coins given to the left and right neighbours for their
  resources), :class:`BuildFree` (Olympia A), :class:`BuildStage`, :class:`Discard`. Asked seat
  by seat, lowest seat first; ``state.acting_seats()`` names every seat still to choose, and no
  observation shows another seat's choice until all are in.
* ``free_city`` (2 players) — the holder's second pick, for the Free City, from the rest of its
  hand (after its own pick).
* ``seventh_card`` — Babylon B (stage 2 built): play the Age's 7th card.
* ``build_from_discard`` — :class:`BuildFromDiscard`: Halikarnassos, after the turn its stage
  is built.

``outcome.reason`` is ``"points"`` (one seat has the most points), ``"coins"`` (tied on points,
most coins) or ``"shared"``. ``scores()`` gives the score pad's seven rows per seat (military,
treasury, wonder, civilian, commercial, guilds, science) and ``"total"``, as if the game ended
now.

Rules choices (the official first-edition rules win over the Persian seed, which calls the grey
cards' goods and the blue cards by other colours; the data in ``data/*.json`` is the verified
reference transcription, see ``shared/reference/seven_wonders``):

* Trading: every distinct split of a purchase between the neighbours is its own action; a split
  costing no less on both sides than another (and more on one) is dropped. Coins paid, received
  or earned during a turn (trade, discards, Tavern...) count only from the next turn: every
  payment is checked against the coins held when the turn began. Discounts (trading posts,
  Marketplace, Olympia B) and new production apply from the turn after they are built.
* East Trading Post = right neighbour, West = left (the reference's majority reading).
* Once-only coins of yellow cards and wonder stages are counted after all the turn's cards are
  placed: a Lighthouse counts itself, and Vineyard/Bazar count the neighbours' cards built that
  same turn (the README's recommended reading; the rulebook is silent).
* Babylon B's 7th card is played after the 6th turn resolves, with the coins, production and
  discounts the city has then (a discard for 3 coins always beats letting the card go without
  coins, so there is no "pass"), before the other 7th cards are discarded; Halikarnassos builds after that, so a stage built on the
  6th turn may take an Age's 7th cards. Halikarnassos must build when the pile holds a card it
  may build (a free structure never costs the city anything; the rulebook's "may" would need a
  pass action, and declining could only keep a card out of a neighbour's guild or yellow
  counts); otherwise the power is lost.
* Olympia A's free build is offered for any card of the hand the city may hold, whatever its
  cost in resources or coins (even none, or a chain: the rulebook says any structure, as
  joffrey-bion's engine plays it) and on any turn of the Age, the 6th included; only the Free
  City, which must chain, may not spend it on a card it can chain. Olympia B copies, at the end,
  the neighbour's guild that scores most for it, as the wild science symbols (Babylon,
  Scientists Guild) are placed where they score most; the copy is scored for the city but is
  not one of its cards (a copied Shipowners Guild counts the city's purple cards, not itself),
  as in joffrey-bion's engine.
* Vineyard, Bazar and the Age III yellow cards pay their coins once, when built (a card built
  later adds none); a card built from the discard pile by Halikarnassos pays its coins too.
* 2 players (rules.json's "expert" variant): the 3-player deck; the Free City starts with 3
  coins; each Age 7 cards a player and 7 in the Free City's pile; the holder draws the top pile
  card at the start of every turn and picks its own card, then the Free City's; the Free City
  must build (a structure or a stage) when it can, judged on the hand left after the holder's
  own pick, and by chain when a chain makes the card free (such a card is then neither put
  under a stage nor discarded); it buys from both players under the normal rules (what it lacks: never a resource its
  own cards could make instead), its controller choosing the seller "regardless of price": the
  Free City is offered every distinct split of those purchases, none pruned, since its
  controller is one of the sellers and may prefer to be paid more;
  the hands swap after each turn and the Free City card travels with them (the holder
  alternates); it starts with the seat left of the Free City (seat 0) in Ages I and III and
  right of it (seat 1) in Age II. The Free City's last pile card is discarded with the 7th
  cards. Its wonder powers are decided by its controller (the seat that held the Free City card
  that turn, before the card moves on with the hand); as Babylon B its 7th card is the last
  pile card. Only the two players can win.
* Determinization: a seat's view of a hand it passed keeps the cards it saw there; the redeal
  keeps them in that hand as far as its size allows and sends the rest to face-down places of
  their Age. A determinized state's other seats know only their own hands and tucked cards.

Options:

* ``side``: ``"A"`` (default, the rulebook's advice for a first game), ``"B"``, or ``"random"``
  (each board's side drawn at random).
* ``boards``: ``"random"`` (default: boards dealt at random) or a list of distinct board names,
  one per city (with 2 players the third is the Free City's).
"""

from __future__ import annotations

from tabletop.core import Game, Option

from .actions import ACTION_SPACE, ACTION_TYPES, Build, BuildFree, BuildFromDiscard, BuildStage, Discard
from .components import BOARDS, CARDS, KINDS, Board, Card, Stage
from .setup import check_options, setup
from .state import SevenWondersState

#: The 7 Wonders rules object.
GAME: Game[SevenWondersState] = Game(
    name="seven_wonders",
    title="7 Wonders",
    min_players=2,
    max_players=7,
    state_type=SevenWondersState,
    setup=setup,
    action_space=ACTION_SPACE,
    action_types=ACTION_TYPES,
    options=[
        Option(
            "side",
            "A",
            "the wonder boards' side: 'A', 'B' or 'random' (each board's side at random)",
            choices=("A", "B", "random"),
        ),
        Option(
            "boards",
            "random",
            "'random', or a list of distinct board names, one per city (2 players: the Free City's last)",
            types=(str, list),
        ),
    ],
    check_options=check_options,
)

__all__ = [
    "BOARDS",
    "CARDS",
    "GAME",
    "KINDS",
    "Board",
    "Build",
    "BuildFree",
    "BuildFromDiscard",
    "BuildStage",
    "Card",
    "Discard",
    "SevenWondersState",
    "Stage",
]
