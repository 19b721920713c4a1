"""Civilization's map: terrain kinds, the 20 base tiles and the layouts for 2, 3 and 4 players.

Sources: ``docs/rules/civilization.md`` (§10: terrain icons, layouts, tile transcription) and its
companion ``civilization-data.md`` (D14, D15), which wins over §10 where they differ: its tiles spell
every yield out.  Only the base game's 6 home tiles and 14 neutral tiles are here.

A tile is 4x4 squares stored row-major, rows top to bottom as transcribed (rotation 0).  A square on
the full map is ``(row, col)`` counted in squares from the map's top-left corner; a tile position in a
layout is ``(tile_row, tile_col)`` counted in tiles.  Rotations are quarter turns clockwise.

Anything chosen here rather than read from a source is listed in ``HOUSE_DATA`` (key -> what was
assumed); the keys are ``layout:N``, ``tile:NAME`` or ``const:NAME`` (an attribute of this module).
No game state lives here: data plus tiny pure functions.
"""
from __future__ import annotations

import re
from collections.abc import Callable
from typing import NamedTuple

# -- terrain -------------------------------------------------------------------------------------------
GRASSLAND, FOREST, MOUNTAIN, DESERT, WATER = "grassland", "forest", "mountain", "desert", "water"
TERRAINS: tuple[str, ...] = (GRASSLAND, FOREST, MOUNTAIN, DESERT, WATER)
LAND_TERRAINS: tuple[str, ...] = (GRASSLAND, FOREST, MOUNTAIN, DESERT)
TERRAIN_LETTERS: dict[str, str] = {"G": GRASSLAND, "F": FOREST, "M": MOUNTAIN, "D": DESERT, "W": WATER}


class Yield(NamedTuple):
    """Icons printed on a square, building, wonder or great person (combat = the ⚔ battle bonus)."""
    production: int = 0
    trade: int = 0
    culture: int = 0
    coins: int = 0
    combat: int = 0


# Default icons of a bare square (§10.1 [M], two sources agree).
TERRAIN_YIELDS: dict[str, Yield] = {
    GRASSLAND: Yield(),
    FOREST: Yield(production=2),
    MOUNTAIN: Yield(production=1),
    DESERT: Yield(trade=1),
    WATER: Yield(trade=1),
}

# -- resources and markers printed on squares ----------------------------------------------------------
# Harvestable resource icons (the market kinds); spy and uranium never appear on the map.
RESOURCE_CODES: dict[str, str] = {"wh": "wheat", "si": "silk", "in": "incense", "ir": "iron"}
HUT, VILLAGE = "hut", "village"
MARKER_CODES: dict[str, str] = {"h": HUT, "v": VILLAGE}


class Square(NamedTuple):
    """One map square: terrain, printed icons, resource icon, and a hut/village icon (neutral tiles)."""
    terrain: str
    yields: Yield
    resource: str | None = None
    marker: str | None = None   # HUT or VILLAGE: a face-down marker is put here when the tile is revealed


_SQUARE_RE = re.compile(r"^([GFMDW])((?:\d[PTC$])*)(?:\.(wh|si|in|ir))?(?:\^([hv]))?$")
_YIELD_FIELD = {"P": "production", "T": "trade", "C": "culture", "$": "coins"}


def parse_square(code: str) -> Square:
    """``"F2P.wh"`` -> a forest yielding 2 production with a wheat icon (grammar of civilization-data.md D14:
    terrain letter, then ``nP nT nC n$`` yields, then ``.wh/.si/.in/.ir``, then ``^h`` hut or ``^v`` village)."""
    m = _SQUARE_RE.match(code)
    if m is None:
        raise ValueError(f"bad square code {code!r}")
    letter, ylds, res, mark = m.groups()
    amounts = {_YIELD_FIELD[k]: int(n) for n, k in re.findall(r"(\d)([PTC$])", ylds)}
    return Square(TERRAIN_LETTERS[letter], Yield(**amounts),
                  RESOURCE_CODES[res] if res else None, MARKER_CODES[mark] if mark else None)


