"""Tables under load: headless sessions, each its own process and store connection.

    .venv/bin/python bench/tables_load.py [--seconds 120] [--poll 0.25] [--design both|server|poll]

``--design server`` (bench/tables_server.py): the same 20 terminals as clients of one table server,
which plays the bots.  ``--design poll`` (below): the design before the server, each terminal
replaying its table from the shared store.  ``both`` (the default) runs one after the other, so
that the two are measured in the same run.

20 sessions on 10 tables (2 sessions a table), the five games twice over,
for ``--seconds``.  Every session polls like the table screen (``changed()``,
then ``poll()``, every ``--poll`` seconds while nothing is to be done) and
chooses a random legal key whenever its seat decides.  Three kinds of table:

* ``pair``: two players, one session each;
* ``pair+bot``: the same with an easy bot seat, which both sessions may run:
  the one holding the bot lease (``TableSession.lease_bot``) thinks
  (``bots.base.ask``) and appends with ``for_bot=True``;
* ``twin+bot``: one player holding one seat from two terminals at once, and a
  bot: the double submit (both choose at every turn; the guard keeps one).

When a table's game ends, its first session creates the next one (the next
seed) and hands the code to the other through a queue.

Reported: choices per second (every successful append, all tables), the
latency from an append (``time.time()`` in the appending process, right after
its commit) to the other session of the table having taken it in (the same
clock, right after its ``poll()``), median and p95, and the checks, which
must all be 0: lost choices (an append its session saw succeed that is not
the store's choice at that index), duplicated ones (two sessions both told
that they appended the same index), unclaimed ones (a store choice no session
appended), and sessions whose final state is not the table's replayed state.
Exit 1 if any is not 0.  A benchmark, not a test (tests/tables/test_tables_load.py
runs the same machinery for 3 s).
"""
from __future__ import annotations

import argparse
import multiprocessing as mp
import queue
import random
import statistics
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path

from boardgames_tui.bots.base import ask, bot_seed
from boardgames_tui.bots.levels import make_bot
from boardgames_tui.engine.session import BOT, Match, Seat
from boardgames_tui.engine.table_session import StaleChoice, TableSession, load_table, new_table
from boardgames_tui.engine.table_store import TableStore

GAMES = ("evolution", "phoenicia", "utopia", "imperial", "civilization")
KINDS = ("pair", "pair+bot", "twin+bot")


@dataclass(frozen=True)
class Spec:
    """One table slot: its game, its kind, the first seed (each new game there takes the next)."""
    slot: int
    game: str
    kind: str
    seed: int


def default_specs() -> list[Spec]:
    """10 tables: every game as a pair, then every game with a bot (twin at two of them)."""
    specs = [Spec(i, g, "pair", 100 + i) for i, g in enumerate(GAMES)]
    specs += [Spec(5 + i, g, "twin+bot" if i in (1, 3) else "pair+bot", 200 + i) for i, g in enumerate(GAMES)]
    return specs


def seats_of(spec: Spec) -> list[Seat]:
    if spec.kind == "pair":
        return [Seat("Ann"), Seat("Ben")]
    if spec.kind == "pair+bot":
        return [Seat("Ann"), Seat("Ben"), Seat("Bot", kind=BOT, level="easy")]
    return [Seat("Ann"), Seat("Bot", kind=BOT, level="easy")]


def players_of(spec: Spec) -> tuple[str, str]:
    """The two sessions' players: a twin table is one player at two terminals."""
    return ("ann", "ann") if spec.kind == "twin+bot" else ("ann", "ben")


def create(store: TableStore, spec: Spec, seed: int) -> str:
    code = new_table(store, spec.game, seats_of(spec), seed=seed)
    a, b = players_of(spec)
    store.claim(code, 0, a)        # claimed up front, so that either session may start first
    if spec.kind != "twin+bot":
        store.claim(code, 1, b)
    return code


class TimedStore(TableStore):
    """The store, noting the time of this connection's last successful append."""
    last_append = 0.0

    def append(self, *args, **kw) -> bool:   # type: ignore[override]
        ok = super().append(*args, **kw)
        if ok:
            self.last_append = time.time()
        return ok


@dataclass
class Report:
    """What one session reports: its appends, when it saw the others', its final states."""
    slot: int
    who: int
    appended: list[tuple[str, int, str, float]] = field(default_factory=list)   # code, index, key, time
    seen: list[tuple[str, int, float]] = field(default_factory=list)            # code, index, time
    states: dict[str, object] = field(default_factory=dict)                     # code -> final state
    stale: int = 0
    error: str = ""


