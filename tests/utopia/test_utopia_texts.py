"""Utopia's words: an option names the privilege tiles it spends, counted words agree with their
numbers, and the final score's breakdown (score_detail) adds up to the score."""
from __future__ import annotations

import random
import re

import pytest

from boardgames_tui.games.utopia.actions import ActionStep, Pay
from boardgames_tui.games.utopia.rules import GAME

from utopia_helpers import NAMES, blank, dec, give, play, put, run, to_pick, to_play

MAYAN, PERSIAN, EGYPTIAN, GREEK, CHINESE = range(5)
TILES_NAMED = re.compile(r"\+ (\d+) privilege tiles?\)")


def tiles_named(label: str) -> int:
    m = TILES_NAMED.search(label)
    return int(m.group(1)) if m else 0


# ---------------------------------------------------------------- the privilege tile in the label
def test_raise_without_a_card_of_its_people_names_the_privilege_tile():
    """The reported case: "Raise Persian ... (1 card)" took a tile; the label now says so."""
    s = blank(3)
    s.scale = [MAYAN, PERSIAN, EGYPTIAN, GREEK, CHINESE]
    give(s, 0, mayan=1)
    to_play(s, 0)
    o = dec(s).get("raise:persian")   # the key is the one saves and replays store
    assert o.label == "Raise Persian one place on the prestige scale (1 card + 1 privilege tile)"
    play(s, "raise:persian")          # one way to pay: no question asked
    assert s.privileges[0] == 1 and s.scale[2] == PERSIAN


def test_an_action_paid_with_its_own_card_names_no_tile():
    s = blank(3)
    s.scale = [MAYAN, PERSIAN, EGYPTIAN, GREEK, CHINESE]
    give(s, 0, persian=1, mayan=1)
    to_play(s, 0)
    assert dec(s).get("raise:persian").label == "Raise Persian one place on the prestige scale (1 card)"
    assert dec(s).get("raise:mayan").label == "Raise Mayan one place on the prestige scale (1 card)"
    # Greek has no card in the hand: any card counts for it with a tile
    assert dec(s).get("raise:greek").label.endswith("(1 card + 1 privilege tile)")


@pytest.mark.parametrize("greek, mayan, label", [
    (2, 0, "(2 cards)"),
    (1, 1, "(2 cards + 1 privilege tile)"),
    (0, 2, "(2 cards + 2 privilege tiles)"),
])
def test_drop_names_one_tile_per_card_of_another_people(greek, mayan, label):
    s = blank(3)
    s.scale = [MAYAN, PERSIAN, EGYPTIAN, GREEK, CHINESE]
    give(s, 0, greek=greek, mayan=mayan)
    to_play(s, 0)
    assert dec(s).get("lower:greek").label == f"Drop Greek to the bottom of the prestige scale {label}"


def test_move_add_and_remove_name_the_tile_too():
    s = blank(3)
    put(s, 0, "E2", "greek")
    s.mon_people[2] = GREEK            # E3 holds a Greek monument of player 1, and a Greek prince of player 0
    s.mon_owner[2] = 1
    put(s, 0, "E3", "greek")
    give(s, 0, mayan=1)
    to_play(s, 0)
    d = dec(s)
    for k in ("move:greek", "add:greek", "remove:greek"):
        assert d.get(k).label.endswith("(1 card + 1 privilege tile)"), d.get(k).label


def test_end_turn_says_discard_only_with_cards_left():
    s = blank(3)
    give(s, 0, mayan=1)
    to_play(s, 0)
    assert dec(s).get("done").label == "End turn (discard the rest)"
    s.hands[0] = [0] * 5
    s._decision = None
    assert dec(s).get("done").label == "End turn"


def _finish_cheaply(s) -> None:
    """Carry the action under way through: the first district or count, and at a Pay step a card
    of the action's people when there is one (the way that spends the fewest tiles)."""
    while isinstance(s.steps[-1] if s.steps else None, ActionStep):
        d = dec(s)
        step = s.steps[-1]
        opts = [o for o in d.options if o.key != "back"]
        if isinstance(step, Pay):
            own = [o for o in opts if "privilege tile" not in o.label]
            opts = own or opts
        GAME.apply(s, opts[0].key)


def _play_turns(seed: int, n: int, each) -> None:
    s = GAME.new_game(NAMES[:n], seed)
    rnd = random.Random(seed)
    while (d := GAME.cached_decision(s)) is not None:
        if d.kind == "play":
            each(s, d)
        GAME.apply(s, rnd.choice(d.options).key)


@pytest.mark.parametrize("seed", range(6))
def test_every_option_names_exactly_the_tiles_it_cannot_do_without(seed):
    """For every action offered in random games: carried out the cheapest way, it spends exactly
    the privilege tiles its label names (none when it names none)."""
    seen = {0: 0, 1: 0, 2: 0}

    def each(s, d):
        p = d.player
        for o in d.options:
            if o.key.split(":")[0] not in ("move", "add", "remove", "raise", "lower"):
                assert "privilege" not in o.label
                continue
            c = GAME.clone(s)
            GAME.apply(c, o.key)
            _finish_cheaply(c)
            spent = s.privileges[p] - c.privileges[p]
            assert spent == tiles_named(o.label), (o.key, o.label, s.hands[p], s.privileges[p])
            seen[spent] += 1

    _play_turns(seed, 2 + seed % 4, each)
    assert seen[0] and seen[1]


