"""Imperial's policy (``bots/policies/imperial.py``) and its determinize.

The policy is tested in positions built by hand (it takes a government when a bond gives it one, it
taxes when that brings power points, it does not pay for rondel spaces it has no use for, it keeps
out of pointless battles) and over many positions of random games (every choice is legal, the
judgement is one chance per player).  The clone is the engine's (tests/conformance checks it).
"""
from __future__ import annotations

import random

import pytest

from boardgames_tui.bots.policies import imperial as policy
from boardgames_tui.bots.policies import policy_for
from boardgames_tui.games.imperial import data as D
from boardgames_tui.games.imperial import maneuver as M
from boardgames_tui.games.imperial import rules as R
from boardgames_tui.games.imperial.rules import GAME

NAMES = ["Ann", "Bob", "Cid", "Dee", "Eve", "Fay"]
AH, IT, FR, GB, GE, RU = range(6)


# -- helpers ------------------------------------------------------------------------------------------
def new(n: int = 6, seed: int = 1):
    """A standard game; with 4-6 players seat i holds the flag card of power i."""
    return GAME.new_game_dealt(NAMES[:n], seed, None, list(range(n)) if n >= 4 else None)


def ri(name: str) -> int:
    return D.REGION_INDEX[name]


def give_bond(s, player: int, power: int, cost: int) -> None:
    b = D.BOND_BY_COST[cost]
    assert s.bonds[power][b] < 0
    s.bonds[power][b] = player
    s._decision = None


def to_turn(s, power: int, space: int | None = None) -> None:
    """It is ``power``'s turn (its marker on ``space``): its government chooses a rondel space."""
    if space is not None:
        s.rondel[power] = space
    s.turn_power = power
    s.steps = [R.EndTurn(power), R.Rondel(s.gov[power], power)]
    s.passed_investor = False
    s._decision = None
    GAME.advance(s)


def dec(s):
    return GAME.cached_decision(s)


def pick(s, seed: int = 0) -> str:
    d = dec(s)
    return policy.choose(GAME, s, d, random.Random(seed))


def played(n: int, seed: int, choices: int, level: str = "random"):
    """A position ``choices`` choices into a game played by the random bot or the policy."""
    s = GAME.new_game(NAMES[:n], seed, {})
    r = random.Random(seed)
    for _ in range(choices):
        d = dec(s)
        if d is None:
            break
        k = r.choice(d.options).key if level == "random" else policy.choose(GAME, s, d, r)
        GAME.apply(s, k)
    return s


# -- determinize --------------------------------------------------------------------------------------
def test_determinize_is_a_clone_with_a_fresh_random_source():
    s = played(4, 21, 200, "policy")
    det = GAME.determinize(s, 1, random.Random(5))
    assert det.rng != s.rng and det.rng is not s.rng
    det.rng = s.rng
    assert det == s
    again = GAME.determinize(s, 1, random.Random(5))
    assert again.rng == GAME.determinize(s, 2, random.Random(5)).rng  # depends on the source only
    det2 = GAME.determinize(s, 1, random.Random(5))
    det2.cash[0] += 1
    assert det2.cash != s.cash
    assert [o.key for o in dec(det2).options] == [o.key for o in dec(s).options]


# -- choices are legal ------------------------------------------------------------------------------------
@pytest.mark.parametrize("n", [2, 3, 4, 5, 6])
def test_choose_always_returns_a_legal_key(n):
    r = random.Random(n)
    rng = random.Random(100 + n)
    kinds = set()
    for g in range(6):
        options = [{}, {"investor_card": "no"}, {"opening": "experienced"}][g % 3]
        s = GAME.new_game(NAMES[:n], 1000 * n + g, options)
        for _ in range(r.randint(50, 700)):
            d = dec(s)
            if d is None:
                break
            k = policy.choose(GAME, s, d, rng)
            assert k in d, f"{k!r} is not legal at {d.kind}: {d.keys()}"
            cand = policy.candidates(GAME, s, d)
            assert cand and set(cand) <= set(d.keys())
            assert d.kind in ("donate", "donate_power") or len(cand) == len(d.options) or not {"back", "donate"} & set(cand)
            kinds.add(d.kind)
            # play on partly at random, so the positions are not only the policy's own
            GAME.apply(s, k if r.random() < 0.6 else r.choice(d.options).key)
    assert {"rondel", "maneuver", "destination", "invest", "bond", "opening"} <= kinds


