"""Where Debian's Chromium is and how the phones' tests start it (headless, no network of its
own): the one place, with the `browser` fixture (tests import it, `conftest.py` for tests/phones)."""

from __future__ import annotations

import importlib.util
import os
from collections.abc import Iterator
from typing import Any

import pytest

CHROMIUM = next(
    (path for path in ("/usr/bin/chromium-headless-shell", "/usr/bin/chromium") if os.path.exists(path)),
    "/usr/bin/chromium",
)
"""Debian's Chromium: its headless shell where installed (the same Blink, less work per page),
else the browser."""
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


@pytest.fixture
def browser() -> Iterator[Any]:
    """Headless Chromium, closed after the test; a skip with its reason when it cannot run."""
    if importlib.util.find_spec("playwright") is None:
        pytest.skip(reason="playwright is not installed (dev)")
    if not os.path.exists(CHROMIUM):
        pytest.skip(reason=f"{CHROMIUM} is missing: install Debian's chromium (scripts/install.sh --dev)")
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        chromium = playwright.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        yield chromium
        chromium.close()
