"""The step registry: every decision belongs to one registered step, with all it means."""

from __future__ import annotations

from engine.catalog import usual
from engine.decisions import Decision, SelfDestruct, Votes
from engine.game import Game
from engine.steps import Form, Kind, Share, decision_types
from tests.support.usual import ACTIONS, STEPS


def test_every_decision_type_is_taken_by_one_registered_step() -> None:
    Game  # noqa: B018  (importing the game registers every step)
    taken = [spec.decision for spec in STEPS.values() if spec.decision is not None]
    # The shapes several decisions share (Votes, ExactCardCheck, SeatAndTarget) name no step.
    defined = {kind for kind in _subclasses(Decision) if hasattr(kind, "step")}
    assert Votes not in defined
    assert defined - set(taken) == set(ACTIONS)  # the day actions interrupt a step, they own none
    types = decision_types(usual())
    assert set(types) == set(taken) | set(ACTIONS)
    assert len({kind.__name__ for kind in types}) == len(types)  # the store's names
    for spec in STEPS.values():
        if spec.decision is not None:
            assert spec.decision.step == spec.name, spec.name
            assert spec.check is not None and spec.resolve is not None, spec.name
            assert spec.codecs, f"{spec.name} has no record key"


def test_every_step_a_seat_owes_has_a_form_an_answer_and_a_default() -> None:
    for spec in STEPS.values():
        if spec.decision is None or spec.kind == Kind.CHANCE:
            continue
        assert spec.form != Form.NONE and spec.answer is not None and spec.default is not None, spec.name
        assert spec.kind in (Kind.NIGHT, Kind.DAY, Kind.SECRET), spec.name
        assert spec.share != Share.NOBODY, spec.name


def test_record_keys_belong_to_a_night_or_a_day_and_are_known_once() -> None:
    codecs = usual().codecs
    assert {codec.kind for codec in codecs.values()} == {Kind.NIGHT, Kind.DAY}
    assert codecs["self_destruct"].key == SelfDestruct.key
    keys = [codec.key for spec in STEPS.values() for codec in spec.codecs]
    assert set(keys) | {action.codec.key for action in ACTIONS.values()} == set(codecs)


def _subclasses(kind: type[Decision]) -> list[type[Decision]]:
    found = []
    for sub in kind.__subclasses__():
        found += [sub, *_subclasses(sub)]
    return found
