"""The cache of ``arbiter publish`` and ``arbiter serve`` (issue 29, ``ARBITER_CACHE_DIR``): a site
made with what earlier publishes kept is the site made from nothing, byte for byte; a broken cache
changes nothing and says nothing; the cache never lands in the event's folder or in the site."""

from __future__ import annotations

import os
import re
import shutil
import time
from dataclasses import fields, is_dataclass
from fractions import Fraction
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from arbiter_cli.events.registry import site_pages
from arbiter_cli.render.site.blocks import PACKAGE, Cell, Table
from arbiter_cli.render.site.memo import Memo
from arbiter_cli.render.site.pages import players
from arbiter_cli.render.templating import macros
from arbiter_cli.store.site_cache import KEPT_DAYS
from tests.conftest import Runner, snapshot

#: Each sample with a result entered in its current round, then a correction in an earlier one.
CHANGES = {
    "swiss32-in-progress": [["result", "5", "2", "1-0"], ["result", "3", "4", "1/2-1/2", "--correct"]],
    "team-swiss20-in-progress": [["result", "4", "4.1", "1-0"], ["result", "2", "1.1", "1-0", "--correct"]],
    "knockout24-in-progress": [["result", "2", "2.3", "1-0"], ["result", "1", "4.1", "1/2-1/2", "--correct"]],
    "groups16-in-progress": [["result", "3", "2", "1-0", "--group", "D"],
                             ["result", "1", "1", "1-0", "--group", "A", "--correct"]],
}


def _site(folder: Path) -> dict[str, bytes]:
    """Every file of a published site but its lock, by path."""
    return {str(p.relative_to(folder)): p.read_bytes() for p in sorted(folder.rglob("*"))
            if p.is_file() and p.name != ".arbiter-site.lock"}


def _publish(arbiter: Runner, event: Path, site: Path) -> None:
    done = arbiter("-d", event, "publish", site)
    assert done.code == 0, done.err
    assert done.err.startswith("published ") and done.err.count("\n") == 1  # nothing said of the cache


