"""Civilization's city management (rows 17-19): one action per city (figures, unit cards, buildings,
wonders, walls, culture or a harvest), production bought with trade 3:1 (rule 48), Engineering's second
purchase, Writing's spies cancelling an action; and where buildings, wonders and great people go.
"""
from __future__ import annotations

from functools import lru_cache
from typing import ClassVar, TYPE_CHECKING

from ...engine.core import Option
from ...engine.steps import Auto, Step, key, log
from . import abilities, cards, cities, culture, data as D, movement, war
from .board import BUILDING, GREAT_PERSON, Pos, Structure, WONDER, neighbours
from .common import WALLS, _a, _sq, _where, coin_dial, fit, has_ability
from .state import CivState, Player

if TYPE_CHECKING:
    from .rules import CivilizationGame


class CityStart(Auto):
    """Each player's city management begins with his cities as they stand now."""
    pushes_only: ClassVar[bool] = True    # no coin changes (``Civilization._apply``)

    def run(self, g: CivilizationGame, s: CivState) -> None:
        anarchy = s.players[self.player].government == D.ANARCHY    # the capital is idle
        cities = sorted(pos for pos, c in s.board.cities.items()
                        if c.owner == self.player and not (anarchy and c.capital))
        if cities:
            s.steps.append(CityTurn(self.player, cities))

    player: int


class CityTurn(Step):
    """City management: one action for each city in ``todo`` (row 17), then the culture track.  Private:
    the player's culture cards may add production."""
    kind: ClassVar[str] = "city"
    never_empty: ClassVar[bool] = True     # "culture"
    todo: list = None  # type: ignore[assignment]  # set by whoever pushes the step

    def prompt(self, g: CivilizationGame, s: CivState) -> str:
        city = self.todo[0]
        prod = production(g, s, self.player, city)
        return (f"{s.names[self.player]}: city on {_sq(city)} ({prod} production, "
                f"{s.players[self.player].trade} trade): choose its action")

    def options(self, g: CivilizationGame, s: CivState) -> list[Option]:
        return (city_actions(g, s, self.player, self.todo[0]) + cards.card_options(g, s, self.player, D.CITY)
                + abilities.ability_options(g, s, self.player, D.CITY))

    def find(self, g: CivilizationGame, s: CivState, k: str) -> Option | None:
        """Culture and harvests without the purchases (``city_actions``)."""
        city = self.todo[0]
        if k == "culture":
            return _culture_option(city_culture(g, s, self.player, city, worked(g, s, self.player, city)))
        if k.startswith("harvest:"):
            res = k[8:]
            if s.resource_pool.get(res, 0) <= 0 or key("harvest", res) != k:
                return None
            square, structures = s.board.square, s.board.structures
            for n in worked(g, s, self.player, city):
                sq = square(n)
                if sq is not None and sq.resource == res and n not in structures:
                    return _harvest_option(res)
            return None
        return super().find(g, s, k)

    def quiet(self, s: CivState, o: Option) -> bool:
        """No coins change (``Civilization._apply``) by a city's action itself: culture, a harvest, a unit
        card, walls, or a purchase whose figure or structure is placed by a step of its own.  A card or an
        ability may."""
        return o.value[0] not in ("card", "ability")

    def apply(self, g: CivilizationGame, s: CivState, o: Option) -> None:
        if o.value[0] == "card":             # the card's production goes to this city, which acts next
            s.steps.append(self)
            cards.play_card(g, s, self.player, o.value[1], city=self.todo[0])
            return
        if o.value[0] == "ability":          # not the city's action: it still acts
            s.steps.append(self)
            abilities.use_ability(g, s, self.player, o.value[1], o.value[2], city=self.todo[0])
            return
        rest = self.todo[1:]
        if rest:
            s.steps.append(CityTurn(self.player, rest))
        else:
            s.steps.append(culture.CultureClimb(self.player))
        city = self.todo[0]
        holders = abilities.spy_holders(g, s, self.player, "Writing")
        if holders and o.value[0] == "culture" and has_ability(s.players[self.player], "culture_uncancellable"):
            holders = []                     # Mass Media: his culture cannot be cancelled
        if not holders:
            city_action(g, s, self.player, city, o.value)
            return
        s.steps.append(CityAction(self.player, city, o.value))
        what = f"is taking the action of the city on {_sq(city)}: {o.label}"
        for q in reversed(holders):
            s.steps.append(abilities.SpyChance(q, self.player, "Writing", what, (self.player, "city", city)))


