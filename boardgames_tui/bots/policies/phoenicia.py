"""Phoenicia's playing knowledge: what a card, a worker or a disk is worth.

Everything is valued in money (disks) at the position's stage.  A VP is worth
``VP_PRICE`` (what City Center and the cheap workers charge for one); a point
of production ``INCOME_PER_PROD`` for every income still to come, estimated
from the leader's VP (:func:`rounds_left`).  Paying costs more than the face
value early, since money compounds, little in the last round, and little for
money the storage limit would take anyway (:class:`Ctx`).

A purchase is made when its worth beats what paying for it costs, the best
surplus first; a bid is raised by one while that still holds, never beyond, so
an opponent who wants a card pays for it.  As the end nears the same
production is worth less, and the bot turns from growth to VP by itself.  The
constants were tuned in games between versions of this policy.

``evaluate`` weighs VP, money, production and workers with weights fitted on
the results of games between easy bots, and turns the gaps into chances.
"""
from __future__ import annotations

import math
import random
from functools import partial
from typing import Any

from ...engine.core import Decision, Game
from ...games.phoenicia import data as D
from ...games.phoenicia.state import PhoeniciaState, PlayerState, discount, storehouses, training_cost
from . import because, dispatch, pick, why

# The hard bot's budget in the app, under a second a decision: an iteration costs
# 0.4-0.9 ms of CPU here with 2-4 players (bench/bots.py).
HARD_ITERATIONS = 600
# The hard bot's search as ismcts does it by default (paired rounds, the others' choices this
# policy's).  So it won 20 of 20 two-player games against the easy bot, 100% [84%, 100%],
# and 19 of 20 four-player games against three easy ones, 95% [76%, 99%] (bench/strength.py
# --titles phoenicia --games 20 --four 20 --pairings hard-easy --jobs 1, seed 1000); with the
# root and the others searched as one tree, 10 of 20 and 14 of 20 (before the verdict's Šidák
# correction).

DEV = D.DEV
TILES = D.TILES
SPACES = D.SPACES
CARD_VALUES = D.CARD_VALUES
END_VP = D.END_VP

VP_PRICE = 3.0            # money per VP (City Center's price; a hunting worker's is close)
INCOME_PER_PROD = 1.0     # money a production point is counted for a round (4 draw a card worth 5)
ROUNDS_AT_START = 7.0     # incomes counted at the start (see rounds_left)
PREMIUM = 1.0             # money's worth above face at the start (it compounds), per 10 rounds
END_MONEY = 0.2           # a disk's worth in the last round (only a tie-break)
WASTED_MONEY = 0.3        # a disk's worth when the storage limit would take it
STORE_ROUNDS = 6          # rounds a storehouse or a discount is counted for at most

CARD_VP = {c.slug: c.vp for c in D.DEV_CARDS}
CARD_PROD = {c.slug: c.prod for c in D.DEV_CARDS}
TILE_VP = {slug: t.vp for slug, t in TILES.items()}
# PREFIX[slug][level][w]: the production of the first w workers of a tile.
PREFIX = {slug: [[sum(row[:w]) for w in range(SPACES + 1)] for row in t.prod] for slug, t in TILES.items()}
IMPROVER = {slug: (t.improved_by, len(t.levels) - 1) for slug, t in TILES.items()}
IMPROVES = {t.improved_by: slug for slug, t in TILES.items() if t.improved_by}   # card -> tile
GIVES = {t.gained_by: slug for slug, t in TILES.items() if t.gained_by}          # card -> tile
_card_value = CARD_VALUES.__getitem__


# ------------------------------------------------------------------------------------------
# Fast sums (the rules' own, without their generality: rollouts call these all the time)
# ------------------------------------------------------------------------------------------

def vp_of(pl: PlayerState) -> int:
    v = sum(map(CARD_VP.__getitem__, pl.cards)) + pl.vp_bought
    for slug, wd in pl.tiles.items():
        v += wd[0] * TILE_VP[slug]
    return v


