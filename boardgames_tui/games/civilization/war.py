"""Civilization's war (delivery B): the battle as a sub-game on the step stack (seed rules 62-83, section 2
rows 30-45), and what a battle ends with.

A battle is one :class:`Battle` in ``state.battle`` while it lasts; its steps are:

* ``BattleTurn`` (auto): whose turn to lay a card, or the end when both hands are empty;
* ``BattleCard``: the side to play picks a card of its hand (private: the hand is shown), then
  ``BattleFront``: a new front, or an attack on a front where only the enemy has a unit (rules 73-74);
* ``WoundTarget`` and ``HealTarget`` for the battle abilities used on a side's turn (Mathematics and
  Ballistics, Animal Husbandry), which Mass Media may cancel first;
* ``Loot``, ``LootResource``, ``LootTech`` and ``Rescue`` after it.

``begin_horde`` starts the battle of Roaming Horde, barbarians attacking (their cards laid by the card's
player).

Two sides, ``ATT`` and ``DEF``.  The defending side is a player, or the barbarians of a village, whose
cards the player to the attacker's right lays (row 30).  A hand is drawn face down from the side's
standing forces (rules 68-69): its cards' types show on their backs, as in the standing forces, their
strengths only to the side's player; cards laid on a front are open.  Strength is the printed value of the
side's rank in the card's type (rule 70, row 35), Himeji Samurai Castle +1.  An attack strikes both ways;
a trump strikes first and, if it kills, takes no damage (rules 75-77, row 40), unless the Pentagon's owner
is the one trumped.  A unit whose wounds reach its strength is killed, out of the game (rule 76, row 41).

The result (rule 78, rows 37, 42): each side's surviving strength, the higher bonus adding the difference
(the bonus card); a tie goes to the defender.  The loser's figures in the square are gone (rule 80); the
winner loses one army per two of his units killed (rule 79, row 43, no floor).  A won city is destroyed,
everything belonging to it going back to its owner (rule 81, row 45); a capital so taken is the military
victory (rule 83).  Loot: one pick from rule 80's list after a field battle, from rule 82's after a city
(row 44); none after a village, whose marker decides what the winner gets (row 31).
"""
from __future__ import annotations

import re
from typing import TYPE_CHECKING, ClassVar

from ...engine.core import Option
from ...engine.steps import Auto, PlainData, Step, key, log
from ...engine.text import plural
from . import abilities, cards, cities, culture, data as D, management
from .board import GREAT_PERSON, City, Figures, Pos, neighbours
from .common import PYRAMIDS, fit
from .data_map import VILLAGE as VILLAGE_MARKER
from .state import CivState

if TYPE_CHECKING:
    from .rules import CivilizationGame

ATT, DEF = "att", "def"
BARBARIANS = -1
FIELD, CITY, CAPITAL, VILLAGE = "field", "city", "capital", "village"
SIDES = (ATT, DEF)


def other(side: str) -> str:
    return DEF if side == ATT else ATT


def _sq(pos: Pos) -> str:
    return f"{pos[0]}:{pos[1]}"


class Battle(PlainData):
    """A battle in progress.  ``fronts``: a list of ``{side: (card, wounds)}`` (a side absent: its slot is
    empty); ``hands``: side -> card ids face down; ``ranks``: side -> {unit type: rank}."""
    pos: tuple
    origin: tuple
    attacker: int
    defender: int            # a seat, or BARBARIANS
    controller: int          # who lays the defending cards: the defender, or the barbarians' player
    kind: str                # FIELD, CITY, CAPITAL or VILLAGE
    armies: int              # the attacking armies (off the map while the battle lasts)
    hands: dict
    ranks: dict
    bonus: dict
    turn: str = DEF
    fronts: list = ()        # type: ignore[assignment]  # set on the battle's set-up
    killed: dict = None  # type: ignore[assignment]  # set by whoever pushes the step
    extra: dict = None  # type: ignore[assignment]  # (front, side) -> strength added to the unit there (Metalworking)
    boost: dict = None  # type: ignore[assignment]  # side -> strength the next card laid gets
    used: frozenset = frozenset()   # (side, source, tag): battle abilities used, once a battle
    raider: int = -1         # barbarians attacking (Roaming Horde): who lays their cards

    def player(self, side: str) -> int:
        """Who decides for ``side``."""
        if side == ATT:
            return self.raider if self.attacker == BARBARIANS else self.attacker
        return self.controller

    def owner(self, side: str) -> int:
        """Whose units they are (BARBARIANS for a village's)."""
        return self.attacker if side == ATT else self.defender


# ====================================================================== cards
def unit_name(card: int, rank: int) -> str:
    u = D.UNIT_CARDS[card]
    names = D.UNIT_TYPE_INDEX[u.type].ranks
    return names[min(max(rank, 1), len(names)) - 1]


def card_value(card: int, rank: int) -> int:
    """The strength printed on a unit card for a rank (rule 70; aircraft have one value)."""
    u = D.UNIT_CARDS[card]
    return u.strength[min(max(rank, 1), len(u.strength)) - 1]


def strength(s: CivState, b: Battle, side: str, card: int) -> int:
    """The printed value of the side's rank (rule 70); Himeji Samurai Castle +1 to all its owner's units."""
    value = card_value(card, b.ranks[side].get(D.UNIT_CARDS[card].type, 1))
    owner = b.owner(side)
    if owner != BARBARIANS and "Himeji Samurai Castle" in s.players[owner].wonders:
        value += 1
    return value


def front_strength(s: CivState, b: Battle, i: int, side: str) -> int:
    """The strength of ``side``'s unit on front ``i``, Metalworking's +3 included."""
    return strength(s, b, side, b.fronts[i][side][0]) + (b.extra or {}).get((i, side), 0)


