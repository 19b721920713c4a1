"""One terminal's link to a table: the match replayed from the store, and the seats its player holds.

A session keeps a :class:`~.session.Match` in step with the table store.  It
chooses only for the seats its player claimed, and only through the guarded
append: the choice goes through the rules first (here, on the session's own
copy of the game), then into the store if nobody chose first, and only then
onto the session's match.  :meth:`TableSession.poll` brings in the choices
other sessions made; after a take-back (the store's generation moved on) it
replays the table from the start.

Bots: every connected human session of a table may run a bot seat's turn, but
only the one holding the store's bot lease thinks (:meth:`lease_bot`), and its
choice is appended like any other, guarded; so exactly one choice is recorded
whichever sessions are connected, and a session that drops mid-thought only
delays the bot until its lease runs out (``BOT_LEASE_SECONDS``).

This module does not import Textual: the screen, the CLI, the load bench and
the tests all drive a table through it.
"""
from __future__ import annotations

import secrets
from dataclasses import dataclass, field

from .core import IllegalMove
from .save import FORMAT, FORMAT_VERSION, SaveError, from_json
from .session import Match, Seat
from .table_store import TableError, TableInfo, TableRead, TableStore
from .text import one_line, printable


class StaleChoice(IllegalMove):
    """Another session chose first (or took a choice back): nothing was recorded, and the
    session now shows the table's new position."""


def new_table(store: TableStore, game: str, seats: list[Seat], seed: int | None = None,
              options: dict[str, str] | None = None) -> str:
    """Create a table (ValueError for bad settings, TableError for the store); returns its code."""
    # A table records one choice per append and takes back one: no forced choices played by a
    # session on its own (its header says so, and its replays follow the header).
    m = Match.new(game, seats, seed, options, auto_forced=False)
    m.open_info = False
    return store.create(m)


def load_table(store: TableStore, code: str) -> Match:
    """The table's match, replayed from its seed and choices (TableError if it does not replay)."""
    return _replayed(store, code)[0]


def _replayed(store: TableStore, code: str) -> tuple[Match, TableRead]:
    """The table's match and the one read of the store it was replayed from (its count and
    generation belong to those keys, whatever was committed since)."""
    game, h = store.header(code)
    r = store.read(code)
    data = {**h, "format": FORMAT, "format_version": FORMAT_VERSION, "game": game, "choices": r.keys,
            "auto_forced": False}
    try:
        m = from_json(data, f"table {code}")
    except SaveError as e:
        raise TableError(str(e)) from None
    m.match_id = f"table-{code}"
    return m, r


def take_seat(store: TableStore, info: TableInfo, seat: int, player: str) -> None:
    """Claim ``seat`` (0-based) of the table ``info`` for ``player``, or find it theirs already;
    TableError with one line if it is not theirs to take."""
    code = info.code
    if not 0 <= seat < len(info.seats):
        raise TableError(f"table {code} has seats 1 to {len(info.seats)}, not {seat + 1}")
    s = info.seats[seat]
    if s.kind != "human":
        raise TableError(f"seat {seat + 1} ({s.name}) is a bot's")
    if s.player not in (None, player):
        raise TableError(f"seat {seat + 1} ({s.name}) is taken by {printable(s.player or '')}")
    if not store.claim(code, seat, player):
        raise TableError(f"seat {seat + 1} ({s.name}) was just taken by somebody else")


