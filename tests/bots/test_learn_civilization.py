"""The guided Civilization game's hints (issue 41), each in a built or seeded position: no city site on a
hut or village, one evaluation for a city's buildings and wonders and where they go, reasons that name
what sets the option apart (never a property every option shares, nor the bot's own habit), and the
steps of one action continuing the first step's plan."""
from __future__ import annotations

import random

from boardgames_tui.bots.base import ask
from boardgames_tui.bots.hint import afterthought, hint
from boardgames_tui.bots.levels import make_bot
from boardgames_tui.bots.policies import explain, policy_for
from boardgames_tui.bots.policies import civilization as P
from boardgames_tui.engine.core import Decision, Option
from boardgames_tui.games.civilization import data as D
from boardgames_tui.games.civilization.board import BUILDING, WONDER, Figures, Structure, neighbours
from boardgames_tui.games.civilization.culture import ResearchTurn
from boardgames_tui.games.civilization.data_map import VILLAGE, WATER
from boardgames_tui.games.civilization.management import CityTurn, PlaceStructure
from boardgames_tui.games.civilization.movement import MoveTo, MoveTurn
from boardgames_tui.games.civilization.rules import GAME

POLICY = policy_for("civilization")


def _placed(players=2, seed=2, face_up=True):
    """A new game past its set-up, every tile face up (so sites and goals do not hang on exploring)."""
    s = GAME.new_game([f"P{i}" for i in range(players)], seed)
    while GAME.cached_decision(s).kind in ("place_start", "place_structure"):
        GAME.apply(s, GAME.cached_decision(s).options[0].key)
    if face_up:
        for t in s.board.tiles:
            t.face_up = True
    return s


def _push(s, step):
    """``step`` on top of the stack: its decision (more than one option)."""
    s.steps.append(step)
    s._decision = None
    d = GAME.cached_decision(s)
    assert d is not None and d.kind == step.kind, d
    return d


