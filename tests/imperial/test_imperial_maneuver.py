"""Maneuvers: fleets, armies, railway, convoys, battles, hostile and friendly armies, factory destruction,
flags."""
from __future__ import annotations

from boardgames_tui.games.imperial import data as D
from boardgames_tui.games.imperial.rules import GAME
from boardgames_tui.games.imperial.labels import full_text

from imperial_helpers import (AH, FR, GB, GE, IT, RU, check_invariants, dec, keys, log_text, new,
                              play, put, refused, ri, to_turn)


def maneuver(s, power):
    """``power`` lands on Maneuver (from Production: one space, free)."""
    to_turn(s, power, D.PRODUCTION1)
    play(s, "space:maneuver1")


def armies(s):
    """Go on to the armies (the fleet phase asks only when there is a fleet to move or to fight with)."""
    if dec(s).kind == "maneuver" and "fleet" in dec(s).prompt:
        play(s, "done")


def end_maneuver(s):
    """End the maneuver (it ends by itself when nothing is left to do)."""
    while dec(s) is not None and dec(s).kind == "maneuver":
        play(s, "done")


def dests(s):
    return sorted(k[3:] for k in keys(s) if k.startswith("to:"))


# ---------------------------------------------------------------- fleets
def test_fleets_move_first_then_armies():
    s = new(6)
    put(s, GB, "london", fleets=1, armies=1)
    maneuver(s, GB)
    d = dec(s)
    assert d.kind == "maneuver" and d.prompt.startswith("Great Britain: maneuver - move a fleet")
    assert d.keys() == ["fleet:london", "done"]
    assert d.get("fleet:london").target == ("region", ri("london"))
    play(s, "done")
    assert keys(s) == ["army:london", "done"]


def test_a_fleet_leaves_its_harbour_only_into_its_own_sea_and_never_returns():
    s = new(6)
    put(s, GB, "london", fleets=1)
    put(s, GB, "north_sea", fleets=1)
    maneuver(s, GB)
    play(s, "fleet:london")
    assert dests(s) == ["english_channel"]
    play(s, "back", "fleet:north_sea")
    assert dests(s) == ["baltic_sea", "english_channel", "north_atlantic"]    # seas only, never land
    assert "never back to land" in refused(s, "to:london")
    play(s, "to:baltic_sea")
    assert keys(s) == ["fleet:london", "done"]                                 # each unit moves once


# ---------------------------------------------------------------- armies, railway, convoys
def test_army_moves_by_land_and_railway():
    s = new(6)
    put(s, AH, "vienna", armies=1)
    maneuver(s, AH)
    armies(s)
    play(s, "army:vienna")
    got = set(dests(s))
    # railway to the other home provinces, then one step on from any of them
    assert {"budapest", "prague", "lemberg", "trieste"} <= got
    assert {"kiev", "romania", "warsaw", "west_balkan", "berlin", "munich", "genoa", "venice"} <= got
    assert "ionian_sea" not in got and "bulgaria" not in got                   # two steps away


def test_railway_after_the_step_and_a_hostile_army_cuts_the_line():
    s = new(6)
    put(s, GE, "danzig", armies=1)
    maneuver(s, GE)
    armies(s)
    play(s, "army:danzig")
    assert {"hamburg", "cologne", "munich", "denmark", "holland", "belgium", "dijon"} <= set(dests(s))
    play(s, "back")
    end_maneuver(s)
    s = new(6)
    put(s, GE, "danzig", armies=1)
    put(s, RU, "berlin", armies=1, hostile=True)                              # Danzig's only rail link
    maneuver(s, GE)
    armies(s)
    play(s, "army:danzig")
    assert dests(s) == ["berlin", "prague", "st_petersburg", "warsaw"]
    # an army abroad steps into its own province and rails on
    s = new(6)
    put(s, AH, "romania", armies=1)
    maneuver(s, AH)
    armies(s)
    play(s, "army:romania")
    got = set(dests(s))
    assert {"budapest", "vienna", "prague", "trieste", "lemberg"} <= got
    assert "munich" not in got and "venice" not in got                        # the move ends after the rail


