"""The bot framework: levels, the search on a game small enough to
solve, cancel and progress, simulate's rotated seats and intervals, the CLI's
--bots, and seat levels in save files."""
from __future__ import annotations

import json
import random
import time
from dataclasses import dataclass

import pytest

from boardgames_tui.bots.base import BotCancelled, Knowledge, ask, knowledge
from boardgames_tui.bots.levels import make_bot
from boardgames_tui.bots.ismcts import HardBot
from boardgames_tui.cli import main as cli
from boardgames_tui.engine import save
from boardgames_tui.engine.core import Decision, Game, Option
from boardgames_tui.engine.session import BOT, BOT_LEVELS, Match, Seat
from boardgames_tui.simulate import run, seat_levels, wilson


# -- a game small enough to solve: take 1 or 2 from a pile, who takes the last wins ----------
@dataclass
class Pile:
    left: int
    turn: int = 0
    last: int = -1
    round: int = 0


class Nim(Game):
    name = "nim-test"
    title = "Nim"
    hidden_information = False

    def new_game(self, names, seed, options=None):
        return Pile(7)

    def decision(self, s):
        if s.left == 0:
            return None
        opts = [Option(f"take:{k}", f"Take {k}", None, k) for k in (1, 2) if k <= s.left]
        return Decision(s.turn, "Take 1 or 2", "take", opts, private=False)

    def _apply(self, s, d, o):
        s.left -= o.value
        s.last = s.turn
        s.turn = 1 - s.turn

    def view(self, s, viewer):
        return {"left": s.left, "turn": s.turn}

    def scores(self, s):
        return [1 if s.last == p else 0 for p in range(2)]

    def winners(self, s):
        return [s.last] if s.left == 0 else []

    def determinize(self, s, viewer, rng):
        return self.clone(s)


NIM = Nim()


@pytest.mark.parametrize("left,best", [(4, "take:1"), (5, "take:2"), (7, "take:1"), (8, "take:2")])
def test_the_search_finds_the_winning_take(left, best):
    """From a pile of 3k+1 or 3k+2 the winning take leaves a multiple of 3 (the tree's search,
    both players' choices searched, as Imperial's is: against a perfect reply)."""
    s = Pile(left)
    bot = HardBot(NIM, seed=3, iterations=600, rollout=0, paired=False, opponents_by_policy=False)
    assert ask(bot, NIM, s, NIM.cached_decision(s)) == best
    root = bot.last_root
    assert root is not None and sum(c.real for c in root.children.values()) == 600


# -- Nim with a "back" that takes the last take back: the search must not loop on it ----------
@dataclass
class BackPile(Pile):
    taken: tuple = ()


class NimWithBack(Nim):
    name = "nim-back-test"

    def new_game(self, names, seed, options=None):
        return BackPile(7)

    def decision(self, s):
        d = super().decision(s)
        if d is not None and s.taken:
            d = Decision(d.player, d.prompt, d.kind, d.options + [Option("back", "Back")], private=False)
        return d

    def _apply(self, s, d, o):
        if o.key == "back":      # like a sub-decision's back: the decision before, again
            s.left += s.taken[-1]
            s.taken = s.taken[:-1]
            s.turn = 1 - s.turn
            return
        s.taken = s.taken + (o.value,)
        super()._apply(s, d, o)


def test_the_search_never_goes_back_and_the_game_ends():
    """A "back" looks to a search like a second try at the decision before, so it
    would be preferred for ever (Imperial's maneuvers looped so): it is not searched."""
    game = NimWithBack()
    s = game.new_game(["a", "b"], 1)
    bots = [HardBot(game, seed=i, iterations=200, rollout=0) for i in (1, 2)]
    moves = []
    while (d := game.cached_decision(s)) is not None and len(moves) < 20:
        key = ask(bots[d.player], game, s, d)
        moves.append(key)
        game.apply(s, key)
    assert "back" not in moves
    assert game.is_over(s) and len(moves) <= 7


def test_a_policy_may_name_the_choices_worth_searching(monkeypatch):
    bot = HardBot(NIM, seed=1, iterations=50, rollout=0)
    monkeypatch.setattr(bot, "_candidates", lambda game, world, d: ["take:2"])
    s = Pile(4)    # the winning take is 1, but the policy offers only 2
    assert ask(bot, NIM, s, NIM.cached_decision(s)) == "take:2"


