"""The bot seats of a game screen: their turns at the player's pace, a search bot thinking on a
worker thread while the screen stays live.

A mixin of :class:`.game.GameScreen` (it uses the screen's ``match``, ``delay``, ``frozen``,
``is_bot``, ``picker`` and ``_after_change``); a table's screen plays no bots (the server does).
"""
from __future__ import annotations

import threading
import time

from textual import work

from ...bots.base import BotCancelled, ask, bot_seed, knowledge
from ...bots.ismcts import THINK_SECONDS
from ...bots.levels import make_bot
from ...bots.random_bot import RandomBot
from ...engine.core import Decision, IllegalMove
from ..later import after_delay, after_refresh
from ..sizes import too_small

BOT_BATCH = 2000  # bot choices made in one go when the delay is 0
FORCED_DELAY = 0.05  # a bot's pause before a choice with one option: nothing to watch there
SPINNER = "⠋⠙⠹⠸⠼⠴⠦⠧⠇⠏"


class BotTurns:
    """Bot turns for a game screen."""

    # set by the screen's __init__
    _bot_token: int
    _bot_pending: bool
    _thinking: tuple[int, int, threading.Event, object] | None
    _think_started: float
    _holding: bool
    _spin: int

    def _make_bots(self) -> list:
        """One bot per seat at the seat's level.  Random seats share one random
        bot seeded by the match (as before levels), the others get their own."""
        m = self.match
        shared = RandomBot(m.seed)
        out = []
        for i, seat in enumerate(m.seats):
            level = seat.level if (seat.is_bot or self.demo) else "random"
            # a search bot thinks within the app's time budget as well as its iterations
            out.append(shared if level == "random"
                       else make_bot(level, bot_seed(m.seed, i), m.game, seconds=THINK_SECONDS))
        return out

    def record_bot_choice(self, key: str) -> bool:
        """Make a bot's choice (IllegalMove: a rules bug).  False: it was not made and the
        position is what it is now (a table's screen: another terminal recorded one first)."""
        self.match.choose(key)
        return True

    def _schedule_bot(self) -> None:
        """The next bot move after the delay; a search bot starts thinking at once
        instead (once this position is drawn), and its move waits only for what is
        left of the delay when it is done (:meth:`_thinking_done`): the player waits
        the thinking time or the delay, the longer of the two, never both."""
        if self.frozen or self._bot_pending or self._thinking is not None:
            return
        self._bot_token += 1
        token = self._bot_token
        self._bot_pending = True
        if self.delay <= 0 or self._next_bot_thinks():
            after_refresh(self, self._bot_move, token)
        else:
            d = self.match.decision()
            forced = d is not None and len(d.options) == 1
            after_delay(self, min(self.delay, FORCED_DELAY) if forced else self.delay, self._bot_move, token)

    def _note_target(self, d: Decision, key: str) -> None:
        opt = d.get(key)
        if opt is not None and opt.target is not None:
            self._last_target = opt.target

    def _next_bot_thinks(self) -> bool:
        d = self.match.decision()
        return (d is not None and self.is_bot(d.player) and len(d.options) > 1
                and getattr(self._bots[d.player], "thinks", False))

    def _bot_move(self, token: int) -> None:
        if token != self._bot_token:
            return
        self._bot_pending = False
        if (not self.is_current or not self.is_mounted or too_small(self.app)
                or getattr(self.app, "closing", False)):
            return  # resumes via on_screen_resume
        moves = BOT_BATCH if self.delay <= 0 else 1
        changed = False
        for _ in range(moves):
            d = self.match.decision()
            if d is None or not self.is_bot(d.player):
                break
            bot = self._bots[d.player]
            if getattr(bot, "thinks", False) and len(d.options) > 1:
                if changed:
                    self._after_change()  # shows the moves so far, then asks again
                else:
                    self._start_thinking(bot, d)
                return
            # A bot gets its player's view and the decision, never the state.
            key = ask(bot, self.match.game, self.match.state, d)
            self._note_target(d, key)
            try:
                if not self.record_bot_choice(key):
                    changed = True  # the position moved on elsewhere: show it
                    break
            except IllegalMove as e:  # a rules bug; show it, do not crash
                self.notify(f"Bot move refused: {e.reason}", severity="error", markup=False)
                return
            changed = True
        if changed:
            self._after_change()

    # -- a search bot thinking in a worker thread ---------------------------------------
    def _start_thinking(self, bot, d: Decision) -> None:
        """Search in a thread so that the screen stays live (l, ?, q work); what
        the bot may know is built here, from the state, on the app's thread."""
        self._think_started = time.perf_counter()
        k = knowledge(bot, self.match.game, self.match.state, d)
        cancel = threading.Event()
        token = self._bot_token
        self._thinking = (token, d.player, cancel, bot)
        bot.done_iterations = 0
        bot.cancel = cancel.is_set
        bot.progress = lambda done, total: setattr(bot, "done_iterations", done)  # read by the spinner
        self._show_thinking()
        self._spin_timer = self.set_interval(0.12, self._show_thinking)
        self._think(bot, k, d, token, cancel)

    @work(thread=True, exclusive=True, group="bot", exit_on_error=False)
    def _think(self, bot, k, d: Decision, token: int, cancel: threading.Event) -> None:
        """The search, on a worker thread (exclusive: a new one replaces any still running, whose
        cancel is already set and whose result is ignored)."""
        try:
            key = bot.decide(k)
        except BotCancelled:
            return
        except Exception as e:  # noqa: BLE001 - a bot's fault must not take the game down
            self.app.call_from_thread(self._thinking_failed, token, e)
            return
        if not cancel.is_set():
            self.app.call_from_thread(self._thinking_done, token, d, key)

    def _show_thinking(self) -> None:
        if self._thinking is None:
            return
        _, player, _, bot = self._thinking
        self._spin = (self._spin + 1) % len(SPINNER)
        total = getattr(bot, "iterations", 0) or 1
        pct = min(100, 100 * getattr(bot, "done_iterations", 0) // total)
        seat = self.match.seats[player]
        self.picker.set_options([], message=f"{SPINNER[self._spin]} {seat.name} ({bot.name} bot) is "
                                            f"thinking… {pct}%  (q stops it)")

    def _stop_thinking(self) -> None:
        """Stop a search at once; its result, if it comes, is ignored (and so is
        one that waits for the rest of the delay)."""
        if self._thinking is None:
            if self._holding:
                self._holding = False
                self._bot_token += 1
                self._bot_pending = False
            return
        self._thinking[2].set()
        self._thinking = None
        self._bot_token += 1
        self._bot_pending = False
        timer = getattr(self, "_spin_timer", None)
        if timer is not None:
            timer.stop()

    def _thinking_done(self, token: int, d: Decision, key: str) -> None:
        if self._thinking is None or self._thinking[0] != token:
            return
        self._stop_thinking()
        wait = self.delay - (time.perf_counter() - self._think_started)
        if wait > 0.005:  # the delay runs from the start of the thinking: only what is left of it
            self._bot_token += 1
            hold = self._bot_token
            self._bot_pending = True
            self._holding = True
            after_delay(self, wait, self._play_thought, hold, d, key)
            return
        self._play_thought(self._bot_token, d, key)

    def _play_thought(self, token: int, d: Decision, key: str) -> None:
        """Play a search bot's choice, unless the position changed meanwhile (or q
        stopped it while it waited: the token moved on)."""
        if token != self._bot_token:
            return
        self._bot_pending = False
        self._holding = False
        if not self.is_mounted or getattr(self.app, "closing", False):
            return
        now = self.match.decision()
        if now is None or now.player != d.player or now.get(key) is None:
            self.refresh_position()
            return
        try:
            self._note_target(d, key)
            if not self.record_bot_choice(key):
                self.refresh_position()
                return
        except IllegalMove as e:
            self.notify(f"Bot move refused: {e.reason}", severity="error", markup=False)
            return
        self._after_change()

    def _thinking_failed(self, token: int, e: Exception) -> None:
        if self._thinking is None or self._thinking[0] != token:
            return
        self._stop_thinking()
        self.notify(f"The bot failed ({type(e).__name__}: {e}); it plays at random this turn.",
                    severity="error", markup=False)
        d = self.match.decision()
        if d is not None:
            self._bots[d.player] = RandomBot(self.match.seed)
            self._schedule_bot()
