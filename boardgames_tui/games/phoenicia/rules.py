"""Phoenicia (Tom Lehmann, 2007): the rules layer.

The seed (``seeds/003_557f9dc7e13bb020.txt``) is the authority; the research
notes fill what it leaves open, as settled in ``/work/shared/rules/phoenicia.md``.
``RULES.md`` beside this module lists the choices made and the house data.

How the state moves.  ``_apply`` carries out one option and then calls
``_advance``, which does every automatic step (auction won, forced pass of a
bidder whose lack of money is public, payment with disks when no card is left,
disks over the treasury limit handed in, the next turn, the administration
phase) until a person must decide again.  ``decision`` then only reads the
state: the open payment first, then the open auction, then the open limit
check, then the active player's step a, b or c.

Money.  A player's wealth is the face value of their production cards plus
their disks.  Every payment is a ``Payment`` that the payer covers one
production card at a time or with disks; change comes back as disks.  The
action that is paid for has already happened when the payment starts: the
payment only decides which cards go.

Workers on a tile.  Workers fill a tile from the left; a tool disk covers the
leftmost empty space, and a worker moved away leaves a tool disk on its space.
So a tile is always ``workers`` spaces with a worker, then ``discs`` spaces
with a tool disk, then empty spaces, and is stored as ``[workers, discs]``.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ...engine.core import Decision, Game, LogEntry, Option
from ...engine.rng import Rng
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
class Auction:
    card: str
    opener: int
    high: int
    high_bidder: int
    active: list[int]                  # players still in, clockwise from the opener
    to_act: int


@dataclass
class Payment:
    player: int
    due: int                           # what is still to pay
    total: int
    what: str                          # what it pays for, for the log
    paid: list[int] = field(default_factory=list)   # values of the cards given so far


@dataclass
class PhoeniciaState:
    names: list[str]
    players: list[PlayerState]
    dev_deck: list[str]                # top = end; stack 1 on top
    display: list[str]
    prod_deck: list[int]               # top = end
    prod_discard: list[int]
    removed: list[int]                 # preset "5" cards not used (fewer than 5 players)
    rng: Rng
    start: int                         # start player of this round
    round: int = 1
    phase: str = "turn"                # "turn" | "limits" | "over"
    active: int = 0                    # whose turn it is (phase "turn")
    step: str = "a"                    # "a" auctions, "b" workers, "c" tools and wealth
    to_act: list[int] = field(default_factory=list)   # players still to take their turn this round
    auction: Auction | None = None
    payment: Payment | None = None
    limit_queue: list[int] = field(default_factory=list)   # limit checks open, first is now
    admin: bool = False                # the limit check is administration step d
    converted: bool = False            # the active player turned a card into disks this turn
    vp_bought_turn: int = 0
    bank_disks: int = D.BANK_DISKS
    end_reason: str = ""
    log: list[LogEntry] = field(default_factory=list)
    reveals: int = 0
    _decision: Any = field(default=None, compare=False, repr=False)


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
    """What the next worker on this tile costs: nothing if a tool disk waits there."""
    return 0 if pl.tiles[slug][1] else TILES[slug].cost


def clockwise(start: int, n: int) -> list[int]:
    return [(start + i) % n for i in range(n)]


def _cards_text(values: list[int]) -> str:
    return ", ".join(str(v) for v in sorted(values))


# ----------------------------------------------------------------------------------
# The game
# ----------------------------------------------------------------------------------

class PhoeniciaGame(Game):
    name = "phoenicia"
    title = "Phoenicia"
    min_players = 2
    max_players = 5
    description = ("Grow a Phoenician village: auction development cards, train and employ workers, "
                   "and be first to 32 victory points.")
    rules_version = "2"
    game_options = ()

    # -- setup ----------------------------------------------------------------------
    def new_game(self, names: list[str], seed: int, options: dict[str, str] | None = None) -> PhoeniciaState:
        self.options_with_defaults(options)
        n = len(names)
        self.check_player_count(n)
        rng = Rng(seed)
        # Development cards: copies by player count, each stack shuffled on its own,
        # stack 1 on top (drawn first), stack 4 at the bottom.
        dev_deck: list[str] = []
        for stack in reversed(D.STACKS):
            pile = [c.slug for c in D.DEV_CARDS if c.stack == stack for _ in range(D.COPIES[c.type][n])]
            rng.shuffle(pile)
            dev_deck.extend(pile)
        presets = list(range(D.PRESETS))
        prod_deck = list(range(D.PRESETS, len(CARD_VALUES)))
        rng.shuffle(prod_deck)
        players = []
        for i, nm in enumerate(names):
            hand = [presets.pop(0), prod_deck.pop()]
            tiles = {slug: [D.START_WORKERS.get(slug, 0), 0] for slug in D.TILE_ORDER
                     if TILES[slug].gained_by is None}
            players.append(PlayerState(nm, hand, D.START_DISKS, D.START_UNTRAINED, 0, tiles))
        display = [dev_deck.pop() for _ in range(min(n, len(dev_deck)))]
        start = rng.randrange(n)
        s = PhoeniciaState(list(names), players, dev_deck, display, prod_deck, [], presets, rng, start)
        s.bank_disks -= D.START_DISKS * n
        s.log.append(LogEntry(f"Phoenicia for {n} players. {names[start]} is chosen to start.", round=1))
        for i, pl in enumerate(players):
            took = f"{pl.name} takes {D.START_DISKS} disks, a {D.PRESET_VALUE} card and a"
            s.log.append(LogEntry(f"{took} production card from the deck.", i,
                                  f"{took} {CARD_VALUES[pl.hand[1]]} card.", 1))
        s.log.append(LogEntry("On display: " + ", ".join(DEV[c].name for c in display) + ".", round=1))
        self._start_round(s)
        self._advance(s)
        return s

    # -- decisions --------------------------------------------------------------------
    def decision(self, s: PhoeniciaState) -> Decision | None:
        if s.phase == "over":
            return None
        if s.payment is not None:
            return self._pay_decision(s)
        if s.auction is not None:
            return self._bid_decision(s)
        if s.phase == "limits":
            return self._discard_decision(s)
        p = s.active
        pl = s.players[p]
        if s.step == "a":
            opts = self._open_options(pl, s)
            opts.append(Option("workers", "Go on to workers (no more auctions)"))
            opts.append(Option("end", "End your turn"))
            return Decision(p, "Auction a development card, or go on", "auction", opts)
        if s.step == "b":
            opts = self._worker_options(pl)
            opts.append(Option("tools", "Go on to tools and wealth"))
            opts.append(Option("end", "End your turn"))
            return Decision(p, "Train, employ or move workers", "workers", opts)
        return Decision(p, "Buy tools, adjust your wealth, or end your turn", "tools", self._tool_options(s, pl))

    def _open_options(self, pl: PlayerState, s: PhoeniciaState, w: int | None = None) -> list[Option]:
        out = []
        w = wealth(pl) if w is None else w
        seen = set()
        for slug in s.display:
            if slug in seen:
                continue
            seen.add(slug)
            c = DEV[slug]
            pay = price_for(pl, slug, c.bid)
            if pay <= w:
                note = f", you pay {pay}" if pay != c.bid else ""
                out.append(Option(f"open:{slug}", f"Auction {c.name} (opening bid {c.bid}{note})", ("devcard", slug)))
        return out

    def _worker_options(self, pl: PlayerState, w: int | None = None) -> list[Option]:
        out = []
        w = wealth(pl) if w is None else w
        tc = training_cost(pl)
        if pl.untrained and w >= tc:
            out.append(Option("train", f"Train a worker (pay {tc})", ("training",)))
        free = [t for t in D.TILE_ORDER if t in pl.tiles and pl.tiles[t][0] < D.SPACES]
        if pl.trained:
            for t in free:
                cost = place_cost(pl, t)
                if w >= cost:
                    out.append(Option(f"employ:{t}", f"Employ a worker in {TILES[t].name} ({_cost_text(cost)})",
                                      ("tile", t)))
        for f in D.TILE_ORDER:
            if f not in pl.tiles or not pl.tiles[f][0]:
                continue
            for t in free:
                if t == f:
                    continue
                cost = place_cost(pl, t)
                if w >= cost:
                    out.append(Option(f"move:{f}:{t}",
                                      f"Move a worker from {TILES[f].name} to {TILES[t].name} ({_cost_text(cost)})",
                                      ("move", f, t)))
        return out

    def _tool_options(self, s: PhoeniciaState, pl: PlayerState) -> list[Option]:
        out = []
        w = wealth(pl)
        for t in D.TILE_ORDER:
            tile = pl.tiles.get(t)
            if tile is not None and tile[0] + tile[1] < D.SPACES and w >= TILES[t].cost:
                out.append(Option(f"tool:{t}", f"Buy a tool disk for {TILES[t].name} (pay {TILES[t].cost})",
                                  ("tile", t)))
        if (D.BUYS_VP in pl.cards and s.vp_bought_turn < D.CITY_CENTER_VP_PER_TURN
                and w >= D.CITY_CENTER_VP_PRICE):
            out.append(Option("vp", f"Buy 1 VP with City Center (pay {D.CITY_CENTER_VP_PRICE})", ("citycenter",)))
        if not s.converted:
            for v in sorted({CARD_VALUES[c] for c in pl.hand}):
                out.append(Option(f"convert:{v}", f"Turn a {v} card into {v} disks", ("prodcard", v)))
        out.append(Option("end", "End your turn"))
        return out

    def _bid_decision(self, s: PhoeniciaState) -> Decision:
        a = s.auction
        p = a.to_act
        pl = s.players[p]
        c = DEV[a.card]
        top = max_bid(pl, a.card)
        disc = discount(pl, a.card)
        opts = []
        for b in range(a.high + 1, top + 1):      # any higher whole number the bidder can pay
            note = f" (you pay {max(0, b - disc)})" if disc else ""
            opts.append(Option(f"bid:{b}", f"Bid {b}{note}", ("devcard", a.card)))
        opts.append(Option("pass", "Pass (drop out of this auction)"))
        prompt = f"Auction for {c.name}: {s.names[a.high_bidder]} bids {a.high}. Raise or pass?"
        return Decision(p, prompt, "bid", opts)

    def _pay_decision(self, s: PhoeniciaState) -> Decision:
        pm = s.payment
        pl = s.players[pm.player]
        opts = []
        for v in sorted({CARD_VALUES[c] for c in pl.hand}):
            note = f" ({v - pm.due} change)" if v > pm.due else ""
            opts.append(Option(f"pay:{v}", f"Pay with a {v} card{note}", ("prodcard", v)))
        if pl.disks >= pm.due:
            opts.append(Option("pay:disks", f"Pay {pm.due} with disks", ("disks",)))
        return Decision(pm.player, f"Pay {pm.due} for {pm.what}", "pay", opts)

    def _discard_decision(self, s: PhoeniciaState) -> Decision:
        p = s.limit_queue[0]
        pl = s.players[p]
        cap = storehouses(pl)
        opts = [Option(f"discard:{v}", f"Discard a {v} card", ("prodcard", v))
                for v in sorted({CARD_VALUES[c] for c in pl.hand})]
        return Decision(p, f"Storage limit: {len(pl.hand)} production cards, {cap} storehouses. Discard one.",
                        "discard", opts)

    def why_illegal(self, s: PhoeniciaState, d: Decision, key: str) -> str:
        head = key.split(":", 1)[0]
        kinds = {"open": "auction", "workers": "auction", "train": "workers", "employ": "workers",
                 "move": "workers", "tools": "workers", "tool": "tools", "vp": "tools", "convert": "tools",
                 "bid": "bid", "pass": "bid", "pay": "pay", "discard": "discard"}
        want = kinds.get(head)
        if want is None and head != "end":
            return f"'{key}' is not a Phoenicia choice"
        if want is not None and want != d.kind or (head == "end" and d.kind not in ("auction", "workers", "tools")):
            return f"'{key}' is not possible now: {d.prompt}"
        if head == "open":
            return "you can open an auction only on a displayed card whose opening bid you can pay"
        if head == "bid":
            a = s.auction
            return f"a bid must be more than {a.high} and stay within what you can pay"
        if head == "train":
            return "training needs a worker on the training ground and the money to pay for it"
        if head in ("employ", "move"):
            return ("a worker goes to another of your tiles with a free space, for the tile's price "
                    "(free on a tool disk); employing needs a trained worker")
        if head == "tool":
            return "a tool disk needs one of your tiles with an empty space and the tile's price"
        if head == "vp":
            return (f"buying VP needs City Center, at most {D.CITY_CENTER_VP_PER_TURN} a turn, "
                    f"for {D.CITY_CENTER_VP_PRICE} each")
        if head == "convert":
            return "you may turn one production card you hold into disks once a turn"
        if head == "pay":
            return "pay with a production card you hold, or with disks if they cover the rest"
        if head == "discard":
            return "discard a production card you hold"
        return super().why_illegal(s, d, key)

    # -- applying a choice -----------------------------------------------------------
    def _apply(self, s: PhoeniciaState, d: Decision, o: Option) -> None:
        key = o.key
        p = d.player
        pl = s.players[p]
        kind = d.kind
        if kind == "pay":
            self._do_pay(s, pl, key)
        elif kind == "bid":
            self._do_bid(s, p, key)
        elif kind == "discard":
            v = int(key[8:])
            self._remove_card(s, pl, v)
            s.log.append(LogEntry(f"{pl.name} discards a production card (storage limit).", p,
                                  f"{pl.name} discards a {v} card (storage limit).", s.round))
        elif key == "end":
            s.log.append(LogEntry(f"{pl.name} ends the turn.", round=s.round))
            s.phase = "limits"
            s.admin = False
            s.limit_queue = [p]
        elif key == "workers":
            s.step = "b"
        elif key == "tools":
            s.step = "c"
        elif kind == "auction":
            self._open(s, p, key[5:])
        elif kind == "workers":
            self._do_worker(s, p, pl, key)
        else:
            self._do_tools(s, p, pl, key)
        self._advance(s)

    def _open(self, s: PhoeniciaState, p: int, slug: str) -> None:
        c = DEV[slug]
        order = clockwise(p, len(s.players))
        s.auction = Auction(slug, p, c.bid, p, order, order[1])
        s.log.append(LogEntry(f"{s.names[p]} auctions {c.name} with the opening bid {c.bid}.", round=s.round))

    def _do_bid(self, s: PhoeniciaState, p: int, key: str) -> None:
        a = s.auction
        if key == "pass":
            a.active.remove(p)
            s.log.append(LogEntry(f"{s.names[p]} passes.", round=s.round))
        else:
            a.high = int(key[4:])
            a.high_bidder = p
            s.log.append(LogEntry(f"{s.names[p]} bids {a.high}.", round=s.round))
        self._next_bidder(s, p)

    @staticmethod
    def _next_bidder(s: PhoeniciaState, after: int) -> None:
        a = s.auction
        n = len(s.players)
        for i in range(1, n + 1):
            q = (after + i) % n
            if q in a.active and q != a.high_bidder:
                a.to_act = q
                return
        a.to_act = a.high_bidder

    def _do_worker(self, s: PhoeniciaState, p: int, pl: PlayerState, key: str) -> None:
        if key == "train":
            pl.untrained -= 1
            pl.trained += 1
            cost = training_cost(pl)
            s.log.append(LogEntry(f"{pl.name} trains a worker.", round=s.round))
            self._charge(s, p, cost, "training a worker")
            return
        parts = key.split(":")
        if parts[0] == "employ":
            t = parts[1]
            pl.trained -= 1
            cost = self._place(s, pl, t)
            s.log.append(LogEntry(f"{pl.name} employs a worker in {TILES[t].name}"
                                  f"{' on a tool disk' if cost == 0 else ''}.", round=s.round))
            self._charge(s, p, cost, f"a worker in {TILES[t].name}")
        else:
            f, t = parts[1], parts[2]
            src = pl.tiles[f]
            src[0] -= 1
            src[1] += 1            # the vacated space is covered with a tool disk
            s.bank_disks -= 1
            cost = self._place(s, pl, t)
            s.log.append(LogEntry(f"{pl.name} moves a worker from {TILES[f].name} to {TILES[t].name}"
                                  f"{' onto a tool disk' if cost == 0 else ''}; a tool disk covers the "
                                  f"vacated space.", round=s.round))
            self._charge(s, p, cost, f"moving a worker to {TILES[t].name}")

    @staticmethod
    def _place(s: PhoeniciaState, pl: PlayerState, t: str) -> int:
        """Put a worker on the leftmost free space of tile t; return its price."""
        tile = pl.tiles[t]
        tile[0] += 1
        if tile[1]:
            tile[1] -= 1           # the worker takes the tool disk's space; the disk goes back
            s.bank_disks += 1
            return 0
        return TILES[t].cost

    def _do_tools(self, s: PhoeniciaState, p: int, pl: PlayerState, key: str) -> None:
        if key == "vp":
            pl.vp_bought += 1
            s.vp_bought_turn += 1
            s.log.append(LogEntry(f"{pl.name} buys 1 VP with City Center.", round=s.round))
            self._charge(s, p, D.CITY_CENTER_VP_PRICE, "1 VP")
            return
        head, arg = key.split(":")
        if head == "tool":
            pl.tiles[arg][1] += 1
            s.bank_disks -= 1
            s.log.append(LogEntry(f"{pl.name} buys a tool disk for {TILES[arg].name}.", round=s.round))
            self._charge(s, p, TILES[arg].cost, f"a tool disk for {TILES[arg].name}")
        else:  # convert
            v = int(arg)
            self._remove_card(s, pl, v)
            pl.disks += v
            s.bank_disks -= v
            s.converted = True
            s.log.append(LogEntry(f"{pl.name} turns a {v} card into {v} disks.", round=s.round))

    # -- money ----------------------------------------------------------------------
    @staticmethod
    def _remove_card(s: PhoeniciaState, pl: PlayerState, value: int) -> None:
        """Move the first card of this value from the hand to the discard pile."""
        for i, c in enumerate(pl.hand):
            if CARD_VALUES[c] == value:
                del pl.hand[i]
                s.prod_discard.append(c)
                return
        raise AssertionError("no such card")  # pragma: no cover - options come from the hand

    def _charge(self, s: PhoeniciaState, p: int, amount: int, what: str) -> None:
        if amount > 0:
            s.payment = Payment(p, amount, amount, what)

    def _do_pay(self, s: PhoeniciaState, pl: PlayerState, key: str) -> None:
        pm = s.payment
        if key == "pay:disks":
            self._finish_with_disks(s, pl)
            return
        v = int(key[4:])
        self._remove_card(s, pl, v)
        pm.paid.append(v)
        pm.due -= v
        if pm.due <= 0:
            self._finish_payment(s, pl, -pm.due, 0)

    def _finish_with_disks(self, s: PhoeniciaState, pl: PlayerState) -> None:
        pm = s.payment
        disks = pm.due
        pl.disks -= disks
        s.bank_disks += disks
        self._finish_payment(s, pl, 0, disks)

    def _finish_payment(self, s: PhoeniciaState, pl: PlayerState, change: int, disks: int) -> None:
        pm = s.payment
        pl.disks += change
        s.bank_disks -= change
        parts = []
        if pm.paid:
            parts.append(("card " if len(pm.paid) == 1 else "cards ") + _cards_text(pm.paid))
        if disks:
            parts.append(f"{disks} disk{'s' if disks != 1 else ''}")
        text = f"{pl.name} pays {pm.total} for {pm.what} with {' and '.join(parts)}"
        if change:
            text += f", taking {change} disk{'s' if change != 1 else ''} change"
        s.log.append(LogEntry(text + ".", round=s.round))
        s.payment = None

    # -- automatic steps ------------------------------------------------------------
    def _advance(self, s: PhoeniciaState) -> None:
        n = len(s.players)
        while True:
            if s.phase == "over":
                return
            if s.payment is not None:
                pl = s.players[s.payment.player]
                if pl.hand:
                    return
                self._finish_with_disks(s, pl)        # no card left: the disks pay
                continue
            a = s.auction
            if a is not None:
                if len(a.active) == 1:
                    self._win(s)
                    continue
                pl = s.players[a.to_act]
                if not pl.hand and pl.disks + discount(pl, a.card) <= a.high:
                    # Everything this player has is public: they cannot raise.
                    a.active.remove(a.to_act)
                    s.log.append(LogEntry(f"{pl.name} cannot raise and passes.", round=s.round))
                    self._next_bidder(s, a.to_act)
                    continue
                return
            if s.phase == "limits":
                q = s.limit_queue
                while q:
                    pl = s.players[q[0]]
                    if len(pl.hand) > storehouses(pl):
                        return
                    extra = pl.disks - treasury(pl)
                    if extra > 0:
                        pl.disks -= extra
                        s.bank_disks += extra
                        s.log.append(LogEntry(f"{pl.name} hands in {extra} disk{'s' if extra != 1 else ''} "
                                              f"(treasury limit {treasury(pl)}).", round=s.round))
                    q.pop(0)
                if s.admin:
                    s.round += 1
                    self._start_round(s)
                else:
                    self._next_turn(s)
                continue
            # phase "turn": skip steps in which the player can do nothing, judged from what
            # the table knows (each hidden card counted at the highest value), so that a skip
            # never tells the others anything about the values of the cards held
            pl = s.players[s.active]
            w = public_wealth_bound(pl)
            if s.step == "a" and not self._open_options(pl, s, w):
                s.step = "b"
                continue
            if s.step == "b" and not self._worker_options(pl, w):
                s.step = "c"
            return

    def _win(self, s: PhoeniciaState) -> None:
        a = s.auction
        w = a.high_bidder
        pl = s.players[w]
        c = DEV[a.card]
        pay = price_for(pl, a.card, a.high)      # discounts from the cards owned before this one
        s.display.remove(a.card)
        pl.cards.append(a.card)
        pl.untrained += c.untrained
        pl.trained += c.trained
        for slug in D.TILE_ORDER:
            if TILES[slug].gained_by == a.card and slug not in pl.tiles:
                pl.tiles[slug] = [0, 0]
        s.auction = None
        gains = card_text(c)
        paytext = f" (pays {pay} after discount)" if pay != a.high else ""
        s.log.append(LogEntry(f"{pl.name} wins {c.name} for {a.high}{paytext}: {gains}.", round=s.round))
        self._charge(s, w, pay, c.name)

    def _next_turn(self, s: PhoeniciaState) -> None:
        if s.to_act:
            s.active = s.to_act.pop(0)
            s.phase, s.step = "turn", "a"
            s.converted, s.vp_bought_turn = False, 0
            s.log.append(LogEntry(f"{s.names[s.active]}'s turn.", round=s.round))
            return
        self._administration(s)

    def _start_round(self, s: PhoeniciaState) -> None:
        order = clockwise(s.start, len(s.players))
        s.log.append(LogEntry(f"Round {s.round} begins; {s.names[s.start]} is the start player.", round=s.round))
        s.to_act = order
        self._next_turn(s)

    def _administration(self, s: PhoeniciaState) -> None:
        n = len(s.players)
        vps = [victory_points(pl) for pl in s.players]
        # a) victory, new start player
        top = max(vps)
        if top >= D.END_VP or s.round >= D.MAX_ROUNDS:
            s.phase = "over"
            s.end_reason = (f"{', '.join(s.names[i] for i in range(n) if vps[i] == top)} reached {top} VP"
                            if top >= D.END_VP else f"round {D.MAX_ROUNDS} is over (house safety end)")
            win = self.winners(s)
            s.log.append(LogEntry(f"Game over: {s.end_reason}. Winner{'s' if len(win) > 1 else ''}: "
                                  f"{', '.join(s.names[i] for i in win)}.", round=s.round))
            return
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
        new = [s.dev_deck.pop() for _ in range(min(n - len(s.display), len(s.dev_deck)))]
        if new:
            s.display.extend(new)
            s.reveals += 1
            s.log.append(LogEntry("New development cards: " + ", ".join(DEV[c].name for c in new) + ".",
                                  round=s.round))
        # c) income
        for p in clockwise(s.start, n):
            self._income(s, p)
        s.reveals += 1
        # d) limits, for everybody from the new start player
        s.phase = "limits"
        s.admin = True
        s.limit_queue = clockwise(s.start, n)

    def _draw(self, s: PhoeniciaState) -> int | None:
        if not s.prod_deck:
            if not s.prod_discard:
                return None
            s.prod_deck = s.prod_discard
            s.prod_discard = []
            s.rng.shuffle(s.prod_deck)
            s.reveals += 1
            s.log.append(LogEntry("The production discard pile is shuffled into a new deck.", round=s.round))
        return s.prod_deck.pop()

    def _income(self, s: PhoeniciaState, p: int) -> None:
        pl = s.players[p]
        prod = production(pl)
        got: list[int] = []
        disks = prod % D.DISKS_PER_CARD
        for _ in range(prod // D.DISKS_PER_CARD):
            c = self._draw(s)
            if c is None:          # house: no production card left anywhere
                disks += D.DISKS_PER_CARD
            else:
                got.append(c)
        pl.disks += disks
        s.bank_disks -= disks
        swaps = 0
        while pl.disks >= D.DISKS_PER_CARD:
            c = self._draw(s)
            if c is None:
                break
            pl.disks -= D.DISKS_PER_CARD
            s.bank_disks += D.DISKS_PER_CARD
            got.append(c)
            swaps += 1
        pl.hand.extend(got)
        k = len(got) - swaps
        parts = [f"{k} production card{'s' if k != 1 else ''}"] if k else []
        if disks or not k:
            parts.append(f"{disks} disk{'s' if disks != 1 else ''}")
        base = f"{pl.name} produces {prod}: {' and '.join(parts)}"
        if swaps:
            base += f", then swaps {swaps * D.DISKS_PER_CARD} disks for {swaps} card{'s' if swaps != 1 else ''}"
        values = f" (card values {_cards_text([CARD_VALUES[c] for c in got])})" if got else ""
        s.log.append(LogEntry(base + ".", p, base + values + ".", s.round))

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
        a = s.auction
        stacks = {k: 0 for k in D.STACKS}
        for c in s.dev_deck:
            stacks[DEV[c].stack] += 1
        over = s.phase == "over"
        return {
            "game": "phoenicia",
            "round": s.round,
            "phase": s.phase,
            "step": s.step if s.phase == "turn" else None,
            "start": s.start,
            "active": s.active if not over else None,
            "turn_order": [s.active] + list(s.to_act) if s.phase == "turn" else list(s.to_act),
            "viewer": viewer,
            "display": [{"slug": c, "name": DEV[c].name, "bid": DEV[c].bid, "stack": DEV[c].stack,
                         "type": DEV[c].type, "house": DEV[c].house, "text": card_text(DEV[c])}
                        for c in s.display],
            "dev_deck": len(s.dev_deck),
            "dev_deck_by_stack": stacks,
            "prod_deck": len(s.prod_deck),
            "prod_discard": len(s.prod_discard),
            "auction": None if a is None else {
                "card": a.card, "opener": a.opener, "high": a.high, "high_bidder": a.high_bidder,
                "active": list(a.active), "to_act": a.to_act},
            "payment": None if s.payment is None else {
                "player": s.payment.player, "due": s.payment.due, "total": s.payment.total,
                "what": s.payment.what, "paid": list(s.payment.paid)},
            "limits": list(s.limit_queue) if s.phase == "limits" else None,
            "converted": s.converted,
            "vp_bought_turn": s.vp_bought_turn,
            "players": players,
            "log": [e.for_viewer(viewer) for e in s.log],
            "scores": self.scores(s) if over else None,
            "winners": self.winners(s) if over else None,
            "end_reason": s.end_reason or None,
            "n": n,
        }


def _cost_text(cost: int) -> str:
    return "free: tool disk" if cost == 0 else f"pay {cost}"


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
