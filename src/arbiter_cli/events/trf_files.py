"""Tournament Report Files as events: ``import``, and ``trf pair|check|standings|generate``.

A TRF holds an individual event (:class:`SwissFile`) or a team event (:class:`TeamSwissFile`, records
310 / 013); :func:`open_trf` reads a file and opens it as its kind, the one place that tells them
apart, and each kind pairs, checks, ranks and imports itself. The codec and the engines are below
(:mod:`arbiter_cli.trf`, :mod:`arbiter_cli.pairing`); this floor calls them and shows the outcome.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Protocol

from arbiter_cli.core.errors import BadArgument, BrokenFolder, DomainError, NoPairing, Refused
from arbiter_cli.core.words import count
from arbiter_cli.events.base import Caller, check_new_folder
from arbiter_cli.store.outputs import check_output, write_output

if TYPE_CHECKING:
    from arbiter_cli.core.tiebreak_codes import Rules
    from arbiter_cli.lifecycle.standings import Standings
    from arbiter_cli.trf.check import RoundCheck
    from arbiter_cli.trf.team_swiss import TeamRoundCheck
    from arbiter_cli.trf.importer import Imported
    from arbiter_cli.trf.reader import TrfFile
    from arbiter_cli.trf.team_swiss import TeamSwissFile as TeamFile

__all__ = ["TrfKind", "SwissFile", "TeamSwissFile", "open_trf", "generate_trf"]


class TrfKind(Protocol):
    """What a kind of TRF file does."""

    def pair(self, output: Path | None, explain: bool) -> None:
        """``trf pair``: the next round, in the engines' format."""

    def check(self) -> None:
        """``trf check``: every round paired again, each difference named."""

    def standings(self, tiebreaks: str | None, rules: Rules | None) -> None:
        """``trf standings``."""

    def import_into(self, directory: Path) -> None:
        """``import``: a new folder holding the file's event."""


def open_trf(source: str, caller: Caller) -> TrfKind:
    """The TRF file ``source`` (``-``: stdin, read once), parsed, as its kind."""
    from arbiter_cli.trf.reader import TrfError, decode_trf, parse_trf
    from arbiter_cli.trf.team import is_team_trf

    label, raw = caller.read_bytes(source)
    try:
        text, _ = decode_trf(raw)
        trf = parse_trf(text)
    except TrfError as error:
        raise error.at(source=label) from None
    return (TeamSwissFile if is_team_trf(trf) else SwissFile)(label, trf, caller)


class _File:
    def __init__(self, label: str, trf: TrfFile, caller: Caller) -> None:
        self.label = label
        self.trf = trf
        self.caller = caller

    @property
    def stem(self) -> str:
        """The event's name when the file gives none: the file's name."""
        return Path(self.label).stem if self.label != "<stdin>" else "TRF event"

    def warn(self, warnings: tuple[str, ...] | list[str]) -> None:
        for warning in warnings:
            self.caller.say(f"warning: {self.label}, {warning}" if warning.startswith("line ")
                            else f"warning: {self.label}: {warning}")

    def report_checks(self, rounds: int, checks: Iterable[_Check], system: str) -> None:
        """``trf check``'s report: each round identical (how many pairs) or how it differs; exit 0
        only when all agree (``system``: what the rounds are paired again by)."""
        differing = 0
        with self.caller.progress("checking rounds", rounds) as step:
            try:
                for check in checks:
                    step(check.number)
                    if check.differences is None:
                        self.caller.write(f"round {check.number}: identical ({check.size})\n")
                        continue
                    differing += 1
                    self.caller.write("".join(line + "\n" for line in (f"round {check.number}: differs",
                                                                        *check.differences)))
            except DomainError as error:
                raise error.at(source=self.label) from None
        if differing:
            raise Refused(f"{differing} of {count(rounds, 'round')} {'differs' if differing == 1 else 'differ'} from "
                          f"the {system}")
        self.caller.say("the round is identical" if rounds == 1 else f"all {rounds} rounds are identical")

    def made(self, create: Callable[[], object]) -> None:
        """Run ``create`` (it makes the folder), naming this file when the folder refuses what the
        import made (a bug, but say where)."""
        try:
            create()
        except BrokenFolder as error:
            if error.message.startswith("cannot create "):  # the place, not the file: as 'new' says it
                raise
            raise BadArgument(f"the imported event does not make a valid folder: {error}", source=self.label) from None


