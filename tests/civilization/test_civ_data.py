"""Consistency of Civilization's static tables (``data.py``, ``data_map.py``) against the research counts."""
from __future__ import annotations

from collections import Counter

import pytest

from boardgames_tui.games.civilization import data as d
from boardgames_tui.games.civilization import data_map as m


# -- technologies ---------------------------------------------------------------------------------------
def test_36_techs_plus_space_flight():
    names = [t.name for t in d.TECHS]
    assert len(names) == len(set(names)) == 37
    assert sum(t.level < 5 for t in d.TECHS) == d.BASE_TECH_COUNT == 36
    assert [t.name for t in d.TECHS if t.level == 5] == [d.SPACE_FLIGHT]
    # base set: Computers, not the Fame & Fortune techs
    assert "Computers" in d.TECH_INDEX
    assert not {"Plastics", "Agriculture", "Mysticism", "Ecology", "Navy", "Logistics"} & set(names)


def test_pyramid_shape_per_level():
    assert Counter(t.level for t in d.TECHS) == {1: 10, 2: 10, 3: 9, 4: 7, 5: 1}
    assert dict(Counter(t.level for t in d.TECHS)) == d.TECHS_PER_LEVEL
    assert d.TECH_COST == {1: 6, 2: 11, 3: 16, 4: 21, 5: 26}


def test_pyramid_rule_minimum_for_space_flight():
    # adding cards cheapest-first, Space Flight needs at least 5/4/3/2 below it (15 techs)
    counts: dict[int, int] = {}
    for _ in range(40):
        lvl = max(lv for lv in range(1, 6) if d.pyramid_room(counts, lv))
        counts[lvl] = counts.get(lvl, 0) + 1
        if lvl == 5:
            break
    assert counts == {1: 5, 2: 4, 3: 3, 4: 2, 5: 1}
    assert not d.pyramid_room({1: 1}, 2) and d.pyramid_room({1: 2}, 2)
    assert not d.pyramid_room({3: 3, 4: 1}, 5) and d.pyramid_room({4: 2}, 5)


def test_tech_unlocks_name_real_entries():
    for t in d.TECHS:
        if t.building:
            b = d.BUILDING_INDEX[t.building]
            assert b.tech == t.name and b.basic is None, t.name
        if t.upgrade:
            b = d.BUILDING_INDEX[t.upgrade]
            assert b.tech == t.name and b.basic is not None, t.name
        if t.government:
            assert d.GOVERNMENT_INDEX[t.government].unlocked_by == t.name
        if t.unit:
            utype, rank = t.unit
            assert 1 <= rank <= len(d.UNIT_TYPE_INDEX[utype].ranks), t.name
        assert t.water in (None, d.CROSS, d.END)
        assert t.coins in (0, 1) and t.coin_slots in (0, d.COIN_SLOTS)
        for a in t.abilities:
            assert a.when in d.WHEN, (t.name, a.tag)
            assert (a.resource is None) == (a.count == 0), (t.name, a.tag)
            assert a.resource in (None, d.ANY_RESOURCE) or a.resource in {r.name for r in d.RESOURCES}


def test_every_building_government_and_unit_rank_has_its_tech():
    for b in d.BUILDINGS:
        t = d.TECH_INDEX[b.tech]
        assert b.name in (t.building, t.upgrade)
    for g in d.GOVERNMENTS:
        if g.unlocked_by:
            assert d.TECH_INDEX[g.unlocked_by].government == g.name
    assert {g.name for g in d.GOVERNMENTS if g.unlocked_by is None} == {d.START_GOVERNMENT, d.ANARCHY}
    # each rank above I (and aircraft's only rank) comes from exactly one tech
    ranks = Counter(t.unit for t in d.TECHS if t.unit)
    want = {(u.key, r) for u in d.UNIT_TYPES for r in range(2, len(u.ranks) + 1)} | {(d.AIRCRAFT, 1)}
    assert set(ranks) == want and set(ranks.values()) == {1}


def test_limits_from_techs_match_the_research_table():
    def by(field):
        return {t.name: getattr(t, field) for t in d.TECHS if getattr(t, field)}
    assert by("speed") == {"Horseback Riding": 3, "Sailing": 4}
    assert by("stacking") == {"Masonry": 3, "Biology": 5, "Replaceable Parts": 6}
    assert by("water") == {"Navigation": d.CROSS, "Sailing": d.END, "Flight": d.END}
    assert by("city_limit") == {"Irrigation": 3}
    assert by("culture_hand") == {"Pottery": 1, "Civil Service": 1, "Theology": 1}
    assert by("coins") == {"Civil Service": 1, "Railroad": 1}
    assert set(by("coin_slots")) == {"Pottery", "Code of Laws", "Democracy", "Printing Press"}
    assert by("city_walls") == {"Masonry": True}
    assert d.BASE_SPEED == 2 and d.BASE_STACKING == 2 and d.BASE_CITY_LIMIT == 2 and d.BASE_CULTURE_HAND == 2


