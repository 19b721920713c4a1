"""Issue 39 at 80x24, Imperial: the rondel choice shows the deciding power's treasury, power points
and what a taxation would give it now; at 6 players every player's bonds are on screen, none cut;
the top bar keeps the round whatever the names.  Asserted on the lines the widgets draw."""
from __future__ import annotations

import re

import pytest

from boardgames_tui.bots.base import ask
from boardgames_tui.bots.levels import make_bot
from boardgames_tui.engine.session import Match, Seat
from boardgames_tui.games.imperial import data as D
from boardgames_tui.ui.app import BoardgamesApp
from boardgames_tui.ui.screens.game import GameScreen
from ui_helpers import settle

pytestmark = pytest.mark.ui

NAMES = ["Ada", "Bruno", "Chloé", "Dario", "Emma", "Fritz"]
COLOURS = ["red", "blue", "green", "yellow", "magenta", "cyan"]
LETTER = dict(zip(D.POWERS, D.POWER_LETTERS))


def played(players: int, seed: int, choices: int, kind: str | None = None, names=NAMES) -> Match:
    """A hot-seat game of ``players`` humans after ``choices`` choices of easy bots, then on to the
    next decision of ``kind``."""
    m = Match.new("imperial", [Seat(names[i], COLOURS[i]) for i in range(players)], seed)
    bots = [make_bot("easy", seed + i, m.game) for i in range(players)]
    k = 0
    while (d := m.decision()) is not None and (k < choices or (kind is not None and d.kind != kind)):
        m.choose(ask(bots[d.player], m.game, m.state, d))
        k += 1
    assert m.decision() is not None, "the game ended first"
    return m


def drawn(widget) -> list[str]:
    """The lines ``widget`` draws, as text (its whole height)."""
    return [widget.render_line(y).text.rstrip() for y in range(widget.size.height)]


def on_screen(app, widget) -> bool:
    return 0 <= widget.region.y and widget.region.bottom <= app.size.height and widget.region.right <= app.size.width


def bond_pieces(bonds: list[dict]) -> list[str]:
    """``A9,4``: a player's bonds of one power, as the head draws the others'."""
    by: dict[str, list[int]] = {}
    for b in bonds:
        by.setdefault(b["power"], []).append(b["cost"])
    return [LETTER[p] + ",".join(str(c) for c in costs) for p, costs in by.items()]


RONDEL_POSITIONS = [(3, 7, 0), (3, 11, 60), (3, 12, 140), (6, 3, 90), (6, 3, 200), (6, 8, 150)]


@pytest.mark.parametrize("players,seed,choices", RONDEL_POSITIONS)
async def test_the_rondel_choice_shows_the_powers_treasury_points_and_tax(players, seed, choices):
    m = played(players, seed, choices, "rondel")
    d = m.decision()
    v = m.view(d.player)
    pw = next(p for p in v["powers"] if p["code"] == v["acting_for"])
    gain = D.tax_space(pw["tax_now"])           # a taxation now: the tax chart's space, as many points
    app = BoardgamesApp(m, delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, 5)
        screen = app.screen
        assert isinstance(screen, GameScreen) and screen.curtain_for is None
        head = screen.board.query_one("#map-head")
        assert on_screen(app, head)
        prompt = screen.query_one("#prompt")
        assert "choose a rondel space" in drawn(prompt)[0]
        lines = drawn(head)
        # right under the prompt: whose turn, then that power's numbers on one line
        assert head.region.y == prompt.region.bottom
        assert lines[0].startswith(f"Round {m.round_number()} · {pw['name']}'s turn"), lines
        assert re.fullmatch(rf"{pw['code']} treasury {pw['treasury']}M · {pw['power_points']}pp ×{pw['factor']}"
                            rf" · tax (now )?{pw['tax_now']}M → \+{gain}pp", lines[1]), lines
        # the numbers are the rules' own
        p = D.POWER_INDEX[pw["code"]]
        assert pw["treasury"] == m.state.treasury[p] and pw["power_points"] == m.state.power_points[p]
        assert pw["tax_now"] == m.game.tax_revenue(m.state, p)