def test_the_search_reports_progress_and_stops_when_told():
    s = Pile(9)
    seen = []
    bot = HardBot(NIM, seed=1, iterations=64, progress=lambda done, total: seen.append((done, total)))
    ask(bot, NIM, s, NIM.cached_decision(s))
    assert seen and seen[-1] == (64, 64) and all(t == 64 for _, t in seen)
    calls = []
    stopper = HardBot(NIM, seed=1, iterations=10_000, cancel=lambda: calls.append(1) or len(calls) > 5)
    with pytest.raises(BotCancelled):
        ask(stopper, NIM, s, NIM.cached_decision(s))
    assert len(calls) == 6  # stopped at once, not after the budget


class SlowNim(Nim):
    """Nim whose every choice takes 0.5 ms: a search of many iterations takes long."""
    name = "nim-slow-test"

    def _apply(self, s, d, o):
        time.sleep(0.0005)
        super()._apply(s, d, o)


def test_a_time_budget_stops_the_search_and_the_iterations_do_without_one():
    game = SlowNim()
    s = Pile(9)
    seen: list[tuple[int, int]] = []
    bot = HardBot(game, seed=1, iterations=100_000, seconds=0.3,
                  progress=lambda done, total: seen.append((done, total)))
    t = time.perf_counter()
    key = ask(bot, game, s, game.cached_decision(s))
    took = time.perf_counter() - t
    assert 0.3 <= took < 1.0                                      # stopped by the clock
    assert 0 < bot.last_iterations < 100_000 and key in ("take:1", "take:2")
    assert seen and seen[-1][0] >= seen[-1][1] * 0.2     # progress counts the time used
    untimed = HardBot(game, seed=1, iterations=40)
    ask(untimed, game, s, game.cached_decision(s))
    assert untimed.seconds is None and untimed.last_iterations == 40   # reproducible: iterations only


def test_a_bot_is_given_a_world_not_the_state():
    s = Pile(9)
    bot = make_bot("hard", 1, NIM, iterations=4)
    k = knowledge(bot, NIM, s, NIM.cached_decision(s))
    assert isinstance(k, Knowledge) and k.world is not s and k.world == s
    assert k.view is None  # the search reads its world, so no view is built for it


def test_levels_are_known_everywhere_and_unknown_ones_refused():
    from boardgames_tui.bots.levels import LEVELS
    assert tuple(LEVELS) == BOT_LEVELS
    with pytest.raises(ValueError, match="unknown bot level"):
        make_bot("genius", 1, NIM)


# -- simulate ---------------------------------------------------------------------------------
def test_levels_rotate_over_the_seats():
    assert [seat_levels(["hard", "random"], i) for i in range(3)] == [
        ["hard", "random"], ["random", "hard"], ["hard", "random"]]
    assert seat_levels(["hard", "easy", "easy", "easy"], 1) == ["easy", "hard", "easy", "easy"]


def test_wilson_interval():
    lo, hi = wilson(50, 100)
    assert round(lo, 3) == 0.404 and round(hi, 3) == 0.596
    assert wilson(0, 10)[0] == 0.0 and wilson(10, 10)[1] == 1.0


def test_simulate_counts_wins_per_level_over_rotated_seats():
    sim = run("imperial", 2, 4, seed=5, levels=["easy", "random"])
    t = sim.totals()["levels"]
    assert set(t) == {"easy", "random"}
    assert t["easy"]["seats"] == 4 and t["random"]["seats"] == 4
    assert t["easy"]["wins"] + t["random"]["wins"] == pytest.approx(4)
    assert [r.levels for r in sim.results] == [["easy", "random"], ["random", "easy"]] * 2
    lo, hi = t["easy"]["ci95"]
    assert lo <= t["easy"]["share"] <= hi
    assert t["easy"]["decisions"] > 0 and t["easy"]["think_p95_s"] >= t["easy"]["think_median_s"]


