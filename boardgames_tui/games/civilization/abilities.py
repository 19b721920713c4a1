"""Civilization's tech and wonder abilities: their menus, their price in resources (and gift cards played
as one), Mass Media's and Writing's spies, Communism's frozen square, Steam Power at sea, Atomic Theory's
nuke, obsolete wonders and destroyed buildings and cities.
"""
from __future__ import annotations

from functools import lru_cache
from typing import TYPE_CHECKING, ClassVar, cast

from ...engine.core import Option
from ...engine.steps import Auto, Step, key, log
from ...engine.text import plural
from . import cards, cities, culture, data as D, management, movement, war
from .board import BUILDING, Figures, Pos, WONDER, neighbours
from .common import (PYRAMIDS, _CULTURE_LEVEL, _a, _sources, _sq, _where, ability_sources, coin_dial, culture_hand,
                     fit, stacking)
from .data_map import WATER
from .state import CivState, Player

if TYPE_CHECKING:
    from .rules import CivilizationGame


class SpyChance(Step):
    """Out of turn: a player whose tech lets a spy cancel what another player is doing (Writing: a city
    action; Mass Media: a resource ability) may pay a spy, or 2 resources through The Kremlin, to cancel
    it; once a round each.  Asked in turn order, behind a curtain."""
    kind: ClassVar[str] = "spy"
    may_be_empty: ClassVar[bool] = True
    by: int = 0
    source: str = ""         # the tech that cancels
    what: str = ""           # what ``by`` is doing, for the prompt
    ref: tuple = ()          # what ``s.cancelled`` holds when it is cancelled

    def prompt(self, g: CivilizationGame, s: CivState) -> str:
        return f"{s.names[self.player]}: {s.names[self.by]} {self.what}. Cancel it with {self.source}?"

    def options(self, g: CivilizationGame, s: CivState) -> list[Option]:
        if self.ref in s.cancelled:
            return []
        p = s.players[self.player]
        out = []
        way = spy_way(g, s, self.player)
        if self.source in p.techs and way is not None and (self.source, "cancel") not in p.used:
            price, short = ("a spy", "spy") if way == "spy" else ("2 resources through The Kremlin", "Kremlin")
            out.append(Option("cancel", fit(f"Cancel it with {self.source} ({price})",
                                            f"Cancel: {self.source} ({price})", f"Cancel: {self.source} ({short})"),
                              None, "spy"))
        if self.source == "Mass Media" and PRIMETIME_TV in p.culture_cards:   # the card cancels one too
            out.append(Option("card", f"Cancel it with {PRIMETIME_TV} (discarded)", None, "card"))
        # always asked once pushed (even with nothing to cancel with): skipping would tell the table
        out.append(Option("let", "Let it happen", None, None))
        return out

    def quiet(self, s: CivState, o: Option) -> bool:
        """Letting it happen changes no coins (``Civilization._apply``); what then happens runs as a
        step of its own."""
        return o.value is None

    def apply(self, g: CivilizationGame, s: CivState, o: Option) -> None:
        if o.value is None:
            return
        p = s.players[self.player]
        s.cancelled = s.cancelled | {self.ref}
        while s.steps and isinstance(s.steps[-1], SpyChance) and s.steps[-1].ref == self.ref:
            s.steps.pop()                    # the other chances are moot
        if o.value == "card":
            p.culture_cards.remove(PRIMETIME_TV)
            log(s, f"{s.names[self.player]} plays {PRIMETIME_TV} and cancels it.")
            return
        p.used = p.used | {(self.source, "cancel")}
        log(s, f"{s.names[self.player]} cancels it with {self.source}.")
        pay_spy(g, s, self.player)


class SeaFrom(Step):
    """Steam Power: which square's figures go to sea."""
    kind: ClassVar[str] = "sea_from"
    private: ClassVar[bool] = False
    may_be_empty: ClassVar[bool] = True

    def prompt(self, g: CivilizationGame, s: CivState) -> str:
        return f"{s.names[self.player]}: Steam Power: move the figures of which square to the water?"

    def options(self, g: CivilizationGame, s: CivState) -> list[Option]:
        return [Option(key("square", *pos), fit(f"The figures on {_where(s, pos)}", f"Figures on {_where(s, pos)}"),
                       ("square", pos), pos)
                for pos in sea_sources(g, s, self.player)]

    def apply(self, g: CivilizationGame, s: CivState, o: Option) -> None:
        s.steps.append(SeaTo(self.player, o.value))


