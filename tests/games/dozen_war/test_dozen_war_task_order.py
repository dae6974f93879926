"""The agenda in a trusted save (``verify=False``) and what goes with it: the tasks' order and
data, the rosters the draft fills, the attack in progress, the teams and the tokens setup places.
What the engine could have written loads; anything else is refused by name. Each edit here
loaded before, then failed an assertion, raised mid-apply or found no legal action later."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

import pytest

from contract import random_state
from tabletop.games.dozen_war import GAME
from tabletop.games.dozen_war.agenda_checks import PURPOSE_PARAMS, ROUND_STEPS, TASK_BELOW
from tabletop.games.dozen_war.invariants import check
from tabletop.games.dozen_war.state import DozenWarState

MODES: list[tuple[int, dict[str, str]]] = [
    (4, {"mode": "ffa", "generals": "draft"}),
    (3, {"mode": "ffa", "generals": "random"}),
    (4, {"mode": "alliance", "generals": "draft"}),
    (2, {"mode": "engage", "generals": "random"}),
]


def _state(players: int, seed: int, steps: int, options: dict[str, str]) -> DozenWarState:
    state = random_state(GAME, seed, steps, players=players, **options)
    assert isinstance(state, DozenWarState)
    return state


def _trusted(state: DozenWarState, tasks: list[dict[str, Any]]) -> DozenWarState:
    data = state.to_dict()
    data["tasks"] = tasks
    return GAME.state_from_dict(data, verify=False)


@pytest.mark.parametrize(("players", "options"), MODES)
def test_every_agenda_of_random_play_is_in_order(players: int, options: dict[str, str]) -> None:
    for seed in range(2):
        state = GAME.new_game(players=players, seed=seed, **options)
        rng = random.Random(seed)
        while not state.is_terminal:
            check(state)  # the order check runs inside, on every decision's agenda
            state.apply(rng.choice(state.legal_actions()))


@pytest.mark.parametrize(("players", "options"), MODES)
def test_the_setup_agenda_reversed_is_refused(players: int, options: dict[str, str]) -> None:
    state = GAME.new_game(players=players, seed=3, **options)
    tasks = state.to_dict()["tasks"]
    assert len(tasks) > 2
    with pytest.raises(ValueError, match=r"tasks\[0\] is .* not one of the round's steps"):
        _trusted(state, [tasks[1], tasks[0], *tasks[2:]])
    # The round step kept at the bottom and the decision on top, the rest reversed (in Engage a
    # seat's steps then also sit on another seat's).
    with pytest.raises(
        ValueError, match=r"tasks\[\d+\] \(.?\w+.?\) (lies on '\w+'|is seat \d's, the task below)"
    ):
        _trusted(state, [tasks[0], *tasks[-2:0:-1], tasks[-1]])


def test_an_attack_out_of_order_is_refused() -> None:
    # ['turn', 'attack_end', 'next_hit', 'target'] with the attack's two steps swapped loaded and
    # then failed ``assert state.attack is not None`` mid-apply.
    state = next(
        s
        for seed in range(40)
        for s in [_state(4, seed, 400, {"mode": "ffa", "generals": "random"})]
        if [t.kind for t in s.tasks][:3] == ["turn", "attack_end", "next_hit"]
    )
    tasks = state.to_dict()["tasks"]
    tasks[1], tasks[2] = tasks[2], tasks[1]
    with pytest.raises(ValueError, match=r"tasks\[1\] \('next_hit'\) lies on 'turn'"):
        _trusted(state, tasks)


def test_a_round_step_above_the_bottom_is_refused() -> None:
    state = GAME.new_game(players=3, seed=4, generals="random")
    tasks = state.to_dict()["tasks"]
    with pytest.raises(ValueError, match=r"tasks\[1\] is the round step 'turn_start'"):
        _trusted(state, [tasks[0], {"kind": "turn_start", "seat": -1, "data": {}}, *tasks[1:]])


def test_engage_deploy_places_an_army_only_on_top() -> None:
    state = GAME.new_game(players=2, seed=5, mode="engage")
    while state.tasks[-1].kind != "engage_deploy":
        state.apply(state.legal_actions()[0])
    tasks = state.to_dict()["tasks"]
    assert "pieces" in tasks[-1]["data"]
    # The army taken away from the deploy being played: a KeyError at its legal actions once.
    stripped = [*tasks[:-1], {**tasks[-1], "data": {}}]
    with pytest.raises(ValueError, match=r"engage_deploy\) lacks the army"):
        _trusted(state, stripped)
    # An army given to a deploy still waiting for its army choice below.
    waiting = next(i for i, t in enumerate(tasks[:-1]) if t["kind"] == "engage_deploy")
    given = [dict(t) for t in tasks]
    given[waiting] = {**given[waiting], "data": {"pieces": ["general"]}}
    # (It is the other seat's, which has not picked its general yet either.)
    with pytest.raises(
        ValueError, match=r"engage_deploy\)( has the army|: seat \d places an army with no general)"
    ):
        _trusted(state, given)


def test_the_tables_name_only_tasks_the_engine_runs() -> None:
    from tabletop.games.dozen_war.agenda import AUTO, DECIDE

    kinds = AUTO.keys() | DECIDE.keys()
    assert kinds >= ROUND_STEPS
    assert TASK_BELOW.keys() <= kinds
    assert all(below <= kinds for below in TASK_BELOW.values())


@pytest.mark.parametrize(("players", "options"), MODES)
def test_a_shuffled_agenda_is_refused_or_plays_on(players: int, options: dict[str, str]) -> None:
    """Whatever order a trusted save's tasks come in, it is refused at load or plays to the end."""
    rng = random.Random(players)
    for seed in range(16):
        # Half in setup, where the agenda is longest, half in play (attacks, windows, effects).
        state = _state(players, seed, rng.randrange(0, 40) if seed % 2 else rng.randrange(40, 500), options)
        tasks = state.to_dict()["tasks"]
        if state.is_terminal or len(tasks) < 2:
            continue
        shuffled = list(tasks)
        rng.shuffle(shuffled)
        try:
            loaded = _trusted(state, shuffled)
        except ValueError:
            continue
        for _ in range(2_000):
            if loaded.is_terminal:
                break
            legal = loaded.legal_actions()
            assert legal, [t["kind"] for t in shuffled]
            loaded.apply(rng.choice(legal))


