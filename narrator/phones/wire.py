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
from collections.abc import Mapping
from typing import Any

SMALLEST = 512  # bytes
LARGE_STEP = 16384  # bytes
SEAL_BYTES = 768  # bytes


def encode(message: Mapping[str, Any]) -> str:
    """A message as the JSON text sent on the wire."""
    return json.dumps(message, ensure_ascii=False, separators=(",", ":"))


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


def padded(message: Mapping[str, Any], to: int | None = None) -> dict[str, Any]:
    """`message` with a `pad` field that brings it to `to` bytes (default: its own bucket).

    `to` must be a bucket at least as large as the message with an empty pad.
    """
    bare = {k: v for k, v in message.items() if k != "pad"}
    length = size(bare) + _PAD_OVERHEAD
    target = to if to is not None else bucket(length)
    if target < length:
        raise ValueError(f"a message of {length} bytes does not fit in {target}")
    return {**bare, "pad": " " * (target - length)}


def padded_alike(messages: Mapping[int, Mapping[str, Any]]) -> dict[int, dict[str, Any]]:
    """Messages for several seats, each padded to the bucket of the largest (Rule 2)."""
    if not messages:
        return {}
    largest = max(size(m) for m in messages.values()) + _PAD_OVERHEAD
    target = bucket(largest)
    return {seat: padded(message, target) for seat, message in messages.items()}


def seal(content: Mapping[str, Any] | None) -> str:
    """What one seat may know, as a sealed text of a fixed length (Rule 3); None: nothing."""
    inner = json.dumps(dict(content or {}), ensure_ascii=True, separators=(",", ":"))
    length = -(-max(len(inner), 1) // SEAL_BYTES) * SEAL_BYTES
    return inner.ljust(length)


def unseal(sealed: str) -> dict[str, Any]:
    """The content of a sealed text (for the bots and the tests; the page does the same)."""
    content: dict[str, Any] = json.loads(sealed)
    return content
