"""Civilization's judgement of a position, for the policy (``civilization``) and its war rules
(``civilization_war``) alike: each player by his progress on the three peaceful roads (culture
track, techs toward Space Flight, coins), a softmax over the best of them.  Its own module so the
two import it without importing each other."""
from __future__ import annotations

import math
from typing import TYPE_CHECKING, Any, cast

from ...engine.core import Game
from ...games.civilization import data as D
from ...games.civilization.common import coin_dial

if TYPE_CHECKING:
    from ...games.civilization.rules import CivilizationGame


def evaluate(game: Game, state: Any) -> list[float]:
    """Each player's chance from his best road: culture track, techs, coins (a first fit, by hand)."""
    if state.winner >= 0:
        return [1.0 if q == state.winner else 0.0 for q in range(state.n)]
    prog = []
    for q, p in enumerate(state.players):
        culture = p.culture_step / D.CULTURE_SPACES + p.culture / 100
        tech = len(p.techs) / 16
        money = coin_dial(cast("CivilizationGame", game), state, q) / D.COIN_VICTORY
        prog.append(max(culture, tech, money) + 0.05 * sum(1 for c in state.board.cities.values() if c.owner == q))
    top = max(prog)
    ws = [math.exp((v - top) / 0.08) for v in prog]
    tot = sum(ws)
    return [w / tot for w in ws]