def _edited(state: DozenWarState, **changes: Any) -> DozenWarState:
    data = state.to_dict()
    data.update(changes)
    return GAME.state_from_dict(data, verify=False)


@pytest.mark.parametrize(
    ("players", "options", "pick"),
    [
        (4, {"mode": "ffa", "generals": "draft"}, "draft_pick"),
        (3, {"mode": "ffa", "generals": "draft"}, "draft_pick"),
        (2, {"mode": "engage", "generals": "draft"}, "engage_pick"),
    ],
)
def test_a_lost_pick_is_refused(players: int, options: dict[str, str], pick: str) -> None:
    # A draft_pick dropped loaded, and the seat's general deployment had no legal action later.
    state = GAME.new_game(players=players, seed=6, **options)
    tasks = state.to_dict()["tasks"]
    index = max(i for i, t in enumerate(tasks) if t["kind"] == pick and i < len(tasks) - 1)
    with pytest.raises(
        ValueError, match=r"roster\[\d\] has \d general\(s\) and \d pick\(s\) to come, not the"
    ):
        _trusted(state, tasks[:index] + tasks[index + 1 :])


def test_rosters_hold_three_generals_once_dealt() -> None:
    state = GAME.new_game(players=4, seed=6, generals="random")
    assert [len(r) for r in state.roster] == [3, 3, 3, 3]
    roster = [list(r) for r in state.roster]
    roster[2] = roster[2][:2]
    with pytest.raises(
        ValueError, match=r"roster\[2\] has 2 general\(s\) and 0 pick\(s\) to come, not the 3"
    ):
        _edited(state, roster=roster)


