"""Imperial (Mac Gerdts, 2006; the 3rd edition with the Swiss bank): the rules layer.

The state is plain data (:class:`ImperialState`); :data:`GAME` is the stateless
:class:`ImperialGame`, a :class:`~boardgames_tui.engine.steps.StepGame`.  The
rules follow ``docs/rules/imperial.md`` (the German seed, with the reference
filling what the seed leaves open); every choice made beyond both is written
down in ``RULES.md`` beside this module.

Players are investors; the six powers (``data.POWERS``) take turns in the
fixed order AH, IT, FR, GB, GE, RU.  Every decision of a power is taken by its
government (``state.gov[power]``, the player holding the largest sum of its
bonds); out-of-turn decisions belong to others: Swiss-bank holders force a
stop on the Investor space and invest, the investor-card holder invests, a
power whose units a mover joins may demand a battle.  The step's ``player`` is
the only source of who acts.

How a power's turn runs (all on the step stack):

* :class:`NextTurn` finds the next power with a government, pushes
  :class:`EndTurn` and the power's :class:`Rondel` decision.
* :class:`Rondel` picks the space (or opens a payment into a treasury, ``payin``).  A move that
  passes the Investor space first asks the Swiss banks (:class:`AskForce` ->
  :class:`Force`).  Then the space's action: :class:`FactorySite`,
  production (automatic), :class:`Import`, the maneuver (a sub-game of its
  own, in ``maneuver.py``: ``Maneuver`` -> ``Destination`` -> ``Arrive`` ->
  ``Contest`` / ``Declare`` / ``AskDemands`` -> ``Demand``, and ``EndManeuver``
  for the flags), the Investor space (in ``investor.py``: ``InvestorSpace``,
  interest, then ``InvestorRound`` with ``Invest`` -> ``BuyBond`` decisions and
  ``FinishInvestorRound``) or taxation (automatic; it may end the game).
* :class:`EndTurn` runs the investor steps 2-3 after a pass over Investor
  (or, without the investor card, the investment round after every turn) and
  then the next turn.

The parts of the game are modules beside this one, each its steps plus
functions taking ``(game, state, ...)``: ``maneuver.py`` (the maneuver) and
``investor.py`` (interest, investing, bonds and governments); ``base.py`` holds
what they share (``PowerStep``, the unit kinds).  They import the data and
``base``, never this module; this module imports them.

Imperial has no hidden information: views are the full public state and no
decision is private.  There is no randomness after set-up (the flag cards, or
the experienced opening's first buyer, are drawn with ``state.rng``).

Performance: the state is flat lists of small ints; options that never change
are built once at import; army destinations are a small breadth-first search
over precomputed adjacency.
"""
from __future__ import annotations

import random
from dataclasses import dataclass, field
from pathlib import Path
from typing import ClassVar

from ...engine.copying import copy_state
from ...engine.core import GameOption, Option
from ...engine.rng import Rng
from ...engine.text import plural
from ...engine.steps import Auto, Step, StepGame, StepState, key, log, parse_key
from . import data as D
from .base import ARMY, FLEET, PowerStep
from .data import (
    ARMY_LIMIT, BOND_COSTS, BOND_INTEREST, FACTORY_COST, FLAGS_PER_POWER, FLEET_LIMIT, HOME_PROVINCES,
    IMPORT_COST, IMPORT_MAX, INVESTOR, IS_HOME, IS_SHIPYARD, N_BONDS, N_POWERS, N_REGIONS, N_SPACES, OWNER,
    POWER_NAMES, POWERS, REGION_KEYS, REGION_NAMES, RONDEL, RONDEL_NAMES, WIN_POWER_POINTS,
)
from .investor import AfterTurnInvest, BuyBond, Invest, InvestorRound, InvestorSpace, bond_label, buy_bond, buy_labels
from .labels import option
from .payin import DONATE, may_pay_in, open_payment
from .maneuver import Contest, Declare, Demand, Destination, start_maneuver

_POWERS = range(N_POWERS)
_REGIONS = range(N_REGIONS)
_BONDS = range(N_BONDS)
_PN = POWER_NAMES
_RN = REGION_NAMES
_RK = REGION_KEYS

# Options that never change, built once.  ``value`` is what a step's ``apply`` reads.
_RA = tuple(reg.abbr for reg in D.REGIONS)


def _factory_labels(r: int, treasury: int = FACTORY_COST, own: int = 0) -> tuple[str, ...]:
    """A factory in ``r``: the whole text, then the short ones (``own``: the part paid from one's own cash)."""
    kind, short_kind = ("Shipyard", "Shipyard") if IS_SHIPYARD[r] else ("Armaments factory", "Arms factory")
    if own:
        return (f"{kind} in {_RN[r]} ({treasury}M from the treasury + {own}M of your own cash)",
                f"{short_kind} in {_RN[r]} (+{own}M own)", f"{short_kind} in {_RA[r]} (+{own}M own)")
    return (f"{kind} in {_RN[r]} ({FACTORY_COST}M)", f"{short_kind} in {_RN[r]} ({FACTORY_COST}M)",
            f"{short_kind} in {_RN[r]}", f"{short_kind} in {_RA[r]}")


