"""``arbiter serve`` tried from a second process as a browser would (issue 19): it shows the
pages and nothing else, changes nothing, follows the folder, survives bad requests and stops on
Ctrl-C with exit 130; it serves one address's many slow sockets without shutting out another, gzips
a page for a browser that accepts it, and serves over TLS (issue 26).

It runs the ``arbiter`` script in a process of its own (``served.py``), serving ``arbiter
publish``'s site.
"""

from __future__ import annotations

import contextlib
import gzip
import http.client
import shutil
import signal
import socket
import ssl
import subprocess
import time
from collections.abc import Iterator
from pathlib import Path
from urllib.parse import urlsplit

import pytest

from arbiter_cli.cli.interrupt import INTERRUPT
from arbiter_cli.events.registry import site_pages
from arbiter_cli.render.site.sites import SiteOptions
from arbiter_cli.cli.serve import interrupted_meanwhile
from arbiter_cli.store.commits import COMMITS
from arbiter_cli.web.server import MAX_PER_CLIENT
from conftest import ROOT, snapshot
from web import served
from web.venue import self_signed, trusting


@pytest.fixture
def event(sample) -> Path:  # type: ignore[no-untyped-def]
    return sample("swiss32-in-progress")  # type: ignore[no-any-return]


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[served.Served]:
    """One server for the tests that only read (starting one takes a few seconds)."""
    folder = tmp_path_factory.mktemp("served") / "event"
    shutil.copytree(ROOT / "sample_events" / "swiss32-in-progress", folder)
    running = served.start(folder)
    yield running
    code, said = running.stop()
    assert code == 130 and "Traceback" not in said, said


def _ask(url: str, method: str, target: str, headers: dict[str, str] | None = None, *, source: str | None = None,
         timeout: float = 30) -> http.client.HTTPResponse:
    where = urlsplit(url)
    connection = http.client.HTTPConnection(where.hostname, where.port, timeout=timeout,
                                            source_address=(source, 0) if source else None)
    connection.request(method, target, headers=headers or {})
    response = connection.getresponse()
    response.body = response.read()  # type: ignore[attr-defined]
    connection.close()
    return response


def _raw(url: str, data: bytes, *, close: bool = True) -> bytes:
    """What the server answers to these bytes sent on a socket of their own."""
    where = urlsplit(url)
    with socket.create_connection((where.hostname, where.port), timeout=30) as connection:
        connection.sendall(data)
        if close:
            connection.shutdown(socket.SHUT_WR)
        answer = b""
        while chunk := connection.recv(65536):
            answer += chunk
            if not close and b"\r\n\r\n" in answer:
                break
    return answer


def _status(answer: bytes) -> int:
    return int(answer.split(b" ", 2)[1])


def test_serve_answers_get_and_head_with_the_pages_and_their_content_types(server: served.Served) -> None:
    index = _ask(server.url, "GET", "/")
    assert index.status == 200 and index.getheader("Content-Type") == "text/html; charset=utf-8"
    assert index.body == _ask(server.url, "GET", "/index.html").body and index.body.startswith(b"<!DOCTYPE html>")
    css = _ask(server.url, "GET", "/style.css?v=1")
    assert css.status == 200 and css.getheader("Content-Type") == "text/css; charset=utf-8"
    head = _ask(server.url, "HEAD", "/players/7.html")
    assert head.status == 200 and head.body == b""
    assert int(head.getheader("Content-Length")) == len(_ask(server.url, "GET", "/players/7.html").body)
    assert _ask(server.url, "GET", "/players/99.html").status == 404


