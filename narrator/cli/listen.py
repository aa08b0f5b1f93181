"""The `narrator models` and `narrator listen` commands."""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path
from typing import Any

from narrator.listen.models import (
    OFFICIAL_MODELS,
    PACKAGED_MODELS,
    SHARED_MODELS,
    ModelError,
    find_model,
    folder_size,
    install_model,
    model_locale,
    models_dir,
)
from narrator.listen.phrasebook import GAME_LOCALES, PHRASEBOOKS, phrasebook

DEFAULT_LOCALE = "zh-CN"


def register(subparsers: Any) -> None:
    """Add `models` and `listen` to the command line."""
    models = subparsers.add_parser("models", help="list, download and install speech models")
    actions = models.add_subparsers(dest="models_action", metavar="ACTION", required=True)
    actions.add_parser("list", help="the locales and their models").set_defaults(run=run_list)
    download = actions.add_parser("download", help="download a locale's official model")
    download.add_argument("locale")
    download.add_argument("--url", help="fetch from this address instead (a mirror)")
    download.add_argument("--sha256", help="the archive's SHA-256, with --url")
    download.set_defaults(run=run_download)
    install = actions.add_parser("install", help="install a model from a .zip or a folder")
    install.add_argument("source", metavar="ZIP_OR_DIR")
    install.add_argument("--locale", help="the model's locale (guessed from its name if not)")
    install.set_defaults(run=run_install)
    path = actions.add_parser("path", help="where a locale's model is (or the model folder)")
    path.add_argument("locale", nargs="?")
    path.set_defaults(run=run_path)

    listen = subparsers.add_parser(
        "listen", help="print the commands heard, from a WAV file or the microphone"
    )
    listen.add_argument("--file", help="a WAV file to listen to instead of the microphone")
    listen.add_argument("--locale", default=DEFAULT_LOCALE)
    listen.add_argument("--keywords", help="comma-separated phrases instead of the locale's")
    listen.add_argument("--model", help="a model folder to use")
    listen.add_argument("--seconds", type=float, help="stop listening live after this long")
    listen.add_argument("--json", action="store_true", help="one JSON object per decision")
    listen.add_argument(
        "--check",
        action="store_true",
        help="room check: the judge says each command, a player repeats it; what was heard, "
        "with what margin, and the noise floor (with --file: a recording of the words, in order)",
    )
    listen.add_argument(
        "--wait", type=float, default=4.0, help="with --check, seconds to wait for each word (4)"
    )
    listen.set_defaults(run=run_listen)


def _fail(message: str) -> int:
    print(f"narrator: {message}", file=sys.stderr)
    return 1


def coverage_line(locale: str, model: Path) -> str:
    """Whether a model folder hears every phrase of the locale's phrasebook, in one line."""
    from narrator.listen.vocabulary import VocabularyError, folder_coverage

    try:
        return folder_coverage(phrasebook(locale), model).line
    except (VocabularyError, OSError) as error:
        return f"cannot read the {locale} model's word list to check its phrases ({error})"


def _sharing(locale: str) -> list[str]:
    """The locale and every locale that listens with its model."""
    return [locale] + [other for other, model in SHARED_MODELS.items() if model == locale]


def run_list(args: argparse.Namespace) -> int:
    print(f"model folder: {models_dir()}")
    others = sorted((set(PHRASEBOOKS) | set(PACKAGED_MODELS)) - set(GAME_LOCALES))
    for locale in [*GAME_LOCALES, *others]:
        model = model_locale(locale)
        official = OFFICIAL_MODELS.get(model)
        package = PACKAGED_MODELS.get(model, "-").replace("_", "-")
        offer = official.name if official else f"pip package {package}"
        if model != locale:
            offer = f"the {model} model"
        try:
            where = find_model(locale)
        except ModelError:
            if locale in GAME_LOCALES:
                print(f"{locale:6} {offer:30} not installed")
            continue
        size = folder_size(where.path) / 1e6
        note = "" if locale in GAME_LOCALES else " [for tests: not a game language]"
        print(f"{locale:6} {offer:30} {where.source}: {where.path} ({size:.0f} MB){note}")
        if locale in PHRASEBOOKS:
            print(f"{'':6} {coverage_line(locale, where.path)}")
    return 0


def run_download(args: argparse.Namespace) -> int:
    from narrator.listen.download import download_model
    from narrator.progress import ProgressBar

    locale = model_locale(args.locale)
    if args.url and not args.sha256 and locale not in OFFICIAL_MODELS:
        return _fail("--url needs --sha256 for a locale with no official model")
    try:
        where = download_model(locale, args.url, args.sha256, ProgressBar(locale, unit="B"))
    except ModelError as error:
        return _fail(str(error))
    print(f"installed {locale}: {where.path}")
    _print_coverage(locale, where.path)
    return 0


def run_install(args: argparse.Namespace) -> int:
    try:
        where = install_model(args.source, model_locale(args.locale) if args.locale else None)
    except ModelError as error:
        return _fail(str(error))
    print(f"installed {where.locale}: {where.path}")
    _print_coverage(where.locale, where.path)
    return 0


def _print_coverage(locale: str, model: Path) -> None:
    for each in _sharing(locale):
        if each in PHRASEBOOKS:
            print(coverage_line(each, model))


