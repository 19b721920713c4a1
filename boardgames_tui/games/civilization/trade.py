"""Civilization's trade phase (rules 38-39, rows 15-16): income capped at 27, then swaps offered and
answered behind a curtain, once per other player a round.
"""
from __future__ import annotations

from functools import lru_cache
from typing import TYPE_CHECKING, ClassVar

from ...engine.core import Option
from ...engine.steps import Auto, Step, key, log
from . import abilities, data as D, management
from .common import fit
from .state import CivState

if TYPE_CHECKING:
    from .rules import CivilizationGame


class TradeIncome(Auto):
    def run(self, g: CivilizationGame, s: CivState) -> None:
        trade_income(g, s)


class TradeTurn(Step):
    """Rule 39, row 16: after income, each player in turn may offer a swap to another player (trade,
    culture tokens, resources, culture cards), once per other player a round.  Promises are not
    enforced; a swap made is final."""
    kind: ClassVar[str] = "trade"
    private: ClassVar[bool] = False

    def prompt(self, g: CivilizationGame, s: CivState) -> str:
        return f"{s.names[self.player]}: offer a swap to another player, or go on"

    def options(self, g: CivilizationGame, s: CivState) -> list[Option]:
        out = [Option(key("offer", q), f"Make an offer to {s.names[q]}", None, q)
               for q in range(s.n) if q != self.player and (self.player, q) not in s.offered]
        out += abilities.ability_options(g, s, self.player, D.TRADE)
        out.append(Option("done", "No more offers", None, None))
        return out

    def quiet(self, o: Option) -> bool:
        """No coins change (see ``Civilization._apply``): all but an ability."""
        return not isinstance(o.value, tuple)

    def apply(self, g: CivilizationGame, s: CivState, o: Option) -> None:
        if o.value is None:
            return
        if isinstance(o.value, tuple):       # an ability
            s.steps.append(self)
            abilities.use_ability(g, s, self.player, o.value[1], o.value[2])
            return
        s.offered = s.offered | {(self.player, o.value)}
        s.steps.append(self)
        s.steps.append(Offer(self.player, o.value, {}, {}))


_GOODS = ("trade", "culture")
_WITHDRAW = Option("withdraw", "Withdraw the offer", None, ("withdraw",))


class Offer(Step):
    """Building an offer one item at a time: what to give, what to ask for; then send or withdraw.
    Private: the giver's culture cards are on offer."""
    kind: ClassVar[str] = "offer"
    to: int = 0
    give: dict = None  # type: ignore[assignment]  # "trade"/"culture" -> amount; "resource:X"/"card:X" -> count
    ask: dict = None  # type: ignore[assignment]  # set by whoever pushes the step

    def prompt(self, g: CivilizationGame, s: CivState) -> str:
        return (f"{s.names[self.player]} offers {s.names[self.to]}: give {describe(g, self.give)}; "
                f"ask for {describe(g, self.ask)}")

    def options(self, g: CivilizationGame, s: CivState) -> list[Option]:
        me, them = s.players[self.player], s.players[self.to]
        out: list[Option] = []
        for side, who, held in (("give", me, self.give), ("ask", them, self.ask)):
            for good in _GOODS:          # an amount, named once (withdraw to start again)
                if good not in held:
                    out += _amounts(side, good, getattr(who, good))
            if who.resources:
                for r in sorted(set(who.resources)):
                    if held.get("resource:" + r, 0) < who.resources.count(r):
                        out.append(_item_option(side, "resource", r))
            if side == "give" and who.culture_cards:   # the others' cards are hidden: only one's own
                for c in sorted(set(who.culture_cards)):
                    if held.get("card:" + c, 0) < who.culture_cards.count(c):
                        out.append(_item_option(side, "card", c))
        if self.give or self.ask:
            out.append(Option("send", f"Send the offer to {s.names[self.to]}", None, ("send",)))
        out.append(_WITHDRAW)
        return out

    def quiet(self, o: Option) -> bool:
        """No coins change while an offer is put together, sent or withdrawn (``Civilization._apply``)."""
        return True

    def apply(self, g: CivilizationGame, s: CivState, o: Option) -> None:
        what = o.value[0]
        if what == "withdraw":
            return
        if what == "send":
            log(s, f"{s.names[self.player]} offers {s.names[self.to]} a swap.")
            s.steps.append(Answer(self.to, self.player, self.give, self.ask))
            return
        side = dict(self.give) if what == "give" else dict(self.ask)
        side[o.value[1]] = side.get(o.value[1], 0) + o.value[2]
        s.steps.append(Offer(self.player, self.to, side if what == "give" else self.give,
                             side if what == "ask" else self.ask))


