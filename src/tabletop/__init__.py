"""tabletop: exact, fast, typed rules for tabletop games.

>>> import tabletop
>>> game = tabletop.load("splendor_duel")
>>> state = game.new_game(players=2, seed=7)
>>> state.apply(state.legal_actions()[0])
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Literal, overload

from .core import registry
from .core.actions import Action, IllegalAction
from .core.game import Game, Option
from .core.outcome import Outcome
from .core.registry import game_names
from .core.state import State

if TYPE_CHECKING:  # so type checkers see its signature; at run time __getattr__ imports it
    from .games.cities_of_splendor.state import CitiesOfSplendorState
    from .games.dozen_war.state import DozenWarState
    from .games.seven_wonders.state import SevenWondersState
    from .games.splendor_duel.state import SplendorDuelState
    from .games.wonders_duel.state import WondersDuelState
    from .sim import simulate


# A type checker knows the state type of each game shipped here (load("splendor_duel")
# .new_game() is a SplendorDuelState); any other name is a Game[Any], as a plugin's may be.
@overload
def load(name: Literal["cities_of_splendor"]) -> Game[CitiesOfSplendorState]: ...
@overload
def load(name: Literal["dozen_war"]) -> Game[DozenWarState]: ...
@overload
def load(name: Literal["seven_wonders"]) -> Game[SevenWondersState]: ...
@overload
def load(name: Literal["splendor_duel"]) -> Game[SplendorDuelState]: ...
@overload
def load(name: Literal["wonders_duel"]) -> Game[WondersDuelState]: ...
@overload
def load(name: str) -> Game[Any]: ...
def load(name: str) -> Game[Any]:
    """The game registered as ``name``; a ``ValueError`` listing the known games otherwise."""
    return registry.load(name)


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
