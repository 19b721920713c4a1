"""What each Imperial decision is for, for the guided first game (``boardgames-tui learn``).

Written from the game's rules notes (RULES.md in this folder), the German rules in ``seeds/`` and
``/work/shared/rules/imperial.md``; the kinds are those of the steps in rules.py, investor.py, maneuver.py
and payin.py.  Each text: what the decision is for, what the options do, a tip -- at most 3 sentences,
240 characters."""
from __future__ import annotations

PHASES: dict[str, str] = {
    "opening": ("Opening: each player in turn may buy one bond of this power, or pass. The price goes into "
                "its treasury, which pays you the bond's interest later; whoever lent a power the most "
                "governs it."),
    "rondel": ("As this power's government, choose its rondel action: up to 3 spaces clockwise are free, "
               "each further one costs you 2M of your own. Taxation turns factories and flags into power "
               "points, which raise your bonds' worth."),
    "factory": ("Factory: build one factory for 5M from the treasury in one of the power's cities without "
                "one; a brown city gets an arms factory (armies), a port a shipyard (fleets). More "
                "factories mean more units and more tax."),
    "import": ("Import: place up to 3 units, 1M each from the treasury, one at a time: armies in home "
               "provinces, fleets in home ports. Import nothing more stops early and keeps the money."),
    "maneuver": ("Maneuver: pick a unit to move, fleets first, then armies; where it goes is asked next. A "
                 "power alone in a neutral region or sea plants its flag there, and each flag adds 1M to "
                 "its tax."),
    "destination": ("Where the unit you picked in the maneuver goes: a fleet to a neighbouring sea, an army "
                    "to a neighbouring land, by railway through home provinces or carried by fleets. Back "
                    "picks another unit."),
    "battle": ("Your unit entered a region with foreign units: battle one of them, and each side loses one "
               "unit, or stay side by side in peace. Fight to clear a blocked province or to take a flag."),
    "declare": ("Your army entered another power's home province: hostile blocks it from producing, importing, "
                "building and taxing; friendly, lying down, has no effect. Hostile hurts that power but lets "
                "its units demand a battle."),
    "demand": ("A foreign unit has just arrived where this power has units: demand a battle and both units "
               "are removed, or let it stay. Worth it when it would block a home province or take a flag."),
    "invest": ("Investor: buy a bond of any power or trade one of yours up, paying the difference into its "
               "treasury; or pay your own money into a treasury, or invest nothing. Lending a power the most "
               "makes you its government."),
    "bond": ("Which bond to buy (once you chose the power): a dearer bond pays more interest, and trading in one "
             "of yours costs only the difference. Your bonds score interest times the power's factor at the end."),
    "donate_power": ("Paying your own money into a treasury: choose whose (the sum is asked next). Money in "
                     "a treasury scores nothing, but it pays a power's factories, imports and the interest "
                     "of its bonds."),
    "donate": ("How much of your own money goes into the chosen treasury (once you chose whose); Back "
               "chooses again. Give only what the power needs: cash in hand counts 1 point per million at the end."),
    "force": ("Swiss bank: a power wants to move past the Investor space. Forcing a stop makes it pay all its "
              "interest and lets the investors buy bonds; let it move on if that does not help you."),
}

# The goal card (``Game.goal``): shown before the first choice of a guided game and at the top of ``?``.
GOAL: tuple[tuple[str, str], ...] = (
    ("Goal", "lend the six powers money by buying their bonds; the highest score wins."),
    ("Score", "each bond's interest × its power's factor (×0 under 5 power points, up to ×5 at 25), "
              "plus your cash. Money in a treasury scores nothing."),
    ("End", "at once when a power reaches 25 power points in a taxation."),
    ("A round", "each power's government (whoever lent it most: maybe you) moves it on the rondel: "
                "factories, imports, maneuvers, taxation; the Investor space pays interest and sells bonds."),
)
