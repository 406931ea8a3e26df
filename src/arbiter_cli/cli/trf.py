"""The commands that exchange tournaments as Tournament Report Files: ``import``, ``export`` and
``trf pair|check|generate|standings``.

The codec is pure (:mod:`arbiter_cli.trf`); these commands read the file, call
it, and write through :mod:`arbiter_cli.store`. The reader, the importer, the
exporter and the standings load only in the commands that use them (start-up time).
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Optional

import typer

from arbiter_cli.cli.groups import GroupOption
from arbiter_cli.cli.common import FormatOption, RulesOption, TiebreaksOption, author, command_line, read_bytes, \
    reading, say, tiebreak_option
from arbiter_cli.core.errors import BadArgument, BrokenFolder, DomainError, NoPairing, Refused
from arbiter_cli.core.tiebreak_codes import Rules
from arbiter_cli.render.output import Format, slow_progress
from arbiter_cli.store.outputs import check_output, write_output
from arbiter_cli.core.words import count

if TYPE_CHECKING:
    from arbiter_cli.trf.exporter import Exported
    from arbiter_cli.trf.importer import Imported
    from arbiter_cli.trf.reader import TrfFile

__all__ = ["import_command", "export_command", "trf_pair", "trf_check", "trf_generate", "trf_standings",
           "read_trf_file"]

TrfArgument = Annotated[str, typer.Argument(metavar="FILE.trf", help="TRF16, TRF-2026 or TRF(x); - for stdin.")]


def read_trf_file(source: str) -> tuple[str, TrfFile]:
    """Read and parse a TRF file (``-`` is stdin): its label for messages and its records."""
    from arbiter_cli.trf.reader import TrfError, decode_trf, parse_trf

    label, raw = read_bytes(source)
    try:
        text, _ = decode_trf(raw)
        return label, parse_trf(text)
    except TrfError as error:
        raise error.at(source=label) from None


def read_pairable_trf(source: str, read: tuple[str, TrfFile] | None = None) -> tuple[str, TrfFile]:
    """A TRF file for pairing (``trf pair``, ``trf check``): read through the importer's checks,
    with the same message as ``import`` for a broken file, and refused when it asks for what
    the Dutch engine does not do yet. ``read``: the file already read (stdin is read once)."""
    from arbiter_cli.trf.swiss import check_pairable

    label, trf = read or read_trf_file(source)
    imported = _import(label, trf, Path(label).stem, for_folder=True)
    settings = imported.tournament.settings
    try:
        warnings = check_pairable(trf, settings.scoring, settings.system.is_round_robin)
    except DomainError as error:
        raise error.at(source=label) from None
    _warn(label, tuple(warnings))
    return label, trf


def _import(label: str, trf: TrfFile, name: str, *, for_folder: bool) -> Imported:
    from arbiter_cli.trf.importer import import_trf

    try:
        return import_trf(trf, name=name, for_folder=for_folder, teams=not for_folder)
    except DomainError as error:  # a bad file, or one that cannot be imported yet (a team event)
        raise error.at(source=label) from None


def _warn(label: str, warnings: tuple[str, ...]) -> None:
    for warning in warnings:
        say(f"warning: {label}, {warning}" if warning.startswith("line ") else f"warning: {label}: {warning}")


def import_command(
    source: Annotated[str, typer.Argument(metavar="FILE.trf", help="TRF-2026, TRF16 or TRF(x); - for stdin.")],
    directory: Annotated[Path, typer.Argument(metavar="DIR", help="The tournament folder to create.")],
) -> None:
    """Create a tournament folder from a Tournament Report File (TRF-2026, TRF16 or TRF(x))."""
    from arbiter_cli.lifecycle.change import Change
    from arbiter_cli.store.tournament import create_with

    from arbiter_cli.trf.team import is_team_trf

    label, trf = read_trf_file(source)
    stem = Path(label).stem if label != "<stdin>" else "TRF event"
    if is_team_trf(trf):
        _import_teams(label, trf, stem, directory)
        return
    imported = _import(label, trf, stem, for_folder=True)
    tournament = imported.tournament
    changes = [Change("tournament imported", "", f"{label}: {len(tournament.players)} players, "
                      f"{count(tournament.last_round, 'round')} paired")]
    changes += [Change("import warning", "", warning) for warning in imported.warnings]
    try:
        create_with(directory, tournament, command_line(), changes, author())
    except BrokenFolder as error:  # the folder refused what the import made: a bug, but say where
        if error.message.startswith("cannot create "):  # the place, not the file: as 'new' says it
            raise
        raise BadArgument(f"the imported event does not make a valid folder: {error}", source=label) from None
    _warn(label, imported.warnings)
    settings = tournament.settings
    say(f"imported {label} into {directory}: {settings.name} ({settings.system.value}), "
        f"{count(len(tournament.players), 'player')}, {tournament.last_round} of {count(settings.rounds or 0, 'round')} "
        "paired")


def _import_teams(label: str, trf: TrfFile, stem: str, directory: Path) -> None:
    """``import`` of a team file: a team folder (:mod:`arbiter_cli.trf.team_folder`)."""
    from arbiter_cli.lifecycle.change import Change
    from arbiter_cli.store.team_folder import TeamFolder
    from arbiter_cli.trf.team_folder import import_team_trf

    try:
        imported = import_team_trf(trf, name=stem)
    except DomainError as error:
        raise error.at(source=label) from None
    tournament = imported.tournament
    summary = (f"{count(len(tournament.teams), 'team')}, {count(len(tournament.players), 'player')}, "
               f"{tournament.last_round} of {count(tournament.settings.rounds or 0, 'round')} paired")
    changes = [Change("tournament imported", "", f"{label}: {summary}")]
    changes += [Change("import warning", "", warning) for warning in imported.warnings]
    try:
        TeamFolder.create(directory, tournament, command_line(), author(), changes)
    except BrokenFolder as error:  # the folder refused what the import made: a bug, but say where
        if error.message.startswith("cannot create "):
            raise
        raise BadArgument(f"the imported event does not make a valid folder: {error}", source=label) from None
    _warn(label, imported.warnings)
    settings = tournament.settings
    say(f"imported {label} into {directory}: {settings.name} (team {settings.system.value}), {summary}")


def export_command(
    version: Annotated[str, typer.Option("--trf-version", metavar="2026|16",
                                         help="TRF-2026 (the default) or TRF16.")] = "2026",
    output: Annotated[Optional[Path], typer.Option("--output", "-o", help="Write the TRF here (default: stdout).",
                                                   show_default=False)] = None,
    group: GroupOption = None,
) -> None:
    """Write the tournament as a Tournament Report File (lines end with CR, UTF-8; a group event: one
    stage, --group A)."""
    from arbiter_cli.lifecycle.standings import points_and_ranks
    from arbiter_cli.trf.exporter import Exported, export_trf

    from arbiter_cli.cli.knockout import is_knockout, knockout_export
    from arbiter_cli.cli.groups import use_group
    from arbiter_cli.cli.teams import is_team

    use_group(group)

    if version not in ("2026", "16"):
        raise BadArgument(f"{version!r} is not a TRF version; use 2026 or 16", field="--trf-version")
    if is_team() and version != "2026":
        raise BadArgument("a team event is exported as TRF-2026 (TRF16 has no records for matches)",
                          field="--trf-version")
    if output is not None:
        check_output(output, what="the TRF")
    if is_knockout():
        if version != "2026":
            raise BadArgument("a knockout is exported as TRF-2026 (192 CUSTOM_KNOCKOUT)", field="--trf-version")
        text, what = knockout_export(output)
        exported = Exported(text, ())
    elif is_team():
        exported, what = _export_teams()
    else:
        with reading() as tournament:
            exported = export_trf(tournament, version, standing=points_and_ranks(tournament))
        what = f"{len(tournament.players)} players, {count(tournament.last_round, 'round')}"
    for warning in exported.warnings:
        say(f"warning: {warning}")
    if output is None:
        text = exported.text.replace("\r", "\n") if sys.stdout.isatty() else exported.text
        sys.stdout.write(text)
        sys.stdout.flush()
        return
    write_output(output, exported.text, what="the TRF")
    say(f"wrote {output}: TRF{'-2026' if version == '2026' else '16'}, {what}")


def _export_teams() -> tuple[Exported, str]:
    """``export`` of a team folder: TRF-2026 with the teams' ranks of 'arbiter standings'."""
    from arbiter_cli.cli.teams import team_reading
    from arbiter_cli.lifecycle.team_finish import team_standings_of
    from arbiter_cli.trf.team_folder import export_team_trf

    with team_reading() as tournament:
        ranks = {row.team.number: row.rank for row in team_standings_of(tournament).rows}
        exported = export_team_trf(tournament, ranks)
    return exported, (f"{count(len(tournament.teams), 'team')}, {len(tournament.players)} players, "
                      f"{count(tournament.last_round, 'round')}")