class SwissFile(_File):
    """The TRF of an individual event (TRF-2026, TRF16 or TRF(x))."""

    def _import(self, name: str, *, for_folder: bool) -> Imported:
        from arbiter_cli.trf.importer import import_trf

        try:
            return import_trf(self.trf, name=name, for_folder=for_folder, teams=not for_folder)
        except DomainError as error:  # a bad file, or one that cannot be imported yet (a team event)
            raise error.at(source=self.label) from None

    def _pairable(self) -> Imported:
        """The file read through the importer's checks (the same message as ``import`` for a broken
        file), and refused when it asks for what the Dutch engine does not do yet."""
        from arbiter_cli.trf.swiss import check_pairable

        imported = self._import(Path(self.label).stem, for_folder=True)
        settings = imported.tournament.settings
        try:
            warnings = check_pairable(self.trf, settings.scoring, settings.system.is_round_robin)
        except DomainError as error:
            raise error.at(source=self.label) from None
        self.warn(tuple(warnings))
        return imported

    def pair(self, output: Path | None, explain: bool) -> None:
        """The next round, paired from the event the file was imported as: the file is read and
        converted once (:func:`arbiter_cli.trf.swiss.next_round`), as ``arbiter pair`` would pair it."""
        from arbiter_cli.pairing.dutch import pair_round
        from arbiter_cli.trf.engine_output import format_pairs
        from arbiter_cli.trf.swiss import next_round

        if explain:
            raise BadArgument("--explain is for a team file here; 'arbiter pair --explain' explains an event's round",
                              field="--explain")
        if output is not None:
            check_output(output, what="the pairing")
        imported = self._pairable()
        try:
            wanted = next_round(self.trf, imported)
        except DomainError as error:
            raise error.at(source=self.label) from None
        request = wanted.request
        try:
            with self.caller.progress(f"pairing round {request.round_number}", len(request.entrants)) as step:
                result = pair_round(request, step)
        except NoPairing as error:
            raise NoPairing(f"round {request.round_number}: {error}") from None
        pairs, bye = wanted.in_file(result.pairs, result.bye)
        text = format_pairs(pairs, bye)
        if output is None:
            self.caller.write(text)
        else:
            write_output(output, text, what="the pairing")
            self.caller.say(f"round {request.round_number}: {len(result.pairs)} boards written to {output}")

    def check(self) -> None:
        from arbiter_cli.trf.check import check_rounds
        from arbiter_cli.trf.swiss import paired_rounds

        self._pairable()
        rounds = paired_rounds(self.trf)
        if not rounds:
            raise BadArgument("no round is paired: there is nothing to check", source=self.label)
        if self.trf.total_rounds is None:
            self.caller.say(f"note: the file does not give the number of rounds (XXR or 142); taking {rounds}")
        self.report_checks(rounds, (_Check(check.number, f"{len(check.recorded)} boards", _differences(check))
                                    for check in check_rounds(self.trf)), "Dutch system (2026 rules)")

    def standings(self, tiebreaks: str | None, rules: Rules | None) -> None:
        from arbiter_cli.lifecycle.guards import tiebreak_option
        from arbiter_cli.lifecycle.standings import compute_standings
        from arbiter_cli.render.views import standings_notes, standings_view
        from arbiter_cli.trf.importer import standings_tiebreaks

        imported = self._import(Path(self.label).stem, for_folder=False)
        self.warn(imported.warnings)
        tournament = imported.tournament
        codes = tiebreak_option(tiebreaks) if tiebreaks is not None else standings_tiebreaks(self.trf, tournament)
        table = compute_standings(tournament, None, codes, rules=rules)
        for note in standings_notes(table):
            self.caller.say(f"note: {note}")
        if tiebreaks is None:  # tie-breaks of one's own choice: other ranks are what was asked for
            self._ranks_differ(imported, table)
        self.caller.show(standings_view(tournament, table))

    def _ranks_differ(self, imported: Imported, table: Standings) -> None:
        """Say so when the file's own ranks (columns 86-89) are not the standings' (a place shared here may
        hold any of its ranks there): a TRF16 names no tie-breaks (records 202 / 212), so its event is
        ranked by the system's default ones, which may not be the event's (trial of issue 29: 216 of 283
        players of a real event ranked otherwise, without a word)."""
        differ = [(row, rank) for row in table.rows if row.rank is not None and row.rank_to is not None
                  for rank in [imported.official.get(row.player.start_number, (None, None))[1]]
                  if rank and not row.rank <= rank <= row.rank_to]
        if not differ:
            return
        from arbiter_cli.trf.importer import declared_tiebreaks

        row, rank = differ[0]
        named = declared_tiebreaks(self.trf)
        why = (f"the file's tie-breaks ({', '.join(named)}) are computed here" if named else
               "the file names no tie-breaks (no record 202 or 212), so the default ones "
               f"({', '.join(table.tiebreaks) or 'none'}) are used")
        self.caller.say(f"note: the file's own ranks differ from these for {count(len(differ), 'player')} (player "
                        f"{row.player.start_number}, {row.player.name}: rank {rank} in the file, {row.rank_label} "
                        f"here): {why}; 'arbiter settings set tiebreaks CODES' sets an imported event's")

    def import_into(self, directory: Path) -> None:
        from arbiter_cli.lifecycle.change import Change
        from arbiter_cli.store.tournament import create_with

        check_new_folder(directory, "tournament", "import the file")
        imported = self._import(self.stem, for_folder=True)
        tournament = imported.tournament
        changes = [Change("tournament imported", "", f"{self.label}: {len(tournament.players)} players, "
                          f"{count(tournament.last_round, 'round')} paired")]
        changes += [Change("import warning", "", warning) for warning in imported.warnings]
        self.made(lambda: create_with(directory, tournament, self.caller.command, changes, self.caller.by))
        self.warn(imported.warnings)
        settings = tournament.settings
        if imported.official:  # the folder's standings, as 'arbiter standings' gives them
            from arbiter_cli.lifecycle.standings import compute_standings

            self._ranks_differ(imported, compute_standings(tournament, None, settings.effective_tiebreaks))
        self.caller.say(f"imported {self.label} into {directory}: {settings.name} ({settings.system.value}), "
                        f"{count(len(tournament.players), 'player')}, {tournament.last_round} of "
                        f"{count(settings.rounds or 0, 'round')} paired")
        self.caller.say(NOT_IN_A_TRF)


