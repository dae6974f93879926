"""A game in the terminal: people choose for their seats, bots play the others.

Each decision redraws the table and shows the legal actions grouped by kind (all of them when
they are few, else each kind with its count and an example). A person types an action's
number, the action as its text reads (the notation ``game.parse_action`` reads), or part of
its text to filter the list; ``list`` shows every action, ``help`` the rules of the decision,
``undo`` goes back to that person's previous decision, ``board`` redraws the table and ``q``
quits (printing the record, so the game can be replayed).
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping, Sequence
from typing import TextIO

from .agents import Agent
from .core.actions import Action, IllegalAction
from .core.describe import decision_help, kind_label
from .core.notation import normalize
from .core.state import State
from .viewer import action_seen

#: Up to this many legal actions are all listed at once; more are summarized per kind.
LIST_ALL = 24
#: A kind with up to this many actions is listed in full even in a summary.
LIST_KIND = 6

COMMANDS = (
    "Type an action's number, its text (as listed), or a word or two of it to filter the list.\n"
    "Commands: list (every action), help (the rules of this decision), undo (back to your "
    "previous decision), board (the table again), q (quit)."
)
QUIT = ("q", "quit", "exit")
UNDO = "undo"


class Session:
    """One game at the terminal: ``humans`` decide by typed text read with ``read``; every other
    seat is played by its agent in ``bots``; everything shown goes to ``out``."""

    def __init__(
        self,
        state: State,
        humans: set[int],
        bots: Mapping[int, Agent],
        bot_name: str,
        read: Callable[[str], str | None],
        out: TextIO,
    ) -> None:
        _check_seats(state, humans, bots)
        if not callable(read) or not callable(getattr(out, "write", None)):
            raise ValueError(
                f"read must be a function of a prompt and out a text stream, got {read!r}, {out!r}"
            )
        self.state = state
        self.game = type(state).game
        self.humans = humans
        self.bots = bots
        self.bot_name = bot_name
        self.read = read
        self.out = out
        #: The state at each decision people have faced, the current one last (for undo).
        self.decisions: list[State] = []
        #: Bots' choices made face down in a simultaneous step, shown once the step is revealed.
        self.hidden: list[tuple[int, Action]] = []

    def say(self, text: str = "") -> None:
        """Show ``text`` on its own line(s)."""
        print(text, file=self.out)

    def run(self) -> int:
        """Play to the end or until a person quits; 0 either way."""
        seats = ", ".join(map(str, sorted(self.humans)))
        self.say(f"{self.game.title}: you play seat(s) {seats}; bots ({self.bot_name}) play the others.")
        self.say(COMMANDS + "\n")
        while not self.state.is_terminal:
            seat = self.state.current_player
            assert seat is not None
            if seat in self.bots:
                self._bot_turn(seat)
            elif not self._human_turn(seat):
                self.say("game abandoned; its record:")
                self.say(json.dumps(self.state.record()))
                return 0
        self._reveal()
        self.say(self.state.render())
        outcome = self.state.outcome
        assert outcome is not None
        self.say(
            f"\nGame over ({outcome.reason}): winner(s) {list(outcome.winners)}, scores {list(outcome.scores)}"
        )
        return 0

    # ------------------------------------------------------------------ moves

    def _apply(self, seat: int, action: Action) -> None:
        """Carry out ``seat``'s action; a bot's choice in a simultaneous step stays face down
        until every seat of the step has chosen."""
        state = self.state
        acting = set(state.acting_seats())
        hidden = len(acting) > 1 and seat in self.bots
        # A bot's action is named only if every person could tell which it was (the replay
        # page's rule): an ally's offered card or a card chosen from a hidden hand is not.
        named = hidden or seat not in self.bots or all(action_seen(state, action, p) for p in self.humans)
        state.apply(action)
        if hidden:
            self.hidden.append((seat, action))
            self.say(f"seat {seat} ({self.bot_name}) has chosen, face down")
        elif seat in self.bots:
            self.say(
                f"seat {seat} ({self.bot_name}): {action if named else kind_label(type(action)) + ' (hidden from you)'}"
            )
        now = set(state.acting_seats())
        if not (now and now <= acting - {seat}):  # the step is over: its choices are revealed
            self._reveal()

    def _reveal(self) -> None:
        for seat, action in self.hidden:
            # Only the kind: which card was discarded or tucked under a wonder stays face down
            # (a card built shows on the table), as the replay page's captions keep it.
            self.say(f"seat {seat} ({self.bot_name}) chose: {kind_label(type(action))}")
        self.hidden.clear()

    def _bot_turn(self, seat: int) -> None:
        self._apply(seat, self.bots[seat].act(self.state))

    def _human_turn(self, seat: int) -> bool:
        """Let ``seat``'s person decide (or undo); ``False`` when they quit."""
        self.decisions.append(self.state.clone())
        legal = _grouped(self.state.legal_actions())
        self.say(self.state.render())
        self._menu(seat, legal)
        while True:
            answer = self.read(f"seat {seat}> ")
            if answer is None or answer.lower() in QUIT:
                return False
            chosen = self._answer(answer, legal, seat)
            if isinstance(chosen, Action):
                self._apply(seat, chosen)
                return True
            if chosen == UNDO:  # the earlier decision is asked next
                return True

    def _answer(self, answer: str, legal: list[Action], seat: int) -> Action | str | None:
        """The action ``answer`` chooses, ``"undo"`` after an undo, or ``None`` (after showing
        what was asked for, or why the answer chooses nothing)."""
        word = answer.lower()
        if not answer:
            self._menu(seat, legal)
        elif word in ("help", "?", "h"):
            self.say(decision_help(self.state))
            self.say(COMMANDS)
        elif word in ("list", "all", "ls"):
            self._show(legal, list(range(len(legal))))
        elif word == "board":
            self.say(self.state.render())
        elif word == "undo":
            return self._undo()
        elif answer.isdecimal():  # not isdigit: int() refuses its superscripts ('²')
            # A number of more digits than any list has entries is not on it (and int() refuses
            # over 4,300 digits): it is shown cut short rather than read.
            digits = answer.lstrip("0") or "0"
            number = int(digits) if len(digits) <= 9 else 0
            if 1 <= number <= len(legal):
                return legal[number - 1]
            shown = answer if len(answer) <= 12 else answer[:12] + "..."
            self.say(f"{shown} is not on the list: type 1 to {len(legal)}, or help")
        else:
            return self._typed(answer, legal)
        return None

    def _typed(self, answer: str, legal: list[Action]) -> Action | None:
        """The action written ``answer``; else the actions whose text has every word typed."""
        try:
            action = self.game.parse_action(answer, self.state)
        except ValueError as error:
            unknown = str(error)
        else:
            if any(action is listed for listed in self.state.legal_actions()):
                return action
            unknown = f"not now: {_why_not(self.state, action)}"
        words = normalize(answer).split()
        matches = [
            i
            for i, action in enumerate(legal)
            if all(w in f"{kind_label(type(action))} {normalize(str(action))}" for w in words)
        ]
        if matches:
            if unknown.startswith("not now"):
                self.say(unknown)
            self.say(f"{len(matches)} of {len(legal)} actions match {answer!r}:")
            self._show(legal, matches)
        else:
            self.say(f"{unknown}; no legal action's text has every word of it (type help or list)")
        return None

    def _undo(self) -> str | None:
        if len(self.decisions) < 2:
            self.say("nothing to undo: this is your first decision")
            return None
        self.decisions.pop()  # this decision, asked again below
        self.state = self.decisions.pop()
        self.hidden.clear()  # the bots choose afresh from the earlier position
        self.say(f"undone: back to your decision after {len(self.state.history)} actions")
        return UNDO

    # ------------------------------------------------------------------ showing the choices

    def _menu(self, seat: int, legal: list[Action]) -> None:
        """The decision, then its actions: all when few; else each kind listed when short,
        otherwise counted with an example."""
        count = len(legal)
        self.say(f"\nseat {seat} decides: {self.state.decision} ({count} action{'' if count == 1 else 's'})")
        if count <= LIST_ALL:
            self._show(legal, list(range(count)))
            return
        for label, numbers in _kinds(legal).items():
            if len(numbers) <= LIST_KIND:
                self._show(legal, numbers)
            else:
                first, last = numbers[0] + 1, numbers[-1] + 1
                self.say(f"  {label}: {len(numbers)} actions, {first}-{last} (type {label!r} to list them)")
                self.say(f"      e.g. {first}. {legal[numbers[0]]}")
        self.say("(type list for every action, help for the rules)")

    def _show(self, legal: Sequence[Action], numbers: Sequence[int]) -> None:
        """The actions at ``numbers``, under the name of their kind."""
        shown = None
        for number in numbers:
            label = kind_label(type(legal[number]))
            if label != shown:
                self.say(f"  {label}:")
                shown = label
            self.say(f"    {number + 1:>3}. {legal[number]}")