def trumps(s: CivState, b: Battle, side: str, card: int, enemy: int) -> bool:
    """Does ``side``'s card strike first against ``enemy``'s (row 40)?  Never against the Pentagon's owner."""
    beats = D.UNIT_TYPE_INDEX[D.UNIT_CARDS[card].type].trumps
    if beats is None or beats != D.UNIT_CARDS[enemy].type:
        return False
    foe = b.owner(other(side))
    return not (foe != BARBARIANS and "The Pentagon" in s.players[foe].wonders)


def describe(s: CivState, b: Battle, side: str, card: int, wounds: int = 0, front: int | None = None) -> str:
    u = D.UNIT_CARDS[card]
    name = unit_name(card, b.ranks[side].get(u.type, 1))
    hurt = f", {plural(wounds, 'wound')}" if wounds else ""
    value = strength(s, b, side, card) if front is None else front_strength(s, b, front, side)
    return f"{name} ({u.type} {value}{hurt})"


def front_label(s: CivState, b: Battle, side: str, front: int) -> str:
    """An option naming a front by ``side``'s unit there, on one line of the option list: the unit's
    type and the word "wounds" go first when the line is short."""
    card, wounds = b.fronts[front][side]
    name = unit_name(card, b.ranks[side].get(D.UNIT_CARDS[card].type, 1))
    value = front_strength(s, b, front, side)
    return fit(f"Front {front + 1}: {describe(s, b, side, card, wounds, front)}",
               f"Front {front + 1}: {name} {value}" + (f", {plural(wounds, 'wound')}" if wounds else ""),
               f"{front + 1}: {name} {value}" + (f" ({wounds}w)" if wounds else ""))


def clash(s: CivState, b: Battle, side: str, card: int, front: int, boost: int = 0) -> tuple[int, int]:
    """The wounds (the laid card's, the enemy's on ``front``) after ``side`` attacks it with ``card``
    (``boost`` added to its strength): both strike (rule 75), a trump first, and if it kills it takes no
    damage (rule 77)."""
    foe = other(side)
    enemy, hurt = b.fronts[front][foe]
    mine = 0
    mine_str, enemy_str = strength(s, b, side, card) + boost, front_strength(s, b, front, foe)
    if trumps(s, b, side, card, enemy):
        hurt += mine_str
        if hurt < enemy_str:
            mine += enemy_str
    elif trumps(s, b, foe, enemy, card):
        mine += enemy_str
        if mine < mine_str:
            hurt += mine_str
    else:
        hurt += mine_str
        mine += enemy_str
    return mine, hurt


def first_striker(s: CivState, b: Battle, front: int) -> str | None:
    """The side whose unit on ``front`` trumps the other's (both standing), or None."""
    f = b.fronts[front]
    if ATT not in f or DEF not in f:
        return None
    for sd in SIDES:
        if trumps(s, b, sd, f[sd][0], f[other(sd)][0]):
            return sd
    return None


def totals(s: CivState, b: Battle) -> dict:
    """Surviving strength per side plus the bonus card: the higher bonus adds the difference (row 37)."""
    out = {side: sum(front_strength(s, b, i, side) for i, f in enumerate(b.fronts) if side in f) for side in SIDES}
    diff = b.bonus[ATT] - b.bonus[DEF]
    if diff > 0:
        out[ATT] += diff
    elif diff < 0:
        out[DEF] -= diff
    return out


# ====================================================================== the steps
class BattleTurn(Auto):
    """The next card, or the end once both hands are empty (rule 78)."""

    def run(self, g: CivilizationGame, s: CivState) -> None:
        b = s.battle
        if not b.hands[ATT] and not b.hands[DEF]:
            end_battle(g, s)
            return
        if not b.hands[b.turn]:
            b.turn = other(b.turn)          # a side with cards left plays them out
        s.steps.append(BattleCard(b.player(b.turn), b.turn))


class BattleCard(Step):
    """Lay a unit card: which one (the hand is private)."""
    kind: ClassVar[str] = "battle_card"
    side: str = ATT

    def prompt(self, g: CivilizationGame, s: CivState) -> str:
        b = s.battle
        t = totals(s, b)
        who = "the barbarians" if self.side == DEF and b.defender == BARBARIANS else s.names[self.player]
        return (f"{s.names[self.player]}: lay a unit card for {who} "
                f"({t[self.side]} against {t[other(self.side)]} so far)")

    def options(self, g: CivilizationGame, s: CivState) -> list[Option]:
        b = s.battle
        out = []
        for card in sorted(set(b.hands[self.side]), key=lambda c: (-strength(s, b, self.side, c), c)):
            n = b.hands[self.side].count(card)
            label = f"Lay {describe(s, b, self.side, card)}" + (f" ×{n}" if n > 1 else "")
            out.append(Option(key("unit", card), label, ("unit", card), card))
        return out + ability_options(g, s, b, self.side)

    def apply(self, g: CivilizationGame, s: CivState, o: Option) -> None:
        b = s.battle
        if isinstance(o.value, tuple):              # a battle ability first; then the card, still
            s.steps.append(self)
            use_ability(g, s, b, self.side, o.value[1], o.value[2])
            return
        places = front_options(s, b, self.side, o.value)
        if len(places) == 1:                        # nothing to attack: it opens a new front
            lay_card(g, s, self.side, o.value, None)
            return
        s.steps.append(self)
        s.steps.append(BattleFront(self.player, self.side, o.value))


class BattleFront(Step):
    """Where the card goes: a new front, or against an enemy unit alone on its front (rule 74)."""
    kind: ClassVar[str] = "battle_front"
    side: str = ATT
    card: int = 0

    def prompt(self, g: CivilizationGame, s: CivState) -> str:
        # public (a bot's prompt stays on screen): the card shows in the options only, which its player
        # alone sees, since "back" may still return it to the hand unseen
        return f"{s.names[self.player]}: where does the chosen unit card go?"

    def options(self, g: CivilizationGame, s: CivState) -> list[Option]:
        return front_options(s, s.battle, self.side, self.card) + [Option("back", "Back", None, "back")]

    def apply(self, g: CivilizationGame, s: CivState, o: Option) -> None:
        if o.value == "back":
            return
        s.steps.pop()                               # the BattleCard below
        lay_card(g, s, self.side, self.card, o.value)


