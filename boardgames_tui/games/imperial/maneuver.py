"""Imperial's maneuver: the sub-game on the step stack that a power plays on a Maneuver space.

:func:`start_maneuver` (from ``rules._move``) pushes :class:`EndManeuver` and the first
:class:`Maneuver` decision; the steps are:

* :class:`Maneuver`: a fleet to move (fleets first), then, in the armies phase, an army to move, a
  battle against foreign units where the power's units stand, a change of its armies' status in a
  foreign home province, a factory to destroy, or the end of the phase;
* :class:`Destination`: where the picked unit goes (a fleet: a neighbouring sea; an army: by land, by
  railway through its own home provinces, or by sea in a convoy), then :class:`Arrive`;
* :class:`Arrive` -> :class:`Contest` (a battle, or peace) -> :class:`AfterPeace` -> :class:`Declare`
  (hostile or friendly, entering a foreign home province) and :class:`AskDemands` -> :class:`Demand`
  (the other powers there may demand a battle);
* :class:`EndManeuver` (auto): the flags (:func:`place_flags`), and the per-maneuver marks cleared.

The state's ``moved``, ``moved_kind``, ``convoy_used`` and ``flipped`` are this sub-game's marks.
Functions take ``(game, state, ...)`` where they log or ask the game (``blocked``, ``protected``,
``unoccupied_factories``); the game's rules module imports this one, never the other way round.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, ClassVar

from ...engine.core import Option
from ...engine.steps import Auto, key, key_head, log
from .base import ARMIES_PHASE, ARMY, BACK, FLEET, FLEETS_PHASE, PowerStep
from .data import (
    DESTROY_ARMIES, FLAG_REGIONS, FLAGS_PER_POWER, IS_HOME, IS_SEA, LAND_NEIGHBOURS, N_POWERS, N_REGIONS, OWNER,
    PORT_SEA, POWER_NAMES, POWERS, RAIL_NEIGHBOURS, REGION_KEYS, REGION_NAMES, REGIONS, SEA_NEIGHBOURS,
)
from .labels import full_text, option

if TYPE_CHECKING:
    from .rules import ImperialGame, ImperialState

_POWERS = range(N_POWERS)
_REGIONS = range(N_REGIONS)
_PN = POWER_NAMES
_RN = REGION_NAMES
_RK = REGION_KEYS
_RA = tuple(r.abbr for r in REGIONS)
_PC = POWERS

# Options that never change, built once.  ``value`` is what a step's ``apply`` reads.
_PICK = {
    ARMY: tuple(Option(key("army", _RK[r]), f"Army in {_RN[r]}", ("region", r), r) for r in _REGIONS),
    FLEET: tuple(option(key("fleet", _RK[r]), (f"Fleet in the harbour of {_RN[r]}", f"Fleet in {_RN[r]}'s harbour",
                                               f"Fleet in {_RA[r]}'s harbour") if IS_HOME[r]
                        else (f"Fleet in {_RN[r]}", f"Fleet in {_RA[r]}"),
                        ("region", r), r, once=True) for r in _REGIONS),
}
_DEST = tuple(Option(key("to", _RK[r]), _RN[r], ("region", r), (r, ())) for r in _REGIONS)
_FLEETS_DONE = option("done", ("Fleets done: go on to the armies", "Fleets done: on to the armies"), None, "done",
                      once=True)
_ARMIES_DONE = Option("done", "End the maneuver", None, "done")
_PEACE = Option("peace", "No battle: stay side by side")
_HOSTILE = option("hostile", ("Hostile (standing): blocks the province", "Hostile: blocks the province"), once=True)
_FRIENDLY = option("friendly", ("Friendly (lying down): no effect", "Friendly (lying down)"), once=True)
_DEMAND = Option("battle", "Battle: both units removed")
_ALLOW = Option("allow", "No battle: let it stay")


# ============================================================================ steps
class Maneuver(PowerStep):
    """Pick a unit to move (fleets first, then armies), a battle, a change of status, or end."""
    phase: str = FLEETS_PHASE
    kind: ClassVar[str] = "maneuver"

    def prompt(self, g: ImperialGame, s: ImperialState) -> str:
        if self.phase == FLEETS_PHASE:
            return f"{_PN[self.power]}: maneuver - move a fleet, or go on to the armies"
        return f"{_PN[self.power]}: maneuver - move an army, or end the maneuver"

    def why_illegal(self, g: ImperialGame, s: ImperialState, k: str) -> str | None:
        head = key_head(k)
        if head == ARMY and self.phase == FLEETS_PHASE:
            return "fleets move first: end the fleet moves before moving armies"
        if head in (ARMY, FLEET):
            return f"no {head} of {_PN[self.power]} there is left to move (each unit moves once per maneuver)"
        if head == "destroy":
            return ("a factory is destroyed by 3 of your armies in its province with none of its owner's units "
                    "there, and never its owner's last factory without hostile armies")
        later = "entered or changed their status in this maneuver (the status changes in a later maneuver)"
        if head == "hostile":
            return f"that province holds its owner's last unoccupied factory, or your armies there {later}"
        if head == "friendly":
            return f"your armies there are not hostile, or they {later}"
        return None

    def options(self, g: ImperialGame, s: ImperialState) -> list[Option]:
        opts = maneuver_options(g, s, self.power, self.phase)
        return opts if len(opts) > 1 else []  # nothing but "done": the phase passes by itself

    def on_empty(self, g: ImperialGame, s: ImperialState) -> None:
        self._done(g, s)

    def _done(self, g: ImperialGame, s: ImperialState) -> None:
        if self.phase == FLEETS_PHASE:
            reset_moved(s, ARMY)
            s.steps.append(Maneuver(self.player, self.power, ARMIES_PHASE))

    def apply(self, g: ImperialGame, s: ImperialState, o: Option) -> None:
        p = self.power
        v = o.value
        if o.key == "done":
            self._done(g, s)
            return
        s.steps.append(self)
        if isinstance(v, int):  # a unit to move
            s.steps.append(Destination(self.player, p, ARMY if self.phase == ARMIES_PHASE else FLEET, v))
            return
        what = v[0]
        if what == "attack":
            _, r, q, my_kind, their_kind = v
            battle(g, s, r, p, my_kind, q, their_kind)
        elif what == "status":
            _, r, hostile = v
            s.hostile[r][p] = hostile
            s.flipped[r] = True
            log(s, f"{_PN[p]}'s armies in {_RN[r]} are now {'hostile' if hostile else 'friendly'}.")
            if hostile:
                s.steps.append(AskDemands(p, r, ARMY, 0))
        elif what == "destroy":
            destroy_factory(g, s, p, v[1])


class Destination(PowerStep):
    unit: str
    frm: int
    kind: ClassVar[str] = "destination"

    def prompt(self, g: ImperialGame, s: ImperialState) -> str:
        return f"{_PN[self.power]}: move the {self.unit} from {_RN[self.frm]} where?"

    def options(self, g: ImperialGame, s: ImperialState) -> list[Option]:
        opts = destination_options(g, s, self.power, self.unit, self.frm)
        opts.append(BACK)
        return opts

    def apply(self, g: ImperialGame, s: ImperialState, o: Option) -> None:
        if o.key == "back":
            return  # the Maneuver step below decides again
        to, path = o.value
        move_unit(g, s, self.power, self.unit, self.frm, to, path)
        s.steps.append(Arrive(self.power, to, self.unit))

    def why_illegal(self, g: ImperialGame, s: ImperialState, k: str) -> str | None:
        if key_head(k) == "to":
            if self.unit == FLEET:
                return ("a fleet moves to a neighbouring sea; from a harbour only into its own sea, "
                        "and never back to land")
            return ("an army moves to a neighbouring land region, by railway through its own home provinces, "
                    "or by sea across regions each holding a fleet of its power (one army per fleet)")
        return None


class Arrive(Auto):
    """A unit of ``power`` has just entered region ``r``: battles, hostility, demands."""
    power: int
    r: int
    unit: str

    def run(self, g: ImperialGame, s: ImperialState) -> None:
        p = self.power
        if foes(s, p, self.r, self.unit):
            s.steps.append(Contest(s.gov[p], p, self.r, self.unit))
        else:
            s.steps.append(AfterPeace(p, self.r, self.unit))


class Contest(PowerStep):
    """The mover decides: battle one of the foreign units here, or stay in peace."""
    r: int
    unit: str
    kind: ClassVar[str] = "battle"

    def prompt(self, g: ImperialGame, s: ImperialState) -> str:
        return f"{_PN[self.power]}: your {self.unit} entered {_RN[self.r]}, where foreign units stand. Battle?"

    def options(self, g: ImperialGame, s: ImperialState) -> list[Option]:
        opts = [option(key("battle", POWERS[q], k), (f"Battle {_PN[q]}'s {k} (both are removed)",
                                                     f"Battle {_PN[q]}'s {k}", f"Battle {POWERS[q]}'s {k}"),
                       ("region", self.r), (q, k))
                for q, k in foes(s, self.power, self.r, self.unit)]
        opts.append(Option(_PEACE.key, _PEACE.label, ("region", self.r)))
        return opts

    def apply(self, g: ImperialGame, s: ImperialState, o: Option) -> None:
        if o.key == "peace":
            s.steps.append(AfterPeace(self.power, self.r, self.unit))
            return
        q, k = o.value
        battle(g, s, self.r, self.power, self.unit, q, k)


class AfterPeace(Auto):
    """The unit stays: an army entering a foreign home province is declared hostile or friendly;
    then the other powers here may demand a battle."""
    power: int
    r: int
    unit: str

    def run(self, g: ImperialGame, s: ImperialState) -> None:
        p, r = self.power, self.r
        s.steps.append(AskDemands(p, r, self.unit, 0))
        o = OWNER[r]
        if self.unit == ARMY and o >= 0 and o != p and s.armies[r][p] == 1:
            # The status set on entering changes only in a later maneuver (the seed: "der Status lässt
            # sich im nächsten Manöver ändern").
            s.flipped[r] = True
            if g.protected(s, r, p):
                s.hostile[r][p] = False
                log(s, f"{_RN[r]} holds {_PN[o]}'s last unoccupied factory: {_PN[p]}'s army stays friendly.")
            else:
                s.steps.append(Declare(s.gov[p], p, r))


class Declare(PowerStep):
    r: int
    kind: ClassVar[str] = "declare"

    def prompt(self, g: ImperialGame, s: ImperialState) -> str:
        return f"{_PN[self.power]}: your army entered {_RN[self.r]} ({_PN[OWNER[self.r]]}). Hostile or friendly?"

    def options(self, g: ImperialGame, s: ImperialState) -> list[Option]:
        t = ("region", self.r)
        return [option(_HOSTILE.key, (full_text(_HOSTILE), _HOSTILE.label), t, once=True),
                option(_FRIENDLY.key, (full_text(_FRIENDLY), _FRIENDLY.label), t, once=True)]

    def apply(self, g: ImperialGame, s: ImperialState, o: Option) -> None:
        hostile = o.key == "hostile"
        s.hostile[self.r][self.power] = hostile
        log(s, f"{_PN[self.power]}'s army in {_RN[self.r]} is {'hostile' if hostile else 'friendly'}.")


class AskDemands(Auto):
    """Ask the other powers with units here, in turn order after the mover, whether they demand a
    battle against the unit that just arrived (or turned hostile)."""
    power: int
    r: int
    unit: str
    start: int

    def run(self, g: ImperialGame, s: ImperialState) -> None:
        p, r = self.power, self.r
        if not (s.armies if self.unit == ARMY else s.fleets)[r][p]:
            return  # the unit is gone
        for i in range(self.start, N_POWERS - 1):
            q = (p + 1 + i) % N_POWERS
            if s.gov[q] >= 0 and defender_kind(s, q, r, self.unit) is not None:
                s.steps.append(Demand(s.gov[q], q, p, r, self.unit, i))
                return


class Demand(PowerStep):
    """``power`` (not the active one) may demand a battle against ``mover``'s unit in ``r``."""
    mover: int
    r: int
    unit: str
    index: int
    kind: ClassVar[str] = "demand"

    def prompt(self, g: ImperialGame, s: ImperialState) -> str:
        return (f"{_PN[self.power]}: {_PN[self.mover]}'s {self.unit} stands with your units in {_RN[self.r]}. "
                f"Demand a battle?")

    def options(self, g: ImperialGame, s: ImperialState) -> list[Option]:
        t = ("region", self.r)
        return [Option(_DEMAND.key, _DEMAND.label, t), Option(_ALLOW.key, _ALLOW.label, t)]

    def apply(self, g: ImperialGame, s: ImperialState, o: Option) -> None:
        if o.key == "allow":
            s.steps.append(AskDemands(self.mover, self.r, self.unit, self.index + 1))
            return
        k = defender_kind(s, self.power, self.r, self.unit)
        assert k is not None   # AskDemands asks only a power with a unit to battle with
        battle(g, s, self.r, self.mover, self.unit, self.power, k, demanded=True)


