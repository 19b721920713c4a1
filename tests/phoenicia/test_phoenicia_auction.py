"""Step a: auctions with out-of-turn bids and passes, discounts, more auctions."""
from __future__ import annotations

from boardgames_tui.games.phoenicia import data as D

from phoenicia_helpers import (check_invariants, decision, grant, keys, new, play, rejects, set_display,
                               set_money, settle, turn, wealth)


def table(n=3, display=("granary", "fort", "dyer"), money=None, seed=1, owned=()):
    s = turn(new(n, seed), 0)
    set_display(s, list(display))
    for p, slug in owned:
        grant(s, p, slug)
    for p in range(n):
        cards, disks = (money or {}).get(p, ([5, 5], 2))
        set_money(s, p, cards, disks)
    return settle(s)


def test_open_at_printed_price_then_others_bid_clockwise():
    s = table(4, display=("granary", "fort", "dyer", "tracker"))
    d = decision(s)
    assert d.kind == "auction" and d.player == 0
    assert {"open:granary", "open:fort", "open:dyer", "open:tracker", "workers", "end"} == set(d.keys())
    play(s, "open:granary", who=0)
    a = s.auction
    assert (a.card, a.high, a.high_bidder) == ("granary", 4, 0)
    d = decision(s)
    assert d.kind == "bid" and d.player == 1          # out of turn, clockwise from the opener
    assert d.keys()[0] == "bid:5" and "pass" in d.keys()
    play(s, "pass", who=1)
    play(s, "bid:6", who=2)
    play(s, "bid:7", who=3)
    # round the table again: the opener, now outbid, may raise; Bob dropped out
    play(s, "bid:8", who=0)
    play(s, "pass", who=2)
    play(s, "pass", who=3)
    assert s.auction is None
    assert s.players[0].cards == ["granary"]
    assert s.payment.player == 0 and s.payment.due == 8
    assert "granary" not in s.display
    check_invariants(s)


def test_opener_wins_when_all_pass_and_pays_printed_bid():
    s = table()
    play(s, "open:fort", "pass", "pass")
    assert s.players[0].cards == ["fort"]
    assert s.payment.due == 7
    play(s, "pay:5", "pay:5", who=0)
    assert wealth(s, 0) == 12 - 7
    assert s.players[0].disks == 2 + 3                # change in disks
    check_invariants(s)


def test_out_of_turn_winner_pays_then_turn_continues():
    s = table()
    play(s, "open:dyer", who=0)
    play(s, "bid:4", who=1)
    play(s, "pass", who=2)
    play(s, "pass", who=0)
    assert s.players[1].cards == ["dyer"]
    d = decision(s)
    assert d.kind == "pay" and d.player == 1 and s.payment.due == 4
    assert "pay:disks" not in keys(s)        # 2 disks do not cover 4
    play(s, "pay:5", who=1)
    assert s.players[1].disks == 3 and len(s.players[1].hand) == 1
    d = decision(s)
    assert d.kind == "auction" and d.player == 0     # the active player may auction again


def test_bids_limited_to_what_the_bidder_can_pay():
    s = table(money={0: ([5, 5], 2), 1: ([4], 1), 2: ([6, 6], 3)})
    play(s, "open:granary")            # 4
    d = decision(s)
    assert d.player == 1
    assert d.keys() == ["bid:5", "pass"]          # Bob has 5 in all
    rejects(s, "bid:6")
    play(s, "bid:5")
    d = decision(s)
    assert d.player == 2
    assert d.keys() == [f"bid:{b}" for b in range(6, 16)] + ["pass"]   # any raise up to Cy's 15
    reason = rejects(s, "bid:5")
    assert "more than 5" in reason
    rejects(s, "bid:16")


def test_player_with_cards_who_cannot_raise_still_decides():
    s = table(money={0: ([6, 6], 3), 1: ([4], 0), 2: ([5], 0)})
    play(s, "open:fort")      # 7: neither Bob (4) nor Cy (5) can raise, but their cards are private
    d = decision(s)
    assert d.player == 1 and d.keys() == ["pass"]
    play(s, "pass")
    assert decision(s).player == 2 and keys(s) == ["pass"]


