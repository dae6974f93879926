"""How a finished game ended."""

from __future__ import annotations

from collections.abc import Sequence

import attrs


@attrs.frozen
class Outcome:
    """The end of a game: who won, the final score of every seat, and why it ended.

    ``winners`` holds one seat, several for a shared victory or a winning team (a team game
    lists every member of the winning team), or none for a draw. ``reason`` is a short word the
    game documents (``"prestige"``, ``"military"``, ``"civilian"``, ...).
    """

    winners: tuple[int, ...]
    scores: tuple[int, ...]
    reason: str

    @property
    def is_draw(self) -> bool:
        """Whether the game ended with no winner."""
        return not self.winners

    @property
    def returns(self) -> tuple[float, ...]:
        """Per seat, every seat its own team: see :meth:`team_returns`."""
        return self.team_returns([(seat,) for seat in range(len(self.scores))])

    def team_returns(self, teams: Sequence[Sequence[int]]) -> tuple[float, ...]:
        """Per seat, for ``teams`` (every seat in exactly one): +1 for every member of a team
        that has a winner, -1 for every other seat; 0 for all in a draw or when every team wins.

        Members of one team always get equal returns, even if ``winners`` names only some of
        them.
        """
        n = len(self.scores)
        winners = self.winners
        if not winners:
            return (0.0,) * n
        won = [False] * n
        winning_teams = 0
        for team in teams:
            if any(seat in winners for seat in team):
                winning_teams += 1
                for seat in team:
                    won[seat] = True
        if winning_teams == len(teams):  # nobody lost: a shared victory of everyone is a tie
            return (0.0,) * n
        return tuple(1.0 if w else -1.0 for w in won)
