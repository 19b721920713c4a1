"""Imperial's tables: the six powers, the map of Europe, the rondel, the bonds,
the tax chart and the set-up tables.

Everything the rules look up is here, addressed by small integers:

* a power is ``0..5`` in turn order (``POWERS``: AH, IT, FR, GB, GE, RU),
* a region is ``0..53`` in the order of ``_REGION_TABLE`` (30 home provinces,
  15 neutral land regions, 9 seas); its string id (``"vienna"``) is what keys
  and views use,
* a rondel space is ``0..7`` clockwise from Factory,
* a bond is ``0..8`` by value (2M ... 30M) within its power.

Sources: the German seed (authoritative) and ``docs/rules/imperial.md`` (the
reference map: every region and its neighbours, 137 edges).  Where the
reference marks a datum as doubtful, the choice made is marked "HOUSE DATA:"
below and listed in ``RULES.md``.  Switzerland cannot be entered and is not a
region.
"""
from __future__ import annotations

from collections.abc import Iterable
from typing import NamedTuple

# -- powers -----------------------------------------------------------------------------------------
AH, IT, FR, GB, GE, RU = range(6)
N_POWERS = 6
POWERS: tuple[str, ...] = ("AH", "IT", "FR", "GB", "GE", "RU")
POWER_NAMES: tuple[str, ...] = ("Austria-Hungary", "Italy", "France", "Great Britain", "Germany", "Russia")
# HOUSE DATA: one letter per power for the map (B = Britain, G = Germany, so the letters differ).
POWER_LETTERS: tuple[str, ...] = ("A", "I", "F", "B", "G", "R")
# HOUSE DATA: yellow (AH) and red (GB) are certain; the other colours follow the reference's [M] guess.
POWER_COLOURS: tuple[str, ...] = ("yellow", "green", "blue", "red", "black", "purple")
POWER_INDEX: dict[str, int] = {c: i for i, c in enumerate(POWERS)}

# Piece supply per power: armies / fleets (48 + 48 in all, as the seed's component list).
ARMY_LIMIT: tuple[int, ...] = (10, 8, 8, 6, 8, 8)
FLEET_LIMIT: tuple[int, ...] = (6, 8, 8, 10, 8, 8)

# -- regions ----------------------------------------------------------------------------------------
HOME, LAND, SEA = "home", "land", "sea"
ARMAMENTS, SHIPYARD = "armaments", "shipyard"


class Region(NamedTuple):
    id: int
    key: str          # "vienna": used in option keys and views
    name: str         # "Vienna"
    abbr: str         # "VIE": for the map
    kind: str         # HOME, LAND or SEA
    owner: int        # the power whose home province it is, -1 otherwise
    city: str | None  # ARMAMENTS (brown city) or SHIPYARD (light-blue port city) in a home province
    start_factory: bool
    port: str | None  # a shipyard province's anchor sea (its harbour opens into it)


