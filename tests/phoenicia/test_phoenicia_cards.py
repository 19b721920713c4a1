"""Every development card's effect, bought through a real auction."""
from __future__ import annotations

import pytest

from boardgames_tui.games.phoenicia import data as D
from boardgames_tui.games.phoenicia import rules as R
from boardgames_tui.games.phoenicia.state import tile_values

from phoenicia_helpers import (at_step, check_invariants, grant, keys, new, no_production_cards_left, play, rejects,
                               set_display, set_money, settle, turn)


def buy(slug, n=5, owned=(), money=([6, 6, 6], 6)):
    """Ann (player 0) buys `slug` uncontested; returns (state, before, after) of her numbers."""
    s = turn(new(n, 4), 0)
    rest = [c for c in ("dyer", "granary", "fort", "glassmaking", "tracker") if c != slug]
    set_display(s, [slug] + rest[:n - 1])
    for o in owned:
        grant(s, 0, o)
    set_money(s, 0, *money)
    for p in range(1, n):
        set_money(s, p, [], 0)
    settle(s)
    pl = s.players[0]
    before = numbers(pl)
    play(s, f"open:{slug}")
    while s.payment is not None:
        play(s, keys(s)[0])
    assert pl.cards[-1] == slug
    check_invariants(s)
    return s, before, numbers(pl)


def numbers(pl):
    return {"vp": R.victory_points(pl), "prod": R.production(pl), "store": R.storehouses(pl),
            "untrained": pl.untrained, "trained": pl.trained}


@pytest.mark.parametrize("card", D.DEV_CARDS, ids=lambda c: c.slug)
def test_card_gives_its_numbers(card):
    s, before, after = buy(card.slug, money=([6, 6, 6], 6) if card.bid <= 24 else ([6] * 4, 6))
    assert after["vp"] - before["vp"] == card.vp
    assert after["prod"] - before["prod"] == card.prod
    assert after["store"] - before["store"] == card.store
    assert after["untrained"] - before["untrained"] == card.untrained
    assert after["trained"] - before["trained"] == card.trained
    assert any(f"wins {card.name} for {card.bid}" in e.text for e in s.log)


# The treasury limit is checked at administration d, after income has swapped every
# 4 disks for a card; it bites when no production card is left to swap for.

def test_granary_improved_storage_six_disks():
    s, _, _ = buy("granary")
    pl = s.players[0]
    assert R.treasury(pl) == 6
    no_production_cards_left(s)
    set_money(s, 0, [], 9)
    s.to_act = []                      # Ann's turn is the last of the round
    settle(s)
    play(s, "end")
    assert pl.disks == 6               # 9 + 3 income = 12: 6 handed in
    assert any("Ann hands in 6 disks (treasury limit 6)." == e.text for e in s.log)


def test_without_granary_three_disks():
    s = turn(new(3, 4), 0)
    s.to_act = []
    no_production_cards_left(s)
    set_money(s, 0, [], 6)
    settle(s)
    while s.step != "c":
        play(s, "tools" if "tools" in keys(s) else "workers")
    play(s, "end")
    assert s.players[0].disks == 3
    assert any("hands in 6 disks (treasury limit 3)" in e.text for e in s.log)


def test_tracker_improves_hunting_then_advanced():
    s, _, _ = buy("tracker")
    pl = s.players[0]
    pl.tiles["hunting"] = [4, 0]
    assert R.tile_level(pl, "hunting") == 1
    assert tile_values(pl, "hunting")[:4] == (1, 2, 1, 2)
    grant(s, 0, "tracker")
    assert R.tile_level(pl, "hunting") == 2
    assert tile_values(pl, "hunting") == (2,) * 6
    pl.cards.append("tracker")                      # (only two copies exist; a third would change nothing)
    assert R.tile_level(pl, "hunting") == 2


def test_improvement_is_retroactive_for_workers_already_there():
    s = turn(new(5, 4), 0)
    pl = s.players[0]
    pl.tiles["hunting"] = [2, 0]
    pl.untrained = 0
    assert R.production(pl) == 2 + 2
    grant(s, 0, "tracker")
    assert R.production(pl) == 1 + 2 + 2           # the second hunting worker now gives 2
    grant(s, 0, "tracker")
    assert R.production(pl) == 2 + 2 + 2


