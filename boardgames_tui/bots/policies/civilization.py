"""Civilization's playing knowledge (a first version): expand, build, climb the culture track, research.

The easy bot founds every city it can, walks its scouts toward the best free sites and the edge of the
unexplored tiles, its armies toward huts and that edge (and into its capital when an enemy army comes
near), attacks only where it expects a clear win (``civilization_war``),
spends each city's action on a scout while it has cities to found, else on the best structure it can
afford, else on culture; it climbs the culture track whenever it can pay, researches the dearest tech it
can afford, refuses offers that give more than they take and makes none.  The culture track is its main
road to victory, research and coins the side roads.  Free walls go where an enemy army may come, a gift
to the player furthest behind, a harmful culture card at the leader, a free tech as research would pick;
the rest of the rare decisions are picked at random (``RANDOM_FALLBACK``, each with its reason).

``evaluate`` (in ``civilization_eval``, which ``civilization_war`` imports too) judges each player by
his progress on the three peaceful roads (culture track, techs toward Space Flight, coins), a softmax
over the best of them.
"""
from __future__ import annotations

import math
import random
from collections.abc import Callable
from typing import Any

from ...engine.core import Decision, Game
from ...engine.text import cut_words
from ...games.civilization import cards, culture, data as D, management, movement
from ...games.civilization.board import BUILDING, GREAT_PERSON, MIN_CITY_DISTANCE, WONDER, neighbours
from ...games.civilization.common import anarchy_immune
from ...games.civilization.data import structure_yield
from ...games.civilization.data_map import HUT, WATER
from . import because, dispatch, explaining, pick, why
from .civilization_eval import evaluate, judge  # noqa: F401 - judge: the hard bot's
from .civilization_war import HANDLERS as WAR_HANDLERS, WAR_ROUND, attack_text, attack_value, focus, war_target  # noqa: F401 - focus: the hard bot's

HARD_ITERATIONS = 200
# The hard bot's search: paired rounds, the others' choices this policy's, over the options of
# ``candidates`` (no offer), as ismcts does by default; and three things of this policy's own:
# * ``horizon``: every playout stops at the same phase of the next round (two rounds on with two
#   players), not after 20 choices: each root choice is judged after the same stretch of game;
# * ``judge`` (``civilization_eval``): the judgement there, fitted on 600 easy-bot games;
# * ``budget_share``: the budget by kind of decision (trade none, placing a quarter).
# Measured at this budget (bench/strength.py --titles civilization --games 20 --four 20 --chunk 4
# --jobs 2, seed 1000): hard vs 3 easy won 12 of 20 four-player games, 60% [39%, 78%] (25% [11%, 47%]
# with 20-choice playouts and the hand-made judgement), and two-player hard vs easy 18 of 20, 90%
# [70%, 97%] (70% [48%, 86%] before; 65% [43%, 82%] with a one-round horizon for two players too).
# Thinking, iterations only: median 0.37 s, p95 1.67 s (four players); the app stops a search at 1.2 s.


def _site_value(s: Any, pos) -> float:
    """What a city would work there: production and trade count most, culture some."""
    total = 0.0
    for n in neighbours(pos):
        sq = s.board.square(n)
        if sq is None:
            continue
        y = sq.yields
        total += 1.2 * y.production + y.trade + 0.8 * y.culture + (0.5 if sq.resource else 0)
    return total


def _yields(s: Any, pos) -> str:
    """What the squares around ``pos`` give, in the player's terms (for a reason)."""
    prod = trade = 0
    for n in neighbours(pos):
        sq = s.board.square(n)
        if sq is not None:
            prod, trade = prod + sq.yields.production, trade + sq.yields.trade
    return f"its squares give {prod} production, {trade} trade"


def _worth(y: Any) -> float:
    """What a square's icons are worth to its city, as :func:`_site_value` weighs them (a coin most)."""
    return 1.2 * y.production + y.trade + 0.8 * y.culture + 3.0 * y.coins


def _icons_text(y: Any) -> str:
    """Icons named: ``"1 production, 2 culture"``; ``"no icons"``."""
    parts = [f"{n} {w}" for n, w in ((y.production, "production"), (y.trade, "trade"), (y.culture, "culture"),
                                     (y.coins, "coin" if y.coins == 1 else "coins")) if n]
    return ", ".join(parts) if parts else "no icons"


# What an own structure already standing is worth beyond its icons, as the city action weighed building it
# (``_city``): a structure put over it loses that too.  One evaluation for the city action and the
# placing, so a hint never recommends a building that a later hint would have a wonder replace.
_KEEP = {BUILDING: 9.0, WONDER: 12.0, GREAT_PERSON: 3.0}
_BUILD = {BUILDING: 9.0, WONDER: 12.0}


def _cover(s: Any, player: int, pos, what: str, name: str) -> tuple[float, float, Any]:
    """A structure on ``pos``: (what it adds in icons less what it covers, counted at half, less what an
    own structure there is worth; the icons part alone; the structure it replaces or None).  The square's
    resource counts among what it covers (no harvest under a structure)."""
    b = s.board
    old = b.structures.get(pos)
    sq = b.square(pos)
    lost = _worth(b.yields(pos)) + (0.5 if old is None and sq is not None and sq.resource else 0.0)
    icons = 0.5 * (_worth(structure_yield(what, name)) - lost)
    keep = 0.0
    if old is not None and old.owner == player:
        keep = 0.0 if old.kind == WONDER and old.name in s.players[player].obsolete else _KEEP[old.kind]
    return icons - keep, icons, old


