"""Civilization's tables: civilizations, technologies, governments, buildings, wonders, units, the
culture track and culture event cards, great people, resources, huts and villages, victory.

Sources: the German seed (authoritative) and ``docs/rules/civilization.md`` (section 2 rules where
the research differs from the seed; section 4 holds the research notes, §0-§15), with its companion
``civilization-data.md`` (checked against two open-source data sets; it wins over section 4 where a
table differs, e.g. Computers, not Plastics, is a base tech).  Base game only: no Fame & Fortune, no
Wisdom & Warfare.  The map (terrain, tiles, layouts) is in ``data_map.py``.

HOUSE DATA: every value the research marks [L] or [PH], and every choice made here, is listed in
``HOUSE_DATA`` (key -> what was assumed).  Keys are ``kind:name`` with kind one of tech, government,
building, wonder, culture_card, civ, const (an attribute of this module); the tests check each key
names a real entry.  The map's house data is ``data_map.HOUSE_DATA``.

Seed rulings that shape the data (section 2 row numbers): everyone starts in Despotism (row 2); a
starting tech sits in the row of its printed level (row 3: Egypt's Construction in row II, Russia's
Communism in row III; the pyramid is only checked when a card is added); wonders go on any square
next to the city (row 20); the culture track has a start box before its 21 spaces (row 23); killed
units leave the game (row 41); loot is one pick from the seed's lists (row 44).

Names are the keys: a tech, building, wonder or government is looked up by its English card name.
"""
from __future__ import annotations

from functools import cache

from typing import NamedTuple

from .data_map import DESERT, GRASSLAND, LAND_TERRAINS, MOUNTAIN, WATER, Yield

# -- phases and abilities ------------------------------------------------------------------------------
SETUP, START, TRADE, CITY, MOVE, RESEARCH, BATTLE, ANY, PASSIVE = (
    "setup", "start", "trade", "city", "move", "research", "battle", "any", "passive")
PHASES: tuple[str, ...] = (START, TRADE, CITY, MOVE, RESEARCH)   # the 5 phases of a round, in order
WHEN: tuple[str, ...] = (SETUP,) + PHASES + (BATTLE, ANY, PASSIVE)

WHEAT, SILK, INCENSE, IRON, SPY, URANIUM = "wheat", "silk", "incense", "iron", "spy", "uranium"
ANY_RESOURCE = "any"   # "any N": any mix of resources (spy and uranium included)


class Ability(NamedTuple):
    """One effect of a card, civ or wonder: ``tag`` is the engine's key, ``amount`` its main number
    (production, culture, range, ...: see the tag), ``resource`` x ``count`` what using it costs."""
    tag: str
    when: str            # one of WHEN
    text: str
    amount: int = 0
    resource: str | None = None
    count: int = 0  # type: ignore[assignment]  # the field shadows tuple.count


# -- civilizations -------------------------------------------------------------------------------------
class Civ(NamedTuple):
    """A civilization: its home tile (same name) and suggested capital square, starting tech, set-up
    extras (``when == SETUP``) and lasting abilities."""
    name: str
    leader: str
    capital: tuple[int, int]        # (row, col) on its home tile, rotation 0 (= data_map tile capital)
    start_tech: str
    abilities: tuple[Ability, ...]


START_GOVERNMENT = "Despotism"      # seed rule 21: everyone, Rome and Russia included (row 2)

CIVS: tuple[Civ, ...] = (
    Civ("America", "Lincoln", (2, 2), "Currency", (
        Ability("start_great_person", SETUP, "Starts with 1 random great person in the capital's outskirts.", 1),
        Ability("buy_production_rate", CITY, "Converting trade to production: each 3 trade gives 2 production.", 2),
    )),
    Civ("China", "Mao", (2, 1), "Writing", (
        Ability("start_walls", SETUP, "The capital starts walled."),
        Ability("culture_on_explore", PASSIVE, "+3 culture for each hut explored or village conquered.", 3),
        Ability("rescue_unit", BATTLE, "After each battle, save 1 of its killed units to its standing forces.", 1),
    )),
    Civ("Egypt", "Cleopatra", (2, 1), "Construction", (
        Ability("start_ancient_wonder", SETUP,
                "Starts with 1 random ancient wonder built in the capital's outskirts (refill the market)."),
        Ability("free_building", CITY,
                "Once per turn one city may use its action to build any unlocked building free."),
    )),
    Civ("Germany", "Bismarck", (2, 2), "Metalworking", (
        Ability("start_units", SETUP, "Starts with 2 extra infantry cards.", 2),
        Ability("unit_tech_bonus", RESEARCH,
                "After setup, each tech that unlocks or upgrades a unit type: 1 free unit of that type "
                "and 1 market resource of its choice."),
    )),
    Civ("Rome", "Caesar", (1, 2), "Code of Laws", (
        Ability("culture_step", PASSIVE,
                "1 free culture-track step for each wonder built, city founded, city conquered or "
                "village conquered.", 1),
    )),
    Civ("Russia", "Catherine", (2, 2), "Communism", (
        Ability("start_armies", SETUP, "Starts with 2 army figures on the map (a 7th army figure).", 2),
        Ability("stacking_bonus", PASSIVE, "Stacking limit +1.", 1),
        Ability("sacrifice_for_tech", MOVE,
                "Once per turn move an army or scout into an enemy city and sacrifice it to learn one "
                "tech that civ knows (pyramid room needed); that figure does not fight."),
    )),
)
CIV_INDEX: dict[str, Civ] = {c.name: c for c in CIVS}

