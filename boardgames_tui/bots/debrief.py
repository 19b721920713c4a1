"""A look back at a game: the player's choices the easy bot scored worst against its own pick.

The game is replayed from its seed and choices; at each of the player's real decisions (more than one
option, not a forced one) the hint is asked as it would have been then (``bots/hint.py``: a world dealt
from that player's view, so the look back knows no more than they did), and the choice is measured by
:func:`~.hint.shortfall`.  A guided game passes the hints it already asked (``known``), so only a resumed
game's earlier choices cost a replay's hints.  No Textual here: the end screen runs it in a worker.
"""
from __future__ import annotations

import threading
from collections.abc import Callable
from dataclasses import dataclass

from ..engine.session import BOT, HUMAN, Match, Seat, starts_run
from .hint import CLEARLY_WORSE, Hint, hint, shortfall


@dataclass(frozen=True)
class Regret:
    at: int           # the choice's index in the history: the position to reopen is before it
    round: int
    chosen: str       # the label of what the player chose
    better: str       # the label of the easy bot's pick
    reason: str       # why the pick looked better (the hint's reason)
    short: float      # how far the choice fell short (see ``shortfall``)

    def line(self) -> str:
        return f"Round {self.round}: {self.chosen} (better: {self.better}: {self.reason})"


def worst_choices(match: Match, player: int, n: int = 3, known: dict[int, tuple[str, Hint]] | None = None,
                  cancel: threading.Event | None = None,
                  progress: Callable[[int, int], None] | None = None) -> list[Regret]:
    """The ``n`` choices of ``player`` that fell furthest short of the hint (clearly worse ones only,
    worst first).  ``known``: hints already asked, by history index, with the key they were asked
    for (used when it is the key played there).  Stops early (with what it has) once ``cancel`` is set."""
    game = match.game
    state = game.new_game([s.name for s in match.seats], match.seed, match.options)
    found: list[Regret] = []
    history = match.history
    run_start = 0
    for i, rec in enumerate(history):
        if cancel is not None and cancel.is_set():
            break
        d = game.cached_decision(state)
        if d is None:
            break
        if i > 0 and starts_run(history[i - 1], rec.player):
            run_start = i          # as Match.plan_start finds it, here going forward
        if rec.player == player and not rec.auto and len(d.options) > 1:
            have = (known or {}).get(i)
            h = have[1] if have is not None and have[0] == rec.key else hint(game, state, d, i, run_start)
            short = shortfall(h, rec.key)      # 0 for the pick itself
            if short is not None and short >= CLEARLY_WORSE:
                opt = d.get(rec.key)
                found.append(Regret(i, game.round_number(state), opt.label if opt else rec.key,
                                    h.label, h.reason, short))
        game.apply(state, rec.key)
        if progress is not None:
            progress(i + 1, len(history))
    found.sort(key=lambda r: (-r.short, r.at))
    return found[:n]


def reopen(match: Match, regret: Regret, player: int) -> Match:
    """A new match at the position before ``regret``'s choice, to try it again: replayed from the seed
    and the choices before it, ``player`` at the keyboard and every other seat an easy bot."""
    seats = [Seat(s.name, s.colour, HUMAN) if i == player else Seat(s.name, s.colour, BOT, "easy")
             for i, s in enumerate(match.seats)]
    return Match.replay(match.game.name, seats, match.seed, match.options, match.choices[:regret.at],
                        auto_forced=match.auto_forced)


__all__ = ["Regret", "reopen", "worst_choices"]
