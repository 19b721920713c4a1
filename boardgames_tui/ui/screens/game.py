"""The generic game screen shared by every game.

It drives a :class:`~boardgames_tui.engine.session.Match` and renders only
``match.view(viewer)`` dicts and the current decision: banner, prompt,
searchable option list, log, and the game's board widget.  It knows no rules.
The log is the one part not taken from the view: the log widget adds the
match's new log entries as the viewer reads them (``LogEntry.for_viewer``,
what every view's ``"log"`` is), so a choice does not cost more late in a
game than early on.

Whose view is on screen (``viewer``):
* a human deciding now sees their own view, after the hand-off curtain when
  the decision is private and the previous human at the screen was someone
  else (unless the table plays with open information);
* during bot turns the last human's view stays (the public view if none);
* behind the curtain nothing private is drawn: the board shows the public view
  and the option list is empty until Enter.

The screen acts on its game only through ``play`` (``ui/play.py``: a local match, the guided
game, a seat at a table); the bot seats' turns are :class:`~.bot_turns.BotTurns`.
"""
from __future__ import annotations

import threading

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.css.query import NoMatches
from textual.reactive import Reactive
from textual.screen import Screen
from textual.widget import Widget
from textual.widgets import Footer, Static

from ...bots.hint import Hint, hint
from ...engine import save as saves
from ...engine.core import Decision, IllegalMove
from ...engine.session import Match
from ...engine.store import StoreError
from ..boards import board_class
from ..play import Play
from ..sizes import too_small
from ..widgets import BoardWidget, Curtain, GameLog, OptionPicker, TurnBanner
from .bot_turns import BotTurns
from .dialogs import ConfirmScreen
from .scores import ScoreScreen

def prompt_text(prompt: str, name: str) -> str:
    """The decision's prompt as shown under the banner, which already names
    the player: a leading ``"<name>: "`` (Utopia's prompts) is left out."""
    p = prompt.strip()
    if name and p.startswith(f"{name}: "):
        p = p[len(name) + 2:].lstrip()
        p = p[:1].upper() + p[1:]
    return p


