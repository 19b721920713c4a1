"""Phoenicia (Tom Lehmann, 2007): the rules layer.

The seed (``seeds/003_557f9dc7e13bb020.txt``) is the authority; the research
notes fill what it leaves open, as settled in ``docs/rules/phoenicia.md``.
``RULES.md`` beside this module lists the choices made and the house data.

How the state moves.  Phoenicia is a :class:`~boardgames_tui.engine.steps.StepGame`
(``docs/engine.md``): ``state.steps`` is a stack whose top says what happens
next.  The decisions are small steps whose ``player`` is who decides:

* a turn is one of :class:`Auctions` (step a), :class:`Workers` (step b) or
  :class:`Tools` (step c), always at the bottom of the stack while the turn
  lasts;
* on top of it an auction is a :class:`Bid` that passes from bidder to bidder,
  and a price is a :class:`Pay` that the payer covers one production card at a
  time (or with disks); the turn step below decides again when they are done;
* administration step d is the :class:`Limits` procedure with a
  :class:`Discard` on top for each card over a storage limit.

Procedures (:class:`StartRound`, :class:`NextTurn`, :class:`WinAuction`,
:class:`Administration`, :class:`Limits`) are ``Auto`` steps.  A step with
nothing to decide is skipped by the engine through ``on_empty``: a bidder whose
lack of money is public passes, a payer without cards pays with disks, and
steps a and b are skipped when the table can see that nothing in them is
possible.  An empty stack is the end of the game.

Money.  A player's wealth is the face value of their production cards plus
their disks.  Every payment is a ``Pay`` step; change comes back as disks.  The
action that is paid for has already happened when the payment starts: the
payment only decides which cards go.

Hidden things.  The production deck and the four development stacks are
face-down :class:`~boardgames_tui.engine.hidden.Deck` piles, so every card drawn
is a counted reveal and every shuffle a counted random call (``state.rng.mark``).
Cards paid or turned into disks are shown to everybody; a card discarded for
the storage limit is seen only by its owner (``secret_discards``).

Workers on a tile.  Workers fill a tile from the left, then come the tool
disks, then the empty spaces, so a tile is stored as ``[workers, discs]``.  A
worker moved away leaves a tool disk on its space (the rightmost worker leaves).
A trained worker employed on a tool disk pays nothing and the disk goes back; a
moved worker always pays the new tile's price (seed: "und zahlt den
entsprechenden Betrag an die Bank") and leaves the tile's tool disks for later
trained workers, unless the tile has no empty space left for the one it stands on.

Where things are.  This module keeps the round (:class:`StartRound`,
:class:`NextTurn`), administration (:class:`Administration`, :class:`Limits`,
:class:`Discard`), the end, the scores and the game object.  The state and what a
player has are in :mod:`.state`; step a and the auctions (:class:`~.auction.Auctions`,
:class:`~.auction.Bid`, :class:`~.auction.WinAuction`) in :mod:`.auction`; steps b
and c, payments and production cards (:class:`~.workers.Workers`,
:class:`~.workers.Tools`, :class:`~.workers.Pay`, income) in :mod:`.workers`.
A turn step ends the turn through the game (``after_turn``), so those modules never
import this one.
"""
from __future__ import annotations

import random
from pathlib import Path
from typing import ClassVar

from ...engine.copying import copy_state
from ...engine.core import LogEntry, Option
from ...engine.hidden import Deck
from ...engine.rng import Rng
from ...engine.steps import Auto, StepGame, log
from ...engine.text import plural
from . import data as D
from .auction import Auctions, Bid, card_text, draw_dev
from .data import CARD_VALUES, DEV, TILES
from .state import (
    PhoeniciaState, PhxStep, PlayerState, _values, clockwise, discount, key, production,
    storehouses, tile_level, training_cost, treasury, victory_points, wealth,
)
from .workers import Pay, Tools, income, remove_card


# ----------------------------------------------------------------------------------
# Steps: decisions (the turn's are in auction.py and workers.py)
# ----------------------------------------------------------------------------------

class Discard(PhxStep):
    """More production cards than storehouses: the owner discards one (the value stays private)."""

    kind = "discard"

    def prompt(self, g: PhoeniciaGame, s: PhoeniciaState) -> str:
        pl = s.players[self.player]
        return (f"Storage limit: {len(pl.hand)} production cards, {storehouses(pl)} storehouses. "
                "Discard one.")

    def options(self, g: PhoeniciaGame, s: PhoeniciaState) -> list[Option]:
        pl = s.players[self.player]
        return [Option(key("discard", v), f"Discard a {v} card", ("prodcard", v), v) for v in _values(pl)]

    def apply(self, g: PhoeniciaGame, s: PhoeniciaState, o: Option) -> None:
        p = self.player
        pl = s.players[p]
        v = o.value
        c = remove_card(s, pl, v)
        s.secret_discards[c] = p
        log(s, f"{pl.name} discards a production card (storage limit).", p,
            f"{pl.name} discards a {v} card (storage limit).")
        # Limits is below: it checks this player again.

    def reason(self, s: PhoeniciaState, head: str) -> str | None:
        return "discard a production card you hold"


