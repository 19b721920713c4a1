"""Evolution: the rules engine.

The seed (``shared/rules/evolution.md``, rules 1-54) is the authority, with the
rulings of that file's table; ``RULES.md`` beside this module is the rules as
implemented, for players.  The API is described in ``docs/evolution-api.md``.

Flow.  A round is deal -> ``food`` -> ``play`` -> ``feed`` -> clean-up, kept on
the engine's step stack (``state.steps``, see ``boardgames_tui.engine.steps``).
The decisions, each a small dataclass whose ``player`` is who decides:

* ``FoodCard``      phase 2: lay a hand card face down as the food card
* ``PlayTurn``      phase 3: pick a hand card, or end the turn
* ``UseCard``       ... what the picked card pays for
* ``ReplaceTrait``  ... the species is full: which trait card goes
* ``FeedTurn``      phase 4: feed one species (or pass when only optional feeding is left)
* ``IntelDiscard``  ... an Intelligence herbivore: the card discarded for 2 plant food
* ``ChooseTarget``  ... the species a carnivore attacks
* ``IgnoreTraits``  ... an Intelligence carnivore: ignore the target's Horns too?
* ``AttackDiscard`` ... the cards discarded for Intelligence, one at a time

and the procedures (``Auto`` steps): ``StartRound`` (the deal), ``NextFoodTurn``,
``NextPlayTurn``, ``StartFeeding`` (traits turned up, food revealed, grain
traits) and ``EndFeeding`` (clean-up, the free species, then the end of the game
or the next round).  An empty stack is the end of the game.

Hidden information.  The draw pile is an ``engine.hidden.Deck`` (drawing counts
a reveal), every shuffle goes through ``state.rng``, and the face-down traits
and food cards turned up call ``state.rng.reveal()``: ``state.rng.mark`` is the
undo policy's count, by construction.
"""
from __future__ import annotations

import random
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, ClassVar

from ...engine.copying import copy_state
from ...engine.core import GameOption, LogEntry, Option
from ...engine.hidden import Deck
from ...engine.rng import Rng
from ...engine.text import quoted
from ...engine.steps import Auto, Step, StepGame, key, key_head, parse_key
from . import cards as C
from .cards import (
    AMBUSH, BURROWING, CARNIVORE, CLIMBING, COOPERATION, DEFENSIVE_HERDING, FAT_TISSUE,
    FERTILE, FOOD_OF, FORAGING, HARD_SHELL, HARD_SHELL_BONUS, HORNS, INTELLIGENCE,
    LONG_NECK, MAX_POP, MAX_SIZE, PACK_HUNTING, SCAVENGER, SYMBIOSIS, TRAIT_OF,
    WARNING_CALL, card_label,
)

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

# Keys and labels made once (bots and ``simulate`` ask for options very often).
# The keys are still built with ``key``; ``_key_i`` falls back to it beyond the table.
_LABEL = [card_label(c) for c in range(len(C.CARDS))]
_CARD_KEYS = {head: [key(head, c) for c in range(len(C.CARDS))] for head in ("food", "card", "discard")}
_SPECIES_KEYS = {head: [key(head, i) for i in range(32)] for head in ("size", "pop", "trait", "eat", "intel", "attack")}
SPECIES_LEFT, SPECIES_RIGHT = key("species", "left"), key("species", "right")


def _key_i(head: str, i: int) -> str:
    table = _SPECIES_KEYS[head]
    return table[i] if i < len(table) else key(head, i)


# -- state ------------------------------------------------------------------------
@dataclass
class Species:
    uid: int
    size: int = 1
    pop: int = 1
    food: int = 0
    fat: int = 0
    traits: list[int] = field(default_factory=list)
    hidden: list[int] = field(default_factory=list)

    def names(self) -> set[str]:
        """Names of all traits on it (face-down ones included)."""
        return {TRAIT_OF[c] for c in self.traits}

    def has(self, trait: str) -> bool:
        for c in self.traits:
            if TRAIT_OF[c] == trait:
                return True
        return False


@dataclass
class PlayerState:
    hand: list[int] = field(default_factory=list)
    species: list[Species] = field(default_factory=list)
    bag: int = 0
    done: bool = False


@dataclass
class EvolutionState:
    names: list[str]
    players: list[PlayerState]
    deck: Deck
    discard: list[int]
    removed: list[int]
    rng: Rng
    options: dict
    trait_limit: int
    hole: int = 0
    food_cards: list[tuple[int, int]] = field(default_factory=list)
    start: int = 0
    round: int = 0
    phase: str = "food"
    steps: list = field(default_factory=list)
    final_round: int | None = None
    log: list[LogEntry] = field(default_factory=list)
    next_uid: int = 0
    # (owner, card): face-down trait cards replaced and discarded unseen; the
    # other players do not know them (for ``determinize``).  Emptied when the
    # discard pile becomes the new draw pile.
    discarded_face_down: list[tuple[int, int]] = field(default_factory=list)
    _decision: Any = field(default=None, compare=False, repr=False)


def _index(row: list[Species], sp: Species) -> int:
    for k, x in enumerate(row):
        if x is sp:
            return k
    return -1


def _room(sp: Species, nm: set[str]) -> int:
    """How many more chips the species may take (hunger, then Fat Tissue store)."""
    r = sp.pop - sp.food
    if FAT_TISSUE in nm:
        r += sp.size - sp.fat
    return r


