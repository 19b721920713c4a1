"""Civilization's hidden information: ``view`` (what one seat sees, the battle included) and
``determinize`` (a state the seat cannot tell from the true one, for the searching bots).
"""
from __future__ import annotations

from typing import TYPE_CHECKING

import random

from ...engine.copying import copy_value
from ...engine.core import LogEntry
from ...engine.hidden import Deck
from ...engine.rng import Rng
from . import data as D, management, movement, trade, war
from .common import _CULTURE_LEVEL, _sq, coin_dial
from .data_map import HUT, NEUTRAL_TILES, VILLAGE
from .state import CivState

if TYPE_CHECKING:
    from .rules import CivilizationGame


# ====================================================================== hidden information
def determinize(g: CivilizationGame, state: CivState, viewer: int | None, rng: random.Random) -> CivState:
    """A state ``viewer`` cannot tell from ``state``: dealt afresh from what the viewer has not seen.

    Hidden from everyone: the face-down tiles (which neutral tiles, how turned), the face-down hut
    and village markers on the map (not a hut marker turned up and left there, ``open_huts``), the order
    of every stack.  Hidden from the others: a player's
    unit cards (their type shows on the back, so types are public, strengths not), culture cards
    (their era shows), great people in reserve and culture cards discarded face down.  Each pool is
    put in a canonical order, shuffled with ``rng`` and dealt back in the same numbers, so the
    result depends only on what the viewer sees."""
    out = g.clone(state)
    out._decision = None
    b = out.board
    down = [t for t in b.tiles if not t.face_up]
    seen_tiles = {t.name for t in b.tiles if t.face_up}
    pool = sorted(t.name for t in NEUTRAL_TILES if t.name not in seen_tiles)
    rng.shuffle(pool)
    for t, name in zip(sorted(down, key=lambda t: (t.tile_row, t.tile_col)), pool):
        t.name, t.turns = name, rng.randrange(4)
    for kind, deck_attr in ((HUT, "huts"), (VILLAGE, "villages")):
        spots = sorted(pos for pos, m in b.markers.items() if m[0] == kind and pos not in out.open_huts)
        unseen = sorted([b.markers[pos][1] for pos in spots] + list(getattr(out, deck_attr).secret_contents()))
        rng.shuffle(unseen)
        for pos, content in zip(spots, unseen):
            b.markers[pos] = (kind, content)
        setattr(out, deck_attr, Deck(unseen[len(spots):]))
    others = [q for q in range(out.n) if q != viewer]
    bat = out.battle                  # a battle hand is seen by its player only (its types by all)
    hidden_hands = [sd for sd in (war.ATT, war.DEF) if bat is not None and bat.player(sd) != viewer]
    for t, deck in sorted(out.unit_decks.items()):
        held = {q: [u for u in out.players[q].units if D.UNIT_CARDS[u].type == t] for q in others}
        in_hand = {sd: [u for u in bat.hands[sd] if D.UNIT_CARDS[u].type == t] for sd in hidden_hands}
        unseen = sorted(list(deck.secret_contents()) + [u for h in held.values() for u in h]
                        + [u for h in in_hand.values() for u in h])
        rng.shuffle(unseen)
        for q, h in held.items():
            keep = [u for u in out.players[q].units if D.UNIT_CARDS[u].type != t]
            out.players[q].units = keep + unseen[:len(h)]
            unseen = unseen[len(h):]
        for sd, h in in_hand.items():
            bat.hands[sd] = [u for u in bat.hands[sd] if D.UNIT_CARDS[u].type != t] + unseen[:len(h)]
            unseen = unseen[len(h):]
        out.unit_decks[t] = Deck(unseen)
    hidden_discards = [i for i, (q, _) in enumerate(out.culture_discards) if q != viewer]
    pinned = _offered_cards_seen(g, out, viewer)
    for lv, deck in sorted(out.culture_decks.items()):
        held = {q: [c for c in out.players[q].culture_cards if _CULTURE_LEVEL[c] == lv] for q in others}
        pinned_here = {q: [c for c in pinned.get(q, []) if _CULTURE_LEVEL[c] == lv] for q in others}
        gone = [i for i in hidden_discards if _CULTURE_LEVEL[out.culture_discards[i][1]] == lv]
        unseen = list(deck.secret_contents()) + [out.culture_discards[i][1] for i in gone]
        for q, h in held.items():
            rest = list(h)
            for c in pinned_here[q]:
                rest.remove(c)
            unseen += rest
        unseen.sort()
        rng.shuffle(unseen)
        for q, h in held.items():
            k = len(h) - len(pinned_here[q])
            out.players[q].culture_cards = ([c for c in out.players[q].culture_cards if _CULTURE_LEVEL[c] != lv]
                                            + pinned_here[q] + unseen[:k])
            unseen = unseen[k:]
        discards = list(out.culture_discards)
        for i in gone:
            discards[i] = (discards[i][0], unseen.pop())
        out.culture_discards = discards
        out.culture_decks[lv] = Deck(unseen)
    _remap_unseen_offers(g, out, viewer, rng)
    unseen = sorted(list(out.great_people.secret_contents())
                    + [gp for q in others for gp in out.players[q].great_people])
    rng.shuffle(unseen)
    for q in others:
        k = len(out.players[q].great_people)
        out.players[q].great_people, unseen = unseen[:k], unseen[k:]
    out.great_people = Deck(unseen)
    medieval = sorted(w for w in out.wonder_deck.secret_contents() if D.WONDER_INDEX[w].era == D.MEDIEVAL)
    modern = sorted(w for w in out.wonder_deck.secret_contents() if D.WONDER_INDEX[w].era != D.MEDIEVAL)
    rng.shuffle(medieval)
    rng.shuffle(modern)
    out.wonder_deck = Deck(modern + medieval)        # medieval on top (drawn first)
    out.log = [e if e.private_to in (None, viewer) or e.private_text is None
               else LogEntry(e.text, e.private_to, None, e.round) for e in out.log]
    out.rng = Rng(rng.randrange(2**32))
    g.advance(out)
    return out


