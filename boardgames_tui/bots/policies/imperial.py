"""Imperial's playing knowledge: the easy bot's choices and the hard bot's judgement.

A player scores its bonds' interest times each power's factor (its power points / 5) plus its cash,
so everything here is priced in that currency and *against the rivals*: a power's growth is worth to
me what my interest in it exceeds theirs (``_stake``).  The game hides nothing, so the world read
here is the position itself.

* Investing: a bond is worth its interest times the power's expected final factor plus the interest
  payments still to come, less its price; taking (or keeping) a government adds the worth of
  deciding for that power.  The forecast (``_forecast``) runs every governed power at the pace of
  its present taxes until the fastest one reaches 25 points.
* Governing: each rondel space is priced by what it does now (taxation's points and bonus, a
  factory's future taxes, units for flags still to take, interest paid to me); extra spaces cost my
  own cash, and a taxation that ends the game is taken only when it makes me win.  A space that does
  nothing (a maneuver without units, a taxation of 0 power points, an import from an empty treasury,
  ...) costs the turn it wastes (WASTE), so the guided game's warning sets such a choice apart.
* Maneuvers: units go where they take a flag (neutral land, seas), clear hostile armies from their
  home provinces, or block the factories of powers I hold less of than my rivals; battles that
  change no flag and free no factory are declined.  A destination is worth what the unit does there
  with the battle the battle step will fight (``_fight``), and hostile or friendly is weighed as the
  destination was, so one move's steps keep one plan.
* Reasons (only while a hint asks): each option's factors in the player's terms, less what it shares
  with the pick (``_contrast``), cut to a hint's line (``_fit``).

``evaluate`` is a softmax over the forecast scores, sharper as the end nears, calibrated on games
between policies.  Everything is a few small loops over lists of ints: the hard bot calls ``choose``
for every choice of its rollouts (a few tens of microseconds a call).
"""
from __future__ import annotations

import math
import random
from typing import Any

from ...engine.core import Decision
from ...engine.text import plural
from ...games.imperial.data import (
    ARMY_LIMIT, BOND_COSTS, BOND_INTEREST, FACTORY_COST, FLAG_REGIONS, FLAGS_PER_POWER, FLEET_LIMIT,
    HOME_PROVINCES, INVESTOR, IS_HOME, IS_SEA, IS_SHIPYARD, LAND_NEIGHBOURS, N_POWERS, N_REGIONS,
    NEUTRAL_LAND, OWNER, PORT_SEA, POWER_NAMES, REGION_NAMES, SEA_NEIGHBOURS, SEAS, TAXATION,
    WIN_POWER_POINTS, power_factor,
)
from ...games.imperial.maneuver import army_destinations, foes
from . import Why, because, dispatch, explaining, pick, why

# The hard bot's budget in the app, under a second a decision: an iteration costs
# 1.2-1.5 ms of CPU here with 2-4 players (bench/bots.py).
HARD_ITERATIONS = 400
# Imperial's search stays one tree (ismcts's paired rounds and policy-played others are off): so,
# with the verdict's Šidák correction, it won 19 of 20 two-player games against the easy bot, 95%
# [76%, 99%], and 15 of 20 four-player games against three easy ones, 75% [53%, 89%]
# (bench/strength.py --titles imperial --games 20 --four 20 --pairings hard-easy --jobs 1, seed
# 1000; 20 of 20 and 15 of 20 before the correction).  Not measured with them.
HARD_PAIRED = False
HARD_OPPONENTS_BY_POLICY = False

_P = range(N_POWERS)
_B = range(len(BOND_COSTS))
N_HOME = sum(IS_HOME)
assert all(IS_HOME[:N_HOME]) and not any(IS_HOME[N_HOME:])  # home provinces first: slices below
FAR = 6

# The forecast: a well-run power taxes about once in CYCLE rounds, its tax GROWTH chart spaces above
# today's; a power lands on Investor (paying its bonds' interest) about PAYOUTS times a round.
CYCLE = 2.0
GROWTH = 0.5
PAYOUTS = 0.2
# Prices, in power points of the power governed per taxation it has left: a factory (2M of tax), a
# unit that will take a flag, a flag within reach of a maneuver; an idle unit costs its pay (IDLE
# treasury millions each taxation), a treasury million is worth MONEY.  A government is worth
# CONTROL[0] + CONTROL[1] x its treasury + CONTROL[2] x my interest in it; cash is kept when no
# bond is worth more than KEEP_CASH.
FACTORY = 1.6
UNIT = 0.3
IDLE = 0.6
FLAG = 1.4
MONEY = 0.3
MONEY_FAR = 0.1
RESERVE = 8
CONTROL = (0.5, 0.1, 0.2)
KEEP_CASH = 0.5


def _distances(neighbours) -> tuple[tuple[int, ...], ...]:
    """All-pairs step counts over ``neighbours`` (FAR when unreachable or further)."""
    out = []
    for a in range(N_REGIONS):
        dist = [FAR] * N_REGIONS
        dist[a] = 0
        frontier = [a]
        for k in range(1, FAR):
            nxt = []
            for x in frontier:
                for y in neighbours[x]:
                    if dist[y] == FAR:
                        dist[y] = k
                        nxt.append(y)
            frontier = nxt
        out.append(tuple(dist))
    return tuple(out)


# Armies walk over land (convoys are left to the rules' destinations); fleets sail from sea to sea,
# a harbour one step from its sea.
_LAND_ADJ = tuple(() if IS_SEA[r] else tuple(q for q in LAND_NEIGHBOURS[r] if not IS_SEA[q])
                  for r in range(N_REGIONS))
_SEA_ADJ = tuple(SEA_NEIGHBOURS[r] if IS_SEA[r] else ((PORT_SEA[r],) if PORT_SEA[r] >= 0 else ())
                 for r in range(N_REGIONS))
LAND_DIST = _distances(_LAND_ADJ)
SEA_DIST = _distances(_SEA_ADJ)
# Each power's sphere, where its new units are worth having: the seas within two of its harbours and
# the neutral land within two steps of home.  (Counting the land a convoy away too made the bots
# build far more units than they could use: they lost four games in five to this version.)
SPHERE_SEA = tuple(tuple(t for t in SEAS if min(SEA_DIST[h][t] for h in HOME_PROVINCES[p]) <= 2)
                   for p in _P)
