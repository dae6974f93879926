"""The components as data: every count against the reference, spot checks of single cards."""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path

import pytest

from tabletop.core.grids import DOWN
from tabletop.games.splendor_duel import ACTION_SPACE, GAME, ROYALS
from tabletop.games.splendor_duel.components import (
    BOX,
    CARDS,
    COST_KINDS,
    GRID,
    LINES,
    SPIRAL,
    _by_id,
)

REFERENCE = Path("/work/shared/reference/splendor/duel.json")


def test_card_counts_per_level() -> None:
    levels = Counter(card.level for card in CARDS.values())
    assert levels == {1: 30, 2: 24, 3: 13}
    assert len(CARDS) == 67
    assert list(CARDS)[:2] == ["D1-01", "D1-02"]  # the catalog keeps the data file's order


def test_a_repeated_card_id_in_the_data_is_refused() -> None:
    card = CARDS["D1-01"]
    with pytest.raises(ValueError, match="repeated"):
        _by_id([card, card])


def test_card_totals_and_abilities() -> None:
    # The reference's verified totals (README section 2).
    assert sum(card.crowns for card in CARDS.values()) == 28
    assert sum(card.points for card in CARDS.values()) == 92
    abilities = Counter(a for card in CARDS.values() for a in card.abilities)
    assert abilities == {
        "wild_bonus": 9,
        "play_again": 6,
        "take_token_of_card_colour": 5,
        "steal_token": 5,
        "take_privilege": 5,
    }
    assert [c.id for c in CARDS.values() if len(c.abilities) == 2] == ["D3-11"]
    assert sorted(c.id for c in CARDS.values() if c.bonus == 2) == [
        "D2-04",
        "D2-08",
        "D2-12",
        "D2-16",
        "D2-20",
    ]
    assert sorted(c.id for c in CARDS.values() if c.colour == "none") == ["D1-28", "D2-24", "D3-13"]
    assert all(c.bonus == 0 for c in CARDS.values() if c.colour == "none")


def test_tokens_privileges_royals() -> None:
    assert BOX.tokens == {"white": 4, "blue": 4, "green": 4, "red": 4, "black": 4, "pearl": 2, "gold": 3}
    assert sum(BOX.tokens.values()) == 25
    assert BOX.privileges == 3
    assert [(r.id, r.points, r.abilities) for r in ROYALS.values()] == [
        ("R1", 2, ("steal_token",)),
        ("R2", 2, ("play_again",)),
        ("R3", 2, ("take_privilege",)),
        ("R4", 3, ()),
    ]
    assert set(ROYALS) == {"R1", "R2", "R3", "R4"}
    assert BOX.pyramid == {1: 5, 2: 4, 3: 3}
    assert (BOX.max_tokens, BOX.max_reserved, BOX.royal_crowns) == (10, 3, (3, 6))
    assert (BOX.victory.prestige, BOX.victory.crowns, BOX.victory.colour_prestige) == (20, 10, 10)


def test_spiral_is_the_kernel_spiral_from_the_centre() -> None:
    assert GRID.spiral(start=GRID.cell(2, 2), first=DOWN) == SPIRAL
    assert SPIRAL[0] == GRID.cell(2, 2) and SPIRAL[-1] == GRID.cell(4, 4)
    assert sorted(SPIRAL) == list(range(25))


def test_lines_are_every_straight_run_of_one_to_three() -> None:
    assert len(LINES) == 25 + 72 + 48
    assert all(1 <= len(line) <= 3 for line in LINES)


def test_spot_checks_against_the_printed_cards() -> None:
    # The seed's worked purchase: a white card costing 3 blue, 5 red, 3 black and 1 pearl.
    card = CARDS["D3-01"]
    assert (card.colour, card.level, card.points, card.crowns) == ("white", 3, 3, 2)
    assert card.cost == {"white": 0, "blue": 3, "green": 0, "red": 5, "black": 3, "pearl": 1}
    assert CARDS["D3-11"].abilities == ("wild_bonus", "play_again")
    assert CARDS["D3-11"].cost["red"] == 8
    assert CARDS["D3-12"].crowns == 3 and CARDS["D3-12"].colour == "wild"
    assert CARDS["D1-04"].abilities == ("take_token_of_card_colour",)
    assert CARDS["D2-24"].points == 5 and CARDS["D2-24"].cost["blue"] == 6


@pytest.mark.skipif(not REFERENCE.exists(), reason="the shared reference is not on this machine")
def test_every_card_equals_the_reference_entry() -> None:
    ref = json.loads(REFERENCE.read_text(encoding="utf-8"))
    assert ref["components"]["jewel_cards"] == {"level_1": 30, "level_2": 24, "level_3": 13, "total": 67}
    assert len(ref["jewel_cards"]) == len(CARDS)
    for entry in ref["jewel_cards"]:
        card = CARDS[entry["id"]]
        bonus = entry["bonus"]
        assert (card.level, card.colour, card.points, card.crowns) == (
            entry["level"],
            entry["colour"],
            entry["points"],
            entry["crowns"],
        ), card.id
        assert card.bonus == (0 if bonus is None else bonus["count"]), card.id
        assert card.cost == {kind: entry["cost"][kind] for kind in COST_KINDS}, card.id
        assert list(card.abilities) == entry["abilities"], card.id
    assert [(r["id"], r["points"], r["abilities"]) for r in ref["royal_cards"]] == [
        (r.id, r.points, list(r.abilities)) for r in ROYALS.values()
    ]
    tokens = ref["components"]["tokens"]
    assert {**tokens["per_gem_colour"], "pearl": tokens["pearl"], "gold": tokens["gold"]} == BOX.tokens
    assert ref["components"]["privilege_scrolls"] == BOX.privileges
    assert ref["components"]["royal_cards"] == len(ROYALS)
    assert [GRID.cell(r - 1, c - 1) for r, c in ref["board"]["spiral_order"]] == list(SPIRAL)
    assert {int(k[-1]): v for k, v in ref["setup"]["pyramid_face_up"].items()} == BOX.pyramid


def test_action_space_is_fixed_and_named_from_the_data() -> None:
    assert GAME.num_distinct_actions == ACTION_SPACE.size
    sizes = {block.action_type.kind: block.size for block in ACTION_SPACE.blocks}
    assert sizes["take_tokens"] == 145
    assert sizes["reserve_card"] == 25 * 67
    assert sizes["buy"] == 67 * 84  # 84 ways to split up to 3 gold over 6 cost kinds
