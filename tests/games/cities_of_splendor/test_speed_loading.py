"""The quick ways of loading a save (the structure hooks of ``saves`` and the invariants' set
checks) give exactly what the item-by-item ways give: the same state, the same refusal."""

from __future__ import annotations

import json
import random
from collections.abc import Callable, Iterator
from typing import Any

import pytest

from tabletop.core import Rng
from tabletop.core.serialize import describe_error, make_converter
from tabletop.games.cities_of_splendor import GAME, MODULES, CitiesOfSplendorState, invariants
from tabletop.games.cities_of_splendor.components import CARDS, NOBLES

Save = dict[str, Any]

#: The converter as the kernel makes it, without the game's hooks: what they must agree with.
REFERENCE = make_converter(GAME.action_types, every_key=True)


def saves(players: int, module: str | None, count: int = 4) -> Iterator[Save]:
    """Saves (as a file gives them back) of states all along a few seeded random games."""
    for seed in range(count):
        state = GAME.new_game(players=players, seed=seed, module=module)
        rng = Rng.from_seed(seed + 50)
        step = 0
        while not state.is_terminal:
            if step % 9 == 4:
                yield json.loads(json.dumps(state.to_dict()))
            state.apply(rng.choice(state.legal_actions()))
            step += 1
        yield json.loads(json.dumps(state.to_dict()))


def fields_of(save: Save) -> Save:
    return {key: value for key, value in save.items() if key not in ("game", "format")}


def structured(converter: Any, data: Save) -> CitiesOfSplendorState | str:
    """The state ``converter`` makes of ``data``, or the message naming what is wrong."""
    try:
        state = converter.structure(data, CitiesOfSplendorState)
    except Exception as error:
        return describe_error(error)
    assert isinstance(state, CitiesOfSplendorState)
    return state


@pytest.mark.parametrize("players", [2, 4])
@pytest.mark.parametrize("module", MODULES)
def test_the_hooks_load_every_save_as_the_kernel_does(players: int, module: str | None) -> None:
    for save in saves(players, module, count=2):
        quick = GAME.state_from_dict(save, verify=False)
        plain = structured(REFERENCE, fields_of(save))
        assert not isinstance(plain, str)
        assert quick.to_dict() == plain.to_dict() == save
        assert repr(quick.players) == repr(plain.players)  # the same values of the same types
        assert repr(quick.markets) == repr(plain.markets)
        # Nothing is shared with the save: changing the state leaves the data as it was.
        quick.players[0].cards.append("x")
        quick.players[0].tokens.counts["gold"] = 99
        quick.markets[0].deck.cards.clear()
        assert save == json.loads(json.dumps(save))
        assert "x" not in save["players"][0]["cards"]


def at(*path: Any) -> Callable[[Save], Any]:
    """What lies at ``path`` in a save."""

    def find(save: Save) -> Any:
        place: Any = save
        for step in path:
            place = place[step]
        return place

    return find


def setting(place: Callable[[Save], Any], key: Any, value: Any) -> Callable[[Save], None]:
    return lambda save: place(save).__setitem__(key, value)


def appending(place: Callable[[Save], Any], value: Any) -> Callable[[Save], None]:
    return lambda save: place(save).append(value)


def popping(place: Callable[[Save], Any], key: Any) -> Callable[[Save], None]:
    return lambda save: place(save).pop(key)


def tampered_parts() -> Iterator[tuple[str, Callable[[Save], None]]]:
    """Changes to a save's players and markets that the structure must refuse or convert."""
    odd_values: list[Any] = [True, 2.0, "2", None, -1, [], {}, (1,), 10**30]
    first, second = at("players", 0), at("players", 1)
    for field in ("tokens", "bonuses", "pairs"):
        for value in odd_values:
            yield f"{field} value {value!r}", setting(at("players", 0, field), "white", value)
        yield f"{field} key 3", setting(at("players", 0, field), 3, 1)
    for field in ("points", "city", "cards", "reserved", "blind", "nobles", "posts", "strongholds"):
        for value in odd_values + ["A1"]:
            yield f"{field} = {value!r}", setting(first, field, value)
    for field in ("cards", "reserved", "gold_cards", "posts", "strongholds", "reserved_nobles"):
        for value in odd_values:
            yield f"{field} item {value!r}", appending(at("players", 1, field), value)
    yield "a player without tokens", popping(first, "tokens")
    yield "a player with an extra key", setting(second, "extra", 1)
    yield "a player as a list", lambda save: save["players"].__setitem__(0, list(save["players"][0]))
    for value in odd_values:
        yield f"slot {value!r}", setting(at("markets", 0, "slots"), 0, value)
        yield f"deck card {value!r}", appending(at("markets", 1, "deck", "cards"), value)
        yield f"discard {value!r}", appending(at("markets", 2, "deck", "discards"), value)
        yield f"deck = {value!r}", setting(at("markets", 2), "deck", value)
        yield f"slots = {value!r}", setting(at("markets", 2), "slots", value)
    yield "a market with an extra key", setting(at("markets", 0), "extra", [])
    yield "a deck without discards", popping(at("markets", 0, "deck"), "discards")
    root = at()
    for field in ("num_players", "seed", "determinized", "sacrifice_left", "end_triggered", "passes"):
        for value in odd_values + [False, 0]:
            yield f"state {field} = {value!r}", setting(root, field, value)
    for field in ("module", "purchase", "nobles", "cities", "tasks", "box", "options", "rng", "outcome"):
        for value in odd_values + ["A1"]:
            yield f"state {field} = {value!r}", setting(root, field, value)
    for field in ("nobles", "tasks", "box", "history"):
        for value in odd_values:
            yield f"state {field} item {value!r}", appending(at(field), value)
    yield "an action of no known type", appending(at("history"), {"type": "fly"})
    yield "a state without its box", popping(root, "box")
    yield "a state with an extra key", setting(root, "extra", 0)
    yield "turns with a bool", setting(at("turns"), "position", True)
    yield "a bank count of 2.0", setting(at("bank"), "gold", 2.0)
    yield (
        "slots as a tuple",
        lambda save: save["markets"][0].__setitem__("slots", tuple(save["markets"][0]["slots"])),
    )


