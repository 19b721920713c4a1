"""Setup, deck data, the food and play phases, phase transitions."""
from __future__ import annotations

import pytest
from evo_helpers import card_of, deck_cards, keys, make, play, row, sp, traits, turn

from boardgames_tui.engine.core import IllegalMove
from boardgames_tui.engine.registry import get_game
from boardgames_tui.games.evolution import cards as C
from boardgames_tui.games.evolution.rules import GAME, PlayTurn


# -- card data --------------------------------------------------------------------
def test_decks_counts_and_ids():
    assert len(C.CARDS) == 129
    assert [c.id for c in C.CARDS] == list(range(129))
    for deck, carn, other in (("110", 14, 6), ("129", 17, 7)):
        cs = C.deck_cards(deck)
        assert [c.id for c in cs] == list(range(len(cs)))
        assert sum(c.trait == C.CARNIVORE for c in cs) == carn
        for t in C.TRAITS[1:]:
            assert sum(c.trait == t for c in cs) == other
    assert len(C.TRAITS) == 17
    assert set(C.TRAIT_GERMAN) == set(C.TRAITS) == set(C.TRAIT_TEXT)
    assert C.TRAIT_GERMAN[C.BURROWING] == "Verbergen"
    german = [c.food for c in C.deck_cards("110")]
    assert min(german) == -2 and max(german) == 8
    north = [c.food for c in C.CARDS]
    assert min(north) == -3 and max(north) == 9


def test_north_star_values_match_reference_lists():
    lists = {
        C.CARNIVORE: [0, 0, 1, 1, 2, 2, 2, 3, 3, 3, 4, 4, 4, 5, 5, 6, 6],
        C.AMBUSH: [-3, -2, -1, 0, 1, 2, 3], C.LONG_NECK: [3, 4, 5, 6, 7, 8, 9],
        C.INTELLIGENCE: [-2, -1, 0, 4, 5, 6, 7], C.FAT_TISSUE: [-1, 0, 3, 4, 4, 5, 5],
        C.HORNS: [1, 2, 3, 3, 4, 4, 5], C.DEFENSIVE_HERDING: [2, 3, 4, 5, 6, 7, 8],
    }
    for t, vals in lists.items():
        assert sorted(c.food for c in C.CARDS if c.trait == t) == vals


def test_edition_constants():
    assert C.HARD_SHELL_BONUS == 3 and C.TRAIT_LIMIT == 3 and C.TRAIT_LIMIT_TWO_PLAYERS == 2
    assert C.TWO_PLAYER_REMOVAL == 40


# -- setup --------------------------------------------------------------------------
def test_registry_and_metadata():
    assert get_game("evolution") is GAME
    assert GAME.name == "evolution" and GAME.title == "Evolution"
    assert GAME.player_range({"deck": "110"}) == (2, 5)
    assert GAME.player_range({"deck": "129"}) == (2, 6)
    assert GAME.player_range(None) == (2, 5)
    with pytest.raises(ValueError):
        GAME.new_game(list("abcdef"), 1, {"deck": "110"})
    GAME.new_game(list("abcdef"), 1, {"deck": "129"})
    assert "Choices made for this version" in GAME.rules_notes()


@pytest.mark.parametrize("n", [3, 4, 5])
def test_new_game(n):
    s = GAME.new_game([f"P{i}" for i in range(n)], 7)
    assert s.phase == "food" and s.round == 1
    assert s.trait_limit == 3 and s.removed == []
    for pl in s.players:
        assert len(pl.hand) == 4 and len(pl.species) == 1
        x = pl.species[0]
        assert (x.size, x.pop, x.food, x.traits) == (1, 1, 0, [])
    assert len(s.deck) == 110 - 4 * n
    cards = deck_cards(s) + [c for pl in s.players for c in pl.hand]
    assert sorted(cards) == list(range(110))
    assert GAME.cached_decision(s).player == s.start
    assert s.hole == 0


def test_two_players_remove_40_and_limit_2():
    s = GAME.new_game(["A", "B"], 3)
    assert len(s.removed) == 40 and s.trait_limit == 2
    assert len(s.deck) == 110 - 40 - 8
    s = GAME.new_game(["A", "B"], 3, {"deck": "129"})
    assert len(s.removed) == 40 and len(s.deck) == 129 - 40 - 8


def test_random_start_player():
    starts = {GAME.new_game(["A", "B", "C"], seed).start for seed in range(30)}
    assert starts == {0, 1, 2}


