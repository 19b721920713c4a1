"""A hint: the option the easy policy would pick, with its reason in the player's terms.

The hint is asked of the policy exactly as the easy bot asks it, on a world
dealt from the deciding player's view (``game.determinize``), never on the
state itself, so a hint cannot tell a player what they cannot see
(``tests/bots/test_hint.py`` swaps the others' hidden holdings and compares).
Its random source is seeded by the choice count alone: the same position gives
the same hint, and nothing of the game's seed is read.

The reason is built from the factors the policy named for its pick
(:class:`~.policies.Why`, :func:`~.policies.because`): the strongest that
speak for it, and the strongest against it when that one weighs enough to
mention.  A pick whose scores name nothing gives the margin over the next best
option instead.
"""
from __future__ import annotations

import random
import re
from dataclasses import dataclass
from typing import Any

from ..engine.core import Decision, Game
from .policies import Explained, Why, explain, policy_for

MENTION_AGAINST = 0.25   # a factor against is named when it weighs at least this share of the best one for


@dataclass(frozen=True)
class Hint:
    key: str
    label: str
    reason: str
    target: object = None
    named: bool = True          # the reason comes from factors the policy named
    # What the policy weighed: (score, key) of the options it scored (scores may be Why), for
    # :func:`afterthought`.
    scored: tuple[tuple[float, str], ...] = ()

    def line(self) -> str:
        return f"Hint: {self.label}: {self.reason}"


def hint(game: Game, state: Any, decision: Decision, at: int, plan_at: int | None = None) -> Hint:
    """The hint for ``decision`` (the position's choice count is ``at``).  ``plan_at``
    (:meth:`Match.plan_start`): where the player's present run of choices began; its steps are
    weighed in one guessed world, so a card's or a maneuver's later steps continue the first's plan."""
    opt0 = decision.options
    if len(opt0) == 1:
        o = opt0[0]
        return Hint(o.key, o.label, "it is the only option", o.target)
    rng = random.Random(f"hint:{at if plan_at is None else plan_at}")
    world = game.determinize(state, decision.player, rng)
    d = game.cached_decision(world)
    if d is None or [o.key for o in d.options] != [o.key for o in decision.options]:
        d = decision        # the world asks the same question; if it cannot, the policy still sees the options
    ex = explain(policy_for(game.name), game, world, d, rng)
    opt = decision.get(ex.key)
    if opt is None:         # pragma: no cover - a policy picks among the options
        opt = decision.options[0]
    reason, named = reason_of(ex, decision)
    return Hint(opt.key, opt.label, reason, opt.target, named, tuple(ex.scored or ()))


def _join(texts: list[str]) -> str:
    return texts[0] if len(texts) == 1 else ", ".join(texts[:-1]) + " and " + texts[-1]


def reason_of(ex: Explained, decision: Decision) -> tuple[str, bool]:
    """One line from what the policy weighed; (text, whether the policy named it)."""
    score = ex.score_of(ex.key)
    if isinstance(score, Why) and score.factors:
        pros = sorted((f for f in score.factors if f[0] > 0), key=lambda f: -f[0])
        cons = sorted((f for f in score.factors if f[0] < 0), key=lambda f: f[0])
        parts = [t for _, t in pros[:2]]
        text = _join(parts) if parts else ""
        top = pros[0][0] if pros else 0.0
        if cons and (not pros or -cons[0][0] >= MENTION_AGAINST * top):
            text = f"{text}, though {cons[0][1]}" if text else f"despite {cons[0][1]}"
        return text, True
    if ex.notes:
        return ex.notes[-1], True
    if ex.scored and len(ex.scored) > 1 and score is not None:
        rest = sorted((v for v, k in ex.scored if k != ex.key), reverse=True)
        return (f"it scores best of the {len(ex.scored)} options the easy bot weighs"
                f"{'' if not rest else f' ({score - rest[0]:+.1f} over the next)'}"), False
    return "the easy bot's pick here", False


# A choice is "clearly worse" than the hint when the policy scored it this share of the way from its
# pick down to its worst option, or lower: small differences are taste, not mistakes.
CLEARLY_WORSE = 0.35
# Of two options (hostile or friendly), a gap under this share of the scores' size is taste, not a mistake.
TASTE = 0.15
# Scores at or below this are a policy's "never" (Imperial's paying one's own money into a
# treasury, -50; Utopia's back, -99): they only stretch the range the others are measured in.
SENTINEL = -40.0


