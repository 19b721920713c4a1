"""Evolution's playing knowledge: the easy bot's picks and the hard bot's judgement.

Everything is read from the world (a determinization for the deciding player),
so the other players' hands and face-down cards seen here are guesses.

What it knows:

* points are food in the bag, population and trait cards, so every card played
  is worth about a point, and population only if it gets fed;
* plant food is a race at the watering hole: how much there will be (the food
  cards down, guessed for the others) against the herbivores' hunger decides
  whether population and new species pay;
* carnivores eat only what they can attack: a Carnivore card goes on a species
  that has prey, an attack picks the target with the most meat for the least
  cost (Horns, Intelligence discards, the owner's own species), and an attack
  that would kill the attacker or lose more than it gains is avoided;
* defence traits go where an opponent's carnivore could attack now;
* the food card is the card least worth playing, adjusted by how much more
  plant food helps this player than the others (a carnivore player prefers a
  negative one).

Choices are scored and the best taken, ties broken with ``rng``.  A follow-up
question ("what does the card pay for?", "which target?") is answered with
the same scores that chose its first part, and never with "back", so a
rollout cannot loop.
"""
from __future__ import annotations

import math
import random
from collections.abc import Set as AbstractSet
from typing import Any

from ...engine.core import Decision, Game
from ...games.evolution import cards as C
from ...games.evolution.feeding import blockers, targets
from ...games.evolution.cards import (
    AMBUSH, BURROWING, CARNIVORE, CLIMBING, COOPERATION, DEFENSIVE_HERDING, FAT_TISSUE, FERTILE,
    FOOD_OF, FORAGING, HARD_SHELL, HARD_SHELL_BONUS, HORNS, INTELLIGENCE, LONG_NECK, MAX_POP,
    PACK_HUNTING, SCAVENGER, SYMBIOSIS, TRAIT_OF, WARNING_CALL,
)
from . import dispatch, pick

# The hard bot's budget in the app, under a second a decision: an iteration costs
# 1.0-1.4 ms of CPU here with 2-4 players (bench/bots.py).
HARD_ITERATIONS = 400

DEFENCE = frozenset((HORNS, CLIMBING, HARD_SHELL, DEFENSIVE_HERDING, SYMBIOSIS, BURROWING))
NO_TRAITS: frozenset = frozenset()
EXPECTED_FOOD_CARD = 2.5      # a food card not laid yet (the deck's mean is about 3)
ATTACK_LOSS = 1.3             # what an attack costs its victim: a population and its food


_KEYS = {head: [f"{head}:{i}" for i in range(32)] for head in ("pop", "size", "trait")}


def _key(head: str, i: int) -> str:
    table = _KEYS[head]
    return table[i] if i < 32 else f"{head}:{i}"


