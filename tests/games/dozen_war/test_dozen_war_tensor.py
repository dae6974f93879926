"""The observation tensor (issue 12): a fixed shape per player count and mode, every observed
thing in it, equal observations giving equal tensors, seat-relative blocks, and its speed."""

from __future__ import annotations

import copy
import json
import math
from collections.abc import Callable
from typing import Any

import attrs
import pytest

from contract import check_tensors_distinguish, random_game_states, tensor_microseconds
from tabletop.games.dozen_war import CARDS, GAME, GENERALS, SKILLS, DozenWarState
from tabletop.games.dozen_war.board import from_action_cell, spec_of
from tabletop.games.dozen_war.tensor import HOMES, MODIFIERS, MOVEMENT_CARDS, encode, layout

CONFIGS = [(2, "engage"), (3, "ffa"), (4, "ffa"), (4, "alliance")]


def play(players: int, mode: str, seed: int) -> list[DozenWarState]:
    """Every state of one random game, the last terminal."""
    return random_game_states(GAME, players, seed, mode=mode)


@pytest.mark.parametrize(("players", "mode"), CONFIGS)
def test_the_shape_is_fixed_per_mode_and_every_entry_a_finite_float(players: int, mode: str) -> None:
    (size,) = GAME.observation_shape(players, mode=mode)
    assert GAME.observation_shape(players, mode=mode, generals="random") == (size,)
    for state in play(players, mode, 1)[::40]:
        assert state.observation_shape == (size,)
        for seat in range(players):
            tensor = state.observation_tensor(seat)
            assert len(tensor) == size
            assert all(type(x) is float and math.isfinite(x) for x in tensor)
    # The grid planes follow the map: 8 x 8 (Engage), 11 x 11 (3 players), 13 x 13 (4 players).
    sizes = [GAME.observation_shape(p, mode=m)[0] for p, m in CONFIGS]
    assert sizes[0] < sizes[1] < sizes[2] == sizes[3]
    assert GAME.observation_shape(2) == GAME.observation_shape(2, mode="engage")


@pytest.mark.parametrize(("players", "mode"), CONFIGS)
def test_equal_observations_give_equal_tensors(players: int, mode: str) -> None:
    states = play(players, mode, 2)
    for state in [*states[::25], states[-1]]:
        for seat in range(players):
            tensor = state.observation_tensor(seat)
            assert state.determinize(seat, 5).observation_tensor(seat) == tensor
            assert encode(json.loads(json.dumps(state.observation(seat))), seat) == tensor


def test_a_finished_game_shows_every_hand_and_determinize_keeps_them() -> None:
    state = play(2, "engage", 0)[-1]
    for seat in range(2):
        view = state.observation(seat)
        assert all(isinstance(hand, list) for hand in view["hands"])
        assert state.determinize(seat, 3).observation(seat) == view


@pytest.mark.parametrize(("players", "mode", "games"), [(2, "engage", 4), (3, "ffa", 1), (4, "alliance", 1)])
def test_different_observations_give_different_tensors(players: int, mode: str, games: int) -> None:
    assert check_tensors_distinguish(GAME, players, range(games), mode=mode) > 100 * players


def _in_combat() -> DozenWarState:
    """A 4-player state with a hit in progress, a deep agenda, units with tokens and flags."""
    for seed in range(20):
        for state in play(4, "ffa", seed):
            view = state.observation(0)
            if (
                view["hit"] is not None
                and len(view["agenda"]) > 5
                and any(u["flags"][0] for u in view["units"])
                and view["discard"]
            ):
                return state
    raise AssertionError("no such state in 20 games")  # pragma: no cover - random play reaches one


