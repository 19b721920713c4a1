"""What each Utopia decision is for, for the guided first game (``boardgames-tui learn``).

Written from the game's rules notes (RULES.md in this folder), the rules in ``seeds/`` and
``/work/shared/rules/utopia.md``; the kinds are those of the steps in placement.py, actions.py and rules.py.
Each text: what the decision is for, what the options do, a tip -- at most 3 sentences, 240 characters."""
from __future__ import annotations

PHASES: dict[str, str] = {
    "guest": ("Phase 1: take a waiting guest and place one of your princes of its people on its island. Once a "
              "round you may draw from the bag instead and then name a player who must take a guest out of "
              "turn."),
    "place": ("Which district of the island gets your new prince (after taking its guest). Three of "
              "your princes of one people in a district build a monument there, so gather them."),
    "name": ("You drew from the bag, so now name another player: they must take a displayed guest at once, out "
             "of turn. Name the one whom the guests left help least."),
    "extra_guest": ("Another player named you: take one of the displayed guests out of turn and place a prince "
                    "for it. Pick the guest whose island and people you need."),
    "build": ("Build after placing or during your phase-2 turn: a wonder (princes of all 5 peoples on one "
              "island) scores 6, a monument (3 princes of one people in a district) scores every phase 3. "
              "Done builds nothing more now."),
    "wonder_prince": ("Your wonder sends one prince of each people on the island back to your supply: "
                      "choose which prince of this people goes. Keep the princes that are close to forming "
                      "a monument."),
    "discard": ("Phase 2 starts with 5 action cards each; the first player in turn order discards 2, the last "
                "none, the others 1. Keep the cards of the peoples whose monuments you own or want to move."),
    "play": ("Phase 2: play cards one action at a time, each for its own people: move, add or remove a "
             "prince, raise a monument or drop one to the bottom of the prestige scale. Raise the peoples of "
             "your monuments, since they score their place."),
    "pay": ("Which card pays for the action; a card of another people counts only with a privilege tile, and "
            "you have two for the whole game. Spend tiles only when it matters."),
    "move_from": ("You play a move card: choose the district your princes leave; where they go and how many "
                  "(1 or 2) are asked next."),
    "move_to": ("Where the moving princes go: a neighbouring district across a street or bridge, or another "
                "pier in the same or a neighbouring sea sector. Back picks another starting district."),
    "move_count": ("How many princes move, one or two from the same district. Move two when a monument needs "
                   "three of them together."),
    "target": ("Add or remove a prince at a monument of its people: adding at another player's monument "
               "scores you 1, removing your prince scores 2. Back chooses another action."),
}

# The goal card (``Game.goal``): shown before the first choice of a guided game and at the top of ``?``.
GOAL: tuple[tuple[str, str], ...] = (
    ("Goal", "gain prestige; whoever is furthest ahead on the score track wins."),
    ("Score", "each monument scores its people's place (1-5) on the prestige scale every round; a "
              "wonder 6, a monument on a wonder's island 3 for the wonder's owner."),
    ("End", "after the prestige phase of a round in which somebody has 50 or more."),
    ("A round", "take guests and place princes on their islands; dominate districts with monuments; "
                "play action cards to move, add or remove princes and raise or drop peoples; score."),
)
