"""Civilization's war (delivery B, first part): entering another player's square, the battle on the step
stack (hands, bonuses, who lays first, fronts, both strikes, trumps, kills out of the game, the result
with the bonus card and the defender's tie), figure losses, loot, destroyed cities, the capital's
conquest, villages played by the player to the attacker's right, lone scouts, groups, and the battle's
hidden hands."""
from __future__ import annotations

import random

import pytest

from boardgames_tui.games.civilization import data as D
from boardgames_tui.games.civilization import cities, culture, movement, war as W
from boardgames_tui.games.civilization.board import BUILDING, GREAT_PERSON, WONDER, City, Figures, Structure, neighbours
from boardgames_tui.games.civilization.data_map import VILLAGE, WATER
from boardgames_tui.games.civilization.rules import GAME

from test_civ_rules import at_move, new, play_until

INF1, INF2, INF3 = 0, 1, 2        # infantry cards: rank I strength 1, 2, 3
CAV1, CAV2, CAV3 = 3, 4, 5
ART1, ART2, ART3 = 6, 7, 8


def sq(pos):
    return f"{pos[0]}:{pos[1]}"


def refresh(s):
    s._decision = None
    GAME.advance(s)
    return GAME.cached_decision(s)


def free_next_to(s, pos, exclude=()):
    b = s.board
    for r, c in ((pos[0], pos[1] + 1), (pos[0], pos[1] - 1), (pos[0] + 1, pos[1]), (pos[0] - 1, pos[1])):
        x = (r, c)
        sqr = b.square(x)
        if (sqr is not None and sqr.terrain != WATER and x not in b.figures and x not in b.cities
                and x not in b.markers and x not in b.structures and x not in exclude):
            return x
    raise AssertionError("no free land next to the army")


def field(seed=1, att=(INF2, CAV2, ART2), dfd=(INF2, CAV2, ART2), def_armies=1, def_scouts=0):
    """An enemy stack next to the mover's army, the unit cards set: (state, q, enemy, army, target)."""
    s, q, army = at_move(seed)
    e = 1 - q
    target = free_next_to(s, army)
    s.board.figures[target] = Figures(e, def_armies, def_scouts)
    s.players[e].armies -= def_armies
    s.players[e].scouts -= def_scouts
    s.players[q].units = list(att)
    s.players[e].units = list(dfd)
    refresh(s)
    return s, q, e, army, target


def attack(s, army, target, what="army"):
    GAME.apply(s, f"figure:{what}:{sq(army)}")
    GAME.apply(s, f"square:{sq(target)}")
    return GAME.cached_decision(s)


def lay(s, card, front=None):
    """Lay ``card`` for whoever decides, on a new front or against ``front`` (0-based)."""
    d = GAME.cached_decision(s)
    while d.kind == "battle_draw":              # rule 68's extra cards: all of them, as before the choice
        GAME.apply(s, d.keys()[-1])
        d = GAME.cached_decision(s)
    assert d.kind == "battle_card", d.kind
    GAME.apply(s, f"unit:{card}")
    d = GAME.cached_decision(s)
    if d is not None and d.kind == "battle_front":
        GAME.apply(s, "front:new" if front is None else f"front:{front}")
    else:
        assert front is None, "only a new front was possible"


# -- entering -----------------------------------------------------------------------------------------
def test_an_army_may_enter_an_enemy_square_a_scout_or_a_group_with_a_scout_never():
    s, q, e, army, target = field()
    assert movement.destinations(GAME, s, q, army, "army")[target] == ("attack", None)
    s.board.figures[army] = Figures(q, 1, 1)
    assert target not in movement.destinations(GAME, s, q, army, "scout")                 # rule 64
    assert target not in movement.destinations(GAME, s, q, army, (1, 1))                  # row 33
    assert movement.destinations(GAME, s, q, army, (1, 0))[target] == ("attack", None)


def test_a_lone_scout_is_killed_and_the_attacker_may_loot_as_after_a_field_battle():
    s, q, e, army, target = field(def_armies=0, def_scouts=1)
    s.players[e].culture, s.players[e].trade = 5, 4
    scouts = s.players[e].scouts
    d = attack(s, army, target)
    assert s.battle is None and s.board.figures[target] == Figures(q, 1, 0)
    assert s.players[e].scouts == scouts + 1                                    # back to his supply
    assert d.kind == "loot" and d.player == q
    assert set(d.keys()) == {"loot:trade", "loot:culture", "loot:none"}         # he holds no resource
    GAME.apply(s, "loot:culture")
    assert s.players[e].culture == 2 and s.players[q].culture >= 3


