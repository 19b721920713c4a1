"""Rules notes of the game plus the list of keys.

The text is Markdown, rendered once per process for each width it is shown
at (``rendered_lines``) and drawn line by line from that cache, so the screen
opens at once, also the second time and on a slow link.  (Textual's Markdown
widget builds a widget per block: about 2 s for a game's rules.)
"""
from __future__ import annotations

from functools import lru_cache

from rich.console import Console
from rich.markdown import Markdown
from rich.segment import Segment
from textual.app import ComposeResult
from textual.binding import Binding
from textual.geometry import Size
from textual.screen import Screen
from textual.scroll_view import ScrollView
from textual.strip import Strip
from textual.widgets import Footer, Static

KEYS_MD = """\
## Keys

- **↑ ↓** or **k j**: move in the option list (or in the log, when it is large)
- **← → ↑ ↓**: move the cursor on the board, when the board has focus
- **Enter**: take what the screen names: the option the list highlights, or,
  on the board, what the line under it names ("Enter picks …")
- **Tab / Shift+Tab**: switch between the option list and the board
- **/**: filter the options: type words, ↑ ↓ move, Enter chooses, Esc clears
- **Esc**: clear the filter, or show all options again after picking on the board
- **u**: undo the last choice (when the rules allow it: until the next player has chosen or
  something hidden was revealed; on the next player's curtain too); the highlight comes back
  to the option you had taken (unless it passed or ended), so Enter takes it again
- **p** / **e**: the decision's pass / end option, named on the line under the options
  (they are listed last, and a new decision never highlights one first)
- **t**: your position (Civilization: your techs and unit cards), and back
- **h**: a hint: the easy bot's pick and why, highlighted; never played for you
- **l** (or **L**): show the log large and focus it; again to go back
- **s**: save the game to a file
- **?**: this screen (Esc goes back)
- **q**: back to the main menu (asks first; the game is autosaved)
- **Ctrl+P**: command palette (all of the above); **Ctrl+Q**: quit the program (asks once
  while a game is going)

A decision with a single option plays itself (the log says so), unless the game was started
with forced choices off.

A new decision puts the keys in the option list, and the board's cursor
follows its highlight. After a pick on the board the keys stay there when
every option of the next decision is on the board, with the cursor on the
first of them. Letters are commands everywhere except in the filter field,
which only takes the focus with **/**. The mouse works too: click an option, a species, a card
or the curtain.

On the board, **◆** marks what the current decision can aim at, **▶** the
cursor and **★** the card or species being played. Picking a species with
several options narrows the list to them.

When the next private decision belongs to another person, a curtain asks to
pass the keyboard; nothing of the next hand is drawn until Enter is pressed.
"""


def goal_md(goal: tuple[tuple[str, str], ...]) -> str:
    """The goal card (``Game.goal``) first: how to win comes before the keys."""
    if not goal:
        return ""
    return "## How to win\n" + "".join(f"- **{head}**: {text}\n" for head, text in goal) + "\n"


@lru_cache(maxsize=32)
def rendered_lines(text: str, width: int) -> tuple[Strip, ...]:
    """``text`` (Markdown) rendered ``width`` cells wide, one Strip a line."""
    width = max(20, width)
    console = Console(width=width, color_system="truecolor", force_terminal=True,
                      legacy_windows=False, emoji=False)
    lines = console.render_lines(Markdown(text, hyperlinks=False), console.options.update_width(width),
                                 pad=True, new_lines=False)
    return tuple(Strip(Segment.simplify(line), width) for line in lines)


class RulesView(ScrollView, can_focus=True):
    """The keys and the rules notes, drawn from ``rendered_lines``."""

    DEFAULT_CSS = """
    RulesView { height: 1fr; overflow-x: hidden; overflow-y: scroll; }
    """

    def __init__(self, text: str, **kw) -> None:
        super().__init__(**kw)
        self.text = text
        self._lines: tuple[Strip, ...] = ()

    def on_resize(self) -> None:
        self._layout_text()

    def on_mount(self) -> None:
        self._layout_text()

    def _layout_text(self) -> None:
        # The text is taller than the screen: leave room for the vertical
        # scrollbar from the start (else the lines are cut on the right).
        width = self.content_region.width - self.styles.scrollbar_size_vertical
        if width <= 0:
            return
        self._lines = rendered_lines(self.text, width)
        self.virtual_size = Size(width, len(self._lines))
        self.refresh()

    def render_line(self, y: int) -> Strip:
        i = y + self.scroll_offset.y
        if 0 <= i < len(self._lines):
            return self._lines[i].apply_style(self.rich_style)
        return Strip.blank(self.virtual_size.width, self.rich_style)

    @property
    def line_count(self) -> int:
        return len(self._lines)


class HelpScreen(Screen[None]):
    BINDINGS = [
        Binding("escape,q,question_mark", "app.pop_screen", "Back"),
        Binding("j,down", "scroll(1)", show=False),
        Binding("k,up", "scroll(-1)", show=False),
    ]

    def __init__(self, title: str, notes: str, goal: tuple[tuple[str, str], ...] = ()) -> None:
        super().__init__()
        self.title_text = title
        self.notes = notes
        self.goal = goal

    def compose(self) -> ComposeResult:
        yield Static(f" {self.title_text}: rules and keys (Esc to go back)", classes="screen-title")
        text = goal_md(self.goal) + KEYS_MD + ("\n---\n\n" + self.notes if self.notes.strip() else "")
        yield RulesView(text, id="help-scroll")
        yield Footer()

    def on_mount(self) -> None:
        for view in self.query("#help-scroll"):  # none if taken down before it mounted
            view.focus()

    def action_scroll(self, step: int) -> None:
        s = self.query_one("#help-scroll", RulesView)
        s.scroll_relative(y=step * 2, animate=False)
