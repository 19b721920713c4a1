"""Imperial's data and set-up: the map, the tables, every player count, the experienced opening."""
from __future__ import annotations

import json
from collections import Counter

import pytest

from boardgames_tui.games.imperial import data as D
from boardgames_tui.games.imperial.rules import GAME

from imperial_helpers import AH, FR, GB, GE, IT, NAMES, RU, check_invariants, dec, keys, log_text, new, play, ri


# ---------------------------------------------------------------- data
def test_the_map_has_every_region_and_137_borders():
    assert len(D.REGIONS) == 54
    assert [len(h) for h in D.HOME_PROVINCES] == [5] * 6
    assert len(D.NEUTRAL_LAND) == 15 and len(D.SEAS) == 9
    assert len(D.edges()) == 137
    for r in D.REGIONS:
        for q in D.LAND_NEIGHBOURS[r.id] + D.SEA_NEIGHBOURS[r.id]:
            assert r.id in D.LAND_NEIGHBOURS[q] + D.SEA_NEIGHBOURS[q], (r.key, D.REGIONS[q].key)
        # land neighbours are land, sea neighbours are seas
        assert not any(D.IS_SEA[q] for q in D.LAND_NEIGHBOURS[r.id])
        assert all(D.IS_SEA[q] for q in D.SEA_NEIGHBOURS[r.id])


def test_doubtful_borders_are_settled_as_the_rules_notes_say():
    def border(a, b):
        return frozenset((ri(a), ri(b))) in D.edges()
    assert not border("kiev", "st_petersburg")
    for a, b in (("vienna", "genoa"), ("rome", "ionian_sea"), ("bulgaria", "eastern_med"), ("kiev", "romania"),
                 ("berlin", "prague"), ("hamburg", "baltic_sea"), ("bulgaria", "turkey")):
        assert border(a, b), (a, b)
    for a, b in (("morocco", "western_med"), ("denmark", "norway"), ("edinburgh", "london"),
                 ("lemberg", "vienna"), ("sweden", "denmark"), ("spain", "morocco")):
        assert not border(a, b), (a, b)
    assert D.LAND_NEIGHBOURS[ri("dublin")] == ()
    notes = GAME.rules_notes()
    assert "Kiev–St. Petersburg is **not** a border" in notes and "House data" in notes


def test_cities_ports_and_starting_factories():
    kinds = Counter(r.city for r in D.REGIONS if r.city)
    assert kinds == {D.ARMAMENTS: 15, D.SHIPYARD: 15}
    start = {r.key for r in D.REGIONS if r.start_factory}
    assert start == {"vienna", "budapest", "rome", "naples", "paris", "bordeaux", "london", "liverpool",
                     "berlin", "hamburg", "moscow", "odessa"}
    for r in D.REGIONS:
        if r.city == D.SHIPYARD:
            assert D.PORT_SEA[r.id] in D.SEA_NEIGHBOURS[r.id], r.key
        else:
            assert D.PORT_SEA[r.id] == -1
    assert D.REGIONS[D.PORT_SEA[ri("london")]].key == "english_channel"
    assert D.REGIONS[D.PORT_SEA[ri("dublin")]].key == "north_atlantic"
    assert D.RAIL_NEIGHBOURS[ri("danzig")] == (ri("berlin"),)


def test_tables():
    assert D.BOND_COSTS == (2, 4, 6, 9, 12, 16, 20, 25, 30)
    assert D.BOND_INTEREST == (1, 2, 3, 4, 5, 6, 7, 8, 9)
    assert [D.power_factor(x) for x in (0, 4, 5, 9, 10, 14, 15, 17, 19, 20, 24, 25)] == \
        [0, 0, 1, 1, 2, 2, 3, 3, 3, 4, 4, 5]
    assert [D.tax_space(t) for t in (0, 4, 5, 6, 7, 14, 15, 25)] == [0, 0, 0, 1, 2, 9, 10, 10]
    assert [D.step_cost(k) for k in range(1, 7)] == [0, 0, 0, 2, 4, 6]
    assert sum(D.ARMY_LIMIT) == 48 and sum(D.FLEET_LIMIT) == 48
    assert D.RONDEL == ("factory", "production1", "maneuver1", "investor", "import", "production2",
                        "maneuver2", "taxation")


# ---------------------------------------------------------------- standard set-up
@pytest.mark.parametrize("n", [4, 5, 6])
def test_four_to_six_players_one_card_each(n):
    s = GAME.new_game(NAMES[:n], 3)
    assert s.cash == [2] * n
    assert sum(s.treasury) == 11 * n
    dealt = [p for p in range(6) if any(s.bonds[p][D.BOND_BY_COST[9]] == q for q in range(n))]
    assert len(dealt) == n
    for p in dealt:
        q = s.bonds[p][D.BOND_BY_COST[9]]
        assert s.gov[p] == q
        assert s.bonds[D.FLAG_CARD_PARTNER[p]][D.BOND_BY_COST[2]] == q
    check_invariants(s)


def test_flag_cards_are_dealt_at_random():
    deals = {tuple(GAME.new_game(NAMES[:6], seed).gov) for seed in range(20)}
    assert len(deals) > 5