@pytest.mark.parametrize("name", sorted(p.name for p in (ROOT / "sample_events").iterdir() if p.is_dir()))
def test_serve_answers_every_page_with_the_bytes_publish_writes(name: str, tmp_path: Path) -> None:
    """Every page of every sample, asked of ``arbiter serve``, is the page ``arbiter publish`` writes
    with the same hall screen's refresh (serve's is 10 s, publish's 30 s), byte for byte: the browser
    tests read what a page shows on the published site only (tests/browser/test_site_in_browser.py)."""
    folder = Path(shutil.copytree(ROOT / "sample_events" / name, tmp_path / name))
    pages = site_pages(folder, SiteOptions(refresh=10))
    running = served.start(folder)
    try:
        assert pages, name
        differ = [path for path, body in pages.items() if _ask(running.url, "GET", "/" + path).body != body]
        assert not differ, f"{len(differ)} of {len(pages)} pages of {name} differ from publish's: {differ[:5]}"
    finally:
        code, said = running.stop()
    assert code == 130 and "Traceback" not in said, said


def test_serve_answers_an_unchanged_page_with_304_to_a_browser_that_has_it(server: served.Served) -> None:
    first = _ask(server.url, "GET", "/standings.html")
    again = _ask(server.url, "GET", "/standings.html", {"If-None-Match": first.getheader("ETag")})
    assert again.status == 304 and again.body == b""


def test_serve_shows_the_folder_as_it_changes(event: Path) -> None:
    server = served.start(event)
    before = _ask(server.url, "GET", "/standings.html")
    entered = subprocess.run([str(served.ARBITER), "-d", str(event), "result", "5", "2", "1-0"],
                             capture_output=True)
    assert entered.returncode == 0, entered.stderr
    # the pages are made again in their own thread: a request waits for that at most a second,
    # so on a loaded machine the first may still get the old page; the new one comes soon after
    deadline = time.monotonic() + 30
    while (after := _ask(server.url, "GET", "/standings.html",
                         {"If-None-Match": before.getheader("ETag")})).status == 304:
        assert time.monotonic() < deadline
        time.sleep(0.1)
    assert after.status == 200 and after.body != before.body
    assert server.stop()[0] == 130


def test_serve_never_writes_to_the_folder(event: Path) -> None:
    """Nothing changes, nothing appears: not even the lock file each read makes when the folder has
    none (a sample event has none), removed when its lock is let go."""
    before = snapshot(event)
    names = sorted(p.name for p in event.rglob("*") if p.name != ".arbiter.lock")
    running = served.start(event)
    for target in ("/", "/standings.html", "/players/1.html", "/../tournament.toml", "/x"):
        _ask(running.url, "GET", target)
    for method in ("POST", "PUT", "DELETE", "PATCH"):
        _ask(running.url, method, "/tournament.toml")
    running.stop()
    assert snapshot(event) == before and sorted(p.name for p in event.rglob("*") if p.name != ".arbiter.lock") == names
    assert not (event / ".arbiter.lock").exists()  # each read's lock file removed by the last to let it go


@pytest.mark.parametrize("method", ["POST", "PUT", "DELETE", "PATCH", "OPTIONS", "TRACE", "CONNECT", "PROPFIND",
                                    "FOO"])
def test_serve_refuses_every_method_but_get_and_head_with_405(server: served.Served, method: str) -> None:
    answer = _raw(server.url, f"{method} /index.html HTTP/1.1\r\nHost: x\r\nContent-Length: 3\r\n\r\nabc".encode())
    assert _status(answer) == 405 and b"\r\nAllow: GET, HEAD\r\n" in answer


#: Requests for what is not a page: the folder's files, files elsewhere, and every way of encoding a climb.
OUTSIDE = ["/tournament.toml", "/players.csv", "/rounds/01.csv", "/.arbiter.digests", "/journal.csv",
           "/../tournament.toml", "/players/../../tournament.toml", "/..%2ftournament.toml", "/..%2Ftournament.toml",
           "/%2e%2e/tournament.toml", "/%2E%2E/%2e%2e/etc/passwd", "/%252e%252e/etc/passwd", "/%25%32%65%25%32%65/x",
           "/..\\tournament.toml", "/%5c..%5ctournament.toml", "/index.html%00.css", "/index.html%00",
           "/%c0%ae%c0%ae/etc/passwd", "/%ff", "//etc/passwd", "/./index.html", "/players/./7.html",
           "/players//7.html", "http://localhost/../etc/passwd", "*", "/etc/passwd", "/proc/self/environ",
           "/players/%2e%2e/%2e%2e/tournament.toml", "/%2e%2e%5c%2e%2e%5ctournament.toml"]