# ----------------------------------------------------------------------------------
# Steps: procedures
# ----------------------------------------------------------------------------------

class StartRound(Auto):
    def run(self, g: PhoeniciaGame, s: PhoeniciaState) -> None:
        log(s, f"Round {s.round} begins; {s.names[s.start]} is the start player.")
        s.to_act = clockwise(s.start, len(s.players))
        s.steps.append(NextTurn())


class NextTurn(Auto):
    def run(self, g: PhoeniciaGame, s: PhoeniciaState) -> None:
        if s.to_act:
            s.active = s.to_act.pop(0)
            log(s, f"{s.names[s.active]}'s turn.")
            s.steps.append(Auctions(s.active))
        else:
            s.steps.append(Administration())


class Administration(Auto):
    """Administration steps a (end, start player), b (display) and c (income); d is Limits."""

    def run(self, g: PhoeniciaGame, s: PhoeniciaState) -> None:
        n = len(s.players)
        vps = [victory_points(pl) for pl in s.players]
        # a) victory, new start player
        top = max(vps)
        if top >= D.END_VP:           # the only end: no round limit
            s.end_reason = f"{', '.join(s.names[i] for i in range(n) if vps[i] == top)} reached {top} VP"
            s.rng.reveal()             # money (hidden) breaks ties: the hands are counted in the open
            win = g.winners(s)
            log(s, f"Game over: {s.end_reason}. Winner{'s' if len(win) > 1 else ''}: "
                   f"{', '.join(s.names[i] for i in win)}.")
            return                     # nothing pushed: the game is over
        leaders = [i for i in range(n) if vps[i] == top]
        if len(leaders) == 1:
            s.start = leaders[0]
            log(s, f"Administration: {s.names[s.start]} leads with {top} VP and starts "
                   f"the next round.")
        else:
            s.start = (s.start + 1) % n
            log(s, f"Administration: tie for the lead at {top} VP; {s.names[s.start]}, left "
                   f"of the start player, starts the next round.")
        # b) refill the display
        new: list[str] = []
        while len(s.display) + len(new) < n:
            c = draw_dev(s)
            if c is None:
                break
            new.append(c)
        if new:
            s.display.extend(new)
            log(s, "New development cards: " + ", ".join(DEV[c].name for c in new) + ".")
        # c) income
        for p in clockwise(s.start, n):
            income(s, p)
        # d) limits, for everybody from the new start player
        s.steps.append(Limits(clockwise(s.start, n)))


class Limits(Auto):
    """Administration step d: storage and treasury limits for each player of
    ``queue`` in turn (the only time they are checked).  A player over the
    storage limit decides a :class:`Discard` (this step waits below it); extra
    disks are handed in.  Then the next round begins."""

    queue: list[int]
    kind: ClassVar[str] = "limits"     # how the state finds it (PhoeniciaState.phase)

    def run(self, g: PhoeniciaGame, s: PhoeniciaState) -> None:
        q = self.queue
        while q:
            p = q[0]
            pl = s.players[p]
            if len(pl.hand) > storehouses(pl):
                s.steps.append(self)
                s.steps.append(Discard(p))
                return
            extra = pl.disks - treasury(pl)
            if extra > 0:
                pl.disks -= extra
                s.bank_disks += extra
                log(s, f"{pl.name} hands in {plural(extra, 'disk')} "
                       f"(treasury limit {treasury(pl)}).")
            q.pop(0)
        s.round += 1
        s.steps.append(StartRound())


# ----------------------------------------------------------------------------------
# Deals (determinize)
# ----------------------------------------------------------------------------------

