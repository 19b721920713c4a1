"""Carnivores: attack legality, defensive traits, resolution."""
from __future__ import annotations

from evo_helpers import card_of, keys, play, row, sp, traits, turn

from boardgames_tui.games.evolution import cards as C
from boardgames_tui.games.evolution.feeding import FeedTurn
from boardgames_tui.games.evolution.rules import GAME

import evo_helpers


def make(*a, keeper=True, **k):
    return evo_helpers.make(*a, keeper=keeper, **k)

CARN = C.CARNIVORE


def targets(s, i=0):
    """Target keys offered to carnivore i of the player to move (then step back)."""
    play(s, f"attack:{i}")
    ks = [k for k in keys(s) if k != "back"]
    play(s, "back")
    return sorted(ks)


def test_seed_example_size3_attacks_size2_gets_2_meat():
    s = make([[sp(3, 2, traits=[CARN])], [sp(2, 2)]])
    assert keys(s) == ["attack:0"]
    play(s, "attack:0")
    d = GAME.cached_decision(s)
    assert d.kind == "target" and d.keys() == ["target:1:0", "back"]
    play(s, "target:1:0")
    assert row(s, 0)[0].food == 2
    assert row(s, 1)[0].pop == 1
    assert "attacks" in s.log[-1].text or any("attacks" in e.text for e in s.log)


def test_carnivore_never_eats_plants_and_needs_larger_size():
    s = make([[sp(2, 1, traits=[CARN]), sp(1, 2)], [sp(2, 1)]], hole=5)
    # the carnivore cannot attack the size-2 opponent nor eat plants; its own size-1 species is prey
    assert "eat:0" not in keys(s)
    assert targets(s) == ["target:0:1"]


def test_target_must_be_smaller():
    s = make([[sp(2, 1, traits=[CARN])], [sp(2, 1)], [sp(3, 1)]])
    # the carnivore has no prey: P0 is skipped (P1, P2 have an empty watering hole)
    assert turn(s) == 3
    s = make([[sp(2, 1, traits=[CARN])], [sp(2, 1)], [sp(3, 1)]], keeper=False)
    # nobody can feed: feeding ends, the carnivore starves and dies, next round
    assert s.round == 2 and s.phase == "food" and row(s, 0)[0].traits == []


def test_own_species_only_when_no_opponent_target():
    s = make([[sp(3, 2, traits=[CARN]), sp(1, 1)], [sp(1, 1)]])
    assert targets(s) == ["target:1:0"]
    s = make([[sp(3, 2, traits=[CARN]), sp(1, 1)], [sp(1, 1, traits=[C.CLIMBING])]])
    assert targets(s) == ["target:0:1"]
    play(s, "attack:0", "target:0:1")
    assert row(s, 0)[0].food == 1
    assert len(row(s, 0)) == 1  # its own species was eaten (pop 1 -> extinct)


def test_own_species_attack_is_compulsory_when_only_option():
    s = make([[sp(3, 1, traits=[CARN]), sp(1, 2)], [sp(1, 1, traits=[C.CLIMBING], food=1)]], hole=0)
    assert keys(s) == ["attack:0"]  # no pass: feeding is compulsory


def test_carnivore_cannot_attack_itself():
    s = make([[sp(3, 1, traits=[CARN])], [sp(4, 1)]])
    # no target at all (not even itself): P0 is skipped
    assert turn(s) == 2


def test_climbing():
    s = make([[sp(3, 2, traits=[CARN])], [sp(1, 1, traits=[C.CLIMBING]), sp(2, 1)]])
    assert targets(s) == ["target:1:1"]
    s = make([[sp(3, 2, traits=[CARN, C.CLIMBING])], [sp(1, 1, traits=[C.CLIMBING]), sp(2, 1)]])
    assert targets(s) == ["target:1:0", "target:1:1"]


def test_hard_shell_plus_3_and_meat_is_printed_size():
    s = make([[sp(5, 4, traits=[CARN]), sp(1, 1)], [sp(2, 3, traits=[C.HARD_SHELL])]])
    assert targets(s) == ["target:0:1"]  # 5 <= 2 + 3: the shell protects
    s = make([[sp(6, 4, traits=[CARN])], [sp(2, 3, traits=[C.HARD_SHELL])]])
    assert targets(s) == ["target:1:0"]
    play(s, "attack:0", "target:1:0")
    assert row(s, 0)[0].food == 2  # printed size 2, not 5
    assert row(s, 1)[0].pop == 2


