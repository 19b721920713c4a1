"""The Investor space: interest and shortfalls, the investor card, Swiss banks (investing and forcing a
stop), changes of government, passing over Investor, and the variant without the investor card."""
from __future__ import annotations

from boardgames_tui.games.imperial import data as D

from imperial_helpers import (AH, FR, GB, GE, IT, RU, bi, check_invariants, dec, give_bond, keys, log_text, new,
                              play, ri, to_turn)


def swiss_for(s, q: int, power: int, taker: int, cost: int = 30) -> None:
    """Player ``taker`` takes ``power`` over from ``q`` with a bigger bond: ``q`` now governs nothing."""
    give_bond(s, taker, power, cost)
    s.gov[power] = taker
    s.swiss = [p not in s.gov for p in range(s.n)]
    assert s.swiss[q]


# ---------------------------------------------------------------- interest
def test_interest_is_paid_from_the_treasury():
    s = new(6)
    give_bond(s, 3, FR, 4)                       # Dee: FR 4M (2M interest)
    to_turn(s, FR, D.MANEUVER1)
    play(s, "space:investor")
    # Cid (gov) 9M -> 4, Bob? no: FR 2M is on the RU card (Fay) -> 1, Dee 2
    assert s.cash[2] == 2 + 4 and s.cash[5] == 2 + 1 and s.cash[3] == 2 + 2
    assert s.treasury[FR] == 11 - 7
    assert "Investor: France pays interest - Cid 4M, Dee 2M, Fay 1M (treasury 4M)." in log_text(s)


def test_shortfall_the_government_gives_up_its_own_interest_first():
    s = new(6)
    give_bond(s, 3, FR, 4)
    s.treasury[FR] = 5                           # due: Cid 4, Dee 2, Fay 1 = 7
    to_turn(s, FR, D.MANEUVER1)
    play(s, "space:investor")
    assert s.cash[3] == 4 and s.cash[5] == 3     # the others are paid in full
    assert s.cash[2] == 2 + 2                    # the government gets what is left: 2M of its 4M
    assert s.treasury[FR] == 0
    assert "Cid (government) gives up 2M of their interest" in log_text(s)


def test_shortfall_the_government_pays_from_its_own_pocket_and_the_rest_is_lost():
    s = new(6)
    give_bond(s, 3, FR, 4)
    s.treasury[FR] = 1                           # others due 3M; government's cash 2M
    to_turn(s, FR, D.MANEUVER1)
    play(s, "space:investor")
    assert s.treasury[FR] == 0
    assert s.cash[2] == 0                        # paid 2M of its own, got nothing
    assert s.cash[3] + s.cash[5] == 4 + 3        # 3M of the 3M owed got paid: 1 treasury + 2 government
    s = new(6)
    give_bond(s, 3, FR, 6)
    s.treasury[FR] = 0
    s.cash[2] = 1
    to_turn(s, FR, D.MANEUVER1)
    play(s, "space:investor")                    # others due 4M: only 1M can be paid
    assert s.cash[2] == 0 and s.cash[3] + s.cash[5] == 4 + 1
    assert "3M cannot be paid and is lost" in log_text(s)


# ---------------------------------------------------------------- the investor card
def test_the_card_holder_takes_two_million_and_invests_once():
    s = new(6)
    to_turn(s, FR, D.MANEUVER1)
    holder = s.investor_card
    assert holder == 1
    play(s, "space:investor")
    d = dec(s)
    assert d.kind == "invest" and d.player == holder and s.cash[holder] == 4
    assert d.prompt.startswith("Investor card (France's turn)")
    assert [k for k in d.keys()] == ["invest:AH", "invest:IT", "invest:FR", "invest:GB", "invest:GE",
                                     "invest:RU", "donate", "decline"]
    play(s, "invest:IT")
    # Bob holds IT 9M (his card); the IT 2M is on the GE card: buy 4M, or trade 9M in for 12M (3M)
    assert keys(s) == ["buy:4", "trade:12:9", "back"]
    play(s, "back", "invest:AH", "buy:4")
    assert s.cash[holder] == 0 and s.treasury[AH] == 11 + 4 and s.bonds[AH][bi(4)] == holder
    assert s.investor_card == 2                  # passes to the left
    assert dec(s).prompt.startswith("Great Britain")


def test_trading_a_bond_in_pays_the_difference():
    s = new(6)
    s.cash[1] = 8
    to_turn(s, FR, D.MANEUVER1)
    play(s, "space:investor", "invest:IT")
    assert "trade:12:9" in keys(s) and "buy:12" not in keys(s)
    assert "trade:9:2" not in keys(s)            # only up to a dearer bond
    assert "buy:2" not in keys(s)                # the IT 2M bond is held (on the GE card)
    play(s, "trade:16:9")
    assert s.bonds[IT][bi(9)] == -1 and s.bonds[IT][bi(16)] == 1
    assert s.cash[1] == 10 - 7 and s.treasury[IT] == 11 + 7
    assert "Bob trades the Italy 9M bond in for the 16M bond, paying 7M into its treasury." in log_text(s)


