"""Autosaves in SQLite: append per choice, undo, listing, damage, kill -9."""
from __future__ import annotations

import os
import re
import signal
import subprocess
import sys
import textwrap
import time
from pathlib import Path

import pytest

from boardgames_tui.engine import save as S
from boardgames_tui.engine.store import AutosaveStore, StoreError, db_path, default_store, import_legacy

HERE = Path(__file__).parent


def rows(store, mid):
    return [k for (k,) in store.connect().execute(
        "SELECT key FROM choices WHERE match=? ORDER BY idx", (mid,))]


def test_sync_appends_and_undo_deletes(new_match):
    st = default_store()
    m = new_match()
    st.sync(m)
    assert rows(st, m.match_id) == []
    c = m.state.hands[0][0]
    m.choose(f"card:{c}")
    m.choose("play")
    st.sync(m)
    assert rows(st, m.match_id) == [f"card:{c}", "play"]
    m.undo()
    m.undo()
    m.choose("draw")
    st.sync(m)
    assert rows(st, m.match_id) == ["draw"]
    back = st.load(m.match_id)
    assert back.state == m.state and back.choices == m.choices
    assert back.match_id == m.match_id


def test_undo_then_other_choice_of_same_length_is_journalled(new_match):
    st = default_store()
    m = new_match()
    a, b = m.state.hands[0][:2]
    m.choose(f"card:{a}")
    st.sync(m)
    m.undo()
    m.choose(f"card:{b}")
    st.sync(m)
    assert rows(st, m.match_id) == [f"card:{b}"]


def test_summaries_newest_first_with_rounds(new_match):
    st = default_store()
    ids = []
    for i in range(3):
        m = new_match(seed=i)
        for _ in range(i):
            m.choose("end")
        st.sync(m)
        ids.append(m.match_id)
        time.sleep(0.01)
    got = st.summaries()
    assert [s.id for s in got] == ids[::-1]
    assert got[0].game == "fakecards" and got[0].players == ["P1", "P2"] and got[0].round == 2


def test_ids_are_random_and_do_not_depend_on_the_seed(new_match, monkeypatch):
    ids = [new_match(seed=7).match_id for _ in range(20)]
    assert len(set(ids)) == len(ids)                         # the same seed, 20 different ids
    assert all(re.fullmatch(r"fakecards-[0-9a-f]{12}", i) for i in ids), ids
    # with the random source fixed, different seeds give the same id: the seed is not in it
    import secrets
    monkeypatch.setattr(secrets, "token_hex", lambda n: "ab" * n)
    assert {new_match(seed=seed).match_id for seed in (0, 7, 123456789)} == {"fakecards-" + "ab" * 6}


def test_damaged_row_is_listed_and_can_be_deleted(new_match):
    st = default_store()
    m = new_match()
    st.sync(m)
    good = new_match(seed=9)
    st.sync(good)
    st.connect().execute("UPDATE matches SET header='{not json' WHERE id=?", (m.match_id,))
    got = {s.id: s for s in st.summaries()}
    assert got[m.match_id].damaged and not got[good.match_id].damaged
    with pytest.raises(S.SaveError):
        st.load(m.match_id)
    st.delete(m.match_id)
    assert [s.id for s in st.summaries()] == [good.match_id]


def test_row_that_does_not_replay_is_refused(new_match):
    st = default_store()
    m = new_match()
    m.choose("end")
    st.sync(m)
    st.connect().execute("UPDATE choices SET key='fly' WHERE match=?", (m.match_id,))
    with pytest.raises(S.SaveError, match="does not replay"):
        st.load(m.match_id)


def test_damaged_database_raises_store_error_and_can_be_moved_aside(tmp_path):
    p = tmp_path / "autosave.db"
    p.write_bytes(b"this is not a database" * 100)
    st = AutosaveStore(p)
    with pytest.raises(StoreError):
        st.summaries()
    dest = st.move_aside()
    assert dest.exists() and not p.exists()
    assert AutosaveStore(p).summaries() == []


