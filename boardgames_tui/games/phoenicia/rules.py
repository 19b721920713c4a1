"""Phoenicia (Tom Lehmann, 2007): the rules layer.

The seed (``seeds/003_557f9dc7e13bb020.txt``) is the authority; the research
notes fill what it leaves open, as settled in ``/work/shared/rules/phoenicia.md``.
``RULES.md`` beside this module lists the choices made and the house data.

How the state moves.  Phoenicia is a :class:`~boardgames_tui.engine.steps.StepGame`
(``docs/engine.md``): ``state.steps`` is a stack whose top says what happens
next.  The decisions are small steps whose ``player`` is who decides:

* a turn is one of :class:`Auctions` (step a), :class:`Workers` (step b) or
  :class:`Tools` (step c), always at the bottom of the stack while the turn
  lasts;
* on top of it an auction is a :class:`Bid` that passes from bidder to bidder,
  and a price is a :class:`Pay` that the payer covers one production card at a
  time (or with disks); the turn step below decides again when they are done;
* administration step d is the :class:`Limits` procedure with a
  :class:`Discard` on top for each card over a storage limit.

Procedures (:class:`StartRound`, :class:`NextTurn`, :class:`WinAuction`,
:class:`Administration`, :class:`Limits`) are ``Auto`` steps.  A step with
nothing to decide is skipped by the engine through ``on_empty``: a bidder whose
lack of money is public passes, a payer without cards pays with disks, and
steps a and b are skipped when the table can see that nothing in them is
possible.  An empty stack is the end of the game.

Money.  A player's wealth is the face value of their production cards plus
their disks.  Every payment is a ``Pay`` step; change comes back as disks.  The
action that is paid for has already happened when the payment starts: the
payment only decides which cards go.

Hidden things.  The production deck and the four development stacks are
face-down :class:`~boardgames_tui.engine.hidden.Deck` piles, so every card drawn
is a counted reveal and every shuffle a counted random call (``state.rng.mark``).
Cards paid or turned into disks are shown to everybody; a card discarded for
the storage limit is seen only by its owner (``secret_discards``).

Workers on a tile.  Workers fill a tile from the left, then come the tool
disks, then the empty spaces, so a tile is stored as ``[workers, discs]``.  A
worker moved away leaves a tool disk on its space (the rightmost worker leaves).
A trained worker employed on a tool disk pays nothing and the disk goes back; a
moved worker always pays the new tile's price (seed: "und zahlt den
entsprechenden Betrag an die Bank") and leaves the tile's tool disks for later
trained workers, unless the tile has no empty space left for the one it stands on.
"""
from __future__ import annotations

import random
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path
from typing import Any, ClassVar

from ...engine.copying import copy_state
from ...engine.core import LogEntry, Option
from ...engine.hidden import Deck
from ...engine.rng import Rng
from ...engine.text import quoted
from ...engine.steps import Auto, Step, StepGame, key_head
from ...engine.steps import key as _build_key
from . import data as D
from .data import CARD_VALUES, DEV, TILES

# ----------------------------------------------------------------------------------
# State
# ----------------------------------------------------------------------------------


@dataclass
class PlayerState:
    name: str
    hand: list[int]                    # production card ids (values are private)
    disks: int
    untrained: int                     # workers on the training ground
    trained: int                       # trained workers not yet employed
    tiles: dict[str, list[int]]        # tile slug -> [workers, tool discs]
    cards: list[str] = field(default_factory=list)   # development cards, in order won
    vp_bought: int = 0                 # VP bought with City Center


@dataclass
class PhoeniciaState:
    names: list[str]
    players: list[PlayerState]
    dev_stacks: list[Deck]             # face down; index 0 is stack 1 (drawn first)
    display: list[str]
    prod_deck: Deck                    # face down
    prod_discard: list[int]            # face down
    removed: list[int]                 # preset "5" cards not used (fewer than 5 players)
    rng: Rng
    start: int                         # start player of this round
    round: int = 1
    active: int = 0                    # whose turn it is (the last one's during administration)
    to_act: list[int] = field(default_factory=list)   # players still to take their turn this round
    bank_disks: int = D.BANK_DISKS
    end_reason: str = ""
    # Cards in the discard pile whose value only one player saw (a storage-limit
    # discard): card id -> that player.  Paid and converted cards were shown to all.
    secret_discards: dict[int, int] = field(default_factory=dict)
    steps: list = field(default_factory=list)
    log: list[LogEntry] = field(default_factory=list)
    _decision: Any = field(default=None, compare=False, repr=False)

    # -- read from the step stack (never stored twice) ------------------------------
    @property
    def phase(self) -> str:
        """"turn", "limits" (administration step d) or "over"."""
        if not self.steps:
            return "over"
        return "limits" if isinstance(self.steps[0], Limits) else "turn"

    @property
    def step(self) -> str | None:
        """The active player's step "a", "b" or "c" (None outside a turn)."""
        bottom = self.steps[0] if self.steps else None
        return bottom.letter if isinstance(bottom, TurnStep) else None

    @property
    def auction(self) -> "Bid | None":
        top = self.steps[-1] if self.steps else None
        return top if isinstance(top, Bid) else None

    @property
    def payment(self) -> "Pay | None":
        top = self.steps[-1] if self.steps else None
        return top if isinstance(top, Pay) else None

    @property
    def limit_queue(self) -> list[int]:
        """Players whose limits are still to check (the first is being checked)."""
        for st in self.steps:
            if isinstance(st, Limits):
                return st.queue
        return []

    @property
    def dev_deck_size(self) -> int:
        return sum(len(d) for d in self.dev_stacks)


# ----------------------------------------------------------------------------------
# What a player has (derived, never stored twice)
# ----------------------------------------------------------------------------------

def wealth(pl: PlayerState) -> int:
    return sum(CARD_VALUES[c] for c in pl.hand) + pl.disks


