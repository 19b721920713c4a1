"""Phoenicia's tables: development cards, village tiles, money and limits.

Every number of the game lives here, so printed data can replace the
placeholders without touching the rules.  Where the seed and the research
notes (``docs/rules/phoenicia.md``) give no printed value, the value
is **house data**: it is marked ``house=True`` (cards) or listed in
:data:`HOUSE_DATA`, and the rules screen shows it as such.
"""
from __future__ import annotations

from dataclasses import dataclass

# -- development cards ------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class DevCard:
    slug: str                # stable key part, e.g. "granary"
    name: str
    stack: int               # 1-4: stack 1 is drawn first, stack 4 last
    type: str                # "A" or "B": sets the copies by player count
    bid: int                 # printed opening bid
    prod: int = 0            # production points
    vp: int = 0              # victory points
    store: int = 0           # storehouses
    untrained: int = 0       # workers put on the training ground
    trained: int = 0         # trained workers
    discount_on: tuple[str, ...] = ()   # slugs this card gives a discount on
    effect: str = ""         # one line for the special effect, if any
    house: bool = False      # the values are placeholders (house data)


DEV_CARDS: tuple[DevCard, ...] = (
    # stack 1 (reference 1A / 1B)
    DevCard("dyer", "Dyer", 1, "A", 2, vp=1, discount_on=("dye_house",)),
    DevCard("granary", "Granary", 1, "A", 4, vp=1, store=2,
            effect="Improved storage: up to 6 disks"),
    DevCard("glassmaking", "Glassmaking", 1, "A", 5, prod=1, vp=1),
    DevCard("fort", "Fort", 1, "A", 7, vp=1, untrained=3),
    DevCard("prospector", "Prospector", 1, "B", 2, vp=1, discount_on=("smelter",),
            effect="Gives the Mining tile"),
    DevCard("indentured_worker", "Indentured Worker", 1, "B", 3, trained=1),
    DevCard("tracker", "Tracker", 1, "B", 3, vp=1, discount_on=("caravan",),
            effect="Improved hunting (advanced with 2 Trackers)"),
    # stack 2 (reference 2A / 2B)
    DevCard("caravan", "Caravan", 2, "A", 9, prod=2, vp=1, store=1),
    DevCard("dye_house", "Dye House", 2, "A", 14, prod=3, vp=3, store=1,
            effect="Gives the Textile tile"),
    DevCard("city_center", "City Center", 2, "B", 4, vp=2, discount_on=("public_works",),
            effect="Buy up to 3 VP for 3 each on each of your turns"),
    DevCard("smelter", "Smelter", 2, "B", 6, prod=1, vp=1, store=1,
            effect="Improved mining (advanced with 2 Smelters)"),
    DevCard("shipyard", "Shipyard", 2, "B", 7, vp=2, discount_on=("ships", "tradefleet", "port")),
    # stack 3 (reference 3A)
    DevCard("public_works", "Public Works", 3, "A", 12, vp=5, discount_on=("city_walls",),
            effect="Improved training: training costs 1"),
    DevCard("ships", "Ships", 3, "A", 14, prod=4, vp=2, store=1),
    DevCard("refugees", "Refugees", 3, "A", 6, vp=1, untrained=2, house=True),
    # stack 4 (house: the reference's 3B cards; values are placeholders)
    DevCard("tradefleet", "Tradefleet", 4, "B", 18, prod=5, vp=3, store=1, house=True),
    DevCard("port", "Port", 4, "B", 12, prod=2, vp=3, store=2, house=True),
    DevCard("city_walls", "City Walls", 4, "B", 16, vp=7, house=True),
    DevCard("temple", "Temple", 4, "A", 10, vp=4, house=True),
)
DEV: dict[str, DevCard] = {c.slug: c for c in DEV_CARDS}

# Copies of every card by player count (seed rule 4): type A 1/2/2/3, type B 1/1/2/2.
COPIES: dict[str, dict[int, int]] = {"A": {2: 1, 3: 2, 4: 2, 5: 3}, "B": {2: 1, 3: 1, 4: 2, 5: 2}}
STACKS = (1, 2, 3, 4)

