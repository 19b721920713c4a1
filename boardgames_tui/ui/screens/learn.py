"""The guided first game (``boardgames-tui learn GAME``, the menu's Learn to play).

The player against easy bots, on the ordinary game screen, with three aids:

* the hint is always shown at the player's decisions (``bots/hint.py``), not only on ``h``;
* the first time a kind of decision comes up, a panel above the options says what it is
  for and what the options do (``Game.learn_text``, from the game's rules notes); the log
  gives it the room while it is shown, so the board and the prompt keep theirs;
* after a choice the easy policy scores clearly worse than its own pick, one line says so
  and why (``afterthought``); ``u`` takes the choice back, as ever.

The panel's kinds of decision and the afterthought belong to how this screen plays
(``ui/play.py``'s :class:`~..play.LearnPlay`); the screen only draws them.
"""
from __future__ import annotations

from rich.text import Text
from textual.css.query import NoMatches
from textual.widgets import Static

from ...bots.hint import hint
from ...engine.session import BOT, HUMAN, Match, Seat
from ..play import LearnPlay
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

    @property
    def _kinds_seen(self) -> set[str]:
        return self.play.kinds_seen   # type: ignore[attr-defined]

    def refresh_position(self) -> None:
        super().refresh_position()
        m = self.match
        d = m.decision()
        mine = d is not None and self.human_to_act() and not self.frozen
        self._show_panel(d.kind if mine and d is not None else None)
        if not mine or d is None:
            return
        at = len(m.history)
        if self._hint is None or self._hint[0] != at:
            self._hint = (at, hint(m.game, m.state, d, at, m.plan_start()))
            h = self._hint[1]
            for i, o in enumerate(self.picker.visible_options):   # a new decision: the hint highlighted
                if o.key == h.key:
                    self.picker.choice_list.highlighted = i
        self._show_hint(at)

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