class SeaTo(Step):
    """Steam Power: the water square they go to; they may not move again this round."""
    kind: ClassVar[str] = "sea_to"
    private: ClassVar[bool] = False
    may_be_empty: ClassVar[bool] = True
    origin: tuple = ()

    def prompt(self, g: CivilizationGame, s: CivState) -> str:
        return f"{s.names[self.player]}: Steam Power: to which water square?"

    def options(self, g: CivilizationGame, s: CivState) -> list[Option]:
        return [Option(key("square", *pos), f"Water {_sq(pos)}", ("square", pos), pos)
                for pos in sea_destinations(g, s, self.player, self.origin)]

    def apply(self, g: CivilizationGame, s: CivState, o: Option) -> None:
        sea_transport(g, s, self.player, self.origin, o.value)


class FreezeChance(Step):
    """Communism: when the movement phase begins, its holder may pay a spy (or 2 resources through The
    Kremlin) to pick a square no figure may leave this round (house reading of "may interrupt a move").
    Private: a gift card in his hand may be the spy."""
    kind: ClassVar[str] = "freeze"
    may_be_empty: ClassVar[bool] = True

    def prompt(self, g: CivilizationGame, s: CivState) -> str:
        return f"{s.names[self.player]}: Communism: freeze a square for this movement phase?"

    def options(self, g: CivilizationGame, s: CivState) -> list[Option]:
        p = s.players[self.player]
        squares = [(pos, f) for pos, f in sorted(s.board.figures.items())
                   if f.owner != self.player and pos not in s.frozen]
        if ("Communism", "freeze_square") in p.used or not squares:
            return []
        out = []
        if spy_way(g, s, self.player) is not None:
            out = [Option(key("freeze", *pos), fit(f"Freeze {_where(s, pos)} (figures of {s.names[f.owner]})",
                                                   f"Freeze {_sq(pos)} ({s.names[f.owner]})"),
                          ("square", pos), pos) for pos, f in squares]
        # asked even when he cannot pay after all (a gift card might have): skipping would tell the table
        out.append(Option("none", "Freeze nothing", None, None))
        return out

    def apply(self, g: CivilizationGame, s: CivState, o: Option) -> None:
        if o.value is None:
            return
        p = s.players[self.player]
        p.used = p.used | {("Communism", "freeze_square")}
        s.frozen = s.frozen | {o.value}
        log(s, f"{s.names[self.player]} freezes {_sq(o.value)}: no figure may leave it this round.")
        pay_spy(g, s, self.player)


class NukeTarget(Step):
    """Atomic Theory: the non-capital city destroyed with everything in its outskirts."""
    kind: ClassVar[str] = "nuke"
    private: ClassVar[bool] = False
    may_be_empty: ClassVar[bool] = True

    def prompt(self, g: CivilizationGame, s: CivState) -> str:
        return f"{s.names[self.player]}: Atomic Theory: which city is destroyed?"

    def options(self, g: CivilizationGame, s: CivState) -> list[Option]:
        return [Option(key("city", *pos), f"{s.names[c.owner]}'s city on {_sq(pos)}", ("square", pos), pos)
                for pos, c in sorted(s.board.cities.items()) if not c.capital]

    def apply(self, g: CivilizationGame, s: CivState, o: Option) -> None:
        destroy_city(g, s, o.value, by=self.player)


PRIMETIME_TV = "Primetime TV"      # cancels a culture event or a resource ability


class AbilityEffect(Auto):
    """An ability's effect, once its resources are paid and nobody cancelled it (Mass Media)."""
    player: int
    source: str
    tag: str
    city: object = None
    announce: bool = True

    def run(self, g: CivilizationGame, s: CivState) -> None:
        ref = (self.player, "ability", self.source, self.tag)
        if ref in s.cancelled:
            s.cancelled = s.cancelled - {ref}
            log(s, f"{s.names[self.player]}'s {self.source} is cancelled; its resources are lost.")
            return
        if self.announce:
            log(s, f"{s.names[self.player]} uses {self.source}.")
        ability_effect(g, s, self.player, self.source, self.tag, cast("Pos | None", self.city))


