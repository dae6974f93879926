"""The tasks a turn queues and the decision each asks: the vocabulary of ``state.tasks``.

A turn is one main action followed by a queue of tasks (``state.tasks``, next first). A task
is a name, optionally with an argument after a colon (``"pair:O1-06"``, ``"free:2"``,
``"sacrifice:white"``). Some resolve by themselves (``gain``, ``refill``, ``posts``,
``end_turn``); the others ask the active player the decision named in :data:`DECISIONS`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from tabletop.core import Action

from .actions import (
    BuyCard,
    ChooseNoble,
    ClaimCity,
    PairCard,
    Pass,
    Pay,
    PlaceStronghold,
    RemoveStronghold,
    ReserveCard,
    ReserveDeck,
    ReserveNoble,
    ReturnToken,
    SacrificeCard,
    TakeFreeCard,
    TakeGems,
    TakeTradingToken,
)
from .components import MODULES

if TYPE_CHECKING:
    from .state import CitiesOfSplendorState as St

#: The tasks an Orient ability queues once its card is gained (``pair`` gets the card's id).
ABILITY_TASKS: dict[str, tuple[str, ...]] = {
    "pair": ("pair",),
    "pair_then_free_level1": ("pair", "free:1"),
    "reserve_noble": ("reserve_noble",),
    "free_level2": ("free:2",),
}

#: The decision each waiting task asks (tasks absent here resolve by themselves).
DECISIONS = {
    "pay": "pay",
    "sacrifice": "sacrifice",
    "pair": "pair",
    "free": "free_card",
    "reserve_noble": "reserve_noble",
    "post_token": "trading_post_token",
    "stronghold": "stronghold",
    "conquest": "conquest",
    "return": "return_tokens",
    "noble": "noble",
    "city": "city",
}
DESCRIBE = {
    "turn": "the main action: take gems, reserve a card or buy a card",
    "pay": "how to pay for the card being bought",
    "sacrifice": "which card to discard for the Orient sacrifice card",
    "pair": "which owned card the Orient card is paired with",
    "free_card": "which face-up card to take for free",
    "reserve_noble": "which noble to reserve",
    "trading_post_token": "which gem token the first Trading Post power gives",
    "stronghold": "where to place, move or remove a stronghold",
    "conquest": "whether to buy the card carrying your 3 strongholds",
    "return_tokens": "which token to return, holding more than 10",
    "noble": "which noble visits",
    "city": "which city to claim",
}
#: The action types that answer each decision.
ACTIONS_OF: dict[str, tuple[type[Action], ...]] = {
    "turn": (TakeGems, ReserveCard, ReserveDeck, BuyCard, Pass),
    "pay": (Pay,),
    "sacrifice": (SacrificeCard,),
    "pair": (PairCard,),
    "free_card": (TakeFreeCard,),
    "reserve_noble": (ReserveNoble,),
    "trading_post_token": (TakeTradingToken,),
    "stronghold": (PlaceStronghold, RemoveStronghold),
    "conquest": (BuyCard, Pass),
    "return_tokens": (ReturnToken,),
    "noble": (ChooseNoble,),
    "city": (ClaimCity,),
}

#: Tasks that prepare or complete a purchase, queued before the turn's closing tasks, by their
#: place in that queue: paying (or sacrificing) comes first, then the card is gained, then its
#: Orient abilities, the Trading Post token, the stronghold move, and the refill always last.
PURCHASE_RANK = {
    "pay": 0,
    "sacrifice": 0,
    "gain": 1,
    "pair": 2,
    "free": 2,
    "reserve_noble": 2,
    "post_token": 3,
    "stronghold": 4,
    "refill": 5,
}
#: Tasks that resolve by themselves: never the first task while a decision is pending.
SILENT_TASKS = frozenset({"gain", "refill", "posts", "end_turn"})
#: The module a task belongs to (tasks absent here occur in every module).
TASK_MODULE = {
    "sacrifice": "orient",
    "pair": "orient",
    "free": "orient",
    "reserve_noble": "orient",
    "post_token": "trading_posts",
    "posts": "trading_posts",
    "stronghold": "strongholds",
    "conquest": "strongholds",
    "city": "cities",
}


def end_tasks(module: str | None) -> list[str]:
    """The tasks that close every turn under ``module``."""
    tasks = ["conquest"] if module == "strongholds" else []
    tasks += ["return"]
    if module != "cities":
        tasks.append("noble")
    if module == "trading_posts":
        tasks.append("posts")
    if module == "cities":
        tasks.append("city")
    tasks.append("end_turn")
    return tasks


END_TASKS = {module: tuple(end_tasks(module)) for module in MODULES}


def task_name(task: str) -> str:
    """The kind of a task (``"pair:O1-06"`` -> ``"pair"``)."""
    return task.split(":", 1)[0]


def decision_of(state: St) -> str:
    """The name of the pending decision."""
    if not state.tasks:
        return "turn"
    return DECISIONS[task_name(state.tasks[0])]
