"""Evolution's phase 4: feeding and attacks (seed rules 16-33; ``RULES.md``, "4. Feeding" and
"Carnivores and attacks").

The steps, on the step stack:

* ``StartFeeding`` (auto): the traits turned up (rule 16), the food cards revealed (rule 17), the grain
  traits (rule 18), then the first ``FeedTurn``;
* ``FeedTurn``: feed one species (eat at the watering hole, discard for Intelligence, attack), or pass
  when only optional feeding is left; :func:`next_feeder` passes the turn on, and a whole round of turns
  without a feeding ends it;
* its follow-ups (``FeedFollowUp``): ``IntelDiscard`` (an Intelligence herbivore's discard),
  ``ChooseTarget`` (the species a carnivore attacks), ``IgnoreTraits`` (an Intelligence carnivore may
  ignore Horns too) and ``AttackDiscard`` (the cards discarded for Intelligence, one at a time);
* ``EndFeeding`` (auto): starvation, extinction, the bags and the free species (rules 25-29), then the
  game's ``_end_round`` (the end of the game, or the next round).

The functions take ``(game, state, ...)`` where they log or ask the game (``_extinct``,
``_order``); most need the state only.  :func:`blockers` and :func:`targets` are public: the bot policy
(``bots/policies/evolution.py``) reads the attacks with them.  The game's rules module imports this
one, never the other way round.
"""
from __future__ import annotations

from collections.abc import Iterator, Sequence, Set as AbstractSet
from typing import TYPE_CHECKING, Any

from ...engine.core import Option
from ...engine.steps import Auto, key, log
from ...engine.text import plural
from .base import EvoStep, _index, _key_i
from .cards import (
    AMBUSH, BURROWING, CARNIVORE, CLIMBING, COOPERATION, DEFENSIVE_HERDING, FAT_TISSUE, FERTILE, FOOD_OF,
    FORAGING, HARD_SHELL, HARD_SHELL_BONUS, HORNS, INTELLIGENCE, LONG_NECK, MAX_POP, PACK_HUNTING, SCAVENGER,
    SYMBIOSIS, TRAIT_OF, WARNING_CALL, card_label,
)

if TYPE_CHECKING:
    from .rules import EvolutionGame, EvolutionState, Species

HOLE, BANK = "hole", "bank"

BLOCK_REASON = {
    HARD_SHELL: "Hard Shell: the target counts as {shell} when attacked; the carnivore's attack size is only {eff}",
    CLIMBING: "Climbing: only a climbing carnivore may attack it",
    BURROWING: "Burrowing: it is fed (food equals population), so it cannot be attacked",
    DEFENSIVE_HERDING: "Defensive Herding: the carnivore's population must be larger than the target's",
    SYMBIOSIS: "Symbiosis: the species to its right is larger, so it cannot be attacked",
    WARNING_CALL: "Warning Call: a neighbour warns it; only a carnivore with Ambush may attack it",
}

PASS_LABEL = "Pass: feed nothing this turn (storing fat and Intelligence discards are optional)"


def _room(sp: Species, nm: AbstractSet[str]) -> int:
    """How many more chips the species may take (hunger, then Fat Tissue store)."""
    r = sp.pop - sp.food
    if FAT_TISSUE in nm:
        r += sp.size - sp.fat
    return r


def _attack_size(a: Species, an: AbstractSet[str]) -> int:
    return a.size + a.pop if PACK_HUNTING in an else a.size


# -- the steps ------------------------------------------------------------------------
class FeedFollowUp(EvoStep):
    """A question asked during a feeding turn about the player's species ``species``."""

    species: int

    def selected(self, viewer: int | None) -> dict | None:
        return {"card": None, "species": [self.player, self.species]}


