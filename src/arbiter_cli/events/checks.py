"""``arbiter verify`` for every kind: each folder's problems, the files edited by hand, one report.

A kind checks its own folder (:class:`Checked`); a group event checks its registration and every
stage. Besides what the kind's reading checks, every file the folder owns that a person writes
(``prizes.toml``), and the venue's access list (``access.csv``), is read as the commands read it,
and a mistake in it is a problem with its file, line and field; a finalised event's ``final/``
must hold the prize list its ``prizes.toml`` gives, and none when there is no ``prizes.toml``.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import replace
from pathlib import Path
from typing import TYPE_CHECKING, NamedTuple

from arbiter_cli.core.errors import BrokenFolder
from arbiter_cli.core.words import count
from arbiter_cli.events.base import Caller, Event
from arbiter_cli.lifecycle.integrity import BROKEN, Problem
from arbiter_cli.render.output import Format
from arbiter_cli.store.layout import Layout

if TYPE_CHECKING:
    from arbiter_cli.core.prizes import PrizeTable
    from arbiter_cli.store.files import Derived

__all__ = ["Checked", "damaged_record", "input_problems", "final_prize_problems", "report"]


class Checked(NamedTuple):
    """One folder's check: its name, players and rounds, its problems and the files edited by hand
    (``(path, after)``; ``edits`` None: the folder keeps no record of its files yet, or ``damaged``
    names its record, which does not read: trial51, bug 5)."""

    name: str
    players: int
    rounds: int
    found: list[Problem]
    edits: list[tuple[str, str]] | None
    counted: str = ""  # what the folder holds, in words, when it is not players and rounds (a club)
    damaged: str = ""  # the folder's record of its files (.arbiter.digests) when it does not read

    def placed(self, prefix: str) -> Checked:
        """The same check with ``prefix`` (``stages/B/``) before every file name."""
        edits = None if self.edits is None else [(prefix + name, after) for name, after in self.edits]
        return Checked(self.name, self.players, self.rounds, [replace(p, file=prefix + p.file) for p in self.found],
                       edits, self.counted, self.damaged and prefix + self.damaged)


def damaged_record(folder: Path) -> str:
    """The folder's record of its files, ``.arbiter.digests``, when it is there but does not read,
    for :attr:`Checked.damaged`; "" otherwise (trial51, bug 5)."""
    from arbiter_cli.store.digests import DIGESTS_FILE, damaged

    return DIGESTS_FILE if damaged(folder) else ""


def input_problems(path: Path, layout: Layout, team: bool = False,
                   warn: Callable[[str], None] | None = None, fund: Callable[[], PrizeTable | None] | None = None
                   ) -> list[Problem]:
    """The problems of the files the folder at ``path`` owns that a person writes and commands read
    (its kind's ``layout`` declares them: a prize fund, ``prizes.toml``; ``team``: a team event's),
    each read as the commands read it, and its access list (``access.csv``) as the Gate reads it.
    ``warn``: told of what reads but may not be meant (a prize category with no condition). ``fund``:
    how the command reads the prize fund (the event's ``prize_table``), else from the file."""
    from arbiter_cli.events.access import access_problems  # the venue's sign-in code loads for verify only
    from arbiter_cli.store.prizes import PRIZES_FILE, open_categories, read_prizes

    def prizes() -> object:
        table = fund() if fund is not None else read_prizes(path, team)
        if warn is not None:
            for line in open_categories(path, table):
                warn(line)
        return table

    readers: dict[str, Callable[[], object]] = {PRIZES_FILE: prizes}
    found = []
    for name in layout.person_files:
        try:
            readers[name]()
        except BrokenFolder as error:
            found.append(Problem(error.source or name, error.message, error.line, error.field))
    return found + access_problems(path)


def final_prize_problems(event: Event, finalised: bool, table: Callable[[], PrizeTable | None],
                         files: Callable[[PrizeTable | None], Derived]) -> list[Problem]:
    """A finalised event whose ``final/`` does not hold the prize list its ``prizes.toml`` gives now
    (``files``: the event's final files for a prize fund, or for none): the prize list's files missing
    (the fund came after finalising), out of date (it, or the standings, changed since), or there
    still when no ``prizes.toml`` gives one any more; each a problem that ``arbiter finalize`` mends
    (issue 25). A ``prizes.toml`` that does not read is :func:`input_problems`' to name."""
    from arbiter_cli.store.prizes import PRIZES_FILE

    if not finalised:
        return []
    try:
        fund = table()
    except BrokenFolder:
        return []
    made = files(fund)
    standings = [Problem(name, "not the final standings the folder gives now (a file changed by hand since "
                               "finalising?); 'arbiter finalize' stores them again")
                 for name in event.final_standings_behind(made)]
    if fund is None:
        return standings + [Problem(name, f"a prize list that no {PRIZES_FILE} gives any more; 'arbiter finalize' "
                                          "removes it") for name in event.prize_list_behind(True, lambda: made)]
    return standings + [Problem(name, f"missing: {PRIZES_FILE} came after finalising; 'arbiter finalize' stores its "
                                      "prize list" if not (event.path / name).exists() else
                                f"not the prize list {PRIZES_FILE} gives now; 'arbiter finalize' stores it again")
                        for name in event.prize_list_behind(True, lambda: made)]


def report(caller: Caller, checked: Sequence[Checked], stages: Sequence[str] = ()) -> None:
    """Show the problems of every folder checked (the first is the event's or club's own, the others
    its stages or tournaments), then say whether the folder is sound; unsound: a
    :class:`BrokenFolder` (exit 3)."""
    from arbiter_cli.render.audit import problems_view

    found = [problem for one in checked for problem in one.found]
    changed = [edit for one in checked for edit in one.edits or []]
    view = problems_view(f"{checked[0].name}: verify", found, changed)
    if caller.format is not Format.table:
        caller.show(view)
    else:
        lines = [f"{problem}{'' if problem.severity == 'broken' else ' (' + problem.severity + ')'}\n"
                 for problem in found]
        lines += [f"{name.split(' ')[0]}: hand edit: changed outside arbiter after {after}"
                  f"{' ' + name.split(' ', 1)[1] if ' ' in name else ''}\n" for name, after in changed]
        caller.write("".join(lines))
    for one in checked:
        if one.edits is None and one.damaged:
            caller.say(f"note: {one.damaged}, the record of the folder's files, does not read (it is damaged), "
                       "so hand edits cannot be named; look over the files ('arbiter log' lists the changes): "
                       "the next change writes the record again, and hand edits are named from then on")
    if any(one.edits is None and not one.damaged for one in checked):
        caller.say("note: the folder has no record of its files yet (it was written by an earlier version); "
                   "the next change makes one, and hand edits are named from then on")
    broken = [p for p in found if p.severity == BROKEN]
    if broken:
        raise BrokenFolder(f"{count(len(broken), 'problem')} found (listed above); the folder is not sound")
    incomplete = len(found) - len(broken)
    top = checked[0]
    caller.say(f"the folder is sound: "
               + (top.counted or f"{count(top.players, 'player')}, "
                  + (f"{count(len(stages), 'stage')} ({', '.join(stages)})" if stages else count(top.rounds, 'round')))
               + (f"; {count(incomplete, 'earlier round')} still waiting for results (listed above)"
                  if incomplete else "")
               + (f"; {count(len(changed), 'file')} edited by hand since the last change (named above)"
                  if changed else ""))
