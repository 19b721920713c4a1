"""Civilization's shared helpers: the phase names, what a player's techs allow (speed, stacking, water,
cities, coins), the coin dial and culture hand, and the labels of squares and figures in the log.  No
steps and no game: the part modules (``movement``, ``cities``... see ``rules.py``) import these by name.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, cast

from functools import lru_cache

from . import data as D
from .board import Figures, Moving, Pos, neighbours, placed_squares
from .data_map import HOME_TILES, NEUTRAL_TILES
from .state import CivState, Player

if TYPE_CHECKING:
    from .rules import CivilizationGame


START, TRADE, CITY, MOVE, RESEARCH, OVER = D.PHASES + ("over",)
# The most coins one square shows (a tile's printed icon, a building, a great person): bounds the map's coins.
_MAX_SQUARE_COINS = max([sq.yields.coins for name in [t.name for t in NEUTRAL_TILES] + list(HOME_TILES)
                         for sq in placed_squares(name, 0)]
                        + [b.yields.coins for b in D.BUILDINGS] + [g.yields.coins for g in D.GREAT_PEOPLE])
_CULTURE_LEVEL = {c.name: c.level for c in D.CULTURE_CARDS}
WALLS = "walls"            # a city's purchase with Masonry (not a building: the city marker flips)


def _sq(pos: Pos) -> str:
    return f"{pos[0]}:{pos[1]}"


LABEL_ROOM = 29     # an option's label fits one line of the option list at 80x24 (30 cells less the scrollbar's)


def fit(*labels: str) -> str:
    """The first label that fits the option list's line (``LABEL_ROOM``), else the last, shortest one;
    what is left out the screen shows on the line under the map."""
    for label in labels:
        if len(label) <= LABEL_ROOM:
            return label
    return labels[-1]


def _a(noun: str) -> str:
    """``an army``, ``a scout``: the article for a figure or unit type in the log."""
    return f"{'an' if noun[:1].lower() in 'aeiou' else 'a'} {noun}"


def group_of(what: Moving) -> tuple[int, int]:
    """(armies, scouts) of a moving set: "army", "scout" or a group's counts (rule 56)."""
    if what == "army":
        return 1, 0
    if what == "scout":
        return 0, 1
    return cast("tuple[int, int]", tuple(what))


def _figures(armies: int, scouts: int) -> str:
    """``2 armies and a scout``."""
    parts = [("an army" if armies == 1 else f"{armies} armies") if armies else "",
             ("a scout" if scouts == 1 else f"{scouts} scouts") if scouts else ""]
    return " and ".join(x for x in parts if x)


def _foe(s: CivState, pos: Pos) -> str:
    """What an attack on ``pos`` meets: ``the village``, ``Ada's capital``, ``Ada's 2 armies``..."""
    b = s.board
    c = b.cities.get(pos)
    if c is not None:
        return f"{s.names[c.owner]}'s {'capital' if c.capital else 'city'}"
    f = b.figures.get(pos)
    if f is not None:
        what = _figures(f.armies, f.scouts)
        return f"{s.names[f.owner]}'s {what.removeprefix('an ').removeprefix('a ')}"
    return "the village"


def _two(f: Figures) -> tuple[int, int]:
    """Up to 2 figures of a square for Mass and Wholesale Defection: armies first."""
    armies = min(2, f.armies)
    return armies, min(2 - armies, f.scouts)


def _where(s: CivState, pos: Pos) -> str:
    """``3:4 (forest)``: a square for an option's label, its terrain when it is explored."""
    sq = s.board.square(pos)
    return f"{_sq(pos)} ({sq.terrain})" if sq is not None else f"{_sq(pos)} (unexplored)"


# ====================================================================== what a player's techs allow
def learned(p: Player, attr: str) -> tuple:
    """``attr`` of each of the player's techs.  Cached by the tech list: speed, stacking, water and coins
    are asked of it thousands of times a game, and the list changes a few times."""
    return _learned(attr, tuple(p.techs))


@lru_cache(maxsize=4096)
def _learned(attr: str, techs: tuple) -> tuple:
    return tuple(getattr(D.TECH_INDEX[t], attr) for t in techs if t in D.TECH_INDEX)


def speed(p: Player) -> int:
    return max((D.BASE_SPEED,) + learned(p, "speed"))