def _in_a_hit(players: int) -> DozenWarState:
    """A state of random play whose agenda is resolving a hit."""
    for seed in range(60):
        state = GAME.new_game(players=players, seed=seed, generals="random")
        rng = random.Random(seed)
        while not state.is_terminal:
            if state.hit is not None and any(t.kind == "resolve_hit" for t in state.tasks):
                return state
            state.apply(rng.choice(state.legal_actions()))
    raise AssertionError("no hit in 60 games")


def test_the_attack_and_its_steps_go_together() -> None:
    state = _in_a_hit(4)
    data = state.to_dict()
    with pytest.raises(ValueError, match=r"attack is None but the agenda has the attack's steps"):
        _edited(state, attack=None, hit=None)
    with pytest.raises(ValueError, match=r"resolves a hit \(resolve_hit\) but hit is None"):
        _edited(state, hit=None)
    # An attack left behind by an agenda that no longer has its steps.
    quiet = GAME.new_game(players=4, seed=1, generals="random")
    with pytest.raises(ValueError, match=r"attack is set but the agenda lacks the attack's steps"):
        _edited(quiet, attack=data["attack"])


def test_what_a_hit_queues_for_after_its_damage_names_an_effect() -> None:
    state = _in_a_hit(4)
    hit = state.to_dict()["hit"]
    good = {"seat": 0, "ref": ["skill", "raen.2"], "i": 0, "user": 0, "ctx": {}}
    assert _edited(state, hit={**hit, "after": [good]}).hit is not None  # loads
    # A reference with a part repeated raised KeyError: 'skill' when the effect went on.
    for bad, message in [
        ({**good, "ref": ["skill", "skill", "raen.2"]}, r"hit\.after\[0\]\.ref is .* no skill, card"),
        ({**good, "seat": 7}, r"hit\.after\[0\]\.seat is 7, no seat"),
        ({**good, "i": -1}, r"hit\.after\[0\]\.i or \.user is not a count"),
        ({k: v for k, v in good.items() if k != "ctx"}, r"hit\.after\[0\] is .* not a dict of"),
    ]:
        with pytest.raises(ValueError, match=message):
            _edited(state, hit={**hit, "after": [bad]})


@pytest.mark.parametrize(("players", "mode"), [(4, "alliance"), (4, "ffa"), (3, "ffa"), (2, "engage")])
def test_the_teams_are_those_setup_makes(players: int, mode: str) -> None:
    state = GAME.new_game(players=players, seed=2, mode=mode)
    sides = list(state.side_of)
    assert sides == ([0, 1, 0, 1] if mode == "alliance" else list(range(players)))
    # One seat's side copied over another's: a seat without enemies had no legal action later.
    sides[1] = sides[0]
    with pytest.raises(ValueError, match=r"side_of is \[.*\], not the \w+ teams"):
        _edited(state, side_of=sides)


def test_every_mountain_slot_gets_a_token() -> None:
    # A starting map piece's task lost (3 players): a token too many for the slots raised mid-setup.
    state = GAME.new_game(players=3, seed=2, generals="random")
    tasks = state.to_dict()["tasks"]
    index = next(i for i, t in enumerate(tasks) if t["kind"] == "place_start_piece")
    with pytest.raises(ValueError, match=r"2 starting map piece\(s\) given or to give leave \d+ tokens"):
        _trusted(state, [*tasks[:index], *tasks[index + 1 :]])


def test_a_counters_remembered_receiver_is_a_cell_a_class_and_a_flag() -> None:
    state = _in_a_hit(4)
    hit = state.to_dict()["hit"]
    entry = {"seat": 0, "ref": ["skill", "raen.2"], "i": 0, "user": 0, "ctx": {}}
    for info in ([5, "archer", False], None):
        assert _edited(state, hit={**hit, "after": [{**entry, "ctx": {"receiver_info": info}}]}).hit
    # Shuffled, the class was read as a cell and stats_of raised KeyError when the counter struck.
    for info in (["archer", 5, False], [5, "archer"], [5, "archer", 1], [10_000, "archer", True]):
        with pytest.raises(ValueError, match=r"hit\.after\[0\]\.ctx\.receiver_info is .* not \[cell, class"):
            _edited(state, hit={**hit, "after": [{**entry, "ctx": {"receiver_info": info}}]})


