"""A synthetic long game for the save benchmarks: "Marathon".

Real games end on their own after a few hundred to two thousand choices; the
engine issue asks for figures at 5,000 choices (Civilization's length).  This
game is a StepGame of the usual shape, sized like Utopia's state: a
face-down deck (Deck), hidden hands, a 12x12 board, a move log that grows by
one line a choice, multi-part turns (pick a card, then a cell, sometimes
draw).  It ends after ``choices`` choices, so every run has the same length.
"""
from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Any

from boardgames_tui.engine.core import LogEntry, Option
from boardgames_tui.engine.hidden import Deck
from boardgames_tui.engine.rng import Rng
from boardgames_tui.engine.steps import Step, StepGame, key

SIZE = 12


@dataclass
class MState:
    names: list[str]
    rng: Rng
    deck: Deck
    hands: list[list[int]]
    board: list[list[int]]
    scores: list[int]
    limit: int
    made: int = 0
    placed: int = 0
    round: int = 1
    steps: list = field(default_factory=list)
    log: list[LogEntry] = field(default_factory=list)
    _decision: Any = field(default=None, compare=False, repr=False)


class Pick(Step):
    kind = "pick"

    def prompt(self, g, s):
        return "Pick a card or draw"

    def options(self, g, s):
        opts = [Option(key("card", c), f"Card {c}", ("card", c), c) for c in s.hands[self.player]]
        if s.deck and len(s.hands[self.player]) < 8:
            opts.append(Option("draw", "Draw"))
        return opts

    def apply(self, g, s, o):
        s.made += 1
        if o.key == "draw":
            s.hands[self.player].append(s.deck.draw(s.rng))
            s.log.append(LogEntry(f"{s.names[self.player]} draws", self.player, "You draw", s.round))
            s.steps.append(Pick(self.player))
        else:
            s.steps.append(Place(self.player, o.value))
        g.maybe_end(s)


class Place(Step):
    card: int
    kind = "place"

    def prompt(self, g, s):
        return "Where does it go?"

    def options(self, g, s):
        out = []
        for r in range(SIZE):
            row = s.board[r]
            for c in range(SIZE):
                if row[c] < 0:
                    out.append(Option(key("cell", r, c), f"Cell {r},{c}", ("cell", r, c), (r, c)))
                    if len(out) == 24:
                        return out
        return out

    def apply(self, g, s, o):
        s.made += 1
        r, c = o.value
        s.hands[self.player].remove(self.card)
        s.board[r][c] = self.card
        s.scores[self.player] += self.card % 7
        s.log.append(LogEntry(f"{s.names[self.player]} places {self.card} at {r},{c}", round=s.round))
        s.placed += 1
        if s.placed > SIZE * SIZE - 10:
            s.placed = 0
            s.deck.add(x for row in s.board for x in row if x >= 0)
            s.deck.shuffle(s.rng)
            s.board = [[-1] * SIZE for _ in range(SIZE)]
            s.round += 1
        nxt = (self.player + 1) % len(s.names)
        s.steps.append(Pick(nxt))
        g.maybe_end(s)


class Marathon(StepGame):
    name = "marathon"
    title = "Marathon"
    min_players = 2
    max_players = 5
    rules_version = "1"

    def __init__(self, choices: int = 5_000):
        self.limit = choices

    def new_game(self, names, seed, options=None):
        rng = Rng(seed)
        deck = Deck(range(400))
        deck.shuffle(rng)
        hands = [deck.draw_many(rng, 5) for _ in names]
        s = MState(list(names), rng, deck, hands, [[-1] * SIZE for _ in range(SIZE)],
                   [0] * len(names), self.limit)
        s.steps.append(Pick(0))
        return self.start(s)

    def maybe_end(self, s):
        if s.made >= s.limit:
            s.steps.clear()

    def view(self, s, viewer):
        return {"board": [list(r) for r in s.board], "scores": list(s.scores),
                "hand": list(s.hands[viewer]) if viewer is not None else None,
                "log": [e.for_viewer(viewer) for e in s.log]}

    def determinize(self, s, viewer, rng: random.Random):
        out = self.clone(s)
        pool = out.deck.take_all()
        for p, h in enumerate(out.hands):
            if p != viewer:
                pool += h
        rng.shuffle(pool)
        for p, h in enumerate(out.hands):
            if p != viewer:
                out.hands[p] = [pool.pop() for _ in h]
        out.deck.add(pool)
        out.rng = Rng(rng.randrange(2**32))
        return out

    def scores(self, s):
        return list(s.scores)

    def winners(self, s):
        return [p for p, v in enumerate(s.scores) if v == max(s.scores)]

    def round_number(self, s):
        return s.round


GAME = Marathon()
