"""Bots never cheat: with the same seeds, a bot's choice must not
change when the other players' hidden holdings are replaced by others
consistent with its view.  Run over many random positions of every game, at
every level.  (The random bot looks at nothing but its options; easy and
hard bots read a determinization, which must depend only on the view: the
conformance suite checks that directly.)"""
from __future__ import annotations

import random

import pytest

from boardgames_tui.bots.base import ask
from boardgames_tui.bots.levels import LEVELS, make_bot
from boardgames_tui.engine.registry import GAMES, get_game

POSITIONS = 12     # random positions per game and level
SMALL = {"iterations": 12, "rollout": 12}   # a hard bot small enough for a test, same code


def positions(game, seed: int, count: int):
    """(state, decision) at ``count`` random points of seeded random games."""
    r = random.Random(seed)
    found = 0
    g = 0
    while found < count:
        lo, hi = game.player_range(game.options_with_defaults({}))
        n = r.randint(lo, hi)
        st = game.new_game([f"P{i}" for i in range(n)], seed * 100 + g, {})
        g += 1
        stop = r.randint(5, 400)
        for i in range(stop):
            d = game.cached_decision(st)
            if d is None:
                break
            if i == stop - 1 or (len(d.options) > 1 and r.random() < 0.03):
                if len(d.options) > 1:
                    yield st, d
                    found += 1
                    if found >= count:
                        return
            game.apply(st, r.choice(d.options).key)


@pytest.mark.parametrize("level", LEVELS)
@pytest.mark.parametrize("name", sorted(GAMES))
def test_a_bots_choice_ignores_what_it_cannot_see(name, level):
    game = get_game(name)
    for k, (st, d) in enumerate(positions(game, 11, POSITIONS)):
        other = game.determinize(st, d.player, random.Random(1000 + k))
        d2 = game.cached_decision(other)
        assert [o.key for o in d2.options] == [o.key for o in d.options]
        kw = SMALL if level == "hard" else {}
        mine = ask(make_bot(level, 5 + k, game, **kw), game, st, d)
        theirs = ask(make_bot(level, 5 + k, game, **kw), game, other, d2)
        assert mine == theirs, (f"{name} {level}: the choice at {d.kind} changed with the others' hidden "
                                f"holdings ({mine} vs {theirs})")