SPHERE_LAND = tuple(tuple(t for t in NEUTRAL_LAND
                          if min(LAND_DIST[h][t] for h in HOME_PROVINCES[p]) <= 2) for p in _P)


# ============================================================================ shared judgement
def _tax(s: Any, p: int) -> int:
    """Tax revenue: 2M per own factory without hostile armies, 1M per flag (as the rules count it)."""
    fac, hostile = s.factory, s.hostile
    n = 0
    for r in HOME_PROVINCES[p]:
        if fac[r]:
            h = hostile[r]
            if True in h:  # rare: look closer
                a = s.armies[r]
                if any(a[q] and h[q] for q in _P if q != p):
                    continue
            n += 2
    return n + s.flags.count(p)


def _taxes(s: Any) -> list[int]:
    """Every power's tax revenue (``_tax``), quick for the powers without hostile armies at home."""
    fac, flags, hostile = s.factory, s.flags, s.hostile
    return [_tax(s, p) if any(map(any, hostile[a:b])) else 2 * fac[a:b].count(True) + flags.count(p)
            for p, (a, b) in enumerate(_HOME_SLICE)]


# Each power's home provinces are consecutive regions (the slices make ``_taxes`` quick).
_HOME_SLICE = tuple((h[0], h[-1] + 1) for h in HOME_PROVINCES)
assert all(HOME_PROVINCES[p] == tuple(range(a, b)) for p, (a, b) in enumerate(_HOME_SLICE))


def _space(tax: int) -> int:
    """The tax chart's space, which is the power points a taxation gives (``data.tax_space``)."""
    return 0 if tax < 6 else (tax - 5 if tax < 15 else 10)


def _blocked(s: Any, r: int) -> bool:
    h = s.hostile[r]
    if True not in h:
        return False
    a, o = s.armies[r], OWNER[r]
    return any(a[q] and h[q] for q in _P if q != o)


def _row(s: Any, p: int) -> list[int]:
    """Each player's interest in power ``p``."""
    tot = [0] * len(s.cash)
    for b, q in enumerate(s.bonds[p]):
        if q >= 0:
            tot[q] += BOND_INTEREST[b]
    return tot


def _stake(row: list[int], me: int) -> float:
    """What one power point of a power is worth to ``me`` against the rivals, in interest: my interest
    less the mean of the strongest rival's and the rivals' average."""
    k = len(row) - 1
    mine = row[me]
    if k <= 0:
        return float(mine)
    top = max(row[:me] + row[me + 1:])
    return mine - (top + (sum(row) - mine) / k) / 2


def _grow_weight(row: list[int], me: int) -> float:
    """Worth to ``me`` of one power point of a power it governs: its stake, but never nothing (a
    governed power is one ``me`` will invest in)."""
    return max(_stake(row, me), 0.3 * row[me], 0.3) / 5


def _pending_flags(s: Any) -> list[int]:
    """Flags each power wins (+) or loses (-) when the maneuver under way ends: a neutral region or
    sea held by one power alone takes its flag then (a rollout may stop in mid-maneuver)."""
    out = [0] * N_POWERS
    flags, armies, fleets = s.flags, s.armies, s.fleets
    for r in FLAG_REGIONS:
        row = fleets[r] if IS_SEA[r] else armies[r]
        if not any(row):
            continue
        held = [q for q in _P if row[q]]
        f = flags[r]
        if len(held) == 1 and held[0] != f:
            out[held[0]] += 1
            if f >= 0:
                out[f] -= 1
    return out


def _forecast(s: Any, settle: bool = False) -> tuple[list[float], float]:
    """Each power's expected final power points, and the rounds left (``settle``: with the flags of a
    maneuver under way)."""
    pp = s.power_points
    gov = s.gov
    rate = [0.0] * N_POWERS
    left = 40.0
    taxes = _taxes(s)
    if settle:
        taxes = [t + f for t, f in zip(taxes, _pending_flags(s))]
    for p, tax in enumerate(taxes):
        if gov[p] < 0:
            continue
        r = ((0 if tax < 6 else (tax - 5 if tax < 15 else 10)) + GROWTH) / CYCLE
        rate[p] = r
        t = (WIN_POWER_POINTS - pp[p]) / r
        if t < left:
            left = t
    return [min(WIN_POWER_POINTS, pp[p] + rate[p] * left) for p in _P], left


def _forecast_scores(s: Any) -> tuple[list[float], float]:
    """Each player's score if the game ended as ``_forecast`` expects, and the rounds left."""
    final, left = _forecast(s, settle=True)
    sc = list(map(float, s.cash))
    for p in _P:
        f = final[p] / 5 + EV_PAYOUTS * left
        for b, q in enumerate(s.bonds[p]):
            if q >= 0:
                sc[q] += BOND_INTEREST[b] * f
    return sc, left


# The judgement's calibration (the least log-loss on positions of policy games of 2-6 players, whose
# winners were known): a softmax of the forecast scores with temperature TAU0 + TAU1 x rounds left;
# the interest payments to come did not help the forecast there.
TAU0, TAU1 = 8.0, 0.6
EV_PAYOUTS = 0.0


def evaluate(game: Any, s: Any) -> list[float]:
    n = len(s.cash)
    if not s.steps:  # over: the rules' winners
        win = game.winners(s)
        return [1.0 / len(win) if q in win else 0.0 for q in range(n)]
    sc, left = _forecast_scores(s)
    tau = TAU0 + TAU1 * left
    top = max(sc)
    ex = [math.exp((x - top) / tau) for x in sc]
    tot = sum(ex)
    return [x / tot for x in ex]


# ============================================================================ choices


def choose(game: Any, state: Any, decision: Decision, rng: random.Random) -> str:
    return dispatch(_HANDLERS, game, state, decision, rng)


def candidates(game: Any, state: Any, decision: Decision) -> list[str]:
    """The options a tree search should weigh (a proposal: ``bots/ismcts.py`` does not ask yet).

    Without "back" (which only returns to the decision before) and "donate" (which only opens a
    question whose sensible answer is "back"): a search values such a choice as a second try at the
    decision it returns to, so it prefers it, and the hard bot then goes back and forth for ever
    (maneuver: pick a unit, back, the same unit, back ...).  Nothing else is left out."""
    if decision.kind in ("donate", "donate_power"):
        return ["back"]
    keys = [o.key for o in decision.options if o.key not in ("back", "donate")]
    return keys or decision.keys()


