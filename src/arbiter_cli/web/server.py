"""The web server of ``arbiter serve`` (issue 19; result entry, limits per client, gzip and TLS:
issue 26).

The pages are a mapping of relative POSIX paths (``index.html``, ``players/7.html``)
to bytes, made by a page source, a callable. :class:`LiveSite` makes them again when
the folder changes, as a cheap look at its files says. The server answers GET and
HEAD with those pages: it never opens a file, so no request, however encoded, reaches
anything outside them. A request path with ``..``, an encoded slash, backslash or NUL, a
double encoding or a raw control byte is refused (400) before it is even looked up; an
unknown page is 404. A page is gzipped for a client that accepts it (once per version of
the page). With result entry on (a desk and a gate), its routes
(:mod:`arbiter_cli.web.entry`) are the only ones that take a POST, with a body of at most
:data:`MAX_BODY` bytes; every other method is 405. A connection that sends its request too
slowly, or too much of it, is closed; one client address holds at most
:data:`MAX_PER_CLIENT` connections; one bad request never stops the server.
"""

from __future__ import annotations

import contextlib
import gzip
import hashlib
import io
import ipaddress
import re
import socket
import socketserver
import ssl
import sys
import threading
import time
from collections.abc import Callable, Hashable, Iterator, Mapping
from dataclasses import dataclass
from http import HTTPStatus
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any
from urllib.parse import unquote

from arbiter_cli.core.errors import BadArgument, DomainError
from arbiter_cli.core.venue import Desk, Gate
from arbiter_cli.web.entry import HEADERS, Entry, Request

__all__ = ["Page", "LiveSite", "PageSource", "BadTarget", "page_name", "content_type", "accepts_gzip", "open_server",
           "url_of"]

#: A site's pages: relative POSIX path -> bytes.
PageSource = Callable[[], Mapping[str, bytes]]

#: Seconds a connection may stay silent, and may take to send one whole request (its line and headers).
IDLE_SECONDS = 10.0
REQUEST_SECONDS = 20.0
#: Connections served at once; more are closed at once (a venue has a few hundred phones at most).
MAX_CONNECTIONS = 256
#: Connections served at once to one client address (a browser opens 6 to a site): one address
#: holding many slow sockets is refused beyond these, and every other address is still served.
MAX_PER_CLIENT = 16
#: The largest request body read (a form of result entry; a round of 500 boards is about 20 KiB).
MAX_BODY = 64 * 1024
#: The types worth compressing: text, and the markup of an SVG.
_COMPRESSIBLE = ("text/", "image/svg+xml", "application/json", "image/x-icon")
#: A body shorter than this is sent as it is: gzip's frame would cost more than it saves.
_GZIP_FROM = 256

_TYPES = {
    "html": "text/html; charset=utf-8", "css": "text/css; charset=utf-8", "svg": "image/svg+xml",
    "png": "image/png", "jpg": "image/jpeg", "ico": "image/x-icon", "js": "text/javascript; charset=utf-8",
    "json": "application/json", "csv": "text/csv; charset=utf-8", "txt": "text/plain; charset=utf-8",
    "trf": "text/plain; charset=utf-8", "pdf": "application/pdf", "woff2": "font/woff2",
}

#: The headers of every page: no script runs (the site needs none), nothing is framed or sniffed.
_SAFETY = (
    ("X-Content-Type-Options", "nosniff"),
    ("Referrer-Policy", "no-referrer"),
    ("Content-Security-Policy", "default-src 'self'; img-src 'self' data:; style-src 'self' 'unsafe-inline'; "
                                "script-src 'none'; object-src 'none'; base-uri 'none'; form-action 'none'; "
                                "frame-ancestors 'none'"),
)


def content_type(name: str) -> str:
    """The Content-Type of a page, by the end of its name."""
    return _TYPES.get(name.rpartition(".")[2].lower(), "application/octet-stream")


