"""Spies and the late techs' abilities: Writing cancels a city action, Mass Media a resource ability
(Primetime TV too), The Kremlin pays a spy with 2 resources, Mass Media keeps culture safe; Engineering's
second purchase, Steam Power's sea transport, Communism's frozen square and Atomic Theory's bomb."""
from __future__ import annotations

from boardgames_tui.games.civilization import abilities, management, movement
from boardgames_tui.games.civilization.board import BUILDING, City, Figures, Structure, neighbours, orthogonal
from boardgames_tui.games.civilization.data_map import WATER
from boardgames_tui.games.civilization.movement import MoveTurn
from boardgames_tui.games.civilization.rules import GAME

from test_civ_rules import at_city_turn, new, play_until, refresh, top


def spy_holder(s, q, resources=("spy",), tech="Writing"):
    other = 1 - q
    s.players[other].techs.append(tech)
    s.players[other].resources = list(resources)
    return other


def test_writing_cancels_another_players_city_action_with_a_spy():
    s, q, p = at_city_turn()
    other = spy_holder(s, q)
    pool = s.resource_pool["spy"] if "spy" in s.resource_pool else None
    culture = p.culture
    refresh(s)
    GAME.apply(s, "culture")
    d = GAME.cached_decision(s)
    assert d.kind == "spy" and d.player == other and d.private
    assert d.keys() == ["cancel", "let"]
    GAME.apply(s, "cancel")
    assert p.culture == culture                                   # nothing happened
    assert s.players[other].resources == []                       # the spy is spent
    assert s.resource_pool.get("spy") == pool                     # spies never go to the market
    assert any("is cancelled" in e.text for e in s.log)
    assert (q, "city", p.capital) not in s.cancelled              # the mark is used up


def test_writing_let_happen_and_once_a_round():
    s, q, p = at_city_turn()
    other = spy_holder(s, q, resources=("spy", "spy"))
    culture = p.culture
    refresh(s)
    GAME.apply(s, "culture")
    GAME.apply(s, "let")
    assert p.culture > culture and s.players[other].resources == ["spy", "spy"]
    s.players[other].used = s.players[other].used | {("Writing", "cancel")}
    assert abilities.spy_holders(GAME, s, q, "Writing") == []                 # used this round: no more chances


def test_mass_media_keeps_culture_safe_from_writing():
    s, q, p = at_city_turn()
    spy_holder(s, q)
    p.techs.append("Mass Media")
    refresh(s)
    culture = p.culture
    GAME.apply(s, "culture")
    assert p.culture > culture and GAME.cached_decision(s).kind != "spy"


def test_the_kremlin_pays_a_spy_with_two_resources():
    s, q, p = at_city_turn()
    other = spy_holder(s, q, resources=("wheat", "silk", "iron"))
    s.players[other].wonders.append("The Kremlin")
    refresh(s)
    GAME.apply(s, "culture")
    d = GAME.cached_decision(s)
    assert d.kind == "spy" and "Kremlin" in d.get("cancel").label
    GAME.apply(s, "cancel")
    for r in ("wheat", "iron"):
        d = GAME.cached_decision(s)
        assert d.kind == "pay" and d.player == other
        GAME.apply(s, f"resource:{r}")
    assert s.players[other].resources == ["silk"]
    assert ("The Kremlin", "resources_as_spy") in s.players[other].used
    assert abilities.spy_way(GAME, s, other) is None                         # once a round


def test_mass_media_cancels_a_resource_ability_and_its_resource_is_lost():
    s, q, p = at_city_turn()
    other = spy_holder(s, q, tech="Mass Media")
    p.techs.append("Currency")                                    # incense: +3 culture
    p.resources = ["incense"]
    culture = p.culture
    refresh(s)
    GAME.apply(s, "ability:Currency:gain_culture")
    d = GAME.cached_decision(s)
    assert d.kind == "spy" and d.player == other
    GAME.apply(s, "cancel")
    assert p.culture == culture and p.resources == []             # paid, no effect
    assert GAME.cached_decision(s).kind == "city" and GAME.cached_decision(s).player == q


def test_primetime_tv_cancels_a_resource_ability_too():
    s, q, p = at_city_turn()
    other = 1 - q
    s.players[other].culture_cards = ["Primetime TV"]
    p.techs.append("Currency")
    p.resources = ["incense"]
    culture = p.culture
    refresh(s)
    GAME.apply(s, "ability:Currency:gain_culture")
    d = GAME.cached_decision(s)
    assert d.kind == "spy" and d.keys() == ["card", "let"]
    GAME.apply(s, "card")
    assert p.culture == culture and s.players[other].culture_cards == []


def test_engineering_splits_a_citys_production_over_two_purchases():
    s, q, p = at_city_turn()
    p.techs.append("Engineering")
    s.boost = {p.capital: 20}
    refresh(s)
    armies, scouts = p.armies, p.scouts
    GAME.apply(s, "build:army")
    GAME.apply(s, GAME.cached_decision(s).options[0].key)          # place the army
    d = GAME.cached_decision(s)
    assert d.kind == "second_purchase" and "build:scout" in d.keys() and "culture" not in d.keys()
    assert all("trade bought" not in o.label and "t)" not in o.label and "+" not in o.label for o in d.options)
    GAME.apply(s, "build:scout")
    GAME.apply(s, GAME.cached_decision(s).options[0].key)
    assert p.armies == armies - 1 and p.scouts == scouts - 1
    assert ("Engineering", "split_production") in p.used


