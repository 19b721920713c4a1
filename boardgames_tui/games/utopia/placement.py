"""Utopia's phase 1 and the building of wonders and monuments (phases 1 and 2).

* :class:`PickGuest`: take a displayed guest (or draw one from the bag, once a round);
* :class:`Place`: the prince for that guest, in a district of its island;
* :class:`Build`: after a placement, wonders and monuments, then ``done``;
  :class:`WonderPrince`: which prince of a people goes back for a wonder;
* :class:`NamePlayer`: after a bag draw, who takes a guest out of turn;
* :class:`EndPick`: the pick is over (the next one is the round's: ``UtopiaGame._next_pick``).

Building is shared with phase 2, where wonders and monuments are options of the
:class:`~.actions.Play` turn: :func:`build_options`, :func:`why_build` and :func:`build`.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, ClassVar

from ...engine.core import Option
from ...engine.steps import Auto, key, log, parse_key
from . import data as D
from .data import (
    DISTRICTS, ISLAND_DISTRICTS, ISLAND_NAMES, ISLANDS, N_GUEST_TYPES, N_PEOPLES, PEOPLE_NAMES, PEOPLES,
    PRINCES_PER_PEOPLE, WONDER_BONUS, WONDER_POINTS,
)
from .state import (
    _BACK, _DISTRICT_OPT, _DNAME, _PEOPLE, A_PEOPLE, GAIN_BONUS, GAIN_WONDER, ISLAND_OF, UtopiaState, UtopiaStep,
)

if TYPE_CHECKING:
    from .rules import UtopiaGame

# Option objects that never change are built once (see state.py).
_DONE_BUILD = Option("done", "Done (build nothing more)")
_DRAW = Option("draw", "Draw a guest from the bag (once per round)", ("bag",))
_ISLAND_DISTRICT_OPT = tuple(tuple(_DISTRICT_OPT[d] for d in ds) for ds in ISLAND_DISTRICTS)
_GUEST_OPT = tuple(Option(key("guest", ISLANDS[t // N_PEOPLES], PEOPLES[t % N_PEOPLES]), D.guest_label(t),
                          ("guest", t // N_PEOPLES, t % N_PEOPLES), t)
                   for t in range(N_GUEST_TYPES))
_WONDER_OPT = tuple(Option(key("wonder", ISLANDS[i]), f"Build a wonder on {ISLAND_NAMES[i]} (+{WONDER_POINTS})",
                           ("island", i), ("wonder", i)) for i in range(len(ISLANDS)))
_MONUMENT_OPT = tuple(tuple(Option(key("monument", d.name, PEOPLES[x]),
                                   f"Build {A_PEOPLE[x]} monument in {d.name}", ("district", d.id),
                                   ("monument", d.id, x))
                            for x in _PEOPLE) for d in DISTRICTS)


# Every decision step is a UtopiaStep, with ``tag``.  Steps
# of phase 1 carry ``by``: -1 normally, the drawer's seat when the player was
# named to take a guest out of turn.
class PickGuest(UtopiaStep):
    """Take a displayed guest (or, once per round and not out of turn, draw one)."""
    by: int = -1
    tag: ClassVar[str] = "pick"

    @property
    def kind(self) -> str:
        return "extra_guest" if self.by >= 0 else "guest"

    @property
    def private(self) -> bool:
        return self.by >= 0

    def prompt(self, g: UtopiaGame, s: UtopiaState) -> str:
        if self.by >= 0:
            return f"{s.names[self.player]}: take a guest out of turn (named by {s.names[self.by]})"
        return f"{s.names[self.player]}: take a guest and place a prince on its island"

    def options(self, g: UtopiaGame, s: UtopiaState) -> list[Option]:
        sup = s.supply[self.player]
        opts = [_GUEST_OPT[t] for t, c in enumerate(s.display) if c and sup[t % N_PEOPLES]]
        if self.by < 0 and can_draw(s, self.player):
            opts.append(_DRAW)
        return opts

    def apply(self, g: UtopiaGame, s: UtopiaState, o: Option) -> None:
        p = self.player
        if o.key == "draw":
            t = draw_guest(s)
            s.drew[p] = True
            s.kept[p][t] += 1
            log(s, f"{s.names[p]} draws a guest from the bag: {D.guest_label(t)}.")
            s.steps.append(Place(p, t, drawn=True))
        else:
            s.steps.append(Place(p, o.value, by=self.by))

    def why_illegal(self, g: UtopiaGame, s: UtopiaState, k: str) -> str | None:
        p = self.player
        if k == "draw":
            if self.by >= 0:
                return "a player named to take a guest out of turn may not draw from the bag"
            if s.drew[p]:
                return "you may draw a guest from the bag only once per round"
            if not sum(s.bag):
                return "the bag is empty"
            if not all(s.supply[p]):
                return ("to draw from the bag you need a prince of every people in your supply "
                        "(the drawn guest must be placeable)")
            return None
        head, isl, people = parse_key(k, str, str)
        if head != "guest":
            return None
        t = D.ISLAND_INDEX[isl] * N_PEOPLES + D.PEOPLE_INDEX[people]
        if not s.display[t]:
            return f"no {D.guest_label(t)} is on display"
        if not s.supply[p][t % N_PEOPLES]:
            return f"you have no {PEOPLE_NAMES[t % N_PEOPLES]} prince left to place for that guest"
        return None


class Place(UtopiaStep):
    """Place a prince for the guest taken (or drawn) in a district of its island."""
    guest: int
    drawn: bool = False
    by: int = -1
    kind: ClassVar[str] = "place"
    tag: ClassVar[str] = "place"

    @property
    def private(self) -> bool:
        return self.by >= 0

    def prompt(self, g: UtopiaGame, s: UtopiaState) -> str:
        t = self.guest
        return (f"{s.names[self.player]}: place {A_PEOPLE[t % N_PEOPLES]} prince on "
                f"{ISLAND_NAMES[t // N_PEOPLES]}")

    def options(self, g: UtopiaGame, s: UtopiaState) -> list[Option]:
        opts = list(_ISLAND_DISTRICT_OPT[self.guest // N_PEOPLES])
        if not self.drawn:
            opts.append(_BACK)
        return opts

    def apply(self, g: UtopiaGame, s: UtopiaState, o: Option) -> None:
        p = self.player
        if o.key == "back":
            s.steps.append(PickGuest(p, self.by))
            return
        dist = o.value
        t = self.guest
        x = t % N_PEOPLES
        s.supply[p][x] -= 1
        s.princes[dist][p][x] += 1
        if not self.drawn:
            s.display[t] -= 1
            s.kept[p][t] += 1
        how = "the drawn guest" if self.drawn else "a guest"
        extra = " out of turn" if self.by >= 0 else ""
        log(s, f"{s.names[p]} takes {how}{extra} ({D.guest_label(t)}) and places "
               f"{A_PEOPLE[x]} prince in {_DNAME[dist]}.")
        # what follows the pick (and any building after it)
        if self.drawn:
            s.steps.append(NamePlayer(p))
        else:
            s.steps.append(EndPick(self.by if self.by >= 0 else p))
        s.steps.append(Build(p, self.by, t if self.drawn else -1))


class Build(UtopiaStep):
    """After a placement in phase 1: wonders and monuments, then ``done``.
    With nothing to build the step has no options and is skipped."""
    by: int = -1
    drawn: int = -1              # the guest drawn from the bag (still shown as selected)
    kind: ClassVar[str] = "build"
    may_be_empty: ClassVar[bool] = True
    tag: ClassVar[str] = "build"

    @property
    def private(self) -> bool:
        return self.by >= 0

    def prompt(self, g: UtopiaGame, s: UtopiaState) -> str:
        return f"{s.names[self.player]}: build a wonder or a monument?"

    def options(self, g: UtopiaGame, s: UtopiaState) -> list[Option]:
        opts = build_options(s, self.player)
        if opts:
            opts.append(_DONE_BUILD)
        return opts

    def apply(self, g: UtopiaGame, s: UtopiaState, o: Option) -> None:
        if o.key == "done":
            return
        s.steps.append(self)  # asks again after building (skipped when nothing is left)
        build(g, s, self.player, o.value, self)

    def why_illegal(self, g: UtopiaGame, s: UtopiaState, k: str) -> str | None:
        return why_build(s, self.player, k)


class WonderPrince(UtopiaStep):
    """Which prince of people ``len(picks)`` leaves for the wonder on ``island``."""
    island: int
    picks: tuple = ()            # districts chosen so far, one per people 0, 1, ...
    by: int = -1
    drawn: int = -1
    in_cards: bool = False       # built during a phase-2 turn
    kind: ClassVar[str] = "wonder_prince"
    tag: ClassVar[str] = "wonder_prince"

    @property
    def private(self) -> bool:
        return self.in_cards or self.by >= 0

    def prompt(self, g: UtopiaGame, s: UtopiaState) -> str:
        return (f"{s.names[self.player]}: which {PEOPLE_NAMES[len(self.picks)]} prince goes back for the wonder "
                f"on {ISLAND_NAMES[self.island]}?")

    def options(self, g: UtopiaGame, s: UtopiaState) -> list[Option]:
        opts = [_DISTRICT_OPT[d] for d in wonder_sources(s, self.player, self.island, len(self.picks))]
        opts.append(_BACK)
        return opts

    def apply(self, g: UtopiaGame, s: UtopiaState, o: Option) -> None:
        if o.key == "back":
            return  # the build (or play) step below decides again
        wonder_progress(g, s, self, self.picks + (o.value,))


class NamePlayer(UtopiaStep):
    """After a bag draw: name the player who takes a guest out of turn."""
    kind: ClassVar[str] = "name"
    tag: ClassVar[str] = "name"
    private: ClassVar[bool] = False

    def prompt(self, g: UtopiaGame, s: UtopiaState) -> str:
        return f"{s.names[self.player]}: name a player who must take a guest out of turn"

    def options(self, g: UtopiaGame, s: UtopiaState) -> list[Option]:
        return [Option(key("player", q), s.names[q], ("player", q), q) for q in range(s.n) if q != self.player]

    def apply(self, g: UtopiaGame, s: UtopiaState, o: Option) -> None:
        p, q = self.player, o.value
        log(s, f"{s.names[p]} names {s.names[q]}, who must take a guest out of turn.")
        if can_take_any(s, q):
            s.steps.append(PickGuest(q, p))  # its placement ends the drawer's pick (EndPick)
        else:
            log(s, f"{s.names[q]} has no prince for any guest on display and skips the extra pick.")
            s.steps.append(EndPick(p))


class EndPick(Auto):
    """``player``'s pick of this go-around is over: on to the next pick."""
    player: int

    def run(self, g: UtopiaGame, s: UtopiaState) -> None:
        s.acted[self.player] = True
        g._next_pick(s)


