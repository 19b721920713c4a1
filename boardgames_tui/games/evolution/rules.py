"""Evolution: the rules engine.

The seed (``shared/rules/evolution.md``, rules 1-54) is the authority, with the
rulings of that file's table; ``RULES.md`` beside this module is the rules as
implemented, for players.  The API is described in ``docs/evolution-api.md``.

Flow.  A round is deal -> ``food`` -> ``play`` -> ``feed`` -> clean-up.  Every
automatic step (dealing, turning traits up, revealing food, grain traits,
resolving an attack, clean-up, the next deal) happens inside ``_apply`` until
the next real decision.  Multi-part choices use ``state.pending``, a stack of
small tuples:

* ``("use", card)``            play phase: a card was picked, what does it pay for
* ``("replace", card, i)``     the species is full: which trait card goes
* ``("target", i)``            feeding: carnivore ``i`` attacks, pick the target
* ``("intel", i)``             feeding: herbivore ``i`` discards a card for food
* ``("ignore", i, o, j, n)``   feeding: ``n`` more Intelligence discards, then attack
"""
from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ...engine.core import Decision, Game, GameOption, LogEntry, Option
from ...engine.rng import Rng
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
    deck: list[int]
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
    turn: int = 0
    pending: list[tuple] = field(default_factory=list)
    final_round: int | None = None
    log: list[LogEntry] = field(default_factory=list)
    reveals: int = 0
    next_uid: int = 0
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


