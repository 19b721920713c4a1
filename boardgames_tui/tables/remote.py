"""What a table's client knows: the position as the server last sent it, for its seat.

:class:`RemoteMatch` answers the questions a game screen asks of a match (the view, the decision,
the log, the seats, the round, whether it may undo) from the server's ``state`` messages, and
holds nothing else: no seed, no state, no other seat's holdings.  Once the game is over it asks
for the whole record, and :attr:`RemoteMatch.final` is that game replayed here (the end
screen's scores and chart need it; nothing is hidden any more).
"""
from __future__ import annotations

from typing import Any

from ..engine.core import Decision, LogEntry, Option
from ..engine.registry import get_game
from ..engine.save import SaveError, from_json
from ..engine.session import ChoiceRecord, Match, Seat


class _Count:
    """``history`` for a screen that only counts it (and, for undo's highlight, reads its length)."""

    def __init__(self, n: int, last: int | None) -> None:
        self.n, self.last = n, last

    def __len__(self) -> int:
        return self.n

    def __getitem__(self, i: int) -> ChoiceRecord:
        if i in (-1, self.n - 1) and self.n:
            return ChoiceRecord("", -1 if self.last is None else self.last, False)
        raise IndexError("a table's client knows only the last choice's player")


class RemoteMatch:
    open_info = False
    auto_forced = False
    seed = 0   # never the table's: a client does not have it

    def __init__(self, state: dict) -> None:
        self.code: str = state["code"]
        self.game = get_game(state["game"])
        self.options: dict[str, str] = dict(state.get("options") or {})
        self.match_id = f"table-{self.code}"
        self.log_entries: list[LogEntry] = []
        self.final: Match | None = None
        self.apply(state)

    def apply(self, s: dict) -> None:
        """Take in a ``state`` message."""
        self.seats = [Seat(p["name"], p.get("colour", "white"), p.get("kind", "human"), p.get("level", "random"))
                      for p in s["seats"]]
        self.held: list[int] = list(s.get("held") or [])
        self.watch: bool = bool(s.get("watch"))
        self.n: int = s["n"]
        self.gen: int = s.get("gen", 0)
        self.round: int = s["round"]
        self.viewer: int | None = s.get("viewer")
        self._view: dict = s["view"]
        start = s.get("log_from", 0)
        del self.log_entries[start:]
        self.log_entries.extend(LogEntry(text, round=r) for text, r in s.get("log", []))
        ok, why = s.get("undo") or (False, "")
        self.undo_ok: tuple[bool, str] = (bool(ok), str(why))
        self.last: int | None = s.get("last")
        d = s.get("decision")
        if d is None:
            self._decision = None
        else:
            opts = [Option(k, label, tuple(t) if isinstance(t, list) else t) for k, label, t in d["options"]]
            self._decision = Decision(d["player"], d.get("prompt", ""), d.get("kind", ""), opts,
                                      private=bool(d.get("private", True)))
        self.mine: bool = bool(d and d.get("mine"))

    def take_record(self, record: dict) -> bool:
        """The server's record of the game, once it is over: the whole game replayed here."""
        if self.final is None and self.is_over():
            try:
                self.final = from_json(record, f"table {self.code}")
            except SaveError:
                return False
            self.final.match_id = self.match_id
        return self.final is not None

    # -- what the screen asks ----------------------------------------------------------------
    @property
    def history(self) -> _Count:
        return _Count(self.n, self.last)

    def decision(self) -> Decision | None:
        return self._decision

    def is_over(self) -> bool:
        return self._decision is None

    def view(self, viewer: int | None = None, log: bool = True) -> dict:
        """The view the server sent (its seat's; ``viewer`` is what the screen believes it is)."""
        return self._view

    def log(self) -> list[LogEntry]:
        return self.log_entries

    def round_number(self) -> int:
        return self.round

    def can_undo(self) -> tuple[bool, str]:
        return self.undo_ok

    def play_forced(self, limit: int = 0) -> int:
        return 0       # a table records one choice at a time

    def undo_player(self) -> int | None:
        return None

    def last_real_choice(self) -> int:
        return self.n - 1

    def my_turn(self) -> bool:
        return self.mine

    def __getattr__(self, name: str) -> Any:
        # ``state``, ``scores``, ``choose`` ...: nothing a client may do or know by itself
        raise AttributeError(f"a table's client has no {name!r}: the server holds the game")


__all__ = ["RemoteMatch"]
