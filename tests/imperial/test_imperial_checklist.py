"""The rule checklist of the Imperial issue: the items the other test files did not yet pin down.

Every test sets up a real position (a game from ``new`` edited by hand, see ``imperial_helpers``) and
asserts what the rules make of it.  Seats in ``new(6)``: seat i holds power i's flag card (its 9M bond
and the partner's 2M bond) and governs it; the investor card is with Bob (seat 1).
"""
from __future__ import annotations

import pytest

from boardgames_tui.games.imperial import data as D
from boardgames_tui.games.imperial.rules import GAME
from boardgames_tui.games.imperial.labels import full_text

from imperial_helpers import (AH, FR, GB, GE, IT, NAMES, RU, bi, check_invariants, dec, hand_over, holdings,
                              keys, log_text, new, play, put, refused, ri, to_turn)

ANN, BOB, CID, DEE, EVE, FAY = range(6)


def land(s, power, space):
    """``power`` moves one space (free) onto ``space``."""
    to_turn(s, power, (D.RONDEL_INDEX[space] - 1) % D.N_SPACES)
    play(s, f"space:{space}")


# ---------------------------------------------------------------- every rondel space
@pytest.mark.parametrize("space", D.RONDEL)
def test_every_rondel_space_performs_its_action(space):
    """Factory, Production, Maneuver, Investor, Import, Production, Maneuver, Taxation - both Production and
    both Maneuver spaces do the same."""
    s = new(6)
    if space.startswith("maneuver"):
        put(s, FR, "paris", armies=1)
    land(s, FR, space)
    assert s.rondel[FR] == D.RONDEL_INDEX[space]
    d = dec(s)
    if space == "factory":
        assert d.kind == "factory" and d.player == CID and "factory:dijon" in d
    elif space.startswith("production"):
        assert s.armies[ri("paris")][FR] == 1 and s.fleets[ri("bordeaux")][FR] == 1
        assert GAME.unit_count(s, FR, "army") + GAME.unit_count(s, FR, "fleet") == 2
        assert d.prompt.startswith("Great Britain")                    # nothing to decide: the turn is over
    elif space.startswith("maneuver"):
        assert d.kind == "maneuver" and d.player == CID and "army:paris" in d
    elif space == "investor":
        assert s.treasury[FR] == 11 - 5 and s.cash[CID] == 2 + 4 and s.cash[FAY] == 2 + 1
        assert d.kind == "invest" and d.player == BOB
    elif space == "import":
        assert d.kind == "import" and d.player == CID and "fleet:bordeaux" in d and "army:paris" in d
    else:
        assert space == "taxation"
        assert s.treasury[FR] == 11 + 4 and s.power_points[FR] == 0     # 2 factories x 2M, no units
        assert d.prompt.startswith("Great Britain")
    check_invariants(s)


@pytest.mark.parametrize("steps,cost", [(1, 0), (2, 0), (3, 0), (4, 2), (5, 4), (6, 6)])
def test_each_distance_and_its_price(steps, cost):
    """1-3 spaces are free, every further space costs the government 2M of its own cash (to the bank), at most
    6 spaces.  From Import no move up to 6 spaces lands on or passes over Investor."""
    s = new(6)
    s.cash[CID] = 10
    to_turn(s, FR, D.IMPORT)
    target = D.RONDEL[(D.IMPORT + steps) % D.N_SPACES]
    label = full_text(dec(s).get(f"space:{target}"))
    assert (f"{steps} space" in label) and (("free" in label) if not cost else (f"{cost}M from your own cash" in label))
    play(s, f"space:{target}")
    assert s.rondel[FR] == D.RONDEL_INDEX[target]
    assert s.cash[CID] == 10 - cost
    if target != "taxation":
        assert s.treasury[FR] == 11                                  # the price goes to the bank, not the treasury


def test_seven_spaces_and_standing_still_are_refused():
    s = new(6)
    s.cash[CID] = 50
    to_turn(s, FR, D.IMPORT)
    assert "at most 6" in refused(s, "space:investor")               # 7 spaces
    assert "may not stay" in refused(s, "space:import")
    assert len([k for k in keys(s) if k.startswith("space:")]) == 6


