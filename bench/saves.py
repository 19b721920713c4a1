"""Undo, autosave and load: what they cost, and that the cost does not grow.

    .venv/bin/python bench/saves.py [--seeds 60] [--choices 5000] [--civ-choices 5000] [--repeat 7] [--civ-only]

Two games are measured: the longest 5-player Utopia game among seeded random
bot games (seeds 0..N-1), and the synthetic 5,000-choice "Marathon"
(bench/synthetic.py, sized like Utopia's state).  Each is played through a
``Match`` with human seats, as in the app:

* autosave: ``AutosaveStore.sync`` after every choice (SQLite, WAL, one row a
  choice); median, 95th percentile, and the medians of the first and last
  tenth of the game (equal when the cost does not grow).  Baseline in the same
  run: the old way, the whole JSON file rewritten atomically with an fsync.
* undo: ``Match.undo`` wherever the policy allows it (then the same choice is
  made again); baseline: the old way, a replay of the game from the seed.
  Undo restores a snapshot taken before each human choice, so the snapshot's
  cost (paid while choosing) is shown too.
* load: ``AutosaveStore.load`` and ``save.load`` of the finished game (both
  replay every choice from the seed: the integrity check).

Then a 5,000-choice 4-player Civilization game (random bots, seed 1, cut off
at ``--civ-choices``) is loaded through the autosave and through a JSON file,
in CPU time (``time.process_time``), median of ``--repeat``; the load is split
into its parts: reading (SQLite or the file, JSON, validation), the rules
alone (``game.apply`` of every key on a fresh game) and what the match adds
over them (legality checks, records, undo snapshots).

Targets: undo <= 20 ms, autosave <= 2 ms median, load <= 300 ms at
5,000 choices; Civilization's load <= 200 ms of CPU (on the machine the
target was set on; this one may be slower: compare the parts).  The machine is shared: figures are medians, and the baselines
run in the same process.  A benchmark, not a test.
"""
from __future__ import annotations

import argparse
import os
import random
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))

from boardgames_tui.engine import registry, save  # noqa: E402
from boardgames_tui.engine.session import Match, Seat  # noqa: E402
from boardgames_tui.engine.store import AutosaveStore  # noqa: E402

registry.register(registry.GameEntry("marathon", "synthetic:GAME"))

NAMES = ["Ann", "Bob", "Cleo", "Dan", "Eve"]


def ms(x: float) -> str:
    return f"{x * 1000:.2f} ms"


def med(xs: list[float]) -> float:
    return statistics.median(xs) if xs else float("nan")


def random_keys(game: str, seed: int, limit: int = 20_000) -> list[str]:
    g = registry.get_game(game)
    r = random.Random(seed)
    s = g.new_game(NAMES, seed)
    keys: list[str] = []
    while (d := g.cached_decision(s)) is not None and len(keys) < limit:
        keys.append(r.choice(d.options).key)
        g.apply(s, keys[-1])
    return keys


def longest_utopia(seeds: int) -> tuple[int, list[str]]:
    best: tuple[int, int, list[str]] = (0, -1, [])
    for seed in range(seeds):
        keys = random_keys("utopia", seed)
        best = max(best, (len(keys), seed, keys))
    return best[1], best[2]


