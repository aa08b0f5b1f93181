"""One vocabulary of the public commands (`narrator.inbox.CommandWord`): the listener's
phrasebooks, the host's phone, the box's keyboard and the inbox all speak it, and the wire
keeps the words it had."""

from __future__ import annotations

import asyncio
import json

import pytest
from pydantic import ValidationError

from narrator.inbox import Command, CommandWord, Inbox
from narrator.listen.phrasebook import PHRASEBOOKS
from narrator.moderator.keyboard import TYPED
from narrator.phones.messages import HostCommand

HOST_WORDS = ["ready", "pause", "resume", "repeat", "undo", "end", "again"]


def test_the_host_phones_words_are_the_ones_on_the_wire_before() -> None:
    schema = HostCommand.model_json_schema()["properties"]["command"]
    assert schema == {"enum": HOST_WORDS, "title": "Command", "type": "string"}
    for word in HOST_WORDS:
        command = HostCommand.model_validate_json(json.dumps({"command": word}))
        assert command.command is CommandWord(word)
        assert command.model_dump_json() == json.dumps({"command": word}, separators=(",", ":"))
    with pytest.raises(ValidationError):
        HostCommand.model_validate_json('{"command": "start_vote"}')  # a speaker's, not the host's


def test_every_spoken_typed_and_tapped_command_is_a_command_word() -> None:
    spoken = {c for book in PHRASEBOOKS.values() for c in book.keywords.values() if c is not None}
    assert all(isinstance(c, CommandWord) for c in spoken)
    assert all(isinstance(c, CommandWord) for c in TYPED.values())
    assert set(TYPED.values()) | {CommandWord.CONFIRM, CommandWord.CANCEL} == set(CommandWord)


def test_a_typed_key_reaches_the_inbox_as_its_command_word() -> None:
    async def typed() -> object:
        inbox = Inbox()
        inbox.put(Command(TYPED["q"], "terminal"))
        return await inbox.get()

    item = asyncio.run(typed())
    assert isinstance(item, Command) and item.word is CommandWord.END and item.word == "end"