class StartFeeding(Auto):
    """Traits turned up (rule 16), food cards revealed (rule 17), grain traits (rule 18)."""

    def run(self, g: EvolutionGame, s: EvolutionState) -> None:
        shown = []
        flipped = 0
        for p in g._order(s, s.start):
            parts = []
            for i, sp in enumerate(s.players[p].species):
                if sp.hidden:
                    parts.append(f"species {i + 1}: {', '.join(TRAIT_OF[c] for c in sp.hidden)}")
                    flipped += len(sp.hidden)
                    sp.hidden = []
            if parts:
                shown.append(f"{s.names[p]} ({'; '.join(parts)})")
        if shown:
            s.rng.reveal(flipped)
            log(s, "Traits turned face up: " + "; ".join(shown) + ".")
        s.phase = "feed"
        for pl in s.players:
            pl.done = False
        leftover = s.hole
        if s.food_cards:
            s.rng.reveal(len(s.food_cards))
            total = sum(FOOD_OF[c] for _, c in s.food_cards)
            s.hole = max(0, s.hole + total)
            listing = ", ".join(f"{card_label(c)} from {s.names[p]}" for p, c in s.food_cards)
            s.discard.extend(c for _, c in s.food_cards)
            s.food_cards = []
            log(s, f"Phase 4: food cards revealed: {listing}; total {total:+d}. "
                   f"The watering hole had {leftover} and now has {s.hole} plant food.")
        else:
            log(s, f"Phase 4: no food cards; the watering hole has {s.hole} plant food.")
        # Grain-symbol traits (rule 18, reference rows 2, 5, 6).
        notes: list[str] = []
        for p in g._order(s, s.start):
            row = s.players[p].species
            for i in range(len(row)):
                sp = row[i]
                nm = sp.names()
                if not nm:
                    continue
                if FERTILE in nm and leftover > 0 and sp.pop < MAX_POP:
                    sp.pop += 1
                    notes.append(f"{s.names[p]}'s species {i + 1} is Fertile: population {sp.pop}")
                if LONG_NECK in nm:
                    take(s, p, i, BANK, False, 1, notes, "Long Neck")
                if FAT_TISSUE in nm and sp.fat:
                    move = min(sp.fat, sp.pop - sp.food)
                    if move > 0:
                        sp.fat -= move
                        sp.food += move
                        notes.append(f"{s.names[p]}'s species {i + 1} moves {move} stored food from Fat Tissue")
        if notes:
            log(s, "; ".join(notes) + ".")
        s.steps.append(FeedTurn(s.start))


class FeedTurn(EvoStep):
    """One feeding turn.  ``quiet`` counts the turns in a row, before this one,
    in which nobody fed (skipped or passed); a whole round of them ends the
    feeding."""

    quiet: int = 0
    kind = "feed"
    heads = {"eat": (int,), "intel": (int,), "attack": (int,), "pass": ()}

    def prompt(self, g: EvolutionGame, s: EvolutionState) -> str:
        return "Feed one of your species"

    def options(self, g: EvolutionGame, s: EvolutionState) -> list[Option]:
        return feed_options(s, self.player)

    def on_empty(self, g: EvolutionGame, s: EvolutionState) -> None:
        next_feeder(s, self.player, self.quiet + 1)   # cannot feed: skipped

    def apply(self, g: EvolutionGame, s: EvolutionState, o: Option) -> None:
        p = self.player
        if o.key == "pass":
            log(s, f"{s.names[p]} passes (feeds nothing this turn).")
            next_feeder(s, p, self.quiet + 1)
            return
        what, i = o.value
        if what == "eat":
            notes: list[str] = []
            take(s, p, i, HOLE, False, 1, notes, "")
            log(s, "; ".join(notes) + f"; {s.hole} left there.")
            next_feeder(s, p, 0)
            return
        s.steps.append(self)                      # the turn goes on: a follow-up question
        s.steps.append(IntelDiscard(p, i) if what == "intel" else ChooseTarget(p, i))

    def why(self, g: EvolutionGame, s: EvolutionState, head: str, *parts: Any) -> str | None:
        p = self.player
        pl = s.players[p]
        if head == "pass":
            return ("feeding is compulsory: you may pass only when every feeding you could make is optional "
                    "(storing into Fat Tissue, discarding for Intelligence)")
        i = parts[0]
        bad = self._why_species(s, i)
        if bad:
            return bad
        sp = pl.species[i]
        nm = sp.names()
        if _room(sp, nm) <= 0:
            return f"species {i + 1} is already fed" + (" and its fat store is full" if FAT_TISSUE in nm else "")
        if head == "attack":
            if CARNIVORE not in nm:
                return f"species {i + 1} is not a carnivore"
            return f"species {i + 1} has no species it may attack"
        if CARNIVORE in nm:
            return f"species {i + 1} is a carnivore: carnivores never eat plants"
        if head == "eat" and s.hole <= 0:
            return "the watering hole is empty"
        if head == "intel":
            if INTELLIGENCE not in nm:
                return f"species {i + 1} does not have Intelligence"
            if not pl.hand:
                return "Intelligence needs a hand card to discard, and your hand is empty"
        return None


