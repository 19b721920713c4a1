"""Paying into any treasury (issue 27, item 6): "Spieler dürfen einander kein Geld geben oder leihen und
keine Anleihen tauschen, aber freiwillig eigenes Geld in die Staatskasse zahlen." (seed 002).  Any
player, into any power's treasury, as an option of a decision he makes anyway; once per power's turn."""
from __future__ import annotations

from boardgames_tui.games.imperial import data as D, rules as R
from boardgames_tui.games.imperial.rules import GAME

from imperial_helpers import AH, FR, GB, IT, dec, keys, log_text, new, play, to_turn


def test_a_government_may_pay_into_another_powers_treasury():
    s = new(6)
    s.cash[2] = 5
    to_turn(s, FR, D.FACTORY)                      # Cid (seat 2) governs France
    play(s, "donate")
    d = dec(s)
    assert d.kind == "donate_power" and d.player == 2
    assert keys(s) == ["treasury:FR", "treasury:AH", "treasury:IT", "treasury:GB", "treasury:GE",
                       "treasury:RU", "back"]     # every power, its own first
    before = s.treasury[GB]
    play(s, "treasury:GB", "donate:3")
    assert s.cash[2] == 2 and s.treasury[GB] == before + 3
    assert "pays 3M of their own money into Great Britain's treasury" in log_text(s)
    assert dec(s).kind == "rondel" and "donate" not in keys(s)   # once in this power's turn


def test_back_returns_to_the_choice_of_power_and_then_to_the_decision():
    s = new(6)
    s.cash[2] = 5
    to_turn(s, FR, D.FACTORY)
    play(s, "donate", "treasury:IT", "back")
    assert dec(s).kind == "donate_power"
    play(s, "back")
    assert dec(s).kind == "rondel" and "donate" in keys(s) and s.cash[2] == 5   # nothing paid


def test_an_investor_who_governs_nothing_there_may_pay_in_while_investing():
    s = new(6)
    to_turn(s, FR, D.MANEUVER1)
    holder = s.investor_card                       # Bob (seat 1), investing in France's turn
    play(s, "space:investor")
    d = dec(s)
    assert d.kind == "invest" and d.player == holder and "donate" in d
    cash, before = s.cash[holder], s.treasury[AH]
    play(s, "donate", "treasury:AH", "donate:1")
    assert s.cash[holder] == cash - 1 and s.treasury[AH] == before + 1
    d = dec(s)
    assert d.kind == "invest" and d.player == holder and "donate" not in d     # then he invests (or not)


def test_the_bound_is_per_power_turn():
    s = new(6)
    s.cash[1] = 20
    to_turn(s, IT, D.FACTORY)                      # Bob governs Italy
    play(s, "donate", "treasury:IT", "donate:2")
    assert s.paid_in == [1] and "donate" not in keys(s)
    s.steps = [R.NextTurn()]                       # the next power's turn starts afresh
    s._decision = None
    GAME.advance(s)
    assert s.turn_power == FR and s.paid_in == [] and "donate" in keys(s)


def test_no_payment_offered_without_money():
    s = new(6)
    s.cash[2] = 0
    to_turn(s, FR, D.FACTORY)
    assert "donate" not in keys(s)
