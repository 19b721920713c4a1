"""A tiny game with hidden hands for the UI tests (not shipped).

Each player holds cards (numbers).  On a turn the player picks a card from
the hand (private), then a pile to put it on (a species-like target); then
draws a new card (a reveal).  After ``ROUNDS`` turns each, the highest total
wins.  A public "vote" decision (private=False) happens at the start.
"""
from __future__ import annotations

from dataclasses import dataclass, field

from boardgames_tui.engine.core import Decision, Game, GameOption, LogEntry, Option
from boardgames_tui.engine.rng import Rng


@dataclass
class FakeState:
    names: list[str]
    rng: Rng
    hands: list[list[int]]
    piles: list[list[int]]
    deck: list[int]
    turn: int = 0
    round: int = 1
    rounds: int = 2
    voted: bool = False
    picked: int | None = None
    log: list[LogEntry] = field(default_factory=list)
    _decision: object = None


class FakeGame(Game):
    name = "fake"
    title = "Fake"
    min_players = 2
    max_players = 4
    description = "A tiny test game."
    game_options = (GameOption("rounds", "Rounds", ("2", "3", "1"), "2", "How many turns each"),
                    GameOption("big", "Big table", ("no", "yes"), "no", "Allows 5 players"))

    def player_range(self, options=None):
        big = (options or {}).get("big", "no") == "yes"
        return (2, 5 if big else 4)

    def new_game(self, names, seed, options=None):
        opts = self.options_with_defaults(options)
        rng = Rng(seed)
        deck = list(range(1, 31))
        rng.shuffle(deck)
        hands = [[deck.pop() for _ in range(3)] for _ in names]
        s = FakeState(list(names), rng, hands, [[] for _ in names], deck,
                      rounds=int(opts["rounds"]))
        s.log.append(LogEntry("Cards are dealt.", round=1))
        return s

    def decision(self, s):
        if s.round > s.rounds:
            return None
        if not s.voted:
            return Decision(0, "Vote: which pile starts?", "vote",
                            [Option("vote:a", "Pile A"), Option("vote:b", "Pile B")], private=False)
        p = s.turn
        if s.picked is None:
            return Decision(p, "Play a card from your hand", "play",
                            [Option(f"card:{c}", f"Card {c}", ("card", c)) for c in s.hands[p]])
        return Decision(p, f"Put card {s.picked} on which pile?", "pile",
                        [Option(f"pile:{i}", f"Pile of {s.names[i]}", ("species", i, 0))
                         for i in range(len(s.names))])

    def _apply(self, s, d, o):
        if d.kind == "vote":
            s.voted = True
            s.log.append(LogEntry(f"{s.names[0]} voted {o.label}.", round=s.round))
        elif d.kind == "play":
            c = int(o.key.split(":")[1])
            s.hands[d.player].remove(c)
            s.picked = c
            s.log.append(LogEntry(f"{s.names[d.player]} picks a card.", d.player,
                                  f"You pick card {c}.", s.round))
        else:
            i = int(o.key.split(":")[1])
            s.piles[i].append(s.picked)
            s.log.append(LogEntry(f"{s.names[d.player]} plays {s.picked} on pile {i}.", round=s.round))
            s.picked = None
            if s.deck:
                c = s.deck.pop()
                s.hands[d.player].append(c)
                s.rng.reveal()
                s.log.append(LogEntry(f"{s.names[d.player]} draws a card.", d.player,
                                      f"You draw card {c}.", s.round))
            s.turn += 1
            if s.turn == len(s.names):
                s.turn = 0
                s.round += 1

    def view(self, s, viewer):
        return {
            "game": "fake", "round": s.round, "viewer": viewer,
            "players": [{"name": n, "hand_count": len(s.hands[i]),
                         "hand": list(s.hands[i]) if viewer == i else None,
                         "pile": list(s.piles[i])} for i, n in enumerate(s.names)],
            "log": [e.for_viewer(viewer) for e in s.log],
            "scores": self.scores(s) if s.round > s.rounds else None,
        }

    def scores(self, s):
        return [sum(p) for p in s.piles]

    def winners(self, s):
        sc = self.scores(s)
        return [i for i, v in enumerate(sc) if v == max(sc)]

    def round_number(self, s):
        return min(s.round, s.rounds)

    def rules_notes(self):
        return "# Fake\n\nPlay cards onto piles. Highest pile wins."


GAME = FakeGame()