_OFFER_STEPS = (trade.Offer, trade.Answer, trade.GiveCards)


def _offer_parties(st: trade.Offer | trade.Answer | trade.GiveCards) -> tuple[int, int, bool]:
    """(giver, receiver, sent) of a pending Offer, Answer or GiveCards step (``give``: the offerer's side)."""
    if isinstance(st, trade.Offer):
        return st.player, st.to, False
    if isinstance(st, trade.GiveCards):       # accepted: the receiver picks the cards asked of him
        return st.to, st.player, True
    return st.by, st.player, True


def _offered_cards_seen(g: CivilizationGame, s: CivState, viewer: int | None) -> dict[int, list[str]]:
    """Culture cards of another player's that ``viewer`` has seen on offer (an offer sent to him):
    they stay in that player's hand in every determinization."""
    out: dict[int, list[str]] = {}
    for st in s.steps:
        if isinstance(st, _OFFER_STEPS) and st.give:
            giver, receiver, sent = _offer_parties(st)
            if sent and receiver == viewer and giver != viewer:
                out.setdefault(giver, []).extend(
                    k[5:] for k, n in sorted(st.give.items()) if k.startswith("card:") for _ in range(n))
    return out


def _remap_unseen_offers(g: CivilizationGame, out: CivState, viewer: int | None, rng: random.Random) -> None:
    """An offer ``viewer`` has not seen names cards of the giver's true hand: in the determinization it
    names cards of the giver's dealt hand instead."""
    for st in out.steps:
        if not isinstance(st, _OFFER_STEPS) or not st.give:
            continue
        giver, receiver, sent = _offer_parties(st)
        if viewer == giver or (sent and viewer == receiver):
            continue
        n = sum(v for k, v in st.give.items() if k.startswith("card:"))
        if not n:
            continue
        pool = sorted(out.players[giver].culture_cards)
        rng.shuffle(pool)
        give = {k: v for k, v in st.give.items() if not k.startswith("card:")}
        for c in pool[:n]:
            give["card:" + c] = give.get("card:" + c, 0) + 1
        st.give = give


