"""A tiny hidden-hand card game used to test the engine without Evolution.

"Lanterns" (test-only): a deck of cards 0..29 (value = id % 10 + 1) is
shuffled; each player holds a hidden hand.  On your turn you may, any number of
times, pick a hand card (``card:<id>``) and then ``play`` it face up in front of
you or ``back`` out of the pick; you may ``draw`` one card (a reveal: something
random becomes known) and you ``end`` your turn.  After ``rounds`` rounds the
game is over; the score is the sum of the values played.

It exercises what the engine cares about: decisions of several small steps on
the step stack, hidden information (hands, the deck order), reveals counted by
the deck, a private log line, game options and a player range that depends on
an option.  It is also the worked example of ``docs/engine.md``.
"""
from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Any

from boardgames_tui.engine.core import GameOption, LogEntry, Option
from boardgames_tui.engine.hidden import Deck
from boardgames_tui.engine.rng import Rng
from boardgames_tui.engine.steps import Auto, Step, StepGame, key, parse_key

DECK_SIZE = 30


def value(card: int) -> int:
    return card % 10 + 1


@dataclass
class FakeState:
    names: list[str]
    hands: list[list[int]]
    table: list[list[int]]
    deck: Deck
    rng: Rng
    rounds: int
    round: int = 1
    turn: int = 0
    drew: bool = False
    steps: list = field(default_factory=list)
    log: list[LogEntry] = field(default_factory=list)
    _decision: Any = field(default=None, compare=False, repr=False)


class Turn(Step):
    """Pick a card, draw or end the turn."""
    kind = "play"

    def prompt(self, g, st):
        return "Pick a card, draw or end"

    def options(self, g, st):
        opts = [Option(key("card", c), f"Card {c} ({value(c)})", ("card", c), c) for c in st.hands[self.player]]
        if st.deck and not st.drew:
            opts.append(Option("draw", "Draw a card"))
        opts.append(Option("end", "End the turn"))
        return opts

    def apply(self, g, st, o):
        p = self.player
        if o.key == "end":
            st.drew = False
            st.steps.append(NextTurn())
            return
        st.steps.append(self)              # the turn goes on after this
        if o.key == "draw":
            c = st.deck.draw(st.rng)       # counted as a reveal by the deck
            st.hands[p].append(c)
            st.drew = True
            st.log.append(LogEntry(f"{st.names[p]} draws a card", p, f"{st.names[p]} draws {c}", st.round))
        else:
            st.steps.append(PlayCard(p, o.value))   # the follow-up question

    def why_illegal(self, g, st, k):
        head, c = parse_key(k, int)
        if head == "card" and c not in st.hands[self.player]:
            return "that card is not in your hand"
        return None


class PlayCard(Step):
    card: int
    kind = "use"

    def prompt(self, g, st):
        return "Play the picked card?"

    def options(self, g, st):
        return [Option("play", "Play it", ("card", self.card)), Option("back", "Back")]

    def apply(self, g, st, o):
        if o.key == "back":
            return                          # Turn is below: it decides again
        st.hands[self.player].remove(self.card)
        st.table[self.player].append(self.card)
        st.log.append(LogEntry(f"{st.names[self.player]} plays {self.card}", round=st.round))

    def why_illegal(self, g, st, k):
        if k.startswith("card:"):
            return "a card is already picked: play it or go back"
        return None


class NextTurn(Auto):
    def run(self, g, st):
        st.turn = (st.turn + 1) % len(st.names)
        if st.turn == 0:
            st.round += 1
        if st.round <= st.rounds:
            st.steps.append(Turn(st.turn))


class FakeCardGame(StepGame):
    name = "fakecards"
    title = "Lanterns"
    min_players = 2
    max_players = 4
    description = "Test-only hidden-hand card game."
    rules_version = "7"
    game_options = (
        GameOption("rounds", "Rounds", ("1", "2", "3"), "2"),
        GameOption("table", "Table size", ("small", "big"), "small", "big seats up to 4"),
    )

    def player_range(self, options=None):
        opts = self.options_with_defaults(options)
        return (2, 4) if opts["table"] == "big" else (2, 3)

    def new_game(self, names, seed, options=None):
        opts = self.options_with_defaults(options)
        self.check_player_count(len(names), opts)
        rng = Rng(seed)
        deck = Deck(range(DECK_SIZE))
        deck.shuffle(rng)
        hands = [deck.draw_many(rng, 3) for _ in names]
        st = FakeState(list(names), hands, [[] for _ in names], deck, rng, int(opts["rounds"]))
        for p, h in enumerate(hands):
            st.log.append(LogEntry(f"{names[p]} is dealt 3 cards", p,
                                   f"{names[p]} is dealt {', '.join(map(str, h))}", 1))
        st.steps.append(Turn(0))
        return self.start(st)

    def view(self, st: FakeState, viewer):
        top = st.steps[-1] if st.steps else None
        return {
            "round": st.round,
            "deck": len(st.deck),
            "picked": top.card if isinstance(top, PlayCard) and viewer == top.player else None,
            "players": [{"name": n,
                         "hand": list(st.hands[i]) if viewer == i else None,
                         "hand_count": len(st.hands[i]),
                         "table": list(st.table[i])} for i, n in enumerate(st.names)],
            "log": [e.for_viewer(viewer) for e in st.log],
        }

    def determinize(self, st: FakeState, viewer: int, rng: random.Random) -> FakeState:
        out = self.clone(st)
        unseen = out.deck.take_all()
        for p, h in enumerate(out.hands):
            if p != viewer:
                unseen += h
        unseen.sort()  # the deal must not depend on where the unseen cards were
        rng.shuffle(unseen)
        for p, h in enumerate(out.hands):
            if p != viewer:
                out.hands[p] = [unseen.pop() for _ in h]
        out.deck.add(unseen)
        out.rng = Rng(rng.randrange(2**32))
        return out

    def scores(self, st):
        return [sum(value(c) for c in t) for t in st.table]

    def winners(self, st):
        s = self.scores(st)
        return [i for i, v in enumerate(s) if v == max(s)]


GAME = FakeCardGame()


def seats(n: int = 2, bots: tuple[int, ...] = ()):
    """Seats P1..Pn for tests; ``bots`` are 0-based seat indexes played by bots."""
    from boardgames_tui.engine.session import BOT, HUMAN, Seat
    return [Seat(f"P{i + 1}", "white", BOT if i in bots else HUMAN) for i in range(n)]
