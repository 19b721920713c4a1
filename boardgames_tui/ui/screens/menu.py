"""The main menu: New game (one line per game), Continue (the three latest
autosaves, then "All saved games…"), Load a save file, Quit.

At 80x24 everything fits without scrolling whatever the number of autosaves
(five games; a sixth would take a Continue line): each entry is one line, and the line under the list
describes the highlighted entry (a game's blurb, an autosave's players).
"""
from __future__ import annotations

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
from ...engine.registry import GAMES, GameEntry
from ...engine.store import SaveSummary, default_store
from ..lists import KeyList
from .saves import autosaves, details, summary_line
from .table_turns import my_turns, turns_text

__all__ = ["MenuScreen", "playable_games", "summary_line", "CONTINUE_SHOWN"]

MENU_CHROME = 8      # rows that are not the list's: title 2, box border 2, about 2, help, footer
CONTINUE_SHOWN = 2   # the latest autosaves listed under Continue (80x24 holds no more with 5 games, Tables and Learn)


def playable_games() -> list[GameEntry]:
    """The registered games.  One whose rules module cannot be found is left
    out of the menu rather than stopping it (the test suite fails on it
    loudly).  Nothing is imported: the titles are the registry's."""
    return [info for info in GAMES.values() if info.importable()]


class MenuList(KeyList):
    pass