def public_wealth_bound(pl: PlayerState) -> int:
    """The most this player could own as far as the others know (each card at the highest value)."""
    return len(pl.hand) * max(CARD_VALUES) + pl.disks


def tile_level(pl: PlayerState, slug: str) -> int:
    t = TILES[slug]
    return min(pl.cards.count(t.improved_by), len(t.levels) - 1) if t.improved_by else 0


def tile_values(pl: PlayerState, slug: str) -> tuple[int, ...]:
    return TILES[slug].prod[tile_level(pl, slug)]


def production(pl: PlayerState) -> int:
    total = sum(DEV[c].prod for c in pl.cards)
    for slug, (w, _d) in pl.tiles.items():
        total += sum(tile_values(pl, slug)[:w])
    return total


def victory_points(pl: PlayerState) -> int:
    total = sum(DEV[c].vp for c in pl.cards) + pl.vp_bought
    for slug, (w, _d) in pl.tiles.items():
        total += w * TILES[slug].vp
    return total


def storehouses(pl: PlayerState) -> int:
    """Start storehouses, those from cards, and one per worker in textiles."""
    tex = pl.tiles.get("textile")
    return D.START_STOREHOUSES + sum(DEV[c].store for c in pl.cards) + (tex[0] if tex else 0)


def treasury(pl: PlayerState) -> int:
    return D.TREASURY_IMPROVED if D.IMPROVES_STORAGE in pl.cards else D.TREASURY


def training_cost(pl: PlayerState) -> int:
    return D.TRAINING_COST_IMPROVED if D.IMPROVES_TRAINING in pl.cards else D.TRAINING_COST


def discount(pl: PlayerState, slug: str) -> int:
    return D.DISCOUNT_PER_CARD * sum(1 for c in pl.cards if slug in DEV[c].discount_on)


def price_for(pl: PlayerState, slug: str, bid: int) -> int:
    return max(0, bid - discount(pl, slug))


def max_bid(pl: PlayerState, slug: str) -> int:
    """The highest bid this player could pay (house: nobody bids more)."""
    return wealth(pl) + discount(pl, slug)


def place_cost(pl: PlayerState, slug: str) -> int:
    """What employing the next trained worker on this tile costs: nothing if a tool disk waits there."""
    return 0 if pl.tiles[slug][1] else TILES[slug].cost


def move_cost(pl: PlayerState, slug: str) -> int:
    """What moving a worker onto this tile costs: the tile's price, tool disk or not."""
    return TILES[slug].cost


def clockwise(start: int, n: int) -> list[int]:
    return [(start + i) % n for i in range(n)]


def _cards_text(values: list[int]) -> str:
    return ", ".join(str(v) for v in sorted(values))


def _values(pl: PlayerState) -> list[int]:
    """The distinct values of the production cards held, ascending."""
    return sorted({CARD_VALUES[c] for c in pl.hand})


def _plural(n: int, word: str) -> str:
    return f"{n} {word}{'' if n == 1 else 's'}"


# ----------------------------------------------------------------------------------
# Options (shared by the steps and by the skip checks)
# ----------------------------------------------------------------------------------

# The engine's key builder, remembered: the same few hundred keys are built all game long.
key = lru_cache(maxsize=1024)(_build_key)


def open_options(s: PhoeniciaState, pl: PlayerState, w: int) -> list[Option]:
    out = []
    seen = set()
    for slug in s.display:
        if slug in seen:
            continue
        seen.add(slug)
        c = DEV[slug]
        pay = price_for(pl, slug, c.bid)
        if pay <= w:
            note = f", you pay {pay}" if pay != c.bid else ""
            out.append(Option(key("open", slug), f"Auction {c.name} (opening bid {c.bid}{note})",
                              ("devcard", slug), slug))
    return out


def worker_options(pl: PlayerState, w: int) -> list[Option]:
    out = []
    tc = training_cost(pl)
    if pl.untrained and w >= tc:
        out.append(Option("train", f"Train a worker (pay {tc})", ("training",), ("train",)))
    free = [t for t in D.TILE_ORDER if t in pl.tiles and pl.tiles[t][0] < D.SPACES]
    if pl.trained:
        for t in free:
            cost = place_cost(pl, t)
            if w >= cost:
                out.append(Option(key("employ", t), f"Employ a worker in {TILES[t].name} ({_cost_text(cost)})",
                                  ("tile", t), ("employ", t)))
    for f in D.TILE_ORDER:
        if f not in pl.tiles or not pl.tiles[f][0]:
            continue
        for t in free:
            if t == f:
                continue
            cost = move_cost(pl, t)
            if w >= cost:
                w_t, d_t = pl.tiles[t]
                note = "; its tool disk goes back" if d_t and w_t + d_t == D.SPACES else ""
                out.append(Option(key("move", f, t),
                                  f"Move a worker from {TILES[f].name} to {TILES[t].name} (pay {cost}{note})",
                                  ("move", f, t), ("move", f, t)))
    return out


def _cost_text(cost: int) -> str:
    return "free: tool disk" if cost == 0 else f"pay {cost}"


# ----------------------------------------------------------------------------------
# Steps: decisions
# ----------------------------------------------------------------------------------

# The kind of decision each key head belongs to ("end" belongs to the three turn steps).
HEAD_KIND = {"open": "auction", "workers": "auction", "train": "workers", "employ": "workers",
             "move": "workers", "tools": "workers", "tool": "tools", "vp": "tools", "convert": "tools",
             "bid": "bid", "pass": "bid", "pay": "pay", "discard": "discard"}
TURN_KINDS = ("auction", "workers", "tools")


