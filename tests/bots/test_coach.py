"""The guided game's teaching, below the screen: the goal cards, the verdict after a choice (no warning
for moves only put in another order), a bot's line that holds only what the learner sees, and the look
back that reopens a position."""
from __future__ import annotations

import random

import pytest
from rich.console import Console

from boardgames_tui.bots.base import ask
from boardgames_tui.bots.debrief import reopen, worst_choices
from boardgames_tui.bots.hint import CLEARLY_WORSE, Hint, bot_line, hint
from boardgames_tui.bots.levels import make_bot
from boardgames_tui.engine.core import Decision, Option
from boardgames_tui.engine.registry import GAMES, get_game
from boardgames_tui.engine.session import BOT, HUMAN, Match, Seat
from boardgames_tui.ui.play import LearnPlay

# What each game's goal card must name: how it ends and what scores.
END_AND_SCORE = {
    "civilization": ("when somebody wins", ["culture", "Space Flight", "15 coins", "capital"]),
    "evolution": ("deck runs out", ["food", "population", "trait"]),
    "imperial": ("25 power points", ["interest", "factor", "cash"]),
    "phoenicia": ("32 VP", ["victory points", "workers"]),
    "utopia": ("50 or more", ["monument", "wonder", "prestige"]),
}


@pytest.mark.parametrize("name", sorted(GAMES))
def test_every_goal_card_says_how_to_win_what_scores_and_when_it_ends(name):
    goal = get_game(name).goal()
    heads = [h for h, _ in goal]
    text = " ".join(t for _, t in goal)
    end, scoring = END_AND_SCORE[name]
    assert heads[0] == "Goal" and "End" in heads and "A round" in heads
    assert end in dict(goal)["End"]
    assert all(word in text for word in scoring), (name, text)
    # 8 lines at most in the goal card's 74 columns (80x24, the dialog's border and padding)
    console = Console(width=74, file=open("/dev/null", "w"))
    from boardgames_tui.ui.screens.dialogs import goal_text
    assert len(console.render_lines(goal_text(goal), pad=False)) <= 8


class _Stub:
    """A match whose next decision is given: what the verdict reads."""

    def __init__(self, nxt: Decision | None) -> None:
        self.nxt = nxt
        self.history: list = []

    def decision(self):
        return self.nxt

    def can_undo(self):
        return True, ""

    def choose(self, key):
        pass


def _decision(keys, player=0, kind="move"):
    return Decision(player, "Move a figure", kind, [Option(k, f"Move the {k}") for k in keys])


def test_moves_made_in_another_order_are_not_a_mistake():
    from boardgames_tui.bots.policies import Why
    d = _decision(["army", "scout", "done"])
    h = Hint("army", "Move the army", "it reaches a hut", scored=((Why(9.0), "army"), (1.0, "scout"), (0.0, "done")))
    play = LearnPlay(_Stub(_decision(["army", "done"])), autosave=False)   # the army is still to move
    assert play.verdict(h, "scout", d).startswith("≈")
    play = LearnPlay(_Stub(_decision(["done"])), autosave=False)           # the army's move is gone
    line = play.verdict(h, "scout", d)
    assert line.startswith("⚠ Move the army looked better than Move the scout") and "u takes it back" in line
    assert play.verdict(h, "army", d).startswith("✓")


class _Moves:
    """A tiny game for the order question: player 0 moves figures one at a time ("move"), each move
    asks where ("where"); "group" moves the army and the scout together; "done" ends the run."""
    name = "moves-fake"

    def determinize(self, state, viewer, rng):
        return {"left": set(state["left"]), "moving": list(state["moving"])}

    def cached_decision(self, state):
        if state["moving"]:
            return Decision(0, "Where to?", "where", [Option("x", "Go to x"), Option("y", "Go to y")])
        if state["left"] is None:
            return Decision(1, "Bot", "move", [Option("done", "Done")])
        opts = [Option(f"move:{f}", f"Move the {f}") for f in sorted(state["left"])]
        if {"army", "scout"} <= state["left"]:
            opts.append(Option("group", "Move the army and the scout"))
        return Decision(0, "Move a figure", "move", opts + [Option("done", "End the movement")])

    def apply(self, state, key):
        if state["moving"]:
            state["moving"].pop()
        elif key == "done":
            state["left"] = None
        elif key == "group":
            state["left"] -= {"army", "scout"}
            state["moving"] = ["army", "scout"]
        else:
            state["left"].discard(key.removeprefix("move:"))
            state["moving"] = [key.removeprefix("move:")]


class _MovesMatch(_Stub):
    def __init__(self, state) -> None:
        self.game, self.state = _Moves(), state
        super().__init__(None)

    def decision(self):
        return self.game.cached_decision(self.state)

    def choose(self, key):
        self.game.apply(self.state, key)


@pytest.mark.parametrize("chosen, verdict", [("move:scout", "≈ Another order"), ("group", "⚠ Move the army looked")])
def test_a_choice_with_steps_of_its_own_is_judged_by_what_is_open_after_them(chosen, verdict):
    """Moving the scout first asks where it goes: the army can still move after, so the order is no
    mistake; moving the army with the scout as a group leaves no army move to make."""
    from boardgames_tui.bots.hint import open_after_steps
    from boardgames_tui.bots.policies import Why
    m = _MovesMatch({"left": {"army", "scout"}, "moving": []})
    d = m.decision()
    h = Hint("move:army", "Move the army", "it reaches a hut",
             scored=((Why(9.0), "move:army"), (1.0, "move:scout"), (1.0, "group"), (0.0, "done")))
    play = LearnPlay(m, autosave=False)
    note = play.choose(chosen, d, h).note
    assert note.startswith(verdict), note
    assert open_after_steps(m.game, m.state, 0, "move", "move:army") == (chosen == "move:scout")


