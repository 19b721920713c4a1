"""Property tests over random play: conservation, ranges, illegal choices, replay, save files, privacy."""
from __future__ import annotations

import copy
import random
from dataclasses import replace

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from boardgames_tui.engine import IllegalMove, save
from boardgames_tui.engine.session import Match, Seat
from boardgames_tui.games.phoenicia import data as D
from boardgames_tui.games.phoenicia import rules as R

from phoenicia_helpers import GAME, NAMES, check_invariants, prod_deck

SETTINGS = settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
players = st.integers(2, 5)
seeds = st.integers(0, 2**31 - 1)
# Choices are picked by a seeded random source over up to 1200 choices, so the walks reach
# late rounds and the end of the game (a random game is 300 to 700 choices long).
def _picks(bot: int, length: int) -> list[int]:
    r = random.Random(bot)
    return [r.randrange(10**6) for _ in range(length)]


picks = st.builds(_picks, st.integers(0, 2**16), st.integers(1, 1200))

# Every key the game could ever offer (keys are stable strings).
TILES = D.TILE_ORDER
UNIVERSE = (["workers", "tools", "end", "train", "vp", "pass", "pay:disks"]
            + [f"open:{c.slug}" for c in D.DEV_CARDS]
            + [f"employ:{t}" for t in TILES] + [f"tool:{t}" for t in TILES]
            + [f"move:{a}:{b}" for a in TILES for b in TILES]
            + [f"{k}:{v}" for k in ("convert", "pay", "discard") for v in (4, 5, 6)]
            + [f"bid:{b}" for b in range(1, 80)])
JUNK = ["", " ", "bid", "bid:-1", "bid:x", "bid:1e3", "open:", "open:Granary", "pay:7", "pay:card:5", "move:hunting",
        "move:hunting:", "employ:", "discard:0", "END", "end ", "card:1", "\x00", "tool:storage", "convert:"]


def walk(n, seed, choice_picks, each=None):
    """Play choices picked by index; call each(state, decision, key) before applying."""
    s = GAME.new_game(NAMES[:n], seed)
    played = []
    for i in choice_picks:
        d = GAME.cached_decision(s)
        if d is None:
            break
        key = d.options[i % len(d.options)].key
        if each:
            each(s, d, key)
        GAME.apply(s, key)
        played.append(key)
    return s, played


@SETTINGS
@given(players, seeds, picks)
def test_nothing_created_or_lost_and_values_in_range(n, seed, choice_picks):
    s = GAME.new_game(NAMES[:n], seed)
    check_invariants(s)
    pay_start = None   # (payer, wealth before the payment)
    for i in choice_picks:
        d = GAME.cached_decision(s)
        if d is None:
            break
        assert d.options and len(set(d.keys())) == len(d.options)
        assert all(k in set(UNIVERSE) for k in d.keys()), d.keys()
        key = d.options[i % len(d.options)].key
        paying = s.payment is not None
        deck, dev_left, mark = set(prod_deck(s)), s.dev_deck_size, s.rng.mark
        my_wealth = R.wealth(s.players[d.player])
        GAME.apply(s, key)
        check_invariants(s)
        # money: a payment takes exactly its amount, change included
        pm = s.payment
        if pm is not None and (pay_start is None or not paying):
            pay_start = (pm.player, R.wealth(s.players[pm.player]) + (pm.total - pm.due), pm.total)
        if pm is not None:
            assert R.wealth(s.players[pm.player]) + (pm.total - pm.due) == pay_start[1]
        if paying and pm is None and d.kind == "pay":
            p, w0, total = pay_start
            assert R.wealth(s.players[p]) == w0 - total
            pay_start = None
        if key.startswith("convert:"):
            assert R.wealth(s.players[d.player]) == my_wealth
        # anything drawn is a reveal (counted by the decks themselves)
        if deck - set(prod_deck(s)) or s.dev_deck_size < dev_left:
            assert s.rng.mark > mark
        for pl in s.players:
            assert R.production(pl) >= 0 and R.victory_points(pl) >= 0
            assert pl.disks >= 0


@SETTINGS
@given(players, seeds, picks)
def test_illegal_choices_rejected_with_state_unchanged(n, seed, choice_picks):
    s, _ = walk(n, seed, choice_picks)
    d = GAME.cached_decision(s)
    if d is None:
        with pytest.raises(IllegalMove, match="over"):
            GAME.apply(s, "end")
        return
    legal = set(d.keys())
    before = copy.deepcopy(s)
    for key in UNIVERSE + JUNK:
        if key in legal:
            continue
        with pytest.raises(IllegalMove) as e:
            GAME.apply(s, key)
        assert e.value.reason
        assert s == before
    # and a legal one still works afterwards
    GAME.apply(s, d.options[0].key)


def _match(n, seed):
    m = Match(game=GAME, seats=[Seat(nm) for nm in NAMES[:n]], seed=seed, options={})
    m.state = GAME.new_game(NAMES[:n], seed, {})
    return m


