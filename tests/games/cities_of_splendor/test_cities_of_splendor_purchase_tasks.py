"""Loading checks the tasks of a purchase in progress: each once, and each with its cause.

A fuzzer found saves whose task queue held a purchase task twice ('gain', 'stronghold',
'post_token', 'reserve_noble', 'pair:…', 'free:1'): a trusted load (``verify=False``, which
still runs the invariants) and a determinized save took them, then a duplicated 'gain' failed
inside ``apply`` with a bare ``AssertionError`` after half carrying out the action, and the
others granted a second placement, token, noble or card. Such saves are now refused by name;
every state of random play (Orient chains of free cards included) still loads.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

import pytest

from games.cities_of_splendor.helpers import fresh, set_tokens, show
from tabletop.core import Rng
from tabletop.games.cities_of_splendor import (
    GAME,
    MODULES,
    BuyCard,
    CitiesOfSplendorState,
    PairCard,
    TakeFreeCard,
)
from tabletop.games.cities_of_splendor.decisions import END_TASKS, task_name

Save = dict[str, Any]


def save(state: CitiesOfSplendorState) -> Save:
    data: Save = json.loads(json.dumps(state.to_dict()))
    return data


def reach(module: str | None, until: Callable[[CitiesOfSplendorState], bool]) -> CitiesOfSplendorState:
    """The first state of a seeded random game (trying seeds in turn) for which ``until`` holds."""
    for seed in range(200):
        state = GAME.new_game(players=3, seed=seed, module=module)
        rng = Rng.from_seed(seed)
        while not state.is_terminal:
            if until(state):
                return state
            state.apply(rng.choice(state.legal_actions()))
    raise AssertionError("no random game reached the wanted state")


def pending(kind: str) -> Callable[[CitiesOfSplendorState], bool]:
    return lambda state: any(task_name(task) == kind for task in state.tasks)


def refused(data: Save, match: str, verify: bool = False) -> None:
    with pytest.raises(ValueError, match=match) as error:
        GAME.state_from_dict(data, verify=verify)
    assert "inconsistent cities_of_splendor state" in str(error.value)


def duplicated(data: Save, kind: str) -> Save:
    """``data`` with its task of ``kind`` queued twice in a row."""
    edited: Save = json.loads(json.dumps(data))
    tasks = edited["tasks"]
    at = next(i for i, task in enumerate(tasks) if task_name(task) == kind)
    tasks.insert(at, tasks[at])
    return edited


# ---------------------------------------------------------------------- each task once


@pytest.mark.parametrize(
    ("module", "kind"),
    [
        ("strongholds", "gain"),
        ("orient", "gain"),
        ("trading_posts", "gain"),
        ("cities", "gain"),
        (None, "gain"),
        ("strongholds", "stronghold"),
        ("trading_posts", "post_token"),
        ("orient", "reserve_noble"),
        ("orient", "pair"),
        ("orient", "free"),
    ],
)
def test_a_purchase_task_queued_twice_is_refused(module: str | None, kind: str) -> None:
    data = save(reach(module, pending(kind)))
    assert GAME.state_from_dict(data, verify=False).to_dict() == data
    refused(duplicated(data, kind), rf"queue \['{kind}'\] more than once: a purchase pays .* once each")


def test_a_duplicated_gain_in_a_determinized_save_is_refused() -> None:
    """The determinized save skips the replay (``verify=True``) but not the invariants."""
    state = reach("strongholds", pending("gain"))
    data = save(state.determinize(state.turns.current, 1))
    assert GAME.state_from_dict(data).to_dict() == data
    refused(duplicated(data, "gain"), r"queue \['gain'\] more than once", verify=True)


@pytest.mark.parametrize(("module", "kind"), [(None, "pay"), ("orient", "sacrifice")])
def test_a_payment_queued_twice_is_refused(module: str | None, kind: str) -> None:
    data = save(reach(module, pending(kind)))
    refused(duplicated(data, kind), rf"is in progress but tasks .* do not {kind} for it next")


def test_a_refill_queued_twice_is_refused() -> None:
    data = save(reach("strongholds", pending("stronghold")))
    refused(duplicated(data, "refill"), r"end with one refill")


# ---------------------------------------------------------------------- each task with its cause


def test_orient_ability_tasks_are_those_of_the_last_gained_card() -> None:
    data = save(reach("orient", pending("reserve_noble")))
    edited = json.loads(json.dumps(data))
    edited["tasks"][0] = "free:2"  # the card gained reserves a noble; it takes no free card
    refused(edited, r"the Orient ability tasks \['free:2'\] are not what the last card player \d gained")
    data = save(reach("orient", lambda s: s.tasks[:1] == ["free:1"]))
    edited = json.loads(json.dumps(data))
    edited["tasks"].insert(0, "reserve_noble")
    refused(edited, r"the Orient ability tasks \['reserve_noble', 'free:1'\] are not what")


def test_a_pair_task_pairs_the_last_gained_card_not_yet_paired() -> None:
    data = save(reach("orient", lambda s: s.decision == "pair" and len(s.players[s.turns.current].pairs) > 0))
    seat = data["turns"]["order"][data["turns"]["position"]]
    player = data["players"][seat]
    other = next(card for card in player["pairs"])
    edited = json.loads(json.dumps(data))
    edited["tasks"][0] = "pair:" + other  # an older pair card, paired before
    refused(edited, rf"ability tasks \['pair:{other}'.*\] are not what the last card")
    own = data["tasks"][0].split(":", 1)[1]
    edited = json.loads(json.dumps(data))
    edited["players"][seat]["pairs"][own] = "white"  # as if paired already
    edited["players"][seat]["bonuses"]["white"] += 1
    refused(edited, rf"pair '{own}', which player {seat} has already paired")


def test_a_trading_post_token_comes_with_power_one_only() -> None:
    data = save(
        reach("trading_posts", lambda s: s.decision == "pay" and 1 not in s.players[s.turns.current].posts)
    )
    edited = json.loads(json.dumps(data))
    edited["tasks"].insert(edited["tasks"].index("refill"), "post_token")
    refused(edited, r"take a trading post token, but player \d has no coat of arms on trading post 1")
    data = save(reach("trading_posts", lambda s: s.tasks[:3] == ["pay", "gain", "post_token"]))
    data["tasks"].remove("post_token")
    refused(data, r"has a coat of arms on trading post 1, but the purchase takes no token")


def test_every_purchase_moves_a_stronghold() -> None:
    data = save(reach("strongholds", lambda s: s.tasks[:2] == ["pay", "gain"]))
    data["tasks"].remove("stronghold")
    refused(data, r"with The Strongholds every purchase moves a stronghold before the refill")


# ---------------------------------------------------------------------- what play queues loads


def test_chained_free_cards_queue_their_own_abilities_and_load() -> None:
    """A free card resolves its own ability: 'free:2' takes a pair-then-free card, whose
    'pair'/'free:1' follow, and 'free:1' takes a pair card, whose 'pair' follows. Each is
    queued after the one before has left the queue, and every step saves and loads."""
    state = fresh("orient", 4)
    show(state, "O3-01", 0)  # 1 white 6 blue 3 green, white bonus, a free level-2 card
    show(state, "O2-02", 1)  # pair, then a free level-1 card
    show(state, "O1-08", 1)  # pair
    set_tokens(state, 0, white=1, blue=6, green=3)
    seen = []

    def step(action: BuyCard | TakeFreeCard | PairCard) -> None:
        state.apply(action)
        seen.append(list(state.tasks[: len(state.tasks) - len(END_TASKS["orient"])]))
        data = save(state)
        assert GAME.state_from_dict(data, verify=False).to_dict() == data

    step(BuyCard("O3-01"))
    step(TakeFreeCard("O2-02"))  # paired with the only bonus card, the white O3-01
    step(TakeFreeCard("O1-08"))  # two bonus cards to pair with now: a second 'pair' is asked
    step(PairCard("O2-02"))
    assert seen == [["free:2", "refill"], ["free:1", "refill"], ["pair:O1-08", "refill"], []]
    assert state.players[0].pairs == {"O2-02": "white", "O1-08": "white"}


def test_a_free_card_reserving_a_noble_queues_its_task_and_loads() -> None:
    state = fresh("orient", 4)
    show(state, "O3-01", 0)
    show(state, "O2-03", 1)  # reserve a noble
    set_tokens(state, 0, white=1, blue=6, green=3)
    state.apply(BuyCard("O3-01"))
    state.apply(TakeFreeCard("O2-03"))
    assert state.tasks[:2] == ["reserve_noble", "refill"]
    data = save(state)
    assert GAME.state_from_dict(data, verify=False).to_dict() == data
    refused(duplicated(data, "reserve_noble"), r"queue \['reserve_noble'\] more than once")


@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("module", MODULES)
def test_every_state_of_random_play_loads_and_refuses_a_duplicated_task(
    module: str | None, players: int
) -> None:
    """Six random games per module and player count (90 in all): every state saves and
    loads trusted (no false refusal), and each of a purchase's tasks queued twice is refused."""
    closing = set(END_TASKS[module])
    for seed in range(6):
        state = GAME.new_game(players=players, seed=seed, module=module)
        rng = Rng.from_seed(1000 * players + seed)
        while True:
            data = save(state)
            assert GAME.state_from_dict(data, verify=False).to_dict() == data
            for at, task in enumerate(data["tasks"]):
                if task_name(task) in closing:
                    break
                edited = json.loads(json.dumps(data))
                edited["tasks"].insert(at, task)
                with pytest.raises(ValueError):
                    GAME.state_from_dict(edited, verify=False)
            if state.is_terminal:
                break
            state.apply(rng.choice(state.legal_actions()))
