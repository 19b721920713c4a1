"""The Textual app and the entry points the CLI calls.

``run_app`` and ``save_screenshot`` are the public API; everything else is
internal.  Importing this module imports Textual, so the CLI imports it lazily.
"""
from __future__ import annotations

import asyncio
from pathlib import Path
from collections.abc import Iterable

from textual import events
from textual._context import active_message_pump
from textual._files import generate_datetime_filename
from textual.app import App, ScreenStackError, SystemCommand
from textual.await_complete import AwaitComplete
from textual.binding import Binding
from textual.screen import Screen

from ..engine.hosting import hosted
from ..engine.session import Match
from ..engine.store import StoreError, default_store
from . import textual_fixes
from .sizes import too_small
from .screens.menu import MenuScreen

textual_fixes.apply()

# The game screen (and through it the help screen's Markdown renderer) is
# imported when a game opens, not at start-up: it keeps the menu's start-up
# within 1.2x of a bare Textual app (bench/startup.py).


HOLD_POLL = 0.01  # seconds between looks at a screen still being built (keys wait for it)


class BoardgamesApp(App[None]):
    CSS_PATH = "app.tcss"
    TITLE = "boardgames-tui"
    ENABLE_COMMAND_PALETTE = True
    BINDINGS = [Binding("ctrl+q", "quit", "Quit", show=False, priority=True)]

    def __init__(self, match: Match | None = None, *, demo: bool = False, delay: float = 0.6,
                 screenshot: bool = False, exit_at_end: bool = False, learn: bool = False,
                 table=None) -> None:
        super().__init__()
        self.learn = learn  # the start match is a guided game (screens/learn.py)
        self.start_table = table  # a TableLink (tables/client.py): its table's screen first
        self.exit_at_end = exit_at_end  # the score screen leaves the app after a few seconds
        self.start_match = match
        self.demo = demo
        self.delay = delay
        self.screenshot = screenshot
        self._held_keys: list[events.Key] = []
        self._quit_asked = False   # Ctrl+Q asked "Quit?" and waits for the answer (Ctrl+Q again quits)

    # -- keys typed ahead -------------------------------------------------------------
    # A paste, key repeat or a laggy SSH link delivers keys faster than screens
    # open and close.  Three guards keep such bursts from raising:
    async def on_event(self, event: events.Event) -> None:
        if isinstance(event, (events.Key, events.Paste, events.MouseEvent)):
            # 1. Keys after a quit would open screens while the app takes its
            #    screens down (``q n`` on the menu): they are dropped.
            if self.closing:
                self._held_keys.clear()
                return
            # 2. Keys for a screen still being built wait until it is mounted:
            #    a binding run earlier finds none of its widgets (Ctrl+S on
            #    the new-game form just opened), and the keys are meant for
            #    its fields anyway.  The order of the keys is kept.
            if isinstance(event, events.Key) and (self._held_keys or not self._screen_ready()):
                self._held_keys.append(event)
                if len(self._held_keys) == 1:
                    self.set_timer(HOLD_POLL, self._release_keys)
                return
        await super().on_event(event)

    def _screen_ready(self) -> bool:
        # Every screen of the stack, not only the top: a reset pops them all,
        # and one popped before its Mount is handled finds its widgets gone.
        try:
            return bool(self.screen_stack) and all(s.is_mounted for s in self.screen_stack)
        except ScreenStackError:
            return False

    async def _release_keys(self) -> None:
        while self._held_keys:
            if self.closing:
                self._held_keys.clear()
                return
            if not self._screen_ready():
                self.set_timer(HOLD_POLL, self._release_keys)
                return
            await super().on_event(self._held_keys.pop(0))

    @property
    def closing(self) -> bool:
        """The app is quitting: screens still mounting find their widgets gone."""
        return self._exit or not self._running

    def pop_screen(self) -> AwaitComplete:
        # 3. A dialog dismissed twice (``s Enter Enter``: the second Enter was
        #    already queued for the dialog) would pop the screen beneath it, or
        #    raise.  Refused: a pop asked for by a screen that is already off
        #    the stack, and a pop that would leave no screen of ours (the
        #    bottom of the stack is the menu, form or game: see
        #    get_default_screen).
        #    A screen still being built is popped once it is mounted (its
        #    widgets would otherwise mount on a removed screen and raise).
        caller = active_message_pump.get(None)
        stack = self.screen_stack
        if len(stack) <= 1 or (isinstance(caller, Screen) and caller not in stack):
            self.log.warning(f"pop_screen ignored (asked by {caller!r})")
            return AwaitComplete.nothing()
        top = stack[-1]
        if not top.is_mounted:
            def later() -> None:
                if not self.closing and self.screen_stack and self.screen_stack[-1] is top:
                    self.pop_screen()
            self.set_timer(HOLD_POLL, later)
            return AwaitComplete.nothing()
        return super().pop_screen()

    # -- navigation -------------------------------------------------------------------
    def get_default_screen(self) -> Screen:
        """The first screen is the bottom of the stack, in place of Textual's
        blank default screen: one frame less at start-up (bench/startup.py).
        Menu, form and game replace one another there (:meth:`_reset_to`)."""
        screen: Screen
        if self.start_table is not None:
            from .screens.table_game import TableGameScreen

            screen = TableGameScreen(self.start_table, delay=self.delay)
        elif self.start_match is not None:
            from .screens.game import GameScreen

            m = self.start_match
            if self.screenshot:
                d = m.decision()
                screen = GameScreen(m, viewer=d.player if d else None, frozen=True)
            elif self.learn:
                from .screens.learn import LearnGameScreen
                screen = LearnGameScreen(m, delay=self.delay)
            else:
                screen = GameScreen(m, demo=self.demo, delay=self.delay)
        else:
            screen = MenuScreen()
        # What push_screen gives a screen: switch_screen takes it off again
        # when the screen is replaced (a Textual default screen has none).
        screen._push_result_callback(self, None)
        return screen

    def on_mount(self) -> None:
        self.call_after_refresh(self.check_size)

    def _reset_to(self, screen: Screen) -> None:
        if self.closing:
            return
        if not self._screen_ready():
            # The screen on top is still being built (two Enters on the menu
            # open the form twice): replace it once it is mounted, not under
            # its widgets' feet.
            self.set_timer(HOLD_POLL, lambda: self._reset_to(screen))
            return
        while len(self.screen_stack) > 1:
            App.pop_screen(self)  # not the guard above: it may refuse a screen that just left
        self.switch_screen(screen)

    def show_menu(self) -> None:
        self._reset_to(MenuScreen())

    async def action_quit(self) -> None:
        """Ctrl+Q: in a game still going (one this terminal plays, not a demo), ask once first;
        Ctrl+Q again, or y, quits."""
        question = next((q for q in (getattr(s, "quit_question", lambda: "")() for s in self.screen_stack) if q),
                        "")
        if not question or self._quit_asked:
            self.exit()
            return
        from .screens.dialogs import ConfirmScreen

        self._quit_asked = True

        def done(yes: bool | None) -> None:
            self._quit_asked = False
            if yes:
                self.exit()

        self.push_screen(ConfirmScreen(question), done)

    def show_new_game(self, game_name: str) -> None:
        from ..engine.registry import get_game
        from .screens.new_game import NewGameScreen

        try:
            game = get_game(game_name)
        except ImportError as e:
            self.notify(f"{game_name} cannot be played yet: {e}", severity="error", markup=False)
            return
        self._reset_to(NewGameScreen(game))

    def open_match(self, match: Match, new: bool = False) -> None:
        from .screens.game import GameScreen

        if new and not self.demo:
            try:
                default_store().sync(match)
            except (StoreError, OSError) as e:
                self.notify(f"Autosave failed: {e}", severity="warning", markup=False)
        self._reset_to(GameScreen(match, demo=self.demo, delay=self.delay))

    def open_learn(self, game_name: str, match: Match | None = None) -> None:
        """The guided first game of ``game_name`` (autosaved like any game; Continue resumes it as
        an ordinary one); ``match``: a position to learn from (the look back's "try again")."""
        from .screens.learn import LearnGameScreen, learn_match

        m = match if match is not None else learn_match(game_name)
        try:
            default_store().sync(m)
        except (StoreError, OSError) as e:
            self.notify(f"Autosave failed: {e}", severity="warning", markup=False)
        self._reset_to(LearnGameScreen(m, delay=self.delay))

    def open_table(self, link) -> None:
        """A table's screen for ``link`` (a joined TableLink): no autosave, the server keeps the table."""
        from .screens.table_game import TableGameScreen

        self._reset_to(TableGameScreen(link, delay=self.delay))

    # -- terminal size ----------------------------------------------------------------
    def on_resize(self, event: events.Resize) -> None:
        self.call_after_refresh(self.check_size)

    def check_size(self) -> None:
        small = too_small(self)
        top = self.screen
        # The dialogs module is imported only when the screen is too small:
        # it is not needed to show the menu (bench/startup.py).
        showing = getattr(top, "too_small_screen", False)
        if small and not showing:
            from .screens.dialogs import TooSmallScreen
            self.push_screen(TooSmallScreen())
        elif not small and showing:
            self.pop_screen()
        elif small and showing:
            top.update_size()  # type: ignore[attr-defined]

    # -- screenshots: they show the player's private cards ---------------------------------
    # Hosted mode has none (a friend's SVG would sit in the shared account);
    # elsewhere the file is written 0600, not Textual's 0644.  (Textual's
