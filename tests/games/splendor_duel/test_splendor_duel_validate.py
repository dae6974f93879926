"""Loading refuses a Splendor Duel save that is well formed but impossible in the game.

Each test takes a real state from random play, saves it through JSON, changes one thing and
checks that ``state_from_dict`` names it. The states of random games all validate (see the
property tests in test_splendor_duel_play.py, which call ``_validate`` after every step).
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

import pytest

from tabletop.core import Rng
from tabletop.games.splendor_duel import GAME, SplendorDuelState
from tabletop.games.splendor_duel.components import CARDS, GEMS, TOKEN_KINDS

Save = dict[str, Any]


def play_until(done: Callable[[SplendorDuelState], bool], seed: int = 0) -> SplendorDuelState:
    """Random play (seat 0 first) until ``done`` holds; the game must get there."""
    rng = Rng.from_seed(seed)
    state = GAME.new_game(seed=seed, first_player=0)
    while not done(state):
        assert not state.is_terminal, "the random game ended before reaching the wanted state"
        state.apply(rng.choice(state.legal_actions()))
    return state


def mid_game() -> SplendorDuelState:
    """A turn well into the game: cards bought and reserved, tokens held."""
    return play_until(
        lambda s: len(s.history) >= 60 and s.step == "turn" and all(s.cards) and any(s.reserved)
    )


def at_step(step: str) -> SplendorDuelState:
    return play_until(lambda s: s.decision == step)


def save(state: SplendorDuelState) -> Save:
    data: Save = json.loads(json.dumps(state.to_dict()))
    assert GAME.state_from_dict(data).to_dict() == data  # the untouched save loads
    return data


def refused(data: Save, match: str) -> None:
    with pytest.raises(ValueError, match=f"inconsistent splendor_duel state: .*{match}"):
        GAME.state_from_dict(data)


def deck(data: Save, level: int) -> list[str]:
    cards: list[str] = data["pyramid"][level - 1]["deck"]["cards"]
    return cards


def seat_to_move(data: Save) -> int:
    turns = data["turns"]
    seat: int = turns["order"][turns["position"]]
    return seat


# ---------------------------------------------------------------------- cards


def test_an_unknown_card_id_is_refused() -> None:
    data = save(mid_game())
    data["pyramid"][0]["slots"][0] = "D1-99"
    refused(data, "pyramid level 1 slots holds 'D1-99', which is not a known jewel card")


def test_a_card_in_two_places_is_refused() -> None:
    data = save(mid_game())
    card = deck(data, 2)[0]
    data["cards"][1].append(card)
    refused(data, f"jewel card '{card}' is both in pyramid level 2 deck and in cards\\[1\\]")


def test_a_missing_card_is_refused() -> None:
    data = save(mid_game())
    card = deck(data, 1).pop()
    refused(data, f"1 jewel card\\(s\\) are in no place: '{card}'")


def test_a_card_in_the_pyramid_of_another_level_is_refused() -> None:
    data = save(mid_game())
    deck(data, 1)[0], deck(data, 2)[0] = deck(data, 2)[0], deck(data, 1)[0]
    refused(data, "pyramid level 1 deck holds D2-.., a level-2 card")


def test_an_empty_slot_beside_a_deck_with_cards_is_refused() -> None:
    data = save(mid_game())
    card = data["pyramid"][2]["slots"][1]
    data["pyramid"][2]["slots"][1] = None
    deck(data, 3).insert(0, card)
    refused(data, "pyramid level 3 has an empty slot while its deck holds")


def test_discarded_jewel_cards_are_refused() -> None:
    data = save(mid_game())
    data["pyramid"][0]["deck"]["discards"].append(deck(data, 1).pop())
    refused(data, "pyramid level 1 has discards .*Splendor Duel discards no jewel card")


def test_more_than_three_reserved_cards_are_refused() -> None:
    data = save(mid_game())
    while len(data["reserved"][0]) < 4:
        data["reserved"][0].append(deck(data, 1).pop())
    refused(data, "reserved\\[0\\] holds 4 cards, more than the 3 allowed")


def test_a_blind_card_that_is_not_reserved_is_refused() -> None:
    data = save(mid_game())
    data["blind"][1].append(data["pyramid"][0]["slots"][0])
    refused(data, "blind\\[1\\] is .*: it must list reserved cards of that seat, each once")


def test_a_wrong_pyramid_shape_is_refused() -> None:
    data = save(mid_game())
    data["pyramid"][1]["slots"].append(deck(data, 2).pop())
    refused(data, "pyramid level 2 has 5 slots, not 4")


# ---------------------------------------------------------------------- tokens and privileges


def test_a_token_too_many_is_refused() -> None:
    data = save(mid_game())
    data["bag"]["red"] += 1
    refused(
        data, "red tokens add up to 5, not 4 \\(bag .*, tokens\\[0\\] .*, tokens\\[1\\] .*, the board .*\\)"
    )


def test_a_token_lost_is_refused() -> None:
    data = save(mid_game())
    cell = data["board"].index("gold") if "gold" in data["board"] else None
    if cell is not None:
        data["board"][cell] = None
    else:
        holder = data["bag"] if data["bag"]["gold"] else data["tokens"][0]
        holder["gold"] -= 1
    refused(data, "gold tokens add up to 2, not 3")


def test_a_negative_count_is_refused() -> None:
    data = save(mid_game())
    data["tokens"][0]["white"] = -1
    with pytest.raises(ValueError, match="non-negative"):
        GAME.state_from_dict(data)  # the token pool itself refuses it while loading
    state = mid_game()  # and the invariants say it too, for states edited in memory
    state.bag.counts["white"] += 1 + state.tokens[0].counts["white"]
    state.tokens[0].counts["white"] = -1
    with pytest.raises(ValueError, match="tokens\\[0\\] holds -1 white tokens: a count is never negative"):
        state._validate()


def test_an_unknown_token_kind_is_refused() -> None:
    data = save(mid_game())
    data["bag"]["silver"] = 0
    refused(data, "bag must count exactly the kinds .*; unknown: silver")
    data = save(mid_game())
    del data["tokens"][1]["pearl"]
    refused(data, "tokens\\[1\\] must count exactly the kinds .*; missing: pearl")
    data = save(mid_game())
    cell = next(i for i, kind in enumerate(data["board"]) if kind is not None)
    data["board"][cell] = "ruby"
    refused(data, f"board cell {cell} holds 'ruby', which is not a token kind")


def test_privileges_beyond_three_or_negative_are_refused() -> None:
    data = save(mid_game())
    data["privileges"] = [2, 2]
    refused(data, "the table holds -1 privileges: a count is never negative")
    data["privileges"] = [-1, 0]
    refused(data, "privileges\\[0\\] holds -1 privileges: a count is never negative")


# ---------------------------------------------------------------------- seats and royal cards


def test_per_seat_lists_of_the_wrong_length_are_refused() -> None:
    data = save(mid_game())
    data["tokens"].append(dict.fromkeys(TOKEN_KINDS, 0))
    refused(data, "tokens has 3 entries, one per seat means 2")
    data = save(mid_game())
    data["royals"] = [[]]
    refused(data, "royals has 1 entries")


def test_a_turn_order_with_an_unknown_seat_is_refused() -> None:
    data = save(mid_game())
    data["turns"]["order"] = [0, 2]
    refused(data, "turns.order is \\[0, 2\\]: it must list seats 0 and 1 once")


def test_a_turn_order_contradicting_the_first_player_option_is_refused() -> None:
    data = save(mid_game())
    data["turns"]["order"].reverse()
    refused(data, "the first_player option is 0 but turns.order starts with 1")


def test_a_board_of_the_wrong_size_is_refused() -> None:
    data = save(mid_game())
    data["board"].append(None)
    refused(data, "the board has 26 cells, not 25")


def test_unknown_repeated_or_missing_royal_cards_are_refused() -> None:
    data = save(mid_game())
    data["royal_supply"][0] = "R9"
    refused(data, "royal_supply holds 'R9', which is not a known royal card")
    data = save(mid_game())
    data["royal_supply"].append(data["royal_supply"][0])
    refused(data, "royal card 'R.' is (twice|both) in royal_supply")


def test_a_royal_card_without_the_crowns_is_refused() -> None:
    state = mid_game()
    seat = next(s for s in range(2) if state.crowns(s) < 3)
    data = save(state)
    data["royals"][seat].append(data["royal_supply"].pop())
    refused(
        data,
        f"seat {seat} has {state.crowns(seat)} crowns, so 0 royal card\\(s\\) taken or being "
        "chosen, but holds 1 with 0 choice\\(s\\) pending",
    )


def test_crowns_without_the_royal_card_are_refused() -> None:
    state = at_step("choose_royal")
    data = save(state)
    data["step"] = "steal_token" if state.tokens[1 - state.turns.current].total() else "turn"
    refused(data, "royal card\\(s\\) taken or being chosen, but holds 0 with 0 choice")


# ---------------------------------------------------------------------- turns and chance


def test_extra_turns_beyond_one_are_refused() -> None:
    data = save(mid_game())
    data["turns"]["extra_turns"] = 10**9
    refused(data, "turns.extra_turns is 1000000000: at most 1 extra turn is ever owed")


def test_an_extra_turn_nothing_granted_is_refused() -> None:
    data = save(mid_game())  # a turn about to start: any extra turn was already taken
    data["turns"]["extra_turns"] = 1
    refused(data, "turns.extra_turns is 1, but no card bought this turn or royal card .* grants one")


def test_an_extra_turn_still_owed_during_the_turn_that_earned_it_loads() -> None:
    # Visible only while a follow-up or the discard of the purchase that earned it is pending.
    found = 0
    for seed in range(30):
        rng = Rng.from_seed(seed)
        state = GAME.new_game(seed=seed)
        while not state.is_terminal:
            if state.turns.extra_turns:
                assert state.ability_card is not None and state.step != "turn"
                save(state)  # loads unchanged
                found += 1
            state.apply(rng.choice(state.legal_actions()))
    assert found


def test_a_round_the_actions_played_cannot_reach_is_refused() -> None:
    state = mid_game()
    data = save(state)
    data["turns"]["round"] = 10**9
    refused(data, f"turns.round is 1000000000 .*, but only {len(state.history)} actions were played")


def test_a_determinized_state_loads_though_it_has_no_history_to_count_rounds_by() -> None:
    state = mid_game()
    assert state.turns.round > 1
    for seat in (0, 1):
        sample = state.determinize(seat, 7)
        assert sample.history == [] and sample.determinized
        save(sample)  # loads unchanged
    data = save(state.determinize(0, 7))
    data["turns"]["extra_turns"] = 10**9  # the other checks still hold
    refused(data, "turns.extra_turns is 1000000000")


def test_a_replenished_board_beside_a_bag_with_tokens_is_refused() -> None:
    state = play_until(lambda s: s.replenished and s.step == "turn")
    assert not state.bag.total()
    data = save(state)
    cell = next(i for i, kind in enumerate(data["board"]) if kind is not None)
    data["bag"][data["board"][cell]] += 1
    data["board"][cell] = None
    refused(data, "the board was replenished this turn, but the bag holds 1 .*: replenishing empties the bag")


def test_an_rng_state_outside_64_bits_is_refused() -> None:
    data = save(mid_game())
    data["rng"]["state"] = -5
    with pytest.raises(ValueError, match="rng"):
        GAME.state_from_dict(data)


def test_an_rng_state_outside_64_bits_is_refused_in_a_determinized_save() -> None:
    # A determinized save has no history to replay, so the kernel's Rng refuses it itself.
    data = save(mid_game().determinize(0, 3))
    data["rng"]["state"] = -5
    with pytest.raises(ValueError, match="rng"):
        GAME.state_from_dict(data)


# ---------------------------------------------------------------------- the pending decision


def test_an_unknown_decision_is_refused() -> None:
    data = save(mid_game())
    data["step"] = "dance"
    refused(data, "step 'dance' is not a decision")


def test_unknown_or_misplaced_follow_ups_are_refused() -> None:
    data = save(mid_game())
    data["pending"] = ["juggle"]
    refused(data, "pending holds 'juggle', not a follow-up")
    data["pending"] = ["take_token"]
    refused(data, "pending is \\['take_token'\\] during 'turn'")


def test_an_ability_card_outside_a_purchase_is_refused() -> None:
    state = mid_game()
    data = save(state)
    data["ability_card"] = state.cards[state.turns.current][-1]
    refused(data, "ability_card is .* during 'turn': it is cleared when a turn ends")
    data = save(at_step("take_token"))
    data["ability_card"] = None
    refused(data, "step is 'take_token' but no card was bought this turn")
    state = at_step("take_token")
    data = save(state)
    data["ability_card"] = state.cards[1 - state.turns.current][0]
    refused(data, "ability_card is .*, but it is not the last card seat . \\(to play\\) bought")


def test_a_follow_up_the_card_does_not_give_is_refused() -> None:
    state = at_step("steal_token")  # no card both steals and takes a token
    data = save(state)
    data["step"] = "take_token"
    refused(data, "step is 'take_token' but .* has no such ability")


def test_queued_follow_ups_the_purchase_did_not_queue_are_refused() -> None:
    # A second wild placement, or a steal the card never grants, would give the player more.
    data = save(at_step("place_wild"))
    data["pending"] = [*data["pending"], "place_wild"]
    refused(data, r"the decision and pending are \[.*'place_wild', 'place_wild'\], which buying")
    data = save(at_step("place_wild"))
    data["pending"] = [*data["pending"], "steal_token"]
    refused(data, r"which buying D.* does not queue")
    data = save(at_step("take_token"))
    data["pending"] = ["take_token"]  # one take per card
    refused(data, r"the decision and pending are \['take_token', 'take_token'\]")


def test_a_follow_up_with_nothing_to_choose_is_refused() -> None:
    state = at_step("steal_token")
    data = save(state)
    victim = data["tokens"][1 - state.turns.current]
    for kind in (*GEMS, "pearl"):  # the opponent's gems and pearls go back into the bag
        data["bag"][kind] += victim[kind]
        victim[kind] = 0
    refused(data, "step is 'steal_token' but it offers seat . nothing to choose")


def test_discarding_with_ten_tokens_or_fewer_is_refused() -> None:
    state = at_step("discard_tokens")
    data = save(state)
    pool = data["tokens"][state.turns.current]
    while sum(pool.values()) > 10:
        kind = next(k for k, n in pool.items() if n)
        pool[kind] -= 1
        data["bag"][kind] += 1
    refused(data, "step is 'discard_tokens' but seat . holds 10 tokens, not more than 10")


def test_the_waiting_seat_holding_more_than_ten_tokens_is_refused() -> None:
    state = mid_game()
    data = save(state)
    waiting = 1 - state.turns.current
    pool = data["tokens"][waiting]
    while sum(pool.values()) <= 10:  # tokens from the bag, then from the board
        kind = next((k for k, n in data["bag"].items() if n), None)
        if kind is not None:
            data["bag"][kind] -= 1
        else:
            cell = next(i for i, k in enumerate(data["board"]) if k is not None)
            kind, data["board"][cell] = data["board"][cell], None
        pool[kind] += 1
    refused(data, f"seat {waiting} holds 11 tokens: a turn ends with at most 10")


# ---------------------------------------------------------------------- wild cards


def test_a_wild_colour_on_a_card_that_is_not_a_purchased_wild_is_refused() -> None:
    state = mid_game()
    data = save(state)
    plain = next(c for c in state.cards[0] if CARDS[c].colour != "wild")
    data["wild_colours"][plain] = "red"
    refused(data, f"wild_colours names '{plain}', which is not a purchased wild card")


def test_a_wild_card_joining_a_colour_its_owner_lacks_is_refused() -> None:
    state = play_until(lambda s: bool(s.wild_colours) and s.step == "turn")
    data = save(state)
    card, _colour = next(iter(state.wild_colours.items()))
    seat = 0 if card in state.cards[0] else 1
    lacking = next(g for g in GEMS if not any(CARDS[c].colour == g for c in state.cards[seat]))
    data["wild_colours"][card] = lacking
    refused(data, f"wild card {card} joined '{lacking}', but seat {seat} has no {lacking} card")


def test_a_wild_card_joining_something_that_is_not_a_gem_is_refused() -> None:
    state = play_until(lambda s: bool(s.wild_colours) and s.step == "turn")
    data = save(state)
    card = next(iter(state.wild_colours))
    for colour in ("wild", "none", "pearl"):
        data["wild_colours"][card] = colour
        refused(data, f"wild card {card} joined '{colour}', which is not a gem colour")


def test_a_wild_card_left_without_a_colour_is_refused() -> None:
    state = play_until(lambda s: bool(s.wild_colours) and s.step == "turn")
    data = save(state)
    card = next(iter(state.wild_colours))
    del data["wild_colours"][card]
    refused(data, f"wild card {card} of seat . has joined no colour")


# ---------------------------------------------------------------------- the end


def test_an_outcome_and_its_step_must_agree() -> None:
    data = save(mid_game())
    data["step"] = "over"
    refused(data, "step is 'over' but there is no outcome")
    data = save(at_step("over"))
    data["step"] = "turn"
    refused(data, "the game is over but step is 'turn'")


def test_an_outcome_naming_the_wrong_winner_reason_or_scores_is_refused() -> None:
    state = at_step("over")
    assert state.outcome is not None
    data = save(state)
    data["outcome"]["winners"] = [1 - state.outcome.winners[0]]
    refused(data, "the outcome says seat\\(s\\) .* won by .*, but the seat that ended the game")
    data = save(state)
    data["outcome"]["reason"] = "luck"
    refused(data, "won by 'luck'")
    data = save(state)
    data["outcome"]["scores"][0] += 1
    refused(data, "the outcome scores are .*, but the prestige is")


def test_a_victory_the_game_did_not_end_on_is_refused() -> None:
    state = at_step("over")
    winner = state.turns.current
    data = save(state)
    data["outcome"] = None
    data["step"] = "turn"
    data["turns"]["position"] = 1 - data["turns"]["position"]  # play passed on instead,
    data["turns"]["extra_turns"] = 0  # and so no extra turn was owed
    refused(data, f"seat {winner} meets the victory condition\\(s\\) .*, but the game is not over")
