"""The Phoenicia policy (easy bot, hard bot's rollouts and judgement), and the
game's determinize that the search leans on."""
from __future__ import annotations

import random
import sys
from pathlib import Path

import pytest

from boardgames_tui.bots.policies import phoenicia as P
from boardgames_tui.bots.policies import policy_for
from boardgames_tui.games.phoenicia import data as D
from boardgames_tui.games.phoenicia import rules as R

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "phoenicia"))
from phoenicia_helpers import (GAME, NAMES, check_invariants, grant, new, play, set_display,  # noqa: E402
                               set_money, settle, turn)


def walk(n: int, seed: int, length: int) -> R.PhoeniciaState:
    """A position after ``length`` random choices."""
    s = GAME.new_game(NAMES[:n], seed)
    r = random.Random(seed)
    for _ in range(length):
        d = GAME.cached_decision(s)
        if d is None:
            break
        GAME.apply(s, r.choice(d.options).key)
    return s


def positions(count: int, seed: int):
    """(state, decision) at random points of games between the policy and random
    players, every player count; each state a determinization for the decider."""
    r = random.Random(seed)
    found = 0
    g = 0
    while True:
        n = 2 + g % 4
        s = GAME.new_game(NAMES[:n], seed * 1000 + g)
        g += 1
        mine = r.randrange(n)
        while True:
            d = GAME.cached_decision(s)
            if d is None:
                break
            if len(d.options) > 1 and r.random() < 0.1:
                yield GAME.determinize(s, d.player, r), d
                found += 1
                if found >= count:
                    return
            k = P.choose(GAME, s, d, r) if d.player == mine else r.choice(d.options).key
            GAME.apply(s, k)


def choose(s, rng_seed: int = 0) -> str:
    return P.choose(GAME, s, GAME.cached_decision(s), random.Random(rng_seed))


def set_vp(s: R.PhoeniciaState, p: int, vp: int) -> None:
    """Make player p's VP exactly ``vp`` with City Center purchases (nothing else changes)."""
    pl = s.players[p]
    pl.vp_bought += vp - R.victory_points(pl)
    assert pl.vp_bought >= 0
    s._decision = None


# -- the module -----------------------------------------------------------------------------

def test_the_game_uses_this_policy():
    assert policy_for("phoenicia") is P


def test_the_fast_sums_agree_with_the_rules():
    for seed in range(12):
        s = walk(2 + seed % 4, seed, 40 * seed)
        for pl in s.players:
            assert P.vp_of(pl) == R.victory_points(pl)
            assert P.prod_of(pl) == R.production(pl)
            assert P.money_of(pl) == R.wealth(pl)


def test_rounds_left_shrink_to_nothing_at_the_end():
    left = [P.rounds_left(v) for v in range(D.START_VP, D.END_VP + 2)]
    assert left == sorted(left, reverse=True) and left[0] > 5 and left[-1] == 0 == P.rounds_left(D.END_VP)


# -- bidding --------------------------------------------------------------------------------

def auction(opener_bid_card: str, ann_vp: int, bob_vp: int) -> R.PhoeniciaState:
    """Bob (player 1) has opened an auction on ``opener_bid_card``; Ann (0) is to bid."""
    s = turn(new(2, 4), 1)
    set_display(s, [opener_bid_card, "dyer"])
    set_money(s, 1, [6, 6, 6, 6], 3)
    settle(s)
    play(s, f"open:{opener_bid_card}", who=1)
    set_vp(s, 0, ann_vp)
    set_vp(s, 1, bob_vp)
    return s


def test_a_clearly_valuable_cheap_card_is_bid_on():
    """City Center (2 VP and VP for sale all game long) opened at 4: Ann raises by one."""
    s = auction("city_center", 2, 2)
    set_money(s, 0, [5, 5], 0)
    assert GAME.cached_decision(s).player == 0
    assert choose(s) == "bid:5"


def test_a_search_weighs_only_the_minimum_raise_or_a_pass():
    s = auction("city_center", 2, 2)
    set_money(s, 0, [5, 5], 0)
    d = GAME.cached_decision(s)
    assert len(d.options) > 2
    assert P.candidates(GAME, s, d) == ["bid:5", "pass"]


def test_a_valuable_cheap_card_is_auctioned_on_the_own_turn():
    """Prospector (the Mining tile and a VP for 2) rather than Granary, or nothing."""
    s = turn(new(2, 4), 0)
    set_display(s, ["granary", "prospector"])
    set_money(s, 0, [5, 6], 0)
    settle(s)
    assert choose(s) == "open:prospector"


