"""The table commands: ``table new``, ``tables`` and ``join``'s refusals (before any app starts)."""
from __future__ import annotations

import os
import subprocess
import sys

import pytest

from boardgames_tui.engine.table_store import CODE_ALPHABET, TableStore


@pytest.fixture
def env(tmp_path):
    return dict(os.environ, COLUMNS="100", BOARDGAMES_TUI_DATA=str(tmp_path / "data"),
                BOARDGAMES_TUI_TABLES=str(tmp_path / "tables.db"), BOARDGAMES_TUI_PLAYER="alice")


def run(env, *args: str, player: str | None = None) -> subprocess.CompletedProcess:
    e = dict(env, BOARDGAMES_TUI_PLAYER=player) if player else env
    return subprocess.run([sys.executable, "-m", "boardgames_tui", *args], capture_output=True, text=True,
                          timeout=120, env=e, stdin=subprocess.DEVNULL)


def one_line_error(r, *expect: str) -> None:
    assert r.returncode == 2, (r.returncode, r.stdout, r.stderr)
    lines = r.stderr.splitlines()
    assert len(lines) == 1 and "Traceback" not in r.stderr, r.stderr
    for e in expect:
        assert e in lines[0]


def new(env, *args: str) -> str:
    r = run(env, "table", "new", *args)
    assert r.returncode == 0, r.stderr
    code = r.stdout.splitlines()[0]
    assert len(code) == 6 and set(code) <= set(CODE_ALPHABET)   # the code alone on line 1
    return code


def test_table_new_prints_the_code_and_stores_the_table(env):
    code = new(env, "evolution", "--players", "3", "--names", "Ann,Ben,Cy", "--bots", "3=easy", "--seed", "4")
    info = TableStore(env["BOARDGAMES_TUI_TABLES"]).info(code)
    assert info.game == "evolution" and [s.name for s in info.seats] == ["Ann", "Ben", "Cy"]
    assert [s.kind for s in info.seats] == ["human", "human", "bot"] and info.n == 0


def test_table_new_says_how_to_join_as_its_players_can(env):
    """Line 2 names the command the others type: the app's at a shell, the login's word over SSH."""
    r = run(env, "table", "new", "evolution")
    assert r.stdout.splitlines()[1].startswith("join it with: boardgames-tui join ")
    r = run(dict(env, BOARDGAMES_TUI_HOSTED="1"), "table", "new", "evolution")
    assert r.stdout.splitlines()[1].startswith("join it with: ssh -t <this host> join ")


@pytest.mark.parametrize("args, expect", [
    (("nosuchgame",), "nosuchgame"),
    (("evolution", "--players", "9"), "9"),
    (("evolution", "--bots", "7=easy"), "--bots"),
    (("evolution", "--option", "deck"), "--option"),
    (("evolution", "--names", "A,A"), "--names"),
])
def test_table_new_bad_arguments(env, args, expect):
    r = run(env, "table", "new", *args)
    one_line_error(r, expect)
    assert r.stdout == ""


def test_tables_marks_your_turn(env):
    code = new(env, "evolution", "--seed", "5")
    store = TableStore(env["BOARDGAMES_TUI_TABLES"])
    decider = store.info(code).decider
    store.claim(code, decider, "alice")
    store.claim(code, 1 - decider, "bob")
    other = new(env, "phoenicia")
    mine = run(env, "tables")
    lines = mine.stdout.splitlines()
    assert mine.returncode == 0 and all(len(ln) <= 80 for ln in lines)
    line = next(ln for ln in lines if code in ln)
    assert line.startswith("*") and "your turn" in line and "alice" in line and "bob" in line
    assert not next(ln for ln in lines if other in ln).startswith("*")
    assert "Your turn at 1 table" in lines[-1]
    bobs = run(env, "tables", player="bob").stdout.splitlines()
    assert not any(ln.startswith("*") for ln in bobs)


def test_join_refusals_are_one_line(env):
    one_line_error(run(env, "join", "NOSUCH"), "no table")
    code = new(env, "evolution", "--bots", "2")
    one_line_error(run(env, "join", code, "--seat", "3"), "seats 1 to 2")
    one_line_error(run(env, "join", code, "--seat", "2"), "bot")
    TableStore(env["BOARDGAMES_TUI_TABLES"]).claim(code, 0, "bob")
    one_line_error(run(env, "join", code, "--seat", "1"), "taken by bob")
    one_line_error(run(env, "join", code), "no free seat")
    one_line_error(run(env, "join", code, "--seat", "1", "--watch"), "--watch")


def test_hosted_mode_uses_the_hosts_shared_tables_file(tmp_path, env):
    """The README's login script: each friend's data folder apart, one tables file the host named
    outside them, hosted mode on.  The file is used (and made 0600); a link there is refused."""
    tables = tmp_path / "shared" / "tables.db"
    hosted = dict(env, BOARDGAMES_TUI_HOSTED="1", BOARDGAMES_TUI_TABLES=str(tables),
                  BOARDGAMES_TUI_DATA=str(tmp_path / "players" / "alice"))
    code = new(hosted, "evolution", "--seed", "3")
    assert tables.stat().st_mode & 0o777 == 0o600
    bobs = dict(hosted, BOARDGAMES_TUI_DATA=str(tmp_path / "players" / "bob"))
    listing = run(bobs, "tables", player="bob")
    assert listing.returncode == 0 and code in listing.stdout, listing
    assert [s.player for s in TableStore(tables).info(code).seats] == [None, None]

    link = tmp_path / "shared" / "link.db"
    link.symlink_to(tables)
    one_line_error(run(dict(hosted, BOARDGAMES_TUI_TABLES=str(link)), "tables"), "link.db is a link")
