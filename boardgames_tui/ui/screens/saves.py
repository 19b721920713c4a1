"""All saved games: every autosave, to open one or delete one.

The menu's Continue lists the five latest autosaves and leads here.  Damaged
entries (``SaveSummary.damaged``) are listed with the reason and can only be
deleted; a damaged database is reported, and the menu offers to move it aside.
Keyboard only: ↑↓/jk move, Enter opens, d/Delete deletes (after a ``y``), Esc
or q goes back to the menu.
"""
from __future__ import annotations


from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.screen import Screen
from textual.widgets import Footer, OptionList, Static
from textual.widgets.option_list import Option

from ...engine import save as saves
from ...engine.store import SaveSummary, StoreError, default_store
from ..lists import KeyList
from ..save_text import game_title, players_text, when


def summary_line(s: SaveSummary, width: int = 72) -> Text:
    """One line for an autosave, at most ``width`` cells: game, round, date,
    then as many player names as fit."""
    title = game_title(s.game)
    t = Text(no_wrap=True, overflow="ellipsis")
    t.append(title, style="bold")
    if s.damaged:
        t.append(f" · damaged ({s.damaged}) · Enter deletes it", style="italic")
        t.append(f" · {when(s.saved)}", style="dim")
        return t
    mid = f" · round {s.round}" + (" · finished" if s.over else "")
    t.append(mid)
    t.append(f" · {when(s.saved)}", style="dim")
    t.append(" · " + players_text(s.players, width - len(t.plain) - 3))
    return t


def details(s: SaveSummary) -> Text:
    """The full description of an autosave (the menu's and this screen's detail line)."""
    if s.damaged:
        return Text(f"{game_title(s.game)}: this autosave cannot be continued ({s.damaged}).")
    state = "finished" if s.over else f"round {s.round}"
    return Text(f"{game_title(s.game)}, {state}, saved {when(s.saved)}. Players: {', '.join(s.players)}.")


def open_autosave(screen: Screen, s: SaveSummary, after_delete) -> None:
    """Open ``s``'s game, or offer to delete it when it cannot be continued."""
    if s.damaged:
        offer_delete(screen, s, after_delete, why=s.damaged)
        return
    try:
        m = default_store().load(s.id)
    except (saves.SaveError, StoreError) as e:
        offer_delete(screen, s, after_delete, why=str(e))
        return
    screen.app.open_match(m)  # type: ignore[attr-defined]


def autosaves() -> tuple[list[SaveSummary], str]:
    """The autosaves, newest first, and "" or, when the database cannot be
    read, none and why: a damaged database never stops a screen."""
    try:
        return default_store().summaries(), ""
    except StoreError as e:
        return [], str(e)


def offer_delete(screen: Screen, s: SaveSummary, after_delete, why: str = "") -> None:
    """Ask, then delete the autosave ``s``; ``after_delete()`` refreshes the list."""
    from .dialogs import ConfirmScreen

    def done(yes: bool | None) -> None:
        if yes:
            try:
                default_store().delete(s.id)
            except StoreError as e:
                screen.notify(str(e), severity="error", markup=False)
            after_delete()

    if why:
        question = f"This autosave cannot be continued: {why}. Delete it?"
        screen.app.push_screen(ConfirmScreen(question), done)
    else:
        question = (f"Delete the autosave of {game_title(s.game)} ({', '.join(s.players)}), "
                    f"saved {when(s.saved)}? It cannot be undone.")
        screen.app.push_screen(ConfirmScreen(question, enter_yes=False, yes="delete it",
                                             no="keep it"), done)


class SavesList(KeyList):
    pass


class SavedGamesScreen(Screen[None]):
    BINDINGS = [
        Binding("escape,q", "back", "Back to the menu"),
        Binding("d,delete", "delete", "Delete"),
    ]

    def compose(self) -> ComposeResult:
        yield Static("", id="saves-title", classes="screen-title")
        yield SavesList(id="all-saves")
        yield Static("", id="saves-details")
        yield Static("↑↓/jk move · Enter open · d delete · Esc back to the menu", id="saves-help")
        yield Footer()

    def on_mount(self) -> None:
        self.rebuild()
        for lst in self.query(SavesList):  # none if taken down before it mounted
            lst.focus()

    def rebuild(self) -> None:
        if not self.query(SavesList):   # not composed, or being torn down
            return
        self._saves, self._error = autosaves()
        lst = self.query_one(SavesList)
        keep = lst.highlighted
        lst.clear_options()
        width = max(self.app.size.width - 4, 40)
        if self._error:
            lst.add_option(Option(Text(f"{self._error}. Esc: the menu offers to move it aside.",
                                       style="italic"), id="store-damaged", disabled=True))
        elif not self._saves:
            lst.add_option(Option(Text("No autosaved games.", style="dim"), id="none", disabled=True))
        else:
            lst.add_options([Option(summary_line(s, width), id=f"save:{i}")
                             for i, s in enumerate(self._saves)])
            lst.highlighted = min(keep or 0, len(self._saves) - 1)
        n = len(self._saves)
        self.query_one("#saves-title", Static).update(
            Text(f" All saved games ({n})" if n else " All saved games"))
        self._show_details()

    def _current(self) -> SaveSummary | None:
        lst = self.query_one(SavesList)
        opt = lst.highlighted_option
        if opt is None or not (opt.id or "").startswith("save:"):
            return None
        i = int(opt.id.split(":")[1])
        return self._saves[i] if i < len(self._saves) else None

    def _show_details(self) -> None:
        s = self._current()
        self.query_one("#saves-details", Static).update(details(s) if s else "")

    @on(OptionList.OptionHighlighted, "#all-saves")
    def _highlighted(self, event: OptionList.OptionHighlighted) -> None:
        self._show_details()

    @on(OptionList.OptionSelected, "#all-saves")
    def _selected(self, event: OptionList.OptionSelected) -> None:
        s = self._current()
        if s is not None and self.app.screen is self:
            open_autosave(self, s, self.rebuild)

    def action_delete(self) -> None:
        s = self._current()
        if s is not None and self.app.screen is self:
            offer_delete(self, s, self.rebuild, why=s.damaged)

    def action_back(self) -> None:
        if self.app.screen is self:
            self.app.pop_screen()
