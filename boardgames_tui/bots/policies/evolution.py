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
question ("what does the card pay for?", "which target?", "which trait goes?")
is answered with the same scores that chose its first part, and never with
"back", so a rollout cannot loop.  The first part weighs each option as a plan
(a card with its best use, an attack with its best target; ties among uses and
targets broken by the position, not by chance) and the follow-up picks that
plan's part: a hint's steps carry out what its first step's reason said.

The reasons (factors, for the hint) name what differs between the options (a
factor shared with the next best option is left out, see ``_distinct``), and
state as fact only what the player sees: a factor that rests on another
player's face-down card, which the world dealt at random, says "may" ("it may
shield species 1 if a carnivore is played").  Nothing here reads the other
players' hand cards or the deck's order.
"""
from __future__ import annotations

import math
import random
from functools import partial
from collections.abc import Callable, Iterable, Set as AbstractSet
from typing import Any

from ...engine.core import Decision, Game
from ...games.evolution import cards as C
from ...games.evolution.feeding import blockers, targets
from ...games.evolution.cards import (
    AMBUSH, BURROWING, CARNIVORE, CLIMBING, COOPERATION, DEFENSIVE_HERDING, FAT_TISSUE, FERTILE,
    FOOD_OF, FORAGING, HARD_SHELL, HARD_SHELL_BONUS, HORNS, INTELLIGENCE, LONG_NECK, MAX_POP,
    PACK_HUNTING, SCAVENGER, SYMBIOSIS, TRAIT_OF, WARNING_CALL,
)
from . import Why, because, dispatch, explaining, pick, why

# The hard bot's budget in the app, under a second a decision: an iteration costs
# 1.0-1.4 ms of CPU here with 2-4 players (bench/bots.py).
HARD_ITERATIONS = 400
# The hard bot's search as ismcts does it by default (paired rounds, the others' choices this
# policy's): hard vs 3 easy won 11 of 20 four-player games so, 6 of 20 with the others searched
# (bench/strength.py --titles evolution --four 20 --pairings "" --jobs 1, seed 1000); two-player
# hard vs easy 18 of 20, 90% [70%, 97%] (--games 20 --pairings hard-easy).

DEFENCE = frozenset((HORNS, CLIMBING, HARD_SHELL, DEFENSIVE_HERDING, SYMBIOSIS, BURROWING))
NO_TRAITS: frozenset = frozenset()
EXPECTED_FOOD_CARD = 2.5      # a food card not laid yet (the deck's mean is about 3)
ATTACK_LOSS = 1.3             # what an attack costs its victim: a population and its food
TIE = 1e-9                    # scores this close are equal (as :func:`pick` has it)

# A hint's factors: (weight, phrase) pairs, collected only while a hint asks (``parts`` given).
Parts = list[tuple[float, str]]


class Planned(Why):
    """A score with its factors (:class:`Why`) and the follow-up it was weighed with: ``then``, the key
    the next question of the same choice answers (the "use" of a card picked to play, the "target" of
    a carnivore picked to attack).  That question picks it (:func:`_use`, :func:`_target`), so a
    hint's steps carry out the plan its first step gave a reason for."""

    __slots__ = ("then",)
    then: str


def _planned(value: float, then: str, factors: Callable[[], Iterable[tuple[float, str] | None]]) -> float:
    """:func:`why` for a score that plans a follow-up ``then`` (a :class:`Planned` while a hint asks)."""
    if not explaining():
        return value
    w = Planned(value, tuple(f for f in factors() if f is not None and f[0] != 0))
    w.then = then
    return w


def _same(a: float, b: float) -> bool:
    return abs(a - b) <= 0.1 * max(abs(a), abs(b)) + 1e-9


