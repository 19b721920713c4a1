"""Civilization's fighting knowledge for the easy bot: when to attack, which card to lay, what to loot.

Only what the bot may know: its own unit cards, and of the enemy what everybody sees (his ranks, how many
cards of each type he holds, his bonus, the open fronts).  ``attack_value`` weighs an attack by the
expected totals: the bot's own hand from the strengths it holds, the enemy's from the typical strength
of a card of his ranks.  It attacks only when it expects to win clearly (a capital, which ends the game,
with a smaller margin), always takes lone scouts, and values a capital above everything.  ``war_target``:
from round 8 a bot that does not lead marches on the leader's nearest city (his capital first): it builds
armies, buys unit cards, researches stacking and unit techs first, gathers its armies next to the city and
attacks as a group when the odds are good.
"""
from __future__ import annotations

from functools import partial
from typing import Any

from ...games.civilization import data as D
from ...games.civilization import war as W
from ...games.civilization.data_map import VILLAGE
from . import because, pick, why
from .civilization_eval import evaluate

TYPICAL = {1: 2.0, 2: 3.0, 3: 4.0, 4: 5.0}     # a card's mean strength by rank (3 weak, 9 middle, 3 strong)
MARGIN = 1.4                                   # attack when the expected total beats the enemy's by this much


def expected_attack(game, s, player: int, pos, armies: int) -> tuple[float, float]:
    """(own, enemy) expected battle totals if ``armies`` of ``player`` attack ``pos`` now."""
    p = s.players[player]
    own_n = min(len(p.units), W.battle_hand_size(game, s, player, False) + W.extra_cards(armies))
    mine = sorted((W.card_value(c, p.ranks.get(D.UNIT_CARDS[c].type, 1)) for c in p.units), reverse=True)
    mean = sum(mine) / len(mine) if mine else 0.0
    own = own_n * mean + W.combat_bonus(s, player)
    b = s.board
    marker = b.markers.get(pos)
    if marker is not None and marker[0] == VILLAGE:
        return own, 3 * TYPICAL[1]
    city = b.cities.get(pos)
    q, _ = W.held_by(s, pos)
    e = s.players[q]
    n = min(len(e.units), W.battle_hand_size(game, s, q, city is not None)
            + W.extra_cards(W.defenders(s, q, pos)))
    types = [D.UNIT_CARDS[c].type for c in e.units]          # the backs show the types
    mean_e = sum(TYPICAL[max(1, min(4, e.ranks.get(t, 1)))] for t in types) / len(types) if types else 0.0
    enemy = n * mean_e + W.combat_bonus(s, q)
    if city is not None:
        enemy += W.city_bonus(city)
    return own, enemy


def attack_value(game, s, player: int, pos, armies: int) -> float:
    """A destination's worth for an attack: high for lone scouts, a won village or city, the capital
    highest; below zero when the battle looks doubtful."""
    b = s.board
    f = b.figures.get(pos)
    if f is not None and f.owner != player and not f.armies and pos not in b.cities:
        return 8.0                                            # lone scouts: no battle, a loot
    own, enemy = expected_attack(game, s, player, pos, armies)
    city = b.cities.get(pos)
    margin = 1.15 if city is not None and city.capital else MARGIN   # a capital ends the game: worth a risk
    if own < margin * enemy + 2:
        return -5.0
    if city is not None:
        return 100.0 if city.capital else 14.0
    if b.markers.get(pos) is not None:
        return 10.0
    return 6.0


