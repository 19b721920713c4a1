"""Imperial in the generic game screen: the banner names the power a player
decides for, a maneuver made with the map's cursor, every place reachable
with the arrows, the map whole at 160x48, and a whole bot game."""
from __future__ import annotations

import io
import re

import pytest
from rich.console import Console

from boardgames_tui.bots.random_bot import RandomBot
from boardgames_tui.engine.session import Match, Seat
from boardgames_tui.games.imperial import data as D
from boardgames_tui.games.imperial.screen import SELECTED_MARK
from boardgames_tui.ui.app import BoardgamesApp
from boardgames_tui.ui.screens.game import GameScreen
from boardgames_tui.ui.widgets.map_canvas import CURSOR_MARK, TARGET_MARK
from ui_helpers import choose_on_board, head_line, key_path, region_mark, scores_shown, settle, wait_for

def rich_text(renderable) -> str:
    """What a Rich renderable draws, as plain text."""
    console = Console(width=100, file=io.StringIO(), color_system=None)
    with console.capture() as cap:
        console.print(renderable)
    return cap.get()


NAMES = ["Ada", "Bruno", "Chloé", "Dario", "Emma", "Fritz"]
COLOURS = ["red", "blue", "green", "yellow", "magenta", "cyan"]


def imp_match(players: int = 3, kinds: tuple[str, ...] | None = None, seed: int = 5) -> Match:
    kinds = kinds or ("human",) * players
    seats = [Seat(n, c, k) for n, c, k in zip(NAMES, COLOURS, kinds)]
    return Match.new("imperial", seats, seed)


def advance(m: Match, until, bot_seed: int = 1, limit: int = 5000) -> None:
    bot = RandomBot(bot_seed)
    for _ in range(limit):
        if until(m):
            return
        d = m.decision()
        assert d is not None, "game ended first"
        m.choose(bot.choose(d))
    raise AssertionError("position not reached")


def banner_text(app) -> str:
    return str(app.screen.query_one("#banner").render())


def head_text(app) -> str:
    return str(app.screen.board.query_one("#map-head").render())


