"""Civilization's trade phase (rules 38-39, rows 15-16): income capped at 27, then swaps offered and
answered behind a curtain, up to ``OFFERS_PER_PAIR`` times per other player a round.  An offer may ask
for a number of the other player's culture cards: the giver picks which, behind his curtain.
"""
from __future__ import annotations

from functools import lru_cache
from typing import TYPE_CHECKING, ClassVar

from ...engine.core import Option
from ...engine.steps import Auto, Step, key, log
from ...engine.text import plural
from . import abilities, data as D, management
from .common import _a, fit
from .state import CivState

if TYPE_CHECKING:
    from .rules import CivilizationGame


# House bound (the seed sets none: "zu beliebigen Bedingungen"): offers one player may make to another
# in one round, so that a table of random players still leaves the trade phase.
OFFERS_PER_PAIR = 3


class TradeIncome(Auto):
    pushes_only: ClassVar[bool] = True    # trade only: no coin changes (``Civilization._apply``)

    def run(self, g: CivilizationGame, s: CivState) -> None:
        trade_income(g, s)


class TradeTurn(Step):
    """Rule 39, row 16: after income, each player in turn may offer a swap to another player (trade,
    culture tokens, resources, culture cards), up to ``OFFERS_PER_PAIR`` times per other player a
    round.  Promises are not enforced; a swap made is final."""
    kind: ClassVar[str] = "trade"
    private: ClassVar[bool] = False
    never_empty: ClassVar[bool] = True     # "done"

    def prompt(self, g: CivilizationGame, s: CivState) -> str:
        return f"{s.names[self.player]}: offer a swap to another player, or go on"

    def options(self, g: CivilizationGame, s: CivState) -> list[Option]:
        out = [Option(key("offer", q), f"Make an offer to {s.names[q]}", None, q)
               for q in range(s.n) if q != self.player and s.offered.count((self.player, q)) < OFFERS_PER_PAIR]
        out += abilities.ability_options(g, s, self.player, D.TRADE)
        out.append(_TRADE_DONE)
        return out

    def find(self, g: CivilizationGame, s: CivState, k: str) -> Option | None:
        return _TRADE_DONE if k == "done" else super().find(g, s, k)

    def quiet(self, s: CivState, o: Option) -> bool:
        """No coins change (see ``Civilization._apply``): all but an ability."""
        return not isinstance(o.value, tuple)

    def apply(self, g: CivilizationGame, s: CivState, o: Option) -> None:
        if o.value is None:
            return
        if isinstance(o.value, tuple):       # an ability
            s.steps.append(self)
            abilities.use_ability(g, s, self.player, o.value[1], o.value[2])
            return
        s.offered = s.offered + ((self.player, o.value),)
        s.steps.append(self)
        s.steps.append(Offer(self.player, o.value, {}, {}))


_GOODS = ("trade", "culture")
_TRADE_DONE = Option("done", "No more offers", None, None)
_WITHDRAW = Option("withdraw", "Withdraw the offer", None, ("withdraw",))


