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

# The goal card (``Game.goal``): shown before the first choice of a guided game and at the top of ``?``.
GOAL: tuple[tuple[str, str], ...] = (
    ("Goal", "grow species that eat, plants at the watering hole or each other; the most points wins."),
    ("Score", "1 per food in your bag, 1 per population, 1 per trait card on your species."),
    ("End", "when the deck runs out during a deal, that round is the last."),
    ("A round", "deal cards; each lays one face down as plant food; play cards for new species, body "
                "size, population or traits; then feed one species at a time. A species left hungry "
                "loses population."),
)