# ------------------------------------------------------------------ what a player may take and build
def can_take(s: UtopiaState, p: int, t: int) -> bool:
    return s.display[t] > 0 and s.supply[p][t % N_PEOPLES] > 0


def can_take_any(s: UtopiaState, p: int) -> bool:
    sup = s.supply[p]
    d = s.display  # guest type island * 5 + people, 4 islands
    for x in _PEOPLE:
        if sup[x] and (d[x] or d[x + 5] or d[x + 10] or d[x + 15]):
            return True
    return False


def can_draw(s: UtopiaState, p: int) -> bool:
    """Bag draw: once per round, bag not empty, and (house) a prince of every people in supply."""
    return (not s.drew[p] and s.n > 1 and sum(s.bag) > 0 and sum(s.display) > 0
            and all(s.supply[p]))


def wonder_islands(s: UtopiaState, p: int) -> list[int]:
    sup = s.supply[p]
    if s.bases[p] <= 0 or PRINCES_PER_PEOPLE in sup:  # a people with no prince on the board
        return []
    out = []
    princes = s.princes
    for i, ds in enumerate(ISLAND_DISTRICTS):
        if s.wonder_owner[i] >= 0 or not s.open_islands[i]:
            continue
        rows = [princes[d][p] for d in ds]
        for x in _PEOPLE:
            for row in rows:
                if row[x]:
                    break
            else:
                break  # no prince of people x on the island
        else:
            out.append(i)
    return out


