"""Civilization's culture event cards: when each may be played, its targets, the cards that cancel it
(asked out of turn) and its effect; and ``swappable``, the techs one player may learn from another.
"""
from __future__ import annotations

from functools import lru_cache
from collections.abc import Iterator
from typing import TYPE_CHECKING, Any, ClassVar

from ...engine.core import Option
from ...engine.steps import Auto, Step, key, log
from . import abilities, culture, data as D, movement, war
from .board import BUILDING, Figures, GREAT_PERSON, Pos
from .common import PYRAMIDS, _figures, _sq, _two, _where, anarchy_immune, fit, pyramid_counts
from .data_map import VILLAGE, WATER
from .state import CivState

if TYPE_CHECKING:
    from .rules import CivilizationGame


class CardTarget(Step):
    """The target of a culture card just played: a player, a square or a building."""
    kind: ClassVar[str] = "card_target"
    private: ClassVar[bool] = False
    card: str = ""
    left: int = 1            # targets still to pick (Disaster: up to 2)

    def prompt(self, g: CivilizationGame, s: CivState) -> str:
        return f"{s.names[self.player]} plays {self.card}: {D.CULTURE_CARD_INDEX[self.card].ability.text}"

    def options(self, g: CivilizationGame, s: CivState) -> list[Option]:
        out = [Option(key("target", *t) if isinstance(t, tuple) else key("target", t), label, tgt, t)
               for t, label, tgt in card_targets(g, s, self.player, self.card)]
        if self.left < _MAX_TARGETS.get(D.CULTURE_CARD_INDEX[self.card].ability.tag, 1):
            out.append(Option("enough", "No more targets", None, None))
        return out

    def apply(self, g: CivilizationGame, s: CivState, o: Option) -> None:
        if o.value is None:
            return
        if self.left > 1:
            s.steps.append(CardTarget(self.player, self.card, self.left - 1))
        aim_card(g, s, self.player, self.card, o.value)

    def on_empty(self, g: CivilizationGame, s: CivState) -> None:
        log(s, f"{self.card} finds no target.")


class DisplaceTo(Step):
    """Where the displaced figures go (Disoriented and kin)."""
    kind: ClassVar[str] = "displace"
    private: ClassVar[bool] = False
    may_be_empty: ClassVar[bool] = True
    origin: tuple = ()
    reach: int = 2

    def prompt(self, g: CivilizationGame, s: CivState) -> str:
        f = s.board.figures[self.origin]
        return f"{s.names[self.player]}: where do {s.names[f.owner]}'s figures on {_sq(self.origin)} go?"

    def options(self, g: CivilizationGame, s: CivState) -> list[Option]:
        return [Option(key("square", *n), f"To {_where(s, n)}", ("square", n), n)
                for n in movement.displace_squares(g, s, self.origin, self.reach)]

    def apply(self, g: CivilizationGame, s: CivState, o: Option) -> None:
        b = s.board
        f = b.figures.pop(self.origin)
        here = b.figures.get(o.value)
        b.figures[o.value] = Figures(f.owner, f.armies + (here.armies if here else 0),
                                     f.scouts + (here.scouts if here else 0))
        if self.origin in s.gather:
            s.gather = {k: v for k, v in s.gather.items() if k != self.origin}
        log(s, f"{s.names[f.owner]}'s {_figures(f.armies, f.scouts)} on {_sq(self.origin)} "
               f"{'is' if f.count() == 1 else 'are'} moved to {_sq(o.value)}.")


class CardEffect(Auto):
    """A culture card's effect, once nobody cancelled it."""
    player: int
    card: str
    target: object = None

    def run(self, g: CivilizationGame, s: CivState) -> None:
        if (self.player, self.card, self.target) in s.cancelled:
            s.cancelled = s.cancelled - {(self.player, self.card, self.target)}
            return
        card_effect(g, s, self.player, self.card, self.target)


