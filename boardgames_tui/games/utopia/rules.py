"""Utopia (Vialla & Urbon, Matagot 2007): the rules layer.

The state is plain data (:class:`UtopiaState`); :data:`GAME` is the stateless
:class:`UtopiaGame`, a :class:`~boardgames_tui.engine.steps.StepGame`.  The
rules follow ``docs/rules/utopia.md`` (the German seed, with the reference
filling what the seed leaves open); every choice made beyond both is written
down in ``RULES.md`` beside this module.

Who decides what comes from the step stack ``state.steps`` (see
``docs/engine.md``): every decision is a small step object whose ``player``
decides, and the selection of a multi-part action lives in the step (a
:class:`MoveTo` holds the people and the district the princes leave).  The
flow between decisions is made of :class:`~boardgames_tui.engine.steps.Auto`
steps, run by the engine.

How a round runs here:

* **Phase 1 (``phase == "guests"``)**: :class:`StartRound` draws 3 guests per
  player onto the islands.  Players pick in turn order (re-evaluated from the
  score track before every pick, :meth:`UtopiaGame._next_pick`) until no guest
  is left.  A pick is :class:`PickGuest` -> :class:`Place` (which district)
  -> :class:`Build` (optional wonders and monuments, then ``done``).  Once per
  round a pick may be ``draw`` instead: the drawn guest is placed the same way,
  then the drawer names another player (:class:`NamePlayer`), who takes one
  displayed guest out of turn: a :class:`PickGuest` step of the named player
  (``by`` is the drawer).
* **Phase 2 (``phase == "discard"`` then ``"cards"``)**: 5 cards each; the
  leader discards 2, the last player none, the others 1 (:class:`Discard`).
  Then each player in turn order plays cards one action at a time
  (:class:`Play`): the action, its targets (:class:`MoveFrom`,
  :class:`MoveTo`, :class:`MoveCount`, :class:`Target`) and :class:`Pay`
  (only when there is a choice of card or privilege tile).  Wonders and
  monuments are options of :class:`Play`.  ``done`` ends the turn and discards
  the rest of the hand.
* **Phase 3** is automatic (:class:`ScoreRound`): every monument scores its
  owner the value of its people on the prestige scale; then the end is checked.
  There is no other end: the game ends only when somebody has 50 prestige after
  phase 3 (the seed).

Reveals are counted by construction: the guest bag is drawn from with
``state.rng`` (a counted random call), the action cards are a face-down
:class:`~boardgames_tui.engine.hidden.Deck` (every draw counts a reveal) and
the reshuffle goes through the rng.

Performance: the state is a handful of flat lists of small ints, the options
of a position are built once (the engine caches the decision it finds) and
nothing is copied while playing.

Where things are.  This module keeps the round (:class:`StartRound`, the picks of
phase 1, the deal of phase 2 and the card turns' order), phase 3, the end, the
scores and the game object.  The state and the board's constants are in
:mod:`.state`; the steps of phase 1 and the building of wonders and monuments in
:mod:`.placement`; the action cards of phase 2 in :mod:`.actions`.  Their steps
hand back to the round through the game (``g._next_pick``, ``g._end_card_turn``),
so those modules never import this one.
"""
from __future__ import annotations

import random
from collections.abc import Sequence
from itertools import compress
from operator import attrgetter
from pathlib import Path

from ...engine.copying import copy_state
from ...engine.core import LogEntry
from ...engine.hidden import Deck
from ...engine.rng import Rng
from ...engine.steps import Auto, StepGame, log
from ...engine.text import plural
from . import data as D
from .actions import ActionStep, Discard, Pay, Play, can_pay
from .data import (
    BASES, CARDS_PER_PEOPLE, DISTRICTS, GUESTS_PER_PLAYER, GUESTS_PER_TYPE, HAND_SIZE, ISLAND_NAMES, ISLANDS,
    LAND_NEIGHBOURS, MONUMENTS_PER_PEOPLE, N_DISTRICTS, N_GUEST_TYPES, N_PEOPLES, PEOPLE_NAMES, PEOPLES,
    PRINCES_PER_PEOPLE, PRIVILEGE_TILES, SEA_NEIGHBOURS, WIN_SCORE, WONDER_BONUS,
)
from .placement import Build, PickGuest, Place, WonderPrince, can_take_any, draw_guest
from .state import (
    _DNAME, _PEOPLE, ACTION_COST, DETAIL_PARTS, GAIN_MONUMENTS, GAIN_NAMES, PHASE_CARDS, PHASE_DISCARD, PHASE_GUESTS,
    PHASE_OVER, UtopiaState, UtopiaStep,
)

