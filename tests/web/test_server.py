"""The server of ``arbiter serve`` in this process: which request paths name a page, the pages
made again when the folder changes, and the deadline of a slow request (issue 19); the connections
counted per client address, gzip, and TLS (issue 26)."""

from __future__ import annotations

import gzip
import os
import socket
import threading
import time
from collections.abc import Callable
from pathlib import Path

import pytest
from hypothesis import given, strategies as st

from arbiter_cli.core.errors import BrokenFolder
from arbiter_cli.store.watch import fingerprint
from arbiter_cli.web import server as web
from arbiter_cli.web.server import BadTarget, LiveSite, content_type, open_server, page_name, url_of
from arbiter_cli.web.tls import tls_context
from web.venue import CODES, Client, forms, self_signed, trusting, venue


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


class _CountingPages(dict[str, bytes]):
    """A site whose pages say when they are made (a site's mapping makes a page when it is read)."""

    def __init__(self, names: list[str], version: int, made: list[str], broken: str = "") -> None:
        super().__init__((name, b"") for name in names)
        self.version, self.made, self.broken = version, made, broken

    def __getitem__(self, name: str) -> bytes:
        if name not in self:
            raise KeyError(name)
        if name == self.broken:
            raise RuntimeError("a bug in this page")
        self.made.append(name)
        return f"{name} v{self.version}".encode()


def test_serve_makes_only_the_pages_asked_for_and_keeps_a_page_that_fails_as_it_was() -> None:
    """issue 29 (trial37): serve made all 1,500 pages of a big event before its first answer (3 s warm,
    27 s cold); a page is made when a browser first asks for it, once per reading of the folder. A page
    that fails to be made again stays as it was (a bug in a page must not stop the server)."""
    state = {"version": 1}
    made: list[str] = []
    notes: list[str] = []
    names = [f"players/{n}.html" for n in range(1000)] + ["index.html"]
    site = LiveSite(lambda: _CountingPages(names, state["version"], made,
                                           "index.html" if state["version"] == 2 else ""),
                    lambda: state["version"], notes.append, patience=None)
    site.build()
    pages = site.pages()
    assert pages is not None and len(pages) == 1001 and made == []
    assert pages["index.html"].body == b"index.html v1" and pages["index.html"].body == b"index.html v1"
    assert made == ["index.html"] and "players/7.html" in pages and "nope.html" not in pages
    state["version"] = 2
    pages = site.pages()
    assert pages is not None and pages["index.html"].body == b"index.html v1"  # its bug: the page as it was
    assert notes == ["internal error while making index.html, it stays as it was: RuntimeError: a bug in this page"]
    assert pages["players/7.html"].body == b"players/7.html v2" and made == ["index.html", "players/7.html"]
    assert pages.get("nope.html") is None

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


def test_a_file_written_in_place_with_its_size_and_time_given_back_changes_the_fingerprint(tmp_path: Path) -> None:
    """Trial50: ``serve`` showed the old standings after a round file was edited in place to the same
    size and its modification time set back (``touch -r``); its change time, which no one sets, moved."""
    round_file = tmp_path / "rounds" / "04.csv"
    round_file.parent.mkdir()
    round_file.write_text("board,white,black,result\n1,8,9,1-0\n")
    before_stat = round_file.stat()
    before = fingerprint(tmp_path)
    time.sleep(0.01)
    with open(round_file, "r+") as handle:  # in place: the same inode
        handle.write("board,white,black,result\n1,8,9,0-1\n")
    os.utime(round_file, ns=(before_stat.st_atime_ns, before_stat.st_mtime_ns))
    after = round_file.stat()
    assert (after.st_size, after.st_mtime_ns, after.st_ino) == (before_stat.st_size, before_stat.st_mtime_ns,
                                                                before_stat.st_ino)
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


def _serving(site: LiveSite, **options: object) -> tuple[web._Server, threading.Thread]:
    server = open_server(site, "127.0.0.1", 0, print, **options)  # type: ignore[arg-type]
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    return server, thread


def _until(condition: Callable[[], bool], seconds: float = 15) -> None:
    deadline = time.monotonic() + seconds
    while not condition():
        assert time.monotonic() < deadline
        time.sleep(0.02)


def test_one_address_holds_at_most_its_share_of_connections_and_gives_them_back() -> None:
    """Issue 26: connections are counted per client address beside the total; the ones beyond an
    address's share are closed at once, and a closed connection gives its slot back."""
    server, _ = _serving(LiveSite(lambda: {"index.html": b"hi"}, lambda: 1, print))
    try:
        address = server.bound()
        held = [socket.create_connection(address, timeout=30) for _ in range(web.MAX_PER_CLIENT + 4)]
        _until(lambda: server.connections("127.0.0.1") == web.MAX_PER_CLIENT)
        other = socket.create_connection(address, timeout=30, source_address=("127.0.0.2", 0))
        other.sendall(b"GET / HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")
        assert other.recv(65536).startswith(b"HTTP/1.1 200 ")
        other.close()
        for connection in held:
            connection.close()
        _until(lambda: server.connections() == 0)
        assert server.connections("127.0.0.1") == 0 and server._clients == {}
    finally:
        server.shutdown()
        server.server_close()