class Offer(Step):
    """Building an offer one item at a time: what to give, what to ask for; then send or withdraw.
    Private: the giver's culture cards are on offer."""
    kind: ClassVar[str] = "offer"
    never_empty: ClassVar[bool] = True     # "withdraw"
    to: int = 0
    give: dict = None  # type: ignore[assignment]  # "trade"/"culture" -> amount; "resource:X"/"card:X" -> count
    # ``ask`` as ``give``, and "cards" -> how many of the other's culture cards (he picks which)
    ask: dict = None  # type: ignore[assignment]

    def prompt(self, g: CivilizationGame, s: CivState) -> str:
        # public, as every prompt: culture cards on offer are counted, not named (the options name them)
        return (f"{s.names[self.player]} offers {s.names[self.to]}: give {describe(g, self.give, True)}; "
                f"ask for {describe(g, self.ask, True)}")

    def options(self, g: CivilizationGame, s: CivState) -> list[Option]:
        me, them = s.players[self.player], s.players[self.to]
        out: list[Option] = []
        for side, who, held in (("give", me, self.give), ("ask", them, self.ask)):
            # an amount of trade or culture, named once (withdraw to start again); written out, as
            # random play puts offers together at a third of its choices
            if "trade" not in held and who.trade:
                out += _amounts(side, "trade", who.trade)
            if "culture" not in held and who.culture:
                out += _amounts(side, "culture", who.culture)
            if who.resources:
                res = who.resources
                for r in sorted(set(res)):
                    if held.get("resource:" + r, 0) < res.count(r):
                        out.append(_item_option(side, "resource", r))
            if side == "give" and who.culture_cards:   # the others' cards are hidden: only one's own
                for c in sorted(set(who.culture_cards)):
                    if held.get("card:" + c, 0) < who.culture_cards.count(c):
                        out.append(_item_option(side, "card", c))
            if side == "ask" and who.culture_cards and "cards" not in held:   # a count: he picks which
                out += _card_counts(len(who.culture_cards))
        if self.give or self.ask:
            out.append(Option("send", f"Send the offer to {s.names[self.to]}", None, ("send",)))
        out.append(_WITHDRAW)
        return out

    def find(self, g: CivilizationGame, s: CivState, k: str) -> Option | None:
        if k == "withdraw":
            return _WITHDRAW
        if k == "send":
            return (Option("send", f"Send the offer to {s.names[self.to]}", None, ("send",))
                    if self.give or self.ask else None)
        side, _, rest = k.partition(":")
        what, _, name = rest.partition(":")
        if side not in ("give", "ask"):
            return None
        who, held = (s.players[self.player], self.give) if side == "give" else (s.players[self.to], self.ask)
        opt: Option | None = None
        if what in _GOODS or what == "cards":
            try:
                n = int(name)
            except ValueError:
                return None
            if what == "cards":
                if side == "ask" and "cards" not in held and 1 <= n <= len(who.culture_cards):
                    opt = _card_counts(len(who.culture_cards))[n - 1]
            elif what not in held and 1 <= n <= getattr(who, what):
                opt = _amounts(side, what, getattr(who, what))[n - 1]
        elif what == "resource":
            if held.get(rest, 0) < who.resources.count(name):
                opt = _item_option(side, what, name)
        elif what == "card" and side == "give":
            if held.get(rest, 0) < who.culture_cards.count(name):
                opt = _item_option(side, what, name)
        return opt if opt is not None and opt.key == k else None

    def quiet(self, s: CivState, o: Option) -> bool:
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
    label = f"{side.title()} {_a(name)}" if what == "resource" else fit(f"Give {name}", f"Give {short}", short)
    return Option(key(side, what, name), label, None, (side, f"{what}:{name}", 1))


@lru_cache(maxsize=64)
def _card_counts(most: int) -> tuple[Option, ...]:
    """"Ask for 1..most culture cards": the other player's choice which (his hand is hidden)."""
    return tuple(Option(key("ask", "cards", n), f"Ask for {plural(n, 'culture card')}",
                        None, ("ask", "cards", n)) for n in range(1, most + 1))


@lru_cache(maxsize=256)
def _amounts(side: str, good: str, most: int) -> tuple[Option, ...]:
    """The options "give/ask 1..most trade/culture": the same few lists all game, so built once."""
    return tuple(Option(key(side, good, n), f"{side.title()} {n} {good}", None, (side, good, n))
                 for n in range(1, most + 1))


class Answer(Step):
    """The other player, behind a curtain, accepts or refuses the offer."""
    kind: ClassVar[str] = "answer"
    never_empty: ClassVar[bool] = True     # accept or refuse
    by: int = 0
    give: dict = None  # type: ignore[assignment]  # set by whoever pushes the step
    ask: dict = None  # type: ignore[assignment]  # set by whoever pushes the step

    def prompt(self, g: CivilizationGame, s: CivState) -> str:
        return (f"{s.names[self.player]}: {s.names[self.by]} offers {describe(g, self.give)} "
                f"for {describe(g, self.ask)}")

    def options(self, g: CivilizationGame, s: CivState) -> list[Option]:
        return [Option("accept", "Accept the swap", None, True), Option("refuse", "Refuse", None, False)]

    def quiet(self, s: CivState, o: Option) -> bool:
        """No coins change (``Civilization._apply``): a swap moves trade, culture, resources and
        culture cards, none of them a coin."""
        return True

    def apply(self, g: CivilizationGame, s: CivState, o: Option) -> None:
        if not o.value:
            log(s, f"{s.names[self.player]} refuses {s.names[self.by]}'s offer.")
            return
        log(s, f"{s.names[self.player]} accepts {s.names[self.by]}'s offer: {describe(g, self.give, True)} "
               f"for {describe(g, self.ask, True)}.")
        n = min(self.ask.get("cards", 0), len(s.players[self.player].culture_cards))
        if n:       # the cards asked for by number: he picks them first, then the swap is made
            s.steps.append(GiveCards(self.player, self.by, n, self.give, self.ask))
        else:
            complete(g, s, self.by, self.player, self.give, self.ask)