#: What an imported event cannot have from its TRF, as 'export' warns ("not in a TRF, so not exported").
NOT_IN_A_TRF = ("note: a TRF holds no seed and no tiebreak_lots: the event has seed 0, so what is drawn by lot from "
                "now on (the first colour of a round robin not yet paired, say) may come out otherwise, and players "
                "still tied after the tie-breaks share their place ('arbiter settings' shows and sets both)")


class TeamSwissFile(_File):
    """The TRF of a team event (records 310 / 013): a team Swiss is paired by C.04.6."""

    def _read(self) -> TeamFile:
        from arbiter_cli.trf.team_swiss import read_team_swiss

        try:
            file = read_team_swiss(self.trf)
        except DomainError as error:
            raise error.at(source=self.label) from None
        self.warn(file.read.warnings)
        return file

    def pair(self, output: Path | None, explain: bool) -> None:
        from arbiter_cli.pairing.team_swiss import pair_team_round
        from arbiter_cli.pairing.team_swiss.explain import explain_team_round
        from arbiter_cli.trf.engine_output import format_pairs

        if output is not None:
            check_output(output, what="the pairing")
        file = self._read()
        number = file.paired_rounds + 1
        teams = len(file.read.event.teams)
        if teams < 2:  # as 'arbiter pair' says it of a folder
            raise Refused(f"at least 2 teams are needed to pair a round; there {'is' if teams == 1 else 'are'} "
                          f"{teams}").at(source=self.label)
        try:
            request, drawn = file.next_request()
        except DomainError as error:
            raise error.at(source=self.label) from None
        if drawn is not None:
            self.caller.say(f"note: the initial colour is drawn by lot (C.04.6 4.1): "
                            f"{'White' if drawn == 'w' else 'Black'}; record 152 stores it: 152 {drawn.upper()}")
        try:
            with self.caller.progress(f"pairing round {number}", len(request.entrants)) as step:
                pairing = pair_team_round(request, step)
        except NoPairing as error:
            raise NoPairing(f"round {number}: {error}") from None
        if explain:
            for line in explain_team_round(request, pairing):
                self.caller.say(line)
        text = format_pairs(pairing.pairs, pairing.bye)
        if output is None:
            self.caller.write(text)
        else:
            write_output(output, text, what="the pairing")
            self.caller.say(f"round {number}: {count(len(pairing.pairs), 'match', 'matches')} written to {output}")

    def check(self) -> None:
        from arbiter_cli.trf.team_swiss import check_team_rounds

        file = self._read()
        rounds = file.paired_rounds
        if not rounds:
            raise BadArgument("no round is paired: there is nothing to check", source=self.label)
        if file.total_rounds is None:
            self.caller.say(f"note: the file does not give the number of rounds (record 142); taking {rounds}")
        if file.initial_colour is None:
            raise BadArgument("the initial colour is unknown: no record 152 and no match played in round 1",
                              source=self.label, field="152")
        self.report_checks(rounds, (_Check(check.number, count(len(check.recorded), "match", "matches"),
                                           _team_differences(check)) for check in check_team_rounds(file)),
                           "Swiss Team Pairing System (C.04.6, 2026)")

    def standings(self, tiebreaks: str | None, rules: Rules | None) -> None:
        """Teams ranked by the primary score, then ``--tiebreaks``, else the file's team tie-breaks
        (212/202), else MP, GP, EDE, EMGSB, under the C.07 edition ``--rules``, else the one of the
        file's start date (042), as the folder it imports into ranks them."""
        from arbiter_cli.lifecycle.guards import tiebreak_option
        from arbiter_cli.lifecycle.team_standings import DEFAULT_TEAM_TIEBREAKS, compute_team_standings
        from arbiter_cli.render.team_views import team_standings_view
        from arbiter_cli.trf.team import team_event_from_trf
        from arbiter_cli.trf.team_folder import team_standings_rules, team_tiebreaks

        try:
            read = team_event_from_trf(self.trf)
        except DomainError as error:
            raise error.at(source=self.label) from None
        self.warn(read.warnings)
        try:
            codes = tiebreak_option(tiebreaks) if tiebreaks is not None else \
                team_tiebreaks(self.trf) or DEFAULT_TEAM_TIEBREAKS
        except DomainError as error:
            raise error.at(source=self.label if tiebreaks is None else None) from None
        table = compute_team_standings(read.standings_event, codes, rules or team_standings_rules(self.trf))
        for code in table.unavailable:
            self.caller.say(f"note: {code}: not a team tie-break; left out")
        name = (self.trf.header.get("012") or (Path(self.label).stem,))[0].strip() or Path(self.label).stem
        self.caller.show(team_standings_view(f"{name}: team standings after round {read.event.rounds}", table))

    def import_into(self, directory: Path) -> None:
        from arbiter_cli.lifecycle.change import Change
        from arbiter_cli.store.team_folder import TeamFolder
        from arbiter_cli.trf.team_folder import import_team_trf

        check_new_folder(directory, "team", "import the file")
        try:
            imported = import_team_trf(self.trf, name=self.stem)
        except DomainError as error:
            raise error.at(source=self.label) from None
        tournament = imported.tournament
        summary = (f"{count(len(tournament.teams), 'team')}, {count(len(tournament.players), 'player')}, "
                   f"{tournament.last_round} of {count(tournament.settings.rounds or 0, 'round')} paired")
        changes = [Change("tournament imported", "", f"{self.label}: {summary}")]
        changes += [Change("import warning", "", warning) for warning in imported.warnings]
        self.made(lambda: TeamFolder.create(directory, tournament, self.caller.command, self.caller.by,
                                                       changes))
        self.warn(imported.warnings)
        settings = tournament.settings
        self.caller.say(f"imported {self.label} into {directory}: {settings.name} (team {settings.system.value}), "
                        f"{summary}")
        self.caller.say(NOT_IN_A_TRF)


