"""Utopia (Vialla & Urbon, Matagot 2007): the rules layer.

The state is plain data (:class:`UtopiaState`); :data:`GAME` is the stateless
:class:`UtopiaGame`.  The rules follow ``shared/rules/utopia.md`` (the German
seed, with the reference filling what the seed leaves open); every choice made
beyond both is written down in ``RULES.md`` beside this module.

How a round runs here:

* **Phase 1 (``phase == "guests"``)**: 3 guests per player are drawn onto the
  islands.  Players pick in turn order (re-evaluated from the score track before
  every pick) until no guest is left.  A pick is ``pick`` -> ``place`` (which
  district) -> ``build`` (optional wonders and monuments, then ``done``).  Once
  per round a pick may be ``draw`` instead: the drawn guest is placed the same
  way, then the drawer names another player, who takes one displayed guest out
  of turn (the decision's ``player`` is the named player).
* **Phase 2 (``phase == "discard"`` then ``"cards"``)**: 5 cards each; the
  leader discards 2, the last player none, the others 1.  Then each player in
  turn order plays cards one action at a time: ``play`` -> the action's targets
  -> ``pay`` (only when there is a choice of card or privilege tile).
  Wonders and monuments are options of the ``play`` decision.  ``done`` ends the
  turn and discards the rest of the hand.
* **Phase 3** is automatic: every monument scores its owner the value of its
  people on the prestige scale; then the end is checked.

Performance: the state is a handful of flat lists of small ints, the decision
of a position is computed once (``Game.cached_decision``) and nothing is
copied while playing, so a random game runs well over 10,000 choices a second.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ...engine.core import Decision, Game, LogEntry, Option
from ...engine.rng import Rng
from . import data as D
from .data import (
    ADD_POINTS, BASES, CARDS_PER_PEOPLE, DISTRICTS, GUESTS_PER_PLAYER, GUESTS_PER_TYPE, HAND_SIZE,
    ISLAND_DISTRICTS, ISLAND_NAMES, ISLANDS, LAND_NEIGHBOURS, MONUMENTS_PER_PEOPLE, N_DISTRICTS,
    N_GUEST_TYPES, N_PEOPLES, PEOPLE_NAMES, PEOPLES, PRINCES_PER_PEOPLE, PRIVILEGE_TILES,
    REMOVE_POINTS, SEA_NEIGHBOURS, WIN_SCORE, WONDER_BONUS, WONDER_POINTS,
)

# House safeguard (see RULES.md): players who never build a monument could
# play forever, so the game also ends after phase 3 of this round.
ROUND_LIMIT = 100

PHASE_GUESTS, PHASE_DISCARD, PHASE_CARDS, PHASE_OVER = "guests", "discard", "cards", "over"
ACTIONS = ("move", "add", "remove", "raise", "lower")

_PEOPLE = range(N_PEOPLES)
A_PEOPLE = tuple(("an " if n[0] in "AEIOU" else "a ") + n for n in PEOPLE_NAMES)  # "an Egyptian"
_ISLAND_OF = tuple(d.island for d in DISTRICTS)
_DNAME = tuple(d.name for d in DISTRICTS)
_REACH = tuple(tuple(sorted(LAND_NEIGHBOURS[i] | SEA_NEIGHBOURS[i])) for i in range(N_DISTRICTS))

# Option objects that never change are built once.
_BACK = Option("back", "Back")
_DONE_BUILD = Option("done", "Done (build nothing more)")
_DONE_PLAY = Option("done", "End turn (discard the rest)")
_DRAW = Option("draw", "Draw a guest from the bag (once per round)", ("bag",))
_DISTRICT_OPT = tuple(Option(f"district:{d.name}", f"{d.name} ({ISLAND_NAMES[d.island]})", ("district", d.id))
                      for d in DISTRICTS)
_GUEST_OPT = tuple(Option(f"guest:{D.guest_key(t)}", D.guest_label(t), ("guest", t // N_PEOPLES, t % N_PEOPLES))
                   for t in range(N_GUEST_TYPES))
_CARD_OPT = tuple(Option(f"card:{PEOPLES[x]}", f"{PEOPLE_NAMES[x]} card", ("card", x)) for x in _PEOPLE)
_COUNT_OPT = (Option("count:1", "Move 1 prince"), Option("count:2", "Move 2 princes"))
_WONDER_OPT = tuple(Option(f"wonder:{ISLANDS[i]}", f"Build a wonder on {ISLAND_NAMES[i]} (+{WONDER_POINTS})",
                           ("island", i)) for i in range(len(ISLANDS)))
_MONUMENT_OPT = tuple(tuple(Option(f"monument:{d.name}:{PEOPLES[x]}",
                                   f"Build {A_PEOPLE[x]} monument in {d.name}", ("district", d.id))
                            for x in _PEOPLE) for d in DISTRICTS)
_ACTION_LABEL = {
    "move": "Move 1-2 {p} princes (1 card)",
    "add": "Add {ap} prince at {ap} monument (1 card)",
    "remove": "Remove {ap} prince at {ap} monument, +2 (1 card)",
    "raise": "Raise {p} one place on the prestige scale (1 card)",
    "lower": "Drop {p} to the bottom of the prestige scale (2 cards)",
}
_ACTION_OPT = {a: tuple(Option(f"{a}:{PEOPLES[x]}", _ACTION_LABEL[a].format(p=PEOPLE_NAMES[x], ap=A_PEOPLE[x]),
                               ("people", x) if a in ("move", "add", "remove") else ("scale", x))
                        for x in _PEOPLE) for a in ACTIONS}
_PAY_OPT = tuple(tuple(
    _CARD_OPT[y] if y == x else Option(f"card:{PEOPLES[y]}",
                                       f"{PEOPLE_NAMES[y]} card as {PEOPLE_NAMES[x]} (uses a privilege tile)",
                                       ("card", y))
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
    deck: list[int]              # action cards (their people), top = end
    discard: list[int]           # discard pile, count per people
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
    turn: int = -1               # whose turn it is in phase 1 / phase 2
    actor: int = -1              # who decides now (the named player during an out-of-turn pick)
    step: str = ""
    acted: list[bool] = field(default_factory=list)
    drew: list[bool] = field(default_factory=list)   # bag draw used this round
    first_last_round: int = -1
    discard_queue: list[list[int]] = field(default_factory=list)  # [player, cards still to discard]
    # the sub-step in progress
    sel_guest: int = -1
    sel_drawn: bool = False
    extra: bool = False          # the named player's out-of-turn pick is in progress
    sel_action: str = ""
    sel_people: int = -1
    sel_from: int = -1
    sel_to: int = -1
    sel_count: int = 0
    pay_left: int = 0
    paid: list[int] = field(default_factory=list)
    wonder_island: int = -1
    wonder_picks: list[int] = field(default_factory=list)
    end_reason: str = ""
    log: list[LogEntry] = field(default_factory=list)
    reveals: int = 0
    _decision: Any = field(default=None, compare=False, repr=False)

    @property
    def n(self) -> int:
        return len(self.names)


def _names_list(counts: list[int], names=PEOPLE_NAMES) -> str:
    parts = [f"{c} {names[i]}" for i, c in enumerate(counts) if c]
    return ", ".join(parts) if parts else "nothing"


class UtopiaGame(Game):
    name = "utopia"
    title = "Utopia"
    min_players = 2
    max_players = 5
    description = ("Welcome princes of five peoples to four islands, dominate districts with monuments, "
                   "build wonders and steer the prestige scale (2-5 players).")
    rules_version = "1"

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
        deck = [x for x in _PEOPLE for _ in range(CARDS_PER_PEOPLE)]
        rng.shuffle(deck)
        start = rng.randrange(n)
        stamps = [(p - start) % n for p in range(n)]
        s = UtopiaState(
            names=list(names), options=opts, rng=rng, open_islands=open_islands,
            open_districts=open_districts, scores=[0] * n, stamps=stamps, next_stamp=n,
            scale=scale, bag=bag, display=[0] * N_GUEST_TYPES,
            kept=[[0] * N_GUEST_TYPES for _ in range(n)], removed_guests=removed,
            deck=deck, discard=[0] * N_PEOPLES, hands=[[0] * N_PEOPLES for _ in range(n)],
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
        self._start_round(s)
        return s

    # ------------------------------------------------------------------ helpers
    def _log(self, s: UtopiaState, text: str, private_to: int | None = None,
             private_text: str | None = None) -> None:
        s.log.append(LogEntry(text, private_to, private_text, s.round))

    @staticmethod
    def rank_order(s: UtopiaState) -> list[int]:
        """Players by score, highest first; on one space, who arrived first is ahead."""
        return sorted(range(s.n), key=lambda p: (-s.scores[p], s.stamps[p]))

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

    def can_take_any(self, s: UtopiaState, p: int) -> bool:
        sup = s.supply[p]
        return any(c and sup[t % N_PEOPLES] for t, c in enumerate(s.display))

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
        if s.bases[p] <= 0:
            return []
        out = []
        for i, ds in enumerate(ISLAND_DISTRICTS):
            if s.wonder_owner[i] >= 0 or not s.open_islands[i]:
                continue
            have = [False] * N_PEOPLES
            for d in ds:
                row = s.princes[d][p]
                for x in _PEOPLE:
                    if row[x]:
                        have[x] = True
            if all(have):
                out.append(i)
        return out

    def monument_sites(self, s: UtopiaState, p: int) -> list[tuple[int, int]]:
        if s.bases[p] <= 0:
            return []
        out = []
        left = s.monuments_left
        for d in range(N_DISTRICTS):
            if s.mon_people[d] >= 0 or not s.open_districts[d]:
                continue
            row = s.princes[d][p]
            for x in _PEOPLE:
                if row[x] >= 3 and left[x] > 0:
                    out.append((d, x))
        return out

    def _build_options(self, s: UtopiaState, p: int) -> list[Option]:
        opts = [_WONDER_OPT[i] for i in self.wonder_islands(s, p)]
        opts.extend(_MONUMENT_OPT[d][x] for d, x in self.monument_sites(s, p))
        return opts

    # ------------------------------------------------------------------ round flow
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
            t = self._draw_guest(s)
            s.display[t] += 1
            drawn[t // N_PEOPLES] += 1
        s.reveals += 1
        s.phase = PHASE_GUESTS
        self._log(s, f"Round {s.round}, phase 1: {s.names[order[0]]} draws {sum(drawn)} guests ("
                  + ", ".join(f"{ISLAND_NAMES[i]} {c}" for i, c in enumerate(drawn) if c) + ").")
        self._advance_guests(s)

    def _draw_guest(self, s: UtopiaState) -> int:
        r = s.rng.randrange(sum(s.bag))
        for t, c in enumerate(s.bag):
            if r < c:
                s.bag[t] -= 1
                return t
            r -= c
        raise AssertionError("bag count out of step")  # pragma: no cover

    def _advance_guests(self, s: UtopiaState) -> None:
        """Hand the next phase-1 pick to the highest-ranked player who has not picked in this go-around."""
        s.extra = False
        s.sel_guest = -1
        s.sel_drawn = False
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
                s.turn = s.actor = nxt
                s.step = "pick"
                return
            self._log(s, f"{s.names[nxt]} has no prince for any guest on display and passes.")
            s.acted[nxt] = True
        self._start_cards(s)

    def _end_pick_turn(self, s: UtopiaState) -> None:
        s.acted[s.turn] = True
        self._advance_guests(s)

    def _finish_pick(self, s: UtopiaState) -> None:
        """The actor's pick (and any building after it) is over."""
        if s.extra:
            self._end_pick_turn(s)
        elif s.sel_drawn:
            s.sel_drawn = False
            s.sel_guest = -1
            s.actor = s.turn
            s.step = "name"
        else:
            self._end_pick_turn(s)

    def _after_placement(self, s: UtopiaState) -> None:
        if self._build_options(s, s.actor):
            s.step = "build"
        else:
            self._finish_pick(s)

    def _after_build(self, s: UtopiaState) -> None:
        s.wonder_island = -1
        s.wonder_picks = []
        if s.phase == PHASE_GUESTS:
            self._after_placement(s)
        else:
            s.step = "play"

    # -- phase 2
    def _start_cards(self, s: UtopiaState) -> None:
        order = self.rank_order(s)
        n = s.n
        s.phase = PHASE_DISCARD
        s.discard_queue = []
        self._log(s, f"Round {s.round}, phase 2: {HAND_SIZE} action cards each.")
        for i, p in enumerate(order):
            got = [0] * N_PEOPLES
            for _ in range(HAND_SIZE):
                if not s.deck:
                    self._reshuffle(s)
                x = s.deck.pop()
                got[x] += 1
                s.hands[p][x] += 1
            self._log(s, f"{s.names[p]} is dealt {HAND_SIZE} cards.", p,
                      f"{s.names[p]} is dealt {HAND_SIZE} cards: {_names_list(got)}.")
            due = 2 if i == 0 else 0 if i == n - 1 else 1
            if due:
                s.discard_queue.append([p, due])
        s.reveals += 1
        s.turn = s.actor = s.discard_queue[0][0]  # the leader always discards 2
        s.step = "discard"

    def _reshuffle(self, s: UtopiaState) -> None:
        s.deck = [x for x in _PEOPLE for _ in range(s.discard[x])]
        s.discard = [0] * N_PEOPLES
        s.rng.shuffle(s.deck)
        s.reveals += 1
        self._log(s, f"The action deck is empty: the {len(s.deck)} discarded cards are shuffled into a new deck.")

    def _start_play(self, s: UtopiaState) -> None:
        s.phase = PHASE_CARDS
        s.acted = [False] * s.n
        self._advance_cards(s)

    def _advance_cards(self, s: UtopiaState) -> None:
        self._clear_sel(s)
        nxt = next((q for q in self.rank_order(s) if not s.acted[q]), None)
        if nxt is None:
            self._score_phase(s)
            return
        s.turn = s.actor = nxt
        s.step = "play"

    @staticmethod
    def _clear_sel(s: UtopiaState) -> None:
        s.sel_action = ""
        s.sel_people = s.sel_from = s.sel_to = -1
        s.sel_count = 0
        s.pay_left = 0
        s.paid = []
        s.wonder_island = -1
        s.wonder_picks = []

    # -- phase 3
    def _score_phase(self, s: UtopiaState) -> None:
        s.turn = s.actor = -1
        s.step = ""
        self._log(s, f"Round {s.round}, phase 3: prestige for monuments ("
                  + ", ".join(f"{PEOPLE_NAMES[x]} {i + 1}" for i, x in enumerate(s.scale)) + ").")
        for p in self.rank_order(s):
            pts = sum(s.scale.index(s.mon_people[d]) + 1
                      for d in range(N_DISTRICTS) if s.mon_owner[d] == p)
            self._gain(s, p, pts, "monuments")
        top = max(s.scores)
        if top >= WIN_SCORE:
            s.end_reason = f"{WIN_SCORE} prestige reached"
        elif s.round >= ROUND_LIMIT:
            s.end_reason = f"round limit ({ROUND_LIMIT}) reached"
        if s.end_reason:
            s.phase = PHASE_OVER
            w = self.winners(s)[0]
            self._log(s, f"The game ends ({s.end_reason}). {s.names[w]} wins with {s.scores[w]} prestige.")
            return
        self._start_round(s)

    # ------------------------------------------------------------------ decisions
    def decision(self, s: UtopiaState) -> Decision | None:
        if s.phase == PHASE_OVER:
            return None
        p = s.actor
        name = s.names[p]
        step = s.step
        if step == "pick":
            opts = [_GUEST_OPT[t] for t in range(N_GUEST_TYPES) if self.can_take(s, p, t)]
            if s.extra:
                return Decision(p, f"{name}: take a guest out of turn (named by {s.names[s.turn]})",
                                "extra_guest", opts, private=True)
            if self.can_draw(s, p):
                opts.append(_DRAW)
            return Decision(p, f"{name}: take a guest and place a prince on its island", "guest", opts,
                            private=False)
        if step == "place":
            t = s.sel_guest
            isl = t // N_PEOPLES
            opts = [_DISTRICT_OPT[d] for d in ISLAND_DISTRICTS[isl]]
            if not s.sel_drawn:
                opts.append(_BACK)
            return Decision(p, f"{name}: place {A_PEOPLE[t % N_PEOPLES]} prince on {ISLAND_NAMES[isl]}",
                            "place", opts, private=s.extra)
        if step == "build":
            opts = self._build_options(s, p)
            opts.append(_DONE_BUILD)
            return Decision(p, f"{name}: build a wonder or a monument?", "build", opts, private=s.extra)
        if step == "wonder_prince":
            x = len(s.wonder_picks)
            opts = [_DISTRICT_OPT[d] for d in self._wonder_sources(s, p, x)]
            opts.append(_BACK)
            return Decision(p, f"{name}: which {PEOPLE_NAMES[x]} prince goes back for the wonder on "
                               f"{ISLAND_NAMES[s.wonder_island]}?", "wonder_prince", opts,
                            private=s.phase != PHASE_GUESTS or s.extra)
        if step == "name":
            opts = [Option(f"player:{q}", s.names[q], ("player", q)) for q in range(s.n) if q != p]
            return Decision(p, f"{name}: name a player who must take a guest out of turn", "name", opts,
                            private=False)
        if step == "discard":
            due = s.discard_queue[0][1]
            hand = s.hands[p]
            opts = [_CARD_OPT[x] for x in _PEOPLE if hand[x]]
            return Decision(p, f"{name}: discard a card ({due} to discard)", "discard", opts)
        if step == "play":
            return Decision(p, f"{name}: play action cards", "play", self._play_options(s, p))
        x = s.sel_people
        if step == "move_from":
            opts = [_DISTRICT_OPT[d] for d in range(N_DISTRICTS) if s.princes[d][p][x]]
            opts.append(_BACK)
            return Decision(p, f"{name}: move {PEOPLE_NAMES[x]} princes from which district?", "move_from", opts)
        if step == "move_to":
            opts = [_DISTRICT_OPT[d] for d in _REACH[s.sel_from] if s.open_districts[d]]
            opts.append(_BACK)
            return Decision(p, f"{name}: move from {_DNAME[s.sel_from]} to which district?", "move_to", opts)
        if step == "move_count":
            return Decision(p, f"{name}: move how many {PEOPLE_NAMES[x]} princes "
                               f"from {_DNAME[s.sel_from]} to {_DNAME[s.sel_to]}?", "move_count",
                            [*_COUNT_OPT, _BACK])
        if step == "target":
            if s.sel_action == "add":
                opts = [_DISTRICT_OPT[d] for d in range(N_DISTRICTS) if s.mon_people[d] == x]
                prompt = f"{name}: add {A_PEOPLE[x]} prince at which {PEOPLE_NAMES[x]} monument?"
            else:
                opts = [_DISTRICT_OPT[d] for d in range(N_DISTRICTS)
                        if s.mon_people[d] == x and s.princes[d][p][x]]
                prompt = f"{name}: remove {A_PEOPLE[x]} prince from which district?"
            opts.append(_BACK)
            return Decision(p, prompt, "target", opts)
        if step == "pay":
            opts = self._pay_options(s, p)
            opts.append(_BACK)
            return Decision(p, f"{name}: which card pays for the {s.sel_action} "
                               f"({s.pay_left} card{'s' if s.pay_left > 1 else ''} to pay)?", "pay", opts)
        raise AssertionError(f"unknown step {step!r}")  # pragma: no cover

    def _wonder_sources(self, s: UtopiaState, p: int, x: int) -> list[int]:
        return [d for d in ISLAND_DISTRICTS[s.wonder_island] if s.princes[d][p][x]]

    def _play_options(self, s: UtopiaState, p: int) -> list[Option]:
        hand = s.hands[p]
        tiles = s.privileges[p]
        total = sum(hand)
        opts: list[Option] = []
        if total:
            sup = s.supply[p]
            mons = [0] * N_PEOPLES
            at_mon = [False] * N_PEOPLES
            for d in range(N_DISTRICTS):
                mx = s.mon_people[d]
                if mx >= 0:
                    mons[mx] += 1
                    if s.princes[d][p][mx]:
                        at_mon[mx] = True
            top = s.scale[-1]
            bottom = s.scale[0]
            for x in _PEOPLE:
                own = hand[x]
                if not (own or tiles):
                    continue
                if sup[x] < PRINCES_PER_PEOPLE:  # a prince not in supply stands on the board
                    opts.append(_ACTION_OPT["move"][x])
                if sup[x] and mons[x]:
                    opts.append(_ACTION_OPT["add"][x])
                if at_mon[x]:
                    opts.append(_ACTION_OPT["remove"][x])
                if x != top:
                    opts.append(_ACTION_OPT["raise"][x])
                if x != bottom and own + min(tiles, total - own) >= 2:
                    opts.append(_ACTION_OPT["lower"][x])
        opts.extend(self._build_options(s, p))
        opts.append(_DONE_PLAY)
        return opts

    def _pay_options(self, s: UtopiaState, p: int) -> list[Option]:
        x = s.sel_people
        hand = list(s.hands[p])
        tiles = s.privileges[p]
        for y in s.paid:
            hand[y] -= 1
            if y != x:
                tiles -= 1
        rest = s.pay_left - 1
        opts = []
        for y in _PEOPLE:
            if not hand[y]:
                continue
            t = tiles if y == x else tiles - 1
            if t < 0:
                continue
            hand[y] -= 1
            if self.can_pay(hand, t, x, rest):
                opts.append(_PAY_OPT[x][y])
            hand[y] += 1
        return opts

    # ------------------------------------------------------------------ applying
    def _apply(self, s: UtopiaState, d: Decision, o: Option) -> None:
        key = o.key
        p = s.actor
        step = s.step
        if key == "back":
            self._back(s)
            return
        if step == "pick":
            if key == "draw":
                t = self._draw_guest(s)
                s.reveals += 1
                s.drew[p] = True
                s.kept[p][t] += 1
                s.sel_guest = t
                s.sel_drawn = True
                s.step = "place"
                self._log(s, f"{s.names[p]} draws a guest from the bag: {D.guest_label(t)}.")
            else:
                s.sel_guest = o.target[1] * N_PEOPLES + o.target[2]
                s.step = "place"
            return
        if step == "place":
            dist = o.target[1]
            t = s.sel_guest
            x = t % N_PEOPLES
            s.supply[p][x] -= 1
            s.princes[dist][p][x] += 1
            how = "the drawn guest" if s.sel_drawn else "a guest"
            if not s.sel_drawn:
                s.display[t] -= 1
                s.kept[p][t] += 1
            extra = " out of turn" if s.extra else ""
            self._log(s, f"{s.names[p]} takes {how}{extra} ({D.guest_label(t)}) and places "
                         f"{A_PEOPLE[x]} prince in {_DNAME[dist]}.")
            if not s.sel_drawn:
                s.sel_guest = -1
            self._after_placement(s)
            return
        if step == "name":
            q = o.target[1]
            self._log(s, f"{s.names[p]} names {s.names[q]}, who must take a guest out of turn.")
            if self.can_take_any(s, q):
                s.extra = True
                s.actor = q
                s.step = "pick"
            else:
                self._log(s, f"{s.names[q]} has no prince for any guest on display and skips the extra pick.")
                self._end_pick_turn(s)
            return
        if step in ("build", "play") and key == "done":
            if step == "build":
                self._finish_pick(s)
            else:
                self._end_card_turn(s, p)
            return
        if key.startswith("wonder:"):
            s.wonder_island = o.target[1]
            s.wonder_picks = []
            s.step = "wonder_prince"
            self._wonder_progress(s, p)
            return
        if step == "wonder_prince":
            s.wonder_picks.append(o.target[1])
            self._wonder_progress(s, p)
            return
        if key.startswith("monument:"):
            dist = o.target[1]
            x = PEOPLES.index(key.rsplit(":", 1)[1])
            self._build_monument(s, p, dist, x)
            self._after_build(s)
            return
        if step == "discard":
            x = o.target[1]
            s.hands[p][x] -= 1
            s.discard[x] += 1
            q = s.discard_queue[0]
            q[1] -= 1
            self._log(s, f"{s.names[p]} discards a card.", p, f"{s.names[p]} discards {A_PEOPLE[x]} card.")
            if q[1] == 0:
                s.discard_queue.pop(0)
            if s.discard_queue:
                s.turn = s.actor = s.discard_queue[0][0]
            else:
                self._start_play(s)
            return
        if step == "play":
            action, people = key.split(":")
            s.sel_action = action
            s.sel_people = PEOPLES.index(people)
            if action == "move":
                s.step = "move_from"
            elif action in ("add", "remove"):
                s.step = "target"
            else:
                self._to_pay(s, p, 2 if action == "lower" else 1)
            return
        if step == "move_from":
            s.sel_from = o.target[1]
            s.step = "move_to"
            return
        if step == "move_to":
            s.sel_to = o.target[1]
            if s.princes[s.sel_from][p][s.sel_people] >= 2:
                s.step = "move_count"
            else:
                s.sel_count = 1
                self._to_pay(s, p, 1)
            return
        if step == "move_count":
            s.sel_count = int(key[-1])
            self._to_pay(s, p, 1)
            return
        if step == "target":
            s.sel_to = o.target[1]
            self._to_pay(s, p, 1)
            return
        if step == "pay":
            s.paid.append(o.target[1])
            s.pay_left -= 1
            self._pay_progress(s, p)
            return
        raise AssertionError(f"unhandled {step} {key}")  # pragma: no cover

    def _back(self, s: UtopiaState) -> None:
        if s.step == "place":
            s.sel_guest = -1
            s.step = "pick"
        elif s.step == "wonder_prince":
            self._after_build(s)
        else:
            self._clear_sel(s)
            s.step = "play"

    def _wonder_progress(self, s: UtopiaState, p: int) -> None:
        """Pick one prince of each people on the island; a people found in one district only is taken at once."""
        while len(s.wonder_picks) < N_PEOPLES:
            src = self._wonder_sources(s, p, len(s.wonder_picks))
            if len(src) > 1:
                return
            s.wonder_picks.append(src[0])
        self._build_wonder(s, p, s.wonder_island, s.wonder_picks)
        self._after_build(s)

    def _build_wonder(self, s: UtopiaState, p: int, isl: int, picks: list[int]) -> None:
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

    def _to_pay(self, s: UtopiaState, p: int, k: int) -> None:
        s.pay_left = k
        s.paid = []
        s.step = "pay"
        self._pay_progress(s, p)

    def _pay_progress(self, s: UtopiaState, p: int) -> None:
        while s.pay_left:
            opts = self._pay_options(s, p)
            if len(opts) > 1:
                return
            s.paid.append(opts[0].target[1])
            s.pay_left -= 1
        self._execute(s, p)

    def _execute(self, s: UtopiaState, p: int) -> None:
        x = s.sel_people
        px = PEOPLE_NAMES[x]
        cards = []
        for y in s.paid:
            s.hands[p][y] -= 1
            s.discard[y] += 1
            if y != x:
                s.privileges[p] -= 1
                cards.append(f"{A_PEOPLE[y]} card with a privilege tile")
            else:
                cards.append(f"{A_PEOPLE[x]} card")
        paid = " and ".join(cards)
        a = s.sel_action
        name = s.names[p]
        if a == "move":
            c = s.sel_count
            s.princes[s.sel_from][p][x] -= c
            s.princes[s.sel_to][p][x] += c
            self._log(s, f"{name} plays {paid}: moves {c} {px} prince{'s' if c > 1 else ''} "
                         f"from {_DNAME[s.sel_from]} to {_DNAME[s.sel_to]}.")
        elif a == "add":
            dist = s.sel_to
            s.supply[p][x] -= 1
            s.princes[dist][p][x] += 1
            self._log(s, f"{name} plays {paid}: adds {A_PEOPLE[x]} prince at the {px} monument in {_DNAME[dist]}.")
            owner = s.mon_owner[dist]
            if owner != p:
                self._gain(s, p, ADD_POINTS, f"prince added where {s.names[owner]} rules")
        elif a == "remove":
            dist = s.sel_to
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
        self._clear_sel(s)
        s.step = "play"

    def _end_card_turn(self, s: UtopiaState, p: int) -> None:
        hand = s.hands[p]
        left = sum(hand)
        if left:
            text = f"{s.names[p]} ends the turn and discards {left} unplayed card{'s' if left > 1 else ''}."
            priv = f"{s.names[p]} ends the turn and discards unplayed cards: {_names_list(hand)}."
            for x in _PEOPLE:
                s.discard[x] += hand[x]
                hand[x] = 0
            self._log(s, text, p, priv)
        else:
            self._log(s, f"{s.names[p]} ends the turn.")
        s.acted[p] = True
        self._advance_cards(s)

    # ------------------------------------------------------------------ results
    def scores(self, s: UtopiaState) -> list[int]:
        return list(s.scores)

    def winners(self, s: UtopiaState) -> list[int]:
        """The player furthest ahead; on one space, the minister that arrived there first."""
        return [self.rank_order(s)[0]]

    def why_illegal(self, s: UtopiaState, d: Decision, key: str) -> str:
        p = d.player
        kind, _, rest = key.partition(":")
        try:
            if kind == "draw" and d.kind == "guest":
                if s.drew[p]:
                    return "you may draw a guest from the bag only once per round"
                if not sum(s.bag):
                    return "the bag is empty"
                if not all(s.supply[p]):
                    return ("to draw from the bag you need a prince of every people in your supply "
                            "(the drawn guest must be placeable)")
            if kind == "draw" and d.kind == "extra_guest":
                return "a player named to take a guest out of turn may not draw from the bag"
            if kind == "guest" and d.kind in ("guest", "extra_guest"):
                isl, people = rest.split(":")
                t = D.ISLAND_INDEX[isl] * N_PEOPLES + D.PEOPLE_INDEX[people]
                if not s.display[t]:
                    return f"no {D.guest_label(t)} is on display"
                if not s.supply[p][t % N_PEOPLES]:
                    return f"you have no {PEOPLE_NAMES[t % N_PEOPLES]} prince left to place for that guest"
            if kind == "monument":
                dn, people = rest.split(":")
                dist, x = D.DISTRICT_INDEX[dn], D.PEOPLE_INDEX[people]
                if s.mon_people[dist] >= 0:
                    return f"{dn} already has a monument (one per district)"
                if s.princes[dist][p][x] < 3:
                    return f"a monument needs 3 of your {PEOPLE_NAMES[x]} princes in {dn}"
                if s.bases[p] <= 0:
                    return "you have no base left"
            if kind == "wonder":
                i = D.ISLAND_INDEX[rest]
                if s.wonder_owner[i] >= 0:
                    return f"{ISLAND_NAMES[i]} already has its wonder"
                return f"a wonder needs one of your princes of each of the 5 peoples on {ISLAND_NAMES[i]}"
            if kind == "raise" and D.PEOPLE_INDEX.get(rest) == s.scale[-1]:
                return f"{PEOPLE_NAMES[s.scale[-1]]} is already at the top of the prestige scale"
            if kind == "lower" and D.PEOPLE_INDEX.get(rest) == s.scale[0]:
                return f"{PEOPLE_NAMES[s.scale[0]]} is already at the bottom of the prestige scale"
            if kind in ACTIONS and d.kind == "play":
                return (f"you cannot pay for or carry out that action for the {rest} people "
                        f"(cards of that people, or another card with a privilege tile)")
            if kind == "district" and d.kind == "move_to":
                return "princes move to a neighbouring district or between piers in the same or a next sea sector"
        except (KeyError, ValueError, IndexError):
            pass
        return f"'{key}' is not a legal choice now: {d.prompt}"

    def rules_notes(self) -> str:
        return (Path(__file__).with_name("RULES.md")).read_text(encoding="utf-8")

    # ------------------------------------------------------------------ view
    def view(self, s: UtopiaState, viewer: int | None) -> dict:
        over = s.phase == PHASE_OVER
        order = self.rank_order(s)
        rank = {p: i for i, p in enumerate(order)}
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
                "discard_due": next((c for q, c in s.discard_queue if q == p), 0)
                if s.phase == PHASE_DISCARD else 0,
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
        if viewer is not None and viewer == s.actor and not over:
            selected = {
                "guest": ({"island": ISLANDS[s.sel_guest // N_PEOPLES],
                           "people": PEOPLES[s.sel_guest % N_PEOPLES]} if s.sel_guest >= 0 else None),
                "drawn": s.sel_drawn, "action": s.sel_action or None,
                "people": PEOPLES[s.sel_people] if s.sel_people >= 0 else None,
                "from": _DNAME[s.sel_from] if s.sel_from >= 0 else None,
                "to": _DNAME[s.sel_to] if s.sel_to >= 0 else None,
                "count": s.sel_count or None,
                "paid": [PEOPLES[y] for y in s.paid], "pay_left": s.pay_left,
                "wonder": ISLANDS[s.wonder_island] if s.wonder_island >= 0 else None,
            }
        return {
            "game": "utopia", "round": s.round, "phase": s.phase, "step": s.step or None,
            "turn": s.turn if s.turn >= 0 and not over else None,
            "actor": s.actor if s.actor >= 0 and not over else None,
            "out_of_turn": s.extra, "viewer": viewer,
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


GAME = UtopiaGame()
