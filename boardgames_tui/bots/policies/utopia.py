"""Utopia's playing knowledge: build monuments and wonders, steer the prestige scale.

Points come from monuments (each round, their people's place on the scale),
wonders (6, then 3 per monument built on their island) and the small card
actions (remove +2, add +1).  So the policy

* places princes where a monument (3 of one people in a free district) or a
  wonder (all 5 peoples on an island) comes closest, and takes the guest
  with the best such place, counting what it would be worth to the player
  who picks next;
* builds whatever it can, a wonder first unless it would take a prince that
  a monument ready to build needs (its owner scores 3 for every monument
  built after it on the island);
* plays each card for its largest gain: a monument or wonder reached by a
  move, a people raised (or another dropped) for what the change is worth to
  it against the others, then the +2 and +1 actions; a privilege tile only
  for a clear gain; it ends the turn when nothing gains;
* discards the cards it has least use for.

Every estimate is a rough number of prestige points; ties are broken with
``rng``.  It reads only the world it is given and the decision.  It is called
for every choice of every rollout of the hard bot, so the work is kept small:
what a choice needs is read once per call, a district's contest once.
"""
from __future__ import annotations

import math
import random
from typing import Any

from ...engine.core import Decision, Game
from ...games.utopia.data import (
    ADD_POINTS, ISLAND_DISTRICTS, ISLAND_NAMES, N_DISTRICTS, N_PEOPLES, PEOPLE_NAMES, REMOVE_POINTS, WIN_SCORE,
    WONDER_BONUS, WONDER_POINTS,
)
from ...games.utopia.state import _DNAME, A_PEOPLE, ISLAND_OF, REACH
from . import dispatch, explaining, pick, why

# The hard bot's budget in the app, under a second a decision: an iteration costs
# 1.4-2.0 ms of CPU here with 2-4 players (bench/bots.py).
HARD_ITERATIONS = 400
# The hard bot's search as ismcts does it by default (paired rounds, the others' choices this
# policy's).  Hard vs 3 easy so: 13 of 20 four-player games, 65% [43%, 82%] (bench/strength.py
# --titles utopia --four 20 --pairings "" --jobs 1, seed 1000; before, 42.5% of 40 at 60
# iterations, not measured again at 400); two-player hard vs easy 16 of 20, 80% [58%, 92%].

_P = range(N_PEOPLES)
_D = range(N_DISTRICTS)
_REACH_SET = tuple(frozenset(r) for r in REACH)
_CROSS = tuple(tuple(b for b in REACH[a] if ISLAND_OF[b] != ISLAND_OF[a]) for a in _D)
TILE_COST = 2.5          # a privilege tile spent (two per game), in points
# a monument's worth: MON_BASE + (MON_SLOPE * value + MON_MID) per round left
MON_BASE, MON_SLOPE, MON_MID = 1.0, 0.6, 1.2
WONDER_PER_ROUND = 1.5   # a wonder's bonus to come, per round left (at most 3)
CONTESTED = 0.5          # a district where another player has 2 of a people
OURS_ELSEWHERE = 0.3     # a district where another people of ours leads
THREAT = 0.4             # the weight of a guest's worth to the next player
SCALE_ROUNDS, SCALE_W = 2.0, 0.9  # rounds a scale change is counted for (the others change it too)
NEAR = (0.0, 0.12, 0.4)  # share of a monument's worth that 1 or 2 princes in a free district hold
NEIGHBOUR = 0.12         # share for a first prince beside a free district with one of its people
WONDER_NEAR = (0.0, 0.02, 0.06, 0.15, 0.35, 1.0)  # share of a wonder's worth held with k peoples on its island
# evaluate: points per round besides monuments, the pull of a monument's value towards the
# middle of the scale, a pair's worth per round, a privilege tile's worth, the temperature
EVAL_BASE_RATE, EVAL_PULL, EVAL_PAIR, EVAL_TILE = 3.0, 0.3, 1.0, 1.0
EVAL_T0, EVAL_T1 = 2.0, 3.0
BACK = -99.0             # "back" undoes a choice: never the policy's own pick
NO_MOVE = -10.0          # a move that gains nothing (below "done", above "back")