@dataclass(frozen=True)
class _Check:
    """A round paired again: its number, how many pairs it has, and its differences (None: identical)."""

    number: int
    size: str
    differences: list[str] | None


def _differences(check: RoundCheck) -> list[str] | None:
    """How an individual round paired again differs from the file's (None: identical)."""
    if check.identical:
        return None
    lines = [f"  file only:   {white} - {black}" for white, black in check.file_only]
    lines += [f"  arbiter only: {white} - {black}" for white, black in check.engine_only]
    if check.our_bye != check.recorded_bye:
        lines.append(f"  PAB: file {check.recorded_bye or 'none'}, arbiter {check.our_bye or 'none'}")
    lines.append("  paired by hand, breaking: " + "; ".join(check.absolute) if check.absolute else
                 "  paired by hand? it breaks no absolute criterion")
    return lines + [f"  quality: {line}" for line in check.quality]


def _team_differences(check: TeamRoundCheck) -> list[str] | None:
    """How a team round paired again differs from the file's (None: identical)."""
    if check.identical:
        return None
    if check.paired is None:
        return [f"  arbiter finds no pairing: {check.error}"]
    ours = set(check.paired.pairs)
    lines = [f"  file only:    {white} - {black}" for white, black in sorted(check.recorded - ours)]
    lines += [f"  arbiter only: {white} - {black}" for white, black in sorted(ours - check.recorded)]
    if check.paired.bye != check.recorded_bye:
        lines.append(f"  PAB: file {check.recorded_bye or 'none'}, arbiter {check.paired.bye or 'none'}")
    return lines


