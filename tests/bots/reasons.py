"""What the test_reasons_<game> files check: at random positions of seeded random games, the hint at
every decision the policy handles (with more than one option) gives the policy's own pick with a reason
it named, one printable line of at most ``LONGEST`` characters, and every handled kind is met (a kind
the random positions miss, such as Evolution's rare Horns question, is looked for in whole random games)."""
from __future__ import annotations

import random

from boardgames_tui.bots.hint import hint
from boardgames_tui.bots.policies import policy_for
from boardgames_tui.engine.registry import get_game

from test_honesty import positions

LONGEST = 70
SEEK_GAMES = 300     # whole random games searched for a kind the random positions missed


def first_of_kinds(game, seed: int, kinds: set[str]):
    """(state, decision) at the first decision of each kind in ``kinds`` (with more than one
    option) met in seeded random games."""
    left = set(kinds)
    for g in range(SEEK_GAMES):
        if not left:
            return
        r = random.Random(seed * 1000 + g)
        lo, hi = game.player_range(game.options_with_defaults({}))
        st = game.new_game([f"P{i}" for i in range(r.randint(lo, hi))], seed * 1000 + g, {})
        while (d := game.cached_decision(st)) is not None:
            if d.kind in left and len(d.options) > 1:
                left.discard(d.kind)
                yield st, d
            game.apply(st, r.choice(d.options).key)


def check_reasons(name: str, seed: int, count: int) -> dict[str, int]:
    game = get_game(name)
    policy = policy_for(name)
    met: dict[str, int] = {}

    def seen():
        yield from positions(game, seed, count)
        yield from first_of_kinds(game, seed, set(policy.HANDLED_KINDS) - set(met))

    for k, (st, d) in enumerate(seen()):
        if d.kind not in policy.HANDLED_KINDS:
            continue
        h = hint(game, st, d, k)
        where = f"{name} at {d.kind}: {h.line()!r}"
        assert h.named, where
        assert 0 < len(h.reason) <= LONGEST and h.reason.isprintable(), where
        # the reason does not change the pick: the hint is what the easy policy chooses there
        rng = random.Random(f"hint:{k}")
        world = game.determinize(st, d.player, rng)
        assert h.key == policy.choose(game, world, game.cached_decision(world), rng), where
        met[d.kind] = met.get(d.kind, 0) + 1
    assert set(met) == set(policy.HANDLED_KINDS), f"kinds never met: {set(policy.HANDLED_KINDS) - set(met)}"
    return met
