"""Civilization's rules of delivery A: the round, phase 1, trade, city
management, the culture track, movement and exploring, research and the victories."""
from __future__ import annotations

import random

import pytest

from boardgames_tui.engine.core import IllegalMove
from boardgames_tui.games.civilization import cities, culture, data as D, management, movement
from boardgames_tui.games.civilization.board import Figures, neighbours
from boardgames_tui.games.civilization.data_map import WATER
from boardgames_tui.games.civilization.cities import StartTurn
from boardgames_tui.games.civilization.common import coin_dial, coins, pyramid_counts, stacking
from boardgames_tui.games.civilization.culture import CultureClimb
from boardgames_tui.games.civilization.management import CityTurn
from boardgames_tui.games.civilization.rules import GAME


def new(players=2, seed=1):
    s = GAME.new_game([f"P{i + 1}" for i in range(players)], seed)
    while GAME.cached_decision(s).kind in ("place_start", "place_structure"):
        GAME.apply(s, GAME.cached_decision(s).options[0].key)
    return s


def play_until(s, kind, player=None):
    """Answer "done"/"none" (or the first option) until a decision of ``kind`` comes up."""
    for _ in range(500):
        d = GAME.cached_decision(s)
        if d.kind == kind and (player is None or d.player == player):
            return d
        keys = d.keys()
        GAME.apply(s, next((k for k in ("done", "none", "culture") if k in keys), keys[0]))
    raise AssertionError(f"no {kind} decision")


def at_move(seed=1, players=2):
    """A movement decision with every tile face up; (state, mover, his army's square)."""
    s = new(players, seed)
    d = play_until(s, "move")
    for t in s.board.tiles:
        t.face_up = True
    q = d.player
    army = next(pos for pos, f in sorted(s.board.figures.items()) if f.owner == q and f.armies)
    return s, q, army


def top(s):
    return s.steps[-1]


def test_starting_figures_are_placed_next_to_the_capital_by_their_owner():
    s = GAME.new_game(["A", "B"], 3)
    d = GAME.cached_decision(s)
    assert d.kind == "place_start" and d.player == 0
    assert all(o.value in set(neighbours(s.players[0].capital)) for o in d.options)
    assert all(s.board.square(o.value).terrain != WATER for o in d.options)
    s = new(2, 3)
    for q, p in enumerate(s.players):
        mine = {pos: f for pos, f in s.board.figures.items() if f.owner == q}
        assert sum(f.armies for f in mine.values()) == 1 and sum(f.scouts for f in mine.values()) == 1
        assert all(pos in set(neighbours(p.capital)) for pos in mine)


def test_the_start_marker_passes_in_round_one_and_every_round():
    s = GAME.new_game(["A", "B", "C"], 5)
    first = s.start_player                        # drawn at set-up, before round 1
    s = new(3, 5)
    assert s.round == 1 and s.start_player == (first + 1) % 3
    d = GAME.cached_decision(s)
    assert d.kind == "start" and d.player == s.start_player
    play_until(s, "start")
    while s.round == 1:
        keys = GAME.cached_decision(s).keys()
        GAME.apply(s, next((k for k in ("done", "none", "culture") if k in keys), keys[0]))
    assert s.start_player == (first + 2) % 3


def scout_to(s, player, pos):
    """Put the player's scout on ``pos`` (test set-up)."""
    for p, f in list(s.board.figures.items()):
        if f.owner == player and f.scouts:
            f.scouts -= 1
            if not f.count():
                del s.board.figures[p]
    s.board.figures[pos] = Figures(player, 0, 1)
    s._decision = None
    GAME.advance(s)


def a_site(s, player):
    for t in s.board.tiles:
        t.face_up = True
    for pos in sorted(s.board.explored()):
        if s.board.city_site_problem(pos, player) is None and pos not in s.board.figures:
            return pos
    raise AssertionError("no site")


def test_a_scout_on_a_good_site_founds_a_city_and_goes_back_to_supply():
    s = new()
    p = s.start_player
    pos = a_site(s, p)
    scout_to(s, p, pos)
    d = GAME.cached_decision(s)
    assert d.kind == "start" and f"found:{pos[0]}:{pos[1]}" in d.keys()
    GAME.apply(s, f"found:{pos[0]}:{pos[1]}")
    assert s.board.cities[pos].owner == p and not s.board.cities[pos].capital
    assert s.players[p].cities_left == 1 and s.players[p].scouts == D.SCOUTS
    assert isinstance(top(s), StartTurn)         # phase 1 goes on: several actions, any order


def test_a_city_limit_of_two_without_irrigation():
    s = new()
    p = s.start_player
    pos = a_site(s, p)
    scout_to(s, p, pos)
    GAME.apply(s, f"found:{pos[0]}:{pos[1]}")
    s.players[p].scouts -= 1
    other = a_site(s, p)
    s.board.figures[other] = Figures(p, 0, 1)
    s._decision = None
    GAME.advance(s)
    assert not any(k.startswith("found") for k in GAME.cached_decision(s).keys())
    s.players[p].techs.append("Irrigation")
    s._decision = None
    GAME.advance(s)
    assert f"found:{other[0]}:{other[1]}" in GAME.cached_decision(s).keys()


def test_a_bad_site_is_refused_with_its_reason():
    s = new()
    p = s.start_player
    cap = s.players[p].capital
    near = next(n for n in neighbours(cap) if s.board.square(n).terrain != WATER and n not in s.board.figures)
    scout_to(s, p, near)
    with pytest.raises(IllegalMove):
        GAME.apply(s, f"found:{near[0]}:{near[1]}")
    assert near not in s.board.cities


def test_a_government_from_the_start_tech_goes_through_anarchy_like_any_later_change():
    # seed: "Wenn in der Forschungsphase einer Runde eine neue Regierungsform entdeckt wurde, dann kann man
    # diese nun ohne weitere Kosten übernehmen" -- a starting tech was not found in a research phase, and
    # everyone starts with "die Karte 'Despotismus' ganz oben"
    for seed in range(60):
        s = new(2, seed)
        q = next((q for q, p in enumerate(s.players) if p.civ in ("Rome", "Russia")), None)
        if q is not None:
            break
    gov = {"Rome": "Republic", "Russia": "Communism"}[s.players[q].civ]
    assert s.players[q].government == "Despotism"
    d = play_until(s, "start", q)
    assert f"government:{gov}" in d.keys() and "(via Anarchy)" in d.get(f"government:{gov}").label
    GAME.apply(s, f"government:{gov}")
    assert s.players[q].government == "Anarchy" and s.players[q].pending_government == gov
    r = s.round
    while s.round == r:
        keys = GAME.cached_decision(s).keys()
        GAME.apply(s, next((k for k in ("done", "none", "culture") if k in keys), keys[0]))
    assert s.players[q].government == gov


