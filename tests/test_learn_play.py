"""The guided game's way of playing (ui/play.py's LearnPlay): the kinds explained, and an afterthought
that offers u only where undo will still work."""
from __future__ import annotations

import random

from boardgames_tui.bots.base import ask
from boardgames_tui.bots.random_bot import RandomBot
from boardgames_tui.engine.session import BOT, HUMAN, Match, Seat
from boardgames_tui.ui.play import LearnPlay


def test_u_is_offered_only_while_the_learner_still_decides():
    m = Match.new("evolution", [Seat("Ann", "red", HUMAN), Seat("Bot 1", "blue", BOT, "easy")], 7)
    play = LearnPlay(m, autosave=False)
    bot, r = RandomBot(1), random.Random(2)
    seen = {True: 0, False: 0}
    for _ in range(400):
        d = m.decision()
        if d is None:
            break
        if m.seats[d.player].is_bot:
            m.choose(ask(bot, m.game, m.state, d))
            continue
        play.choose(r.choice(d.options).key, d)
        assert d.kind in play.kinds_seen
        nd = m.decision()
        ok = play.undoable_after(d.player)
        seen[ok] += 1
        if nd is not None and m.seats[nd.player].is_bot:
            # not offered: once the bot has moved, the learner's choice is final
            assert not ok
            m.choose(ask(bot, m.game, m.state, nd))
            assert not m.can_undo()[0] or m.undo_player() != d.player
        elif ok:
            # offered: and u does take it back
            assert m.can_undo()[0] and m.undo_player() == d.player
    assert seen[True] and seen[False]