def _distinct(scored: list[tuple[float, str]]) -> list[tuple[float, str]]:
    """The reasons say what differs: each option's factors without those it shares (same phrase,
    about the same weight) with the best other option that is not its twin (options with the same
    phrases, such as a new species at either end, are weighed against the next one).  A factor
    every option has ("it is a point" for each trait) explains no choice among them.  Kept whole
    when nothing for it would be left."""
    whys = [(v, k) for v, k in scored if isinstance(v, Why) and v.factors]
    if len(whys) < 2:
        return scored
    order = sorted(whys, key=lambda vk: -vk[0])
    texts = {k: {t for _, t in v.factors} for v, k in whys}
    out = []
    for v, k in scored:
        if not isinstance(v, Why) or not v.factors:
            out.append((v, k))
            continue
        other = next((w for w, kk in order if kk != k and texts[kk] != texts[k]), None)
        if other is None:
            out.append((v, k))
            continue
        theirs = {t: w for w, t in other.factors}
        kept = tuple(f for f in v.factors if not (f[1] in theirs and _same(f[0], theirs[f[1]])))
        if kept == v.factors or (any(w > 0 for w, _ in v.factors) and not any(w > 0 for w, _ in kept)):
            out.append((v, k))
            continue
        if isinstance(v, Planned):
            n = Planned(float(v), kept)
            n.then = v.then
            out.append((n, k))
        else:
            out.append((Why(float(v), kept), k))
    return out


def _pick(scored: list[tuple[float, str]], rng: random.Random) -> str:
    """:func:`pick`, with reasons that name what differs while a hint asks (:func:`_distinct`)."""
    return pick(_distinct(scored) if explaining() else scored, rng)


_KEYS = {head: [f"{head}:{i}" for i in range(32)] for head in ("pop", "size", "trait")}


def _key(head: str, i: int) -> str:
    table = _KEYS[head]
    return table[i] if i < 32 else f"{head}:{i}"


# -- the position, read once per call ----------------------------------------------------------
class _Ctx:
    """What the scores of one decision share: names, threats, food outlook."""

    __slots__ = ("s", "g", "p", "n", "names", "carns", "ratio", "fed", "future", "lasting", "last", "keep",
                 "row", "limit", "_threats", "gains", "weakest", "_meat", "_gen", "_gen_best", "trait_best",
                 "_seen")

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
        self._gen: list[tuple[float, str]] | None = None
        self._gen_best: tuple[float, list[str]] | None = None
        self.trait_best: dict[str, tuple[float, list[str]]] = {}    # _best_trait, once per decision
        self._seen: list[list[AbstractSet[str]]] | None = None

    def generic(self) -> list[tuple[float, str]]:
        """:func:`_generic_values`, once per decision."""
        g = self._gen
        if g is None:
            g = self._gen = _generic_values(self)
        return g

    def generic_best(self) -> tuple[float, list[str]]:
        """The best discard's worth and the keys that give it (ties)."""
        b = self._gen_best
        if b is None:
            gen = self.generic()
            top = max(v for v, _ in gen)
            b = self._gen_best = (top, [k for v, k in gen if v >= top - TIE])
        return b

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

    # What is in sight, for the hint's reasons (not for the scores): the world deals the other
    # players' face-down cards at random, so a factor that rests on one is a possibility, not a fact.
    def in_sight(self, c: tuple) -> bool:
        """Is carnivore ``c`` (of :attr:`carns`) as the player sees it: theirs, or all its cards face up?"""
        return c[0] == self.p or not c[2].hidden

    def seen_names(self) -> list[list[AbstractSet[str]]]:
        """:attr:`names` as the player sees them: the other players' face-down traits left out."""
        seen = self._seen
        if seen is None:
            seen = self._seen = [
                rn if q == self.p else [nm if not sp.hidden else {TRAIT_OF[c] for c in sp.traits if c not in sp.hidden}
                                        for sp, nm in zip(pl.species, rn)]
                for q, (pl, rn) in enumerate(zip(self.s.players, self.names))]
        return seen

    def prey_known(self, i: int, eff: int, an: AbstractSet[str]) -> tuple[int, int]:
        """Beside :meth:`best_meat` (the world's answer, between these two): the largest prey of the
        player's species ``i`` (attack size ``eff``, traits ``an``) among species whose traits, and their
        neighbours', are all face up (sure), and the largest if no face-down trait is in the way (possible)."""
        s, q = self.s, self.p
        a = s.players[q].species[i]
        seen = self.seen_names()
        sure = possible = 0
        for o in range(self.n):
            if o == q:
                continue
            row = s.players[o].species
            for j, t in enumerate(row):
                if t.size >= eff or t.size <= sure:
                    continue
                if t.size > possible and not blockers(a, an, eff, row, seen[o], j):
                    possible = t.size
                if (t.size > sure and not any(row[k].hidden for k in (j - 1, j, j + 1) if 0 <= k < len(row))
                        and not blockers(a, an, eff, row, self.names[o], j)):
                    sure = t.size
        return sure, possible

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


