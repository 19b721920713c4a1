"""A table's game screen: one seat (or a spectator) of a game played from several terminals.

The generic :class:`GameScreen` drives the session's match; what differs:

* no curtain ever: this terminal shows ``session.viewer()``'s view only (a
  spectator the public view), the board, the log and the prompt alike;
* while another seat decides, the prompt says who, the option list is empty,
  and a 0.25 s timer polls the store (``session.poll()``: a counter read when
  nothing changed) and redraws when another terminal chose;
* a choice goes through ``session.choose``: the store's guarded append decides
  whether it was first (StaleChoice: another terminal was);
* a bot seat is played by the session holding the store's bot lease, through
  GameScreen's bot machinery, behind the same waiting view as at the other
  terminals (its own seat's view; the bot's private prompt and options are
  never drawn); the others just poll;
* no autosave: the table store is the record (Save still writes a JSON copy).
"""
from __future__ import annotations

import time

from rich.text import Text
from textual.widgets import Static

from ...engine.core import Decision, IllegalMove
from ...engine.table_session import StaleChoice, TableSession
from ...engine.table_store import TableError
from ..sizes import too_small
from ..widgets import TurnBanner
from .game import GameScreen, prompt_text

POLL_SECONDS = 0.25
LEASE_RETRY = 1.0     # how often a session without the bot lease asks for it (a holder may have gone)
RENEW_EVERY = 5.0     # a thinking bot's lease is renewed this often (it lasts BOT_LEASE_SECONDS)


def waiting_text(name: str, seat: int, bot: bool = False) -> str:
    return f"Waiting for {name} ({'bot, ' if bot else ''}seat {seat + 1})…"


class TableGameScreen(GameScreen):
    def __init__(self, session: TableSession, *, delay: float = 0.6) -> None:
        self.session = session
        super().__init__(session.match, delay=delay, viewer=session.viewer(), autosave=False)
        self._lease_tried = 0.0
        self._renewed = 0.0
        self._store_warned = False

    def on_mount(self) -> None:
        super().on_mount()
        self.set_interval(POLL_SECONDS, self.poll)

    # -- who is who --------------------------------------------------------------------
    def is_bot(self, player: int) -> bool:
        return self.match.seats[player].is_bot

    def needs_curtain(self, d: Decision) -> bool:
        return False   # each terminal shows only its own seat's view

    def human_to_act(self) -> bool:
        return self.session.my_turn()

    def status_note(self) -> str:
        return f" · table {self.session.code}" + (" · watching" if self.session.watch else "")

    def leave_note(self) -> str:
        return f" The table waits; `boardgames-tui join {self.session.code}` comes back."

    # -- keeping up ----------------------------------------------------------------------
    def poll(self) -> None:
        """The timer: take in other terminals' choices; try for a bot's turn whose thinker left."""
        if not self.is_mounted or getattr(self.app, "closing", False):
            return
        was_mine = self.session.my_turn()
        try:
            changed = self.session.poll()
        except TableError as e:
            self._warn(e)
            return
        if changed:
            self._stop_thinking()   # thought about a position that is gone
            self.refresh_position()
            if self.session.my_turn() and not was_mine:
                self.notify("Your turn.", timeout=2)   # the waiting player may look away
            return
        s = self.session
        if s.bot_to_move():
            now = time.monotonic()
            if self._thinking is not None or self._bot_pending:
                if now - self._renewed >= RENEW_EVERY:
                    self._renewed = now
                    self._lease()
            elif now - self._lease_tried >= LEASE_RETRY:
                self._lease_tried = now
                if self._lease():
                    self.refresh_position()

    def _lease(self) -> bool:
        try:
            return self.session.lease_bot()
        except TableError as e:
            self._warn(e)
            return False

    def _warn(self, e: Exception) -> None:
        if not self._store_warned:
            self._store_warned = True
            self.notify(f"The table store: {e}", severity="warning", markup=False)

    # -- rendering -----------------------------------------------------------------------
    def refresh_position(self) -> None:
        s = self.session
        self.match = s.match   # a take-back replays the table into a new match
        d = self.match.decision()
        if d is None or s.my_turn():
            if d is not None:
                self.viewer = d.player   # our seat's turn: its own view
            super().refresh_position()
            return
        self.viewer = s.viewer()
        self._show_waiting(d)
        if s.bot_to_move() and self._lease():
            # This terminal thinks for the bot, behind the same waiting view: GameScreen's bot
            # turn would draw the bot's prompt, which at a private decision may name its hand.
            self._renewed = time.monotonic()
            self._schedule_bot()

    def _show_waiting(self, d: Decision) -> None:
        m = self.match
        seat = m.seats[d.player]
        view = m.view(self.viewer, log=False)
        status = f"{m.game.title} · round {m.round_number()}{self.status_note()}"
        self.query_one(TurnBanner).show_turn(d.player, seat.name, seat.colour, bot=seat.is_bot,
                                             status=status, note=self.board.banner_note(view))
        wait = waiting_text(seat.name, d.player, seat.is_bot)
        # A private decision's prompt may name what only its seat knows: not shown here.
        what = "" if d.private else f"  {prompt_text(d.prompt, seat.name)}"
        line = f"{wait}{what}"
        room = max(10, self.size.width - 2)   # the prompt's padding
        if len(line) > room:                  # one line: the board does not jump as turns pass
            line = line[:room - 1] + "…"
        self.query_one("#prompt", Static).update(Text(line, style="italic"))
        self.picker.set_options([], message=wait)
        self._show_hint(None)   # a hint belongs to the decision it was asked at: ours has passed
        self._show(view, self.viewer, None)

    # -- acting ----------------------------------------------------------------------------
    def choose(self, key: str) -> bool:
        m = self.match
        if m.decision() is None or too_small(self.app):
            return False
        if not self.session.my_turn():
            self.notify("It is not your turn to choose.", severity="warning")
            return False
        at = len(m.history)
        try:
            self.session.choose(key)
        except StaleChoice:
            self.notify("Another choice was made first", severity="warning")
            self.refresh_position()
            return False
        except IllegalMove as e:
            self.notify(e.reason, title="Not allowed", severity="error", markup=False)
            return False
        except TableError as e:
            self.notify(str(e), severity="error", markup=False)
            return False
        self._picked[at] = key
        self._after_change()
        return True

    def record_bot_choice(self, key: str) -> bool:
        s = self.session
        try:
            if not s.lease_bot():
                return False   # another terminal thinks for this bot now
            s.choose(key, for_bot=True)
        except StaleChoice:
            return False       # another terminal recorded one first: dropped
        except TableError as e:
            self._warn(e)
            return False
        return True

    def action_undo(self) -> None:
        s = self.session
        ok, why = s.can_undo()
        if not ok:
            self.notify(f"Cannot undo: {why}", severity="warning", markup=False)
            return
        self._stop_thinking()
        try:
            s.undo()
        except StaleChoice:
            self.notify("Another choice was made first", severity="warning")
            self.refresh_position()
            return
        except (IllegalMove, TableError) as e:
            self.notify(str(e), severity="warning", markup=False)
            return
        self.notify("Undone.", timeout=1.5)
        self._restore = self._picked.get(len(s.match.history))
        if self._board_has_focus():
            self.picker.choice_list.focus()
        self._after_change()


__all__ = ["TableGameScreen", "waiting_text"]
