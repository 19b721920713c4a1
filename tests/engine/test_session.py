"""Match: choices, undo policy (own turn, no reveal, not bots), replay."""
from __future__ import annotations

import copy

import pytest

from boardgames_tui.engine import IllegalMove
from boardgames_tui.engine import session
from boardgames_tui.engine.session import Match

from engine_fakegame import PlayCard, seats


def test_undo_within_own_turn(new_match):
    m = new_match()
    start = copy.deepcopy(m.state)
    card = m.state.hands[0][0]
    m.choose(f"card:{card}")
    m.choose("play")
    assert m.state.table[0] == [card]
    assert m.can_undo() == (True, "")
    m.undo()
    assert m.state.steps[-1] == PlayCard(0, card) and m.state.table[0] == []
    m.undo()
    assert m.state == start
    assert m.history == []
    ok, why = m.can_undo()
    assert not ok and why == "nothing to undo yet"


def test_undo_refused_after_a_reveal(new_match):
    m = new_match()
    m.choose("draw")
    ok, why = m.can_undo()
    assert not ok and "revealed" in why
    before = copy.deepcopy(m.state)
    with pytest.raises(IllegalMove, match="cannot undo: .*revealed"):
        m.undo()
    assert m.state == before
    # a later choice without a reveal may be taken back, but only back to the draw
    m.choose(f"card:{m.state.hands[0][0]}")
    m.undo()
    assert not m.can_undo()[0]


def test_undo_from_the_next_players_turn_until_they_choose(new_match):
    """Board Game Arena's rule: the last choice may be taken back until the next player has chosen
    (in hot-seat: from the next player's curtain)."""
    m = new_match()
    start = copy.deepcopy(m.state)
    m.choose("end")  # P2 now decides, and has chosen nothing yet
    assert m.can_undo() == (True, "") and m.undo_player() == 0
    m.undo()
    assert m.state == start and m.decision().player == 0
    m.choose("end")
    m.choose("end")  # P2 chose: P1's "end" is final; P2's own may still go back
    assert m.undo_player() == 1
    m.undo()
    assert m.decision().player == 1
    ok, why = m.can_undo()
    assert not ok and "P2 has chosen since" in why
    before = m.state
    with pytest.raises(IllegalMove, match="cannot undo: P2 has chosen since"):
        m.undo()
    assert m.state is before


def _forced_for_p2(m: Match) -> None:
    """P2 holds no card and the deck is empty: P2's turn offers "end" alone."""
    m.state.deck.take_all()
    m.state.hands[1] = []


def test_a_forced_choice_plays_itself_and_goes_back_with_the_choice_before(new_match):
    m = new_match(n=3)
    _forced_for_p2(m)
    start = copy.deepcopy(m.state)
    m.choose("end")
    assert m.decision().player == 1 and len(m.decision().options) == 1
    assert m.play_forced() == 1
    assert [(r.key, r.player, r.auto) for r in m.history] == [("end", 0, False), ("end", 1, True)]
    assert m.decision().player == 2
    # the log says so; the label only to P2 (a step's labels are private), the prompt to all
    line = next(e for e in m.log() if "single option" in e.text)
    assert line.private_to == 1 and line.private_text == "P2 had a single option: End the turn (taken)."
    assert line.text == "P2 had a single option (Pick a card, draw or end): taken."
    # P3 decides now; P2's forced choice was no choice of P2's: P1's "end" may still go back, with it
    assert m.can_undo() == (True, "") and m.undo_player() == 0
    m.undo()
    assert m.state == start and m.history == []


def test_forced_choices_wait_when_the_setting_is_off(new_match):
    m = new_match(n=3)
    m.auto_forced = False
    _forced_for_p2(m)
    m.choose("end")
    assert m.play_forced() == 0 and m.decision().player == 1
    m.choose("end")
    assert not m.history[-1].auto


def test_forced_choices_replay_as_forced(new_match):
    """A replay (a save, the autosave) knows which choices played themselves: the same records,
    the same log, and undo reaches as far."""
    m = new_match(n=3)
    _forced_for_p2(m)
    m.choose("end")
    m.play_forced()
    keys = m.choices
    # the replay deals afresh (its deck is full): make the same forced position by replaying
    # onto a match whose state was prepared the same way
    again = new_match(n=3)
    _forced_for_p2(again)
    for k in keys:
        again.choose(k)
    assert [(r.key, r.player, r.auto) for r in again.history] == [(r.key, r.player, r.auto) for r in m.history]
    assert [e.text for e in again.log()] == [e.text for e in m.log()]


def test_bots_have_no_forced_choices(new_match):
    m = new_match(n=3, bots=(1,))
    _forced_for_p2(m)
    m.choose("end")
    assert m.play_forced() == 0 and m.decision().player == 1
    m.choose("end")
    assert not m.history[-1].auto
    ok, why = m.can_undo()
    assert not ok and "bot" in why


def test_undo_refused_for_bots(new_match):
    m = new_match(bots=(0,))
    m.choose(f"card:{m.state.hands[0][0]}")
    ok, why = m.can_undo()
    assert not ok and "bot" in why


def test_undo_refused_when_over(new_match):
    m = new_match(options={"rounds": "1"})
    m.choose("end")
    m.choose("end")
    assert m.is_over()
    ok, why = m.can_undo()
    assert not ok and "over" in why


