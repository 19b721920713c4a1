"""Evolution card data.

HOUSE DATA: no official list of the food values printed on the cards was found.
The North Star values below are the community lists of the research notes
(``docs/rules/evolution.md`` section 3.2, confidence low to medium), and the
110-card German deck is derived from them by the PLACEHOLDER recipe of that
section.  The counts (17 + 7 x 16 and 14 + 6 x 16) are confirmed.  Swap real
values in here when they are known; nothing else in the rules depends on them.

Card ids.  ``CARDS`` holds the 129 North Star cards.  They are ordered so that
ids 0..109 are exactly the 110-card German deck (grouped by trait) and ids
110..128 are the 19 cards the German deck lacks (one Carnivore 0, 3 and 6, one
copy of each other trait).  So ids run 0..N-1 in either deck and
``CARDS[id]`` is right for both decks.
"""
from __future__ import annotations

from dataclasses import dataclass

# -- edition-sensitive numbers (the seed's values) ----------------------------
HARD_SHELL_BONUS = 3        # seed rule 39 (2nd edition prints 4)
TRAIT_LIMIT = 3             # traits per species with 3+ players
TRAIT_LIMIT_TWO_PLAYERS = 2
TWO_PLAYER_REMOVAL = 40     # cards removed unseen in a 2-player game
MAX_SIZE = 6
MAX_POP = 6
BASE_DEAL = 3               # cards dealt per player, plus 1 per species

# -- traits ---------------------------------------------------------------------
CARNIVORE = "Carnivore"
AMBUSH = "Ambush"
PACK_HUNTING = "Pack Hunting"
HORNS = "Horns"
CLIMBING = "Climbing"
HARD_SHELL = "Hard Shell"
DEFENSIVE_HERDING = "Defensive Herding"
SYMBIOSIS = "Symbiosis"
BURROWING = "Burrowing"
WARNING_CALL = "Warning Call"
SCAVENGER = "Scavenger"
FAT_TISSUE = "Fat Tissue"
FORAGING = "Foraging"
INTELLIGENCE = "Intelligence"
COOPERATION = "Cooperation"
LONG_NECK = "Long Neck"
FERTILE = "Fertile"

# In the seed's order: attack, defence, feeding, other.
TRAITS: tuple[str, ...] = (
    CARNIVORE, AMBUSH, PACK_HUNTING,
    HORNS, CLIMBING, HARD_SHELL, DEFENSIVE_HERDING, SYMBIOSIS, BURROWING, WARNING_CALL,
    SCAVENGER, FAT_TISSUE, FORAGING, INTELLIGENCE, COOPERATION, LONG_NECK,
    FERTILE,
)

# Traits with the grain symbol: they act right after the food cards are revealed.
GRAIN_TRAITS: tuple[str, ...] = (FERTILE, LONG_NECK, FAT_TISSUE)

TRAIT_GERMAN: dict[str, str] = {
    CARNIVORE: "Fleischfresser",
    AMBUSH: "Hinterhalt",
    PACK_HUNTING: "Rudeljagd",
    HORNS: "Hörner",
    CLIMBING: "Klettern",
    HARD_SHELL: "Schutzpanzer",
    DEFENSIVE_HERDING: "Schutz der Herde",
    SYMBIOSIS: "Symbiose",
    BURROWING: "Verbergen",
    WARNING_CALL: "Warnruf",
    SCAVENGER: "Aasfresser",
    FAT_TISSUE: "Fettschicht",
    FORAGING: "Gefräßig",
    INTELLIGENCE: "Intelligenz",
    COOPERATION: "Kooperation",
    LONG_NECK: "Langer Hals",
    FERTILE: "Fruchtbarkeit",
}