# -- setting up ----------------------------------------------------------------------------------------
def test_hands_three_plus_two_per_extra_army_and_the_defender_lays_first_in_the_field():
    s, q, e, army, target = field(att=(INF2,) * 9, dfd=(CAV2,) * 9, def_armies=2)
    s.board.figures[army] = Figures(q, 2, 0)
    s.players[q].armies -= 1
    refresh(s)
    GAME.apply(s, f"group:{sq(army)}")
    GAME.apply(s, "group:2:0")
    GAME.apply(s, f"square:{sq(target)}")
    b = s.battle
    assert len(b.hands[W.ATT]) == 3 and len(b.hands[W.DEF]) == 3               # "zieht 3 davon"
    GAME.apply(s, "draw:2")                                                    # the attacker's choice
    GAME.apply(s, "draw:2")                                                    # then the defender's
    assert len(b.hands[W.ATT]) == 5 and len(b.hands[W.DEF]) == 5               # 3 + 2 for the second army
    assert b.armies == 2 and army not in s.board.figures                       # the group left its square
    d = GAME.cached_decision(s)
    assert d.kind == "battle_card" and d.player == e and d.private             # defender first (rule 73)


def test_the_extra_cards_for_more_armies_are_each_sides_option_in_steps_of_two():
    # seed: "zieht 3 davon. Für jede militärische Einheit zusätzlich zur ersten im Feld dürfen 2 Karten
    # gezogen werden" -- 3 by rule, then up to 2 per further army, as each side chooses
    s, q, e, army, target = field(att=(INF2,) * 9, dfd=(CAV2,) * 4, def_armies=3)
    s.board.figures[army] = Figures(q, 3, 0)
    s.players[q].armies -= 2
    refresh(s)
    GAME.apply(s, f"group:{sq(army)}")
    GAME.apply(s, "group:3:0")
    GAME.apply(s, f"square:{sq(target)}")
    b = s.battle
    d = GAME.cached_decision(s)
    assert d.kind == "battle_draw" and d.player == q and d.private             # he has seen his 3 cards
    assert d.keys() == ["draw:0", "draw:2", "draw:4"]                          # 2 per army beyond the first
    GAME.apply(s, "draw:0")
    assert len(b.hands[W.ATT]) == 3 and len(s.players[q].units) == 6           # the rest stay in his forces
    d = GAME.cached_decision(s)
    # the defender's forces hold only 1 card more than his 3: he draws it or not
    assert d.kind == "battle_draw" and d.player == e and d.keys() == ["draw:0", "draw:1"]
    GAME.apply(s, "draw:1")
    assert len(b.hands[W.DEF]) == 4 and not s.players[e].units
    assert GAME.cached_decision(s).kind == "battle_card"


def test_fewer_cards_than_the_hand_all_are_drawn_and_fundamentalism_adds_one():
    s, q, e, army, target = field(att=(INF2,) * 2, dfd=(CAV2,) * 9)
    s.players[e].government = "Fundamentalism"
    attack(s, army, target)
    assert len(s.battle.hands[W.ATT]) == 2 and len(s.battle.hands[W.DEF]) == 4


def city_battle(seed=1, capital=False, walls=False, defenders=0):
    """The mover's army next to an enemy city (its outskirts cleared): (state, q, e, army, city)."""
    s, q, army = at_move(seed)
    e = 1 - q
    target = free_next_to(s, army)
    s.board.cities[target] = City(e, capital, walls)
    if defenders:
        s.board.figures[target] = Figures(e, defenders, 0)
        s.players[e].armies -= defenders
    s.players[q].units = [INF2, CAV2, ART2]
    s.players[e].units = [INF2] * 9
    refresh(s)
    return s, q, e, army, target


@pytest.mark.parametrize("capital,walls,bonus", [(False, False, 6), (True, False, 12), (False, True, 10),
                                                 (True, True, 16)])
def test_a_city_defends_without_armies_with_six_cards_its_bonus_and_the_attacker_lays_first(capital, walls, bonus):
    s, q, e, army, target = city_battle(capital=capital, walls=walls)
    d = attack(s, army, target)
    b = s.battle
    assert b.kind == (W.CAPITAL if capital else W.CITY)
    assert len(b.hands[W.DEF]) == 6                                            # 3 + 3 in a city (row 33)
    assert b.bonus[W.DEF] == bonus + W.combat_bonus(s, e)                      # rule 72
    assert d.player == q                                                       # attacker first on a city (row 38)


