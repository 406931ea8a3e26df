"""Our team tie-breaks against FIDE's engine gacrux, on team events our own acts generate (issue 15).

Used by ``tests/oracles/test_gacrux_team_crosscheck.py`` (a small sample, in every test run) and
``scripts/team_tiebreak_crosscheck.py`` (as many events as asked). One event is checked so:

1. The event as its standings count it (``counted_team_event``: the round robin's half rule
   applied) is written as a TRF-2026 team file by the product writer, ``trf/team.py``'s
   ``team_trf_text``, so the writer is checked too. One line is added: ``042`` with the start
   date, since the writer takes none and gacrux picks the C.07 edition by it (2024 rules before
   1 Mar 2026), as ``team_standings_of`` does from the settings.
2. gacrux's tie-break checker (``python -m gacrux.tiebreakchecker -i F.trf -t CODES -r``)
   computes :func:`value_codes` and, for each list of :data:`RANK_LISTS`, the ranks. It is told
   ``-p`` for a round robin and ``-s`` for a Swiss: its checker does not read record 192's
   ``FIDE_TEAM_ROUNDROBIN`` and guesses a round robin from the counts of teams and rounds,
   which a team removed by the half rule (or a Swiss of n teams in n - 1 rounds) defeats. For
   an event in progress ``-n`` gives the rounds played (else it reads 142's total).
3. ``team_standings_of`` computes the same codes from the folder's model; every value must agree
   within 1/200 (gacrux prints two decimals) and every rank exactly.

Where gacrux and the C.07 text disagree, the case is left out here (:func:`left_out`) and
pinned by a named test of ``tests/oracles/test_gacrux_team_crosscheck.py``, which also names the
article; ``ESB`` is pinned in ``test_gacrux_team_tiebreaks.py``.
"""

from __future__ import annotations

import json
import subprocess
import sys
from collections.abc import Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from pathlib import Path

from arbiter_cli.core.team import TeamEvent, TeamOutcome
from arbiter_cli.lifecycle.team_finish import team_standings_of
from arbiter_cli.trf.team import team_trf_text
from team_events import GeneratedEvent, trf_players

__all__ = ["COMMON_CODES", "RANK_LISTS", "value_codes", "team_file", "gacrux", "Difference", "Checked",
           "left_out", "cross_check", "ours"]

#: The value tie-breaks compared on every event (after the two scores, primary first): C.07
#: Arts. 6-10 on MP and GP (13), MPvGP (13.1), the ESB family (13.2), BC (12) and SSSC (13.4).
COMMON_CODES = (
    "MPVGP", "EMMSB", "EMGSB", "EGMSB", "EGGSB", "EMGSB/C1", "EGGSB/C1", "EMGSB/P",
    "BH", "BH:MP", "BH:GP", "BH:MP/C1", "BH:GP/C1", "BH:MP/M1", "BH:GP/C2", "BH:MP/P",
    "SB", "SB:MP", "SB:GP", "SB:MP/C1", "SB:GP/C1", "SB:MP/P", "AOB:MP", "AOB:GP",
    "PS:MP", "PS:GP", "PS:MP/C1", "KS:MP", "KS:GP", "WIN:MP", "WON:MP", "BPG:MP", "BWG:MP", "STD:MP", "REP",
    "TPN", "BC", "SSSC", "SSSC/P", "SSSC/K3",
    "FB:MP", "FB:GP",  # last: gacrux's FB leaves its adjusted scores changed for the codes after it
)

#: Lists whose ranks are compared (after the primary score): EDE (13.3) and its 2026 chains with
#: the board tie-breaks (12), TBR and BBE alone, DE on the primary score, and the default list.
RANK_LISTS = (("EDE",), ("EDET",), ("EDEB",), ("EDEBT",), ("EDEBB",), ("TBR",), ("BBE",), ("DE",),
              ("SECONDARY", "EDE", "EMGSB"))

_OURS = {"MPTS": "MP", "GPTS": "GP"}


def ours(code: str) -> str:
    """Our name of a gacrux code (gacrux writes the scores MPTS and GPTS)."""
    return _OURS.get(code, code)


def _scores(primary: str) -> tuple[str, str]:
    return ("MPTS", "GPTS") if primary == "MP" else ("GPTS", "MPTS")