def session_main(path: str, spec: Spec, who: int, first_code: str, handoff, start, stop,
                 seconds: float, poll: float, out) -> None:
    """One terminal: play its seats of the slot's tables for ``seconds``, then report."""
    rep = Report(spec.slot, who)
    s: TableSession | None = None
    try:
        s = _play(Path(path), spec, who, first_code, handoff, start, seconds, poll, rep)
    except Exception as e:   # reported, so that the parent fails loudly instead of hanging
        rep.error = f"{type(e).__name__}: {e}"
    try:
        stop.wait(timeout=60)    # every session has stopped choosing
        if s is not None:        # what the others chose last (not timed: it waited for the barrier)
            s.poll_now()
            rep.states[s.code] = s.match.state
            s.store.close()
    except Exception as e:
        rep.error = rep.error or f"{type(e).__name__}: {e}"
    out.put(rep)


def _play(path: Path, spec: Spec, who: int, code: str, handoff, start, seconds: float, poll: float,
          rep: Report) -> TableSession | None:
    store = TimedStore(path)
    rng = random.Random(spec.seed * 10 + who)
    player = players_of(spec)[who]
    seat = 0 if spec.kind == "twin+bot" else who
    seed = spec.seed
    start.wait()
    t_end = time.time() + seconds

    while True:
        s = TableSession.join(store, code, player, seat=seat)
        bots = {i: make_bot(st.level, bot_seed(s.match.seed, i), s.match.game)
                for i, st in enumerate(s.match.seats) if st.is_bot}
        mine: set[int] = set()
        while time.time() < t_end and s.match.decision() is not None:
            before = s.n
            acted = False
            try:
                if s.my_turn():
                    s.choose(rng.choice(s.match.decision().options).key)
                    acted = True
                elif s.bot_to_move() and s.lease_bot():
                    d = s.match.decision()
                    s.choose(ask(bots[d.player], s.match.game, s.match.state, d), for_bot=True)
                    acted = True
            except StaleChoice:
                rep.stale += 1       # the other session chose first; its choice is in now
            if acted:
                rep.appended.append((s.code, before, s.match.history[before].key, store.last_append))
                mine.add(before)
                continue
            changed = s.poll() or s.n != before
            rep.seen.extend((s.code, i, time.time()) for i in range(before, s.n) if i not in mine)
            if not changed:
                time.sleep(poll)
        if time.time() >= t_end:
            return s
        rep.states[s.code] = s.match.state
        # The game is over: the first session opens the next one and tells the other.
        seed += 1
        if who == 0:
            code = create(store, spec, seed)
            handoff.put(code)
        else:
            code = ""
            while time.time() < t_end and not code:
                try:
                    code = handoff.get(timeout=poll)
                except queue.Empty:
                    pass
            if not code:
                return None


@dataclass
class Result:
    seconds: float
    choices: int
    latencies: list[float]
    lost: int
    duplicated: int
    unclaimed: int
    diverged: int
    stale: int
    tables: int
    errors: list[str]
    by_kind: dict[str, int] = field(default_factory=dict)    # choices at each kind of table
    store_keys: dict[str, list[str]] = field(default_factory=dict)   # each table's choices, as stored

    @property
    def ok(self) -> bool:
        return not (self.lost or self.duplicated or self.unclaimed or self.diverged or self.errors)

    def lines(self) -> list[str]:
        lat = sorted(self.latencies)
        med = statistics.median(lat) if lat else float("nan")
        p95 = lat[min(len(lat) - 1, int(0.95 * len(lat)))] if lat else float("nan")
        return [f"{self.choices} choices in {self.seconds:.0f} s on {self.tables} games: "
                f"{self.choices / self.seconds:.1f} choices/s ("
                + ", ".join(f"{k} tables {n / self.seconds:.1f}" for k, n in self.by_kind.items()) + ")",
                f"append -> seen by the other session: median {med * 1000:.0f} ms, p95 {p95 * 1000:.0f} ms, "
                f"max {lat[-1] * 1000 if lat else float('nan'):.0f} ms ({len(lat)} choices seen)",
                f"stale submits refused: {self.stale}",
                f"lost {self.lost}, duplicated {self.duplicated}, unclaimed {self.unclaimed}, "
                f"sessions off the table's state {self.diverged}",
                *(f"error: {e}" for e in self.errors)]


def run(path: Path, specs: list[Spec], seconds: float, poll: float = 0.25) -> Result:
    """Play ``specs`` for ``seconds`` with two session processes a table; check and measure."""
    store = TableStore(path)
    codes = [create(store, spec, spec.seed) for spec in specs]
    store.close()     # no connection crosses the fork
    reports = run_terminals(session_main, str(path), specs, codes, seconds, poll)
    return tally_kinds(check(path, reports, seconds), reports, specs)


