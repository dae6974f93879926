"""Rules audit: the rules and reference subtleties that the first test suite left unstated.

Each test is named after the rule it states; refusals check that the message names the rule
and that nothing changed.
"""

from __future__ import annotations

import json
import re
from collections import Counter
from pathlib import Path

import pytest

from games.wonders_duel.wonders_duel_helpers import (
    coin_balance,
    fresh,
    give,
    layout,
    offer,
    only_cards,
    open_card,
    play,
    refused,
    set_coins,
    set_turn,
    to_discard,
)
from tabletop.games.wonders_duel import (
    BOARD,
    CARDS,
    GAME,
    PROGRESS_TOKENS,
    WONDERS,
    BuildFromDiscard,
    BuildWonder,
    ChooseStarter,
    Construct,
    DestroyCard,
    Discard,
    TakeProgressToken,
    WondersDuelState,
)
from tabletop.games.wonders_duel.city import card_cost, wonder_cost
from tabletop.games.wonders_duel.effects import start_age

REFERENCE = Path("/work/shared/reference/wonders_duel")


def build(s: WondersDuelState, wonder: str, coins: int = 40) -> None:
    """The active seat builds ``wonder`` (made its own) with the first accessible card."""
    seat = s.turns.current
    if wonder not in s.wonders[seat]:
        for other in s.wonders:
            if wonder in other:
                other.remove(wonder)
        s.wonders[seat].append(wonder)
    set_coins(s, seat, coins)
    card = open_card(s)
    play(s, BuildWonder(wonder, card))


def end_age_one(s: WondersDuelState, position: int, last_player: int) -> None:
    """``last_player`` takes the last card of Age I with the pawn on ``position``."""
    s.military.position = position
    set_turn(s, last_player)
    last = open_card(s)
    only_cards(s, last)
    play(s, Discard(last))


# ---------------------------------------------------------------------- military, both ways


def test_player_two_wins_by_military_supremacy_at_player_one_capital() -> None:
    s = fresh()
    set_turn(s, 1)
    s.military.position = -7
    set_coins(s, 1, 30)
    offer(s, "archery_range")
    play(s, Construct("archery_range"))
    assert s.military.position == -9
    assert s.outcome is not None and s.outcome.reason == "military" and s.outcome.winners == (1,)
    assert s.current_player is None and s.legal_actions() == []


def test_a_push_never_goes_past_the_capital() -> None:
    s = fresh()
    s.military.position = 7
    s.tokens[0] = ["strategy"]
    set_coins(s, 0, 30)
    offer(s, "archery_range")  # 2 + 1 shields from 7: stops on the capital
    play(s, Construct("archery_range"))
    assert s.military.position == 9 and s.outcome is not None and s.outcome.winners == (0,)


def test_player_two_shields_loot_player_one_side_tokens() -> None:
    s = fresh()
    set_turn(s, 1)
    s.military.position = -2
    set_coins(s, 0, 10)
    offer(s, "guard_tower")
    play(s, Construct("guard_tower"))
    assert s.military.position == -3
    assert s.coins[0] == 8 and "p1_side_2" not in s.loot and coin_balance(s) == 0


def test_a_military_token_is_looted_only_once() -> None:
    s = fresh()
    s.military.position = 2
    set_coins(s, 1, 10)
    offer(s, "guard_tower")
    play(s, Construct("guard_tower"))  # enters 3: player 2 loses 2
    assert s.coins[1] == 8 and s.loot == ["p1_side_2", "p1_side_5", "p2_side_5"]
    offer(s, "garrison")
    play(s, Construct("garrison"))  # player 2 pushes back to 2 (1 clay bought for 2)
    assert s.military.position == 2 and s.coins[1] == 6
    set_coins(s, 0, 20)
    offer(s, "stable")
    play(s, Construct("stable"))  # enters 3 again: the token is gone, nothing is lost
    assert s.military.position == 3 and s.coins[1] == 6


def test_military_points_go_only_to_the_player_the_pawn_favours() -> None:
    s = fresh()
    s.military.position = -6
    sheets = s.scores()
    assert sheets[0]["military"] == 0 and sheets[1]["military"] == 10


# ---------------------------------------------------------------------- who begins the next Age