# ====================================================================== the position
class _Ctx:
    """What a choice of player ``p`` needs, read once per call."""
    __slots__ = ("s", "p", "n", "val", "mons", "horizon", "mworth", "wworth", "_dist", "_isl")

    def __init__(self, s: Any, p: int) -> None:
        self.s, self.p = s, p
        n = self.n = len(s.scores)
        val = [0] * N_PEOPLES
        for i, x in enumerate(s.scale):
            val[x] = i + 1
        self.val = val
        mons = [[0] * N_PEOPLES for _ in range(n)]   # monuments per player and people
        inc = [0] * n
        mp = s.mon_people
        for d, o in enumerate(s.mon_owner):
            if o >= 0:
                x = mp[d]
                mons[o][x] += 1
                inc[o] += val[x]
        self.mons = mons
        self.horizon = h = _rounds_left(s.scores, inc)
        # a monument scores its people's value each round left; the scale moves, so
        # its value is taken halfway to the middle one
        left = s.monuments_left
        if s.bases[p] > 0:
            self.mworth = [MON_BASE + (MON_SLOPE * val[x] + MON_MID) * h if left[x] > 0 else 0.0 for x in _P]
            self.wworth = WONDER_POINTS + WONDER_PER_ROUND * min(h, 3.0)
        else:
            self.mworth = [0.0] * N_PEOPLES
            self.wworth = 0.0
        self._dist: list = [None] * N_DISTRICTS
        self._isl: list = [None] * 4

    def monument(self, d: int, x: int) -> float:
        """Worth to ``p`` of a monument of ``x`` in district ``d`` (with the wonder bonus it triggers)."""
        w = self.mworth[x]
        if w:
            isl = ISLAND_OF[d]
            owner = self.s.wonder_owner[isl]
            if owner == self.p:
                w += WONDER_BONUS[isl]
            elif owner >= 0:
                w -= WONDER_BONUS[isl] / (self.n - 1)
        return w

    def district(self, d: int) -> tuple[float, int]:
        """(1, or 0.5 when another player has 2 princes of a people in ``d`` and may take it
        first; the most princes of one people ``p`` has there)."""
        p = self.p
        contest, mine = 1.0, 0
        for q, row in enumerate(self.s.princes[d]):
            m = max(row)
            if q == p:
                mine = m
            elif m >= 2:
                contest = CONTESTED
        out = self._dist[d] = (contest, mine)
        return out

    def change(self, d: int, x: int, old: int, new: int) -> float:
        """What going from ``old`` to ``new`` princes of ``x`` in the free district ``d`` is worth:
        3 make a monument, 1 or 2 a share of one (less when another player may take the
        district first, or when another people of ours leads there)."""
        mw = self.mworth[x]
        if not mw:
            return 0.0
        contest, most = self._dist[d] or self.district(d)
        if most > (new if new > old else old):
            contest *= OURS_ELSEWHERE
        a = self.monument(d, x) if new >= 3 else NEAR[new] * mw * contest
        b = self.monument(d, x) if old >= 3 else NEAR[old] * mw * contest
        return a - b

    def island(self, isl: int) -> list[int]:
        """``p``'s princes per people on island ``isl``."""
        out = self._isl[isl]
        if out is None:
            pr, p = self.s.princes, self.p
            a, b, c, d, e = 0, 0, 0, 0, 0
            for dist in ISLAND_DISTRICTS[isl]:
                r = pr[dist][p]
                a += r[0]
                b += r[1]
                c += r[2]
                d += r[3]
                e += r[4]
            out = self._isl[isl] = [a, b, c, d, e]
        return out

    def wonder_gain(self, isl: int, x: int, k: int) -> float:
        """What ``k`` princes of ``x`` more (fewer when k < 0) on island ``isl`` are worth for its wonder."""
        if not self.wworth:
            return 0.0
        s = self.s
        if s.wonder_owner[isl] >= 0 or not s.open_islands[isl]:
            return 0.0
        have = self.island(isl)
        hx = have[x]
        if (hx > 0) == (hx + k > 0):
            return 0.0
        before = 5 - have.count(0)
        after = before + (1 if k > 0 else -1)
        return self.wworth * (WONDER_NEAR[after] - WONDER_NEAR[before])


