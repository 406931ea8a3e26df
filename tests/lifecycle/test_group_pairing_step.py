"""What ``arbiter pair`` does next in a group event (issue 24: decided in the life-cycle layer,
not on the command line): the groups first, every round at once, then the final."""

from __future__ import annotations

import pytest

from arbiter_cli.core.errors import Refused
from arbiter_cli.core.group_settings import FINAL, GroupEvent, GroupSettings
from arbiter_cli.core.model import Player, Settings, Status, System, Tournament
from arbiter_cli.lifecycle.group_stages import GroupStep, next_step


def event(status: Status = Status.REGISTRATION) -> GroupEvent:
    settings = Settings(name="Cup", system=System.ROUND_ROBIN, seed=3, initial_colour="white", status=status)
    players = tuple(Player(start_number=i, name=f"P{i}", rating=2500 - i) for i in range(1, 9))
    return GroupEvent(Tournament(settings, players), GroupSettings(count=2, advance=2))


def test_the_groups_start_first_every_round_of_every_group_at_once() -> None:
    assert next_step(event(), [], knockout_final=False) is GroupStep.START_GROUPS


def test_once_the_groups_are_running_the_next_pairing_is_the_final() -> None:
    assert next_step(event(Status.RUNNING), ["A", "B"], knockout_final=False) is GroupStep.PAIR_FINAL


def test_a_round_robin_final_is_paired_once_whole() -> None:
    with pytest.raises(Refused, match="the final is paired"):
        next_step(event(Status.RUNNING), ["A", "B", FINAL], knockout_final=False)


def test_a_knockout_final_pairs_one_round_after_another() -> None:
    assert next_step(event(Status.RUNNING), ["A", "B", FINAL], knockout_final=True) is GroupStep.NEXT_KNOCKOUT_ROUND
