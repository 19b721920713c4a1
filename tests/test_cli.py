"""The command line, run as people run it: ``python -m boardgames_tui ...``."""
from __future__ import annotations

import json
import os
import subprocess
import sys

import pytest

import boardgames_tui


def cli(*args: str, timeout: float = 120) -> subprocess.CompletedProcess:
    env = dict(os.environ, COLUMNS="100")
    return subprocess.run([sys.executable, "-m", "boardgames_tui", *args], capture_output=True,
                          text=True, timeout=timeout, env=env, stdin=subprocess.DEVNULL)


def assert_usage_error(r: subprocess.CompletedProcess, *expect: str) -> None:
    assert r.returncode == 2, (r.returncode, r.stdout, r.stderr)
    assert "Traceback" not in r.stderr
    lines = r.stderr.splitlines()
    assert len(lines) == 1, r.stderr
    assert lines[0].startswith("boardgames-tui")
    for e in expect:
        assert e in lines[0]
    assert r.stdout == ""


def test_list():
    r = cli("list")
    assert r.returncode == 0 and r.stderr == ""
    line = [x for x in r.stdout.splitlines() if x.startswith("evolution")]
    assert line and "Evolution" in line[0] and "2-5 players, 6 with" in line[0]


def test_help_and_version():
    r = cli("--help")
    assert r.returncode == 0
    for command in ("list", "play", "demo", "simulate", "resume", "screenshot"):
        assert command in r.stdout
    r = cli("--version")
    assert r.returncode == 0 and r.stdout.strip() == f"boardgames-tui {boardgames_tui.__version__}"


def test_simulate_text():
    r = cli("simulate", "evolution", "--games", "3", "--seed", "1")
    assert r.returncode == 0, r.stderr
    out = r.stdout
    assert out.startswith("simulate evolution: 4 players, 3 games, seed 1")
    assert sum(1 for line in out.splitlines() if line.startswith("game ")) == 3
    assert "totals: 3 games: 3 finished, 0 unfinished" in out and "0 errors" in out
    assert "choices/s" in out
    assert "length in choices: mean" in out and "length in rounds: mean" in out
    assert "won by" in out


def test_simulate_json_is_reproducible():
    r = cli("simulate", "evolution", "--games", "2", "--seed", "5", "--players", "3", "--json")
    assert r.returncode == 0, r.stderr
    data = json.loads(r.stdout)
    assert data["game"] == "evolution" and data["players"] == 3 and data["seed"] == 5
    assert [g["seed"] for g in data["games"]] == [5, 6]
    t = data["totals"]
    assert t["games"] == 2 and t["errors"] == 0 and t["finished"] == 2
    assert t["choices"] == sum(g["choices"] for g in data["games"]) > 0
    assert t["length_rounds"]["min"] >= 1
    for g in data["games"]:
        assert len(g["scores"]) == 3 and g["winners"]
        assert g["winners"] == [i for i, s in enumerate(g["scores"]) if s == max(g["scores"])]
    # the second game on its own, by its seed, is the same game
    again = json.loads(cli("simulate", "evolution", "--games", "1", "--seed", "6", "--players", "3",
                           "--json").stdout)
    keep = ("seed", "choices", "rounds", "scores", "winners")
    assert {k: again["games"][0][k] for k in keep} == {k: data["games"][1][k] for k in keep}


def test_simulate_max_choices_counts_unfinished():
    r = cli("simulate", "evolution", "--games", "3", "--seed", "1", "--max-choices", "5", "--json")
    assert r.returncode == 0, r.stderr
    data = json.loads(r.stdout)
    assert [g["status"] for g in data["games"]] == ["unfinished"] * 3
    assert all(g["choices"] == 5 for g in data["games"])
    assert data["totals"]["unfinished"] == 3 and data["totals"]["errors"] == 0


@pytest.mark.parametrize("args, expect", [
    (["simulate", "evolution", "--players", "7"], ["7"]),
    (["simulate", "evolution", "--players", "6"], ["--option deck=129"]),
    (["play", "evolution", "--players", "1"], ["not 1"]),
    (["simulate", "evolution", "--option", "deck=12"], ["deck"]),
])
def test_bad_player_count_or_option(args, expect):
    assert_usage_error(cli(*args), *expect)


