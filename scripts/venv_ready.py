"""Whether this venv already has the project and every requirement of pyproject.toml.

    .venv/bin/python scripts/venv_ready.py [--dev] [--project FILE]   # exit 0: ready; 1: not

scripts/install.sh asks this before running pip, so that `scripts/judge.sh` starts at once
(and prints nothing) when everything is installed, and still installs what is missing or what
a newer pyproject.toml asks for. Requirements are read from pyproject.toml itself, not from
the installed metadata, so a dependency added since the last install counts as missing.
"""

from __future__ import annotations

import sys
import tomllib
from importlib import metadata
from pathlib import Path

try:
    from packaging.requirements import Requirement
except ImportError:  # a fresh venv: pip's own copy
    from pip._vendor.packaging.requirements import Requirement  # type: ignore[assignment]

PROJECT = Path(__file__).resolve().parents[1] / "pyproject.toml"


def missing(dev: bool, pyproject: Path = PROJECT) -> list[str]:
    """The requirements of `pyproject` (with the dev extra when `dev`) not met here."""
    project = tomllib.loads(pyproject.read_text(encoding="utf-8"))["project"]
    wanted = [project["name"], *project["dependencies"]]
    if dev:
        wanted += project["optional-dependencies"]["dev"]
    unmet = []
    for line in wanted:
        requirement = Requirement(line)
        if requirement.marker is not None and not requirement.marker.evaluate():
            continue
        try:
            version = metadata.version(requirement.name)
        except metadata.PackageNotFoundError:
            unmet.append(line)
            continue
        if not requirement.specifier.contains(version, prereleases=True):
            unmet.append(line)
    return unmet


if __name__ == "__main__":
    args = sys.argv[1:]
    pyproject = Path(args[args.index("--project") + 1]) if "--project" in args else PROJECT
    unmet = missing("--dev" in args, pyproject)
    for line in unmet:
        print(f"not installed: {line}", file=sys.stderr)
    sys.exit(1 if unmet else 0)
