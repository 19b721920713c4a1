"""One printable line per refusal.

Text from a file reaches a message only through ``engine.text``: control
characters escaped, newlines shown as ``\\n``, long values cut with ``…``.
Every damaged Imperial and Civilization file made by ``damaged_saves`` is
refused by ``resume FILE`` with exactly one printable line on stderr and exit
status 2, and the file is left as it was.
"""
from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import damaged_saves
from boardgames_tui import cli
from boardgames_tui.engine import save as saves
from boardgames_tui.engine.text import FIELD_LIMIT, ELLIPSIS, one_line, printable, quoted

GOLDEN = Path(__file__).parents[1] / "golden"
BASES = ["imperial-3p-seed41.json", "civilization-2p-seed51.json"]


def _is_one_printable_line(text: str) -> bool:
    return text.endswith("\n") and text.count("\n") == 1 and text[:-1].isprintable()


# -- the helper ----------------------------------------------------------------------------
@pytest.mark.parametrize("raw, shown", [
    ("plain", "plain"),
    ("a\nb", "a\\nb"),
    ("\u001b[2J\u001b]0;pwn\u0007", "\\x1b[2J\\x1b]0;pwn\\x07"),
    ("tab\there\r", "tab\\there\\r"),
    ("\u202eevil", "\\u202eevil"),          # a bidi override turns the line around
    ("a\u2028b", "a\\u2028b"),              # a line separator
    ("Ünïcödé ok", "Ünïcödé ok"),
])
def test_printable_escapes_what_a_terminal_acts_on(raw, shown):
    assert printable(raw) == shown


def test_long_values_are_cut_with_an_ellipsis_and_never_inside_an_escape():
    assert printable("a" * 100, 10) == "a" * 9 + ELLIPSIS
    assert printable("abcdefgh\u001b", 10) == "abcdefgh" + ELLIPSIS   # not "abcdefgh\" + …
    assert printable("abcdefghij", 10) == "abcdefghij"               # exactly the limit: whole
    assert quoted("x" * 100) == "'" + "x" * (FIELD_LIMIT - 1) + ELLIPSIS + "'"


@settings(max_examples=300, deadline=None)
@given(st.text(), st.integers(min_value=1, max_value=80))
def test_printable_is_one_printable_line_within_its_limit(text, limit):
    out = printable(text, limit)
    assert out.isprintable() and "\n" not in out
    assert len(out) <= limit
    if text.isprintable() and len(text) <= limit:
        assert out == text


# -- damaged files, through the command line ------------------------------------------------
@pytest.fixture
def no_app(monkeypatch):
    """A file that loads would start the app: fail instead (none of these may load)."""
    import boardgames_tui.ui.app as app

    def loaded(*a, **k):
        raise AssertionError("a damaged file was loaded")
    monkeypatch.setattr(app, "run_app", loaded)


def _cases():
    for base in BASES:
        for label, data in damaged_saves.damaged(GOLDEN / base):
            yield pytest.param(data, id=f"{base.split('-')[0]}: {label}")


@pytest.mark.parametrize("data", list(_cases()))
def test_every_damaged_file_gives_one_printable_line_and_exit_2(data, tmp_path, capsys, no_app):
    f = tmp_path / "damaged.json"
    f.write_bytes(data)
    before = (f.read_bytes(), os.stat(f).st_mtime_ns)
    assert cli.main(["resume", str(f)]) == cli.USAGE_ERROR
    out, err = capsys.readouterr()
    assert out == ""
    assert _is_one_printable_line(err), repr(err)
    assert err.startswith("boardgames-tui: error: ")
    assert (f.read_bytes(), os.stat(f).st_mtime_ns) == before


def test_the_corpus_damages_every_text_field():
    labels = {label for label, _ in damaged_saves.damaged(GOLDEN / "imperial-3p-seed41.json")}
    for field in ("game", "rules_version", "option name", "option value", "seat name",
                  "choice key 4", "last choice key"):
        for bad in ("escapes", "newlines", "long"):
            assert f"{field}: {bad}" in labels


def test_an_escape_in_a_choice_key_is_shown_escaped(tmp_path, capsys, no_app):
    data = json.loads((GOLDEN / "imperial-3p-seed41.json").read_text())
    data["choices"][3] = damaged_saves.ESCAPES
    f = tmp_path / "x.json"
    f.write_text(json.dumps(data))
    assert cli.main(["resume", str(f)]) == 2
    err = capsys.readouterr().err
    assert "choice 4 ('\\x1b[2J\\x1b]0;pwn\\x07') is not legal" in err


def test_a_fake_traceback_stays_on_the_refusal_line(tmp_path, capsys, no_app):
    data = json.loads((GOLDEN / "civilization-2p-seed51.json").read_text())
    data["rules_version"] = damaged_saves.FAKE_TRACEBACK
    f = tmp_path / "x.json"
    f.write_text(json.dumps(data))
    assert cli.main(["resume", str(f)]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "\\nTraceback" in err


def test_the_real_command_prints_one_line(tmp_path):
    """The console script itself, stderr as the terminal gets it."""
    data = json.loads((GOLDEN / "imperial-3p-seed41.json").read_text())
    data["options"]["opening"] = damaged_saves.FAKE_TRACEBACK
    data["choices"][3] = damaged_saves.ESCAPES
    f = tmp_path / "x.json"
    f.write_text(json.dumps(data))
    env = {**os.environ, "BOARDGAMES_TUI_DATA": str(tmp_path / "data")}
    r = subprocess.run([sys.executable, "-m", "boardgames_tui", "resume", str(f)],
                       capture_output=True, text=True, env=env, timeout=60)
    assert r.returncode == 2
    assert r.stdout == ""
    assert _is_one_printable_line(r.stderr), repr(r.stderr)


def test_argument_errors_are_one_line_too(capsys):
    with pytest.raises(SystemExit) as e:
        cli.main(["play", "evolution", "--players", "x\u001b[2J"])
    assert e.value.code == 2
    assert _is_one_printable_line(capsys.readouterr().err)
    assert cli.main(["play", "evo\nTraceback (most recent call last):"]) == 2
    assert _is_one_printable_line(capsys.readouterr().err)


def test_one_line_guards_any_message():
    assert one_line("a\nb\u001b") == "a\\nb\\x1b"
    assert len(one_line("z" * 10_000)) <= 300


def test_the_load_list_shows_a_hostile_header_escaped(tmp_path):
    data = json.loads((GOLDEN / "imperial-3p-seed41.json").read_text())
    data["game"] = damaged_saves.ESCAPES
    data["players"][0]["name"] = "a\nb"
    f = tmp_path / "x.json"
    f.write_text(json.dumps(data))
    info = saves.read_header(f, 0, f.stat().st_size)
    assert info.game.isprintable() and info.players[0] == "a\\nb"