# -- the game ------------------------------------------------------------------------
class EvolutionGame(Game):
    name = "evolution"
    title = "Evolution"
    min_players = 2
    max_players = 6
    description = "Species grow, adapt and eat each other at the watering hole."
    rules_version = "1"
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
        deck = C.deck_ids(opts["deck"])
        rng.shuffle(deck)
        removed: list[int] = []
        if n == 2:
            removed = deck[-C.TWO_PLAYER_REMOVAL:]
            del deck[-C.TWO_PLAYER_REMOVAL:]
        s = EvolutionState(
            names=list(names),
            players=[PlayerState() for _ in range(n)],
            deck=deck, discard=[], removed=removed, rng=rng, options=opts,
            trait_limit=C.TRAIT_LIMIT_TWO_PLAYERS if n == 2 else C.TRAIT_LIMIT,
        )
        for p in range(n):
            s.players[p].species.append(self._new_species(s))
        s.start = rng.randrange(n)
        s.reveals = 1
        deck_name = "German 110-card" if opts["deck"] == "110" else "North Star 129-card"
        self._log(s, f"New game with the {deck_name} deck; each player has one species (size 1, population 1).")
        if removed:
            self._log(s, f"Two players: {len(removed)} cards are removed from the game unseen.")
        self._log(s, f"{s.names[s.start]} is the start player.")
        self._start_round(s)
        return s

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
        for _ in range(n):
            if not s.deck:
                ran_out = True
                if not s.discard:
                    break
                s.deck = s.discard
                s.discard = []
                s.rng.shuffle(s.deck)
                s.reveals += 1
                self._log(s, f"The draw pile is empty: the discard pile ({len(s.deck)} cards) is shuffled into a new draw pile.")
            out.append(s.deck.pop())
        if out:
            s.reveals += 1
        if not s.deck:
            ran_out = True
        if n and ran_out and not deal:
            last = s.round + 1
            if s.final_round is None or s.final_round > last:
                s.final_round = last
                self._log(s, f"The cards have run out: this round is finished and round {last} is the last.")
        return out

    # -- round structure ------------------------------------------------------------------
    def _order(self, s: EvolutionState, first: int) -> list[int]:
        n = len(s.players)
        return [(first + k) % n for k in range(n)]

    def _start_round(self, s: EvolutionState) -> None:
        s.round += 1
        s.phase = "food"
        s.pending = []
        for pl in s.players:
            pl.done = False
        self._log(s, f"Round {s.round} begins; {s.names[s.start]} is the start player.")
        need = sum(C.BASE_DEAL + len(pl.species) for pl in s.players)
        if need > len(s.deck):
            if s.final_round is None or s.final_round > s.round:
                s.final_round = s.round
            self._log(s, f"Only {len(s.deck)} cards are left for a deal of {need}: "
                         f"the discard pile is shuffled in and this is the last round.")
        for p in self._order(s, s.start):
            pl = s.players[p]
            got = self._draw(s, C.BASE_DEAL + len(pl.species), deal=True)
            pl.hand.extend(got)
            self._log(s, f"{s.names[p]} is dealt {_plural(len(got), 'card')}.", p,
                      f"You are dealt: {', '.join(card_label(c) for c in got) or 'nothing'}.")
        self._next_food_turn(s)

    def _next_card_turn(self, s: EvolutionState, no_cards: str) -> bool:
        """Give the turn to the next player, from the start player, who is not
        done and holds cards (players without cards are done, with a log line
        ``"<name> " + no_cards``).  False when everyone is done."""
        for p in self._order(s, s.start):
            pl = s.players[p]
            if pl.done:
                continue
            if not pl.hand:
                pl.done = True
                self._log(s, f"{s.names[p]} {no_cards}")
                continue
            s.turn = p
            return True
        return False

    def _next_food_turn(self, s: EvolutionState) -> None:
        if self._next_card_turn(s, "has no cards and supplies no food."):
            return
        # everyone has chosen: phase 3
        s.phase = "play"
        for pl in s.players:
            pl.done = False
        self._log(s, "All food cards are down. Phase 3: play cards.")
        self._next_play_turn(s)

    def _next_play_turn(self, s: EvolutionState) -> None:
        if not self._next_card_turn(s, "has no cards to play."):
            self._start_feeding(s)

    def _start_feeding(self, s: EvolutionState) -> None:
        # Turn the face-down traits up (rule 16).
        shown = []
        for p in self._order(s, s.start):
            parts = []
            for i, sp in enumerate(s.players[p].species):
                if sp.hidden:
                    parts.append(f"species {i + 1}: {', '.join(TRAIT_OF[c] for c in sp.hidden)}")
                    sp.hidden = []
            if parts:
                shown.append(f"{s.names[p]} ({'; '.join(parts)})")
        if shown:
            s.reveals += 1
            self._log(s, "Traits turned face up: " + "; ".join(shown) + ".")
        s.phase = "feed"
        for pl in s.players:
            pl.done = False
        leftover = s.hole
        # Reveal the food cards (rule 17).
        if s.food_cards:
            total = sum(FOOD_OF[c] for _, c in s.food_cards)
            s.hole = max(0, s.hole + total)
            listing = ", ".join(f"{card_label(c)} from {s.names[p]}" for p, c in s.food_cards)
            s.discard.extend(c for _, c in s.food_cards)
            s.food_cards = []
            s.reveals += 1
            self._log(s, f"Phase 4: food cards revealed: {listing}; total {total:+d}. "
                         f"The watering hole had {leftover} and now has {s.hole} plant food.")
        else:
            self._log(s, f"Phase 4: no food cards; the watering hole has {s.hole} plant food.")
        # Grain-symbol traits (rule 18, reference rows 2, 5, 6).
        notes: list[str] = []
        for p in self._order(s, s.start):
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
                    self._take(s, p, i, BANK, False, 1, notes, "Long Neck")
                if FAT_TISSUE in nm and sp.fat:
                    move = min(sp.fat, sp.pop - sp.food)
                    if move > 0:
                        sp.fat -= move
                        sp.food += move
                        notes.append(f"{s.names[p]}'s species {i + 1} moves {move} stored food from Fat Tissue")
        if notes:
            self._log(s, "; ".join(notes) + ".")
        self._next_feed_turn(s, s.start)

    def _next_feed_turn(self, s: EvolutionState, first: int) -> None:
        for p in self._order(s, first):
            opts = self._feed_options(s, p)
            if opts:
                s.turn = p
                s._decision = Decision(p, "Feed one of your species", "feed", opts)
                return
        self._end_feeding(s)

    def _end_feeding(self, s: EvolutionState) -> None:
        order = self._order(s, s.start)
        lines = []
        # Rule 26: unfed species shrink to their food.
        for p in order:
            for i, sp in enumerate(s.players[p].species):
                if sp.food < sp.pop:
                    lines.append(f"{s.names[p]}'s species {i + 1} starves down to population {sp.food}")
                    sp.pop = sp.food
        self._log(s, "Feeding is over. " + ("; ".join(lines) + "." if lines else "Every species is fed."))
        # Rule 27: species that got no food die out.
        for p in order:
            for sp in reversed(list(s.players[p].species)):  # right to left: positions stay as shown
                if sp.pop == 0:
                    self._extinct(s, p, sp, "no food")
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
        self._log(s, "Food goes into the bags: " + ", ".join(gains) + ".")
        if s.final_round is not None and s.round >= s.final_round:
            s.phase = "over"
            s.pending = []
            sc = self.scores(s)
            w = self.winners(s)
            tied = sum(1 for x in sc if x == max(sc))
            how = " (house tie-break: most trait cards in play, then most food in the bag)" if tied > 1 else ""
            self._log(s, "The game is over. Scores: " + ", ".join(f"{s.names[p]} {sc[p]}" for p in range(len(sc)))
                      + ". Winner: " + " and ".join(s.names[p] for p in w) + how + ".")
            return
        # Rule 29: a free species for a player with none.
        for p in order:
            pl = s.players[p]
            if not pl.species:
                pl.species.append(self._new_species(s))
                self._log(s, f"{s.names[p]} has no species left and takes a free one.")
        # Rule 30: the start player moves on.
        s.start = (s.start + 1) % len(s.players)
        self._start_round(s)

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

    def _targets(self, s: EvolutionState, p: int, i: int, names: list[list[set[str]]],
                 first_only: bool = False) -> list[tuple[int, int, list[str]]]:
        """Legal targets of carnivore ``i`` of player ``p``: (owner, index,
        traits to ignore by Intelligence).  Own species only when no opponent
        species can be attacked without discards (reference row 8)."""
        a = s.players[p].species[i]
        an = names[p][i]
        eff = a.size + a.pop if PACK_HUNTING in an else a.size
        can_ignore = len(s.players[p].hand) if INTELLIGENCE in an else 0
        n = len(s.players)
        out: list[tuple[int, int, list[str]]] = []
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
                    out.append((o, j, bl))
                    if first_only:
                        return out
                    if not bl:
                        free = True
        if not free:
            row = s.players[p].species
            rn = names[p]
            for j in range(len(row)):
                if j == i or eff <= row[j].size:
                    continue
                if not self._blockers(a, an, eff, row, rn, j):
                    out.append((p, j, []))
                    if first_only:
                        return out
        return out

    def _feed_options(self, s: EvolutionState, p: int) -> list[Option]:
        pl = s.players[p]
        row = pl.species
        opts: list[Option] = []
        names = None
        for i in range(len(row)):
            sp = row[i]
            nm = sp.names()
            if _room(sp, nm) <= 0:
                continue
            if CARNIVORE in nm:
                if names is None:
                    names = self._all_names(s)
                if self._targets(s, p, i, names, first_only=True):
                    opts.append(Option(f"attack:{i}", f"Species {i + 1} (carnivore, size {sp.size}) attacks",
                                       ("species", p, i)))
            else:
                if s.hole > 0:
                    opts.append(Option(f"eat:{i}", f"Species {i + 1} eats plant food from the watering hole",
                                       ("species", p, i)))
                if INTELLIGENCE in nm and pl.hand:
                    opts.append(Option(f"intel:{i}", f"Species {i + 1}: discard a card for 2 plant food (Intelligence)",
                                       ("species", p, i)))
        return opts

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
        if HORNS in tn:
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

    # -- decisions --------------------------------------------------------------------------
    def decision(self, s: EvolutionState) -> Decision | None:
        if s.phase == "over":
            return None
        p = s.turn
        pl = s.players[p]
        if s.pending:
            top = s.pending[-1]
            kind = top[0]
            if kind == "use":
                # The prompt names no card: a UI shows a bot's prompt to everybody.
                return Decision(p, "What does the chosen card pay for?", "use",
                                self._use_options(s, p, top[1]))
            if kind == "replace":
                sp = pl.species[top[2]]
                opts = [Option(f"replace:{c}", f"Discard {TRAIT_OF[c]}", ("card", c)) for c in sp.traits]
                opts.append(Option("back", "Back"))
                return Decision(p, f"Species {top[2] + 1} is full: which trait card goes to the discard pile?",
                                "replace", opts)
            if kind == "target":
                return Decision(p, f"Which species does your species {top[1] + 1} attack?", "target",
                                self._target_options(s, p, top[1]))
            if kind == "intel":
                return Decision(p, f"Discard a card: species {top[1] + 1} takes 2 plant food (Intelligence)",
                                "discard", self._hand_options(pl, "discard"))
            if kind == "ignore":
                return Decision(p, f"Discard a card for Intelligence ({top[4]} more to discard)",
                                "discard", self._hand_options(pl, "discard"))
            raise AssertionError(f"unknown pending step {top!r}")
        if s.phase == "food":
            return Decision(p, "Choose a card to supply food (face down until feeding)", "food",
                            self._hand_options(pl, "food"))
        if s.phase == "play":
            opts = self._hand_options(pl, "card")
            opts.append(Option("done", "Done: end your turn (keep the other cards)"))
            return Decision(p, "Play a card, or end your turn", "play", opts)
        # feed
        return Decision(p, "Feed one of your species", "feed", self._feed_options(s, p))

    def _hand_options(self, pl: PlayerState, prefix: str) -> list[Option]:
        return [Option(f"{prefix}:{c}", card_label(c), ("card", c)) for c in pl.hand]

    def _use_options(self, s: EvolutionState, p: int, card: int) -> list[Option]:
        row = s.players[p].species
        trait = TRAIT_OF[card]
        opts = [Option("species:left", "Discard it for a new species at the left end"),
                Option("species:right", "Discard it for a new species at the right end")]
        for i, sp in enumerate(row):
            if sp.size < MAX_SIZE:
                opts.append(Option(f"size:{i}", f"Discard it: species {i + 1} body size {sp.size} -> {sp.size + 1}",
                                   ("species", p, i)))
        for i, sp in enumerate(row):
            if sp.pop < MAX_POP:
                opts.append(Option(f"pop:{i}", f"Discard it: species {i + 1} population {sp.pop} -> {sp.pop + 1}",
                                   ("species", p, i)))
        for i, sp in enumerate(row):
            if not sp.has(trait):
                full = " (replacing a trait)" if len(sp.traits) >= s.trait_limit else ""
                opts.append(Option(f"trait:{i}", f"Play {trait} face down on species {i + 1}{full}",
                                   ("species", p, i)))
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
        opts = [Option(f"target:{o}:{j}", self._target_label(s, o, j, bl), ("species", o, j))
                for o, j, bl in self._targets(s, p, i, names)]
        opts.append(Option("back", "Back"))
        return opts

    # -- applying ---------------------------------------------------------------------------
    def _apply(self, s: EvolutionState, d: Decision, opt: Option) -> None:
        p = s.turn
        pl = s.players[p]
        key = opt.key
        head, _, rest = key.partition(":")
        kind = d.kind
        name = s.names[p]
        if kind == "food":
            c = int(rest)
            pl.hand.remove(c)
            s.food_cards.append((p, c))
            pl.done = True
            self._log(s, f"{name} lays a food card face down.", p,
                      f"You lay {card_label(c)} face down as your food card.")
            self._next_food_turn(s)
        elif kind == "play":
            if head == "done":
                pl.done = True
                self._log(s, f"{name} ends the turn with {_plural(len(pl.hand), 'card')} in hand.")
                self._next_play_turn(s)
            else:
                s.pending.append(("use", int(rest)))
        elif kind == "use":
            c = s.pending[-1][1]
            if head == "back":
                s.pending.pop()
            elif head == "trait":
                i = int(rest)
                sp = pl.species[i]
                if len(sp.traits) >= s.trait_limit:
                    s.pending.append(("replace", c, i))
                else:
                    s.pending.pop()
                    pl.hand.remove(c)
                    sp.traits.append(c)
                    sp.hidden.append(c)
                    self._log(s, f"{name} plays a trait card face down on species {i + 1}.", p,
                              f"You play {card_label(c)} face down on species {i + 1}.")
            else:
                s.pending.pop()
                pl.hand.remove(c)
                s.discard.append(c)
                if head == "species":
                    sp = self._new_species(s)
                    if rest == "left":
                        pl.species.insert(0, sp)
                    else:
                        pl.species.append(sp)
                    self._log(s, f"{name} discards {card_label(c)} for a new species at the {rest} end.")
                elif head == "size":
                    sp = pl.species[int(rest)]
                    sp.size += 1
                    self._log(s, f"{name} discards {card_label(c)}: species {int(rest) + 1} body size {sp.size}.")
                else:
                    sp = pl.species[int(rest)]
                    sp.pop += 1
                    self._log(s, f"{name} discards {card_label(c)}: species {int(rest) + 1} population {sp.pop}.")
        elif kind == "replace":
            if head == "back":
                s.pending.pop()
                return
            old = int(rest)
            _, c, i = s.pending.pop()
            s.pending.pop()  # the "use" step
            sp = pl.species[i]
            was_hidden = old in sp.hidden
            sp.traits.remove(old)
            if was_hidden:
                sp.hidden.remove(old)
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
            self._log(s, f"{name} discards {shown} from species {i + 1} and plays a trait card face down there{lost}.",
                      p, f"You replace {TRAIT_OF[old]} on species {i + 1} by {card_label(c)}, face down{lost}.")
        elif kind == "feed":
            i = int(rest)
            if head == "eat":
                notes: list[str] = []
                self._take(s, p, i, HOLE, False, 1, notes, "")
                self._log(s, "; ".join(notes) + f"; {s.hole} left there.")
                self._next_feed_turn(s, (p + 1) % len(s.players))
            elif head == "intel":
                s.pending.append(("intel", i))
            else:
                s.pending.append(("target", i))
        elif kind == "target":
            if head == "back":
                s.pending.pop()
                return
            o_s, _, j_s = rest.partition(":")
            o, j = int(o_s), int(j_s)
            _, i = s.pending.pop()
            names = self._all_names(s)
            a = pl.species[i]
            an = names[p][i]
            eff = a.size + a.pop if PACK_HUNTING in an else a.size
            bl = [] if o == p else self._blockers(a, an, eff, s.players[o].species, names[o], j)
            if bl:
                s.pending.append(("ignore", i, o, j, len(bl)))
            else:
                self._resolve_attack(s, p, i, o, j, [])
                self._next_feed_turn(s, (p + 1) % len(s.players))
        elif kind == "discard":
            c = int(rest)
            top = s.pending.pop()
            pl.hand.remove(c)
            s.discard.append(c)
            self._log(s, f"{name} discards {card_label(c)} (Intelligence).")
            if top[0] == "intel":
                notes = []
                self._take(s, p, top[1], BANK, False, 2, notes, "Intelligence")
                if notes:
                    self._log(s, "; ".join(notes) + ".")
                self._next_feed_turn(s, (p + 1) % len(s.players))
            else:
                _, i, o, j, left = top
                if left > 1:
                    s.pending.append(("ignore", i, o, j, left - 1))
                    return
                names = self._all_names(s)
                a = pl.species[i]
                an = names[p][i]
                eff = a.size + a.pop if PACK_HUNTING in an else a.size
                bl = self._blockers(a, an, eff, s.players[o].species, names[o], j)
                self._resolve_attack(s, p, i, o, j, bl)
                self._next_feed_turn(s, (p + 1) % len(s.players))
        else:  # pragma: no cover
            raise AssertionError(f"unknown decision kind {kind}")

    # -- explanations -------------------------------------------------------------------------
    def why_illegal(self, s: EvolutionState, d: Decision, key: str) -> str:
        try:
            reason = self._why(s, d, key)
        except Exception:  # a malformed key: the generic message will do
            reason = None
        return reason or super().why_illegal(s, d, key)

    def _why(self, s: EvolutionState, d: Decision, key: str) -> str | None:
        p = d.player
        pl = s.players[p]
        head, _, rest = key.partition(":")
        expected = {
            "food": ("food",), "play": ("card", "done"),
            "use": ("species", "size", "pop", "trait", "back"), "replace": ("replace", "back"),
            "feed": ("eat", "intel", "attack"), "target": ("target", "back"), "discard": ("discard",),
        }[d.kind]
        if head not in expected:
            return f"'{key}' does not fit now: {d.prompt}"
        if head in ("food", "card", "discard"):
            c = int(rest)
            if not 0 <= c < len(C.CARDS):
                return f"there is no card {c}"
            if c not in pl.hand:
                return "not your card: it is not in your hand"
            return None
        row = pl.species
        if head in ("size", "pop", "trait", "eat", "intel", "attack"):
            i = int(rest)
            if not 0 <= i < len(row):
                return f"you have no species {i + 1} (you have {len(row)})"
            sp = row[i]
            if head == "size" and sp.size >= MAX_SIZE:
                return f"species {i + 1}: size is already {MAX_SIZE}"
            if head == "pop" and sp.pop >= MAX_POP:
                return f"species {i + 1}: population is already {MAX_POP}"
            if head == "trait":
                trait = TRAIT_OF[s.pending[-1][1]]
                if sp.has(trait):
                    return f"species {i + 1} already has {trait}: no trait twice on one species"
                return None
            if head in ("eat", "intel", "attack"):
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
        if head == "replace":
            c = int(rest)
            sp = row[s.pending[-1][2]]
            if c not in sp.traits:
                return f"card {c} is not a trait on species {s.pending[-1][2] + 1}"
            return None
        if head == "target":
            o_s, _, j_s = rest.partition(":")
            o, j = int(o_s), int(j_s)
            if not 0 <= o < len(s.players):
                return f"there is no player {o}"
            orow = s.players[o].species
            if not 0 <= j < len(orow):
                return f"{s.names[o]} has no species {j + 1}"
            i = s.pending[-1][1]
            if o == p and j == i:
                return "a carnivore cannot attack itself"
            names = self._all_names(s)
            a = row[i]
            an = names[p][i]
            eff = a.size + a.pop if PACK_HUNTING in an else a.size
            t = orow[j]
            if eff <= t.size:
                return f"that carnivore is not larger than the target (attack size {eff}, target size {t.size})"
            bl = self._blockers(a, an, eff, orow, names[o], j)
            if o == p:
                if bl:
                    return self._block_text(bl[0], t, eff)
                return ("a carnivore may eat its own species only when it cannot attack any opponent's species")
            if bl:
                if INTELLIGENCE not in an:
                    return self._block_text(bl[0], t, eff)
                return (f"{self._block_text(bl[0], t, eff)}; Intelligence would need "
                        f"{_plural(len(bl), 'discard')} and you hold {_plural(len(pl.hand), 'card')}")
            return None
        return None

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
        selected = None
        if s.pending and not over:
            top = s.pending[-1]
            mine = viewer == s.turn
            if top[0] == "use":
                selected = {"card": top[1] if mine else None, "species": None}
            elif top[0] == "replace":
                selected = {"card": top[1] if mine else None, "species": [s.turn, top[2]]}
            else:
                selected = {"card": None, "species": [s.turn, top[1]]}
        return {
            "game": "evolution", "round": s.round, "phase": s.phase, "start": s.start,
            "turn": None if over else s.turn, "hole": s.hole, "food_cards_down": len(s.food_cards),
            "deck": len(s.deck), "discard": len(s.discard), "removed": len(s.removed),
            "final_round": s.final_round, "trait_limit": s.trait_limit, "viewer": viewer,
            "players": players, "selected": selected,
            "log": [e.for_viewer(viewer) for e in s.log],
            "scores": self.scores(s) if over else None,
            "winners": self.winners(s) if over else None,
        }

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