class EndManeuver(Auto):
    power: int

    def run(self, g: ImperialGame, s: ImperialState) -> None:
        place_flags(g, s)
        reset_moved(s, FLEET)
        s.convoy_used = [0] * N_REGIONS
        s.flipped = [False] * N_REGIONS


# ============================================================================ the rules
def start_maneuver(s: ImperialState, p: int, gov: int) -> None:
    """The Maneuver space: the marks cleared, then ``EndManeuver`` below the first decision (fleets)."""
    reset_moved(s, FLEET)
    s.convoy_used = [0] * N_REGIONS
    s.flipped = [False] * N_REGIONS
    s.steps.append(EndManeuver(p))
    s.steps.append(Maneuver(gov, p, FLEETS_PHASE))


def reset_moved(s: ImperialState, kind: str) -> None:
    s.moved = [0] * N_REGIONS
    s.moved_kind = kind


def foes(s: ImperialState, p: int, r: int, unit: str) -> list[tuple[int, str]]:
    """Foreign units in ``r`` a unit of ``p`` of kind ``unit`` could battle: at sea fleets; on land
    armies, and fleets still in a harbour."""
    out = []
    if IS_SEA[r]:
        if unit == FLEET:
            f = s.fleets[r]
            out = [(q, FLEET) for q in _POWERS if q != p and f[q]]
        return out
    a, f = s.armies[r], s.fleets[r]
    for q in _POWERS:
        if q != p:
            if a[q]:
                out.append((q, ARMY))
            if f[q]:
                out.append((q, FLEET))
    return out