class PhxStep(Step):
    """A Phoenicia decision: explains refused keys by the rule they break."""

    def why_illegal(self, g: "PhoeniciaGame", s: PhoeniciaState, k: str) -> str | None:
        head = key_head(k)
        want = HEAD_KIND.get(head)
        if want is None and head != "end":
            return f"{quoted(k)} is not a Phoenicia choice"
        if (want is not None and want != self.kind) or (head == "end" and self.kind not in TURN_KINDS):
            return f"{quoted(k)} is not possible now: {self.prompt(g, s)}"
        return self.reason(s, head)

    def reason(self, s: PhoeniciaState, head: str) -> str | None:
        return None


class TurnStep(PhxStep):
    """Step a, b or c of the active player's turn (the bottom of the stack)."""

    letter: ClassVar[str] = ""

    def end_turn(self, s: PhoeniciaState) -> None:
        s.log.append(LogEntry(f"{s.names[self.player]} ends the turn.", round=s.round))
        s.steps.append(NextTurn())         # limits wait for administration step d


class Auctions(TurnStep):
    """Step a: open auctions while the opening bid can be paid, or go on."""

    kind = "auction"
    letter = "a"

    def prompt(self, g, s):
        return "Auction a development card, or go on"

    def options(self, g, s):
        pl = s.players[self.player]
        opts = open_options(s, pl, wealth(pl))
        # Skip the step when the table can see nothing is possible (each hidden card
        # counted at the highest value), so that a skip tells nobody about card values.
        if not opts and not open_options(s, pl, public_wealth_bound(pl)):
            return []
        opts.append(Option("workers", "Go on to workers (no more auctions)"))
        opts.append(Option("end", "End your turn"))
        return opts

    def on_empty(self, g, s):
        s.steps.append(Workers(self.player))

    def apply(self, g, s, o):
        p = self.player
        if o.key == "workers":
            s.steps.append(Workers(p))
            return
        if o.key == "end":
            self.end_turn(s)
            return
        s.steps.append(self)                  # step a goes on after the auction
        slug = o.value
        c = DEV[slug]
        n = len(s.players)
        order = clockwise(p, n)
        best = [0] * n
        best[p] = c.bid
        s.log.append(LogEntry(f"{s.names[p]} auctions {c.name} with the opening bid {c.bid}.", round=s.round))
        s.steps.append(Bid(order[1], slug, p, c.bid, p, order, best))

    def reason(self, s, head):
        if head == "open":
            return "you can open an auction only on a displayed card whose opening bid you can pay"
        return None


class Workers(TurnStep):
    """Step b: train, employ and move workers in any order, as often as paid for."""

    kind = "workers"
    letter = "b"

    def prompt(self, g, s):
        return "Train, employ or move workers"

    def options(self, g, s):
        pl = s.players[self.player]
        opts = worker_options(pl, wealth(pl))
        if not opts and not worker_options(pl, public_wealth_bound(pl)):
            return []
        opts.append(Option("tools", "Go on to tools and wealth"))
        opts.append(Option("end", "End your turn"))
        return opts

    def on_empty(self, g, s):
        s.steps.append(Tools(self.player))

    def apply(self, g, s, o):
        p = self.player
        pl = s.players[p]
        if o.key == "tools":
            s.steps.append(Tools(p))
            return
        if o.key == "end":
            self.end_turn(s)
            return
        s.steps.append(self)                  # step b goes on after the payment
        action = o.value[0]
        if action == "train":
            pl.untrained -= 1
            pl.trained += 1
            s.log.append(LogEntry(f"{pl.name} trains a worker.", round=s.round))
            charge(s, p, training_cost(pl), "training a worker")
        elif action == "employ":
            t = o.value[1]
            pl.trained -= 1
            cost = place_cost(pl, t)
            tile = pl.tiles[t]
            tile[0] += 1
            if tile[1]:
                tile[1] -= 1                  # the worker takes the tool disk's space; the disk goes back
                s.bank_disks += 1
            s.log.append(LogEntry(f"{pl.name} employs a worker in {TILES[t].name}"
                                  f"{' on a tool disk' if cost == 0 else ''}.", round=s.round))
            charge(s, p, cost, f"a worker in {TILES[t].name}")
        else:  # move
            _, f, t = o.value
            src = pl.tiles[f]
            src[0] -= 1
            src[1] += 1                       # the vacated space is covered with a tool disk
            s.bank_disks -= 1
            cost = move_cost(pl, t)
            dst = pl.tiles[t]
            dst[0] += 1
            back = ""
            if dst[0] + dst[1] > D.SPACES:    # no empty space left for the tool disk it stands on
                dst[1] -= 1
                s.bank_disks += 1
                back = f" A tool disk of {TILES[t].name} goes back to the bank."
            s.log.append(LogEntry(f"{pl.name} moves a worker from {TILES[f].name} to {TILES[t].name}; "
                                  f"a tool disk covers the vacated space.{back}", round=s.round))
            charge(s, p, cost, f"moving a worker to {TILES[t].name}")

    def reason(self, s, head):
        if head == "train":
            return "training needs a worker on the training ground and the money to pay for it"
        if head == "employ":
            return ("employing needs a trained worker and one of your tiles with a free space, for the "
                    "tile's price (free on a tool disk)")
        if head == "move":
            return ("a worker moves to another of your tiles with a free space and pays that tile's price, "
                    "also onto a tool disk")
        return None


