"""The sniffer's timing guess on an SD card: with the real store on a slow disk (the SD card's
stand-in, `tests/support/slowdisk.py`, fsync 20 ms and 120 ms slower), whole games from
Chromium's sockets through a TCP proxy per seat; at each real night step a sniffer times each
living phone's first touch to the first frame the box sends it after, and calls the slowest
the actor (knowing which frame is the answer: every frame is read). Every touch writes alike and is answered from its arrival (nightgate Rule 4), so the
guess is no better than chance. The real clock is the subject (the disk's own time)."""

from __future__ import annotations

import asyncio
import math
import os
from pathlib import Path

import pytest

from engine.catalog import usual
from engine.rules import make_rules
from engine.setup import Setup
from narrator.phones.screens import is_night
from narrator.recorded import RecordedGame
from narrator.store import Store
from tests.phones.test_wire import CHROMIUM, ROLES, Frame, Proxy, Step, night_windows, play_through_chromium
from tests.support.slowdisk import sd_card, unavailable

ANSWERS = ("ack:", "error:")  # the answer to a touch, told from the others by its text (a
# stronger sniffer than one on the Wi-Fi, who sees only frames of one size)
pytestmark = pytest.mark.skipif(
    not os.path.exists(CHROMIUM), reason=f"{CHROMIUM} is missing (scripts/install.sh --dev)"
)


def slowest_first_answer_guesses(
    steps: list[Step], frames: dict[int, list[Frame]], proxies: dict[int, Proxy]
) -> tuple[int, float, float, int]:
    """Over the real night steps: how often "the phone whose first touch was answered last is
    an actor" was right, how often chance would be (its mean and variance), and the steps."""
    right, chance, variance, counted = 0, 0.0, 0.0, 0
    for step, end in night_windows(steps):
        if not step.real or step.step is None or not is_night(usual(), step.step):
            continue
        waited: dict[int, float] = {}
        for seat in step.alive:
            touches = [t for t in proxies[seat].sent if step.at <= t < end]
            if not touches:
                continue
            answers = [f.at for f in frames[seat] if f.at > touches[0] and f.what.startswith(ANSWERS)]
            if answers:
                waited[seat] = answers[0] - touches[0]
        actors = set(step.actors) & set(waited)
        if len(waited) < 2 or not actors:
            continue
        counted += 1
        guess = max(waited, key=waited.__getitem__)
        right += guess in actors
        p = len(actors) / len(waited)
        chance += p
        variance += p * (1 - p)
    return right, chance, variance, counted


@pytest.mark.parametrize("fsync_ms", [20, 120])
def test_on_an_sd_card_the_slowest_first_answer_is_no_better_than_chance(
    tmp_path: Path, fsync_ms: int
) -> None:
    reason = unavailable()
    if reason is not None:
        print(f"skipped: {reason}")
        pytest.skip(reason=f"no SD card's stand-in here: {reason}")
    with sd_card(tmp_path, fsync_ms) as card:
        store = Store(card / "games.sqlite3")
        try:
            setup, rules = Setup(seats=9, roles=ROLES), make_rules({})
            game = RecordedGame(setup, rules).record_to(store, store.create(setup, rules))
            proxies: dict[int, Proxy] = {}
            steps, frames, played, _ = asyncio.run(
                play_through_chromium(seed=11, game=game, proxies_out=proxies)
            )
            assert played.over
            assert store.load(game.game_id).decisions == list(game.log)  # every decision on the card
        finally:
            store.close()
    right, chance, variance, counted = slowest_first_answer_guesses(steps, frames, proxies)
    print(
        f"fsync +{fsync_ms} ms: the slowest first answer was an actor's in {right} of {counted} real "
        f"night steps (chance: {chance:.1f} ± {math.sqrt(variance):.1f})"
    )
    assert counted >= 6, "a game with real night steps that the phones touched"
    assert right <= chance + 2 * math.sqrt(variance) + 1, (right, counted, chance)