def test_no_second_purchase_without_engineering_or_when_trade_bought_the_first():
    s, q, p = at_city_turn()
    s.boost = {p.capital: 20}
    refresh(s)
    GAME.apply(s, "build:army")
    GAME.apply(s, GAME.cached_decision(s).options[0].key)
    assert GAME.cached_decision(s).kind != "second_purchase"
    s, q, p = at_city_turn()
    p.techs.append("Engineering")
    p.trade = 27
    s.boost = {p.capital: -management.production(GAME, s, q, p.capital)}       # nothing left: trade buys it all
    d = refresh(s)
    build = next(o for o in d.options if o.key == "build:army")
    assert "trade bought" in build.label or "+" in build.label
    GAME.apply(s, "build:army")
    GAME.apply(s, GAME.cached_decision(s).options[0].key)
    assert GAME.cached_decision(s).kind != "second_purchase"


def test_steam_power_takes_a_squares_figures_to_sea_and_they_stay_there_this_round():
    s, q, p = at_city_turn()
    p.techs.append("Steam Power")
    p.resources = ["silk"]
    origin = next(pos for pos, f in s.board.figures.items() if f.owner == q)
    moving = s.board.figures[origin].count()
    refresh(s)
    GAME.apply(s, "ability:Steam Power:sea_transport")
    d = GAME.cached_decision(s)
    assert d.kind == "sea_from" and f"square:{origin[0]}:{origin[1]}" in d.keys()
    GAME.apply(s, f"square:{origin[0]}:{origin[1]}")
    d = GAME.cached_decision(s)
    assert d.kind == "sea_to"
    assert all(s.board.square(o.value).terrain == WATER for o in d.options)
    dest = d.options[0].value
    GAME.apply(s, d.options[0].key)
    assert origin not in s.board.figures and s.board.figures[dest].count() >= moving
    assert dest in s.frozen
    d = play_until(s, "move", q)
    assert not any(o.value and o.value[0] != "ability" and o.value[1] == dest for o in d.options)


def test_communism_freezes_a_square_when_the_movement_phase_begins():
    s = new(2, 1)
    q = s.start_player
    other = 1 - q
    s.players[other].techs.append("Communism")
    s.players[other].resources = ["spy"]
    frozen = next(pos for pos, f in s.board.figures.items() if f.owner == q)
    d = play_until(s, "freeze")
    assert d.player == other and "none" in d.keys()
    assert all(s.board.figures[o.value].owner == q for o in d.options if o.value)
    GAME.apply(s, f"freeze:{frozen[0]}:{frozen[1]}")
    assert frozen in s.frozen and s.players[other].resources == []
    d = play_until(s, "move", q)
    assert not any(o.value and o.value[0] != "ability" and o.value[1] == frozen for o in d.options)
    # a figure may end on a frozen square, never pass through it: with its four neighbours frozen, a
    # figure reaches those and no further
    pos, f = next((pos, f) for pos, f in s.board.figures.items() if f.owner == q)
    what = "army" if f.armies else "scout"
    s.frozen = frozenset()
    free = {d for d, how in movement.destinations(GAME, s, q, pos, what).items() if how[0] == "move"}
    assert any(abs(d[0] - pos[0]) + abs(d[1] - pos[1]) == 2 for d in free)
    s.frozen = frozenset(orthogonal(pos))
    walled = {d for d, how in movement.destinations(GAME, s, q, pos, what).items() if how[0] == "move"}
    assert walled and walled <= set(orthogonal(pos))


def test_the_frozen_squares_thaw_at_the_next_round():
    s = new(2, 1)
    s.frozen = frozenset({(0, 0)})
    r = s.round
    while s.round == r:
        keys = GAME.cached_decision(s).keys()
        GAME.apply(s, next((k for k in ("done", "none", "culture", "let") if k in keys), keys[0]))
    assert s.frozen == frozenset()


def test_atomic_theory_destroys_a_city_and_everything_around_it():
    s, q, p = at_city_turn()
    other = 1 - q
    b = s.board
    for t in b.tiles:
        t.face_up = True
    # another player's city with a building and a figure around it
    site = next(pos for pos in b.explored()
                if all(b.square(n) is not None for n in neighbours(pos)) and pos not in b.figures
                and all(max(abs(pos[0] - c[0]), abs(pos[1] - c[1])) >= 3 for c in b.cities))
    b.cities[site] = City(other)
    s.players[other].cities_left -= 1
    ring = [n for n in neighbours(site) if b.square(n) is not None and b.square(n).terrain != WATER]
    b.structures[ring[0]] = Structure(BUILDING, "Temple", other)
    s.buildings_left["Temple"] -= 1
    b.figures[ring[1]] = Figures(other, 1, 0)
    s.players[other].armies -= 1
    before = (s.players[other].cities_left, s.buildings_left["Temple"], s.players[other].armies)
    p.techs.append("Atomic Theory")
    p.resources = ["uranium"]
    d = play_until(s, "move", q)
    key = "ability:Atomic Theory:nuke_city"
    assert key in d.keys()
    GAME.apply(s, key)
    d = GAME.cached_decision(s)
    assert d.kind == "nuke"
    assert all(not b.cities[o.value].capital for o in d.options)
    GAME.apply(s, f"city:{site[0]}:{site[1]}")
    assert site not in b.cities and ring[0] not in b.structures and ring[1] not in b.figures
    assert (s.players[other].cities_left, s.buildings_left["Temple"], s.players[other].armies) == (
        before[0] + 1, before[1] + 1, before[2] + 1)
    assert isinstance(top(s), MoveTurn) and GAME.cached_decision(s).kind == "move"
