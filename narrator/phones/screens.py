"""What each phone shows for the step being narrated, built only from that seat's view.

Rule 1: at a night step every living phone gets the same screen: the same form (seats to
        touch, the witch's potions, the thief's two cards, yes or no, a notice to acknowledge),
        the same text and buttons, every living seat in the grid (one's own included), a
        choice of nobody (none for the thief when the rules, public, say he must take a
        card). Only the seat whose view holds the prompt for this step has its touch taken;
        what it alone may know (that it acts, the witch's victim, the thief's cards, the
        question) travels sealed (`wire.seal`), and every other phone gets an empty seal of
        the same length. A pretended step is a step where every phone is a decoy. A secret
        step by day (`Kind.SECRET`: the stuttering judge's request) is shown the same way;
        one that names seats (the devoted servant's swap) has the moment's dead in the grid (the
        dead whose cards wait for it, public).
Rule 2: a prompt in a view counts only while its step is the one narrated, so a phone never
        learns that a step was pretended from a prompt that came early.
Rule 3: by day the decisions are public: the seats that owe them get the form, the others
        wait. Dead seats watch, unless they owe a decision (a dying hunter, a dying sheriff,
        the ghost, the last dead who accuses or names).
Rule 4: the New Moon cards' forms: yes or no (the ghost, the pact, a witness, the werewolves'
        touch), a question from the card and the seats it points at (the medium), friends to
        name (never oneself); the accused waits while the others say whether they testify.
Rule 5: by day every living phone lists the same day actions (`actions`: each one's name and
        page form, "none" or "seats"), whoever holds which card; dead phones list none.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from engine.cards.deck import QUESTIONS
from engine.contents import Catalogue
from engine.phase import Phase
from engine.roles import Role
from engine.rules import Rules
from engine.steps import OFFERS_FACE_UP, DayAction, Form, Kind, Share, StepSpec
from engine.views import SeatView
from narrator.phones.collector import is_pack
from narrator.phones.wire import seal

PAGE_FORMS: dict[Form, str] = {
    Form.SEATS: "seats",
    Form.LIST: "seats",
    Form.TAKE: "cards",
    Form.POTIONS: "witch",
    Form.YES_NO: "yesno",
    Form.NOTICE: "notice",
    Form.STAND: "stand",
    Form.QUESTION: "question",
}
"""The page's form for each of the engine's answer forms (`engine.steps.Form`)."""


def spec_of(catalogue: Catalogue, step: str | None) -> StepSpec | None:
    """What the step called `step` means in the game's `catalogue` (`Game.catalogue`, the one
    place a game's steps are found); None between steps."""
    return catalogue.steps.get(step) if step is not None else None


def is_night(catalogue: Catalogue, step: str | None) -> bool:
    """Whether `step` is a night step, where every living phone touches the same screen: a
    step of the night, or a secret one by day (the stuttering judge's request, `Kind.SECRET`),
    shown and answered as at night (Rule 1)."""
    spec = spec_of(catalogue, step)
    return spec is not None and spec.kind in (Kind.NIGHT, Kind.MEETING, Kind.SECRET)


def _meeting(spec: StepSpec | None) -> bool:
    return spec is not None and spec.kind == Kind.MEETING


def form_of(catalogue: Catalogue, step: str) -> str:
    spec = spec_of(catalogue, step)
    if spec is None or spec.kind == Kind.MEETING:
        return "notice"
    return PAGE_FORMS.get(spec.form, "seats")


def day_actions(actions: Sequence[DayAction]) -> list[dict[str, str]]:
    """The day actions' buttons: each one's name and what it asks for (Rule 5)."""
    return [{"name": a.name, "form": PAGE_FORMS.get(a.form, "none")} for a in actions]


def real_prompt(view: SeatView, narrating: str | None) -> bool:
    """Whether `view`'s prompt is the decision of the step being narrated (Rule 2)."""
    return view.prompt is not None and narrating is not None and view.prompt.step == narrating