def test_simulate_command_takes_levels(capsys):
    assert cli(["simulate", "imperial", "--bots", "easy,random", "--games", "2", "--seed", "3", "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["levels"] == ["easy", "random"] and set(out["totals"]["levels"]) == {"easy", "random"}
    assert out["players"] == 2
    assert cli(["simulate", "imperial", "--bots", "easy,genius"]) == 2
    assert "--bots takes one level per seat" in capsys.readouterr().err
    assert cli(["simulate", "imperial", "--players", "3", "--bots", "easy,random"]) == 2
    assert "give one per seat" in capsys.readouterr().err


def test_play_command_seats_bots_with_levels():
    from boardgames_tui.cli import CliError, make_seats
    from boardgames_tui.engine.registry import get_game
    g = get_game("imperial")
    seats = make_seats(g, 3, None, "2=easy,3")
    assert [(s.kind, s.level) for s in seats] == [("human", "random"), (BOT, "easy"), (BOT, "hard")]
    with pytest.raises(CliError, match="level of seat 2"):
        make_seats(g, 3, None, "2=genius")


def test_a_seats_level_is_saved_and_a_bad_one_refused(tmp_path):
    m = Match.new("imperial", [Seat("Ann", "red"), Seat("Bob", "blue", BOT, "hard")], 4)
    path = tmp_path / "g.json"
    save.save(m, path)
    back = save.load(path)
    assert [(s.kind, s.level) for s in back.seats] == [("human", "random"), (BOT, "hard")]
    data = json.loads(path.read_text())
    data["players"][1]["level"] = "genius"
    path.write_text(json.dumps(data))
    with pytest.raises(save.SaveError, match="bot level"):
        save.load(path)


def test_an_easy_bot_is_reproducible():
    from boardgames_tui.engine.registry import get_game
    g = get_game("imperial")
    picks = []
    for _ in range(2):
        s = g.new_game(["A", "B", "C"], 9, {})
        bot = make_bot("easy", 4, g)
        r = random.Random(0)
        out = []
        for _ in range(60):
            d = g.cached_decision(s)
            k = ask(bot, g, s, d) if d.player == 0 else r.choice(d.options).key
            out.append(k)
            g.apply(s, k)
        picks.append(out)
    assert picks[0] == picks[1]


# -- the search keeps the policy's pick unless it finds better beyond its noise ---------------
def _child(key, results):
    from boardgames_tui.bots.ismcts import Node
    n = Node(key, 0)
    for r in results:
        n.visits += 1
        n.total += r
        n.real += 1
        n.real_total += r
        n.squares += r * r
    return n


def test_the_verdict_keeps_the_pick_over_noise_and_takes_a_clear_gain():
    from boardgames_tui.bots.ismcts import Node
    bot = HardBot(NIM, seed=1)
    root = Node()
    noisy = [1.0, 0.0] * 10                         # mean 0.5, very noisy
    root.children = {"a": _child("a", noisy), "b": _child("b", [1.0, 0.0] * 9 + [1.0, 1.0])}
    assert bot._verdict(root, {"a", "b"}, "a") == "a"  # b's 0.55 is within the noise
    root.children["b"] = _child("b", [0.9] * 20)      # b clearly better
    assert bot._verdict(root, {"a", "b"}, "a") == "b"
    root.children["b"] = _child("b", [0.9] * 3)       # ... but seen too rarely to trust
    assert bot._verdict(root, {"a", "b"}, "a") == "a"


def test_ranked_reads_the_policys_scores():
    from types import SimpleNamespace

    from boardgames_tui.bots.policies import pick, ranked

    def choose(game, state, decision, rng):
        pick([(0.1, "x")], rng)                       # a part weighed first: not the choice
        return pick([(1.0, "b"), (3.0, "c"), (2.0, "a")], rng)

    policy = SimpleNamespace(choose=choose)
    assert ranked(policy, None, None, None, random.Random(1)) == ("c", ["c", "a", "b"])
    by_rule = SimpleNamespace(choose=lambda g, s, d, r: "a")
    assert ranked(by_rule, None, None, None, random.Random(1)) == ("a", None)


def _root(children):
    from boardgames_tui.bots.ismcts import Node
    root = Node()
    root.children = {c.key: c for c in children}
    return root


def test_the_verdict_corrects_for_the_best_of_several_challengers():
    """Three challengers as good as the pick: the best of their noisy means beats the pick by
    chance far more often than one does (the winner's curse); the verdict's test over all of
    them together is fooled about 1 time in 20, not about 3 in 20."""
    bot = HardBot(NIM, seed=1)
    rng = random.Random(5)
    trials, switched = 2000, 0
    for _ in range(trials):
        kids = [_child(key, [float(rng.random() < 0.5) for _ in range(40)]) for key in "abcd"]
        switched += bot._verdict(_root(kids), set("abcd"), "a") != "a"
    assert switched / trials < 0.07
    # ... while a challenger clearly better is still taken
    kids = [_child("a", [1.0, 0.0] * 20), _child("b", [1.0, 0.0] * 20),
            _child("c", [1.0] * 35 + [0.0] * 5), _child("d", [1.0, 0.0] * 20)]
    assert bot._verdict(_root(kids), set("abcd"), "a") == "c"


def test_the_verdict_compares_paired_rounds_by_their_differences():
    """In paired rounds the luck of the deal is shared: a small gain hidden by it in the means
    shows in the differences round by round."""
    bot = HardBot(NIM, seed=1)
    rng = random.Random(2)
    luck = [rng.random() for _ in range(60)]
    a = _child("a", [x * 0.9 for x in luck])
    b = _child("b", [x * 0.9 + 0.03 for x in luck])
    assert bot._verdict(_root([a, b]), {"a", "b"}, "a") == "a"     # unpaired: within the noise
    a.rounds, b.rounds = [x * 0.9 for x in luck], [x * 0.9 + 0.03 for x in luck]
    assert bot._verdict(_root([a, b]), {"a", "b"}, "a") == "b"
    b.rounds = [x * 0.9 + (0.03 if i % 2 else -0.03) for i, x in enumerate(luck)]
    assert bot._verdict(_root([a, b]), {"a", "b"}, "a") == "a"     # no gain on average


def test_a_paired_search_plays_every_root_choice_once_a_round_in_the_same_world():
    s = Pile(7)
    bot = HardBot(NIM, seed=3, iterations=60, rollout=0, paired=True)
    assert ask(bot, NIM, s, NIM.cached_decision(s)) == "take:1"
    kids = bot.last_root.children
    assert sorted(kids) == ["take:1", "take:2"]
    assert [len(c.rounds) for c in kids.values()] == [30, 30]
    assert [c.real for c in kids.values()] == [30, 30]


def _players(node):
    for c in node.children.values():
        yield c.player
        yield from _players(c)


@pytest.mark.parametrize("by_policy", [False, True])
def test_the_others_choices_are_searched_or_the_policys(by_policy):
    """With the others' choices the policy's, the tree holds only the searcher's own choices
    (every iteration deepens those); otherwise the other player's replies are nodes too."""
    s = Pile(7)
    bot = HardBot(NIM, seed=3, iterations=200, rollout=0, opponents_by_policy=by_policy)
    ask(bot, NIM, s, NIM.cached_decision(s))
    assert (set(_players(bot.last_root)) == {0}) is by_policy


def test_a_policy_sets_a_decisions_share_of_the_budget(monkeypatch):
    """``budget_share``: none for a near-forced decision (the policy's pick at once), a part for a minor
    one, all for one that shapes the round."""
    s = Pile(9)
    for share, want in ((0.0, 0), (0.25, 50), (1.0, 200)):
        bot = HardBot(NIM, seed=1, iterations=200)
        monkeypatch.setattr(bot, "_share", lambda game, world, d, share=share: share)
        key = ask(bot, NIM, s, NIM.cached_decision(s))
        assert bot.last_iterations == want and key in ("take:1", "take:2")


class _StopAt:
    """A horizon: playouts stop once the pile is down to ``left`` (at most ``horizon`` choices)."""

    def __init__(self, left: int) -> None:
        self.left, self.horizon = left, 50

    def done(self, s) -> bool:
        return s.left <= self.left


def test_a_policys_horizon_stops_every_playout_at_the_same_point_and_judges_there(monkeypatch):
    judged: list[int] = []

    def judge(game, world):
        judged.append(world.left)
        return [0.5, 0.5]
    s = Pile(30)
    bot = HardBot(NIM, seed=1, iterations=40, rollout=3, prior=0)
    monkeypatch.setattr(bot, "_judge", judge)
    ask(bot, NIM, s, NIM.cached_decision(s))
    assert max(judged) > 20                     # 3 choices past the tree: short of the horizon below
    judged.clear()
    monkeypatch.setattr(bot, "_horizon", lambda game, world, d: _StopAt(20))
    ask(bot, NIM, s, NIM.cached_decision(s))
    # every playout went on past the 3-choice rollout, down to a pile of 20 (19: a take of 2 over it)
    assert judged and max(judged) <= 20, sorted(set(judged))
