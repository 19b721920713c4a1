"""The table commands through the host's table server (the ``table_server`` fixture): ``table new``,
``tables``, ``join``'s refusals (before any app starts) and ``leave --seat``.  Most run in this
process (``cli.main``); one runs the real command in a child process, as a shell would."""
from __future__ import annotations

import os
import subprocess
import sys

import pytest

from boardgames_tui import cli
from boardgames_tui.engine.session import HUMAN, Seat
from boardgames_tui.engine.table_store import CODE_ALPHABET


@pytest.fixture
def alice(monkeypatch):
    monkeypatch.setenv("BOARDGAMES_TUI_PLAYER", "alice")
    monkeypatch.setenv("COLUMNS", "100")


def run(capsys, *args: str) -> tuple[int, str, str]:
    try:
        status = cli.main(list(args))
    except SystemExit as e:   # argparse's own refusals
        status = int(e.code or 0)
    out = capsys.readouterr()
    return status, out.out, out.err


def one_line_error(result, *expect: str) -> None:
    status, out, err = result
    assert status == 2, (status, out, err)
    lines = err.splitlines()
    assert len(lines) == 1 and "Traceback" not in err, err
    for e in expect:
        assert e in lines[0], lines[0]


def new(capsys, *args: str) -> str:
    status, out, err = run(capsys, "table", "new", *args)
    assert status == 0, err
    code = out.splitlines()[0]
    assert len(code) == 6 and set(code) <= set(CODE_ALPHABET)   # the code alone on line 1
    return code


def info(server, code: str):
    return server.call(lambda: server.server.store().info(code))


def test_table_new_prints_the_code_and_the_server_holds_the_table(table_server, alice, capsys):
    code = new(capsys, "evolution", "--players", "3", "--names", "Ann,Ben,Cy", "--bots", "3=easy")
    t = info(table_server, code)
    assert t.game == "evolution" and [s.name for s in t.seats] == ["Ann", "Ben", "Cy"]
    assert [s.kind for s in t.seats] == ["human", "human", "bot"] and t.n == 0
    assert [s.player for s in t.seats] == [None, None, None]   # nobody sits until they join


def test_table_new_refuses_a_seed_in_one_line(table_server, alice, capsys):
    result = run(capsys, "table", "new", "evolution", "--seed", "4")
    one_line_error(result, "seed", "drawn by the table server")
    assert result[1] == ""
    assert table_server.call(lambda: table_server.server.store().tables()) == []


def test_table_new_says_how_to_join_as_its_players_can(table_server, alice, capsys, monkeypatch):
    """Line 2 names the command the others type: the app's at a shell, the login's word over SSH."""
    status, out, _ = run(capsys, "table", "new", "evolution")
    assert out.splitlines()[1].startswith("join it with: boardgames-tui join ")
    monkeypatch.setenv("BOARDGAMES_TUI_HOSTED", "1")
    status, out, _ = run(capsys, "table", "new", "evolution")
    assert out.splitlines()[1].startswith("join it with: ssh -t <this host> join ")


@pytest.mark.parametrize("args, expect", [
    (("nosuchgame",), "nosuchgame"),
    (("evolution", "--players", "9"), "9"),
    (("evolution", "--bots", "7=easy"), "--bots"),
    (("evolution", "--option", "deck"), "--option"),
    (("evolution", "--names", "A,A"), "--names"),
])
def test_table_new_bad_arguments(table_server, alice, capsys, args, expect):
    result = run(capsys, "table", "new", *args)
    one_line_error(result, expect)
    assert result[1] == ""


def claim(server, code: str, seat: int, player: str) -> None:
    assert server.call(lambda: server.server.store().claim(code, seat, player))


