"""The final score table (any game): rank, seat, score, winners and ties."""
from __future__ import annotations

from rich.table import Table
from rich.text import Text
from textual.widgets import Static

from ..theme import seat_tag


def score_table(seats, scores: list[int], winners: list[int]) -> Table:
    t = Table(expand=False, show_edge=True, header_style="bold")
    t.add_column("#", justify="right")
    t.add_column("Player")
    t.add_column("Score", justify="right")
    t.add_column("")
    order = sorted(range(len(seats)), key=lambda i: (-scores[i], i))
    tie = len(winners) > 1
    rank, last = 0, None
    for n, i in enumerate(order, 1):
        if scores[i] != last:
            rank, last = n, scores[i]
        mark = Text("★ winner (tie)" if tie else "★ winner", style="bold") if i in winners else Text("")
        t.add_row(str(rank), seat_tag(i, seats[i].name, seats[i].colour), str(scores[i]), mark)
    return t


class ScoreTable(Static):
    def show_scores(self, seats, scores: list[int], winners: list[int]) -> None:
        self.update(score_table(seats, scores, winners))