class HandDiscard(FeedFollowUp):
    """A hand card discarded for Intelligence; subclasses say what it buys."""

    kind = "discard"
    heads = {"discard": (int,)}

    def options(self, g: EvolutionGame, s: EvolutionState) -> list[Option]:
        return g._hand_options(s.players[self.player], "discard")


class IntelDiscard(HandDiscard):
    """An Intelligence herbivore: the card discarded for 2 plant food from the bank."""

    def prompt(self, g: EvolutionGame, s: EvolutionState) -> str:
        return f"Discard a card: species {self.species + 1} takes 2 plant food (Intelligence)"

    def apply(self, g: EvolutionGame, s: EvolutionState, o: Option) -> None:
        p = self.player
        g._discard_from_hand(s, p, o.value)
        notes: list[str] = []
        take(s, p, self.species, BANK, False, 2, notes, "Intelligence")
        if notes:
            log(s, "; ".join(notes) + ".")
        turn_done(s, p)

    def why(self, g: EvolutionGame, s: EvolutionState, head: str, c: int) -> str | None:
        return self._why_card(s, c)


class ChooseTarget(FeedFollowUp):
    kind = "target"
    heads = {"target": (int, int), "back": ()}

    def prompt(self, g: EvolutionGame, s: EvolutionState) -> str:
        return f"Which species does your species {self.species + 1} attack?"

    def options(self, g: EvolutionGame, s: EvolutionState) -> list[Option]:
        return target_options(s, self.player, self.species)

    def apply(self, g: EvolutionGame, s: EvolutionState, o: Option) -> None:
        if o.key == "back":
            return                                # FeedTurn is below: it decides again
        p, i = self.player, self.species
        owner, j = o.value
        names = all_names(s)
        a = s.players[p].species[i]
        an = names[p][i]
        bl = [] if owner == p else blockers(a, an, _attack_size(a, an), s.players[owner].species, names[owner], j)
        if optional_ignores(s, p, i, owner, j, an, len(bl)):
            s.steps.append(self)                  # "back" from the question returns here
            s.steps.append(IgnoreTraits(p, i, owner, j, tuple(bl)))
            return
        attack(g, s, p, i, owner, j, tuple(bl))

    def why(self, g: EvolutionGame, s: EvolutionState, head: str, *parts: Any) -> str | None:
        if head == "back":
            return None
        p, i = self.player, self.species
        o, j = parts
        if not 0 <= o < len(s.players):
            return f"there is no player {o}"
        orow = s.players[o].species
        if not 0 <= j < len(orow):
            return f"{s.names[o]} has no species {j + 1}"
        if o == p and j == i:
            return "a carnivore cannot attack itself"
        names = all_names(s)
        a = s.players[p].species[i]
        an = names[p][i]
        eff = _attack_size(a, an)
        t = orow[j]
        if eff <= t.size:
            return f"that carnivore is not larger than the target (attack size {eff}, target size {t.size})"
        bl = blockers(a, an, eff, orow, names[o], j)
        if o == p:
            if bl:
                return block_text(bl[0], t, eff)
            return "a carnivore may eat its own species only when it cannot attack any opponent's species"
        if bl:
            if INTELLIGENCE not in an:
                return block_text(bl[0], t, eff)
            hand = len(s.players[p].hand)
            return (f"{block_text(bl[0], t, eff)}; Intelligence would need "
                    f"{plural(len(bl), 'discard')} and you hold {plural(hand, 'card')}")
        return None


