"""Civilization (Kevin Wilson, FFG 2010): the rules layer on the step stack (``engine/steps.py``):
delivery (A) "the empire", a complete peaceful game, and delivery (B) war, whose battle is a sub-game in
``war.py`` (entered from movement here: armies and groups moving onto another player's squares or a
village).

* set-up (``state.deal``) and the starting figures placed by their owners (rule 18, row 5);
* the round: the start-player marker passes, round 1 too (rule 25, row 6), then the five phases, each
  begun by the start player (rules 23-24, row 9);
* phase 1 in any order: founding cities (rules 28-34, rows 12-13), governments with Anarchy (rule 35,
  row 14), scouts gathering (rules 36-37), great people from reserve, card and wonder abilities;
* trade: income capped at 27 (rule 38, row 15) and swaps offered and answered behind a curtain (row 16);
* city management: one action per city (row 17): figures, unit cards, buildings, wonders (buying
  production 3:1, rule 48, row 19), culture or a harvest; the culture track, its cards and great people;
* movement of single figures: speed, stacking, water by technology, exploring face-down tiles (row 28)
  and huts (rules 57-61, 64);
* research: one technology a round, the pyramid rule, trade falling to the coins (row 46);
* the culture, technology and economic victories, checked after every choice (rules 84-86, row 47), and
  the military victory when a capital falls (rule 83, in ``war.py``).

``RULES.md`` beside this file lists every choice made where the seed and the research are silent, and
the known gaps.
"""
from __future__ import annotations

import random
from functools import lru_cache
from pathlib import Path
from typing import ClassVar

from ...engine.core import LogEntry, Option
from ...engine.hidden import Deck
from ...engine.rng import Rng
from ...engine.steps import Auto, Step, StepGame, key
from . import data as D
from .board import (
    BUILDING, GREAT_PERSON, WONDER, City, Figures, Pos, Structure, neighbours, orthogonal, placed_squares,
)
from .data_map import HOME_TILES, HUT, NEUTRAL_TILES, VILLAGE, WATER
from .state import CivState, Player, deal
from .war import (
    ACTIVE, ATT, DEF, BattleCard, BattleFront, LootTech, begin_battle, begin_horde, card_value, describe,
    first_striker, front_strength, kill_scouts, lose_wonder, send_home, totals, unit_name,
)

START, TRADE, CITY, MOVE, RESEARCH, OVER = D.PHASES + ("over",)
# The most coins one square shows (a tile's printed icon, a building, a great person): bounds the map's coins.
_MAX_SQUARE_COINS = max([sq.yields.coins for name in [t.name for t in NEUTRAL_TILES] + list(HOME_TILES)
                         for sq in placed_squares(name, 0)]
                        + [b.yields.coins for b in D.BUILDINGS] + [g.yields.coins for g in D.GREAT_PEOPLE])
_CULTURE_LEVEL = {c.name: c.level for c in D.CULTURE_CARDS}
WALLS = "walls"            # a city's purchase with Masonry (not a building: the city marker flips)


def _sq(pos: Pos) -> str:
    return f"{pos[0]}:{pos[1]}"


def _a(noun: str) -> str:
    """``an army``, ``a scout``: the article for a figure or unit type in the log."""
    return f"{'an' if noun[:1].lower() in 'aeiou' else 'a'} {noun}"


def group_of(what) -> tuple[int, int]:
    """(armies, scouts) of a moving set: "army", "scout" or a group's counts (rule 56)."""
    if what == "army":
        return 1, 0
    if what == "scout":
        return 0, 1
    return tuple(what)


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
        return f"{s.names[f.owner]}'s {_figures(f.armies, f.scouts)}"
    return "the village"


def _two(f) -> tuple[int, int]:
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
    return sum(learned(p, "coins")) + p.coins + sum(p.card_coins.values())


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
    figures, cities = b.figures, b.cities
    for n in where:
        c = b.city_of(n)
        if c is not None:
            q = cities[c].owner
            if not b.enemy_figures(n, q):
                out[q] += b.yields(n).coins
        city = s.gather.get(n)
        if city is not None and city in cities:
            f = figures.get(n)
            q = cities[city].owner
            if f is not None and f.owner == q and f.scouts:
                out[q] += b.yields(n).coins
    return out


def coin_dial(g, s: CivState, q: int) -> int:
    """The whole coin dial: the cards' coins (``coins``) and the coin icons around the player's cities."""
    return coins(s.players[q]) + map_coins(s)[q]


def culture_hand(g, s: CivState, q: int) -> int:
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


def governments_known(p: Player) -> list[str]:
    """Unlocked by his techs; all of them with The Pyramids."""
    every = "The Pyramids" in p.wonders
    return [g.name for g in D.GOVERNMENTS if g.unlocked_by is not None and (every or g.unlocked_by in p.techs)]


def ability_sources(p: Player):
    """(card name, ability) of the player's techs and wonders."""
    for t in p.techs:
        for ab in D.TECH_INDEX[t].abilities:
            yield t, ab
    for w in p.wonders:
        for ab in D.WONDER_INDEX[w].abilities:
            yield w, ab


def has_ability(p: Player, tag: str) -> bool:
    return any(ab.tag == tag for _, ab in ability_sources(p))


# ====================================================================== steps
class NewRound(Auto):
    def run(self, g, s):
        g.begin_round(s)


class PhaseStart(Auto):
    phase: str

    def run(self, g, s):
        g.begin_phase(s, self.phase)


class StartTurn(Step):
    """Phase 1: found cities, change government, play culture cards, in any order; then done (rules 26-35,
    row 10).  Private: the options name the player's culture cards and great people in reserve."""
    kind: ClassVar[str] = "start"

    def prompt(self, g, s):
        return f"{s.names[self.player]}: start of round: found cities, change government, or go on"

    def options(self, g, s):
        p = s.players[self.player]
        out = []
        for pos in g.city_sites(s, self.player):
            out.append(Option(key("found", *pos), f"Found a city with the scout on {_sq(pos)}", ("square", pos),
                              ("found", pos)))
        for gov in g.government_choices(s, self.player):
            how = "now" if gov in p.fresh_governments else "after a round of Anarchy"
            out.append(Option(key("government", gov), f"Change government to {gov} ({how})", None,
                              ("government", gov)))
        for scout, city in g.gather_choices(s, self.player):
            out.append(Option(key("gather", *scout, *city), f"The scout on {_sq(scout)} gathers for the city "
                              f"on {_sq(city)}", ("square", scout), ("gather", scout, city)))
        out += g.great_person_options(s, self.player)
        out += g.card_options(s, self.player, D.START)
        out += g.ability_options(s, self.player, D.START)
        out.append(Option("done", "Done with the start of the round", None, ("done",)))
        return out

    def apply(self, g, s, o):
        what = o.value[0]
        if what != "done" and not g.over(s):
            s.steps.append(StartTurn(self.player))
        if what == "found":
            g.found_city(s, self.player, o.value[1])
        elif what == "government":
            g.change_government(s, self.player, o.value[1])
        elif what == "gather":
            s.gather = dict(s.gather)
            s.gather[o.value[1]] = o.value[2]
            g._log(s, f"{s.names[self.player]}'s scout on {_sq(o.value[1])} gathers for the city on "
                      f"{_sq(o.value[2])}.")
        elif what == "great_person":
            s.steps.append(PlaceStructure(self.player, o.value[2], GREAT_PERSON, o.value[1]))
        elif what == "card":
            g.play_card(s, self.player, o.value[1])
        elif what == "ability":
            g.use_ability(s, self.player, o.value[1], o.value[2])


class TradeIncome(Auto):
    def run(self, g, s):
        g.trade_income(s)


class TradeTurn(Step):
    """Rule 39, row 16: after income, each player in turn may offer a swap to another player (trade,
    culture tokens, resources, culture cards), once per other player a round.  Promises are not
    enforced; a swap made is final."""
    kind: ClassVar[str] = "trade"
    private: ClassVar[bool] = False

    def prompt(self, g, s):
        return f"{s.names[self.player]}: offer a swap to another player, or go on"

    def options(self, g, s):
        out = [Option(key("offer", q), f"Make an offer to {s.names[q]}", None, q)
               for q in range(s.n) if q != self.player and (self.player, q) not in s.offered]
        out += g.ability_options(s, self.player, D.TRADE)
        out.append(Option("done", "No more offers", None, None))
        return out

    def apply(self, g, s, o):
        if o.value is None:
            return
        if isinstance(o.value, tuple):       # an ability
            s.steps.append(self)
            g.use_ability(s, self.player, o.value[1], o.value[2])
            return
        s.offered = s.offered | {(self.player, o.value)}
        s.steps.append(self)
        s.steps.append(Offer(self.player, o.value, {}, {}))


_GOODS = ("trade", "culture")


class Offer(Step):
    """Building an offer one item at a time: what to give, what to ask for; then send or withdraw.
    Private: the giver's culture cards are on offer."""
    kind: ClassVar[str] = "offer"
    to: int = 0
    give: dict = None        # "trade"/"culture" -> amount; "resource:X"/"card:X" -> count
    ask: dict = None

    def prompt(self, g, s):
        return (f"{s.names[self.player]} offers {s.names[self.to]}: give {g.describe(self.give)}; "
                f"ask for {g.describe(self.ask)}")

    def options(self, g, s):
        me, them = s.players[self.player], s.players[self.to]
        out = []
        for side, who, held in (("give", me, self.give), ("ask", them, self.ask)):
            for good in _GOODS:          # an amount, named once (withdraw to start again)
                if good not in held:
                    out += [Option(key(side, good, n), f"{side.title()} {n} {good}", None, (side, good, n))
                            for n in range(1, getattr(who, good) + 1)]
            for r in sorted(set(who.resources)):
                if held.get("resource:" + r, 0) < who.resources.count(r):
                    out.append(Option(key(side, "resource", r), f"{side.title()} a {r}", None,
                                      (side, "resource:" + r, 1)))
            if side == "give":           # the others' cards are hidden: only one's own can be offered
                for c in sorted(set(who.culture_cards)):
                    if held.get("card:" + c, 0) < who.culture_cards.count(c):
                        out.append(Option(key(side, "card", c), f"Give {c}", None, (side, "card:" + c, 1)))
        if self.give or self.ask:
            out.append(Option("send", f"Send the offer to {s.names[self.to]}", None, ("send",)))
        out.append(Option("withdraw", "Withdraw the offer", None, ("withdraw",)))
        return out

    def apply(self, g, s, o):
        what = o.value[0]
        if what == "withdraw":
            return
        if what == "send":
            g._log(s, f"{s.names[self.player]} offers {s.names[self.to]} a swap.")
            s.steps.append(Answer(self.to, self.player, self.give, self.ask))
            return
        side = dict(self.give) if what == "give" else dict(self.ask)
        side[o.value[1]] = side.get(o.value[1], 0) + o.value[2]
        s.steps.append(Offer(self.player, self.to, side if what == "give" else self.give,
                             side if what == "ask" else self.ask))


class Answer(Step):
    """The other player, behind a curtain, accepts or refuses the offer."""
    kind: ClassVar[str] = "answer"
    by: int = 0
    give: dict = None
    ask: dict = None

    def prompt(self, g, s):
        return (f"{s.names[self.player]}: {s.names[self.by]} offers {g.describe(self.give)} "
                f"for {g.describe(self.ask)}")

    def options(self, g, s):
        return [Option("accept", "Accept the swap", None, True), Option("refuse", "Refuse", None, False)]

    def apply(self, g, s, o):
        if o.value:
            g.swap(s, self.by, self.player, self.give)
            g.swap(s, self.player, self.by, self.ask)
            g._log(s, f"{s.names[self.player]} accepts {s.names[self.by]}'s offer: {g.describe(self.give, True)} "
                      f"for {g.describe(self.ask)}.")
        else:
            g._log(s, f"{s.names[self.player]} refuses {s.names[self.by]}'s offer.")


class CityTurn(Step):
    """City management: one action for each city in ``todo`` (row 17), then the culture track.  Private:
    the player's culture cards may add production."""
    kind: ClassVar[str] = "city"
    todo: list = None

    def prompt(self, g, s):
        city = self.todo[0]
        prod = g.production(s, self.player, city)
        return (f"{s.names[self.player]}: city on {_sq(city)} ({prod} production, "
                f"{s.players[self.player].trade} trade): choose its action")

    def options(self, g, s):
        return (g.city_actions(s, self.player, self.todo[0]) + g.card_options(s, self.player, D.CITY)
                + g.ability_options(s, self.player, D.CITY))

    def apply(self, g, s, o):
        if o.value[0] == "card":             # the card's production goes to this city, which acts next
            s.steps.append(self)
            g.play_card(s, self.player, o.value[1], city=self.todo[0])
            return
        if o.value[0] == "ability":          # not the city's action: it still acts
            s.steps.append(self)
            g.use_ability(s, self.player, o.value[1], o.value[2], city=self.todo[0])
            return
        rest = self.todo[1:]
        if rest:
            s.steps.append(CityTurn(self.player, rest))
        else:
            s.steps.append(CultureClimb(self.player))
        city = self.todo[0]
        holders = g.spy_holders(s, self.player, "Writing")
        if holders and o.value[0] == "culture" and has_ability(s.players[self.player], "culture_uncancellable"):
            holders = []                     # Mass Media: his culture cannot be cancelled
        if not holders:
            g.city_action(s, self.player, city, o.value)
            return
        s.steps.append(CityAction(self.player, city, o.value))
        what = f"is taking the action of the city on {_sq(city)}: {o.label}"
        for q in reversed(holders):
            s.steps.append(SpyChance(q, self.player, "Writing", what, (self.player, "city", city)))


class CityAction(Auto):
    """A city's action, once the players who could cancel it with a spy (Writing) have let it happen."""
    player: int
    city: tuple
    value: tuple

    def run(self, g, s):
        ref = (self.player, "city", self.city)
        if ref in s.cancelled:
            s.cancelled = s.cancelled - {ref}
            g._log(s, f"The action of {s.names[self.player]}'s city on {_sq(self.city)} is cancelled.")
            return
        g.city_action(s, self.player, self.city, self.value)