def attack_text(game, s, player: int, pos, armies: int) -> str:
    """What :func:`attack_value` saw in an attack on ``pos``, in the player's terms."""
    b = s.board
    f = b.figures.get(pos)
    where = f"{pos[0]}:{pos[1]}"
    if f is not None and f.owner != player and not f.armies and pos not in b.cities:
        return f"it takes the lone scouts on {where}"
    own, enemy = expected_attack(game, s, player, pos, armies)
    odds = f"{own:.0f} against {enemy:.0f}"
    city = b.cities.get(pos)
    if attack_value(game, s, player, pos, armies) < 0:
        return f"the battle on {where} looks doubtful ({odds})"
    if city is not None:
        civ = s.players[city.owner].civ
        return f"{civ}'s capital falls: you win ({odds})" if city.capital else f"it takes {civ}'s city ({odds})"
    if b.markers.get(pos) is not None:
        return f"it wins the village on {where} ({odds})"
    return f"it beats the army on {where} ({odds})"


WAR_ROUND = 8           # from this round on the easy bot may go to war
WAR_REACH = 8           # against a city this close (orthogonal steps) to one of its own


def war_target(game, s, player: int):
    """The enemy city the bot marches on, or None: from round 8, the nearest city of the player who
    leads (by ``evaluate``) within 8 squares of one of its cities, his capital first."""
    if s.round < WAR_ROUND:
        return None
    ev = evaluate(game, s)
    lead = max((q for q in range(s.n) if q != player), key=lambda q: ev[q])
    if ev[lead] < ev[player]:
        return None                              # it leads itself: no war
    b = s.board
    mine = [c for c, x in b.cities.items() if x.owner == player]
    best = None
    for c, x in sorted(b.cities.items()):
        if x.owner != lead:
            continue
        d = min((abs(c[0] - m[0]) + abs(c[1] - m[1]) for m in mine), default=99)
        if d <= WAR_REACH:
            key = (not x.capital, d)
            if best is None or key < best[0]:
                best = (key, c)
    return best[1] if best else None


def _place_value(s, b, side: str, card: int, front) -> float:
    """The change in (own total - enemy total) if ``card`` goes there; a new front counts a little less
    than its strength, as it may be attacked later."""
    x = W.strength(s, b, side, card)
    if front is None:
        return 0.8 * x
    y = W.front_strength(s, b, front, W.other(side))
    mine, hurt = W.clash(s, b, side, card, front)
    return (x if mine < x else 0.0) + (y if hurt >= y else 0.0)


def _name(s, b, side: str, card: int) -> str:
    return W.unit_name(card, b.ranks[side].get(D.UNIT_CARDS[card].type, 1))


def _place_why(s, b, side: str, card: int, front) -> list[tuple[float, str]]:
    """The factors of :func:`_place_value`, named."""
    x = W.strength(s, b, side, card)
    mine = _name(s, b, side, card)
    if front is None:
        return [(0.8 * x, f"your {mine} opens a front with strength {x}")]
    foe = W.other(side)
    y = W.front_strength(s, b, front, foe)
    hurt_mine, hurt = W.clash(s, b, side, card, front)
    theirs = _name(s, b, foe, b.fronts[front][foe][0])
    return [(float(x), f"your {mine} survives") if hurt_mine < x else (-0.0, ""),
            (float(y), f"it kills the {theirs} on front {front + 1}") if hurt >= y else
            (-0.5 * y, f"the {theirs} on front {front + 1} survives")]


def _one(weight: float, text: str, *args: Any) -> list[tuple[float, str]]:
    """A single factor, ``text`` formatted with ``args`` (only while a hint asks: see ``policies.why``)."""
    return [(float(weight), text.format(*args))]


def _best_place_why(s, b, side: str, card: int, places: list) -> list[tuple[float, str]]:
    return _place_why(s, b, side, card, max(places, key=lambda fr: _place_value(s, b, side, card, fr)))


def _told(text, o, w: float) -> list[tuple[float, str]]:
    """One factor whose text is ``text(o, w)``."""
    return [(float(w), text(o, w))]