def front_options(s: CivState, b: Battle, side: str, card: int) -> list[Option]:
    foe = other(side)
    mine = describe(s, b, side, card)
    out = [Option("front:new", fit(f"Open a new front with {mine}", f"New front: {mine}",
                                   f"New front: {mine.split(' (')[0]}"),
                  ("front", "new"), None)]
    for i, f in enumerate(b.fronts):
        if foe in f and side not in f:
            enemy, wounds = f[foe]
            first = " (strikes first)" if trumps(s, b, side, card, enemy) else (
                " (it strikes first)" if trumps(s, b, foe, enemy, card) else "")
            them = describe(s, b, foe, enemy, wounds, i)
            label = fit(f"Attack front {i + 1}: {them}{first}", f"Attack front {i + 1}: {them}",
                        f"Attack front {i + 1}: {them.split(' (')[0]}")
            out.append(Option(key("front", i), label, ("front", i), i))
    return out


def lay_card(g: CivilizationGame, s: CivState, side: str, card: int, front: int | None) -> None:
    """The card leaves the hand, open: a new front, or an attack on one where both strike (rule 75), a
    trump first (rule 77); a unit killed leaves its front and the game (rule 76)."""
    b = s.battle
    b.hands[side].remove(card)
    name = s.names[b.player(side)]
    boost = (b.boost or {}).get(side, 0)
    if boost:                                        # Metalworking: this unit, for the battle
        b.boost = {**b.boost, side: 0}
    if front is None:
        b.fronts = list(b.fronts) + [{side: (card, 0)}]
        if boost:
            b.extra = {**(b.extra or {}), (len(b.fronts) - 1, side): boost}
        log(s, f"{name} opens front {len(b.fronts)} with {describe(s, b, side, card, 0, len(b.fronts) - 1)}.")
    else:
        foe = other(side)
        f = dict(b.fronts[front])
        mine, hurt = clash(s, b, side, card, front, boost)
        if boost:
            b.extra = {**(b.extra or {}), (front, side): boost}
        f[side], f[foe] = (card, mine), (f[foe][0], hurt)
        b.fronts = [x if i != front else f for i, x in enumerate(b.fronts)]
        text = f"{name} attacks front {front + 1} with {describe(s, b, side, card, 0, front)}"
        dead = bury(s, b, front)
        log(s, text + (": " + ", ".join(dead) if dead else "") + ".")
    b.turn = other(side)
    s.steps.append(BattleTurn())


def bury(s: CivState, b: Battle, front: int) -> list[str]:
    """Units on ``front`` whose wounds reach their strength are killed: off the front, out of the game."""
    f = dict(b.fronts[front])
    dead = []
    for who, (c, w) in list(f.items()):
        if w >= front_strength(s, b, front, who):
            dead.append(f"{describe(s, b, who, c, 0, front)} is killed")
            del f[who]
            b.killed = {**b.killed, who: b.killed[who] + [c]}
            b.extra = {k: v for k, v in (b.extra or {}).items() if k != (front, who)}
    b.fronts = [x if i != front else f for i, x in enumerate(b.fronts)]
    return dead


# ====================================================================== battle abilities
ACTIVE = ("unit_strength", "deal_wounds", "heal_wounds", "heal_all_wounds")


def ability_options(g: CivilizationGame, s: CivState, b: Battle, side: str) -> list[Option]:
    """The side's techs' battle abilities usable now, once a battle each, their resources in hand
    (Metalworking, Mathematics, Ballistics: iron; Animal Husbandry, Biology: free)."""
    q = b.owner(side)
    if q == BARBARIANS:
        return []
    foe = other(side)
    out = []
    for source, ab in abilities.battle_abilities(g, s, q):
        if (side, source, ab.tag) in b.used:
            continue
        if ab.tag == "unit_strength" and (b.boost or {}).get(side):
            continue
        if ab.tag == "deal_wounds" and not any(foe in f for f in b.fronts):
            continue
        if ab.tag in ("heal_wounds", "heal_all_wounds") and not any(side in f and f[side][1] for f in b.fronts):
            continue
        price = f" ({ab.count} {ab.resource})" if ab.resource else ""
        out.append(Option(key("ability", source, ab.tag), fit(f"{source}: {ab.text}{price}", f"Use {source}{price}",
                                                              f"{source}{price}", source), None,
                          ("ability", source, ab.tag)))
    return out


def use_ability(g: CivilizationGame, s: CivState, b: Battle, side: str, source: str, tag: str) -> None:
    """Pay for it and announce it; a resource ability may be cancelled first by another player's Mass
    Media or Primetime TV (its resources are lost), asked behind curtains as outside battles."""
    q = b.owner(side)
    ab = next(a for src, a in abilities.battle_abilities(g, s, q) if src == source and a.tag == tag)
    b.used = b.used | {(side, source, tag)}
    abilities.pay_ability(g, s, q, ab)
    log(s, f"{s.names[q]} uses {source}" + (f" ({ab.count} {ab.resource})." if ab.resource else "."))
    chances = abilities.mass_media_chances(g, s, q, source, tag) if ab.resource else []
    if chances:
        s.steps.append(BattleAbilityEffect(side, source, tag))
        s.steps.extend(chances)
        return
    ability_effect(g, s, b, side, tag, ab.amount)


class BattleAbilityEffect(Auto):
    """A battle ability's effect, once nobody cancelled it."""
    side: str
    source: str
    tag: str

    def run(self, g: CivilizationGame, s: CivState) -> None:
        b = s.battle
        q = b.owner(self.side)
        ref = (q, "ability", self.source, self.tag)
        if ref in s.cancelled:
            s.cancelled = s.cancelled - {ref}
            log(s, f"{s.names[q]}'s {self.source} is cancelled; its resources are lost.")
            return
        amount = next(a.amount for a in D.TECH_INDEX[self.source].abilities if a.tag == self.tag)   # techs only
        ability_effect(g, s, b, self.side, self.tag, amount)


