"""Rules notes of the game plus the list of keys."""
from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.screen import Screen
from textual.widgets import Footer, Markdown, Static

KEYS_MD = """\
## Keys

- **↑ ↓** or **k j**: move in the option list or the log
- **← → ↑ ↓** or **h l k j**: move the cursor on the board (when the board has focus)
- **Enter**: choose the highlighted option, or what is under the board cursor
- **Tab / Shift+Tab**: move the focus: board, option list, log
- **/**: filter the options: type words, ↑ ↓ move, Enter chooses, Esc clears
- **Esc**: clear the filter, or show all options again after picking on the board
- **u**: undo your last choice (when the rules allow it; otherwise the reason is shown)
- **l** (or **L**): show the log large and focus it; again to go back.
  On the board **l** moves right: use **L**, or Tab away first
- **s**: save the game to a file
- **?**: this screen (Esc goes back)
- **q**: back to the main menu (asks first; the game is autosaved)
- **Ctrl+P**: command palette (all of the above); **Ctrl+Q**: quit the program

Letters are commands everywhere except in the filter field, which only takes
the focus with **/**. The mouse works too: click an option, a species, a card
or the curtain.

On the board, **◆** marks what the current decision can aim at, **▶** the
cursor and **★** the card or species being played. Picking a species with
several options narrows the list to them.

When the next private decision belongs to another person, a curtain asks to
pass the keyboard; nothing of the next hand is drawn until Enter is pressed.
"""


class HelpScreen(Screen[None]):
    BINDINGS = [
        Binding("escape,q,question_mark", "app.pop_screen", "Back"),
        Binding("j,down", "scroll(1)", show=False),
        Binding("k,up", "scroll(-1)", show=False),
    ]

    def __init__(self, title: str, notes: str) -> None:
        super().__init__()
        self.title_text = title
        self.notes = notes

    def compose(self) -> ComposeResult:
        yield Static(f" {self.title_text}: rules and keys (Esc to go back)", classes="screen-title")
        with VerticalScroll(id="help-scroll"):
            yield Markdown(KEYS_MD, id="help-keys")
            if self.notes.strip():
                yield Markdown(self.notes, id="help-notes")
        yield Footer()

    def on_mount(self) -> None:
        self.query_one("#help-scroll").focus()

    def action_scroll(self, step: int) -> None:
        s = self.query_one("#help-scroll", VerticalScroll)
        s.scroll_relative(y=step * 2, animate=False)