# -- civilizations ------------------------------------------------------------------------------------
def test_civilizations():
    assert [c.name for c in d.CIVS] == list(m.CIVS_WITH_TILES)
    starts = {c.name: c.start_tech for c in d.CIVS}
    assert starts == {"America": "Currency", "China": "Writing", "Egypt": "Construction",
                      "Germany": "Metalworking", "Rome": "Code of Laws", "Russia": "Communism"}
    for c in d.CIVS:
        assert c.start_tech in d.TECH_INDEX and c.start_tech != d.SPACE_FLIGHT
        assert c.capital == m.HOME_TILES[c.name].capital
        assert all(a.when in d.WHEN for a in c.abilities)
    assert d.START_GOVERNMENT == "Despotism" in d.GOVERNMENT_INDEX
    # seed row 2: Rome and Russia may adopt the government their start tech unlocks
    assert d.TECH_INDEX["Code of Laws"].government == "Republic"
    assert d.TECH_INDEX["Communism"].government == "Communism"


# -- buildings, wonders ------------------------------------------------------------------------------------
def test_buildings():
    assert len(d.BUILDINGS) == 14 and d.STAR_BUILDINGS_PER_CITY == 1
    assert sum(b.markers for b in d.BUILDINGS) == d.BUILDING_MARKERS == 49
    for b in d.BUILDINGS:
        assert b.terrains and set(b.terrains) <= set(m.TERRAINS), b.name
        assert all(v >= 0 for v in b.yields) and b.cost > 0
        if b.upgrade:
            up = d.BUILDING_INDEX[b.upgrade]
            assert up.basic == b.name and up.terrains == b.terrains and up.star == b.star
            assert up.cost > b.cost and up.markers == 0
            assert d.TECH_INDEX[up.tech].level > d.TECH_INDEX[b.tech].level
        if b.basic:
            assert d.BUILDING_INDEX[b.basic].upgrade == b.name
        else:
            assert b.markers > 0
    assert {b.name for b in d.BUILDINGS if b.star} == {"Market", "Bank", "Barracks", "Academy", "Temple",
                                                         "Cathedral"}
    assert d.BUILDING_INDEX["Harbor"].terrains == (m.WATER,)


def test_wonders():
    assert len({w.name for w in d.WONDERS}) == len(d.WONDERS)
    assert len(d.BASE_WONDERS) == 12
    assert Counter(w.era for w in d.BASE_WONDERS) == {e: d.WONDERS_PER_ERA for e in d.ERAS}
    assert "Angkor Wat" in {w.name for w in d.BASE_WONDERS}
    full = {d.ANCIENT: 15, d.MEDIEVAL: 20, d.MODERN: 25}
    for w in d.WONDERS:
        assert w.discount_tech in d.TECH_INDEX and w.discount_tech != d.SPACE_FLIGHT, w.name
        assert w.cost == full[w.era] and 0 < w.reduced_cost < w.cost, w.name
        assert w.culture == d.WONDER_CULTURE[w.era] and w.abilities
        assert all(a.when in d.WHEN for a in w.abilities)
    assert set(d.WONDER_TERRAINS) == set(m.TERRAINS)   # seed: any square next to the city


# -- units --------------------------------------------------------------------------------------------
def test_unit_deck():
    per_type = Counter()
    for card in d.UNIT_CARDS:
        ut = d.UNIT_TYPE_INDEX[card.type]
        assert len(card.strength) == len(ut.ranks)
        assert list(card.strength) == sorted(card.strength)
        per_type[card.type] += card.count
    assert per_type == d.UNIT_DECK_SIZE == {d.INFANTRY: 15, d.CAVALRY: 15, d.ARTILLERY: 15, d.AIRCRAFT: 8}
    assert sum(per_type.values()) + d.COMBAT_BONUS_CARDS == 55
    # 3 / 9 / 3 per land type
    for t in (d.INFANTRY, d.CAVALRY, d.ARTILLERY):
        assert sorted(c.count for c in d.UNIT_CARDS if c.type == t) == [3, 3, 9]