def test_convoy_one_army_per_fleet():
    s = new(6)
    put(s, GE, "hamburg", armies=2)
    put(s, GE, "north_sea", fleets=1)
    maneuver(s, GE)
    armies(s)
    play(s, "army:hamburg")
    d = dec(s)
    assert "to:norway" in d and "to:london" in d and "to:edinburgh" in d
    assert full_text(d.get("to:norway")) == "Norway (by sea: North Sea)"
    assert d.get("to:denmark").label == "Denmark"                             # by land: no fleet used
    play(s, "to:norway")
    assert s.convoy_used[ri("north_sea")] == 1
    play(s, "army:hamburg")
    assert "to:norway" not in keys(s) and "to:london" not in keys(s)          # that fleet has carried
    play(s, "to:denmark")
    end_maneuver(s)
    assert s.flags[ri("norway")] == GE and s.flags[ri("denmark")] == GE
    assert s.convoy_used == [0] * D.N_REGIONS                                  # reset after the maneuver


def test_convoy_across_several_seas_uses_every_fleet_on_the_way():
    s = new(6)
    put(s, GE, "hamburg", armies=2)
    put(s, GE, "north_sea", fleets=1)
    put(s, GE, "english_channel", fleets=1)
    maneuver(s, GE)
    armies(s)
    play(s, "army:hamburg")
    assert GAME.view(s, None)["selected"] == {"unit": "army", "from": "hamburg"}
    assert full_text(dec(s).get("to:brest")) == "Brest (by sea: North Sea, English Channel)"
    play(s, "to:brest", "friendly")
    play(s, "army:hamburg")
    assert not any(k in keys(s) for k in ("to:norway", "to:paris", "to:london"))


def test_dublin_only_by_sea():
    s = new(6)
    put(s, GB, "liverpool", armies=1)
    maneuver(s, GB)
    armies(s)
    play(s, "army:liverpool")
    assert "to:dublin" not in keys(s)
    s = new(6)
    put(s, GB, "liverpool", armies=1)
    put(s, GB, "north_atlantic", fleets=1)
    maneuver(s, GB)
    armies(s)
    play(s, "army:liverpool")
    assert "to:dublin" in keys(s)
    play(s, "to:dublin")
    end_maneuver(s)
    # an army in Dublin with no fleet cannot move at all (nothing to do: the maneuver passes by itself)
    put(s, GB, "north_atlantic", fleets=-1)
    put(s, GB, "london", armies=1)
    maneuver(s, GB)
    assert keys(s) == ["army:london", "done"]


# ---------------------------------------------------------------- battles
def test_entering_a_sea_with_a_foreign_fleet_the_mover_chooses():
    s = new(6)
    put(s, FR, "western_med", fleets=1)
    put(s, GE, "western_med", fleets=1)
    put(s, IT, "naples", fleets=1)
    maneuver(s, IT)
    play(s, "fleet:naples", "to:western_med")
    d = dec(s)
    assert d.kind == "battle" and d.player == 1 and d.prompt.startswith("Italy:")
    assert d.keys() == ["battle:FR:fleet", "battle:GE:fleet", "peace"]
    play(s, "battle:GE:fleet")
    assert s.fleets[ri("western_med")][IT] == 0 and s.fleets[ri("western_med")][GE] == 0
    assert s.fleets[ri("western_med")][FR] == 1
    assert "Italy attacks in Western Mediterranean: Italy's fleet and Germany's fleet are removed." in log_text(s)
    check_invariants(s)


def test_peace_then_the_others_may_demand_a_battle():
    s = new(6)
    s.flags[ri("western_med")] = FR
    put(s, FR, "western_med", fleets=1)
    put(s, GE, "western_med", fleets=1)
    put(s, IT, "naples", fleets=1)
    maneuver(s, IT)
    play(s, "fleet:naples", "to:western_med", "peace")
    d = dec(s)
    assert d.kind == "demand" and d.player == 2 and d.prompt.startswith("France:")   # turn order after Italy
    play(s, "allow")
    d = dec(s)
    assert d.kind == "demand" and d.player == 4 and d.prompt.startswith("Germany:")
    play(s, "allow")
    assert dec(s).kind == "maneuver"
    end_maneuver(s)
    assert s.fleets[ri("western_med")][IT] == 1
    assert s.flags[ri("western_med")] == FR                                   # shared: the flag stays


