"""A fake desk and gate in memory, a server of result entry over them in this process, and a client
that keeps its cookies and reads the forms of a page as a browser would: for the tests of result
entry (issue 26), where the folder's own desk and access list are not needed."""

from __future__ import annotations

import http.client
import socket
import ssl
import subprocess
import threading
from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from dataclasses import dataclass, field
from html.parser import HTMLParser
from pathlib import Path
from typing import Any
from urllib.parse import urlencode

from arbiter_cli.core.errors import BadArgument, Refused
from arbiter_cli.core.venue import Clash, Person, Role, Saved, Sheet, SheetBoard
from arbiter_cli.web.server import LiveSite, PageSource, open_server

#: The boards of the fake event's round 1: place -> (White, Black).
BOARDS = {"1": ("Carlsen, Magnus", "Nakamura, Hikaru"), "2": ("<script>alert(1)</script>", "Abc\u202eDEF"),
          "3": ("Ünal, Zoë & Co", "O'Brien, \"Pat\"")}
#: The codes of the access list: code -> person.
CODES = {"code-owner-0123456789": Person("Olga Owner", Role.OWNER),
         "code-manager-0123456789": Person("Mia Manager", Role.MANAGER),
         "code-arbiter-0123456789": Person("Ali Arbiter", Role.ARBITER),
         "code-deputy-0123456789": Person("Dana Deputy", Role.ARBITER)}


#: What the fake event's forfeits do: its no-show rule withdraws a forfeit's loser (the real one's
#: ``no_show_rule = "federation"``: one no-show without notice), so a forfeit is saved only with
#: ``confirm`` (withdrawn, and said) or ``excused`` (the loser gave notice: no withdrawal), as
#: ``arbiter result`` asks them.
FORFEIT_LOSERS = {"+/-": (1,), "-/+": (0,), "-/-": (0, 1)}


@dataclass
class FakeDesk:
    """One round of three boards, saved compare-and-set and all or nothing, with a journal; a
    forfeit needs ``confirm`` or ``excused`` (:data:`FORFEIT_LOSERS`)."""

    results: dict[str, str] = field(default_factory=lambda: {place: "" for place in BOARDS})
    finalised: bool = False
    corrections: bool = True  # False: once finalised, no correction at all (a knockout)
    journal: list[tuple[str, str, str, str]] = field(default_factory=list)  # (by, place, old, new)
    withdrawn: list[str] = field(default_factory=list)
    asked: list[tuple[bool, bool]] = field(default_factory=list)  # (confirm, excused) of each save
    finalised_by: list[str] = field(default_factory=list)
    saves: int = 0
    lock: threading.Lock = field(default_factory=threading.Lock)

    def sheet(self, round_number: int | None) -> Sheet:
        if round_number not in (None, 1):  # as the real desk says it, its parameter named
            raise BadArgument(f"there is no round {round_number}; rounds 1 to 1 are paired", field="round_number")
        boards = tuple(SheetBoard(place, f"Board {place}", white, black, self.results[place])
                       for place, (white, black) in BOARDS.items())
        return Sheet(1, (1,), boards, self.finalised, "Test <Open>", self.corrections)

    def save(self, person: Person, round_number: int, changes: Mapping[str, tuple[str, str]], *,
             confirm: bool = False, excused: bool = False) -> Saved:
        with self.lock:
            self.saves += 1
            self.asked.append((confirm, excused))
            if round_number != 1:  # as the real desk: the sheet's refusal, its message
                return Saved(refused=f"there is no round {round_number}; rounds 1 to 1 are paired")
            unknown = [place for place in changes if place not in self.results]
            if unknown:
                return Saved(refused=f"no board {unknown[0]} in round {round_number}")
            if self.finalised and not person.role.may_finalise:
                return Saved(refused="the event is finalised: only the owner or a manager corrects it")
            clashes = tuple(Clash(place, f"Board {place}", self.results[place], chosen)
                            for place, (seen, chosen) in changes.items() if self.results[place] != seen)
            if clashes:
                return Saved(clashes=clashes)
            losers = [BOARDS[place][side] for place, (_, chosen) in changes.items()
                      for side in FORFEIT_LOSERS.get(chosen, ())]
            if losers and not excused and not confirm:
                return Saved(refused=f"this forfeit withdraws {'; '.join(losers)}: 1 no-show without notice. Nothing "
                                     "was saved: give --confirm to record it and withdraw, or --excused if notice "
                                     "was given", needs=("confirm", "excused"))
            for place, (seen, chosen) in changes.items():
                self.journal.append((person.name, place, seen, chosen))
                self.results[place] = chosen
            notes = () if excused else tuple(f"{loser} withdrawn after round 1: 1 no-show without notice"
                                              for loser in losers)
            self.withdrawn += [] if excused else losers
            return Saved(saved=tuple(changes), notes=notes)

    def finalise(self, person: Person) -> str:
        if not person.role.may_finalise:
            raise Refused("only the owner or a manager finalises")  # the real desk refuses too
        self.finalised = True
        self.finalised_by.append(person.name)
        return "finalised: the final standings are stored"


@dataclass
class FakeGate:
    """The access list: a code lets its person in until it is removed."""

    codes: dict[str, Person] = field(default_factory=lambda: dict(CODES))

    def sign_in(self, code: str) -> Person | None:
        return self.codes.get(code)


@dataclass
class Venue:
    """A server of result entry over a fake desk and gate, its address, and what it warned."""

    desk: Any  # a FakeDesk, or a folder's own desk
    gate: FakeGate
    host: str
    port: int
    warned: list[str]