def test_pawn_on_player_one_side_player_one_chooses_who_begins() -> None:
    s = fresh()
    end_age_one(s, position=-1, last_player=1)
    assert s.age == 2 and s.decision == "choose_starter" and s.current_player == 0
    play(s, ChooseStarter(1))
    assert s.decision == "turn" and s.current_player == 1


def test_choose_starter_refuses_a_seat_that_does_not_exist() -> None:
    s = fresh()
    end_age_one(s, position=0, last_player=0)
    refused(s, ChooseStarter(2), "seat", "2")  # the kernel may refuse it first, by the field


# ---------------------------------------------------------------------- science


def test_a_mausoleum_build_can_win_by_science() -> None:
    s = fresh()
    give(s, 0, "workshop", "apothecary", "scriptorium", "pharmacist")
    s.tokens[0] = ["law"]
    to_discard(s, "academy")
    build(s, "the_mausoleum")
    play(s, BuildFromDiscard("academy"))
    assert s.outcome is not None and s.outcome.reason == "science" and s.outcome.winners == (0,)


def test_five_different_symbols_are_not_supremacy() -> None:
    s = fresh()
    give(s, 0, "workshop", "apothecary", "scriptorium", "pharmacist")
    set_coins(s, 0, 30)
    offer(s, "academy")
    play(s, Construct("academy"))
    assert s.outcome is None and s.current_player == 1


# ---------------------------------------------------------------------- guilds, tokens


def test_moneylenders_guild_gives_no_coins_when_built() -> None:
    s = fresh()
    set_coins(s, 0, 40)
    set_coins(s, 1, 30)
    offer(s, "moneylenders_guild")
    printed, trade, _ = card_cost(s, 0, "moneylenders_guild")
    play(s, Construct("moneylenders_guild"))
    assert s.coins[0] == 40 - printed - trade
    assert s.scores()[0]["guilds"] == 30 // 3  # the richer city, at the end


def test_architecture_spares_blue_cards_and_masonry_spares_wonders() -> None:
    s = fresh()
    palace, pyramids = card_cost(s, 0, "palace"), wonder_cost(s, 0, "the_pyramids")
    s.tokens[0] = ["architecture"]
    give(s, 0)  # forget the cost book
    assert card_cost(s, 0, "palace") == palace
    s.tokens[0] = ["masonry"]
    give(s, 0)
    assert wonder_cost(s, 0, "the_pyramids") == pyramids


def test_economy_owner_pays_its_own_trades_to_the_bank() -> None:
    s = fresh()
    s.tokens[0] = ["economy"]
    set_coins(s, 0, 20)
    set_coins(s, 1, 0)
    received = s.bank_received
    offer(s, "caravansery")  # 2 printed + glass 2 + papyrus 2
    play(s, Construct("caravansery"))
    assert s.coins == [14, 0] and s.bank_received == received + 6


def test_urbanism_pays_nothing_for_a_card_free_without_a_chain() -> None:
    s = fresh()
    s.tokens[0] = ["urbanism"]
    before = s.coins[0]
    offer(s, "lumber_yard")  # costs nothing at all: not a chain construction
    play(s, Construct("lumber_yard"))
    assert s.coins[0] == before


def test_strategy_is_not_retroactive() -> None:
    s = fresh()
    set_coins(s, 0, 20)
    offer(s, "stable")
    play(s, Construct("stable"))
    assert s.military.position == 1
    set_turn(s, 0)
    give(s, 0, "workshop")
    if "strategy" not in s.board_tokens:
        s.set_aside[s.set_aside.index("strategy")] = s.board_tokens[0]
        s.board_tokens[0] = "strategy"
    offer(s, "laboratory")
    set_coins(s, 0, 20)
    play(s, Construct("laboratory"))
    play(s, TakeProgressToken("strategy"))
    assert s.military.position == 1  # the Stable already built gains nothing


# ---------------------------------------------------------------------- Wonders and turns


def test_play_again_comes_after_the_destroy_decision() -> None:
    s = fresh()
    s.tokens[0] = ["theology"]
    give(s, 1, "quarry")
    build(s, "the_statue_of_zeus")
    assert s.decision == "destroy" and s.current_player == 0
    refused(s, DestroyCard("clay_pool"), "opponent's brown cards")
    play(s, DestroyCard("quarry"))
    assert s.decision == "turn" and s.current_player == 0  # Theology: a second turn


