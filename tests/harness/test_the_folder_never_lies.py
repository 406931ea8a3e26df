"""The fixed-seed sample of the harness that every test run makes (issue 25): random command
sequences through every kind of event, the invariants of :mod:`harness` checked after each step.

Each kind runs ``max_examples`` sequences of up to ``stateful_step_count`` steps, derandomized (the
same sequences every run): all seven kinds in under three minutes here (docs/harness.md has the
figures). Every sequence runs to its end, so that one fault does not hide another; a test fails
on any violation met that is not a registered open fault (:mod:`harness.open_faults`), listing each
distinct one with the shortest sequence of commands that showed it, and notes each open fault met.
``scripts/harness_long.py`` runs the same machines for as long as you like, with a seed, and
has hypothesis shrink each fault to a minimal sequence.
"""

from __future__ import annotations

import warnings

from hypothesis import HealthCheck, Phase, settings
from hypothesis.stateful import RuleBasedStateMachine, run_state_machine_as_test

from harness.club import ClubMachine
from harness.groups import GroupStageMachine
from harness.individual import RoundRobinMachine, SwissMachine
from harness.knockout import KnockoutMachine
from harness.machine import collected
from harness.open_faults import open_fault
from harness.team import TeamRoundRobinMachine, TeamSwissMachine

#: The CI sample: the same sequences every run, bounded.
CI = settings(max_examples=6, stateful_step_count=30, deadline=None, derandomize=True, database=None,
              suppress_health_check=list(HealthCheck), print_blob=False, phases=[Phase.explicit, Phase.generate])


def _run(machine: type[RuleBasedStateMachine]) -> None:
    """Run the sample; fail on any violation that is not an open fault (:mod:`harness.open_faults`),
    and note each open fault met, so that a registered fault is never met silently."""
    with collected() as found:
        run_state_machine_as_test(machine, settings=CI)
    known = {signature: fault for signature in found if (fault := open_fault(signature)) is not None}
    for signature, fault in sorted(known.items()):
        warnings.warn(f"open fault met (tests/harness/open_faults.py): {fault.fault} [{signature}]", stacklevel=2)
        print(f"note: open fault met: {fault.fault}\n  [{signature}]")
    new = {signature: text for signature, text in found.items() if signature not in known}
    assert not new, f"{len(new)} distinct violation(s) not in tests/harness/open_faults.py:\n\n" + "\n\n".join(
        f"== {signature}\n{text}" for signature, text in sorted(new.items()))


def test_an_individual_swiss_under_random_commands_never_lies() -> None:
    _run(SwissMachine)


def test_a_round_robin_under_random_commands_never_lies() -> None:
    _run(RoundRobinMachine)


def test_a_team_swiss_under_random_commands_never_lies() -> None:
    _run(TeamSwissMachine)


def test_a_team_round_robin_under_random_commands_never_lies() -> None:
    _run(TeamRoundRobinMachine)


def test_a_knockout_under_random_commands_never_lies() -> None:
    _run(KnockoutMachine)


def test_a_group_stage_under_random_commands_never_lies() -> None:
    _run(GroupStageMachine)


def test_a_club_with_rated_events_under_random_commands_never_lies() -> None:
    _run(ClubMachine)