def test_pack_hunting_adds_population_for_legality_only():
    s = make([[sp(2, 3, traits=[CARN])], [sp(4, 2)]])
    assert turn(s) == 2  # P0 cannot attack: skipped
    s = make([[sp(2, 3, traits=[CARN, C.PACK_HUNTING])], [sp(4, 2)]])
    assert targets(s) == ["target:1:0"]
    play(s, "attack:0", "target:1:0")
    assert row(s, 0)[0].food == 3  # meat 4, capped by the attacker's hunger (pop 3)
    assert row(s, 1)[0].pop == 1


def test_pack_hunting_against_hard_shell():
    # attack size 2 + 4 = 6 > 2 + 3
    s = make([[sp(2, 4, traits=[CARN, C.PACK_HUNTING])], [sp(2, 1, traits=[C.HARD_SHELL])]])
    assert targets(s) == ["target:1:0"]


def test_defensive_herding_needs_larger_population():
    s = make([[sp(3, 2, traits=[CARN]), sp(1, 1)], [sp(1, 2, traits=[C.DEFENSIVE_HERDING])]])
    assert targets(s) == ["target:0:1"]
    s = make([[sp(3, 3, traits=[CARN])], [sp(1, 2, traits=[C.DEFENSIVE_HERDING])]])
    assert targets(s) == ["target:1:0"]


def test_symbiosis_safe_while_right_neighbour_larger():
    s = make([[sp(4, 2, traits=[CARN])], [sp(2, 1, traits=[C.SYMBIOSIS]), sp(3, 1)]])
    assert targets(s) == ["target:1:1"]
    s = make([[sp(4, 2, traits=[CARN])], [sp(2, 1, traits=[C.SYMBIOSIS]), sp(2, 1)]])
    assert targets(s) == ["target:1:0", "target:1:1"]
    # rightmost species with Symbiosis has no right neighbour: not protected
    s = make([[sp(4, 2, traits=[CARN])], [sp(3, 1), sp(2, 1, traits=[C.SYMBIOSIS])]])
    assert targets(s) == ["target:1:0", "target:1:1"]


def test_burrowing_safe_while_fed():
    s = make([[sp(3, 2, traits=[CARN])], [sp(1, 2, food=2, traits=[C.BURROWING]), sp(2, 1)]])
    assert targets(s) == ["target:1:1"]
    s = make([[sp(3, 2, traits=[CARN])], [sp(1, 2, food=1, traits=[C.BURROWING]), sp(2, 1)]])
    assert targets(s) == ["target:1:0", "target:1:1"]
    # stored fat does not count as fed
    s = make([[sp(3, 2, traits=[CARN])], [sp(1, 2, food=1, fat=1, traits=[C.BURROWING, C.FAT_TISSUE])]])
    assert targets(s) == ["target:1:0"]


def test_warning_call_protects_neighbours_not_itself_and_ambush_ignores_it():
    opp = [sp(1, 1), sp(1, 1, traits=[C.WARNING_CALL]), sp(1, 1), sp(1, 1)]
    s = make([[sp(3, 2, traits=[CARN])], opp])
    assert targets(s) == ["target:1:1", "target:1:3"]
    s = make([[sp(3, 2, traits=[CARN, C.AMBUSH])], [dict(x) for x in opp]])
    assert targets(s) == ["target:1:0", "target:1:1", "target:1:2", "target:1:3"]


def test_warning_call_also_protects_against_own_carnivore():
    s = make([[sp(3, 2, traits=[CARN]), sp(1, 1), sp(1, 1, traits=[C.WARNING_CALL])],
              [sp(1, 1, traits=[C.CLIMBING])]])
    assert targets(s) == ["target:0:2"]


def test_horns_kills_pop1_attacker_before_it_eats_target_still_loses_one():
    s = make([[sp(3, 1, traits=[CARN, C.AMBUSH]), sp(1, 1)], [sp(2, 2, traits=[C.HORNS])]])
    hand_before = len(s.players[0].hand)
    deck_before = len(s.deck)
    play(s, "attack:0", "target:1:0")
    assert len(row(s, 0)) == 1 and row(s, 0)[0].size == 1  # the carnivore died, gap closed
    assert row(s, 0)[0].food == 0  # nothing eaten by anybody of P0
    assert row(s, 1)[0].pop == 1  # the target still lost 1
    # two trait cards discarded, two drawn
    assert len(s.players[0].hand) == hand_before + 2
    assert len(s.deck) == deck_before - 2
    assert "killed by Horns" in "\n".join(e.text for e in s.log)


