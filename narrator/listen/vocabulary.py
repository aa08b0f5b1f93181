"""A model's vocabulary read from its files, and whether it covers a locale's phrasebook.

Vosk drops grammar words its model does not know without a word; this says which phrases of
the phrasebook a model cannot hear, without loading the model (hundreds of megabytes): the
words are read from `graph/words.txt` when the model has it, else from the word symbol table
stored in the decoding graph's header (`graph/Gr.fst` or `graph/HCLG.fst`, OpenFst's binary
format: a header, then the input and output symbol tables when its flags say so).
"""

from __future__ import annotations

import struct
from dataclasses import dataclass
from pathlib import Path
from typing import BinaryIO

from narrator.listen.grammar import Vocabulary, build_grammar
from narrator.listen.phrasebook import Phrasebook

_FST_MAGIC = 2125659606
_SYMBOLS_MAGIC = 2125658996
_HAS_INPUT_SYMBOLS = 1
_HAS_OUTPUT_SYMBOLS = 2


class VocabularyError(ValueError):
    """The model's files do not say what words it knows."""


def _read(stream: BinaryIO, size: int) -> bytes:
    data = stream.read(size)
    if len(data) != size:
        raise VocabularyError("the file ends too early")
    return data


def _int32(stream: BinaryIO) -> int:
    value: int = struct.unpack("<i", _read(stream, 4))[0]
    return value


def _int64(stream: BinaryIO) -> int:
    value: int = struct.unpack("<q", _read(stream, 8))[0]
    return value


def _string(stream: BinaryIO) -> str:
    size = _int32(stream)
    if not 0 <= size < 1 << 20:
        raise VocabularyError("not an OpenFst file")
    return _read(stream, size).decode("utf-8", errors="replace")


def _symbol_table(stream: BinaryIO) -> set[str]:
    if _int32(stream) != _SYMBOLS_MAGIC:
        raise VocabularyError("no symbol table where the header says one is")
    _string(stream)  # the table's name
    _int64(stream)  # the next free key
    count = _int64(stream)
    words: set[str] = set()
    buffer, at = b"", 0
    unpack = struct.unpack_from
    while len(words) < count:
        if len(buffer) - at < 1 << 16:  # refill: no entry is longer than a 64 kB window
            buffer, at = buffer[at:] + stream.read(1 << 22), 0
        (size,) = unpack("<i", buffer, at)
        if not 0 <= size < 1 << 15 or at + 4 + size + 8 > len(buffer):
            raise VocabularyError("a damaged symbol table")
        words.add(buffer[at + 4 : at + 4 + size].decode("utf-8", errors="replace"))
        at += 4 + size + 8  # the word, then its 64-bit key
    return words


def fst_words(path: Path) -> set[str]:
    """The output symbols (words) of an OpenFst binary file; raises VocabularyError."""
    with path.open("rb") as stream:
        if _int32(stream) != _FST_MAGIC:
            raise VocabularyError(f"{path.name} is not an OpenFst file")
        _string(stream)  # the FST type
        _string(stream)  # the arc type
        _int32(stream)  # version
        flags = _int32(stream)
        _read(stream, 8 + 8 + 8 + 8)  # properties, start, number of states, number of arcs
        if not flags & _HAS_OUTPUT_SYMBOLS:
            raise VocabularyError(f"{path.name} carries no word list")
        if flags & _HAS_INPUT_SYMBOLS:
            inputs = _symbol_table(stream)
            if path.name == "Gr.fst":  # an acceptor: its input and output words are the same
                return inputs
        return _symbol_table(stream)


def model_words(model: Path) -> set[str]:
    """Every word a Vosk model folder knows; raises VocabularyError when none can be read."""
    graph = model / "graph"
    listed = graph / "words.txt"
    if listed.is_file():
        return {line.split()[0] for line in listed.read_text(encoding="utf-8").splitlines() if line.strip()}
    for name in ("Gr.fst", "HCLG.fst"):
        if (graph / name).is_file():
            return fst_words(graph / name)
    raise VocabularyError(f"{model} has no graph/words.txt, graph/Gr.fst or graph/HCLG.fst")


@dataclass(frozen=True)
class Coverage:
    """Which phrases of a phrasebook a model can hear.

    `missing` maps each phrase it cannot hear to the words it lacks.
    """

    locale: str
    phrases: int
    missing: dict[str, list[str]]

    @property
    def line(self) -> str:
        """One line for the host: all heard, or which phrases are not and what they lack."""
        if not self.missing:
            return f"the {self.locale} model hears all {self.phrases} phrases"
        parts = "; ".join(f"{phrase} (lacks {', '.join(words)})" for phrase, words in self.missing.items())
        return (
            f"the {self.locale} model cannot hear {len(self.missing)} of {self.phrases} phrases: {parts}"
            " — use the buttons for them, or install a larger model"
        )


def coverage(book: Phrasebook, knows: Vocabulary) -> Coverage:
    """Check every phrase of `book` against a vocabulary (as the grammar would)."""
    grammar = build_grammar(book, knows)
    return Coverage(book.locale, len(book.keywords), dict(grammar.unknown))


def folder_coverage(book: Phrasebook, model: Path) -> Coverage:
    """Check `book` against a model folder's vocabulary; raises VocabularyError."""
    words = model_words(model)
    return coverage(book, words.__contains__)