@pytest.mark.parametrize("module", ["orient", "strongholds", "trading_posts"])
def test_the_hooks_refuse_or_convert_every_tampered_part_as_the_kernel_does(module: str | None) -> None:
    base = fields_of(list(saves(3, module, count=1))[3])
    refused = 0
    for what, change in tampered_parts():
        data = json.loads(json.dumps(base))
        change(data)
        quick, plain = structured(GAME.converter, data), structured(REFERENCE, data)
        if isinstance(plain, str):
            refused += 1
            assert quick == plain, what
        else:
            assert not isinstance(quick, str), (what, quick)
            assert repr(quick.players) == repr(plain.players), what
            assert repr(quick.markets) == repr(plain.markets), what
            assert quick.to_dict() == plain.to_dict(), what
    assert refused > 250  # the changes do reach the checks


def outcome(check: Callable[[CitiesOfSplendorState], None], state: CitiesOfSplendorState) -> str:
    try:
        check(state)
    except ValueError as error:
        return str(error)
    return "passes"


def tamper(state: CitiesOfSplendorState, rng: random.Random) -> None:
    """One random change to where the cards, nobles and tokens are (most make it impossible)."""
    lists: list[list[Any]] = [m.deck.cards for m in state.markets + state.orient]
    lists += [m.slots for m in state.markets + state.orient]
    for p in state.players:
        lists += [p.cards, p.reserved, p.gold_cards, p.nobles, p.reserved_nobles]
    lists += [state.box, state.nobles]
    pools = [state.bank.counts] + [p.tokens.counts for p in state.players]
    source = rng.choice([items for items in lists if items])
    target = rng.choice(lists)
    item = rng.choice(source)
    how = rng.randrange(7)
    if how == 0:  # moved
        source.remove(item)
        target.append(item)
    elif how == 1:  # copied
        target.append(item)
    elif how == 2:  # lost
        source.remove(item)
    elif how == 3:  # swapped for another card or noble, known or not
        names = sorted(CARDS) + sorted(NOBLES) + ["nothing", None]
        source[source.index(item)] = rng.choice(names)
    elif how == 4:  # a token count changed
        pool = rng.choice(pools)
        kind = rng.choice(sorted(pool))
        pool[kind] += rng.choice([-2, -1, 1])
    elif how == 5:  # a token moved between pools, or a kind dropped or added
        giver, taker = rng.choice(pools), rng.choice(pools)
        kind = rng.choice(sorted(giver))
        giver[kind] -= 1
        taker[kind] += 1
        if rng.random() < 0.3:
            del rng.choice(pools)[kind]
        if rng.random() < 0.3:
            rng.choice(pools)["silver"] = 0
    else:  # two items swapped between places
        other = rng.choice([items for items in lists if items])
        i, j = source.index(item), rng.randrange(len(other))
        source[i], other[j] = other[j], source[i]


@pytest.mark.parametrize("module", MODULES)
def test_the_invariants_set_checks_decide_as_the_item_by_item_checks(
    module: str | None, monkeypatch: pytest.MonkeyPatch
) -> None:
    rng = random.Random(f"speed {module}")
    states: list[CitiesOfSplendorState] = []
    for players in (2, 4):
        for save in list(saves(players, module, count=1))[::3]:
            for _ in range(8):
                state = GAME.state_from_dict(save, verify=False)
                tamper(state, rng)
                states.append(state)
    quick = [outcome(invariants.check, state) for state in states]
    for gate in ("_cards_in_place", "_tokens_add_up", "_nobles_once"):  # never take the quick way
        monkeypatch.setattr(invariants, gate, lambda *args: False)
    slow = [outcome(invariants.check, state) for state in states]
    assert quick == slow
    assert 0 < quick.count("passes") < len(quick) / 2  # most tampers are caught, some are harmless