def _gain(x: _Ctx, t: str, j: int, parts: Parts | None = None) -> float:
    v = _gain_of(x, t, j, parts)
    if parts is not None and not parts:
        text = _GAIN_TEXT.get(t, "it helps species {n}")
        if t == INTELLIGENCE and CARNIVORE in x.names[x.p][j]:
            text = "species {n} gets past defences"
        parts.append((v, text.format(n=j + 1)))
    return v


# What a trait does, for the hint (where its score is one term).
_GAIN_TEXT = {
    WARNING_CALL: "it guards species {n}'s neighbours",
    PACK_HUNTING: "species {n} can then hunt bigger prey",
    AMBUSH: "it gets past Warning Calls",
    SCAVENGER: "species {n} gets meat from attacks",
    LONG_NECK: "species {n} gets food each round",
    FORAGING: "species {n} eats 2 food at a time",
    INTELLIGENCE: "species {n} can trade cards for food",
    FAT_TISSUE: "species {n} can store food",
    FERTILE: "species {n} grows while food lasts",
}


def _gain_of(x: _Ctx, t: str, j: int, parts: Parts | None) -> float:
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
        eff, an = sp.size + sp.pop if PACK_HUNTING in nm else sp.size, nm | {CARNIVORE}
        meat = x.best_meat(j, eff, an)
        herb = sp.pop * fed + (1.0 if LONG_NECK in nm else 0.0)
        if not meat:
            if parts is not None:
                none = not x.prey_known(j, eff, an)[1]
                parts += [(-1.5, f"species {j + 1} {'would have' if none else 'may find'} no prey"),
                          (-herb, "no more plant food")]
            return -1.5 - herb
        if parts is not None:
            sure = x.prey_known(j, eff, an)[0] == meat
            parts += [((0.8 * min(sp.pop, meat) + 0.6) * lasting * 0.7,
                       f"it can hunt size-{meat} prey" if sure else f"it may hunt size-{meat} prey"),
                      (-herb, "no more plant food")]
        return (0.8 * min(sp.pop, meat) + 0.6) * lasting * 0.7 - herb
    if t in DEFENCE:
        threats = x.threats(p, j)
        if not threats:
            if parts is not None:
                parts.append((0.15 if x.carns else 0.0, f"it guards species {j + 1} later"))
            return 0.15 if x.carns else 0.0
        v = 0.0
        shield: list[tuple[float, tuple]] | None = [] if parts is not None else None   # for the hint
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
            if shield is not None and w:
                shield.append((w, c))
        loss = _attack_loss(x, sp) + (0.5 * len(sp.traits) if sp.pop <= 1 else 0.0)
        if parts is not None and shield is not None:
            parts += _against(x, shield, loss * lasting * 0.7, 2.0, f"it shields species {j + 1} from",
                              f"it may shield species {j + 1} from",
                              f"it may shield species {j + 1} if a carnivore is played")
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
            if parts is not None:
                sure = (x.prey_known(j, sp.size, nm)[0], x.prey_known(j, sp.size + sp.pop, nm)[0]) == (now, more)
                parts.append((0.6 * (min(sp.pop, more) - min(sp.pop, now)) * lasting,
                              f"species {j + 1} can then hunt bigger prey" if sure
                              else f"species {j + 1} may then hunt bigger prey"))
            return 0.6 * (min(sp.pop, more) - min(sp.pop, now)) * lasting
        if t == AMBUSH:
            if parts is not None and any(WARNING_CALL in n for q in range(x.n) if q != p for n in x.names[q]):
                seen = x.seen_names()
                parts.append((0.3, "it gets past Warning Calls"
                              if any(WARNING_CALL in n for q in range(x.n) if q != p for n in seen[q])
                              else "it may get past a Warning Call"))
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
        if parts is not None:
            parts.append((0.5 * lasting, f"it shares food with species {j + 2}") if j + 1 < len(row)
                         and CARNIVORE not in x.names[p][j + 1] else (0.05, "a neighbour may come"))
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