def test_history_records_player_and_reveals(new_match):
    m = new_match()
    m.choose("draw")
    m.choose("end")
    m.choose("end")
    assert [(r.key, r.player, r.revealed) for r in m.history] == [
        ("draw", 0, True), ("end", 0, False), ("end", 1, False)]
    assert m.choices == ["draw", "end", "end"]


def _random_keys(m: Match, n: int, seed: int) -> list[str]:
    import random
    r = random.Random(seed)
    for _ in range(n):
        d = m.decision()
        if d is None:
            break
        m.choose(r.choice(d.options).key)
    return m.choices


def test_replay_is_deterministic(new_match, fake):
    m = new_match(n=3, seed=11, options={"rounds": "3"})
    keys = _random_keys(m, 200, seed=2)
    again = Match.replay("fakecards", seats(3), 11, {"rounds": "3"}, keys)
    assert again.state == m.state
    assert again.choices == keys
    assert again.state.rng == m.state.rng
    # same seed, same choices: same deal; other seed: another deal
    assert Match.new("fakecards", seats(3), 11).state.hands == Match.new("fakecards", seats(3), 11).state.hands
    assert Match.new("fakecards", seats(3), 12).state.hands != Match.new("fakecards", seats(3), 11).state.hands


def test_replay_names_the_first_refused_choice(fake):
    with pytest.raises(IllegalMove, match=r"choice 2 \('play'\) is not legal"):
        Match.replay("fakecards", seats(2), 1, {}, ["end", "play"])


def test_new_match_validation(fake):
    with pytest.raises(ValueError, match="2 to 3 players, not 4"):
        Match.new("fakecards", seats(4), 1)
    Match.new("fakecards", seats(4), 1, {"table": "big"})
    s = seats(2)
    s[1].name = "p1"
    with pytest.raises(ValueError, match="differ"):
        Match.new("fakecards", s, 1)
    s[1].name = "  "
    with pytest.raises(ValueError, match="name"):
        Match.new("fakecards", s, 1)
    with pytest.raises(ValueError, match="unknown option"):
        Match.new("fakecards", seats(2), 1, {"bogus": "1"})


def test_random_seed_when_none_given(fake):
    m = Match.new("fakecards", seats(2))
    assert isinstance(m.seed, int)
    assert m.match_id.startswith("fakecards-")


def test_views_hide_other_hands_and_private_log(new_match):
    m = new_match()
    m.choose("draw")
    drawn = m.state.hands[0][-1]
    v1 = m.view(1)
    assert v1["players"][0]["hand"] is None and v1["players"][0]["hand_count"] == 4
    assert not any(str(drawn) in line and "draws" in line for line in v1["log"])
    v0 = m.view(0)
    assert v0["players"][0]["hand"] == m.state.hands[0]
    assert f"P1 draws {drawn}" in v0["log"]


@pytest.fixture
def small_window(monkeypatch):
    """A snapshot window of 8 choices, so that a fake game's replay has a part before it."""
    monkeypatch.setattr(session, "REPLAY_SNAPSHOT_WINDOW", 8)
    return 8


def _long_keys(new_match) -> tuple[Match, list[str]]:
    m = new_match(n=3, seed=11, options={"rounds": "3"})
    keys = _random_keys(m, 200, seed=2)
    assert len(keys) > session.REPLAY_SNAPSHOT_WINDOW + 20
    return m, keys


def test_replay_refuses_an_illegal_choice_before_the_snapshot_window(new_match, small_window):
    _, keys = _long_keys(new_match)
    with pytest.raises(IllegalMove, match=r"choice 6 \('bogus'\) is not legal"):
        Match.replay("fakecards", seats(3), 11, {"rounds": "3"}, keys[:5] + ["bogus"] + keys[6:])
    legal_elsewhere = next(k for k in keys if k.startswith("card:") and k != keys[5])
    with pytest.raises(IllegalMove, match=r"choice 6 "):
        Match.replay("fakecards", seats(3), 11, {"rounds": "3"}, keys[:5] + [legal_elsewhere] + keys[6:])


def test_replay_refuses_choices_after_the_end(new_match, small_window):
    m = new_match(n=2, seed=3, options={"rounds": "1"})
    keys = _random_keys(m, 10_000, seed=4)
    assert m.is_over()
    extra = keys + ["end"] * (small_window + 2)  # the first one refused lies before the window
    with pytest.raises(IllegalMove, match=rf"choice {len(keys) + 1} \('end'\) is not legal: the game is over"):
        Match.replay("fakecards", seats(2), 3, {"rounds": "1"}, extra)


def test_replay_records_what_was_played_and_undoes_alike(new_match, small_window):
    _, keys = _long_keys(new_match)
    for n in range(len(keys) - 1, 20, -1):  # a position with two choices to undo
        m = new_match(n=3, seed=11, options={"rounds": "3"})
        for k in keys[:n]:
            m.choose(k)
        if len(m._snaps) >= 2 and m.can_undo()[0]:
            break
    else:
        raise AssertionError("no position with two choices to undo")
    back = Match.replay("fakecards", seats(3), 11, {"rounds": "3"}, keys[:n])
    assert back.state == m.state
    assert back.history == m.history  # who chose, and which choices revealed
    assert back.can_undo() == m.can_undo()
    undone = 0
    while m.can_undo()[0]:
        back.undo()
        m.undo()
        undone += 1
        assert back.state == m.state and back.history == m.history
    assert undone >= 2 and not back.can_undo()[0]
