"""The end of a game: who won and how, each player's score (ties shown) and a chart of the
scores by round."""
from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Center, Vertical
from textual.screen import Screen
from textual.widgets import Footer, Static

from ...engine.score_history import score_by_round
from ..theme import seat_tag
from ..widgets.score_chart import ScoreChart
from ..widgets.scores import ScoreTable

EXIT_AFTER = 4.0  # seconds the end screen stays up before ``demo --exit-at-end`` leaves


class ScoreScreen(Screen[None]):
    BINDINGS = [
        Binding("enter,m", "menu", "Main menu"),
        Binding("escape,b", "app.pop_screen", "Back to the board"),
        Binding("d", "look_back", "Look back"),
    ]

    def __init__(self, match, *, demo=False, exit_at_end=False, learner: int | None = None,
                 known: dict | None = None) -> None:
        """``learner``: a guided game's player, whose look back opens at once (``known``: the hints
        the game asked, by history index)."""
        super().__init__()
        self.learner, self.known = learner, known
        m = self.match = match
        self.game_title = m.game.title
        self.seats = m.seats
        self.scores = m.scores()
        self.winners = m.winners()
        self.how = m.game.end_note(m.state)
        self.details = [m.game.score_detail(m.state, q) for q in range(len(m.seats))]
        standing = m.game.standing(m.state)
        # A game whose score only says who won (Civilization) shows and charts its progress instead.
        self.progress = standing if standing != self.scores else None
        self.demo = demo
        self.exit_at_end = exit_at_end

    def compose(self) -> ComposeResult:
        yield Static(f" {self.game_title}: game over", classes="screen-title")
        with Vertical(id="score-box"):
            t = Text(justify="center")
            t.append("A tie! Winners: " if len(self.winners) > 1 else "Winner: ", style="bold")
            for n, i in enumerate(self.winners):
                if n:
                    t.append(", ")
                t.append_text(seat_tag(i, self.seats[i].name, self.seats[i].colour))
            if self.how:
                t.append(f" by {self.how}" if self.how.endswith("victory") else f" ({self.how})")
            yield Static(t, id="winner-line")
            with Center():
                table = ScoreTable(id="score-table")
                table.show_scores(self.seats, self.scores, self.winners, self.details, self.progress)
                yield table
            has_rounds = self.match.round_number() > 0
            yield ScoreChart(self.seats, score_by_round(self.match),
                             "progress" if self.progress else "score",
                             "round" if has_rounds else "choice", id="score-chart")
            yield Static("Enter: main menu    b/Esc: the final board    d: look back at your choices",
                         id="score-help")
        yield Footer()

    def on_mount(self) -> None:
        if self.learner is not None:
            self.app.push_screen(self._debrief(self.learner))
        if self.exit_at_end:
            # the app's timer, not the screen's: a watcher who looks at the final board (Esc) pops this
            # screen, and the demo must still leave on time
            self.app.set_timer(EXIT_AFTER, lambda: self.app.exit(return_code=0))

    def _debrief(self, player: int):
        from .debrief import DebriefScreen
        return DebriefScreen(self.match, player, self.known if player == self.learner else None)

    def action_look_back(self) -> None:
        """d: the look back for a player at the keyboard (asked when there are several)."""
        m = self.match
        humans = [i for i, s in enumerate(m.seats) if not s.is_bot] or list(range(len(m.seats)))
        if len(humans) == 1:
            self.app.push_screen(self._debrief(humans[0]))
            return
        from .dialogs import PickScreen

        def picked(who: object) -> None:
            if isinstance(who, str):
                self.app.push_screen(self._debrief(int(who)))
        self.app.push_screen(PickScreen("Whose choices?", [(str(i), m.seats[i].name) for i in humans]), picked)

    def action_menu(self) -> None:
        self.app.show_menu()  # type: ignore[attr-defined]