def monument_sites(s: UtopiaState, p: int) -> list[tuple[int, int]]:
    if s.bases[p] <= 0:
        return []
    sup = s.supply[p]
    left = s.monuments_left
    # peoples with 3 princes on the board and a monument left to build
    xs = [x for x in _PEOPLE if sup[x] <= PRINCES_PER_PEOPLE - 3 and left[x] > 0]
    if not xs:
        return []
    mon = s.mon_people
    # district by district, people by people (a closed district holds no princes)
    return [(d, x) for d, rows in enumerate(s.princes) if mon[d] < 0 for x in xs if rows[p][x] >= 3]


def build_options(s: UtopiaState, p: int) -> list[Option]:
    opts = [_WONDER_OPT[i] for i in wonder_islands(s, p)]
    opts.extend(_MONUMENT_OPT[d][x] for d, x in monument_sites(s, p))
    return opts


def why_build(s: UtopiaState, p: int, k: str) -> str | None:
    """Why a refused ``monument:<district>:<people>`` or ``wonder:<island>`` key cannot be built
    (None for another key)."""
    try:
        head, dn, people = parse_key(k, str, str)
    except ValueError:
        head, isl = parse_key(k, str)
        if head != "wonder":
            return None
        i = D.ISLAND_INDEX[isl]
        if s.wonder_owner[i] >= 0:
            return f"{ISLAND_NAMES[i]} already has its wonder"
        if not s.open_islands[i]:
            return f"the {ISLAND_NAMES[i]} island is closed in this game"
        rows = [s.princes[d][p] for d in ISLAND_DISTRICTS[i]]
        if not all(any(row[x] for row in rows) for x in _PEOPLE):
            return f"a wonder needs one of your princes of each of the 5 peoples on {ISLAND_NAMES[i]}"
        if s.bases[p] <= 0:
            return "you have no base left"
        return None
    if head == "monument":
        dist, x = D.DISTRICT_INDEX[dn], D.PEOPLE_INDEX[people]
        if s.mon_people[dist] >= 0:
            return f"{dn} already has a monument (one per district)"
        if s.princes[dist][p][x] < 3:
            return f"a monument needs 3 of your {PEOPLE_NAMES[x]} princes in {dn}"
        if s.bases[p] <= 0:
            return "you have no base left"
    return None


