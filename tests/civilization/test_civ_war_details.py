"""Civilization's war, the finer points: city walls bought with Masonry, Rome's step for a conquered city,
China's rescue declined, the trump cycle and aircraft in a battle, ranks above I, Leonardo's price, the
Great Wall, Ballistics, Code of Laws, villages holding a great person, Roaming Horde against cities,
losses without a floor, loot of a resource, Russia's army, barbarians' cards back to their stacks."""
from __future__ import annotations

import pytest

from boardgames_tui.games.civilization import data as D
from boardgames_tui.games.civilization import cards, management, war as W
from boardgames_tui.games.civilization.board import BUILDING, Figures, Structure, neighbours
from boardgames_tui.games.civilization.data_map import VILLAGE, WATER
from boardgames_tui.games.civilization.common import WALLS
from boardgames_tui.games.civilization.rules import GAME

from test_civ_rules import at_city_turn, new, play_until
from test_civ_war import (ART1, ART2, ART3, CAV1, CAV2, CAV3, INF1, INF2, INF3, attack, city_battle, field,
                          free_next_to, lay, play_out, refresh, russia_by_a_city, sq, village)

AIR5 = 9                      # an aircraft of strength 5


def let_it_happen(s):
    """Out-of-turn chances to cancel (spies, culture cards): all declined."""
    d = GAME.cached_decision(s)
    while d is not None and d.kind in ("spy", "cancel"):
        GAME.apply(s, "let" if "let" in d.keys() else d.keys()[-1])
        d = GAME.cached_decision(s)
    return d


def skip_loot(s):
    d = GAME.cached_decision(s)
    while d is not None and d.kind == "loot":
        GAME.apply(s, "loot:none")
        d = GAME.cached_decision(s)
    return d


# -- city walls ----------------------------------------------------------------------------------------
def test_masonry_lets_a_city_build_walls_for_seven_which_add_four_to_its_defence():
    s, q, p = at_city_turn()
    city = s.steps[-1].todo[0]
    p.techs = [t for t in p.techs if not D.TECH_INDEX[t].city_walls]
    p.trade = 27
    assert WALLS not in refresh(s).keys()                      # not without Masonry
    p.techs.append("Masonry")
    o = refresh(s).get(WALLS)
    assert o is not None and o.label.startswith((f"Build city walls ({D.CITY_WALLS_COST} production", f"Build city walls {D.CITY_WALLS_COST}p"))
    before = W.city_bonus(s.board.cities[city])
    GAME.apply(s, WALLS)
    let_it_happen(s)
    assert s.board.cities[city].walls and p.trade == 27 - o.value[2]
    assert W.city_bonus(s.board.cities[city]) == before + D.WALLS_BONUS
    assert all(k != WALLS for k, *_ in management.purchases(GAME, s, q, city))    # walled once: no second walls


# -- civilizations ---------------------------------------------------------------------------------------
def strong_attacker(s, q):
    s.players[q].ranks = {t: 4 for t in D.START_UNITS}      # rank IV: infantry 3 is worth 6


def test_rome_climbs_a_culture_step_for_a_conquered_city():
    s, q, e, army, target = city_battle()
    s.players[q].civ = "Rome"
    strong_attacker(s, q)
    s.players[q].units = [INF3, INF3, INF3]
    s.players[e].units = [INF1]
    refresh(s)
    step = s.players[q].culture_step
    attack(s, army, target)
    play_out(s)
    assert target not in s.board.cities                        # razed (row 45)
    assert s.players[q].culture_step == step + 1


def test_china_may_decline_the_rescue():
    s, q, e, army, target = field(att=(ART3, INF1, INF1), dfd=(ART2, INF1, INF1))
    s.players[e].civ = "China"
    attack(s, army, target)
    lay(s, ART2)
    lay(s, ART3, 0)                                 # kills the defender's artillery
    play_out(s)
    d = skip_loot(s)
    assert d.kind == "rescue" and d.player == e and "none" in d.keys()
    GAME.apply(s, "none")
    assert ART2 not in s.players[e].units


def test_russia_may_sacrifice_an_army_too_and_it_does_not_fight():
    s, q, e, army, target, extra = russia_by_a_city()
    p = s.players[q]
    refresh(s)
    armies = p.armies
    GAME.apply(s, f"figure:army:{sq(army)}")
    GAME.apply(s, f"sacrifice:{target[0]}:{target[1]}")
    assert s.battle is None and p.armies == armies + 1
    assert army not in s.board.figures or s.board.figures[army].armies == 0
    GAME.apply(s, f"tech:{extra}")
    assert extra in p.techs and s.board.cities[target].owner == e


