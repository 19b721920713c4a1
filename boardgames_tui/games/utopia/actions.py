"""Utopia's phase 2: the action cards.

* :class:`Discard`: after the deal, the cards each player puts away face down;
* :class:`Play`: a turn, one action (or wonder, or monument) at a time, then ``done``
  (the end of the turn is the round's: ``UtopiaGame._end_card_turn``);
* an action under way is an :class:`ActionStep`: :class:`MoveFrom`, :class:`MoveTo`,
  :class:`MoveCount`, :class:`Target` for its targets, :class:`Pay` for a choice of card;
* what a turn may play (:func:`play_options`), how it pays (:func:`pay_options`,
  :func:`pay_cards`, :func:`can_pay`) and what the action does (:func:`execute`).
"""
from __future__ import annotations

from typing import TYPE_CHECKING, ClassVar

from ...engine.core import Option
from ...engine.steps import key, log, parse_key
from ...engine.text import plural
from . import data as D
from .data import ADD_POINTS, N_DISTRICTS, N_PEOPLES, PEOPLE_NAMES, PEOPLES, PRINCES_PER_PEOPLE, REMOVE_POINTS
from .placement import build, build_options, why_build
from .state import (
    _BACK, _DISTRICT_OPT, _DNAME, _PEOPLE, A_PEOPLE, ACTION_COST, ACTIONS, GAIN_ADD, GAIN_REMOVE, REACH,
    UtopiaState, UtopiaStep,
)

if TYPE_CHECKING:
    from .rules import UtopiaGame

# Option objects that never change are built once (see state.py).
_DONE_PLAY = Option("done", "End turn (discard the rest)", None, ("done",))
_DONE_EMPTY = Option("done", "End turn", None, ("done",))   # the same choice with no card left to discard
_CARD_OPT = tuple(Option(key("card", PEOPLES[x]), f"{PEOPLE_NAMES[x]} card", ("card", x), x) for x in _PEOPLE)
_COUNT_OPT = (Option(key("count", 1), "Move 1 prince", None, 1), Option(key("count", 2), "Move 2 princes", None, 2))
_ACTION_LABEL = {
    "move": "Move 1-2 {p} princes ({cost})",
    "add": "Add {ap} prince at {ap} monument ({cost})",
    "remove": "Remove {ap} prince at {ap} monument, +2 ({cost})",
    "raise": "Raise {p} one place on the prestige scale ({cost})",
    "lower": "Drop {p} to the bottom of the prestige scale ({cost})",
}


def cost_text(cards: int, tiles: int) -> str:
    """What an action spends: "1 card", or with the privilege tiles it cannot do without,
    "2 cards + 1 privilege tile" (the cards are then of any people)."""
    text = plural(cards, "card")
    return f"{text} + {plural(tiles, 'privilege tile')}" if tiles else text


# _ACTION_OPT[action][people][tiles]: the same key whatever it costs; the label names the privilege tiles
# the player cannot pay without (0 up to the action's cost in cards).
_ACTION_OPT = {a: tuple(tuple(Option(key(a, PEOPLES[x]),
                                     _ACTION_LABEL[a].format(p=PEOPLE_NAMES[x], ap=A_PEOPLE[x],
                                                             cost=cost_text(ACTION_COST[a], tiles)),
                                     ("people", x) if a in ("move", "add", "remove") else ("scale", x), (a, x))
                              for tiles in range(ACTION_COST[a] + 1))
                        for x in _PEOPLE) for a in ACTIONS}
_PAY_WHAT = {        # the action a Pay step's prompt names ("which card pays to raise Greek?")
    "move": "move {p} princes", "add": "add {ap} prince", "remove": "remove {ap} prince",
    "raise": "raise {p}", "lower": "drop {p} to the bottom",
}
_PAY_OPT = tuple(tuple(
    _CARD_OPT[y] if y == x else Option(key("card", PEOPLES[y]),
                                       f"{PEOPLE_NAMES[y]} card as {PEOPLE_NAMES[x]} (uses a privilege tile)",
                                       ("card", y), y)
    for y in _PEOPLE) for x in _PEOPLE)