class CancelChance(Step):
    """Out of turn: a player holding a cancelling card may cancel an event (Bread and Circuses: one aimed
    at him; Jousting Tourney, Primetime TV: any)."""
    kind: ClassVar[str] = "cancel"
    may_be_empty: ClassVar[bool] = True
    by: int = 0
    card: str = ""
    target: object = None

    def prompt(self, g: CivilizationGame, s: CivState) -> str:
        return f"{s.names[self.player]}: {s.names[self.by]} plays {self.card}. Cancel it?"

    def options(self, g: CivilizationGame, s: CivState) -> list[Option]:
        out = [Option(key("cancel", c), fit(f"Cancel it with {c}", f"Cancel: {c}"), None, c)
               for c in cancel_cards(g, s, self.player, self.by, self.card, self.target)]
        if out:
            out.append(Option("let", "Let it happen", None, None))
        return out

    def apply(self, g: CivilizationGame, s: CivState, o: Option) -> None:
        if o.value is None:
            return
        p = s.players[self.player]
        s.cancelled = s.cancelled | {(self.by, self.card, self.target)}
        # the other chances are moot: drop them
        while s.steps and isinstance(s.steps[-1], CancelChance):
            s.steps.pop()
        log(s, f"{s.names[self.player]} plays {o.value} and cancels {self.card}.")
        if o.value == "Civil Service":          # a spy (or 2 resources through The Kremlin), once a round
            p.used = p.used | {("Civil Service", "cancel")}
            abilities.pay_spy(g, s, self.player)
        else:
            p.culture_cards.remove(o.value)


class TechSwap(Step):
    """Exchange of Ideas and its kin: the card's player learns one of the other's techs, then the other one
    of his (two of these steps, the reply below)."""
    kind: ClassVar[str] = "tech_swap"
    private: ClassVar[bool] = False
    other: int = 0
    level: int = 1

    def prompt(self, g: CivilizationGame, s: CivState) -> str:
        return f"{s.names[self.player]}: learn one of {s.names[self.other]}'s techs (level {self.level} or lower)"

    def options(self, g: CivilizationGame, s: CivState) -> list[Option]:
        return [Option(key("tech", t), t, ("tech", t), t) for t in swappable(g, s, self.player, self.other, self.level)]

    def apply(self, g: CivilizationGame, s: CivState, o: Option) -> None:
        culture.learn(g, s, self.player, o.value, free=True)

    def on_empty(self, g: CivilizationGame, s: CivState) -> None:
        log(s, f"{s.names[self.player]} has nothing to learn from {s.names[self.other]}.")


_MAX_TARGETS = {"destroy_buildings_anywhere": 2}
_CANCEL_OWN = {"cancel_event_on_you"}
_CANCEL_ANY = {"cancel_event", "cancel_event_or_resource_ability"}


# ====================================================================== culture event cards
_PLAYABLE = {"city_production", "force_anarchy", "tech_swap", "destroy_building", "destroy_buildings_anywhere",
             "terrain_to_desert", "forest_to_grassland", "terrain_to_water", "place_village", "kill_figures",
             "displace_group", "barbarian_attack"}


def card_options(g: CivilizationGame, s: CivState, player: int, when: str) -> list[Option]:
    """Culture cards the player may play now (rule 52: "now or later, as it says")."""
    out = []
    for c in sorted(set(s.players[player].culture_cards)):
        ab = D.CULTURE_CARD_INDEX[c].ability
        if ab.when == when and ab.tag in _PLAYABLE and (
                ab.tag == "city_production" or has_target(g, s, player, c)):
            out.append(_card_option(c))
    return out


@lru_cache(maxsize=256)
def _card_option(c: str) -> Option:
    """Playing a culture card: the same option every time."""
    ab = D.CULTURE_CARD_INDEX[c].ability
    return Option(key("card", c), fit(f"Play {c}: {ab.text}", f"Play {c}", f"Play {c.removeprefix('The ')}",
                                      c.removeprefix('The ')), None, ("card", c))


def play_card(g: CivilizationGame, s: CivState, player: int, card: str, city: Pos | None = None) -> None:
    p = s.players[player]
    p.culture_cards.remove(card)
    ab = D.CULTURE_CARD_INDEX[card].ability
    log(s, f"{s.names[player]} plays {card}.")
    if ab.tag == "city_production":
        assert city is not None, card       # offered only with the city that acts
        s.boost = {**s.boost, city: s.boost.get(city, 0) + ab.amount}
        log(s, f"The city on {_sq(city)} has {ab.amount} more production this turn.")
        return
    s.steps.append(CardTarget(player, card, _MAX_TARGETS.get(ab.tag, 1)))


def aim_card(g: CivilizationGame, s: CivState, player: int, card: str, target: Any) -> None:
    """The event is aimed: it happens unless somebody holding a cancelling card cancels it; the
    chances go round in turn order (out of turn, on the step stack)."""
    s.steps.append(CardEffect(player, card, target))
    for q in reversed(g.order(s)):
        if q != player and cancel_cards(g, s, q, player, card, target):
            s.steps.append(CancelChance(q, player, card, target))
    if any(p.culture_cards for q, p in enumerate(s.players) if q != player):
        s.rng.reveal()      # whether anyone is asked shows whether he holds a cancelling card


def aimed_at(g: CivilizationGame, s: CivState, card: str, target: Any) -> int | None:
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