_FACTORY_OPT = tuple(option(key("factory", _RK[r]), _factory_labels(r), ("region", r), r, once=True)
                     for r in _REGIONS)
_NO_FACTORY = Option("none", "Build no factory")
_IMPORT_OPT = {
    unit: tuple(option(key(unit, _RK[r]), f"{unit.capitalize()} in {_RN[r]} ({IMPORT_COST}M)", ("region", r),
                       (unit, r), once=True) for r in _REGIONS) for unit in (ARMY, FLEET)}
# The same, paid from the government's own cash (the treasury is empty).
_IMPORT_OWN = {
    unit: tuple(option(key(unit, _RK[r]), (f"{unit.capitalize()} in {_RN[r]} ({IMPORT_COST}M of your own cash: "
                                           f"the treasury is empty)",
                                           f"{unit.capitalize()} in {_RN[r]} ({IMPORT_COST}M own)",
                                           f"{unit.capitalize()} in {_RA[r]} ({IMPORT_COST}M own)"),
                       ("region", r), (unit, r), once=True) for r in _REGIONS) for unit in (ARMY, FLEET)}
_IMPORT_DONE = Option("done", "Import nothing more")
_FORCE = option("force", ("Force a stop on the Investor space", "Force a stop on Investor"), once=True)
_OPENING_PASS = Option("pass", "Pass (buy no bond of this power)")
_OPENING_OPT = tuple(tuple(option(key("buy", BOND_COSTS[b]), buy_labels(p, b), ("bond", p, b), b, once=True)
                           for b in _BONDS) for p in _POWERS)


def _passes(frm: int, steps: int) -> bool:
    """Does a move of ``steps`` spaces from ``frm`` pass over (not land on) the Investor space?"""
    return any((frm + i) % N_SPACES == INVESTOR for i in range(1, steps))


def _rondel_labels(t: int, steps: int, cost: int, first: bool, passes: bool) -> tuple[str, ...]:
    """A rondel move: the whole text, then the short ones."""
    name = RONDEL_NAMES[t]
    if first:
        return (f"{name} (first placement, free)", f"{name} (first, free)")
    how = f"{steps} space{'s' if steps > 1 else ''}"
    via = " - passes the Investor space" if passes else ""
    if not cost:
        return (f"{name} ({how}, free){via}", f"{name} ({how}, free{', +Investor' if passes else ''})",
                f"{name} ({steps} sp., free{', +Inv.' if passes else ''})",
                f"{name} ({steps}, free{', +Inv.' if passes else ''})")
    return (f"{name} ({how}, {cost}M from your own cash){via}",
            f"{name} ({how}, {cost}M own{', +Investor' if passes else ''})",
            f"{name} ({steps} sp., {cost}M{', +Investor' if passes else ''})",
            f"{name} ({steps} sp., {cost}M{', +Inv.' if passes else ''})")


# _RONDEL_OPT[frm][t]: the option for moving from space ``frm`` (-1: first placement) to ``t``.
_RONDEL_OPT: dict[int, dict[int, Option]] = {}
for _frm in range(-1, N_SPACES):
    _row = {}
    for _t in range(N_SPACES):
        if _frm < 0:
            _row[_t] = option(key("space", RONDEL[_t]), _rondel_labels(_t, 0, 0, True, False), ("rondel", _t),
                              (_t, 0, 0, False), once=True)
            continue
        _steps = (_t - _frm) % N_SPACES
        if not 1 <= _steps <= D.MAX_STEPS:
            continue
        _cost = D.step_cost(_steps)
        _pass = _passes(_frm, _steps)
        _row[_t] = option(key("space", RONDEL[_t]), _rondel_labels(_t, _steps, _cost, False, _pass), ("rondel", _t),
                          (_t, _steps, _cost, _pass), once=True)
    _RONDEL_OPT[_frm] = _row


@dataclass
class ImperialState(StepState):
    options: dict
    rng: Rng
    cash: list[int]                 # per player
    bonds: list[list[int]]          # bonds[power][bond] = holding player, -1 = in the supply
    treasury: list[int]             # per power
    gov: list[int]                  # per power: the governing player, -1 = none
    swiss: list[bool]               # per player: holds a Swiss bank (governs nothing)
    investor_card: int              # the holder (-1 in the variant without the card)
    rondel: list[int]               # per power: its space, -1 = not yet placed
    power_points: list[int]
    tax_chart: list[int]            # per power: tax-chart space 0..10
    factory: list[bool]             # per region: a factory stands in its city
    flags: list[int]                # per region: the power whose flag is there, -1 = none
    armies: list[list[int]]         # armies[region][power]
    fleets: list[list[int]]         # fleets[region][power] (in a home province: in its harbour)
    hostile: list[list[bool]]       # hostile[region][power]: that power's armies there stand hostile
    turn_power: int = -1            # the power whose turn it is
    round: int = 0
    turns: int = 0                  # power turns played
    passed_investor: bool = False   # this turn's move passed over the Investor space
    moved_kind: str = FLEET         # maneuver: the kind of unit ``moved`` counts (fleets, then armies)
    moved: list[int] = field(default_factory=lambda: [0] * N_REGIONS)         # maneuver: units that moved in
    convoy_used: list[int] = field(default_factory=lambda: [0] * N_REGIONS)   # maneuver: fleets that carried
    flipped: list[bool] = field(default_factory=lambda: [False] * N_REGIONS)  # maneuver: status set or changed
    opening_start: int = -1         # experienced opening: the first buyer
    opening_bought: int = 0         # experienced opening: bonds bought so far
    paid_in: list[int] = field(default_factory=list)   # players who paid into a treasury this power's turn
    end_reason: str = ""

    @property
    def card_variant(self) -> bool:
        """True with the investor card (the standard game)."""
        return self.options.get("investor_card", "yes") == "yes"


