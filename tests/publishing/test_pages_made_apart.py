"""A publish's pages made by several processes (issue 29, :mod:`arbiter_cli.store.page_making`): the
rounds' pages that changed are shared out between processes, and the site is the same, byte for
byte, as the one a single process makes, whatever happens to a child."""

from __future__ import annotations

import os
import pickle
import shutil
from pathlib import Path

import pytest

from arbiter_cli.lifecycle.standings import compute_standings, points_after_round
from arbiter_cli.store import page_making
from arbiter_cli.store import site as site_module
from arbiter_cli.store.tournament import TournamentFolder
from tests.conftest import Runner, snapshot

#: A correction in an early round of each, which changes the pages of every later round.
CORRECTIONS = {
    "swiss32-in-progress": ["result", "1", "3", "1/2-1/2", "--correct"],
    "team-swiss20-in-progress": ["result", "1", "1.1", "1/2-1/2", "--correct"],
    "rr10-in-progress": ["result", "1", "1", "1-0", "--correct"],
}


def _site(folder: Path) -> dict[str, bytes]:
    return {str(p.relative_to(folder)): p.read_bytes() for p in sorted(folder.rglob("*"))
            if p.is_file() and p.name not in (".arbiter-site.lock", ".arbiter-site")}


def _forks(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """The children forked from now on (their process ids), pages made apart even where threads run."""
    made: list[int] = []
    fork = os.fork

    def counted() -> int:
        child = fork()
        if child:
            made.append(child)
        return child

    monkeypatch.setattr(page_making.os, "fork", counted)
    monkeypatch.setattr(page_making, "alone", lambda: True)
    return made


def _corrected_site(name: str, processes: str, sample, arbiter: Runner, tmp_path: Path,
                    monkeypatch: pytest.MonkeyPatch) -> dict[str, bytes]:
    """The sample published, corrected in an early round, and published again with ``processes``."""
    event = sample(name)
    where = tmp_path / f"{name}-{processes}"
    shutil.move(event, where)
    monkeypatch.setenv("ARBITER_CACHE_DIR", str(tmp_path / f"cache-{processes}"))
    monkeypatch.setenv("ARBITER_PROCESSES", processes)
    assert arbiter("-d", where, "publish", where.with_name(where.name + "-site")).code == 0
    done = arbiter("-d", where, *CORRECTIONS[name])
    assert done.code == 0 and "->" in done.err, done.err
    done = arbiter("-d", where, "publish", where.with_name(where.name + "-site"))
    assert done.code == 0, done.err
    return _site(where.with_name(where.name + "-site"))


@pytest.mark.parametrize("name", sorted(CORRECTIONS))
def test_pages_made_by_several_processes_are_the_bytes_one_process_makes(
        name: str, sample, arbiter: Runner, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    alone = _corrected_site(name, "1", sample, arbiter, tmp_path, monkeypatch)
    forks = _forks(monkeypatch)
    apart = _corrected_site(name, "3", sample, arbiter, tmp_path, monkeypatch)
    assert forks  # the rounds' pages were made by children
    assert apart == alone


def test_a_child_that_sends_nothing_leaves_its_pages_to_be_made_here(
        sample, arbiter: Runner, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    alone = _corrected_site("swiss32-in-progress", "1", sample, arbiter, tmp_path, monkeypatch)
    forks = _forks(monkeypatch)
    parent = os.getpid()

    def broken(*args: object, **kwargs: object) -> None:
        if os.getpid() != parent:  # in the child: it fails before sending anything
            raise OSError("the pipe broke")
        pickle.dump(*args, **kwargs)  # type: ignore[call-overload]

    monkeypatch.setattr(page_making.pickle, "dump", broken)
    apart = _corrected_site("swiss32-in-progress", "2", sample, arbiter, tmp_path, monkeypatch)
    assert forks
    assert apart == alone


def _published_then_corrected(sample, arbiter: Runner, tmp_path: Path,
                              monkeypatch: pytest.MonkeyPatch) -> tuple[Path, Path]:
    """The Swiss sample published to ``tmp_path/site``, then corrected in round 1: the event and the site."""
    event = sample("swiss32-in-progress")
    site = tmp_path / "site"
    monkeypatch.setenv("ARBITER_CACHE_DIR", str(tmp_path / "cache"))
    assert arbiter("-d", event, "publish", site).code == 0
    assert arbiter("-d", event, *CORRECTIONS["swiss32-in-progress"]).code == 0
    return event, site


def test_a_page_whose_making_fails_fails_the_publish_as_in_one_process_and_the_site_stays_as_it_was(
        sample, arbiter: Runner, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from arbiter_cli.render.site.pages import standings

    event, site = _published_then_corrected(sample, arbiter, tmp_path, monkeypatch)
    before = snapshot(site)
    _forks(monkeypatch)
    monkeypatch.setenv("ARBITER_PROCESSES", "2")

    def fails(*args: object) -> str:
        raise KeyError("a bug")

    monkeypatch.setattr(standings, "standings_page", fails)
    done = arbiter("-d", event, "publish", site)
    assert done.code == 1 and "internal error: KeyError" in done.err, done.err
    assert snapshot(site) == before


def test_a_page_failing_after_this_process_wrote_the_pages_it_made_first_leaves_the_site_as_it_was(
        sample, arbiter: Runner, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Issue 29: the pages this process makes apart are written beside their places as soon as each
    piece is made, while the children work; a page that fails later (the standings after round 1,
    the last piece) fails the publish, and what was written is removed: the site is as it was, with no
    temporary file and no new folder."""
    from arbiter_cli.render.site.pages import standings

    event, site = _published_then_corrected(sample, arbiter, tmp_path, monkeypatch)
    before = snapshot(site)
    folders = sorted(str(p) for p in site.rglob("*") if p.is_dir())
    forks = _forks(monkeypatch)
    monkeypatch.setenv("ARBITER_PROCESSES", "2")
    written: list[str] = []
    staged = site_module._staged

    def noted(path: Path, data: bytes) -> Path:
        written.append(path.name)
        return staged(path, data)

    made = standings.standings_page

    def fails_on_round_one(site_: object, after: int, depth: int) -> str:
        if after == 1:
            raise KeyError("a bug")
        return made(site_, after, depth)  # type: ignore[arg-type]

    monkeypatch.setattr(site_module, "_staged", noted)
    monkeypatch.setattr(standings, "standings_page", fails_on_round_one)
    done = arbiter("-d", event, "publish", site)
    assert done.code == 1 and "internal error: KeyError" in done.err, done.err
    assert forks and written  # pages were written before the failure
    assert snapshot(site) == before
    assert sorted(str(p) for p in site.rglob("*") if p.is_dir()) == folders


@pytest.mark.parametrize("value", ["many", "0", "-2", "1.5", "", " 2", "+2", "65", "\u00b2"])
def test_arbiter_processes_that_is_no_whole_number_from_1_to_64_is_refused_before_anything_is_written(
        value: str, sample, arbiter: Runner, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    event = sample("swiss32-in-progress")
    monkeypatch.setenv("ARBITER_CACHE_DIR", str(tmp_path / "cache"))
    assert arbiter("-d", event, "publish", tmp_path / "site").code == 0
    assert arbiter("-d", event, *CORRECTIONS["swiss32-in-progress"]).code == 0
    before = snapshot(tmp_path)
    monkeypatch.setenv("ARBITER_PROCESSES", value)
    done = arbiter("-d", event, "publish", tmp_path / "site")
    assert done.code == 2
    assert done.err == (f"arbiter: error: ARBITER_PROCESSES must be a whole number of processes from 1 to 64, "
                        f"not {value!r}\n")
    assert snapshot(tmp_path) == before  # the event, the site and the cache


def test_a_cache_entry_left_half_written_by_a_process_that_is_gone_is_removed_by_the_next_publish(
        sample, arbiter: Runner, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A child killed with its publish (Ctrl-C) may leave the temporary file of a cache entry it was
    writing: the next publish removes it, and leaves one that a running process writes."""
    event = sample("swiss32-in-progress")
    monkeypatch.setenv("ARBITER_CACHE_DIR", str(tmp_path / "cache"))
    assert arbiter("-d", event, "publish", tmp_path / "site").code == 0
    folder = next(p for p in (tmp_path / "cache" / "site").iterdir() if p.is_dir())
    gone = folder / f".{'ab' * 32}.999999999.tmp"
    running = folder / f".{'cd' * 32}.{os.getpid()}.tmp"
    gone.write_bytes(b"half")
    running.write_bytes(b"half")
    assert arbiter("-d", event, *CORRECTIONS["swiss32-in-progress"]).code == 0
    assert arbiter("-d", event, "publish", tmp_path / "site").code == 0
    assert not gone.exists() and running.exists()


@pytest.mark.parametrize("name", ["swiss32-in-progress", "rr10-in-progress", "rr10-finished",
                                  "swiss-open-finished-prizes", "double-rr6-ready"])
def test_the_points_before_a_round_are_the_points_of_the_standings_after_the_round_before(name: str, sample) -> None:
    """The pairings' points before a round, made without the standings' tie-breaks (issue 29), are the
    standings' points (the round robin withdrawal rule applied) after every round."""
    tournament = TournamentFolder(sample(name)).load()
    for after in range(tournament.last_round + 1):
        standings = compute_standings(tournament, after, tournament.settings.effective_tiebreaks)
        assert points_after_round(tournament, after) == {row.player.start_number: row.points for row in standings.rows}


def test_the_points_before_a_round_leave_out_a_withdrawn_players_games_as_the_standings_do(sample) -> None:
    """A round robin's player who withdrew before half their games: their games do not count (the half
    rule), in the points before a round as in the standings."""
    from dataclasses import replace

    tournament = TournamentFolder(sample("rr10-in-progress")).load()
    gone = tournament.players[0].model_copy(update={"status": "withdrawn", "withdrawn_after": 1})
    tournament = replace(tournament, players=(gone, *tournament.players[1:]))
    for after in range(tournament.last_round + 1):
        points = points_after_round(tournament, after)
        standings = compute_standings(tournament, after, tournament.settings.effective_tiebreaks)
        assert gone.start_number not in points
        assert points == {row.player.start_number: row.points for row in standings.rows}


def test_a_fork_that_fails_leaves_every_page_to_this_process(
        sample, arbiter: Runner, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    alone = _corrected_site("swiss32-in-progress", "1", sample, arbiter, tmp_path, monkeypatch)
    _forks(monkeypatch)

    def no_process() -> int:
        raise OSError("Resource temporarily unavailable")

    monkeypatch.setattr(page_making.os, "fork", no_process)
    assert _corrected_site("swiss32-in-progress", "4", sample, arbiter, tmp_path, monkeypatch) == alone
