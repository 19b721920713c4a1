"""Civilization's state and its set-up (seed rules 4-22, section 2 rows 1-8).

The state is plain data: the map (``board.Board``), one :class:`Player` per seat, the decks and markets,
the round and phase, the step stack and the log.  Hidden information lives in :class:`Deck` objects (the
unit decks, the wonder, culture, great-person, hut and village stacks) and in the face-down tiles of the
map; every draw goes through the state's ``Rng``, so reveals are counted by construction.

Set-up follows the seed where it speaks and section 2 where it is silent:

* civilizations are dealt at random (rule 4); each takes its home tile, capital, starting tech (rule 19,
  in the row of its printed level: row 3) and its set-up extras (section 4 §1, row 7);
* the map: the home tiles face up in their seats' slots, turned so the capital faces inward; the other
  slots get neutral tiles, drawn at random, face down, each turned at random (rule 6, row 28);
* everyone starts in Despotism (rule 21, row 2), with trade = the trade icons around the capital and no
  coins (rule 22, row 1), 1 infantry, 1 cavalry and 1 artillery card at rank I (rule 8, row 4);
* the start player is drawn (rule 17); the marker passes at the start of every round, round 1 too, so
  the player on his left opens (rule 25, row 6);
* the starting army and scout are placed by their owner on squares next to the capital (rule 18, row 5):
  those are the game's first decisions.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from collections.abc import Iterable
from typing import Any

from ...engine.hidden import Deck
from ...engine.rng import Rng
from ...engine.steps import StepState
from . import data as D
from .board import Board, Pos, new_board
from .data_map import LAYOUTS, NEUTRAL_TILES


@dataclass
class Player:
    civ: str
    capital: Pos
    techs: list[str]                 # in the order learned; the pyramid is by level (data.TECH_INDEX)
    government: str = D.START_GOVERNMENT
    trade: int = 0
    coins: int = 0                   # coin tokens on cards (the dial counts these plus printed coins)
    culture: int = 0                 # culture tokens
    culture_step: int = D.CULTURE_START
    armies: int = D.ARMIES           # figures in supply
    scouts: int = D.SCOUTS
    cities_left: int = D.CITY_MARKERS - 1
    ranks: dict[str, int] = field(default_factory=lambda: {t: 1 for t in D.START_UNITS} | {D.AIRCRAFT: 0})
    units: list[int] = field(default_factory=list)          # unit card kinds (index into data.UNIT_CARDS), face down
    culture_cards: list[str] = field(default_factory=list)  # culture event card names, private
    great_people: list[str] = field(default_factory=list)   # in reserve, private
    resources: list[str] = field(default_factory=list)      # resource names (market kinds and hut/village finds)
    wonders: list[str] = field(default_factory=list)        # wonders owned (built or not yet placed)
    reserve: list[str] = field(default_factory=list)        # "kind:name": a destroyed city's buildings and
    #                                                         wonders, back in his supply (rule 81), public
    obsolete: list[str] = field(default_factory=list)       # his wonders made obsolete: markers stay, abilities stop
    fresh_governments: list[str] = field(default_factory=list)  # found in the last research phase: free to adopt
    pending_government: str = ""     # adopted after this round of Anarchy
    used: frozenset = frozenset()    # once-a-round abilities used this round
    card_coins: dict[str, int] = field(default_factory=dict)     # tech -> coin tokens on it (up to its slots)


@dataclass
class CivState(StepState):
    options: dict
    rng: Rng
    board: Board
    players: list[Player]
    unit_decks: dict[str, Deck]      # type -> Deck of unit card kinds
    wonder_market: list[str]         # face up, for sale
    wonder_deck: Deck                # medieval on top of modern, face down (rule 11)
    culture_decks: dict[int, Deck]   # level -> Deck of card names
    great_people: Deck
    huts: Deck                       # face-down hut markers' contents
    villages: Deck
    resource_pool: dict[str, int]    # market resource -> markers beside the board (row 8)
    buildings_left: dict[str, int]   # basic building -> markers in the market
    start_player: int
    culture_discards: list[tuple[int, str]] = field(default_factory=list)   # (player, card): out of the game, face down
    offered: tuple[tuple[int, int], ...] = ()   # (from, to) of each offer made this round (repeats count)
    boost: dict[Pos, int] = field(default_factory=dict)   # city -> production added by a culture card this round
    cancelled: frozenset = frozenset()          # (player, card, target) events cancelled before their effect
    gather: dict[Pos, Pos] = field(default_factory=dict)   # scout's square -> the city it gathers for this round
    frozen: frozenset = frozenset()             # squares no figure may leave this round (Communism, Steam Power)
    open_huts: frozenset = frozenset()          # hut markers turned up and left on the map (rule 61): seen by all
    battle: Any = None                          # war.Battle while one is fought
    last_battle: Any = None                     # the last battle's end, plain data for the screen (war.end_battle)
    round: int = 0
    phase: str = "setup"
    winner: int = -1
    victory: str = ""


def _unit_deck(kind: str, rng: Rng) -> Deck:
    deck = Deck(i for i, u in enumerate(D.UNIT_CARDS) if u.type == kind for _ in range(u.count))
    deck.shuffle(rng)
    return deck


def _shuffled(cards: Iterable[Any], rng: Rng) -> Deck:
    deck = Deck(cards)
    deck.shuffle(rng)
    return deck


def deal(names: list[str], seed: int, options: dict) -> CivState:
    """The laid-out game before anyone decides: everything of rules 4-22 but the starting figures."""
    n = len(names)
    if n not in LAYOUTS:
        raise ValueError(f"Civilization takes 2 to 4 players, not {n}")
    rng = Rng(seed)
    civs = [c.name for c in D.CIVS]
    rng.shuffle(civs)
    civs = civs[:n]
    neutral = [t.name for t in NEUTRAL_TILES]
    rng.shuffle(neutral)
    need = len(LAYOUTS[n].neutral)
    board, capitals = new_board(civs, [(name, rng.randrange(4)) for name in neutral[:need]])
    unit_decks = {t: _unit_deck(t, rng) for t in (D.INFANTRY, D.CAVALRY, D.ARTILLERY, D.AIRCRAFT)}
    players: list[Player] = []
    for civ, cap in zip(civs, capitals):
        p = Player(civ, cap, [D.CIV_INDEX[civ].start_tech])
        p.trade = min(D.TRADE_MAX, board.outskirts_trade(cap, len(players)))
        p.units = [unit_decks[t].draw(rng) for t in D.START_UNITS]
        players.append(p)
    ancient = [w.name for w in D.BASE_WONDERS if w.era == D.ANCIENT]
    rng.shuffle(ancient)
    later = _shuffled([w.name for w in D.BASE_WONDERS if w.era == D.MODERN], rng)
    later.add(_shuffled([w.name for w in D.BASE_WONDERS if w.era == D.MEDIEVAL], rng).take_all())
    culture_decks = {lv: _shuffled([c.name for c in D.CULTURE_CARDS if c.level == lv for _ in range(c.count)], rng)
                     for lv in (1, 2, 3)}
    s = CivState(
        names=list(names), options=dict(options), rng=rng, board=board, players=players,
        unit_decks=unit_decks, wonder_market=ancient[:D.WONDER_MARKET], wonder_deck=later,
        culture_decks=culture_decks,
        great_people=_shuffled([g.name for g in D.GREAT_PEOPLE for _ in range(g.count)], rng),
        huts=_shuffled([k for k, c in D.HUT_MARKERS.items() for _ in range(c)], rng),
        villages=_shuffled([k for k, c in D.VILLAGE_MARKERS.items() for _ in range(c)], rng),
        resource_pool={r: n * D.RESOURCES_PER_PLAYER for r in D.MARKET_RESOURCES},
        buildings_left={b.name: b.markers for b in D.BUILDINGS if b.basic is None},
        start_player=rng.randrange(n),
    )
    for seat, p in enumerate(players):
        _civ_extras(s, seat, p)
    return s


def _civ_extras(s: CivState, seat: int, p: Player) -> None:
    """Set-up abilities that need no decision (section 4 §1).  America's great person and Egypt's wonder
    are taken now and placed by their owner later (rule 53's "now or later", row 25)."""
    civ = D.CIV_INDEX[p.civ]
    for ab in civ.abilities:
        if ab.when != D.SETUP:
            continue
        if ab.tag == "start_walls":
            s.board.cities[p.capital].walls = True
        elif ab.tag == "start_units":
            p.units += [s.unit_decks[D.INFANTRY].draw(s.rng) for _ in range(ab.amount)]
        elif ab.tag == "start_armies":
            p.armies += D.RUSSIA_EXTRA_ARMIES
        elif ab.tag == "start_great_person":
            p.great_people.append(s.great_people.draw(s.rng))
        elif ab.tag == "start_ancient_wonder":
            i = s.rng.randrange(len(s.wonder_market))
            p.wonders.append(s.wonder_market.pop(i))
            if s.wonder_deck:
                s.wonder_market.append(s.wonder_deck.draw(s.rng))