def prod_of(pl: PlayerState) -> int:
    v = sum(map(CARD_PROD.__getitem__, pl.cards))
    for slug, wd in pl.tiles.items():
        w = wd[0]
        if w:
            v += PREFIX[slug][_level(pl, slug)][w]
    return v


def money_of(pl: PlayerState) -> int:
    return sum(map(_card_value, pl.hand)) + pl.disks


def _level(pl: PlayerState, slug: str, extra: int = 0) -> int:
    by, top = IMPROVER[slug]
    if by is None:
        return 0
    k = pl.cards.count(by) + extra
    return k if k < top else top


# ------------------------------------------------------------------------------------------
# The stage of the game
# ------------------------------------------------------------------------------------------

def rounds_left(lead: int) -> float:
    """The incomes counted for production when the leader has ``lead`` VP.  The
    shape is fitted on games between easy bots (VP come faster as villages
    grow, hence the square); the scale is what played best, below the 11
    incomes a game has: late income buys little."""
    if lead >= END_VP:
        return 0.0
    x = (END_VP - lead) / (END_VP - D.START_VP)
    return ROUNDS_AT_START * x * x


def money_worth(R: float) -> float:
    """What a disk is worth in money of the position: above face early, little at the end."""
    return END_MONEY + (1.0 - END_MONEY) * min(1.0, R) + PREMIUM * min(R, 10.0) / 10.0


def storage_waste(pl: PlayerState) -> int:
    """Cards ``pl`` would lose to the storage limit at the next administration if
    nothing more were spent."""
    prod = prod_of(pl)
    return len(pl.hand) + prod // 4 + (pl.disks + prod % 4) // 4 - storehouses(pl)


class Ctx:
    """The position's stage as seen by one player, computed once per choice."""
    __slots__ = ("R", "lam", "free")

    def __init__(self, s: PhoeniciaState, pl: PlayerState) -> None:
        self.R = rounds_left(max(map(vp_of, s.players)))
        self.lam = money_worth(self.R)
        # Money the storage limit would take (at least a 4 card per card lost) is
        # worth little: spending it is nearly free, and a village with nothing
        # else to buy must not sit on its cards for ever.
        self.free = 4 * max(0, storage_waste(pl))

    def cost(self, price: int) -> float:
        """What paying ``price`` now costs in money of the position."""
        free = self.free
        if price <= free:
            return WASTED_MONEY * price
        return WASTED_MONEY * free + self.lam * (price - free)


# ------------------------------------------------------------------------------------------
# Worth of things to one player (in money, before their price)
# ------------------------------------------------------------------------------------------

def _space_worth(pl: PlayerState, slug: str, w: int, R: float) -> float:
    """Worth of the worker on space ``w`` (0-based) of a tile."""
    t = TILES[slug]
    v = VP_PRICE * t.vp + INCOME_PER_PROD * R * t.prod[_level(pl, slug)][w]
    if slug == "textile":          # one storehouse a worker
        v += 0.5 * min(R, STORE_ROUNDS)
    return v


def _best_spot(pl: PlayerState, R: float, lam: float) -> tuple[float, int]:
    """The best surplus of employing one more trained worker, and its price (0, 0: none)."""
    best, price = 0.0, 0
    for slug, (w, d) in pl.tiles.items():
        if w >= SPACES:
            continue
        cost = 0 if d else TILES[slug].cost
        v = _space_worth(pl, slug, w, R) - lam * cost
        if v > best:
            best, price = v, cost
    return best, price


def _free_spaces(pl: PlayerState) -> int:
    return sum(SPACES - w for w, _d in pl.tiles.values())