def defender_kind(s: ImperialState, q: int, r: int, unit: str) -> str | None:
    """The unit of ``q`` that battles a unit of kind ``unit`` that entered ``r`` (its army if it has
    one there, else its fleet in the harbour; at sea its fleet), or None."""
    if IS_SEA[r]:
        return FLEET if unit == FLEET and s.fleets[r][q] else None
    if s.armies[r][q]:
        return ARMY
    if s.fleets[r][q]:
        return FLEET
    return None


def remove_unit(s: ImperialState, r: int, q: int, kind: str) -> None:
    if kind == ARMY:
        s.armies[r][q] -= 1
        if not s.armies[r][q]:
            s.hostile[r][q] = False
    else:
        s.fleets[r][q] -= 1


def battle(g: ImperialGame, s: ImperialState, r: int, a: int, a_kind: str, b: int, b_kind: str,
           demanded: bool = False) -> None:
    """One battle in ``r``: one unit of ``a`` (the active power) and one of ``b`` are removed.
    The active power loses a unit that has already moved where it can."""
    remove_unit(s, r, a, a_kind)
    if s.moved[r] and a_kind == s.moved_kind:
        s.moved[r] -= 1
    remove_unit(s, r, b, b_kind)
    who = f"{_PN[b]} demands a battle in" if demanded else f"{_PN[a]} attacks in"
    log(s, f"{who} {_RN[r]}: {_PN[a]}'s {a_kind} and {_PN[b]}'s {b_kind} are removed.")