class IgnoreTraits(FeedFollowUp):
    """An Intelligence carnivore attacks an opponent's species that has Horns:
    does one more discard ignore them?  The blocking traits (``blockers``) are
    ignored anyway, one discard each."""

    owner: int
    target: int
    blockers: tuple[str, ...] = ()
    kind = "ignore"
    heads = {"ignore": (int,), "attack": (), "back": ()}

    def prompt(self, g: EvolutionGame, s: EvolutionState) -> str:
        return "Intelligence: discard one more card to ignore the target's Horns?"

    def options(self, g: EvolutionGame, s: EvolutionState) -> list[Option]:
        more = optional_ignores(s, self.player, self.species, self.owner, self.target,
                                   s.players[self.player].species[self.species].names(), len(self.blockers))
        need = f" ({plural(len(self.blockers), 'discard')} for {', '.join(self.blockers)})" if self.blockers else ""
        opts = [Option(key("ignore", c),
                       f"Ignore {TRAIT_OF[c]}: discard {'one more card' if self.blockers else 'a card'}, "
                       f"your carnivore loses no population{need}", ("card", c), c) for c in more]
        opts.append(Option("attack", f"Attack without ignoring Horns{need}"))
        opts.append(Option("back", "Back"))
        return opts

    def apply(self, g: EvolutionGame, s: EvolutionState, o: Option) -> None:
        if o.key == "back":
            return                                # ChooseTarget is below: it decides again
        s.steps.pop()                             # the target question below is answered too
        ignored = self.blockers + ((TRAIT_OF[o.value],) if o.value is not None else ())
        attack(g, s, self.player, self.species, self.owner, self.target, ignored)

    def why(self, g: EvolutionGame, s: EvolutionState, head: str, *parts: Any) -> str | None:
        if head == "ignore":
            return ("Intelligence can choose to ignore only the target's Horns here "
                    "(the traits that block the attack are ignored anyway)")
        return None


class AttackDiscard(HandDiscard):
    """One of the cards discarded for an Intelligence attack (``left`` to go)."""

    owner: int
    target: int
    ignored: tuple[str, ...] = ()
    left: int = 1

    def prompt(self, g: EvolutionGame, s: EvolutionState) -> str:
        return f"Discard a card for Intelligence ({self.left} more to discard)"

    def apply(self, g: EvolutionGame, s: EvolutionState, o: Option) -> None:
        p = self.player
        g._discard_from_hand(s, p, o.value)
        if self.left > 1:
            s.steps.append(AttackDiscard(p, self.species, self.owner, self.target, self.ignored, self.left - 1))
            return
        resolve_attack(g, s, p, self.species, self.owner, self.target, list(self.ignored))
        turn_done(s, p)

    def why(self, g: EvolutionGame, s: EvolutionState, head: str, c: int) -> str | None:
        return self._why_card(s, c)


