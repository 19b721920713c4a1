"""The rules protocol: validation before mutation, options, player counts."""
from __future__ import annotations

import copy

import pytest

from boardgames_tui.engine import IllegalMove
from boardgames_tui.engine.core import Decision, LogEntry, Option

import engine_fakegame as fakegame


def play_some(game, st, keys):
    for k in keys:
        game.apply(st, k)


@pytest.mark.parametrize("key", ["", "nonsense", "card:999", "play", "back", "card:", "end "])
def test_illegal_move_leaves_state_unchanged(key):
    game = fakegame.GAME
    st = game.new_game(["A", "B"], 3)
    before = copy.deepcopy(st)
    with pytest.raises(IllegalMove) as e:
        game.apply(st, key)
    assert e.value.reason and "\n" not in e.value.reason
    assert st == before
    # still playable afterwards, and the cached decision is the same one
    assert game.cached_decision(st).keys() == game.decision(before).keys()


def test_illegal_in_sub_step_names_the_rule():
    game = fakegame.GAME
    st = game.new_game(["A", "B"], 3)
    card = st.hands[0][0]
    game.apply(st, f"card:{card}")
    before = copy.deepcopy(st)
    with pytest.raises(IllegalMove, match="already picked"):
        game.apply(st, f"card:{st.hands[0][1]}")
    assert st == before


def test_key_valid_at_another_moment_is_refused():
    game = fakegame.GAME
    st = game.new_game(["A", "B"], 3)
    other_players_card = st.hands[1][0]
    before = copy.deepcopy(st)
    for key in (f"card:{other_players_card}", "play", "back"):
        with pytest.raises(IllegalMove):
            game.apply(st, key)
    assert st == before


def test_game_over_refuses_everything():
    game = fakegame.GAME
    st = game.new_game(["A", "B"], 3, {"rounds": "1"})
    play_some(game, st, ["end", "end"])
    assert game.is_over(st)
    assert game.cached_decision(st) is None
    assert list(game.legal_keys(st)) == []
    before = copy.deepcopy(st)
    with pytest.raises(IllegalMove, match="over"):
        game.apply(st, "end")
    assert st == before


def test_cached_decision_is_computed_once_and_dropped_by_apply():
    game = fakegame.GAME
    st = game.new_game(["A", "B"], 3)
    d1 = game.cached_decision(st)
    assert game.cached_decision(st) is d1
    game.apply(st, "end")
    d2 = game.cached_decision(st)
    assert d2 is not d1 and d2.player == 1


def test_decision_lookup():
    d = Decision(0, "p", "k", [Option("a", "A"), Option("b", "B", ("card", 1))])
    assert "a" in d and "c" not in d
    assert d.get("b").target == ("card", 1)
    assert d.keys() == ["a", "b"]


def test_log_entry_private_text_only_for_its_owner():
    e = LogEntry("A draws a card", 0, "A draws 17")
    assert e.for_viewer(0) == "A draws 17"
    assert e.for_viewer(1) == "A draws a card"
    assert e.for_viewer(None) == "A draws a card"


class TestOptions:
    game = fakegame.GAME

    def test_defaults_filled_in(self):
        assert self.game.options_with_defaults(None) == {"rounds": "2", "table": "small"}
        assert self.game.options_with_defaults({"rounds": "3"}) == {"rounds": "3", "table": "small"}

    def test_unknown_option_name(self):
        with pytest.raises(ValueError, match="unknown option 'speed'.*known: rounds, table"):
            self.game.options_with_defaults({"speed": "1"})

    def test_bad_value(self):
        with pytest.raises(ValueError, match="rounds must be one of 1, 2, 3, not '9'"):
            self.game.options_with_defaults({"rounds": "9"})

    def test_player_range_depends_on_options(self):
        self.game.check_player_count(3)
        with pytest.raises(ValueError, match="2 to 3 players, not 4"):
            self.game.check_player_count(4, self.game.options_with_defaults({}))
        self.game.check_player_count(4, {"table": "big"})
        with pytest.raises(ValueError, match="not 1"):
            self.game.check_player_count(1, {"table": "big"})

    def test_messages_are_one_line(self):
        for bad in ({"x": "1"}, {"rounds": "0"}, {"table": "huge"}):
            with pytest.raises(ValueError) as e:
                self.game.options_with_defaults(bad)
            assert "\n" not in str(e.value)
