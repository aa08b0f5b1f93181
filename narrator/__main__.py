"""`python -m narrator` is the `narrator` command."""

import sys

from narrator.cli import main

sys.exit(main())