def cancel_cards(g: CivilizationGame, s: CivState, player: int, by: int, card: str, target: Any) -> list[str]:
    """Culture cards that may cancel the event, and Civil Service (a spy, once a round)."""
    p = s.players[player]
    out = []
    for c in sorted(set(p.culture_cards)):
        tag = D.CULTURE_CARD_INDEX[c].ability.tag
        if tag in _CANCEL_ANY or (tag in _CANCEL_OWN and aimed_at(g, s, card, target) == player):
            out.append(c)
    if "Civil Service" in p.techs and ("Civil Service", "cancel") not in p.used and abilities.spy_way(g, s, player):
        out.append("Civil Service")
    return out


def _near(g: CivilizationGame, s: CivState, player: int, pos: Pos, reach: int) -> bool:
    """Within ``reach`` squares of one of the player's cities or figures (0: anywhere)."""
    if reach <= 0:
        return True
    mine = [c for c, x in s.board.cities.items() if x.owner == player]
    mine += [f for f, x in s.board.figures.items() if x.owner == player]
    return any(abs(pos[0] - m[0]) + abs(pos[1] - m[1]) <= reach for m in mine)


def card_targets(g: CivilizationGame, s: CivState, player: int, card: str) -> list[tuple]:
    """(target, label, widget hint) for a card: house readings of the research's card texts."""
    return list(_targets(g, s, player, card))


def has_target(g: CivilizationGame, s: CivState, player: int, card: str) -> bool:
    """``card_targets`` is not empty: found at the first, as every menu asks it of every card in hand."""
    return next(_targets(g, s, player, card), None) is not None


def _targets(g: CivilizationGame, s: CivState, player: int, card: str) -> Iterator[tuple]:
    ab = D.CULTURE_CARD_INDEX[card].ability
    b = s.board
    if ab.tag == "force_anarchy":
        yield from ((q, f"{s.names[q]} ({s.players[q].government})", None) for q in range(s.n)
                        if q != player and s.players[q].government != D.ANARCHY
                        and not anarchy_immune(s.players[q]))          # The Pyramids: immune
    elif ab.tag == "tech_swap":
        yield from ((q, f"{s.names[q]}", None) for q in range(s.n)
                        if q != player and swappable(g, s, player, q, ab.amount))
    elif ab.tag in ("destroy_building", "destroy_buildings_anywhere"):
        reach = ab.amount if ab.tag == "destroy_building" else 0
        yield from ((pos, f"{st.name} of {s.names[st.owner]} on {_sq(pos)}", ("square", pos))
                        for pos, st in sorted(b.structures.items())
                        if st.kind == BUILDING and st.owner != player and _near(g, s, player, pos, reach))
    elif ab.tag in ("terrain_to_desert", "forest_to_grassland", "terrain_to_water"):
        for pos, sq in b.squares().items():          # explored() with each square, in its order
            if pos in b.cities or (pos in b.structures and b.structures[pos].kind != GREAT_PERSON):
                continue
            if ab.tag == "forest_to_grassland" and sq.terrain != "forest":
                continue
            barred = ("mountain", WATER if ab.tag == "terrain_to_water" else "desert")
            if ab.tag != "forest_to_grassland" and sq.terrain in barred:
                continue
            if ab.tag == "terrain_to_water" and (pos in b.figures or pos in b.markers or pos in b.structures):
                continue
            yield (pos, f"Square {_sq(pos)} ({sq.terrain})", ("square", pos))
    elif ab.tag == "kill_figures":
        # Defection within 4 (1 figure), Mass Defection within 6 and Wholesale anywhere (a great person,
        # or up to 2 figures of one square): of another player, near one of the card player's cities or
        # figures, counted in orthogonal steps (house reading, as Sabotage)
        two = card != "Defection"
        for pos, f in sorted(b.figures.items()):
            if f.owner == player or not _near(g, s, player, pos, ab.amount):
                continue
            if two:
                yield ((*pos, "figures"), f"{s.names[f.owner]}'s {_figures(*_two(f))} on {_sq(pos)}",
                       ("square", pos))
            else:
                yield from (((*pos, what), f"{s.names[f.owner]}'s {what} on {_sq(pos)}", ("square", pos))
                            for what, n in (("army", f.armies), ("scout", f.scouts)) if n)
        if two:
            yield from (((*pos, "great_person"), f"{s.names[st.owner]}'s great {st.name} on {_sq(pos)}",
                         ("square", pos))
                        for pos, st in sorted(b.structures.items())
                        if st.kind == GREAT_PERSON and st.owner != player and _near(g, s, player, pos, ab.amount))
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
                yield (pos, fit(f"{s.names[owner]}'s {what} on {_sq(pos)} (from the village on {_sq(near[0])})",
                           f"{s.names[owner]}'s {what} on {_sq(pos)}"),
                       ("square", pos))
    elif ab.tag == "displace_group":
        yield from ((pos, fit(f"{s.names[f.owner]}: {_figures(f.armies, f.scouts)} on {_sq(pos)}",
                             f"{s.names[f.owner]}'s group on {_sq(pos)}"), ("square", pos))
                        for pos, f in sorted(b.figures.items())
                        if f.owner != player and pos not in b.cities
                        and movement.displace_squares(g, s, pos, ab.amount))
    elif ab.tag == "place_village" and s.villages:
        for pos, sq in b.squares().items():
            if (sq.terrain != WATER and pos not in b.figures and pos not in b.markers
                    and pos not in b.structures and pos not in b.cities and b.city_of(pos) is None):
                yield (pos, f"Square {_sq(pos)}", ("square", pos))