def test_mausoleum_refuses_a_card_not_in_the_discard_pile() -> None:
    s = fresh()
    to_discard(s, "theater")
    build(s, "the_mausoleum")
    refused(s, BuildFromDiscard("baths"), "discard pile")


def test_a_player_cannot_build_the_opponent_wonder() -> None:
    s = fresh()
    set_coins(s, 0, 40)
    card = open_card(s)
    refused(s, BuildWonder("the_colossus", card), "not one of player 0's Wonders")


def test_a_wonder_cannot_be_built_when_seven_are_built_even_if_owned() -> None:
    s = fresh()
    s.built = [
        ["the_great_lighthouse", "the_temple_of_artemis", "the_statue_of_zeus"],
        ["circus_maximus", "piraeus", "the_appian_way"],
    ]
    s.wonders = [["the_pyramids"], ["the_colossus"]]
    set_turn(s, 1)
    build(s, "the_colossus")  # the seventh: The Pyramids go back to the box
    assert s.returned_wonders == ["the_pyramids"]
    set_turn(s, 0)
    set_coins(s, 0, 40)
    card = open_card(s)
    assert not any(isinstance(a, BuildWonder) for a in s.legal_actions())
    refused(s, BuildWonder("the_pyramids", card), "only 7 Wonders")


# ---------------------------------------------------------------------- setup, data, views


def test_setup_returns_three_cards_of_each_age_and_four_guilds_to_the_box() -> None:
    for seed in range(5):
        s = GAME.new_game(seed=seed)
        backs = Counter("guild" if CARDS[c].is_guild else CARDS[c].age for c in s.box)
        assert backs == {1: 3, 2: 3, 3: 3, "guild": 4}
        assert sorted(CARDS[c].age for c in s.decks[0]) == [1] * 20
        assert sum(CARDS[c].is_guild for c in s.decks[2]) == 3


def test_draft_observation_hides_the_unrevealed_wonders() -> None:
    s = GAME.new_game(seed=9)
    text = json.dumps(s.observation(1))
    for wonder in s.wonder_deck:
        assert wonder not in text
    assert s.observation(1)["unrevealed_wonders"] == 8
    other = s.clone()
    other.wonder_deck.reverse()
    assert other.observation(0) == s.observation(0)


@pytest.mark.skipif(not REFERENCE.is_dir(), reason="the shared reference data is not here")
def test_every_component_matches_the_reference_data() -> None:
    cards = json.loads((REFERENCE / "cards.json").read_text())["cards"]
    assert len(cards) == len(CARDS) == 73
    for ref in cards:
        card, effect = CARDS[ref["id"]], ref["effect"]
        assert (card.name, card.color, card.coins) == (ref["name"], ref["color"], ref["cost"]["coins"])
        assert card.age == (3 if ref["age"] == "guild" else ref["age"])
        assert card.resources == {r: n for r, n in ref["cost"]["resources"].items() if n}
        assert (card.chain_from, card.chain_to) == (ref["chain_from"], ref["chain_to"])
        assert card.victory_points == effect.get("victory_points", 0)
        assert card.shields == effect.get("shields", 0)
        assert card.science == effect.get("science_symbol")
        assert card.gain_coins == effect.get("coins", 0)
        assert card.produces == effect.get("produces", {})
        assert card.produces_choice == tuple(effect.get("produces_choice", ()))
        assert card.one_coin_trade == tuple(effect.get("trade_discount", ()))
        per = effect.get("coins_per")
        if per:
            assert card.coins_per is not None
            assert (card.coins_per.counts, card.coins_per.each) == (tuple(per["counts"]), per["coins_each"])
        else:
            assert card.coins_per is None
        guild = effect.get("guild")
        if guild:
            assert card.guild is not None
            assert (card.guild.counts, card.guild.coins_each, card.guild.vp_each) == (
                tuple(guild["counts"]),
                guild["coins_each_on_build"],
                guild["vp_each_at_game_end"],
            )
        else:
            assert card.guild is None
    wonders = json.loads((REFERENCE / "wonders.json").read_text())
    for ref in wonders if isinstance(wonders, list) else wonders["wonders"]:
        wonder, effect = WONDERS[ref["id"]], ref["effect"]
        assert wonder.resources == {r: n for r, n in ref["cost"]["resources"].items() if n}
        assert ref["cost"]["coins"] == 0
        assert wonder.victory_points == effect.get("victory_points", 0)
        assert wonder.shields == effect.get("shields", 0)
        assert wonder.gain_coins == effect.get("coins", 0)
        assert wonder.opponent_loses_coins == effect.get("opponent_loses_coins", 0)
        assert wonder.play_again == effect.get("play_again", False)
        assert wonder.destroys == effect.get("destroy_opponent_card")
        assert wonder.produces_choice == tuple(effect.get("produces_choice", ()))
        assert wonder.build_from_discard == effect.get("build_from_discard", False)
        assert wonder.progress_from_box == effect.get("progress_token_from_box", {}).get("draw", 0)
    tokens = json.loads((REFERENCE / "progress_tokens.json").read_text())["progress_tokens"]
    assert sorted(t["id"] for t in tokens) == sorted(PROGRESS_TOKENS)
    board = json.loads((REFERENCE / "board.json").read_text())
    for age, structure in enumerate(BOARD.structures, start=1):
        slots = board["ages"][str(age)]["slots"]
        ids = [slot.id for slot in structure]
        assert [ref["slot"] for ref in slots] == ids
        for ref, slot in zip(slots, structure):
            assert ref["face_up"] == slot.face_up
            assert sorted(ref["covered_by"]) == sorted(ids[i] for i in slot.covered_by)


