"""The registry of folder kinds and each kind's declaration of what it owns (issue 24)."""

from __future__ import annotations

import shutil
from pathlib import Path, PurePosixPath

import pytest

from conftest import ROOT
from arbiter_cli.store.club import ClubFolder
from arbiter_cli.store.group_folder import GroupFolder
from arbiter_cli.store.kinds import KINDS, first_owned, folder_kind, kind_named, owned_paths, owner_of
from arbiter_cli.store.knockout_folder import KnockoutFolder
from arbiter_cli.store.layout import Folders, Marker, Nested
from arbiter_cli.store.names import CLUB_FILE, SETTINGS_FILE, TEAMS_FILE
from arbiter_cli.store.team_folder import TeamFolder
from arbiter_cli.store.tournament import TournamentFolder

SAMPLES = ROOT / "sample_events"

#: One sample of each kind.
SAMPLE_OF = {"tournament": "swiss-open-finished-prizes", "team": "team-swiss20-in-progress",
             "knockout": "knockout24-in-progress", "groups": "groups16-in-progress", "club": "club-lyon"}


@pytest.fixture
def samples(tmp_path: Path) -> dict[str, Path]:
    """A copy of one sample of each kind; the group event gets a knockout final (a copy of the knockout)."""
    out = {}
    for kind, name in SAMPLE_OF.items():
        out[kind] = tmp_path / name
        shutil.copytree(SAMPLES / name, out[kind])
    shutil.copytree(SAMPLES / SAMPLE_OF["knockout"], out["groups"] / "stages" / "final")
    return out


# --------------------------------------------------------------------------- the registry


def test_each_sample_folder_is_detected_as_its_kind(samples: dict[str, Path]) -> None:
    for name, path in samples.items():
        kind = folder_kind(path)
        assert kind is not None and kind.name == name
    assert folder_kind(samples["groups"] / "stages" / "A").name == "tournament"
    assert folder_kind(samples["groups"] / "stages" / "final").name == "knockout"
    assert folder_kind(next((samples["club"] / "tournaments").iterdir())).name == "tournament"


def test_a_folder_of_no_kind_and_a_missing_folder_have_none(tmp_path: Path) -> None:
    assert folder_kind(tmp_path) is None
    assert folder_kind(tmp_path / "missing") is None
    (tmp_path / "players.csv").write_text("start_number\n")
    assert folder_kind(tmp_path) is None


def test_kinds_are_told_apart_in_one_fixed_order_club_groups_knockout_team_tournament(tmp_path: Path) -> None:
    assert [kind.name for kind in KINDS] == ["club", "groups", "knockout", "team", "tournament"]
    (tmp_path / SETTINGS_FILE).write_text('name = "x"\n')
    assert folder_kind(tmp_path).name == "tournament"
    (tmp_path / TEAMS_FILE).write_text("number\n")
    assert folder_kind(tmp_path).name == "team"
    (tmp_path / SETTINGS_FILE).write_text('name = "x"\n[knockout]\ngames_per_match = 2\n')
    assert folder_kind(tmp_path).name == "knockout"
    (tmp_path / SETTINGS_FILE).write_text('name = "x"\nsystem = "groups"\n[knockout]\ngames_per_match = 2\n')
    assert folder_kind(tmp_path).name == "groups"
    (tmp_path / CLUB_FILE).write_text('name = "x"\n')
    assert folder_kind(tmp_path).name == "club"


def test_each_kind_names_its_store_and_the_stores_declaration() -> None:
    stores = {kind.name: kind.store for kind in KINDS}
    assert stores == {"club": ClubFolder, "groups": GroupFolder, "knockout": KnockoutFolder, "team": TeamFolder,
                      "tournament": TournamentFolder}
    for kind in KINDS:
        assert kind_named(kind.name) is kind and kind.layout is kind.store.layout
        assert isinstance(kind.open("somewhere"), kind.store)
    assert [kind.what for kind in KINDS] == ["club", "tournament", "tournament", "tournament", "tournament"]
    with pytest.raises(KeyError):
        kind_named("swiss")


def test_the_folders_of_folders_name_kinds_of_the_registry() -> None:
    nested = {kind.name: [(f.directory, f.kinds) for f in kind.layout.folders] for kind in KINDS}
    assert nested == {"club": [("tournaments", ("tournament",))], "groups": [("stages", ("tournament", "knockout"))],
                      "knockout": [], "team": [], "tournament": []}
    for kind in KINDS:
        for folders in kind.layout.folders:
            assert all(kind_named(name) for name in folders.kinds)


