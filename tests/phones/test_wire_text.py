"""The wire's text is made once, as a message is padded (wire Rules 1-2): it must be the very
text that encoding the padded message would give, at the bucket's size."""

from __future__ import annotations

import json
from typing import Any

import pytest

from narrator.phones.table import encode as table_encode
from narrator.phones.wire import SMALLEST, Padded, bucket, encode, padded, padded_alike

MESSAGES: list[dict[str, Any]] = [
    {"type": "ack", "n": 3},
    {"type": "state", "names": {"1": "小明", "2": "Zoé"}, "feed": [{"key": "seer", "text": "3号是好人"}]},
    {"type": "notice", "text": 'quotes " and \\ and \n new lines', "pad": "   "},
    {"type": "state", "view": {"nested": [1, 2.5, None, True, {"x": "狼" * 700}]}},
]


def utf8(text: str) -> int:
    return len(text.encode("utf-8"))


@pytest.mark.quick
@pytest.mark.parametrize("message", MESSAGES)
def test_a_padded_message_carries_the_text_its_encoding_gives(message: dict[str, Any]) -> None:
    made = padded(message)
    assert isinstance(made, Padded)
    assert made.text == json.dumps(dict(made), ensure_ascii=False, separators=(",", ":"))
    assert json.loads(made.text) == dict(made)
    assert utf8(made.text) == bucket(utf8(made.text)) >= SMALLEST
    assert table_encode(made) == made.text


@pytest.mark.quick
def test_messages_padded_alike_carry_their_texts_all_of_one_size() -> None:
    made = padded_alike(dict(enumerate(MESSAGES, start=1)))
    sizes = {utf8(m.text) for m in made.values()}
    assert len(sizes) == 1
    for seat, message in made.items():
        assert message.text == encode(message)
        assert {k: v for k, v in message.items() if k != "pad"} == {
            k: v for k, v in MESSAGES[seat - 1].items() if k != "pad"
        }


@pytest.mark.quick
def test_a_message_the_table_padded_by_hand_is_sent_as_it_stands() -> None:
    by_hand = {"type": "ack", "n": 1, "pad": " " * 10}
    assert table_encode(by_hand) == encode(by_hand)


@pytest.mark.quick
def test_an_empty_message_is_refused() -> None:
    with pytest.raises(ValueError):
        padded({})


@pytest.mark.quick
def test_a_views_data_on_the_wire_is_its_whole_dump_with_the_public_part_dumped_once() -> None:
    import random

    from engine.bots import random_decision
    from engine.views import public_view, seat_view
    from narrator.phones.views import Publics, _dumped
    from tests.phones.harness import classic_game

    game, rng = classic_game(), random.Random(3)
    while not game.over:
        public = public_view(game)
        publics: Publics = {}
        for seat in range(1, game.setup.seats + 1):
            view = seat_view(game, seat, public)
            dumped = _dumped(view, publics)
            assert dumped == view.model_dump(mode="json")
            assert list(dumped) == list(view.model_dump(mode="json"))  # the fields in their order
        assert len(publics) == 1  # one dump of the public part for every seat
        game.apply(random_decision(game, rng))


@pytest.mark.quick
def test_a_message_is_sent_as_its_models_dump_would_be() -> None:
    from pydantic import BaseModel

    from narrator.phones import outbound as out

    class Inner(BaseModel):
        x: int

    state = out.State(
        game=1,
        view={"seat": 1, "inner": Inner(x=2)},
        screen={"kind": "wait"},
        names={1: "小明"},
        feed=[{"key": "k"}],
        speaking=None,
        seconds=None,
        review=["第1夜"],
        clock=out.Clock(step=3, speech=None, paused=False).wire(),
        started=True,
        candidates=[2],
        pk=False,
        votes_from=0,
    )
    assert encode(state.wire()) == encode(state.model_dump(mode="json"))
    night = out.Progress(step="seer", sealed="x")
    assert night.wire() == night.model_dump(mode="python", exclude_none=True)
    day = out.Progress(step="vote", answered=0, owed=3, sealed="x")
    assert day.wire() == day.model_dump(mode="python")
