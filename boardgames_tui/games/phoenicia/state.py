"""Phoenicia's state, what a player has (derived, never stored twice) and what every decision shares.

The steps live by the part of the turn they belong to: :mod:`.auction` (step a and the
auctions), :mod:`.workers` (steps b and c, payments and production cards); the round,
administration, the end and the scores are in :mod:`.rules`.  This module imports
none of them.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from functools import lru_cache
from typing import TYPE_CHECKING, ClassVar

from ...engine.hidden import Deck
from ...engine.rng import Rng
from ...engine.text import quoted
from ...engine.steps import Step, StepState, key_head, log
from ...engine.steps import key as _build_key
from . import data as D
from .data import CARD_VALUES, DEV, TILES

if TYPE_CHECKING:
    from .auction import Bid
    from .rules import PhoeniciaGame
    from .workers import Pay

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
class PhoeniciaState(StepState):
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

    # -- read from the step stack (never stored twice) ------------------------------
    # The step classes live in the modules that import this one: the stack's steps are
    # told apart by their ``kind`` ("bid": the auction's Bid, "pay": a Pay, "limits":
    # the Limits procedure of administration step d) and a turn step by its class.
    @property
    def phase(self) -> str:
        """"turn", "limits" (administration step d) or "over"."""
        if not self.steps:
            return "over"
        return "limits" if getattr(self.steps[0], "kind", None) == "limits" else "turn"

    @property
    def step(self) -> str | None:
        """The active player's step "a", "b" or "c" (None outside a turn)."""
        bottom = self.steps[0] if self.steps else None
        return bottom.letter if isinstance(bottom, TurnStep) else None

    @property
    def auction(self) -> Bid | None:
        """The running auction's Bid step."""
        top = self.steps[-1] if self.steps else None
        return top if getattr(top, "kind", None) == "bid" else None

    @property
    def payment(self) -> Pay | None:
        """The Pay step under way."""
        top = self.steps[-1] if self.steps else None
        return top if getattr(top, "kind", None) == "pay" else None

    @property
    def limit_queue(self) -> list[int]:
        """Players whose limits are still to check (the first is being checked)."""
        for st in self.steps:
            if getattr(st, "kind", None) == "limits":
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



# The engine's key builder, remembered: the same few hundred keys are built all game long.
key = lru_cache(maxsize=1024)(_build_key)


# ----------------------------------------------------------------------------------
# What every decision shares
# ----------------------------------------------------------------------------------

# The kind of decision each key head belongs to ("end" belongs to the three turn steps).
HEAD_KIND = {"open": "auction", "workers": "auction", "train": "workers", "employ": "workers",
             "move": "workers", "tools": "workers", "tool": "tools", "vp": "tools", "convert": "tools",
             "bid": "bid", "pass": "bid", "pay": "pay", "discard": "discard"}
TURN_KINDS = ("auction", "workers", "tools")


class PhxStep(Step):
    """A Phoenicia decision: explains refused keys by the rule they break."""

    def why_illegal(self, g: PhoeniciaGame, s: PhoeniciaState, k: str) -> str | None:
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

    def end_turn(self, g: PhoeniciaGame, s: PhoeniciaState) -> None:
        log(s, f"{s.names[self.player]} ends the turn.")
        g.after_turn(s)                    # the round goes on (rules.py)
