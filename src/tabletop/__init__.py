"""tabletop: exact, fast, typed rules for tabletop games.

>>> import tabletop
>>> game = tabletop.load("splendor_duel")
>>> state = game.new_game(players=2, seed=7)
>>> state.apply(state.legal_actions()[0])
"""

from typing import TYPE_CHECKING

from .core.actions import Action, IllegalAction
from .core.game import Game, Option
from .core.outcome import Outcome
from .core.registry import game_names, load
from .core.state import State

if TYPE_CHECKING:  # so type checkers see its signature; at run time __getattr__ imports it
    from .sim import simulate

__version__ = "0.1.0"

__all__ = [
    "Action",
    "Game",
    "IllegalAction",
    "Option",
    "Outcome",
    "State",
    "__version__",
    "game_names",
    "load",
    "simulate",
]


def __getattr__(name: str) -> object:
    # simulate pulls in multiprocessing; import it only when asked for.
    if name == "simulate":
        from .sim import simulate

        return simulate
    raise AttributeError(f"module 'tabletop' has no attribute {name!r}")
