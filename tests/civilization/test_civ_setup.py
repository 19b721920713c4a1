"""Civilization's set-up (seed rules 4-22, section 2 rows 1-8)."""
from __future__ import annotations

import pytest

from boardgames_tui.games.civilization import data as D
from boardgames_tui.games.civilization.board import neighbours
from boardgames_tui.games.civilization.data_map import LAYOUTS, NEUTRAL_TILES, TILE_COUNT
from boardgames_tui.games.civilization.state import deal

NAMES = ["Ann", "Bob", "Cid", "Dee"]


def games(players, seeds=range(12)):
    return [deal(NAMES[:players], seed, {}) for seed in seeds]


@pytest.mark.parametrize("players", [2, 3, 4])
def test_the_map_has_the_homes_face_up_and_random_neutral_tiles_face_down(players):
    seen_orders = set()
    for s in games(players):
        tiles = s.board.tiles
        assert len(tiles) == TILE_COUNT[players]
        homes = [t for t in tiles if t.face_up]
        assert [t.name for t in homes] == [p.civ for p in s.players]
        neutral = [t.name for t in tiles if not t.face_up]
        assert len(neutral) == len(LAYOUTS[players].neutral) == len(set(neutral))
        assert set(neutral) <= {t.name for t in NEUTRAL_TILES}
        assert all(0 <= t.turns < 4 for t in tiles)
        seen_orders.add(tuple(neutral))
    assert len(seen_orders) > 1                      # drawn, not fixed


@pytest.mark.parametrize("players", [2, 3, 4])
def test_each_player_starts_as_the_seed_says(players):
    for s in games(players):
        assert len({p.civ for p in s.players}) == players
        for seat, p in enumerate(s.players):
            civ = D.CIV_INDEX[p.civ]
            assert p.techs == [civ.start_tech]                               # rule 19
            assert p.government == "Despotism"                               # rule 21, row 2
            assert p.coins == 0 and p.culture == 0                           # rule 22, row 1
            around = sum(s.board.yields(n).trade for n in neighbours(p.capital))
            assert p.trade == min(around, D.TRADE_MAX)                       # rule 22
            assert s.board.cities[p.capital].owner == seat and s.board.cities[p.capital].capital
            kinds = sorted(D.UNIT_CARDS[u].type for u in p.units)             # rule 8 (+ Germany)
            extra = ["infantry", "infantry"] if p.civ == "Germany" else []
            assert kinds == sorted(["infantry", "cavalry", "artillery"] + extra)
            assert p.ranks == {"infantry": 1, "cavalry": 1, "artillery": 1, "aircraft": 0}
            assert p.armies == D.ARMIES + (1 if p.civ == "Russia" else 0)
            assert p.scouts == D.SCOUTS and p.cities_left == 2
            assert s.board.cities[p.capital].walls == (p.civ == "China")
            assert len(p.great_people) == (1 if p.civ == "America" else 0)
            assert len(p.wonders) == (1 if p.civ == "Egypt" else 0)
        assert 0 <= s.start_player < players


def test_decks_and_markets():
    for s in games(3):
        taken = sum(len(p.wonders) for p in s.players)
        assert len(s.wonder_market) == D.WONDER_MARKET
        assert all(D.WONDER_INDEX[w].base for w in s.wonder_market)
        assert len(s.wonder_market) + len(s.wonder_deck) + taken == len(D.BASE_WONDERS)
        assert {lv: len(d) for lv, d in s.culture_decks.items()} == {
            lv: sum(c.count for c in D.CULTURE_CARDS if c.level == lv) for lv in (1, 2, 3)}
        dealt = sum(len(p.units) for p in s.players)
        assert sum(len(d) for d in s.unit_decks.values()) + dealt == sum(D.UNIT_DECK_SIZE.values())
        assert s.resource_pool == {r: 3 for r in D.MARKET_RESOURCES}             # row 8
        assert len(s.huts) == D.HUT_MARKER_COUNT and len(s.villages) == D.VILLAGE_MARKER_COUNT


def test_egypts_wonder_comes_from_the_market_which_is_refilled_from_the_medieval_stack():
    egypt = [s for s in games(4, range(40)) if any(p.civ == "Egypt" for p in s.players)]
    assert egypt
    for s in egypt:
        p = next(p for p in s.players if p.civ == "Egypt")
        assert D.WONDER_INDEX[p.wonders[0]].era == D.ANCIENT
        eras = [D.WONDER_INDEX[w].era for w in s.wonder_market]
        assert eras.count(D.ANCIENT) == 3 and eras.count(D.MEDIEVAL) == 1


def test_the_same_seed_deals_the_same_game():
    assert deal(NAMES[:4], 7, {}) == deal(NAMES[:4], 7, {})
    assert deal(NAMES[:4], 7, {}) != deal(NAMES[:4], 8, {})


def test_a_wrong_player_count_is_refused():
    with pytest.raises(ValueError, match="2 to 4"):
        deal(NAMES[:1], 1, {})
