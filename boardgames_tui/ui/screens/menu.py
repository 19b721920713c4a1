"""The main menu: new game per registered game, Continue, Load file, Quit."""
from __future__ import annotations

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
from ...engine.store import SaveSummary, StoreError, default_store
from ...engine.registry import GAMES, GameEntry


def playable_games() -> list[GameEntry]:
    """The registered games.  One whose rules fail to import is left out of
    the menu rather than stopping it (the test suite fails on it loudly)."""
    out = []
    for info in GAMES.values():
        try:
            info.title
        except Exception:  # noqa: BLE001 - a broken game must not stop the menu
            continue
        out.append(info)
    return out


def summary_line(s: SaveSummary) -> Text:
    try:
        title = GAMES[s.game].title
    except Exception:  # noqa: BLE001 - unknown or broken game: show its name
        title = s.game
    when = time.strftime("%Y-%m-%d %H:%M", time.localtime(s.saved))
    t = Text()
    t.append(f"{title}", style="bold")
    if s.damaged:
        t.append(f" · damaged ({s.damaged}) · Enter deletes it", style="italic")
        t.append(f" · {when}", style="dim")
        return t
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
        # A damaged autosave, or a damaged database, never stops the menu.
        self._store_error = ""
        try:
            self._saves = default_store().summaries()
        except StoreError as e:
            self._saves, self._store_error = [], str(e)
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
        if self._store_error:
            items.append(Option(Text(f"{self._store_error}. Enter moves it aside and starts a new one.",
                                     style="italic"), id="store-damaged"))
        elif self._saves:
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
        elif oid == "store-damaged":
            self.move_store_aside()
        elif oid == "load":
            self.action_load()
        elif oid == "quit":
            self.app.exit()

    def open_autosave(self, i: int) -> None:
        s = self._saves[i]
        if s.damaged:
            self.offer_delete(s, s.damaged)
            return
        try:
            m = default_store().load(s.id)
        except (saves.SaveError, StoreError) as e:
            self.offer_delete(s, str(e))
            return
        self.app.open_match(m)  # type: ignore[attr-defined]

    def offer_delete(self, s: SaveSummary, why: str) -> None:
        from .dialogs import ConfirmScreen

        def done(yes: bool | None) -> None:
            if yes:
                try:
                    default_store().delete(s.id)
                except StoreError as e:
                    self.notify(str(e), severity="error", markup=False)
                self.rebuild()

        self.app.push_screen(ConfirmScreen(f"This autosave cannot be continued: {why}. Delete it?"), done)

    def move_store_aside(self) -> None:
        try:
            dest = default_store().move_aside()
        except OSError as e:
            self.notify(f"Could not move the database: {e}", severity="error", markup=False)
            return
        self.notify(f"The damaged database was moved to {dest.name}.", markup=False)
        self.rebuild()

    def action_new_first(self) -> None:
        if self._games:
            self.app.show_new_game(self._games[0].name)  # type: ignore[attr-defined]

    def action_continue_first(self) -> None:
        for i, s in enumerate(self._saves):
            if not s.damaged:
                self.open_autosave(i)
                return

    def action_load(self) -> None:
        from .dialogs import PathScreen

        def done(m) -> None:
            if m is not None:
                self.app.open_match(m)  # type: ignore[attr-defined]

        self.app.push_screen(PathScreen("Load a save file", str(saves.data_dir() / "saves") + "/",
                                        saves.load, (saves.SaveError, OSError)), done)
