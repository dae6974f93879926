"""The components as data: counts per Age and player count, chains, boards, against the reference."""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path

import pytest

from tabletop.games.seven_wonders import BOARDS, CARDS, GAME, KINDS
from tabletop.games.seven_wonders.components import GUILDS, deck_for

REFERENCE = Path("/work/shared/reference/seven_wonders")


def test_148_cards_49_49_50_with_10_guilds() -> None:
    # The seed's box contents: 49 Age I, 49 Age II and 50 Age III cards, 7 boards.
    assert len(CARDS) == 148
    assert Counter(card.age for card in CARDS.values()) == {1: 49, 2: 49, 3: 50}
    assert len(GUILDS) == 10 and all(CARDS[g].color == "purple" and CARDS[g].age == 3 for g in GUILDS)
    assert len(BOARDS) == 7


@pytest.mark.parametrize("players", range(2, 8))
def test_every_age_deals_seven_cards_a_seat(players: int) -> None:
    counted = max(3, players)  # the 2-player variant uses the 3-player deck
    for age in (1, 2, 3):
        guilds = counted + 2 if age == 3 else 0
        assert len(deck_for(age, counted)) + guilds == 7 * counted
    state = GAME.new_game(players=players, seed=players)
    in_play = sum(len(d) for d in state.decks) + sum(state.hands.count(s) for s in range(players))
    assert in_play + len(state.pile) == 3 * 7 * counted
    assert sum(1 for c in state.box if CARDS[c].is_guild) == 10 - (counted + 2)


def test_copies_of_a_kind_are_the_same_card() -> None:
    for kind, ids in KINDS.items():
        first = CARDS[ids[0]]
        for other in ids[1:]:
            card = CARDS[other]
            assert (card.name, card.age, card.color, card.cost, card.effect) == (
                first.name,
                first.age,
                first.color,
                first.cost,
                first.effect,
            ), kind
        markings = [CARDS[i].min_players for i in ids]
        assert len(set(markings)) == len(markings)


def test_chains_name_cards_of_an_earlier_age() -> None:
    by_name = {card.name: card.age for card in CARDS.values()}
    for card in CARDS.values():
        for source in card.free_if_built:
            assert by_name[source] < card.age, (card.name, source)


def test_transcription_matches_the_reference() -> None:
    reference = json.loads((REFERENCE / "cards.json").read_text())["cards"]
    assert {c["id"] for c in reference} == set(CARDS)
    for data in reference:
        card = CARDS[data["id"]]
        assert card.cost.coins == data["cost"]["coins"]
        assert card.cost.resources == {k: v for k, v in data["cost"]["resources"].items() if v}
        assert list(card.free_if_built) == data["free_if_built"]
        assert card.effect.victory_points == data["effect"].get("victory_points", 0)
        assert card.effect.shields == data["effect"].get("shields", 0)
    wonders = json.loads((REFERENCE / "wonders.json").read_text())
    for board in wonders["wonders"]:
        ours = BOARDS[board["name"]]
        assert ours.starting_resource == board["starting_resource"]
        for side in "AB":
            assert len(ours.sides[side]) == wonders["stage_counts"][board["name"]][side]
            for stage, data in zip(ours.sides[side], board["sides"][side]):
                assert stage.cost.resources == {k: v for k, v in data["cost"]["resources"].items() if v}


def test_spot_checks_against_the_rulebook() -> None:
    # Official first edition (the seed gives no card list): Palace costs one of each resource
    # for 8 VP; Caravansery's production is not for sale; Gizah B has 4 stages.
    palace = CARDS[KINDS["III-palace"][0]]
    assert palace.cost.vector == (1,) * 7 and palace.effect.victory_points == 8
    assert not CARDS[KINDS["II-caravansery"][0]].effect.tradable
    assert len(BOARDS["Gizah"].sides["B"]) == 4 and len(BOARDS["Rhodos"].sides["B"]) == 2
    assert CARDS[KINDS["I-east_trading_post"][0]].effect.trade_discount is not None
    assert CARDS[KINDS["I-east_trading_post"][0]].effect.trade_discount.neighbors == ("right",)  # type: ignore[union-attr]
