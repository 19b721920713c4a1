"""A match: one game being played, with its seats, its choices and undo.

The match is what the UI, the bots, the CLI and the save files talk to.  It
keeps the ordered list of choices (a save file is that list plus the seed) and
for each choice who made it and whether it revealed anything, which is all the
undo policy needs.

Undo restores a snapshot instead of replaying the game from the seed, so its
cost does not grow with the game.  Snapshots are kept only where undo can
reach: the human player's own run of choices since the last reveal or the last
choice of another player (Board Game Arena's policy), so there are rarely more
than a handful.  A snapshot shares the move log, which is append-only, and
records its length; everything else is copied (``Game.clone``), about 0.1 ms on
today's games.

Loading replays every choice from the seed (the integrity check); snapshots
are taken only for the last :data:`REPLAY_SNAPSHOT_WINDOW` choices of a replay,
so a loaded game can be undone as far as the policy allows at a bounded cost.
"""
from __future__ import annotations

import time
from dataclasses import dataclass, field
from typing import Any

from .core import Decision, Game, IllegalMove, LogEntry
from .registry import get_game
from .text import one_line, quoted

HUMAN, BOT = "human", "bot"
# A bot seat's level (bots/levels.py LEVELS; the engine does not import the bots).
BOT_LEVELS = ("random", "easy", "hard")
# The seat colours a match may use (the UI's palette in ui/theme.py has these).
SEAT_COLOURS = ("red", "blue", "green", "yellow", "magenta", "cyan", "orange", "white")
# Choices at the end of a replay that get undo snapshots.
REPLAY_SNAPSHOT_WINDOW = 64


def new_match_id(game_name: str) -> str:
    """A random id, independent of the seed: nothing on screen may narrow
    the seed down (it would give away every hidden card)."""
    import secrets  # here, not at start-up: 2 ms of the menu's start
    return f"{game_name}-{secrets.token_hex(6)}"


@dataclass
class Seat:
    name: str
    colour: str = "white"
    kind: str = HUMAN  # "human" or "bot"
    level: str = "random"  # a bot's level: random, easy or hard (saves before levels: random)

    @property
    def is_bot(self) -> bool:
        return self.kind == BOT

    def to_json(self) -> dict:
        out = {"name": self.name, "colour": self.colour, "kind": self.kind}
        if self.kind == BOT:
            out["level"] = self.level
        return out


@dataclass(slots=True)
class ChoiceRecord:  # one a choice for the whole game: slots halve it (about 50 bytes)
    key: str
    player: int
    revealed: bool  # randomness was used or something hidden became known


@dataclass
class _Snapshot:
    state: Any       # the state before the choice, its log emptied
    log_len: int     # the log's length then (the log is append-only)