def _pick(scored: list[tuple[float, str]], rng: random.Random) -> str:
    """:func:`pick`, the reasons first made to name what differs (only while a hint asks)."""
    return pick(_contrast(scored) if explaining() else scored, rng)


def _contrast(scored: list[tuple[float, Any]]) -> list[tuple[float, Any]]:
    """The factors that tell the options apart: an option other than the best loses those the best
    names too (a warning after a worse choice then says what is worse in it, not "it costs 2M" when
    both cost that; with nothing against it, what it does, which is less), the best loses those every
    other option names and is cut to what a hint's line holds (:func:`_fit`).  The scores are
    unchanged."""
    best = max(v for v, _ in scored)
    top = [v for v, _ in scored if v >= best - 1e-9]
    rest = [v for v, _ in scored if v < best - 1e-9]
    said_top = {t for v in top if isinstance(v, Why) for _, t in v.factors}
    everywhere: set[str] = set()
    if rest and all(isinstance(v, Why) for v in rest):
        everywhere = set.intersection(*({t for _, t in v.factors} for v in rest if isinstance(v, Why)))
    out = []
    for v, k in scored:
        if isinstance(v, Why):
            if v >= best - 1e-9:
                v = Why(float(v), _fit(tuple(x for x in v.factors if x[1] not in everywhere) or v.factors))
            else:
                f = tuple(x for x in v.factors if x[1] not in said_top)
                pros = [x for x in f if x[0] > 0]
                if pros and not any(x[0] < 0 for x in f):   # what it does, which is less than the best does
                    f += ((float(v) - best, pros[0][1]),)
                v = Why(float(v), f)
        out.append((v, k))
    return out


LONGEST = 70      # a hint's reason fits one line of the guided game


def _fit(factors: tuple) -> tuple:
    """``factors`` less the weakest that would make the reason a hint builds from them (the two
    strongest for, the strongest against: ``bots/hint.py``) longer than LONGEST."""
    from ..hint import MENTION_AGAINST
    pros = sorted((f for f in factors if f[0] > 0), key=lambda f: -f[0])
    cons = sorted((f for f in factors if f[0] < 0), key=lambda f: f[0])
    top = pros[0][0] if pros else 0.0
    con = cons[0] if cons and (not pros or -cons[0][0] >= MENTION_AGAINST * top) else None
    for keep, against in ((2, con), (1, con), (2, None), (1, None)):
        text = " and ".join(t for _, t in pros[:keep])
        if against is not None:
            text = f"{text}, though {against[1]}" if text else f"despite {against[1]}"
        if len(text) <= LONGEST:
            break
    return tuple(pros[:keep]) + ((against,) if against is not None else tuple(c for c in cons if con is None))


# -- investing ----------------------------------------------------------------------------------------
def _bond_values(s: Any, me: int, p: int, choices, final: list[float], left: float) -> list[tuple[float, str]]:
    """Each choice priced for ``me``: ``choices`` are (bond, traded-in bond or -1, key)."""
    per = final[p] / 5 + PAYOUTS * left   # factor at the end + interest payments to come
    row = s.bonds[p]
    held = [0] * len(s.cash)
    my_int = 0
    for b, q in enumerate(row):
        if q >= 0:
            held[q] += BOND_COSTS[b]
            if q == me:
                my_int += BOND_INTEREST[b]
    mine = held[me]
    others = max(held[:me] + held[me + 1:], default=0)
    gov = s.gov[p]
    gov_h = held[gov] if gov >= 0 else 0
    tr = s.treasury[p]
    out = []
    ex = explaining()   # the reasons' closures only for a hint: rollouts call this constantly
    for b, old, k in choices:
        gain = BOND_INTEREST[b] - (BOND_INTEREST[old] if old >= 0 else 0)
        cost = BOND_COSTS[b] - (BOND_COSTS[old] if old >= 0 else 0)
        val = gain * per - cost
        after = mine + cost
        control = CONTROL[0] + CONTROL[1] * (tr + cost) + CONTROL[2] * (my_int + gain)
        ctl = 0.0
        if gov != me:
            if after > gov_h and after >= others:
                ctl = control
        elif mine <= others + 6 < after:   # a rival could buy the government back cheaply
            ctl = 0.5 * control
        if ex:
            val = why(val + ctl, lambda gain=gain, cost=cost, ctl=ctl: _bond_factors(  # type: ignore[misc]
                p, gain * per, gain, cost, ctl, gov == me, final[p]))
        else:
            val += ctl
        out.append((val, k))
    return out


def _bond_factors(p: int, worth: float, gain: int, cost: int, ctl: float, governs: bool, final: float) -> list:
    """A bond's worth in the player's terms: the factor its power is heading for (what sets one
    power's bonds apart from another's), its price, the government it brings."""
    fx = power_factor(int(final))
    money = ((worth - cost, f"+{gain}M interest for {cost}M, likely ×{fx} at the end") if worth > cost else
             (worth - cost, f"{POWER_NAMES[p]}'s bonds score little (likely ×{fx} at the end)"))
    return [money, (ctl, "it stays yours to govern" if governs else "yours to govern then")]


def _choices(s: Any, me: int, p: int) -> list[tuple[int, int, str | None]]:
    """The bonds of ``p`` that ``me`` can buy or trade up to now (as the rules' ``investor.bond_choices``)."""
    row = s.bonds[p]
    cash = s.cash[me]
    held = [b for b in _B if row[b] == me]
    out: list[tuple[int, int, str | None]] = []
    for b in _B:
        if row[b] < 0:
            cost = BOND_COSTS[b]
            if cost <= cash:
                out.append((b, -1, None))
            for o in held:
                if o < b and cost - BOND_COSTS[o] <= cash:
                    out.append((b, o, None))
    return out


def _keep() -> float:
    return why(KEEP_CASH, lambda: [(KEEP_CASH, "you keep your cash for a better bond")])


def _invest(game, s, d, rng):
    me = d.player
    final, left = _forecast(s)
    scored = [(_keep(), "decline")]   # keep the cash unless a bond is worth more
    for o in d.options:
        if o.key not in ("decline", "donate"):    # paying into a treasury: never worth it here
            ch = _choices(s, me, o.value)
            if ch:
                scored.append((max(x for x, _ in _bond_values(s, me, o.value, ch, final, left)), o.key))
    return _pick(scored, rng)