@pytest.mark.parametrize("seed", range(6))
def test_no_tile_is_spent_unless_a_chosen_option_named_it(seed):
    """Random play, every choice: when a player's privilege tiles go down, one of the options they
    chose since their action began named a privilege tile."""
    s = GAME.new_game(NAMES[:3], seed)
    rnd = random.Random(seed)
    named = False
    spent = 0
    while (d := GAME.cached_decision(s)) is not None:
        if d.kind == "play":
            named = False
        o = rnd.choice(d.options)
        named = named or "privilege tile" in o.label
        before = s.privileges[d.player]
        GAME.apply(s, o.key)
        if s.privileges[d.player] < before:
            assert named, o.label
            spent += 1
    assert spent


def test_pay_prompt_names_the_action_in_words():
    s = blank(3)
    s.scale = [MAYAN, PERSIAN, EGYPTIAN, GREEK, CHINESE]
    give(s, 0, greek=2, mayan=1)
    to_play(s, 0)
    play(s, "lower:greek")
    assert dec(s).prompt == "Ann: which card pays to drop Greek to the bottom (2 cards to pay)?"
    play(s, "card:greek")
    assert dec(s).prompt == "Ann: which card pays to drop Greek to the bottom (1 card to pay)?"


# ---------------------------------------------------------------- counted words
def test_one_guest_left_on_display_is_one_guest():
    s = blank(3)
    to_pick(s, 0, [("earth", "greek")])
    for p in range(3):
        put(s, p, "E1", "greek", 8)
    run(s, GAME._next_pick)
    assert any(e.text == "Nobody has a prince for the 1 guest left on display: it goes back into the bag."
               for e in s.log)


def test_one_unplayed_card_is_one_card():
    s = blank(3)
    give(s, 0, mayan=1)
    to_play(s, 0)
    play(s, "done")
    e = [e for e in s.log if "ends the turn" in e.text][-1]
    assert e.text == "Ann ends the turn and discards 1 unplayed card."
    assert e.private_text == "Ann ends the turn and discards 1 unplayed card: 1 Mayan."


def test_no_counted_word_disagrees_with_its_number_in_random_games():
    bad = re.compile(r"(?<![\d.])1 (cards|guests|princes|tiles|privilege tiles)\b|\b([02-9]|\d\d+) (card|guest|prince)\b(?! (?:as|with|for))")
    texts = []
    for seed in range(4):
        s = GAME.new_game(NAMES[:2 + seed % 4], seed)
        rnd = random.Random(seed)
        while (d := GAME.cached_decision(s)) is not None:
            texts.append(d.prompt)
            texts.extend(o.label for o in d.options)
            GAME.apply(s, rnd.choice(d.options).key)
        texts.extend(e.text for e in s.log)
        texts.extend(e.private_text for e in s.log if e.private_text)
    wrong = sorted({t for t in texts if bad.search(t)})
    assert not wrong, wrong[:10]


# ---------------------------------------------------------------- the score's make-up
def test_score_detail_names_what_the_prestige_was_scored_for():
    s = blank(3)
    s.gained[0] = [31, 12, 3, 1, 4]
    assert GAME.score_detail(s, 0) == "monuments 31, wonders 12, bonus 3, princes 5"
    s.gained[1] = [20, 0, 0, 0, 2]
    assert GAME.score_detail(s, 1) == "monuments 20, princes 2"
    assert GAME.score_detail(s, 2) == ""


def test_each_way_of_scoring_is_counted_in_its_category():
    s = blank(3)
    put(s, 0, "E3", "greek")
    s.mon_people[2] = GREEK
    s.mon_owner[2] = 1
    give(s, 0, greek=2)
    to_play(s, 0)
    play(s, "add:greek", "district:E3")     # +1 at another player's monument
    play(s, "remove:greek", "district:E3")  # +2
    assert s.scores[0] == 3 and s.gained[0] == [0, 0, 0, 1, 2]
    assert GAME.score_detail(s, 0) == "princes 3"


@pytest.mark.parametrize("n, seed", [(2, 1), (3, 2), (4, 3), (5, 4), (3, 5), (2, 6)])
def test_score_detail_adds_up_to_the_score_at_the_end(n, seed):
    s = GAME.new_game(NAMES[:n], seed)
    rnd = random.Random(seed)
    while (d := GAME.cached_decision(s)) is not None:
        GAME.apply(s, rnd.choice(d.options).key)
    assert max(s.scores) >= 50
    for q in range(n):
        detail = GAME.score_detail(s, q)
        parts = [int(x) for x in re.findall(r" (\d+)(?:,|$)", detail)]
        assert sum(parts) == GAME.scores(s)[q], (detail, s.scores[q])
        assert sum(s.gained[q]) == s.scores[q]
    top = GAME.winners(s)[0]
    assert GAME.score_detail(s, top).startswith("monuments") or "wonders" in GAME.score_detail(s, top)
