"""A live table at the server: its match (replayed once from the store), its bots, and what each
connection may be sent.

Only the server builds one.  The match, its seed and every seat's holdings stay here;
:meth:`ServedTable.message` builds a connection's ``state`` message from the view of the seat it
shows (``Match.view``), the decision's options only for a seat the connection holds, the log as
that seat reads it, and nothing else: the wire-level privacy test
(tests/tables/test_server_privacy.py) checks every message against a determinized world.

Choices and take-backs go through :class:`~..engine.table_session.TableSession` (held for every
seat): the rules on a copy, then the store's guarded append, then the match.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from ..bots.base import ask, bot_seed, knowledge
from ..bots.hint import hint
from ..bots.random_bot import RandomBot
from ..engine.core import Decision, IllegalMove
from ..engine.save import to_json
from ..engine.table_session import TableSession
from ..engine.table_store import TableStore

SERVER_PLAYER = "(server)"   # the TableSession's player: never a seat's claimant


@dataclass
class Follower:
    """One connection's place at a table: the seats it plays (bound at join), or none (watching),
    and what of the log it has been sent."""
    seats: list[int]
    watch: bool = False
    viewer: int | None = None
    log_sent: int = 0
    gen: int = -1

    def choose_viewer(self, d: Decision | None) -> int | None:
        if self.watch or not self.seats:
            return None
        return d.player if d is not None and d.player in self.seats else self.seats[0]


@dataclass
class ServedTable:
    store: TableStore
    code: str
    session: TableSession = field(init=False)
    bots: dict[int, Any] = field(init=False, default_factory=dict)

    def __post_init__(self) -> None:
        n = len(self.store.info(self.code).seats)
        self.session = TableSession(self.store, self.code, SERVER_PLAYER, list(range(n)))

    @property
    def match(self):
        return self.session.match

    # -- who decides -----------------------------------------------------------------------
    def bot_seat(self) -> int | None:
        """The bot seat deciding now, if one does."""
        d = self.match.decision()
        return d.player if d is not None and self.match.seats[d.player].is_bot else None

    def bot(self, seat: int, seconds: float) -> Any:
        from ..bots.levels import make_bot

        if seat not in self.bots:
            m = self.match
            level = m.seats[seat].level
            self.bots[seat] = (RandomBot(bot_seed(m.seed, seat)) if level == "random"
                               else make_bot(level, bot_seed(m.seed, seat), m.game, seconds=seconds))
        return self.bots[seat]

    def bot_task(self, seat: int, seconds: float) -> tuple[Any, Any, bool]:
        """(bot, what it may know or the key it picked, whether it must think in a thread)."""
        m = self.match
        d = m.decision()
        assert d is not None and d.player == seat
        bot = self.bot(seat, seconds)
        if getattr(bot, "decide", None) is not None and len(d.options) > 1:
            return bot, knowledge(bot, m.game, m.state, d), True
        return bot, ask(bot, m.game, m.state, d), False

    # -- acting --------------------------------------------------------------------------------
    def choose(self, key: str, seats: list[int], expected: int) -> None:
        """A connection's choice for one of ``seats`` at choice count ``expected`` (IllegalMove with
        one line, nothing changed, otherwise)."""
        m = self.match
        d = m.decision()
        if d is None:
            raise IllegalMove("the game is over")
        if d.player not in seats or m.seats[d.player].is_bot:
            raise IllegalMove(f"it is {m.seats[d.player].name}'s turn, not yours")
        if expected != len(m.history):
            raise IllegalMove("the table moved on before that choice arrived; this is the position now")
        self.session.choose(key)

    def choose_for_bot(self, seat: int, key: str) -> None:
        d = self.match.decision()
        if d is None or d.player != seat:
            raise IllegalMove("the bot's decision has passed")
        self.session.choose(key, for_bot=True)

    def can_undo(self, seats: list[int]) -> tuple[bool, str]:
        return self.session.can_undo(seats)

    def undo(self, seats: list[int]) -> None:
        self.session.undo(seats)

    def hint(self, seats: list[int]) -> dict:
        m = self.match
        d = m.decision()
        if d is None or d.player not in seats or m.seats[d.player].is_bot:
            raise IllegalMove("no hint now: it is not your decision")
        h = hint(m.game, m.state, d, len(m.history), m.plan_start())
        return {"at": len(m.history), "key": h.key, "label": h.label, "reason": h.reason,
                "target": h.target, "named": h.named, "line": h.line()}

    def record(self) -> dict:
        """The whole game as a save file: only once it is over (then nothing is hidden)."""
        if not self.match.is_over():
            raise IllegalMove("the record is given once the game is over")
        data = to_json(self.match)
        data["open_info"] = False
        return data

    # -- what a connection is sent -----------------------------------------------------------
    def message(self, f: Follower) -> dict:
        """The ``state`` message for a connection: its seat's view and nothing it may not see."""
        s = self.session
        m = s.match
        d = m.decision()
        viewer = f.choose_viewer(d)
        log = m.log()
        start = f.log_sent if (f.viewer == viewer and f.gen == s.gen and f.log_sent <= len(log)) else 0
        f.viewer, f.gen, f.log_sent = viewer, s.gen, len(log)
        msg: dict[str, Any] = {
            "t": "state", "code": self.code, "game": m.game.name, "options": m.options,
            "seats": [x.to_json() for x in m.seats], "held": f.seats, "watch": f.watch,
            "n": len(m.history), "gen": s.gen, "round": m.round_number(), "viewer": viewer,
            "view": m.view(viewer, log=False),
            "log_from": start, "log": [(e.for_viewer(viewer), e.round) for e in log[start:]],
            "undo": list(self.can_undo(f.seats)),
            "last": m.history[-1].player if m.history else None,
        }
        if d is None:
            msg["decision"] = None   # the record (with the seed) only when asked for: ``record``
        else:
            mine = d.player in f.seats and not m.seats[d.player].is_bot
            msg["decision"] = {
                "player": d.player, "private": d.private, "mine": mine,
                "kind": d.kind if mine else "",
                # a private decision's prompt may name what only its seat knows
                "prompt": d.prompt if (mine or not d.private) else "",
                "options": [(o.key, o.label, o.target) for o in d.options] if mine else [],
            }
        return msg


__all__ = ["Follower", "SERVER_PLAYER", "ServedTable"]