class Discard(UtopiaStep):
    """Discard one card face down; ``left`` cards are still to go."""
    left: int = 1
    kind: ClassVar[str] = "discard"
    tag: ClassVar[str] = "discard"

    def prompt(self, g: UtopiaGame, s: UtopiaState) -> str:
        return f"{s.names[self.player]}: discard a card ({self.left} to discard)"

    def options(self, g: UtopiaGame, s: UtopiaState) -> list[Option]:
        hand = s.hands[self.player]
        return [_CARD_OPT[x] for x in _PEOPLE if hand[x]]

    def apply(self, g: UtopiaGame, s: UtopiaState, o: Option) -> None:
        p, x = self.player, o.value
        s.hands[p][x] -= 1
        s.discard[x] += 1
        s.discarded_by[p][x] += 1
        log(s, f"{s.names[p]} discards a card.", p, f"{s.names[p]} discards {A_PEOPLE[x]} card.")
        if self.left > 1:
            s.steps.append(Discard(p, self.left - 1))


class Play(UtopiaStep):
    """A phase-2 turn: one action (or wonder, or monument) at a time, then ``done``."""
    kind: ClassVar[str] = "play"
    tag: ClassVar[str] = "play"

    def prompt(self, g: UtopiaGame, s: UtopiaState) -> str:
        return f"{s.names[self.player]}: play action cards"

    def options(self, g: UtopiaGame, s: UtopiaState) -> list[Option]:
        return play_options(s, self.player)

    def apply(self, g: UtopiaGame, s: UtopiaState, o: Option) -> None:
        p = self.player
        what = o.value
        a = what[0]
        if a == "done":
            g._end_card_turn(s, p)
            return
        s.steps.append(self)  # the turn goes on after this play ("back" returns here too)
        if a == "wonder" or a == "monument":
            build(g, s, p, what, self)
        elif a == "move":
            s.steps.append(MoveFrom(p, a, what[1]))
        elif a == "add" or a == "remove":
            s.steps.append(Target(p, a, what[1]))
        else:  # raise, lower
            pay_cards(g, s, Pay(p, a, what[1], left=ACTION_COST[a]))

    def why_illegal(self, g: UtopiaGame, s: UtopiaState, k: str) -> str | None:
        reason = why_build(s, self.player, k)
        if reason:
            return reason
        head, people = parse_key(k, str)
        if head not in ACTIONS:
            return None
        x = D.PEOPLE_INDEX[people]
        if head == "raise" and x == s.scale[-1]:
            return f"{PEOPLE_NAMES[x]} is already at the top of the prestige scale"
        if head == "lower" and x == s.scale[0]:
            return f"{PEOPLE_NAMES[x]} is already at the bottom of the prestige scale"
        return (f"you cannot pay for or carry out that action for the {people} people "
                f"(cards of that people, or another card with a privilege tile)")


class ActionStep(UtopiaStep):
    """A card action under way: what has been chosen so far.  ``Back`` from
    any of its questions returns to the :class:`Play` step below."""
    action: str
    people: int
    frm: int = -1                # move: the district the princes leave
    to: int = -1                 # move: where they go; add / remove: the district
    count: int = 0               # move: how many princes


class MoveFrom(ActionStep):
    kind: ClassVar[str] = "move_from"
    tag: ClassVar[str] = "move_from"

    def prompt(self, g: UtopiaGame, s: UtopiaState) -> str:
        return f"{s.names[self.player]}: move {PEOPLE_NAMES[self.people]} princes from which district?"

    def options(self, g: UtopiaGame, s: UtopiaState) -> list[Option]:
        p, x = self.player, self.people
        opts = [_DISTRICT_OPT[d] for d, row in enumerate(s.princes) if row[p][x]]
        opts.append(_BACK)
        return opts

    def apply(self, g: UtopiaGame, s: UtopiaState, o: Option) -> None:
        if o.key != "back":
            s.steps.append(MoveTo(self.player, self.action, self.people, o.value))