def _bond(game, s, d, rng):
    # Never "back": the invest choice judged this power worth a bond (and back would ask again).
    final, left = _forecast(s)
    ch = [(*o.value, o.key) for o in d.options if o.key != "back"]
    return _pick(_bond_values(s, d.player, s.steps[-1].bond_power, ch, final, left), rng)


def _opening(game, s, d, rng):
    final, left = _forecast(s)
    ch = [(o.value, -1, o.key) for o in d.options if o.key != "pass"]
    scored = _bond_values(s, d.player, s.steps[-1].power, ch, final, left)
    if d.get("pass"):
        scored.append((_keep(), "pass"))
    return _pick(scored, rng)


def _force(game, s, d, rng):
    # Forcing pays everybody's interest and costs the power its move: worth it when I get my share.
    p = s.steps[-1].power
    row = _row(s, p)
    mine = row[d.player]
    if mine and mine >= 0.5 * row[s.gov[p]]:
        because(f"you get {mine}M of {POWER_NAMES[p]}'s interest payments")
        return "force"
    because(f"too little of {POWER_NAMES[p]}'s interest would go to you")
    return "allow"


# -- the rondel ---------------------------------------------------------------------------------------
def _units(s: Any, p: int) -> tuple[int, int, int, int]:
    """(armies, fleets, armies at home, fleets in harbours): the units at home have no flag to hold."""
    ca = [row[p] for row in s.armies]
    cf = [row[p] for row in s.fleets]
    return sum(ca), sum(cf), sum(ca[:N_HOME]), sum(cf[:N_HOME])


def _free_targets(s: Any, p: int) -> tuple[int, int]:
    """Neutral land and seas in ``p``'s sphere that a lone unit of ``p`` would flag."""
    flags, armies, fleets = s.flags, s.armies, s.fleets
    land = sum(1 for t in SPHERE_LAND[p] if flags[t] != p and not any(armies[t]))
    sea = sum(1 for t in SPHERE_SEA[p] if flags[t] != p and not any(fleets[t]))
    return land, sea


def _reachable_flags(s: Any, p: int) -> int:
    """About how many new flags ``p``'s units could take in one maneuver: free targets next to a unit
    (armies at home by rail from any home province), at most one per unit."""
    flags, armies, fleets = s.flags, s.armies, s.fleets
    got = set()
    units = 0
    home = 0
    for r in range(N_REGIONS):
        x = armies[r][p]
        if x:
            if r < N_HOME:
                if OWNER[r] == p:
                    home += x
            else:
                near = [t for t in _LAND_ADJ[r] if t >= N_HOME and flags[t] != p and not any(armies[t])]
                if near:
                    units += x
                    got.update(near)
        y = fleets[r][p]
        if y:
            near = [t for t in _SEA_ADJ[r] if flags[t] != p and not any(fleets[t])]
            if near:
                units += y
                got.update(near)
    if home:
        near = [t for t in _HOME_LAND[p] if flags[t] != p and not any(armies[t])]
        if near:
            units += home
            got.update(near)
    return min(units, len(got), FLAGS_PER_POWER - flags.count(p))


# neutral land next to a power's home provinces (one rail trip and a step away)
_HOME_LAND = tuple(tuple(sorted({t for h in HOME_PROVINCES[p] for t in _LAND_ADJ[h] if t >= N_HOME}))
                   for p in _P)


def _rondel_values(game, s: Any, d: Decision, me: int, p: int) -> list[tuple[float, str]]:
    row = _row(s, p)
    w = _grow_weight(row, me)                        # my worth of one power point of p
    final, left = _forecast(s)
    taxations = max(1.0, left / CYCLE)               # taxations p still has
    money = MONEY * min(1.0, taxations / 3)            # a treasury million, in power points
    far = money * MONEY_FAR / MONEY                    # ... beyond what it can spend soon

    def worth(x: float) -> float:  # a treasury of x, in power points
        return money * x if x <= RESERVE else money * RESERVE + far * (x - RESERVE)
    tr = s.treasury[p]
    n = len(s.cash)
    card = s.investor_card
    card_value = 2.0 if card == me else (-2.0 / (n - 1) if card >= 0 else 0.0)
    cache: dict[str, Any] = {}
    name = POWER_NAMES[p]

    def units():
        if "u" not in cache:
            cache["u"] = _units(s, p)
            cache["t"] = _free_targets(s, p)
        a, f, idle_a, idle_f = cache["u"]
        land, sea = cache["t"]
        return a, f, max(0, land - idle_a) + max(0, sea - idle_f)

    def value(t: int) -> tuple[float, str | None]:
        """What the space does for p, and (when it does nothing) what makes its turn a waste."""
        if t == TAXATION:
            tax = _tax(s, p)
            g = _space(tax)
            if s.power_points[p] + g >= WIN_POWER_POINTS:
                return (1000.0 if _wins_if_over(s, p, g, me) else -1000.0), None
            a, f, _ = units()
            bonus = max(0, g - s.tax_chart[p])
            income = max(0, tax - a - f)
            v = w * (g + worth(tr + income) - worth(tr)) + bonus
            return v, None if g else f"Taxation: {name} would gain 0 power points and pay no bonus"
        if t == 0:  # factory
            if not any(not s.factory[r] and not _blocked(s, r) for r in HOME_PROVINCES[p]):
                return -0.5, f"Factory: {name} has no city left to build in"
            short = max(0, FACTORY_COST - tr)
            if short > 2 or short > s.cash[me]:
                return -0.5, f"Factory: the treasury holds {tr}M of the {FACTORY_COST}M"
            return _factory_worth(s, p, me), None
        if t in (1, 5):  # production
            a, f, spare = units()
            fa, ff = ARMY_LIMIT[p] - a, FLEET_LIMIT[p] - f
            made = 0
            for r in HOME_PROVINCES[p]:
                if s.factory[r] and not _blocked(s, r):
                    if IS_SHIPYARD[r]:
                        if ff > 0:
                            made += 1
                            ff -= 1
                    elif fa > 0:
                        made += 1
                        fa -= 1
            useful = min(made, spare)
            return (w * taxations * (UNIT * useful - IDLE * money * (made - useful)),
                    None if made else f"Production: no factory of {name} can produce")
        if t in (2, 6):  # maneuver
            a, f, _ = units()
            if not a + f:
                return -0.3, f"Maneuver: {name} has no units to move"
            v = w * FLAG * taxations * _reachable_flags(s, p)
            for r in HOME_PROVINCES[p]:   # hostile armies to clear at home
                if s.factory[r] and s.armies[r][p] and _blocked(s, r):
                    v += w * 1.5 * taxations
            return v - 0.3, None
        if t == INVESTOR:
            due = sum(row)
            if not due:
                return card_value, None if card_value else f"Investor: {name} owes no interest"
            mine = row[me]
            if tr >= due:
                return mine - (due - mine) / (n - 1) - w * (worth(tr) - worth(tr - due)) + card_value, None
            # the treasury is short: the rivals are paid first, I give up my interest (a part of which
            # a later landing would have paid me), then pay the rest from my own cash
            rivals = due - mine
            got = max(0, min(mine, tr - rivals))
            paid = min(s.cash[me], max(0, rivals - tr))
            return got - LOST * (mine - got) - paid - rivals / (n - 1) - w * worth(tr) + card_value, None
        if t == 4:  # import
            a, f, spare = units()
            k = min(3, tr, ARMY_LIMIT[p] - a + FLEET_LIMIT[p] - f)
            if not k:
                return -0.2, (f"Import: the treasury holds {tr}M" if tr < 1
                              else f"Import: {name} has no units left to import")
            return w * min(k, spare) * (UNIT * taxations - money) - 0.2, None
        return 0.0, None

    out = []
    seen: dict[int, tuple[float, str | None]] = {}
    ex = explaining()   # the reasons' closures only for a hint: rollouts call this constantly
    for o in d.options:
        if o.key == "donate":
            out.append((-50.0, o.key))  # paying one's own cash into a treasury: never worth it here
            continue
        t, steps, cost, passes = o.value
        vi = seen.get(t)
        if vi is None:
            vi = seen[t] = value(t)
        v, idle = vi
        cv = card_value if passes else 0.0
        x = v - cost + cv - (WASTE if idle else 0.0)
        if ex:
            x = why(x, lambda t=t, v=v, idle=idle, steps=steps, cost=cost, cv=cv: _rondel_factors(  # type: ignore[misc]
                s, p, me, t, v, idle, steps, cost, cv))
        out.append((x, o.key))
    if ex:
        out = _idle_best(out, name)
    return out


