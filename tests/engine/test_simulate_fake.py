"""simulate and the CLI's argument handling, in process, on the fake game."""
from __future__ import annotations

import json

import pytest

from boardgames_tui import cli, simulate

import engine_fakegame as fakegame
from engine_fakegame import seats


class BuggyGame(fakegame.FakeCardGame):
    """Raises in the middle of games whose seed is odd."""
    name = "fakecards"

    def _apply(self, st, d, o):
        if st.rng.seed % 2 and st.round == 2 and o.key == "end":
            raise KeyError("deliberate rules bug")
        super()._apply(st, d, o)


def test_run_finishes_games_and_totals(fake):
    sim = simulate.run("fakecards", 3, 5, seed=10)
    assert [r.seed for r in sim.results] == [10, 11, 12, 13, 14]
    assert all(r.status == "finished" for r in sim.results)
    t = sim.totals()
    assert t["games"] == 5 and t["finished"] == 5 and t["errors"] == 0
    assert t["choices"] == sum(r.choices for r in sim.results) > 0
    assert t["length_rounds"] == {"mean": 2.0 + 1, "min": 3, "max": 3}  # round is 3 when 2 rounds are over
    assert t["length_choices"]["min"] <= t["length_choices"]["mean"] <= t["length_choices"]["max"]
    assert sum(t["wins_by_seat"]) >= 5
    assert t["choices_per_second"] > 0
    for r in sim.results:
        assert len(r.scores) == 3
        assert r.winners == [i for i, s in enumerate(r.scores) if s == max(r.scores)]
        assert r.winner_names == [f"Player {i + 1}" for i in r.winners]


def test_runs_are_reproducible(fake):
    a = simulate.run("fakecards", 2, 4, seed=3)
    b = simulate.run("fakecards", 2, 4, seed=3)
    strip = lambda s: [(r.seed, r.choices, r.scores, r.winners) for r in s.results]  # noqa: E731
    assert strip(a) == strip(b)
    # a single game can be played again on its own with its seed
    c = simulate.run("fakecards", 2, 1, seed=5)
    assert strip(c)[0] == strip(a)[2]


def test_max_choices_counts_unfinished_not_errors(fake):
    sim = simulate.run("fakecards", 2, 3, seed=1, max_choices=3)
    assert [r.status for r in sim.results] == ["unfinished"] * 3
    assert all(r.choices == 3 for r in sim.results)
    t = sim.totals()
    assert t["unfinished"] == 3 and t["errors"] == 0 and t["length_choices"] is None


def test_errors_are_reported_with_seed_and_exit_1(fake, monkeypatch, capsys):
    monkeypatch.setattr(fakegame, "GAME", BuggyGame())
    code = simulate.main("fakecards", 2, 4, 20, 1000, False)
    out, err = capsys.readouterr()
    assert code == 1
    assert "ERROR KeyError" in out
    assert "game 2 (seed 21) raised KeyError: 'deliberate rules bug'" in err
    assert "Traceback" in err and "_apply" in err
    assert "reproduce: boardgames-tui simulate fakecards --players 2 --games 1 --seed 21" in err
    assert "2 finished, 0 unfinished" in out and "2 errors" in out


def test_json_output(fake, capsys):
    assert simulate.main("fakecards", 2, 2, 7, 1000, True) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["seed"] == 7 and len(data["games"]) == 2
    assert data["totals"]["finished"] == 2
    assert data["games"][0]["status"] == "finished" and data["games"][0]["winner_names"]


def test_random_seed_is_printed(fake, capsys):
    simulate.main("fakecards", 2, 1, None, 1000, False)
    first = capsys.readouterr().out.splitlines()[0]
    assert first.startswith("simulate fakecards: 2 players, 1 games, seed ")


def run_cli(capsys, *argv):
    code = cli.main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


@pytest.mark.parametrize("argv, expect", [
    (["simulate", "fakecards", "--players", "4"], "2 to 3 players, not 4 (with --option table=big it takes 2 to 4)"),
    (["simulate", "fakecards", "--players", "5", "-o", "table=big"], "2 to 4 players, not 5"),
    (["simulate", "fakecards", "--option", "rounds"], "--option takes NAME=VALUE"),
    (["simulate", "fakecards", "--option", "speed=3"], "unknown option 'speed'"),
    (["simulate", "fakecards", "--option", "rounds=9"], "rounds must be one of"),
    (["simulate", "nogame"], "unknown game 'nogame'"),
    (["play", "fakecards", "--players", "3", "--names", "A,B"], "--names gives 2 names but --players is 3"),
    (["play", "fakecards", "--names", "A,a"], "--names must differ"),
    (["play", "fakecards", "--names", "A,,B"], "empty name"),
    (["play", "fakecards", "--bots", "3"], "--bots takes seat numbers 1 to 2"),
    (["play", "fakecards", "--bots", "x"], "--bots takes seat numbers"),
    (["screenshot", "fakecards", "--out", "x.svg", "--size", "big"], "--size takes COLUMNSxROWS"),
    (["screenshot", "fakecards", "--out", "x.svg", "--size", "10x5"], "out of range"),
    (["screenshot", "fakecards", "--out", "x.png"], "must name an .svg file"),
    (["screenshot", "fakecards", "--out", "/no/such/dir/x.svg"], "does not exist"),
    (["resume", "/no/such/file.json"], "no such file"),
    (["resume"], "no saved game to resume"),
])
def test_cli_errors_are_one_line_exit_2(fake, capsys, argv, expect):
    code, out, err = run_cli(capsys, *argv)
    assert code == 2
    assert err.count("\n") == 1 and err.startswith("boardgames-tui: error: ")
    assert expect in err


