"""Small modal dialogs: confirm, pick, the goal card, save to and load from a file, the too-small notice."""
from __future__ import annotations

import os
from pathlib import Path
from collections.abc import Callable

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Input, OptionList, Static
from textual.widgets.option_list import Option

from ...engine.text import one_line, printable
from ..lists import KeyList
from ..save_text import game_title, players_text, when
from ..sizes import MIN_HEIGHT, MIN_WIDTH


class _Once:
    """Dismiss a modal screen once, and only while it is the top screen: a key
    typed ahead must not pop the screen beneath (``dismiss`` pops the top)."""

    _dismissed = False

    def close(self, result=None) -> None:
        if self._dismissed or self.app.screen is not self:  # type: ignore[attr-defined]
            return
        self._dismissed = True
        self.dismiss(result)  # type: ignore[attr-defined]


class ConfirmScreen(_Once, ModalScreen[bool]):
    """``question`` — y/Enter yes, n/Escape no.  With ``enter_yes=False``
    (replace a file, delete a game) only ``y`` says yes: Enter typed ahead
    does nothing."""

    BINDINGS = [
        Binding("y", "answer(True)", "Yes"),
        Binding("enter", "enter", "Yes", show=False),
        Binding("n,escape", "answer(False)", "No"),
    ]

    def __init__(self, question: str, enter_yes: bool = True, yes: str = "yes", no: str = "no") -> None:
        super().__init__()
        self.question = question
        self.enter_yes = enter_yes
        self.yes, self.no = yes, no

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog"):
            yield Static(Text(self.question), classes="dialog-title")
            enter = " / Enter" if self.enter_yes else ""
            yield Static(Text.from_markup(f"[b]y[/b]{enter}: {self.yes}    [b]n[/b] / Esc: {self.no}"),
                         classes="dialog-help")

    def action_enter(self) -> None:
        if self.enter_yes:
            self.close(True)

    def action_answer(self, yes: bool) -> None:
        self.close(yes)


def goal_text(goal: tuple[tuple[str, str], ...]) -> Text:
    """The goal card's lines: each heading bold, then its text."""
    t = Text()
    for i, (head, text) in enumerate(goal):
        if i:
            t.append("\n")
        t.append(f"{head}: ", style="bold")
        t.append(text)
    return t


class GoalScreen(_Once, ModalScreen[None]):
    """The goal card before a guided game's first choice: how to win, what scores, when the game ends
    and what a round looks like (``Game.goal``); any of Enter, Esc or Space goes on to the game."""

    BINDINGS = [Binding("enter,escape,space", "go", "Play")]

    def __init__(self, title: str, goal: tuple[tuple[str, str], ...]) -> None:
        super().__init__()
        self.title_text, self.goal = title, goal

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog", id="goal-dialog"):
            yield Static(Text(f"How to win {self.title_text}"), classes="dialog-title")
            yield Static(goal_text(self.goal), id="goal-text")
            yield Static(Text.from_markup("[b]Enter[/b]: play    [b]?[/b] in the game: this and the rules"),
                         classes="dialog-help")

    def action_go(self) -> None:
        self.close(None)


class PickScreen(_Once, ModalScreen[object]):
    """``title`` and a list to pick one from: Enter picks (the chosen item's id), Esc goes back (None)."""

    BINDINGS = [Binding("escape", "back", "Back")]

    def __init__(self, title: str, items: list[tuple[str, str]], help_text: str = "") -> None:
        super().__init__()
        self.title_text, self.items, self.help_text = title, items, help_text

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog"):
            yield Static(Text(self.title_text), classes="dialog-title")
            yield OptionList(*[Option(Text(label), id=oid) for oid, label in self.items], id="pick")
            yield Static(Text(self.help_text or "Enter: pick    Esc: back"), classes="dialog-help")

    @on(OptionList.OptionSelected, "#pick")
    def _picked(self, event: OptionList.OptionSelected) -> None:
        self.close(event.option.id)

    def action_back(self) -> None:
        self.close(None)


