"""`python -m scorekeeper.cli`: the same as the `scorekeeper` command."""

import sys

from scorekeeper.cli import main

sys.exit(main())