class CityAction(Auto):
    """A city's action, once the players who could cancel it with a spy (Writing) have let it happen."""
    player: int
    city: tuple
    value: tuple

    def run(self, g: CivilizationGame, s: CivState) -> None:
        ref = (self.player, "city", self.city)
        if ref in s.cancelled:
            s.cancelled = s.cancelled - {ref}
            log(s, f"The action of {s.names[self.player]}'s city on {_sq(self.city)} is cancelled.")
            return
        city_action(g, s, self.player, self.city, self.value)


class SecondPurchase(Step):
    """Engineering: once a round a city may split its production over 2 purchases; the second is paid
    from what the first left (no trade bought: house rule)."""
    kind: ClassVar[str] = "second_purchase"
    may_be_empty: ClassVar[bool] = True
    city: tuple = ()
    spent: int = 0

    def prompt(self, g: CivilizationGame, s: CivState) -> str:
        return (f"{s.names[self.player]}: Engineering: a second purchase in the city on {_sq(self.city)} "
                f"with the production left?")

    def options(self, g: CivilizationGame, s: CivState) -> list[Option]:
        out = purchase_options(g, s, self.player, self.city, spent=self.spent, buy=False)
        if out:
            out.append(Option("none", "No second purchase", None, None))
        return out

    def apply(self, g: CivilizationGame, s: CivState, o: Option) -> None:
        if o.value is None:
            return
        p = s.players[self.player]
        p.used = p.used | {("Engineering", "split_production")}
        log(s, f"{s.names[self.player]} splits the city's production (Engineering).")
        city_action(g, s, self.player, self.city, o.value, second=True)


class PlaceFigure(Step):
    """Rule 44: a new figure goes on a square next to its city, within the stacking limit."""
    kind: ClassVar[str] = "place_figure"
    private: ClassVar[bool] = False
    city: tuple = ()
    what: str = "army"

    def prompt(self, g: CivilizationGame, s: CivState) -> str:
        return f"{s.names[self.player]}: place the new {self.what} next to the city on {_sq(self.city)}"

    def options(self, g: CivilizationGame, s: CivState) -> list[Option]:
        return [Option(key("square", *n), f"Square {_where(s, n)}", ("square", n), n)
                for n in neighbours(self.city) if movement.can_stand(g, s, self.player, n, end=True)]

    def apply(self, g: CivilizationGame, s: CivState, o: Option) -> None:
        movement.put_figure(g, s, self.player, o.value, self.what)
        log(s, f"{s.names[self.player]} builds {_a(self.what)} on {_sq(o.value)}.")

    def on_empty(self, g: CivilizationGame, s: CivState) -> None:
        # no room (every square full or closed): the production is lost; the figure never left the supply
        log(s, f"No room next to the city on {_sq(self.city)}: the {self.what} is not built.")


class PlaceStart(PlaceFigure):
    """Rule 18: the owner puts a starting figure on a square next to his capital (``city``)."""
    kind: ClassVar[str] = "place_start"

    def prompt(self, g: CivilizationGame, s: CivState) -> str:
        return f"{s.names[self.player]}: place your starting {self.what} next to your capital"

    def apply(self, g: CivilizationGame, s: CivState, o: Option) -> None:
        movement.put_figure(g, s, self.player, o.value, self.what)
        log(s, f"{s.names[self.player]} puts a starting {self.what} on {_sq(o.value)}.")