def test_the_policy_finishes_games_on_its_own():
    assert policy_for("imperial") is policy
    for n in (2, 4, 6):
        s = GAME.new_game(NAMES[:n], 40 + n, {})
        r = random.Random(n)
        for _ in range(3000):
            d = dec(s)
            if d is None:
                break
            GAME.apply(s, policy.choose(GAME, s, d, r))
        assert dec(s) is None, f"a game of {n} policies did not end in 3000 choices"
        assert max(s.power_points) == D.WIN_POWER_POINTS


# -- evaluate -----------------------------------------------------------------------------------------
@pytest.mark.parametrize("n", [2, 3, 6])
def test_evaluate_gives_every_player_a_chance_in_0_1(n):
    for choices in (0, 100, 300, 600):
        s = played(n, 30 + n, choices, "policy")
        v = policy.evaluate(GAME, s)
        assert len(v) == n and all(0.0 <= x <= 1.0 for x in v)
        assert abs(sum(v) - 1.0) < 1e-9


def test_evaluate_favours_a_clear_leader():
    s = played(4, 9, 200, "policy")
    s.cash[2] += 150
    v = policy.evaluate(GAME, s)
    assert max(range(4), key=v.__getitem__) == 2 and v[2] > 0.9
    # a big stake in the power about to win counts too
    s = new(2)
    s.power_points[GE] = 22
    for c in (30, 25, 20):
        give_bond(s, 1, GE, c)
    v = policy.evaluate(GAME, s)
    assert v[1] > 0.8 > v[0]


def test_evaluate_at_the_end_names_the_winners():
    s = played(3, 4, 5000, "policy")
    assert dec(s) is None
    v = policy.evaluate(GAME, s)
    assert [q for q in range(3) if v[q] > 0] == GAME.winners(s)


# -- investing ----------------------------------------------------------------------------------------
def test_it_buys_the_bond_that_gives_it_a_government():
    # Bob (Italy) holds the investor card with 14M: a 12M bond outbids any 9M government
    s = new(6)
    s.cash[1] = 14
    to_turn(s, FR, D.MANEUVER1)
    GAME.apply(s, "space:investor")    # France pays interest; Bob invests
    d = dec(s)
    assert d.kind == "invest" and d.player == 1
    before = GAME.governs(s, 1)
    k = pick(s)
    assert k != "decline"
    GAME.apply(s, k)
    k = pick(s)
    GAME.apply(s, k)                    # the investor round ends: governments are checked
    assert len(GAME.governs(s, 1)) == len(before) + 1, f"bought {k}: no new government"


def test_it_invests_where_it_takes_a_government_rather_than_elsewhere():
    # Bob may take Austria-Hungary (Ann 9M) with a 12M bond; every other power stays out of his reach
    s = new(6)
    s.cash[1] = 14
    for p in (IT, FR, GB, GE, RU):
        give_bond(s, s.gov[p], p, 30)
    to_turn(s, FR, D.MANEUVER1)
    GAME.apply(s, "space:investor")
    assert dec(s).player == 1
    assert pick(s) == "invest:AH"


def test_it_never_pays_into_a_treasury():
    for seed in range(40):
        s = played(2 + seed % 5, seed, 20 + 7 * seed, "random")
        d = dec(s)
        if d is not None and d.kind == "rondel" and "donate" in d:
            assert pick(s, seed) != "donate"