def _structure_site(game: Any, s: Any, player: int, city, what: str, name: str,
                    around: Any = None, sites: list | None = None) -> tuple[Any, float, float, Any] | None:
    """Where the policy puts a structure next to ``city``: (square, its :func:`_cover` value, icons part,
    the structure replaced), the best of its sites, the first of equal ones (so the city action's reason
    and the placing agree); None without a site.  ``sites``: the placing's own options."""
    if sites is None:
        sites = management.structure_sites(game, s, player, city, what, name, around)
    best = None
    for n in sites:
        v, icons, old = _cover(s, player, n, what, name)
        if best is None or v > best[1] + 1e-9:
            best = (n, v, icons, old)
    return best


def _cover_factors(s: Any, name: str, pos, v: float, icons: float, old: Any, low: float | None = None
                   ) -> list[tuple[float, str] | None]:
    """Why a structure's square is good or bad, in what differs between squares: what it covers there and
    what it replaces.  ``low``: the worst square's value, for a placing (each square is weighed against
    it); None for the city action, which names its one square."""
    covered = _icons_text(s.board.yields(pos))
    keep = icons - v
    gives = f"{name} on {_sq(pos)} covers " + ("no icons" if covered == "no icons" else f"only {covered}")
    if keep:
        return [(-keep, f"it replaces your {old.name} on {_sq(pos)}")]
    if low is not None and (v - low > 1e-9 or icons >= 0):
        return [(max(v - low, 0.1), gives)]          # equal squares: each named by what it gives up
    if icons > 0:
        return [(icons, gives)]
    return [(icons, f"it covers {covered} on {_sq(pos)}") if icons < 0 else None]


def _civ(s: Any, q: int) -> str:
    return s.players[q].civ


def _sq(pos) -> str:
    return f"{pos[0]}:{pos[1]}"


def _goal_text(s: Any, player: int, goals: Goals, dest) -> str:
    """The goal that makes ``dest`` worth going to (the best of ``goals`` from there), named."""
    b = s.board
    if not goals:
        return "it finds a better square"
    # the first found of equal goals (their order before :class:`Goals` sorted them)
    p, _ = max(goals.found, key=lambda g: g[1] - (abs(g[0][0] - dest[0]) + abs(g[0][1] - dest[1])))
    far = abs(p[0] - dest[0]) + abs(p[1] - dest[1])
    away = "" if far == 0 else f" ({far} square{'s' if far > 1 else ''} left)"
    m = b.markers.get(p)
    if m is not None and m[0] == HUT:
        return f"it heads for the hut on {_sq(p)}{away}"
    if p == s.players[player].capital:
        return "it guards your capital from an enemy army"
    c = b.city_site_problem(p, player) if p not in b.cities else "city"
    if c is None:
        return f"it heads for a city site on {_sq(p)}{away}"
    for n in neighbours(p):
        x = b.cities.get(n)
        if x is not None and x.owner != player:
            return f"it heads to gather by {_civ(s, x.owner)}'s city on {_sq(n)}"
    return f"it heads for the unexplored tile by {_sq(p)}{away}"


def _enemy_army_near(s: Any, player: int, pos, reach: int) -> bool:
    """Another player's army within ``reach`` orthogonal steps of ``pos``."""
    return any(f.owner != player and f.armies and abs(x[0] - pos[0]) + abs(x[1] - pos[1]) <= reach
               for x, f in s.board.figures.items())


# What a figure's goals are built from, kept while it holds: the search's rollouts ask for them at every
# move, and a scout's (every free city site) took three quarters of the hard bot's time.  Keyed by
# content (``_layout``), not by board: every iteration of the search plays in a fresh copy of the world.
_MEMO: dict[tuple, Any] = {}
_MEMO_SIZE = 512


def _memo(key: tuple, build: Callable[[], Any]) -> Any:
    """``build()``, or what it gave before for ``key``."""
    value = _MEMO.get(key)
    if value is None:
        value = build()
        if len(_MEMO) >= _MEMO_SIZE:
            _MEMO.clear()
        _MEMO[key] = value
    return value


def _layout(b: Any) -> tuple:
    """All the board's squares depend on: where each tile lies, and which face-up tile it is, turned
    how, and the disasters."""
    return (tuple((t.tile_row, t.tile_col, t.name, t.turns) if t.face_up else (t.tile_row, t.tile_col)
                  for t in b.tiles), tuple(sorted(b.disasters.items())) if b.disasters else ())


def _frontier(s: Any, layout: tuple) -> set:
    """The explored squares next to a face-down tile (shared: do not change it)."""
    b = s.board

    def build() -> set:
        unseen = b.face_down()
        return {n for p in unseen for n in neighbours(p) if n not in unseen and b.square(n) is not None}
    return _memo(("frontier", layout), build)


def _land_sites(s: Any, layout: tuple) -> list[tuple[Any, float]]:
    """The explored land squares whose 8 neighbours are explored too (what the map alone allows of a
    city site), with 10 and what the city would work, in the order ``explored`` gives (shared)."""
    b = s.board

    def build() -> list[tuple[Any, float]]:
        squares = b.squares()
        return [(p, 10.0 + _site_value(s, p)) for p in b.explored()
                if squares[p].terrain != WATER and all(n in squares for n in neighbours(p))]
    return _memo(("land", layout), build)


