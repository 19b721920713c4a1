"""End of turn, administration (end, leader, display, income, limits) and the winner."""
from __future__ import annotations

from boardgames_tui.games.phoenicia import data as D
from boardgames_tui.games.phoenicia import rules as R

from phoenicia_helpers import (GAME, check_invariants, decision, dev_deck, empty_dev_deck, grant, keys, new,
                               no_production_cards_left, play, rejects, set_display, set_hand, set_money, settle,
                               turn)


def last_turn(n=3, seed=8):
    """It is the last player's turn of round 1, in step c; everybody else has played."""
    s = new(n, seed)
    turn(s, 0, "c")
    s.to_act = []
    for p in range(n):
        set_money(s, p, [], 0)
    return settle(s)


def vp_bump(s, p, k):
    s.players[p].vp_bought = k


def test_administration_limits_discard_by_choice_value_private():
    s = last_turn(3)
    set_money(s, 0, [4, 5, 6], 0)      # 2 storehouses; income brings 3 disks, no swap
    settle(s)
    play(s, "end")                     # administration: Bob starts round 2 (tie), limits Bob, Cy, Ann
    d = decision(s)
    assert d.kind == "discard" and d.player == 0
    assert GAME.view(s, None)["phase"] == "limits" and GAME.view(s, None)["limits"] == [0]
    assert d.keys() == ["discard:4", "discard:5", "discard:6"]
    play(s, "discard:4")
    pl = s.players[0]
    assert sorted(D.CARD_VALUES[c] for c in pl.hand) == [5, 6]
    assert pl.disks == 3
    assert decision(s).player == 1 and s.active == 1 and s.round == 2
    check_invariants(s)
    # the discarded value is private
    assert any(line.endswith("discards a 4 card (storage limit).") for line in GAME.view(s, 0)["log"])
    assert not any("discards a 4" in line for line in GAME.view(s, 1)["log"])


def test_excess_disks_kept_through_the_round_handed_in_at_administration():
    s = new(3, 8)
    turn(s, 0, "c")
    no_production_cards_left(s)        # so that income cannot swap the disks for cards
    set_money(s, 0, [], 5)
    settle(s)
    play(s, "end")
    assert s.players[0].disks == 5     # not at the end of the turn
    while s.round == 1:
        play(s, "end")
    assert s.players[0].disks == 3     # 5 + 3 income, no card to swap for: 8 -> treasury limit 3
    assert any("Ann hands in 5 disks (treasury limit 3)." == e.text for e in s.log)


def test_game_ends_at_32_at_administration_a_no_income():
    s = last_turn()
    vp_bump(s, 1, 30)            # 2 + 30 = 32
    before_hands = [list(pl.hand) for pl in s.players]
    play(s, "end")
    assert GAME.cached_decision(s) is None and s.phase == "over"
    assert [pl.hand for pl in s.players] == before_hands       # no income
    assert GAME.scores(s)[1] == 32
    assert GAME.winners(s) == [1]
    v = GAME.view(s, None)
    assert v["winners"] == [1] and v["scores"][1] == 32 and "reached 32" in v["end_reason"]
    assert "game is over" in rejects(s, "end")


def test_31_does_not_end_the_game():
    s = last_turn()
    vp_bump(s, 1, 29)
    play(s, "end")
    assert s.phase != "over" and s.round == 2


def test_vp_reached_mid_round_waits_for_the_round_to_end():
    s = new(3, 8)
    turn(s, 0, "c")
    vp_bump(s, 0, 40)
    settle(s)
    play(s, "end")
    assert s.phase == "turn" and s.active == 1


def test_tie_break_production_then_money():
    s = last_turn()
    vp_bump(s, 0, 30)
    vp_bump(s, 2, 30)
    grant(s, 2, "glassmaking")   # +1 VP, +1 production
    vp_bump(s, 2, 29)
    play(s, "end")
    assert GAME.scores(s)[0] == GAME.scores(s)[2] == 32
    assert GAME.winners(s) == [2]
    s = last_turn()
    vp_bump(s, 0, 30)
    vp_bump(s, 2, 30)
    set_money(s, 0, [4], 0)
    settle(s)
    play(s, "end")
    assert GAME.winners(s) == [0]
    s = last_turn()
    vp_bump(s, 0, 30)
    vp_bump(s, 2, 30)
    play(s, "end")
    assert GAME.winners(s) == [0, 2]              # shared


def test_unique_leader_becomes_start_player():
    s = last_turn()
    vp_bump(s, 2, 5)
    play(s, "end")
    assert s.start == 2 and s.round == 2
    assert s.active == 2 and s.to_act == [0, 1]


def test_tie_for_lead_start_player_passes_left():
    s = last_turn(4)
    s.start = 2
    vp_bump(s, 0, 5)
    vp_bump(s, 1, 5)
    play(s, "end")
    assert s.start == 3          # left of the current start player, though not among the tied
    assert any("tie for the lead" in e.text for e in s.log)


