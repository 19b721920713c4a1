"""Issue 26 item 4: every option label fits one line of the option list at 80x24 (``LABEL_ROOM``);
a shortened label keeps its whole text as the detail the screen shows under the map."""
from __future__ import annotations

import pytest

from boardgames_tui.bots.random_bot import RandomBot
from boardgames_tui.engine.session import Match, Seat
from boardgames_tui.games.imperial.labels import LABEL_ROOM, full_text, option_detail

SEATS = [Seat(n, c) for n, c in (("Ada", "red"), ("Bruno", "blue"), ("Chloé", "green"), ("Dario", "yellow"))]


@pytest.mark.parametrize("players,seed", [(3, 1), (4, 2), (2, 3)])
def test_every_label_fits_one_line_and_a_short_one_keeps_its_whole_text(players, seed):
    m = Match.new("imperial", SEATS[:players], seed)
    bot = RandomBot(seed)
    shortened = 0
    for _ in range(2500):
        d = m.decision()
        if d is None:
            break
        for o in d.options:
            assert len(o.label) <= LABEL_ROOM, o.label
            detail = option_detail(o)
            if detail:
                shortened += 1
                assert len(detail) > len(o.label) and full_text(o) == detail
        m.choose(bot.choose(d))
    assert shortened, "no label was shortened: the check saw nothing"