def ability_effect(g: CivilizationGame, s: CivState, b: Battle, side: str, tag: str, amount: int) -> None:
    if tag == "unit_strength":
        b.boost = {**(b.boost or {}), side: amount}
    elif tag == "deal_wounds":
        s.steps.append(WoundTarget(b.player(side), side, amount))
    elif tag == "heal_wounds":
        s.steps.append(HealTarget(b.player(side), side, amount))
    else:                                            # Biology: every wound of his units in play
        b.fronts = [{sd: (c, 0 if sd == side else w) for sd, (c, w) in f.items()} for f in b.fronts]


class WoundTarget(Step):
    """Mathematics and Ballistics: the wounds spread over enemy units in play, one at a time."""
    kind: ClassVar[str] = "battle_wound"
    private: ClassVar[bool] = False
    may_be_empty: ClassVar[bool] = True  # no enemy unit left in play: the rest are lost
    side: str = ATT
    left: int = 0

    def prompt(self, g: CivilizationGame, s: CivState) -> str:
        return f"{s.names[self.player]}: which enemy unit takes a wound? ({self.left} to give)"

    def options(self, g: CivilizationGame, s: CivState) -> list[Option]:
        b, foe = s.battle, other(self.side)
        return [Option(key("front", i), front_label(s, b, foe, i), ("front", i), i)
                for i, f in enumerate(b.fronts) if foe in f]

    def apply(self, g: CivilizationGame, s: CivState, o: Option) -> None:
        b, foe = s.battle, other(self.side)
        f = dict(b.fronts[o.value])
        c, w = f[foe]
        f[foe] = (c, w + 1)
        b.fronts = [x if i != o.value else f for i, x in enumerate(b.fronts)]
        dead = bury(s, b, o.value)
        if dead:
            log(s, ", ".join(dead).capitalize() + ".")
        if self.left > 1:
            s.steps.append(WoundTarget(self.player, self.side, self.left - 1))


class HealTarget(Step):
    """Animal Husbandry: heal up to 3 wounds on your units in play, one at a time (he may stop)."""
    kind: ClassVar[str] = "battle_heal"
    private: ClassVar[bool] = False
    may_be_empty: ClassVar[bool] = True
    side: str = ATT
    left: int = 0

    def prompt(self, g: CivilizationGame, s: CivState) -> str:
        return f"{s.names[self.player]}: heal a wound on which of your units? ({self.left} to heal)"

    def options(self, g: CivilizationGame, s: CivState) -> list[Option]:
        b = s.battle
        mine = self.side
        out = [Option(key("front", i), front_label(s, b, mine, i), ("front", i), i)
               for i, f in enumerate(b.fronts) if self.side in f and f[self.side][1]]
        return out + [Option("stop", "Stop healing", None, None)] if out else []

    def apply(self, g: CivilizationGame, s: CivState, o: Option) -> None:
        if o.value is None:
            return
        b = s.battle
        f = dict(b.fronts[o.value])
        c, w = f[self.side]
        f[self.side] = (c, w - 1)
        b.fronts = [x if i != o.value else f for i, x in enumerate(b.fronts)]
        if self.left > 1:
            s.steps.append(HealTarget(self.player, self.side, self.left - 1))


# ====================================================================== starting a battle
def extra_cards(armies: int) -> int:
    """Rule 68: "Für jede militärische Einheit zusätzlich zur ersten im Feld dürfen 2 Karten gezogen
    werden": the most a side may draw beyond its hand by rule, in steps of 2 (``BattleDraw``)."""
    return D.BATTLE_HAND_PER_EXTRA_ARMY * max(0, armies - 1)


def battle_hand_size(g: CivilizationGame, s: CivState, q: int, city: bool) -> int:
    """Rules 68-69, the cards drawn by rule: 3, +3 defending a city (which defends without armies too,
    row 33), Fundamentalism +1, Computers +1 per 5 coins; the armies' extra cards are optional."""
    p = s.players[q]
    n = D.BATTLE_HAND
    if city:
        n += D.BATTLE_HAND_CITY
    if p.government == "Fundamentalism":
        n += 1
    if "Computers" in p.techs:
        n += abilities.coin_total(g, s, q) // 5
    return n


def combat_bonus(s: CivState, q: int) -> int:
    """The ⚔ icons of the player's buildings and great people around his cities (rule 72: barracks 2,
    academy 4, Great General 4), squares with another player's figure not counted."""
    b = s.board
    total = 0
    for c, x in b.cities.items():
        if x.owner != q:
            continue
        for n in neighbours(c):
            if n in b.structures and not b.enemy_figures(n, q):
                total += b.yields(n).combat
    return total


def city_bonus(city: City) -> int:
    """Rule 72: a city defends with 6, a capital with 12, walls 4 more."""
    return (D.CAPITAL_BONUS if city.capital else D.CITY_BONUS) + (D.WALLS_BONUS if city.walls else 0)


def defenders(s: CivState, q: int, pos: Pos) -> int:
    """``q``'s armies on ``pos``; a city defends with none as with one (row 33)."""
    f = s.board.figures.get(pos)
    return max(1, f.armies if f is not None and f.owner == q else 0)


def held_by(s: CivState, pos: Pos) -> tuple[int, str]:
    """Who defends ``pos`` (its city's owner, else its figures') and the kind of battle there."""
    city = s.board.cities.get(pos)
    if city is not None:
        return city.owner, CAPITAL if city.capital else CITY
    return s.board.figures[pos].owner, FIELD


def barbarian_hand(s: CivState) -> list[int]:
    """One card of each type from the stacks (rule 62), while they last."""
    return [s.unit_decks[t].draw(s.rng) for t in D.START_UNITS if s.unit_decks[t]]


def defence(g: CivilizationGame, s: CivState, q: int, pos: Pos) -> tuple[list[int], dict, int]:
    """The defending player's hand by rule (drawn now), ranks and bonus for a battle on ``pos``."""
    city = s.board.cities.get(pos)
    hand = draw_hand(s, q, battle_hand_size(g, s, q, city is not None))
    bonus = combat_bonus(s, q) + (city_bonus(city) if city is not None else 0)
    return hand, dict(s.players[q].ranks), bonus