def _plural(n: int, word: str) -> str:
    return f"{n} {word}" if n == 1 else f"{n} {word}s"


def _attack_size(a: Species, an: set[str]) -> int:
    return a.size + a.pop if PACK_HUNTING in an else a.size


# -- the steps ------------------------------------------------------------------------
class EvoStep(Step):
    """An Evolution decision.  ``heads`` names the key heads it understands and
    the types of their parts, so ``why_illegal`` can read a refused key with
    ``parse_key`` and hand it to ``why``."""

    heads: ClassVar[dict[str, tuple[type, ...]]] = {}

    def why_illegal(self, g: "EvolutionGame", s: EvolutionState, k: str) -> str | None:
        head = key_head(k)
        if head not in self.heads:
            return f"{quoted(k)} does not fit now: {self.prompt(g, s)}"
        _, *parts = parse_key(k, *self.heads[head])
        return self.why(g, s, head, *parts)

    def why(self, g: "EvolutionGame", s: EvolutionState, head: str, *parts: Any) -> str | None:
        return None

    def selected(self, viewer: int | None) -> dict | None:
        """The view's ``selected`` entry while this step is on top."""
        return None

    def _why_card(self, s: EvolutionState, c: int) -> str | None:
        if not 0 <= c < len(C.CARDS):
            return f"there is no card {c}"
        if c not in s.players[self.player].hand:
            return "not your card: it is not in your hand"
        return None

    def _why_species(self, s: EvolutionState, i: int) -> str | None:
        row = s.players[self.player].species
        if not 0 <= i < len(row):
            return f"you have no species {i + 1} (you have {len(row)})"
        return None


class FeedFollowUp(EvoStep):
    """A question asked during a feeding turn about the player's species ``species``."""

    species: int

    def selected(self, viewer):
        return {"card": None, "species": [self.player, self.species]}


# Phase 2 --------------------------------------------------------------------------
class FoodCard(EvoStep):
    kind = "food"
    heads = {"food": (int,)}

    def prompt(self, g, s):
        return "Choose a card to supply food (face down until feeding)"

    def options(self, g, s):
        return g._hand_options(s.players[self.player], "food")

    def apply(self, g, s, o):
        p, c = self.player, o.value
        pl = s.players[p]
        pl.hand.remove(c)
        s.food_cards.append((p, c))
        pl.done = True
        g._log(s, f"{s.names[p]} lays a food card face down.", p,
               f"You lay {card_label(c)} face down as your food card.")
        s.steps.append(NextFoodTurn())

    def why(self, g, s, head, c):
        return self._why_card(s, c)


class NextFoodTurn(Auto):
    def run(self, g, s):
        p = g._next_card_player(s, "has no cards and supplies no food.")
        if p is not None:
            s.steps.append(FoodCard(p))
            return
        # everyone has chosen: phase 3
        s.phase = "play"
        for pl in s.players:
            pl.done = False
        g._log(s, "All food cards are down. Phase 3: play cards.")
        s.steps.append(NextPlayTurn())


# Phase 3 --------------------------------------------------------------------------
class PlayTurn(EvoStep):
    kind = "play"
    heads = {"card": (int,), "done": ()}

    def prompt(self, g, s):
        return "Play a card, or end your turn"

    def options(self, g, s):
        opts = g._hand_options(s.players[self.player], "card")
        opts.append(Option("done", "Done: end your turn (keep the other cards)"))
        return opts

    def apply(self, g, s, o):
        p = self.player
        if o.key == "done":
            pl = s.players[p]
            pl.done = True
            g._log(s, f"{s.names[p]} ends the turn with {_plural(len(pl.hand), 'card')} in hand.")
            s.steps.append(NextPlayTurn())
            return
        s.steps.append(self)                      # the turn goes on after this card
        s.steps.append(UseCard(p, o.value))       # what does it pay for?

    def why(self, g, s, head, *parts):
        return self._why_card(s, parts[0]) if head == "card" else None


class UseCard(EvoStep):
    card: int
    kind = "use"
    heads = {"species": (str,), "size": (int,), "pop": (int,), "trait": (int,), "back": ()}

    def prompt(self, g, s):
        # The prompt names no card: a UI shows a bot's prompt to everybody.
        return "What does the chosen card pay for?"

    def options(self, g, s):
        return g._use_options(s, self.player, self.card)

    def selected(self, viewer):
        return {"card": self.card if viewer == self.player else None, "species": None}

    def apply(self, g, s, o):
        if o.key == "back":
            return                                # PlayTurn is below: it decides again
        p, c = self.player, self.card
        pl = s.players[p]
        name = s.names[p]
        what, arg = o.value
        if what == "trait":
            sp = pl.species[arg]
            if len(sp.traits) >= s.trait_limit:
                s.steps.append(self)
                s.steps.append(ReplaceTrait(p, c, arg))
                return
            pl.hand.remove(c)
            sp.traits.append(c)
            sp.hidden.append(c)
            g._log(s, f"{name} plays a trait card face down on species {arg + 1}.", p,
                   f"You play {card_label(c)} face down on species {arg + 1}.")
            return
        pl.hand.remove(c)
        s.discard.append(c)
        if what == "species":
            sp = g._new_species(s)
            if arg == "left":
                pl.species.insert(0, sp)
            else:
                pl.species.append(sp)
            g._log(s, f"{name} discards {card_label(c)} for a new species at the {arg} end.")
        elif what == "size":
            sp = pl.species[arg]
            sp.size += 1
            g._log(s, f"{name} discards {card_label(c)}: species {arg + 1} body size {sp.size}.")
        else:
            sp = pl.species[arg]
            sp.pop += 1
            g._log(s, f"{name} discards {card_label(c)}: species {arg + 1} population {sp.pop}.")

    def why(self, g, s, head, *parts):
        if head in ("back", "species"):
            return None
        i = parts[0]
        bad = self._why_species(s, i)
        if bad:
            return bad
        sp = s.players[self.player].species[i]
        if head == "size" and sp.size >= MAX_SIZE:
            return f"species {i + 1}: size is already {MAX_SIZE}"
        if head == "pop" and sp.pop >= MAX_POP:
            return f"species {i + 1}: population is already {MAX_POP}"
        if head == "trait":
            trait = TRAIT_OF[self.card]
            if sp.has(trait):
                return f"species {i + 1} already has {trait}: no trait twice on one species"
        return None


