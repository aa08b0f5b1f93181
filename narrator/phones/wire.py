"""What goes on the wire to the phones: JSON text, padded so that its size tells nothing.

Rule 1: every message is padded with spaces in a `pad` field to a size bucket (a power of two
        from 512 bytes, then whole multiples of 16 KiB), counted in UTF-8 bytes.
Rule 2: a message the table sends to several phones at once (a step's screens, a pack's
        picks) is padded on every phone to the bucket of the largest, so the seats' messages
        have one size whatever each seat was told.
Rule 3: what one seat may know at a step travels sealed: a JSON text padded to a fixed
        length (`SEAL_BYTES`, or whole multiples of it), the same on the phones that are told
        nothing (an empty seal).
"""

from __future__ import annotations

import json
import uuid
from collections.abc import Iterable, Iterator, Mapping
from typing import Any

from pydantic import BaseModel

SMALLEST = 512  # bytes
LARGE_STEP = 16384  # bytes
SEAL_BYTES = 768  # bytes


def _as_json(value: object) -> Any:
    if isinstance(value, BaseModel):
        return value.model_dump(mode="json")
    raise TypeError(f"{type(value).__name__} cannot go on the wire")


_ENCODER = json.JSONEncoder(ensure_ascii=False, separators=(",", ":"), default=_as_json)
"""`json.dumps` with these options, made once (`dumps` makes an encoder at every call)."""


def encode(message: Any) -> str:
    """A message (or a part of one) as the JSON text sent on the wire (a model met inside it
    as its JSON)."""
    return _ENCODER.encode(message)


def size(message: Mapping[str, Any]) -> int:
    """The size of `message` on the wire, in UTF-8 bytes."""
    return len(encode(message).encode("utf-8"))


def bucket(length: int) -> int:
    """The bucket a message of `length` bytes is padded to (Rule 1)."""
    if length <= LARGE_STEP:
        room = SMALLEST
        while room < length:
            room *= 2
        return room
    return -(-length // LARGE_STEP) * LARGE_STEP


_PAD_OVERHEAD = len(',"pad":""')


class Padded(dict[str, Any]):
    """A message padded for the wire (Rule 1), with `text`, its JSON text on the wire, encoded
    once as it was padded: what the socket sends (the dict is for the tests' eyes; it is not
    changed after it is made)."""

    __slots__ = ("text",)

    def __init__(self, message: dict[str, Any], text: str) -> None:
        super().__init__(message)
        self.text = text


def _bare(
    message: Mapping[str, Any], shared: Mapping[int, str] | None = None
) -> tuple[dict[str, Any], str, int]:
    """`message` without its `pad`, its JSON text, and its size with an empty pad (bytes);
    `shared`: the texts of parts of it already encoded, by their identity (`_shared`)."""
    bare = {k: v for k, v in message.items() if k != "pad"}
    if not bare:
        raise ValueError("an empty message has no type")
    text = encode(bare) if not shared else _spliced(bare, shared)
    return bare, text, len(text.encode("utf-8")) + _PAD_OVERHEAD


_STAND_IN = f"\x00{uuid.uuid4().hex}:"  # a string no message holds: a shared part's place


def _parts(message: Mapping[str, Any]) -> Iterator[Any]:
    """The parts of a message that several seats' messages may hold alike: its fields' values
    and, in a field that is a dict, that dict's values (a seat's view's public part)."""
    for value in message.values():
        yield value
        if isinstance(value, dict):
            yield from value.values()


def _shared(messages: Iterable[Mapping[str, Any]]) -> dict[int, str]:
    """The dicts and lists every one of several messages holds (the same object: the public
    view, the review), each encoded once, by their identity."""
    batch = list(messages)
    if len(batch) < 2:
        return {}
    alike = {id(part): part for part in _parts(batch[0]) if isinstance(part, dict | list) and part}
    for message in batch[1:]:
        alike = {key: alike[key] for key in alike.keys() & {id(part) for part in _parts(message)}}
    return {key: encode(part) for key, part in alike.items()}


def _spliced(bare: dict[str, Any], shared: Mapping[int, str]) -> str:
    """`bare` as `encode` writes it, its shared parts' texts put in as they were encoded (the
    seats' `state` messages carry the same public view and review: encoded for each, 18 of
    them held up the loop at a game's end)."""
    stand_ins: dict[str, str] = {}

    def stand_in(value: Any) -> Any:
        text = shared.get(id(value))
        if text is None or not isinstance(value, dict | list):
            return value
        key = f"{_STAND_IN}{len(stand_ins)}"
        stand_ins[encode(key)] = text
        return key

    copy = {}
    for name, value in bare.items():
        if id(value) not in shared and isinstance(value, dict):
            value = {k: stand_in(v) for k, v in value.items()}
        copy[name] = stand_in(value)
    text = encode(copy)
    for key, part in stand_ins.items():
        text = text.replace(key, part, 1)
    return text


def _pad(bare: dict[str, Any], text: str, spaces: int) -> Padded:
    """`bare` (encoded as `text`) with a `pad` of `spaces` spaces, last, as `encode` would put
    it: the text is padded as it stands, not encoded again."""
    pad = " " * spaces
    return Padded({**bare, "pad": pad}, f'{text[:-1]},"pad":"{pad}"}}')


def padded(message: Mapping[str, Any], to: int | None = None) -> Padded:
    """`message` with a `pad` field that brings it to `to` bytes (default: its own bucket).

    `to` must be a bucket at least as large as the message with an empty pad.
    """
    bare, text, length = _bare(message)
    target = to if to is not None else bucket(length)
    if target < length:
        raise ValueError(f"a message of {length} bytes does not fit in {target}")
    return _pad(bare, text, target - length)


def padded_alike(messages: Mapping[int, Mapping[str, Any]]) -> dict[int, Padded]:
    """Messages for several seats, each padded to the bucket of the largest (Rule 2); each
    encoded once."""
    shared = _shared(messages.values())
    bares = {seat: _bare(message, shared) for seat, message in messages.items()}
    if not bares:
        return {}
    target = bucket(max(length for _, _, length in bares.values()))
    return {seat: _pad(bare, text, target - length) for seat, (bare, text, length) in bares.items()}


def seal(content: Mapping[str, Any] | None) -> str:
    """What one seat may know, as a sealed text of a fixed length (Rule 3); None: nothing."""
    inner = json.dumps(dict(content or {}), ensure_ascii=True, separators=(",", ":"))
    length = -(-max(len(inner), 1) // SEAL_BYTES) * SEAL_BYTES
    return inner.ljust(length)


def unseal(sealed: str) -> dict[str, Any]:
    """The content of a sealed text (for the bots and the tests; the page does the same)."""
    content: dict[str, Any] = json.loads(sealed)
    return content


def text_of(message: Mapping[str, Any]) -> str:
    """A message as the JSON text a link sends: padded to its bucket (Rule 1) unless the table
    padded it already (with the other seats' messages, Rule 2: its text was made then)."""
    if isinstance(message, Padded):
        return message.text
    return encode(message) if "pad" in message else padded(message).text