def test_prospector_gives_mining_and_smelter_improves_it():
    s, _, _ = buy("prospector")
    pl = s.players[0]
    assert pl.tiles["mining"] == [0, 0]
    assert tile_values(pl, "mining")[:2] == (3, 3)
    grant(s, 0, "smelter")
    assert tile_values(pl, "mining")[:4] == (3, 4, 3, 4)
    grant(s, 0, "smelter")
    assert tile_values(pl, "mining") == (4,) * 6
    pl.tiles["mining"] = [2, 0]
    pl.untrained = 0
    assert R.victory_points(pl) == 2 + 1 + 2 * 1 + 2 * 2   # start workers, Prospector, Smelters, two miners


def test_smelter_before_prospector_improves_the_mining_tile_when_it_comes():
    s, _, _ = buy("smelter")
    pl = s.players[0]
    assert "mining" not in pl.tiles
    grant(s, 0, "prospector")
    assert R.tile_level(pl, "mining") == 1


def test_second_prospector_or_dye_house_gives_no_second_tile():
    s, _, _ = buy("prospector", owned=("prospector",))
    assert list(s.players[0].tiles) == ["hunting", "farming", "mining"]
    s, _, after = buy("dye_house", owned=("dye_house",), money=([6, 6, 6], 6))
    assert list(s.players[0].tiles) == ["hunting", "farming", "textile"]


def test_dye_house_gives_textile():
    s, _, _ = buy("dye_house")
    pl = s.players[0]
    assert pl.tiles["textile"] == [0, 0]
    pl.trained = 1
    set_money(s, 0, [6], 5)
    at_step(s, "b")
    settle(s)
    assert "employ:textile" in keys(s)
    play(s, "employ:textile", "pay:6")
    assert pl.tiles["textile"] == [1, 0] and pl.disks == 0 and pl.hand == []


def test_public_works_training_costs_one():
    s, _, _ = buy("public_works")
    pl = s.players[0]
    assert R.training_cost(pl) == 1
    set_money(s, 0, [], 1)
    settle(s)
    assert s.step == "b" and "train" in keys(s)
    play(s, "train")
    assert pl.trained == 1 and pl.disks == 0


@pytest.mark.parametrize("owner,target", [("dyer", "dye_house"), ("prospector", "smelter"),
                                          ("tracker", "caravan"), ("city_center", "public_works"),
                                          ("shipyard", "ships"), ("shipyard", "tradefleet"),
                                          ("shipyard", "port"), ("public_works", "city_walls")])
def test_discounts(owner, target):
    s, _, _ = buy(target, owned=(owner,), money=([6, 6, 6], 6))
    paid = D.DEV[target].bid - D.DISCOUNT_PER_CARD
    assert any(f"pays {paid} for {D.DEV[target].name}" in e.text for e in s.log)
    assert R.discount(s.players[0], target) == D.DISCOUNT_PER_CARD


def test_no_discount_on_other_cards():
    s = turn(new(5, 4), 0)
    grant(s, 0, "dyer")
    assert R.discount(s.players[0], "ships") == 0
    assert R.discount(s.players[1], "dye_house") == 0


def test_city_center_buys_up_to_three_vp_a_turn():
    s, _, _ = buy("city_center")
    pl = s.players[0]
    set_money(s, 0, [], 12)
    at_step(s, "c")
    settle(s)
    vp = R.victory_points(pl)
    for _ in range(3):
        assert "vp" in keys(s)
        play(s, "vp")
    assert "vp" not in keys(s)
    assert R.victory_points(pl) == vp + 3 and pl.disks == 3
    assert "at most 3 a turn" in rejects(s, "vp")
    # next own turn: allowed again
    s2 = turn(s, 0, "c")
    settle(s2)
    assert "vp" in keys(s2)


def test_city_center_needs_money():
    s, _, _ = buy("city_center")
    set_money(s, 0, [], 2)
    at_step(s, "c")
    settle(s)
    assert "vp" not in keys(s)


def test_fort_and_refugees_give_untrained_indentured_worker_trained():
    s, b, a = buy("fort")
    assert a["untrained"] - b["untrained"] == 3
    s, b, a = buy("refugees")
    assert a["untrained"] - b["untrained"] == 2
    s, b, a = buy("indentured_worker")
    assert a["trained"] - b["trained"] == 1 and a["untrained"] == b["untrained"]
