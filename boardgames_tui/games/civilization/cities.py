"""Civilization's phase 1, the start of the round (rules 26-37, rows 10-14): founding cities, changing
government (with Anarchy), scouts gathering for a city and great people placed from reserve; card and
ability plays are offered here too (``cards``, ``abilities``).
"""
from __future__ import annotations

from functools import lru_cache
from typing import ClassVar, TYPE_CHECKING

from ...engine.core import Option
from ...engine.steps import Step, key, log
from . import abilities, cards, data as D, management, movement
from .board import City, GREAT_PERSON, Pos, neighbours
from .common import PYRAMIDS, _sq, anarchy_immune, city_limit, fit, governments_known
from .state import CivState, Player

if TYPE_CHECKING:
    from .rules import CivilizationGame


class StartTurn(Step):
    """Phase 1: found cities, change government, play culture cards, in any order; then done (rules 26-35,
    row 10).  Private: the options name the player's culture cards and great people in reserve."""
    kind: ClassVar[str] = "start"
    never_empty: ClassVar[bool] = True     # "done"

    def prompt(self, g: CivilizationGame, s: CivState) -> str:
        return f"{s.names[self.player]}: start of round: found cities, change government, or go on"

    def options(self, g: CivilizationGame, s: CivState) -> list[Option]:
        p = s.players[self.player]
        out = []
        out += [_found_option(pos) for pos in city_sites(g, s, self.player)]
        now = anarchy_immune(p)
        out += [_government_option(gov, now or gov in p.fresh_governments)
                for gov in government_choices(g, s, self.player)]
        out += [_gather_option(scout, city) for scout, city in gather_choices(g, s, self.player)]
        out += great_person_options(g, s, self.player)
        out += cards.card_options(g, s, self.player, D.START)
        out += abilities.ability_options(g, s, self.player, D.START)
        out.append(_START_DONE)
        return out

    def find(self, g: CivilizationGame, s: CivState, k: str) -> Option | None:
        return _START_DONE if k == "done" else super().find(g, s, k)

    def quiet(self, s: CivState, o: Option) -> bool:
        """No coins change (``Civilization._apply``): done, or a change of government."""
        return o.value[0] in ("done", "government")

    def apply(self, g: CivilizationGame, s: CivState, o: Option) -> None:
        what = o.value[0]
        if what != "done" and not g.over(s):
            s.steps.append(StartTurn(self.player))
        if what == "found":
            found_city(g, s, self.player, o.value[1])
        elif what == "government":
            change_government(g, s, self.player, o.value[1])
        elif what == "gather":
            s.gather = dict(s.gather)
            s.gather[o.value[1]] = o.value[2]
            log(s, f"{s.names[self.player]}'s scout on {_sq(o.value[1])} gathers for the city on "
                   f"{_sq(o.value[2])}.")
        elif what == "great_person":
            s.steps.append(place_from_reserve(self.player, o.value))
        elif what == "card":
            cards.play_card(g, s, self.player, o.value[1])
        elif what == "ability":
            abilities.use_ability(g, s, self.player, o.value[1], o.value[2])


_START_DONE = Option("done", "Done with the start phase", None, ("done",))


# The start of the round's options, the same every time they come up: kept once built.
@lru_cache(maxsize=1024)
def _found_option(pos: Pos) -> Option:
    return Option(key("found", *pos), fit(f"Found a city with the scout on {_sq(pos)}",
                                          f"Found a city on {_sq(pos)}"), ("square", pos), ("found", pos))


@lru_cache(maxsize=256)
def _government_option(gov: str, now: bool) -> Option:
    how = "now" if now else "via Anarchy"
    return Option(key("government", gov), fit(f"Change government to {gov} ({how})", f"Government {gov} ({how})",
                                              f"{gov} ({how})"), None, ("government", gov))


@lru_cache(maxsize=4096)
def _gather_option(scout: Pos, city: Pos) -> Option:
    return Option(key("gather", *scout, *city), fit(f"The scout on {_sq(scout)} gathers for the city on {_sq(city)}",
                                                    f"Scout {_sq(scout)} gathers for {_sq(city)}"),
                  ("square", scout), ("gather", scout, city))


