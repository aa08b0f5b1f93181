"""Lines with seats composed from rendered pieces: "{seat}出局。" is 十二号 + 出局。.

A line with a seat has too many values to render whole for every seat (a catalogue of ~60 such
lines × 18 seats, more with two seats or a role), so a rendered voice pack holds its pieces:
the words between the placeholders as the template writes them, and each value as the
catalogue reads it ("12号", "预言家", "顺时针"). A list of seats is read item by item with the
locale's separators ("3号" "、" "5号" "和" "7号"). Each piece says exactly the words of the line
that it stands for, so a composed line says what `Catalogue.text` says, in the same order.
"""

from __future__ import annotations

import string
from collections.abc import Iterable, Mapping

import numpy as np

from narrator.voice.catalogue import PLACEHOLDER_KINDS, Catalogue
from narrator.voice.clips import Clip
from narrator.voice.pack import VoicePack


def value_pieces(catalogue: Catalogue, name: str, value: object) -> list[str]:
    """The pieces that read the value of placeholder `name`: one, or one per seat of a list."""
    if PLACEHOLDER_KINDS[name] != "seats" or not isinstance(value, Iterable) or isinstance(value, str):
        return [catalogue.read(name, value)]
    seats = list(value)
    if len(seats) < 2:
        return [catalogue.read(name, seats)]
    words = catalogue.words
    items = [words.one_seat(seat, words.seat_in_list) for seat in seats]
    inner: list[str] = []
    for index, item in enumerate(items):
        if index:
            inner.append(words.list_last if index == len(items) - 1 else words.list_separator)
        inner.append(item)
    before, _, after = words.seats.partition("{list}")
    return [before, *inner, after]


def line_pieces(catalogue: Catalogue, key: str, params: Mapping[str, object]) -> list[str]:
    """The pieces of line `key` said with `params`, in order; joined they are its text.

    Raises `UnknownLine` or `CatalogueError` as `Catalogue.text` does.
    """
    catalogue.text(key, **params)  # the same checks as saying it
    pieces: list[str] = []
    for literal, name, _, _ in string.Formatter().parse(catalogue.lines[key]):
        pieces.append(literal)
        if name is not None:
            pieces.extend(value_pieces(catalogue, name, params[name]))
    return [piece for piece in pieces if piece.strip()]


def composed(pack: VoicePack, catalogue: Catalogue, key: str, params: Mapping[str, object]) -> Clip | None:
    """Line `key` with `params` from the pack's pieces, or None if one is missing.

    Pieces of other rates are brought to the first one's rate.
    """
    clips = []
    for text in line_pieces(catalogue, key, params):
        clip = pack.piece(text)
        if clip is None:
            return None
        clips.append(clip)
    if not clips:
        return None
    rate = clips[0].samplerate
    samples = np.concatenate([clip.at_rate(rate).samples for clip in clips])
    return Clip(samples.astype(np.float32), rate)