def _with_task(kind: str) -> DozenWarState:
    """A state of random play (4 players) with a ``kind`` task on its agenda."""
    for seed in range(80):
        state = GAME.new_game(players=4, seed=seed, generals="random")
        rng = random.Random(seed)
        while not state.is_terminal:
            if any(t.kind == kind for t in state.tasks):
                return state
            state.apply(rng.choice(state.legal_actions()))
    raise AssertionError(f"no {kind} task in 80 games")


def _task_data_edited(
    state: DozenWarState, kind: str, edit: Callable[[dict[str, Any]], None]
) -> DozenWarState:
    tasks = state.to_dict()["tasks"]
    index = next(i for i, t in enumerate(tasks) if t["kind"] == kind)
    edit(tasks[index]["data"])
    return _trusted(state, tasks)


def test_a_tasks_data_has_the_keys_and_types_it_is_pushed_with() -> None:
    state = _with_task("necklace_window")
    assert _task_data_edited(state, "necklace_window", lambda data: None).tasks  # unedited: loads
    # The seats still to ask dropped: KeyError 'seats' when the window went on.
    with pytest.raises(ValueError, match=r"data has the keys \['card'\]; necklace_window is pushed with"):
        _task_data_edited(state, "necklace_window", lambda data: data.pop("seats"))
    with pytest.raises(ValueError, match=r"data\.seats is .*, not of its type"):
        _task_data_edited(state, "necklace_window", lambda data: data.update(seats=[True]))
    # A seat that is not at the table: IndexError when its turn in the window came.
    with pytest.raises(ValueError, match=r"data\.seats is \[99\], not distinct seats of 0\.\.3"):
        _task_data_edited(state, "necklace_window", lambda data: data.update(seats=[99]))


def test_a_choices_data_has_its_keys_types_and_a_purpose_the_interpreter_finishes() -> None:
    state = _with_task("select")

    def swap(data: dict[str, Any]) -> None:  # two values swapped: TypeError in the legal list
        data["cands"], data["max"] = data["max"], data["cands"]

    with pytest.raises(ValueError, match=r"data\.(cands|max) is .*, not of its type"):
        _task_data_edited(state, "select", swap)
    with pytest.raises(ValueError, match=r"data\.purpose is 'fly', no select purpose"):
        _task_data_edited(state, "select", lambda data: data.update(purpose="fly"))
    with pytest.raises(ValueError, match=r"data lacks \['picked'\] or has unknown \[\]"):
        _task_data_edited(state, "select", lambda data: data.pop("picked"))
    with pytest.raises(ValueError, match=r"data lacks \[\] or has unknown \['unit'\]"):
        _task_data_edited(state, "select", lambda data: data.update(unit=3))


def _pending(kind: str, purpose: str | None, players: int, mode: str) -> DozenWarState:
    """A state of random play whose agenda holds a ``kind`` task (of ``purpose``)."""
    for seed in range(200):
        state = GAME.new_game(players=players, seed=seed, mode=mode, generals="random")
        rng = random.Random(seed)
        while not state.is_terminal:
            if any(t.kind == kind and t.data.get("purpose") == purpose for t in state.tasks):
                return state
            state.apply(rng.choice(state.legal_actions()))
    raise AssertionError(f"no {kind} task in 200 games")


def test_a_steal_offers_the_victims_hand_and_a_swap_a_card_the_offerer_holds() -> None:
    steal = _pending("choose_option", "steal", 4, "ffa")
    swap = _pending("card_swap_answer", None, 4, "alliance")
    for state in (steal, swap):  # every seat's determinization redeals hands and keeps them so
        for seat in range(4):
            check(state.determinize(seat, 7))
    victim = next(t.data["victim"] for t in steal.tasks if t.kind == "choose_option")
    hands = steal.to_dict()["hands"]
    hands[victim], hands[(victim + 1) % 4] = hands[(victim + 1) % 4], hands[victim]
    with pytest.raises(ValueError, match=rf"\(steal\) offers .*, not the designs in seat {victim}'s hand"):
        _edited(steal, hands=hands)
    offerer = next(t.data["offerer"] for t in swap.tasks if t.kind == "card_swap_answer")
    hands = swap.to_dict()["hands"]
    hands[offerer] = []
    with pytest.raises(ValueError, match=rf"offers '.*', which seat {offerer} does not hold"):
        _edited(swap, hands=hands, deck=swap.to_dict()["deck"] + swap.to_dict()["hands"][offerer])


