"""Civilization's hints name the policy's own factors: at every handled decision with a choice the
reason is named (no generic fallback), one printable line of at most 70 characters."""
from __future__ import annotations

import itertools
import random

from boardgames_tui.bots.hint import hint
from boardgames_tui.bots.policies import policy_for
from boardgames_tui.engine.registry import get_game

from test_honesty import positions

# kinds every seeded walk below meets (battles and the rare cards come on top when they occur)
CORE = {"start", "city", "move", "move_to", "research", "culture", "place_start", "place_figure", "trade",
        "offer", "answer"}


def _walk(game, seed: int, per_kind: int):
    """(state, decision) at the first few decisions of each kind with a choice, in long seeded random
    games (battles, loot and culture cards come late)."""
    r = random.Random(seed)
    seen: dict[str, int] = {}
    for g in range(2):
        st = game.new_game([f"P{i}" for i in range(3)], seed * 10 + g, {})
        for _ in range(2500):
            d = game.cached_decision(st)
            if d is None:
                break
            if len(d.options) > 1 and seen.get(d.kind, 0) < per_kind:
                seen[d.kind] = seen.get(d.kind, 0) + 1
                yield st, d
            game.apply(st, r.choice(d.options).key)


def test_every_handled_pick_names_its_reason():
    game = get_game("civilization")
    handled = policy_for("civilization").HANDLED_KINDS
    met = set()
    # lazily: each position's state moves on after it is looked at
    for k, (st, d) in enumerate(itertools.chain(positions(game, 5, 40), _walk(game, 3, 3))):
        if d.kind not in handled:
            continue
        h = hint(game, st, d, k)
        met.add(d.kind)
        where = f"{d.kind}: {h.reason!r}"
        assert h.named, where
        assert 0 < len(h.reason) <= 70 and h.reason.isprintable(), where
    assert CORE <= met, CORE - met
    assert met & {"battle_card", "battle_front", "battle_wound", "loot", "rescue"}, met