@pytest.mark.parametrize("target", OUTSIDE)
def test_serve_refuses_paths_outside_its_pages(server: served.Served, target: str) -> None:
    answer = _raw(server.url, f"GET {target} HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n".encode())
    assert _status(answer) in (400, 404), answer[:200]
    assert b"root:" not in answer and b"Ege Open" not in answer  # neither /etc/passwd nor the folder's files


@pytest.mark.parametrize("request_bytes", [
    b"\r\n\r\n", b"GARBAGE\r\n\r\n", b"GET\r\n\r\n", b"GET / HTTP/9.9\r\n\r\n", b"GET / FTP/1.0\r\n\r\n",
    b"GET /" + b"a" * 70000 + b" HTTP/1.1\r\n\r\n",
    b"GET / HTTP/1.1\r\n" + b"".join(b"X-%d: y\r\n" % i for i in range(101)) + b"\r\n",
    b"GET / HTTP/1.1\r\nX-Big: " + b"y" * 70000 + b"\r\n\r\n",
    b"GET / HTTP/1.1\r\nno colon here\r\n\r\n", bytes(range(256)) * 4, b"\x16\x03\x01\x02\x00\x01\x00\x01\xfc\x03\x03",
    b"GET /index.html HTTP/1.1\r\nHost: x\r\nContent-Length: -1\r\n\r\n", b"GET / HTTP/1.1\r\nHost: x",
], ids=["empty", "garbage", "no-path", "http-9.9", "ftp", "long-line", "101-headers", "huge-header", "no-colon",
        "binary", "tls-hello", "bad-length", "half-request"])
def test_serve_survives_malformed_requests(server: served.Served, request_bytes: bytes) -> None:
    answer = _raw(server.url, request_bytes)  # a lenient reading (a header without a colon) may serve the page
    assert answer == b"" or (answer.startswith(b"HTTP/1.") and (_status(answer) == 200 or 400 <= _status(answer) < 600)), \
        answer[:200]
    assert _ask(server.url, "GET", "/").status == 200  # still serving
    assert server.process.poll() is None


def test_300_slow_clients_from_one_address_leave_a_second_address_served(server: served.Served) -> None:
    """Issue 26: the cap on connections was the whole server's, so 300 slow sockets from one address
    shut everyone out for 20 s. Now one address holds at most MAX_PER_CLIENT of them (the others are
    closed at once), and a phone at another address (127.0.0.2 here) is served at once, while the
    slow sockets are still held open."""
    where = urlsplit(server.url)
    slow: list[socket.socket] = []
    try:
        for _ in range(300):
            connection = socket.create_connection((where.hostname, where.port), timeout=30)
            slow.append(connection)
            with contextlib.suppress(OSError):  # one the server closed already may refuse the bytes
                connection.sendall(b"GET / HTTP/1.1\r\nHost: x\r\nX-Slow: ")  # and nothing more for now
        started = time.monotonic()
        answer = _ask(server.url, "GET", "/standings.html", source="127.0.0.2", timeout=5)
        assert answer.status == 200 and answer.body.startswith(b"<!DOCTYPE html>")
        assert time.monotonic() - started < 5  # long before the slow ones time out (10 s silent, 20 s a request)
        held = [connection for connection in slow if _still_open(connection)]
        assert 0 < len(held) <= MAX_PER_CLIENT and len(slow) - len(held) >= 300 - MAX_PER_CLIENT
    finally:
        for connection in slow:
            connection.close()
    # the first address is served again once the server has seen its sockets close
    deadline = time.monotonic() + 15
    while True:
        try:
            assert _ask(server.url, "GET", "/").status == 200
            break
        except ConnectionError:
            assert time.monotonic() < deadline
            time.sleep(0.05)


def _still_open(connection: socket.socket) -> bool:
    """Whether the server keeps this socket open (nothing to read yet), rather than having closed it."""
    connection.setblocking(False)
    try:
        return not connection.recv(1) == b""
    except BlockingIOError:
        return True
    except OSError:
        return False