def destroy_factory(g: ImperialGame, s: ImperialState, p: int, r: int) -> None:
    s.factory[r] = False
    s.armies[r][p] -= DESTROY_ARMIES
    s.moved[r] = max(0, s.moved[r] - DESTROY_ARMIES)
    if not s.armies[r][p]:
        s.hostile[r][p] = False
    log(s, f"{_PN[p]} destroys {_PN[OWNER[r]]}'s factory in {_RN[r]}; its {DESTROY_ARMIES} armies "
           f"there are removed.")


def can_destroy(g: ImperialGame, s: ImperialState, p: int, r: int) -> bool:
    o = OWNER[r]
    if o < 0 or o == p or not s.factory[r] or s.armies[r][p] < DESTROY_ARMIES:
        return False
    if s.armies[r][o] or s.fleets[r][o]:
        return False
    # never the owner's last factory that is not under hostile occupation
    return any(x != r for x in g.unoccupied_factories(s, o))


def maneuver_options(g: ImperialGame, s: ImperialState, p: int, phase: str) -> list[Option]:
    opts: list[Option] = []
    moved = s.moved
    if phase == FLEETS_PHASE:
        pick = _PICK[FLEET]
        for r in _REGIONS:
            n = s.fleets[r][p]
            if not n:
                continue
            if n > moved[r]:
                opts.append(pick[r])
            for q, k in foes(s, p, r, FLEET):
                opts.append(attack_option(r, q, FLEET, k))
        opts.append(_FLEETS_DONE)
        return opts
    pick = _PICK[ARMY]
    armies = s.armies
    for r in _REGIONS:
        n = armies[r][p]
        if not n:
            continue
        if n > moved[r] and (LAND_NEIGHBOURS[r] or army_destinations(g, s, p, r)):
            opts.append(pick[r])
        for q, k in foes(s, p, r, ARMY):
            opts.append(attack_option(r, q, ARMY, k))
        o = OWNER[r]
        if o < 0 or o == p:
            continue
        if not s.flipped[r]:
            if s.hostile[r][p]:
                opts.append(option(key("friendly", _RK[r]), (f"Make your armies in {_RN[r]} friendly",
                                                             f"Armies in {_RN[r]}: friendly",
                                                             f"Armies in {_RA[r]}: friendly"),
                                   ("region", r), ("status", r, False), once=True))
            elif not g.protected(s, r, p):
                opts.append(option(key("hostile", _RK[r]), (f"Make your armies in {_RN[r]} hostile",
                                                            f"Armies in {_RN[r]}: hostile",
                                                            f"Armies in {_RA[r]}: hostile"),
                                   ("region", r), ("status", r, True), once=True))
        if can_destroy(g, s, p, r):
            opts.append(option(key("destroy", _RK[r]),
                               (f"Destroy {_PN[o]}'s factory in {_RN[r]} (your {DESTROY_ARMIES} armies there "
                                f"are removed)", f"Destroy the factory in {_RN[r]}",
                                f"Destroy the factory in {_RA[r]}"),
                               ("region", r), ("destroy", r), once=True))
    opts.append(_ARMIES_DONE)
    return opts


