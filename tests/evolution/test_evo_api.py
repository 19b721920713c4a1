"""The API: illegal keys, determinism, views, undo, random games."""
from __future__ import annotations

import copy
import json
import random
import re

import pytest
from evo_helpers import card_of, deck_cards, make, play, row, sp, start_feeding_turns, turn

from boardgames_tui.engine.core import IllegalMove
from boardgames_tui.engine.session import Match, Seat
from boardgames_tui.games.evolution import cards as C
from boardgames_tui.games.evolution.rules import GAME


def rejected(s, key: str, reason: str) -> None:
    """``key`` is refused with a reason containing ``reason`` and nothing changes."""
    GAME.cached_decision(s)
    before = copy.deepcopy(s)
    with pytest.raises(IllegalMove) as e:
        GAME.apply(s, key)
    assert reason in e.value.reason, e.value.reason
    assert s == before


# -- illegal keys ---------------------------------------------------------------------
def test_illegal_in_food_phase():
    s = GAME.new_game(["A", "B", "C"], 9)
    p = turn(s)
    other = s.players[(p + 1) % 3].hand[0]
    rejected(s, f"food:{other}", "not your card")
    rejected(s, "food:999", "no card 999")
    rejected(s, "eat:0", "does not fit now")
    rejected(s, "nonsense", "does not fit now")
    rejected(s, "food:x", "is not a legal choice now")


def test_illegal_in_play_phase():
    s = make([[sp(6, 6, traits=[C.CLIMBING])], [sp()], [sp()]], hands=[[C.CLIMBING], [], []], phase="play")
    rejected(s, "card:500", "no card 500")
    play(s, f"card:{s.players[0].hand[0]}")
    rejected(s, "size:0", "size is already 6")
    rejected(s, "pop:0", "population is already 6")
    rejected(s, "trait:0", "species 1 already has Climbing: no trait twice on one species")
    rejected(s, "trait:3", "you have no species 4")
    rejected(s, "done", "does not fit now")


def test_illegal_replace():
    s = make([[sp(traits=[C.CLIMBING, C.SCAVENGER, C.FORAGING])], [sp()], [sp()]],
             hands=[[C.HORNS], [], []], phase="play")
    play(s, f"card:{s.players[0].hand[0]}", "trait:0")
    rejected(s, "replace:0", "is not a trait on species 1")


def test_illegal_feeding_keys():
    s = make([[sp(3, 2, traits=[C.CARNIVORE]), sp(1, 1, food=1), sp(1, 2)],
              [sp(1, 1, traits=[C.CLIMBING]), sp(3, 1), sp(2, 1), sp(1, 1, traits=[C.WARNING_CALL])]],
             hole=0)
    rejected(s, "eat:0", "carnivores never eat plants")
    rejected(s, "eat:1", "already fed")
    rejected(s, "eat:2", "the watering hole is empty")
    rejected(s, "intel:2", "does not have Intelligence")
    rejected(s, "attack:2", "not a carnivore")
    rejected(s, "eat:7", "you have no species 8")
    play(s, "attack:0")
    rejected(s, "target:1:0", "Climbing: only a climbing carnivore may attack it")
    rejected(s, "target:1:1", "not larger than the target")
    rejected(s, "target:1:2", "Warning Call")
    rejected(s, "target:0:0", "cannot attack itself")
    rejected(s, "target:0:2", "own species only when it cannot attack any opponent")
    rejected(s, "target:1:9", "has no species 10")
    rejected(s, "target:5:0", "no player 5")
    play(s, "target:1:3")  # the Warning Call species itself is not protected
    assert row(s, 0)[0].food == 1 and len(row(s, 1)) == 3


def test_illegal_target_reasons_for_other_traits():
    s = make([[sp(3, 2, traits=[C.CARNIVORE])],
              [sp(2, 1, traits=[C.HARD_SHELL]), sp(1, 2, food=2, traits=[C.BURROWING]),
               sp(1, 2, traits=[C.DEFENSIVE_HERDING]), sp(1, 1, traits=[C.SYMBIOSIS]), sp(2, 1)]])
    play(s, "attack:0")
    rejected(s, "target:1:0", "Hard Shell")
    rejected(s, "target:1:1", "Burrowing")
    rejected(s, "target:1:2", "Defensive Herding")
    rejected(s, "target:1:3", "Symbiosis")


