"""A folder with a Vosk model's layout but dummy contents, for the model store's own tests.

It is not a model Vosk could load: recognition is tested with the real Korean model.
"""

from __future__ import annotations

import zipfile
from pathlib import Path

FAKE_MODEL_FILES = {
    "am/final.mdl": b"acoustic model " * 4000,
    "conf/model.conf": b"--sample-frequency=16000\n",
    "conf/mfcc.conf": b"--use-energy=false\n",
    "graph/HCLr.fst": b"hclr" * 3000,
    "graph/Gr.fst": b"gr" * 3000,
    "graph/phones/word_boundary.int": b"1 nonword\n",
    "ivector/final.ie": b"ivector" * 1000,
    "README": b"a fake model layout for tests\n",
}


def make_fake_model(folder: Path) -> Path:
    """Write the fake layout into `folder` (created) and return it."""
    for name, content in FAKE_MODEL_FILES.items():
        path = folder / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(content)
    return folder


def make_fake_model_zip(archive: Path, top: str = "vosk-model-small-cn-0.22") -> Path:
    """A zip laid out like the official archives: one top folder holding the model."""
    with zipfile.ZipFile(archive, "w", compression=zipfile.ZIP_DEFLATED) as bundle:
        for name, content in FAKE_MODEL_FILES.items():
            bundle.writestr(f"{top}/{name}", content)
    return archive
