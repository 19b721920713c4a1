"""The final score table (any game): rank, seat, score, winners and ties."""
from __future__ import annotations

from rich import box
from rich.table import Table
from rich.text import Text
from textual.widgets import Static

from ..theme import seat_tag


def score_table(seats, scores: list[int], winners: list[int], details: list[str] | None = None,
                progress: list[int] | None = None) -> Table:
    """``details``: how each score is made up; ``progress``: shown in place of a score that only
    says who won (Civilization's 1 or 0), the players ranked by it after the winner."""
    show_details = bool(details and any(details))
    # With the details a line must hold six Imperial powers at 80 columns: no outer edge then.
    t = Table(expand=False, show_edge=not show_details, header_style="bold", padding=(0, 1),
              box=box.SIMPLE_HEAD if show_details else box.HEAVY_HEAD)
    t.add_column("#", justify="right")
    t.add_column("Player")
    t.add_column("Progress" if progress else "Score", justify="right")
    t.add_column("")
    if show_details:
        t.add_column("$ cash + bond interest×factor per power" if any("$" in d for d in details or [])
                     else "Made of")
    shown = progress or scores
    order = sorted(range(len(seats)), key=lambda i: (-scores[i], -shown[i], i))
    tie = len(winners) > 1
    rank, last = 0, None
    for n, i in enumerate(order, 1):
        if (scores[i], shown[i]) != last:
            rank, last = n, (scores[i], shown[i])
        mark = Text("★ winner (tie)" if tie else "★ winner", style="bold") if i in winners else Text("")
        row = [str(rank), seat_tag(i, seats[i].name, seats[i].colour), str(shown[i]), mark]
        if show_details and details:
            row.append(details[i])
        t.add_row(*row)
    return t


class ScoreTable(Static):
    def show_scores(self, seats, scores: list[int], winners: list[int], details: list[str] | None = None,
                    progress: list[int] | None = None) -> None:
        self.update(score_table(seats, scores, winners, details, progress))