def _rounds_left(scores: list[int], inc: list[int]) -> float:
    """Rounds until somebody has 50, from the scores and monument incomes (1 to 6)."""
    best = 6.0
    for sc, i in zip(scores, inc):
        r = (WIN_SCORE - sc) / (i + 3.0)
        if r < best:
            best = r
    return best if best > 1.0 else 1.0


# ====================================================================== choices
def _scored(fn, game: Game, state: Any, decision: Decision, rng: random.Random) -> str:
    """The best option by ``fn``'s values (one per option)."""
    options = decision.options
    values = fn(state, decision.player, options)
    return pick([(v, o.key) for o, v in zip(options, values)], rng, tie=0.0)


def choose(game: Game, state: Any, decision: Decision, rng: random.Random) -> str:
    return dispatch(_BY_KIND, game, state, decision, rng, _scored)


# -- phase 1 -----------------------------------------------------------------------
def _place_value(c: _Ctx, d: int, x: int) -> float:
    """Placing one prince of ``x`` in ``d``: its share of a monument there (without the wonder).
    A first prince is worth more beside another of its people: one card moves them together."""
    s = c.s
    mp = s.mon_people
    if mp[d] >= 0:
        return 0.5 if mp[d] == x else 0.0   # stuck there, but removable for +2 at a monument of its people
    pr, p = s.princes, c.p
    k = pr[d][p][x]
    v = c.change(d, x, k, k + 1)
    if k == 0:
        for b in REACH[d]:
            if mp[b] < 0 and pr[b][p][x]:
                v += NEIGHBOUR * c.mworth[x]
                break
    return v


def _guest_value(c: _Ctx, t: int) -> float:
    isl, x = divmod(t, N_PEOPLES)
    return max([_place_value(c, d, x) for d in ISLAND_DISTRICTS[isl]]) + c.wonder_gain(isl, x, 1)


def _threat(c: _Ctx, q: int, t: int) -> float:
    """Roughly what guest ``t`` is worth to player ``q``: a monument it completes, a pair it makes,
    the last people of a wonder (from ``c``'s estimates of worth)."""
    s = c.s
    isl, x = divmod(t, N_PEOPLES)
    if not s.supply[q][x] or s.bases[q] <= 0:
        return 0.0
    pr, mp = s.princes, s.mon_people
    best = 0.0
    near = False
    for d in ISLAND_DISTRICTS[isl]:
        if mp[d] < 0:
            k = pr[d][q][x]
            if k >= 2:
                best = c.mworth[x] or MON_BASE + (MON_SLOPE * c.val[x] + MON_MID) * c.horizon
                break
            if k == 1:
                near = True
    if near and not best:
        best = (NEAR[2] - NEAR[1]) * (c.mworth[x] or MON_BASE + (MON_SLOPE * c.val[x] + MON_MID) * c.horizon)
    if s.wonder_owner[isl] < 0 and s.open_islands[isl]:
        have = [0] * N_PEOPLES
        for d in ISLAND_DISTRICTS[isl]:
            row = pr[d][q]
            for y in _P:
                if row[y]:
                    have[y] = 1
        if not have[x] and sum(have) == 4:
            best += WONDER_POINTS + WONDER_PER_ROUND * min(c.horizon, 3.0)
    return best


def _v_guest(s: Any, p: int, options) -> list[float]:
    c = _Ctx(s, p)
    nxt = _next_picker(s, p)
    out = []
    ex = explaining()   # the reasons' closures only for a hint: rollouts call this constantly
    for o in options:
        if o.key == "draw":
            out.append(why(-1.0, lambda: [(-1.0, "another player would pick a guest for free")]))
            continue
        t = o.value
        # taken, it is not the next player's
        g, th = _guest_value(c, t), THREAT * _threat(c, nxt, t)
        out.append(g + th if not ex else why(g + th, lambda t=t, g=g, th=th: _or_else([  # type: ignore[misc]
            (g, f"{PEOPLE_NAMES[t % N_PEOPLES]} princes on {ISLAND_NAMES[t // N_PEOPLES]} near a monument"),
            (th, f"{s.names[nxt]} would want it")], "no guest helps you more")))
    return out