# A turn spent on a rondel space that does nothing for the power (a maneuver without units, a taxation
# of 0 power points, an import from an empty treasury ...): what a turn of its is worth, about a
# taxation's worth of power points to its government, in millions.  It changes no pick but among
# such spaces and the few that only cost (idle units), and it sets those mistakes apart from the
# ordinary choices of taste.
WASTE = 3.0
# My interest a short treasury does not pay, counted as lost at this share (a later landing might
# have paid it).
LOST = 0.5


def _idle_best(out: list, name: str) -> list:
    """The best space's reason when it too does nothing: that no space does more now."""
    best = max(v for v, _ in out)
    res = []
    for v, k in out:
        if v >= best - 1e-9 and isinstance(v, Why) and any(f[0] == -WASTE for f in v.factors):
            v = Why(float(v), tuple((1.0, f"no space does more for {name} now") if f[0] == -WASTE else f
                                    for f in v.factors))
        res.append((v, k))
    return res


def _or_else(factors: list, text: str) -> list:
    """``factors``, or ``text`` when none of them weighs anything (a pick among equals)."""
    return factors if any(f[0] for f in factors) else [(1.0, text)]


def _rondel_factors(s: Any, p: int, me: int, t: int, v: float, idle: str | None, steps: int, cost: int,
                    cv: float) -> list:
    """What a rondel space does for ``p`` (worth ``v``), in the player's terms."""
    name = POWER_NAMES[p]
    paid = (-cost, f"it costs you {cost}M for {steps} spaces")
    card = (cv, "you get to invest" if cv > 0 else "a rival gets to invest")
    if idle:
        gain = None
        if t == TAXATION and v > 0:
            a, f, _, _ = _units(s, p)
            gain = (v, f"{name}'s treasury gets {max(0, _tax(s, p) - a - f)}M")
        return [(-WASTE, idle), gain, paid, card]
    if t == TAXATION:
        tax = _tax(s, p)
        g = _space(tax)
        if v >= 1000:
            say = "the taxation ends the game with you ahead"
        elif v <= -1000:
            say = "the taxation would end the game, you behind"
        else:
            bonus = max(0, g - s.tax_chart[p])
            say = (f"{name} gains {plural(g, 'power point')}" + (f" and you {bonus}M bonus" if bonus else ""))
    elif t == 0:
        short = max(0, FACTORY_COST - s.treasury[p])
        say = (f"a factory raises {name}'s taxes by 2M" + (f" ({short}M yours)" if short else "")
               if v > 0 else f"a factory is not worth its {FACTORY_COST}M now")
    elif t in (1, 5):
        say = "new units can take free flags" if v > 0 else "new units would stand idle and cost pay"
    elif t in (2, 6):
        n = _reachable_flags(s, p)
        say = (f"{name}'s units can take {plural(n, 'new flag')}" if n else f"{name}'s units can clear its factories"
               ) if v > 0 else f"{name}'s units have no flag to take"
    elif t == INVESTOR:
        row = _row(s, p)
        if not sum(row):
            say = "you get to invest" if v > 0 else "a rival gets to invest"
        elif v > 0:
            say = f"you get {row[me]}M of {name}'s interest"
        elif s.treasury[p] >= sum(row):
            say = "the interest goes mostly to your rivals"
        else:
            owe = min(s.cash[me], max(0, sum(row) - row[me] - s.treasury[p]))
            say = (f"the treasury is short: you pay {owe}M of the interest" if owe
                   else f"{name}'s treasury is short: you lose your interest")
    else:
        say = "imports can take free flags" if v > 0 else "imported units would stand idle"
    return _or_else([(v, say), paid, card], "no rondel space is worth more")