class Page:
    """A page as it is served: its bytes, type and entity tag, and its gzipped bytes, made once at
    the first request that accepts them and kept with this version of the page."""

    __slots__ = ("body", "type", "etag", "_gzipped", "_packed")

    def __init__(self, body: bytes, type: str, etag: str) -> None:  # noqa: A002 - the header's name
        self.body, self.type, self.etag = body, type, etag
        self._gzipped: tuple[bytes, str] | None = None
        self._packed = False  # whether _gzipped was made (None then: not worth it)

    @classmethod
    def of(cls, name: str, body: bytes) -> Page:
        return cls(body, content_type(name), '"' + hashlib.sha256(body).hexdigest()[:32] + '"')

    @property
    def compressible(self) -> bool:
        """Whether this page has a gzipped variant (then its answers vary with Accept-Encoding)."""
        return self.type.startswith(_COMPRESSIBLE) and len(self.body) >= _GZIP_FROM

    def gzipped(self) -> tuple[bytes, str] | None:
        """The body gzipped and its own entity tag (RFC 9110 8.8.3: a representation's tag), or None
        when it is not worth compressing. Made once per version of the page: two requests that race
        make the same bytes (no time in the header), and either is kept."""
        if not self._packed:
            if self.compressible:
                packed = gzip.compress(self.body, compresslevel=6, mtime=0)
                if len(packed) < len(self.body):
                    self._gzipped = (packed, self.etag[:-1] + '-gzip"')
            self._packed = True
        return self._gzipped


class BadTarget(ValueError):
    """A request path that names no page by construction (400)."""


_ENCODED_SEPARATOR = re.compile(r"%(2f|5c|00|25)", re.IGNORECASE)
_BARE_PERCENT = re.compile(r"%(?![0-9A-Fa-f]{2})")


def page_name(target: str) -> str:
    """The page a request target names: ``/`` is ``index.html``, ``/rounds/`` is ``rounds/index.html``.

    Raises :class:`BadTarget` for a target that is not a plain path of pages: not
    starting with ``/``; holding a raw control, non-ASCII or backslash byte; an encoded
    ``/``, ``\\``, NUL or ``%`` (a double encoding), or a ``%`` that encodes nothing; an empty, ``.`` or ``..`` segment
    once decoded; or an encoding that is not UTF-8.

    >>> page_name("/"), page_name("/players/7.html?x=1"), page_name("/rounds/")
    ('index.html', 'players/7.html', 'rounds/index.html')
    >>> page_name("/%2e%2e/etc/passwd")
    Traceback (most recent call last):
    ...
    arbiter_cli.web.server.BadTarget: a '.' or '..' segment
    """
    path = target.partition("?")[0].partition("#")[0]
    if not path.startswith("/"):
        raise BadTarget("not a path")
    if any(not "\x21" <= char <= "\x7e" or char == "\\" for char in path):
        raise BadTarget("a raw control, space, non-ASCII or backslash character")
    if _ENCODED_SEPARATOR.search(path):
        raise BadTarget("an encoded '/', '\\', NUL or '%'")
    if _BARE_PERCENT.search(path):
        raise BadTarget("a '%' that encodes nothing")
    try:
        decoded = unquote(path, errors="strict")
    except UnicodeDecodeError:
        raise BadTarget("an encoding that is not UTF-8") from None
    if any(char < "\x20" or char == "\x7f" for char in decoded):
        raise BadTarget("an encoded control character")
    segments = decoded[1:].split("/")
    if any(segment in (".", "..") for segment in segments):
        raise BadTarget("a '.' or '..' segment")
    if "" in segments[:-1]:
        raise BadTarget("an empty segment")
    return "/".join(segments[:-1] + [segments[-1] or "index.html"])


