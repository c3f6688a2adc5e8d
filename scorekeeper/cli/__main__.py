"""`python -m scorekeeper.cli`: the same as the `scorekeeper` command."""

import sys

from scorekeeper.cli import main

if __name__ == "__main__":  # not when a printing worker process imports it
    sys.exit(main())