def test_player_with_only_disks_who_cannot_raise_passes_automatically():
    s = table(money={0: ([6, 6], 3), 1: ([], 3), 2: ([], 8)})
    play(s, "open:dyer")      # 2: Bob can raise to 3 (3 disks), Cy can too
    assert decision(s).player == 1
    play(s, "bid:3", "bid:8")
    # Ann may raise; then Bob, with 3 public disks, cannot beat 9 and is passed automatically
    play(s, "bid:9", who=0)
    assert s.auction is None and s.players[0].cards == ["dyer"]
    assert any("Bob cannot raise and passes" in e.text for e in s.log)
    assert any("Cy cannot raise and passes" in e.text for e in s.log)


def test_cannot_open_unaffordable_card_and_step_a_skipped_when_nothing_affordable():
    s = table(display=("fort", "granary", "dyer"), money={0: ([], 3)})
    assert set(keys(s)) == {"open:dyer", "workers", "end"}
    assert "opening bid" in rejects(s, "open:fort")
    assert "opening bid" in rejects(s, "open:granary")
    s = table(display=("fort", "caravan", "dye_house"), money={0: ([], 3)})
    assert decision(s).kind == "workers"          # nothing to auction: straight to step b
    assert s.step == "b"


def test_more_auctions_after_a_purchase_while_affordable():
    s = table(display=("dyer", "prospector", "tracker"), money={0: ([], 7), 1: ([], 0), 2: ([], 0)})
    play(s, "open:dyer")                   # Bob, Cy hold nothing: automatic passes; Ann pays 2 in disks
    assert s.players[0].cards == ["dyer"] and s.players[0].disks == 5
    play(s, "open:prospector")
    assert s.players[0].disks == 3
    play(s, "open:tracker")
    assert s.players[0].disks == 0 and s.display == []
    assert decision(s).kind == "tools"       # nothing to auction, no money for workers: step c
    check_invariants(s)


def test_discount_lowers_payment_not_opening_bid_and_stacks():
    s = table(display=("dye_house", "fort", "dyer"), money={0: ([6, 6], 3), 1: ([], 0), 2: ([], 0)})
    grant(s, 0, "dyer")
    grant(s, 0, "dyer")
    d = decision(s)
    assert "open:dye_house" in d.keys()
    assert "opening bid 14, you pay 8" in d.get("open:dye_house").label
    play(s, "open:dye_house")
    assert s.players[0].cards[-1] == "dye_house"
    assert s.payment.due == 14 - 2 * D.DISCOUNT_PER_CARD
    assert any("pays 8 after discount" in e.text for e in s.log)


def test_discount_lets_bidder_bid_beyond_wealth_and_never_below_zero():
    s = table(display=("smelter", "fort", "granary"), money={0: ([], 6), 1: ([], 4), 2: ([], 0)})
    grant(s, 1, "prospector")          # discount 3 on Smelter
    play(s, "open:smelter")            # 6
    d = decision(s)
    assert d.player == 1 and "bid:7" in d.keys()        # pays 4 for a bid of 7
    assert d.get("bid:7").label == "Bid 7 (you pay 4)"
    assert "bid:8" not in d.keys()
    play(s, "bid:7")
    assert s.players[1].cards[-1] == "smelter"
    assert s.payment is None and s.players[1].disks == 0     # Bob holds only disks: paid automatically
    s2 = table(4, display=("smelter", "fort", "granary", "dyer"), money={p: ([], 0) for p in range(4)},
               owned=[(0, "prospector"), (0, "prospector")])
    play(s2, "open:smelter")           # 6 - 6 = 0: nothing to pay
    assert s2.players[0].cards[-1] == "smelter" and s2.payment is None
    check_invariants(s2)


def test_two_player_auction():
    s = table(2, display=("fort", "dyer"), money={0: ([6, 6], 0), 1: ([6, 6], 0)})
    play(s, "open:fort", who=0)
    play(s, "bid:8", who=1)
    play(s, "bid:9", who=0)
    play(s, "pass", who=1)
    assert s.players[0].cards == ["fort"] and s.payment.due == 9


def test_illegal_auction_keys_rejected():
    s = table()
    assert "not possible now" in rejects(s, "bid:5")
    assert "not a Phoenicia choice" in rejects(s, "nonsense")
    rejects(s, "open:ships")
    play(s, "open:granary")
    assert "not possible now" in rejects(s, "open:fort")
    assert "not possible now" in rejects(s, "end")