def test_serve_keeps_a_connection_alive_for_the_next_request(server: served.Served) -> None:
    where = urlsplit(server.url)
    connection = http.client.HTTPConnection(where.hostname, where.port, timeout=30)
    for target in ("/", "/style.css", "/players/1.html", "/nothing", "/standings.html"):
        connection.request("GET", target)
        response = connection.getresponse()
        response.read()
        assert response.status == (404 if target == "/nothing" else 200)
    connection.close()


def test_ctrl_c_stops_serve_with_exit_130_and_one_line_that_is_no_error(event: Path) -> None:
    """Ctrl-C is how serve stops (its first line says so): the trial of issue 29 found it reported as
    "arbiter: error: interrupted"."""
    running = served.start(event)
    assert _ask(running.url, "GET", "/").status == 200
    code, said = running.stop()
    assert code == 130 and "Traceback" not in said and "error" not in said
    assert said.splitlines()[-1] == "arbiter: stopped serving (Ctrl-C)"


def test_sigterm_stops_serve_as_ctrl_c_does_ending_by_the_signal(event: Path) -> None:
    """A service manager stops serve with SIGTERM: the same one line, no error, and the process ends by
    the signal, which the manager counts as a clean stop."""
    running = served.start(event)
    assert _ask(running.url, "GET", "/").status == 200
    code, said = running.stop(signal.SIGTERM)
    assert code == -signal.SIGTERM and "Traceback" not in said and "error" not in said
    assert said.splitlines()[-1] == "arbiter: stopped serving (SIGTERM)"


def test_serve_listening_on_every_address_says_so_on_stderr(event: Path) -> None:
    running = served.start(event, "--host", "0.0.0.0")
    code, said = running.stop()
    assert said.startswith("warning: listening on 0.0.0.0: every device") and code == 130


def test_serve_listens_on_this_computer_only_by_default(server: served.Served) -> None:
    assert urlsplit(server.url).hostname == "127.0.0.1" and "warning" not in "".join(server.said)


def test_serve_on_a_port_in_use_fails_with_a_clear_error(server: served.Served, event: Path) -> None:
    port = str(urlsplit(server.url).port)
    second = subprocess.run(served.command(event, "--port", port), capture_output=True, timeout=120)
    assert second.returncode == 2
    assert second.stderr.decode().strip().startswith(f"arbiter: error: field '--port': cannot listen on 127.0.0.1 port {port}")


def test_serve_of_no_folder_fails_before_it_listens(tmp_path: Path) -> None:
    missing = subprocess.run(served.command(tmp_path / "nothing", "--port", "0"), capture_output=True, timeout=120)
    assert missing.returncode == 2 and b"no such folder" in missing.stderr


def test_serve_gzips_a_page_for_a_browser_that_accepts_it(server: served.Served) -> None:
    """Issue 26: a phone on the venue's Wi-Fi gets the page compressed; the bytes are the page's, and
    the compressed page is a representation of its own (its ETag, Vary: Accept-Encoding)."""
    plain = _ask(server.url, "GET", "/standings.html")
    packed = _ask(server.url, "GET", "/standings.html", {"Accept-Encoding": "gzip, deflate, br"})
    assert packed.status == 200 and packed.getheader("Content-Encoding") == "gzip"
    assert gzip.decompress(packed.body) == plain.body and len(packed.body) < len(plain.body) / 3
    assert packed.getheader("Vary") == plain.getheader("Vary") == "Accept-Encoding"
    assert plain.getheader("Content-Encoding") is None and packed.getheader("ETag") != plain.getheader("ETag")
    head = _ask(server.url, "HEAD", "/standings.html", {"Accept-Encoding": "gzip"})
    assert head.body == b"" and int(head.getheader("Content-Length")) == len(packed.body)
    again = _ask(server.url, "GET", "/standings.html", {"Accept-Encoding": "gzip", "If-None-Match": packed.getheader("ETag")})
    assert again.status == 304
    crossed = _ask(server.url, "GET", "/standings.html", {"If-None-Match": packed.getheader("ETag")})
    assert crossed.status == 200 and crossed.body == plain.body  # the gzipped tag is no tag of the plain page
    refused = _ask(server.url, "GET", "/standings.html", {"Accept-Encoding": "gzip;q=0, br"})
    assert refused.getheader("Content-Encoding") is None and refused.body == plain.body