def begin_battle(g: CivilizationGame, s: CivState, attacker: int, origin: Pos, pos: Pos, armies: int) -> None:
    """The attacking armies entered ``pos``: set the battle up (rules 68-73) and play it on the stack."""
    b = s.board
    city = b.cities.get(pos)
    marker = b.markers.get(pos)
    if marker is not None and marker[0] == VILLAGE_MARKER:
        kind, defender = VILLAGE, BARBARIANS
        controller = (attacker - 1) % s.n          # the player to the attacker's right (row 30)
    else:
        defender, kind = held_by(s, pos)
        controller = defender
    att = s.players[attacker]
    ranks = {ATT: dict(att.ranks)}
    hands = {ATT: draw_hand(s, attacker, battle_hand_size(g, s, attacker, False))}
    bonus = {ATT: combat_bonus(s, attacker), DEF: 0}
    if defender == BARBARIANS:
        ranks[DEF] = {t: 1 for t in D.START_UNITS}
        hands[DEF] = barbarian_hand(s)
    else:
        if city is not None and city.walls and "Combustion" in att.techs:
            city.walls = False                      # Combustion breaches the walls before the battle
            log(s, f"{s.names[attacker]} breaches the walls of the city on {_sq(pos)} (Combustion).")
        hands[DEF], ranks[DEF], bonus[DEF] = defence(g, s, defender, pos)
    # rule 73, row 38: the defender lays first, the attacker in a battle on a city's square
    first = ATT if kind in (CITY, CAPITAL) else DEF
    s.battle = Battle(pos, origin, attacker, defender, controller, kind, armies, hands, ranks, bonus, first,
                      [], {ATT: [], DEF: []}, {}, {})
    foe = "the barbarians of the village" if defender == BARBARIANS else (
        f"{s.names[defender]}'s {'capital' if kind == CAPITAL else 'city'}" if city is not None
        else f"{s.names[defender]}'s figures")
    log(s, f"{s.names[attacker]} attacks {foe} on {_sq(pos)} with {armies} arm{'y' if armies == 1 else 'ies'}: "
           f"{plural(len(hands[ATT]), 'card')} against {len(hands[DEF])}, bonus {bonus[ATT]} against {bonus[DEF]}"
           + (f"; {s.names[controller]} plays the barbarians." if defender == BARBARIANS else "."))
    s.steps.append(BattleTurn())
    if defender != BARBARIANS:
        offer_extra_cards(s, DEF, defenders(s, defender, pos))
    offer_extra_cards(s, ATT, armies)          # the attacker decides first (the top of the stack)


def begin_horde(g: CivilizationGame, s: CivState, raider: int, village: Pos, pos: Pos) -> None:
    """Roaming Horde: rank-II barbarians from ``village`` attack the army or city on ``pos``; the card's
    player lays their three cards (one of each type, drawn from the stacks), the defender his own."""
    defender, kind = held_by(s, pos)
    hands = {ATT: barbarian_hand(s)}
    ranks = {ATT: {t: 2 for t in D.START_UNITS}}
    bonus = {ATT: 0}
    hands[DEF], ranks[DEF], bonus[DEF] = defence(g, s, defender, pos)
    first = ATT if kind in (CITY, CAPITAL) else DEF
    s.battle = Battle(pos, village, BARBARIANS, defender, defender, kind, 0, hands, ranks, bonus, first,
                      [], {ATT: [], DEF: []}, {}, {}, frozenset(), raider)
    log(s, f"Barbarians from the village on {_sq(village)} attack {s.names[defender]}'s "
           f"{'army' if kind == FIELD else 'city'} on {_sq(pos)} ({s.names[raider]} lays their cards).")
    s.steps.append(BattleTurn())
    offer_extra_cards(s, DEF, defenders(s, defender, pos))


def offer_extra_cards(s: CivState, side: str, armies: int) -> None:
    """Push the side's choice of extra cards (``BattleDraw``) when its armies allow any and its forces
    hold a card more."""
    b = s.battle
    if extra_cards(armies) and s.players[b.owner(side)].units:
        s.steps.append(BattleDraw(b.player(side), side, extra_cards(armies)))


class BattleDraw(Step):
    """Rule 68's optional cards, in the battle's set-up: 0, 2, ... up to 2 per army beyond the first
    (fewer when the standing forces run out).  Private: he sees the hand drawn by rule."""
    kind: ClassVar[str] = "battle_draw"
    side: str = ATT
    most: int = 0

    def prompt(self, g: CivilizationGame, s: CivState) -> str:
        return f"{s.names[self.player]}: draw how many extra battle cards (up to {self.most})?"

    def options(self, g: CivilizationGame, s: CivState) -> list[Option]:
        left = len(s.players[s.battle.owner(self.side)].units)
        counts = sorted({min(n, left) for n in range(0, self.most + 1, D.BATTLE_HAND_PER_EXTRA_ARMY)})
        return [Option(key("draw", n), f"Draw {n} extra card{'' if n == 1 else 's'}", None, n) for n in counts]

    def apply(self, g: CivilizationGame, s: CivState, o: Option) -> None:
        b = s.battle
        if o.value:
            b.hands[self.side] = b.hands[self.side] + draw_hand(s, b.owner(self.side), o.value)
        log(s, f"{s.names[self.player]} draws {o.value} extra battle card{'' if o.value == 1 else 's'}: "
               f"{len(b.hands[self.side])} in hand.")


def draw_hand(s: CivState, q: int, n: int) -> list[int]:
    """``n`` cards at random from the player's standing forces, all if he has fewer (rule 68)."""
    p = s.players[q]
    hand = []
    for _ in range(min(n, len(p.units))):
        hand.append(p.units.pop(s.rng.randrange(len(p.units))))
    if not hand:
        s.rng.reveal()                  # still a draw: nothing to take back across it
    return hand