def _learn_game(name: str, seed: int, learner_picks: random.Random, limit: int = 3000):
    """A game of ``name``: seat 0 picks at random (a clumsy learner), the others are easy bots.
    Yields (match, decision) before each bot's choice, then plays it."""
    game = get_game(name)
    n = max(game.min_players, 2)
    m = Match.new(name, [Seat("Ann", "red", HUMAN)] + [Seat(f"Bot {i}", "blue", BOT, "easy") for i in range(1, n)],
                  seed)
    bots = [make_bot("easy", seed + i, game) for i in range(n)]
    for _ in range(limit):
        d = m.decision()
        if d is None:
            return
        if d.player == 0:
            m.choose(learner_picks.choice(d.options).key)
            continue
        yield m, d
        m.choose(ask(bots[d.player], game, m.state, d))


@pytest.mark.parametrize("name", sorted(GAMES))
def test_a_bots_line_holds_only_what_the_learner_sees(name):
    game = get_game(name)
    said = 0
    for k, (m, d) in enumerate(_learn_game(name, 11, random.Random(4), limit=400)):
        key = ask(make_bot("easy", 3, game), game, m.state, d)
        line = bot_line(game, m.state, d, key, 0, m.seats[d.player].name, len(m.history))
        # the others' hidden holdings dealt afresh, as the learner could imagine them: the same line
        other = game.determinize(m.state, 0, random.Random(900 + k))
        od = game.cached_decision(other)
        if od is not None and od.keys() == d.keys():
            assert bot_line(game, other, od, key, 0, m.seats[d.player].name, len(m.history)) == line
        if line is not None:
            said += 1
            assert line.startswith(f"{m.seats[d.player].name}: ") and "\n" not in line
            assert " your " not in line and " you " not in line     # told of the bot, not to it
            assert not d.private
    # Evolution's and Phoenicia's bots decide behind their hands (private decisions): nothing is said
    assert said or name in PRIVATE_CHOICES, f"no {name} bot choice was explained"


PRIVATE_CHOICES = {"evolution", "phoenicia"}


def test_the_look_back_finds_clearly_worse_choices_and_reopens_their_position():
    game = get_game("evolution")
    m = Match.new("evolution", [Seat("Ann", "red", HUMAN), Seat("Bot 1", "blue", BOT, "easy")], 5)
    r, bot = random.Random(8), make_bot("easy", 1, game)
    while (d := m.decision()) is not None:
        m.choose(r.choice(d.options).key if d.player == 0 else ask(bot, game, m.state, d))
    found = worst_choices(m, 0)
    assert 1 <= len(found) <= 3
    assert all(r.short >= CLEARLY_WORSE for r in found)
    assert [r.short for r in found] == sorted((r.short for r in found), reverse=True)
    r = found[0]
    assert m.history[r.at].player == 0
    again = reopen(m, r, 0)
    assert again.choices == m.choices[:r.at] and again.match_id != m.match_id
    d = again.decision()
    assert d is not None and d.player == 0 and r.chosen in [o.label for o in d.options]
    assert not again.seats[0].is_bot and all(s.is_bot and s.level == "easy" for s in again.seats[1:])
    # the hint there is the one the look back measured against
    h = hint(again.game, again.state, d, r.at, again.plan_start())
    assert h.label == r.better
    # hints the game already asked are used, not asked again
    known = {r.at: (m.history[r.at].key, h)}
    assert worst_choices(m, 0, known=known)[0] == r


def test_of_two_options_a_small_gap_is_not_a_mistake():
    from boardgames_tui.bots.hint import afterthought
    d = Decision(0, "Hostile or friendly?", "declare", [Option("hostile", "Hostile"), Option("friendly", "Friendly")])
    close = Hint("hostile", "Hostile", "it blocks Venice's factory", scored=((3.0, "hostile"), (2.8, "friendly")))
    assert afterthought(close, "friendly", d) is None
    far = Hint("hostile", "Hostile", "it blocks Venice's factory", scored=((3.0, "hostile"), (0.5, "friendly")))
    assert afterthought(far, "friendly", d).startswith("Hostile looked better than Friendly")


def test_a_warning_leaves_out_what_the_pick_has_too():
    from boardgames_tui.bots.hint import afterthought
    from boardgames_tui.bots.policies import Why
    d = Decision(0, "Food card?", "food", [Option("a", "Cooperation (+5)"), Option("b", "Burrowing (+4)"),
                                           Option("c", "Climbing (+1)")])
    best = Why(5.0, ((6.0, "you need Cooperation least"), (-1.0, "its 5 food helps the others")))
    mine = Why(1.0, ((-2.0, "its 4 food helps the others"), (-1.0, "you need Burrowing for species 1")))
    h = Hint("a", "Cooperation (+5)", "you need Cooperation least", scored=((best, "a"), (mine, "b"), (0.0, "c")))
    line = afterthought(h, "b", d)
    assert "yours: you need Burrowing for species 1" in line and "helps the others" not in line
