"""Feeding: plants, feeding turns, feeding traits, grain traits, end of feeding."""
from __future__ import annotations

import evo_helpers
from evo_helpers import card_of, finish_play, keys, play, row, sp, take_from_deck, turn

from boardgames_tui.games.evolution import cards as C
from boardgames_tui.games.evolution.rules import GAME


def make(*a, keeper=True, **k):
    return evo_helpers.make(*a, keeper=keeper, **k)


def test_herbivores_take_one_chip_per_turn_in_turn_order():
    s = make([[sp(1, 2)], [sp(1, 1)]], hole=5, keeper=False)
    assert turn(s) == 0 and keys(s) == ["eat:0"]
    play(s, "eat:0")
    assert row(s, 0)[0].food == 1 and s.hole == 4 and turn(s) == 1
    play(s, "eat:0")
    assert row(s, 1)[0].food == 1 and turn(s) == 0  # P1 is fed and will be skipped
    play(s, "eat:0")
    # nobody can feed any more: end of feeding, bags filled, start player moves on
    assert s.phase == "food" and s.round == 2 and s.start == 1
    assert s.players[0].bag == 2 and s.players[1].bag == 1
    assert s.hole == 2  # leftover plant food stays


def test_feeding_is_compulsory_no_pass_option():
    s = make([[sp(1, 2), sp(1, 1)], [sp(1, 1)]], hole=5)
    assert set(keys(s)) == {"eat:0", "eat:1"}


def test_species_may_not_take_more_than_it_needs():
    s = make([[sp(1, 1, food=1), sp(1, 2)], [sp(1, 1)]], hole=5)
    assert keys(s) == ["eat:1"]


def test_empty_watering_hole_herbivores_cannot_feed():
    s = make([[sp(1, 2)], [sp(1, 1)]], hole=0)
    assert turn(s) == 2  # only the keeper can feed


def test_feeding_starts_with_start_player():
    s = make([[sp(1, 2)], [sp(1, 1)]], hole=5, turn=1, start=1)
    assert turn(s) == 1


def test_foraging_takes_two_from_the_hole():
    s = make([[sp(1, 3, traits=[C.FORAGING])], [sp(1, 1)]], hole=5)
    play(s, "eat:0")
    assert row(s, 0)[0].food == 2 and s.hole == 3


def test_foraging_limited_by_room_and_source():
    s = make([[sp(1, 1, traits=[C.FORAGING])], [sp(1, 1)]], hole=5)
    play(s, "eat:0")
    assert row(s, 0)[0].food == 1 and s.hole == 4
    s = make([[sp(1, 3, traits=[C.FORAGING])], [sp(1, 1)]], hole=1)
    play(s, "eat:0")
    assert row(s, 0)[0].food == 1 and s.hole == 0


def test_cooperation_chain_along_the_row():
    s = make([[sp(1, 2, traits=[C.COOPERATION]), sp(1, 2, traits=[C.COOPERATION]), sp(1, 2)], [sp(1, 1)]], hole=5)
    play(s, "eat:0")
    assert [x.food for x in row(s, 0)] == [1, 1, 1] and s.hole == 2


def test_cooperation_fails_when_source_runs_dry():
    s = make([[sp(1, 2, traits=[C.COOPERATION]), sp(1, 2, traits=[C.COOPERATION]), sp(1, 2)], [sp(1, 1)]], hole=2)
    play(s, "eat:0")
    assert [x.food for x in row(s, 0)] == [1, 1, 0] and s.hole == 0


def test_cooperation_fails_when_neighbour_full_and_chain_stops():
    s = make([[sp(1, 2, traits=[C.COOPERATION]), sp(1, 1, food=1, traits=[C.COOPERATION]), sp(1, 2)],
              [sp(1, 1)]], hole=5)
    play(s, "eat:0")
    assert [x.food for x in row(s, 0)] == [1, 1, 0] and s.hole == 4


def test_cooperation_no_plant_to_a_carnivore():
    s = make([[sp(1, 2, traits=[C.COOPERATION]), sp(2, 2, traits=[C.CARNIVORE])], [sp(3, 1)]], hole=5)
    play(s, "eat:0")
    assert row(s, 0)[1].food == 0 and s.hole == 4


def test_cooperation_from_the_rightmost_species_does_nothing():
    s = make([[sp(1, 2), sp(1, 2, traits=[C.COOPERATION])], [sp(1, 1)]], hole=5)
    play(s, "eat:1")
    assert [x.food for x in row(s, 0)] == [0, 1]


