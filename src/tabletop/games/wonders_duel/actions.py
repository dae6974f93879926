"""The actions of 7 Wonders Duel, one type per kind of decision, and their integer space.

Every action names components by id. All possible actions are built once at import and
reused, so generating the legal actions never allocates action objects.
"""

from __future__ import annotations

from typing import ClassVar

import attrs

from tabletop.core import Action, ActionSpace, Block

from .components import CARDS, PROGRESS_TOKENS, WONDERS


# Names for people; an id that is not one (a wrong value in a hand-made action) shows as it is,
# so that describing any action never fails.
def _card(card: object) -> str:
    return CARDS[card].name if isinstance(card, str) and card in CARDS else repr(card)


def _wonder(wonder: object) -> str:
    return WONDERS[wonder].name if isinstance(wonder, str) and wonder in WONDERS else repr(wonder)


def _token(token: object) -> str:
    return PROGRESS_TOKENS[token].name if isinstance(token, str) and token in PROGRESS_TOKENS else repr(token)


@attrs.frozen
class PickWonder(Action):
    """Wonder draft: take one of the revealed Wonders."""

    kind: ClassVar[str] = "pick_wonder"
    wonder: str

    def __str__(self) -> str:
        return f"pick {_wonder(self.wonder)}"


@attrs.frozen
class Construct(Action):
    """Take an accessible card from the structure and construct it in your city."""

    kind: ClassVar[str] = "construct"
    card: str

    def __str__(self) -> str:
        return f"construct {_card(self.card)}"


@attrs.frozen
class Discard(Action):
    """Take an accessible card and discard it for 2 coins + 1 per yellow card you own."""

    kind: ClassVar[str] = "discard"
    card: str

    def __str__(self) -> str:
        return f"discard {_card(self.card)} for coins"


@attrs.frozen
class BuildWonder(Action):
    """Take an accessible card and tuck it under one of your Wonders, paying the Wonder's cost."""

    kind: ClassVar[str] = "build_wonder"
    wonder: str
    card: str

    def __str__(self) -> str:
        return f"build {_wonder(self.wonder)}, tucking {_card(self.card)} under it"


@attrs.frozen
class TakeProgressToken(Action):
    """Take a Progress token (from the board after a science pair, or the Great Library's draw)."""

    kind: ClassVar[str] = "take_progress_token"
    token: str

    def __str__(self) -> str:
        return f"take the {_token(self.token)} progress token"


@attrs.frozen
class DestroyCard(Action):
    """Statue of Zeus / Circus Maximus: put one of the opponent's cards of that colour in the discard."""

    kind: ClassVar[str] = "destroy_card"
    card: str

    def __str__(self) -> str:
        return f"destroy the opponent's {_card(self.card)}"


@attrs.frozen
class BuildFromDiscard(Action):
    """The Mausoleum: construct a card of the discard pile for free."""

    kind: ClassVar[str] = "build_from_discard"
    card: str

    def __str__(self) -> str:
        return f"build {_card(self.card)} from the discard pile for free"


@attrs.frozen
class ChooseStarter(Action):
    """End of Age I or II: name the seat that begins the next Age."""

    kind: ClassVar[str] = "choose_starter"
    seat: int

    def __str__(self) -> str:
        return f"player {self.seat} begins the next Age"


ACTION_TYPES: tuple[type[Action], ...] = (
    PickWonder,
    Construct,
    Discard,
    BuildWonder,
    TakeProgressToken,
    DestroyCard,
    BuildFromDiscard,
    ChooseStarter,
)

_card_ids = tuple(CARDS)
_wonder_ids = tuple(WONDERS)
_token_ids = tuple(PROGRESS_TOKENS)
_destroyable = tuple(c.id for c in CARDS.values() if c.color in ("brown", "grey"))

#: The fixed integer numbering of every action.
ACTION_SPACE = ActionSpace(
    [
        Block(PickWonder, (("wonder", _wonder_ids),)),
        Block(Construct, (("card", _card_ids),)),
        Block(Discard, (("card", _card_ids),)),
        Block(BuildWonder, (("wonder", _wonder_ids), ("card", _card_ids))),
        Block(TakeProgressToken, (("token", _token_ids),)),
        Block(DestroyCard, (("card", _destroyable),)),
        Block(BuildFromDiscard, (("card", _card_ids),)),
        Block(ChooseStarter, (("seat", (0, 1)),)),
    ]
)

# The shared instances the rules hand out as legal actions.
PICK = {w: PickWonder(w) for w in _wonder_ids}
CONSTRUCT = {c: Construct(c) for c in _card_ids}
DISCARD = {c: Discard(c) for c in _card_ids}
BUILD_WONDER = {(w, c): BuildWonder(w, c) for w in _wonder_ids for c in _card_ids}
TAKE_TOKEN = {t: TakeProgressToken(t) for t in _token_ids}
DESTROY = {c: DestroyCard(c) for c in _destroyable}
FROM_DISCARD = {c: BuildFromDiscard(c) for c in _card_ids}
STARTER = (ChooseStarter(0), ChooseStarter(1))
#: Per card: its id, its Construct, its Discard, its BuildWonder per Wonder, and the chain
#: symbol that makes it free. Looked up with the card of an open structure slot, typed
#: ``str | None`` like every slot (an open slot is never empty, so None never occurs).
TURN_ACTIONS: dict[str | None, tuple[str, Construct, Discard, dict[str, BuildWonder], str | None]] = {
    c: (c, CONSTRUCT[c], DISCARD[c], {w: BUILD_WONDER[w, c] for w in _wonder_ids}, CARDS[c].chain_from)
    for c in _card_ids
}
