"""Saves edited by structure (found by the session-13 hostile-input hunt): values of one type
swapped between two places, an int moved by one inside a list, a list reordered, an id copied
over another, an item moved from one list to another, the outcome set or changed. A
determinized save is not replayed on load (its hidden parts were invented), so the game's own
checks are all that stand between such an edit and a state that breaks later; the same goes for
every trusted load (``verify=False``). Each case here loaded and then failed in play."""

from __future__ import annotations

import json
import random
import re
from typing import Any

import pytest

import tabletop


def json_copy(data: Any) -> Any:
    return json.loads(json.dumps(data))


@pytest.mark.parametrize("verify", [True, False])
def test_wonders_duel_save_whose_face_down_wonders_went_back_to_the_box_during_the_draft_is_refused(
    verify: bool,
) -> None:
    """Before: a determinized draft save with ``$.wonder_deck`` and ``$.returned_wonders``
    swapped loaded, and the draft's second deal found no Wonders: no legal action before the end."""
    game = tabletop.load("wonders_duel")
    save = json_copy(game.new_game(seed=1).determinize(0, 3).to_dict())
    save["wonder_deck"], save["returned_wonders"] = save["returned_wonders"], save["wonder_deck"]
    with pytest.raises(ValueError, match="went back to the box during the draft"):
        game.state_from_dict(save, verify=verify)


def seven_wonders_midgame(decisions: int) -> Any:
    state: Any = tabletop.load("seven_wonders").new_game(players=3, seed=4)
    rng = random.Random(4)
    for _ in range(decisions):
        state.apply(rng.choice(state.legal_actions()))
    return state


@pytest.mark.parametrize("verify", [True, False])
def test_seven_wonders_save_with_a_later_ages_card_played_is_refused(verify: bool) -> None:
    """Before: a determinized Age I save with a built card swapped for a card of the Age II
    deck loaded, and determinize raised AssertionError (no place for a hidden card)."""
    game = tabletop.load("seven_wonders")
    state = seven_wonders_midgame(12)
    assert state.age == 1 and state.built[0]
    save = json_copy(state.determinize(1, 2).to_dict())
    save["built"][0][0], save["decks"][1][0] = save["decks"][1][0], save["built"][0][0]
    with pytest.raises(ValueError, match="a deck holds another Age's card, or a later Age's card was played"):
        game.state_from_dict(save, verify=verify)


@pytest.mark.parametrize("verify", [True, False])
def test_seven_wonders_save_that_remembers_a_card_in_two_hands_is_refused(verify: bool) -> None:
    """Before: a trusted save in which seat 0 remembered one card in two hands loaded, and
    determinize dealt that card twice (an AssertionError)."""
    game = tabletop.load("seven_wonders")
    state = seven_wonders_midgame(12)
    save = json_copy((state.determinize(0, 2) if verify else state).to_dict())
    memories = save["hands"]["seen"][0]
    full = [other for other in range(1, 3) if memories[other]]
    assert full, "seat 0 has seen another hand"
    source = memories[full[0]][0]
    target = 2 if full[0] == 1 else 1
    memories[target] = [*memories[target][1:], source] if memories[target] else [source]
    with pytest.raises(ValueError, match="seat 0 remembers a card in two hands"):
        game.state_from_dict(save, verify=verify)


def test_seven_wonders_save_that_remembers_a_card_of_another_age_in_a_hand_is_refused() -> None:
    """Before: a trusted Age I save in which seat 0 remembered an Age III card (one of the Age
    III deck) in another hand loaded, and determinize found no place for a card (AssertionError)."""
    game = tabletop.load("seven_wonders")
    save = json_copy(seven_wonders_midgame(12).to_dict())
    memories = save["hands"]["seen"][0]
    memories[1] = [*memories[1], save["decks"][2][0]]
    with pytest.raises(
        ValueError, match="seat 0 remembers a card in two hands, twice in one, or of another Age"
    ):
        game.state_from_dict(save, verify=False)


