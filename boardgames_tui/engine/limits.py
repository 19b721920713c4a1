"""Numbers shared by the command line and the headless runs (kept here so the
CLI does not import ``simulate`` at start-up for one constant)."""

# `simulate` cuts a game off after this many choices and counts it unfinished.
DEFAULT_MAX_CHOICES = 50_000