def test_first_placement_is_free_for_a_power_that_has_none_while_others_pay():
    s = new(6)
    s.cash[CID] = 0
    s.rondel[FR] = -1
    to_turn(s, FR)
    assert [k for k in keys(s) if k.startswith("space:")] == [f"space:{x}" for x in D.RONDEL]
    play(s, "space:maneuver2")
    assert s.rondel[FR] == D.MANEUVER2 and s.cash[CID] == 0
    assert "France places its marker on Maneuver." in log_text(s)


# ---------------------------------------------------------------- factory
def test_one_factory_per_city_only_in_own_cities():
    s = new(6)
    s.treasury[FR] = 20
    to_turn(s, FR, D.TAXATION)
    play(s, "space:factory")
    assert sorted(keys(s)) == ["factory:brest", "factory:dijon", "factory:marseille", "none"]
    for k in ("factory:paris", "factory:bordeaux", "factory:genoa", "factory:berlin"):
        refused(s, k)                                                  # a factory stands there, or not French
    play(s, "factory:dijon")
    assert s.treasury[FR] == 15
    to_turn(s, FR, D.TAXATION)
    play(s, "space:factory")
    assert sorted(keys(s)) == ["factory:brest", "factory:marseille", "none"]
    refused(s, "factory:dijon")
    play(s, "factory:brest")
    to_turn(s, FR, D.TAXATION)
    play(s, "space:factory", "factory:marseille")
    assert s.treasury[FR] == 5 and sum(s.factory[r] for r in D.HOME_PROVINCES[FR]) == 5
    to_turn(s, FR, D.TAXATION)
    play(s, "space:factory")                                           # every city has one: nothing to build
    assert s.treasury[FR] == 5 and "France cannot build a factory" in log_text(s)
    assert dec(s).prompt.startswith("Great Britain")


# ---------------------------------------------------------------- battles
@pytest.mark.parametrize("choice,left", [("battle:IT:army", "fleet"), ("battle:IT:fleet", "army")])
def test_the_attacker_chooses_which_unit_it_battles(choice, left):
    s = new(6)
    put(s, IT, "genoa", armies=1, fleets=1)
    put(s, FR, "marseille", armies=1)
    land(s, FR, "maneuver1")
    play(s, "army:marseille", "to:genoa")
    assert keys(s) == ["battle:IT:army", "battle:IT:fleet", "peace"]
    play(s, choice)
    genoa = ri("genoa")
    assert s.armies[genoa][FR] == 0                                    # one for one
    assert (s.armies[genoa][IT], s.fleets[genoa][IT]) == ((0, 1) if left == "fleet" else (1, 0))
    check_invariants(s)


def test_a_battle_can_leave_an_inactive_power_alone_and_it_takes_the_flag():
    s = new(6)
    s.flags[ri("north_sea")] = GB
    put(s, GE, "north_sea", fleets=2)
    put(s, GB, "english_channel", fleets=1)
    land(s, GB, "maneuver1")
    play(s, "fleet:english_channel", "to:north_sea", "battle:GE:fleet")
    assert s.fleets[ri("north_sea")][GE] == 1 and s.fleets[ri("north_sea")][GB] == 0
    assert dec(s).prompt.startswith("Germany")                        # the maneuver ended by itself
    assert s.flags[ri("north_sea")] == GE


# ---------------------------------------------------------------- hostile and friendly
@pytest.mark.parametrize("declared,other", [("friendly", "hostile"), ("hostile", "friendly")])
def test_the_status_set_on_entering_changes_only_in_a_later_maneuver(declared, other):
    """The seed: "der Status lässt sich im nächsten Manöver ändern" (RULES.md: "during your later maneuvers")."""
    s = new(6)
    put(s, FR, "marseille", armies=2)
    land(s, FR, "maneuver1")
    play(s, "army:marseille", "to:genoa", declared)
    assert s.hostile[ri("genoa")][FR] == (declared == "hostile")
    assert keys(s) == ["army:marseille", "done"]                       # no change of status now
    assert "later maneuver" in refused(s, f"{other}:genoa")
    play(s, "done")
    land(s, FR, "maneuver2")                                           # the next maneuver: it may change
    assert f"{other}:genoa" in keys(s) and f"{declared}:genoa" not in keys(s)
    play(s, f"{other}:genoa")
    assert s.hostile[ri("genoa")][FR] == (other == "hostile")
    assert f"{declared}:genoa" not in keys(s)                          # once per maneuver
    assert GAME.blocked(s, ri("genoa")) == (other == "hostile")


