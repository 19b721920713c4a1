"""Four rules that contradicted the seed (seeds/001_*, German).

Each test quotes the seed's sentence.  "Darf" (may) always means the player can
decline; each of these tests fails on the rules before the fix (rules_version 1).
"""
from __future__ import annotations

import evo_helpers
from evo_helpers import card_of, keys, log_text, play, row, sp, start_feeding_turns

from boardgames_tui.engine.core import IllegalMove
from boardgames_tui.games.evolution import cards as C
from boardgames_tui.games.evolution.rules import GAME

import pytest

CARN = C.CARNIVORE


def make(*a, keeper=False, **k):
    return evo_helpers.make(*a, keeper=keeper, **k)


def who(s) -> int:
    return GAME.cached_decision(s).player


def horns_of(s, p: int, i: int) -> int:
    return next(c for c in row(s, p)[i].traits if C.TRAIT_OF[c] == C.HORNS)


# -- 1. Fat Tissue is optional ---------------------------------------------------------------
SEED_FAT = ("Fettschicht – Die Tierart darf so viel zusätzliche Nahrung speichern, "
            "wie seine Körpergröße angibt.")


def test_fat_tissue_storing_may_be_declined():
    assert "darf" in SEED_FAT
    # P0's only species is fed with room in its store: storing is its only feeding
    s = make([[sp(2, 1, food=1, traits=[C.FAT_TISSUE])], [sp(1, 2)]], hole=5)
    assert who(s) == 0 and keys(s) == ["eat:0", "pass"]
    play(s, "pass")
    assert row(s, 0)[0].fat == 0 and s.hole == 5
    assert "P0 passes" in log_text(s)
    assert who(s) == 1 and keys(s) == ["eat:0"]  # P1's species is hungry: no pass
    play(s, "eat:0")
    assert who(s) == 0 and "pass" in keys(s)  # passing was for that turn only


def test_fed_carnivore_need_not_attack_its_own_species_to_store_fat():
    # the only way to store is eating one's own species: it may be declined
    s = make([[sp(3, 1, food=1, traits=[CARN, C.FAT_TISSUE]), sp(1, 2, food=2)],
              [sp(1, 1, food=1, traits=[C.CLIMBING])]])
    assert keys(s) == ["attack:0", "pass"]
    play(s, "pass")
    # nobody else can feed: feeding is over and nobody was eaten
    assert s.round == 2 and len(row(s, 0)) == 2 and row(s, 0)[0].fat == 0


def test_declining_storage_does_not_end_the_feeding_of_hungry_species():
    # P0: a fed Fat Tissue herbivore (storing is optional) and a hungry carnivore
    # that cannot attack yet (Defensive Herding: its population is not larger).
    s = make([[sp(2, 1, food=1, traits=[C.FAT_TISSUE]), sp(2, 2, traits=[CARN])],
              [sp(1, 2, traits=[C.DEFENSIVE_HERDING])],
              [sp(3, 3, traits=[CARN])]], hole=1)
    assert who(s) == 0 and keys(s) == ["eat:0", "pass"]
    play(s, "pass")
    assert who(s) == 1
    play(s, "eat:0")                               # the last plant food
    assert who(s) == 2
    play(s, "attack:0", "target:1:0")              # the herd drops to population 1
    assert row(s, 1)[0].pop == 1
    # P0 feeds again: its carnivore may now attack, and must (it is hungry)
    assert who(s) == 0 and keys(s) == ["attack:1"]
    play(s, "attack:1", "target:1:0")
    assert row(s, 0)[1].food == 1


def test_pass_is_refused_while_a_hungry_species_can_feed():
    s = make([[sp(2, 1, food=1, traits=[C.FAT_TISSUE]), sp(1, 2)], [sp(1, 1)]], hole=5)
    assert set(keys(s)) == {"eat:0", "eat:1"}
    with pytest.raises(IllegalMove) as e:
        play(s, "pass")
    assert "feeding is compulsory" in e.value.reason