# -- units ---------------------------------------------------------------------------------------------
INFANTRY, CAVALRY, ARTILLERY, AIRCRAFT = "infantry", "cavalry", "artillery", "aircraft"


class UnitType(NamedTuple):
    """A unit type: rank names I-IV (aircraft one rank) and the type it trumps (strikes first against).
    The seed's "cavalry" is the research's "mounted" (row 35)."""
    key: str
    name: str
    ranks: tuple[str, ...]
    trumps: str | None


UNIT_TYPES: tuple[UnitType, ...] = (
    UnitType(INFANTRY, "Infantry", ("Spearman", "Pikeman", "Rifleman", "Modern Infantry"), CAVALRY),
    UnitType(CAVALRY, "Cavalry", ("Horseman", "Knight", "Cavalry", "Tank"), ARTILLERY),
    UnitType(ARTILLERY, "Artillery", ("Archer", "Catapult", "Cannon", "Mobile Artillery"), INFANTRY),
    UnitType(AIRCRAFT, "Aircraft", ("Aircraft",), None),
)
UNIT_TYPE_INDEX: dict[str, UnitType] = {u.key: u for u in UNIT_TYPES}


class UnitCard(NamedTuple):
    """One kind of unit card: its strength at each rank (index 0 = rank I) and how many are in the deck."""
    type: str
    strength: tuple[int, ...]
    count: int  # type: ignore[assignment]  # the field shadows tuple.count


# Base deck (civilization-data.md D7 [M]): 3/9/3 per land type; the 5/5/5 split is the W&W deck.
UNIT_CARDS: tuple[UnitCard, ...] = tuple(
    UnitCard(t, s, n) for t in (INFANTRY, CAVALRY, ARTILLERY)
    for s, n in (((1, 2, 3, 4), 3), ((2, 3, 4, 5), 9), ((3, 4, 5, 6), 3))
) + (UnitCard(AIRCRAFT, (5,), 3), UnitCard(AIRCRAFT, (6,), 3), UnitCard(AIRCRAFT, (7,), 2))
UNIT_DECK_SIZE: dict[str, int] = {INFANTRY: 15, CAVALRY: 15, ARTILLERY: 15, AIRCRAFT: 8}
COMBAT_BONUS_CARDS = 2              # the box's 55 combat cards = 53 units + 2 bonus cards
UNIT_COST: tuple[int, ...] = (5, 7, 9, 11)   # by the buyer's rank in that type
AIRCRAFT_COST = 12
START_UNITS: tuple[str, ...] = (INFANTRY, CAVALRY, ARTILLERY)   # seed rule 8, rank I
KILLED_UNITS_LEAVE_GAME = True      # seed rule 76 (row 41); the research returns them to the deck


# -- technologies --------------------------------------------------------------------------------------
class Tech(NamedTuple):
    """A technology card.  Unlocks: a basic building, a building upgrade, a government, a unit rank
    (type, rank 1-4).  Limits from §4.2: travel speed, stacking, water ("cross" or "end"), city limit,
    culture hand bonus.  ``coins`` are printed coin icons; ``coin_slots`` the coin tokens it can hold."""
    name: str
    level: int
    building: str | None = None
    upgrade: str | None = None
    government: str | None = None
    unit: tuple[str, int] | None = None
    coins: int = 0
    coin_slots: int = 0
    speed: int = 0
    stacking: int = 0
    water: str | None = None
    city_limit: int = 0
    culture_hand: int = 0
    city_walls: bool = False
    abilities: tuple[Ability, ...] = ()


CROSS, END = "cross", "end"         # water: may cross it / may also end a move on it
COIN_SLOTS = 4                      # coin tokens a coin card can hold

