"""Why an action is illegal now: the rule it breaks, named. Never crashes on any field value."""

from __future__ import annotations

from typing import TYPE_CHECKING

from tabletop.core import Action

from .actions import ACTION_TYPES, Build, BuildFree, BuildFromDiscard, BuildStage, Discard, card_name
from .components import BOARDS, CARDS, KINDS
from .legal import card_actions, seventh_hand, turn_hand

if TYPE_CHECKING:
    from .state import SevenWondersState


def why_illegal(s: SevenWondersState, action: Action) -> str:
    """The rule ``action`` breaks in the pending decision (it is known not to be legal)."""
    if not isinstance(action, ACTION_TYPES):
        return f"{action!r} is not a 7 Wonders action"
    decision = s.decision
    card = getattr(action, "card", None)
    if not isinstance(card, str) or card not in KINDS:
        return f"{card!r} is not a card of 7 Wonders (actions name a card kind such as 'I-loom')"
    name = card_name(card)
    if decision == "build_from_discard":
        if not isinstance(action, BuildFromDiscard):
            return (
                "Halikarnassos builds a card of the discard pile now: the action must be build_from_discard"
            )
        if all(CARDS[c].kind != card for c in s.discard):
            return f"{name} is not in the discard pile"
        return f"a city never holds two structures of one name: {name} is already built"
    if isinstance(action, BuildFromDiscard):
        return "building from the discard pile happens only after Halikarnassos builds its stage"
    deciding = s.deciding_city
    assert deciding is not None
    city = deciding
    hand = seventh_hand(s, city) if decision == "seventh_card" else turn_hand(s, city)
    return why_not_playable(s, decision, city, hand, action)


def why_not_playable(
    s: SevenWondersState, decision: str, city: int, hand: tuple[str, ...], action: Action
) -> str:
    """The rule ``action`` breaks as ``city``'s play of a card of ``hand`` in a ``turn``,
    ``free_city`` or ``seventh_card`` decision (it is known not to be among
    ``card_actions(s, city, hand)``): also what a loaded save's committed choice breaks."""
    card = getattr(action, "card", None)
    if not isinstance(card, str) or card not in KINDS:
        return f"{card!r} is not a card of 7 Wonders (actions name a card kind such as 'I-loom')"
    name = card_name(card)
    if isinstance(action, BuildFromDiscard):
        return "building from the discard pile happens only after Halikarnassos builds its stage"
    if all(CARDS[c].kind != card for c in hand):
        where = "the Free City's hand" if decision == "free_city" else "your hand"
        return f"{name} is not in {where} (hand: {', '.join(card_name(CARDS[c].kind) for c in hand)})"
    view = s.views[city]
    if isinstance(action, (Build, BuildFree)) and CARDS[KINDS[card][0]].name in view.names:
        return f"a city never holds two structures of one name: {name} is already built"
    if isinstance(action, (Build, BuildStage)):
        left, right = action.left, action.right
        if not all(isinstance(x, int) and not isinstance(x, bool) and x >= 0 for x in (left, right)):
            return f"payments are coin counts (ints >= 0), got left={left!r}, right={right!r}"
    legal = card_actions(s, city, hand)
    if isinstance(action, BuildFree):
        if "build_free_once_per_age" not in view.powers:
            return "only Olympia (A, stage 2) builds a structure for free, and this city has not built it"
        if s.olympia_used[city] == s.age:
            return "Olympia's free build is used once per Age, and it is used this Age"
        # The one case left: a card the Free City can chain.
        return f"the Free City must build {name} by chain, not with Olympia's power (2-player rules)"
    coins = s.coins[city]
    if isinstance(action, BuildStage):
        stages = BOARDS[s.boards[city]].sides[s.sides[city]]
        if len(s.tucked[city]) == len(stages):
            return "every stage of this wonder is built"
        printed = CARDS[KINDS[card][0]]
        chained = printed.name not in view.names and not view.names.isdisjoint(printed.free_if_built)
        if city >= s.num_players and chained:
            return f"the Free City must build {name} by chain, not use it for a stage (2-player rules)"
        options = [(a.left, a.right) for a in legal if isinstance(a, BuildStage) and a.card == card]
        return _payment_refusal("the next wonder stage", options, action.left, action.right, coins)
    if isinstance(action, Build):
        options = [(a.left, a.right) for a in legal if isinstance(a, Build) and a.card == card]
        return _payment_refusal(name, options, action.left, action.right, coins)
    if isinstance(action, Discard) and city >= s.num_players:  # its turn or its 7th card (Babylon B)
        return "the Free City may discard only when it cannot build any card (2-player rules)"
    return f"{action} is not legal for the {decision!r} decision"


def _payment_refusal(what: str, options: list[tuple[int, int]], left: int, right: int, coins: int) -> str:
    if not options:
        return (
            f"{what} cannot be paid: the city and its neighbours lack the resources, or the city lacks "
            f"the coins (it has {coins}; coins received this turn count only from the next)"
        )
    shown = ", ".join(f"{a} left + {b} right" for a, b in options)
    return f"{what} cannot be paid with {left} left + {right} right: the undominated payments are {shown}"