def _against(x: _Ctx, hits: list[tuple[float, tuple]], unit: float, cap: float, plain: str, maybe: str,
             unseen: str) -> Parts:
    """The factors of a guard against carnivores ``hits`` ((share, carnivore) pairs, the carnivores
    of :attr:`_Ctx.carns`; the shares add up to at most ``cap``), worth ``unit`` a share.  Those in
    sight are named plainly (``plain`` "it shields species 1 from" + "P2's carnivore"); those that
    rest on a guess, a face-down card of another player, are a possibility: ``maybe`` ("it may shield
    species 1 from") a carnivore shown whose face-down cards may change what it can attack, else
    ``unseen`` ("it may shield species 1 if a carnivore is played")."""
    if not hits:
        return []
    total = min(sum(w for w, _ in hits), cap)
    seen = [c for _, c in hits if x.in_sight(c)]
    sure = min(sum(w for w, c in hits if x.in_sight(c)), cap)
    out: Parts = []
    if seen:
        out.append((sure * unit, f"{plain} {x.s.names[seen[0][0]]}'s carnivore" if len(seen) == 1
                    else f"{plain} {len(seen)} carnivores"))
    if total > sure:
        guessed = [c for _, c in hits if not x.in_sight(c)]
        more = (total - sure) * unit
        if seen:
            # after the fact, whatever its weight: "it shields species 1 from P2's carnivore and more may come"
            more, text = min(more, 0.99 * sure * unit), "more may come"
        elif len(guessed) == 1 and any(TRAIT_OF[k] == CARNIVORE and k not in guessed[0][2].hidden
                                       for k in guessed[0][2].traits):
            text = f"{maybe} {x.s.names[guessed[0][0]]}'s carnivore"
        else:
            text = unseen
        out.append((more, text))
    return out


def _attack_loss(x: _Ctx, sp: Any) -> float:
    """What an attack on ``sp`` costs its owner: a population and its food,
    and the meat fed to an opponent."""
    return ATTACK_LOSS + 0.5 * sp.size / max(1, x.n - 1)


def _trait_value(x: _Ctx, t: str, j: int, parts: Parts | None = None) -> float:
    """Playing a card of trait ``t`` on species ``j`` (replacing the weakest
    trait when the species is full)."""
    sp = x.row[j]
    k = (t, j)
    gain = x.gains.get(k)
    if gain is None:
        gain = x.gains[k] = _gain(x, t, j)
    if parts is not None:
        _gain(x, t, j, parts)
        if len(sp.traits) < x.limit:
            parts.append((1.0, "it is a point"))
    gain += 1.0
    if len(sp.traits) >= x.limit:
        w = x.weakest.get(j)
        if w is None:
            w = x.weakest[j] = min(_kept_value(x, old, j) for old in sp.traits)
        if parts is not None:
            old = _weakest_card(x, j)
            parts.append((1.0 - w, f"it replaces {TRAIT_OF[old]}"))   # the new card's point for the old one
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