# -- 2. Intelligence on a herbivore is optional ------------------------------------------------
SEED_INTEL_HERBIVORE = ("Legt der Spieler während der Fütterung eine Handkarte auf die Ablage, "
                        "so bekommt er zwei Nahrungschips vom Vorrat.")


def test_intelligence_herbivore_may_pass_and_stays_hungry():
    assert SEED_INTEL_HERBIVORE.startswith("Legt")  # "if the player discards": a choice
    s = make([[sp(1, 2, food=1, traits=[C.INTELLIGENCE])], [sp(1, 1, food=1)]],
             hands=[[C.HORNS, C.CLIMBING], []], hole=0)
    hand = list(s.players[0].hand)
    assert keys(s) == ["intel:0", "pass"]
    play(s, "pass")
    # nobody can feed any more: the feeding is over, the species stayed hungry
    assert s.round == 2
    assert row(s, 0)[0].pop == 1  # starved down to its food
    assert set(hand) <= set(s.players[0].hand)  # no card was discarded


def test_intelligence_herbivore_pass_comes_back_on_the_next_turn():
    s = make([[sp(1, 3, traits=[C.INTELLIGENCE])], [sp(1, 2)], [sp(1, 1, traits=[C.INTELLIGENCE])]],
             hands=[[C.HORNS, C.CLIMBING], [], [C.FERTILE]], hole=0)
    assert keys(s) == ["intel:0", "pass"]
    play(s, "pass")
    assert who(s) == 2 and keys(s) == ["intel:0", "pass"]  # P1 cannot feed: skipped
    play(s, "intel:0", f"discard:{s.players[2].hand[0]}")
    assert row(s, 2)[0].food == 1
    assert who(s) == 0 and keys(s) == ["intel:0", "pass"]
    play(s, "intel:0", f"discard:{card_of(s, 0, C.HORNS)}")
    assert row(s, 0)[0].food == 2


# -- 3. Intelligence on a carnivore is optional and may ignore any trait ------------------------
SEED_INTEL_CARNIVORE = ("Für jede Karte, die ein Spieler während der Fütterung ablegt, "
                        "darf er eine Eigenschaft eines Gegners ignorieren.")


def test_attack_possible_only_by_discarding_is_optional():
    assert "darf" in SEED_INTEL_CARNIVORE
    s = make([[sp(3, 2, traits=[CARN, C.INTELLIGENCE])], [sp(1, 1, traits=[C.CLIMBING])]],
             hands=[[C.HORNS], []])
    h = s.players[0].hand[0]
    assert keys(s) == ["attack:0", "pass"]
    play(s, "pass")
    assert h in s.players[0].hand and h not in s.discard  # the card was not discarded
    assert "Intelligence" not in log_text(s)


def test_intelligence_can_ignore_horns():
    s = make([[sp(3, 2, traits=[CARN, C.INTELLIGENCE])], [sp(2, 2, traits=[C.HORNS])]],
             hands=[[C.FERTILE], []], keeper=True)
    horns = horns_of(s, 1, 0)
    play(s, "attack:0", "target:1:0")
    d = GAME.cached_decision(s)
    assert d.kind == "ignore" and d.keys() == [f"ignore:{horns}", "attack", "back"]
    assert GAME.view(s, 0)["selected"] == {"card": None, "species": [0, 0]}
    play(s, f"ignore:{horns}")
    d = GAME.cached_decision(s)
    assert d.kind == "discard"
    f = s.players[0].hand[0]
    play(s, f"discard:{f}")
    a = row(s, 0)[0]
    assert (a.pop, a.food) == (2, 2)  # Horns ignored: no population lost, 2 meat
    assert row(s, 1)[0].pop == 1 and f in s.discard
    assert "Intelligence ignoring Horns" in log_text(s) and "Horns: the attacker" not in log_text(s)