def view(g: CivilizationGame, s: CivState, viewer: int | None) -> dict:
    """What ``viewer`` sees: face-down tiles and markers blank, others' cards counted, not shown."""
    b = s.board
    tiles = [{"row": t.tile_row, "col": t.tile_col, "face_up": t.face_up,
              "name": t.name if t.face_up else None, "turns": t.turns if t.face_up else None}
             for t in b.tiles]
    top = s.steps[-1] if s.steps and s.winner < 0 else None
    selected = None                      # the square the decision is about (a figure, a city)
    if isinstance(top, movement.MoveTo):
        selected = _sq(top.origin)
    elif isinstance(top, management.CityTurn):
        selected = _sq(top.todo[0])
    elif isinstance(top, management.PlaceFigure):
        selected = _sq(top.city)
    elif isinstance(top, (war.BattleCard, war.BattleFront)) and s.battle is not None:
        selected = _sq(s.battle.pos)
    players = []
    for q, p in enumerate(s.players):
        mine = viewer == q
        players.append({
            "name": s.names[q], "civ": p.civ, "capital": p.capital, "techs": list(p.techs),
            "government": p.government, "pending_government": p.pending_government,
            "trade": p.trade, "coins": coin_dial(g, s, q), "culture": p.culture, "culture_step": p.culture_step,
            "armies": p.armies, "scouts": p.scouts, "cities_left": p.cities_left, "ranks": dict(p.ranks),
            "resources": list(p.resources), "wonders": list(p.wonders), "obsolete": list(p.obsolete),
            "reserve": list(p.reserve),
            "units": len(p.units), "culture_cards": len(p.culture_cards),
            # the backs show a unit card's type and a culture card's era
            "unit_types": sorted(D.UNIT_CARDS[u].type for u in p.units),
            "culture_levels": sorted(_CULTURE_LEVEL[c] for c in p.culture_cards),
            "great_people": len(p.great_people),
            "hand": ({"units": [D.UNIT_CARDS[u].type for u in p.units],
                      "unit_cards": unit_cards(s, q),
                      "culture_cards": list(p.culture_cards), "great_people": list(p.great_people)}
                     if mine else None),
        })
    return {
        "viewer": viewer, "round": s.round, "phase": s.phase, "selected": selected,
        "actor": getattr(top, "player", None) if top is not None else None, "start_player": s.start_player,
        "tiles": tiles,
        "figures": {_sq(pos): [f.owner, f.armies, f.scouts] for pos, f in sorted(b.figures.items())},
        "cities": {_sq(pos): {"owner": c.owner, "capital": c.capital, "walls": c.walls,
                              "production": management.production(g, s, c.owner, pos),
                              "trade": b.outskirts_trade(pos, c.owner),
                              "culture": management.city_culture(g, s, c.owner, pos)}
                   for pos, c in sorted(b.cities.items())},
        "disasters": {_sq(pos): t for pos, t in sorted((b.disasters or {}).items())},
        "gather": {_sq(pos): _sq(c) for pos, c in sorted(s.gather.items())},
        "buildings_left": dict(s.buildings_left),
        "structures": {_sq(pos): [x.kind, x.name, x.owner] for pos, x in sorted(b.structures.items())},
        "markers": {_sq(pos): m[0] for pos, m in sorted(b.markers.items())},
        "open_huts": {_sq(pos): b.markers[pos][1] for pos in sorted(s.open_huts)},
        "players": players, "wonder_market": list(s.wonder_market),
        "wonder_deck": len(s.wonder_deck), "resource_pool": dict(s.resource_pool),
        "culture_decks": {lv: len(d) for lv, d in s.culture_decks.items()},
        "winner": s.winner, "victory": s.victory, "battle": battle_view(g, s, viewer),
        "last_battle": last_battle_view(s),
        "log": [e.for_viewer(viewer) for e in s.log],
    }


def unit_cards(s: CivState, q: int) -> list[list]:
    """A player's unit cards (his standing forces) as he sees them: ``[type, rank, name, strength]``,
    by type (infantry, cavalry, artillery, aircraft), the strongest first; Himeji Samurai Castle's +1
    included, as in his battles."""
    p = s.players[q]
    bonus = 1 if "Himeji Samurai Castle" in p.wonders else 0
    order = {t.key: i for i, t in enumerate(D.UNIT_TYPES)}
    cards = []
    for u in p.units:
        kind = D.UNIT_CARDS[u].type
        rank = p.ranks.get(kind, 1)
        cards.append((order[kind], -(war.card_value(u, rank) + bonus), u, kind, rank))
    return [[kind, max(rank, 1), war.unit_name(u, rank), -neg] for _, neg, u, kind, rank in sorted(cards)]


def battle_view(g: CivilizationGame, s: CivState, viewer: int | None) -> dict | None:
    """The battle as ``viewer`` sees it: the fronts open, each hand's types on their backs, his own
    hand's cards in full (``war.battle_dict``)."""
    return None if s.battle is None else war.battle_dict(s, s.battle, viewer)


def last_battle_view(s: CivState) -> dict | None:
    """The end of the last battle (all its cards open by then), while its round lasts and no other battle
    is fought: the screen keeps it in view until the player has seen it."""
    lb = s.last_battle
    return copy_value(lb) if lb is not None and s.battle is None and lb["round"] == s.round else None