# -- governing ----------------------------------------------------------------------------------------
def test_it_taxes_when_that_raises_power_points():
    s = new(2)
    p = AH
    me = s.gov[p]
    for r in ("west_balkan", "romania", "greece", "bulgaria", "turkey"):
        s.flags[ri(r)] = p              # tax 2 x 2 factories + 5 flags = 9M: 4 power points
    s.treasury[p] = 0                   # no factory to build, no interest to pay
    to_turn(s, p, D.MANEUVER2)          # Taxation is one space on, free
    d = dec(s)
    assert d.player == me and "space:taxation" in d
    assert pick(s) == "space:taxation"
    GAME.apply(s, "space:taxation")
    assert s.power_points[p] == 4


def test_it_does_not_tax_into_a_defeat():
    # Germany's taxation would end the game, and Bob (who governs it) would lose: he moves elsewhere
    s = new(2)
    p = GE
    me = s.gov[p]
    other = 1 - me
    s.power_points[p] = 22
    for r in ("denmark", "holland", "belgium", "norway", "sweden"):
        s.flags[ri(r)] = p
    s.cash[other] += 200
    to_turn(s, p, D.MANEUVER2)
    assert "space:taxation" in dec(s)
    assert pick(s) != "space:taxation"
    # with the lead it ends the game at once
    s.cash[other] -= 200
    s.cash[me] += 200
    to_turn(s, p, D.MANEUVER2)
    assert pick(s) == "space:taxation"


def test_it_does_not_pay_for_extra_spaces_without_cause():
    # first turns of a new game: the free spaces are as good as any, so nothing is paid
    for n in (2, 4, 6):
        s = new(n, seed=n)
        for p in range(6):
            s.rondel[p] = D.TAXATION
        for p in range(6):
            if s.gov[p] < 0:
                continue
            to_turn(s, p)
            d = dec(s)
            k = pick(s, p)
            assert d.get(k).value[2] == 0, f"{D.POWERS[p]} pays for {k}"


def test_it_does_not_pay_to_reach_a_space_it_can_reach_for_free():
    # a power with nothing to spend and nothing to move: the paid spaces do no more than the free ones
    s = new(2)
    p = FR
    s.treasury[p] = 0
    for r in D.HOME_PROVINCES[p]:
        s.factory[r] = True
    to_turn(s, p, D.TAXATION)
    d = dec(s)
    assert any(o.value[2] for o in d.options if o.key != "donate")   # paid moves are offered
    for seed in range(10):
        k = pick(s, seed)
        assert d.get(k).value[2] == 0, k


def test_it_picks_the_investor_space_when_the_treasury_pays_its_interest():
    s = new(2)
    p = AH
    me = s.gov[p]
    assert GAME.interest_due(s, p) == 5 and GAME.holding(s, me, p) == 11  # all of it goes to me
    s.treasury[p] = 30                  # pays its interest many times over
    for r in D.HOME_PROVINCES[p]:
        s.factory[r] = True            # nothing to build
    s.armies[ri("vienna")][p] = D.ARMY_LIMIT[p]   # nothing to produce or import
    s.fleets[ri("trieste")][p] = D.FLEET_LIMIT[p]
    for r in policy.SPHERE_LAND[p] + policy.SPHERE_SEA[p] + policy._HOME_LAND[p]:
        s.armies[r][IT] = 1 if r in D.NEUTRAL_LAND else 0   # no flag to take
        s.fleets[r][IT] = 1 if r in D.SEAS else 0
    to_turn(s, p, D.MANEUVER1)          # Investor is one space on
    assert pick(s) == "space:investor"
    s.treasury[p] = 0                   # now the government would pay from its own pocket
    to_turn(s, p, D.MANEUVER1)
    assert pick(s) != "space:investor"


def test_it_builds_a_factory_when_the_treasury_can_pay():
    s = new(2)
    to_turn(s, AH)                      # first placement: any space, free
    assert s.treasury[AH] >= D.FACTORY_COST
    assert pick(s) == "space:factory"
    GAME.apply(s, "space:factory")
    assert dec(s).kind == "factory"
    assert pick(s) != "none"


# -- maneuvers ----------------------------------------------------------------------------------------
def _maneuver(s, p):
    s.turn_power = p
    s.steps = [R.EndTurn(p), M.EndManeuver(p), M.Maneuver(s.gov[p], p, M.ARMIES_PHASE)]
    s.moved = [0] * D.N_REGIONS
    s.moved_kind = M.ARMY
    s._decision = None
    GAME.advance(s)