class MenuScreen(Screen[None]):
    BINDINGS = [
        Binding("n", "new_first", "New game", show=False),
        Binding("c", "continue_first", "Continue newest", show=False),
        Binding("a", "all_saves", "All saved games"),
        Binding("o", "load", "Load file"),
        Binding("t", "tables", "Tables"),
        Binding("q", "app.quit", "Quit"),
    ]

    def compose(self) -> ComposeResult:
        t = Text()
        t.append("boardgames-tui", style="bold")
        t.append(f" · v{__version__}\n", style="dim")
        t.append("heavy board games, hot-seat, in the terminal", style="italic")
        yield Static(t, id="menu-title")
        with Vertical(id="menu-box"):
            yield MenuList(id="menu")
        yield Static("", id="menu-about")
        yield Static("↑↓/jk move · Enter choose · a all saved · t tables · o load file · q quit",
                     id="menu-help")
        yield Footer()

    def on_mount(self) -> None:
        self.rebuild()
        for lst in self.query(MenuList):  # none if taken down before it mounted
            lst.focus()

    def on_screen_suspend(self) -> None:
        self._left = True

    def on_screen_resume(self) -> None:
        # Back from a game or a dialog: the saves may have changed.  (The
        # first resume follows the mount, which has just built the list.)
        if getattr(self, "_left", False):
            self.rebuild()

    def rebuild(self) -> None:
        if not self.query(MenuList):   # not composed, or being torn down
            return
        # A damaged autosave, or a damaged database, never stops the menu.
        self._saves, self._store_error = autosaves()
        self._games = playable_games()
        self._turns = my_turns()
        lst = self.query_one(MenuList)
        keep = lst.highlighted
        lst.clear_options()
        # the list's inner width: the screen less the box's padding, border and scrollbar
        width = max(self.app.size.width - 9, 40)
        items: list = [Option(Text("New game", style="bold underline"), id="h-new", disabled=True)]
        pad = max((len(info.title) for info in self._games), default=0)
        for info in self._games:
            t = Text(no_wrap=True, overflow="ellipsis")
            t.append(info.title.ljust(pad), style="bold")
            t.append(f"  {info.players_text()}", style="dim")
            items.append(Option(t, id=f"new:{info.name}"))
        if not self._games:
            items.append(Option("(no game installed)", id="h-none", disabled=True))
        items.append(None)
        items.append(Option(Text("Continue", style="bold underline"), id="h-cont", disabled=True))
        if self._store_error:
            items.append(Option(Text("The autosave database is damaged. Enter moves it aside "
                                     "and starts a new one.", style="italic"), id="store-damaged"))
        elif self._saves:
            for i, s in enumerate(self._saves[:CONTINUE_SHOWN]):
                items.append(Option(summary_line(s, width), id=f"continue:{i}"))
            items.append(Option(Text(f"All saved games… ({len(self._saves)})", style="bold"),
                                id="all-saves"))
        else:
            items.append(Option(Text("No autosaved games yet", style="dim"), id="h-nosave", disabled=True))
        # The screen less the title, the box's border, the about and help lines and the footer:
        # at 80x24 with many autosaves the last separator gives way to the Tables and Learn lines.
        if len(items) + 5 <= self.app.size.height - MENU_CHROME:   # the separator, Tables, Learn, Load, Quit
            items.append(None)
        t = Text("Tables…", style="bold")
        if self._turns:
            t.append(f"  {turns_text(self._turns)}", style="bold reverse")
        items.append(Option(t, id="tables"))
        items.append(Option(Text("Learn to play…", style="bold"), id="learn"))
        items.append(Option(Text("Load a save file…", style="bold"), id="load"))
        items.append(Option(Text("Quit", style="bold"), id="quit"))
        lst.add_options(items)
        if keep is not None and keep < lst.option_count and not lst.get_option_at_index(keep).disabled:
            lst.highlighted = keep
        else:
            lst.highlighted = 1
        self._show_about()

    def _show_about(self) -> None:
        lst = self.query_one(MenuList)
        opt = lst.highlighted_option
        oid = (opt.id if opt is not None else "") or ""
        about: Text | str = ""
        if oid.startswith("new:"):
            info = GAMES.get(oid[4:])
            about = Text(info.blurb) if info is not None else ""
        elif oid.startswith("continue:"):
            about = details(self._saves[int(oid.split(":")[1])])
        elif oid == "store-damaged":
            about = Text(self._store_error)
        elif oid == "all-saves":
            about = "Every autosaved game: open one or delete one."
        elif oid == "learn":
            about = ("A guided first game against easy bots: what each decision is for, a hint with its "
                     "reason at every turn, and a word when a choice looks weak.")
        elif oid == "tables":
            about = ("One game, each seat played from its own terminal on this host: "
                     "join, watch or start a table.")
        elif oid == "load":
            about = Text(f"Open a save file (those written with s during a game are in "
                         f"{saves.saves_dir()}).")
        elif oid == "quit":
            about = "Leave boardgames-tui. Games in progress are autosaved."
        self.query_one("#menu-about", Static).update(about)

    @on(OptionList.OptionHighlighted, "#menu")
    def _highlighted(self, event: OptionList.OptionHighlighted) -> None:
        self._show_about()

    @on(OptionList.OptionSelected, "#menu")
    def _selected(self, event: OptionList.OptionSelected) -> None:
        if self.app.screen is not self:
            return
        oid = event.option.id or ""
        if oid.startswith("new:"):
            self.app.show_new_game(oid[4:])  # type: ignore[attr-defined]
        elif oid.startswith("continue:"):
            self.open_autosave(int(oid.split(":")[1]))
        elif oid == "all-saves":
            self.action_all_saves()
        elif oid == "store-damaged":
            self.move_store_aside()
        elif oid == "load":
            self.action_load()
        elif oid == "learn":
            self.action_learn()
        elif oid == "tables":
            self.action_tables()
        elif oid == "quit":
            self.app.exit()

    def open_autosave(self, i: int) -> None:
        from .saves import open_autosave
        open_autosave(self, self._saves[i], self.rebuild)

    def offer_delete(self, s: SaveSummary, why: str) -> None:
        from .saves import offer_delete
        offer_delete(self, s, self.rebuild, why=why)

    def move_store_aside(self) -> None:
        try:
            dest = default_store().move_aside()
        except OSError as e:
            self.notify(f"Could not move the database: {e}", severity="error", markup=False)
            return
        self.notify(f"The damaged database was moved to {dest.name}.", markup=False)
        self.rebuild()

    def action_new_first(self) -> None:
        if self._games and self.app.screen is self:
            self.app.show_new_game(self._games[0].name)  # type: ignore[attr-defined]

    def action_continue_first(self) -> None:
        if self.app.screen is not self:
            return
        for i, s in enumerate(self._saves):
            if not s.damaged:
                self.open_autosave(i)
                return

    def action_all_saves(self) -> None:
        from .saves import SavedGamesScreen

        if self.app.screen is self:
            self.app.push_screen(SavedGamesScreen())

    def action_learn(self) -> None:
        from .dialogs import PickScreen

        if self.app.screen is not self or not self._games:
            return

        def done(name) -> None:
            if isinstance(name, str):
                self.app.open_learn(name)  # type: ignore[attr-defined]

        self.app.push_screen(PickScreen("Learn to play which game?",
                                        [(g.name, g.title) for g in self._games]), done)
    def action_tables(self) -> None:
        from .tables import TablesScreen

        if self.app.screen is self:
            self.app.push_screen(TablesScreen())

    def action_load(self) -> None:
        from .dialogs import LoadScreen

        if self.app.screen is not self:
            return

        from ...table_cli import join_link
        from ...tables.bookmark import Bookmark, load_any
        from ...tables.client import ClientError
        from ...tables.client import remote as remote_server

        def load(path):
            got = load_any(path)
            if isinstance(got, Bookmark):   # a Save at a table: joined again, or refused in the dialog
                got.check_reachable(remote_server())
                return join_link(got.code, got.seat, got.watch)
            return got

        def done(m) -> None:
            if isinstance(m, saves.Match):
                self.app.open_match(m)  # type: ignore[attr-defined]
            elif m is not None:
                self.app.open_table(m)  # type: ignore[attr-defined]

        self.app.push_screen(LoadScreen(load, (saves.SaveError, OSError, ClientError)), done)
