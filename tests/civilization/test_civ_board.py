"""Civilization's map model: home tiles and capitals, squares, and the tests for founding a city
(rules 29-34, section 2 row 13)."""
from __future__ import annotations

import pytest

from boardgames_tui.games.civilization.board import (
    BUILDING, City, Figures, Structure, TilePlace, distance, neighbours, new_board,
)
from boardgames_tui.games.civilization.data_map import (
    CIVS_WITH_TILES, HUT, LAYOUTS, NEUTRAL_TILES, TILE_SIZE, VILLAGE, WATER, quadrant_of,
)


def board(players=2, civs=None, face_up=True):
    civs = civs or list(CIVS_WITH_TILES[:players])
    neutral = [(t.name, i % 4) for i, t in enumerate(NEUTRAL_TILES[: len(LAYOUTS[players].neutral)])]
    b, caps = new_board(civs, neutral)
    if face_up:
        for t in b.tiles:
            t.face_up = True
    return b, caps


@pytest.mark.parametrize("players", [2, 3, 4])
def test_every_capital_sits_on_its_home_tile_facing_the_map(players):
    for first in range(len(CIVS_WITH_TILES)):
        civs = [CIVS_WITH_TILES[(first + i) % 6] for i in range(players)]
        b, caps = board(players, civs, face_up=False)
        for seat, (cap, slot) in enumerate(zip(caps, LAYOUTS[players].homes)):
            assert (cap[0] // TILE_SIZE, cap[1] // TILE_SIZE) == (slot.tile_row, slot.tile_col)
            assert quadrant_of(cap[0] % TILE_SIZE, cap[1] % TILE_SIZE) == slot.facing
            assert b.cities[cap].owner == seat and b.cities[cap].capital
            # the capital's whole outskirts are on its own face-up tile
            assert all(b.square(n) is not None for n in neighbours(cap))


def test_face_down_tiles_show_nothing_until_turned():
    b, _ = board(2, face_up=False)
    down = [t for t in b.tiles if not t.face_up]
    assert len(down) == len(LAYOUTS[2].neutral)
    t = down[0]
    pos = (t.tile_row * TILE_SIZE, t.tile_col * TILE_SIZE)
    assert b.square(pos) is None and b.city_site_problem(pos, 0) is not None
    t.face_up = True
    assert b.square(pos) is not None


def land_site(b, player=0, away=4):
    """A square where a city may stand: tests then break one condition at a time."""
    for t in b.tiles:
        for r in range(TILE_SIZE):
            for c in range(TILE_SIZE):
                pos = (t.tile_row * TILE_SIZE + r, t.tile_col * TILE_SIZE + c)
                if b.city_site_problem(pos, player) is None and all(distance(pos, x) >= away for x in b.cities):
                    return pos
    raise AssertionError("no site")


def test_a_free_land_square_far_from_cities_is_a_site():
    b, _ = board(2)
    pos = land_site(b)
    assert b.square(pos).terrain != WATER


def test_a_city_needs_land():
    b, _ = board(2)
    water = next(p for t in b.tiles for p in [(t.tile_row * 4 + r, t.tile_col * 4 + c)
                                               for r in range(1, 3) for c in range(1, 3)]
                 if b.square(p) is not None and b.square(p).terrain == WATER)
    assert "water" in b.city_site_problem(water, 0)


def test_a_city_needs_eight_explored_squares_around_it():
    b, _ = board(2)
    edge = (0, 5)                       # the map's top row: squares above it are off the map
    assert "explored" in b.city_site_problem(edge, 0) or "water" in b.city_site_problem(edge, 0)


def test_no_city_next_to_a_hut_village_or_another_players_figure_or_structure():
    b, _ = board(2)
    pos = land_site(b)
    n = next(iter(neighbours(pos)))
    b.markers[n] = (HUT, None)
    assert "hut" in b.city_site_problem(pos, 0)
    del b.markers[n]
    b.figures[n] = Figures(1, armies=1)
    assert "figure" in b.city_site_problem(pos, 0)
    b.figures[n] = Figures(0, armies=1)          # one's own figure does not matter (it shifts aside)
    assert b.city_site_problem(pos, 0) is None
    b.structures[n] = Structure(BUILDING, "Granary", 1)
    assert "free" in b.city_site_problem(pos, 0)


def test_no_city_on_a_hut_or_village_square_itself():
    # rule 29: the founding scout stands there, and scouts never enter a hut or village square
    b, _ = board(2)
    pos = land_site(b)
    for kind in (HUT, VILLAGE):
        b.markers[pos] = (kind, None)
        assert "hut or a village" in b.city_site_problem(pos, 0)
    del b.markers[pos]
    assert b.city_site_problem(pos, 0) is None


def test_cities_stand_at_least_three_squares_apart_diagonals_counted():
    b, _ = board(2)
    pos = land_site(b)
    b.cities[(pos[0] + 3, pos[1] - 3)] = City(1)          # 3 away, diagonally: allowed
    assert b.city_site_problem(pos, 0) is None
    b.cities[(pos[0] - 2, pos[1] + 2)] = City(0)          # 2 away, diagonally, even one's own: refused
    assert b.city_site_problem(pos, 0) == "a city must be at least 3 squares from every other city"


def test_trade_around_a_city_skips_squares_with_enemy_figures():
    b, caps = board(2)
    cap = caps[0]
    full = b.outskirts_trade(cap, 0)
    trade_sq = next(n for n in neighbours(cap) if b.yields(n).trade > 0)
    b.figures[trade_sq] = Figures(1, scouts=1)
    assert b.outskirts_trade(cap, 0) == full - b.yields(trade_sq).trade


def test_a_structure_replaces_the_squares_icons():
    b, caps = board(2)
    n = next(p for p in neighbours(caps[0]) if b.square(p).terrain != WATER)
    b.structures[n] = Structure(BUILDING, "Workshop", 0)
    assert b.yields(n).production == 3 and b.yields(n).trade == 0


def test_a_copy_shares_nothing_that_changes():
    b, caps = board(2)
    c = b.copy()
    assert c == b
    c.tiles[-1].face_up = not c.tiles[-1].face_up
    c.figures[(0, 0)] = Figures(0, 1)
    c.cities[caps[0]].walls = True
    assert c != b and (0, 0) not in b.figures and not b.cities[caps[0]].walls


def test_tiles_compare_by_value():
    assert TilePlace(0, 0, "N1", 1, False) == TilePlace(0, 0, "N1", 1, False)


def test_explored_squares_are_those_of_face_up_tiles_in_tile_order():
    b, _ = board(2, face_up=False)
    home = b.tiles[0]
    assert list(b.explored()) == [p for t in b.tiles if t.face_up for p in t.positions()]
    assert home.positions()[0] == (home.tile_row * TILE_SIZE, home.tile_col * TILE_SIZE)
    assert len(set(b.explored())) == 16 * sum(t.face_up for t in b.tiles)
    assert all(b.square(p) is not None for p in b.explored())


def test_a_copy_and_its_original_see_their_own_tiles_after_either_turns_one():
    """The squares are cached per board and a copy starts with the original's cache: turning a tile up
    in one must not show it in the other."""
    b, _ = board(2, face_up=False)
    t = next(t for t in b.tiles if not t.face_up)
    pos = (t.tile_row * TILE_SIZE + 1, t.tile_col * TILE_SIZE + 2)
    assert b.square(pos) is None
    c = b.copy()
    assert c.square(pos) is None
    next(x for x in c.tiles if (x.tile_row, x.tile_col) == (t.tile_row, t.tile_col)).face_up = True
    assert c.square(pos) is not None and b.square(pos) is None
    t.face_up = True
    assert b.square(pos) == c.square(pos)


def test_coin_squares_are_the_squares_whose_icons_show_a_coin():
    b, caps = board(4)
    printed = {p for t in b.tiles for p in t.positions() if b.square(p).yields.coins}
    assert set(b.coin_squares()) == printed and printed
    n = next(iter(printed))
    b.structures[n] = Structure(BUILDING, "Workshop", 0)        # a building's icons replace the square's
    other = next(p for p in neighbours(caps[0]) if p not in printed and b.square(p).terrain != WATER)
    b.structures[other] = Structure(BUILDING, "Bank", 0)
    assert set(b.coin_squares()) == (printed - {n}) | {other}
