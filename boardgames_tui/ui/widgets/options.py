"""The searchable list of legal options, shared by every game screen.

The list always holds every legal option of the decision (unless the player
filtered it).  Keys: arrows or j/k move, Enter chooses, ``/`` focuses the
filter field; while the filter has focus every letter goes into it, Up/Down
still move the highlight, Enter chooses the highlighted option and Escape
clears the filter and returns to the list.
"""
from __future__ import annotations

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


def _matches(o: Option, words: list[str]) -> bool:
    hay = f"{o.label} {o.key}".lower()
    return all(w in hay for w in words)


class OptionPicker(Vertical):
    """Filter field + option list.  Posts :class:`OptionPicker.Chosen` with the
    option's key and :class:`OptionPicker.Highlighted` as the highlight moves."""

    DEFAULT_CSS = """
    OptionPicker { height: 1fr; border: round $primary-darken-2; border-title-color: $text-muted; }
    OptionPicker:focus-within { border: round $accent; }
    OptionPicker > FilterInput { height: 1; border: none; padding: 0 1; background: $boost; }
    OptionPicker > FilterInput:focus { background: $primary-darken-3; }
    OptionPicker > ChoiceList { height: 1fr; max-height: 100%; border: none; padding: 0; }
    OptionPicker > #picker-hint { height: auto; max-height: 2; color: $text-muted; padding: 0 1; }
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
        self.border_title = "Options"

    def compose(self) -> ComposeResult:
        yield FilterInput(placeholder="/ filter", id="picker-filter")
        yield ChoiceList(id="picker-list")
        yield Static("", id="picker-hint")

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
    def set_options(self, options: list[Option] | None, *, message: str = "") -> None:
        """Show ``options`` (None or [] shows ``message`` instead); clears the
        filter and any restriction."""
        self._all = list(options or [])
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
        words = self.filter_input.value.lower().split()
        vis = [o for o in self._all
               if (self._restrict is None or o.target == self._restrict) and _matches(o, words)]
        self._visible = vis
        lst = self.choice_list
        lst.clear_options()
        if vis:
            lst.add_options([ListOption(Text(o.label)) for o in vis])
            idx = 0
            if keep is not None:
                for i, o in enumerate(vis):
                    if o.key == keep:
                        idx = i
            lst.highlighted = idx
        hint = self.query_one("#picker-hint", Static)
        if not self._all:
            hint.update(self._empty_message)
        elif not vis:
            hint.update("No option matches the filter (Esc clears it).")
        elif self._restrict is not None:
            hint.update(f"{self._restrict_label or 'Options for the picked target'} — Esc: all")
        elif words:
            hint.update(f"{len(vis)} of {len(self._all)} shown (Esc clears filter)")
        else:
            hint.update("")
        self.border_title = f"Options ({len(self._all)})" if self._all else "Options"

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
        self.post_message(self.Highlighted(self.highlighted_option()))