def _generic_values(x: _Ctx, parts: dict[str, Parts] | None = None) -> list[tuple[float, str]]:
    """Discarding a card for size, population or a new species: the same for
    every card, so scored once.  With ``parts`` (a hint asking), each key's terms go there."""
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
    if parts is not None:
        parts["species:right"] = parts["species:left"] = [
            (fed * (0.85 + (0.0 if x.last else 0.35 * min(x.future, 4))),
             "a new species scores once fed" if x.last else "a new species scores and draws cards"),
            (-0.4 if opp_carn else 0.0, "carnivores may eat it")]
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
                if parts is not None:
                    fuller = (f"species {i + 1} has prey to feed more" if x.prey_known(i, eff, nm)[0] > sp.pop
                              else f"species {i + 1} may have prey to feed more")
                    parts[_key("pop", i)] = [
                        (0.8 if meat > sp.pop else 0.15, fuller if meat > sp.pop else f"species {i + 1} grows"),
                        (0.2 if PACK_HUNTING in nm else 0.0, "its pack hunts bigger prey")]
            else:
                v = 0.9 * fed + (0.1 if DEFENSIVE_HERDING in nm else 0.0)
                if parts is not None:
                    parts[_key("pop", i)] = [
                        (0.9 * fed, f"there may be food for more of species {i + 1}" if fed >= 1
                         else f"species {i + 1} grows, if food allows"),
                        (0.1 if DEFENSIVE_HERDING in nm else 0.0, "its herd defends better")]
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
            if parts is not None:
                outgrown = [(1.0, c) for c in threats if c[4] <= sp.size + 1]
                hunt = f"species {i + 1} can hunt bigger prey"
                if carn and (x.prey_known(i, eff, nm)[0], x.prey_known(i, eff + 1, nm)[0]) != (now, more):
                    hunt = f"species {i + 1} may hunt bigger prey"
                parts[_key("size", i)] = [
                    (0.05 if not outgrown and not (carn and more > now) else 0.0, f"species {i + 1} grows bigger"),
                    *_against(x, outgrown, ATTACK_LOSS, 99.0, f"species {i + 1} outgrows",
                              f"species {i + 1} may outgrow", f"species {i + 1} may outgrow a carnivore to come"),
                    (0.6 * (min(sp.pop, more) - min(sp.pop, now)) if carn else 0.0, hunt)]
            out.append((v, _key("size", i)))
    return out


def _card_uses(x: _Ctx, c: int) -> list[tuple[float, str]]:
    """Every use of card ``c``: the discards (:func:`_generic_values`) and the trait on each species
    that lacks it."""
    t = TRAIT_OF[c]
    uses = list(x.generic())
    for j, nm in enumerate(x.names[x.p]):
        if t not in nm:
            uses.append((_trait_value(x, t, j), _key("trait", j)))
    return uses


def _use_factors(x: _Ctx, c: int, k: str) -> Parts:
    """The terms of spending card ``c`` on use ``k`` (a key of the "use" decision)."""
    if k.startswith("trait:"):
        parts: Parts = []
        _trait_value(x, TRAIT_OF[c], int(k[6:]), parts)
        return parts
    by_key: dict[str, Parts] = {}
    _generic_values(x, by_key)
    return by_key.get(k, [])


def _best_trait(x: _Ctx, t: str) -> tuple[float, list[str]]:
    """The best worth of a trait-``t`` card laid on one of the player's species, and the keys of the
    species that give it (ties); (-9, []) when every species has ``t``."""
    got = x.trait_best.get(t)
    if got is None:
        best, keys = -9.0, []
        for j, nm in enumerate(x.names[x.p]):
            if t not in nm:
                v = _trait_value(x, t, j)
                if v > best + TIE:
                    best, keys = v, [_key("trait", j)]
                elif v >= best - TIE:
                    keys.append(_key("trait", j))
        got = x.trait_best[t] = (best, keys)
    return got


def _plan(x: _Ctx, c: int) -> tuple[float, str]:
    """Card ``c``'s plan: its worth as the best thing it can pay for, and that use (a "use" key).
    Among equal uses the card least worth as a trait is the one spent on a discard.  Ties between
    uses are broken by the card and the round, not by chance: the "use" question asked next
    (:func:`_use`) must come to the same use, so that a card's two steps carry out one plan."""
    gv, gkeys = x.generic_best()
    tv, tkeys = _best_trait(x, TRAIT_OF[c])
    salt = c + x.s.round
    if tkeys and tv >= gv:
        return tv, tkeys[salt % len(tkeys)]
    return gv - 0.01 * tv, gkeys[salt % len(gkeys)]