# -- tiles ---------------------------------------------------------------------------------------------
TILE_SIZE = 4
SQUARES_PER_TILE = TILE_SIZE * TILE_SIZE


class Tile(NamedTuple):
    """A 4x4 map tile: a civilization's home tile (``civ`` set, capital square given) or a neutral tile."""
    name: str                          # the civ's name for a home tile, "N1".."N14" for neutral tiles
    civ: str | None
    squares: tuple[Square, ...]        # 16, row-major, rotation 0
    capital: tuple[int, int] | None    # (row, col) on the tile at rotation 0; home tiles only


# (name, capital or None, four rows).  Transcribed from civilization-data.md D14 (S1 RTILE*.json),
# identical to §10.4 except N3 row 1 col 2 (see DEVIATIONS).  Neutral ids are S1's file numbers;
# the printed tile numbers are unverified.
_TILE_TABLE: tuple[tuple[str, tuple[int, int] | None, tuple[str, str, str, str]], ...] = (
    ("America", (2, 2), ("W1T D1T W1T F2P.wh", "D1T D1T M1P.in F2P", "F2P M1P.si G W1T", "M1P.ir M1P W1T G")),
    ("China", (2, 1), ("M1P1C W1T F2P W1T.si", "M1P M1P F2P F2P", "M1P.ir D1T G G", "D1T D1T D1T G.wh")),
    ("Egypt", (2, 1), ("D1T F2P W1T.si M1P", "D1T F2P D1T D1T", "D1T.wh D1T G D1T", "F2P W1T M1P M1P.in")),
    ("Germany", (2, 2), ("M1P1$ M1P D1T G.wh", "F2P M1P M1P.ir F2P", "G M1P D1T W1T", "W1T.si G W1T W1T")),
    ("Rome", (1, 2), ("W1T.wh F2P M1P W1T", "F2P M1P G W1T", "W1T M1P D1T M1P.ir", "M1P D1T.in M1P F2P.si")),
    ("Russia", (2, 2), ("F2P.wh D1T G M1P.ir", "D1T F2P M1P W1T", "D1T M1P G W1T", "W1T W1T M1P M1P")),
    ("N1", None, ("G F2P F2P D1T", "W1T G^v F2P F2P", "W1T W1T G F2P^h", "W1T W1T W1T.si W1T")),
    ("N2", None, ("W1T W1T W1T W1T.si", "M1P F2P G D1T^v", "M1P.ir G^h M1P D1T", "W1T W1T W1T W1T")),
    ("N3", None, ("W1T F2P.wh F2P F2P", "W1T W1T F1$ W1T", "M1P M1P M1P W1T", "M1P D1T D1T G")),
    ("N4", None, ("M1P M1P G G^h", "M1P1$ D1T G F2P", "D1T G^v F2P F2P.wh", "D1T G W1T W1T")),
    ("N5", None, ("D1T D1T M1P M1P", "M1P M1P G^h F2P", "G G W1T F2P", "M1P.si F2P^h W1T W1T")),
    ("N6", None, ("F2P F2P D1T D1T", "M1P G^h F2P G", "G^v W1T F2P W1T", "F2P.wh W1T W1T W1T.si")),
    ("N7", None, ("F2P G F2P F2P", "F2P^h D1T G F2P", "D1T M1P W1T G^h", "M1P W1T M1P M1P.ir")),
    ("N8", None, ("M1P^h M1P F2P W1T", "M1P F2P G W1T", "M1P G^v M1P W1T", "M1P.in D1T D1T W1T")),
    ("N9", None, ("W1T F2P W1T F2P", "F2P G^v F2P G", "G F2P.wh G^v F2P", "D1T G D1T.in G")),
    ("N10", None, ("D1T D1T^h D1T D1T", "D1T.in G F2P F2P", "D1T M1P G1C F2P", "M1P D1T G^v G")),
    ("N11", None, ("F2P^h F2P M1P F2P", "F2P F2P G W1T", "M1P G G^h W1T", "F2P.wh D1T M1P M1P")),
    ("N12", None, ("M1P G G^h G", "D1T1C F2P W1T.si M1P", "D1T G^h W1T W1T", "W1T G W1T W1T")),
    ("N13", None, ("G^v W1T F2P F2P", "G.wh M1P M1P F2P", "F2P M1P M1P.ir G^h", "F2P F2P W1T G")),
    ("N14", None, ("G G^h M1P M1P", "W1T W1T W1T M1P", "D1T F2P.in F2P G", "D1T D1T G^h G")),
)