@pytest.mark.parametrize("args, expect", [
    (["simulate", "monopoly"], ["unknown game 'monopoly'", "evolution"]),
    (["play", "chess"], ["unknown game 'chess'"]),
    (["resume", "no-such-save.json"], ["no-such-save.json", "no such file"]),
    (["resume"], ["no saved game"]),
    (["screenshot", "evolution", "--out", "x.svg", "--size", "huge"], ["--size", "120x40"]),
    (["screenshot", "evolution", "--out", "x.svg", "--size", "5x5"], ["out of range"]),
    (["simulate", "evolution", "--games", "-3"], ["--games"]),
    (["simulate"], ["GAME"]),
    (["frobnicate"], ["invalid choice"]),
    (["simulate", "evolution", "--option", "deck"], ["NAME=VALUE"]),
])
def test_wrong_arguments_exit_2_with_one_line(args, expect):
    assert_usage_error(cli(*args), *expect)


def test_corrupt_save_file(tmp_path):
    p = tmp_path / "broken.json"
    p.write_text('{"format": "boardgames-tui-save", "choi')
    before = p.read_bytes()
    assert_usage_error(cli("resume", str(p)), "broken.json", "not valid JSON")
    assert p.read_bytes() == before


def test_screenshot_writes_reproducible_svg(tmp_path):
    def shot(name: str, seed: str) -> str:
        out = tmp_path / name
        r = cli("screenshot", "evolution", "--out", str(out), "--seed", seed, "--choices", "25",
                "--size", "100x30", "--players", "3", timeout=300)
        assert r.returncode == 0, r.stderr
        assert r.stdout.strip() == f"wrote {out} after 25 choices"
        return out.read_text(encoding="utf-8")

    svg = shot("a.svg", "3")
    assert svg.lstrip().startswith("<svg") and svg.rstrip().endswith("</svg>")
    text = svg.replace("&#160;", " ")
    assert "Player 1" in text and "Evolution" in text
    assert shot("b.svg", "3") == svg          # same arguments, same file
    assert shot("c.svg", "4") != svg          # another seed, another position


def test_screenshot_menu_writes_an_svg_of_the_menu(tmp_path):
    out = tmp_path / "menu.svg"
    r = cli("screenshot", "menu", "--size", "80x24", "--out", str(out), timeout=300)
    assert r.returncode == 0, r.stderr
    text = out.read_text(encoding="utf-8").replace("&#160;", " ")
    assert text.lstrip().startswith("<svg")
    assert "Continue" in text and "Evolution" in text and "No autosaved games yet" in text


HOSTILE = {
    "players-strings": lambda d: d.update(players=["a", "b"]),
    "players-object": lambda d: d.update(players={"a": 1}),
    "seed-infinity": None,
    "seed-1e400": None,
    "huge-int": None,
    "created-string": lambda d: d.update(created="now"),
    "deep": None,
    "open-info-string": lambda d: d.update(open_info="false"),
    "empty-name": lambda d: d.update(players=[{"name": ""}, {"name": "B"}]),
    "duplicate-names": lambda d: d.update(players=[{"name": "B"}, {"name": "B"}]),
}


def _hostile_file(tmp_path, name):
    import json as _json
    d = {"format": "boardgames-tui-save", "format_version": 1, "game": "evolution",
         "rules_version": __import__("boardgames_tui.engine.registry", fromlist=["x"]).get_game(
             "evolution").rules_version,
         "options": {}, "players": [{"name": "A"}, {"name": "B"}], "seed": 1, "choices": []}
    fix = HOSTILE[name]
    text = None
    if fix is not None:
        fix(d)
    elif name == "seed-infinity":
        text = _json.dumps(d).replace('"seed": 1', '"seed": Infinity')
    elif name == "seed-1e400":
        text = _json.dumps(d).replace('"seed": 1', '"seed": 1e400')
    elif name == "huge-int":
        text = _json.dumps(d).replace('"seed": 1', '"seed": ' + "7" * 4400)
    elif name == "deep":
        text = _json.dumps(d)[:-1] + ', "x": ' + "[" * 100_000 + "]" * 100_000 + "}"
    p = tmp_path / f"{name}.json"
    p.write_text(text if text is not None else _json.dumps(d))
    return p