class PayResource(Step):
    """Which resource pays for an ability that takes any."""
    kind: ClassVar[str] = "pay"
    private: ClassVar[bool] = False
    source: str = ""

    def prompt(self, g: CivilizationGame, s: CivState) -> str:
        return f"{s.names[self.player]}: which resource pays for {self.source}?"

    def options(self, g: CivilizationGame, s: CivState) -> list[Option]:
        p = s.players[self.player]
        return ([Option(key("resource", r), f"Spend {r}", None, ("resource", r)) for r in sorted(set(p.resources))]
                + [Option(key("card", c), fit(f"Play {c} as a resource", f"Pay with {c}"), None, ("card", c))
                   for c in sorted(set(gifts(p)))])

    def apply(self, g: CivilizationGame, s: CivState, o: Option) -> None:
        if o.value[0] == "card":
            spend_gift(g, s, self.player, o.value[1])
        else:
            spend_resource(g, s, self.player, o.value[1])


class Gift(Step):
    """Another player of the giver's choice gains something: a coin (A Gift from Afar) or trade (Horseback
    Riding)."""
    kind: ClassVar[str] = "gift"
    private: ClassVar[bool] = False
    what: str = "coin"

    def prompt(self, g: CivilizationGame, s: CivState) -> str:
        return f"{s.names[self.player]}: who gains {self._amount()}?"

    def _amount(self) -> str:
        return "a coin" if self.what == "coin" else f"{D.HORSEBACK_GIFT_TRADE} trade"

    def options(self, g: CivilizationGame, s: CivState) -> list[Option]:
        return [Option(key("player", q), s.names[q], None, q) for q in range(s.n) if q != self.player]

    def apply(self, g: CivilizationGame, s: CivState, o: Option) -> None:
        q = s.players[o.value]
        if self.what == "coin":
            q.coins += D.GIFT_FROM_AFAR_COINS       # the economic victory is checked after every choice
        else:
            q.trade = min(D.TRADE_MAX, q.trade + D.HORSEBACK_GIFT_TRADE)
        log(s, f"{s.names[o.value]} gains {self._amount()}.")


class ObsoleteTarget(Step):
    """Monarchy (silk): obsolete an ancient wonder, or kill a random unit card of another player; Gunpowder
    (any 2 resources): obsolete an ancient or medieval wonder, or destroy any one building (section 4 §4).
    An obsolete wonder's ability stops; its marker stays on the map (section 4 §7); one in the market
    leaves it and the market refills."""
    kind: ClassVar[str] = "obsolete"
    private: ClassVar[bool] = False
    may_be_empty: ClassVar[bool] = True
    tag: str = ""

    def prompt(self, g: CivilizationGame, s: CivState) -> str:
        other = "kill a unit card" if self.tag == "obsolete_wonder_or_kill_unit" else "destroy a building"
        return f"{s.names[self.player]}: make a wonder obsolete, or {other}"

    def options(self, g: CivilizationGame, s: CivState) -> list[Option]:
        eras = (D.ANCIENT,) if self.tag == "obsolete_wonder_or_kill_unit" else (D.ANCIENT, D.MEDIEVAL)
        out = []
        for q, p in enumerate(s.players):
            for w in p.wonders:
                if D.WONDER_INDEX[w].era in eras:
                    out.append(Option(key("wonder", w), fit(f"Make {s.names[q]}'s {w} obsolete",
                                                           f"Obsolete: {s.names[q]}'s {w}", f"Obsolete {w}"),
                                      None, ("wonder", w, q)))
        for w in s.wonder_market:
            if D.WONDER_INDEX[w].era in eras:
                out.append(Option(key("wonder", w), fit(f"Make {w} in the market obsolete",
                                                       f"Obsolete {w} (market)", f"Obsolete {w}"),
                                  None, ("wonder", w, None)))
        if self.tag == "obsolete_wonder_or_kill_unit":
            out += [Option(key("units", q), fit(f"Kill a random unit card of {s.names[q]} ({len(p.units)} held)",
                                                      f"Kill a unit of {s.names[q]} ({len(p.units)} held)",
                                                      f"Kill a unit of {s.names[q]}"),
                           None, ("units", q)) for q, p in enumerate(s.players) if q != self.player and p.units]
        else:
            out += [Option(key("building", *pos), fit(f"Destroy {st.name} on {_sq(pos)} ({s.names[st.owner]}'s)",
                                                             f"Destroy {st.name} on {_sq(pos)}"),
                           ("square", pos), ("building", pos))
                    for pos, st in sorted(s.board.structures.items()) if st.kind == BUILDING]
        return out

    def apply(self, g: CivilizationGame, s: CivState, o: Option) -> None:
        v = o.value
        if v[0] == "wonder":
            make_obsolete(g, s, v[1], v[2])
        elif v[0] == "units":
            kill_random_unit(g, s, self.player, v[1])
        else:
            destroy_building(g, s, self.player, v[1])