def card_worth(pl: PlayerState, slug: str, R: float, lam: float,
               parts: list[tuple[float, str]] | None = None) -> float:
    """What owning ``slug`` is worth to ``pl`` in money over the rest of the game.  With
    ``parts`` (a hint asking), each term is also put there with its phrase; the sum is the same."""
    c = DEV[slug]
    prod = c.prod
    worth = VP_PRICE * c.vp
    if parts is not None:
        parts.append((worth, f"{c.vp} VP"))
    waiting = pl.untrained + pl.trained
    tile = IMPROVES.get(slug)
    if tile is not None and tile in pl.tiles:
        w = pl.tiles[tile][0]
        now, nxt = _level(pl, tile), _level(pl, tile, 1)
        if nxt > now:
            prod += PREFIX[tile][nxt][w] - PREFIX[tile][now][w]
            worth += 0.3 * R * min(waiting, SPACES - w)      # later workers there produce more
            if parts is not None:
                parts.append((0.3 * R * min(waiting, SPACES - w), f"it improves your {TILES[tile].name}"))
    gives = GIVES.get(slug)
    if gives is not None and gives not in pl.tiles:
        # A better place than Farming for the workers still to come (and for moves).
        t = TILES[gives]
        per = VP_PRICE * (t.vp - 1) + INCOME_PER_PROD * R * (t.prod[0][0] - 2) - lam * (t.cost - 5)
        if per > 0:
            worth += 0.6 * per * min(waiting + 1, 3)
            if parts is not None:
                parts.append((0.6 * per * min(waiting + 1, 3), f"it opens {t.name} to your workers"))
    worth += INCOME_PER_PROD * R * prod
    if parts is not None:
        parts.append((INCOME_PER_PROD * R * prod, f"+{prod} production a round"))
    if c.untrained or c.trained:
        room = _free_spaces(pl) - waiting
        if room > 0:
            spot, _price = _best_spot(pl, max(0.0, R - 1), lam)
            k = min(c.trained, room)
            worth += 0.8 * spot * k
            if parts is not None:
                parts.append((0.8 * spot * k, f"{_n(k, 'trained worker')} for free spaces"))
            k2 = min(c.untrained, room - k)
            if k2 > 0:
                worth += 0.6 * max(0.0, spot - lam * training_cost(pl)) * k2
                if parts is not None:
                    parts.append((0.6 * max(0.0, spot - lam * training_cost(pl)) * k2,
                                  f"{_n(k2, 'new worker')} for free spaces"))
    if c.store:
        binding = prod_of(pl) // 4 + 1 >= storehouses(pl)
        worth += c.store * min(R, STORE_ROUNDS) * (1.5 if binding else 0.2)
        if parts is not None:
            parts.append((c.store * min(R, STORE_ROUNDS) * (1.5 if binding else 0.2),
                          "your storehouses are full" if binding else f"{_n(c.store, 'storehouse')} more"))
    if slug == D.IMPROVES_TRAINING:
        worth += lam * (pl.untrained + 2) * (D.TRAINING_COST - D.TRAINING_COST_IMPROVED)
        if parts is not None:
            parts.append((lam * (pl.untrained + 2) * (D.TRAINING_COST - D.TRAINING_COST_IMPROVED),
                          "training gets cheaper"))
    elif slug == D.IMPROVES_STORAGE:
        worth += 0.5
        if parts is not None:
            parts.append((0.5, "you can keep more disks"))
    elif slug == D.BUYS_VP and slug not in pl.cards:
        worth += 0.8 * min(R, 8.0)
        if parts is not None:
            parts.append((0.8 * min(R, 8.0), "you can buy VP each turn"))
    if c.discount_on:
        worth += 0.8 * D.DISCOUNT_PER_CARD * len(c.discount_on) * min(1.0, R / STORE_ROUNDS)
        if parts is not None:
            parts.append((0.8 * D.DISCOUNT_PER_CARD * len(c.discount_on) * min(1.0, R / STORE_ROUNDS),
                          f"a discount on {_names(c.discount_on)}"))
    return worth