TRAIT_TEXT: dict[str, str] = {
    CARNIVORE: "Eats only meat, by attacking a smaller species; its own species only if no opponent's can be attacked.",
    AMBUSH: "When this carnivore attacks, Warning Call does not protect the target.",
    PACK_HUNTING: "When this carnivore attacks, its population is added to its body size (meat is still the target's size).",
    HORNS: "A carnivore that attacks this species loses 1 population first (it may die and eat nothing).",
    CLIMBING: "Only a carnivore with Climbing may attack this species.",
    HARD_SHELL: f"Counts as {HARD_SHELL_BONUS} larger when attacked (the meat is still its printed size).",
    DEFENSIVE_HERDING: "May be attacked only by a carnivore larger in both body size and population.",
    SYMBIOSIS: "Cannot be attacked while the species to its right has a larger body size.",
    BURROWING: "Cannot be attacked while its food equals (or exceeds) its population.",
    WARNING_CALL: "The species directly left and right of this one cannot be attacked (except by Ambush).",
    SCAVENGER: "After every attack by any carnivore, this species takes 1 meat from the bank.",
    FAT_TISSUE: "Once fed, may keep eating into a store of up to its body size; the store moves onto the board at the next feeding.",
    FORAGING: "Each time this species takes food, it takes 1 more from the same source.",
    INTELLIGENCE: "Herbivore: may discard a card on your feeding turn for 2 plant food. Carnivore: each discarded card ignores one trait of the attacked opponent (a blocking trait, or Horns).",
    COOPERATION: "Each time this species takes food, your species to its right takes 1 from the same source.",
    LONG_NECK: "When the food cards are revealed, takes 1 plant food from the bank (not for a carnivore).",
    FERTILE: "When the food cards are revealed, +1 population if food was left on the watering hole from last round.",
}


@dataclass(frozen=True, slots=True)
class Card:
    id: int
    trait: str
    food: int


# HOUSE DATA (PLACEHOLDER values, research notes section 3.2).
# For each trait: (values kept in the 110-card German deck, values only in the 129-card deck).
_VALUES: dict[str, tuple[tuple[int, ...], tuple[int, ...]]] = {
    CARNIVORE: ((0, 1, 1, 2, 2, 2, 3, 3, 4, 4, 4, 5, 5, 6), (0, 3, 6)),
    AMBUSH: ((-2, -1, 0, 1, 2, 3), (-3,)),
    PACK_HUNTING: ((-2, -1, 0, 1, 2, 3), (-3,)),
    HORNS: ((1, 2, 3, 4, 4, 5), (3,)),
    CLIMBING: ((1, 2, 3, 4, 4, 5), (3,)),
    HARD_SHELL: ((1, 2, 3, 4, 4, 5), (3,)),
    DEFENSIVE_HERDING: ((2, 3, 4, 6, 7, 8), (5,)),
    SYMBIOSIS: ((1, 2, 3, 4, 4, 5), (3,)),
    BURROWING: ((1, 2, 3, 4, 4, 5), (3,)),
    WARNING_CALL: ((1, 2, 3, 4, 4, 5), (3,)),
    SCAVENGER: ((2, 3, 4, 6, 6, 7), (5,)),
    FAT_TISSUE: ((-1, 0, 3, 4, 5, 5), (4,)),
    FORAGING: ((0, 3, 3, 4, 5, 5), (4,)),
    INTELLIGENCE: ((-2, -1, 0, 5, 6, 7), (4,)),
    COOPERATION: ((0, 3, 3, 4, 5, 5), (4,)),
    LONG_NECK: ((3, 4, 5, 6, 7, 8), (9,)),
    FERTILE: ((2, 3, 4, 6, 6, 7), (5,)),
}


def _build() -> list[Card]:
    cards: list[Card] = []
    for trait in TRAITS:
        for v in _VALUES[trait][0]:
            cards.append(Card(len(cards), trait, v))
    for trait in TRAITS:
        for v in _VALUES[trait][1]:
            cards.append(Card(len(cards), trait, v))
    return cards


CARDS: list[Card] = _build()

DECK_SIZES: dict[str, int] = {"110": 110, "129": 129}
DEFAULT_DECK = "110"


def deck_ids(deck: str) -> list[int]:
    """The card ids of a deck ("110" German, "129" North Star)."""
    return list(range(DECK_SIZES[deck]))


def deck_cards(deck: str) -> list[Card]:
    return CARDS[:DECK_SIZES[deck]]


# Fast lookups indexed by card id.
TRAIT_OF: list[str] = [c.trait for c in CARDS]
FOOD_OF: list[int] = [c.food for c in CARDS]


def card_label(cid: int) -> str:
    c = CARDS[cid]
    return f"{c.trait} ({c.food:+d})"


assert len(CARDS) == 129
assert sum(1 for c in CARDS[:110] if c.trait == CARNIVORE) == 14
assert all(sum(1 for c in CARDS[:110] if c.trait == t) == 6 for t in TRAITS[1:])
assert sum(1 for c in CARDS if c.trait == CARNIVORE) == 17
assert all(sum(1 for c in CARDS if c.trait == t) == 7 for t in TRAITS[1:])