def test_tables_marks_your_turn(table_server, alice, capsys, monkeypatch):
    seats = [Seat("Ann", "red", HUMAN), Seat("Ben", "blue", HUMAN)]
    code = table_server.create("evolution", seats, seed=5)
    decider = info(table_server, code).decider
    claim(table_server, code, decider, "alice")
    claim(table_server, code, 1 - decider, "bob")
    other = new(capsys, "phoenicia")
    status, out, _ = run(capsys, "tables")
    lines = out.splitlines()
    assert status == 0 and all(len(ln) <= 80 for ln in lines)
    line = next(ln for ln in lines if code in ln)
    assert line.startswith("*") and "your turn" in line and "alice" in line and "bob" in line
    assert not next(ln for ln in lines if other in ln).startswith("*")
    assert "Your turn at 1 table" in lines[-1]
    monkeypatch.setenv("BOARDGAMES_TUI_PLAYER", "bob")
    status, out, _ = run(capsys, "tables")
    assert code in out and not any(ln.startswith("*") for ln in out.splitlines())


def test_tables_with_none_yet(table_server, alice, capsys):
    status, out, _ = run(capsys, "tables")
    assert status == 0 and out.startswith("No tables on this host yet")


def test_join_refusals_are_one_line(table_server, alice, capsys, monkeypatch):
    one_line_error(run(capsys, "join", "NOSUCH"), "no table")
    code = new(capsys, "evolution", "--bots", "2")
    one_line_error(run(capsys, "join", code, "--seat", "3"), "seats 1 to 2")
    one_line_error(run(capsys, "join", code, "--seat", "2"), "bot")
    claim(table_server, code, 0, "bob")
    one_line_error(run(capsys, "join", code, "--seat", "1"), "taken by bob")
    one_line_error(run(capsys, "join", code), "no free seat")
    one_line_error(run(capsys, "join", code, "--seat", "1", "--watch"), "--watch")
    monkeypatch.setenv("BOARDGAMES_TUI_PLAYER", "bad name\n")
    one_line_error(run(capsys, "join", code))


def test_leave_gives_a_seat_up(table_server, alice, capsys, monkeypatch):
    code = new(capsys, "evolution")
    claim(table_server, code, 0, "alice")
    monkeypatch.setenv("BOARDGAMES_TUI_PLAYER", "bob")
    one_line_error(run(capsys, "leave", code, "--seat", "1"), "not yours to give up")
    one_line_error(run(capsys, "leave", code, "--seat", "2"), "not yours to give up")   # a free seat
    assert info(table_server, code).seats[0].player == "alice"
    monkeypatch.setenv("BOARDGAMES_TUI_PLAYER", "alice")
    status, out, _ = run(capsys, "leave", code.lower(), "--seat", "1")
    assert status == 0 and out.strip() == f"seat 1 of table {code} is free again"
    assert info(table_server, code).seats[0].player is None
    one_line_error(run(capsys, "leave", "NOSUCH", "--seat", "1"), "NOSUCH")
    one_line_error(run(capsys, "leave", code), "--seat")    # required


def test_the_commands_in_a_shell_reach_the_hosts_server(table_server, tmp_path):
    """The real command, in a child process of its own: it finds the test's server at
    BOARDGAMES_TUI_SOCKET (the README's SSH recipe: each friend's data folder apart, one server),
    prints the code, and a second player lists it."""
    env = dict(os.environ, COLUMNS="100", BOARDGAMES_TUI_PLAYER="alice", BOARDGAMES_TUI_HOSTED="1",
               BOARDGAMES_TUI_DATA=str(tmp_path / "players" / "alice"))

    def sh(*args: str, **more: str) -> subprocess.CompletedProcess:
        return subprocess.run([sys.executable, "-m", "boardgames_tui", *args], capture_output=True,
                              text=True, timeout=120, env=dict(env, **more), stdin=subprocess.DEVNULL)

    r = sh("table", "new", "evolution")
    assert r.returncode == 0, r.stderr
    code = r.stdout.splitlines()[0]
    assert info(table_server, code).game == "evolution"
    r = sh("tables", BOARDGAMES_TUI_PLAYER="bob", BOARDGAMES_TUI_DATA=str(tmp_path / "players" / "bob"))
    assert r.returncode == 0 and code in r.stdout, r
    r = sh("table", "new", "evolution", "--seed", "3")
    assert r.returncode == 2 and len(r.stderr.splitlines()) == 1 and "seed" in r.stderr
