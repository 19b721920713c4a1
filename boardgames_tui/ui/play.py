"""How a game screen acts on its game: one small interface, three ways to play a seat.

:class:`~.screens.game.GameScreen` draws whatever ``play.match`` says (a :class:`Match`, or a
table's :class:`~..tables.remote.RemoteMatch`) and acts only through its ``play``:

* :class:`Play` itself: a match in this process (hot-seat, a demo), autosaved after each change;
* :class:`LearnPlay`: the same, as the guided game: it marks the kinds of decision explained, and
  after a choice the easy policy scores clearly worse it says why (``afterthought``);
* :class:`TablePlay` (``screens/table_game.py``): a seat at a table; a choice, an undo and a hint
  are requests to the table server, and the position comes back pushed.

``choose`` and ``undo`` raise :class:`IllegalMove` (one line, nothing changed) or say what was done.
No Textual here.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ..bots.hint import Hint, afterthought, bot_line
from ..engine.core import Decision, IllegalMove
from ..engine.session import Match
from ..engine.store import default_store


@dataclass(frozen=True)
class Done:
    """What a choice did: ``applied`` now (False: sent, the position comes back later), and a note."""
    applied: bool = True
    note: str | None = None


class Play:
    """The interface (and the local match's implementation of it)."""

    def __init__(self, match: Any, autosave: bool = False) -> None:
        self.match = match
        self.autosave_on = autosave

    def choose(self, key: str, d: Decision, hint: Hint | None = None) -> Done:
        self.match.choose(key)
        return Done()

    def can_undo(self) -> tuple[bool, str]:
        ok, why = self.match.can_undo()
        return bool(ok), str(why)

    def undo(self) -> int | None:
        """Take the last choice back (IllegalMove if it cannot be); returns whose it was, or -1
        when it was only asked for (a table: the position comes back pushed)."""
        who = self.match.undo_player()
        self.match.undo()
        return who

    def save(self) -> None:
        """Keep the position (the autosave; StoreError or OSError if it fails)."""
        if self.autosave_on:
            default_store().sync(self.match)


class LearnPlay(Play):
    """The guided game: the panel's kinds of decision; after a choice, a verdict against the hint
    (agreed, close, or a warning that says why); after a bot's choice, what it was for."""

    def __init__(self, match: Match, autosave: bool = True) -> None:
        super().__init__(match, autosave)
        self.kinds_seen: set[str] = set()
        # The hints asked at the learner's choices, by history index, with the key played there:
        # the look back (``bots/debrief.py``) reads them instead of asking again.
        self.hints: dict[int, tuple[str, Hint]] = {}
        self.bot_note: str | None = None    # the last bot choice's line (``bot_line``)
        # A warning held while its choice's own steps go on: (player, kind, hint, line, steps); see verdict.
        self.pending: tuple[int, str, Hint, str, int] | None = None

    def choose(self, key: str, d: Decision, hint: Hint | None = None) -> Done:
        new_kind = d.kind not in self.kinds_seen
        self.kinds_seen.add(d.kind)     # before the choice redraws the screen: its panel is done
        at = len(self.match.history)
        try:
            super().choose(key, d, hint)
        except IllegalMove:
            if new_kind:
                self.kinds_seen.discard(d.kind)
            raise
        late = self._settle_pending()
        if hint is None:
            return Done(note=late)
        self.hints[at] = (key, hint)
        now = self.verdict(hint, key, d)
        return Done(note=late if late is not None and not now.startswith("⚠") else now)

    def verdict(self, h: Hint, key: str, d: Decision) -> str:
        """The line under the prompt after the learner's choice: whether it was the hint's, close to
        it, or clearly worse (then why, and ``u`` when undo will work).

        Moves made in another order than the hint's are not mistakes: when the hinted option is still
        open at the learner's next decision of the same kind, nothing is said; when the choice leads
        into steps of its own first (which figures go, where to), the warning waits until that
        decision comes back (``pending``), and is dropped if the hinted option is still open there."""
        if key == h.key:
            return f"✓ The hint's choice too: {h.reason}."
        warn = afterthought(h, key, d, self.undoable_after(d.player))
        if warn is None:
            return f"≈ Close enough: the hint was {h.label}."
        nd = self.match.decision()
        if nd is not None and nd.player == d.player:
            if nd.kind == d.kind:
                if _offers(nd, h):
                    return f"≈ Another order than the hint's ({h.label}): fine, if you still make it."
            elif self.pending is None:
                self.pending = (d.player, d.kind, h, afterthought(h, key, d, False) or warn, 0)
                return f"≈ Not the hint ({h.label}); more on it after this choice's own steps."
        return f"⚠ {warn}"

    def _settle_pending(self) -> str | None:
        """A warning held while a choice's own steps went on: dropped if the hinted option is open
        again at the learner's next decision of that kind (only the order differed), said now if
        it is not, or once the learner's run of choices ends."""
        if self.pending is None:
            return None
        player, kind, h, warn, steps = self.pending
        nd = self.match.decision()
        if nd is not None and nd.player == player and nd.kind != kind and steps < PENDING_STEPS:
            self.pending = (player, kind, h, warn, steps + 1)
            return None     # still inside the choice's own steps
        self.pending = None
        if nd is not None and nd.player == player and _offers(nd, h):
            return None
        return f"⚠ {warn}"

    def undoable_after(self, player: int) -> bool:
        """Can ``player``'s choice just made still be taken back once the game moves on?  Not when a
        bot decides next: its choice, made at once, ends the undo (Board Game Arena's rule)."""
        nd = self.match.decision()
        return bool(self.match.can_undo()[0]) and nd is not None and nd.player == player

    def bot_choice(self, key: str, viewer: int) -> None:
        """Make a bot's choice, first saying what it was for as ``viewer`` (the learner) can tell."""
        m = self.match
        d = m.decision()
        line = None
        if d is not None:
            line = bot_line(m.game, m.state, d, key, viewer, m.seats[d.player].name, len(m.history))
        m.choose(key)
        if line is not None:
            self.bot_note = line

    def undo(self) -> int | None:
        who = super().undo()
        self.pending = None
        n = len(self.match.history)     # the hints past the position are forgotten
        self.hints = {i: v for i, v in self.hints.items() if i < n}
        return who

# The most steps of its own a choice is given before its held warning is said anyway.
PENDING_STEPS = 3


def _offers(d: Decision, h: Hint) -> bool:
    """Does ``d`` still offer the hint's option?  By key: labels repeat across cities and figures."""
    return h.key in d.keys()


__all__ = ["Done", "LearnPlay", "Play"]