TECHS: tuple[Tech, ...] = (
    # -- level I (10)
    Tech("Animal Husbandry", 1, abilities=(
        Ability("city_production", CITY, "One city +3 production this turn.", 3, WHEAT, 1),
        Ability("heal_wounds", BATTLE, "Once per battle: heal up to 3 wounds on your units in play.", 3),
    )),
    Tech("Code of Laws", 1, building="Trading Post", government="Republic", coin_slots=COIN_SLOTS, abilities=(
        Ability("coin_after_victory", BATTLE, "Once per turn after you win a battle, put 1 coin here.", 1),
    )),
    Tech("Currency", 1, building="Market", abilities=(
        Ability("gain_culture", CITY, "Gain 3 culture.", 3, INCENSE, 1),
    )),
    Tech("Horseback Riding", 1, speed=3, abilities=(
        Ability("gain_trade_gift", TRADE, "Gain 9 trade; then another player of your choice gains 6 trade.",
                9, SILK, 1),
    )),
    Tech("Masonry", 1, stacking=3, city_walls=True),
    Tech("Metalworking", 1, building="Barracks", abilities=(
        Ability("unit_strength", BATTLE, "+3 strength to the unit you are playing (this battle).", 3, IRON, 1),
    )),
    Tech("Navigation", 1, building="Harbor", water=CROSS),
    Tech("Philosophy", 1, building="Temple", abilities=(
        Ability("random_great_person", CITY, "Once per turn gain a random great person.", 1, ANY_RESOURCE, 3),
    )),
    Tech("Pottery", 1, building="Granary", culture_hand=1, coin_slots=COIN_SLOTS, abilities=(
        Ability("coin_on_card", CITY, "Once per turn put 1 coin here.", 1, ANY_RESOURCE, 2),
    )),
    Tech("Writing", 1, building="Library", abilities=(
        Ability("cancel_city_action", CITY, "Cancel one city action another player is taking (not a resource ability).", 0, SPY, 1),
    )),
    # -- level II (10)
    Tech("Chivalry", 2, government="Feudalism", unit=(CAVALRY, 2), abilities=(
        Ability("gain_culture", CITY, "Gain 5 culture.", 5, INCENSE, 1),
    )),
    Tech("Civil Service", 2, coins=1, culture_hand=1, abilities=(
        Ability("cancel_culture_event", ANY, "Cancel a culture event.", 0, SPY, 1),
    )),
    Tech("Construction", 2, building="Workshop", abilities=(
        Ability("city_production", CITY, "One city +5 production this turn.", 5, WHEAT, 1),
    )),
    Tech("Democracy", 2, government="Democracy", unit=(INFANTRY, 2), coin_slots=COIN_SLOTS, abilities=(
        Ability("buy_coin_with_trade", CITY, "Once per turn pay 6 trade to put 1 coin here.", 6),
    )),
    Tech("Engineering", 2, upgrade="Aqueduct", abilities=(
        Ability("split_production", CITY, "Once per turn one city may split its production over 2 purchases.", 2),
    )),
    Tech("Irrigation", 2, city_limit=3),
    Tech("Mathematics", 2, unit=(ARTILLERY, 2), abilities=(
        Ability("deal_wounds", BATTLE, "Deal 3 wounds spread over enemy units in play.", 3, IRON, 1),
    )),
    Tech("Monarchy", 2, government="Monarchy", abilities=(
        Ability("obsolete_wonder_or_kill_unit", CITY,
                "Obsolete 1 ancient wonder (any owner or in the market), or kill 1 random unit of another "
                "player's standing forces.", 1, SILK, 1),
    )),
    Tech("Printing Press", 2, upgrade="University", coin_slots=COIN_SLOTS, abilities=(
        Ability("buy_coin_with_culture", CITY, "Once per turn pay 5 culture to put 1 coin here.", 5),
    )),
    Tech("Sailing", 2, speed=4, water=END),
    # -- level III (9)
    Tech("Banking", 3, upgrade="Bank", abilities=(
        Ability("city_production", CITY, "One city +7 production this turn.", 7, WHEAT, 1),
    )),
    Tech("Biology", 3, stacking=5, abilities=(
        Ability("heal_all_wounds", BATTLE, "Once per battle: heal all wounds on your units in play."),
    )),
    Tech("Communism", 3, government="Communism", abilities=(
        Ability("freeze_square", MOVE, "Pick a square: no figure may leave it this turn (may interrupt a move).",
                0, SPY, 1),
    )),
    Tech("Gunpowder", 3, unit=(INFANTRY, 3), abilities=(
        Ability("obsolete_wonder_or_destroy_building", CITY,
                "Obsolete an ancient or medieval wonder, or destroy any one building.", 1, ANY_RESOURCE, 2),
    )),
    # No coin: FAQ errata [H].
    Tech("Metal Casting", 3, unit=(ARTILLERY, 3), abilities=(
        Ability("gain_culture", CITY, "Gain 7 culture.", 7, INCENSE, 1),
    )),
    Tech("Military Science", 3, upgrade="Academy", abilities=(
        Ability("production_per_coins", PASSIVE, "Each of your cities +1 production per 3 coins you own.", 3),
    )),
    Tech("Railroad", 3, upgrade="Iron Mine", unit=(CAVALRY, 3), coins=1),   # coin: FAQ errata [H]
    Tech("Steam Power", 3, abilities=(
        Ability("sea_transport", CITY,
                "Move all your figures of one square to any water square; they may not move again this turn.",
                0, SILK, 1),
    )),
    Tech("Theology", 3, upgrade="Cathedral", government="Fundamentalism", culture_hand=1),
    # -- level IV (7)
    Tech("Atomic Theory", 4, abilities=(
        Ability("extra_city_actions", CITY, "Every one of your cities takes 1 extra action.", 1, URANIUM, 1),
        Ability("nuke_city", MOVE,
                "Destroy a non-capital city and everything in its outskirts (buildings, wonders, figures, "
                "great people).", 0, URANIUM, 1),
    )),
    Tech("Ballistics", 4, unit=(ARTILLERY, 4), abilities=(
        Ability("deal_wounds", BATTLE, "Deal 6 wounds spread over enemy units in play.", 6, IRON, 1),
    )),
    Tech("Combustion", 4, unit=(CAVALRY, 4), abilities=(
        Ability("destroy_building_on_move", MOVE,
                "Once per turn, an army of yours ending its move on an enemy building destroys it."),
        Ability("breach_walls", BATTLE, "Attacking a walled city removes its walls before the battle."),
    )),
    Tech("Computers", 4, abilities=(
        Ability("hands_per_coins", PASSIVE, "Battle hand and culture hand +1 per 5 coins you own.", 5),
    )),
    Tech("Flight", 4, unit=(AIRCRAFT, 1), water=END, abilities=(
        Ability("fly_over", MOVE, "Your figures may move through enemy figures, huts, villages and cities."),
    )),
    Tech("Mass Media", 4, abilities=(
        Ability("culture_uncancellable", PASSIVE, "Your culture (track and tokens) cannot be cancelled."),
        Ability("cancel_resource_ability", ANY, "Cancel another player's resource ability (its resource is lost).",
                0, SPY, 1),
    )),
    Tech("Replaceable Parts", 4, unit=(INFANTRY, 4), stacking=6),
    # -- level V
    Tech("Space Flight", 5, abilities=(
        Ability("technology_victory", RESEARCH, "Learning it wins the game at once."),
    )),
)
TECH_INDEX: dict[str, Tech] = {t.name: t for t in TECHS}
SPACE_FLIGHT = "Space Flight"
BASE_TECH_COUNT = 36                # each player's deck; Space Flight is one shared card
TECHS_PER_LEVEL: dict[int, int] = {1: 10, 2: 10, 3: 9, 4: 7, 5: 1}
TECH_COST: dict[int, int] = {1: 6, 2: 11, 3: 16, 4: 21, 5: 26}   # trade; all trade is consumed
HORSEBACK_GIFT_TRADE = 6            # Horseback Riding: what the other player gains


