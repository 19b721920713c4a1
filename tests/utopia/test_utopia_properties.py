"""Property tests for Utopia: random games played by a uniform random chooser."""
from __future__ import annotations

import copy
import json
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from boardgames_tui.engine.core import IllegalMove
from boardgames_tui.engine.session import Match, Seat
from boardgames_tui.games.utopia import data as D
from boardgames_tui.games.utopia.rules import GAME

from utopia_helpers import NAMES, check_invariants, deck_cards, set_deck, top

players = st.integers(min_value=2, max_value=5)
seeds = st.integers(min_value=0, max_value=2**32 - 1)

PRIVATE_KINDS = {"discard", "play", "move_from", "move_to", "move_count", "target", "pay", "extra_guest"}
KEY_POOL = [
    "bogus", "", "draw", "done", "back", "pass", "guest:earth:mayan", "guest:water:chinese", "guest:",
    "district:E1", "district:A5", "district:Z9", "player:0", "player:4", "player:9", "card:greek", "card:nope",
    "move:mayan", "add:greek", "remove:chinese", "raise:persian", "lower:egyptian", "lower:nobody",
    "wonder:fire", "wonder:moon", "monument:E1:greek", "monument:Z9:x", "monument:E1", "count:2", "count:3",
]


def random_game(n, seed, choice_seed, max_choices=None, each=None):
    s = GAME.new_game(NAMES[:n], seed)
    rnd = random.Random(choice_seed)
    keys = []
    while (d := GAME.cached_decision(s)) is not None:
        if each:
            each(s, d)
        k = rnd.choice(d.options).key
        GAME.apply(s, k)
        keys.append(k)
        if max_choices and len(keys) >= max_choices:
            break
    return s, keys


@settings(max_examples=12, deadline=None)
@given(players, seeds, seeds)
def test_random_games_conserve_everything_and_end(n, seed, cs):
    prev = [0] * n

    def each(s, d):
        check_invariants(s)
        assert d.options and len(set(d.keys())) == len(d.options)
        assert 0 <= d.player < n
        step = top(s)
        assert d.player == step.player  # who decides comes from the step on top
        out_of_turn = getattr(step, "by", -1) >= 0
        assert d.private == (d.kind in PRIVATE_KINDS or (d.kind in ("place", "build", "wonder_prince")
                                                          and (out_of_turn or s.phase != "guests")))
        assert all(a >= b for a, b in zip(s.scores, prev))  # prestige only ever rises
        prev[:] = s.scores
        assert all(sum(h) <= D.HAND_SIZE for h in s.hands)

    s, keys = random_game(n, seed, cs, max_choices=20000, each=each)
    check_invariants(s)
    assert s.phase == "over" and GAME.is_over(s) and s.steps == []
    assert max(s.scores) >= D.WIN_SCORE  # the only end (no round limit)
    w = GAME.winners(s)
    assert len(w) == 1 and s.scores[w[0]] == max(s.scores)
    assert len(keys) < 20000


@settings(max_examples=10, deadline=None)
@given(players, seeds, seeds)
def test_illegal_keys_leave_the_state_unchanged(n, seed, cs):
    s = GAME.new_game(NAMES[:n], seed)
    rnd = random.Random(cs)
    for step in range(500):
        d = GAME.cached_decision(s)
        if d is None:
            break
        if step % 9 == 0:
            before = copy.deepcopy(s)
            for k in KEY_POOL:
                if k in d:
                    continue
                with pytest.raises(IllegalMove) as e:
                    GAME.apply(s, k)
                assert e.value.reason
                assert s == before
        GAME.apply(s, rnd.choice(d.options).key)


@settings(max_examples=10, deadline=None)
@given(players, seeds, seeds)
def test_same_seed_and_choices_give_the_same_game(n, seed, cs):
    s1, keys = random_game(n, seed, cs, max_choices=700)
    s2 = GAME.new_game(NAMES[:n], seed)
    for k in keys:
        GAME.apply(s2, k)
    assert s1 == s2
    assert [GAME.view(s1, v) for v in range(n)] == [GAME.view(s2, v) for v in range(n)]
    assert GAME.new_game(NAMES[:n], seed) == GAME.new_game(NAMES[:n], seed)


def test_match_replay_and_undo():
    seats = [Seat(name) for name in NAMES[:3]]
    m = Match(game=GAME, seats=seats, seed=11, options={})
    m.state = GAME.new_game(NAMES[:3], 11)
    rnd = random.Random(3)
    undone = refused = 0
    for _ in range(220):
        d = m.decision()
        if d is None:
            break
        k = rnd.choice(d.options).key
        before = copy.deepcopy(m.state)
        m.choose(k)
        ok, why = m.can_undo()
        if ok and m.history[-1].auto:
            continue      # undo would take back the real choice before this forced one too
        if ok:
            m.undo()
            assert m.state == before
            undone += 1
            m.choose(k)
        else:
            assert why
            refused += 1
    assert undone and refused
    m2 = Match(game=GAME, seats=seats, seed=11, options={})
    m2.state = GAME.new_game(NAMES[:3], 11)
    for k in m.choices:
        m2.choose(k)
    assert m2.state == m.state and m2.choices == m.choices


