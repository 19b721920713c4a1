"""determinize: a state the viewer cannot tell from the real one, resampled in
everything the viewer cannot see, and still a consistent Phoenicia position."""
from __future__ import annotations

import copy
import random
from collections import Counter

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from boardgames_tui.engine.rng import Rng
from boardgames_tui.games.phoenicia import data as D
from boardgames_tui.games.phoenicia import rules as R

from phoenicia_helpers import (GAME, NAMES, check_invariants, decision, new, play, prod_deck, set_display, set_money,
                               settle, turn)

SETTINGS = settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def walk(n, seed, length, bot=0):
    s = GAME.new_game(NAMES[:n], seed)
    r = random.Random(bot)
    for _ in range(length):
        d = GAME.cached_decision(s)
        if d is None:
            break
        GAME.apply(s, r.choice(d.options).key)
    return s


def same_decision(a, b):
    da, db = GAME.cached_decision(a), GAME.cached_decision(b)
    if da is None or db is None:
        return da is db
    return ((da.player, da.prompt, da.kind, da.private, da.options)
            == (db.player, db.prompt, db.kind, db.private, db.options))


def values(hand):
    return sorted(D.CARD_VALUES[c] for c in hand)


@SETTINGS
@given(st.integers(2, 5), st.integers(0, 2**31 - 1), st.integers(0, 900), st.integers(0, 2**16))
def test_the_viewer_cannot_tell(n, seed, length, rseed):
    s = walk(n, seed, length, rseed)
    before = copy.deepcopy(s)
    d = GAME.cached_decision(s)
    for viewer in range(n):
        det = GAME.determinize(s, viewer, random.Random(rseed + viewer))
        assert GAME.view(det, viewer) == GAME.view(s, viewer)
        if d is not None and d.player == viewer:
            assert same_decision(det, s)
        check_invariants(det)
        assert values(det.players[viewer].hand) == values(s.players[viewer].hand)
        assert isinstance(det.rng, Rng) and det.rng is not s.rng
    assert s == before                                   # the real state is untouched


@SETTINGS
@given(st.integers(2, 5), st.integers(0, 2**31 - 1), st.integers(0, 900), st.integers(0, 2**16))
def test_a_choice_that_reveals_nothing_leaves_the_views_equal(n, seed, length, rseed):
    """What the conformance suite checks: the decider's choice applied to the real
    state and to a determinized one; unless the rng counted a reveal, the
    decider's views afterwards are equal."""
    s = walk(n, seed, length, rseed)
    d = GAME.cached_decision(s)
    if d is None:
        return
    p = d.player
    det = GAME.determinize(s, p, random.Random(rseed))
    for o in d.options:
        real, fake = GAME.clone(s), GAME.clone(det)
        mark = real.rng.mark
        GAME.apply(real, o.key)
        GAME.apply(fake, o.key)
        if real.rng.mark == mark:
            assert GAME.view(fake, p) == GAME.view(real, p), o.key


@SETTINGS
@given(st.integers(2, 5), st.integers(0, 2**31 - 1), st.integers(0, 700), st.integers(0, 2**16))
def test_a_determinized_state_plays_on(n, seed, length, rseed):
    s = walk(n, seed, length, rseed)
    det = GAME.determinize(s, 0, random.Random(rseed))
    r = random.Random(rseed)
    for _ in range(300):
        d = GAME.cached_decision(det)
        if d is None:
            break
        GAME.apply(det, r.choice(d.options).key)
        check_invariants(det)


