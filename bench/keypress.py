"""What one keypress costs on every game screen, as ratios to a bare app.

    .venv/bin/python bench/keypress.py [--moves 12] [--games evolution,phoenicia,utopia,imperial,civilization]

Bytes: each screen runs as a real program (`boardgames-tui play GAME --open`)
on a real pseudo-terminal at 80x24 and at 160x48; keys are written to it and
its output is read until it is quiet.  Measured per screen (medians):

* an option-list move (Down/Up in the option list),
* a board-cursor move (arrow keys with the board focused),
* a focus change (Tab),
* a full repaint (the terminal resized back to its size),

against a bare Textual app with one OptionList (bench/bare_optionlist.py) on
the same pty size, in the same run.  Time: the same moves through Textual's
Pilot (headless), per key, against the same bare app.

Targets: bytes per option-list or board move <= 1.2x the bare
app's option-list move; time per move <= 1.5x; a focus change <= 1/4 of a
full repaint.  A benchmark, not a test.
"""
from __future__ import annotations

import argparse
import asyncio
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).parent
sys.path.insert(0, str(HERE))

from ptyrun import KEYS, PtyApp  # noqa: E402

VENV_BIN = Path(sys.executable).parent
APP = [str(VENV_BIN / "boardgames-tui")]
BARE = [sys.executable, str(HERE / "bare_optionlist.py")]
SEEDS = {"evolution": 3, "phoenicia": 4, "utopia": 9, "imperial": 5, "civilization": 6}


def med(xs):
    return statistics.median(xs) if xs else float("nan")


# -- bytes through a real pty ---------------------------------------------------------
def pty_costs(argv: list[str], cols: int, rows: int, moves: int, board_tabs: int | None,
              ready: bytes, env: dict) -> dict:
    app = PtyApp(argv, cols, rows, env)
    try:
        app.wait_for(ready, limit=60)
        app.read_until_quiet(0.6)
        out: dict[str, float] = {}
        lst = []
        for i in range(moves):
            app.send(KEYS["down" if i % 4 < 2 else "up"])
            lst.append(app.read_until_quiet())
        out["list"] = med(lst)
        if board_tabs is not None:
            tabs = []
            for _ in range(board_tabs):
                app.send(b"\x1b[Z")  # shift+tab, towards the board
                tabs.append(app.read_until_quiet())
            out["focus"] = med(tabs)
            brd = []
            for i in range(moves):
                app.send(KEYS[("right", "down", "left", "up")[i % 4]])
                brd.append(app.read_until_quiet())
            out["board"] = med(brd)
        reps = []
        for _ in range(3):
            app.resize(cols, rows - 1)
            app.read_until_quiet(0.5)
            app.resize(cols, rows)
            reps.append(app.read_until_quiet(0.5))
        out["repaint"] = med(reps)
        return out
    finally:
        app.close()


# -- time through Pilot -----------------------------------------------------------------
async def pilot_times(make_app, cols: int, rows: int, moves: int, board_tabs: int | None) -> dict:
    app = make_app()
    async with app.run_test(size=(cols, rows)) as pilot:
        await pilot.pause()
        await pilot.pause()
        out = {}
        ts = []
        for i in range(moves):
            t = time.perf_counter()
            await pilot.press("down" if i % 4 < 2 else "up")
            await pilot.pause()
            ts.append(time.perf_counter() - t)
        out["list"] = med(ts)
        if board_tabs is not None:
            for _ in range(board_tabs):
                await pilot.press("shift+tab")
            await pilot.pause()
            ts = []
            for i in range(moves):
                t = time.perf_counter()
                await pilot.press(("right", "down", "left", "up")[i % 4])
                await pilot.pause()
                ts.append(time.perf_counter() - t)
            out["board"] = med(ts)
        return out


def game_app(game: str):
    from boardgames_tui.engine.session import Match, Seat
    from boardgames_tui.ui.app import BoardgamesApp

    def make():
        m = Match.new(game, [Seat(n, c) for n, c in (("Ann", "red"), ("Bob", "blue"), ("Cy", "green"))],
                      SEEDS[game])
        m.open_info = True
        return BoardgamesApp(m)
    return make


async def tabs_to_board(game: str) -> int:
    """How many Shift+Tabs move the focus from the option list to the board."""
    from boardgames_tui.ui.widgets import BoardWidget
    app = game_app(game)()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        for n in range(1, 6):
            await pilot.press("shift+tab")
            await pilot.pause()
            f = app.focused
            if f is not None and (isinstance(f, BoardWidget) or any(isinstance(a, BoardWidget) for a in f.ancestors)):
                return n
    raise RuntimeError(f"{game}: the board never takes the focus")


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--moves", type=int, default=12)
    ap.add_argument("--games", default=",".join(SEEDS))
    a = ap.parse_args()
    games = a.games.split(",")
    sys.path.insert(0, str(HERE))
    import bare_optionlist
    rows = []
    with tempfile.TemporaryDirectory() as data:
        env = dict(os.environ, BOARDGAMES_TUI_DATA=data)
        os.environ["BOARDGAMES_TUI_DATA"] = data
        tabs = {g: asyncio.run(tabs_to_board(g)) for g in games}
        for cols, lines in ((80, 24), (160, 48)):
            bare = pty_costs(BARE, cols, lines, a.moves, None, b"Option 1", env)
            bare_t = asyncio.run(pilot_times(bare_optionlist.BareApp, cols, lines, a.moves, None))
            for g in games:
                argv = APP + ["play", g, "--players", "3", "--seed", str(SEEDS[g]), "--open"]
                b = pty_costs(argv, cols, lines, a.moves, tabs[g], b"Options", env)
                t = asyncio.run(pilot_times(game_app(g), cols, lines, a.moves, tabs[g]))
                rows.append((g, cols, lines, b, t, bare, bare_t))
    print(f"{'screen':<11}{'size':>8}{'list B':>8}{'board B':>9}{'focus B':>9}{'repaint B':>10}"
          f"{'list x':>8}{'board x':>8}{'focus/rep':>10}{'t list x':>9}{'t board x':>10}")
    ok = True
    for g, cols, lines, b, t, bare, bare_t in rows:
        lx, bx = b["list"] / bare["list"], b["board"] / bare["list"]
        fr = b["focus"] / b["repaint"]
        tl, tb = t["list"] / bare_t["list"], t["board"] / bare_t["list"]
        ok &= lx <= 1.2 and bx <= 1.2 and fr <= 0.25 and tl <= 1.5 and tb <= 1.5
        print(f"{g:<11}{cols:>4}x{lines:<3}{b['list']:>8.0f}{b['board']:>9.0f}{b['focus']:>9.0f}{b['repaint']:>10.0f}"
              f"{lx:>8.2f}{bx:>8.2f}{fr:>10.2f}{tl:>9.2f}{tb:>10.2f}")
    for cols, lines in ((80, 24), (160, 48)):
        bare = next(r[5] for r in rows if r[1] == cols)
        bare_t = next(r[6] for r in rows if r[1] == cols)
        print(f"bare OptionList app {cols}x{lines}: {bare['list']:.0f} bytes and "
              f"{bare_t['list'] * 1000:.1f} ms per move; full repaint {bare['repaint']:.0f} bytes")
    print("targets (list/board bytes <= 1.2x, focus <= 1/4 repaint, time <= 1.5x):",
          "met" if ok else "NOT met")


if __name__ == "__main__":
    main()
