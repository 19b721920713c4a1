"""The end of a game: scores and winners (ties shown)."""
from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Center, Vertical
from textual.screen import Screen
from textual.widgets import Footer, Static

from ..theme import seat_tag
from ..widgets.scores import ScoreTable


class ScoreScreen(Screen[None]):
    BINDINGS = [
        Binding("enter,m", "menu", "Main menu"),
        Binding("escape,b", "app.pop_screen", "Back to the board"),
    ]

    def __init__(self, title: str, seats, scores: list[int], winners: list[int], *, demo=False) -> None:
        super().__init__()
        self.game_title = title
        self.seats = seats
        self.scores = scores
        self.winners = winners
        self.demo = demo

    def compose(self) -> ComposeResult:
        yield Static(f" {self.game_title}: game over", classes="screen-title")
        with Vertical(id="score-box"):
            t = Text(justify="center")
            if len(self.winners) > 1:
                t.append("A tie! Winners: ", style="bold")
            else:
                t.append("Winner: ", style="bold")
            for n, i in enumerate(self.winners):
                if n:
                    t.append(", ")
                t.append_text(seat_tag(i, self.seats[i].name, self.seats[i].colour))
            yield Static(t, id="winner-line")
            with Center():
                table = ScoreTable(id="score-table")
                table.show_scores(self.seats, self.scores, self.winners)
                yield table
            yield Static("Enter: main menu    b/Esc: look at the final board", id="score-help")
        yield Footer()

    def action_menu(self) -> None:
        self.app.show_menu()  # type: ignore[attr-defined]