@pytest.mark.parametrize("name", sorted(CHANGES))
def test_a_publish_with_a_warm_cache_after_changes_is_byte_identical_to_one_without_a_cache(
        name: str, sample, arbiter: Runner, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    event = sample(name)
    monkeypatch.setenv("ARBITER_CACHE_DIR", str(tmp_path / "warm"))
    monkeypatch.setenv("ARBITER_PROCESSES", "3")  # the warm site's pages made apart, the others in one process
    monkeypatch.setattr("arbiter_cli.store.page_making.alone", lambda: True)
    _publish(arbiter, event, tmp_path / "warm-site")
    for change in CHANGES[name]:
        done = arbiter("-d", event, *change)
        assert done.code == 0, done.err
        assert "->" in done.err  # the result did change
        _publish(arbiter, event, tmp_path / "warm-site")
    assert any((tmp_path / "warm").rglob("*"))  # the cache was used
    monkeypatch.setenv("ARBITER_PROCESSES", "1")
    monkeypatch.setenv("ARBITER_CACHE_DIR", str(tmp_path / "cold"))
    _publish(arbiter, event, tmp_path / "cold-site")
    blocked = tmp_path / "unwritable"
    blocked.mkdir()
    (blocked / "site").write_text("not a folder")  # a cache that cannot be written: no cache at all
    monkeypatch.setenv("ARBITER_CACHE_DIR", str(blocked))
    _publish(arbiter, event, tmp_path / "no-cache-site")
    warm, cold, none = (_site(tmp_path / f"{which}-site") for which in ("warm", "cold", "no-cache"))
    assert warm.keys() == cold.keys() == none.keys()
    for path in warm:
        if path != ".arbiter-site":  # the manifest names its site's files, the same in the three
            assert warm[path] == cold[path] == none[path], path


def _published_with_a_cache(sample, arbiter: Runner, tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                             site: Path) -> tuple[Path, list[Path]]:
    """The sample Swiss published to ``site`` with a cache of its own: the event and the cache's entries."""
    event = sample("swiss32-in-progress")
    cache = tmp_path / "cache"
    monkeypatch.setenv("ARBITER_CACHE_DIR", str(cache))
    _publish(arbiter, event, site)
    entries = [p for p in cache.rglob("*") if p.is_file()]
    assert entries
    return event, entries


def test_a_corrupted_cache_entry_is_ignored_quietly(sample, arbiter: Runner, tmp_path: Path,
                                                    monkeypatch: pytest.MonkeyPatch) -> None:
    event, entries = _published_with_a_cache(sample, arbiter, tmp_path, monkeypatch, tmp_path / "first")
    for number, entry in enumerate(entries):  # cut short, garbled, emptied, or a folder in its place
        data = entry.read_bytes()
        if number % 4 == 0:
            entry.write_bytes(data[: len(data) // 2])
        elif number % 4 == 1:
            entry.write_bytes(data.replace(b"<", b">").replace(b"\x80", b"\x81"))
        elif number % 4 == 2:
            entry.write_bytes(b"")
        else:
            entry.unlink()
            entry.mkdir()
    _publish(arbiter, event, tmp_path / "second")
    monkeypatch.setenv("ARBITER_CACHE_DIR", str(tmp_path / "fresh"))
    _publish(arbiter, event, tmp_path / "third")
    assert _site(tmp_path / "second") == _site(tmp_path / "third")


def test_a_cache_entry_whose_bytes_were_changed_is_never_read_back(sample, arbiter: Runner, tmp_path: Path,
                                                                    monkeypatch: pytest.MonkeyPatch) -> None:
    event, entries = _published_with_a_cache(sample, arbiter, tmp_path, monkeypatch, tmp_path / "site")
    before = _site(tmp_path / "site")
    for entry in entries:  # a page's text changed, its digest kept
        entry.write_bytes(entry.read_bytes().replace(b"Round", b"Rounc"))
    _publish(arbiter, event, tmp_path / "site")
    assert _site(tmp_path / "site") == before


def test_the_cache_is_never_written_into_the_event_folder_or_the_site(sample, arbiter: Runner, tmp_path: Path,
                                                                      monkeypatch: pytest.MonkeyPatch) -> None:
    event = sample("swiss32-in-progress")
    cache = tmp_path / "cache"
    monkeypatch.setenv("ARBITER_CACHE_DIR", str(cache))
    _publish(arbiter, event, tmp_path / "site")
    assert arbiter("-d", event, "result", "5", "2", "1-0").code == 0
    folder = snapshot(event)
    _publish(arbiter, event, tmp_path / "site")
    assert snapshot(event) == folder  # publishing writes nothing in the event's folder
    site = _site(tmp_path / "site")
    entries = {p.name for p in cache.rglob("*")}
    assert entries and not entries & {Path(path).name for path in site}
    assert not any(p.is_relative_to(cache) or cache.is_relative_to(p) for p in (event, tmp_path / "site"))
    for data in site.values():  # no machine path of the cache (nor of the event) is published
        assert str(cache).encode() not in data and str(tmp_path).encode() not in data


def test_two_event_folders_never_share_cache_entries(sample, arbiter: Runner, tmp_path: Path,
                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    cache = tmp_path / "cache"
    monkeypatch.setenv("ARBITER_CACHE_DIR", str(cache))
    first = sample("swiss32-in-progress")
    _publish(arbiter, first, tmp_path / "one")
    second = tmp_path / "copy"
    shutil.copytree(first, second)
    _publish(arbiter, second, tmp_path / "two")
    folders = [p for p in (cache / "site").iterdir() if p.is_dir()]
    assert len(folders) == 2 and all(any(p.iterdir()) for p in folders)  # a folder of entries each
    assert arbiter("-d", second, "result", "5", "2", "1-0").code == 0
    _publish(arbiter, second, tmp_path / "two")
    _publish(arbiter, first, tmp_path / "one")  # the first event's entries were left as they were
    assert _site(tmp_path / "one")["rounds/5.html"] != _site(tmp_path / "two")["rounds/5.html"]


def _found_tables(value: object, found: list[Table]) -> None:
    """The tables in a template's context value, however deep (a card's, a hall screen part's)."""
    if isinstance(value, Table):
        found.append(value)
    elif is_dataclass(value) and not isinstance(value, type):
        for item in fields(value):
            _found_tables(getattr(value, item.name), found)
    elif isinstance(value, dict):
        for item in value.values():
            _found_tables(item, found)
    elif isinstance(value, (list, tuple)) and not isinstance(value, Cell):
        for item in value:
            _found_tables(item, found)


def _tables(event: Path, monkeypatch: pytest.MonkeyPatch) -> list[Table]:
    """Every table of an event's site, caught on their way to the templates."""
    import arbiter_cli.render.site.blocks as blocks

    found: list[Table] = []
    original = blocks.render

    def catch(package: str, name: str, **context: object) -> str:
        _found_tables(context, found)
        return original(package, name, **context)

    monkeypatch.setattr(blocks, "render", catch)
    monkeypatch.setenv("ARBITER_CACHE_DIR", str(event.parent / "cache"))  # every page made, none read back
    dict(site_pages(event))  # every page made (a page of a keyed kind is made when read)
    return found


@pytest.mark.parametrize("name", ["swiss32-in-progress", "rr10-finished", "swiss-open-finished-prizes",
                                  "team-swiss20-in-progress", "knockout24-in-progress", "groups16-in-progress",
                                  "club-lyon"])
def test_the_table_macro_writes_the_same_bytes_as_the_template_alone(name: str, sample,
                                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    tables = _tables(sample(name), monkeypatch)
    assert len(tables) > 10
    tricky = Table([Cell("h", key="k", span=2)], [[Cell("<b>&\"'", href="a?b=1&c=2", key="k&", cls="c<", value="1/2",
                                                        name=True, link_cls="player", before="1. ", after=" (<2000>)",
                                                        more=(Cell("x", href="y.html", before=" & "),), span=2),
                                                   Cell(7)]],
                   cls="x", caption="<c>", row_classes=["a&b"], row_ids=["id\""], scroll=True)
    module = macros(PACKAGE)
    for table in [*tables, tricky, Table([], [])]:
        assert str(module.table(table)) == str(module.table_jinja(table))


def _hall_pairings(event: Path, monkeypatch: pytest.MonkeyPatch) -> list[Any]:
    """The pairings of every hall screen of an event's site (its stages' too), caught on their way to the
    template."""
    from arbiter_cli.render.site.pages import hall

    found: list[Any] = []
    original = hall.site_page

    def catch(site: object, template: str, title: str, *args: Any, **context: Any) -> str:
        found.extend(part.pairings for part in context.get("parts", ()) if part.pairings is not None)
        return original(site, template, title, *args, **context)

    monkeypatch.setattr(hall, "site_page", catch)
    monkeypatch.setenv("ARBITER_CACHE_DIR", str(event.parent / "cache"))  # every page made, none read back
    dict(site_pages(event))  # every page made (a page of a keyed kind is made when read)
    return found


@pytest.mark.parametrize("name", ["swiss32-in-progress", "rr10-finished", "team-swiss20-in-progress",
                                  "knockout24-in-progress", "groups16-in-progress"])
def test_the_hall_screens_pairing_rows_are_the_bytes_the_template_wrote(name: str, sample,
                                                                        monkeypatch: pytest.MonkeyPatch) -> None:
    from arbiter_cli.render.site.pages.hall import Board, Pairings, hall_rows

    found = _hall_pairings(sample(name), monkeypatch)
    assert found and all(p.boards for p in found)
    tricky = Board("<1>", Cell("<b>&\"'", href="a?b=1&c=2", key="k&", cls="c<", value="1/2", name=True, link_cls="player",
                               before="1. ", after=" (<2000>)", more=(Cell("x", href="y.html", before=" & "),), span=2),
                   "½-½", Cell("B", name=True), Fraction(5, 2), None, cls="a&b")
    bye = Board("", Cell("C"), "<bye>", None, Fraction(1), cls="bye")
    module = macros(PACKAGE)
    for pairings in [*found, *(Pairings("t", [tricky, bye], points=shown) for shown in (True, False)),
                     Pairings("t", [])]:
        assert str(hall_rows(pairings)) == str(module.hall_rows_jinja(pairings))


def test_the_cache_of_an_event_folder_no_publish_used_for_a_month_is_removed(sample, arbiter: Runner, tmp_path: Path,
                                                                             monkeypatch: pytest.MonkeyPatch) -> None:
    cache = tmp_path / "cache"
    monkeypatch.setenv("ARBITER_CACHE_DIR", str(cache))
    old, recent = cache / "site" / "gone-event", cache / "site" / "other-event"
    old_reads, recent_reads = cache / "reads" / "gone-event", cache / "reads" / "other-event"  # the read cache's
    for folder in (old, recent, old_reads, recent_reads):
        folder.mkdir(parents=True)
        (folder / "entry").write_bytes(b"x")
    month_ago = time.time() - (KEPT_DAYS + 1) * 86400
    for folder in (old, old_reads):
        os.utime(folder, (month_ago, month_ago))
    event = sample("swiss32-in-progress")
    assert arbiter("-d", event, "standings").code == 0  # a command that is no publish removes none
    assert old_reads.exists() and old.exists()
    _publish(arbiter, event, tmp_path / "site")
    assert not old.exists() and (recent / "entry").exists()
    assert not old_reads.exists() and (recent_reads / "entry").exists()


def test_the_arbiters_options_are_part_of_every_cached_page(sample, arbiter: Runner, tmp_path: Path,
                                                           monkeypatch: pytest.MonkeyPatch) -> None:
    event = sample("swiss32-in-progress")
    monkeypatch.setenv("ARBITER_CACHE_DIR", str(tmp_path / "warm"))
    _publish(arbiter, event, tmp_path / "warm-site")
    options = ("--personal-data", "--refresh", "60")
    assert arbiter("-d", event, "publish", tmp_path / "warm-site", *options).code == 0
    monkeypatch.setenv("ARBITER_CACHE_DIR", str(tmp_path / "cold"))
    assert arbiter("-d", event, "publish", tmp_path / "cold-site", *options).code == 0
    warm, cold = _site(tmp_path / "warm-site"), _site(tmp_path / "cold-site")
    assert warm == cold
    assert b'content="60"' in warm["hall.html"]


def test_a_cache_entry_moved_to_another_keys_name_is_never_read_back(sample, arbiter: Runner, tmp_path: Path,
                                                                      monkeypatch: pytest.MonkeyPatch) -> None:
    """Two entries swapped by hand (the trial of issue 29 put a standings page in a player's card):
    each entry's digest covers its key, so a swapped entry is a miss."""
    event, entries = _published_with_a_cache(sample, arbiter, tmp_path, monkeypatch, tmp_path / "site")
    before = _site(tmp_path / "site")
    pages = sorted((p for p in entries if p.parent.parent.name == "site"), key=lambda p: p.name)
    for first, second in zip(pages[::2], pages[1::2]):
        data = first.read_bytes()
        first.write_bytes(second.read_bytes())
        second.write_bytes(data)
    assert arbiter("-d", event, "result", "5", "2", "1-0").code == 0
    _publish(arbiter, event, tmp_path / "site")
    monkeypatch.setenv("ARBITER_CACHE_DIR", str(tmp_path / "fresh"))
    _publish(arbiter, event, tmp_path / "fresh-site")
    assert _site(tmp_path / "site") == _site(tmp_path / "fresh-site") != before


@pytest.mark.parametrize("place", ["event", "site", "relative"])
def test_a_cache_folder_inside_the_event_or_the_site_is_refused_and_nothing_is_written(
        place: str, sample, arbiter: Runner, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    event = sample("swiss32-in-progress")
    site = tmp_path / "site"
    cache = {"event": str(event / ".cache"), "site": str(site / "cache"), "relative": "relcache"}[place]
    monkeypatch.setenv("ARBITER_CACHE_DIR", cache)
    monkeypatch.chdir(event if place == "relative" else tmp_path)
    folder = snapshot(event)
    done = arbiter("-d", event, "publish", site)
    assert done.code == 2 and done.out == ""
    where = "the site's folder" if place == "site" else "the event's folder"
    assert done.err.startswith("arbiter: error: field 'ARBITER_CACHE_DIR': the cache folder ")
    assert f"is inside {where} " in done.err and done.err.count("\n") == 1
    assert snapshot(event) == folder and not site.exists()


def test_a_cache_folder_that_is_a_file_is_refused_in_one_line(sample, arbiter: Runner, tmp_path: Path,
                                                             monkeypatch: pytest.MonkeyPatch) -> None:
    event = sample("swiss32-in-progress")
    (tmp_path / "a-file").write_text("")
    monkeypatch.setenv("ARBITER_CACHE_DIR", str(tmp_path / "a-file" / "cache"))
    done = arbiter("-d", event, "publish", tmp_path / "site")
    assert done.code != 0 and not (tmp_path / "site").exists()
    assert "the cache folder (ARBITER_CACHE_DIR) is not a folder:" in done.err and done.err.count("\n") == 1


def test_the_cache_is_the_users_only_as_it_may_hold_personal_data(sample, arbiter: Runner, tmp_path: Path,
                                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    event = sample("swiss32-in-progress")
    cache = tmp_path / "new" / "cache"
    monkeypatch.setenv("ARBITER_CACHE_DIR", str(cache))
    done = arbiter("-d", event, "publish", tmp_path / "site", "--personal-data")
    assert done.code == 0, done.err
    made = [cache, *(p for p in cache.rglob("*"))]
    assert {oct(p.stat().st_mode & 0o777) for p in made if p.is_dir()} == {"0o700"}
    assert {oct(p.stat().st_mode & 0o777) for p in made if p.is_file()} == {"0o600"}


@pytest.mark.parametrize("name", ["swiss32-in-progress", "rr10-finished", "swiss-open-finished-prizes",
                                  "groups16-in-progress"])
def test_a_card_whose_rank_is_put_in_after_it_is_made_is_the_card_made_with_its_rank(
        name: str, sample, arbiter: Runner, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A player card is kept with a mark where the rank goes, so that one result moving many ranks
    makes no card again (issue 29): the rank put in is the card made with it, byte for byte, and a
    name holding the mark (a late entry's, here) is made with its rank, not given one twice."""
    event = sample(name)
    if name == "swiss32-in-progress":
        done = arbiter("-d", event, "player", "add", f"Mark{players.RANK_MARK}, Ann", "--rating", "1500")
        assert done.code == 0, done.err
    monkeypatch.setenv("ARBITER_CACHE_DIR", str(tmp_path / "marked"))
    marked = site_pages(event)
    monkeypatch.setattr(players, "_PLAIN_RANK", re.compile(r"(?!)"))  # no rank put in: every card made with it
    monkeypatch.setenv("ARBITER_CACHE_DIR", str(tmp_path / "made"))
    made = site_pages(event)
    cards = [path for path in made if re.search(r"(^|/)players/[0-9]+[.]html$", path)]
    assert cards and sum(b"<dt>Rank</dt>" in made[path] for path in cards) > 5
    assert not any(players.RANK_MARK.encode() in made[path] and b"Mark" not in made[path] for path in cards)
    assert marked.keys() == made.keys()
    for path in made:
        assert marked[path] == made[path], path


def test_a_digest_made_once_for_several_keys_is_each_values_own_and_none_without_a_faithful_repr() -> None:
    """:meth:`Memo.once` (a player's card, read by the keys of their page and of their team's page):
    the same value gives its digest made once, another value with other contents another digest, and
    a value whose parts have no faithful repr (an object's address) makes every key holding it none,
    so that its pages are made again rather than taken for another's."""
    memo = Memo()
    one, same, other = [1, "a"], [1, "a"], [2, "a"]
    made: list[object] = []
    assert memo.once(one, lambda: (made.append(one), tuple(one))[1]) == memo.once(one, lambda: ("never read",))
    assert len(made) == 1
    assert memo.once(same, lambda: tuple(same)) == memo.once(one, lambda: ())  # equal contents, equal digests
    assert memo.once(other, lambda: tuple(other)) != memo.once(one, lambda: ())
    blind = memo.once([3], lambda: (object(),))
    assert memo.key("page", blind) is None and memo.key("page", memo.once(one, lambda: ())) is not None


@pytest.mark.parametrize("name", ["swiss32-in-progress", "rr10-finished", "swiss-open-finished-prizes"])
def test_the_standings_table_made_once_for_both_pages_of_a_round_links_each_pages_names_as_made_from_it(
        name: str, sample) -> None:
    """issue 29: ``standings.html`` and ``standings/N.html`` show one table, made once from the site's
    root and its player links then made from the round's page (``../``): the same cells as the table
    made for that page."""
    from arbiter_cli.render.site.blocks import player_cell
    from arbiter_cli.render.site.pages.standings import _names_from
    from arbiter_cli.render.site.sites import event_site
    from arbiter_cli.render.site.standings_table import standings_table
    from arbiter_cli.render.views import standings_view
    from arbiter_cli.store.tournament import TournamentFolder

    tournament = TournamentFolder(sample(name)).load()
    site = event_site(tournament)
    for after in range(1, tournament.last_round + 1):
        view = standings_view(tournament, site.standings[after])
        made = {root: standings_table(view, lambda r, root=root: player_cell(r["start_number"], r["name"], root))
                for root in ("", "../")}
        assert made[""] != made["../"]
        assert _names_from(made[""], "../") == made["../"] and _names_from(made[""], "") == made[""]


_KEYS = """
import sys
from dataclasses import replace
from pathlib import Path
from arbiter_cli.render.site.memo import EventDigests, Memo
from arbiter_cli.store.tournament import TournamentFolder
tournament = TournamentFolder(Path(sys.argv[1])).load()
digests = EventDigests(tournament)
print(digests.registration, digests.everything, Memo().key("page", tournament.settings, tournament.rounds[-1].games))
"""


def test_a_key_is_the_same_in_every_process_whatever_its_hash_seed(sample) -> None:
    """issue 29: the keys are digests of the values as pickle writes them (a dataclass or a pydantic
    model as its type and the fields its repr shows, not a model's set of fields set, whose order is
    each process's): two commands with other hash seeds find each other's entries."""
    import subprocess
    import sys

    event = sample("swiss32-in-progress")
    found = {subprocess.run([sys.executable, "-c", _KEYS, str(event)], capture_output=True, text=True, check=True,
                            env={**os.environ, "PYTHONHASHSEED": seed}).stdout for seed in ("1", "2", "3")}
    assert len(found) == 1 and len(found.pop().split()) == 3


def test_a_key_reads_every_field_of_the_model_and_no_property_kept_once_read(sample) -> None:
    """issue 29: a game's result, a player's rating, a bye's round each change the key of what reads
    them; reading a property the model keeps once read (``by_number``, ``derived``) changes none."""
    from dataclasses import replace

    from arbiter_cli.core.results import GameResult
    from arbiter_cli.render.site.memo import EventDigests, _digest
    from arbiter_cli.store.tournament import TournamentFolder

    tournament = TournamentFolder(sample("swiss32-in-progress")).load()
    before = EventDigests(tournament)
    assert tournament.by_number and tournament.derived is not None  # kept once read
    assert EventDigests(tournament).everything == before.everything
    last = tournament.rounds[-1]
    game = next(g for g in last.games if g.result is None)
    played = replace(tournament, rounds=(*tournament.rounds[:-1],
                                         replace(last, games=tuple(replace(g, result=GameResult.DRAW) if g is game
                                                                   else g for g in last.games))))
    after = EventDigests(played)
    assert after.upto(last.number - 1) == before.upto(last.number - 1) and after.everything != before.everything
    rated = replace(tournament, players=(tournament.players[0].model_copy(update={"rating": 1234}),
                                         *tournament.players[1:]))
    assert EventDigests(rated).registration != before.registration
    assert _digest((1, "a")) != _digest((1, "a", None)) and _digest([1]) != _digest((1,))
    assert _digest(lambda: None) is None  # a function made on the spot has no key


def test_an_entry_read_back_is_whole_and_its_own_keys_by_its_length_and_crc32(tmp_path: Path) -> None:
    """issue 29: an entry holds its length and the CRC-32 of its key and bytes (a SHA-256 took a
    tenth of a publish to check 30 MB of entries): any byte changed, one byte cut or added, or the
    entry under another key's name, reads as no entry; the entry as written reads back whole."""
    from arbiter_cli.store.site_cache import SiteCache

    cache = SiteCache(tmp_path / "event", root=tmp_path / "cache")
    key, other = "a" * 64, "b" * 64
    data = "<p>Rank 3½</p>\n".encode() * 50
    cache.put(key, data)
    assert cache.get(key) == data
    path = cache.dir / key
    stored = path.read_bytes()
    for at in range(0, len(stored), 7):
        path.write_bytes(stored[:at] + bytes([stored[at] ^ 0x01]) + stored[at + 1:])
        assert cache.get(key) is None, at
    for damaged in (stored[:-1], stored + b"x", stored[:len(stored) // 2], b""):
        path.write_bytes(damaged)
        assert cache.get(key) is None
    path.write_bytes(stored)
    (cache.dir / other).write_bytes(stored)
    assert cache.get(other) is None and cache.get(key) == data


def test_a_kept_page_is_published_as_the_bytes_read_back(tmp_path: Path) -> None:
    """issue 29: a page found in the cache is its UTF-8 bytes as they were kept, neither decoded nor
    encoded again; a page made is its text's UTF-8 bytes, and made once. With a cache, a page is
    known by its token and made (or read back) only when its bytes are asked for."""
    from arbiter_cli.store.site import Page
    from arbiter_cli.store.site_cache import SiteCache

    memo = Memo(SiteCache(tmp_path / "event", root=tmp_path / "cache"))
    made: list[str] = []

    def make() -> str:
        made.append("once")
        return "<p>Rank 3½ \ue000</p>\n"

    first = memo.page(("players/1.html", 1), make)
    assert isinstance(first, Page) and made == []
    assert first.data() == "<p>Rank 3½ \ue000</p>\n".encode("utf-8") and made == ["once"]
    assert first.data() == "<p>Rank 3½ \ue000</p>\n".encode("utf-8") and made == ["once"]
    again = memo.page(("players/1.html", 1), make)
    assert isinstance(again, Page) and again.token == first.token
    assert again.data() == first.data() and made == ["once"]
    assert Memo().page(("players/1.html", 1), make) == first.data() and made == ["once", "once"]


@pytest.mark.parametrize("name", ["swiss32-in-progress", "rr10-finished", "swiss-open-finished-prizes"])
def test_the_standings_rows_written_once_for_both_pages_of_a_round_are_each_pages_own_rows(name: str,
                                                                                         sample) -> None:
    """issue 29: the body rows of a round's standings are written once, with a mark where each page
    puts its root: the mark replaced by a page's root, they are the rows written from that page's own
    table, at the site's root (``standings.html``) and a folder deeper (``standings/N.html``)."""
    from dataclasses import replace

    from arbiter_cli.render.site.blocks import player_cell, table_rows
    from arbiter_cli.render.site.pages.standings import ROOT_MARK, _names_from, _rows_with_roots
    from arbiter_cli.render.site.sites import event_site
    from arbiter_cli.render.site.standings_table import standings_table
    from arbiter_cli.render.views import standings_view
    from arbiter_cli.store.tournament import TournamentFolder

    tournament = TournamentFolder(sample(name)).load()
    site = event_site(tournament)
    for after in range(1, tournament.last_round + 1):
        view = standings_view(tournament, site.standings[after])
        made = standings_table(view, lambda r: player_cell(r["start_number"], r["name"], ""))
        body = _rows_with_roots(made)
        assert body is not None and body.count(ROOT_MARK) == len(made.rows)
        for root in ("", "../"):
            shown = _names_from(made, root)
            assert body.replace(ROOT_MARK, root) == str(table_rows(shown))
            assert str(table_rows(replace(shown, body=body.replace(ROOT_MARK, root)))) == str(table_rows(shown))


def test_a_name_holding_the_root_mark_has_its_standings_rows_written_by_each_page(sample, arbiter: Runner,
                                                                                tmp_path: Path,
                                                                                monkeypatch: pytest.MonkeyPatch) -> None:
    """issue 29: a player whose name holds the mark the rows written once put the root at: the rows are
    not written once (each page writes its own), and the site is the site made without a cache."""
    from arbiter_cli.render.site.blocks import header, player_cell
    from arbiter_cli.render.site.pages.standings import ROOT_MARK, _rows_with_roots

    marked = player_cell(1, f"A{ROOT_MARK}B", "")._replace(key="name")
    assert _rows_with_roots(Table([header("Name", "name")], [[marked]])) is None
    event = sample("swiss32-in-progress")
    players_csv = event / "players.csv"
    text = players_csv.read_text(encoding="utf-8")
    assert text.count('"Arslan, Mehmet"') == 1
    players_csv.write_text(text.replace('"Arslan, Mehmet"', f'"Mark{ROOT_MARK}, Ann"'), encoding="utf-8")
    monkeypatch.setenv("ARBITER_CACHE_DIR", str(tmp_path / "cache"))
    made = site_pages(event)
    assert ROOT_MARK.encode() in made["standings.html"]
    assert made["standings.html"].count(b'href="players/') == made["standings.html"].count(b'class="player"')
    monkeypatch.setenv("ARBITER_CACHE_DIR", str(tmp_path / "other"))
    assert site_pages(event) == made


def test_a_sites_frame_is_digested_once_for_its_pages_keys_and_again_when_it_changes() -> None:
    """issue 29: what every page shows around its body (the site's kind, name, navigation and the
    arbiter's options) is digested once for the keys of a build's pages: an equal frame gives the same
    digest, a frame that differs (other options, another link) another, and a frame that cannot be
    written makes every key holding it none."""
    from arbiter_cli.render.site.layout import Link
    from arbiter_cli.render.site.sites import SiteOptions

    memo = Memo()
    nav = (Link("Standings", "standings.html"),)
    one = memo.summary(("event", "Open", nav, SiteOptions()))
    assert memo.summary(("event", "Open", (Link("Standings", "standings.html"),), SiteOptions())) == one
    assert memo.summary(("event", "Open", nav, SiteOptions(refresh=60))) != one
    assert memo.summary(("event", "Open", (*nav, Link("Prizes", "prizes.html")), SiteOptions())) != one
    assert memo.summary(("event", "Open", nav, SiteOptions(personal=True))) != one
    assert memo.summary(("event", "Open", nav, SiteOptions())) == one
    assert memo.key("text", memo.summary((object(),))) is None and memo.key("text", one) is not None


def test_points_in_a_key_are_their_value_whatever_the_fraction_was_made_from() -> None:
    """issue 29: a key writes points (a :class:`~fractions.Fraction`) as their two numbers in lowest
    terms: equal points, equal keys; other points, or a number of another type, another key."""
    from fractions import Fraction

    from arbiter_cli.render.site.memo import _digest

    assert _digest(Fraction(1, 2)) == _digest(Fraction(2, 4)) == _digest(Fraction("0.5"))
    assert len({_digest(Fraction(1, 2)), _digest(Fraction(1, 3)), _digest(Fraction(3, 2)), _digest(0.5),
                _digest((1, 2)), _digest(Fraction(-1, 2))}) == 6


def test_a_publish_leaves_the_garbage_collector_as_it_found_it(sample, arbiter: Runner, tmp_path: Path,
                                                              monkeypatch: pytest.MonkeyPatch) -> None:
    """issue 29: the cyclic garbage collector is paused while a site is built and written (its
    collections cost a twentieth of a publish), and is as it was after, on or off."""
    import gc

    event = sample("swiss32-in-progress")
    monkeypatch.setenv("ARBITER_CACHE_DIR", str(tmp_path / "cache"))
    assert gc.isenabled()
    _publish(arbiter, event, tmp_path / "site")
    assert gc.isenabled()
    gc.disable()
    try:
        _publish(arbiter, event, tmp_path / "site")
        assert not gc.isenabled()
    finally:
        gc.enable()


def test_digests_kept_for_what_they_are_made_from_are_made_once_and_none_without_a_faithful_repr(
        tmp_path: Path) -> None:
    """issue 29: :meth:`Memo.digests` (each player's rounds before the last, for the keys of their
    cards) are made once for what they are all made from and read back from the store by the next
    build: the same digests as made; made again for other inputs, or when the entry is damaged; a
    value without a faithful repr makes every key holding its digest none."""
    from arbiter_cli.render.site.memo import _digest
    from arbiter_cli.store.site_cache import SiteCache

    cache = SiteCache(tmp_path / "event", root=tmp_path / "cache")
    made: list[int] = []

    def values() -> dict[int, tuple[object, ...]]:
        made.append(1)
        return {1: (1, "a"), 2: (2, "b"), 3: (object(),)}

    first = Memo(cache).digests(("rounds", 10, "digest of rounds 1-10"), values)
    assert first[1] == _digest(1, "a") and first[2] == _digest(2, "b") and made == [1]
    again = Memo(SiteCache(tmp_path / "event", root=tmp_path / "cache")).digests(
        ("rounds", 10, "digest of rounds 1-10"), values)
    assert again == first and made == [1]  # read back
    Memo(cache).digests(("rounds", 10, "digest of rounds 1-10 after a correction"), values)
    assert made == [1, 1]
    for entry in cache.dir.iterdir():
        entry.write_bytes(entry.read_bytes()[:-3])
    assert Memo(cache).digests(("rounds", 10, "digest of rounds 1-10"), values) == first and made == [1, 1, 1]
    memo = Memo(cache)
    assert memo.key("text", first[3]) is None and memo.key("text", first[1]) is not None


@pytest.mark.parametrize(("name", "what"), [("swiss32-in-progress", ("player rounds",)),
                                            ("team-swiss20-in-progress", ("team player seats",
                                                                          "team crosstable entries"))])
def test_a_cards_key_reads_the_players_rounds_before_the_last_as_one_digest_kept_for_those_rounds(
        name: str, what: tuple[str, ...], sample, arbiter: Runner, tmp_path: Path,
        monkeypatch: pytest.MonkeyPatch) -> None:
    """issue 29: the keys of the cards (an individual event's, a team event's) read each player's
    rounds before the last as one digest, and those of a team event's team pages each team's rounds
    of the crosstable before the last, made for the event up to the round before the last: kept
    across a result in the last round, made again after a correction in an earlier one; each page is
    the page made without a cache."""
    event = sample(name)
    monkeypatch.setenv("ARBITER_CACHE_DIR", str(tmp_path / "warm"))
    dict(site_pages(event))  # every page made and kept (a page of a keyed kind is made when read)
    asked: list[tuple[object, bool]] = []
    original = Memo.digests

    def digests(self: Memo, parts: tuple[object, ...], values: Callable[[], Any]) -> dict[Any, object]:
        made: list[int] = []

        def counted() -> Any:
            made.append(1)
            return values()

        found = original(self, parts, counted)
        asked.append((parts[0], bool(made)))
        return found

    monkeypatch.setattr(Memo, "digests", digests)
    result, correction = CHANGES[name]
    assert arbiter("-d", event, *result).code == 0
    warm = site_pages(event)
    assert sorted(asked) == sorted((one, False) for one in what)  # kept: the rounds before the last are the same
    assert arbiter("-d", event, *correction).code == 0
    warm_after = site_pages(event)
    assert sorted(asked[len(what):]) == sorted((one, True) for one in what)  # made again: an earlier round changed
    monkeypatch.setenv("ARBITER_CACHE_DIR", str(tmp_path / "cold"))
    assert site_pages(event) == warm_after and warm != warm_after


def test_a_cell_made_at_once_is_the_cell_made_by_its_fields_names() -> None:
    """issue 29: :func:`plain`, :func:`points_cell` and :func:`name_cell` make their cells from all the fields at once, in
    :class:`Cell`'s order and with its defaults: the cells ``Cell(...)`` makes from the same values."""
    from fractions import Fraction

    from arbiter_cli.render.site.blocks import plain, points_cell

    assert Cell._fields == ("text", "href", "key", "cls", "value", "name", "link_cls", "before", "after", "more",
                            "span")
    assert tuple(Cell._field_defaults.values()) == ("", "", "", "", "", False, "", "", "", (), 1)
    for text in ("x", 3, None, ""):
        for key, cls in (("", ""), ("points", "num")):
            made = plain(text, key, cls)
            assert made == Cell("" if text is None else text, key=key, cls=cls) and type(made) is Cell
    assert plain("x", "k", "c", href="a.html") == Cell("x", href="a.html", key="k", cls="c")
    for value in (Fraction(5, 2), 1, "", None, "1.5"):
        made = points_cell(value, "points")
        assert type(made) is Cell and made._replace(text="", value="") == Cell(key="points", cls="num")
    assert points_cell(Fraction(5, 2), "points") == Cell("2½", key="points", cls="num", value="2.5")
    from arbiter_cli.render.site.blocks import name_cell, player_cell

    assert name_cell("A", "x.html", "player") == Cell("A", href="x.html", link_cls="player", name=True)
    assert type(name_cell("A")) is Cell and name_cell("A") == Cell("A", name=True)
    assert player_cell(3, "A", "../", key="name") == Cell("A", href="../players/3.html", key="name",
                                                          link_cls="player", name=True)
    assert player_cell(3, "A", "", key="k", before="3. ") == Cell("A", href="players/3.html", key="k",
                                                                  link_cls="player", name=True, before="3. ")


def test_a_publish_with_a_warm_cache_checks_no_setting_player_or_prize_fund_and_imports_no_pydantic(
        sample, tmp_path: Path) -> None:
    """Start-up (issue 29): the settings, the players and the prize fund are read back from the read
    cache, already checked, so pydantic is not even imported; the first publish, which reads the files,
    checks them with their schemas."""
    import subprocess
    import sys

    folder = sample("swiss-open-finished-prizes")
    code = ("import sys\nfrom arbiter_cli.__main__ import _no_pydantic_plugins\n_no_pydantic_plugins()\n"
            "from arbiter_cli.cli.app import main\ntry:\n    main(['publish', sys.argv[1]])\nexcept SystemExit:\n"
            "    pass\nschemas = sys.modules.get('arbiter_cli.core.model_schema')\n"
            "built = [n for n in ('Settings', 'Scoring', 'Player') if schemas and getattr(schemas, n).__pydantic_complete__]\n"
            "prizes = sys.modules.get('arbiter_cli.core.prize_schema')\n"
            "built += ['PrizeTable'] if prizes and prizes.PrizeTable.__pydantic_complete__ else []\n"
            "sys.stderr.write(f\"{built} {'pydantic' in sys.modules}\")\n")
    environment = {k: v for k, v in os.environ.items() if k not in ("ARBITER_DIR", "ARBITER_USER")}
    environment.update(NO_COLOR="1", ARBITER_CACHE_DIR=str(tmp_path / "cache"))
    built = [subprocess.run([sys.executable, "-c", code, str(tmp_path / "site")], cwd=folder, capture_output=True,
                            text=True, env=environment).stderr for _ in range(2)]
    assert built[0].startswith("published ") and built[0].endswith("['Settings', 'Player', 'PrizeTable'] True")
    assert built[1].startswith("published ") and built[1].endswith("[] False")


def test_a_seat_a_board_and_a_team_round_key_every_field_they_hold() -> None:
    """issue 29: the keys of a team event's cards and team pages read seats, boards and team rounds as
    plain values (:func:`seat_values`, :func:`board_entry_values`, :func:`team_entry_values`); a change
    to any one field, each named tuple's every field, gives other values, so no page is kept stale."""
    from dataclasses import dataclass
    from fractions import Fraction
    from typing import Any, Callable

    from arbiter_cli.core.outcome import Outcome
    from arbiter_cli.core.team import BoardEntry, TeamOutcome, TeamRoundEntry
    from arbiter_cli.lifecycle.team_cards import Seat
    from arbiter_cli.render.site.sites import board_entry_values, seat_values, team_entry_values

    @dataclass
    class Case:
        value: Any
        other: dict[str, object]  # every field, a value it does not hold
        values: Callable[[Any], tuple[object, ...]]

    board = BoardEntry(1, 3, 4, Outcome.WIN, Fraction(1), "w")
    cases = [
        Case(Seat(2, 1, "w", 4, 7, Outcome.WIN, Fraction(1), True),
             {"round": 3, "board": 2, "colour": "b", "opponent": 5, "opponent_team": 8, "outcome": Outcome.DRAW,
              "points": Fraction(1, 2), "counted": False}, seat_values),
        Case(board, {"board": 2, "player": 5, "opponent": 6, "outcome": Outcome.LOSS, "points": Fraction(0),
                     "colour": None}, board_entry_values),
        Case(TeamRoundEntry(2, TeamOutcome.WIN, 7, Fraction(2), Fraction(5, 2), (board,), "w"),
             {"round": 3, "outcome": TeamOutcome.DRAW, "opponent": 8, "match_points": Fraction(1),
              "game_points": Fraction(2), "boards": (board._replace(points=Fraction(1, 2)),), "colour": "b"},
             team_entry_values),
    ]
    for case in cases:
        assert set(case.other) == set(type(case.value)._fields)
        for name, other in case.other.items():
            assert case.values(case.value._replace(**{name: other})) != case.values(case.value), name
