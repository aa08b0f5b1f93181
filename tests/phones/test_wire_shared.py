"""The parts several seats' messages hold alike are encoded once (issue 35, item 2: at a game's
end 18 `state` messages of ~14 KB, each with the same public view and review, were encoded
whole, one by one, on the loop), and the text on the wire is byte for byte what encoding each
message whole gives."""

from __future__ import annotations

from typing import Any

import pytest
from pydantic import BaseModel

from narrator.phones.wire import encode, padded, padded_alike


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
