"""Utopia's easy policy (bots/policies/utopia.py) and the copies the bots play on.

Positions are real games from ``GAME.new_game`` with parts set by hand: the
policy is asked, then its answer is played, so every test is also a legal game.
"""
from __future__ import annotations

import random

import pytest

from boardgames_tui.bots.policies import policy_for
from boardgames_tui.games.utopia import data as D
from boardgames_tui.games.utopia.rules import GAME, Pay, PickGuest, Play, UtopiaState

POLICY = policy_for("utopia")
MAYAN, PERSIAN, EGYPTIAN, GREEK, CHINESE = range(5)


# ---------------------------------------------------------------- positions
def blank(n: int = 2, seed: int = 1) -> UtopiaState:
    """A new game, the displayed guests back in the bag, seats in order 0, 1, ..."""
    s = GAME.new_game([f"P{i}" for i in range(n)], seed)
    for t in range(D.N_GUEST_TYPES):
        s.bag[t] += s.display[t]
        s.display[t] = 0
    s.stamps = list(range(n))
    s.next_stamp = n
    s._decision = None
    return s


def di(name: str) -> int:
    return D.DISTRICT_INDEX[name]


def put(s: UtopiaState, p: int, district: str, x: int, k: int = 1) -> None:
    s.supply[p][x] -= k
    s.princes[di(district)][p][x] += k
    s._decision = None


def monument(s: UtopiaState, p: int, district: str, x: int) -> None:
    d = di(district)
    s.mon_people[d], s.mon_owner[d] = x, p
    s.monuments_left[x] -= 1
    s.bases[p] -= 1
    s._decision = None


def give(s: UtopiaState, p: int, x: int, k: int = 1) -> None:
    deck = s.deck.take_all()
    for _ in range(k):
        deck.remove(x)
        s.hands[p][x] += 1
    s.deck.add(deck)
    s._decision = None


def to_play(s: UtopiaState, p: int) -> None:
    s.phase = "cards"
    s.acted = [False] * s.n
    s.steps = [Play(p)]
    s._decision = None


def to_pick(s: UtopiaState, p: int, guests: list[tuple[int, int]]) -> None:
    for isl, x in guests:
        t = isl * D.N_PEOPLES + x
        s.bag[t] -= 1
        s.display[t] += 1
    s.phase = "guests"
    s.acted = [False] * s.n
    s.drew = [False] * s.n
    s.steps = [PickGuest(p)]
    s._decision = None


def pick(s: UtopiaState, seed: int = 0) -> str:
    """The policy's choice now, played."""
    d = GAME.cached_decision(s)
    k = POLICY.choose(GAME, s, d, random.Random(seed))
    assert k in d.keys()
    GAME.apply(s, k)
    return k


# ---------------------------------------------------------------- building
def test_takes_the_guest_that_completes_a_monument_and_builds_it():
    s = blank()
    put(s, 0, "E4", GREEK, 2)
    to_pick(s, 0, [(D.FIRE, MAYAN), (D.EARTH, GREEK), (D.WIND, CHINESE)])
    for seed in range(5):  # whatever the tie-breaks
        t = GAME.clone(s)
        assert pick(t, seed) == "guest:earth:greek"
        assert pick(t, seed) == "district:E4"
        assert pick(t, seed) == "monument:E4:greek"
        assert t.mon_owner[di("E4")] == 0 and t.mon_people[di("E4")] == GREEK


def test_places_the_prince_beside_its_own_people():
    s = blank()
    put(s, 0, "F3", PERSIAN, 1)
    put(s, 0, "F5", MAYAN, 1)
    to_pick(s, 0, [(D.FIRE, PERSIAN)])
    assert pick(s) == "guest:fire:persian"
    assert pick(s) == "district:F3"   # a pair there, one step from a monument