class Tools(TurnStep):
    """Step c: tool disks, City Center VP, one card turned into disks; the turn ends here."""

    converted: bool = False            # a card was turned into disks this turn
    vp_bought: int = 0                 # VP bought with City Center this turn
    kind = "tools"
    letter = "c"

    def prompt(self, g, s):
        return "Buy tools, adjust your wealth, or end your turn"

    def options(self, g, s):
        pl = s.players[self.player]
        out = []
        w = wealth(pl)
        for t in D.TILE_ORDER:
            tile = pl.tiles.get(t)
            if tile is not None and tile[0] + tile[1] < D.SPACES and w >= TILES[t].cost:
                out.append(Option(key("tool", t), f"Buy a tool disk for {TILES[t].name} (pay {TILES[t].cost})",
                                  ("tile", t), ("tool", t)))
        if (D.BUYS_VP in pl.cards and self.vp_bought < D.CITY_CENTER_VP_PER_TURN
                and w >= D.CITY_CENTER_VP_PRICE):
            out.append(Option("vp", f"Buy 1 VP with City Center (pay {D.CITY_CENTER_VP_PRICE})", ("citycenter",),
                              ("vp",)))
        if not self.converted:
            for v in _values(pl):
                out.append(Option(key("convert", v), f"Turn a {v} card into {v} disks", ("prodcard", v),
                                  ("convert", v)))
        out.append(Option("end", "End your turn"))
        return out

    def apply(self, g, s, o):
        p = self.player
        pl = s.players[p]
        if o.key == "end":
            self.end_turn(s)
            return
        s.steps.append(self)
        action = o.value[0]
        if action == "vp":
            pl.vp_bought += 1
            self.vp_bought += 1
            s.log.append(LogEntry(f"{pl.name} buys 1 VP with City Center.", round=s.round))
            charge(s, p, D.CITY_CENTER_VP_PRICE, "1 VP")
        elif action == "tool":
            t = o.value[1]
            pl.tiles[t][1] += 1
            s.bank_disks -= 1
            s.log.append(LogEntry(f"{pl.name} buys a tool disk for {TILES[t].name}.", round=s.round))
            charge(s, p, TILES[t].cost, f"a tool disk for {TILES[t].name}")
        else:  # convert
            v = o.value[1]
            remove_card(s, pl, v)
            pl.disks += v
            s.bank_disks -= v
            self.converted = True
            s.log.append(LogEntry(f"{pl.name} turns a {v} card into {v} disks.", round=s.round))

    def reason(self, s, head):
        if head == "tool":
            return "a tool disk needs one of your tiles with an empty space and the tile's price"
        if head == "vp":
            return (f"buying VP needs City Center, at most {D.CITY_CENTER_VP_PER_TURN} a turn, "
                    f"for {D.CITY_CENTER_VP_PRICE} each")
        if head == "convert":
            return "you may turn one production card you hold into disks once a turn"
        return None


class Bid(PhxStep):
    """One bidder's turn in an auction: raise or pass.  ``player`` is the bidder."""

    card: str
    opener: int
    high: int
    high_bidder: int
    active: list[int]                  # players still in, clockwise from the opener
    best: list[int]                    # each player's highest bid in this auction (0: none)
    kind = "bid"

    @property
    def to_act(self) -> int:
        return self.player

    def prompt(self, g, s):
        return f"Auction for {DEV[self.card].name}: {s.names[self.high_bidder]} bids {self.high}. Raise or pass?"

    def options(self, g, s):
        pl = s.players[self.player]
        disc = discount(pl, self.card)
        top = wealth(pl) + disc
        if not pl.hand and top <= self.high:
            return []                  # everything this player has is public: they cannot raise
        target = ("devcard", self.card)
        if disc:
            opts = [Option(key("bid", b), f"Bid {b} (you pay {max(0, b - disc)})", target, b)
                    for b in range(self.high + 1, top + 1)]
        else:
            opts = [Option(key("bid", b), f"Bid {b}", target, b) for b in range(self.high + 1, top + 1)]
        opts.append(Option("pass", "Pass (drop out of this auction)"))
        return opts

    def on_empty(self, g, s):
        s.log.append(LogEntry(f"{s.names[self.player]} cannot raise and passes.", round=s.round))
        self.active.remove(self.player)
        self._go_on(s)

    def apply(self, g, s, o):
        p = self.player
        if o.key == "pass":
            self.active.remove(p)
            s.log.append(LogEntry(f"{s.names[p]} passes.", round=s.round))
        else:
            self.high = self.best[p] = o.value
            self.high_bidder = p
            s.log.append(LogEntry(f"{s.names[p]} bids {self.high}.", round=s.round))
        self._go_on(s)

    def _go_on(self, s: PhoeniciaState) -> None:
        """The next bidder clockwise, or the auction is won."""
        if len(self.active) == 1:
            s.steps.append(WinAuction(self.card, self.high_bidder, self.high))
            return
        n = len(s.players)
        after = self.player
        for i in range(1, n + 1):
            q = (after + i) % n
            if q in self.active and q != self.high_bidder:
                self.player = q
                break
        else:  # pragma: no cover - two or more are still in, so somebody else bids
            raise AssertionError("no bidder left")
        s.steps.append(self)

    def reason(self, s, head):
        if head == "bid":
            return f"a bid must be more than {self.high} and stay within what you can pay"
        return None


class Pay(PhxStep):
    """The payer covers ``due`` with production cards one at a time, or with disks."""

    due: int
    total: int
    what: str                          # what it pays for, for the log
    paid: list[int] = field(default_factory=list)   # values of the cards given so far
    kind = "pay"

    def prompt(self, g, s):
        return f"Pay {self.due} for {self.what}"

    def options(self, g, s):
        pl = s.players[self.player]
        if not pl.hand:
            return []                  # no card left: the disks pay (on_empty)
        due = self.due
        opts = []
        for v in _values(pl):
            note = f" ({v - due} change)" if v > due else ""
            opts.append(Option(key("pay", v), f"Pay with a {v} card{note}", ("prodcard", v), v))
        if pl.disks >= due:
            opts.append(Option(key("pay", "disks"), f"Pay {due} with disks", ("disks",), None))
        return opts

    def on_empty(self, g, s):
        self._with_disks(s)

    def apply(self, g, s, o):
        if o.value is None:
            self._with_disks(s)
            return
        v = o.value
        remove_card(s, s.players[self.player], v)
        self.paid.append(v)
        self.due -= v
        if self.due <= 0:
            self._finish(s, -self.due, 0)
        else:
            s.steps.append(self)

    def _with_disks(self, s: PhoeniciaState) -> None:
        pl = s.players[self.player]
        disks = self.due
        pl.disks -= disks
        s.bank_disks += disks
        self._finish(s, 0, disks)

    def _finish(self, s: PhoeniciaState, change: int, disks: int) -> None:
        pl = s.players[self.player]
        pl.disks += change
        s.bank_disks -= change
        parts = []
        if self.paid:
            parts.append(("card " if len(self.paid) == 1 else "cards ") + _cards_text(self.paid))
        if disks:
            parts.append(_plural(disks, "disk"))
        text = f"{pl.name} pays {self.total} for {self.what} with {' and '.join(parts)}"
        if change:
            text += f", taking {_plural(change, 'disk')} change"
        s.log.append(LogEntry(text + ".", round=s.round))

    def reason(self, s, head):
        return "pay with a production card you hold, or with disks if they cover the rest"