def trf_standings(
    source: Annotated[str, typer.Argument(metavar="FILE.trf", help="TRF-2026, TRF16 or TRF(x); - for stdin.")],
    tiebreaks: TiebreaksOption = None,
    rules: RulesOption = None,
    fmt: FormatOption = Format.table,
) -> None:
    """Standings of a TRF file, as 'arbiter standings' prints them (tie-breaks: --tiebreaks, else the
    file's 212/202 records, else the system's default)."""
    from arbiter_cli.lifecycle.standings import compute_standings
    from arbiter_cli.render.output import emit
    from arbiter_cli.render.views import standings_notes, standings_view
    from arbiter_cli.trf.importer import standings_tiebreaks

    label, trf = read_trf_file(source)
    from arbiter_cli.trf.team import is_team_trf

    if is_team_trf(trf):
        _team_standings(label, trf, tiebreaks, rules, fmt)
        return
    imported = _import(label, trf, Path(label).stem, for_folder=False)
    _warn(label, imported.warnings)
    tournament = imported.tournament
    codes = tiebreak_option(tiebreaks) if tiebreaks is not None else standings_tiebreaks(trf, tournament)
    table = compute_standings(tournament, None, codes, rules=rules)
    for note in standings_notes(table):
        say(f"note: {note}")
    emit(standings_view(tournament, table), fmt)


