"""The hard bot searches a battle as a game of its own (the policy's ``focus``): rollouts fought to the
battle's end and scored by its result, not cut off and judged by the roads to victory."""
from __future__ import annotations

import random

from boardgames_tui.bots.base import ask
from boardgames_tui.bots.levels import make_bot
from boardgames_tui.bots.policies import policy_for
from boardgames_tui.bots.policies.civilization_war import BattleFocus
from boardgames_tui.engine.hidden import Deck
from boardgames_tui.games.civilization import war as W
from boardgames_tui.games.civilization.board import Figures
from boardgames_tui.games.civilization.rules import GAME

from test_civ_war import attack, field, lay, refresh

POLICY = policy_for("civilization")

# Field battles, three cards a side (unit card ids), in which the easy bot as the attacker loses against
# the easy bot defending, while a better order of the same cards wins (found by trying every order).
LOST_BY_EASY = [((3, 4, 2), (3, 2, 0)), ((8, 3, 3), (6, 4, 7)), ((5, 3, 3), (0, 4, 1)),
                ((0, 1, 7), (2, 0, 0))]


def battle(att, dfd):
    """A field battle of these hands, the stacks empty, so both players know every card in it."""
    s, q, e, army, target = field(att=att, dfd=dfd)
    for t in list(s.unit_decks):
        s.unit_decks[t] = Deck([])
    attack(s, army, target)
    assert s.battle is not None and sorted(s.battle.hands[W.ATT]) == sorted(att)
    return s, q


def easy_choice(s, d):
    return POLICY.choose(GAME, GAME.determinize(s, d.player, random.Random(0)), d, random.Random(0))


def fight(s, q, attacker):
    """Play the battle out, ``attacker(s, d)`` for the attacker, the easy policy for the defender; the totals."""
    since = len(s.log)
    while s.battle is not None:
        d = GAME.cached_decision(s)
        GAME.apply(s, attacker(s, d) if d.player == q else easy_choice(s, d))
    return W.battle_result(s, since)


def test_a_battle_decision_is_searched_as_the_battle_and_nothing_else_is():
    s, q = battle((3, 4, 2), (3, 2, 0))
    d = GAME.cached_decision(s)
    assert d.kind == "battle_card"
    f = POLICY.focus(GAME, s, d)
    assert isinstance(f, BattleFocus) and not f.done(s)
    s2, _, _, _, _ = field()
    assert POLICY.focus(GAME, s2, GAME.cached_decision(s2)) is None       # a movement decision


def test_the_battle_score_counts_the_result_then_the_units_kept_and_killed():
    s, q = battle((2,), (0,))                         # infantry 3 against infantry 1
    f = POLICY.focus(GAME, s, GAME.cached_decision(s))
    lay(s, 0)                                         # the defender opens a front with his 1
    lay(s, 2, 0)                                      # the attacker's 3 kills it and survives, wounded
    assert s.battle is None and W.battle_result(s, f.since) == (3, 0)
    score = f.score(GAME, s)
    e = 1 - q
    # the attacker won, kept his card and killed the only enemy one; the defender lost all
    assert score[q] == f.WIN + f.KEPT + f.KILLED
    assert score[e] == 0.0


def test_the_hard_bot_wins_battles_the_easy_bot_loses_with_the_same_cards():
    lost = won = 0
    for att, dfd in LOST_BY_EASY:
        s, q = battle(att, dfd)
        a, d = fight(GAME.clone(s), q, easy_choice)
        lost += a <= d
        bot = make_bot("hard", 3, GAME, iterations=200)
        a, d = fight(s, q, lambda st, dec: ask(bot, GAME, st, dec))
        won += a > d
    assert lost == len(LOST_BY_EASY)
    assert won >= len(LOST_BY_EASY) - 1, won


def test_the_extra_cards_choice_is_searched_as_the_battle_and_both_bots_answer_it():
    # seed: "Für jede militärische Einheit zusätzlich zur ersten im Feld dürfen 2 Karten gezogen werden"
    s, q, e, army, target = field(att=(2,) * 6, dfd=(0,) * 6)
    s.board.figures[army] = Figures(q, 2, 0)
    s.players[q].armies -= 1
    refresh(s)
    GAME.apply(s, f"group:{army[0]}:{army[1]}")
    GAME.apply(s, "group:2:0")
    GAME.apply(s, f"square:{target[0]}:{target[1]}")
    d = GAME.cached_decision(s)
    assert d.kind == "battle_draw" and d.keys() == ["draw:0", "draw:2"]
    assert isinstance(POLICY.focus(GAME, s, d), BattleFocus)
    assert easy_choice(s, d) == "draw:2"             # 3 cards against 3: the easy bot draws them all
    bot = make_bot("hard", 3, GAME, iterations=60)
    assert ask(bot, GAME, s, d) in d.keys()
    assert fight(s, q, lambda st, dec: ask(bot, GAME, st, dec)) is not None and s.battle is None
