"""Hand-made Utopia positions for the rule tests.

A position is a real game from ``GAME.new_game`` whose parts are then set by
hand; every helper drops the cached decision, so ``dec(s)`` always reflects
the edited position.  Whose decision it is comes from the step stack
``s.steps``: ``to_play`` and ``to_pick`` put the turn's step on it, ``run``
starts a procedure of the rules (a new round, the deal) on an empty stack.
"""
from __future__ import annotations

from boardgames_tui.games.utopia import data as D
from boardgames_tui.games.utopia.rules import GAME, PickGuest, Play, UtopiaState

NAMES = ["Ann", "Bob", "Cid", "Dee", "Eve"]


def new(n: int = 3, seed: int = 1) -> UtopiaState:
    return GAME.new_game(NAMES[:n], seed)


def blank(n: int = 3, seed: int = 1) -> UtopiaState:
    """A new game with the displayed guests back in the bag, the seats in order 0, 1, 2 ... and an empty log."""
    s = new(n, seed)
    for t in range(D.N_GUEST_TYPES):
        s.bag[t] += s.display[t]
        s.display[t] = 0
    s.stamps = list(range(n))
    s.next_stamp = n
    s.log.clear()
    s._decision = None
    return s


def di(name: str) -> int:
    return D.DISTRICT_INDEX[name]


def pe(name: str) -> int:
    return D.PEOPLE_INDEX[name]


def gt(island: str, people: str) -> int:
    return D.ISLAND_INDEX[island] * D.N_PEOPLES + D.PEOPLE_INDEX[people]


def put(s: UtopiaState, p: int, district: str, people: str, k: int = 1) -> None:
    """Move ``k`` of player ``p``'s princes from supply into a district."""
    x = pe(people)
    assert s.supply[p][x] >= k
    s.supply[p][x] -= k
    s.princes[di(district)][p][x] += k
    s._decision = None


def monument(s: UtopiaState, p: int, district: str, people: str) -> None:
    d, x = di(district), pe(people)
    s.mon_people[d] = x
    s.mon_owner[d] = p
    s.monuments_left[x] -= 1
    s.bases[p] -= 1
    s._decision = None


def deck_cards(s: UtopiaState) -> list[int]:
    """The face-down deck's cards, bottom first (tests only)."""
    return s.deck.secret_contents()


def set_deck(s: UtopiaState, cards: list[int]) -> None:
    s.deck.take_all()
    s.deck.add(cards)
    s._decision = None


def give(s: UtopiaState, p: int, **cards: int) -> None:
    """Take cards of the named peoples out of the deck into ``p``'s hand."""
    deck = deck_cards(s)
    for people, k in cards.items():
        x = pe(people)
        for _ in range(k):
            deck.remove(x)
            s.hands[p][x] += 1
    set_deck(s, deck)


def to_play(s: UtopiaState, p: int, done: tuple[int, ...] = ()) -> None:
    """Phase 2, player ``p``'s card turn; players in ``done`` have had theirs."""
    s.phase = "cards"
    s.acted = [q in done for q in range(s.n)]
    s.steps = [Play(p)]
    s._decision = None


def to_pick(s: UtopiaState, p: int, guests: list[tuple[str, str]], done: tuple[int, ...] = ()) -> None:
    """Phase 1 with these guests on display (taken from the bag), player ``p`` to pick."""
    for island, people in guests:
        t = gt(island, people)
        assert s.bag[t] > 0
        s.bag[t] -= 1
        s.display[t] += 1
    s.phase = "guests"
    s.acted = [q in done for q in range(s.n)]
    s.drew = [False] * s.n
    s.steps = [PickGuest(p)]
    s._decision = None


def run(s: UtopiaState, procedure) -> None:
    """Run a procedure of the rules (``GAME._start_round``, ``GAME._next_pick``,
    ``GAME._start_cards`` ...) on an empty step stack, then let the engine
    advance to the next decision."""
    s.steps = []
    procedure(s)
    GAME.advance(s)


def top(s: UtopiaState):
    """The step on top of the stack: the decision under way."""
    return s.steps[-1] if s.steps else None


def dec(s: UtopiaState):
    return GAME.cached_decision(s)


def keys(s: UtopiaState) -> list[str]:
    return dec(s).keys()


def play(s: UtopiaState, *ks: str) -> None:
    for k in ks:
        GAME.apply(s, k)


def check_invariants(s: UtopiaState) -> None:
    """Conservation of every component and the ranges of every counter."""
    n = s.n
    for p in range(n):
        for x in range(D.N_PEOPLES):
            on_board = sum(s.princes[d][p][x] for d in range(D.N_DISTRICTS))
            assert s.supply[p][x] >= 0
            assert s.supply[p][x] + on_board == D.PRINCES_PER_PEOPLE, (p, x)
        owned = s.mon_owner.count(p) + s.wonder_owner.count(p)
        assert s.bases[p] + owned == D.BASES
        assert 0 <= s.privileges[p] <= D.PRIVILEGE_TILES
        assert all(c >= 0 for c in s.hands[p])
        assert s.scores[p] >= 0
    for t in range(D.N_GUEST_TYPES):
        total = s.bag[t] + s.display[t] + s.removed_guests[t] + sum(k[t] for k in s.kept)
        assert total == D.GUESTS_PER_TYPE, t
        assert min(s.bag[t], s.display[t]) >= 0
    deck = deck_cards(s)
    for x in range(D.N_PEOPLES):
        cards = deck.count(x) + s.discard[x] + sum(h[x] for h in s.hands)
        assert cards == D.CARDS_PER_PEOPLE, x
        face_down = [row[x] for row in s.discarded_by]
        assert min(face_down) >= 0 and sum(face_down) <= s.discard[x], x
        assert s.monuments_left[x] + s.mon_people.count(x) == D.MONUMENTS_PER_PEOPLE - 1
    assert sorted(s.scale) == list(range(D.N_PEOPLES))
    for d in range(D.N_DISTRICTS):
        assert (s.mon_people[d] < 0) == (s.mon_owner[d] < 0)
        if not s.open_districts[d]:
            assert s.mon_people[d] < 0 and not any(map(any, s.princes[d]))
    for i in range(len(D.ISLANDS)):
        assert s.wonder_owner[i] < 0 or s.open_islands[i]
    assert len(set(s.stamps)) == n