class _Pages(Mapping[str, Page]):
    """The pages of one reading of the folder, each made when first asked for (issue 29: a big event's
    1,500 pages took seconds before the first answer; a browser asks for a few), one at a time. A page
    that fails to be made (a bug in a page) is the one of the reading before, if it was made, and
    ``warn`` says why; else the request fails alone."""

    def __init__(self, bodies: Mapping[str, bytes], before: Mapping[str, Page], warn: Callable[[str], None]) -> None:
        self._bodies = bodies
        self._before = before
        self._warn = warn
        self._made: dict[str, Page] = {}
        self._lock = threading.Lock()

    def __getitem__(self, name: str) -> Page:
        page = self._made.get(name)
        if page is not None:
            return page
        with self._lock:
            page = self._made.get(name)
            if page is None:
                try:
                    page = Page.of(name, self._bodies[name])
                except KeyError:
                    raise
                except Exception as error:  # noqa: BLE001 - a bug in a page must not stop the server
                    page = self._before.get(name)
                    if page is None:
                        raise
                    self._warn(f"internal error while making {name}, it stays as it was: "
                               f"{type(error).__name__}: {error}")
                self._made[name] = page
            return page

    def __contains__(self, name: object) -> bool:
        return name in self._bodies

    def __iter__(self) -> Iterator[str]:
        return iter(self._bodies)

    def __len__(self) -> int:
        return len(self._bodies)

    def made(self) -> dict[str, Page]:
        """The pages made so far (what a failing page of the next reading falls back on)."""
        with self._lock:
            return {**self._before, **self._made}


class LiveSite:
    """The pages of a page source, made again whenever the folder's fingerprint changes.

    The pages are made again in a thread of their own, so that no request waits for a whole
    rebuild of a big event: a request that comes while one runs waits for it up to ``patience``
    seconds (``None``: until it is done), then gets the pages as they were. A change made while
    the pages are being made is seen at the end, and they are made once more.

    A source that fails (a folder being edited by hand, say) leaves the pages as they
    were, and ``warn`` says why; it is tried again when the folder changes again.
    """

    def __init__(self, source: PageSource, fingerprint: Callable[[], Hashable], warn: Callable[[str], None],
                 patience: float | None = 1.0) -> None:
        self._source = source
        self._fingerprint = fingerprint
        self._warn = warn
        self._patience = patience
        self._lock = threading.Lock()
        self._made = threading.Condition(self._lock)
        self._seen: Hashable = None  # the fingerprint last built from (or being built from), or last failed on
        self._pages: _Pages | None = None
        self._building = False
        self._rebuilds = 0  # rebuilds done (a failed one included)

    def build(self) -> None:
        """Make the pages now; a domain error of the source is raised (the folder does not read)."""
        with self._lock:
            seen = self._fingerprint()
            self._pages = self._make()
            self._seen = seen

    def pages(self) -> Mapping[str, Page] | None:
        """The current pages (``None`` if none could be made yet), made again first if the folder
        changed and that takes at most ``patience`` seconds."""
        with self._lock:
            if not self._building:
                seen = self._fingerprint()
                if seen != self._seen:
                    self._seen, self._building = seen, True
                    threading.Thread(target=self._rebuild, name="arbiter-pages", daemon=True).start()
            if self._building:
                done = self._rebuilds + 1
                self._made.wait_for(lambda: self._rebuilds >= done, timeout=self._patience)
            return self._pages

    def _make(self) -> _Pages:
        """The folder read again; its pages are made as they are asked for (:class:`_Pages`)."""
        before = self._pages.made() if self._pages is not None else {}
        return _Pages(self._source(), before, self._warn)

    def _rebuild(self) -> None:
        """Make the pages until they are of the folder as it is now (run in its own thread)."""
        while True:
            pages: _Pages | None = None
            try:
                pages = self._make()
            except DomainError as error:
                self._warn(f"the folder does not read now, the pages stay as they were: {error}")
            except Exception as error:  # noqa: BLE001 - a bug in a page must not stop the server
                self._warn(f"internal error while making the pages, they stay as they were: "
                           f"{type(error).__name__}: {error}")
            with self._lock:
                if pages is not None:
                    self._pages = pages
                self._rebuilds += 1
                self._made.notify_all()
                try:
                    seen = self._fingerprint()
                except Exception:  # noqa: BLE001 - the next request looks again
                    seen = self._seen
                if seen == self._seen:
                    self._building = False
                    return
                self._seen = seen