def _team_standings(label: str, trf: TrfFile, tiebreaks: str | None, rules: Rules | None, fmt: Format) -> None:
    """``trf standings`` of a team file: teams ranked by the primary score, then ``--tiebreaks``, else
    the file's team tie-breaks (212/202), else MP, GP, EDE, EMGSB, under the C.07 edition ``--rules``,
    else the one of the file's start date (042), as the folder it imports into ranks them."""
    from arbiter_cli.lifecycle.team_standings import DEFAULT_TEAM_TIEBREAKS, compute_team_standings
    from arbiter_cli.render.output import emit
    from arbiter_cli.render.team_views import team_standings_view
    from arbiter_cli.trf.team import team_event_from_trf
    from arbiter_cli.trf.team_folder import team_standings_rules, team_tiebreaks

    try:
        read = team_event_from_trf(trf)
    except DomainError as error:
        raise error.at(source=label) from None
    _warn(label, read.warnings)
    codes = tiebreak_option(tiebreaks) if tiebreaks is not None else team_tiebreaks(trf) or DEFAULT_TEAM_TIEBREAKS
    table = compute_team_standings(read.event, codes, rules or team_standings_rules(trf))
    for code in table.unavailable:
        say(f"note: {code}: not a team tie-break; left out")
    name = (trf.header.get("012") or (Path(label).stem,))[0].strip() or Path(label).stem
    emit(team_standings_view(f"{name}: team standings after round {read.event.rounds}", table), fmt)


def trf_pair(
    source: TrfArgument,
    output: Annotated[Optional[Path], typer.Option("--output", "-o", help="Write the pairing here.")] = None,
    explain: Annotated[bool, typer.Option("--explain", help="A team file: why each bracket and colour (stderr).")
                       ] = False,
) -> None:
    """Pair the next round of a TRF; print it in the JaVaFo/bbpPairings format (a team file: team
    numbers, white team first, the PAB as 'team 0'; FIDE C.04.6)."""
    from arbiter_cli.trf.team import is_team_trf

    read = read_trf_file(source)
    if is_team_trf(read[1]):
        from arbiter_cli.cli.team_trf import team_pair
        return team_pair(*read, output, explain)
    from arbiter_cli.pairing.dutch import pair_round
    from arbiter_cli.trf.engine_output import format_pairs
    from arbiter_cli.trf.swiss import request_from_trf

    if explain:
        raise BadArgument("--explain is for a team file here; 'arbiter pair --explain' explains an event's round",
                          field="--explain")
    if output is not None:
        check_output(output, what="the pairing")
    label, trf = read_pairable_trf(source, read)
    try:
        request = request_from_trf(trf)
    except DomainError as error:
        raise error.at(source=label) from None
    try:
        with slow_progress(f"pairing round {request.round_number}", len(request.entrants)) as step:
            result = pair_round(request, step)
    except NoPairing as error:
        raise NoPairing(f"round {request.round_number}: {error}") from None
    text = format_pairs(result.pairs, result.bye)
    if output is None:
        sys.stdout.write(text)
    else:
        write_output(output, text, what="the pairing")
        say(f"round {request.round_number}: {len(result.pairs)} boards written to {output}")