def _copy_state(s: ImperialState, rng: Rng) -> ImperialState:
    """A copy of ``s`` (the engine's) with ``rng``; the cached decision is shared."""
    return copy_state(s, rng=rng)



# ============================================================================ steps
# -- the turn ----------------------------------------------------------------------------------------
class NextTurn(Auto):
    def run(self, g: ImperialGame, s: ImperialState) -> None:
        g._next_turn(s)


class EndTurn(Auto):
    power: int

    def run(self, g: ImperialGame, s: ImperialState) -> None:
        g._end_turn(s, self.power)


class Rondel(PowerStep):
    kind: ClassVar[str] = "rondel"

    def prompt(self, g: ImperialGame, s: ImperialState) -> str:
        return f"{_PN[self.power]}: choose a rondel space"

    def options(self, g: ImperialGame, s: ImperialState) -> list[Option]:
        row = _RONDEL_OPT[s.rondel[self.power]]
        cash = s.cash[self.player]
        opts = [o for o in row.values() if o.value[2] <= cash]
        if may_pay_in(s, self.player):
            opts.append(DONATE)
        return opts

    def apply(self, g: ImperialGame, s: ImperialState, o: Option) -> None:
        if o.key == "donate":
            open_payment(s, self)
            return
        t, steps, cost, passes = o.value
        p = self.power
        if passes and s.card_variant and g._force_candidates(s, p):
            s.steps.append(AskForce(p, t, steps, cost, 0))
        else:
            g._move(s, p, t, steps, cost, passes)

    def why_illegal(self, g: ImperialGame, s: ImperialState, k: str) -> str | None:
        head, name = parse_key(k, str)
        if head != "space" or name not in D.RONDEL_INDEX:
            return None
        t = D.RONDEL_INDEX[name]
        cur = s.rondel[self.power]
        if cur < 0:
            return None
        steps = (t - cur) % N_SPACES
        if steps == 0:
            return "the marker may not stay where it is"
        if steps > D.MAX_STEPS:
            return f"the marker moves at most {D.MAX_STEPS} spaces"
        return f"moving {steps} spaces costs {D.step_cost(steps)}M of your own cash; you have {s.cash[self.player]}M"


class AskForce(Auto):
    """A move passes over Investor: ask the Swiss banks (from the card holder on) one by one."""
    power: int
    target: int
    distance: int
    cost: int
    index: int

    def run(self, g: ImperialGame, s: ImperialState) -> None:
        cands = g._force_candidates(s, self.power)
        if self.index < len(cands):
            s.steps.append(Force(cands[self.index], self.power, self.target, self.distance, self.cost, self.index))
        else:
            g._move(s, self.power, self.target, self.distance, self.cost, True)


class Force(PowerStep):
    """A Swiss-bank holder may force ``power`` to stop on the Investor space."""
    target: int
    distance: int
    cost: int
    index: int
    kind: ClassVar[str] = "force"

    def prompt(self, g: ImperialGame, s: ImperialState) -> str:
        return (f"Swiss bank: {_PN[self.power]} wants to pass the Investor space on its way to "
                f"{RONDEL_NAMES[self.target]}. Force it to stop on Investor?")

    def options(self, g: ImperialGame, s: ImperialState) -> list[Option]:
        return [Option(_FORCE.key, _FORCE.label, ("rondel", INVESTOR)),
                option("allow", (f"Let {_PN[self.power]} move on to {RONDEL_NAMES[self.target]}",
                                 f"Let {POWERS[self.power]} move on to {RONDEL_NAMES[self.target]}"),
                       ("rondel", self.target), once=True)]

    def apply(self, g: ImperialGame, s: ImperialState, o: Option) -> None:
        if o.key == "force":
            log(s, f"{s.names[self.player]} (Swiss bank) forces {_PN[self.power]} to stop on the Investor space.")
            g._move(s, self.power, INVESTOR, 0, 0, False, forced=True)
        else:
            s.steps.append(AskForce(self.power, self.target, self.distance, self.cost, self.index + 1))


