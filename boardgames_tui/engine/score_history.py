"""Each player's score by round, for the end screen's chart.

Computed by replaying the match's choices from its seed rather than recorded as the game goes: the
history is the one source of truth (undo, a loaded save and a replay all give the same chart), and a
replay of a whole game takes about a second at most (Civilization: ~1300 choices)."""
from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from .session import Match

# A game without rounds (round_number always 0) is sampled every so many choices instead.
CHOICES_PER_POINT = 20


def score_by_round(match: Match) -> list[tuple[int, list[int]]]:
    """``(round or choice count, standings)`` at the start, after every round and at the end.
    Points are rounds when the game counts rounds, else every :data:`CHOICES_PER_POINT` choices."""
    game = match.game
    state = game.new_game([s.name for s in match.seats], match.seed, match.options)
    keys = match.choices
    has_rounds = game.round_number(match.state) > 0
    points = [(0, game.standing(state))]  # before the first round
    for i, key in enumerate(keys, 1):
        before = game.round_number(state)
        game.apply(state, key)
        if has_rounds:
            if game.round_number(state) != before:
                points.append((before, game.standing(state)))  # the score when round ``before`` ended
        elif i % CHOICES_PER_POINT == 0:
            points.append((i, game.standing(state)))
    last = game.round_number(state) if has_rounds else len(keys)
    final = game.standing(state)
    if points[-1][0] != last or points[-1][1] != final:
        points.append((last, final))
    return points