class FreeFigure(Step):
    """The Hanging Gardens: a figure built free in the wonder's square."""
    kind: ClassVar[str] = "free_figure"
    private: ClassVar[bool] = False
    may_be_empty: ClassVar[bool] = True
    at: tuple = ()

    def prompt(self, g: CivilizationGame, s: CivState) -> str:
        return f"{s.names[self.player]}: which figure do the Hanging Gardens give?"

    def options(self, g: CivilizationGame, s: CivState) -> list[Option]:
        p = s.players[self.player]
        if not movement.can_stand(g, s, self.player, self.at, True):
            return []
        return [Option(key("build", w), f"A free {w} on {_sq(self.at)}", ("square", self.at), w)
                for w, left in (("army", p.armies), ("scout", p.scouts)) if left > 0]

    def apply(self, g: CivilizationGame, s: CivState, o: Option) -> None:
        movement.put_figure(g, s, self.player, self.at, o.value)
        log(s, f"{s.names[self.player]} gains a free {o.value} from the Hanging Gardens.")


class FreeWalls(Step):
    """The Great Wall: free city walls in one of your cities."""
    kind: ClassVar[str] = "walls"
    private: ClassVar[bool] = False
    may_be_empty: ClassVar[bool] = True

    def prompt(self, g: CivilizationGame, s: CivState) -> str:
        return f"{s.names[self.player]}: which city gets walls?"

    def options(self, g: CivilizationGame, s: CivState) -> list[Option]:
        return [Option(key("city", *c), f"The city on {_sq(c)}", ("square", c), c)
                for c, x in sorted(s.board.cities.items()) if x.owner == self.player and not x.walls]

    def apply(self, g: CivilizationGame, s: CivState, o: Option) -> None:
        s.board.cities[o.value].walls = True
        log(s, f"{s.names[self.player]} walls the city on {_sq(o.value)}.")


# ====================================================================== battle abilities, hand limit, losses
def battle_abilities(g: CivilizationGame, s: CivState, q: int) -> list:
    """(source, ability) of the player's battle abilities he can pay for now (war.ACTIVE)."""
    p = s.players[q]
    return [(src, ab) for src, ab in ability_sources(p)
            if ab.when == D.BATTLE and ab.tag in war.ACTIVE and _can_pay(g, p, ab)]


def mass_media_chances(g: CivilizationGame, s: CivState, q: int, source: str, tag: str) -> list:
    """The out-of-turn chances to cancel ``q``'s resource ability (Mass Media, Primetime TV)."""
    return [SpyChance(x, q, "Mass Media", f"uses {source}", (q, "ability", source, tag))
            for x in reversed(spy_holders(g, s, q, "Mass Media"))]


def pay_ability(g: CivilizationGame, s: CivState, q: int, ab: D.Ability) -> None:
    if ab.resource is None:                 # an ability that costs no resource
        return
    for _ in range(ab.count):
        spend_resource(g, s, q, ab.resource)


def coin_total(g: CivilizationGame, s: CivState, q: int) -> int:
    return coin_dial(g, s, q)


def hand_limit(g: CivilizationGame, s: CivState, q: int) -> None:
    """Over the culture hand limit: he discards down to it."""
    for _ in range(len(s.players[q].culture_cards) - culture_hand(g, s, q)):
        s.steps.append(culture.DiscardCulture(q))


def make_obsolete(g: CivilizationGame, s: CivState, wonder: str, owner: int | None) -> None:
    """The wonder's ability stops for good: an owner's goes to his obsolete list (its marker stays and
    keeps its icons), one in the market leaves the game and the market refills (section 4 §7)."""
    if owner is None:
        s.wonder_market.remove(wonder)
        if s.wonder_deck:
            s.wonder_market.append(s.wonder_deck.draw(s.rng))
        log(s, f"{wonder} in the market becomes obsolete and leaves the game.")
        return
    p = s.players[owner]
    p.wonders.remove(wonder)
    p.obsolete = list(p.obsolete) + [wonder]
    log(s, f"{s.names[owner]}'s {wonder} becomes obsolete.")
    if wonder == PYRAMIDS:
        cities.pyramids_lost(g, s, owner)


