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
from collections.abc import Iterable, Mapping
from typing import Any, NamedTuple, Protocol

from pydantic import BaseModel

SMALLEST = 512  # bytes
LARGE_STEP = 16384  # bytes
SEAL_BYTES = 768  # bytes


def _as_json(value: object) -> Any:
    if isinstance(value, BaseModel):
        return value.model_dump(mode="json")
    raise TypeError(f"{type(value).__name__} cannot go on the wire")


class Model(Protocol):
    """A message as the box makes it (`outbound.Outbound`): a model until the wire, where its
    fields become the JSON object sent (`wire`)."""

    def wire(self) -> dict[str, Any]: ...


Outgoing = Model | Mapping[str, Any]
"""What a link sends: a model, or a message padded already (`Padded`, with its text)."""


def fields_of(message: Outgoing) -> Mapping[str, Any]:
    """The fields of `message` as the wire carries them (a model's made into its JSON object).
    A message already a mapping (padded) is told by `Mapping`, a cheap check on every send (a
    runtime Protocol check took 18 µs)."""
    return message if isinstance(message, Mapping) else message.wire()


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


def _bare(message: Mapping[str, Any], shared: Shared | None = None) -> tuple[dict[str, Any], str, int]:
    """`message` without its `pad`, its JSON text, and its size with an empty pad (bytes);
    `shared`: the parts of it already encoded (`_shared`)."""
    bare = {k: v for k, v in message.items() if k != "pad"}
    if not bare:
        raise ValueError("an empty message has no type")
    text = _composed(bare, shared) if shared and shared.texts else encode(bare)
    return bare, text, len(text.encode("utf-8")) + _PAD_OVERHEAD


class Shared(NamedTuple):
    """The parts several messages hold alike (the same objects), each encoded once: `texts`,
    by the identity of the part; `holders`, the identities of the dicts (a field's value)
    that hold one of them."""

    texts: dict[int, str]
    holders: set[int]


def _shared(messages: Iterable[Mapping[str, Any]]) -> Shared:
    """The dicts and lists that two or more of several messages (distinct objects) hold alike
    (the public view, the review, the names: a field's value, or a value of a field that is a
    dict), each encoded once."""
    parts: dict[int, Any] = {}
    holders: dict[int, int] = {}  # a part in a field's dict: that dict
    held: dict[int, int] = {}  # how many messages hold each part
    for message in messages:
        own: set[int] = set()
        for value in message.values():
            if isinstance(value, dict | list) and value:
                parts[id(value)] = value
                own.add(id(value))
            if isinstance(value, dict):
                for part in value.values():
                    if isinstance(part, dict | list) and part:
                        parts[id(part)], holders[id(part)] = part, id(value)
                        own.add(id(part))
        for key in own:
            held[key] = held.get(key, 0) + 1
    alike = [key for key, count in held.items() if count > 1]
    return Shared(
        {key: encode(parts[key]) for key in alike}, {holders[key] for key in alike if key in holders}
    )


def _composed(fields: Mapping[str, Any], shared: Shared) -> str:
    """`fields` as `encode` writes them, the shared parts' texts put in as they were encoded
    (the seats' `state` messages carry the same public view and review: encoded for each, 18
    of them held up the loop); the fields between them are encoded together."""
    texts: list[str] = []
    run: dict[str, Any] = {}
    for name, value in fields.items():
        text = shared.texts.get(id(value))
        if text is None and id(value) in shared.holders:
            text = _composed(value, shared)
        if text is None:
            run[name] = value
            continue
        if run:
            texts.append(encode(run)[1:-1])
            run = {}
        texts.append(f"{encode(name)}:{text}")
    if run:
        texts.append(encode(run)[1:-1])
    return "{" + ",".join(texts) + "}"


def _pad(bare: dict[str, Any], text: str, spaces: int) -> Padded:
    """`bare` (encoded as `text`) with a `pad` of `spaces` spaces, last, as `encode` would put
    it: the text is padded as it stands, not encoded again."""
    pad = " " * spaces
    return Padded({**bare, "pad": pad}, f'{text[:-1]},"pad":"{pad}"}}')


def padded(message: Outgoing, to: int | None = None) -> Padded:
    """`message` with a `pad` field that brings it to `to` bytes (default: its own bucket).

    `to` must be a bucket at least as large as the message with an empty pad.
    """
    bare, text, length = _bare(fields_of(message))
    target = to if to is not None else bucket(length)
    if target < length:
        raise ValueError(f"a message of {length} bytes does not fit in {target}")
    return _pad(bare, text, target - length)


def padded_alike(messages: Mapping[int, Outgoing]) -> dict[int, Padded]:
    """Messages for several seats, each padded to the bucket of the largest (Rule 2); each
    encoded once, and a message given for several seats (the same object: every phone's
    `progress` at night) encoded and padded once for all of them."""
    distinct: dict[int, Mapping[str, Any]] = {}
    for message in messages.values():
        if id(message) not in distinct:
            distinct[id(message)] = fields_of(message)
    shared = _shared(distinct.values())
    bares = {key: _bare(message, shared) for key, message in distinct.items()}
    if not bares:
        return {}
    target = bucket(max(length for _, _, length in bares.values()))
    made = {key: _pad(bare, text, target - length) for key, (bare, text, length) in bares.items()}
    return {seat: made[id(message)] for seat, message in messages.items()}


def seal(content: Mapping[str, Any] | None) -> str:
    """What one seat may know, as a sealed text of a fixed length (Rule 3); None: nothing."""
    inner = json.dumps(dict(content or {}), ensure_ascii=True, separators=(",", ":"))
    length = -(-max(len(inner), 1) // SEAL_BYTES) * SEAL_BYTES
    return inner.ljust(length)


def unseal(sealed: str) -> dict[str, Any]:
    """The content of a sealed text (for the bots and the tests; the page does the same)."""
    content: dict[str, Any] = json.loads(sealed)
    return content


def text_of(message: Outgoing) -> str:
    """A message as the JSON text a link sends: padded to its bucket (Rule 1) unless the table
    padded it already (with the other seats' messages, Rule 2: its text was made then)."""
    if isinstance(message, Padded):
        return message.text
    fields = fields_of(message)
    return encode(fields) if "pad" in fields else padded(fields).text
