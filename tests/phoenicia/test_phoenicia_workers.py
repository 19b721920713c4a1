"""Step b (train, employ, move workers) and step c (tools, turning a card into disks)."""
from __future__ import annotations

from boardgames_tui.games.phoenicia import data as D
from boardgames_tui.games.phoenicia import rules as R

from phoenicia_helpers import (check_invariants, decision, grant, keys, new, play, rejects, set_money, settle, turn)


def village(step="b", disks=20, cards=(), owned=(), n=3):
    s = turn(new(n, 6), 0, step)
    for o in owned:
        grant(s, 0, o)
    set_money(s, 0, list(cards), disks)
    return settle(s)


def test_train_moves_a_worker_for_two():
    s = village(disks=2)
    pl = s.players[0]
    d = decision(s)
    assert d.kind == "workers" and d.player == 0
    assert d.get("train").label == "Train a worker (pay 2)"
    play(s, "train")
    assert (pl.untrained, pl.trained, pl.disks) == (0, 1, 0)
    assert "train" not in keys(s)
    check_invariants(s)


def test_train_needs_untrained_worker_and_money():
    s = village(disks=1)
    assert "train" not in keys(s)
    s = village(disks=5)
    s.players[0].untrained = 0
    s.players[0].tiles["hunting"][0] += 1
    s._decision = None
    assert "train" not in keys(s)
    assert "training needs" in rejects(s, "train")


def test_employ_costs_and_gains_per_tile():
    s = village(disks=40, owned=("prospector", "dye_house", "fort"))
    pl = s.players[0]
    pl.untrained, pl.trained = 0, 4
    for tile, cost, prod, vp in (("hunting", 2, 1, 1), ("farming", 5, 2, 1), ("mining", 8, 3, 2),
                                 ("textile", 11, 4, 2)):
        s._decision = None
        before = (pl.disks, R.production(pl), R.victory_points(pl), R.storehouses(pl))
        assert decision(s).get(f"employ:{tile}").label.endswith(f"(pay {cost})")
        play(s, f"employ:{tile}")
        assert pl.disks == before[0] - cost
        assert R.production(pl) == before[1] + prod
        assert R.victory_points(pl) == before[2] + vp
        assert R.storehouses(pl) == before[3] + (1 if tile == "textile" else 0)   # a storehouse per textile worker
    check_invariants(s)


def test_employ_needs_trained_worker_money_and_space():
    s = village(disks=4)
    pl = s.players[0]
    assert not any(k.startswith("employ:") for k in keys(s))      # nobody trained
    pl.untrained, pl.trained = 0, 1
    s._decision = None
    assert "employ:hunting" in keys(s) and "employ:farming" not in keys(s)   # 4 disks: not 5
    assert "employ:mining" not in keys(s)                                    # no Mining tile
    rejects(s, "employ:farming")
    rejects(s, "employ:mining")
    pl.tiles["hunting"] = [D.SPACES, 0]
    s._decision = None
    assert "employ:hunting" not in keys(s)                                   # tile full


def test_tool_disk_makes_next_worker_free_and_goes_back():
    s = village(step="c", disks=2)
    pl = s.players[0]
    assert "tool:hunting" in keys(s) and "tool:farming" not in keys(s)
    play(s, "tool:hunting")
    assert pl.tiles["hunting"] == [1, 1] and pl.disks == 0
    check_invariants(s)
    # next turn: a trained worker goes on the disk for nothing
    s = turn(s, 0, "b")
    pl.untrained, pl.trained = 0, 1
    settle(s)
    d = decision(s)
    assert d.get("employ:hunting").label.endswith("(free: tool disk)")
    bank = s.bank_disks
    play(s, "employ:hunting")
    assert pl.tiles["hunting"] == [2, 0] and s.payment is None and s.bank_disks == bank + 1
    check_invariants(s)


def test_tool_needs_an_empty_space():
    s = village(step="c", disks=50)
    pl = s.players[0]
    pl.tiles["farming"] = [1, D.SPACES - 1]
    s.bank_disks -= D.SPACES - 1
    s._decision = None
    assert "tool:farming" not in keys(s)
    assert "tool:hunting" in keys(s)
    assert "tool disk needs" in rejects(s, "tool:farming")
    check_invariants(s)


def test_move_pays_new_site_leaves_tool_disk_gains_only_difference():
    s = village(disks=8, owned=("prospector",))
    pl = s.players[0]
    vp, prod = R.victory_points(pl), R.production(pl)
    assert "move:hunting:mining" in keys(s) and "move:hunting:hunting" not in keys(s)
    play(s, "move:hunting:mining")
    assert pl.tiles["hunting"] == [0, 1]          # the vacated space holds a tool disk
    assert pl.tiles["mining"] == [1, 0]
    assert pl.disks == 0
    assert R.victory_points(pl) == vp - 1 + 2       # only the difference
    assert R.production(pl) == prod - 1 + 3
    check_invariants(s)


# A move onto a tool disk pays: tests/phoenicia/test_phoenicia_seed_fixes.py


def test_move_out_of_textile_loses_its_storehouse():
    s = village(disks=20, owned=("dye_house",))
    pl = s.players[0]
    pl.tiles["textile"] = [1, 0]
    pl.tiles["hunting"] = [0, 0]
    s._decision = None
    assert R.storehouses(pl) == 2 + 1 + 1
    play(s, "move:textile:farming")
    assert R.storehouses(pl) == 2 + 1
    assert pl.tiles["textile"] == [0, 1]


def test_worker_actions_in_any_order_and_many_times():
    s = village(disks=30)
    pl = s.players[0]
    pl.untrained = 3
    s._decision = None
    play(s, "train", "employ:hunting", "train", "train", "employ:farming", "employ:hunting")
    assert pl.tiles["hunting"][0] == 3 and pl.tiles["farming"][0] == 2
    assert pl.disks == 30 - 2 * 3 - 2 - 5 - 2


def test_steps_go_in_order_a_b_c():
    s = village(step="a", disks=10)
    assert decision(s).kind == "auction"
    play(s, "workers")
    assert decision(s).kind == "workers"
    rejects(s, "open:dyer")
    play(s, "tools")
    assert decision(s).kind == "tools"
    assert "not possible now" in rejects(s, "train")


def test_convert_one_card_once_per_turn():
    s = village(step="c", disks=0, cards=(4, 6))
    pl = s.players[0]
    assert {"convert:4", "convert:6"} <= set(keys(s))
    play(s, "convert:6")
    assert pl.disks == 6 and [D.CARD_VALUES[c] for c in pl.hand] == [4]
    assert not any(k.startswith("convert:") for k in keys(s))
    assert "once a turn" in rejects(s, "convert:4")
    assert any("turns a 6 card into 6 disks" in e.text for e in s.log)
    check_invariants(s)


def test_end_is_always_offered():
    s = village(step="c", disks=0)
    assert keys(s) == ["end"]