class GameScreen(BotTurns, Screen[None]):
    BINDINGS = [
        Binding("u", "undo", "Undo"),
        Binding("h", "hint", "Hint"),
        Binding("question_mark", "help", "Rules/keys", key_display="?"),
        Binding("l", "log", "Log"),
        Binding("L", "log", "Log", show=False),
        Binding("s", "save", "Save"),
        Binding("q", "menu", "Menu"),
        # Priority: runs as the key arrives, so the keys typed after it go
        # into the filter even when they come in the same burst.
        Binding("slash", "filter", "Filter", key_display="/", priority=True),
        Binding("escape", "escape", "All options", show=False),
        Binding("enter", "enter", show=False),
        # The passing options' own keys (engine ``Game.passing_keys``): each such option is led by its key.
        Binding("p", "passing('p')", "Pass", show=False),
        Binding("e", "passing('e')", "End", show=False),
        # A board's page of your position (Civilization: your techs and units), from the list too.
        Binding("t", "position", "Your position", show=False),
    ]
    # Textual's Screen.focused repaints the whole screen on every focus change
    # (a full frame, 25-70 KB over SSH).  Focus styles are already refreshed
    # widget by widget by Screen._update_focus_styles, so only the widgets
    # whose look changes need painting.
    focused: Reactive[Widget | None] = Reactive(None, repaint=False)
    LEARN = False   # the guided game's screen (learn.py) has a panel above the options

    def __init__(self, match: Match, *, demo: bool = False, delay: float = 0.6,
                 viewer: int | None = None, frozen: bool = False, autosave: bool = True,
                 play: Play | None = None) -> None:
        """``frozen``: no bot moves and no curtain (screenshots); ``viewer``: who
        had the screen last (None: nobody yet); ``play``: how the screen acts on the game
        (``ui/play.py``; default: the local match, autosaved unless a demo or frozen)."""
        super().__init__()
        self.play = play if play is not None else Play(match, autosave and not demo and not frozen)
        self.match = match
        self.demo = demo
        self.delay = max(0.0, float(delay))
        self.viewer: int | None = viewer
        self.frozen = frozen
        self.autosave_on = self.play.autosave_on
        self.curtain_for: int | None = None
        self._bots = self._make_bots()
        self._bot_token = 0
        self._bot_pending = False
        # A search bot thinking in a worker thread: (token, player, cancel event, bot)
        self._thinking: tuple[int, int, threading.Event, object] | None = None
        self._think_started = 0.0  # when it began (perf_counter): the delay runs from there
        self._holding = False      # its choice waits for the rest of the delay
        self._spin = 0
        self._scores_shown = False
        self._log_mode = False
        self._shown_viewer: int | None = None
        self._autosave_warned = False
        # The focus model (README, "Keys"): the option list has the keys unless
        # the board was used for the last pick and every option of the new
        # decision is on the board.  ``_decision_at`` tells a new decision
        # (the choice count) from a repaint of the same one; ``_picked`` is
        # what a human chose at each choice count, so that an undo brings the
        # highlight back to the option taken there.
        self._decision_at: int | None = None
        self._picked: dict[int, str] = {}
        self._restore: str | None = None
        self._last_target: tuple | None = None  # the target of the last bot choice (a demo follows it)
        self._hint: tuple[int, Hint] | None = None  # the hint asked at that choice count, shown until it moves on

    # -- layout -------------------------------------------------------------------
    def compose(self) -> ComposeResult:
        yield TurnBanner(id="banner")
        yield Static("", id="prompt")
        yield Static("", id="hint")
        if self.LEARN:
            yield Static("", id="coach")      # the verdict on the learner's last choice
            yield Static("", id="bot-why")    # what the last bot's choice was for
        yield Curtain(id="curtain")
        with Horizontal(id="body"):
            yield board_class(self.match.game.name)(id="board")
            with Vertical(id="side"):
                if self.LEARN:
                    yield Static("", id="learn-panel")
                yield OptionPicker(id="picker")
                if self.demo:
                    yield Static("", id="last-event")
                yield GameLog(id="log")
        yield Footer()

    @property
    def board(self) -> BoardWidget:
        return self.query_one("#board", BoardWidget)

    @property
    def picker(self) -> OptionPicker:
        return self.query_one(OptionPicker)

    @property
    def log_widget(self) -> GameLog:
        return self.query_one(GameLog)

    def on_mount(self) -> None:
        try:
            self.query_one("#curtain").display = False
        except NoMatches:
            if getattr(self.app, "closing", False):
                return  # taken down before it mounted: the app is quitting
            raise
        if self.app.is_headless:
            self.picker.filter_input.cursor_blink = False
        self.log_widget.can_focus = False  # Tab goes between the list and the board; l opens the log
        self.refresh_position()
        if self.curtain_for is None:
            self.picker.choice_list.focus()

    def on_screen_resume(self) -> None:
        # Back from help, a dialog, the score screen or the too-small notice.
        if self.is_mounted:
            self.refresh_position()

    # -- who decides --------------------------------------------------------------
    def is_bot(self, player: int) -> bool:
        return self.demo or self.match.seats[player].is_bot

    def _humans(self) -> list[int]:
        return [i for i in range(len(self.match.seats)) if not self.is_bot(i)]

    def needs_curtain(self, d: Decision) -> bool:
        if self.frozen or self.match.open_info or not d.private or self.is_bot(d.player):
            return False
        if d.player == self.viewer:
            return False
        # With a single human at the table there is nobody to hide from.
        return len(self._humans()) > 1

    def human_to_act(self) -> bool:
        d = self.match.decision()
        return (d is not None and not self.is_bot(d.player) and self.curtain_for is None)

    # -- rendering ----------------------------------------------------------------
    def refresh_position(self) -> None:
        m = self.match
        if not self.frozen and not self.demo and self.curtain_for is None and m.play_forced():
            # Forced choices played themselves (the log says so): no key, no curtain for them.
            self._autosave()
        d = m.decision()
        seats = m.seats
        banner = self.query_one(TurnBanner)
        prompt = self.query_one("#prompt", Static)
        status = f"{m.game.title} · round {m.round_number()}{self.status_note()}"
        self._show_hint(len(m.history) if self.curtain_for is None else None)
        if d is None:
            self._set_curtain(None)
            view = m.view(None, log=False)
            banner.show_turn(None, note="Game over", status=status)
            prompt.update(Text("The game is over. Enter shows the scores.", style="bold"))
            self._show(view, None, None)
            self.picker.set_options([], message="Game over — Enter: scores, q: menu")
            if not self._scores_shown:
                self._scores_shown = True
                self._push_scores()
            return
        seat = seats[d.player]
        if self.is_bot(d.player) and not self.frozen:
            self._set_curtain(None)
            view = m.view(self.viewer, log=False)
            banner.show_turn(d.player, seat.name, seat.colour, bot=True, status=status,
                             note=self.board.banner_note(view))
            prompt.update(Text(prompt_text(d.prompt, seat.name), style="italic"))
            self._show(view, self.viewer, None)
            self.picker.set_options([], message=f"Waiting for {seat.name} (bot)…")
            self._schedule_bot()
            return
        if self.curtain_for is None and self.needs_curtain(d):
            self.curtain_for = d.player
        if self.curtain_for is not None:
            # Nothing private underneath: the public view, no options.
            who = seats[self.curtain_for]
            holds = self._holds_keyboard(self.curtain_for)
            banner.show_turn(self.curtain_for, who.name, who.colour, status=status)
            prompt.update(Text(f"{who.name}: your private cards come next; press Enter." if holds
                               else f"Pass the keyboard to {who.name} and press Enter."))
            self._show(m.view(None, log=False), None, None)
            self.picker.set_options([], message="")
            back = m.undo_player()
            self._set_curtain(self.curtain_for, prompt_text(d.prompt, who.name), holds=holds,
                              undo=seats[back].name if back is not None and back != self.curtain_for else "")
            return
        self._set_curtain(None)
        if d.private or m.open_info or self.frozen or d.player == self.viewer:
            self.viewer = d.player
            shown = d.player
        else:
            # A public decision by someone who did not have the screen: show no
            # one's private holdings.  The keyboard has changed hands, so the
            # next private decision needs the curtain again, even for the
            # player who had the screen before.
            shown = None
            self.viewer = None
        view = m.view(shown, log=False)
        banner.show_turn(d.player, seat.name, seat.colour, status=status,
                         bot=self.is_bot(d.player), note=self.board.banner_note(view))
        prompt.update(Text(prompt_text(d.prompt, seat.name), style="bold"))
        at = len(m.history)
        new_decision = at != self._decision_at
        self._decision_at = at
        keep = self.picker.highlighted_option()
        on_board = self._board_has_focus()
        passing = m.game.passing
        self.picker.set_options(d.options, passing=passing)
        want = self._restore if self._restore is not None else (
            keep.key if keep is not None and self._shown_viewer == shown else None)
        wanted = d.get(want) if want is not None else None
        if (new_decision or self._restore is not None) and wanted is not None and passing(wanted):
            want = None   # a new decision's highlight (or an undone one's) is never on a pass or an end
        self._restore = None
        if want is not None:
            for i, o in enumerate(self.picker.visible_options):
                if o.key == want:
                    self.picker.choice_list.highlighted = i
        self._show(view, shown, d)
        if new_decision and on_board and not self._all_on_board(d):
            # A pick on the board led to a decision the board cannot take:
            # the arrows and Enter go to the list again.
            self.picker.choice_list.focus()

    def _show_hint(self, at: int | None) -> None:
        """The hint line: the hint asked at this choice count, else nothing (it never outlives its
        decision, and is never applied)."""
        try:
            line = self.query_one("#hint", Static)
        except NoMatches:
            return
        h = self._hint[1] if self._hint is not None and self._hint[0] == at else None
        line.display = h is not None
        if h is not None:
            line.update(Text(h.line(), style="italic"))

    def _board_has_focus(self) -> bool:
        try:
            return self.board.has_focus_within
        except NoMatches:
            return False

    def _all_on_board(self, d: Decision) -> bool:
        shows = getattr(self.board, "shows_target", None)
        return bool(d.options) and shows is not None and all(
            o.target is not None and shows(o.target) for o in d.options)

    def _show(self, view: dict, viewer: int | None, d: Decision | None) -> None:
        """The board shows ``view`` (the move log left out of it) and the log
        the move log as ``viewer`` reads it (its new lines added)."""
        self._shown_viewer = view.get("viewer") if isinstance(view, dict) else None
        targets = {o.target for o in d.options if o.target is not None} if d else set()
        hl = self.picker.highlighted_option()
        board = self.board
        board.set_choices(d.options if d else [], hl)
        # A demo's board follows the action: it centres on the last choice's target, if it had one.
        follow = self._last_target if self.demo and hl is None else None
        board.show(view, targets, self.match.seats, hl.target if hl else follow)
        self.log_widget.show_log(self.match.log(), viewer)
        self._show_last_event(viewer)

    def _show_last_event(self, viewer: int | None) -> None:
        """The line above the log: what the last choice did (its latest log line), so a watcher
        follows the game without reading the log."""
        log = self.match.log()
        try:
            line = self.query_one("#last-event", Static)
        except NoMatches:
            return
        text = log[-1].for_viewer(viewer) if log else ""
        line.update(Text(f"▶ {text}", style="bold", no_wrap=True, overflow="ellipsis") if text else "")
        line.display = bool(text)

    def _holds_keyboard(self, player: int) -> bool:
        """Did ``player`` make the last real choice, at this screen (so has the keyboard)?"""
        i = self.match.last_real_choice()
        return i >= 0 and self.match.history[i].player == player and i in self._picked and not self.is_bot(player)

    def _set_curtain(self, player: int | None, why: str = "", **kw) -> None:
        curtain = self.query_one(Curtain)
        body = self.query_one("#body")
        if player is None:
            if curtain.display:
                curtain.display = False
                body.display = True
                self.picker.choice_list.focus()
            return
        seat = self.match.seats[player]
        curtain.show_for(player, seat.name, seat.colour, why, **kw)
        curtain.display = True
        body.display = False
        curtain.focus()

    def lift_curtain(self) -> None:
        if self.curtain_for is None:
            return
        self.viewer = self.curtain_for
        self.curtain_for = None
        self.refresh_position()
        self.picker.choice_list.focus()

    def _push_scores(self) -> None:
        m = self.match
        self.app.push_screen(ScoreScreen(m, demo=self.demo,
                                         exit_at_end=getattr(self.app, "exit_at_end", False)))

    # -- acting -------------------------------------------------------------------
    def choose(self, key: str) -> bool:
        """Make a human's choice through ``play``; an illegal one notifies and changes nothing."""
        d = self.match.decision()
        if d is None or self.frozen or too_small(self.app):
            return False
        if not self.human_to_act():
            self.notify("It is not your turn to choose.", severity="warning")
            return False
        at = len(self.match.history)
        hint_now = self._hint[1] if self._hint is not None and self._hint[0] == at else None
        try:
            done = self.play.choose(key, d, hint_now)
        except IllegalMove as e:
            self.notify(e.reason, title="Not allowed", severity="error", markup=False)
            return False
        self._picked[at] = key
        if done.note:
            self.show_note(done.note)
        if done.applied:
            self._after_change()
        else:
            self.picker.set_options([], message="…")   # on its way: the position comes back pushed
        return True

    def show_note(self, note: str) -> None:
        """What a choice's ``Done.note`` says (the guided game shows it under the prompt)."""
        self.notify(note, timeout=12, markup=False)

    def status_note(self) -> str:
        """Added to the banner's status (a table's screen: its code)."""
        return ""

    def quit_question(self) -> str:
        """What Ctrl+Q asks before it quits this game ("": it quits at once: a demo, a game over)."""
        if self.demo or self.frozen or self.match.is_over():
            return ""
        return f"Quit boardgames-tui?{self.leave_note()}"

    def leave_note(self) -> str:
        """What the "leave for the menu" question adds about the game left."""
        return "" if not self.autosave_on else " The game is autosaved; Continue resumes it."

    def _after_change(self) -> None:
        self._autosave()
        self.refresh_position()

    def _autosave(self) -> None:
        if not self.autosave_on:
            return
        try:
            self.play.save()
            self._autosave_warned = False
        except (StoreError, OSError) as e:
            if not self._autosave_warned:
                self._autosave_warned = True
                self.notify(f"Autosave failed: {e}", severity="warning", markup=False)

    def on_unmount(self) -> None:
        self._stop_thinking()

    # -- messages from widgets ------------------------------------------------------
    @on(OptionPicker.Chosen)
    def _chosen(self, event: OptionPicker.Chosen) -> None:
        self.choose(event.key)

    @on(OptionPicker.Highlighted)
    def _highlighted(self, event: OptionPicker.Highlighted) -> None:
        board = self.board
        board.set_highlight(event.option.target if event.option else None)
        board.set_list_choice(event.option)

    @on(BoardWidget.TargetPicked)
    def _target_picked(self, event: BoardWidget.TargetPicked) -> None:
        d = self.match.decision()
        if d is None or not self.human_to_act():
            return
        opts = [o for o in d.options if o.target == event.target]
        if not opts:
            self.notify("Nothing to do with that now.", severity="warning")
        elif len(opts) == 1:
            self.choose(opts[0].key)
        else:
            self.picker.restrict(event.target, self.board.target_label(event.target))
            self.picker.choice_list.focus()

    @on(BoardWidget.TargetHovered)
    def _target_hovered(self, event: BoardWidget.TargetHovered) -> None:
        if self.human_to_act():
            self.picker.highlight_target(event.target)

    # -- actions ----------------------------------------------------------------------
    def action_enter(self) -> None:
        if self.curtain_for is not None:
            self.lift_curtain()
        elif self.match.is_over():
            self._push_scores()

    def action_undo(self) -> None:
        if self.frozen:
            return
        ok, why = self.play.can_undo()
        if not ok:
            self.notify(f"Cannot undo: {why}", severity="warning", markup=False)
            return
        self._stop_thinking()  # a search on the position being undone is worthless
        try:
            who = self.play.undo()
        except IllegalMove as e:
            self.notify(e.reason, severity="warning", markup=False)
            return
        if who == -1:
            return   # asked for: the position comes back pushed (a table)
        name = self.match.seats[who].name if who is not None else ""
        self.notify(f"Undone: {name}'s last choice." if name else "Undone.", timeout=2, markup=False)
        # From the next player's curtain (Board Game Arena: until the next player has chosen): the
        # decision is back with the player who made that choice.  The keyboard was handed on, so
        # that player's cards come behind a curtain of their own: whoever pressed u may not see them.
        if self.curtain_for is not None and self.curtain_for != who:
            self.viewer = None
        self.curtain_for = None
        # Back where that choice was made: the highlight on the option taken
        # there, and the keys in the list, so Enter takes what the screen names.
        self._restore = self._picked.get(len(self.match.history))
        if self._board_has_focus():
            self.picker.choice_list.focus()
        self._after_change()

    def action_passing(self, letter: str) -> None:
        """p / e: the decision's pass or end option, named on the line under the list."""
        if not self.human_to_act() or self.frozen:
            return
        o = self.picker.key_option(letter)
        if o is None:
            word = "pass" if letter == "p" else "end"
            self.notify(f"There is nothing to {word} now ({letter}).", severity="warning", timeout=2)
            return
        self.choose(o.key)

    def action_position(self) -> None:
        """t: the board's page of the deciding player's position, where the board has one."""
        page = getattr(self.board, "action_position", None)
        if page is not None and self.curtain_for is None and not self.match.is_over():
            page()

    def action_hint(self) -> None:
        """h: the easy policy's pick for the player deciding now, with its reason, highlighted in the
        list and on the board; computed from that player's view only (``bots/hint.py``)."""
        m = self.match
        d = m.decision()
        if d is None or self.frozen or not self.human_to_act():
            self.notify("No hint now: it is not your decision.", severity="warning")
            return
        at = len(m.history)
        if self._hint is None or self._hint[0] != at:
            self._hint = (at, hint(m.game, m.state, d, at, m.plan_start()))
        self.show_hint_pick(at)

    def show_hint_pick(self, at: int) -> None:
        """The hint asked at choice count ``at``: its option highlighted in the list and on the
        board, its line under the prompt."""
        if self._hint is None or self._hint[0] != at:
            return
        h = self._hint[1]
        self.picker.clear_filter_and_restriction()
        for i, o in enumerate(self.picker.visible_options):
            if o.key == h.key:
                self.picker.choice_list.highlighted = i
        self.board.set_highlight(h.target)
        self._show_hint(at)

    def action_help(self) -> None:
        from .help import HelpScreen  # Markdown rendering loads only when asked for

        game = self.match.game
        self.app.push_screen(HelpScreen(game.title, game.rules_notes(), game.goal()))

    def action_log(self) -> None:
        self._log_mode = not self._log_mode
        self.set_class(self._log_mode, "log-mode")
        self.log_widget.can_focus = self._log_mode  # in the Tab order only while it is large
        if self._log_mode:
            self.log_widget.focus()
        elif self.curtain_for is None:
            self.picker.choice_list.focus()

    def action_filter(self) -> None:
        if self.human_to_act():
            if self._log_mode:
                self.action_log()
            self.picker.focus_filter()

    def action_escape(self) -> None:
        if self._log_mode:
            self.action_log()
        elif self.picker.clear_filter_and_restriction():
            self.picker.choice_list.focus()

    def action_save(self) -> None:
        from .dialogs import SaveScreen

        def done(result) -> None:
            if result is not None:
                self.notify(f"Saved to {result}", markup=False)

        # a bare name: the dialog puts it in the saves folder
        self.app.push_screen(SaveScreen(f"{self.match.match_id}.json",
                                        lambda path: saves.save(self.match, path)), done)

    def action_menu(self) -> None:
        # q stops a thinking bot at once; it thinks again if the player stays.
        was_thinking = self._thinking is not None
        self._stop_thinking()

        def done(yes: bool | None) -> None:
            if yes:
                self.app.show_menu()  # type: ignore[attr-defined]
            elif was_thinking:
                self.refresh_position()

        self.app.push_screen(ConfirmScreen(f"Leave this game for the main menu?{self.leave_note()}"), done)
