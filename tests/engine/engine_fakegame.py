"""A tiny hidden-hand card game used to test the engine without Evolution.

"Lanterns" (test-only): a deck of cards 0..29 (value = id % 10 + 1) is
shuffled; each player holds a hidden hand.  On your turn you may, any number of
times, pick a hand card (``card:<id>``) and then ``play`` it face up in front of
you or ``back`` out of the pick; you may ``draw`` one card (a reveal: something
random becomes known) and you ``end`` your turn.  After ``rounds`` rounds the
game is over; the score is the sum of the values played.

It exercises what the engine cares about: decisions of several small steps,
hidden information (hands, the deck order), reveals, a private log line, game
options and a player range that depends on an option.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from boardgames_tui.engine.core import Decision, Game, GameOption, LogEntry, Option
from boardgames_tui.engine.rng import Rng

DECK_SIZE = 30


def value(card: int) -> int:
    return card % 10 + 1


@dataclass
class FakeState:
    names: list[str]
    hands: list[list[int]]
    table: list[list[int]]
    deck: list[int]
    rng: Rng
    rounds: int
    round: int = 1
    turn: int = 0
    picked: int | None = None
    drew: bool = False
    log: list[LogEntry] = field(default_factory=list)
    reveals: int = 0
    _decision: Any = field(default=None, compare=False, repr=False)


class FakeCardGame(Game):
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
        deck = list(range(DECK_SIZE))
        rng.shuffle(deck)
        hands = [[deck.pop() for _ in range(3)] for _ in names]
        st = FakeState(list(names), hands, [[] for _ in names], deck, rng, int(opts["rounds"]))
        for p, h in enumerate(hands):
            st.log.append(LogEntry(f"{names[p]} is dealt 3 cards", p,
                                   f"{names[p]} is dealt {', '.join(map(str, h))}", 1))
        return st

    def decision(self, st: FakeState):
        if st.round > st.rounds:
            return None
        p = st.turn
        if st.picked is not None:
            return Decision(p, f"Play card {st.picked}?", "use",
                            [Option("play", "Play it", ("card", st.picked)), Option("back", "Back")])
        opts = [Option(f"card:{c}", f"Card {c} ({value(c)})", ("card", c)) for c in st.hands[p]]
        if st.deck and not st.drew:
            opts.append(Option("draw", "Draw a card"))
        opts.append(Option("end", "End the turn"))
        return Decision(p, "Pick a card, draw or end", "play", opts)

    def _apply(self, st: FakeState, d: Decision, o: Option) -> None:
        p = d.player
        name = st.names[p]
        key = o.key
        if key.startswith("card:"):
            st.picked = int(key[5:])
        elif key == "back":
            st.picked = None
        elif key == "play":
            st.hands[p].remove(st.picked)
            st.table[p].append(st.picked)
            st.log.append(LogEntry(f"{name} plays {st.picked}", round=st.round))
            st.picked = None
        elif key == "draw":
            c = st.deck.pop()
            st.hands[p].append(c)
            st.drew = True
            st.reveals += 1
            st.log.append(LogEntry(f"{name} draws a card", p, f"{name} draws {c}", st.round))
        elif key == "end":
            st.drew = False
            st.turn = (p + 1) % len(st.names)
            if st.turn == 0:
                st.round += 1

    def view(self, st: FakeState, viewer):
        return {
            "round": st.round,
            "deck": len(st.deck),
            "players": [{"name": n,
                         "hand": list(st.hands[i]) if viewer == i else None,
                         "hand_count": len(st.hands[i]),
                         "table": list(st.table[i])} for i, n in enumerate(st.names)],
            "log": [e.for_viewer(viewer) for e in st.log],
        }

    def scores(self, st):
        return [sum(value(c) for c in t) for t in st.table]

    def winners(self, st):
        s = self.scores(st)
        return [i for i, v in enumerate(s) if v == max(s)]

    def why_illegal(self, st, d, key):
        if key.startswith("card:") and st.picked is not None:
            return "a card is already picked: play it or go back"
        return super().why_illegal(st, d, key)


GAME = FakeCardGame()


def seats(n: int = 2, bots: tuple[int, ...] = ()):
    """Seats P1..Pn for tests; ``bots`` are 0-based seat indexes played by bots."""
    from boardgames_tui.engine.session import BOT, HUMAN, Seat
    return [Seat(f"P{i + 1}", "white", BOT if i in bots else HUMAN) for i in range(n)]