def test_a_demanded_battle_removes_the_unit_that_moved():
    s = new(6)
    put(s, GE, "north_sea", fleets=2)
    put(s, GB, "london", fleets=1)
    put(s, GB, "english_channel", fleets=1)
    maneuver(s, GB)
    play(s, "fleet:english_channel", "to:north_sea", "peace", "battle")
    assert s.fleets[ri("north_sea")] == [0, 0, 0, 0, 1, 0]
    assert "Germany demands a battle in North Sea" in log_text(s)
    # the fleet that stayed in London may still move
    assert "fleet:london" in keys(s)


def test_battle_with_units_that_did_not_move():
    s = new(6)
    put(s, FR, "spain", armies=2)
    put(s, IT, "spain", armies=1)
    maneuver(s, FR)
    armies(s)
    assert "attack:spain:IT:army:army" in keys(s)
    play(s, "attack:spain:IT:army:army")
    assert s.armies[ri("spain")][FR] == 1 and s.armies[ri("spain")][IT] == 0
    play(s, "done")
    assert s.flags[ri("spain")] == FR                                         # now alone there


def test_fleets_and_armies_fight_only_in_a_harbour():
    s = new(6)
    put(s, IT, "genoa", fleets=1)
    put(s, FR, "marseille", armies=1)
    put(s, FR, "western_med", fleets=1)
    maneuver(s, FR)
    assert not any(k.startswith("attack") for k in keys(s))                  # a fleet at sea fights no army
    armies(s)
    play(s, "army:marseille", "to:genoa")
    assert keys(s) == ["battle:IT:fleet", "peace"]                           # the fleet is still in port
    play(s, "battle:IT:fleet")
    assert s.fleets[ri("genoa")][IT] == 0 and s.armies[ri("genoa")][FR] == 0


def test_a_harbour_fleet_may_attack_an_army_in_its_province():
    s = new(6)
    put(s, IT, "genoa", fleets=1)
    put(s, FR, "genoa", armies=1, hostile=True)
    maneuver(s, IT)
    assert "attack:genoa:FR:fleet:army" in keys(s)
    play(s, "attack:genoa:FR:fleet:army")
    assert s.fleets[ri("genoa")][IT] == 0 and s.armies[ri("genoa")][FR] == 0
    assert not s.hostile[ri("genoa")][FR]


# ---------------------------------------------------------------- hostile and friendly
def test_entering_a_foreign_home_province_declare_hostile_or_friendly():
    s = new(6)
    put(s, FR, "marseille", armies=2)
    maneuver(s, FR)
    armies(s)
    play(s, "army:marseille", "to:genoa")
    d = dec(s)
    assert d.kind == "declare" and d.keys() == ["hostile", "friendly"] and d.prompt.startswith("France:")
    play(s, "hostile")
    assert s.hostile[ri("genoa")][FR] and GAME.blocked(s, ri("genoa"))
    play(s, "army:marseille", "to:genoa")                                    # joins: no second question
    # nothing is left to do (the status set on entering changes only in a later maneuver): the maneuver ends
    assert s.armies[ri("genoa")][FR] == 2 and dec(s).kind == "rondel" and dec(s).prompt.startswith("Great Britain")
    v = GAME.view(s, None)
    genoa = next(r for r in v["regions"] if r["key"] == "genoa")
    assert genoa["blocked"] and genoa["units"] == [{"power": "FR", "armies": 2, "fleets": 0, "hostile": True}]
    assert s.flags[ri("genoa")] == -1                                        # never a flag in a home province


