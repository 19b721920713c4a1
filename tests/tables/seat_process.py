"""One seat of a table, played by a random bot in its own OS process (tests/tables/test_table_conformance.py).

    python seat_process.py STORE CODE SEAT RNG_SEED OUT [--stall SECONDS] [--deadline SECONDS]

Joins seat SEAT (0-based) of table CODE in the store file STORE through
:class:`TableSession`, like a terminal: it chooses (a random legal key from
``random.Random(RNG_SEED)``) only when its seat decides, and otherwise waits for
the store to change (``session.poll()``: a ``PRAGMA data_version`` read, then a
short sleep), until the game is over.  Then it pickles what it ended with to OUT:
the final state and its fingerprint (taken here), its count of choices, the keys
it appended itself.

Every wait has a bound: no change for ``--stall`` seconds while another seat
decides, or the whole game past ``--deadline``, is exit 3 with one line saying
where it stood (its count, who it thinks decides, the store's count and
decider), so a stuck table fails the test instead of hanging it.
"""
from __future__ import annotations

import argparse
import json
import pickle
import random
import sys
import time
from pathlib import Path

from boardgames_tui.engine.session import Match
from boardgames_tui.engine.table_session import TableSession
from boardgames_tui.engine.table_store import TableStore

# The wait between two polls while another seat decides: short (a game hands its turn
# over thousands of times), but a sleep, so that waiting seats leave the cores to the decider.
POLL_SLEEP = 0.001


def fingerprint(m: Match) -> str:
    """What the state shows each seat and nobody in particular, and the scores, as sorted JSON: a
    readable second check beside ``==`` on the states, the same in every process."""
    g, st = m.game, m.state
    views = {str(v): g.view(st, v) for v in [None, *range(len(m.seats))]}
    return json.dumps({"views": views, "scores": g.scores(st), "winners": g.winners(st)},
                      sort_keys=True, default=repr)


def stuck(s: TableSession, why: str) -> str:
    info = s.store.info(s.code)
    return (f"seat {s.held} {why}: it has {s.n} choices and sees seat {s.decider()} deciding; "
            f"the store has {info.n} choices and seat {info.decider} deciding")


def play(store_path: Path, code: str, seat: int, rng_seed: int, stall: float, deadline: float) -> dict:
    s = TableSession.join(TableStore(store_path), code, f"player-{seat}", seat=seat)
    rng = random.Random(rng_seed)
    mine: list[tuple[int, str]] = []
    t_end = time.monotonic() + deadline
    last_change = time.monotonic()
    while (d := s.match.decision()) is not None:
        now = time.monotonic()
        if now > t_end:
            raise TimeoutError(stuck(s, f"ran past its {deadline:.0f} s deadline"))
        if s.my_turn():
            key = rng.choice(d.options).key
            mine.append((s.n, key))
            s.choose(key)    # one process a seat: a StaleChoice here is a failure, and raises
            last_change = now
            continue
        if s.poll():
            last_change = now
            continue
        if now - last_change > stall:
            raise TimeoutError(stuck(s, f"saw no change for {stall:.0f} s"))
        time.sleep(POLL_SLEEP)
    s.poll_now()   # nothing can follow the end; this proves the store agrees
    out = {"seat": seat, "n": s.n, "state": s.match.state, "fingerprint": fingerprint(s.match), "mine": mine}
    s.store.close()
    return out


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("store", type=Path)
    ap.add_argument("code")
    ap.add_argument("seat", type=int)
    ap.add_argument("rng_seed", type=int)
    ap.add_argument("out", type=Path)
    ap.add_argument("--stall", type=float, default=10.0)
    ap.add_argument("--deadline", type=float, default=50.0)
    a = ap.parse_args(argv)
    try:
        result = play(a.store, a.code, a.seat, a.rng_seed, a.stall, a.deadline)
    except TimeoutError as e:
        print(e, file=sys.stderr)
        return 3
    a.out.write_bytes(pickle.dumps(result))
    return 0


if __name__ == "__main__":
    sys.exit(main())
