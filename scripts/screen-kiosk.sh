#!/bin/sh
# The public screen (公屏) full screen on the box's own display: waits until the judge serves
# http://127.0.0.1:PORT/screen, then starts Chromium in kiosk mode on it. Started at boot by
# the desktop's autostart entry that `scripts/install-pi.sh --kiosk` writes.
#
#   scripts/screen-kiosk.sh [PORT]
port=${1:-8000}
url="http://127.0.0.1:$port/screen"
until curl -fs -o /dev/null "$url"; do sleep 2; done
browser=$(command -v chromium-browser || command -v chromium)
[ -n "$browser" ] || { echo "screen-kiosk.sh: no chromium installed (apt install chromium-browser)" >&2; exit 1; }
exec "$browser" --kiosk --noerrdialogs --disable-infobars --no-first-run --password-store=basic --incognito "$url"