class Discard(PhxStep):
    """More production cards than storehouses: the owner discards one (the value stays private)."""

    kind = "discard"

    def prompt(self, g, s):
        pl = s.players[self.player]
        return (f"Storage limit: {len(pl.hand)} production cards, {storehouses(pl)} storehouses. "
                "Discard one.")

    def options(self, g, s):
        pl = s.players[self.player]
        return [Option(key("discard", v), f"Discard a {v} card", ("prodcard", v), v) for v in _values(pl)]

    def apply(self, g, s, o):
        p = self.player
        pl = s.players[p]
        v = o.value
        c = remove_card(s, pl, v)
        s.secret_discards[c] = p
        s.log.append(LogEntry(f"{pl.name} discards a production card (storage limit).", p,
                              f"{pl.name} discards a {v} card (storage limit).", s.round))
        # Limits is below: it checks this player again.

    def reason(self, s, head):
        return "discard a production card you hold"


# ----------------------------------------------------------------------------------
# Steps: procedures
# ----------------------------------------------------------------------------------

class StartRound(Auto):
    def run(self, g, s):
        s.log.append(LogEntry(f"Round {s.round} begins; {s.names[s.start]} is the start player.", round=s.round))
        s.to_act = clockwise(s.start, len(s.players))
        s.steps.append(NextTurn())


class NextTurn(Auto):
    def run(self, g, s):
        if s.to_act:
            s.active = s.to_act.pop(0)
            s.log.append(LogEntry(f"{s.names[s.active]}'s turn.", round=s.round))
            s.steps.append(Auctions(s.active))
        else:
            s.steps.append(Administration())


class WinAuction(Auto):
    card: str
    winner: int
    high: int

    def run(self, g, s):
        pl = s.players[self.winner]
        c = DEV[self.card]
        pay = price_for(pl, self.card, self.high)      # discounts from the cards owned before this one
        s.display.remove(self.card)
        pl.cards.append(self.card)
        pl.untrained += c.untrained
        pl.trained += c.trained
        for slug in D.TILE_ORDER:
            if TILES[slug].gained_by == self.card and slug not in pl.tiles:
                pl.tiles[slug] = [0, 0]
        paytext = f" (pays {pay} after discount)" if pay != self.high else ""
        s.log.append(LogEntry(f"{pl.name} wins {c.name} for {self.high}{paytext}: {card_text(c)}.",
                              round=s.round))
        charge(s, self.winner, pay, c.name)


class Administration(Auto):
    """Administration steps a (end, start player), b (display) and c (income); d is Limits."""

    def run(self, g, s):
        n = len(s.players)
        vps = [victory_points(pl) for pl in s.players]
        # a) victory, new start player
        top = max(vps)
        if top >= D.END_VP:           # the only end: no round limit
            s.end_reason = f"{', '.join(s.names[i] for i in range(n) if vps[i] == top)} reached {top} VP"
            s.rng.reveal()             # money (hidden) breaks ties: the hands are counted in the open
            win = g.winners(s)
            s.log.append(LogEntry(f"Game over: {s.end_reason}. Winner{'s' if len(win) > 1 else ''}: "
                                  f"{', '.join(s.names[i] for i in win)}.", round=s.round))
            return                     # nothing pushed: the game is over
        leaders = [i for i in range(n) if vps[i] == top]
        if len(leaders) == 1:
            s.start = leaders[0]
            s.log.append(LogEntry(f"Administration: {s.names[s.start]} leads with {top} VP and starts "
                                  f"the next round.", round=s.round))
        else:
            s.start = (s.start + 1) % n
            s.log.append(LogEntry(f"Administration: tie for the lead at {top} VP; {s.names[s.start]}, left "
                                  f"of the start player, starts the next round.", round=s.round))
        # b) refill the display
        new = []
        while len(s.display) + len(new) < n:
            c = draw_dev(s)
            if c is None:
                break
            new.append(c)
        if new:
            s.display.extend(new)
            s.log.append(LogEntry("New development cards: " + ", ".join(DEV[c].name for c in new) + ".",
                                  round=s.round))
        # c) income
        for p in clockwise(s.start, n):
            income(s, p)
        # d) limits, for everybody from the new start player
        s.steps.append(Limits(clockwise(s.start, n)))


class Limits(Auto):
    """Administration step d: storage and treasury limits for each player of
    ``queue`` in turn (the only time they are checked).  A player over the
    storage limit decides a :class:`Discard` (this step waits below it); extra
    disks are handed in.  Then the next round begins."""

    queue: list[int]

    def run(self, g, s):
        q = self.queue
        while q:
            p = q[0]
            pl = s.players[p]
            if len(pl.hand) > storehouses(pl):
                s.steps.append(self)
                s.steps.append(Discard(p))
                return
            extra = pl.disks - treasury(pl)
            if extra > 0:
                pl.disks -= extra
                s.bank_disks += extra
                s.log.append(LogEntry(f"{pl.name} hands in {_plural(extra, 'disk')} "
                                      f"(treasury limit {treasury(pl)}).", round=s.round))
            q.pop(0)
        s.round += 1
        s.steps.append(StartRound())


