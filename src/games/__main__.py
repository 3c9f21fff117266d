"""`python -m games` runs the `pokerhands` command (games/cli.py)."""

import sys

from games.cli import main

if __name__ == "__main__":
    sys.exit(main())
