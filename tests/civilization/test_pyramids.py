"""Civilization: The Pyramids in full.  The seed names no wonder; the rules reference's row (docs/rules/
civilization.md, section 4 §7, the ancient wonders) reads:

    | Anc | The Pyramids | 15 (10 / Pottery) | All governments unlocked; immune to Anarchy (if obsoleted,
    fall back to a normally unlocked gov). | **PH pick** |

and §5 (governments): "Pyramids/other effects that "make you immune to Anarchy" simply skip the Anarchy
round."  Which government the owner falls back to the reference leaves open: RULES.md (Governments) records
the house reading tested here."""
from __future__ import annotations

import random

from boardgames_tui.bots.policies import policy_for
from boardgames_tui.games.civilization import cards, cities, data as D, management, war
from boardgames_tui.games.civilization.board import GREAT_PERSON, WONDER, Structure
from boardgames_tui.games.civilization.rules import GAME

from test_civ_obsolete_and_late_abilities import land_around
from test_civ_rules import at_city_turn, at_start_with, card_named, new, play_until, refresh

PYR = "The Pyramids"
REVOLT = card_named("force_anarchy", 1)


def give_pyramids(s, q, spot=None):
    """``q`` owns working Pyramids (their marker by his capital when ``spot`` is asked for)."""
    if PYR in s.wonder_market:
        s.wonder_market.remove(PYR)
    for x in s.players:                 # Egypt may have started with them
        x.wonders = [w for w in x.wonders if w != PYR]
    s.players[q].wonders.append(PYR)
    if spot:
        pos = land_around(s, s.players[q].capital)[0]
        s.board.structures[pos] = Structure(WONDER, PYR, q)
        return pos
    return None


def test_the_owner_changes_government_at_once_without_a_round_of_anarchy():
    """Reference §7: "immune to Anarchy"; §5: such effects "simply skip the Anarchy round" -- rule 35's
    round of Anarchy (for a government not found in the last research phase) is skipped."""
    s = new(2, 3)
    q = 0
    play_until(s, "start", q)
    p = s.players[q]
    assert p.fresh_governments == [] and "Democracy" not in p.techs
    give_pyramids(s, q)
    d = refresh(s)
    assert "(now)" in d.get("government:Democracy").label
    GAME.apply(s, "government:Democracy")
    assert p.government == "Democracy" and p.pending_government == ""
    # without them the same change goes through Anarchy (rule 35): the Pyramids made the difference
    o = s.players[1]
    o.techs.append("Monarchy")
    cities.change_government(GAME, s, 1, "Monarchy")
    assert o.government == "Anarchy" and o.pending_government == "Monarchy"


def test_the_easy_bot_knows_the_owner_changes_at_once():
    s = new(2, 3)
    q = 0
    play_until(s, "start", q)
    give_pyramids(s, q)
    d = refresh(s)
    key = policy_for("civilization").choose(GAME, s, d, random.Random(1))
    assert key.startswith("government:")      # worth it now: no round of Anarchy to pay


def test_the_citizens_are_revolting_cannot_throw_the_owner_into_anarchy():
    """Reference §7: The Pyramids' owner is "immune to Anarchy"; the culture card The Citizens Are Revolting!
    (data table: "another player's government becomes Anarchy") does not reach him: he is no target."""
    s, q, d = at_start_with([REVOLT])
    other = 1 - q
    assert f"card:{REVOLT}" in d.keys()                   # aimed at the other player, it is playable
    give_pyramids(s, other)
    d = refresh(s)
    assert f"card:{REVOLT}" not in d.keys()               # its only target is immune
    assert not cards.has_target(GAME, s, q, REVOLT)
    # and should it land on him all the same (he gained them after it was aimed), nothing happens
    cards.card_effect(GAME, s, q, REVOLT, other)
    assert s.players[other].government == "Despotism" and s.players[other].pending_government == ""


def test_the_citizens_are_revolting_still_reach_the_other_players():
    s = new(3, 1)
    d = play_until(s, "start")
    q = d.player
    s.players[q].culture_cards = [REVOLT]
    immune, other = (q + 1) % 3, (q + 2) % 3
    give_pyramids(s, immune)
    refresh(s)
    GAME.apply(s, f"card:{REVOLT}")
    d = GAME.cached_decision(s)
    assert d.kind == "card_target" and f"target:{other}" in d.keys() and f"target:{immune}" not in d.keys()


def obsolete_by_monarchy(s, q, owner):
    """``q`` (in his city turn) makes ``owner``'s Pyramids obsolete with Monarchy, as a player would."""
    p = s.players[q]
    p.techs.append("Monarchy")
    p.resources = ["silk"]
    refresh(s)
    GAME.apply(s, "ability:Monarchy:obsolete_wonder_or_kill_unit")
    GAME.apply(s, f"wonder:{PYR}")
    assert PYR not in s.players[owner].wonders and PYR in s.players[owner].obsolete