class SpyChance(Step):
    """Out of turn: a player whose tech lets a spy cancel what another player is doing (Writing: a city
    action; Mass Media: a resource ability) may pay a spy, or 2 resources through The Kremlin, to cancel
    it; once a round each.  Asked in turn order, behind a curtain."""
    kind: ClassVar[str] = "spy"
    by: int = 0
    source: str = ""         # the tech that cancels
    what: str = ""           # what ``by`` is doing, for the prompt
    ref: tuple = ()          # what ``s.cancelled`` holds when it is cancelled

    def prompt(self, g, s):
        return f"{s.names[self.player]}: {s.names[self.by]} {self.what}. Cancel it with {self.source}?"

    def options(self, g, s):
        if self.ref in s.cancelled:
            return []
        p = s.players[self.player]
        out = []
        way = g.spy_way(s, self.player)
        if self.source in p.techs and way is not None and (self.source, "cancel") not in p.used:
            price = "a spy" if way == "spy" else "2 resources through The Kremlin"
            out.append(Option("cancel", f"Cancel it with {self.source} ({price})", None, "spy"))
        if self.source == "Mass Media" and PRIMETIME_TV in p.culture_cards:   # the card cancels one too
            out.append(Option("card", f"Cancel it with {PRIMETIME_TV} (discarded)", None, "card"))
        # always asked once pushed (even with nothing to cancel with): skipping would tell the table
        out.append(Option("let", "Let it happen", None, None))
        return out

    def apply(self, g, s, o):
        if o.value is None:
            return
        p = s.players[self.player]
        s.cancelled = s.cancelled | {self.ref}
        while s.steps and isinstance(s.steps[-1], SpyChance) and s.steps[-1].ref == self.ref:
            s.steps.pop()                    # the other chances are moot
        if o.value == "card":
            p.culture_cards.remove(PRIMETIME_TV)
            g._log(s, f"{s.names[self.player]} plays {PRIMETIME_TV} and cancels it.")
            return
        p.used = p.used | {(self.source, "cancel")}
        g._log(s, f"{s.names[self.player]} cancels it with {self.source}.")
        g.pay_spy(s, self.player)

    def on_empty(self, g, s):
        pass


class SecondPurchase(Step):
    """Engineering: once a round a city may split its production over 2 purchases; the second is paid
    from what the first left (no trade bought: house rule)."""
    kind: ClassVar[str] = "second_purchase"
    city: tuple = ()
    spent: int = 0

    def prompt(self, g, s):
        return (f"{s.names[self.player]}: Engineering: a second purchase in the city on {_sq(self.city)} "
                f"with the production left?")

    def options(self, g, s):
        out = g.purchase_options(s, self.player, self.city, spent=self.spent, buy=False)
        if out:
            out.append(Option("none", "No second purchase", None, None))
        return out

    def apply(self, g, s, o):
        if o.value is None:
            return
        p = s.players[self.player]
        p.used = p.used | {("Engineering", "split_production")}
        g._log(s, f"{s.names[self.player]} splits the city's production (Engineering).")
        g.city_action(s, self.player, self.city, o.value, second=True)

    def on_empty(self, g, s):
        pass


class SeaFrom(Step):
    """Steam Power: which square's figures go to sea."""
    kind: ClassVar[str] = "sea_from"
    private: ClassVar[bool] = False

    def prompt(self, g, s):
        return f"{s.names[self.player]}: Steam Power: move the figures of which square to the water?"

    def options(self, g, s):
        return [Option(key("square", *pos), f"The figures on {_where(s, pos)}", ("square", pos), pos)
                for pos in g.sea_sources(s, self.player)]

    def apply(self, g, s, o):
        s.steps.append(SeaTo(self.player, o.value))

    def on_empty(self, g, s):
        pass


class SeaTo(Step):
    """Steam Power: the water square they go to; they may not move again this round."""
    kind: ClassVar[str] = "sea_to"
    private: ClassVar[bool] = False
    origin: tuple = ()

    def prompt(self, g, s):
        return f"{s.names[self.player]}: Steam Power: to which water square?"

    def options(self, g, s):
        return [Option(key("square", *pos), f"Water {_sq(pos)}", ("square", pos), pos)
                for pos in g.sea_destinations(s, self.player, self.origin)]

    def apply(self, g, s, o):
        g.sea_transport(s, self.player, self.origin, o.value)

    def on_empty(self, g, s):
        pass


class FreezeChance(Step):
    """Communism: when the movement phase begins, its holder may pay a spy (or 2 resources through The
    Kremlin) to pick a square no figure may leave this round (house reading of "may interrupt a move").
    Private: a gift card in his hand may be the spy."""
    kind: ClassVar[str] = "freeze"

    def prompt(self, g, s):
        return f"{s.names[self.player]}: Communism: freeze a square for this movement phase?"

    def options(self, g, s):
        p = s.players[self.player]
        squares = [(pos, f) for pos, f in sorted(s.board.figures.items())
                   if f.owner != self.player and pos not in s.frozen]
        if ("Communism", "freeze_square") in p.used or not squares:
            return []
        out = []
        if g.spy_way(s, self.player) is not None:
            out = [Option(key("freeze", *pos), f"Freeze {_where(s, pos)} (figures of {s.names[f.owner]})",
                          ("square", pos), pos) for pos, f in squares]
        # asked even when he cannot pay after all (a gift card might have): skipping would tell the table
        out.append(Option("none", "Freeze nothing", None, None))
        return out

    def apply(self, g, s, o):
        if o.value is None:
            return
        p = s.players[self.player]
        p.used = p.used | {("Communism", "freeze_square")}
        s.frozen = s.frozen | {o.value}
        g._log(s, f"{s.names[self.player]} freezes {_sq(o.value)}: no figure may leave it this round.")
        g.pay_spy(s, self.player)

    def on_empty(self, g, s):
        pass


class NukeTarget(Step):
    """Atomic Theory: the non-capital city destroyed with everything in its outskirts."""
    kind: ClassVar[str] = "nuke"
    private: ClassVar[bool] = False

    def prompt(self, g, s):
        return f"{s.names[self.player]}: Atomic Theory: which city is destroyed?"

    def options(self, g, s):
        return [Option(key("city", *pos), f"{s.names[c.owner]}'s city on {_sq(pos)}", ("square", pos), pos)
                for pos, c in sorted(s.board.cities.items()) if not c.capital]

    def apply(self, g, s, o):
        g.destroy_city(s, o.value, by=self.player)

    def on_empty(self, g, s):
        pass


class PlaceFigure(Step):
    """Rule 44: a new figure goes on a square next to its city, within the stacking limit."""
    kind: ClassVar[str] = "place_figure"
    private: ClassVar[bool] = False
    city: tuple = ()
    what: str = "army"

    def prompt(self, g, s):
        return f"{s.names[self.player]}: place the new {self.what} next to the city on {_sq(self.city)}"

    def options(self, g, s):
        return [Option(key("square", *n), f"Square {_where(s, n)}", ("square", n), n)
                for n in neighbours(self.city) if g.can_stand(s, self.player, n, end=True)]

    def apply(self, g, s, o):
        g.put_figure(s, self.player, o.value, self.what)
        g._log(s, f"{s.names[self.player]} builds {_a(self.what)} on {_sq(o.value)}.")

    def on_empty(self, g, s):
        # no room (every square full or closed): the production is lost; the figure never left the supply
        g._log(s, f"No room next to the city on {_sq(self.city)}: the {self.what} is not built.")


class PlaceStart(PlaceFigure):
    """Rule 18: the owner puts a starting figure on a square next to his capital (``city``)."""
    kind: ClassVar[str] = "place_start"

    def prompt(self, g, s):
        return f"{s.names[self.player]}: place your starting {self.what} next to your capital"

    def apply(self, g, s, o):
        g.put_figure(s, self.player, o.value, self.what)
        g._log(s, f"{s.names[self.player]} puts a starting {self.what} on {_sq(o.value)}.")


class PlaceStructure(Step):
    """Where a new building, wonder or great person goes, next to ``city`` (rules 45, 53)."""
    kind: ClassVar[str] = "place_structure"
    private: ClassVar[bool] = False
    city: tuple = ()
    what: str = BUILDING
    name: str = ""

    def prompt(self, g, s):
        return f"{s.names[self.player]}: place {self.name} next to the city on {_sq(self.city)}"

    def options(self, g, s):
        out = []
        for n in g.structure_sites(s, self.player, self.city, self.what, self.name):
            old = s.board.structures.get(n)
            label = f"Square {_sq(n)} (replacing {old.name})" if old else f"Square {_where(s, n)}"
            out.append(Option(key("square", *n), label, ("square", n), n))
        return out

    def apply(self, g, s, o):
        if self.what == GREAT_PERSON:
            s.players[self.player].great_people.remove(self.name)
        g.place_structure(s, self.player, o.value, self.what, self.name)


class CultureClimb(Step):
    """Rules 50-54: hand in culture (and, higher up, trade) to climb the culture track.  Private: great
    people in reserve may be placed."""
    kind: ClassVar[str] = "culture"

    def prompt(self, g, s):
        p = s.players[self.player]
        head = f"{s.names[self.player]}: culture {p.culture}, track space {p.culture_step}"
        nxt = g.next_culture_space(p)
        if nxt is None:
            return f"{head} (the top)"
        need = f"{g.step_culture(p, nxt)} culture" + (f" and {nxt.trade} trade" if nxt.trade else "")
        if p.culture >= g.step_culture(p, nxt) and p.trade >= nxt.trade:
            return f"{head}: climb for {need}?"
        return f"{head}; the next space needs {need}"

    def options(self, g, s):
        p = s.players[self.player]
        out = []
        nxt = g.next_culture_space(p)
        if nxt is not None and p.culture >= g.step_culture(p, nxt) and p.trade >= nxt.trade:
            cost = f"{g.step_culture(p, nxt)} culture" + (f" and {nxt.trade} trade" if nxt.trade else "")
            out.append(Option("climb", f"Climb to space {nxt.number} for {cost}", None, ("climb",)))
        out += g.great_person_options(s, self.player)
        out.append(Option("done", "Done with city management", None, ("done",)))
        return out

    def apply(self, g, s, o):
        if o.value[0] == "done":
            return
        s.steps.append(CultureClimb(self.player))
        if o.value[0] == "climb":
            g.climb(s, self.player)
        else:
            s.steps.append(PlaceStructure(self.player, o.value[2], GREAT_PERSON, o.value[1]))


class MoveTurn(Step):
    """Movement: pick a figure that has not moved (its square and kind), or a group of them (rule 56),
    then where it goes."""
    kind: ClassVar[str] = "move"
    private: ClassVar[bool] = False
    moved: dict = None       # pos -> (armies, scouts) that arrived there this turn (they have moved)

    def prompt(self, g, s):
        return f"{s.names[self.player]}: move a figure or a group, or end the movement phase"

    def free(self, s, pos: Pos) -> tuple[int, int]:
        """The armies and scouts on ``pos`` that have not moved yet."""
        f = s.board.figures.get(pos)
        if f is None or f.owner != self.player:
            return 0, 0
        done_a, done_s = self.moved.get(pos, (0, 0))
        return max(0, f.armies - done_a), max(0, f.scouts - done_s)

    def options(self, g, s):
        out = []
        for pos, f in sorted(s.board.figures.items()):
            if f.owner != self.player or pos in s.frozen:
                continue
            armies, scouts = self.free(s, pos)
            for what, have in (("army", armies), ("scout", scouts)):
                if have and g.can_move(s, self.player, pos, what):
                    out.append(Option(key("figure", what, *pos), f"Move the {what} on {_sq(pos)}",
                                      ("square", pos), (what, pos)))
            if armies + scouts >= 2 and any(g.can_move(s, self.player, pos, grp)
                                            for grp in group_sizes(armies, scouts)):
                out.append(Option(key("group", *pos), f"Move a group from {_sq(pos)}", None, ("group", pos)))
        out += g.ability_options(s, self.player, D.MOVE)
        out += g.card_options(s, self.player, D.MOVE)
        out.append(Option("done", "End the movement phase", None, None))
        return out

    def is_private(self, g, s):
        """Its options name his movement cards (Defection and kin) when he holds culture cards: then the
        turn is his alone.  How many cards he holds is public, so the curtain gives nothing away."""
        return bool(s.players[self.player].culture_cards)

    def apply(self, g, s, o):
        if o.value is None:
            return
        s.steps.append(self)
        if o.value[0] == "ability":
            g.use_ability(s, self.player, o.value[1], o.value[2])
            return
        if o.value[0] == "card":
            g.play_card(s, self.player, o.value[1])
            return
        if o.value[0] == "group":
            s.steps.append(GroupPick(self.player, o.value[1], self.free(s, o.value[1])))
            return
        s.steps.append(MoveTo(self.player, o.value[0], o.value[1]))


def group_sizes(armies: int, scouts: int) -> list[tuple[int, int]]:
    """Every group of two or more of these figures, the largest first."""
    return sorted(((a, c) for a in range(armies + 1) for c in range(scouts + 1) if a + c >= 2),
                  key=lambda x: (-x[0] - x[1], -x[0]))


class GroupPick(Step):
    """Which figures of the square move together (rule 56); a group with a scout may not enter another
    player's square (row 33)."""
    kind: ClassVar[str] = "move_group"
    private: ClassVar[bool] = False
    origin: tuple = ()
    free: tuple = (0, 0)

    def prompt(self, g, s):
        return f"{s.names[self.player]}: which figures on {_sq(self.origin)} move together?"

    def options(self, g, s):
        out = [Option(key("group", a, c), f"Move {_figures(a, c)}", None, (a, c))
               for a, c in group_sizes(*self.free) if g.can_move(s, self.player, self.origin, (a, c))]
        return out + [Option("back", "Back", None, None)]

    def apply(self, g, s, o):
        if o.value is None:
            return
        s.steps.append(MoveTo(self.player, tuple(o.value), self.origin))


class MoveTo(Step):
    """Where the picked figure or group goes: any square it can reach with its speed this turn."""
    kind: ClassVar[str] = "move_to"
    private: ClassVar[bool] = False
    what: object = "army"
    origin: tuple = ()

    def prompt(self, g, s):
        noun = f"the {self.what}" if isinstance(self.what, str) else _figures(*self.what)
        return f"{s.names[self.player]}: where do{'es' if isinstance(self.what, str) else ''} {noun} on {_sq(self.origin)} go?"

    def options(self, g, s):
        def label(d, how):
            if how[0] == "attack":
                return f"Attack {_foe(s, d)} on {_sq(d)}"
            return f"{'Explore' if how[0] == 'explore' else 'Go to'} {_where(s, d)}"
        out = [Option(key("square", *d), label(d, how), ("square", d), (d, how))
               for d, how in sorted(g.destinations(s, self.player, self.origin, self.what).items())]
        out += g.sacrifice_options(s, self.player, self.origin, self.what)
        out.append(Option("back", "Back", None, None))
        return out

    def apply(self, g, s, o):
        turn = s.steps[-1]            # the MoveTurn below
        if o.value is None:
            if isinstance(self.what, tuple):      # back to the group's choice
                s.steps.append(GroupPick(self.player, self.origin, turn.free(s, self.origin)))
            return
        dest, how = o.value
        armies, scouts = group_of(self.what)
        end = g.move_figure(s, self.player, self.origin, dest, self.what, how)
        if end is None:                            # sacrificed: nothing arrived anywhere
            return
        a, sc = turn.moved.get(end, (0, 0))
        turn.moved = dict(turn.moved)
        turn.moved[end] = (a + armies, sc + scouts)


