"""Issue 26 item 4: every Civilization option fits one line of the option list at 80x24
(``common.LABEL_ROOM`` characters), so a 9-option decision shows whole; what a short label leaves out
goes to the line under the map.  Checked over random games of 2-4 players with 3-letter names."""
from __future__ import annotations

import random

import pytest

from boardgames_tui.engine.registry import get_game
from boardgames_tui.games.civilization.common import LABEL_ROOM

NAMES = ["Ada", "Bob", "Cyd", "Dee"]


@pytest.mark.parametrize("players,seed", [(2, 1), (3, 2), (4, 3), (4, 4)])
def test_every_option_label_fits_one_line(players: int, seed: int) -> None:
    game = get_game("civilization")
    s = game.new_game(NAMES[:players], seed, game.options_with_defaults(None))
    rng = random.Random(seed)
    too_long: set[tuple[str, str]] = set()
    for _ in range(2500):
        d = game.decision(s)
        if d is None:
            break
        too_long |= {(d.kind, o.label) for o in d.options if len(o.label) > LABEL_ROOM}
        game.apply(s, rng.choice(d.options).key)
    assert not too_long, sorted(too_long)[:10]