def test_illegal_intelligence_not_enough_cards():
    s = make([[sp(3, 2, traits=[C.CARNIVORE, C.INTELLIGENCE])], [sp(1, 1, traits=[C.CLIMBING, C.HARD_SHELL]),
                                                                 sp(1, 1)]], hands=[[C.HORNS], []])
    play(s, "attack:0")
    rejected(s, "target:1:0", "Intelligence would need 2 discards and you hold 1 card")


def test_game_over_rejects_everything():
    s = make([[sp(1, 1)], [sp(1, 1, food=1)]], settle=False)
    s.final_round = 1
    start_feeding_turns(s, 0)
    with pytest.raises(IllegalMove) as e:
        GAME.apply(s, "done")
    assert "over" in e.value.reason


# -- determinism and undo -------------------------------------------------------------------
def random_game(seed: int, n: int, deck: str = "110", key_seed: int = 0, keep_keys: bool = False):
    r = random.Random(key_seed)
    s = GAME.new_game([f"P{i}" for i in range(n)], seed, {"deck": deck})
    ks = []
    steps = 0
    while (d := GAME.cached_decision(s)) is not None:
        assert d.options, f"empty decision {d.kind} in phase {s.phase}"
        k = r.choice(d.options).key
        GAME.apply(s, k)
        if keep_keys:
            ks.append(k)
        steps += 1
        assert steps < 20000, "game does not end"
    return s, ks


def test_same_seed_same_keys_same_state():
    a, ks = random_game(123, 4, key_seed=5, keep_keys=True)
    b = GAME.new_game([f"P{i}" for i in range(4)], 123, {"deck": "110"})
    for k in ks:
        GAME.apply(b, k)
    assert a == b
    assert [e.text for e in a.log] == [e.text for e in b.log]
    c, _ = random_game(124, 4, key_seed=5)
    assert c != a
    m = Match.replay("evolution", [Seat(f"P{i}") for i in range(4)], 123, {"deck": "110"}, ks)
    assert m.state == a


def test_undo_within_own_play_turn_but_not_after_reveal():
    m = Match.new("evolution", [Seat("A"), Seat("B")], seed=77)
    for _ in range(2):
        d = m.decision()
        m.choose(d.options[0].key)
    assert m.state.phase == "play"
    first = m.decision().player
    hand = list(m.state.players[first].hand)
    m.choose(f"card:{hand[0]}")
    m.choose("size:0")
    ok, _ = m.can_undo()
    assert ok
    m.undo()
    assert m.state.players[first].hand == hand  # the card is back in hand, still selected
    assert m.decision().kind == "use"
    m.undo()
    assert m.state.players[first].hand == hand and m.decision().kind == "play"
    m.choose("done")
    d = m.decision()
    assert d.player != first
    m.choose("done")  # the last player's done turns up the traits and reveals the food
    assert m.history[-1].revealed
    if m.decision() is not None and m.decision().player == d.player:
        assert not m.can_undo()[0]


def test_own_discard_is_not_a_reveal():
    s = make([[sp()], [sp()]], hands=[[C.HORNS, C.CLIMBING], [C.FERTILE]], phase="play")
    r = s.rng.mark
    play(s, f"card:{card_of(s, 0, C.HORNS)}", "size:0")
    play(s, f"card:{card_of(s, 0, C.CLIMBING)}", "trait:0")
    assert s.rng.mark == r


# -- views -----------------------------------------------------------------------------------
LABEL = re.compile(r"\((?:\+|-)\d+\)")


def check_view(s, viewer):
    v = GAME.view(s, viewer)
    text = json.dumps(v)
    assert "seed" not in text and "rng" not in text.lower()
    assert set(v) >= {"game", "round", "phase", "start", "turn", "hole", "food_cards_down", "deck", "discard",
                      "removed", "final_round", "trait_limit", "viewer", "players", "selected", "log",
                      "scores", "winners"}
    for q, pv in enumerate(v["players"]):
        pl = s.players[q]
        assert pv["hand_count"] == len(pl.hand)
        if q == viewer:
            assert [h["id"] for h in pv["hand"]] == pl.hand
        else:
            assert pv["hand"] is None
        for sv, x in zip(pv["species"], pl.species, strict=True):
            for tv, c in zip(sv["traits"], x.traits, strict=True):
                if c in x.hidden and q != viewer:
                    assert tv == {"id": None, "trait": None, "face_down": True}
                else:
                    assert tv["id"] == c and tv["trait"] == C.TRAIT_OF[c]
    if v["selected"] and v["selected"]["card"] is not None:
        assert viewer == turn(s)
    for e, line in zip(s.log, v["log"], strict=True):
        if e.private_to is not None and e.private_to != viewer:
            assert line == e.text and not LABEL.search(line), line
    return v


