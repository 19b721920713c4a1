"""Trade on any terms (issue 27, item 3): "Dabei können die Spieler zu beliebigen Bedingungen
nicht-verbindliche Übereinkünfte treffen und Handelspunkte, Kulturmarker, Ressourcenmarker und
Kulturereigniskarten miteinander austauschen." (seed 000)."""
from __future__ import annotations

import random

from boardgames_tui.games.civilization import data as D, trade
from boardgames_tui.games.civilization.common import culture_hand
from boardgames_tui.games.civilization.rules import GAME

from test_civ_rules import new, play_until, refresh


def at_trade(cards_a=1, cards_b=3):
    """A trade decision; (state, offerer, other) with known culture hands."""
    s = new()
    d = play_until(s, "trade")
    a, b = d.player, 1 - d.player
    names = [c.name for c in D.CULTURE_CARDS]
    s.players[a].culture_cards = names[:cards_a]
    s.players[b].culture_cards = names[cards_a:cards_a + cards_b]
    s.players[a].trade, s.players[b].trade = 10, 4
    refresh(s)
    return s, a, b


def test_an_offer_may_ask_for_a_number_of_the_others_culture_cards_and_he_picks_which():
    s, a, b = at_trade()
    hand_b = list(s.players[b].culture_cards)
    GAME.apply(s, f"offer:{b}")
    keys = GAME.cached_decision(s).keys()
    assert [k for k in keys if k.startswith("ask:cards:")] == ["ask:cards:1", "ask:cards:2", "ask:cards:3"]
    assert not any(k.startswith("ask:card:") for k in keys)        # his hand is hidden: a count, not names
    GAME.apply(s, "give:trade:5")
    GAME.apply(s, "ask:cards:2")
    assert not any(k.startswith("ask:cards:") for k in GAME.cached_decision(s).keys())   # named once
    GAME.apply(s, "send")
    d = GAME.cached_decision(s)
    assert d.kind == "answer" and d.player == b and "2 culture cards" in d.prompt
    GAME.apply(s, "accept")
    d = GAME.cached_decision(s)
    assert d.kind == "give_cards" and d.player == b and d.private     # the giver picks, behind his curtain
    assert sorted(d.keys()) == sorted(f"card:{c}" for c in hand_b)
    GAME.apply(s, f"card:{hand_b[2]}")
    d = GAME.cached_decision(s)
    assert d.kind == "give_cards" and f"card:{hand_b[2]}" not in d.keys()
    assert s.players[a].trade == 10                                   # the swap waits for the last card
    GAME.apply(s, f"card:{hand_b[0]}")
    pa, pb = s.players[a], s.players[b]
    assert sorted(pa.culture_cards) == sorted([D.CULTURE_CARDS[0].name, hand_b[2], hand_b[0]])
    assert pb.culture_cards == [hand_b[1]]
    assert (pa.trade, pb.trade) == (5, 9)
    public = " ".join(e.for_viewer(None) for e in s.log[-4:])
    assert "2 culture cards" in public and not any(c in public for c in hand_b)   # the count, not the cards
    mine = " ".join(e.for_viewer(a) for e in s.log[-4:])
    assert hand_b[2] in mine                                          # the receiver is told what he got
    d = GAME.cached_decision(s)                                       # the hand limit comes after the swap
    assert d.player == a and d.kind == ("discard" if culture_hand(GAME, s, a) < 3 else "trade")


def test_the_redacted_views_do_not_show_which_cards_were_given():
    s, a, b = at_trade()
    hand_b = list(s.players[b].culture_cards)
    for k in (f"offer:{b}", "ask:cards:1", "send", "accept", f"card:{hand_b[1]}"):
        GAME.apply(s, k)
    for viewer in (None, b):                                          # b's own hand shows, a's does not
        v = GAME.view(s, viewer)
        assert v["players"][a]["hand"] is None and v["players"][a]["culture_cards"] == 2
        assert hand_b[1] not in repr(v["log"]) and hand_b[1] not in repr(v["players"][a])
    assert hand_b[1] in GAME.view(s, a)["players"][a]["hand"]["culture_cards"]


def test_a_determinization_keeps_the_count_of_cards_asked_for():
    s, a, b = at_trade()
    for k in (f"offer:{b}", "ask:cards:2", "send", "accept"):
        GAME.apply(s, k)
    for viewer in (a, None):
        d = GAME.determinize(s, viewer, random.Random(3))
        assert len(d.players[b].culture_cards) == 3 and GAME.cached_decision(d).kind == "give_cards"


def test_several_offers_per_pair_a_round_up_to_the_bound():
    s, a, b = at_trade()
    for _ in range(trade.OFFERS_PER_PAIR):
        d = GAME.cached_decision(s)
        assert d.kind == "trade" and f"offer:{b}" in d.keys()
        GAME.apply(s, f"offer:{b}")
        GAME.apply(s, "give:trade:1")
        GAME.apply(s, "send")
        GAME.apply(s, "refuse")
    d = GAME.cached_decision(s)
    assert d.kind == "trade" and f"offer:{b}" not in d.keys() and "done" in d.keys()


def test_the_bound_counts_per_ordered_pair_and_a_withdrawn_offer_counts():
    s, a, b = at_trade()
    s.offered = ((a, b),) * (trade.OFFERS_PER_PAIR - 1) + ((b, a),) * trade.OFFERS_PER_PAIR
    refresh(s)
    GAME.apply(s, f"offer:{b}")
    GAME.apply(s, "withdraw")
    assert f"offer:{b}" not in GAME.cached_decision(s).keys()
    s.steps[-1] = type(s.steps[-1])(b)                                # b's turn: his offers to a are used up
    assert f"offer:{a}" not in refresh(s).keys()


def test_a_determinization_mid_pick_keeps_the_offerers_cards_consistent():
    """While the cards asked for are picked, the offerer's own cards on offer are still in his hand: an
    onlooker's determinization deals that hand afresh, and the pending swap names cards of the new hand."""
    s, a, b = at_trade(cards_a=2, cards_b=2)
    offered = s.players[a].culture_cards[0]
    for k in (f"offer:{b}", f"give:card:{offered}", "ask:cards:2", "send", "accept"):
        GAME.apply(s, k)
    for seed in range(5):
        d = GAME.determinize(s, None, random.Random(seed))
        while GAME.cached_decision(d).kind == "give_cards":
            GAME.apply(d, GAME.cached_decision(d).keys()[0])
        assert len(d.players[a].culture_cards) == 2 + 2 - 1 and len(d.players[b].culture_cards) == 1


def test_an_offers_prompt_counts_the_culture_cards_on_offer_and_names_none():
    """A prompt is public (a bot's stays on screen, a curtain shows it): the card the offerer puts up is
    named in his options only."""
    s, a, b = at_trade()
    card = s.players[a].culture_cards[0]
    GAME.apply(s, f"offer:{b}")
    GAME.apply(s, f"give:card:{card}")
    d = GAME.cached_decision(s)
    assert "1 culture card" in d.prompt and card not in d.prompt
