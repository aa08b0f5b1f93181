"""Finding and installing models: the user's model folder, a pip package, a zip or a folder."""

from __future__ import annotations

import zipfile
from pathlib import Path

import pytest

from narrator.cli import main
from narrator.listen.models import (
    MODELS_DIR_VARIABLE,
    ModelError,
    check_model_folder,
    find_model,
    guess_locale,
    install_model,
    models_dir,
    packaged_model,
)
from tests.listen.fake_model import make_fake_model, make_fake_model_zip


@pytest.fixture
def model_home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """An empty model folder, through the environment variable."""
    home = tmp_path / "models"
    monkeypatch.setenv(MODELS_DIR_VARIABLE, str(home))
    return home


def test_models_live_in_the_xdg_data_folder_unless_overridden(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.delenv(MODELS_DIR_VARIABLE, raising=False)
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    assert models_dir() == tmp_path / "data" / "werewolf-narrator" / "models"
    monkeypatch.setenv(MODELS_DIR_VARIABLE, str(tmp_path / "elsewhere"))
    assert models_dir() == tmp_path / "elsewhere"


def test_the_korean_model_is_found_in_its_pip_package(model_home: Path) -> None:
    location = find_model("ko")
    assert location.source == "package"
    assert location.path == packaged_model("ko")
    assert (location.path / "am" / "final.mdl").is_file()


def test_a_missing_model_says_how_to_get_one(model_home: Path) -> None:
    with pytest.raises(ModelError, match="narrator models download zh-CN"):
        find_model("zh")


def test_a_folder_that_is_not_a_model_is_refused_with_what_it_lacks(tmp_path: Path) -> None:
    (tmp_path / "am").mkdir()
    with pytest.raises(ModelError, match=r"lacks .*am/final\.mdl.*conf/model\.conf.*graph"):
        check_model_folder(tmp_path)


def test_a_zip_installs_into_the_locale_folder(model_home: Path, tmp_path: Path) -> None:
    archive = make_fake_model_zip(tmp_path / "vosk-model-small-cn-0.22.zip")
    location = install_model(archive)
    assert location.locale == "zh-CN"
    assert location.path == model_home / "zh-CN"
    assert (location.path / "am" / "final.mdl").is_file()
    assert find_model("zh-CN").source == "installed"


def test_a_folder_installs_and_replaces_the_old_model(model_home: Path, tmp_path: Path) -> None:
    first = make_fake_model(tmp_path / "first")
    install_model(first, "en")
    second = make_fake_model(tmp_path / "second")
    (second / "README").write_text("the second one")
    install_model(second, "en")
    assert (model_home / "en" / "README").read_text() == "the second one"
    assert sorted(p.name for p in model_home.iterdir()) == ["en"]


def test_a_bad_archive_is_refused_and_leaves_nothing(model_home: Path, tmp_path: Path) -> None:
    broken = tmp_path / "vosk-model-small-en-us-0.15.zip"
    broken.write_bytes(b"PK\x03\x04 this is not really a zip")
    with pytest.raises(ModelError, match="not a readable zip"):
        install_model(broken)
    assert not (model_home / "en").exists()


def test_an_archive_without_a_model_is_refused(model_home: Path, tmp_path: Path) -> None:
    archive = tmp_path / "photos-en.zip"
    with zipfile.ZipFile(archive, "w") as bundle:
        bundle.writestr("holiday/beach.txt", "sand")
    with pytest.raises(ModelError, match="holds no Vosk model"):
        install_model(archive)


def test_an_archive_escaping_its_folder_is_refused(model_home: Path, tmp_path: Path) -> None:
    archive = tmp_path / "evil-en.zip"
    with zipfile.ZipFile(archive, "w") as bundle:
        bundle.writestr("../../outside.txt", "gotcha")
    with pytest.raises(ModelError, match="unsafe"):
        install_model(archive)
    assert not (tmp_path / "outside.txt").exists()


def test_the_locale_is_guessed_from_official_names_or_must_be_given(model_home: Path, tmp_path: Path) -> None:
    assert guess_locale("vosk-model-small-cn-0.22.zip") == "zh-CN"
    assert guess_locale("vosk-model-small-en-us-0.15") == "en"
    with pytest.raises(ModelError, match="--locale"):
        install_model(make_fake_model(tmp_path / "mystery"))


def test_models_commands_install_list_and_path(
    model_home: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    archive = make_fake_model_zip(tmp_path / "vosk-model-small-en-us-0.15.zip", "small-en")
    assert main(["models", "install", str(archive)]) == 0
    assert main(["models", "path", "en"]) == 0
    assert main(["models", "list"]) == 0
    assert main(["models", "path", "zh-CN"]) == 1
    out, err = capsys.readouterr()
    assert f"{model_home / 'en'}\n" in out
    assert "vosk-model-small-cn-0.22" in out and "not installed" in out
    assert "no speech model for zh-CN" in err


def test_models_install_reports_a_folder_that_is_not_a_model(
    model_home: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    (tmp_path / "notes").mkdir()
    assert main(["models", "install", str(tmp_path / "notes"), "--locale", "en"]) == 1
    assert "is not a Vosk model" in capsys.readouterr().err
