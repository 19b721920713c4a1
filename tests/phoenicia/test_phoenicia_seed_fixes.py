"""Rules that contradicted the seed (rules version 3).  Each test quotes the
German seed sentence it enforces; the quote is checked against the seed file itself."""
from __future__ import annotations

import random
from pathlib import Path

import pytest

from boardgames_tui.games.phoenicia import data as D
from boardgames_tui.games.phoenicia.state import move_cost

from phoenicia_helpers import (GAME, NAMES, check_invariants, decision, keys, new, play, rejects, set_display,
                               set_money, settle, turn)

SEED = (Path(__file__).resolve().parents[2] / "seeds" / "003_557f9dc7e13bb020.txt").read_text(encoding="utf-8")


def quoted(*sentences: str) -> None:
    for sentence in sentences:
        assert sentence in SEED, sentence


# -- 5. Moving a worker pays, even onto a tool disk ---------------------------------------

MOVE = ("Wenn der Spieler einen Arbeiter versetzen will, stellt er ihn von einer Produktionsstätte auf das "
        "nächste freie Feld einer anderen Produktionsstätte und zahlt den entsprechenden Betrag an die Bank.")
FREE_DISK = ("Auf Produktionsfeldern mit Scheiben können dann später ausgebildete Arbeiter ganz ohne Kosten "
             "eingesetzt werden.")


def workers_turn(disks, hunting, farming=(1, 0), trained=0, cards=()):
    """Ann in step b with these tiles ([workers, tool disks]); her third worker is
    trained (``trained=1``) or still on the training ground."""
    s = turn(new(3, 6), 0, "b")
    pl = s.players[0]
    pl.untrained, pl.trained = 1 - trained, trained
    for slug, (w, d) in (("hunting", hunting), ("farming", farming)):
        s.bank_disks -= d - pl.tiles[slug][1]
        pl.tiles[slug] = [w, d]
    set_money(s, 0, list(cards), disks)
    return settle(s)


def test_a_move_onto_a_tool_disk_pays_the_tiles_price():
    quoted(MOVE, FREE_DISK)
    s = workers_turn(disks=2, hunting=(1, 1))
    pl = s.players[0]
    d = decision(s)
    assert d.get("move:farming:hunting").label == "Move a worker from Farming to Hunting (pay 2)"
    bank = s.bank_disks
    play(s, "move:farming:hunting")                     # no card: the disks pay at once
    assert pl.disks == 0 and s.bank_disks == bank + 2 - 1   # 2 paid; 1 tool disk left on Farming
    assert any("pays 2 for moving a worker to Hunting with 2 disks" in e.text for e in s.log)
    # the tool disk is not used up by the move: it waits for a trained worker
    assert pl.tiles == {"hunting": [2, 1], "farming": [0, 1]}
    check_invariants(s)


def test_a_move_onto_a_tool_disk_is_not_offered_without_the_price():
    s = workers_turn(disks=0, hunting=(1, 0), farming=(1, 1), cards=[4])   # Farming costs 5
    assert decision(s).kind == "workers"
    assert "move:farming:hunting" in keys(s)
    assert "move:hunting:farming" not in keys(s)
    assert "pays that tile's price, also onto a tool disk" in rejects(s, "move:hunting:farming")


def test_placing_a_trained_worker_on_a_tool_disk_stays_free_and_labels_differ():
    s = workers_turn(disks=0, hunting=(1, 1), trained=1)
    pl = s.players[0]
    d = decision(s)
    assert d.get("employ:hunting").label == "Employ a worker in Hunting (free: tool disk)"
    assert "move:farming:hunting" not in d          # a move would cost 2
    play(s, "employ:hunting")
    assert pl.tiles["hunting"] == [2, 0] and s.payment is None
    check_invariants(s)


def test_a_move_onto_a_tile_full_of_tool_disks_sends_one_back():
    s = workers_turn(disks=2, hunting=(1, D.SPACES - 1))
    pl = s.players[0]
    assert decision(s).get("move:farming:hunting").label == \
        "Move a worker from Farming to Hunting (pay 2; its tool disk goes back)"
    play(s, "move:farming:hunting")
    assert pl.tiles == {"hunting": [2, D.SPACES - 2], "farming": [0, 1]}
    assert pl.disks == 0
    check_invariants(s)


# -- 6. Storage and treasury limits only in administration step d ----------------------

