"""Imperial's and Utopia's policies name the factors behind every pick: a hint at any decision of a
handled kind with a choice to make gives a short, printable reason of the policy's own."""
from __future__ import annotations

import pytest

from boardgames_tui.bots.hint import hint
from boardgames_tui.bots.policies import policy_for
from boardgames_tui.engine.registry import get_game

from test_honesty import positions


@pytest.mark.parametrize("name", ["imperial", "utopia"])
def test_every_handled_kind_names_its_reason(name):
    game = get_game(name)
    handled = policy_for(name).HANDLED_KINDS
    met: set[str] = set()
    for k, (st, d) in enumerate(positions(game, 57, 400)):
        if d.kind not in handled or len(d.options) < 2:
            continue
        h = hint(game, st, d, k)
        assert h.named, f"{name} at {d.kind}: {h.reason}"
        assert 0 < len(h.reason) <= 70 and h.reason.isprintable(), f"{name} at {d.kind}: {h.reason!r}"
        met.add(d.kind)
    assert met == set(handled) - _RARE[name], sorted(set(handled) - met)


# kinds random play seldom reaches with a choice to make (the positions are random games)
_RARE = {"imperial": {"opening"}, "utopia": {"target"}}


def test_imperials_opening_names_its_reason():
    """The experienced opening (bonds bought in turn) comes only at a game's start, with its option."""
    game = get_game("imperial")
    kinds = set()
    for seed in range(6):
        st = game.new_game(["A", "B", "C"], seed, {"opening": "experienced"})
        for k in range(8):
            d = game.cached_decision(st)
            h = hint(game, st, d, k)
            if len(d.options) > 1:
                kinds.add(d.kind)
                assert h.named and len(h.reason) <= 70, h.reason
            game.apply(st, h.key)
    assert "opening" in kinds