def _fitting_hands(pool: list[int], bound: list[tuple[int, int, int]]) -> dict[int, list[int]]:
    """Hands for the players of ``bound`` ((player, cards, least value), in
    order), taken out of ``pool``: for each, the cheapest mix of values that
    covers its bound while the later ones can still be covered, the cards of
    each value taken in pool order.  The true deal is one answer, so the search
    always succeeds; it reads only the values in the pool."""
    values = sorted(set(CARD_VALUES))
    count = {v: 0 for v in values}
    for c in pool:
        count[CARD_VALUES[c]] += 1

    def mixes(k: int, i: int = 0) -> list[tuple[int, ...]]:
        if i == len(values) - 1:
            return [(k,)]
        return [(j, *m) for j in range(k + 1) for m in mixes(k - j, i + 1)]

    def search(at: int) -> list[tuple[int, ...]] | None:
        if at == len(bound):
            return []
        _q, k, least = bound[at]
        options = [m for m in mixes(k) if sum(j * v for j, v in zip(m, values)) >= least
                   and all(j <= count[v] for j, v in zip(m, values))]
        options.sort(key=lambda m: (sum(j * v for j, v in zip(m, values)), m))
        for m in options:
            for j, v in zip(m, values):
                count[v] -= j
            rest = search(at + 1)
            for j, v in zip(m, values):
                count[v] += j
            if rest is not None:
                return [m, *rest]
        return None

    found = search(0)
    if found is None:  # pragma: no cover - the true deal fits
        raise AssertionError("no deal covers the public bounds")
    hands: dict[int, list[int]] = {}
    for (q, _k, _least), m in zip(bound, found):
        want = dict(zip(values, m))
        hand = []
        for c in pool:
            v = CARD_VALUES[c]
            if want[v]:
                want[v] -= 1
                hand.append(c)
        for c in hand:
            pool.remove(c)
        hands[q] = hand
    return hands


# ----------------------------------------------------------------------------------
# The game
# ----------------------------------------------------------------------------------

