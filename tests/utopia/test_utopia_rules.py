"""Rule tests for Utopia, each on a small hand-made position."""
from __future__ import annotations

import copy
from pathlib import Path

import pytest

from boardgames_tui.engine.core import IllegalMove
from boardgames_tui.games.utopia import data as D
from boardgames_tui.games.utopia import rules as R
from boardgames_tui.games.utopia.actions import MoveCount, MoveTo
from boardgames_tui.games.utopia.placement import NamePlayer
from boardgames_tui.games.utopia.rules import GAME

from utopia_helpers import (blank, check_invariants, dec, deck_cards, di, give, gt, keys, monument, new, play,
                            put, run, set_deck, to_pick, to_play, top)

MAYAN, PERSIAN, EGYPTIAN, GREEK, CHINESE = range(5)


def same_position(a, b) -> bool:
    return a == b  # _decision is compare=False


# ---------------------------------------------------------------- setup
def test_setup_five_players():
    s = new(5, 7)
    check_invariants(s)
    assert sorted(s.scale) == [0, 1, 2, 3, 4]
    assert sum(s.display) == 15 and sum(s.bag) == 25
    assert len(s.deck) == 50
    assert all(v == 8 for row in s.supply for v in row)
    assert s.bases == [8] * 5 and s.privileges == [2] * 5
    order = GAME.rank_order(s)
    start = order[0]
    assert order == [(start + i) % 5 for i in range(5)]  # the others stand behind, clockwise
    d = dec(s)
    assert d.player == start and d.kind == "guest" and not d.private
    assert s.round == 1 and s.phase == "guests"


def test_setup_is_random_per_seed():
    scales = {tuple(new(3, seed).scale) for seed in range(30)}
    starts = {GAME.rank_order(new(3, seed))[0] for seed in range(30)}
    assert len(scales) > 5 and starts == {0, 1, 2}


