"""The kernel: what every board game is made of. Nothing game-specific lives here."""

from .action_space import ActionSpace, Block
from .actions import Action, IllegalAction
from .decks import Deck
from .game import Game, Option
from .grids import CellCapacity, SquareGrid
from .hands import Hands
from .layouts import Layout, LayoutShape
from .market import Market
from .outcome import Outcome
from .rng import Rng
from .scoring import ScoreSheet, ranking, score_sheet, winners
from .simultaneous import Simultaneous
from .state import State
from .tokens import TokenPool
from .tracks import Track, Zone, zone_at
from .turns import TurnOrder

__all__ = [
    "Action",
    "ActionSpace",
    "Block",
    "CellCapacity",
    "Deck",
    "Game",
    "Hands",
    "IllegalAction",
    "Layout",
    "LayoutShape",
    "Market",
    "Option",
    "Outcome",
    "Rng",
    "ScoreSheet",
    "Simultaneous",
    "SquareGrid",
    "State",
    "TokenPool",
    "Track",
    "TurnOrder",
    "Zone",
    "ranking",
    "score_sheet",
    "winners",
    "zone_at",
]