# Screenshot action and the palette's command both go through deliver_screenshot.)
    def deliver_screenshot(self, filename: str | None = None, path: str | None = None,
                           time_format: str | None = None) -> str | None:
        if hosted():
            self.notify("Screenshots are off on this host.", severity="warning")
            return None
        if self._driver is not None and self._driver.is_web:
            return super().deliver_screenshot(filename, path, time_format)  # a browser download
        from platformdirs import user_downloads_path

        target = Path(path) if path else user_downloads_path()
        try:
            written = self._write_svg(target / (filename or self._svg_name(time_format)))
        except OSError as e:
            self.notify(f"Failed to save screenshot ({e.strerror or e})", title="Screenshot",
                        severity="error", markup=False)
            return None
        self.notify(f"Saved screenshot to {written}", title="Screenshot", markup=False)
        return None

    def save_screenshot(self, filename: str | None = None, path: str | None = None,
                        time_format: str | None = None) -> str:
        if hosted():
            return ""
        target = Path(path or ".").expanduser() / (filename or self._svg_name(time_format))
        return str(self._write_svg(target))

    def _svg_name(self, time_format: str | None) -> str:
        return generate_datetime_filename(self.title, ".svg", time_format)  # Textual's own names

    def _write_svg(self, target: Path) -> Path:
        from ..engine.save import write_atomic  # mkstemp: 0600

        write_atomic(target, self.export_screenshot())
        return target

    # -- command palette ----------------------------------------------------------------
    def get_system_commands(self, screen: Screen) -> Iterable[SystemCommand]:
        for command in super().get_system_commands(screen):
            if not (command.title == "Screenshot" and hosted()):
                yield command
        from .screens.game import GameScreen

        if isinstance(screen, GameScreen):
            yield SystemCommand("Undo (u)", "Take back your last choice if the rules allow", screen.action_undo)
            yield SystemCommand("Rules and keys (?)", "The game's rules notes and all keys", screen.action_help)
            yield SystemCommand("Log (l)", "Show the game log large / back", screen.action_log)
            yield SystemCommand("Save (s)", "Save the game to a file", screen.action_save)
            yield SystemCommand("Filter options (/)", "Type to filter the option list", screen.action_filter)
            left = "the table waits" if hasattr(screen, "session") else "it is autosaved"  # a table's screen
            yield SystemCommand("Main menu (q)", f"Leave the game ({left})", screen.action_menu)


