"""The filter hands the keys back after a choice, prompts do not repeat the
player's name, and the rules screen draws from a per-process cache."""
from __future__ import annotations

from rich.text import Text

from boardgames_tui.engine.session import Match, Seat
from boardgames_tui.ui.app import BoardgamesApp
from boardgames_tui.ui.screens.game import GameScreen, prompt_text
from boardgames_tui.ui.screens.help import HelpScreen, RulesView, rendered_lines
from ui_helpers import settle, wait_for

NAMES = ["Ada", "Bruno", "Chloé"]
COLOURS = ["red", "blue", "green"]


def match(game: str, kinds=("human", "human", "human"), seed=5) -> Match:
    return Match.new(game, [Seat(n, c, k) for n, c, k in zip(NAMES, COLOURS, kinds)], seed)


def prompt_of(screen: GameScreen) -> str:
    r = screen.query_one("#prompt").render()
    return r.plain if isinstance(r, Text) else str(r)


def test_prompt_text_drops_a_leading_name():
    assert prompt_text("Ada: take a guest", "Ada") == "Take a guest"
    assert prompt_text("Auction: Ada bids 4", "Ada") == "Auction: Ada bids 4"
    assert prompt_text("Adam: pass", "Ada") == "Adam: pass"


async def test_after_a_choice_through_the_filter_u_undoes():
    m = match("evolution")
    app = BoardgamesApp(m)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        screen = app.screen
        if screen.curtain_for is not None:
            await pilot.press("enter")
            await settle(pilot)
        before = len(m.choices)
        await pilot.press("slash")
        await settle(pilot)
        assert screen.picker.filter_input.has_focus
        await pilot.press("enter")  # chooses the highlighted option from the filter
        await settle(pilot)
        assert len(m.choices) == before + 1
        if screen.curtain_for is None:
            assert screen.picker.choice_list.has_focus
            assert not screen.picker.filter_input.has_focus
            ok, _ = m.can_undo()
            if ok:
                await pilot.press("u")
                await settle(pilot)
                assert len(m.choices) == before
        assert screen.picker.filter_input.value == ""


async def test_bot_and_human_prompts_name_nobody_twice():
    m = match("utopia", kinds=("bot", "human", "human"))
    app = BoardgamesApp(m, delay=30)  # the bot's turn stays on screen
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        screen = app.screen
        d = m.decision()
        name = m.seats[d.player].name
        assert d.prompt.startswith(f"{name}: ")  # Utopia's prompts name the player
        shown = prompt_of(screen)
        assert name not in shown.split(":")[0], shown
        assert "(bot)" not in shown


async def test_rules_screen_is_drawn_from_the_cache():
    app = BoardgamesApp(match("phoenicia"))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        game = app.screen
        for _ in range(2):
            await pilot.press("question_mark")
            await wait_for(pilot, lambda: isinstance(app.screen, HelpScreen))
            await settle(pilot)
            view = app.screen.query_one(RulesView)
            assert view.line_count > 50
            text = "\n".join(s.text for s in view._lines)
            assert "Keys" in text and "House data" in text
            await pilot.press("escape")
            await settle(pilot)
            assert app.screen is game
        assert rendered_lines.cache_info().hits >= 1


async def test_filter_text_typed_in_one_burst_goes_into_the_filter():
    import key_fuzz_driver as kf

    app = BoardgamesApp(match("utopia"))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        screen = app.screen
        if screen.curtain_for is not None:
            await pilot.press("enter")
            await settle(pilot)
        await kf.burst(pilot, ["slash", "p", "e", "r"])
        await settle(pilot)
        assert screen.picker.filter_input.value == "per"
        assert all("per" in o.label.lower() or "per" in o.key for o in screen.picker.visible_options)
