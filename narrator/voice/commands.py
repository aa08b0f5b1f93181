"""The voice's sub-commands: `narrator say`, `narrator voices render`, `narrator devices`."""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path
from typing import Any

LOCALE_CHOICES = ("zh-CN", "zh-TW", "en")


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
    say.set_defaults(run=run_say)

    voices = subparsers.add_parser("voices", help="the judge's voices and rendered lines")
    actions = voices.add_subparsers(dest="voices_command", metavar="ACTION", required=True)
    render = actions.add_parser(
        "render",
        help="pre-render the whole script into the cache",
        description="Render every line of the catalogue (every seat, role, …) into the cache, "
        "so that each plays at once in a game.",
    )
    render.add_argument("--locale", choices=LOCALE_CHOICES, action="append", help="default: every locale")
    render.add_argument("--pack", type=Path, metavar="DIR", help="a voice pack: skip its lines")
    render.add_argument("--seats", type=int, default=12, help="table size to render for (12)")
    render.add_argument("--cache-dir", type=Path, metavar="DIR", help="where rendered lines go")
    render.set_defaults(run=run_voices_render)

    devices = subparsers.add_parser("devices", help="list sound outputs and inputs")
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
        )
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


class ProgressBar:
    """A one-line text progress bar on stderr: `zh-CN [#######.....] 120/412  3.1 s`."""

    def __init__(self, label: str, width: int = 30) -> None:
        self.label = label
        self.width = width
        self.started = time.perf_counter()
        self._shown = -1

    def __call__(self, done: int, total: int) -> None:
        percent = 100 * done // max(total, 1)
        if percent == self._shown and done != total:
            return
        self._shown = percent
        filled = self.width * done // max(total, 1)
        bar = "#" * filled + "." * (self.width - filled)
        elapsed = time.perf_counter() - self.started
        end = "\n" if done == total else ""
        print(
            f"\r{self.label} [{bar}] {done}/{total}  {elapsed:.1f} s",
            end=end,
            file=sys.stderr,
            flush=True,
        )


def run_voices_render(args: argparse.Namespace) -> int:
    """`narrator voices render`: pre-render every line of the catalogue into the cache."""
    from narrator.voice.prerender import LineToSay, lines_to_render, prerender
    from narrator.voice.speaker import Speaker, SpeakerOptions
    from narrator.voice.speech import SpeechError

    locales = args.locale or LOCALE_CHOICES
    if args.pack is not None and not args.locale:
        from narrator.voice.pack import VoicePack

        pack_locale = VoicePack.open(args.pack).locale
        locales = [pack_locale] if pack_locale else locales
    for locale in locales:
        options = SpeakerOptions(
            locale=locale, play=False, pack=args.pack, cache_dir=args.cache_dir, printed=False
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


def run_devices(args: argparse.Namespace) -> int:
    """`narrator devices`: list the sound outputs and inputs, marking the defaults."""
    from narrator.voice.devices import NoSoundSystem, inputs, outputs

    try:
        outs, ins = outputs(), inputs()
    except NoSoundSystem as error:
        print(f"narrator devices: {error}", file=sys.stderr)
        return 1
    if not outs and not ins:
        print(
            "No sound devices: no sound card and no sound server (PulseAudio) were found. "
            "The judge will print its lines instead of speaking them."
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