def test_views_hide_private_data_through_random_games():
    for seed in range(6):
        n = 2 + seed % 4
        r = random.Random(seed)
        s = GAME.new_game([f"P{i}" for i in range(n)], seed)
        step = 0
        while (d := GAME.cached_decision(s)) is not None:
            if step % 7 == 0:
                for viewer in [None, *range(n)]:
                    check_view(s, viewer)
            GAME.apply(s, r.choice(d.options).key)
            step += 1
        v = check_view(s, None)
        assert v["phase"] == "over" and v["scores"] == GAME.scores(s)


def test_view_food_card_and_hand_hidden_from_others():
    s = GAME.new_game(["A", "B", "C"], 21)
    p = turn(s)
    c = s.players[p].hand[0]
    play(s, f"food:{c}")
    mine = GAME.view(s, p)["log"][-1]
    theirs = GAME.view(s, (p + 1) % 3)["log"][-1]
    assert C.card_label(c) in mine and C.card_label(c) not in theirs
    assert GAME.view(s, (p + 1) % 3)["food_cards_down"] == 1
    assert GAME.view(s, None)["players"][p]["hand"] is None


def test_view_selected_step():
    s = make([[sp()], [sp()]], hands=[[C.HORNS], []], phase="play")
    c = s.players[0].hand[0]
    play(s, f"card:{c}")
    assert GAME.view(s, 0)["selected"] == {"card": c, "species": None}
    assert GAME.view(s, 1)["selected"] == {"card": None, "species": None}
    play(s, "back")
    assert GAME.view(s, 0)["selected"] is None


# -- invariants and termination ----------------------------------------------------------------
def check_invariants(s, deck_size):
    cards = deck_cards(s) + list(s.discard) + list(s.removed) + [c for _, c in s.food_cards]
    for pl in s.players:
        cards += pl.hand
        for x in pl.species:
            cards += x.traits
            assert 1 <= x.size <= 6 and 1 <= x.pop <= 6
            assert 0 <= x.food <= x.pop and 0 <= x.fat <= x.size
            assert len(x.traits) <= s.trait_limit
            names = [C.TRAIT_OF[c] for c in x.traits]
            assert len(set(names)) == len(names)
            assert set(x.hidden) <= set(x.traits)
            if s.phase == "feed":
                assert not x.hidden
    assert sorted(cards) == list(range(deck_size))
    assert s.hole >= 0


def biased_choice(r, d):
    """A random bot that plays many traits and rarely steps back, so that
    carnivores, attacks and the trait interactions come up often."""
    opts = d.options
    if d.kind == "use":
        t = [o for o in opts if o.key.startswith("trait")]
        if t and r.random() < 0.7:
            opts = t
    elif d.kind == "play" and len(opts) > 1 and r.random() < 0.8:
        opts = [o for o in opts if o.key != "done"]
    elif d.kind == "target" and len(opts) > 1:
        opts = [o for o in opts if o.key != "back"]
    return r.choice(opts).key


def test_invariants_through_random_games():
    seen = set()
    for seed in range(60):
        n = 2 + seed % 5
        deck = "129" if seed % 3 == 0 or n == 6 else "110"
        r = random.Random(seed)
        s = GAME.new_game([f"P{i}" for i in range(n)], 1000 + seed, {"deck": deck})
        while (d := GAME.cached_decision(s)) is not None:
            check_invariants(s, int(deck))
            assert d.player == GAME.view(s, None)["turn"]
            seen.add(d.kind)
            k = biased_choice(r, d) if seed % 2 else r.choice(d.options).key
            GAME.apply(s, k)
        check_invariants(s, int(deck))
        assert s.final_round is not None and s.round == s.final_round
        text = "\n".join(e.text for e in s.log)
        for word in ("attacks", "Horns:", "Scavenger", "Cooperation", "Foraging", "Intelligence ignoring",
                     "Fertile", "Long Neck", "Fat Tissue", "dies out", "passes"):
            if word in text:
                seen.add(word)
    assert seen >= {"food", "play", "use", "replace", "feed", "target", "discard", "attacks", "Horns:",
                    "Scavenger", "Cooperation", "Foraging", "Intelligence ignoring", "Fertile", "Long Neck",
                    "Fat Tissue", "dies out", "passes"}