def screen(
    catalogue: Catalogue,
    view: SeatView,
    narrating: str | None,
    *,
    shown_alive: list[int],
    answered: bool,
    actions: Sequence[DayAction],
    rules: Rules | None = None,
) -> dict[str, Any]:
    """The screen of the seat of `view`.

    `shown_alive` is the living seats as the phones last saw them (the night grid comes from
    it, never from the state); `answered` whether this seat touched this step already;
    `actions` the day actions the game offers now (the same for every seat, Rule 5);
    `catalogue` the game's steps; `rules` the game's (a step that may name fewer seats under
    them, `StepSpec.fewer`, takes fewer on every phone: `any_count`)."""
    seat = view.seat
    spec = spec_of(catalogue, narrating)
    base: dict[str, Any] = {
        "step": narrating,
        "pack": is_pack(spec),
        "any_count": spec is not None
        and (
            spec.form == Form.LIST
            or spec.share == Share.MAJORITY
            or (spec.fewer is not None and rules is not None and spec.fewer(rules))
        ),
        "verdict": spec is not None and spec.verdict,
        "answers": list(spec.answers) if spec is not None and spec.answers else None,
        "real": False,
        "choices": [],
        "count": 0,
        "allow_none": False,
        "info": {},
        "sealed": seal(None),
        "answered": answered,
        "actions": day_actions(actions) if view.alive else [],
    }
    if view.public.winner is not None:
        cards = view.public.cards or {}
        wolf_team = catalogue.wolf_team
        wolves = sorted(s for s, card in cards.items() if Role(card) in wolf_team)
        return {**base, "kind": "over", "form": "wait", "step": None, "actions": [], "wolves": wolves}
    if not view.alive and not real_prompt(view, narrating):
        return {**base, "kind": "out", "form": "wait"}
    if narrating is None:
        night = _is_night(view)
        return {**base, "kind": "night" if night else "day", "form": "sleep" if night else "wait"}
    if is_night(catalogue, narrating):
        return {**base, **_night(catalogue, view, narrating, shown_alive, rules)}
    if real_prompt(view, narrating):
        assert view.prompt is not None
        prompt = view.prompt
        return {
            **base,
            "kind": "day",
            "form": form_of(catalogue, narrating),
            "real": True,
            **_choices(spec, seat, list(prompt.targets), prompt.count),
            "allow_none": prompt.allow_none,
            "info": _info(spec, dict(prompt.info)),
        }
    return {**base, "kind": "day", "form": "wait"}


def _night(
    catalogue: Catalogue, view: SeatView, step: str, shown_alive: list[int], rules: Rules | None
) -> dict[str, Any]:
    """The night screen, the same on every phone but for the seal (Rule 1): no choice of
    nobody where the rules (public) never allow it, as for the thief under `thief_must_take`."""
    form = form_of(catalogue, step)
    spec = spec_of(catalogue, step)
    count = spec.names if spec is not None else 1
    told: dict[str, Any] | None = None
    if real_prompt(view, step):
        assert view.prompt is not None
        count = view.prompt.count if form == "seats" else count
        told = {"real": True, "info": _info(spec, dict(view.prompt.info))}
    meeting = _meeting(spec)
    seats = not meeting and form not in ("yesno", "cards", "notice")
    face_up = spec is not None and bool(spec.extra.get(OFFERS_FACE_UP))  # the actor's cards, public
    must_take = form == "cards" and not face_up and rules is not None and rules.thief_must_take is not False
    cards = list(range(1, len(view.public.face_up or []) + 1)) if face_up else [1, 2]
    grid = list(shown_alive)
    if spec is not None and spec.kind == Kind.SECRET:  # Rule 1: by day, among the moment's dead
        grid = sorted(death["seat"] for death in view.public.deaths if death.get("waiting"))
    return {
        "kind": "night",
        "form": form,
        "choices": grid if seats else (cards if form == "cards" else []),
        "count": count if seats or form == "cards" else 0,
        "allow_none": not meeting and form != "notice" and not must_take,
        "sealed": seal(told),
    }


def _choices(spec: StepSpec | None, seat: int, targets: list[int], count: int) -> dict[str, Any]:
    """The seats to offer and how many to name: a friend is never oneself (Rule 4)."""
    if spec is not None and spec.share == Share.FRIENDS:
        targets = [s for s in targets if s != seat]
        count = min(count, len(targets))
    return {"choices": targets, "count": count}


def _info(spec: StepSpec | None, info: dict[str, Any]) -> dict[str, Any]:
    """What the deciding seat is told, with how many seats each of the card's questions
    points at (the medium's form)."""
    if spec is not None and spec.form == Form.QUESTION:
        info["question_seats"] = {ask: QUESTIONS[ask].seats for ask in info["questions"]}
    return info


def _is_night(view: SeatView) -> bool:
    return Phase.parse(view.public.phase).night


def without_early_prompt(view: SeatView, narrating: str | None) -> SeatView:
    """`view` without a prompt for a step other than the narrated one (Rule 2)."""
    if view.prompt is None or real_prompt(view, narrating):
        return view
    return view.model_copy(update={"prompt": None})