# ====================================================================== phase 1
def city_sites(g: CivilizationGame, s: CivState, player: int) -> list[Pos]:
    p = s.players[player]
    if p.cities_left <= 0:
        return []
    scouts = [pos for pos, f in s.board.figures.items() if f.owner == player and f.scouts]
    if not scouts or sum(1 for c in s.board.cities.values() if c.owner == player) >= city_limit(p):
        return []
    return sorted(pos for pos in scouts if s.board.city_site_problem(pos, player) is None)


def found_city(g: CivilizationGame, s: CivState, player: int, pos: Pos) -> None:
    """The scout becomes the city (rule 29); own armies on the square shift to a free square next to
    it, or go back to the supply when none is free (row 13)."""
    p = s.players[player]
    f = s.board.figures.pop(pos)
    p.scouts += f.scouts                   # the founding scout (and any other there) back to supply
    s.board.cities[pos] = City(player)
    for _ in range(f.armies):
        room = [n for n in neighbours(pos) if movement.can_stand(g, s, player, n, end=True)]
        if room:
            movement.put_figure(g, s, player, room[0], "army", from_supply=False)
        else:
            p.armies += 1
    p.cities_left -= 1
    log(s, f"{s.names[player]} founds a city on {_sq(pos)}.")
    management.rome_step(g, s, player)


def government_choices(g: CivilizationGame, s: CivState, player: int) -> list[str]:
    p = s.players[player]
    if _CHANGED in p.used:                 # one change of government a round (RULES.md)
        return []
    return [x for x in governments_known(p) if x != p.government and x != p.pending_government]


_CHANGED = ("government", "changed")


def gather_choices(g: CivilizationGame, s: CivState, player: int) -> list[tuple[Pos, Pos]]:
    """Rules 36-37, row 11: a scout outside its owner's outskirts, not on a hut or village, gathers for
    one of his cities this round; beside another player's city too (that city loses the square)."""
    b = s.board
    scouts = sorted(pos for pos, f in b.figures.items() if f.owner == player and f.scouts)
    if not scouts:
        return []
    mine = sorted(c for c, city in b.cities.items() if city.owner == player)
    out = []
    for pos in scouts:
        if pos in b.markers or pos in s.gather:
            continue
        home = b.city_of(pos)
        if home is not None and b.cities[home].owner == player:
            continue
        out += [(pos, c) for c in mine]
    return out


def great_person_options(g: CivilizationGame, s: CivState, player: int) -> list[Option]:
    """Rule 53, row 25: a great person in reserve is placed now or in a later phase-1 or
    city-management turn, next to one of the owner's cities."""
    p = s.players[player]
    out: list[Option] = []
    if not p.great_people and not p.reserve:
        return out
    around = _own_cities_squares(g, s, player)
    for name in sorted(set(p.great_people)):
        for city, squares in around.items():
            if management.structure_sites(g, s, player, city, GREAT_PERSON, name, squares):
                out.append(Option(key("great_person", name, *city),
                                  fit(f"Place the great {name} next to the city on {_sq(city)}",
                                      f"Place {name} by {_sq(city)}"), None,
                                  ("great_person", name, city)))
    return out + reserve_options(g, s, player, around)


def _own_cities_squares(g: CivilizationGame, s: CivState, player: int) -> dict[Pos, tuple]:
    """Each of the player's cities, in order, -> its ``site_squares``: read once a menu, which asks
    them for every great person and every piece of the reserve."""
    return {c: management.site_squares(g, s, player, c)
            for c in sorted(c for c, x in s.board.cities.items() if x.owner == player)}


def reserve_options(g: CivilizationGame, s: CivState, player: int,
                    around: dict[Pos, tuple] | None = None) -> list[Option]:
    """Rule 81: a destroyed city's buildings and wonders came back to his supply; each goes next to one of
    his cities again, where it could be built (its terrain, one star building a city), when he places great
    people.  The value is a great person's with the piece's kind: ``("great_person", name, city, kind)``.
    ``around``: ``_own_cities_squares``, when the caller has it."""
    p = s.players[player]
    out: list[Option] = []
    if not p.reserve:
        return out
    if around is None:
        around = _own_cities_squares(g, s, player)
    for entry in sorted(set(p.reserve)):
        what, name = entry.split(":", 1)
        for city, squares in around.items():
            if management.structure_sites(g, s, player, city, what, name, squares):
                out.append(Option(key("reserve", what, name, *city),
                                  fit(f"Place the {name} again by the city on {_sq(city)}",
                                      f"Place {name} by {_sq(city)}", f"{name} by {_sq(city)}"), None,
                                  ("great_person", name, city, what)))
    return out


