"""``python -m boardgames_tui``: the same as the ``boardgames-tui`` command."""
import sys

from .cli import main

if __name__ == "__main__":
    sys.exit(main())
