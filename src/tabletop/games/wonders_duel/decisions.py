"""What is being decided, and by whom: the names of the decisions and the order of the draft.

``state.decision`` is one of the names below. During a turn the sub-decisions still owed are
kept in ``state.pending``, last one first; a destruction names its colour there
(``"destroy:brown"``), so the entry's part before ``":"`` is the decision.
"""

from __future__ import annotations

DRAFT_WONDER = "draft_wonder"
TURN = "turn"
PROGRESS_TOKEN = "progress_token"
GREAT_LIBRARY = "great_library"
DESTROY = "destroy"
MAUSOLEUM = "mausoleum"
CHOOSE_STARTER = "choose_starter"
OVER = "over"

#: Wonder draft picks in all; Age I begins after the eighth.
DRAFT_PICKS = 8


def destroy_entry(color: str) -> str:
    """The ``pending`` entry of a destruction of one of the opponent's ``color`` cards."""
    return f"{DESTROY}:{color}"


def draft_picker(pick: int) -> int:
    """The seat that drafts the ``pick``-th Wonder: 0,1,1,0 then 1,0,0,1."""
    first = pick // 4
    return first if pick % 4 in (0, 3) else 1 - first