def battle_card(game, s, d, rng) -> str:
    b = s.battle
    side = s.steps[-1].side
    scored = []
    for o in d.options:
        if isinstance(o.value, tuple):              # a battle ability: worth its effect, roughly
            v = {"unit_strength": 2.5, "deal_wounds": 3.0}.get(o.value[2], 1.0)
            scored.append((why(v, partial(_one, v, "{}'s effect in battle", o.value[1])), o.key))
            continue
        places = [None] + [i for i, f in enumerate(b.fronts) if W.other(side) in f and side not in f]
        scored.append((why(max(_place_value(s, b, side, o.value, f) for f in places),
                           partial(_best_place_why, s, b, side, o.value, places)), o.key))
    return pick(scored, rng)


def battle_front(game, s, d, rng) -> str:
    b = s.battle
    step = s.steps[-1]
    scored = [(why(_place_value(s, b, step.side, step.card, o.value), partial(_place_why,
        s, b, step.side, step.card, o.value)), o.key) for o in d.options if o.value != "back"]
    return pick(scored, rng)


LOOT_ORDER = {"tech": 5, "card": 3, "culture": 4, "trade": 2, "resources": 3}
LOOT_TEXT = {"tech": "a tech is the richest loot", "card": "a culture card for your hand",
             "culture": "culture toward the culture track", "trade": "trade for research",
             "resources": "resources to spend on abilities"}


def loot(game, s, d, rng) -> str:
    def worth(o):
        if o.value is None:
            return 0.0
        return LOOT_ORDER.get(o.value if isinstance(o.value, str) else o.value[0], 1)
    def text(o, w) -> str:
        k = o.value if isinstance(o.value, str) else o.value[0]
        return LOOT_TEXT.get(k, f"{o.label.lower()} is of some use")
    because("nothing worth taking")
    return pick([(worth(o) if o.value is None else why(worth(o), partial(_told, text, o, worth(o))), o.key)
                 for o in d.options], rng)


def loot_tech(game, s, d, rng) -> str:
    return pick([(why(D.TECH_INDEX[o.value].level, partial(
        _one, D.TECH_INDEX[o.value].level, "{}: the highest level to take", o.value)), o.key)
        for o in d.options], rng)


def rescue(game, s, d, rng) -> str:
    rank = s.players[d.player].ranks
    def val(c) -> float:
        return W.card_value(c, rank.get(D.UNIT_CARDS[c].type, 1))
    return pick([(-1.0 if o.value is None else why(val(o.value), partial(
        _one, val(o.value), "your strongest killed unit")), o.key) for o in d.options], rng)


def move_group(game, s, d, rng) -> str:
    """The largest group of armies only (one that may attack); else the largest."""
    def factors(o) -> list[tuple[float, str] | None]:
        n = o.value[0] + o.value[1]
        return [(10.0, "armies alone may attack") if o.value[1] == 0 else None,
                (float(n), f"{n} figures move together")]
    scored = [(why((10 if o.value[1] == 0 else 0) + o.value[0] + o.value[1], partial(factors, o)), o.key)
              for o in d.options if o.value]
    return pick(scored, rng) if scored else "back"


def wound(game, s, d, rng) -> str:
    """A wound where it kills, else on the strongest enemy unit."""
    b = s.battle
    foe = W.other(s.steps[-1].side)
    def worth(o):
        c, w = b.fronts[o.value][foe]
        x = W.front_strength(s, b, o.value, foe)
        return (100 if w + 1 >= x else 0) + x - w

    def factors(o) -> list[tuple[float, str] | None]:
        c, w = b.fronts[o.value][foe]
        x = W.front_strength(s, b, o.value, foe)
        name = _name(s, b, foe, c)
        return [(100.0, f"the wound kills the {name}") if w + 1 >= x else None,
                (float(x - w), f"the {name} has {x - w} strength left")]
    return pick([(why(worth(o), partial(factors, o)), o.key) for o in d.options], rng)