def test_foraging_on_cooperation_event():
    s = make([[sp(1, 2, traits=[C.COOPERATION]), sp(1, 3, traits=[C.FORAGING])], [sp(1, 1)]], hole=5)
    play(s, "eat:0")
    assert [x.food for x in row(s, 0)] == [1, 2] and s.hole == 2


def test_foraging_bonus_does_not_trigger_cooperation_twice():
    s = make([[sp(1, 3, traits=[C.COOPERATION, C.FORAGING]), sp(1, 3)], [sp(1, 1)]], hole=9)
    play(s, "eat:0")
    assert [x.food for x in row(s, 0)] == [2, 1] and s.hole == 6


def test_fat_tissue_stores_food_once_fed():
    s = make([[sp(2, 1, food=1, traits=[C.FAT_TISSUE])], [sp(1, 1)]], hole=5)
    # fed, but its store has room: it may eat into the store, or pass (storing is
    # optional, see test_evo_seed_fixes.py)
    assert keys(s) == ["eat:0", "pass"]
    play(s, "eat:0")
    assert row(s, 0)[0].food == 1 and row(s, 0)[0].fat == 1


def test_fat_tissue_store_limited_by_body_size():
    s = make([[sp(2, 1, food=1, fat=2, traits=[C.FAT_TISSUE])], [sp(1, 1)]], hole=5)
    assert turn(s) == 1  # full store: P0 is skipped


def test_fat_tissue_is_not_scored_and_stays_at_end_of_feeding():
    s = make([[sp(2, 1, food=1, fat=2, traits=[C.FAT_TISSUE])], [sp(1, 1, food=1)]], hole=5, keeper=False)
    assert s.round == 2  # nobody could feed: clean-up happened
    assert s.players[0].bag == 1 and row(s, 0)[0].fat == 2
    assert GAME.scores(s)[0] == 1 + 1 + 1  # bag + trait + population; fat does not count


def test_fat_tissue_transfer_at_feeding_start_does_not_trigger_cooperation():
    s = make([[sp(3, 2, fat=3, traits=[C.FAT_TISSUE, C.COOPERATION]), sp(1, 2)], [sp(1, 1)]],
             hands=[[C.HORNS], []], phase="play")
    finish_play(s)
    a, b = row(s, 0)
    assert a.food == 2 and a.fat == 1  # moved up to its population
    assert b.food == 0  # no Cooperation from the transfer


def test_long_neck_on_reveal_from_bank_with_foraging_and_cooperation():
    s = make([[sp(1, 3, traits=[C.LONG_NECK, C.FORAGING, C.COOPERATION]), sp(1, 2)], [sp(1, 1)]],
             hands=[[C.HORNS], []], phase="play", hole=0)
    finish_play(s)
    a, b = row(s, 0)
    assert a.food == 2 and b.food == 1 and s.hole == 0


def test_long_neck_gives_nothing_to_a_carnivore():
    s = make([[sp(2, 2, traits=[C.LONG_NECK, C.CARNIVORE])], [sp(1, 1)]], hands=[[C.HORNS], []], phase="play")
    finish_play(s)
    assert row(s, 0)[0].food == 0


def test_fertile_with_leftover_food():
    s = make([[sp(1, 2, traits=[C.FERTILE])], [sp(1, 1)]], hands=[[C.HORNS], []], phase="play", hole=1)
    finish_play(s)
    assert row(s, 0)[0].pop == 3


def test_fertile_without_leftover_food_even_if_reveal_adds_food():
    s = make([[sp(1, 2, traits=[C.FERTILE])], [sp(1, 1)]], hands=[[C.HORNS, C.LONG_NECK], []], phase="play", hole=0)
    food = card_of(s, 0, C.LONG_NECK)
    s.players[0].hand.remove(food)
    s.food_cards = [(0, food)]
    finish_play(s)
    assert s.hole == C.FOOD_OF[food] > 0
    assert row(s, 0)[0].pop == 2


def test_fertile_capped_at_six():
    s = make([[sp(1, 6, traits=[C.FERTILE])], [sp(1, 1)]], hands=[[C.HORNS], []], phase="play", hole=3)
    finish_play(s)
    assert row(s, 0)[0].pop == 6


def test_fertile_before_long_neck_before_fat_on_each_species():
    s = make([[sp(3, 1, fat=3, traits=[C.FERTILE, C.LONG_NECK, C.FAT_TISSUE])], [sp(1, 1)]],
             hands=[[C.HORNS], []], phase="play", hole=2)
    finish_play(s)
    x = row(s, 0)[0]
    # Fertile: pop 2; Long Neck: food 1; Fat Tissue moves 1 (room left) of 3
    assert (x.pop, x.food, x.fat) == (2, 2, 2)