@pytest.mark.parametrize("name", sorted(HOSTILE))
def test_resume_refuses_hostile_files_in_one_line(tmp_path, name):
    p = _hostile_file(tmp_path, name)
    before = p.read_bytes()
    r = subprocess.run([sys.executable, "-m", "boardgames_tui", "resume", str(p)],
                       capture_output=True, text=True, timeout=60)
    assert r.returncode == 2, (name, r.stderr)
    assert r.stderr.count("\n") == 1 and "Traceback" not in r.stderr, r.stderr
    assert p.read_bytes() == before


def test_resume_refuses_a_fifo_at_once(tmp_path):
    p = tmp_path / "x.json"
    os.mkfifo(p)
    r = subprocess.run([sys.executable, "-m", "boardgames_tui", "resume", str(p)],
                       capture_output=True, text=True, timeout=20)
    assert r.returncode == 2 and "not a regular file" in r.stderr


def test_screenshot_out_a_folder_is_one_line_and_exit_2(tmp_path):
    (tmp_path / "shots.svg").mkdir()
    assert_usage_error(cli("screenshot", "menu", "--out", str(tmp_path)), "is a folder")
    assert_usage_error(cli("screenshot", "evolution", "--out", str(tmp_path / "shots.svg")),
                       "is a folder")


def test_screenshot_out_unwritable_is_one_line_and_exit_2(tmp_path):
    if hasattr(os, "geteuid") and os.geteuid() != 0:
        locked = tmp_path / "locked"
        locked.mkdir()
        locked.chmod(0o500)
        try:
            assert_usage_error(cli("screenshot", "menu", "--out", str(locked / "m.svg")),
                               "cannot write")
        finally:
            locked.chmod(0o700)
    elif os.path.isdir("/proc/self"):
        # root may write anywhere but /proc takes no new files
        assert_usage_error(cli("screenshot", "menu", "--out", "/proc/self/bgt-test.svg"),
                           "cannot write")
    else:
        pytest.skip("no unwritable folder to try")


def test_hosted_resume_takes_a_plain_name_in_the_own_saves_folder(tmp_path):
    """BOARDGAMES_TUI_HOSTED=1 (the README's shared ssh account): resume FILE
    refuses a path with the same line whether or not it exists."""
    theirs = tmp_path / "players" / "bob" / "saves" / "x.json"
    theirs.parent.mkdir(parents=True)
    theirs.write_text('{"format": "boardgames-tui-save", "choi')
    env = dict(os.environ, BOARDGAMES_TUI_HOSTED="1", BOARDGAMES_TUI_DATA=str(tmp_path / "players" / "alice"))

    def resume(arg: str) -> subprocess.CompletedProcess:
        return subprocess.run([sys.executable, "-m", "boardgames_tui", "resume", arg], capture_output=True,
                              text=True, timeout=60, env=env, stdin=subprocess.DEVNULL)

    lines = set()
    for arg in ["../bob/saves/x.json", "../../players/bob/saves/x", str(theirs), str(tmp_path / "nope.json"),
                "~/x.json", ".x"]:
        r = resume(arg)
        assert_usage_error(r, "a plain name only")
        lines.add(r.stderr)
    assert len(lines) == 1
    assert_usage_error(resume("x"), "error: x: no such file")
    assert not (tmp_path / "players" / "alice").exists()


def test_play_no_auto_starts_with_forced_choices_off(monkeypatch):
    """``play --no-auto``: every choice waits for a key (the match's setting, kept in its saves)."""
    import boardgames_tui.ui.app as app_module
    from boardgames_tui.cli import main

    started = []
    monkeypatch.setattr(app_module, "run_app", lambda m=None, **kw: started.append(m) or 0)
    assert main(["play", "phoenicia", "--players", "2", "--seed", "3", "--no-auto"]) == 0
    assert started[0].auto_forced is False
    assert main(["play", "phoenicia", "--players", "2", "--seed", "3"]) == 0
    assert started[1].auto_forced is True