def heal(game, s, d, rng) -> str:
    opts = [o for o in d.options if o.value is not None]
    side = s.steps[-1].side
    because("no wounded unit to heal")
    def text(o, w: int) -> str:
        return f"your {_name(s, s.battle, side, s.battle.fronts[o.value][side][0])} has {w} wound{'s' if w > 1 else ''}"
    return pick([(why(b_w, partial(_told, text, o, b_w)), o.key)
                 for o in opts for b_w in [s.battle.fronts[o.value][side][1]]], rng) if opts else "stop"


def battle_draw(game, s, d, rng) -> str:
    """Rule 68's optional cards: all of them (more strength), unless the side's hand already outnumbers
    the enemy's by 3 (each card drawn must be played, and two units killed cost the winner an army)."""
    b = s.battle
    side = s.steps[-1].side
    keys = d.keys()                                   # the counts, least first
    many = len(b.hands[side]) >= len(b.hands[W.other(side)]) + 3
    because("your hand already outnumbers theirs by 3" if many else "more cards, more strength")
    return keys[0] if len(b.hands[side]) >= len(b.hands[W.other(side)]) + 3 else keys[-1]


def _in_battle(b, side: str) -> int:
    """The side's cards in the battle: in hand and standing on a front."""
    return len(b.hands[side]) + sum(1 for f in b.fronts if side in f)


class BattleFocus:
    """The hard bot's view of a battle as a game of its own (``ismcts``'s ``focus``): every rollout
    fights it to the end (at most ``horizon`` choices) and scores it for the two players laying the
    cards: the result most (a tie is the defender's), then the share of each side's cards in the battle
    that survive and of the enemy's that are killed, since a killed unit leaves the game.  Barbarian
    cards go back to their stacks, so the barbarians' losses are not counted (the same for every
    choice, so no choice is favoured by it)."""

    horizon = 80
    WIN, KEPT, KILLED = 0.7, 0.2, 0.1

    def __init__(self, s) -> None:
        b = s.battle
        self.since = len(s.log)
        self.att, self.dfd = b.player(W.ATT), b.player(W.DEF)
        self.owners = {side: b.owner(side) for side in W.SIDES}
        self.total = {side: self._held(s, side) for side in W.SIDES}
        self.fighting = {side: _in_battle(b, side) for side in W.SIDES}
        self.n = s.n

    def _held(self, s, side: str) -> int:
        """Cards of ``side``'s owner, in his forces and in the battle (0 for the barbarians)."""
        q = self.owners[side]
        if q == W.BARBARIANS:
            return 0
        return len(s.players[q].units) + (_in_battle(s.battle, side) if s.battle is not None else 0)

    def done(self, s) -> bool:
        return s.battle is None

    def score(self, game, s) -> list[float]:
        out = [0.5] * self.n
        result = W.battle_result(s, self.since)
        if result is None:               # cut off (the horizon): judged by the totals so far
            t = W.totals(s, s.battle)
            result = (t[W.ATT], t[W.DEF])
        att_won = result[0] > result[1]
        # the barbarians' count 0 before and after: 0; capped, as the extra cards drawn after the search
        # began (rule 68's choice) add to the fighting
        lost = {side: min(1.0, (self.total[side] - self._held(s, side)) / self.fighting[side])
                if self.fighting[side] else 0.0 for side in W.SIDES}
        for side, q, won in ((W.ATT, self.att, att_won), (W.DEF, self.dfd, not att_won)):
            if 0 <= q < self.n:
                out[q] = self.WIN * won + self.KEPT * (1 - lost[side]) + self.KILLED * lost[W.other(side)]
        return out


def focus(game, s, d):
    """A battle decision is searched as the battle (see :class:`BattleFocus`); anything else as the game."""
    return BattleFocus(s) if s.battle is not None and d.kind.startswith("battle") else None


HANDLERS: dict[str, Any] = {"battle_draw": battle_draw, "battle_wound": wound, "battle_heal": heal,
                            "battle_card": battle_card, "battle_front": battle_front, "loot": loot,
                            "loot_tech": loot_tech, "rescue": rescue, "move_group": move_group}