_REGION_TABLE = (
    # key, name, abbr, kind, owner, city, factory at start, anchor sea
    ("vienna", "Vienna", "VIE", HOME, AH, ARMAMENTS, True, None),
    ("budapest", "Budapest", "BUD", HOME, AH, ARMAMENTS, True, None),
    ("prague", "Prague", "PRA", HOME, AH, ARMAMENTS, False, None),
    ("lemberg", "Lemberg", "LEM", HOME, AH, ARMAMENTS, False, None),
    ("trieste", "Trieste", "TRI", HOME, AH, SHIPYARD, False, "ionian_sea"),
    ("rome", "Rome", "ROM", HOME, IT, ARMAMENTS, True, None),
    ("naples", "Naples", "NAP", HOME, IT, SHIPYARD, True, "western_med"),
    ("florence", "Florence", "FLO", HOME, IT, ARMAMENTS, False, None),
    # HOUSE DATA: Genoa's and Venice's harbours ([M] in the reference).
    ("genoa", "Genoa", "GEN", HOME, IT, SHIPYARD, False, "western_med"),
    ("venice", "Venice", "VEN", HOME, IT, SHIPYARD, False, "ionian_sea"),
    ("paris", "Paris", "PAR", HOME, FR, ARMAMENTS, True, None),
    ("bordeaux", "Bordeaux", "BOR", HOME, FR, SHIPYARD, True, "bay_of_biscay"),
    ("dijon", "Dijon", "DIJ", HOME, FR, ARMAMENTS, False, None),
    # HOUSE DATA: Brest's harbour opens into the English Channel ([M]; Brest touches Biscay too).
    ("brest", "Brest", "BRE", HOME, FR, SHIPYARD, False, "english_channel"),
    ("marseille", "Marseille", "MAR", HOME, FR, SHIPYARD, False, "western_med"),
    ("london", "London", "LON", HOME, GB, SHIPYARD, True, "english_channel"),
    ("liverpool", "Liverpool", "LIV", HOME, GB, SHIPYARD, True, "north_atlantic"),
    ("sheffield", "Sheffield", "SHE", HOME, GB, ARMAMENTS, False, None),
    # HOUSE DATA: Edinburgh's harbour opens into the North Sea ([M]; it touches the North Atlantic too).
    ("edinburgh", "Edinburgh", "EDI", HOME, GB, SHIPYARD, False, "north_sea"),
    ("dublin", "Dublin", "DUB", HOME, GB, SHIPYARD, False, "north_atlantic"),
    ("berlin", "Berlin", "BER", HOME, GE, ARMAMENTS, True, None),
    ("hamburg", "Hamburg", "HAM", HOME, GE, SHIPYARD, True, "north_sea"),
    ("cologne", "Cologne", "COL", HOME, GE, ARMAMENTS, False, None),
    ("munich", "Munich", "MUN", HOME, GE, ARMAMENTS, False, None),
    # HOUSE DATA: Danzig's harbour opens into the Baltic Sea ([M], its only sea).
    ("danzig", "Danzig", "DAN", HOME, GE, SHIPYARD, False, "baltic_sea"),
    ("moscow", "Moscow", "MOS", HOME, RU, ARMAMENTS, True, None),
    ("odessa", "Odessa", "ODE", HOME, RU, SHIPYARD, True, "black_sea"),
    ("warsaw", "Warsaw", "WAR", HOME, RU, ARMAMENTS, False, None),
    ("kiev", "Kiev", "KIE", HOME, RU, ARMAMENTS, False, None),
    ("st_petersburg", "St. Petersburg", "STP", HOME, RU, SHIPYARD, False, "baltic_sea"),
    # neutral land regions (15)
    ("norway", "Norway", "NWY", LAND, -1, None, False, None),
    ("sweden", "Sweden", "SWE", LAND, -1, None, False, None),
    ("denmark", "Denmark", "DEN", LAND, -1, None, False, None),
    ("holland", "Holland", "HOL", LAND, -1, None, False, None),
    ("belgium", "Belgium", "BEL", LAND, -1, None, False, None),
    ("spain", "Spain", "SPA", LAND, -1, None, False, None),
    ("portugal", "Portugal", "POR", LAND, -1, None, False, None),
    ("morocco", "Morocco", "MOR", LAND, -1, None, False, None),
    ("algeria", "Algeria", "ALG", LAND, -1, None, False, None),
    ("tunis", "Tunis", "TUN", LAND, -1, None, False, None),
    ("west_balkan", "West Balkan", "WBK", LAND, -1, None, False, None),
    ("greece", "Greece", "GRE", LAND, -1, None, False, None),
    ("bulgaria", "Bulgaria", "BUL", LAND, -1, None, False, None),
    ("romania", "Romania", "RUM", LAND, -1, None, False, None),
    ("turkey", "Turkey", "TUR", LAND, -1, None, False, None),
    # seas (9)
    ("north_atlantic", "North Atlantic", "NAT", SEA, -1, None, False, None),
    ("north_sea", "North Sea", "NTH", SEA, -1, None, False, None),
    ("english_channel", "English Channel", "ENG", SEA, -1, None, False, None),
    ("baltic_sea", "Baltic Sea", "BAL", SEA, -1, None, False, None),
    ("bay_of_biscay", "Bay of Biscay", "BIS", SEA, -1, None, False, None),
    ("western_med", "Western Mediterranean", "WMD", SEA, -1, None, False, None),
    ("ionian_sea", "Ionian Sea", "ION", SEA, -1, None, False, None),
    ("eastern_med", "Eastern Mediterranean", "EMD", SEA, -1, None, False, None),
    ("black_sea", "Black Sea", "BLK", SEA, -1, None, False, None),
)

