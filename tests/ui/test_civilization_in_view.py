"""Issue 39 at 80x24: your techs (by name, with their abilities) and your unit cards (with their
strengths) in view when you research and when you fight; a battle's result on the board until a key."""
from __future__ import annotations

import io
import re

import pytest
from rich.console import Console

from boardgames_tui.engine.session import Match, Seat
from boardgames_tui.games.civilization import data as D, texts as T
from boardgames_tui.ui.app import BoardgamesApp
from boardgames_tui.ui.screens.game import GameScreen
from test_civilization_ui import advance   # easy bots choose until the position
from ui_helpers import settle

pytestmark = pytest.mark.ui

SEATS = (("Ada", "red"), ("Bruno", "blue"), ("Chloé", "green"))


def civ_match(seed: int) -> Match:
    m = Match.new("civilization", [Seat(n, c) for n, c in SEATS], seed)
    m.open_info = True
    return m


def screen_lines(app) -> list[str]:
    """The screen as it is drawn, line by line (the compositor's last frame, as plain text)."""
    console = Console(file=io.StringIO(), width=80, record=True, color_system=None)
    console.print(app.screen._compositor.render_update(full=True))
    return console.export_text().splitlines()


def on_screen(app) -> str:
    """The board's part of the screen (its 48 columns at 80x24: the options and the log are beside it)
    as one line of words, so that a text wrapped over lines is found whole."""
    width = app.screen.board.size.width - 1          # the last column: the map's scroll bar
    return " ".join(" ".join(line[:width] for line in screen_lines(app)).split())


def strengths(m: Match, q: int) -> list[tuple[str, int]]:
    p = m.state.players[q]
    bonus = 1 if "Himeji Samurai Castle" in p.wonders else 0
    return [(D.UNIT_CARDS[u].type, T.unit_strength(u, p.ranks[D.UNIT_CARDS[u].type]) + bonus) for u in p.units]


def research_with_techs(m: Match) -> bool:
    d = m.decision()
    return (d is not None and d.kind == "research" and len(m.state.players[d.player].techs) >= 3
            and any(o.key.startswith("tech:") for o in d.options))


async def test_research_shows_your_techs_with_their_abilities_and_your_unit_strengths():
    m = civ_match(3)
    advance(m, research_with_techs, limit=6000)
    d = m.decision()
    me = m.state.players[d.player]
    app = BoardgamesApp(m, delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, 5)
        assert isinstance(app.screen, GameScreen)
        board = app.screen.board
        assert board.page_wanted()               # the page of techs and units in place of the map
        text = on_screen(app)
        # unit strengths: "units inf I 3 2 · cav I 1 ..." above the map, each card's strength
        head = next(line for line in screen_lines(app) if line.strip().startswith("units "))
        for kind, value in strengths(m, d.player):
            short = {"infantry": "inf", "cavalry": "cav", "artillery": "art", "aircraft": "air"}[kind]
            assert re.search(rf"{short} [IV]+ [\d ]*\b{value}\b", head), (kind, value, head)
        # techs by name, with their ability texts (the first ones of the page are in view)
        for name in me.techs:
            assert name in text
        shown = [t for t in me.techs if T.tech_abilities_text(D.TECH_INDEX[t])[:40] in text]
        assert shown, text
        # the highlighted tech's text in full on the page, not cut
        o = app.screen.picker.highlighted_option()
        assert o.target[0] == "tech"
        full = T.tech_abilities_text(D.TECH_INDEX[o.target[1]])
        assert full[-30:] in text


async def test_t_on_the_board_turns_the_page_to_the_map_and_back():
    m = civ_match(3)
    advance(m, research_with_techs, limit=6000)
    app = BoardgamesApp(m, delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, 5)
        board = app.screen.board
        assert board.page_wanted()
        board.focus()
        await settle(pilot)
        await pilot.press("t")
        await settle(pilot)
        assert not board.page_wanted() and board.canvas.get_region(("sq", (0, 0))) is not None
        await pilot.press("t")
        await settle(pilot)
        assert board.page_wanted()


def fighting(m: Match) -> bool:
    """A battle card to lay by a player for his own side, who has a battle ability."""
    d = m.decision()
    if d is None or d.kind != "battle_card" or m.state.battle is None:
        return False
    b = m.state.battle
    side = d.options[0].key and next(sd for sd in ("att", "def") if b.player(sd) == d.player)
    p = m.state.players[d.player]
    return b.owner(side) == d.player and any(
        a.when == D.BATTLE for t in p.techs for a in D.TECH_INDEX[t].abilities)


async def test_a_battle_shows_your_hand_with_strengths_and_your_battle_abilities():
    m = civ_match(3)
    advance(m, fighting, limit=20000)
    d = m.decision()
    me = m.state.players[d.player]
    b = m.state.battle
    side = next(sd for sd in ("att", "def") if b.player(sd) == d.player)
    app = BoardgamesApp(m, delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, 5)
        text = on_screen(app)
        from boardgames_tui.games.civilization import war
        for card in b.hands[side]:
            assert war.describe(m.state, b, side, card) in text      # "Spearman (infantry 3)"
        for name in me.techs:
            tech = D.TECH_INDEX[name]
            battle = [a for a in tech.abilities if a.when == D.BATTLE]
            if battle:
                assert name in text and T.ability_text(battle[0])[:30] in text
        for name in me.techs:
            assert name in text                                       # every tech by name beside the hand


def battle_ends_next(m: Match) -> bool:
    """The last card of a battle is to be laid on a front (the hands are otherwise empty)."""
    d = m.decision()
    b = m.state.battle
    return (d is not None and d.kind == "battle_front" and b is not None
            and len(b.hands["att"]) + len(b.hands["def"]) == 1)    # the card being laid is still in hand


async def test_the_battle_result_stays_on_the_board_until_a_key():
    m = civ_match(3)
    advance(m, battle_ends_next, limit=20000)
    app = BoardgamesApp(m, delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, 5)
        screen = app.screen
        screen.picker.choice_list.focus()
        await pilot.press("home", "enter")          # the last card: the battle ends
        await settle(pilot, 5)
        assert m.state.battle is None and m.state.last_battle is not None
        board = screen.board
        assert board.result_shown()
        text = on_screen(app)
        result = m.state.last_battle["result"]
        assert result[0] in text.replace("\n", " ") or result[0][:40] in text
        assert "wins" in result[0] or "win" in result[0]
        for sentence in result[1:]:
            assert sentence[0].isupper() and sentence.endswith(".")
            assert sentence[:25] in text
        log = [e.text for e in m.state.log]
        assert " ".join(result[1:]) in log                              # both sides' losses in the log
        d = m.decision()
        if d is not None and len(d.options) > 1:
            await pilot.press("down")                  # a key: the result makes way for the decision
            await settle(pilot, 3)
            assert not board.result_shown()