@pytest.mark.parametrize("players", [2, 3])
def test_seven_wonders_trusted_save_with_a_free_city_pile_that_does_not_fit_the_turn_is_refused(
    players: int,
) -> None:
    """Before: a 2-player trusted save with the Free City's pile emptied (swapped for a city's
    empty structures) loaded, and the next turn's draw from the pile raised IndexError mid-apply."""
    game = tabletop.load("seven_wonders")
    state: Any = game.new_game(players=players, seed=5)
    rng = random.Random(5)
    for _ in range(3):
        state.apply(rng.choice(state.legal_actions()))
    save = json_copy(state.to_dict())
    if players == 2:  # the pile's cards face down in the discard: every card still in one place
        assert save["pile"]
        save["discard"] += save["pile"]
        save["discard_known"] += [0] * len(save["pile"])
        save["pile"] = []
    else:  # an Age I card of the box (a 4-player card) put in a pile no 3-player game has
        card = next(card for card in save["box"] if card.startswith("I-"))
        save["box"].remove(card)
        save["pile"].append(card)
    with pytest.raises(ValueError, match=r"the Free City's pile holds \d+ cards at turn \d"):
        game.state_from_dict(save, verify=False)


@pytest.mark.parametrize("edit", ["other id", "twice"])
def test_dozen_war_trusted_save_banning_what_is_no_general_or_one_twice_is_refused(edit: str) -> None:
    """Before: a trusted save with a mountain's piece id copied over a banned general loaded,
    and the observation tensor then raised KeyError."""
    game = tabletop.load("dozen_war")
    state: Any = game.new_game(players=4, seed=3)
    rng = random.Random(3)
    while len(state.banned) < 2:
        state.apply(rng.choice(state.legal_actions()))
    save = json_copy(state.to_dict())
    save["banned"][0] = "map_piece_1" if edit == "other id" else save["banned"][1]
    with pytest.raises(ValueError, match="names what is no general, or one twice"):
        game.state_from_dict(save, verify=False)


@pytest.mark.parametrize(
    ("field", "value", "words"),
    [
        ("boosted_by", ["skill", "neuro.1"], "is boosted by"),
        ("statuses", [["sleep", 1]], "statuses"),
        ("statuses", [["stun", 9]], "statuses"),
        ("evasion", [0], "evasion faces"),
        ("evasion", [7], "evasion faces"),
        ("general", "zz", "general 'zz' is no general"),  # was refused as only "'zz'" (a KeyError's text)
    ],
    ids=repr,
)
def test_dozen_war_trusted_save_with_a_unit_mark_the_tensor_cannot_read_is_refused(
    field: str, value: Any, words: str
) -> None:
    """Before: a trusted save with a task's reference swapped into a unit's ``boosted_by`` (or an
    unknown status) loaded and the observation tensor raised KeyError; an evasion face outside
    1-6 loaded and was written into another unit's slots of the tensor."""
    game = tabletop.load("dozen_war")
    state: Any = game.new_game(seed=2, generals="random")
    rng = random.Random(2)
    while not state.units:
        state.apply(rng.choice(state.legal_actions()))
    save = json_copy(state.to_dict())
    unit = next(iter(save["units"].values()))
    unit[field] = value
    with pytest.raises(ValueError, match=words):
        game.state_from_dict(save, verify=False)


@pytest.mark.parametrize("edit", ["reordered", "no seat"])
def test_dozen_war_trusted_save_with_an_event_modifier_no_event_gives_is_refused(edit: str) -> None:
    """Before: a trusted save with a round modifier's fields reordered loaded, and the
    observation tensor raised KeyError."""
    from tabletop.games.dozen_war.invariants import _MODIFIER_AMOUNTS
    from tabletop.games.dozen_war.tensor import MODIFIERS

    game = tabletop.load("dozen_war")
    save = json_copy(game.new_game(players=3, seed=1).to_dict())
    units, stat = MODIFIERS[0]
    save["modifiers"] = [[1, stat, units, 2]] if edit == "reordered" else [[3, units, stat, 2]]
    with pytest.raises(ValueError, match="is no seat's event modifier"):
        game.state_from_dict(save, verify=False)
    amount = next(a for u, s, a in _MODIFIER_AMOUNTS if (u, s) == (units, stat))
    save["modifiers"] = [[1, units, stat, amount]]  # a modifier an event gives: the save loads
    assert game.state_from_dict(save, verify=False).observation_tensor(0)


def test_dozen_war_trusted_save_with_an_effect_reference_to_nothing_is_refused() -> None:
    """Before: a trusted save with a pending effect's ``ref`` reversed (``[id, "card"]``) loaded,
    and the effect's next step raised ValueError inside ``apply`` of a legal action."""
    game = tabletop.load("dozen_war")
    state: Any = game.new_game(players=3, seed=2, generals="random")
    rng = random.Random(2)
    while not any("ref" in task.data for task in state.tasks):
        state.apply(rng.choice(state.legal_actions()))
    save = json_copy(state.to_dict())
    task = next(task for task in save["tasks"] if "ref" in task["data"])
    task["data"]["ref"].reverse()
    with pytest.raises(ValueError, match=r"\.data\.ref is .*, no skill, card, event outcome or token"):
        game.state_from_dict(save, verify=False)