# -- the position, read once per call ----------------------------------------------------------
class _Ctx:
    """What the scores of one decision share: names, threats, food outlook."""

    __slots__ = ("s", "g", "p", "n", "names", "carns", "ratio", "fed", "future", "lasting", "last", "keep",
                 "row", "limit", "_threats", "gains", "weakest", "_meat")

    def __init__(self, g: Any, s: Any, p: int) -> None:
        self.g, self.s, self.p = g, s, p
        self.n = len(s.players)
        names: list[list[AbstractSet[str]]] = []
        self.names = names
        carns = []
        demand = 0
        for q, pl in enumerate(s.players):
            rn: list[AbstractSet[str]] = []
            for i, sp in enumerate(pl.species):
                if sp.traits:
                    nm: AbstractSet[str] = {TRAIT_OF[c] for c in sp.traits}
                    if CARNIVORE in nm:
                        carns.append((q, i, sp, nm, sp.size + sp.pop if PACK_HUNTING in nm else sp.size))
                        rn.append(nm)
                        continue
                else:
                    nm = NO_TRAITS
                rn.append(nm)
                demand += sp.pop - sp.food
            names.append(rn)
        self.carns = carns
        supply = s.hole
        if s.phase != "feed":
            supply += sum(FOOD_OF[c] for _, c in s.food_cards)
            if s.phase == "food":
                supply += EXPECTED_FOOD_CARD * sum(1 for pl in s.players if not pl.done and pl.hand)
        self.ratio = max(0.0, supply) / demand if demand > 0 else 2.0
        self.fed = min(1.0, self.ratio)
        self.future = _rounds_after(s)
        self.lasting = 1.0 + 0.35 * min(self.future, 4)   # a trait keeps working in later rounds
        self.row = s.players[p].species
        self.limit = s.trait_limit
        self.last = s.final_round is not None and s.round >= s.final_round
        # a hand card kept is worth a play next round (nothing at the end)
        self.keep = 0.0 if self.last else 0.3
        self._threats: dict[tuple[int, int], list] = {}
        self.gains: dict[tuple[str, int], float] = {}    # _trait_gain, once per decision
        self.weakest: dict[int, float] = {}              # a full species' least worth trait
        self._meat: dict[tuple[int, int], int] = {}

    def threats(self, q: int, j: int) -> list:
        """Carnivores of the others that could attack species ``j`` of ``q`` now."""
        key = (q, j)
        t = self._threats.get(key)
        if t is None:
            s = self.s
            row = s.players[q].species
            size = row[j].size
            t = [c for c in self.carns
                 if c[0] != q and c[4] > size
                 and not blockers(c[2], c[3], c[4], row, self.names[q], j)]
            self._threats[key] = t
        return t

    def best_meat(self, i: int, eff: int, an: AbstractSet[str]) -> int:
        """The largest opponent species that the player's species ``i``, as a
        carnivore with attack size ``eff`` and traits ``an``, could attack
        without discards (0: none)."""
        key = (i, eff)
        best = self._meat.get(key)
        if best is not None:
            return best
        s, q = self.s, self.p
        a = s.players[q].species[i]
        best = 0
        for o in range(self.n):
            if o == q:
                continue
            row = s.players[o].species
            rn = self.names[o]
            for j, t in enumerate(row):
                if best < t.size < eff and not blockers(a, an, eff, row, rn, j):
                    best = t.size
        self._meat[key] = best
        return best


def _rounds_after(s: Any) -> int:
    """Rounds still to come after this one (the deck's full deals, then the short one)."""
    if s.final_round is not None:
        return max(0, s.final_round - s.round)
    per = sum(C.BASE_DEAL + len(pl.species) for pl in s.players)
    return len(s.deck) // max(1, per) + 1


# -- cards: traits, size, population, species ----------------------------------------------------
def _trait_gain(x: _Ctx, t: str, j: int) -> float:
    """What trait ``t`` does for species ``j`` of the player, beyond its point."""
    k = (t, j)
    v = x.gains.get(k)
    if v is None:
        v = x.gains[k] = _gain(x, t, j)
    return v