def _wins_if_over(s: Any, p: int, g: int, me: int) -> bool:
    """Would ``me`` be among the winners if ``p``'s taxation ended the game now?"""
    pp = list(s.power_points)
    pp[p] = min(WIN_POWER_POINTS, pp[p] + g)
    sc = list(s.cash)
    sc[s.gov[p]] += max(0, g - s.tax_chart[p])
    for x in _P:
        fx = power_factor(pp[x])
        if fx:
            for b, q in enumerate(s.bonds[x]):
                if q >= 0:
                    sc[q] += BOND_INTEREST[b] * fx
    return sc[me] >= max(sc)


def _rondel(game, s, d, rng):
    return _pick(_rondel_values(game, s, d, d.player, s.steps[-1].power), rng)


def _donate(game, s, d, rng):
    because("paying your own cash into a treasury is not worth it")
    return "back"


# -- factory and import -------------------------------------------------------------------------------
def _factory_worth(s: Any, p: int, me: int) -> float:
    """A factory for ``p`` built now, to ``me``: its taxes to come, less the treasury money it takes
    and the part ``me`` pays when the treasury is short (in my points)."""
    w = _grow_weight(_row(s, p), me)
    _, left = _forecast(s)
    taxations = max(1.0, left / CYCLE)
    money = MONEY * min(1.0, taxations / 3)
    far = money * MONEY_FAR / MONEY

    def worth(x: float) -> float:
        return money * x if x <= RESERVE else money * RESERVE + far * (x - RESERVE)
    tr = s.treasury[p]
    short = max(0, FACTORY_COST - tr)
    return w * (FACTORY * taxations + 0.5 - worth(tr) + worth(tr - FACTORY_COST + short)) - short


def _factory(game, s, d, rng):
    p = s.steps[-1].power
    tr = s.treasury[p]
    short = max(0, FACTORY_COST - tr)
    land, sea = _free_targets(s, p)
    base = _factory_worth(s, p, d.player) if short <= 2 else -float(short)  # too much of it from your cash
    out = []
    for o in d.options:
        if o.key == "none":
            out.append((why(0.0, lambda: [(1.0, f"you would pay {short}M of the factory" if short > 2 else
                                           f"the treasury keeps its {tr}M" if base <= 0 or not short else
                                           f"you keep your {short}M")]), o.key))
            continue
        r = o.value
        n = sea if IS_SHIPYARD[r] else land
        out.append((why(base + 0.05 * n, lambda r=r, n=n: _factory_factors(p, r, n, base, short)), o.key))
    return _pick(out, rng)


def _factory_factors(p: int, r: int, n: int, base: float, short: int) -> list:
    where = REGION_NAMES[r]
    if short > 2:
        return [(base, f"it takes {short}M of your own cash")]
    targets = (f"{where}'s fleets can take {plural(n, 'free sea')}" if IS_SHIPYARD[r]
               else f"{where}'s armies can take {plural(n, 'free land')}")
    if base <= -short:
        return [(base + short, f"{POWER_NAMES[p]} has too few taxations left for it"), (-short, f"you pay {short}M")]
    return [(base + short, "the taxes rise by 2M"), (0.05 * n, targets), (-short, f"you pay {short}M of it")]


def _import(game, s, d, rng):
    p = s.steps[-1].power
    own = s.treasury[p] < 1     # the government pays
    _, _, idle_a, idle_f = _units(s, p)
    land, sea = _free_targets(s, p)
    flags = s.flags
    out = [(why(0.0, lambda: [(1.0, f"{POWER_NAMES[p]}'s treasury is empty: you would pay" if own
                                else "another unit would find no free flag")]), "done")]
    pay = (-1.0, "it costs you 1M of your own cash") if own else None
    extra = -1.0 if own else 0.0
    for o in d.options:
        if o.key == "done":
            continue
        kind, r = o.value
        if kind == "army":
            if land > idle_a:
                near = sum(1 for t in _LAND_ADJ[r] if t >= N_HOME and flags[t] != p)
                v = why(0.5 + 0.1 * near + extra, lambda n=land - idle_a, near=near: [
                    (0.5, f"{plural(n, 'free land')} to take"),
                    (0.1 * near, f"{plural(near, 'flag')} to take next to it"), pay])
            else:
                v = why(-0.3 + extra, lambda: [(-0.3, "the army would find no free land and cost pay"), pay])
        elif sea > idle_f:
            v = why(0.5 + 0.1 * (flags[PORT_SEA[r]] != p) + extra, lambda n=sea - idle_f, r=r: [
                (0.5, f"{plural(n, 'free sea')} to take"),
                (0.1 * (flags[PORT_SEA[r]] != p), f"the sea off {REGION_NAMES[r]} is unflagged"), pay])
        else:
            v = why(-0.3 + extra, lambda: [(-0.3, "the fleet would find no free sea and cost pay"), pay])
        out.append((v, o.key))
    return _pick(out, rng)


# -- maneuver -----------------------------------------------------------------------------------------
class _Ctx:
    """What the maneuver decisions of ``p`` (governed by ``me``) need, each part computed once."""
    __slots__ = ("s", "p", "me", "wp", "_stakes", "_free")

    def __init__(self, s: Any, p: int, me: int) -> None:
        self.s, self.p, self.me = s, p, me
        self._stakes: list[float | None] = [None] * N_POWERS
        self._free: dict[str, list[int]] = {}
        self.wp = _grow_weight(_row(s, p), me) * 5

    def stake(self, q: int) -> float:
        v = self._stakes[q]
        if v is None:
            v = self._stakes[q] = _stake(_row(self.s, q), self.me)
        return v

    def near(self, kind: str, r: int) -> int:
        """Steps from ``r`` to the nearest region a unit of this kind would flag."""
        free = self._free.get(kind)
        if free is None:
            s, p = self.s, self.p
            if kind == "army":
                free = [t for t in NEUTRAL_LAND if s.flags[t] != p and not any(s.armies[t])]
            else:
                free = [t for t in SEAS if s.flags[t] != p and not any(s.fleets[t])]
            self._free[kind] = free
        dist = (LAND_DIST if kind == "army" else SEA_DIST)[r]
        return min((dist[t] for t in free), default=FAR)


def _flag_gain(c: _Ctx, r: int) -> float:
    """Taking ``r``'s flag for ``c.p``: my gain, the old owner's loss counting as my stake in it."""
    flags = c.s.flags
    f = flags[r]
    if f == c.p or flags.count(c.p) >= FLAGS_PER_POWER:
        return 0.0
    return c.wp - (c.stake(f) if f >= 0 else 0.0)


