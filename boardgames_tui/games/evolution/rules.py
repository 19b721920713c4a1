"""Evolution: the rules engine.

The seed (``docs/rules/evolution.md``, rules 1-54) is the authority, with the
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

Modules.  Phase 4, feeding and attacks (``StartFeeding`` to ``EndFeeding``, with
``FeedTurn`` and its follow-ups), is ``feeding.py``: its steps plus functions
taking ``(game, state, ...)``, and the public ``blockers`` and ``targets`` the
bot policy reads attacks with.  ``base.py`` holds what both modules share
(``EvoStep``, the species keys).  They import the cards and ``base``, never this
module; this module imports them.

Hidden information.  The draw pile is an ``engine.hidden.Deck`` (drawing counts
a reveal), every shuffle goes through ``state.rng``, and the face-down traits
and food cards turned up call ``state.rng.reveal()``: ``state.rng.mark`` is the
undo policy's count, by construction.
"""
from __future__ import annotations

import random
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ...engine.copying import copy_state
from ...engine.core import GameOption, LogEntry, Option
from ...engine.hidden import Deck
from ...engine.rng import Rng
from ...engine.steps import Auto, StepGame, StepState, key, log
from ...engine.text import plural
from . import cards as C
from .base import EvoStep, _index, _key_i
from .cards import CARNIVORE, FAT_TISSUE, FOOD_OF, MAX_POP, MAX_SIZE, TRAIT_OF, card_label
from .feeding import StartFeeding

# Keys and labels made once (bots and ``simulate`` ask for options very often; the species keys
# are ``base._key_i``'s).
_LABEL = [card_label(c) for c in range(len(C.CARDS))]
_CARD_KEYS = {head: [key(head, c) for c in range(len(C.CARDS))] for head in ("food", "card", "discard")}
SPECIES_LEFT, SPECIES_RIGHT = key("species", "left"), key("species", "right")


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
class EvolutionState(StepState):
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
    final_round: int | None = None
    next_uid: int = 0
    # (owner, card): face-down trait cards replaced and discarded unseen; the
    # other players do not know them (for ``determinize``).  Emptied when the
    # discard pile becomes the new draw pile.
    discarded_face_down: list[tuple[int, int]] = field(default_factory=list)




# -- the steps ------------------------------------------------------------------------
# Phase 2 --------------------------------------------------------------------------
class FoodCard(EvoStep):
    kind = "food"
    heads = {"food": (int,)}

    def prompt(self, g: EvolutionGame, s: EvolutionState) -> str:
        return "Choose a card to supply food (face down until feeding)"

    def options(self, g: EvolutionGame, s: EvolutionState) -> list[Option]:
        return g._hand_options(s.players[self.player], "food")

    def apply(self, g: EvolutionGame, s: EvolutionState, o: Option) -> None:
        p, c = self.player, o.value
        pl = s.players[p]
        pl.hand.remove(c)
        s.food_cards.append((p, c))
        pl.done = True
        log(s, f"{s.names[p]} lays a food card face down.", p,
               f"You lay {card_label(c)} face down as your food card.")
        s.steps.append(NextFoodTurn())

    def why(self, g: EvolutionGame, s: EvolutionState, head: str, c: int) -> str | None:
        return self._why_card(s, c)


class NextFoodTurn(Auto):
    def run(self, g: EvolutionGame, s: EvolutionState) -> None:
        p = g._next_card_player(s, "has no cards and supplies no food.")
        if p is not None:
            s.steps.append(FoodCard(p))
            return
        # everyone has chosen: phase 3
        s.phase = "play"
        for pl in s.players:
            pl.done = False
        log(s, "All food cards are down. Phase 3: play cards.")
        s.steps.append(NextPlayTurn())


# Phase 3 --------------------------------------------------------------------------
class PlayTurn(EvoStep):
    kind = "play"
    heads = {"card": (int,), "done": ()}

    def prompt(self, g: EvolutionGame, s: EvolutionState) -> str:
        return "Play a card, or end your turn"

    def options(self, g: EvolutionGame, s: EvolutionState) -> list[Option]:
        opts = g._hand_options(s.players[self.player], "card")
        left = len(s.players[self.player].hand)
        opts.append(Option("done", f"Done: end your turn (keep {plural(left, 'card')})" if left
                           else "Done: end your turn"))
        return opts

    def apply(self, g: EvolutionGame, s: EvolutionState, o: Option) -> None:
        p = self.player
        if o.key == "done":
            pl = s.players[p]
            pl.done = True
            log(s, f"{s.names[p]} ends the turn with {plural(len(pl.hand), 'card')} in hand.")
            s.steps.append(NextPlayTurn())
            return
        s.steps.append(self)                      # the turn goes on after this card
        s.steps.append(UseCard(p, o.value))       # what does it pay for?

    def why(self, g: EvolutionGame, s: EvolutionState, head: str, *parts: Any) -> str | None:
        return self._why_card(s, parts[0]) if head == "card" else None


