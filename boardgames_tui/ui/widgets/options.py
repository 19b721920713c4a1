"""The searchable list of legal options, shared by every game screen.

The list always holds every legal option of the decision (unless the player
filtered it).  Keys: arrows or j/k move, Enter chooses, ``/`` focuses the
filter field; while the filter has focus every letter goes into it, Up/Down
still move the highlight, Enter chooses the highlighted option and Escape
clears the filter and returns to the list.

Enter never throws a turn away: the options that pass or end (the game's
``passing``) are listed last, the highlight of a new decision is never on one
while another option is open, and each is led by its key (``p``, ``e``); when
the list is longer than its room, a line under it keeps them in sight
(``p Pass · e End your turn``).

Each label takes one line: a long one is cut at a word boundary with "…"
(never inside a number), and the line under the list gives the highlighted
option in full.
"""
from __future__ import annotations

from collections.abc import Callable

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.actions import SkipAction
from textual.binding import Binding
from textual.containers import Vertical
from textual.dom import NoScreen
from textual.message import Message
from textual.widgets import Input, OptionList, Static
from textual.widgets.option_list import Option as ListOption

from ...engine.core import Option
from ...engine.text import cut_words
from ..lists import KeyList


class ChoiceList(KeyList):

    def action_select(self) -> None:
        if self.highlighted is None:
            raise SkipAction()  # let the screen use Enter (e.g. game over)
        super().action_select()


class FilterInput(Input):
    """Takes focus only through ``/`` (not Tab), so letters are commands
    everywhere else."""

    can_focus = False

    BINDINGS = [
        Binding("up", "picker_move(-1)", show=False),
        Binding("down", "picker_move(1)", show=False),
        Binding("escape", "picker_leave", show=False),
    ]

    def action_picker_move(self, step: int) -> None:
        self.parent.move(step)  # type: ignore[union-attr]

    def action_picker_leave(self) -> None:
        self.parent.leave_filter()  # type: ignore[union-attr]

    def on_blur(self) -> None:
        self.can_focus = False


def _words(text: str) -> list[str]:
    return text.lower().replace(":", " ").split()


def _rank(o: Option, words: list[str]) -> int | None:
    """How well the filter's ``words`` fit ``o`` (lower is better; None: no match).  Each typed
    word must begin a word of the label (or of the key): "2" finds "species 2", not the "12" of
    "12 food".  A label that has the typed words side by side, in order, ranks first, one that has
    them in order next: "species 2 population" puts "species 2 population 1 -> 2" before
    "species 1 population 1 -> 2"."""
    if not words:
        return 0
    hay = _words(o.label)
    spots: list[list[int]] = []
    for w in words:
        at = [i for i, h in enumerate(hay) if h.startswith(w)]
        if not at and not any(h.startswith(w) for h in _words(o.key)):
            return None
        spots.append(at)
    if any(not at for at in spots):
        return 3                      # matched through the key only
    starts = spots[0]
    if any(all(s + k in spots[k] for k in range(len(words))) for s in starts):
        return 0
    last = -1
    for at in spots:
        nxt = [i for i in at if i > last]
        if not nxt:
            return 2
        last = nxt[0]
    return 1


