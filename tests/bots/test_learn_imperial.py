"""Imperial in the guided game (issue 41): the mistakes that matter are warned of, the reasons name
what differs between the options, and the steps of one maneuver keep one plan.

The positions are built from seeded games (played by the easy policy, then edited): what is asked is
what ``learn imperial`` asks, ``hint`` then ``afterthought`` as the learner's screen calls them."""
from __future__ import annotations

import random

import pytest

from boardgames_tui.bots.hint import afterthought, hint
from boardgames_tui.bots.policies import imperial as policy
from boardgames_tui.games.imperial import data as D
from boardgames_tui.games.imperial.rules import GAME

from test_policy_imperial import _maneuver, to_turn  # a power's armies' maneuver, a power's rondel turn

AH, IT, FR, GB, GE, RU = range(6)
NAMES = ["Ann", "Bob", "Cid"]     # the guided game: the learner and two easy bots


def ri(name: str) -> int:
    return D.REGION_INDEX[name]


def played(seed: int, choices: int):
    """A three-player game ``choices`` choices in, every seat played by the easy policy."""
    s = GAME.new_game(NAMES, seed, {})
    r = random.Random(seed)
    for _ in range(choices):
        d = GAME.cached_decision(s)
        assert d is not None, "the game ended early"
        GAME.apply(s, policy.choose(GAME, s, d, r))
    return s


def warned(s, chosen: str) -> str | None:
    d = GAME.cached_decision(s)
    assert chosen in d, (chosen, d.keys())
    h = hint(GAME, s, d, 100)
    assert h.key != chosen, h.line()
    return afterthought(h, chosen, d)


# -- the mistakes that stayed silent ------------------------------------------------------------------
@pytest.mark.parametrize("seed,choices", [(1, 60), (4, 120), (7, 160)])
def test_a_maneuver_without_units_is_a_mistake_free_or_paid(seed, choices):
    s = played(seed, choices)
    for r in range(D.N_REGIONS):
        s.armies[r][RU] = s.fleets[r][RU] = 0
    s.cash[s.gov[RU]] = max(s.cash[s.gov[RU]], 10)
    to_turn(s, RU, D.INVESTOR)          # Maneuver is 3 spaces on: free
    d = GAME.cached_decision(s)
    assert d.get("space:maneuver2").value[2] == 0
    line = warned(s, "space:maneuver2")
    assert line is not None and "Russia has no units to move" in line, line
    to_turn(s, RU, D.MANEUVER2)         # the other Maneuver is 4 spaces on: 2M of the government's own
    d = GAME.cached_decision(s)
    assert d.get("space:maneuver1").value[2] == 2
    line = warned(s, "space:maneuver1")
    assert line is not None and "Russia has no units to move" in line, line


@pytest.mark.parametrize("seed,choices", [(2, 40), (5, 100), (8, 140)])
def test_a_taxation_of_no_power_points_is_a_mistake(seed, choices):
    s = played(seed, choices)
    s.flags = [-1 if f == IT else f for f in s.flags]
    for r in D.HOME_PROVINCES[IT]:
        s.factory[r] = D.REGIONS[r].start_factory       # Rome and Naples: 4M of taxes, 0 power points
    assert GAME.tax_revenue(s, IT) < 6
    to_turn(s, IT, D.PRODUCTION2)       # Taxation is 2 spaces on, free
    line = warned(s, "space:taxation")
    assert line is not None and "Italy would gain 0 power points and pay no bonus" in line, line


@pytest.mark.parametrize("seed,choices", [(3, 50), (6, 110), (9, 150)])
def test_an_import_from_an_empty_treasury_is_a_mistake(seed, choices):
    s = played(seed, choices)
    s.treasury[GE] = 0
    to_turn(s, GE, D.INVESTOR)          # Import is 1 space on, free
    line = warned(s, "space:import")
    assert line is not None and "the treasury holds 0M" in line, line


def test_a_free_space_that_does_something_is_no_mistake():
    """The warnings are for wasted turns: a choice close to the hint stays quiet."""
    s = played(1, 60)
    to_turn(s, RU, D.INVESTOR)
    d = GAME.cached_decision(s)
    h = hint(GAME, s, d, 100)
    close = [k for v, k in h.scored if k != h.key and v >= dict((k2, v2) for v2, k2 in h.scored)[h.key] - 0.01]
    for k in close:
        assert afterthought(h, k, d) is None


