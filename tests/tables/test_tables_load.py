"""The load bench's machinery, briefly: separate processes, one store file, nothing lost or doubled."""
from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parents[2] / "bench"))
import tables_load as L  # noqa: E402


def test_four_sessions_on_two_tables_lose_and_double_nothing(tmp_path):
    specs = [L.Spec(0, "evolution", "pair+bot", 11), L.Spec(1, "phoenicia", "twin+bot", 12)]
    res = L.run(tmp_path / "tables.db", specs, seconds=3.0, poll=0.25)
    assert res.errors == []
    assert (res.lost, res.duplicated, res.unclaimed, res.diverged) == (0, 0, 0, 0)
    assert res.ok
    # Both tables were played, and each session's choices were seen by the other one.
    assert res.by_kind["pair+bot"] > 0 and res.by_kind["twin+bot"] > 0
    assert res.latencies and max(res.latencies) < 5.0
    assert res.choices == sum(len(r) for r in res.store_keys.values())


def test_the_check_catches_a_lost_and_a_doubled_choice(tmp_path):
    """The check itself: a claimed append the store does not hold, and one index claimed twice."""
    path = tmp_path / "tables.db"
    store = L.TableStore(path)
    spec = L.Spec(0, "evolution", "pair", 3)
    code = L.create(store, spec, 3)
    s = L.TableSession.join(store, code, "ann", seat=0)
    while not s.my_turn():
        L.TableSession.join(L.TableStore(path), code, "ben", seat=1).choose(
            s.match.decision().options[0].key)
        s.poll()
    key = s.match.decision().options[0].key
    s.choose(key)
    idx = s.n - 1
    a, b = L.Report(0, 0), L.Report(0, 1)
    a.appended.append((code, idx, key, 0.0))
    b.appended.append((code, idx, key, 0.0))                # doubled
    b.appended.append((code, idx + 5, "nothing", 0.0))      # lost
    res = L.check(path, [a, b], 1.0)
    assert res.duplicated == 1 and res.lost == 1 and not res.ok


def test_the_server_design_briefly_loses_and_doubles_nothing(tmp_path):
    """The same through one table server process (bench/tables_server.py), bots at the server."""
    import tables_server as S

    specs = [L.Spec(0, "evolution", "pair+bot", 11), L.Spec(1, "phoenicia", "twin+bot", 12)]
    res = S.run(tmp_path / "tables.db", specs, seconds=3.0)
    assert res.errors == []
    assert (res.lost, res.duplicated, res.unclaimed, res.diverged) == (0, 0, 0, 0)
    assert res.by_kind["pair+bot"] > 0 and res.by_kind["twin+bot"] > 0
    assert res.latencies and res.stale > 0     # the twins chose at once, and one was refused
    assert res.choices <= sum(len(r) for r in res.store_keys.values())   # the rest are the bots'
