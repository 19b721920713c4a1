"""Random keys in bursts, through Pilot, on every screen: nothing may raise.

The screens: the menu, each game's new-game form ("new:<game>"), each game
near its opening ("<game>": up to 80 random choices in), mid-game
("mid:<game>": 300 random choices in, or two thirds of a game that ends
sooner) and Civilization at a battle ("battle:civilization").  Each start
plays its own random choices: 300 take under 0.1 s, and random play reaches
a battle within ~0.15 s, so a fresh position is as cheap as a copied one.

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
MID_CHOICES = 300
SCREENS = (("menu",) + tuple(f"new:{g}" for g in GAMES) + GAMES + tuple(f"mid:{g}" for g in GAMES)
           + ("battle:civilization",))

# The bursts that crashed the app before they were fixed.
KNOWN_BURSTS = {
    "game": [["s", "enter", "enter", "enter"]],
    "menu": [["q", "n"], ["q", "o"]],
    # Leaving a Civilization battle: the board's scroll, queued
    # after the refresh, ran once the board was gone.
    "battle": [["q", "y"], ["q", "enter"]],
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


def _seats(n: int = 3) -> list[Seat]:
    """``n`` seats, the last a bot (so bot turns come up)."""
    kinds = ["human"] * (n - 1) + ["bot"]
    return [Seat(nm, c, k) for nm, c, k in zip(NAMES, COLOURS, kinds)]


def _play(m: Match, bot: RandomBot, n: int, stop=lambda d: False) -> None:
    """Up to ``n`` random choices, fewer if the game ends or ``stop(decision)``."""
    for _ in range(n):
        d = m.decision()
        if d is None or stop(d):
            return
        m.choose(bot.choose(d))


def game_match(game: str, rng: random.Random) -> Match:
    """Advanced by a random number of random choices (under 80) so the fuzz
    meets different decisions near the opening."""
    m = Match.new(game, _seats(), rng.randrange(10_000))
    _play(m, RandomBot(rng.randrange(10_000)), rng.randrange(0, 80))
    return m


def mid_match(game: str, rng: random.Random, choices: int = MID_CHOICES) -> Match:
    """``choices`` random choices in; where the game ended sooner, two thirds
    of the way to its end (a mid-game screen, not the score screen)."""
    m = Match.new(game, _seats(), rng.randrange(10_000))
    _play(m, RandomBot(rng.randrange(10_000)), choices)
    if m.is_over():
        m = Match.replay(game, m.seats, m.seed, m.options, m.choices[:len(m.choices) * 2 // 3])
    assert not m.is_over()
    return m


def _in_battle(d) -> bool:
    return d.kind in ("battle_card", "battle_front")


def battle_match(rng: random.Random, limit: int = 6000) -> Match:
    """Civilization at a battle decision: random choices until the first one
    after a random number (under 300) of them; random play starts a battle
    within ~1,000 choices.  Past ``limit`` choices, the battle snapshot's
    set-up (tests/ui/test_civilization_snapshots.py)."""
    m = Match.new("civilization", _seats(), rng.randrange(10_000))
    bot = RandomBot(rng.randrange(10_000))
    _play(m, bot, rng.randrange(0, 300))
    _play(m, bot, limit, _in_battle)
    if m.decision() is not None and _in_battle(m.decision()):
        return m
    return snapshot_battle()


def snapshot_battle() -> Match:
    """The battle of the battle snapshot: two players at one keyboard, the random bot's choices up
    to the first front to pick after 700 choices."""
    from boardgames_tui.bots.base import ask
    from boardgames_tui.bots.levels import make_bot

    m = Match.new("civilization", [Seat(n, c) for n, c in zip(NAMES[:2], COLOURS)], 3)
    m.open_info = True
    bot = make_bot("random", 1, m.game)
    while len(m.choices) < 700 or m.decision().kind != "battle_front":
        m.choose(ask(bot, m.game, m.state, m.decision()))
    return m


def screen_match(screen: str, rng: random.Random) -> Match:
    """A match for the game screen ``screen`` ("<game>", "mid:<game>", "battle:civilization")."""
    kind, _, game = screen.rpartition(":")
    if kind == "mid":
        return mid_match(game, rng)
    if kind == "battle":
        return battle_match(rng)
    return game_match(game, rng)


@dataclass
class Failure:
    screen: str
    seed: int
    keys: list[str]
    error: str
    detail: str = ""
    match: str = ""  # the game screen's match: game, seed, choices (to replay it)

    def __str__(self) -> str:
        where = f"\n  match: {self.match}" if self.match else ""
        return f"{self.screen} seed={self.seed}: {self.error}\n  last keys: {self.keys[-12:]}{where}"


@dataclass
class Result:
    keys: int = 0
    starts: int = 0
    seconds: float = 0.0
    failures: list[Failure] = field(default_factory=list)


def _game_screen(screen: str) -> bool:
    return screen in GAMES or screen.startswith(("mid:", "battle:"))


def _on_screen(app, screen: str) -> bool:
    """Is the screen under test still on the app's stack (and, for a battle,
    the battle still on)?"""
    from boardgames_tui.ui.screens.game import GameScreen
    from boardgames_tui.ui.screens.menu import MenuScreen
    from boardgames_tui.ui.screens.new_game import NewGameScreen

    kind = {"menu": MenuScreen, "new": NewGameScreen}.get(screen.split(":")[0], GameScreen)
    on = [s for s in app.screen_stack if isinstance(s, kind)]
    if on and screen.startswith("battle:"):
        return getattr(on[0].match.state, "battle", None) is not None
    return bool(on)


def _describe(m: Match | None) -> str:
    if m is None:
        return ""
    return f"{m.game.name} seed={m.seed} seats={[s.kind for s in m.seats]} choices={m.choices}"


async def fuzz_screen(screen: str, n_keys: int, seed: int, *, size=(80, 24),
                      bursts: list[list[str]] | None = None) -> Result:
    """``n_keys`` random keys (plus ``bursts`` first) on ``screen``: "menu",
    "new:<game>", "<game>", "mid:<game>" or "battle:civilization" (a new
    battle each time the last one ends)."""
    from boardgames_tui.ui.app import BoardgamesApp

    rng = random.Random(f"{screen}/{seed}")
    res = Result()
    todo = [list(b) for b in (bursts or [])]
    t0 = time.perf_counter()
    while res.keys < n_keys or todo:
        res.starts += 1
        run_keys: list[str] = []
        match = None
        if _game_screen(screen):
            match = screen_match(screen, rng)
            app = BoardgamesApp(match, delay=rng.choice([0.0, 0.05]))
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
                        if _game_screen(screen):
                            match = screen_match(screen, rng)
                            app.open_match(match)
                        elif screen.startswith("new:"):
                            app.show_new_game(screen[4:])
                        else:
                            app.show_menu()
                        await pilot.pause()
                if not app._exit:
                    await pilot.pause()  # settle before the test harness shuts the app down
        except Exception as e:  # noqa: BLE001 - every failure is reported
            res.failures.append(Failure(screen, seed, list(run_keys), "".join(
                traceback.format_exception_only(type(e), e)).strip(), "".join(traceback.format_exception(e)),
                _describe(match)))
            continue
        if app._exception is not None:
            e = app._exception
            res.failures.append(Failure(screen, seed, list(run_keys), repr(e), "".join(traceback.format_exception(e)),
                                        _describe(match)))
        elif app.return_code not in (None, 0):
            res.failures.append(Failure(screen, seed, list(run_keys), f"return code {app.return_code}",
                                        match=_describe(match)))
    res.seconds = time.perf_counter() - t0
    return res


def known_bursts(screen: str) -> list[list[str]]:
    if screen == "menu":
        return KNOWN_BURSTS["menu"]
    if screen.startswith("battle:"):
        return KNOWN_BURSTS["game"] + KNOWN_BURSTS["battle"]
    if _game_screen(screen):
        return KNOWN_BURSTS["game"]
    return []
