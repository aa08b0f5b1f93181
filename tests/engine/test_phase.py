"""The Phase type: made once each, read back, and nothing but a night or a day."""

from __future__ import annotations

import pytest

from engine.phase import Phase


def test_a_phase_is_made_once_and_reads_back() -> None:
    night = Phase("night", 2)
    assert night is Phase("night", 2) and night == "night 2"
    assert (night.kind, night.number, night.night) == ("night", 2, True)
    assert Phase.parse("day 3") is Phase("day", 3)


def test_only_a_night_or_a_day_is_a_phase_even_once_its_number_was_made() -> None:
    Phase("night", 2)
    Phase("day", 2)
    for kind, number in (("dusk", 2), ("Night", 2), ("night", -1)):
        with pytest.raises(ValueError, match="no phase"):
            Phase(kind, number)  # type: ignore[arg-type]
    with pytest.raises(ValueError):
        Phase.parse("dusk 2")
