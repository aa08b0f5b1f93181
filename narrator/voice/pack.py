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

A rendered pack (`narrator voices render --engine neural`) also has:

    pack.toml                           engine = "…", and a [texts] table: the words of each
                                        clip ("death.out@seat=5" = "5号出局。"); a clip whose
                                        words are no longer the catalogue's is not played
    pieces/出局。.wav                    pieces of lines, named by their words, from which
    pieces/12号.wav                     lines with seats are composed (`compose.py`)
"""

from __future__ import annotations

import json
import os
import re
import tempfile
import tomllib
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from pathlib import Path

from narrator.voice.clips import Clip, read_wav, write_wav

AMBIENCE_FILE = "ambience.wav"
MANIFEST = "pack.toml"
PIECES = "pieces"
# Characters that some file systems refuse in a name (FAT on a USB stick): replaced by "_".
_UNSAFE = re.compile(r'[<>:"/\\|?*\x00-\x1f]')


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


def piece_name(text: str) -> str:
    """The file name of the piece that says `text` ("出局。" → "出局。.wav")."""
    return f"{_UNSAFE.sub('_', text.strip()) or '_'}.wav"


def _toml_string(text: str) -> str:
    """`text` as a TOML basic string (JSON's escapes are TOML's)."""
    return json.dumps(text, ensure_ascii=False)


@dataclass
class VoicePack:
    """Recorded clips in `folder`; `clip` finds the one for a line or returns None."""

    folder: Path
    name: str = ""
    locale: str | None = None
    engine: str | None = None
    texts: dict[str, str] | None = None
    _clips: dict[str, Clip] = field(default_factory=dict, repr=False)

    @classmethod
    def open(cls, folder: Path) -> VoicePack:
        """The pack in `folder`, with its `pack.toml` if it has one."""
        if not folder.is_dir():
            raise FileNotFoundError(f"no voice pack folder {folder}")
        meta: dict[str, object] = {}
        manifest = folder / MANIFEST
        if manifest.exists():
            with open(manifest, "rb") as file:
                meta = tomllib.load(file)
        locale, engine, texts = meta.get("locale"), meta.get("engine"), meta.get("texts")
        return cls(
            folder=folder,
            name=str(meta.get("name", folder.name)),
            locale=str(locale) if locale else None,
            engine=str(engine) if engine else None,
            texts={str(k): str(v) for k, v in texts.items()} if isinstance(texts, dict) else None,
        )

    @classmethod
    def create(cls, folder: Path, name: str, locale: str, engine: str) -> VoicePack:
        """The rendered pack in `folder` (made if needed) for `locale` by `engine`.

        An existing pack rendered by the same engine keeps its clips; one rendered by another
        engine (another version) is rendered anew: its words and pieces are forgotten. A
        recorded pack, or one in another locale, is refused with `ValueError`: recordings are
        never overwritten.
        """
        if (folder / MANIFEST).exists() or (folder.is_dir() and any(folder.glob("*.wav"))):
            pack = cls.open(folder)
            if pack.engine is None or pack.texts is None or pack.locale != locale:
                raise ValueError(
                    f"{folder} holds a voice pack of recordings or in another language "
                    f"({pack.locale}): render into another folder"
                )
            if pack.engine != engine:
                for piece in (folder / PIECES).glob("*.wav"):
                    piece.unlink()
                pack.engine, pack.texts = engine, {}
                pack.save()
            return pack
        folder.mkdir(parents=True, exist_ok=True)
        pack = cls(folder=folder, name=name, locale=locale, engine=engine, texts={})
        pack.save()
        return pack

    def clip(
        self, key: str, params: Mapping[str, object] | None = None, text: str | None = None
    ) -> Clip | None:
        """The clip of line `key` with `params`, or None when the pack lacks it.

        With `text` (the words the line says now), a rendered pack's clip made for other
        words is not returned.
        """
        name = clip_name(key, params)
        if not self.says(name, text):
            return None
        return self._read(name, self.folder / name)

    def has(self, key: str, params: Mapping[str, object] | None, text: str) -> bool:
        """Whether the pack has a clip of line `key` with `params` that says `text`."""
        name = clip_name(key, params)
        return self.says(name, text) and (self.folder / name).is_file()

    def says(self, name: str, text: str | None) -> bool:
        """Whether the clip file `name` says `text` (a recorded pack's clips always do)."""
        if self.texts is None or text is None:
            return True
        return self.texts.get(name.removesuffix(".wav")) == text

    def piece(self, text: str) -> Clip | None:
        """The piece saying `text`, or None."""
        name = f"{PIECES}/{piece_name(text)}"
        return self._read(name, self.folder / name)

    def add(self, key: str, params: Mapping[str, object] | None, text: str, clip: Clip) -> None:
        """Keep `clip` as the line `key` with `params`, saying `text` (call `save` after)."""
        name = clip_name(key, params)
        write_wav(clip, self.folder / name)
        self._clips.pop(name, None)
        if self.texts is not None:
            self.texts[name.removesuffix(".wav")] = text

    def add_piece(self, text: str, clip: Clip) -> None:
        """Keep `clip` as the piece saying `text`."""
        write_wav(clip, self.folder / PIECES / piece_name(text))

    def has_piece(self, text: str) -> bool:
        """Whether the pack has the piece saying `text`."""
        return (self.folder / PIECES / piece_name(text)).is_file()

    def save(self) -> None:
        """Write `pack.toml` (name, locale, engine and the words of each clip), atomically."""
        lines = [f"name = {_toml_string(self.name)}"]
        if self.locale:
            lines.append(f"locale = {_toml_string(self.locale)}")
        if self.engine:
            lines.append(f"engine = {_toml_string(self.engine)}")
        if self.texts is not None:
            lines += ["", "[texts]"]
            lines += [f"{_toml_string(k)} = {_toml_string(v)}" for k, v in sorted(self.texts.items())]
        handle, temporary = tempfile.mkstemp(dir=self.folder, prefix=".part-", suffix=".toml")
        with os.fdopen(handle, "w", encoding="utf-8") as file:
            file.write("\n".join(lines) + "\n")
        os.replace(temporary, self.folder / MANIFEST)

    def _read(self, name: str, path: Path) -> Clip | None:
        if name in self._clips:
            return self._clips[name]
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