def attack_option(r: int, q: int, mine: str, theirs: str) -> Option:
    where = "the harbour of " if theirs == FLEET and not IS_SEA[r] else ""
    return option(key("attack", _RK[r], POWERS[q], mine, theirs),
                  (f"Battle in {where}{_RN[r]}: your {mine} against {_PN[q]}'s {theirs}",
                   f"{_RN[r]}: {mine} vs {_PN[q]} {theirs}", f"{_RN[r]}: {mine} vs {_PC[q]} {theirs}",
                   f"{_RA[r]}: {mine} vs {_PC[q]} {theirs}"),
                  ("region", r), ("attack", r, q, mine, theirs), once=True)


def destination_options(g: ImperialGame, s: ImperialState, p: int, unit: str, frm: int) -> list[Option]:
    if unit == FLEET:
        if IS_SEA[frm]:
            return [_DEST[r] for r in SEA_NEIGHBOURS[frm]]
        return [_DEST[PORT_SEA[frm]]]
    out = []
    for r, path in army_destinations(g, s, p, frm).items():
        if path:
            out.append(option(_DEST[r].key, (f"{_RN[r]} (by sea: {', '.join(_RN[x] for x in path)})",
                                             f"{_RN[r]} (by sea: {' '.join(_RA[x] for x in path)})",
                                             f"{_RN[r]} (by sea)", f"{_RA[r]} (by sea)"),
                              ("region", r), (r, path)))
        else:
            out.append(_DEST[r])
    return out