def _city_sites(s: Any, player: int, layout: tuple) -> tuple[tuple, list[tuple[Any, float]]]:
    """Every square where ``player`` may found a city, with 10 and what the city would work (shared:
    do not change it), and its key: what ``city_site_problem`` reads (the map, the cities, structures
    and markers, and the other players' figures; his own never stop him)."""
    b = s.board
    others = frozenset((p, f.count() > 0) for p, f in b.figures.items() if f.owner != player)
    key = ("sites", layout, player, frozenset(b.cities), frozenset(b.structures), frozenset(b.markers), others)

    def build() -> list[tuple[Any, float]]:
        # a site is 3 squares from every city (rule 34): a cheap test first, then the rules' own
        r = range(1 - MIN_CITY_DISTANCE, MIN_CITY_DISTANCE)
        near = {(c[0] + dr, c[1] + dc) for c in b.cities for dr in r for dc in r}
        return [(p, v) for p, v in _land_sites(s, layout)
                if p not in near and b.city_site_problem(p, player) is None]
    return key, _memo(key, build)


class Goals(list):
    """A figure's goals, (square, value), the most valued first (for :func:`_dest_value`'s early
    stop); ``found``, the same in the order they were found (a reason names the first of equal
    ones); ``at``, their value at each square asked so far."""
    __slots__ = ("found", "at")

    def __init__(self, found: list[tuple[Any, float]]) -> None:
        super().__init__(sorted(found, key=lambda g: -g[1]))
        self.found = found
        self.at: dict = {}


def _goals(s: Any, player: int, what: str) -> Goals:
    """Where a figure wants to be, with a value: a scout at a free city site (by what the city would
    work) or by a face-down tile to explore it; an army on a hut or by a face-down tile.  Shared
    (kept while what they are built from holds): do not change them."""
    b = s.board
    layout = _layout(b)
    if what == "scout":
        key, sites = _city_sites(s, player, layout)
        return _memo(("scout", key), lambda: Goals(sites + [(p, 6.0) for p in _frontier(s, layout)]))
    out = [(p, 9.0) for p, m in b.markers.items() if m[0] == HUT]
    out += [(p, 5.0) for p in _frontier(s, layout)]
    target = war_target(None, s, player) if s.round >= WAR_ROUND else None
    if target is not None:                 # at war: gather next to the enemy city
        out += [(n, 12.0) for n in neighbours(target) if b.square(n) is not None
                and b.square(n).terrain != "water" and n not in b.cities]
    cap = s.players[player].capital
    guard = b.figures.get(cap)
    if cap in b.cities and (guard is None or guard.owner != player or not guard.armies) and \
            _enemy_army_near(s, player, cap, 5):
        out.append((cap, 16.0))          # an enemy army near: an army into the capital (it draws 2 more)
    return _memo(("army", tuple(out)), lambda: Goals(out))


def _dest_value(goals: Goals, dest, how) -> float:
    """The best goal's value less a step for every square still to go (orthogonal steps).  ``goals``
    (:class:`Goals`) come most valued first, so the scan stops at a goal that could not beat the best
    even here."""
    if how[0] == "explore":
        return 7.0
    if not goals:
        return 0.0
    at = goals.at
    best = at.get(dest)
    if best is not None:
        return best
    r, c = dest
    best = -math.inf
    for p, v in goals:
        if v <= best:
            break
        x = v - 1.0 * (abs(p[0] - r) + abs(p[1] - c))
        if x > best:
            best = x
    at[dest] = best
    return best


_GOOD_GOVERNMENT = {"Monarchy": 5, "Republic": 6, "Democracy": 7, "Communism": 4, "Feudalism": 3}


def _fall_back(game, s, d, rng):
    """The Pyramids gone: the best government his techs unlock, as a change of government weighs them."""
    key = pick([(_GOOD_GOVERNMENT.get(o.value, 0), o.key) for o in d.options], rng)
    because(f"{d.get(key).value} is the best government your techs unlock")
    return key


def _start(game, s, d, rng):
    scored = []
    for o in d.options:
        v = o.value
        head = v[0] if isinstance(v, tuple) else v
        if head == "found":
            scored.append((why(100 + _site_value(s, v[1]), lambda v=v: [
                (100.0, f"it founds a new city on {_sq(v[1])}"), (_site_value(s, v[1]), _yields(s, v[1]))]), o.key))
        elif head == "government":
            p = s.players[d.player]
            now = _GOOD_GOVERNMENT.get(p.government, 0)
            fresh = v[1] in p.fresh_governments or anarchy_immune(p)       # at once: no Anarchy
            gain = (_GOOD_GOVERNMENT.get(v[1], 0) - now) * (2 if fresh else 0.5)
            scored.append((why(gain - (0 if fresh else 3), lambda v=v, gain=gain, fresh=fresh, p=p: [
                (gain, f"{v[1]} {'beats' if gain > 0 else 'is worse than'} {p.government}"),
                None if fresh else (-3.0, "a round of Anarchy first")]), o.key))
        elif head == "gather":
            w = min(2.0, 0.5 * _worth(s.board.yields(v[1])))     # a square without icons adds nothing
            scored.append((why(w, lambda v=v, w=w: [(w or -0.1, f"{_sq(v[1])} adds "
                                                     f"{_icons_text(s.board.yields(v[1]))} to {_sq(v[2])}")]), o.key))
        elif head == "great_person":
            value, factors = _placing(game, s, d.player, v, 3.0)
            scored.append((why(value, factors), o.key))
        elif head == "card":
            scored.append((why(1.0, lambda: [(1.0, "a culture card's event")]), o.key))
        elif head == "ability":
            scored.append((why(4.0, lambda v=v: [(4.0, _ability_text(v[1], v[2]))]), o.key))
        else:
            scored.append((0.0, o.key))          # done
    because("nothing else is worth doing now")
    return pick(scored, rng)


