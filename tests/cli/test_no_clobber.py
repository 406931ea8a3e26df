"""No output lands on anything an event or a club owns (issue 24): every kind of folder, every
file and folder its declaration owns (its stages and its club's tournaments included), every
output option. Each is refused with exit 2, naming the path, and the folder is left byte for byte.

The owned paths come from the declaration itself (:func:`arbiter_cli.store.kinds.owned_paths`),
not from a second list written here: a file a kind comes to own is tried at once.
"""

from __future__ import annotations

import json
import shutil
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from conftest import ROOT, Runner, snapshot
import arbiter_cli.events.registry  # noqa: F401  (every kind of event, for their sites)
from arbiter_cli.events.base import Event
from arbiter_cli.store.kinds import folder_kind, owned_paths

#: An option as the arguments after ``-d FOLDER``, for an output at ``target``.
Option = Callable[[Path], list[object]]


def html(*command: str) -> Option:
    return lambda target: [*command, "--html", target]


EXPORT: Option = lambda target: ["export", "-o", target]  # noqa: E731
PUBLISH: Option = lambda target: ["publish", target]  # noqa: E731

#: The options that work on each kind, each run with ``-d`` on the folder named first.
TOURNAMENT = [html("pairings"), html("standings"), html("crosstable"), html("prizes"), EXPORT, PUBLISH]
TEAM = [html("pairings"), html("standings"), html("crosstable"), html("prizes"), html("team", "card", "1"),
        html("team", "boards"), EXPORT, PUBLISH]
KNOCKOUT = [html("pairings"), html("standings"), html("bracket"), html("prizes"), EXPORT, PUBLISH]
GROUPS = [html("standings"), html("pairings", "--group", "A"), html("crosstable", "--group", "B"),
          html("bracket", "--group", "final"), lambda target: ["export", "--group", "C", "-o", target], PUBLISH]
CLUB_EVENT = [html("pairings"), html("standings"), html("crosstable"), EXPORT]
CLUB = [PUBLISH]

FUND = 'places = [300, 200, 100]\n'
NAMES = [f"Player {chr(65 + i)}, {i + 1:02d}" for i in range(16)]


@pytest.fixture(autouse=True)
def one_build_of_each_site(monkeypatch: pytest.MonkeyPatch) -> None:
    """``publish`` builds the whole site before it looks where to write it: built once per folder
    here (the folder never changes: every write is refused), so that trying every path stays fast."""
    built: dict[tuple[type[Event], Path], dict[str, bytes]] = {}

    def every(kind: type[Event]) -> Iterator[type[Event]]:
        yield kind
        for sub in kind.__subclasses__():
            yield from every(sub)

    for kind in set(every(Event)):
        if "site" in vars(kind):
            def site(self: Event, options: object = None, *,
                     made: Callable[..., dict[str, bytes]] = vars(kind)["site"]) -> dict[str, bytes]:
                key = (type(self), self.path.resolve(), options)
                if key not in built:
                    built[key] = made(self, options)
                return built[key]

            monkeypatch.setattr(kind, "site", site)


def copied(tmp_path: Path, name: str, prizes: bool = False) -> Path:
    folder = tmp_path / name
    shutil.copytree(ROOT / "sample_events" / name, folder)
    if prizes:
        (folder / "prizes.toml").write_text(FUND, encoding="utf-8")
    return folder


def group_cup(arbiter: Runner, folder: Path) -> Path:
    """A group event whose groups are played and whose knockout final is paired."""
    assert arbiter("new", folder, "--name", "Group Cup", "--system", "groups", "--groups", "4", "--advance", "2",
                   "--final", "knockout", "--games-per-match", "2", "--seed", "5").code == 0
    lines = ["name,rating"] + [f"\"{name}\",{2400 - 25 * i}" for i, name in enumerate(NAMES)]
    assert arbiter("-d", folder, "player", "import", "-", stdin="\n".join(lines) + "\n").code == 0
    assert arbiter("-d", folder, "pair").code == 0
    for group in "ABCD":
        for rnd in (1, 2, 3):
            boards = json.loads(arbiter("-d", folder, "pairings", rnd, "--group", group, "-f", "json").out)
            results = "".join(f"{b['board']} {'1-0' if b['white'] < b['black'] else '0-1'}\n" for b in boards)
            assert arbiter("-d", folder, "result", rnd, "--from", "-", "--group", group, stdin=results).code == 0
    assert arbiter("-d", folder, "pair").code == 0
    (folder / "stages" / "final" / "prizes.toml").write_text(FUND, encoding="utf-8")
    return folder


def refused_everywhere(arbiter: Runner, top: Path, runs: list[tuple[Path, list[Option]]]) -> int:
    """Try every option of ``runs`` (each with ``-d`` on its folder) on every path ``top`` owns;
    return how many were tried."""
    targets = owned_paths(top)
    assert targets, top
    before = snapshot(top)
    tried = 0
    for folder, options in runs:
        for target in targets:
            for option in options:
                args = ["-d", folder, *option(target)]
                outcome = arbiter(*args)
                assert outcome.code == 2, (args, outcome.code, outcome.err)
                assert f"{target} is part of " in outcome.err or (  # a folder itself is said as such
                    f"{target} is a " in outcome.err and " folder itself" in outcome.err), (args, outcome.err)
                tried += 1
    assert snapshot(top) == before
    return tried