def test_status_changes_once_per_maneuver_and_the_owner_may_then_demand():
    s = new(6)
    put(s, FR, "genoa", armies=1, hostile=False)
    put(s, IT, "genoa", armies=1)
    maneuver(s, FR)
    armies(s)
    assert "hostile:genoa" in keys(s)
    play(s, "hostile:genoa")
    d = dec(s)
    assert d.kind == "demand" and d.prompt.startswith("Italy:")
    play(s, "allow")
    assert "friendly:genoa" not in keys(s) and "hostile:genoa" not in keys(s)
    assert s.hostile[ri("genoa")][FR]


def test_last_unoccupied_factory_armies_must_be_friendly():
    s = new(6)
    put(s, GE, "bordeaux", armies=1, hostile=True)                           # Bordeaux is occupied
    put(s, GE, "belgium", armies=1)
    maneuver(s, GE)
    armies(s)
    play(s, "army:belgium", "to:paris")
    assert dec(s).kind == "maneuver"                                         # no declaration asked
    assert not s.hostile[ri("paris")][GE]
    assert "Paris holds France's last unoccupied factory" in log_text(s)
    assert "hostile:paris" not in keys(s) and "friendly:bordeaux" in keys(s)


# ---------------------------------------------------------------- destroying factories
def test_three_armies_destroy_a_factory_and_are_removed():
    s = new(6)
    put(s, GE, "paris", armies=3, hostile=True)
    maneuver(s, GE)
    armies(s)
    d = dec(s)
    assert "destroy:paris" in d and d.get("destroy:paris").target == ("region", ri("paris"))
    play(s, "destroy:paris")
    assert not s.factory[ri("paris")] and s.armies[ri("paris")][GE] == 0
    assert "Germany destroys France's factory in Paris" in log_text(s)
    check_invariants(s)


def test_no_destruction_with_defenders_fewer_armies_or_the_last_factory():
    s = new(6)
    put(s, GE, "paris", armies=3, hostile=True)
    put(s, FR, "paris", armies=1)
    maneuver(s, GE)
    armies(s)
    assert "destroy:paris" not in keys(s)                                    # a defender is there
    s = new(6)
    put(s, GE, "paris", armies=2, hostile=True)
    maneuver(s, GE)
    armies(s)
    assert "destroy:paris" not in keys(s)                                    # two armies are not enough
    s = new(6)
    s.factory[ri("bordeaux")] = False                                        # Paris is France's only factory
    put(s, GE, "paris", armies=3, hostile=False)
    maneuver(s, GE)
    armies(s)
    assert "destroy:paris" not in keys(s)
    s = new(6)
    put(s, GE, "paris", armies=3, hostile=False)
    put(s, IT, "bordeaux", armies=1, hostile=True)                           # Paris: last unoccupied factory
    maneuver(s, GE)
    armies(s)
    assert "destroy:paris" not in keys(s) and "hostile:paris" not in keys(s)


# ---------------------------------------------------------------- flags
def test_flags_go_where_one_power_stands_alone():
    s = new(6)
    s.flags[ri("belgium")] = IT
    s.flags[ri("spain")] = IT
    put(s, FR, "bordeaux", armies=1)
    put(s, FR, "paris", armies=1)
    put(s, IT, "spain", armies=1)
    maneuver(s, FR)
    armies(s)
    play(s, "army:paris", "to:belgium", "army:bordeaux", "to:spain", "peace", "allow")
    end_maneuver(s)
    assert s.flags[ri("belgium")] == FR                                      # swapped: France alone
    assert s.flags[ri("spain")] == IT                                        # shared: kept
    assert "Flags: France in Belgium (replacing Italy)." in log_text(s)


def test_a_power_without_flags_left_takes_no_region():
    s = new(6)
    held = [r for r in D.FLAG_REGIONS if r != ri("greece")][:15]
    for r in held:
        s.flags[r] = FR
    s.flags[ri("greece")] = IT
    put(s, FR, "greece", armies=1)
    clear_greece = ri("greece")
    maneuver(s, FR)
    end_maneuver(s)
    assert s.flags[clear_greece] == -1 and s.flags.count(FR) == 15
    check_invariants(s)