# -- factory and import -------------------------------------------------------------------------------
class FactorySite(PowerStep):
    kind: ClassVar[str] = "factory"

    def prompt(self, g: ImperialGame, s: ImperialState) -> str:
        return (f"{_PN[self.power]}: build a factory ({FACTORY_COST}M from the treasury, "
                f"{s.treasury[self.power]}M there)")

    def options(self, g: ImperialGame, s: ImperialState) -> list[Option]:
        p = self.power
        short = FACTORY_COST - s.treasury[p]
        if short > 0 and s.cash[self.player] < short:
            return []
        opts = []
        for r in HOME_PROVINCES[p]:
            if not s.factory[r] and not g.blocked(s, r):
                opts.append(_FACTORY_OPT[r] if short <= 0 else
                            option(_FACTORY_OPT[r].key, _factory_labels(r, s.treasury[p], short), ("region", r), r))
        if opts:
            opts.append(_NO_FACTORY)
        return opts

    def apply(self, g: ImperialGame, s: ImperialState, o: Option) -> None:
        p = self.power
        if o.key == "none":
            log(s, f"{_PN[p]} builds no factory.")
            return
        r = o.value
        short = max(0, FACTORY_COST - s.treasury[p])
        s.cash[self.player] -= short
        s.treasury[p] -= FACTORY_COST - short
        s.factory[r] = True
        extra = f" ({short}M paid by {s.names[self.player]})" if short else ""
        log(s, f"{_PN[p]} builds {'a shipyard' if IS_SHIPYARD[r] else 'an armaments factory'} in {_RN[r]}{extra}.")

    def on_empty(self, g: ImperialGame, s: ImperialState) -> None:
        log(s, f"{_PN[self.power]} cannot build a factory (no free city without hostile armies, "
               f"or not enough money).")


class Import(PowerStep):
    left: int = IMPORT_MAX
    kind: ClassVar[str] = "import"

    def prompt(self, g: ImperialGame, s: ImperialState) -> str:
        return f"{_PN[self.power]}: import a unit ({self.left} left, {IMPORT_COST}M each from the treasury)"

    def options(self, g: ImperialGame, s: ImperialState) -> list[Option]:
        p = self.power
        own = s.treasury[p] >= IMPORT_COST
        if not own and s.cash[self.player] < IMPORT_COST:
            return []
        armies_ok = g.unit_count(s, p, ARMY) < ARMY_LIMIT[p]
        fleets_ok = g.unit_count(s, p, FLEET) < FLEET_LIMIT[p]
        opts = []
        for r in HOME_PROVINCES[p]:
            if g.blocked(s, r):
                continue
            if armies_ok:
                opts.append(_IMPORT_OPT[ARMY][r])
            if fleets_ok and IS_SHIPYARD[r]:
                opts.append(_IMPORT_OPT[FLEET][r])
        if not opts:
            return []
        if not own:
            opts = [_IMPORT_OWN[o.value[0]][o.value[1]] for o in opts]
        opts.append(_IMPORT_DONE)
        return opts

    def apply(self, g: ImperialGame, s: ImperialState, o: Option) -> None:
        p = self.power
        if o.key == "done":
            return
        kind, r = o.value
        if s.treasury[p] >= IMPORT_COST:
            s.treasury[p] -= IMPORT_COST
            extra = ""
        else:
            s.cash[self.player] -= IMPORT_COST
            extra = f" ({s.names[self.player]} pays)"
        (s.armies if kind == ARMY else s.fleets)[r][p] += 1
        log(s, f"{_PN[p]} imports {'an army' if kind == ARMY else 'a fleet'} in {_RN[r]}{extra}.")
        if self.left > 1:
            s.steps.append(Import(self.player, p, self.left - 1))

    def on_empty(self, g: ImperialGame, s: ImperialState) -> None:
        if self.left == IMPORT_MAX:
            log(s, f"{_PN[self.power]} can import nothing.")

    def why_illegal(self, g: ImperialGame, s: ImperialState, k: str) -> str | None:
        head, name = parse_key(k, str)
        r = D.REGION_INDEX.get(name, -1)
        if head not in (ARMY, FLEET) or r < 0:
            return None
        if OWNER[r] != self.power:
            return f"units are imported only into {_PN[self.power]}'s home provinces"
        if head == FLEET and not IS_SHIPYARD[r]:
            return "fleets are imported only into port provinces (light-blue cities)"
        if g.blocked(s, r):
            return f"hostile foreign armies stand in {_RN[r]}"
        return f"{_PN[self.power]} has no {head} left in its supply"


# -- experienced opening -----------------------------------------------------------------------------
class OpeningNext(Auto):
    index: int

    def run(self, g: ImperialGame, s: ImperialState) -> None:
        g._opening_next(s, self.index)


class OpeningBuy(PowerStep):
    index: int
    kind: ClassVar[str] = "opening"

    def prompt(self, g: ImperialGame, s: ImperialState) -> str:
        return f"Opening ({_PN[self.power]}): buy one of its bonds, or pass ({s.cash[self.player]}M in cash)"

    def options(self, g: ImperialGame, s: ImperialState) -> list[Option]:
        p = self.power
        cash = s.cash[self.player]
        row = s.bonds[p]
        opts = [_OPENING_OPT[p][b] for b in _BONDS if row[b] < 0 and BOND_COSTS[b] <= cash]
        last = self.index == N_POWERS * s.n - 1
        if not (last and s.opening_bought == 0 and opts):
            opts.append(_OPENING_PASS)
        return opts

    def apply(self, g: ImperialGame, s: ImperialState, o: Option) -> None:
        p, q = self.power, self.player
        if o.key == "pass":
            log(s, f"Opening: {s.names[q]} buys no {_PN[p]} bond.")
        else:
            b = o.value
            buy_bond(g, s, q, p, b, -1, quiet=True)
            s.opening_bought += 1
            log(s, f"Opening: {s.names[q]} buys the {bond_label(p, b)} ({s.cash[q]}M left).")
            cur = s.gov[p]
            if cur != q and (cur < 0 or g.holding(s, q, p) > g.holding(s, cur, p)):
                s.gov[p] = q
        s.steps.append(OpeningNext(self.index + 1))