class OptionPicker(Vertical):
    """Filter field + option list.  Posts :class:`OptionPicker.Chosen` with the
    option's key and :class:`OptionPicker.Highlighted` as the highlight moves."""

    DEFAULT_CSS = """
    OptionPicker { height: 1fr; border: round $primary-darken-2; border-title-color: $text-muted; }
    OptionPicker:focus-within { border: round $accent; }
    OptionPicker > FilterInput { height: 1; border: none; padding: 0 1; background: $boost; }
    OptionPicker > FilterInput:focus { background: $primary-darken-3; }
    OptionPicker > ChoiceList { height: 1fr; max-height: 100%; border: none; padding: 0; scrollbar-size-vertical: 1; }
    OptionPicker > #picker-hint { height: auto; max-height: 2; color: $text-muted; padding: 0 1; }
    OptionPicker > #picker-keys { height: auto; max-height: 2; padding: 0 1; }
    """

    class Chosen(Message):
        def __init__(self, key: str) -> None:
            super().__init__()
            self.key = key

    class Highlighted(Message):
        def __init__(self, option: Option | None) -> None:
            super().__init__()
            self.option = option

    def __init__(self, **kw) -> None:
        super().__init__(**kw)
        self._all: list[Option] = []
        self._visible: list[Option] = []
        self._restrict: tuple | None = None
        self._restrict_label = ""
        self._empty_message = ""
        self._keys: dict[str, Option] = {}   # a passing option's key letter -> the option
        self._status = ""
        self._cut: set[str] = set()          # the keys whose labels were cut (shown whole under the list)
        self._cut_at = 0                     # the width the labels were cut to (0: not cut yet)
        self.border_title = "Options"

    def compose(self) -> ComposeResult:
        yield FilterInput(placeholder="/ filter", id="picker-filter")
        yield ChoiceList(id="picker-list")
        yield Static("", id="picker-hint")
        yield Static("", id="picker-keys")

    @property
    def choice_list(self) -> ChoiceList:
        return self.query_one(ChoiceList)

    @property
    def filter_input(self) -> FilterInput:
        return self.query_one(FilterInput)

    @property
    def visible_options(self) -> list[Option]:
        return list(self._visible)

    # -- content ----------------------------------------------------------------
    def set_options(self, options: list[Option] | None, *, message: str = "",
                    passing: Callable[[Option], str | None] | None = None) -> None:
        """Show ``options`` (None or [] shows ``message`` instead); clears the
        filter and any restriction.  ``passing`` names the options that pass or
        end, with their key letter: they go last, and on the keys line."""
        opts = list(options or [])
        self._keys = {}
        if passing is not None:
            marked = [(o, passing(o)) for o in opts]
            last = [(o, m) for o, m in marked if m]
            if last:
                opts = [o for o, m in marked if not m] + [o for o, _ in last]
                for o, m in last:
                    self._keys.setdefault(m, o)
        self._all = opts
        self._empty_message = message
        self._restrict = None
        self._restrict_label = ""
        inp = self.filter_input
        with inp.prevent(Input.Changed):
            inp.value = ""
        if inp.has_focus:
            # A new decision (after a choice made through the filter): letters
            # are commands again (``u`` undoes), not filter text.
            self._focus_now(self.choice_list)
        inp.disabled = not self._all
        self._rebuild()

    def restrict(self, target: tuple | None, label: str = "") -> None:
        """Show only the options aimed at ``target`` (None shows all again)."""
        self._restrict = target
        self._restrict_label = label
        self._rebuild()

    @property
    def restricted(self) -> bool:
        return self._restrict is not None

    def _rebuild(self, keep: str | None = None) -> None:
        words = _words(self.filter_input.value)
        ranked = []
        for o in self._all:
            if self._restrict is None or o.target == self._restrict:
                r = _rank(o, words)
                if r is not None:
                    ranked.append((r, o))
        ranked.sort(key=lambda ro: ro[0])       # stable: the game's order within a rank
        vis = [o for _, o in ranked]
        self._visible = vis
        lst = self.choice_list
        width = self._label_width()
        self._cut_at = width
        self._cut.clear()
        lst.clear_options()
        if vis:
            lst.add_options([ListOption(self._label(o, width)) for o in vis])
            idx = 0
            if keep is not None:
                for i, o in enumerate(vis):
                    if o.key == keep:
                        idx = i
            lst.highlighted = idx
        self._status = self._status_text(vis, words)
        self._show_status()
        self._show_keys()
        self.border_title = f"Options ({len(self._all)})" if self._all else "Options"

    def _status_text(self, vis: list[Option], words: list[str]) -> str:
        if not self._all:
            return self._empty_message
        if not vis:
            return "No option matches the filter (Esc clears it)."
        if self._restrict is not None:
            return f"{self._restrict_label or 'Options for the picked target'} — Esc: all"
        if words:
            return f"{len(vis)} of {len(self._all)} shown (Esc clears filter)"
        return ""

    def _show_status(self) -> None:
        """The line under the list: the filter's or the restriction's word, else the highlighted
        option in full when its label was cut."""
        text = self._status
        if not text:
            o = self.highlighted_option()
            if o is not None and o.key in self._cut:
                text = o.label
        self.query_one("#picker-hint", Static).update(Text(text))

    def _show_keys(self) -> None:
        """The keys line: only when the list is longer than its room, so that the passes listed
        last stay in sight (in a list that fits, they show their keys themselves)."""
        line = self.query_one("#picker-keys", Static)
        rows = self.choice_list.size.height + (line.size.height if line.display else 0)
        line.display = bool(self._keys) and (rows <= 0 or len(self._visible) > rows)
        t = Text()
        for k, o in self._keys.items():
            if t:
                t.append(" · ")
            t.append(k, style="bold reverse")
            t.append(f" {o.label}")
        line.update(t)

    def _label_width(self) -> int:
        """The cells a label has on one line (0 before the first layout: then nothing is cut): the
        list's width less its vertical scrollbar, always (whether the list scrolls is known only
        after the layout that the labels feed, and a label one cell too long wraps)."""
        lst = self.choice_list
        w = lst.size.width - lst.styles.gutter.width - lst.styles.scrollbar_size_vertical
        return max(8, w) if w > 0 else 0

    def _label(self, o: Option, width: int) -> Text:
        """One line: the label, cut at a word to ``width``; a pass or an end led by its key."""
        letter = next((k for k, p in self._keys.items() if p is o), None)
        t = Text(no_wrap=True, overflow="ellipsis")
        if letter is not None:
            t.append(letter, style="bold reverse")
            t.append(" ")
            width -= 2
        label = cut_words(o.label, width) if width > 0 else o.label
        if label != o.label:
            self._cut.add(o.key)
        t.append(label)
        return t

    def on_resize(self) -> None:
        if self._all and self._label_width() != self._cut_at:
            o = self.highlighted_option()
            self._rebuild(keep=o.key if o else None)
        else:
            self._show_keys()

    def key_option(self, letter: str) -> Option | None:
        """The passing option that ``letter`` takes (p, e), if this decision has one."""
        return self._keys.get(letter)

    # -- moving and choosing ------------------------------------------------------
    def move(self, step: int) -> None:
        lst = self.choice_list
        if not self._visible:
            return
        h = lst.highlighted if lst.highlighted is not None else -step
        lst.highlighted = max(0, min(len(self._visible) - 1, h + step))

    def highlighted_option(self) -> Option | None:
        h = self.choice_list.highlighted
        if h is None or not 0 <= h < len(self._visible):
            return None
        return self._visible[h]

    def highlight_target(self, target: tuple | None) -> None:
        for i, o in enumerate(self._visible):
            if target is not None and o.target == target:
                self.choice_list.highlighted = i
                return

    def choose_highlighted(self) -> None:
        o = self.highlighted_option()
        if o is not None:
            self.post_message(self.Chosen(o.key))

    def _focus_now(self, widget) -> None:
        """Focus ``widget`` at once: ``Widget.focus`` waits behind the keys
        already queued, which would then go to the old focus (``/per`` typed
        fast would leave ``per`` out of the filter)."""
        try:
            self.screen.set_focus(widget)
        except NoScreen:  # being taken down: the usual way
            widget.focus()

    def focus_filter(self) -> None:
        inp = self.filter_input
        if not inp.disabled:
            inp.can_focus = True
            self._focus_now(inp)

    def leave_filter(self) -> None:
        inp = self.filter_input
        if inp.value:
            with inp.prevent(Input.Changed):
                inp.value = ""
            self._rebuild()
        self._focus_now(self.choice_list)

    def clear_filter_and_restriction(self) -> bool:
        """Escape: drop the filter and the restriction; True if anything changed."""
        changed = bool(self.filter_input.value) or self._restrict is not None
        if changed:
            with self.filter_input.prevent(Input.Changed):
                self.filter_input.value = ""
            self._restrict = None
            self._rebuild()
        return changed

    @on(Input.Changed, "#picker-filter")
    def _filter_changed(self, event: Input.Changed) -> None:
        event.stop()
        o = self.highlighted_option()
        self._rebuild(keep=o.key if o else None)

    @on(Input.Submitted, "#picker-filter")
    def _filter_submitted(self, event: Input.Submitted) -> None:
        event.stop()
        self.choose_highlighted()

    @on(OptionList.OptionSelected, "#picker-list")
    def _selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        if 0 <= event.option_index < len(self._visible):
            self.post_message(self.Chosen(self._visible[event.option_index].key))

    @on(OptionList.OptionHighlighted, "#picker-list")
    def _highlighted(self, event: OptionList.OptionHighlighted) -> None:
        event.stop()
        self._show_status()
        self.post_message(self.Highlighted(self.highlighted_option()))
