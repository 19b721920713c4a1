"""Paying one's own money into a treasury: "Spieler dürfen einander kein Geld geben oder leihen und keine
Anleihen tauschen, aber freiwillig eigenes Geld in die Staatskasse zahlen." (seed 002).

Any player may pay into any power's treasury, as an extra option of a decision the player makes anyway
(a government's rondel move, an investment), so the game asks nobody extra questions: "donate", then
which power, then how much.  Bound: once per player in each power's turn, so random play moves on.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, ClassVar

from ...engine.core import Option
from ...engine.steps import key, log
from .base import BACK, PowerStep
from .data import N_POWERS, POWER_NAMES, POWERS
from .labels import option

if TYPE_CHECKING:
    from .rules import ImperialGame, ImperialState

DONATE = option("donate", ("Pay money of your own into a treasury", "Pay own money into a treasury"), once=True)
_AMOUNT_STEPS = (15, 20, 25, 30, 40, 50)     # beyond 1..10: a few round sums, and everything


def may_pay_in(s: ImperialState, q: int) -> bool:
    """``q`` has money and has not paid into a treasury yet in this power's turn."""
    return s.cash[q] > 0 and q not in s.paid_in


def open_payment(s: ImperialState, step: PowerStep) -> None:
    """The "donate" option of ``step``: it decides again after the payment (or after Back)."""
    s.steps.append(step)
    s.steps.append(PayInto(step.player, s.turn_power if s.turn_power >= 0 else step.power))


class PayInto(PowerStep):
    """Which power's treasury the player's money goes into (``power``: whose turn it is, listed first)."""
    kind: ClassVar[str] = "donate_power"

    def prompt(self, g: ImperialGame, s: ImperialState) -> str:
        return f"Pay into a treasury ({s.names[self.player]}, {s.cash[self.player]}M of your own): which power's?"

    def options(self, g: ImperialGame, s: ImperialState) -> list[Option]:
        order = [self.power] + [p for p in range(N_POWERS) if p != self.power]
        opts = [option(key("treasury", POWERS[p]), (f"Into {POWER_NAMES[p]}'s treasury ({s.treasury[p]}M there)",
                                                    f"Into {POWER_NAMES[p]} ({s.treasury[p]}M there)",
                                                    f"{POWER_NAMES[p]} ({s.treasury[p]}M there)"),
                       ("power", p), p) for p in order]
        opts.append(BACK)
        return opts

    def apply(self, g: ImperialGame, s: ImperialState, o: Option) -> None:
        if o.key != "back":
            s.steps.append(Donate(self.player, o.value, self.power))


class Donate(PowerStep):
    """How much of the player's own money goes into ``power``'s treasury (``turn``: whose turn it is)."""
    turn: int = -1
    kind: ClassVar[str] = "donate"

    def prompt(self, g: ImperialGame, s: ImperialState) -> str:
        return f"{POWER_NAMES[self.power]}: how much of your own money goes into its treasury?"

    def options(self, g: ImperialGame, s: ImperialState) -> list[Option]:
        cash = s.cash[self.player]
        amounts = sorted({*range(1, min(cash, 10) + 1), *(x for x in _AMOUNT_STEPS if x <= cash), cash})
        opts = [Option(key("donate", a), f"Pay {a}M into the treasury", None, a) for a in amounts if a > 0]
        opts.append(BACK)
        return opts

    def apply(self, g: ImperialGame, s: ImperialState, o: Option) -> None:
        if o.key == "back":             # back to the choice of power
            s.steps.append(PayInto(self.player, self.turn if self.turn >= 0 else self.power))
            return
        a = o.value
        s.cash[self.player] -= a
        s.treasury[self.power] += a
        s.paid_in = s.paid_in + [self.player]
        log(s, f"{s.names[self.player]} pays {a}M of their own money into {POWER_NAMES[self.power]}'s treasury "
               f"(now {s.treasury[self.power]}M).")