class PlaceStructure(Step):
    """Where a new building, wonder or great person goes, next to ``city`` (rules 45, 53)."""
    kind: ClassVar[str] = "place_structure"
    private: ClassVar[bool] = False
    city: tuple = ()
    what: str = BUILDING
    name: str = ""
    reserve: bool = False    # a building or wonder of a destroyed city, from its owner's reserve

    def prompt(self, g: CivilizationGame, s: CivState) -> str:
        return f"{s.names[self.player]}: place {self.name} next to the city on {_sq(self.city)}"

    def options(self, g: CivilizationGame, s: CivState) -> list[Option]:
        out = []
        for n in structure_sites(g, s, self.player, self.city, self.what, self.name):
            old = s.board.structures.get(n)
            label = (fit(f"Square {_sq(n)} (replacing {old.name})", f"{_sq(n)} (replacing {old.name})",
                         f"{_sq(n)} (over {old.name})", f"{_sq(n)} over {old.name}",
                         f"{_sq(n)} (replace)") if old else f"Square {_where(s, n)}")
            out.append(Option(key("square", *n), label, ("square", n), n))
        return out

    def apply(self, g: CivilizationGame, s: CivState, o: Option) -> None:
        p = s.players[self.player]
        if self.what == GREAT_PERSON:
            p.great_people.remove(self.name)
        elif self.reserve:
            p.reserve = list(p.reserve)
            p.reserve.remove(f"{self.what}:{self.name}")
        place_structure(g, s, self.player, o.value, self.what, self.name, self.reserve)


# ====================================================================== city management
def worked(g: CivilizationGame, s: CivState, player: int, city: Pos) -> list[Pos]:
    """The squares that count for a city: its outskirts on the map, not those with another player's
    figure (rules 38, 41, 49, 55), plus the squares of scouts gathering for it (rule 36)."""
    b = s.board
    squares, figures = b.squares(), b.figures
    own = [n for n in neighbours(city) if n in squares and not b.enemy_figures(n, player)]
    if not s.gather:
        return own
    return own + [pos for pos, c in s.gather.items() if c == city and pos in figures
                  and figures[pos].owner == player and figures[pos].scouts]


def production(g: CivilizationGame, s: CivState, player: int, city: Pos, squares: list[Pos] | None = None) -> int:
    """The production icons of the city's squares (``squares``: its ``worked``, when known)."""
    yields = s.board.yields
    return sum(yields(n).production for n in (worked(g, s, player, city) if squares is None else squares))


def city_culture(g: CivilizationGame, s: CivState, player: int, city: Pos, squares: list[Pos] | None = None) -> int:
    """Rule 49: 1 plus the culture icons; Monarchy +1 (house data)."""
    bonus = 1 if s.players[player].government == "Monarchy" else 0
    yields = s.board.yields
    return 1 + bonus + sum(yields(n).culture for n in (worked(g, s, player, city) if squares is None
                                                       else squares))


def city_production(g: CivilizationGame, s: CivState, player: int, city: Pos, military: bool,
                    base: int | None = None) -> int:
    """What a city can spend this action: its icons (``base``, when known), and its government's bonus
    (house data, section 4 §5: Despotism +2 in the capital for a figure or unit, Monarchy +1 in the
    capital, Communism +1)."""
    p = s.players[player]
    prod = (production(g, s, player, city) if base is None else base) + s.boost.get(city, 0)
    if has_ability(p, "production_per_coins"):          # Military Science
        prod += coin_dial(g, s, player) // 3
    capital = s.board.cities[city].capital
    gov = p.government
    if gov == "Despotism" and capital and military:
        prod += 2
    elif gov == "Monarchy" and capital:
        prod += 1
    elif gov == "Communism":
        prod += 1
    return prod