LIMITS = ("Spieler, die mehr Produktionskarten als Lagerhäuser haben, müssen nun ihre überzähligen "
          "Produktionskarten abwerfen.",
          "Alle anderen Geldscheiben müssen abgegeben werden.",
          "d) Lager- und Vermögenslimits prüfen:")


def test_limits_are_not_checked_at_the_end_of_a_turn():
    quoted(*LIMITS)
    s = turn(new(3, 8), 0, "c")
    set_display(s, ["fort", "dyer", "granary"])
    set_money(s, 0, [4, 5, 6], 7)          # 2 storehouses, treasury 3: over both limits
    set_money(s, 1, [6], 1)
    set_money(s, 2, [], 0)
    settle(s)
    play(s, "end", who=0)
    assert decision(s).kind == "auction" and decision(s).player == 1     # no discard for Ann
    pl = s.players[0]
    assert len(pl.hand) == 3 and pl.disks == 7
    # Ann bids with everything she kept in Bob's auction (Cy holds nothing and passes by himself)
    play(s, "open:fort", who=1)
    assert decision(s).player == 0
    assert keys(s)[-2:] == ["bid:22", "pass"]          # 4 + 5 + 6 + 7
    play(s, "bid:22", who=0)
    play(s, "pass", who=1)
    assert pl.cards == ["fort"] and s.payment.due == 22
    check_invariants(s)


def test_change_from_a_payment_is_kept_and_swapped_at_income():
    s = turn(new(3, 8), 0, "a")
    s.to_act = []                            # Ann's turn is the last of the round
    set_display(s, ["fort", "dyer", "granary"])
    set_money(s, 0, [6, 6], 0)
    for p in (1, 2):
        set_money(s, p, [], 0)
    settle(s)
    play(s, "open:fort", "pay:6", "pay:6", who=0)     # 7 paid with 12: 5 disks change
    pl = s.players[0]
    assert pl.disks == 5 and pl.hand == []
    play(s, "end")
    # administration c: 5 + 3 income = 8 disks -> two cards; d: 2 cards fit 2 storehouses
    assert s.round == 2 and pl.disks == 0 and len(pl.hand) == 2
    assert any("Ann produces 3: 3 disks, then swaps 8 disks for 2 cards." == e.text for e in s.log)
    check_invariants(s)


def test_limits_at_administration_d_for_everybody():
    s = turn(new(3, 8), 2, "c")
    s.to_act = []
    for p in range(3):
        set_money(s, p, [], 0)
    set_money(s, 0, [4, 5, 6], 0)           # Ann over the storage limit since her turn
    settle(s)
    play(s, "end", who=2)
    d = decision(s)
    assert d.kind == "discard" and d.player == 0
    assert GAME.view(s, None)["limits"] == [0, 1, 2]     # from the new start player (a tie: Ann)


# -- 7. No house end: only 32 VP end the game -----------------------------------------

END = "Das Spiel ist beendet, wenn ein Spieler 32 oder mehr Siegpunkte erzielt hat."


@pytest.mark.parametrize("rnd", [40, 41, 100])
def test_no_round_limit(rnd):
    quoted(END)
    s = turn(new(3, 8), 0, "c")
    s.to_act = []
    for p in range(3):
        set_money(s, p, [], 0)
    s.round = rnd
    settle(s)
    play(s, "end")
    assert s.phase == "turn" and s.round == rnd + 1 and decision(s) is not None
    assert not hasattr(D, "MAX_ROUNDS")


def test_only_32_vp_ends_the_game():
    s = turn(new(3, 8), 0, "c")
    s.to_act = []
    s.round = 60
    s.players[2].vp_bought = 30
    settle(s)
    play(s, "end")
    assert s.phase == "over" and s.end_reason == "Cy reached 32 VP"


@pytest.mark.parametrize("n", [2, 5])
def test_bot_games_end_by_victory_points(n):
    rnd = random.Random(n)
    for g in range(10):
        s = GAME.new_game(NAMES[:n], 7000 + g)
        while (d := GAME.cached_decision(s)) is not None:
            GAME.apply(s, rnd.choice(d.options).key)
        assert max(GAME.scores(s)) >= D.END_VP
        assert "reached" in s.end_reason


def test_rules_version_bumped_and_rules_screen_updated():
    assert GAME.rules_version == "3"
    notes = GAME.rules_notes()
    assert "Safety end" not in notes and "round 40" not in notes
    assert "pays the new tile's price, also onto a tool disk" in notes
    assert "only in administration step d" in notes
    assert move_cost(new(3).players[0], "hunting") == D.TILES["hunting"].cost