class EndFeeding(Auto):
    """Rules 25-30: starvation, extinction, bags, the free species, then the
    end of the game or the next round."""

    def run(self, g: EvolutionGame, s: EvolutionState) -> None:
        order = g._order(s, s.start)
        lines = []
        # Rule 26: unfed species shrink to their food.
        for p in order:
            for i, sp in enumerate(s.players[p].species):
                if sp.food < sp.pop:
                    lines.append(f"{s.names[p]}'s species {i + 1} starves down to population {sp.food}")
                    sp.pop = sp.food
        log(s, "Feeding is over. " + ("; ".join(lines) + "." if lines else "Every species is fed."))
        # Rule 27: species that got no food die out.
        for p in order:
            for sp in reversed(list(s.players[p].species)):  # right to left: positions stay as shown
                if sp.pop == 0:
                    g._extinct(s, p, sp, "no food")
        # Rule 28: food into the bags.
        gains = []
        for p in order:
            pl = s.players[p]
            got = 0
            for sp in pl.species:
                got += sp.food
                sp.food = 0
            pl.bag += got
            gains.append(f"{s.names[p]} +{got}")
        log(s, "Food goes into the bags: " + ", ".join(gains) + ".")
        # Rule 29: a free species for a player with none (in the last round too:
        # the round is played to its end, rules 51-52).
        for p in order:
            pl = s.players[p]
            if not pl.species:
                pl.species.append(g._new_species(s))
                log(s, f"{s.names[p]} has no species left and takes a free one.")
        g._end_round(s)                           # the end of the game, or the next round


# -- the rules ------------------------------------------------------------------------
def next_feeder(s: EvolutionState, p: int, quiet: int) -> None:
    """The feeding turn passes from ``p`` to the left; after a whole round
    of turns without anybody feeding (``quiet``), feeding is over."""
    n = len(s.players)
    s.steps.append(EndFeeding() if quiet >= n else FeedTurn((p + 1) % n, quiet))


def turn_done(s: EvolutionState, p: int) -> None:
    """Player ``p`` has fed: the feeding turn under its follow-up questions
    is over, and the next player's begins."""
    while not isinstance(s.steps.pop(), FeedTurn):
        pass
    next_feeder(s, p, 0)


def take(s: EvolutionState, p: int, i: int, source: str, meat: bool, n: int, notes: list[str], why: str) -> int:
    """One food-taking event: species ``i`` of player ``p`` takes up to ``n``
    chips from ``source``; Foraging adds one, Cooperation passes one on."""
    row = s.players[p].species
    sp = row[i]
    nm = sp.names()
    if not meat and CARNIVORE in nm:
        return 0
    room = _room(sp, nm)
    got = n if n < room else room
    if source == HOLE and s.hole < got:
        got = s.hole
    if got <= 0:
        return 0
    extra = ""
    if FORAGING in nm and got < room and (source == BANK or s.hole > got):
        got += 1
        extra = ", Foraging"
    fill = sp.pop - sp.food
    if fill > got:
        fill = got
    sp.food += fill
    sp.fat += got - fill
    if source == HOLE:
        s.hole -= got
    kind = "meat" if meat else "plant"
    where = "the watering hole" if source == HOLE else "the bank"
    tag = f"{why}{extra}" if why else extra[2:]
    notes.append(f"{s.names[p]}'s species {i + 1} takes {got} {kind} from {where}" + (f" ({tag})" if tag else ""))
    if COOPERATION in nm and i + 1 < len(row):
        take(s, p, i + 1, source, meat, 1, notes, "Cooperation")
    return got


def cut_pop(s: EvolutionState, p: int, sp: Species) -> None:
    """Population went down by 1: surplus food to the bag (reference row 25)."""
    sp.pop -= 1
    if sp.food > sp.pop:
        s.players[p].bag += sp.food - sp.pop
        sp.food = sp.pop


def all_names(s: EvolutionState) -> list[list[set[str]]]:
    return [[sp.names() for sp in pl.species] for pl in s.players]