def test_barracks_and_a_general_add_to_the_bonus():
    s, q, e, army, target = field()
    p = s.players[q]
    base = W.combat_bonus(s, q)
    spots = [n for n in neighbours(p.capital) if s.board.square(n).terrain != WATER
             and n not in s.board.structures and n not in s.board.figures]
    s.board.structures[spots[0]] = Structure(BUILDING, "Barracks", q)
    s.board.structures[spots[1]] = Structure(GREAT_PERSON, "General", q)
    assert W.combat_bonus(s, q) == base + 2 + 4


# -- the fronts ----------------------------------------------------------------------------------------
def test_an_attack_strikes_both_ways_and_a_killed_unit_leaves_the_game():
    s, q, e, army, target = field(att=(ART3, INF1, INF1), dfd=(ART2, INF1, INF1))
    decks = {t: len(d) for t, d in s.unit_decks.items()}
    attack(s, army, target)
    lay(s, ART2)                                   # defender: artillery 2 opens front 1
    lay(s, ART3, 0)                                # attacker: artillery 3 attacks it: both strike
    b = s.battle
    assert b.killed[W.DEF] == [ART2]               # 3 >= 2
    assert b.fronts[0] == {W.ATT: (ART3, 2)}        # 2 wounds, 3 strength: it lives
    assert {t: len(d) for t, d in s.unit_decks.items()} == decks                 # not back to a deck


def test_a_trump_strikes_first_and_takes_no_damage_when_it_kills():
    s, q, e, army, target = field(att=(INF2, INF1, INF1), dfd=(CAV2, INF1, INF1))
    attack(s, army, target)
    lay(s, CAV2)                                   # cavalry 2
    lay(s, INF2, 0)                                # infantry 2 trumps cavalry: kills it first
    b = s.battle
    assert b.killed[W.DEF] == [CAV2] and b.fronts[0] == {W.ATT: (INF2, 0)}


def test_a_trumped_unit_dies_before_it_strikes():
    s, q, e, army, target = field(att=(ART2, INF1, INF1), dfd=(INF2, INF1, INF1))
    attack(s, army, target)
    lay(s, INF2)                                   # infantry 2
    lay(s, ART2, 0)                                # artillery trumps infantry: kills it first
    assert s.battle.killed[W.DEF] == [INF2] and s.battle.fronts[0] == {W.ATT: (ART2, 0)}
    s, q, e, army, target = field(att=(CAV2, INF1, INF1), dfd=(INF3, INF1, INF1))
    attack(s, army, target)
    lay(s, INF3)                                   # infantry 3 trumps the cavalry that attacks it
    lay(s, CAV2, 0)
    assert s.battle.killed[W.ATT] == [CAV2] and s.battle.fronts[0] == {W.DEF: (INF3, 0)}


def test_the_pentagon_cannot_be_trumped_and_himeji_adds_one():
    s, q, e, army, target = field(att=(INF2, INF1, INF1), dfd=(CAV3, INF1, INF1))
    s.players[e].wonders.append("The Pentagon")
    s.players[e].wonders.append("Himeji Samurai Castle")
    attack(s, army, target)
    lay(s, CAV3)                                   # cavalry 3 + 1 = 4
    assert W.strength(s, s.battle, W.DEF, CAV3) == 4
    lay(s, INF2, 0)                                # no trump: both strike, 2 against 4
    b = s.battle
    assert b.killed[W.ATT] == [INF2] and b.fronts[0] == {W.DEF: (CAV3, 2)}


def test_only_a_front_where_the_enemy_stands_alone_can_be_attacked():
    s, q, e, army, target = field(att=(ART3, INF1, INF1), dfd=(ART2, ART1, INF1))
    attack(s, army, target)
    lay(s, ART1)                                   # front 1: artillery 1
    GAME.apply(s, f"unit:{INF1}")
    assert set(GAME.cached_decision(s).keys()) == {"front:new", "front:0", "back"}
    GAME.apply(s, "back")
    assert GAME.cached_decision(s).kind == "battle_card"                       # back: pick again


def test_where_a_card_goes_is_asked_without_naming_it_in_the_public_prompt():
    """The prompt stays on screen while a bot decides, and "back" returns the card to the hand unseen:
    only the options (its player's alone) name it."""
    s, q, e, army, target = field(att=(ART3, INF1, INF1), dfd=(ART2, ART1, INF1))
    attack(s, army, target)
    lay(s, ART1)
    prompts = []
    for card in (INF1, ART3):
        GAME.apply(s, f"unit:{card}")
        d = GAME.cached_decision(s)
        assert d.kind == "battle_front"
        prompts.append(d.prompt)
        assert W.describe(s, s.battle, W.ATT, card).split(" (")[0] in d.get("front:new").label
        GAME.apply(s, "back")
    assert prompts[0] == prompts[1]
    assert "Infantry" not in prompts[0] and "infantry" not in prompts[0]


