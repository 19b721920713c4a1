"""Audit tests for Utopia: rules that were enforced but not yet pinned down by a test.

Each test names the rule it checks (seed rule numbers and the table rows of
``docs/rules/utopia.md``).
"""
from __future__ import annotations

import pytest

from boardgames_tui.engine.core import IllegalMove
from boardgames_tui.games.utopia import data as D
from boardgames_tui.games.utopia.placement import wonder_islands
from boardgames_tui.games.utopia.rules import GAME, Discard

from utopia_helpers import (blank, check_invariants, dec, di, give, gt, keys, monument, new, play, put, run,
                            to_pick, to_play)

MAYAN, PERSIAN, EGYPTIAN, GREEK, CHINESE = range(5)


# ---------------------------------------------------------------- setup (rules 1-4, row 19)
@pytest.mark.parametrize("n", [3, 4, 5])
def test_forty_guests_two_per_people_per_island(n):
    s = new(n, 11)
    for t in range(D.N_GUEST_TYPES):
        assert s.bag[t] + s.display[t] == D.GUESTS_PER_TYPE
    assert sum(s.bag) + sum(s.display) == 40 and sum(s.display) == 3 * n
    assert sum(s.removed_guests) == 0 and all(s.open_islands)


def test_two_players_water_piers_and_wonder_are_closed():
    s = blank(2)
    put(s, 0, "F4", "greek")  # a pier in S3, the sector of the Water piers A2 and A5
    give(s, 0, greek=1)
    to_play(s, 0)
    play(s, "move:greek", "district:F4")
    reach = set(keys(s))
    assert {"district:W1", "district:E6"} <= reach
    assert not {"district:A1", "district:A2", "district:A5"} & reach
    with pytest.raises(IllegalMove):
        play(s, "district:A2")
    s = new(2, 5)
    assert not any(s.kept[p][t] or s.bag[t] or s.display[t]
                   for p in range(2) for t in range(D.N_GUEST_TYPES) if t // 5 == D.WATER)
    assert D.WATER not in wonder_islands(s, 0)


# ---------------------------------------------------------------- phase 1: bag draw (rule 14, rows 2 and 14)
def test_drawer_may_build_before_naming_a_player():
    s = blank(3)
    to_pick(s, 0, [("earth", "greek"), ("fire", "mayan")])
    put(s, 0, "E1", "persian", 2)
    # the bag holds a single Earth Persian guest: the draw is known
    for t in range(D.N_GUEST_TYPES):
        s.removed_guests[t] += s.bag[t]
        s.bag[t] = 0
    s.bag[gt("earth", "persian")] = 1
    s.removed_guests[gt("earth", "persian")] -= 1
    play(s, "draw", "district:E1")
    d = dec(s)
    assert d.kind == "build" and d.player == 0 and d.keys() == ["monument:E1:persian", "done"]
    play(s, "monument:E1:persian")
    assert s.mon_owner[di("E1")] == 0
    d = dec(s)
    assert d.kind == "name" and d.player == 0
    check_invariants(s)


def test_named_player_may_build_after_the_out_of_turn_pick():
    s = blank(3)
    to_pick(s, 0, [("earth", "greek"), ("fire", "mayan")])
    put(s, 2, "E3", "greek", 2)
    play(s, "draw")
    play(s, dec(s).keys()[0])
    while dec(s).kind == "build":
        play(s, "done")
    play(s, "player:2", "guest:earth:greek", "district:E3")
    d = dec(s)
    assert d.kind == "build" and d.player == 2 and "monument:E3:greek" in d.keys()
    play(s, "monument:E3:greek")
    assert s.mon_owner[di("E3")] == 2
    # then the round goes on with the next player in order after the drawer
    d = dec(s)
    assert d.kind == "guest" and d.player == 1
    check_invariants(s)


def test_each_player_may_draw_once_in_the_same_round():
    s = blank(3)
    to_pick(s, 0, [("earth", "greek"), ("fire", "mayan"), ("wind", "chinese")])
    play(s, "draw")
    play(s, dec(s).keys()[0])
    while dec(s).kind == "build":
        play(s, "done")
    play(s, "player:2", "guest:earth:greek", "district:E3")
    assert dec(s).player == 1 and "draw" in keys(s)  # player 0's draw does not use up player 1's


# ---------------------------------------------------------------- wonders (rule 11)
def test_wonder_needs_a_free_base():
    s = blank(3)
    for people in ("mayan", "persian", "egyptian", "greek", "chinese"):
        put(s, 1, "W3", people)
    to_play(s, 1)
    assert "wonder:wind" in keys(s)
    s.bases[1] = 0  # (a hand-made position: where the 8 bases stand does not matter here)
    s._decision = None
    assert "wonder:wind" not in keys(s)
    with pytest.raises(IllegalMove, match="no base left") as e:
        play(s, "wonder:wind")
    assert "princes" not in str(e.value)   # all five peoples stand there: the base is what is missing


def test_wonder_on_the_closed_island_says_it_is_closed():
    s = blank(2)
    to_play(s, 0)
    with pytest.raises(IllegalMove, match="Water island is closed") as e:
        play(s, "wonder:water")
    assert "princes" not in str(e.value)


def test_monuments_standing_before_the_wonder_give_no_bonus():
    s = blank(3)
    monument(s, 1, "W1", "mayan")
    for people in ("mayan", "persian", "egyptian", "greek", "chinese"):
        put(s, 0, "W3", people)
    to_play(s, 0)
    play(s, "wonder:wind")
    assert s.scores == [D.WONDER_POINTS, 0, 0]
    put(s, 2, "W2", "greek", 3)
    to_play(s, 2)
    play(s, "monument:W2:greek")  # built later: the wonder's owner scores
    assert s.scores == [D.WONDER_POINTS + D.WONDER_BONUS[D.WIND], 0, 0]
    check_invariants(s)


def test_wonders_score_nothing_in_phase_three():
    s = blank(3)
    s.wonder_owner[D.FIRE] = 0
    s.bases[0] -= 1
    to_play(s, 2, done=(0, 1))
    play(s, "done")
    assert s.scores == [0, 0, 0] and s.round == 2


# ---------------------------------------------------------------- phase 2
def test_discard_two_goes_to_the_first_of_tied_players():
    s = blank(3)
    s.scores = [6, 6, 2]
    s.stamps = [7, 5, 6]  # player 1 reached 6 first
    run(s, GAME._start_cards)
    assert [(st.player, st.left) for st in reversed(s.steps) if isinstance(st, Discard)] == [(1, 2), (0, 1)]
    assert dec(s).player == 1


def test_remove_gives_the_monument_owner_nothing():
    s = blank(3)
    monument(s, 1, "W3", "greek")
    put(s, 0, "W3", "greek")
    give(s, 0, greek=1)
    to_play(s, 0)
    play(s, "remove:greek", "district:W3")
    assert s.scores == [2, 0, 0]


def test_privilege_tile_pays_for_a_move():
    s = blank(3)
    put(s, 0, "E2", "greek")
    give(s, 0, mayan=1)
    to_play(s, 0)
    play(s, "move:greek", "district:E2", "district:E4")
    assert s.princes[di("E4")][0][GREEK] == 1 and s.privileges[0] == 1 and s.discard[MAYAN] == 1


def test_drop_from_the_top_moves_every_other_people_up():
    s = blank(3)
    s.scale = [0, 1, 2, 3, 4]
    give(s, 0, chinese=2)
    to_play(s, 0)
    play(s, "lower:chinese")
    assert s.scale == [CHINESE, MAYAN, PERSIAN, EGYPTIAN, GREEK]


def test_privilege_tiles_run_out_after_two_uses():
    s = blank(3)
    s.scale = [0, 1, 2, 3, 4]
    give(s, 0, mayan=3)
    to_play(s, 0)
    play(s, "raise:greek")
    play(s, "raise:egyptian")
    assert s.privileges[0] == 0
    assert not any(k.endswith((":greek", ":egyptian", ":persian", ":chinese")) for k in keys(s)
                   if k.split(":")[0] in ("raise", "lower"))