class GiveCards(Step):
    """The player who accepted an offer asking for ``left`` more of his culture cards picks them one at a
    time, behind his curtain; each goes to the offerer at once, the rest of the swap after the last."""
    kind: ClassVar[str] = "give_cards"
    private: ClassVar[bool] = True
    to: int = 0
    left: int = 0
    give: dict = None  # type: ignore[assignment]  # the offerer's side of the swap
    ask: dict = None  # type: ignore[assignment]  # this player's side ("cards" among it)

    def prompt(self, g: CivilizationGame, s: CivState) -> str:
        return f"{s.names[self.player]}: which culture card goes to {s.names[self.to]}? ({self.left} to give)"

    def options(self, g: CivilizationGame, s: CivState) -> list[Option]:
        return [_give_card(c) for c in sorted(set(s.players[self.player].culture_cards))]

    def quiet(self, s: CivState, o: Option) -> bool:
        """No coins change (``Civilization._apply``): culture cards and the swap (see ``Answer.quiet``)."""
        return True

    def apply(self, g: CivilizationGame, s: CivState, o: Option) -> None:
        s.players[self.player].culture_cards.remove(o.value)
        s.players[self.to].culture_cards.append(o.value)
        log(s, f"{s.names[self.player]} gives {s.names[self.to]} a culture card.", self.to,
            f"{s.names[self.player]} gives you {o.value}.")
        if self.left > 1 and s.players[self.player].culture_cards:
            s.steps.append(GiveCards(self.player, self.to, self.left - 1, self.give, self.ask))
        else:
            complete(g, s, self.to, self.player, self.give, self.ask)


@lru_cache(maxsize=256)
def _give_card(card: str) -> Option:
    return Option(key("card", card), fit(f"Give {card}", f"Give {card.removeprefix('The ')}",
                                         card.removeprefix("The ")), None, card)


# ====================================================================== trade
def trade_income(g: CivilizationGame, s: CivState) -> None:
    for q in g.order(s):
        p = s.players[q]
        per_city = {"Republic": 1, "Democracy": 2, "Communism": -1}.get(p.government, 0)   # house data
        income = sum(max(0, sum(s.board.yields(n).trade for n in management.worked(g, s, q, c)) + per_city)
                     for c, city in s.board.cities.items() if city.owner == q)
        p.trade = min(D.TRADE_MAX, p.trade + income)
        log(s, f"{s.names[q]} takes {income} trade (now {p.trade}).")


def complete(g: CivilizationGame, s: CivState, by: int, to: int, give: dict, ask: dict) -> None:
    """An accepted swap between offerer ``by`` and ``to``; culture cards asked for by number have moved."""
    swap(g, s, by, to, give)
    swap(g, s, to, by, {k: n for k, n in ask.items() if k != "cards"})


def describe(g: CivilizationGame, goods: dict, public: bool = False) -> str:
    """An offer's side in words (``public``: culture cards not named, for the public log)."""
    parts = []
    for k, n in sorted(goods.items()):
        if k in _GOODS:
            parts.append(f"{n} {k}")
        elif k.startswith("resource:"):
            parts.append(f"{n} {k[9:]}")
        elif k == "cards":
            parts.append(f"{plural(n, 'culture card')} of the giver's choice")
        else:
            parts.append(plural(n, "culture card") if public else f"{n} x {k[5:]}")
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