def test_armies_joining_old_ones_keep_the_right_to_change():
    s = new(6)
    put(s, FR, "genoa", armies=1, hostile=False)                       # there since an earlier maneuver
    put(s, FR, "marseille", armies=2)
    land(s, FR, "maneuver1")
    play(s, "army:marseille", "to:genoa")                              # joins: takes the old status
    assert dec(s).kind == "maneuver" and s.armies[ri("genoa")][FR] == 2 and not s.hostile[ri("genoa")][FR]
    play(s, "hostile:genoa")
    assert s.hostile[ri("genoa")][FR] and GAME.blocked(s, ri("genoa"))


# ---------------------------------------------------------------- investor: card, Swiss banks, governments
def two_swiss_banks(s):
    """Dee loses Great Britain to Ann, Eve loses Germany to Fay: Dee and Eve hold Swiss banks."""
    hand_over(s, GB, ANN)
    hand_over(s, GE, FAY)
    assert s.swiss == [False, False, False, True, True, False]


def test_each_swiss_bank_invests_once_after_the_card_holder_in_seat_order():
    s = new(6)
    two_swiss_banks(s)
    s.cash[DEE] = s.cash[EVE] = 10
    land(s, FR, "investor")
    d = dec(s)
    assert d.player == BOB and d.prompt.startswith("Investor card") and s.cash[BOB] == 4
    play(s, "decline")
    d = dec(s)
    assert d.player == DEE and d.prompt.startswith("Swiss bank") and s.cash[DEE] == 10     # no 2M
    play(s, "invest:AH", "buy:4")
    d = dec(s)
    assert d.player == EVE and d.prompt.startswith("Swiss bank") and s.cash[EVE] == 10
    play(s, "invest:AH", "buy:6")
    assert s.bonds[AH][bi(4)] == DEE and s.bonds[AH][bi(6)] == EVE
    assert s.cash[DEE] == 6 and s.cash[EVE] == 4 and s.treasury[AH] == 11 + 10
    d = dec(s)                                                         # nobody is asked twice
    assert d.kind == "rondel" and d.prompt.startswith("Great Britain") and d.player == ANN
    assert s.investor_card == CID


def test_swiss_banks_are_asked_to_force_a_stop_in_seat_order_from_the_card_holder():
    s = new(6)
    two_swiss_banks(s)
    s.investor_card = EVE                                              # from Eve: Eve, then Dee
    to_turn(s, FR, D.MANEUVER1)
    play(s, "space:production2")                                       # passes over Investor
    assert dec(s).kind == "force" and dec(s).player == EVE
    play(s, "allow")
    assert dec(s).kind == "force" and dec(s).player == DEE
    play(s, "allow")
    assert s.rondel[FR] == D.PRODUCTION2 and s.armies[ri("paris")][FR] == 1
    d = dec(s)                                                         # then the investor steps: Eve (card), Dee
    assert d.kind == "invest" and d.player == EVE and d.prompt.startswith("Investor card")
    play(s, "decline")
    assert dec(s).player == DEE and dec(s).prompt.startswith("Swiss bank")
    play(s, "decline")
    assert s.investor_card == FAY and dec(s).prompt.startswith("Great Britain")


def test_the_investor_card_passes_left_and_wraps_to_the_first_seat():
    s = new(6)
    s.investor_card = FAY
    land(s, FR, "investor")
    assert dec(s).player == FAY and s.cash[FAY] == 2 + 1 + 2           # FR 2M interest, then the card's 2M
    play(s, "decline")
    assert s.investor_card == ANN
    assert "The investor card passes to Ann." in log_text(s)