def run_terminals(target, where: str, specs: list[Spec], codes: list[str], seconds: float, *extra) -> list[Report]:
    """Two terminal processes a table, ``target(where, spec, who, code, handoff, start, stop, seconds,
    *extra, out)``, started together and run for ``seconds``: their reports."""
    ctx = mp.get_context("fork")
    n = 2 * len(specs)
    start, stop = ctx.Barrier(n + 1), ctx.Barrier(n)
    out = ctx.Queue()
    handoffs = [ctx.Queue() for _ in specs]
    procs = []
    for spec, code, h in zip(specs, codes, handoffs):
        for who in (0, 1):
            p = ctx.Process(target=target, args=(where, spec, who, code, h, start, stop, seconds, *extra, out))
            p.start()
            procs.append(p)
    start.wait()
    reports: list[Report] = [out.get(timeout=seconds + 120) for _ in procs]
    for p in procs:
        p.join(timeout=30)
    return reports


def check(path: Path, reports: list[Report], seconds: float, served: bool = False) -> Result:
    """The checks and the latencies.  ``served``: the table server's design, whose bots choose at
    the server (their choices are nobody's appends) and whose clients end with a seat's view at a
    count (``(seat, n, view)``), not with a state."""
    store = TableStore(path)
    errors = [f"slot {r.slot} session {r.who}: {r.error}" for r in reports if r.error]
    lost = duplicated = unclaimed = diverged = 0
    latencies: list[float] = []
    codes = {c for r in reports for c in r.states} | {a[0] for r in reports for a in r.appended}
    store_keys = {}
    for code in codes:
        table = load_table(store, code)
        keys = store_keys[code] = table.choices
        by_bot = {i for i, rec in enumerate(table.history) if served and table.seats[rec.player].is_bot}
        claims: dict[int, list[tuple[str, float, int]]] = {}
        for ri, r in enumerate(reports):
            for c, i, k, t in r.appended:
                if c == code:
                    claims.setdefault(i, []).append((k, t, ri))
        for i, cl in claims.items():
            duplicated += len(cl) - 1
            lost += sum(1 for k, _, _ in cl if i >= len(keys) or keys[i] != k)
        unclaimed += sum(1 for i in range(len(keys)) if i not in claims and i not in by_bot)
        for ri, r in enumerate(reports):
            for c, i, t in r.seen:
                if c == code and i in claims and claims[i][0][2] != ri:
                    latencies.append(t - claims[i][0][1])
            got = r.states.get(code)
            if got is not None:
                diverged += (_view_off(table, got) if served else got != table.state)
    store.close()
    return Result(seconds, sum(len(r.appended) for r in reports), latencies, lost, duplicated, unclaimed,
                  diverged, sum(r.stale for r in reports), len(codes), errors, store_keys=store_keys)


def _view_off(table: Match, got) -> bool:
    """A client's last view is not the table's at that count."""
    seat, n, view = got
    then = Match.new(table.game.name, table.seats, table.seed, table.options, auto_forced=False)
    for k in table.choices[:n]:
        then.choose(k, snapshot=False)
    return then.view(seat, log=False) != view


def tally_kinds(res: Result, reports: list[Report], specs: list[Spec]) -> Result:
    kind = {spec.slot: spec.kind for spec in specs}
    for r in reports:
        res.by_kind[kind[r.slot]] = res.by_kind.get(kind[r.slot], 0) + len(r.appended)
    return res


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--seconds", type=float, default=120.0)
    ap.add_argument("--poll", type=float, default=0.25, help="seconds between polls while waiting")
    ap.add_argument("--design", choices=("both", "server", "poll"), default="both",
                    help="the table server (tables_server.py), the poll design of before it, or both in turn")
    a = ap.parse_args(argv)
    ok = True
    specs = default_specs()
    for design in (("server", "poll") if a.design == "both" else (a.design,)):
        with tempfile.TemporaryDirectory() as tmp:
            path = Path(tmp) / "tables.db"
            if design == "server":
                import tables_server

                print(f"server: {2 * len(specs)} clients of one table server on {len(specs)} tables "
                      f"for {a.seconds:g} s, bots at the server", flush=True)
                res = tables_server.run(path, specs, a.seconds)
            else:
                print(f"poll: {2 * len(specs)} sessions on {len(specs)} tables for {a.seconds:g} s, "
                      f"polling every {a.poll:g} s", flush=True)
                res = run(path, specs, a.seconds, a.poll)
        for line in res.lines():
            print(f"  {line}")
        ok = ok and res.ok
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