class _Clock(io.RawIOBase):
    """The connection's bytes, with a deadline for the whole request besides the idle timeout:
    a client sending a byte now and then (slowloris) is cut off all the same."""

    def __init__(self, connection: socket.socket, idle: float) -> None:
        self.connection = connection
        self.idle = idle
        self.until = time.monotonic() + REQUEST_SECONDS

    def readable(self) -> bool:
        return True

    def readinto(self, buffer: Any) -> int:
        left = self.until - time.monotonic()
        if left <= 0:
            raise TimeoutError("the request took too long")
        self.connection.settimeout(min(self.idle, left))
        return self.connection.recv_into(buffer)


class _Handler(BaseHTTPRequestHandler):
    """GET and HEAD of the site's pages; with result entry on, its routes too (POST only there);
    every other method is 405."""

    server: _Server
    protocol_version = "HTTP/1.1"
    default_request_version = "HTTP/1.0"  # even a bad request line gets a status line (HTTP/0.9 had none)
    server_version = "arbiter"
    timeout = IDLE_SECONDS
    #: The headers and the body go out as two writes: with Nagle's algorithm, the body waited for the
    #: client's delayed ACK of the headers, 40 ms a request on a kept-alive connection.
    disable_nagle_algorithm = True

    def setup(self) -> None:
        super().setup()
        self._clock = _Clock(self.connection, IDLE_SECONDS)
        self.rfile = io.BufferedReader(self._clock)

    def handle_one_request(self) -> None:
        """One request, as the standard library reads it (its limits: a 64 KiB request line,
        100 headers of 64 KiB), dispatched here to result entry, GET/HEAD of a page, or 405."""
        self._clock.until = time.monotonic() + REQUEST_SECONDS
        try:
            self.raw_requestline = self.rfile.readline(65537)
            if len(self.raw_requestline) > 65536:
                self.requestline, self.request_version, self.command = "", "", ""
                self.send_error(HTTPStatus.REQUEST_URI_TOO_LONG)
                return
            if not self.raw_requestline:
                self.close_connection = True
                return
            if not self.parse_request():  # it answered the error itself
                return
            entry = self.server.entry
            if entry is not None and entry.allows(self.path) is not None:
                self._enter(entry)
                return
            if self.headers.get("Transfer-Encoding") or self.headers.get("Content-Length", "0").strip() != "0":
                self.close_connection = True  # a body we do not read: the connection cannot go on
            if self.command in ("GET", "HEAD"):
                self._answer()
            else:
                self._refuse(HTTPStatus.METHOD_NOT_ALLOWED, "this server only shows pages: GET or HEAD")
            self.wfile.flush()
        except (TimeoutError, OSError):
            self.close_connection = True

    def _enter(self, entry: Entry) -> None:
        """A request of result entry: its body read (a POST's, within :data:`MAX_BODY`), then answered."""
        body = b""
        if self.command == "POST":
            read = self._body()
            if read is None:
                return
            body = read
        elif self.headers.get("Transfer-Encoding") or self.headers.get("Content-Length", "0").strip() != "0":
            self.close_connection = True
        headers: dict[str, str] = {}
        for name, value in self.headers.items():
            headers.setdefault(name.lower(), value)
        answer = entry.answer(Request(self.command, self.path, headers, str(self.client_address[0]),
                                      self.server.tls is not None, body))
        self.send_response(answer.status)
        for name, value in (*HEADERS, *answer.headers):
            self.send_header(name, value)
        if self.close_connection:
            self.send_header("Connection", "close")
        self.send_header("Content-Length", str(len(answer.body)))
        self.end_headers()
        if self.command != "HEAD":
            self.wfile.write(answer.body)
        self.wfile.flush()

    def _body(self) -> bytes | None:
        """A POST's body: its Content-Length is required (411), at most :data:`MAX_BODY` (413); None
        when it was refused (the connection then closes: the body is not read)."""
        lengths = self.headers.get_all("Content-Length") or []
        if self.headers.get("Transfer-Encoding") or not lengths:
            self.close_connection = True
            self._refuse(HTTPStatus.LENGTH_REQUIRED, "a form is sent with its Content-Length")
            return None
        text = lengths[0].strip()
        if len(set(lengths)) > 1 or not text.isdigit() or not text.isascii():
            self.close_connection = True
            self._refuse(HTTPStatus.BAD_REQUEST, "not a Content-Length")
            return None
        # a length of thousands of digits is too large, not an int() that the standard library refuses
        digits = text.lstrip("0") or "0"
        length = int(digits) if len(digits) <= len(str(MAX_BODY)) else MAX_BODY + 1
        if length > MAX_BODY:
            self.close_connection = True
            self._refuse(HTTPStatus.REQUEST_ENTITY_TOO_LARGE, f"a form of at most {MAX_BODY} bytes")
            return None
        body = self.rfile.read(length)
        if len(body) < length:
            self.close_connection = True  # the client went away
            return None
        return body

    def _answer(self) -> None:
        try:
            name = page_name(self.path)
        except BadTarget as error:
            self._refuse(HTTPStatus.BAD_REQUEST, f"not a page: {error}")
            return
        pages = self.server.site.pages()
        if pages is None:
            self._refuse(HTTPStatus.SERVICE_UNAVAILABLE, "the folder does not read now")
            return
        page = pages.get(name)
        if page is None:
            self._refuse(HTTPStatus.NOT_FOUND, "no such page")
            return
        packed = page.gzipped() if accepts_gzip(self.headers.get("Accept-Encoding", "")) else None
        body, etag = packed or (page.body, page.etag)
        fresh = etag in (tag.strip() for tag in self.headers.get("If-None-Match", "").split(","))
        self.send_response(HTTPStatus.NOT_MODIFIED if fresh else HTTPStatus.OK)
        self.send_header("Content-Type", page.type)
        self.send_header("ETag", etag)
        self.send_header("Cache-Control", "no-cache")  # a live view: the browser asks again each time
        if page.compressible:
            self.send_header("Vary", "Accept-Encoding")
        if packed:
            self.send_header("Content-Encoding", "gzip")
        for header, value in _SAFETY:
            self.send_header(header, value)
        if fresh:
            self.end_headers()
            return
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        if self.command == "GET":
            self.wfile.write(body)

    def _refuse(self, status: HTTPStatus, why: str) -> None:
        body = f"{status.value} {status.phrase}: {why}\n".encode()
        self.send_response(status)
        if status is HTTPStatus.METHOD_NOT_ALLOWED:
            self.send_header("Allow", "GET, HEAD")
        self.send_header("Content-Type", "text/plain; charset=utf-8")
        self.send_header("Content-Length", str(len(body)))
        for header, value in _SAFETY:
            self.send_header(header, value)
        if self.close_connection:
            self.send_header("Connection", "close")
        self.end_headers()
        if self.command != "HEAD":
            self.wfile.write(body)
        self.wfile.flush()

    def version_string(self) -> str:
        return self.server_version

    def log_message(self, format: str, *args: Any) -> None:  # noqa: A002 - the standard library's name
        """Quiet: a venue's phones would flood the arbiter's terminal."""


