#!/usr/bin/env bash
# Sets up the judge (system packages included) and starts it: `scripts/judge.sh [narrator args]`.
# With no arguments it plays a game with the embedded defaults. When everything is installed
# already, install.sh runs neither apt nor pip and prints nothing: the judge starts at once.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/install.sh
if [ $# -eq 0 ]; then set -- play; fi
exec .venv/bin/narrator "$@"
