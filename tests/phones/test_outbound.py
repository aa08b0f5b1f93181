"""Every message type the box sends is read by a page, and every type a page reads is sent
(outbound Rule 2); every message is built from its model (outbound Rule 1)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from pydantic import ValidationError

from narrator.phones import outbound
from narrator.phones.outbound import MESSAGES, PAGE_NEVER_READS, type_of

PHONES = Path(outbound.__file__).parent
PAGES = sorted((PHONES / "static").glob("*.js"))
READ = re.compile(r"""\.type\s*===?\s*["']([a-z_]+)["']""")
BUILT_BY_HAND = re.compile(r"""["']type["']\s*:\s*["']""")


def read_by_pages() -> dict[str, set[str]]:
    """Each message type a page's script reads, with the scripts that read it."""
    found: dict[str, set[str]] = {}
    for page in PAGES:
        for kind in READ.findall(page.read_text(encoding="utf-8")):
            found.setdefault(kind, set()).add(page.name)
    return found


def test_every_type_sent_is_read_by_a_page_and_every_type_read_is_sent() -> None:
    sent = {type_of(model) for model in MESSAGES}
    read = read_by_pages()
    assert {"app.js", "screen.js"} <= {page for pages in read.values() for page in pages}
    assert sent - PAGE_NEVER_READS - set(read) == set(), "sent, but no page reads it"
    assert set(read) - sent == set(), "a page reads a type the box never sends"
    assert PAGE_NEVER_READS & set(read) == set(), "a type said to be read by no page is read"


def test_one_model_per_type() -> None:
    kinds = [type_of(model) for model in MESSAGES]
    assert len(kinds) == len(set(kinds))
    assert set(kinds) == {type_of(m) for m in vars(outbound).values() if _is_message(m)}


def test_no_message_is_built_by_hand() -> None:
    """Only the models say "type": the phones' modules build no message as a dict literal
    (`messages` reads the phones' messages, it builds none)."""
    built = [
        f"{path.name}:{number}"
        for path in sorted(PHONES.glob("*.py"))
        if path.name not in ("outbound.py", "messages.py")
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
        if BUILT_BY_HAND.search(line)
    ]
    assert built == []


def test_a_field_no_model_declares_cannot_be_sent() -> None:
    with pytest.raises(ValidationError):
        outbound.Ack(n=1, step="seer", sealed="", seat=3)  # type: ignore[call-arg]


def _is_message(value: object) -> bool:
    return isinstance(value, type) and issubclass(value, outbound.Outbound) and value is not outbound.Outbound
