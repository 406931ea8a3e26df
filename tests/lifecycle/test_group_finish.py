"""Finalising a group event (issue 18): every stage closes as its own finalize would, then the event."""

from __future__ import annotations

import pytest

from arbiter_cli.core.errors import Refused
from arbiter_cli.core.group_settings import GroupEvent
from arbiter_cli.core.model import Status, Tournament
from arbiter_cli.lifecycle.finish import finalise
from arbiter_cli.lifecycle.group_finish import final_winner, finalise_groups
from arbiter_cli.lifecycle.group_stages import final_seeding, final_stage, qualifiers, start_groups

from .test_group_stages import event, play


def played_event() -> tuple[GroupEvent, dict[str, Tournament], Tournament]:
    """Two groups of 4, every game drawn (lots decide the qualifiers), and the round-robin final paired."""
    after, dealt, _ = start_groups(event(8, 2, 2))
    stages = {name: play(stage, {}) for name, stage in dealt.items()}
    final, _, _ = final_stage(after, final_seeding(qualifiers(stages, 2)))
    assert isinstance(final, Tournament)
    return after, stages, final


def test_finalize_closes_every_stage_then_the_event() -> None:
    after, stages, final = played_event()
    done = finalise_groups(after, {**stages, "final": play(final, {})}, None, "2026-12-04")
    assert done.event.tournament.settings.status is Status.FINALISED
    assert done.event.tournament.settings.finalised_on == "2026-12-04"
    assert {name: s.settings.status for name, s in done.stages.items()} == dict.fromkeys(("A", "B", "final"),
                                                                                          Status.FINALISED)
    assert all(changes for changes in done.stage_changes.values()) and done.changes[0].change == "status"
    # every game drawn: the final's tie left after the tie-breaks is drawn by lot, so one player is first
    assert final_winner(done) in {p.name for p in final.players}


def test_a_stage_finalised_before_stays_as_it_was() -> None:
    after, stages, final = played_event()
    early = finalise(stages["A"], "2026-12-01").tournament
    done = finalise_groups(after, {**stages, "A": early, "final": play(final, {})}, None, "2026-12-04")
    assert done.stages["A"] is early and done.stage_changes["A"] == ()
    assert done.stages["B"].settings.finalised_on == "2026-12-04"


def test_nothing_closes_while_the_final_has_a_game_to_play() -> None:
    after, stages, final = played_event()
    with pytest.raises(Refused, match="the final: the event cannot be finalised yet") as refused:
        finalise_groups(after, {**stages, "final": final}, None, "2026-12-04")
    assert any(line.startswith("missing:") for line in refused.value.details)
    with pytest.raises(Refused, match="the final is not paired yet: 'arbiter pair' pairs it"):
        finalise_groups(after, stages, None, "2026-12-04")