def test_building_no_factory_is_a_mistake_when_the_treasury_pays_for_one():
    s = played(4, 80)
    s.treasury[AH] = 12
    for r in D.HOME_PROVINCES[AH]:
        s.factory[r] = D.REGIONS[r].start_factory
    to_turn(s, AH, D.TAXATION)
    GAME.apply(s, "space:factory")
    d = GAME.cached_decision(s)
    assert d.kind == "factory" and "none" in d
    line = warned(s, "none")
    assert line is not None and "Build no factory" in line, line
    # with nothing in the treasury the government would pay the whole factory: no factory is the hint
    s.treasury[AH] = 0
    s.cash[s.gov[AH]] = 40
    s._decision = None
    h = hint(GAME, s, GAME.cached_decision(s), 100)
    assert h.key == "none" and "5M" in h.reason, h.line()


# -- reasons that name what differs ---------------------------------------------------------------------
def test_a_bond_reason_names_the_factor_its_power_heads_for():
    """France nears the end at 15+ of taxes, Great Britain has nothing: the warning after a British
    bond says it scores little (factor x0), not what both bonds share (their price)."""
    s = played(5, 30)
    for r in D.NEUTRAL_LAND[:10]:
        s.flags[r] = FR
    s.power_points[FR] = 18
    s.power_points[GB] = 0
    for r in D.HOME_PROVINCES[GB]:
        s.factory[r] = False
    s.flags = [-1 if f == GB else f for f in s.flags]
    me = (s.gov[FR] + 1) % 3
    s.investor_card = me
    s.cash[me] = 6
    to_turn(s, AH, D.MANEUVER1)
    GAME.apply(s, "space:investor")
    d = GAME.cached_decision(s)
    while d.kind != "invest" or d.player != me:
        GAME.apply(s, policy.choose(GAME, s, d, random.Random(0)))
        d = GAME.cached_decision(s)
    h = hint(GAME, s, d, 100)
    assert h.key == "invest:FR", h.line()
    assert "×5 at the end" in h.reason, h.reason
    line = afterthought(h, "invest:GB", d)
    assert line is not None, h.scored
    yours = line.split("; yours: ")[1]
    assert "Great Britain" in yours and "×0 at the end" in yours and "costs" not in yours, line


def test_a_worse_options_reason_leaves_out_what_it_shares_with_the_pick():
    s = played(5, 30)
    to_turn(s, FR, D.PRODUCTION2)
    d = GAME.cached_decision(s)
    h = hint(GAME, s, d, 100)
    said = {t for v, k in h.scored if k == h.key for _, t in getattr(v, "factors", ())}
    for v, k in h.scored:
        if k != h.key and v < dict((k2, v2) for v2, k2 in h.scored)[h.key] - 1e-9:
            assert not said & {t for _, t in getattr(v, "factors", ())}, k


# -- one maneuver, one plan -----------------------------------------------------------------------------
def follow(s, at: int = 200) -> list:
    """(kind, key, reason) of each hint of the player's run of choices, each followed, from here."""
    d = GAME.cached_decision(s)
    me = d.player
    out = []
    while d is not None and d.player == me and len(out) < 4:
        h = hint(GAME, s, d, at + len(out), at)
        out.append((d.kind, h.key, h.reason))
        GAME.apply(s, h.key)
        d = GAME.cached_decision(s)
        if out[-1][0] != "maneuver" and d is not None and d.kind == "maneuver":
            break
    return out


def test_a_unit_sent_to_free_its_home_fights_there():
    s = GAME.new_game(NAMES, 11, {})
    assert s.gov[AH] != s.gov[GE]
    s.armies[ri("hamburg")][AH] = 1
    s.hostile[ri("hamburg")][AH] = True
    s.armies[ri("berlin")][GE] = 1
    _maneuver(s, GE)
    steps = follow(s)
    assert [k for k, _, _ in steps] == ["maneuver", "destination", "battle"], steps
    plan = "it frees Hamburg of Austria-Hungary's army"
    assert steps[0][1] == "army:berlin" and plan in steps[0][2], steps
    assert steps[1][1] == "to:hamburg" and plan in steps[1][2], steps
    assert steps[2][1] == "battle:AH:army" and plan in steps[2][2], steps
    assert not s.armies[ri("hamburg")][AH]