def _gain(x: _Ctx, t: str, j: int) -> float:
    p = x.p
    row = x.row
    sp = row[j]
    nm = x.names[p][j]
    carn = CARNIVORE in nm
    lasting = x.lasting
    fed = x.fed
    if t == CARNIVORE:
        if carn:
            return 0.0
        meat = x.best_meat(j, sp.size + sp.pop if PACK_HUNTING in nm else sp.size, nm | {CARNIVORE})
        herb = sp.pop * fed + (1.0 if LONG_NECK in nm else 0.0)
        if not meat:
            return -1.5 - herb
        return (0.8 * min(sp.pop, meat) + 0.6) * lasting * 0.7 - herb
    if t in DEFENCE:
        threats = x.threats(p, j)
        if not threats:
            return 0.15 if x.carns else 0.0
        v = 0.0
        for c in threats:
            a, an, eff = c[2], c[3], c[4]
            if t == CLIMBING:
                w = 1.0 if CLIMBING not in an else 0.0
            elif t == HARD_SHELL:
                w = 1.0 if eff <= sp.size + HARD_SHELL_BONUS else 0.0
            elif t == DEFENSIVE_HERDING:
                w = 1.0 if a.pop <= sp.pop else 0.0
            elif t == SYMBIOSIS:
                w = 1.0 if j + 1 < len(row) and row[j + 1].size > sp.size else 0.0
            else:                                   # Burrowing (once fed), Horns (a deterrent)
                w = 0.5
            v += w
        loss = _attack_loss(x, sp) + (0.5 * len(sp.traits) if sp.pop <= 1 else 0.0)
        return min(v, 2.0) * loss * lasting * 0.7
    if t == WARNING_CALL:
        v = 0.0
        for k in (j - 1, j + 1):
            if 0 <= k < len(row):
                v += sum(1 for c in x.threats(p, k) if AMBUSH not in c[3]) * _attack_loss(x, row[k])
        return min(v, 3.0) * lasting * 0.7 + (0.1 if x.carns else 0.0)
    if carn:
        if t == PACK_HUNTING:
            now = x.best_meat(j, sp.size, nm)
            more = x.best_meat(j, sp.size + sp.pop, nm)
            return 0.6 * (min(sp.pop, more) - min(sp.pop, now)) * lasting
        if t == AMBUSH:
            return 0.3 if any(WARNING_CALL in n for q in range(x.n) if q != p for n in x.names[q]) else 0.0
        if t == INTELLIGENCE:
            return 0.3
        if t == SCAVENGER:
            return 0.3 * (len(x.carns) - 1) * lasting
        if t == FAT_TISSUE:
            return 0.2
        return 0.0                                # plant-food traits do nothing for a carnivore
    if t == LONG_NECK:
        return 0.9 * lasting
    if t == FORAGING:
        return 0.3 * min(sp.pop, 3) * lasting * (1.0 if x.ratio < 1.5 else 0.7)
    if t == COOPERATION:
        return 0.5 * lasting if j + 1 < len(row) and CARNIVORE not in x.names[p][j + 1] else 0.05
    if t == INTELLIGENCE:
        return 0.6 * lasting
    if t == FAT_TISSUE:
        return (0.4 if x.ratio > 1.0 else 0.15) * lasting
    if t == FERTILE:
        return (0.7 if x.ratio > 1.2 and sp.pop < MAX_POP else 0.15) * lasting
    if t == SCAVENGER:
        return 0.35 * len(x.carns) * lasting
    return 0.0                                    # Ambush, Pack Hunting on a herbivore


def _attack_loss(x: _Ctx, sp: Any) -> float:
    """What an attack on ``sp`` costs its owner: a population and its food,
    and the meat fed to an opponent."""
    return ATTACK_LOSS + 0.5 * sp.size / max(1, x.n - 1)


def _trait_value(x: _Ctx, t: str, j: int) -> float:
    """Playing a card of trait ``t`` on species ``j`` (replacing the weakest
    trait when the species is full)."""
    sp = x.row[j]
    k = (t, j)
    gain = x.gains.get(k)
    if gain is None:
        gain = x.gains[k] = _gain(x, t, j)
    gain += 1.0
    if len(sp.traits) >= x.limit:
        w = x.weakest.get(j)
        if w is None:
            w = x.weakest[j] = min(_kept_value(x, old, j) for old in sp.traits)
        return gain - w
    return gain


def _kept_value(x: _Ctx, old: int, j: int) -> float:
    """What trait card ``old`` on species ``j`` is worth keeping."""
    sp = x.row[j]
    t = TRAIT_OF[old]
    if t == CARNIVORE:
        return 1.0 + 2.0 * sp.pop
    if t in DEFENCE or t == WARNING_CALL:
        # a defence at work hides the threats it blocks: count the carnivores big enough
        guarded = [sp] if t != WARNING_CALL else [x.row[k] for k in (j - 1, j + 1) if 0 <= k < len(x.row)]
        v = 0.0
        for g in guarded:
            v += min(2, sum(1 for c in x.carns if c[0] != x.p and c[4] > g.size)) * _attack_loss(x, g)
        return 1.0 + v * x.lasting * 0.7
    v = 1.0 + _trait_gain(x, t, j)
    if t == FAT_TISSUE:
        v += 0.5 * sp.fat
    return v


