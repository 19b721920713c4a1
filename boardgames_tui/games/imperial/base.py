"""What Imperial's rules module and its parts (``maneuver``, ``investor``) share: the step base class
of a power's decisions, the unit kinds and the maneuver's phases.  It imports nothing of the game
but its data, so every part can import it."""
from __future__ import annotations

from typing import ClassVar

from ...engine.core import Option
from ...engine.steps import Step

ARMY, FLEET = "army", "fleet"
FLEETS_PHASE, ARMIES_PHASE = "fleets", "armies"

BACK = Option("back", "Back")


class PowerStep(Step):
    """A decision of ``player`` for ``power``."""
    power: int
    private: ClassVar[bool] = False