# -- 1. no city site on a hut or a village ---------------------------------------------------------------
def test_a_square_with_a_village_marker_is_no_city_site_for_the_scouts_hint():
    s = _placed()
    me = 0
    b = s.board
    sites = [(p, v) for p, v in P._goals(s, me, "scout").found if b.city_site_problem(p, me) is None]
    def free(q) -> bool:
        sq = b.square(q)
        return sq is not None and sq.terrain != WATER and q not in b.figures and q not in b.cities \
            and q not in b.markers

    # the best site, with a free square two orthogonal steps away (a free one between) for the scout
    for pos, _ in sorted(sites, key=lambda pv: -pv[1]):
        origin = next((o for o in ((pos[0], pos[1] - 2), (pos[0], pos[1] + 2), (pos[0] - 2, pos[1]),
                                   (pos[0] + 2, pos[1]))
                       if free(o) and free(((pos[0] + o[0]) // 2, (pos[1] + o[1]) // 2))), None)
        if origin is not None:
            break
    else:
        raise AssertionError("no site to walk to")
    b.figures[origin] = Figures(me, 0, 1)
    s.steps.append(MoveTurn(me, moved={}))
    d = _push(s, MoveTo(me, "scout", origin))
    h = hint(GAME, s, d, 0)
    assert h.reason == f"it heads for a city site on {pos[0]}:{pos[1]}", h.line()       # the site, as the hint saw it

    b.markers[pos] = (VILLAGE, D.IRON)        # a face-down village on the site itself
    s._decision = None
    d = GAME.cached_decision(s)
    assert b.city_site_problem(pos, me) is not None
    assert pos not in {p for p, _ in P._goals(s, me, "scout").found}
    h = hint(GAME, s, d, 0)
    assert f"city site on {pos[0]}:{pos[1]}" not in h.reason, h.line()
    assert all(f"city site on {pos[0]}:{pos[1]}" not in P._goal_text(s, me, P._goals(s, me, "scout"), o.value[0])
               for o in d.options if o.value is not None)


# -- 2. a city's buildings and its wonder: one evaluation ----------------------------------------------
def _city_with_market(s, me=0):
    """The capital with an own Market on a free land square next to it; (capital, the Market's square)."""
    cap = s.players[me].capital
    spot = next(n for n in neighbours(cap) if s.board.square(n) is not None
                and s.board.square(n).terrain != WATER and n not in s.board.structures and n not in s.board.figures)
    s.board.structures[spot] = Structure(BUILDING, "Market", me)
    return cap, spot


def test_a_wonder_is_placed_beside_the_market_the_hints_asked_for_not_over_it():
    s = _placed()
    cap, market = _city_with_market(s)
    wonder = s.wonder_market[0]
    d = _push(s, PlaceStructure(0, cap, WONDER, wonder))
    assert f"square:{market[0]}:{market[1]}" in d.keys() and len(d.options) > 2   # it could go over it
    h = hint(GAME, s, d, 0)
    assert h.key != f"square:{market[0]}:{market[1]}", h.line()
    # a free square chosen instead of the hint's: no warning about not replacing the Market
    for o in d.options:
        if o.key == f"square:{market[0]}:{market[1]}":
            line = afterthought(h, o.key, d)
            assert line is not None and "replaces your Market" in line, line   # over it: a warning, and why
        elif s.board.structures.get(o.value) is None:
            line = afterthought(h, o.key, d)
            assert line is None or "Market" not in line, line


def test_the_city_action_does_not_hint_a_wonder_that_would_replace_its_own_buildings():
    s = _placed()
    me = 0
    cap = s.players[me].capital
    p = s.players[me]
    p.trade = 27                                 # production enough, bought with trade, for any wonder
    p.techs = list(p.techs) + ["Currency"]
    for n in neighbours(cap):                    # every square a wonder may take holds an own Market
        if s.board.square(n) is not None and n not in s.board.cities:
            s.board.structures[n] = Structure(BUILDING, "Market", me)
            s.board.figures.pop(n, None)
    d = _push(s, CityTurn(me, [cap]))
    wonders = [o for o in d.options if o.value[0] == WONDER]
    assert wonders, d.keys()
    ex = explain(POLICY, GAME, s, d, random.Random(1))
    assert ex.scored is not None
    culture = ex.score_of("culture")
    for o in wonders:
        v = ex.score_of(o.key)
        assert v < culture, (o.key, v, culture)                  # the building is worth more than the swap
        assert any("replaces your Market" in t for _, t in v.factors), v.factors
    assert d.get(ex.key).value[0] != WONDER


def test_the_square_a_city_hint_names_is_where_its_placing_hint_puts_it():
    s = _placed(seed=5)
    me = 0
    cap = s.players[me].capital
    p = s.players[me]
    p.trade = 27
    p.techs = list(p.techs) + ["Currency"]
    d = _push(s, CityTurn(me, [cap]))
    assert "building:Market" in d.keys()
    h = hint(GAME, s, d, 0)
    ex = explain(POLICY, GAME, s, d, random.Random(1))
    said = next(t for _, t in ex.score_of("building:Market").factors if t.startswith("it builds a Market on "))
    GAME.apply(s, "building:Market")
    d2 = GAME.cached_decision(s)
    assert d2.kind == "place_structure"
    h2 = hint(GAME, s, d2, 1, plan_at=0)
    where = said.removeprefix("it builds a Market on ")
    assert h2.key == f"square:{where}", (h.line(), said, h2.line())


# -- 3. reasons name what differs -----------------------------------------------------------------------
def _first(kind, seed=1, players=3, limit=3000):
    """(state, decision) at player 0's first decision of ``kind`` in a game of easy bots."""
    s = GAME.new_game([f"P{i}" for i in range(players)], seed)
    bots = [make_bot("easy", seed * 10 + i, GAME) for i in range(players)]
    for _ in range(limit):
        d = GAME.cached_decision(s)
        if d is None:
            break
        if d.player == 0 and d.kind == kind and len(d.options) > 1:
            return s, d
        GAME.apply(s, ask(bots[d.player], GAME, s, d))
    raise AssertionError(f"no {kind}")


def test_declining_a_trade_says_why_in_game_terms():
    s, d = _first("trade")
    h = hint(GAME, s, d, 0)
    assert h.key == "done" and "easy bot" not in h.reason and "offer" not in h.reason, h.line()
    assert "trade" in h.reason or "accept" in h.reason, h.line()
    GAME.apply(s, next(k for k in d.keys() if k.startswith("offer:")))
    d = GAME.cached_decision(s)
    assert d.kind == "offer"
    h = hint(GAME, s, d, 1)
    assert h.key == "withdraw" and "easy bot" not in h.reason and "give more than you get" in h.reason, h.line()


def test_a_research_reason_names_what_the_tech_unlocks_not_its_shared_level():
    s = _placed(face_up=False)
    names = ["Pottery", "Currency", "Writing"]
    d = Decision(0, "research", "research", [Option(f"tech:{t}", t, None, t) for t in names]
                 + [Option("none", "Research nothing this round", None, None)], False)
    h = hint(GAME, s, d, 0)
    assert h.key == "tech:Pottery", h.line()                 # the culture hand sets it apart
    assert "level" not in h.reason and "Granary" in h.reason, h.line()
    ex = explain(POLICY, GAME, s, d, random.Random(0))
    texts = {k: " ".join(t for _, t in ex.score_of(k).factors) for k in d.keys() if k != "none"}
    assert "Market" in texts["tech:Currency"] and "Library" in texts["tech:Writing"], texts
    # where the levels differ, the level is what sets the dearer one apart
    two = next(t.name for t in D.TECHS if t.level == 2 and not t.culture_hand and not t.coins)
    d = Decision(0, "research", "research", [Option(f"tech:{t}", t, None, t) for t in ("Currency", two)], False)
    h = hint(GAME, s, d, 0)
    assert h.key == f"tech:{two}" and h.reason.startswith("level 2"), h.line()


def test_no_research_says_what_a_tech_costs_and_the_trade_held():
    s = _placed(face_up=False)
    s.players[0].trade = 4
    d = _push(s, ResearchTurn(0))
    assert len(d.options) == 1
    label = d.options[0].label
    assert "6" in label and "4" in label, label
    assert "costs 6 trade, you have 4" in s.steps[-1].prompt(GAME, s)


def test_spending_the_trade_research_needs_is_named_in_the_city_hint():
    s = _placed()
    me = 0
    cap = s.players[me].capital
    p = s.players[me]
    p.trade = 8                                  # a level I tech (6): buying production leaves too little
    p.techs = list(p.techs) + ["Currency"]
    d = _push(s, CityTurn(me, [cap]))
    bought = [o for o in d.options if o.value[0] in ("build", BUILDING, WONDER) and o.value[2] > 2]
    assert bought, d.keys()
    ex = explain(POLICY, GAME, s, d, random.Random(0))
    for o in bought:
        texts = [t for _, t in ex.score_of(o.key).factors]
        assert f"it leaves {8 - o.value[2]} trade, a tech costs 6" in texts, texts


def test_placing_reasons_are_the_options_own():
    """A new scout's and army's square, a wonder's and a great person's: each reason says what that
    option has, never one text for all (it was "its squares give 5 production, 4 trade")."""
    s = _placed()
    cap = s.players[0].capital
    seen = []
    for step in (PlaceStructure(0, cap, WONDER, s.wonder_market[0]),
                 PlaceStructure(0, cap, "great_person", D.GREAT_PEOPLE[0].name)):
        d = _push(s, step)
        ex = explain(POLICY, GAME, s, d, random.Random(0))
        texts = [" ".join(t for _, t in ex.score_of(o.key).factors) for o in d.options]
        assert all(f"{o.value[0]}:{o.value[1]}" in t for o, t in zip(d.options, texts)), texts
        assert all("its squares give" not in t for t in texts)
        seen.append(hint(GAME, s, d, 0).reason)
        s.steps.pop()
    from boardgames_tui.games.civilization.management import PlaceFigure
    for what in ("scout", "army"):
        d = _push(s, PlaceFigure(0, cap, what))
        seen.append(hint(GAME, s, d, 0).reason)
        s.steps.pop()
    assert len(set(seen)) == len(seen) and not any("its squares give" in r for r in seen), seen


# -- 4. the steps of one action keep one plan ------------------------------------------------------------
def test_the_square_hinted_for_a_figure_is_the_one_its_pick_named():
    checked = 0
    for seed in range(6):
        s = GAME.new_game(["A", "B", "C"], seed)
        bots = [make_bot("easy", seed * 10 + i, GAME) for i in range(3)]
        plan, last, prev = 0, None, None
        for i in range(900):
            d = GAME.cached_decision(s)
            if d is None:
                break
            if d.player != last:
                plan, last = i, d.player
            if d.player == 0 and d.kind in ("move", "move_to"):
                h = hint(GAME, s, d, i, plan)
                if d.kind == "move_to" and prev is not None:
                    assert h.reason == prev, (seed, i, prev, h.line())
                    checked += 1
                prev = h.reason if d.kind == "move" else None
                GAME.apply(s, h.key)
                continue
            prev = None
            GAME.apply(s, ask(bots[d.player], GAME, s, d))
    assert checked >= 40, checked
