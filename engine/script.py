"""The judge's script: every line the engine can ask the narrator to say, with its placeholders.

The engine emits `Cue` events whose `key` is one of its catalogue's `cues` (the core's `SCRIPT`,
and each module's `add_cues`) and whose parameters are exactly the names listed there.
Placeholder types, so a catalogue can read them as a person would:

- `seat`, `target`: one seat number (int, 1-based); `seats`: a list of seat numbers
- `night`, `day`, `count`: a whole number
- `role`: a role name (`engine.roles.Role` value, e.g. "seer")
- `winner`: an outcome winner ("villagers", "werewolves", "lovers", "piper", "none")
- `direction`: "clockwise" or "counterclockwise"

The narrator's catalogues (one per locale) must hold a line for every key here; they may hold
more lines of their own (timers, reminders, the post-game review).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from engine.contents import Contents

SCRIPT: dict[str, tuple[str, ...]] = {
    # Opening
    "game.opening": ("count",),
    "game.peek": (),
    "game.open_card": ("seat", "role"),
    # Night
    "night.falls": ("night",),
    # Dawn and the night's deaths
    "day.breaks": ("day",),
    "day.zero": (),
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
    "badge.swallowed": (),
    "badge.lost": ("seat",),
    "elder.curse": (),
    # Sheriff election
    "sheriff.election": (),
    "sheriff.candidates": ("seats",),
    "sheriff.vote": (),
    "sheriff.runoff": ("seats",),
    "sheriff.elected": ("seat",),
    "sheriff.none": (),
    # The club election (RULES-CLUB.md): 警上发言, 退水, 警下投票, PK, 警左/警右
    "sheriff.stand": (),
    "sheriff.speeches": ("seat", "direction"),
    "sheriff.withdraw": (),
    "sheriff.withdrawn": ("seats",),
    "sheriff.vote_below": (),
    "sheriff.pk": ("seats",),
    "sheriff.postponed": (),
    "sheriff.resume": ("seats",),
    "sheriff.order": ("seat",),
    "sheriff.self_destruct": ("seat",),
    # Speeches and the vote
    "last_words": ("seat",),
    "discussion.start": ("seat", "direction"),
    "self_destruct": ("seat",),
    "vote.start": (),
    "vote.sheriff_decides": ("target", "votes"),
    "vote.out": ("seat",),
    "vote.tie": ("seats",),
    "vote.revote": ("seats",),
    "vote.pk": ("seats",),
    "vote.nobody": (),
    # The end
    "game.over": ("winner",),
}

# The New Moon event cards (`docs/events.md`): each card read aloud, then its prompts.
CARD_LINES: dict[str, str] = {
    "miracle": "card.miracle",
    "bleak_monday": "card.bleak_monday",
    "not_me_nor_wolf": "card.not_me_nor_wolf",
    "spiritualism": "card.spiritualism",
    "luncheon_for_seniors": "card.luncheon_for_seniors",
    "end_of_the_harvest": "card.end_of_the_harvest",
    "gone_hunting": "card.gone_hunting",
    "pact_with_the_devil": "card.pact_with_the_devil",
    "april_fools": "card.april_fools",
    "punishment": "card.punishment",
    "great_distrust": "card.great_distrust",
    "nightmare": "card.nightmare",
    "saint_philippe": "card.saint_philippe",
    "good_manners": "card.good_manners",
    "radiant_sunday": "card.radiant_sunday",
    "heads_or_tails": "card.heads_or_tails",
    "woodland_gathering": "card.woodland_gathering",
    "saturday_evening_ball": "card.saturday_evening_ball",
    "eclipse": "card.eclipse",
    "flood": "card.flood",
    "executioner": "card.executioner",
    "little_rascal": "card.little_rascal",
    "backfire": "card.backfire",
    "enthusiasm": "card.enthusiasm",
    "dissatisfaction": "card.dissatisfaction",
    "full_moon_rising": "card.full_moon_rising",
    "influences": "card.influences",
    "burial": "card.burial",
    "touch_of_death": "card.touch_of_death",
    "somnambulism": "card.somnambulism",
    "double_agent": "card.double_agent",
    # the variants a table may switch on
    "surely_not_him": "card.surely_not_him",
    "harvest_festival": "card.harvest_festival",
    "lycanthropic_fascination": "card.lycanthropic_fascination",
    "specter": "card.specter",
}
"""Each event card (or variant) → the line that reads it aloud, its key written whole."""
_QUESTION_CUES: dict[str, tuple[str, ...]] = {
    "question.seer_found_werewolf": (),
    "question.werewolves_adjacent": (),
    "question.werewolf_jewelry": (),
    "question.am_i_werewolf": (),
    "question.same_team": ("seats",),
    "question.werewolf_glasses": (),
    "question.witch_is_man": (),
    "question.sheriff_plain_villager": (),
    "question.werewolf_jeans": (),
    "question.werewolf_black_top": (),
    "question.all_werewolves_male": (),
    "question.all_werewolves_female": (),
    "question.am_i_plain_villager": (),
    "question.sheriff_is_werewolf": (),
    "question.werewolf_lives_here": (),
    "question.werewolf_smoker": (),
    "question.werewolf_man": (),
    "question.werewolf_woman": (),
    "question.werewolf_beside": ("seat",),
    "question.plain_villager": ("seat",),
    "question.werewolf_studies_well": (),
}
QUESTION_LINES: dict[str, str] = {key.removeprefix("question."): key for key in _QUESTION_CUES}
"""Each Spiritualism question → the line that asks it."""
SCRIPT.update({key: () for key in CARD_LINES.values()})
SCRIPT.update(_QUESTION_CUES)
SCRIPT.update(
    {
        # Drawing
        "event.draw": (),
        "event.dark_moon": (),
        # Away: they neither speak nor vote, and nobody votes for them
        "away.luncheon": ("seats",),
        "away.ball": ("seats",),
        "away.hunting": ("seats",),
        "away.woodland": ("seats",),
        "rascal.away": ("seat",),
        "woodland.potion": (),
        # Spoken rules broken
        "report.ask": (),
        "report.lose_vote": ("seats",),
        # Miracle, Spiritualism
        "miracle.revived": ("seat",),
        "spiritualism.choose_medium": ("seat",),
        "spiritualism.medium": ("seat", "target"),
        "spiritualism.ghost": ("seat",),
        "spiritualism.yes": (),
        "spiritualism.no": (),
        # Verdicts and votes
        "coin.heads": ("seat",),
        "coin.tails": ("seat",),
        "pact.offer": ("seat",),
        "pact.made": ("seat",),
        "pact.refused": ("seat",),
        "second_vote.start": (),
        "nightmare.start": ("seat",),
        "distrust.start": (),
        "distrust.out": ("seats",),
        "distrust.nobody": (),
        "vouch.start": ("seat",),
        "vouch.last": ("seat",),
        "influences.choose": ("seat",),
        "influences.order": ("seat",),
        "punishment.accuse": ("seat",),
        "punishment.accused": ("seat",),
        "punishment.spared": ("seat",),
        "punishment.dies": ("seat",),
        "philippe.dismissed": ("seat",),
        "harvest.scapegoat": ("seats",),
        "executioner.choose": (),
        "executioner.chosen": ("seat",),
        "executioner.successor": ("seat",),
        "executioner.none": (),
        # The night
        "double_agent.wake": ("seat",),
        "double_agent.sleep": (),
        "moon_seers.wake": (),
        "moon_seers.sleep": (),
        "touch.act": (),
        "flood.church": (),
        "potion.heal": (),
        "potion.villager": (),
        "potion.werewolf": (),
        "potion.poison": (),
        "somnambulism.werewolf": (),
        "somnambulism.not_werewolf": (),
        "somnambulism.role": ("role",),
    }
)


@dataclass(frozen=True, slots=True)
class StepCues:
    """The lines that open and close a night step, each key written whole where the step is
    declared (`StepCues(SEER, wake="seer.wake", act="seer.act", sleep="seer.sleep")`), so a
    search for a key finds its step; the engine says them from these fields, never building a
    key from the step's name."""

    step: str
    wake: str
    act: str
    sleep: str

    def keys(self) -> dict[str, tuple[str, ...]]:
        """The three lines for `add_cues` (none takes a placeholder)."""
        return {self.wake: (), self.act: (), self.sleep: ()}


def add_cues(to: Contents, cues: dict[str, tuple[str, ...]]) -> None:
    """A role's module adds the lines of its steps to the script (each key once)."""
    to.add(lambda catalogue: _put(catalogue.cues, cues))


def _put(script: dict[str, tuple[str, ...]], cues: dict[str, tuple[str, ...]]) -> None:
    for key, params in cues.items():
        if key in script and script[key] != params:
            raise ValueError(f"cue {key!r} is in the script already, with {script[key]}")
        script[key] = params
