"""Hand-made Imperial positions for the rule tests.

A position is a real game from ``GAME.new_game_dealt`` whose parts are then set
by hand; every helper drops the cached decision, so ``dec(s)`` always reflects
the edited position.  Whose decision it is comes from the step stack
``s.steps``: ``to_turn`` puts a power's turn on it (its rondel decision).
"""
from __future__ import annotations

from boardgames_tui.engine.core import IllegalMove
from boardgames_tui.games.imperial import data as D
from boardgames_tui.games.imperial import rules as R
from boardgames_tui.games.imperial.rules import GAME, ImperialState

NAMES = ["Ann", "Bob", "Cid", "Dee", "Eve", "Fay"]
AH, IT, FR, GB, GE, RU = range(6)


def new(n: int = 6, cards: list[int] | None = None, seed: int = 1, **options: str) -> ImperialState:
    """A new game; with 4-6 players and no ``cards``, seat i holds the flag card of power i."""
    if cards is None and n >= 4:
        cards = list(range(n))
    return GAME.new_game_dealt(NAMES[:n], seed, options or None, cards)


def ri(name: str) -> int:
    return D.REGION_INDEX[name]


def bi(cost: int) -> int:
    return D.BOND_BY_COST[cost]


def put(s: ImperialState, power: int, region: str, armies: int = 0, fleets: int = 0,
        hostile: bool | None = None) -> None:
    r = ri(region)
    s.armies[r][power] += armies
    s.fleets[r][power] += fleets
    if hostile is not None:
        s.hostile[r][power] = hostile
    s._decision = None


def give_bond(s: ImperialState, player: int, power: int, cost: int) -> None:
    """Hand a bond from the supply to ``player`` (no money moves)."""
    b = bi(cost)
    assert s.bonds[power][b] < 0
    s.bonds[power][b] = player
    s._decision = None


def to_turn(s: ImperialState, power: int, space: int | None = None) -> None:
    """It is ``power``'s turn, its marker on ``space`` (None: keep), its government to choose a space."""
    if space is not None:
        s.rondel[power] = space
    s.turn_power = power
    s.steps = [R.EndTurn(power), R.Rondel(s.gov[power], power)]
    s.passed_investor = False
    s.log.clear()
    s._decision = None
    GAME.advance(s)


def dec(s: ImperialState):
    return GAME.cached_decision(s)


def keys(s: ImperialState) -> list[str]:
    return dec(s).keys()


def play(s: ImperialState, *ks: str) -> None:
    for k in ks:
        d = dec(s)
        assert d is not None, f"the game is over; cannot play {k!r}"
        if k not in d:
            raise AssertionError(f"{k!r} is not legal for {s.names[d.player]} at {d.prompt!r}; legal: {d.keys()}")
        GAME.apply(s, k)


def refused(s: ImperialState, k: str) -> str:
    """The reason ``k`` is refused (the state must not change)."""
    before = GAME.clone(s)
    try:
        GAME.apply(s, k)
    except IllegalMove as e:
        assert s == before
        return e.reason
    raise AssertionError(f"{k!r} was accepted")


def log_text(s: ImperialState) -> str:
    return "\n".join(e.text for e in s.log)


def top(s: ImperialState):
    return s.steps[-1] if s.steps else None


def check_invariants(s: ImperialState) -> None:
    """Conservation and ranges: every bond once, units within the piece limits, money never negative."""
    assert all(c >= 0 for c in s.cash), s.cash
    assert all(t >= 0 for t in s.treasury), s.treasury
    for p in range(6):
        assert sum(row[p] for row in s.armies) <= D.ARMY_LIMIT[p]
        assert sum(row[p] for row in s.fleets) <= D.FLEET_LIMIT[p]
        assert s.flags.count(p) <= D.FLAGS_PER_POWER
        assert 0 <= s.power_points[p] <= D.WIN_POWER_POINTS
        if s.gov[p] >= 0:
            held = [GAME.holding(s, q, p) for q in range(s.n)]
            assert held[s.gov[p]] > 0
    for r in range(D.N_REGIONS):
        assert all(a >= 0 for a in s.armies[r]) and all(f >= 0 for f in s.fleets[r])
        if not D.IS_SEA[r] and not D.IS_HOME[r]:
            assert not any(s.fleets[r]), "fleets never stand on neutral land"
        if D.IS_HOME[r]:
            assert all(s.fleets[r][q] == 0 for q in range(6) if q != D.OWNER[r]), "a harbour holds its owner's fleets"
        else:
            assert s.flags[r] == -1 or r in D.FLAG_REGIONS
        for q in range(6):
            if s.hostile[r][q]:
                assert s.armies[r][q] and D.IS_HOME[r] and D.OWNER[r] != q
    for r in range(D.N_REGIONS):
        if D.IS_HOME[r]:
            assert s.flags[r] == -1
        if s.factory[r]:
            assert D.IS_HOME[r]
    if not any(isinstance(st, (R.OpeningBuy, R.OpeningNext)) for st in s.steps):
        assert s.swiss == [q not in s.gov for q in range(s.n)]


def hand_over(s: ImperialState, power: int, taker: int, cost: int = 30) -> None:
    """``taker`` takes ``power`` over with a bond of ``cost`` (handed out, no money moves); Swiss banks are
    updated as after an Investor turn."""
    give_bond(s, taker, power, cost)
    s.gov[power] = taker
    s.swiss = [q not in s.gov for q in range(s.n)]
    s._decision = None


def holdings(s: ImperialState, q: int) -> set[tuple[str, int]]:
    """Player ``q``'s bonds as (power code, cost)."""
    return {(D.POWERS[p], D.BOND_COSTS[b]) for p in range(6) for b in range(D.N_BONDS) if s.bonds[p][b] == q}