class UseCard(EvoStep):
    card: int
    kind = "use"
    heads = {"species": (str,), "size": (int,), "pop": (int,), "trait": (int,), "back": ()}

    def prompt(self, g: EvolutionGame, s: EvolutionState) -> str:
        # The prompt names no card: a UI shows a bot's prompt to everybody.
        return "What does the chosen card pay for?"

    def options(self, g: EvolutionGame, s: EvolutionState) -> list[Option]:
        return g._use_options(s, self.player, self.card)

    def selected(self, viewer: int | None) -> dict | None:
        return {"card": self.card if viewer == self.player else None, "species": None}

    def apply(self, g: EvolutionGame, s: EvolutionState, o: Option) -> None:
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
            log(s, f"{name} plays a trait card face down on species {arg + 1}.", p,
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
            log(s, f"{name} discards {card_label(c)} for a new species at the {arg} end.")
        elif what == "size":
            sp = pl.species[arg]
            sp.size += 1
            log(s, f"{name} discards {card_label(c)}: species {arg + 1} body size {sp.size}.")
        else:
            sp = pl.species[arg]
            sp.pop += 1
            log(s, f"{name} discards {card_label(c)}: species {arg + 1} population {sp.pop}.")

    def why(self, g: EvolutionGame, s: EvolutionState, head: str, *parts: Any) -> str | None:
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

    def prompt(self, g: EvolutionGame, s: EvolutionState) -> str:
        return f"Species {self.species + 1} is full: which trait card goes to the discard pile?"

    def options(self, g: EvolutionGame, s: EvolutionState) -> list[Option]:
        sp = s.players[self.player].species[self.species]
        opts = [Option(key("replace", c), f"Discard {TRAIT_OF[c]}", ("card", c), c) for c in sp.traits]
        opts.append(Option("back", "Back"))
        return opts

    def selected(self, viewer: int | None) -> dict | None:
        return {"card": self.card if viewer == self.player else None, "species": [self.player, self.species]}

    def apply(self, g: EvolutionGame, s: EvolutionState, o: Option) -> None:
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
        log(s, f"{s.names[p]} discards {shown} from species {i + 1} and plays a trait card face down there{lost}.",
               p, f"You replace {TRAIT_OF[old]} on species {i + 1} by {card_label(c)}, face down{lost}.")

    def why(self, g: EvolutionGame, s: EvolutionState, head: str, *parts: Any) -> str | None:
        if head == "replace" and parts[0] not in s.players[self.player].species[self.species].traits:
            return f"card {parts[0]} is not a trait on species {self.species + 1}"
        return None


class NextPlayTurn(Auto):
    def run(self, g: EvolutionGame, s: EvolutionState) -> None:
        p = g._next_card_player(s, "has no cards to play.")
        s.steps.append(PlayTurn(p) if p is not None else StartFeeding())


class StartRound(Auto):
    """Phase 1: the deal (rule 8), then the food cards."""

    def run(self, g: EvolutionGame, s: EvolutionState) -> None:
        s.round += 1
        s.phase = "food"
        for pl in s.players:
            pl.done = False
        log(s, f"Round {s.round} begins; {s.names[s.start]} is the start player.")
        need = sum(C.BASE_DEAL + len(pl.species) for pl in s.players)
        if need > len(s.deck):
            if s.final_round is None or s.final_round > s.round:
                s.final_round = s.round
            log(s, f"Only {plural(len(s.deck), 'card')} left for a deal of {need}: "
                   f"the discard pile is shuffled in and this is the last round.")
        for p in g._order(s, s.start):
            pl = s.players[p]
            got = g._draw(s, C.BASE_DEAL + len(pl.species), deal=True)
            pl.hand.extend(got)
            log(s, f"{s.names[p]} is dealt {plural(len(got), 'card')}.", p,
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
        log(s, f"New game with the {deck_name} deck; each player has one species (size 1, population 1).")
        if removed:
            log(s, f"Two players: {plural(len(removed), 'card')} removed from the game unseen.")
        log(s, f"{s.names[s.start]} is the start player.")
        s.steps.append(StartRound())
        return self.start(s)

    def _new_species(self, s: EvolutionState) -> Species:
        sp = Species(uid=s.next_uid)
        s.next_uid += 1
        return sp

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
                log(s, f"The draw pile is empty: the discard pile ({plural(len(s.deck), 'card')}) "
                       "is shuffled into a new draw pile.")
            out += s.deck.draw_many(s.rng, n - len(out))
        if not s.deck:
            ran_out = True
        if n and ran_out and not deal:
            last = s.round + 1
            if s.final_round is None or s.final_round > last:
                s.final_round = last
                log(s, f"The cards have run out: this round is finished and round {last} is the last.")
        return out

    def _discard_from_hand(self, s: EvolutionState, p: int, c: int) -> None:
        s.players[p].hand.remove(c)
        s.discard.append(c)
        log(s, f"{s.names[p]} discards {card_label(c)} (Intelligence).")

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
                log(s, f"{s.names[p]} {no_cards}")
                continue
            return p
        return None

    def _end_round(self, s: EvolutionState) -> None:
        """After the feeding's clean-up (``feeding.EndFeeding``): the end of the game after its last
        round (rules 51-52), else the next round."""
        if s.final_round is not None and s.round >= s.final_round:
            s.phase = "over"
            sc = self.scores(s)
            w = self.winners(s)
            tied = sum(1 for x in sc if x == max(sc))
            how = " (house tie-break: most trait cards in play, then most food in the bag)" if tied > 1 else ""
            log(s, "The game is over. Scores: " + ", ".join(f"{s.names[p]} {sc[p]}" for p in range(len(sc)))
                   + ". Winner: " + " and ".join(s.names[p] for p in w) + how + ".")
            return                                # an empty stack: the game is over
        # Rule 30: the start player moves on.
        s.start = (s.start + 1) % len(s.players)
        s.steps.append(StartRound())

    # -- extinction and options ---------------------------------------------------------------
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
            text += f"; {plural(n, 'trait card')} to the discard pile"
        drawn = self._draw(s, n, deal=False) if n else []
        pl.hand.extend(drawn)
        if n:
            log(s, text + f" and {s.names[p]} draws {plural(len(drawn), 'card')}.", p,
                   text + f" and you draw: {', '.join(card_label(c) for c in drawn) or 'nothing'}.")
        else:
            log(s, text + ".")

    def _hand_options(self, pl: PlayerState, prefix: str) -> list[Option]:
        keys = _CARD_KEYS[prefix]
        return [Option(keys[c], _LABEL[c], ("card", c), c) for c in pl.hand]

    def _use_options(self, s: EvolutionState, p: int, card: int) -> list[Option]:
        row = s.players[p].species
        trait = TRAIT_OF[card]
        # Labels name what differs first (the list cuts a long one at the end), "Species N" before
        # anything else, and write a change as "1→2" (one word: a filter for "species 2" does not
        # find species 1's "1 -> 2").
        opts = [Option(SPECIES_LEFT, "New species at the left end (discard the card)", None, ("species", "left")),
                Option(SPECIES_RIGHT, "New species at the right end (discard the card)", None, ("species", "right"))]
        for i, sp in enumerate(row):
            if sp.size < MAX_SIZE:
                grow = f"Species {i + 1} body size {sp.size}→{sp.size + 1} (discard the card)"
                opts.append(Option(_key_i("size", i), grow,
                                   ("species", p, i), ("size", i)))
        for i, sp in enumerate(row):
            if sp.pop < MAX_POP:
                opts.append(Option(_key_i("pop", i),
                                   f"Species {i + 1} population {sp.pop}→{sp.pop + 1} (discard the card)",
                                   ("species", p, i), ("pop", i)))
        for i, sp in enumerate(row):
            if not sp.has(trait):
                full = ", replacing a trait" if len(sp.traits) >= s.trait_limit else ""
                opts.append(Option(_key_i("trait", i), f"Species {i + 1} gets {trait} face down{full}",
                                   ("species", p, i), ("trait", i)))
        opts.append(Option("back", "Back"))
        return opts

    # -- views and results ---------------------------------------------------------------------
    def view(self, s: EvolutionState, viewer: int | None) -> dict:
        over = s.phase == "over"
        players = []
        for q, pl in enumerate(s.players):
            sps = []
            public = pl.bag
            for sp in pl.species:
                traits: list[dict[str, Any]] = []
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

    def score_detail(self, s: EvolutionState, player: int) -> str:
        """The final score's three parts (RULES.md, "Score"): "14 food, 9 population, 5 traits".
        Every trait card on the player's species counts, face-down ones too; stored fat and hand
        cards score nothing."""
        pl = s.players[player]
        pop = sum(sp.pop for sp in pl.species)
        traits = sum(len(sp.traits) for sp in pl.species)
        return f"{pl.bag} food, {pop} population, {plural(traits, 'trait')}"

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
