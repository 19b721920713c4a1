"""Headless bot games: the rules' fuzzer and benchmark.

Games are driven through the :class:`~boardgames_tui.engine.core.Game` API
directly (``new_game``, ``cached_decision``, ``apply``) rather than through a
:class:`~boardgames_tui.engine.session.Match`: no history, no undo records and
no views are computed, so the figure measured is the rules' own speed.

Every game ``i`` of a run with ``--seed S`` uses the seed ``S + i`` both for the
game (shuffles) and for its bots, so any single game can be played again with
``--games 1 --seed S+i`` (and the same ``--bots``).

``--bots LEVEL,LEVEL,...`` gives each seat a level (random, easy, hard).  The
levels are rotated across the games (game ``i`` seats level ``j`` in seat
``(j + i) mod n``), so that the seat order cannot decide who wins; the totals
give each level's win share per seat with a 95% Wilson interval, and the
thinking time per decision of the levels that think.

This module must not import Textual (``tests/test_layers.py`` checks it).
"""
from __future__ import annotations

import json
import math
import os
import sys
import time
import traceback
from dataclasses import asdict, dataclass, field

from .bots.base import ask, bot_seed  # noqa: F401 - bot_seed re-exported
from .bots.levels import LEVELS, make_bot
from .engine.registry import get_game

FINISHED, UNFINISHED, ERROR = "finished", "unfinished", "error"
from .engine.limits import DEFAULT_MAX_CHOICES  # noqa: E402,F401 - re-exported


@dataclass
class GameResult:
    index: int
    seed: int
    status: str
    choices: int
    rounds: int
    seconds: float
    scores: list[int] | None = None
    winners: list[int] | None = None
    winner_names: list[str] | None = None
    error: str | None = None          # one line: exception type and message
    traceback: str | None = None      # the last frames, for people
    levels: list[str] | None = None   # each seat's bot level in this game
    think: dict[str, list[float]] = field(default_factory=dict)  # seconds per decision, by level
    end: str = ""                     # how it ended (``Game.end_kind``), "" for a game with one way


def seat_levels(levels: list[str], index: int) -> list[str]:
    """The levels of game ``index``'s seats: the run's list rotated by ``index``."""
    n = len(levels)
    return [levels[(seat - index) % n] for seat in range(n)]


def wilson(wins: float, n: int, z: float = 1.96) -> tuple[float, float]:
    """The 95% Wilson score interval of a proportion (ties count as half wins)."""
    if n <= 0:
        return (0.0, 1.0)
    p = wins / n
    den = 1 + z * z / n
    mid = (p + z * z / (2 * n)) / den
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / den
    return (max(0.0, mid - half), min(1.0, mid + half))


def percentile(values: list[float], q: float) -> float:
    if not values:
        return 0.0
    xs = sorted(values)
    k = min(len(xs) - 1, max(0, math.ceil(q * len(xs)) - 1))
    return xs[k]


@dataclass
class Simulation:
    game: str
    players: int
    seed: int
    max_choices: int
    options: dict[str, str]
    results: list[GameResult] = field(default_factory=list)
    seconds: float = 0.0
    levels: list[str] = field(default_factory=list)

    # -- totals -------------------------------------------------------------------
    def count(self, status: str) -> int:
        return sum(1 for r in self.results if r.status == status)

    @property
    def total_choices(self) -> int:
        return sum(r.choices for r in self.results)

    @property
    def busy_seconds(self) -> float:
        """Time spent inside the games (set-up and play), without printing."""
        return sum(r.seconds for r in self.results)

    @property
    def choices_per_second(self) -> float:
        busy = self.busy_seconds
        return self.total_choices / busy if busy > 0 else 0.0

    def totals(self) -> dict:
        done = [r for r in self.results if r.status == FINISHED]

        def stats(values: list[int]) -> dict | None:
            if not values:
                return None
            return {"mean": sum(values) / len(values), "min": min(values), "max": max(values)}

        wins = [0] * self.players
        for r in done:
            for w in r.winners or []:
                wins[w] += 1
        return {
            "games": len(self.results),
            "finished": len(done),
            "unfinished": self.count(UNFINISHED),
            "errors": self.count(ERROR),
            "choices": self.total_choices,
            "seconds": round(self.busy_seconds, 4),
            "wall_seconds": round(self.seconds, 4),
            "choices_per_second": round(self.choices_per_second, 1),
            # lengths are over finished games: an unfinished game's length is the cut-off
            "length_choices": stats([r.choices for r in done]),
            "length_rounds": stats([r.rounds for r in done]),
            "wins_by_seat": wins,
            "ends": {k: sum(1 for r in done if r.end == k) for k in sorted({r.end for r in done if r.end})},
            "levels": self.level_totals(),
        }

    def level_totals(self) -> dict:
        """Per level: seats played, wins (a tie shared), the win share per seat
        with its 95% interval, and thinking time per decision."""
        out: dict[str, dict] = {}
        for r in self.results:
            if r.status != FINISHED or not r.levels:
                continue
            for lv in r.levels:
                out.setdefault(lv, {"seats": 0, "wins": 0.0, "think": []})["seats"] += 1
            for w in r.winners or []:
                out[r.levels[w]]["wins"] += 1 / len(r.winners or [1])
        for r in self.results:
            for lv, times in r.think.items():
                if lv in out:
                    out[lv]["think"].extend(times)
        for row in out.values():
            times = row.pop("think")
            row["wins"] = round(row["wins"], 3)
            row["share"] = round(row["wins"] / row["seats"], 4) if row["seats"] else 0.0
            row["ci95"] = [round(x, 4) for x in wilson(row["wins"], row["seats"])]
            if times:
                row["decisions"] = len(times)
                row["think_median_s"] = round(percentile(times, 0.5), 5)
                row["think_p95_s"] = round(percentile(times, 0.95), 5)
        return out

    def to_json(self) -> dict:
        return {"game": self.game, "players": self.players, "seed": self.seed,
                "max_choices": self.max_choices, "options": self.options, "levels": self.levels,
                "games": [asdict(r) for r in self.results], "totals": self.totals()}


