"""h at the game screen: the easy policy's pick, labelled Hint:, highlighted, never applied, gone with
its decision."""
from __future__ import annotations

import random

import pytest

from boardgames_tui.bots.hint import hint
from boardgames_tui.engine.registry import GAMES
from boardgames_tui.engine.session import Match, Seat
from boardgames_tui.ui.app import BoardgamesApp
from ui_helpers import notes, settle


def one_human(game: str, players: int, seed: int, choices: int) -> Match:
    """Seat 0 human, the rest bots; random choices until the human decides with options to weigh."""
    seats = [Seat("Ann")] + [Seat(f"Bot {i}", kind="bot", level="easy") for i in range(1, players)]
    m = Match.new(game, seats, seed)
    r = random.Random(seed)
    for _ in range(choices):
        m.choose(r.choice(m.decision().options).key)
    while (d := m.decision()) is not None and (d.player != 0 or len(d.options) < 2):
        m.choose(r.choice(d.options).key)
    return m


@pytest.mark.parametrize("game", sorted(GAMES))
async def test_h_shows_the_hint_and_applies_nothing(game):
    m = one_human(game, 2, 4, 30)
    d = m.decision()
    want = hint(m.game, m.state, d, len(m.history), m.plan_start())   # as the screen asks it
    app = BoardgamesApp(m)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        screen = app.screen
        if screen.curtain_for is not None:
            await pilot.press("enter")
            await settle(pilot)
        before = list(m.choices)
        await pilot.press("h")
        await settle(pilot)
        line = screen.query_one("#hint")
        assert line.display and str(line.render()).startswith("Hint: ")
        assert want.label in str(line.render()) or want.label[:20] in str(line.render())
        assert screen.picker.highlighted_option().key == want.key
        assert m.choices == before                      # shown, never applied
        await pilot.press("enter")                      # the player takes it
        await settle(pilot)
        assert m.choices[len(before)] == want.key
        assert not line.display or screen._hint[0] == len(m.history)


async def test_no_hint_when_it_is_not_your_decision():
    seats = [Seat("Bot", kind="bot", level="easy"), Seat("Ann")]
    m = Match.new("phoenicia", seats, 2)
    while m.decision().player != 0:
        m.choose(m.decision().options[0].key)
    app = BoardgamesApp(m, delay=10.0)   # the bot's turn lasts the whole test
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await pilot.press("h")
        await settle(pilot)
        assert any("No hint now" in n for n in notes(app))