# -- the result --------------------------------------------------------------------------------------
def play_out(s, att_first=False):
    """Both sides open new fronts with what they hold, strongest first."""
    while s.battle is not None:
        d = GAME.cached_decision(s)
        if d.kind != "battle_card":
            break
        GAME.apply(s, d.keys()[0])
        d = GAME.cached_decision(s)
        if d is not None and d.kind == "battle_front":
            GAME.apply(s, "front:new")


def test_the_higher_total_wins_and_the_defenders_figures_are_gone():
    s, q, e, army, target = field(att=(INF3, CAV3, ART3), dfd=(INF1, CAV1, ART1))
    armies = s.players[e].armies
    attack(s, army, target)
    play_out(s)
    assert s.battle is None
    assert s.board.figures[target] == Figures(q, 1, 0)                         # the winner moves in
    assert s.players[e].armies == armies + 1                                   # back to his supply
    assert sorted(s.players[q].units) == [INF3, CAV3, ART3]                   # survivors back
    assert "ends 9 to 3" in " ".join(x.text for x in s.log[-6:])


def test_a_tie_goes_to_the_defender_and_the_attackers_group_is_lost():
    s, q, e, army, target = field(att=(INF2, CAV2, ART2), dfd=(INF2, CAV2, ART2))
    mine = s.players[q].armies
    attack(s, army, target)
    play_out(s)
    assert s.board.figures[target].owner == e
    assert army not in s.board.figures or not s.board.figures[army].armies
    assert s.players[q].armies == mine + 1


def test_the_bonus_card_shows_the_difference():
    s, q, e, army, target = field(att=(INF3, CAV3, ART3), dfd=(INF1, CAV1, ART1))
    attack(s, army, target)
    b = s.battle
    b.bonus = {W.ATT: 2, W.DEF: 7}
    assert W.totals(s, b) == {W.ATT: 0, W.DEF: 5}


def test_the_winner_loses_one_army_per_two_units_killed():
    s, q, e, army, target = field(att=(INF1, INF1, CAV3), dfd=(ART1, ART1, INF1))
    s.board.figures[army] = Figures(q, 2, 0)
    s.players[q].armies -= 1
    s.players[q].units = [INF1, INF1, CAV3, CAV3, CAV3]
    refresh(s)
    GAME.apply(s, f"group:{sq(army)}")
    GAME.apply(s, "group:2:0")
    GAME.apply(s, f"square:{sq(target)}")
    b = s.battle
    b.hands = {W.ATT: [INF1, INF1, CAV3, CAV3, CAV3], W.DEF: [ART1, ART1, INF1]}
    refresh(s)
    lay(s, ART1)                                   # defender's artillery 1 on front 1
    lay(s, INF1, 0)                                # infantry 1 vs artillery 1: artillery trumps: infantry dies
    lay(s, ART1)                                   # front 2
    lay(s, INF1, 1)                                # the same again
    assert b.killed[W.ATT] == [INF1, INF1]
    play_out(s)
    assert s.board.figures[target] == Figures(q, 1, 0)                         # 2 killed: 1 army lost (row 43)


# -- cities and the capital ----------------------------------------------------------------------------
def test_a_won_city_is_destroyed_and_everything_of_it_goes_back_to_the_losers_supply():
    # seed: "Wurde eine Stadt verteidigt, wird die Stadt zerstört und alles, was zur Stadt gehört, kommt
    # zurück in den Vorrat des Verlierers." -- the marker, buildings, wonders and great people all his again
    s, q, e, army, target = city_battle()
    s.players[q].units = [INF3] * 6 + [CAV3] * 6
    b = s.board
    around = [n for n in neighbours(target) if b.square(n) is not None and n not in b.figures
              and n not in b.cities and n != army]
    b.structures[around[0]] = Structure(BUILDING, "Market", e)
    s.buildings_left["Market"] -= 1
    b.structures[around[1]] = Structure(GREAT_PERSON, "Artist", e)
    b.structures[around[2]] = Structure(WONDER, "The Colossus", e)
    s.players[e].wonders.append("The Colossus")
    s.players[e].units = [INF1]
    left = s.players[e].cities_left
    market = s.buildings_left["Market"]
    refresh(s)
    attack(s, army, target)
    s.battle.hands[W.ATT] = [INF3, INF3, INF3]
    refresh(s)
    play_out(s)
    p = s.players[e]
    assert target not in b.cities and p.cities_left == left + 1                # the city marker
    assert not any(n in b.structures for n in around[:3])
    assert s.buildings_left["Market"] == market                                # not to the market
    assert sorted(p.reserve) == ["building:Market", "wonder:The Colossus"]     # his supply, to place again
    assert "Artist" in p.great_people and "The Colossus" in p.wonders          # the card stays his
    d = GAME.cached_decision(s)
    assert d.kind == "loot" and d.player == q                                  # rule 82's list
    # placed again by another of his cities, as a great person is: from his supply, not the market
    capital = p.capital
    b.figures = {pos: f for pos, f in b.figures.items() if pos not in set(neighbours(capital))}
    opts = {o.key: o for o in cities.reserve_options(GAME, s, e)}
    wonder = next(o for k, o in opts.items() if k.startswith("reserve:wonder:The Colossus") and o.value[2] == capital)
    step = cities.place_from_reserve(e, wonder.value)
    where = step.options(GAME, s)[0]
    step.apply(GAME, s, where)
    assert b.structures[where.value] == Structure(WONDER, "The Colossus", e) and p.reserve == ["building:Market"]
    assert s.buildings_left["Market"] == market and p.wonders.count("The Colossus") == 1


