"""A table's game screen: one seat (or a spectator) of a game the host's table server holds.

The screen is a client (``tables/client.py``): it holds the position as the server last pushed it
(:class:`~...tables.remote.RemoteMatch`: its seat's view, its decision's options, its log), never
the seed or another seat's holdings.  What differs from the generic :class:`GameScreen`:

* no curtain ever: this terminal shows its seat's view only (a spectator the public view);
* a choice, an undo and a hint are requests to the server; the position changes when the server
  pushes it (at once for this terminal's own choices, within milliseconds for the others');
* bots are played by the server: this screen only shows "Waiting for …";
* no autosave: the table is the record.  Save writes a bookmark (the table and the seat) that
  ``resume`` and Load open again as a join; once the game is over, the whole record;
* the server gone: one line, and the screen reconnects (starting a server) until one answers.
"""
from __future__ import annotations

import asyncio
from collections.abc import Callable

from rich.text import Text
from textual.widgets import Static

from ...bots.hint import Hint
from ...engine.core import Decision, IllegalMove
from ...tables import client
from ...tables.client import TableLink
from ...tables.remote import RemoteMatch
from ..widgets import TurnBanner
from ..play import Done, Play
from .game import GameScreen, prompt_text

RECONNECT_EVERY = 1.0   # seconds between tries when the server has gone


def waiting_text(name: str, seat: int, bot: bool = False) -> str:
    return f"Waiting for {name} ({'bot, ' if bot else ''}seat {seat + 1})…"


class TablePlay(Play):
    """A seat at a table (``ui/play.py``): a choice and an undo are requests to the table server,
    and ``send`` puts them on the connection (False: the server cannot be reached now)."""

    def __init__(self, remote: RemoteMatch, send: Callable[[dict], bool]) -> None:
        super().__init__(remote, autosave=False)   # the table is the record
        self.remote, self.send = remote, send
        self.sent_at: int | None = None   # the choice count a choice of ours was sent at
        self.undo_sent = False

    def choose(self, key: str, d: Decision, hint: Hint | None = None) -> Done:
        if self.sent_at is not None:
            raise IllegalMove("your last choice is on its way")
        if d.get(key) is None:
            raise IllegalMove("that is not one of the options")
        if not self.send({"t": "choose", "key": key, "n": self.remote.n}):
            raise IllegalMove("the table server cannot be reached now")
        self.sent_at = self.remote.n
        return Done(applied=False)

    def undo(self) -> int | None:
        if not self.send({"t": "undo"}):
            raise IllegalMove("the table server cannot be reached now")
        self.undo_sent = True
        return -1

    def arrived(self) -> None:
        """A position came: whatever was on its way has arrived."""
        self.sent_at = None
        self.undo_sent = False