def _generic_values(x: _Ctx) -> list[tuple[float, str]]:
    """Discarding a card for size, population or a new species: the same for
    every card, so scored once."""
    p = x.p
    row = x.row
    names = x.names[p]
    fed = x.fed
    out: list[tuple[float, str]] = []
    opp_carn = any(c[0] != p for c in x.carns)
    # a population point if fed, and a card more each round while it lives
    new = fed * (0.85 + (0.0 if x.last else 0.35 * min(x.future, 4))) - (0.4 if opp_carn else 0.0)
    out.append((new, "species:right"))
    out.append((new - 0.01, "species:left"))
    for i, sp in enumerate(row):
        nm = names[i]
        carn = CARNIVORE in nm
        if sp.pop < MAX_POP:
            if carn:
                eff = sp.size + sp.pop if PACK_HUNTING in nm else sp.size
                meat = x.best_meat(i, eff, nm)
                v = 0.8 if meat > sp.pop else 0.15
                if PACK_HUNTING in nm:
                    v += 0.2
            else:
                v = 0.9 * fed + (0.1 if DEFENSIVE_HERDING in nm else 0.0)
            out.append((v, _key("pop", i)))
        if sp.size < C.MAX_SIZE:
            v = 0.05
            threats = x.threats(p, i)
            if threats:
                v += ATTACK_LOSS * sum(1 for c in threats if c[4] <= sp.size + 1)
            if carn:
                eff = sp.size + sp.pop if PACK_HUNTING in nm else sp.size
                now = x.best_meat(i, eff, nm)
                more = x.best_meat(i, eff + 1, nm)
                v += 0.6 * (min(sp.pop, more) - min(sp.pop, now))
            out.append((v, _key("size", i)))
    return out


def _card_uses(x: _Ctx, c: int, generic: list[tuple[float, str]]) -> list[tuple[float, str]]:
    t = TRAIT_OF[c]
    uses = list(generic)
    for j, nm in enumerate(x.names[x.p]):
        if t not in nm:
            uses.append((_trait_value(x, t, j), _key("trait", j)))
    return uses


def _best_trait(x: _Ctx, t: str) -> float:
    best = -9.0
    for j, nm in enumerate(x.names[x.p]):
        if t not in nm:
            v = _trait_value(x, t, j)
            if v > best:
                best = v
    return best


def _card_values(x: _Ctx, hand: list[int]) -> dict[int, float]:
    """Each hand card's worth as the best thing it can pay for; among equal
    uses the card least worth as a trait is spent on size/population."""
    gen = max(v for v, _ in _generic_values(x))
    by_trait: dict[str, float] = {}
    out = {}
    for c in hand:
        t = TRAIT_OF[c]
        tv = by_trait.get(t)
        if tv is None:
            tv = by_trait[t] = _best_trait(x, t)
        out[c] = tv if tv >= gen else gen - 0.01 * tv
    return out


# -- the decisions ---------------------------------------------------------------------------
def _food(x: _Ctx, d: Decision, rng: random.Random) -> str:
    """The food card: the card least worth playing, with its food value
    weighed by how much more plant food helps this player than the others."""
    s, p = x.s, x.p
    mine = others = 0
    for q, pl in enumerate(s.players):
        h = sum(sp.pop for i, sp in enumerate(pl.species) if CARNIVORE not in x.names[q][i])
        if q == p:
            mine += h
        else:
            others += h
    total = mine + others
    if total == 0:
        w = 0.0
    else:
        share = mine / total
        w = share - (1.0 - share) / max(1, x.n - 1)
        if x.ratio > 1.3:
            w *= 0.3                               # food is plentiful anyway
    vals = _card_values(x, [o.value for o in d.options])
    scored = [(w * 0.6 * FOOD_OF[o.value] - vals[o.value], o.key) for o in d.options]
    return pick(scored, rng)