def test_the_city_loot_list_and_the_great_walls_shrink():
    s, q, e, army, target = city_battle()
    for p in s.players:
        p.wonders = [w for w in p.wonders if w != "The Great Wall"]
    b = W.Battle(target, army, q, e, e, W.CITY, 1, {W.ATT: [], W.DEF: []}, {W.ATT: {}, W.DEF: {}},
                 {W.ATT: 0, W.DEF: 0}, W.ATT, [], {W.ATT: [], W.DEF: []})
    assert W.loot_lists(s, b, q, e) == D.CITY_LOOT
    assert W.loot_lists(s, b, e, q) == D.FIELD_LOOT                           # the city held: rule 80's
    s.players[e].wonders.append("The Great Wall")
    assert W.loot_lists(s, b, q, e) == D.FIELD_LOOT
    b.kind = W.FIELD
    assert W.loot_lists(s, b, q, e) == ()


def test_a_city_loot_learns_a_tech_free_or_takes_a_culture_card():
    s, q, e, army, target = city_battle()
    s.players[q].units = [INF3] * 6
    s.players[e].units = [INF1]
    s.players[e].culture_cards = ["Drought"]
    extra = next(t.name for t in D.TECHS if t.level == 1 and t.name not in s.players[q].techs
                 and t.name not in s.players[e].techs)
    s.players[e].techs.append(extra)
    refresh(s)
    attack(s, army, target)
    play_out(s)
    d = GAME.cached_decision(s)
    assert {"loot:tech", "loot:card", "loot:none"} <= set(d.keys())
    GAME.apply(s, "loot:tech")
    GAME.apply(s, f"tech:{extra}")
    assert extra in s.players[q].techs


def test_taking_a_capital_wins_the_military_victory():
    s, q, e, army, target = city_battle(capital=True)
    s.players[q].units = [INF3] * 6
    s.players[e].units = [INF1]
    refresh(s)
    attack(s, army, target)
    s.battle.bonus[W.DEF] = 0
    refresh(s)
    play_out(s)
    assert s.winner == q and s.victory == "military" and GAME.is_over(s)


def test_combustion_breaches_walls_before_the_battle():
    s, q, e, army, target = city_battle(walls=True)
    s.players[q].techs.append("Combustion")
    attack(s, army, target)
    assert s.battle.bonus[W.DEF] == D.CITY_BONUS + W.combat_bonus(s, e)
    assert not s.board.cities[target].walls


# -- villages ------------------------------------------------------------------------------------------
def village(players=3, seed=1, content="iron"):
    s, q, army = at_move(seed, players)
    target = free_next_to(s, army)
    s.board.markers[target] = (VILLAGE, content)
    s.players[q].units = [INF3, CAV3, ART3]
    refresh(s)
    return s, q, army, target


def test_a_village_is_defended_by_rank_one_barbarians_laid_by_the_player_to_the_right():
    s, q, army, target = village(players=3)
    decks = {t: len(d) for t, d in s.unit_decks.items()}
    d = attack(s, army, target)
    b = s.battle
    assert b.defender == W.BARBARIANS and b.controller == (q - 1) % 3
    assert sorted(D.UNIT_CARDS[c].type for c in b.hands[W.DEF]) == sorted(D.START_UNITS)
    assert b.bonus[W.DEF] == 0 and b.ranks[W.DEF] == {t: 1 for t in D.START_UNITS}
    assert d.player == (q - 1) % 3 and d.kind == "battle_card" and d.private  # barbarians first (row 30)
    assert {t: len(x) for t, x in s.unit_decks.items()} != decks