def _n(k: int, word: str) -> str:
    return f"{k} {word}" if k == 1 or word == "VP" else f"{k} {word}s"


def _names(slugs: tuple[str, ...]) -> str:
    names = [DEV[x].name for x in slugs]
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]


def _card_factors(pl: PlayerState, slug: str, cx: Ctx, price: int) -> list[tuple[float, str]]:
    """The terms of buying ``slug`` at ``price``: its worth's parts and the cost."""
    parts: list[tuple[float, str]] = []
    card_worth(pl, slug, cx.R, cx.lam, parts)
    parts.append((-cx.cost(price), f"you pay {price}" if price else "it costs you nothing"))
    return parts


def _space_factors(pl: PlayerState, slug: str, w: int, R: float) -> list[tuple[float, str]]:
    """The terms of :func:`_space_worth`."""
    t = TILES[slug]
    prod = t.prod[_level(pl, slug)][w]
    out = [(VP_PRICE * t.vp, f"the worker is {t.vp} VP"),
           (INCOME_PER_PROD * R * prod, f"+{prod} production a round")]
    if slug == "textile":
        out.append((0.5 * min(R, STORE_ROUNDS), "a storehouse more"))
    return out


# ------------------------------------------------------------------------------------------
# Choosing
# ------------------------------------------------------------------------------------------


def choose(game: Game, state: Any, decision: Decision, rng: random.Random) -> str:
    return dispatch(_HANDLERS, game, state, decision, rng)


def candidates(game: Game, state: Any, decision: Decision) -> list[str]:
    """For the hard bot's search: a bid is raised by the minimum or passed (in an open
    auction a higher raise only pays more), which takes a bid from ~20 options to 2."""
    opts = decision.options
    if decision.kind == "bid" and opts[0].value is not None and any(o.key == "pass" for o in opts):
        return [opts[0].key, "pass"]
    return [o.key for o in opts]


def _bid(s: PhoeniciaState, pl: PlayerState, opts: list, cx: Ctx) -> str:
    """Raise by one while the card is worth more than its price; never beyond."""
    first = opts[0]
    if first.value is None:                # only "pass" (cannot raise)
        return first.key
    card = s.steps[-1].card
    price = max(0, first.value - discount(pl, card))
    raise_ = cx.cost(price) < card_worth(pl, card, cx.R, cx.lam)
    name = DEV[card].name
    because(f"{name} is still worth more to you than {price}" if raise_
            else f"{name} is not worth more than {price} to you")
    return first.key if raise_ else "pass"


def _pay(s: PhoeniciaState, opts: list) -> str:
    """Cards before disks (a hand over the storage limit loses whole cards; change
    comes back as disks): the smallest card that covers the rest, else the largest."""
    due = s.steps[-1].due
    last = None
    for o in opts:
        v = o.value
        if v is None:
            continue
        if v >= due:
            because(f"the smallest card that covers {due}: change comes back as disks")
            return o.key
        last = o
    because("cards before disks: the largest card first" if last else "you have no card to pay with")
    return (last or opts[0]).key


def _auction(pl: PlayerState, opts: list, cx: Ctx, rng: random.Random) -> str:
    R, lam = cx.R, cx.lam
    scored = []
    for o in opts:
        slug = o.value
        if slug is None:
            continue
        price = max(0, DEV[slug].bid - discount(pl, slug))
        surplus = card_worth(pl, slug, R, lam) - cx.cost(price)
        if surplus > 0:
            scored.append((why(surplus, partial(_card_factors, pl, slug, cx, price)),
                           o.key, price))
    if not scored:
        because("no card on offer is worth its price to you")
        return "workers"
    # Keep the money for a worker when that is the better use and both do not fit.
    w = money_of(pl)
    spot, spot_price = _best_spot(pl, R, lam) if pl.trained else (0.0, 0)
    fit = [(v, k) for v, k, price in scored if v >= spot or w - price >= spot_price]
    if not fit:
        because("your money is better spent on a trained worker")
    return pick(fit, rng) if fit else "workers"


