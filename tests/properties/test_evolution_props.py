"""Property tests of the Evolution rules: random seeded games between random bots.

For every game (2-5 players, either deck) and at every choice:
* every card is in exactly one place (deck, discard, removed, a hand, the food
  cards, a species' traits);
* living species have size and population 1..6, food <= population,
  fat <= size, at most ``trait_limit`` traits; the watering hole is never
  negative;
and at sampled moments:
* junk keys and keys that were legal at other moments are refused with
  IllegalMove and leave the state exactly as it was;
* no player's view holds another player's hand cards, face-down traits or
  private log lines (checked on the structure and on the log text).
At the end: replaying the choices gives the same final state, and a save made
at a random moment reloads to an equal state.
"""
from __future__ import annotations

import copy
import json
import random
import tempfile
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from boardgames_tui.engine import IllegalMove
from boardgames_tui.engine.save import load, save
from boardgames_tui.engine.session import Match, Seat
from boardgames_tui.games.evolution import cards as C
from boardgames_tui.games.evolution.rules import GAME

JUNK = ["", " ", "done ", "DONE", "card", "card:", "card:-1", "card:999", "card:x", "food:", "food:200",
        "eat", "eat:-1", "eat:99", "eat:1:2", "attack:99", "intel:99", "target:0", "target:9:9",
        "target:-1:0", "size:99", "pop:-3", "trait:7", "species:middle", "replace:999", "discard:999",
        "back:", "ok", "\x00", "card:1 ", "ëat:0", "food:1e3"]

MAX_CHOICES = 20_000


def card_places(s) -> list[int]:
    out = s.deck.secret_contents() + list(s.discard) + list(s.removed) + [c for _, c in s.food_cards]
    for pl in s.players:
        out += pl.hand
        for sp in pl.species:
            out += sp.traits
    return out


def check_invariants(s, n_cards: int) -> None:
    places = card_places(s)
    assert sorted(places) == list(range(n_cards)), "a card is missing or in two places"
    assert s.hole >= 0
    uids = []
    for pl in s.players:
        assert pl.bag >= 0
        for sp in pl.species:
            uids.append(sp.uid)
            assert 1 <= sp.size <= C.MAX_SIZE, sp
            assert 1 <= sp.pop <= C.MAX_POP, sp
            assert 0 <= sp.food <= sp.pop, sp
            assert 0 <= sp.fat <= sp.size, sp
            assert len(sp.traits) <= s.trait_limit, sp
            assert set(sp.hidden) <= set(sp.traits), sp
    assert len(uids) == len(set(uids)), "species uid used twice"


def visible_ids(s, viewer) -> set[int]:
    """Card ids the viewer may see: own hand, face-up traits, own face-down traits."""
    ok: set[int] = set()
    for q, pl in enumerate(s.players):
        if q == viewer:
            ok.update(pl.hand)
        for sp in pl.species:
            ok.update(c for c in sp.traits if c not in sp.hidden or q == viewer)
    return ok


def walk_ids(obj, out: list[int]) -> None:
    if isinstance(obj, dict):
        for k, v in obj.items():
            if k in ("id", "card") and isinstance(v, int):
                out.append(v)
            else:
                walk_ids(v, out)
    elif isinstance(obj, list):
        for v in obj:
            walk_ids(v, out)


def check_views(s, seed: int) -> None:
    n = len(s.players)
    for viewer in [None, *range(n)]:
        v = GAME.view(s, viewer)
        json.dumps(v)  # plain data
        assert "food_cards" not in v and v["deck"] == len(s.deck)
        for q, (pv, pl) in enumerate(zip(v["players"], s.players)):
            assert pv["hand_count"] == len(pl.hand)
            if q == viewer:
                assert [h["id"] for h in pv["hand"]] == pl.hand
            else:
                assert pv["hand"] is None
            for spv, sp in zip(pv["species"], pl.species, strict=True):
                for tv, c in zip(spv["traits"], sp.traits, strict=True):
                    if c in sp.hidden and q != viewer:
                        assert tv == {"id": None, "trait": None, "face_down": True}
                    else:
                        assert tv["id"] == c and tv["trait"] == C.TRAIT_OF[c]
                        assert tv["face_down"] == (c in sp.hidden)
        ids: list[int] = []
        walk_ids(v, ids)
        leaked = set(ids) - visible_ids(s, viewer)
        assert not leaked, f"viewer {viewer} sees hidden cards {leaked}"
        # the log: private lines only for their owner
        assert v["log"] == [e.for_viewer(viewer) for e in s.log]
        for e in s.log:
            if e.private_to is not None and e.private_to != viewer:
                assert e.for_viewer(viewer) == e.text
        if seed >= 10**6:
            assert str(seed) not in json.dumps(v)