# ---------------------------------------------------------------------- the mutations, at random


def places(data: Any, path: str = "$") -> list[tuple[Any, Any, str]]:
    """Every (container, key, path) below ``data``, the history and header left out."""
    found: list[tuple[Any, Any, str]] = []
    stack = [(data, path)]
    while stack:
        node, where = stack.pop()
        items = node.items() if isinstance(node, dict) else enumerate(node) if isinstance(node, list) else ()
        for key, value in items:
            inner = f"{where}.{key}" if isinstance(node, dict) else f"{where}[{key}]"
            if inner.startswith(("$.history", "$.game", "$.format")):
                continue
            found.append((node, key, inner))
            stack.append((value, inner))
    return found


def mutate(data: Any, rng: random.Random) -> str:
    """One structure-aware edit of ``data`` in place (what it did), or "" if none applied."""
    spots = places(data)
    kind = rng.choice(["swap", "step", "reorder", "copy", "move", "outcome", "flip"])
    if kind == "swap":  # two values of one type trade places (two ids, two counts, two lists)
        wanted = rng.choice([int, str, list])
        same = [spot for spot in spots if type(spot[0][spot[1]]) is wanted]
        if len(same) > 1:
            (a, i, here), (b, j, there) = rng.sample(same, 2)
            if not (here.startswith(there) or there.startswith(here)):  # no list inside itself
                a[i], b[j] = b[j], a[i]
                return f"swap {here} <-> {there}"
    elif kind == "step":  # an int inside a list moved by one
        ints = [spot for spot in spots if type(spot[0][spot[1]]) is int and isinstance(spot[0], list)]
        if ints:
            a, i, here = rng.choice(ints)
            a[i] += rng.choice((-1, 1))
            return f"{here} moved by one"
    elif kind == "reorder":
        longer = [spot for spot in spots if isinstance(spot[0][spot[1]], list) and len(spot[0][spot[1]]) > 1]
        if longer:
            a, i, here = rng.choice(longer)
            a[i].reverse()
            return f"{here} reversed"
    elif kind == "copy":  # an id or count copied over another item of a list (a card in two places)
        listed = [
            spot for spot in spots if isinstance(spot[0], list) and type(spot[0][spot[1]]) in (int, str)
        ]
        if len(listed) > 1:
            (a, i, here), (b, j, there) = rng.sample(listed, 2)
            if type(a[i]) is type(b[j]):
                a[i] = b[j]
                return f"{there} copied over {here}"
    elif kind == "move":  # an item from one list into another: every card still somewhere
        lists = [spot[0][spot[1]] for spot in spots if isinstance(spot[0][spot[1]], list)]
        full = [items for items in lists if items and type(items[0]) in (int, str)]
        if full and len(lists) > 1:
            source = rng.choice(full)
            target = rng.choice([items for items in lists if items is not source])
            if not target or type(target[0]) is type(source[0]):
                target.insert(rng.randrange(len(target) + 1), source.pop(rng.randrange(len(source))))
                return "an item moved to another list"
    elif kind == "outcome":
        if data.get("outcome") is None:
            data["outcome"] = {"winners": [0], "scores": [1] * data["num_players"], "reason": "points"}
            return "outcome set"
        data["outcome"] = None
        return "outcome removed"
    else:
        bools = [spot for spot in spots if type(spot[0][spot[1]]) is bool]
        if bools:
            a, i, here = rng.choice(bools)
            a[i] = not a[i]
            return f"{here} flipped"
    return ""


def usable(state: Any, rng: random.Random) -> None:
    """What callers do with a loaded state: none of it may fail."""
    state._validate()
    saved = state.to_dict()
    assert state.game.state_from_dict(json_copy(saved), verify=False).to_dict() == saved
    for seat in range(state.num_players):
        json.dumps(state.observation(seat))
        state.observation_tensor(seat)
        state.svg(seat)
        if not state.is_terminal:
            guess = state.determinize(seat, rng.randrange(100))
            for _ in range(20):
                if guess.is_terminal:
                    break
                guess.apply(rng.choice(guess.legal_actions()))
    state.scores()
    state.returns()
    str(state)
    for _ in range(150):
        if state.is_terminal:
            break
        state.apply(rng.choice(state.legal_actions()))


