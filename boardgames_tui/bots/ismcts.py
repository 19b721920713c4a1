"""The hard bot: information-set Monte Carlo tree search over determinizations.

Single-observer ISMCTS (Cowling, Powley and Whitehouse, 2012).  One tree for
the deciding player's information set; its nodes are choices (option keys) of
whoever decides there.  Each iteration

1. samples a world: ``game.determinize(world, player, rng)``, a fresh guess at
   everything the player cannot see, its random source included (so dice and
   draws differ between iterations too);
2. walks down the tree in that world: among the children *available* in it
   (legal there), the one with the best UCB1 score, where a child's
   exploration term counts the iterations in which it was available, not the
   parent's visits; a decision with one option is played without a node;
3. adds one child (an untried choice, the policy's pick first; the pick
   starts with ``prior`` virtual visits worth the policy's judgement of the
   position, so the budget goes to it first);
4. plays on with the easy bot's policy for at most ``rollout`` choices, then
   scores the position: 1 for a winner (shared in a tie) at the end, else the
   policy's ``evaluate`` (each player's chance judged from the position);
5. adds each player's result to the nodes of that player's choices.

The tree weighs only some choices at each decision (``_searched``): never a
"back", the policy's ``candidates`` when it names them, and of those the
``TOP_K`` it scores best.  The root's verdict keeps the policy's pick unless
another choice beat it beyond the search's noise (``_verdict``): with a
budget of a few hundred iterations the hard bot is at worst the easy bot, and
better where the search sees further.  Both came from measurement: a plain
search lost 20 of 20 Utopia games to the easy bot, its choices among near-equal
options being noise.

The root's choices are searched in *paired rounds* (``PAIRED``; a policy
may switch it off with its ``HARD_PAIRED``): a round samples one world and
plays each root choice once in a copy of it, with the same random source for
the rollouts, so the verdict compares choices on the same deals and dice, by
their differences round by round (common random numbers).  The verdict's
test (every game's) is one-sided at 95% for all the challengers together
(Šidák): the best of three noisy challengers beat an equal pick about 12% of
the time at 95% each (the winner's curse), 5% so (tests/bots).  The other
players' choices in the search are the policy's rather than searched
(``OPPONENTS_BY_POLICY``, a policy's ``HARD_OPPONENTS_BY_POLICY``): with three
players replying, a node for each reply leaves each too few iterations.  Measured in Evolution,
hard vs three easy, 20 four-player games (seed 1000): 30% before, 30% with
paired rounds and the corrected verdict, 55% [34%, 74%] with the others'
choices the policy's too; Utopia with both, 65% [43%, 82%] (42.5% of 40 at
60 iterations before); Phoenicia with both, 95% [76%, 99%] (70%, searched as
one tree) and two-player hard vs easy 100% [84%, 100%] (50%).  So both are
the default; Imperial, measured strong without them, switches them off (its
policy says what was measured).  Paired rounds have a blind spot: a choice
that the policy's playout undoes at once (Civilization's offer, withdrawn at
the next choice) reaches the same position with fewer rollout choices left,
and that steady difference passes the verdict however small it is; such a
choice is left out by the policy's ``candidates``.

A policy may also name a *sub-game* the decision belongs to (``focus``): a
Civilization battle is fought to its end in every rollout and scored by its
own result (won, units kept, units killed), not cut off after 20 choices and
judged by a road to victory that a battle barely moves.

A policy may also stop every playout at a point in the game rather than after ``rollout`` choices
(``horizon(game, state, decision)``: an object with ``done(state)`` and ``horizon``, the most
choices), judge the position there by a judgement of its own (``judge``, else ``evaluate``), and
spend a share of the budget by decision (``budget_share``: 0 plays its pick at once).
Civilization does all three: a playout runs to the same phase of the next round, its judgement is
fitted on easy-bot games, and trade gets no search; with four players its hard bot went from 25% to
60% of games against three easy ones (the policy's notes).

Strength is set by the iteration budget (a policy's ``HARD_ITERATIONS``: under
a second a decision on this machine), so a seeded ``simulate`` is
reproducible.  The app adds a time budget (``seconds``, :data:`THINK_SECONDS`
there): the search stops at its iterations or when that much wall time has
passed since the decision began, whichever comes first, so that a player
never waits longer than that for a bot on a slow or busy machine (a
Civilization iteration plays 20 choices of the easy policy: 200 of them took
2 to 5 s).  Cut short, the search is weaker, never worse than the easy bot:
the verdict keeps the easy pick unless the search saw better beyond its noise.

Rollouts are short (20 choices) and end in the policy's judgement: four times
cheaper than 80, so the budget buys four times the iterations (whether longer ones would be stronger with the verdict in
place was not measured).  ``progress(done, budget)`` is called every few iterations and
``cancel()`` (when given) stops the search at once with :class:`BotCancelled`
(the app's q key).

Honest by construction: the search starts from ``Knowledge.world``, itself a
determinization, and resamples it; it never sees the true state.
"""
from __future__ import annotations

