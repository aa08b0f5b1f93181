"""The judge's script: every line the engine can ask the narrator to say, with its placeholders.

The engine emits `Cue` events whose `key` is one of `CUES` and whose parameters are exactly the
names listed there. Placeholder types, so a catalogue can read them as a person would:

- `seat`, `target`: one seat number (int, 1-based); `seats`: a list of seat numbers
- `night`, `day`, `count`: a whole number
- `role`: a role name (`engine.roles.Role` value, e.g. "seer")
- `winner`: an outcome winner ("villagers", "werewolves", "lovers", "piper", "none")
- `direction`: "clockwise" or "counterclockwise"

The narrator's catalogues (one per locale) must hold a line for every key here; they may hold
more lines of their own (timers, reminders, the post-game review).
"""

from __future__ import annotations

CUES: dict[str, tuple[str, ...]] = {
    # Opening
    "game.opening": ("count",),
    "game.peek": (),
    # Night
    "night.falls": ("night",),
    "thief.wake": (),
    "thief.act": (),
    "thief.sleep": (),
    "cupid.wake": (),
    "cupid.act": (),
    "cupid.sleep": (),
    "lovers.wake": (),
    "lovers.sleep": (),
    "guard.wake": (),
    "guard.act": (),
    "guard.sleep": (),
    "seer.wake": (),
    "seer.act": (),
    "seer.sleep": (),
    "werewolves.wake": (),
    "werewolves.act": (),
    "werewolves.sleep": (),
    "witch.wake": (),
    "witch.act": (),
    "witch.sleep": (),
    "piper.wake": (),
    "piper.act": (),
    "piper.sleep": (),
    "charmed.wake": (),
    "charmed.sleep": (),
    # Dawn and the night's deaths
    "day.breaks": ("day",),
    "deaths.peaceful": (),
    "deaths.announce": ("seats",),
    "death.card": ("seat", "role"),
    "death.out": ("seat",),
    # Triggered effects
    "hunter.shoot": ("seat",),
    "hunter.shot": ("seat", "target"),
    "hunter.declines": ("seat",),
    "badge.handover": ("seat",),
    "badge.passed": ("seat",),
    "badge.destroyed": (),
    "elder.curse": (),
    # Sheriff election
    "sheriff.election": (),
    "sheriff.candidates": ("seats",),
    "sheriff.vote": (),
    "sheriff.runoff": ("seats",),
    "sheriff.elected": ("seat",),
    "sheriff.none": (),
    # Speeches and the vote
    "last_words": ("seat",),
    "discussion.start": ("seat", "direction"),
    "self_destruct": ("seat",),
    "vote.start": (),
    "vote.out": ("seat",),
    "vote.tie": ("seats",),
    "vote.revote": ("seats",),
    "vote.nobody": (),
    "idiot.revealed": ("seat",),
    "scapegoat.out": ("seat",),
    "scapegoat.choose": ("seat",),
    "scapegoat.chosen": ("seats",),
    # The end
    "game.over": ("winner",),
}