# ============================================================================ the game
class ImperialGame(StepGame):
    name = "imperial"
    title = "Imperial"
    min_players = 2
    max_players = 6
    description = ("Invest in the six great powers of 1914 Europe: whoever holds the most of a power's bonds "
                   "governs it on the rondel. Score interest times power (2-6 players).")
    rules_version = "2"
    game_options = (
        GameOption("opening", "Opening", ("standard", "experienced"), "standard",
                   "standard: flag cards deal each player a 9M and a 2M bond; experienced: more cash, and the "
                   "players buy bonds power by power"),
        GameOption("investor_card", "Investor card", ("yes", "no"), "yes",
                   "no: the variant without the investor card - after each power's turn its government, then "
                   "every other player, may invest"),
    )
    hidden_information = False  # nothing is ever revealed after set-up

    # ------------------------------------------------------------------ setup
    def new_game(self, names: list[str], seed: int, options: dict[str, str] | None = None) -> ImperialState:
        return self.new_game_dealt(names, seed, options)

    def new_game_dealt(self, names: list[str], seed: int, options: dict[str, str] | None = None,
                       cards: list[int] | None = None) -> ImperialState:
        """A new game; ``cards`` (tests only) fixes the flag card dealt to each seat instead of a random deal
        (with 2 or 3 players: the card of the dealt powers AH, IT (and FR) per seat)."""
        opts = self.options_with_defaults(options)
        n = len(names)
        self.check_player_count(n, opts)
        rng = Rng(seed)
        s = ImperialState(
            names=list(names), options=opts, rng=rng, cash=[0] * n,
            bonds=[[-1] * N_BONDS for _ in _POWERS], treasury=[0] * N_POWERS, gov=[-1] * N_POWERS,
            swiss=[False] * n, investor_card=-1, rondel=[-1] * N_POWERS, power_points=[0] * N_POWERS,
            tax_chart=[0] * N_POWERS, factory=[r.start_factory for r in D.REGIONS], flags=[-1] * N_REGIONS,
            armies=[[0] * N_POWERS for _ in _REGIONS], fleets=[[0] * N_POWERS for _ in _REGIONS],
            hostile=[[False] * N_POWERS for _ in _REGIONS],
        )
        if opts["opening"] == "experienced":
            s.cash = [D.EXPERIENCED_CASH[n]] * n
            s.opening_start = rng.randrange(n)
            log(s, f"Experienced opening: every player starts with {D.EXPERIENCED_CASH[n]}M. "
                   f"{names[s.opening_start]} is the first to buy.")
            s.steps.append(OpeningNext(0))
        else:
            self._standard_setup(s, cards)
            s.steps.append(NextTurn())
        return self.start(s)

    def _standard_setup(self, s: ImperialState, cards: list[int] | None) -> None:
        n = s.n
        s.cash = [D.START_CASH[n]] * n
        if n <= 3:
            dealt = list(D.DEALT_CARDS[n])
        else:
            dealt = list(_POWERS)
        if cards is None:
            s.rng.shuffle(dealt)
            dealt = dealt[:n]
        else:
            dealt = list(cards)
        holder = [-1] * N_POWERS
        for q, p in enumerate(dealt):
            holder[p] = q
            for extra in D.EXTRA_CARDS.get(n, {}).get(p, ()):
                holder[extra] = q
        for p in _POWERS:
            q = holder[p]
            if q < 0:
                continue
            for bp, b in D.FLAG_CARD_BONDS[p]:
                buy_bond(self, s, q, bp, b, -1, quiet=True)
        for q in range(n):
            cards_q = [p for p in _POWERS if holder[p] == q]
            bonds_q = [f"{POWERS[p]} {BOND_COSTS[b]}M" for p in _POWERS for b in _BONDS if s.bonds[p][b] == q]
            log(s, f"{s.names[q]} takes the flag card{'s' if len(cards_q) > 1 else ''} of "
                   f"{', '.join(_PN[p] for p in cards_q)} and buys the bonds {', '.join(bonds_q)} "
                   f"({s.cash[q]}M left).")
        # Governments: the card holders; an undealt card goes to the player holding its 2M bond.
        for p in _POWERS:
            s.gov[p] = holder[p] if holder[p] >= 0 else s.bonds[p][D.BOND_BY_COST[2]]
            if holder[p] < 0:
                if s.gov[p] >= 0:
                    log(s, f"The undealt flag card of {_PN[p]} goes to {s.names[s.gov[p]]}, "
                           f"who holds its 2M bond.")
                else:
                    log(s, f"Nobody holds a bond of {_PN[p]}: it has no government and skips its turns.")
        self._finish_setup(s)

    def _finish_setup(self, s: ImperialState) -> None:
        s.swiss = [q not in s.gov for q in range(s.n)]
        for q in range(s.n):
            if s.swiss[q]:
                log(s, f"{s.names[q]} governs no power and holds a Swiss bank.")
        if s.card_variant:
            first = next((p for p in _POWERS if s.gov[p] >= 0), None)
            s.investor_card = (s.gov[first] + 1) % s.n if first is not None else 0
            log(s, f"{s.names[s.investor_card]} takes the investor card.")

    def _opening_next(self, s: ImperialState, index: int) -> None:
        n = s.n
        if index >= N_POWERS * n:
            log(s, "The opening is over. Governments: " + ", ".join(
                f"{_PN[p]} {s.names[s.gov[p]] if s.gov[p] >= 0 else 'none'}" for p in _POWERS) + ".")
            self._finish_setup(s)
            s.steps.append(NextTurn())
            return
        p, i = divmod(index, n)
        q = (s.opening_start + p + i) % n
        s.steps.append(OpeningBuy(q, p, index))

    # ------------------------------------------------------------------ helpers
    @staticmethod
    def seat_order(s: ImperialState, first: int) -> list[int]:
        n = s.n
        return [(first + i) % n for i in range(n)]

    @staticmethod
    def holding(s: ImperialState, q: int, p: int) -> int:
        """The sum of the costs of player ``q``'s bonds of power ``p`` (their credit in it)."""
        row = s.bonds[p]
        return sum(BOND_COSTS[b] for b in _BONDS if row[b] == q)

    @staticmethod
    def interest_due(s: ImperialState, p: int) -> int:
        row = s.bonds[p]
        return sum(BOND_INTEREST[b] for b in _BONDS if row[b] >= 0)

    @staticmethod
    def blocked(s: ImperialState, r: int) -> bool:
        """A home province with a hostile foreign army in it (no production, import, factory, tax or rail)."""
        o = OWNER[r]
        a = s.armies[r]
        h = s.hostile[r]
        for q in _POWERS:
            if q != o and a[q] and h[q]:
                return True
        return False

    def unoccupied_factories(self, s: ImperialState, p: int) -> list[int]:
        return [r for r in HOME_PROVINCES[p] if s.factory[r] and not self.blocked(s, r)]

    def protected(self, s: ImperialState, r: int, p: int) -> bool:
        """Last-factory protection: ``r`` holds its owner's only factory not under hostile occupation, so
        ``p``'s armies there may not be hostile."""
        o = OWNER[r]
        if o < 0 or o == p or not s.factory[r]:
            return False
        return self.unoccupied_factories(s, o) == [r]

    @staticmethod
    def unit_count(s: ImperialState, p: int, kind: str) -> int:
        grid = s.armies if kind == ARMY else s.fleets
        return sum(row[p] for row in grid)

    def governs(self, s: ImperialState, q: int) -> list[int]:
        return [p for p in _POWERS if s.gov[p] == q]

    # ------------------------------------------------------------------ turn flow
    def _next_turn(self, s: ImperialState) -> None:
        if all(g < 0 for g in s.gov):  # cannot happen with the rules' set-ups; a guard against a stall
            s.end_reason = "no power has a government"
            log(s, "No power has a government: the game ends.")
            return
        p = s.turn_power
        for _ in range(N_POWERS):
            p = (p + 1) % N_POWERS
            if p == 0:
                s.round += 1
                log(s, f"Round {s.round}.")
            if s.gov[p] >= 0:
                break
            log(s, f"{_PN[p]} has no government: its turn is skipped.")
        s.turn_power = p
        s.turns += 1
        s.passed_investor = False
        s.paid_in = []
        s.steps.append(EndTurn(p))
        s.steps.append(Rondel(s.gov[p], p))

    def _end_turn(self, s: ImperialState, p: int) -> None:
        s.steps.append(NextTurn())
        if s.card_variant:
            if s.passed_investor:
                log(s, f"{_PN[p]} passed over the Investor space: the investor card and the Swiss banks "
                       f"invest.")
                s.steps.append(InvestorRound(p))
        else:
            s.steps.append(AfterTurnInvest(p))
        s.passed_investor = False

    def _force_candidates(self, s: ImperialState, p: int) -> list[int]:
        """Swiss-bank holders who may force ``p`` to stop on Investor (its treasury pays all interest)."""
        if not any(s.swiss) or s.treasury[p] < self.interest_due(s, p):
            return []
        return [q for q in self.seat_order(s, max(s.investor_card, 0)) if s.swiss[q]]

    def _move(self, s: ImperialState, p: int, t: int, steps: int, cost: int, passes: bool,
              forced: bool = False) -> None:
        gv = s.gov[p]
        first = s.rondel[p] < 0
        s.rondel[p] = t
        s.passed_investor = passes
        if cost:
            s.cash[gv] -= cost
        if first:
            how = "places its marker on"
        elif forced:
            how = "stops on"
        else:
            how = f"moves {plural(steps, 'space')} to"
        paid = f" ({s.names[gv]} pays {cost}M)" if cost else ""
        log(s, f"{_PN[p]} {how} {RONDEL_NAMES[t]}{paid}.")
        space = RONDEL[t]
        if space == "factory":
            s.steps.append(FactorySite(gv, p))
        elif space.startswith("production"):
            self._production(s, p)
        elif space.startswith("maneuver"):
            start_maneuver(s, p, gv)
        elif space == "investor":
            s.steps.append(InvestorSpace(p))
        elif space == "import":
            s.steps.append(Import(gv, p, IMPORT_MAX))
        else:
            self._taxation(s, p)

    # ------------------------------------------------------------------ production, taxation
    def _production(self, s: ImperialState, p: int) -> None:
        armies = self.unit_count(s, p, ARMY)
        fleets = self.unit_count(s, p, FLEET)
        made, idle = [], []
        for r in HOME_PROVINCES[p]:
            if not s.factory[r]:
                continue
            if self.blocked(s, r):
                idle.append(f"{_RN[r]} (hostile armies)")
                continue
            if IS_SHIPYARD[r]:
                if fleets >= FLEET_LIMIT[p]:
                    idle.append(f"{_RN[r]} (no fleet left)")
                    continue
                fleets += 1
                s.fleets[r][p] += 1
                made.append(f"a fleet in {_RN[r]}")
            else:
                if armies >= ARMY_LIMIT[p]:
                    idle.append(f"{_RN[r]} (no army left)")
                    continue
                armies += 1
                s.armies[r][p] += 1
                made.append(f"an army in {_RN[r]}")
        text = f"Production: {_PN[p]} builds " + (", ".join(made) if made else "nothing")
        if idle:
            text += "; no production in " + ", ".join(idle)
        log(s, text + ".")

    def tax_revenue(self, s: ImperialState, p: int) -> int:
        return 2 * len(self.unoccupied_factories(s, p)) + s.flags.count(p)

    def _taxation(self, s: ImperialState, p: int) -> None:
        fac = len(self.unoccupied_factories(s, p))
        flags = s.flags.count(p)
        tax = 2 * fac + flags
        old = s.tax_chart[p]
        new = D.tax_space(tax)
        s.tax_chart[p] = new
        gv = s.gov[p]
        facs = f"{fac} unoccupied factor{'y' if fac == 1 else 'ies'}"
        text = (f"Taxation: {_PN[p]} collects {tax}M ({facs} x 2M + {plural(flags, 'flag')} x 1M); "
                f"tax chart {D.TAX_CHART_LABELS[old]} -> {D.TAX_CHART_LABELS[new]}")
        if new > old:
            bonus = new - old
            s.cash[gv] += bonus
            text += f"; success bonus {bonus}M to {s.names[gv]}"
        log(s, text + ".")
        pts = D.power_points_for(new)
        s.power_points[p] = min(WIN_POWER_POINTS, s.power_points[p] + pts)
        log(s, f"{_PN[p]} gains {pts} power point{'' if pts == 1 else 's'} ({s.power_points[p]}).")
        if s.power_points[p] >= WIN_POWER_POINTS:
            s.end_reason = f"{_PN[p]} reached {WIN_POWER_POINTS} power points"
            s.steps.clear()
            sc = self.scores(s)
            log(s, f"The game ends: {s.end_reason}. Scores: "
                   + ", ".join(f"{s.names[q]} {sc[q]}" for q in range(s.n)) + ". "
                   + " and ".join(s.names[w] for w in self.winners(s)) + " win"
                   + ("s." if len(self.winners(s)) == 1 else "."))
            return
        units = self.unit_count(s, p, ARMY) + self.unit_count(s, p, FLEET)
        pay = tax - units
        if pay > 0:
            s.treasury[p] += pay
            log(s, f"Soldiers' pay: {units}M for {plural(units, 'unit')}; the bank pays the other {pay}M "
                   f"into {_PN[p]}'s treasury ({s.treasury[p]}M).")
        else:
            log(s, f"Soldiers' pay: {units}M for {plural(units, 'unit')} takes all the tax; "
                   f"nothing goes into the treasury.")

    # ------------------------------------------------------------------ results
    def score_of(self, s: ImperialState, q: int) -> int:
        total = s.cash[q]
        for p in _POWERS:
            f = D.power_factor(s.power_points[p])
            if f:
                row = s.bonds[p]
                total += f * sum(BOND_INTEREST[b] for b in _BONDS if row[b] == q)
        return total

    def end_note(self, s: ImperialState) -> str:
        """Why it ended ("France reached 25 power points"); the score's make-up is in score_detail."""
        return s.end_reason

    def score_detail(self, s: ImperialState, q: int) -> str:
        """Cash plus, per power, the interest of the bonds held × the power's factor (from its power
        points): "$20 AH12×3 FR7×2" (compact: six powers must fit a line of the end screen)."""
        parts = [f"${s.cash[q]}"]
        for p in _POWERS:
            interest = sum(BOND_INTEREST[b] for b in _BONDS if s.bonds[p][b] == q)
            if interest:
                parts.append(f"{D.POWERS[p]}{interest}×{D.power_factor(s.power_points[p])}")
        return " ".join(parts)

    def scores(self, s: ImperialState) -> list[int]:
        return [self.score_of(s, q) for q in range(s.n)]

    def winners(self, s: ImperialState) -> list[int]:
        """Highest score; ties: the larger credit sum in the power with the most power points, then in the
        one with the second most, and so on (powers on equal points in turn order)."""
        sc = self.scores(s)
        best = max(sc)
        tied = [q for q in range(s.n) if sc[q] == best]
        for p in sorted(_POWERS, key=lambda x: (-s.power_points[x], x)):
            if len(tied) == 1:
                break
            held = {q: self.holding(s, q, p) for q in tied}
            top = max(held.values())
            tied = [q for q in tied if held[q] == top]
        return tied

    def rules_notes(self) -> str:
        return Path(__file__).with_name("RULES.md").read_text(encoding="utf-8")

    # ------------------------------------------------------------------ determinize
    def determinize(self, state: ImperialState, viewer: int | None, rng: random.Random) -> ImperialState:
        """Imperial hides nothing: a copy of the state with a fresh random source (which nothing reads
        after set-up).  The cached decision stays: it depends on nothing the random source holds."""
        return _copy_state(state, Rng(rng.randrange(2**32)))

    # ------------------------------------------------------------------ view
    def view(self, s: ImperialState, viewer: int | None) -> dict:
        over = not s.steps
        top = s.steps[-1] if s.steps else None
        if not isinstance(top, Step):
            top = None
        sc = self.scores(s)
        powers = []
        for p in _POWERS:
            row = s.bonds[p]
            powers.append({
                "code": POWERS[p], "name": _PN[p], "letter": D.POWER_LETTERS[p], "colour": D.POWER_COLOURS[p],
                "treasury": s.treasury[p],
                "government": s.gov[p] if s.gov[p] >= 0 else None,
                "rondel": RONDEL[s.rondel[p]] if s.rondel[p] >= 0 else None,
                "power_points": s.power_points[p], "factor": D.power_factor(s.power_points[p]),
                "tax_chart": s.tax_chart[p], "tax_label": D.TAX_CHART_LABELS[s.tax_chart[p]],
                "tax_now": self.tax_revenue(s, p),
                "interest_due": self.interest_due(s, p),
                "flags": s.flags.count(p), "flags_left": FLAGS_PER_POWER - s.flags.count(p),
                "armies": self.unit_count(s, p, ARMY), "fleets": self.unit_count(s, p, FLEET),
                "armies_left": ARMY_LIMIT[p] - self.unit_count(s, p, ARMY),
                "fleets_left": FLEET_LIMIT[p] - self.unit_count(s, p, FLEET),
                "factories": [_RK[r] for r in HOME_PROVINCES[p] if s.factory[r]],
                "bonds": [{"cost": BOND_COSTS[b], "interest": BOND_INTEREST[b],
                           "holder": row[b] if row[b] >= 0 else None} for b in _BONDS],
            })
        regions = []
        for rg in D.REGIONS:
            r = rg.id
            units = [{"power": POWERS[q], "armies": s.armies[r][q], "fleets": s.fleets[r][q],
                      "hostile": bool(s.hostile[r][q] and s.armies[r][q])}
                     for q in _POWERS if s.armies[r][q] or s.fleets[r][q]]
            regions.append({
                "key": rg.key, "name": rg.name, "abbr": rg.abbr, "kind": rg.kind,
                "owner": POWERS[rg.owner] if rg.owner >= 0 else None,
                "city": rg.city, "port": rg.port,
                "factory": s.factory[r],
                "flag": POWERS[s.flags[r]] if s.flags[r] >= 0 else None,
                "blocked": IS_HOME[r] and self.blocked(s, r),
                "units": units,
            })
        players = []
        for q in range(s.n):
            players.append({
                "name": s.names[q], "cash": s.cash[q],
                "bonds": [{"power": POWERS[p], "cost": BOND_COSTS[b], "interest": BOND_INTEREST[b]}
                          for p in _POWERS for b in _BONDS if s.bonds[p][b] == q],
                "governs": [POWERS[p] for p in _POWERS if s.gov[p] == q],
                "swiss_bank": s.swiss[q], "investor_card": s.investor_card == q,
                "score": sc[q],
            })
        selected = None
        if isinstance(top, Destination):
            selected = {"unit": top.unit, "from": _RK[top.frm]}
        elif isinstance(top, (Contest, Declare, Demand)):
            selected = {"region": _RK[top.r]}
        acting_for = None
        if top is not None and not over and isinstance(top, PowerStep):
            if isinstance(top, (Invest, BuyBond, Force, OpeningBuy)):
                acting_for = None
            else:
                acting_for = POWERS[top.power]
        return {
            "game": "imperial", "round": s.round, "viewer": viewer,
            "turn_power": POWERS[s.turn_power] if s.turn_power >= 0 and not over else None,
            "actor": top.player if top is not None and not over else None,
            "acting_for": acting_for,
            "step": top.kind if top is not None else None,
            "investor_card": s.investor_card if s.investor_card >= 0 else None,
            "variant": {"opening": s.options.get("opening"), "investor_card": s.options.get("investor_card")},
            "rondel": list(RONDEL), "rondel_names": list(RONDEL_NAMES),
            "powers": powers, "regions": regions, "players": players,
            "selected": selected,
            "log": [e.for_viewer(viewer) for e in s.log],
            "scores": sc if over else None,
            "winners": self.winners(s) if over else None,
            "end_reason": s.end_reason or None,
        }


GAME = ImperialGame()
