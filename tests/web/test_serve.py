"""``arbiter serve`` tried from a second process as a browser would (issue 19): it shows the
pages and nothing else, changes nothing, follows the folder, survives bad requests and stops on
Ctrl-C with exit 130.

It runs the ``arbiter`` script in a process of its own (``served.py``), serving ``arbiter
publish``'s site.
"""

from __future__ import annotations

import http.client
import shutil
import socket
import subprocess
import time
from collections.abc import Iterator
from pathlib import Path
from urllib.parse import urlsplit

import pytest

from conftest import ROOT, snapshot
from web import served


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


def _ask(url: str, method: str, target: str, headers: dict[str, str] | None = None) -> http.client.HTTPResponse:
    where = urlsplit(url)
    connection = http.client.HTTPConnection(where.hostname, where.port, timeout=30)
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
    """Nothing changes, nothing appears: only the empty lock file that every reading command's shared
    lock creates when the folder has none yet (a sample event has none)."""
    before = snapshot(event)
    names = sorted(p.name for p in event.rglob("*") if p.name != ".arbiter.lock")
    running = served.start(event)
    for target in ("/", "/standings.html", "/players/1.html", "/../tournament.toml", "/x"):
        _ask(running.url, "GET", target)
    for method in ("POST", "PUT", "DELETE", "PATCH"):
        _ask(running.url, method, "/tournament.toml")
    running.stop()
    assert snapshot(event) == before and sorted(p.name for p in event.rglob("*") if p.name != ".arbiter.lock") == names
    assert not (event / ".arbiter.lock").exists() or (event / ".arbiter.lock").read_bytes() == b""


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


def test_serve_answers_while_slow_clients_hold_connections_open(server: served.Served) -> None:
    where = urlsplit(server.url)
    slow = [socket.create_connection((where.hostname, where.port), timeout=30) for _ in range(40)]
    try:
        for connection in slow:
            connection.sendall(b"GET / HTTP/1.1\r\nHost: x\r\nX-Slow: ")  # and nothing more for now
        assert _ask(server.url, "GET", "/standings.html").status == 200
    finally:
        for connection in slow:
            connection.close()
    assert _ask(server.url, "GET", "/").status == 200


def test_serve_keeps_a_connection_alive_for_the_next_request(server: served.Served) -> None:
    where = urlsplit(server.url)
    connection = http.client.HTTPConnection(where.hostname, where.port, timeout=30)
    for target in ("/", "/style.css", "/players/1.html", "/nothing", "/standings.html"):
        connection.request("GET", target)
        response = connection.getresponse()
        response.read()
        assert response.status == (404 if target == "/nothing" else 200)
    connection.close()


def test_ctrl_c_stops_serve_with_exit_130_and_one_line(event: Path) -> None:
    running = served.start(event)
    assert _ask(running.url, "GET", "/").status == 200
    code, said = running.stop()
    assert code == 130 and "Traceback" not in said
    assert said.splitlines()[-1] == "arbiter: error: interrupted"


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