def test_a_won_village_gives_its_marker_and_no_loot():
    s, q, army, target = village(players=2, content="iron")
    attack(s, army, target)
    s.battle.hands[W.DEF] = [INF1, CAV1, ART1]
    refresh(s)
    play_out(s)
    assert target not in s.board.markers and "iron" in s.players[q].resources
    assert s.board.figures[target].owner == q
    d = GAME.cached_decision(s)
    assert d is None or d.kind != "loot"


def test_a_lost_village_battle_removes_the_attackers_and_the_village_stays():
    s, q, army, target = village(players=2)
    s.players[q].units = [INF1]
    refresh(s)
    attack(s, army, target)
    s.battle.hands[W.DEF] = [INF3, CAV3, ART3]
    refresh(s)
    play_out(s)
    assert s.board.markers[target][0] == VILLAGE and target not in s.board.figures
    assert army not in s.board.figures or s.board.figures[army].armies == 0


# -- after the battle ---------------------------------------------------------------------------------
def test_china_rescues_one_killed_unit_and_democracy_loses_trade():
    s, q, e, army, target = field(att=(ART3, INF1, INF1), dfd=(ART2, INF1, INF1))
    s.players[e].civ = "China"
    s.players[e].government = "Democracy"
    s.players[e].trade = 5
    attack(s, army, target)
    lay(s, ART2)
    lay(s, ART3, 0)                                 # kills the defender's artillery
    play_out(s)
    d = GAME.cached_decision(s)
    while d is not None and d.kind == "loot":
        GAME.apply(s, "loot:none")
        d = GAME.cached_decision(s)
    if d is not None and d.kind == "rescue":
        GAME.apply(s, d.keys()[0])
    assert ART2 in s.players[e].units


# -- hidden hands ----------------------------------------------------------------------------------------
def test_the_hands_are_private_their_types_public():
    s, q, e, army, target = field(att=(INF3, CAV3, ART3), dfd=(INF2, CAV2, ART1))
    attack(s, army, target)
    mine, theirs = GAME.view(s, e)["battle"]["sides"][W.DEF], GAME.view(s, e)["battle"]["sides"][W.ATT]
    assert mine["hand"] is not None and theirs["hand"] is None
    assert theirs["hand_types"] == sorted(["infantry", "cavalry", "artillery"])
    world = GAME.determinize(s, e, random.Random(3))
    assert world.battle.hands[W.DEF] == s.battle.hands[W.DEF]                  # his own, as it is
    assert sorted(D.UNIT_CARDS[c].type for c in world.battle.hands[W.ATT]) == theirs["hand_types"]


def test_random_war_games_never_break_and_battles_are_fought_to_their_ends():
    kinds, battles = set(), 0
    for seed in range(6):
        s = GAME.new_game(["A", "B"], seed)
        rng = random.Random(seed)
        while (d := GAME.cached_decision(s)) is not None:
            GAME.apply(s, rng.choice(d.keys()))
        kinds.add(s.victory)
        battles += sum(" ends " in e.text and e.text.startswith("The battle") for e in s.log)
        assert s.battle is None and GAME.is_over(s)
    assert battles > 20


# -- battle abilities ----------------------------------------------------------------------------------
def test_metalworking_adds_three_to_the_unit_laid_for_the_battle_paid_with_iron():
    s, q, e, army, target = field(att=(INF1, INF1, INF1), dfd=(CAV3, INF1, INF1))
    s.players[q].techs.append("Metalworking") if "Metalworking" not in s.players[q].techs else None
    s.players[q].resources = ["iron"]
    attack(s, army, target)
    lay(s, CAV3)                                   # defender: cavalry 3
    d = GAME.cached_decision(s)
    k = "ability:Metalworking:unit_strength"
    assert k in d.keys()
    GAME.apply(s, k)
    assert s.players[q].resources == [] and GAME.cached_decision(s).kind == "battle_card"
    assert k not in GAME.cached_decision(s).keys()                  # once a battle
    lay(s, INF1, 0)                                # infantry 1 + 3 = 4, and it trumps cavalry: kills it
    b = s.battle
    assert b.killed[W.DEF] == [CAV3] and W.front_strength(s, b, 0, W.ATT) == 4


def test_mathematics_deals_wounds_spread_over_enemy_units():
    s, q, e, army, target = field(att=(INF1, INF1, INF1), dfd=(CAV3, ART2, INF1))
    s.players[q].techs.append("Mathematics")
    s.players[q].resources = ["iron"]
    attack(s, army, target)
    lay(s, ART2)                                   # defender: artillery 2 on front 1
    GAME.apply(s, "ability:Mathematics:deal_wounds")
    d = GAME.cached_decision(s)
    assert d.kind == "battle_wound" and d.keys() == ["front:0"]
    GAME.apply(s, "front:0")
    GAME.apply(s, "front:0")                        # 2 wounds: the artillery 2 is killed
    assert s.battle.killed[W.DEF] == [ART2]
    assert GAME.cached_decision(s).kind == "battle_card"            # the third wound has no target