def _next_picker(s: Any, p: int) -> int:
    """The other player most likely to pick next: the best placed who has not picked yet."""
    scores, stamps, acted = s.scores, s.stamps, s.acted
    best, best_key, first, first_key = -1, None, -1, None
    for q in range(len(scores)):
        if q == p:
            continue
        k = (-scores[q], stamps[q])
        if not acted[q] and (best_key is None or k < best_key):
            best, best_key = q, k
        if first_key is None or k < first_key:
            first, first_key = q, k
    return best if best >= 0 else first


def _v_place(s: Any, p: int, options) -> list[float]:
    c = _Ctx(s, p)
    x = s.steps[-1].guest % N_PEOPLES
    if not explaining():   # the reasons' closures only for a hint: rollouts call this constantly
        return [BACK if o.key == "back" else _place_value(c, o.value, x) for o in options]
    return [BACK if o.key == "back" else _place_why(c, o.value, x) for o in options]


def _or_else(factors: list, text: str) -> list:
    """``factors``, or ``text`` when none of them weighs anything (a pick among equals)."""
    return factors if any(f[0] for f in factors) else [(1.0, text)]


def _place_why(c: _Ctx, d: int, x: int) -> float:
    v = _place_value(c, d, x)
    return why(v, lambda: _or_else([(v, _place_words(c, d, x))], f"no district suits {PEOPLE_NAMES[x]}s better"))


def _place_words(c: _Ctx, d: int, x: int) -> str:
    s, name, people = c.s, _DNAME[d], PEOPLE_NAMES[x]
    if s.mon_people[d] >= 0:
        return f"it can be removed at {name}'s monument for 2"
    k = s.princes[d][c.p][x] + 1
    if k >= 3:
        return f"a {people} monument in {name}"
    return f"{k} {people} prince{'s' if k > 1 else ''} in {name}, toward a monument"


def _build_value(c: _Ctx, v: tuple) -> float:
    if v[0] == "monument":
        return 50.0 + c.monument(v[1], v[2])
    # a wonder first, unless it would take a prince that a monument ready to build needs
    s = c.s
    isl = v[1]
    have = c.island(isl)
    pr, mp, p = s.princes, s.mon_people, c.p
    for d in ISLAND_DISTRICTS[isl]:
        if mp[d] < 0:
            row = pr[d][p]
            for x in _P:
                if row[x] >= 3 and have[x] < 4:
                    return 40.0 + c.wworth
    return 60.0 + c.wworth


def _v_build(s: Any, p: int, options) -> list[float]:
    c = _Ctx(s, p)
    return [why(0.0, lambda: [(-1.0, "it leaves a building for later")]) if o.key == "done"
            else _build_why(c, o.value) for o in options]


def _build_why(c: _Ctx, v: tuple) -> float:
    b = _build_value(c, v)
    if v[0] == "monument":
        return why(b, lambda: [(b, f"{A_PEOPLE[v[2]]} monument scores every round")])
    return why(b, lambda: [(b, f"the wonder of {ISLAND_NAMES[v[1]]} scores 6 and more")])


def _v_wonder_prince(s: Any, p: int, options) -> list[float]:
    c = _Ctx(s, p)
    x = len(s.steps[-1].picks)
    pr, mp = s.princes, s.mon_people
    out = []
    for o in options:
        if o.key == "back":
            out.append(BACK)
            continue
        d = o.value
        if mp[d] >= 0:
            v = -0.5 if mp[d] == x else 0.0
        else:
            k = pr[d][p][x]
            v = c.change(d, x, k, k - 1)
        out.append(why(v, lambda d=d, v=v: [(1.0, f"giving up the prince in {_DNAME[d]} costs least") if v < 0 else  # type: ignore[misc]
                                             (1.0, f"the prince in {_DNAME[d]} is the least needed")]))
    return out


def _v_name(s: Any, p: int, options) -> list[float]:
    """The named player picks for free: name the one who gains least (and leads least)."""
    guests = [t for t, k in enumerate(s.display) if k]
    c = _Ctx(s, p)
    out = []
    for o in options:
        q = o.value
        gain = max([_threat(c, q, t) for t in guests], default=0.0)
        out.append(why(-gain - 0.1 * s.scores[q], lambda q=q, gain=gain: [  # type: ignore[misc]
            (1.0, f"the guests help {s.names[q]} least"), (-gain, f"{s.names[q]} still gains from a guest")]))
    return out