def test_a_player_who_cannot_afford_a_bond_is_skipped():
    s = new(6)
    for c in (2, 4, 6):                          # nothing left at 4M or less
        for p in range(6):
            if s.bonds[p][bi(c)] < 0:
                give_bond(s, 0, p, c)
    s.cash[1] = 0
    to_turn(s, FR, D.MANEUVER1)
    play(s, "space:investor")
    assert "Bob cannot afford any bond." in log_text(s)
    assert s.investor_card == 2


# ---------------------------------------------------------------- governments
def test_government_changes_only_on_a_strictly_larger_holding():
    s = new(6)
    s.cash[1] = 30
    to_turn(s, FR, D.MANEUVER1)
    play(s, "space:investor", "invest:AH", "buy:6")
    assert s.gov[AH] == 0                         # Bob 6M < Ann 9M
    s = new(6)
    s.cash[1] = 30
    to_turn(s, FR, D.MANEUVER1)
    play(s, "space:investor", "invest:AH", "buy:12")
    assert s.gov[AH] == 1                         # 12 > 9 + 0
    assert "Bob (12M) takes over the government of Austria-Hungary from Ann (9M)." in log_text(s)


def test_a_tie_does_not_unseat_the_government():
    s = new(6)
    give_bond(s, 0, AH, 16)                       # Ann (government): 9 + 16 = 25
    give_bond(s, 1, AH, 25)                       # Bob: 25, a tie
    to_turn(s, FR, D.MANEUVER1)
    play(s, "space:investor", "decline")
    assert s.gov[AH] == 0
    s = new(6)
    give_bond(s, 0, AH, 16)
    give_bond(s, 1, AH, 25)
    to_turn(s, FR, D.MANEUVER1)
    play(s, "space:investor", "invest:AH", "buy:4")           # Bob: 29 > 25
    assert s.gov[AH] == 1


def test_tied_challengers_the_first_from_the_card_holder_wins():
    s = new(6)
    # Cid and Dee both hold 12M of Austria-Hungary; Ann (government) 9M; the card is with Bob
    give_bond(s, 2, AH, 12)
    give_bond(s, 3, AH, 6)
    give_bond(s, 3, AH, 4)
    s.bonds[AH][bi(2)] = 3                        # Dee: 6 + 4 + 2 = 12
    to_turn(s, FR, D.MANEUVER1)
    play(s, "space:investor", "decline")
    assert s.gov[AH] == 2                         # Cid is first in seat order from Bob
    s = new(6)
    give_bond(s, 2, AH, 12)
    give_bond(s, 3, AH, 6)
    give_bond(s, 3, AH, 4)
    s.bonds[AH][bi(2)] = 3
    s.investor_card = 3
    to_turn(s, FR, D.MANEUVER1)
    play(s, "space:investor", "decline")
    assert s.gov[AH] == 3                         # now Dee is first from the card holder


# ---------------------------------------------------------------- Swiss banks
def test_swiss_banks_invest_after_the_card_holder():
    s = new(6)
    swiss_for(s, 4, GE, 5)                        # Eve loses Germany to Fay: Eve holds a Swiss bank
    to_turn(s, FR, D.MANEUVER1)
    play(s, "space:investor", "decline")          # Bob (card)
    d = dec(s)
    assert d.player == 4 and d.prompt.startswith("Swiss bank (France's turn)")
    assert s.cash[4] == 2                         # no 2M for a Swiss bank
    assert keys(s) == ["invest:IT", "donate", "decline"]    # 2M: only trading her IT 2M in for the 4M
    play(s, "invest:IT", "trade:4:2")
    assert s.bonds[IT][bi(4)] == 4 and s.cash[4] == 0
    assert s.investor_card == 2
    check_invariants(s)


def test_a_swiss_bank_holder_with_the_card_invests_only_once():
    s = new(6)
    swiss_for(s, 1, IT, 5)                        # Bob (the card holder) governs nothing
    to_turn(s, FR, D.MANEUVER1)
    play(s, "space:investor", "decline")
    assert dec(s).prompt.startswith("Great Britain")


def test_a_player_who_gains_a_government_loses_the_swiss_bank():
    s = new(6)
    swiss_for(s, 4, GE, 5)
    s.cash[1] = 0
    s.cash[4] = 40
    for p in range(6):                            # Bob can afford nothing: he is skipped
        s.bonds[p][bi(4)] = 0 if s.bonds[p][bi(4)] < 0 else s.bonds[p][bi(4)]
    to_turn(s, FR, D.MANEUVER1)
    play(s, "space:investor", "invest:RU", "buy:30")          # Eve: 30 > Fay's 9
    assert "Bob cannot afford any bond." in log_text(s)
    assert s.gov[RU] == 4 and not s.swiss[4] and not s.swiss[5]     # Fay still governs Germany
    assert "Eve (30M) takes over the government of Russia from Fay" in log_text(s)