def test_300_random_games_finish():
    rounds = []
    for seed in range(300):
        n = 2 + seed % 5
        deck = "129" if n == 6 or seed % 2 else "110"
        s, _ = random_game(seed, n, deck, key_seed=seed)
        assert s.phase == "over"
        assert len(GAME.winners(s)) >= 1
        rounds.append(s.round)
    assert min(rounds) >= 2


def test_rules_notes_sections():
    notes = GAME.rules_notes()
    for heading in ("## Setup", "## Carnivores and attacks", "## Traits", "## End of the game and scoring",
                    "## Choices made for this version", "## House data", "## Known gaps"):
        assert heading in notes
    for t in C.TRAITS:
        assert t in notes and C.TRAIT_GERMAN[t] in notes


# -- determinize -------------------------------------------------------------------------------
def test_determinize_keeps_every_players_view_and_decision():
    for seed in range(4):
        n = 2 + seed
        r = random.Random(seed)
        s = GAME.new_game([f"P{i}" for i in range(n)], 300 + seed)
        step = 0
        while (d := GAME.cached_decision(s)) is not None and step < 400:
            if step % 9 == 0:
                for v in range(n):
                    before = copy.deepcopy(s)
                    det = GAME.determinize(s, v, random.Random(step))
                    assert s == before  # the real state is untouched
                    assert det is not s and det.rng != s.rng
                    assert GAME.view(det, v) == GAME.view(s, v)
                    d2 = GAME.decision(det)
                    assert (d2.player, d2.kind) == (d.player, d.kind)
                    if d.player == v:
                        assert [(o.key, o.label, o.value) for o in d2.options] == \
                               [(o.key, o.label, o.value) for o in d.options]
            GAME.apply(s, biased_choice(r, d))
            step += 1


def test_determinize_resamples_only_what_the_viewer_has_not_seen():
    s = make([[sp(traits=[C.CLIMBING])], [sp()]], hands=[[C.HORNS, C.SCAVENGER, C.FERTILE], [C.LONG_NECK]],
             phase="play")
    horns, scav, fert = (card_of(s, 0, t) for t in (C.HORNS, C.SCAVENGER, C.FERTILE))
    play(s, f"card:{horns}", "trait:0")
    play(s, f"card:{scav}", "trait:0", f"replace:{horns}")  # the face-down Horns goes, unseen
    play(s, f"card:{fert}")                                  # picked, not yet played
    assert s.discarded_face_down == [(0, horns)]
    mine = GAME.determinize(s, 0, random.Random(1))
    assert mine.players[0] == s.players[0] and mine.discard == s.discard
    changed = set()
    for k in range(8):
        det = GAME.determinize(s, 1, random.Random(k))
        assert GAME.view(det, 1) == GAME.view(s, 1)
        assert det.players[1].hand == s.players[1].hand
        x = det.players[0].species[0]
        assert C.TRAIT_OF[x.traits[0]] == C.CLIMBING and x.hidden == x.traits[1:]
        assert C.TRAIT_OF[x.hidden[0]] != C.CLIMBING  # no trait twice on one species
        assert det.steps[-1].card == det.players[0].hand[0]  # the picked card follows its hand slot
        play(det, "trait:0")                                  # and the sampled world plays on
        changed |= {"hand"} if det.players[0].hand != s.players[0].hand else set()
        changed |= {"trait"} if x.hidden != s.players[0].species[0].hidden else set()
        changed |= {"discard"} if det.discard != s.discard else set()
        changed |= {"deck"} if det.deck != s.deck else set()
        assert all(e.private_text is None for e in det.log if e.private_to == 0)
    assert changed == {"hand", "trait", "discard", "deck"}


def test_determinize_resamples_the_removed_cards_of_a_two_player_game():
    s = GAME.new_game(["A", "B"], 5)
    dets = [GAME.determinize(s, 0, random.Random(k)) for k in range(4)]
    assert all(len(d.removed) == 40 and GAME.view(d, 0) == GAME.view(s, 0) for d in dets)
    assert any(sorted(d.removed) != sorted(s.removed) for d in dets)