def test_moves_a_prince_to_complete_a_monument():
    s = blank()
    put(s, 0, "W2", CHINESE, 2)
    put(s, 0, "W1", CHINESE, 1)     # W1 borders W2
    give(s, 0, CHINESE)
    to_play(s, 0)
    assert pick(s) == "move:chinese"
    assert pick(s) == "district:W1"
    assert pick(s) == "district:W2"
    assert pick(s) == "monument:W2:chinese"
    assert s.mon_owner[di("W2")] == 0


def test_takes_the_last_people_for_a_wonder_and_builds_it():
    s = blank()
    for x, d in zip((MAYAN, PERSIAN, EGYPTIAN, GREEK), ("F1", "F2", "F4", "F6")):
        put(s, 0, d, x)
    to_pick(s, 0, [(D.EARTH, CHINESE), (D.FIRE, CHINESE), (D.WIND, MAYAN)])
    assert pick(s) == "guest:fire:chinese"
    pick(s)  # any district of Fire
    assert pick(s) == "wonder:fire"
    assert s.wonder_owner[D.FIRE] == 0 and s.scores[0] == D.WONDER_POINTS


def test_builds_the_monument_before_a_wonder_that_would_break_it():
    s = blank()
    put(s, 0, "E2", MAYAN, 3)   # the only Mayan princes on Earth
    for x in (PERSIAN, EGYPTIAN, GREEK, CHINESE):
        put(s, 0, "E5", x)
    to_play(s, 0)
    assert pick(s) == "monument:E2:mayan"


# ---------------------------------------------------------------- the prestige scale
def test_raises_the_people_of_its_own_monuments():
    s = blank()
    s.scale = [PERSIAN, MAYAN, EGYPTIAN, GREEK, CHINESE]
    monument(s, 0, "E1", PERSIAN)
    monument(s, 0, "F2", PERSIAN)
    monument(s, 1, "W3", MAYAN)
    give(s, 0, PERSIAN)
    give(s, 0, EGYPTIAN)
    to_play(s, 0)
    assert pick(s) == "raise:persian"
    assert pick(s) == "card:persian"   # a tile could pay too: kept
    assert s.scale[1] == PERSIAN and s.scale[0] == MAYAN   # ours up, theirs down


def test_drops_the_people_only_the_others_have_monuments_of():
    s = blank()
    s.scale = [MAYAN, PERSIAN, EGYPTIAN, GREEK, CHINESE]
    monument(s, 1, "E1", CHINESE)
    monument(s, 1, "F2", CHINESE)
    monument(s, 1, "W3", CHINESE)
    give(s, 0, CHINESE, 2)
    s.privileges[0] = 0
    to_play(s, 0)
    assert pick(s) == "lower:chinese"
    assert s.scale[0] == CHINESE


def test_does_not_raise_a_people_only_the_others_have_monuments_of():
    s = blank()
    s.scale = [MAYAN, PERSIAN, EGYPTIAN, GREEK, CHINESE]
    monument(s, 1, "E1", MAYAN)
    give(s, 0, MAYAN)
    s.privileges[0] = 0
    to_play(s, 0)
    assert "raise:mayan" in GAME.cached_decision(s).keys()
    assert pick(s) != "raise:mayan"


def test_pays_with_its_own_card_not_a_privilege_tile():
    s = blank()
    monument(s, 0, "E1", GREEK)
    give(s, 0, GREEK)
    give(s, 0, MAYAN)
    to_play(s, 0)
    s.steps.append(Pay(0, "raise", GREEK, left=1))
    s._decision = None
    assert pick(s) == "card:greek"
    assert s.privileges[0] == D.PRIVILEGE_TILES


# ---------------------------------------------------------------- always legal
def _random_positions(count: int, seed: int):
    r = random.Random(seed)
    found = 0
    g = 0
    while found < count:
        n = r.randint(2, 5)
        s = GAME.new_game([f"P{i}" for i in range(n)], seed * 1000 + g)
        g += 1
        for _ in range(r.randint(1, 900)):
            d = GAME.cached_decision(s)
            if d is None:
                break
            if len(d.options) > 1 and r.random() < 0.05:
                yield s, d
                found += 1
            # half the choices by the policy, half at random: positions of both kinds
            k = POLICY.choose(GAME, s, d, r) if r.random() < 0.5 else r.choice(d.options).key
            GAME.apply(s, k)


