"""Where Debian's Chromium is and how the phones' tests start it (headless, no network of its
own): the one place, for the `browser` fixture (`conftest.py`) and the tests that launch it."""

CHROMIUM = "/usr/bin/chromium"
ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
