"""The script catalogues: every cue the engine can emit has a line in every locale, filled."""

from __future__ import annotations

import string
from pathlib import Path

import pytest

from engine.catalog import usual
from engine.outcome import Winner
from engine.roles import Role
from narrator.voice.catalogue import (
    LOCALES,
    PLACEHOLDER_KINDS,
    Catalogue,
    CatalogueError,
    UnknownLine,
    catalogue_path,
    load_catalogue,
)

# A value for every placeholder, to render every line.
SAMPLE = {
    "seat": 5,
    "target": 7,
    "seats": [3, 5, 7],
    "night": 2,
    "day": 2,
    "count": 12,
    "seconds": 10,
    "votes": 6.5,
    "role": "seer",
    "winner": "villagers",
    "direction": "clockwise",
    "wolves": 4,
    "gods": 4,
    "villagers": 3,
    "others": 1,
}
# Placeholders whose value is news to the table: a line that drops one loses what happened.
MUST_SAY = {"seat", "target", "seats", "role", "winner", "direction", "votes"}


@pytest.fixture(params=LOCALES)
def catalogue(request: pytest.FixtureRequest) -> Catalogue:
    return load_catalogue(request.param)


def test_every_cue_has_a_line_in_every_locale(catalogue: Catalogue) -> None:
    missing = sorted(key for key in usual().cues if key not in catalogue)
    assert not missing, f"{catalogue.locale} lacks lines for {missing}"


def test_every_line_uses_only_its_cue_parameters(catalogue: Catalogue) -> None:
    for key, params in usual().cues.items():
        unknown = catalogue.placeholders(key) - set(params)
        assert not unknown, f"{catalogue.locale} {key}: {unknown} are not parameters of the cue"
        dropped = (set(params) & MUST_SAY) - catalogue.placeholders(key)
        assert not dropped, f"{catalogue.locale} {key} does not say {dropped}"


def test_every_line_renders_with_every_placeholder_filled(catalogue: Catalogue) -> None:
    assert set(SAMPLE) == set(PLACEHOLDER_KINDS)
    for key in catalogue.keys():
        text = catalogue.text(key, **SAMPLE)
        assert text.strip(), key
        assert "{" not in text and "}" not in text, f"{catalogue.locale} {key}: {text}"


def test_every_cue_renders_with_exactly_its_parameters(catalogue: Catalogue) -> None:
    for key, params in usual().cues.items():
        catalogue.text(key, **{name: SAMPLE[name] for name in params})


def test_every_role_winner_and_direction_has_a_name(catalogue: Catalogue) -> None:
    assert set(catalogue.roles) == {role.value for role in Role}
    assert set(catalogue.winners) == {winner.value for winner in Winner}
    assert set(catalogue.directions) == {"clockwise", "counterclockwise"}


def test_every_locale_has_the_same_lines() -> None:
    keys = {locale: set(load_catalogue(locale).keys()) for locale in LOCALES}
    assert keys["zh-TW"] == keys["zh-CN"] == keys["en"]


@pytest.mark.parametrize(
    ("locale", "seats", "expected"),
    [
        ("zh-CN", [5], "5号"),
        ("zh-CN", [3, 5], "3号和5号"),
        ("zh-CN", [3, 5, 7], "3号、5号和7号"),
        ("zh-TW", [3, 5, 7], "3號、5號和7號"),
        ("en", [5], "seat five"),
        ("en", [3, 5, 7], "seats three, five and seven"),
        ("en", [11, 12], "seats eleven and twelve"),
        ("zh-CN", [], "没有人"),
        ("en", [], "nobody"),
    ],
)
def test_seats_are_read_as_a_person_would(locale: str, seats: list[int], expected: str) -> None:
    assert load_catalogue(locale).read("seats", seats) == expected


def test_lines_read_seats_roles_and_numbers_in_words() -> None:
    zh, en = load_catalogue("zh-CN"), load_catalogue("en")
    assert zh.text("death.card", seat=12, role="little_girl") == "12号的身份是小女孩。"
    assert zh.text("timer.remaining", seconds=10) == "还剩十秒。"
    assert zh.text("discussion.start", seat=5, direction="clockwise") == "从5号开始，顺时针发言。"
    assert en.text("timer.remaining", seconds=10) == "Ten seconds left."
    assert en.text("hunter.shot", seat=4, target=9) == "The player in seat four shot seat nine."
    assert en.text("review.night", night=2) == "Night two."


def test_the_seeds_phrases_are_the_judges_lines() -> None:
    zh = load_catalogue("zh-CN")
    assert zh.text("night.falls") == "天黑请闭眼。"
    assert zh.text("seer.wake") + zh.text("seer.act") == "预言家请睁眼。预言家，请选择你要查验的玩家。"
    assert zh.text("day.breaks").startswith("天亮了")
    assert zh.text("deaths.peaceful") == "昨晚是平安夜。"


@pytest.mark.parametrize(
    ("key", "params", "error"),
    [
        ("no.such.line", {}, UnknownLine),
        ("death.out", {}, CatalogueError),
        ("death.out", {"seat": "five"}, CatalogueError),
        ("death.card", {"seat": 5, "role": "dragon"}, CatalogueError),
        ("deaths.announce", {"seats": 5}, CatalogueError),
    ],
)
def test_a_line_said_wrong_is_refused_by_name(
    key: str, params: dict[str, object], error: type[Exception]
) -> None:
    with pytest.raises(error, match=key if error is UnknownLine else r"\{"):
        load_catalogue("en").text(key, **params)


def test_a_catalogue_with_an_unknown_placeholder_is_refused(tmp_path: Path) -> None:
    source = load_catalogue("en")
    text = catalogue_path("en").read_text(encoding="utf-8")
    broken = tmp_path / "en.toml"
    broken.write_text(text.replace("{seconds} seconds left.", "{secs} seconds left."))
    assert source.text("timer.remaining", seconds=5) == "Five seconds left."
    with pytest.raises(CatalogueError, match=r"timer.remaining.*\{secs\}"):
        load_catalogue("en", broken)


def test_placeholder_kinds_cover_the_cue_parameters() -> None:
    used = {name for params in usual().cues.values() for name in params}
    assert used <= set(PLACEHOLDER_KINDS)
    for locale in LOCALES:
        for template in load_catalogue(locale).lines.values():
            for _, name, _, _ in string.Formatter().parse(template):
                assert name is None or name in PLACEHOLDER_KINDS
