"""Does a paired round robin follow the Berger tables? (FIDE C.05, Annex 1.)

Once round 1 of a round robin is paired, its whole schedule is fixed by the Berger tables (C.05
Annex 1, with the double round robin's second cycle; :mod:`arbiter_cli.pairing.berger`): the number
of rounds is the table's, the initial colour is drawn, and every round file holds the table's
round, board by board, White first, with the player who meets the dummy of an odd table last
(their free round, written ``BYE``). A round robin imported as it was played
(``berger_tables = false``) is held only to writing its free rounds ``BYE``.

The store asks this when it reads a round-robin folder, with the integrity checks
(:mod:`arbiter_cli.lifecycle.integrity`): a folder whose rounds left the table is broken.
"""

from __future__ import annotations

from arbiter_cli.core.model import InitialColour, Round, Tournament
from arbiter_cli.core.results import ByeKind
from arbiter_cli.core.words import count
from arbiter_cli.lifecycle.integrity import Problem

__all__ = ["berger_table_problem"]

_SETTINGS = "tournament.toml"


def _round_file(number: int) -> str:
    return f"rounds/{number:02d}.csv"


def berger_table_problem(tournament: Tournament) -> Problem | None:
    """The first way a paired round robin leaves its Berger table (C.05 Annex 1), in file order:
    its number of rounds, its initial colour not drawn, a row of a round that is not the table's
    (the line of the round file: the header is line 1), a round with more or fewer rows than the
    table's, a free round not written ``BYE``. None when it follows the table, or is no round
    robin, or is not paired yet."""
    settings = tournament.settings
    if not settings.system.is_round_robin or not tournament.rounds:
        return None
    from arbiter_cli.pairing.round_robin import planned_rounds, table_rows  # a round robin's only (start-up)

    players = len(tournament.players)
    total = planned_rounds(settings.system, players)
    if settings.rounds != total:
        return Problem(_SETTINGS, f"a {settings.system.value} of {players} players has {count(total, 'round')}, "
                       f"not {settings.rounds}: 'rounds' or 'system' is wrong", field="rounds")
    if settings.initial_colour is InitialColour.RANDOM:
        return Problem(_SETTINGS, "must be white or black once round 1 is paired", field="initial_colour")
    for rnd in tournament.rounds:
        if settings.berger_tables:  # else imported as played: only the free rounds are checked
            found = _off_the_table(rnd, table_rows(settings.system, players, settings.initial_colour, rnd.number))
            if found is not None:
                return found
        found = _free_round_problem(rnd)
        if found is not None:
            return found
    return None


def _off_the_table(rnd: Round, want: tuple[tuple[int, int | None], ...]) -> Problem | None:
    """The first row of ``rnd`` that is not the table's ``want`` (C.05 Annex 1)."""
    have = (*((g.white, g.black) for g in rnd.games), *((b.player, None) for b in rnd.byes))
    if have == want:
        return None
    for line, (got, wanted) in enumerate(zip(have, want), start=2):
        if got != wanted:
            shown = f"{wanted[0]}-{wanted[1]}" if wanted[1] else f"a bye for {wanted[0]}"
            return Problem(_round_file(rnd.number), f"the Berger table has {shown} here", line)
    if len(have) != len(want):
        return Problem(_round_file(rnd.number), f"the Berger table has {len(want)} rows in this round, not "
                       f"{len(have)}", min(len(have), len(want)) + 2)
    return None


def _free_round_problem(rnd: Round) -> Problem | None:
    """A round robin's free round (the player who meets the dummy) is written ``BYE``, never a
    pairing-allocated bye or a requested one."""
    if any(bye.kind is not ByeKind.BYE for bye in rnd.byes):
        return Problem(_round_file(rnd.number), "a round robin's free round is written BYE", field="result")
    return None
