"""The main menu: new game per registered game, Continue, Load file, Quit."""
from __future__ import annotations

import importlib.util
import time

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import Screen
from textual.widgets import Footer, OptionList, Static
from textual.widgets.option_list import Option

from ... import __version__
from ...engine import save as saves
from ...engine.registry import GAMES, GameInfo


def playable_games() -> list[GameInfo]:
    """Registered games whose rules module is present (no import yet)."""
    out = []
    for info in GAMES.values():
        try:
            if importlib.util.find_spec(info.module) is not None:
                out.append(info)
        except (ImportError, ValueError):
            continue
    return out


def summary_line(s: saves.SaveSummary) -> Text:
    title = GAMES[s.game].title if s.game in GAMES else s.game
    when = time.strftime("%Y-%m-%d %H:%M", time.localtime(s.saved))
    t = Text()
    t.append(f"{title}", style="bold")
    t.append(f" · {', '.join(s.players)} · round {s.round}")
    if s.over:
        t.append(" · finished", style="italic")
    t.append(f" · {when}", style="dim")
    return t


class MenuList(OptionList):
    BINDINGS = [
        Binding("j", "cursor_down", "Down", show=False),
        Binding("k", "cursor_up", "Up", show=False),
    ]


class MenuScreen(Screen[None]):
    BINDINGS = [
        Binding("n", "new_first", "New game", show=False),
        Binding("c", "continue_first", "Continue newest", show=False),
        Binding("o", "load", "Load file"),
        Binding("q", "app.quit", "Quit"),
    ]

    def compose(self) -> ComposeResult:
        t = Text()
        t.append("\nboardgames-tui", style="bold")
        t.append(f" · v{__version__}\n", style="dim")
        t.append("heavy board games, hot-seat, in the terminal", style="italic")
        yield Static(t, id="menu-title")
        with Vertical(id="menu-box"):
            yield MenuList(id="menu")
        yield Static("↑↓/jk move · Enter choose · o load file · q quit", id="menu-help")
        yield Footer()

    def on_mount(self) -> None:
        self.rebuild()
        self.query_one(MenuList).focus()

    def on_screen_resume(self) -> None:
        self.rebuild()

    def rebuild(self) -> None:
        self._saves = saves.list_autosaves()
        self._games = playable_games()
        lst = self.query_one(MenuList)
        keep = lst.highlighted
        lst.clear_options()
        items: list = [Option(Text("New game", style="bold underline"), id="h-new", disabled=True)]
        for info in self._games:
            t = Text()
            t.append(info.title, style="bold")
            t.append(f"  ({info.min_players}–{info.max_players} players)\n", style="dim")
            t.append(info.blurb)
            items.append(Option(t, id=f"new:{info.name}"))
        if not self._games:
            items.append(Option("(no game installed)", id="h-none", disabled=True))
        items.append(None)
        items.append(Option(Text("Continue", style="bold underline"), id="h-cont", disabled=True))
        if self._saves:
            for i, s in enumerate(self._saves):
                items.append(Option(summary_line(s), id=f"continue:{i}"))
        else:
            items.append(Option(Text("No autosaved games yet", style="dim"), id="h-nosave", disabled=True))
        items.append(None)
        items.append(Option(Text("Load a save file…", style="bold"), id="load"))
        items.append(Option(Text("Quit", style="bold"), id="quit"))
        lst.add_options(items)
        if keep is not None and keep < lst.option_count and not lst.get_option_at_index(keep).disabled:
            lst.highlighted = keep
        else:
            lst.highlighted = 1

    @on(OptionList.OptionSelected, "#menu")
    def _selected(self, event: OptionList.OptionSelected) -> None:
        oid = event.option.id or ""
        if oid.startswith("new:"):
            self.app.show_new_game(oid[4:])  # type: ignore[attr-defined]
        elif oid.startswith("continue:"):
            self.open_autosave(int(oid.split(":")[1]))
        elif oid == "load":
            self.action_load()
        elif oid == "quit":
            self.app.exit()

    def open_autosave(self, i: int) -> None:
        s = self._saves[i]
        try:
            m = saves.load(s.path)
        except saves.SaveError as e:
            self.notify(str(e), title="Cannot continue", severity="error", markup=False)
            return
        self.app.open_match(m)  # type: ignore[attr-defined]

    def action_new_first(self) -> None:
        if self._games:
            self.app.show_new_game(self._games[0].name)  # type: ignore[attr-defined]

    def action_continue_first(self) -> None:
        if self._saves:
            self.open_autosave(0)

    def action_load(self) -> None:
        from .dialogs import PathScreen

        def done(m) -> None:
            if m is not None:
                self.app.open_match(m)  # type: ignore[attr-defined]

        self.app.push_screen(PathScreen("Load a save file", str(saves.data_dir() / "saves") + "/",
                                        saves.load, (saves.SaveError, OSError)), done)
