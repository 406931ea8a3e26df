"""What a folder's files read as, kept in the site's cache (issue 29, :mod:`arbiter_cli.store.read_cache`):
the event read through the cache is the event read from its files, whether each file was found kept,
changed since, or its entry missing, broken or unreadable; a fault in a file is still found."""

from __future__ import annotations

import pickle
from collections.abc import Callable
from pathlib import Path

import pytest

from arbiter_cli.core.errors import BrokenFolder
from arbiter_cli.render.site.memo import EventDigests
from arbiter_cli.store.files import FolderStore
from arbiter_cli.store.read_cache import ReadCache
from arbiter_cli.store.site_cache import SiteCache
from arbiter_cli.store.team_folder import TeamFolder
from arbiter_cli.store.tournament import TournamentFolder
from tests.conftest import Runner

#: A Swiss and a team Swiss in progress, each with its folder's kind and a result its current round lacks.
KINDS: dict[str, tuple[type[FolderStore], list[str]]] = {
    "swiss32-in-progress": (TournamentFolder, ["result", "5", "2", "1-0"]),
    "team-swiss20-in-progress": (TeamFolder, ["result", "4", "4.1", "1-0"]),
}


def _read(kind: type[FolderStore], event: Path, cache: Path | None) -> tuple[object, SiteCache | None]:
    """The event of ``event`` loaded as ``kind``, through the cache in ``cache`` (None: without one)."""
    folder = kind(event)
    entries = None
    if cache is not None:
        entries = SiteCache(event, cache)
        folder.keep_reads(entries, "version")
    return getattr(folder, "load")(), entries


def _entries(cache: Path) -> list[Path]:
    return [p for p in cache.rglob("*") if p.is_file()]


@pytest.mark.parametrize("name", sorted(KINDS))
def test_an_event_read_through_the_cache_is_the_event_read_from_its_files_first_and_kept(
        name: str, sample, tmp_path: Path) -> None:
    kind, _ = KINDS[name]
    event = sample(name)
    plain, _ = _read(kind, event, None)
    made, _ = _read(kind, event, tmp_path / "cache")
    assert _entries(tmp_path / "cache")  # each CSV file's reading was kept
    kept, _ = _read(kind, event, tmp_path / "cache")
    assert made == plain and kept == plain


@pytest.mark.parametrize("name", sorted(KINDS))
def test_a_file_changed_since_it_was_kept_is_read_again(name: str, sample, arbiter: Runner, tmp_path: Path) -> None:
    kind, result = KINDS[name]
    event = sample(name)
    _read(kind, event, tmp_path / "cache")
    done = arbiter("-d", event, *result)
    assert done.code == 0, done.err
    plain, _ = _read(kind, event, None)
    kept, _ = _read(kind, event, tmp_path / "cache")
    assert kept == plain


@pytest.mark.parametrize("name", sorted(KINDS))
def test_the_keys_of_a_site_are_the_same_whether_its_files_were_read_or_found_kept(name: str, sample,
                                                                                    tmp_path: Path) -> None:
    """A value made is handed on as it reads back from its entry: no object shared with another file's
    (a default text of the model) makes the site's keys, which write a shared object once, differ."""
    kind, _ = KINDS[name]
    event = sample(name)
    made, _ = _read(kind, event, tmp_path / "cache")
    kept, _ = _read(kind, event, tmp_path / "cache")
    assert EventDigests(made)._upto == EventDigests(kept)._upto


def _spoiled(cache: Path, spoil: Callable[[Path], None]) -> None:
    for entry in _entries(cache):
        spoil(entry)


@pytest.mark.parametrize("spoil", [
    lambda entry: entry.write_bytes(entry.read_bytes()[:-3]),  # cut short
    lambda entry: entry.write_bytes(entry.read_bytes().replace(b"\x94", b"\x95")),  # bytes changed
    lambda entry: entry.unlink(),  # missing
], ids=["cut-short", "changed", "missing"])
def test_a_broken_or_missing_entry_is_read_from_the_file_again_quietly(spoil: Callable[[Path], None], sample,
                                                                      tmp_path: Path) -> None:
    event = sample("swiss32-in-progress")
    plain, _ = _read(TournamentFolder, event, None)
    _read(TournamentFolder, event, tmp_path / "cache")
    _spoiled(tmp_path / "cache", spoil)
    kept, _ = _read(TournamentFolder, event, tmp_path / "cache")
    assert kept == plain