# -- the cards in a battle ---------------------------------------------------------------------------------
def test_cavalry_trumps_artillery_and_takes_no_damage_when_it_kills():
    s, q, e, army, target = field(att=(CAV3, INF1, INF1), dfd=(ART2, INF1, INF1))
    attack(s, army, target)
    lay(s, ART2)
    lay(s, CAV3, 0)
    b = s.battle
    assert b.killed[W.DEF] == [ART2] and b.fronts[0] == {W.ATT: (CAV3, 0)}


def test_aircraft_trump_nothing_and_nothing_trumps_them():
    s, q, e, army, target = field(att=(AIR5, INF1, INF1), dfd=(INF1, CAV1, ART1))
    attack(s, army, target)
    b = s.battle
    for enemy in (INF1, CAV1, ART1):
        assert not W.trumps(s, b, W.ATT, AIR5, enemy) and not W.trumps(s, b, W.DEF, enemy, AIR5)
    lay(s, INF1)
    lay(s, AIR5, 0)                                 # both strike: the infantry dies, the aircraft is wounded
    assert b.killed[W.DEF] == [INF1] and b.fronts[0] == {W.ATT: (AIR5, 1)}


def test_a_rank_above_one_lays_the_cards_higher_value():
    s, q, e, army, target = field(att=(INF2, CAV2, ART2))
    s.players[q].ranks = {**s.players[q].ranks, D.INFANTRY: 3}
    attack(s, army, target)
    b = s.battle
    assert W.strength(s, b, W.ATT, INF2) == 4 and W.strength(s, b, W.ATT, CAV2) == 2   # (2, 3, 4, 5): III and I


def test_leonardos_workshop_buys_any_unit_card_for_five():
    s, q, p = at_city_turn()
    city = s.steps[-1].todo[0]
    p.ranks = {**p.ranks, D.AIRCRAFT: 1}
    cost = {w: c for k, w, c, _ in management.purchases(GAME, s, q, city) if k == "unit"}
    assert cost[D.AIRCRAFT] == D.AIRCRAFT_COST
    p.wonders.append("Leonardo's Workshop")
    cost = {w: c for k, w, c, _ in management.purchases(GAME, s, q, city) if k == "unit"}
    assert cost[D.AIRCRAFT] == 5 and all(c <= 5 for c in cost.values())


def test_ballistics_deals_six_wounds_over_the_enemy_units():
    s, q, e, army, target = field(att=(INF1, INF1, INF1), dfd=(CAV3, CAV3, INF1))
    s.players[q].techs.append("Ballistics")
    s.players[q].resources = ["iron"]
    attack(s, army, target)
    lay(s, CAV3)                                    # front 1
    lay(s, INF1)                                    # front 2 (the attacker's)
    lay(s, CAV3)                                    # front 3
    GAME.apply(s, "ability:Ballistics:deal_wounds")
    for _ in range(6):                              # 3 wounds kill each cavalry 3
        d = GAME.cached_decision(s)
        assert d.kind == "battle_wound"
        GAME.apply(s, d.keys()[0])
    assert s.battle.killed[W.DEF] == [CAV3, CAV3] and GAME.cached_decision(s).kind == "battle_card"


# -- after the battle -------------------------------------------------------------------------------------
def test_code_of_laws_puts_a_coin_on_its_card_after_a_won_battle():
    s, q, e, army, target = field(att=(INF3, CAV3, ART3), dfd=(INF1, CAV1, ART1))
    p = s.players[q]
    if "Code of Laws" not in p.techs:
        p.techs.append("Code of Laws")
    p.card_coins = {}
    attack(s, army, target)
    play_out(s)
    assert s.board.figures[target].owner == q and p.card_coins.get("Code of Laws") == 1


def test_the_winner_may_lose_every_army_and_still_wins():
    """Row 43: one army lost per two units killed, no floor: the battle is won, nobody moves in."""
    s, q, e, army, target = field(att=(INF1, INF1, CAV3), dfd=(ART1, ART1, INF1))
    strong_attacker(s, q)
    s.players[q].ranks = {**s.players[q].ranks, D.INFANTRY: 1}
    armies_q, armies_e = s.players[q].armies, s.players[e].armies
    attack(s, army, target)
    lay(s, ART1)
    lay(s, INF1, 0)                                 # artillery trumps infantry: killed
    lay(s, ART1)
    lay(s, INF1, 1)                                 # killed again: 2 killed
    play_out(s)                                     # cavalry 3 at rank IV: 6 against 3
    assert any("ends 6 to 3" in x.text for x in s.log[-8:])
    assert target not in s.board.figures                       # the loser's army gone, the winner's too
    assert s.players[e].armies == armies_e + 1 and s.players[q].armies == armies_q + 1