def _workers(pl: PlayerState, opts: list, cx: Ctx, rng: random.Random) -> str:
    R, lam = cx.R, cx.lam
    scored = []
    for o in opts:
        v = o.value
        if v is None:
            continue
        act = v[0]
        if act == "employ":
            slug = v[1]
            wd = pl.tiles[slug]
            gain = _space_worth(pl, slug, wd[0], R) - cx.cost(0 if wd[1] else TILES[slug].cost)
            gain = why(gain, partial(_employ_factors, pl, slug, wd, cx))
        elif act == "train":
            if pl.trained >= _free_spaces(pl):
                continue
            spot, _price = _best_spot(pl, R, lam)
            gain = spot - cx.cost(training_cost(pl)) - (0.5 if pl.trained else 0.0)
            gain = why(gain, partial(_train_factors, pl, spot, cx))
        else:  # move: the rightmost worker of f goes to t, leaving a tool disk on f
            _, f, t = v
            better = _space_worth(pl, t, pl.tiles[t][0], R) - _space_worth(pl, f, pl.tiles[f][0] - 1, R)
            if better <= 0:                # never sideways (nor back and forth)
                continue
            gain = (better - cx.cost(TILES[t].cost)
                    + lam * TILES[f].cost * (0.4 if pl.untrained + pl.trained else 0.1))
            gain = why(gain, partial(_move_factors, pl, f, t, better, cx))
        if gain > 0:
            scored.append((gain, o.key))
    if not scored:
        because("no worker would earn more than it costs")
    return pick(scored, rng) if scored else "tools"


def _employ_factors(pl: PlayerState, slug: str, wd: list[int], cx: Ctx) -> list[tuple[float, str]]:
    price = 0 if wd[1] else TILES[slug].cost
    return _space_factors(pl, slug, wd[0], cx.R) + [
        (-cx.cost(price), f"you pay {price}" if price else "a tool there makes it free")]


def _train_factors(pl: PlayerState, spot: float, cx: Ctx) -> list[tuple[float, str]]:
    tc = training_cost(pl)
    out = [(spot, "a trained worker can take a good space"), (-cx.cost(tc), f"training costs {tc}")]
    if pl.trained:
        out.append((-0.5, "a trained worker is already waiting"))
    return out


def _move_factors(pl: PlayerState, f: str, t: str, better: float, cx: Ctx) -> list[tuple[float, str]]:
    ft, tt = TILES[f], TILES[t]
    return [(better, "it earns more there"),
            (-cx.cost(tt.cost), f"you pay {tt.cost}"),
            (cx.lam * ft.cost * (0.4 if pl.untrained + pl.trained else 0.1),
             "it leaves a tool behind")]


def _tools(s: PhoeniciaState, pl: PlayerState, opts: list, cx: Ctx, rng: random.Random) -> str:
    scored = []
    for o in opts:
        v = o.value
        if v is None:
            continue
        act = v[0]
        if act == "vp":
            gain = why(VP_PRICE - cx.cost(D.CITY_CENTER_VP_PRICE), lambda: [
                (VP_PRICE, "a VP from City Center"),
                (-cx.cost(D.CITY_CENTER_VP_PRICE), f"you pay {D.CITY_CENTER_VP_PRICE}")])
        elif act == "tool":
            # Prepaying a worker's place: only to save money the limit would take.
            if TILES[v[1]].cost > cx.free or not (pl.untrained + pl.trained):
                continue
            gain = why(0.2 - 0.01 * TILES[v[1]].cost, partial(_tool_factors, TILES[v[1]].cost))
        else:  # convert: 4 disks bring a card worth 5 on average at income
            swaps = (pl.disks + v[1]) // 4 - pl.disks // 4
            if not swaps or len(s.prod_deck) < 2:
                continue
            gain = why(0.1 * swaps, partial(_convert_factors, swaps))
        if gain > 0:
            scored.append((gain, o.key))
    if not scored:
        because("nothing here is worth its price now")
    return pick(scored, rng) if scored else "end"