# One evaluation for the steps of a unit's move (pick the unit, its destination, the battle on
# arriving, hostile or friendly): the destination is worth what the unit does there *with* the battle
# the battle step will fight (``_fight``), and the battle and declare steps weigh the same way, so the
# hint at each step continues the plan of the first (a unit sent to free Vienna fights there).
def _fight(c: _Ctx, r: int, kind: str, here: int) -> tuple[float, int, str] | None:
    """The battle a unit of ``kind`` entering ``r`` would fight, where ``c.p`` has ``here`` other
    units of its kind: (value, foe, foe's unit), the best worth fighting (over 0, what peace is worth
    in the battle step), or None."""
    s, p = c.s, c.p
    a, f = s.armies[r], s.fleets[r]
    if sum(a) - a[p] + sum(f) - f[p] == 0:
        return None
    best = None
    for q, theirs in foes(s, p, r, kind):
        v = _battle_value(c, r, q, theirs, here)
        if v > 0 and (best is None or v > best[0]):
            best = (v, q, theirs)
    return best


def _dest_value(c: _Ctx, kind: str, r: int, near_from: int, say: list | None = None) -> float:
    """A unit of ``kind`` moving to ``r``; ``say`` (when given) gets what the move does, in words.
    Among equal destinations the first region (a tiny nudge): the unit's pick and its destination
    step then name the same one."""
    return _dest_raw(c, kind, r, near_from, say) - 1e-7 * r


def _dest_raw(c: _Ctx, kind: str, r: int, near_from: int, say: list | None) -> float:
    s, p = c.s, c.p
    row = (s.armies if kind == "army" else s.fleets)[r]
    here = row[p]
    fight = _fight(c, r, kind, here)
    if fight is not None:
        v, q, theirs = fight
        return _battle_value(c, r, q, theirs, here, say)
    foes_ = sum(row) - here
    where = REGION_NAMES[r]
    if r >= N_HOME:  # neutral land or sea
        if foes_:
            if say is not None:
                say.append(f"foreign units stand in {where}")
            return -0.6
        if here:
            if say is not None:
                say.append(f"a unit of yours holds {where} already")
            return -0.2
        gain = _flag_gain(c, r)
        if gain > 0:
            if say is not None:
                f = s.flags[r]
                say.append(f"it takes {where}'s flag" + (f" from {POWER_NAMES[f]}" if f >= 0 else ""))
            return gain
    elif OWNER[r] != p:  # a foreign home province
        o = OWNER[r]
        if foes_ or s.armies[r][o] or s.fleets[r][o]:
            if say is not None:
                say.append(f"{where} is defended")
            return -0.6
        if s.factory[r] and not here:
            block = _block_value(c, r)
            if block > 0:
                if say is not None:
                    say.append(f"it can block {where}'s factory")
                return block - 0.2
        if say is not None:
            say.append(f"nothing is gained in {where}")
        return -0.3
    # nothing to gain here: does it bring the unit nearer to a flag to take?
    v = 0.15 * (near_from - c.near(kind, r)) - 0.05
    if say is not None:
        say.append(f"{where} is nearer a flag to take" if v > 0 else f"nothing is gained in {where}")
    return v


def _block_value(c: _Ctx, r: int) -> float:
    """A hostile army of ``c.p`` in ``r``, a foreign home province with a factory: its owner's taxes
    and production there stop, worth to me what my rivals hold more of the owner than I do."""
    return -0.5 * max(-2.0, min(2.0, c.stake(OWNER[r])))


def _dest_why(c: _Ctx, kind: str, dests, near: int, ex: bool) -> float:
    """The best destination's value, naming what the move there does when a hint asks (``ex``)."""
    best = max((_dest_value(c, kind, r, near) for r in dests), default=-1.0)
    return why(best, lambda: _dest_factors(c, kind, dests, near, best)) if ex else best


def _dest_factors(c: _Ctx, kind: str, dests, near: int, best: float) -> list:
    for r in dests:
        say: list[str] = []
        if _dest_value(c, kind, r, near, say) == best:
            return [(best or 1.0, say[0])]
    return [(best or -1.0, "the unit has nowhere useful to go")]


def _battle_value(c: _Ctx, r: int, q: int, theirs: str, here: int, say: list | None = None) -> float:
    """A battle in ``r``: one unit of ``c.p`` and one of ``q`` go; ``c.p`` keeps ``here`` units of
    the fighting one's kind there.  Worth it when it frees a home province of hostile armies, leaves
    ``c.p`` alone on a neutral region, or takes the last defender from a factory I would rather see
    blocked."""
    s, p = c.s, c.p
    where, foe = REGION_NAMES[r], POWER_NAMES[q]
    if c.s.gov[q] == c.me:
        if say is not None:
            say.append(f"you govern {foe} too")
        return -1.0
    o = OWNER[r]
    if o == p:
        if theirs == "army" and s.hostile[r][q]:
            n = sum(s.armies[r][x] for x in _P if x != p and s.hostile[r][x])
            if say is not None:
                say.append(f"it frees {where} of {foe}'s army" if n == 1 else
                           f"it fights one of {n} hostile armies in {where}")
            return (2.0 if s.factory[r] else 0.5) * c.wp / n
        if say is not None:
            say.append(f"{foe}'s unit does no harm in {where}")
        return -1.0
    if r >= N_HOME:
        row = (s.fleets if IS_SEA[r] else s.armies)[r]
        if here >= 1 and sum(row) - row[p] == 1:
            if say is not None:
                say.append(f"it leaves {POWER_NAMES[p]} alone in {where}")
            return _flag_gain(c, r) - 0.3 * c.wp - 0.3 * c.stake(q)
        if say is not None:
            say.append(f"a battle would not win {where}'s flag")
        return -1.0
    if q == o and s.factory[r] and c.stake(o) < 0:
        if say is not None:
            say.append(f"it clears the way to block {where}'s factory")
        return -0.3 * c.stake(o) - 0.5
    if say is not None:
        say.append(f"a battle gains nothing in {where}")
    return -1.0


def _battle_why(c: _Ctx, r: int, q: int, theirs: str, here: int, ex: bool) -> float:
    v = _battle_value(c, r, q, theirs, here)
    return why(v, lambda: _said(v, lambda say: _battle_value(c, r, q, theirs, here, say))) if ex else v