def _hide_check(s, viewer):
    v = GAME.view(s, viewer)
    json.dumps(v)  # plain data
    for q, pv in enumerate(v["players"]):
        if q != viewer:
            assert pv["hand"] is None
        else:
            assert pv["hand"] == {D.PEOPLES[x]: s.hands[q][x] for x in range(5)}
        assert pv["hand_count"] == sum(s.hands[q])
    assert len(v["log"]) == len(s.log)
    for e, line in zip(s.log, v["log"]):
        if e.private_to != viewer:
            assert line == e.text
            if e.private_text:
                assert e.private_text != e.text
    if viewer is None or top(s) is None or viewer != top(s).player:  # top is None once the game is over
        assert v["selected"] is None
    assert "rng" not in v and "Rng(" not in json.dumps(v)
    return v


def _perturb_hidden(s, q):
    """Another position that differs from ``s`` only in what ``q``'s opponents cannot see."""
    t = copy.deepcopy(s)
    hand = t.hands[q]
    deck = deck_cards(t)
    have = [x for x in range(5) if hand[x]]
    swap = [y for y in set(deck) if not have or y != have[0]]
    if have and swap:
        x, y = have[0], swap[0]
        hand[x] -= 1
        hand[y] += 1
        deck.remove(y)
        deck.append(x)
    random.Random(len(t.log)).shuffle(deck)
    set_deck(t, deck)
    return t


@settings(max_examples=10, deadline=None)
@given(players, seeds, seeds, st.integers(min_value=0, max_value=900))
def test_views_hide_private_information(n, seed, cs, stop):
    s, _ = random_game(n, seed, cs, max_choices=stop + 1)
    for viewer in [None, *range(n)]:
        _hide_check(s, viewer)
    for q in range(n):
        if not sum(s.hands[q]):
            continue
        t = _perturb_hidden(s, q)
        for viewer in [None, *range(n)]:
            if viewer != q:
                assert GAME.view(t, viewer) == GAME.view(s, viewer)


def test_private_log_lines_name_cards_only_for_their_owner():
    s, _ = random_game(4, 5, 6, max_choices=400)
    private = [e for e in s.log if e.private_to is not None]
    assert private
    for e in private:
        for viewer in range(4):
            line = e.for_viewer(viewer)
            if viewer != e.private_to:
                assert not any(p in line for p in D.PEOPLE_NAMES), line


@settings(max_examples=12, deadline=None)
@given(players, seeds, seeds, st.integers(min_value=0, max_value=1500))
def test_determinize_keeps_every_view_and_the_decision(n, seed, cs, stop):
    s, _ = random_game(n, seed, cs, max_choices=stop)
    d = GAME.cached_decision(s)
    snapshot = copy.deepcopy(s)
    r = random.Random(seed)
    for viewer in [None, *range(n)]:
        det = GAME.determinize(s, viewer, r)
        assert det is not s and det.rng != s.rng
        check_invariants(det)
        assert GAME.view(det, viewer) == GAME.view(s, viewer)
        if viewer is not None:
            assert det.hands[viewer] == s.hands[viewer]
            assert det.discarded_by[viewer] == s.discarded_by[viewer]
        assert [sum(h) for h in det.hands] == [sum(h) for h in s.hands]
        assert len(det.deck) == len(s.deck) and det.steps == s.steps
        for e, e2 in zip(s.log, det.log):  # the others' true cards are not carried over
            if e.private_to is not None and e.private_to != viewer and e.private_text:
                assert e2.private_text is None and e2.text == e.text
        if d is not None and d.player == viewer:
            d2 = GAME.decision(det)
            assert [(o.key, o.label, o.value) for o in d2.options] == [(o.key, o.label, o.value) for o in d.options]
            assert (d2.prompt, d2.kind, d2.player) == (d.prompt, d.kind, d.player)
        # the sampled position is a real one: it plays on
        rnd = random.Random(cs)
        for _ in range(60):
            dd = GAME.cached_decision(det)
            if dd is None:
                break
            GAME.apply(det, rnd.choice(dd.options).key)
        check_invariants(det)
    assert s == snapshot  # determinize does not touch the state


def test_determinize_resamples_the_hidden_cards():
    s = GAME.new_game(NAMES[:4], 3)
    rnd = random.Random(4)
    while s.phase != "discard":
        GAME.apply(s, rnd.choice(GAME.cached_decision(s).options).key)
    assert sum(map(sum, s.hands)) == 20
    r = random.Random(2)
    dets = [GAME.determinize(s, 0, r) for _ in range(10)]
    assert any(d.hands[1:] != s.hands[1:] for d in dets)
    assert any(deck_cards(d) != deck_cards(s) for d in dets)
    assert all(d.hands[0] == s.hands[0] for d in dets)
