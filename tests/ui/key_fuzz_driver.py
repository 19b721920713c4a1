"""Random keys in bursts, through Pilot, on every screen: nothing may raise.

Used by ``tests/ui/test_key_fuzz.py`` (300 keys a screen in CI) and by
``bench/key_fuzz.py`` (2,000 keys a screen, several seeds).

A *burst* is four key events handed to the driver back to back, with no wait
between them, as a paste, key repeat or a laggy SSH link delivers them: the
second key may arrive before the screen the first one opened is mounted, or
after the screen it was meant for is gone.  After a burst the fuzz sleeps
only 2 ms, so the next burst often lands while screens still open or close.

When the keys take the app away from the screen under test (``q y`` leaves a
game, ``q`` on the menu quits, ``Esc`` leaves the new-game form) the app is
started again on that screen and the fuzzing goes on; the keys spent count.
An exception anywhere (raised out of ``run_test``, stored in
``app._exception``, or a non-zero ``return_code``) is recorded with the seed
and the keys that led to it.
"""
from __future__ import annotations

import asyncio
import random
import time
import traceback
import unicodedata
from dataclasses import dataclass, field

from textual import events
from textual.keys import REPLACED_KEYS, _character_to_key, _get_unicode_name_from_key

from boardgames_tui.bots.random_bot import RandomBot
from boardgames_tui.engine.session import Match, Seat

# Letters the screens bind (u ? l s q / n o y c m b j k h), a few unbound
# ones, digits, and the named keys.  Ctrl+Q is left out: it only quits.
ALPHABET = (list("uUlLsqnoycmbjkhxazw?/") + list("0123456789")
            + ["enter", "enter", "escape", "escape", "tab", "shift+tab",
               "up", "down", "left", "right", "up", "down", "ctrl+s", "space", "backspace"])

BURST = 4
PAUSE = 0.002  # seconds after a burst: the next one may come while screens open and close
GAMES = ("evolution", "phoenicia", "utopia", "imperial", "civilization")
SCREENS = ("menu",) + tuple(f"new:{g}" for g in GAMES) + GAMES

# The bursts that crashed the app before they were fixed (issue 9, part 4).
KNOWN_BURSTS = {
    "game": [["s", "enter", "enter", "enter"]],
    "menu": [["q", "n"], ["q", "o"]],
}

NAMES = ["Ada", "Bruno", "Chloé", "Dario"]
COLOURS = ["red", "blue", "green", "yellow"]


def key_event(key: str) -> events.Key:
    """The event ``Pilot.press`` would send for ``key``."""
    if len(key) == 1 and not key.isalnum():
        key = _character_to_key(key)
    original = REPLACED_KEYS.get(key, key)
    try:
        char: str | None = unicodedata.lookup(_get_unicode_name_from_key(original))
    except KeyError:
        char = key if len(key) == 1 else None
    return events.Key(key, char)


async def burst(pilot, keys: list[str], pause: str | float = "idle") -> None:
    """Send ``keys`` to the app with no wait between them, then pause:
    "idle" waits until the app is idle (``Pilot.pause``), a number sleeps that
    many seconds (the fuzz: the next burst may come while screens still open
    or close), 0 or None does not wait."""
    app = pilot.app
    for k in keys:
        ev = key_event(k)
        ev.set_sender(app)
        app._driver.send_message(ev)
    if pause == "idle":
        await pilot.pause()
    elif pause:
        await asyncio.sleep(float(pause))


def game_match(game: str, rng: random.Random) -> Match:
    """Three seats, the last a bot (so bot turns come up), advanced by a random
    number of random choices so the fuzz meets different decisions."""
    kinds = ["human", "human", "bot"]
    seats = [Seat(n, c, k) for n, c, k in zip(NAMES, COLOURS, kinds)]
    m = Match.new(game, seats, rng.randrange(10_000))
    bot = RandomBot(rng.randrange(10_000))
    for _ in range(rng.randrange(0, 80)):
        d = m.decision()
        if d is None:
            break
        m.choose(bot.choose(d))
    return m


@dataclass
class Failure:
    screen: str
    seed: int
    keys: list[str]
    error: str
    detail: str = ""

    def __str__(self) -> str:
        return f"{self.screen} seed={self.seed}: {self.error}\n  last keys: {self.keys[-12:]}"


@dataclass
class Result:
    keys: int = 0
    starts: int = 0
    seconds: float = 0.0
    failures: list[Failure] = field(default_factory=list)


def _on_screen(app, screen: str) -> bool:
    """Is the screen under test still on the app's stack?"""
    from boardgames_tui.ui.screens.game import GameScreen
    from boardgames_tui.ui.screens.menu import MenuScreen
    from boardgames_tui.ui.screens.new_game import NewGameScreen

    kind = {"menu": MenuScreen, "new": NewGameScreen}.get(screen.split(":")[0], GameScreen)
    return any(isinstance(s, kind) for s in app.screen_stack)


async def fuzz_screen(screen: str, n_keys: int, seed: int, *, size=(80, 24),
                      bursts: list[list[str]] | None = None) -> Result:
    """``n_keys`` random keys (plus ``bursts`` first) on ``screen``: "menu",
    "new:<game>" or a game name."""
    from boardgames_tui.ui.app import BoardgamesApp

    rng = random.Random(f"{screen}/{seed}")
    res = Result()
    todo = [list(b) for b in (bursts or [])]
    t0 = time.perf_counter()
    while res.keys < n_keys or todo:
        res.starts += 1
        run_keys: list[str] = []
        if screen in GAMES:
            app = BoardgamesApp(game_match(screen, rng), delay=rng.choice([0.0, 0.05]))
        else:
            app = BoardgamesApp()
        try:
            async with app.run_test(size=size) as pilot:
                await pilot.pause()
                if screen.startswith("new:"):
                    app.show_new_game(screen[4:])
                    await pilot.pause()
                while (res.keys < n_keys or todo) and not app._exit:
                    keys = todo.pop(0) if todo else [rng.choice(ALPHABET) for _ in range(BURST)]
                    run_keys.extend(keys)
                    res.keys += len(keys)
                    await burst(pilot, keys, PAUSE)
                    if not app._exit and not _on_screen(app, screen):
                        # The keys left the screen under test: back to it
                        # (quicker than a new app; a quit starts a new app).
                        await pilot.pause()
                        if app._exit:
                            break
                        res.starts += 1
                        if screen in GAMES:
                            app.open_match(game_match(screen, rng))
                        elif screen.startswith("new:"):
                            app.show_new_game(screen[4:])
                        else:
                            app.show_menu()
                        await pilot.pause()
                if not app._exit:
                    await pilot.pause()  # settle before the test harness shuts the app down
        except Exception as e:  # noqa: BLE001 - every failure is reported
            res.failures.append(Failure(screen, seed, list(run_keys), "".join(
                traceback.format_exception_only(type(e), e)).strip(), "".join(traceback.format_exception(e))))
            continue
        if app._exception is not None:
            e = app._exception
            res.failures.append(Failure(screen, seed, list(run_keys), repr(e), "".join(traceback.format_exception(e))))
        elif app.return_code not in (None, 0):
            res.failures.append(Failure(screen, seed, list(run_keys), f"return code {app.return_code}"))
    res.seconds = time.perf_counter() - t0
    return res


def known_bursts(screen: str) -> list[list[str]]:
    if screen == "menu":
        return KNOWN_BURSTS["menu"]
    if screen in GAMES:
        return KNOWN_BURSTS["game"]
    return []