def _check_seats(state: object, humans: object, bots: object) -> None:
    """Refuse a table where some seat has nobody to play it, or a player who is not one."""
    if not isinstance(state, State):
        raise ValueError(f"state must be a game's State, got {state!r:.80}")
    seats = range(state.num_players)
    if not isinstance(humans, (set, frozenset)) or not all(
        type(seat) is int and seat in seats for seat in humans
    ):
        raise ValueError(f"humans must be a set of seats 0 to {state.num_players - 1}, got {humans!r:.80}")
    if not isinstance(bots, Mapping) or not all(
        type(seat) is int and seat in seats and callable(getattr(agent, "act", None))
        for seat, agent in bots.items()
    ):
        raise ValueError(f"bots must map seats to agents (with act), got {bots!r:.80}")
    if humans & set(bots) or len(humans) + len(bots) != state.num_players:
        raise ValueError(
            f"every seat is played by a person or a bot, never both: people {sorted(humans)}, "
            f"bots {sorted(bots)} at a table of {state.num_players}"
        )


def _grouped(actions: list[Action]) -> list[Action]:
    """``actions`` with each kind together, kinds in the order they first appear."""
    by_kind: dict[type[Action], list[Action]] = {}
    for action in actions:
        by_kind.setdefault(type(action), []).append(action)
    return [action for group in by_kind.values() for action in group]