def test_governments_change_only_after_all_the_investments():
    s = new(6)
    hand_over(s, GE, FAY)                                              # Eve: a Swiss bank
    s.cash[BOB] = 20
    land(s, FR, "investor")
    play(s, "invest:AH", "buy:12")                                     # Bob 12M > Ann 9M
    d = dec(s)
    assert d.player == EVE and d.kind == "invest"
    assert s.gov[AH] == ANN and not s.swiss[ANN]                       # not yet: Eve invests first
    play(s, "decline")
    assert s.gov[AH] == BOB and s.swiss[ANN]                           # now; Ann governs nothing any more
    assert "Bob (12M) takes over the government of Austria-Hungary from Ann (9M)." in log_text(s)
    d = dec(s)                                                         # Ann's new Swiss bank does not invest now
    assert d.kind == "rondel" and d.prompt.startswith("Great Britain")
    check_invariants(s)


def test_passing_over_investor_runs_steps_two_and_three_but_pays_no_interest():
    s = new(6)
    hand_over(s, GE, FAY)                                              # Eve: a Swiss bank
    s.cash[EVE] = 40
    to_turn(s, FR, D.MANEUVER1)
    play(s, "space:production2", "allow")                              # 3 spaces over Investor; Eve lets it pass
    assert s.armies[ri("paris")][FR] == 1                              # the action of the space comes first
    assert s.treasury[FR] == 11 and s.cash[CID] == 2 and s.cash[FAY] == 2  # no interest
    assert dec(s).player == BOB and s.cash[BOB] == 4                   # step 2: the card holder's 2M
    play(s, "decline")
    assert dec(s).player == EVE                                        # step 3: the Swiss bank
    play(s, "invest:RU", "buy:30")
    assert s.gov[RU] == EVE and not s.swiss[EVE]                       # governments checked: 30M > Fay's 9M
    assert s.investor_card == CID
    assert "France passed over the Investor space" in log_text(s)
    assert dec(s).prompt.startswith("Great Britain")


@pytest.mark.parametrize("treasury,offered", [(5, True), (4, False)])
def test_a_forced_stop_needs_a_treasury_that_pays_all_the_interest(treasury, offered):
    s = new(6)
    hand_over(s, GE, FAY)
    s.treasury[FR] = treasury                                          # interest due: Cid 4M + Fay 1M
    assert GAME.interest_due(s, FR) == 5
    to_turn(s, FR, D.MANEUVER1)
    play(s, "space:production2")
    if not offered:
        assert dec(s).kind == "invest" and s.rondel[FR] == D.PRODUCTION2
        return
    assert dec(s).kind == "force" and dec(s).player == EVE
    play(s, "force")
    assert s.rondel[FR] == D.INVESTOR and s.treasury[FR] == 0
    assert s.cash[CID] == 2 + 4 and s.cash[FAY] == 2 + 1


# ---------------------------------------------------------------- variant without the investor card
def test_without_the_card_governments_change_after_the_round():
    s = new(6, investor_card="no")
    s.cash = [20] * 6
    land(s, FR, "production1")
    assert dec(s).player == CID and dec(s).prompt.startswith("After France's turn")
    play(s, "decline")
    assert dec(s).player == DEE
    play(s, "invest:FR", "buy:12")                                     # Dee 12M > Cid 9M
    assert dec(s).player == EVE and s.gov[FR] == CID                   # not yet
    for q in (EVE, FAY, ANN, BOB):
        assert dec(s).player == q
        play(s, "decline")
    assert s.gov[FR] == DEE and s.swiss[CID]
    assert "Dee (12M) takes over the government of France from Cid (9M)." in log_text(s)
    assert dec(s).prompt.startswith("Great Britain") and s.cash[BOB] == 20   # no investor card, no 2M