def test_made_obsolete_a_government_his_techs_do_not_unlock_falls_back_to_the_one_they_do():
    """Reference §7: "if obsoleted, fall back to a normally unlocked gov": Democracy (held through the
    Pyramids) falls to Monarchy, the one government his techs unlock; at once, no Anarchy."""
    s, q, p = at_city_turn()
    other = 1 - q
    o = s.players[other]
    give_pyramids(s, other, spot=True)
    o.techs = [t for t in o.techs if D.TECH_INDEX[t].government is None] + ["Monarchy"]
    o.government = "Democracy"
    obsolete_by_monarchy(s, q, other)
    assert o.government == "Monarchy" and o.pending_government == ""
    assert GAME.cached_decision(s).kind == "city" and GAME.cached_decision(s).player == q


def obsolete_while_in(government: str, government_techs: list[str]):
    """The other player owns placed Pyramids, is in ``government`` and knows only ``government_techs``
    of the governments' techs, when the city-turn player makes them obsolete: (state, that player,
    the owner, the owner's Player)."""
    s, q, _p = at_city_turn()
    other = 1 - q
    o = s.players[other]
    give_pyramids(s, other, spot=True)
    o.techs = [t for t in o.techs if D.TECH_INDEX[t].government is None] + government_techs
    o.government = government
    obsolete_by_monarchy(s, q, other)
    return s, q, other, o


def test_made_obsolete_with_several_governments_known_the_owner_picks_one():
    """Reference §7: "fall back to a normally unlocked gov"; which one, the owner chooses (RULES.md)."""
    s, q, other, o = obsolete_while_in("Communism", ["Monarchy", "Code of Laws"])
    d = GAME.cached_decision(s)
    assert d.kind == "fall_back" and d.player == other and not d.private
    assert sorted(d.keys()) == ["government:Monarchy", "government:Republic"]
    assert o.government == "Communism"                          # not yet: his choice
    assert policy_for("civilization").choose(GAME, s, d, random.Random(1)) == "government:Republic"
    GAME.apply(s, "government:Republic")
    assert o.government == "Republic" and o.pending_government == ""
    assert GAME.cached_decision(s).kind == "city" and GAME.cached_decision(s).player == q


def test_made_obsolete_with_no_government_tech_he_falls_back_to_despotism():
    """Reference §7: "fall back to a normally unlocked gov"; knowing none, Despotism, everyone's first
    government (seed rule 21: "die Karte 'Despotismus' ganz oben")."""
    s, q, other, o = obsolete_while_in("Feudalism", [])
    assert o.government == D.START_GOVERNMENT


def test_made_obsolete_a_government_his_techs_unlock_stays():
    s, q, other, o = obsolete_while_in("Republic", ["Monarchy", "Code of Laws"])
    assert o.government == "Republic" and GAME.cached_decision(s).player == q
    # and from now on a change goes through Anarchy again (no immunity left)
    cities.change_government(GAME, s, other, "Monarchy")
    assert o.government == "Anarchy" and o.pending_government == "Monarchy"


def test_the_pyramids_leaving_the_game_also_end_the_immunity_and_the_government_falls_back():
    """Row 21: a wonder covered by a great person leaves the game, its ability too; the fall back of
    §7 follows as for an obsolete one."""
    s, q, p = at_city_turn()
    pos = give_pyramids(s, q, spot=True)
    p.techs = [t for t in p.techs if D.TECH_INDEX[t].government is None] + ["Monarchy"]
    p.government = "Democracy"
    management.place_structure(GAME, s, q, pos, GREAT_PERSON, "Artist")
    assert PYR not in p.wonders and p.government == "Monarchy"
    # an obsolete Pyramids leaving the game change nothing more
    p.obsolete, p.government = [PYR], "Monarchy"
    war.lose_wonder(GAME, s, q, PYR)
    assert p.obsolete == [] and p.government == "Monarchy"


def test_built_while_in_anarchy_the_owner_leaves_it_at_once():
    """Reference §5: immunity "simply skip[s] the Anarchy round" -- built during one, it ends it."""
    s, q, p = at_city_turn()
    p.techs.append("Monarchy")
    p.government, p.pending_government = "Anarchy", "Monarchy"
    for x in s.players:
        x.wonders = [w for w in x.wonders if w != PYR]
    if PYR not in s.wonder_market:
        s.wonder_market[0] = PYR
    site = management.structure_sites(GAME, s, q, p.capital, WONDER, PYR)[0]
    management.place_structure(GAME, s, q, site, WONDER, PYR)
    assert PYR in p.wonders and p.government == "Monarchy" and p.pending_government == ""