def _changes(view: dict[str, Any]) -> dict[str, Callable[[dict[str, Any]], None]]:
    """A change of each observed entry, keyed by what it changes."""
    unit = view["units"][0]
    design = next(d for d in CARDS if d not in json.dumps(view))
    general = next(g for g in GENERALS if g not in view["banned"])
    skill = next(s for s in SKILLS if s not in view["marks"][1])
    castle = view["castles"][0]
    top = view["agenda"][-1]
    deep = view["agenda"][0]

    def unit_field(key: str, value: Any) -> Callable[[dict[str, Any]], None]:
        return lambda v: v["units"][0].update({key: value})

    return {
        "mode": lambda v: v.update(mode="alliance"),
        "round": lambda v: v.update(round=v["round"] + 1),
        "turn_number": lambda v: v.update(turn_number=v["turn_number"] + 1),
        "order": lambda v: v["order"].reverse(),
        "position": lambda v: v.update(position=(v["position"] + 1) % 4),
        "current_player": lambda v: v.update(current_player=(v["current_player"] + 1) % 4),
        "decision": lambda v: v.update(decision="reorder" if v["decision"] != "reorder" else "turn"),
        "home": lambda v: v["home"].reverse(),
        "side_of": lambda v: v.update(side_of=[0, 1, 0, 1]),
        "units hp": unit_field("hp", unit["hp"] + 1),
        "units cell": unit_field("cell", unit["cell"] + 1),
        "units owner": unit_field("owner", (unit["owner"] + 1) % 4),
        "units class": unit_field("class", "alchemist" if unit["class"] != "alchemist" else "archer"),
        "units id": unit_field("id", 150),
        "units general": unit_field("general", "" if unit["general"] else "est"),
        "units pieces": unit_field("pieces", ["map_piece_5"]),
        "units flags": unit_field("flags", [not unit["flags"][0], *unit["flags"][1:]]),
        "units extra move": unit_field("flags", [*unit["flags"][:7], unit["flags"][7] + 1]),
        "units buffs": unit_field("buffs", [*unit["buffs"][:6], unit["buffs"][6] + 1]),
        "units statuses": unit_field("statuses", [["root", 2]]),
        "units evasion": unit_field("evasion", [5]),
        "units boosted_by": unit_field("boosted_by", [MOVEMENT_CARDS[1]]),
        "castles": lambda v: v["castles"].__setitem__(0, [castle[0], castle[1], castle[2], 1, None]),
        "castles taken": lambda v: v["castles"].__setitem__(0, [castle[0], castle[1], castle[2], 0, -1]),
        "mountains": lambda v: v["mountains"].update({next(iter(v["mountains"])): 2}),
        "volcano_up": lambda v: v.update(volcano_up=not v["volcano_up"]),
        "terrain": lambda v: v["terrain"].pop(),
        "loose": lambda v: v["loose"].update({"0": ["map_piece_2"]}),
        "spent_tokens": lambda v: v["spent_tokens"].append("loi_nguyen_mau"),
        "coins": lambda v: v["coins"].__setitem__(2, v["coins"][2] + 1),
        "bank": lambda v: v.update(bank=v["bank"] - 1),
        "hands": lambda v: v["hands"][0].append(f"{design}#1"),
        "hands count": lambda v: v["hands"].__setitem__(1, v["hands"][1] + 1),
        "deck": lambda v: v.update(deck=v["deck"] + 1),
        "discard": lambda v: v["discard"].pop(),
        "events": lambda v: v.update(events=v["events"] - 1),
        "events_done": lambda v: v["events_done"].append("E01#1"),
        "skulls": lambda v: v["skulls"].__setitem__(3, v["skulls"][3] + 1),
        "castles_taken": lambda v: v["castles_taken"].__setitem__(3, v["castles_taken"][3] + 1),
        "roster": lambda v: v["roster"][1].reverse(),
        "banned": lambda v: v["banned"].append(general),
        "marks": lambda v: v["marks"][1].append(skill),
        "used_skills": lambda v: v["used_skills"][1].append(skill),
        "soldier_died": lambda v: v["soldier_died"].__setitem__(2, not v["soldier_died"][2]),
        "eliminated": lambda v: v["eliminated"].__setitem__(2, not v["eliminated"][2]),
        "leader": lambda v: v.update(leader=1 if v["leader"] != 1 else 2),
        "modifiers": lambda v: v["modifiers"].append([1, *MODIFIERS[0], 1]),
        "turn_flags": lambda v: v["turn_flags"].__setitem__(4, v["turn_flags"][4] + 1),
        "defence_used": lambda v: v["defence_used"][1].__setitem__(3, not v["defence_used"][1][3]),
        "hitters": lambda v: v["hitters"][2].append(unit["id"]),
        "agenda kind": lambda v: v["agenda"][-1].update(
            kind="reorder" if top["kind"] != "reorder" else "turn"
        ),
        "agenda seat": lambda v: v["agenda"][-1].update(seat=(top["seat"] + 2) % 4),
        "agenda data": lambda v: v["agenda"][-1]["data"].update(extra=[1, 2]),
        "agenda deep": lambda v: v["agenda"][0]["data"].update(i=deep["data"].get("i", 0) + 7),
        "agenda length": lambda v: v["agenda"].insert(0, {"kind": "turn", "seat": 0, "data": {}}),
        "attack player": lambda v: v["attack"].update(player=(v["attack"]["player"] + 1) % 4),
        "attack unit": lambda v: v["attack"].update(
            unit=unit["id"] if v["attack"]["unit"] != unit["id"] else 150
        ),
        "attack source": lambda v: v["attack"].update(
            source="normal" if v["attack"]["source"] != "normal" else "mask.1"
        ),
        "attack card": lambda v: v["attack"].update(card=design),
        "attack numbers": lambda v: v["attack"]["numbers"].__setitem__(1, v["attack"]["numbers"][1] + 1),
        "attack status": lambda v: v["attack"].update(status="stun"),
        "attack targets": lambda v: v["attack"]["targets"].append(unit["id"]),
        "attack chosen": lambda v: v["attack"]["chosen"].append(unit["id"]),
        "attack ray": lambda v: v["attack"].update(ray=3 if v["attack"]["ray"] != 3 else 4),
        "attack heal_user": lambda v: v["attack"].update(heal_user=v["attack"]["heal_user"] + 1),
        "hit target": lambda v: v["hit"].update(
            target=unit["id"] if v["hit"]["target"] != unit["id"] else 150
        ),
        "hit receiver": lambda v: v["hit"].update(receiver=150),
        "hit numbers": lambda v: v["hit"]["numbers"].__setitem__(3, v["hit"]["numbers"][3] + 1),
        "hit status": lambda v: v["hit"].update(status="freeze"),
        "hit guard": lambda v: v["hit"].update(guard=150),
        "hit cancelled": lambda v: v["hit"].update(cancelled=not v["hit"]["cancelled"]),
        "hit used": lambda v: v["hit"].update(used=[not v["hit"]["used"][0], v["hit"]["used"][1]]),
        "hit heals": lambda v: v["hit"]["heals"].append([unit["id"], 1]),
        "hit after": lambda v: v["hit"]["after"].append({"op": "push"}),
        "outcome": lambda v: v.update(outcome={"winners": [2], "reason": "score"}),
    }


