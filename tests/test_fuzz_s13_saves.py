"""Saves edited by structure (found by the session-13 hostile-input hunt): values of one type
swapped between two places, an int moved by one inside a list, a list reordered, an id copied
over another, an item moved from one list to another, the outcome set or changed. A
determinized save is not replayed on load (its hidden parts were invented), so the game's own
checks are all that stand between such an edit and a state that breaks later; the same goes for
every trusted load (``verify=False``). Each case here loaded and then failed in play."""

from __future__ import annotations

import json
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