class MoveTo(ActionStep):
    kind: ClassVar[str] = "move_to"
    tag: ClassVar[str] = "move_to"

    def prompt(self, g: UtopiaGame, s: UtopiaState) -> str:
        return f"{s.names[self.player]}: move from {_DNAME[self.frm]} to which district?"

    def options(self, g: UtopiaGame, s: UtopiaState) -> list[Option]:
        od = s.open_districts
        opts = [_DISTRICT_OPT[d] for d in REACH[self.frm] if od[d]]
        opts.append(_BACK)
        return opts

    def apply(self, g: UtopiaGame, s: UtopiaState, o: Option) -> None:
        if o.key == "back":
            return
        p, x = self.player, self.people
        if s.princes[self.frm][p][x] >= 2:
            s.steps.append(MoveCount(p, self.action, x, self.frm, o.value))
        else:
            pay_cards(g, s, Pay(p, self.action, x, self.frm, o.value, 1))

    def why_illegal(self, g: UtopiaGame, s: UtopiaState, k: str) -> str | None:
        head, _ = parse_key(k, str)
        if head == "district":
            return "princes move to a neighbouring district or between piers in the same or a next sea sector"
        return None


class MoveCount(ActionStep):
    kind: ClassVar[str] = "move_count"
    tag: ClassVar[str] = "move_count"

    def prompt(self, g: UtopiaGame, s: UtopiaState) -> str:
        return (f"{s.names[self.player]}: move how many {PEOPLE_NAMES[self.people]} princes "
                f"from {_DNAME[self.frm]} to {_DNAME[self.to]}?")

    def options(self, g: UtopiaGame, s: UtopiaState) -> list[Option]:
        return [*_COUNT_OPT, _BACK]

    def apply(self, g: UtopiaGame, s: UtopiaState, o: Option) -> None:
        if o.key != "back":
            pay_cards(g, s, Pay(self.player, self.action, self.people, self.frm, self.to, o.value))


class Target(ActionStep):
    """Add / remove: the district with a monument of that people."""
    kind: ClassVar[str] = "target"
    tag: ClassVar[str] = "target"

    def prompt(self, g: UtopiaGame, s: UtopiaState) -> str:
        x = self.people
        if self.action == "add":
            return f"{s.names[self.player]}: add {A_PEOPLE[x]} prince at which {PEOPLE_NAMES[x]} monument?"
        return f"{s.names[self.player]}: remove {A_PEOPLE[x]} prince from which district?"

    def options(self, g: UtopiaGame, s: UtopiaState) -> list[Option]:
        p, x = self.player, self.people
        mp = s.mon_people
        if self.action == "add":
            opts = [_DISTRICT_OPT[d] for d in range(N_DISTRICTS) if mp[d] == x]
        else:
            opts = [_DISTRICT_OPT[d] for d in range(N_DISTRICTS) if mp[d] == x and s.princes[d][p][x]]
        opts.append(_BACK)
        return opts

    def apply(self, g: UtopiaGame, s: UtopiaState, o: Option) -> None:
        if o.key != "back":
            pay_cards(g, s, Pay(self.player, self.action, self.people, to=o.value))


class Pay(ActionStep):
    """Which card pays next; asked only when there is a choice."""
    left: int = 1                # cards still to pay
    paid: tuple = ()             # peoples of the cards chosen so far (still in the hand)
    kind: ClassVar[str] = "pay"
    tag: ClassVar[str] = "pay"

    def prompt(self, g: UtopiaGame, s: UtopiaState) -> str:
        what = _PAY_WHAT[self.action].format(p=PEOPLE_NAMES[self.people], ap=A_PEOPLE[self.people])
        return f"{s.names[self.player]}: which card pays to {what} ({plural(self.left, 'card')} to pay)?"

    def options(self, g: UtopiaGame, s: UtopiaState) -> list[Option]:
        opts = pay_options(s, self)
        opts.append(_BACK)
        return opts

    def apply(self, g: UtopiaGame, s: UtopiaState, o: Option) -> None:
        if o.key != "back":
            pay_cards(g, s, self.paying(o.value))

    def paying(self, y: int) -> Pay:
        return Pay(self.player, self.action, self.people, self.frm, self.to, self.count,
                   self.left - 1, self.paid + (y,))


def can_pay(hand: list[int], tiles: int, x: int, k: int) -> bool:
    """Can ``k`` cards be paid for people ``x``: cards of ``x``, or any card plus a privilege tile."""
    own = hand[x]
    return own + min(tiles, sum(hand) - own) >= k


