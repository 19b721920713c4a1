"""Civilization's culture track and research: climbing the track (its culture cards and great people,
the culture victory), the culture hand limit, and one technology a round by the pyramid rule (the
technology victory); upgrades flip buildings.
"""
from __future__ import annotations

from typing import ClassVar, TYPE_CHECKING

from ...engine.core import Option
from ...engine.steps import Step, key, log
from . import abilities, cities, data as D
from .board import BUILDING, Structure
from .common import _sq, coin_dial, fit, pyramid_counts
from .state import CivState, Player

if TYPE_CHECKING:
    from .rules import CivilizationGame

_ROMAN = ("", "I", "II", "III", "IV", "V")


class CultureClimb(Step):
    """Rules 50-54: hand in culture (and, higher up, trade) to climb the culture track.  Private: great
    people in reserve may be placed."""
    kind: ClassVar[str] = "culture"

    def prompt(self, g: CivilizationGame, s: CivState) -> str:
        p = s.players[self.player]
        head = f"{s.names[self.player]}: culture {p.culture}, track space {p.culture_step}"
        nxt = next_culture_space(g, p)
        if nxt is None:
            return f"{head} (the top)"
        need = f"{step_culture(g, p, nxt)} culture" + (f" and {nxt.trade} trade" if nxt.trade else "")
        if p.culture >= step_culture(g, p, nxt) and p.trade >= nxt.trade:
            return f"{head}: climb for {need}?"
        return f"{head}; the next space needs {need}"

    def options(self, g: CivilizationGame, s: CivState) -> list[Option]:
        p = s.players[self.player]
        out = []
        nxt = next_culture_space(g, p)
        if nxt is not None and p.culture >= step_culture(g, p, nxt) and p.trade >= nxt.trade:
            cost = f"{step_culture(g, p, nxt)} culture" + (f" and {nxt.trade} trade" if nxt.trade else "")
            short = f"{step_culture(g, p, nxt)}c" + (f"+{nxt.trade}t" if nxt.trade else "")
            out.append(Option("climb", fit(f"Climb to space {nxt.number} for {cost}",
                                           f"Climb to space {nxt.number} ({short})"),
                              None, ("climb",)))
        out += cities.great_person_options(g, s, self.player)
        out.append(Option("done", "Done with city management", None, ("done",)))
        return out

    def quiet(self, s: CivState, o: Option) -> bool:
        """Done: no coins changed (``Civilization._apply``)."""
        return o.value[0] == "done"

    def apply(self, g: CivilizationGame, s: CivState, o: Option) -> None:
        if o.value[0] == "done":
            return
        s.steps.append(CultureClimb(self.player))
        if o.value[0] == "climb":
            climb(g, s, self.player)
        else:
            s.steps.append(cities.place_from_reserve(self.player, o.value))


class ResearchTurn(Step):
    """Research: one technology at its level's cost, where the pyramid has room (row 46)."""
    kind: ClassVar[str] = "research"
    private: ClassVar[bool] = False

    def prompt(self, g: CivilizationGame, s: CivState) -> str:
        p = s.players[self.player]
        if not researchable(g, s, self.player):
            return f"{s.names[self.player]}: no research this round: {nothing_reason(p)}"
        return f"{s.names[self.player]}: research a technology ({p.trade} trade)"

    def options(self, g: CivilizationGame, s: CivState) -> list[Option]:
        cut = 5 if "Porcelain Tower" in s.players[self.player].wonders else 0
        out = [Option(key("tech", t), fit(f"{t} (level {lv}, {max(0, D.TECH_COST[lv] - cut)} trade)",
                                          f"{t} ({_ROMAN[lv]}, {max(0, D.TECH_COST[lv] - cut)}t)"), ("tech", t), t)
               for t, lv in researchable(g, s, self.player)]
        out.append(Option("none", "Research nothing this round" if out else nothing_label(s.players[self.player]),
                          None, None))
        return out

    def quiet(self, s: CivState, o: Option) -> bool:
        """No tech, no coins changed (``Civilization._apply``)."""
        return o.value is None

    def apply(self, g: CivilizationGame, s: CivState, o: Option) -> None:
        if o.value is not None:
            learn(g, s, self.player, o.value)


