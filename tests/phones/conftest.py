"""The phones' tests' real Chromium (Debian's, through playwright): one place that launches it."""

from __future__ import annotations

import importlib.util
import os
from collections.abc import Iterator
from typing import Any

import pytest

from tests.phones.chromium import ARGS, CHROMIUM


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
