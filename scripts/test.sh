#!/usr/bin/env bash
# Sets up everything the tests need (system packages included) and runs the whole test suite,
# once: its status is pytest's. Native code that can crash (libespeak-ng, LiteRT) runs in voice
# worker processes and in `narrator` subprocesses started with faulthandler, so a crash there is
# one failing test with its traceback, never a dead run; a run killed by a signal fails as such.
set -uo pipefail
cd "$(dirname "$0")/.."
scripts/install.sh --dev || exit $?
exec .venv/bin/python -X faulthandler -m pytest "$@"