def place_from_reserve(player: int, v: tuple) -> management.PlaceStructure:
    """The placing step for a ``great_person_options`` value: a great person, or a piece of the reserve."""
    if len(v) == 4:
        return management.PlaceStructure(player, v[2], v[3], v[1], True)
    return management.PlaceStructure(player, v[2], GREAT_PERSON, v[1])


def change_government(g: CivilizationGame, s: CivState, player: int, gov: str) -> None:
    """Rule 35: at once if found in the last research phase, else after a round of Anarchy; at once
    always with The Pyramids (immune to Anarchy)."""
    p = s.players[player]
    p.used = p.used | {_CHANGED}
    if gov in p.fresh_governments:
        p.government, p.pending_government = gov, ""
        log(s, f"{s.names[player]} adopts {gov}.")
    elif anarchy_immune(p):
        p.government, p.pending_government = gov, ""
        log(s, f"{s.names[player]} adopts {gov} without Anarchy ({PYRAMIDS}).")
    else:
        p.government, p.pending_government = D.ANARCHY, gov
        log(s, f"{s.names[player]} falls into Anarchy for a round on the way to {gov}.")


# -- The Pyramids -----------------------------------------------------------------------------------------
def pyramids_gained(g: CivilizationGame, s: CivState, player: int) -> None:
    """The Pyramids come to a player in Anarchy (on his way to another government, or thrown into it by
    The Citizens Are Revolting): immune to Anarchy, he adopts that government at once (house reading)."""
    p = s.players[player]
    if anarchy_immune(p) and p.government == D.ANARCHY and p.pending_government:
        p.government, p.pending_government = p.pending_government, ""
        log(s, f"{s.names[player]} leaves Anarchy for {p.government} ({PYRAMIDS}).")


def fall_back_choices(p: Player) -> list[str]:
    """The governments a player who lost The Pyramids may fall back to: the ones his techs unlock,
    Despotism if they unlock none (RULES.md, Governments).  Empty: his government stays."""
    if anarchy_immune(p):
        return []
    now = _held(p)
    known = governments_known(p)
    if not now or now == D.START_GOVERNMENT or now in known:
        return []
    return known or [D.START_GOVERNMENT]


def pyramids_lost(g: CivilizationGame, s: CivState, player: int) -> None:
    """The Pyramids stopped working (made obsolete, or gone with their square): a government his techs do
    not unlock falls back, at once and without Anarchy, to one they do; he picks when there are several."""
    choices = fall_back_choices(s.players[player])
    if len(choices) == 1:
        fall_back(s, player, choices[0])
    elif choices:
        s.steps.append(FallBack(player))


def _held(p: Player) -> str:
    """His government, or the one he goes to after his round of Anarchy."""
    return p.pending_government if p.government == D.ANARCHY else p.government


def fall_back(s: CivState, player: int, gov: str) -> None:
    p = s.players[player]
    old = _held(p)
    if p.government == D.ANARCHY:
        p.pending_government = gov
    else:
        p.government = gov
    log(s, f"{s.names[player]} no longer holds {old} without {PYRAMIDS}: back to {gov}.")


class FallBack(Step):
    """The Pyramids are gone and his techs do not unlock his government: which of theirs he falls back
    to (no Anarchy in between).  Public: governments and techs are open."""
    kind: ClassVar[str] = "fall_back"
    private: ClassVar[bool] = False

    def prompt(self, g: CivilizationGame, s: CivState) -> str:
        return (f"{s.names[self.player]}: without {PYRAMIDS} your techs do not unlock "
                f"{_held(s.players[self.player])}: which government now?")

    def options(self, g: CivilizationGame, s: CivState) -> list[Option]:
        return [Option(key("government", gov), fit(f"Fall back to {gov}", gov), None, gov)
                for gov in fall_back_choices(s.players[self.player])]

    def apply(self, g: CivilizationGame, s: CivState, o: Option) -> None:
        fall_back(s, self.player, o.value)