@pytest.mark.parametrize("seed", range(4))
def test_no_bid_beyond_what_the_card_is_worth(seed):
    """City Walls is 7 VP and nothing else: 21 in money at 3 a VP.  Late in the
    game (20 VP each), with no card about to be lost to the storage limit, Bob
    raises every time: Ann bids, but never a price above those 21, and then passes."""
    s = auction("city_walls", 20, 20)
    grant(s, 0, "port")              # storehouses enough: no card of Ann's is lost at income
    grant(s, 0, "granary")
    set_money(s, 0, [6, 6, 6, 6], 3)
    set_money(s, 1, [6, 6, 6, 6, 6], 3)
    set_vp(s, 0, 20)
    assert P.storage_waste(s.players[0]) <= 0
    worth = 7 * P.VP_PRICE
    rng = random.Random(seed)
    ann_bids = []
    while s.auction is not None:
        d = GAME.cached_decision(s)
        if d.player == 0:
            k = P.choose(GAME, s, d, rng)
            if k != "pass":
                assert k == f"bid:{s.auction.high + 1}"      # by one, never a jump
                ann_bids.append(int(k.split(":")[1]))
        else:
            k = d.keys()[0]                                   # Bob always raises by one
        GAME.apply(s, k)
    assert ann_bids and max(ann_bids) <= worth
    assert s.players[1].cards[-1] == "city_walls"


def test_a_card_worth_less_than_its_price_is_not_bid_on():
    """Temple (4 VP, nothing else) at the start, when money still has better uses:
    Ann does not raise Bob's opening bid."""
    s = auction("temple", 2, 2)
    set_money(s, 0, [6, 6], 0)
    cx = P.Ctx(s, s.players[0])
    assert cx.cost(11) > P.card_worth(s.players[0], "temple", cx.R, cx.lam)
    assert choose(s) == "pass"


def test_bids_over_many_positions_stay_within_the_cards_worth():
    for s, d in positions(400, 3):
        if d.kind != "bid":
            continue
        k = P.choose(GAME, s, d, random.Random(1))
        if k == "pass":
            continue
        pl = s.players[d.player]
        card = s.auction.card
        price = int(k.split(":")[1]) - R.discount(pl, card)
        cx = P.Ctx(s, pl)
        assert k == d.options[0].key                       # the lowest raise
        assert cx.cost(price) < P.card_worth(pl, card, cx.R, cx.lam)


# -- workers, tools, payments ---------------------------------------------------------------

def test_a_trained_worker_is_employed():
    s = turn(new(2, 4), 0, "b")
    s.players[0].trained, s.players[0].untrained = 1, 0
    set_money(s, 0, [5, 6], 0)
    settle(s)
    k = choose(s)
    assert k.startswith("employ:")
    # the best place it can pay for: Farming (2 production) rather than Hunting (1)
    assert k == "employ:farming"


def test_an_untrained_worker_is_trained_when_it_can_be_employed():
    s = turn(new(2, 4), 0, "b")
    set_money(s, 0, [5, 6], 0)
    settle(s)
    assert s.players[0].untrained == 1 and s.players[0].trained == 0
    assert choose(s) == "train"


def test_payment_with_the_smallest_card_that_covers_it():
    s = turn(new(2, 4), 0, "b")
    set_money(s, 0, [4, 6, 6], 3)
    settle(s)
    play(s, "train")
    assert s.payment is not None and s.payment.due == 2
    assert choose(s) == "pay:4"


def test_no_tool_disk_bought_with_money_that_is_kept():
    s = turn(new(2, 4), 0, "c")
    set_money(s, 0, [5, 5], 0)
    settle(s)
    assert P.storage_waste(s.players[0]) <= 0
    assert not choose(s).startswith("tool:")


def test_the_last_round_turns_money_into_vp():
    """Somebody is at 32: the game ends this round, money is only a tie-break, so a
    City Center owner buys VP."""
    s = turn(new(2, 4), 0, "c")
    grant(s, 0, "city_center")
    set_money(s, 0, [5, 5], 0)
    set_vp(s, 1, 32)
    set_vp(s, 0, 30)
    settle(s)
    assert choose(s) == "vp"


# -- always a legal choice ------------------------------------------------------------------

