"""The official quick start ("Schnelleinstieg"), four players, the first rounds move by move.

Moves and expected numbers: the walk-through as encoded in playimperial.club's
schnelleinsteigLog.js / schnelleinsteig_legacy_tests.js (see docs/rules/imperial.md, QS).
Seats in clockwise order: Daniel (Russia), Anton (Italy), Bert (Great Britain), Claudia
(France, and Austria-Hungary by its 2M bond); Germany starts without a government.
The quick start does not say whether Russia's army entering Lemberg and Austria's army entering
Odessa are hostile or friendly; both are declared friendly here (no later number depends on it).
"""
from __future__ import annotations

from boardgames_tui.games.imperial import data as D
from boardgames_tui.games.imperial.rules import GAME

from imperial_helpers import AH, FR, GB, GE, IT, RU, check_invariants, dec, keys, log_text, play, ri

DANIEL, ANTON, BERT, CLAUDIA = range(4)


def start():
    return GAME.new_game_dealt(["Daniel", "Anton", "Bert", "Claudia"], 1, None, [RU, IT, GB, FR])


def end_maneuver(s):
    """Fleets done / end the maneuver (a phase with nothing left to do passes by itself)."""
    while dec(s) is not None and dec(s).kind == "maneuver":
        play(s, "done")


def holds(s, q):
    return {(D.POWERS[p], D.BOND_COSTS[b]) for p in range(6) for b in range(9) if s.bonds[p][b] == q}


def test_quickstart_setup():
    s = start()
    assert s.cash == [2, 2, 2, 2]
    assert holds(s, DANIEL) == {("RU", 9), ("FR", 2)}
    assert holds(s, ANTON) == {("IT", 9), ("GB", 2)}
    assert holds(s, BERT) == {("GB", 9), ("RU", 2)}
    assert holds(s, CLAUDIA) == {("FR", 9), ("AH", 2)}
    assert s.treasury == [2, 9, 11, 11, 0, 11]
    assert s.gov == [CLAUDIA, ANTON, CLAUDIA, BERT, -1, DANIEL]
    assert s.investor_card == DANIEL
    assert s.swiss == [False] * 4
    d = dec(s)
    assert d.player == CLAUDIA and d.prompt.startswith("Austria-Hungary:")