REGIONS: tuple[Region, ...] = tuple(Region(i, *row) for i, row in enumerate(_REGION_TABLE))
N_REGIONS = len(REGIONS)
REGION_INDEX: dict[str, int] = {r.key: r.id for r in REGIONS}
REGION_KEYS: tuple[str, ...] = tuple(r.key for r in REGIONS)
REGION_NAMES: tuple[str, ...] = tuple(r.name for r in REGIONS)
IS_SEA: tuple[bool, ...] = tuple(r.kind == SEA for r in REGIONS)
IS_HOME: tuple[bool, ...] = tuple(r.kind == HOME for r in REGIONS)
OWNER: tuple[int, ...] = tuple(r.owner for r in REGIONS)
HOME_PROVINCES: tuple[tuple[int, ...], ...] = tuple(
    tuple(r.id for r in REGIONS if r.owner == p) for p in range(N_POWERS))
NEUTRAL_LAND: tuple[int, ...] = tuple(r.id for r in REGIONS if r.kind == LAND)
SEAS: tuple[int, ...] = tuple(r.id for r in REGIONS if r.kind == SEA)
# Regions where flags go: neutral land and seas (never a home province).
FLAG_REGIONS: tuple[int, ...] = NEUTRAL_LAND + SEAS
IS_SHIPYARD: tuple[bool, ...] = tuple(r.city == SHIPYARD for r in REGIONS)

