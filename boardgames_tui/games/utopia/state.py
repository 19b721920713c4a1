"""Utopia's state, the constants of the board and the options every part of the turn shares.

The steps live by the part of the round they belong to: :mod:`.placement` (phase 1:
guests, princes placed, wonders and monuments, which phase 2 builds too) and
:mod:`.actions` (phase 2: the action cards); the round, phase 3, the end and the
scores are in :mod:`.rules`.  This module imports none of them; their decisions derive
from its :class:`UtopiaStep`.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import ClassVar

from ...engine.core import Option
from ...engine.hidden import Deck
from ...engine.rng import Rng
from ...engine.steps import Step, StepState, key
from .data import DISTRICTS, ISLAND_NAMES, LAND_NEIGHBOURS, N_DISTRICTS, N_PEOPLES, PEOPLE_NAMES, SEA_NEIGHBOURS

PHASE_GUESTS, PHASE_DISCARD, PHASE_CARDS, PHASE_OVER = "guests", "discard", "cards", "over"
ACTIONS = ("move", "add", "remove", "raise", "lower")
ACTION_COST = {"move": 1, "add": 1, "remove": 1, "raise": 1, "lower": 2}
# What prestige is scored for (UtopiaState.gained, UtopiaGame.score_detail), in the rules' terms:
# phase 3's monuments, a wonder built (6), the wonder bonus (3 a monument on its island),
# a prince added at another player's monument (1), a prince removed at a monument (2).
GAIN_MONUMENTS, GAIN_WONDER, GAIN_BONUS, GAIN_ADD, GAIN_REMOVE = range(5)
GAIN_NAMES = ("monuments", "wonders", "wonder bonus", "princes added", "princes removed")
# The end screen's words (score_detail), short enough for five players' lines at 80 columns:
# the wonder bonus as "bonus", adding and removing princes together as "princes".
DETAIL_PARTS = (("monuments", (GAIN_MONUMENTS,)), ("wonders", (GAIN_WONDER,)), ("bonus", (GAIN_BONUS,)),
                ("princes", (GAIN_ADD, GAIN_REMOVE)))

_PEOPLE = range(N_PEOPLES)
A_PEOPLE = tuple(("an " if n[0] in "AEIOU" else "a ") + n for n in PEOPLE_NAMES)  # "an Egyptian"
ISLAND_OF = tuple(d.island for d in DISTRICTS)
_DNAME = tuple(d.name for d in DISTRICTS)
REACH = tuple(tuple(sorted(LAND_NEIGHBOURS[i] | SEA_NEIGHBOURS[i])) for i in range(N_DISTRICTS))

# Option objects that never change are built once (these two are shared; each
# step module builds its own).  ``value`` is what a step's ``apply`` reads: a guest
# type, a district, a people, a tuple naming a play.
_BACK = Option("back", "Back")
_DISTRICT_OPT = tuple(Option(key("district", d.name), f"{d.name} ({ISLAND_NAMES[d.island]})",
                             ("district", d.id), d.id) for d in DISTRICTS)


class UtopiaStep(Step):
    """A Utopia decision: ``tag`` is the name the view shows as "step"."""
    tag: ClassVar[str]


@dataclass
class UtopiaState(StepState):
    options: dict
    rng: Rng
    open_islands: list[bool]
    open_districts: list[bool]
    scores: list[int]
    stamps: list[int]            # when each minister arrived on its score space (lower = ahead)
    next_stamp: int
    scale: list[int]             # scale[i] = people on place i; place 0 is the bottom (value 1)
    bag: list[int]               # guests in the bag, count per guest type (island * 5 + people)
    display: list[int]           # guests waiting at the islands' ships, count per type
    kept: list[list[int]]        # guests in front of each player, count per type
    removed_guests: list[int]    # out of the game (two players: the closed island's guests)
    deck: Deck                   # action cards (their people), face down
    discard: list[int]           # discard pile, count per people
    discarded_by: list[list[int]]  # the face-down part of the pile: per player, per people (since the last reshuffle)
    hands: list[list[int]]       # count per people
    supply: list[list[int]]      # princes in each player's supply, per people
    princes: list[list[list[int]]]  # princes[district][player][people]
    mon_people: list[int]        # monument people per district, -1 = empty space
    mon_owner: list[int]         # its owner, -1 = none
    monuments_left: list[int]    # per people, beside the board
    wonder_owner: list[int]      # per island, -1 = no wonder
    bases: list[int]
    privileges: list[int]
    round: int = 0
    phase: str = PHASE_GUESTS
    acted: list[bool] = field(default_factory=list)
    drew: list[bool] = field(default_factory=list)   # bag draw used this round
    first_last_round: int = -1
    end_reason: str = ""
    gained: list[list[int]] = field(default_factory=list)  # per player, prestige per GAIN_* category
