"""Rules audit: edge cases found by comparing the rules file with the code."""
from __future__ import annotations

from evo_helpers import (
    card_of, deck_cards, keys, log_text, make, play, row, set_deck, sp, start_feeding_turns, take_from_deck, traits,
)

from boardgames_tui.games.evolution import cards as C
from boardgames_tui.games.evolution import feeding as F
from boardgames_tui.games.evolution.rules import GAME


def _fat_species_state():
    # 3 players (limit 3), P0's species is full: Fat Tissue with 2 stored food
    return make([[sp(2, 1, fat=2, traits=[C.FAT_TISSUE, C.LONG_NECK, C.CLIMBING])], [sp()], [sp()]],
                hands=[[C.HORNS, C.FAT_TISSUE], [], []], phase="play")


def test_replacing_fat_tissue_loses_the_stored_food():
    # Rule 45 / reference row 17: the store lies on the Fat Tissue card; when
    # the card goes to the discard pile the store goes with it.
    s = _fat_species_state()
    ft = next(c for c in row(s, 0)[0].traits if C.TRAIT_OF[c] == C.FAT_TISSUE)
    play(s, f"card:{card_of(s, 0, C.HORNS)}", "trait:0", f"replace:{ft}")
    x = row(s, 0)[0]
    assert C.FAT_TISSUE not in traits(x)
    assert x.fat == 0
    assert GAME.view(s, 1)["players"][0]["species"][0]["fat"] == 0
    assert "stored food" in log_text(s)


def test_fat_tissue_played_again_does_not_bring_old_store_back():
    s = _fat_species_state()
    ft = next(c for c in row(s, 0)[0].traits if C.TRAIT_OF[c] == C.FAT_TISSUE)
    play(s, f"card:{card_of(s, 0, C.HORNS)}", "trait:0", f"replace:{ft}")
    horns = next(c for c in row(s, 0)[0].traits if C.TRAIT_OF[c] == C.HORNS)
    play(s, f"card:{card_of(s, 0, C.FAT_TISSUE)}", "trait:0", f"replace:{horns}")
    assert C.FAT_TISSUE in traits(row(s, 0)[0]) and row(s, 0)[0].fat == 0


def test_replacing_another_trait_keeps_the_store():
    s = _fat_species_state()
    cl = next(c for c in row(s, 0)[0].traits if C.TRAIT_OF[c] == C.CLIMBING)
    play(s, f"card:{card_of(s, 0, C.HORNS)}", "trait:0", f"replace:{cl}")
    assert row(s, 0)[0].fat == 2


# -- edge cases that were enforced but not tested ---------------------------------------------
def _targets(s, i=0):
    play(s, f"attack:{i}")
    ks = sorted(k for k in keys(s) if k != "back")
    play(s, "back")
    return ks


def test_horns_kills_attacker_in_own_row_indices_follow_the_species():
    # rules 23, 33, reference row 16: own-row attack; the attacker (right of the
    # target) dies first, the target survives at its new position
    s = make([[sp(1, 2, traits=[C.HORNS]), sp(3, 1, traits=[C.CARNIVORE]), sp(2, 2)],
              [sp(1, 1, traits=[C.CLIMBING])]], keeper=True)
    assert _targets(s, 1) == ["target:0:0", "target:0:2"]
    play(s, "attack:1", "target:0:0")
    assert [(x.size, x.pop) for x in row(s, 0)] == [(1, 1), (2, 2)]
    assert sum(x.food for x in row(s, 0)) == 0


def test_cooperation_after_own_row_extinction_feeds_the_new_neighbour():
    # rule 33: the row closes before the carnivore eats, so Cooperation passes
    # the chip to the species that is now on its right
    s = make([[sp(3, 2, traits=[C.CARNIVORE, C.COOPERATION]), sp(1, 1), sp(2, 3)],
              [sp(1, 1, traits=[C.CLIMBING])]], keeper=True)
    play(s, "attack:0", "target:0:1")
    assert [(x.size, x.pop, x.food) for x in row(s, 0)] == [(3, 2, 1), (2, 3, 1)]


def test_warning_call_on_both_sides_blocks_and_ambush_lifts_both():
    opp = [sp(1, 1, traits=[C.WARNING_CALL]), sp(1, 1), sp(1, 1, traits=[C.WARNING_CALL])]
    s = make([[sp(3, 2, traits=[C.CARNIVORE])], [dict(x) for x in opp]], keeper=True)
    assert _targets(s) == ["target:1:0", "target:1:2"]
    s = make([[sp(3, 2, traits=[C.CARNIVORE, C.AMBUSH])], [dict(x) for x in opp]], keeper=True)
    assert _targets(s) == ["target:1:0", "target:1:1", "target:1:2"]