def test_trump_cycle():
    trumps = {u.key: u.trumps for u in d.UNIT_TYPES}
    assert trumps == {d.INFANTRY: d.CAVALRY, d.CAVALRY: d.ARTILLERY, d.ARTILLERY: d.INFANTRY, d.AIRCRAFT: None}
    assert d.UNIT_COST == (5, 7, 9, 11) and d.AIRCRAFT_COST == 12
    assert sorted(d.START_UNITS) == sorted([d.INFANTRY, d.CAVALRY, d.ARTILLERY])


# -- culture ------------------------------------------------------------------------------------------
def test_culture_track():
    track = d.CULTURE_TRACK
    assert len(track) == d.CULTURE_SPACES == 21
    assert [s.number for s in track] == list(range(1, 22))
    assert d.CULTURE_START == 0
    costs = {(s.culture, s.trade) for s in track[:7]}, {(s.culture, s.trade) for s in track[7:14]}, \
        {(s.culture, s.trade) for s in track[14:]}
    assert costs == ({(3, 0)}, {(5, 3)}, {(7, 6)})
    assert [s.number for s in track if s.reward == d.GREAT_PERSON] == [3, 7, 12, 18]
    assert [s.number for s in track if s.reward == d.VICTORY] == [21] == [d.CULTURE_VICTORY_SPACE]
    assert all(s.reward == d.CARD for s in track if s.number not in (3, 7, 12, 18, 21))


def test_culture_cards():
    names = [c.name for c in d.CULTURE_CARDS]
    assert len(names) == len(set(names))
    sizes = Counter()
    for c in d.CULTURE_CARDS:
        assert c.level in (1, 2, 3) and c.count >= 1 and c.ability.when in d.WHEN
        sizes[c.level] += c.count
    assert sizes == d.CULTURE_DECK_SIZE
    # every level a culture-track card space draws from has cards
    assert {s.level for s in d.CULTURE_TRACK if s.reward == d.CARD} <= set(sizes)
    for name, kinds in d.GIFT_RESOURCES.items():
        assert d.CULTURE_CARD_INDEX[name].ability.tag == "act_as_resource"
        assert set(kinds) <= {r.name for r in d.RESOURCES}


def test_great_people_and_markers():
    assert len(d.GREAT_PEOPLE) == 6
    assert sum(g.count for g in d.GREAT_PEOPLE) == d.GREAT_PERSON_MARKERS == 18
    assert d.GREAT_PERSON_INDEX["General"].yields.combat == 4
    resources = {r.name for r in d.RESOURCES}
    assert set(d.MARKET_RESOURCES) == {"wheat", "silk", "incense", "iron"}
    assert sum(d.HUT_MARKERS.values()) == d.HUT_MARKER_COUNT == 20
    assert sum(d.VILLAGE_MARKERS.values()) == d.VILLAGE_MARKER_COUNT == 10
    assert set(d.HUT_MARKERS) <= resources
    assert set(d.VILLAGE_MARKERS) <= resources | {d.GREAT_PERSON}
    # enough markers for the printed icons
    assert d.HUT_MARKER_COUNT >= m.NEUTRAL_HUT_ICONS and d.VILLAGE_MARKER_COUNT >= m.NEUTRAL_VILLAGE_ICONS


def test_victory_thresholds():
    assert d.COIN_VICTORY == 15 and d.TECH_VICTORY == d.SPACE_FLIGHT
    assert d.TECH_INDEX[d.SPACE_FLIGHT].abilities[0].tag == "technology_victory"
    assert d.CULTURE_TRACK[-1].reward == d.VICTORY


