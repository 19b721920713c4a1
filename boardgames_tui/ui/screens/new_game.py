"""The new-game form: seats, seed, game options, open information."""
from __future__ import annotations

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, VerticalScroll
from textual.css.query import NoMatches
from textual.screen import Screen
from textual.widgets import Button, Checkbox, Footer, Input, Label, Select, Static

from ...engine.core import Game
from ...engine.session import BOT, HUMAN, Match, Seat
from ..theme import PALETTE, seat_letter

# Who plays a seat: a person, or a bot of a level (the value is the level).
SEAT_KINDS = [("human", HUMAN), ("hard bot", "hard"), ("easy bot", "easy"), ("random bot", "random")]


def open_info_label(on: bool) -> str:
    state = "ON: no hand-off curtains, everyone sees every hand" if on else "off: curtains hide each hand"
    return f"Open information: {state}"


def auto_label(on: bool) -> str:
    state = "ON: a choice with one option plays itself" if on else "off: every choice waits for a key"
    return f"Forced choices: {state}"


class FieldError(Static):
    """A one-line message next to a form field; takes no room when empty."""

    message = ""

    def on_mount(self) -> None:
        self.display = bool(self.message)

    def set(self, message: str) -> None:
        self.message = message
        self.update(message)
        self.display = bool(message)


DEFAULT_NAMES = ["Ada", "Bruno", "Chloé", "Dario", "Ewa", "Farid", "Greta", "Hugo"]


def max_seats(game: Game) -> int:
    hi = game.max_players
    for opt in game.game_options:
        for choice in opt.choices:
            try:
                hi = max(hi, game.player_range(game.options_with_defaults({opt.name: choice}))[1])
            except ValueError:
                pass
    return hi


