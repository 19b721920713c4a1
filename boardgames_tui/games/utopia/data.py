"""Utopia's tables: peoples, islands, the board map and the component counts.

HOUSE DATA.  The printed map of Utopia (which district borders which, the
monument values, the piers, the sea sectors and the bridges) could not be
found.  The layout below is the labelled PLACEHOLDER of the research notes
(section 7.2 of ``docs/rules/utopia.md``): 24 districts on 4 islands, four
sea sectors in a line, two bridges.  It is kept here, in one module, so the
real map can replace it without touching the rules.  The wonder bonus per
island (the number printed beside each wonder space) is unknown too: a house
value of 3 on every island.

Everything is addressed by small integers:

* a people is ``0..4`` (``PEOPLES``), an island ``0..3`` (``ISLANDS``),
* a district ``0..23`` in the order of ``DISTRICTS`` (E1..E7, F1..F6, W1..W6, A1..A5),
* a guest type is ``island * 5 + people`` (2 guests of each type in the bag).
"""
from __future__ import annotations

from typing import NamedTuple

# -- peoples ----------------------------------------------------------------------
PEOPLES: tuple[str, ...] = ("mayan", "persian", "egyptian", "greek", "chinese")
PEOPLE_NAMES: tuple[str, ...] = ("Mayan", "Persian", "Egyptian", "Greek", "Chinese")
PEOPLE_LETTERS: tuple[str, ...] = ("M", "P", "E", "G", "C")
PEOPLE_INDEX: dict[str, int] = {k: i for i, k in enumerate(PEOPLES)}
N_PEOPLES = 5

# -- islands ----------------------------------------------------------------------
EARTH, FIRE, WIND, WATER = 0, 1, 2, 3
ISLANDS: tuple[str, ...] = ("earth", "fire", "wind", "water")
ISLAND_NAMES: tuple[str, ...] = ("Earth", "Fire", "Wind", "Water")
ISLAND_LETTERS: tuple[str, ...] = ("E", "F", "W", "A")
ISLAND_GLYPHS: tuple[str, ...] = ("▲", "✦", "≈", "~")  # PLACEHOLDER glyphs
ISLAND_INDEX: dict[str, int] = {k: i for i, k in enumerate(ISLANDS)}
# House data: the prestige printed beside each island's wonder space (unknown; 3 everywhere).
WONDER_BONUS: tuple[int, ...] = (3, 3, 3, 3)
# Two players: this island is closed (its districts unused, its guests out of the bag).
CLOSED_WITH_TWO = WATER

# -- the board (PLACEHOLDER layout) ----------------------------------------------------
N_SECTORS = 4  # sea sectors S1..S4 in a line, stored as 0..3


class District(NamedTuple):
    id: int
    name: str      # "E1"
    island: int
    value: int     # printed monument value 2-4 (map data only: no rule uses it)
    pier: int      # sea sector 0..3 of its pier, or -1 without a pier


_TABLE = (
    # name, island, value, pier sector (1-based as in the notes, 0 = none)
    ("E1", EARTH, 2, 1), ("E2", EARTH, 3, 0), ("E3", EARTH, 2, 1), ("E4", EARTH, 4, 0),
    ("E5", EARTH, 3, 0), ("E6", EARTH, 2, 2), ("E7", EARTH, 3, 0),
    ("F1", FIRE, 2, 2), ("F2", FIRE, 3, 0), ("F3", FIRE, 4, 0), ("F4", FIRE, 2, 3),
    ("F5", FIRE, 3, 0), ("F6", FIRE, 2, 0),
    ("W1", WIND, 3, 3), ("W2", WIND, 2, 0), ("W3", WIND, 4, 0), ("W4", WIND, 2, 4),
    ("W5", WIND, 3, 0), ("W6", WIND, 2, 4),
    ("A1", WATER, 2, 2), ("A2", WATER, 3, 3), ("A3", WATER, 4, 0), ("A4", WATER, 2, 0),
    ("A5", WATER, 3, 3),
)
DISTRICTS: tuple[District, ...] = tuple(
    District(i, name, isl, val, sec - 1) for i, (name, isl, val, sec) in enumerate(_TABLE))
N_DISTRICTS = len(DISTRICTS)
DISTRICT_INDEX: dict[str, int] = {d.name: d.id for d in DISTRICTS}
ISLAND_DISTRICTS: tuple[tuple[int, ...], ...] = tuple(
    tuple(d.id for d in DISTRICTS if d.island == i) for i in range(len(ISLANDS)))

