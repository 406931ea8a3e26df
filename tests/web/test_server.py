"""The server of ``arbiter serve`` in this process: which request paths name a page, the pages
made again when the folder changes, and the deadline of a slow request (issue 19)."""

from __future__ import annotations

import socket
import threading
import time
from pathlib import Path

import pytest
from hypothesis import given, strategies as st

from arbiter_cli.core.errors import BrokenFolder
from arbiter_cli.store.watch import fingerprint
from arbiter_cli.web import server as web
from arbiter_cli.web.server import BadTarget, LiveSite, content_type, open_server, page_name


_PIECES = [*"/.%\\ 2eEfF5cC0aA?#x:", "%2e", "%2E", "%2f", "%5c", "%00", "%25", "%c0%ae", "..", "\x00", "\x7f", "é"]


@given(st.lists(st.sampled_from(_PIECES), max_size=30).map(lambda pieces: "/" + "".join(pieces)))
def test_a_request_path_names_a_page_inside_the_site_or_is_refused(target: str) -> None:
    try:
        name = page_name(target)
    except BadTarget:
        return
    assert not name.startswith("/") and "\\" not in name and "\x00" not in name and "%" not in name
    assert all(segment not in ("", ".", "..") for segment in name.split("/"))


@pytest.mark.parametrize("target", ["/../x", "/%2e%2e/x", "/%2E%2e/x", "/a/%2e%2e/%2e%2e/x", "/..%2fx", "/%252e%252e/x",
                                    "/..\\x", "/%5cx", "/x%00.html", "/%c0%ae%c0%ae/x", "//x", "/./x", "x", "http://h/x",
                                    "/a b", "/\x7f", "/caf\xe9"])
def test_an_encoded_climb_out_of_the_site_is_refused(target: str) -> None:
    with pytest.raises(BadTarget):
        page_name(target)


def test_a_folder_path_serves_its_index_and_the_query_is_ignored() -> None:
    assert [page_name(t) for t in ("/", "/rounds/", "/players/7.html?print=1#top", "/caf%C3%A9.html")] == \
        ["index.html", "rounds/index.html", "players/7.html", "café.html"]


def test_pages_are_served_with_their_content_type() -> None:
    assert [content_type(n) for n in ("a.html", "style.css", "chart.SVG", "x.png", "data")] == \
        ["text/html; charset=utf-8", "text/css; charset=utf-8", "image/svg+xml", "image/png", "application/octet-stream"]


def test_the_pages_are_made_again_when_the_folder_changes_and_kept_when_it_does_not_read(tmp_path: Path) -> None:
    (tmp_path / "players.csv").write_text("one\n")
    made: list[str] = []
    notes: list[str] = []

    def source() -> dict[str, bytes]:
        text = (tmp_path / "players.csv").read_text()
        if "broken" in text:
            raise BrokenFolder("players.csv line 1: broken")
        made.append(text)
        return {"index.html": text.encode()}

    site = LiveSite(source, lambda: fingerprint(tmp_path), notes.append, patience=None)
    site.build()
    assert site.pages()["index.html"].body == b"one\n" and made == ["one\n"]  # type: ignore[index]
    (tmp_path / ".arbiter.lock").write_text("a writer")  # the lock is no change of the folder
    site.pages()
    assert made == ["one\n"]
    (tmp_path / "players.csv").write_text("broken\n")
    assert site.pages()["index.html"].body == b"one\n"  # type: ignore[index]
    assert notes == ["the folder does not read now, the pages stay as they were: players.csv line 1: broken"]
    (tmp_path / "players.csv").write_text("two\n")
    assert site.pages()["index.html"].body == b"two\n"  # type: ignore[index]


def test_a_slow_rebuild_keeps_serving_the_pages_as_they_were_until_it_is_done() -> None:
    """A big event takes seconds to make again: a request waits at most the patience, then gets
    the old pages; once the rebuild is done, the new ones."""
    state = {"version": 1}
    release = threading.Event()

    def source() -> dict[str, bytes]:
        if state["version"] > 1:
            release.wait(10)
        return {"index.html": f"v{state['version']}".encode()}

    site = LiveSite(source, lambda: state["version"], print, patience=0.05)
    site.build()
    state["version"] = 2
    started = time.monotonic()
    assert site.pages()["index.html"].body == b"v1"  # type: ignore[index]
    assert site.pages()["index.html"].body == b"v1"  # type: ignore[index]  # one rebuild, still running
    assert time.monotonic() - started < 5
    release.set()
    deadline = time.monotonic() + 10
    while site.pages()["index.html"].body != b"v2":  # type: ignore[index]
        assert time.monotonic() < deadline
        time.sleep(0.01)


def test_a_change_in_a_club_tournament_changes_the_club_folder_fingerprint_but_its_lock_does_not(tmp_path: Path) -> None:
    event = tmp_path / "tournaments" / "spring"
    event.mkdir(parents=True)
    (event / "players.csv").write_text("a\n")
    before = fingerprint(tmp_path)
    (event / ".arbiter.lock").write_text("12345 arbiter pair")
    assert fingerprint(tmp_path) == before
    (event / "players.csv").write_text("b\n")
    assert fingerprint(tmp_path) != before


def test_a_request_sent_too_slowly_is_cut_off(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Slowloris: a byte now and then keeps the idle timeout away, not the request's deadline."""
    monkeypatch.setattr(web, "REQUEST_SECONDS", 0.5)
    site = LiveSite(lambda: {"index.html": b"hi"}, lambda: 1, print)
    server = open_server(site, "127.0.0.1", 0, print)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        with socket.create_connection(server.bound(), timeout=30) as connection:
            closed = False
            for _ in range(200):  # up to 20 s of dribbling; the server cuts it off after 0.5 s
                try:
                    connection.sendall(b"X")
                    connection.settimeout(0.1)
                    closed = connection.recv(1) == b""
                except socket.timeout:
                    continue
                except OSError:
                    closed = True
                if closed:
                    break
            assert closed
    finally:
        server.shutdown()
        server.server_close()
