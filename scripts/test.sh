#!/usr/bin/env bash
# Sets up everything the tests need (system packages included) and runs the whole test suite.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/install.sh --dev
exec .venv/bin/python -m pytest "$@"
