"""Shared helpers for the UI tests (the fixtures are in conftest.py)."""
from __future__ import annotations

from boardgames_tui.engine.registry import GameEntry
from boardgames_tui.engine.session import Match, Seat

# The fake test game (tests/ui/ui_fakegame.py), registered by the fake_game fixture.
FAKE = GameEntry("fake", "ui_fakegame:GAME", None, "A tiny test game with hidden hands.")


def notes(app) -> list[str]:
    return [str(n.message) for n in app._notifications]


async def menu_to(pilot, option_id: str) -> None:
    """Move the menu highlight to ``option_id`` with the Down key."""
    lst = pilot.app.screen.query_one("#menu")
    for _ in range(lst.option_count + 1):
        if lst.highlighted_option is not None and lst.highlighted_option.id == option_id:
            return
        await pilot.press("down")
    raise AssertionError(f"menu option {option_id} not found")


def fake_match(kinds=("human", "human"), seed=3, **opts) -> Match:
    seats = [Seat(n, c, k) for n, c, k in zip(["Ada", "Bruno", "Chloé", "Dario"],
                                                 ["red", "blue", "green", "yellow"], kinds)]
    return Match.new("fake", seats, seed, opts or None)


async def settle(pilot, n: int = 3) -> None:
    for _ in range(n):
        await pilot.pause()


async def wait_for(pilot, cond, tries: int = 200, delay: float = 0.01) -> None:
    for _ in range(tries):
        if cond():
            return
        await pilot.pause(delay)
    raise AssertionError("condition not reached")


def evolution_available() -> bool:
    try:
        import boardgames_tui.games.evolution.rules  # noqa: F401
    except ImportError:
        return False
    return True
