"""The guided first game (``boardgames-tui learn GAME``, the menu's Learn to play).

The player against easy bots, on the ordinary game screen, with these aids:

* the goal card before the first choice (``Game.goal``; ``?`` shows it again);
* the first time a kind of decision comes up, a panel above the options says what it is
  for and what the options do (``Game.learn_text``); the log gives it the room while it is shown;
* the learner chooses first: the list starts at the top, and the hint (``bots/hint.py``) shows on
  ``h``; after the choice, one line under the prompt says whether it was the hint's, close to it,
  or clearly worse and why (``LearnPlay.verdict``), until the next choice;
* after each bot's choice, a line says what it was for, as the learner can tell (``bot_line``);
* the banner keeps each player's standing in view;
* at the end, a look back at the learner's three costliest choices (``screens/debrief.py``).

What is said belongs to how this screen plays (``ui/play.py``'s :class:`~..play.LearnPlay`); the
screen only draws it.
"""
from __future__ import annotations

import random

from rich.text import Text
from textual.css.query import NoMatches
from textual.widgets import Static

from ...bots.hint import hint
from ...engine.session import BOT, HUMAN, Match, Seat
from ..play import LearnPlay
from .dialogs import GoalScreen
from .game import GameScreen

# Seats for learning: few enough that the bots' turns pass quickly, as many as the game needs
# to show its ideas (Imperial's bonds and Phoenicia's auctions need more than one rival).
LEARN_PLAYERS = {"civilization": 2, "evolution": 3, "imperial": 3, "phoenicia": 3, "utopia": 3}


def learner_name() -> str:
    """The learner's seat: their player name ("alice" -> "Alice"), so the log reads "Alice bids 6", not
    "You bids 6"; "Player" when the name is unusable."""
    from ...engine.identity import IdentityError, player_id
    try:
        name = player_id()
    except IdentityError:
        return "Player"
    return name[:1].upper() + name[1:16] if name.isascii() and name[:1].isalpha() else "Player"


def learn_match(game_name: str, seed: int | None = None) -> Match:
    """The learner in seat 1 against easy bots."""
    from ...engine.registry import get_game

    game = get_game(game_name)
    n = LEARN_PLAYERS.get(game_name, game.min_players)
    colours = ("red", "blue", "green", "yellow", "magenta", "cyan")
    seats = [Seat(learner_name(), colours[0], HUMAN)] + [
        Seat(f"Bot {i}", colours[i % len(colours)], BOT, "easy") for i in range(1, n)]
    return Match.new(game_name, seats, seed)


class LearnGameScreen(GameScreen):
    LEARN = True

    def __init__(self, match: Match, **kw) -> None:
        super().__init__(match, play=LearnPlay(match, autosave=not (kw.get("frozen") or kw.get("demo"))), **kw)
        self._asked: int | None = None     # the choice count at which h was pressed
        self._verdict: str | None = None   # the line under the prompt after the learner's choice
        self._standing: tuple[int, str] = (-1, "")

    @property
    def _kinds_seen(self) -> set[str]:
        return self.play.kinds_seen   # type: ignore[attr-defined]

    @property
    def learner(self) -> int:
        humans = self._humans()
        return humans[0] if humans else 0

    def on_mount(self) -> None:
        super().on_mount()
        m = self.match
        goal = m.game.goal()
        if goal and not self.frozen and not any(r.player == self.learner for r in m.history):
            self.app.push_screen(GoalScreen(m.game.title, goal))    # the goal before the first choice

    def _bot_move(self, token: int) -> None:
        if isinstance(self.app.screen, GoalScreen):
            # The goal card is read before anything happens; the bots go on when it closes
            # (on_screen_resume redraws and schedules them again).
            if token == self._bot_token:
                self._bot_pending = False
            return
        super()._bot_move(token)

    def refresh_position(self) -> None:
        super().refresh_position()
        m = self.match
        d = m.decision()
        mine = d is not None and self.human_to_act() and not self.frozen
        self._show_panel(d.kind if mine and d is not None else None)
        self._show_coach()
        if not mine or d is None:
            return
        at = len(m.history)
        if self._hint is None or self._hint[0] != at:
            # Asked now for the verdict after the choice; shown only on h: the learner chooses first.
            self._hint = (at, hint(m.game, m.state, d, at, m.plan_start()))
        self._show_hint(at)

    def _show_hint(self, at: int | None) -> None:
        super()._show_hint(at if at is not None and at == self._asked else None)

    def action_hint(self) -> None:
        d = self.match.decision()
        if d is not None and self.human_to_act() and not self.frozen:
            self._asked = len(self.match.history)
        super().action_hint()

    def show_note(self, note: str) -> None:
        self._verdict = note
        self._show_coach()

    def record_bot_choice(self, key: str) -> bool:
        self.play.bot_choice(key, self.learner)   # type: ignore[attr-defined]
        return True

    def status_note(self) -> str:
        """Each player's standing, kept in view (``Game.standing``, read in a world dealt from the
        learner's view, so it holds nothing the learner cannot see)."""
        m = self.match
        at = len(m.history)
        if self._standing[0] != at:
            world = m.game.determinize(m.state, self.learner, random.Random(0)) if not m.is_over() else m.state
            marks = m.game.standing(world)
            names = [("you" if i == self.learner else s.name) for i, s in enumerate(m.seats)]
            self._standing = (at, f" · {m.game.standing_label}: " + ", ".join(f"{n} {v}" for n, v in zip(names, marks)))
        return self._standing[1]

    def _show_coach(self) -> None:
        try:
            coach = self.query_one("#coach", Static)
            why = self.query_one("#bot-why", Static)
        except NoMatches:
            return
        v = self._verdict
        coach.display = bool(v)
        coach.set_class(bool(v) and v.startswith("⚠"), "warn")
        if v:
            coach.update(Text(v))
        note = self.play.bot_note   # type: ignore[attr-defined]
        why.display = bool(note)
        if note:
            why.update(Text(note))

    def _push_scores(self) -> None:
        from .scores import ScoreScreen   # the look back opens over the scores at once
        self.app.push_screen(ScoreScreen(self.match, learner=self.learner,
                                         known=self.play.hints))   # type: ignore[attr-defined]

    def _show_panel(self, kind: str | None) -> None:
        try:
            panel = self.query_one("#learn-panel", Static)
        except NoMatches:
            return
        text = self.match.game.learn_text(kind) if kind is not None and kind not in self._kinds_seen else None
        panel.display = bool(text)
        self.log_widget.display = not text
        if text:
            panel.update(Text(text))