class ReplaceTrait(EvoStep):
    card: int
    species: int
    kind = "replace"
    heads = {"replace": (int,), "back": ()}

    def prompt(self, g, s):
        return f"Species {self.species + 1} is full: which trait card goes to the discard pile?"

    def options(self, g, s):
        sp = s.players[self.player].species[self.species]
        opts = [Option(key("replace", c), f"Discard {TRAIT_OF[c]}", ("card", c), c) for c in sp.traits]
        opts.append(Option("back", "Back"))
        return opts

    def selected(self, viewer):
        return {"card": self.card if viewer == self.player else None, "species": [self.player, self.species]}

    def apply(self, g, s, o):
        if o.key == "back":
            return                                # UseCard is below: it decides again
        s.steps.pop()                             # the UseCard question below is answered too
        p, c, i, old = self.player, self.card, self.species, o.value
        pl = s.players[p]
        sp = pl.species[i]
        was_hidden = old in sp.hidden
        sp.traits.remove(old)
        if was_hidden:
            sp.hidden.remove(old)
            s.discarded_face_down.append((p, old))
        s.discard.append(old)
        pl.hand.remove(c)
        sp.traits.append(c)
        sp.hidden.append(c)
        shown = "a face-down trait" if was_hidden else TRAIT_OF[old]
        lost = ""
        if TRAIT_OF[old] == FAT_TISSUE and sp.fat:
            # the store lies on the Fat Tissue card and goes with it (rule 45)
            lost = f"; the {sp.fat} stored food on the Fat Tissue card is lost"
            sp.fat = 0
        g._log(s, f"{s.names[p]} discards {shown} from species {i + 1} and plays a trait card face down there{lost}.",
               p, f"You replace {TRAIT_OF[old]} on species {i + 1} by {card_label(c)}, face down{lost}.")

    def why(self, g, s, head, *parts):
        if head == "replace" and parts[0] not in s.players[self.player].species[self.species].traits:
            return f"card {parts[0]} is not a trait on species {self.species + 1}"
        return None


class NextPlayTurn(Auto):
    def run(self, g, s):
        p = g._next_card_player(s, "has no cards to play.")
        s.steps.append(PlayTurn(p) if p is not None else StartFeeding())


# Phase 4 --------------------------------------------------------------------------
class StartFeeding(Auto):
    """Traits turned up (rule 16), food cards revealed (rule 17), grain traits (rule 18)."""

    def run(self, g, s):
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
            g._log(s, "Traits turned face up: " + "; ".join(shown) + ".")
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
            g._log(s, f"Phase 4: food cards revealed: {listing}; total {total:+d}. "
                      f"The watering hole had {leftover} and now has {s.hole} plant food.")
        else:
            g._log(s, f"Phase 4: no food cards; the watering hole has {s.hole} plant food.")
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
                    g._take(s, p, i, BANK, False, 1, notes, "Long Neck")
                if FAT_TISSUE in nm and sp.fat:
                    move = min(sp.fat, sp.pop - sp.food)
                    if move > 0:
                        sp.fat -= move
                        sp.food += move
                        notes.append(f"{s.names[p]}'s species {i + 1} moves {move} stored food from Fat Tissue")
        if notes:
            g._log(s, "; ".join(notes) + ".")
        s.steps.append(FeedTurn(s.start))


class FeedTurn(EvoStep):
    """One feeding turn.  ``quiet`` counts the turns in a row, before this one,
    in which nobody fed (skipped or passed); a whole round of them ends the
    feeding."""

    quiet: int = 0
    kind = "feed"
    heads = {"eat": (int,), "intel": (int,), "attack": (int,), "pass": ()}

    def prompt(self, g, s):
        return "Feed one of your species"

    def options(self, g, s):
        return g._feed_options(s, self.player)

    def on_empty(self, g, s):
        g._next_feeder(s, self.player, self.quiet + 1)   # cannot feed: skipped

    def apply(self, g, s, o):
        p = self.player
        if o.key == "pass":
            g._log(s, f"{s.names[p]} passes (feeds nothing this turn).")
            g._next_feeder(s, p, self.quiet + 1)
            return
        what, i = o.value
        if what == "eat":
            notes: list[str] = []
            g._take(s, p, i, HOLE, False, 1, notes, "")
            g._log(s, "; ".join(notes) + f"; {s.hole} left there.")
            g._next_feeder(s, p, 0)
            return
        s.steps.append(self)                      # the turn goes on: a follow-up question
        s.steps.append(IntelDiscard(p, i) if what == "intel" else ChooseTarget(p, i))

    def why(self, g, s, head, *parts):
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

    def options(self, g, s):
        return g._hand_options(s.players[self.player], "discard")