@lru_cache(maxsize=1024)
def _item_option(side: str, what: str, name: str) -> Option:
    """"Give a wheat", "Ask a spy", "Give Flood Warning": an offer's item, the same every time."""
    short = name.removeprefix("The ")
    label = f"{side.title()} a {name}" if what == "resource" else fit(f"Give {name}", f"Give {short}", short)
    return Option(key(side, what, name), label, None, (side, f"{what}:{name}", 1))


@lru_cache(maxsize=256)
def _amounts(side: str, good: str, most: int) -> tuple[Option, ...]:
    """The options "give/ask 1..most trade/culture": the same few lists all game, so built once."""
    return tuple(Option(key(side, good, n), f"{side.title()} {n} {good}", None, (side, good, n))
                 for n in range(1, most + 1))


class Answer(Step):
    """The other player, behind a curtain, accepts or refuses the offer."""
    kind: ClassVar[str] = "answer"
    by: int = 0
    give: dict = None  # type: ignore[assignment]  # set by whoever pushes the step
    ask: dict = None  # type: ignore[assignment]  # set by whoever pushes the step

    def prompt(self, g: CivilizationGame, s: CivState) -> str:
        return (f"{s.names[self.player]}: {s.names[self.by]} offers {describe(g, self.give)} "
                f"for {describe(g, self.ask)}")

    def options(self, g: CivilizationGame, s: CivState) -> list[Option]:
        return [Option("accept", "Accept the swap", None, True), Option("refuse", "Refuse", None, False)]

    def quiet(self, o: Option) -> bool:
        """A refusal changes no coins (``Civilization._apply``)."""
        return not o.value

    def apply(self, g: CivilizationGame, s: CivState, o: Option) -> None:
        if o.value:
            swap(g, s, self.by, self.player, self.give)
            swap(g, s, self.player, self.by, self.ask)
            log(s, f"{s.names[self.player]} accepts {s.names[self.by]}'s offer: {describe(g, self.give, True)} "
                   f"for {describe(g, self.ask)}.")
        else:
            log(s, f"{s.names[self.player]} refuses {s.names[self.by]}'s offer.")


# ====================================================================== trade
def trade_income(g: CivilizationGame, s: CivState) -> None:
    for q in g.order(s):
        p = s.players[q]
        per_city = {"Republic": 1, "Democracy": 2, "Communism": -1}.get(p.government, 0)   # house data
        income = sum(max(0, sum(s.board.yields(n).trade for n in management.worked(g, s, q, c)) + per_city)
                     for c, city in s.board.cities.items() if city.owner == q)
        p.trade = min(D.TRADE_MAX, p.trade + income)
        log(s, f"{s.names[q]} takes {income} trade (now {p.trade}).")


def describe(g: CivilizationGame, goods: dict, public: bool = False) -> str:
    """An offer's side in words (``public``: culture cards not named, for the public log)."""
    parts = []
    for k, n in sorted(goods.items()):
        if k in _GOODS:
            parts.append(f"{n} {k}")
        elif k.startswith("resource:"):
            parts.append(f"{n} {k[9:]}")
        else:
            parts.append(f"{n} culture card{'s' if n > 1 else ''}" if public else f"{n} x {k[5:]}")
    return ", ".join(parts) or "nothing"


def swap(g: CivilizationGame, s: CivState, frm: int, to: int, goods: dict) -> None:
    a, b = s.players[frm], s.players[to]
    for k, n in goods.items():
        if k in _GOODS:
            setattr(a, k, getattr(a, k) - n)
            setattr(b, k, getattr(b, k) + n)
            b.trade = min(b.trade, D.TRADE_MAX)
        else:
            kind, item = k.split(":", 1)
            src, dst = (a.resources, b.resources) if kind == "resource" else (a.culture_cards, b.culture_cards)
            for _ in range(n):
                src.remove(item)
                dst.append(item)
    abilities.hand_limit(g, s, to)