async def test_the_banner_names_the_power_and_the_head_who_governs_what():
    """The head above the map: whose turn, the decider marked ◀ with his cash, every governed power."""
    m = imp_match()
    app = BoardgamesApp(m, delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        for _ in range(6):  # a few rondel choices: the power changes, so does the banner
            v = m.view(None)
            power = D.POWER_NAMES[D.POWER_INDEX[v["acting_for"]]]
            assert f"{m.seats[m.decision().player].name}" in banner_text(app)
            assert f"to decide for {power}" in banner_text(app)
            head = head_text(app)
            assert f"{power}'s turn" in head
            for _q, pl in enumerate(v["players"]):
                assert all(code in head for code in pl["governs"])
            # the deciding player is marked in the head
            q = m.decision().player
            assert f"{chr(ord('A') + q)} {m.seats[q].name}◀ {v['players'][q]['cash']}M cash" in head
            await pilot.press("enter")
            await settle(pilot)


async def test_a_maneuver_by_cursor_picks_the_unit_then_its_destination():
    m = imp_match()
    advance(m, lambda m: m.decision().kind == "maneuver"
            and any(o.key.startswith("army:") for o in m.decision().options))
    d = m.decision()
    s = m.state
    p = s.steps[-1].power
    unit = next(o for o in d.options if o.key.startswith("army:"))
    frm = unit.target[1]
    app = BoardgamesApp(m, delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        screen = app.screen
        assert isinstance(screen, GameScreen)
        await choose_on_board(pilot, screen, unit.key)
        d = m.decision()
        assert d.kind == "destination"
        canvas = screen.board.canvas
        source = canvas.get_region(("region", frm))
        assert source.mark == SELECTED_MARK
        dests = [o for o in d.options if o.key.startswith("to:")]
        assert dests
        for o in dests:  # every destination is marked on the map
            assert canvas.is_target(canvas.region_for_target(o.target))
            assert region_mark(canvas, canvas.region_for_target(o.target)) in (TARGET_MARK, CURSOR_MARK)
        dest = dests[-1]
        to = dest.target[1]
        before_from, before_to = s.armies[frm][p], s.armies[to][p]
        await choose_on_board(pilot, screen, dest.key)
        assert m.choices[-1] == dest.key
        assert m.state.armies[frm][p] == before_from - 1
        assert m.state.armies[to][p] >= before_to  # a battle on arrival may remove it again
        assert any(f"from {D.REGION_NAMES[frm]} to {D.REGION_NAMES[to]}" in line
                   for line in screen.log_widget.shown_lines)


async def test_every_region_rondel_space_power_and_bond_is_reached_with_the_arrows():
    m = imp_match(players=6)
    advance(m, lambda m: m.round_number() >= 4)
    app = BoardgamesApp(m, delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        canvas = app.screen.board.canvas
        start = ("rondel", 0)
        goals = ([("region", r) for r in range(D.N_REGIONS)] + [("rondel", i) for i in range(D.N_SPACES)]
                 + [("power", p) for p in range(D.N_POWERS)]
                 + [("bond", p, b) for p in range(D.N_POWERS) for b in range(D.N_BONDS)])
        for goal in goals:
            key_path(canvas, start, goal)
            key_path(canvas, goal, start)


async def test_the_whole_map_is_in_view_at_160x48():
    """A 6-player game in its middle: the rondel and every region of the map
    on screen without scrolling, each region's label and units whole."""
    m = imp_match(players=6)
    advance(m, lambda m: m.round_number() >= 12)
    app = BoardgamesApp(m, delay=0)
    async with app.run_test(size=(160, 48)) as pilot:
        await settle(pilot)
        canvas = app.screen.board.canvas
        canvas.scroll_to(0, 0, animate=False, immediate=True)
        await settle(pilot)
        view = m.view(None)
        for r in range(D.N_REGIONS):
            region = canvas.get_region(("region", r))
            b = region.bounds
            assert b.right <= canvas.scrollable_content_region.width, D.REGIONS[r].key
            assert b.bottom <= canvas.scrollable_content_region.height, D.REGIONS[r].key
            label = head_line(canvas, region)
            assert D.REGIONS[r].abbr in label or D.REGIONS[r].name in label
            shown = " ".join(str(t) for t in region.text)
            for u in view["regions"][r]["units"]:
                letter = D.POWER_LETTERS[D.POWER_INDEX[u["power"]]]
                if u["armies"]:
                    assert f"{letter}{u['armies']}a" in shown
                if u["fleets"]:
                    assert f"{letter}{u['fleets']}f" in shown


async def test_a_rondel_move_picked_on_the_board():
    m = imp_match()
    app = BoardgamesApp(m, delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        screen = app.screen
        p = m.state.steps[-1].power
        await choose_on_board(pilot, screen, "space:import")
        assert m.state.rondel[p] == D.IMPORT


@pytest.mark.parametrize("players", [2, 6])
async def test_imperial_bots_play_a_whole_game(players):
    m = imp_match(players=players, kinds=("bot",) * players, seed=21)
    app = BoardgamesApp(m, delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for(pilot, lambda: scores_shown(app), tries=3000)
        await settle(pilot)
        assert m.is_over()
        scores, winners = m.scores(), m.winners()
        # the table as drawn: a row per player, best first, with his score and the winners marked
        rows = [ln for ln in rich_text(app.screen.query_one("#score-table").content).splitlines()
                if any(n in ln for n in NAMES[:players])]
        assert len(rows) == players
        order = sorted(range(players), key=lambda i: (-scores[i], i))
        for ln, i in zip(rows, order):
            assert NAMES[i] in ln and f" {scores[i]} " in ln, (ln, NAMES[i], scores[i])
            assert ("★ winner" in ln) == (i in winners), ln
        await pilot.press("b")  # back to the final board
        await settle(pilot)
        assert isinstance(app.screen, GameScreen)
        head = head_text(app)
        assert all(re.search(rf"winner \S{chr(65 + w)} {NAMES[w]}", head) for w in winners), head
        assert head.count("winner") == len(winners), head
        view = m.view(None)
        reason = view["end_reason"]
        assert f" · {reason} · winner" in head, head
        if reason != "no power has a government":          # else a power reached 25 and is named
            top = next(pw for pw in view["powers"] if reason == f"{pw['name']} reached {D.WIN_POWER_POINTS} power points")
            assert top["power_points"] >= D.WIN_POWER_POINTS


async def test_the_new_game_form_offers_the_variants_and_no_curtain_switch():
    """Imperial hides nothing: no open-information checkbox; its two options
    are offered with their labels whole, and a game starts with them."""
    from textual.widgets import Checkbox, Label, Select

    app = BoardgamesApp()
    async with app.run_test(size=(80, 24)) as pilot:
        app.show_new_game("imperial")
        await settle(pilot)
        assert not app.screen.query_one("#open-info", Checkbox).display
        labels = [lab for lab in app.screen.query(Label) if "form-label" in lab.classes]
        for lab in labels:
            assert lab.size.width > len(str(lab.render())), str(lab.render())  # a gap before the field
        app.screen.query_one("#opt-investor_card", Select).value = "no"
        app.screen.query_one("#opt-opening", Select).value = "experienced"
        await settle(pilot)
        await pilot.press("ctrl+s")
        await settle(pilot, 5)
        assert isinstance(app.screen, GameScreen)
        m = app.screen.match
        assert m.game.name == "imperial"
        assert m.state.options == {"opening": "experienced", "investor_card": "no"}
        assert m.decision().kind == "opening"