def _card_values(x: _Ctx, hand: list[int]) -> dict[int, float]:
    """Each hand card's worth as its plan (:func:`_plan`)."""
    return {c: _plan(x, c)[0] for c in hand}


def _least(vals: dict[int, float], c: int, what: str, *more: tuple[float, str]) -> Parts:
    """For the card worth least (``vals``), as the one to give up (and ``more`` factors)."""
    gap = max(vals.values()) - vals[c]
    out = [f for f in ((gap, f"you need {what} least"), *more) if f[0]]
    return out or [(1e-3, "your cards are worth alike")]


def _favour(scored: list[tuple[float, str]], plan: str | None) -> list[tuple[float, str]]:
    """``scored`` with the options tied with ``plan`` (the follow-up its first step chose) set a
    hair below it, so :func:`pick` takes the plan and not a chance one of its equals."""
    if plan is None or not any(k == plan for _, k in scored):
        return scored
    best = max(v for v, _ in scored)
    return [(v - 1e-6 if k != plan and v >= best - TIE else v, k) for v, k in scored]


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
    scored = [(why(w * 0.6 * FOOD_OF[o.value] - vals[o.value],
                   partial(_food_least, vals, o.value, w)),
               o.key) for o in d.options]
    return _pick(scored, rng)


def _food_least(vals: dict[int, float], c: int, w: float) -> Parts:
    return _least(vals, c, TRAIT_OF[c], _food_factor(w * 0.6 * FOOD_OF[c], FOOD_OF[c]))


def _food_factor(weight: float, food: int) -> tuple[float, str]:
    """The food card's plant food: it feeds (or starves) this player's herbivores more than the others'."""
    if food >= 0:
        return weight, f"its {food} food feeds your herbivores" if weight >= 0 else f"its {food} food helps the others"
    return weight, f"it takes {-food} food from the others" if weight >= 0 else f"it takes {-food} of your food"


def _play(x: _Ctx, d: Decision, rng: random.Random) -> str:
    """The card whose plan (:func:`_plan`, a card and its use weighed as a pair) is worth most, or
    the end of the turn when keeping the cards is worth more."""
    plans = {o.value: _plan(x, o.value) for o in d.options if o.key != "done"}
    scored = [(_planned(plans[c][0] - x.keep, plans[c][1], partial(_use_factors, x, c, plans[c][1])), k)
              for c, k in ((o.value, o.key) for o in d.options if o.key != "done")]
    best = max((v for v, _ in plans.values()), default=0.0)
    scored.append((why(0.0, lambda: [(max(1e-3, x.keep - best),
                                      "no card pays more than keeping it" if x.keep
                                      else "no card would earn you anything")]), "done"))
    return _pick(scored, rng)


def _use(x: _Ctx, d: Decision, rng: random.Random) -> str:
    """What the picked card pays for: the use its plan chose (:func:`_plan`), among the same scores."""
    c = x.s.steps[-1].card
    legal = {o.key for o in d.options}
    uses = _favour([(v, k) for v, k in _card_uses(x, c) if k in legal], _plan(x, c)[1])
    scored = [(why(v, partial(_use_factors, x, c, k)), k) for v, k in uses]
    if not scored:
        because("any of these uses will do")
        scored = [(0.0, o.key) for o in d.options if o.key != "back"] or [(0.0, "back")]
    return _pick(scored, rng)


def _replace(x: _Ctx, d: Decision, rng: random.Random) -> str:
    """The trait card to give up: the one :func:`_trait_value` counted on replacing."""
    j = x.s.steps[-1].species
    opts = [o for o in d.options if o.key != "back"]
    kept = {o.value: _kept_value(x, o.value, j) for o in opts}
    plan = f"replace:{_weakest_card(x, j)}" if opts else None
    raw = _favour([(-kept[o.value], o.key) for o in opts], plan)
    scored = [(why(v, partial(_weakest, kept, o.value)), k) for (v, k), o in zip(raw, opts)]
    return _pick(scored, rng)


