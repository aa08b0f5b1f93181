"""The usual catalogue's steps and day actions, for tests that look them up without a game
(`engine.catalog.usual`: built on first use; a game reads its own, `game.catalogue`)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from engine.catalog import usual
from engine.decisions import Decision
from engine.steps import DayAction, StepSpec

STEPS: Mapping[str, StepSpec[Any]] = usual().steps
ACTIONS: Mapping[type[Decision], DayAction[Any]] = usual().actions