def generate_trf(output: Path | None, rounds: int, players: int | None, seed: int, rates: tuple[float, float, float],
                 teams: int | None, boards: int, colour_model: str, primary: str, caller: Caller) -> None:
    """``trf generate``: a random Swiss paired round by round with arbiter's Dutch engine, or, with
    ``teams``, a team Swiss paired with its C.04.6 engine (``rates``: draws, forfeits, half-point byes);
    ``output`` None: stdout."""
    draw_rate, forfeit_rate, bye_rate = rates
    if teams is not None:
        _generate_teams(output, teams, boards, rounds, seed, colour_model, primary, rates, caller)
        return
    from arbiter_cli.trf.generate import generate_tournament

    if players is None:
        raise BadArgument("give --players (or --teams for a team Swiss)", field="--players")
    if output is not None:
        check_output(output, what="the TRF")
    with caller.progress("generating rounds", rounds) as step:
        text = generate_tournament(players, rounds, seed, draw_rate, forfeit_rate, bye_rate, progress=step)
    _written(output, text, caller, f"{count(players, 'player')}, {count(rounds, 'round')} (seed {seed})")


def _written(output: Path | None, text: str, caller: Caller, what: str) -> None:
    """A generated TRF written to ``output`` (None: stdout), and what it holds said."""
    if output is None:
        caller.write(text)
        return
    write_output(output, text, what="the TRF")
    caller.say(f"wrote {output}: {what}")


def _generate_teams(output: Path | None, teams: int, boards: int, rounds: int, seed: int, colour_model: str, primary: str,
                    rates: tuple[float, float, float], caller: Caller) -> None:
    """A random team Swiss, paired round by round with arbiter's C.04.6 engine."""
    from arbiter_cli.pairing.team_swiss import ColourModel
    from arbiter_cli.trf.team_generate import TeamSwissShape, generate_team_swiss

    models = {"a": ColourModel.TYPE_A, "b": ColourModel.TYPE_B, "none": ColourModel.NONE}
    if colour_model.lower() not in models:
        raise BadArgument(f"{colour_model!r} is not a colour model; use a, b or none", field="--colour-model")
    if primary.upper() not in ("MP", "GP"):
        raise BadArgument(f"{primary!r} is not a primary score; use mp or gp", field="--primary")
    if teams < 2 or boards < 1:
        raise BadArgument("a team Swiss needs at least 2 teams of at least 1 board", field="--teams")
    if output is not None:
        check_output(output, what="the TRF")
    draw_rate, forfeit_rate, bye_rate = rates
    shape = TeamSwissShape(teams, boards, rounds, seed, models[colour_model.lower()],
                           "MP" if primary.upper() == "MP" else "GP", draw_rate=draw_rate,
                           forfeit_rate=forfeit_rate, bye_rate=bye_rate)
    with caller.progress("generating rounds", rounds) as step:
        try:
            text = generate_team_swiss(shape, progress=step)
        except NoPairing as error:
            raise NoPairing(f"seed {seed}: {error}; try another seed or fewer rounds") from None
    _written(output, text, caller, f"{count(teams, 'team')} of {count(boards, 'board')}, {count(rounds, 'round')} "
             f"(seed {seed})")
