"""What each phone shows for the step being narrated, built only from that seat's view.

Rule 1: at a night step every living phone gets a screen of the same form (seats to touch,
        the witch's potions, the thief's two cards, yes or no, a notice to acknowledge) and the
        same touch; only the seat whose view holds the prompt for this step gets real choices
        (the legal ones), the others a decoy of the same shape whose touch is ignored.
Rule 2: a prompt in a view counts only while its step is the one narrated, so a phone never
        learns that a step was pretended from a prompt that came early.
Rule 3: by day the decisions are public: the seats that owe them get the form, the others
        wait. Dead seats watch, unless they owe a decision (a dying hunter, a dying sheriff,
        the ghost, the last dead who accuses or names).
Rule 4: the New Moon cards' forms: yes or no (the ghost, the pact, a witness, the werewolves'
        touch), a question from the card and the seats it points at (the medium), friends to
        name (never oneself); the accused waits while the others say whether they testify.
"""

from __future__ import annotations

from typing import Any

from engine.cards.deck import QUESTIONS
from engine.views import SeatView

NIGHT_STEPS = (
    "thief",
    "cupid",
    "lovers",
    "guard",
    "seer",
    "werewolves",
    "witch",
    "piper",
    "charmed",
    "double_agent",
    "moon_seers",
    "moon_seer",
    "touch",
    "specter",
    "church",
)
MEETINGS = frozenset({"lovers", "charmed"})
DAY_STEPS = (
    "sheriff_candidacy",
    "sheriff_vote",
    "vote",
    "revote",
    "hunter",
    "badge",
    "scapegoat",
    "medium",
    "question",
    "ghost",
    "pact",
    "punishment",
    "witnesses",
    "distrust",
    "report",
    "vouch",
    "influences",
    "executioner",
)
FORMS: dict[str, str] = {
    "thief": "cards",
    "witch": "witch",
    "lovers": "notice",
    "charmed": "notice",
    "sheriff_candidacy": "stand",
    "scapegoat": "seats",
    "touch": "yesno",
    "ghost": "yesno",
    "pact": "yesno",
    "witnesses": "yesno",
    "question": "question",
}
# How many seats a decoy asks for: the usual count of the real step.
DECOY_COUNT: dict[str, int] = {"cupid": 2, "piper": 2}


def form_of(step: str) -> str:
    return FORMS.get(step, "seats")


def real_prompt(view: SeatView, narrating: str | None) -> bool:
    """Whether `view`'s prompt is the decision of the step being narrated (Rule 2)."""
    return view.prompt is not None and narrating is not None and view.prompt.step == narrating


def screen(
    view: SeatView,
    narrating: str | None,
    *,
    shown_alive: list[int],
    answered: bool,
    talk_time: bool,
) -> dict[str, Any]:
    """The screen of the seat of `view`.

    `shown_alive` is the living seats as the phones last saw them (decoy choices come from
    it, never from the state); `answered` whether this seat touched this step already;
    `talk_time` whether a werewolf may self-destruct now (true for every seat alike).
    """
    seat = view.seat
    base: dict[str, Any] = {
        "step": narrating,
        "real": False,
        "choices": [],
        "count": 0,
        "allow_none": False,
        "info": {},
        "answered": answered,
        "self_destruct": talk_time and view.alive,
    }
    if view.public.winner is not None:
        return {**base, "kind": "over", "form": "wait", "step": None, "self_destruct": False}
    night = narrating in NIGHT_STEPS
    kind = "night" if night else "day"
    if real_prompt(view, narrating):
        assert view.prompt is not None and narrating is not None
        prompt = view.prompt
        if narrating == "witnesses" and prompt.info.get("accused") == seat:
            return {**base, "kind": kind, "form": "wait"}
        return {
            **base,
            "kind": kind,
            "form": form_of(narrating),
            "real": True,
            **_choices(narrating, seat, list(prompt.targets), prompt.count),
            "allow_none": prompt.allow_none,
            "info": _info(narrating, dict(prompt.info)),
        }
    if not view.alive:
        return {**base, "kind": "out", "form": "wait"}
    if narrating is None:
        return {**base, "kind": kind, "form": "sleep" if _is_night(view) else "wait"}
    if night:
        form = form_of(narrating)
        if narrating in MEETINGS or form == "yesno":
            return {**base, "kind": kind, "form": form}
        choices = [1, 2] if narrating == "thief" else [s for s in shown_alive if s != seat]
        return {
            **base,
            "kind": kind,
            "form": form,
            "choices": choices,
            "count": DECOY_COUNT.get(narrating, 1),
            "allow_none": True,
        }
    return {**base, "kind": kind, "form": "wait"}


def _choices(step: str, seat: int, targets: list[int], count: int) -> dict[str, Any]:
    """The seats to offer and how many to name: a friend is never oneself (Rule 4)."""
    if step == "distrust":
        targets = [s for s in targets if s != seat]
        count = min(count, len(targets))
    return {"choices": targets, "count": count}


def _info(step: str, info: dict[str, Any]) -> dict[str, Any]:
    """What the deciding seat is told, with how many seats each of the card's questions
    points at (the medium's form)."""
    if step == "question":
        info["question_seats"] = {ask: QUESTIONS[ask].seats for ask in info["questions"]}
    return info


def _is_night(view: SeatView) -> bool:
    return view.public.phase.startswith("night")


def without_early_prompt(view: SeatView, narrating: str | None) -> SeatView:
    """`view` without a prompt for a step other than the narrated one (Rule 2)."""
    if view.prompt is None or real_prompt(view, narrating):
        return view
    return view.model_copy(update={"prompt": None})
