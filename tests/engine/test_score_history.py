"""Scores by round (the end screen's chart), replayed from a finished match's history."""
import pytest

from boardgames_tui.bots.base import ask
from boardgames_tui.bots.levels import make_bot
from boardgames_tui.engine.registry import get_game
from boardgames_tui.engine.score_history import score_by_round
from boardgames_tui.engine.session import Match, Seat


def finished_match(name: str, players: int, seed: int) -> Match:
    seats = [Seat(f"P{i + 1}", f"c{i}", level="easy") for i in range(players)]
    m = Match.new(name, seats, seed)
    bots = [make_bot("easy", seed + i, m.game) for i in range(players)]
    while (d := m.decision()) is not None:
        m.choose(ask(bots[d.player], m.game, m.state, d))
    return m


@pytest.mark.parametrize("name", ["evolution", "phoenicia", "utopia", "imperial", "civilization"])
def test_standing_is_defined_for_every_player_of_every_game(name):
    game = get_game(name)
    state = game.new_game(["A", "B", "C"], 5)
    assert len(game.standing(state)) == 3


@pytest.mark.parametrize("name", ["imperial", "phoenicia"])
def test_history_ends_on_the_final_scores_and_covers_every_round(name):
    m = finished_match(name, 3, 7)
    points = score_by_round(m)
    assert points[0][0] == 0
    assert points[-1] == (m.round_number(), m.game.standing(m.state))
    assert points[-1][1] == m.scores()  # these games chart their real score
    rounds = [x for x, _ in points]
    assert rounds == sorted(rounds) and len(rounds) >= m.round_number()


def test_civilization_charts_progress_not_its_one_or_zero_score():
    m = finished_match("civilization", 2, 3)
    points = score_by_round(m)
    assert m.game.end_kind(m.state).endswith("victory")
    # techs and the culture step only grow, so someone's progress rose over the game
    assert max(points[-1][1]) > max(points[0][1])
    assert points[-1][1] == [len(p.techs) + p.culture_step for p in m.state.players]


class _Tally:
    """A game without rounds: each choice scores a point for the player who makes it, in turn."""

    def new_game(self, names, seed, options=None):
        return {"scores": [0] * len(names), "turn": 0}

    def apply(self, state, key):
        state["scores"][state["turn"] % len(state["scores"])] += int(key)
        state["turn"] += 1

    def round_number(self, state):
        return 0

    def standing(self, state):
        return list(state["scores"])


def test_a_game_without_rounds_is_sampled_every_few_choices_and_at_its_end():
    from types import SimpleNamespace

    from boardgames_tui.engine import score_history

    n = 2 * score_history.CHOICES_PER_POINT + 5
    game = _Tally()
    state = game.new_game(["A", "B"], 0)
    for _ in range(n):
        game.apply(state, "1")
    match = SimpleNamespace(game=game, seats=[Seat("A", "c0"), Seat("B", "c1")], seed=0, options=None,
                            choices=["1"] * n, state=state)
    points = score_history.score_by_round(match)
    every = score_history.CHOICES_PER_POINT
    assert [x for x, _ in points] == [0, every, 2 * every, n]
    assert points[1][1] == [every // 2, every // 2]
    assert points[-1][1] == [(n + 1) // 2, n // 2]
