"""The wire-level privacy test: what a table's client receives holds nothing its seat may not see.

For every game, one table server process (``boardgames-tui serve``) and one client process per
seat (``wire_seat.py``) play a whole game with seeded random choices.  Each client keeps every
line the server sent it.  Then the game is replayed here from the store's choices, and each
``state`` message to seat ``a`` at choice count ``n`` is checked against the position after
``n`` choices, as the conformance suite checks views:

* its view is seat ``a``'s view, and the same in a world where everything ``a`` cannot see is
  dealt again (``determinize``): it carries nothing hidden from ``a``;
* it has options only when ``a`` decides (those of ``a``'s decision, the same in that other
  world); a private decision of another seat comes without its prompt;
* its log, as the client assembles it, is the move log as ``a`` reads it, and no private line of
  another seat is anywhere in what ``a`` received;
* no line to any client holds the seed (nine digits, so it cannot occur by chance) or a "seed".
"""
from __future__ import annotations

import random
import subprocess
import sys
import time
from pathlib import Path

import pytest

from boardgames_tui.engine.session import Match, Seat
from boardgames_tui.engine.table_session import new_table
from boardgames_tui.engine.table_store import TableStore
from boardgames_tui.tables import wire

SEAT = Path(__file__).with_name("wire_seat.py")
SEED = 738_291_046
TIMEOUT = 240.0
DET_EVERY = 7          # the determinized check at every 7th choice count (it deals a world per seat)

TABLES = [
    pytest.param("civilization", 2, marks=pytest.mark.slow, id="civilization"),
    pytest.param("evolution", 3, id="evolution"),
    pytest.param("imperial", 2, id="imperial"),
    pytest.param("phoenicia", 3, id="phoenicia"),
    pytest.param("utopia", 2, id="utopia"),
]


