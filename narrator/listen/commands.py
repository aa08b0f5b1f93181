"""The `narrator models` and `narrator listen` commands."""

from __future__ import annotations

import argparse
import json
import sys
import time
from typing import Any

from narrator.listen.models import (
    OFFICIAL_MODELS,
    PACKAGED_MODELS,
    ModelError,
    find_model,
    folder_size,
    install_model,
    models_dir,
)
from narrator.listen.phrasebook import PHRASEBOOKS, canonical_locale

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
    listen.set_defaults(run=run_listen)


def _fail(message: str) -> int:
    print(f"narrator: {message}", file=sys.stderr)
    return 1


def run_list(args: argparse.Namespace) -> int:
    print(f"model folder: {models_dir()}")
    for locale in sorted(set(PHRASEBOOKS) | set(OFFICIAL_MODELS) | set(PACKAGED_MODELS)):
        official = OFFICIAL_MODELS.get(locale)
        package = PACKAGED_MODELS.get(locale, "-").replace("_", "-")
        offer = official.name if official else f"pip package {package}"
        try:
            where = find_model(locale)
            size = folder_size(where.path) / 1e6
            state = f"{where.source}: {where.path} ({size:.0f} MB)"
        except ModelError:
            state = "not installed"
        print(f"{locale:6} {offer:30} {state}")
    return 0


def run_download(args: argparse.Namespace) -> int:
    from narrator.listen.download import ProgressBar, download_model

    locale = canonical_locale(args.locale)
    if args.url and not args.sha256 and locale not in OFFICIAL_MODELS:
        return _fail("--url needs --sha256 for a locale with no official model")
    try:
        where = download_model(locale, args.url, args.sha256, ProgressBar(locale))
    except ModelError as error:
        return _fail(str(error))
    print(f"installed {locale}: {where.path}")
    return 0


def run_install(args: argparse.Namespace) -> int:
    try:
        where = install_model(args.source, args.locale)
    except ModelError as error:
        return _fail(str(error))
    print(f"installed {where.locale}: {where.path}")
    return 0


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
    from narrator.listen.wavfile import AudioFileError, read_wav

    keywords = args.keywords.split(",") if args.keywords else None
    try:
        book = phrasebook(args.locale, keywords)
        location = find_model(args.locale, args.model)
    except (KeyError, ModelError) as error:
        return _fail(str(error).strip("'\""))
    began = time.perf_counter()
    model = load_model(str(location.path))
    spotter = KeywordSpotter(model, book)
    print(
        f"model {location.path} loaded in {time.perf_counter() - began:.1f} s; "
        f"listening for: {', '.join(spotter.grammar.phrases.values()) or 'nothing'}",
        file=sys.stderr,
    )
    if report := spotter.grammar.report_unknown():
        print(f"warning: {report}", file=sys.stderr)
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


def _wait(seconds: float | None) -> None:
    """Sleep for `seconds`, or until interrupted when None."""
    if seconds is not None:
        time.sleep(seconds)
        return
    while True:
        time.sleep(3600)