# -- adjacency (undirected, 137 edges; source: the reference's map data) ------------------------------
# HOUSE DATA: the reference's doubtful edges are settled as it recommends: kiev-st_petersburg is NOT an
# edge; vienna-genoa, rome-ionian_sea, bulgaria-eastern_med, kiev-romania, berlin-prague,
# hamburg-baltic_sea, london-north_atlantic, brest-dijon and munich-belgium ARE edges;
# morocco-western_med, denmark-norway, edinburgh-london, lemberg-vienna, turkey-ionian_sea and
# turkey-west_balkan are NOT edges.
_ADJ: dict[str, tuple[tuple[str, ...], tuple[str, ...]]] = {
    # Austria-Hungary
    "vienna": (("budapest", "genoa", "munich", "prague", "trieste", "venice"), ()),
    "budapest": (("lemberg", "prague", "romania", "trieste", "vienna", "west_balkan"), ()),
    "prague": (("berlin", "budapest", "danzig", "lemberg", "munich", "vienna", "warsaw"), ()),
    "lemberg": (("budapest", "kiev", "prague", "romania", "warsaw"), ()),
    "trieste": (("budapest", "venice", "vienna", "west_balkan"), ("ionian_sea",)),
    # Italy
    "rome": (("florence", "naples", "venice"), ("ionian_sea", "western_med")),
    "naples": (("rome",), ("ionian_sea", "western_med")),
    "florence": (("genoa", "rome", "venice"), ("western_med",)),
    "genoa": (("florence", "marseille", "venice", "vienna"), ("western_med",)),
    "venice": (("florence", "genoa", "rome", "trieste", "vienna"), ("ionian_sea",)),
    # France
    "paris": (("belgium", "brest", "dijon"), ("english_channel",)),
    "bordeaux": (("brest", "dijon", "marseille", "spain"), ("bay_of_biscay",)),
    "dijon": (("belgium", "bordeaux", "brest", "marseille", "munich", "paris"), ()),
    "brest": (("bordeaux", "dijon", "paris"), ("bay_of_biscay", "english_channel")),
    "marseille": (("bordeaux", "dijon", "genoa", "spain"), ("western_med",)),
    # Great Britain
    "london": (("liverpool", "sheffield"), ("english_channel", "north_atlantic", "north_sea")),
    "liverpool": (("edinburgh", "london", "sheffield"), ("north_atlantic",)),
    "sheffield": (("edinburgh", "liverpool", "london"), ("north_sea",)),
    "edinburgh": (("liverpool", "sheffield"), ("north_atlantic", "north_sea")),
    "dublin": ((), ("north_atlantic",)),
    # Germany
    "berlin": (("cologne", "danzig", "hamburg", "munich", "prague"), ("baltic_sea",)),
    "hamburg": (("berlin", "cologne", "denmark", "holland"), ("baltic_sea", "north_sea")),
    "cologne": (("belgium", "berlin", "hamburg", "holland", "munich"), ()),
    "munich": (("belgium", "berlin", "cologne", "dijon", "prague", "vienna"), ()),
    "danzig": (("berlin", "prague", "st_petersburg", "warsaw"), ("baltic_sea",)),
    # Russia
    "moscow": (("kiev", "st_petersburg", "warsaw"), ()),
    "odessa": (("kiev", "romania"), ("black_sea",)),
    "warsaw": (("danzig", "kiev", "lemberg", "moscow", "prague", "st_petersburg"), ()),
    "kiev": (("lemberg", "moscow", "odessa", "romania", "warsaw"), ()),
    "st_petersburg": (("danzig", "moscow", "warsaw"), ("baltic_sea",)),
    # neutral land
    "norway": (("sweden",), ("baltic_sea", "north_sea")),
    "sweden": (("norway",), ("baltic_sea",)),
    "denmark": (("hamburg",), ("baltic_sea", "north_sea")),
    "holland": (("belgium", "cologne", "hamburg"), ("english_channel", "north_sea")),
    "belgium": (("cologne", "dijon", "holland", "munich", "paris"), ("english_channel",)),
    "spain": (("bordeaux", "marseille", "portugal"), ("bay_of_biscay", "western_med")),
    "portugal": (("spain",), ("bay_of_biscay",)),
    "morocco": (("algeria",), ("bay_of_biscay",)),
    "algeria": (("morocco", "tunis"), ("western_med",)),
    "tunis": (("algeria",), ("ionian_sea", "western_med")),
    "west_balkan": (("budapest", "bulgaria", "greece", "romania", "trieste"), ("ionian_sea",)),
    "greece": (("bulgaria", "west_balkan"), ("eastern_med", "ionian_sea")),
    "bulgaria": (("greece", "romania", "turkey", "west_balkan"), ("black_sea", "eastern_med")),
    "romania": (("budapest", "bulgaria", "kiev", "lemberg", "odessa", "west_balkan"), ("black_sea",)),
    "turkey": (("bulgaria",), ("black_sea", "eastern_med")),
    # seas: coastal land regions, then the neighbouring seas
    "north_atlantic": (("dublin", "edinburgh", "liverpool", "london"),
                       ("bay_of_biscay", "english_channel", "north_sea")),
    "north_sea": (("denmark", "edinburgh", "hamburg", "holland", "london", "norway", "sheffield"),
                  ("baltic_sea", "english_channel", "north_atlantic")),
    "english_channel": (("belgium", "brest", "holland", "london", "paris"),
                        ("bay_of_biscay", "north_atlantic", "north_sea")),
    "baltic_sea": (("berlin", "danzig", "denmark", "hamburg", "norway", "st_petersburg", "sweden"),
                   ("north_sea",)),
    "bay_of_biscay": (("bordeaux", "brest", "morocco", "portugal", "spain"),
                      ("english_channel", "north_atlantic", "western_med")),
    "western_med": (("algeria", "florence", "genoa", "marseille", "naples", "rome", "spain", "tunis"),
                    ("bay_of_biscay", "ionian_sea")),
    "ionian_sea": (("greece", "naples", "rome", "trieste", "tunis", "venice", "west_balkan"),
                   ("eastern_med", "western_med")),
    "eastern_med": (("bulgaria", "greece", "turkey"), ("black_sea", "ionian_sea")),
    "black_sea": (("bulgaria", "odessa", "romania", "turkey"), ("eastern_med",)),
}