class TakeResource(Step):
    """Germany: a market resource of its choice after a tech that unlocks or upgrades a unit type."""
    kind: ClassVar[str] = "resource"
    private: ClassVar[bool] = False
    may_be_empty: ClassVar[bool] = True  # the market ran dry meanwhile

    def prompt(self, g: CivilizationGame, s: CivState) -> str:
        return f"{s.names[self.player]} (Germany): take a resource from the market"

    def options(self, g: CivilizationGame, s: CivState) -> list[Option]:
        return [Option(key("resource", r), f"Take {r}", None, r) for r, n in sorted(s.resource_pool.items()) if n > 0]

    def apply(self, g: CivilizationGame, s: CivState, o: Option) -> None:
        s.resource_pool[o.value] -= 1
        s.players[self.player].resources.append(o.value)
        log(s, f"{s.names[self.player]} takes {o.value} from the market.")


class DiscardCulture(Step):
    """Rule 52: over the hand limit, discard a culture card."""
    kind: ClassVar[str] = "discard"

    def prompt(self, g: CivilizationGame, s: CivState) -> str:
        return f"{s.names[self.player]}: too many culture cards; discard one"

    def options(self, g: CivilizationGame, s: CivState) -> list[Option]:
        return [Option(key("card", i), c, ("card", i), i) for i, c in enumerate(s.players[self.player].culture_cards)]

    def apply(self, g: CivilizationGame, s: CivState, o: Option) -> None:
        p = s.players[self.player]
        card = p.culture_cards.pop(o.value)
        s.culture_discards.append((self.player, card))
        log(s, f"{s.names[self.player]} discards a culture card.", self.player,
               f"{s.names[self.player]} discards {card}.")


def step_culture(g: CivilizationGame, p: Player, space: D.CultureSpace) -> int:
    """A culture step's price in culture: Fundamentalism +1 (house data)."""
    return space.culture + (1 if p.government == "Fundamentalism" else 0)


def next_culture_space(g: CivilizationGame, p: Player) -> D.CultureSpace | None:
    return D.CULTURE_TRACK[p.culture_step] if p.culture_step < D.CULTURE_SPACES else None


def climb(g: CivilizationGame, s: CivState, player: int, free: bool = False) -> None:
    """One step up the culture track, paid (rules 50-51) or ``free`` (Rome), with its reward."""
    p = s.players[player]
    space = next_culture_space(g, p)
    if space is None:
        return
    if not free:
        p.culture -= step_culture(g, p, space)
        p.trade -= space.trade
    p.culture_step = space.number
    name = s.names[player]
    if space.reward == D.VICTORY:
        g.win(s, player, "culture")
        return
    if space.reward == D.GREAT_PERSON and s.great_people:
        gp = s.great_people.draw(s.rng)
        p.great_people.append(gp)
        log(s, f"{name} climbs to culture space {space.number} and gains a great person.",
               player, f"{name} climbs to culture space {space.number} and gains a great {gp}.")
    elif space.reward == D.CARD and s.culture_decks[space.level]:
        card = s.culture_decks[space.level].draw(s.rng)
        p.culture_cards.append(card)
        log(s, f"{name} climbs to culture space {space.number} and draws a culture card.",
               player, f"{name} climbs to culture space {space.number} and draws {card}.")
        abilities.hand_limit(g, s, player)
    else:
        log(s, f"{name} climbs to culture space {space.number}.")


# ====================================================================== research
def researchable(g: CivilizationGame, s: CivState, player: int) -> list[tuple[str, int]]:
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