def test_intelligence_one_card_is_not_enough_for_two_blocking_traits():
    # rule 47 / reference row 13: one discard per blocking trait
    s = make([[sp(3, 2, traits=[C.CARNIVORE, C.INTELLIGENCE])],
              [sp(1, 1, traits=[C.CLIMBING, C.BURROWING], food=1), sp(2, 1)]],
             hands=[[C.HORNS], []], keeper=True)
    assert _targets(s) == ["target:1:1"]
    s.players[0].hand.append(take_from_deck(s, lambda c: True))
    s._decision = None
    assert _targets(s) == ["target:1:0", "target:1:1"]


def test_pack_hunting_and_defensive_herding():
    # rules 36, 40: Pack Hunting helps the size condition, the population must still be larger
    s = make([[sp(2, 3, traits=[C.CARNIVORE, C.PACK_HUNTING])], [sp(3, 2, traits=[C.DEFENSIVE_HERDING])]],
             keeper=True)
    assert _targets(s) == ["target:1:0"]
    s = make([[sp(2, 3, traits=[C.CARNIVORE, C.PACK_HUNTING])], [sp(3, 3, traits=[C.DEFENSIVE_HERDING])]],
             keeper=True)
    assert list(F.targets(s, 0, 0, F.all_names(s))) == []


def test_fat_tissue_foraging_and_cooperation_in_one_event():
    # rules 45, 46, 48: the fed species eats into its store, Foraging adds one,
    # Cooperation passes one chip on
    s = make([[sp(2, 1, food=1, traits=[C.FAT_TISSUE, C.FORAGING, C.COOPERATION]), sp(1, 2)], [sp(1, 1)]],
             hole=5)
    play(s, "eat:0")
    a, b = row(s, 0)
    assert (a.food, a.fat, b.food, s.hole) == (1, 2, 1, 2)


def test_two_player_replacement_keeps_the_limit_of_two():
    s = make([[sp(traits=[C.CLIMBING, C.SCAVENGER])], [sp()]], hands=[[C.HORNS], []], phase="play")
    old = row(s, 0)[0].traits[0]
    play(s, f"card:{s.players[0].hand[0]}", "trait:0", f"replace:{old}")
    assert sorted(traits(row(s, 0)[0])) == [C.HORNS, C.SCAVENGER]


def test_extinction_draw_at_end_of_feeding_that_empties_the_deck_means_one_more_round():
    # rule 52: the deck runs out outside the deal (starvation extinction at clean-up)
    s = make([[sp(1, 1, traits=[C.CLIMBING, C.HORNS])], [sp(1, 1, food=1)]], settle=False)
    cards = deck_cards(s)
    s.discard = cards[2:32]
    set_deck(s, cards[:2])
    start_feeding_turns(s, 0)  # nobody can feed: clean-up; P0's species dies, P0 draws 2
    assert s.round == 2 and s.final_round == 2
    assert any("cards have run out" in e.text for e in s.log)


def test_start_player_passes_clockwise():
    s = make([[sp(1, 1, food=1)], [sp(1, 1, food=1)], [sp(1, 1, food=1)]], settle=False, start=2)
    start_feeding_turns(s, 2)
    assert s.round == 2 and s.start == 0


def test_random_games_stored_fat_only_on_fat_tissue_species():
    import random

    from test_evo_api import biased_choice
    for seed in range(40):
        n = 2 + seed % 4
        r = random.Random(seed)
        s = GAME.new_game([f"P{i}" for i in range(n)], 500 + seed)
        while (d := GAME.cached_decision(s)) is not None:
            for pl in s.players:
                for x in pl.species:
                    assert x.fat == 0 or C.FAT_TISSUE in traits(x)
            GAME.apply(s, biased_choice(r, d))


def test_use_prompt_does_not_name_the_hand_card():
    # Leak: the UI shows a bot's decision prompt to everybody; naming the card
    # there told the others which trait the bot then played face down.
    s = make([[sp()], [sp()], [sp()]], hands=[[C.HORNS], [], []], phase="play")
    c = s.players[0].hand[0]
    play(s, f"card:{c}")
    d = GAME.cached_decision(s)
    assert d.kind == "use"
    assert C.HORNS not in d.prompt and C.card_label(c) not in d.prompt
    # the player still sees the card: in the option labels and the view's selection
    assert any(C.HORNS in o.label for o in d.options)
    assert GAME.view(s, 0)["selected"]["card"] == c