# ====================================================================== the end
ENDS = "ends"
_ENDS = re.compile(rf"^The battle on \S+ {ENDS} (\d+) to (\d+):")


def battle_result(s: CivState, since: int) -> tuple[int, int] | None:
    """The (attacker, defender) totals of the battle that ended in the log after entry ``since``, if
    one did (the bots' battle search reads its outcome here: the battle itself is gone by then)."""
    for e in s.log[since:]:
        m = _ENDS.match(e.text)
        if m:
            return int(m.group(1)), int(m.group(2))
    return None


def battle_dict(s: CivState, b: Battle, viewer: int | None) -> dict:
    """The battle as ``viewer`` sees it (``hidden.battle_view``): the fronts open, each hand's types on
    their backs, his own hand's cards in full."""
    sides = {}
    for sd in SIDES:
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
               for sd in SIDES if sd in f}
              for i, f in enumerate(b.fronts)]
    top = s.steps[-1] if s.steps else None
    laying = top.card if isinstance(top, BattleFront) and top.player == viewer else None
    return {"square": _sq(b.pos), "kind": b.kind, "attacker": b.attacker, "defender": b.defender,
            "laying": laying,
            "armies": b.armies, "turn": b.turn, "sides": sides, "fronts": fronts, "totals": totals(s, b)}


def _side_name(s: CivState, q: int) -> str:
    return "the barbarians" if q == BARBARIANS else s.names[q]


def losses_text(s: CivState, b: Battle, side: str, armies: int, scouts: int) -> str:
    """One side's losses as a sentence: ``"Ada loses 2 units (Archer, Horseman) and 1 army."``, or
    ``"Bruno loses nothing."``"""
    who = _side_name(s, b.owner(side))
    killed = [unit_name(c, b.ranks[side].get(D.UNIT_CARDS[c].type, 1)) for c in b.killed[side]]
    parts = []
    if killed:
        parts.append(f"{plural(len(killed), 'unit')} ({', '.join(killed)})")
    if armies:
        parts.append(plural(armies, "army", "armies"))
    if scouts:
        parts.append(plural(scouts, "scout"))
    lost = (", ".join(parts[:-1]) + " and " + parts[-1]) if len(parts) > 1 else (parts[0] if parts else "nothing")
    verb = "lose" if b.owner(side) == BARBARIANS else "loses"
    text = f"{who} {verb} {lost}."
    return text[0].upper() + text[1:]


def end_battle(g: CivilizationGame, s: CivState) -> None:
    b = s.battle
    t = totals(s, b)
    winner = ATT if t[ATT] > t[DEF] else DEF                      # a tie goes to the defender (row 42)
    loser = other(winner)
    wname = _side_name(s, b.owner(winner))
    verb = "win" if b.owner(winner) == BARBARIANS else "wins"
    tie = " (a tie goes to the defender)" if t[ATT] == t[DEF] else ""
    result = f"The battle on {_sq(b.pos)} {ENDS} {t[ATT]} to {t[DEF]}: {wname} {verb}{tie}."
    log(s, result)
    snapshot = battle_dict(s, b, None)
    # the cards: survivors back to their standing forces (barbarians' to their stacks), the killed gone
    for side in SIDES:
        survivors = [f[side][0] for f in b.fronts if side in f] + list(b.hands[side])
        if b.owner(side) == BARBARIANS:
            for c in survivors:
                s.unit_decks[D.UNIT_CARDS[c].type].add([c])
        else:
            p = s.players[b.owner(side)]
            p.units = list(p.units) + survivors
    losses = len(b.killed[winner]) // D.ARMIES_LOST_PER_KILLED_UNITS
    board = s.board
    figures = {ATT: [0, 0], DEF: [0, 0]}                        # armies and scouts each side lost
    if winner == ATT and b.attacker == BARBARIANS:              # Roaming Horde: the defenders fall
        gone = send_home(s, b.pos)
        if gone is not None:
            figures[DEF] = [gone.armies, gone.scouts]
        if b.kind == CITY:
            raze_city(g, s, b.pos, BARBARIANS)                  # a capital stands (house rule)
    elif winner == ATT:
        standing = max(0, b.armies - losses)
        s.players[b.attacker].armies += b.armies - standing
        figures[ATT][0] = b.armies - standing
        gone = send_home(s, b.pos)                             # the loser's figures in the square
        if gone is not None:
            figures[DEF] = [gone.armies, gone.scouts]
        if b.kind in (CITY, CAPITAL):
            raze_city(g, s, b.pos, b.attacker)
            if b.kind == CITY:
                management.rome_step(g, s, b.attacker)          # Rome: a step for a conquered city
        if standing:
            board.figures[b.pos] = Figures(b.attacker, standing, 0)
        if b.kind == VILLAGE:
            take_village(g, s, b.attacker, b.pos)
    else:
        if b.attacker != BARBARIANS:
            s.players[b.attacker].armies += b.armies           # the attacking group is gone (rule 63, 80)
            figures[ATT][0] = b.armies
        f = board.figures.get(b.pos)
        if f is not None and losses and b.defender != BARBARIANS:
            lost = min(losses, f.armies)
            s.players[f.owner].armies += lost
            figures[DEF][0] = lost
            if f.count() - lost:
                board.figures[b.pos] = Figures(f.owner, f.armies - lost, f.scouts)
            else:
                del board.figures[b.pos]
    told = [losses_text(s, b, sd, *figures[sd]) for sd in (winner, loser)]
    log(s, " ".join(told))
    number = (s.last_battle or {}).get("number", 0) + 1
    s.last_battle = {**snapshot, "number": number, "round": s.round, "winner": b.owner(winner),
                     "winner_side": winner, "result": [result] + told}
    s.battle = None
    win_q, lose_q = b.owner(winner), b.owner(loser)
    if b.kind == CAPITAL and winner == ATT and b.attacker != BARBARIANS:
        g.win(s, b.attacker, "military")                        # rule 83
        return
    after_battle(g, s, b, win_q, lose_q)