def _tool_factors(price: int) -> list[tuple[float, str]]:
    return [(0.2, "it spends money the storage limit would take"), (-0.01 * price, f"you pay {price}")]


def _convert_factors(swaps: int) -> list[tuple[float, str]]:
    return [(0.1 * swaps, f"with your disks it makes {_n(swaps, 'more card')} at income")]


def _on_bid(game: Game, s: PhoeniciaState, d: Decision, rng: random.Random) -> str:
    pl = s.players[d.player]
    return _bid(s, pl, d.options, Ctx(s, pl))


def _on_pay(game: Game, s: PhoeniciaState, d: Decision, rng: random.Random) -> str:
    return _pay(s, d.options)


def _on_discard(game: Game, s: PhoeniciaState, d: Decision, rng: random.Random) -> str:
    because("the card of the lowest value goes")
    return d.options[0].key                # the lowest value (the options are ascending)


def _on_auction(game: Game, s: PhoeniciaState, d: Decision, rng: random.Random) -> str:
    pl = s.players[d.player]
    return _auction(pl, d.options, Ctx(s, pl), rng)


def _on_workers(game: Game, s: PhoeniciaState, d: Decision, rng: random.Random) -> str:
    pl = s.players[d.player]
    return _workers(pl, d.options, Ctx(s, pl), rng)


def _on_tools(game: Game, s: PhoeniciaState, d: Decision, rng: random.Random) -> str:
    pl = s.players[d.player]
    return _tools(s, pl, d.options, Ctx(s, pl), rng)


_HANDLERS = {"pay": _on_pay, "discard": _on_discard, "bid": _on_bid, "auction": _on_auction,
             "workers": _on_workers, "tools": _on_tools}
HANDLED_KINDS = frozenset(_HANDLERS)
RANDOM_FALLBACK: frozenset[str] = frozenset()     # every kind has its rule


# ------------------------------------------------------------------------------------------
# Judging
# ------------------------------------------------------------------------------------------

# The judgement's weights, fitted (maximum likelihood) on 36,000 positions of
# 800 games between easy bots, 2 to 5 players: each player's strength is
#   VP + EV_MONEY * money + (EV_PROD_R * R + EV_PROD) * production
#      + EV_TRAINED * trained workers + EV_UNTRAINED * untrained workers
# and the chances are a softmax of strength / (EV_SCALE + EV_SCALE_R * R).
EV_MONEY = 0.22
EV_PROD = 0.25
EV_PROD_R = 0.12
EV_TRAINED = 1.0
EV_UNTRAINED = 0.2
EV_SCALE = 2.0
EV_SCALE_R = -0.065
EV_MIN_SCALE = 1.0


def evaluate(game: Game, state: Any) -> list[float]:
    s: PhoeniciaState = state
    players = s.players
    n = len(players)
    if not s.steps:                     # over: the result
        win = game.winners(s)
        return [1.0 / len(win) if p in win else 0.0 for p in range(n)]
    vps = [vp_of(pl) for pl in players]
    R = rounds_left(max(vps))
    per_prod = EV_PROD_R * R + EV_PROD
    scale = max(EV_MIN_SCALE, EV_SCALE + EV_SCALE_R * R)
    strength = [(v + EV_MONEY * money_of(pl) + per_prod * prod_of(pl)
                 + EV_TRAINED * pl.trained + EV_UNTRAINED * pl.untrained) / scale
                for v, pl in zip(vps, players)]
    top = max(strength)
    ex = [math.exp(x - top) for x in strength]
    tot = sum(ex)
    return [e / tot for e in ex]