def play_options(s: UtopiaState, p: int) -> list[Option]:
    hand = s.hands[p]
    tiles = s.privileges[p]
    total = sum(hand)
    opts: list[Option] = []
    if total:
        sup = s.supply[p]
        mons = [0] * N_PEOPLES
        at_mon = [False] * N_PEOPLES
        princes = s.princes
        for d, mx in enumerate(s.mon_people):
            if mx >= 0:
                mons[mx] += 1
                if princes[d][p][mx]:
                    at_mon[mx] = True
        top = s.scale[-1]
        bottom = s.scale[0]
        act = _ACTION_OPT
        for x in _PEOPLE:
            own = hand[x]
            if not (own or tiles):
                continue
            one = 0 if own else 1     # a one-card action without a card of x spends a privilege tile
            if sup[x] < PRINCES_PER_PEOPLE:  # a prince not in supply stands on the board
                opts.append(act["move"][x][one])
            if sup[x] and mons[x]:
                opts.append(act["add"][x][one])
            if at_mon[x]:
                opts.append(act["remove"][x][one])
            if x != top:
                opts.append(act["raise"][x][one])
            if x != bottom and own + min(tiles, total - own) >= 2:
                opts.append(act["lower"][x][max(0, 2 - own)])
    opts.extend(build_options(s, p))
    opts.append(_DONE_PLAY if total else _DONE_EMPTY)
    return opts


def pay_options(s: UtopiaState, pay: Pay) -> list[Option]:
    x = pay.people
    hand = list(s.hands[pay.player])
    tiles = s.privileges[pay.player]
    for y in pay.paid:
        hand[y] -= 1
        if y != x:
            tiles -= 1
    rest = pay.left - 1
    opts = []
    row = _PAY_OPT[x]
    for y in _PEOPLE:
        if not hand[y]:
            continue
        t = tiles if y == x else tiles - 1
        if t < 0:
            continue
        hand[y] -= 1
        if can_pay(hand, t, x, rest):
            opts.append(row[y])
        hand[y] += 1
    return opts


def pay_cards(g: UtopiaGame, s: UtopiaState, pay: Pay) -> None:
    """Pay card by card; a card without alternative is paid without a
    question.  Pushes ``pay`` at the first choice, else carries out the action."""
    while pay.left:
        opts = pay_options(s, pay)
        if len(opts) > 1:
            s.steps.append(pay)
            return
        pay = pay.paying(opts[0].value)
    execute(g, s, pay)


def execute(g: UtopiaGame, s: UtopiaState, act: Pay) -> None:
    p = act.player
    x = act.people
    px = PEOPLE_NAMES[x]
    cards = []
    for y in act.paid:
        s.hands[p][y] -= 1
        s.discard[y] += 1
        if y != x:
            s.privileges[p] -= 1
            cards.append(f"{A_PEOPLE[y]} card with a privilege tile")
        else:
            cards.append(f"{A_PEOPLE[x]} card")
    paid = " and ".join(cards)
    a = act.action
    name = s.names[p]
    if a == "move":
        c = act.count
        s.princes[act.frm][p][x] -= c
        s.princes[act.to][p][x] += c
        log(s, f"{name} plays {paid}: moves {plural(c, px + ' prince')} "
               f"from {_DNAME[act.frm]} to {_DNAME[act.to]}.")
    elif a == "add":
        dist = act.to
        s.supply[p][x] -= 1
        s.princes[dist][p][x] += 1
        log(s, f"{name} plays {paid}: adds {A_PEOPLE[x]} prince at the {px} monument in {_DNAME[dist]}.")
        owner = s.mon_owner[dist]
        if owner != p:
            g._gain(s, p, ADD_POINTS, f"prince added where {s.names[owner]} rules", GAIN_ADD)
    elif a == "remove":
        dist = act.to
        s.princes[dist][p][x] -= 1
        s.supply[p][x] += 1
        log(s, f"{name} plays {paid}: removes {A_PEOPLE[x]} prince from {_DNAME[dist]}.")
        g._gain(s, p, REMOVE_POINTS, "prince removed at a monument", GAIN_REMOVE)
    elif a == "raise":
        i = s.scale.index(x)
        s.scale[i], s.scale[i + 1] = s.scale[i + 1], s.scale[i]
        log(s, f"{name} plays {paid}: {px} rises to {i + 2} on the prestige scale, "
               f"{PEOPLE_NAMES[s.scale[i]]} drops to {i + 1}.")
    else:  # lower
        s.scale.remove(x)
        s.scale.insert(0, x)
        log(s, f"{name} plays {paid}: {px} drops to the bottom of the prestige scale.")