def test_a_general_is_in_one_roster_once() -> None:
    state = GAME.new_game(players=4, seed=6, generals="random")
    roster = [list(r) for r in state.roster]
    roster[1][0] = roster[0][0]
    with pytest.raises(ValueError, match=r"hold a general twice"):
        _edited(state, roster=roster)


def test_an_attacks_operation_and_a_selects_parameters_are_the_datas() -> None:
    state = _in_a_hit(4)
    attack = state.to_dict()["attack"]
    assert attack["source"] == "normal" or attack["op"]
    # An operation's fields swapped: AttributeError ('str' has no 'get') when the next target came.
    with pytest.raises(ValueError, match=r"attack\.op is .*, no operation of a skill, card or event"):
        _edited(state, attack={**attack, "op": {"op": "strike", "select": "up"}})
    with pytest.raises(ValueError, match=r"attack\.source is 'sword': 'normal', a skill or a card"):
        _edited(state, attack={**attack, "source": "sword"})
    chosen = _with_task("select")
    tasks = chosen.to_dict()["tasks"]
    index = next(i for i, t in enumerate(tasks) if t["kind"] == "select")
    params = tasks[index]["data"]["params"]
    # An operation no skill, card or event has; a parameter no purpose passes; a count as text.
    for key, value in [("spec", {"op": "heal", "amount": "all"}), ("colour", 1), ("stars", "3")]:
        edited = [dict(t) for t in tasks]
        edited[index] = {**tasks[index], "data": {**tasks[index]["data"], "params": {**params, key: value}}}
        with pytest.raises(ValueError, match=rf"data\.params\.{key} is .*, no parameter of a select"):
            _trusted(chosen, edited)


def test_setups_per_seat_steps_are_one_per_seat() -> None:
    state = GAME.new_game(players=3, seed=9, generals="random")
    tasks = state.to_dict()["tasks"]
    deploys = [i for i, t in enumerate(tasks) if t["kind"] == "deploy_generals"]
    edited = [dict(t) for t in tasks]
    edited[deploys[0]] = {**edited[deploys[0]], "seat": tasks[deploys[1]]["seat"]}
    # One seat asked twice, another never: the second time it had no general left to place.
    with pytest.raises(
        ValueError, match=r"the deploy_generals tasks are for seats .*: a seat's step is pushed once"
    ):
        _trusted(state, edited)


def test_an_aim_with_nothing_left_to_aim_at_is_refused() -> None:
    """The attacker moved away from every target while its target decision waits: loaded, the
    decision offered no legal action (the check that a pending decision is open)."""
    state = _with_task("target")
    assert state.decision == "target" and state.attack is not None and state.attack.unit is not None
    data = state.to_dict()
    attacker = state.attack.unit
    assert attacker in data["units"]
    taken = {unit["cell"] for unit in data["units"].values()}
    refused_ = 0
    for far in (c for c in range(169) if c not in taken):
        units = {**data["units"], attacker: {**data["units"][attacker], "cell": far}}
        try:
            loaded = _edited(state, units=units)
        except ValueError as error:
            refused_ += "offers no legal action" in str(error)
            continue
        assert loaded.legal_actions()  # whatever loads can be played
    assert refused_ > 0


def test_names_in_a_tasks_data_are_of_what_they_name() -> None:
    # An event that is a card's id raised KeyError when its roll came; a draft pool other than
    # the banned generals' left the pick with no legal action.
    state = _with_task("event_pay")
    with pytest.raises(ValueError, match=r"data\.event is 'cav\.luoi_sat#1', not of its type"):
        _task_data_edited(state, "event_pay", lambda data: data.update(event="cav.luoi_sat#1"))
    draft = GAME.new_game(players=4, seed=2)
    while not any(t.kind == "draft_pick" and t.data for t in draft.tasks):
        draft.apply(draft.legal_actions()[0])
    with pytest.raises(ValueError, match=r"data\.pool is 'W', not of its type"):
        _task_data_edited(draft, "draft_pick", lambda data: data.update(pool="W") if data else None)