def value_codes(generated: GeneratedEvent) -> list[str]:
    """The value codes compared on this event: both scores, primary first, then :data:`COMMON_CODES`
    without what :func:`left_out` names."""
    dropped = {code for codes, _ in left_out(generated) for code in codes}
    return [*_scores(generated.tournament.team.primary), *(c for c in COMMON_CODES if c not in dropped)]


def _rank_list(generated: GeneratedEvent, names: Sequence[str]) -> list[str]:
    primary, secondary = _scores(generated.tournament.team.primary)
    return [primary, *(secondary if name == "SECONDARY" else name for name in names)]


def _zero_zero_match(event: TeamEvent) -> bool:
    return any(e.outcome is TeamOutcome.DRAW and e.game_points == 0 for entries in event.entries.values()
               for e in entries)


def _sssc_k(event: TeamEvent) -> int:
    scoring = event.scoring
    per_match = {"MP": scoring.match_win, "GP": scoring.max_game_points}
    return int(per_match[scoring.primary] * event.rounds // per_match[scoring.secondary])


def left_out(generated: GeneratedEvent) -> list[tuple[tuple[str, ...], str]]:
    """What is not compared on this event, and why: (codes, the named test's reason); the codes
    ``*`` mean the whole event."""
    t, event = generated.tournament, generated.event
    out: list[tuple[tuple[str, ...], str]] = []
    if 1 not in {team.number for team in event.teams}:
        out.append((("*",), "no team 1 (removed by the half rule): gacrux's checker fails (KeyError in compute_pts)"))
    if _zero_zero_match(event):
        out.append((("*",), "a match with 0-0 game points: drawn (C.04.6 1.2), gacrux loses it for both"))
    if t.last_round < (t.settings.rounds or 0):
        out.append((("FB:MP", "FB:GP"), "FB in progress: gacrux draws only the tournament's last round"))
    if t.team.pattern.startswith("B"):
        out.append((("BPG:MP", "BWG:MP"), "board 1 Black for the first team: gacrux makes it the White team "
                                          "(C.04.6 1.6: the board-1 player's colour)"))
    if _sssc_k(event) == 0:
        out.append((("SSSC", "SSSC/P"), "SSSC with K = 0: gacrux divides by zero, we take K = 1 (13.4)"))
    win = event.scoring.game.win
    if any(e.outcome is TeamOutcome.FORFEIT_WIN and any(b.points != win for b in e.boards)
           for entries in event.entries.values() for e in entries):
        out.append((("BC", "rank TBR", "rank BBE", "rank EDET", "rank EDEB", "rank EDEBT", "rank EDEBB"),
                    "a match won without a game: gacrux counts a win on every board, Art. 12 each board's forfeit"))
    requested = (TeamOutcome.HPB, TeamOutcome.ZPB)
    if not t.settings.system.is_round_robin and any(
            entries and entries[-1].outcome.forfeit and any(e.outcome in requested for e in entries)
            for entries in event.entries.values()):
        out.append((("FB:GP",), "FB:GP with a last-round forfeit: gacrux's GP reading keeps the round a VUR "
                                "(8.3, 16.2)"))
    if t.settings.system.is_round_robin and any(
            all(not e.outcome.played for e in entries) and any(e.opponent for e in entries)
            for entries in event.entries.values()):
        out.append((("KS:GP",), "KS:GP with a team that played no match: gacrux takes it for one never paired "
                                "(9.2, 15.2)"))
    free = any(e.outcome is TeamOutcome.FREE for entries in event.entries.values() for e in entries)
    if t.team.primary == "GP" or free:
        out.append((("REP",), "REP: gacrux counts boards on GP and reads a free round as an absence (7.6)"))
    return out


def team_file(generated: GeneratedEvent) -> str:
    """The TRF-2026 team file of the event, by the product writer, with its start date (042)."""
    t, event = generated.tournament, generated.event
    text = team_trf_text(event, trf_players(t, event), name=t.settings.name, colours=t.team.pattern,
                         total_rounds=t.settings.rounds)
    lines = text.splitlines()
    lines.insert(1, f"042 {(t.settings.start_date or '').replace('-', '/')}")
    return "\n".join(lines) + "\n"


def gacrux(path: Path, codes: Sequence[str], generated: GeneratedEvent, *, declare: bool = True
           ) -> dict[int, tuple[int, list[str]]]:
    """gacrux's (rank, values) per team number for ``codes`` on the file at ``path`` (``declare``:
    tell it the kind of event and the rounds played)."""
    t = generated.tournament
    told = ["-p" if t.settings.system.is_round_robin else "-s", "-n", str(t.last_round)] if declare else []
    done = subprocess.run([sys.executable, "-m", "gacrux.tiebreakchecker", "-i", str(path), "-t", *codes, "-r",
                           *told], capture_output=True, text=True, check=False)
    try:
        answer = json.loads(done.stdout)
        competitors = answer["tiebreakResult"]["competitors"]
    except (ValueError, KeyError) as error:
        raise RuntimeError(f"gacrux could not rank {path.name} by {' '.join(codes)}: "
                           f"{done.stdout[-300:]}{done.stderr[-300:]}") from error
    if answer["status"]["code"] != 0:
        raise RuntimeError(f"gacrux could not rank {path.name} by {' '.join(codes)}: {answer['status']}")
    return {c["cid"]: (c["rank"], [str(v) for v in c["tiebreakScore"]]) for c in competitors}


@dataclass(frozen=True)
class Difference:
    """One value (or rank) on which gacrux and we differ."""

    event: str
    code: str  # a value code, or "rank A,B,C" for the ranks by that list
    team: int
    ours: str
    theirs: str


@dataclass
class Checked:
    """An event checked: per code (and per rank list), the teams compared and the teams equal."""

    event: str
    compared: dict[str, int] = field(default_factory=dict)
    equal: dict[str, int] = field(default_factory=dict)
    differences: list[Difference] = field(default_factory=list)
    left_out: list[str] = field(default_factory=list)
    failed: list[str] = field(default_factory=list)  # codes gacrux's checker fails on (a Python error)

    def count(self, code: str, same: bool) -> None:
        self.compared[code] = self.compared.get(code, 0) + 1
        self.equal[code] = self.equal.get(code, 0) + same


def _same(mine: object, theirs: str) -> bool:
    if mine is None:
        return theirs in ("None", "")
    try:
        return abs(Fraction(str(mine)) - Fraction(theirs)) <= Fraction(1, 200)
    except ValueError:
        return False


def cross_check(generated: GeneratedEvent, folder: Path, rank_lists: Sequence[Sequence[str]] = RANK_LISTS
                ) -> Checked:
    """Check one event against gacrux (its file is written in ``folder``)."""
    checked = Checked(generated.id, left_out=[reason for _, reason in left_out(generated)])
    if any(codes == ("*",) for codes, _ in left_out(generated)):
        return checked
    path = folder / f"{generated.id}.trf"
    path.write_text(team_file(generated), encoding="utf-8")
    t = generated.tournament
    codes = value_codes(generated)
    try:
        theirs = gacrux(path, codes, generated)
    except RuntimeError:  # find the codes gacrux fails on, and compare the others
        scores = list(_scores(t.team.primary))
        for code in codes[2:]:
            try:
                gacrux(path, [*scores, code], generated)
            except RuntimeError:
                checked.failed.append(code)
        codes = [c for c in codes if c not in checked.failed]
        theirs = gacrux(path, codes, generated)
    standings = team_standings_of(t, codes=[ours(c) for c in codes])
    for row in standings.rows:
        _, values = theirs[row.team.number]
        for code, value in zip(codes, values):
            mine = row.tiebreaks[ours(code)]
            same = _same(mine, value)
            checked.count(code, same)
            if not same:
                checked.differences.append(Difference(generated.id, code, row.team.number, str(mine), value))
    dropped = {code for codes, _ in left_out(generated) for code in codes}
    for names in rank_lists:
        key = "rank " + ",".join(names)
        if key in dropped:
            continue
        listed = _rank_list(generated, names)
        theirs = gacrux(path, listed, generated)
        for row in team_standings_of(t, codes=[ours(c) for c in listed]).rows:
            rank = theirs[row.team.number][0]
            checked.count(key, row.rank == rank)
            if row.rank != rank:
                checked.differences.append(Difference(generated.id, key, row.team.number, str(row.rank), str(rank)))
    return checked
