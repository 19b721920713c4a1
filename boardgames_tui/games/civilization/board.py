"""Civilization's map as the rules see it: tiles face up or down, squares, what stands on them, and the
tests for founding a city.

A square is ``(row, col)`` on the full map (``data_map.to_map``).  The map holds plain dicts keyed by
square, so a state copies cheaply and compares by value:

* ``tiles``: one :class:`TilePlace` per layout position; a face-down tile's name and turn are hidden
  information (nobody has seen them: a view blanks them, ``determinize`` deals them afresh);
* ``figures``: who stands where.  In a peaceful game a square never holds two players' figures (an army
  may not enter an enemy square, a pioneer not one with enemy units), so a square has one owner;
* ``cities``, ``structures`` (a building, a wonder or a great person: one per square, rule 46 and 53),
  ``markers`` (the face-down hut and village markers on revealed tiles).

The seed's "pioneer" is the research's scout; the code says scout.
"""
from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from collections.abc import Iterator
from typing import Any

from ...engine.steps import PlainData
from . import data as D
from .data import structure_yield
from .data_map import (
    HOME_TILES, LAYOUTS, TERRAIN_YIELDS, TILE_INDEX, TILE_SIZE, WATER, Square, Yield, home_rotation,
    tile_squares, to_map,
)

Pos = tuple[int, int]
Moving = str | tuple[int, int]   # what moves: "army", "scout", or a group's (armies, scouts)

MIN_CITY_DISTANCE = 3     # rule 34: at least 3 squares from every city, diagonal steps counted


_TILE_EDITS = [0]   # changes to any placed tile so far: a board's square cache is good while it holds