def _kinds(legal: Sequence[Action]) -> dict[str, list[int]]:
    kinds: dict[str, list[int]] = {}
    for number, action in enumerate(legal):
        kinds.setdefault(kind_label(type(action)), []).append(number)
    return kinds


def _why_not(state: State, action: Action) -> str:
    """Why the rules refuse ``action`` now (tried on a copy: nothing changes here)."""
    try:
        state.clone().apply(action)
    except IllegalAction as error:
        return str(error)
    return f"{action} is not a legal action now"  # pragma: no cover - the state listed none like it


def reader(stdin: TextIO, out: TextIO) -> Callable[[str], str | None]:
    """A prompt that reads one line of ``stdin``: the line stripped, ``None`` at its end."""
    if not callable(getattr(stdin, "readline", None)) or not callable(getattr(out, "write", None)):
        raise ValueError(f"stdin must be a text stream to read and out one to write, got {stdin!r}, {out!r}")

    def read(prompt: str) -> str | None:
        print(prompt, end="", file=out, flush=True)
        line = stdin.readline()
        return None if not line else line.strip()

    return read


def play(
    state: State,
    humans: set[int],
    bots: Mapping[int, Agent],
    bot_name: str,
    stdin: TextIO,
    out: TextIO,
) -> int:
    """Play ``state`` at the terminal (see :class:`Session`); 0 when it ends or is abandoned."""
    return Session(state, humans, bots, bot_name, reader(stdin, out), out).run()


__all__ = ["Session", "play"]