class PathScreen(_Once, ModalScreen[object]):
    """Ask for a file path.  ``act(path)`` is tried on Enter: it returns the
    result to dismiss with, or raises an exception whose one-line message is
    shown under the field (the dialog stays open)."""

    BINDINGS = [Binding("escape", "cancel", "Cancel")]
    placeholder = "path to a .json file"

    def __init__(self, title: str, default: str, act: Callable[[str], object],
                 errors: tuple[type[BaseException], ...] = (Exception,)) -> None:
        super().__init__()
        self.title_text = title
        self.default = default
        self.act = act
        self.errors = errors

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog"):
            yield Static(self.title_text, classes="dialog-title")
            yield Input(value=self.default, placeholder=self.placeholder, id="path")
            yield Static("", id="path-error", classes="error")
            yield Static("Enter: OK    Esc: cancel", classes="dialog-help")

    def on_mount(self) -> None:
        # A key typed ahead may close the dialog before its Mount arrives; its
        # children are gone by then, and there is nothing left to set up.
        for inp in self.query("#path").results(Input):
            if self.app.is_headless:
                inp.cursor_blink = False
            self.focus_first()

    def focus_first(self) -> None:
        for inp in self.query("#path").results(Input):
            inp.focus()

    def show_error(self, message: str) -> None:
        # One line, whatever a file or a name put in the message ("" clears it).
        self.query_one("#path-error", Static).update(Text(one_line(message)))

    @on(Input.Submitted, "#path")
    def _submit(self, event: Input.Submitted) -> None:
        event.stop()
        if self._dismissed:
            return
        path = event.value.strip()
        if not path:
            self.show_error("Type a path first.")
            return
        self.show_error("")
        self.submit(path)

    def submit(self, path: str) -> None:
        try:
            result = self.act(path)
        except self.errors as e:  # shown, not raised
            self.show_error(str(e) or e.__class__.__name__)
            return
        self.close(result)

    def action_cancel(self) -> None:
        self.close(None)


def _write_error(path: Path, e: OSError) -> str:
    shown = str(path) if len(str(path)) <= 36 else path.name
    return f"{shown}: cannot be written ({e.strerror or e.__class__.__name__})"


def _hosted() -> bool:
    from ...engine.hosting import hosted
    return hosted()


class SaveScreen(PathScreen):
    """Save to a file.  A bare name goes to the saves folder, ``~`` is
    expanded, ``.json`` is added; a folder, a device, a FIFO or a name with a
    control character is refused in the dialog; an existing file is replaced
    only after a ``y``.  In hosted mode only a bare name is taken.
    ``write(path)`` writes; the dialog dismisses with the path written."""

    placeholder = "a name, or a path (~ works)"

    def __init__(self, default: str, write: Callable[[Path], object],
                 title: str = "Save the game to a file") -> None:
        super().__init__(title, default, self._no_act)
        self.write = write

    @staticmethod
    def _no_act(path: str) -> object:  # pragma: no cover - submit() is overridden
        raise NotImplementedError

    def compose(self) -> ComposeResult:
        from ...engine import save as saves

        hosted = _hosted()
        with Vertical(classes="dialog"):
            yield Static(self.title_text, classes="dialog-title")
            yield Input(value=self.default, id="path",
                        placeholder="a name" if hosted else self.placeholder)
            yield Static("", id="path-error", classes="error")
            note = ("The file goes to your saves folder: type a plain name." if hosted
                    else f"A name without a folder goes to {saves.saves_dir()}")
            yield Static(Text(note), classes="dialog-note")
            yield Static("Enter: save    Esc: cancel", classes="dialog-help")

    def submit(self, text: str) -> None:
        from ...engine import save as saves

        try:
            path = saves.save_target(text)
        except saves.SaveError as e:
            self.show_error(str(e))
            return
        if os.path.lexists(path):
            def answer(yes: bool | None) -> None:
                if yes:
                    self._write(path)
                elif self.is_mounted:
                    self.query_one("#path", Input).focus()

            shown = path.name if _hosted() else path
            self.app.push_screen(ConfirmScreen(f"{shown} exists. Replace it?", enter_yes=False,
                                               yes="replace it", no="keep it"), answer)
            return
        self._write(path)

    def _write(self, path: Path) -> None:
        from ...engine.save import SaveError

        if self._dismissed:
            return
        try:
            self.write(path)
        except OSError as e:
            self.show_error(_write_error(path, e))
            return
        except SaveError as e:  # hosted mode's last check in save()
            self.show_error(str(e))
            return
        self.close(path)


