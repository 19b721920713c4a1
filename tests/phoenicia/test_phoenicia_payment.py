"""Paying with production cards and disks, with change."""
from __future__ import annotations

from boardgames_tui.games.phoenicia.data import CARD_VALUES

from phoenicia_helpers import (GAME, check_invariants, decision, keys, new, play, rejects, set_display, set_money,
                               settle, turn)


def buying(cards, disks, card="fort"):
    """Ann has won `card` uncontested and must pay for it."""
    s = turn(new(3, 2), 0)
    set_display(s, [card, "dyer", "granary"])
    set_money(s, 0, cards, disks)
    for p in (1, 2):
        set_money(s, p, [], 0)
    settle(s)
    play(s, f"open:{card}")
    return s


def test_pay_with_cards_one_at_a_time_change_in_disks():
    s = buying([4, 6, 6], 0)          # Fort: 7
    d = decision(s)
    assert d.kind == "pay" and d.player == 0 and s.payment.due == 7
    assert d.keys() == ["pay:4", "pay:6"]           # one option per value; no disks to pay with
    play(s, "pay:6")
    assert s.payment.due == 1
    d = decision(s)
    assert d.keys() == ["pay:4", "pay:6"]
    assert d.get("pay:4").label == "Pay with a 4 card (3 change)"
    play(s, "pay:4")
    assert s.payment is None
    pl = s.players[0]
    assert [CARD_VALUES[c] for c in pl.hand] == [6]
    assert pl.disks == 3
    assert any("pays 7 for Fort with cards 4, 6, taking 3 disks change" in e.text for e in s.log)
    check_invariants(s)


def test_pay_rest_with_disks_only_when_they_cover_it():
    s = buying([5], 4)                # Fort 7: 4 disks do not cover 7
    assert keys(s) == ["pay:5"]
    assert "disks if they cover" in rejects(s, "pay:disks")
    play(s, "pay:5")                  # 2 left, no card left: the disks pay automatically
    assert s.payment is None and s.players[0].disks == 2 and s.players[0].hand == []
    # with no card left the disks pay automatically
    s2 = buying([5, 5], 4)
    play(s2, "pay:5")
    assert keys(s2) == ["pay:5", "pay:disks"]
    play(s2, "pay:disks")
    assert s2.payment is None and s2.players[0].disks == 2 and len(s2.players[0].hand) == 1
    check_invariants(s2)


def test_no_cards_pays_automatically_with_disks():
    s = buying([], 9)
    assert s.payment is None
    assert s.players[0].disks == 2
    assert any("pays 7 for Fort with 7 disks" in e.text for e in s.log)


def test_paid_cards_are_public_in_the_log():
    s = buying([6, 6], 0)
    play(s, "pay:6", "pay:6")
    for viewer in (None, 0, 1, 2):
        assert any("with cards 6, 6, taking 5 disks change" in line for line in GAME.view(s, viewer)["log"])


def test_illegal_payment_rejected():
    s = buying([4, 6], 0)
    rejects(s, "pay:5")
    rejects(s, "pay:disks")
    rejects(s, "end")
    rejects(s, "pay:card:4")