def accepts_gzip(accept_encoding: str) -> bool:
    """Whether a request's Accept-Encoding accepts gzip (RFC 9110 12.5.3): ``gzip`` or ``x-gzip``
    with a weight above 0, or ``*`` when gzip is not named.

    >>> accepts_gzip("gzip, deflate, br"), accepts_gzip("br;q=1.0, gzip;q=0"), accepts_gzip("*"), accepts_gzip("")
    (True, False, True, False)
    """
    weights: dict[str, float] = {}
    for item in accept_encoding.split(","):
        name, _, parameters = item.partition(";")
        weight = 1.0
        for parameter in parameters.split(";"):
            key, _, value = parameter.partition("=")
            if key.strip().lower() == "q":
                try:
                    weight = float(value.strip())
                except ValueError:
                    weight = 0.0
        weights.setdefault(name.strip().lower(), weight)
    for name in ("gzip", "x-gzip", "*"):
        if name in weights:
            return weights[name] > 0
    return False


def client_of(address: str) -> str:
    """The client a connection's address counts for: an IPv4 address itself, an IPv6 address its
    /64 network (one device has a whole /64 to pick addresses from).

    >>> client_of("192.168.1.20"), client_of("2001:db8:1:2:aaaa::1"), client_of("::ffff:10.0.0.1")
    ('192.168.1.20', '2001:db8:1:2::/64', '10.0.0.1')
    """
    try:
        parsed = ipaddress.ip_address(address.partition("%")[0])
    except ValueError:
        return address
    if isinstance(parsed, ipaddress.IPv6Address):
        if parsed.ipv4_mapped is not None:
            return str(parsed.ipv4_mapped)
        return str(ipaddress.ip_network(f"{parsed}/64", strict=False))
    return str(parsed)