class LoadScreen(PathScreen):
    """Load a save file: the files of the saves folder, newest first (game,
    players and date from their headers; damaged ones say so), or a typed
    path (in hosted mode a bare name of that folder only).  ``load(path)``
    returns the result (a match) or raises ``errors``."""

    BINDINGS = [Binding("escape", "cancel", "Cancel")]
    placeholder = "or type a name or a path (~ works)"

    def __init__(self, load: Callable[[Path], object],
                 errors: tuple[type[BaseException], ...] = (Exception,),
                 title: str = "Load a save file") -> None:
        super().__init__(title, "", self._no_act, errors)
        self.load = load

    @staticmethod
    def _no_act(path: str) -> object:  # pragma: no cover - submit() is overridden
        raise NotImplementedError

    def compose(self) -> ComposeResult:
        from ...engine import save as saves

        self.files = saves.list_save_files()
        hosted = _hosted()
        folder = "your saves folder" if hosted else saves.saves_dir()
        with Vertical(classes="dialog", id="load-dialog"):
            yield Static(self.title_text, classes="dialog-title")
            if self.files:
                yield Static(Text(f"Files in {folder}, newest first:"), classes="dialog-note")
                lst = FileList(id="files")
                lst.add_options([Option(file_line(f), id=f"file:{i}") for i, f in enumerate(self.files)])
                yield lst
            else:
                yield Static(Text(f"No save files in {folder} yet."), classes="dialog-note")
            yield Input(value=self.default, id="path",
                        placeholder="or type a name in that folder" if hosted else self.placeholder)
            yield Static("", id="path-error", classes="error")
            keys = "↑↓ file · Enter: load · Tab: list/path · Esc: cancel" if self.files \
                else "Enter: load    Esc: cancel"
            yield Static(keys, classes="dialog-help")

    def focus_first(self) -> None:
        if self.files:
            lst = self.query_one("#files", OptionList)
            lst.highlighted = 0
            lst.focus()
        else:
            self.query_one("#path", Input).focus()

    @on(OptionList.OptionSelected, "#files")
    def _file_chosen(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        if self._dismissed:
            return
        i = int((event.option.id or "file:0").split(":")[1])
        self.show_error("")
        self._load(self.files[i].path)

    def submit(self, text: str) -> None:
        from ...engine import save as saves

        try:
            path = saves.load_target(text)
        except saves.SaveError as e:
            self.show_error(str(e))
            return
        self._load(path)

    def _load(self, path: Path) -> None:
        try:
            result = self.load(path)
        except self.errors as e:  # shown, not raised
            self.show_error(str(e) or e.__class__.__name__)
            return
        self.close(result)


class FileList(KeyList):
    pass


def file_line(f) -> Text:
    """Two lines of the Load list for a :class:`~boardgames_tui.engine.save.SaveFileInfo`."""
    t = Text(no_wrap=True, overflow="ellipsis")
    t.append(printable(f.path.name, 60), style="bold")
    t.append(f"  {when(f.saved)}", style="dim")
    t.append("\n  ")
    if f.damaged:
        t.append(f"damaged: {f.damaged}", style="italic")
    elif f.note:
        t.append(f.note, style="italic")
    else:
        rest = f" · round {f.round}" if f.round is not None else ""
        rest += " · finished" if f.over else ""
        title = game_title(f.game)
        t.append(title)
        t.append(" · " + players_text(f.players, 62 - len(title) - len(rest)))
        t.append(rest)
    return t


class TooSmallScreen(ModalScreen[None]):
    """Covers everything while the terminal is smaller than 80x24; the game
    beneath is not current, so bots wait and no key reaches it."""

    too_small_screen = True  # what the app looks for (without importing this module)

    def compose(self) -> ComposeResult:
        yield Static("", id="too-small-text")

    def on_mount(self) -> None:
        self.update_size()

    def on_resize(self) -> None:
        self.update_size()

    def update_size(self) -> None:
        w, h = self.app.size
        if not self.is_mounted or not self.query("#too-small-text"):
            return
        self.query_one("#too-small-text", Static).update(
            Text(f"Terminal too small: {w}x{h}.\n"
                 f"Please make it at least {MIN_WIDTH}x{MIN_HEIGHT}.\n"
                 "The game waits.", justify="center"))