def rail(g: ImperialGame, s: ImperialState, p: int, r: int) -> list[int]:
    """The home provinces of ``p`` an army in ``r`` reaches by railway (``r`` included): through
    provinces of ``p`` without hostile foreign armies.  Empty if ``r`` is not such a province."""
    if OWNER[r] != p or g.blocked(s, r):
        return []
    seen = [r]
    i = 0
    while i < len(seen):
        for x in RAIL_NEIGHBOURS[seen[i]]:
            if x not in seen and not g.blocked(s, x):
                seen.append(x)
        i += 1
    return seen


def army_destinations(g: ImperialGame, s: ImperialState, p: int, frm: int) -> dict[int, tuple]:
    """Where an army of ``p`` in ``frm`` can go, each with the seas of its convoy (``()`` without one):
    railway, then one step by land or by sea, then railway again."""
    start = rail(g, s, p, frm) or [frm]
    res: dict[int, tuple] = {}
    for a in start:
        res[a] = ()
    for a in start:
        for b in LAND_NEIGHBOURS[a]:
            if b not in res:
                res[b] = ()
                if OWNER[b] == p:
                    for c in rail(g, s, p, b):
                        if c not in res:
                            res[c] = ()
    # convoys: chains of seas each holding a fleet of p that has not carried an army this turn
    fleets, used = s.fleets, s.convoy_used
    parent: dict[int, int] = {}
    queue = []
    for a in start:
        for sea in SEA_NEIGHBOURS[a]:
            if sea not in parent and fleets[sea][p] > used[sea]:
                parent[sea] = -1
                queue.append(sea)
    i = 0
    while i < len(queue):
        sea = queue[i]
        i += 1
        for nxt in SEA_NEIGHBOURS[sea]:
            if nxt not in parent and fleets[nxt][p] > used[nxt]:
                parent[nxt] = sea
                queue.append(nxt)
    for sea in queue:
        path = None
        for c in LAND_NEIGHBOURS[sea]:
            if c in res:
                continue
            if path is None:
                chain = [sea]
                while parent[chain[-1]] >= 0:
                    chain.append(parent[chain[-1]])
                path = tuple(reversed(chain))
            res[c] = path
            if OWNER[c] == p:
                for d in rail(g, s, p, c):
                    if d not in res:
                        res[d] = path
    del res[frm]
    return res


def move_unit(g: ImperialGame, s: ImperialState, p: int, unit: str, frm: int, to: int, path: tuple) -> None:
    if unit == ARMY:
        s.armies[frm][p] -= 1
        if not s.armies[frm][p]:
            s.hostile[frm][p] = False
        s.armies[to][p] += 1
    else:
        s.fleets[frm][p] -= 1
        s.fleets[to][p] += 1
    s.moved[to] += 1
    for sea in path:
        s.convoy_used[sea] += 1
    via = f" by sea ({', '.join(_RN[x] for x in path)})" if path else ""
    log(s, f"{_PN[p]} moves {'an army' if unit == ARMY else 'a fleet'} from {_RN[frm]} to {_RN[to]}{via}.")


def place_flags(g: ImperialGame, s: ImperialState) -> None:
    """After a maneuver: a neutral region or sea held by a single power gets that power's flag (an
    existing flag of another power is replaced; shared or empty regions keep theirs)."""
    placed = []
    for r in FLAG_REGIONS:
        row = s.fleets[r] if IS_SEA[r] else s.armies[r]
        only = -1
        for q in _POWERS:
            if row[q]:
                if only >= 0:
                    only = -2
                    break
                only = q
        if only < 0 or s.flags[r] == only:
            continue
        old = s.flags[r]
        if s.flags.count(only) >= FLAGS_PER_POWER:
            if old >= 0:
                s.flags[r] = -1
                log(s, f"{_PN[old]}'s flag leaves {_RN[r]}; {_PN[only]} has no flag left to place.")
            continue
        s.flags[r] = only
        placed.append(f"{_PN[only]} in {_RN[r]}" + (f" (replacing {_PN[old]})" if old >= 0 else ""))
    if placed:
        log(s, "Flags: " + ", ".join(placed) + ".")