def _said(v: float, fn) -> list:
    say: list[str] = []
    fn(say)
    return [(v or 1.0, say[0])]


def _maneuver(game, s, d, rng):
    step = s.steps[-1]
    p = step.power
    c = _Ctx(s, p, d.player)
    kind = "army" if step.phase == "armies" else "fleet"
    ex = explaining()
    scored = [(why(0.05, lambda: [(0.05, "no unit has a better move to make")]), "done")]
    for o in d.options:
        v = o.value
        if v == "done":
            continue
        if isinstance(v, int):
            near = c.near(kind, v)
            dests = _SEA_ADJ[v] if kind == "fleet" else army_destinations(game, s, p, v)
            scored.append((_dest_why(c, kind, dests, near, ex), o.key))
        elif v[0] == "attack":
            r, mine = v[1], v[3]
            here = (s.armies if mine == "army" else s.fleets)[r][p] - 1
            scored.append((_battle_why(c, r, v[2], v[4], here, ex), o.key))
        elif v[0] == "status":
            r, hostile = v[1], v[2]
            want = s.factory[r] and c.stake(OWNER[r]) < 0
            scored.append((why(0.3 if want == hostile else -0.5, lambda r=r, want=want: [
                (0.3, f"you want {REGION_NAMES[r]}'s factory blocked" if want
                 else f"{REGION_NAMES[r]}'s factory need not be blocked")]), o.key))
        else:  # destroying a factory costs three armies: not worth them here
            scored.append((why(-1.0, lambda: [(-1.0, "destroying a factory costs three armies")]), o.key))
    return _pick(scored, rng)


def _destination(game, s, d, rng):
    # Never "back": the maneuver step chose this unit for its best destination.
    step = s.steps[-1]
    c = _Ctx(s, step.power, d.player)
    near = c.near(step.unit, step.frm)
    if not explaining():   # the reasons' closures only for a hint: rollouts call this constantly
        return _pick([(_dest_value(c, step.unit, o.value[0], near), o.key) for o in d.options if o.key != "back"],
                     rng)
    return _pick([(_dest_why(c, step.unit, (o.value[0],), near, True), o.key) for o in d.options if o.key != "back"],
                 rng)


def _contest(game, s, d, rng):
    """The battle on arriving, weighed as the destination was (``_fight``): the unit has arrived, so
    ``c.p`` keeps one unit fewer there than it has."""
    step = s.steps[-1]
    c = _Ctx(s, step.power, d.player)
    r = step.r
    here = (s.armies if step.unit == "army" else s.fleets)[r][step.power] - 1
    ex = explaining()
    fights = [(_battle_why(c, r, o.value[0], o.value[1], here, ex), o.key) for o in d.options if o.key != "peace"]
    goal = max((v for v, _ in fights), default=0.0) > 0
    where = REGION_NAMES[r]
    peace = why(0.0, lambda: [(-1.0, f"without a battle {where} stays as it is") if goal
                              else (1.0, "no battle here wins a flag or frees a factory")])
    return _pick([(peace, "peace")] + fights, rng)


def _declare(game, s, d, rng):
    """Hostile or friendly, as the destination weighed the move (``_block_value``): hostile when
    blocking the factory hurts the owner's other bondholders more than me."""
    r = s.steps[-1].r
    o = OWNER[r]
    c = _Ctx(s, s.steps[-1].power, d.player)
    where, owner = REGION_NAMES[r], POWER_NAMES[o]
    block = _block_value(c, r) if s.factory[r] else 0.0
    risk = 0.1 if s.armies[r][o] or s.fleets[r][o] else 0.0   # its units there may demand a battle
    hostile = block - risk

    def hostile_factors() -> list:
        if not s.factory[r]:
            return [(-risk, f"a hostile army invites {owner}'s units to battle") if risk
                    else (1.0, f"{where} has no factory: neither status does much")]
        if block > 0:
            return [(block, f"blocking {where}'s factory hurts your rivals more"),
                    (-risk, f"{owner}'s units there may demand a battle")]
        if block < 0:
            return [(block, f"blocking {where}'s factory hurts you more than your rivals")]
        return [(1.0, f"you hold as much of {owner} as your rivals")] if not risk else \
            [(-risk, f"{owner}'s units there may demand a battle")]

    def friendly_factors() -> list:
        if hostile < 0:
            return [(-hostile, f"blocking {where} would not hurt your rivals more")]
        if hostile > 0:
            return [(-hostile, f"{owner}'s factory in {where} keeps paying its taxes")]
        return [(1.0, f"{where} has no factory: neither status does much" if not s.factory[r]
                 else f"you hold as much of {owner} as your rivals")]
    return _pick([(why(hostile, hostile_factors), "hostile"), (why(0.0, friendly_factors), "friendly")], rng)


def _demand(game, s, d, rng):
    step = s.steps[-1]
    q, mover, r = step.power, step.mover, step.r
    me = d.player
    name, where = POWER_NAMES[mover], REGION_NAMES[r]
    if s.gov[mover] == me:
        because(f"you govern {name} too")
        return "allow"
    mine, theirs = _stake(_row(s, q), me), _stake(_row(s, mover), me)
    if OWNER[r] == q:
        if s.armies[r][mover] and s.hostile[r][mover] and mine >= theirs:
            because(f"{name}'s army would block {where}")
            return "battle"
        because(f"{name} does you no harm in {where}")
        return "allow"
    if r >= N_HOME:
        row = (s.fleets if IS_SEA[r] else s.armies)[r]
        # with two units of ours here, a battle leaves us alone with our flag
        if s.flags[r] == q and row[q] >= 2 and sum(row) - row[q] == 1 and mine > theirs:
            because(f"a battle leaves {POWER_NAMES[q]} alone in {where}")
            return "battle"
    because(f"a battle in {where} would gain you nothing")
    return "allow"


_HANDLERS = {
    "rondel": _rondel,
    "donate": _donate,
    "donate_power": _donate,
    "force": _force,
    "factory": _factory,
    "import": _import,
    "maneuver": _maneuver,
    "destination": _destination,
    "battle": _contest,
    "declare": _declare,
    "demand": _demand,
    "invest": _invest,
    "bond": _bond,
    "opening": _opening,
}
HANDLED_KINDS = frozenset(_HANDLERS)
RANDOM_FALLBACK: frozenset[str] = frozenset()     # every kind has its rule
