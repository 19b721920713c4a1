"""Phoenicia's steps b and c and the production cards.

* :class:`Workers` (step b): train, employ and move workers;
* :class:`Tools` (step c): tool disks, City Center VP, a card turned into disks; the turn ends here;
* :class:`Pay`: a price covered one production card at a time (or with disks), change in disks;
* what moves production cards: :func:`charge`, :func:`remove_card`, :func:`draw_production`
  and :func:`income` (administration step c).
"""
from __future__ import annotations

from dataclasses import field
from typing import TYPE_CHECKING

from ...engine.core import Option
from ...engine.steps import log
from ...engine.text import plural
from . import data as D
from .data import CARD_VALUES, TILES
from .state import (
    PhoeniciaState, PhxStep, PlayerState, TurnStep, _cards_text, _values, key, move_cost,
    place_cost, production, public_wealth_bound, training_cost, wealth,
)

if TYPE_CHECKING:
    from .rules import PhoeniciaGame


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


class Workers(TurnStep):
    """Step b: train, employ and move workers in any order, as often as paid for."""

    kind = "workers"
    letter = "b"

    def prompt(self, g: PhoeniciaGame, s: PhoeniciaState) -> str:
        return "Train, employ or move workers"

    def options(self, g: PhoeniciaGame, s: PhoeniciaState) -> list[Option]:
        pl = s.players[self.player]
        opts = worker_options(pl, wealth(pl))
        if not opts and not worker_options(pl, public_wealth_bound(pl)):
            return []
        opts.append(Option("tools", "Go on to tools and wealth"))
        opts.append(Option("end", "End your turn"))
        return opts

    def on_empty(self, g: PhoeniciaGame, s: PhoeniciaState) -> None:
        s.steps.append(Tools(self.player))

    def apply(self, g: PhoeniciaGame, s: PhoeniciaState, o: Option) -> None:
        p = self.player
        pl = s.players[p]
        if o.key == "tools":
            s.steps.append(Tools(p))
            return
        if o.key == "end":
            self.end_turn(g, s)
            return
        s.steps.append(self)                  # step b goes on after the payment
        action = o.value[0]
        if action == "train":
            pl.untrained -= 1
            pl.trained += 1
            log(s, f"{pl.name} trains a worker.")
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
            log(s, f"{pl.name} employs a worker in {TILES[t].name}"
                   f"{' on a tool disk' if cost == 0 else ''}.")
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
            log(s, f"{pl.name} moves a worker from {TILES[f].name} to {TILES[t].name}; "
                   f"a tool disk covers the vacated space.{back}")
            charge(s, p, cost, f"moving a worker to {TILES[t].name}")

    def reason(self, s: PhoeniciaState, head: str) -> str | None:
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

    def prompt(self, g: PhoeniciaGame, s: PhoeniciaState) -> str:
        return "Buy tools, adjust your wealth, or end your turn"

    def options(self, g: PhoeniciaGame, s: PhoeniciaState) -> list[Option]:
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

    def apply(self, g: PhoeniciaGame, s: PhoeniciaState, o: Option) -> None:
        p = self.player
        pl = s.players[p]
        if o.key == "end":
            self.end_turn(g, s)
            return
        s.steps.append(self)
        action = o.value[0]
        if action == "vp":
            pl.vp_bought += 1
            self.vp_bought += 1
            log(s, f"{pl.name} buys 1 VP with City Center.")
            charge(s, p, D.CITY_CENTER_VP_PRICE, "1 VP")
        elif action == "tool":
            t = o.value[1]
            pl.tiles[t][1] += 1
            s.bank_disks -= 1
            log(s, f"{pl.name} buys a tool disk for {TILES[t].name}.")
            charge(s, p, TILES[t].cost, f"a tool disk for {TILES[t].name}")
        else:  # convert
            v = o.value[1]
            remove_card(s, pl, v)
            pl.disks += v
            s.bank_disks -= v
            self.converted = True
            log(s, f"{pl.name} turns a {v} card into {v} disks.")

    def reason(self, s: PhoeniciaState, head: str) -> str | None:
        if head == "tool":
            return "a tool disk needs one of your tiles with an empty space and the tile's price"
        if head == "vp":
            return (f"buying VP needs City Center, at most {D.CITY_CENTER_VP_PER_TURN} a turn, "
                    f"for {D.CITY_CENTER_VP_PRICE} each")
        if head == "convert":
            return "you may turn one production card you hold into disks once a turn"
        return None


class Pay(PhxStep):
    """The payer covers ``due`` with production cards one at a time, or with disks."""

    due: int
    total: int
    what: str                          # what it pays for, for the log
    paid: list[int] = field(default_factory=list)   # values of the cards given so far
    kind = "pay"

    def prompt(self, g: PhoeniciaGame, s: PhoeniciaState) -> str:
        return f"Pay {self.due} for {self.what}"

    def options(self, g: PhoeniciaGame, s: PhoeniciaState) -> list[Option]:
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

    def on_empty(self, g: PhoeniciaGame, s: PhoeniciaState) -> None:
        self._with_disks(s)

    def apply(self, g: PhoeniciaGame, s: PhoeniciaState, o: Option) -> None:
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
            parts.append(plural(disks, "disk"))
        text = f"{pl.name} pays {self.total} for {self.what} with {' and '.join(parts)}"
        if change:
            text += f", taking {plural(change, 'disk')} change"
        log(s, text + ".")

    def reason(self, s: PhoeniciaState, head: str) -> str | None:
        return "pay with a production card you hold, or with disks if they cover the rest"


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
        log(s, "The production discard pile is shuffled into a new deck.")
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
    parts = [plural(k, "production card")] if k else []
    if disks or not k:
        parts.append(plural(disks, "disk"))
    base = f"{pl.name} produces {prod}: {' and '.join(parts)}"
    if swaps:
        base += f", then swaps {swaps * D.DISKS_PER_CARD} disks for {plural(swaps, 'card')}"
    if got:                    # the values drawn are the owner's secret
        values = f" (card value{'s' if len(got) > 1 else ''} {_cards_text([CARD_VALUES[c] for c in got])})"
        log(s, base + ".", p, base + values + ".")
    else:
        log(s, base + ".")