def test_six_players_governments_and_investor_card():
    s = new(6)            # seat i holds power i's card
    assert s.gov == [0, 1, 2, 3, 4, 5]
    assert s.treasury == [11] * 6
    assert s.investor_card == 1           # left of Austria-Hungary's government
    assert s.swiss == [False] * 6
    assert s.round == 1 and dec(s).player == 0 and dec(s).kind == "rondel"
    assert not dec(s).private


def test_four_players_undealt_cards_go_to_the_two_million_holder():
    s = new(4, [AH, IT, FR, GB])          # GE and RU are not dealt
    # RU's 2M bond is on the GB card (seat 3); GE's 2M on the AH card (seat 0)
    assert s.gov[RU] == 3 and s.gov[GE] == 0
    assert s.treasury[RU] == 2 and s.treasury[GE] == 2
    assert s.treasury[FR] == 9            # its 2M bond is on the (undealt) RU card
    assert "The undealt flag card of Russia goes to Dee" in log_text(s)


def test_five_players_a_power_without_any_bond_is_skipped():
    s = new(5, [AH, IT, FR, GB, GE])      # RU undealt; its 2M bond is on the GB card
    assert s.gov[RU] == 3
    s = new(4, [IT, FR, GB, RU])          # AH's 2M (FR card) held; GE's 2M (AH card) not
    assert s.gov[GE] == -1 and s.treasury[GE] == 0
    assert dec(s).prompt.startswith("Austria-Hungary")
    for _ in range(4):                    # AH, IT, FR, GB take a turn; GE is skipped
        play(s, "space:production1")
    assert dec(s).prompt.startswith("Russia")
    assert "Germany has no government: its turn is skipped." in log_text(s)


def test_three_players_two_powers_each():
    s = new(3, [AH, IT, FR])
    assert s.cash == [2, 2, 2]
    assert s.gov == [0, 1, 2, 0, 2, 1]    # AH+GB, IT+RU, FR+GE
    assert s.investor_card == 1
    check_invariants(s)


def test_two_players_three_powers_each():
    s = new(2, [IT, AH])
    assert s.cash == [2, 2]
    assert s.gov == [1, 0, 1, 0, 1, 0]    # seat 1: AH, FR, GE; seat 0: IT, RU, GB
    assert s.treasury == [11] * 6
    assert s.investor_card == 0           # left of seat 1
    s = GAME.new_game(NAMES[:2], 5)
    assert sorted(s.gov.count(q) for q in range(2)) == [3, 3]


def test_options_are_validated():
    with pytest.raises(ValueError):
        GAME.new_game(NAMES[:3], 1, {"opening": "chaos"})
    with pytest.raises(ValueError):
        GAME.new_game(NAMES[:1], 1)
    with pytest.raises(ValueError):
        GAME.new_game(NAMES[:6] + ["Gus"], 1)


def test_the_view_is_plain_json_and_complete():
    s = new(6)
    v = GAME.view(s, None)
    assert json.loads(json.dumps(v)) == v
    assert [p["code"] for p in v["powers"]] == list(D.POWERS)
    assert v["powers"][0]["government"] == 0 and v["powers"][0]["treasury"] == 11
    assert {r["key"] for r in v["regions"]} == set(D.REGION_KEYS)
    assert v["players"][0]["governs"] == ["AH"] and v["players"][1]["investor_card"]
    assert v["turn_power"] == "AH" and v["acting_for"] == "AH" and v["actor"] == 0
    assert GAME.view(s, 3) == {**v, "viewer": 3}


# ---------------------------------------------------------------- experienced opening
def test_experienced_opening():
    s = GAME.new_game(NAMES[:3], 4, {"opening": "experienced"})
    assert s.cash == [28] * 3
    start = s.opening_start
    d = dec(s)
    assert d.kind == "opening" and d.player == start and d.prompt.startswith("Opening (Austria-Hungary)")
    assert "buy:25" in d and "buy:30" not in d and "pass" in d
    a, b, c = start, (start + 1) % 3, (start + 2) % 3
    play(s, "buy:9")                       # a: AH 9
    assert s.gov[AH] == a and s.cash[a] == 19 and s.treasury[AH] == 9
    play(s, "buy:6", "buy:12")             # b: AH 6 (no), c: AH 12 takes over
    assert s.gov[AH] == c
    # Italy: the first buyer is one seat further on
    assert dec(s).player == b and dec(s).prompt.startswith("Opening (Italy)")
    play(s, "buy:4", "buy:2", "pass")     # b: IT 4, c: IT 2 (less: b keeps Italy), a passes
    assert s.gov[IT] == b
    assert s.treasury[IT] == 6
    for _ in range(4 * 3):                 # FR, GB, GE, RU: everybody passes
        play(s, "pass")
    assert s.gov[FR] == s.gov[GB] == s.gov[GE] == s.gov[RU] == -1
    assert s.swiss == [q not in (b, c) for q in range(3)] and s.swiss[a]
    assert s.investor_card == (c + 1) % 3  # left of Austria-Hungary's government
    assert dec(s).kind == "rondel" and dec(s).player == c


def test_experienced_opening_somebody_must_buy():
    s = GAME.new_game(NAMES[:2], 1, {"opening": "experienced"})
    for _ in range(11):
        play(s, "pass")
    assert "pass" not in keys(s)           # the last asked player may not leave every power ungoverned
    play(s, "buy:2")
    assert s.gov[RU] >= 0 and dec(s).kind == "rondel"