class NewGameScreen(Screen[None]):
    BINDINGS = [
        Binding("ctrl+s", "start", "Start"),
        Binding("escape", "cancel", "Back"),
    ]

    def __init__(self, game: Game, start=None) -> None:
        """``start``: what Start does with the new match instead of opening its game (the
        Tables screen creates a table); Back then returns to the screen below."""
        super().__init__()
        self.game = game
        self.start = start
        self.rows = max_seats(game)
        defaults = game.options_with_defaults({})
        lo, hi = game.player_range(defaults)
        self.default_count = min(max(2, lo), hi)

    def compose(self) -> ComposeResult:
        g = self.game
        yield Static(f" New {'table' if self.start else 'game'}: {g.title}", classes="screen-title")
        with VerticalScroll(id="form"):
            for opt in g.game_options:
                with Horizontal(classes="form-row"):
                    yield Label(opt.label, classes="form-label")
                    yield Select([(c, c) for c in opt.choices], value=opt.default, allow_blank=False,
                                 id=f"opt-{opt.name}", compact=True, classes="form-select")
                if opt.help:
                    yield Static(opt.help, classes="form-help")
            with Horizontal(classes="form-row"):
                yield Label("Players", classes="form-label")
                yield Input(str(self.default_count), id="players", compact=True, classes="form-short")
                yield Static("", id="players-range", classes="form-note")
            yield FieldError("", id="players-error", classes="error")
            for i in range(self.rows):
                with Horizontal(classes="form-row seat-row", id=f"seat-{i}"):
                    yield Label(f"{seat_letter(i)}", classes="seat-letter")
                    yield Input(DEFAULT_NAMES[i % len(DEFAULT_NAMES)], id=f"name-{i}",
                                placeholder="name", compact=True, classes="seat-name")
                    yield Select([(Text(f"{c.symbol} {c.name}", style=c.hex), c.name) for c in PALETTE],
                                 value=PALETTE[i % len(PALETTE)].name, allow_blank=False,
                                 id=f"colour-{i}", compact=True, classes="seat-colour")
                    yield Select(SEAT_KINDS, value=HUMAN, allow_blank=False,
                                 id=f"kind-{i}", compact=True, classes="seat-kind")
                yield FieldError("", id=f"seat-error-{i}", classes="error")
            # A table's seed is drawn by the server, never by a player (it would show every hand).
            with Horizontal(classes="form-row", id="seed-row") as row:
                row.display = self.start is None
                yield Label("Seed", classes="form-label")
                yield Input("", id="seed", placeholder="random", compact=True, classes="form-short")
                yield Static("optional whole number: same seed, same shuffles", classes="form-note")
            yield FieldError("", id="seed-error", classes="error")
            open_info = Checkbox(open_info_label(False), value=False, id="open-info", compact=True)
            # A game without hidden information (Imperial) has no curtains to switch off.
            # A table has none either: each terminal shows its own seat's view only.
            open_info.display = g.hidden_information and self.start is None
            yield open_info
            auto = Checkbox(auto_label(True), value=True, id="auto-forced", compact=True)
            auto.display = self.start is None   # a table records every choice by its seat
            yield auto
            with Horizontal(id="form-buttons"):
                yield Button("Start (Ctrl+S)", id="start", variant="primary", compact=True)
                yield Button("Back (Esc)", id="cancel", compact=True)
        yield Footer()

    def on_mount(self) -> None:
        if self.app.is_headless:
            for inp in self.query(Input):
                inp.cursor_blink = False
        try:
            self._sync_rows()
        except NoMatches:
            if getattr(self.app, "closing", False):
                return  # taken down before it mounted: the app is quitting
            raise
        self.query_one("#players", Input).focus()

    # -- helpers ------------------------------------------------------------------------
    def options(self) -> dict[str, str]:
        return {o.name: str(self.query_one(f"#opt-{o.name}", Select).value) for o in self.game.game_options}

    def _count(self) -> int | None:
        try:
            return int(self.query_one("#players", Input).value.strip())
        except ValueError:
            return None

    def _sync_rows(self) -> None:
        lo, hi = self.game.player_range(self.options())
        self.query_one("#players-range", Static).update(f"{lo} to {hi}")
        n = self._count()
        shown = n if n is not None and 1 <= n <= self.rows else self.default_count
        for i in range(self.rows):
            show = i < shown
            self.query_one(f"#seat-{i}").display = show
            err = self.query_one(f"#seat-error-{i}", FieldError)
            err.display = show and bool(err.message)

    @on(Checkbox.Changed, "#open-info")
    def _open_info_changed(self, event: Checkbox.Changed) -> None:
        # The checkbox's mark differs only by colour: say the state in words too.
        event.checkbox.label = open_info_label(event.value)

    @on(Checkbox.Changed, "#auto-forced")
    def _auto_changed(self, event: Checkbox.Changed) -> None:
        event.checkbox.label = auto_label(event.value)

    @on(Input.Changed, "#players")
    def _players_changed(self) -> None:
        self._sync_rows()
        self.query_one("#players-error", FieldError).set("")

    @on(Select.Changed)
    def _select_changed(self, event: Select.Changed) -> None:
        if event.select.id and event.select.id.startswith("opt-"):
            self._sync_rows()

    @on(Input.Submitted)
    def _submitted(self) -> None:
        self.focus_next()

    @on(Button.Pressed, "#start")
    def _start_pressed(self) -> None:
        self.action_start()

    @on(Button.Pressed, "#cancel")
    def _cancel_pressed(self) -> None:
        self.action_cancel()

    def action_cancel(self) -> None:
        if self.start is not None:
            if self.app.screen is self:
                self.app.pop_screen()
            return
        self.app.show_menu()  # type: ignore[attr-defined]

    # -- validation -----------------------------------------------------------------------
    def validate(self) -> tuple[list[Seat], int | None, dict[str, str]] | None:
        ok = True
        opts = self.options()
        lo, hi = self.game.player_range(opts)
        perr = self.query_one("#players-error", FieldError)
        n = self._count()
        if n is None:
            perr.set(f"Type a whole number of players from {lo} to {hi}.")
            ok = False
        elif not lo <= n <= hi:
            perr.set(f"{self.game.title} takes {lo} to {hi} players with these options, not {n}.")
            ok = False
        else:
            perr.set("")
        seats: list[Seat] = []
        if n is not None and 1 <= n <= self.rows:
            seen_names: dict[str, int] = {}
            seen_colours: dict[str, int] = {}
            for i in range(n):
                name = self.query_one(f"#name-{i}", Input).value.strip()
                colour = str(self.query_one(f"#colour-{i}", Select).value)
                kind = str(self.query_one(f"#kind-{i}", Select).value)
                err = ""
                if not name:
                    err = "Every player needs a name."
                elif name.lower() in seen_names:
                    err = f"Name already taken by player {seat_letter(seen_names[name.lower()])}."
                elif colour in seen_colours:
                    err = f"Colour {colour} already taken by player {seat_letter(seen_colours[colour])}."
                seen_names.setdefault(name.lower(), i)
                seen_colours.setdefault(colour, i)
                self.query_one(f"#seat-error-{i}", FieldError).set(err)
                if err:
                    ok = False
                seats.append(Seat(name, colour, HUMAN) if kind == HUMAN else Seat(name, colour, BOT, kind))
        for i in range(n or 0, self.rows):
            self.query_one(f"#seat-error-{i}", FieldError).set("")
        raw_seed = self.query_one("#seed", Input).value.strip() if self.start is None else ""
        seed: int | None = None
        serr = self.query_one("#seed-error", FieldError)
        if raw_seed:
            try:
                seed = int(raw_seed)
                if seed < 0:
                    raise ValueError
                serr.set("")
            except ValueError:
                serr.set("The seed must be a whole number (0 or more), or empty for a random one.")
                ok = False
        else:
            serr.set("")
        return (seats, seed, opts) if ok else None

    def action_start(self) -> None:
        got = self.validate()
        if got is None:
            self.notify("Please fix the marked fields.", severity="error")
            return
        seats, seed, opts = got
        try:
            m = Match.new(self.game.name, seats, seed, opts)
        except ValueError as e:
            self.notify(str(e), severity="error", markup=False)
            return
        m.open_info = self.query_one("#open-info", Checkbox).value
        m.auto_forced = self.query_one("#auto-forced", Checkbox).value
        if self.start is not None:
            self.start(m)
            return
        self.app.open_match(m, new=True)  # type: ignore[attr-defined]
