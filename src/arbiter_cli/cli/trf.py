"""The commands that exchange tournaments as Tournament Report Files: ``import``, ``export`` and
``trf pair|check|generate|standings``. A file is opened as its kind (an individual or a team
event's, :func:`arbiter_cli.events.trf_files.open_trf`), a folder as its event."""

from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Optional

import typer

from arbiter_cli.cli.common import FormatOption, GroupOption, RulesOption, TiebreaksOption, Terminal, event, output_file
from arbiter_cli.render.output import Format

if TYPE_CHECKING:
    from arbiter_cli.events.trf_files import TrfKind

__all__ = ["import_command", "export_command", "trf_pair", "trf_check", "trf_generate", "trf_standings"]

TrfArgument = Annotated[str, typer.Argument(metavar="FILE.trf", help="TRF16, TRF-2026 or TRF(x); - for stdin.")]


def _trf(source: str, fmt: Format = Format.table) -> "TrfKind":
    from arbiter_cli.events.trf_files import open_trf

    return open_trf(source, Terminal(fmt))


def import_command(
    source: Annotated[str, typer.Argument(metavar="FILE.trf", help="TRF-2026, TRF16 or TRF(x); - for stdin.")],
    directory: Annotated[Path, typer.Argument(metavar="DIR", help="The tournament folder to create.")],
) -> None:
    """Create a tournament folder from a Tournament Report File (TRF-2026, TRF16 or TRF(x))."""
    _trf(source).import_into(directory)


def export_command(
    version: Annotated[str, typer.Option("--trf-version", metavar="2026|16",
                                         help="TRF-2026 (the default) or TRF16.")] = "2026",
    output: Annotated[Optional[Path], typer.Option("--output", "-o", help="Write the TRF here (default, or -: stdout).",
                                                   show_default=False)] = None,
    group: GroupOption = None,
) -> None:
    """Write the tournament as a Tournament Report File (lines end with CR LF, UTF-8; a group event: one
    stage, --group A)."""
    event(group).export(version, output_file(output))


def trf_standings(
    source: Annotated[str, typer.Argument(metavar="FILE.trf", help="TRF-2026, TRF16 or TRF(x); - for stdin.")],
    tiebreaks: TiebreaksOption = None,
    rules: RulesOption = None,
    fmt: FormatOption = Format.table,
) -> None:
    """Standings of a TRF file, as 'arbiter standings' prints them (tie-breaks: --tiebreaks, else the
    file's 212/202 records, else the system's default)."""
    _trf(source, fmt).standings(tiebreaks, rules)


def trf_pair(
    source: TrfArgument,
    output: Annotated[Optional[Path], typer.Option("--output", "-o", help="Write the pairing here (default, or -: stdout).")] = None,
    explain: Annotated[bool, typer.Option("--explain", help="A team file: why each bracket and colour (stderr).")
                       ] = False,
) -> None:
    """Pair the next round of a TRF; print it in the JaVaFo/bbpPairings format (a team file: team
    numbers, white team first, the PAB as 'team 0'; FIDE C.04.6)."""
    _trf(source).pair(output_file(output), explain)


def trf_check(source: TrfArgument) -> None:
    """Re-pair every round of a TRF and report each pair that differs (exit 0 only when all agree)."""
    _trf(source).check()


def trf_generate(
    output: Annotated[Path, typer.Option("--output", "-o", help="The TRF file to write (-: stdout).")],
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
    from arbiter_cli.events.trf_files import generate_trf

    generate_trf(output_file(output), rounds, players, seed, (draw_rate, forfeit_rate, bye_rate), teams, boards, colour_model,
                 primary, Terminal())