@pytest.mark.parametrize("argv", [
    ["simulate", "fakecards", "--games", "0"],
    ["simulate", "fakecards", "--seed", "x"],
    ["demo", "fakecards", "--delay", "-1"],
    ["play"],
    ["nocommand"],
])
def test_argparse_errors_are_one_line_exit_2(fake, capsys, argv):
    with pytest.raises(SystemExit) as e:
        cli.main(argv)
    assert e.value.code == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "error:" in err


def test_resume_damaged_file_is_one_line(fake, capsys, tmp_path):
    p = tmp_path / "s.json"
    p.write_text('{"format": "boardgames-tui-save", "format_version": 1, "game": "fakecards"')
    code, out, err = run_cli(capsys, "resume", str(p))
    assert code == 2 and err.count("\n") == 1 and "not valid JSON" in err


def test_seats_defaults(fake):
    game = fakegame.GAME
    s = cli.make_seats(game, 3, None, "1,3")
    assert [x.name for x in s] == ["Player 1", "Player 2", "Player 3"]
    assert [x.colour for x in s] == ["red", "blue", "green"]
    assert [x.is_bot for x in s] == [True, False, True]
    s = cli.make_seats(game, None, ["Ann", "Bob"], None)
    assert [x.name for x in s] == ["Ann", "Bob"] and not any(x.is_bot for x in s)
    assert len(cli.make_seats(game, None, None, None)) == 2


def test_play_random_is_seeded(fake):
    from boardgames_tui.engine.session import Match
    a = Match.new("fakecards", seats(2), 4)
    b = Match.new("fakecards", seats(2), 4)
    assert cli.play_random(a, 15, 4) == 15 == cli.play_random(b, 15, 4)
    assert a.choices == b.choices and a.state == b.state


@pytest.fixture
def captured(monkeypatch):
    """Replace the UI's run_app by a recorder (the commands import it lazily)."""
    import boardgames_tui.ui.app as ui_app
    calls = []
    monkeypatch.setattr(ui_app, "run_app", lambda match=None, **kw: calls.append((match, kw)))
    return calls


def test_play_builds_the_match(fake, captured, capsys):
    code, out, err = run_cli(capsys, "play", "fakecards", "--names", "Ann,Bob,Cy", "--bots", "2",
                             "--seed", "9", "--option", "rounds=3", "--open")
    assert code == 0, err
    (m, kw), = captured
    assert kw == {}
    assert [s.name for s in m.seats] == ["Ann", "Bob", "Cy"]
    assert [s.is_bot for s in m.seats] == [False, True, False]
    assert m.seed == 9 and m.options == {"rounds": "3", "table": "small"} and m.open_info


def test_demo_is_all_bots(fake, captured, capsys):
    code, out, err = run_cli(capsys, "demo", "fakecards", "--delay", "0.1", "--seed", "2")
    assert code == 0, err
    (m, kw), = captured
    assert kw == {"demo": True, "delay": 0.1, "exit_at_end": False}
    assert len(m.seats) == 3 and all(s.is_bot for s in m.seats)  # 4 does not fit a small table


def test_demo_exit_at_end_is_passed_on_and_a_game_without_its_own_pace_gets_the_default(fake, captured, capsys):
    from boardgames_tui import cli
    code, out, err = run_cli(capsys, "demo", "fakecards", "--seed", "2", "--exit-at-end")
    assert code == 0, err
    (m, kw), = captured
    assert kw == {"demo": True, "delay": cli.DEMO_DELAY_DEFAULT, "exit_at_end": True}
    assert {s.level for s in m.seats} == {cli.DEMO_LEVEL}


def test_resume_takes_the_newest_unfinished_autosave(fake, captured, capsys, tmp_path):
    import time
    from boardgames_tui.engine import save as S
    from boardgames_tui.engine.session import Match
    from boardgames_tui.engine.store import default_store
    older = Match.new("fakecards", seats(2), 1)
    older.choose("end")
    default_store().sync(older)
    time.sleep(0.01)
    done = Match.new("fakecards", seats(2), 2, {"rounds": "1"})
    done.choose("end")
    done.choose("end")
    assert done.is_over()
    default_store().sync(done)
    code, out, err = run_cli(capsys, "resume")
    assert code == 0, err
    (m, kw), = captured
    assert m.match_id == older.match_id and m.choices == ["end"]
    captured.clear()
    S.save(done, tmp_path / "done.json")
    run_cli(capsys, "resume", str(tmp_path / "done.json"))
    assert captured[0][0].choices == done.choices and captured[0][0].is_over()


def test_resume_without_autosaves_is_a_usage_error(fake, captured, capsys):
    code, out, err = run_cli(capsys, "resume")
    assert code == 2 and "no saved game to resume" in err and not captured