# --------------------------------------------------------------------------- what each kind owns


def test_the_files_arbiter_writes_are_tracked_as_before() -> None:
    """The files each kind tracks for hand edits (the digests, recovery) are those it tracked before
    the declaration: the declaration changed where they are written down, not what they are; and the
    venue's access list (issue 26), which every kind owns and tracks."""
    own = {kind.name: kind.layout.own_files for kind in KINDS}
    assert own == {
        "tournament": ("tournament.toml", "players.csv", "byes.csv", "avoid.csv", "virtual.csv", "journal.csv",
                       "access.csv"),
        "groups": ("tournament.toml", "players.csv", "byes.csv", "avoid.csv", "virtual.csv", "journal.csv",
                   "access.csv"),
        "team": ("tournament.toml", "teams.csv", "players.csv", "lineups.csv", "team_byes.csv", "journal.csv",
                 "access.csv"),
        "knockout": ("tournament.toml", "players.csv", "bracket.csv", "journal.csv", "access.csv"),
        "club": ("club.toml", "members.csv", "ratings.csv", "journal.csv", "access.csv"),
    }
    for kind in KINDS:
        dirs = () if kind.name == "club" else ("rounds", "final")
        assert kind.layout.tracked_dirs == dirs and kind.layout.temporary_dirs == dirs
        store = kind.open("x")
        assert (store.own_files, store.tracked_dirs, store.temporary_dirs) == (
            kind.layout.own_files, dirs, dirs)


def test_prizes_toml_is_protected_in_every_event_folder_but_never_tracked() -> None:
    """``prizes.toml`` is written by a person (issue 18): no output may land on it, and editing it
    is no hand edit of arbiter's files. A group event's top folder reads none (each stage has its own),
    but one put there is the arbiter's all the same (``verify`` says where it belongs)."""
    for kind in KINDS:
        event = kind.name in ("tournament", "team", "knockout", "groups")
        assert kind.layout.person_files == (("prizes.toml",) if event else ())
        assert kind.layout.claim(PurePosixPath("prizes.toml")) is event
        assert not kind.layout.tracks("prizes.toml")


def test_no_output_can_turn_a_folder_into_another_kind() -> None:
    """Every kind owns the files by which the others are told apart (a page written as ``teams.csv``
    would make an individual event a team event, ``club.toml`` any folder a club)."""
    for kind in KINDS:
        for marker in (SETTINGS_FILE, TEAMS_FILE, CLUB_FILE):
            assert kind.layout.claim(PurePosixPath(marker)) is True, (kind.name, marker)
        markers = [part.name for part in kind.layout.parts if isinstance(part, Marker)]
        assert not set(markers) & set(kind.layout.own_files)


@pytest.mark.parametrize("kind", KINDS, ids=lambda kind: kind.name)
def test_the_hidden_arbiter_files_are_owned_by_every_kind(kind) -> None:
    for name in (".arbiter.lock", ".arbiter.digests", ".arbiter.pending", ".arbiter-site", ".arbiter.anything"):
        assert kind.layout.claim(PurePosixPath(name)) is True
        assert not kind.layout.tracks(name)


def test_a_sub_folder_of_files_is_owned_whole_and_its_files_tracked() -> None:
    layout = kind_named("tournament").layout
    for path in ("rounds", "rounds/01.csv", "rounds/new.html", "final", "final/standings.csv", "final/a/b.html"):
        assert layout.claim(PurePosixPath(path)) is True
    assert layout.tracks("rounds/01.csv") and layout.tracks("final/prizes.json")
    assert not layout.tracks("rounds/.01.csv.tmp-5") and not layout.tracks("final/a/b.html")
    for path in ("index.html", "standings.html", "site/rounds/1.html", "EV.trf"):
        assert layout.claim(PurePosixPath(path)) is False


def test_a_stage_is_a_folder_of_its_own_kind_inside_the_group_event() -> None:
    layout = kind_named("groups").layout
    assert layout.claim(PurePosixPath("stages")) is True
    assert layout.claim(PurePosixPath("stages/A")) is True
    assert layout.claim(PurePosixPath("stages/A/players.csv")) == Nested(
        Folders("stages", ("tournament", "knockout")), "A", PurePosixPath("players.csv"))