# -- phase 2 -----------------------------------------------------------------------
def _scale_gain(c: _Ctx, deltas: list[int]) -> float:
    """Worth to ``p`` of the scale change ``deltas`` (value change per people) against the others."""
    mine = theirs = 0
    p = c.p
    for q, row in enumerate(c.mons):
        t = 0
        for x in _P:
            if row[x]:
                t += deltas[x] * row[x]
        if q == p:
            mine = t
        else:
            theirs += t
    # the others' change is shared among them (the leader's counts more than a share)
    w = 1.0 if c.n == 2 else 1.5 / (c.n - 1)
    h = c.horizon
    return (mine - w * theirs) * (h if h < SCALE_ROUNDS else SCALE_ROUNDS) * SCALE_W


def _raise_deltas(s: Any, x: int) -> list[int]:
    i = s.scale.index(x)
    d = [0] * N_PEOPLES
    d[x] = 1
    d[s.scale[i + 1]] = -1
    return d


def _lower_deltas(s: Any, x: int) -> list[int]:
    i = s.scale.index(x)
    d = [0] * N_PEOPLES
    d[x] = -i
    for y in s.scale[:i]:
        d[y] = 1
    return d


def _locations(c: _Ctx) -> list[list[int]]:
    """The districts where ``p`` has princes, per people."""
    p, pr = c.p, c.s.princes
    out: list[list[int]] = [[], [], [], [], []]
    for d in _D:
        row = pr[d][p]
        if any(row):
            for x in _P:
                if row[x]:
                    out[x].append(d)
    return out


def _best_move(c: _Ctx, x: int, locs: list[int], frm: int = -1, to: int = -1) -> tuple[float, int, int, int]:
    """The best move of ``x`` princes (``locs``: where ``p`` has them): (gain, from, to, count),
    within the given from / to.  Only moves that can gain are weighed: towards princes of the
    same people, out of a district with a monument, or to an island whose wonder lacks ``x``."""
    s = c.s
    p, pr, mp, od = c.p, s.princes, s.mon_people, s.open_districts
    best = (NO_MOVE, -1, -1, 0)
    for a in ((frm,) if frm >= 0 else locs):
        ca = pr[a][p][x]
        free_a = mp[a] < 0
        ia = ISLAND_OF[a]
        if to >= 0:
            targets: Any = (to,)
        elif free_a:
            near = _REACH_SET[a]
            targets = [b for b in locs if b in near]
            for b in _CROSS[a]:
                if b not in targets and c.wonder_gain(ISLAND_OF[b], x, 1) > 0:
                    targets.append(b)
            if not targets:
                continue
        else:
            targets = REACH[a]
        ks = (1, 2) if ca >= 2 else (1,)
        losses = [c.change(a, x, ca - k, ca) for k in ks] if free_a else (0.0, 0.0)
        for b in targets:
            if not od[b]:
                continue
            ib = ISLAND_OF[b]
            free_b = mp[b] < 0
            if not free_b and ib == ia:
                continue  # from one place to another where nothing can be built
            cb = pr[b][p][x]
            for k in ks:
                g = (c.change(b, x, cb, cb + k) if free_b else 0.0) - losses[k - 1]
                if ib != ia:
                    g += c.wonder_gain(ib, x, k) + c.wonder_gain(ia, x, -k)
                if g > best[0]:
                    best = (g, a, b, k)
    return best


def _v_play(s: Any, p: int, options) -> list[float]:
    c = _Ctx(s, p)
    hand = s.hands[p]
    locs = None
    out = []
    ex = explaining()   # the reasons' closures only for a hint: rollouts call this constantly
    for o in options:
        v = o.value
        a = v[0]
        if a == "done":
            out.append(why(0.0, lambda: [(1.0, "no card play gains you anything now")]))
            continue
        if a == "wonder" or a == "monument":
            out.append(_build_why(c, v))
            continue
        x = v[1]
        own = hand[x]
        if a == "move":
            if locs is None:
                locs = _locations(c)
            g = _best_move(c, x, locs[x])[0]
        elif a == "add":
            g = 0.2
            for q, row in enumerate(c.mons):
                if q != p and row[x]:
                    g = 0.2 + ADD_POINTS   # another player's monument of that people
                    break
            if own >= 2:
                g += REMOVE_POINTS * 0.75   # a second card takes it out again
        elif a == "remove":
            g = REMOVE_POINTS + 0.1
        elif a == "raise":
            g = _scale_gain(c, _raise_deltas(s, x))
        else:  # lower: two cards
            g = _scale_gain(c, _lower_deltas(s, x)) - 1.5
            if own < 2:
                g -= TILE_COST * (2 - own)
            out.append(g if not ex else why(g, lambda x=x, g=g, own=own: _play_factors("lower", x, g, own)))  # type: ignore[misc]
            continue
        if not own:
            g -= TILE_COST
        out.append(g if not ex else why(g, lambda a=a, x=x, g=g, own=own: _play_factors(a, x, g, own)))  # type: ignore[misc]
    return out