def kill_random_unit(g: CivilizationGame, s: CivState, by: int, victim: int) -> None:
    """Monarchy: a random card of the victim's standing forces is killed, out of the game (rule 76)."""
    p = s.players[victim]
    card = p.units.pop(s.rng.randrange(len(p.units)))
    log(s, f"{s.names[by]} kills one of {s.names[victim]}'s unit cards: {_a(D.UNIT_CARDS[card].type)}.")


def destroy_building(g: CivilizationGame, s: CivState, by: int, pos: Pos) -> None:
    """A building leaves the map and its marker goes back to the market (row 21)."""
    st = s.board.structures.pop(pos)
    s.buildings_left[D.BUILDING_INDEX[st.name].basic or st.name] += 1
    log(s, f"{s.names[by]} destroys {s.names[st.owner]}'s {st.name} on {_sq(pos)}.")


# ====================================================================== tech and wonder abilities
_ABILITIES = {"city_production", "gain_culture", "gain_trade_gift", "random_great_person", "coin_on_card",
              "buy_coin_with_trade", "buy_coin_with_culture", "gain_trade", "take_market_resources",
              "copy_tech", "free_walls", "free_figure", "extra_city_actions", "sea_transport", "nuke_city",
              "obsolete_wonder_or_kill_unit", "obsolete_wonder_or_destroy_building"}


def ability_options(g: CivilizationGame, s: CivState, player: int, when: str) -> list[Option]:
    """Abilities of the player's techs and wonders usable now: each once a round (house rule), its
    resources in hand (section 4 §4, §7)."""
    p = s.players[player]
    out = []
    for source, ab in _usable(tuple(p.techs), tuple(p.wonders), when):
        if (source, ab.tag) in p.used:
            continue
        if not _can_pay(g, p, ab) or not _ability_useful(g, s, player, source, ab):
            continue
        out.append(_ability_option(source, ab))
    return out


@lru_cache(maxsize=1024)
def _ability_option(source: str, ab: D.Ability) -> Option:
    """An ability's option, the same every time it is offered."""
    price = f" ({ab.count} {ab.resource})" if ab.resource else ""
    return Option(key("ability", source, ab.tag), fit(f"{source}: {ab.text}{price}", f"Use {source}{price}",
                                                      f"{source}{price}", source), None,
                  ("ability", source, ab.tag))


@lru_cache(maxsize=4096)
def _usable(techs: tuple, wonders: tuple, when: str) -> tuple:
    """The (source, ability) pairs of these techs and wonders that are used in phase ``when``: every
    menu asks, and the lists change a few times a game."""
    return tuple((src, ab) for src, ab in _sources(techs, wonders)[0] if ab.when == when and ab.tag in _ABILITIES)


def gifts(p: Player, res: str | None = None) -> list[str]:
    """Culture cards in hand that can act as ``res`` (any resource when None): A Gift from Afar and kin."""
    return [c for c in p.culture_cards if c in D.GIFT_RESOURCES and (res is None or res in D.GIFT_RESOURCES[c])]


def _can_pay(g: CivilizationGame, p: Player, ab: D.Ability) -> bool:
    if ab.resource is None:
        return True
    if ab.resource == D.ANY_RESOURCE:
        return len(p.resources) + len(gifts(p)) >= ab.count
    return p.resources.count(ab.resource) + len(gifts(p, ab.resource)) >= ab.count


def _ability_useful(g: CivilizationGame, s: CivState, player: int, source: str, ab: D.Ability) -> bool:
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
        return any(cards.swappable(g, s, player, q, 5) for q in range(s.n) if q != player)
    if tag == "free_walls":
        return any(not c.walls for c in s.board.cities.values() if c.owner == player)
    if tag == "sea_transport":
        return bool(sea_sources(g, s, player))
    if tag == "nuke_city":
        return any(not c.capital for c in s.board.cities.values())
    if tag in ("obsolete_wonder_or_kill_unit", "obsolete_wonder_or_destroy_building"):
        return bool(ObsoleteTarget(player, tag).options(g, s))
    if tag == "free_figure":             # The Hanging Gardens: not in round 1
        at = wonder_square(g, s, source)
        return (s.round > 1 and at is not None and bool(p.armies or p.scouts)
                and movement.can_stand(g, s, player, at, True))
    return True