def blockers(a: Species, an: AbstractSet[str], eff: int, row: list[Species], rn: Sequence[AbstractSet[str]],
             j: int) -> list[str]:
    """Traits of species ``j`` of ``row`` (its owner's row, ``rn`` their trait names) that stop an attack by
    carnivore ``a`` (traits ``an``, attack size ``eff``); each one can be ignored by one Intelligence discard.
    Public: the bot policy asks it too."""
    t = row[j]
    tn = rn[j]
    bl: list[str] = []
    if tn:
        if HARD_SHELL in tn and eff <= t.size + HARD_SHELL_BONUS:
            bl.append(HARD_SHELL)
        if CLIMBING in tn and CLIMBING not in an:
            bl.append(CLIMBING)
        if BURROWING in tn and t.food >= t.pop:
            bl.append(BURROWING)
        if DEFENSIVE_HERDING in tn and a.pop <= t.pop:
            bl.append(DEFENSIVE_HERDING)
        if SYMBIOSIS in tn and j + 1 < len(row) and row[j + 1].size > t.size:
            bl.append(SYMBIOSIS)
    if AMBUSH not in an:
        if j > 0 and WARNING_CALL in rn[j - 1]:
            bl.append(WARNING_CALL)
        if j + 1 < len(row) and WARNING_CALL in rn[j + 1]:
            bl.append(WARNING_CALL)
    return bl


def optional_ignores(s: EvolutionState, p: int, i: int, o: int, j: int, an: AbstractSet[str],
                     needed: int) -> list[int]:
    """Trait cards of the target that an Intelligence carnivore may choose
    to ignore beyond the ``needed`` blocking ones: Horns, if the attacker
    holds a card more than it needs."""
    if o == p or INTELLIGENCE not in an or len(s.players[p].hand) <= needed:
        return []
    return [c for c in s.players[o].species[j].traits if TRAIT_OF[c] == HORNS]


def targets(s: EvolutionState, p: int, i: int,
            names: Sequence[Sequence[AbstractSet[str]]]) -> Iterator[tuple[int, int, list[str]]]:
    """Legal targets of carnivore ``i`` of player ``p``, one at a time:
    (owner, index, traits to ignore by Intelligence).  Own species only
    when no opponent species can be attacked without discards (reference
    row 8).  A generator, so ``prey`` can stop at the first free one.  ``names`` is
    :func:`all_names` (or the bot's own reading of the traits).  Public: the bot policy asks it too."""
    a = s.players[p].species[i]
    an = names[p][i]
    eff = _attack_size(a, an)
    can_ignore = len(s.players[p].hand) if INTELLIGENCE in an else 0
    n = len(s.players)
    free = False
    for k in range(1, n):
        o = (p + k) % n
        row = s.players[o].species
        rn = names[o]
        for j in range(len(row)):
            if eff <= row[j].size:
                continue
            bl = blockers(a, an, eff, row, rn, j)
            if len(bl) <= can_ignore:
                if not bl:
                    free = True
                yield o, j, bl
    if not free:
        row = s.players[p].species
        rn = names[p]
        for j in range(len(row)):
            if j != i and eff > row[j].size and not blockers(a, an, eff, row, rn, j):
                yield p, j, []


def prey(s: EvolutionState, p: int, i: int, names: Sequence[Sequence[AbstractSet[str]]]) -> tuple[bool, bool]:
    """(any legal target, a target that needs no Intelligence discard) for
    carnivore ``i`` of player ``p``."""
    some = False
    for _o, _j, bl in targets(s, p, i, names):
        if not bl:
            return True, True
        some = True
    return some, False


def feed_options(s: EvolutionState, p: int) -> list[Option]:
    """The feeding options of player ``p``.  Feeding a hungry species
    without discarding is compulsory; storing into Fat Tissue (a fed
    species) and Intelligence discards are optional, so when nothing
    compulsory is offered the player may pass."""
    pl = s.players[p]
    row = pl.species
    opts: list[Option] = []
    must = False
    names = None
    for i in range(len(row)):
        sp = row[i]
        nm = sp.names()
        if _room(sp, nm) <= 0:
            continue
        hungry = sp.food < sp.pop
        if CARNIVORE in nm:
            if names is None:
                names = all_names(s)
            some, free = prey(s, p, i, names)
            if some:
                opts.append(Option(_key_i("attack", i), f"Species {i + 1} attacks (carnivore, size {sp.size})",
                                   ("species", p, i), ("attack", i)))
                if free and hungry:
                    must = True
        else:
            if s.hole > 0:
                opts.append(Option(_key_i("eat", i), f"Species {i + 1} eats plant food from the watering hole",
                                   ("species", p, i), ("eat", i)))
                if hungry:
                    must = True
            if INTELLIGENCE in nm and pl.hand:
                opts.append(Option(_key_i("intel", i),
                                   f"Species {i + 1} takes 2 plant food for a discarded card (Intelligence)",
                                   ("species", p, i), ("intel", i)))
    if opts and not must:
        opts.append(Option("pass", PASS_LABEL))
    return opts


