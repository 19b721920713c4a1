"""One seat of a table at the table server, in its own OS process (test_wire_privacy.py).

    python wire_seat.py SOCKET CODE SEAT PLAYER RNG_SEED OUT [--deadline SECONDS]

Connects to the server at SOCKET as PLAYER, joins seat SEAT (0-based) of table CODE, and plays a
random legal option (``random.Random(RNG_SEED)``) whenever a ``state`` says its seat decides,
until a state says the game is over.  Every line the server sent it, as received, goes to OUT
(one per line), for the test to check.  Past ``--deadline`` seconds it exits 3 saying where it
stood.
"""
from __future__ import annotations

import argparse
import random
import socket
import sys
import time

from boardgames_tui.tables import wire


def main() -> int:
    ap = argparse.ArgumentParser()
    for a in ("socket", "code", "seat", "player", "rng_seed", "out"):
        ap.add_argument(a)
    ap.add_argument("--deadline", type=float, default=300.0)
    a = ap.parse_args()
    rng = random.Random(int(a.rng_seed))
    s = socket.socket(socket.AF_UNIX)
    s.connect(a.socket)
    f = s.makefile("rb")
    out = open(a.out, "wb")
    s.sendall(wire.encode({"t": "hello", "v": wire.VERSION, "player": a.player}))
    s.sendall(wire.encode({"t": "join", "code": a.code, "seat": int(a.seat), "watch": False, "id": 1}))
    t_end = time.monotonic() + a.deadline
    n = -1
    answered = -1     # a state may come twice (the join's reply and a push): one choice per position
    while time.monotonic() < t_end:
        line = f.readline()
        if not line:
            print(f"seat {a.seat}: the server closed the connection at choice {n}", file=sys.stderr)
            return 3
        out.write(line)
        msg = wire.decode(line)
        if msg["t"] == "error":
            print(f"seat {a.seat}: refused: {msg['line']}", file=sys.stderr)
            return 3
        if msg["t"] != "state":
            continue
        n = msg["n"]
        d = msg["decision"]
        if d is None:
            out.close()
            return 0
        if d["mine"] and n != answered:
            answered = n
            key = rng.choice(d["options"])[0]
            s.sendall(wire.encode({"t": "choose", "key": key, "n": n}))
    print(f"seat {a.seat}: past the deadline at choice {n}", file=sys.stderr)
    return 3


if __name__ == "__main__":
    sys.exit(main())