# -- food phase -----------------------------------------------------------------------
def test_food_phase_in_turn_order_face_down():
    s = GAME.new_game(["A", "B", "C"], 11)
    order = [(s.start + k) % 3 for k in range(3)]
    reveals = s.rng.mark
    for p in order:
        d = GAME.cached_decision(s)
        assert d.player == p and d.kind == "food" and len(d.options) == 4
        c = s.players[p].hand[0]
        play(s, f"food:{c}")
        assert (p, c) in s.food_cards and c not in s.players[p].hand
    assert s.phase == "play" and turn(s) == s.start
    assert s.rng.mark == reveals  # choosing food cards reveals nothing
    assert GAME.view(s, None)["food_cards_down"] == 3


def test_food_phase_skips_a_player_without_cards():
    s = make([[sp()], [sp()], [sp()]], hands=[[C.HORNS], [], [C.CLIMBING]], phase="food")
    assert turn(s) == 0
    play(s, f"food:{s.players[0].hand[0]}")
    assert turn(s) == 2
    assert "P1 has no cards and supplies no food." in [e.text for e in s.log]
    total = C.FOOD_OF[s.food_cards[0][1]] + C.FOOD_OF[s.players[2].hand[0]]
    play(s, f"food:{s.players[2].hand[0]}")
    # nobody has cards left to play: straight on to feeding
    assert s.phase == "feed" and s.hole == total and s.food_cards == []


# -- play phase -------------------------------------------------------------------------
def play_state(hand, rows=None, n=3):
    rows = rows or [[sp(2, 2)]] + [[sp()] for _ in range(n - 1)]
    hands = [hand] + [[] for _ in range(n - 1)]
    s = make(rows, hands=hands, phase="play")
    return s


def test_play_options_and_new_species_at_either_end():
    s = play_state([C.HORNS, C.CLIMBING])
    h = card_of(s, 0, C.HORNS)
    d = GAME.cached_decision(s)
    assert d.kind == "play" and set(d.keys()) == {f"card:{c}" for c in s.players[0].hand} | {"done"}
    play(s, f"card:{h}")
    d = GAME.cached_decision(s)
    assert d.kind == "use"
    assert set(d.keys()) == {"species:left", "species:right", "size:0", "pop:0", "trait:0", "back"}
    uid = row(s, 0)[0].uid
    play(s, "species:left")
    assert [x.uid for x in row(s, 0)][1] == uid and row(s, 0)[0].size == 1 and row(s, 0)[0].pop == 1
    assert h in s.discard
    c = card_of(s, 0, C.CLIMBING)
    play(s, f"card:{c}", "species:right")
    assert len(row(s, 0)) == 3 and row(s, 0)[1].uid == uid


def test_size_and_population_up_to_six():
    s = play_state([C.HORNS, C.CLIMBING], rows=[[sp(6, 5)], [sp()], [sp()]])
    h = card_of(s, 0, C.HORNS)
    play(s, f"card:{h}")
    assert "size:0" not in keys(s) and "pop:0" in keys(s)
    play(s, "pop:0")
    assert row(s, 0)[0].pop == 6
    play(s, f"card:{card_of(s, 0, C.CLIMBING)}")
    assert "pop:0" not in keys(s)


def test_trait_face_down_then_turned_up_after_everyone_played():
    s = make([[sp()], [sp()]], hands=[[C.CLIMBING], [C.HORNS]], phase="play", keeper=False)
    s.players[0].done = False
    c = s.players[0].hand[0]
    play(s, f"card:{c}", "trait:0")
    assert row(s, 0)[0].traits == [c] and row(s, 0)[0].hidden == [c]
    v1 = GAME.view(s, 1)
    assert v1["players"][0]["species"][0]["traits"] == [{"id": None, "trait": None, "face_down": True}]
    v0 = GAME.view(s, 0)
    assert v0["players"][0]["species"][0]["traits"] == [{"id": c, "trait": C.CLIMBING, "face_down": True}]
    play(s, "done")
    assert turn(s) == 1 and s.phase == "play"
    reveals = s.rng.mark
    h = s.players[1].hand[0]
    play(s, f"card:{h}", "trait:0", "done")
    assert s.phase in ("feed", "food")  # feeding started (or ended at once)
    assert row(s, 0)[0].hidden == [] and s.rng.mark > reveals
    assert any("Traits turned face up" in e.text and "Climbing" in e.text for e in s.log)