def swappable(g: CivilizationGame, s: CivState, learner: int, source: int, level: int) -> list[str]:
    """Techs of ``source``'s, level ``level`` or lower, that ``learner`` lacks and has room for."""
    lp = s.players[learner]
    counts = pyramid_counts(lp)
    return sorted(t for t in s.players[source].techs if t not in lp.techs
                  and D.TECH_INDEX[t].level <= level and D.pyramid_room(counts, D.TECH_INDEX[t].level))


def card_effect(g: CivilizationGame, s: CivState, player: int, card: str, target: Any) -> None:
    ab = D.CULTURE_CARD_INDEX[card].ability
    b = s.board
    if ab.tag == "force_anarchy":
        q = s.players[target]
        if anarchy_immune(q):
            log(s, f"{s.names[target]} is immune to Anarchy ({PYRAMIDS}).")
        elif q.government != D.ANARCHY:
            # house rule: he returns to his government after the round of Anarchy
            q.pending_government, q.government = q.pending_government or q.government, D.ANARCHY
            log(s, f"{s.names[target]} falls into Anarchy.")
    elif ab.tag == "tech_swap":
        s.steps.append(TechSwap(target, player, ab.amount))
        s.steps.append(TechSwap(player, target, ab.amount))
    elif ab.tag in ("destroy_building", "destroy_buildings_anywhere"):
        st = b.structures.get(target)
        if st is not None and st.kind == BUILDING:
            abilities.destroy_building(g, s, player, target)
    elif ab.tag in ("terrain_to_desert", "forest_to_grassland", "terrain_to_water"):
        terrain = {"terrain_to_desert": "desert", "forest_to_grassland": "grassland",
                   "terrain_to_water": WATER}[ab.tag]
        b.disasters = {**(b.disasters or {}), target: terrain}
        log(s, f"The square {_sq(target)} becomes {terrain}.")
    elif ab.tag == "place_village":
        b.markers[target] = (VILLAGE, s.villages.draw(s.rng))
        log(s, f"A village appears on {_sq(target)}.")
    elif ab.tag == "kill_figures":
        pos, what = target[:2], target[2]
        if what == "great_person":
            st = b.structures.get(pos)
            if st is not None and st.kind == GREAT_PERSON:
                del b.structures[pos]                    # killed: out of the game
                log(s, f"{s.names[st.owner]}'s great {st.name} on {_sq(pos)} is killed.")
            return
        f = b.figures.get(pos)
        if f is None:
            return
        armies, scouts = _two(f) if what == "figures" else ((1, 0) if what == "army" else (0, 1))
        armies, scouts = min(armies, f.armies), min(scouts, f.scouts)
        for _ in range(armies):
            movement.take_figure(g, s, pos, "army")
        for _ in range(scouts):
            movement.take_figure(g, s, pos, "scout")
        s.players[f.owner].armies += armies
        s.players[f.owner].scouts += scouts
        if pos not in b.figures:
            s.gather = {k: v for k, v in s.gather.items() if k != pos}
        log(s, f"{s.names[f.owner]}'s {_figures(armies, scouts)} on {_sq(pos)} "
               f"{'is' if armies + scouts == 1 else 'are'} killed.")
    elif ab.tag == "barbarian_attack":
        villages = sorted(pos for pos, m in b.markers.items() if m[0] == VILLAGE
                          and abs(pos[0] - target[0]) + abs(pos[1] - target[1]) <= ab.amount)
        if villages and (target in b.cities or (target in b.figures and b.figures[target].armies)):
            war.begin_horde(g, s, player, villages[0], target)
    elif ab.tag == "displace_group":
        if target in b.figures and movement.displace_squares(g, s, target, ab.amount):
            s.steps.append(DisplaceTo(player, target, ab.amount))