def _index_all(names: Iterable[str]) -> tuple[int, ...]:
    return tuple(sorted(REGION_INDEX[n] for n in names))


# For a land region: its land neighbours and its coasts (seas).  For a sea: its coastal land regions
# (LAND_NEIGHBOURS) and its neighbouring seas (SEA_NEIGHBOURS).
LAND_NEIGHBOURS: tuple[tuple[int, ...], ...] = tuple(_index_all(_ADJ[r.key][0]) for r in REGIONS)
SEA_NEIGHBOURS: tuple[tuple[int, ...], ...] = tuple(_index_all(_ADJ[r.key][1]) for r in REGIONS)
# A port's anchor sea (region index), -1 for every other region.
PORT_SEA: tuple[int, ...] = tuple(REGION_INDEX[r.port] if r.port else -1 for r in REGIONS)


def edges() -> set[frozenset[int]]:
    """Every edge of the map once (undirected): land-land, land-sea and sea-sea."""
    out: set[frozenset[int]] = set()
    for r in REGIONS:
        for q in LAND_NEIGHBOURS[r.id] + SEA_NEIGHBOURS[r.id]:
            out.add(frozenset((r.id, q)))
    return out


# Railway: an army may travel through its own power's home provinces; the rail net is the land
# border between two home provinces of one power (Dublin, an island, has none).
RAIL_NEIGHBOURS: tuple[tuple[int, ...], ...] = tuple(
    tuple(q for q in LAND_NEIGHBOURS[r.id] if r.owner >= 0 and OWNER[q] == r.owner) if r.kind == HOME else ()
    for r in REGIONS)

# -- the rondel -------------------------------------------------------------------------------------
RONDEL: tuple[str, ...] = ("factory", "production1", "maneuver1", "investor", "import", "production2",
                           "maneuver2", "taxation")
RONDEL_NAMES: tuple[str, ...] = ("Factory", "Production", "Maneuver", "Investor", "Import", "Production",
                                 "Maneuver", "Taxation")
RONDEL_INDEX: dict[str, int] = {k: i for i, k in enumerate(RONDEL)}
N_SPACES = len(RONDEL)
FACTORY, PRODUCTION1, MANEUVER1, INVESTOR, IMPORT, PRODUCTION2, MANEUVER2, TAXATION = range(N_SPACES)
FREE_STEPS = 3          # moving 1-3 spaces is free
MAX_STEPS = 6           # at most 6 spaces
EXTRA_STEP_COST = 2     # each space beyond the third costs 2M (paid by the government player)


def step_cost(steps: int) -> int:
    """What moving ``steps`` spaces (1-6) costs the government player."""
    return max(0, steps - FREE_STEPS) * EXTRA_STEP_COST


# -- bonds ------------------------------------------------------------------------------------------
BOND_COSTS: tuple[int, ...] = (2, 4, 6, 9, 12, 16, 20, 25, 30)
BOND_INTEREST: tuple[int, ...] = (1, 2, 3, 4, 5, 6, 7, 8, 9)
N_BONDS = len(BOND_COSTS)
BOND_BY_COST: dict[int, int] = {c: i for i, c in enumerate(BOND_COSTS)}

# -- costs and limits -------------------------------------------------------------------------------
FACTORY_COST = 5
IMPORT_COST = 1
IMPORT_MAX = 3
INVESTOR_BONUS = 2       # the investor card's 2M from the bank
FLAGS_PER_POWER = 15
DESTROY_ARMIES = 3       # armies needed (and lost) to destroy a foreign factory
WIN_POWER_POINTS = 25

# -- the tax chart and the power-point track -------------------------------------------------------------
# Tax chart spaces 0..10: "2-5", 6, 7, ... 14, "15+".  The space reached gives that many power points.
TAX_CHART_LABELS: tuple[str, ...] = ("2-5", "6", "7", "8", "9", "10", "11", "12", "13", "14", "15+")
TAX_CHART_MAX = len(TAX_CHART_LABELS) - 1


