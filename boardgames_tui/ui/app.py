"""The Textual app and the entry points the CLI calls.

``run_app`` and ``save_screenshot`` are the public API; everything else is
internal.  Importing this module imports Textual, so the CLI imports it lazily.
"""
from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Iterable

from textual import events
from textual.app import App, SystemCommand
from textual.binding import Binding
from textual.screen import Screen

from ..engine import save as saves
from ..engine.session import Match
from ..engine.store import StoreError, default_store
from .screens.dialogs import MIN_HEIGHT, MIN_WIDTH, TooSmallScreen
from .screens.menu import MenuScreen

# The game screen (and through it the help screen's Markdown renderer) is
# imported when a game opens, not at start-up: it keeps the menu's start-up
# within 1.3x of a bare Textual app (bench/startup.py).


class BoardgamesApp(App[None]):
    CSS_PATH = "app.tcss"
    TITLE = "boardgames-tui"
    ENABLE_COMMAND_PALETTE = True
    BINDINGS = [Binding("ctrl+q", "quit", "Quit", show=False, priority=True)]

    def __init__(self, match: Match | None = None, *, demo: bool = False, delay: float = 0.6,
                 screenshot: bool = False) -> None:
        super().__init__()
        self.start_match = match
        self.demo = demo
        self.delay = delay
        self.screenshot = screenshot

    # -- navigation -------------------------------------------------------------------
    def on_mount(self) -> None:
        if self.start_match is not None:
            from .screens.game import GameScreen

            m = self.start_match
            if self.screenshot:
                d = m.decision()
                screen: Screen = GameScreen(m, viewer=d.player if d else None, frozen=True)
            else:
                screen = GameScreen(m, demo=self.demo, delay=self.delay)
        else:
            screen = MenuScreen()
        self.push_screen(screen)
        self.call_after_refresh(self.check_size)

    def _reset_to(self, screen: Screen) -> None:
        while len(self.screen_stack) > 2:
            self.pop_screen()
        if len(self.screen_stack) == 2:
            self.switch_screen(screen)
        else:
            self.push_screen(screen)

    def show_menu(self) -> None:
        self._reset_to(MenuScreen())

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

    # -- terminal size ----------------------------------------------------------------
    def on_resize(self, event: events.Resize) -> None:
        self.call_after_refresh(self.check_size)

    def check_size(self) -> None:
        w, h = self.size
        small = w < MIN_WIDTH or h < MIN_HEIGHT
        top = self.screen
        if small and not isinstance(top, TooSmallScreen):
            self.push_screen(TooSmallScreen())
        elif not small and isinstance(top, TooSmallScreen):
            self.pop_screen()
        elif small and isinstance(top, TooSmallScreen):
            top.update_size()

    @property
    def too_small(self) -> bool:
        return isinstance(self.screen, TooSmallScreen)

    # -- command palette ----------------------------------------------------------------
    def get_system_commands(self, screen: Screen) -> Iterable[SystemCommand]:
        yield from super().get_system_commands(screen)
        from .screens.game import GameScreen

        if isinstance(screen, GameScreen):
            yield SystemCommand("Undo (u)", "Take back your last choice if the rules allow", screen.action_undo)
            yield SystemCommand("Rules and keys (?)", "The game's rules notes and all keys", screen.action_help)
            yield SystemCommand("Log (l)", "Show the game log large / back", screen.action_log)
            yield SystemCommand("Save (s)", "Save the game to a file", screen.action_save)
            yield SystemCommand("Filter options (/)", "Type to filter the option list", screen.action_filter)
            yield SystemCommand("Main menu (q)", "Leave the game (it is autosaved)", screen.action_menu)


def run_app(match: Match | None = None, *, demo: bool = False, delay: float = 0.6,
            headless: bool = False) -> int:
    """Run the app: the main menu, or ``match``'s game screen directly.
    ``demo``: every seat plays as a bot with ``delay`` seconds between moves;
    the final scores stay on screen.  Returns the exit status: non-zero when
    the app stopped on an error (Textual sets ``return_code`` to 1 then)."""
    app = BoardgamesApp(match, demo=demo, delay=delay)
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
