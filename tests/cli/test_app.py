"""The command line's own rules: one exit code per kind of error, and errors named as typed."""

from __future__ import annotations

import pytest

from arbiter_cli.cli.app import COMMANDS, GROUPS, exit_code
from arbiter_cli.cli.common import arguments
from arbiter_cli.core.errors import BadArgument, BrokenFolder, Busy, DomainError, NoPairing, Refused


def test_each_kind_of_domain_error_has_its_exit_code() -> None:
    """docs/reference/exit-codes.md (tests/test_docs_reference.py checks the page against this mapping)."""
    assert {kind: exit_code(kind("x")) for kind in (BadArgument, BrokenFolder, Refused, Busy, NoPairing)} == {
        BadArgument: 2, BrokenFolder: 3, Refused: 4, Busy: 5, NoPairing: 6}
    assert exit_code(DomainError("x")) == 1  # an error of no listed kind is a bug


def test_an_acts_field_is_named_as_the_person_typed_it() -> None:
    with pytest.raises(BadArgument) as error, arguments(after_round="--after-round"):
        raise BadArgument("must be between 0 and 3", field="after_round")
    assert str(error.value) == "field '--after-round': must be between 0 and 3"
    with pytest.raises(BadArgument) as from_file, arguments(board="BOARD"):
        raise BadArgument("no board 9", source="r.txt", line=2, field="board")
    assert from_file.value.field == "board"  # a file's field is its column: kept
    with pytest.raises(Refused) as refused, arguments(board="BOARD"):
        raise Refused("round 1: nothing saved")
    assert str(refused.value) == "round 1: nothing saved"


def test_every_command_has_a_name_and_a_docstring_for_its_help() -> None:
    commands = [*COMMANDS, *(c for g in GROUPS for c in g.commands)]
    assert all(c.run.__doc__ for c in commands)
    assert len({c.name for c in COMMANDS} | {g.name for g in GROUPS}) == len(COMMANDS) + len(GROUPS)
