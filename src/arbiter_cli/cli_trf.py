"""Commands that exchange tournaments as TRF files: import, export and trf standings.

They are registered on the ``arbiter`` app (and its ``trf`` group) when
:mod:`arbiter_cli.cli` loads this module. The codec itself is pure and lives
in :mod:`arbiter_cli.trf` (reader, importer, exporter); these commands read
the file, call it, and write through :mod:`arbiter_cli.store`.
"""

from __future__ import annotations

import contextlib
import os
import shutil
import sys
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Optional

import typer

from arbiter_cli.cli import (
    FormatOption, RulesOption, TiebreaksOption, _command_line, _read_bytes, _reading, _say, _standings_notes,
    _tiebreak_option, app, trf_app,
)
from arbiter_cli.core.errors import BrokenFolder, Refused, BadArgument
from arbiter_cli.lifecycle.change import Change
from arbiter_cli.store.files import atomic_write as _atomic_write
from arbiter_cli.store.tournament import TournamentFolder
from arbiter_cli.render import Format

if TYPE_CHECKING:
    from arbiter_cli.trf.importer import Imported
    from arbiter_cli.trf.reader import TrfFile

# The reader, the importer, the exporter and the standings are loaded by the commands that use
# them (start-up time).

__all__ = ["import_command", "export_command", "trf_standings", "read_trf_file"]


def read_trf_file(source: str) -> tuple[str, TrfFile]:
    """Read and parse a TRF file (``-`` is stdin): its label for messages and its records."""
    from arbiter_cli.trf.reader import TrfError, decode_trf, parse_trf

    label, raw = _read_bytes(source)
    text, _ = decode_trf(raw)
    try:
        return label, parse_trf(text)
    except TrfError as error:
        raise BadArgument(str(error).split(": ", 1)[-1] if error.line or error.field else str(error),
                           source=label, line=error.line, field=error.field) from None


def _import(label: str, trf: TrfFile, name: str, *, for_folder: bool) -> Imported:
    from arbiter_cli.trf.importer import TrfUnsupported, import_trf
    from arbiter_cli.trf.reader import TrfError

    try:
        return import_trf(trf, name=name, for_folder=for_folder, teams=not for_folder)
    except TrfUnsupported as error:
        raise Refused(f"{label}, {error}") from None
    except TrfError as error:
        message = str(error).split(": ", 1)[-1] if error.line or error.field else str(error)
        raise BadArgument(message, source=label, line=error.line, field=error.field) from None


def _warn(label: str, warnings: tuple[str, ...]) -> None:
    for warning in warnings:
        _say(f"warning: {label}, {warning}" if warning.startswith("line ") else f"warning: {label}: {warning}")


# --------------------------------------------------------------------------- import


@app.command("import")
def import_command(
    source: Annotated[str, typer.Argument(metavar="FILE.trf", help="TRF-2026, TRF16 or TRF(x); - for stdin.")],
    directory: Annotated[Path, typer.Argument(metavar="DIR", help="The tournament folder to create.")],
) -> None:
    """Create a tournament folder from a Tournament Report File (TRF-2026, TRF16 or TRF(x))."""
    label, trf = read_trf_file(source)
    stem = Path(label).stem if label != "<stdin>" else "TRF event"
    imported = _import(label, trf, stem, for_folder=True)
    tournament = imported.tournament
    if directory.exists() and (not directory.is_dir() or any(directory.iterdir())):
        raise Refused(f"{directory} already exists and is not an empty folder")
    # Build the folder beside its place, check it by reading it back, then move it in: all or nothing.
    staging = directory.parent / f".{directory.name}.import-{os.getpid()}"
    command = _command_line()
    try:
        folder = TournamentFolder.create(staging, tournament.settings, command)
        with folder.lock(exclusive=True):
            before = folder.load()
            changes = [Change("tournament imported", "", f"{label}: {len(tournament.players)} players, "
                              f"{tournament.last_round} rounds paired")]
            changes += [Change("import warning", "", warning) for warning in imported.warnings]
            folder.save(before, tournament, command, changes)
            folder.load()
        os.replace(staging, directory)
    except BrokenFolder as error:  # the folder refused what the import made: a bug, but say where
        raise BadArgument(f"the imported event does not make a valid folder: {error}", source=label) from None
    finally:
        if staging.exists():
            shutil.rmtree(staging, ignore_errors=True)
    with contextlib.suppress(OSError):
        fd = os.open(directory.parent if str(directory.parent) else ".", os.O_RDONLY)
        os.fsync(fd)
        os.close(fd)
    _warn(label, imported.warnings)
    settings = tournament.settings
    _say(f"imported {label} into {directory}: {settings.name} ({settings.system.value}), "
         f"{len(tournament.players)} players, {tournament.last_round} of {settings.rounds} rounds paired")


# --------------------------------------------------------------------------- export


@app.command("export")
def export_command(
    version: Annotated[str, typer.Option("--trf-version", metavar="2026|16",
                                         help="TRF-2026 (the default) or TRF16.")] = "2026",
    output: Annotated[Optional[Path], typer.Option("--output", "-o", help="Write the TRF here (default: stdout).",
                                                   show_default=False)] = None,
) -> None:
    """Write the tournament as a Tournament Report File (lines end with CR, UTF-8)."""
    from arbiter_cli.lifecycle.standings import points_and_ranks
    from arbiter_cli.trf.exporter import export_trf

    if version not in ("2026", "16"):
        raise BadArgument(f"{version!r} is not a TRF version; use 2026 or 16", field="--trf-version")
    with _reading() as tournament:
        exported = export_trf(tournament, version, standing=points_and_ranks(tournament))
    for warning in exported.warnings:
        _say(f"warning: {warning}")
    if output is None:
        text = exported.text.replace("\r", "\n") if sys.stdout.isatty() else exported.text
        sys.stdout.write(text)
        sys.stdout.flush()
        return
    if output.is_dir():
        raise BadArgument("is a folder; give a file name", field="--output", source=str(output))
    try:
        _atomic_write(output, exported.text)
    except OSError as error:
        raise BadArgument(f"cannot write: {error.strerror}", source=str(output)) from None
    _say(f"wrote {output}: TRF{'-2026' if version == '2026' else '16'}, {len(tournament.players)} players, "
         f"{tournament.last_round} rounds")


# --------------------------------------------------------------------------- trf standings


@trf_app.command("standings")
def trf_standings(
    source: Annotated[str, typer.Argument(metavar="FILE.trf", help="TRF-2026, TRF16 or TRF(x); - for stdin.")],
    tiebreaks: TiebreaksOption = None,
    rules: RulesOption = None,
    fmt: FormatOption = Format.table,
) -> None:
    """Standings of a TRF file, as 'arbiter standings' prints them (tie-breaks: --tiebreaks, else the
    file's 212/202 records, else the system's default)."""
    from arbiter_cli.render import emit, standings_view
    from arbiter_cli.lifecycle.standings import compute_standings
    from arbiter_cli.trf.importer import declared_tiebreaks

    label, trf = read_trf_file(source)
    imported = _import(label, trf, Path(label).stem, for_folder=False)
    _warn(label, imported.warnings)
    tournament = imported.tournament
    if tiebreaks is not None:
        codes = _tiebreak_option(tiebreaks)
    else:
        codes = declared_tiebreaks(trf) or tournament.settings.effective_tiebreaks
    table = compute_standings(tournament, None, codes, rules=rules)
    for note in _standings_notes(table):
        _say(f"note: {note}")
    emit(standings_view(tournament, table), fmt)
