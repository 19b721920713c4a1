"""Helpers for the Evolution rules tests: build small positions directly."""
from __future__ import annotations

import random

from boardgames_tui.engine.hidden import Deck
from boardgames_tui.games.evolution import cards as C
from boardgames_tui.games.evolution.feeding import FeedTurn
from boardgames_tui.games.evolution.rules import GAME, EvolutionState, NextFoodTurn, PlayTurn, Species


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
    cards = [c for c in C.deck_ids(deck) if c not in pool.used]
    random.Random(seed).shuffle(cards)
    s.deck = Deck(cards)
    s.hole = hole
    s.food_cards = []
    s.start = start
    s.phase = phase
    s.round = round_
    s.steps = []
    s.final_round = None
    s.log = []
    s.discarded_face_down = []
    s._decision = None
    if phase == "play":
        s.steps = [PlayTurn(turn)]
    elif phase == "food":
        if settle:
            start_food_phase(s)
    elif phase == "feed" and settle:
        # whose feeding turn it is (players who cannot feed are skipped)
        start_feeding_turns(s, turn)
    return s


def start_feeding_turns(s, first: int) -> None:
    """Start the feeding turns at player ``first`` (skipping players who
    cannot feed; if nobody can, feeding ends and the clean-up runs)."""
    s.steps = [FeedTurn(first)]
    s._decision = None
    GAME.advance(s)


def start_food_phase(s) -> None:
    """Ask for the food cards, from the start player on."""
    s.steps = [NextFoodTurn()]
    s._decision = None
    GAME.advance(s)


def turn(s) -> int | None:
    """Who decides now (None: the game is over)."""
    d = GAME.cached_decision(s)
    return d.player if d else None


def deck_cards(s) -> list[int]:
    """The draw pile, top last (test-only look behind the backs)."""
    return s.deck.secret_contents()


def set_deck(s, cards) -> None:
    s.deck = Deck(list(cards))


def take_from_deck(s, pred) -> int:
    """Take the first card of the draw pile (from the bottom) matching ``pred``."""
    cards = deck_cards(s)
    c = next(c for c in cards if pred(c))
    cards.remove(c)
    set_deck(s, cards)
    return c


def finish_play(s) -> None:
    """From a position built in phase "play" where only the player deciding
    now is still to play, end the play phase (traits up, food revealed, grain
    traits, first feeding turn)."""
    p = turn(s)
    for q, pl in enumerate(s.players):
        pl.done = q != p
    if not s.players[p].hand:
        cards = deck_cards(s)
        s.players[p].hand.append(cards.pop())  # the top card, dealt by hand: no reveal
        set_deck(s, cards)
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