# ----------------------------------------------------------------------------------
# Money and cards
# ----------------------------------------------------------------------------------

def charge(s: PhoeniciaState, p: int, amount: int, what: str) -> None:
    """Player p owes ``amount``: a Pay step goes on top (nothing if it is 0)."""
    if amount > 0:
        s.steps.append(Pay(p, amount, amount, what))


def remove_card(s: PhoeniciaState, pl: PlayerState, value: int) -> int:
    """Move the first card of this value from the hand to the discard pile; return its id."""
    for i, c in enumerate(pl.hand):
        if CARD_VALUES[c] == value:
            del pl.hand[i]
            s.prod_discard.append(c)
            return c
    raise AssertionError("no such card")  # pragma: no cover - options come from the hand


def draw_dev(s: PhoeniciaState) -> str | None:
    """The top development card: stack 1 first, then 2, 3, 4 (a reveal)."""
    for deck in s.dev_stacks:
        if deck:
            return deck.draw(s.rng)
    return None


def draw_production(s: PhoeniciaState) -> int | None:
    """The top production card (a reveal to whoever gets it); the discard pile is
    shuffled into a new deck when the deck is empty.  None: no card anywhere."""
    if not s.prod_deck:
        if not s.prod_discard:
            return None
        s.prod_deck.add(s.prod_discard)
        s.prod_discard = []
        s.secret_discards.clear()
        s.prod_deck.shuffle(s.rng)
        s.log.append(LogEntry("The production discard pile is shuffled into a new deck.", round=s.round))
    return s.prod_deck.draw(s.rng)


