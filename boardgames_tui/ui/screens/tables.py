"""The menu's Tables: this host's tables (as ``boardgames-tui tables`` lists them), to join,
watch or start one.

Enter joins the highlighted table (your seat, or the first free one), ``w`` watches it,
the "New table" lines open the new-game form, whose Start creates a table instead of a
game and joins it.  A refusal (a seat taken, no free seat) is one notify line.
Keyboard only: ↑↓/jk move, Enter, w, r reloads, Esc/q back to the menu.  The list follows
the other terminals' choices (the host's table server asked once a second).
"""
from __future__ import annotations

from rich.text import Text
from textual import on, work
from textual.app import ComposeResult
from textual.binding import Binding
from textual.screen import Screen
from textual.widgets import Footer, OptionList, Static
from textual.widgets.option_list import Option

from ...engine.identity import IdentityError
from ...engine.session import Match
from ...engine.table_store import TableInfo
from ...table_cli import join_link, list_tables, table_line
from ...tables.client import ClientError, request
from ..lists import KeyList
from .menu import playable_games


class TablesList(KeyList):
    pass


class TablesScreen(Screen[None]):
    BINDINGS = [
        Binding("escape,q", "back", "Back to the menu"),
        Binding("w", "watch", "Watch"),
        Binding("r", "reload", "Reload"),
    ]

    def compose(self) -> ComposeResult:
        yield Static(" Tables: one game, each seat at its own terminal", classes="screen-title")
        yield TablesList(id="tables")
        yield Static("", id="tables-about")
        yield Static("↑↓/jk move · Enter join · w watch · r reload · Esc back", id="tables-help")
        yield Footer()

    def on_mount(self) -> None:
        self.me = ""
        self._seen: list[tuple] = []
        self.rebuild()
        for lst in self.query(TablesList):  # none if taken down before it mounted
            lst.focus()
        self.set_interval(1.0, self._follow)

    def _follow(self) -> None:
        """Turns move on at the other terminals: the list follows, asked on a worker thread (a
        server that is slow to answer never holds the keys up)."""
        if self.app.screen is self:
            self._ask()

    @work(thread=True, exclusive=True, group="tables-list", exit_on_error=False)
    def _ask(self) -> None:
        got = self._fetch()
        self.app.call_from_thread(self._show_tables, *got)

    @staticmethod
    def _fetch() -> tuple[str, list[TableInfo], str]:
        try:
            me, tables = list_tables()
            return me, tables, ""
        except (ClientError, IdentityError) as e:
            return "", [], str(e)

    def rebuild(self) -> None:
        """The list now (at the start, after a refusal, and on r)."""
        self._show_tables(*self._fetch())

    def _show_tables(self, me: str, tables: list[TableInfo], error: str) -> None:
        if not self.is_mounted or not self.query(TablesList):
            return
        lst = self.query_one(TablesList)
        if me:
            self.me = me
        seen = [(t.code, t.n, t.gen, t.seats) for t in tables] + [error]
        if seen == self._seen and lst.option_count:
            return   # nothing moved: the list and its highlight stay as they are
        self._seen = seen
        self._tables = tables
        keep = lst.highlighted
        lst.clear_options()
        width = max(self.app.size.width - 4, 40)
        items: list = []
        if error:
            items.append(Option(Text(error, style="italic"), id="error", disabled=True))
        for i, t in enumerate(self._tables):
            style = "bold" if t.my_turn(self.me) else ""
            items.append(Option(Text(table_line(t, self.me, width), style=style, no_wrap=True), id=f"t:{i}"))
        if not self._tables and not error:
            items.append(Option(Text("No tables on this host yet.", style="dim"), id="none", disabled=True))
        items.append(None)
        for info in playable_games():
            items.append(Option(Text(f"New table: {info.title}", style="bold"), id=f"new:{info.name}"))
        lst.add_options(items)
        first = next(i for i, o in enumerate(lst.options) if not o.disabled)
        lst.highlighted = keep if keep is not None and keep < lst.option_count and \
            not lst.get_option_at_index(keep).disabled else first
        self._show_about()

    def _current(self) -> TableInfo | None:
        opt = self.query_one(TablesList).highlighted_option
        oid = (opt.id if opt is not None else "") or ""
        return self._tables[int(oid[2:])] if oid.startswith("t:") else None

    def _show_about(self) -> None:
        t = self._current()
        about = ""
        if t is not None:
            seats = ", ".join(f"{s.index + 1} {s.name}" for s in t.seats)
            about = f"Table {t.code}, {t.game}, round {t.round}, {t.n} choices. Seats: {seats}."
        else:
            opt = self.query_one(TablesList).highlighted_option
            if opt is not None and (opt.id or "").startswith("new:"):
                about = "Set up the seats; Start creates the table and shows its code to give to the others."
        self.query_one("#tables-about", Static).update(Text(about))

    @on(OptionList.OptionHighlighted, "#tables")
    def _highlighted(self, event: OptionList.OptionHighlighted) -> None:
        self._show_about()

    @on(OptionList.OptionSelected, "#tables")
    def _selected(self, event: OptionList.OptionSelected) -> None:
        if self.app.screen is not self:
            return
        oid = event.option.id or ""
        if oid.startswith("new:"):
            self.new_table(oid[4:])
        elif oid.startswith("t:"):
            self.join(self._tables[int(oid[2:])].code, watch=False)

    def join(self, code: str, watch: bool) -> None:
        try:
            link = join_link(code, None, watch)
        except (ClientError, IdentityError) as e:
            self.notify(str(e), severity="error", markup=False)
            self.rebuild()
            return
        self.app.open_table(link)  # type: ignore[attr-defined]

    def new_table(self, game_name: str) -> None:
        from ...engine.registry import get_game
        from .new_game import NewGameScreen

        try:
            game = get_game(game_name)
        except ImportError as e:
            self.notify(f"{game_name} cannot be played yet: {e}", severity="error", markup=False)
            return
        self.app.push_screen(NewGameScreen(game, start=self.create_table))

    def create_table(self, m: Match) -> None:
        # The seats and options only: the server draws the seed (the form has no Seed field here).
        try:
            code = request({"t": "new", "game": m.game.name, "seats": [s.to_json() for s in m.seats],
                            "options": m.options})["code"]
        except ClientError as e:
            self.notify(str(e), severity="error", markup=False)
            return
        self.notify(f"Table {code} created: the others type  boardgames-tui join {code}",
                    timeout=10, markup=False)
        self.join(code, watch=False)

    def action_watch(self) -> None:
        t = self._current()
        if t is not None and self.app.screen is self:
            self.join(t.code, watch=True)

    def action_reload(self) -> None:
        self.rebuild()

    def action_back(self) -> None:
        if self.app.screen is self:
            self.app.pop_screen()