@dataclass
class Match:
    game: Game
    seats: list[Seat]
    seed: int
    options: dict[str, str]
    state: Any = None
    history: list[ChoiceRecord] = field(default_factory=list)
    created: float = field(default_factory=time.time)
    # The autosave's id: random, never derived from the seed or from a file.
    match_id: str = ""
    # Table setting, not a rule: skip the hand-off curtains (friendly games).
    open_info: bool = False
    # Snapshots before each undoable choice, oldest first; they belong to the
    # last len(_snaps) records of history.
    _snaps: list[_Snapshot] = field(default_factory=list, repr=False)
    # The first history index not yet written to the autosave journal.
    journal_from: int = 0

    @classmethod
    def new(cls, game_name: str, seats: list[Seat], seed: int | None = None,
            options: dict[str, str] | None = None) -> Match:
        game = get_game(game_name)
        opts = game.options_with_defaults(options)
        game.check_player_count(len(seats), opts)
        check_names([s.name for s in seats])
        if seed is None:
            import secrets
            seed = secrets.randbits(32)
        check_seed(seed)
        m = cls(game, seats, int(seed), opts)
        m._replay([])
        m.match_id = new_match_id(game.name)
        return m

    # -- the current position -------------------------------------------------
    @property
    def choices(self) -> list[str]:
        return [r.key for r in self.history]

    def decision(self) -> Decision | None:
        """The decision now, its prompt read at once: a screen may hold it past the next choice."""
        d = self.game.cached_decision(self.state)
        if d is not None:
            d.prompt  # noqa: B018
        return d

    def is_over(self) -> bool:
        return self.decision() is None

    def view(self, viewer: int | None, log: bool = True) -> dict:
        """``viewer``'s view; ``log=False``: without the move log (its
        ``"log"`` is empty), for a screen that shows the log from
        :meth:`log` itself, a few new lines a choice, and would otherwise
        have the whole log redacted for it at every choice."""
        if log:
            return self.game.view(self.state, viewer)
        st = self.state
        entries = st.log
        st.log = []
        try:
            return self.game.view(st, viewer)
        finally:
            st.log = entries

    def scores(self) -> list[int]:
        return self.game.scores(self.state)

    def winners(self) -> list[int]:
        return self.game.winners(self.state)

    def round_number(self) -> int:
        return self.game.round_number(self.state)

    def log(self) -> list[LogEntry]:
        return self.state.log

    # -- acting -----------------------------------------------------------------
    def choose(self, key: str, snapshot: bool = True) -> None:
        """Apply one choice for whoever must decide now (IllegalMove if not
        legal; then nothing changes)."""
        d = self.decision()
        if d is None:
            raise IllegalMove("the game is over")
        if d.get(key) is None:
            raise IllegalMove(one_line(self.game.why_illegal(self.state, d, key)))
        h = self.history
        if h and (h[-1].player != d.player or h[-1].revealed or self.seats[h[-1].player].is_bot):
            self._snaps.clear()  # nothing before this point can be undone any more
        snap = self._snapshot() if snapshot and not self.seats[d.player].is_bot else None
        before = self.state.rng.mark
        self.game.apply(self.state, key)
        revealed = self.state.rng.mark != before
        h.append(ChoiceRecord(key, d.player, revealed))
        if snap is None or revealed:
            self._snaps.clear()
        else:
            self._snaps.append(snap)

    def _snapshot(self) -> _Snapshot:
        st = self.state
        log = st.log
        st.log = []
        try:
            copy = self.game.clone(st)
        finally:
            st.log = log
        return _Snapshot(copy, len(log))

    def can_undo(self) -> tuple[bool, str]:
        """May the player deciding now take back the last choice?  Returns
        (allowed, reason) where the reason says why not."""
        if not self.history:
            return False, "nothing to undo yet"
        last = self.history[-1]
        d = self.decision()
        if d is None:
            return False, "the game is over"
        if d.player != last.player:
            return False, (f"{self.seats[last.player].name}'s turn has passed to "
                           f"{self.seats[d.player].name}; choices cannot be taken back once another player decides")
        if self.seats[last.player].is_bot:
            return False, "the last choice was a bot's"
        if last.revealed:
            return False, "that choice revealed hidden or random information (cards drawn or turned up)"
        return True, ""

    def undo(self) -> None:
        ok, why = self.can_undo()
        if not ok:
            raise IllegalMove(f"cannot undo: {why}")
        if self._snaps:
            snap = self._snaps.pop()
            log = self.state.log
            del log[snap.log_len:]
            snap.state.log = log
            self.state = snap.state
            self.history.pop()
        else:
            # Only past the snapshot window of a long replay: exact, but slow.
            self._replay(self.choices[:-1])
        self.journal_from = min(self.journal_from, len(self.history))

    def _replay(self, keys: list[str]) -> None:
        """Start from the seed and apply ``keys``; IllegalMove names the first
        choice the rules refuse."""
        game = self.game
        self.state = state = game.new_game([s.name for s in self.seats], self.seed, self.options)
        self.history = history = []
        self._snaps = []
        window_from = len(keys) - REPLAY_SNAPSHOT_WINDOW
        current, apply, record = game.current_player, game.apply, ChoiceRecord
        i = 0
        try:
            # Before the snapshot window, nothing of the match is needed but the records:
            # ``game.apply`` checks each key against the rules (the integrity check: an
            # illegal key raises and changes nothing) once.
            for i in range(min(max(window_from, 0), len(keys))):
                who = current(state)
                if who is None:
                    raise IllegalMove("the game is over")
                before = state.rng.mark
                apply(state, keys[i])
                history.append(record(keys[i], who, state.rng.mark != before))
            for i in range(max(window_from, 0), len(keys)):
                self.choose(keys[i])
        except IllegalMove as e:
            raise IllegalMove(f"choice {i + 1} ({quoted(keys[i])}) is not legal: {e.reason}") from None
        self.journal_from = 0

    @classmethod
    def replay(cls, game_name: str, seats: list[Seat], seed: int,
               options: dict[str, str], keys: list[str]) -> Match:
        """Rebuild a match from its seed and choices (loading a save file).
        Raises IllegalMove naming the first choice the rules refuse."""
        game = get_game(game_name)
        opts = game.options_with_defaults(options)
        game.check_player_count(len(seats), opts)
        check_names([s.name for s in seats])
        check_seed(seed)
        m = cls(game, seats, int(seed), opts)
        m._replay(keys)
        m.match_id = new_match_id(game.name)
        return m


MAX_NAME = 24


def check_names(names: list[str]) -> None:
    """The seat-name rules every way into a match enforces (form, CLI, files)."""
    for n in names:
        if not n.strip():
            raise ValueError("every seat needs a name")
        if len(n) > MAX_NAME:
            raise ValueError(f"seat names may have at most {MAX_NAME} characters")
        if not n.isprintable():
            raise ValueError("seat names may not contain control characters")
    if len({n.strip().lower() for n in names}) != len(names):
        raise ValueError("seat names must differ")


SEED_LIMIT = 2 ** 64


def check_seed(seed: object) -> None:
    if isinstance(seed, bool) or not isinstance(seed, int) or not 0 <= seed < SEED_LIMIT:
        raise ValueError("the seed must be a whole number from 0 to 2^64 - 1")
