"""The judge's voice: the script catalogues, speech, the line cache, voice packs and playback.

Import from the modules (kept apart so that `narrator --help` does not load numpy or
PortAudio): `narrator.voice.speaker.Speaker` is what the moderator uses;
`narrator.voice.catalogue.load_catalogue` gives the words of every line.
"""