def _city(game, s, d, rng):
    p = s.players[d.player]
    war = war_target(game, s, d.player) is not None
    field = sum(f.armies for f in s.board.figures.values() if f.owner == d.player)
    cities = sum(1 for c in s.board.cities.values() if c.owner == d.player)
    scouts_out = sum(f.scouts for f in s.board.figures.values() if f.owner == d.player)
    limit = D.BASE_CITY_LIMIT + (1 if "Irrigation" in p.techs else 0)
    want_scout = p.cities_left > 0 and cities + scouts_out < max(2, limit)
    scored = []
    city = s.steps[-1].todo[0]
    need = culture.cheapest_tech(p)
    # trade bought with production that leaves too little for this round's research costs a tech too
    short = need is not None and p.trade >= need[1]

    def spend(v) -> float:
        return 0.3 * v[2] + (3.0 if short and p.trade - v[2] < need[1] else 0.0)

    def cost(v) -> tuple[float, str] | None:
        if not v[2]:
            return None
        if short and p.trade - v[2] < need[1]:
            return -spend(v), f"it leaves {p.trade - v[2]} trade, a tech costs {need[1]}"
        return -spend(v), f"it costs {v[2]} trade too"
    around = None
    for o in d.options:
        v = o.value
        head = v[0]
        if head == "build":
            val = 20.0 if (v[1] == "scout" and want_scout) else (3.0 if v[1] == "army" and p.armies > 4 else -1.0)
            text = ("a scout to found another city" if val == 20.0 else "armies to spare in supply" if val == 3.0
                    else f"no {v[1]} needed now")
            if war and v[1] == "army" and field < 4:
                val, text = 11.0, "armies for the march on an enemy city"   # at war: armies for the march
            scored.append((why(val - spend(v), lambda v=v, val=val, text=text: [(val, text), cost(v)]), o.key))
        elif head in (BUILDING, WONDER, "free"):
            # where it would go weighs in (what it covers, an own structure it replaces): the placing
            # (``_place_structure``) takes the same square by the same measure
            kind = WONDER if head == WONDER else BUILDING
            if around is None:
                around = management.site_squares(game, s, d.player, city)
            site = _structure_site(game, s, d.player, city, kind, v[1], around)
            pos, net, icons, old = site if site is not None else (city, 0.0, 0.0, None)
            base = 15.0 if head == "free" else _BUILD[kind]
            noun = (f"the wonder {v[1]}" if kind == WONDER else f"a free {v[1]}" if head == "free"
                    else f"a {v[1]}")
            scored.append((why(base + net - spend(v), lambda v=v, base=base, noun=noun, pos=pos, net=net,
                               icons=icons, old=old: [
                (base + icons, f"it builds {noun} on {_sq(pos)}"),
                (net - icons, f"it replaces your {old.name}") if net < icons else None, cost(v)]), o.key))
        elif head == "culture":
            scored.append((why(6.0 + v[1], lambda v=v: [(6.0 + v[1], f"+{v[1]} culture toward the culture track")]),
                           o.key))
        elif head == "harvest":
            scored.append((why(4.0, lambda v=v: [(4.0, f"{v[1]} to spend on abilities")]), o.key))
        elif head == "walls":                     # worth it where an enemy army may come: the capital most
            pos = s.steps[-1].todo[0]
            threat = war or _enemy_army_near(s, d.player, pos, 6)
            worth = 8.0 if s.board.cities[pos].capital else 5.0
            w = worth * (1.0 if threat else 0.3)
            scored.append((why(w - 0.3 * D.CITY_WALLS_COST, lambda pos=pos, w=w, threat=threat: [
                (w, f"walls for the {'capital' if s.board.cities[pos].capital else 'city'}"
                    f"{', an enemy may come' if threat else ''}"),
                (-0.3 * D.CITY_WALLS_COST, f"walls cost {D.CITY_WALLS_COST} production")]), o.key))
        elif head == "unit":
            val = 10.0 if war and len(p.units) < 9 else -2.0
            scored.append((why(val - 0.2 * v[2], lambda v=v, val=val: [
                (val, f"{v[1]} for the war" if val > 0 else "no war to fight now"),
                (-0.2 * v[2], f"it costs {v[2]} trade too") if v[2] else None]), o.key))
        elif head == "ability" and v[2] != "city_production":
            scored.append((why(0.5, lambda: [(0.5, "an ability, little use here")]), o.key))
        else:                                     # cards and abilities that add production or culture
            scored.append((why(5.0, lambda: [(5.0, "it adds production or culture")]), o.key))
    return pick(scored, rng)


def _leader(game, s, me: int) -> int:
    """The other player furthest along his best road (as ``evaluate`` sees it)."""
    ev = evaluate(game, s)
    return max((q for q in range(s.n) if q != me), key=lambda q: ev[q])


def _spy(game, s, d, rng):
    """Cancel what the leader does, when it is a wonder, a building or an ability; else let it be."""
    step = s.steps[-1]
    big = any(w in step.what for w in ("wonder", "Build ", "uses "))
    lead = _leader(game, s, d.player)
    if step.by == lead and big:
        because(f"{_civ(s, lead)} leads: stop its big action")
        return d.options[0].key
    because(f"{_civ(s, step.by)} does not lead" if step.by != lead else "a small action: let it be")
    return "let"


def _freeze(game, s, d, rng):
    """Freeze the leader's scout that could found a city, if any; else nothing."""
    lead = _leader(game, s, d.player)
    for o in d.options:
        if o.value is not None and s.board.figures[o.value].owner == lead and s.board.figures[o.value].scouts:
            because(f"stops {_civ(s, lead)}'s scout founding a city")
            return o.key
    because(f"{_civ(s, lead)}, who leads, has no scout to stop")
    return "none"