def measure(game: str, seed: int, keys: list[str], tmp: Path) -> dict:
    r = random.Random(seed)
    m = Match.new(game, [Seat(n) for n in NAMES], seed)
    store = AutosaveStore(tmp / f"{game}.db")
    sync_t: list[float] = []
    old_save_t: list[float] = []
    undo_t: list[float] = []
    old_undo_t: list[float] = []
    snap_t: list[float] = []
    i = 0
    for k in keys:
        m.choose(k)
        t = time.perf_counter()
        store.sync(m)
        sync_t.append(time.perf_counter() - t)
        i += 1
        if i % 10 == 0:  # what undo costs up front: the snapshot taken before a human's choice
            t = time.perf_counter()
            m._snapshot()
            snap_t.append(time.perf_counter() - t)
        if i % 50 == 0:  # the old autosave: rewrite the whole file with an fsync
            t = time.perf_counter()
            save.save(m, tmp / "old.json")
            old_save_t.append(time.perf_counter() - t)
        if m.can_undo()[0] and r.random() < 0.3:
            t = time.perf_counter()
            m.undo()
            undo_t.append(time.perf_counter() - t)
            if len(old_undo_t) < 15 and i > len(sync_t) // 2:
                keys = m.choices
                t = time.perf_counter()
                Match.replay(game, m.seats, m.seed, m.options, keys)  # the old undo
                old_undo_t.append(time.perf_counter() - t)
            m.choose(k)
            store.sync(m)
    n = len(m.history)
    tenth = max(1, len(sync_t) // 10)
    store_loads, file_loads = [], []
    path = save.save(m, tmp / f"{game}-final.json")
    for _ in range(5):
        t = time.perf_counter()
        back = store.load(m.match_id)
        store_loads.append(time.perf_counter() - t)
        assert back.state == m.state
        t = time.perf_counter()
        save.load(path)
        file_loads.append(time.perf_counter() - t)
    # old undo for the tail of long games, if the game had too few chances
    if not old_undo_t:
        t = time.perf_counter()
        Match.replay(game, m.seats, m.seed, m.options, m.choices[:-1])
        old_undo_t.append(time.perf_counter() - t)
    return {
        "choices": n, "autosave": med(sync_t), "autosave_p95": sorted(sync_t)[int(len(sync_t) * .95)],
        "autosave_first": med(sync_t[:tenth]), "autosave_last": med(sync_t[-tenth:]),
        "old_autosave": med(old_save_t), "undo": med(undo_t), "undo_max": max(undo_t or [0]),
        "undos": len(undo_t), "snapshot": med(snap_t), "old_undo": med(old_undo_t), "load_store": med(store_loads),
        "load_file": med(file_loads), "db_bytes": (tmp / f"{game}.db").stat().st_size
        + sum(p.stat().st_size for p in tmp.glob(f"{game}.db-*")),
    }


def cpu_median(fn, repeat: int) -> float:
    ts = []
    for _ in range(repeat):
        t = time.process_time()
        fn()
        ts.append(time.process_time() - t)
    return statistics.median(ts)


def civ_load(choices: int, repeat: int, tmp: Path) -> None:
    """Civilization's load through the autosave and a JSON file, CPU time, with its parts."""
    game = "civilization"
    names = NAMES[:4]
    g = registry.get_game(game)
    r = random.Random(1)
    s = g.new_game(names, 1)
    keys: list[str] = []
    while (d := g.cached_decision(s)) is not None and len(keys) < choices:
        keys.append(r.choice(d.options).key)
        g.apply(s, keys[-1])
    m = Match.new(game, [Seat(n) for n in names], 1)
    for k in keys:
        m.choose(k)
    store = AutosaveStore(tmp / "civ.db")
    store.sync(m)
    path = save.save(m, tmp / "civ.json")
    assert store.load(m.match_id).state == m.state

    def rules_only() -> None:
        st = g.new_game(names, 1)
        for k in keys:
            g.apply(st, k)

    def read_store() -> None:
        con = store.connect()
        con.execute("SELECT game, header, created FROM matches WHERE id=?", (m.match_id,)).fetchone()
        [k for (k,) in con.execute("SELECT key FROM choices WHERE match=? ORDER BY idx", (m.match_id,))]

    def read_file() -> None:
        save.validate(save.read_json(path))

    parts = {
        "load (autosave)": lambda: store.load(m.match_id),
        "load (JSON file)": lambda: save.load(path),
        "  read the autosave rows": read_store,
        "  read+parse+validate the file": read_file,
        "  replay (Match.replay)": lambda: Match.replay(game, m.seats, m.seed, m.options, keys),
        "  rules alone (apply each key)": rules_only,
    }
    got = {label: cpu_median(fn, repeat) for label, fn in parts.items()}
    print(f"\n4-player Civilization, random bots, seed 1: {len(keys)} choices, round {m.round_number()}; "
          f"CPU time, median of {repeat}")
    for label, t in got.items():
        print(f"{label:34}{ms(t):>12}")
    over = got["  replay (Match.replay)"] - got["  rules alone (apply each key)"]
    print(f"{'  the match over the rules':34}{ms(over):>12}")
    worst = max(got["load (autosave)"], got["load (JSON file)"])
    print(f"target: Civilization load <= 200 ms CPU: {'met' if worst <= 0.200 else 'MISSED'} "
          f"(here {ms(worst)}; the target was set on a machine about 2x faster)")


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--seeds", type=int, default=60)
    ap.add_argument("--choices", type=int, default=5_000)
    ap.add_argument("--civ-choices", type=int, default=5_000)
    ap.add_argument("--repeat", type=int, default=7, help="loads timed for the Civilization medians")
    ap.add_argument("--civ-only", action="store_true", help="only the Civilization load")
    args = ap.parse_args()
    if args.civ_only:
        with tempfile.TemporaryDirectory(prefix="bgt-bench-") as d:
            os.environ["BOARDGAMES_TUI_DATA"] = d
            civ_load(args.civ_choices, args.repeat, Path(d))
        return
    import synthetic
    synthetic.GAME.limit = args.choices
    seed, ukeys = longest_utopia(args.seeds)
    print(f"longest 5-player Utopia game over seeds 0..{args.seeds - 1}: seed {seed}, {len(ukeys)} choices")
    rows = []
    with tempfile.TemporaryDirectory(prefix="bgt-bench-") as d:
        os.environ["BOARDGAMES_TUI_DATA"] = d
        for game, s, keys in (("utopia", seed, ukeys), ("marathon", 1, random_keys("marathon", 1))):
            rows.append((game, measure(game, s, keys, Path(d))))
    print()
    print(f"{'':26}" + "".join(f"{g:>22}" for g, _ in rows))

    def line(label, key, fmt=ms):
        print(f"{label:26}" + "".join(f"{fmt(r[key]):>22}" for _, r in rows))

    line("choices", "choices", str)
    line("autosave median", "autosave")
    line("autosave p95", "autosave_p95")
    line("autosave first 10%", "autosave_first")
    line("autosave last 10%", "autosave_last")
    line("old autosave (JSON+fsync)", "old_autosave")
    line("undo median", "undo")
    line("undo max", "undo_max")
    line("undos measured", "undos", str)
    line("snapshot per choice", "snapshot")
    line("old undo (replay)", "old_undo")
    line("load (autosave)", "load_store")
    line("load (JSON file)", "load_file")
    line("database size", "db_bytes", lambda b: f"{b / 1024:.0f} KiB")
    print()
    worst = {k: max(r[k] for _, r in rows) for k in ("undo", "autosave", "load_store", "load_file")}
    print("targets: undo <= 20 ms: {}; autosave median <= 2 ms: {}; load <= 300 ms at 5,000 choices: {}".format("met" if worst["undo"] <= 0.020 else "MISSED",
             "met" if worst["autosave"] <= 0.002 else "MISSED",
             "met" if max(rows[1][1]["load_store"], rows[1][1]["load_file"]) <= 0.300 else "MISSED"))
    with tempfile.TemporaryDirectory(prefix="bgt-bench-") as d:
        os.environ["BOARDGAMES_TUI_DATA"] = d
        civ_load(args.civ_choices, args.repeat, Path(d))


if __name__ == "__main__":
    main()
