"""The components as data: counts against the reference, every skill's and card's fields,
the maps' symmetries."""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path
from typing import Any

import pytest

from tabletop.games.dozen_war.components import (
    CARD_COPIES,
    CARDS,
    EVENT_COPIES,
    EVENTS,
    GENERALS,
    MAPS,
    SKILLS,
    TOKENS,
    ultimate_of,
)

REFERENCE = Path("/work/shared/reference/dozen_war")


def _reference(name: str) -> Any:
    return json.loads((REFERENCE / name).read_text(encoding="utf-8"))


needs_reference = pytest.mark.skipif(
    not REFERENCE.exists(), reason="the reference folder is not on this machine"
)


def test_counts() -> None:
    assert len(GENERALS) == 12 and len(SKILLS) == 36
    assert len(CARDS) == 30 and len(CARD_COPIES) == 60
    assert len(EVENTS) == 20 and len(EVENT_COPIES) == 40
    assert Counter(t.kind for t in TOKENS.values()) == {"map_piece": 5, "treasure": 2, "curse": 2}
    groups: Counter[str] = Counter()
    for design in CARD_COPIES.values():
        groups[CARDS[design].group] += 1
    assert groups == {"infantry": 13, "archer": 13, "cavalry": 11, "common": 23}
    assert Counter(g.cls for g in GENERALS.values()) == {
        "infantry": 3,
        "cavalry": 3,
        "archer": 3,
        "alchemist": 3,
    }


def test_each_general_has_three_skills_and_the_ultimate_in_slot_three() -> None:
    for general in GENERALS.values():
        assert [SKILLS[s].slot for s in general.skills] == [1, 2, 3]
        assert SKILLS[ultimate_of(general.id)].ultimate
        assert not any(SKILLS[s].ultimate for s in general.skills[:2])
        # R5.2b: the ultimate is the highest-star skill
        assert SKILLS[general.skills[2]].stars == max(SKILLS[s].stars for s in general.skills)


@needs_reference
def test_every_skill_matches_the_reference() -> None:
    for entry in _reference("generals.json")["generals"]:
        general = GENERALS[entry["id"]]
        assert general.name == entry["name"] and general.cls == entry["class"]
        for raw in entry["skills"]:
            skill = SKILLS[f"{entry['id']}.{raw['slot']}"]
            assert (skill.name_vi, skill.name_en, skill.stars, skill.timing) == (
                raw["name_vi"],
                raw["name_en"],
                raw["stars"],
                raw["timing"],
            )
            assert (skill.fist, skill.ultimate, skill.trigger) == (
                raw["fist"],
                raw["ultimate"],
                raw.get("trigger"),
            )
            assert list(skill.effect) == raw["effect"] and skill.text == raw["text"]


@needs_reference
def test_every_card_matches_the_reference() -> None:
    for raw in _reference("equipment.json")["cards"]:
        card = CARDS[raw["id"]]
        fields = ("name_vi", "name_en", "group", "timing", "stars", "copies", "kind", "text")
        assert tuple(getattr(card, f) for f in fields) == tuple(raw[f] for f in fields)
        assert list(card.effect) == raw["effect"]


@needs_reference
def test_every_event_and_token_matches_the_reference() -> None:
    for raw in _reference("events.json")["events"]:
        event = EVENTS[raw["id"]]
        assert (event.name_vi, event.copies, event.affects) == (raw["name_vi"], raw["copies"], raw["affects"])
        assert list(event.low.effects) == raw["outcomes"]["low"]["effects"]
        assert list(event.high.effects) == raw["outcomes"]["high"]["effects"]
        assert event.low.roll == (1, 2, 3) and event.high.roll == (4, 5, 6)
    for raw in _reference("tokens.json")["tokens"]:
        assert TOKENS[raw["id"]].kind == raw["kind"] and list(TOKENS[raw["id"]].effect) == raw["effect"]


def test_maps_as_the_ruleset_draws_them() -> None:
    big = MAPS["chien_than_4p"]
    grid = big.grid
    assert (grid.rows, grid.cols) == (13, 13) and len(big.mountains) == 9
    assert big.volcano == grid.cell(6, 6)
    north = dict((grid.coords(c), t) for c, t in big.homes["N"].castles)
    assert north == {(0, 5): "cavalry", (1, 6): "infantry", (0, 7): "archer"}
    # R2.1f: invariant under the quarter turn, castle types and mountain roles included.
    roles = dict(big.mountains)
    assert {grid.rotate(c): r for c, r in roles.items()} == roles
    castles = {c: t for home in big.homes.values() for c, t in home.castles}
    assert {grid.rotate(c): t for c, t in castles.items()} == castles
    small = MAPS["chien_than_3p"]
    assert len(small.mountains) == 9 and small.grid.rows == 11
    assert {small.grid.mirror(c): r for c, r in small.mountains} == dict(small.mountains)
    duel = MAPS["engage"]
    assert {duel.grid.rotate(c, 2) for c, _ in duel.mountains} == {c for c, _ in duel.mountains}
    assert len(duel.homes["north"].deploy_cells) == 16
    assert len(big.token_slots["ffa4"]) == 9 and len(big.token_slots["alliance"]) == 7
    assert len(small.token_slots["ffa3"]) == 6
    # R2.1g: the centre zone is every cell within 2 of the volcano.
    assert big.zones["centre"] == frozenset(grid.within(big.volcano, 2, include_self=True))
