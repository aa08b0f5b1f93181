"""No day action while a vote is taken: a wolf self-destructs in the speeches (RULES-CLUB.md,
"Discussion. … a wolf may self-destruct"; the election's and the PK's speeches too), the white
wolf king "in any speaking phase (election, PK; not a vote or last words)", the knight "not
in … a vote". The engine's vote step stands for the talk before the vote and the vote itself;
the moderator's narration of the vote is where the talk ends, so the phone table withholds
the buttons then and refuses a press, in the player's language, with nothing changed.

Through the real server with a phone at every seat, on the 白狼王骑士 board (all three day
actions), with the table narrated as the moderator narrates it (no `auto_narrate`)."""

from __future__ import annotations

import asyncio

from engine.roles import Role
from engine.views import public_view
from tests.moderator.test_day_actions import at_the_discussion
from tests.phones.harness import close_all, seat_everyone, served, state_copy
from tests.phones.test_day_actions import BUTTONS, press, seats_holding


def test_the_buttons_go_while_the_vote_is_taken_and_a_press_is_refused() -> None:
    async def scenario() -> None:
        game = at_the_discussion(5)
        wolf = seats_holding(game, Role.WEREWOLF)[0]
        async with served(game, auto_narrate=False) as (server, table):
            phones = await seat_everyone(server, game)
            speaker = game.pending.seats[0] if game.pending else 1

            # The discussion: a speech runs, every living phone shows the day actions.
            table.speaking(speaker, 60)
            await asyncio.sleep(0.05)
            assert {str(p.last("state")["screen"]["actions"]) for p in phones} == {str(BUTTONS)}
            table.speaking(None)

            # The vote is called: the buttons go, on every phone alike.
            table.narrate("vote")
            for phone in phones:
                await phone.expect("state")
            assert {str(p.last("state")["screen"]["actions"]) for p in phones} == {"[]"}
            before = state_copy(game)
            refused = await press(phones[wolf - 1], "self_destruct")
            assert (refused["code"], refused["message"]) == (
                "vote_open",
                "投票已经开始，现在不能自爆或发动技能。",
            )
            en = phones[wolf - 1]
            await en.send({"type": "hello", "locale": "en"})
            await asyncio.sleep(0.05)
            refused = await press(en, "self_destruct")
            assert refused["message"] == "The vote is open: no self-destruct or day power now."
            assert state_copy(game) == before and game.pending is not None and game.pending.step == "vote"

            # Between two steps (the talk before the vote again, say a PK's speeches) they come back.
            table.narrate(None)
            table.speaking(speaker, 60)
            await asyncio.sleep(0.05)
            assert phones[0].last("state")["screen"]["actions"] == BUTTONS
            taken = await press(phones[wolf - 1], "self_destruct")
            assert taken["type"] == "ack"
            assert any(e.kind == "cue" and e.data["key"] == "self_destruct" for e in game.events)
            await close_all(phones)

    asyncio.run(scenario())


def test_no_day_action_while_last_words_are_spoken() -> None:
    """The judge says a seat's last words: the buttons go on every phone while he speaks and a
    press is refused in the player's language; once his words end, the next talk has them."""

    async def scenario() -> None:
        game = at_the_discussion(5)
        wolf = seats_holding(game, Role.WEREWOLF)[0]
        async with served(game, auto_narrate=False) as (server, table):
            phones = await seat_everyone(server, game)
            speaker = game.pending.seats[0] if game.pending else 1
            alive = public_view(game).alive
            dead = next((seat for seat in range(1, game.setup.seats + 1) if seat not in alive), speaker)

            table.said("last_words", {"seat": dead})
            table.speaking(dead, 60)
            await asyncio.sleep(0.05)
            assert {str(p.last("state")["screen"]["actions"]) for p in phones} == {"[]"}
            before = state_copy(game)
            refused = await press(phones[wolf - 1], "self_destruct")
            assert (refused["code"], refused["message"]) == (
                "last_words_open",
                "现在是遗言时间，不能自爆或发动技能。",
            )
            assert state_copy(game) == before
            table.speaking(None)

            table.speaking(speaker, 60)  # the discussion goes on
            await asyncio.sleep(0.05)
            assert {str(p.last("state")["screen"]["actions"]) for p in phones} == {str(BUTTONS)}
            taken = await press(phones[wolf - 1], "self_destruct")
            assert taken["type"] == "ack"
            await close_all(phones)

    asyncio.run(scenario())
