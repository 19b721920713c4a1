"""What each Civilization decision is for, for the guided first game (``boardgames-tui learn``).

Written from the game's rules notes (RULES.md in this folder), the German rules in ``seeds/`` and
``/work/shared/rules/civilization.md``; the kinds are those of the steps in management.py, movement.py,
trade.py, culture.py, cards.py, abilities.py and war.py.  Each text: what the decision is for, what the
options do, a tip -- at most 3 sentences, 240 characters."""
from __future__ import annotations

PHASES: dict[str, str] = {
    # -- set-up and the start of a round
    "place_start": ("Set-up: place your starting army and scout on squares next to your capital. The scout "
                    "founds your next city and gathers, so point it toward open land."),
    "start": ("Start of round: found a city with a scout, change your government, send scouts to gather or "
              "place great people, then Done. Founding your second city early pays off the most."),
    # -- trade
    "trade": ("Trade phase: offer another player a swap of trade, culture, resources or culture cards, on any "
              "terms, or go on. A swap made is final; at most 3 offers to each player a round."),
    "offer": ("Putting a swap together for the player you chose: add what you give and what you ask, one "
              "item at a time, then send it or withdraw it. Ask for what your next tech or building needs."),
    "answer": ("Another player offers you a swap: accept it and the goods change hands at once, or refuse. "
               "Accept only if what you get helps you more than what you give helps them."),
    "give_cards": ("You accepted a swap that asks for culture cards: choose which of your cards go to the other "
                   "player, one at a time, behind your curtain. Give the ones you would play least."),
    # -- city management
    "city": ("City management: each city takes one action: build a figure, a unit card, a building or a "
             "wonder, create culture, or harvest a resource. Missing production can be bought with trade, "
             "3 trade for 1."),
    "second_purchase": ("Engineering: the city paid with production alone, so it may buy once more with the "
                        "production left, or decline. Unused production lapses anyway."),
    "place_figure": ("Where the army or scout your city just built stands: a square next to that city. Send "
                     "scouts toward open land, armies where they guard or can strike."),
    "place_structure": ("Where the building or wonder your city just bought goes: a square next to that city. "
                        "It replaces the square's icons, so cover a square whose icons you need least."),
    "free_figure": ("The Hanging Gardens give a free figure on their square: choose an army or a scout. "
                    "Armies fight and guard, scouts found cities and gather."),
    "walls": ("The Great Wall gives free city walls: choose which of your cities gets them. Walls add 4 to "
              "the city's defence, so pick the one most at risk, usually the capital."),
    "culture": ("End of your city management: climb the culture track if you have the culture (and trade), or "
                "place great people, then Done. Each space gives a culture card or a great person; the 21st "
                "space wins."),
    "discard": ("You hold more culture cards than your hand limit allows, so one must go. Keep the cards you "
                "can play soon or that cancel events aimed at you."),
    # -- movement
    "move": ("Movement: pick a figure or a group to move, or end the phase; where it goes is asked next. "
             "Each figure moves once, up to 2 squares (more with some techs), and a step onto a face-down "
             "tile explores it."),
    "move_group": ("Which figures of the square move together, once you chose to move a group; the group "
                   "keeps the slowest figure's limits. Each army beyond the first lets you draw 2 more "
                   "battle cards."),
    "move_to": ("Where the figure or group you picked goes: explore a face-down tile, walk to a square, or "
                "end on an enemy to fight. Back chooses another figure."),
    "hut": ("Your army ended its move on a hut: take its marker for your civilization sheet, or leave it on "
            "the square. Taking it is almost always worth it."),
    "freeze": ("Communism: at the start of movement you may pay a spy to freeze a square with another "
               "player's figures; nothing passes through it this phase. Freeze nothing saves the spy."),
    "sea_from": ("Steam Power: choose the square whose figures all go to a water square; the water square is "
                 "asked next. They may not move again this round."),
    "sea_to": ("Where the figures go with Steam Power (after choosing their square): an explored water square "
               "without a city or foreign figures, within the stacking limit."),
    "nuke": ("Atomic Theory: choose a city that is not a capital; it is destroyed with everything in its "
             "outskirts. Hit the rival who is closest to winning."),
    # -- research
    "research": ("Research: learn one technology at its level's cost where your pyramid has room; your trade "
                 "then falls to your coins. Techs unlock buildings, units and governments; Space Flight "
                 "wins."),
    "tech_swap": ("Exchange of Ideas, Knowledge Shared or Think Tank: learn one of the other player's techs "
                  "up to the card's level, where your pyramid has room; then they learn one of yours. Take "
                  "the one that opens what you want next."),
    "loot_tech": ("Learn a tech another player knows (Statue of Liberty, Russia's sacrifice or loot after "
                  "winning a city), where your pyramid has room. The dearest level you can fit saves the most "
                  "trade."),
    "resource": ("Germany's bonus: a tech that unlocks or upgrades a unit type also gives a resource of your "
                 "choice from the market. Take one that your abilities spend."),
    "pay": ("Which resource pays for the ability you are using; a gift culture card may stand in for one. "
            "Spend the one you need least elsewhere."),
    "gift": ("Your ability gives another player something (a coin or 6 trade): choose who. Give it to the "
             "player furthest from winning."),
    "obsolete": ("Monarchy or Gunpowder: make a wonder obsolete (its ability stops) or destroy a building or "
                 "kill a unit card of another player. Aim at what helps the leader most."),
    "fall_back": ("The Pyramids are gone (obsolete, or their square lost) and your techs do not unlock your "
                  "government: choose one they do unlock; you change at once, without Anarchy. Take the one "
                  "that serves your road to victory."),
    # -- culture events and spies
    "card_target": ("The target of the culture card just played: a player, a square or a building, as the "
                    "card says. Aim it at the player closest to winning."),
    "displace": ("Disoriented, Lost or Out of Position: choose where the other player's figures are moved, a "
                 "few squares over explored land. Move them away from your cities and from their goals."),
    "cancel": ("Another player plays a culture event: cancel it with a card or a spy, or let it happen. Cancel "
               "only what really hurts you, since the card or spy is spent."),
    "spy": ("Writing: another player's city is taking an action; pay a spy to cancel it (the action is lost) "
            "or let it happen. Worth it for a wonder or a big purchase."),
    # -- battles
    "battle_draw": ("Before a battle: draw extra battle cards, 2 for each army beyond the first; every card "
                    "drawn must be played. More cards are more strength, so draw when you have the forces."),
    "battle_card": ("Lay a unit card from your battle hand, then choose its front. Infantry beats "
                    "cavalry, cavalry beats artillery, artillery beats infantry: the trump strikes first."),
    "battle_front": ("Where the unit card you chose goes: a new front, or attack a front where only the "
                     "enemy has a unit. A card that trumps its enemy strikes first, and if it kills it "
                     "takes no damage."),
    "battle_wound": ("Mathematics or Ballistics gives wounds: choose which enemy unit takes the next one. A "
                     "unit whose wounds reach its strength is killed, so finish off a wounded one."),
    "battle_heal": ("Animal Husbandry or Biology heals wounds of your units in play: choose which, or stop. "
                    "Heal the unit closest to being killed."),
    "rescue": ("China: one of your units killed in this battle may go back to your standing forces, or none. "
               "Save the strongest."),
    "loot": ("You won the battle and may take loot: 3 trade, 3 culture or a resource after a field battle; a "
             "tech, a culture card or 2 resources after a city. Or take nothing."),
    "loot_resource": ("Which of the loser's resources you take, once you chose a resource as loot. Take the "
                      "one your abilities need."),
}

# The goal card (``Game.goal``): shown before the first choice of a guided game and at the top of ``?``.
GOAL: tuple[tuple[str, str], ...] = (
    ("Goal", "be first to win one of four races; there are no points."),
    ("Win by", "culture (the last space of the culture track), technology (Space Flight atop your "
               "tech pyramid), economy (15 coins) or military (a battle won in another's capital)."),
    ("End", "at once, when somebody wins."),
    ("A round", "start (found cities, change government), trade, city management (each city builds, "
                "buys culture or collects a resource), movement, research (trade buys techs)."),
)