@dataclass
class TableSession:
    store: TableStore
    code: str
    player: str                 # identity.player_id() of this session
    held: list[int]             # the seats this session may choose for ([] when watching)
    watch: bool = False
    match: Match = field(init=False)
    n: int = field(init=False, default=0)      # choices this session has seen
    gen: int = field(init=False, default=0)    # the store's take-back generation it has seen
    # Identifies this session's bot lease (two sessions of one player must not share one).
    session_id: str = field(init=False, default_factory=lambda: secrets.token_hex(8))

    def __post_init__(self) -> None:
        self._rebuild()

    # -- opening ---------------------------------------------------------------------
    @classmethod
    def join(cls, store: TableStore, code: str, player: str, seat: int | None = None) -> TableSession:
        """Join for ``seat`` (0-based), claiming it if free; without a seat, the player's own seats,
        else the first free one.  TableError (one line) if the seat is not theirs to take."""
        info = store.info(code)
        if seat is not None:
            take_seat(store, info, seat, player)
        else:
            if not info.seats_of(player):
                free = info.free_seats()
                if not free:
                    raise TableError(f"table {code} has no free seat; `join {code} --watch` looks on")
                if not store.claim(code, free[0], player):
                    raise TableError(f"seat {free[0] + 1} was just taken by somebody else; try again")
        held = store.info(code).seats_of(player)
        return cls(store, code, player, held)

    @classmethod
    def spectate(cls, store: TableStore, code: str, player: str) -> TableSession:
        store.info(code)  # TableError if there is no such table
        return cls(store, code, player, [], watch=True)

    def _rebuild(self) -> None:
        # "Seen" is marked before the read, never after: a choice committed between the
        # two must make the next poll read (marked after, it was taken as seen but never
        # read, and a seat waiting for it waited for ever: tests/tables/test_table_conformance.py).
        self.store.changed()
        self.match, r = _replayed(self.store, self.code)
        # The count and generation of that same read: a take-back committed after it must
        # not be taken as seen (the next poll would then read on from a choice it replaced).
        self.n, self.gen = r.n, r.gen

    # -- who is who --------------------------------------------------------------------
    def mine(self, seat: int) -> bool:
        return seat in self.held

    def decider(self) -> int | None:
        d = self.match.decision()
        return None if d is None else d.player

    def my_turn(self) -> bool:
        d = self.decider()
        return d is not None and self.mine(d)

    def viewer(self) -> int | None:
        """Whose view this terminal shows: the deciding seat if it is ours, else our first seat;
        nobody's (the public view) for a spectator."""
        if self.watch or not self.held:
            return None
        d = self.decider()
        return d if d is not None and self.mine(d) else self.held[0]

    def bot_to_move(self) -> bool:
        """A bot seat decides now and this session may run it (a human session, not a spectator)."""
        d = self.decider()
        return d is not None and not self.watch and bool(self.held) and self.match.seats[d].is_bot

    def info(self) -> TableInfo:
        return self.store.info(self.code)

    # -- keeping up ----------------------------------------------------------------------
    def poll(self) -> bool:
        """Take in what other sessions recorded; True if the position changed.  Costs a counter
        read when nothing did."""
        if not self.store.changed():
            return False
        r = self.store.read(self.code, self.n, self.gen)
        if r.gen != self.gen or r.start != self.n:
            self._rebuild()      # a take-back: start again from the seed
            return True
        if not r.keys:
            return False
        for k in r.keys:
            d = self.match.decision()
            try:
                self.match.choose(k, snapshot=d is not None and self.mine(d.player))
            except IllegalMove:
                self._rebuild()  # cannot happen with the same rules; replaying says so if it does
                return True
        self.n = r.n
        return True

    # -- acting ----------------------------------------------------------------------------
    def _check(self, key: str, for_bot: bool) -> tuple[int, int]:
        """Refuse (IllegalMove, nothing changed) a key this session may not record now; else the
        (decider, round) after it, from a copy of the game."""
        m = self.match
        d = m.decision()
        if d is None:
            raise IllegalMove("the game is over")
        seat = m.seats[d.player]
        if for_bot:
            if not seat.is_bot or self.watch or not self.held:
                raise IllegalMove("no bot of this table decides now")
        elif self.watch:
            raise IllegalMove("you are watching this table")
        elif not self.mine(d.player):
            raise IllegalMove(f"it is {seat.name}'s turn, not yours")
        if d.get(key) is None:
            raise IllegalMove(one_line(m.game.why_illegal(m.state, d, key)))
        after = m.game.clone(m.state)
        m.game.apply(after, key)
        nd = m.game.cached_decision(after)
        return (nd.player if nd is not None else -1), m.game.round_number(after)

    def choose(self, key: str, for_bot: bool = False) -> None:
        """Record ``key`` for the seat deciding now: IllegalMove if it is not ours or not legal,
        StaleChoice if another session chose first (then the new position is in)."""
        decider, rnd = self._check(key, for_bot)
        if not self.store.append(self.code, self.n, self.gen, key, decider, rnd):
            self.poll_now()
            raise StaleChoice("another choice was made first; this is the position now")
        d = self.match.decision()
        self.match.choose(key, snapshot=d is not None and self.mine(d.player))
        self.n += 1

    def poll_now(self) -> None:
        """Catch up whatever ``changed`` says (used after a refused write, which proves a change)."""
        self.store._version = None
        self.poll()

    def can_undo(self, seats: list[int] | None = None) -> tuple[bool, str]:
        """Board Game Arena's rule at a table: your own choices, until another seat has chosen or
        something hidden was revealed (the match's own policy, for ``seats``: this session's, or a
        server connection's)."""
        seats = self.held if seats is None else seats
        if self.watch or not seats:
            return False, "you are watching this table"
        ok, why = self.match.can_undo()
        if not ok:
            return ok, why
        if self.match.history[-1].player not in seats:
            return False, "the last choice was not yours"
        return True, ""

    def undo(self, seats: list[int] | None = None) -> None:
        ok, why = self.can_undo(seats)
        if not ok:
            raise IllegalMove(f"cannot undo: {why}")
        m = self.match
        m.undo()   # first here, for the position the listing shows; the store's guard decides
        d = m.decision()
        if not self.store.take_back(self.code, self.n, self.gen, d.player if d else -1, m.round_number()):
            self._rebuild()
            raise StaleChoice("the table moved on meanwhile; this is the position now")
        self.n -= 1
        self.gen += 1

    def lease_bot(self) -> bool:
        """Take or renew the right to think for the bot deciding now (one session at a time)."""
        return self.bot_to_move() and self.store.lease_bot(self.code, self.n, self.gen, self.session_id)


__all__ = ["StaleChoice", "TableSession", "load_table", "new_table", "take_seat"]
