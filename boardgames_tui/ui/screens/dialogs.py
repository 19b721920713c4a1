"""Small modal dialogs: confirm, ask for a path, the too-small notice."""
from __future__ import annotations

from typing import Callable

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Input, Static


class ConfirmScreen(ModalScreen[bool]):
    """``question`` — y/Enter yes, n/Escape no."""

    BINDINGS = [
        Binding("y,enter", "answer(True)", "Yes"),
        Binding("n,escape", "answer(False)", "No"),
    ]

    def __init__(self, question: str) -> None:
        super().__init__()
        self.question = question

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog"):
            yield Static(Text(self.question), classes="dialog-title")
            yield Static("[b]y[/b] / Enter: yes    [b]n[/b] / Esc: no", classes="dialog-help")

    def action_answer(self, yes: bool) -> None:
        self.dismiss(yes)


class PathScreen(ModalScreen[object]):
    """Ask for a file path.  ``act(path)`` is tried on Enter: it returns the
    result to dismiss with, or raises an exception whose one-line message is
    shown under the field (the dialog stays open)."""

    BINDINGS = [Binding("escape", "cancel", "Cancel")]

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
            yield Input(value=self.default, placeholder="path to a .json file", id="path")
            yield Static("", id="path-error", classes="error")
            yield Static("Enter: OK    Esc: cancel", classes="dialog-help")

    def on_mount(self) -> None:
        inp = self.query_one("#path", Input)
        if self.app.is_headless:
            inp.cursor_blink = False
        inp.focus()

    @on(Input.Submitted, "#path")
    def _submit(self, event: Input.Submitted) -> None:
        path = event.value.strip()
        err = self.query_one("#path-error", Static)
        if not path:
            err.update("Type a path first.")
            return
        try:
            result = self.act(path)
        except self.errors as e:  # shown, not raised
            err.update(Text(str(e).splitlines()[0] if str(e) else e.__class__.__name__))
            return
        self.dismiss(result)

    def action_cancel(self) -> None:
        self.dismiss(None)


MIN_WIDTH, MIN_HEIGHT = 80, 24


def too_small(app) -> bool:
    w, h = app.size
    return w < MIN_WIDTH or h < MIN_HEIGHT


class TooSmallScreen(ModalScreen[None]):
    """Covers everything while the terminal is smaller than 80x24; the game
    beneath is not current, so bots wait and no key reaches it."""

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