def after_battle(g: CivilizationGame, s: CivState, b: Battle, win_q: int, lose_q: int) -> None:
    """What follows the result: China's rescue, Code of Laws' coin, Democracy's loss of trade, the loot."""
    for q, side in ((b.attacker, ATT), (b.defender, DEF)):
        if q != BARBARIANS and s.players[q].civ == "China" and b.killed[side]:
            s.steps.append(Rescue(q, tuple(b.killed[side])))
    if lose_q != BARBARIANS and s.players[lose_q].government == "Democracy":
        p = s.players[lose_q]
        p.trade = max(0, p.trade - 2)
        log(s, f"{s.names[lose_q]} loses 2 trade for the defeat (Democracy).")
    if win_q != BARBARIANS and "Code of Laws" in s.players[win_q].techs:
        p = s.players[win_q]
        slots = D.TECH_INDEX["Code of Laws"].coin_slots
        if ("Code of Laws", "coin_after_victory") not in p.used and p.card_coins.get("Code of Laws", 0) < slots:
            p.used = p.used | {("Code of Laws", "coin_after_victory")}
            p.card_coins = {**p.card_coins, "Code of Laws": p.card_coins.get("Code of Laws", 0) + 1}
            log(s, f"{s.names[win_q]} puts a coin on Code of Laws.")
    if BARBARIANS in (win_q, lose_q):
        return                                                   # no loot from or for a village (row 31)
    lists = loot_lists(s, b, win_q, lose_q)
    if lists:
        s.steps.append(Loot(win_q, lose_q, lists))


def loot_lists(s: CivState, b: Battle, win_q: int, lose_q: int) -> tuple:
    """Row 44: a won city, one pick from rule 82's list; a field battle (or a city held), rule 80's.  The
    Great Wall of the loser shrinks it: a city to the field list, a field battle to nothing."""
    took_city = b.kind in (CITY, CAPITAL) and win_q == b.attacker
    wall = "The Great Wall" in s.players[lose_q].wonders
    if took_city:
        return D.FIELD_LOOT if wall else D.CITY_LOOT
    return () if wall else D.FIELD_LOOT


def raze_city(g: CivilizationGame, s: CivState, pos: Pos, by: int) -> None:
    """Rule 81: "alles, was zur Stadt gehört, kommt zurück in den Vorrat des Verlierers": the city marker
    back to its owner's supply, his great people around it to his reserve, his buildings and wonders to
    his ``reserve`` (the wonder cards and their abilities stay his), each placed again later like a great
    person (``cities.reserve_options``)."""
    board = s.board
    city = board.cities.pop(pos)
    owner = s.players[city.owner]
    owner.cities_left += 1
    for n in neighbours(pos):
        st = board.structures.get(n)
        if st is None or st.owner != city.owner:
            continue
        del board.structures[n]
        if st.kind == GREAT_PERSON:
            owner.great_people = list(owner.great_people) + [st.name]
        else:                                   # a building or a wonder
            owner.reserve = list(owner.reserve) + [f"{st.kind}:{st.name}"]
    s.gather = {k: v for k, v in s.gather.items() if v != pos}
    s.boost = {k: v for k, v in s.boost.items() if k != pos}
    log(s, f"{'The barbarians' if by == BARBARIANS else s.names[by]} destroy{'' if by == BARBARIANS else 's'} "
           f"{s.names[city.owner]}'s city on {_sq(pos)}.")


def take_village(g: CivilizationGame, s: CivState, q: int, pos: Pos) -> None:
    """Row 31: the marker turned up decides: a great person drawn, or its resource kept."""
    _, content = s.board.markers.pop(pos)
    assert content is not None               # None only in a player's view
    s.rng.reveal()
    p = s.players[q]
    name = s.names[q]
    if content == D.GREAT_PERSON:
        if s.great_people:
            gp = s.great_people.draw(s.rng)
            p.great_people = list(p.great_people) + [gp]
            log(s, f"{name} takes the village and gains a great person.", q,
                   f"{name} takes the village and gains a great {gp}.")
    else:
        p.resources = list(p.resources) + [content]
        log(s, f"{name} takes the village and finds {content}.")
    if p.civ == "China":
        p.culture += 3
        log(s, f"{name} (China) gains 3 culture for the village.")
    management.rome_step(g, s, q)


def send_home(s: CivState, pos: Pos) -> Figures | None:
    """The figures on ``pos`` leave the map, back to their owner's supply; returns them (or None)."""
    f = s.board.figures.pop(pos, None)
    if f is not None:
        s.players[f.owner].armies += f.armies
        s.players[f.owner].scouts += f.scouts
    return f


def lose_wonder(g: CivilizationGame, s: CivState, owner: int, name: str) -> None:
    """The player's wonder leaves the game: its ability, working or obsolete, is gone (The Pyramids:
    his government may fall back, ``cities.pyramids_lost``)."""
    p = s.players[owner]
    working = name in p.wonders
    p.wonders = [w for w in p.wonders if w != name]
    p.obsolete = [w for w in p.obsolete if w != name]
    if working and name == PYRAMIDS:
        cities.pyramids_lost(g, s, owner)


def kill_scouts(g: CivilizationGame, s: CivState, by: int, pos: Pos) -> None:
    """Rule 66, row 32: an army entering a square with only scouts kills them, and may loot (rule 80)."""
    f = send_home(s, pos)
    assert f is not None, pos                  # called only on a square with scouts
    s.gather = {k: v for k, v in s.gather.items() if k != pos}
    log(s, f"{s.names[by]} kills {s.names[f.owner]}'s scout{'s' if f.scouts > 1 else ''} on {_sq(pos)}.")
    if "The Great Wall" not in s.players[f.owner].wonders:
        s.steps.append(Loot(by, f.owner, D.FIELD_LOOT))