def test_an_army_goes_to_take_a_neutral_region():
    s = new(2)
    s.armies[ri("budapest")][AH] = 1
    _maneuver(s, AH)
    assert pick(s) == "army:budapest"
    GAME.apply(s, "army:budapest")
    k = pick(s)
    r = D.REGION_INDEX[k.split(":")[1]]
    assert r in D.NEUTRAL_LAND and s.flags[r] != AH, k
    GAME.apply(s, k)
    while dec(s) is not None and dec(s).player == s.gov[AH] and dec(s).kind == "maneuver":
        GAME.apply(s, pick(s))
    assert s.flags[r] == AH


def test_it_declines_a_battle_that_changes_nothing():
    # Austria's lone army enters Romania, held by a Russian army: a battle would only empty it
    s = new(2)
    assert s.gov[AH] != s.gov[RU]
    s.armies[ri("budapest")][AH] = 1
    s.armies[ri("romania")][RU] = 1
    s.flags[ri("romania")] = RU
    _maneuver(s, AH)
    GAME.apply(s, "army:budapest")
    GAME.apply(s, "to:romania")
    d = dec(s)
    assert d.kind == "battle" and "battle:RU:army" in d
    assert pick(s) == "peace"
    # with a second army already there, the battle leaves Austria alone in Romania: it fights
    s = new(2)
    s.armies[ri("budapest")][AH] = 1
    s.armies[ri("romania")][AH] = 1
    s.armies[ri("romania")][RU] = 1
    s.flags[ri("romania")] = RU
    _maneuver(s, AH)
    GAME.apply(s, "army:budapest")
    GAME.apply(s, "to:romania")
    assert pick(s) == "battle:RU:army"


def test_it_clears_hostile_armies_from_its_home():
    s = new(2)
    me_power, foe = AH, IT
    assert s.gov[me_power] != s.gov[foe]
    s.armies[ri("vienna")][foe] = 1
    s.hostile[ri("vienna")][foe] = True
    s.armies[ri("vienna")][me_power] = 1
    _maneuver(s, me_power)
    d = dec(s)
    battle = [o.key for o in d.options if o.key.startswith("attack:vienna")]
    assert battle and pick(s) in battle


def test_evaluate_counts_the_flags_a_maneuver_under_way_will_place():
    # a rollout may stop in mid-maneuver: armies alone in neutral regions already count as flags there
    s = new(2)
    me = s.gov[AH]
    before = policy.evaluate(GAME, s)[me]
    for r in ("west_balkan", "romania", "greece", "bulgaria", "turkey"):
        s.armies[ri(r)][AH] = 1
    assert policy.evaluate(GAME, s)[me] > before
    for r in ("west_balkan", "romania", "greece", "bulgaria", "turkey"):
        s.armies[ri(r)][AH] = 0
        s.flags[ri(r)] = AH
    settled = policy.evaluate(GAME, s)[me]
    s.armies[ri("greece")][IT] = 1      # Italy alone in Greece: the flag goes to Italy at the end
    assert policy.evaluate(GAME, s)[me] < settled


def test_the_search_candidates_leave_out_only_the_ways_back():
    s = new(2)
    to_turn(s, AH, D.TAXATION)
    d = dec(s)
    assert "donate" in d and policy.candidates(GAME, s, d) == [k for k in d.keys() if k != "donate"]
    GAME.apply(s, "donate")
    assert dec(s).kind == "donate_power" and policy.candidates(GAME, s, dec(s)) == ["back"]
    GAME.apply(s, "treasury:AH")
    assert dec(s).kind == "donate" and policy.candidates(GAME, s, dec(s)) == ["back"]
    s = new(2)
    s.armies[ri("budapest")][AH] = 1
    _maneuver(s, AH)
    GAME.apply(s, "army:budapest")
    d = dec(s)
    assert d.kind == "destination" and "back" in d
    assert policy.candidates(GAME, s, d) == [k for k in d.keys() if k != "back"]