def _second(game, s, d, rng):
    buys = [o for o in d.options if o.value is not None]
    if not buys:
        because("nothing worth buying")
        return "none"
    because("the best buy for the production left")
    return max(buys, key=lambda o: {"wonder": 12, "building": 9}.get(o.value[0], 2 if o.value[1] == "scout" else 0)).key


def _nuke(game, s, d, rng):
    lead = _leader(game, s, d.player)
    theirs = [o for o in d.options if s.board.cities[o.value].owner == lead]
    others = [o for o in d.options if s.board.cities[o.value].owner != d.player]
    because(f"{_civ(s, lead)} leads" if theirs else "the city of another player")
    return (theirs or others or d.options)[0].key


SACRIFICE = 8.0      # Russia: a figure given up in another player's city for one of his techs


def _value(game, s, player: int, goals: Goals, dest, how, armies: int) -> float:
    if how[0] == "attack":
        return attack_value(game, s, player, dest, armies)
    if how[0] == "sacrifice":
        return SACRIFICE
    return _dest_value(goals, dest, how)


def _choices(game, s, player: int, pos, what) -> list:
    """Where the figure may go, (square, how), in the order of its ``move_to`` options: the squares in
    order, then Russia's sacrifices."""
    out = sorted(movement.destinations(game, s, player, pos, what).items())
    return out + [o.value for o in movement.sacrifice_options(game, s, player, pos, what)]


def _dest_text(game, s, player: int, goals: Goals, dest, how, armies: int) -> str:
    """Why ``dest`` is worth going to, named (see :func:`_value`)."""
    if how[0] == "attack":
        return attack_text(game, s, player, dest, armies)
    if how[0] == "explore":
        return f"it explores the tile at {_sq(dest)}"
    if how[0] == "sacrifice":
        return f"it takes a tech from {_civ(s, s.board.cities[dest].owner)}'s city on {_sq(dest)}"
    return _goal_text(s, player, goals, dest)


def _best_dest(game, s, player: int, goals: Goals, dests: list, armies: int) -> str:
    """Why the figure is worth moving: its best destination named (``dests``: :func:`_choices`).  The
    first of equal ones, as the next step (``move_to``, whose options come in that order) takes it: one
    plan, the first step's reason the second's square."""
    x, how = max(dests, key=lambda xh: _value(game, s, player, goals, xh[0], xh[1], armies))
    return _dest_text(game, s, player, goals, x, how, armies)


def _move(game, s, d, rng):
    if d.kind == "move":
        opts = [o for o in d.options if o.value is not None and o.value[0] not in ("ability", "card")]
        if not opts:
            return "done"
        # the goals of the kinds of figure that may move (a group moves only to attack: no goals);
        # a scout's are the dear ones (every free city site)
        goals = {what: _goals(s, d.player, what)
                 for what in ("army", "scout") if any(o.value[0] == what for o in opts)}
        turn = s.steps[-1]
        best = []
        for o in opts:
            what, pos = o.value
            if what == "group":                  # all the free armies together: only worth it to attack
                armies = turn.free(s, pos)[0]
                if armies < 2:
                    continue
                dests = _choices(game, s, d.player, pos, (armies, 0))
                top = max((attack_value(game, s, d.player, x, armies) for x, how in dests
                           if how[0] == "attack"), default=0.0)
                best.append((why(top, lambda dests=dests, armies=armies, top=top: [(top, _best_dest(
                    game, s, d.player, Goals([]), [xh for xh in dests if xh[1][0] == "attack"] or dests,
                    armies))]), o.key))
                continue
            dests = _choices(game, s, d.player, pos, what)
            top = max((_value(game, s, d.player, goals[what], x, how, 1) for x, how in dests), default=0.0)
            here = _dest_value(goals[what], pos, ("move", None))
            best.append((why(top - here, lambda what=what, dests=dests, top=top, here=here: [
                (top - here, _best_dest(game, s, d.player, goals[what], dests, 1))]), o.key))
        if not best or max(v for v, _ in best) <= 0.5:
            because("no figure has a better square to go to")
            return "done"
        return pick(best, rng)
    step = s.steps[-1]
    armies, scouts = (1, 0) if step.what == "army" else (0, 1) if step.what == "scout" else step.what
    goals = _goals(s, d.player, "scout" if scouts else "army")
    opts = [o for o in d.options if o.value is not None]
    if not opts:
        return d.options[-1].key
    values = [_value(game, s, d.player, goals, o.value[0], o.value[1], armies) for o in opts]
    # the square the figure's pick named (``_best_dest``: the first best in the options' order, among the
    # attacks for a group) wins a tie, so the two steps keep one plan
    plain = list(range(len(opts)))
    if isinstance(step.what, tuple):
        plain = [i for i in plain if opts[i].value[1][0] == "attack"] or plain
    named = max(plain, key=lambda i: values[i], default=None)
    lo = min(values)           # a factor's weight: how much better than the worst square (never 0)
    scored = [(why(v, lambda o=o, v=v: [
        (v - lo + 0.1, _dest_text(game, s, d.player, goals, o.value[0], o.value[1], armies))]), o.key)
              for o, v in zip(opts, values)]
    return _pick_named(scored, rng, None if named is None else opts[named].key)


# What a tech brings that its other factors (``_research``) do not name, for those with nothing to
# unlock or raise (``_tech_gain``).
_TECH_GAINS = {"Animal Husbandry": "wheat buys a city 3 production",
               "Civil Service": "a spy may cancel a culture event", "Irrigation": "room for a third city",
               "Steam Power": "your figures may go to sea", "Atomic Theory": "an extra action for every city",
               "Computers": "hands grow with your coins", "Mass Media": "nobody may cancel your culture",
               "Space Flight": "the last tech"}