class TableGameScreen(GameScreen):
    def __init__(self, link: TableLink, *, delay: float = 0.6) -> None:
        self.link = link
        self.remote = RemoteMatch(link.state)
        self.table = TablePlay(self.remote, lambda msg: self._send(msg, quiet=True))
        super().__init__(self.remote, delay=delay, viewer=self.remote.viewer,  # type: ignore[arg-type]
                         play=self.table)
        self._stream: client.Stream | None = None
        self._gone = False
        self._turn_note = None   # the "Your turn." on screen, if any
        self._player = link.conn.player   # who the server took us for: the reconnect's hello says it again

    def _make_bots(self) -> list:
        return []   # the server plays the bot seats

    def on_mount(self) -> None:
        super().on_mount()
        self.run_worker(self._follow(), exclusive=True, group="table", exit_on_error=False)

    # -- who is who --------------------------------------------------------------------
    @property
    def session(self) -> RemoteMatch:
        return self.remote   # the palette's "the table waits" looks for it

    def is_bot(self, player: int) -> bool:
        return self.remote.seats[player].is_bot

    def needs_curtain(self, d: Decision) -> bool:
        return False   # each terminal shows only its own seat's view

    def my_turn(self) -> bool:
        return self.remote.my_turn() and not self._gone

    def human_to_act(self) -> bool:
        return self.my_turn() and self.table.sent_at is None

    def status_note(self) -> str:
        return f" · table {self.remote.code}" + (" · watching" if self.remote.watch else "")

    def leave_note(self) -> str:
        return f" The table waits; `boardgames-tui join {self.remote.code}` comes back."

    # -- the server's messages ------------------------------------------------------------
    async def _follow(self) -> None:
        self._stream = await client.Stream.take(self.link.conn)
        while True:
            msg = await self._stream.next()
            if msg is None:
                await self._reconnect()
                continue
            try:
                self._server_message(msg)
            except Exception as e:  # noqa: BLE001 - a bug must not stop the screen following its table
                self.notify(f"A message from the table server was not understood ({type(e).__name__}: {e})",
                            severity="error", markup=False)

    def _server_message(self, msg: dict) -> None:
        kind = msg.get("t")
        if kind == "state":
            was_mine = self.my_turn()
            gen = self.remote.gen
            self.remote.apply(msg)
            if self.table.undo_sent and self.remote.gen != gen:
                self.notify("Undone.", timeout=1.5)
                self._restore = self._picked.get(self.remote.n)
            self.table.arrived()
            if self.remote.is_over() and self.remote.final is None:
                self._send({"t": "record"})   # the whole game, for the scores and a Save
            if not self.is_mounted:
                return
            self.refresh_position()
            if self.my_turn() and not was_mine:
                self._your_turn_note()   # the waiting player may look away
            elif not self.my_turn():
                self._your_turn_note(gone=True)
        elif kind == "error":
            self.table.arrived()
            self.notify(str(msg.get("line")), title="Not allowed" if not msg.get("stale") else "",
                        severity="warning" if msg.get("stale") else "error", markup=False)
        elif kind == "record":
            if self.remote.take_record(msg.get("save") or {}) and self.is_mounted:
                self.refresh_position()
        elif kind == "hint":
            self._got_hint(msg)
        elif kind == "stopped":
            self._gone = True
            self.notify(str(msg.get("line")), severity="error", timeout=30, markup=False)
            self.refresh_position()

    def _your_turn_note(self, gone: bool = False) -> None:
        """"Your turn." for two seconds, taken away at once when the turn passes sooner (turns
        that pass quickly, as Evolution's feeding does, left it up while the other seat chose)."""
        from textual.notifications import Notification, Notify

        app = self.app
        note = self._turn_note
        if note is not None and note in getattr(app, "_notifications", ()):
            try:
                app._unnotify(note)
            except (AttributeError, KeyError):
                pass
        self._turn_note = None
        if not gone:
            self._turn_note = Notification("Your turn.", "", "information", 2)
            app.post_message(Notify(self._turn_note))

    async def _reconnect(self) -> None:
        if not self._gone:
            self._gone = True
            self.notify("The table server has gone; reconnecting…", severity="warning", markup=False)
            if self.is_mounted:
                self.refresh_position()
        link = self.link
        if self._stream is not None:
            self._stream.close()   # the one that has gone
        while True:
            await asyncio.sleep(RECONNECT_EVERY)
            try:
                conn, _joined, state = await asyncio.to_thread(client.join, link.code, link.seat, link.watch,
                                                               player=self._player, server=link.server,
                                                               token=link.token)
            except client.ClientError:
                continue
            self._stream = await client.Stream.take(conn)
            self._gone = False
            self.notify("Back at the table.", timeout=2)
            self._server_message(state)
            return

    def _send(self, msg: dict, quiet: bool = False) -> bool:
        if self._stream is None or self._gone:
            if not quiet:
                self.notify("The table server cannot be reached now.", severity="warning")
            return False
        self._stream.put(msg)
        return True

    # -- rendering -----------------------------------------------------------------------
    def refresh_position(self) -> None:
        r = self.remote
        if r.is_over() and r.final is not None:
            self.match = r.final   # the whole game, as the server's record gives it: nothing is hidden now
            super().refresh_position()
            return
        d = r.decision()
        if d is None:   # over, its record not here yet: the last position, no scores yet
            self.query_one(TurnBanner).show_turn(None, note="Game over",
                                                 status=f"{r.game.title} · round {r.round}{self.status_note()}")
            self.query_one("#prompt", Static).update(Text("The game is over; the scores are on their way…"))
            self.picker.set_options([], message="Game over")
            self._show(r.view(None), r.viewer, None)
            return
        if self.my_turn():
            self.viewer = d.player   # our seat's turn: its own view
            super().refresh_position()
            if self.table.sent_at is not None:
                self.picker.set_options([], message="…")
            return
        self.viewer = r.viewer
        self._show_waiting(d)

    def _show_waiting(self, d: Decision) -> None:
        m = self.remote
        seat = m.seats[d.player]
        view = m.view(self.viewer, log=False)
        status = f"{m.game.title} · round {m.round_number()}{self.status_note()}"
        self.query_one(TurnBanner).show_turn(d.player, seat.name, seat.colour, bot=seat.is_bot,
                                             status=status, note=self.board.banner_note(view))
        wait = waiting_text(seat.name, d.player, seat.is_bot)
        if self._gone:
            wait = "The table server cannot be reached; reconnecting…"
        what = f"  {prompt_text(d.prompt, seat.name)}" if d.prompt and not self._gone else ""
        line = f"{wait}{what}"
        room = max(10, self.size.width - 2)   # the prompt's padding
        if len(line) > room:                  # one line: the board does not jump as turns pass
            line = line[:room - 1] + "…"
        self.query_one("#prompt", Static).update(Text(line, style="italic"))
        self.picker.set_options([], message=wait)
        self._show_hint(None)   # a hint belongs to the decision it was asked at: ours has passed
        self._show(view, self.viewer, None)

    # -- acting ----------------------------------------------------------------------------
    def action_enter(self) -> None:
        r = self.remote
        if r.is_over() and r.final is None:   # the scores need the record: asked again, not yet here
            self.notify("The scores are on their way…", timeout=2)
            self._send({"t": "record"})
            return
        super().action_enter()

    def action_hint(self) -> None:
        d = self.remote.decision()
        if d is None or not self.human_to_act():
            self.notify("No hint now: it is not your decision.", severity="warning")
            return
        at = self.remote.n
        if self._hint is not None and self._hint[0] == at:
            self.show_hint_pick(at)
            return
        self._send({"t": "hint"})

    def _got_hint(self, msg: dict) -> None:
        at = msg.get("at")
        if at != self.remote.n or not self.is_mounted:
            return   # asked at a position that has passed
        self._hint = (at, Hint(msg["key"], msg["label"], msg["reason"], msg.get("target"), bool(msg.get("named"))))
        self.show_hint_pick(at)

    def action_save(self) -> None:
        from ...engine import save as saves
        from ...tables.bookmark import write_bookmark
        from .dialogs import SaveScreen

        r = self.remote
        final = r.final

        def write(path):
            if final is not None:
                return saves.save(final, path)   # the game is over: the whole record
            return write_bookmark(path, r.code, self.link.seat, self.link.watch, r.game.name, self._server_address())

        def done(result) -> None:
            if result is not None:
                what = "the game's record" if final is not None else "a bookmark of this table"
                self.notify(f"Saved {what} to {result}", markup=False)

        title = "Save the game's record" if final is not None else "Save a bookmark of this table (no cards)"
        self.app.push_screen(SaveScreen(f"table-{r.code}.json", write, title=title), done)

    def _server_address(self) -> str:
        """The TCP server's address for a bookmark, without its token ("" for the host's own)."""
        if not self.link.server:
            return ""
        from ...tables.wsclient import split_server
        return split_server(self.link.server)[0]

    def on_unmount(self) -> None:
        super().on_unmount()
        if self._stream is not None:
            self._stream.close()


__all__ = ["TableGameScreen", "waiting_text"]
