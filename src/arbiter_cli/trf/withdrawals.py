"""The players who left a TRF event (C.04.2 3.2): a TRF has no withdrawal, its rounds show it.

Read by the importer (:mod:`arbiter_cli.trf.importer`) after the rounds: the
rules are in :func:`read_withdrawals`.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import replace

from arbiter_cli.core.model import ByeRequest, Player, Round
from arbiter_cli.core.results import ByeKind
from arbiter_cli.trf.notes import Notes
from arbiter_cli.trf.reader import TrfPlayer

__all__ = ["read_withdrawals"]


def read_withdrawals(sources: Sequence[TrfPlayer], numbers: Mapping[int, int], notes: Notes, rounds: list[Round],
                     players: tuple[Player, ...], byes: tuple[ByeRequest, ...], total: int
                     ) -> tuple[list[Round], tuple[Player, ...], tuple[ByeRequest, ...]]:
    """The players who left the event (C.04.2 3.2), as a TRF shows them: a TRF has no withdrawal.

    A player withdrew after their last round with an entry when the rounds after it show it:

    * their cells are blank to the last paired round, and the event is over, or the file ranks
      them 0 while it ranks others (as programs do for those who left);
    * or every round still to play is a zero-point bye for them (240 Z, or ``0000 - Z``), what
      an export writes for a withdrawal; blank cells before it then are absences too. When the
      byes begin after the next round (a withdrawal after a round not yet paired, as an unpaired
      round leaves it), the player withdrew after the round before the first of them.

    A blank last round in an event still running is an absence, not a withdrawal, and a requested
    bye of another kind says the player is coming back. The withdrawn are imported without rows
    in the rounds after their withdrawal, and a warning names each one. ``sources`` are the
    file's kept player lines, ``numbers`` their start numbers by starting rank."""
    last = len(rounds)
    ranked = any(p.rank for p in sources)
    after: dict[int, int] = {}
    for source in sources:
        number = numbers[source.tpn]
        filled = [g.round for g in source.games if g.round <= last and (g.opponent is not None or g.result != " ")]
        final = max(filled, default=0)
        requests = {b.round: b.kind for b in byes if b.start_number == number}
        start = min(requests, default=0)
        # a zero-point bye in every round from one after the last paired (or later) to the end
        absent_to_the_end = start > last and requests == {r: ByeKind.ZPB for r in range(start, total + 1)}
        unranked = ranked and source.rank == 0
        if requests and not absent_to_the_end:
            continue
        if not (absent_to_the_end or (last and final < last and (last == total or unranked))):
            continue
        after[number] = start - 1 if absent_to_the_end and start > last + 1 else final
        rank = " (the file ranks them 0)" if unranked else ""
        if after[number] > last:
            why = f"a zero-point bye in every round from round {start} to the end"
        elif final == last:
            why = "a zero-point bye in every round still to play"
        else:
            why = "no entry in " + (f"round {last}" if final + 1 == last else f"rounds {final + 1} to {last}")
            why += " and a zero-point bye in every round still to play" if absent_to_the_end else ""
        notes.add(f"withdrawn-{number}", f"line {source.line}: player {source.tpn} ({source.name.strip()}) "
                                             f"has {why}{rank}: imported as withdrawn after round {after[number]}")
    if not after:
        return rounds, players, byes
    rounds = [replace(rnd, byes=tuple(b for b in rnd.byes if not (b.kind is ByeKind.ZPB and b.player in after
                                                                     and rnd.number > after[b.player])))
              for rnd in rounds]
    players = tuple(p.model_copy(update={"status": "withdrawn", "withdrawn_after": after[p.start_number]})
                    if p.start_number in after else p for p in players)
    return rounds, players, tuple(b for b in byes if b.start_number not in after)