class PhoeniciaGame(StepGame):
    name = "phoenicia"
    title = "Phoenicia"
    min_players = 2
    max_players = 5
    description = ("Grow a Phoenician village: auction development cards, train and employ workers, "
                   "and be first to 32 victory points.")
    rules_version = "3"
    game_options = ()

    # Attempts at a resample that keeps every public commitment (see determinize).
    DETERMINIZE_TRIES = 64

    # -- setup ----------------------------------------------------------------------
    def new_game(self, names: list[str], seed: int, options: dict[str, str] | None = None) -> PhoeniciaState:
        self.options_with_defaults(options)
        n = len(names)
        self.check_player_count(n)
        rng = Rng(seed)
        # Development cards: copies by player count, each stack shuffled on its own;
        # stack 1 is drawn first, stack 4 last.
        dev_stacks: list[Deck] = [Deck() for _ in D.STACKS]
        for stack in reversed(D.STACKS):
            deck = Deck(c.slug for c in D.DEV_CARDS if c.stack == stack for _ in range(D.COPIES[c.type][n]))
            deck.shuffle(rng)
            dev_stacks[D.STACKS.index(stack)] = deck
        presets = list(range(D.PRESETS))
        prod_deck = Deck(range(D.PRESETS, len(CARD_VALUES)))
        prod_deck.shuffle(rng)
        players = []
        for nm in names:
            hand = [presets.pop(0), prod_deck.draw(rng)]
            tiles = {slug: [D.START_WORKERS.get(slug, 0), 0] for slug in D.TILE_ORDER
                     if TILES[slug].gained_by is None}
            players.append(PlayerState(nm, hand, D.START_DISKS, D.START_UNTRAINED, 0, tiles))
        s = PhoeniciaState(list(names), players, dev_stacks, [], prod_deck, [], presets, rng, 0)
        while len(s.display) < n:
            c = draw_dev(s)
            if c is None:
                break
            s.display.append(c)
        s.start = rng.randrange(n)
        s.bank_disks -= D.START_DISKS * n
        s.log.append(LogEntry(f"Phoenicia for {n} players. {names[s.start]} is chosen to start.", round=1))
        for i, pl in enumerate(players):
            took = f"{pl.name} takes {D.START_DISKS} disks, a {D.PRESET_VALUE} card and a"
            s.log.append(LogEntry(f"{took} production card from the deck.", i,
                                  f"{took} {CARD_VALUES[pl.hand[1]]} card.", 1))
        s.log.append(LogEntry("On display: " + ", ".join(DEV[c].name for c in s.display) + ".", round=1))
        s.steps.append(StartRound())
        return self.start(s)

    # -- the round ------------------------------------------------------------------------
    def after_turn(self, s: PhoeniciaState) -> None:
        """A turn step ended the turn: the next player's turn, or administration."""
        s.steps.append(NextTurn())         # limits wait for administration step d

    # -- results ------------------------------------------------------------------------
    def scores(self, s: PhoeniciaState) -> list[int]:
        return [victory_points(pl) for pl in s.players]

    def score_detail(self, s: PhoeniciaState, p: int) -> str:
        """The VP by where they come from: development cards, employed workers (VP per worker by
        tile, the two start workers' 2 VP included) and VP bought with City Center:
        "cards 14, workers 16, City Center 3" (a part that gives nothing left out)."""
        pl = s.players[p]
        parts = [("cards", sum(DEV[c].vp for c in pl.cards)),
                 ("workers", sum(w * TILES[slug].vp for slug, (w, _d) in pl.tiles.items())),
                 ("City Center", pl.vp_bought)]
        return ", ".join(f"{name} {vp}" for name, vp in parts if vp)

    def tiebreak(self, s: PhoeniciaState, p: int) -> tuple[int, int, int]:
        pl = s.players[p]
        return victory_points(pl), production(pl), wealth(pl)

    def winners(self, s: PhoeniciaState) -> list[int]:
        keys = [self.tiebreak(s, p) for p in range(len(s.players))]
        best = max(keys)
        return [p for p, k in enumerate(keys) if k == best]

    def rules_notes(self) -> str:
        return _rules_text()

    # -- copies ---------------------------------------------------------------------------
    @staticmethod
    def _copy(s: PhoeniciaState, rng: Rng) -> PhoeniciaState:
        """A copy of ``s`` (the engine's) with ``rng``; the cached decision is shared."""
        return copy_state(s, rng=rng)

    # -- hidden information -------------------------------------------------------------
    def determinize(self, state: PhoeniciaState, viewer: int | None, rng: random.Random) -> PhoeniciaState:
        """A state ``viewer`` cannot tell from ``state``.

        Resampled: the order within each development stack; the production
        cards the viewer has not seen (the other players' hands, the deck, the
        storage-limit discards of the others), dealt afresh by card id into the
        same places, so every count stays; the other players' private log
        lines (their values belong to the old deal); the random source.

        Kept: everything public, the viewer's own cards and discards, and the
        public commitments on the others' money.  A deal is drawn again (up to
        ``DETERMINIZE_TRIES`` times) until every other player can still pay
        what they owe (a payment under way) and every bid they made in the
        running auction; if none is found, the players so bound get the
        cheapest mix of card values that covers their bounds (searched over
        the unseen values, so one always exists) and the rest is dealt afresh.
        Bids of earlier auctions are not used as bounds.  After the end the
        hands are kept: money breaks ties in the public result.

        Canonical: every unseen pool is sorted before it is shuffled, and
        every choice made here (the retries included) reads only the public
        part of the state and ``rng``, so two states the viewer cannot tell
        apart give the same world for the same ``rng`` (the bots' honesty
        rests on it).
        """
        out = self._copy(state, state.rng)       # the rng is replaced below: no need to copy it
        for deck in out.dev_stacks:
            cards = sorted(deck.take_all())
            rng.shuffle(cards)
            deck.add(cards)
        players = out.players
        n = len(players)
        others = [q for q in range(n) if q != viewer] if out.steps else []
        bounds = self._public_bounds(out, others)
        discard = out.prod_discard
        secret = out.secret_discards
        hidden_slots = [i for i, c in enumerate(discard) if c in secret and secret[c] != viewer]
        owners = [secret.pop(discard[i]) for i in hidden_slots]
        unseen = out.prod_deck.take_all()
        for q in others:
            unseen += players[q].hand
        unseen += [discard[i] for i in hidden_slots]
        unseen.sort()
        sizes = {q: len(players[q].hand) for q in others}
        # What each bound player must hold in cards (their disks are public).
        need = {q: b - players[q].disks for q, b in bounds.items()}

        pool = unseen
        hands: dict[int, list[int]] = {}
        for _ in range(self.DETERMINIZE_TRIES if need else 1):
            pool = unseen[:]
            rng.shuffle(pool)
            hands, at = {}, 0
            for q in others:
                hands[q] = pool[at:at + sizes[q]]
                at += sizes[q]
            if all(sum(CARD_VALUES[c] for c in hands[q]) >= v for q, v in need.items()):
                pool = pool[at:]
                break
        else:
            pool = unseen[:]
            rng.shuffle(pool)
            hands = _fitting_hands(pool, [(q, sizes[q], need[q]) for q in others if q in need])
            for q in others:
                if q not in hands:
                    hands[q] = pool[:sizes[q]]
                    del pool[:sizes[q]]
        for q, h in hands.items():
            players[q].hand = h
        for i, o in zip(hidden_slots, owners):
            c = pool.pop()
            discard[i] = c
            secret[c] = o
        out.prod_deck.add(pool)
        log = out.log
        for i, e in enumerate(log):
            if e.private_to is not None and e.private_to != viewer and e.private_text:
                log[i] = LogEntry(e.text, e.private_to, None, e.round)   # lines are shared: replace, never change
        out.rng = Rng(rng.randrange(2**32))
        # The viewer's own decision reads only what the viewer sees: it stays valid.
        d = out._decision
        if not (d is False or (d is not None and d.player == viewer)):
            out._decision = None
        return out

    @staticmethod
    def _public_bounds(s: PhoeniciaState, players: list[int]) -> dict[int, int]:
        """The least money (cards + disks) each of ``players`` is publicly known
        to hold now: a payment under way, and the bids of the running auction."""
        out: dict[int, int] = {}
        top = s.steps[-1] if s.steps else None
        if isinstance(top, Pay) and top.player in players:
            out[top.player] = top.due
        elif isinstance(top, Bid):
            for q in players:
                if top.best[q]:
                    need = top.best[q] - discount(s.players[q], top.card)
                    if need > 0:
                        out[q] = need
        return out

    # -- views --------------------------------------------------------------------------
    def view(self, s: PhoeniciaState, viewer: int | None) -> dict:
        n = len(s.players)
        players = []
        for i, pl in enumerate(s.players):
            tiles = {}
            for slug in D.TILE_ORDER:
                if slug not in pl.tiles:
                    continue
                w, d = pl.tiles[slug]
                td = TILES[slug]
                lvl = tile_level(pl, slug)
                tiles[slug] = {"name": td.levels[lvl], "level": lvl, "workers": w, "discs": d,
                               "spaces": ["worker"] * w + ["disc"] * d + ["empty"] * (D.SPACES - w - d),
                               "cost": td.cost, "vp_per_worker": td.vp, "production": list(td.prod[lvl])}
            players.append({
                "name": pl.name,
                "vp": victory_points(pl),
                "production": production(pl),
                "disks": pl.disks,
                "treasury": treasury(pl),
                "storehouses": storehouses(pl),
                "hand_count": len(pl.hand),
                "hand": sorted(CARD_VALUES[c] for c in pl.hand) if viewer == i else None,
                "untrained": pl.untrained,
                "trained": pl.trained,
                "training_cost": training_cost(pl),
                "tiles": tiles,
                "cards": list(pl.cards),
                "discounts": {t: discount(pl, t) for t in sorted({t for c in pl.cards for t in DEV[c].discount_on})},
                "vp_bought": pl.vp_bought,
            })
        phase = s.phase
        over = phase == "over"
        a = s.auction
        pm = s.payment
        bottom = s.steps[0] if s.steps else None
        tools = bottom if isinstance(bottom, Tools) else None
        return {
            "game": "phoenicia",
            "round": s.round,
            "phase": phase,
            "step": s.step,
            "start": s.start,
            "active": s.active if not over else None,
            "turn_order": [s.active] + list(s.to_act) if phase == "turn" else list(s.to_act),
            "viewer": viewer,
            "display": [{"slug": c, "name": DEV[c].name, "bid": DEV[c].bid, "stack": DEV[c].stack,
                         "type": DEV[c].type, "house": DEV[c].house, "text": card_text(DEV[c])}
                        for c in s.display],
            "dev_deck": s.dev_deck_size,
            "dev_deck_by_stack": {k: len(s.dev_stacks[i]) for i, k in enumerate(D.STACKS)},
            "prod_deck": len(s.prod_deck),
            "prod_discard": len(s.prod_discard),
            "auction": None if a is None else {
                "card": a.card, "opener": a.opener, "high": a.high, "high_bidder": a.high_bidder,
                "active": list(a.active), "to_act": a.player},
            "payment": None if pm is None else {
                "player": pm.player, "due": pm.due, "total": pm.total,
                "what": pm.what, "paid": list(pm.paid)},
            "limits": list(s.limit_queue) if phase == "limits" else None,
            "converted": tools.converted if tools else False,
            "vp_bought_turn": tools.vp_bought if tools else 0,
            "players": players,
            "log": [e.for_viewer(viewer) for e in s.log],
            "scores": self.scores(s) if over else None,
            "winners": self.winners(s) if over else None,
            "end_reason": s.end_reason or None,
            "n": n,
        }


_RULES_CACHE: list[str] = []


def _rules_text() -> str:
    if not _RULES_CACHE:
        text = (Path(__file__).with_name("RULES.md")).read_text(encoding="utf-8")
        text += "\n\n## House data (placeholders, from data.py)\n\n" + "\n".join(f"- {h}" for h in D.HOUSE_DATA)
        _RULES_CACHE.append(text)
    return _RULES_CACHE[0]


GAME = PhoeniciaGame()