def trf_check(source: TrfArgument) -> None:
    """Re-pair every round of a TRF and report each pair that differs (exit 0 only when all agree)."""
    from arbiter_cli.trf.team import is_team_trf

    read = read_trf_file(source)
    if is_team_trf(read[1]):
        from arbiter_cli.cli.team_trf import team_check
        return team_check(*read)
    from arbiter_cli.trf.check import check_rounds
    from arbiter_cli.trf.swiss import paired_rounds

    label, trf = read_pairable_trf(source, read)
    rounds = paired_rounds(trf)
    if not rounds:
        raise BadArgument("no round is paired: there is nothing to check", source=label)
    if trf.total_rounds is None:
        say(f"note: the file does not give the number of rounds (XXR or 142); taking {rounds}")
    differing = 0
    with slow_progress("checking rounds", rounds) as step:
        try:
            for check in check_rounds(trf):
                step(check.number)
                if check.identical:
                    print(f"round {check.number}: identical ({len(check.recorded)} boards)", flush=True)
                    continue
                differing += 1
                print(f"round {check.number}: differs")
                for white, black in check.file_only:
                    print(f"  file only:   {white} - {black}")
                for white, black in check.engine_only:
                    print(f"  arbiter only: {white} - {black}")
                if check.our_bye != check.recorded_bye:
                    print(f"  PAB: file {check.recorded_bye or 'none'}, arbiter {check.our_bye or 'none'}")
                print("  paired by hand, breaking: " + "; ".join(check.absolute) if check.absolute else
                      "  paired by hand? it breaks no absolute criterion")
                for line in check.quality:
                    print(f"  quality: {line}")
                sys.stdout.flush()
        except DomainError as error:
            raise error.at(source=label) from None
    if differing:
        raise Refused(f"{differing} of {count(rounds, 'round')} {'differs' if differing == 1 else 'differ'} from the "
                      "Dutch system (2026 rules)")
    say("the round is identical" if rounds == 1 else f"all {rounds} rounds are identical")


def trf_generate(
    output: Annotated[Path, typer.Option("--output", "-o", help="The TRF file to write.")],
    rounds: Annotated[int, typer.Option("--rounds", min=1, help="Number of rounds.")],
    players: Annotated[Optional[int], typer.Option("--players", min=2, help="Number of players.")] = None,
    seed: Annotated[int, typer.Option("--seed", help="The same seed always gives the same file.")] = 1,
    draw_rate: Annotated[float, typer.Option("--draw-rate", min=0.0, max=1.0)] = 0.3,
    forfeit_rate: Annotated[float, typer.Option("--forfeit-rate", min=0.0, max=1.0)] = 0.02,
    bye_rate: Annotated[float, typer.Option("--bye-rate", min=0.0, max=1.0,
                                            help="Chance that a player asks for a half-point bye.")] = 0.02,
    teams: Annotated[Optional[int], typer.Option("--teams", min=2, help="A team Swiss (C.04.6) of this many teams.")
                     ] = None,
    boards: Annotated[int, typer.Option("--boards", min=1, help="A team Swiss: boards per match.")] = 4,
    colour_model: Annotated[str, typer.Option("--colour-model", metavar="a|b|none",
                                              help="A team Swiss: Type A, Type B or no colour preferences.")] = "a",
    primary: Annotated[str, typer.Option("--primary", metavar="mp|gp",
                                         help="A team Swiss: match points or game points first.")] = "mp",
) -> None:
    """Write a random Swiss tournament, paired round by round with arbiter's Dutch engine (with
    --teams: a team Swiss, paired with its C.04.6 engine)."""
    from arbiter_cli.trf.generate import generate_tournament

    if teams is not None:
        from arbiter_cli.cli.team_trf import team_generate
        return team_generate(output, teams, boards, rounds, seed, colour_model, primary, draw_rate, forfeit_rate,
                             bye_rate)
    if players is None:
        raise BadArgument("give --players (or --teams for a team Swiss)", field="--players")

    check_output(output, what="the TRF")
    with slow_progress("generating rounds", rounds) as step:
        text = generate_tournament(players, rounds, seed, draw_rate, forfeit_rate, bye_rate, progress=step)
    write_output(output, text, what="the TRF")
    say(f"wrote {output}: {count(players, 'player')}, {count(rounds, 'round')} (seed {seed})")