CIVS_WITH_TILES: tuple[str, ...] = ("America", "China", "Egypt", "Germany", "Rome", "Russia")
TILES: tuple[Tile, ...] = tuple(
    Tile(name, name if name in CIVS_WITH_TILES else None,
         tuple(parse_square(code) for row in rows for code in row.split()), cap)
    for name, cap, rows in _TILE_TABLE)
TILE_INDEX: dict[str, Tile] = {t.name: t for t in TILES}
HOME_TILES: dict[str, Tile] = {t.civ: t for t in TILES if t.civ}
NEUTRAL_TILES: tuple[Tile, ...] = tuple(t for t in TILES if t.civ is None)
# Printed icons on the neutral tiles: 17 huts and 9 villages; the box holds 20 / 10 markers.
NEUTRAL_HUT_ICONS = 17
NEUTRAL_VILLAGE_ICONS = 9

# Squares whose yields are not "terrain default + printed culture/coin": (tile, row, col) -> why.
DEVIATIONS: dict[tuple[str, int, int], str] = {
    ("N3", 1, 2): "forest printing 1 coin and no production (S1); §10.4's 'F.CO' read as 2P + coin",
}


# -- rotation ------------------------------------------------------------------------------------------
def rotate_rc(r: int, c: int, quarter_turns: int, size: int = TILE_SIZE) -> tuple[int, int]:
    """Where square (r, c) of an unrotated tile lands after ``quarter_turns`` clockwise quarter turns."""
    for _ in range(quarter_turns % 4):
        r, c = c, size - 1 - r
    return r, c