def test_the_unit_a_choice_is_about_stands_on_the_board() -> None:
    # An id of no unit: KeyError when the choice was listed.
    state = _pending("choose_option", "transform", 4, "ffa")
    gone = next(uid for uid in range(200) if uid not in state.units)
    with pytest.raises(ValueError, match=rf"data\.unit is {gone}, no unit on the board"):
        _task_data_edited(state, "choose_option", lambda data: data.update(unit=gone))


def test_every_choice_purpose_has_its_parameters_listed() -> None:
    from tabletop.games.dozen_war.interpreter import FINISH_CELL, FINISH_OPTION, FINISH_SELECT

    for kind, finishers in (
        ("choose_cell", FINISH_CELL),
        ("choose_option", FINISH_OPTION),
        ("select", FINISH_SELECT),
    ):
        assert {purpose for k, purpose in PURPOSE_PARAMS if k == kind} == set(finishers)


def test_a_choice_is_asked_with_its_purposes_parameters() -> None:
    # A select's parameter dropped: KeyError when its finisher read it.
    chosen = _with_task("select")
    task = next(t for t in chosen.tasks if t.kind == "select")
    params = dict(task.data["params"])
    if not params:
        pytest.skip("this select has no parameters")
    dropped = sorted(params)[0]
    with pytest.raises(ValueError, match=rf"a select for '{task.data['purpose']}' is asked with"):
        _task_data_edited(chosen, "select", lambda data: data["params"].pop(dropped))


def test_engages_setup_steps_stay_with_their_seat() -> None:
    state = GAME.new_game(players=2, seed=5, mode="engage")
    tasks = state.to_dict()["tasks"]
    army = next(i for i, t in enumerate(tasks) if t["kind"] == "engage_army")
    edited = [dict(t) for t in tasks]
    edited[army] = {**edited[army], "seat": 1 - tasks[army]["seat"]}
    with pytest.raises(ValueError, match=r"\(engage_army\) is seat \d's, the task below another seat's"):
        _trusted(state, edited)


def test_an_attack_is_a_seats() -> None:
    state = _in_a_hit(4)
    attack = state.to_dict()["attack"]
    with pytest.raises(ValueError, match=r"attack\.player is 99, no seat of 0\.\.3"):
        _edited(state, attack={**attack, "player": 99})


def test_an_effects_context_keeps_what_effects_keep() -> None:
    # An own-turn use keeps its stars and source together: the source dropped raised KeyError
    # when a strike named its units.
    state = next(
        s
        for seed in range(80)
        for s in [_state(4, seed, 300, {"mode": "ffa", "generals": "random"})]
        if any(t.kind == "effect" and "source" in t.data["ctx"] for t in s.tasks)
    )
    tasks = state.to_dict()["tasks"]
    index = next(i for i, t in enumerate(tasks) if t["kind"] == "effect" and "source" in t["data"]["ctx"])

    def with_ctx(ctx: dict[str, Any]) -> list[dict[str, Any]]:
        edited = [dict(t) for t in tasks]
        edited[index] = {**tasks[index], "data": {**tasks[index]["data"], "ctx": ctx}}
        return edited

    ctx = tasks[index]["data"]["ctx"]
    with pytest.raises(ValueError, match=r"ctx has one of \['stars', 'source'\] without the other"):
        _trusted(state, with_ctx({k: v for k, v in ctx.items() if k != "source"}))
    with pytest.raises(ValueError, match=r"ctx has \['mood'\], which no effect keeps"):
        _trusted(state, with_ctx({**ctx, "mood": 1}))
    with pytest.raises(ValueError, match=r"ctx\.source is 'E10', not of its type"):
        _trusted(state, with_ctx({**ctx, "source": "E10"}))