import math
import random
import time
from collections.abc import Callable
from statistics import NormalDist
from typing import Any

from ..engine.core import Game
from .base import BotCancelled, Knowledge
from .policies import policy_for, ranked

DEFAULT_ITERATIONS = 400
DEFAULT_ROLLOUT = 20
DEFAULT_PRIOR = 4
TOP_K = 4
MIN_VISITS = 8
CONFIDENCE = 0.95   # the verdict's one-sided level over all its challengers together (Šidák)
EXPLORATION = 0.7
PAIRED = True                # the root's choices in paired rounds (a policy's HARD_PAIRED)
OPPONENTS_BY_POLICY = True   # the others' choices the policy's (HARD_OPPONENTS_BY_POLICY)
PROGRESS_EVERY = 16
# The app's time budget for one decision of a hard bot, in seconds of wall time
# (what the player waits): the search's iterations stop there, with room left
# for the iteration under way and the verdict within 1.5 s.
THINK_SECONDS = 1.2


class Node:
    __slots__ = ("key", "player", "children", "visits", "total", "avail", "real", "real_total", "squares",
                 "rounds")

    def __init__(self, key: str = "", player: int = -1) -> None:
        self.key = key              # the choice leading here ("" at the root)
        self.player = player        # who made the choice leading here
        self.children: dict[str, Node] = {}
        self.visits: float = 0      # the prior's virtual visits may be fractional
        self.total = 0.0            # the sum of ``player``'s results through here
        self.avail = 0              # iterations in which this choice was legal
        self.real = 0               # visits without the prior's virtual ones
        self.real_total = 0.0
        self.squares = 0.0          # the sum of the squared results (for the verdict's noise)
        self.rounds: list[float] | None = None  # a root choice's result in each round (paired worlds)

    def mean(self) -> float:
        return self.real_total / self.real if self.real else 0.0

    def var(self) -> float:
        if self.real < 2:
            return 0.25
        m = self.mean()
        return max(self.squares / self.real - m * m, 0.0) * self.real / (self.real - 1)


