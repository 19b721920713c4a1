"""The hint: a legal option, honest (the others' hidden holdings do not change it or its reason),
the easy policy's own pick, and quick."""
from __future__ import annotations

import random
import time

import pytest

from boardgames_tui.bots.hint import afterthought, hint
from boardgames_tui.bots.policies import Why, because, explain, explaining, policy_for, why
from boardgames_tui.engine.registry import GAMES, get_game

from test_honesty import positions


@pytest.mark.parametrize("name", sorted(GAMES))
def test_a_hint_ignores_what_its_player_cannot_see(name):
    game = get_game(name)
    for k, (st, d) in enumerate(positions(game, 23, 10)):
        h = hint(game, st, d, 100 + k)
        assert d.get(h.key) is not None and h.label == d.get(h.key).label and h.reason
        assert "\n" not in h.reason
        other = game.determinize(st, d.player, random.Random(7000 + k))
        h2 = hint(game, other, game.cached_decision(other), 100 + k)
        assert (h2.key, h2.reason) == (h.key, h.reason), f"{name} at {d.kind}"


@pytest.mark.parametrize("name", sorted(GAMES))
def test_a_hint_is_quick(name):
    game = get_game(name)
    took = []
    for k, (st, d) in enumerate(positions(game, 31, 8)):
        t = time.process_time()
        hint(game, st, d, k)
        took.append(time.process_time() - t)
    took.sort()
    assert took[len(took) // 2] < 0.05, took


def test_reasons_cost_nothing_outside_a_hint():
    calls = []
    assert not explaining()
    assert why(2.5, lambda: calls.append(1) or [(1.0, "x")]) == 2.5 and type(why(2.5, lambda: [])) is float
    assert not calls
    because("ignored")   # no hint asking: nowhere to go, no error


def test_explain_reads_the_named_factors():
    class Policy:
        @staticmethod
        def choose(game, state, decision, rng):
            from boardgames_tui.bots.policies import pick
            because("a rule of thumb")
            return pick([(why(1.0, lambda: [(1.0, "small")]), "a"),
                         (why(3.0, lambda: [(2.0, "your carnivore needs food"), (-1.5, "Horns cost you"),
                                            (1.5, "nothing protects it"), None, (0, "nothing")]), "b")],
                        rng)
    ex = explain(Policy, None, None, None, random.Random(1))
    s = ex.score_of("b")
    assert ex.key == "b" and isinstance(s, Why) and s == 3.0
    assert s.factors == ((2.0, "your carnivore needs food"), (-1.5, "Horns cost you"), (1.5, "nothing protects it"))
    assert ex.notes == ["a rule of thumb"]
    from boardgames_tui.bots.hint import reason_of
    text, named = reason_of(ex, None)
    assert named and text == "your carnivore needs food and nothing protects it, though Horns cost you"


def test_the_hint_is_the_easy_policys_pick():
    game = get_game("phoenicia")
    for k, (st, d) in enumerate(positions(game, 41, 10)):
        h = hint(game, st, d, k)
        rng = random.Random(f"hint:{k}")
        world = game.determinize(st, d.player, rng)
        assert h.key == policy_for("phoenicia").choose(game, world, game.cached_decision(world), rng)


def test_afterthought_only_for_clearly_worse_choices():
    game = get_game("evolution")
    said = quiet = 0
    for k, (st, d) in enumerate(positions(game, 5, 40)):
        h = hint(game, st, d, k)
        assert afterthought(h, h.key, d) is None              # the pick itself: nothing to say
        scores = {key: v for v, key in h.scored}
        for o in d.options:
            line = afterthought(h, o.key, d)
            if line is None:
                quiet += 1
                continue
            said += 1
            assert scores[o.key] < scores[h.key] and line.startswith(h.label) and "u takes it back" in line
            assert "\n" not in line
            # where undo will not work (a bot moves next), u is not offered
            final = afterthought(h, o.key, d, undoable=False)
            assert final is not None and "u takes" not in final and final == line.removesuffix(" u takes it back.")
    assert said and quiet


def test_a_never_option_does_not_stretch_the_range_a_mistake_is_measured_in():
    # Imperial's "pay own money into a treasury" scores -50: measured against it, choosing 1 where
    # 5 was best looked small (4 of a 55 range); among the ordinary options it is most of the range.
    from boardgames_tui.bots.hint import Hint
    from boardgames_tui.engine.core import Decision, Option

    d = Decision(0, "", "k", [Option("a", "Best"), Option("b", "Middle"), Option("c", "Poor"),
                              Option("pay", "Pay own money")])
    h = Hint("a", "Best", "it scores", scored=((5.0, "a"), (3.0, "b"), (1.0, "c"), (-50.0, "pay")))
    assert afterthought(h, "c", d) is not None          # 4 of the ordinary range of 4
    assert afterthought(h, "b", d) is not None          # 2 of 4: still clearly worse
    assert afterthought(h, "pay", d) is not None        # the never itself: measured in the whole range
    close = Hint("a", "Best", "it scores", scored=((5.0, "a"), (4.5, "b"), (1.0, "c"), (-50.0, "pay")))
    assert afterthought(close, "b", d) is None          # 0.5 of 4: close to the pick
