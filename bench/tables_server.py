"""The table server under load: the same 20 terminals on 10 tables as ``tables_load.py``'s poll
design, each a client process of one ``boardgames-tui serve`` process (bots played there).

Each client joins its seat (a twin table's two clients join the same seat as the same player,
and both choose at every turn: the server records one and refuses the other), chooses a random
legal option whenever its ``state`` says its seat decides, and notes: the choices the server
answered ``chosen`` (with the time the client sent them), and when each new choice of the table
reached it.  When a game ends the first client asks for a new table (the server draws its seed)
and hands the code to the other.

The checks, which must all be 0: lost (a ``chosen`` choice that is not the store's choice at its
index), duplicated (two ``chosen`` for one index), unclaimed (a store choice of a human seat no
client was told it made), and clients whose last position is not the table's at that count.
"""
from __future__ import annotations

import queue
import random
import subprocess
import sys
import time
from pathlib import Path

from boardgames_tui.engine.table_session import new_table
from boardgames_tui.engine.table_store import TableStore
from boardgames_tui.tables import client

from tables_load import Report, Result, Spec, check, players_of, run_terminals, seats_of, tally_kinds

STALL = 5.0    # seconds without a message while the table is on: a stall, reported as an error


def _seat(spec: Spec, who: int) -> int:
    return 0 if spec.kind == "twin+bot" else who


def client_main(sock: str, spec: Spec, who: int, first_code: str, handoff, start, stop, seconds: float, out) -> None:
    rep = Report(spec.slot, who)
    try:
        _play(Path(sock), spec, who, first_code, handoff, start, seconds, rep)
    except Exception as e:   # reported, so that the parent fails loudly instead of hanging
        rep.error = f"{type(e).__name__}: {e}"
    try:
        stop.wait(timeout=60)
    except Exception as e:
        rep.error = rep.error or f"{type(e).__name__}: {e}"
    out.put(rep)


def _play(sock: Path, spec: Spec, who: int, code: str, handoff, start, seconds: float, rep: Report) -> None:
    player = players_of(spec)[who]
    seat = _seat(spec, who)
    conn = client.Connection.open(sock, start=False, player=player)
    conn.sock.settimeout(STALL)
    rng = random.Random(spec.seed * 10 + who)
    start.wait()
    t_end = time.time() + seconds
    while True:
        conn.request({"t": "join", "code": code, "seat": seat})
        # a push of the table before may still be on its way: a table's messages carry its code
        state = next(m for m in iter(lambda: conn.pushed.pop(0) if conn.pushed else conn.read(), None)
                     if m["t"] == "state" and m["code"] == code)
        pending: tuple[int, str, float, int] | None = None
        while time.time() < t_end and state["decision"] is not None:
            d = state["decision"]
            if d["mine"] and pending is None:
                key = rng.choice(d["options"])[0]
                rid = next(client._ids)
                sent = time.time()
                conn.send({"t": "choose", "key": key, "n": state["n"], "id": rid})
                pending = (state["n"], key, sent, rid)
            try:
                msg = conn.read()
            except client.ClientError:
                if time.time() >= t_end - STALL:   # the other terminal of the table has stopped choosing
                    break
                raise
            if msg["t"] == "state" and msg["code"] == code:
                now = time.time()
                rep.seen.extend((code, i, now) for i in range(state["n"], msg["n"]))
                state = msg
            elif pending is not None and msg.get("re") == pending[3]:
                if msg["t"] == "chosen":
                    rep.appended.append((code, pending[0], pending[1], pending[2]))
                else:
                    rep.stale += 1     # the twin chose first
                pending = None
        while pending is not None:   # the answer to the last choice comes after the position it made
            msg = conn.read()
            if msg.get("re") == pending[3]:
                if msg["t"] == "chosen":
                    rep.appended.append((code, pending[0], pending[1], pending[2]))
                else:
                    rep.stale += 1
                pending = None
            elif msg["t"] == "state" and msg["code"] == code:
                state = msg
        rep.states[code] = (seat, state["n"], state["view"])
        if time.time() >= t_end:
            return
        # The game is over: the first client asks for the next table and tells the other.
        if who == 0:
            code = conn.request({"t": "new", "game": spec.game, "seats": [s.to_json() for s in seats_of(spec)]})["code"]
            handoff.put(code)
        else:
            code = ""
            while time.time() < t_end and not code:
                try:
                    code = handoff.get(timeout=0.25)
                except queue.Empty:
                    pass
            if not code:
                return


def run(path: Path, specs: list[Spec], seconds: float) -> Result:
    """Play ``specs`` for ``seconds`` through one server process; check and measure."""
    sock = path.with_name("bench.sock")
    store = TableStore(path)
    codes = [new_table(store, spec.game, seats_of(spec), seed=spec.seed) for spec in specs]
    store.close()
    log = path.with_name("server.log")   # a file, not a pipe: a full pipe would stall the server
    with open(log, "wb") as out_file:
        server = subprocess.Popen([sys.executable, "-m", "boardgames_tui", "serve", "--store", str(path),
                                   "--socket", str(sock), "--bot-delay", "0"],
                                  stdout=subprocess.DEVNULL, stderr=out_file)
    try:
        t0 = time.monotonic()
        while not sock.exists():
            if server.poll() is not None or time.monotonic() - t0 > 30:
                raise RuntimeError(f"the server did not start: {log.read_text(errors='replace')}")
            time.sleep(0.02)
        reports = run_terminals(client_main, str(sock), specs, codes, seconds)
    finally:
        server.kill()
        server.wait()
        said = log.read_text(errors="replace").strip()
    res = check(path, reports, seconds, served=True)
    res.errors += [f"server: {line}" for line in said.splitlines()[-20:]]
    return tally_kinds(res, reports, specs)