def pyramid_room(counts: dict[int, int], level: int) -> bool:
    """May a level-``level`` tech join a pyramid holding ``counts[level]`` cards per level?  Row I is
    unlimited; row N needs row N-1 to keep at least one card more than row N after the addition."""
    if level == 1:
        return True
    return counts.get(level - 1, 0) >= counts.get(level, 0) + 2


# Limits without techs (§4.2, seed rules 28, 52, 57, 58, 68).
BASE_SPEED = 2
BASE_STACKING = 2
BASE_CITY_LIMIT = 2                 # capital included (row 12)
BASE_CULTURE_HAND = 2               # seed rule 52
TRADE_MAX = 27
CITY_WALLS_COST = 7                 # production; Masonry; flips the city marker


# -- governments ---------------------------------------------------------------------------------------
class Government(NamedTuple):
    """A government: the tech that unlocks it (None: Despotism at the start, Anarchy in transition)."""
    name: str
    unlocked_by: str | None
    abilities: tuple[Ability, ...]


# Only Anarchy's capital rule [M] and Fundamentalism's battle hand (seed rule 69) are sourced; every
# other effect is the research's [PH] proposal (see HOUSE_DATA).
GOVERNMENTS: tuple[Government, ...] = (
    Government("Despotism", None, (
        Ability("capital_military_production", CITY, "Capital +2 production when building a figure or unit.", 2),
    )),
    Government("Anarchy", None, (
        Ability("capital_idle", CITY, "The capital takes no city action."),
        Ability("no_research", RESEARCH, "No research this round."),
    )),
    Government("Monarchy", "Monarchy", (
        Ability("arts_culture", CITY, "A city devoted to the arts yields +1 culture.", 1),
        Ability("capital_production", CITY, "Capital +1 production.", 1),
    )),
    Government("Feudalism", "Chivalry", (
        Ability("stacking_bonus", PASSIVE, "Stacking limit +1.", 1),
        Ability("army_cost", CITY, "Army figures cost 2 production (instead of 4).", 2),
    )),
    Government("Republic", "Code of Laws", (
        Ability("trade_per_city", TRADE, "+1 trade per city.", 1),
    )),
    Government("Democracy", "Democracy", (
        Ability("trade_per_city", TRADE, "+2 trade per city.", 2),
        Ability("trade_loss_on_defeat", BATTLE, "Lose 2 trade (not below 0) each time you lose a battle.", 2),
    )),
    Government("Fundamentalism", "Theology", (
        Ability("battle_hand", BATTLE, "Battle hand +1.", 1),
        Ability("unit_discount", CITY, "Unit cards cost 2 less.", 2),
        Ability("culture_surcharge", CITY, "Each culture-track step costs 1 more culture.", 1),
    )),
    Government("Communism", "Communism", (
        Ability("city_production", CITY, "Each city +1 production.", 1),
        Ability("trade_per_city", TRADE, "-1 trade per city (not below 0).", -1),
    )),
)
GOVERNMENT_INDEX: dict[str, Government] = {g.name: g for g in GOVERNMENTS}
ANARCHY = "Anarchy"


# -- buildings -----------------------------------------------------------------------------------------
class Building(NamedTuple):
    """A building side.  A basic building names its ``upgrade`` (the back of the same marker, flipped when
    the upgrade tech is learned); an upgraded one names its ``basic``.  ``markers`` counts physical
    markers on the basic side only.  A city may hold one ``star`` building."""
    name: str
    tech: str
    cost: int
    yields: Yield
    terrains: tuple[str, ...]
    star: bool
    upgrade: str | None = None
    basic: str | None = None
    markers: int = 0


def _y(p: int = 0, t: int = 0, c: int = 0, coins: int = 0, combat: int = 0) -> Yield:
    return Yield(production=p, trade=t, culture=c, coins=coins, combat=combat)