def attack(g: EvolutionGame, s: EvolutionState, p: int, i: int, o: int, j: int, ignored: tuple[str, ...]) -> None:
    """Carnivore ``i`` of ``p`` attacks species ``j`` of ``o``, ignoring
    ``ignored`` (one Intelligence discard each, asked for first)."""
    if ignored:
        s.steps.append(AttackDiscard(p, i, o, j, ignored, len(ignored)))
        return
    resolve_attack(g, s, p, i, o, j, [])
    turn_done(s, p)


def resolve_attack(g: EvolutionGame, s: EvolutionState, p: int, i: int, o: int, j: int, ignored: list[str]) -> None:
    names = all_names(s)
    a = s.players[p].species[i]
    t = s.players[o].species[j]
    tn = names[o][j]
    meat = t.size
    an = names[p][i]
    asize = f"size {a.size}, Pack Hunting {a.size + a.pop}" if PACK_HUNTING in an else f"size {a.size}"
    tsize = f"size {t.size}, Hard Shell {t.size + HARD_SHELL_BONUS}" if HARD_SHELL in tn else f"size {t.size}"
    head = f"{s.names[p]}'s species {i + 1} ({asize}) attacks {s.names[o]}'s species {j + 1} ({tsize})"
    if ignored:
        head += f", Intelligence ignoring {', '.join(ignored)}"
    notes: list[str] = []
    alive = True
    if HORNS in tn and HORNS not in ignored:
        cut_pop(s, p, a)
        notes.append(f"Horns: the attacker drops to population {a.pop}")
        alive = a.pop > 0
    cut_pop(s, o, t)
    notes.append(f"the target drops to population {t.pop}")
    log(s, head + ": " + "; ".join(notes) + ".")
    notes = []
    if not alive:
        g._extinct(s, p, a, "killed by Horns before eating")
    if t.pop <= 0:
        g._extinct(s, o, t, "eaten")
    if alive:
        take(s, p, _index(s.players[p].species, a), BANK, True, meat, notes, "attack")
    # Scavengers, in turn order from the attacking player (reference row 7).
    n = len(s.players)
    for k in range(n):
        q = (p + k) % n
        row = s.players[q].species
        for x in range(len(row)):
            if row[x].has(SCAVENGER):
                take(s, q, x, BANK, True, 1, notes, "Scavenger")
    if notes:
        log(s, "; ".join(notes) + ".")


def target_label(s: EvolutionState, o: int, j: int, bl: list[str]) -> str:
    t = s.players[o].species[j]
    lab = f"{s.names[o]}'s species {j + 1} (size {t.size}, pop {t.pop})"
    if bl:
        lab += f": {plural(len(bl), 'Intelligence discard')} (ignores {', '.join(bl)})"
    return lab


def target_options(s: EvolutionState, p: int, i: int) -> list[Option]:
    names = all_names(s)
    opts = [Option(key("target", o, j), target_label(s, o, j, bl), ("species", o, j), (o, j))
            for o, j, bl in targets(s, p, i, names)]
    opts.append(Option("back", "Back"))
    return opts


def block_text(trait: str, t: Species, eff: int) -> str:
    return BLOCK_REASON[trait].format(shell=t.size + HARD_SHELL_BONUS, eff=eff)
