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


FEATURES = ("culture step", "culture tokens", "techs", "top tech level", "coin dial", "cities", "trade",
            "armies on the map", "unit ranks", "buildings and wonders", "reach to a foe's capital",
            "foe near the capital", "cards in hand", "resources", "city production")


def features(game: Game, state: Any, q: int) -> list[float]:
    """Player ``q``'s standing in the terms a fitted judgement weighs (``FEATURES``), each scaled to
    about 0..1 (``bench/civ_eval_fit.py`` fits the weights on easy-bot games)."""
    s, p = state, state.players[q]
    b = s.board
    cities = [pos for pos, c in b.cities.items() if c.owner == q]
    foes = [pl.capital for k, pl in enumerate(s.players) if k != q]
    armies = [pos for pos, f in b.figures.items() if f.owner == q and f.armies]
    enemy = [pos for pos, f in b.figures.items() if f.owner != q and f.armies]

    def nearest(src: list, dst: list) -> float:
        d = min((abs(a[0] - c[0]) + abs(a[1] - c[1]) for a in src for c in dst), default=99)
        return 1.0 / (1.0 + d)

    from ...games.civilization.management import production
    g = cast("CivilizationGame", game)
    top = max((D.TECH_INDEX[t].level for t in p.techs), default=0)
    return [p.culture_step / D.CULTURE_SPACES, p.culture / 20, len(p.techs) / 10, top / 5,
            coin_dial(g, s, q) / D.COIN_VICTORY, len(cities) / 3, p.trade / 27,
            sum(b.figures[pos].armies for pos in armies) / 6, sum(p.ranks.values()) / 8,
            sum(1 for st in b.structures.values() if st.owner == q) / 6, nearest(armies, foes),
            nearest(enemy, [p.capital]), (len(p.culture_cards) + len(p.great_people)) / 5,
            len(p.resources) / 4, sum(production(g, s, q, c) for c in cities) / 20]


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


# Fitted by ``bench/civ_eval_fit.py --games 600`` (a conditional logit on 600 easy-bot games, four and
# two players alternately, seeds 5000-5599; 8,509 positions at the start of each round of the 480 games
# fitted on).  On the 120 held-out games (every fifth seed) the player it judged likeliest won 57% of the
# time at round 5 and 67% at round 10; the hand-made ``evaluate`` 46% and 47%; chance 38%.
WEIGHTS: tuple[float, ...] = (2.802, 0.466, -0.329, -0.971, 0.774, 0.976, 0.323, 0.098, -0.473, 1.222, 0.292,
                              -0.661, 0.722, 0.269, 0.037)


def judge(game: Game, state: Any) -> list[float]:
    """Each player's chance of winning from the position, by the fitted weights over ``features``: the
    hard bot's judgement where its playouts stop (the easy policy keeps ``evaluate``)."""
    if state.winner >= 0:
        return [1.0 if q == state.winner else 0.0 for q in range(state.n)]
    zs = [sum(w * x for w, x in zip(WEIGHTS, features(game, state, q))) for q in range(state.n)]
    top = max(zs)
    es = [math.exp(z - top) for z in zs]
    tot = sum(es)
    return [e / tot for e in es]