def test_every_observed_entry_changes_the_tensor() -> None:
    state = _in_combat()
    view = state.observation(0)
    tensor = encode(view, 0)
    changes = _changes(view)
    assert {name.split()[0] for name in changes} == set(view)
    for name, change in changes.items():
        changed = copy.deepcopy(view)
        change(changed)
        assert changed != view, name
        assert encode(changed, 0) != tensor, f"changing {name} leaves the tensor as it was"


def test_blocks_are_seat_relative() -> None:
    state = _in_combat()
    lay = layout(4, "ffa4")
    for seat in range(4):
        tensor = state.observation_tensor(seat)
        for k in range(4):
            block = lay.seats + lay.seat_size * k
            other = (seat + k) % 4
            # The k-th block is the seat k places after the viewer: its home and its coins.
            assert tensor[block + lay.homes[state.home[other]]] == 1.0
            assert tensor[block + HOMES + 1] == state.coins[other] / 10
        # The viewer's own hand is shown in the first block, the others' as counts only.
        hand = tensor[lay.seats + HOMES + 3 : lay.seats + HOMES + 3 + 60]
        assert sum(hand) == len(state.hands[seat])


@pytest.mark.parametrize(("players", "mode"), CONFIGS)
def test_a_choice_of_cells_marks_those_cells_on_every_map(players: int, mode: str) -> None:
    """Choices number cells as actions do (13 a row); the plane is the map's (11 or 8 a row on
    the 3-player and Engage maps). Marking the action numbers straight on those planes marked
    other cells, and past the last cell, the next plane's."""
    for seed in range(40):
        for state in play(players, mode, seed):
            if state.decision != "choose_cell":
                continue
            spec = spec_of(state)
            lay = layout(players, state.mode)
            wanted = {from_action_cell(spec, code) for code in state.tasks[-1].data["cells"]}
            tensor = state.observation_tensor(state.tasks[-1].seat)
            start = lay.planes + lay.p_task_cells * lay.cells
            plane = tensor[start : start + lay.cells]
            assert {cell for cell, value in enumerate(plane) if value} == wanted
            return
    pytest.fail("no choice of cells in 40 random games")


def test_a_strike_naming_no_source_encodes_with_no_source_marked() -> None:
    """The engine declares a strike with source "" when its effect names none (an event's
    would; no event strikes in the data yet): the tensor encodes it, the source block empty."""
    for state in play(4, "ffa", 0):
        if state.attack is not None and state.attack.source == "normal" and state.current_player is not None:
            break
    else:
        pytest.fail("no attack in a random game")
    state = state.clone()
    seat, attack = state.current_player, state.attack
    assert seat is not None and attack is not None
    before = state.observation_tensor(seat)
    state.attack = attrs.evolve(attack, source="")
    state.forget_legal_actions()
    after = state.observation_tensor(seat)
    changed = [i for i, (x, y) in enumerate(zip(before, after)) if x != y]
    assert len(changed) == 1 and before[changed[0]] == 1.0 and after[changed[0]] == 0.0


def test_speed() -> None:
    for players, mode in [(2, "engage"), (4, "ffa")]:
        micro = tensor_microseconds(GAME, players, 1, mode=mode)
        print(f"Dozen War {players}p {mode}: {micro:.0f} µs per observation_tensor")
        assert micro < 5000