# ---------------------------------------------------------------- set-up per player count
PARTNER = {"AH": "GE", "IT": "GB", "FR": "AH", "GB": "RU", "GE": "IT", "RU": "FR"}   # the 2M bond on each card
SETUPS = {
    # n: (flag cards dealt per seat, the powers each seat takes, start cash)
    6: ([AH, IT, FR, GB, GE, RU], [["AH"], ["IT"], ["FR"], ["GB"], ["GE"], ["RU"]], 13),
    5: ([AH, IT, FR, GB, GE], [["AH"], ["IT"], ["FR"], ["GB"], ["GE"]], 13),
    4: ([AH, IT, FR, GB], [["AH"], ["IT"], ["FR"], ["GB"]], 13),
    3: ([AH, IT, FR], [["AH", "GB"], ["IT", "RU"], ["FR", "GE"]], 24),
    2: ([AH, IT], [["AH", "FR", "GE"], ["IT", "RU", "GB"]], 35),
}


@pytest.mark.parametrize("n", [2, 3, 4, 5, 6])
def test_setup_for_each_player_count(n):
    cards, taken, cash = SETUPS[n]
    s = new(n, cards)
    # every player bought the 9M bond of each of their powers and the partner's 2M bond, and has 2M left
    for q in range(n):
        assert holdings(s, q) == {(p, 9) for p in taken[q]} | {(PARTNER[p], 2) for p in taken[q]}
        assert s.cash[q] == 2
    assert sum(s.cash) + sum(s.treasury) == cash * n                   # the start cash, all spent into treasuries
    for p in range(6):
        assert s.treasury[p] == sum(D.BOND_COSTS[b] for b in range(D.N_BONDS) if s.bonds[p][b] >= 0)
    # governments: the card holders; an undealt card goes to the holder of the power's 2M bond
    gov = [-1] * 6
    for q in range(n):
        for p in taken[q]:
            gov[D.POWER_INDEX[p]] = q
    for p in range(6):
        if gov[p] < 0:
            gov[p] = s.bonds[p][bi(2)]
    assert s.gov == gov
    assert s.investor_card == (gov[AH] + 1) % n
    assert s.swiss == [q not in gov for q in range(n)]
    # the board: markers off the rondel, power points and tax chart at 0, two factories each, nothing else
    assert s.rondel == [-1] * 6 and s.power_points == [0] * 6 and s.tax_chart == [0] * 6
    assert [sum(s.factory[r] for r in D.HOME_PROVINCES[p]) for p in range(6)] == [2] * 6
    assert not any(any(row) for row in s.armies) and not any(any(row) for row in s.fleets)
    assert s.flags == [-1] * D.N_REGIONS
    check_invariants(s)


def test_undealt_cards_with_four_and_five_players():
    s = new(5, [AH, IT, FR, GB, GE])
    assert s.gov[RU] == DEE                                            # RU's 2M bond is on the GB card
    s = new(4, [AH, IT, FR, GB])
    assert s.gov[GE] == ANN and s.gov[RU] == DEE                       # GE 2M on the AH card, RU 2M on GB's


@pytest.mark.parametrize("n,groups", [(3, [{"AH", "GB"}, {"IT", "RU"}, {"FR", "GE"}]),
                                      (2, [{"AH", "FR", "GE"}, {"IT", "RU", "GB"}])])
def test_random_deals_keep_the_fixed_groups_of_powers(n, groups):
    for seed in range(8):
        s = GAME.new_game(NAMES[:n], seed)
        governed = [{D.POWERS[p] for p in range(6) if s.gov[p] == q} for q in range(n)]
        assert sorted(map(sorted, governed)) == sorted(map(sorted, groups))
        assert s.cash == [2] * n


@pytest.mark.parametrize("n,cash", [(6, 15), (5, 18), (4, 22), (3, 28), (2, 40)])
def test_experienced_opening_starting_cash(n, cash):
    s = GAME.new_game(NAMES[:n], 2, {"opening": "experienced"})
    assert s.cash == [cash] * n
    assert s.treasury == [0] * 6 and s.gov == [-1] * 6
    assert all(b < 0 for row in s.bonds for b in row)                  # no flag cards, no bonds yet
    d = dec(s)
    assert d.kind == "opening" and d.player == s.opening_start and d.prompt.startswith("Opening (Austria-Hungary)")
    assert [k for k in d.keys() if k.startswith("buy:")] == [f"buy:{c}" for c in D.BOND_COSTS if c <= cash]