def play_one(game, names: list[str], seed: int, options: dict[str, str], max_choices: int,
             index: int = 0, levels: list[str] | None = None, bot_kw: dict | None = None) -> GameResult:
    """Play one game with seeded bots (``levels`` per seat, all random by
    default); errors are caught and reported."""
    t0 = time.perf_counter()
    n = 0
    state = None
    levels = levels or ["random"] * len(names)
    think: dict[str, list[float]] = {}
    try:
        state = game.new_game(names, seed, options)
        bots = [make_bot(lv, bot_seed(seed, i), game, **(bot_kw or {}) if lv == "hard" else {})
                for i, lv in enumerate(levels)]
        timed = [lv != "random" for lv in levels]
        decide, apply = game.cached_decision, game.apply
        clock = time.perf_counter
        while True:
            d = decide(state)
            if d is None:
                status = FINISHED
                break
            if n >= max_choices:
                status = UNFINISHED
                break
            if timed[d.player]:
                t = clock()
                key = ask(bots[d.player], game, state, d)
                think.setdefault(levels[d.player], []).append(clock() - t)
            else:
                key = ask(bots[d.player], game, state, d)
            apply(state, key)
            n += 1
        rounds = game.round_number(state)
        res = GameResult(index, seed, status, n, rounds, 0.0, levels=list(levels), think=think)
        if status == FINISHED:
            res.scores = list(game.scores(state))
            res.winners = list(game.winners(state))
            res.winner_names = [names[w] for w in res.winners]
            res.end = game.end_kind(state)
    except Exception as e:  # noqa: BLE001 - a rules bug must not stop the run
        tb = traceback.TracebackException.from_exception(e)
        frames = "".join(tb.format())
        rounds = 0
        try:
            rounds = game.round_number(state) if state is not None else 0
        except Exception:  # noqa: BLE001
            pass
        res = GameResult(index, seed, ERROR, n, rounds, 0.0,
                         error=f"{type(e).__name__}: {e}".splitlines()[0] if str(e) else type(e).__name__,
                         traceback=_tail(frames), levels=list(levels))
    res.seconds = time.perf_counter() - t0
    return res


def _tail(text: str, lines: int = 12) -> str:
    parts = text.rstrip().splitlines()
    if len(parts) > lines:
        parts = ["  ..."] + parts[-lines:]
    return "\n".join(parts)


def run(game_name: str, players: int, games: int, seed: int, max_choices: int = DEFAULT_MAX_CHOICES,
        options: dict[str, str] | None = None, progress=None, levels: list[str] | None = None,
        bot_kw: dict | None = None) -> Simulation:
    """Play ``games`` games; ``progress(result)`` is called after each one.
    ``levels``: one bot level per seat, rotated across the games."""
    game = get_game(game_name)
    opts = game.options_with_defaults(options)
    game.check_player_count(players, opts)
    levels = check_levels(levels, players)
    names = [f"Player {i + 1}" for i in range(players)]
    sim = Simulation(game.name, players, seed, max_choices, opts, levels=levels)
    t0 = time.perf_counter()
    for i in range(games):
        r = play_one(game, names, seed + i, opts, max_choices, i, seat_levels(levels, i), bot_kw)
        sim.results.append(r)
        if progress:
            progress(r)
    sim.seconds = time.perf_counter() - t0
    return sim


def check_levels(levels: list[str] | None, players: int) -> list[str]:
    """One known level per seat (all random when none are given)."""
    if not levels:
        return ["random"] * players
    bad = [lv for lv in levels if lv not in LEVELS]
    if bad:
        raise ValueError(f"unknown bot level '{bad[0]}'; levels: {', '.join(LEVELS)}")
    if len(levels) != players:
        raise ValueError(f"--bots gives {len(levels)} levels for {players} players; give one per seat")
    return list(levels)


