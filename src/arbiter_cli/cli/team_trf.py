"""``arbiter trf pair|check|generate`` for a team Swiss (FIDE C.04.6): called by :mod:`.trf` when the
file is a team file (records 310 / 013) or ``--teams`` is given.

* ``trf pair TEAMFILE.trf``: the next round, in the engines' format with team numbers: the number
  of pairs, then ``white-team black-team`` lines (the white team has White on board 1), the PAB as
  ``team 0``; ``--explain`` tells why (on stderr).
* ``trf check TEAMFILE.trf``: every round paired again from the rounds before it, each difference named.
* ``trf generate --teams N --boards B --rounds R``: a random team Swiss paired by our engine.
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import TYPE_CHECKING

from arbiter_cli.cli.common import say
from arbiter_cli.core.errors import BadArgument, DomainError, NoPairing, Refused
from arbiter_cli.core.words import count
from arbiter_cli.render.output import slow_progress
from arbiter_cli.store.outputs import check_output, write_output

if TYPE_CHECKING:
    from arbiter_cli.trf.reader import TrfFile
    from arbiter_cli.trf.team_swiss import TeamSwissFile

__all__ = ["team_pair", "team_check", "team_generate"]


def _read(label: str, trf: TrfFile) -> TeamSwissFile:
    from arbiter_cli.trf.team_swiss import read_team_swiss

    try:
        file = read_team_swiss(trf)
    except DomainError as error:
        raise error.at(source=label) from None
    for warning in file.read.warnings:
        say(f"warning: {label}, {warning}" if warning.startswith("line ") else f"warning: {label}: {warning}")
    return file


def team_pair(label: str, trf: TrfFile, output: Path | None, explain: bool) -> None:
    """Pair the next round of a team Swiss TRF."""
    from arbiter_cli.pairing.team_swiss import pair_team_round
    from arbiter_cli.pairing.team_swiss.explain import explain_team_round
    from arbiter_cli.trf.engine_output import format_pairs

    if output is not None:
        check_output(output, what="the pairing")
    file = _read(label, trf)
    number = file.paired_rounds + 1
    try:
        request, drawn = file.next_request()
    except DomainError as error:
        raise error.at(source=label) from None
    if drawn is not None:
        say(f"note: the initial colour is drawn by lot (C.04.6 4.1): {'White' if drawn == 'w' else 'Black'}; "
            f"record 152 stores it: 152 {drawn.upper()}")
    try:
        with slow_progress(f"pairing round {number}", len(request.entrants)) as step:
            pairing = pair_team_round(request, step)
    except NoPairing as error:
        raise NoPairing(f"round {number}: {error}") from None
    if explain:
        for line in explain_team_round(request, pairing):
            say(line)
    text = format_pairs(pairing.pairs, pairing.bye)
    if output is None:
        sys.stdout.write(text)
    else:
        write_output(output, text, what="the pairing")
        say(f"round {number}: {count(len(pairing.pairs), 'match', 'matches')} written to {output}")


def team_check(label: str, trf: TrfFile) -> None:
    """Pair every round of a team Swiss TRF again and report each difference (exit 0 only when all agree)."""
    from arbiter_cli.trf.team_swiss import check_team_rounds

    file = _read(label, trf)
    rounds = file.paired_rounds
    if not rounds:
        raise BadArgument("no round is paired: there is nothing to check", source=label)
    if file.total_rounds is None:
        say(f"note: the file does not give the number of rounds (record 142); taking {rounds}")
    if file.initial_colour is None:
        raise BadArgument("the initial colour is unknown: no record 152 and no match played in round 1",
                          source=label, field="152")
    differing = 0
    with slow_progress("checking rounds", rounds) as step:
        try:
            for check in check_team_rounds(file):
                step(check.number)
                if check.identical:
                    print(f"round {check.number}: identical ({count(len(check.recorded), 'match', 'matches')})",
                          flush=True)
                    continue
                differing += 1
                print(f"round {check.number}: differs")
                if check.paired is None:
                    print(f"  arbiter finds no pairing: {check.error}")
                    continue
                ours = set(check.paired.pairs)
                for white, black in sorted(check.recorded - ours):
                    print(f"  file only:    {white} - {black}")
                for white, black in sorted(ours - check.recorded):
                    print(f"  arbiter only: {white} - {black}")
                if check.paired.bye != check.recorded_bye:
                    print(f"  PAB: file {check.recorded_bye or 'none'}, arbiter {check.paired.bye or 'none'}")
                sys.stdout.flush()
        except DomainError as error:
            raise error.at(source=label) from None
    if differing:
        raise Refused(f"{differing} of {count(rounds, 'round')} {'differs' if differing == 1 else 'differ'} from the "
                      "Swiss Team Pairing System (C.04.6, 2026)")
    say("the round is identical" if rounds == 1 else f"all {rounds} rounds are identical")


def team_generate(output: Path, teams: int, boards: int, rounds: int, seed: int, colour_model: str, primary: str,
                  draw_rate: float, forfeit_rate: float, bye_rate: float) -> None:
    """Write a random team Swiss, paired round by round with arbiter's C.04.6 engine."""
    from arbiter_cli.pairing.team_swiss import ColourModel
    from arbiter_cli.trf.team_generate import TeamSwissShape, generate_team_swiss

    models = {"a": ColourModel.TYPE_A, "b": ColourModel.TYPE_B, "none": ColourModel.NONE}
    if colour_model.lower() not in models:
        raise BadArgument(f"{colour_model!r} is not a colour model; use a, b or none", field="--colour-model")
    if primary.upper() not in ("MP", "GP"):
        raise BadArgument(f"{primary!r} is not a primary score; use mp or gp", field="--primary")
    if teams < 2 or boards < 1:
        raise BadArgument("a team Swiss needs at least 2 teams of at least 1 board", field="--teams")
    check_output(output, what="the TRF")
    shape = TeamSwissShape(teams, boards, rounds, seed, models[colour_model.lower()],
                           "MP" if primary.upper() == "MP" else "GP", draw_rate=draw_rate,
                           forfeit_rate=forfeit_rate, bye_rate=bye_rate)
    with slow_progress("generating rounds", rounds) as step:
        try:
            text = generate_team_swiss(shape, progress=step)
        except NoPairing as error:
            raise NoPairing(f"seed {seed}: {error}; try another seed or fewer rounds") from None
    write_output(output, text, what="the TRF")
    say(f"wrote {output}: {count(teams, 'team')} of {count(boards, 'board')}, {count(rounds, 'round')} (seed {seed})")
