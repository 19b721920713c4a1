"""Utopia (Vialla & Urbon, Matagot 2007): the rules layer.

The state is plain data (:class:`UtopiaState`); :data:`GAME` is the stateless
:class:`UtopiaGame`, a :class:`~boardgames_tui.engine.steps.StepGame`.  The
rules follow ``shared/rules/utopia.md`` (the German seed, with the reference
filling what the seed leaves open); every choice made beyond both is written
down in ``RULES.md`` beside this module.

Who decides what comes from the step stack ``state.steps`` (see
``docs/engine.md``): every decision is a small step object whose ``player``
decides, and the selection of a multi-part action lives in the step (a
:class:`MoveTo` holds the people and the district the princes leave).  The
flow between decisions is made of :class:`~boardgames_tui.engine.steps.Auto`
steps, run by the engine.

How a round runs here:

* **Phase 1 (``phase == "guests"``)**: :class:`StartRound` draws 3 guests per
  player onto the islands.  Players pick in turn order (re-evaluated from the
  score track before every pick, :meth:`UtopiaGame._next_pick`) until no guest
  is left.  A pick is :class:`PickGuest` -> :class:`Place` (which district)
  -> :class:`Build` (optional wonders and monuments, then ``done``).  Once per
  round a pick may be ``draw`` instead: the drawn guest is placed the same way,
  then the drawer names another player (:class:`NamePlayer`), who takes one
  displayed guest out of turn: a :class:`PickGuest` step of the named player
  (``by`` is the drawer).
* **Phase 2 (``phase == "discard"`` then ``"cards"``)**: 5 cards each; the
  leader discards 2, the last player none, the others 1 (:class:`Discard`).
  Then each player in turn order plays cards one action at a time
  (:class:`Play`): the action, its targets (:class:`MoveFrom`,
  :class:`MoveTo`, :class:`MoveCount`, :class:`Target`) and :class:`Pay`
  (only when there is a choice of card or privilege tile).  Wonders and
  monuments are options of :class:`Play`.  ``done`` ends the turn and discards
  the rest of the hand.
* **Phase 3** is automatic (:class:`ScoreRound`): every monument scores its
  owner the value of its people on the prestige scale; then the end is checked.
  There is no other end: the game ends only when somebody has 50 prestige after
  phase 3 (the seed).

Reveals are counted by construction: the guest bag is drawn from with
``state.rng`` (a counted random call), the action cards are a face-down
:class:`~boardgames_tui.engine.hidden.Deck` (every draw counts a reveal) and
the reshuffle goes through the rng.

Performance: the state is a handful of flat lists of small ints, the options
of a position are built once (the engine caches the decision it finds) and
nothing is copied while playing.
"""
from __future__ import annotations

import random
from dataclasses import dataclass, field
from itertools import compress
from operator import attrgetter
from pathlib import Path
from typing import Any, ClassVar

from ...engine.copying import copy_state
from ...engine.core import LogEntry, Option
from ...engine.hidden import Deck
from ...engine.rng import Rng
from ...engine.steps import Auto, Step, StepGame, key, parse_key
from . import data as D
from .data import (
    ADD_POINTS, BASES, CARDS_PER_PEOPLE, DISTRICTS, GUESTS_PER_PLAYER, GUESTS_PER_TYPE, HAND_SIZE,
    ISLAND_DISTRICTS, ISLAND_NAMES, ISLANDS, LAND_NEIGHBOURS, MONUMENTS_PER_PEOPLE, N_DISTRICTS,
    N_GUEST_TYPES, N_PEOPLES, PEOPLE_NAMES, PEOPLES, PRINCES_PER_PEOPLE, PRIVILEGE_TILES,
    REMOVE_POINTS, SEA_NEIGHBOURS, WIN_SCORE, WONDER_BONUS, WONDER_POINTS,
)

PHASE_GUESTS, PHASE_DISCARD, PHASE_CARDS, PHASE_OVER = "guests", "discard", "cards", "over"
ACTIONS = ("move", "add", "remove", "raise", "lower")
ACTION_COST = {"move": 1, "add": 1, "remove": 1, "raise": 1, "lower": 2}

_PEOPLE = range(N_PEOPLES)
A_PEOPLE = tuple(("an " if n[0] in "AEIOU" else "a ") + n for n in PEOPLE_NAMES)  # "an Egyptian"
_ISLAND_OF = tuple(d.island for d in DISTRICTS)
_DNAME = tuple(d.name for d in DISTRICTS)
_REACH = tuple(tuple(sorted(LAND_NEIGHBOURS[i] | SEA_NEIGHBOURS[i])) for i in range(N_DISTRICTS))

# Option objects that never change are built once.  ``value`` is what a step's
# ``apply`` reads: a guest type, a district, a people, a tuple naming a play.
_BACK = Option("back", "Back")
_DONE_BUILD = Option("done", "Done (build nothing more)")
_DONE_PLAY = Option("done", "End turn (discard the rest)", None, ("done",))
_DRAW = Option("draw", "Draw a guest from the bag (once per round)", ("bag",))
_DISTRICT_OPT = tuple(Option(key("district", d.name), f"{d.name} ({ISLAND_NAMES[d.island]})",
                             ("district", d.id), d.id) for d in DISTRICTS)