def test_render_shows_costs_for_the_player_to_move_and_guild_backs_but_hides_the_rest() -> None:
    s = fresh(3)
    s.box += [c for c in layout(s).cards if c is not None]
    start_age(s, 3, 0)
    give(s, 1, "glassworks")
    offer(s, "observatory")
    text = s.render()
    printed, trade, _ = card_cost(s, 0, "observatory")
    assert "Observatory (green; stone, 2 papyrus): 2 VP, science globe" in text
    assert (
        f"Observatory (green; stone, 2 papyrus): 2 VP, science globe, free with lamp — costs you {printed + trade} coins"
        in text
    )
    guild_backs = sum(
        1
        for i, c in enumerate(layout(s).cards)
        if c is not None and CARDS[c].is_guild and not layout(s).revealed[i]
    )
    assert text.count("(face down, guild)") == guild_backs
    assert "+3 (player 1 loses 2)" in text
    hidden = [c for i, c in enumerate(layout(s).cards) if c is not None and not layout(s).revealed[i]]
    for card in hidden + s.box:
        assert not re.search(rf"(: |, |  ){CARDS[card].name} \(", text), card
    for token in s.set_aside:
        assert PROGRESS_TOKENS[token].name not in text


def test_builders_guild_gives_no_coins_even_with_wonders_built() -> None:
    s = fresh()
    s.wonders[1].remove("the_colossus")
    s.built[1] = ["the_colossus"]
    s.tucked["the_colossus"] = s.box.pop(0)
    set_coins(s, 0, 40)
    offer(s, "builders_guild")
    printed, trade, _ = card_cost(s, 0, "builders_guild")
    play(s, Construct("builders_guild"))
    assert s.coins[0] == 40 - printed - trade
    assert s.scores()[0]["guilds"] == 2  # 2 VP per Wonder of the city with the most


def test_economy_receives_the_trade_coins_of_an_opponent_wonder() -> None:
    s = fresh()
    s.tokens[1] = ["economy"]
    set_coins(s, 1, 0)
    cost = wonder_cost(s, 0, "the_pyramids")  # 3 stone + papyrus, all bought
    assert cost == 8
    build(s, "the_pyramids", coins=10)
    assert s.coins == [2, 8] and coin_balance(s) == 0


def test_actions_read_as_what_happens_to_the_card() -> None:
    assert str(BuildWonder("the_pyramids", "theater")) == "build The Pyramids, tucking Theater under it"
    assert str(Discard("theater")) == "discard Theater for coins"
    assert str(Construct("theater")) == "construct Theater"
    assert str(ChooseStarter(1)) == "player 1 begins the next Age"