class IntelDiscard(HandDiscard):
    """An Intelligence herbivore: the card discarded for 2 plant food from the bank."""

    def prompt(self, g, s):
        return f"Discard a card: species {self.species + 1} takes 2 plant food (Intelligence)"

    def apply(self, g, s, o):
        p = self.player
        g._discard_from_hand(s, p, o.value)
        notes: list[str] = []
        g._take(s, p, self.species, BANK, False, 2, notes, "Intelligence")
        if notes:
            g._log(s, "; ".join(notes) + ".")
        g._turn_done(s, p)

    def why(self, g, s, head, c):
        return self._why_card(s, c)


class ChooseTarget(FeedFollowUp):
    kind = "target"
    heads = {"target": (int, int), "back": ()}

    def prompt(self, g, s):
        return f"Which species does your species {self.species + 1} attack?"

    def options(self, g, s):
        return g._target_options(s, self.player, self.species)

    def apply(self, g, s, o):
        if o.key == "back":
            return                                # FeedTurn is below: it decides again
        p, i = self.player, self.species
        owner, j = o.value
        names = g._all_names(s)
        a = s.players[p].species[i]
        an = names[p][i]
        blockers = [] if owner == p else g._blockers(a, an, _attack_size(a, an), s.players[owner].species,
                                                     names[owner], j)
        if g._optional_ignores(s, p, i, owner, j, an, len(blockers)):
            s.steps.append(self)                  # "back" from the question returns here
            s.steps.append(IgnoreTraits(p, i, owner, j, tuple(blockers)))
            return
        g._attack(s, p, i, owner, j, tuple(blockers))

    def why(self, g, s, head, *parts):
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
        names = g._all_names(s)
        a = s.players[p].species[i]
        an = names[p][i]
        eff = _attack_size(a, an)
        t = orow[j]
        if eff <= t.size:
            return f"that carnivore is not larger than the target (attack size {eff}, target size {t.size})"
        bl = g._blockers(a, an, eff, orow, names[o], j)
        if o == p:
            if bl:
                return g._block_text(bl[0], t, eff)
            return "a carnivore may eat its own species only when it cannot attack any opponent's species"
        if bl:
            if INTELLIGENCE not in an:
                return g._block_text(bl[0], t, eff)
            hand = len(s.players[p].hand)
            return (f"{g._block_text(bl[0], t, eff)}; Intelligence would need "
                    f"{_plural(len(bl), 'discard')} and you hold {_plural(hand, 'card')}")
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

    def prompt(self, g, s):
        return "Intelligence: discard one more card to ignore the target's Horns?"

    def options(self, g, s):
        more = g._optional_ignores(s, self.player, self.species, self.owner, self.target,
                                   s.players[self.player].species[self.species].names(), len(self.blockers))
        need = f" ({_plural(len(self.blockers), 'discard')} for {', '.join(self.blockers)})" if self.blockers else ""
        opts = [Option(key("ignore", c),
                       f"Discard {'one more card' if self.blockers else 'a card'} to ignore {TRAIT_OF[c]}: "
                       f"your carnivore loses no population{need}", ("card", c), c) for c in more]
        opts.append(Option("attack", f"Attack without ignoring Horns{need}"))
        opts.append(Option("back", "Back"))
        return opts

    def apply(self, g, s, o):
        if o.key == "back":
            return                                # ChooseTarget is below: it decides again
        s.steps.pop()                             # the target question below is answered too
        ignored = self.blockers + ((TRAIT_OF[o.value],) if o.value is not None else ())
        g._attack(s, self.player, self.species, self.owner, self.target, ignored)

    def why(self, g, s, head, *parts):
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

    def prompt(self, g, s):
        return f"Discard a card for Intelligence ({self.left} more to discard)"

    def apply(self, g, s, o):
        p = self.player
        g._discard_from_hand(s, p, o.value)
        if self.left > 1:
            s.steps.append(AttackDiscard(p, self.species, self.owner, self.target, self.ignored, self.left - 1))
            return
        g._resolve_attack(s, p, self.species, self.owner, self.target, list(self.ignored))
        g._turn_done(s, p)

    def why(self, g, s, head, c):
        return self._why_card(s, c)


class EndFeeding(Auto):
    """Rules 25-30: starvation, extinction, bags, the free species, then the
    end of the game or the next round."""

    def run(self, g, s):
        order = g._order(s, s.start)
        lines = []
        # Rule 26: unfed species shrink to their food.
        for p in order:
            for i, sp in enumerate(s.players[p].species):
                if sp.food < sp.pop:
                    lines.append(f"{s.names[p]}'s species {i + 1} starves down to population {sp.food}")
                    sp.pop = sp.food
        g._log(s, "Feeding is over. " + ("; ".join(lines) + "." if lines else "Every species is fed."))
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
        g._log(s, "Food goes into the bags: " + ", ".join(gains) + ".")
        # Rule 29: a free species for a player with none (in the last round too:
        # the round is played to its end, rules 51-52).
        for p in order:
            pl = s.players[p]
            if not pl.species:
                pl.species.append(g._new_species(s))
                g._log(s, f"{s.names[p]} has no species left and takes a free one.")
        if s.final_round is not None and s.round >= s.final_round:
            s.phase = "over"
            sc = g.scores(s)
            w = g.winners(s)
            tied = sum(1 for x in sc if x == max(sc))
            how = " (house tie-break: most trait cards in play, then most food in the bag)" if tied > 1 else ""
            g._log(s, "The game is over. Scores: " + ", ".join(f"{s.names[p]} {sc[p]}" for p in range(len(sc)))
                   + ". Winner: " + " and ".join(s.names[p] for p in w) + how + ".")
            return                                # an empty stack: the game is over
        # Rule 30: the start player moves on.
        s.start = (s.start + 1) % len(s.players)
        s.steps.append(StartRound())