def test_hidden_things_are_resampled_counts_kept():
    s = walk(4, 3, 400)
    hands = [values(pl.hand) for pl in s.players]
    changed_hand = changed_deck = changed_dev = 0
    for k in range(30):
        det = GAME.determinize(s, 0, random.Random(k))
        assert [len(pl.hand) for pl in det.players] == [len(pl.hand) for pl in s.players]
        assert len(det.prod_deck) == len(s.prod_deck) and len(det.prod_discard) == len(s.prod_discard)
        assert [len(d) for d in det.dev_stacks] == [len(d) for d in s.dev_stacks]
        # the values unseen by Ann are the same multiset, spread afresh
        assert unseen_by_0(det) == unseen_by_0(s)
        assert Counter(D.CARD_VALUES[c] for c in det.prod_discard if det.secret_discards.get(c, 0) == 0) == \
            Counter(D.CARD_VALUES[c] for c in s.prod_discard if s.secret_discards.get(c, 0) == 0)
        changed_hand += any(values(det.players[q].hand) != hands[q] for q in range(1, 4))
        changed_deck += prod_deck(det) != prod_deck(s)
        changed_dev += [d.secret_contents() for d in det.dev_stacks] != [d.secret_contents() for d in s.dev_stacks]
        assert det.rng != s.rng
    assert changed_hand > 10 and changed_deck == 30 and changed_dev > 10


def unseen_by_0(t):
    cards = [c for pl in t.players[1:] for c in pl.hand] + prod_deck(t)
    cards += [c for c in t.prod_discard if t.secret_discards.get(c, 0) != 0]
    return Counter(D.CARD_VALUES[c] for c in cards)


def test_other_players_private_log_lines_are_dropped():
    s = walk(3, 5, 200)
    det = GAME.determinize(s, 1, random.Random(1))
    for e, f in zip(s.log, det.log):
        assert f.text == e.text
        if e.private_to == 1:
            assert f.private_text == e.private_text
        elif e.private_to is not None:
            assert f.private_text is None


def test_storage_discards_known_only_to_their_owner():
    s = turn(new(3, 8), 2, "c")
    s.to_act = []
    for p in range(3):
        set_money(s, p, [], 0)
    set_money(s, 0, [6, 6, 6], 0)
    settle(s)
    play(s, "end", who=2)
    play(s, "discard:6", who=0)          # Ann discards a 6: only she knows
    (c,) = s.secret_discards
    assert s.secret_discards == {c: 0} and D.CARD_VALUES[c] == 6
    mine = [GAME.determinize(s, 0, random.Random(k)) for k in range(20)]
    assert all(det.secret_discards == {c: 0} and c in det.prod_discard for det in mine)
    theirs = [GAME.determinize(s, 1, random.Random(k)) for k in range(20)]
    for det in theirs:
        (c2,) = det.secret_discards
        assert det.secret_discards[c2] == 0 and c2 in det.prod_discard
        check_invariants(det)
    assert len({D.CARD_VALUES[next(iter(det.secret_discards))] for det in theirs}) > 1


def test_public_commitments_are_kept():
    """Bob bid 15 with two cards and 3 disks: in every sample he can still pay it."""
    s = turn(new(3, 2), 0)
    set_display(s, ["fort", "dyer", "granary"])
    set_money(s, 0, [4, 4], 0)
    set_money(s, 1, [6, 6], 3)
    set_money(s, 2, [], 0)
    settle(s)
    play(s, "open:fort", "bid:15")
    assert decision(s).player == 0
    for k in range(40):
        det = GAME.determinize(s, 0, random.Random(k))
        assert R.wealth(det.players[1]) >= 15
    # and when he has won, he can still pay it
    play(s, "pass", who=0)
    assert s.payment.player == 1 and s.payment.due == 15
    for k in range(40):
        det = GAME.determinize(s, 2, random.Random(k))
        assert R.wealth(det.players[1]) >= 15
        while det.payment is not None:
            GAME.apply(det, GAME.cached_decision(det).keys()[0])
        check_invariants(det)


def test_after_the_end_the_result_is_kept():
    s = walk(2, 11, 100000)
    assert s.phase == "over"
    for k in range(5):
        det = GAME.determinize(s, 0, random.Random(k))
        assert GAME.view(det, 0) == GAME.view(s, 0)
        assert [pl.hand for pl in det.players] == [pl.hand for pl in s.players]   # money breaks ties