class HardBot:
    name = "hard"
    uses_view = False
    uses_world = True

    thinks = True  # the app runs its search in a worker thread, with progress

    def __init__(self, game: Game, seed: int | None = None, iterations: int | None = None,
                 rollout: int | None = None, exploration: float = EXPLORATION,
                 prior: float | None = None,
                 progress: Callable[[int, int], None] | None = None,
                 cancel: Callable[[], bool] | None = None,
                 seconds: float | None = None, paired: bool | None = None,
                 opponents_by_policy: bool | None = None) -> None:
        self.game = game
        self.rng = random.Random(seed)
        self.policy = policy_for(game.name)
        # The game's own budget (a policy's HARD_ITERATIONS: about 1 s a decision
        # on this machine), unless one is given (simulate --iterations, tests).
        if iterations is None:
            iterations = getattr(self.policy, "HARD_ITERATIONS", DEFAULT_ITERATIONS)
        self.iterations = max(1, int(iterations))
        if rollout is None:
            rollout = getattr(self.policy, "HARD_ROLLOUT", DEFAULT_ROLLOUT)
        self.rollout = max(0, int(rollout))
        self.prior = max(0.0, float(DEFAULT_PRIOR if prior is None else prior))
        self.exploration = exploration
        self.progress = progress
        self.cancel = cancel
        # A wall-time budget a decision besides the iterations (None: iterations only).
        self.seconds = None if seconds is None else max(0.0, float(seconds))
        # Root choices searched in paired rounds (see decide) rather than by UCB.
        self.paired = bool(getattr(self.policy, "HARD_PAIRED", PAIRED) if paired is None else paired)
        # The other players' choices in the search: the policy's, or searched in the tree.
        self.opponents_by_policy = bool(getattr(self.policy, "HARD_OPPONENTS_BY_POLICY", OPPONENTS_BY_POLICY)
                                        if opponents_by_policy is None else opponents_by_policy)
        self.last_iterations = 0             # iterations the last search made
        self.last_root: Node | None = None   # for tests and the app's hints
        self._candidates = getattr(self.policy, "candidates", None)
        self._focus = getattr(self.policy, "focus", None)
        self._horizon = getattr(self.policy, "horizon", None)
        # The judgement where a playout stops: a policy's ``judge`` (fitted for the search), else the
        # ``evaluate`` its own rules use.
        self._judge = getattr(self.policy, "judge", None) or self.policy.evaluate
        self._share = getattr(self.policy, "budget_share", None)

    # -- one decision -------------------------------------------------------------------------
    def decide(self, k: Knowledge) -> str:
        clock = time.perf_counter
        start = clock()
        game, rng, me = self.game, self.rng, k.player
        keys, pick = self._searched(k.world, k.decision)
        self.last_iterations = 0
        if len(keys) == 1:
            return keys[0]
        # A policy may spend less of the budget on a decision that shapes little, none (its pick at
        # once) on a near-forced one, and more on one that shapes the round (``budget_share``).
        share = 1.0 if self._share is None else float(self._share(game, k.world, k.decision))
        if share <= 0:
            return pick
        root = Node()
        focus = self._focus(self.game, k.world, k.decision) if self._focus is not None else None
        # Playouts to a point in the game (``horizon``: the same phase of the next round, say) rather
        # than a count of choices: every root choice is judged after the same stretch of game.
        horizon = self._horizon(game, k.world, k.decision) if self._horizon is not None and focus is None \
            else None
        budget = max(MIN_VISITS * len(keys), round(self.iterations * share))
        seconds = None if self.seconds is None else self.seconds * min(1.0, share)
        deadline = math.inf if seconds is None else start + seconds
        done = 0
        modelled = me if self.opponents_by_policy else None
        shared: Any = None
        seed = 0
        while done < budget:
            if self.cancel is not None:
                if self.cancel():
                    raise BotCancelled()
                # In the app the search runs in a thread beside the screen: let the
                # screen's thread have the GIL between iterations, not only every 5 ms.
                time.sleep(0)
            if self.paired:
                # A round: every root choice once, each in a copy of the same world with the
                # same random source (common random numbers): the verdict compares them on
                # the same deals and dice, so their difference is far less noisy than
                # their means.
                turn = done % len(keys)
                if turn == 0:
                    shared = game.determinize(k.world, me, rng)
                    seed = rng.getrandbits(64)
                world = shared if turn == len(keys) - 1 else game.clone(shared)
                self._iterate(root, world, game, random.Random(seed), focus, keys[turn], modelled, horizon)
            else:
                world = game.determinize(k.world, me, rng)
                self._iterate(root, world, game, rng, focus, None, modelled, horizon)
            done += 1
            now = clock() if seconds is not None else 0.0
            if self.progress is not None and done % PROGRESS_EVERY == 0:
                # the share of the budget used: of the iterations or of the time, the larger
                shown = done if seconds is None or seconds <= 0 else \
                    max(done, min(budget, int(budget * (now - start) / seconds)))
                self.progress(shown, budget)
            if now >= deadline:
                break
        self.last_root = root
        self.last_iterations = done
        return self._verdict(root, set(k.decision.keys()), pick)

    def _verdict(self, root: Node, legal: set[str], pick: str) -> str:
        """The policy's pick, unless the search found a choice better by more than its noise.

        The rollouts' results are noisy and the judgement where they stop is a guess, so a
        search of a few hundred iterations over near-equal options picks among them almost
        at random, and loses to the policy it plays out (measured: the hard bot won 0 of 20
        Utopia games against the easy one).  So a challenger must beat the pick's mean by
        more than its noise, one-sided at ``CONFIDENCE`` for all the challengers together:
        with m of them each must pass at 1 - CONFIDENCE**(1/m) (Šidák), since the best of
        several noisy means beats the pick by chance far more often than one does (the
        winner's curse).  Choices searched in paired rounds (``rounds``) are compared by
        their differences round by round."""
        kids = [c for c in root.children.values() if c.key in legal and c.real >= MIN_VISITS]
        base = root.children.get(pick)
        if base is None or base.real < MIN_VISITS:
            best = max(kids, key=lambda c: c.real, default=None)
            return best.key if best is not None else pick
        rivals = [c for c in kids if c is not base]
        if not rivals:
            return pick
        z = NormalDist().inv_cdf(CONFIDENCE ** (1 / len(rivals)))
        choice, gain = pick, 0.0
        for c in rivals:
            diff, se = _difference(c, base)
            if diff > z * max(se, 1e-9) and diff > gain:
                choice, gain = c.key, diff
        return choice

    def _iterate(self, root: Node, world: Any, game: Game, rng: random.Random, focus: Any = None,
                 first: str | None = None, me: int | None = None, horizon: Any = None) -> None:
        """One iteration; ``first``: the root's choice to make (a paired round's), not UCB's;
        ``me``: the searching player, when the others' choices are the policy's; ``horizon``: where
        the playout stops (``done(state)``, at most ``cap`` choices), else ``rollout`` choices."""
        decide, apply = game.cached_decision, game.apply
        policy = self.policy
        node = root
        path: list[Node] = []
        if first is not None:
            d = decide(world)
            child = root.children.get(first)
            if child is None:
                child = root.children[first] = Node(first, d.player if d is not None else -1)
                child.rounds = []
            child.avail += 1
            apply(world, first)
            path.append(child)
            node = child
        # selection and expansion
        while True:
            d = decide(world)
            if d is None or (focus is not None and focus.done(world)):
                break
            if me is not None and d.player != me:
                # another player's choice: what the easy policy would do, not a node of its own
                # (with three players replying, a node per reply leaves each too few iterations)
                options = d.options
                apply(world, options[0].key if len(options) == 1 else policy.choose(game, world, d, rng))
                continue
            keys, pick = self._searched(world, d, rng)
            if len(keys) == 1:
                apply(world, keys[0])
                continue
            children = node.children
            untried = []
            avail = []
            for key in keys:
                c = children.get(key)
                if c is None:
                    untried.append(key)
                else:
                    avail.append(c)
            for c in avail:
                c.avail += 1
            if untried:
                key = pick if pick in untried else rng.choice(untried)
                child = Node(key, d.player)
                child.avail = 1
                if key == pick and self.prior:
                    child.visits = self.prior
                    child.total = self.prior * self._judge(game, world)[d.player]
                children[key] = child
                apply(world, key)
                path.append(child)
                break
            node = max(avail, key=self._ucb)
            apply(world, node.key)
            path.append(node)
        # rollout with the policy (to the end of the focus's sub-game, when there is one)
        stop = focus if focus is not None else horizon
        for _ in range(self.rollout if stop is None else stop.horizon):
            d = decide(world)
            if d is None or (stop is not None and stop.done(world)):
                break
            options = d.options
            apply(world, options[0].key if len(options) == 1 else policy.choose(game, world, d, rng))
        results = focus.score(game, world) if focus is not None and not game.is_over(world) \
            else self._results(game, world)
        if first is not None:
            path[0].rounds.append(results[path[0].player])   # type: ignore[union-attr]
        for n in path:
            r = results[n.player]
            n.visits += 1
            n.total += r
            n.real += 1
            n.real_total += r
            n.squares += r * r

    def _searched(self, world: Any, d: Any, rng: random.Random | None = None) -> tuple[list[str], str]:
        """The choices the tree weighs at ``d``, and the policy's pick among them.

        * Never "back" (unless it is all there is): a choice that only returns to the
          decision before looks to a search like a second try at that decision, so it
          would be preferred, and the bot would go back and forth for ever (pick a unit,
          back, the same unit, back ...).  A policy may narrow the choices further with
          its ``candidates`` (a bid: the minimum raise or pass); None from it leaves them so.
        * Of those, the ``TOP_K`` the policy scores best (see ``policies.ranked``): the
          budget is spent where a better choice than the policy's can be, not spread
          thin over twenty ways to place a prince."""
        options = d.options
        if len(options) == 1:
            return [options[0].key], options[0].key
        cand = self._candidates
        keys = cand(self.game, world, d) if cand is not None else None
        if keys is None:        # the policy names none here: all but "back"
            keys = [o.key for o in options if o.key != "back"] or [options[0].key]
        if len(keys) == 1:
            return keys, keys[0]
        pick, order = ranked(self.policy, self.game, world, d, self.rng if rng is None else rng)
        if order is not None:
            allowed = set(keys)
            top = [k for k in order if k in allowed][:TOP_K]
            if top:
                keys = top
        if pick not in keys:
            pick = keys[0]
        return keys, pick

    def _ucb(self, c: Node) -> float:
        if c.visits == 0:
            return math.inf
        return c.total / c.visits + self.exploration * math.sqrt(math.log(max(c.avail, 1)) / c.visits)

    def _results(self, game: Game, world: Any) -> list[float]:
        if game.is_over(world):
            winners = game.winners(world)
            n = len(game.scores(world))
            share = 1.0 / len(winners) if winners else 0.0
            return [share if p in winners else 0.0 for p in range(n)]
        return self._judge(game, world)


def _difference(c: Node, base: Node) -> tuple[float, float]:
    """How much better ``c`` did than ``base``, and the standard error of that.

    Over their paired rounds (the same worlds) when both have enough of them: the mean
    of the differences round by round, whose noise is what the two choices do
    differently, not the luck of the deal they share.  Otherwise from their means."""
    a, b = c.rounds, base.rounds
    n = min(len(a), len(b)) if a is not None and b is not None else 0
    if n >= MIN_VISITS:
        diffs = [x - y for x, y in zip(a[:n], b[:n])]   # type: ignore[index]
        m = sum(diffs) / n
        var = sum((x - m) ** 2 for x in diffs) / (n - 1)
        return m, math.sqrt(var / n)
    return c.mean() - base.mean(), math.sqrt(c.var() / c.real + base.var() / base.real)
