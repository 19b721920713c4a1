"""Imperial's investor and bonds: the Investor space, the investment rounds and the governments.

* :class:`InvestorSpace` (auto, landing on Investor): the power pays its bonds' interest
  (:func:`pay_interest`), then, with the investor card, :class:`InvestorRound`;
* :class:`InvestorRound` (investor steps 2-3, also after a move that passed over Investor): the card
  holder takes 2M and invests, then every Swiss bank once, each an :class:`Invest` decision (a power,
  or nothing) and a :class:`BuyBond` (which bond: a new one, or a trade-in of a held one paying the
  difference); :class:`FinishInvestorRound` checks the governments and passes the card on;
* the variant without the investor card: :class:`AfterTurnInvest` after every turn (the government,
  then every other player in seat order) and :class:`FinishAfterTurn`.

:func:`check_governments` seats the largest holder of each power's bonds and hands out the Swiss
banks.  Functions take ``(game, state, ...)`` where they log or ask the game (``seat_order``,
``holding``); the game's rules module imports this one, never the other way round.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, ClassVar

from ...engine.core import Option
from ...engine.steps import Auto, key, key_head, log
from .base import BACK, PowerStep
from .labels import option
from .payin import DONATE, may_pay_in, open_payment
from .data import BOND_COSTS, BOND_INTEREST, INVESTOR_BONUS, N_BONDS, N_POWERS, POWER_NAMES, POWERS

if TYPE_CHECKING:
    from .rules import ImperialGame, ImperialState

_POWERS = range(N_POWERS)
_BONDS = range(N_BONDS)
_PN = POWER_NAMES


def bond_label(p: int, b: int) -> str:
    return f"{_PN[p]} {BOND_COSTS[b]}M bond ({BOND_INTEREST[b]}M interest)"


def buy_labels(p: int, b: int) -> tuple[str, ...]:
    """Buying bond ``b`` of power ``p``: the whole text, then the short ones (the power is the decision's)."""
    return (f"Buy the {bond_label(p, b)} for {BOND_COSTS[b]}M",
            f"Buy the {BOND_COSTS[b]}M bond ({BOND_INTEREST[b]}M interest)",
            f"Buy the {BOND_COSTS[b]}M bond ({BOND_INTEREST[b]}M int.)")


# Options that never change, built once.  ``value`` is what a step's ``apply`` reads.
_DECLINE = Option("decline", "Invest nothing")
_INVEST_POWER = tuple(Option(key("invest", POWERS[p]), f"{_PN[p]} bonds", ("power", p), p) for p in _POWERS)
_BUY_OPT = tuple(tuple(option(key("buy", BOND_COSTS[b]), buy_labels(p, b), ("bond", p, b), (b, -1), once=True)
                       for b in _BONDS) for p in _POWERS)
_TRADE_OPT = tuple(tuple(tuple(
    option(key("trade", BOND_COSTS[b], BOND_COSTS[o]),
           (f"Trade your {BOND_COSTS[o]}M bond in for the {bond_label(p, b)}, paying {BOND_COSTS[b] - BOND_COSTS[o]}M",
            f"{BOND_COSTS[b]}M bond for your {BOND_COSTS[o]}M: pay {BOND_COSTS[b] - BOND_COSTS[o]}M",
            f"{BOND_COSTS[b]}M for your {BOND_COSTS[o]}M bond, +{BOND_COSTS[b] - BOND_COSTS[o]}M"),
           ("bond", p, b), (b, o), once=True)
    for o in range(b)) for b in _BONDS) for p in _POWERS)   # [p][b][o]: bond o (< b) traded in for b


# ============================================================================ steps
class InvestorSpace(Auto):
    """Landing on Investor: interest, then (with the investor card) the investment round."""
    power: int

    def run(self, g: ImperialGame, s: ImperialState) -> None:
        pay_interest(g, s, self.power)
        if s.card_variant:
            s.steps.append(InvestorRound(self.power))


class InvestorRound(Auto):
    """Investor steps 2-3: the card holder takes 2M and may invest, then every Swiss bank once."""
    power: int

    def run(self, g: ImperialGame, s: ImperialState) -> None:
        h = s.investor_card
        s.cash[h] += INVESTOR_BONUS
        log(s, f"{s.names[h]} holds the investor card and takes {INVESTOR_BONUS}M from the bank "
               f"({s.cash[h]}M).")
        queue = [h] + [q for q in g.seat_order(s, h)[1:] if s.swiss[q]]
        s.steps.append(FinishInvestorRound(self.power))
        for q in reversed(queue):
            s.steps.append(Invest(q, self.power, "card" if q == h else "swiss"))


class FinishInvestorRound(Auto):
    power: int

    def run(self, g: ImperialGame, s: ImperialState) -> None:
        h = s.investor_card
        check_governments(g, s, h)
        s.investor_card = (h + 1) % s.n
        log(s, f"The investor card passes to {s.names[s.investor_card]}.")


class AfterTurnInvest(Auto):
    """Without the investor card: after a power's turn its government, then every other player in seat
    order, may invest once."""
    power: int

    def run(self, g: ImperialGame, s: ImperialState) -> None:
        first = s.gov[self.power]
        s.steps.append(FinishAfterTurn(self.power))
        for q in reversed(g.seat_order(s, first)):
            s.steps.append(Invest(q, self.power, "after"))


class FinishAfterTurn(Auto):
    power: int

    def run(self, g: ImperialGame, s: ImperialState) -> None:
        check_governments(g, s, max(s.gov[self.power], 0))


class Invest(PowerStep):
    """Invest once: choose the power whose bond to buy or upgrade, or invest nothing.  ``power`` is the
    power whose turn it is; ``role`` is "card", "swiss" or "after" (the variant without the card)."""
    role: str
    kind: ClassVar[str] = "invest"

    def prompt(self, g: ImperialGame, s: ImperialState) -> str:
        who = {"card": f"Investor card ({_PN[self.power]}'s turn)", "swiss": f"Swiss bank ({_PN[self.power]}'s turn)",
               "after": f"After {_PN[self.power]}'s turn"}[self.role]
        return f"{who}: buy or upgrade a bond, or invest nothing ({s.cash[self.player]}M in cash)"

    def options(self, g: ImperialGame, s: ImperialState) -> list[Option]:
        opts = [_INVEST_POWER[p] for p in investable_powers(s, self.player, self.power, self.role)
                if bond_choices(s, self.player, p)]
        if not opts:
            return []
        if may_pay_in(s, self.player):       # the seed's payment into a treasury, while deciding anyway
            opts.append(DONATE)
        opts.append(_DECLINE)
        return opts

    def apply(self, g: ImperialGame, s: ImperialState, o: Option) -> None:
        if o.key == "decline":
            log(s, f"{s.names[self.player]} invests nothing.")
            return
        if o.key == "donate":
            open_payment(s, self)
            return
        s.steps.append(BuyBond(self.player, self.power, o.value, self.role))

    def on_empty(self, g: ImperialGame, s: ImperialState) -> None:
        if self.role != "after":
            log(s, f"{s.names[self.player]} cannot afford any bond.")


class BuyBond(PowerStep):
    """Which bond of ``bond_power`` (a new one, or a trade-in of a held one paying the difference)."""
    bond_power: int
    role: str
    kind: ClassVar[str] = "bond"

    def prompt(self, g: ImperialGame, s: ImperialState) -> str:
        return f"Invest in {_PN[self.bond_power]}: which bond? ({s.cash[self.player]}M in cash)"

    def options(self, g: ImperialGame, s: ImperialState) -> list[Option]:
        opts = bond_choices(s, self.player, self.bond_power)
        opts.append(BACK)
        return opts

    def why_illegal(self, g: ImperialGame, s: ImperialState, k: str) -> str | None:
        if key_head(k) in ("buy", "trade"):
            return (f"that bond of {_PN[self.bond_power]} is held by a player, is not dearer than the one traded "
                    f"in, or costs more than your {s.cash[self.player]}M")
        return None

    def apply(self, g: ImperialGame, s: ImperialState, o: Option) -> None:
        if o.key == "back":
            s.steps.append(Invest(self.player, self.power, self.role))
            return
        b, old = o.value
        buy_bond(g, s, self.player, self.bond_power, b, old)


# ============================================================================ the rules
def pay_interest(g: ImperialGame, s: ImperialState, p: int) -> None:
    gv = s.gov[p]
    due = [0] * s.n
    row = s.bonds[p]
    for b in _BONDS:
        if row[b] >= 0:
            due[row[b]] += BOND_INTEREST[b]
    total = sum(due)
    if not total:
        log(s, f"Investor: {_PN[p]} owes no interest.")
        return
    t = s.treasury[p]
    if t >= total:
        s.treasury[p] = t - total
        for q in range(s.n):
            s.cash[q] += due[q]
        log(s, f"Investor: {_PN[p]} pays interest - " + ", ".join(
               f"{s.names[q]} {due[q]}M" for q in range(s.n) if due[q]) + f" (treasury {s.treasury[p]}M).")
        return
    # The treasury is short: the government gives up its own interest first, then pays the others'
    # interest from its own pocket; what neither can cover is lost (house rule).
    others = [q for q in g.seat_order(s, (gv + 1) % s.n) if q != gv and due[q]]
    paid = [0] * s.n
    from_gov = 0
    for q in others:
        x = min(due[q], t)
        t -= x
        paid[q] = x
        rest = due[q] - x
        y = min(rest, s.cash[gv])
        s.cash[gv] -= y
        from_gov += y
        paid[q] += y
    own = min(due[gv], t) if due[gv] else 0
    t -= own
    paid[gv] = own
    s.treasury[p] = t
    for q in range(s.n):
        s.cash[q] += paid[q]
    parts = [f"{s.names[q]} {paid[q]}M of {due[q]}M" for q in range(s.n) if due[q]]
    text = f"Investor: {_PN[p]}'s treasury cannot pay all the interest ({total}M) - " + ", ".join(parts)
    if due[gv] > own:
        text += f"; {s.names[gv]} (government) gives up {due[gv] - own}M of their interest"
    if from_gov:
        text += f" and pays {from_gov}M to the others from their own cash"
    lost = sum(due[q] - paid[q] for q in others)
    if lost:
        text += f"; {lost}M cannot be paid and is lost"
    log(s, text + ".")


def investable_powers(s: ImperialState, q: int, turn_power: int, role: str) -> list[int]:
    if role != "after" or s.swiss[q]:
        return list(_POWERS)
    return [p for p in _POWERS if p == turn_power or s.gov[p] < 0]


def bond_choices(s: ImperialState, q: int, p: int) -> list[Option]:
    """The bonds of ``p`` player ``q`` can buy now: new ones, or trade-ins of a held bond."""
    row = s.bonds[p]
    cash = s.cash[q]
    held = [b for b in _BONDS if row[b] == q]
    opts = []
    buy, trade = _BUY_OPT[p], _TRADE_OPT[p]
    for b in _BONDS:
        if row[b] >= 0:
            continue
        cost = BOND_COSTS[b]
        if cost <= cash:
            opts.append(buy[b])
        for o in held:
            if o < b and cost - BOND_COSTS[o] <= cash:
                opts.append(trade[b][o])
    return opts


def buy_bond(g: ImperialGame, s: ImperialState, q: int, p: int, b: int, old: int, quiet: bool = False) -> None:
    cost = BOND_COSTS[b] - (BOND_COSTS[old] if old >= 0 else 0)
    s.cash[q] -= cost
    s.treasury[p] += cost
    if old >= 0:
        s.bonds[p][old] = -1
    s.bonds[p][b] = q
    if quiet:
        return
    if old >= 0:
        log(s, f"{s.names[q]} trades the {_PN[p]} {BOND_COSTS[old]}M bond in for the "
               f"{BOND_COSTS[b]}M bond, paying {cost}M into its treasury.")
    else:
        log(s, f"{s.names[q]} buys the {bond_label(p, b)} for {cost}M.")


def check_governments(g: ImperialGame, s: ImperialState, first: int) -> None:
    """After an Investor turn: the largest holder governs; a tie does not unseat the government; tied
    challengers: the first in seat order from ``first`` (the investor-card holder)."""
    order = g.seat_order(s, first)
    for p in _POWERS:
        held = [g.holding(s, q, p) for q in range(s.n)]
        best = max(held)
        cur = s.gov[p]
        if best == 0 or (cur >= 0 and held[cur] >= best):
            continue
        new = next(q for q in order if held[q] == best)
        s.gov[p] = new
        if cur >= 0:
            log(s, f"{s.names[new]} ({best}M) takes over the government of {_PN[p]} from "
                   f"{s.names[cur]} ({held[cur]}M).")
        else:
            log(s, f"{s.names[new]} ({best}M) forms the government of {_PN[p]}.")
    swiss = [q not in s.gov for q in range(s.n)]
    for q in range(s.n):
        if swiss[q] and not s.swiss[q]:
            log(s, f"{s.names[q]} governs no power any more and takes a Swiss bank.")
        elif s.swiss[q] and not swiss[q]:
            log(s, f"{s.names[q]} governs a power again and gives up the Swiss bank.")
    s.swiss = swiss