def test_choose_always_returns_a_legal_key():
    kinds = set()
    for s, d in _random_positions(600, 3):
        before = GAME.clone(s)
        k = POLICY.choose(GAME, s, d, random.Random(1))
        assert k in d.keys(), (d.kind, k)
        assert k != "back"
        assert s == before   # it only reads the world
        kinds.add(d.kind)
    assert {"guest", "place", "play", "discard", "move_from", "move_to"} <= kinds


def test_breaks_ties_with_its_random_source():
    s = blank()
    to_pick(s, 0, [(D.EARTH, MAYAN), (D.FIRE, MAYAN), (D.WIND, MAYAN)])  # nothing to tell them apart
    picks = {POLICY.choose(GAME, s, GAME.cached_decision(s), random.Random(i)) for i in range(30)}
    assert len(picks) > 1


# ---------------------------------------------------------------- evaluate
def test_evaluate_gives_each_player_a_chance():
    for s, _d in _random_positions(200, 4):
        v = POLICY.evaluate(GAME, s)
        assert len(v) == s.n
        assert all(0.0 <= x <= 1.0 for x in v)
        assert sum(v) == pytest.approx(1.0)


def test_evaluate_favours_a_clear_leader():
    s = blank(3)
    s.scale = [MAYAN, PERSIAN, EGYPTIAN, GREEK, CHINESE]
    s.scores = [44, 20, 18]
    monument(s, 0, "E1", CHINESE)
    monument(s, 0, "F2", GREEK)
    monument(s, 1, "W3", MAYAN)
    v = POLICY.evaluate(GAME, s)
    assert v[0] > 0.9 and v[0] > v[1] > 0 and v[0] > v[2] > 0
    # equal positions, equal chances
    s.scores = [10, 10, 10]
    for d in ("E1", "F2", "W3"):
        s.mon_owner[di(d)] = -1
        s.mon_people[di(d)] = -1
    assert POLICY.evaluate(GAME, s) == pytest.approx([1 / 3] * 3)


def test_evaluate_counts_monuments_and_their_values():
    s = blank()
    s.scale = [MAYAN, PERSIAN, EGYPTIAN, GREEK, CHINESE]
    s.scores = [20, 20]
    monument(s, 0, "E1", CHINESE)    # worth 5 a round
    monument(s, 1, "W3", MAYAN)      # worth 1
    v = POLICY.evaluate(GAME, s)
    assert v[0] > 0.6 > 0.4 > v[1]


# ---------------------------------------------------------------- determinize
def test_determinize_makes_a_hand_that_can_pay_for_the_action_under_way():
    """Player 1 is paying for a drop (two Chinese cards, no tile); only two Chinese
    cards are unseen by player 0: shuffling seldom deals both to player 1, so the
    hand is made on purpose, whatever the random source."""
    s = blank()
    s.privileges[1] = 0
    deck = s.deck.take_all()
    for _ in range(8):
        deck.remove(CHINESE)
    s.deck.add(deck)
    s.hands[0][CHINESE] = 5
    s.discard[CHINESE] = 3          # played face up: seen by everybody
    give(s, 1, CHINESE, 2)
    give(s, 1, MAYAN, 2)
    to_play(s, 1)
    s.steps.append(Pay(1, "lower", CHINESE, left=2))
    s._decision = None
    for seed in range(20):
        w = GAME.determinize(s, 0, random.Random(seed))
        assert w.hands[1][CHINESE] == 2 and sum(w.hands[1]) == 4
        assert w.hands[0] == s.hands[0]
        assert len(w.deck) == len(s.deck)
        assert sum(w.deck.secret_contents().count(x) for x in range(5)) == len(s.deck)
        assert GAME.cached_decision(w).player == 1
