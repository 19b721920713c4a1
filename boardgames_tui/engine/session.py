"""A match: one game being played, with its seats, its choices and undo.

The match is what the UI, the bots, the CLI and the save files talk to.  It
keeps the ordered list of choices (the save file is that list plus the seed),
and for each choice who made it and whether it revealed anything, which is all
the undo policy needs.  Undo replays the remaining choices from the seed: the
rules are deterministic, games are a few hundred choices long, and a replay
cannot drift from what the rules say the way a hand-written inverse could.
"""
from __future__ import annotations

import os
import time
from dataclasses import dataclass, field
from typing import Any

from .core import Decision, Game, IllegalMove, LogEntry
from .registry import get_game

HUMAN, BOT = "human", "bot"


@dataclass
class Seat:
    name: str
    colour: str = "white"
    kind: str = HUMAN  # "human" or "bot"

    @property
    def is_bot(self) -> bool:
        return self.kind == BOT

    def to_json(self) -> dict:
        return {"name": self.name, "colour": self.colour, "kind": self.kind}

    @classmethod
    def from_json(cls, d: dict) -> "Seat":
        kind = d.get("kind", HUMAN)
        if kind not in (HUMAN, BOT):
            raise ValueError(f"seat kind must be human or bot, not {kind!r}")
        return cls(str(d["name"]), str(d.get("colour", "white")), kind)


@dataclass
class ChoiceRecord:
    key: str
    player: int
    revealed: bool  # something hidden or random became known while applying it


@dataclass
class Match:
    game: Game
    seats: list[Seat]
    seed: int
    options: dict[str, str]
    state: Any = None
    history: list[ChoiceRecord] = field(default_factory=list)
    created: float = field(default_factory=time.time)
    # A stable id for the autosave file of this match.
    match_id: str = ""
    # Table setting, not a rule: skip the hand-off curtains (friendly games).
    open_info: bool = False

    @classmethod
    def new(cls, game_name: str, seats: list[Seat], seed: int | None = None,
            options: dict[str, str] | None = None) -> "Match":
        game = get_game(game_name)
        opts = game.options_with_defaults(options)
        game.check_player_count(len(seats), opts)
        names = [s.name for s in seats]
        if any(not n.strip() for n in names):
            raise ValueError("every seat needs a name")
        if len(set(n.strip().lower() for n in names)) != len(names):
            raise ValueError("seat names must differ")
        if seed is None:
            seed = int.from_bytes(os.urandom(4), "big")
        m = cls(game, seats, int(seed), opts)
        m._replay([])
        m.match_id = f"{game.name}-{time.strftime('%Y%m%d-%H%M%S')}-{m.seed % 100000:05d}"
        return m

    # -- the current position -------------------------------------------------
    @property
    def choices(self) -> list[str]:
        return [r.key for r in self.history]

    def decision(self) -> Decision | None:
        return self.game.cached_decision(self.state)

    def is_over(self) -> bool:
        return self.decision() is None

    def view(self, viewer: int | None) -> dict:
        return self.game.view(self.state, viewer)

    def scores(self) -> list[int]:
        return self.game.scores(self.state)

    def winners(self) -> list[int]:
        return self.game.winners(self.state)

    def round_number(self) -> int:
        return self.game.round_number(self.state)

    def log(self) -> list[LogEntry]:
        return self.state.log

    # -- acting -----------------------------------------------------------------
    def choose(self, key: str) -> None:
        """Apply one choice for whoever must decide now (IllegalMove if not legal)."""
        d = self.decision()
        if d is None:
            raise IllegalMove("the game is over")
        before = self.state.rng.mark
        self.game.apply(self.state, key)
        self.history.append(ChoiceRecord(key, d.player, self.state.rng.mark != before))

    def can_undo(self) -> tuple[bool, str]:
        """May the player deciding now take back the last choice?  Returns
        (allowed, reason) where the reason says why not."""
        if not self.history:
            return False, "nothing to undo yet"
        last = self.history[-1]
        d = self.decision()
        if d is None:
            return False, "the game is over"
        if d.player != last.player:
            return False, (f"{self.seats[last.player].name}'s turn has passed to "
                           f"{self.seats[d.player].name}; choices cannot be taken back once another player decides")
        if self.seats[last.player].is_bot:
            return False, "the last choice was a bot's"
        if last.revealed:
            return False, "that choice revealed hidden or random information (cards drawn or turned up)"
        return True, ""

    def undo(self) -> None:
        ok, why = self.can_undo()
        if not ok:
            raise IllegalMove(f"cannot undo: {why}")
        self._replay(self.choices[:-1])

    def _replay(self, keys: list[str]) -> None:
        """Start from the seed and apply ``keys``; IllegalMove names the first
        choice the rules refuse."""
        self.state = self.game.new_game([s.name for s in self.seats], self.seed, self.options)
        self.history = []
        for i, k in enumerate(keys):
            try:
                self.choose(k)
            except IllegalMove as e:
                raise IllegalMove(f"choice {i + 1} ('{k}') is not legal: {e.reason}") from None

    @classmethod
    def replay(cls, game_name: str, seats: list[Seat], seed: int,
               options: dict[str, str], keys: list[str]) -> "Match":
        """Rebuild a match from its seed and choices (loading a save file).
        Raises IllegalMove naming the first choice the rules refuse."""
        game = get_game(game_name)
        opts = game.options_with_defaults(options)
        game.check_player_count(len(seats), opts)
        m = cls(game, seats, int(seed), opts)
        m._replay(keys)
        return m