@pytest.mark.parametrize("seed,choices,kind", [(3, 200, "rondel"), (3, 150, "maneuver"), (4, 120, "invest"),
                                               (8, 170, None), (9, 190, None)])
async def test_six_players_every_players_bonds_are_on_screen_uncut(seed, choices, kind):
    m = played(6, seed, choices, kind)
    d = m.decision()
    v = m.view(d.player)
    assert sum(len(pl["bonds"]) for pl in v["players"]) >= 12     # a game well under way
    app = BoardgamesApp(m, delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, 5)
        head = app.screen.board.query_one("#map-head")
        assert on_screen(app, head)
        lines = drawn(head)
        text = "\n".join(lines)
        assert "…" not in text, text
        assert all(len(ln) <= head.content_region.width for ln in lines)
        me = d.player
        # the decider: his cash, then his bonds in full on their own line
        assert f"{NAMES[me]}◀ {v['players'][me]['cash']}M cash" in text
        at = next(i for i, ln in enumerate(lines) if ln.startswith("bonds "))
        assert lines[at] in ("bonds " + long_form(v["players"][me]["bonds"]),
                             "bonds " + " ".join(bond_pieces(v["players"][me]["bonds"]))), lines[at]
        # then every other player: a piece of a line each, or a line and its indented follow-ups
        summaries: list[str] = []
        for ln in lines[at + 1:]:
            if ln.startswith("   "):
                summaries[-1] += " " + ln.strip()
            else:
                summaries += ln.split(" · ")
        assert len(summaries) == 5, summaries
        for summary in summaries:
            words = summary.split()
            q = ord(words[0][1]) - ord("A")
            pl = v["players"][q]
            assert words[1] == f"{pl['cash']}M"
            extra = pl["governs"] + (["Swiss"] if pl["swiss_bank"] else []) + (["card"] if pl["investor_card"] else [])
            assert words[2:] == extra + bond_pieces(pl["bonds"]), (summary, pl)


def long_form(bonds: list[dict]) -> str:
    """``A 9M 4M · G 2M``: the decider's bonds by power."""
    return " · ".join(f"{piece[0]} " + " ".join(f"{c}M" for c in piece[1:].split(",")) for piece in bond_pieces(bonds))


async def test_the_top_bar_keeps_the_round_with_six_long_names():
    names = [f"Maximiliana {n}" for n in NAMES]
    m = played(6, 3, 90, "rondel", names=names)
    app = BoardgamesApp(m, delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, 5)
        banner = app.screen.query_one("#banner")
        line = drawn(banner)[0]
        assert line.endswith(f"│ Imperial · round {m.round_number()}"), line
        assert f"Maximiliana {NAMES[m.decision().player]}" in line and "…" in line     # the rest cut instead
        await pilot.resize_terminal(110, 30)                 # room for it all: drawn again, whole
        await settle(pilot, 5)
        line = drawn(banner)[0]
        assert line.endswith(f"│ Imperial · round {m.round_number()}") and "…" not in line, line
        assert "to decide for " in line


def test_a_summary_longer_than_a_line_goes_on_indented_and_whole():
    """Packing the others: two on a line when they fit; one longer than the line broken between its
    pieces, its follow-up indented; no piece cut."""
    from rich.text import Text

    from boardgames_tui.games.imperial.screen import ImperialBoard

    def parts(*words: str) -> list[Text]:
        return [Text(w) for w in words]

    lines = ImperialBoard._pack_others([parts("●A 4M", "A9"), parts("■B 2M AH", "F9"),
                                        parts("▲C 10M GE IT card", "A2,4,6,9", "I12,16", "F20,25", "B30"),
                                        parts("◆D 1M", "R2")], 28)
    assert [t.plain for t in lines] == ["●A 4M A9 · ■B 2M AH F9",
                                        "▲C 10M GE IT card A2,4,6,9",
                                        "   I12,16 F20,25 B30",
                                        "◆D 1M R2"]