def run_path(args: argparse.Namespace) -> int:
    if args.locale is None:
        print(models_dir())
        return 0
    try:
        print(find_model(args.locale).path)
    except ModelError as error:
        return _fail(str(error))
    return 0


def _print_decision(decision: Any, as_json: bool) -> None:
    if as_json:
        print(json.dumps(decision.as_json(), ensure_ascii=False), flush=True)
    elif decision.heard is not None:
        print(
            f"{decision.end_s:7.2f}s heard {decision.heard} "
            f"({decision.command or 'no command'}, confidence {decision.confidence:.2f})",
            flush=True,
        )
    else:
        print(f"{decision.end_s:7.2f}s ignored: {decision.reason} [{decision.transcript or '-'}]", flush=True)


def run_listen(args: argparse.Namespace) -> int:
    from narrator.listen.listener import Listener, load_model
    from narrator.listen.microphone import Microphone
    from narrator.listen.phrasebook import phrasebook
    from narrator.listen.spotter import KeywordSpotter, decide_file
    from narrator.listen.vocabulary import coverage
    from narrator.listen.wavfile import AudioFileError, read_wav

    keywords = args.keywords.split(",") if args.keywords else None
    began = time.perf_counter()
    try:
        book = phrasebook(args.locale, keywords)
        location = find_model(args.locale, args.model)
        model = load_model(str(location.path))
    except (KeyError, ModelError) as error:
        return _fail(str(error).strip("'\""))
    spotter = KeywordSpotter(model, book)
    print(
        f"model {location.path} loaded in {time.perf_counter() - began:.1f} s; "
        f"listening for: {', '.join(spotter.grammar.phrases.values()) or 'nothing'}",
        file=sys.stderr,
    )
    if spotter.grammar.unknown:
        print(f"warning: {coverage(book, spotter.knows).line}", file=sys.stderr)
    if args.check:
        return _room_check(args, spotter, book)
    if args.file:
        try:
            samples = read_wav(args.file)
        except (AudioFileError, OSError) as error:
            return _fail(str(error))
        for decision in decide_file(spotter, samples):
            _print_decision(decision, args.json)
        return 0
    listener = Listener(spotter, Microphone(), book, on_decision=lambda d: _print_decision(d, args.json))
    status = listener.start()
    if not status.on:
        return _fail(status.reason)
    if not listener.wait_for_audio(timeout=5):
        print("warning: the microphone has sent no sound yet", file=sys.stderr)
    print("listening on the microphone; Ctrl-C to stop", file=sys.stderr, flush=True)
    try:
        _wait(args.seconds)
    except KeyboardInterrupt:
        pass
    finally:
        listener.close()
    return 0


def _room_check(args: argparse.Namespace, spotter: Any, book: Any) -> int:
    """`narrator listen --check`: from a recording (`--file`) or live, with the judge's voice."""
    from narrator.listen.roomcheck import check_recording

    phrases = list(book.keywords)
    if args.file:
        from narrator.listen.wavfile import AudioFileError, read_wav

        try:
            samples = read_wav(args.file)
        except (AudioFileError, OSError) as error:
            return _fail(str(error))
        result = check_recording(spotter, phrases, samples)
    else:
        result = _live_check(args, spotter, book, phrases)
        if result is None:
            return 1
    print("\n".join(result.report()), flush=True)
    return 0 if result.all_heard else 3


def _live_check(args: argparse.Namespace, spotter: Any, book: Any, phrases: list[str]) -> Any:
    """The live room check; None (said on stderr) when there is no microphone."""
    import queue
    from contextlib import ExitStack

    from narrator.listen.listener import Listener
    from narrator.listen.microphone import Microphone
    from narrator.listen.roomcheck import check_live

    decisions: queue.Queue[Any] = queue.Queue()
    listener = Listener(spotter, Microphone(), book, on_decision=decisions.put)
    with ExitStack() as stack:
        status = listener.start()
        stack.callback(listener.close)
        if not status.on:
            _fail(status.reason)
            return None
        listener.wait_for_audio(timeout=5)
        prompt = _prompt(args.locale, listener, stack)
        print("room check: say each word after the judge, from where the players sit", file=sys.stderr)
        return check_live(
            phrases, decisions, prompt, lambda: spotter.floor_db, args.wait, spotter.grammar.unknown
        )


def _prompt(locale: str, listener: Any, stack: Any) -> Any:
    """Ask for one word: the judge says it when the locale has a voice, else it is printed."""
    from narrator.voice.catalogue import LOCALES

    def printed(phrase: str) -> None:
        print(f"say: {phrase}", file=sys.stderr, flush=True)

    if locale not in LOCALES:
        return printed
    from narrator.voice.speaker import Speaker, SpeakerOptions

    try:
        judge = stack.enter_context(Speaker(SpeakerOptions(locale=locale, ambience=False, printed=True)))
    except (OSError, RuntimeError, ValueError) as error:
        print(f"narrator: the judge cannot speak ({error}); the words are printed", file=sys.stderr)
        return printed
    judge.on_speaking(listener.judge_speaking)

    def spoken(phrase: str) -> None:
        printed(phrase)
        judge.say_text(f"{judge.text('listening.check')}{phrase}")

    return spoken


def _wait(seconds: float | None) -> None:
    """Sleep for `seconds`, or until interrupted when None."""
    if seconds is not None:
        time.sleep(seconds)
        return
    while True:
        time.sleep(3600)