STREETS: tuple[tuple[str, str], ...] = (
    ("E1", "E2"), ("E1", "E3"), ("E2", "E3"), ("E2", "E4"), ("E3", "E5"), ("E4", "E5"), ("E4", "E7"),
    ("E5", "E6"), ("E5", "E7"), ("E6", "E7"),
    ("F1", "F2"), ("F1", "F6"), ("F2", "F3"), ("F2", "F6"), ("F3", "F4"), ("F3", "F5"), ("F3", "F6"),
    ("F4", "F5"), ("F5", "F6"),
    ("W1", "W2"), ("W1", "W3"), ("W2", "W3"), ("W2", "W5"), ("W3", "W4"), ("W3", "W5"), ("W4", "W6"),
    ("W5", "W6"),
    ("A1", "A2"), ("A1", "A3"), ("A2", "A3"), ("A2", "A5"), ("A3", "A4"), ("A3", "A5"), ("A4", "A5"),
)
# Bridges count as streets for a land move (PLACEHOLDER).
BRIDGES: tuple[tuple[str, str], ...] = (("E7", "F6"), ("W5", "A4"))


def _pairs_to_adjacency(pairs: tuple[tuple[str, str], ...]) -> tuple[frozenset[int], ...]:
    adj: list[set[int]] = [set() for _ in DISTRICTS]
    for a, b in pairs:
        i, j = DISTRICT_INDEX[a], DISTRICT_INDEX[b]
        adj[i].add(j)
        adj[j].add(i)
    return tuple(frozenset(s) for s in adj)


LAND_NEIGHBOURS: tuple[frozenset[int], ...] = _pairs_to_adjacency(STREETS + BRIDGES)


def sectors_adjacent(a: int, b: int) -> bool:
    """Sea sectors are in a line S1-S2-S3-S4: same or next-door sector."""
    return abs(a - b) <= 1


SEA_NEIGHBOURS: tuple[frozenset[int], ...] = tuple(
    frozenset(e.id for e in DISTRICTS
              if e.id != d.id and d.pier >= 0 and e.pier >= 0 and sectors_adjacent(d.pier, e.pier))
    for d in DISTRICTS)

# -- where the districts are drawn (map layout only; PLACEHOLDER like the map) ----------------
# Each island's districts in rows of ISLAND_MAP_COLS columns (None = sea).  Most
# streets join districts that touch; a district missing here is drawn at the
# end of its island.
ISLAND_MAP_COLS = 3
ISLAND_MAP: dict[str, tuple[tuple[str | None, ...], ...]] = {
    "earth": (("E1", "E2", "E4"), ("E3", "E5", "E7"), (None, "E6", None)),
    "fire": (("F1", "F2", "F3"), ("F6", "F5", "F4")),
    "wind": (("W1", "W3", "W4"), ("W2", "W5", "W6")),
    "water": (("A1", "A2", "A5"), (None, "A3", "A4")),
}

# -- components -------------------------------------------------------------------
PRINCES_PER_PEOPLE = 8      # per player and people (40 princes per colour)
BASES = 8                   # per player
PRIVILEGE_TILES = 2         # per player
MONUMENTS_PER_PEOPLE = 8    # one of each stands on the prestige scale, so 7 can be built
WONDERS = 4                 # one wonder space per island
GUESTS_PER_TYPE = 2         # 2 per people per island: 40 guests
CARDS_PER_PEOPLE = 10       # 50 action cards
HAND_SIZE = 5
GUESTS_PER_PLAYER = 3       # phase 1 draws 3 guests per player
WONDER_POINTS = 6
ADD_POINTS = 1              # adding a prince where another player rules the district
REMOVE_POINTS = 2
WIN_SCORE = 50
N_GUEST_TYPES = len(ISLANDS) * N_PEOPLES


def guest_island(t: int) -> int:
    return t // N_PEOPLES


def guest_people(t: int) -> int:
    return t % N_PEOPLES


def guest_key(t: int) -> str:
    return f"{ISLANDS[t // N_PEOPLES]}:{PEOPLES[t % N_PEOPLES]}"


def guest_label(t: int) -> str:
    return f"{PEOPLE_NAMES[t % N_PEOPLES]} guest for {ISLAND_NAMES[t // N_PEOPLES]}"