# civilization-data.md D5 [H for cost, yields, terrain, star]; "any land" = not water (§6 [H]).
BUILDINGS: tuple[Building, ...] = (
    Building("Market", "Currency", 7, _y(p=1, t=1, c=2), LAND_TERRAINS, True, upgrade="Bank", markers=5),
    Building("Bank", "Banking", 10, _y(p=1, t=1, c=2, coins=1), LAND_TERRAINS, True, basic="Market"),
    Building("Barracks", "Metalworking", 7, _y(t=2, combat=2), LAND_TERRAINS, True, upgrade="Academy", markers=5),
    Building("Academy", "Military Science", 10, _y(t=2, combat=4), LAND_TERRAINS, True, basic="Barracks"),
    Building("Temple", "Philosophy", 7, _y(c=2), LAND_TERRAINS, True, upgrade="Cathedral", markers=5),
    Building("Cathedral", "Theology", 10, _y(c=3), LAND_TERRAINS, True, basic="Temple"),
    Building("Granary", "Pottery", 5, _y(p=1, t=1), (GRASSLAND,), False, upgrade="Aqueduct", markers=6),
    Building("Aqueduct", "Engineering", 8, _y(p=2, t=2), (GRASSLAND,), False, basic="Granary"),
    Building("Library", "Writing", 5, _y(t=1, c=1), (GRASSLAND,), False, upgrade="University", markers=6),
    Building("University", "Printing Press", 8, _y(t=2, c=2), (GRASSLAND,), False, basic="Library"),
    Building("Workshop", "Construction", 7, _y(p=3), (MOUNTAIN,), False, upgrade="Iron Mine", markers=6),
    Building("Iron Mine", "Railroad", 10, _y(p=4), (MOUNTAIN,), False, basic="Workshop"),
    Building("Trading Post", "Code of Laws", 7, _y(t=2, c=1), (DESERT,), False, markers=6),
    Building("Harbor", "Navigation", 7, _y(p=1, t=2), (WATER,), False, markers=10),
)
BUILDING_INDEX: dict[str, Building] = {b.name: b for b in BUILDINGS}
BUILDING_MARKERS = 49               # the base box (S5)
STAR_BUILDINGS_PER_CITY = 1

# -- wonders -------------------------------------------------------------------------------------------
ANCIENT, MEDIEVAL, MODERN = "ancient", "medieval", "modern"
ERAS: tuple[str, ...] = (ANCIENT, MEDIEVAL, MODERN)


class Wonder(NamedTuple):
    """A wonder card and marker: full cost, or ``reduced_cost`` for a player knowing ``discount_tech``;
    ``culture`` icons on its marker.  ``base`` False = an alternative card, off by default."""
    name: str
    era: str
    cost: int
    reduced_cost: int
    discount_tech: str | None
    abilities: tuple[Ability, ...]
    culture: int
    base: bool = True


WONDER_CULTURE: dict[str, int] = {ANCIENT: 1, MEDIEVAL: 2, MODERN: 3}   # house data (no source)
WONDER_MARKET = 4                   # face-up wonders for sale
# Seed rule 45 / row 20: any square next to the city (the research's "not water" is [L]).
WONDER_TERRAINS: tuple[str, ...] = LAND_TERRAINS + (WATER,)


def _w(name: str, era: str, cost: int, reduced: int, tech: str | None, abilities: tuple[Ability, ...],
       base: bool = True) -> Wonder:
    return Wonder(name, era, cost, reduced, tech, abilities, WONDER_CULTURE[era], base)


WONDERS: tuple[Wonder, ...] = (
    _w("The Colossus", ANCIENT, 15, 10, "Metalworking", (Ability("gain_trade", START, "+3 trade.", 3),)),
    _w("The Hanging Gardens", ANCIENT, 15, 10, "Animal Husbandry", (
        Ability("free_figure", START, "Build a figure free in this wonder's square (not in round 1).", 1),)),
    _w("The Great Wall", ANCIENT, 15, 10, "Masonry", (
        Ability("shrink_loot", BATTLE,
                "When you lose a battle the winner gets 1 less loot: after a city battle he picks from the "
                "field list, after a field battle he gets nothing."),
        Ability("free_walls", START, "Free city walls in one of your cities.", 1),)),
    _w("The Pyramids", ANCIENT, 15, 10, "Pottery", (
        Ability("all_governments", PASSIVE,
                "All governments unlocked; immune to Anarchy (if obsoleted, fall back to a government "
                "unlocked normally)."),)),
    _w("Angkor Wat", MEDIEVAL, 20, 10, "Theology", (
        Ability("double_harvest", CITY, "Once per turn one city's action harvests twice (same square allowed).",
                2),)),
    _w("Leonardo's Workshop", MEDIEVAL, 20, 15, "Mathematics", (
        Ability("unit_cost_cap", CITY, "Your unit cards never cost more than 5.", 5),)),
    _w("Porcelain Tower", MEDIEVAL, 20, 15, "Construction", (
        Ability("tech_discount", RESEARCH, "Techs cost you 5 less trade (still 1 research per turn).", 5),)),
    _w("Himeji Samurai Castle", MEDIEVAL, 20, 15, "Monarchy", (
        Ability("army_strength", BATTLE, "All your units +1 strength.", 1),)),
    _w("Statue of Liberty", MODERN, 25, 20, "Metal Casting", (
        Ability("copy_tech", START,
                "Learn free one tech any other player knows (normal research still allowed)."),)),
    _w("The Kremlin", MODERN, 25, 20, "Communism", (
        Ability("resources_as_spy", ANY, "Once per turn they act as a spy.", 1,
                ANY_RESOURCE, 2),)),
    _w("The Pentagon", MODERN, 25, 15, "Ballistics", (
        Ability("no_trump", BATTLE, "Your units cannot be trumped."),)),
    _w("Big Ben", MODERN, 25, 20, "Banking", (
        Ability("take_market_resources", START, "Take one of every resource available in the market."),)),
    # Alternatives: base or Fame & Fortune, no source says which (kept for a house-rule deck).
    _w("The Oracle", ANCIENT, 15, 10, "Code of Laws", (
        Ability("reveal_hand", BATTLE, "In your battles the opponent plays with his hand revealed."),), False),
    _w("The Great Lighthouse", ANCIENT, 15, 10, "Navigation", (
        Ability("water_trade", TRADE, "+1 trade per empty water square in your cities' outskirts.", 1),), False),
    _w("Chichen Itza", ANCIENT, 15, 10, "Currency", (
        Ability("city_production", CITY, "Each of your cities +3 production.", 3),), False),
    _w("Taj Mahal", MEDIEVAL, 20, 15, "Chivalry", (
        Ability("free_building", START, "Build one unlocked building free."),), False),
    _w("The Louvre", MEDIEVAL, 20, 15, "Printing Press", (
        Ability("gain_culture", START, "+3 culture.", 3),), False),
    _w("Panama Canal", MODERN, 25, 20, "Engineering", (
        Ability("coin_on_wonder", START, "+1 coin on this wonder.", 1),), False),
    _w("Cristo Redentor", MODERN, 25, 15, "Mass Media", (
        Ability("culture_hand", PASSIVE, "Culture hand +4.", 4),
        Ability("draw_culture_cards", START, "Draw 2 culture event cards from any deck.", 2),), False),
)
WONDER_INDEX: dict[str, Wonder] = {w.name: w for w in WONDERS}
BASE_WONDERS: tuple[Wonder, ...] = tuple(w for w in WONDERS if w.base)
WONDERS_PER_ERA = 4