def run_app(match: Match | None = None, *, demo: bool = False, delay: float = 0.6,
            headless: bool = False, exit_at_end: bool = False, learn: bool = False, table=None) -> int:
    """Run the app: the main menu, or ``match``'s game screen directly.
    ``demo``: every seat plays as a bot with ``delay`` seconds between moves;
    the final scores stay on screen (``exit_at_end``: for a few seconds, then the app leaves).
    Returns the exit status: non-zero when the app stopped on an error (Textual sets ``return_code`` to 1 then)."""
    if hosted():
        from ..engine.save import ensure_saves_dir

        try:
            ensure_saves_dir()  # made 0700, or an older install's tightened
        except OSError:
            pass  # the menu and the dialogs report what fails
    app = BoardgamesApp(match, demo=demo, delay=delay, exit_at_end=exit_at_end, learn=learn, table=table)
    app.run(headless=headless)
    return app.return_code or 0


async def _screenshot_svg(app: App, size: tuple[int, int]) -> str:
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        await pilot.wait_for_scheduled_animations()
        await pilot.pause()
        return app.export_screenshot(title="boardgames-tui")


def save_screenshot(match: Match, path: str | Path, size: tuple[int, int] = (120, 40)) -> Path:
    """Write an SVG of ``match``'s game screen seen by the player deciding now
    (no curtain, no bot moves).  Same match, same SVG."""
    svg = asyncio.run(_screenshot_svg(BoardgamesApp(match, screenshot=True), size))
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(svg, encoding="utf-8")
    return path


def save_menu_screenshot(path: str | Path, size: tuple[int, int] = (80, 24)) -> Path:
    """Write an SVG of the main menu (lists the autosaves of the data folder)."""
    svg = asyncio.run(_screenshot_svg(BoardgamesApp(screenshot=True), size))
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(svg, encoding="utf-8")
    return path