def _many(building: str) -> str:
    """A building's name in the plural."""
    return {"Granary": "Granaries", "Library": "Libraries", "University": "Universities", "Academy": "Academies",
            "Barracks": "Barracks"}.get(building, building + "s")


def _tech_gain(t: Any) -> str:
    """What researching ``t`` gives the player now, short: what it unlocks or raises."""
    out = []
    if t.building:
        out.append(f"the {t.building}")
    if t.upgrade:
        basic = D.BUILDING_INDEX[t.upgrade].basic or t.upgrade
        out.append(f"{_many(t.upgrade)} for your {_many(basic)}")
    if t.government:
        out.append(t.government)
    if t.unit:
        kind, rank = t.unit
        out.append("aircraft" if kind == D.AIRCRAFT else f"{D.UNIT_TYPE_INDEX[kind].ranks[rank - 1]} units")
    if t.speed:
        out.append(f"moves of {t.speed} squares")
    if t.stacking:
        out.append(f"stacks of {t.stacking}")
    if t.city_walls:
        out.append("city walls")
    if t.water and not t.speed:
        out.append("crossing water")
    if t.coin_slots and len(out) < 2:
        out.append("a card to hold coins")
    if not out:
        return _TECH_GAINS.get(t.name, t.abilities[0].text.rstrip('.').lower() if t.abilities else "little else")
    text = out[0] if len(out) == 1 else f"{out[0]}, {out[1]}"
    return text if len(text) <= 28 else out[0]


def _research(game, s, d, rng):
    """The dearest tech (highest level) it can afford, culture hand, coins and cities on top.  A reason
    names what sets the tech apart from the other options: its level where the levels differ, else what
    it unlocks, never a property all of them share."""
    war = war_target(game, s, d.player) is not None     # at war: bigger stacks and better units first
    scored = []
    levels = {D.TECH_INDEX[o.value].level for o in d.options if o.value is not None}
    top, low = max(levels, default=0), min(levels, default=0)
    for o in d.options:
        if o.value is None:
            scored.append((why(0.0, lambda: [(-1.0, "no tech this round")]), o.key))
            continue
        t = D.TECH_INDEX[o.value]
        bonus = 3 * t.culture_hand + 2 * t.coins + (4 if t.city_limit else 0) + (50 if o.value == D.SPACE_FLIGHT else 0)
        if war and (t.stacking or t.unit):
            bonus += 15
        scored.append((why(10 * t.level + bonus, lambda o=o, t=t: [
            # what it gives, and its level where the options' levels differ (a dearer tech is a step up
            # the pyramid toward Space Flight)
            (10.0 * t.level, (f"it unlocks {_tech_gain(t)}" if t.building or t.government or t.unit or t.upgrade
                              or t.speed or t.stacking or t.water else _tech_gain(t)) if top == low
             else f"level {t.level}: {_tech_gain(t)}"),
            (3.0 * t.culture_hand, "a bigger culture hand"),
            (2.0 * t.coins, f"{t.coins} coin{'s' if t.coins > 1 else ''} on it"),
            (4.0, "one more city") if t.city_limit else None,
            (50.0, "Space Flight wins the game") if o.value == D.SPACE_FLIGHT else None,
            (15.0, "stronger armies for war") if war and (t.stacking or t.unit) else None]), o.key))
    return pick(scored, rng)


def _answer(game, s, d, rng):
    step = s.steps[-1]

    def worth(goods: dict) -> float:
        return sum(n * (1.0 if k == "trade" else 1.5 if k == "culture" else 4.0) for k, n in goods.items())
    give, ask = worth(step.give), worth(step.ask)
    because("you get more than you give" if give > ask + 1 else "it gives too little for what it asks")
    return "accept" if give > ask + 1 else "refuse"


def _culture(game, s, d, rng):
    """Climb whenever it can pay; place great people (and a destroyed city's pieces) from reserve, the
    best placed first (:func:`_placing`); then done."""
    keys = d.keys()
    if "climb" in keys:
        because("each step up the culture track nears victory")
        return "climb"
    gp = [o for o in d.options if o.key.startswith(("great_person", "reserve"))]
    if not gp:
        because("you cannot pay to climb the culture track")
        return "done"
    scored = []
    for o in gp:
        value, factors = _placing(game, s, d.player, o.value, 3.0)
        scored.append((why(value, factors), o.key))
    return pick(scored, rng)


def _placing(game, s, player: int, v: tuple, base: float) -> tuple[float, Callable[[], list]]:
    """A great person (or a piece from reserve, ``v[3]`` its kind) placed by the city ``v[2]``: ``base``
    and its best square's :func:`_cover` value, as the placing will weigh it; with its factors."""
    kind = v[3] if len(v) > 3 else GREAT_PERSON
    site = _structure_site(game, s, player, v[2], kind, v[1])
    pos, net, icons, old = site if site is not None else (v[2], 0.0, 0.0, None)

    def factors() -> list:
        return [(base + max(icons, 0.0), f"it places {v[1]} on {_sq(pos)}"),
                (net - icons, f"it replaces your {old.name}") if old is not None and net < icons else None,
                (icons, f"it covers {_icons_text(s.board.yields(pos))}") if icons < 0 else None]
    return base + net, factors


def _ability_text(source: str, tag: str) -> str:
    """What an ability of a tech or wonder does, short (a reason's words)."""
    card = D.TECH_INDEX.get(source) or D.WONDER_INDEX.get(source)
    ab = next((a for a in card.abilities if a.tag == tag), None) if card is not None else None
    if ab is None:
        return f"{source}'s ability"
    return cut_words(f"{source}: {ab.text[0].lower()}{ab.text[1:].rstrip('.')}", 60)