def test_choose_always_returns_a_legal_key():
    kinds = set()
    for s, d in positions(1500, 7):
        kinds.add(d.kind)
        k = P.choose(GAME, s, d, random.Random(len(kinds)))
        assert k in d, (d.kind, k)
    assert kinds == {"auction", "bid", "pay", "workers", "tools", "discard"}


@pytest.mark.parametrize("n", [2, 3, 5])
def test_policy_games_finish(n):
    """The policy alone makes progress: games between easy players end."""
    s = GAME.new_game(NAMES[:n], 100 + n)
    rng = random.Random(n)
    for _ in range(20000):
        d = GAME.cached_decision(s)
        if d is None:
            break
        GAME.apply(s, P.choose(GAME, GAME.determinize(s, d.player, rng), d, rng))
    assert GAME.is_over(s) and max(GAME.scores(s)) >= D.END_VP


# -- evaluate -------------------------------------------------------------------------------

def test_evaluate_gives_each_player_a_chance():
    for s, _d in positions(300, 11):
        v = P.evaluate(GAME, s)
        assert len(v) == len(s.players)
        assert all(0.0 <= x <= 1.0 for x in v)
        assert abs(sum(v) - 1.0) < 1e-9


def test_evaluate_favours_a_clear_leader():
    s = walk(3, 5, 120)
    for p in range(3):
        set_vp(s, p, 10)
    set_vp(s, 1, 28)
    v = P.evaluate(GAME, s)
    assert max(range(3), key=v.__getitem__) == 1 and v[1] > 0.9
    set_vp(s, 1, 12)                                    # a smaller lead, a smaller chance
    w = P.evaluate(GAME, s)
    assert max(range(3), key=w.__getitem__) == 1 and 1 / 3 < w[1] < v[1]


def test_evaluate_judges_the_start_nearly_even():
    s = GAME.new_game(NAMES[:4], 3)
    v = P.evaluate(GAME, s)
    assert max(v) - min(v) < 0.25


def test_evaluate_at_the_end_is_the_result():
    s = walk(2, 11, 100000)
    assert GAME.is_over(s)
    v = P.evaluate(GAME, s)
    assert [p for p in range(2) if v[p] > 0] == GAME.winners(s)


# -- determinize ----------------------------------------------------------------------------
def test_determinize_does_not_touch_the_state_through_shared_log_lines():
    s = walk(3, 5, 300)
    private = [(e.private_to, e.private_text) for e in s.log]
    assert any(t for _p, t in private)
    for viewer in range(3):
        GAME.determinize(s, viewer, random.Random(viewer))
    assert [(e.private_to, e.private_text) for e in s.log] == private


# -- determinize when the public bounds force a fitted deal -----------------------------------

def test_a_fitted_deal_depends_only_on_the_view_and_keeps_the_bounds():
    """Bob bid 15 with two cards and 3 disks (he holds two 6s).  When the random
    deals keep failing, the fitted deal is used; it must still give him 12 in
    cards and be the same for any hidden holdings the viewer cannot tell apart."""
    s = turn(new(3, 2), 0)
    set_display(s, ["fort", "dyer", "granary"])
    set_money(s, 0, [4, 4], 0)
    set_money(s, 1, [6, 6], 3)
    set_money(s, 2, [], 0)
    settle(s)
    play(s, "open:fort", "bid:15")
    old = R.PhoeniciaGame.DETERMINIZE_TRIES
    R.PhoeniciaGame.DETERMINIZE_TRIES = 1                   # force the fallback often
    try:
        for k in range(40):
            det = GAME.determinize(s, 0, random.Random(k))
            assert R.wealth(det.players[1]) >= 15
            check_invariants(det)
            other = GAME.determinize(s, 0, random.Random(1000 + k))
            assert GAME.determinize(other, 0, random.Random(k)) == det
    finally:
        R.PhoeniciaGame.DETERMINIZE_TRIES = old


def test_fitted_hands_take_the_cheapest_mix_that_covers_every_bound():
    pool = list(range(len(D.CARD_VALUES)))
    random.Random(1).shuffle(pool)
    hands = R._fitting_hands(pool, [(1, 2, 12), (2, 3, 15)])
    assert sorted(D.CARD_VALUES[c] for c in hands[1]) == [6, 6]
    assert sum(D.CARD_VALUES[c] for c in hands[2]) == 15
    assert not set(hands[1]) & set(pool) and not set(hands[2]) & set(pool)
    assert len(pool) + 5 == len(D.CARD_VALUES)