_PLAY_WORDS = {"move": "moving {} princes together", "add": "adding a {} prince scores",
               "remove": "removing a {} prince scores 2", "raise": "raising the {}s pays your monuments",
               "lower": "lowering the {}s hurts your rivals more"}


def _play_factors(a: str, x: int, g: float, own: int) -> list:
    tiles = (2 - own if own < 2 else 0) if a == "lower" else (0 if own else 1)
    base = g + TILE_COST * tiles
    out = [(base, _PLAY_WORDS[a].format(PEOPLE_NAMES[x])) if base > 0 else
           (1.0, "every other play loses more")]
    if tiles:
        out.append((-TILE_COST * tiles, "it spends a privilege tile"))
    return out


def _card_values(s: Any, p: int, c: _Ctx | None = None) -> list[float]:
    """How much ``p`` wants a card of each people this round (a rough figure)."""
    if c is None:
        c = _Ctx(s, p)
    mp, pr = s.mon_people, s.princes
    out = [0.0] * N_PEOPLES
    top = s.scale[-1]
    locs = _locations(c)
    for x in _P:
        v = 0.0
        if x != top:
            v = _scale_gain(c, _raise_deltas(s, x))
        if v < REMOVE_POINTS:
            for d in _D:
                if mp[d] == x and pr[d][p][x]:
                    v = float(REMOVE_POINTS)
                    break
        m = 0.7 * _best_move(c, x, locs[x])[0]
        if m > v:
            v = m
        out[x] = v
    return out


def _v_discard(s: Any, p: int, options) -> list[float]:
    cv = _card_values(s, p)
    hand = s.hands[p]
    # a second card of a people is worth less than the first
    if not explaining():   # the reasons' closures only for a hint
        return [-(cv[o.value] * (1.0 if hand[o.value] == 1 else 0.8)) for o in options]
    return [why(-(cv[o.value] * (1.0 if hand[o.value] == 1 else 0.8)), lambda x=o.value: [  # type: ignore[misc]
        (1.0, f"you have least use for a {PEOPLE_NAMES[x]} card")]) for o in options]


def _v_move_from(s: Any, p: int, options) -> list[float]:
    c = _Ctx(s, p)
    x = s.steps[-1].people
    locs = _locations(c)[x]
    return [BACK if o.key == "back" else _move_why(_best_move(c, x, locs, frm=o.value), x) for o in options]


def _move_why(m: tuple[float, int, int, int], x: int) -> float:
    g, a, b, k = m
    return why(g, lambda: [(g, f"{k} {PEOPLE_NAMES[x]} to {_DNAME[b]}: nearer a monument or wonder")
                           if g > 0 and b >= 0 else (g or -1.0, "no move from there gains anything")])


def _v_move_to(s: Any, p: int, options) -> list[float]:
    c = _Ctx(s, p)
    t = s.steps[-1]
    locs = _locations(c)[t.people]
    return [BACK if o.key == "back" else _move_why(_best_move(c, t.people, locs, t.frm, o.value), t.people)
            for o in options]


def _v_move_count(s: Any, p: int, options) -> list[float]:
    t = s.steps[-1]
    c = _Ctx(s, p)
    k = _best_move(c, t.people, _locations(c)[t.people], t.frm, t.to)[3]
    return [BACK if o.key == "back" else why(1.0 if o.value == k else 0.0, lambda n=o.value: [  # type: ignore[misc]
        (1.0, f"moving {n} is the best move")]) for o in options]