def tax_space(tax: int) -> int:
    """The tax-chart space for a tax revenue: up to 5M -> 0, 6M -> 1, ... 15M or more -> 10."""
    return min(max(tax - 5, 0), TAX_CHART_MAX)


def power_points_for(space: int) -> int:
    """Power points a taxation on tax-chart ``space`` adds (0-10)."""
    return space


def power_factor(points: int) -> int:
    """The scoring factor on top of the power-point track: 0-4 x0, 5-9 x1, ... 20-24 x4, 25 x5."""
    return min(points // 5, 5)


# -- set-up -----------------------------------------------------------------------------------------
START_CASH: dict[int, int] = {2: 35, 3: 24, 4: 13, 5: 13, 6: 13}
EXPERIENCED_CASH: dict[int, int] = {2: 40, 3: 28, 4: 22, 5: 18, 6: 15}
# Each flag card gives its holder the power's 9M bond and this partner power's 2M bond.
# (IT, FR, GB, RU confirmed by the official quick start; HOUSE DATA: AH -> GE and GE -> IT are the
# reference's [M] reading of the card backs.)
FLAG_CARD_PARTNER: tuple[int, ...] = (GE, GB, AH, RU, IT, FR)
FLAG_CARD_BONDS: tuple[tuple[tuple[int, int], ...], ...] = tuple(
    ((p, BOND_BY_COST[9]), (FLAG_CARD_PARTNER[p], BOND_BY_COST[2])) for p in range(N_POWERS))
# 3 players: AH, IT and FR are dealt; the AH player also takes GB, the IT player RU, the FR player GE.
# 2 players: AH and IT are dealt; the AH player also takes FR and GE, the IT player RU and GB.
DEALT_CARDS: dict[int, tuple[int, ...]] = {2: (AH, IT), 3: (AH, IT, FR)}
EXTRA_CARDS: dict[int, dict[int, tuple[int, ...]]] = {
    2: {AH: (FR, GE), IT: (RU, GB)},
    3: {AH: (GB,), IT: (RU,), FR: (GE,)},
}

# -- the schematic map the screen draws ----------------------------------------------------------------
# HOUSE DATA: a grid of 11 columns and 9 rows, roughly by longitude and latitude, each region by its
# abbreviation (a region may span several cells, always a rectangle; "..." is empty).  Not every border
# can touch on a grid: the screen lists each region's neighbours, and a move's destinations are marked.
MAP_GRID: tuple[str, ...] = (
    "NAT DUB EDI NTH NWY SWE SWE ... STP STP ...",
    "NAT LIV SHE NTH DEN BAL BAL BAL STP STP MOS",
    "NAT LON LON HOL HAM BER DAN WAR WAR WAR MOS",
    "ENG ENG BEL BEL COL PRA PRA LEM LEM KIE KIE",
    "BRE PAR DIJ DIJ MUN VIE BUD BUD RUM RUM ODE",
    "BIS BOR MAR GEN VEN TRI WBK WBK BUL BUL BLK",
    "BIS SPA SPA FLO ROM ION ION GRE GRE TUR TUR",
    "BIS POR WMD WMD NAP ION ION ... EMD EMD EMD",
    "MOR ALG ALG TUN TUN TUN ... ... ... ... ...",
)
MAP_COLS = len(MAP_GRID[0].split())
MAP_ROWS = len(MAP_GRID)


def map_cells() -> dict[int, tuple[int, int, int, int]]:
    """Each region's rectangle on MAP_GRID: (column, row, columns, rows)."""
    by_abbr = {r.abbr: r.id for r in REGIONS}
    seen: dict[int, list[tuple[int, int]]] = {}
    for y, line in enumerate(MAP_GRID):
        for x, abbr in enumerate(line.split()):
            if abbr != "...":
                seen.setdefault(by_abbr[abbr], []).append((x, y))
    out = {}
    for r, cells in seen.items():
        xs, ys = [c[0] for c in cells], [c[1] for c in cells]
        out[r] = (min(xs), min(ys), max(xs) - min(xs) + 1, max(ys) - min(ys) + 1)
    return out