# -- culture track -------------------------------------------------------------------------------------
CARD, GREAT_PERSON, VICTORY = "card", "great_person", "victory"


class CultureSpace(NamedTuple):
    """A culture-track space (1-21): the price of the step onto it and what landing there gives
    (a culture event card of ``level``, a great person instead, or the culture victory)."""
    number: int
    culture: int
    trade: int
    reward: str
    level: int


CULTURE_START = 0                   # the start box before space 1 (row 23)
CULTURE_GREAT_PERSON_SPACES: tuple[int, ...] = (3, 7, 12, 18)
CULTURE_SPACES = 21


def _culture_space(n: int) -> CultureSpace:
    level = 1 if n <= 7 else 2 if n <= 14 else 3
    culture, trade = {1: (3, 0), 2: (5, 3), 3: (7, 6)}[level]
    reward = VICTORY if n == CULTURE_SPACES else GREAT_PERSON if n in CULTURE_GREAT_PERSON_SPACES else CARD
    return CultureSpace(n, culture, trade, reward, level)


CULTURE_TRACK: tuple[CultureSpace, ...] = tuple(_culture_space(n) for n in range(1, CULTURE_SPACES + 1))


# -- culture event cards -------------------------------------------------------------------------------
class CultureCard(NamedTuple):
    """A culture event card: deck level I-III, copies in the deck, when it is played, its effect
    (``amount``: production, range in orthogonal steps (0 = anywhere), steps, or max tech level)."""
    name: str
    level: int
    count: int  # type: ignore[assignment]  # the field shadows tuple.count
    ability: Ability


def _cc(name: str, level: int, count: int, tag: str, when: str, text: str, amount: int = 0) -> CultureCard:
    return CultureCard(name, level, count, Ability(tag, when, text, amount))


