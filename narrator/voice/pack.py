"""Voice packs: a folder of recorded clips that replaces the synthetic voice line by line.

Layout (see `audio/README.md`): a folder with an optional `pack.toml` (`name`, `locale`) and
one WAV file per line, named by its catalogue key:

    my-judge/pack.toml                  name = "Lao Wang", locale = "zh-CN"
    my-judge/night.falls.wav            天黑请闭眼
    my-judge/seer.wake.wav              预言家请睁眼
    my-judge/death.out@seat=5.wav       5号出局 (one clip for one value of a placeholder)
    my-judge/deaths.announce@seats=3-5.wav
    my-judge/ambience.wav               optional: the night ambience

A line with placeholders uses the clip named with its values (`key@name=value,name=value`,
names sorted, seats joined with `-`); any line without its clip is spoken by the synthetic
voice. WAV files may be 8-, 16- or 32-bit PCM, any rate, mono or stereo.
"""

from __future__ import annotations

import tomllib
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from pathlib import Path

from narrator.voice.clips import Clip, read_wav

AMBIENCE_FILE = "ambience.wav"


def _value_name(value: object) -> str:
    if isinstance(value, Iterable) and not isinstance(value, str | bytes):
        return "-".join(str(v) for v in value)
    return str(value)


def clip_name(key: str, params: Mapping[str, object] | None = None) -> str:
    """The file name of the clip for line `key` said with `params`."""
    if not params:
        return f"{key}.wav"
    values = ",".join(f"{name}={_value_name(params[name])}" for name in sorted(params))
    return f"{key}@{values}.wav"


@dataclass
class VoicePack:
    """Recorded clips in `folder`; `clip` finds the one for a line or returns None."""

    folder: Path
    name: str = ""
    locale: str | None = None
    _clips: dict[str, Clip] = field(default_factory=dict, repr=False)

    @classmethod
    def open(cls, folder: Path) -> VoicePack:
        """The pack in `folder`, with its `pack.toml` if it has one."""
        if not folder.is_dir():
            raise FileNotFoundError(f"no voice pack folder {folder}")
        meta: dict[str, object] = {}
        manifest = folder / "pack.toml"
        if manifest.exists():
            with open(manifest, "rb") as file:
                meta = tomllib.load(file)
        locale = meta.get("locale")
        return cls(
            folder=folder,
            name=str(meta.get("name", folder.name)),
            locale=str(locale) if locale else None,
        )

    def clip(self, key: str, params: Mapping[str, object] | None = None) -> Clip | None:
        """The recorded clip of line `key` with `params`, or None when the pack lacks it."""
        name = clip_name(key, params)
        if name in self._clips:
            return self._clips[name]
        path = self.folder / name
        if not path.is_file():
            return None
        clip = read_wav(path)
        self._clips[name] = clip
        return clip

    def ambience(self) -> Clip | None:
        """The pack's own night ambience, if it has one."""
        path = self.folder / AMBIENCE_FILE
        return read_wav(path) if path.is_file() else None

    def recorded_keys(self) -> set[str]:
        """The line keys that have at least one clip in the pack."""
        return {p.stem.split("@", 1)[0] for p in self.folder.glob("*.wav")} - {"ambience"}
