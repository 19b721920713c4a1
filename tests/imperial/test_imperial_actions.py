"""The rondel and its actions: factory, production, import, taxation (maneuver and investor have their
own files)."""
from __future__ import annotations

from boardgames_tui.games.imperial import data as D
from boardgames_tui.games.imperial.rules import GAME
from boardgames_tui.games.imperial.labels import full_text

from imperial_helpers import (AH, FR, GE, IT, RU, check_invariants, dec, keys, log_text, new, play, put,
                              refused, ri, to_turn)


# ---------------------------------------------------------------- the rondel
def test_first_placement_is_free_and_anywhere():
    s = new(6)
    d = dec(s)
    assert d.prompt == "Austria-Hungary: choose a rondel space"
    assert [k for k in d.keys() if k.startswith("space:")] == [f"space:{x}" for x in D.RONDEL]
    assert all("free" in o.label for o in d.options if o.key.startswith("space:"))
    assert all(o.target == ("rondel", D.RONDEL_INDEX[o.key[6:]]) for o in d.options if o.key.startswith("space:"))
    play(s, "space:taxation")
    assert s.rondel[AH] == D.TAXATION and s.cash[0] == 2


def test_moves_of_one_to_six_spaces_and_their_cost():
    s = new(6)
    s.cash[0] = 10
    to_turn(s, AH, D.FACTORY)
    spaces = [k for k in keys(s) if k.startswith("space:")]
    assert spaces == ["space:production1", "space:maneuver1", "space:investor", "space:import",
                      "space:production2", "space:maneuver2"]         # 1-6 spaces; not Taxation (7), not stay
    assert "may not stay" in refused(s, "space:factory")
    assert "at most 6" in refused(s, "space:taxation")
    labels = {o.key: full_text(o) for o in dec(s).options}
    assert "free" in labels["space:investor"] and "2M" in labels["space:import"]
    assert "passes the Investor space" in labels["space:import"]
    play(s, "space:maneuver2")                                         # 6 spaces: 6M
    assert s.cash[0] == 4 and s.rondel[AH] == D.MANEUVER2
    assert "Austria-Hungary moves 6 spaces to Maneuver (Ann pays 6M)." in log_text(s)


def test_a_move_the_government_cannot_pay_is_not_offered():
    s = new(6)
    s.cash[0] = 3
    to_turn(s, AH, D.TAXATION)
    spaces = [k for k in keys(s) if k.startswith("space:")]
    assert spaces == ["space:factory", "space:production1", "space:maneuver1", "space:investor"]
    assert "costs 4M" in refused(s, "space:import")


def test_the_government_may_pay_money_into_the_treasury():
    s = new(6)
    to_turn(s, FR, D.FACTORY)
    play(s, "donate")
    assert dec(s).kind == "donate_power" and keys(s)[0] == "treasury:FR"     # its own power first
    play(s, "treasury:FR")
    assert dec(s).prompt.startswith("France:") and keys(s) == ["donate:1", "donate:2", "back"]
    play(s, "donate:2")
    assert s.cash[2] == 0 and s.treasury[FR] == 13
    assert dec(s).kind == "rondel" and "donate" not in keys(s)         # no money left to give (and paid)


# ---------------------------------------------------------------- factory
def test_factory_costs_five_and_follows_the_city_colour():
    s = new(6)
    to_turn(s, FR, D.TAXATION)
    play(s, "space:factory")
    d = dec(s)
    assert d.kind == "factory" and d.prompt.startswith("France: build a factory")
    assert sorted(d.keys()) == ["factory:brest", "factory:dijon", "factory:marseille", "none"]
    labels = {o.key: full_text(o) for o in d.options}
    assert labels["factory:dijon"].startswith("Armaments factory") and labels["factory:brest"].startswith("Shipyard")
    play(s, "factory:dijon")
    assert s.factory[ri("dijon")] and s.treasury[FR] == 6
    assert "France builds an armaments factory in Dijon." in log_text(s)
    check_invariants(s)


def test_no_factory_where_a_hostile_army_stands_and_one_per_city():
    s = new(6)
    put(s, GE, "dijon", armies=1, hostile=True)
    put(s, GE, "brest", armies=1, hostile=False)           # friendly: no effect
    to_turn(s, FR, D.TAXATION)
    play(s, "space:factory")
    assert sorted(keys(s)) == ["factory:brest", "factory:marseille", "none"]


def test_factory_shortfall_is_paid_by_the_government():
    s = new(6)
    s.treasury[FR] = 3
    s.cash[2] = 2
    to_turn(s, FR, D.TAXATION)
    play(s, "space:factory")
    lab = {o.key: full_text(o) for o in dec(s).options}["factory:marseille"]
    assert "3M from the treasury + 2M of your own cash" in lab
    play(s, "factory:marseille")
    assert s.treasury[FR] == 0 and s.cash[2] == 0 and s.factory[ri("marseille")]


def test_no_factory_without_the_money():
    s = new(6)
    s.treasury[FR] = 2
    s.cash[2] = 2
    to_turn(s, FR, D.TAXATION)
    play(s, "space:factory")
    assert "France cannot build a factory" in log_text(s)
    assert dec(s).prompt.startswith("Great Britain")


# ---------------------------------------------------------------- production
def test_production_one_unit_per_factory():
    s = new(6)
    s.factory[ri("marseille")] = True
    to_turn(s, FR, D.FACTORY)
    play(s, "space:production1")
    assert s.armies[ri("paris")][FR] == 1 and s.fleets[ri("bordeaux")][FR] == 1 and s.fleets[ri("marseille")][FR] == 1
    assert "Production: France builds an army in Paris, a fleet in Bordeaux, a fleet in Marseille." in log_text(s)
    assert s.treasury[FR] == 11


