"""Helpers for the Evolution rules tests: build small positions directly."""
from __future__ import annotations

import random

from boardgames_tui.games.evolution import cards as C
from boardgames_tui.games.evolution.rules import GAME, EvolutionState, Species


class Pool:
    """Hands out unused card ids of a given trait."""

    def __init__(self, deck: str = "110"):
        self.free: dict[str, list[int]] = {}
        for c in C.deck_cards(deck):
            self.free.setdefault(c.trait, []).append(c.id)
        self.used: set[int] = set()

    def take(self, trait: str) -> int:
        cid = self.free[trait].pop()
        self.used.add(cid)
        return cid


def sp(size: int = 1, pop: int = 1, food: int = 0, fat: int = 0, traits=()) -> dict:
    return {"size": size, "pop": pop, "food": food, "fat": fat, "traits": tuple(traits)}


def make(rows: list[list[dict]], hands: list[list[str]] | None = None, *, hole: int = 0,
         turn: int = 0, start: int = 0, phase: str = "feed", deck: str = "110", seed: int = 1,
         round_: int = 1, settle: bool = True, keeper: bool = False) -> EvolutionState:
    """A position with the given species rows (one list per player, left to
    right), hands (trait names) and phase.  Cards used are taken out of the
    deck so ids stay unique."""
    if keeper:
        # a last player whose big Intelligence herbivore can always feed (discarding
        # cards), so feeding does not end and clean up right after the step under test
        rows = list(rows) + [[sp(6, 6, traits=[C.INTELLIGENCE])]]
        hands = list(hands or [[] for _ in range(len(rows) - 1)]) + [[C.LONG_NECK] * 3]
    n = len(rows)
    s = GAME.new_game([f"P{i}" for i in range(n)], seed, {"deck": deck})
    pool = Pool(deck)
    s.removed = []
    s.discard = []
    uid = 0
    for p, row in enumerate(rows):
        pl = s.players[p]
        pl.species = []
        for d in row:
            x = Species(uid=uid, size=d["size"], pop=d["pop"], food=d["food"], fat=d["fat"],
                        traits=[pool.take(t) for t in d["traits"]], hidden=[])
            uid += 1
            pl.species.append(x)
        pl.hand = [pool.take(t) for t in (hands[p] if hands else [])]
        pl.bag = 0
        pl.done = False
    s.next_uid = uid
    s.deck = [c for c in C.deck_ids(deck) if c not in pool.used]
    random.Random(seed).shuffle(s.deck)
    s.hole = hole
    s.food_cards = []
    s.start = start
    s.turn = turn
    s.phase = phase
    s.round = round_
    s.pending = []
    s.final_round = None
    s.log = []
    s._decision = None
    if phase == "feed" and settle:
        # whose feeding turn it is (players who cannot feed are skipped)
        GAME._next_feed_turn(s, turn)
    return s


def finish_play(s) -> None:
    """From a position built in phase "play" where only player ``s.turn``
    is still to play, end the play phase (traits up, food revealed, grain
    traits, first feeding turn)."""
    for p, pl in enumerate(s.players):
        pl.done = p != s.turn
    if not s.players[s.turn].hand:
        s.players[s.turn].hand.append(s.deck.pop())
    s._decision = None
    GAME.apply(s, "done")


def keys(s) -> list[str]:
    d = GAME.cached_decision(s)
    return d.keys() if d else []


def play(s, *ks: str) -> None:
    for k in ks:
        GAME.apply(s, k)


def row(s, p: int) -> list[Species]:
    return s.players[p].species


def traits(x: Species) -> list[str]:
    return [C.TRAIT_OF[c] for c in x.traits]


def card_of(s, p: int, trait: str) -> int:
    """The id of the first card of ``trait`` in player p's hand."""
    for c in s.players[p].hand:
        if C.TRAIT_OF[c] == trait:
            return c
    raise KeyError(trait)


def log_text(s) -> str:
    return "\n".join(e.text for e in s.log)