def test_no_freeing_is_promised_from_an_army_of_a_power_you_govern_too():
    # France and Germany have one government in a three-player game: its army in Hamburg is not fought
    s = GAME.new_game(NAMES, 11, {})
    assert s.gov[FR] == s.gov[GE]
    s.armies[ri("hamburg")][FR] = 1
    s.hostile[ri("hamburg")][FR] = True
    s.armies[ri("berlin")][GE] = 1
    _maneuver(s, GE)
    steps = follow(s)
    assert "frees" not in steps[0][2], steps
    # the learner sends the army there all the same: no battle, and the step says why
    s = GAME.new_game(NAMES, 11, {})
    s.armies[ri("hamburg")][FR] = 1
    s.hostile[ri("hamburg")][FR] = True
    s.armies[ri("berlin")][GE] = 1
    _maneuver(s, GE)
    GAME.apply(s, "army:berlin")
    d = GAME.cached_decision(s)
    h = hint(GAME, s, d, 300, 300)
    scored = {k: v for v, k in h.scored}
    assert "frees" not in str(getattr(scored["to:hamburg"], "factors", "")), scored["to:hamburg"]
    GAME.apply(s, "to:hamburg")
    d = GAME.cached_decision(s)
    assert d.kind == "battle"
    assert hint(GAME, s, d, 301, 300).key == "peace"


def test_an_army_sent_to_block_a_factory_is_declared_hostile():
    s = GAME.new_game(NAMES, 11, {})
    me = s.gov[AH]
    assert all(q != me for q in s.bonds[IT])          # Italy's bonds are the rivals': blocking it pays
    for r in D.NEUTRAL_LAND:
        s.flags[r] = AH                                 # nothing left to flag nearby
    s.factory[ri("venice")] = True
    s.armies[ri("trieste")][AH] = 1
    _maneuver(s, AH)
    steps = follow(s)
    assert [k for k, _, _ in steps] == ["maneuver", "destination", "declare"], steps
    assert steps[0][1] == "army:trieste" and "block Venice's factory" in steps[0][2], steps
    assert steps[1][1] == "to:venice" and "block Venice's factory" in steps[1][2], steps
    assert steps[2][1] == "hostile" and "Venice's factory" in steps[2][2], steps
    assert s.hostile[ri("venice")][AH]


def _fights(reason: str) -> bool:
    return any(w in reason for w in ("frees", "alone in", "clears the way", "fights one of"))


@pytest.mark.parametrize("seed", [0, 6, 10, 12])
def test_every_move_hinted_in_a_game_keeps_its_plan(seed):
    """In seeded games (mostly the policy's play), every unit the hint picks is followed hint by hint:
    the destination continues the unit's reason, and the battle on arriving is fought exactly when
    the destination's reason was a battle's."""
    s = GAME.new_game(NAMES, seed, {})
    r = random.Random(seed)
    checked = 0
    for at in range(600):
        d = GAME.cached_decision(s)
        if d is None:
            break
        if d.kind == "maneuver":
            h = hint(GAME, s, d, at, at)
            if h.key.startswith(("army:", "fleet:")):
                t = GAME.determinize(s, d.player, random.Random(0))
                steps = follow(t, at)
                assert steps[1][0] == "destination" and steps[1][2] == steps[0][2], steps
                if len(steps) > 2 and steps[2][0] == "battle":
                    assert (steps[2][1] != "peace") == _fights(steps[1][2]), steps
                    checked += 1
                if len(steps) > 2 and steps[2][0] == "declare":
                    assert (steps[2][1] == "hostile") == ("block" in steps[1][2]), steps
                    checked += 1
        GAME.apply(s, policy.choose(GAME, s, d, r) if r.random() < 0.8 else r.choice(d.options).key)
    assert checked >= 3, "too few battles or declarations met to test"