def test_blocked_province_produces_nothing():
    s = new(6)
    put(s, IT, "paris", armies=1, hostile=True)
    put(s, GE, "bordeaux", armies=2, hostile=False)
    to_turn(s, FR, D.FACTORY)
    play(s, "space:production1")
    assert s.armies[ri("paris")][FR] == 0 and s.fleets[ri("bordeaux")][FR] == 1
    assert "no production in Paris (hostile armies)" in log_text(s)


def test_production_respects_the_piece_limit():
    s = new(6)
    put(s, AH, "romania", armies=9)
    to_turn(s, AH, D.FACTORY)
    play(s, "space:production1")
    assert GAME.unit_count(s, AH, "army") == 10
    assert s.armies[ri("vienna")][AH] == 1 and s.armies[ri("budapest")][AH] == 0
    assert "Budapest (no army left)" in log_text(s)


# ---------------------------------------------------------------- import
def test_import_up_to_three_fleets_only_in_ports():
    s = new(6)
    to_turn(s, AH, D.INVESTOR)
    play(s, "space:import")
    d = dec(s)
    assert d.kind == "import"
    assert sorted(k for k in d.keys() if k.startswith("fleet:")) == ["fleet:trieste"]
    assert {k for k in d.keys() if k.startswith("army:")} == {f"army:{x}" for x in
                                                             ("vienna", "budapest", "prague", "lemberg", "trieste")}
    play(s, "army:prague", "army:prague", "fleet:trieste")
    assert s.armies[ri("prague")][AH] == 2 and s.fleets[ri("trieste")][AH] == 1 and s.treasury[AH] == 8
    assert dec(s).prompt.startswith("Italy")                            # three is the limit


def test_import_may_stop_early_and_never_where_hostile_armies_stand():
    s = new(6)
    put(s, RU, "lemberg", armies=1, hostile=True)
    to_turn(s, AH, D.INVESTOR)
    play(s, "space:import")
    assert "army:lemberg" not in keys(s)
    play(s, "army:vienna", "done")
    assert s.treasury[AH] == 10 and dec(s).prompt.startswith("Italy")


def test_import_with_an_empty_treasury_is_paid_by_the_government():
    s = new(6)
    s.treasury[AH] = 1
    to_turn(s, AH, D.INVESTOR)
    play(s, "space:import", "army:vienna")
    assert s.treasury[AH] == 0
    assert "your own cash" in {o.key: full_text(o) for o in dec(s).options}["army:budapest"]
    play(s, "army:budapest", "army:budapest")
    assert s.cash[0] == 0 and s.armies[ri("budapest")][AH] == 2


# ---------------------------------------------------------------- taxation
def test_taxation_bonus_power_points_and_soldiers_pay():
    """The rulebook's example: Germany on chart space 6 with 1 power point; 2 factories and 3 flags = 7M:
    marker 6 -> 7, bonus 1M; +2 power points (1 -> 3); 2 armies and a fleet: the treasury gets 4M."""
    s = new(6)
    s.tax_chart[GE] = D.tax_space(6)
    s.power_points[GE] = 1
    for r in ("norway", "denmark", "north_sea"):
        s.flags[ri(r)] = GE
    put(s, GE, "berlin", armies=2)
    put(s, GE, "north_sea", fleets=1)
    s.treasury[GE] = 0
    to_turn(s, GE, D.MANEUVER2)
    play(s, "space:taxation")
    assert s.tax_chart[GE] == D.tax_space(7) and s.power_points[GE] == 3
    assert s.cash[4] == 3 and s.treasury[GE] == 4
    text = log_text(s)
    assert "collects 7M (2 unoccupied factories x 2M + 3 flags x 1M); tax chart 6 -> 7; success bonus 1M to Eve" in text
    assert "Germany gains 2 power points (3)." in text
    assert "the bank pays the other 4M into Germany's treasury (4M)" in text


def test_taxation_hostile_factories_do_not_pay_and_the_marker_goes_down_without_penalty():
    s = new(6)
    s.tax_chart[GE] = 5
    put(s, FR, "berlin", armies=1, hostile=True)
    put(s, GE, "hamburg", armies=3)
    to_turn(s, GE, D.MANEUVER2)
    play(s, "space:taxation")
    assert s.tax_chart[GE] == 0 and s.power_points[GE] == 0           # 2M only
    assert s.cash[4] == 2 and s.treasury[GE] == 11                      # no bonus; pay 2 - 3 < 0: nothing
    assert "nothing goes into the treasury" in log_text(s)
    # a later rise pays the bonus again (from the space it dropped to)
    s.flags[ri("norway")] = s.flags[ri("sweden")] = s.flags[ri("denmark")] = s.flags[ri("holland")] = GE
    s.armies[ri("berlin")][FR] = 0
    to_turn(s, GE, D.MANEUVER2)
    play(s, "space:taxation")
    assert s.tax_chart[GE] == 3 and s.cash[4] == 5 and s.power_points[GE] == 3


def test_tax_counts_at_most_the_chart_top_for_points():
    s = new(6)
    for r in D.FLAG_REGIONS[:15]:
        s.flags[r] = IT
    for r in D.HOME_PROVINCES[IT]:
        s.factory[r] = True
    assert GAME.tax_revenue(s, IT) == 25
    to_turn(s, IT, D.MANEUVER2)
    play(s, "space:taxation")
    assert s.tax_chart[IT] == 10 and s.power_points[IT] == 10 and s.cash[1] == 2 + 10
    assert s.treasury[IT] == 11 + 25                                  # no units: all 25M