def _weakest_card(x: _Ctx, j: int) -> int:
    """The trait card of full species ``j`` least worth keeping (the first of equals)."""
    return min(x.row[j].traits, key=lambda o: _kept_value(x, o, j))


def _weakest(kept: dict[int, float], c: int) -> Parts:
    gap = max(kept.values()) - kept[c]
    return [(gap, f"{TRAIT_OF[c]} does the least for it") if gap > 0 else (1e-3, "its traits are worth alike")]


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
        return why(0.35, lambda: [(0.35, f"species {i + 1} stores it as fat")])
    v = 1.0 + _hunger_bonus(sp)
    if FORAGING in nm and s.hole >= 2 and hunger >= 2:
        v += 0.9
    if COOPERATION in nm and i + 1 < len(row):
        nb = row[i + 1]
        if CARNIVORE not in x.names[p][i + 1] and nb.food < nb.pop:
            v += 0.8
    if BURROWING in nm and hunger == 1 and x.threats(p, i):
        v += 0.6                                   # fed, it is safe from attack
    return why(v, lambda: _eat_factors(x, i, hunger))


def _eat_factors(x: _Ctx, i: int, hunger: int) -> Parts:
    """The terms of :func:`_eat_value` for a hungry species ``i``."""
    s, p = x.s, x.p
    row = s.players[p].species
    sp, nm = row[i], x.names[p][i]
    out: Parts = [(1.0, f"species {i + 1} needs {hunger} more food"), (_hunger_bonus(sp), "it dies out if unfed")]
    if FORAGING in nm and s.hole >= 2 and hunger >= 2:
        out.append((0.9, "Foraging takes a second food"))
    if COOPERATION in nm and i + 1 < len(row):
        nb = row[i + 1]
        if CARNIVORE not in x.names[p][i + 1] and nb.food < nb.pop:
            out.append((0.8, f"Cooperation feeds species {i + 2} too"))
    if BURROWING in nm and hunger == 1 and x.threats(p, i):
        out.append((0.6, "fed, Burrowing keeps it safe"))
    return out


def _target_value(x: _Ctx, i: int, o: int, j: int, bl: list, parts: Parts | None = None) -> float:
    """Carnivore ``i`` of the player attacking species ``j`` of ``o``."""
    s, p = x.s, x.p
    a = s.players[p].species[i]
    an = x.names[p][i]
    t = s.players[o].species[j]
    tn = x.names[o][j]
    pop = a.pop
    horns = HORNS in tn and (INTELLIGENCE not in an or len(s.players[p].hand) <= len(bl) or o == p)
    # the Intelligence discards: one a blocking trait, and one more for Horns (:func:`_ignore` pays it)
    cards = len(bl) + (1 if HORNS in tn and not horns else 0)
    v = -x.keep * cards
    if parts is not None and cards:
        parts.append((v, f"it costs {'a card' if cards == 1 else f'{cards} cards'} to get past"
                      if bl else "it costs a card to ignore Horns"))
    if horns:
        if pop <= 1:
            if parts is not None:
                parts.append((-3.0 - len(a.traits), "Horns would kill your carnivore"))
            return -3.0 - len(a.traits)            # it would die before eating
        pop -= 1
        v -= 1.0
        if parts is not None:
            parts.append((-1.0, "Horns cost it a population"))
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
    if parts is not None:
        parts.append((got, f"it gets {got} meat"))
        if o == p:
            parts.append((-(ATTACK_LOSS + (len(t.traits) if t.pop <= 1 else 0.0)), "it is one of yours"))
        else:
            parts.append(((ATTACK_LOSS + (0.7 * len(t.traits) if t.pop <= 1 else 0.0)) / max(1, x.n - 1) * 0.8,
                          f"{s.names[o]}'s species dies out" if t.pop <= 1 else f"{s.names[o]} loses a population"))
    mine = theirs = 0.0
    for q, pl in enumerate(s.players):           # every Scavenger takes a meat
        for k, _sp in enumerate(pl.species):
            if SCAVENGER in x.names[q][k]:
                v += 0.5 if q == p else -0.5 / max(1, x.n - 1)
                if q == p:
                    mine += 0.5
                else:
                    theirs -= 0.5 / max(1, x.n - 1)
    if parts is not None:
        parts += [(mine, "your Scavenger eats too"), (theirs, "Scavengers eat too")]
    return v


