"""The look back (``d`` on the end screen; opened by itself after a guided game): the player's three
choices the easy bot scored worst against its own pick, each with its reason.  Enter on one reopens
the position before it as a new guided game (replayed from the seed and the choices), to try again.

The replay asks a hint at each of the player's choices (``bots/debrief.py``), so it runs in a worker
thread with its progress shown; Esc stops it and goes back.
"""
from __future__ import annotations

import threading

from rich.text import Text
from textual import on, work
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import Screen
from textual.widgets import Footer, OptionList, Static
from textual.widgets.option_list import Option

from ...bots.debrief import Regret, reopen, worst_choices
from ...bots.hint import Hint
from ...engine.session import Match


class DebriefScreen(Screen[None]):
    BINDINGS = [Binding("escape,b", "back", "Back")]

    def __init__(self, match: Match, player: int, known: dict[int, tuple[str, Hint]] | None = None) -> None:
        super().__init__()
        self.match, self.player, self.known = match, player, dict(known or {})
        self.regrets: list[Regret] | None = None
        self._cancel = threading.Event()

    def compose(self) -> ComposeResult:
        name = self.match.seats[self.player].name
        yield Static(f" {self.match.game.title}: a look back at {name}'s game", classes="screen-title")
        with Vertical(id="debrief-box"):
            yield Static(Text("Looking back over the game…"), id="debrief-status")
            yield OptionList(id="regrets")
            yield Static(Text("Enter: try that position again as a guided game    Esc: back"),
                         id="debrief-help")
        yield Footer()

    def on_mount(self) -> None:
        self.query_one("#regrets", OptionList).display = False
        self._look_back()

    @work(thread=True, exclusive=True)
    def _look_back(self) -> None:
        def progress(done: int, total: int) -> None:
            if done % 50 == 0 and not self._cancel.is_set():
                self.app.call_from_thread(self._progress, done, total)
        found = worst_choices(self.match, self.player, 3, self.known, self._cancel, progress)
        if not self._cancel.is_set():
            self.app.call_from_thread(self._show, found)

    def _progress(self, done: int, total: int) -> None:
        if self.is_mounted and self.regrets is None:
            self.query_one("#debrief-status", Static).update(
                Text(f"Looking back over the game… {100 * done // max(1, total)}%"))

    def _show(self, found: list[Regret]) -> None:
        if not self.is_mounted:
            return
        self.regrets = found
        status = self.query_one("#debrief-status", Static)
        if not found:
            status.update(Text("No choice of yours fell clearly short of the easy bot's pick. Well played."))
            return
        status.update(Text(f"The {len(found)} choice{'s' if len(found) > 1 else ''} the easy bot scored "
                           "worst against its own pick:"))
        regrets = self.query_one("#regrets", OptionList)
        for i, r in enumerate(found):
            regrets.add_option(Option(Text(f"{i + 1}. {r.line()}"), id=str(i)))
        regrets.display = True
        regrets.highlighted = 0
        regrets.focus()

    @on(OptionList.OptionSelected, "#regrets")
    def _reopen(self, event: OptionList.OptionSelected) -> None:
        if self.regrets is None or event.option.id is None:
            return
        r = self.regrets[int(event.option.id)]
        m = reopen(self.match, r, self.player)
        self.app.open_learn(m.game.name, m)   # type: ignore[attr-defined]

    def action_back(self) -> None:
        self._cancel.set()
        self.app.pop_screen()

    def on_unmount(self) -> None:
        self._cancel.set()


__all__ = ["DebriefScreen"]
