"""What each Phoenicia decision is for, for the guided first game (``boardgames-tui learn``).

Written from the game's rules notes (RULES.md in this folder), the German rules in ``seeds/`` and
``/work/shared/rules/phoenicia.md``; the kinds are those of the steps in auction.py, workers.py and rules.py.
Each text: what the decision is for, what the options do, a tip -- at most 3 sentences, 240 characters."""
from __future__ import annotations

PHASES: dict[str, str] = {
    "auction": ("Step a of your turn: open an auction for a displayed development card at its printed bid, "
                "or go on to workers. Cards give VP, production, workers and discounts; production is what "
                "pays for everything later."),
    "bid": ("An auction runs round the table: raise to any higher bid you could pay, or pass and drop out "
            "of this auction. The last bidder takes the card and pays the bid minus their discount for it."),
    "pay": ("Pay the price one production card at a time (4, 5 or 6 each), or the rest in disks once they "
            "cover it. Overpaying with a card gives the change in disks, so pay with the card closest to "
            "the price."),
    "workers": ("Step b: train workers (pay 2), employ a trained worker on a production tile for its price, "
                "or move one to a better tile. Employed workers are your production and VP, so workers "
                "are where growth comes from."),
    "tools": ("Step c: buy a tool disk so a later trained worker goes on that space for free, turn one "
              "production card into disks, buy VP with City Center, or end your turn. Limits are checked "
              "only in administration."),
    "discard": ("Administration: you hold more production cards than storehouses, so one must go. "
                "Discard the card of the lowest value; more storehouses would let you keep more."),
}

# The goal card (``Game.goal``): shown before the first choice of a guided game and at the top of ``?``.
GOAL: tuple[tuple[str, str], ...] = (
    ("Goal", "grow your village; the most victory points (VP) wins."),
    ("Score", "VP from development cards and from the workers employed on your production tiles."),
    ("End", "in the administration of a round in which somebody has 32 VP or more."),
    ("A round", "each player in turn may auction a displayed card, train and employ workers, buy tools, "
                "then end the turn; administration pays production as cards and disks."),
)