def _best_target(x: _Ctx, i: int) -> tuple[float, str | None]:
    """Carnivore ``i``'s best attack: its worth (a :class:`Planned` naming the target while a hint
    asks) and the target's key (the first of equals, which :func:`_target` then picks)."""
    best, key, at = -99.0, None, None
    for o, j, bl in targets(x.s, x.p, i, x.names):
        v = _target_value(x, i, o, j, bl)
        if v > best + TIE:
            best, key, at = v, f"target:{o}:{j}", (o, j, bl)
    if at is not None and key is not None:
        o, j, bl = at
        best = _planned(best, key, lambda: _target_factors(x, i, o, j, bl))
    return best, key


def _target_factors(x: _Ctx, i: int, o: int, j: int, bl: list) -> Parts:
    parts: Parts = []
    _target_value(x, i, o, j, bl, parts)
    return parts


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
    return why((got if hungry else 0.4 * got) - cheapest + (_hunger_bonus(sp) if hungry else 0.0), lambda: [
        (got if hungry else 0.4 * got, f"{got} food for species {i + 1}" if hungry else f"{got} food to store as fat"),
        (-cheapest, "it costs a card"), (_hunger_bonus(sp) if hungry else 0.0, "it dies out if unfed")])


def _feed(x: _Ctx, d: Decision, rng: random.Random) -> str:
    scored = []
    for o in d.options:
        k = o.key
        if k == "pass":
            scored.append((why(0.0, lambda: [(1e-3, "no feeding pays off now")]), k))
            continue
        what, i = o.value
        if what == "eat":
            v = _eat_value(x, i)
        elif what == "intel":
            v = _intel_value(x, i)
        else:
            v = _best_target(x, i)[0]
        scored.append((v, k))
    return _pick(scored, rng)


def _target(x: _Ctx, d: Decision, rng: random.Random) -> str:
    """The species to attack: the one the feeding turn's choice counted on (:func:`_best_target`)."""
    i = x.s.steps[-1].species
    a, an = x.s.players[x.p].species[i], x.names[x.p][i]
    eff = _attack_size(a, an)
    raw, blocks = [], []
    for o in d.options:
        if o.key == "back":
            continue
        ow, j = o.value
        bl = blockers(a, an, eff, x.s.players[ow].species, x.names[ow], j) if ow != x.p else []
        raw.append((_target_value(x, i, ow, j, bl), o.key))
        blocks.append((ow, j, bl))
    if not raw:
        return "back"
    raw = _favour(raw, _best_target(x, i)[1] if len(raw) > 1 else None)
    scored = [(why(v, partial(_target_factors, x, i, ow, j, bl)), k) for (v, k), (ow, j, bl) in zip(raw, blocks)]
    return _pick(scored, rng)


def _attack_size(a: Any, an: set) -> int:
    return a.size + a.pop if PACK_HUNTING in an else a.size


def _ignore(x: _Ctx, d: Decision, rng: random.Random) -> str:
    # ignoring Horns costs a card and saves a population (or the attacker's life)
    for o in d.options:
        if o.key.startswith("ignore"):
            because("a card saves your carnivore a population")
            return o.key
    because("no card to spare for ignoring Horns")
    return "attack"


def _discard(x: _Ctx, d: Decision, rng: random.Random) -> str:
    vals = _card_values(x, [o.value for o in d.options])
    return _pick([(why(-vals[o.value], partial(_least, vals, o.value, TRAIT_OF[o.value])), o.key)
                  for o in d.options], rng)


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