SITE = {"index.html": b"<!DOCTYPE html><title>The event</title><p>The event's pages." + b" " * 2000,
        "style.css": b"body { margin: 0 }\n" * 40}


@contextmanager
def venue(desk: Any = None, pages: PageSource = lambda: SITE, **options: object) -> Iterator[Venue]:
    """Serve result entry over a desk (a new fake one by default) and a new fake gate, and these
    pages, on 127.0.0.1 (any free port)."""
    desk, gate, warned = desk or FakeDesk(), FakeGate(), []
    site = LiveSite(pages, lambda: 1, warned.append)
    site.build()
    server = open_server(site, "127.0.0.1", 0, warned.append, desk=desk, gate=gate, **options)  # type: ignore[arg-type]
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        host, port = server.bound()
        yield Venue(desk, gate, host, port, warned)
    finally:
        server.shutdown()
        server.server_close()


@dataclass
class Answer:
    status: int
    headers: http.client.HTTPMessage
    text: str

    def header(self, name: str) -> str:
        return self.headers.get(name, "")


class Client:
    """A browser without a script: it keeps the cookies the server sets and sends them back, and
    sends the Origin a browser sends with a form (``origin=None``: none)."""

    def __init__(self, where: Venue, source: str = "127.0.0.1", tls: ssl.SSLContext | None = None) -> None:
        self.where, self.source, self.tls = where, source, tls
        self.cookies: dict[str, str] = {}
        self.origin: str | None = f"{'https' if tls else 'http'}://{where.host}:{where.port}"

    def request(self, method: str, target: str, body: bytes | None = None,
                headers: Mapping[str, str] | None = None) -> Answer:
        connection = (http.client.HTTPSConnection(self.where.host, self.where.port, timeout=30,
                                                  source_address=(self.source, 0), context=self.tls)
                      if self.tls else http.client.HTTPConnection(self.where.host, self.where.port, timeout=30,
                                                                  source_address=(self.source, 0)))
        sent = dict(headers or {})
        if self.cookies:
            sent.setdefault("Cookie", "; ".join(f"{name}={value}" for name, value in self.cookies.items()))
        connection.request(method, target, body=body, headers=sent)
        response = connection.getresponse()
        text = response.read().decode()
        for cookie in response.headers.get_all("Set-Cookie") or []:
            name, _, rest = cookie.partition("=")
            value = rest.partition(";")[0]
            if "Max-Age=0" in cookie or ("; Secure" in cookie and not self.tls):
                self.cookies.pop(name, None)
            else:
                self.cookies[name] = value
        connection.close()
        return Answer(response.status, response.headers, text)

    def get(self, target: str) -> Answer:
        return self.request("GET", target)

    def post(self, target: str, fields: Mapping[str, str], headers: Mapping[str, str] | None = None) -> Answer:
        sent = {"Content-Type": "application/x-www-form-urlencoded"}
        if self.origin is not None:
            sent["Origin"] = self.origin
        sent.update(headers or {})
        return self.request("POST", target, urlencode(fields).encode(), sent)

    def sign_in(self, code: str) -> Answer:
        """Open the sign-in link, then follow it to the sheet."""
        answer = self.get(f"/signin?code={code}")
        assert answer.status == 303, answer
        return self.get(answer.header("Location"))


class _Forms(HTMLParser):
    """The fields of every form of a page, as a browser would send them: action -> {name: value}."""

    def __init__(self) -> None:
        super().__init__()
        self.forms: dict[str, dict[str, str]] = {}
        self._form: dict[str, str] | None = None
        self._select: str | None = None
        self.disabled: set[str] = set()

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        found = {key: value or "" for key, value in attrs}
        if tag == "form":
            self._form = self.forms.setdefault(found.get("action", ""), {})
        elif tag == "input" and self._form is not None and "name" in found:
            box = found.get("type") in ("checkbox", "radio")
            if box and "checked" not in found:
                return  # a box not ticked is not sent
            self._form[found["name"]] = found.get("value", "on" if box else "")
        elif tag == "select" and self._form is not None:
            self._select = found["name"]
            if "disabled" in found:
                self.disabled.add(found["name"])
        elif tag == "option" and self._select is not None and self._form is not None and "selected" in found:
            self._form[self._select] = found["value"]

    def handle_endtag(self, tag: str) -> None:
        if tag == "form":
            self._form = None
        elif tag == "select":
            self._select = None


def forms(page: str) -> dict[str, dict[str, str]]:
    """The forms of a page: action -> the fields a browser would send (the selected options)."""
    parser = _Forms()
    parser.feed(page)
    return parser.forms


def disabled(page: str) -> set[str]:
    parser = _Forms()
    parser.feed(page)
    return parser.disabled


def self_signed(folder: Path, kind: str = "ec") -> tuple[Path, Path]:
    """A self-signed certificate for 127.0.0.1 and localhost, and its key, made by openssl: an EC key
    (P-256), or of another ``kind`` (``ed25519``)."""
    cert, key = folder / "cert.pem", folder / "key.pem"
    new_key = ["-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1"] if kind == "ec" else ["-newkey", kind]
    subprocess.run(["openssl", "req", "-x509", *new_key, "-nodes",
                    "-days", "2", "-subj", "/CN=localhost", "-addext", "subjectAltName=IP:127.0.0.1,DNS:localhost",
                    "-keyout", str(key), "-out", str(cert)], check=True, capture_output=True, timeout=60)
    return cert, key


def trusting(cert: Path) -> ssl.SSLContext:
    """A client's TLS context that trusts this certificate only."""
    return ssl.create_default_context(cafile=str(cert))
