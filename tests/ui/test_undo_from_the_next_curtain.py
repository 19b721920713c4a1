"""Undo on Board Game Arena's rule as written (issue 39): a choice may be taken back until the next
player has made one or something hidden was revealed, at one keyboard from the next player's
curtain too.  Evolution's "Done" (behind the next player's curtain) and Imperial's "End the
maneuver" (a game without curtains: the next power's decision is on screen)."""
from __future__ import annotations

import random

import pytest

from boardgames_tui.engine.session import Match, Seat
from boardgames_tui.ui.app import BoardgamesApp
from ui_helpers import notes, settle, wait_for

pytestmark = pytest.mark.ui

SEATS = (("Ada", "red"), ("Bruno", "blue"), ("Chloé", "green"))


def reach(game: str, seed: int, wanted) -> Match:
    """A 3-human match played at random up to a decision ``wanted(m, d)`` accepts."""
    for s in range(seed, seed + 40):
        m = Match.new(game, [Seat(n, c) for n, c in SEATS], s)
        r = random.Random(s)
        for _ in range(3000):
            d = m.decision()
            if d is None:
                break
            if len(d.options) > 1 and wanted(m, d):
                return m
            m.choose(r.choice(d.options).key)
    raise AssertionError(f"no such position in {game}")


def then_someone_else(m: Match, key: str) -> bool:
    """After ``key`` (and the forced choices after it) another player decides, nothing revealed."""
    t = Match.replay(m.game.name, m.seats, m.seed, m.options, m.choices)
    t.choose(key)
    t.play_forced()
    d = t.decision()
    return d is not None and d.player != m.decision().player and t.can_undo()[0]


async def press(pilot, key: str, until) -> None:
    await pilot.press(key)
    await wait_for(pilot, until, tries=3000)
    await settle(pilot)


async def test_evolution_done_taken_back_from_the_next_players_curtain():
    m = reach("evolution", 3, lambda m, d: d.get("done") is not None and d.private
              and "cards" in d.get("done").label and then_someone_else(m, "done"))
    ada = m.decision().player
    app = BoardgamesApp(m)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        screen = app.screen
        if screen.curtain_for is not None:
            await press(pilot, "enter", lambda: screen.curtain_for is None)
        n = len(m.history)
        await press(pilot, "e", lambda: len(m.history) > n)          # "Done: end your turn", cards in hand
        assert m.history[n].key == "done" and m.history[n].player == ada
        nxt = m.decision()
        assert nxt.player != ada and screen.curtain_for == nxt.player
        curtain = str(screen.query_one("#curtain").render())
        assert f"u takes back {m.seats[ada].name}'s last choice" in curtain
        await press(pilot, "u", lambda: len(m.history) == n)
        assert any(f"Undone: {m.seats[ada].name}'s last choice" in x for x in notes(app))
        # the keyboard was handed on: Ada's cards come behind her own curtain, whoever pressed u
        assert m.decision().player == ada and screen.curtain_for == ada
        await press(pilot, "enter", lambda: screen.curtain_for is None)
        o = screen.picker.highlighted_option()
        assert o is not None and o.key != "done"                            # Enter would not end it again


async def test_imperial_end_of_the_maneuver_taken_back_by_the_next_player():
    m = reach("imperial", 5, lambda m, d: d.get("done") is not None
              and d.get("done").label == "End the maneuver" and then_someone_else(m, "done"))
    mover = m.decision().player
    app = BoardgamesApp(m)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        screen = app.screen
        assert screen.picker.highlighted_option().key != "done"    # a fresh decision never highlights it
        n = len(m.history)
        await press(pilot, "e", lambda: len(m.history) > n)
        assert m.history[n].key == "done"
        assert m.decision().player != mover and screen.curtain_for is None   # open information: no curtain
        await press(pilot, "u", lambda: len(m.history) == n)
        assert m.decision().player == mover and m.decision().get("done") is not None
        # once the next player has chosen, the maneuver's end is final, and the refusal says why
        await press(pilot, "e", lambda: len(m.history) > n)
        k = len(m.history)
        screen.picker.choice_list.focus()
        await press(pilot, "enter", lambda: len(m.history) > k)
        await press(pilot, "u", lambda: len(m.history) == k)       # the next player's own choice goes back
        ok, why = m.can_undo()
        assert not ok and "has chosen since" in why
        await pilot.press("u")
        await settle(pilot)
        assert len(m.history) == k
        assert any(x.startswith("Cannot undo") and "has chosen since" in x for x in notes(app))