class StartRound(Auto):
    """Phase 1: the deal (rule 8), then the food cards."""

    def run(self, g, s):
        s.round += 1
        s.phase = "food"
        for pl in s.players:
            pl.done = False
        g._log(s, f"Round {s.round} begins; {s.names[s.start]} is the start player.")
        need = sum(C.BASE_DEAL + len(pl.species) for pl in s.players)
        if need > len(s.deck):
            if s.final_round is None or s.final_round > s.round:
                s.final_round = s.round
            g._log(s, f"Only {len(s.deck)} cards are left for a deal of {need}: "
                      f"the discard pile is shuffled in and this is the last round.")
        for p in g._order(s, s.start):
            pl = s.players[p]
            got = g._draw(s, C.BASE_DEAL + len(pl.species), deal=True)
            pl.hand.extend(got)
            g._log(s, f"{s.names[p]} is dealt {_plural(len(got), 'card')}.", p,
                    f"You are dealt: {', '.join(card_label(c) for c in got) or 'nothing'}.")
        s.steps.append(NextFoodTurn())


# -- the game ------------------------------------------------------------------------
class EvolutionGame(StepGame):
    name = "evolution"
    title = "Evolution"
    min_players = 2
    max_players = 6
    description = "Species grow, adapt and eat each other at the watering hole."
    rules_version = "2"
    game_options = (
        GameOption("deck", "Deck", ("110", "129"), C.DEFAULT_DECK,
                   "110: German Schmidt deck, 2-5 players; 129: North Star deck, 2-6 players"),
    )

    def player_range(self, options: dict[str, str] | None = None) -> tuple[int, int]:
        deck = (options or {}).get("deck", C.DEFAULT_DECK)
        return (2, 6) if str(deck) == "129" else (2, 5)

    # -- setup ------------------------------------------------------------------------
    def new_game(self, names: list[str], seed: int, options: dict[str, str] | None = None) -> EvolutionState:
        opts = self.options_with_defaults(options)
        self.check_player_count(len(names), opts)
        n = len(names)
        rng = Rng(seed)
        ids = C.deck_ids(opts["deck"])
        rng.shuffle(ids)
        removed: list[int] = []
        if n == 2:
            # removed unseen: nobody learns them, so this is no reveal
            removed = ids[-C.TWO_PLAYER_REMOVAL:]
            del ids[-C.TWO_PLAYER_REMOVAL:]
        s = EvolutionState(
            names=list(names),
            players=[PlayerState() for _ in range(n)],
            deck=Deck(ids), discard=[], removed=removed, rng=rng, options=opts,
            trait_limit=C.TRAIT_LIMIT_TWO_PLAYERS if n == 2 else C.TRAIT_LIMIT,
        )
        for p in range(n):
            s.players[p].species.append(self._new_species(s))
        s.start = rng.randrange(n)
        deck_name = "German 110-card" if opts["deck"] == "110" else "North Star 129-card"
        self._log(s, f"New game with the {deck_name} deck; each player has one species (size 1, population 1).")
        if removed:
            self._log(s, f"Two players: {len(removed)} cards are removed from the game unseen.")
        self._log(s, f"{s.names[s.start]} is the start player.")
        s.steps.append(StartRound())
        return self.start(s)

    def _new_species(self, s: EvolutionState) -> Species:
        sp = Species(uid=s.next_uid)
        s.next_uid += 1
        return sp

    def _log(self, s: EvolutionState, text: str, who: int | None = None, private: str | None = None) -> None:
        s.log.append(LogEntry(text, who, private, s.round))

    # -- cards ----------------------------------------------------------------------------
    def _draw(self, s: EvolutionState, n: int, deal: bool) -> list[int]:
        """Draw ``n`` cards.  An empty pile is refilled by shuffling the discard
        pile (seed rule 51, reference row 20); if both are empty the rest of
        the draw is lost.  Outside the deal, running out ends the game after
        the next round (rule 52)."""
        out: list[int] = []
        ran_out = False
        while len(out) < n:
            if not s.deck:
                ran_out = True
                if not s.discard:
                    break
                s.deck.add(s.discard)
                s.discard = []
                s.discarded_face_down = []
                s.deck.shuffle(s.rng)
                self._log(s, f"The draw pile is empty: the discard pile ({len(s.deck)} cards) is shuffled into a new draw pile.")
            out += s.deck.draw_many(s.rng, n - len(out))
        if not s.deck:
            ran_out = True
        if n and ran_out and not deal:
            last = s.round + 1
            if s.final_round is None or s.final_round > last:
                s.final_round = last
                self._log(s, f"The cards have run out: this round is finished and round {last} is the last.")
        return out

    def _discard_from_hand(self, s: EvolutionState, p: int, c: int) -> None:
        s.players[p].hand.remove(c)
        s.discard.append(c)
        self._log(s, f"{s.names[p]} discards {card_label(c)} (Intelligence).")

    # -- turn order -------------------------------------------------------------------------
    def _order(self, s: EvolutionState, first: int) -> list[int]:
        n = len(s.players)
        return [(first + k) % n for k in range(n)]

    def _next_card_player(self, s: EvolutionState, no_cards: str) -> int | None:
        """The next player, from the start player, who is not done and holds
        cards (players without cards are done, with a log line ``"<name> " +
        no_cards``).  None when everyone is done."""
        for p in self._order(s, s.start):
            pl = s.players[p]
            if pl.done:
                continue
            if not pl.hand:
                pl.done = True
                self._log(s, f"{s.names[p]} {no_cards}")
                continue
            return p
        return None

    def _next_feeder(self, s: EvolutionState, p: int, quiet: int) -> None:
        """The feeding turn passes from ``p`` to the left; after a whole round
        of turns without anybody feeding (``quiet``), feeding is over."""
        n = len(s.players)
        s.steps.append(EndFeeding() if quiet >= n else FeedTurn((p + 1) % n, quiet))

    def _turn_done(self, s: EvolutionState, p: int) -> None:
        """Player ``p`` has fed: the feeding turn under its follow-up questions
        is over, and the next player's begins."""
        while not isinstance(s.steps.pop(), FeedTurn):
            pass
        self._next_feeder(s, p, 0)

    # -- feeding mechanics ------------------------------------------------------------------
    def _take(self, s: EvolutionState, p: int, i: int, source: str, meat: bool, n: int,
              notes: list[str], why: str) -> int:
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
            self._take(s, p, i + 1, source, meat, 1, notes, "Cooperation")
        return got

    def _cut_pop(self, s: EvolutionState, p: int, sp: Species) -> None:
        """Population went down by 1: surplus food to the bag (reference row 25)."""
        sp.pop -= 1
        if sp.food > sp.pop:
            s.players[p].bag += sp.food - sp.pop
            sp.food = sp.pop

    def _extinct(self, s: EvolutionState, p: int, sp: Species, why: str) -> None:
        """Rules 31-33: board to the supply, food to the bag, traits discarded,
        as many cards drawn, the gap closed."""
        pl = s.players[p]
        i = _index(pl.species, sp)
        del pl.species[i]
        pl.bag += sp.food
        s.discard.extend(sp.traits)
        n = len(sp.traits)
        text = f"{s.names[p]}'s species {i + 1} dies out ({why})"
        if sp.food:
            text += f"; its {sp.food} food goes into the bag"
        if n:
            text += f"; {_plural(n, 'trait card')} to the discard pile"
        drawn = self._draw(s, n, deal=False) if n else []
        pl.hand.extend(drawn)
        if n:
            self._log(s, text + f" and {s.names[p]} draws {_plural(len(drawn), 'card')}.", p,
                      text + f" and you draw: {', '.join(card_label(c) for c in drawn) or 'nothing'}.")
        else:
            self._log(s, text + ".")

    def _all_names(self, s: EvolutionState) -> list[list[set[str]]]:
        return [[sp.names() for sp in pl.species] for pl in s.players]

    def _blockers(self, a: Species, an: set[str], eff: int, row: list[Species],
                  rn: list[set[str]], j: int) -> list[str]:
        """Traits that stop this attack (each one can be ignored by one Intelligence discard)."""
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

    def _optional_ignores(self, s: EvolutionState, p: int, i: int, o: int, j: int, an: set[str],
                          needed: int) -> list[int]:
        """Trait cards of the target that an Intelligence carnivore may choose
        to ignore beyond the ``needed`` blocking ones: Horns, if the attacker
        holds a card more than it needs."""
        if o == p or INTELLIGENCE not in an or len(s.players[p].hand) <= needed:
            return []
        return [c for c in s.players[o].species[j].traits if TRAIT_OF[c] == HORNS]

    def _iter_targets(self, s: EvolutionState, p: int, i: int, names: list[list[set[str]]]):
        """Legal targets of carnivore ``i`` of player ``p``, one at a time:
        (owner, index, traits to ignore by Intelligence).  Own species only
        when no opponent species can be attacked without discards (reference
        row 8).  A generator, so ``_prey`` can stop at the first free one."""
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
                bl = self._blockers(a, an, eff, row, rn, j)
                if len(bl) <= can_ignore:
                    if not bl:
                        free = True
                    yield o, j, bl
        if not free:
            row = s.players[p].species
            rn = names[p]
            for j in range(len(row)):
                if j != i and eff > row[j].size and not self._blockers(a, an, eff, row, rn, j):
                    yield p, j, []

    def _targets(self, s: EvolutionState, p: int, i: int,
                 names: list[list[set[str]]]) -> list[tuple[int, int, list[str]]]:
        return list(self._iter_targets(s, p, i, names))

    def _prey(self, s: EvolutionState, p: int, i: int, names: list[list[set[str]]]) -> tuple[bool, bool]:
        """(any legal target, a target that needs no Intelligence discard) for
        carnivore ``i`` of player ``p``."""
        some = False
        for _o, _j, bl in self._iter_targets(s, p, i, names):
            if not bl:
                return True, True
            some = True
        return some, False

    def _feed_options(self, s: EvolutionState, p: int) -> list[Option]:
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
                    names = self._all_names(s)
                some, free = self._prey(s, p, i, names)
                if some:
                    opts.append(Option(_key_i("attack", i), f"Species {i + 1} (carnivore, size {sp.size}) attacks",
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
                                       f"Species {i + 1}: discard a card for 2 plant food (Intelligence)",
                                       ("species", p, i), ("intel", i)))
        if opts and not must:
            opts.append(Option("pass", PASS_LABEL))
        return opts

    def _attack(self, s: EvolutionState, p: int, i: int, o: int, j: int, ignored: tuple[str, ...]) -> None:
        """Carnivore ``i`` of ``p`` attacks species ``j`` of ``o``, ignoring
        ``ignored`` (one Intelligence discard each, asked for first)."""
        if ignored:
            s.steps.append(AttackDiscard(p, i, o, j, ignored, len(ignored)))
            return
        self._resolve_attack(s, p, i, o, j, [])
        self._turn_done(s, p)

    def _resolve_attack(self, s: EvolutionState, p: int, i: int, o: int, j: int, ignored: list[str]) -> None:
        names = self._all_names(s)
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
            self._cut_pop(s, p, a)
            notes.append(f"Horns: the attacker drops to population {a.pop}")
            alive = a.pop > 0
        self._cut_pop(s, o, t)
        notes.append(f"the target drops to population {t.pop}")
        self._log(s, head + ": " + "; ".join(notes) + ".")
        notes = []
        if not alive:
            self._extinct(s, p, a, "killed by Horns before eating")
        if t.pop <= 0:
            self._extinct(s, o, t, "eaten")
        if alive:
            self._take(s, p, _index(s.players[p].species, a), BANK, True, meat, notes, "attack")
        # Scavengers, in turn order from the attacking player (reference row 7).
        n = len(s.players)
        for k in range(n):
            q = (p + k) % n
            row = s.players[q].species
            for x in range(len(row)):
                if row[x].has(SCAVENGER):
                    self._take(s, q, x, BANK, True, 1, notes, "Scavenger")
        if notes:
            self._log(s, "; ".join(notes) + ".")

    # -- options ------------------------------------------------------------------------------
    def _hand_options(self, pl: PlayerState, prefix: str) -> list[Option]:
        keys = _CARD_KEYS[prefix]
        return [Option(keys[c], _LABEL[c], ("card", c), c) for c in pl.hand]

    def _use_options(self, s: EvolutionState, p: int, card: int) -> list[Option]:
        row = s.players[p].species
        trait = TRAIT_OF[card]
        opts = [Option(SPECIES_LEFT, "Discard it for a new species at the left end", None, ("species", "left")),
                Option(SPECIES_RIGHT, "Discard it for a new species at the right end", None, ("species", "right"))]
        for i, sp in enumerate(row):
            if sp.size < MAX_SIZE:
                opts.append(Option(_key_i("size", i), f"Discard it: species {i + 1} body size {sp.size} -> {sp.size + 1}",
                                   ("species", p, i), ("size", i)))
        for i, sp in enumerate(row):
            if sp.pop < MAX_POP:
                opts.append(Option(_key_i("pop", i), f"Discard it: species {i + 1} population {sp.pop} -> {sp.pop + 1}",
                                   ("species", p, i), ("pop", i)))
        for i, sp in enumerate(row):
            if not sp.has(trait):
                full = " (replacing a trait)" if len(sp.traits) >= s.trait_limit else ""
                opts.append(Option(_key_i("trait", i), f"Play {trait} face down on species {i + 1}{full}",
                                   ("species", p, i), ("trait", i)))
        opts.append(Option("back", "Back"))
        return opts

    def _target_label(self, s: EvolutionState, o: int, j: int, bl: list[str]) -> str:
        t = s.players[o].species[j]
        lab = f"{s.names[o]}'s species {j + 1} (size {t.size}, pop {t.pop})"
        if bl:
            lab += f": {_plural(len(bl), 'Intelligence discard')} (ignores {', '.join(bl)})"
        return lab

    def _target_options(self, s: EvolutionState, p: int, i: int) -> list[Option]:
        names = self._all_names(s)
        opts = [Option(key("target", o, j), self._target_label(s, o, j, bl), ("species", o, j), (o, j))
                for o, j, bl in self._targets(s, p, i, names)]
        opts.append(Option("back", "Back"))
        return opts

    def _block_text(self, trait: str, t: Species, eff: int) -> str:
        return BLOCK_REASON[trait].format(shell=t.size + HARD_SHELL_BONUS, eff=eff)

    # -- views and results ---------------------------------------------------------------------
    def view(self, s: EvolutionState, viewer: int | None) -> dict:
        over = s.phase == "over"
        players = []
        for q, pl in enumerate(s.players):
            sps = []
            public = pl.bag
            for sp in pl.species:
                traits = []
                carn = False
                for c in sp.traits:
                    down = c in sp.hidden
                    if down and viewer != q:
                        traits.append({"id": None, "trait": None, "face_down": True})
                    else:
                        traits.append({"id": c, "trait": TRAIT_OF[c], "face_down": down})
                    if not down:
                        public += 1
                        if TRAIT_OF[c] == CARNIVORE:
                            carn = True
                public += sp.pop
                sps.append({"uid": sp.uid, "size": sp.size, "pop": sp.pop, "food": sp.food, "fat": sp.fat,
                            "carnivore": carn, "traits": traits})
            players.append({
                "name": s.names[q], "bag": pl.bag, "hand_count": len(pl.hand),
                "hand": ([{"id": c, "trait": TRAIT_OF[c], "food": FOOD_OF[c]} for c in pl.hand]
                         if viewer == q else None),
                "score": public, "species": sps,
            })
        top = s.steps[-1] if s.steps and not over else None
        step = top if isinstance(top, EvoStep) else None
        return {
            "game": "evolution", "round": s.round, "phase": s.phase, "start": s.start,
            "turn": step.player if step is not None else None,
            "hole": s.hole, "food_cards_down": len(s.food_cards),
            "deck": len(s.deck), "discard": len(s.discard), "removed": len(s.removed),
            "final_round": s.final_round, "trait_limit": s.trait_limit, "viewer": viewer,
            "players": players, "selected": step.selected(viewer) if step is not None else None,
            "log": [e.for_viewer(viewer) for e in s.log],
            "scores": self.scores(s) if over else None,
            "winners": self.winners(s) if over else None,
        }

    def _copy(self, s: EvolutionState, rng: Rng | None) -> EvolutionState:
        """A copy of ``s`` (the engine's) with ``rng`` as its random source and no cached decision."""
        return copy_state(s, rng=rng, _decision=None)

    def determinize(self, state: EvolutionState, viewer: int, rng: random.Random) -> EvolutionState:
        """A state ``viewer`` cannot tell from ``state``: the cards the viewer
        has not seen (the draw pile, the removed cards, the other players'
        hands, face-down traits, face-down food cards and face-down discards)
        are dealt afresh into the same places, and the random source is new.
        A face-down trait never gets a trait its species already has (the owner
        could not have played it), otherwise any unseen card may land anywhere.

        It depends only on what ``viewer`` sees (the bots' honesty rests on
        it): the unseen pool is sorted before it is shuffled, cards are dealt
        by position and count alone, and ``rng`` is called the same number of
        times whatever the hidden cards are."""
        out = self._copy(state, None)
        others = [q for q in range(len(out.players)) if q != viewer]
        pool = state.deck.secret_contents() + state.removed
        for q in others:
            pl = out.players[q]
            pool += pl.hand
            for sp in pl.species:
                pool += sp.hidden
        pool += [c for q, c in out.food_cards if q != viewer]
        pool += [c for q, c in out.discarded_face_down if q != viewer]
        pool.sort()                               # forget where the unseen cards were
        rng.shuffle(pool)
        pool.reverse()                            # deal from the front of the shuffle
        for q in others:
            pl = out.players[q]
            pl.hand = [pool.pop() for _ in pl.hand]
        for q in others:
            for sp in out.players[q].species:
                if not sp.hidden:
                    continue
                have = {TRAIT_OF[c] for c in sp.traits if c not in sp.hidden}
                new = []
                for _ in sp.hidden:
                    k = len(pool) - 1
                    while k > 0 and TRAIT_OF[pool[k]] in have:
                        k -= 1
                    c = pool.pop(k)
                    have.add(TRAIT_OF[c])
                    new.append(c)
                swap = dict(zip(sp.hidden, new))
                sp.traits = [swap.get(c, c) for c in sp.traits]
                sp.hidden = new
        out.food_cards = [(q, c if q == viewer else pool.pop()) for q, c in out.food_cards]
        if out.discarded_face_down:
            down = []
            for q, c in out.discarded_face_down:
                if q != viewer:
                    nc = pool.pop()
                    out.discard[out.discard.index(c)] = nc
                    c = nc
                down.append((q, c))
            out.discarded_face_down = down
        out.removed = [pool.pop() for _ in out.removed]
        out.deck = Deck(pool)
        # A card another player has picked and not yet played is one of its
        # hand cards: its first (any slot would do, but a fixed one keeps the
        # world independent of the hidden hand order).
        for st in out.steps:
            if isinstance(st, (UseCard, ReplaceTrait)) and st.player != viewer:
                st.card = out.players[st.player].hand[0]
        # The other players' private log lines named the real cards.  The
        # entries are shared with ``state``: replaced, never edited.
        log = out.log
        for k, e in enumerate(log):
            if e.private_text is not None and e.private_to is not None and e.private_to != viewer:
                log[k] = LogEntry(e.text, e.private_to, None, e.round)
        out.rng = Rng(rng.randrange(2**32))
        # The viewer's own decision is the same in every world it cannot tell
        # apart (the conformance suite checks that), so its cache is kept.
        d = state._decision
        if d and d.player == viewer:
            out._decision = d
        return out

    def scores(self, s: EvolutionState) -> list[int]:
        return [pl.bag + sum(sp.pop + len(sp.traits) for sp in pl.species) for pl in s.players]

    def tiebreak_key(self, s: EvolutionState, p: int) -> tuple[int, int, int]:
        """Score, then (house rule) most trait cards in play, then most food in the bag."""
        pl = s.players[p]
        return (self.scores(s)[p], sum(len(sp.traits) for sp in pl.species), pl.bag)

    def winners(self, s: EvolutionState) -> list[int]:
        keys = [self.tiebreak_key(s, p) for p in range(len(s.players))]
        best = max(keys)
        return [p for p, k in enumerate(keys) if k == best]

    def rules_notes(self) -> str:
        try:
            return (Path(__file__).parent / "RULES.md").read_text(encoding="utf-8")
        except OSError:  # pragma: no cover
            return "# Evolution\n\nThe rules file is missing from this installation."


GAME = EvolutionGame()
