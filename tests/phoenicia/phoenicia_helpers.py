"""Small hand-made Phoenicia positions for the rule tests.

Every helper moves things between places (deck, hand, display, bank) and never
creates or loses a card or a disk, so the conservation checks hold in every
test position too.
"""
from __future__ import annotations

import copy
from collections import Counter

from boardgames_tui.engine import IllegalMove
from boardgames_tui.games.phoenicia import data as D
from boardgames_tui.games.phoenicia import rules as R
from boardgames_tui.games.phoenicia.auction import Auctions
from boardgames_tui.games.phoenicia.workers import Tools, Workers

GAME = R.GAME
NAMES = ["Ann", "Bob", "Cy", "Dee", "Eve"]


def new(n: int = 3, seed: int = 1) -> R.PhoeniciaState:
    return GAME.new_game(NAMES[:n], seed)


def set_hand(s: R.PhoeniciaState, p: int, values: list[int]) -> None:
    """Give player p production cards of exactly these values, swapping with the deck."""
    pl = s.players[p]
    deck = s.prod_deck.take_all()
    deck.extend(pl.hand)
    pl.hand = []
    for v in values:
        for i, c in enumerate(deck):
            if D.CARD_VALUES[c] == v:
                pl.hand.append(deck.pop(i))
                break
        else:
            raise ValueError(f"no {v} card left in the deck")
    s.prod_deck.add(deck)
    s._decision = None


def set_disks(s: R.PhoeniciaState, p: int, k: int) -> None:
    pl = s.players[p]
    s.bank_disks += pl.disks - k
    pl.disks = k
    s._decision = None


def set_money(s: R.PhoeniciaState, p: int, cards: list[int], disks: int) -> None:
    set_hand(s, p, cards)
    set_disks(s, p, disks)


def stack_of(s: R.PhoeniciaState, slug: str):
    return s.dev_stacks[D.STACKS.index(D.DEV[slug].stack)]


def take_from_deck(s: R.PhoeniciaState, slug: str) -> None:
    """Take one copy of this development card out of its face-down stack."""
    deck = stack_of(s, slug)
    cards = deck.take_all()
    cards.remove(slug)
    deck.add(cards)


def dev_deck(s: R.PhoeniciaState) -> list[str]:
    """The whole development deck in order, top last (stack 4 at the bottom)."""
    return [c for deck in reversed(s.dev_stacks) for c in deck.secret_contents()]


def empty_dev_deck(s: R.PhoeniciaState) -> list[str]:
    return [c for deck in s.dev_stacks for c in deck.take_all()]


def prod_deck(s: R.PhoeniciaState) -> list[int]:
    return s.prod_deck.secret_contents()


def no_production_cards_left(s: R.PhoeniciaState) -> None:
    """Every production card goes out of play (to ``removed``), so income pays disks only."""
    for pl in s.players:
        s.removed.extend(pl.hand)
        pl.hand = []
    s.removed.extend(s.prod_deck.take_all() + s.prod_discard)
    s.prod_discard = []
    s.secret_discards.clear()
    s._decision = None


def set_display(s: R.PhoeniciaState, slugs: list[str]) -> None:
    """Put exactly these cards on display (taken from the deck; the old display goes back on its stacks)."""
    for slug in s.display:
        stack_of(s, slug).add([slug])
    s.display = []
    for slug in slugs:
        take_from_deck(s, slug)
        s.display.append(slug)
    s._decision = None


def grant(s: R.PhoeniciaState, p: int, slug: str) -> None:
    """Player p owns this development card (taken from the deck), with its workers and tile."""
    if slug in stack_of(s, slug).secret_contents():
        take_from_deck(s, slug)
    else:
        s.display.remove(slug)
    pl = s.players[p]
    c = D.DEV[slug]
    pl.cards.append(slug)
    pl.untrained += c.untrained
    pl.trained += c.trained
    for t, td in D.TILES.items():
        if td.gained_by == slug:
            pl.tiles.setdefault(t, [0, 0])
    s._decision = None


TURN_STEPS = {"a": Auctions, "b": Workers, "c": Tools}