def trade_for(g: CivilizationGame, p: Player, shortfall: int) -> int | None:
    """Trade that buys ``shortfall`` production (rule 48: 3 for 1; America 3 for 2), None if too much."""
    if shortfall <= 0:
        return 0
    trade_in, prod_out = (3, 2) if p.civ == "America" else D.BUY_PRODUCTION
    need = -(-shortfall // prod_out) * trade_in
    return need if need <= p.trade else None


def purchases(g: CivilizationGame, s: CivState, player: int, city: Pos) -> list[tuple[str, str, int, bool]]:
    """(kind, what, cost, military) a city may produce (section 4 §3, §6-§8; governments house data)."""
    p = s.players[player]
    out = []
    army = 2 if p.government == "Feudalism" else D.ARMY_COST
    if p.armies > 0:
        out.append(("build", "army", army, True))
    if p.scouts > 0:
        out.append(("build", "scout", D.SCOUT_COST, True))
    discount = 2 if p.government == "Fundamentalism" else 0
    cap = 5 if "Leonardo's Workshop" in p.wonders else 99
    out += [("unit", t, min(cap, max(0, cost - discount)), True) for t, cost in units_to_buy(g, s, player)]
    out += [(what, name, cost, False) for what, name, cost in structures_to_build(g, s, player, city)]
    here = s.board.cities.get(city)
    if here is not None and not here.walls and any(D.TECH_INDEX[t].city_walls for t in p.techs):
        out.append((WALLS, WALLS, D.CITY_WALLS_COST, False))        # Masonry: the marker flips (section 4 §3)
    return out


def city_actions(g: CivilizationGame, s: CivState, player: int, city: Pos) -> list[Option]:
    p = s.players[player]
    squares = worked(g, s, player, city)        # once: production, culture and harvests all read them
    sites: dict = {}
    out = purchase_options(g, s, player, city, squares=squares, sites=sites)
    if p.civ == "Egypt" and "free_building" not in p.used:
        for what, name, _cost in structures_to_build(g, s, player, city):
            if what == BUILDING and _sites(g, s, player, city, what, name, sites):
                out.append(Option(key("free", name), fit(f"Build {name} free (Egypt, once a round)",
                                                         f"Build {name} free (Egypt)", f"{name} free (Egypt)"), None,
                                  ("free", name, 0)))
    out.append(_culture_option(city_culture(g, s, player, city, squares)))
    square, structures = s.board.square, s.board.structures
    here: set[str] = set()
    for n in squares:
        sq = square(n)
        if sq is not None and sq.resource and n not in structures:
            here.add(sq.resource)
    for res in sorted(here):
        if s.resource_pool.get(res, 0) > 0:
            out.append(_harvest_option(res))
    return out


@lru_cache(maxsize=64)
def _culture_option(culture: int) -> Option:
    return Option("culture", f"Create culture (+{culture})", None, ("culture", culture))


@lru_cache(maxsize=64)
def _harvest_option(res: str) -> Option:
    return Option(key("harvest", res), f"Harvest {res}", None, ("harvest", res))


def _sites(g: CivilizationGame, s: CivState, player: int, city: Pos, what: str, name: str, known: dict) -> list[Pos]:
    """``structure_sites``, remembered in ``known`` for one menu (a wonder's sites are every wonder's)."""
    at = (what, name) if what != WONDER else (WONDER, "")
    got = known.get(at)
    if got is None:
        around = known.get(None)
        if around is None:
            around = known[None] = site_squares(g, s, player, city)
        got = known[at] = structure_sites(g, s, player, city, what, name, around)
    return got


def purchase_options(g: CivilizationGame, s: CivState, player: int, city: Pos, spent: int = 0, buy: bool = True,
                     squares: list[Pos] | None = None, sites: dict | None = None) -> list[Option]:
    """What the city can produce with its production less ``spent``, the shortfall bought with trade
    when ``buy`` (3 for 1, America 3 for 2).  ``squares``: the city's ``worked``; ``sites``: where
    structures may go, filled in for the caller."""
    p = s.players[player]
    out = []
    room = None                              # may a new figure stand next to the city?  Asked once
    base = production(g, s, player, city, squares)
    prod = {m: city_production(g, s, player, city, m, base) for m in (False, True)}
    sites = {} if sites is None else sites
    for kind, what, cost, military in purchases(g, s, player, city):
        if kind == "build":
            if room is None:
                room = any(movement.can_stand(g, s, player, n, end=True) for n in neighbours(city))
            if not room:
                continue
        if kind in (BUILDING, WONDER) and not _sites(g, s, player, city, kind, what, sites):
            continue
        short = cost - (prod[military] - spent)
        trade = trade_for(g, p, short) if buy else (0 if short <= 0 else None)
        if trade is None:
            continue
        out.append(_purchase_option(kind, what, cost, trade))
    return out


@lru_cache(maxsize=4096)
def _purchase_option(kind: str, what: str, cost: int, trade: int) -> Option:
    """A purchase's option: the same every time it comes up, so kept once built."""
    verb, noun = {"build": ("Build", _a(what)), BUILDING: ("Build", _a(what)),
                  "unit": ("Buy", f"{_a(what)} unit card"), WALLS: ("Build", "city walls"),
                  WONDER: ("Build", f"the wonder {what}")}.get(kind, ("Build", what))
    price = f"{cost}p" + (f"+{trade}t" if trade else "")
    name = {WONDER: what, "unit": f"{what} card"}.get(kind, noun)
    label = fit(f"{verb} {noun} ({cost} production" + (f", {trade} trade bought)" if trade else ")"),
                f"{verb} {name} {price}", f"{name} {price}", f"{verb} {name}")
    return Option(WALLS if kind == WALLS else key(kind, what), label, None, (kind, what, trade))


def units_to_buy(g: CivilizationGame, s: CivState, player: int) -> list[tuple[str, int]]:
    """Unit cards a city may buy: a type the player has a rank in, from a stack not yet empty
    (killed units leave the game, row 41), at the price of his rank (section 4 §3)."""
    p = s.players[player]
    out = []
    for t, rank in sorted(p.ranks.items()):
        if rank <= 0 or not s.unit_decks[t]:
            continue
        out.append((t, D.AIRCRAFT_COST if t == D.AIRCRAFT else D.UNIT_COST[rank - 1]))
    return out


# ====================================================================== buildings, wonders, great people
def structures_to_build(g: CivilizationGame, s: CivState, player: int, city: Pos) -> list[tuple[str, str, int]]:
    """(BUILDING or WONDER, name, cost) the player may build: a building whose tech he knows, its
    upgraded side once he knows that tech too, while its markers last; a wonder from the market, at
    the reduced cost with its tech (section 4 §6-§7)."""
    p = s.players[player]
    left = s.buildings_left
    out = [(BUILDING, name, cost) for basic, name, cost in _buildings_known(tuple(p.techs))
           if left.get(basic, 0) > 0]
    for w in s.wonder_market:
        wd = D.WONDER_INDEX[w]
        out.append((WONDER, w, wd.reduced_cost if wd.discount_tech in p.techs else wd.cost))
    return out


@lru_cache(maxsize=4096)
def _buildings_known(techs: tuple) -> tuple[tuple[str, str, int], ...]:
    """(basic building, the side he builds, its cost) of every building these techs allow: cached by
    the tech list, which changes a few times a game."""
    out = []
    for b in D.BUILDINGS:
        if b.basic is not None or b.tech not in techs:
            continue
        up = D.BUILDING_INDEX[b.upgrade] if b.upgrade else None
        side = up if up is not None and up.tech in techs else b
        out.append((b.name, side.name, side.cost))
    return tuple(out)


def structure_sites(g: CivilizationGame, s: CivState, player: int, city: Pos, what: str, name: str,
                    around: tuple | None = None) -> list[Pos]:
    """Where it may go: a square next to the city (rule 45) on the map, not a city, without another
    player's figure; a building on its terrains (rule 45), over nothing or over an own building
    (rule 47, row 21), one star building a city; a wonder on any square (row 20), over nothing or an
    own building; a great person over anything of its owner's (rule 53).  ``around``: the city's
    ``site_squares``, when the caller asks for several structures."""
    squares, stars = site_squares(g, s, player, city) if around is None else around
    if what == BUILDING:
        b = D.BUILDING_INDEX[name]
        star = b.star and stars
        obsolete = s.players[player].obsolete
        return [n for n, terrain, st in squares if terrain in b.terrains
                and (st is None or st.kind == BUILDING and st.name != name      # over an own other
                     or st.kind == WONDER and st.name in obsolete)              # building or obsolete
                and not (star and n not in stars)]                              # wonder (row 21); one
    if what == WONDER:                                                          # star building a city
        return [n for n, _terrain, st in squares if st is None or st.kind == BUILDING]
    return [n for n, _terrain, _st in squares]


def site_squares(g: CivilizationGame, s: CivState, player: int, city: Pos) -> tuple[list, list]:
    """([(square, terrain, own structure or None)] next to the city that may hold one of his structures
    at all: explored, no city, no other player's figure or structure; [the squares of his star
    buildings there])."""
    b = s.board
    structures, cities = b.structures, b.cities
    out = []
    stars = []
    for n in neighbours(city):
        st = structures.get(n)
        if st is not None and st.kind == BUILDING and D.BUILDING_INDEX[st.name].star:
            stars.append(n)
        sq = b.square(n)
        if sq is None or n in cities or b.enemy_figures(n, player):
            continue
        if st is not None and st.owner != player:
            continue
        out.append((n, sq.terrain, st))
    return out, stars


def place_structure(g: CivilizationGame, s: CivState, player: int, pos: Pos, what: str, name: str,
                    from_reserve: bool = False) -> None:
    """``from_reserve``: a destroyed city's piece placed again: not from the market, not built (no Rome step)."""
    b = s.board
    old = b.structures.get(pos)
    if old is not None and old.kind == BUILDING:          # back to the market (row 21)
        basic = D.BUILDING_INDEX[old.name].basic or old.name
        s.buildings_left[basic] += 1
    elif old is not None and old.kind == WONDER:          # it leaves the game, its ability too (row 21)
        war.lose_wonder(g, s, old.owner, old.name)
    b.structures[pos] = Structure(what, name, player)
    if what == BUILDING and not from_reserve:
        basic = D.BUILDING_INDEX[name].basic or name
        s.buildings_left[basic] -= 1
    elif what == WONDER and name in s.wonder_market and not from_reserve:
        s.wonder_market.remove(name)
        s.players[player].wonders.append(name)
        cities.pyramids_gained(g, s, player)
        if s.wonder_deck:
            s.wonder_market.append(s.wonder_deck.draw(s.rng))
    log(s, f"{s.names[player]} places {name} on {_sq(pos)}"
           + (f" (over {old.name})." if old is not None else "."))
    if what == WONDER and s.phase != "setup" and not from_reserve:
        rome_step(g, s, player)


def rome_step(g: CivilizationGame, s: CivState, player: int) -> None:
    """Rome: a free culture step for each wonder built, city founded, city or village conquered
    (section 4 §1)."""
    if s.players[player].civ == "Rome" and not g.over(s):
        log(s, f"{s.names[player]} (Rome) climbs a culture step free.")
        culture.climb(g, s, player, free=True)


def city_action(g: CivilizationGame, s: CivState, player: int, city: Pos, v: tuple, second: bool = False) -> None:
    p = s.players[player]
    name = s.names[player]
    if (not second and v[0] in ("build", "unit", BUILDING, WONDER, WALLS) and v[2] == 0
            and has_ability(p, "split_production") and ("Engineering", "split_production") not in p.used):
        # Engineering: production left over may pay a second purchase (asked after this one)
        cost = next(c for k, w, c, _ in purchases(g, s, player, city) if k == v[0] and w == v[1])
        s.steps.append(SecondPurchase(player, city, cost))
    if v[0] in ("build", BUILDING, WONDER, "free"):
        kind, what, trade = v
        p.trade -= trade
        if kind == "free":
            p.used = p.used | {"free_building"}
            kind = BUILDING
        s.steps.append(PlaceFigure(player, city, what) if kind == "build"
                       else PlaceStructure(player, city, kind, what))
    elif v[0] == "unit":
        _, t, trade = v
        p.trade -= trade
        card = s.unit_decks[t].draw(s.rng)
        p.units.append(card)
        log(s, f"{name}'s city on {_sq(city)} buys {_a(t)} unit card.", player,
               f"{name}'s city on {_sq(city)} buys {_a(t)} unit card of strength "
               f"{war.card_value(card, p.ranks[t])}.")
    elif v[0] == WALLS:
        p.trade -= v[2]
        s.board.cities[city].walls = True
        log(s, f"{name}'s city on {_sq(city)} builds city walls.")
    elif v[0] == "culture":
        p.culture += v[1]
        log(s, f"{name}'s city on {_sq(city)} creates {v[1]} culture.")
    elif v[0] == "harvest":
        s.resource_pool[v[1]] -= 1
        p.resources.append(v[1])
        log(s, f"{name}'s city on {_sq(city)} harvests {v[1]}.")
        if ("Angkor Wat" in p.wonders and ("Angkor Wat", "double_harvest") not in p.used
                and s.resource_pool[v[1]] > 0):
            p.used = p.used | {("Angkor Wat", "double_harvest")}
            s.resource_pool[v[1]] -= 1
            p.resources.append(v[1])
            log(s, f"Angkor Wat: the city harvests {v[1]} twice.")