def _play(x: _Ctx, d: Decision, rng: random.Random) -> str:
    hand = [o.value for o in d.options if o.key != "done"]
    vals = _card_values(x, hand)
    scored = [(vals[c] - x.keep, k) for c, k in ((o.value, o.key) for o in d.options if o.key != "done")]
    scored.append((0.0, "done"))
    return pick(scored, rng)


def _use(x: _Ctx, d: Decision, rng: random.Random) -> str:
    step = x.s.steps[-1]
    legal = {o.key for o in d.options}
    scored = [(v, k) for v, k in _card_uses(x, step.card, _generic_values(x)) if k in legal]
    if not scored:
        scored = [(0.0, o.key) for o in d.options if o.key != "back"] or [(0.0, "back")]
    return pick(scored, rng)


def _replace(x: _Ctx, d: Decision, rng: random.Random) -> str:
    step = x.s.steps[-1]
    scored = [(-_kept_value(x, o.value, step.species), o.key) for o in d.options if o.key != "back"]
    return pick(scored, rng)


def _hunger_bonus(sp: Any) -> float:
    if sp.food >= sp.pop:
        return 0.0
    # an unfed species dies out and takes its trait cards with it
    return 0.6 + 0.3 * len(sp.traits) if sp.food == 0 else 0.0


def _eat_value(x: _Ctx, i: int) -> float:
    s, p = x.s, x.p
    row = s.players[p].species
    sp = row[i]
    nm = x.names[p][i]
    hunger = sp.pop - sp.food
    if hunger <= 0:
        # storing fat: food for next round, and plant food the others cannot have
        return 0.35
    v = 1.0 + _hunger_bonus(sp)
    if FORAGING in nm and s.hole >= 2 and hunger >= 2:
        v += 0.9
    if COOPERATION in nm and i + 1 < len(row):
        nb = row[i + 1]
        if CARNIVORE not in x.names[p][i + 1] and nb.food < nb.pop:
            v += 0.8
    if BURROWING in nm and hunger == 1 and x.threats(p, i):
        v += 0.6                                   # fed, it is safe from attack
    return v


def _target_value(x: _Ctx, i: int, o: int, j: int, bl: list) -> float:
    """Carnivore ``i`` of the player attacking species ``j`` of ``o``."""
    s, p = x.s, x.p
    a = s.players[p].species[i]
    an = x.names[p][i]
    t = s.players[o].species[j]
    tn = x.names[o][j]
    pop = a.pop
    v = -x.keep * len(bl)
    horns = HORNS in tn and (INTELLIGENCE not in an or len(s.players[p].hand) <= len(bl) or o == p)
    if horns:
        if pop <= 1:
            return -3.0 - len(a.traits)            # it would die before eating
        pop -= 1
        v -= 1.0
    room = pop - min(a.food, pop)
    if FAT_TISSUE in an:
        room += a.size - a.fat
    got = min(room, t.size)
    if FORAGING in an and got < room:
        got += 1
    v += got
    if o == p:
        v -= ATTACK_LOSS + (len(t.traits) if t.pop <= 1 else 0.0)
    else:
        v += (ATTACK_LOSS + (0.7 * len(t.traits) if t.pop <= 1 else 0.0)) / max(1, x.n - 1) * 0.8
    for q, pl in enumerate(s.players):           # every Scavenger takes a meat
        for k, _sp in enumerate(pl.species):
            if SCAVENGER in x.names[q][k]:
                v += 0.5 if q == p else -0.5 / max(1, x.n - 1)
    return v


def _best_target(x: _Ctx, i: int) -> tuple[float, str | None]:
    best, key = -99.0, None
    for o, j, bl in targets(x.s, x.p, i, x.names):
        v = _target_value(x, i, o, j, bl)
        if v > best:
            best, key = v, f"target:{o}:{j}"
    return best, key


def _intel_value(x: _Ctx, i: int) -> float:
    sp = x.s.players[x.p].species[i]
    nm = x.names[x.p][i]
    room = sp.pop - sp.food
    if FAT_TISSUE in nm:
        room += sp.size - sp.fat
    got = min(2, room)
    if FORAGING in nm and got < room:
        got += 1
    hungry = sp.food < sp.pop
    hand = x.s.players[x.p].hand
    cheapest = x.keep if hand else 9.0
    return (got if hungry else 0.4 * got) - cheapest + (_hunger_bonus(sp) if hungry else 0.0)