def shortfall(h: Hint, chosen: str) -> float | None:
    """How far ``chosen`` falls short of the hint's pick, as a share of the way from the pick down
    to the worst ordinary option (0: as good; 1: as bad as the worst); None when not scored.
    A "never" option (at or below ``SENTINEL``) is left out of the range, unless it was chosen."""
    if not h.scored:
        return None
    scores = {k: v for v, k in h.scored}
    mine, best = scores.get(chosen), scores.get(h.key)
    if mine is None or best is None:
        return None
    ordinary = [v for v in scores.values() if v > SENTINEL]
    worst = min(ordinary) if mine > SENTINEL and ordinary else min(scores.values())
    if best - worst <= 1e-9:
        return 0.0
    return max(0.0, (best - mine) / (best - worst))


def _shape(text: str) -> str:
    """A factor's text with its numbers left out: "its 4 food helps the others" and "its 5 food ..."
    say the same kind of thing."""
    return re.sub(r"[-+]?\d+", "#", text)


def afterthought(h: Hint, chosen: str, decision: Decision, undoable: bool = True) -> str | None:
    """One line after a choice the policy scores clearly worse than its own pick, saying so and why;
    None when the choice was the pick, close to it, or not scored.  It offers ``u`` only when
    ``undoable``: the choice can still be taken back (a bot about to move would make it final)."""
    if chosen == h.key:
        return None
    short = shortfall(h, chosen)
    if short is None or short < CLEARLY_WORSE:
        return None
    scores = {k: v for v, k in h.scored}
    mine, best = scores[chosen], scores[h.key]
    if sum(v > SENTINEL for v in scores.values()) <= 2 and best - mine < TASTE * max(abs(best), abs(mine), 1.0):
        return None     # of two options, the other is always "the worst": a small gap is taste
    opt = decision.get(chosen)
    label = opt.label if opt is not None else chosen
    against = ""
    if isinstance(mine, Why):
        # what speaks against the choice, unless the pick has it too ("its 4 food helps the others"
        # beside "its 5 food ..."): a reason names what differs
        shared = {_shape(t) for _, t in best.factors} if isinstance(best, Why) else set()
        cons = sorted((f for f in mine.factors if f[0] < 0 and _shape(f[1]) not in shared), key=lambda f: f[0])
        if cons:
            against = f"; yours: {cons[0][1]}"
    return f"{h.label} looked better than {label}: {h.reason}{against}." + (" u takes it back." if undoable else "")


def open_after_steps(game: Game, state: Any, player: int, kind: str, key: str, steps: int = 4) -> bool:
    """After a choice that leads into steps of its own (which figures go, where to), will the
    ``player``'s next decision of ``kind`` still offer ``key``?  Played out with the easy policy on a
    world dealt from the player's view (nothing they cannot see), at most ``steps`` choices ahead;
    False when the player's run of choices ends first."""
    rng = random.Random(f"steps:{kind}:{key}")
    world = game.determinize(state, player, rng)
    policy = policy_for(game.name)
    for _ in range(steps):
        d = game.cached_decision(world)
        if d is None or d.player != player:
            return False
        if d.kind == kind:
            return d.get(key) is not None
        game.apply(world, policy.choose(game, world, d, rng))
    return False


_THIRD_PERSON = [(re.compile(r"\byours\b"), "its own"), (re.compile(r"\byour\b"), "its"),
                 (re.compile(r"\bYour\b"), "Its"), (re.compile(r"\byou\b"), "it"),
                 (re.compile(r"\bYou\b"), "It")]


def bot_line(game: Game, state: Any, decision: Decision, key: str, viewer: int, name: str,
             at: int) -> str | None:
    """What a bot's choice was for, in one line, as ``viewer`` (the learner) can tell it: the easy
    policy's factors for that choice, weighed on a world dealt from the learner's view, so nothing
    the learner cannot see goes into it.  None when the choice is private (its label is the bot's
    secret), the learner's world cannot ask the same question, or the scores name nothing."""
    if decision.private or len(decision.options) < 2 or decision.get(key) is None:
        return None
    rng = random.Random(f"bot:{at}")
    world = game.determinize(state, viewer, rng)
    d = game.cached_decision(world)
    if d is None or d.player != decision.player or [o.key for o in d.options] != decision.keys():
        return None
    ex = explain(policy_for(game.name), game, world, d, rng)
    score = ex.score_of(key)
    if not isinstance(score, Why):
        return None
    pros = sorted((f for f in score.factors if f[0] > 0), key=lambda f: -f[0])
    if not pros:
        return None
    line = f"{decision.get(key).label}: {_join([t for _, t in pros[:2]])}"  # type: ignore[union-attr]
    for pattern, word in _THIRD_PERSON:     # said to the decider; told here of the bot
        line = pattern.sub(word, line)
    return f"{name}: {line}."


__all__ = ["Hint", "afterthought", "bot_line", "hint", "open_after_steps", "reason_of", "shortfall"]