def test_a_government_found_in_the_research_phase_is_free_else_anarchy_first():
    s = new(2, 3)
    q = 0
    play_until(s, "start", q)
    # a government found in the last research phase: adopted at once
    s.players[q].techs.append("Monarchy")
    s.players[q].fresh_governments = ["Monarchy"]
    s._decision = None
    GAME.advance(s)
    GAME.apply(s, "government:Monarchy")
    assert s.players[q].government == "Monarchy"
    # one change a round (RULES.md): no second change in the same start phase
    assert not [k for k in GAME.cached_decision(s).keys() if k.startswith("government:")]
    # one learned earlier, changed later (as in a later round): a round of Anarchy, then the switch
    s.players[q].techs.append("Chivalry")
    s.players[q].fresh_governments = []
    s.players[q].used = frozenset()
    gov = "Feudalism"
    s._decision = None
    GAME.advance(s)
    GAME.apply(s, f"government:{gov}")
    assert s.players[q].government == "Anarchy" and s.players[q].pending_government == gov
    r = s.round
    while s.round == r:
        keys = GAME.cached_decision(s).keys()
        GAME.apply(s, next((k for k in ("done", "none", "culture") if k in keys), keys[0]))
    assert s.players[q].government == gov


def test_trade_income_adds_the_icons_around_each_city_up_to_27():
    s = new()
    before = [p.trade for p in s.players]
    income = [sum(s.board.outskirts_trade(c, q) for c, city in s.board.cities.items() if city.owner == q)
              for q in range(2)]
    play_until(s, "city")
    assert [p.trade for p in s.players] == [min(27, b + i) for b, i in zip(before, income)]
    s2 = new()
    s2.players[0].trade = 26
    play_until(s2, "city")
    assert s2.players[0].trade == 27