def test_legacy_json_autosaves_are_imported(new_match):
    m = new_match()
    m.choose("end")
    folder = S.data_dir() / "autosave"
    S.save(m, folder / "old.json")
    (folder / "broken.json").write_text("{")
    st = AutosaveStore()
    assert import_legacy(st) == 1
    good, bad = st.summaries()
    assert st.load(good.id).choices == ["end"] and not good.damaged
    assert (folder / "imported" / "old.json").exists() and (folder / "broken.json").exists()
    # the one that does not load is listed as damaged and can be deleted
    assert bad.damaged and "not valid JSON" in bad.damaged
    st.delete(bad.id)
    assert not (folder / "broken.json").exists() and [s.id for s in st.summaries()] == [good.id]
    st.delete("file:../autosave.db")  # not a listed name: nothing happens
    assert db_path().exists()


KILLER = textwrap.dedent("""
    import sys, random
    sys.path.insert(0, {here!r})
    from boardgames_tui.engine import registry
    registry.register(registry.GameEntry("fakecards", "engine_fakegame:GAME"))
    from boardgames_tui.engine.session import Match
    from boardgames_tui.engine.store import default_store
    from engine_fakegame import seats
    st = default_store()
    r = random.Random(0)
    n = 0
    while True:
        m = Match.new("fakecards", seats(2), n, {{"rounds": "3"}})
        while (d := m.decision()) is not None:
            m.choose(r.choice(d.options).key)
            st.sync(m)
            print(m.match_id, len(m.history), flush=True)
        n += 1
""")


@pytest.mark.parametrize("delay", [0.05, 0.2, 0.45])
def test_kill_9_loses_at_most_the_choice_in_flight(fake, tmp_path, delay):
    env = {**os.environ, "BOARDGAMES_TUI_DATA": str(tmp_path)}
    proc = subprocess.Popen([sys.executable, "-c", KILLER.format(here=str(HERE))], env=env,
                            stdout=subprocess.PIPE, text=True)
    # the first choice is printed once start-up is over, however busy the machine: then a while of play
    first = proc.stdout.readline()  # type: ignore[union-attr]
    time.sleep(delay)
    proc.send_signal(signal.SIGKILL)
    out, _ = proc.communicate()
    complete = (first + out).split("\n")[:-1]  # the kill may cut the last line short
    lines = [ln.split() for ln in complete if ln.strip()]
    assert lines, "the player made no choice before the kill"
    last = {}
    for mid, n in lines:
        last[mid] = int(n)
    st = AutosaveStore(tmp_path / "autosave.db")
    saved = {s.id: s for s in st.summaries()}
    for mid, n in last.items():
        m = st.load(mid)  # every journalled game replays
        # printed after its commit: the journal holds at least that, at most one more
        assert n <= len(m.history) <= n + 1
    assert set(last) <= set(saved)


def test_a_hostile_row_is_listed_and_refused_in_printable_text(new_match):
    """The database is read as untrusted as a file: its text reaches the
    menu and the refusal only escaped."""
    import json

    st = default_store()
    m = new_match()
    m.choose("end")
    st.sync(m)
    con = st.connect()
    header = json.loads(con.execute("SELECT header FROM matches WHERE id=?", (m.match_id,)).fetchone()[0])
    header["players"][0]["name"] = "a\u001b[2Jb\nc"
    con.execute("UPDATE matches SET game=?, header=? WHERE id=?",
                ("x\u001b]0;pwn\u0007", json.dumps(header), m.match_id))
    (s,) = st.summaries()
    assert s.game == "x\\x1b]0;pwn\\x07" and s.players[0] == "a\\x1b[2Jb\\nc"
    header["players"][0]["name"] = "Ada"
    con.execute("UPDATE matches SET game=?, header=? WHERE id=?", (m.game.name, json.dumps(header), m.match_id))
    con.execute("UPDATE choices SET key=? WHERE match=?", ("\u001b[2J\nend", m.match_id))
    with pytest.raises(S.SaveError) as e:
        st.load(m.match_id)
    assert str(e.value).isprintable() and "\\x1b[2J\\nend" in str(e.value)