def test_a_whole_entry_that_does_not_unpickle_is_read_from_the_file_again(sample, tmp_path: Path) -> None:
    event = sample("swiss32-in-progress")
    plain, _ = _read(TournamentFolder, event, None)
    folder = TournamentFolder(event)
    entries = SiteCache(event, tmp_path / "cache")
    folder.keep_reads(entries, "version")
    assert folder.kept is not None
    for name in ("players.csv", "rounds/01.csv"):  # whole (its CRC-32 right), but not a pickle
        entries.put(folder.kept.key(name, (event / name).read_bytes()), b"not a pickle")
    assert folder.load() == plain


def test_a_cache_that_cannot_be_written_reads_the_files_as_they_are(sample, tmp_path: Path) -> None:
    event = sample("swiss32-in-progress")
    plain, _ = _read(TournamentFolder, event, None)
    blocked = tmp_path / "blocked"
    blocked.mkdir()
    (blocked / "site").write_text("not a folder")
    kept, _ = _read(TournamentFolder, event, blocked)
    assert kept == plain


def test_a_fault_put_into_a_kept_file_is_still_found(sample, tmp_path: Path) -> None:
    event = sample("swiss32-in-progress")
    _read(TournamentFolder, event, tmp_path / "cache")
    round_file = event / "rounds" / "01.csv"
    lines = round_file.read_text(encoding="utf-8").splitlines()
    fields = lines[1].split(",")
    lines[1] = ",".join([fields[0], "999", *fields[2:]])  # a board names no player
    round_file.write_text("\n".join(lines) + "\n", encoding="utf-8")
    with pytest.raises(BrokenFolder) as raised:
        _read(TournamentFolder, event, tmp_path / "cache")
    assert raised.value.source == "rounds/01.csv"


def test_a_file_that_is_no_round_among_the_kept_rounds_is_still_refused(sample, tmp_path: Path) -> None:
    event = sample("swiss32-in-progress")
    _read(TournamentFolder, event, tmp_path / "cache")
    (event / "rounds" / "notes.txt").write_text("mine", encoding="utf-8")
    with pytest.raises(BrokenFolder, match="unexpected file"):
        _read(TournamentFolder, event, tmp_path / "cache")


def test_a_files_key_reads_the_files_its_reader_is_given_the_code_and_its_own_bytes() -> None:
    class Entries:
        def get(self, key: str) -> bytes | None:
            return None

        def put(self, key: str, data: bytes) -> None:
            pass

    def key(version: str = "v", kind: str = "TournamentFolder", players: bytes = b"a",
            name: str = "rounds/01.csv", data: bytes = b"x") -> str:
        return ReadCache(Entries(), version, kind, [("players.csv", players)]).key(name, data)

    base = key()
    assert base == key()
    assert len({base, key(version="w"), key(kind="TeamFolder"), key(players=b"b"), key(name="rounds/02.csv"),
                key(data=b"y")}) == 6
    # the name and the bytes are told apart: no two files run together into the same digest
    assert ReadCache(Entries(), "v", "k", [("a", b"bc")])._context != ReadCache(Entries(), "v", "k", [("ab", b"c")])._context

    def alone(version: str = "v", kind: str = "TournamentFolder", players: bytes = b"a",
              name: str = "players.csv", data: bytes = b"x") -> str:
        return ReadCache(Entries(), version, kind, [("rounds/", players)]).alone(name, data)

    # a reader given nothing but its file: the other files are no part of its key, all the rest is
    assert alone() == alone(players=b"b") != ReadCache(Entries(), "v", "TournamentFolder", []).key("players.csv", b"x")
    assert len({alone(), alone(version="w"), alone(kind="TeamFolder"), alone(name="teams.csv"), alone(data=b"y")}) == 5