# Counts: S1 (civilization-data.md D10), 19/19/11 = 49; the true base deck is 47 (see HOUSE_DATA).
CULTURE_CARDS: tuple[CultureCard, ...] = (
    _cc("A Gift from Afar", 1, 3, "act_as_resource", ANY,
        "Acts as 1 iron, wheat, spy or silk; then another player of your choice gains 1 coin."),
    _cc("Barbarian Encampment", 1, 2, "place_village", START,
        "Put a village marker on an empty square outside all outskirts."),
    _cc("Bread and Circuses", 1, 2, "cancel_event_on_you", ANY,
        "Cancel a culture event aimed at you, your figures or your cities' squares."),
    _cc("Defection", 1, 2, "kill_figures", MOVE, "Kill 1 figure within 4 (may interrupt a move).", 4),
    _cc("Disoriented", 1, 1, "displace_group", CITY,
        "Move another player's figures of one square up to 2 as a group (no diagonals, no water, no battle).", 2),
    _cc("Drought", 1, 2, "terrain_to_desert", START,
        "A non-mountain square without buildings or wonders becomes desert (disaster marker)."),
    _cc("Exchange of Ideas", 1, 3, "tech_swap", START,
        "With another player, each learns one level-I tech of the other.", 1),
    _cc("Sabotage", 1, 2, "destroy_building", START, "Destroy a building within 4 (back to the market).", 4),
    _cc("The Citizens Are Revolting!", 1, 1, "force_anarchy", START, "Another player's government becomes Anarchy."),
    _cc("We Love the Despot Day!", 1, 1, "city_production", CITY, "One of your cities +4 production.", 4),
    _cc("A Generous Gift", 2, 3, "act_as_resource", ANY, "Acts as 1 iron, wheat, spy or silk."),
    _cc("Catastrophe", 2, 1, "destroy_building", START, "Destroy a building within 6 (back to the market).", 6),
    _cc("Deforestation", 2, 2, "forest_to_grassland", START,
        "A forest without buildings or wonders becomes grassland (disaster marker)."),
    _cc("Flooding", 2, 1, "terrain_to_water", START,
        "A non-mountain square without figures or tokens becomes water (disaster marker)."),
    _cc("Jousting Tourney", 2, 2, "cancel_event", ANY, "Cancel a culture event."),
    _cc("Knowledge Shared", 2, 3, "tech_swap", START,
        "With another player, each learns one tech of level II or lower of the other.", 2),
    _cc("Lost", 2, 1, "displace_group", CITY, "As Disoriented, up to 3.", 3),
    _cc("Mass Defection", 2, 1, "kill_figures", MOVE,
        "Within 6: kill 1 great person or up to 2 figures in one square.", 6),
    _cc("Roaming Horde", 2, 2, "barbarian_attack", MOVE,
        "An army or city within 4 of a village is attacked by rank-II barbarians.", 4),
    _cc("The Citizens Are Revolting! (II)", 2, 1, "force_anarchy", START,
        "Another player's government becomes Anarchy."),
    _cc("We Love the Queen Day!", 2, 2, "city_production", CITY, "One of your cities +6 production.", 6),
    _cc("A Princely Gift", 3, 2, "act_as_resource", ANY, "Acts as 1 iron, uranium, spy, wheat or silk."),
    _cc("Disaster", 3, 1, "destroy_buildings_anywhere", START,
        "Destroy up to 2 buildings of other players anywhere.", 2),
    _cc("Out of Position", 3, 1, "displace_group", CITY, "As Disoriented, up to 4.", 4),
    _cc("Primetime TV", 3, 2, "cancel_event_or_resource_ability", ANY,
        "Cancel a culture event or a resource ability (its resources are lost)."),
    _cc("Think Tank", 3, 2, "tech_swap", START,
        "With another player, each learns one tech of level III or lower of the other.", 3),
    _cc("We Love the President Day!", 3, 1, "city_production", CITY, "One of your cities +8 production.", 8),
    _cc("Wholesale Defection", 3, 2, "kill_figures", MOVE,
        "Anywhere: kill 1 great person or up to 2 figures in one square.", 0),
)
CULTURE_CARD_INDEX: dict[str, CultureCard] = {c.name: c for c in CULTURE_CARDS}
CULTURE_DECK_SIZE: dict[int, int] = {1: 19, 2: 19, 3: 11}
GIFT_RESOURCES: dict[str, tuple[str, ...]] = {
    "A Gift from Afar": (IRON, WHEAT, SPY, SILK),
    "A Generous Gift": (IRON, WHEAT, SPY, SILK),
    "A Princely Gift": (IRON, URANIUM, SPY, WHEAT, SILK),
}
GIFT_FROM_AFAR_COINS = 1            # the coin another player gains
ROAMING_HORDE_RANK = 2


# -- great people --------------------------------------------------------------------------------------
class GreatPerson(NamedTuple):
    """A great-person marker type: the icons it puts on the square it covers."""
    name: str
    yields: Yield
    count: int  # type: ignore[assignment]  # the field shadows tuple.count


GREAT_PEOPLE: tuple[GreatPerson, ...] = (
    GreatPerson("Artist", _y(t=1, c=2), 3),
    GreatPerson("Builder", _y(p=2, coins=1), 3),
    GreatPerson("General", _y(combat=4), 3),
    GreatPerson("Humanitarian", _y(p=1, t=1, c=1, coins=1), 3),
    GreatPerson("Merchant", _y(c=2, coins=1), 3),
    GreatPerson("Scientist", _y(p=1, t=2), 3),
)
GREAT_PERSON_INDEX: dict[str, GreatPerson] = {g.name: g for g in GREAT_PEOPLE}
GREAT_PERSON_MARKERS = 18           # the base box (S5)


@cache
def structure_yield(kind: str, name: str) -> Yield:
    """The icons of a building, wonder or great person on the map (``kind`` as in ``board.Structure``)."""
    if kind == "building":
        return BUILDING_INDEX[name].yields
    if kind == "wonder":
        return Yield(culture=WONDER_INDEX[name].culture)
    return GREAT_PERSON_INDEX[name].yields


# -- resources, huts, villages -------------------------------------------------------------------------
class Resource(NamedTuple):
    """A resource kind; ``market`` kinds are harvested from the shared pool, the others come only from
    hut/village markers and gift cards."""
    name: str
    market: bool


RESOURCES: tuple[Resource, ...] = (
    Resource(WHEAT, True), Resource(SILK, True), Resource(INCENSE, True), Resource(IRON, True),
    Resource(SPY, False), Resource(URANIUM, False),
)
MARKET_RESOURCES: tuple[str, ...] = tuple(r.name for r in RESOURCES if r.market)
RESOURCES_PER_PLAYER = 1            # seed rule 14 / row 8: a shared pool of N per market kind, N = players

# Marker contents: a resource name, or GREAT_PERSON (draw one on winning the village).
HUT_MARKERS: dict[str, int] = {WHEAT: 5, SILK: 5, INCENSE: 5, IRON: 2, SPY: 3}   # 20 [M]
VILLAGE_MARKERS: dict[str, int] = {GREAT_PERSON: 2, IRON: 2, SPY: 3, URANIUM: 3}  # 10 [L]
HUT_MARKER_COUNT = 20
VILLAGE_MARKER_COUNT = 10