def check_private_log(s, before_hands, before_down, new_entries, n: int) -> None:
    """Lines written in this step must not name, to anyone else, the cards a
    player drew or played face down in this step."""
    for p, pl in enumerate(s.players):
        secret = set(pl.hand) - set(before_hands[p])
        for sp in pl.species:
            secret |= set(sp.hidden) - before_down[p]
        if not secret:
            continue
        labels = {C.card_label(c) for c in secret}
        for e in new_entries:
            for viewer in [None, *range(n)]:
                if viewer == p:
                    continue
                line = e.for_viewer(viewer)
                if e.private_to == p:
                    assert not any(lbl in line for lbl in labels), (line, labels)
                    assert e.private_text is None or line != e.private_text


def try_illegal(s, keys: list[str]) -> None:
    GAME.cached_decision(s)
    before = copy.deepcopy(s)
    for k in keys:
        with pytest.raises(IllegalMove) as exc:
            GAME.apply(s, k)
        reason = exc.value.reason
        assert reason and "\n" not in reason, (k, reason)
        assert s == before, f"refused key {k!r} changed the state"


@pytest.mark.slow           # 120 whole games, saved and checked on the way: 10 s here
@settings(max_examples=120, deadline=None,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture])
@given(seed=st.integers(0, 2**32 - 1), players=st.integers(2, 5), deck=st.sampled_from(["110", "129"]),
       save_at=st.integers(0, 400), check_every=st.integers(7, 40))
def test_random_games_keep_the_rules(seed, players, deck, save_at, check_every):
    names = [f"P{i + 1}" for i in range(players)]
    opts = {"deck": deck}
    s = GAME.new_game(names, seed, opts)
    n_cards = C.DECK_SIZES[deck]
    bots = random.Random(seed ^ 0x5EED)
    keys: list[str] = []
    seen_keys: set[str] = set()
    snapshot = None
    check_invariants(s, n_cards)
    check_views(s, seed)
    while True:
        d = GAME.cached_decision(s)
        if len(keys) == save_at:
            snapshot = (len(keys), copy.deepcopy(s))
        if d is None:
            break
        assert d.options, "a decision with no options"
        legal = d.keys()
        assert len(legal) == len(set(legal)), "duplicate option keys"
        assert 0 <= d.player < players
        seen_keys.update(legal)
        if len(keys) % check_every == 0:
            others = sorted(seen_keys - set(legal))
            pick = bots.sample(others, min(8, len(others))) + bots.sample(JUNK, 6)
            try_illegal(s, [k for k in pick if k not in legal])
            check_views(s, seed)
        before_hands = [list(pl.hand) for pl in s.players]
        before_down = [{c for sp in pl.species for c in sp.hidden} for pl in s.players]
        log_len = len(s.log)
        key = bots.choice(d.options).key
        GAME.apply(s, key)
        keys.append(key)
        check_invariants(s, n_cards)
        check_private_log(s, before_hands, before_down, s.log[log_len:], players)
        assert len(keys) < MAX_CHOICES, "game did not end"

    # the end: over, scores, and nothing more is legal
    assert s.phase == "over"
    check_views(s, seed)
    assert GAME.winners(s) and len(GAME.scores(s)) == players
    try_illegal(s, bots.sample(sorted(seen_keys), min(5, len(seen_keys))) + ["done"])

    seats = [Seat(nm) for nm in names]
    again = Match.replay("evolution", seats, seed, opts, keys)
    assert again.state == s, "replaying the choices gave another final state"

    if snapshot is None:
        snapshot = (len(keys), copy.deepcopy(s))
    k, state_then = snapshot
    m = Match.replay("evolution", seats, seed, opts, keys[:k])
    with tempfile.TemporaryDirectory() as tmp:
        path = save(m, Path(tmp) / "save.json")
        back = load(path)
    assert back.state == state_then, f"save after {k} choices did not reload equal"
    assert back.choices == keys[:k]


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(seed=st.integers(0, 2**32 - 1))
def test_six_players_with_the_big_deck(seed):
    s = GAME.new_game([f"P{i}" for i in range(6)], seed, {"deck": "129"})
    r = random.Random(seed)
    n = 0
    while (d := GAME.cached_decision(s)) is not None:
        GAME.apply(s, r.choice(d.options).key)
        n += 1
        check_invariants(s, 129)
        assert n < MAX_CHOICES
    check_views(s, seed)