def test_two_players_close_water():
    s = new(2, 3)
    check_invariants(s)
    assert sum(s.bag) + sum(s.display) == 30 and sum(s.removed_guests) == 10
    assert not s.open_islands[D.WATER]
    assert all(s.display[t] == 0 for t in range(D.N_GUEST_TYPES) if t // 5 == D.WATER)
    assert not any(k.startswith("guest:water") for k in keys(s))
    # a bridge into the closed island is not a way to move
    s = blank(2)
    put(s, 0, "W5", "greek")
    give(s, 0, greek=1)
    to_play(s, 0)
    play(s, "move:greek", "district:W5")
    assert "district:A4" not in keys(s)


def test_player_count_checked():
    with pytest.raises(ValueError):
        GAME.new_game(["a"], 1)
    with pytest.raises(ValueError):
        GAME.new_game(list("abcdef"), 1)


# ---------------------------------------------------------------- phase 1
def test_take_guest_and_place_prince_on_its_island():
    s = blank(3)
    to_pick(s, 0, [("fire", "mayan"), ("earth", "greek")])
    d = dec(s)
    assert {"guest:fire:mayan", "guest:earth:greek", "draw"} <= set(d.keys())
    assert d.get("guest:fire:mayan").target == ("guest", D.FIRE, MAYAN)
    play(s, "guest:fire:mayan")
    d = dec(s)
    assert d.kind == "place" and d.player == 0
    assert d.keys() == [f"district:F{i}" for i in range(1, 7)] + ["back"]
    assert d.get("district:F3").target == ("district", di("F3"))
    play(s, "district:F3")
    assert s.princes[di("F3")][0][MAYAN] == 1 and s.supply[0][MAYAN] == 7
    assert s.kept[0][gt("fire", "mayan")] == 1 and s.display[gt("fire", "mayan")] == 0
    assert dec(s).player == 1 and dec(s).kind == "guest"


def test_back_from_place_changes_nothing():
    s = blank(3)
    to_pick(s, 0, [("fire", "mayan")])
    before = copy.deepcopy(s)
    play(s, "guest:fire:mayan", "back")
    assert same_position(s, before)


def test_guest_without_a_prince_cannot_be_taken():
    s = blank(3)
    to_pick(s, 0, [("fire", "mayan"), ("earth", "greek")])
    s.supply[0][MAYAN] = 0
    assert "guest:fire:mayan" not in keys(s)
    with pytest.raises(IllegalMove, match="no Mayan prince"):
        play(s, "guest:fire:mayan")


def test_player_who_can_take_no_guest_passes():
    s = blank(3)
    to_pick(s, 0, [("fire", "mayan"), ("fire", "mayan")])
    put(s, 0, "E1", "mayan", 8)  # no Mayan prince: no guest, and no bag draw either
    run(s, GAME._next_pick)
    assert dec(s).player == 1
    assert any("Ann has no prince" in e.text and "passes" in e.text for e in s.log)
    play(s, "guest:fire:mayan", "district:F1")
    assert dec(s).player == 2


def test_bag_draw_and_named_player_takes_out_of_turn():
    s = blank(3)
    to_pick(s, 0, [("earth", "greek"), ("wind", "chinese"), ("wind", "mayan"), ("fire", "greek"),
                   ("earth", "mayan"), ("fire", "persian")])
    # leave a single guest in the bag so the draw is known
    for t in range(D.N_GUEST_TYPES):
        s.removed_guests[t] += s.bag[t]
        s.bag[t] = 0
    s.bag[gt("water", "egyptian")] = 1
    s.removed_guests[gt("water", "egyptian")] -= 1
    mark = s.rng.mark
    play(s, "draw")
    d = dec(s)
    assert d.kind == "place" and d.player == 0
    assert d.keys() == [f"district:A{i}" for i in range(1, 6)]  # no back after a draw
    assert s.rng.mark == mark + 1 and s.drew[0]  # the draw is a random call: counted
    assert s.kept[0][gt("water", "egyptian")] == 1
    play(s, "district:A3")
    assert s.princes[di("A3")][0][EGYPTIAN] == 1
    d = dec(s)
    assert d.kind == "name" and d.player == 0 and d.keys() == ["player:1", "player:2"]
    play(s, "player:2")
    d = dec(s)
    assert d.kind == "extra_guest" and d.player == 2 and d.private
    assert "draw" not in d.keys() and "pass" not in d.keys()
    with pytest.raises(IllegalMove, match="may not draw"):
        play(s, "draw")
    play(s, "guest:wind:chinese", "district:W1")
    assert s.princes[di("W1")][2][CHINESE] == 1 and s.kept[2][gt("wind", "chinese")] == 1
    assert sum(s.display) == 5
    # the round goes on with the next player in order, who may still draw
    d = dec(s)
    assert d.player == 1 and d.kind == "guest"
    play(s, "guest:wind:mayan", "district:W2")
    assert dec(s).player == 2  # player 2's own turn still comes
    play(s, "guest:fire:greek", "district:F1")
    assert dec(s).player == 0
    assert "draw" not in keys(s)  # once per round
    with pytest.raises(IllegalMove, match="once per round"):
        play(s, "draw")
    check_invariants(s)


def test_draw_needs_a_prince_of_every_people_and_a_bag():
    s = blank(3)
    to_pick(s, 0, [("earth", "greek")])
    s.supply[0][CHINESE] = 0
    assert "draw" not in keys(s)
    with pytest.raises(IllegalMove, match="every people"):
        play(s, "draw")
    s = blank(3)
    to_pick(s, 0, [("earth", "greek")])
    s.bag = [0] * D.N_GUEST_TYPES
    assert "draw" not in keys(s)


def test_named_player_without_a_prince_skips():
    s = blank(3)
    to_pick(s, 0, [("earth", "greek"), ("earth", "greek")])
    s.supply[2][GREEK] = 0
    play(s, "draw")
    d = dec(s)
    play(s, d.keys()[0], "player:2")
    assert any("skips the extra pick" in e.text for e in s.log)
    assert dec(s).player == 1 and dec(s).kind == "guest"


def test_bag_draw_resets_each_round():
    s = blank(3)
    s.drew = [True, True, True]
    s.round = 1
    run(s, GAME._start_round)
    assert s.drew == [False, False, False]


def test_phase_one_order_by_score_and_arrival():
    s = blank(3)
    s.scores = [4, 9, 4]
    s.stamps = [5, 3, 4]  # player 2 reached 4 before player 0
    assert GAME.rank_order(s) == [1, 2, 0]
    to_pick(s, 1, [("earth", "greek")] * 2 + [("fire", "greek")])
    play(s, "guest:earth:greek", "district:E1")
    assert dec(s).player == 2
    play(s, "guest:earth:greek", "district:E1")
    assert dec(s).player == 0


def test_go_around_until_all_guests_taken_then_phase_two():
    s = blank(2)
    to_pick(s, 0, [("earth", "greek"), ("earth", "mayan"), ("fire", "mayan")])
    seq = []
    while s.phase == "guests":
        d = dec(s)
        seq.append(d.player)
        g = [k for k in d.keys() if k.startswith("guest:")][0]
        play(s, g)
        play(s, dec(s).keys()[0])
        while s.phase == "guests" and dec(s).kind == "build":
            play(s, "done")
    assert seq == [0, 1, 0]
    assert s.phase == "discard"


def test_leftover_guests_nobody_can_take_go_back():
    s = blank(3)
    to_pick(s, 0, [("earth", "greek"), ("fire", "greek")])
    for p in range(3):
        put(s, p, "E1", "greek", 8)
    bag = sum(s.bag)
    run(s, GAME._next_pick)
    assert s.phase == "discard" and sum(s.display) == 0 and sum(s.bag) == bag + 2 - 0
    assert any("go back into the bag" in e.text for e in s.log)


def test_bag_refill_from_kept_guests():
    s = blank(3)
    moved = 0
    for t in range(D.N_GUEST_TYPES):
        while s.bag[t] and sum(s.bag) > 4:
            s.bag[t] -= 1
            s.kept[t % 3][t] += 1
            moved += 1
    run(s, GAME._start_round)
    assert sum(s.display) == 9
    assert sum(map(sum, s.kept)) == 0
    assert any("go back in" in e.text for e in s.log)
    check_invariants(s)


def test_all_on_start_space_first_player_moves_back():
    s = blank(3)
    s.first_last_round = 0
    run(s, GAME._start_round)
    assert GAME.rank_order(s) == [1, 2, 0]
    assert dec(s).player == 1


# ---------------------------------------------------------------- wonders
def _wonder_position():
    s = blank(3)
    to_pick(s, 0, [("earth", "chinese"), ("fire", "greek")])
    for people in ("mayan", "persian", "egyptian", "greek"):
        put(s, 0, "E1", people)
    put(s, 0, "E2", "greek")
    return s


def test_wonder_built_after_placement():
    s = _wonder_position()
    play(s, "guest:earth:chinese", "district:E4")
    d = dec(s)
    assert d.kind == "build" and d.keys() == ["wonder:earth", "done"]
    assert d.get("wonder:earth").target == ("island", D.EARTH)
    play(s, "wonder:earth")
    d = dec(s)  # the Greek prince stands in two districts: the player chooses
    assert d.kind == "wonder_prince" and d.keys() == ["district:E1", "district:E2", "back"]
    play(s, "district:E2")
    assert s.wonder_owner[D.EARTH] == 0 and s.scores[0] == 6 and s.bases[0] == 7
    assert s.princes[di("E1")][0] == [0, 0, 0, 1, 0]  # one of each people left the island
    assert s.princes[di("E2")][0][GREEK] == 0 and s.princes[di("E4")][0][CHINESE] == 0
    assert s.supply[0] == [8, 8, 8, 7, 8]  # back to the supply
    check_invariants(s)
    assert dec(s).player == 1  # nothing more to build: the turn passes


def test_wonder_is_optional_and_back_cancels():
    s = _wonder_position()
    play(s, "guest:earth:chinese", "district:E4", "wonder:earth", "back")
    assert dec(s).kind == "build" and s.wonder_owner[D.EARTH] == -1
    play(s, "done")
    assert s.wonder_owner[D.EARTH] == -1 and s.scores[0] == 0 and dec(s).player == 1


def test_one_wonder_per_island_and_needs_all_five_peoples():
    s = blank(3)
    for people in ("mayan", "persian", "egyptian", "greek"):
        put(s, 1, "F2", people)
    give(s, 1, chinese=1)
    to_play(s, 1)
    assert not any(k.startswith("wonder:") for k in keys(s))
    put(s, 1, "F5", "chinese")
    assert "wonder:fire" in keys(s)
    s.wonder_owner[D.FIRE] = 0
    s._decision = None
    assert "wonder:fire" not in keys(s)
    with pytest.raises(IllegalMove, match="already has its wonder"):
        play(s, "wonder:fire")


def test_wonder_in_phase_two():
    s = blank(3)
    for people in ("mayan", "persian", "egyptian", "greek", "chinese"):
        put(s, 1, "W3", people)
    to_play(s, 1)
    play(s, "wonder:wind")  # every people in one district only: no further question
    assert s.wonder_owner[D.WIND] == 1 and s.scores[1] == 6
    assert dec(s).kind == "play" and dec(s).player == 1


def test_wonder_owner_scores_when_monuments_are_built_on_the_island():
    s = blank(3)
    s.wonder_owner[D.EARTH] = 0
    s.bases[0] -= 1
    put(s, 1, "E5", "persian", 3)
    to_play(s, 1)
    play(s, "monument:E5:persian")
    assert s.scores == [D.WONDER_BONUS[D.EARTH], 0, 0]
    # the owner's own monument on that island counts too
    put(s, 0, "E2", "greek", 3)
    to_play(s, 0)
    play(s, "monument:E2:greek")
    assert s.scores[0] == 2 * D.WONDER_BONUS[D.EARTH]
    # a monument elsewhere does not
    put(s, 2, "F2", "greek", 3)
    to_play(s, 2)
    play(s, "monument:F2:greek")
    assert s.scores == [6, 0, 0]
    check_invariants(s)


# ---------------------------------------------------------------- domination
def test_domination_replaces_three_princes_with_a_monument():
    s = blank(3)
    put(s, 0, "F2", "greek", 4)
    put(s, 1, "F2", "mayan", 2)
    to_play(s, 0)
    d = dec(s)
    assert "monument:F2:greek" in d.keys()
    assert d.get("monument:F2:greek").target == ("district", di("F2"))
    play(s, "monument:F2:greek")
    f2 = di("F2")
    assert (s.mon_people[f2], s.mon_owner[f2]) == (GREEK, 0)
    assert s.princes[f2][0][GREEK] == 1 and s.supply[0][GREEK] == 7
    assert s.bases[0] == 7 and s.monuments_left[GREEK] == 6
    assert s.princes[f2][1][MAYAN] == 2
    check_invariants(s)


def test_domination_in_phase_one_after_placement():
    s = blank(3)
    put(s, 0, "F2", "greek", 2)
    to_pick(s, 0, [("fire", "greek")])
    play(s, "guest:fire:greek", "district:F2")
    assert dec(s).keys() == ["monument:F2:greek", "done"]
    play(s, "monument:F2:greek")
    assert s.mon_owner[di("F2")] == 0


def test_domination_conditions():
    s = blank(3)
    put(s, 0, "F2", "greek", 2)
    put(s, 1, "F2", "greek", 2)
    to_play(s, 0)
    assert not any(k.startswith("monument:") for k in keys(s))  # only own princes count
    with pytest.raises(IllegalMove, match="3 of your Greek princes"):
        play(s, "monument:F2:greek")
    put(s, 0, "F2", "greek")
    assert "monument:F2:greek" in keys(s)
    monument(s, 2, "F2", "chinese")  # the space is taken
    assert not any(k.startswith("monument:") for k in keys(s))
    with pytest.raises(IllegalMove, match="already has a monument"):
        play(s, "monument:F2:greek")
    put(s, 0, "F5", "greek", 3)
    assert "monument:F5:greek" in keys(s)
    s.bases[0] = 0
    s._decision = None
    assert not any(k.startswith("monument:") for k in keys(s))
    s.bases[0] = 5
    s.monuments_left[GREEK] = 0
    s._decision = None
    assert "monument:F5:greek" not in keys(s)


def test_two_peoples_can_be_dominated_in_one_district_only_once():
    s = blank(3)
    put(s, 0, "F2", "greek", 3)
    put(s, 0, "F2", "mayan", 3)
    to_play(s, 0)
    assert {"monument:F2:greek", "monument:F2:mayan"} <= set(keys(s))
    play(s, "monument:F2:mayan")
    assert not any(k.startswith("monument:") for k in keys(s))


# ---------------------------------------------------------------- phase 2: cards
@pytest.mark.parametrize("n,due", [(2, [2, 0]), (3, [2, 1, 0]), (5, [2, 1, 1, 1, 0])])
def test_discard_by_rank(n, due):
    s = blank(n)
    s.scores = list(range(n))  # the last seat leads
    s.stamps = [10 + p for p in range(n)]
    order = GAME.rank_order(s)
    assert order == list(reversed(range(n)))
    run(s, GAME._start_cards)
    assert all(sum(h) == 5 for h in s.hands)
    # the discards wait on the step stack, the leader's on top
    assert [(st.player, st.left) for st in reversed(s.steps) if isinstance(st, R.Discard)] == \
        [(p, c) for p, c in zip(order, due) if c]
    assert [pl["discard_due"] for pl in GAME.view(s, None)["players"]] == [due[order.index(p)] for p in range(n)]
    seen = []
    while s.phase == "discard":
        d = dec(s)
        assert d.kind == "discard" and d.private
        seen.append(d.player)
        play(s, d.keys()[0])
    assert seen == [p for p, c in zip(order, due) for _ in range(c)]
    assert [sum(s.hands[p]) for p in order] == [5 - c for c in due]
    assert s.phase == "cards" and dec(s).player == order[0] and dec(s).kind == "play"
    check_invariants(s)


def test_dealt_and_discarded_cards_are_private_in_the_log():
    s = blank(3)
    run(s, GAME._start_cards)
    leader = dec(s).player
    play(s, dec(s).keys()[0])
    for e in s.log:
        if "dealt" in e.text or "discards" in e.text:
            assert e.private_to is not None and e.private_text != e.text
    other = (leader + 1) % 3
    v = GAME.view(s, other)
    assert v["players"][leader]["hand"] is None and v["players"][other]["hand"] is not None


def test_move_one_or_two_princes_by_land_and_sea():
    s = blank(3)
    put(s, 0, "E1", "mayan", 2)
    give(s, 0, mayan=1)
    to_play(s, 0)
    play(s, "move:mayan")
    d = dec(s)
    assert d.kind == "move_from" and d.keys() == ["district:E1", "back"]
    play(s, "district:E1")
    d = dec(s)
    # streets E2, E3; piers of S1 and S2 (E1's pier is in S1)
    assert set(d.keys()) == {"district:E2", "district:E3", "district:E6", "district:F1", "district:A1", "back"}
    play(s, "district:F1")
    assert dec(s).keys() == ["count:1", "count:2", "back"]
    play(s, "count:2")  # a single Mayan card: paid without a question
    assert s.princes[di("F1")][0][MAYAN] == 2 and s.princes[di("E1")][0][MAYAN] == 0
    assert sum(s.hands[0]) == 0 and s.discard[MAYAN] == 1 and s.privileges[0] == 2
    assert dec(s).kind == "play"
    check_invariants(s)


def test_move_one_prince_asks_no_count():
    s = blank(3)
    put(s, 0, "E2", "mayan", 1)
    give(s, 0, mayan=1)
    to_play(s, 0)
    play(s, "move:mayan", "district:E2")
    assert set(dec(s).keys()) == {"district:E1", "district:E3", "district:E4", "back"}  # no pier
    play(s, "district:E4")
    assert s.princes[di("E4")][0][MAYAN] == 1


def test_sea_sectors_and_bridges():
    s = blank(3)
    put(s, 0, "F4", "greek")
    put(s, 0, "E7", "greek")
    give(s, 0, greek=2)
    to_play(s, 0)
    play(s, "move:greek", "district:F4")
    reach = set(dec(s).keys())
    assert {"district:W4", "district:W6", "district:E6", "district:A2"} <= reach  # S3 -> S2, S3, S4
    play(s, "back", "move:greek", "district:E7")
    assert "district:F6" in keys(s)  # the Earth-Fire bridge
    s2 = blank(3)
    put(s2, 0, "E1", "greek")
    give(s2, 0, greek=1)
    to_play(s2, 0)
    play(s2, "move:greek", "district:E1")
    assert "district:W4" not in keys(s2)  # S1 -> S4 is too far
    with pytest.raises(IllegalMove, match="neighbouring district"):
        play(s2, "district:W4")


def test_map_data_is_consistent():
    for d in D.DISTRICTS:
        same_island = [e for e in D.LAND_NEIGHBOURS[d.id] if D.DISTRICTS[e].island == d.island]
        assert len(same_island) >= 2
        assert d.value in (2, 3, 4)
        assert d.id not in D.LAND_NEIGHBOURS[d.id] and d.id not in D.SEA_NEIGHBOURS[d.id]
        for e in D.LAND_NEIGHBOURS[d.id]:
            assert d.id in D.LAND_NEIGHBOURS[e]
    assert [len(x) for x in D.ISLAND_DISTRICTS] == [7, 6, 6, 5]
    assert sum(1 for d in D.DISTRICTS if d.pier >= 0) == 11


def test_add_prince_at_a_monument():
    s = blank(3)
    monument(s, 1, "W3", "greek")
    monument(s, 0, "F3", "greek")
    give(s, 0, greek=2)
    to_play(s, 0)
    play(s, "add:greek")
    d = dec(s)
    assert d.kind == "target" and d.keys() == ["district:F3", "district:W3", "back"]
    play(s, "district:W3")
    assert s.princes[di("W3")][0][GREEK] == 1 and s.supply[0][GREEK] == 7
    assert s.scores == [1, 0, 0]  # the actor scores where another player rules
    play(s, "add:greek", "district:F3")
    assert s.scores == [1, 0, 0]  # own monument: nothing
    check_invariants(s)


def test_add_needs_a_monument_of_that_people_and_a_prince():
    s = blank(3)
    monument(s, 1, "W3", "mayan")
    give(s, 0, greek=1, mayan=1)
    s.privileges[0] = 0
    to_play(s, 0)
    assert "add:greek" not in keys(s) and "add:mayan" in keys(s)
    s.supply[0][MAYAN] = 0
    s._decision = None
    assert "add:mayan" not in keys(s)


def test_remove_prince_scores_two():
    s = blank(3)
    monument(s, 1, "W3", "greek")
    monument(s, 2, "W4", "mayan")
    put(s, 0, "W3", "greek")
    put(s, 0, "W4", "greek")
    give(s, 0, greek=1)
    s.privileges[0] = 0
    to_play(s, 0)
    play(s, "remove:greek")
    assert dec(s).keys() == ["district:W3", "back"]  # W4's monument is Mayan
    play(s, "district:W3")
    assert s.scores[0] == 2 and s.supply[0][GREEK] == 7 and s.princes[di("W3")][0][GREEK] == 0
    assert "remove:greek" not in keys(s)
    check_invariants(s)


def test_raise_swaps_with_the_people_above():
    s = blank(3)
    s.scale = [0, 1, 2, 3, 4]
    give(s, 0, egyptian=1, chinese=1)
    s.privileges[0] = 0
    to_play(s, 0)
    assert "raise:chinese" not in keys(s)  # already at the top
    with pytest.raises(IllegalMove, match="already at the top"):
        play(s, "raise:chinese")
    play(s, "raise:egyptian")
    assert s.scale == [0, 1, 3, 2, 4]
    assert GAME.value_of(s, EGYPTIAN) == 4 and GAME.value_of(s, GREEK) == 3
    assert s.hands[0][EGYPTIAN] == 0


def test_lower_sends_to_the_bottom_for_two_cards():
    s = blank(3)
    s.scale = [0, 1, 2, 3, 4]
    give(s, 0, greek=2, mayan=1)
    s.privileges[0] = 0
    to_play(s, 0)
    assert "lower:mayan" not in keys(s)  # at the bottom already (and one card only)
    play(s, "lower:greek")
    assert s.scale == [3, 0, 1, 2, 4]
    assert s.hands[0][GREEK] == 0 and s.discard[GREEK] == 2
    assert "lower:chinese" not in keys(s)  # one card left, no tile


def test_lower_needs_two_cards_of_that_people():
    s = blank(3)
    s.scale = [0, 1, 2, 3, 4]
    give(s, 0, greek=1, mayan=3)
    s.privileges[0] = 0
    to_play(s, 0)
    assert "lower:greek" not in keys(s) and "raise:greek" in keys(s)


def test_privilege_tile_makes_a_card_count_for_any_people():
    s = blank(3)
    s.scale = [0, 1, 2, 3, 4]
    give(s, 0, mayan=1)
    to_play(s, 0)
    assert "raise:greek" in keys(s)
    play(s, "raise:greek")  # only one way to pay: the Mayan card with a tile
    assert s.scale == [0, 1, 2, 4, 3] and s.privileges[0] == 1 and sum(s.hands[0]) == 0
    assert any("privilege tile" in e.text for e in s.log)
    s.privileges[0] = 0
    give(s, 0, mayan=1)
    assert "raise:greek" not in keys(s)


def test_paying_asks_when_a_tile_could_be_used():
    s = blank(3)
    s.scale = [0, 1, 2, 3, 4]
    give(s, 0, greek=1, mayan=1)
    to_play(s, 0)
    play(s, "raise:greek")
    d = dec(s)
    assert d.kind == "pay" and d.keys() == ["card:mayan", "card:greek", "back"]
    assert "privilege" in d.get("card:mayan").label
    play(s, "card:mayan")
    assert s.hands[0] == [0, 0, 0, 1, 0] and s.privileges[0] == 1


def test_two_card_action_uses_one_tile_per_changed_card():
    s = blank(3)
    s.scale = [0, 1, 2, 3, 4]
    give(s, 0, greek=1, mayan=1)
    to_play(s, 0)
    play(s, "lower:greek")
    assert dec(s).keys() == ["card:mayan", "card:greek", "back"]
    play(s, "card:greek")  # the Mayan card with a tile follows without a question
    assert s.scale[0] == GREEK and s.privileges[0] == 1 and sum(s.hands[0]) == 0
    s.scale = [0, 1, 2, 3, 4]
    s.privileges[0] = 2
    give(s, 0, mayan=2)
    play(s, "lower:chinese")
    assert s.scale[0] == CHINESE and s.privileges[0] == 0
    give(s, 0, mayan=1, greek=1)
    assert "lower:chinese" not in keys(s)  # one Mayan and one Greek, no tile


def test_back_from_an_action_changes_nothing():
    s = blank(3)
    put(s, 0, "E1", "mayan", 2)
    give(s, 0, mayan=1, greek=1)
    to_play(s, 0)
    before = copy.deepcopy(s)
    play(s, "move:mayan", "district:E1", "district:E2", "count:1", "back")
    assert same_position(s, before)
    play(s, "raise:mayan", "back")
    assert same_position(s, before)


def test_end_turn_discards_the_rest():
    s = blank(3)
    give(s, 0, mayan=2, greek=1)
    to_play(s, 0)
    play(s, "done")
    assert sum(s.hands[0]) == 0 and s.discard[MAYAN] == 2 and s.discard[GREEK] == 1
    e = [e for e in s.log if "ends the turn" in e.text][-1]
    assert e.private_to == 0 and "Mayan" in e.private_text and "Mayan" not in e.text
    assert dec(s).player == 1


def test_order_is_re_evaluated_when_points_change_mid_phase():
    s = blank(3)
    s.scores = [10, 5, 4]
    s.stamps = [3, 4, 5]
    s.wonder_owner[D.EARTH] = 2
    s.bases[2] -= 1
    put(s, 0, "E5", "persian", 3)
    to_play(s, 0)
    play(s, "monument:E5:persian")  # the wonder bonus lifts player 2 past player 1
    assert s.scores == [10, 5, 7]
    play(s, "done")
    assert dec(s).player == 2


def test_deck_reshuffles_discards_when_empty():
    s = blank(3)
    deck = deck_cards(s)
    for x in range(5):
        while deck.count(x) > 1:
            deck.remove(x)
            s.discard[x] += 1
    set_deck(s, deck)
    draws, reveals = s.rng.draws, s.rng.reveals
    run(s, GAME._start_cards)
    assert all(sum(h) == 5 for h in s.hands)
    assert any("shuffled into a new deck" in e.text for e in s.log)
    assert s.rng.draws == draws + 1  # the reshuffle is a random call
    assert s.rng.reveals >= reveals + 3  # every player's deal is a reveal
    assert s.discarded_by == [[0] * 5 for _ in range(3)]
    check_invariants(s)


# ---------------------------------------------------------------- phase 3 and the end
def test_phase_three_scores_by_the_prestige_scale():
    s = blank(3)
    s.scale = [MAYAN, PERSIAN, EGYPTIAN, GREEK, CHINESE]
    monument(s, 0, "E1", "greek")
    monument(s, 0, "F1", "greek")
    monument(s, 1, "W1", "chinese")
    monument(s, 2, "A1", "mayan")
    to_play(s, 2, done=(0, 1))
    play(s, "done")
    assert s.scores == [8, 5, 1]
    assert s.round == 2 and s.phase == "guests"
    check_invariants(s)


def test_game_ends_at_fifty_after_phase_three():
    s = blank(3)
    s.scale = [MAYAN, PERSIAN, EGYPTIAN, GREEK, CHINESE]
    s.scores = [48, 30, 20]
    s.stamps = [3, 4, 5]
    monument(s, 0, "E1", "persian")
    to_play(s, 2, done=(0, 1))
    play(s, "done")
    assert s.scores[0] == 50 and s.phase == "over"
    assert dec(s) is None and GAME.is_over(s)
    assert GAME.winners(s) == [0] and GAME.scores(s) == [50, 30, 20]
    with pytest.raises(IllegalMove, match="over"):
        play(s, "done")
    v = GAME.view(s, None)
    assert v["winners"] == [0] and v["scores"] == [50, 30, 20]


def test_fifty_mid_round_does_not_end_before_phase_three():
    s = blank(3)
    s.scores = [49, 0, 0]
    s.stamps = [3, 4, 5]
    monument(s, 1, "W3", "greek")
    put(s, 0, "W3", "greek")
    give(s, 0, greek=1)
    to_play(s, 0)
    play(s, "remove:greek", "district:W3")
    assert s.scores[0] == 51 and s.phase == "cards" and dec(s) is not None


def test_furthest_ahead_wins():
    s = blank(3)
    s.scale = [MAYAN, PERSIAN, EGYPTIAN, GREEK, CHINESE]
    s.scores = [45, 49, 0]
    s.stamps = [4, 3, 5]
    monument(s, 0, "E1", "chinese")
    monument(s, 0, "E2", "chinese")
    monument(s, 1, "F1", "mayan")
    to_play(s, 2, done=(0, 1))
    play(s, "done")
    assert s.scores == [55, 50, 0] and GAME.winners(s) == [0]


def test_tie_goes_to_the_minister_that_arrived_first():
    s = blank(3)
    s.scale = [MAYAN, PERSIAN, EGYPTIAN, GREEK, CHINESE]
    s.scores = [45, 47, 0]
    s.stamps = [4, 3, 5]
    monument(s, 0, "E1", "chinese")  # +5 -> 50
    monument(s, 1, "F1", "egyptian")  # +3 -> 50, scored first (ahead in turn order)
    to_play(s, 2, done=(0, 1))
    play(s, "done")
    assert s.scores[:2] == [50, 50]
    assert GAME.winners(s) == [1]


SEED_END = ("Das Spiel endet sobald ein oder mehrere Spieler in der dritten Phase einer Runde "
            "50 oder mehr Prestigepunkte auf der Wertungsleiste erreicht haben.")


def test_no_house_end_the_game_goes_on_until_fifty_after_phase_three():
    """Seed (seeds/004): "Das Spiel endet sobald ein oder mehrere Spieler in der dritten Phase einer
    Runde 50 oder mehr Prestigepunkte auf der Wertungsleiste erreicht haben."  That is the only end:
    there is no round limit (the old house safeguard ended the game after round 100)."""
    seed_text = next(Path(__file__).parents[2].glob("seeds/004_*")).read_text(encoding="utf-8")
    assert SEED_END in seed_text
    assert not hasattr(R, "ROUND_LIMIT")
    for rnd in (100, 250):
        s = blank(3)
        s.round = rnd
        s.scores = [49, 30, 20]
        s.stamps = [3, 4, 5]
        to_play(s, 2, done=(0, 1))
        play(s, "done")
        assert s.phase == "guests" and s.round == rnd + 1 and not GAME.is_over(s)
        assert s.end_reason == "" and dec(s) is not None
        assert GAME.view(s, None)["winners"] is None
    # and at 50 in phase 3 of round 250 it does end
    monument(s, 0, "E1", "mayan")
    to_play(s, 2, done=(0, 1))
    s.scale = [MAYAN, PERSIAN, EGYPTIAN, GREEK, CHINESE]
    play(s, "done")
    assert s.phase == "over" and s.scores[0] == 50 and GAME.is_over(s) and s.steps == []


def test_rules_notes_have_no_round_limit():
    text = GAME.rules_notes()
    assert "round 100" not in text and "Round limit" not in text
    assert "No house end" in text


# ---------------------------------------------------------------- misc
def test_rules_notes_are_the_rules_file():
    text = GAME.rules_notes()
    assert "Choices made for this version" in text and "House data" in text and "Known gaps" in text


def test_illegal_key_names_the_decision_or_the_rule():
    s = new(3, 2)      # Bob takes a guest: fire mayan, greek, chinese; wind greek, chinese; water ...
    with pytest.raises(IllegalMove) as e:
        play(s, "nonsense")           # no such key at all: the decision is named
    assert e.value.reason == "'nonsense' is not a legal choice now: Bob: take a guest and place a prince on its island"
    with pytest.raises(IllegalMove) as e:
        play(s, "guest:earth:greek")   # a real guest, not on display: the rule is named
    assert e.value.reason == "no Greek guest for Earth is on display"
    s.supply[1][D.PEOPLE_INDEX["greek"]] = 0
    s._decision = None
    with pytest.raises(IllegalMove) as e:
        play(s, "guest:wind:greek")    # on display, but Bob has no Greek prince to place for it
    assert e.value.reason == "you have no Greek prince left to place for that guest"


def test_view_shape_and_targets():
    s = new(4, 5)
    v = GAME.view(s, 0)
    assert v["game"] == "utopia" and len(v["districts"]) == 24 and len(v["players"]) == 4
    assert v["districts"][0]["name"] == "E1" and v["districts"][0]["pier"] == 0
    assert sum(g["count"] for g in v["display"]) == 12
    assert sorted(v["values"].values()) == [1, 2, 3, 4, 5]
    assert v["players"][0]["hand"] == {p: 0 for p in D.PEOPLES}
    assert v["players"][1]["hand"] is None


# ---------------------------------------------------------------- the step stack
def test_the_selection_lives_in_the_steps_and_in_the_view():
    s = blank(3)
    put(s, 0, "E1", "mayan", 2)
    give(s, 0, mayan=1, greek=1)
    to_play(s, 0)
    play(s, "move:mayan", "district:E1")
    assert top(s) == MoveTo(0, "move", MAYAN, frm=di("E1"))
    assert s.steps[:-1] == [R.Play(0)]  # "back" returns to the turn below
    play(s, "district:E2")
    assert top(s) == MoveCount(0, "move", MAYAN, di("E1"), di("E2"))
    sel = GAME.view(s, 0)["selected"]
    assert sel == {"guest": None, "drawn": False, "action": "move", "people": "mayan", "from": "E1", "to": "E2",
                   "count": None, "paid": [], "pay_left": 0, "wonder": None}
    assert GAME.view(s, 1)["selected"] is None and GAME.view(s, None)["selected"] is None
    play(s, "count:2")  # a Mayan card or the Greek card with a tile: a question
    assert top(s) == R.Pay(0, "move", MAYAN, di("E1"), di("E2"), 2, left=1, paid=())
    sel = GAME.view(s, 0)["selected"]
    assert (sel["count"], sel["pay_left"], GAME.view(s, 0)["step"]) == (2, 1, "pay")
    play(s, "card:mayan")
    assert s.steps == [R.Play(0)] and GAME.view(s, 0)["selected"]["action"] is None


def test_out_of_turn_pick_is_a_step_of_the_named_player():
    s = blank(3)
    to_pick(s, 0, [("earth", "greek"), ("fire", "mayan")])
    play(s, "draw")
    assert isinstance(top(s), R.Place) and top(s).drawn and top(s).player == 0
    play(s, dec(s).keys()[0])
    while dec(s).kind == "build":
        play(s, "done")
    assert top(s) == NamePlayer(0)
    play(s, "player:2")
    assert top(s) == R.PickGuest(2, by=0)
    v = GAME.view(s, 2)
    assert (v["actor"], v["turn"], v["out_of_turn"], v["step"]) == (2, 0, True, "pick")
    play(s, "guest:earth:greek")
    assert top(s) == R.Place(2, gt("earth", "greek"), by=0) and dec(s).private
    play(s, "back")  # back to the out-of-turn pick, not to the drawer
    assert top(s) == R.PickGuest(2, by=0)


def test_dealing_the_cards_is_a_counted_reveal_and_cannot_be_undone():
    from boardgames_tui.engine.session import Match, Seat
    m = Match.new("utopia", [Seat("Ann"), Seat("Bob"), Seat("Cid")], 4)
    while True:
        d = m.decision()
        opts = [o.key for o in d.options if o.key != "draw"]  # no bag draws: picks reveal nothing
        before = m.state.rng.mark
        m.choose(opts[0])
        if m.state.phase != "guests":
            break
        assert m.state.rng.mark == before
        assert m.history[-1].revealed is False
    # the last pick of phase 1 dealt the cards face down: every player's deal is a reveal
    assert m.state.rng.reveals >= 3 and m.history[-1].revealed
    assert not m.can_undo()[0]


def test_no_reveals_field_in_the_state():
    s = new(3)
    assert not hasattr(s, "reveals") and not hasattr(s, "step") and not hasattr(s, "actor")
    assert not [f for f in vars(s) if f.startswith("sel_")]
    assert isinstance(s.deck, R.Deck)
    with pytest.raises(TypeError):
        list(s.deck)  # face down: cannot be looked through