# Each owned card that names a target lowers the price its owner pays for that
# target by this much (stacking, never below 0).  Reference placeholder.
DISCOUNT_PER_CARD = 3

# City Center: VP bought on your own turn (step c).  Reference placeholder.
CITY_CENTER_VP_PRICE = 3
CITY_CENTER_VP_PER_TURN = 3

# -- village tiles --------------------------------------------------------------

SPACES = 6  # worker spaces on every production tile (reference placeholder)


@dataclass(frozen=True, slots=True)
class TileData:
    slug: str
    name: str
    cost: int                              # price to employ a worker / buy a tool disk
    vp: int                                # victory points per worker
    prod: tuple[tuple[int, ...], ...]      # production of each space, by tile level
    levels: tuple[str, ...]                # name of each level
    improved_by: str | None = None         # card whose copies raise the level (max 2)
    gained_by: str | None = None           # card that gives the tile (None: at the start)


def _alt(a: int, b: int) -> tuple[int, ...]:
    return tuple(a if i % 2 == 0 else b for i in range(SPACES))


TILES: dict[str, TileData] = {
    "hunting": TileData("hunting", "Hunting", 2, 1, ((1,) * SPACES, _alt(1, 2), (2,) * SPACES),
                        ("Hunting", "Improved Hunting", "Advanced Hunting"), improved_by="tracker"),
    "farming": TileData("farming", "Farming", 5, 1, ((2,) * SPACES,), ("Farming",)),
    "mining": TileData("mining", "Mining", 8, 2, ((3,) * SPACES, _alt(3, 4), (4,) * SPACES),
                       ("Mining", "Improved Mining", "Advanced Mining"), improved_by="smelter",
                       gained_by="prospector"),
    "textile": TileData("textile", "Textile", 11, 2, ((4,) * SPACES,), ("Textile",), gained_by="dye_house"),
}
TILE_ORDER = ("hunting", "farming", "mining", "textile")

TRAINING_COST = 2
TRAINING_COST_IMPROVED = 1           # with Public Works
IMPROVES_TRAINING = "public_works"
TREASURY = 3                         # disks kept with normal storage
TREASURY_IMPROVED = 6                # with Granary
IMPROVES_STORAGE = "granary"
BUYS_VP = "city_center"

# -- the start (seed rules 3, 7, 8; reference for the storehouses) ------------------
START_DISKS = 2
START_STOREHOUSES = 2
START_WORKERS = {"hunting": 1, "farming": 1}
START_UNTRAINED = 1
START_VP = 2          # what the employed start workers give (checked by the tests)
START_PRODUCTION = 3

# -- production cards (reference placeholder composition) -----------------------
PRESET_VALUE = 5
PRESETS = 5                                   # one "5" card per player, the rest out of the game
DECK_VALUES = (4,) * 10 + (5,) * 20 + (6,) * 10
CARD_VALUES: tuple[int, ...] = (PRESET_VALUE,) * PRESETS + DECK_VALUES   # index = card id
DISKS_PER_CARD = 4                            # income: one production card stands for 4 disks

# -- the end ----------------------------------------------------------------------
END_VP = 32          # the only end (seed): no round limit

# The neutral disks in the bank (money and tool disks) are unlimited; the state
# counts them from this nominal number only so the tests can check that no disk
# is created or lost.
BANK_DISKS = 1000

HOUSE_DATA: tuple[str, ...] = (
    "Refugees, Tradefleet, Port, City Walls and Temple (the unnamed 19th card): all values are placeholders.",
    "Stack 4 (Tradefleet, Port, City Walls, Temple) and the 19th card's type A are placeholders.",
    f"A discount is {DISCOUNT_PER_CARD} per discount card owned (stacking, never below 0).",
    f"City Center: buy up to {CITY_CENTER_VP_PER_TURN} VP for {CITY_CENTER_VP_PRICE} each on each own turn.",
    f"Every production tile has {SPACES} worker spaces.",
    "Production cards: ten 4s, twenty 5s, ten 6s, plus five preset 5s for the start.",
    "Tie-break: more production, then more money (cards + disks), then a shared win.",
)