@pytest.mark.parametrize("name", tabletop.game_names())
def test_a_save_with_structure_aware_edits_is_refused_or_usable(name: str) -> None:
    game = tabletop.load(name)
    rng = random.Random(name)
    for players in sorted({game.min_players, game.max_players}):
        state: Any = game.new_game(players=players, seed=rng.randrange(1000))
        for _ in range(rng.randrange(10, 60)):
            state.apply(rng.choice(state.legal_actions()))
        for source in (state, state.determinize(1, 7)):
            data = json_copy(source.to_dict())
            for _ in range(12):
                save = json_copy(data)
                what = mutate(save, rng)
                if not what:
                    continue
                for verify in (True, False):
                    try:
                        loaded = game.state_from_dict(json_copy(save), verify=verify)
                    except ValueError:
                        continue
                    try:
                        usable(loaded, random.Random(what))
                    except Exception as error:
                        raise AssertionError(
                            f"{source!r} with {what} (verify={verify}): {error!r}"
                        ) from error


# ---------------------------------------------------------------------- extreme numbers and text

#: Numbers no game holds: past any 64-bit or float-exact integer, and the 64-bit edges.
EXTREME_NUMBERS = (10**400, 2**63, -(2**63), 2**53 + 1)


def extreme_values(value: int | str) -> tuple[int | str, ...]:
    """Extreme numbers for an int; for a text, the text empty, 100,000 characters long, with a
    character appended, and in the other case."""
    if type(value) is int:
        return EXTREME_NUMBERS
    assert isinstance(value, str)
    texts = ("", "x" * 100_000, value + "#", value.upper(), value.lower())
    return tuple(text for text in dict.fromkeys(texts) if text != value)


def playable(state: Any, rng: random.Random) -> None:
    """What a caller first does with a loaded state (a lighter :func:`usable`): none may fail."""
    for seat in range(state.num_players):
        state.observation_tensor(seat)
        json.dumps(state.observation(seat))
        if not state.is_terminal:
            state.determinize(seat, 3).legal_actions()
    state.scores()
    str(state)
    for _ in range(30):
        if state.is_terminal:
            break
        state.legal_action_ids()
        state.apply(rng.choice(state.legal_actions()))


def leaf_kind(where: str) -> str:
    """A leaf's path with list indexes and numeric dict keys blanked: one name for each card's,
    seat's or unit's same field."""
    return re.sub(r"\.\d+\b", ".#", re.sub(r"\[\d+\]", "[]", where))


@pytest.mark.parametrize("name", tabletop.game_names())
def test_every_leaf_of_a_save_made_extreme_is_refused_or_playable(name: str) -> None:
    """Each int of a save (the header and history left out) made a number no game holds, and
    each text changed: 10**400 coins in 7 Wonders, round 10**400 in Cities or a castle index of
    -2**63 in Dozen War loaded and then broke the tensor or play (the session-21 scans), as did
    a Dozen War strike with the source ''. Along a random game at the most seats, every kind of
    leaf is edited in the first save that has it, and in the first determinized save that has
    it, loaded trusted: each edit is refused or the state plays."""
    game = tabletop.load(name)
    rng = random.Random(f"extreme {name}")
    state: Any = game.new_game(players=game.max_players, seed=rng.randrange(1000))
    tried: set[tuple[bool, str]] = set()
    for step in range(400):
        if state.is_terminal:
            break
        sources = (state, state.determinize(step % state.num_players, step)) if step % 5 == 0 else (state,)
        for source in sources:
            data = json_copy(source.to_dict())
            for container, key, where in places(data):
                value = container[key]
                kind = (source.determinized, leaf_kind(where))
                if type(value) not in (int, str) or kind in tried:
                    continue
                tried.add(kind)
                for extreme in extreme_values(value):
                    container[key] = extreme
                    try:
                        loaded = game.state_from_dict(json_copy(data), verify=False)
                    except ValueError:
                        continue
                    finally:
                        container[key] = value
                    try:
                        playable(loaded, random.Random(where))
                    except Exception as error:
                        text = str(extreme)
                        shown = text if len(text) < 30 else f"{text[:10]}... ({len(text)} characters)"
                        raise AssertionError(
                            f"{source!r} with {where} = {shown} (verify=False): {error!r}"
                        ) from error
        state.apply(rng.choice(state.legal_actions()))