# -- components per player (seed rule 5) ---------------------------------------------------------------
ARMIES = 6
SCOUTS = 2                          # the seed's "pioneers"
RUSSIA_EXTRA_ARMIES = 1             # the white figure
CITY_MARKERS = 3                    # capital + 2
MILITARY_MARKERS = 4                # one rank marker per unit type (seed; the research counts 7)
GOVERNMENT_CARDS = 4
DISASTER_MARKERS = 12
START_FIGURES: dict[str, int] = {"army": 1, "scout": 1}   # next to the capital (seed rule 18)
START_COINS = 0

# -- costs ---------------------------------------------------------------------------------------------
ARMY_COST = 4
SCOUT_COST = 6
BUY_PRODUCTION = (3, 1)             # 3 trade -> 1 production (seed rule 48); America 3 -> 2

# -- battle (seed rules 68-83) -------------------------------------------------------------------------
BATTLE_HAND = 3
BATTLE_HAND_PER_EXTRA_ARMY = 2
BATTLE_HAND_CITY = 3                # defending a city or capital
BATTLE_HAND_EMPTY_CITY = 6          # a city with no armies still defends (research §8.2)
CITY_BONUS = 6
CAPITAL_BONUS = 12
WALLS_BONUS = 4
ARMIES_LOST_PER_KILLED_UNITS = 2    # the winner loses 1 army figure per 2 own units killed; no floor (row 43)
# One pick each (row 44): after a field battle (rule 80), after taking a city (rule 82).
FIELD_LOOT: tuple[str, ...] = ("3 trade", "3 culture", "1 resource")
CITY_LOOT: tuple[str, ...] = ("1 tech", "1 culture card", "2 resources")
LOOT_TRADE = 3
LOOT_CULTURE = 3

# -- victory (seed rules 84-87) ------------------------------------------------------------------------
COIN_VICTORY = 15
CULTURE_VICTORY_SPACE = CULTURE_SPACES
TECH_VICTORY = SPACE_FLIGHT
VICTORIES: tuple[str, ...] = ("culture", "technology", "economy", "military")

# -- house data ----------------------------------------------------------------------------------------
HOUSE_DATA: dict[str, str] = {
    "tech:Chivalry": "raises cavalry to rank II [L: no source lists it]",
    "tech:Ballistics": "raises artillery to rank IV [L: no source lists it]",
    "tech:Horseback Riding": "silk ability 9 trade to you, 6 to another player [M-L]",
    "tech:Philosophy": "engine version: any 3 resources for a random great person (not 'first to learn')",
    "government:Despotism": "effect is the research's placeholder (capital +2 production for figures/units)",
    "government:Anarchy": "capital idle [M]; 'no research this round' is [L]",
    "government:Monarchy": "effect is a placeholder [PH]",
    "government:Feudalism": "effect is a placeholder [PH]",
    "government:Republic": "effect is a placeholder [PH]",
    "government:Democracy": "effect is a placeholder [PH]",
    "government:Fundamentalism": "battle hand +1 is the seed's; unit discount and culture surcharge [PH]",
    "government:Communism": "effect is a placeholder [PH]",
    "wonder:The Colossus": "in the base 12: 'likely', not confirmed",
    "wonder:The Hanging Gardens": "in the base 12: 'likely', not confirmed",
    "wonder:The Great Wall": "in the base 12: a pick [PH]; loot shrink per section 2 row 44",
    "wonder:The Pyramids": "in the base 12: a pick [PH]; when they stop, a government his techs do not unlock "
                           "falls back at once to one they do (his pick; Despotism if none): house reading",
    "wonder:Leonardo's Workshop": "in the base 12: a pick [PH]",
    "wonder:Porcelain Tower": "in the base 12: a pick [PH]",
    "wonder:Himeji Samurai Castle": "in the base 12: a pick [PH]",
    "wonder:Statue of Liberty": "in the base 12: a pick [PH]",
    "wonder:The Kremlin": "in the base 12: a pick [PH]",
    "wonder:The Pentagon": "in the base 12: a pick [PH]",
    "wonder:Big Ben": "in the base 12: a pick [PH]",
    "const:WONDER_CULTURE": "culture icons on wonder markers: ancient 1, medieval 2, modern 3 [PH]",
    "const:CULTURE_START": "a start box before space 1 (section 2 row 23)",
    "const:CULTURE_GREAT_PERSON_SPACES": "great person instead of a card on 3, 7, 12, 18 [M/L, one source]",
    "const:CULTURE_DECK_SIZE": "S1 counts 19/19/11 = 49; the base deck is 47, 5 expansion cards unidentified",
    "culture_card:We Love the Despot Day!": "1 copy (S1); S2 has 3, the research's proposal 2",
    "culture_card:Mass Defection": "1 copy (S1); S2 and the research's proposal have 2",
    "const:GREAT_PEOPLE": "3 markers per type [PH]; icons from one engine's data [M/L]",
    "const:VILLAGE_MARKERS": "2 great person, 2 iron, 3 spy, 3 uranium [L: one of them is off by one]",
    "const:MILITARY_MARKERS": "4 per player, one rank per type (seed rule 5, row 4); the research counts 7",
}
