"""The full texts of Civilization's cards, as the screen shows them: a technology's unlocks, limits and
abilities, a wonder's cost and abilities, a unit card's strength.  Plain data in, plain text out (no
Textual: the rules layer may use it too).

A tech card's printed effects are of two kinds (``docs/rules/civilization-data.md`` D2): what it unlocks
or raises (a building, a government, a unit rank, a limit) and its abilities, a resource ability being
"pay the resource, in that phase: the effect".  :func:`tech_text` says both, so no tech reads
"no ability" when its card does something (Masonry, Navigation, Irrigation, Sailing, Railroad, ...).
``tests/civilization/test_civ_texts.py`` checks every text against the tables in ``docs/rules/``.
"""
from __future__ import annotations

from ...engine.text import plural
from . import data as D

ROMAN = ("-", "I", "II", "III", "IV", "V")

PHASE_WORDS = {D.SETUP: "at set-up", D.START: "start of turn", D.TRADE: "trade phase", D.CITY: "city management",
               D.MOVE: "movement", D.RESEARCH: "research", D.BATTLE: "battle", D.ANY: "any time"}


def _sentence(text: str) -> str:
    text = text.strip()
    if not text:
        return text
    text = text[0].upper() + text[1:]
    return text if text[-1] in ".!?" else text + "."


def price_text(ab: D.Ability) -> str:
    """What using an ability costs: ``"1 wheat"``, ``"any 2 resources"``; ``""`` when it is free."""
    if not ab.resource:
        return ""
    if ab.resource == D.ANY_RESOURCE:
        return f"any {plural(ab.count, 'resource')}"
    return f"{ab.count} {ab.resource}"


def ability_text(ab: D.Ability) -> str:
    """One ability in full: a resource ability says what it costs and when (``"Pay 1 wheat, city
    management: one city +3 production this turn."``), any other its own sentence."""
    price = price_text(ab)
    if not price and ab.when == D.START and "turn" not in ab.text:
        return _sentence(f"Start of turn: {ab.text[0].lower() + ab.text[1:]}")
    if not price:
        return _sentence(ab.text)
    body = ab.text[0].lower() + ab.text[1:] if ab.text[:2] != "A " else ab.text
    return _sentence(f"Pay {price}, {PHASE_WORDS.get(ab.when, ab.when)}: {body}")


def tech_effects(tech: D.Tech) -> list[str]:
    """What a tech unlocks or raises, each a short phrase (no abilities)."""
    out: list[str] = []
    if tech.building:
        out.append(f"build the {tech.building}")
    if tech.upgrade:
        basic = D.BUILDING_INDEX[tech.upgrade].basic
        out.append(f"your {basic} buildings become {tech.upgrade} buildings")
    if tech.government:
        out.append(f"{tech.government} government")
    if tech.unit:
        kind, rank = tech.unit
        if kind == D.AIRCRAFT:
            out.append(f"aircraft units ({D.AIRCRAFT_COST} production)")
        else:
            name = D.UNIT_TYPE_INDEX[kind].ranks[rank - 1]
            out.append(f"{kind} to rank {ROMAN[rank]} ({name})")
    if tech.speed:
        out.append(f"travel speed {tech.speed}")
    if tech.stacking:
        out.append(f"stacking limit {tech.stacking}")
    if tech.water == D.CROSS:
        out.append("figures may cross water but not end a move there")
    elif tech.water == D.END:
        out.append("figures may cross water and end a move there")
    if tech.city_limit:
        out.append(f"city limit {tech.city_limit}")
    if tech.culture_hand:
        out.append(f"culture hand +{tech.culture_hand}")
    if tech.city_walls:
        out.append(f"city walls ({D.CITY_WALLS_COST} production: +{D.WALLS_BONUS} in the city's battles)")
    if tech.coins:
        out.append(f"{plural(tech.coins, 'coin')} printed")
    if tech.coin_slots:
        out.append(f"holds up to {tech.coin_slots} coins")
    return out


def tech_abilities_text(tech: D.Tech) -> str:
    """A tech's effects and abilities, without its name: ``"Travel speed 3. Pay 1 silk, trade phase: gain
    9 trade; then another player of your choice gains 6 trade."``"""
    parts = []
    effects = tech_effects(tech)
    if effects:
        parts.append(_sentence("; ".join(effects)))
    parts += [ability_text(ab) for ab in tech.abilities]
    return " ".join(parts)


def tech_text(name: str) -> str:
    """``"Masonry (level I, 6 trade): stacking limit 3; city walls (7 production: ...)."``"""
    tech = D.TECH_INDEX[name]
    return f"{name} (level {ROMAN[tech.level]}, {D.TECH_COST[tech.level]} trade): {tech_abilities_text(tech)}"


def wonder_abilities_text(w: D.Wonder) -> str:
    return " ".join(ability_text(ab) for ab in w.abilities)


def wonder_text(name: str) -> str:
    """``"The Colossus (ancient, 15 production, 10 with Metalworking): +3 trade, start of turn."``"""
    w = D.WONDER_INDEX[name]
    cost = f"{w.cost} production" + (f", {w.reduced_cost} with {w.discount_tech}" if w.discount_tech else "")
    return f"{name} ({w.era}, {cost}; {w.culture} culture): {wonder_abilities_text(w)}"


def unit_strength(card: int, rank: int) -> int:
    """A unit card's strength at its owner's rank in its type (rank 1-4; aircraft have one)."""
    c = D.UNIT_CARDS[card]
    return c.strength[min(max(rank, 1), len(c.strength)) - 1]
