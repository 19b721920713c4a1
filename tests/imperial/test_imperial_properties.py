"""Random games: invariants after every choice, the log of automatic steps, prompts that name the power."""
from __future__ import annotations

import json
import random

import pytest

from boardgames_tui.games.imperial import data as D
from boardgames_tui.games.imperial.rules import GAME

from imperial_helpers import NAMES, check_invariants

PROMPT_HEADS = tuple(f"{n}:" for n in D.POWER_NAMES) + (
    "Investor card (", "Swiss bank (", "Swiss bank:", "After ", "Opening (", "Invest in ", "Pay into a treasury (")


def random_game(n, seed, options=None, each=None):
    s = GAME.new_game(NAMES[:n], seed, options)
    r = random.Random(seed)
    made = 0
    while (d := GAME.cached_decision(s)) is not None:
        if each:
            each(s, d)
        GAME.apply(s, r.choice(d.options).key)
        made += 1
        assert made < 20_000
    return s, made


@pytest.mark.parametrize("n,seed,options", [
    (2, 1, None), (3, 2, None), (4, 3, None), (5, 4, None), (6, 5, None),
    (4, 6, {"opening": "experienced"}), (6, 7, {"investor_card": "no"}),
    (3, 8, {"opening": "experienced", "investor_card": "no"}),
])
def test_random_games_keep_the_invariants(n, seed, options):
    seen_kinds = set()

    def each(s, d):
        check_invariants(s)
        assert d.prompt.startswith(PROMPT_HEADS), d.prompt
        assert not d.private
        assert len(set(d.keys())) == len(d.options)
        seen_kinds.add(d.kind)

    s, made = random_game(n, seed, options, each)
    check_invariants(s)
    assert s.end_reason.endswith("reached 25 power points")
    assert max(s.power_points) == 25
    assert {"rondel", "maneuver", "destination", "invest"} <= seen_kinds
    text = "\n".join(e.text for e in s.log)
    for auto in ("Production:", "Taxation:", "Soldiers' pay", "gains"):
        assert auto in text, auto
    if (options or {}).get("investor_card") != "no":
        assert "holds the investor card and takes 2M" in text and "pays interest" in text
    v = GAME.view(s, 0)
    assert json.loads(json.dumps(v)) == v
    assert v["winners"] == GAME.winners(s)


def test_notes_are_the_rules_file():
    notes = GAME.rules_notes()
    assert notes.startswith("# Imperial") and "## Known gaps" in notes and "## House data" in notes