# -- map ----------------------------------------------------------------------------------------------
def test_tiles_are_16_known_squares():
    assert len(m.TILES) == 20 and len(m.HOME_TILES) == 6 and len(m.NEUTRAL_TILES) == 14
    assert len({t.name for t in m.TILES}) == 20
    for t in m.TILES:
        assert len(t.squares) == m.SQUARES_PER_TILE == 16, t.name
        for i, sq in enumerate(t.squares):
            assert sq.terrain in m.TERRAINS, (t.name, i)
            assert sq.resource in (None, *m.RESOURCE_CODES.values())
            assert sq.marker in (None, m.HUT, m.VILLAGE)
            d_ = m.TERRAIN_YIELDS[sq.terrain]
            if (t.name, i // 4, i % 4) not in m.DEVIATIONS:
                # a square prints its terrain's icons, plus at most a culture or coin icon
                assert (sq.yields.production, sq.yields.trade) == (d_.production, d_.trade), (t.name, i)
            assert sq.yields.combat == 0


def test_tile_markers_and_capitals():
    huts = sum(sq.marker == m.HUT for t in m.NEUTRAL_TILES for sq in t.squares)
    villages = sum(sq.marker == m.VILLAGE for t in m.NEUTRAL_TILES for sq in t.squares)
    assert (huts, villages) == (m.NEUTRAL_HUT_ICONS, m.NEUTRAL_VILLAGE_ICONS) == (17, 9)
    for t in m.HOME_TILES.values():
        assert all(sq.marker is None for sq in t.squares), t.name
        r, c = t.capital
        assert r in (1, 2) and c in (1, 2), t.name            # a central square
        assert t.squares[r * 4 + c].terrain != m.WATER
    for t in m.NEUTRAL_TILES:
        assert t.capital is None and t.civ is None


def test_parse_square():
    assert m.parse_square("F2P.wh") == m.Square(m.FOREST, m.Yield(production=2), "wheat", None)
    assert m.parse_square("G^v").marker == m.VILLAGE
    assert m.parse_square("M1P1$").yields == m.Yield(production=1, coins=1)
    with pytest.raises(ValueError):
        m.parse_square("X1P")


def test_rotation():
    grid = tuple(range(16))
    assert m.rotate(grid, 1) == (12, 8, 4, 0, 13, 9, 5, 1, 14, 10, 6, 2, 15, 11, 7, 3)
    for t in m.TILES:
        sq = t.squares
        assert m.tile_squares(t, 0) == sq
        assert m.rotate(m.rotate(m.rotate(m.rotate(sq, 1), 1), 1), 1) == sq
        assert m.tile_squares(t, 4) == sq and m.rotate(m.rotate(sq, 1), 1) == m.tile_squares(t, 2)
    for r in range(4):
        for c in range(4):
            assert m.rotate_rc(r, c, 4) == (r, c)
            rr, cc = m.rotate_rc(r, c, 1)
            assert m.rotate(grid, 1)[rr * 4 + cc] == r * 4 + c


def test_layouts():
    assert set(m.LAYOUTS) == {2, 3, 4}
    for n, lay in m.LAYOUTS.items():
        pos = lay.positions()
        assert lay.players == n and len(lay.homes) == n
        assert len(pos) == len(set(pos)) == m.TILE_COUNT[n]
        assert len(lay.neutral) <= len(m.NEUTRAL_TILES)
        assert all(0 <= r < lay.rows and 0 <= c < lay.cols for r, c in pos)
        assert all(h.facing in m.QUADRANTS for h in lay.homes)
        rows, cols = m.map_size(n)
        squares = m.map_squares(n)
        assert len(squares) == len(set(squares)) == 16 * len(pos)
        assert all(0 <= r < rows and 0 <= c < cols for r, c in squares)
    assert {n: m.TILE_COUNT[n] for n in m.LAYOUTS} == {2: 8, 3: 12, 4: 16}


@pytest.mark.parametrize("players", [2, 3, 4])
def test_home_rotation_faces_the_interior(players):
    lay = m.LAYOUTS[players]
    for tile in m.HOME_TILES.values():
        for h in lay.homes:
            q = m.home_rotation(tile, h.facing)
            r, c = m.rotate_rc(*tile.capital, q)
            assert m.quadrant_of(r, c) == h.facing
            row, col = m.to_map(h.tile_row, h.tile_col, r, c)
            # the capital's 8 neighbours all lie on the map
            on_map = set(m.map_squares(players))
            assert all((row + dr, col + dc) in on_map for dr in (-1, 0, 1) for dc in (-1, 0, 1))


def test_map_coordinates_round_trip():
    for row, col in m.map_squares(4):
        assert m.to_map(*m.from_map(row, col)) == (row, col)


# -- house data ---------------------------------------------------------------------------------------
_TABLES = {
    "tech": d.TECH_INDEX, "government": d.GOVERNMENT_INDEX, "building": d.BUILDING_INDEX,
    "wonder": d.WONDER_INDEX, "culture_card": d.CULTURE_CARD_INDEX, "civ": d.CIV_INDEX,
    "great_person": d.GREAT_PERSON_INDEX,
}


def test_house_data_keys_name_real_entries():
    assert d.HOUSE_DATA and m.HOUSE_DATA
    for key, why in d.HOUSE_DATA.items():
        kind, _, name = key.partition(":")
        assert why.strip(), key
        if kind == "const":
            assert hasattr(d, name), key
        else:
            assert name in _TABLES[kind], key
    for key, why in m.HOUSE_DATA.items():
        kind, _, name = key.partition(":")
        assert why.strip(), key
        if kind == "layout":
            assert int(name) in m.LAYOUTS, key
        elif kind == "tile":
            assert name in m.TILE_INDEX, key
        else:
            assert kind == "const" and hasattr(m, name), key
