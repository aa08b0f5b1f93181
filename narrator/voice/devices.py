"""The sound devices PortAudio can see: outputs for the judge's voice, inputs for listening."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True, slots=True)
class Device:
    """One PortAudio device: `index` and `name` select it (the `device` setting)."""

    index: int
    name: str
    host_api: str
    inputs: int
    outputs: int
    samplerate: float
    default_input: bool
    default_output: bool

    def describe(self) -> str:
        """One line for a listing: "  1  default (ALSA)  in 32 / out 32  44100 Hz  *out"."""
        marks = [m for m, on in (("*in", self.default_input), ("*out", self.default_output)) if on]
        return (
            f"{self.index:>3}  {self.name} ({self.host_api})  in {self.inputs} / out "
            f"{self.outputs}  {self.samplerate:.0f} Hz  {' '.join(marks)}"
        ).rstrip()


class NoSoundSystem(RuntimeError):
    """PortAudio itself cannot be loaded."""


def _sounddevice() -> Any:
    try:
        import sounddevice as sd
    except OSError as error:
        raise NoSoundSystem(f"PortAudio is not available ({error}): install libportaudio2") from None
    return sd


def list_devices() -> list[Device]:
    """Every device PortAudio lists (empty with no sound card and no PulseAudio)."""
    sd = _sounddevice()
    try:
        raw = sd.query_devices()
        apis = sd.query_hostapis()
    except sd.PortAudioError:
        return []
    default_in, default_out = sd.default.device
    devices = []
    for info in raw:
        index = int(info["index"])
        devices.append(
            Device(
                index=index,
                name=str(info["name"]),
                host_api=str(apis[info["hostapi"]]["name"]),
                inputs=int(info["max_input_channels"]),
                outputs=int(info["max_output_channels"]),
                samplerate=float(info["default_samplerate"]),
                default_input=index == default_in,
                default_output=index == default_out,
            )
        )
    return devices


def outputs() -> list[Device]:
    """The devices the judge can speak through."""
    return [d for d in list_devices() if d.outputs > 0]


def inputs() -> list[Device]:
    """The devices the listener can hear through."""
    return [d for d in list_devices() if d.inputs > 0]