def wonder_square(g: CivilizationGame, s: CivState, name: str) -> Pos | None:
    return next((pos for pos, st in s.board.structures.items() if st.kind == WONDER and st.name == name), None)


def use_ability(g: CivilizationGame, s: CivState, player: int, source: str, tag: str, city: Pos | None = None) -> None:
    p = s.players[player]
    ab = next(a for src, a in ability_sources(p) if src == source and a.tag == tag)
    p.used = p.used | {(source, tag)}
    name = s.names[player]
    # Mass Media: a resource ability may be cancelled by another player's spy; its resources are lost
    holders = spy_holders(g, s, player, "Mass Media") if ab.resource else []
    chances = [SpyChance(q, player, "Mass Media", f"uses {source}", (player, "ability", source, tag))
               for q in reversed(holders)]
    if ab.resource == D.ANY_RESOURCE:
        s.steps.append(AbilityEffect(player, source, tag, city))
        s.steps.extend(chances)
        for _ in range(ab.count):
            s.steps.append(PayResource(player, source))
        return
    for _ in range(ab.count):
        spend_resource(g, s, player, ab.resource)
    log(s, f"{name} uses {source}" + (f" ({ab.count} {ab.resource})." if ab.resource else "."))
    if chances:
        s.steps.append(AbilityEffect(player, source, tag, city, announce=False))
        s.steps.extend(chances)
        return
    ability_effect(g, s, player, source, tag, city)


# ====================================================================== spies
def spy_way(g: CivilizationGame, s: CivState, player: int) -> str | None:
    """How ``player`` can pay a spy now: "spy" (the resource, or a gift card that acts as one),
    "kremlin" (any 2 resources through The Kremlin, once a round) or None."""
    p = s.players[player]
    if D.SPY in p.resources or gifts(p, D.SPY):
        return "spy"
    if ("The Kremlin" in p.wonders and ("The Kremlin", "resources_as_spy") not in p.used
            and len(p.resources) + len(gifts(p)) >= 2):
        return "kremlin"
    return None


def spy_public(p: Player) -> bool:
    """He can pay a spy by what everybody sees: a spy resource, or 2 resources and The Kremlin."""
    return D.SPY in p.resources or ("The Kremlin" in p.wonders and len(p.resources) >= 2
                                    and ("The Kremlin", "resources_as_spy") not in p.used)


def pay_spy(g: CivilizationGame, s: CivState, player: int) -> None:
    """A spy if he holds one, else 2 resources of his choice through The Kremlin."""
    if spy_way(g, s, player) == "spy":
        spend_resource(g, s, player, D.SPY)
        return
    p = s.players[player]
    p.used = p.used | {("The Kremlin", "resources_as_spy")}
    log(s, f"{s.names[player]} pays 2 resources for a spy (The Kremlin).")
    for _ in range(2):
        s.steps.append(PayResource(player, "The Kremlin"))


def spy_holders(g: CivilizationGame, s: CivState, by: int, tech: str) -> list[int]:
    """The other players, in turn order after ``by``, who are asked whether they cancel with ``tech``
    (or, for a resource ability, with Primetime TV).  Who is asked rests on what everybody sees, so
    that being asked, or not, gives nothing away: a player with the tech, unused this round, who can
    pay a spy in the open (a spy, The Kremlin) or might with a gift card (any culture card in hand:
    there is a gift of every level); for Primetime TV, anyone holding a level-3 card.  A player who
    turns out unable is offered only to let it happen."""
    order = g.order(s)
    i = order.index(by)
    out = []
    for q in order[i + 1:] + order[:i]:
        p = s.players[q]
        able = tech in p.techs and (tech, "cancel") not in p.used and (
            spy_public(p) or bool(p.culture_cards))
        tv = tech == "Mass Media" and any(_CULTURE_LEVEL[c] == _CULTURE_LEVEL[PRIMETIME_TV]
                                          for c in p.culture_cards)
        if able or tv:
            out.append(q)
    return out


