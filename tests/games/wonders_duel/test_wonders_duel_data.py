"""The components as data: counts and spot checks against the reference and the seed."""

from __future__ import annotations

from collections import Counter

from tabletop.games.wonders_duel import BOARD, CARDS, PROGRESS_TOKENS, SCIENCE_SYMBOLS, WONDERS
from tabletop.games.wonders_duel.components import SHAPES


def test_card_counts_per_age_and_guilds() -> None:
    ages = Counter(card.age for card in CARDS.values() if not card.is_guild)
    assert ages == {1: 23, 2: 23, 3: 20}
    assert sum(card.is_guild for card in CARDS.values()) == 7
    assert len(CARDS) == 73


def test_colours_per_age() -> None:
    colours = Counter((card.age, card.color) for card in CARDS.values())
    assert colours[1, "brown"] == 6 and colours[1, "grey"] == 2
    assert colours[2, "brown"] == 3 and colours[2, "grey"] == 2
    assert colours[3, "brown"] == 0 and colours[3, "grey"] == 0  # seed: no brown/grey in Age III
    assert colours[3, "purple"] == 7


def test_wonders_and_tokens() -> None:
    assert len(WONDERS) == 12 and len(PROGRESS_TOKENS) == 10
    assert all(sum(w.resources.values()) >= 4 for w in WONDERS.values())
    assert sum(w.play_again for w in WONDERS.values()) == 5


def test_science_symbols_pair_exactly_once() -> None:
    on_cards = Counter(card.science for card in CARDS.values() if card.science)
    assert len(SCIENCE_SYMBOLS) == 7
    assert len(on_cards) == 6 and set(on_cards.values()) == {2}
    law = [t for t in PROGRESS_TOKENS.values() if t.science]
    assert [t.id for t in law] == ["law"] and law[0].science not in on_cards


def test_chains_are_one_to_one_from_an_earlier_age() -> None:
    givers = {card.chain_to: card for card in CARDS.values() if card.chain_to}
    takers = [card for card in CARDS.values() if card.chain_from]
    assert len(givers) == len(takers) == 17
    for card in takers:
        assert card.chain_from is not None
        assert givers[card.chain_from].age < card.age


def test_structures_slot_by_slot() -> None:
    rows = [[2, 3, 4, 5, 6], [6, 5, 4, 3, 2], [2, 3, 4, 2, 4, 3, 2]]
    for age, structure in enumerate(BOARD.structures):
        assert len(structure) == 20
        assert sum(not slot.face_up for slot in structure) == 8
        sizes = Counter(slot.id.split("c")[0] for slot in structure)
        assert [sizes[f"r{r}"] for r in range(len(rows[age]))] == rows[age]
        shape = SHAPES[age]
        # every initially uncovered slot is face up
        assert all(shape.face_up[i] for i in range(20) if not shape.covered_by[i])
    # Age III: the 4 cards of row 2 are covered only by the 2 cards of row 3
    age3 = BOARD.structures[2]
    row3 = {i for i, slot in enumerate(age3) if slot.id.startswith("r3")}
    for slot in age3:
        if slot.id.startswith("r2"):
            assert len(slot.covered_by) == 1 and set(slot.covered_by) <= row3


def test_military_track() -> None:
    assert BOARD.capital == 9
    assert [(z.first, z.last, z.value) for z in BOARD.zones] == [(1, 2, 2), (3, 5, 5), (6, 8, 10)]
    assert sorted((t.victim, t.first, t.coins) for t in BOARD.loot) == [
        (0, 3, 2),
        (0, 6, 5),
        (1, 3, 2),
        (1, 6, 5),
    ]


def test_spot_checks_from_the_seed() -> None:
    assert CARDS["lumber_yard"].coins == 0 and not CARDS["lumber_yard"].resources
    assert CARDS["stone_pit"].coins == 1
    assert CARDS["baths"].resources == {"stone": 1}
    assert CARDS["arena"].resources == {"wood": 1, "clay": 1, "stone": 1}
    assert CARDS["caravansery"].coins == 2
    assert CARDS["caravansery"].resources == {"glass": 1, "papyrus": 1}
    assert CARDS["scriptorium"].coins == 2
    assert CARDS["archery_range"].shields == 2
    assert CARDS["baths"].chain_to == CARDS["aqueduct"].chain_from == "drop"
    assert CARDS["stable"].chain_to == CARDS["horse_breeders"].chain_from
    # official card (the seed's text says clay + stone)
    assert CARDS["horse_breeders"].resources == {"wood": 1, "clay": 1}


def test_spot_checks_of_wonders_and_tokens() -> None:
    assert WONDERS["the_pyramids"].victory_points == 9
    assert WONDERS["the_pyramids"].resources == {"stone": 3, "papyrus": 1}
    assert WONDERS["the_temple_of_artemis"].gain_coins == 12
    appian = WONDERS["the_appian_way"]
    assert (appian.gain_coins, appian.opponent_loses_coins, appian.play_again) == (3, 3, True)
    assert WONDERS["the_statue_of_zeus"].destroys == "brown"
    assert WONDERS["circus_maximus"].destroys == "grey"
    assert WONDERS["the_great_library"].progress_from_box == 3
    assert PROGRESS_TOKENS["agriculture"].gain_coins == 6
    assert PROGRESS_TOKENS["agriculture"].victory_points == 4
    assert PROGRESS_TOKENS["philosophy"].victory_points == 7
    assert PROGRESS_TOKENS["mathematics"].vp_per_token == 3
    assert PROGRESS_TOKENS["urbanism"].gain_coins == 6
    assert PROGRESS_TOKENS["urbanism"].chain_coins == 4
