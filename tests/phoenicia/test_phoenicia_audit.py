"""Rules audit: checks against docs/rules/phoenicia.md that the other tests leave open."""
from __future__ import annotations

from boardgames_tui.games.phoenicia import data as D

from phoenicia_helpers import (GAME, check_invariants, decision, grant, keys, new, play, rejects, set_display,
                               set_money, settle, turn)


def table(n=3, display=("granary", "fort", "dyer"), money=None, seed=1):
    s = turn(new(n, seed), 0)
    set_display(s, list(display))
    for p in range(n):
        cards, disks = (money or {}).get(p, ([5, 5], 2))
        set_money(s, p, cards, disks)
    return settle(s)


# Row 8: "Any higher whole-number bid (at least +1)", up to what the bidder can pay.

def test_any_whole_number_raise_up_to_what_the_bidder_can_pay():
    s = table(money={0: ([5, 5], 2), 1: ([4], 1), 2: ([6, 6], 5)})
    play(s, "open:granary", "bid:5")           # Bob 5
    d = decision(s)
    assert d.player == 2
    assert d.keys() == [f"bid:{b}" for b in range(6, 18)] + ["pass"]   # Cy has 17
    play(s, "bid:11")                          # +6: not one of the old fixed jumps
    assert s.auction.high == 11 and s.auction.high_bidder == 2
    rejects(s, "bid:11")


def test_raise_range_includes_the_discount():
    s = table(display=("smelter", "fort", "granary"), money={0: ([], 6), 1: ([], 4), 2: ([], 0)})
    grant(s, 1, "prospector")
    s._decision = None
    play(s, "open:smelter")                    # 6; Bob can pay 4 + 3 discount = 7
    assert keys(s) == ["bid:7", "pass"]
    rejects(s, "bid:8")


# Row 9: every player may bid in every auction, also after their own turn or a purchase.

def test_players_who_have_acted_or_bought_still_bid():
    s = table(display=("dyer", "prospector", "tracker"),
              money={0: ([6], 0), 1: ([6, 6], 0), 2: ([6], 0)})
    # Ann's turn is over; it is Bob's turn.
    play(s, "open:dyer", who=0)
    play(s, "pass", who=1)
    play(s, "bid:3", who=2)          # Cy (not yet acted) bids and wins
    play(s, "pass", who=0)
    play(s, "pay:6", who=2)
    play(s, "end", who=0)
    assert s.active == 1
    play(s, "open:prospector", who=1)
    assert decision(s).player == 2 and "bid:3" in keys(s)    # Cy, who bought a card this round, may bid
    play(s, "pass", who=2)
    assert decision(s).player == 0 and "bid:3" in keys(s)    # Ann, whose turn is over, may bid
    check_invariants(s)


# Row 10: the active player may open again after losing an auction.

def test_active_player_opens_again_after_losing():
    s = table(display=("dyer", "prospector", "tracker"))
    play(s, "open:dyer", "bid:3", "pass", "pass")
    assert s.players[1].cards == ["dyer"]
    play(s, "pay:5", who=1)
    d = decision(s)
    assert d.player == 0 and d.kind == "auction"
    assert {"open:prospector", "open:tracker"} <= set(d.keys())


# Row 23: the game ends at step a; no refill, no income.

def test_game_end_no_refill_and_no_income():
    s = turn(new(3, 4), 2)
    s.start, s.to_act = 0, []
    set_display(s, ["dyer"])
    s.players[0].vp_bought = 30               # 2 + 30 = 32 VP
    hands = [list(pl.hand) for pl in s.players]
    settle(s)
    play(s, "end")
    assert s.phase == "over"
    assert s.display == ["dyer"]
    assert [pl.hand for pl in s.players] == hands
    assert decision(s) is None


# Hidden information: whether a step is skipped must not depend on production-card values,
# or the public view (the step shown) tells the table something about a hidden hand.

def _public(s):
    v = GAME.view(s, None)
    return v["step"], v["active"], [e for e in v["log"]]


def test_step_a_skip_does_not_reveal_card_values():
    views = []
    for cards in ([4], [6]):                    # wealth 6 (cannot open Fort) or 8 (can)
        s = table(display=("fort",), money={0: (cards, 2)})
        views.append(_public(s))
        assert decision(s).kind == "auction"
    assert views[0] == views[1]
    s = table(display=("fort",), money={0: ([4], 2)})
    assert keys(s) == ["workers", "end"]        # asked, though nothing is affordable
    s = table(display=("fort",), money={0: ([], 6)})
    assert decision(s).kind != "auction"        # only public disks: skipped as before


def test_step_b_skip_does_not_reveal_card_values():
    views = []
    for cards in ([4], [6]):                    # a move to Farming costs 5
        s = turn(new(3, 1), 0, "b")
        pl = s.players[0]
        pl.untrained = pl.trained = 0
        pl.tiles["hunting"] = [D.SPACES, 0]
        set_money(s, 0, cards, 0)
        settle(s)
        views.append(_public(s))
        assert decision(s).kind == "workers"
    assert views[0] == views[1]


# Row 7: the opening bid is the printed amount; affordability counts the opener's discount.

def test_open_above_wealth_thanks_to_discount_bid_stays_printed():
    s = table(display=("dye_house", "fort", "dyer"), money={0: ([], 8), 1: ([], 0), 2: ([], 0)})
    grant(s, 0, "dyer")
    grant(s, 0, "dyer")
    settle(s)
    assert "open:dye_house" in keys(s)          # printed 14 > 8 disks, but Ann pays 14 - 6 = 8
    play(s, "open:dye_house")
    assert any("opening bid 14" in e.text for e in s.log)
    assert s.players[0].cards[-1] == "dye_house" and s.players[0].disks == 0
    check_invariants(s)
