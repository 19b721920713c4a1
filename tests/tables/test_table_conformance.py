"""Every game can be played as a table by random bots in separate processes, to the end, with the
same final state as the same choices played in one process.

For each game a table is created in a temporary store file and one OS process a seat is started
(``seat_process.py``, run with this interpreter): each joins its own seat through TableSession,
chooses a random legal key (its own seed) only when its seat decides, and otherwise polls the
store (``PRAGMA data_version``, a 1 ms sleep between polls) until the game is over; then it
pickles its final state and that state's fingerprint (every seat's view, the public one, the
scores).  Here the store's recorded choices are replayed in one ordinary Match
(``Match.new`` then ``choose`` key by key, from the same seed and options), and its final state
must equal the table's ``load_table`` and every seat process's own.

Random bots throughout, Civilization too: its random three-player game here (4,742 choices, to a
victory) takes 3 to 4 s across three processes, the five games together 7 to 8 s on 2 shared
cores, so no easier bot or smaller table was needed.  Player counts: three seats for Civilization,
Evolution and Phoenicia, two for Imperial and Utopia (the two-player Utopia table is the one that
used to hang: a seat joining while another seat was choosing took the store's change as seen
before reading it, and waited for ever for the choice it had missed; see
test_table_store.py::test_a_choice_made_while_a_session_loads_is_not_missed).

Every wait is bounded: a seat process exits 3 naming where it stood when it sees no change for
10 s or runs past 50 s, and this test kills the processes it started and fails past 60 s.
"""
from __future__ import annotations

import pickle
import subprocess
import sys
import time
from pathlib import Path

import pytest

from boardgames_tui.engine.session import Match, Seat
from boardgames_tui.engine.table_session import load_table, new_table
from boardgames_tui.engine.table_store import TableStore
from seat_process import fingerprint

SEAT_PROCESS = Path(__file__).with_name("seat_process.py")
TIMEOUT = 60.0      # the whole table, all its processes

TABLES = [
    pytest.param("civilization", 3, 21, marks=pytest.mark.slow, id="civilization"),   # ~4 s
    pytest.param("evolution", 3, 22, id="evolution"),
    pytest.param("imperial", 2, 23, id="imperial"),
    pytest.param("phoenicia", 3, 24, id="phoenicia"),
    pytest.param("utopia", 2, 25, id="utopia"),
]


def run_seats(path: Path, code: str, seats: int, seed: int, out: Path) -> list[dict]:
    """One process a seat, to the end of the game; their results (the test fails, the processes
    killed, if any of them fails or the table is not over by TIMEOUT)."""
    procs = [subprocess.Popen([sys.executable, str(SEAT_PROCESS), str(path), code, str(i), str(seed * 10 + i),
                               str(out / f"seat{i}.pickle")], stderr=subprocess.PIPE, text=True)
             for i in range(seats)]
    t_end = time.monotonic() + TIMEOUT
    try:
        for p in procs:
            p.wait(timeout=max(0.1, t_end - time.monotonic()))
    except subprocess.TimeoutExpired:
        pass
    finally:
        for p in procs:
            if p.poll() is None:
                p.kill()
                p.wait()
    errors = [f"seat {i}: exit {p.returncode}: {p.stderr.read().strip() if p.stderr else ''}"
              for i, p in enumerate(procs) if p.returncode != 0]
    for p in procs:
        if p.stderr:
            p.stderr.close()
    assert not errors, "\n".join(errors)
    return [pickle.loads((out / f"seat{i}.pickle").read_bytes()) for i in range(seats)]


@pytest.mark.parametrize("game, seats, seed", TABLES)
def test_a_table_played_by_seat_processes_ends_as_one_process(tmp_path, game, seats, seed):
    path = tmp_path / "tables.db"
    store = TableStore(path)
    code = new_table(store, game, [Seat(f"P{i + 1}") for i in range(seats)], seed=seed)
    store.close()   # the seat processes open their own connections

    results = run_seats(path, code, seats, seed, tmp_path)

    info = store.info(code)
    keys = store.read(code).keys
    assert info.over and info.n == len(keys) > 0

    # The same choices in one process, an ordinary match from the same seed and options.
    table = load_table(store, code)
    solo = Match.new(game, table.seats, seed, table.options)
    for k in keys:
        solo.choose(k, snapshot=False)
    assert solo.is_over()
    assert table.state == solo.state and fingerprint(table) == fingerprint(solo)

    decided_by = [r.player for r in solo.history]
    for r in results:
        assert r["n"] == len(keys)
        assert r["state"] == solo.state, f"seat {r['seat']} ended in another state"
        assert r["fingerprint"] == fingerprint(solo), f"seat {r['seat']} shows another end"
        # Each process chose for its own seat only, and every choice of its seat is its own.
        assert r["mine"], f"seat {r['seat']} never chose"
        assert [idx for idx, _ in r["mine"]] == [i for i, p in enumerate(decided_by) if p == r["seat"]]
        assert all(keys[idx] == key for idx, key in r["mine"])