# -- output ------------------------------------------------------------------------
def format_row(r: GameResult) -> str:
    if r.status == FINISHED:
        who = ", ".join(r.winner_names or [])
        scores = " ".join(str(s) for s in r.scores or [])
        tail = f"won by {who:<20} scores {scores}" + (f"  ({r.end})" if r.end else "")
    elif r.status == UNFINISHED:
        tail = "cut off (unfinished)"
    else:
        tail = f"ERROR {r.error}"
    return (f"game {r.index + 1:>4}  seed {r.seed:<10} {r.rounds:>3} rounds {r.choices:>7} choices"
            f"  {r.seconds:7.3f} s  {tail}")


def format_totals(sim: Simulation) -> str:
    t = sim.totals()
    out = [f"totals: {t['games']} games: {t['finished']} finished, {t['unfinished']} unfinished "
           f"(cut off at {sim.max_choices} choices), {t['errors']} errors",
           f"speed: {t['choices']} choices in {t['seconds']:.3f} s of play = {t['choices_per_second']:.0f} choices/s"]
    lc, lr = t["length_choices"], t["length_rounds"]
    if lc:
        out.append(f"length in choices: mean {lc['mean']:.1f}, min {lc['min']}, max {lc['max']}")
        out.append(f"length in rounds: mean {lr['mean']:.1f}, min {lr['min']}, max {lr['max']}")
    else:
        out.append("length: no finished game")
    if t["finished"]:
        out.append("wins by seat: " + ", ".join(f"{i + 1}: {w}" for i, w in enumerate(t["wins_by_seat"])))
    if t["ends"]:
        out.append("ends: " + ", ".join(f"{k} {n}" for k, n in t["ends"].items()))
    if len(set(sim.levels)) > 1 or any(lv != "random" for lv in sim.levels):
        out.append("win share per seat by level (seats rotated; 95% interval):")
        for lv, row in t["levels"].items():
            lo, hi = row["ci95"]
            line = (f"  {lv:<7} {row['share'] * 100:5.1f}%  [{lo * 100:.1f}%, {hi * 100:.1f}%]"
                    f"  wins {row['wins']:g} of {row['seats']} seats")
            if "decisions" in row:
                line += (f"  think median {row['think_median_s'] * 1000:.1f} ms, p95 "
                         f"{row['think_p95_s'] * 1000:.1f} ms over {row['decisions']} decisions")
            out.append(line)
    return "\n".join(out)


def reproduce_command(game: str, players: int, seed: int, max_choices: int,
                      options: dict[str, str], levels: list[str] | None = None) -> str:
    opts = "".join(f" --option {k}={v}" for k, v in options.items())
    bots = f" --bots {','.join(levels)}" if levels and any(lv != "random" for lv in levels) else ""
    return (f"boardgames-tui simulate {game} --players {players} --games 1 --seed {seed}"
            f" --max-choices {max_choices}{opts}{bots}")


def main(game: str, players: int, games: int, seed: int | None, max_choices: int,
         as_json: bool, options: dict[str, str] | None = None, out=None, err=None,
         levels: list[str] | None = None, bot_kw: dict | None = None) -> int:
    """The ``simulate`` command.  Returns the exit code: 0, or 1 if any game
    raised an error.  Bad arguments raise ValueError (or UnknownGame) before
    anything is played."""
    out = out or sys.stdout
    err = err or sys.stderr
    if seed is None:
        seed = int.from_bytes(os.urandom(4), "big")
    g = get_game(game)
    opts = g.options_with_defaults(options)
    g.check_player_count(players, opts)
    levels = check_levels(levels, players)

    def progress(r: GameResult) -> None:
        if not as_json:
            print(format_row(r), file=out, flush=True)
        if r.status == ERROR:
            print(f"game {r.index + 1} (seed {r.seed}) raised {r.error}\n{r.traceback}\n"
                  f"reproduce: {reproduce_command(g.name, players, r.seed, max_choices, opts, r.levels)}",
                  file=err, flush=True)

    if not as_json:
        opt_text = ", ".join(f"{k}={v}" for k, v in opts.items())
        print(f"simulate {g.name}: {players} players, {games} games, seed {seed}, "
              f"max {max_choices} choices" + (f", options {opt_text}" if opt_text else "")
              + (f", bots {','.join(levels)}" if any(lv != "random" for lv in levels) else ""), file=out)
    sim = run(g.name, players, games, seed, max_choices, opts, progress, levels, bot_kw)
    if as_json:
        json.dump(sim.to_json(), out, indent=1)
        out.write("\n")
    else:
        print(format_totals(sim), file=out)
    return 1 if sim.count(ERROR) else 0