def _v_target(s: Any, p: int, options) -> list[float]:
    t = s.steps[-1]
    out = []
    if t.action == "add":
        mo = s.mon_owner
        # +1 where another rules
        return [BACK if o.key == "back" else why(1.0 if mo[o.value] != p else 0.0, lambda d=o.value: [  # type: ignore[misc]
            (1.0, f"{_DNAME[d]}'s monument is not yours: you score 1") if mo[d] != p else
            (1.0, f"{_DNAME[d]} is as good as any")]) for o in options]
    c = _Ctx(s, p)
    x = t.people
    for o in options:
        if o.key == "back":
            out.append(BACK)
        else:  # keep the prince an island's wonder may still need
            v = c.wonder_gain(ISLAND_OF[o.value], x, -1)
            out.append(why(v, lambda d=o.value, v=v: [(v, f"{ISLAND_NAMES[ISLAND_OF[d]]}'s wonder needs that prince")  # type: ignore[misc]
                                                     if v else (1.0, f"no wonder needs the prince in {_DNAME[d]}")]))
    return out


def _v_pay(s: Any, p: int, options) -> list[float]:
    x = s.steps[-1].people
    hand = s.hands[p]
    mons = [0] * N_PEOPLES
    for d, o in enumerate(s.mon_owner):
        if o == p:
            mons[s.mon_people[d]] += 1
    out = []
    for o in options:
        if o.key == "back":
            out.append(BACK)
        elif o.value == x:
            out.append(why(10.0, lambda: [(10.0, "no privilege tile is spent")]))   # no tile spent
        else:  # with a tile: the card we need least (few monuments of its people, many in hand)
            y = o.value
            out.append(why(hand[y] - 2.0 * mons[y], lambda y=y: [  # type: ignore[misc]
                (1.0, f"you need the {PEOPLE_NAMES[y]} card least")]))
    return out


_BY_KIND = {
    "guest": _v_guest, "extra_guest": _v_guest, "place": _v_place, "build": _v_build,
    "wonder_prince": _v_wonder_prince, "name": _v_name,
    "discard": _v_discard, "play": _v_play, "move_from": _v_move_from, "move_to": _v_move_to,
    "move_count": _v_move_count, "target": _v_target, "pay": _v_pay,
}
HANDLED_KINDS = frozenset(_BY_KIND)
RANDOM_FALLBACK: frozenset[str] = frozenset()     # every kind has its rule


# ====================================================================== judgement
def evaluate(game: Game, state: Any) -> list[float]:
    """Each player's chance of winning, from the score each is heading for.

    A player gains per round what their monuments score (at the scale's
    current values, drawn a little towards the middle: the scale moves), a
    share of a monument for each free district where they have 2 princes of
    a people, and some points from the card actions; the game lasts until the
    first would reach 50.  The projected scores become chances through a
    softmax whose temperature shrinks as the end nears (fewer rounds, less
    that can change).  The constants were fitted to the outcomes of games
    between easy bots (log loss 0.55 with two players, 1.08 with four, against
    0.69 and 1.39 for a guess)."""
    s = state
    n = len(s.scores)
    val = [0] * N_PEOPLES
    for i, x in enumerate(s.scale):
        val[x] = i + 1
    rate = [EVAL_BASE_RATE] * n
    mp, pr = s.mon_people, s.princes
    for d, o in enumerate(s.mon_owner):
        if o >= 0:
            rate[o] += (1.0 - EVAL_PULL) * val[mp[d]] + EVAL_PULL * 3.0
        else:
            for q, row in enumerate(pr[d]):
                if max(row) >= 2:
                    rate[q] += EVAL_PAIR
    scores = s.scores
    rounds = 10.0
    for sc, r in zip(scores, rate):
        t = (WIN_SCORE - sc) / r
        if t < rounds:
            rounds = t
    if rounds < 0.5:
        rounds = 0.5   # this round's prestige is still to come
    tiles = s.privileges
    proj = [sc + r * rounds + EVAL_TILE * t for sc, r, t in zip(scores, rate, tiles)]
    temp = EVAL_T0 + EVAL_T1 * rounds
    top = max(proj)
    ws = [math.exp((v - top) / temp) for v in proj]
    tot = sum(ws)
    return [w / tot for w in ws]