def _feed(x: _Ctx, d: Decision, rng: random.Random) -> str:
    scored = []
    for o in d.options:
        k = o.key
        if k == "pass":
            scored.append((0.0, k))
            continue
        what, i = o.value
        if what == "eat":
            v = _eat_value(x, i)
        elif what == "intel":
            v = _intel_value(x, i)
        else:
            v = _best_target(x, i)[0]
        scored.append((v, k))
    return pick(scored, rng)


def _target(x: _Ctx, d: Decision, rng: random.Random) -> str:
    step = x.s.steps[-1]
    i = step.species
    scored = []
    for o in d.options:
        if o.key == "back":
            continue
        ow, j = o.value
        bl = blockers(x.s.players[x.p].species[i], x.names[x.p][i],
                      _attack_size(x.s.players[x.p].species[i], x.names[x.p][i]),
                      x.s.players[ow].species, x.names[ow], j) if ow != x.p else []
        scored.append((_target_value(x, i, ow, j, bl), o.key))
    return pick(scored, rng) if scored else "back"


def _attack_size(a: Any, an: set) -> int:
    return a.size + a.pop if PACK_HUNTING in an else a.size


def _ignore(x: _Ctx, d: Decision, rng: random.Random) -> str:
    # ignoring Horns costs a card and saves a population (or the attacker's life)
    for o in d.options:
        if o.key.startswith("ignore"):
            return o.key
    return "attack"


def _discard(x: _Ctx, d: Decision, rng: random.Random) -> str:
    vals = _card_values(x, [o.value for o in d.options])
    return pick([(-vals[o.value], o.key) for o in d.options], rng)


_BY_KIND = {"food": _food, "play": _play, "use": _use, "replace": _replace, "feed": _feed,
            "target": _target, "ignore": _ignore, "discard": _discard}
HANDLED_KINDS = frozenset(_BY_KIND)
RANDOM_FALLBACK: frozenset[str] = frozenset()     # every kind has its rule


def _with_ctx(how, game: Game, state: Any, decision: Decision, rng: random.Random) -> str:
    return how(_Ctx(game, state, decision.player), decision, rng)


def choose(game: Game, state: Any, decision: Decision, rng: random.Random) -> str:
    return dispatch(_BY_KIND, game, state, decision, rng, _with_ctx)


# -- judgement -------------------------------------------------------------------------------
def evaluate(game: Game, state: Any) -> list[float]:
    """Each player's chance of winning: a softmax of the expected final score,
    sharper as fewer rounds remain."""
    s = state
    n = len(s.players)
    if s.phase == "over":
        w = game.winners(s)
        return [1.0 / len(w) if p in w else 0.0 for p in range(n)]
    future = _rounds_after(s)
    feeding = s.phase == "feed"
    demand = 0
    for pl in s.players:
        for sp in pl.species:
            if not sp.has(CARNIVORE):
                demand += sp.pop - sp.food
    supply = s.hole if feeding else s.hole + sum(FOOD_OF[c] for _, c in s.food_cards) + 2.0
    fed = min(1.0, max(0.0, supply) / demand) if demand > 0 else 1.0
    est = []
    for pl in s.players:
        v = float(pl.bag)
        for sp in pl.species:
            v += len(sp.traits) + sp.food
            hunger = sp.pop - sp.food
            if hunger > 0:
                v += hunger * (0.5 if sp.has(CARNIVORE) else fed) * 0.9
            # a bigger row earns more in the rounds to come
            v += 0.2 * min(future, 3) * sp.pop
        if future:
            v += 0.9 * len(pl.hand)                # most cards become a trait point later
        est.append(v)
    temp = 1.5 + 2.0 * future + (1.0 if not feeding else 0.0)
    top = max(est)
    ex = [math.exp((e - top) / temp) for e in est]
    tot = sum(ex)
    return [e / tot for e in ex]