class ResearchTurn(Step):
    """Research: one technology at its level's cost, where the pyramid has room (row 46)."""
    kind: ClassVar[str] = "research"
    private: ClassVar[bool] = False

    def prompt(self, g, s):
        return f"{s.names[self.player]}: research a technology ({s.players[self.player].trade} trade)"

    def options(self, g, s):
        cut = 5 if "Porcelain Tower" in s.players[self.player].wonders else 0
        out = [Option(key("tech", t), f"{t} (level {lv}, {max(0, D.TECH_COST[lv] - cut)} trade)", ("tech", t), t)
               for t, lv in g.researchable(s, self.player)]
        out.append(Option("none", "Research nothing this round", None, None))
        return out

    def apply(self, g, s, o):
        if o.value is not None:
            g.learn(s, self.player, o.value)


class TakeResource(Step):
    """Germany: a market resource of its choice after a tech that unlocks or upgrades a unit type."""
    kind: ClassVar[str] = "resource"
    private: ClassVar[bool] = False

    def prompt(self, g, s):
        return f"{s.names[self.player]} (Germany): take a resource from the market"

    def options(self, g, s):
        return [Option(key("resource", r), f"Take {r}", None, r) for r, n in sorted(s.resource_pool.items()) if n > 0]

    def apply(self, g, s, o):
        s.resource_pool[o.value] -= 1
        s.players[self.player].resources.append(o.value)
        g._log(s, f"{s.names[self.player]} takes {o.value} from the market.")

    def on_empty(self, g, s):
        pass                     # the market ran dry meanwhile


class CardTarget(Step):
    """The target of a culture card just played: a player, a square or a building."""
    kind: ClassVar[str] = "card_target"
    private: ClassVar[bool] = False
    card: str = ""
    left: int = 1            # targets still to pick (Disaster: up to 2)

    def prompt(self, g, s):
        return f"{s.names[self.player]} plays {self.card}: {D.CULTURE_CARD_INDEX[self.card].ability.text}"

    def options(self, g, s):
        out = [Option(key("target", *t) if isinstance(t, tuple) else key("target", t), label, tgt, t)
               for t, label, tgt in g.card_targets(s, self.player, self.card)]
        if self.left < _MAX_TARGETS.get(D.CULTURE_CARD_INDEX[self.card].ability.tag, 1):
            out.append(Option("enough", "No more targets", None, None))
        return out

    def apply(self, g, s, o):
        if o.value is None:
            return
        if self.left > 1:
            s.steps.append(CardTarget(self.player, self.card, self.left - 1))
        g.aim_card(s, self.player, self.card, o.value)

    def on_empty(self, g, s):
        g._log(s, f"{self.card} finds no target.")


class DisplaceTo(Step):
    """Where the displaced figures go (Disoriented and kin)."""
    kind: ClassVar[str] = "displace"
    private: ClassVar[bool] = False
    origin: tuple = ()
    reach: int = 2

    def prompt(self, g, s):
        f = s.board.figures[self.origin]
        return f"{s.names[self.player]}: where do {s.names[f.owner]}'s figures on {_sq(self.origin)} go?"

    def options(self, g, s):
        return [Option(key("square", *n), f"To {_where(s, n)}", ("square", n), n)
                for n in g.displace_squares(s, self.origin, self.reach)]

    def apply(self, g, s, o):
        b = s.board
        f = b.figures.pop(self.origin)
        here = b.figures.get(o.value)
        b.figures[o.value] = Figures(f.owner, f.armies + (here.armies if here else 0), f.scouts + (here.scouts if here else 0))
        if self.origin in s.gather:
            s.gather = {k: v for k, v in s.gather.items() if k != self.origin}
        g._log(s, f"{s.names[f.owner]}'s {_figures(f.armies, f.scouts)} on {_sq(self.origin)} "
                  f"{'is' if f.count() == 1 else 'are'} moved to {_sq(o.value)}.")

    def on_empty(self, g, s):
        pass


class CardEffect(Auto):
    """A culture card's effect, once nobody cancelled it."""
    player: int
    card: str
    target: object = None

    def run(self, g, s):
        if (self.player, self.card, self.target) in s.cancelled:
            s.cancelled = s.cancelled - {(self.player, self.card, self.target)}
            return
        g.card_effect(s, self.player, self.card, self.target)


class CancelChance(Step):
    """Out of turn: a player holding a cancelling card may cancel an event (Bread and Circuses: one aimed
    at him; Jousting Tourney, Primetime TV: any)."""
    kind: ClassVar[str] = "cancel"
    by: int = 0
    card: str = ""
    target: object = None

    def prompt(self, g, s):
        return f"{s.names[self.player]}: {s.names[self.by]} plays {self.card}. Cancel it?"

    def options(self, g, s):
        out = [Option(key("cancel", c), f"Cancel it with {c}", None, c)
               for c in g.cancel_cards(s, self.player, self.by, self.card, self.target)]
        if out:
            out.append(Option("let", "Let it happen", None, None))
        return out

    def apply(self, g, s, o):
        if o.value is None:
            return
        p = s.players[self.player]
        s.cancelled = s.cancelled | {(self.by, self.card, self.target)}
        # the other chances are moot: drop them
        while s.steps and isinstance(s.steps[-1], CancelChance):
            s.steps.pop()
        g._log(s, f"{s.names[self.player]} plays {o.value} and cancels {self.card}.")
        if o.value == "Civil Service":          # a spy (or 2 resources through The Kremlin), once a round
            p.used = p.used | {("Civil Service", "cancel")}
            g.pay_spy(s, self.player)
        else:
            p.culture_cards.remove(o.value)

    def on_empty(self, g, s):
        pass


class TechSwap(Step):
    """Exchange of Ideas and its kin: the card's player learns one of the other's techs, then the other one
    of his (two of these steps, the reply below)."""
    kind: ClassVar[str] = "tech_swap"
    private: ClassVar[bool] = False
    other: int = 0
    level: int = 1

    def prompt(self, g, s):
        return f"{s.names[self.player]}: learn one of {s.names[self.other]}'s techs (level {self.level} or lower)"

    def options(self, g, s):
        return [Option(key("tech", t), t, ("tech", t), t) for t in g.swappable(s, self.player, self.other, self.level)]

    def apply(self, g, s, o):
        g.learn(s, self.player, o.value, free=True)

    def on_empty(self, g, s):
        g._log(s, f"{s.names[self.player]} has nothing to learn from {s.names[self.other]}.")


_MAX_TARGETS = {"destroy_buildings_anywhere": 2}
PRIMETIME_TV = "Primetime TV"      # cancels a culture event or a resource ability
_CANCEL_OWN = {"cancel_event_on_you"}
_CANCEL_ANY = {"cancel_event", "cancel_event_or_resource_ability"}


class AbilityEffect(Auto):
    """An ability's effect, once its resources are paid and nobody cancelled it (Mass Media)."""
    player: int
    source: str
    tag: str
    city: object = None
    announce: bool = True

    def run(self, g, s):
        ref = (self.player, "ability", self.source, self.tag)
        if ref in s.cancelled:
            s.cancelled = s.cancelled - {ref}
            g._log(s, f"{s.names[self.player]}'s {self.source} is cancelled; its resources are lost.")
            return
        if self.announce:
            g._log(s, f"{s.names[self.player]} uses {self.source}.")
        g.ability_effect(s, self.player, self.source, self.tag, self.city)


class PayResource(Step):
    """Which resource pays for an ability that takes any."""
    kind: ClassVar[str] = "pay"
    private: ClassVar[bool] = False
    source: str = ""

    def prompt(self, g, s):
        return f"{s.names[self.player]}: which resource pays for {self.source}?"

    def options(self, g, s):
        p = s.players[self.player]
        return ([Option(key("resource", r), f"Spend {r}", None, ("resource", r)) for r in sorted(set(p.resources))]
                + [Option(key("card", c), f"Play {c} as a resource", None, ("card", c)) for c in sorted(set(g.gifts(p)))])

    def apply(self, g, s, o):
        if o.value[0] == "card":
            g.spend_gift(s, self.player, o.value[1])
        else:
            g.spend_resource(s, self.player, o.value[1])


class Gift(Step):
    """Another player of the giver's choice gains something: a coin (A Gift from Afar) or trade (Horseback
    Riding)."""
    kind: ClassVar[str] = "gift"
    private: ClassVar[bool] = False
    what: str = "coin"

    def prompt(self, g, s):
        return f"{s.names[self.player]}: who gains {self._amount()}?"

    def _amount(self) -> str:
        return "a coin" if self.what == "coin" else f"{D.HORSEBACK_GIFT_TRADE} trade"

    def options(self, g, s):
        return [Option(key("player", q), s.names[q], None, q) for q in range(s.n) if q != self.player]

    def apply(self, g, s, o):
        q = s.players[o.value]
        if self.what == "coin":
            q.coins += D.GIFT_FROM_AFAR_COINS       # the economic victory is checked after every choice
        else:
            q.trade = min(D.TRADE_MAX, q.trade + D.HORSEBACK_GIFT_TRADE)
        g._log(s, f"{s.names[o.value]} gains {self._amount()}.")


class ObsoleteTarget(Step):
    """Monarchy (silk): obsolete an ancient wonder, or kill a random unit card of another player; Gunpowder
    (any 2 resources): obsolete an ancient or medieval wonder, or destroy any one building (section 4 §4).
    An obsolete wonder's ability stops; its marker stays on the map (section 4 §7); one in the market
    leaves it and the market refills."""
    kind: ClassVar[str] = "obsolete"
    private: ClassVar[bool] = False
    tag: str = ""

    def prompt(self, g, s):
        other = "kill a unit card" if self.tag == "obsolete_wonder_or_kill_unit" else "destroy a building"
        return f"{s.names[self.player]}: make a wonder obsolete, or {other}"

    def options(self, g, s):
        eras = (D.ANCIENT,) if self.tag == "obsolete_wonder_or_kill_unit" else (D.ANCIENT, D.MEDIEVAL)
        out = []
        for q, p in enumerate(s.players):
            for w in p.wonders:
                if D.WONDER_INDEX[w].era in eras:
                    out.append(Option(key("wonder", w), f"Make {s.names[q]}'s {w} obsolete", None, ("wonder", w, q)))
        for w in s.wonder_market:
            if D.WONDER_INDEX[w].era in eras:
                out.append(Option(key("wonder", w), f"Make {w} in the market obsolete", None, ("wonder", w, None)))
        if self.tag == "obsolete_wonder_or_kill_unit":
            out += [Option(key("units", q), f"Kill a random unit card of {s.names[q]} ({len(p.units)} held)",
                           None, ("units", q)) for q, p in enumerate(s.players) if q != self.player and p.units]
        else:
            out += [Option(key("building", *pos), f"Destroy {st.name} on {_sq(pos)} ({s.names[st.owner]}'s)",
                           ("square", pos), ("building", pos))
                    for pos, st in sorted(s.board.structures.items()) if st.kind == BUILDING]
        return out

    def apply(self, g, s, o):
        v = o.value
        if v[0] == "wonder":
            g.make_obsolete(s, v[1], v[2])
        elif v[0] == "units":
            g.kill_random_unit(s, self.player, v[1])
        else:
            g.destroy_building(s, self.player, v[1])

    def on_empty(self, g, s):
        pass


class FreeFigure(Step):
    """The Hanging Gardens: a figure built free in the wonder's square."""
    kind: ClassVar[str] = "free_figure"
    private: ClassVar[bool] = False
    at: tuple = ()

    def prompt(self, g, s):
        return f"{s.names[self.player]}: which figure do the Hanging Gardens give?"

    def options(self, g, s):
        p = s.players[self.player]
        if not g.can_stand(s, self.player, self.at, True):
            return []
        return [Option(key("build", w), f"A free {w} on {_sq(self.at)}", ("square", self.at), w)
                for w, left in (("army", p.armies), ("scout", p.scouts)) if left > 0]

    def apply(self, g, s, o):
        g.put_figure(s, self.player, self.at, o.value)
        g._log(s, f"{s.names[self.player]} gains a free {o.value} from the Hanging Gardens.")

    def on_empty(self, g, s):
        pass


class FreeWalls(Step):
    """The Great Wall: free city walls in one of your cities."""
    kind: ClassVar[str] = "walls"
    private: ClassVar[bool] = False

    def prompt(self, g, s):
        return f"{s.names[self.player]}: which city gets walls?"

    def options(self, g, s):
        return [Option(key("city", *c), f"The city on {_sq(c)}", ("square", c), c)
                for c, x in sorted(s.board.cities.items()) if x.owner == self.player and not x.walls]

    def apply(self, g, s, o):
        s.board.cities[o.value].walls = True
        g._log(s, f"{s.names[self.player]} walls the city on {_sq(o.value)}.")

    def on_empty(self, g, s):
        pass


class EndRound(Auto):
    def run(self, g, s):
        s.steps.append(NewRound())