def test_a_value_that_does_not_pickle_is_made_and_not_kept(tmp_path: Path) -> None:
    entries = SiteCache(tmp_path / "event", tmp_path / "cache")
    cache = ReadCache(entries, "v", "k", [])
    made = cache.value("a.csv", b"x", lambda: (lambda: 1))  # a function made on the spot does not pickle
    assert callable(made)
    assert not _entries(tmp_path / "cache")
    assert cache.value("b.csv", b"y", lambda: {"b": 1}) == {"b": 1}
    assert pickle.loads(entries.get(cache.key("b.csv", b"y")) or b"") == {"b": 1}


def _journal_fault(event: Path, arbiter: Runner, tmp_path: Path) -> BrokenFolder | None:
    """The fault loading finds through the cache in ``event`` (None: none)."""
    try:
        _read(TournamentFolder, event, tmp_path / "cache")
    except BrokenFolder as fault:
        return fault
    return None


def test_lines_appended_to_a_journal_checked_before_are_checked_and_a_fault_in_them_named(
        sample, arbiter: Runner, tmp_path: Path) -> None:
    """The journal is checked in full once, then in what was appended (issue 29); a line with a field
    too many, appended after, is the same fault at the same line as without a cache."""
    event = sample("swiss32-in-progress")
    assert _journal_fault(event, arbiter, tmp_path) is None
    done = arbiter("-d", event, "result", "5", "2", "1-0")
    assert done.code == 0, done.err
    assert _journal_fault(event, arbiter, tmp_path) is None  # the appended lines are sound
    journal = event / "journal.csv"
    lines = journal.read_text(encoding="utf-8").count("\n")
    with journal.open("a", encoding="utf-8") as out:
        out.write("2026-03-01T10:00:00Z,arbiter result,x,y,z,by,one too many\n")
    found = _journal_fault(event, arbiter, tmp_path)
    with pytest.raises(BrokenFolder) as plain:
        TournamentFolder(event).load()
    assert found is not None and found.source == "journal.csv" and found.line == lines + 1
    assert (found.message, found.line) == (plain.value.message, plain.value.line)


def test_a_journal_changed_in_its_part_checked_before_is_checked_in_full(sample, arbiter: Runner,
                                                                         tmp_path: Path) -> None:
    event = sample("swiss32-in-progress")
    assert _journal_fault(event, arbiter, tmp_path) is None
    journal = event / "journal.csv"
    text = journal.read_text(encoding="utf-8").splitlines(keepends=True)
    text[1] = text[1].rstrip("\n") + ",one too many\n"  # its first record, checked before, spoilt
    journal.write_text("".join(text), encoding="utf-8")
    found = _journal_fault(event, arbiter, tmp_path)
    assert found is not None and found.source == "journal.csv" and found.line == 2


@pytest.mark.parametrize("kept", [b"", b"nonsense", b"99999999 6 00", b"12 6 " + b"0" * 64])
def test_a_kept_check_of_the_journal_that_does_not_match_is_a_check_in_full(kept: bytes, sample,
                                                                            tmp_path: Path) -> None:
    event = sample("swiss32-in-progress")
    folder = TournamentFolder(event)
    entries = SiteCache(event, tmp_path / "cache")
    folder.keep_reads(entries, "version")
    assert folder.kept is not None
    entries.put(folder.kept.named("journal.csv"), kept)
    journal = event / "journal.csv"
    journal.write_text(journal.read_text(encoding="utf-8") + "a,b\n", encoding="utf-8")  # a fault after line 1
    with pytest.raises(BrokenFolder) as raised:
        folder.load()
    assert raised.value.source == "journal.csv"


def test_records_appended_are_sound_when_blank_or_of_the_headers_fields_and_on_one_line() -> None:
    from arbiter_cli.store.tables import header_fields, records_sound

    assert header_fields("a,b,c\n1,2,3\n") == 3
    assert records_sound("1,2,3\n\n4,5,6\r\n", 3)
    assert records_sound("", 3)
    assert not records_sound("1,2\n", 3)
    assert not records_sound('1,"2\n",3\n', 3)  # a line break in a field
    assert not records_sound('1,"2,3\n', 3)  # a quote never closed


