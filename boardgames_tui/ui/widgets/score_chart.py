"""Each player's score by round on the end screen, drawn with textual-plotext (plotext in a widget)."""
from __future__ import annotations

from textual_plotext import PlotextPlot

from ..theme import colour, seat_letter


def _rgb(hex_colour: str) -> tuple[int, int, int]:
    h = hex_colour.lstrip("#")
    return int(h[0:2], 16), int(h[2:4], 16), int(h[4:6], 16)


def whole_ticks(low: int, high: int, most: int = 8) -> list[int]:
    """At most ``most`` whole-number ticks from ``low`` to ``high``, a whole step apart."""
    step = max(1, -(-(high - low) // (most - 1)))
    return list(range(low, high + 1, step))


class ScoreChart(PlotextPlot):
    def __init__(self, seats, points: list[tuple[int, list[int]]], y_label: str, x_label: str, **kw) -> None:
        super().__init__(**kw)
        self.seats, self.points, self.y_label, self.x_label = seats, points, y_label, x_label

    def on_mount(self) -> None:
        plt = self.plt
        xs = [x for x, _ in self.points]
        for i, seat in enumerate(self.seats):
            # the seat's letter and symbol in the legend: the lines are not told apart by colour alone
            c = colour(seat.colour)
            plt.plot(xs, [ys[i] for _, ys in self.points], label=f"{c.symbol}{seat_letter(i)} {seat.name}",
                     marker="braille", color=_rgb(c.hex))
        if xs:  # whole rounds on the axis, at most 8 ticks
            plt.xticks(whole_ticks(0, max(xs)))
        ys = [y for _, row in self.points for y in row]
        if ys:  # whole scores too: plotext's own ticks read "33.0 27.8"
            plt.yticks(whole_ticks(min(ys), max(ys), 5))
        plt.xlabel(self.x_label)
        plt.title(f"{self.y_label} by {self.x_label}")