def test_animal_husbandry_heals_and_biology_heals_all():
    s, q, e, army, target = field(att=(ART3, ART3, INF1), dfd=(ART2, ART2, INF1))
    s.players[q].techs += ["Animal Husbandry", "Biology"]
    attack(s, army, target)
    lay(s, ART2)
    lay(s, ART3, 0)                                # artillery 3 takes 2 wounds, kills the artillery 2
    assert s.battle.fronts[0][W.ATT] == (ART3, 2)
    lay(s, ART2)                                   # defender again: front 2
    GAME.apply(s, "ability:Animal Husbandry:heal_wounds")
    GAME.apply(s, "front:0")
    assert s.battle.fronts[0][W.ATT] == (ART3, 1)
    GAME.apply(s, "stop")
    GAME.apply(s, "ability:Biology:heal_all_wounds")
    assert s.battle.fronts[0][W.ATT] == (ART3, 0)


# -- culture cards that kill or move figures ---------------------------------------------------------
def test_defection_kills_one_figure_within_four_in_the_movement_turn_which_is_then_private():
    s, q, e, army, target = field(def_armies=2, def_scouts=1)
    p = s.players[q]
    p.culture_cards = ["Defection"]
    d = refresh(s)
    assert d.private and "card:Defection" in d.keys()
    armies = s.players[e].armies
    GAME.apply(s, "card:Defection")
    d = GAME.cached_decision(s)
    assert d.kind == "card_target"
    assert {f"target:{target[0]}:{target[1]}:army", f"target:{target[0]}:{target[1]}:scout"} <= set(d.keys())
    GAME.apply(s, f"target:{target[0]}:{target[1]}:army")
    while GAME.cached_decision(s).kind == "cancel":                  # nobody holds a card to cancel it here
        GAME.apply(s, GAME.cached_decision(s).keys()[-1])
    assert s.board.figures[target] == Figures(e, 1, 1) and s.players[e].armies == armies + 1
    assert GAME.cached_decision(s).kind == "move"


def test_a_movement_turn_without_culture_cards_is_public():
    s, q, e, army, target = field()
    s.players[q].culture_cards = []
    assert not refresh(s).private


def test_wholesale_defection_kills_two_figures_or_a_great_person_anywhere():
    s, q, e, army, target = field(def_armies=3)
    o = s.players[e]
    gp_at = next(n for n in neighbours(o.capital) if s.board.square(n) is not None and n not in s.board.structures
                 and n not in s.board.figures)
    s.board.structures[gp_at] = Structure(GREAT_PERSON, "General", e)
    s.players[q].culture_cards = ["Wholesale Defection"]
    refresh(s)
    GAME.apply(s, "card:Wholesale Defection")
    keys = GAME.cached_decision(s).keys()
    assert f"target:{gp_at[0]}:{gp_at[1]}:great_person" in keys
    GAME.apply(s, f"target:{target[0]}:{target[1]}:figures")
    assert s.board.figures[target] == Figures(e, 1, 0)


def test_disoriented_moves_another_players_figures_as_a_group_never_into_a_battle():
    s = new(2, 1)
    d = play_until(s, "city")
    q = d.player
    e = 1 - q
    for t in s.board.tiles:
        t.face_up = True
    mine = next(pos for pos, f in s.board.figures.items() if f.owner == q)
    spot = free_next_to(s, mine)
    s.board.figures[spot] = Figures(e, 1, 1)
    s.players[e].armies -= 1
    s.players[e].scouts -= 1
    s.players[q].culture_cards = ["Disoriented"]
    reach = movement.displace_squares(GAME, s, spot, 2)
    assert reach and mine not in reach                                    # not onto the card player's figure
    assert all(abs(r - spot[0]) + abs(c - spot[1]) <= 2 for r, c in reach)
    d = refresh(s)
    assert "card:Disoriented" in d.keys()
    GAME.apply(s, "card:Disoriented")
    GAME.apply(s, f"target:{spot[0]}:{spot[1]}")
    while GAME.cached_decision(s).kind == "cancel":
        GAME.apply(s, GAME.cached_decision(s).keys()[-1])
    d = GAME.cached_decision(s)
    assert d.kind == "displace"
    to = d.options[0].value
    GAME.apply(s, d.keys()[0])
    assert spot not in s.board.figures and s.board.figures[to] == Figures(e, 1, 1)