def test_horns_larger_attacker_survives_and_eats_up_to_new_population():
    s = make([[sp(3, 3, traits=[CARN])], [sp(2, 2, traits=[C.HORNS])]])
    play(s, "attack:0", "target:1:0")
    a = row(s, 0)[0]
    assert a.pop == 2 and a.food == 2


def test_horns_surplus_food_of_attacker_goes_to_bag():
    # fed, but hungry for its fat store; Horns cuts pop 2 -> 1 below its food 2
    s = make([[sp(3, 2, food=2, traits=[CARN, C.FAT_TISSUE])], [sp(2, 2, traits=[C.HORNS])]])
    play(s, "attack:0", "target:1:0")
    a = row(s, 0)[0]
    assert a.pop == 1 and a.food == 1 and s.players[0].bag == 1
    assert a.fat == 2  # then the 2 meat go into the fat store
    # not hungry after Horns: eats nothing
    s = make([[sp(3, 2, food=1, traits=[CARN])], [sp(2, 2, traits=[C.HORNS])]])
    play(s, "attack:0", "target:1:0")
    a = row(s, 0)[0]
    assert a.pop == 1 and a.food == 1 and s.players[0].bag == 0


def test_target_population_cut_below_food_sends_surplus_to_bag():
    s = make([[sp(3, 2, traits=[CARN])], [sp(2, 3, food=3)]])
    play(s, "attack:0", "target:1:0")
    t = row(s, 1)[0]
    assert t.pop == 2 and t.food == 2 and s.players[1].bag == 1


def test_meat_capped_by_hunger_rest_stays_in_bank():
    s = make([[sp(5, 2, traits=[CARN])], [sp(4, 2)]])
    play(s, "attack:0", "target:1:0")
    assert row(s, 0)[0].food == 2 and row(s, 0)[0].fat == 0


def test_meat_fills_fat_tissue_store():
    s = make([[sp(5, 2, traits=[CARN, C.FAT_TISSUE])], [sp(4, 2)]])
    play(s, "attack:0", "target:1:0")
    assert row(s, 0)[0].food == 2 and row(s, 0)[0].fat == 2


def test_extinction_by_attack_draws_cards_and_closes_gap():
    s = make([[sp(3, 3, traits=[CARN])],
              [sp(1, 1), sp(2, 1, traits=[C.LONG_NECK, C.FERTILE]), sp(1, 1, traits=[C.CLIMBING])]])
    mid = row(s, 1)[1]
    left_uid, right_uid = row(s, 1)[0].uid, row(s, 1)[2].uid
    hand = len(s.players[1].hand)
    reveals = s.rng.mark
    discard_before = len(s.discard)
    play(s, "attack:0", "target:1:1")
    assert [x.uid for x in row(s, 1)] == [left_uid, right_uid]  # gap closed, order kept
    assert all(c in s.discard for c in mid.traits)
    assert len(s.discard) == discard_before + 2
    assert len(s.players[1].hand) == hand + 2
    assert s.rng.mark > reveals
    # the drawn cards are named only in the owner's private text
    e = [e for e in s.log if "dies out" in e.text][-1]
    assert e.private_to == 1 and "you draw" in e.private_text
    assert "draws 2 cards" in e.text


def test_scavenger_takes_meat_after_every_attack_any_owner():
    s = make([[sp(3, 4, traits=[CARN, C.SCAVENGER])], [sp(2, 2), sp(1, 2, traits=[C.SCAVENGER])]])
    play(s, "attack:0", "target:1:0")
    assert row(s, 0)[0].food == 3  # 2 meat + 1 scavenged by its own Scavenger
    assert row(s, 1)[1].food == 1  # the opponent's Scavenger too


def test_scavenger_when_horns_kills_the_attacker():
    s = make([[sp(3, 1, traits=[CARN]), sp(1, 2, traits=[C.SCAVENGER])], [sp(2, 2, traits=[C.HORNS])]])
    play(s, "attack:0", "target:1:0")
    assert len(row(s, 0)) == 1
    assert row(s, 0)[0].food == 1  # scavenged even though the attacker died