class TilePlace(PlainData):
    """A tile on the map: where (in tiles), which tile and how it is turned, face up or not."""
    tile_row: int
    tile_col: int
    name: str | None          # None in a view of a face-down tile
    turns: int                # clockwise quarter turns
    face_up: bool

    def __setattr__(self, name: str, value: Any) -> None:
        if name in self.__dict__:         # a change, not the first setting in __init__
            _TILE_EDITS[0] += 1
            object.__setattr__(self, name, value)
            _TILE_EDITS[0] += 1           # again: a cache another thread built in between is stale too
        else:
            object.__setattr__(self, name, value)

    def positions(self) -> list[Pos]:
        """Its 16 map squares, row-major (the order of ``placed_squares``)."""
        r0, c0 = self.tile_row * TILE_SIZE, self.tile_col * TILE_SIZE
        return [(r0 + i // TILE_SIZE, c0 + i % TILE_SIZE) for i in range(TILE_SIZE * TILE_SIZE)]


class Figures(PlainData):
    """One player's figures on a square."""
    owner: int
    armies: int = 0
    scouts: int = 0

    def count(self) -> int:
        return self.armies + self.scouts


class City(PlainData):
    owner: int
    capital: bool = False
    walls: bool = False


@dataclass(frozen=True, slots=True)
class Structure:
    """A building, wonder or great person on a square (``kind`` says which); it replaces the square's own
    icons (rule 46).  Frozen: one is replaced, never changed, so copies of the board share them."""
    kind: str                 # BUILDING, WONDER or GREAT_PERSON
    name: str
    owner: int


BUILDING, WONDER, GREAT_PERSON = "building", "wonder", "great_person"   # Structure kinds


@cache
def placed_squares(name: str, turns: int) -> tuple[Square, ...]:
    """A tile's 16 squares as laid (cached: tiles never change)."""
    return tile_squares(TILE_INDEX[name], turns)


@cache
def neighbours(pos: Pos) -> tuple[Pos, ...]:
    """The 8 squares around ``pos`` (a city's outskirts), off-map ones included.  Cached, as
    ``orthogonal``: the rules ask them of a few hundred squares, hundreds of thousands of times."""
    r, c = pos
    return tuple((r + dr, c + dc) for dr in (-1, 0, 1) for dc in (-1, 0, 1) if dr or dc)


@cache
def orthogonal(pos: Pos) -> tuple[Pos, ...]:
    """The 4 squares one step away (a figure's steps)."""
    r, c = pos
    return (r - 1, c), (r, c + 1), (r + 1, c), (r, c - 1)


def distance(a: Pos, b: Pos) -> int:
    """Steps between two squares, diagonal steps counted (rule 34)."""
    return max(abs(a[0] - b[0]), abs(a[1] - b[1]))


def tile_at(tiles: list[TilePlace], pos: Pos) -> TilePlace | None:
    tr, tc = pos[0] // TILE_SIZE, pos[1] // TILE_SIZE
    if pos[0] < 0 or pos[1] < 0:
        return None
    for t in tiles:
        if t.tile_row == tr and t.tile_col == tc:
            return t
    return None


def square(tiles: list[TilePlace], pos: Pos) -> Square | None:
    """The printed square at ``pos``: None off the map or on a face-down tile."""
    t = tile_at(tiles, pos)
    if t is None or not t.face_up:
        return None
    return placed_squares(t.name, t.turns)[(pos[0] % TILE_SIZE) * TILE_SIZE + pos[1] % TILE_SIZE]


def on_map(tiles: list[TilePlace], pos: Pos) -> bool:
    return tile_at(tiles, pos) is not None


def capital_square(slot_row: int, slot_col: int, civ: str, facing: str) -> tuple[int, Pos]:
    """A home tile's quarter turns in its layout slot and its capital's map square."""
    tile = HOME_TILES[civ]
    turns = home_rotation(tile, facing)
    assert tile.capital is not None, civ         # every home tile has its capital square
    r, c = tile.capital
    for _ in range(turns):
        r, c = c, TILE_SIZE - 1 - r
    return turns, to_map(slot_row, slot_col, r, c)


def new_board(civs: list[str], neutral: list[tuple[str, int]]) -> tuple[Board, list[Pos]]:
    """The map for ``len(civs)`` players: each home tile face up in its seat's slot, turned so its
    capital faces inward, and ``neutral`` (tile name, quarter turns) face down on the other slots in
    layout order.  Returns the board (capitals founded, walls not yet) and the capitals' squares."""
    layout = LAYOUTS[len(civs)]
    if len(neutral) != len(layout.neutral):
        raise ValueError(f"{len(civs)} players need {len(layout.neutral)} neutral tiles, not {len(neutral)}")
    tiles, capitals = [], []
    for _seat, (civ, slot) in enumerate(zip(civs, layout.homes)):
        turns, cap = capital_square(slot.tile_row, slot.tile_col, civ, slot.facing)
        tiles.append(TilePlace(slot.tile_row, slot.tile_col, civ, turns, True))
        capitals.append(cap)
    for (tr, tc), (name, turns) in zip(layout.neutral, neutral):
        tiles.append(TilePlace(tr, tc, name, turns % 4, False))
    board = Board(tiles, {}, {cap: City(seat, capital=True) for seat, cap in enumerate(capitals)}, {}, {}, {})
    return board, capitals


# Names of the buildings, wonders and great people whose icons include a coin (names never collide).
_COIN_STRUCTURES = frozenset(
    [b.name for b in D.BUILDINGS if b.yields.coins] + [g.name for g in D.GREAT_PEOPLE if g.yields.coins]
    + [w.name for w in D.WONDERS if structure_yield(WONDER, w.name).coins])


class Board(PlainData):
    """Everything on the map."""
    tiles: list[TilePlace]
    figures: dict[Pos, Figures]
    cities: dict[Pos, City]
    structures: dict[Pos, Structure]
    markers: dict[Pos, tuple[str, str | None]]   # pos -> (HUT or VILLAGE, content); content None in a view
    disasters: dict[Pos, str] | None = None      # pos -> the terrain a disaster marker turned it into

    _cache_attrs = ("_squares",)   # the square cache below: derived from the tiles

    def copy(self) -> Board:
        out = super().copy()
        cache = self.__dict__.get("_squares")
        if cache is not None and cache[0] == _TILE_EDITS[0] and cache[4] is self.disasters:
            # the same tiles, face up alike, and equal disasters (the copy's own dict)
            out.__dict__["_squares"] = (cache[0], out.tiles, cache[2], cache[3], out.disasters, cache[5],
                                        cache[6])
        return out

    # Fields only: the square cache below is not part of the state's value.
    def __eq__(self, other: object) -> bool:
        return type(self) is type(other) and all(
            getattr(self, f) == getattr(other, f) for f in self._fields)

    __hash__ = None

    # -- reading ---------------------------------------------------------------------------------------
    def _cache(self) -> tuple:
        """(tile edits, the tile list, every square on a face-up tile -> its printed :class:`Square`, the
        printed coin squares, the disasters dict, every square as it stands now, the squares of the
        face-down tiles), cached.  Random play
        asked for a square a hundred times a choice; a scan of the tiles for each was a third of its
        time.  The cache holds while no tile anywhere has changed (``TilePlace`` counts changes), the
        tile list is the same and so is the disasters dict (replaced, never changed in place, when a
        disaster strikes); a copy of the board shares it."""
        cache = self.__dict__.get("_squares")
        if (cache is None or cache[0] != _TILE_EDITS[0] or cache[1] is not self.tiles
                or cache[4] is not self.disasters):
            squares: dict[Pos, Square] = {}
            hidden: set[Pos] = set()
            for t in self.tiles:
                if t.face_up:
                    squares.update(zip(t.positions(), placed_squares(t.name, t.turns)))
                else:
                    hidden.update(t.positions())
            coins = frozenset(p for p, sq in squares.items() if sq.yields.coins)
            now = squares
            if self.disasters:
                now = dict(squares)
                for pos, terrain in self.disasters.items():
                    sq = squares.get(pos)
                    if sq is not None:
                        now[pos] = Square(terrain, TERRAIN_YIELDS[terrain], None, sq.marker)
            cache = (_TILE_EDITS[0], self.tiles, squares, coins, self.disasters, now, frozenset(hidden))
            self.__dict__["_squares"] = cache
        return cache

    def _printed(self) -> dict:
        """Every square on a face-up tile -> its printed :class:`Square`."""
        return self._cache()[2]

    def squares(self) -> dict[Pos, Square]:
        """Every explored square -> :meth:`square`: for loops that read many (do not change it)."""
        return self._cache()[5]

    def coin_squares(self) -> list[Pos]:
        """Every square whose icons (printed or a structure's) show a coin now."""
        cache = self._cache()
        out = [p for p in cache[3]
               if p not in self.structures and not (self.disasters and p in self.disasters)]
        out += [p for p, st in self.structures.items() if st.name in _COIN_STRUCTURES]
        return out

    def may_show_coin(self, pos: Pos) -> bool:
        """Is ``pos`` printed with a coin or does a coin structure stand there (``coin_squares``, for
        one square, leaning to yes: a structure or disaster may hide a printed coin)?"""
        if pos in self._cache()[3]:
            return True
        st = self.structures.get(pos)
        return st is not None and st.name in _COIN_STRUCTURES

    def face_down(self) -> frozenset[Pos]:
        """Every square of a face-down tile (which exploring turns up)."""
        return self._cache()[6]

    def coin_squares_at_most(self) -> int:
        """A bound on ``len(coin_squares())`` read without building it: the printed coin squares and
        every structure."""
        return len(self._cache()[3]) + len(self.structures)

    def tile_at(self, pos: Pos) -> TilePlace | None:
        """The tile holding ``pos`` (None off the map)."""
        return tile_at(self.tiles, pos)

    def explored(self) -> Iterator[Pos]:
        """Every square on a face-up tile."""
        for t in self.tiles:
            if t.face_up:
                yield from t.positions()

    def square(self, pos: Pos) -> Square | None:
        """The square as it stands: printed, or turned into other terrain by a disaster (culture cards:
        Drought, Deforestation, Flooding), which keeps nothing of the printed icons."""
        cache = self.__dict__.get("_squares")
        if (cache is None or cache[0] != _TILE_EDITS[0] or cache[1] is not self.tiles
                or cache[4] is not self.disasters):
            cache = self._cache()
        return cache[5].get(pos)

    def yields(self, pos: Pos) -> Yield:
        """What the square gives its city: a structure's icons replace the square's own (rule 46)."""
        st = self.structures.get(pos)
        if st is not None:
            return structure_yield(st.kind, st.name)
        sq = self.square(pos)
        return sq.yields if sq is not None else Yield()

    def city_of(self, pos: Pos) -> Pos | None:
        """The city whose outskirts hold ``pos`` (outskirts never overlap, rule 34)."""
        for n in neighbours(pos):
            if n in self.cities:
                return n
        return None

    def enemy_figures(self, pos: Pos, player: int) -> bool:
        f = self.figures.get(pos)
        return f is not None and f.owner != player and f.count() > 0

    def city_site_problem(self, pos: Pos, player: int) -> str | None:
        """Why ``player`` may not found a city on ``pos`` (None: he may).  Rules 29-34 with section 2 row 13:
        the square and its 8 neighbours lie on face-up tiles, the square is land, no neighbour holds a
        city, building, wonder or great person, no hut or village marker and no other player's figure is
        next to it (on it, too), and every city is at least 3 squares away.  A hut or village marker on
        the square itself stops it too: the founding scout must stand there (rule 29) and scouts never
        enter a hut or village square (section 9, RULES.md "Entering"); rule 32 keeps even the squares
        next to a marker free of cities."""
        sq = self.square(pos)
        if sq is None:
            return "the square is not on an explored tile"
        if sq.terrain == WATER:
            return "a city cannot stand on water"
        if pos in self.cities or pos in self.structures:
            return "the square is not free"
        if pos in self.markers:
            return "a city may not stand on a hut or a village"
        f = self.figures.get(pos)
        if f is not None and f.owner != player:
            return "another player's figure stands there"
        for n in neighbours(pos):
            if self.square(n) is None:
                return "every square around a city must be on the map and explored"
            if n in self.cities or n in self.structures:
                return "the squares around a city must be free"
            if n in self.markers:
                return "a city may not stand next to a hut or a village"
            if self.enemy_figures(n, player):
                return "a city may not stand next to another player's figure"
        for c in self.cities:
            if distance(pos, c) < MIN_CITY_DISTANCE:
                return f"a city must be at least {MIN_CITY_DISTANCE} squares from every other city"
        return None

    def outskirts_trade(self, city: Pos, player: int) -> int:
        """Trade icons around a city, not counting squares with another player's figure (rule 38)."""
        return sum(self.yields(n).trade for n in neighbours(city)
                   if self.square(n) is not None and not self.enemy_figures(n, player))