_PRIVATE_TEXT = attrgetter("private_text")


def _names_list(counts: list[int], names: Sequence[str] = PEOPLE_NAMES) -> str:
    parts = [f"{c} {names[i]}" for i, c in enumerate(counts) if c]
    return ", ".join(parts) if parts else "nothing"


# ====================================================================== steps of the round
# (the decisions of phase 1 are in placement.py, those of phase 2 in actions.py)
class StartRound(Auto):
    def run(self, g: UtopiaGame, s: UtopiaState) -> None:
        g._start_round(s)


class StartPlay(Auto):
    def run(self, g: UtopiaGame, s: UtopiaState) -> None:
        s.phase = PHASE_CARDS
        s.acted = [False] * s.n
        g._next_card_turn(s)


class NextCardTurn(Auto):
    def run(self, g: UtopiaGame, s: UtopiaState) -> None:
        g._next_card_turn(s)


# -- phase 3 -----------------------------------------------------------------------
class ScoreRound(Auto):
    def run(self, g: UtopiaGame, s: UtopiaState) -> None:
        g._score_phase(s)


# ====================================================================== the game
class UtopiaGame(StepGame):
    name = "utopia"
    title = "Utopia"
    min_players = 2
    max_players = 5
    description = ("Welcome princes of five peoples to four islands, dominate districts with monuments, "
                   "build wonders and steer the prestige scale (2-5 players).")
    rules_version = "2"

    # ------------------------------------------------------------------ setup
    def new_game(self, names: list[str], seed: int, options: dict[str, str] | None = None) -> UtopiaState:
        opts = self.options_with_defaults(options)
        n = len(names)
        self.check_player_count(n, opts)
        rng = Rng(seed)
        open_islands = [True] * len(ISLANDS)
        if n == 2:
            open_islands[D.CLOSED_WITH_TWO] = False
        open_districts = [open_islands[d.island] for d in DISTRICTS]
        scale = list(_PEOPLE)
        rng.shuffle(scale)
        bag = [GUESTS_PER_TYPE if open_islands[t // N_PEOPLES] else 0 for t in range(N_GUEST_TYPES)]
        removed = [GUESTS_PER_TYPE - b for b in bag]
        deck = Deck(x for x in _PEOPLE for _ in range(CARDS_PER_PEOPLE))
        deck.shuffle(rng)
        start = rng.randrange(n)
        stamps = [(p - start) % n for p in range(n)]
        s = UtopiaState(
            names=list(names), options=opts, rng=rng, open_islands=open_islands,
            open_districts=open_districts, scores=[0] * n, stamps=stamps, next_stamp=n,
            scale=scale, bag=bag, display=[0] * N_GUEST_TYPES,
            kept=[[0] * N_GUEST_TYPES for _ in range(n)], removed_guests=removed,
            deck=deck, discard=[0] * N_PEOPLES, discarded_by=[[0] * N_PEOPLES for _ in range(n)],
            hands=[[0] * N_PEOPLES for _ in range(n)],
            supply=[[PRINCES_PER_PEOPLE] * N_PEOPLES for _ in range(n)],
            princes=[[[0] * N_PEOPLES for _ in range(n)] for _ in range(N_DISTRICTS)],
            mon_people=[-1] * N_DISTRICTS, mon_owner=[-1] * N_DISTRICTS,
            monuments_left=[MONUMENTS_PER_PEOPLE - 1] * N_PEOPLES,
            wonder_owner=[-1] * len(ISLANDS), bases=[BASES] * n, privileges=[PRIVILEGE_TILES] * n,
            gained=[[0] * len(GAIN_NAMES) for _ in range(n)],
        )
        log(s, "Prestige scale from the bottom (1) to the top (5): "
               + ", ".join(PEOPLE_NAMES[x] for x in scale) + ".")
        log(s, f"{names[start]} is the start player; the ministers stand behind in seat order.")
        if n == 2:
            log(s, f"Two players: the {ISLAND_NAMES[D.CLOSED_WITH_TWO]} island is closed "
                   f"and its guests are out of the game.")
        s.steps.append(StartRound())
        return self.start(s)

    # ------------------------------------------------------------------ helpers
    @staticmethod
    def rank_order(s: UtopiaState) -> list[int]:
        """Players by score, highest first; on one space, who arrived first is ahead."""
        scores, stamps = s.scores, s.stamps
        return sorted(range(len(scores)), key=lambda p: (-scores[p], stamps[p]))

    def _gain(self, s: UtopiaState, p: int, pts: int, why: str, kind: int) -> None:
        """``p`` scores ``pts`` for ``why`` (the log's words), counted under ``kind`` (a GAIN_* category)."""
        if pts <= 0:
            return
        s.scores[p] += pts
        s.gained[p][kind] += pts
        s.stamps[p] = s.next_stamp
        s.next_stamp += 1
        log(s, f"{s.names[p]} scores {pts} ({why}): {s.scores[p]} prestige.")

    @staticmethod
    def value_of(s: UtopiaState, x: int) -> int:
        """A people's current value on the prestige scale (1-5)."""
        return s.scale.index(x) + 1

    # ------------------------------------------------------------------ phase 1
    def _start_round(self, s: UtopiaState) -> None:
        s.round += 1
        n = s.n
        if s.round > 1 and not any(s.scores):
            p = s.first_last_round
            s.stamps[p] = s.next_stamp
            s.next_stamp += 1
            log(s, f"All ministers are still on the start space: {s.names[p]}, last round's first player, "
                   f"moves to the back.")
        s.drew = [False] * n
        s.acted = [False] * n
        order = self.rank_order(s)
        s.first_last_round = order[0]
        need = GUESTS_PER_PLAYER * n
        if sum(s.bag) < need:
            back = 0
            for row in s.kept:
                for t in range(N_GUEST_TYPES):
                    s.bag[t] += row[t]
                    back += row[t]
                    row[t] = 0
            log(s, f"The bag holds too few guests: the {plural(back, 'guest')} in front of the players "
                   f"{'go' if back > 1 else 'goes'} back in.")
        drawn = [0] * len(ISLANDS)
        for _ in range(min(need, sum(s.bag))):
            t = draw_guest(s)  # a random call: counted by the rng
            s.display[t] += 1
            drawn[t // N_PEOPLES] += 1
        s.phase = PHASE_GUESTS
        log(s, f"Round {s.round}, phase 1: {s.names[order[0]]} draws {plural(sum(drawn), 'guest')} ("
               + ", ".join(f"{ISLAND_NAMES[i]} {c}" for i, c in enumerate(drawn) if c) + ").")
        self._next_pick(s)

    def _next_pick(self, s: UtopiaState) -> None:
        """Push the next phase-1 pick: the highest-ranked player who has not
        picked in this go-around; or, with no guest left, phase 2."""
        while True:
            if not any(s.display):
                break
            if not any(can_take_any(s, q) for q in range(s.n)):
                left = sum(s.display)
                for t in range(N_GUEST_TYPES):
                    s.bag[t] += s.display[t]
                    s.display[t] = 0
                them = "they go" if left > 1 else "it goes"
                log(s, f"Nobody has a prince for the {plural(left, 'guest')} left on display: "
                       f"{them} back into the bag.")
                break
            nxt = next((q for q in self.rank_order(s) if not s.acted[q]), None)
            if nxt is None:
                s.acted = [False] * s.n
                continue
            # A player who can take no guest cannot draw either (drawing needs a prince of every people).
            if can_take_any(s, nxt):
                s.steps.append(PickGuest(nxt))
                return
            log(s, f"{s.names[nxt]} has no prince for any guest on display and passes.")
            s.acted[nxt] = True
        self._start_cards(s)

    # ------------------------------------------------------------------ phase 2
    def _start_cards(self, s: UtopiaState) -> None:
        """Deal 5 cards each, then the discards (leader 2, last player none, others 1)."""
        order = self.rank_order(s)
        n = s.n
        s.phase = PHASE_DISCARD
        log(s, f"Round {s.round}, phase 2: {HAND_SIZE} action cards each.")
        discards = []
        for i, p in enumerate(order):
            cards = s.deck.draw_many(s.rng, HAND_SIZE)  # a reveal: counted by the deck
            if len(cards) < HAND_SIZE:
                self._reshuffle(s)
                cards += s.deck.draw_many(s.rng, HAND_SIZE - len(cards))
            got = [0] * N_PEOPLES
            hand = s.hands[p]
            for x in cards:
                got[x] += 1
                hand[x] += 1
            log(s, f"{s.names[p]} is dealt {HAND_SIZE} cards.", p,
                   f"{s.names[p]} is dealt {HAND_SIZE} cards: {_names_list(got)}.")
            due = 2 if i == 0 else 0 if i == n - 1 else 1
            if due:
                discards.append(Discard(p, due))
        s.steps.append(StartPlay())
        s.steps.extend(reversed(discards))  # the leader's on top

    def _reshuffle(self, s: UtopiaState) -> None:
        s.deck.add(x for x in _PEOPLE for _ in range(s.discard[x]))
        s.deck.shuffle(s.rng)
        s.discard = [0] * N_PEOPLES
        s.discarded_by = [[0] * N_PEOPLES for _ in range(s.n)]
        k = len(s.deck)
        log(s, f"The action deck is empty: the {plural(k, 'discarded card')} {'are' if k > 1 else 'is'} "
               f"shuffled into a new deck.")

    def _next_card_turn(self, s: UtopiaState) -> None:
        acted = s.acted
        nxt = next((q for q in self.rank_order(s) if not acted[q]), None)
        if nxt is None:
            s.steps.append(ScoreRound())
        else:
            s.steps.append(Play(nxt))

    def _end_card_turn(self, s: UtopiaState, p: int) -> None:
        hand = s.hands[p]
        left = sum(hand)
        if left:
            text = f"{s.names[p]} ends the turn and discards {plural(left, 'unplayed card')}."
            priv = f"{s.names[p]} ends the turn and discards {plural(left, 'unplayed card')}: {_names_list(hand)}."
            mine = s.discarded_by[p]
            for x in _PEOPLE:
                s.discard[x] += hand[x]
                mine[x] += hand[x]
                hand[x] = 0
            log(s, text, p, priv)
        else:
            log(s, f"{s.names[p]} ends the turn.")
        s.acted[p] = True
        s.steps.append(NextCardTurn())

    # ------------------------------------------------------------------ phase 3
    def _score_phase(self, s: UtopiaState) -> None:
        log(s, f"Round {s.round}, phase 3: prestige for monuments ("
               + ", ".join(f"{PEOPLE_NAMES[x]} {i + 1}" for i, x in enumerate(s.scale)) + ").")
        for p in self.rank_order(s):
            pts = sum(s.scale.index(s.mon_people[d]) + 1
                      for d in range(N_DISTRICTS) if s.mon_owner[d] == p)
            self._gain(s, p, pts, "monuments", GAIN_MONUMENTS)
        # The seed's only end: 50 or more prestige in phase 3 of a round.
        if max(s.scores) >= WIN_SCORE:
            s.end_reason = f"{WIN_SCORE} prestige reached"
            s.phase = PHASE_OVER
            w = self.winners(s)[0]
            log(s, f"The game ends ({s.end_reason}). {s.names[w]} wins with {s.scores[w]} prestige.")
            return  # nothing pushed: the empty stack is the end of the game
        s.steps.append(StartRound())

    # ------------------------------------------------------------------ results
    def scores(self, s: UtopiaState) -> list[int]:
        return list(s.scores)

    def winners(self, s: UtopiaState) -> list[int]:
        """The player furthest ahead; on one space, the minister that arrived there first."""
        return [self.rank_order(s)[0]]

    def score_detail(self, s: UtopiaState, q: int) -> str:
        """The prestige by what it was scored for: "monuments 31, wonders 12, bonus 3, princes 5"
        (monuments in phase 3, wonders built, the wonder bonus for monuments on a wonder's island,
        princes added at another's monument and removed; a part with nothing scored left out)."""
        got = s.gained[q]
        parts = [(name, sum(got[k] for k in kinds)) for name, kinds in DETAIL_PARTS]
        return ", ".join(f"{name} {pts}" for name, pts in parts if pts)

    def rules_notes(self) -> str:
        return (Path(__file__).with_name("RULES.md")).read_text(encoding="utf-8")

    # ------------------------------------------------------------------ copies
    @staticmethod
    def _copy(s: UtopiaState, rng: Rng | None) -> UtopiaState:
        """A copy of ``s`` (the engine's) with ``rng`` as its random source and no cached decision."""
        return copy_state(s, rng=rng, _decision=None)

    # ------------------------------------------------------------------ determinize
    def determinize(self, state: UtopiaState, viewer: int | None, rng: random.Random) -> UtopiaState:
        """A state ``viewer`` cannot tell from ``state``.

        Hidden from ``viewer``: the other players' hands, the order of the
        deck and the face-down cards the others put on the discard pile (how
        many each holds or discarded is public; cards played face up and the
        viewer's own discards are known).  Those cards are pooled, shuffled
        with ``rng`` and dealt back in the same numbers.  A player in the
        middle of a card action is known (from the public prompts) to be able
        to pay for it, so their new hand must still pay (and hold the cards
        already chosen): up to 40 shuffles are tried, then such a hand is
        made on purpose.  The bag holds counts only (draws are random), the
        guests are public.  The state's rng is replaced, and the others'
        private log texts are dropped (they named the true cards).

        It depends only on what ``viewer`` sees (the bots' honesty rests on
        it): the pool is counted, not listed, so it comes out in one order
        whatever the hidden order was, and ``rng`` is called the same way
        whatever the hidden cards are."""
        out = self._copy(state, None)
        top = out.steps[-1] if out.steps else None
        if top is not None and top.player == viewer:
            # the viewer's options read only the viewer's hand and the board, which stay
            out._decision = state._decision
        others = [q for q in range(out.n) if q != viewer]
        pending = self._pending_action(out)
        if pending is not None and pending.player == viewer:
            pending = None
        public = list(out.discard)
        for row in out.discarded_by:
            for x in _PEOPLE:
                public[x] -= row[x]
        counts = [0] * N_PEOPLES
        for x in out.deck.secret_contents():
            counts[x] += 1
        for q in others:
            h, dd = out.hands[q], out.discarded_by[q]
            for x in _PEOPLE:
                counts[x] += h[x] + dd[x]
        unseen = [x for x in _PEOPLE for _ in range(counts[x])]
        hand_sizes = {q: sum(out.hands[q]) for q in others}
        disc_sizes = {q: sum(out.discarded_by[q]) for q in others}
        for _ in range(40):
            rng.shuffle(unseen)
            dealt = self._deal_unseen(unseen, others, hand_sizes, disc_sizes)
            if pending is None or self._can_go_on(out, pending, dealt[0][pending.player]):
                break
        else:  # a rare hand: the cards it needs set aside first, the rest dealt at random
            assert pending is not None   # without an action under way the first deal fits
            q = pending.player
            need = self._paying_cards(pending, counts, hand_sizes[q])
            unseen = [x for x in _PEOPLE for _ in range(counts[x] - need[x])]
            rng.shuffle(unseen)
            dealt = self._deal_unseen(unseen, others, {**hand_sizes, q: hand_sizes[q] - sum(need)}, disc_sizes)
            dealt[0][q] = [a + b for a, b in zip(dealt[0][q], need)]
        hands, discs, rest = dealt
        for q, h in hands.items():
            out.hands[q] = h
        for q, dd in discs.items():
            out.discarded_by[q] = dd
        out.discard = [public[x] + sum(row[x] for row in out.discarded_by) for x in _PEOPLE]
        out.deck = Deck(rest)
        log = out.log
        for i in compress(range(len(log)), map(_PRIVATE_TEXT, log)):  # the scan runs in C
            e = log[i]
            if e.private_to != viewer:
                log[i] = LogEntry(e.text, e.private_to, None, e.round)
        out.rng = Rng(rng.randrange(2**32))
        return out

    @staticmethod
    def _paying_cards(act: ActionStep, pool: list[int], size: int) -> list[int]:
        """The cards (counts per people, out of ``pool``) that make a hand of
        ``size`` able to go on with ``act``: the cards already chosen, then as
        many of the action's people as are still to pay (or the pool has).
        Some hand from the pool pays (the true one), so any filled up from
        these does: it holds at least as many cards of the right people."""
        x = act.people
        paid = act.paid if isinstance(act, Pay) else ()
        left = act.left if isinstance(act, Pay) else ACTION_COST[act.action]
        need = [0] * N_PEOPLES
        for y in paid:
            need[y] += 1
        need[x] += min(left, pool[x] - need[x], size - len(paid))
        return need

    @staticmethod
    def _deal_unseen(cards: list[int], players: list[int], hand_sizes: dict[int, int], disc_sizes: dict[int, int]
                     ) -> tuple[dict[int, list[int]], dict[int, list[int]], list[int]]:
        """Deal ``cards`` (already shuffled) into the players' hands and face-down discards in
        the given numbers; returns (hands, discards, the rest for the deck)."""
        i = 0
        hands: dict[int, list[int]] = {}
        discs: dict[int, list[int]] = {}
        for q in players:
            h = [0] * N_PEOPLES
            for x in cards[i:i + hand_sizes[q]]:
                h[x] += 1
            i += hand_sizes[q]
            dd = [0] * N_PEOPLES
            for x in cards[i:i + disc_sizes[q]]:
                dd[x] += 1
            i += disc_sizes[q]
            hands[q], discs[q] = h, dd
        return hands, discs, cards[i:]

    @staticmethod
    def _pending_action(s: UtopiaState) -> ActionStep | None:
        top = s.steps[-1] if s.steps else None
        return top if isinstance(top, ActionStep) else None

    def _can_go_on(self, s: UtopiaState, act: ActionStep, hand: list[int]) -> bool:
        """Can ``hand`` still pay for the action under way (holding the cards already chosen)?"""
        hand = list(hand)
        tiles = s.privileges[act.player]
        x = act.people
        paid = act.paid if isinstance(act, Pay) else ()
        left = act.left if isinstance(act, Pay) else ACTION_COST[act.action]
        for y in paid:
            hand[y] -= 1
            if hand[y] < 0:
                return False
            if y != x:
                tiles -= 1
        return tiles >= 0 and can_pay(hand, tiles, x, left)

    # ------------------------------------------------------------------ view
    def view(self, s: UtopiaState, viewer: int | None) -> dict:
        over = s.phase == PHASE_OVER
        order = self.rank_order(s)
        rank = {p: i for i, p in enumerate(order)}
        top = s.steps[-1] if s.steps else None
        if not isinstance(top, UtopiaStep):
            top = None
        by = getattr(top, "by", -1)
        due = ({st.player: st.left for st in s.steps if isinstance(st, Discard)}
               if s.phase == PHASE_DISCARD else {})
        players = []
        for p in range(s.n):
            mine = viewer == p
            players.append({
                "name": s.names[p], "score": s.scores[p], "rank": rank[p],
                "supply": {PEOPLES[x]: s.supply[p][x] for x in _PEOPLE},
                "bases": s.bases[p], "privileges": s.privileges[p],
                "guests": [{"island": ISLANDS[t // N_PEOPLES], "people": PEOPLES[t % N_PEOPLES], "count": c}
                           for t, c in enumerate(s.kept[p]) if c],
                "hand_count": sum(s.hands[p]),
                "hand": ({PEOPLES[x]: s.hands[p][x] for x in _PEOPLE} if mine else None),
                "drew_from_bag": s.drew[p] if s.drew else False,
                "acted": s.acted[p] if s.acted else False,
                "discard_due": due.get(p, 0),
            })
        districts = []
        for dd in DISTRICTS:
            i = dd.id
            districts.append({
                "id": i, "name": dd.name, "island": ISLANDS[dd.island], "value": dd.value,
                "pier": dd.pier, "open": s.open_districts[i],
                "neighbours": [_DNAME[j] for j in sorted(LAND_NEIGHBOURS[i])],
                "sea": [_DNAME[j] for j in sorted(SEA_NEIGHBOURS[i])],
                "monument": ({"people": PEOPLES[s.mon_people[i]], "owner": s.mon_owner[i]}
                             if s.mon_people[i] >= 0 else None),
                "princes": [{PEOPLES[x]: s.princes[i][p][x] for x in _PEOPLE if s.princes[i][p][x]}
                            for p in range(s.n)],
            })
        selected = None
        if viewer is not None and top is not None and viewer == top.player and not over:
            selected = self._selection(top)
        return {
            "game": "utopia", "round": s.round, "phase": s.phase, "step": top.tag if top is not None else None,
            "turn": (by if by >= 0 else top.player) if top is not None and not over else None,
            "actor": top.player if top is not None and not over else None,
            "out_of_turn": by >= 0, "viewer": viewer,
            "order": order,
            "scale": [PEOPLES[x] for x in s.scale],
            "values": {PEOPLES[x]: i + 1 for i, x in enumerate(s.scale)},
            "bag": sum(s.bag),
            "display": [{"island": ISLANDS[t // N_PEOPLES], "people": PEOPLES[t % N_PEOPLES], "count": c}
                        for t, c in enumerate(s.display) if c],
            "deck": len(s.deck), "discard": sum(s.discard),
            "monuments_left": {PEOPLES[x]: s.monuments_left[x] for x in _PEOPLE},
            "wonders": [{"island": ISLANDS[i], "owner": (s.wonder_owner[i] if s.wonder_owner[i] >= 0 else None),
                         "bonus": WONDER_BONUS[i], "open": s.open_islands[i]} for i in range(len(ISLANDS))],
            "districts": districts,
            "players": players,
            "selected": selected,
            "log": [e.for_viewer(viewer) for e in s.log],
            "scores": list(s.scores) if over else None,
            "winners": self.winners(s) if over else None,
            "end_reason": s.end_reason or None,
        }

    @staticmethod
    def _selection(top: UtopiaStep) -> dict:
        """What the deciding player has chosen so far in the step under way."""
        guest, drawn, wonder = -1, False, -1
        action, people, frm, to, count, pay_left = None, None, -1, -1, 0, 0
        paid: tuple[int, ...] = ()
        if isinstance(top, Place):
            guest, drawn = top.guest, top.drawn
        elif isinstance(top, (Build, WonderPrince)):
            guest, drawn = top.drawn, top.drawn >= 0
            if isinstance(top, WonderPrince):
                wonder = top.island
        elif isinstance(top, ActionStep):
            action, people, frm, to, count = top.action, PEOPLES[top.people], top.frm, top.to, top.count
            if isinstance(top, Pay):
                paid, pay_left = top.paid, top.left
        return {
            "guest": ({"island": ISLANDS[guest // N_PEOPLES], "people": PEOPLES[guest % N_PEOPLES]}
                      if guest >= 0 else None),
            "drawn": drawn, "action": action, "people": people,
            "from": _DNAME[frm] if frm >= 0 else None,
            "to": _DNAME[to] if to >= 0 else None,
            "count": count or None,
            "paid": [PEOPLES[y] for y in paid], "pay_left": pay_left,
            "wonder": ISLANDS[wonder] if wonder >= 0 else None,
        }


GAME = UtopiaGame()