def test_quickstart_first_five_rounds():
    s = start()
    # -- round 1
    play(s, "space:import", "fleet:trieste", "army:lemberg", "done")              # AH
    assert s.treasury[AH] == 0 and s.fleets[ri("trieste")][AH] == 1 and s.armies[ri("lemberg")][AH] == 1
    assert dec(s).player == ANTON
    play(s, "space:investor")                                                     # IT
    assert s.treasury[IT] == 5 and s.cash[ANTON] == 6 and s.cash[DANIEL] == 4
    assert dec(s).player == DANIEL and dec(s).kind == "invest"
    play(s, "invest:GE", "buy:4")
    assert s.cash[DANIEL] == 0 and s.treasury[GE] == 4
    assert s.gov[GE] == DANIEL and s.investor_card == ANTON
    assert dec(s).player == CLAUDIA                                               # FR
    play(s, "space:factory")
    assert sorted(k for k in keys(s) if k.startswith("factory:")) == \
        ["factory:brest", "factory:dijon", "factory:marseille"]
    play(s, "factory:marseille")
    assert s.factory[ri("marseille")] and s.treasury[FR] == 6
    play(s, "space:production1")                                                  # GB
    assert s.fleets[ri("london")][GB] == 1 and s.fleets[ri("liverpool")][GB] == 1
    assert dec(s).player == DANIEL                                                # GE acts in round 1
    play(s, "space:production2")
    assert s.armies[ri("berlin")][GE] == 1 and s.fleets[ri("hamburg")][GE] == 1
    assert s.investor_card == ANTON
    play(s, "space:investor")                                                     # RU
    assert s.treasury[RU] == 6 and s.cash[DANIEL] == 4 and s.cash[BERT] == 3 and s.cash[ANTON] == 8
    play(s, "invest:GE", "buy:6")
    assert s.cash[ANTON] == 2 and s.treasury[GE] == 10 and s.gov[GE] == ANTON
    assert s.investor_card == BERT
    # -- round 2
    assert s.round == 2 and dec(s).player == CLAUDIA and dec(s).prompt.startswith("Austria-Hungary")
    play(s, "space:production2")                                                  # AH
    assert s.armies[ri("vienna")][AH] == 1 and s.armies[ri("budapest")][AH] == 1 and s.treasury[AH] == 0
    play(s, "space:production2")                                                  # IT
    assert s.armies[ri("rome")][IT] == 1 and s.fleets[ri("naples")][IT] == 1
    play(s, "space:production1")                                                  # FR
    assert [s.fleets[ri(x)][FR] for x in ("bordeaux", "marseille")] == [1, 1] and s.armies[ri("paris")][FR] == 1
    play(s, "space:maneuver1")                                                    # GB
    assert sorted(k for k in keys(s) if k.startswith("fleet:")) == ["fleet:liverpool", "fleet:london"]
    play(s, "fleet:liverpool", "to:north_atlantic", "fleet:london")
    assert keys(s) == ["to:english_channel", "back"]       # from the harbour only into its own sea
    play(s, "to:english_channel")
    end_maneuver(s)
    assert s.flags[ri("north_atlantic")] == GB and s.flags[ri("english_channel")] == GB
    play(s, "space:maneuver2", "fleet:hamburg", "to:north_sea")                   # GE (Anton)
    assert dec(s).prompt.startswith("Germany: maneuver - move an army")    # no fleet left: armies next
    play(s, "army:berlin")
    assert "to:norway" in keys(s) and "to:london" in keys(s)   # rail to Hamburg, then across the North Sea
    play(s, "to:norway")
    end_maneuver(s)
    assert s.flags[ri("north_sea")] == GE and s.flags[ri("norway")] == GE
    play(s, "space:import", "fleet:st_petersburg", "army:moscow", "army:moscow")  # RU
    assert s.fleets[ri("st_petersburg")][RU] == 1 and s.armies[ri("moscow")][RU] == 2 and s.treasury[RU] == 3
    # -- round 3
    play(s, "space:maneuver2", "fleet:trieste", "to:ionian_sea")                  # AH
    play(s, "army:lemberg", "to:romania", "army:budapest", "to:west_balkan", "army:vienna")
    assert "to:tunis" in keys(s)                               # rail to Trieste, then across the Ionian Sea
    play(s, "to:tunis")
    end_maneuver(s)
    for r in ("ionian_sea", "romania", "west_balkan", "tunis"):
        assert s.flags[ri(r)] == AH, r
    play(s, "space:maneuver2", "fleet:naples", "to:western_med", "army:rome", "to:spain")  # IT
    end_maneuver(s)
    assert s.flags[ri("western_med")] == IT and s.flags[ri("spain")] == IT
    play(s, "space:maneuver1", "fleet:marseille", "to:western_med")              # FR
    assert dec(s).player == CLAUDIA and "battle:IT:fleet" in keys(s)
    play(s, "peace")
    d = dec(s)
    assert d.player == ANTON and d.kind == "demand" and d.prompt.startswith("Italy:")
    play(s, "battle")                                          # Italy demands the battle: both fleets go
    assert s.fleets[ri("western_med")] == [0] * 6
    play(s, "fleet:bordeaux", "to:bay_of_biscay", "army:paris")
    assert "to:morocco" in keys(s) and "to:portugal" in keys(s)
    play(s, "to:morocco")
    end_maneuver(s)
    assert s.flags[ri("western_med")] == IT                    # an emptied region keeps its flag
    assert s.flags[ri("bay_of_biscay")] == FR and s.flags[ri("morocco")] == FR
    assert s.investor_card == BERT
    play(s, "space:investor")                                                     # GB
    assert s.treasury[GB] == 6 and s.cash[BERT] == 9
    play(s, "invest:RU", "buy:6")
    assert s.cash[BERT] == 3 and s.treasury[RU] == 9 and s.gov[RU] == DANIEL
    play(s, "space:taxation")                                                     # GE (Anton)
    assert s.treasury[GE] == 14 and s.tax_chart[GE] == 1 and s.power_points[GE] == 1 and s.cash[ANTON] == 4
    play(s, "space:production2")                                                  # RU
    assert s.fleets[ri("odessa")][RU] == 1 and s.armies[ri("moscow")][RU] == 3
    # -- round 4
    play(s, "space:taxation")                                                     # AH
    assert s.treasury[AH] == 4 and s.tax_chart[AH] == 3 and s.power_points[AH] == 3 and s.cash[CLAUDIA] == 5
    play(s, "space:production1")                                                  # IT
    assert s.armies[ri("rome")][IT] == 1 and s.fleets[ri("naples")][IT] == 1
    play(s, "space:production2")                                  # FR passes over Investor
    assert [s.fleets[ri(x)][FR] for x in ("bordeaux", "marseille")] == [1, 1] and s.armies[ri("paris")][FR] == 1
    assert dec(s).player == CLAUDIA and dec(s).kind == "invest" and s.cash[CLAUDIA] == 7
    assert s.treasury[FR] == 6                                    # passing pays no interest
    play(s, "invest:AH", "buy:6")
    assert s.cash[CLAUDIA] == 1 and holds(s, CLAUDIA) == {("AH", 2), ("FR", 9), ("AH", 6)}
    assert s.investor_card == DANIEL
    play(s, "space:production2")                                                  # GB
    assert s.fleets[ri("london")][GB] == 1 and s.fleets[ri("liverpool")][GB] == 1
    play(s, "space:factory")                                                      # GE
    assert sorted(k for k in keys(s) if k.startswith("factory:")) == \
        ["factory:cologne", "factory:danzig", "factory:munich"]
    play(s, "factory:cologne")
    assert s.treasury[GE] == 9
    play(s, "space:maneuver2", "fleet:st_petersburg", "to:baltic_sea", "fleet:odessa", "to:black_sea")
    play(s, "army:moscow", "to:sweden", "army:moscow", "to:turkey", "army:moscow", "to:lemberg")
    assert dec(s).kind == "declare"
    play(s, "friendly")
    end_maneuver(s)
    for r in ("baltic_sea", "sweden", "black_sea", "turkey"):
        assert s.flags[ri(r)] == RU, r
    assert s.flags[ri("lemberg")] == -1                           # never a flag in a home province
    # -- round 5
    play(s, "space:maneuver1", "fleet:ionian_sea", "to:western_med")              # AH
    play(s, "army:tunis", "to:algeria", "army:west_balkan", "to:bulgaria", "army:romania", "to:odessa",
         "friendly")
    end_maneuver(s)
    for r in ("western_med", "algeria", "bulgaria"):
        assert s.flags[ri(r)] == AH, r
    assert s.flags[ri("romania")] == AH                           # left empty: keeps the flag
    play(s, "space:investor")                                                     # IT
    assert s.treasury[IT] == 1 and s.cash[ANTON] == 8 and s.cash[DANIEL] == 6
    play(s, "invest:GE")
    assert "trade:9:4" in keys(s)
    play(s, "trade:9:4")
    assert holds(s, DANIEL) == {("FR", 2), ("RU", 9), ("GE", 9)}
    assert s.cash[DANIEL] == 1 and s.treasury[GE] == 14 and s.gov[GE] == DANIEL
    assert s.investor_card == ANTON
    assert "Daniel (9M) takes over the government of Germany from Anton (6M)" in log_text(s)
    check_invariants(s)