def test_display_topped_up_to_one_card_per_player():
    s = last_turn(4)
    set_display(s, ["granary", "fort"])
    top = dev_deck(s)[-2:]
    mark = s.rng.mark
    play(s, "end")
    assert s.display[:2] == ["granary", "fort"]
    assert s.display[2:] == list(reversed(top))
    assert len(s.display) == 4
    assert s.rng.mark > mark


def test_empty_deck_play_goes_on_with_display():
    s = last_turn(3)
    s.display = ["granary"]
    empty_dev_deck(s)                     # (the rest are gone; this test does not count cards)
    play(s, "end")
    assert s.display == ["granary"] and s.phase != "over"


def test_income_cards_and_disks():
    s = last_turn(3)
    pl = s.players[0]
    # production 3 (start): no card, 3 disks
    grant(s, 1, "caravan")        # production 5: one card, one disk
    grant(s, 2, "ships")          # production 7: one card, 3 disks
    play(s, "end")
    assert (len(pl.hand), pl.disks) == (0, 3)
    assert (len(s.players[1].hand), s.players[1].disks) == (1, 1)
    assert (len(s.players[2].hand), s.players[2].disks) == (1, 3)
    check_invariants(s)


def test_four_disks_swapped_for_cards_repeatedly():
    s = last_turn(3)
    pl = s.players[0]
    grant(s, 0, "granary")
    set_money(s, 0, [], 6)   # kept over the turn with Granary
    settle(s)
    play(s, "end")
    # 6 + 3 income = 9 disks -> two swaps -> 1 disk, 2 cards
    assert pl.disks == 1 and len(pl.hand) == 2
    assert any("swaps 8 disks for 2 cards" in e.text for e in s.log)
    check_invariants(s)


def test_income_values_private_to_the_owner():
    s = last_turn(3)
    grant(s, 1, "ships")
    play(s, "end")
    values = [D.CARD_VALUES[c] for c in s.players[1].hand]
    mine = [ln for ln in GAME.view(s, 1)["log"] if ln.startswith("Bob produces")]
    theirs = [ln for ln in GAME.view(s, 0)["log"] if ln.startswith("Bob produces")]
    assert mine[-1].endswith(f"(card value {values[0]}).")      # one card: "value"
    assert "card value" not in theirs[-1] and theirs[-1] == "Bob produces 7: 1 production card and 3 disks."


def test_administration_limits_for_everybody_in_order_from_start_player():
    s = last_turn(3)
    vp_bump(s, 1, 3)             # Bob leads: start player of round 2
    set_money(s, 1, [4, 4, 4], 0)
    set_money(s, 2, [5, 5, 6], 0)
    settle(s)
    play(s, "end")               # Ann's end-of-turn check passes; administration; Bob then Cy discard
    d = decision(s)
    assert d.kind == "discard" and d.player == 1
    play(s, "discard:4")
    d = decision(s)
    assert d.kind == "discard" and d.player == 2
    play(s, "discard:5")
    assert decision(s).player == 1 and s.round == 2 and s.phase == "turn"
    check_invariants(s)


def test_production_deck_reshuffled_from_discards():
    s = last_turn(3)
    s.prod_discard.extend(s.prod_deck.take_all())
    grant(s, 0, "ships")          # production 7: draws a card
    mark = s.rng.mark
    play(s, "end")
    assert len(s.players[0].hand) == 1
    assert any("shuffled into a new deck" in e.text for e in s.log)
    assert s.rng.mark >= mark + 2  # the shuffle and the card drawn
    check_invariants(s)


def test_no_production_card_anywhere_pays_disks():
    s = last_turn(3)
    for p in range(3):
        s.players[p].hand = []
    no_production_cards_left(s)
    grant(s, 0, "ships")           # production 7
    play(s, "end")
    assert s.players[0].hand == [] and s.players[0].disks == 7 - 4  # 4 disks instead of the card, then limit 3
    check_invariants(s)


def test_full_round_of_ends_ties_at_two_vp():
    s = new(2, 3)
    first = s.start
    while s.round == 1:
        d = decision(s)
        play(s, "end" if "end" in d.keys() else d.keys()[0])
    assert s.round == 2 and s.start == (first + 1) % 2      # 2 VP each: tie, left of start player
    for pl in s.players:
        assert R.victory_points(pl) == 2
    check_invariants(s)


def test_limits_keys_rejected_outside_limits():
    s = turn(new(3, 8), 0, "c")
    settle(s)
    assert "not possible now" in rejects(s, "discard:5")
    s = last_turn(3)
    set_hand(s, 0, [4, 4, 4])
    play(s, "end")
    assert keys(s) == ["discard:4"]
    rejects(s, "discard:5")
    rejects(s, "end")