def test_roaming_horde_sends_rank_two_barbarians_from_a_village_against_an_army_near_it():
    s, q, e, army, target = field(dfd=(INF1, CAV1, ART1))
    b = s.board
    vil = free_next_to(s, target, exclude=(army,))
    b.markers[vil] = (VILLAGE, "iron")
    s.players[q].culture_cards = ["Roaming Horde"]
    refresh(s)
    armies = s.players[e].armies
    GAME.apply(s, "card:Roaming Horde")
    GAME.apply(s, f"target:{target[0]}:{target[1]}")
    while GAME.cached_decision(s).kind == "cancel":
        GAME.apply(s, GAME.cached_decision(s).keys()[-1])
    bt = s.battle
    assert bt.attacker == W.BARBARIANS and bt.defender == e and bt.player(W.ATT) == q
    assert bt.ranks[W.ATT] == {t: 2 for t in D.START_UNITS} and len(bt.hands[W.ATT]) == 3
    assert GAME.cached_decision(s).player == e                                  # the defender first, in the field
    bt.hands[W.ATT] = [INF3, CAV3, ART3]
    refresh(s)
    play_out(s)
    assert target not in b.figures and s.players[e].armies == armies + 1       # the army fell
    assert b.markers[vil][0] == VILLAGE                                         # the village stays
    assert GAME.cached_decision(s).kind == "move"                               # back to the movement turn


def russia_by_a_city():
    """Russia's army next to an enemy city whose owner knows a level-I tech Russia lacks:
    (state, q, e, army, city, that tech)."""
    s, q, e, army, target = city_battle()
    p = s.players[q]
    p.civ = "Russia"
    extra = next(t.name for t in D.TECHS if t.level == 1 and t.name not in p.techs and t.name not in s.players[e].techs)
    s.players[e].techs.append(extra)
    return s, q, e, army, target, extra


def test_russia_sacrifices_a_scout_in_an_enemy_city_for_one_of_his_techs_once_a_round():
    s, q, e, army, target, extra = russia_by_a_city()
    p = s.players[q]
    s.board.figures[army] = Figures(q, 1, 1)
    p.scouts -= 1
    refresh(s)
    scouts = p.scouts
    GAME.apply(s, f"figure:scout:{sq(army)}")
    d = GAME.cached_decision(s)
    k = f"sacrifice:{target[0]}:{target[1]}"
    assert k in d.keys() and f"square:{target[0]}:{target[1]}" not in d.keys()   # a scout never attacks
    GAME.apply(s, k)
    assert s.battle is None and p.scouts == scouts + 1 and s.board.figures[army] == Figures(q, 1, 0)
    d = GAME.cached_decision(s)
    assert d.kind == "loot_tech"
    GAME.apply(s, f"tech:{extra}")
    assert extra in p.techs
    GAME.apply(s, f"figure:army:{sq(army)}")
    assert k not in GAME.cached_decision(s).keys()                               # once a round


def metalworking_against_mass_media():
    """The attacker uses Metalworking; the defender holds Mass Media and a spy."""
    s, q, e, army, target = field(att=(INF1, INF1, INF1), dfd=(CAV3, INF1, INF1))
    s.players[q].techs.append("Metalworking")
    s.players[q].resources = ["iron"]
    s.players[e].techs.append("Mass Media")
    s.players[e].resources = ["spy"]
    attack(s, army, target)
    lay(s, CAV3)
    GAME.apply(s, "ability:Metalworking:unit_strength")
    return s, q, e


def test_mass_media_cancels_a_battle_ability_and_its_iron_is_lost():
    s, q, e = metalworking_against_mass_media()
    d = GAME.cached_decision(s)
    assert d.kind == "spy" and d.player == e and d.private
    GAME.apply(s, "cancel")
    assert s.players[q].resources == [] and not (s.battle.boost or {}).get(W.ATT)
    assert GAME.cached_decision(s).kind == "battle_card" and GAME.cached_decision(s).player == q


def test_a_battle_ability_let_happen_takes_effect():
    s, q, e = metalworking_against_mass_media()
    GAME.apply(s, "let")
    assert s.battle.boost[W.ATT] == 3


def test_a_building_in_the_reserve_is_turned_over_by_its_upgrade_tech_like_the_built_ones():
    s, q, e, army, target = city_battle()
    up = next(b for b in D.BUILDINGS if b.upgrade)
    s.players[e].reserve = [f"building:{up.name}", "wonder:The Colossus"]
    culture.flip_buildings(GAME, s, e, D.BUILDING_INDEX[up.upgrade].tech)
    assert s.players[e].reserve == [f"building:{up.upgrade}", "wonder:The Colossus"]