@pytest.mark.parametrize("name", sorted(KINDS))
def test_an_events_digests_from_its_files_keep_each_round_before_a_change_and_follow_every_change(
        name: str, sample, arbiter: Runner, tmp_path: Path) -> None:
    """The site's keys of an event read through the cache are the digests of its files (issue 29):
    a result of the last round leaves the digests up to the rounds before it as they were, and a
    change of the registration (a player's name) changes every one."""
    kind, result = KINDS[name]
    event = sample(name)

    def digests() -> EventDigests:
        folder = kind(event)
        folder.keep_reads(SiteCache(event, tmp_path / "cache"), "version")
        model = getattr(folder, "load")()
        files = folder.read_digests()
        assert files is not None and len(files[1]) == len(model.rounds)
        return EventDigests(model, files=files)

    before = digests()
    last = len(before._upto) - 1
    assert before.valid and len(set(before._upto)) == last + 1
    done = arbiter("-d", event, *result)
    assert done.code == 0, done.err
    after = digests()
    assert after._upto[:last] == before._upto[:last] and after.everything != before.everything
    players = event / "players.csv"
    lines = players.read_text(encoding="utf-8").splitlines(keepends=True)
    header = lines[0].rstrip("\n").split(",")
    cells = lines[1].rstrip("\n").split(",")
    cells[header.index("name")] = cells[header.index("name")] + "x"
    lines[1] = ",".join(cells) + "\n"
    players.write_text("".join(lines), encoding="utf-8")
    changed = digests()
    assert not set(changed._upto) & set(after._upto)


def test_an_event_read_without_the_cache_is_digested_by_its_values(sample) -> None:
    folder = TournamentFolder(sample("swiss32-in-progress"))
    model = folder.load()
    assert folder.read_digests() is None
    assert EventDigests(model)._upto == EventDigests(model, files=None)._upto


@pytest.mark.parametrize("name", sorted(KINDS))
def test_the_venues_access_list_is_no_part_of_an_events_digests(name: str, sample, arbiter: Runner,
                                                                tmp_path: Path) -> None:
    """No reader of the event is given ``access.csv`` and no page shows it: a deputy added or removed
    leaves every key of the site as it was (trial38: `access add` then `publish` made all 1,000 pages of
    a site again)."""
    kind, _ = KINDS[name]
    event = sample(name)

    def upto() -> list[str]:
        folder = kind(event)
        folder.keep_reads(SiteCache(event, tmp_path / "cache"), "version")
        model = getattr(folder, "load")()
        return EventDigests(model, files=folder.read_digests())._upto

    before = upto()
    done = arbiter("-d", event, "access", "add", "Deputy, Bob", "--role", "arbiter")
    assert done.code == 0, done.err
    assert (event / "access.csv").is_file()
    assert upto() == before


@pytest.mark.parametrize("place", ["a group's stage", "a club's folder", "a published site", "a file", "a loop"])
def test_a_cache_folder_no_command_may_use_is_left_alone_and_every_answer_is_the_same(
        place: str, sample, arbiter: Runner, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """trial43: a cache folder inside a group event (its stage ``final`` made of it stopped the event),
    inside a club, inside a published site (the players' entries left in it), a file, a loop of links:
    a command other than publish reads the files as they are, says nothing and writes nothing there."""
    groups, club, event = sample("groups16-in-progress"), sample("club-lyon"), sample("swiss32-in-progress")
    assert arbiter("-d", event, "publish", tmp_path / "site").code == 0
    (tmp_path / "file").write_text("x")
    (tmp_path / "loopA").symlink_to(tmp_path / "loopB")
    (tmp_path / "loopB").symlink_to(tmp_path / "loopA")
    cache = {"a group's stage": groups / "stages" / "final", "a club's folder": club / "cache",
             "a published site": tmp_path / "site" / "cache", "a file": tmp_path / "file",
             "a loop": tmp_path / "loopA"}[place]
    folders = (groups, club, tmp_path / "site")
    before = [sorted(p.relative_to(f) for f in (folder,) for p in folder.rglob("*")) for folder in folders]
    answers = [arbiter("-d", folder, "standings").out for folder in (groups, event)]
    monkeypatch.setenv("ARBITER_CACHE_DIR", str(cache))
    assert [arbiter("-d", folder, "standings").out for folder in (groups, event)] == answers
    assert arbiter("-d", club, "verify").code == 0
    assert [sorted(p.relative_to(f) for f in (folder,) for p in folder.rglob("*")) for folder in folders] == before
