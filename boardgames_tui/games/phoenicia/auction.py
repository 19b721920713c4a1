"""Phoenicia's step a: the auctions of development cards.

* :class:`Auctions` (step a): open an auction on a displayed card, or go on to step b;
* :class:`Bid`: one bidder's turn (raise or pass), passing clockwise;
* :class:`WinAuction`: the card goes to the highest bidder, who pays (a :class:`~.workers.Pay`);
* the development cards' stacks (:func:`draw_dev`) and what a card gives (:func:`card_text`).
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from ...engine.core import Option
from ...engine.steps import Auto, log
from ...engine.text import plural
from . import data as D
from .data import DEV, TILES
from .state import (
    PhoeniciaState, PhxStep, PlayerState, TurnStep, clockwise, discount, key, price_for,
    public_wealth_bound, wealth,
)
from .workers import Workers, charge

if TYPE_CHECKING:
    from .rules import PhoeniciaGame


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


class Auctions(TurnStep):
    """Step a: open auctions while the opening bid can be paid, or go on."""

    kind = "auction"
    letter = "a"

    def prompt(self, g: PhoeniciaGame, s: PhoeniciaState) -> str:
        return "Auction a development card, or go on"

    def options(self, g: PhoeniciaGame, s: PhoeniciaState) -> list[Option]:
        pl = s.players[self.player]
        opts = open_options(s, pl, wealth(pl))
        # Skip the step when the table can see nothing is possible (each hidden card
        # counted at the highest value), so that a skip tells nobody about card values.
        if not opts and not open_options(s, pl, public_wealth_bound(pl)):
            return []
        opts.append(Option("workers", "Go on to workers (no more auctions)"))
        opts.append(Option("end", "End your turn"))
        return opts

    def on_empty(self, g: PhoeniciaGame, s: PhoeniciaState) -> None:
        s.steps.append(Workers(self.player))

    def apply(self, g: PhoeniciaGame, s: PhoeniciaState, o: Option) -> None:
        p = self.player
        if o.key == "workers":
            s.steps.append(Workers(p))
            return
        if o.key == "end":
            self.end_turn(g, s)
            return
        s.steps.append(self)                  # step a goes on after the auction
        slug = o.value
        c = DEV[slug]
        n = len(s.players)
        order = clockwise(p, n)
        best = [0] * n
        best[p] = c.bid
        log(s, f"{s.names[p]} auctions {c.name} with the opening bid {c.bid}.")
        s.steps.append(Bid(order[1], slug, p, c.bid, p, order, best))

    def reason(self, s: PhoeniciaState, head: str) -> str | None:
        if head == "open":
            return "you can open an auction only on a displayed card whose opening bid you can pay"
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

    def prompt(self, g: PhoeniciaGame, s: PhoeniciaState) -> str:
        return f"Auction for {DEV[self.card].name}: {s.names[self.high_bidder]} bids {self.high}. Raise or pass?"

    def options(self, g: PhoeniciaGame, s: PhoeniciaState) -> list[Option]:
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

    def on_empty(self, g: PhoeniciaGame, s: PhoeniciaState) -> None:
        log(s, f"{s.names[self.player]} cannot raise and passes.")
        self.active.remove(self.player)
        self._go_on(s)

    def apply(self, g: PhoeniciaGame, s: PhoeniciaState, o: Option) -> None:
        p = self.player
        if o.key == "pass":
            self.active.remove(p)
            log(s, f"{s.names[p]} passes.")
        else:
            self.high = self.best[p] = o.value
            self.high_bidder = p
            log(s, f"{s.names[p]} bids {self.high}.")
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

    def reason(self, s: PhoeniciaState, head: str) -> str | None:
        if head == "bid":
            return f"a bid must be more than {self.high} and stay within what you can pay"
        return None


class WinAuction(Auto):
    card: str
    winner: int
    high: int

    def run(self, g: PhoeniciaGame, s: PhoeniciaState) -> None:
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
        log(s, f"{pl.name} wins {c.name} for {self.high}{paytext}: {card_text(c)}.")
        charge(s, self.winner, pay, c.name)


def draw_dev(s: PhoeniciaState) -> str | None:
    """The top development card: stack 1 first, then 2, 3, 4 (a reveal)."""
    for deck in s.dev_stacks:
        if deck:
            return deck.draw(s.rng)
    return None


def card_text(c: D.DevCard) -> str:
    """One line of what a development card gives, e.g. "+1 VP; +2 storehouses; ..."."""
    parts = []
    if c.vp:
        parts.append(f"+{c.vp} VP")
    if c.prod:
        parts.append(f"+{c.prod} production")
    if c.store:
        parts.append("+" + plural(c.store, "storehouse"))
    if c.untrained:
        parts.append("+" + plural(c.untrained, "untrained worker"))
    if c.trained:
        parts.append("+" + plural(c.trained, "trained worker"))
    if c.effect:   # "Gives the Mining tile", in lower case after a "; "
        parts.append(c.effect[0].lower() + c.effect[1:] if parts else c.effect)
    if c.discount_on:
        parts.append("discount on " + ", ".join(DEV[t].name for t in c.discount_on))
    return "; ".join(parts) or "no effect"