def stacking(p: Player) -> int:
    """Rule 57: 2, raised by techs; Russia +1, Feudalism +1 (house data)."""
    return (max((D.BASE_STACKING,) + learned(p, "stacking")) + (1 if p.civ == "Russia" else 0)
            + (1 if p.government == "Feudalism" else 0))


def water_rule(p: Player) -> str | None:
    """None (no water), CROSS (may pass over water) or END (may also stop on it)."""
    w = learned(p, "water")
    return D.END if D.END in w else D.CROSS if D.CROSS in w else None


def city_limit(p: Player) -> int:
    return max((D.BASE_CITY_LIMIT,) + learned(p, "city_limit"))


def coins(p: Player) -> int:
    """The coin dial: printed coins on techs, coin tokens on cards and elsewhere (buildings and great
    people on the map: not yet)."""
    return _coins_printed(tuple(p.techs)) + p.coins + sum(p.card_coins.values())


@lru_cache(maxsize=4096)
def _coins_printed(techs: tuple) -> int:
    return sum(_learned("coins", techs))


def map_coins(s: CivState, where: list[Pos] | None = None) -> list[int]:
    """Each player's coin icons around his cities, printed, on buildings or on great people (section 4
    §3), in one pass over the few coin squares: what ``worked`` counts, the outskirts (squares with
    another player's figure excepted) and the squares of scouts gathering for a city."""
    b = s.board
    out = [0] * s.n
    if where is None:
        where = b.coin_squares()
    if not where:
        return out
    figures, cities, gather, yields = b.figures, b.cities, s.gather, b.yields
    for n in where:
        for c in neighbours(n):                  # board.city_of, inline: the check runs after most choices
            if c in cities:
                q = cities[c].owner
                f = figures.get(n)
                if f is None or f.owner == q or f.count() <= 0:     # no other player's figure there
                    out[q] += yields(n).coins
                break
        if not gather:
            continue
        city = gather.get(n)
        if city is not None and city in cities:
            f = figures.get(n)
            q = cities[city].owner
            if f is not None and f.owner == q and f.scouts:
                out[q] += b.yields(n).coins
    return out


def coin_dial(g: CivilizationGame, s: CivState, q: int) -> int:
    """The whole coin dial: the cards' coins (``coins``) and the coin icons around the player's cities."""
    return coins(s.players[q]) + map_coins(s)[q]


def culture_hand(g: CivilizationGame, s: CivState, q: int) -> int:
    """The culture hand limit: 2 (rule 52), +1 for each of Pottery, Civil Service and Theology, and with
    Computers +1 per 5 coins (section 4 §4)."""
    p = s.players[q]
    extra = coin_dial(g, s, q) // 5 if "Computers" in p.techs else 0
    return D.BASE_CULTURE_HAND + sum(learned(p, "culture_hand")) + extra


def pyramid_counts(p: Player) -> dict[int, int]:
    counts: dict[int, int] = {}
    for t in p.techs:
        lv = D.TECH_INDEX[t].level
        counts[lv] = counts.get(lv, 0) + 1
    return counts


PYRAMIDS = "The Pyramids"


def governments_known(p: Player) -> list[str]:
    """Unlocked by his techs; all of them with The Pyramids (while they work: not obsolete)."""
    every = PYRAMIDS in p.wonders
    return [g.name for g in D.GOVERNMENTS if g.unlocked_by is not None and (every or g.unlocked_by in p.techs)]


def anarchy_immune(p: Player) -> bool:
    """The Pyramids, while they work: immune to Anarchy (section 4 §7, the wonder's row): a change of
    government is made at once, and The Citizens Are Revolting do not reach him."""
    return PYRAMIDS in p.wonders


def ability_sources(p: Player) -> tuple:
    """(card name, ability) of the player's techs and wonders.  Cached by the two lists, as ``learned``:
    every menu asks it, and the lists change a few times a game."""
    return _sources(tuple(p.techs), tuple(p.wonders))[0]


def has_ability(p: Player, tag: str) -> bool:
    return tag in _sources(tuple(p.techs), tuple(p.wonders))[1]


@lru_cache(maxsize=4096)
def _sources(techs: tuple, wonders: tuple) -> tuple[tuple, frozenset]:
    """(the (source, ability) pairs, the set of their tags)."""
    pairs = tuple([(t, ab) for t in techs for ab in D.TECH_INDEX[t].abilities]
                  + [(w, ab) for w in wonders for ab in D.WONDER_INDEX[w].abilities])
    return pairs, frozenset(ab.tag for _, ab in pairs)