_ISLAND_DISTRICT_OPT = tuple(tuple(_DISTRICT_OPT[d] for d in ds) for ds in ISLAND_DISTRICTS)
_GUEST_OPT = tuple(Option(key("guest", ISLANDS[t // N_PEOPLES], PEOPLES[t % N_PEOPLES]), D.guest_label(t),
                          ("guest", t // N_PEOPLES, t % N_PEOPLES), t)
                   for t in range(N_GUEST_TYPES))
_CARD_OPT = tuple(Option(key("card", PEOPLES[x]), f"{PEOPLE_NAMES[x]} card", ("card", x), x) for x in _PEOPLE)
_COUNT_OPT = (Option(key("count", 1), "Move 1 prince", None, 1), Option(key("count", 2), "Move 2 princes", None, 2))
_WONDER_OPT = tuple(Option(key("wonder", ISLANDS[i]), f"Build a wonder on {ISLAND_NAMES[i]} (+{WONDER_POINTS})",
                           ("island", i), ("wonder", i)) for i in range(len(ISLANDS)))
_MONUMENT_OPT = tuple(tuple(Option(key("monument", d.name, PEOPLES[x]),
                                   f"Build {A_PEOPLE[x]} monument in {d.name}", ("district", d.id),
                                   ("monument", d.id, x))
                            for x in _PEOPLE) for d in DISTRICTS)
_ACTION_LABEL = {
    "move": "Move 1-2 {p} princes (1 card)",
    "add": "Add {ap} prince at {ap} monument (1 card)",
    "remove": "Remove {ap} prince at {ap} monument, +2 (1 card)",
    "raise": "Raise {p} one place on the prestige scale (1 card)",
    "lower": "Drop {p} to the bottom of the prestige scale (2 cards)",
}
_ACTION_OPT = {a: tuple(Option(key(a, PEOPLES[x]), _ACTION_LABEL[a].format(p=PEOPLE_NAMES[x], ap=A_PEOPLE[x]),
                               ("people", x) if a in ("move", "add", "remove") else ("scale", x), (a, x))
                        for x in _PEOPLE) for a in ACTIONS}
_PAY_OPT = tuple(tuple(
    _CARD_OPT[y] if y == x else Option(key("card", PEOPLES[y]),
                                       f"{PEOPLE_NAMES[y]} card as {PEOPLE_NAMES[x]} (uses a privilege tile)",
                                       ("card", y), y)
    for y in _PEOPLE) for x in _PEOPLE)


@dataclass
class UtopiaState:
    names: list[str]
    options: dict
    rng: Rng
    open_islands: list[bool]
    open_districts: list[bool]
    scores: list[int]
    stamps: list[int]            # when each minister arrived on its score space (lower = ahead)
    next_stamp: int
    scale: list[int]             # scale[i] = people on place i; place 0 is the bottom (value 1)
    bag: list[int]               # guests in the bag, count per guest type (island * 5 + people)
    display: list[int]           # guests waiting at the islands' ships, count per type
    kept: list[list[int]]        # guests in front of each player, count per type
    removed_guests: list[int]    # out of the game (two players: the closed island's guests)
    deck: Deck                   # action cards (their people), face down
    discard: list[int]           # discard pile, count per people
    discarded_by: list[list[int]]  # the face-down part of the pile: per player, per people (since the last reshuffle)
    hands: list[list[int]]       # count per people
    supply: list[list[int]]      # princes in each player's supply, per people
    princes: list[list[list[int]]]  # princes[district][player][people]
    mon_people: list[int]        # monument people per district, -1 = empty space
    mon_owner: list[int]         # its owner, -1 = none
    monuments_left: list[int]    # per people, beside the board
    wonder_owner: list[int]      # per island, -1 = no wonder
    bases: list[int]
    privileges: list[int]
    round: int = 0
    phase: str = PHASE_GUESTS
    acted: list[bool] = field(default_factory=list)
    drew: list[bool] = field(default_factory=list)   # bag draw used this round
    first_last_round: int = -1
    end_reason: str = ""
    steps: list = field(default_factory=list)        # the step stack, top last
    log: list[LogEntry] = field(default_factory=list)
    _decision: Any = field(default=None, compare=False, repr=False)

    @property
    def n(self) -> int:
        return len(self.names)


_PRIVATE_TEXT = attrgetter("private_text")


def _names_list(counts: list[int], names=PEOPLE_NAMES) -> str:
    parts = [f"{c} {names[i]}" for i, c in enumerate(counts) if c]
    return ", ".join(parts) if parts else "nothing"


# ====================================================================== steps
# Every decision step has ``tag`` (the name the view shows as "step").  Steps
# of phase 1 carry ``by``: -1 normally, the drawer's seat when the player was
# named to take a guest out of turn.

# -- phase 1 -----------------------------------------------------------------------
class PickGuest(Step):
    """Take a displayed guest (or, once per round and not out of turn, draw one)."""
    by: int = -1
    tag: ClassVar[str] = "pick"

    @property
    def kind(self) -> str:
        return "extra_guest" if self.by >= 0 else "guest"

    @property
    def private(self) -> bool:
        return self.by >= 0

    def prompt(self, g, s):
        if self.by >= 0:
            return f"{s.names[self.player]}: take a guest out of turn (named by {s.names[self.by]})"
        return f"{s.names[self.player]}: take a guest and place a prince on its island"

    def options(self, g, s):
        sup = s.supply[self.player]
        opts = [_GUEST_OPT[t] for t, c in enumerate(s.display) if c and sup[t % N_PEOPLES]]
        if self.by < 0 and g.can_draw(s, self.player):
            opts.append(_DRAW)
        return opts

    def apply(self, g, s, o):
        p = self.player
        if o.key == "draw":
            t = g._draw_guest(s)
            s.drew[p] = True
            s.kept[p][t] += 1
            g._log(s, f"{s.names[p]} draws a guest from the bag: {D.guest_label(t)}.")
            s.steps.append(Place(p, t, drawn=True))
        else:
            s.steps.append(Place(p, o.value, by=self.by))

    def why_illegal(self, g, s, k):
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


class Place(Step):
    """Place a prince for the guest taken (or drawn) in a district of its island."""
    guest: int
    drawn: bool = False
    by: int = -1
    kind: ClassVar[str] = "place"
    tag: ClassVar[str] = "place"

    @property
    def private(self) -> bool:
        return self.by >= 0

    def prompt(self, g, s):
        t = self.guest
        return (f"{s.names[self.player]}: place {A_PEOPLE[t % N_PEOPLES]} prince on "
                f"{ISLAND_NAMES[t // N_PEOPLES]}")

    def options(self, g, s):
        opts = list(_ISLAND_DISTRICT_OPT[self.guest // N_PEOPLES])
        if not self.drawn:
            opts.append(_BACK)
        return opts

    def apply(self, g, s, o):
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
        g._log(s, f"{s.names[p]} takes {how}{extra} ({D.guest_label(t)}) and places "
                  f"{A_PEOPLE[x]} prince in {_DNAME[dist]}.")
        # what follows the pick (and any building after it)
        if self.drawn:
            s.steps.append(NamePlayer(p))
        else:
            s.steps.append(EndPick(self.by if self.by >= 0 else p))
        s.steps.append(Build(p, self.by, t if self.drawn else -1))


class Build(Step):
    """After a placement in phase 1: wonders and monuments, then ``done``.
    With nothing to build the step has no options and is skipped."""
    by: int = -1
    drawn: int = -1              # the guest drawn from the bag (still shown as selected)
    kind: ClassVar[str] = "build"
    tag: ClassVar[str] = "build"

    @property
    def private(self) -> bool:
        return self.by >= 0

    def prompt(self, g, s):
        return f"{s.names[self.player]}: build a wonder or a monument?"

    def options(self, g, s):
        opts = g._build_options(s, self.player)
        if opts:
            opts.append(_DONE_BUILD)
        return opts

    def apply(self, g, s, o):
        if o.key == "done":
            return
        s.steps.append(self)  # asks again after building (skipped when nothing is left)
        g._build(s, self.player, o.value, self)

    def why_illegal(self, g, s, k):
        return g._why_build(s, self.player, k)

    def on_empty(self, g, s):
        pass


class WonderPrince(Step):
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

    def prompt(self, g, s):
        return (f"{s.names[self.player]}: which {PEOPLE_NAMES[len(self.picks)]} prince goes back for the wonder "
                f"on {ISLAND_NAMES[self.island]}?")

    def options(self, g, s):
        opts = [_DISTRICT_OPT[d] for d in g._wonder_sources(s, self.player, self.island, len(self.picks))]
        opts.append(_BACK)
        return opts

    def apply(self, g, s, o):
        if o.key == "back":
            return  # the build (or play) step below decides again
        g._wonder_progress(s, self, self.picks + (o.value,))


class NamePlayer(Step):
    """After a bag draw: name the player who takes a guest out of turn."""
    kind: ClassVar[str] = "name"
    tag: ClassVar[str] = "name"
    private: ClassVar[bool] = False

    def prompt(self, g, s):
        return f"{s.names[self.player]}: name a player who must take a guest out of turn"

    def options(self, g, s):
        return [Option(key("player", q), s.names[q], ("player", q), q) for q in range(s.n) if q != self.player]

    def apply(self, g, s, o):
        p, q = self.player, o.value
        g._log(s, f"{s.names[p]} names {s.names[q]}, who must take a guest out of turn.")
        if g.can_take_any(s, q):
            s.steps.append(PickGuest(q, p))  # its placement ends the drawer's pick (EndPick)
        else:
            g._log(s, f"{s.names[q]} has no prince for any guest on display and skips the extra pick.")
            s.steps.append(EndPick(p))


class StartRound(Auto):
    def run(self, g, s):
        g._start_round(s)


class EndPick(Auto):
    """``player``'s pick of this go-around is over: on to the next pick."""
    player: int

    def run(self, g, s):
        s.acted[self.player] = True
        g._next_pick(s)


# -- phase 2 -----------------------------------------------------------------------
class Discard(Step):
    """Discard one card face down; ``left`` cards are still to go."""
    left: int = 1
    kind: ClassVar[str] = "discard"
    tag: ClassVar[str] = "discard"

    def prompt(self, g, s):
        return f"{s.names[self.player]}: discard a card ({self.left} to discard)"

    def options(self, g, s):
        hand = s.hands[self.player]
        return [_CARD_OPT[x] for x in _PEOPLE if hand[x]]

    def apply(self, g, s, o):
        p, x = self.player, o.value
        s.hands[p][x] -= 1
        s.discard[x] += 1
        s.discarded_by[p][x] += 1
        g._log(s, f"{s.names[p]} discards a card.", p, f"{s.names[p]} discards {A_PEOPLE[x]} card.")
        if self.left > 1:
            s.steps.append(Discard(p, self.left - 1))


class StartPlay(Auto):
    def run(self, g, s):
        s.phase = PHASE_CARDS
        s.acted = [False] * s.n
        g._next_card_turn(s)


class NextCardTurn(Auto):
    def run(self, g, s):
        g._next_card_turn(s)


class Play(Step):
    """A phase-2 turn: one action (or wonder, or monument) at a time, then ``done``."""
    kind: ClassVar[str] = "play"
    tag: ClassVar[str] = "play"

    def prompt(self, g, s):
        return f"{s.names[self.player]}: play action cards"

    def options(self, g, s):
        return g._play_options(s, self.player)

    def apply(self, g, s, o):
        p = self.player
        what = o.value
        a = what[0]
        if a == "done":
            g._end_card_turn(s, p)
            return
        s.steps.append(self)  # the turn goes on after this play ("back" returns here too)
        if a == "wonder" or a == "monument":
            g._build(s, p, what, self)
        elif a == "move":
            s.steps.append(MoveFrom(p, a, what[1]))
        elif a == "add" or a == "remove":
            s.steps.append(Target(p, a, what[1]))
        else:  # raise, lower
            g._pay(s, Pay(p, a, what[1], left=ACTION_COST[a]))

    def why_illegal(self, g, s, k):
        reason = g._why_build(s, self.player, k)
        if reason:
            return reason
        head, people = parse_key(k, str)
        if head not in ACTIONS:
            return None
        x = D.PEOPLE_INDEX[people]
        if head == "raise" and x == s.scale[-1]:
            return f"{PEOPLE_NAMES[x]} is already at the top of the prestige scale"
        if head == "lower" and x == s.scale[0]:
            return f"{PEOPLE_NAMES[x]} is already at the bottom of the prestige scale"
        return (f"you cannot pay for or carry out that action for the {people} people "
                f"(cards of that people, or another card with a privilege tile)")


class ActionStep(Step):
    """A card action under way: what has been chosen so far.  ``Back`` from
    any of its questions returns to the :class:`Play` step below."""
    action: str
    people: int
    frm: int = -1                # move: the district the princes leave
    to: int = -1                 # move: where they go; add / remove: the district
    count: int = 0               # move: how many princes


class MoveFrom(ActionStep):
    kind: ClassVar[str] = "move_from"
    tag: ClassVar[str] = "move_from"

    def prompt(self, g, s):
        return f"{s.names[self.player]}: move {PEOPLE_NAMES[self.people]} princes from which district?"

    def options(self, g, s):
        p, x = self.player, self.people
        opts = [_DISTRICT_OPT[d] for d, row in enumerate(s.princes) if row[p][x]]
        opts.append(_BACK)
        return opts

    def apply(self, g, s, o):
        if o.key != "back":
            s.steps.append(MoveTo(self.player, self.action, self.people, o.value))


class MoveTo(ActionStep):
    kind: ClassVar[str] = "move_to"
    tag: ClassVar[str] = "move_to"

    def prompt(self, g, s):
        return f"{s.names[self.player]}: move from {_DNAME[self.frm]} to which district?"

    def options(self, g, s):
        od = s.open_districts
        opts = [_DISTRICT_OPT[d] for d in _REACH[self.frm] if od[d]]
        opts.append(_BACK)
        return opts

    def apply(self, g, s, o):
        if o.key == "back":
            return
        p, x = self.player, self.people
        if s.princes[self.frm][p][x] >= 2:
            s.steps.append(MoveCount(p, self.action, x, self.frm, o.value))
        else:
            g._pay(s, Pay(p, self.action, x, self.frm, o.value, 1))

    def why_illegal(self, g, s, k):
        head, _ = parse_key(k, str)
        if head == "district":
            return "princes move to a neighbouring district or between piers in the same or a next sea sector"
        return None


class MoveCount(ActionStep):
    kind: ClassVar[str] = "move_count"
    tag: ClassVar[str] = "move_count"

    def prompt(self, g, s):
        return (f"{s.names[self.player]}: move how many {PEOPLE_NAMES[self.people]} princes "
                f"from {_DNAME[self.frm]} to {_DNAME[self.to]}?")

    def options(self, g, s):
        return [*_COUNT_OPT, _BACK]

    def apply(self, g, s, o):
        if o.key != "back":
            g._pay(s, Pay(self.player, self.action, self.people, self.frm, self.to, o.value))


class Target(ActionStep):
    """Add / remove: the district with a monument of that people."""
    kind: ClassVar[str] = "target"
    tag: ClassVar[str] = "target"

    def prompt(self, g, s):
        x = self.people
        if self.action == "add":
            return f"{s.names[self.player]}: add {A_PEOPLE[x]} prince at which {PEOPLE_NAMES[x]} monument?"
        return f"{s.names[self.player]}: remove {A_PEOPLE[x]} prince from which district?"

    def options(self, g, s):
        p, x = self.player, self.people
        mp = s.mon_people
        if self.action == "add":
            opts = [_DISTRICT_OPT[d] for d in range(N_DISTRICTS) if mp[d] == x]
        else:
            opts = [_DISTRICT_OPT[d] for d in range(N_DISTRICTS) if mp[d] == x and s.princes[d][p][x]]
        opts.append(_BACK)
        return opts

    def apply(self, g, s, o):
        if o.key != "back":
            g._pay(s, Pay(self.player, self.action, self.people, to=o.value))


class Pay(ActionStep):
    """Which card pays next; asked only when there is a choice."""
    left: int = 1                # cards still to pay
    paid: tuple = ()             # peoples of the cards chosen so far (still in the hand)
    kind: ClassVar[str] = "pay"
    tag: ClassVar[str] = "pay"

    def prompt(self, g, s):
        return (f"{s.names[self.player]}: which card pays for the {self.action} "
                f"({self.left} card{'s' if self.left > 1 else ''} to pay)?")

    def options(self, g, s):
        opts = g._pay_options(s, self)
        opts.append(_BACK)
        return opts

    def apply(self, g, s, o):
        if o.key != "back":
            g._pay(s, self.paying(o.value))

    def paying(self, y: int) -> "Pay":
        return Pay(self.player, self.action, self.people, self.frm, self.to, self.count,
                   self.left - 1, self.paid + (y,))


# -- phase 3 -----------------------------------------------------------------------
class ScoreRound(Auto):
    def run(self, g, s):
        g._score_phase(s)


# ====================================================================== the game
class UtopiaGame(StepGame):
    name = "utopia"
    title = "Utopia"
    min_players = 2
    max_players = 5
    description = ("Welcome princes of five peoples to four islands, dominate districts with monuments, "
                   "build wonders and steer the prestige scale (2-5 players).")
    rules_version = "2"

    # ------------------------------------------------------------------ setup
    def new_game(self, names: list[str], seed: int, options: dict[str, str] | None = None) -> UtopiaState:
        opts = self.options_with_defaults(options)
        n = len(names)
        self.check_player_count(n, opts)
        rng = Rng(seed)
        open_islands = [True] * len(ISLANDS)
        if n == 2:
            open_islands[D.CLOSED_WITH_TWO] = False
        open_districts = [open_islands[d.island] for d in DISTRICTS]
        scale = list(_PEOPLE)
        rng.shuffle(scale)
        bag = [GUESTS_PER_TYPE if open_islands[t // N_PEOPLES] else 0 for t in range(N_GUEST_TYPES)]
        removed = [GUESTS_PER_TYPE - b for b in bag]
        deck = Deck(x for x in _PEOPLE for _ in range(CARDS_PER_PEOPLE))
        deck.shuffle(rng)
        start = rng.randrange(n)
        stamps = [(p - start) % n for p in range(n)]
        s = UtopiaState(
            names=list(names), options=opts, rng=rng, open_islands=open_islands,
            open_districts=open_districts, scores=[0] * n, stamps=stamps, next_stamp=n,
            scale=scale, bag=bag, display=[0] * N_GUEST_TYPES,
            kept=[[0] * N_GUEST_TYPES for _ in range(n)], removed_guests=removed,
            deck=deck, discard=[0] * N_PEOPLES, discarded_by=[[0] * N_PEOPLES for _ in range(n)],
            hands=[[0] * N_PEOPLES for _ in range(n)],
            supply=[[PRINCES_PER_PEOPLE] * N_PEOPLES for _ in range(n)],
            princes=[[[0] * N_PEOPLES for _ in range(n)] for _ in range(N_DISTRICTS)],
            mon_people=[-1] * N_DISTRICTS, mon_owner=[-1] * N_DISTRICTS,
            monuments_left=[MONUMENTS_PER_PEOPLE - 1] * N_PEOPLES,
            wonder_owner=[-1] * len(ISLANDS), bases=[BASES] * n, privileges=[PRIVILEGE_TILES] * n,
        )
        self._log(s, "Prestige scale from the bottom (1) to the top (5): "
                  + ", ".join(PEOPLE_NAMES[x] for x in scale) + ".")
        self._log(s, f"{names[start]} is the start player; the ministers stand behind in seat order.")
        if n == 2:
            self._log(s, f"Two players: the {ISLAND_NAMES[D.CLOSED_WITH_TWO]} island is closed "
                         f"and its guests are out of the game.")
        s.steps.append(StartRound())
        return self.start(s)

    # ------------------------------------------------------------------ helpers
    def _log(self, s: UtopiaState, text: str, private_to: int | None = None,
             private_text: str | None = None) -> None:
        s.log.append(LogEntry(text, private_to, private_text, s.round))

    @staticmethod
    def rank_order(s: UtopiaState) -> list[int]:
        """Players by score, highest first; on one space, who arrived first is ahead."""
        scores, stamps = s.scores, s.stamps
        return sorted(range(len(scores)), key=lambda p: (-scores[p], stamps[p]))

    def _gain(self, s: UtopiaState, p: int, pts: int, why: str) -> None:
        if pts <= 0:
            return
        s.scores[p] += pts
        s.stamps[p] = s.next_stamp
        s.next_stamp += 1
        self._log(s, f"{s.names[p]} scores {pts} ({why}): {s.scores[p]} prestige.")

    @staticmethod
    def value_of(s: UtopiaState, x: int) -> int:
        """A people's current value on the prestige scale (1-5)."""
        return s.scale.index(x) + 1

    @staticmethod
    def can_take(s: UtopiaState, p: int, t: int) -> bool:
        return s.display[t] > 0 and s.supply[p][t % N_PEOPLES] > 0

    @staticmethod
    def can_take_any(s: UtopiaState, p: int) -> bool:
        sup = s.supply[p]
        d = s.display  # guest type island * 5 + people, 4 islands
        for x in _PEOPLE:
            if sup[x] and (d[x] or d[x + 5] or d[x + 10] or d[x + 15]):
                return True
        return False

    @staticmethod
    def can_draw(s: UtopiaState, p: int) -> bool:
        """Bag draw: once per round, bag not empty, and (house) a prince of every people in supply."""
        return (not s.drew[p] and s.n > 1 and sum(s.bag) > 0 and sum(s.display) > 0
                and all(s.supply[p]))

    @staticmethod
    def can_pay(hand: list[int], tiles: int, x: int, k: int) -> bool:
        """Can ``k`` cards be paid for people ``x``: cards of ``x``, or any card plus a privilege tile."""
        own = hand[x]
        return own + min(tiles, sum(hand) - own) >= k

    def wonder_islands(self, s: UtopiaState, p: int) -> list[int]:
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

    def monument_sites(self, s: UtopiaState, p: int) -> list[tuple[int, int]]:
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

    def _build_options(self, s: UtopiaState, p: int) -> list[Option]:
        opts = [_WONDER_OPT[i] for i in self.wonder_islands(s, p)]
        opts.extend(_MONUMENT_OPT[d][x] for d, x in self.monument_sites(s, p))
        return opts

    def _why_build(self, s: UtopiaState, p: int, k: str) -> str | None:
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
            return f"a wonder needs one of your princes of each of the 5 peoples on {ISLAND_NAMES[i]}"
        if head == "monument":
            dist, x = D.DISTRICT_INDEX[dn], D.PEOPLE_INDEX[people]
            if s.mon_people[dist] >= 0:
                return f"{dn} already has a monument (one per district)"
            if s.princes[dist][p][x] < 3:
                return f"a monument needs 3 of your {PEOPLE_NAMES[x]} princes in {dn}"
            if s.bases[p] <= 0:
                return "you have no base left"
        return None

    def _build(self, s: UtopiaState, p: int, what: tuple, step: Step) -> None:
        """Carry out a build option (``("wonder", island)`` or ``("monument", district, people)``)
        chosen in ``step`` (a :class:`Build` or the :class:`Play` turn)."""
        if what[0] == "monument":
            self._build_monument(s, p, what[1], what[2])
            return
        if isinstance(step, Build):
            template = WonderPrince(p, what[1], (), step.by, step.drawn, False)
        else:
            template = WonderPrince(p, what[1], (), in_cards=True)
        self._wonder_progress(s, template, ())

    def _wonder_sources(self, s: UtopiaState, p: int, island: int, x: int) -> list[int]:
        princes = s.princes
        return [d for d in ISLAND_DISTRICTS[island] if princes[d][p][x]]

    def _wonder_progress(self, s: UtopiaState, step: WonderPrince, picks: tuple) -> None:
        """Pick one prince of each people on the island; a people found in one
        district only is taken at once.  Asks (pushes ``step`` with ``picks``)
        at the first people with a choice, else builds the wonder."""
        p, isl = step.player, step.island
        while len(picks) < N_PEOPLES:
            src = self._wonder_sources(s, p, isl, len(picks))
            if len(src) > 1:
                s.steps.append(WonderPrince(p, isl, picks, step.by, step.drawn, step.in_cards))
                return
            picks += (src[0],)
        self._build_wonder(s, p, isl, picks)

    def _build_wonder(self, s: UtopiaState, p: int, isl: int, picks: tuple) -> None:
        for x, dist in enumerate(picks):
            s.princes[dist][p][x] -= 1
            s.supply[p][x] += 1
        s.wonder_owner[isl] = p
        s.bases[p] -= 1
        self._log(s, f"{s.names[p]} builds a wonder on {ISLAND_NAMES[isl]} with princes from "
                     + ", ".join(f"{_DNAME[dist]} ({PEOPLE_NAMES[x]})" for x, dist in enumerate(picks)) + ".")
        self._gain(s, p, WONDER_POINTS, "wonder")

    def _build_monument(self, s: UtopiaState, p: int, dist: int, x: int) -> None:
        s.princes[dist][p][x] -= 3
        s.supply[p][x] += 3
        s.mon_people[dist] = x
        s.mon_owner[dist] = p
        s.monuments_left[x] -= 1
        s.bases[p] -= 1
        self._log(s, f"{s.names[p]} dominates {_DNAME[dist]}: 3 {PEOPLE_NAMES[x]} princes make way "
                     f"for {A_PEOPLE[x]} monument.")
        isl = _ISLAND_OF[dist]
        w = s.wonder_owner[isl]
        if w >= 0:
            self._gain(s, w, WONDER_BONUS[isl], f"wonder on {ISLAND_NAMES[isl]}")

    # ------------------------------------------------------------------ phase 1
    def _start_round(self, s: UtopiaState) -> None:
        s.round += 1
        n = s.n
        if s.round > 1 and not any(s.scores):
            p = s.first_last_round
            s.stamps[p] = s.next_stamp
            s.next_stamp += 1
            self._log(s, f"All ministers are still on the start space: {s.names[p]}, first last round, "
                         f"moves to the back.")
        s.drew = [False] * n
        s.acted = [False] * n
        order = self.rank_order(s)
        s.first_last_round = order[0]
        need = GUESTS_PER_PLAYER * n
        if sum(s.bag) < need:
            back = 0
            for row in s.kept:
                for t in range(N_GUEST_TYPES):
                    s.bag[t] += row[t]
                    back += row[t]
                    row[t] = 0
            self._log(s, f"The bag holds too few guests: the {back} guests in front of the players go back in.")
        drawn = [0] * len(ISLANDS)
        for _ in range(min(need, sum(s.bag))):
            t = self._draw_guest(s)  # a random call: counted by the rng
            s.display[t] += 1
            drawn[t // N_PEOPLES] += 1
        s.phase = PHASE_GUESTS
        self._log(s, f"Round {s.round}, phase 1: {s.names[order[0]]} draws {sum(drawn)} guests ("
                  + ", ".join(f"{ISLAND_NAMES[i]} {c}" for i, c in enumerate(drawn) if c) + ").")
        self._next_pick(s)

    def _draw_guest(self, s: UtopiaState) -> int:
        """One guest out of the bag, at random through the state's rng (counted)."""
        r = s.rng.randrange(sum(s.bag))
        for t, c in enumerate(s.bag):
            if r < c:
                s.bag[t] -= 1
                return t
            r -= c
        raise AssertionError("bag count out of step")  # pragma: no cover

    def _next_pick(self, s: UtopiaState) -> None:
        """Push the next phase-1 pick: the highest-ranked player who has not
        picked in this go-around; or, with no guest left, phase 2."""
        while True:
            if not any(s.display):
                break
            if not any(self.can_take_any(s, q) for q in range(s.n)):
                left = sum(s.display)
                for t in range(N_GUEST_TYPES):
                    s.bag[t] += s.display[t]
                    s.display[t] = 0
                self._log(s, f"Nobody has a prince for the {left} guests left on display: they go back into the bag.")
                break
            nxt = next((q for q in self.rank_order(s) if not s.acted[q]), None)
            if nxt is None:
                s.acted = [False] * s.n
                continue
            # A player who can take no guest cannot draw either (drawing needs a prince of every people).
            if self.can_take_any(s, nxt):
                s.steps.append(PickGuest(nxt))
                return
            self._log(s, f"{s.names[nxt]} has no prince for any guest on display and passes.")
            s.acted[nxt] = True
        self._start_cards(s)

    # ------------------------------------------------------------------ phase 2
    def _start_cards(self, s: UtopiaState) -> None:
        """Deal 5 cards each, then the discards (leader 2, last player none, others 1)."""
        order = self.rank_order(s)
        n = s.n
        s.phase = PHASE_DISCARD
        self._log(s, f"Round {s.round}, phase 2: {HAND_SIZE} action cards each.")
        discards = []
        for i, p in enumerate(order):
            cards = s.deck.draw_many(s.rng, HAND_SIZE)  # a reveal: counted by the deck
            if len(cards) < HAND_SIZE:
                self._reshuffle(s)
                cards += s.deck.draw_many(s.rng, HAND_SIZE - len(cards))
            got = [0] * N_PEOPLES
            hand = s.hands[p]
            for x in cards:
                got[x] += 1
                hand[x] += 1
            self._log(s, f"{s.names[p]} is dealt {HAND_SIZE} cards.", p,
                      f"{s.names[p]} is dealt {HAND_SIZE} cards: {_names_list(got)}.")
            due = 2 if i == 0 else 0 if i == n - 1 else 1
            if due:
                discards.append(Discard(p, due))
        s.steps.append(StartPlay())
        s.steps.extend(reversed(discards))  # the leader's on top

    def _reshuffle(self, s: UtopiaState) -> None:
        s.deck.add(x for x in _PEOPLE for _ in range(s.discard[x]))
        s.deck.shuffle(s.rng)
        s.discard = [0] * N_PEOPLES
        s.discarded_by = [[0] * N_PEOPLES for _ in range(s.n)]
        self._log(s, f"The action deck is empty: the {len(s.deck)} discarded cards are shuffled into a new deck.")

    def _next_card_turn(self, s: UtopiaState) -> None:
        acted = s.acted
        nxt = next((q for q in self.rank_order(s) if not acted[q]), None)
        if nxt is None:
            s.steps.append(ScoreRound())
        else:
            s.steps.append(Play(nxt))

    def _play_options(self, s: UtopiaState, p: int) -> list[Option]:
        hand = s.hands[p]
        tiles = s.privileges[p]
        total = sum(hand)
        opts: list[Option] = []
        if total:
            sup = s.supply[p]
            mons = [0] * N_PEOPLES
            at_mon = [False] * N_PEOPLES
            princes = s.princes
            for d, mx in enumerate(s.mon_people):
                if mx >= 0:
                    mons[mx] += 1
                    if princes[d][p][mx]:
                        at_mon[mx] = True
            top = s.scale[-1]
            bottom = s.scale[0]
            act = _ACTION_OPT
            for x in _PEOPLE:
                own = hand[x]
                if not (own or tiles):
                    continue
                if sup[x] < PRINCES_PER_PEOPLE:  # a prince not in supply stands on the board
                    opts.append(act["move"][x])
                if sup[x] and mons[x]:
                    opts.append(act["add"][x])
                if at_mon[x]:
                    opts.append(act["remove"][x])
                if x != top:
                    opts.append(act["raise"][x])
                if x != bottom and own + min(tiles, total - own) >= 2:
                    opts.append(act["lower"][x])
        opts.extend(self._build_options(s, p))
        opts.append(_DONE_PLAY)
        return opts

    def _pay_options(self, s: UtopiaState, pay: Pay) -> list[Option]:
        x = pay.people
        hand = list(s.hands[pay.player])
        tiles = s.privileges[pay.player]
        for y in pay.paid:
            hand[y] -= 1
            if y != x:
                tiles -= 1
        rest = pay.left - 1
        opts = []
        row = _PAY_OPT[x]
        for y in _PEOPLE:
            if not hand[y]:
                continue
            t = tiles if y == x else tiles - 1
            if t < 0:
                continue
            hand[y] -= 1
            if self.can_pay(hand, t, x, rest):
                opts.append(row[y])
            hand[y] += 1
        return opts

    def _pay(self, s: UtopiaState, pay: Pay) -> None:
        """Pay card by card; a card without alternative is paid without a
        question.  Pushes ``pay`` at the first choice, else carries out the action."""
        while pay.left:
            opts = self._pay_options(s, pay)
            if len(opts) > 1:
                s.steps.append(pay)
                return
            pay = pay.paying(opts[0].value)
        self._execute(s, pay)

    def _execute(self, s: UtopiaState, act: Pay) -> None:
        p = act.player
        x = act.people
        px = PEOPLE_NAMES[x]
        cards = []
        for y in act.paid:
            s.hands[p][y] -= 1
            s.discard[y] += 1
            if y != x:
                s.privileges[p] -= 1
                cards.append(f"{A_PEOPLE[y]} card with a privilege tile")
            else:
                cards.append(f"{A_PEOPLE[x]} card")
        paid = " and ".join(cards)
        a = act.action
        name = s.names[p]
        if a == "move":
            c = act.count
            s.princes[act.frm][p][x] -= c
            s.princes[act.to][p][x] += c
            self._log(s, f"{name} plays {paid}: moves {c} {px} prince{'s' if c > 1 else ''} "
                         f"from {_DNAME[act.frm]} to {_DNAME[act.to]}.")
        elif a == "add":
            dist = act.to
            s.supply[p][x] -= 1
            s.princes[dist][p][x] += 1
            self._log(s, f"{name} plays {paid}: adds {A_PEOPLE[x]} prince at the {px} monument in {_DNAME[dist]}.")
            owner = s.mon_owner[dist]
            if owner != p:
                self._gain(s, p, ADD_POINTS, f"prince added where {s.names[owner]} rules")
        elif a == "remove":
            dist = act.to
            s.princes[dist][p][x] -= 1
            s.supply[p][x] += 1
            self._log(s, f"{name} plays {paid}: removes {A_PEOPLE[x]} prince from {_DNAME[dist]}.")
            self._gain(s, p, REMOVE_POINTS, "prince removed at a monument")
        elif a == "raise":
            i = s.scale.index(x)
            s.scale[i], s.scale[i + 1] = s.scale[i + 1], s.scale[i]
            self._log(s, f"{name} plays {paid}: {px} rises to {i + 2} on the prestige scale, "
                         f"{PEOPLE_NAMES[s.scale[i]]} drops to {i + 1}.")
        else:  # lower
            s.scale.remove(x)
            s.scale.insert(0, x)
            self._log(s, f"{name} plays {paid}: {px} drops to the bottom of the prestige scale.")

    def _end_card_turn(self, s: UtopiaState, p: int) -> None:
        hand = s.hands[p]
        left = sum(hand)
        if left:
            text = f"{s.names[p]} ends the turn and discards {left} unplayed card{'s' if left > 1 else ''}."
            priv = f"{s.names[p]} ends the turn and discards unplayed cards: {_names_list(hand)}."
            mine = s.discarded_by[p]
            for x in _PEOPLE:
                s.discard[x] += hand[x]
                mine[x] += hand[x]
                hand[x] = 0
            self._log(s, text, p, priv)
        else:
            self._log(s, f"{s.names[p]} ends the turn.")
        s.acted[p] = True
        s.steps.append(NextCardTurn())

    # ------------------------------------------------------------------ phase 3
    def _score_phase(self, s: UtopiaState) -> None:
        self._log(s, f"Round {s.round}, phase 3: prestige for monuments ("
                  + ", ".join(f"{PEOPLE_NAMES[x]} {i + 1}" for i, x in enumerate(s.scale)) + ").")
        for p in self.rank_order(s):
            pts = sum(s.scale.index(s.mon_people[d]) + 1
                      for d in range(N_DISTRICTS) if s.mon_owner[d] == p)
            self._gain(s, p, pts, "monuments")
        # The seed's only end: 50 or more prestige in phase 3 of a round.
        if max(s.scores) >= WIN_SCORE:
            s.end_reason = f"{WIN_SCORE} prestige reached"
            s.phase = PHASE_OVER
            w = self.winners(s)[0]
            self._log(s, f"The game ends ({s.end_reason}). {s.names[w]} wins with {s.scores[w]} prestige.")
            return  # nothing pushed: the empty stack is the end of the game
        s.steps.append(StartRound())

    # ------------------------------------------------------------------ results
    def scores(self, s: UtopiaState) -> list[int]:
        return list(s.scores)

    def winners(self, s: UtopiaState) -> list[int]:
        """The player furthest ahead; on one space, the minister that arrived there first."""
        return [self.rank_order(s)[0]]

    def rules_notes(self) -> str:
        return (Path(__file__).with_name("RULES.md")).read_text(encoding="utf-8")

    # ------------------------------------------------------------------ copies
    @staticmethod
    def _copy(s: UtopiaState, rng: Rng | None) -> UtopiaState:
        """A copy of ``s`` (the engine's) with ``rng`` as its random source and no cached decision."""
        return copy_state(s, rng=rng, _decision=None)

    # ------------------------------------------------------------------ determinize
    def determinize(self, state: UtopiaState, viewer: int | None, rng: random.Random) -> UtopiaState:
        """A state ``viewer`` cannot tell from ``state``.

        Hidden from ``viewer``: the other players' hands, the order of the
        deck and the face-down cards the others put on the discard pile (how
        many each holds or discarded is public; cards played face up and the
        viewer's own discards are known).  Those cards are pooled, shuffled
        with ``rng`` and dealt back in the same numbers.  A player in the
        middle of a card action is known (from the public prompts) to be able
        to pay for it, so their new hand must still pay (and hold the cards
        already chosen): up to 40 shuffles are tried, then such a hand is
        made on purpose.  The bag holds counts only (draws are random), the
        guests are public.  The state's rng is replaced, and the others'
        private log texts are dropped (they named the true cards).

        It depends only on what ``viewer`` sees (the bots' honesty rests on
        it): the pool is counted, not listed, so it comes out in one order
        whatever the hidden order was, and ``rng`` is called the same way
        whatever the hidden cards are."""
        out = self._copy(state, None)
        top = out.steps[-1] if out.steps else None
        if top is not None and top.player == viewer:
            # the viewer's options read only the viewer's hand and the board, which stay
            out._decision = state._decision
        others = [q for q in range(out.n) if q != viewer]
        pending = self._pending_action(out)
        if pending is not None and pending.player == viewer:
            pending = None
        public = list(out.discard)
        for row in out.discarded_by:
            for x in _PEOPLE:
                public[x] -= row[x]
        counts = [0] * N_PEOPLES
        for x in out.deck.secret_contents():
            counts[x] += 1
        for q in others:
            h, dd = out.hands[q], out.discarded_by[q]
            for x in _PEOPLE:
                counts[x] += h[x] + dd[x]
        unseen = [x for x in _PEOPLE for _ in range(counts[x])]
        hand_sizes = {q: sum(out.hands[q]) for q in others}
        disc_sizes = {q: sum(out.discarded_by[q]) for q in others}
        for _ in range(40):
            rng.shuffle(unseen)
            dealt = self._deal_unseen(unseen, others, hand_sizes, disc_sizes)
            if pending is None or self._can_go_on(out, pending, dealt[0][pending.player]):
                break
        else:  # a rare hand: the cards it needs set aside first, the rest dealt at random
            q = pending.player
            need = self._paying_cards(pending, counts, hand_sizes[q])
            unseen = [x for x in _PEOPLE for _ in range(counts[x] - need[x])]
            rng.shuffle(unseen)
            dealt = self._deal_unseen(unseen, others, {**hand_sizes, q: hand_sizes[q] - sum(need)}, disc_sizes)
            dealt[0][q] = [a + b for a, b in zip(dealt[0][q], need)]
        hands, discs, rest = dealt
        for q, h in hands.items():
            out.hands[q] = h
        for q, dd in discs.items():
            out.discarded_by[q] = dd
        out.discard = [public[x] + sum(row[x] for row in out.discarded_by) for x in _PEOPLE]
        out.deck = Deck(rest)
        log = out.log
        for i in compress(range(len(log)), map(_PRIVATE_TEXT, log)):  # the scan runs in C
            e = log[i]
            if e.private_to != viewer:
                log[i] = LogEntry(e.text, e.private_to, None, e.round)
        out.rng = Rng(rng.randrange(2**32))
        return out

    @staticmethod
    def _paying_cards(act: ActionStep, pool: list[int], size: int) -> list[int]:
        """The cards (counts per people, out of ``pool``) that make a hand of
        ``size`` able to go on with ``act``: the cards already chosen, then as
        many of the action's people as are still to pay (or the pool has).
        Some hand from the pool pays (the true one), so any filled up from
        these does: it holds at least as many cards of the right people."""
        x = act.people
        paid = act.paid if isinstance(act, Pay) else ()
        left = act.left if isinstance(act, Pay) else ACTION_COST[act.action]
        need = [0] * N_PEOPLES
        for y in paid:
            need[y] += 1
        need[x] += min(left, pool[x] - need[x], size - len(paid))
        return need

    @staticmethod
    def _deal_unseen(cards: list[int], players: list[int], hand_sizes: dict, disc_sizes: dict):
        """Deal ``cards`` (already shuffled) into the players' hands and face-down discards in
        the given numbers; returns (hands, discards, the rest for the deck)."""
        i = 0
        hands, discs = {}, {}
        for q in players:
            h = [0] * N_PEOPLES
            for x in cards[i:i + hand_sizes[q]]:
                h[x] += 1
            i += hand_sizes[q]
            dd = [0] * N_PEOPLES
            for x in cards[i:i + disc_sizes[q]]:
                dd[x] += 1
            i += disc_sizes[q]
            hands[q], discs[q] = h, dd
        return hands, discs, cards[i:]

    @staticmethod
    def _pending_action(s: UtopiaState) -> ActionStep | None:
        top = s.steps[-1] if s.steps else None
        return top if isinstance(top, ActionStep) else None

    def _can_go_on(self, s: UtopiaState, act: ActionStep, hand: list[int]) -> bool:
        """Can ``hand`` still pay for the action under way (holding the cards already chosen)?"""
        hand = list(hand)
        tiles = s.privileges[act.player]
        x = act.people
        paid = act.paid if isinstance(act, Pay) else ()
        left = act.left if isinstance(act, Pay) else ACTION_COST[act.action]
        for y in paid:
            hand[y] -= 1
            if hand[y] < 0:
                return False
            if y != x:
                tiles -= 1
        return tiles >= 0 and self.can_pay(hand, tiles, x, left)

    # ------------------------------------------------------------------ view
    def view(self, s: UtopiaState, viewer: int | None) -> dict:
        over = s.phase == PHASE_OVER
        order = self.rank_order(s)
        rank = {p: i for i, p in enumerate(order)}
        top = s.steps[-1] if s.steps else None
        if not isinstance(top, Step):
            top = None
        by = getattr(top, "by", -1)
        due = ({st.player: st.left for st in s.steps if isinstance(st, Discard)}
               if s.phase == PHASE_DISCARD else {})
        players = []
        for p in range(s.n):
            mine = viewer == p
            players.append({
                "name": s.names[p], "score": s.scores[p], "rank": rank[p],
                "supply": {PEOPLES[x]: s.supply[p][x] for x in _PEOPLE},
                "bases": s.bases[p], "privileges": s.privileges[p],
                "guests": [{"island": ISLANDS[t // N_PEOPLES], "people": PEOPLES[t % N_PEOPLES], "count": c}
                           for t, c in enumerate(s.kept[p]) if c],
                "hand_count": sum(s.hands[p]),
                "hand": ({PEOPLES[x]: s.hands[p][x] for x in _PEOPLE} if mine else None),
                "drew_from_bag": s.drew[p] if s.drew else False,
                "acted": s.acted[p] if s.acted else False,
                "discard_due": due.get(p, 0),
            })
        districts = []
        for dd in DISTRICTS:
            i = dd.id
            districts.append({
                "id": i, "name": dd.name, "island": ISLANDS[dd.island], "value": dd.value,
                "pier": dd.pier, "open": s.open_districts[i],
                "neighbours": [_DNAME[j] for j in sorted(LAND_NEIGHBOURS[i])],
                "sea": [_DNAME[j] for j in sorted(SEA_NEIGHBOURS[i])],
                "monument": ({"people": PEOPLES[s.mon_people[i]], "owner": s.mon_owner[i]}
                             if s.mon_people[i] >= 0 else None),
                "princes": [{PEOPLES[x]: s.princes[i][p][x] for x in _PEOPLE if s.princes[i][p][x]}
                            for p in range(s.n)],
            })
        selected = None
        if viewer is not None and top is not None and viewer == top.player and not over:
            selected = self._selection(top)
        return {
            "game": "utopia", "round": s.round, "phase": s.phase, "step": top.tag if top is not None else None,
            "turn": (by if by >= 0 else top.player) if top is not None and not over else None,
            "actor": top.player if top is not None and not over else None,
            "out_of_turn": by >= 0, "viewer": viewer,
            "order": order,
            "scale": [PEOPLES[x] for x in s.scale],
            "values": {PEOPLES[x]: i + 1 for i, x in enumerate(s.scale)},
            "bag": sum(s.bag),
            "display": [{"island": ISLANDS[t // N_PEOPLES], "people": PEOPLES[t % N_PEOPLES], "count": c}
                        for t, c in enumerate(s.display) if c],
            "deck": len(s.deck), "discard": sum(s.discard),
            "monuments_left": {PEOPLES[x]: s.monuments_left[x] for x in _PEOPLE},
            "wonders": [{"island": ISLANDS[i], "owner": (s.wonder_owner[i] if s.wonder_owner[i] >= 0 else None),
                         "bonus": WONDER_BONUS[i], "open": s.open_islands[i]} for i in range(len(ISLANDS))],
            "districts": districts,
            "players": players,
            "selected": selected,
            "log": [e.for_viewer(viewer) for e in s.log],
            "scores": list(s.scores) if over else None,
            "winners": self.winners(s) if over else None,
            "end_reason": s.end_reason or None,
        }

    @staticmethod
    def _selection(top: Step) -> dict:
        """What the deciding player has chosen so far in the step under way."""
        guest, drawn, wonder = -1, False, -1
        action, people, frm, to, count, paid, pay_left = None, None, -1, -1, 0, (), 0
        if isinstance(top, Place):
            guest, drawn = top.guest, top.drawn
        elif isinstance(top, (Build, WonderPrince)):
            guest, drawn = top.drawn, top.drawn >= 0
            if isinstance(top, WonderPrince):
                wonder = top.island
        elif isinstance(top, ActionStep):
            action, people, frm, to, count = top.action, PEOPLES[top.people], top.frm, top.to, top.count
            if isinstance(top, Pay):
                paid, pay_left = top.paid, top.left
        return {
            "guest": ({"island": ISLANDS[guest // N_PEOPLES], "people": PEOPLES[guest % N_PEOPLES]}
                      if guest >= 0 else None),
            "drawn": drawn, "action": action, "people": people,
            "from": _DNAME[frm] if frm >= 0 else None,
            "to": _DNAME[to] if to >= 0 else None,
            "count": count or None,
            "paid": [PEOPLES[y] for y in paid], "pay_left": pay_left,
            "wonder": ISLANDS[wonder] if wonder >= 0 else None,
        }


GAME = UtopiaGame()