def test_serve_over_tls_with_a_self_signed_certificate(event: Path, tmp_path: Path) -> None:
    cert, key = self_signed(tmp_path)
    running = served.start(event, "--tls-cert", str(cert), "--tls-key", str(key))
    try:
        where = urlsplit(running.url)
        assert where.scheme == "https"
        connection = http.client.HTTPSConnection(where.hostname, where.port, timeout=30, context=trusting(cert))
        connection.request("GET", "/standings.html")
        answer = connection.getresponse()
        assert answer.status == 200 and answer.read().startswith(b"<!DOCTYPE html>")
        connection.close()
        with pytest.raises(ssl.SSLCertVerificationError):  # a browser that does not trust it is told so
            untrusting = http.client.HTTPSConnection(where.hostname, where.port, timeout=30,
                                                     context=ssl.create_default_context())
            untrusting.request("GET", "/")
    finally:
        code, said = running.stop()
    assert code == 130 and "Traceback" not in said


@pytest.mark.parametrize(("given", "named"), [("--tls-cert", "--tls-key"), ("--tls-key", "--tls-cert")])
def test_tls_takes_both_the_certificate_and_its_key(arbiter, event: Path, tmp_path: Path, given: str,  # type: ignore[no-untyped-def]
                                                    named: str) -> None:
    cert, key = self_signed(tmp_path)
    result = arbiter("-d", event, "serve", "--port", "0", given, cert if given == "--tls-cert" else key)
    assert result.code == 2
    assert result.err.strip() == f"arbiter: error: field '{named}': missing: HTTPS takes both --tls-cert and --tls-key"


@pytest.mark.parametrize("fault", ["missing-cert", "junk-cert", "junk-key", "another-key"])
def test_a_bad_certificate_or_key_is_one_clear_line_naming_its_option(arbiter, event: Path, tmp_path: Path,  # type: ignore[no-untyped-def]
                                                                      fault: str) -> None:
    cert, key = self_signed(tmp_path)
    (tmp_path / "junk.pem").write_text("not a pem\n")
    other = tmp_path / "other"
    other.mkdir()
    _, other_key = self_signed(other)
    cert_given, key_given, named = {
        "missing-cert": (tmp_path / "nothing.pem", key, "--tls-cert"), "junk-cert": (tmp_path / "junk.pem", key, "--tls-cert"),
        "junk-key": (cert, tmp_path / "junk.pem", "--tls-key"), "another-key": (cert, other_key, "--tls-key")}[fault]
    before = snapshot(event)
    result = arbiter("-d", event, "serve", "--port", "0", "--tls-cert", cert_given, "--tls-key", key_given)
    assert result.code == 2 and len(result.err.strip().splitlines()) == 1
    assert result.err.startswith(f"arbiter: error: field '{named}': ") and snapshot(event) == before


def test_a_ctrl_c_held_during_a_save_stops_serve_once_the_save_is_done(monkeypatch: pytest.MonkeyPatch) -> None:
    """A Ctrl-C that comes while a save from the browser is past its commit point waits for it
    (store/commits.py); the server's tick then stops it, rather than serving on."""
    monkeypatch.setattr(INTERRUPT, "seen", False)
    monkeypatch.setattr(COMMITS, "holding", False)
    interrupted_meanwhile()  # no Ctrl-C: serving on
    monkeypatch.setattr(INTERRUPT, "seen", True)
    monkeypatch.setattr(COMMITS, "holding", True)
    interrupted_meanwhile()  # a save is being committed: it finishes first
    monkeypatch.setattr(COMMITS, "holding", False)
    with pytest.raises(KeyboardInterrupt):
        interrupted_meanwhile()
