"""The parts several seats' messages hold alike are encoded once (issue 35, item 2: at a game's
end 18 `state` messages of ~14 KB, each with the same public view and review, were encoded
whole, one by one, on the loop; at night every touch made and encoded 18 `progress` messages
alike), and the text on the wire is byte for byte what encoding each message whole gives."""

from __future__ import annotations

import asyncio
import json
from typing import Any

import pytest
from pydantic import BaseModel

from narrator.phones import wire
from narrator.phones.answers import Taken
from narrator.phones.screens import is_night
from narrator.phones.table import PhoneTable
from narrator.phones.wire import encode, padded, padded_alike
from tests.phones.harness import classic_game
from tests.phones.parts import seated


class Counted(BaseModel):
    """A model that counts how often it is made JSON."""

    name: str
    dumps: int = 0

    def model_dump(self, **how: Any) -> dict[str, Any]:
        object.__setattr__(self, "dumps", self.dumps + 1)
        return {"name": self.name}


def states(review: Any, public: Any) -> dict[int, dict[str, Any]]:
    return {
        seat: {
            "type": "state",
            "view": {"seat": seat, "public": public, "alive": True},
            "names": {1: "安", 2: 'Bo "the" \\ one\n'},  # non-ASCII, escapes, int keys
            "review": review,
            "feed": [],
            "votes_from": public["votes"],
        }
        for seat in range(1, 19)
    }


@pytest.mark.quick
def test_a_part_every_seat_holds_is_encoded_once_and_the_wire_is_unchanged() -> None:
    judge = Counted(name="法官")
    review = {"lines": ["第一夜", "\x00not a stand-in:0"], "by": judge}
    public = {"alive": [1, 2, 3], "votes": [[1, 2]], "phase": "night 1"}
    made = padded_alike(states(review, public))
    assert judge.dumps == 1  # encoded whole, 18 messages made it JSON 18 times
    alone = {seat: padded(message) for seat, message in states(review, public).items()}
    target = max(len(p.text.encode()) for p in alone.values())
    for seat, message in made.items():
        assert message.text == encode(message)  # what encoding it whole gives
        assert len(message.text.encode()) == target
        assert {k: v for k, v in message.items() if k != "pad"} == states(review, public)[seat]


@pytest.mark.quick
def test_parts_held_by_only_some_seats_are_encoded_with_each() -> None:
    shared, own = [1, 2], [3]
    messages = {1: {"type": "x", "a": shared}, 2: {"type": "x", "a": own}}
    made = padded_alike(messages)
    assert [made[seat].text == encode(made[seat]) for seat in (1, 2)] == [True, True]


@pytest.mark.quick
def test_a_message_given_for_several_seats_is_made_and_encoded_once() -> None:
    judge = Counted(name="法官")
    progress = {"type": "progress", "step": "seer", "sealed": " " * 768, "by": judge}
    made = padded_alike(dict.fromkeys(range(1, 19), progress))
    assert judge.dumps == 1  # made JSON once for 18 seats, not 18 times
    assert len({id(message) for message in made.values()}) == 1
    assert made[1].text == encode(made[1]) and len(made[1].text.encode()) == 1024


class CountingEncoder(json.JSONEncoder):
    def __init__(self) -> None:
        super().__init__(ensure_ascii=False, separators=(",", ":"), default=wire._as_json)
        self.calls = 0

    def encode(self, o: Any) -> str:
        self.calls += 1
        return super().encode(o)


@pytest.mark.quick
def test_every_phones_progress_at_night_is_encoded_once_per_touch(monkeypatch: pytest.MonkeyPatch) -> None:
    async def scenario() -> tuple[int, list[str]]:
        game = classic_game()
        table = PhoneTable(game)
        phones = await seated(table.links, *range(1, 10))
        assert is_night(game.catalogue, table.narrating)
        counting = CountingEncoder()
        monkeypatch.setattr(wire, "_ENCODER", counting)
        # a decoy's touch at night answered: its ack, and every phone told alike
        table.decisions.answers.answer(Taken(phones[1], 5, str(table.narrating), progressing=True))
        return counting.calls, [encode(phone.last("progress")) for phone in phones.values()]

    calls, texts = asyncio.run(scenario())
    assert calls == 1  # one progress for the nine phones (nine encodes before; the ack: by its link)
    assert len(set(texts)) == 1