# ====================================================================== Steam Power, Atomic Theory
def sea_sources(g: CivilizationGame, s: CivState, player: int) -> list[Pos]:
    return [pos for pos, f in sorted(s.board.figures.items())
            if f.owner == player and pos not in s.frozen and sea_destinations(g, s, player, pos)]


def sea_destinations(g: CivilizationGame, s: CivState, player: int, origin: Pos) -> list[Pos]:
    """Explored water squares without a city or another player's figure, within the stacking limit."""
    b = s.board
    moving = b.figures[origin].count()
    limit = stacking(s.players[player])
    out = []
    for pos in b.explored():
        sq = b.square(pos)
        if pos == origin or sq is None or sq.terrain != WATER or pos in b.cities or b.enemy_figures(pos, player):
            continue
        here = b.figures.get(pos)
        if (here.count() if here is not None else 0) + moving <= limit:
            out.append(pos)
    return out


def sea_transport(g: CivilizationGame, s: CivState, player: int, origin: Pos, dest: Pos) -> None:
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
    log(s, f"{s.names[player]}'s figures on {_sq(origin)} go by sea to {_sq(dest)} (Steam Power); "
           f"they may not move again this round.")


def destroy_city(g: CivilizationGame, s: CivState, pos: Pos, by: int) -> None:
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
                war.lose_wonder(g, s, st.owner, st.name)
        war.send_home(s, n)
    s.gather = {k: v for k, v in s.gather.items() if v != pos and k in b.figures}
    s.boost = {k: v for k, v in s.boost.items() if k != pos}
    log(s, f"{s.names[by]} destroys {s.names[city.owner]}'s city on {_sq(pos)} and all around it "
           f"(Atomic Theory).")


def spend_resource(g: CivilizationGame, s: CivState, player: int, res: str) -> None:
    """Spent resources go back to the market (row 8); hut and village finds of other kinds leave.  Without
    the resource itself, a culture card that acts as one pays (and is discarded)."""
    p = s.players[player]
    if res not in p.resources:
        spend_gift(g, s, player, gifts(p, res)[0])
        return
    p.resources.remove(res)
    if res in s.resource_pool:
        s.resource_pool[res] += 1


def spend_gift(g: CivilizationGame, s: CivState, player: int, card: str) -> None:
    s.players[player].culture_cards.remove(card)
    log(s, f"{s.names[player]} plays {card} as a resource.")
    if card == "A Gift from Afar" and s.n > 1:        # another player of his choice gains a coin
        s.steps.append(Gift(player, "coin"))


def ability_effect(g: CivilizationGame, s: CivState, player: int, source: str, tag: str, city: Pos | None) -> None:
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
        log(s, f"{name} gains a great person.", player, f"{name} gains a great {gp}.")
    elif tag in ("coin_on_card", "buy_coin_with_trade", "buy_coin_with_culture"):
        if tag == "buy_coin_with_trade":
            p.trade -= ab.amount
        elif tag == "buy_coin_with_culture":
            p.culture -= ab.amount
        p.card_coins = {**p.card_coins, source: p.card_coins.get(source, 0) + 1}
        log(s, f"{name} puts a coin on {source} ({plural(coin_dial(g, s, player), 'coin')}).")
    elif tag == "take_market_resources":
        for r in sorted(s.resource_pool):
            if s.resource_pool[r] > 0:
                s.resource_pool[r] -= 1
                p.resources.append(r)
    elif tag == "copy_tech":
        s.steps.append(war.LootTech(player, -1))        # Statue of Liberty: from any other player
    elif tag == "free_walls":
        s.steps.append(FreeWalls(player))
    elif tag == "free_figure":
        at = wonder_square(g, s, source)
        assert at is not None, source      # offered only with the wonder on the map
        s.steps.append(FreeFigure(player, at))
    elif tag == "sea_transport":
        s.steps.append(SeaFrom(player))
    elif tag == "nuke_city":
        s.steps.append(NukeTarget(player))
    elif tag in ("obsolete_wonder_or_kill_unit", "obsolete_wonder_or_destroy_building"):
        s.steps.append(ObsoleteTarget(player, tag))
    elif tag == "extra_city_actions":     # Atomic Theory: every city acts once more this turn
        turn = next((st for st in reversed(s.steps)
                     if isinstance(st, management.CityTurn) and st.player == player), None)
        if turn is not None:
            turn.todo = list(turn.todo) + sorted(c for c, x in s.board.cities.items() if x.owner == player)
