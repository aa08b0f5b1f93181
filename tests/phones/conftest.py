"""The phones' tests' real Chromium: the `browser` fixture (`tests.phones.chromium`)."""

from tests.phones.chromium import browser  # noqa: F401  (the fixture, for every test here)