def test_food_cards_revealed_sum_and_negative_total_floors_at_zero():
    s = make([[sp(1, 1)], [sp(1, 1)]], hands=[[C.HORNS], []], phase="play", hole=1)
    a = take_from_deck(s, lambda c: C.FOOD_OF[c] == -2 and C.TRAIT_OF[c] == C.AMBUSH)
    b = take_from_deck(s, lambda c: C.FOOD_OF[c] == 1)
    s.food_cards = [(0, a), (1, b)]
    total = C.FOOD_OF[a] + C.FOOD_OF[b]
    assert total == -1
    discard = len(s.discard)
    reveals = s.rng.mark
    finish_play(s)
    assert s.hole == 0
    assert a in s.discard and b in s.discard and len(s.discard) == discard + 2
    assert s.food_cards == [] and s.rng.mark > reveals


def test_negative_total_removes_leftover():
    s = make([[sp(1, 1)], [sp(1, 1)]], hands=[[C.HORNS], []], phase="play", hole=5)
    neg = take_from_deck(s, lambda c: C.FOOD_OF[c] == -1)
    s.food_cards = [(1, neg)]
    finish_play(s)
    assert s.hole == 4


def test_intelligence_herbivore_discards_for_two_plant_from_bank():
    s = make([[sp(1, 3, traits=[C.INTELLIGENCE])], [sp(1, 1)]], hands=[[C.HORNS, C.CLIMBING], []], hole=4)
    assert set(keys(s)) == {"eat:0", "intel:0"}
    play(s, "intel:0")
    d = GAME.cached_decision(s)
    assert d.kind == "discard" and len(d.options) == 2
    h = card_of(s, 0, C.HORNS)
    play(s, f"discard:{h}")
    assert row(s, 0)[0].food == 2 and s.hole == 4  # from the bank, not the hole
    assert h in s.discard and len(s.players[0].hand) == 1
    assert turn(s) == 1  # that was the whole feeding turn


def test_intelligence_herbivore_with_foraging_and_room():
    s = make([[sp(1, 5, traits=[C.INTELLIGENCE, C.FORAGING])], [sp(1, 1)]], hands=[[C.HORNS], []], hole=0)
    play(s, "intel:0", f"discard:{s.players[0].hand[0]}")
    assert row(s, 0)[0].food == 3
    s = make([[sp(1, 1, traits=[C.INTELLIGENCE, C.FORAGING])], [sp(1, 1)]], hands=[[C.HORNS], []], hole=0)
    play(s, "intel:0", f"discard:{s.players[0].hand[0]}")
    assert row(s, 0)[0].food == 1


def test_intelligence_herbivore_needs_a_card():
    s = make([[sp(1, 3, traits=[C.INTELLIGENCE])], [sp(1, 1)]], hole=4)
    assert keys(s) == ["eat:0"]


def test_end_of_feeding_starvation_extinction_bags_free_species():
    s = make([[sp(1, 3, food=1), sp(1, 2, traits=[C.CLIMBING, C.HORNS])],
              [sp(1, 1, traits=[C.LONG_NECK])]], hole=0, keeper=False, start=0)
    # nobody can feed: clean-up at once
    assert s.round == 2 and s.phase == "food"
    assert len(row(s, 0)) == 1 and row(s, 0)[0].pop == 1  # pop 3 -> 1, the unfed one died
    assert s.players[0].bag == 1
    # P0's dead species had 2 traits: 2 cards drawn plus the new deal of 3 + 1
    assert len(s.players[0].hand) == 2 + 4
    # P1's only species got nothing: extinct (1 card drawn), free species, deal 4
    assert len(row(s, 1)) == 1 and row(s, 1)[0].traits == [] and row(s, 1)[0].pop == 1
    assert len(s.players[1].hand) == 1 + 4
    assert s.start == 1


def test_deal_size_three_plus_species():
    s = make([[sp(), sp(), sp()], [sp()]], hole=0, keeper=False)
    # everyone starved: P0 lost all 3, P1 lost 1; each gets a free species and 3 + 1 cards
    assert [len(p.hand) for p in s.players] == [4, 4]
    s = make([[sp(1, 1, food=1), sp(1, 1, food=1), sp(1, 1, food=1)], [sp(1, 1, food=1)]], keeper=False)
    assert [len(p.hand) for p in s.players] == [6, 4]