class _Server(ThreadingHTTPServer):
    """One thread per connection: at most :data:`MAX_PER_CLIENT` of one client (an IPv4 address, an
    IPv6 /64: :func:`client_of`), so that one address holding many sockets open does not shut the
    others out, and :data:`MAX_CONNECTIONS` in all. When all are taken, a client holding fewer than
    the client that holds the most is still let in: that client's oldest connection is closed for
    it, so that a few addresses holding their share each cannot shut out everyone else. Over TLS, each connection's handshake is made in its own thread,
    within the idle timeout, so that a slow handshake holds up no one else."""

    daemon_threads = True
    request_queue_size = 64

    def __init__(self, address: tuple[str, int], site: LiveSite, warn: Callable[[str], None],
                 entry: Entry | None = None, tls: ssl.SSLContext | None = None,
                 tick: Callable[[], None] | None = None) -> None:
        self.site = site
        self.warn = warn
        self.entry = entry
        self.tls = tls
        self.tick = tick
        self._count = threading.Lock()
        self._total = 0
        self._clients: dict[str, int] = {}
        self._held: dict[str, list[Any]] = {}  # client -> its connections that may give way, oldest first
        super().__init__(address, _Handler)

    def server_bind(self) -> None:
        """Bind without the standard library's reverse DNS look-up of the host (slow without DNS)."""
        socketserver.TCPServer.server_bind(self)
        self.server_name, self.server_port = str(self.server_address[0]), int(self.server_address[1])

    def bound(self) -> tuple[str, int]:
        """The address and port listened on (the port chosen, for port 0)."""
        host, port = self.socket.getsockname()[:2]
        return str(host), int(port)

    def service_actions(self) -> None:
        """Between requests (at least every half second): ``tick``, whose exception stops the server."""
        super().service_actions()
        if self.tick is not None:
            self.tick()

    def connections(self, client: str | None = None) -> int:
        """The connections served now: of ``client``, or of all."""
        with self._count:
            return self._total if client is None else self._clients.get(client, 0)

    def _take(self, client: str, request: Any) -> bool:
        with self._count:
            held = self._clients.get(client, 0)
            if held >= MAX_PER_CLIENT:
                return False
            if self._total >= MAX_CONNECTIONS and not self._make_way(held):
                return False
            self._total += 1
            self._clients[client] = held + 1
            self._held.setdefault(client, []).append(request)
            return True

    def _make_way(self, held: int) -> bool:
        """The server is full: close the oldest connection of the client holding the most, if it holds
        more than the newcomer would (its thread ends at once and gives its slot back)."""
        top = max(self._held, key=lambda client: len(self._held[client]), default=None)
        if top is None or len(self._held[top]) <= held + 1:
            return False
        oldest = self._held[top].pop(0)
        if not self._held[top]:
            del self._held[top]
        with contextlib.suppress(OSError):
            oldest.shutdown(socket.SHUT_RDWR)
        return True

    def _give(self, client: str, request: Any) -> None:
        with self._count:
            self._total -= 1
            held = self._clients.pop(client) - 1
            if held:
                self._clients[client] = held
            mine = self._held.get(client, [])
            if request in mine:
                mine.remove(request)
            if not mine:
                self._held.pop(client, None)

    def process_request(self, request: Any, client_address: Any) -> None:
        client = client_of(str(client_address[0]))
        if not self._take(client, request):
            self.shutdown_request(request)  # too many at once, of this address or of all: this one is closed
            return
        try:
            super().process_request(request, client_address)
        except BaseException:
            self._give(client, request)
            raise

    def process_request_thread(self, request: Any, client_address: Any) -> None:
        try:
            super().process_request_thread(request, client_address)
        finally:
            self._give(client_of(str(client_address[0])), request)

    def finish_request(self, request: Any, client_address: Any) -> None:
        """Serve one connection (in its own thread); over TLS, after its handshake."""
        if self.tls is None:
            super().finish_request(request, client_address)
            return
        request.settimeout(IDLE_SECONDS)  # the whole handshake: the ssl module's deadline is the timeout
        try:
            secured = self.tls.wrap_socket(request, server_side=True, do_handshake_on_connect=False)
        except (OSError, ValueError):
            return
        try:
            secured.do_handshake()
            super().finish_request(secured, client_address)
        except (ssl.SSLError, OSError, ValueError):
            pass  # not TLS, a certificate the browser refused, or gone: nothing to report
        finally:
            secured.close()

    def handle_error(self, request: Any, client_address: Any) -> None:
        """A connection that broke is nothing to report; anything else is one line, never a traceback."""
        error = sys.exc_info()[1]
        if not isinstance(error, (ConnectionError, TimeoutError)):
            self.warn(f"a request from {client_address[0]} failed: {type(error).__name__}: {error}")