def test_swiss_bank_forces_a_stop_on_investor():
    s = new(6)
    swiss_for(s, 4, GE, 5)
    s.cash[2] = 10
    to_turn(s, FR, D.MANEUVER1)
    play(s, "space:production2")                  # 3 spaces, passes Investor
    d = dec(s)
    assert d.kind == "force" and d.player == 4 and d.prompt.startswith("Swiss bank: France wants to pass")
    assert d.keys() == ["force", "allow"]
    play(s, "force")
    assert s.rondel[FR] == D.INVESTOR
    assert s.treasury[FR] == 11 - 5               # interest paid (Cid 4, Fay 1)
    assert s.cash[2] == 10 + 4
    assert "Eve (Swiss bank) forces France to stop on the Investor space." in log_text(s)
    assert "France stops on Investor." in log_text(s)
    assert dec(s).kind == "invest"


def test_forced_stop_is_free_and_allowing_lets_the_power_pass():
    s = new(6)
    swiss_for(s, 4, GE, 5)
    s.cash[2] = 10
    to_turn(s, FR, D.MANEUVER2)                   # maneuver2 -> factory is 2; -> import 6 spaces (6M)
    play(s, "space:import", "force")
    assert s.cash[2] == 10 + 4                    # paid nothing for the distance
    s = new(6)
    swiss_for(s, 4, GE, 5)
    s.cash[2] = 10
    to_turn(s, FR, D.MANEUVER2)
    play(s, "space:import", "allow")
    assert s.rondel[FR] == D.IMPORT and s.cash[2] == 4 and s.treasury[FR] == 11
    play(s, "done")                               # no import; then the pass over Investor: card + Swiss
    assert dec(s).kind == "invest" and dec(s).player == 1
    assert "France passed over the Investor space" in log_text(s)


def test_no_forcing_when_the_treasury_cannot_pay_all_interest_or_without_swiss_banks():
    s = new(6)
    swiss_for(s, 4, GE, 5)
    s.treasury[FR] = 4                            # interest due 5M
    to_turn(s, FR, D.MANEUVER1)
    play(s, "space:production2")
    assert dec(s).kind == "invest"                # straight on: produced, then the card holder invests
    s = new(6)
    to_turn(s, FR, D.MANEUVER1)
    play(s, "space:production2")
    assert dec(s).kind == "invest" and dec(s).player == 1


def test_passing_investor_after_a_game_ending_taxation_does_nothing():
    s = new(6)
    s.power_points[FR] = 24
    s.flags[ri("spain")] = s.flags[ri("belgium")] = FR        # 6M tax: 1 power point
    s.cash[2] = 10
    to_turn(s, FR, D.PRODUCTION1)                 # production1 -> taxation: 6 spaces, passes Investor
    play(s, "space:taxation")
    assert dec(s) is None and s.end_reason == "France reached 25 power points"
    assert "passed over the Investor space" not in log_text(s)


# ---------------------------------------------------------------- variant without the investor card
def test_variant_without_the_investor_card():
    s = new(6, investor_card="no")
    s.cash = [10] * 6
    assert s.investor_card == -1
    to_turn(s, FR, D.MANEUVER1)
    play(s, "space:investor")                     # interest only
    assert s.treasury[FR] == 11 - 5 and s.cash[1] == 10
    d = dec(s)
    assert d.kind == "invest" and d.player == 2 and d.prompt.startswith("After France's turn")
    assert [k for k in d.keys() if k.startswith("invest:")] == ["invest:FR"]   # governments: this power only
    play(s, "decline")
    assert dec(s).player == 3                     # then the others in seat order
    for _ in range(5):
        if dec(s).kind == "invest":
            play(s, "decline")
    assert dec(s).prompt.startswith("Great Britain")
    # passing Investor does nothing in this variant
    to_turn(s, GB, D.MANEUVER1)
    play(s, "space:production2")
    assert dec(s).kind == "invest" and dec(s).player == 3 and dec(s).prompt.startswith("After Great Britain's")


def test_variant_swiss_banks_invest_anywhere():
    s = new(6, investor_card="no")
    s.cash = [10] * 6
    swiss_for(s, 4, GE, 5)
    to_turn(s, FR, D.MANEUVER1)
    play(s, "space:production2")                  # no force offered in this variant
    for _ in range(2):                            # Cid (FR government), Dee
        play(s, "decline")
    d = dec(s)
    assert d.player == 4 and "invest:AH" in d and "invest:RU" in d
    play(s, "invest:AH", "buy:4")
    assert s.bonds[AH][bi(4)] == 4