def test_intelligence_carnivore_may_decline_to_ignore_horns():
    s = make([[sp(3, 2, traits=[CARN, C.INTELLIGENCE])], [sp(2, 2, traits=[C.HORNS])]],
             hands=[[C.FERTILE], []], keeper=True)
    play(s, "attack:0", "target:1:0", "attack")
    a = row(s, 0)[0]
    assert (a.pop, a.food) == (1, 1) and s.players[0].hand != []
    assert "Horns: the attacker drops to population 1" in log_text(s)


def test_back_from_the_horns_question_returns_to_the_target_choice():
    s = make([[sp(3, 2, traits=[CARN, C.INTELLIGENCE])], [sp(2, 2, traits=[C.HORNS]), sp(1, 1)]],
             hands=[[C.FERTILE], []], keeper=True)
    play(s, "attack:0", "target:1:0", "back")
    assert GAME.cached_decision(s).kind == "target"
    play(s, "target:1:1")
    assert row(s, 0)[0].food == 1 and s.players[0].hand != []


def test_horns_on_top_of_blocking_traits_needs_a_card_more():
    opp = [sp(2, 2, traits=[C.CLIMBING, C.HORNS])]
    # one card: Climbing must be ignored, nothing left for Horns: no question
    s = make([[sp(3, 2, traits=[CARN, C.INTELLIGENCE])], [dict(x) for x in opp]], hands=[[C.FERTILE], []],
             keeper=True)
    play(s, "attack:0", "target:1:0")
    assert GAME.cached_decision(s).kind == "discard"
    play(s, f"discard:{s.players[0].hand[0]}")
    assert row(s, 0)[0].pop == 1  # Horns acted
    # two cards: the player chooses
    s = make([[sp(3, 2, traits=[CARN, C.INTELLIGENCE])], [dict(x) for x in opp]],
             hands=[[C.FERTILE, C.LONG_NECK], []], keeper=True)
    horns = horns_of(s, 1, 0)
    play(s, "attack:0", "target:1:0")
    d = GAME.cached_decision(s)
    assert d.kind == "ignore" and "1 discard for Climbing" in d.get("attack").label
    play(s, f"ignore:{horns}")
    assert "2 more to discard" in GAME.cached_decision(s).prompt
    play(s, f"discard:{card_of(s, 0, C.FERTILE)}", f"discard:{card_of(s, 0, C.LONG_NECK)}")
    assert row(s, 0)[0].pop == 2 and row(s, 0)[0].food == 2
    assert "Intelligence ignoring Climbing, Horns" in log_text(s)


def test_own_species_horns_cannot_be_ignored():
    # "eines Gegners": Intelligence ignores traits of opponents only
    s = make([[sp(3, 2, traits=[CARN, C.INTELLIGENCE]), sp(1, 2, traits=[C.HORNS])],
              [sp(1, 1, traits=[C.CLIMBING])]], hands=[[C.FERTILE, C.LONG_NECK], []], keeper=True)
    play(s, "attack:0", "target:0:1")
    assert row(s, 0)[0].pop == 1  # no question asked, Horns acted


# -- 4. The free species also comes in the last round ---------------------------------------------
SEED_FREE_SPECIES = ("Hat ein Spieler jetzt keine Tierart mehr vor sich liegen, "
                     "so bekommt er eine kostenlos aus dem Vorrat")
SEED_LAST_ROUND = "Diese Runde wird dann noch komplett gespielt und dann kommt es zur Wertung."


def test_last_round_is_played_to_its_end_free_species_included():
    assert "komplett" in SEED_LAST_ROUND and "kostenlos" in SEED_FREE_SPECIES
    s = make([[sp(1, 1)], [sp(1, 1, food=1)]], settle=False)
    s.final_round = 1
    start_feeding_turns(s, 0)  # nobody can feed: the clean-up of the last round
    assert s.phase == "over" and keys(s) == []
    assert [(x.size, x.pop, x.traits) for x in row(s, 0)] == [(1, 1, [])]
    assert GAME.scores(s) == [1, 2]  # the free species' population counts
    text = log_text(s)
    assert text.index("takes a free one") < text.index("The game is over")