def test_city_management_one_action_per_city_and_buying_production():
    s = new()
    d = play_until(s, "city")
    q = d.player
    p = s.players[q]
    cap = p.capital
    assert p.government == "Despotism"
    prod = management.production(GAME, s, q, cap) + 2          # Despotism: the capital +2 for a figure or unit
    assert management.city_production(GAME, s, q, cap, military=True) == prod
    assert management.city_production(GAME, s, q, cap, military=False) == prod - 2
    assert isinstance(top(s), CityTurn) and top(s).todo == [cap]
    p.trade = 0
    s._decision = None
    GAME.advance(s)
    keys = GAME.cached_decision(s).keys()
    assert ("build:scout" in keys) == (prod >= D.SCOUT_COST)
    rate = (3, 2) if p.civ == "America" else (3, 1)
    p.trade = -(-max(0, D.SCOUT_COST - prod) // rate[1]) * rate[0]
    s._decision = None
    GAME.advance(s)
    assert "build:scout" in GAME.cached_decision(s).keys()
    GAME.apply(s, "build:scout")
    assert p.trade == 0
    d = GAME.cached_decision(s)
    assert d.kind == "place_figure"
    GAME.apply(s, d.options[0].key)
    assert p.scouts == D.SCOUTS - 2                 # one on the map since set-up, one just built
    assert isinstance(top(s), CultureClimb)          # the only city acted: on to the culture track


def test_create_culture_and_climb_the_track_with_its_costs_and_rewards():
    s = new()
    d = play_until(s, "city")
    q = d.player
    p = s.players[q]
    culture = 1 + sum(s.board.yields(n).culture for n in neighbours(p.capital))
    GAME.apply(s, "culture")
    assert p.culture == culture
    p.culture = 3
    s._decision = None
    GAME.advance(s)
    assert "climb" in GAME.cached_decision(s).keys()
    GAME.apply(s, "climb")
    assert p.culture_step == 1 and p.culture == 0 and len(p.culture_cards) == 1
    # space 3 gives a great person instead of a card; space 8 costs trade too
    p.culture, p.culture_step = 3, 2
    s._decision = None
    GAME.advance(s)
    GAME.apply(s, "climb")
    assert len(p.great_people) == 1 + (p.civ == "America") and len(p.culture_cards) == 1
    p.culture, p.culture_step, p.trade = 5, 7, 2
    s._decision = None
    GAME.advance(s)
    assert "climb" not in GAME.cached_decision(s).keys()   # 5 culture and 3 trade needed
    p.trade = 3
    s._decision = None
    GAME.advance(s)
    GAME.apply(s, "climb")
    assert p.culture_step == 8 and p.trade == 0


def test_the_last_culture_space_wins():
    s = new()
    d = play_until(s, "city")
    p = s.players[d.player]
    GAME.apply(s, "culture")
    p.culture_step, p.culture, p.trade = 20, 7, 6
    s._decision = None
    GAME.advance(s)
    GAME.apply(s, "climb")
    assert s.winner == d.player and s.victory == "culture" and GAME.is_over(s)


def test_movement_speed_stacking_and_water():
    s = new()
    d = play_until(s, "move")
    q = d.player
    p = s.players[q]
    for t in s.board.tiles:
        t.face_up = True
    army = next(pos for pos, f in s.board.figures.items() if f.owner == q and f.armies)
    dests = movement.destinations(GAME, s, q, army, "army")
    assert dests and all(abs(r - army[0]) + abs(c - army[1]) <= 2 for r, c in dests)
    assert all(s.board.square(x).terrain != WATER for x in dests)
    p.techs.append("Horseback Riding")
    far = movement.destinations(GAME, s, q, army, "army")
    assert max(abs(r - army[0]) + abs(c - army[1]) for r, c in far) == 3
    full = next(iter(dests))
    s.board.figures[full] = Figures(q, stacking(p), 0)
    assert full not in movement.destinations(GAME, s, q, army, "army")


def test_moving_onto_a_face_down_tile_turns_it_up_and_ends_the_move():
    for seed in range(40):
        s = new(2, seed)
        d = play_until(s, "move")
        q = d.player
        for pos, f in sorted(s.board.figures.items()):
            if f.owner != q:
                continue
            what = "army" if f.armies else "scout"
            ex = {x: how for x, how in movement.destinations(GAME, s, q, pos, what).items() if how[0] == "explore"}
            if ex:
                break
        else:
            continue
        target, how = sorted(ex.items())[0]
        mark = s.rng.mark
        GAME.apply(s, f"figure:{what}:{pos[0]}:{pos[1]}")
        GAME.apply(s, f"square:{target[0]}:{target[1]}")
        assert s.board.square(target) is not None               # the tile is face up
        assert s.rng.mark > mark                                 # a reveal: no undo past it
        assert target in s.board.figures or how[1] in s.board.figures
        return
    pytest.skip("no exploring position found")


def test_research_costs_trade_respects_the_pyramid_and_trade_falls_to_coins():
    s = new()
    d = play_until(s, "research")
    q = d.player
    p = s.players[q]
    p.trade = 11
    s._decision = None
    GAME.advance(s)
    keys = GAME.cached_decision(s).keys()
    lv1 = [t.name for t in D.TECHS if t.level == 1 and t.name not in p.techs]
    assert all(f"tech:{t}" in keys for t in lv1)
    counts = pyramid_counts(p)
    for t in D.TECHS:
        if t.level == 2 and t.name not in p.techs:
            assert (f"tech:{t.name}" in keys) == D.pyramid_room(counts, 2)
    GAME.apply(s, f"tech:{lv1[0]}")
    assert lv1[0] in p.techs and p.trade == coin_dial(GAME, s, q)


def test_the_pyramid_rule():
    assert D.pyramid_room({1: 1}, 2) is False          # a level-II card needs two below it
    assert D.pyramid_room({1: 2}, 2) is True
    assert D.pyramid_room({1: 2, 2: 1}, 2) is False
    assert D.pyramid_room({}, 1) is True


def test_space_flight_wins_and_fifteen_coins_win():
    s = new()
    d = play_until(s, "research")
    p = s.players[d.player]
    p.techs += [t.name for t in D.TECHS if t.level <= 4 and t.name not in p.techs][:20]
    p.trade = 26
    culture.learn(GAME, s, d.player, D.SPACE_FLIGHT)
    assert s.victory == "technology"
    s = new()
    d = play_until(s, "research")
    p = s.players[d.player]
    p.coins = 14 - (coin_dial(GAME, s, d.player) - p.coins)
    p.trade = 6
    culture.learn(GAME, s, d.player, next(t.name for t in D.TECHS if t.level == 1 and t.name not in p.techs and not t.coins))
    assert s.victory == "" and coin_dial(GAME, s, d.player) == 14
    p.coins += 1
    culture.learn(GAME, s, d.player, next(t.name for t in D.TECHS if t.level == 1 and t.name not in p.techs))
    assert s.victory == "economy"


# 3 and 4 players: 4 s and 6 s here, so the fast run keeps only 2 players
@pytest.mark.parametrize("players", [2, pytest.param(3, marks=pytest.mark.slow), pytest.param(4, marks=pytest.mark.slow)])
def test_random_games_keep_every_figure_and_end(players):
    for seed in range(3):
        s = GAME.new_game([f"P{i}" for i in range(players)], seed)
        rng = random.Random(seed)
        for _ in range(20_000):
            d = GAME.cached_decision(s)
            if d is None:
                break
            GAME.apply(s, rng.choice(d.keys()))
            for q, p in enumerate(s.players):
                on = sum(f.armies for f in s.board.figures.values() if f.owner == q)
                fighting = s.battle.armies if s.battle is not None and s.battle.attacker == q else 0
                assert on + fighting + p.armies == D.ARMIES + (p.civ == "Russia")
            GAME.view(s, 0)
        assert GAME.is_over(s)


# -- buildings, wonders, great people, gathering ------------------------------------------------------
from boardgames_tui.games.civilization.board import BUILDING, GREAT_PERSON, WONDER, Structure  # noqa: E402


def at_city_turn(seed=1):
    s = new(2, seed)
    d = play_until(s, "city")
    return s, d.player, s.players[d.player]


def refresh(s):
    s._decision = None
    GAME.advance(s)
    return GAME.cached_decision(s)


def test_a_building_needs_its_tech_its_terrain_and_replaces_an_own_building():
    s, q, p = at_city_turn()
    p.trade = 27
    keys = refresh(s).keys()
    assert "building:Workshop" not in keys or "Construction" in p.techs
    p.techs.append("Construction")                        # unlocks the Workshop (mountains only)
    d = refresh(s)
    mountains = [n for n in neighbours(p.capital) if s.board.square(n).terrain == "mountain"]
    if not mountains:
        pytest.skip("no mountain by this capital")
    assert "building:Workshop" in d.keys()
    GAME.apply(s, "building:Workshop")
    d = GAME.cached_decision(s)
    assert d.kind == "place_structure" and {o.value for o in d.options} == set(mountains)
    left = s.buildings_left["Workshop"]
    GAME.apply(s, d.options[0].key)
    pos = d.options[0].value
    assert s.board.structures[pos] == Structure(BUILDING, "Workshop", q)
    assert s.buildings_left["Workshop"] == left - 1
    assert s.board.yields(pos).production == 3            # the building's icons replace the square's


def test_an_upgrade_tech_builds_the_upgraded_side():
    s, q, p = at_city_turn()
    p.techs += ["Pottery", "Engineering"]
    built = {name: cost for what, name, cost in management.structures_to_build(GAME, s, q, p.capital) if what == BUILDING}
    assert "Aqueduct" in built and "Granary" not in built and built["Aqueduct"] == 8


def test_an_upgrade_tech_flips_the_players_basic_buildings_at_once():
    s, q, p = at_city_turn()
    other = 1 - q
    land = [n for n in neighbours(p.capital) if s.board.square(n).terrain != WATER]
    s.board.structures[land[0]] = Structure(BUILDING, "Granary", q)
    s.board.structures[land[1]] = Structure(BUILDING, "Granary", other)
    left = dict(s.buildings_left)
    p.techs.append("Pottery")
    culture.learn(GAME, s, q, "Engineering", free=True)
    assert s.board.structures[land[0]] == Structure(BUILDING, "Aqueduct", q)
    assert s.board.structures[land[1]] == Structure(BUILDING, "Granary", other)   # not his
    assert s.buildings_left == left                                              # the same marker
    assert "becomes Aqueduct" in s.log[-1].text or any("becomes Aqueduct" in e.text for e in s.log[-3:])


def test_a_building_never_replaces_the_same_building():
    s, q, p = at_city_turn()
    p.techs += ["Currency", "Philosophy"]
    land = [n for n in neighbours(p.capital) if s.board.square(n).terrain != WATER and n not in s.board.figures]
    s.board.structures[land[0]] = Structure(BUILDING, "Market", q)
    assert management.structure_sites(GAME, s, q, p.capital, BUILDING, "Market") == []    # the star one is a Market already
    s.board.structures[land[0]] = Structure(BUILDING, "Temple", q)
    assert management.structure_sites(GAME, s, q, p.capital, BUILDING, "Market") == [land[0]]


def test_one_star_building_per_city():
    s, q, p = at_city_turn()
    p.techs += ["Currency", "Metalworking"]
    land = [n for n in neighbours(p.capital) if s.board.square(n).terrain != WATER and n not in s.board.figures]
    s.board.structures[land[0]] = Structure(BUILDING, "Market", q)
    sites = management.structure_sites(GAME, s, q, p.capital, BUILDING, "Barracks")
    assert sites == [land[0]]                              # only over the Market


def test_a_wonder_from_the_market_costs_less_with_its_tech_and_the_market_refills():
    s, q, p = at_city_turn()
    w = s.wonder_market[0]
    wd = D.WONDER_INDEX[w]
    cost = dict(((a, b), c) for a, b, c in management.structures_to_build(GAME, s, q, p.capital))[(WONDER, w)]
    assert cost == (wd.reduced_cost if wd.discount_tech in p.techs else wd.cost)
    p.techs.append(wd.discount_tech)
    cost = dict(((a, b), c) for a, b, c in management.structures_to_build(GAME, s, q, p.capital))[(WONDER, w)]
    assert cost == wd.reduced_cost
    size, deck = len(s.wonder_market), len(s.wonder_deck)
    site = management.structure_sites(GAME, s, q, p.capital, WONDER, w)[0]
    management.place_structure(GAME, s, q, site, WONDER, w)
    assert w in p.wonders and w not in s.wonder_market
    assert len(s.wonder_market) == size and len(s.wonder_deck) == deck - 1


def test_egypt_places_its_starting_wonder_by_its_capital():
    for seed in range(40):
        s = GAME.new_game(["A", "B"], seed)
        e = next((q for q, p in enumerate(s.players) if p.civ == "Egypt"), None)
        if e is not None:
            break
    while (d := GAME.cached_decision(s)).kind != "place_structure":
        GAME.apply(s, d.options[0].key)
    assert d.player == e
    assert all(o.value in set(neighbours(s.players[e].capital)) for o in d.options)
    GAME.apply(s, d.options[0].key)
    assert s.board.structures[d.options[0].value].kind == WONDER


def test_a_great_person_in_reserve_is_placed_later_over_an_own_building():
    s, q, p = at_city_turn()
    p.great_people = ["Artist"]
    land = [n for n in neighbours(p.capital) if s.board.square(n).terrain != WATER and n not in s.board.figures]
    s.board.structures[land[0]] = Structure(BUILDING, "Market", q)
    GAME.apply(s, "culture")                               # the city's action; now the culture track
    d = GAME.cached_decision(s)
    key_ = f"great_person:Artist:{p.capital[0]}:{p.capital[1]}"
    assert d.kind == "culture" and key_ in d.keys()
    GAME.apply(s, key_)
    d = GAME.cached_decision(s)
    assert d.kind == "place_structure" and land[0] in {o.value for o in d.options}
    GAME.apply(s, f"square:{land[0][0]}:{land[0][1]}")
    assert s.board.structures[land[0]] == Structure(GREAT_PERSON, "Artist", q) and p.great_people == []


def test_a_scout_gathers_for_a_city_and_its_square_counts_there():
    s = new()
    q = s.start_player
    p = s.players[q]
    for t in s.board.tiles:
        t.face_up = True
    far = next(pos for pos in sorted(s.board.explored())
               if s.board.square(pos).terrain == "forest" and s.board.city_of(pos) is None
               and pos not in s.board.figures and pos not in s.board.markers)
    scout_to(s, q, far)
    before = management.production(GAME, s, q, p.capital)
    k = f"gather:{far[0]}:{far[1]}:{p.capital[0]}:{p.capital[1]}"
    assert k in GAME.cached_decision(s).keys()
    GAME.apply(s, k)
    assert management.production(GAME, s, q, p.capital) == before + s.board.yields(far).production
    assert k not in GAME.cached_decision(s).keys()         # named once a round


def test_a_city_buys_a_unit_card_at_its_rank_and_a_tech_upgrades_the_rank():
    s, q, p = at_city_turn()
    p.trade = 27
    keys = refresh(s).keys()
    assert {"unit:infantry", "unit:cavalry", "unit:artillery"} <= set(keys) and "unit:aircraft" not in keys
    costs = dict(management.units_to_buy(GAME, s, q))
    assert costs["infantry"] == D.UNIT_COST[0]
    n, deck, mark = len(p.units), len(s.unit_decks["infantry"]), s.rng.mark
    GAME.apply(s, "unit:infantry")
    assert len(p.units) == n + 1 and len(s.unit_decks["infantry"]) == deck - 1 and s.rng.mark > mark
    assert D.UNIT_CARDS[p.units[-1]].type == "infantry"
    culture.learn(GAME, s, q, "Replaceable Parts")                  # infantry rank IV
    assert p.ranks["infantry"] == 4 and dict(management.units_to_buy(GAME, s, q))["infantry"] == D.UNIT_COST[3]
    s.unit_decks["cavalry"] = type(s.unit_decks["cavalry"])([])
    assert "cavalry" not in dict(management.units_to_buy(GAME, s, q))  # an empty stack sells nothing


def test_an_offer_is_built_sent_and_answered_behind_a_curtain():
    s = new()
    d = play_until(s, "trade")
    a = d.player
    b = 1 - a
    s.players[a].trade, s.players[b].trade = 10, 4
    s.players[a].culture_cards = [D.CULTURE_CARDS[0].name]
    card = s.players[a].culture_cards[0]
    s.players[b].resources = ["iron"]
    refresh(s)
    GAME.apply(s, f"offer:{b}")
    d = GAME.cached_decision(s)
    assert d.kind == "offer" and "send" not in d.keys()
    GAME.apply(s, "give:trade:3")
    GAME.apply(s, f"give:card:{card}")
    GAME.apply(s, "ask:resource:iron")
    assert not any(k.startswith("give:trade") for k in GAME.cached_decision(s).keys())   # named once
    GAME.apply(s, "send")
    d = GAME.cached_decision(s)
    assert d.kind == "answer" and d.player == b and d.private              # the other player, curtained
    GAME.apply(s, "accept")
    pa, pb = s.players[a], s.players[b]
    assert (pa.trade, pb.trade) == (7, 7) and pa.resources == ["iron"] and pb.resources == []
    assert pb.culture_cards == [card] and pa.culture_cards == []
    public = [e.for_viewer(None) for e in s.log if "accepts" in e.text][-1]
    assert card not in public                                                 # the card is not named
    d = GAME.cached_decision(s)
    assert d.kind == "trade" and d.player == a and f"offer:{b}" in d.keys()   # again (bounded: test_civ_trade)


def test_a_refused_offer_changes_nothing():
    s = new()
    d = play_until(s, "trade")
    a = d.player
    s.players[a].trade = 5
    before = [(p.trade, p.culture, list(p.resources)) for p in s.players]
    refresh(s)
    GAME.apply(s, f"offer:{1 - a}")
    GAME.apply(s, "give:trade:2")
    GAME.apply(s, "send")
    GAME.apply(s, "refuse")
    assert [(p.trade, p.culture, list(p.resources)) for p in s.players] == before


# -- governments and civilizations (house data where the research has placeholders) -------------------
def game_with(civ, seeds=range(80), players=2):
    for seed in seeds:
        s = new(players, seed)
        q = next((q for q, p in enumerate(s.players) if p.civ == civ), None)
        if q is not None:
            return s, q
    raise AssertionError(civ)


def test_governments_change_trade_production_culture_and_stacking():
    s, q, p = at_city_turn()
    cap = p.capital
    base = management.production(GAME, s, q, cap)
    for gov, military, civil in (("Despotism", base + 2, base), ("Monarchy", base + 1, base + 1),
                                 ("Communism", base + 1, base + 1), ("Republic", base, base)):
        p.government = gov
        assert management.city_production(GAME, s, q, cap, True) == military, gov
        assert management.city_production(GAME, s, q, cap, False) == civil, gov
    p.government = "Monarchy"
    assert management.city_culture(GAME, s, q, cap) == 2 + sum(s.board.yields(n).culture for n in management.worked(GAME, s, q, cap))
    p.government = "Feudalism"
    assert stacking(p) == D.BASE_STACKING + 1 + (p.civ == "Russia")
    assert ("build", "army", 2, True) in management.purchases(GAME, s, q, cap)
    p.government = "Fundamentalism"
    assert culture.step_culture(GAME, p, D.CULTURE_TRACK[0]) == D.CULTURE_TRACK[0].culture + 1


@pytest.mark.parametrize("gov,per_city", [("Republic", 1), ("Democracy", 2), ("Despotism", 0)])
def test_trade_per_city_by_government(gov, per_city):
    s = new()
    for p in s.players:
        p.government = gov
    before = [p.trade for p in s.players]
    income = [sum(s.board.yields(n).trade for n in management.worked(GAME, s, q, c)) + per_city
              for q in range(2) for c, x in s.board.cities.items() if x.owner == q]
    play_until(s, "trade")
    assert [p.trade for p in s.players] == [min(27, b + i) for b, i in zip(before, income)]


def test_under_anarchy_the_capital_takes_no_action_and_nobody_researches():
    s = new()
    for p in s.players:
        p.government, p.pending_government = "Anarchy", "Monarchy"
        p.techs.append("Monarchy")
    play_until(s, "start")
    # the switch happens at the start of the next round, so this round is in Anarchy
    for _ in range(200):
        d = GAME.cached_decision(s)
        if d.kind in ("city", "research"):
            break
        keys = d.keys()
        GAME.apply(s, next((k for k in ("done", "none") if k in keys), keys[0]))
    assert d.kind != "city"                                   # only capitals: nobody manages a city
    assert d.kind == "research" and d.keys() == ["none"]


def test_america_buys_production_at_three_trade_for_two():
    s, q = game_with("America")
    p = s.players[q]
    p.trade = 6
    assert management.trade_for(GAME, p, 4) == 6 and management.trade_for(GAME, p, 5) is None


def test_china_gains_culture_for_a_hut():
    s, q = game_with("China")
    pos = next(n for n in neighbours(s.players[q].capital) if n not in s.board.figures
               and s.board.square(n).terrain != WATER)
    s.board.markers[pos] = ("hut", "wheat")
    before = s.players[q].culture
    movement.take_hut(GAME, s, q, pos)
    assert s.players[q].culture == before + 3 and "wheat" in s.players[q].resources


def test_rome_climbs_a_free_culture_step_for_a_city_founded():
    s, q = game_with("Rome")
    p = s.players[q]
    pos = a_site(s, q)
    s.board.figures[pos] = Figures(q, 0, 1)
    step, culture = p.culture_step, p.culture
    cities.found_city(GAME, s, q, pos)
    assert p.culture_step == step + 1 and p.culture == culture


def test_germany_gains_a_unit_and_a_resource_from_a_unit_tech():
    s, q = game_with("Germany")
    p = s.players[q]
    n = len(p.units)
    tech = next(t for t in D.TECHS if t.unit and t.name not in p.techs)
    culture.learn(GAME, s, q, tech.name)
    assert len(p.units) == n + 1 and D.UNIT_CARDS[p.units[-1]].type == tech.unit[0]
    d = refresh(s)
    assert d.kind == "resource" and d.player == q
    GAME.apply(s, d.options[0].key)
    assert p.resources and p.resources[-1] == d.options[0].value


def test_egypt_builds_one_building_free_a_round():
    s, q = game_with("Egypt")
    p = s.players[q]
    p.techs.append("Pottery")
    d = play_until(s, "city", q)
    if not any(k.startswith("free:") for k in d.keys()):
        pytest.skip("no grassland free by this capital")
    trade = p.trade
    GAME.apply(s, next(k for k in d.keys() if k.startswith("free:")))
    GAME.apply(s, GAME.cached_decision(s).options[0].key)
    assert p.trade == trade and "free_building" in p.used


# -- culture event cards ------------------------------------------------------------------------------
def card_named(tag, level=None):
    return next(c.name for c in D.CULTURE_CARDS if c.ability.tag == tag and (level is None or c.level == level))


def at_start_with(cards, seed=1):
    s = new(2, seed)
    d = play_until(s, "start")
    q = d.player
    s.players[q].culture_cards = list(cards)
    return s, q, refresh(s)


def test_start_and_city_turns_are_private_they_show_the_hand():
    s, q, d = at_start_with([card_named("force_anarchy", 1)])
    assert d.private and f"card:{card_named('force_anarchy', 1)}" in d.keys()


def test_a_city_production_card_adds_to_the_city_that_acts_next():
    s, q, p = at_city_turn()
    card = card_named("city_production", 1)
    p.culture_cards = [card]
    refresh(s)
    before = management.city_production(GAME, s, q, p.capital, False)
    GAME.apply(s, f"card:{card}")
    assert management.city_production(GAME, s, q, p.capital, False) == before + 4 and p.culture_cards == []
    assert GAME.cached_decision(s).kind == "city"            # the city still takes its action


def test_anarchy_card_aimed_at_a_player_who_cancels_it():
    s, q, d = at_start_with([card_named("force_anarchy", 1)])
    other = 1 - q
    guard = card_named("cancel_event_on_you")
    s.players[other].culture_cards = [guard]
    GAME.apply(s, f"card:{card_named('force_anarchy', 1)}")
    GAME.apply(s, f"target:{other}")
    d = GAME.cached_decision(s)
    assert d.kind == "cancel" and d.player == other and d.private          # out of turn, behind a curtain
    GAME.apply(s, f"cancel:{guard}")
    assert s.players[other].government == "Despotism" and s.players[other].culture_cards == []
    assert GAME.cached_decision(s).player == q                             # back to the card's player


def test_anarchy_card_lets_happen():
    s, q, d = at_start_with([card_named("force_anarchy", 1)])
    other = 1 - q
    GAME.apply(s, f"card:{card_named('force_anarchy', 1)}")
    GAME.apply(s, f"target:{other}")
    assert s.players[other].government == "Anarchy" and s.players[other].pending_government == "Despotism"


def test_sabotage_destroys_a_building_near_and_sends_it_back_to_the_market():
    s, q, d = at_start_with([card_named("destroy_building", 1)])
    other = 1 - q
    pos = next(n for n in neighbours(s.players[q].capital) if n not in s.board.figures)
    s.board.structures[pos] = Structure(BUILDING, "Granary", other)
    left = s.buildings_left["Granary"]
    refresh(s)
    GAME.apply(s, f"card:{card_named('destroy_building', 1)}")
    GAME.apply(s, f"target:{pos[0]}:{pos[1]}")
    assert pos not in s.board.structures and s.buildings_left["Granary"] == left + 1


def test_drought_turns_a_square_to_desert():
    s, q, d = at_start_with([card_named("terrain_to_desert")])
    GAME.apply(s, f"card:{card_named('terrain_to_desert')}")
    d = GAME.cached_decision(s)
    pos = d.options[0].value
    assert s.board.square(pos).terrain not in ("desert", "mountain")
    GAME.apply(s, d.options[0].key)
    assert s.board.square(pos).terrain == "desert" and s.board.yields(pos) == D.Yield(trade=1)


def test_exchange_of_ideas_each_learns_a_level_one_tech_of_the_other():
    s, q, d = at_start_with([card_named("tech_swap", 1)])
    other = 1 - q
    mine = s.players[q].techs[0]
    s.players[q].techs = ["Pottery"] + ([mine] if D.TECH_INDEX[mine].level == 1 else [])
    s.players[other].techs = ["Masonry"]
    refresh(s)
    GAME.apply(s, f"card:{card_named('tech_swap', 1)}")
    GAME.apply(s, f"target:{other}")
    d = GAME.cached_decision(s)
    assert d.kind == "tech_swap" and d.player == q and d.keys() == ["tech:Masonry"]
    trade = s.players[q].trade
    GAME.apply(s, "tech:Masonry")
    d = GAME.cached_decision(s)
    assert d.player == other and "tech:Pottery" in d.keys()
    GAME.apply(s, "tech:Pottery")
    assert "Masonry" in s.players[q].techs and "Pottery" in s.players[other].techs
    assert s.players[q].trade == trade                                   # learnt free: no trade spent


# -- tech and wonder abilities --------------------------------------------------------------------------
def test_a_tech_ability_spends_its_resource_once_a_round():
    s, q, p = at_city_turn()
    p.techs.append("Currency")              # incense: +3 culture
    p.resources = ["incense", "incense"]
    pool = s.resource_pool["incense"]
    d = refresh(s)
    k = "ability:Currency:gain_culture"
    assert k in d.keys()
    culture = p.culture
    GAME.apply(s, k)
    assert p.culture == culture + 3 and p.resources == ["incense"] and s.resource_pool["incense"] == pool + 1
    assert k not in GAME.cached_decision(s).keys()                  # once a round
    assert GAME.cached_decision(s).kind == "city"                    # the city still acts


def test_an_ability_paid_with_any_resources_asks_which():
    s, q, p = at_city_turn()
    p.techs.append("Philosophy")            # any 3: a random great person
    p.resources = ["wheat", "silk", "spy", "iron"]
    gp = len(p.great_people)
    d = refresh(s)
    GAME.apply(s, "ability:Philosophy:random_great_person")
    for r in ("spy", "iron", "silk"):
        d = GAME.cached_decision(s)
        assert d.kind == "pay"
        GAME.apply(s, f"resource:{r}")
    assert p.resources == ["wheat"] and len(p.great_people) == gp + 1


def test_coins_on_cards_up_to_their_slots_and_fifteen_coins_win():
    s, q, p = at_city_turn()
    p.techs.append("Pottery")
    p.card_coins = {"Pottery": 4}
    p.resources = ["wheat", "silk"]
    assert "ability:Pottery:coin_on_card" not in refresh(s).keys()  # the card is full
    p.card_coins = {"Pottery": 3}
    p.coins = 0
    p.coins = D.COIN_VICTORY - 1 - coin_dial(GAME, s, q)
    assert coin_dial(GAME, s, q) == D.COIN_VICTORY - 1
    refresh(s)
    GAME.apply(s, "ability:Pottery:coin_on_card")
    GAME.apply(s, "resource:wheat")
    GAME.apply(s, "resource:silk")
    assert coin_dial(GAME, s, q) == D.COIN_VICTORY and s.victory == "economy"


def test_horseback_riding_gives_trade_and_a_gift():
    s = new()
    d = play_until(s, "trade")
    q = d.player
    p = s.players[q]
    p.techs.append("Horseback Riding")
    p.resources = ["silk"]
    p.trade = 0
    s.players[1 - q].trade = 0
    refresh(s)
    GAME.apply(s, "ability:Horseback Riding:gain_trade_gift")
    d = GAME.cached_decision(s)
    assert d.kind == "gift" and d.keys() == [f"player:{1 - q}"]
    GAME.apply(s, d.keys()[0])
    assert p.trade == 9 and s.players[1 - q].trade == 6


def test_wonders_porcelain_tower_and_leonardo_and_the_pyramids():
    s, q, p = at_city_turn()
    p.techs = ["Pottery", "Masonry"]                  # room for one level-II card
    p.trade = 6
    assert {lv for _, lv in culture.researchable(GAME, s, q)} == {1}
    p.wonders.append("Porcelain Tower")               # 5 trade off: level II costs 6
    assert {lv for _, lv in culture.researchable(GAME, s, q)} == {1, 2}
    culture.learn(GAME, s, q, "Replaceable Parts", free=True)
    assert p.ranks["infantry"] == 4
    p.wonders.append("Leonardo's Workshop")
    assert ("unit", "infantry", 5, True) in management.purchases(GAME, s, q, p.capital)
    p.wonders.append("The Pyramids")
    assert set(cities.government_choices(GAME, s, q)) >= {"Monarchy", "Democracy", "Communism"}


def test_civil_service_cancels_an_event_with_a_spy():
    s, q, d = at_start_with([card_named("force_anarchy", 1)])
    other = 1 - q
    s.players[other].techs.append("Civil Service")
    s.players[other].resources = ["spy"]
    GAME.apply(s, f"card:{card_named('force_anarchy', 1)}")
    GAME.apply(s, f"target:{other}")
    d = GAME.cached_decision(s)
    assert d.kind == "cancel" and "cancel:Civil Service" in d.keys()
    GAME.apply(s, "cancel:Civil Service")
    assert s.players[other].government != "Anarchy" and s.players[other].resources == []


def test_angkor_wat_harvests_twice_once_a_round():
    s, q, p = at_city_turn()
    res = next((s.board.square(n).resource for n in management.worked(GAME, s, q, p.capital)
                if s.board.square(n).resource and n not in s.board.structures), None)
    if res is None:
        pytest.skip("no resource by this capital")
    p.wonders.append("Angkor Wat")
    s.resource_pool[res] = 2
    refresh(s)
    GAME.apply(s, f"harvest:{res}")
    assert p.resources.count(res) == 2 and s.resource_pool[res] == 0


def test_atomic_theory_gives_every_city_another_action():
    s, q, p = at_city_turn()
    p.techs.append("Atomic Theory")
    p.resources = ["uranium"]
    refresh(s)
    GAME.apply(s, "ability:Atomic Theory:extra_city_actions")
    assert top(s).todo == [p.capital, p.capital]
    GAME.apply(s, "culture")
    assert GAME.cached_decision(s).kind == "city"            # the capital acts again


def test_the_hanging_gardens_give_a_free_figure_from_round_two():
    s = new()
    q = s.start_player
    p = s.players[q]
    pos = next(n for n in neighbours(p.capital) if s.board.square(n).terrain != WATER and n not in s.board.figures)
    s.board.structures[pos] = Structure(WONDER, "The Hanging Gardens", q)
    p.wonders.append("The Hanging Gardens")
    assert "ability:The Hanging Gardens:free_figure" not in refresh(s).keys()    # not in round 1
    s.round = 2
    assert "ability:The Hanging Gardens:free_figure" in refresh(s).keys()
    GAME.apply(s, "ability:The Hanging Gardens:free_figure")
    armies = p.armies
    GAME.apply(s, "build:army")
    assert s.board.figures[pos].armies == 1 and p.armies == armies - 1


def test_a_gift_card_acts_as_a_resource_and_a_gift_from_afar_gives_a_coin():
    s, q, p = at_city_turn()
    p.techs.append("Animal Husbandry")            # wheat: +3 production
    p.resources = []
    p.culture_cards = ["A Gift from Afar"]
    d = refresh(s)
    assert "ability:Animal Husbandry:city_production" in d.keys()
    before = management.city_production(GAME, s, q, p.capital, False)
    GAME.apply(s, "ability:Animal Husbandry:city_production")
    assert p.culture_cards == [] and management.city_production(GAME, s, q, p.capital, False) == before + 3
    d = GAME.cached_decision(s)
    assert d.kind == "gift" and d.keys() == [f"player:{1 - q}"]
    coins_before = coins(s.players[1 - q])
    GAME.apply(s, d.keys()[0])
    assert coins(s.players[1 - q]) == coins_before + 1


def test_an_any_resource_payment_offers_gift_cards():
    s, q, p = at_city_turn()
    p.techs.append("Pottery")                     # any 2: a coin on the card
    p.resources = ["wheat"]
    p.culture_cards = ["A Generous Gift"]
    refresh(s)
    GAME.apply(s, "ability:Pottery:coin_on_card")
    d = GAME.cached_decision(s)
    assert d.kind == "pay" and set(d.keys()) == {"resource:wheat", "card:A Generous Gift"}
    GAME.apply(s, "card:A Generous Gift")
    GAME.apply(s, "resource:wheat")
    assert p.card_coins == {"Pottery": 1} and p.resources == [] and p.culture_cards == []


def test_coin_icons_around_cities_count_on_the_dial_and_fifteen_win_at_once():
    s, q, p = at_city_turn()
    base = coin_dial(GAME, s, q)
    land = next(n for n in neighbours(p.capital) if s.board.square(n).terrain != WATER and n not in s.board.figures)
    s.board.structures[land] = Structure(GREAT_PERSON, "Merchant", q)     # a coin icon
    assert coin_dial(GAME, s, q) == base - s.board.square(land).yields.coins + 1
    p.coins = D.COIN_VICTORY - coin_dial(GAME, s, q)
    refresh(s)
    # The coins were set by hand, not by a choice: the next choice that may change coins counts them
    # (a quiet one, such as this culture, skips the count; see the quiet test below)
    for _ in range(30):
        if GAME.is_over(s):
            break
        GAME.apply(s, GAME.cached_decision(s).options[0].key)
    assert s.victory == "economy" and s.winner == q and GAME.is_over(s)


def test_the_coin_dial_counts_every_worked_coin_icon_as_the_rule_says():
    """coin_dial looks only at the squares with coins; it must equal the sum over every worked square
    (outskirts without enemy figures, gathering scouts) plus the cards' coins, all game long."""
    from boardgames_tui.bots.base import ask
    from boardgames_tui.bots.levels import make_bot
    from boardgames_tui.engine.session import Match, Seat
    from boardgames_tui.games.civilization.common import coin_dial, coins

    seen = 0
    for seed in (1, 2):
        m = Match.new("civilization", [Seat(f"P{i}", "white") for i in range(4)], seed)
        bots = [make_bot("easy", seed * 10 + i, m.game) for i in range(4)]
        while (d := m.decision()) is not None:
            m.choose(ask(bots[d.player], m.game, m.state, d))
            s = m.state
            for q in range(4):
                want = coins(s.players[q]) + sum(
                    s.board.yields(n).coins for c, x in s.board.cities.items() if x.owner == q
                    for n in management.worked(m.game, s, q, c))
                assert coin_dial(m.game, s, q) == want
                seen += want > coins(s.players[q])
    assert seen > 100        # the map's coins were really counted


def test_the_fast_checks_agree_with_the_full_ones_over_random_games():
    """``can_move`` (the movement menu's early exit) and the one-pass ``map_coins`` answer as the full
    searches do, at every movement decision and every tenth choice of random 3-player games."""
    from boardgames_tui.games.civilization.common import _MAX_SQUARE_COINS, map_coins
    rng = random.Random(7)
    moves = most = 0
    for seed in (1, 2):
        s = GAME.new_game(["A", "B", "C"], seed)
        for n in range(3000):
            d = GAME.cached_decision(s)
            if d is None:
                break
            if d.kind == "move":
                for pos, f in s.board.figures.items():
                    for what in ("army", "scout"):
                        full = bool(movement.destinations(GAME, s, f.owner, pos, what))
                        assert movement.can_move(GAME, s, f.owner, pos, what) == full
                        moves += 1
            if n % 10 == 0:
                for q in range(s.n):
                    worked = {c: management.worked(GAME, s, q, c) for c, x in s.board.cities.items() if x.owner == q}
                    slow = sum(s.board.yields(w).coins for ws in worked.values() for w in ws)
                    assert map_coins(s)[q] == slow
                    assert slow <= len(s.board.coin_squares()) * _MAX_SQUARE_COINS
                    assert slow <= s.board.coin_squares_at_most() * _MAX_SQUARE_COINS   # the bound _apply uses
                    most = max(most, slow)
                    assert coin_dial(GAME, s, q) == coins(s.players[q]) + slow
            GAME.apply(s, rng.choice(d.keys()))
    assert moves > 100 and most > 0         # some city did work a coin square


def test_a_quiet_choice_changes_no_coin_so_the_economic_check_may_skip_it(monkeypatch):
    """``Civilization._apply`` skips the 15-coin count after a choice its step calls quiet when no step
    ran after it.  Recount in full around every choice of random 3- and 4-player games: such a choice
    leaves every coin dial as it was, and the board too unless it was a plain move (which moves figures
    only between squares that count no coin)."""
    from boardgames_tui.games.civilization.common import map_coins
    ran: list[int] = []
    advance = GAME.advance
    monkeypatch.setattr(GAME, "advance", lambda st: ran.append(advance(st)) or ran[-1])
    quiet_seen = quiet_moves = 0
    for seed, n in ((3, 3), (4, 4)):
        rng = random.Random(seed)
        s = GAME.new_game([f"P{i}" for i in range(n)], seed)
        for _ in range(4000):
            d = GAME.cached_decision(s)
            if d is None:
                break
            k = rng.choice(d.keys())
            step = s.steps[-1]
            quiet = getattr(step, "quiet", None) is not None and step.quiet(s, d.get(k))
            # a plain move moves figures, a city's action may build walls: the board changes, no coin
            moving = (isinstance(step, movement.MoveTo) and d.get(k).value is not None
                      or isinstance(step, management.CityTurn))
            before = GAME.clone(s)
            dials = [coins(p) + m for p, m in zip(s.players, map_coins(s))]
            ran.clear()
            GAME.apply(s, k)
            if quiet and ran[0] == 0:
                quiet_seen += 1
                assert [coins(p) + m for p, m in zip(s.players, map_coins(s))] == dials
                if moving:
                    quiet_moves += 1
                else:
                    assert s.board == before.board
    assert quiet_seen > 3000 and quiet_moves > 300


def test_the_hut_marker_is_the_players_to_take_or_leave():
    # seed: "Wenn es sich um einen Hüttenmarker handelt, dann darf der Spieler seinen Marker auf sein
    # Zivilisationstableau legen" -- a permission: the marker may be left on its square
    s, q, army = at_move()
    dest = sorted(x for x, how in movement.destinations(GAME, s, q, army, "army").items()
                  if how[0] == "move" and x not in s.board.figures)[0]
    s.board.markers[dest] = ("hut", "silk")
    s._decision = None
    GAME.advance(s)
    GAME.apply(s, f"figure:army:{army[0]}:{army[1]}")
    GAME.apply(s, f"square:{dest[0]}:{dest[1]}")
    d = GAME.cached_decision(s)
    assert d.kind == "hut" and d.player == q and d.keys() == ["take", "leave"]
    took = GAME.clone(s)
    before = list(s.players[q].resources)
    GAME.apply(took, "take")
    assert took.players[q].resources == before + ["silk"] and dest not in took.board.markers
    GAME.apply(s, "leave")
    assert s.players[q].resources == before and s.board.markers[dest] == ("hut", "silk")
    assert GAME.cached_decision(s).kind != "hut"


def test_one_change_of_government_a_round_so_anarchy_is_not_a_loop():
    # Played at 80x24: a player in Anarchy on the way to one government was offered every other one again,
    # and could switch goal round after round of the same start phase.  One change a round (RULES.md).
    s = new(2, 3)
    q = 0
    play_until(s, "start", q)
    s.players[q].techs += ["Chivalry", "Monarchy"]
    s._decision = None
    GAME.advance(s)
    assert "government:Monarchy" in GAME.cached_decision(s).keys()
    GAME.apply(s, "government:Feudalism")
    keys = GAME.cached_decision(s).keys()
    assert s.players[q].pending_government == "Feudalism"
    assert not [k for k in keys if k.startswith("government:")] and "done" in keys
    with pytest.raises(IllegalMove):
        GAME.apply(s, "government:Monarchy")