def test_the_loot_of_one_resource_takes_the_one_picked():
    s, q, e, army, target = field(att=(INF3, CAV3, ART3), dfd=(INF1, CAV1, ART1))
    s.players[e].resources = ["iron", "silk"]
    s.players[q].resources = []
    attack(s, army, target)
    play_out(s)
    d = GAME.cached_decision(s)
    assert d.kind == "loot" and d.player == q
    GAME.apply(s, "loot:resources")
    d = GAME.cached_decision(s)
    assert d.kind == "loot_resource" and set(d.keys()) == {"resource:iron", "resource:silk"}
    GAME.apply(s, "resource:silk")
    assert s.players[q].resources == ["silk"] and s.players[e].resources == ["iron"]


def test_the_great_wall_gives_no_loot_for_a_lone_scout():
    s, q, e, army, target = field(def_armies=0, def_scouts=1)
    s.players[e].wonders.append("The Great Wall")
    s.players[e].culture = 5
    d = attack(s, army, target)
    assert s.board.figures[target] == Figures(q, 1, 0)
    assert d is None or d.kind != "loot"


def test_the_great_wall_walls_a_city_free_at_the_start_of_a_round():
    s, q, p = at_city_turn()
    p.wonders.append("The Great Wall")
    for c in s.board.cities.values():
        c.walls = False
    d = play_until(s, "start", q)
    k = "ability:The Great Wall:free_walls"
    assert k in d.keys()
    GAME.apply(s, k)
    d = GAME.cached_decision(s)
    assert d.kind == "walls"
    GAME.apply(s, d.keys()[0])
    assert sum(c.walls for c in s.board.cities.values() if c.owner == q) == 1


# -- villages and barbarians -------------------------------------------------------------------------------
def test_a_village_holding_a_great_person_gives_one_to_the_winner():
    s, q, army, target = village(players=2, content=D.GREAT_PERSON)
    strong_attacker(s, q)
    people = len(s.players[q].great_people)
    attack(s, army, target)
    play_out(s)
    assert target not in s.board.markers and len(s.players[q].great_people) == people + 1


def test_the_barbarians_surviving_cards_go_back_to_their_stacks():
    s, q, army, target = village(players=2)
    strong_attacker(s, q)
    stacks = sum(len(x) for x in s.unit_decks.values())
    attack(s, army, target)
    b = s.battle
    assert sum(len(x) for x in s.unit_decks.values()) == stacks - 3
    play_out(s)
    assert s.battle is None
    assert sum(len(x) for x in s.unit_decks.values()) == stacks - len(b.killed[W.DEF])


def horde_on_city(capital: bool):
    s, q, e, army, target = city_battle(capital=capital, defenders=1)
    vil = free_next_to(s, target, exclude=(army,))
    s.board.markers[vil] = (VILLAGE, "iron")
    s.players[q].culture_cards = ["Roaming Horde"]
    s.players[e].units = []                          # the city defends with its bonus alone
    refresh(s)
    GAME.apply(s, "card:Roaming Horde")
    GAME.apply(s, f"target:{target[0]}:{target[1]}")
    let_it_happen(s)
    bt = s.battle
    assert bt.attacker == W.BARBARIANS and bt.kind == (W.CAPITAL if capital else W.CITY)
    bt.hands[W.ATT] = [INF3, CAV3, ART3]
    bt.ranks[W.ATT] = {t: 4 for t in D.START_UNITS}   # 18 against the city's 6 or 12
    refresh(s)
    armies = s.players[e].armies
    play_out(s)
    return s, e, target, armies


def test_roaming_horde_razes_a_city_it_beats():
    s, e, target, armies = horde_on_city(capital=False)
    assert target not in s.board.cities and target not in s.board.figures
    assert s.players[e].armies == armies + 1


def test_roaming_horde_beating_a_capital_sends_its_army_home_but_the_capital_stands():
    s, e, target, armies = horde_on_city(capital=True)
    assert s.board.cities[target].owner == e and s.winner < 0                  # house rule
    assert target not in s.board.figures and s.players[e].armies == armies + 1


def test_barbarian_encampment_puts_a_village_on_a_free_explored_square():
    s, q, p = at_city_turn()
    d = play_until(s, "start", q)
    p.culture_cards = ["Barbarian Encampment"]
    d = refresh(s)
    villages = len(s.villages)
    GAME.apply(s, "card:Barbarian Encampment")
    d = let_it_happen(s)
    assert d.kind == "card_target" or d.keys()[0].startswith("target:"), d.kind
    pos = tuple(int(x) for x in d.keys()[0].split(":")[1:3])
    GAME.apply(s, d.keys()[0])
    let_it_happen(s)
    assert s.board.markers[pos][0] == VILLAGE and len(s.villages) == villages - 1
    assert "Barbarian Encampment" not in p.culture_cards


