#!/usr/bin/env bash
# Sets up a Raspberry Pi (64-bit Raspberry Pi OS, bookworm) as the judge box:
# the system packages and the venv (scripts/install.sh), the user in the audio group,
# a settings file, and a systemd unit that starts the judge at boot (resuming an
# unfinished game after a crash or a pulled plug: Restart=on-failure) and stays up: an
# evening the host ends is followed by a new lobby from the settings file (--stay).
#
#   scripts/install-pi.sh [--user USER] [--port 8000] [--kiosk] [--dry-run]
#
# --kiosk: a Pi with a display (a TV on its HDMI) also shows the public screen (公屏) full
# screen at boot: an XDG autostart entry of the user's desktop session runs
# scripts/screen-kiosk.sh, which waits for the judge and starts Chromium in kiosk mode on
# http://127.0.0.1:PORT/screen. --dry-run prints what it would write and runs nothing.
set -euo pipefail
cd "$(dirname "$0")/.."
root=$(pwd)

user=${SUDO_USER:-$(id -un)}
port=8000
dry=0
kiosk=0
while [ $# -gt 0 ]; do
  case "$1" in
    --user) user=$2; shift 2 ;;
    --port) port=$2; shift 2 ;;
    --dry-run) dry=1; shift ;;
    --kiosk) kiosk=1; shift ;;
    *) echo "usage: $0 [--user USER] [--port PORT] [--kiosk] [--dry-run]" >&2; exit 2 ;;
  esac
done

config=/etc/werewolf-judge.toml
unit=/etc/systemd/system/werewolf-judge.service

config_text="# Settings of the judge box (see README.md, 'Settings'). Pick the sound devices with
# \`$root/.venv/bin/narrator devices\`.
# The table (seats, board, rules, timers) is set from the host's phone before each deal, and
# the box starts as it was last set; a line below wins over the phone's choice at every start.
# seats = 9
# preset = \"seeds\"
locale = \"zh-CN\"
port = $port
# output_device = \"pulse\"
# input_device = \"pulse\"
"

unit_text="[Unit]
Description=Werewolf judge (狼人杀 法官)
After=network-online.target sound.target
Wants=network-online.target

[Service]
User=$user
WorkingDirectory=$root
Environment=PYTHONUNBUFFERED=1
ExecStart=$root/.venv/bin/narrator play --config $config --resume --stay
Restart=on-failure
RestartSec=3

[Install]
WantedBy=multi-user.target
"

home=$(getent passwd "$user" | cut -d: -f6 || true)
autostart=${home:-/home/$user}/.config/autostart/werewolf-screen.desktop
kiosk_text="[Desktop Entry]
Type=Application
Name=Werewolf public screen (狼人杀 公屏)
Comment=The judge's public screen, full screen
Exec=$root/scripts/screen-kiosk.sh $port
X-GNOME-Autostart-enabled=true
"

if [ "$dry" = 1 ]; then
  printf '# would run: scripts/install.sh\n# would add %s to the audio group\n' "$user"
  printf '# would write %s:\n%s\n# would write %s:\n%s' "$config" "$config_text" "$unit" "$unit_text"
  if [ "$kiosk" = 1 ]; then printf '# would write %s:\n%s' "$autostart" "$kiosk_text"; fi
  exit 0
fi

SUDO=""
[ "$(id -u)" = 0 ] || SUDO="sudo"
scripts/install.sh  # says what it installs, and nothing when everything is there
echo "install-pi.sh: adding $user to the audio group"
$SUDO usermod -a -G audio "$user"
if [ -f "$config" ]; then
  echo "install-pi.sh: keeping the settings in $config"
else
  echo "install-pi.sh: writing the settings to $config"
  printf '%s' "$config_text" | $SUDO tee "$config" >/dev/null
fi
echo "install-pi.sh: writing and enabling the unit $unit"
printf '%s' "$unit_text" | $SUDO tee "$unit" >/dev/null
# Where systemd is not running (a chroot: scripts/check_fresh.sh) there is nothing to reload,
# and `enable` links the unit all the same.
if [ -d /run/systemd/system ]; then $SUDO systemctl daemon-reload; fi
$SUDO systemctl enable --quiet werewolf-judge.service
if [ "$kiosk" = 1 ]; then
  echo "install-pi.sh: the public screen starts full screen with the desktop: $autostart"
  $SUDO install -d -o "$user" "$(dirname "$autostart")"
  printf '%s' "$kiosk_text" | $SUDO tee "$autostart" >/dev/null
  $SUDO chown "$user" "$autostart"
fi
echo "The judge starts at boot. Start it now with: sudo systemctl start werewolf-judge"
echo "Phones join at http://$(hostname -I | awk '{print $1}'):$port (the address is also read aloud)."
