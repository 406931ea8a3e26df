"""Is the event sound? The checks of ``arbiter verify``, and the cheap ones every command runs.

Reading a folder already refuses a file that cannot be read (a bad header, a
start number twice in a round, boards out of order). What a file cannot see
alone is checked here, on the whole tournament:

* **every paired round accounts for every player** who had entered by then and
  had not withdrawn before it: at a board, or with a bye. A round file cut
  short, or a player added by hand after round 1 without ``entered_round``,
  shows here (C.04.2 2.4: a late entry is paired from their arrival, and the
  rounds they missed are byes);
* a late entry plays no game before their entry;
* a withdrawn player plays no game after their withdrawal in a Swiss (C.04.2
  3.2): a board of a later round still waiting for its result, or forfeited, is
  no contradiction (a withdrawal may come after the next round is paired);
* a round has at most one pairing-allocated bye (C.04.1 Art. 3), only in a Swiss,
  and the free round of a round robin only there;
* requested byes are for players still in the event;
* no player is born after the event's start date (when it has one), nor before 1900 (a typo);
* ``status`` is not "registration" once a round is paired (only ``pair`` and ``unpair`` move it;
  one written by hand is named, trial51, bug 6);
* an earlier round with a board still without a result, while a later round is
  paired, is reported (it is not a broken folder: ``result`` fills it in); so is a
  game still being played (``*``) in a round before the last two (the round after it
  was paired on it, C.04.2 3.1; no later one may be). A ``*`` is a Swiss's only: in
  a round robin it is a broken folder.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Literal

from arbiter_cli.core.choices import Status
from arbiter_cli.core.fields import birth_problem
from arbiter_cli.core.model import Player, Tournament
from arbiter_cli.core.results import ByeKind
from arbiter_cli.core.words import listed

__all__ = ["Problem", "problems", "birth_problems", "status_problems", "BROKEN"]

Severity = Literal["broken", "incomplete"]
BROKEN: Severity = "broken"


@dataclass(frozen=True)
class Problem:
    """One thing wrong, where it is (the folder's file, its line and field when known)."""

    file: str
    message: str
    line: int | None = None
    field: str | None = None
    severity: Severity = BROKEN

    def __str__(self) -> str:
        where = [self.file] + ([f"line {self.line}"] if self.line else []) + (
            [f"field '{self.field}'"] if self.field else [])
        return f"{', '.join(where)}: {self.message}"


def _round_file(number: int) -> str:
    return f"rounds/{number:02d}.csv"


def problems(tournament: Tournament, lines: dict[int, int] | None = None, *, at_once: bool = False
             ) -> list[Problem]:
    """Everything unsound in ``tournament``, in file order. ``lines`` gives each start number's
    line in ``players.csv`` (for the messages), when the caller knows it. ``at_once``: every round
    was paired at once (a group event's stage), so a round without its results while a later one is
    paired is no sign of a round left behind."""
    lines = lines or {}
    found: list[Problem] = []
    swiss = not tournament.settings.system.is_round_robin
    group_a = tournament.settings.baku_group_a
    if group_a is not None and tournament.players and not 1 <= group_a <= len(tournament.players):
        found.append(Problem("tournament.toml", f"Baku group A ends with start number {group_a}, but the players "
                             f"are numbered 1 to {len(tournament.players)}", field="baku_group_a"))
    found += birth_problems(tournament.players, tournament.settings.start_date, lines)
    found += status_problems(tournament.settings.status, tournament.last_round)
    never_seen: dict[int, list[int]] = {}
    ever_seen: set[int] = set()
    # each player's number, entry and withdrawal read once, not once a round (issue 29: 1,000 players
    # and 11 rounds); only a late entry or a withdrawn player can be where they should not be
    people = [(p.start_number, p.entered_round, p.withdrawn_after) for p in tournament.players]
    came_or_left = {p.start_number: p for p in tournament.players
                    if p.entered_round is not None or p.withdrawn_after is not None}
    for rnd in tournament.rounds:
        seen = {p for game in rnd.games for p in game.players} | {bye.player for bye in rnd.byes}
        ever_seen |= seen
        for number, entered_round, withdrawn_after in people:
            if number in seen or (withdrawn_after is not None and rnd.number > withdrawn_after):
                continue
            if entered_round is None or rnd.number >= entered_round:  # before their entry, a late
                never_seen.setdefault(number, []).append(rnd.number)  # entry's rounds are byes, a row or not
        for game in rnd.games:
            for number in game.players:
                if number not in came_or_left:
                    continue
                player = came_or_left[number]
                if (swiss and player.withdrawn_after is not None and rnd.number > player.withdrawn_after
                        and game.result is not None and game.result.played):
                    found.append(Problem(_round_file(rnd.number), f"player {number} ({player.name}) withdrew after "
                                         f"round {player.withdrawn_after} but played on board {game.board}",
                                         game.board + 1))
                if player.entered_round is not None and rnd.number < player.entered_round:
                    found.append(Problem(_round_file(rnd.number), f"player {number} ({player.name}) entered in "
                                         f"round {player.entered_round} but plays on board {game.board}",
                                         game.board + 1))
        if not swiss and rnd.unfinished:
            found.append(Problem(_round_file(rnd.number), f"board{'s' if len(rnd.unfinished) > 1 else ''} "
                                 f"{listed(rnd.unfinished)} still being played (*) in a round robin: * is a "
                                 "Swiss's (C.04.2 3.1), a round robin's result is entered when the game ends",
                                 rnd.unfinished[0] + 1, "result"))
        for game in rnd.games:
            if game.note == "adjourned" and game.result is not None and game.result.is_forfeit:
                found.append(Problem(_round_file(rnd.number), f"board {game.board} is marked adjourned (paired on "
                                     "while still being played) but has a forfeit", game.board + 1, "note"))
        pabs = [bye for bye in rnd.byes if bye.kind is ByeKind.PAB]
        if len(pabs) > 1:
            found.append(Problem(_round_file(rnd.number), f"{len(pabs)} pairing-allocated byes (players "
                                 f"{', '.join(str(b.player) for b in pabs)}); a round has at most one (C.04.1 Art. 3)"))
        for bye in rnd.byes:
            if swiss and bye.kind is ByeKind.BYE:
                found.append(Problem(_round_file(rnd.number), f"player {bye.player} has a round robin's free round "
                                     "(BYE) in a Swiss", field="result"))
            if not swiss and bye.kind is ByeKind.PAB:
                found.append(Problem(_round_file(rnd.number), f"player {bye.player} has a pairing-allocated bye in "
                                     "a round robin", field="result"))
    for number, rounds in never_seen.items():
        player = tournament.by_number[number]
        late = "a late entry needs entered_round = {} (arbiter player add sets it, and writes the rounds missed " \
               "as byes)"
        if number not in ever_seen and rounds == list(range(1, tournament.last_round + 1)):
            # in no round at all: a late entry added by hand, without entered_round
            found.append(Problem("players.csv", f"player {number} ({player.name}) is in no game and no bye of "
                                 f"{_rounds(rounds)}; {late.format(rounds[-1] + 1)}", lines.get(number),
                                 "entered_round"))
            continue
        for round_number in rounds:
            found.append(Problem(_round_file(round_number), f"player {number} ({player.name}) is in neither a game "
                                 f"nor a bye of round {round_number}: a row is missing (a file cut short?)"
                                 + (f", or a late entry was added by hand: {late.format(rounds[-1] + 1)}"
                                    if rounds == list(range(1, len(rounds) + 1)) and player.entered_round is None
                                    else "")))
    for request in tournament.byes:
        player = tournament.by_number[request.start_number]
        if player.withdrawn_after is not None and request.round > player.withdrawn_after:
            found.append(Problem("byes.csv", f"player {request.start_number} ({player.name}) withdrew after round "
                                 f"{player.withdrawn_after} but has a requested bye in round {request.round}"))
    for rnd in tournament.rounds[:-1] if not at_once else ():
        if rnd.missing:
            found.append(Problem(_round_file(rnd.number), f"no result on board{'s' if len(rnd.missing) > 1 else ''} "
                                 f"{listed(rnd.missing)} though round {tournament.last_round} is paired",
                                 severity="incomplete"))
    for rnd in tournament.rounds[:-2] if swiss else ():
        if rnd.unfinished:  # the round after it was paired on it as a draw; a later round may not be
            found.append(Problem(_round_file(rnd.number), f"board{'s' if len(rnd.unfinished) > 1 else ''} "
                                 f"{listed(rnd.unfinished)} still being played (*) though round "
                                 f"{tournament.last_round} is paired: enter the real result", severity="incomplete"))
    return sorted(found, key=lambda p: (p.file != "players.csv", p.file, p.line or 0))


def birth_problems(players: Iterable[Player], start: str | None, lines: Mapping[int, int] | None = None
                   ) -> list[Problem]:
    """The players of ``players.csv`` born after the event's ``start`` date (none without one);
    ``lines``: each start number's line in the file, when known."""
    lines = lines or {}
    return [Problem("players.csv", problem, lines.get(player.start_number), "birth_date") for player in players
            if (problem := birth_problem(player.birth_date, start)) is not None]


def status_problems(status: Status, paired: int) -> list[Problem]:
    """``tournament.toml``'s ``status`` still "registration" though ``paired`` rounds are: written by
    hand, as ``pair`` sets "running" and ``unpair`` sets "registration" back only once no round is
    left; every kind of event is checked so (trial51, bug 6: ``verify`` called such a folder sound)."""
    if status is not Status.REGISTRATION or not paired:
        return []
    rounds = "round 1 is" if paired == 1 else f"rounds 1-{paired} are"
    return [Problem("tournament.toml", f'"registration" though {rounds} paired: write status = "running" back '
                    "('arbiter pair' sets it, 'arbiter finalize' sets \"finalised\")", field="status")]


def _rounds(numbers: list[int]) -> str:
    return f"round {numbers[0]}" if len(numbers) == 1 else f"rounds {numbers[0]}-{numbers[-1]}"