def income(s: PhoeniciaState, p: int) -> None:
    pl = s.players[p]
    prod = production(pl)
    got: list[int] = []
    disks = prod % D.DISKS_PER_CARD
    for _ in range(prod // D.DISKS_PER_CARD):
        c = draw_production(s)
        if c is None:          # house: no production card left anywhere
            disks += D.DISKS_PER_CARD
        else:
            got.append(c)
    pl.disks += disks
    s.bank_disks -= disks
    swaps = 0
    while pl.disks >= D.DISKS_PER_CARD:
        c = draw_production(s)
        if c is None:
            break
        pl.disks -= D.DISKS_PER_CARD
        s.bank_disks += D.DISKS_PER_CARD
        got.append(c)
        swaps += 1
    pl.hand.extend(got)
    k = len(got) - swaps
    parts = [_plural(k, "production card")] if k else []
    if disks or not k:
        parts.append(_plural(disks, "disk"))
    base = f"{pl.name} produces {prod}: {' and '.join(parts)}"
    if swaps:
        base += f", then swaps {swaps * D.DISKS_PER_CARD} disks for {_plural(swaps, 'card')}"
    if got:                    # the values drawn are the owner's secret
        values = f" (card values {_cards_text([CARD_VALUES[c] for c in got])})"
        s.log.append(LogEntry(base + ".", p, base + values + ".", s.round))
    else:
        s.log.append(LogEntry(base + ".", round=s.round))


# ----------------------------------------------------------------------------------
# Deals (determinize)
# ----------------------------------------------------------------------------------

def _fitting_hands(pool: list[int], bound: list[tuple[int, int, int]]) -> dict[int, list[int]]:
    """Hands for the players of ``bound`` ((player, cards, least value), in
    order), taken out of ``pool``: for each, the cheapest mix of values that
    covers its bound while the later ones can still be covered, the cards of
    each value taken in pool order.  The true deal is one answer, so the search
    always succeeds; it reads only the values in the pool."""
    values = sorted(set(CARD_VALUES))
    count = {v: 0 for v in values}
    for c in pool:
        count[CARD_VALUES[c]] += 1

    def mixes(k: int, i: int = 0) -> list[tuple[int, ...]]:
        if i == len(values) - 1:
            return [(k,)]
        return [(j, *m) for j in range(k + 1) for m in mixes(k - j, i + 1)]

    def search(at: int) -> list[tuple[int, ...]] | None:
        if at == len(bound):
            return []
        _q, k, least = bound[at]
        options = [m for m in mixes(k) if sum(j * v for j, v in zip(m, values)) >= least
                   and all(j <= count[v] for j, v in zip(m, values))]
        options.sort(key=lambda m: (sum(j * v for j, v in zip(m, values)), m))
        for m in options:
            for j, v in zip(m, values):
                count[v] -= j
            rest = search(at + 1)
            for j, v in zip(m, values):
                count[v] += j
            if rest is not None:
                return [m, *rest]
        return None

    found = search(0)
    if found is None:  # pragma: no cover - the true deal fits
        raise AssertionError("no deal covers the public bounds")
    hands: dict[int, list[int]] = {}
    for (q, _k, _least), m in zip(bound, found):
        want = dict(zip(values, m))
        hand = []
        for c in pool:
            v = CARD_VALUES[c]
            if want[v]:
                want[v] -= 1
                hand.append(c)
        for c in hand:
            pool.remove(c)
        hands[q] = hand
    return hands


# ----------------------------------------------------------------------------------
# The game
# ----------------------------------------------------------------------------------

class PhoeniciaGame(StepGame):
    name = "phoenicia"
    title = "Phoenicia"
    min_players = 2
    max_players = 5
    description = ("Grow a Phoenician village: auction development cards, train and employ workers, "
                   "and be first to 32 victory points.")
    rules_version = "3"
    game_options = ()

    # Attempts at a resample that keeps every public commitment (see determinize).
    DETERMINIZE_TRIES = 64

    # -- setup ----------------------------------------------------------------------
    def new_game(self, names: list[str], seed: int, options: dict[str, str] | None = None) -> PhoeniciaState:
        self.options_with_defaults(options)
        n = len(names)
        self.check_player_count(n)
        rng = Rng(seed)
        # Development cards: copies by player count, each stack shuffled on its own;
        # stack 1 is drawn first, stack 4 last.
        dev_stacks: list[Deck] = [Deck() for _ in D.STACKS]
        for stack in reversed(D.STACKS):
            deck = Deck(c.slug for c in D.DEV_CARDS if c.stack == stack for _ in range(D.COPIES[c.type][n]))
            deck.shuffle(rng)
            dev_stacks[D.STACKS.index(stack)] = deck
        presets = list(range(D.PRESETS))
        prod_deck = Deck(range(D.PRESETS, len(CARD_VALUES)))
        prod_deck.shuffle(rng)
        players = []
        for nm in names:
            hand = [presets.pop(0), prod_deck.draw(rng)]
            tiles = {slug: [D.START_WORKERS.get(slug, 0), 0] for slug in D.TILE_ORDER
                     if TILES[slug].gained_by is None}
            players.append(PlayerState(nm, hand, D.START_DISKS, D.START_UNTRAINED, 0, tiles))
        s = PhoeniciaState(list(names), players, dev_stacks, [], prod_deck, [], presets, rng, 0)
        while len(s.display) < n:
            c = draw_dev(s)
            if c is None:
                break
            s.display.append(c)
        s.start = rng.randrange(n)
        s.bank_disks -= D.START_DISKS * n
        s.log.append(LogEntry(f"Phoenicia for {n} players. {names[s.start]} is chosen to start.", round=1))
        for i, pl in enumerate(players):
            took = f"{pl.name} takes {D.START_DISKS} disks, a {D.PRESET_VALUE} card and a"
            s.log.append(LogEntry(f"{took} production card from the deck.", i,
                                  f"{took} {CARD_VALUES[pl.hand[1]]} card.", 1))
        s.log.append(LogEntry("On display: " + ", ".join(DEV[c].name for c in s.display) + ".", round=1))
        s.steps.append(StartRound())
        return self.start(s)

    # -- results ------------------------------------------------------------------------
    def scores(self, s: PhoeniciaState) -> list[int]:
        return [victory_points(pl) for pl in s.players]

    def tiebreak(self, s: PhoeniciaState, p: int) -> tuple[int, int, int]:
        pl = s.players[p]
        return victory_points(pl), production(pl), wealth(pl)

    def winners(self, s: PhoeniciaState) -> list[int]:
        keys = [self.tiebreak(s, p) for p in range(len(s.players))]
        best = max(keys)
        return [p for p, k in enumerate(keys) if k == best]

    def rules_notes(self) -> str:
        return _rules_text()

    # -- copies ---------------------------------------------------------------------------
    @staticmethod
    def _copy(s: PhoeniciaState, rng: Rng) -> PhoeniciaState:
        """A copy of ``s`` (the engine's) with ``rng``; the cached decision is shared."""
        return copy_state(s, rng=rng)

    # -- hidden information -------------------------------------------------------------
    def determinize(self, state: PhoeniciaState, viewer: int | None, rng: random.Random) -> PhoeniciaState:
        """A state ``viewer`` cannot tell from ``state``.

        Resampled: the order within each development stack; the production
        cards the viewer has not seen (the other players' hands, the deck, the
        storage-limit discards of the others), dealt afresh by card id into the
        same places, so every count stays; the other players' private log
        lines (their values belong to the old deal); the random source.

        Kept: everything public, the viewer's own cards and discards, and the
        public commitments on the others' money.  A deal is drawn again (up to
        ``DETERMINIZE_TRIES`` times) until every other player can still pay
        what they owe (a payment under way) and every bid they made in the
        running auction; if none is found, the players so bound get the
        cheapest mix of card values that covers their bounds (searched over
        the unseen values, so one always exists) and the rest is dealt afresh.
        Bids of earlier auctions are not used as bounds.  After the end the
        hands are kept: money breaks ties in the public result.

        Canonical: every unseen pool is sorted before it is shuffled, and
        every choice made here (the retries included) reads only the public
        part of the state and ``rng``, so two states the viewer cannot tell
        apart give the same world for the same ``rng`` (the bots' honesty
        rests on it).
        """
        out = self._copy(state, state.rng)       # the rng is replaced below: no need to copy it
        for deck in out.dev_stacks:
            cards = sorted(deck.take_all())
            rng.shuffle(cards)
            deck.add(cards)
        players = out.players
        n = len(players)
        others = [q for q in range(n) if q != viewer] if out.steps else []
        bounds = self._public_bounds(out, others)
        discard = out.prod_discard
        secret = out.secret_discards
        hidden_slots = [i for i, c in enumerate(discard) if c in secret and secret[c] != viewer]
        owners = [secret.pop(discard[i]) for i in hidden_slots]
        unseen = out.prod_deck.take_all()
        for q in others:
            unseen += players[q].hand
        unseen += [discard[i] for i in hidden_slots]
        unseen.sort()
        sizes = {q: len(players[q].hand) for q in others}
        # What each bound player must hold in cards (their disks are public).
        need = {q: b - players[q].disks for q, b in bounds.items()}

        pool = unseen
        hands: dict[int, list[int]] = {}
        for _ in range(self.DETERMINIZE_TRIES if need else 1):
            pool = unseen[:]
            rng.shuffle(pool)
            hands, at = {}, 0
            for q in others:
                hands[q] = pool[at:at + sizes[q]]
                at += sizes[q]
            if all(sum(CARD_VALUES[c] for c in hands[q]) >= v for q, v in need.items()):
                pool = pool[at:]
                break
        else:
            pool = unseen[:]
            rng.shuffle(pool)
            hands = _fitting_hands(pool, [(q, sizes[q], need[q]) for q in others if q in need])
            for q in others:
                if q not in hands:
                    hands[q] = pool[:sizes[q]]
                    del pool[:sizes[q]]
        for q, h in hands.items():
            players[q].hand = h
        for i, o in zip(hidden_slots, owners):
            c = pool.pop()
            discard[i] = c
            secret[c] = o
        out.prod_deck.add(pool)
        log = out.log
        for i, e in enumerate(log):
            if e.private_to is not None and e.private_to != viewer and e.private_text:
                log[i] = LogEntry(e.text, e.private_to, None, e.round)   # lines are shared: replace, never change
        out.rng = Rng(rng.randrange(2**32))
        # The viewer's own decision reads only what the viewer sees: it stays valid.
        d = out._decision
        if not (d is False or (d is not None and d.player == viewer)):
            out._decision = None
        return out

    @staticmethod
    def _public_bounds(s: PhoeniciaState, players: list[int]) -> dict[int, int]:
        """The least money (cards + disks) each of ``players`` is publicly known
        to hold now: a payment under way, and the bids of the running auction."""
        out: dict[int, int] = {}
        top = s.steps[-1] if s.steps else None
        if isinstance(top, Pay) and top.player in players:
            out[top.player] = top.due
        elif isinstance(top, Bid):
            for q in players:
                if top.best[q]:
                    need = top.best[q] - discount(s.players[q], top.card)
                    if need > 0:
                        out[q] = need
        return out

    # -- views --------------------------------------------------------------------------
    def view(self, s: PhoeniciaState, viewer: int | None) -> dict:
        n = len(s.players)
        players = []
        for i, pl in enumerate(s.players):
            tiles = {}
            for slug in D.TILE_ORDER:
                if slug not in pl.tiles:
                    continue
                w, d = pl.tiles[slug]
                td = TILES[slug]
                lvl = tile_level(pl, slug)
                tiles[slug] = {"name": td.levels[lvl], "level": lvl, "workers": w, "discs": d,
                               "spaces": ["worker"] * w + ["disc"] * d + ["empty"] * (D.SPACES - w - d),
                               "cost": td.cost, "vp_per_worker": td.vp, "production": list(td.prod[lvl])}
            players.append({
                "name": pl.name,
                "vp": victory_points(pl),
                "production": production(pl),
                "disks": pl.disks,
                "treasury": treasury(pl),
                "storehouses": storehouses(pl),
                "hand_count": len(pl.hand),
                "hand": sorted(CARD_VALUES[c] for c in pl.hand) if viewer == i else None,
                "untrained": pl.untrained,
                "trained": pl.trained,
                "training_cost": training_cost(pl),
                "tiles": tiles,
                "cards": list(pl.cards),
                "discounts": {t: discount(pl, t) for t in sorted({t for c in pl.cards for t in DEV[c].discount_on})},
                "vp_bought": pl.vp_bought,
            })
        phase = s.phase
        over = phase == "over"
        a = s.auction
        pm = s.payment
        bottom = s.steps[0] if s.steps else None
        tools = bottom if isinstance(bottom, Tools) else None
        return {
            "game": "phoenicia",
            "round": s.round,
            "phase": phase,
            "step": s.step,
            "start": s.start,
            "active": s.active if not over else None,
            "turn_order": [s.active] + list(s.to_act) if phase == "turn" else list(s.to_act),
            "viewer": viewer,
            "display": [{"slug": c, "name": DEV[c].name, "bid": DEV[c].bid, "stack": DEV[c].stack,
                         "type": DEV[c].type, "house": DEV[c].house, "text": card_text(DEV[c])}
                        for c in s.display],
            "dev_deck": s.dev_deck_size,
            "dev_deck_by_stack": {k: len(s.dev_stacks[i]) for i, k in enumerate(D.STACKS)},
            "prod_deck": len(s.prod_deck),
            "prod_discard": len(s.prod_discard),
            "auction": None if a is None else {
                "card": a.card, "opener": a.opener, "high": a.high, "high_bidder": a.high_bidder,
                "active": list(a.active), "to_act": a.player},
            "payment": None if pm is None else {
                "player": pm.player, "due": pm.due, "total": pm.total,
                "what": pm.what, "paid": list(pm.paid)},
            "limits": list(s.limit_queue) if phase == "limits" else None,
            "converted": tools.converted if tools else False,
            "vp_bought_turn": tools.vp_bought if tools else 0,
            "players": players,
            "log": [e.for_viewer(viewer) for e in s.log],
            "scores": self.scores(s) if over else None,
            "winners": self.winners(s) if over else None,
            "end_reason": s.end_reason or None,
            "n": n,
        }


def card_text(c: D.DevCard) -> str:
    """One line of what a development card gives, e.g. "+1 VP; +2 storehouses; ..."."""
    parts = []
    if c.vp:
        parts.append(f"+{c.vp} VP")
    if c.prod:
        parts.append(f"+{c.prod} production")
    if c.store:
        parts.append(f"+{c.store} storehouse{'s' if c.store != 1 else ''}")
    if c.untrained:
        parts.append(f"+{c.untrained} untrained worker{'s' if c.untrained != 1 else ''}")
    if c.trained:
        parts.append(f"+{c.trained} trained worker{'s' if c.trained != 1 else ''}")
    if c.effect:
        parts.append(c.effect)
    if c.discount_on:
        parts.append("discount on " + ", ".join(DEV[t].name for t in c.discount_on))
    return "; ".join(parts) or "no effect"


_RULES_CACHE: list[str] = []


def _rules_text() -> str:
    if not _RULES_CACHE:
        text = (Path(__file__).with_name("RULES.md")).read_text(encoding="utf-8")
        text += "\n\n## House data (placeholders, from data.py)\n\n" + "\n".join(f"- {h}" for h in D.HOUSE_DATA)
        _RULES_CACHE.append(text)
    return _RULES_CACHE[0]


GAME = PhoeniciaGame()