def cheapest_tech(p: Player) -> tuple[int, int] | None:
    """(level, trade) of the cheapest tech ``p`` has room for and does not know, whatever his trade; None
    under Anarchy (no research) or with nothing left to learn."""
    if p.government == D.ANARCHY:
        return None
    counts = pyramid_counts(p)
    discount = 5 if "Porcelain Tower" in p.wonders else 0
    known = set(p.techs)
    levels = sorted({t.level for t in D.TECHS if t.name not in known and D.pyramid_room(counts, t.level)})
    return (levels[0], max(0, D.TECH_COST[levels[0]] - discount)) if levels else None


def nothing_reason(p: Player) -> str:
    """Why ``p`` can research nothing now (his trade is short, Anarchy, nothing left): a phrase."""
    if p.government == D.ANARCHY:
        return "no research under Anarchy"
    need = cheapest_tech(p)
    if need is None:
        return "no tech left to learn"
    level, cost = need
    return f"a level {_ROMAN[level]} tech costs {cost} trade, you have {p.trade}"


def nothing_label(p: Player) -> str:
    """The label of "Research nothing" when it is the only option: why, as short as the list needs."""
    need = cheapest_tech(p)
    if p.government == D.ANARCHY or need is None:
        return fit(f"Research nothing ({nothing_reason(p)})", "Research nothing this round")
    return fit(f"Research nothing ({nothing_reason(p)})", f"No tech: needs {need[1]}t, have {p.trade}t")


def learn(g: CivilizationGame, s: CivState, player: int, tech: str, free: bool = False) -> None:
    """A tech joins the pyramid: researched (trade falls to the coins, row 46) or ``free``."""
    p = s.players[player]
    p.techs.append(tech)
    if not free:
        p.trade = coin_dial(g, s, player)
    unit = D.TECH_INDEX[tech].unit if tech in D.TECH_INDEX else None
    if unit is not None and p.ranks.get(unit[0], 0) < unit[1]:
        p.ranks = {**p.ranks, unit[0]: unit[1]}          # its units upgrade (section 4 §8.1)
    if unit is not None and p.civ == "Germany":
        if s.unit_decks[unit[0]]:
            p.units.append(s.unit_decks[unit[0]].draw(s.rng))
            log(s, f"{s.names[player]} (Germany) gains a free {unit[0]} unit card.")
        if any(s.resource_pool.values()):
            s.steps.append(TakeResource(player))
    flip_buildings(g, s, player, tech)
    fresh = [gov.name for gov in D.GOVERNMENTS if gov.unlocked_by == tech]
    p.fresh_governments = list(p.fresh_governments) + fresh
    log(s, f"{s.names[player]} learns {tech} " + ("free." if free else f"(trade falls to {p.trade})."))
    if tech == D.SPACE_FLIGHT:
        g.win(s, player, "technology")
    elif coin_dial(g, s, player) >= D.COIN_VICTORY:
        g.win(s, player, "economy")


def flip_buildings(g: CivilizationGame, s: CivState, player: int, tech: str) -> None:
    """An upgrade tech turns the player's basic buildings of its line to the upgraded side at once
    (section 4 §4, "upgrades are immediate"): the same marker, so the market's count is unchanged."""
    ups = {b.name: b.upgrade for b in D.BUILDINGS if b.upgrade and D.BUILDING_INDEX[b.upgrade].tech == tech}
    if not ups:
        return
    b = s.board
    for pos, st in sorted(b.structures.items()):
        if st.kind == BUILDING and st.owner == player and st.name in ups:
            b.structures[pos] = Structure(BUILDING, ups[st.name], player)
            log(s, f"{s.names[player]}'s {st.name} on {_sq(pos)} becomes {ups[st.name]}.")
    p = s.players[player]                     # a destroyed city's buildings in his reserve too (rule 81)
    flipped = {f"{BUILDING}:{old}": f"{BUILDING}:{new}" for old, new in ups.items()}
    p.reserve = [flipped.get(e, e) for e in p.reserve]
