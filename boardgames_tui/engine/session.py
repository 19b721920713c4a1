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
    # A forced choice (a human's only option) that played itself: undo takes it back together
    # with the real choice before it, and it does not end that choice's player's run.
    auto: bool = False


def starts_run(before: ChoiceRecord, player: int) -> bool:
    """Does ``player``'s choice after ``before`` begin a new run of choices (``Match.plan_start``)?  It
    does when another player chose before, or when that choice revealed something (a new guess)."""
    return before.player != player or before.revealed


@dataclass
class _Snapshot:
    state: Any       # the state before the choice, its log emptied
    log_len: int     # the log's length then (the log is append-only)
    at: int          # the choice's index in the history


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
    # Table setting, not a rule: a human's decision with a single option plays itself
    # (Board Game Arena's auto-pass).  Stored in saves; tables keep it off.
    auto_forced: bool = True
    # Snapshots before each undoable real choice, oldest first (``at``: its history index).
    _snaps: list[_Snapshot] = field(default_factory=list, repr=False)
    # Undo reaches no record below this index, and ``_floor_why`` says why (a reveal, a bot,
    # another player's choice): Board Game Arena's rule, kept across undos and replays.
    _floor: int = field(default=0, repr=False)
    _floor_why: str = field(default="nothing to undo yet", repr=False)
    # The log's lines for forced choices, kept beside the game's move log so that the rules
    # state stays a function of the seed and the keys alone: (history index, the move log's
    # length then, the line).  ``log()`` merges them in; ``_merged`` is that merge so far.
    _forced_lines: list[tuple[int, int, LogEntry]] = field(default_factory=list, repr=False)
    _merged: list[LogEntry] | None = field(default=None, repr=False)
    _merged_at: tuple[int, int] = field(default=(0, 0), repr=False)
    # The first history index not yet written to the autosave journal.
    journal_from: int = 0

    @classmethod
    def new(cls, game_name: str, seats: list[Seat], seed: int | None = None,
            options: dict[str, str] | None = None, auto_forced: bool = True) -> Match:
        game = get_game(game_name)
        opts = game.options_with_defaults(options)
        game.check_player_count(len(seats), opts)
        check_names([s.name for s in seats])
        if seed is None:
            import secrets
            seed = secrets.randbits(32)
        check_seed(seed)
        m = cls(game, seats, int(seed), opts, auto_forced=auto_forced)
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
        """The move log as the screen shows it: the game's lines, and a line for each forced choice
        where it was made.  Grows at its end only, until an undo (then it is merged afresh)."""
        src, lines = self.state.log, self._forced_lines
        if not lines:
            return src
        if self._merged is None:
            self._merged, self._merged_at = [], (0, 0)
        merged = self._merged
        i, j = self._merged_at
        while i < len(src) or j < len(lines):
            if j < len(lines) and lines[j][1] <= i:
                merged.append(lines[j][2])
                j += 1
            elif i < len(src):
                merged.append(src[i])
                i += 1
            else:  # cannot happen: a line is never placed past the move log's end
                break
        self._merged_at = (i, j)
        return merged

    # -- acting -----------------------------------------------------------------------
    def forced(self, d: Decision | None) -> bool:
        """Is ``d`` a forced choice that plays itself: one option, a human's, the setting on?"""
        return (self.auto_forced and d is not None and len(d.options) == 1
                and not self.seats[d.player].is_bot)

    def choose(self, key: str, snapshot: bool = True) -> None:
        """Apply one choice for whoever must decide now (IllegalMove if not
        legal; then nothing changes)."""
        d = self.decision()
        if d is None:
            raise IllegalMove("the game is over")
        if d.get(key) is None:
            raise IllegalMove(one_line(self.game.why_illegal(self.state, d, key)))
        auto = self._begin_choice(d)
        snap = self._snapshot() if snapshot and not auto and not self.seats[d.player].is_bot else None
        before = self.state.rng.mark
        self.game.apply(self.state, key)
        self._record(ChoiceRecord(key, d.player, self.state.rng.mark != before, auto))
        if snap is not None and len(self.history) > self._floor:
            self._snaps.append(snap)

    def play_forced(self, limit: int = 10_000) -> int:
        """Play every forced choice now due (see :meth:`forced`); returns how many."""
        n = 0
        while n < limit:
            d = self.decision()
            if not self.forced(d):
                break
            assert d is not None
            self.choose(d.options[0].key)
            n += 1
        return n

    def _begin_choice(self, d: Decision) -> bool:
        """What a choice at ``d`` does before it is applied (live or replayed): a forced one gets its
        log line; a real one by another player than the last makes what came before final.  Returns
        whether it is forced."""
        auto = self.forced(d)
        if auto:
            self._log_forced(d)
        else:
            self._freeze_before_real_choice(d.player)
        return auto

    def _log_forced(self, d: Decision) -> None:
        """The log says a forced choice played itself.  The option's label may be private (only
        the decider reads labels); everyone else reads the public prompt."""
        name = self.seats[d.player].name
        label = d.options[0].label
        mine = f"{name} had a single option: {label.rstrip('.')} (taken)."
        rnd = getattr(self.state, "round", 0)
        prompt = d.prompt.removeprefix(f"{name}: ").rstrip(".?:")    # Utopia's and Civilization's name the player
        line = (LogEntry(f"{name} had a single option ({prompt}): taken.", d.player, mine, rnd)
                if d.private else LogEntry(mine, None, None, rnd))
        self._forced_lines.append((len(self.history), len(self.state.log), line))

    def last_real_choice(self) -> int:
        """The history index of the last choice that was not forced (-1: none)."""
        h = self.history
        i = len(h) - 1
        while i >= 0 and h[i].auto:
            i -= 1
        return i

    def plan_start(self) -> int:
        """Where the deciding player's present run of choices began (a history index): the steps of one
        card, action or maneuver.  A hint seeds its guesses of hidden things here, so that one plan's
        steps are weighed in one guessed world (``bots/hint.py``)."""
        d = self.decision()
        h = self.history
        i = len(h)
        while d is not None and i > 0 and not starts_run(h[i - 1], d.player):
            i -= 1
        return i

    def _freeze_before_real_choice(self, player: int) -> None:
        """A real choice by another player than the last real one makes every choice before it final."""
        i = self.last_real_choice()
        if i >= 0 and self.history[i].player != player and self._floor < len(self.history):
            self._set_floor(len(self.history), f"{self.seats[player].name} has chosen since; a choice is "
                                                 f"final once the next player has chosen")

    def _record(self, r: ChoiceRecord) -> None:
        self.history.append(r)
        if r.revealed:
            self._set_floor(len(self.history), "that choice revealed hidden or random information (cards drawn "
                                               "or turned up)" if not r.auto else
                            f"{self.seats[r.player].name}'s forced choice after it revealed hidden or random "
                            f"information")
        elif self.seats[r.player].is_bot:
            self._set_floor(len(self.history), f"the last choice was {self.seats[r.player].name}'s, a bot's")

    def _set_floor(self, at: int, why: str) -> None:
        self._floor, self._floor_why = at, why
        self._snaps = [sn for sn in self._snaps if sn.at >= at]

    def _snapshot(self) -> _Snapshot:
        st = self.state
        log = st.log
        st.log = []
        try:
            copy = self.game.clone(st)
        finally:
            st.log = log
        return _Snapshot(copy, len(log), len(self.history))

    def can_undo(self) -> tuple[bool, str]:
        """May the last real choice (with the forced ones after it) be taken back now?  Board Game
        Arena's rule: until something hidden or random was revealed or the next player has chosen.
        In hot-seat that includes the next player's curtain.  Returns (allowed, reason if not)."""
        if not self.history:
            return False, "nothing to undo yet"
        if self.decision() is None:
            return False, "the game is over"
        i = self.last_real_choice()
        if i < self._floor:
            return False, self._floor_why if self._floor else "nothing to undo yet (the choices so far were forced)"
        return True, ""

    def undo_player(self) -> int | None:
        """Whose choice :meth:`undo` would take back (None: nothing can be)."""
        return self.history[self.last_real_choice()].player if self.can_undo()[0] else None

    def undo(self) -> None:
        """Take back the last real choice and the forced choices after it."""
        ok, why = self.can_undo()
        if not ok:
            raise IllegalMove(f"cannot undo: {why}")
        i = self.last_real_choice()
        if self._snaps and self._snaps[-1].at == i:
            snap = self._snaps.pop()
            log = self.state.log
            del log[snap.log_len:]
            snap.state.log = log
            self.state = snap.state
            del self.history[i:]
            self._drop_forced_lines(i)
        else:
            # Only past the snapshot window of a long replay: exact, but slow.
            floor, why = self._floor, self._floor_why
            self._replay(self.choices[:i])
            self._floor, self._floor_why = floor, why
        self.journal_from = min(self.journal_from, len(self.history))

    def _drop_forced_lines(self, at: int) -> None:
        """Forget the forced choices' lines from history index ``at`` on (an undo)."""
        self._forced_lines = [t for t in self._forced_lines if t[0] < at]
        self._merged = None

    def _replay(self, keys: list[str]) -> None:
        """Start from the seed and apply ``keys``; IllegalMove names the first
        choice the rules refuse."""
        game = self.game
        self.state = state = game.new_game([s.name for s in self.seats], self.seed, self.options)
        self.history = []
        self._drop_forced_lines(0)
        self._snaps = []
        self._floor, self._floor_why = 0, "nothing to undo yet"
        window_from = len(keys) - REPLAY_SNAPSHOT_WINDOW
        decision, apply, record = game.cached_decision, game.apply, ChoiceRecord
        i = 0
        try:
            # Before the snapshot window, nothing of the match is needed but the records and
            # the undo floor: ``game.apply`` checks each key against the rules (the integrity
            # check: an illegal key raises and changes nothing) once.
            for i in range(min(max(window_from, 0), len(keys))):
                d = decision(state)
                if d is None:
                    raise IllegalMove("the game is over")
                auto = self._begin_choice(d)
                before = state.rng.mark
                apply(state, keys[i])
                self._record(record(keys[i], d.player, state.rng.mark != before, auto))
            for i in range(max(window_from, 0), len(keys)):
                self.choose(keys[i])
        except IllegalMove as e:
            raise IllegalMove(f"choice {i + 1} ({quoted(keys[i])}) is not legal: {e.reason}") from None
        self.journal_from = 0

    @classmethod
    def replay(cls, game_name: str, seats: list[Seat], seed: int,
               options: dict[str, str], keys: list[str], auto_forced: bool = True) -> Match:
        """Rebuild a match from its seed and choices (loading a save file).
        Raises IllegalMove naming the first choice the rules refuse."""
        game = get_game(game_name)
        opts = game.options_with_defaults(options)
        game.check_player_count(len(seats), opts)
        check_names([s.name for s in seats])
        check_seed(seed)
        m = cls(game, seats, int(seed), opts, auto_forced=auto_forced)
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