class _Server6(_Server):
    address_family = socket.AF_INET6


def open_server(site: LiveSite, host: str, port: int, warn: Callable[[str], None], *, desk: Desk | None = None,
                gate: Gate | None = None, tls: ssl.SSLContext | None = None,
                tick: Callable[[], None] | None = None) -> _Server:
    """A server of ``site`` listening on ``host``:``port`` (port 0: a free port); with a ``desk`` and
    a ``gate``, result entry too (:mod:`arbiter_cli.web.entry`); over TLS with ``tls``
    (:func:`arbiter_cli.web.tls.tls_context`). ``tick`` is called between requests, at least every
    half second, in the thread that serves; what it raises stops ``serve_forever``."""
    if (desk is None) != (gate is None):
        raise ValueError("result entry needs both a desk and a gate")
    entry = Entry(desk, gate, warn) if desk is not None and gate is not None else None
    try:
        family = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM)[0][0]
    except (socket.gaierror, UnicodeError) as error:
        raise BadArgument(f"no such host: {host} ({error})", field="--host") from None
    except OverflowError:
        raise BadArgument(f"not a port: {port} (0-65535)", field="--port") from None
    try:
        return (_Server6 if family == socket.AF_INET6 else _Server)((host, port), site, warn, entry, tls, tick)
    except OverflowError:
        raise BadArgument(f"not a port: {port} (0-65535)", field="--port") from None
    except OSError as error:
        raise BadArgument(f"cannot listen on {host} port {port}: {error.strerror}", field="--port") from None


def url_of(server: _Server) -> str:
    """The address a browser opens."""
    host, port = server.bound()
    scheme = "https" if server.tls is not None else "http"
    return f"{scheme}://[{host}]:{port}/" if ":" in str(host) else f"{scheme}://{host}:{port}/"