def turn(s: R.PhoeniciaState, p: int, step: str = "a") -> R.PhoeniciaState:
    """Make it player p's turn at the given step, p being the start player of the round."""
    n = len(s.players)
    s.start = p
    s.active = p
    s.to_act = [(p + i) % n for i in range(1, n)]
    s.steps = [TURN_STEPS[step](p)]
    s._decision = None
    return s


def at_step(s: R.PhoeniciaState, step: str) -> R.PhoeniciaState:
    """The active player's turn goes on at this step (a fresh step: nothing done in it yet)."""
    s.steps = [TURN_STEPS[step](s.active)]
    s._decision = None
    return s


def settle(s: R.PhoeniciaState) -> R.PhoeniciaState:
    """Let the engine do the automatic steps of a hand-made position (skips, forced passes...)."""
    s._decision = None
    GAME.advance(s)
    return s


def play(s: R.PhoeniciaState, *keys: str, who: int | None = None) -> R.PhoeniciaState:
    """Apply keys in order; ``who`` checks the deciding player of every key."""
    for k in keys:
        d = GAME.cached_decision(s)
        assert d is not None, f"game over before {k}"
        if who is not None:
            assert d.player == who, f"{k}: expected player {who}, decision is {d.player} {d.kind}"
        GAME.apply(s, k)
    return s


def keys(s: R.PhoeniciaState) -> list[str]:
    d = GAME.cached_decision(s)
    return d.keys() if d else []


def decision(s: R.PhoeniciaState):
    return GAME.cached_decision(s)


def wealth(s: R.PhoeniciaState, p: int) -> int:
    return R.wealth(s.players[p])


def rejects(s: R.PhoeniciaState, key: str) -> str:
    """Assert the key is illegal and leaves the state unchanged; return the reason."""
    before = copy.deepcopy(s)
    try:
        GAME.apply(s, key)
    except IllegalMove as e:
        assert s == before
        return e.reason
    raise AssertionError(f"{key} was accepted")


# -- invariants used by the rule tests and the property tests --------------------------

def initial_dev_counts(n: int) -> Counter:
    return Counter({c.slug: D.COPIES[c.type][n] for c in D.DEV_CARDS})


def check_invariants(s: R.PhoeniciaState) -> None:
    n = len(s.players)
    # production cards: every card exactly once
    ids = prod_deck(s) + list(s.prod_discard) + list(s.removed)
    for pl in s.players:
        ids += pl.hand
    assert sorted(ids) == list(range(len(D.CARD_VALUES)))
    # development cards: none created or lost
    dev = Counter(dev_deck(s)) + Counter(s.display)
    for pl in s.players:
        dev += Counter(pl.cards)
    assert dev == initial_dev_counts(n)
    # disks: the bank, the players' money and the tool disks on the tiles
    disks = s.bank_disks
    for pl in s.players:
        assert pl.disks >= 0
        disks += pl.disks + sum(d for _w, d in pl.tiles.values())
    assert disks == D.BANK_DISKS
    # workers: the three of the start plus those from cards, all somewhere
    for pl in s.players:
        gained = sum(D.DEV[c].untrained + D.DEV[c].trained for c in pl.cards)
        placed = sum(w for w, _d in pl.tiles.values())
        assert pl.untrained >= 0 and pl.trained >= 0
        assert pl.untrained + pl.trained + placed == 3 + gained
        for t, (w, d) in pl.tiles.items():
            assert 0 <= w and 0 <= d and w + d <= D.SPACES
            gb = D.TILES[t].gained_by
            assert gb is None or gb in pl.cards
    assert len(s.display) <= n
    # the step stack: the turn step at the bottom, decisions of real players
    bottom = s.steps[0] if s.steps else None
    if isinstance(bottom, Tools):
        assert bottom.vp_bought <= D.CITY_CENTER_VP_PER_TURN
    for st in s.steps:
        assert 0 <= getattr(st, "player", 0) < n
    # storage-limit discards: secret to their owner, and in the discard pile
    assert set(s.secret_discards) <= set(s.prod_discard)
