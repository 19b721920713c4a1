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

from ..bots.hint import Hint, afterthought, bot_line, open_after_steps
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
        if hint is None:
            return Done()
        self.hints[at] = (key, hint)
        return Done(note=self.verdict(hint, key, d))

    def verdict(self, h: Hint, key: str, d: Decision) -> str:
        """The line under the prompt after the learner's choice: whether it was the hint's, close to
        it, or clearly worse (then why, and ``u`` when undo will work).

        Moves made in another order than the hint's are not mistakes: when the hinted option is still
        open at the learner's next decision of the same kind (at once, or after the steps the choice
        leads into: which figures go, where to; ``open_after_steps``), it says so instead."""
        if key == h.key:
            return f"✓ The hint's choice too: {h.reason}."
        warn = afterthought(h, key, d, self.undoable_after(d.player))
        if warn is None:
            return f"≈ Close enough: the hint was {h.label}."
        m = self.match
        nd = m.decision()
        if nd is not None and nd.player == d.player and (
                nd.get(h.key) is not None if nd.kind == d.kind
                else open_after_steps(m.game, m.state, d.player, d.kind, h.key)):
            return f"≈ Another order than the hint's ({h.label}): fine, if you still make it."
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
        n = len(self.match.history)     # the hints past the position are forgotten
        self.hints = {i: v for i, v in self.hints.items() if i < n}
        return who

__all__ = ["Done", "LearnPlay", "Play"]