def _walls(game, s, d, rng):
    """The Great Wall's free walls: where an enemy army may come (one within 6 squares, or at war), the
    capital most, as for walls bought in the city action; on a tie the city the nearest enemy army is
    closest to."""
    war = war_target(game, s, d.player) is not None
    enemies = [x for x, f in s.board.figures.items() if f.owner != d.player and f.armies]
    scored = []
    for o in d.options:
        pos = o.value
        near = min((abs(x[0] - pos[0]) + abs(x[1] - pos[1]) for x in enemies), default=20)
        threat = war or near <= 6
        worth = 8.0 if s.board.cities[pos].capital else 5.0
        scored.append((why(worth * (1.0 if threat else 0.3) + 0.05 * (20 - min(near, 20)),
                           lambda pos=pos, worth=worth, threat=threat, near=near: [
            (worth * (1.0 if threat else 0.3), f"walls for the {'capital' if s.board.cities[pos].capital else 'city'}"
                                               f"{', an enemy may come' if threat else ''}"),
            (0.05 * (20 - min(near, 20)), f"enemy army {near} squares off") if near < 20 else None]),
                        o.key))
    return pick(scored, rng)


def _gift(game, s, d, rng):
    """A coin or trade for another player (A Gift from Afar, Horseback Riding): the one furthest behind."""
    ev = evaluate(game, s)
    key = pick([(-ev[o.value], o.key) for o in d.options], rng)
    because(f"{_civ(s, d.get(key).value)} is furthest behind")
    return key


_HELPS = {"forest_to_grassland"}       # culture cards whose target gains (the others hurt it)


def _card_target(game, s, d, rng):
    """A culture card's target.  A harmful card (anarchy, a building destroyed, figures killed or moved,
    a square spoiled, barbarians): the leader's figures, buildings, cities or worked squares, else another
    player's, never its own; a village nearest the leader's cities.  Deforestation: a square its own city
    works.  A tech swap (each learns one of the other's techs): the player with the best tech to learn,
    the leader least.  "No more targets" only when nothing worth it is left."""
    step = s.steps[-1]
    ability = D.CULTURE_CARD_INDEX[step.card].ability
    tag = ability.tag
    me, lead = d.player, _leader(game, s, d.player)
    theirs = [c for c, x in s.board.cities.items() if x.owner == lead]
    scored = []
    because("no target left is worth it")
    for o in d.options:
        t = o.value
        if t is None:
            scored.append((0.0, o.key))
            continue
        if tag == "tech_swap":
            best = max((D.TECH_INDEX[x].level for x in cards.swappable(game, s, me, t, ability.amount)), default=0)
            scored.append((why(best - (1.5 if t == lead else 0.0), lambda t=t, best=best: [
                (float(best), f"you learn a level {best} tech from {_civ(s, t)}"),
                (-1.5, f"{_civ(s, t)} leads and learns one too") if t == lead else None]), o.key))
            continue
        q = cards.aimed_at(game, s, step.card, t)
        if tag in _HELPS:
            v = 2.0 if q == me else 0.2 if q is None else -1.0
        elif q is None:                   # a square nobody works, a village: near the leader's cities
            pos = t[:2]
            v = 1.0 - 0.02 * min((abs(c[0] - pos[0]) + abs(c[1] - pos[1]) for c in theirs), default=40)
        else:
            v = -3.0 if q == me else 3.0 if q == lead else 2.0
        scored.append((why(v, lambda v=v, q=q: [(v, _card_text(s, me, lead, q, v, tag in _HELPS))]), o.key))
    return pick(scored, rng)


def _card_text(s, me: int, lead: int, q, v: float, helps: bool) -> str:
    """Why a culture card's target is worth it (see :func:`_card_target`)."""
    if helps:
        return "your own city gains" if q == me else "nobody's city gains" if q is None else "another player gains"
    if q is None:
        return f"close to {_civ(s, lead)}'s cities"
    if q == me:
        return "it would hurt you"
    return f"it hurts {_civ(s, q)}{', who leads' if q == lead else ''}"


def _pick_named(scored: list, rng: random.Random, named: str | None) -> str:
    """:func:`pick`, but among equal best options the ``named`` one: the square a plan's earlier step
    named (its reason), so the next step keeps to it.  The scores stay as they are: equal options stay
    equal, and choosing another of them is no mistake."""
    key = pick(scored, rng)
    if named is None or key == named:
        return key
    score = {k: v for v, k in scored}
    return named if score[named] >= score[key] - 1e-9 else key


def _place_figure(game, s, d, rng):
    """A new or starting figure: on the square nearest its goals, as it would walk there (:func:`_goals`:
    a scout toward a city site or the unexplored tiles, an army toward a hut or those tiles)."""
    what = s.steps[-1].what
    goals = _goals(s, d.player, what)
    if not goals:
        because(f"no {'city site' if what == 'scout' else 'hut'} or unexplored tile to head for: any square")
    return pick([(why(_dest_value(goals, o.value, _MOVE), lambda o=o: [
        (_dest_value(goals, o.value, _MOVE) + 20.0, _goal_text(s, d.player, goals, o.value))] if goals else []),
                   o.key) for o in d.options], rng)


_MOVE = ("move", None)