# ====================================================================== the game
class CivilizationGame(StepGame):
    name = "civilization"
    title = "Civilization"
    min_players = 2
    max_players = 4
    description = "Lead a civilization from the Stone Age to space flight (2-4 players)."
    rules_version = "6"       # 6: city walls bought, Rome's step for a conquered city, China may decline; 5: Mass Media in battles, Roaming Horde, Russia; 4: battle abilities, figure cards; 3: war (battles, villages, groups); 2: Monarchy, Gunpowder, Combustion, Flight, Computers; 1: upgrades flip buildings

    def new_game(self, names: list[str], seed: int, options: dict[str, str] | None = None) -> CivState:
        opts = self.options_with_defaults(options)
        self.check_player_count(len(names), opts)
        s = deal(names, seed, opts)
        for seat, p in enumerate(s.players):
            p.fresh_governments = governments_known(p)   # row 2: the start tech counts as just found
            self._log(s, f"{names[seat]} leads {p.civ} from the capital on {_sq(p.capital)} "
                         f"(starting tech {p.techs[0]}, trade {p.trade}).")
        self._log(s, f"{names[s.start_player]} holds the start-player marker.")
        s.steps.append(NewRound())
        for seat in reversed(range(s.n)):
            p = s.players[seat]
            for w in p.wonders:                   # Egypt's starting wonder, built by the capital
                s.steps.append(PlaceStructure(seat, p.capital, WONDER, w))
            extra = D.RUSSIA_EXTRA_ARMIES if p.civ == "Russia" else 0
            s.steps.append(PlaceStart(seat, p.capital, "scout"))
            for _ in range(1 + extra):
                s.steps.append(PlaceStart(seat, p.capital, "army"))
        return self.start(s)

    def rules_notes(self) -> str:
        return Path(__file__).with_name("RULES.md").read_text(encoding="utf-8")

    def _apply(self, s: CivState, d, opt) -> None:
        """Every choice, then the economic victory: 15 coins at any moment (rule 86, row 47), checked
        after every change, the player who acted first when several reach it together."""
        super()._apply(s, d, opt)
        if s.winner < 0:
            held = [coins(p) for p in s.players]
            where = s.board.coin_squares()
            # each coin square counts for one city at most: far from 15, the map need not be read
            if max(held) + len(where) * _MAX_SQUARE_COINS < D.COIN_VICTORY:
                return
            on_map = map_coins(s, where)      # once for all players: it was a quarter of random play
            for q in [d.player] + [q for q in range(s.n) if q != d.player]:
                if held[q] + on_map[q] >= D.COIN_VICTORY:
                    self.win(s, q, "economy")
                    self.advance(s)
                    break

    # -- helpers ----------------------------------------------------------------------------------
    def _log(self, s: CivState, text: str, private_to: int | None = None, private_text: str | None = None) -> None:
        s.log.append(LogEntry(text, private_to, private_text, s.round))

    def over(self, s: CivState) -> bool:
        return s.winner >= 0

    def order(self, s: CivState) -> list[int]:
        return [(s.start_player + i) % s.n for i in range(s.n)]

    # -- the round --------------------------------------------------------------------------------------
    def begin_round(self, s: CivState) -> None:
        s.round += 1
        s.start_player = (s.start_player + 1) % s.n            # rule 25, row 6: round 1 too
        s.gather = {}                                          # named anew each round (rule 36)
        s.offered = frozenset()
        s.boost = {}
        s.frozen = frozenset()
        self._log(s, f"Round {s.round}: {s.names[s.start_player]} is the start player.")
        for p in s.players:
            p.used = frozenset()                 # once-a-round abilities
            if p.government == D.ANARCHY and p.pending_government:
                p.government, p.pending_government = p.pending_government, ""
        order = self.order(s)
        steps: list = [PhaseStart(START)] + [StartTurn(q) for q in order]
        steps += [PhaseStart(TRADE), TradeIncome()] + [TradeTurn(q) for q in order]
        steps += [PhaseStart(CITY)] + [x for q in order for x in self._city_steps(s, q)]
        steps += [PhaseStart(MOVE)] + [MoveTurn(q, {}) for q in order]
        steps += [PhaseStart(RESEARCH)] + [ResearchTurn(q) for q in order]
        steps.append(EndRound())
        s.steps.extend(reversed(steps))

    def _city_steps(self, s: CivState, q: int) -> list:
        return [CityStart(q)]

    def begin_phase(self, s: CivState, phase: str) -> None:
        s.phase = phase
        if phase == MOVE:                      # Communism: each holder may freeze a square first
            for q in reversed(self.order(s)):
                p = s.players[q]
                if "Communism" in p.techs and (self.spy_public(p) or p.culture_cards):   # see spy_holders
                    s.steps.append(FreezeChance(q))
        if phase == RESEARCH:
            for p in s.players:
                p.fresh_governments = []

    # -- figures ----------------------------------------------------------------------------------------
    def can_stand(self, s: CivState, player: int, pos: Pos, end: bool, limits: tuple | None = None) -> bool:
        """May ``player``'s figure be on ``pos`` (``end``: stop there)?  Explored, no enemy figure or city,
        water only by technology, within the stacking limit (rules 57-58, 64).  ``limits``: the player's
        (water rule, stacking limit) when the caller asks many times."""
        b = s.board
        sq = b.square(pos)
        if sq is None:
            return False
        p = s.players[player]
        water, stack = limits if limits is not None else (water_rule(p), stacking(p))
        if sq.terrain == WATER:
            if water is None or (end and water != D.END):
                return False
        if b.enemy_figures(pos, player):
            return False
        c = b.cities.get(pos)
        if c is not None and c.owner != player:
            return False
        if end:
            f = b.figures.get(pos)
            if f is not None and f.count() >= stack:
                return False
        return True

    def displace_squares(self, s: CivState, origin: Pos, reach: int) -> list[Pos]:
        """Disoriented, Lost, Out of Position: where the figures of ``origin`` may be moved as a group, up
        to ``reach`` orthogonal steps over explored land, never through or onto another player's figures
        or city, a hut or a village (no battle), within their owner's stacking limit at the end."""
        b = s.board
        f = b.figures[origin]
        q = f.owner
        limit = stacking(s.players[q])
        out, seen, frontier = [], {origin}, [origin]
        for _ in range(reach):
            nxt = []
            for pos in frontier:
                for n in orthogonal(pos):
                    if n in seen:
                        continue
                    seen.add(n)
                    sq = b.square(n)
                    if sq is None or sq.terrain == WATER or n in b.markers or b.enemy_figures(n, q):
                        continue
                    if n in b.cities and b.cities[n].owner != q:
                        continue
                    here = b.figures.get(n)
                    if here is None or here.count() + f.count() <= limit:
                        out.append(n)
                    nxt.append(n)
            frontier = nxt
        return sorted(out)

    def sacrifice_options(self, s: CivState, player: int, origin: Pos, what) -> list[Option]:
        """Russia, once a round: a single army or scout moved into another player's city is sacrificed
        there (back to the supply, no battle) to learn one of that player's techs (pyramid room needed)."""
        p = s.players[player]
        if p.civ != "Russia" or ("Russia", "sacrifice") in p.used or what not in ("army", "scout"):
            return []
        b = s.board
        out = []
        for d, how in sorted(self.destinations(s, player, origin, what, sacrifice=True).items()):
            if how[0] == "sacrifice" and self.swappable(s, player, b.cities[d].owner, 5):
                out.append(Option(key("sacrifice", *d), f"Sacrifice the {what} in {s.names[b.cities[d].owner]}'s "
                                  f"city on {_sq(d)} for one of his techs", ("square", d), (d, ("sacrifice", None))))
        return out

    def can_cross(self, s: CivState, player: int, pos: Pos, limits: tuple) -> bool:
        """Flight: may the figure fly over ``pos`` whatever stands there?  Only the terrain counts."""
        sq = s.board.square(pos)
        return sq is not None and (sq.terrain != WATER or limits[0] is not None)

    def put_figure(self, s: CivState, player: int, pos: Pos, what: str, from_supply: bool = True) -> None:
        p = s.players[player]
        f = s.board.figures.get(pos)
        if f is None:
            f = s.board.figures[pos] = Figures(player)
        if what == "army":
            f.armies += 1
            p.armies -= from_supply
        else:
            f.scouts += 1
            p.scouts -= from_supply

    def take_figure(self, s: CivState, pos: Pos, what: str) -> None:
        f = s.board.figures[pos]
        if what == "army":
            f.armies -= 1
        else:
            f.scouts -= 1
        if f.count() == 0:
            del s.board.figures[pos]

    def can_move(self, s: CivState, player: int, origin: Pos, what: str) -> bool:
        """Has the figure anywhere to go?  ``destinations`` stopped at the first square found: the
        movement menu asks it of every figure at every choice."""
        return bool(self.destinations(s, player, origin, what, first=True))

    def destinations(self, s: CivState, player: int, origin: Pos, what, first: bool = False,
                     sacrifice: bool = False) -> dict:
        """Squares the figures (``what``: "army", "scout", or a group ``(armies, scouts)``, rule 56) can end
        on this turn -> ("move", None); ("explore", the square it steps from) for a step onto a face-down
        tile, which turns it up and ends the move (row 28); ("attack", None) for another player's figures
        or city, or a village, which armies alone may enter and where the move ends in a battle (rules
        62-67; a group with a scout never enters, row 33).  Orthogonal steps up to the speed; through own
        figures and, with Navigation, water; with Flight over anything (never stopping on it).  Scouts never
        enter hut or village squares, armies stop on a hut (rule 60).  ``first``: stop at the first found.
        ``sacrifice``: another player's city is ("sacrifice", None) for the figure, whatever it is (Russia)."""
        b = s.board
        p = s.players[player]
        armies, scouts = group_of(what)
        n_fig = armies + scouts
        out: dict = {}
        water, stack = water_rule(p), stacking(p)
        limits = (water, stack)
        fly = "Flight" in p.techs             # passes over enemy figures, cities, huts and villages
        frontier = [origin]
        seen = {origin}

        def room(pos: Pos) -> bool:           # the group fits there within the stacking limit
            f = b.figures.get(pos)
            return f is None or f.owner != player or f.count() + n_fig <= stack

        for _ in range(speed(p)):
            nxt = []
            for pos in frontier:
                for n in orthogonal(pos):
                    if n in seen:
                        continue
                    seen.add(n)
                    t = b.square(n)
                    if t is None:
                        tile = b.tile_at(n)
                        # a step onto a face-down tile, from a square the figures may stop on (row 28)
                        if tile is not None and not tile.face_up and (
                                pos == origin or (self.can_stand(s, player, pos, False, limits) and room(pos))):
                            out.setdefault(n, ("explore", pos))
                            if first:
                                return out
                        continue
                    marker = b.markers.get(n)
                    enemy = b.enemy_figures(n, player) or (n in b.cities and b.cities[n].owner != player)
                    if sacrifice and n in b.cities and b.cities[n].owner != player:
                        out[n] = ("sacrifice", None)
                        continue
                    if marker is not None or enemy:
                        if not scouts and (enemy or marker[0] == VILLAGE) and (t.terrain != WATER or water == D.END):
                            out[n] = ("attack", None)           # the move ends in a battle, or kills scouts
                        elif not scouts and marker is not None and marker[0] == HUT and self.can_stand(
                                s, player, n, False, limits) and room(n):
                            out[n] = ("move", None)
                        if n in out and first:
                            return out
                        if fly and self.can_cross(s, player, n, limits) and n not in s.frozen:
                            nxt.append(n)
                        continue
                    if not self.can_stand(s, player, n, False, limits):
                        continue
                    if (t.terrain != WATER or water == D.END) and room(n):
                        out[n] = ("move", None)
                        if first:
                            return out
                    if n not in s.frozen:            # a frozen square may be entered, not left
                        nxt.append(n)
            frontier = nxt
        out.pop(origin, None)
        return out

    def move_figure(self, s: CivState, player: int, origin: Pos, dest: Pos, what, how: tuple) -> Pos:
        """Move the figures (``what`` as in ``destinations``); returns where they ended.  Onto another
        player's square or a village the move ends in a battle (played on the stack after this), or kills
        the lone scouts there (rule 66)."""
        armies, scouts = group_of(what)
        b = s.board
        end = dest
        if how[0] == "explore":
            self.explore(s, player, dest)
            marker = b.markers.get(dest)
            if marker is not None and marker[0] == VILLAGE and not scouts and self.can_stand(s, player, dest, False):
                how = ("attack", None)      # the tile shows a village: the armies enter and fight (row 28)
            elif not self.can_stand(s, player, dest, end=True) or (marker is not None and scouts) or (
                    b.figures.get(dest) is not None and b.figures[dest].count() + armies + scouts > stacking(s.players[player])):
                end = how[1]                # house rule (row 28): they stop where they stepped from
        noun = _a(what) if isinstance(what, str) else _figures(armies, scouts)
        if how[0] == "sacrifice":                 # Russia: the figure goes back to the supply, a tech learned
            p = s.players[player]
            self.take_figure(s, origin, what)
            if what == "army":
                p.armies += 1
            else:
                p.scouts += 1
            p.used = p.used | {("Russia", "sacrifice")}
            owner = b.cities[dest].owner
            self._log(s, f"{s.names[player]} (Russia) sacrifices {noun} in {s.names[owner]}'s city on {_sq(dest)}.")
            s.steps.append(LootTech(player, owner))
            return None
        for _ in range(armies):
            self.take_figure(s, origin, "army")
        for _ in range(scouts):
            self.take_figure(s, origin, "scout")
        if how[0] == "attack":
            self._log(s, f"{s.names[player]} moves {noun} from {_sq(origin)} into {_sq(end)}.")
            f = b.figures.get(end)
            if f is not None and f.owner != player and not f.armies and end not in b.cities:
                kill_scouts(self, s, player, end)                       # rule 66, row 32
                for _ in range(armies):
                    self.put_figure(s, player, end, "army", from_supply=False)
            else:
                begin_battle(self, s, player, origin, end, armies)
            return end
        for _ in range(armies):
            self.put_figure(s, player, end, "army", from_supply=False)
        for _ in range(scouts):
            self.put_figure(s, player, end, "scout", from_supply=False)
        self._log(s, f"{s.names[player]} moves {noun} from {_sq(origin)} to {_sq(end)}.")
        st = b.structures.get(end)
        p = s.players[player]
        if (armies and st is not None and st.kind == BUILDING and st.owner != player
                and "Combustion" in p.techs and ("Combustion", "destroy_building_on_move") not in p.used):
            p.used = p.used | {("Combustion", "destroy_building_on_move")}   # once a round
            self.destroy_building(s, player, end)
        marker = b.markers.get(end)
        if marker is not None and marker[0] == HUT and armies:
            self.take_hut(s, player, end)
        return end

    def explore(self, s: CivState, player: int, pos: Pos) -> None:
        """Turn a face-down tile up; a face-down marker goes on each hut or village icon (rule 59)."""
        t = s.board.tile_at(pos)
        t.face_up = True
        s.rng.reveal()
        for at, sq in zip(t.positions(), placed_squares(t.name, t.turns)):
            if sq.marker is None:
                continue
            deck = s.huts if sq.marker == HUT else s.villages
            if deck:
                s.board.markers[at] = (sq.marker, deck.draw(s.rng))
        self._log(s, f"{s.names[player]} explores the tile {t.name}.")

    def take_hut(self, s: CivState, player: int, pos: Pos) -> None:
        """Rule 61: the army's owner keeps the hut's resource."""
        _, content = s.board.markers.pop(pos)
        s.rng.reveal()                           # the marker is turned up
        s.players[player].resources.append(content)
        self._log(s, f"{s.names[player]} finds {content} in a hut.")
        if s.players[player].civ == "China":
            s.players[player].culture += 3
            self._log(s, f"{s.names[player]} (China) gains 3 culture for the hut.")

    # -- phase 1 ----------------------------------------------------------------------------------------
    def city_sites(self, s: CivState, player: int) -> list[Pos]:
        p = s.players[player]
        cities = sum(1 for c in s.board.cities.values() if c.owner == player)
        if p.cities_left <= 0 or cities >= city_limit(p):
            return []
        return sorted(pos for pos, f in s.board.figures.items()
                      if f.owner == player and f.scouts and s.board.city_site_problem(pos, player) is None)

    def found_city(self, s: CivState, player: int, pos: Pos) -> None:
        """The scout becomes the city (rule 29); own armies on the square shift to a free square next to
        it, or go back to the supply when none is free (row 13)."""
        p = s.players[player]
        f = s.board.figures.pop(pos)
        p.scouts += f.scouts                   # the founding scout (and any other there) back to supply
        s.board.cities[pos] = City(player)
        for _ in range(f.armies):
            room = [n for n in neighbours(pos) if self.can_stand(s, player, n, end=True)]
            if room:
                self.put_figure(s, player, room[0], "army", from_supply=False)
            else:
                p.armies += 1
        p.cities_left -= 1
        self._log(s, f"{s.names[player]} founds a city on {_sq(pos)}.")
        self.rome_step(s, player)

    def government_choices(self, s: CivState, player: int) -> list[str]:
        p = s.players[player]
        return [g for g in governments_known(p) if g != p.government and g != p.pending_government]

    def gather_choices(self, s: CivState, player: int) -> list[tuple[Pos, Pos]]:
        """Rules 36-37, row 11: a scout outside its owner's outskirts, not on a hut or village, gathers for
        one of his cities this round; beside another player's city too (that city loses the square)."""
        b = s.board
        mine = sorted(c for c, city in b.cities.items() if city.owner == player)
        out = []
        for pos, f in sorted(b.figures.items()):
            if f.owner != player or not f.scouts or pos in b.markers or pos in s.gather:
                continue
            home = b.city_of(pos)
            if home is not None and b.cities[home].owner == player:
                continue
            out += [(pos, c) for c in mine]
        return out

    def great_person_options(self, s: CivState, player: int) -> list[Option]:
        """Rule 53, row 25: a great person in reserve is placed now or in a later phase-1 or
        city-management turn, next to one of the owner's cities."""
        p = s.players[player]
        out = []
        for name in sorted(set(p.great_people)):
            for city in sorted(c for c, x in s.board.cities.items() if x.owner == player):
                if self.structure_sites(s, player, city, GREAT_PERSON, name):
                    out.append(Option(key("great_person", name, *city),
                                      f"Place the great {name} next to the city on {_sq(city)}", None,
                                      ("great_person", name, city)))
        return out

    def change_government(self, s: CivState, player: int, gov: str) -> None:
        p = s.players[player]
        if gov in p.fresh_governments:
            p.government, p.pending_government = gov, ""
            self._log(s, f"{s.names[player]} adopts {gov}.")
        else:
            p.government, p.pending_government = D.ANARCHY, gov
            self._log(s, f"{s.names[player]} falls into Anarchy for a round on the way to {gov}.")

    # -- trade ------------------------------------------------------------------------------------------
    def trade_income(self, s: CivState) -> None:
        for q in self.order(s):
            p = s.players[q]
            per_city = {"Republic": 1, "Democracy": 2, "Communism": -1}.get(p.government, 0)   # house data
            income = sum(max(0, sum(s.board.yields(n).trade for n in self.worked(s, q, c)) + per_city)
                         for c, city in s.board.cities.items() if city.owner == q)
            p.trade = min(D.TRADE_MAX, p.trade + income)
            self._log(s, f"{s.names[q]} takes {income} trade (now {p.trade}).")

    def describe(self, goods: dict, public: bool = False) -> str:
        """An offer's side in words (``public``: culture cards not named, for the public log)."""
        parts = []
        for k, n in sorted(goods.items()):
            if k in _GOODS:
                parts.append(f"{n} {k}")
            elif k.startswith("resource:"):
                parts.append(f"{n} {k[9:]}")
            else:
                parts.append(f"{n} culture card{'s' if n > 1 else ''}" if public else f"{n} x {k[5:]}")
        return ", ".join(parts) or "nothing"

    def swap(self, s: CivState, frm: int, to: int, goods: dict) -> None:
        a, b = s.players[frm], s.players[to]
        for k, n in goods.items():
            if k in _GOODS:
                setattr(a, k, getattr(a, k) - n)
                setattr(b, k, getattr(b, k) + n)
                b.trade = min(b.trade, D.TRADE_MAX)
            else:
                kind, item = k.split(":", 1)
                src, dst = (a.resources, b.resources) if kind == "resource" else (a.culture_cards, b.culture_cards)
                for _ in range(n):
                    src.remove(item)
                    dst.append(item)
        self.hand_limit(s, to)

    # -- city management --------------------------------------------------------------------------------
    def worked(self, s: CivState, player: int, city: Pos) -> list[Pos]:
        """The squares that count for a city: its outskirts on the map, not those with another player's
        figure (rules 38, 41, 49, 55), plus the squares of scouts gathering for it (rule 36)."""
        b = s.board
        own = [n for n in neighbours(city) if b.square(n) is not None and not b.enemy_figures(n, player)]
        return own + [pos for pos, c in s.gather.items() if c == city and pos in b.figures
                      and b.figures[pos].owner == player and b.figures[pos].scouts]

    def production(self, s: CivState, player: int, city: Pos) -> int:
        return sum(s.board.yields(n).production for n in self.worked(s, player, city))

    def city_culture(self, s: CivState, player: int, city: Pos) -> int:
        """Rule 49: 1 plus the culture icons; Monarchy +1 (house data)."""
        bonus = 1 if s.players[player].government == "Monarchy" else 0
        return 1 + bonus + sum(s.board.yields(n).culture for n in self.worked(s, player, city))

    def city_production(self, s: CivState, player: int, city: Pos, military: bool) -> int:
        """What a city can spend this action: its icons, and its government's bonus (house data, section 4
        §5: Despotism +2 in the capital for a figure or unit, Monarchy +1 in the capital, Communism +1)."""
        p = s.players[player]
        prod = self.production(s, player, city) + s.boost.get(city, 0)
        if has_ability(p, "production_per_coins"):          # Military Science
            prod += coin_dial(self, s, player) // 3
        capital = s.board.cities[city].capital
        gov = p.government
        if gov == "Despotism" and capital and military:
            prod += 2
        elif gov == "Monarchy" and capital:
            prod += 1
        elif gov == "Communism":
            prod += 1
        return prod

    def trade_for(self, p: Player, shortfall: int) -> int | None:
        """Trade that buys ``shortfall`` production (rule 48: 3 for 1; America 3 for 2), None if too much."""
        if shortfall <= 0:
            return 0
        trade_in, prod_out = (3, 2) if p.civ == "America" else D.BUY_PRODUCTION
        need = -(-shortfall // prod_out) * trade_in
        return need if need <= p.trade else None

    def purchases(self, s: CivState, player: int, city: Pos) -> list[tuple[str, str, int, bool]]:
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
        out += [("unit", t, min(cap, max(0, cost - discount)), True) for t, cost in self.units_to_buy(s, player)]
        out += [(what, name, cost, False) for what, name, cost in self.structures_to_build(s, player, city)]
        here = s.board.cities.get(city)
        if here is not None and not here.walls and any(D.TECH_INDEX[t].city_walls for t in p.techs):
            out.append((WALLS, WALLS, D.CITY_WALLS_COST, False))        # Masonry: the marker flips (section 4 §3)
        return out

    def city_actions(self, s: CivState, player: int, city: Pos) -> list[Option]:
        p = s.players[player]
        out = self.purchase_options(s, player, city)
        if p.civ == "Egypt" and "free_building" not in p.used:
            for what, name, cost in self.structures_to_build(s, player, city):
                if what == BUILDING and self.structure_sites(s, player, city, what, name):
                    out.append(Option(key("free", name), f"Build {name} free (Egypt, once a round)", None,
                                      ("free", name, 0)))
        culture = self.city_culture(s, player, city)
        out.append(Option("culture", f"Create culture (+{culture})", None, ("culture", culture)))
        for res in sorted({s.board.square(n).resource for n in self.worked(s, player, city)
                           if s.board.square(n).resource and n not in s.board.structures}):
            if s.resource_pool.get(res, 0) > 0:
                out.append(Option(key("harvest", res), f"Harvest {res}", None, ("harvest", res)))
        return out

    def purchase_options(self, s: CivState, player: int, city: Pos, spent: int = 0, buy: bool = True
                         ) -> list[Option]:
        """What the city can produce with its production less ``spent``, the shortfall bought with trade
        when ``buy`` (3 for 1, America 3 for 2)."""
        p = s.players[player]
        out = []
        room = any(self.can_stand(s, player, n, end=True) for n in neighbours(city))
        for kind, what, cost, military in self.purchases(s, player, city):
            if kind == "build" and not room:
                continue
            if kind in (BUILDING, WONDER) and not self.structure_sites(s, player, city, kind, what):
                continue
            short = cost - (self.city_production(s, player, city, military) - spent)
            trade = self.trade_for(p, short) if buy else (0 if short <= 0 else None)
            if trade is None:
                continue
            verb, noun = {"build": ("Build", _a(what)), BUILDING: ("Build", _a(what)),
                          "unit": ("Buy", f"{_a(what)} unit card"), WALLS: ("Build", "city walls"),
                          WONDER: ("Build", f"the wonder {what}")}.get(kind, ("Build", what))
            label = f"{verb} {noun} ({cost} production" + (f", {trade} trade bought)" if trade else ")")
            out.append(Option(WALLS if kind == WALLS else key(kind, what), label, None, (kind, what, trade)))
        return out

    def units_to_buy(self, s: CivState, player: int) -> list[tuple[str, int]]:
        """Unit cards a city may buy: a type the player has a rank in, from a stack not yet empty
        (killed units leave the game, row 41), at the price of his rank (section 4 §3)."""
        p = s.players[player]
        out = []
        for t, rank in sorted(p.ranks.items()):
            if rank <= 0 or not s.unit_decks[t]:
                continue
            out.append((t, D.AIRCRAFT_COST if t == D.AIRCRAFT else D.UNIT_COST[rank - 1]))
        return out

    # -- buildings, wonders, great people ----------------------------------------------------------------
    def structures_to_build(self, s: CivState, player: int, city: Pos) -> list[tuple[str, str, int]]:
        """(BUILDING or WONDER, name, cost) the player may build: a building whose tech he knows, its
        upgraded side once he knows that tech too, while its markers last; a wonder from the market, at
        the reduced cost with its tech (section 4 §6-§7)."""
        p = s.players[player]
        out = []
        for b in D.BUILDINGS:
            if b.basic is not None or b.tech not in p.techs or s.buildings_left.get(b.name, 0) <= 0:
                continue
            up = D.BUILDING_INDEX[b.upgrade] if b.upgrade else None
            side = up if up is not None and up.tech in p.techs else b
            out.append((BUILDING, side.name, side.cost))
        for w in s.wonder_market:
            wd = D.WONDER_INDEX[w]
            out.append((WONDER, w, wd.reduced_cost if wd.discount_tech in p.techs else wd.cost))
        return out

    def structure_sites(self, s: CivState, player: int, city: Pos, what: str, name: str) -> list[Pos]:
        """Where it may go: a square next to the city (rule 45) on the map, not a city, without another
        player's figure; a building on its terrains (rule 45), over nothing or over an own building
        (rule 47, row 21), one star building a city; a wonder on any square (row 20), over nothing or an
        own building; a great person over anything of its owner's (rule 53)."""
        b = s.board
        out = []
        star = what == BUILDING and D.BUILDING_INDEX[name].star
        stars = [n for n in neighbours(city) if n in b.structures and b.structures[n].kind == BUILDING
                 and D.BUILDING_INDEX[b.structures[n].name].star]
        for n in neighbours(city):
            sq = b.square(n)
            if sq is None or n in b.cities or b.enemy_figures(n, player):
                continue
            st = b.structures.get(n)
            if st is not None and st.owner != player:
                continue
            if what == BUILDING:
                if sq.terrain not in D.BUILDING_INDEX[name].terrains:
                    continue
                if st is not None and not (st.kind == BUILDING and st.name != name
                                           or st.kind == WONDER and st.name in s.players[player].obsolete):
                    continue           # over an own other building or obsolete wonder (row 21)
                if star and stars and n not in stars:
                    continue           # one star building a city: it may only replace the one there
            elif what == WONDER:
                if st is not None and st.kind != BUILDING:
                    continue
            out.append(n)
        return out

    def place_structure(self, s: CivState, player: int, pos: Pos, what: str, name: str) -> None:
        b = s.board
        old = b.structures.get(pos)
        if old is not None and old.kind == BUILDING:          # back to the market (row 21)
            basic = D.BUILDING_INDEX[old.name].basic or old.name
            s.buildings_left[basic] += 1
        elif old is not None and old.kind == WONDER:          # it leaves the game, its ability too (row 21)
            lose_wonder(s.players[old.owner], old.name)
        b.structures[pos] = Structure(what, name, player)
        if what == BUILDING:
            basic = D.BUILDING_INDEX[name].basic or name
            s.buildings_left[basic] -= 1
        elif what == WONDER and name in s.wonder_market:
            s.wonder_market.remove(name)
            s.players[player].wonders.append(name)
            if s.wonder_deck:
                s.wonder_market.append(s.wonder_deck.draw(s.rng))
        self._log(s, f"{s.names[player]} places {name} on {_sq(pos)}"
                     + (f" (over {old.name})." if old is not None else "."))
        if what == WONDER and s.phase != "setup":
            self.rome_step(s, player)

    def rome_step(self, s: CivState, player: int) -> None:
        """Rome: a free culture step for each wonder built, city founded, city or village conquered
        (section 4 §1)."""
        if s.players[player].civ == "Rome" and not self.over(s):
            self._log(s, f"{s.names[player]} (Rome) climbs a culture step free.")
            self.climb(s, player, free=True)

    def city_action(self, s: CivState, player: int, city: Pos, v: tuple, second: bool = False) -> None:
        p = s.players[player]
        name = s.names[player]
        if (not second and v[0] in ("build", "unit", BUILDING, WONDER, WALLS) and v[2] == 0
                and has_ability(p, "split_production") and ("Engineering", "split_production") not in p.used):
            # Engineering: production left over may pay a second purchase (asked after this one)
            cost = next(c for k, w, c, _ in self.purchases(s, player, city) if k == v[0] and w == v[1])
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
            self._log(s, f"{name}'s city on {_sq(city)} buys {_a(t)} unit card.", player,
                      f"{name}'s city on {_sq(city)} buys {_a(t)} unit card of strength "
                      f"{card_value(card, p.ranks[t])}.")
        elif v[0] == WALLS:
            p.trade -= v[2]
            s.board.cities[city].walls = True
            self._log(s, f"{name}'s city on {_sq(city)} builds city walls.")
        elif v[0] == "culture":
            p.culture += v[1]
            self._log(s, f"{name}'s city on {_sq(city)} creates {v[1]} culture.")
        elif v[0] == "harvest":
            s.resource_pool[v[1]] -= 1
            p.resources.append(v[1])
            self._log(s, f"{name}'s city on {_sq(city)} harvests {v[1]}.")
            if ("Angkor Wat" in p.wonders and ("Angkor Wat", "double_harvest") not in p.used
                    and s.resource_pool[v[1]] > 0):
                p.used = p.used | {("Angkor Wat", "double_harvest")}
                s.resource_pool[v[1]] -= 1
                p.resources.append(v[1])
                self._log(s, f"Angkor Wat: the city harvests {v[1]} twice.")

    def step_culture(self, p: Player, space) -> int:
        """A culture step's price in culture: Fundamentalism +1 (house data)."""
        return space.culture + (1 if p.government == "Fundamentalism" else 0)

    def next_culture_space(self, p: Player):
        return D.CULTURE_TRACK[p.culture_step] if p.culture_step < D.CULTURE_SPACES else None

    def climb(self, s: CivState, player: int, free: bool = False) -> None:
        """One step up the culture track, paid (rules 50-51) or ``free`` (Rome), with its reward."""
        p = s.players[player]
        space = self.next_culture_space(p)
        if space is None:
            return
        if not free:
            p.culture -= self.step_culture(p, space)
            p.trade -= space.trade
        p.culture_step = space.number
        name = s.names[player]
        if space.reward == D.VICTORY:
            self.win(s, player, "culture")
            return
        if space.reward == D.GREAT_PERSON and s.great_people:
            gp = s.great_people.draw(s.rng)
            p.great_people.append(gp)
            self._log(s, f"{name} climbs to culture space {space.number} and gains a great person.",
                      player, f"{name} climbs to culture space {space.number} and gains a great {gp}.")
        elif space.reward == D.CARD and s.culture_decks[space.level]:
            card = s.culture_decks[space.level].draw(s.rng)
            p.culture_cards.append(card)
            self._log(s, f"{name} climbs to culture space {space.number} and draws a culture card.",
                      player, f"{name} climbs to culture space {space.number} and draws {card}.")
            self.hand_limit(s, player)
        else:
            self._log(s, f"{name} climbs to culture space {space.number}.")

    # -- research ---------------------------------------------------------------------------------------
    def researchable(self, s: CivState, player: int) -> list[tuple[str, int]]:
        p = s.players[player]
        if p.government == D.ANARCHY:
            return []                            # house data: no research under Anarchy
        counts = pyramid_counts(p)
        out = []
        discount = 5 if "Porcelain Tower" in p.wonders else 0
        for t in D.TECHS:             # Space Flight (level 5) is among them: one shared card
            cost = max(0, D.TECH_COST[t.level] - discount)
            if t.name not in p.techs and p.trade >= cost and D.pyramid_room(counts, t.level):
                out.append((t.name, t.level))
        return out

    def learn(self, s: CivState, player: int, tech: str, free: bool = False) -> None:
        """A tech joins the pyramid: researched (trade falls to the coins, row 46) or ``free``."""
        p = s.players[player]
        p.techs.append(tech)
        if not free:
            p.trade = coin_dial(self, s, player)
        unit = D.TECH_INDEX[tech].unit if tech in D.TECH_INDEX else None
        if unit is not None and p.ranks.get(unit[0], 0) < unit[1]:
            p.ranks = {**p.ranks, unit[0]: unit[1]}          # its units upgrade (section 4 §8.1)
        if unit is not None and p.civ == "Germany":
            if s.unit_decks[unit[0]]:
                p.units.append(s.unit_decks[unit[0]].draw(s.rng))
                self._log(s, f"{s.names[player]} (Germany) gains a free {unit[0]} unit card.")
            if any(s.resource_pool.values()):
                s.steps.append(TakeResource(player))
        self.flip_buildings(s, player, tech)
        fresh = [g.name for g in D.GOVERNMENTS if g.unlocked_by == tech]
        p.fresh_governments = list(p.fresh_governments) + fresh
        self._log(s, f"{s.names[player]} learns {tech} " + ("free." if free else f"(trade falls to {p.trade})."))
        if tech == D.SPACE_FLIGHT:
            self.win(s, player, "technology")
        elif coin_dial(self, s, player) >= D.COIN_VICTORY:
            self.win(s, player, "economy")

    def flip_buildings(self, s: CivState, player: int, tech: str) -> None:
        """An upgrade tech turns the player's basic buildings of its line to the upgraded side at once
        (section 4 §4, "upgrades are immediate"): the same marker, so the market's count is unchanged."""
        ups = {b.name: b.upgrade for b in D.BUILDINGS if b.upgrade and D.BUILDING_INDEX[b.upgrade].tech == tech}
        if not ups:
            return
        b = s.board
        for pos, st in sorted(b.structures.items()):
            if st.kind == BUILDING and st.owner == player and st.name in ups:
                b.structures[pos] = Structure(BUILDING, ups[st.name], player)
                self._log(s, f"{s.names[player]}'s {st.name} on {_sq(pos)} becomes {ups[st.name]}.")

    def battle_abilities(self, s: CivState, q: int) -> list:
        """(source, ability) of the player's battle abilities he can pay for now (war.ACTIVE)."""
        p = s.players[q]
        return [(src, ab) for src, ab in ability_sources(p)
                if ab.when == D.BATTLE and ab.tag in ACTIVE and self._can_pay(p, ab)]

    def mass_media_chances(self, s: CivState, q: int, source: str, tag: str) -> list:
        """The out-of-turn chances to cancel ``q``'s resource ability (Mass Media, Primetime TV)."""
        return [SpyChance(x, q, "Mass Media", f"uses {source}", (q, "ability", source, tag))
                for x in reversed(self.spy_holders(s, q, "Mass Media"))]

    def pay_ability(self, s: CivState, q: int, ab) -> None:
        for _ in range(ab.count):
            self.spend_resource(s, q, ab.resource)

    def coin_total(self, s: CivState, q: int) -> int:
        return coin_dial(self, s, q)

    def hand_limit(self, s: CivState, q: int) -> None:
        """Over the culture hand limit: he discards down to it."""
        for _ in range(len(s.players[q].culture_cards) - culture_hand(self, s, q)):
            s.steps.append(DiscardCulture(q))

    def make_obsolete(self, s: CivState, wonder: str, owner: int | None) -> None:
        """The wonder's ability stops for good: an owner's goes to his obsolete list (its marker stays and
        keeps its icons), one in the market leaves the game and the market refills (section 4 §7)."""
        if owner is None:
            s.wonder_market.remove(wonder)
            if s.wonder_deck:
                s.wonder_market.append(s.wonder_deck.draw(s.rng))
            self._log(s, f"{wonder} in the market becomes obsolete and leaves the game.")
            return
        p = s.players[owner]
        p.wonders.remove(wonder)
        p.obsolete = list(p.obsolete) + [wonder]
        self._log(s, f"{s.names[owner]}'s {wonder} becomes obsolete.")

    def kill_random_unit(self, s: CivState, by: int, victim: int) -> None:
        """Monarchy: a random card of the victim's standing forces is killed, out of the game (rule 76)."""
        p = s.players[victim]
        card = p.units.pop(s.rng.randrange(len(p.units)))
        self._log(s, f"{s.names[by]} kills one of {s.names[victim]}'s unit cards: {_a(D.UNIT_CARDS[card].type)}.")

    def destroy_building(self, s: CivState, by: int, pos: Pos) -> None:
        """A building leaves the map and its marker goes back to the market (row 21)."""
        st = s.board.structures.pop(pos)
        s.buildings_left[D.BUILDING_INDEX[st.name].basic or st.name] += 1
        self._log(s, f"{s.names[by]} destroys {s.names[st.owner]}'s {st.name} on {_sq(pos)}.")

    # -- tech and wonder abilities ----------------------------------------------------------------------
    _ABILITIES = {"city_production", "gain_culture", "gain_trade_gift", "random_great_person", "coin_on_card",
                  "buy_coin_with_trade", "buy_coin_with_culture", "gain_trade", "take_market_resources",
                  "copy_tech", "free_walls", "free_figure", "extra_city_actions", "sea_transport", "nuke_city",
                  "obsolete_wonder_or_kill_unit", "obsolete_wonder_or_destroy_building"}

    def ability_options(self, s: CivState, player: int, when: str) -> list[Option]:
        """Abilities of the player's techs and wonders usable now: each once a round (house rule), its
        resources in hand (section 4 §4, §7)."""
        p = s.players[player]
        out = []
        for source, ab in ability_sources(p):
            if ab.when != when or ab.tag not in self._ABILITIES or (source, ab.tag) in p.used:
                continue
            if not self._can_pay(p, ab) or not self._ability_useful(s, player, source, ab):
                continue
            price = f" ({ab.count} {ab.resource})" if ab.resource else ""
            out.append(Option(key("ability", source, ab.tag), f"{source}: {ab.text}{price}", None,
                              ("ability", source, ab.tag)))
        return out

    @staticmethod
    def gifts(p: Player, res: str | None = None) -> list[str]:
        """Culture cards in hand that can act as ``res`` (any resource when None): A Gift from Afar and kin."""
        return [c for c in p.culture_cards if c in D.GIFT_RESOURCES and (res is None or res in D.GIFT_RESOURCES[c])]

    def _can_pay(self, p: Player, ab) -> bool:
        if ab.resource is None:
            return True
        if ab.resource == D.ANY_RESOURCE:
            return len(p.resources) + len(self.gifts(p)) >= ab.count
        return p.resources.count(ab.resource) + len(self.gifts(p, ab.resource)) >= ab.count

    def _ability_useful(self, s: CivState, player: int, source: str, ab) -> bool:
        p = s.players[player]
        tag = ab.tag
        slots = D.TECH_INDEX[source].coin_slots if source in D.TECH_INDEX else 0
        if tag in ("coin_on_card", "buy_coin_with_trade", "buy_coin_with_culture"):
            price_ok = {"buy_coin_with_trade": p.trade >= ab.amount,
                        "buy_coin_with_culture": p.culture >= ab.amount}.get(tag, True)
            return price_ok and p.card_coins.get(source, 0) < slots
        if tag == "random_great_person":
            return bool(s.great_people)
        if tag == "take_market_resources":
            return any(s.resource_pool.values())
        if tag == "copy_tech":
            return any(self.swappable(s, player, q, 5) for q in range(s.n) if q != player)
        if tag == "free_walls":
            return any(not c.walls for c in s.board.cities.values() if c.owner == player)
        if tag == "sea_transport":
            return bool(self.sea_sources(s, player))
        if tag == "nuke_city":
            return any(not c.capital for c in s.board.cities.values())
        if tag in ("obsolete_wonder_or_kill_unit", "obsolete_wonder_or_destroy_building"):
            return bool(ObsoleteTarget(player, tag).options(self, s))
        if tag == "free_figure":             # The Hanging Gardens: not in round 1
            at = self.wonder_square(s, source)
            return s.round > 1 and at is not None and (p.armies or p.scouts) and self.can_stand(s, player, at, True)
        return True

    def wonder_square(self, s: CivState, name: str) -> Pos | None:
        return next((pos for pos, st in s.board.structures.items() if st.kind == WONDER and st.name == name), None)

    def use_ability(self, s: CivState, player: int, source: str, tag: str, city: Pos | None = None) -> None:
        p = s.players[player]
        ab = next(a for src, a in ability_sources(p) if src == source and a.tag == tag)
        p.used = p.used | {(source, tag)}
        name = s.names[player]
        # Mass Media: a resource ability may be cancelled by another player's spy; its resources are lost
        holders = self.spy_holders(s, player, "Mass Media") if ab.resource else []
        chances = [SpyChance(q, player, "Mass Media", f"uses {source}", (player, "ability", source, tag))
                   for q in reversed(holders)]
        if ab.resource == D.ANY_RESOURCE:
            s.steps.append(AbilityEffect(player, source, tag, city))
            s.steps.extend(chances)
            for _ in range(ab.count):
                s.steps.append(PayResource(player, source))
            return
        for _ in range(ab.count):
            self.spend_resource(s, player, ab.resource)
        self._log(s, f"{name} uses {source}" + (f" ({ab.count} {ab.resource})." if ab.resource else "."))
        if chances:
            s.steps.append(AbilityEffect(player, source, tag, city, announce=False))
            s.steps.extend(chances)
            return
        self.ability_effect(s, player, source, tag, city)

    # -- spies -------------------------------------------------------------------------------------------
    def spy_way(self, s: CivState, player: int) -> str | None:
        """How ``player`` can pay a spy now: "spy" (the resource, or a gift card that acts as one),
        "kremlin" (any 2 resources through The Kremlin, once a round) or None."""
        p = s.players[player]
        if D.SPY in p.resources or self.gifts(p, D.SPY):
            return "spy"
        if ("The Kremlin" in p.wonders and ("The Kremlin", "resources_as_spy") not in p.used
                and len(p.resources) + len(self.gifts(p)) >= 2):
            return "kremlin"
        return None

    @staticmethod
    def spy_public(p: Player) -> bool:
        """He can pay a spy by what everybody sees: a spy resource, or 2 resources and The Kremlin."""
        return D.SPY in p.resources or ("The Kremlin" in p.wonders and len(p.resources) >= 2
                                        and ("The Kremlin", "resources_as_spy") not in p.used)

    def pay_spy(self, s: CivState, player: int) -> None:
        """A spy if he holds one, else 2 resources of his choice through The Kremlin."""
        if self.spy_way(s, player) == "spy":
            self.spend_resource(s, player, D.SPY)
            return
        p = s.players[player]
        p.used = p.used | {("The Kremlin", "resources_as_spy")}
        self._log(s, f"{s.names[player]} pays 2 resources for a spy (The Kremlin).")
        for _ in range(2):
            s.steps.append(PayResource(player, "The Kremlin"))

    def spy_holders(self, s: CivState, by: int, tech: str) -> list[int]:
        """The other players, in turn order after ``by``, who are asked whether they cancel with ``tech``
        (or, for a resource ability, with Primetime TV).  Who is asked rests on what everybody sees, so
        that being asked, or not, gives nothing away: a player with the tech, unused this round, who can
        pay a spy in the open (a spy, The Kremlin) or might with a gift card (any culture card in hand:
        there is a gift of every level); for Primetime TV, anyone holding a level-3 card.  A player who
        turns out unable is offered only to let it happen."""
        order = self.order(s)
        i = order.index(by)
        out = []
        for q in order[i + 1:] + order[:i]:
            p = s.players[q]
            able = tech in p.techs and (tech, "cancel") not in p.used and (
                self.spy_public(p) or bool(p.culture_cards))
            tv = tech == "Mass Media" and any(_CULTURE_LEVEL[c] == _CULTURE_LEVEL[PRIMETIME_TV]
                                              for c in p.culture_cards)
            if able or tv:
                out.append(q)
        return out

    # -- Steam Power, Atomic Theory ------------------------------------------------------------------------
    def sea_sources(self, s: CivState, player: int) -> list[Pos]:
        return [pos for pos, f in sorted(s.board.figures.items())
                if f.owner == player and pos not in s.frozen and self.sea_destinations(s, player, pos)]

    def sea_destinations(self, s: CivState, player: int, origin: Pos) -> list[Pos]:
        """Explored water squares without a city or another player's figure, within the stacking limit."""
        b = s.board
        moving = b.figures[origin].count()
        limit = stacking(s.players[player])
        out = []
        for pos in b.explored():
            sq = b.square(pos)
            if pos == origin or sq.terrain != WATER or pos in b.cities or b.enemy_figures(pos, player):
                continue
            here = b.figures.get(pos)
            if (here.count() if here is not None else 0) + moving <= limit:
                out.append(pos)
        return out

    def sea_transport(self, s: CivState, player: int, origin: Pos, dest: Pos) -> None:
        b = s.board
        f = b.figures.pop(origin)
        here = b.figures.get(dest)
        if here is None:
            b.figures[dest] = Figures(player, f.armies, f.scouts)
        else:
            here.armies += f.armies
            here.scouts += f.scouts
        s.gather = {k: v for k, v in s.gather.items() if k != origin}
        s.frozen = s.frozen | {dest}
        self._log(s, f"{s.names[player]}'s figures on {_sq(origin)} go by sea to {_sq(dest)} (Steam Power); "
                     f"they may not move again this round.")

    def destroy_city(self, s: CivState, pos: Pos, by: int) -> None:
        """Atomic Theory: the city and everything in its outskirts (buildings back to the market, wonders
        and great people out of the game, figures back to their owners' supplies)."""
        b = s.board
        city = b.cities.pop(pos)
        owner = s.players[city.owner]
        owner.cities_left += 1
        for n in [pos] + list(neighbours(pos)):
            st = b.structures.pop(n, None)
            if st is not None:
                if st.kind == BUILDING:
                    basic = D.BUILDING_INDEX[st.name].basic or st.name
                    s.buildings_left[basic] += 1
                elif st.kind == WONDER:
                    lose_wonder(s.players[st.owner], st.name)
            send_home(s, n)
        s.gather = {k: v for k, v in s.gather.items() if v != pos and k in b.figures}
        s.boost = {k: v for k, v in s.boost.items() if k != pos}
        self._log(s, f"{s.names[by]} destroys {s.names[city.owner]}'s city on {_sq(pos)} and all around it "
                     f"(Atomic Theory).")

    def spend_resource(self, s: CivState, player: int, res: str) -> None:
        """Spent resources go back to the market (row 8); hut and village finds of other kinds leave.  Without
        the resource itself, a culture card that acts as one pays (and is discarded)."""
        p = s.players[player]
        if res not in p.resources:
            self.spend_gift(s, player, self.gifts(p, res)[0])
            return
        p.resources.remove(res)
        if res in s.resource_pool:
            s.resource_pool[res] += 1

    def spend_gift(self, s: CivState, player: int, card: str) -> None:
        s.players[player].culture_cards.remove(card)
        self._log(s, f"{s.names[player]} plays {card} as a resource.")
        if card == "A Gift from Afar" and s.n > 1:        # another player of his choice gains a coin
            s.steps.append(Gift(player, "coin"))

    def ability_effect(self, s: CivState, player: int, source: str, tag: str, city: Pos | None) -> None:
        p = s.players[player]
        ab = next(a for src, a in ability_sources(p) if src == source and a.tag == tag)
        name = s.names[player]
        if tag == "city_production":
            target = city if city is not None else p.capital
            s.boost = {**s.boost, target: s.boost.get(target, 0) + ab.amount}
        elif tag == "gain_culture":
            p.culture += ab.amount
        elif tag in ("gain_trade", "gain_trade_gift"):
            p.trade = min(D.TRADE_MAX, p.trade + ab.amount)
            if tag == "gain_trade_gift":
                s.steps.append(Gift(player, "trade"))
        elif tag == "random_great_person":
            gp = s.great_people.draw(s.rng)
            p.great_people.append(gp)
            self._log(s, f"{name} gains a great person.", player, f"{name} gains a great {gp}.")
        elif tag in ("coin_on_card", "buy_coin_with_trade", "buy_coin_with_culture"):
            if tag == "buy_coin_with_trade":
                p.trade -= ab.amount
            elif tag == "buy_coin_with_culture":
                p.culture -= ab.amount
            p.card_coins = {**p.card_coins, source: p.card_coins.get(source, 0) + 1}
            self._log(s, f"{name} puts a coin on {source} ({coin_dial(self, s, player)} coins).")
        elif tag == "take_market_resources":
            for r in sorted(s.resource_pool):
                if s.resource_pool[r] > 0:
                    s.resource_pool[r] -= 1
                    p.resources.append(r)
        elif tag == "copy_tech":
            s.steps.append(LootTech(player, -1))        # Statue of Liberty: from any other player
        elif tag == "free_walls":
            s.steps.append(FreeWalls(player))
        elif tag == "free_figure":
            s.steps.append(FreeFigure(player, self.wonder_square(s, source)))
        elif tag == "sea_transport":
            s.steps.append(SeaFrom(player))
        elif tag == "nuke_city":
            s.steps.append(NukeTarget(player))
        elif tag in ("obsolete_wonder_or_kill_unit", "obsolete_wonder_or_destroy_building"):
            s.steps.append(ObsoleteTarget(player, tag))
        elif tag == "extra_city_actions":     # Atomic Theory: every city acts once more this turn
            turn = next((st for st in reversed(s.steps) if isinstance(st, CityTurn) and st.player == player), None)
            if turn is not None:
                turn.todo = list(turn.todo) + sorted(c for c, x in s.board.cities.items() if x.owner == player)

    # -- culture event cards ----------------------------------------------------------------------------
    _PLAYABLE = {"city_production", "force_anarchy", "tech_swap", "destroy_building", "destroy_buildings_anywhere",
                 "terrain_to_desert", "forest_to_grassland", "terrain_to_water", "place_village", "kill_figures",
                 "displace_group", "barbarian_attack"}

    def card_options(self, s: CivState, player: int, when: str) -> list[Option]:
        """Culture cards the player may play now (rule 52: "now or later, as it says")."""
        out = []
        for c in sorted(set(s.players[player].culture_cards)):
            ab = D.CULTURE_CARD_INDEX[c].ability
            if ab.when == when and ab.tag in self._PLAYABLE and (
                    ab.tag == "city_production" or self.card_targets(s, player, c)):
                out.append(Option(key("card", c), f"Play {c}: {ab.text}", None, ("card", c)))
        return out

    def play_card(self, s: CivState, player: int, card: str, city: Pos | None = None) -> None:
        p = s.players[player]
        p.culture_cards.remove(card)
        ab = D.CULTURE_CARD_INDEX[card].ability
        self._log(s, f"{s.names[player]} plays {card}.")
        if ab.tag == "city_production":
            s.boost = {**s.boost, city: s.boost.get(city, 0) + ab.amount}
            self._log(s, f"The city on {_sq(city)} has {ab.amount} more production this turn.")
            return
        s.steps.append(CardTarget(player, card, _MAX_TARGETS.get(ab.tag, 1)))

    def aim_card(self, s: CivState, player: int, card: str, target) -> None:
        """The event is aimed: it happens unless somebody holding a cancelling card cancels it; the
        chances go round in turn order (out of turn, on the step stack)."""
        s.steps.append(CardEffect(player, card, target))
        for q in reversed(self.order(s)):
            if q != player and self.cancel_cards(s, q, player, card, target):
                s.steps.append(CancelChance(q, player, card, target))
        if any(p.culture_cards for q, p in enumerate(s.players) if q != player):
            s.rng.reveal()      # whether anyone is asked shows whether he holds a cancelling card

    def aimed_at(self, s: CivState, card: str, target) -> int | None:
        tag = D.CULTURE_CARD_INDEX[card].ability.tag
        if tag in ("force_anarchy", "tech_swap"):
            return target if isinstance(target, int) else None
        if isinstance(target, tuple) and len(target) == 3:      # (row, col, what): a figure card's victim
            pos = target[:2]
            f = s.board.figures.get(pos)
            st = s.board.structures.get(pos)
            return st.owner if target[2] == "great_person" and st is not None else f.owner if f is not None else None
        if isinstance(target, tuple) and D.CULTURE_CARD_INDEX[card].ability.tag in ("displace_group", "barbarian_attack"):
            if target in s.board.cities:
                return s.board.cities[target].owner
            f = s.board.figures.get(target)
            return f.owner if f is not None else None
        if isinstance(target, tuple):
            st = s.board.structures.get(target)
            if st is not None:
                return st.owner
            c = s.board.city_of(target)
            return s.board.cities[c].owner if c is not None else None
        return None

    def cancel_cards(self, s: CivState, player: int, by: int, card: str, target) -> list[str]:
        """Culture cards that may cancel the event, and Civil Service (a spy, once a round)."""
        p = s.players[player]
        out = []
        for c in sorted(set(p.culture_cards)):
            tag = D.CULTURE_CARD_INDEX[c].ability.tag
            if tag in _CANCEL_ANY or (tag in _CANCEL_OWN and self.aimed_at(s, card, target) == player):
                out.append(c)
        if "Civil Service" in p.techs and ("Civil Service", "cancel") not in p.used and self.spy_way(s, player):
            out.append("Civil Service")
        return out

    def _near(self, s: CivState, player: int, pos: Pos, reach: int) -> bool:
        """Within ``reach`` squares of one of the player's cities or figures (0: anywhere)."""
        if reach <= 0:
            return True
        mine = [c for c, x in s.board.cities.items() if x.owner == player]
        mine += [f for f, x in s.board.figures.items() if x.owner == player]
        return any(abs(pos[0] - m[0]) + abs(pos[1] - m[1]) <= reach for m in mine)

    def card_targets(self, s: CivState, player: int, card: str) -> list[tuple]:
        """(target, label, widget hint) for a card: house readings of the research's card texts."""
        ab = D.CULTURE_CARD_INDEX[card].ability
        b = s.board
        out: list[tuple] = []
        if ab.tag == "force_anarchy":
            out = [(q, f"{s.names[q]} ({s.players[q].government})", None) for q in range(s.n)
                   if q != player and s.players[q].government != D.ANARCHY]
        elif ab.tag == "tech_swap":
            out = [(q, f"{s.names[q]}", None) for q in range(s.n)
                   if q != player and self.swappable(s, player, q, ab.amount)]
        elif ab.tag in ("destroy_building", "destroy_buildings_anywhere"):
            reach = ab.amount if ab.tag == "destroy_building" else 0
            out = [(pos, f"{st.name} of {s.names[st.owner]} on {_sq(pos)}", ("square", pos))
                   for pos, st in sorted(b.structures.items())
                   if st.kind == BUILDING and st.owner != player and self._near(s, player, pos, reach)]
        elif ab.tag in ("terrain_to_desert", "forest_to_grassland", "terrain_to_water"):
            for pos in b.explored():
                sq = b.square(pos)
                if pos in b.cities or (pos in b.structures and b.structures[pos].kind != GREAT_PERSON):
                    continue
                if ab.tag == "forest_to_grassland" and sq.terrain != "forest":
                    continue
                if ab.tag != "forest_to_grassland" and sq.terrain in ("mountain", WATER if ab.tag == "terrain_to_water" else "desert"):
                    continue
                if ab.tag == "terrain_to_water" and (pos in b.figures or pos in b.markers or pos in b.structures):
                    continue
                out.append((pos, f"Square {_sq(pos)} ({sq.terrain})", ("square", pos)))
        elif ab.tag == "kill_figures":
            # Defection within 4 (1 figure), Mass Defection within 6 and Wholesale anywhere (a great person,
            # or up to 2 figures of one square): of another player, near one of the card player's cities or
            # figures, counted in orthogonal steps (house reading, as Sabotage)
            two = card != "Defection"
            for pos, f in sorted(b.figures.items()):
                if f.owner == player or not self._near(s, player, pos, ab.amount):
                    continue
                if two:
                    out.append(((*pos, "figures"), f"{s.names[f.owner]}'s {_figures(*_two(f))} on {_sq(pos)}",
                                ("square", pos)))
                else:
                    out += [((*pos, what), f"{s.names[f.owner]}'s {what} on {_sq(pos)}", ("square", pos))
                            for what, n in (("army", f.armies), ("scout", f.scouts)) if n]
            if two:
                out += [((*pos, "great_person"), f"{s.names[st.owner]}'s great {st.name} on {_sq(pos)}", ("square", pos))
                        for pos, st in sorted(b.structures.items())
                        if st.kind == GREAT_PERSON and st.owner != player and self._near(s, player, pos, ab.amount)]
        elif ab.tag == "barbarian_attack":
            # Roaming Horde: another player's army or city within 4 orthogonal steps of a village
            villages = [pos for pos, m in b.markers.items() if m[0] == VILLAGE]
            spots = sorted({pos for pos, f in b.figures.items() if f.owner != player and f.armies}
                           | {pos for pos, c in b.cities.items() if c.owner != player})
            for pos in spots:
                near = [v for v in sorted(villages) if abs(v[0] - pos[0]) + abs(v[1] - pos[1]) <= ab.amount]
                if near:
                    owner = b.cities[pos].owner if pos in b.cities else b.figures[pos].owner
                    what = "city" if pos in b.cities else "army"
                    out.append((pos, f"{s.names[owner]}'s {what} on {_sq(pos)} (from the village on {_sq(near[0])})",
                                ("square", pos)))
        elif ab.tag == "displace_group":
            out = [(pos, f"{s.names[f.owner]}'s {_figures(f.armies, f.scouts)} on {_sq(pos)}", ("square", pos))
                   for pos, f in sorted(b.figures.items())
                   if f.owner != player and pos not in b.cities and self.displace_squares(s, pos, ab.amount)]
        elif ab.tag == "place_village" and s.villages:
            for pos in b.explored():
                if (b.square(pos).terrain != WATER and pos not in b.figures and pos not in b.markers
                        and pos not in b.structures and pos not in b.cities and b.city_of(pos) is None):
                    out.append((pos, f"Square {_sq(pos)}", ("square", pos)))
        return out

    def swappable(self, s: CivState, learner: int, source: int, level: int) -> list[str]:
        """Techs of ``source``'s, level ``level`` or lower, that ``learner`` lacks and has room for."""
        lp = s.players[learner]
        counts = pyramid_counts(lp)
        return sorted(t for t in s.players[source].techs if t not in lp.techs
                      and D.TECH_INDEX[t].level <= level and D.pyramid_room(counts, D.TECH_INDEX[t].level))

    def card_effect(self, s: CivState, player: int, card: str, target) -> None:
        ab = D.CULTURE_CARD_INDEX[card].ability
        b = s.board
        if ab.tag == "force_anarchy":
            q = s.players[target]
            if q.government != D.ANARCHY:
                # house rule: he returns to his government after the round of Anarchy
                q.pending_government, q.government = q.pending_government or q.government, D.ANARCHY
                self._log(s, f"{s.names[target]} falls into Anarchy.")
        elif ab.tag == "tech_swap":
            s.steps.append(TechSwap(target, player, ab.amount))
            s.steps.append(TechSwap(player, target, ab.amount))
        elif ab.tag in ("destroy_building", "destroy_buildings_anywhere"):
            st = b.structures.get(target)
            if st is not None and st.kind == BUILDING:
                self.destroy_building(s, player, target)
        elif ab.tag in ("terrain_to_desert", "forest_to_grassland", "terrain_to_water"):
            terrain = {"terrain_to_desert": "desert", "forest_to_grassland": "grassland",
                       "terrain_to_water": WATER}[ab.tag]
            b.disasters = {**(b.disasters or {}), target: terrain}
            self._log(s, f"The square {_sq(target)} becomes {terrain}.")
        elif ab.tag == "place_village":
            b.markers[target] = (VILLAGE, s.villages.draw(s.rng))
            self._log(s, f"A village appears on {_sq(target)}.")
        elif ab.tag == "kill_figures":
            pos, what = target[:2], target[2]
            if what == "great_person":
                st = b.structures.get(pos)
                if st is not None and st.kind == GREAT_PERSON:
                    del b.structures[pos]                    # killed: out of the game
                    self._log(s, f"{s.names[st.owner]}'s great {st.name} on {_sq(pos)} is killed.")
                return
            f = b.figures.get(pos)
            if f is None:
                return
            armies, scouts = _two(f) if what == "figures" else ((1, 0) if what == "army" else (0, 1))
            armies, scouts = min(armies, f.armies), min(scouts, f.scouts)
            for _ in range(armies):
                self.take_figure(s, pos, "army")
            for _ in range(scouts):
                self.take_figure(s, pos, "scout")
            s.players[f.owner].armies += armies
            s.players[f.owner].scouts += scouts
            if pos not in b.figures:
                s.gather = {k: v for k, v in s.gather.items() if k != pos}
            self._log(s, f"{s.names[f.owner]}'s {_figures(armies, scouts)} on {_sq(pos)} "
                         f"{'is' if armies + scouts == 1 else 'are'} killed.")
        elif ab.tag == "barbarian_attack":
            villages = sorted(pos for pos, m in b.markers.items() if m[0] == VILLAGE
                              and abs(pos[0] - target[0]) + abs(pos[1] - target[1]) <= ab.amount)
            if villages and (target in b.cities or (target in b.figures and b.figures[target].armies)):
                begin_horde(self, s, player, villages[0], target)
        elif ab.tag == "displace_group":
            if target in b.figures and self.displace_squares(s, target, ab.amount):
                s.steps.append(DisplaceTo(player, target, ab.amount))

    # -- the end ----------------------------------------------------------------------------------------
    def win(self, s: CivState, player: int, how: str) -> None:
        s.winner, s.victory, s.phase = player, how, OVER
        s.steps.clear()
        self._log(s, f"{s.names[player]} wins a {how} victory!")

    # -- hidden information ------------------------------------------------------------------------------
    def determinize(self, state: CivState, viewer: int | None, rng: random.Random) -> CivState:
        """A state ``viewer`` cannot tell from ``state``: dealt afresh from what the viewer has not seen.

        Hidden from everyone: the face-down tiles (which neutral tiles, how turned), the face-down hut
        and village markers on the map, the order of every stack.  Hidden from the others: a player's
        unit cards (their type shows on the back, so types are public, strengths not), culture cards
        (their era shows), great people in reserve and culture cards discarded face down.  Each pool is
        put in a canonical order, shuffled with ``rng`` and dealt back in the same numbers, so the
        result depends only on what the viewer sees."""
        out = self.clone(state)
        out._decision = None
        b = out.board
        down = [t for t in b.tiles if not t.face_up]
        seen_tiles = {t.name for t in b.tiles if t.face_up}
        pool = sorted(t.name for t in NEUTRAL_TILES if t.name not in seen_tiles)
        rng.shuffle(pool)
        for t, name in zip(sorted(down, key=lambda t: (t.tile_row, t.tile_col)), pool):
            t.name, t.turns = name, rng.randrange(4)
        for kind, deck_attr in ((HUT, "huts"), (VILLAGE, "villages")):
            spots = sorted(pos for pos, m in b.markers.items() if m[0] == kind)
            unseen = sorted([b.markers[pos][1] for pos in spots] + list(getattr(out, deck_attr).secret_contents()))
            rng.shuffle(unseen)
            for pos, content in zip(spots, unseen):
                b.markers[pos] = (kind, content)
            setattr(out, deck_attr, Deck(unseen[len(spots):]))
        others = [q for q in range(out.n) if q != viewer]
        bat = out.battle                  # a battle hand is seen by its player only (its types by all)
        hidden_hands = [sd for sd in (ATT, DEF) if bat is not None and bat.player(sd) != viewer]
        for t, deck in sorted(out.unit_decks.items()):
            held = {q: [u for u in out.players[q].units if D.UNIT_CARDS[u].type == t] for q in others}
            in_hand = {sd: [u for u in bat.hands[sd] if D.UNIT_CARDS[u].type == t] for sd in hidden_hands}
            unseen = sorted(list(deck.secret_contents()) + [u for h in held.values() for u in h]
                            + [u for h in in_hand.values() for u in h])
            rng.shuffle(unseen)
            for q, h in held.items():
                keep = [u for u in out.players[q].units if D.UNIT_CARDS[u].type != t]
                out.players[q].units = keep + unseen[:len(h)]
                unseen = unseen[len(h):]
            for sd, h in in_hand.items():
                bat.hands[sd] = [u for u in bat.hands[sd] if D.UNIT_CARDS[u].type != t] + unseen[:len(h)]
                unseen = unseen[len(h):]
            out.unit_decks[t] = Deck(unseen)
        hidden_discards = [i for i, (q, _) in enumerate(out.culture_discards) if q != viewer]
        pinned = self._offered_cards_seen(out, viewer)
        for lv, deck in sorted(out.culture_decks.items()):
            held = {q: [c for c in out.players[q].culture_cards if _CULTURE_LEVEL[c] == lv] for q in others}
            keep = {q: [c for c in pinned.get(q, []) if _CULTURE_LEVEL[c] == lv] for q in others}
            gone = [i for i in hidden_discards if _CULTURE_LEVEL[out.culture_discards[i][1]] == lv]
            unseen = list(deck.secret_contents()) + [out.culture_discards[i][1] for i in gone]
            for q, h in held.items():
                rest = list(h)
                for c in keep[q]:
                    rest.remove(c)
                unseen += rest
            unseen.sort()
            rng.shuffle(unseen)
            for q, h in held.items():
                k = len(h) - len(keep[q])
                out.players[q].culture_cards = ([c for c in out.players[q].culture_cards if _CULTURE_LEVEL[c] != lv]
                                                + keep[q] + unseen[:k])
                unseen = unseen[k:]
            discards = list(out.culture_discards)
            for i in gone:
                discards[i] = (discards[i][0], unseen.pop())
            out.culture_discards = discards
            out.culture_decks[lv] = Deck(unseen)
        self._remap_unseen_offers(out, viewer, rng)
        unseen = sorted(list(out.great_people.secret_contents()) + [g for q in others for g in out.players[q].great_people])
        rng.shuffle(unseen)
        for q in others:
            k = len(out.players[q].great_people)
            out.players[q].great_people, unseen = unseen[:k], unseen[k:]
        out.great_people = Deck(unseen)
        medieval = sorted(w for w in out.wonder_deck.secret_contents() if D.WONDER_INDEX[w].era == D.MEDIEVAL)
        modern = sorted(w for w in out.wonder_deck.secret_contents() if D.WONDER_INDEX[w].era != D.MEDIEVAL)
        rng.shuffle(medieval)
        rng.shuffle(modern)
        out.wonder_deck = Deck(modern + medieval)        # medieval on top (drawn first)
        out.log = [e if e.private_to in (None, viewer) or e.private_text is None
                   else LogEntry(e.text, e.private_to, None, e.round) for e in out.log]
        out.rng = Rng(rng.randrange(2**32))
        self.advance(out)
        return out

    @staticmethod
    def _offer_parties(st) -> tuple[int, int, bool]:
        """(giver, receiver, sent) of a pending Offer or Answer step."""
        if isinstance(st, Offer):
            return st.player, st.to, False
        return st.by, st.player, True

    def _offered_cards_seen(self, s: CivState, viewer: int | None) -> dict[int, list[str]]:
        """Culture cards of another player's that ``viewer`` has seen on offer (an offer sent to him):
        they stay in that player's hand in every determinization."""
        out: dict[int, list[str]] = {}
        for st in s.steps:
            if isinstance(st, (Offer, Answer)) and st.give:
                giver, receiver, sent = self._offer_parties(st)
                if sent and receiver == viewer and giver != viewer:
                    out.setdefault(giver, []).extend(
                        k[5:] for k, n in sorted(st.give.items()) if k.startswith("card:") for _ in range(n))
        return out

    def _remap_unseen_offers(self, out: CivState, viewer: int | None, rng: random.Random) -> None:
        """An offer ``viewer`` has not seen names cards of the giver's true hand: in the determinization it
        names cards of the giver's dealt hand instead."""
        for st in out.steps:
            if not isinstance(st, (Offer, Answer)) or not st.give:
                continue
            giver, receiver, sent = self._offer_parties(st)
            if viewer == giver or (sent and viewer == receiver):
                continue
            n = sum(v for k, v in st.give.items() if k.startswith("card:"))
            if not n:
                continue
            pool = sorted(out.players[giver].culture_cards)
            rng.shuffle(pool)
            give = {k: v for k, v in st.give.items() if not k.startswith("card:")}
            for c in pool[:n]:
                give["card:" + c] = give.get("card:" + c, 0) + 1
            st.give = give

    def scores(self, s: CivState) -> list[int]:
        return [(1 if q == s.winner else 0) for q in range(s.n)]

    def winners(self, s: CivState) -> list[int]:
        return [s.winner] if s.winner >= 0 else []

    def round_number(self, s: CivState) -> int:
        return s.round

    def end_kind(self, s: CivState) -> str:
        return f"{s.victory} victory" if s.victory else ""

    def view(self, s: CivState, viewer: int | None) -> dict:
        """What ``viewer`` sees: face-down tiles and markers blank, others' cards counted, not shown."""
        b = s.board
        tiles = [{"row": t.tile_row, "col": t.tile_col, "face_up": t.face_up,
                  "name": t.name if t.face_up else None, "turns": t.turns if t.face_up else None}
                 for t in b.tiles]
        top = s.steps[-1] if s.steps and s.winner < 0 else None
        selected = None                      # the square the decision is about (a figure, a city)
        if isinstance(top, MoveTo):
            selected = _sq(top.origin)
        elif isinstance(top, CityTurn):
            selected = _sq(top.todo[0])
        elif isinstance(top, PlaceFigure):
            selected = _sq(top.city)
        elif isinstance(top, (BattleCard, BattleFront)) and s.battle is not None:
            selected = _sq(s.battle.pos)
        players = []
        for q, p in enumerate(s.players):
            mine = viewer == q
            players.append({
                "name": s.names[q], "civ": p.civ, "capital": p.capital, "techs": list(p.techs),
                "government": p.government, "pending_government": p.pending_government,
                "trade": p.trade, "coins": coin_dial(self, s, q), "culture": p.culture, "culture_step": p.culture_step,
                "armies": p.armies, "scouts": p.scouts, "cities_left": p.cities_left, "ranks": dict(p.ranks),
                "resources": list(p.resources), "wonders": list(p.wonders), "obsolete": list(p.obsolete),
                "units": len(p.units), "culture_cards": len(p.culture_cards),
                # the backs show a unit card's type and a culture card's era
                "unit_types": sorted(D.UNIT_CARDS[u].type for u in p.units),
                "culture_levels": sorted(_CULTURE_LEVEL[c] for c in p.culture_cards),
                "great_people": len(p.great_people),
                "hand": ({"units": [D.UNIT_CARDS[u].type for u in p.units],
                          "culture_cards": list(p.culture_cards), "great_people": list(p.great_people)}
                         if mine else None),
            })
        return {
            "viewer": viewer, "round": s.round, "phase": s.phase, "selected": selected,
            "actor": getattr(top, "player", None) if top is not None else None, "start_player": s.start_player, "tiles": tiles,
            "figures": {_sq(pos): [f.owner, f.armies, f.scouts] for pos, f in sorted(b.figures.items())},
            "cities": {_sq(pos): {"owner": c.owner, "capital": c.capital, "walls": c.walls,
                                  "production": self.production(s, c.owner, pos),
                                  "trade": b.outskirts_trade(pos, c.owner),
                                  "culture": self.city_culture(s, c.owner, pos)}
                       for pos, c in sorted(b.cities.items())},
            "disasters": {_sq(pos): t for pos, t in sorted((b.disasters or {}).items())},
            "gather": {_sq(pos): _sq(c) for pos, c in sorted(s.gather.items())},
            "buildings_left": dict(s.buildings_left),
            "structures": {_sq(pos): [x.kind, x.name, x.owner] for pos, x in sorted(b.structures.items())},
            "markers": {_sq(pos): m[0] for pos, m in sorted(b.markers.items())},
            "players": players, "wonder_market": list(s.wonder_market),
            "wonder_deck": len(s.wonder_deck), "resource_pool": dict(s.resource_pool),
            "culture_decks": {lv: len(d) for lv, d in s.culture_decks.items()},
            "winner": s.winner, "victory": s.victory, "battle": self.battle_view(s, viewer),
            "log": [e.for_viewer(viewer) for e in s.log],
        }

    def battle_view(self, s: CivState, viewer: int | None) -> dict | None:
        """The battle as ``viewer`` sees it: the fronts open, each hand's types on their backs, his own
        hand's cards in full."""
        b = s.battle
        if b is None:
            return None
        sides = {}
        for sd in (ATT, DEF):
            mine = b.player(sd) == viewer
            sides[sd] = {
                "owner": b.owner(sd), "player": b.player(sd), "bonus": b.bonus[sd],
                "hand_types": sorted(D.UNIT_CARDS[c].type for c in b.hands[sd]),
                "hand": ([[c, describe(s, b, sd, c)] for c in sorted(b.hands[sd])] if mine else None),
                "killed": [describe(s, b, sd, c) for c in b.killed[sd]],
            }
        fronts = [{sd: {"card": f[sd][0], "text": describe(s, b, sd, f[sd][0], f[sd][1], i), "wounds": f[sd][1],
                        "name": unit_name(f[sd][0], b.ranks[sd].get(D.UNIT_CARDS[f[sd][0]].type, 1)),
                        "strength": front_strength(s, b, i, sd),
                        "type": D.UNIT_CARDS[f[sd][0]].type, "first": first_striker(s, b, i) == sd}
                        for sd in (ATT, DEF) if sd in f}
                  for i, f in enumerate(b.fronts)]
        top = s.steps[-1] if s.steps else None
        laying = top.card if isinstance(top, BattleFront) and top.player == viewer else None
        return {"square": _sq(b.pos), "kind": b.kind, "attacker": b.attacker, "defender": b.defender,
                "laying": laying,
                "armies": b.armies, "turn": b.turn, "sides": sides, "fronts": fronts, "totals": totals(s, b)}


class CityStart(Auto):
    """Each player's city management begins with his cities as they stand now."""

    def run(self, g, s):
        anarchy = s.players[self.player].government == D.ANARCHY    # the capital is idle
        cities = sorted(pos for pos, c in s.board.cities.items()
                        if c.owner == self.player and not (anarchy and c.capital))
        if cities:
            s.steps.append(CityTurn(self.player, cities))

    player: int


class DiscardCulture(Step):
    """Rule 52: over the hand limit, discard a culture card."""
    kind: ClassVar[str] = "discard"

    def prompt(self, g, s):
        return f"{s.names[self.player]}: too many culture cards; discard one"

    def options(self, g, s):
        return [Option(key("card", i), c, ("card", i), i) for i, c in enumerate(s.players[self.player].culture_cards)]

    def apply(self, g, s, o):
        p = s.players[self.player]
        card = p.culture_cards.pop(o.value)
        s.culture_discards.append((self.player, card))
        g._log(s, f"{s.names[self.player]} discards a culture card.", self.player,
               f"{s.names[self.player]} discards {card}.")


GAME = CivilizationGame()
__all__ = ["GAME", "CivilizationGame"]