# ====================================================================== after the battle
class Rescue(Step):
    """China: one of its units killed in the battle may go back to its standing forces."""
    kind: ClassVar[str] = "rescue"
    killed: tuple = ()

    def prompt(self, g: CivilizationGame, s: CivState) -> str:
        return f"{s.names[self.player]} (China): which killed unit goes back to your forces?"

    def options(self, g: CivilizationGame, s: CivState) -> list[Option]:
        rank = s.players[self.player].ranks
        return [Option(key("unit", c), f"{unit_name(c, rank.get(D.UNIT_CARDS[c].type, 1))} "
                       f"({D.UNIT_CARDS[c].type})", None, c) for c in sorted(set(self.killed))] + [
            Option("none", "Save none", None, None)]          # "may rescue": he may decline

    def apply(self, g: CivilizationGame, s: CivState, o: Option) -> None:
        if o.value is None:
            return
        p = s.players[self.player]
        p.units = list(p.units) + [o.value]
        log(s, f"{s.names[self.player]} (China) saves a {D.UNIT_CARDS[o.value].type} unit.")


class Loot(Step):
    """The winner's one pick from the list (rules 80, 82, row 44), or nothing."""
    kind: ClassVar[str] = "loot"
    private: ClassVar[bool] = False
    may_be_empty: ClassVar[bool] = True  # he has nothing to take
    loser: int = 0
    lists: tuple = ()

    def prompt(self, g: CivilizationGame, s: CivState) -> str:
        return f"{s.names[self.player]}: take loot from {s.names[self.loser]}?"

    def options(self, g: CivilizationGame, s: CivState) -> list[Option]:
        p = s.players[self.loser]
        me = s.players[self.player]
        out = []
        for item in self.lists:
            if item == "3 trade" and p.trade:
                out.append(Option("loot:trade", f"Take {min(D.LOOT_TRADE, p.trade)} trade", None, "trade"))
            elif item == "3 culture" and p.culture:
                out.append(Option("loot:culture", f"Take {min(D.LOOT_CULTURE, p.culture)} culture", None, "culture"))
            elif item in ("1 resource", "2 resources") and p.resources:
                n = 1 if item == "1 resource" else min(2, len(p.resources))
                out.append(Option("loot:resources", f"Take {plural(n, 'resource')}", None, ("resources", n)))
            elif item == "1 tech" and cards.swappable(g, s, self.player, self.loser, 5):
                out.append(Option("loot:tech", "Learn one of his techs free", None, "tech"))
            elif item == "1 culture card" and p.culture_cards:
                out.append(Option("loot:card", "Take a random culture card", None, "card"))
        del me
        if out:
            out.append(Option("loot:none", "Take nothing", None, None))
        return out

    def apply(self, g: CivilizationGame, s: CivState, o: Option) -> None:
        p, me = s.players[self.loser], s.players[self.player]
        name, his = s.names[self.player], s.names[self.loser]
        v = o.value
        if v is None:
            log(s, f"{name} takes no loot.")
        elif v == "trade":
            n = min(D.LOOT_TRADE, p.trade)
            p.trade -= n
            me.trade = min(D.TRADE_MAX, me.trade + n)
            log(s, f"{name} takes {n} trade from {his}.")
        elif v == "culture":
            n = min(D.LOOT_CULTURE, p.culture)
            p.culture -= n
            me.culture += n
            log(s, f"{name} takes {n} culture from {his}.")
        elif v == "tech":
            s.steps.append(LootTech(self.player, self.loser))
        elif v == "card":
            card = p.culture_cards[s.rng.randrange(len(p.culture_cards))]
            p.culture_cards = [c for i, c in enumerate(p.culture_cards) if i != p.culture_cards.index(card)]
            me.culture_cards = list(me.culture_cards) + [card]
            log(s, f"{name} takes a culture card from {his}.", self.player, f"{name} takes {card} from {his}.")
            abilities.hand_limit(g, s, self.player)
        else:
            for _ in range(v[1]):
                s.steps.append(LootResource(self.player, self.loser))


class LootResource(Step):
    """Which of the loser's resources (public, on his sheet) the winner takes."""
    kind: ClassVar[str] = "loot_resource"
    private: ClassVar[bool] = False
    may_be_empty: ClassVar[bool] = True
    loser: int = 0

    def prompt(self, g: CivilizationGame, s: CivState) -> str:
        return f"{s.names[self.player]}: take which of {s.names[self.loser]}'s resources?"

    def options(self, g: CivilizationGame, s: CivState) -> list[Option]:
        kinds = sorted(set(s.players[self.loser].resources))
        return [Option(key("resource", r), r.capitalize(), None, r) for r in kinds]

    def apply(self, g: CivilizationGame, s: CivState, o: Option) -> None:
        p, me = s.players[self.loser], s.players[self.player]
        res = list(p.resources)
        res.remove(o.value)
        p.resources = res
        me.resources = list(me.resources) + [o.value]
        log(s, f"{s.names[self.player]} takes {o.value} from {s.names[self.loser]}.")


class LootTech(Step):
    """Learn free a tech another player knows and the player lacks, where his pyramid has room: the loser's
    after a won city (rule 82), or Russia's sacrifice; any other player's (``loser`` -1) with the Statue
    of Liberty."""
    kind: ClassVar[str] = "loot_tech"
    private: ClassVar[bool] = False
    may_be_empty: ClassVar[bool] = True
    loser: int = 0

    def prompt(self, g: CivilizationGame, s: CivState) -> str:
        if self.loser < 0:
            return f"{s.names[self.player]}: learn a tech another player knows"
        return f"{s.names[self.player]}: learn which of {s.names[self.loser]}'s techs?"

    def options(self, g: CivilizationGame, s: CivState) -> list[Option]:
        whose = [self.loser] if self.loser >= 0 else [q for q in range(s.n) if q != self.player]
        techs = sorted({t for q in whose for t in cards.swappable(g, s, self.player, q, 5)})
        return [Option(key("tech", t), t, ("tech", t), t) for t in techs]

    def apply(self, g: CivilizationGame, s: CivState, o: Option) -> None:
        culture.learn(g, s, self.player, o.value, free=True)
