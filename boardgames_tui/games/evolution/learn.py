"""What each Evolution decision is for, for the guided first game (``boardgames-tui learn``).

Written from the game's rules notes (RULES.md in this folder), the German rules in ``seeds/`` and
``/work/shared/rules/evolution.md``; the kinds are those of the steps in rules.py and feeding.py.
Each text: what the decision is for, what the options do, a tip -- at most 3 sentences, 240 characters."""
from __future__ import annotations

PHASES: dict[str, str] = {
    "food": ("Each round you lay one hand card face down as food: its top-left number is the plant food it "
             "adds to the watering hole. Give a card you need least; a low or negative number starves "
             "everyone, your herbivores too."),
    "play": ("Play cards one by one, then end your turn; each card pays for one action. You may keep cards "
             "for later rounds, but every kept card is one your species did not grow with."),
    "use": ("What the chosen card pays for: a new species at either end of your row, body size +1, "
            "population +1, or the card laid face down as a trait. Bigger bodies resist carnivores; "
            "population eats more and scores."),
    "replace": ("The species already holds as many traits as it may (3, or 2 with two players), so one "
                "trait card must go to the discard pile before the new one is laid. Drop the trait that "
                "helps it least now."),
    "feed": ("Feeding: on your turn you feed one species, from the watering hole or, for a carnivore, by "
             "attacking. A hungry species must be fed when it can; passing is offered only when all you "
             "could do is optional."),
    "target": ("Your carnivore attacks a species smaller than itself; the attack always succeeds and the "
               "meat equals the target's printed size. It must pick an opponent's species if it legally can; "
               "Back chooses another feeding."),
    "discard": ("Intelligence: discard a hand card to pay for it: 2 plant food from the bank for a "
                "herbivore, or one trait of the target ignored for a carnivore. Discard the card you would "
                "miss least."),
    "ignore": ("Your Intelligence carnivore attacks a species with Horns: one more discarded card ignores "
               "the Horns, so your carnivore loses no population. Worth it when the carnivore's "
               "population is low."),
}
