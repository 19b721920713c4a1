"""Civilization: the abilities that end things: Monarchy and Gunpowder make wonders obsolete, kill a unit
card or destroy a building; Combustion's army destroys a building it stops on; Flight flies over what
stands in the way; Computers widen the culture hand; a wonder covered by a building or a great person
leaves the game (row 21)."""
from __future__ import annotations

from boardgames_tui.games.civilization import abilities, data as D, management, movement
from boardgames_tui.games.civilization.board import BUILDING, GREAT_PERSON, WONDER, Figures, Structure, neighbours
from boardgames_tui.games.civilization.data_map import WATER
from boardgames_tui.games.civilization.common import coin_dial, culture_hand, governments_known
from boardgames_tui.games.civilization.rules import GAME

from test_civ_rules import at_city_turn, at_move, refresh


def land_around(s, city, n=2):
    out = [x for x in neighbours(city) if s.board.square(x).terrain != WATER and x not in s.board.figures
           and x not in s.board.structures]
    assert len(out) >= n
    return out


def test_monarchy_makes_another_players_ancient_wonder_obsolete_its_marker_stays():
    s, q, p = at_city_turn()
    other = 1 - q
    o = s.players[other]
    if "The Pyramids" in s.wonder_market:
        s.wonder_market.remove("The Pyramids")
    o.wonders.append("The Pyramids")
    spot = land_around(s, o.capital)[0]
    s.board.structures[spot] = Structure(WONDER, "The Pyramids", other)
    assert len(governments_known(o)) == len([g for g in D.GOVERNMENTS if g.unlocked_by])
    p.techs.append("Monarchy")
    p.resources = ["silk"]
    refresh(s)
    GAME.apply(s, "ability:Monarchy:obsolete_wonder_or_kill_unit")
    d = GAME.cached_decision(s)
    assert d.kind == "obsolete" and d.player == q
    assert "wonder:The Pyramids" in d.keys()
    assert all(D.WONDER_INDEX[o.value[1]].era == D.ANCIENT for o in d.options if o.value[0] == "wonder")
    GAME.apply(s, "wonder:The Pyramids")
    assert "The Pyramids" not in o.wonders and o.obsolete == ["The Pyramids"]
    assert s.board.structures[spot] == Structure(WONDER, "The Pyramids", other)   # the marker stays
    assert governments_known(o) == [g.name for g in D.GOVERNMENTS if g.unlocked_by in o.techs]
    assert p.resources == [] and GAME.cached_decision(s).kind == "city"


def test_a_wonder_in_the_market_made_obsolete_leaves_it_and_the_market_refills():
    s, q, p = at_city_turn()
    w = next(w for w in s.wonder_market if D.WONDER_INDEX[w].era == D.ANCIENT)
    deck = len(s.wonder_deck)
    abilities.make_obsolete(GAME, s, w, None)
    assert w not in s.wonder_market and len(s.wonder_market) == D.WONDER_MARKET and len(s.wonder_deck) == deck - 1
    assert all(w not in x.wonders for x in s.players)


def test_monarchy_kills_a_random_unit_card_of_another_player_out_of_the_game():
    s, q, p = at_city_turn()
    other = 1 - q
    before = list(s.players[other].units)
    decks = {t: len(d) for t, d in s.unit_decks.items()}
    p.techs.append("Monarchy")
    p.resources = ["silk"]
    refresh(s)
    GAME.apply(s, "ability:Monarchy:obsolete_wonder_or_kill_unit")
    mark = s.rng.mark
    GAME.apply(s, f"units:{other}")
    after = s.players[other].units
    assert len(after) == len(before) - 1 and all(after.count(c) <= before.count(c) for c in after)
    assert {t: len(d) for t, d in s.unit_decks.items()} == decks            # not back to a deck (rule 76)
    assert s.rng.mark > mark                                                # random: no undo past it


def test_gunpowder_destroys_any_building_back_to_the_market_or_obsoletes_a_medieval_wonder():
    s, q, p = at_city_turn()
    other = 1 - q
    o = s.players[other]
    spot = land_around(s, o.capital)[0]
    s.board.structures[spot] = Structure(BUILDING, "Market", other)
    s.buildings_left["Market"] -= 1
    o.wonders.append("Himeji Samurai Castle")
    p.techs.append("Gunpowder")
    p.resources = ["wheat", "iron"]
    refresh(s)
    GAME.apply(s, "ability:Gunpowder:obsolete_wonder_or_destroy_building")
    for r in ("wheat", "iron"):
        GAME.apply(s, f"resource:{r}")
    d = GAME.cached_decision(s)
    assert d.kind == "obsolete"
    assert "wonder:Himeji Samurai Castle" in d.keys()                       # medieval: Gunpowder reaches it
    left = s.buildings_left["Market"]
    GAME.apply(s, f"building:{spot[0]}:{spot[1]}")
    assert spot not in s.board.structures and s.buildings_left["Market"] == left + 1