def _place_structure(game, s, d, rng):
    """A building, wonder or great person: on the square where it covers least of what the city has (an
    own structure there counts what it was worth): :func:`_structure_site`, as the city action weighed
    it, so the hint for the purchase and for its square agree."""
    step = s.steps[-1]
    sites = [o.value for o in d.options]
    best = _structure_site(game, s, d.player, step.city, step.what, step.name, sites=sites)
    vals = {n: _cover(s, d.player, n, step.what, step.name) for n in sites}
    low = min(v for v, _, _ in vals.values())
    scored = []
    named = None
    for o in d.options:
        n = o.value
        v, icons, old = vals[n]
        if best is not None and n == best[0]:
            named = o.key             # the first of equal squares, as the city action's reason named it
        scored.append((why(v, lambda n=n, v=v, icons=icons, old=old: _cover_factors(
            s, step.name, n, v, icons, old, low)), o.key))
    return _pick_named(scored, rng, named)


def _no_trade(game, s, d, rng):
    """No offers: a swap another player accepts (``_answer``) gives him more than he gives, so an offer
    could only cost; research needs the trade kept."""
    if explaining():
        p = s.players[d.player]
        level = max((lv for _, lv in culture.researchable(game, s, d.player)), default=0)
        if level:
            because(f"your {p.trade} trade buys a level {level} tech: keep it")
        else:
            because("the others accept only swaps that give them more")
    return "done"


def _withdraw(game, s, d, rng):
    """As :func:`_no_trade`: what the other player would accept costs more than it brings."""
    if explaining():
        because(f"{_civ(s, s.steps[-1].to)} accepts only if you give more than you get")
    return "withdraw"


def _cancel(game, s, d, rng):
    because("an event against you is best stopped")
    return d.keys()[0]


def _hut(game, s, d, rng):
    because("a resource is always of use")    # a resource is always of use
    return "take"


_HANDLERS = {"start": _start, "city": _city, "move": _move, "move_to": _move, "research": _research,
             "answer": _answer, "trade": _no_trade, "offer": _withdraw,
             "culture": _culture, "cancel": _cancel, "spy": _spy, "freeze": _freeze,
             "second_purchase": _second, "nuke": _nuke, "walls": _walls, "gift": _gift, "fall_back": _fall_back,
             "card_target": _card_target, "hut": _hut,
             "tech_swap": _research,     # a free tech: the one research would pick
             "place_start": _place_figure, "place_figure": _place_figure, "place_structure": _place_structure,
             **WAR_HANDLERS}

HANDLED_KINDS = frozenset(_HANDLERS)
# Kinds the easy bot picks at random (``choose`` below), each with why that is good enough for now:
RANDOM_FALLBACK = frozenset({
    "discard",        # a culture card over the hand limit: it weighs no culture card against another
    "displace",       # where another player's displaced figures go: it plans nothing around them
    "free_figure",    # the Hanging Gardens' free army or scout: both serve it
    "give_cards",     # which culture cards an accepted offer asked for: it weighs no card against another
    "loot_resource",  # which of the loser's resources: they are worth the same to it
    "obsolete",       # Monarchy, Gunpowder: it has no judgement of another player's wonders yet
    "pay",            # which resource pays for an ability: they are worth the same to it
    "resource",       # Germany's resource from the market: they are worth the same to it
    "sea_from",       # Steam Power (it seldom uses it): which figures go to sea
    "sea_to",         # and to which water square
})


def choose(game: Game, state: Any, decision: Decision, rng: random.Random) -> str:
    return dispatch(_HANDLERS, game, state, decision, rng)


class _NextRound:
    """The hard bot's playouts stop at the same phase of a later round (or the game's end), so every
    choice at the root is judged after the same stretch of game: a city's build, a tech and a move
    alike.  One round with three or four players; two with two, whose rounds are half as long."""

    __slots__ = ("round", "phase", "horizon")

    def __init__(self, s: Any) -> None:
        self.round = s.round + (2 if s.n == 2 else 1)
        self.phase = D.PHASES.index(s.phase) if s.phase in D.PHASES else 0
        self.horizon = HORIZON_CAP

    def done(self, s: Any) -> bool:
        return s.round > self.round or (s.round == self.round and s.phase in D.PHASES
                                        and D.PHASES.index(s.phase) >= self.phase)


HORIZON_CAP = 300       # choices: a round of four players is about 50 to 110 of them, of two 20 to 35


def horizon(game: Game, state: Any, decision: Decision) -> _NextRound:
    return _NextRound(state)


# The share of the search's budget by kind of decision: the choices that shape a round (research,
# a city's action, culture and movement) get it all; placing, hut finds and spies a quarter; trade
# (whose offers the playouts withdraw at once) none: the policy's pick.
_SHARE = {"research": 1.0, "city": 1.0, "culture": 0.5, "move": 0.5, "move_to": 0.5, "start": 0.5,
          "place_structure": 0.25, "place_figure": 0.25, "place_start": 0.25, "hut": 0.25, "spy": 0.25,
          "card_target": 0.5, "trade": 0.0, "offer": 0.0, "answer": 0.25}


def budget_share(game: Game, state: Any, decision: Decision) -> float:
    if decision.kind.startswith("battle"):
        return 1.0
    return _SHARE.get(decision.kind, 0.25)


def candidates(game: Game, state: Any, decision: Decision) -> list[str] | None:
    """The options the hard bot's search weighs: never an offer.  Its playouts are this policy's,
    which withdraws every offer at once, so to the search an offer was "done" with two choices fewer
    left of its 20-choice look-ahead; in paired rounds that small, steady difference passed the
    verdict, and the bot started and withdrew its three offers in 3 of the first 8 rounds of a
    two-player game (seed 1012), the other player waiting through each search.  Elsewhere None:
    the search's own choice."""
    if decision.kind == "trade":
        return [o.key for o in decision.options if not o.key.startswith("offer:")]
    if decision.kind == "offer":
        return ["withdraw"]
    return None