def test_what_a_path_at_any_depth_belongs_to(samples: dict[str, Path]) -> None:
    ev, team, cup, grp, club = (samples[k] for k in ("tournament", "team", "knockout", "groups", "club"))
    autumn = club / "tournaments" / "2026-autumn-standard"
    owned = {cup / "bracket.csv": cup, ev / "prizes.toml": ev, ev / "rounds": ev, ev / "rounds" / "01.csv": ev,
             ev / "final" / "standings.csv": ev, ev / "teams.csv": ev, ev / ".arbiter.lock": ev,
             team / "teams.csv": team, team / "lineups.csv": team, team / CLUB_FILE: team,
             grp / "stages": grp, grp / "stages" / "A": grp, grp / "stages" / "A" / "players.csv": grp / "stages" / "A",
             grp / "stages" / "final" / "bracket.csv": grp / "stages" / "final",
             grp / "stages" / "final" / "prizes.toml": grp / "stages" / "final",
             grp / "stages" / "Z": grp, grp / "stages" / "Z" / "page.html": grp,  # kept for a stage, whole
             club / "members.csv": club, club / "tournaments": club, club / SETTINGS_FILE: club,
             autumn / "players.csv": autumn, club / "tournaments" / "new" / "x.html": club}
    for path, folder in owned.items():
        found = owner_of(path)
        assert found is not None and found[0] == folder.resolve(), path
    for path in (ev / "standings.html", ev / "site" / "index.html", ev.parent / "EV.trf", grp / "standings.html",
                 grp / "stages" / "A" / "standings.html", grp / "stages" / "final" / "bracket.html",
                 cup / "bracket.html", autumn / "standings.html", club / "index.html", ev):
        assert owner_of(path) is None, path
    assert owner_of(grp / "stages" / "A" / ".." / "B" / "players.csv")[0] == (grp / "stages" / "B").resolve()


def test_owned_paths_lists_the_declaration_as_the_folder_stands(samples: dict[str, Path]) -> None:
    grp = samples["groups"]
    paths = owned_paths(grp)
    assert grp / "stages" in paths and grp / "stages" / "A" / "players.csv" in paths
    assert grp / "stages" / "A" / "rounds" / "01.csv" in paths
    assert grp / "stages" / "final" / "bracket.csv" in paths and grp / "stages" / "final" / "prizes.toml" in paths
    assert grp / "prizes.toml" in paths and grp / ".arbiter.pending" in paths
    club = samples["club"]
    assert club / "tournaments" / "2026-spring-rapid" / "final" in owned_paths(club)
    for path in (*paths, *owned_paths(club)):
        assert owner_of(path) is not None, path
    assert owned_paths(grp.parent) == []


def test_editing_prizes_toml_by_hand_is_what_it_is_for_not_a_hand_edit(samples: dict[str, Path]) -> None:
    """The folder keeps digests of the files arbiter writes; ``prizes.toml`` is the person's, so
    ``verify`` and the next change's journal say nothing of an edit to it (as before the declaration)."""
    ev = samples["tournament"]
    store = TournamentFolder(ev)
    assert store.hand_edits() == ([], store.hand_edits()[1])
    (ev / "prizes.toml").write_text((ev / "prizes.toml").read_text() + "\n# a prize added\n", encoding="utf-8")
    assert store.hand_edits()[0] == [] and "prizes.toml" not in store.tracked()
    (ev / "players.csv").write_text((ev / "players.csv").read_text() + "\n", encoding="utf-8")
    assert store.hand_edits()[0] == ["players.csv"]


def test_the_pages_of_a_site_are_asked_of_the_folders_inside_it_and_through_links(samples: dict[str, Path],
                                                                                  tmp_path: Path) -> None:
    ev = samples["tournament"]
    site = tmp_path / "site"
    (site / "players").mkdir(parents=True)
    (site / "rounds").symlink_to(ev / "rounds")  # a folder of the site that is really the event's rounds/
    pages = [site / "index.html", site / "players" / "1.html", site / "rounds" / "1.html"]
    assert first_owned(pages[:2], within=site) is None
    assert first_owned(pages, within=site) == (pages[2], ev.resolve(), kind_named("tournament"))
    grp = samples["groups"]
    assert owner_of(grp / "stages" / "A" / "players.csv", within=grp / "stages" / "A") is None  # A not asked
    assert owner_of(grp / "stages" / "A" / "players.csv", within=grp)[0] == (grp / "stages" / "A").resolve()
