"""The end of the game and the scoring, with the seed's example and its tie-break."""
from __future__ import annotations

import random
import re

from boardgames_tui.bots.random_bot import RandomBot
from boardgames_tui.engine.session import Match, Seat
from boardgames_tui.games.imperial import data as D
from boardgames_tui.games.imperial.rules import GAME

from imperial_helpers import AH, FR, GB, IT, RU, dec, give_bond, log_text, new, play, put, ri, to_turn


def bare(n=3):
    """A 6-player game with every bond back in the supply and no cash."""
    s = new(6)
    s.bonds = [[-1] * 9 for _ in range(6)]
    s.cash = [0] * 6
    return s


def test_the_seeds_scoring_example():
    """France at 17 power points has factor 3; the French 12M bond pays 5M interest: 5 x 3 = 15."""
    s = bare()
    s.power_points[FR] = 17
    assert D.power_factor(17) == 3
    give_bond(s, 0, FR, 12)
    assert GAME.score_of(s, 0) == 15
    s.cash[0] = 4
    assert GAME.scores(s)[0] == 19               # plus cash, 1 point per million


def test_score_adds_every_bond_times_its_powers_factor():
    s = bare()
    s.power_points = [25, 10, 4, 5, 0, 20]        # factors 5, 2, 0, 1, 0, 4
    give_bond(s, 1, AH, 2)                        # 1 x 5
    give_bond(s, 1, IT, 30)                       # 9 x 2
    give_bond(s, 1, FR, 25)                       # 8 x 0
    give_bond(s, 1, GB, 9)                        # 4 x 1
    give_bond(s, 1, RU, 6)                        # 3 x 4
    s.cash[1] = 7
    assert GAME.score_of(s, 1) == 5 + 18 + 0 + 4 + 12 + 7
    # the end screen's make-up of it: cash, then per power the interest held × the factor, a power whose
    # factor is 0 included (it counts nothing, and says so)
    assert GAME.score_detail(s, 1) == "$7 AH1×5 IT9×2 FR8×0 GB4×1 RU3×4"


def test_the_score_detail_names_every_power_held_and_adds_up_to_the_score():
    """Over random positions of 3- and 6-player games: the detail parts sum to the score, and name
    exactly the powers whose bonds the player holds, each with its interest and factor."""
    rnd = random.Random(39)
    checked = 0
    for k, n in enumerate((3, 6, 3, 6)):
        m = Match.new("imperial", [Seat(f"P{i}", "red") for i in range(n)], 39 + k)
        bot = RandomBot(k)
        for _ in range(rnd.randrange(100, 900)):
            d = m.decision()
            if d is None:
                break
            m.choose(bot.choose(d))
        st = m.state
        for q in range(n):
            detail = GAME.score_detail(st, q)
            cash, *parts = detail.split(" ")
            assert cash == f"${st.cash[q]}"
            total = st.cash[q]
            held = {}
            for part in parts:
                code, interest, factor = re.fullmatch(r"([A-Z]{2})(\d+)×(\d)", part).groups()
                p = D.POWERS.index(code)
                assert int(factor) == D.power_factor(st.power_points[p])
                held[code] = int(interest)
                total += int(interest) * int(factor)
            assert held == {D.POWERS[p]: sum(D.BOND_INTEREST[b] for b in range(len(D.BOND_COSTS)) if st.bonds[p][b] == q)
                            for p in range(6) if q in st.bonds[p]}
            assert total == GAME.score_of(st, q)
            checked += 1
    assert checked == 18


def test_the_game_ends_at_once_at_25_power_points():
    s = new(6)
    s.power_points[GB] = 22
    for r in ("north_sea", "english_channel", "north_atlantic"):
        s.flags[ri(r)] = GB
    put(s, GB, "london", fleets=1)
    to_turn(s, GB, D.MANEUVER2)
    play(s, "space:taxation")                     # 4 + 3 = 7M: 2 points -> 24: not yet
    assert s.power_points[GB] == 24 and dec(s) is not None
    to_turn(s, GB, D.MANEUVER2)
    treasury = s.treasury[GB]
    play(s, "space:taxation")
    assert s.power_points[GB] == 25               # capped at 25
    assert dec(s) is None and s.end_reason == "Great Britain reached 25 power points"
    assert s.treasury[GB] == treasury             # no soldiers' pay after the end
    assert "The game ends: Great Britain reached 25 power points." in log_text(s)
    v = GAME.view(s, None)
    assert v["scores"] == GAME.scores(s) and v["winners"] == GAME.winners(s) and v["turn_power"] is None


def test_tie_break_by_credit_in_the_strongest_power():
    s = bare()
    s.power_points = [20, 12, 0, 0, 0, 0]        # AH first, then IT
    give_bond(s, 0, AH, 9)                        # Ann: 4 x 4 = 16
    give_bond(s, 1, AH, 4)                        # Bob: 2 x 4 = 8 + 8 cash = 16
    s.cash[1] = 8
    assert GAME.scores(s)[:2] == [16, 16]
    assert GAME.winners(s) == [0]                 # more credit in Austria-Hungary (9M against 4M)


def test_tie_break_goes_down_the_powers():
    s = bare()
    s.power_points = [20, 12, 0, 0, 0, 0]
    give_bond(s, 0, AH, 6)                        # both 6M in AH (3 x 4 = 12)
    give_bond(s, 1, AH, 4)
    give_bond(s, 1, AH, 2)
    give_bond(s, 0, IT, 2)                        # IT: Ann 2M (1 x 2), Bob 4M (2 x 2)
    give_bond(s, 1, IT, 4)
    s.cash[0] = 2
    assert GAME.scores(s)[:2] == [16, 16]
    assert GAME.winners(s) == [1]                 # Italy decides: 4M > 2M
    s = bare()
    s.power_points = [20, 12, 0, 0, 0, 0]
    give_bond(s, 0, AH, 6)
    give_bond(s, 1, AH, 4)
    give_bond(s, 1, AH, 2)
    give_bond(s, 0, IT, 9)                        # Ann: 12 + 4 x 2 = 20
    give_bond(s, 1, IT, 4)                        # Bob: 12 + 2 x 2 + 4 cash = 20
    s.cash[1] = 4
    assert GAME.scores(s)[:2] == [20, 20]
    assert GAME.winners(s) == [0]                 # Italy: 9M > 4M


def test_a_complete_tie_shares_the_win():
    s = bare()
    s.cash[0] = s.cash[1] = 5
    assert GAME.winners(s) == [0, 1]