def enemy_army_by_mine(card):
    """City management, every tile face up, an enemy army next to one of the player's figures and
    ``card`` in his hand: (state, q, e, the army's square)."""
    s = new(2, 1)
    q = play_until(s, "city").player
    e = 1 - q
    for t in s.board.tiles:
        t.face_up = True
    spot = free_next_to(s, next(pos for pos, f in s.board.figures.items() if f.owner == q))
    s.board.figures[spot] = Figures(e, 1, 0)
    s.players[e].armies -= 1
    s.players[q].culture_cards = [card]
    return s, q, e, spot


def test_an_event_played_while_others_hold_culture_cards_counts_as_a_reveal():
    """Only a player who can cancel is asked: being asked, or nobody being asked, tells the card's player
    something about the others' hidden hands, so undo must stop there."""
    for theirs, asked in (([], False), (["Defection"], False), (["Jousting Tourney"], True)):
        s, q, e, spot = enemy_army_by_mine("Disoriented")
        s.players[e].culture_cards = list(theirs)
        refresh(s)
        GAME.apply(s, "card:Disoriented")
        mark = s.rng.mark
        GAME.apply(s, f"target:{spot[0]}:{spot[1]}")
        assert (GAME.cached_decision(s).kind == "cancel") == asked
        assert (s.rng.mark != mark) == bool(theirs), theirs


def test_a_bonus_square_under_an_enemy_figure_gives_nothing():
    """Row 36: barracks 2, but not while another player's figure stands on it."""
    s, q, e, army, target = field()
    p = s.players[q]
    spot = next(n for n in neighbours(p.capital) if s.board.square(n).terrain != WATER
                and n not in s.board.structures and n not in s.board.figures)
    s.board.structures[spot] = Structure(BUILDING, "Barracks", q)
    base = W.combat_bonus(s, q)
    s.board.figures[spot] = Figures(e, 1, 0)
    assert W.combat_bonus(s, q) == base - 2
    s.board.figures[spot] = Figures(q, 1, 0)                   # his own figure blocks nothing
    assert W.combat_bonus(s, q) == base


def test_a_scout_alone_in_its_city_falls_with_it():
    """Row 33: a city defends without armies; a scout in it goes home when it falls."""
    s, q, e, army, target = city_battle()
    s.board.figures[target] = Figures(e, 0, 1)
    s.players[e].scouts -= 1
    strong_attacker(s, q)
    s.players[q].units = [INF3, INF3, INF3]
    s.players[e].units = [INF1]
    refresh(s)
    scouts = s.players[e].scouts
    attack(s, army, target)
    assert s.battle is not None and s.battle.kind == W.CITY                    # a battle, not a lone scout
    play_out(s)
    assert target not in s.board.cities and s.board.figures[target].owner == q
    assert s.players[e].scouts == scouts + 1


@pytest.mark.parametrize("card,reach", [("Disoriented", 2), ("Lost", 3), ("Out of Position", 4)])
def test_the_displacing_cards_reach_two_three_and_four_steps(card, reach):
    s, q, e, spot = enemy_army_by_mine(card)
    refresh(s)
    GAME.apply(s, f"card:{card}")
    GAME.apply(s, f"target:{spot[0]}:{spot[1]}")
    d = let_it_happen(s)
    assert d.kind == "displace"
    dists = {abs(o.value[0] - spot[0]) + abs(o.value[1] - spot[1]) for o in d.options if o.value is not None}
    assert max(dists) == reach and all(0 < x <= reach for x in dists)


@pytest.mark.parametrize("card,reach", [("Defection", 4), ("Mass Defection", 6)])
def test_the_defection_cards_reach_four_and_six_squares(card, reach):
    s, q, e, army, target = field(def_armies=1)
    b = s.board
    s.players[q].culture_cards = [card]
    refresh(s)
    mine = [p for p, x in b.cities.items() if x.owner == q] + [p for p, x in b.figures.items() if x.owner == q]

    def near(pos):
        return min(abs(pos[0] - m[0]) + abs(pos[1] - m[1]) for m in mine)
    far = next((p for p in sorted(b.explored()) if near(p) == reach + 1 and p not in b.figures
                and p not in b.cities and b.square(p).terrain != WATER), None)
    edge = next((p for p in sorted(b.explored()) if near(p) == reach and p not in b.figures
                 and p not in b.cities and b.square(p).terrain != WATER), None)
    assert far is not None and edge is not None
    for pos in (far, edge):
        b.figures[pos] = Figures(e, 1, 0)
    targets = cards.card_targets(GAME, s, q, card)
    at = {t[0][:2] for t in targets}
    assert edge in at and far not in at