def test_no_trait_twice_on_one_species():
    s = play_state([C.CLIMBING], rows=[[sp(traits=[C.CLIMBING]), sp()], [sp()], [sp()]])
    play(s, f"card:{s.players[0].hand[0]}")
    assert "trait:0" not in keys(s) and "trait:1" in keys(s)
    before = GAME.clone(s)
    with pytest.raises(IllegalMove) as e:
        play(s, "trait:0")
    assert e.value.reason == "species 1 already has Climbing: no trait twice on one species"
    assert s == before


def test_replace_a_trait_when_full():
    s = play_state([C.HORNS], rows=[[sp(traits=[C.CLIMBING, C.SCAVENGER, C.FORAGING])], [sp()], [sp()]])
    old = row(s, 0)[0].traits[1]
    h = s.players[0].hand[0]
    play(s, f"card:{h}", "trait:0")
    d = GAME.cached_decision(s)
    assert d.kind == "replace"
    assert set(d.keys()) == {f"replace:{c}" for c in row(s, 0)[0].traits} | {"back"}
    play(s, "back")
    assert GAME.cached_decision(s).kind == "use"
    play(s, "trait:0")
    play(s, f"replace:{old}")
    assert old in s.discard and old not in row(s, 0)[0].traits
    assert h in row(s, 0)[0].traits and row(s, 0)[0].hidden == [h]
    assert len(row(s, 0)[0].traits) == 3


def test_two_player_trait_limit_two():
    s = make([[sp(traits=[C.CLIMBING, C.SCAVENGER])], [sp()]], hands=[[C.HORNS], []], phase="play", keeper=False)
    play(s, f"card:{s.players[0].hand[0]}", "trait:0")
    assert GAME.cached_decision(s).kind == "replace"


def test_use_back_returns_card_choice():
    s = play_state([C.HORNS])
    before = keys(s)
    play(s, f"card:{s.players[0].hand[0]}", "back")
    assert keys(s) == before and s.steps == [PlayTurn(0)]


def test_play_done_with_cards_left_keeps_them():
    s = make([[sp()], [sp()]], hands=[[C.HORNS, C.CLIMBING], [C.FERTILE]], phase="play", keeper=False)
    play(s, "done")
    assert len(s.players[0].hand) == 2 and turn(s) == 1


def test_last_card_played_still_needs_done():
    s = make([[sp()], [sp()]], hands=[[C.HORNS], [C.FERTILE]], phase="play", keeper=False)
    play(s, f"card:{s.players[0].hand[0]}", "size:0")
    assert keys(s) == ["done"] and turn(s) == 0


def test_play_phase_skips_player_without_cards():
    s = make([[sp()], [sp()], [sp()]], hands=[[C.HORNS], [], [C.FERTILE]], phase="play", keeper=False)
    play(s, "done")
    assert turn(s) == 2


def test_replaced_face_down_card_is_not_named_publicly():
    s = make([[sp(traits=[C.CLIMBING])], [sp()]], hands=[[C.HORNS, C.SCAVENGER], [C.FERTILE]],
             phase="play", keeper=False)
    h = card_of(s, 0, C.HORNS)
    play(s, f"card:{h}", "trait:0")
    sc = card_of(s, 0, C.SCAVENGER)
    play(s, f"card:{sc}", "trait:0", f"replace:{h}")
    e = s.log[-1]
    assert "Horns" not in e.text and "Scavenger" not in e.text and "Horns" in e.private_text
    assert traits(row(s, 0)[0]) == [C.CLIMBING, C.SCAVENGER]


def test_full_round_phase_transitions():
    s = GAME.new_game(["A", "B", "C"], 5)
    phases = []
    import random
    r = random.Random(2)
    while s.round == 1:
        d = GAME.cached_decision(s)
        if not phases or phases[-1] != s.phase:
            phases.append(s.phase)
        ks = [k for k in d.keys() if k not in ("back",)]
        # play phase: just end turns, so the round is short
        k = "done" if d.kind == "play" else r.choice(ks)
        play(s, k)
    assert phases[:2] == ["food", "play"]
    assert phases[-1] in ("feed", "play")
    assert s.phase == "food" and s.round == 2
    # 3 cards kept from round 1 + a deal of 3 + 1 per species
    assert [len(pl.hand) for pl in s.players] == [3 + 3 + len(pl.species) for pl in s.players]