@SETTINGS
@given(players, seeds, picks)
def test_replay_is_exact(n, seed, choice_picks):
    m = _match(n, seed)
    rnd = random.Random(seed)
    for _ in range(len(choice_picks)):
        d = m.decision()
        if d is None:
            break
        m.choose(rnd.choice(d.options).key)
    again = _match(n, seed)
    for k in m.choices:
        again.choose(k)
    assert again.state == m.state
    assert [r.revealed for r in again.history] == [r.revealed for r in m.history]
    # undo, where the policy allows it, lands exactly on the replay of the shorter list
    ok, _ = m.can_undo()
    if ok:
        # back to before the last real choice (a forced choice after it goes with it)
        keys = m.choices[:max(i for i, r in enumerate(m.history) if not r.auto)]
        m.undo()
        third = _match(n, seed)
        for k in keys:
            third.choose(k)
        assert m.state == third.state


def test_undo_own_choices_until_another_player_decides():
    """Board Game Arena's rule: until the next player has chosen (from their curtain, in hot-seat)."""
    m = _match(3, 21)
    start = copy.deepcopy(m.state)
    p = m.decision().player
    m.choose("workers")
    m.choose("train")
    assert m.decision().kind == "pay"
    m.choose("pay:disks")
    assert m.can_undo() == (True, "")
    for _ in range(3):
        m.undo()
    assert m.state == start and m.history == []
    opening = [k for k in m.decision().keys() if k.startswith("open:")]
    m.choose(opening[0])
    nxt = m.decision()
    assert nxt.player != p
    assert m.can_undo() == (True, "") and m.undo_player() == p   # the next player has not chosen yet
    m.choose(nxt.keys()[0])                   # the next player chooses (a bid)
    assert m.undo_player() == nxt.player     # the next player's own choice may go back
    m.undo()
    ok, why = m.can_undo()
    assert not ok and "has chosen since" in why     # but p's is final now


def test_save_reload_replay_equal(tmp_path):
    """Through the real save-file code."""
    for n, seed in ((2, 11), (5, 12)):
        m = Match.new("phoenicia", [Seat(nm) for nm in NAMES[:n]], seed)
        rnd = random.Random(seed)
        for _ in range(300):
            d = m.decision()
            if d is None:
                break
            m.choose(rnd.choice(d.options).key)
        path = save.save(m, tmp_path / f"p{n}.json")
        back = save.load(path)
        assert back.state == m.state
        assert back.choices == m.choices
        assert back.view(0) == m.view(0)


def _hide_swap(s, o):
    """Another position that differs only in what player o and the decks hide."""
    t = copy.deepcopy(s)
    pl = t.players[o]
    deck = t.prod_deck.take_all()
    if pl.hand:
        v = D.CARD_VALUES[pl.hand[0]]
        for i, c in enumerate(deck):
            if D.CARD_VALUES[c] != v:
                pl.hand[0], deck[i] = c, pl.hand[0]
                break
    deck.reverse()
    t.prod_deck.add(deck)
    # the development deck: reorder within each stack (the stack counts are public)
    for d in t.dev_stacks:
        d.add(sorted(d.take_all()))
    t.log = [replace(e, private_text="SECRET " + (e.private_text or "")) if e.private_to == o else e
             for e in t.log]
    t._decision = None
    return t


@SETTINGS
@given(players, seeds, picks)
def test_views_show_nothing_private(n, seed, choice_picks):
    s, _ = walk(n, seed, choice_picks)
    for viewer in [None] + list(range(n)):
        v = GAME.view(s, viewer)
        for p, pv in enumerate(v["players"]):
            if p == viewer:
                assert sorted(pv["hand"]) == sorted(D.CARD_VALUES[c] for c in s.players[p].hand)
            else:
                assert pv["hand"] is None
            assert pv["hand_count"] == len(s.players[p].hand)
        text = repr(v)
        assert "SECRET" not in text and "Rng" not in text and "seed" not in text
        for e, line in zip(s.log, v["log"]):
            if e.private_to is not None and e.private_to != viewer:
                assert line == e.text
        for o in range(n):
            if o == viewer:
                continue
            assert GAME.view(_hide_swap(s, o), viewer) == v


def test_private_log_lines_exist_and_are_redacted():
    s, _ = walk(3, 5, [0] * 400)
    private = [e for e in s.log if e.private_to is not None]
    assert private
    for e in private:
        assert e.private_text != e.text


@pytest.mark.parametrize("n", [2, 3, 4, 5])
def test_random_games_terminate(n):
    rnd = random.Random(n)
    for g in range(15):
        s = GAME.new_game(NAMES[:n], 1000 * n + g)
        for _count in range(20000):
            d = GAME.cached_decision(s)
            if d is None:
                break
            GAME.apply(s, rnd.choice(d.options).key)
        else:
            pytest.fail(f"game {g} did not end")
        assert s.phase == "over"
        assert max(GAME.scores(s)) >= D.END_VP       # the only end (no round limit)
        w = GAME.winners(s)
        assert w and all(GAME.scores(s)[i] == max(GAME.scores(s)) for i in w)
        check_invariants(s)