def build(g: UtopiaGame, s: UtopiaState, p: int, what: tuple, step: UtopiaStep) -> None:
    """Carry out a build option (``("wonder", island)`` or ``("monument", district, people)``)
    chosen in ``step`` (a :class:`Build` or the :class:`~.actions.Play` turn)."""
    if what[0] == "monument":
        build_monument(g, s, p, what[1], what[2])
        return
    if isinstance(step, Build):
        template = WonderPrince(p, what[1], (), step.by, step.drawn, False)
    else:
        template = WonderPrince(p, what[1], (), in_cards=True)
    wonder_progress(g, s, template, ())


def wonder_sources(s: UtopiaState, p: int, island: int, x: int) -> list[int]:
    princes = s.princes
    return [d for d in ISLAND_DISTRICTS[island] if princes[d][p][x]]


def wonder_progress(g: UtopiaGame, s: UtopiaState, step: WonderPrince, picks: tuple) -> None:
    """Pick one prince of each people on the island; a people found in one
    district only is taken at once.  Asks (pushes ``step`` with ``picks``)
    at the first people with a choice, else builds the wonder."""
    p, isl = step.player, step.island
    while len(picks) < N_PEOPLES:
        src = wonder_sources(s, p, isl, len(picks))
        if len(src) > 1:
            s.steps.append(WonderPrince(p, isl, picks, step.by, step.drawn, step.in_cards))
            return
        picks += (src[0],)
    build_wonder(g, s, p, isl, picks)


def build_wonder(g: UtopiaGame, s: UtopiaState, p: int, isl: int, picks: tuple) -> None:
    for x, dist in enumerate(picks):
        s.princes[dist][p][x] -= 1
        s.supply[p][x] += 1
    s.wonder_owner[isl] = p
    s.bases[p] -= 1
    log(s, f"{s.names[p]} builds a wonder on {ISLAND_NAMES[isl]} with princes from "
           + ", ".join(f"{_DNAME[dist]} ({PEOPLE_NAMES[x]})" for x, dist in enumerate(picks)) + ".")
    g._gain(s, p, WONDER_POINTS, "wonder", GAIN_WONDER)


def build_monument(g: UtopiaGame, s: UtopiaState, p: int, dist: int, x: int) -> None:
    s.princes[dist][p][x] -= 3
    s.supply[p][x] += 3
    s.mon_people[dist] = x
    s.mon_owner[dist] = p
    s.monuments_left[x] -= 1
    s.bases[p] -= 1
    log(s, f"{s.names[p]} dominates {_DNAME[dist]}: 3 {PEOPLE_NAMES[x]} princes make way "
           f"for {A_PEOPLE[x]} monument.")
    isl = ISLAND_OF[dist]
    w = s.wonder_owner[isl]
    if w >= 0:
        g._gain(s, w, WONDER_BONUS[isl], f"wonder bonus on {ISLAND_NAMES[isl]}", GAIN_BONUS)


def draw_guest(s: UtopiaState) -> int:
    """One guest out of the bag, at random through the state's rng (counted)."""
    r = s.rng.randrange(sum(s.bag))
    for t, c in enumerate(s.bag):
        if r < c:
            s.bag[t] -= 1
            return t
        r -= c
    raise AssertionError("bag count out of step")  # pragma: no cover