def test_the_total_cap_still_holds_beside_the_share_of_each_address(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(web, "MAX_CONNECTIONS", 3)
    server, _ = _serving(LiveSite(lambda: {"index.html": b"hi"}, lambda: 1, print))
    try:
        address = server.bound()
        held = [socket.create_connection(address, timeout=30, source_address=(f"127.0.0.{n}", 0)) for n in (1, 2, 3)]
        _until(lambda: server.connections() == 3)
        late = socket.create_connection(address, timeout=30, source_address=("127.0.0.4", 0))
        assert late.recv(1) == b""  # closed at once: the server is full
        late.close()
        for connection in held:
            connection.close()
    finally:
        server.shutdown()
        server.server_close()


def test_a_few_addresses_holding_their_share_each_cannot_shut_out_a_new_address(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """The security review's open fault of issue 26: 16 addresses holding 16 connections each filled
    the 256 in all, and everyone else was shut out while they held them. Now a client holding fewer
    than the one holding the most gets in: that one's oldest connection is closed for it."""
    monkeypatch.setattr(web, "MAX_CONNECTIONS", 8)
    monkeypatch.setattr(web, "MAX_PER_CLIENT", 4)
    server, _ = _serving(LiveSite(lambda: {"index.html": b"hi"}, lambda: 1, print))
    try:
        address = server.bound()
        held = [socket.create_connection(address, timeout=30, source_address=(f"127.0.0.{1 + n // 4}", 0))
                for n in range(8)]  # two addresses, four slow sockets each: the server is full
        _until(lambda: server.connections() == 8)
        phone = socket.create_connection(address, timeout=30, source_address=("127.0.0.9", 0))
        phone.sendall(b"GET / HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")
        assert phone.recv(65536).startswith(b"HTTP/1.1 200 ")
        phone.close()
        assert held[0].recv(1) == b""  # the oldest of the first address gave way
        _until(lambda: server.connections() == 7)
        for connection in held:
            connection.close()
        _until(lambda: server.connections() == 0)
        assert server._held == {} and server._clients == {}
    finally:
        server.shutdown()
        server.server_close()


def test_an_ipv6_client_counts_as_its_64_network() -> None:
    assert web.client_of("2001:db8:0:1::5") == web.client_of("2001:db8:0:1:ffff::9") == "2001:db8:0:1::/64"
    assert web.client_of("2001:db8:0:2::5") != web.client_of("2001:db8:0:1::5")
    assert web.client_of("127.0.0.1") == "127.0.0.1"


def test_a_page_is_gzipped_once_per_version_and_only_when_it_pays() -> None:
    page = web.Page.of("standings.html", b"<tr><td>Player</td></tr>\n" * 200)
    first = page.gzipped()
    assert first is not None and page.gzipped() is first  # made once, kept with the page
    assert gzip.decompress(first[0]) == page.body and first[1] != page.etag and first[1].endswith('-gzip"')
    assert web.Page.of("tiny.html", b"<p>hi</p>").gzipped() is None
    assert web.Page.of("photo.png", b"\x89PNG" + bytes(range(256)) * 8).gzipped() is None


def test_the_server_compresses_each_version_of_a_page_once(monkeypatch: pytest.MonkeyPatch) -> None:
    made: list[int] = []
    real = gzip.compress

    def counting(data: bytes, compresslevel: int = 9, *, mtime: float | None = None) -> bytes:
        made.append(len(data))
        return real(data, compresslevel, mtime=mtime)

    monkeypatch.setattr(web.gzip, "compress", counting)
    state = {"version": 1}
    site = LiveSite(lambda: {"index.html": b"<p>version %d</p>\n" % state["version"] * 100}, lambda: state["version"],
                    print, patience=None)
    site.build()
    server, _ = _serving(site)
    try:
        bodies = []
        for version in (1, 1, 1, 2, 2):
            state["version"] = version
            with socket.create_connection(server.bound(), timeout=30) as connection:
                connection.sendall(b"GET / HTTP/1.1\r\nHost: x\r\nAccept-Encoding: gzip\r\nConnection: close\r\n\r\n")
                answer = b""
                while chunk := connection.recv(65536):
                    answer += chunk
            head, _, body = answer.partition(b"\r\n\r\n")
            assert b"\r\nContent-Encoding: gzip\r\n" in head and b"\r\nVary: Accept-Encoding\r\n" in head
            bodies.append(gzip.decompress(body))
        assert len(made) == 2 and bodies[0].startswith(b"<p>version 1") and bodies[-1].startswith(b"<p>version 2")
    finally:
        server.shutdown()
        server.server_close()


@pytest.mark.parametrize(("header", "gzipped"), [
    ("gzip", True), ("gzip, deflate, br, zstd", True), ("x-gzip", True), ("GZIP;q=0.5", True), ("*", True),
    ("gzip;q=0", False), ("br;q=1, gzip;q=0.0", False), ("identity", False), ("", False), ("deflate, *;q=0", False),
    ("gzip;q=bad", False)])
def test_gzip_is_sent_only_to_a_client_that_accepts_it(header: str, gzipped: bool) -> None:
    assert web.accepts_gzip(header) is gzipped


def test_the_session_cookie_is_secure_over_tls(tmp_path: Path) -> None:
    cert, key = self_signed(tmp_path)
    with venue(tls=tls_context(cert, key)) as where:
        client = Client(where, tls=trusting(cert))
        answer = client.get(f"/signin?code={next(iter(CODES))}")
        cookie = next(c for c in answer.headers.get_all("Set-Cookie") if c.startswith("arbiter_session="))
        assert cookie.endswith("; Path=/; HttpOnly; SameSite=Strict; Secure")
        page = client.get("/entry")
        assert page.status == 200 and "<bdi>Olga Owner</bdi> (owner)" in page.text
        form = forms(page.text)["/entry/1"]
        assert client.post("/entry/1", {**form, "chosen:1": "1-0"}).status == 200 and where.desk.results["1"] == "1-0"


def test_a_tls_handshake_held_open_holds_up_no_one_else(tmp_path: Path) -> None:
    """The handshake is made in the connection's own thread: a client that connects to the TLS port
    and says nothing does not stop the next one from being served."""
    cert, key = self_signed(tmp_path)
    server, _ = _serving(LiveSite(lambda: {"index.html": b"hi"}, lambda: 1, print), tls=tls_context(cert, key))
    try:
        silent = socket.create_connection(server.bound(), timeout=30)
        plain = socket.create_connection(server.bound(), timeout=30)
        plain.sendall(b"GET / HTTP/1.1\r\nHost: x\r\n\r\n")  # plain HTTP to the TLS port: no page, closed
        try:
            assert b"hi" not in plain.recv(65536)
        except ConnectionResetError:
            pass  # refused outright: no page either
        with socket.create_connection(server.bound(), timeout=30) as raw, \
                trusting(cert).wrap_socket(raw, server_hostname="127.0.0.1") as secure:
            secure.sendall(b"GET / HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")
            answer = b""
            while chunk := secure.recv(65536):
                answer += chunk
        assert answer.startswith(b"HTTP/1.1 200 ") and answer.endswith(b"\r\n\r\nhi")
        assert url_of(server).startswith("https://127.0.0.1:")
        silent.close()
        plain.close()
    finally:
        server.shutdown()
        server.server_close()


def test_a_kept_alive_connection_gets_each_page_without_waiting_for_a_delayed_ack() -> None:
    """The headers and the body are two writes: with Nagle's algorithm on, the body waited for the
    client's delayed ACK of the headers, 40 ms a request on a kept-alive connection (on Linux, never
    less). Without it a page on this computer takes well under a millisecond."""
    server, _ = _serving(LiveSite(lambda: {"index.html": b"<tr><td>x</td></tr>\n" * 1000}, lambda: 1, print))
    try:
        with socket.create_connection(server.bound(), timeout=30) as connection:
            times = []
            for _ in range(21):
                started = time.monotonic()
                connection.sendall(b"GET / HTTP/1.1\r\nHost: x\r\n\r\n")
                answer = b""
                while not answer.endswith(b"</td></tr>\n"):
                    answer += connection.recv(65536)
                times.append(time.monotonic() - started)
        assert sorted(times)[10] < 0.02, times
    finally:
        server.shutdown()
        server.server_close()


def test_what_the_tick_raises_stops_the_server_between_requests() -> None:
    ticks: list[float] = []
    stop = threading.Event()

    def tick() -> None:
        ticks.append(time.monotonic())
        if stop.is_set():
            raise KeyboardInterrupt

    server = open_server(LiveSite(lambda: {"index.html": b"hi"}, lambda: 1, print), "127.0.0.1", 0, print, tick=tick)
    ended: list[BaseException] = []

    def run() -> None:
        try:
            server.serve_forever()
        except BaseException as error:  # noqa: BLE001 - what ends it is the test's point
            ended.append(error)

    thread = threading.Thread(target=run, daemon=True)
    thread.start()
    try:
        _until(lambda: len(ticks) >= 2)
        stop.set()
        thread.join(10)
        assert not thread.is_alive() and len(ended) == 1 and isinstance(ended[0], KeyboardInterrupt)
    finally:
        server.server_close()