def test_scavenger_full_takes_nothing():
    s = make([[sp(3, 4, traits=[CARN])], [sp(2, 2), sp(1, 1, food=1, traits=[C.SCAVENGER])]])
    play(s, "attack:0", "target:1:0")
    assert row(s, 1)[1].food == 1 and s.players[1].bag == 0


def test_foraging_on_attack_adds_one_meat():
    s = make([[sp(3, 4, traits=[CARN, C.FORAGING])], [sp(2, 2)]])
    play(s, "attack:0", "target:1:0")
    assert row(s, 0)[0].food == 3


def test_cooperation_on_attack_gives_meat_to_herbivore_neighbour():
    s = make([[sp(3, 4, traits=[CARN, C.COOPERATION]), sp(1, 2)], [sp(2, 2)]])
    play(s, "attack:0", "target:1:0")
    assert row(s, 0)[0].food == 2
    assert row(s, 0)[1].food == 1


def test_intelligence_carnivore_ignores_blocking_traits_one_card_each():
    opp = [sp(2, 1, traits=[C.CLIMBING, C.HARD_SHELL])]
    # one card in hand: two blocking traits, not enough
    s = make([[sp(3, 2, traits=[CARN, C.INTELLIGENCE]), sp(1, 1)], opp],
             hands=[[C.FERTILE], []])
    assert targets(s) == ["target:0:1"]
    # two cards: the opponent is a legal target with 2 discards, own species stays legal too
    s = make([[sp(3, 2, traits=[CARN, C.INTELLIGENCE]), sp(1, 1)], [sp(2, 1, traits=[C.CLIMBING, C.HARD_SHELL])]],
             hands=[[C.FERTILE, C.HORNS], []])
    play(s, "attack:0")
    d = GAME.cached_decision(s)
    lab = d.get("target:1:0").label
    assert "2 Intelligence discards" in lab and "Climbing" in lab and "Hard Shell" in lab
    assert "target:0:1" in d
    play(s, "target:1:0")
    d = GAME.cached_decision(s)
    assert d.kind == "discard"
    f = card_of(s, 0, C.FERTILE)
    play(s, f"discard:{f}")
    assert GAME.cached_decision(s).kind == "discard"
    assert row(s, 1)[0].pop == 1  # not yet attacked
    h = card_of(s, 0, C.HORNS)
    play(s, f"discard:{h}")
    assert s.players[0].hand == []
    assert f in s.discard and h in s.discard
    assert row(s, 1) == []  # pop 1 target eaten: extinct
    assert row(s, 0)[0].food == 2  # meat = printed size 2
    assert "Intelligence ignoring" in "\n".join(e.text for e in s.log)


def test_intelligence_carnivore_two_warning_calls_need_two_cards():
    opp = [sp(1, 1, traits=[C.WARNING_CALL]), sp(1, 1), sp(1, 1, traits=[C.WARNING_CALL])]
    s = make([[sp(3, 2, traits=[CARN, C.INTELLIGENCE])], opp], hands=[[C.FERTILE, C.HORNS], []])
    play(s, "attack:0")
    d = GAME.cached_decision(s)
    assert "2 Intelligence discards" in d.get("target:1:1").label
    assert "target:1:0" in d and "Intelligence" not in d.get("target:1:0").label


def test_intelligence_cannot_ignore_own_traits_or_size():
    s = make([[sp(3, 2, traits=[CARN, C.INTELLIGENCE]), sp(1, 1, traits=[C.CLIMBING])], [sp(5, 1)]],
             hands=[[C.FERTILE, C.HORNS], []])
    assert "attack:0" not in keys(s)


def test_intelligence_not_needed_means_no_discard_step():
    s = make([[sp(3, 2, traits=[CARN, C.INTELLIGENCE])], [sp(1, 1)]], hands=[[C.FERTILE], []])
    play(s, "attack:0", "target:1:0")
    assert len(s.players[0].hand) == 1 and row(s, 0)[0].food == 1


def test_attack_back_returns_to_feeding_choice():
    s = make([[sp(3, 2, traits=[CARN]), sp(1, 1)], [sp(1, 1)]], hole=3)
    before = keys(s)
    play(s, "attack:0", "back")
    assert keys(s) == before and s.steps == [FeedTurn(0)]


def test_traits_shown_in_view_as_carnivore():
    s = make([[sp(3, 2, traits=[CARN])], [sp(1, 1)]])
    v = GAME.view(s, 1)
    assert v["players"][0]["species"][0]["carnivore"] is True
    assert traits(row(s, 0)[0]) == [CARN]