def test_an_individual_events_files_take_no_output(arbiter: Runner, tmp_path: Path) -> None:
    ev = copied(tmp_path, "swiss-open-finished-prizes")
    assert ev / "prizes.toml" in owned_paths(ev) and ev / "final" / "standings.csv" in owned_paths(ev)
    assert refused_everywhere(arbiter, ev, [(ev, TOURNAMENT)]) >= 6 * 20


def test_a_team_events_files_take_no_output(arbiter: Runner, tmp_path: Path) -> None:
    team = copied(tmp_path, "team-swiss20-in-progress", prizes=True)
    assert refused_everywhere(arbiter, team, [(team, TEAM)]) >= 8 * 15


def test_a_knockouts_files_take_no_output(arbiter: Runner, tmp_path: Path) -> None:
    cup = copied(tmp_path, "knockout24-in-progress", prizes=True)
    assert cup / "bracket.csv" in owned_paths(cup)
    assert refused_everywhere(arbiter, cup, [(cup, KNOCKOUT)]) >= 6 * 12


def test_a_group_events_files_and_every_stages_take_no_output(arbiter: Runner, tmp_path: Path) -> None:
    grp = group_cup(arbiter, tmp_path / "GRP")
    assert folder_kind(grp / "stages" / "final").name == "knockout"
    owned = owned_paths(grp)
    for path in ("stages", "stages/A", "stages/A/players.csv", "stages/final/bracket.csv", "stages/final/prizes.toml",
                 "stages/D/rounds/03.csv"):
        assert grp / path in owned
    assert refused_everywhere(arbiter, grp, [(grp, GROUPS)]) >= 6 * 90


def test_a_clubs_files_and_its_tournaments_take_no_output(arbiter: Runner, tmp_path: Path) -> None:
    club = copied(tmp_path, "club-lyon")
    event = club / "tournaments" / "2026-spring-rapid"
    assert club / "members.csv" in owned_paths(club) and event / "players.csv" in owned_paths(club)
    assert refused_everywhere(arbiter, club, [(club, CLUB), (event, CLUB_EVENT)]) >= 5 * 70


def test_an_output_beside_the_files_of_each_kind_is_still_written(arbiter: Runner, tmp_path: Path) -> None:
    """The other side of the rule: a page or an export written into an event's folder, beside its
    files (or a stage's), is no part of the folder, and is written as before."""
    ev = copied(tmp_path, "swiss-open-finished-prizes")
    cup = copied(tmp_path, "knockout24-in-progress")
    grp = copied(tmp_path, "groups16-in-progress")
    for args, written in ((["-d", ev, "standings", "--html", ev / "standings.html"], ev / "standings.html"),
                          (["-d", cup, "bracket", "--html", cup / "bracket.html"], cup / "bracket.html"),
                          (["-d", grp, "crosstable", "--group", "A", "--html", grp / "stages" / "A" / "cross.html"],
                           grp / "stages" / "A" / "cross.html"),
                          (["-d", ev, "export", "-o", ev / "EV.trf"], ev / "EV.trf"),
                          (["-d", ev, "publish", ev / "site"], ev / "site" / "index.html")):
        outcome = arbiter(*args)
        assert outcome.code == 0 and written.is_file(), (args, outcome.err)


def test_no_site_is_published_into_a_folder_of_any_kind(arbiter: Runner, tmp_path: Path) -> None:
    """``publish OUTDIR`` refuses an event's or a club's folder itself, of every kind, a stage and a
    club's tournament included (and the pages it would write there)."""
    source = copied(tmp_path, "double-rr6-ready")
    folders = [copied(tmp_path, name) for name in ("swiss-open-finished-prizes", "team-swiss20-in-progress",
                                                   "knockout24-in-progress", "groups16-in-progress", "club-lyon")]
    outdirs = [*folders, folders[3] / "stages" / "B", folders[4] / "tournaments" / "2026-summer-rapid", source]
    assert [folder_kind(outdir).name for outdir in outdirs] == [
        "tournament", "team", "knockout", "groups", "club", "tournament", "tournament", "tournament"]
    before = [snapshot(folder) for folder in (source, *folders)]
    for outdir in outdirs:
        outcome = arbiter("-d", source, "publish", outdir)
        assert outcome.code == 2 and f"{outdir} is a " in outcome.err, (outdir, outcome.err)
        assert "folder itself; publish the site to a folder of its own" in outcome.err  # not "part of" (a trial)
    assert [snapshot(folder) for folder in (source, *folders)] == before


def test_no_site_is_published_into_an_event_through_a_folder_not_there_yet(arbiter: Runner, tmp_path: Path) -> None:
    """Trial42: ``publish new/../EVENT`` wrote the site into the event's folder: the system finds no such path
    until publish makes ``new``, so every check saw a new folder; then ``rounds/1.html`` broke the folder
    for every command. The place it will be once made is checked too; a site beside it is published."""
    event = copied(tmp_path, "swiss32-in-progress")
    before = snapshot(event)
    for outdir in (tmp_path / "new" / ".." / event.name, tmp_path / "new" / ".." / event.name / "rounds",
                   tmp_path / "a" / "b" / ".." / ".." / event.name):
        outcome = arbiter("-d", event, "publish", outdir)
        assert outcome.code == 2 and "publish the site to" in outcome.err, (outdir, outcome.err)
        assert not (tmp_path / "new").exists() and not (tmp_path / "a").exists()
    assert snapshot(event) == before
    beside = arbiter("-d", event, "publish", tmp_path / "new" / ".." / "site")
    assert beside.code == 0 and (tmp_path / "site" / "index.html").is_file()
    assert arbiter("-d", event, "verify").code == 0