def test_an_own_obsolete_wonder_may_be_replaced_by_a_building_and_leaves_the_game():
    s, q, p = at_city_turn()
    spot = next(x for x in land_around(s, p.capital) if s.board.square(x).terrain in D.BUILDING_INDEX["Market"].terrains)
    s.board.structures[spot] = Structure(WONDER, "The Colossus", q)
    s.wonder_market = [w for w in s.wonder_market if w != "The Colossus"]
    p.wonders.append("The Colossus")
    p.techs.append("Currency")
    assert spot not in management.structure_sites(GAME, s, q, p.capital, BUILDING, "Market")   # not while it works
    abilities.make_obsolete(GAME, s, "The Colossus", q)
    assert spot in management.structure_sites(GAME, s, q, p.capital, BUILDING, "Market")
    management.place_structure(GAME, s, q, spot, BUILDING, "Market")
    assert s.board.structures[spot].name == "Market" and "The Colossus" not in p.obsolete + p.wonders


def test_a_great_person_over_a_wonder_ends_the_wonders_ability():
    s, q, p = at_city_turn()
    spot = land_around(s, p.capital)[0]
    s.board.structures[spot] = Structure(WONDER, "The Colossus", q)
    s.wonder_market = [w for w in s.wonder_market if w != "The Colossus"]
    p.wonders.append("The Colossus")
    management.place_structure(GAME, s, q, spot, GREAT_PERSON, "General")
    assert "The Colossus" not in p.wonders


def test_combustion_an_army_stopping_on_an_enemy_building_destroys_it_once_a_round():
    s, q, army = at_move()
    p = s.players[q]
    dests = [x for x, how in sorted(movement.destinations(GAME, s, q, army, "army").items())
             if how[0] == "move" and x not in s.board.markers and x not in s.board.structures]
    target = dests[0]
    s.board.structures[target] = Structure(BUILDING, "Market", 1 - q)
    s.buildings_left["Market"] -= 1
    p.techs.append("Combustion")
    movement.move_figure(GAME, s, q, army, target, "army", ("move", None))
    assert target not in s.board.structures and s.buildings_left["Market"] == D.BUILDING_INDEX["Market"].markers
    assert ("Combustion", "destroy_building_on_move") in p.used


def test_without_combustion_the_building_stays():
    s, q, army = at_move()
    target = next(x for x, how in sorted(movement.destinations(GAME, s, q, army, "army").items())
                  if how[0] == "move" and x not in s.board.markers and x not in s.board.structures)
    s.board.structures[target] = Structure(BUILDING, "Market", 1 - q)
    movement.move_figure(GAME, s, q, army, target, "army", ("move", None))
    assert s.board.structures[target].name == "Market"


def test_flight_flies_over_an_enemy_figure():
    s, q, army = at_move()
    p = s.players[q]
    # a land line army -> a -> b, a free: put an enemy army on a; b is then out of reach, unless flying
    for dr, dc in ((0, 1), (0, -1), (1, 0), (-1, 0)):
        a, b = (army[0] + dr, army[1] + dc), (army[0] + 2 * dr, army[1] + 2 * dc)
        sa, sb = s.board.square(a), s.board.square(b)
        if (sa and sb and sa.terrain != WATER and sb.terrain != WATER and a not in s.board.figures
                and b not in s.board.figures and a not in s.board.cities and b not in s.board.cities
                and a not in s.board.markers and b not in s.board.markers):
            break
    else:
        raise AssertionError("no straight line of land")
    s.board.figures[a] = Figures(1 - q, 1, 0)
    others = [x for x in neighbours(b) if x != a]
    for x in others:                          # only the way over a leads to b
        if x not in s.board.figures and s.board.square(x) is not None:
            s.board.figures[x] = Figures(1 - q, 1, 0)
    assert b not in movement.destinations(GAME, s, q, army, "army")
    p.techs.append("Flight")
    dests = movement.destinations(GAME, s, q, army, "army")
    assert dests[b] == ("move", None) and dests[a] == ("attack", None)   # over it, or onto it to fight


def test_computers_widen_the_culture_hand_by_one_per_five_coins():
    s, q, p = at_city_turn()
    base = culture_hand(GAME, s, q)
    p.coins = 10 - (coin_dial(GAME, s, q) - p.coins)
    assert coin_dial(GAME, s, q) == 10
    assert culture_hand(GAME, s, q) == base
    p.techs.append("Computers")
    assert culture_hand(GAME, s, q) == base + 2