def play(tmp: Path, game: str, n: int) -> tuple[str, TableStore, list[list[bytes]]]:
    store_path, sock = tmp / "tables.db", tmp / "s.sock"
    store = TableStore(store_path)
    code = new_table(store, game, [Seat(f"P{i + 1}") for i in range(n)], seed=SEED)
    server = subprocess.Popen([sys.executable, "-m", "boardgames_tui", "serve", "--store", str(store_path),
                               "--socket", str(sock), "--bot-delay", "0"],
                              stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    seats: list[subprocess.Popen] = []
    try:
        t_end = time.monotonic() + 30
        while not sock.exists():
            assert server.poll() is None and time.monotonic() < t_end, f"the server did not start: {server.stderr}"
            time.sleep(0.02)
        seats = [subprocess.Popen([sys.executable, str(SEAT), str(sock), code, str(i), f"p{i}", str(100 + i),
                                   str(tmp / f"seat{i}.jsonl"), "--deadline", str(TIMEOUT)],
                                  stderr=subprocess.PIPE, text=True) for i in range(n)]
        errors = []
        for i, p in enumerate(seats):
            try:
                p.wait(timeout=TIMEOUT + 10)
            except subprocess.TimeoutExpired:
                p.kill()
            if p.returncode != 0:
                errors.append(f"seat {i}: exit {p.returncode}: {p.stderr.read().strip() if p.stderr else ''}")
        assert not errors, "\n".join(errors)
    finally:
        for p in [*seats, server]:
            if p.poll() is None:
                p.kill()
                p.wait()
            if p.stderr:
                p.stderr.close()
    lines = [(tmp / f"seat{i}.jsonl").read_bytes().splitlines() for i in range(n)]
    return code, store, lines


@pytest.mark.parametrize("game, n", TABLES)
def test_no_client_receives_what_its_seat_may_not_see(tmp_path, game, n):
    code, store, lines = play(tmp_path, game, n)
    keys = store.read(code).keys
    assert store.info(code).over and keys
    check_wire(game, n, keys, lines)


def test_the_check_catches_a_leak(tmp_path):
    """The check is not blind: the same game's messages with one view swapped for another seat's,
    or one line carrying the seed, fail it."""
    code, store, lines = play(tmp_path, "evolution", 2)
    keys = store.read(code).keys
    check_wire("evolution", 2, keys, lines)
    i = next(i for i, ln in enumerate(lines[0]) if wire.decode(ln)["t"] == "state" and wire.decode(ln)["n"] > 20)
    msg = wire.decode(lines[0][i])
    ben = next(wire.decode(ln) for ln in lines[1] if wire.decode(ln).get("n") == msg["n"]
               and wire.decode(ln)["t"] == "state")
    leaked = [*lines[0][:i], wire.encode({**msg, "view": ben["view"]})[:-1], *lines[0][i + 1:]]
    with pytest.raises(AssertionError, match="not its view"):
        check_wire("evolution", 2, keys, [leaked, lines[1]])
    told = [*lines[0], wire.encode({"t": "note", "x": SEED})[:-1]]
    with pytest.raises(AssertionError, match="received the seed"):
        check_wire("evolution", 2, keys, [told, lines[1]])


def check_wire(game: str, n: int, keys: list[str], lines: list[list[bytes]]) -> None:
    for a in range(n):
        assert not any(b"seed" in ln or str(SEED).encode() in ln for ln in lines[a]), \
            f"{game}: seat {a} received the seed"

    # Each seat's state messages by choice count, and the log as the client assembles it there.
    by_n: list[dict[int, list[tuple[dict, list[str]]]]] = [{} for _ in range(n)]
    for a in range(n):
        log: list[str] = []
        for ln in lines[a]:
            msg = wire.decode(ln)
            if msg["t"] != "state":
                continue
            del log[msg["log_from"]:]
            log.extend(text for text, _ in msg["log"])
            by_n[a].setdefault(msg["n"], []).append((msg, list(log)))
        assert max(by_n[a]) == len(keys), f"{game}: seat {a} never saw the end"

    m = Match.new(game, [Seat(f"P{i + 1}") for i in range(n)], SEED, auto_forced=False)
    g = m.game
    rng = random.Random(5)
    checked = 0
    for count in range(len(keys) + 1):
        d = m.decision()
        for a in range(n):
            for msg, log in by_n[a].get(count, []):
                checked += 1
                where = f"{game} seat {a} at choice {count}"
                assert msg["viewer"] == a and msg["view"] == m.view(a, log=False), f"{where}: not its view"
                assert log == [e.for_viewer(a) for e in m.log()], f"{where}: not its log"
                md = msg["decision"]
                if d is None:
                    assert md is None, where
                    continue
                assert md["player"] == d.player, where
                if d.player == a:
                    assert md["options"] == [(o.key, o.label, o.target) for o in d.options], where
                    assert md["prompt"] == d.prompt, where
                else:
                    assert md["options"] == [] and md["kind"] == "", f"{where}: another seat's options"
                    assert md["prompt"] == ("" if d.private else d.prompt), f"{where}: a private prompt"
                if count % DET_EVERY == 0:
                    # A world where what seat a cannot see is dealt again: the same message.
                    det = g.determinize(m.state, a, rng)
                    entries, det.log = det.log, []
                    assert g.view(det, a) == msg["view"], f"{where}: the view depends on what it cannot see"
                    det.log = entries
                    if d.player == a:
                        d2 = g.decision(det)
                        assert d2 is not None and [(o.key, o.label, o.target) for o in d2.options] == \
                            md["options"], f"{where}: the options depend on what it cannot see"
        if count < len(keys):
            m.choose(keys[count], snapshot=False)
    assert checked >= len(keys)

    # No private log line of one seat reached another (the same words may be another's own line).
    private = [e for e in m.state.log if e.private_to is not None and e.private_text and e.private_text != e.text]
    owners: dict[str, set] = {}
    for e in private:
        owners.setdefault(e.private_text, set()).add(e.private_to)
    for a in range(n):
        received = b"\n".join(lines[a]).decode()
        for e in private:
            if a not in owners[e.private_text]:
                assert wire.encode({"x": e.private_text}).decode()[6:-3] not in received, \
                    f"{game}: seat {a} received {e.private_text!r}"