def rotate(squares: tuple, quarter_turns: int, size: int = TILE_SIZE) -> tuple:
    """A row-major ``size`` x ``size`` grid turned clockwise by ``quarter_turns`` x 90 degrees."""
    out = list(squares)
    for i, sq in enumerate(squares):
        r, c = rotate_rc(i // size, i % size, quarter_turns, size)
        out[r * size + c] = sq
    return tuple(out)


def tile_squares(tile: Tile, quarter_turns: int = 0) -> tuple[Square, ...]:
    """A tile's 16 squares, row-major, as laid with 0/1/2/3 quarter turns (0/90/180/270 degrees)."""
    return rotate(tile.squares, quarter_turns)


# Quadrants of a tile, named by compass point; each holds one of the 4 central squares.
QUADRANTS: tuple[str, ...] = ("NW", "NE", "SE", "SW")


def quadrant_of(r: int, c: int, size: int = TILE_SIZE) -> str:
    half = size // 2
    return ("N" if r < half else "S") + ("W" if c < half else "E")


def home_rotation(tile: Tile, facing: str) -> int:
    """Quarter turns that put a home tile's capital square in the ``facing`` quadrant (towards the map
    interior).  Every capital is a central square, so exactly one rotation fits."""
    assert tile.capital is not None, tile.name
    for q in range(4):
        if quadrant_of(*rotate_rc(*tile.capital, q)) == facing:
            return q
    raise ValueError(f"{tile.name}: no rotation faces {facing}")


# -- layouts -------------------------------------------------------------------------------------------
class HomeSlot(NamedTuple):
    """Where one player's home tile goes (face up) and which quadrant its capital faces."""
    tile_row: int
    tile_col: int
    facing: str


class Layout(NamedTuple):
    """The tile grid for one player count: home slots in seat order (clockwise), neutral slots face down."""
    players: int
    rows: int      # in tiles
    cols: int
    homes: tuple[HomeSlot, ...]
    neutral: tuple[tuple[int, int], ...]

    def positions(self) -> tuple[tuple[int, int], ...]:
        return tuple((h.tile_row, h.tile_col) for h in self.homes) + self.neutral


def _grid(rows: int, cols: int, skip: Callable[[int, int], bool] = lambda r, c: False) -> tuple[tuple[int, int], ...]:
    return tuple((r, c) for r in range(rows) for c in range(cols) if not skip(r, c))


def _layout(players: int, rows: int, cols: int, homes: tuple[HomeSlot, ...],
            skip: Callable[[int, int], bool] = lambda r, c: False) -> Layout:
    taken = {(h.tile_row, h.tile_col) for h in homes}
    return Layout(players, rows, cols, homes, tuple(p for p in _grid(rows, cols, skip) if p not in taken))


# Tiles per player count (§10.2): 2p 8, 3p 12, 4p 16.
TILE_COUNT: dict[int, int] = {2: 8, 3: 12, 4: 16}
LAYOUTS: dict[int, Layout] = {
    # S1's GAME2 pattern (2 wide x 4 long, homes in opposite corners) turned 90 degrees to suit a terminal.
    2: _layout(2, 2, 4, (HomeSlot(0, 0, "SE"), HomeSlot(1, 3, "NW"))),
    # 4x4 without the south-east 2x2 quadrant (an L); homes at the three outer corners.
    3: _layout(3, 4, 4, (HomeSlot(0, 0, "SE"), HomeSlot(0, 3, "SW"), HomeSlot(3, 0, "NE")),
               skip=lambda r, c: r >= 2 and c >= 2),
    4: _layout(4, 4, 4, (HomeSlot(0, 0, "SE"), HomeSlot(0, 3, "SW"), HomeSlot(3, 3, "NW"), HomeSlot(3, 0, "NE"))),
}


def map_size(players: int) -> tuple[int, int]:
    """(rows, cols) of the full map in squares."""
    lay = LAYOUTS[players]
    return lay.rows * TILE_SIZE, lay.cols * TILE_SIZE


def to_map(tile_row: int, tile_col: int, r: int, c: int) -> tuple[int, int]:
    """Square (r, c) of the tile at layout position (tile_row, tile_col) -> (row, col) on the map."""
    return tile_row * TILE_SIZE + r, tile_col * TILE_SIZE + c


def from_map(row: int, col: int) -> tuple[int, int, int, int]:
    """Map square (row, col) -> (tile_row, tile_col, r, c)."""
    return row // TILE_SIZE, col // TILE_SIZE, row % TILE_SIZE, col % TILE_SIZE


def map_squares(players: int) -> tuple[tuple[int, int], ...]:
    """Every (row, col) on the map that lies on a tile of this player count's layout."""
    return tuple(to_map(tr, tc, r, c) for tr, tc in LAYOUTS[players].positions()
                 for r in range(TILE_SIZE) for c in range(TILE_SIZE))


HOUSE_DATA: dict[str, str] = {
    "layout:2": "S1's 2p pattern (2 tiles wide, 4 long) turned 90 degrees: 2 rows x 4 columns; same game",
    "layout:3": "no source: the 4x4 grid minus its south-east quadrant, homes at the three outer corners [PH]",
    "layout:4": "no source data: 4x4, homes in the corners, 12 random neutral tiles [M]",
    "const:HomeSlot": "home tile turned so its capital faces the map interior ([L]); facing per slot chosen here",
}
